"""``play: every card of the rank at once`` (issue 22 item 8, Comète).

A card laid brings every other card of its rank in the player's hand with it (never the
wild card); whole games by every bot end with the engine's invariants holding and replay
from their transcripts; the clause round-trips, is told in EN and FR, is refused with
runs in suit, and the human seat says which cards go with a card.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nainjaune_rules.describe.prose import describe
from nainjaune_rules.describe.prose_fr import describe_fr
from nainjaune_rules.engine import Game
from nainjaune_rules.engine.events import EventType
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.canonical import from_data, to_json
from nainjaune_rules.model.compiler import check_file
from nainjaune_rules.model.writer import write_ruleset
from nainjaune_rules.players import make_player
from nainjaune_rules.players.human_view import CardStyle, move_says
from nainjaune_rules.records.transcript import dumps, replay, transcript

CLAUSE = "play: every card of the rank at once"


def _check(tmp_path: Path, *lines: str) -> tuple[r.Ruleset | None, list[str]]:
    path = tmp_path / "ranks.nj"
    body = "\n".join(f'{line}   [house "test"]' for line in lines)
    path.write_text(f'ruleset ranks-test\ntitle "Ranks"\nperiod "test"\nextends fr-sheet\n'
                    f'{body}\n', encoding="utf-8")
    ruleset, diagnostics = check_file(str(path))
    return ruleset, [str(d) for d in diagnostics]


def _ruleset(tmp_path: Path, *lines: str) -> r.Ruleset:
    ruleset, diagnostics = _check(tmp_path, *lines)
    assert ruleset is not None and not diagnostics, diagnostics
    return ruleset


def _plays_by_move(game: Game) -> list[list[str]]:
    """The cards each move laid, move by move, from the transcript's records."""
    out = []
    for deal in game.deal_records:
        for move in deal["moves"]:  # type: ignore[attr-defined]
            cards = [e["card"] for e in move["events"] if e["type"] == EventType.PLAY]
            if cards:
                out.append(cards)
    return out


@pytest.mark.parametrize("spec", ["random", "greedy", "lowest", "random:forget=0.3"])
def test_whole_games_lay_each_rank_whole_and_replay(tmp_path: Path, spec: str) -> None:
    ruleset = _ruleset(tmp_path, CLAUSE, "wild card: 7D, out of turn it ends the run")
    several = 0
    for seed in range(4):
        game = Game(ruleset, 4, seed, deals=3, record=True)
        game.play([make_player(spec) for _ in range(4)])
        for cards in _plays_by_move(game):
            ranks = {c[:-1] for c in cards}
            assert len(ranks) == 1, cards  # one move lays cards of one rank only
            several += len(cards) > 1
            assert "7D" not in cards[1:], cards  # the wild card is never laid by the rule
        text = dumps(transcript(game, [spec] * 4))
        assert replay(json.loads(text), ruleset).balances == game.balances
    assert several, "some move laid several cards"


def test_without_a_transcript_the_game_is_the_same(tmp_path: Path) -> None:
    """The plain fast path steps aside: the same games with and without a record."""
    ruleset = _ruleset(tmp_path, CLAUSE, "starting tokens: 1000")
    for seed in range(3):
        quiet = Game(ruleset, 5, seed, deals=4, record=False)
        loud = Game(ruleset, 5, seed, deals=4, record=True)
        for game in (quiet, loud):
            game.play([make_player(s) for s in ("lowest", "greedy", "lowest", "greedy",
                                                "lowest")])
        assert quiet.balances == loud.balances and quiet.board == loud.board


def test_the_clause_round_trips_is_told_and_needs_runs_of_any_suit(tmp_path: Path) -> None:
    ruleset = _ruleset(tmp_path, CLAUSE)
    assert ruleset.rank_at_once is not None
    assert CLAUSE in write_ruleset(ruleset)
    assert from_data(json.loads(to_json(ruleset))) == ruleset
    assert "every other card of that rank" in describe(ruleset.rank_at_once).sentence
    assert "toutes les autres cartes de cette hauteur" in describe_fr(
        ruleset.rank_at_once).sentence
    _rs, diagnostics = _check(tmp_path, CLAUSE, "runs: same suit")
    said = "\n".join(diagnostics)
    assert "error[contradiction]" in said and "runs: any suit" in said


def test_the_human_seat_says_which_cards_go_with_a_card(tmp_path: Path) -> None:
    game = Game(_ruleset(tmp_path, CLAUSE), 4, 2)
    game.start_deal()
    hand = game.hand(game.turn)
    pairs = [c for c in hand if sum(o.rank == c.rank for o in hand) > 1]
    assert pairs, "the seed deals the leader two cards of a rank"
    move = next(m for m in game.legal_moves() if m.card == pairs[0].index)
    said = move_says(move, game, CardStyle(), strict=False)
    others = [c.code for c in hand if c.rank == pairs[0].rank and c != pairs[0]]
    assert ", with " + " ".join(others) in said
