"""Payments by seat and by outcome (issue #22 item 5): per-seat stakes, a payment by the card
the winner goes out with, an exemption; checked, written back, told, and played by every bot.

The deal is the one of ``tests/scenarios/house-1902-per-card-01.yaml`` (worked by hand
there): seat 3 goes out with KC, seat 2 holds 9D, the dealer is seat 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nainjaune_rules import RulesetError, load_ruleset
from nainjaune_rules.core.cards import parse_card
from nainjaune_rules.engine import Game
from nainjaune_rules.engine.table_build import compile_tables
from nainjaune_rules.model import canonical
from nainjaune_rules.model.rules import Ruleset
from nainjaune_rules.model.writer import write_ruleset
from nainjaune_rules.players.human_help import Settlement, by_outcome
from nainjaune_rules.players.human_view import CardStyle
from nainjaune_rules.players.session import make_seats
from nainjaune_rules.records.narrate import narrate

HANDS = {
    3: "AC 2C 3C 4C 5C 6C 7C 9C 10C JC QC KC",
    2: "AD 2D 3D 4D 5D 6D 9D 10D JD QD KD QS",
    1: "AH 2H 3H 4H 5H 6H 7H 9H 10H JH QH KH",
    0: "AS 2S 3S 4S 5S 6S 7S 9S 10S JS KS 7D",
}
# dealt one at a time counterclockwise from dealer 0: seats 3, 2, 1, 0
DECK = [parse_card(HANDS[s].split()[i]).index  # type: ignore[union-attr]
        for i in range(12) for s in (3, 2, 1, 0)] + [
    parse_card(c).index for c in "8C 8D 8H 8S".split()]  # type: ignore[union-attr]

ALL_THREE = """ruleset all-three
title "Per-seat stakes, a king out, the Pope's holder"
period "house"
extends house/1902-per-card
stakes: the dealer 2, every other player 1   [house "the dealer stakes twice"]
when a player goes out with a king: each loser pays double   [house "a king out doubles"]
when the deal ends: the holder of an unplayed 9D pays nothing   [house "the Pope's holder"]
starting tokens: 50   [house "the purse the scenario was worked with (1902's then, issue 23)"]
"""


def _load(tmp_path: Path, text: str) -> Ruleset:
    path = tmp_path / "rs.nj"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path))


def _errors(tmp_path: Path, text: str) -> str:
    with pytest.raises(RulesetError) as caught:
        _load(tmp_path, text)
    return str(caught.value)


def _one_deal(rs: Ruleset) -> tuple[Game, Settlement, list[str]]:
    game = Game(rs, 4, 0, deals=1, dealer=0, record=True, decks=[DECK])
    settlement = Settlement()
    helped: list[str] = []
    game.listeners.append(settlement.feed)

    def at_deal(event: object) -> None:  # what the human seat's help says once dealt
        if isinstance(event, dict) and event.get("type") == "deal":
            settlement.begin(game)
            helped.extend(by_outcome(game, 2, CardStyle(symbols=False)))

    game.listeners.append(at_deal)
    game.play(make_seats(["lowest"] * 4))
    return game, settlement, helped


def test_the_three_together_by_hand(tmp_path: Path) -> None:
    # stakes: the dealer (0) 30, the others 15: [20, 35, 35, 35]; board 5, 10, 15, 20, 25.
    # seat 3 takes JC (10): 45, goes out with KC: 12 per loser, doubled: 24 from seats 1
    # and 0; seat 2 holds 9D and pays nothing. Seat 0 has 20: under 1902's "buys counters
    # from the bank" it buys 4 (a debt) and pays 24. Seat 1: 11; seat 3: 45 + 48 = 93.
    rs = _load(tmp_path, ALL_THREE)
    game, settlement, helped = _one_deal(rs)
    assert game.balances == [0, 11, 35, 93]
    assert game.debts == [4, 0, 0, 0]
    assert game.board == [5, 0, 15, 20, 25]
    lines = "\n".join(settlement.lines(game, 2, CardStyle(symbols=False)))
    assert "you held 9D: nothing to pay for the cards left" in lines
    assert "doubled: the winner went out with KC" in lines
    help_text = "\n".join(helped)
    assert "the dealer stakes each box 2 times, the others 1 time; you staked 15" in help_text
    assert "going out with KC KD KH KS doubles what each loser pays" in help_text
    assert "you hold 9D: while you do, you pay nothing" in help_text


def test_told_in_the_transcript_narration(tmp_path: Path) -> None:
    game, _, _ = _one_deal(_load(tmp_path, ALL_THREE))
    from nainjaune_rules.records.transcript import transcript

    text = narrate(transcript(game, ["lowest"] * 4))
    assert "seat 3 (lowest) went out with KC" in text
    assert "seat 2 (lowest) holds 9D: pays nothing for the cards left" in text
    assert "stakes: 75 tokens onto the board" in text


def test_written_back_and_read_again(tmp_path: Path) -> None:
    rs = _load(tmp_path, ALL_THREE)
    shown = write_ruleset(rs)
    assert "stakes: the dealer 2, every other player 1" in shown
    assert "when a player goes out with a king: each loser pays double" in shown
    assert "when the deal ends: the holder of an unplayed 9D pays nothing" in shown
    assert canonical.from_data(canonical.to_data(rs)) == rs


def test_no_builtin_canonical_form_names_the_new_fields() -> None:
    # a field at its default is left out: the six variants' hashes cannot move
    for name in ("1760", "fr-sheet", "house/1902-per-card"):
        text = canonical.to_yaml(load_ruleset(name))
        assert "dealer_times" not in text and "goes out" not in text


@pytest.mark.parametrize("bot", ["lowest", "random", "greedy"])
def test_every_bot_plays_it_tokens_conserved(tmp_path: Path, bot: str) -> None:
    rs = _load(tmp_path, ALL_THREE.replace("extends house/1902-per-card",
                                           "extends house/1902-per-card\ncannot pay in full: "
                                           "pays what they have   [house \"no debts\"]"))
    tables = compile_tables(rs)
    for seed in range(6):
        game = Game(tables, 4, seed, record=False)
        result = game.play(make_seats([bot] * 4))  # the invariants are checked as it plays
        assert sum(game.balances) + sum(game.board) == game.token_total
        assert result.ended


@pytest.mark.parametrize("line, message", [
    ("when a player goes out with 9D: the player takes its box",
     "'the player takes its box' cannot happen when a player goes out with a card"),
    ("when opera: the holder of an unplayed 9D pays nothing",
     "cannot happen when opera"),
    ("when the deal ends: the holder of an unplayed 9D pays nothing\n"
     "when the deal ends: the holder of 9D pays double",
     "the holder of 9D pays double in one clause and nothing in another"),
    ("when a player goes out with the wild card: each loser pays double",
     "this names the wild card, but the ruleset has none"),
    ("stakes: the dealer 2, every other player 0", "must be at least 1, not 0"),
])
def test_checks_refuse(tmp_path: Path, line: str, message: str) -> None:
    text = ALL_THREE.split("stakes:")[0] + "\n".join(
        f"{part}   [house \"x\"]" for part in line.split("\n")) + "\n"
    assert message in _errors(tmp_path, text)


def test_an_exemption_with_nothing_to_spare(tmp_path: Path) -> None:
    text = ("ruleset t\ntitle \"t\"\nperiod \"house\"\nextends 1902\nremove option payment"
            "   [house \"x\"]\nwhen the deal ends: the holder of an unplayed 9D pays nothing"
            "   [house \"x\"]\n")
    assert "paying nothing needs a payment to be spared" in _errors(tmp_path, text)


def test_going_out_with_a_king_not_in_the_deck_warns(tmp_path: Path) -> None:
    from nainjaune_rules.model.compiler import check_file

    text = ALL_THREE.replace("extends house/1902-per-card",
                             "extends house/1902-per-card\nranks: A 2 3 4 5 6 7 8 9 10 J Q"
                             "   [house \"no kings\"]")
    path = tmp_path / "rs.nj"
    path.write_text(text, encoding="utf-8")
    _, diagnostics = check_file(str(path))
    assert any("nobody can go out with a king" in d.message for d in diagnostics)


def test_greedy_keeps_the_card_that_spares_it(tmp_path: Path) -> None:
    from nainjaune_rules.players.greedy import _KEEP, _card_worth

    nine = parse_card("9D").index  # type: ignore[union-attr]
    plain = _card_worth(compile_tables(load_ruleset("house/1902-per-card")))
    spared = _card_worth(compile_tables(_load(tmp_path, ALL_THREE)))
    assert spared[nine] == plain[nine] - _KEEP
    assert [w for c, w in enumerate(spared) if c != nine] == [
        w for c, w in enumerate(plain) if c != nine]


def test_the_help_says_which_held_card_doubles(tmp_path: Path) -> None:
    """The human seat's settlement tells "doubled: holds 7D" for a loser left with 7D under
    "the holder of 7D pays double".  It once tested bit 0 of the doubling cards (the ace of
    clubs) instead of the card: ``holder_doubles & hand >> c & 1`` (noticed in #22's work)."""
    text = ('ruleset holder\ntitle "The holder of 7D"\nperiod "house"\n'
            'extends house/1902-per-card\n'
            'when the deal ends: the holder of 7D pays double   [house "the dwarf doubles"]\n'
            'starting tokens: 50   [house "the purse of the worked deal"]\n')
    game, settlement, _ = _one_deal(_load(tmp_path, text))
    assert "7D" in [c.code for c in game.hand(0)]  # seat 0 is left with it (see HANDS)
    lines = "\n".join(settlement.lines(game, 0, CardStyle(symbols=False)))
    assert "doubled: holds 7D" in lines
