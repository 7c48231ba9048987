"""The checker and the engine agree on what may follow what (issue 9, item 5).

``core.actions.ACTION_EVENTS`` is the one table of the events each action may follow.
Every pair it allows compiles, is compiled by the engine and plays; every pair
it refuses is refused by the checker (a located error) and by the engine (for
a ruleset built in Python, which no checker saw).  The issue's own case, ``when
the deal ends: each other player pays N to the player``, is worked by hand.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import nainjaune_rules
from nainjaune_rules.core.actions import ACTION_EVENTS, PHRASES
from nainjaune_rules.core.cards import parse_card
from nainjaune_rules.core.diagnostics import RulesetError
from nainjaune_rules.engine import Game
from nainjaune_rules.engine.table_build import compile_tables
from nainjaune_rules.engine.tables import EngineError
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.writer import action_text, event_text
from nainjaune_rules.players.session import make_seats, play_game
from nainjaune_rules.records.transcript import dumps, replay, transcript

PARENT = "fr-sheet"  # boxes, an opéra, losers paying: every action has what it needs
D7 = parse_card("7D")
#: a sample of each action kind, from its first phrase in the registry
SAMPLE_SLOTS = {"amount": 2, "card": D7, "in_tokens_of": 0}
ACTIONS: dict[r.ActionKind, r.Action] = {}
for _phrase in PHRASES:
    ACTIONS.setdefault(_phrase.kind, r.Action(
        _phrase.kind, **_phrase.fixed, **{s: SAMPLE_SLOTS[s] for s in _phrase.slots}))
EVENTS = {
    r.EventKind.PLAYED: r.Event(r.EventKind.PLAYED, (r.CardClass.KING,)),
    r.EventKind.DEAL_ENDS: r.Event(r.EventKind.DEAL_ENDS),
    r.EventKind.OPERA: r.Event(r.EventKind.OPERA),
    r.EventKind.GOES_OUT: r.Event(r.EventKind.GOES_OUT, (r.CardClass.KING,)),
}
PAIRS = [(a, e) for a in r.ActionKind for e in r.EventKind]
INFERRED = r.Origin(r.OriginKind.INFERRED, (), "r")


def _text(action: r.ActionKind, event: r.EventKind) -> str:
    return (f'ruleset mine\ntitle "Mine"\nperiod "now"\nextends {PARENT}\n'
            f"when {event_text(EVENTS[event])}: {action_text(ACTIONS[action])}"
            f'  [inferred "r"]\n')


def _compile(text: str, folder: Path) -> r.Ruleset:
    path = folder / "mine.nj"
    path.write_text(text, encoding="utf-8")
    return nainjaune_rules.load_ruleset(str(path))


def test_the_table_names_every_action() -> None:
    assert set(ACTION_EVENTS) == set(r.ActionKind)
    assert all(ACTION_EVENTS[a] for a in r.ActionKind)


@pytest.mark.parametrize(("action", "event"), [p for p in PAIRS if p[1] in ACTION_EVENTS[p[0]]],
                         ids=lambda v: v.value)
def test_every_allowed_pair_compiles_in_the_engine_and_plays(
        action: r.ActionKind, event: r.EventKind, tmp_path: Path) -> None:
    ruleset = _compile(_text(action, event), tmp_path)
    assert (event, action) in {(e.event.kind, e.action.kind) for e in ruleset.effects}
    tables = compile_tables(ruleset)
    seats = ["lowest", "greedy", "random", "lowest"]
    for seed in range(3):
        game = Game(tables, 4, seed, deals=3, record=True)
        result = game.play(make_seats(seats))
        # what a wrong step breaks: no token made or lost (counters bought from the bank
        # aside), every deal won by a player who played their whole hand, the winners are
        # those with the most tokens, and the transcript replays event for event
        assert result.ended and 1 <= len(result.deals) <= 3
        assert (sum(result.balances) + sum(result.board.values())
                == 4 * tables.starting_tokens + sum(result.debts))
        for deal in result.deals:
            assert deal.winner >= 0 and deal.plays >= tables.deal_rows[4][0]
        net = [b - d for b, d in zip(result.balances, result.debts, strict=True)]
        assert result.winners == [s for s, b in enumerate(net) if b == max(net)]
        replay(json.loads(dumps(transcript(game, seats))), ruleset)
        if action is r.ActionKind.LOSERS_SHOW_HANDS:  # no token moves: the parent's game
            parent = play_game(nainjaune_rules.load_ruleset(PARENT), seats, seed=seed, deals=3)
            assert (result.balances, result.board) == (parent.balances, parent.board)


@pytest.mark.parametrize(("action", "event"),
                         [p for p in PAIRS if p[1] not in ACTION_EVENTS[p[0]]],
                         ids=lambda v: v.value)
def test_every_other_pair_is_refused_by_the_checker_and_the_engine(
        action: r.ActionKind, event: r.EventKind, tmp_path: Path) -> None:
    with pytest.raises(RulesetError) as error:
        _compile(_text(action, event), tmp_path)
    (problem,) = [d for d in error.value.diagnostics if d.is_error]
    assert (problem.kind, problem.line) == ("contradiction", 5)
    parent = nainjaune_rules.load_ruleset(PARENT)
    built = dataclasses.replace(parent, effects=(
        *parent.effects, r.Effect(INFERRED, EVENTS[event], ACTIONS[action])))
    with pytest.raises(EngineError, match="cannot follow"):
        compile_tables(built)


@pytest.mark.parametrize("seed", range(4))
def test_each_other_player_pays_the_deal_winner_at_the_end(seed: int, tmp_path: Path) -> None:
    """Hand-worked: with 4 seats, the deal's winner gets 2 from each of the 3 others, on
    top of what the parent pays; the play itself is the same (payments come after it).
    A loser left with less pays what they have (fr-sheet: ``cannot pay in full: pays
    what they have``)."""
    base = nainjaune_rules.load_ruleset(PARENT)
    mine = _compile(_text(r.ActionKind.EACH_OTHER_PAYS, r.EventKind.DEAL_ENDS), tmp_path)
    seats = ["lowest"] * 4
    before = play_game(base, seats, seed=seed, deals=1)
    after = play_game(mine, seats, seed=seed, deals=1)
    winner = before.deals[0].winner
    assert after.deals[0].winner == winner
    assert after.deals[0].plays == before.deals[0].plays
    change = [a - b for a, b in zip(after.balances, before.balances, strict=True)]
    paid = [min(2, before.balances[s]) for s in range(4)]
    assert change == [sum(paid) - paid[s] if s == winner else -paid[s] for s in range(4)]
    assert sum(paid) > 2  # the extra payment happened
