"""What every bot shares: a seat, its own seeded RNG, and a forget rate.

A bot's RNG is seeded from the game (``Game.seat_seeds``), so a game is
reproducible from its seed whatever the seats, and a random seat never shifts
the shuffles of the deck.  ``forget`` is the probability that the bot, having
chosen to announce a card, plays it without the word (a forgotten
announcement, forfeited as the ruleset says); at 0 the RNG is not consulted,
so the reference policy stays exact.
"""

from __future__ import annotations

import random

from nainjaune_rules.engine.game import Game
from nainjaune_rules.engine.moves import Move, move_for
from nainjaune_rules.engine.view import SeatView


class Bot:
    """Base of the bots: subclasses implement :meth:`pick`."""

    name = "bot"

    def __init__(self, forget: float = 0.0) -> None:
        if not 0.0 <= forget <= 1.0:
            raise ValueError(f"forget rate must be between 0 and 1, not {forget}")
        self.forget = forget
        self.seat = -1
        self.rng: random.Random | None = None  # seeded from the game in begin()
        self._seed: int | None = None

    def begin(self, game: Game, seat: int) -> None:
        """Called once before the game: take the seat and the RNG seed the game gives it.

        A bot keeps nothing of the game but its seed: at each choice it is given its
        seat's :class:`~nainjaune_rules.engine.view.SeatView`, never another hand.
        """
        self.seat = seat
        self.rng = None  # made on first use: the reference policy at forget 0 never needs it
        self._seed = game.seat_seeds[seat]

    def choose(self, view: SeatView, legal: list[Move]) -> Move:
        move = self.pick(view, legal)
        if move.announce and self.forget and self._rng().random() < self.forget:
            return move_for(move.card, False)
        return move

    def _rng(self) -> random.Random:
        if self.rng is None:
            if self._seed is None:
                raise RuntimeError(f"{self.name} has not been seated: call begin(game, seat)")
            self.rng = random.Random(self._seed)
        return self.rng

    def pick(self, view: SeatView, legal: list[Move]) -> Move:
        raise NotImplementedError

    @property
    def spec(self) -> str:
        return self.name + (f":forget={self.forget:g}" if self.forget else "")
