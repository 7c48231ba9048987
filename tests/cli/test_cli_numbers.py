"""Nonsense numbers (and empty names) on the command line are usage errors: exit 2,
the option named (issue 8, item 9, the command-line part)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

import pytest

from nainjaune_rules.cli.common import bounded_int, worker_count

# Each of these ran (a game with --players 0, a simulation with --workers -1 or
# a table padded to a hundred million columns) or did something odd before.
NONSENSE = [
    (("play", "fr-sheet", "--players", "0"), "--players"),
    (("play", "fr-sheet", "--players", "-3"), "--players"),
    (("play", "fr-sheet", "--players", "100000"), "--players"),
    (("play", "fr-sheet", "--max-deals", "-1"), "--max-deals"),
    (("play", "fr-sheet", "--max-deals", "0"), "--max-deals"),
    (("play", "fr-sheet", "--deals", "-2"), "--deals"),
    (("play", "fr-sheet", "--dealer", "-1"), "--dealer"),
    (("play", "fr-sheet", "--players", "9" * 30), "--players"),
    (("play", "fr-sheet", "--seats", ",,"), "--seats"),
    (("play", "fr-sheet", "--out", ""), "--out"),  # printed the game instead
    (("play", "fr-sheet", "--deck", " "), "--deck"),  # shuffled instead
    (("simulate", "fr-sheet", "--workers", "-1"), "--workers"),
    (("simulate", "fr-sheet", "--workers", "0"), "--workers"),
    (("simulate", "fr-sheet", "--workers", "100000"), "--workers"),
    (("simulate", "fr-sheet", "--games", "0"), "--games"),
    (("simulate", "fr-sheet", "--games", "-5"), "--games"),
    (("simulate", "fr-sheet", "--players", "0"), "--players"),
    (("simulate", "fr-sheet", "--max-deals", "-1"), "--max-deals"),
    (("compare", "fr-sheet", "1760", "--width", "0"), "--width"),
    (("compare", "fr-sheet", "1760", "--width", "-5"), "--width"),
    (("compare", "fr-sheet", "1760", "--width", "100000000"), "--width"),
    (("diff", "fr-sheet", "1760", "--width", "0"), "--width"),
    (("diff", "fr-sheet", "1760", "--width", "100000000"), "--width"),
]


@pytest.mark.timeout(60)
@pytest.mark.parametrize(("args", "option"), NONSENSE, ids=[" ".join(a) for a, _ in NONSENSE])
def test_nonsense_numbers_are_usage_errors(args: tuple[str, ...], option: str) -> None:
    out = subprocess.run([sys.executable, "-m", "nainjaune_rules", *args],
                         capture_output=True, text=True, timeout=50)
    assert out.returncode == 2, out.stderr
    assert out.stdout == ""
    message = out.stderr.strip().splitlines()[-1]
    assert f"argument {option}:" in message, out.stderr
    assert "Traceback" not in out.stderr and "internal error" not in out.stderr


def test_a_huge_terminal_width_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from nainjaune_rules.cli.compare import terminal_width

    monkeypatch.setenv("COLUMNS", "100000000")
    assert terminal_width(None) == 1000
    monkeypatch.setenv("COLUMNS", "3")
    assert terminal_width(None) == 60
    assert terminal_width(80) == 80


def test_bounded_int_takes_its_bounds_and_refuses_beyond() -> None:
    players = bounded_int(2, 52)
    assert players("2") == 2 and players(" 52 ") == 52 and players("+7") == 7
    for text in ("1", "53", "-2", "", "2.5", "1e3", "four", "0x10", "9" * 5000):
        with pytest.raises(argparse.ArgumentTypeError):
            players(text)


def test_workers_auto_is_one_per_core() -> None:
    workers = worker_count(256)
    assert workers("auto") == min(256, os.cpu_count() or 1)
    assert workers("3") == 3
    with pytest.raises(argparse.ArgumentTypeError, match="or auto"):
        workers("0")
