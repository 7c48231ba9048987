"""``random``: a uniformly random choice among the distinct legal actions.

Each card that may be played counts once (announced, when it has a word to
say) and so does passing; the forget rate alone decides forgotten announcements.
Offered a widow as dealer, it takes it or keeps its hand at even odds.
"""

from __future__ import annotations

from nainjaune_rules.engine.moves import Move
from nainjaune_rules.engine.view import SeatView
from nainjaune_rules.players.base import Bot


class RandomPlayer(Bot):
    name = "random"

    def pick(self, view: SeatView, legal: list[Move]) -> Move:
        # the announced play sorts just before its silent twin: keep the first of each card
        actions = [m for i, m in enumerate(legal) if i == 0 or legal[i - 1].card != m.card]
        return actions[self._rng().randrange(len(actions))]
