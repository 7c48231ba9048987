"""The human seat in a real terminal emulator (tmux): skipped where tmux is not installed.

``fixtures/tmux-game.txt`` is one whole game played there by keystrokes (see
``record_tmux_game.py``); playing the same keystrokes again must give the same
screen, line for line.  After an intended change of what the seat shows,
record it again with ``python tests/human/record_tmux_game.py`` and review the diff.
"""

from __future__ import annotations

import shutil

import pytest
from human_keys import CONFIRM, PROMPT, Tmux
from record_tmux_game import FIXTURE, record

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def test_announcing_help_and_hint_in_tmux() -> None:
    tmux = Tmux()
    try:
        assert tmux.wait([PROMPT]) == 0
        assert "\x1b" not in tmux.screen()  # capture-pane gives the text the player reads
        assert "your hand: A♣ A♠ 2♦ 2♥" in tmux.screen()
        tmux.type("QS")
        assert tmux.wait([PROMPT, CONFIRM]) == 1
        tmux.type("n")
        assert tmux.wait([PROMPT]) == 0
        tmux.type("hint")
        assert tmux.wait([PROMPT]) == 0
        assert "the greedy bot would type QS!" in tmux.screen()
        tmux.type("QS!")
        assert tmux.wait([PROMPT]) == 0
        assert "seat 0 (human): dame qui prend (12)" in tmux.screen()
        tmux.type("help")
        assert tmux.wait([PROMPT]) == 0
        assert "commands:" in tmux.screen()
        tmux.type("quit")
        assert tmux.wait([PROMPT]) == -1
        assert tmux.status() == 1
    finally:
        tmux.close()


def test_the_recorded_game_is_played_again_keystroke_for_keystroke() -> None:
    recorded = FIXTURE.read_text(encoding="utf-8")
    again = record()
    assert again.splitlines() == recorded.splitlines()
    assert "exit status 0" in recorded and "--- the game is over after 3 deals" in recorded


def test_a_narrow_terminal_gets_lines_folded_at_words() -> None:
    # 50 columns: capture-pane -J joins the lines the terminal itself wrapped, so a line
    # longer than 50 on this screen is one the seat let the terminal cut (mid-word, issue 26)
    tmux = Tmux(width=50)
    try:
        assert tmux.wait([PROMPT]) == 0
        tmux.type("help")
        assert tmux.wait([PROMPT]) == 0
        lines = tmux.screen(everything=True).splitlines()
        assert any("your hand:" in line for line in lines)
        too_long = [line for line in lines if len(line) > 50]
        assert not too_long, too_long
        tmux.type("quit")
        assert tmux.wait([PROMPT]) == -1
    finally:
        tmux.close()
