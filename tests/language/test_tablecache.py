"""The parser tables are cached only in a private user folder, never in the shared temp folder."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from language_support import REPO

from nainjaune_rules.syntax.tablecache import FOLDER_NAME, parser_cache_file

_BUILD = ("from nainjaune_rules.syntax.parser import ruleset_parser, parse_text; "
          "from nainjaune_rules.core.diagnostics import SourceText; ruleset_parser(); "
          "print(parse_text(SourceText('x', 'ruleset x\\n'))[1])")


def _build_in_a_child(tmp: Path, cache: Path) -> subprocess.CompletedProcess[str]:
    env = {"TMPDIR": str(tmp), "XDG_CACHE_HOME": str(cache), "HOME": str(cache),
           "PATH": "/usr/bin:/bin"}
    # run from the checkout, so that "-c" imports this checkout's package
    return subprocess.run([sys.executable, "-c", _BUILD], env=env, capture_output=True,
                          text=True, timeout=120, cwd=REPO)


def test_tables_go_to_a_private_user_folder_and_nothing_to_the_temp_folder(
        tmp_path: Path) -> None:
    tmp, cache = tmp_path / "tmp", tmp_path / "cache"
    tmp.mkdir()
    for _ in range(2):  # the second run loads what the first wrote
        done = _build_in_a_child(tmp, cache)
        assert done.returncode == 0 and done.stdout.strip() == "[]", done.stderr
        assert done.stderr == ""
    assert list(tmp.iterdir()) == []
    folder = cache / FOLDER_NAME
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    (table,) = folder.iterdir()
    assert table.name.startswith("lark-") and table.stat().st_uid == os.getuid()
    assert stat.S_IMODE(table.stat().st_mode) == 0o600


def test_a_table_written_under_a_loose_umask_is_sealed_and_used(tmp_path: Path) -> None:
    tmp, cache = tmp_path / "tmp", tmp_path / "cache"
    tmp.mkdir()
    old = os.umask(0o002)  # group-writable files by default, as on many desktops
    try:
        assert _build_in_a_child(tmp, cache).returncode == 0
    finally:
        os.umask(old)
    (table,) = (cache / FOLDER_NAME).iterdir()
    assert stat.S_IMODE(table.stat().st_mode) == 0o600
    written = table.stat().st_mtime_ns
    assert _build_in_a_child(tmp, cache).returncode == 0
    assert table.stat().st_mtime_ns == written  # loaded, not rebuilt and written again


def _use(monkeypatch: pytest.MonkeyPatch, cache: Path) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    folder = cache / FOLDER_NAME
    folder.mkdir(parents=True, mode=0o700)
    return folder


def test_a_table_file_others_may_write_is_not_used(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _use(monkeypatch, tmp_path)
    name = parser_cache_file("grammar")
    assert name is not None and Path(name).parent == folder
    Path(name).write_bytes(b"planted")
    os.chmod(name, 0o666)
    assert parser_cache_file("grammar") is None
    os.chmod(name, 0o644)
    assert parser_cache_file("grammar") == name


def test_a_symbolic_link_in_place_of_the_table_or_the_folder_is_not_used(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _use(monkeypatch, tmp_path / "a")
    name = parser_cache_file("grammar")
    assert name is not None
    os.symlink(tmp_path / "elsewhere.pickle", name)
    assert parser_cache_file("grammar") is None
    other = tmp_path / "b"
    other.mkdir()
    os.symlink(folder, other / FOLDER_NAME)
    monkeypatch.setenv("XDG_CACHE_HOME", str(other))
    assert parser_cache_file("grammar") is None


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="giving a file to another user needs root")
def test_a_table_or_folder_owned_by_someone_else_is_not_used(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _use(monkeypatch, tmp_path)
    name = parser_cache_file("grammar")
    assert name is not None
    Path(name).write_bytes(b"planted")
    os.chown(name, 12345, -1)
    assert parser_cache_file("grammar") is None
    os.chown(name, os.getuid(), -1)
    os.chown(folder, 12345, -1)
    assert parser_cache_file("grammar") is None


def test_an_open_folder_of_ours_is_closed_to_others(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _use(monkeypatch, tmp_path)
    os.chmod(folder, 0o777)
    assert parser_cache_file("grammar") is not None
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700


def test_a_relative_cache_home_falls_back_to_the_home_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")
    monkeypatch.setenv("HOME", str(tmp_path))
    name = parser_cache_file("grammar")
    assert name is not None and Path(name).parent == tmp_path / ".cache" / FOLDER_NAME
