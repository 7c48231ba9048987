"""The human seat, driven through a pseudo-terminal with pexpect.

The deck is the fr-sheet king-restart scenario's (tests/scenarios/fr-sheet-04): the human
sits at seat 1 and leads.  Typing the first move offered each time, the human plays
2C..6C ("sans 7": the 7s are in the talon), leads again once nobody continues, plays
8C 9C 10C, then JC *without* its words, confirmed when the seat asks (a forgotten
announcement: the box stays), QC, KC, and after the king leads 8D, the last card: the
whole deal is played from the keyboard.  Forced moves (one legal move) are played
without asking.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pexpect
import pytest

from nainjaune_rules.core.cards import parse_card

HANDS = {
    1: "2C 3C 4C 5C 6C 8C 8D 9C 10C JC QC KC",
    2: "AC AD 2D 3D 4D 5D 6D 9D 10D JD QD KD",
    3: "AH 2H 3H 4H 5H 6H 8H 9H 10H JH QH QS",
    0: "AS 2S 3S 4S 5S 6S 8S 9S 10S JS KS KH",
}
TALON = "7C 7D 7H 7S"


def deck_file(tmp_path: Path) -> Path:
    # dealer 0, one card at a time clockwise from seat 1: seats 1, 2, 3, 0
    hands = {s: h.split() for s, h in HANDS.items()}
    deck = [hands[s][i] for i in range(12) for s in (1, 2, 3, 0)] + TALON.split()
    assert sorted(parse_card(c).index for c in deck) == list(range(52))  # type: ignore[union-attr]
    path = tmp_path / "deck.txt"
    path.write_text(" ".join(deck) + "\n", encoding="utf-8")
    return path


def spawn(tmp_path: Path, seat: str = "human") -> pexpect.spawn:
    args = ["-m", "nainjaune_rules", "play", "fr-sheet", "--seats", f"lowest,{seat},lowest,lowest",
            "--deals", "1", "--option", "payment=cards", "--deck", str(deck_file(tmp_path))]
    # every expect waits on the text it names; the timeout is only a deadline, generous
    # for a loaded machine (8 jobs on 2 cores: starting Python alone can take seconds)
    return pexpect.spawn(sys.executable, args, encoding="utf-8", timeout=180)


#: an entry of the list of moves: what to type, two spaces, what it does
ENTRY = re.compile(r"^ {4}(\S+) {2}", re.M)


def play_by_keyboard(child: pexpect.spawn, announce: bool) -> tuple[list[str], str]:
    """Type the first move offered at every prompt, a wrong entry first: what was typed and shown.

    With ``announce`` false a card offered announced (``JC!``) is typed bare and the
    question that follows is answered yes: the announcement is forgotten on purpose.
    """
    typed: list[str] = []
    shown: list[str] = []
    while (index := child.expect(["seat 1> ", r"\[y/N\] ", "press Enter to go on ",
                                  pexpect.EOF])) != 3:
        shown.append(child.before)
        if index:
            child.sendline("y" if index == 1 else "")
            continue
        offered = ENTRY.findall(child.before.rsplit("your moves", 1)[-1].replace("\r", ""))
        if not typed:
            child.sendline("ZZ")
            child.expect("'ZZ' is not a card code")
            child.expect("seat 1> ")
            child.sendline("AS")
            child.expect("you do not hold AS")
            child.expect("seat 1> ")
        first = offered[0]
        entry = first if not first.endswith("!") else (
            "JC valet qui prend" if announce else first.rstrip("!"))
        child.sendline(entry)
        typed.append(entry)
    return typed, "".join(shown) + child.before


def session(tmp_path: Path, announce: bool) -> tuple[list[str], str, int]:
    """A whole deal typed at the terminal: what was typed, what was shown, the exit status."""
    child = spawn(tmp_path)
    typed, out = play_by_keyboard(child, announce)
    child.close()
    return typed, out, child.exitstatus


def test_a_full_deal_typed_at_the_terminal_with_a_forgotten_announcement(
        tmp_path: Path) -> None:
    typed, out, status = session(tmp_path, announce=False)
    assert typed == ["2C", "8C", "JC"]
    assert "valet (announcement forgotten: forfeits the box)" in out
    assert "seat 1 (human): 8 — out!" in out
    assert "Game over" in out
    assert "AD 2D" not in out  # the other seats' hands are not shown to the human
    assert status == 0


def test_the_announcement_typed_in_words(tmp_path: Path) -> None:
    typed, out, status = session(tmp_path, announce=True)
    assert typed == ["2C", "8C", "JC valet qui prend"]
    assert "valet qui prend (8)" in out
    assert status == 0


@pytest.mark.parametrize(("interrupt", "message", "status"), [
    ("eof", "end of input: the game is abandoned", 1),
    ("ctrl-c", "game interrupted", 130),
])
def test_leaving_the_game_at_the_prompt(tmp_path: Path, interrupt: str, message: str,
                                        status: int) -> None:
    child = spawn(tmp_path)
    child.expect("seat 1> ")
    if interrupt == "eof":
        child.sendeof()
    else:
        child.sendintr()
    child.expect(message)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == status
    assert "Traceback" not in (child.before or "")


@pytest.mark.parametrize("entry", ["jc valet qui prend", "J♣ qui prend", "JC!"])
def test_announcement_spellings(entry: str) -> None:
    from nainjaune_rules import load_ruleset
    from nainjaune_rules.engine import Game
    from nainjaune_rules.players.human import HumanPlayer

    game = Game(load_ruleset("fr-sheet"), 4)
    move = HumanPlayer().parse(game, entry)
    assert str(move) == "JC!"
    assert str(HumanPlayer().parse(game, "JC")) == "JC"  # no words: forgotten
    assert "not what JC announces" in str(HumanPlayer().parse(game, "JC bonjour"))
