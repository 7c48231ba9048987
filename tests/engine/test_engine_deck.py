"""Deck composition (issue #22): ``deck: 2 packs`` and ``deck: without 8D``.

What is checked here, each against a source that is not the engine's own tables:
the clause read and written back, its errors, the deck's size the deal table is held
to, every copy of a card named by a clause (box, stop, wild card), transcripts of a
two-pack game replayed, and the three bots playing the house ruleset to its end with
every token and card accounted for (the engine's invariants, checked as it plays).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nainjaune_rules import load_ruleset
from nainjaune_rules.core.cards import Card, parse_card
from nainjaune_rules.core.diagnostics import RulesetError
from nainjaune_rules.engine import Game, compile_tables
from nainjaune_rules.engine.invariants import check_tokens
from nainjaune_rules.model import canonical
from nainjaune_rules.model.rules import deck_cards, deck_size, packs_of
from nainjaune_rules.model.writer import clause_line
from nainjaune_rules.players.session import make_seats
from nainjaune_rules.records.deckfile import DeckFileError, parse_deck_text
from nainjaune_rules.records.transcript import dumps, replay, transcript

HOUSE = "house/two-packs"


def _ruleset(tmp_path: Path, body: str, extends: str = "fr-sheet"):  # type: ignore[no-untyped-def]
    path = tmp_path / "deck.nj"
    path.write_text(f'ruleset deck-test\ntitle "t"\nextends {extends}\n{body}\n',
                    encoding="utf-8")
    return load_ruleset(str(path))


# ---- cards of several packs -----------------------------------------------------------

def test_a_first_pack_card_is_the_one_pack_card() -> None:
    for i in range(52):
        card = Card.from_index(i)
        assert card.pack == 0 and card.index == i and "/" not in card.code
        assert hash(card) == hash((card.rank, card.suit))  # sets of cards iterate as before
    assert parse_card("7D") == Card(7, 1) == parse_card("7D/1")


def test_a_second_pack_card_has_its_own_index_and_mark() -> None:
    card = parse_card("7D/2")
    assert card == Card(7, 1, 1) and card.index == 25 + 52 and card.code == "7D/2"
    assert Card.from_index(card.index) == card and card.first == Card(7, 1)
    assert parse_card("7D/5") is None and parse_card("7D/") is None and parse_card("/2") is None


# ---- the clause --------------------------------------------------------------------------

@pytest.mark.parametrize("text, packs, without", [
    ("deck: 2 packs", 2, ()),
    ("deck: without 8D", 1, ("8D",)),
    ("deck: 2 packs, without 2C 2D", 2, ("2C", "2D")),
    ("deck: 1 packs", 1, ()),
])
def test_the_clause_is_read_and_written_back(tmp_path: Path, text: str, packs: int,
                                             without: tuple[str, ...]) -> None:
    rs = _ruleset(tmp_path, text + '   [house "h"]')
    assert rs.deck is not None and rs.deck.packs == packs
    assert tuple(c.code for c in rs.deck.without) == without
    assert clause_line(rs.deck) == text
    assert canonical.from_yaml(canonical.to_yaml(rs)) == rs


def test_the_deck_size_follows_the_clause(tmp_path: Path) -> None:
    rs = _ruleset(tmp_path, 'deck: 2 packs, without 2C 2D   [house "h"]\nplayers: 8  [house "h"]\n'
                  'deal:  [house "h"]\n    8 players: 12 cards each')
    assert deck_size(rs) == 100 and len(deck_cards(rs)) == 100
    t = compile_tables(rs)
    assert t.deck_size == 100 and t.deal_rows == {8: (12, 4)}  # the talon follows the deck
    assert not t.deck_mask >> Card(2, 0).index & 1 and not t.deck_mask >> Card(2, 0, 1).index & 1


@pytest.mark.parametrize("body, kind", [
    ('deck: without 8D 8D   [house "h"]', "duplicate-card"),
    ('deck: 5 packs   [house "h"]', "too-large"),
    ('deck: 0 packs   [house "h"]', "not-positive"),
    ('deck: without 7D   [house "h"]', "removed-card"),  # fr-sheet's box card
    ('deck: without KH   [house "h"]', "removed-card"),
    ('deck: without 8D 9D   [house "h"]\ndeal:  [house "h"]\n    3 players: 17 cards each\n'
     '    4 players: 12 cards each\n    5 players: 9 cards each\n    6 players: 8 cards each\n'
     '    7 players: 7 cards each\n    8 players: 6 cards each', "deck-overflow"),
    ('deck: 2 packs   [house "h"]\ndeal:  [house "h"]\n    3 players: 35 cards each\n'
     '    4 players: 12 cards each\n    5 players: 9 cards each\n    6 players: 8 cards each\n'
     '    7 players: 7 cards each\n    8 players: 6 cards each', "deck-overflow"),
])
def test_errors(tmp_path: Path, body: str, kind: str) -> None:
    with pytest.raises(RulesetError) as caught:
        _ruleset(tmp_path, body)
    assert kind in {d.kind.value for d in caught.value.diagnostics}, str(caught.value)


def test_two_packs_deal_what_one_pack_cannot(tmp_path: Path) -> None:
    table = ('deal:  [house "h"]\n    3 players: 34 cards each\n    4 players: 12 cards each\n'
             '    5 players: 9 cards each\n    6 players: 8 cards each\n'
             '    7 players: 7 cards each\n    8 players: 6 cards each')
    with pytest.raises(RulesetError):
        _ruleset(tmp_path, table)
    assert compile_tables(_ruleset(tmp_path, 'deck: 2 packs   [house "h"]\n' + table)
                          ).deal_rows[3] == (34, 2)


def test_builtins_state_no_deck() -> None:
    for name in ("1760", "1902", "fr-sheet", "fr-web", "wiki-modern", "cz-box"):
        rs = load_ruleset(name)
        assert rs.deck is None and packs_of(rs) == 1 and deck_size(rs) == 52
        assert "deck" not in canonical.to_yaml(rs).split("\noptions:")[0]


# ---- every copy of a named card --------------------------------------------------------

def test_every_copy_of_a_named_card_plays_its_part() -> None:
    t = compile_tables(load_ruleset(HOUSE))
    for code in ("10D", "JC", "QS", "KH", "7D"):
        first, second = Card.from_index(parse_card(code).index), parse_card(code + "/2")
        assert t.box_of_card[first.index] == t.box_of_card[second.index]
        assert t.box_mask >> second.index & 1
    assert t.packs == 2 and t.card_count == 104 and t.deck_size == 104
    # what continues a run after either 6 of diamonds: both copies of every 7
    assert t.follow[parse_card("6D").index] == t.follow[parse_card("6D/2").index]
    assert bin(t.follow[parse_card("6D").index]).count("1") == 8


def test_both_copies_of_the_wild_card_are_wild(tmp_path: Path) -> None:
    t = compile_tables(_ruleset(tmp_path, 'deck: 2 packs   [house "h"]\ndeal:   [house "h"]'
                                '\n    3 players: 30 cards each\n    5 players: 18 cards each',
                                extends="1760"))
    assert t.wild_mask == (1 << parse_card("7D").index) | (1 << parse_card("7D/2").index)
    stops = {c for c in range(104) if t.stop_mask >> c & 1}
    assert {parse_card(c).index for c in ("QS", "QS/2", "JC", "JC/2", "10D", "10D/2")} <= stops


# ---- games -----------------------------------------------------------------------------

def _conserved(game: Game) -> None:
    check_tokens(game.balances, game.board, game.token_total, "end")


@pytest.mark.parametrize("players", [8, 9, 10])
@pytest.mark.parametrize("bot", ["random:forget=0.2", "lowest", "greedy"])
def test_bots_play_two_packs_to_the_end(bot: str, players: int) -> None:
    """200 games a bot and table size; the engine checks cards and tokens as it plays
    (engine/invariants.py) and raises at the first fault; each game ends."""
    t = compile_tables(load_ruleset(HOUSE))
    for seed in range(200):
        game = Game(t, players, seed, max_deals=300)
        result = game.play(make_seats([bot] * players))
        assert result.ended, (bot, players, seed, result.reason)
        _conserved(game)


def test_a_two_pack_transcript_replays_and_a_copy_mark_counts() -> None:
    specs = ["greedy", "random:forget=0.3", "lowest"] * 3
    game = Game(load_ruleset(HOUSE), 9, 11, deals=2, record=True)
    game.play(make_seats(specs))
    doc = json.loads(dumps(transcript(game, specs)))
    deck = doc["deals"][0]["deck"]
    assert len(deck) == 104 and len(set(deck)) == 104
    assert sum(code.endswith("/2") for code in deck) == 52
    replay(json.loads(json.dumps(doc)), load_ruleset(HOUSE))
    # the copies are not interchangeable in a record: swap two in the deck and replay fails
    i, j = deck.index("7D"), deck.index("7D/2")
    bad = json.loads(json.dumps(doc))
    bad["deals"][0]["deck"][i], bad["deals"][0]["deck"][j] = "7D/2", "7D"
    with pytest.raises(Exception):  # noqa: B017 - any refusal of the replay
        replay(bad, load_ruleset(HOUSE))


def test_a_deck_file_names_each_copy() -> None:
    t = compile_tables(load_ruleset(HOUSE))
    deck = tuple(Card.from_index(i) for i in range(104))
    line = " ".join(c.code for c in deck)
    assert parse_deck_text(line, "d", deck)[0][1] == list(range(104))
    with pytest.raises(DeckFileError, match="appears twice"):
        parse_deck_text(line.replace("7D/2", "7D"), "d", deck)
    one = tuple(Card.from_index(i) for i in range(52))
    with pytest.raises(DeckFileError, match="no pack mark"):
        parse_deck_text(" ".join(c.code for c in one).replace("7D", "7D/2"), "d", one)
    assert t.deck_size == len(deck)


def test_without_a_card_it_is_never_dealt(tmp_path: Path) -> None:
    rs = _ruleset(tmp_path, 'deck: without 8D   [house "h"]')
    t = compile_tables(rs)
    eight = 1 << parse_card("8D").index
    assert t.deck_size == 51 and not t.deck_mask & eight
    for seed in range(20):
        game = Game(t, 4, seed, deals=1, record=True)
        game.play(make_seats(["greedy"] * 4))
        assert "8D" not in game.deal_records[0]["deck"]
        assert len(game.deal_records[0]["deck"]) == 51


def test_the_human_seat_reads_a_bare_code_as_the_copy_it_holds() -> None:
    from nainjaune_rules.players.human import HumanPlayer

    game = Game(load_ruleset(HOUSE), 8, 3, deals=1, record=True)
    game.start_deal()
    hand = game.hands[game.turn]
    seconds = [c for c in range(52, 104) if hand >> c & 1 and not hand >> (c - 52) & 1]
    assert seconds, "seed 3: the leader holds some card of the second pack only"
    code = Card.from_index(seconds[0]).first.code
    human = HumanPlayer()
    assert human.parse(game, code).card == seconds[0]  # "7D" is the 7D/2 it holds
    assert human.parse(game, code + "/2").card == seconds[0]
    firsts = [c for c in range(52) if hand >> c & 1]
    assert human.parse(game, Card.from_index(firsts[0]).code).card == firsts[0]


def test_the_fast_path_plays_two_packs_as_the_recorded_one(tmp_path: Path) -> None:
    """engine/plain.py (no transcript) against the engine's own path (a transcript), on the
    1760 rules with two packs: both copies of the wild card, laid at any time."""
    import dataclasses

    rs = _ruleset(tmp_path, 'deck: 2 packs   [house "h"]\ndeal:   [house "h"]'
                  '\n    3 players: 30 cards each\n    5 players: 18 cards each', extends="1760")
    t = compile_tables(rs)
    assert t.wild_any_time and bin(t.wild_mask).count("1") == 2
    for players in (3, 5):
        for seed in range(15):
            for mix in (["lowest"], ["greedy"], ["greedy", "lowest", "random:forget=0.2"]):
                specs = [mix[i % len(mix)] for i in range(players)]
                fast = Game(t, players, seed, max_deals=40).play(make_seats(specs))
                slow = Game(t, players, seed, max_deals=40, record=True).play(make_seats(specs))
                assert dataclasses.asdict(fast) == dataclasses.asdict(slow), (players, seed, mix)
