"""The human seat in a pseudo-terminal (pexpect): announcements, help, hint, colour, a whole game.

The game is the one of issue 14 (see ``human_keys``): at the first prompt the run
needs a queen and the human holds Q♣ and Q♠, whose box holds 12 tokens.
"""

from __future__ import annotations

import subprocess
import sys

import pexpect
import pytest
from human_keys import (
    CONFIRM,
    ENTER,
    ESCAPE,
    GAME,
    PROMPT,
    announcing,
    offered,
    play_by_keys,
    spawn,
)

STRICT = ["play", "fr-sheet", "--seats", "human:strict,lowest,lowest,lowest", "--seed", "3"]


def first_prompt(child: pexpect.spawn) -> str:
    child.expect(PROMPT)
    return str(child.before)


def test_the_moves_say_what_the_announcement_is_worth() -> None:
    child = spawn()
    shown = first_prompt(child)
    child.close(force=True)
    assert offered(shown) == ["QC", "QS!", "QS"]
    assert 'QS!  Q♠ dame, announced: "dame qui prend" — takes its box (12 tokens)' in shown
    assert "QS   Q♠ dame, without announcing — forfeits the box (12 tokens)" in shown
    # the others' card counts and balances: seats 1, 2, 3 after their first runs
    assert "seat 1: 8 cards, 35 tokens; seat 2: 9 cards, 35 tokens" in shown


def test_a_bare_code_with_an_announcement_asks_first() -> None:
    child = spawn()
    first_prompt(child)
    child.sendline("QS")
    child.expect(r"play QS without announcing\? you would forfeit the box \(12 tokens\) ")
    child.expect(CONFIRM)
    child.sendline("")  # the default is no
    child.expect("not played: type QS! to play it announced")
    child.expect(PROMPT)
    child.sendline("QS!")
    child.expect(r"seat 0 \(human\): dame qui prend \(12\)")
    child.expect(PROMPT)
    assert "you: 47 tokens" in child.before  # 35 + the 12 of the box
    # after QS! the human must play on with K♠; the king ends the run and the human leads:
    # from A♣ the run goes on with 2♦ from the same hand, which holds no 3
    child.sendline("hint")
    child.expect(PROMPT)
    assert ("the greedy bot would type AC: it starts the run you can carry furthest from your"
            " own hand (AC 2D)") in child.before
    child.close(force=True)


def test_confirming_forgets_the_announcement() -> None:
    child = spawn()
    first_prompt(child)
    child.sendline("QS")
    child.expect(CONFIRM)
    child.sendline("y")
    child.expect(r"dame \(announcement forgotten: forfeits the box\)")
    child.close(force=True)


def test_strict_seat_forgets_without_asking() -> None:
    child = spawn(STRICT)
    first_prompt(child)
    child.sendline("QS")
    index = child.expect([CONFIRM, r"dame \(announcement forgotten: forfeits the box\)"])
    child.close(force=True)
    assert index == 1


def test_help_and_hint_answer() -> None:
    child = spawn()
    first_prompt(child)
    child.sendline("?")
    child.expect(PROMPT)
    helped = child.before
    assert "hint          what the greedy bot would play" in helped
    assert "the run needs a Q, any suit" in helped
    assert "you hold Q♠: type QS! to announce it (takes its box (12 tokens)" in helped
    child.sendline("hint")
    child.expect(PROMPT)
    assert "hint: the greedy bot would type QS!: it continues the run and takes the QS box " \
           "(12 tokens)" in child.before
    for command, expected in [("help", "commands:"), ("rules", "Each player starts with 50"),
                              ("hand", "your hand: A♣ A♠"), ("board", "board: "),
                              ("history", "seat 3: 10, valet — sans dame")]:
        child.sendline(command)
        child.expect(PROMPT)
        assert expected in child.before, command
    child.close(force=True)


def test_colour_on_a_terminal_and_none_with_no_color() -> None:
    child = spawn()
    coloured = first_prompt(child)
    child.close(force=True)
    assert "\x1b[31mK♥\x1b[0m" in coloured and "Q♠" in coloured
    child = spawn(no_color=True)
    _, plain = play_by_keys(child, announcing)  # the whole game, prompts and all
    assert ESCAPE not in plain
    assert "board: 10D 4 · JC 8 · QS 12 · KH 16 · 7D 20" in plain


def test_no_escape_codes_when_output_is_not_a_terminal() -> None:
    out = subprocess.run([sys.executable, "-m", "nainjaune_rules", *GAME], input="QS!\n",
                         capture_output=True, text=True, timeout=120)
    assert ESCAPE not in out.stdout
    assert "your hand: AC AS 2D 2H" in out.stdout and "dame qui prend (12)" in out.stdout
    assert 'QS!  QS dame, announced: "dame qui prend"' in out.stdout  # plain codes, no ♠


def test_a_whole_game_played_by_keystrokes() -> None:
    child = spawn()
    typed, shown = play_by_keys(child, announcing)
    assert child.exitstatus == 0
    assert typed[0] == "QS!"
    assert "--- end of deal 1: the settlement, line by line ---" in shown
    assert "Game over:" in shown and "--- the game is over after" in shown
    assert "Traceback" not in shown


def test_end_of_input_abandons_the_game_with_exit_1() -> None:
    child = spawn()
    first_prompt(child)
    child.sendeof()
    child.expect("end of input: the game is abandoned")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert "Traceback" not in (child.before or "")


def test_end_of_input_at_the_end_of_a_deal_abandons_too() -> None:
    child = spawn()
    while child.expect([PROMPT, ENTER]) == 0:
        entries = offered(child.before)
        child.sendline(entries[0])
    child.sendeof()
    child.expect("end of input: the game is abandoned")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


@pytest.mark.parametrize("close", [
    'exec "$0" -m nainjaune_rules "$@" <&-',  # started with no stdin at all
    'exec "$0" -c "import os, runpy; os.close(0); runpy.run_module(\'nainjaune_rules\', '
    'run_name=\'__main__\')" "$@"',  # stdin closed under the running program
])
def test_closed_stdin_abandons_the_game_with_exit_1(close: str) -> None:
    out = subprocess.run(["sh", "-c", close, sys.executable, *GAME], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 1, out.stderr
    assert "the game is abandoned" in out.stderr
    assert "Traceback" not in out.stderr and "internal error" not in out.stderr


def test_readline_gives_line_editing_on_a_terminal() -> None:
    # Ctrl-A goes to the start of the line: "S!" typed, then the Q put in front of it
    child = spawn()
    first_prompt(child)
    child.send("S!")
    child.expect_exact("S!")  # readline has taken (and echoed) them: no fixed pause
    child.send("\x01Q\r")
    child.expect(r"dame qui prend \(12\)")
    child.close(force=True)
