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

**One integer per purse.**  A seat's or a box's tokens are held as one integer
(:attr:`Purses.held`): :data:`_FIELD` bits per kind of token, and the purse's worth
above them.  One token of a kind is such an integer too (its count 1, its worth its
value), and so is any handful of tokens, their sum: moving tokens is one subtraction
from the giver and one addition to the receiver, and the worth moves with them.  What
a payment gives is worked out on the counts (:mod:`.tokenplans`) once per purse and
amount and kept as that one integer, so a payment that was seen before (most of them:
purses are small, their states recur) reads no count at all; a purse not seen before is
first counted up to what the payment can take of each kind (:meth:`Purses._capped`, a few
integer operations), and that form has usually been seen.

The purses are checked against the balances where the engine checks its tokens
(:meth:`Purses.problem`, from :func:`~nainjaune_rules.engine.invariants.tokens_problem`):
every seat's and box's tokens are worth its balance (its integer shifted down to the
worth), and each kind of token is conserved (the integers of every purse add up to
the tokens in play: only the bank, changing a token or selling counters, adds or
removes tokens).  Every purse is read at every check: a handful of integer operations.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence

from nainjaune_rules.engine.tokenplans import (
    BANK,
    StakePlan,
    Take,
    changing,
    dot_product,
    keep,
    moves_of,
    planner,
)
from nainjaune_rules.model.rules import ChangeRule

#: a transfer's destination or source that is a box: ``BOX - position`` (as in settle.py)
BOX = -100
#: bits per kind of token in a purse's integer: far more tokens than a game has (and
#: a field is read as a 32-bit unsigned integer: ``Purses._counts``)
_FIELD = 32
_MASK = (1 << _FIELD) - 1
_UNKNOWN = -1  # not worked out yet (a packed handful of tokens is never negative)

#: every purse's integer, the count of each kind in play, what they add up to (``tokens``)
PurseTokens = tuple[tuple[int, ...], tuple[int, ...], int]


