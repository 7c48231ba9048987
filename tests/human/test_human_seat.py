"""The human seat without a terminal: parsing, strictness, the move list, safety, JSON, suits."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest
from human_keys import ESCAPE, GAME

from nainjaune_rules import builtin_rulesets, load_ruleset
from nainjaune_rules.core.cards import SUIT_SYMBOLS, parse_card
from nainjaune_rules.engine import Game
from nainjaune_rules.engine.moves import move_for
from nainjaune_rules.engine.table_build import compile_tables
from nainjaune_rules.players import SpecError, make_player
from nainjaune_rules.players.human import HumanPlayer
from nainjaune_rules.players.human_view import CardStyle, move_lines, terminal_safe
from nainjaune_rules.players.session import make_seats
from nainjaune_rules.records.narrate import Narrator
from nainjaune_rules.records.transcript import transcript


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nainjaune_rules", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_human_strict_is_a_seat_spec() -> None:
    assert make_player("human:strict").strict  # type: ignore[attr-defined]
    assert not make_player("human").strict  # type: ignore[attr-defined]
    assert make_player("human:strict").spec == "human:strict"  # type: ignore[attr-defined]
    with pytest.raises(SpecError, match="only human:strict"):
        make_player("human:loud")


def test_a_bare_code_is_a_silent_move_and_the_words_announce() -> None:
    game = Game(load_ruleset("fr-sheet"), 4)
    human = HumanPlayer()
    assert str(human.parse(game, "QS")) == "QS"  # confirmed (or not) before it is played
    assert str(human.parse(game, "qs!")) == "QS!"
    assert str(human.parse(game, "Q♠ dame qui prend")) == "QS!"
    assert str(human.parse(game, "QC")) == "QC"  # nothing to announce


@pytest.mark.parametrize(("strict", "move"), [(False, "3C!"), (True, "3C")])
def test_calling_the_card_is_its_announcement_unless_strict(strict: bool, move: str) -> None:
    # 1902: every card is announced by its rank called, and forgetting costs nothing
    game = Game(load_ruleset("1902"), 4)
    assert str(HumanPlayer(strict=strict).parse(game, "3C")) == move


def test_the_move_list_offers_a_called_card_once() -> None:
    game = Game(load_ruleset("1902"), 4)
    game.start_deal()
    lines = move_lines(game.legal_moves(), game, CardStyle(), strict=False)
    entries = [line.split()[0] for line in lines[1:]]
    assert len(entries) == len(set(c.rstrip("!") for c in entries))  # no card twice
    strict = move_lines(game.legal_moves(), game, CardStyle(), strict=True)
    assert len(strict) == 2 * len(lines) - 1  # every card announced, and without a word


def test_card_style() -> None:
    assert CardStyle().card(parse_card("10D")) == "10D"  # type: ignore[arg-type]
    fancy = CardStyle(symbols=True, colour=True)
    assert fancy.card(parse_card("10D")) == "\x1b[31m10♦\x1b[0m"  # type: ignore[arg-type]
    assert fancy.card(parse_card("QS")) == "Q♠"  # type: ignore[arg-type]
    assert CardStyle(symbols=True).card(parse_card("KH")) == "K♥"  # type: ignore[arg-type]


def test_terminal_safe() -> None:
    assert terminal_safe("dame\x1b[2J qui\x07 prend\u202e") == "dame\\x1b[2J qui\\x07 prend\\u202e"
    assert terminal_safe("královna bere! ♠") == "královna bere! ♠"


def test_words_from_the_ruleset_reach_the_prompt_escaped() -> None:
    tables = compile_tables(load_ruleset("fr-sheet"))
    qs = parse_card("QS").index  # type: ignore[union-attr]
    hostile = dataclasses.replace(tables, announce_words={qs: ("… \x1b]0;pwned\x07\u202e",)})
    game = Game(hostile, 4)
    game.start_deal()
    game.hands[game.turn] |= 1 << qs
    lines = "\n".join(move_lines([move_for(qs, True)], game, CardStyle(), strict=False))
    assert ESCAPE not in lines and "\x07" not in lines and "\u202e" not in lines
    assert "\\x1b]0;pwned\\x07\\u202e" in lines
    typed = HumanPlayer().parse(game, "\x1b[2J")
    assert isinstance(typed, str) and ESCAPE not in typed


def test_json_with_a_human_seat_needs_out() -> None:
    out = cli(*GAME, "--format", "json", stdin="QS!\n")
    assert out.returncode == 2
    assert "--format json with a human seat needs --out FILE" in out.stderr
    assert out.stdout == ""


def test_json_with_a_human_seat_goes_to_out(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    out = cli(*GAME, "--format", "json", "--out", str(path), stdin="QS!\nAC\n2D\n\n")
    assert out.returncode == 0, out.stderr
    assert "dame qui prend (12)" in out.stdout and "{" not in out.stdout
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["seats"][0] == "human" and doc["deals"][0]["moves"]
    assert cli("replay", str(path)).returncode == 0


def test_end_of_piped_input_abandons_with_exit_1() -> None:
    out = cli(*GAME, stdin="help\n")
    assert out.returncode == 1
    assert out.stderr.strip() == "end of input: the game is abandoned"


def test_quit_leaves_the_game() -> None:
    out = cli(*GAME, stdin="quit\n")
    assert out.returncode == 1
    assert "you left the game: the game is abandoned" in out.stderr


def _suits_told(name: str) -> list[tuple[str, str]]:
    """Each card played in deal 1 of a built-in game and how the narration calls it."""
    tables = compile_tables(load_ruleset(name))
    players = sorted(tables.deal_rows)[0]
    game = Game(tables, players, 5, deals=1, record=True)
    game.play(make_seats(["lowest"] * players))
    narrator = Narrator(suits=tables.same_suit)
    told = []
    for step in transcript(game, ["lowest"] * players)["deals"][0]["moves"]:
        for ev in step["events"]:
            narrator.feed(ev)
            if ev["type"] == "play":
                told.append((ev["card"], narrator.line[-1]))
    return told


@pytest.mark.parametrize("name", builtin_rulesets())
def test_the_narration_names_the_suit_when_runs_are_by_suit(name: str) -> None:
    same_suit = compile_tables(load_ruleset(name)).same_suit
    told = _suits_told(name)
    assert told
    for code, words in told:
        symbol = SUIT_SYMBOLS[parse_card(code).suit]  # type: ignore[union-attr]
        assert (symbol in words) is same_suit, (code, words)
        assert same_suit or not any(s in words for s in SUIT_SYMBOLS)


def test_a_stop_names_the_suit_of_the_run_even_after_a_wild_card() -> None:
    # hand-worked: 5♣ then the wild 7♦ standing for the 6♣; the run still needs clubs
    narrator = Narrator(["lowest"], suits=True)
    narrator.feed({"type": "play", "seat": 0, "card": "5C", "said": []})
    narrator.feed({"type": "play", "seat": 0, "card": "7D", "said": []})
    assert narrator.feed({"type": "stop", "seat": 0, "call": "sans", "needs": "7"}) == [
        "  seat 0 (lowest): 5♣, 7♦ — sans 7♣"]
    narrator.feed({"type": "new run", "seat": 0, "reason": "king"})
    narrator.feed({"type": "play", "seat": 0, "card": "QH", "said": []})
    assert narrator.feed({"type": "stop", "seat": 0, "call": "sans", "needs": "K"}) == [
        "  seat 0 (lowest): Q♥ — sans K♥"]


class _WildProbe:
    """Plays the first legal move until the wild card may be played out of place."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def choose(self, game: Game, legal: list) -> object:  # type: ignore[type-arg]
        if not self.lines and any(m.card == game.t.wild and not game.is_natural(m.card)
                                  for m in legal):
            self.lines = move_lines(legal, game, CardStyle(), strict=False)
        return legal[0]


