"""``Game.save()`` / ``restore()`` / ``copy()`` (engine/snapshot.py): a game taken back to a
saved state plays on exactly as it did from there, and a saved state never changes."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nainjaune_rules import builtin_rulesets, load_ruleset
from nainjaune_rules.engine import Game, compile_tables
from nainjaune_rules.engine.snapshot import GameState
from nainjaune_rules.engine.tables import EngineError, Tables
from nainjaune_rules.players.seating import default_players

RULESETS = builtin_rulesets()
_TABLES: dict[str, Tables] = {}


def tables(name: str) -> Tables:
    if name not in _TABLES:
        _TABLES[name] = compile_tables(load_ruleset(name))
    return _TABLES[name]


def step(game: Game, chooser: random.Random) -> bool:
    """One step of a game: a move (chosen by ``chooser`` among the legal ones), or the next
    deal; False once the game is over."""
    if game.in_play:
        legal = game.legal_moves()
        game.push(legal[chooser.randrange(len(legal))])
        return True
    return game.start_deal()


def play_on(game: Game, chooser_seed: int, heard: list[Any]) -> str:
    """Play to the end of the game; a digest of everything it did: the events heard, the
    transcript's records, the summaries, the result, the next draw of its generator."""
    chooser = random.Random(chooser_seed)
    start = len(heard)
    while step(game, chooser):
        pass
    result = game.result()
    return json.dumps([heard[start:], game.deal_records, game.end_record,
                       repr(game.summaries), repr(result), game.rng.random()],
                      default=repr, sort_keys=True)


def frozen(state: GameState) -> str:
    """Everything a state holds, as text."""
    fields = {name: getattr(state, name) for name in GameState._fields if name != "tables"}
    return json.dumps(fields, default=repr, sort_keys=True)


def new_game(name: str, seed: int, players: int | None = None) -> tuple[Game, list[Any]]:
    t = tables(name)
    count = players or default_players(sorted(t.deal_rows))
    game = Game(t, count, seed, max_deals=4)
    heard: list[Any] = []
    game.listeners.append(lambda event: heard.append(json.dumps(event, default=repr)))
    assert game.start_deal()  # a game made is in LEAD before its first deal: start it
    return game, heard


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(RULESETS), seed=st.integers(0, 10_000),
       steps=st.integers(0, 400), chooser_seed=st.integers(0, 10_000))