class Purses:
    """The tokens of every seat and box (``values``: the kinds of token, largest first):
    one integer each, :attr:`held` (the module docstring); :meth:`purse` reads its counts."""

    def __init__(self, values: tuple[int, ...], start: tuple[int, ...], players: int,
                 boxes: int, change: ChangeRule | None, _copy_of: Purses | None = None) -> None:
        if _copy_of is not None:  # copy(): a mypyc class has no __new__ that skips __init__
            self._share(_copy_of)
            return
        self.values = values
        self.unit = values.index(1)
        self.change = change
        self._changing = changing(change)
        #: how many tokens of each kind are in play: what the purses must hold together
        self.kinds = [n * players for n in start]
        self._players = players
        self._worth_at = _FIELD * len(values)
        self._unit_at = _FIELD * self.unit
        #: one token of each kind as a purse's integer: its count 1 and its worth
        self._one = tuple((1 << (_FIELD * i)) | (v << self._worth_at)
                          for i, v in enumerate(values))
        self._pack = dot_product(self._one)
        #: a token of each kind's worth in tokens of 1, as a purse's integer (a change)
        self._ones = tuple(v * self._one[self.unit] for v in values)
        self._fields = (1 << self._worth_at) - 1
        self._read = struct.Struct(f"<{len(values)}I").unpack
        self._dot = dot_product(values)
        #: every seat's purse, then every box's, one integer each
        self.held = [self._pack(list(start))] * players + [0] * boxes
        self._expected = self._pack(self.kinds)  # what they add up to
        self._planner = planner(values)
        self._moves = moves = moves_of(values)
        if moves.caps is None:  # worked out once per set of kinds, not per game
            # the top bit of each count's field, a count of 1 in each (``_capped``), and
            # the caps of a change for each kind of token
            moves.caps = (self._pack([1 << (_FIELD - 1)] * len(values)) & self._fields,
                          self._caps((1,) * len(values)),
                          tuple(self._caps(self._planner.smaller_caps(kind))
                                for kind in range(len(values))))
        self._high, self._some, self._smaller_caps = moves.caps
        self._stakes: tuple[int, ...] | None = None  # the stakes planned for (``stake``)
        self._stake_moves: dict[int, StakePlan] = {}
        self._capped_stakes: dict[int, StakePlan] = {}
        self._stake_caps = 0

    def __deepcopy__(self, memo: dict[int, object]) -> Purses:
        return self.copy()

    def copy(self) -> Purses:
        """The tokens copied (``Game.copy``); the constants and the moves worked out are
        shared, not worked out again."""
        return Purses(self.values, (), 0, 0, self.change, _copy_of=self)

    def _share(self, other: Purses) -> None:
        self.values, self.unit, self.change = other.values, other.unit, other.change
        self._changing, self._ones = other._changing, other._ones
        self.kinds, self.held, self._expected = list(other.kinds), list(other.held), other._expected
        self._players, self._worth_at = other._players, other._worth_at
        self._unit_at, self._one, self._pack = other._unit_at, other._one, other._pack
        self._fields, self._read, self._dot = other._fields, other._read, other._dot
        self._planner = other._planner
        self._moves, self._high, self._some = other._moves, other._high, other._some
        self._smaller_caps, self._stakes = other._smaller_caps, other._stakes
        self._stake_moves, self._capped_stakes = other._stake_moves, other._capped_stakes
        self._stake_caps = other._stake_caps

    def tokens(self) -> PurseTokens:
        """Every purse's tokens, as ``Game.save`` keeps them (:meth:`set_tokens` puts them back)."""
        return tuple(self.held), tuple(self.kinds), self._expected

    def set_tokens(self, tokens: PurseTokens) -> None:
        held, kinds, self._expected = tokens
        self.held, self.kinds = list(held), list(kinds)

    # -- counts, for the planner, messages and tests ----------------------------------

    def _counts(self, held: int) -> tuple[int, ...]:
        """The counts of a purse's integer, kinds largest first, read at once in C (each
        field as an unsigned integer: what the planner reads; a purse in play has no
        negative count)."""
        return self._read((held & self._fields).to_bytes(self._worth_at // 8, "little"))

    def _caps(self, caps: Sequence[int]) -> int:
        """Caps on each count, packed as a purse's counts are (no worth): for ``_capped``."""
        return self._pack([min(cap, _MASK >> 1) for cap in caps]) & self._fields

    def _capped(self, held: int, caps: int) -> int:
        """A purse's counts, each at most its cap (``caps``, from ``_caps``), as one integer.

        Each field at once: ``(count | top bit) - cap`` keeps the top bit exactly where the
        count is at least the cap (a count in play is below the top bit, and so is a cap:
        nothing borrows from the next field), and those fields take the cap.  A question
        whose answer depends on each count only up to such caps (:meth:`Planner.caps
        <.tokenplans.Planner.caps>`) has the same answer for the purse and its capped form.
        """
        counts = held & self._fields
        high = self._high
        at_cap = ((((counts | high) - caps) & high) >> (_FIELD - 1)) * _MASK
        return (counts & ~at_cap) | (caps & at_cap)

    def _unpack(self, held: int) -> list[int]:
        """The counts of a purse's integer, kinds largest first, a negative count (a bug)
        read as such: for messages and tests."""
        counts = []
        for _ in self.values:
            n = held & _MASK
            if n > _MASK >> 1:
                n -= 1 << _FIELD
            counts.append(n)
            held = (held - n) >> _FIELD
        return counts

    def _holder(self, who: int) -> int:
        """Where a seat or a box (``BOX - position``) is in :attr:`held`: seats, then boxes."""
        return who if who >= 0 else self._players + BOX - who

    def purse(self, who: int) -> list[int]:
        """The counts of a seat's or a box's tokens (a copy: :meth:`set_purse` changes them)."""
        return self._unpack(self.held[self._holder(who)])

    def set_purse(self, who: int, counts: list[int]) -> None:
        """Give a seat or a box these tokens (tests, and a purse tampered with in them)."""
        self.held[self._holder(who)] = self._pack(counts)

    @property
    def seats(self) -> list[list[int]]:
        """Every seat's counts (a copy)."""
        return [self._unpack(h) for h in self.held[:self._players]]

    @seats.setter
    def seats(self, purses: list[list[int]]) -> None:
        for seat, counts in enumerate(purses):
            self.held[seat] = self._pack(counts)

    @property
    def boxes(self) -> list[list[int]]:
        """Every box's counts (a copy)."""
        return [self._unpack(h) for h in self.held[self._players:]]

    def total(self, who: int) -> int:
        """What a seat's or a box's tokens are worth, counted from its counts."""
        return self._dot(self.purse(who))

    # -- paying ------------------------------------------------------------------

    def pay(self, payer: int, payee: int, amount: int, units: bool,
            partners: Callable[[], Sequence[int]],
            said: Callable[[int, object, int], None]) -> int:
        """Move tokens worth up to ``amount`` from ``payer`` to ``payee``; returns what moved.

        A box gives all it holds.  A player pays exactly when they can; else they pay
        what they can exactly, change one token (``partners()``: who may give change, in
        order; ``said`` is told of each change: payer, partner or ``"bank"``, value) and
        go on, until all is paid or nobody can change.
        """
        held = self.held
        dst = payee if payee >= 0 else self._players + BOX - payee
        if payer < 0:  # a box gives all it holds
            src = self._players + BOX - payer
            held[dst] += held[src]
            held[src] = 0
            return amount
        if units:
            if (held[payer] >> self._unit_at) & _MASK >= amount:  # tokens of 1 enough in hand
                given = amount * self._one[self.unit]
                held[payer] -= given
                held[dst] += given
                return amount
            return amount - self._pay_units(payer, dst, amount, partners, said)
        left = amount
        while True:
            given, worth = self._take(held[payer], left)
            held[payer] -= given
            held[dst] += given
            left -= worth
            if not left or not self._change_one(payer, left, False, partners, said):
                return amount - left

    def pay_ones(self, payer: int, payee: int, amount: int) -> bool:
        """``payer`` (a seat) pays ``amount`` in tokens of 1 when it holds that many (what
        :meth:`pay` in tokens of 1 does first); False, and nothing moved, when it does not."""
        held = self.held
        if (held[payer] >> self._unit_at) & _MASK < amount:
            return False
        given = amount * self._one[self.unit]
        held[payer] -= given
        held[payee if payee >= 0 else self._players + BOX - payee] += given
        return True

    def _take(self, purse: int, amount: int) -> Take:
        """What ``purse`` gives towards ``amount`` before any change, and its worth
        (:meth:`Planner.take <.tokenplans.Planner.take>`), as one integer."""
        key = (amount, purse)
        moves = self._moves
        take = moves.takes.get(key)
        if take is None:
            caps = moves.take_caps.get(amount)
            if caps is None:
                caps = moves.take_caps[amount] = self._caps(self._planner.caps(amount))
            capped = (amount, self._capped(purse, caps))
            take = moves.capped_takes.get(capped)
            if take is None:
                pick, worth = self._planner.take(amount, self._counts(capped[1]))
                take = keep(moves.capped_takes, capped, (self._pack(pick), worth))
            keep(moves.takes, key, take)
        return take

    def _pay_units(self, payer: int, dst: int, amount: int,
                   partners: Callable[[], Sequence[int]],
                   said: Callable[[int, object, int], None]) -> int:
        """:meth:`pay` in tokens of 1: as many as the payer has, then change; what is left."""
        held, unit, at = self.held, self._one[self.unit], self._unit_at
        left = amount
        while True:
            take = min((held[payer] >> at) & _MASK, left)  # usually all: tokens of 1 in hand
            held[payer] -= take * unit
            held[dst] += take * unit
            left -= take
            if not left or not self._change_one(payer, left, True, partners, said):
                return left

    def take_box(self, box: int, seat: int) -> None:
        """``seat`` takes every token of ``box`` (what :meth:`pay` does for a box)."""
        held = self.held
        held[seat] += held[self._players + box]
        held[self._players + box] = 0

    def pay_exact(self, payer: int, payee: int, amount: int) -> bool:
        """``payer`` (a seat) pays ``amount`` exactly without change, as :meth:`pay` would
        (largest tokens first, else any exact combination); False, and nothing moved, when
        only change would make it exact."""
        held = self.held
        given, worth = self._take(held[payer], amount)
        if worth != amount:
            return False
        held[payer] -= given
        held[self._holder(payee)] += given
        return True

    def stake(self, seat: int, stakes: tuple[int, ...]) -> int:
        """``seat`` pays each box its stake, box by box, as long as each is exact without
        change (what :meth:`pay` does before it changes a token: :meth:`Planner.stake
        <.tokenplans.Planner.stake>`); returns how many boxes were paid, the first of them
        (all, usually: ``len(stakes)``).  The box that needs change, and those after it,
        are left to the transfer."""
        if stakes is not self._stakes:  # one ruleset per game: looked up once
            self._stakes = stakes
            found = self._moves.stakes.get((stakes, self._players))
            if found is None:  # the plans and the caps, once per table, not per game
                found = self._moves.stakes[stakes, self._players] = (
                    {}, {}, self._caps(self._planner.stake_caps(stakes)))
            self._stake_moves, self._capped_stakes, self._stake_caps = found
        held = self.held
        purse = held[seat]
        plan = self._stake_moves.get(purse)
        if plan is None:
            capped = self._capped(purse, self._stake_caps)
            plan = self._capped_stakes.get(capped)
            if plan is None:
                taken, picks, paid = self._planner.stake(stakes, self._counts(capped))
                boxes = tuple((self._players + box, self._pack(pick))
                              for box, pick in enumerate(picks))
                plan = keep(self._capped_stakes, capped, (self._pack(taken), boxes, paid))
            keep(self._stake_moves, purse, plan)
        held[seat] = purse - plan[0]
        for box, given in plan[1]:
            held[box] += given
        return plan[2]

    def stake_changing(self, seat: int, stakes: tuple[int, ...], first: int,
                       partners: Callable[[], Sequence[int]],
                       said: Callable[[int, object, int], None]) -> tuple[int, int]:
        """The rest of a stake in one step: ``seat`` pays each box from ``first`` on its
        stake as :meth:`pay` would (exactly, changing a token when it must), box after box,
        until one cannot be paid in full.  Returns that box (``len(stakes)``: none) and what
        went into it; the boxes before it are paid in full.

        What :meth:`stake` leaves (a box that needs change) used to be one payment per
        box through the ledger; here the whole rest is one loop over the same cached
        answers (:meth:`_take`, :meth:`_change_one`), the ledger told once at the end."""
        held = self.held
        take, takes = self._take, self._moves.takes
        for box in range(first, len(stakes)):
            dst = self._players + box
            left = stakes[box]
            while left:
                purse = held[seat]  # what it gives: seen before (most), else worked out
                given, worth = takes.get((left, purse)) or take(purse, left)
                held[seat] -= given
                held[dst] += given
                left -= worth
                if left and not self._change_one(seat, left, False, partners, said):
                    return box, stakes[box] - left
        return len(stakes), 0

    def buy(self, seat: int, amount: int) -> None:
        """Counters bought from the bank come as tokens of 1."""
        self.held[seat] += amount * self._one[self.unit]
        self.kinds[self.unit] += amount
        self._expected += amount * self._one[self.unit]

    def problem(self, balances: list[int], board: list[int], everyone: bool = False) -> str | None:
        """What is wrong with the tokens by value, or None: each seat's and box's tokens are
        worth its balance, and each kind of token is conserved (the bank aside).

        Every purse is read: its worth is its integer shifted down, and the integers add
        up to the tokens in play (the counts of each kind, and their worth, in one sum).
        ``everyone`` (after the stakes, once a deal) also counts the tokens in play again
        from :attr:`kinds` (the bank and counters bought keep them up to date otherwise).
        """
        held = self.held
        if everyone:
            self._expected = self._pack(self.kinds)
        at = self._worth_at
        if [h >> at for h in held] != balances + board:  # compared in C
            return self._worth_problem(balances + board)
        if sum(held) != self._expected:
            counted = list(map(sum, zip(*map(self._unpack, held), strict=True)))
            return (f"tokens by value not conserved: {counted} in play, "
                    f"expected {self.kinds} (largest first)")
        return None

    def in_order(self, balances: list[int], board: list[int], total: int,
                 everyone: bool = False) -> bool:
        """Whether every check of :func:`~.invariants.tokens_problem` passes, tokens by
        value included (:meth:`problem`): the balances and the board add up to ``total``,
        none is negative, each purse is worth its balance, each kind is conserved.  The
        same checks in one expression, the worths listed once (the usual case: nothing to
        say); when one fails, ``tokens_problem`` makes them again, in its order, to say it."""
        held = self.held
        if everyone:
            self._expected = self._pack(self.kinds)
        at = self._worth_at
        worths = balances + board
        return ([h >> at for h in held] == worths and sum(worths) == total
                and min(balances) >= 0 and sum(held) == self._expected)

    def _worth_problem(self, balances: list[int]) -> str:
        """The first seat or box whose tokens are not worth its balance, said."""
        at = self._worth_at
        who = next(w for w, (h, b) in enumerate(zip(self.held, balances, strict=True))
                   if h >> at != b)
        name = f"seat {who}" if who < self._players else f"box {who - self._players}"
        purse = self._unpack(self.held[who])
        if min(purse) < 0:
            return f"the tokens of {name} are {purse}: a negative count"
        return f"the tokens of {name} are worth {self._dot(purse)}, its balance is {balances[who]}"

    # -- change ---------------------------------------------------------------------

    def _change_one(self, payer: int, left: int, units: bool,
                    partners: Callable[[], Sequence[int]],
                    said: Callable[[int, object, int], None]) -> bool:
        """Change one of the payer's tokens for smaller ones; False when nobody can."""
        change = self._changing
        if not change:
            return False
        held = self.held
        moves = self._moves
        key = (-1 if units else left, held[payer])
        i = moves.changed.get(key)
        if i is None:  # which kind: it depends only on which kinds the payer holds
            some = (key[0], self._capped(key[1], self._some))
            i = moves.capped_changed.get(some)
            if i is None:
                i = keep(moves.capped_changed, some,
                         self._planner.to_change(self._counts(some[1]), left, units))
            keep(moves.changed, key, i)
        if i < 0:
            return False
        value = self.values[i]
        token, ones = self._one[i], self._ones[i]
        partner: object
        if change is BANK:  # the bank takes the token, gives tokens of 1
            partner = "bank"
            held[payer] += ones - token
            self.kinds[i] -= 1
            self.kinds[self.unit] += value
            self._expected += ones - token
        elif units:  # the usual change (cz-box): the first partner with tokens of 1 enough
            at = self._unit_at
            for giver in partners():
                if (held[giver] >> at) & _MASK >= value:
                    break
            else:
                return False
            partner = giver
            held[giver] += token - ones
            held[payer] += ones - token
        else:  # the first partner with smaller tokens worth it exactly
            smaller = moves.smaller
            for seat in partners():
                key = (i, held[seat])
                given = smaller.get(key, _UNKNOWN)
                if given == _UNKNOWN:
                    given = keep(smaller, key, self._smaller(i, key[1]))
                if given is not None:
                    break
            else:
                return False
            partner = seat
            held[seat] += token - given
            held[payer] += given - token
        said(payer, partner, value)
        return True

    def _smaller(self, kind: int, purse: int) -> int | None:
        """What ``purse`` gives in change for a token of ``kind`` (None: it cannot), from its
        capped form (``_capped``) when another purse so capped was asked before."""
        key = (kind, self._capped(purse, self._smaller_caps[kind]))
        capped = self._moves.capped_smaller
        given = capped.get(key, _UNKNOWN)
        if given == _UNKNOWN:
            pick = self._planner.smaller(kind, self._counts(key[1]))
            given = keep(capped, key, None if pick is None else self._pack(pick))
        return given


#: a new game's purses, per (values, start, players, boxes, change): ``new_purses``
_FRESH: dict[tuple[tuple[int, ...], tuple[int, ...], int, int, ChangeRule | None], Purses] = {}


def new_purses(values: tuple[int, ...], start: tuple[int, ...], players: int, boxes: int,
               change: ChangeRule | None) -> Purses:
    """A new game's purses: a copy of the first made for the same tokens and table, whose
    constants it shares (:meth:`Purses.copy`), rather than all worked out again each game."""
    key = (values, start, players, boxes, change)
    fresh = _FRESH.get(key)
    if fresh is None:
        if len(_FRESH) >= 64:
            _FRESH.clear()  # a long session of many rulesets: start again
        fresh = _FRESH[key] = Purses(values, start, players, boxes, change)
    return fresh.copy()