@pytest.mark.parametrize(("option", "does"), [("ends-run", "it ends the run"),
                                              ("continues-run", "it stands for the card")])
def test_the_wild_card_out_of_place_says_what_it_does(option: str, does: str) -> None:
    probe = _WildProbe()
    game = Game(load_ruleset("1760", {"chief-hoc": option}), 3, 0)
    game.play([probe, *make_seats(["lowest", "lowest"])])  # type: ignore[list-item]
    assert any(f"7D, the wild card: {does}" in line for line in probe.lines), probe.lines


@pytest.mark.parametrize("strict", [False, True])
@pytest.mark.parametrize("typed", ["QS!", "QS !", "QS  !", " qs ! ", "QS !!", "QS! !",
                                   "Q♠ !", "QS ! dame qui prend", "QS dame qui prend !"])
def test_a_spaced_exclamation_mark_is_the_announcement(strict: bool, typed: str) -> None:
    # "QS !" is what a card player types for "QS!": never the unannounced QS, which under
    # human:strict forfeits the 12-token box without a word (issue 26)
    game = Game(load_ruleset("fr-sheet"), 4)
    assert str(HumanPlayer(strict=strict).parse(game, typed)) == "QS!"


@pytest.mark.parametrize("strict", [False, True])
@pytest.mark.parametrize("typed", ["QS .", "QS ?", "QS ¡", "QS ! ?"])
def test_punctuation_that_is_not_an_announcement_is_refused(strict: bool, typed: str) -> None:
    game = Game(load_ruleset("fr-sheet"), 4)
    answer = HumanPlayer(strict=strict).parse(game, typed)
    assert isinstance(answer, str)
    assert "QS!" in answer  # the hint says how to announce