def test_a_restored_game_plays_on_as_it_did(name: str, seed: int, steps: int,
                                            chooser_seed: int) -> None:
    """Play some steps at random, save, play on to the end; restore and play on again (the
    same choices): the same events, records, result and generator; a copy made at the save
    does too; the state is unchanged by all of it.  ``steps`` runs past the end of many
    deals and games, so the save is also taken between deals and after the game is over."""
    game, heard = new_game(name, seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if not step(game, chooser):
            break
    state = game.save()
    before = frozen(state)
    trial = game.copy()
    first = play_on(game, chooser_seed, heard)
    assert frozen(state) == before  # the game went on: the state did not
    game.restore(state)
    assert frozen(game.save()) == before
    assert play_on(game, chooser_seed, heard) == first
    game.restore(state)  # a state is restored as often as wanted
    assert play_on(game, chooser_seed, heard) == first
    assert frozen(state) == before
    trial_heard: list[Any] = []
    trial.listeners.append(lambda event: trial_heard.append(json.dumps(event, default=repr)))
    assert play_on(trial, chooser_seed, trial_heard) == first


@pytest.mark.parametrize("name", ["cz-box", "1760"])
def test_take_back_move_by_move(name: str) -> None:
    """Taking moves back one at a time, python-chess's push/pop with a stack of states:
    each restore gives the game as it was before that move, its tokens by value (cz-box)
    and the wild card's window (1760) included."""
    game, _ = new_game(name, 3)
    chooser = random.Random(3)
    stack: list[tuple[GameState, str]] = []
    while step(game, chooser) and len(stack) < 300:
        state = game.save()
        stack.append((state, frozen(state)))
    assert any(s.window >= 0 for s, _ in stack) or name != "1760"
    assert any(s.purses is not None for s, _ in stack) or name != "cz-box"
    while stack:
        state, text = stack.pop()
        game.restore(state)
        assert frozen(game.save()) == text


def _attributes_set(game: Game) -> set[str]:
    if hasattr(game, "__dict__"):
        return set(vars(game))
    names: tuple[str, ...] = getattr(type(game), "__mypyc_attrs__", ())
    assert names, "neither an instance dictionary nor mypyc's list of attributes"
    return {name for name in names if name != "__dict__" and hasattr(game, name)}


def test_the_state_holds_every_attribute_that_changes() -> None:
    """Every attribute of a game is either what never changes once it is made (shared by a
    copy) or held by its saved state: an attribute added later must be put in one or the
    other (pure Python lists them in the instance dictionary; compiled, a game has none, and
    its class names them: ``__mypyc_attrs__``, those set read as present)."""
    constants = {"t", "n", "seed", "seat_seeds", "first_dealer", "deals_option", "max_deals",
                 "record", "decks", "listeners", "_sink", "wild_bit", "moves_by_card",
                 "_byte_moves", "unshuffled_cards", "unshuffled_bits",
                 "_rng", "_rng_state", "_rng_saved"}  # the generator: GameState.rng
    held = {f"_{name}" if name in ("result", "wild_holder") else name
            for name in GameState._fields} - {"tables", "players", "rng"}
    seen: set[str] = set()
    for name in RULESETS:
        game, _ = new_game(name, 1)
        chooser = random.Random(1)
        while step(game, chooser):
            seen |= _attributes_set(game)
        game.copy()
    assert seen - constants - held == set()
    assert held - seen <= {"lets_wild_go"}  # set only while the plain loop plays


def test_a_state_of_another_game_is_refused() -> None:
    game, _ = new_game("fr-sheet", 0)
    other, _ = new_game("1902", 0)
    with pytest.raises(EngineError, match="another game|other rules"):
        game.restore(other.save())
    quiet = Game(tables("fr-sheet"), game.n, 0, record=False)
    with pytest.raises(EngineError):
        quiet.restore(game.save())


def test_a_copy_shares_the_done_parts_and_copies_the_rest() -> None:
    """A copy shares the records of the deals played (they never change again) and has its
    own current deal's record, summary and tokens: moves on it leave the original alone."""
    game, _ = new_game("cz-box", 2)
    chooser = random.Random(2)
    while game.deal_no < 2 or game.summary.plays < 3:
        step(game, chooser)
    trial = game.copy()
    assert trial.deal_records[0] is game.deal_records[0]
    assert trial.summaries[0] is game.summaries[0]
    assert trial.deal_records[-1] is not game.deal_records[-1]
    assert trial.summary is not game.summary and trial.purses is not game.purses
    before = frozen(game.save())
    while step(trial, chooser):
        pass
    assert frozen(game.save()) == before
    assert trial.listeners == [] and trial.over and not game.over


@pytest.mark.parametrize("name", ["cz-box", "1760", "fr-sheet"])
def test_saved_between_deals_and_after_the_game(name: str) -> None:
    """A state saved once a deal is over (before the next is dealt) and once the game is
    over: restored after the game went on (or was taken back), it gives that game again."""
    game, heard = new_game(name, 5)
    chooser = random.Random(5)
    while game.in_play:
        step(game, chooser)
    between = game.save()
    assert between.deal_no == 1 and between.summaries[-1] is between.summary
    first = play_on(game, 8, heard)
    over = game.save()
    assert game.over and over.result is game.result()
    game.restore(between)
    assert not game.over and game.deal_no == 1
    assert play_on(game, 8, heard) == first
    game.restore(between)
    game.restore(over)  # forward again, without playing
    assert game.over and game.result() is over.result
    assert not game.start_deal() and not game.legal_moves()
