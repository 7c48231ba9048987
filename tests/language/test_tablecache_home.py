"""The parser cache is not made under a home that does not exist (issue 20, cosmetic):
``HOME=/nonexistent`` (the home of service accounts) means no cache, not a made-up home."""

from __future__ import annotations

from pathlib import Path

import pytest

from nainjaune_rules.syntax.tablecache import FOLDER_NAME, parser_cache_file


def test_a_home_that_does_not_exist_gets_no_cache(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "nonexistent"
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(home))
    assert parser_cache_file("grammar") is None
    assert not home.exists()


def test_a_cache_home_in_a_missing_folder_gets_no_cache(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "missing" / "cache"))
    assert parser_cache_file("grammar") is None
    assert not (tmp_path / "missing").exists()


def test_an_existing_home_gets_its_cache_folder_made(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    name = parser_cache_file("grammar")
    assert name is not None and Path(name).parent == tmp_path / ".cache" / FOLDER_NAME
    assert (tmp_path / ".cache").stat().st_mode & 0o777 == 0o700
