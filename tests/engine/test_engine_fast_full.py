"""The fast loop and the full loop play the same games, under every option choice.

A game without a transcript and nobody listening is played by the fast loop
(``engine/plain.py::_play_deal``: plain cards and passes inline, the run's state in
locals); with a transcript or a listener, by the engine's own methods.  Both must
give the same game, deal for deal (:class:`GameResult` holds every deal's summary:
boxes, forfeits, stops, stuck rounds, payments, balances).

Each variant is a built-in or house ruleset with its default options, or with one
option set to one of its other choices (every choice of every option is played);
each game draws its player count from the deal table and a bot for each seat.
The full loop alternates between a transcript (``record=True``) and a listener.

The default run plays ``GAMES`` pairs per variant (40 variants: 320 pairs); the
``slow`` run plays ``GAMES_SLOW`` more each (1,200 pairs), on other seeds.  An
injected drift (the fast loop not resetting ``skips`` after a card, which matters
only under fr-web's ``stuck=new-run``) makes 2 of the first 200 default pairs and 22
of the 1,200 slow ones differ; the tests with default options alone never saw it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from nainjaune_rules import builtin_rulesets, load_ruleset
from nainjaune_rules.engine import Game, compile_tables
from nainjaune_rules.engine.tables import Tables
from nainjaune_rules.players.session import make_seats

SPECS = ["lowest", "greedy", "random", "random:forget=0.3", "greedy:forget=0.2",
         "lowest:forget=0.5"]
GAMES = 8
GAMES_SLOW = 30
MAX_DEALS = 30  # a bound on games that end only when a player is ruined


def _variants() -> list[tuple[str, dict[str, str]]]:
    """Every ruleset with its defaults, and with each other choice of each option."""
    found: list[tuple[str, dict[str, str]]] = []
    for name in builtin_rulesets():
        found.append((name, {}))
        for option in load_ruleset(name).options:
            found += [(name, {option.name: c.name}) for c in option.choices
                      if c.name != option.default]
    return found


VARIANTS = _variants()
IDS = [f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'defaults'}" for n, o in VARIANTS]


def _play(tables: Tables, players: int, seed: int, specs: list[str], full: str) -> Any:
    game = Game(tables, players, seed, record=full == "record", max_deals=MAX_DEALS)
    if full == "listen":
        game.listeners.append(lambda _event: None)  # the engine's own path for every move
    return game.play(make_seats(specs))


def _same_games(name: str, options: dict[str, str], games: int, stream: str) -> int:
    """Play ``games`` pairs; fail on the first that differs, naming the game."""
    tables = compile_tables(load_ruleset(name, options))
    rng = random.Random(f"{stream}:{name}:{sorted(options.items())}")
    counts = sorted(tables.deal_rows)
    for i in range(games):
        players = rng.choice(counts)
        specs = [rng.choice(SPECS) for _ in range(players)]
        seed = rng.randrange(1 << 30)
        full = "record" if i % 2 else "listen"
        fast = _play(tables, players, seed, specs, "")
        slow = _play(tables, players, seed, specs, full)
        if fast != slow:
            where = next((f"deal {a.number}" for a, b in zip(fast.deals, slow.deals, strict=False)
                          if a != b), "the result")
            pytest.fail(f"{name} {options or 'defaults'}, seed {seed}, seats {','.join(specs)}: "
                        f"the fast loop and the full loop ({full}) differ at {where}:\n"
                        f"  fast {fast}\n  full {slow}")
    return games


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_fast_and_full_loops_play_the_same_games(name: str, options: dict[str, str]) -> None:
    assert _same_games(name, options, GAMES, "default") == GAMES


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_fast_and_full_loops_play_the_same_games_on_more_seeds(
        name: str, options: dict[str, str]) -> None:
    assert _same_games(name, options, GAMES_SLOW, "slow") == GAMES_SLOW


def test_every_option_choice_is_a_variant() -> None:
    """The list is complete: each choice of each option of each ruleset is played."""
    played = {(n, k, v) for n, o in VARIANTS for k, v in o.items()}
    for name in builtin_rulesets():
        assert (name, {}) in VARIANTS
        for option in load_ruleset(name).options:
            for choice in option.choices:
                assert choice.name == option.default or (name, option.name, choice.name) in played
    assert {"house/1902-per-card", "house/two-player-suits"} <= {n for n, _ in VARIANTS}
