"""Playing a whole game in one call, with players made from their specs."""

from __future__ import annotations

from collections.abc import Sequence

from nainjaune_rules.engine.game import Game, Seat
from nainjaune_rules.engine.summary import GameResult
from nainjaune_rules.engine.tables import Tables
from nainjaune_rules.model.rules import Ruleset


def make_seats(specs: Sequence[str | Seat]) -> list[Seat]:
    """Player objects from specs (``"greedy"``, ``"random:forget=0.2"``) or objects."""
    from nainjaune_rules.players import make_player  # players sit above the engine

    seats: list[Seat] = []
    for spec in specs:
        seats.append(make_player(spec) if isinstance(spec, str) else spec)  # type: ignore[arg-type]
    return seats


def play_game(ruleset: Ruleset | Tables, seats: Sequence[str | Seat], seed: int = 0, *,
              deals: int | None = None, dealer: int | None = None, max_deals: int = 1000,
              record: bool = False) -> GameResult:
    """Play a game to its end and return its result (``result.deals``: one summary per deal).

    ``record=False`` (the default here) skips building the transcript: the
    fast path for statistics; invariants are checked all the same.
    """
    game = Game(ruleset, len(seats), seed, deals=deals, dealer=dealer, max_deals=max_deals,
                record=record)
    return game.play(make_seats(seats))
