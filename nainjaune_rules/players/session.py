"""Playing a whole game in one call, with players made from their specs; or deal by deal,
handing each finished deal's record on and keeping none (:func:`play_by_deal`)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

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


def play_by_deal(game: Game, seats: Sequence[Seat], *, summaries: bool = True
                 ) -> Iterator[dict[str, Any]]:
    """Play ``game`` (made with ``record=True``) to its end as :meth:`Game.play` does,
    yielding each deal's record as the deal ends, then forgetting it.

    A game kept whole holds every deal's record (270 kB a deal in memory); played this
    way it holds one, whatever the number of deals.  A deal whose stakes could not be
    paid (no cards dealt) is yielded too, as the game ends.  ``summaries=False`` forgets
    the deals' summaries too (a few kB each): ``game.result().deals`` is then empty.
    """
    if len(seats) != game.n:
        game.play(seats)  # the engine's own error for a wrong count
    for seat, player in enumerate(seats):
        begin = getattr(player, "begin", None)
        if begin is not None:
            begin(game, seat)  # a bot takes its seat and its seed
    while game.start_deal():
        game.play_deal(seats)
        if not summaries:
            game.summaries.clear()
        yield from _finished(game)
    yield from _finished(game)


def _finished(game: Game) -> Iterator[dict[str, Any]]:
    records = game.deal_records
    while records:
        yield records.pop(0)
