"""One unreadable or invalid entry in ``rules/`` is that entry's problem only: ``list``
reports it, ``play fr-sheet`` and the site build still work (issue 8, item 8).

The end-to-end tests run a temporary copy of the checkout (package, grammar,
rules, site), since the rules folder is found next to the package.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from nainjaune_rules.syntax import resources

ROOT = Path(__file__).resolve().parents[2]
GOOD = resources.builtin_rulesets()  # the checkout's own, all valid (tests/language)


def _spoil(rules: Path) -> dict[str, str]:
    """Add one bad entry of each kind; their names and what the reason must say."""
    (rules / "bad-bytes.nj").write_bytes(b'ruleset bad-bytes\ntitle "caf\xe9"\n')
    (rules / "folder.nj").mkdir()
    (rules / "dangling.nj").symlink_to(rules / "nowhere.nj")
    os.mkfifo(rules / "house" / "pipe.nj")
    (rules / "house" / "broken.nj").write_text("ruleset broken\n!!! what\n", encoding="utf-8")
    return {
        "bad-bytes": "bad-bytes.nj:",  # the loader's diagnostic for the file
        "folder": "folder",
        "dangling": "does not exist",
        "house/pipe": "not a file",
        "house/broken": "house/broken.nj:2:",
    }


# In process: the scan of the rules folder, one bad entry at a time.

@pytest.mark.timeout(30)
@pytest.mark.parametrize("bad", ["bad-bytes", "folder", "dangling", "house/pipe"])
def test_the_scan_sets_one_bad_entry_aside(bad: str, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    rules = tmp_path / "rules"
    shutil.copytree(ROOT / "rules", rules)
    expected = _spoil(rules)
    for name in expected:  # keep only the entry under test
        if name != bad:
            entry = rules / f"{name}.nj"
            entry.rmdir() if entry.is_dir() and not entry.is_symlink() else entry.unlink()
    monkeypatch.setattr(resources, "rules_dir", lambda: rules)
    folder = resources.scan_rules_folder()
    if bad == "bad-bytes":  # a ruleset all the same: compiling it reports the byte
        assert sorted(folder.names) == sorted([*GOOD, bad]) and folder.unreadable == []
    else:
        assert folder.names == GOOD
        assert [u.name for u in folder.unreadable] == [bad]
        assert expected[bad] in folder.unreadable[0].reason
    assert resources.builtin_rulesets() == folder.names


def test_list_escapes_a_hostile_entry_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    from nainjaune_rules.cli.main import main

    rules = tmp_path / "rules"
    shutil.copytree(ROOT / "rules", rules)
    (rules / "\x1b[2J\u202e.nj").mkdir()  # clears the screen, then flips the text
    monkeypatch.setattr(resources, "rules_dir", lambda: rules)
    assert main(["list"]) == 0
    out, err = capsys.readouterr()
    row = next(line for line in out.splitlines() if line.startswith("\\x1b[2J\\u202e "))
    assert "(invalid" in row and "\\x1b[2J\\u202e is invalid" in err
    assert "\x1b" not in out + err and "\u202e" not in out + err


# End to end, on a spoiled copy of the checkout.

@pytest.fixture(scope="module")
def spoiled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    copy = tmp_path_factory.mktemp("checkout")
    skip = shutil.ignore_patterns("__pycache__", "_data")
    for part in ("nainjaune_rules", "grammar", "rules", "site", "theme"):
        shutil.copytree(ROOT / part, copy / part, ignore=skip)
    shutil.copy(ROOT / "mkdocs.yml", copy / "mkdocs.yml")
    where = subprocess.run(
        [sys.executable, "-c", "from nainjaune_rules.syntax import resources as r; "
                               "print(r.rules_dir())"],
        cwd=copy, env=_env(copy), capture_output=True, text=True, timeout=60)
    assert where.stdout.strip() == str(copy / "rules"), where.stderr  # the copy is what runs
    return copy, _spoil(copy / "rules")


def _env(copy: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(copy), "NO_MKDOCS_2_WARNING": "1"}


def run_in(copy: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m ARGS`` with the copy's package first on the path."""
    return subprocess.run([sys.executable, "-m", *args], cwd=copy, env=_env(copy),
                          capture_output=True, text=True, timeout=240)


@pytest.mark.timeout(120)
def test_list_shows_the_bad_entries_as_invalid(spoiled: tuple[Path, dict[str, str]]) -> None:
    copy, expected = spoiled
    out = run_in(copy, "nainjaune_rules", "list")
    assert out.returncode == 0, out.stderr
    rows = {line.split()[0]: line for line in out.stdout.splitlines()[1:]}
    assert sorted(rows) == sorted([*GOOD, *expected])
    assert "Modern French rules sheet" in rows["fr-sheet"]
    warnings = out.stderr.strip().splitlines()
    for name, reason in expected.items():
        assert "(invalid" in rows[name]
        assert any(f"warning: {name} is invalid: " in w and reason in w for w in warnings), (
            name, out.stderr)
    assert "internal error" not in out.stderr


@pytest.mark.timeout(120)
def test_the_good_rulesets_still_play_and_check(spoiled: tuple[Path, dict[str, str]]) -> None:
    copy, _ = spoiled
    play = run_in(copy, "nainjaune_rules", "play", "fr-sheet", "--deals", "1")
    assert play.returncode == 0, play.stderr
    assert play.stdout.startswith("Nain Jaune — fr-sheet")
    check = run_in(copy, "nainjaune_rules", "check", "house/1902-per-card")
    assert check.returncode == 0, check.stdout + check.stderr


@pytest.mark.timeout(300)
def test_the_site_is_built_without_the_bad_entries(spoiled: tuple[Path, dict[str, str]]
                                                   ) -> None:
    copy, expected = spoiled
    site = copy / "_site"
    out = run_in(copy, "mkdocs", "build", "--site-dir", str(site))
    assert out.returncode == 0, out.stderr
    for name in GOOD:
        assert (site / "rulesets" / f"{name}.html").is_file(), name
    for name in expected:
        assert not (site / "rulesets" / f"{name}.html").exists(), name
        assert f"{name}" in out.stderr and "left out of the site" in out.stderr
