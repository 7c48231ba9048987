"""Tokens by value: what each player and each box holds, when a ruleset lists its tokens.

With ``tokens: 3 worth 5, 3 worth 4, 3 worth 3, 3 worth 2, 7 worth 1`` (cz-box
¶5-10) the game's balances stay totals (:class:`~nainjaune_rules.engine.game.Game`
keeps them as before); a :class:`Purses` beside them knows which tokens make
each total, and every transfer of the ledger moves real tokens:

- a payment is made **exactly** with the payer's tokens, largest first when
  that works, else with any exact combination (a few kinds of token: a small
  search bounded by the amount);
- a payment may require **tokens of 1** (``each loser pays the winner 1 per
  card in tokens of 1``, cz-box ¶40): then only tokens of 1 count;
- when the payer holds enough but cannot make the amount exactly, they **change**
  a token: their smallest token worth more than 1 for as many tokens of 1, with
  the ``change`` clause's partner — ``from the bank`` (the bank outside the game
  always can), ``between players`` (the payee first when it is a player, then the
  other players in the order of play, each only if they hold enough tokens of 1),
  ``none`` (nobody).  They change again until the payment can be made, or nobody
  can change;
- what still cannot be paid exactly is not paid: the payer pays the largest
  exact amount below it, and the rest is a shortfall under ``cannot pay in full``
  (a player who owes more than they hold gives all their tokens, as before);
- a box gives all its tokens to whoever takes it; counters bought from the bank
  come as tokens of 1.

Most payments are made largest tokens first, exactly, without change (every
stake, most settlements): :meth:`Purses.pay` tries that first with no list
built, and only then the general search.  The purses are checked against the
balances where the engine checks its tokens (:meth:`Purses.problem`, from
:func:`~nainjaune_rules.engine.invariants.tokens_problem`): every seat's and
box's tokens are worth its balance, and each kind of token is conserved (only
the bank, changing a token or selling counters, adds or removes tokens).  A
move's check counts again only the purses that moved (each method that moves
tokens names them): one integer per purse holds its counts and its worth, and
their running sum is compared with the tokens in play.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from operator import mul

from nainjaune_rules.model.rules import ChangeRule

#: a transfer's destination or source that is a box: ``BOX - position`` (as in settle.py)
BOX = -100

_Moves = tuple[tuple[int, int], ...]  # (kind, how many): the tokens a pick moves
_Take = tuple[_Moves, int]
#: per kinds of token, what a payer gives towards an amount before any change, worked out
#: once per purse and amount: ``(amount, *purse)`` -> ((kind, how many) given, their worth):
#: the amount exactly (largest first, else any exact combination), else as much as possible
_TAKES: dict[tuple[int, ...], dict[tuple[int, ...], _Take]] = {}
_PLANS_KEPT = 1 << 16  # then start again: memory stays bounded in a long simulation
_StakePlan = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int, int], ...], int]
#: per kinds of token and stakes, the stakes paid exactly from a purse (``stake``): the
#: most tokens of each kind the stakes can take, and purse (so capped) -> plan
_STAKES: dict[tuple[tuple[int, ...], tuple[int, ...]],
              tuple[tuple[int, ...], dict[tuple[int, ...], _StakePlan]]] = {}
#: per kinds of token, what a partner gives in change for a token (``_change_one``): tokens
#: smaller than it worth it exactly: ``(kind changed, *partner's purse)`` -> moves, or None
_SMALLER: dict[tuple[int, ...], dict[tuple[int, ...], _Moves | None]] = {}
_UNSEARCHED: _Moves = ((-1, -1),)
#: bits per kind of token in a purse's signature (``Purses._sig``): far more tokens than a game has
_FIELD = 32


class Purses:
    """The tokens of every seat and box, counted by kind (``values``, largest first)."""

    def __init__(self, values: tuple[int, ...], start: tuple[int, ...], players: int,
                 boxes: int, change: ChangeRule | None) -> None:
        self.values = values
        self.unit = values.index(1)
        self.seats = [list(start) for _ in range(players)]
        self.boxes = [[0] * len(values) for _ in range(boxes)]
        self.change = change
        #: how many tokens of each kind are in play: what the purses must hold together
        self.kinds = [n * players for n in start]
        self._dot = _dot_product(values)
        self._kinds = tuple(enumerate(values))
        # what the check compares (``problem``): each holder's tokens as one integer, a
        # field of _FIELD bits per kind and its worth above them; kept for every holder,
        # with their sum, and brought up to date for the holders a move touched
        self._players = players
        self._worth_at = _FIELD * len(values)
        self._sig = _dot_product(tuple((1 << (_FIELD * i)) | (v << self._worth_at)
                                       for i, v in enumerate(values)))
        self._sigs = [self._sig(p) for p in self.seats + self.boxes]
        self._seat_worths = [s >> self._worth_at for s in self._sigs[:players]]
        self._box_worths = [s >> self._worth_at for s in self._sigs[players:]]
        self._in_play = sum(self._sigs)
        self._touched: list[int] = []
        self._box_holders = tuple(range(players, players + boxes))
        self._stakes: tuple[int, ...] | None = None  # the stakes planned for (``stake``)
        self._stake_caps: tuple[int, ...] = ()
        self._stake_memo: dict[tuple[int, ...], _StakePlan] = {}
        self._takes = _TAKES.setdefault(values, {})
        self._smaller = _SMALLER.setdefault(values, {})
        self._caps: dict[int, tuple[int, ...]] = {}  # amount -> caps (``_caps_for``)
        #: per kind changed, the caps of the partner's purse: its smaller tokens only
        self._change_caps = [(0,) * (i + 1) + tuple(v // w for w in values[i + 1:])
                             for i, v in enumerate(values)]

    def __deepcopy__(self, memo: dict[int, object]) -> Purses:
        """The tokens copied (``Game.copy``); the plans worked out are shared, not copied."""
        other = copy.copy(self)
        other.seats = [list(p) for p in self.seats]
        other.boxes = [list(p) for p in self.boxes]
        other.kinds = list(self.kinds)
        other._sigs = list(self._sigs)
        other._seat_worths = list(self._seat_worths)
        other._box_worths = list(self._box_worths)
        other._touched = list(self._touched)
        return other

    def purse(self, who: int) -> list[int]:
        return self.seats[who] if who >= 0 else self.boxes[BOX - who]

    def _holder(self, who: int) -> int:
        """Where a seat or a box (``BOX - position``) is in the signatures: seats, then boxes."""
        return who if who >= 0 else self._players + BOX - who

    def total(self, who: int) -> int:
        return sum(map(mul, self.values, self.purse(who)))

    # -- paying ------------------------------------------------------------------

    def pay(self, payer: int, payee: int, amount: int, units: bool,
            partners: Callable[[], Sequence[int]], said: Callable[[int, object, int], None]) -> int:
        """Move tokens worth up to ``amount`` from ``payer`` to ``payee``; returns what moved.

        A box gives all it holds.  A player pays exactly when they can; else they pay
        what they can exactly, change one token (``partners()``: who may give change, in
        order; ``said`` is told of each change: payer, partner or ``"bank"``, value) and
        go on, until all is paid or nobody can change.
        """
        if payer >= 0:
            src = self.seats[payer]
            if payee >= 0:
                dst = self.seats[payee]
                self._touched += (payer, payee)
            else:
                dst = self.boxes[BOX - payee]
                self._touched += (payer, self._players + BOX - payee)
        else:  # a box gives all it holds
            src, dst = self.boxes[BOX - payer], self.purse(payee)
            self._touched += (self._players + BOX - payer, self._holder(payee))
            for i, n in enumerate(src):
                if n:
                    dst[i] += n
                    src[i] = 0
            return amount
        if units:
            unit = self.unit
            if src[unit] >= amount:  # the usual case: tokens of 1 enough in hand
                src[unit] -= amount
                dst[unit] += amount
                return amount
            return amount - self._pay_units(payer, src, dst, amount, partners, said)
        left, takes = amount, self._takes
        while True:
            key = (left, *map(min, src, self._caps.get(left) or self._caps_for(left)))
            take = takes.get(key)
            if take is None:
                take = self._take(key)
            for i, n in take[0]:
                src[i] -= n
                dst[i] += n
            left -= take[1]
            if not left or not self._change_one(payer, left, False, partners, said):
                return amount - left

    def _pay_units(self, payer: int, src: list[int], dst: list[int], amount: int,
                   partners: Callable[[], Sequence[int]],
                   said: Callable[[int, object, int], None]) -> int:
        """:meth:`pay` in tokens of 1: as many as the payer has, then change; what is left."""
        unit, left = self.unit, amount
        while True:
            take = min(src[unit], left)  # usually all of it: tokens of 1 in hand
            src[unit] -= take
            dst[unit] += take
            left -= take
            if not left or not self._change_one(payer, left, True, partners, said):
                return left

    def take_box(self, box: int, seat: int) -> None:
        """``seat`` takes every token of ``box`` (what :meth:`pay` does for a box)."""
        src, dst = self.boxes[box], self.seats[seat]
        self._touched += (self._players + box, seat)
        for i, n in enumerate(src):
            if n:
                dst[i] += n
                src[i] = 0

    def pay_exact(self, payer: int, payee: int, amount: int) -> bool:
        """``payer`` (a seat) pays ``amount`` exactly without change, as :meth:`pay` would
        (largest tokens first, else any exact combination); False, and nothing moved, when
        only change would make it exact."""
        src = self.seats[payer]
        key = (amount, *map(min, src, self._caps.get(amount) or self._caps_for(amount)))
        take = self._takes.get(key)
        if take is None:
            take = self._take(key)
        if take[1] != amount:
            return False
        dst = self.purse(payee)
        for i, n in take[0]:
            src[i] -= n
            dst[i] += n
        self._touched += (payer, self._holder(payee))
        return True

    def stake(self, seat: int, stakes: tuple[int, ...]) -> int:
        """``seat`` pays each box its stake, box by box, as long as each is exact without
        change (largest tokens first, else any exact combination: what :meth:`pay` does
        before it changes a token); returns how many boxes were paid, the first of them
        (all, usually: ``len(stakes)``).  The box that needs change, and those after it,
        are left to the transfer.

        Planned once per purse (:data:`_STAKES`), a purse counted only up to what the
        stakes could take of each kind, ``caps``: an exact payment of ``s`` takes at most
        ``s // value`` tokens of a kind, and whether and how a purse pays ``s`` exactly
        (largest first, or the search: :meth:`_exact`) depends on each count only up to
        ``s // value``.  Box after box, a purse counted up to the caps still holds at least
        ``stake // value`` of a kind for each box to come wherever the real purse does, so
        both make the same choices; the purses that differ only beyond the caps, most of
        them, share one plan.
        """
        if stakes is not self._stakes:  # one ruleset per game: looked up once
            found = _STAKES.get((self.values, stakes))
            if found is None:
                caps = tuple(sum(s // v for s in stakes) for v in self.values)
                found = _STAKES[self.values, stakes] = (caps, {})
            self._stakes = stakes
            self._stake_caps, self._stake_memo = found
        memo = self._stake_memo
        src = self.seats[seat]
        key = tuple(map(min, src, self._stake_caps))
        plan = memo.get(key)
        if plan is None:
            if len(memo) >= _PLANS_KEPT:
                memo.clear()
            plan = memo[key] = self._stake_plan(list(key), stakes)
        taken, paid, boxes_paid = plan
        for i, take in taken:
            src[i] -= take
        boxes = self.boxes
        for box, i, take in paid:
            boxes[box][i] += take
        self._touched.append(seat)
        self._touched += self._box_holders[:boxes_paid]
        return boxes_paid

    def _stake_plan(self, purse: list[int], stakes: tuple[int, ...]) -> _StakePlan:
        """(kind, how many) taken from the purse, (box, kind, how many) paid, and how many
        boxes were paid: up to the first stake that is not exact."""
        left = list(purse)
        paid = []
        boxes_paid = 0
        for box, amount in enumerate(stakes):
            pick = self._exact(left, amount)
            if pick is None:
                break
            for i, take in enumerate(pick):
                if take:
                    left[i] -= take
                    paid.append((box, i, take))
            boxes_paid += 1
        taken = tuple((i, n - m) for i, (n, m) in enumerate(zip(purse, left, strict=True))
                      if n != m)
        return taken, tuple(paid), boxes_paid

    def _take(self, key: tuple[int, ...]) -> _Take:
        """What a purse gives towards an amount before any change (:data:`_TAKES`), ``key``
        the amount and the purse counted up to its caps (:meth:`_caps_for`): the amount
        exactly when it can (:meth:`_exact`), else as much as it can largest first
        (:meth:`_part`)."""
        amount, purse = key[0], list(key[1:])
        pick = self._exact(purse, amount) or self._part(purse, amount, False)
        takes = self._takes
        if len(takes) >= _PLANS_KEPT:
            takes.clear()
        take = takes[key] = (_moves(pick), self._dot(pick))
        return take

    def _caps_for(self, amount: int) -> tuple[int, ...]:
        """The most tokens of each kind a payment of ``amount`` can take, ``amount // value``.

        Whether and how a purse pays ``amount`` exactly (:meth:`_exact`: largest first,
        whose every step takes ``min(count, left // value)`` with ``left <= amount``, then
        :meth:`_search`, whose loop over a kind stops once ``k * value > amount``), and
        what it gives when it cannot (:meth:`_part`), depend on each count only up to this
        cap: the purses that differ beyond it share one entry in the caches.
        """
        caps = self._caps[amount] = tuple(amount // v for v in self.values)
        return caps

    def buy(self, seat: int, amount: int) -> None:
        """Counters bought from the bank come as tokens of 1."""
        self.seats[seat][self.unit] += amount
        self.kinds[self.unit] += amount
        self._touched.append(seat)

    def problem(self, balances: list[int], board: list[int], everyone: bool = False) -> str | None:
        """What is wrong with the tokens by value, or None: each seat's and box's tokens are
        worth its balance, and each kind of token is conserved (the bank aside).

        Only the purses that moved since the last check are counted again (every method
        that moves tokens says which), unless ``everyone``: a move costs a few integer
        operations, whatever the number of seats and boxes.  Every purse's worth is still
        compared with its balance (a ledger that moved a balance and no tokens is caught),
        and the kinds are counted from the running sum of the signatures.
        """
        seats, boxes, players = self.seats, self.boxes, self._players
        touched = range(len(self._sigs)) if everyone else set(self._touched)
        if touched:
            sigs, sig, shift = self._sigs, self._sig, self._worth_at
            seat_worths, box_worths = self._seat_worths, self._box_worths
            in_play = self._in_play
            for h in touched:
                if h < players:
                    s = sig(seats[h])
                    seat_worths[h] = s >> shift
                else:
                    s = sig(boxes[h - players])
                    box_worths[h - players] = s >> shift
                in_play += s - sigs[h]
                sigs[h] = s
            self._in_play = in_play
            self._touched = []
        if self._seat_worths != balances or self._box_worths != board:  # compared in C
            return self._worth_problem(seats + boxes, balances + board)
        if self._in_play != self._sig(self.kinds):
            counted = list(map(sum, zip(*seats, *boxes, strict=True)))
            return (f"tokens by value not conserved: {counted} in play, "
                    f"expected {self.kinds} (largest first)")
        return None

    def _worth_problem(self, holders: list[list[int]], held: list[int]) -> str:
        """The first seat or box whose tokens are not worth its balance, said."""
        worths = self._seat_worths + self._box_worths
        who = next(w for w, (a, b) in enumerate(zip(worths, held, strict=True)) if a != b)
        name = f"seat {who}" if who < len(self.seats) else f"box {who - len(self.seats)}"
        purse = holders[who]
        if min(purse) < 0:
            return f"the tokens of {name} are {purse}: a negative count"
        return f"the tokens of {name} are worth {self._dot(purse)}, its balance is {held[who]}"

    # -- change and exact sums ------------------------------------------------------

    def _change_one(self, payer: int, left: int, units: bool,
                    partners: Callable[[], Sequence[int]],
                    said: Callable[[int, object, int], None]) -> bool:
        """Change one of the payer's tokens for smaller ones; False when nobody can."""
        if self.change is None or self.change is ChangeRule.NONE:
            return False
        purse = self.seats[payer]
        values = self.values
        # the smallest token that covers what is left, else the smallest worth more than 1
        # (kinds are largest first: look from the smallest worth more than 1 upwards)
        i = smallest = -1
        for kind in range(self.unit - 1, -1, -1):
            if purse[kind]:
                if smallest < 0:
                    smallest = kind
                if units or values[kind] > left:  # tokens of 1 only: the smallest is changed
                    i = kind
                    break
        if smallest < 0:
            return False
        if i < 0:
            i = smallest
        value = values[i]
        if self.change is ChangeRule.FROM_THE_BANK:
            partner: object = "bank"  # the bank gives tokens of 1
        elif units:  # the usual change (cz-box): the first partner with tokens of 1 enough
            seats, unit = self.seats, self.unit
            giver = next((s for s in partners() if seats[s][unit] >= value), -1)
            if giver < 0:
                return False
            partner = giver
            self._touched.append(giver)
            other = seats[giver]
            other[i] += 1
            other[unit] -= value
            purse[unit] += value
        else:
            seats, smaller = self.seats, self._smaller
            for seat in partners():
                other = seats[seat]
                key = (i, *map(min, other, self._change_caps[i]))
                found = smaller.get(key, _UNSEARCHED)
                if found is _UNSEARCHED:
                    found = self._find_smaller(key)
                if found is not None:
                    break
            else:
                return False
            partner = seat
            self._touched.append(seat)
            other[i] += 1
            for k, n in found:
                other[k] -= n
                purse[k] += n
        purse[i] -= 1
        if partner == "bank":
            purse[self.unit] += value
            self.kinds[i] -= 1  # the bank takes the token and gives tokens of 1
            self.kinds[self.unit] += value
        said(payer, partner, value)
        return True

    def _find_smaller(self, key: tuple[int, ...]) -> _Moves | None:
        """Tokens smaller than the token of kind ``key[0]`` worth it exactly, as (kind, how
        many), from the purse ``key[1:]`` (its tokens of that kind and larger left out, the
        others counted up to ``value // their value``: ``_change_caps``, see
        :meth:`_caps_for`): what a partner gives in change (``_change_one``, :data:`_SMALLER`)."""
        kind, below = key[0], list(key[1:])
        pick = self._exact(below, self.values[kind])
        if len(self._smaller) >= _PLANS_KEPT:
            self._smaller.clear()
        found = self._smaller[key] = None if pick is None else _moves(pick)
        return found

    def _part(self, purse: list[int], amount: int, units: bool) -> list[int]:
        """Tokens worth as much as possible up to ``amount``, largest first."""
        pick, left = [0] * len(purse), amount
        for i, value in enumerate(self.values):
            if units and i != self.unit:
                continue
            pick[i] = min(purse[i], left // value)
            left -= pick[i] * value
        return pick

    def _exact(self, purse: list[int], amount: int) -> list[int] | None:
        pick, left = [0] * len(purse), amount
        for i, value in enumerate(self.values):  # largest first: the usual way to pay
            pick[i] = min(purse[i], left // value)
            left -= pick[i] * value
        if left == 0:
            return pick
        return self._search(purse, amount)

    def _search(self, purse: list[int], amount: int) -> list[int] | None:
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


def _dot_product(values: tuple[int, ...]) -> Callable[[list[int]], int]:
    """What a purse is worth: ``sum(map(mul, values, purse))``, written out for the usual
    three or five kinds of token (twice as fast: the purses are checked after every move
    that moves tokens)."""
    if len(values) == 5:
        a, b, c, d, e = values
        return lambda p: p[0] * a + p[1] * b + p[2] * c + p[3] * d + p[4] * e
    if len(values) == 3:
        a, b, c = values
        return lambda p: p[0] * a + p[1] * b + p[2] * c
    return lambda p: sum(map(mul, values, p))


def _moves(pick: list[int]) -> _Moves:
    """A pick (how many of each kind) as the (kind, how many) it moves: kinds not moved left out."""
    return tuple((i, n) for i, n in enumerate(pick) if n)
