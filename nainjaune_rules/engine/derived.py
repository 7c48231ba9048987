"""Values worked out once per immutable object (a ruleset's tables), kept by identity.

A :class:`~nainjaune_rules.engine.tables.Tables` never changes once compiled, and a game,
a pool's worker or a bot meets the same one again and again: what is worked out from it
(the table of what follows each card, the points of a hand a byte at a time, a bot's
worth of each card) is kept beside it.  Kept by ``id`` rather than by hash (hashing a
whole table of rules on every look-up would cost more than the look-up saves), with the
object itself, so that its id is not reused while it is kept; a long session of many
rulesets starts again after :attr:`OncePer.most` objects.

>>> sizes = OncePer(len)
>>> deck = (1, 2, 3)
>>> sizes(deck), sizes(deck)
(3, 3)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

O = TypeVar("O")  # noqa: E741 - the owner
V = TypeVar("V")


class OncePer(Generic[O, V]):
    """``make(owner)``, worked out the first time an owner is asked for, then read back."""

    def __init__(self, make: Callable[[O], V], most: int = 64) -> None:
        self.make = make
        self.most = most
        self._kept: dict[int, tuple[O, V]] = {}

    def __call__(self, owner: O) -> V:
        found = self._kept.get(id(owner))
        if found is not None and found[0] is owner:
            return found[1]
        value = self.make(owner)
        if len(self._kept) >= self.most:
            self._kept.clear()  # a long session of many rulesets: start again
        self._kept[id(owner)] = (owner, value)
        return value
