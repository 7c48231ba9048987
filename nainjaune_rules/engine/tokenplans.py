"""How a purse pays, worked out on its counts of each kind of token (for engine/purses.py).

A :class:`Planner` answers the questions a payment asks of a purse (a list of counts,
kinds largest first): what it gives towards an amount before any change
(:meth:`Planner.take`: the amount exactly, largest first when that works, else any exact
combination, else as much as it can), what a partner gives in change for one token
(:meth:`Planner.smaller`), and how far the stakes are paid box after box without change
(:meth:`Planner.stake`).  The answers depend on each count only up to what the amount can
take of that kind, ``amount // value`` (:meth:`Planner.caps`): each is worked out once per
purse counted up to those caps (a few hundred of them in cz-box, some thousands with the
larger amounts of wiki-modern) and kept for every game played with the same kinds of token
(:func:`planner`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import mul
from typing import TypeVar, assert_never

from nainjaune_rules.model.rules import ChangeRule

#: the answers kept per question before starting again: memory stays bounded
KEPT = 1 << 16

_Pick = list[int]  # how many tokens of each kind (largest first): the planner's answers
_Stake = tuple[_Pick, tuple[_Pick, ...], int]  # taken, each box's pick, boxes paid
_Caps = tuple[int, ...]
_UNKNOWN: list[int] = [-1]


class Planner:
    """The payments of one set of kinds of token (``values``, largest first), cached."""

    def __init__(self, values: tuple[int, ...]) -> None:
        self.values = values
        self._caps: dict[int, tuple[int, ...]] = {}
        #: per kind changed, the caps of a partner's purse: its smaller tokens only
        self._change_caps = [(0,) * (i + 1) + tuple(v // w for w in values[i + 1:])
                             for i, v in enumerate(values)]
        self._takes: dict[tuple[int, ...], tuple[_Pick, int]] = {}
        self._smaller: dict[tuple[int, ...], _Pick | None] = {}
        #: per stakes: their caps, and purse (so capped) -> plan
        self._stakes: dict[tuple[int, ...], tuple[_Caps, dict[tuple[int, ...], _Stake]]] = {}

    def caps(self, amount: int) -> tuple[int, ...]:
        """The most tokens of each kind a payment of ``amount`` can take, ``amount // value``.

        Whether and how a purse pays ``amount`` exactly (:meth:`exact`: largest first,
        whose every step takes ``min(count, left // value)`` with ``left <= amount``, then
        :meth:`search`, whose loop over a kind stops once ``k * value > amount``), and what
        it gives when it cannot (:meth:`part`), depend on each count only up to this cap:
        the purses that differ beyond it share one answer.
        """
        caps = self._caps.get(amount)
        if caps is None:
            caps = self._caps[amount] = tuple(amount // v for v in self.values)
        return caps

    def smaller_caps(self, kind: int) -> tuple[int, ...]:
        """The most tokens of each kind :meth:`smaller` can give for a token of ``kind``: its
        answer depends on each count only up to these (none of the kind or larger)."""
        return self._change_caps[kind]

    def stake_caps(self, stakes: tuple[int, ...]) -> tuple[int, ...]:
        """The most tokens of each kind the stakes together can take: :meth:`stake`'s answer
        depends on each count only up to these."""
        found = self._stakes.get(stakes)
        if found is None:
            caps = tuple(sum(s // v for s in stakes) for v in self.values)
            found = self._stakes[stakes] = (caps, {})
        return found[0]

    def take(self, amount: int, purse: Sequence[int]) -> tuple[_Pick, int]:
        """What ``purse`` gives towards ``amount`` before any change, and its worth: the
        amount exactly when it can (:meth:`exact`), else as much as it can largest first
        (:meth:`part`)."""
        key = (amount, *map(min, purse, self.caps(amount)))
        found = self._takes.get(key)
        if found is None:
            capped = list(key[1:])
            pick = self.exact(capped, amount) or self.part(capped, amount)
            found = keep(self._takes, key, (pick, sum(map(int.__mul__, pick, self.values))))
        return found

    def smaller(self, kind: int, purse: Sequence[int]) -> _Pick | None:
        """Tokens smaller than a token of ``kind`` worth it exactly, from ``purse``: what a
        partner gives in change for it (counted up to ``value // their value``), or None."""
        key = (kind, *map(min, purse, self._change_caps[kind]))
        found = self._smaller.get(key, _UNKNOWN)
        if found is _UNKNOWN:
            found = keep(self._smaller, key, self.exact(list(key[1:]), self.values[kind]))
        return found

    def stake(self, stakes: tuple[int, ...], purse: Sequence[int]) -> _Stake:
        """The stakes paid from ``purse`` box after box, as long as each is exact without
        change (:meth:`exact`, what a payment does before it changes a token): the tokens
        taken, each paid box's tokens, and how many boxes were paid (the first ones).

        The purse is counted up to what the stakes together can take of each kind: box
        after box, a purse so counted still holds at least ``stake // value`` of a kind
        for each box to come wherever the real purse does, so both make the same choices
        (:meth:`caps`).
        """
        caps = self.stake_caps(stakes)
        memo = self._stakes[stakes][1]
        key = tuple(map(min, purse, caps))
        plan = memo.get(key)
        if plan is None:
            left = list(key)
            picks = []
            for amount in stakes:
                pick = self.exact(left, amount)
                if pick is None:
                    break
                left = [n - m for n, m in zip(left, pick, strict=True)]
                picks.append(pick)
            taken = [n - m for n, m in zip(key, left, strict=True)]
            plan = keep(memo, key, (taken, tuple(picks), len(picks)))
        return plan

    def to_change(self, purse: Sequence[int], left: int, units: bool) -> int:
        """Which kind of token a payer holding ``purse`` changes, or -1 (none worth more
        than 1): the smallest that covers what is ``left`` to pay, else the smallest worth
        more than 1 (paying in tokens of 1 only, ``units``: the smallest).  Kept per purse
        by the purses (``Moves.changed``)."""
        smallest = -1
        for kind in range(self.values.index(1) - 1, -1, -1):  # largest first: upwards
            if purse[kind]:
                if smallest < 0:
                    smallest = kind
                if units or self.values[kind] > left:
                    return kind
        return smallest

    def part(self, purse: list[int], amount: int) -> _Pick:
        """Tokens worth as much as possible up to ``amount``, largest first."""
        pick, left = [0] * len(purse), amount
        for i, value in enumerate(self.values):
            pick[i] = min(purse[i], left // value)
            left -= pick[i] * value
        return pick

    def exact(self, purse: list[int], amount: int) -> _Pick | None:
        """Tokens worth ``amount`` exactly: largest first when that works, else :meth:`search`."""
        pick, left = [0] * len(purse), amount
        for i, value in enumerate(self.values):  # largest first: the usual way to pay
            pick[i] = min(purse[i], left // value)
            left -= pick[i] * value
        if left == 0:
            return pick
        return self.search(purse, amount)

    def search(self, purse: list[int], amount: int) -> _Pick | None:
        """Any exact combination (largest tokens first), by reachable sums: O(amount x tokens)."""
        ways: dict[int, list[int]] = {0: [0] * len(purse)}
        for i, value in enumerate(self.values):
            for total, pick in list(ways.items()):
                for k in range(1, purse[i] + 1):
                    reached = total + k * value
                    if reached > amount:
                        break
                    if reached not in ways:
                        ways[reached] = pick[:i] + [k] + pick[i + 1:]
        return ways.get(amount)


_PLANNERS: dict[tuple[int, ...], Planner] = {}


def planner(values: tuple[int, ...]) -> Planner:
    """The planner of these kinds of token, shared by every game that plays with them."""
    found = _PLANNERS.get(values)
    if found is None:
        found = _PLANNERS[values] = Planner(values)
    return found


_K = TypeVar("_K")
_V = TypeVar("_V")


def keep(memo: dict[_K, _V], key: _K, value: _V) -> _V:
    """``memo[key] = value``, the memo emptied first when full; returns ``value``."""
    if len(memo) >= KEPT:
        memo.clear()
    memo[key] = value
    return value


# -- the answers as purses' integers (engine/purses.py), shared by every game ---------

Take = tuple[int, int]  # the tokens given (one integer) and their worth
StakePlan = tuple[int, tuple[tuple[int, int], ...], int]  # taken, (box's holder, tokens), boxes


class Moves:
    """The moves of one set of kinds of token as integers, shared by every game (each worked
    out once by the :class:`Planner`).

    Each answer is kept twice: under the payer's whole integer (a purse seen before: one
    look-up), and under that integer counted up to what the question can take of each
    kind (:meth:`Purses._capped <.purses.Purses._capped>`), which many purses share: a
    purse not seen before is usually answered from there without asking the planner.
    Purses grow in variety as a game goes on (a seat's 49 tokens of cz-box come in
    thousands of mixes), their capped forms do not.
    """

    def __init__(self) -> None:
        self.takes: dict[tuple[int, int], Take] = {}  # (amount, purse) -> take
        self.smaller: dict[tuple[int, int], int | None] = {}  # (kind, partner's purse)
        self.changed: dict[tuple[int, int], int] = {}  # (what is left or -1, purse) -> kind
        #: (stakes, players) -> the plans by whole purse, the plans by capped purse, and
        #: the caps of the stakes (``Purses._caps``)
        self.stakes: dict[tuple[tuple[int, ...], int],
                          tuple[dict[int, StakePlan], dict[int, StakePlan], int]] = {}
        self.capped_takes: dict[tuple[int, int], Take] = {}
        self.capped_smaller: dict[tuple[int, int], int | None] = {}
        self.capped_changed: dict[tuple[int, int], int] = {}
        self.take_caps: dict[int, int] = {}  # amount -> its caps, packed as counts
        #: Purses' constants for ``_capped``: top bits, a count of 1 in each field, the
        #: caps of a change per kind (set by the first Purses of these kinds)
        self.caps: tuple[int, int, tuple[int, ...]] | None = None


_MOVES: dict[tuple[int, ...], Moves] = {}


def moves_of(values: tuple[int, ...]) -> Moves:
    """The moves of these kinds of token, shared by every game that plays with them."""
    found = _MOVES.get(values)
    if found is None:
        found = _MOVES[values] = Moves()
    return found


#: who changes a token (``Purses._changing``; 0: nobody)
NOBODY, BANK, PLAYERS = range(3)


def changing(change: ChangeRule | None) -> int:
    """Who changes a token under ``change``, as a small integer read at each change."""
    if change is None or change is ChangeRule.NONE:
        return NOBODY
    if change is ChangeRule.FROM_THE_BANK:
        return BANK
    if change is ChangeRule.BETWEEN_PLAYERS:
        return PLAYERS
    assert_never(change)  # a new rule: mypy names this line until Purses._change_one plays it


def dot_product(values: tuple[int, ...]) -> Callable[[list[int]], int]:
    """``sum(map(mul, values, purse))``, written out for the usual three or five kinds of
    token (twice as fast): what a purse is worth (``values``), or its integer (one
    token of each kind: ``Purses._one``)."""
    if len(values) == 5:
        a, b, c, d, e = values
        return lambda p: p[0] * a + p[1] * b + p[2] * c + p[3] * d + p[4] * e
    if len(values) == 3:
        a, b, c = values
        return lambda p: p[0] * a + p[1] * b + p[2] * c
    return lambda p: sum(map(mul, values, p))
