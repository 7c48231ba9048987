"""``play --deck FILE``: the file is untrusted; anything but a small UTF-8 regular file is
refused with exit 1 and a located message, never a hang or a traceback (issue 8)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from nainjaune_rules.core.cards import FULL_DECK
from nainjaune_rules.records.deckfile import MAX_DECK_FILE_BYTES

CODES = [c.code for c in FULL_DECK]


def play_with_deck(deck: Path | str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "nainjaune_rules", "play", "fr-sheet", "--deals", "1",
         "--deck", str(deck)],
        capture_output=True, text=True, timeout=50)


def assert_refused(out: subprocess.CompletedProcess[str], *words: str) -> None:
    assert out.returncode == 1, out.stderr
    assert "Traceback" not in out.stderr and "internal error" not in out.stderr
    for word in words:
        assert word in out.stderr, out.stderr


@pytest.mark.timeout(60)
@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero on this system")
def test_an_endless_device_is_refused() -> None:
    assert_refused(play_with_deck("/dev/zero"), "/dev/zero", "not a regular file")


@pytest.mark.timeout(60)
def test_a_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "decks.fifo"
    os.mkfifo(fifo)
    assert_refused(play_with_deck(fifo), str(fifo), "not a regular file")


def test_a_folder_is_refused(tmp_path: Path) -> None:
    assert_refused(play_with_deck(tmp_path), str(tmp_path), "it is a folder")


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    assert_refused(play_with_deck(tmp_path / "nope.txt"), "No such file or directory")


def test_bad_utf8_is_located(tmp_path: Path) -> None:
    deck = tmp_path / "decks.txt"
    deck.write_bytes(b"# decks\nAC 2C \xff 3C\n")
    assert_refused(play_with_deck(deck), f"{deck}:2:7: byte 0xff is not UTF-8 text", "hint:")


def test_a_file_larger_than_the_bound_is_refused_before_parsing(tmp_path: Path) -> None:
    deck = tmp_path / "decks.txt"
    deck.write_text(" ".join(CODES) + "\n" + "#" * MAX_DECK_FILE_BYTES, encoding="utf-8")
    out = play_with_deck(deck)
    assert_refused(out, "larger than 1,000,000 bytes")
    assert len(out.stderr) < 300


def test_control_characters_of_a_bad_code_are_shown_escaped(tmp_path: Path) -> None:
    deck = tmp_path / "decks.txt"
    deck.write_text("AC \x1b[2J\u202eZZ 2C\n", encoding="utf-8")
    out = play_with_deck(deck)
    assert_refused(out, f"{deck}:1:4: '\\x1b[2J\\u202eZZ' is not a card code")
    assert "\x1b" not in out.stderr and "\u202e" not in out.stderr


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    deck = tmp_path / "decks.txt"
    deck.write_text("\ufeff" + " ".join(CODES) + "\n", encoding="utf-8")
    out = play_with_deck(deck)
    assert out.returncode == 0, out.stderr
