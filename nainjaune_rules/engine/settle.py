"""Tokens: stakes, boxes, payments, shortfalls, and the settlement of a deal.

Every token that moves goes through :meth:`Ledger.transfer` (seat to seat, seat
to box, box to seat), which logs the event and applies the ruleset's ``cannot pay
in full`` clause; the engine checks that tokens are conserved after the stakes
and after every card played (:mod:`nainjaune_rules.engine.invariants`).

Settlement of a deal, after the winner's last card and the effects of that card, runs
the steps of the ruleset's ``settlement`` clause in its order
(:mod:`nainjaune_rules.engine.steps`; a ruleset that states none plays the default clause,
:data:`nainjaune_rules.model.defaults.DEFAULTS`, in this order):

1. **losers pay** the winner, one loser at a time in play order from the
   winner: by points (court cards ``court`` each, ace ``ace``, others face
   value) or by cards (``per card`` each), summed over every ``losers pay``
   effect in force, then multiplied by 2 for a loser who holds a card whose
   ``holder pays double``, by 2 again on an opéra with ``each loser pays
   double``, and by 2 again when the winner went out with a card of ``when a player
   goes out with ...: each loser pays double``; a loser who holds a card whose
   ``holder ... pays nothing`` pays nothing here (an ``exempt`` event);
2. **each other pays** effects of the deal's end (and of an opéra, and of the card
   the winner went out with), loser by loser in the same order;
3. an opéra's **sweep**: the winner takes every box;
4. **honours left in hand**: box by box in board order, the holder of a box
   card pays the box's current amount into it (doubling it);
5. **leftovers cleared**: with ``leftovers: are cleared`` what remains on the
   board goes to the deal's winner (the tokens must go somewhere; the winner
   is the engine's documented choice, no source says).

A player who cannot pay in full pays what they have; then, per the ruleset,
nothing more happens, or the game ends once the deal is settled, or the player
leaves the game once the deal is settled.  Under ``buys counters from the
bank`` the player instead buys the missing counters (the bank is outside the
game: the tokens in play grow by what is bought, and the buyer's debt grows
with them) and pays in full; standings at the end are tokens less debts.

A shortfall on the stakes, at the start of a deal, takes effect at once: the
game ends before the cards are dealt, or the player leaves and the deal is
dealt to the others.

When the ruleset lists its tokens by value, every transfer also moves real
tokens (:mod:`nainjaune_rules.engine.purses`): a payment is made exactly, a
token is changed when the ``change`` clause allows it, and what cannot be paid
exactly is a shortfall like any other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import assert_never

from nainjaune_rules.core.cards import PACK_SIZE, Card
from nainjaune_rules.engine.cardset import byte_sums, weighted
from nainjaune_rules.engine.derived import OncePer
from nainjaune_rules.engine.events import Event, EventType
from nainjaune_rules.engine.purses import BOX, Purses
from nainjaune_rules.engine.steps import ClearLeftovers, Honours, LosersPay, OperaSweep, OthersPay
from nainjaune_rules.engine.summary import DealSummary, Termination
from nainjaune_rules.engine.tables import Tables
from nainjaune_rules.model.rules import Basis, Shortfall


class Ledger:
    """The token-moving half of :class:`~nainjaune_rules.engine.game.Game`."""

    t: Tables
    balances: list[int]
    board: list[int]
    hands: list[int]
    active: list[bool]
    record: bool
    summary: DealSummary
    token_total: int
    end_pending: tuple[Termination, str] | None
    leaving: set[int]
    debts: list[int]
    purses: Purses | None  # the tokens by value, when the ruleset lists them

    def tell(self, event: Event) -> None:
        """Tell an event to whoever listens (the game's)."""
        raise NotImplementedError

    def seats_from(self, seat: int) -> list[int]:
        raise NotImplementedError

    def seats_going(self, seat: int, step: int) -> tuple[int, ...]:
        raise NotImplementedError

    # -- moving tokens -------------------------------------------------------

    def transfer(self, payer: int, payee: int, amount: int, reason: str,
                 units: bool = False) -> int:
        """Move ``amount`` tokens; a seat >= 0, a box ``BOX - i``.  Returns what was paid.

        ``units``: the payment must be made in tokens of 1 (when tokens have values).
        """
        if amount <= 0:
            return 0
        purses = self.purses
        if payer >= 0:
            have = self.balances[payer]
            if purses is not None:  # real tokens move now; what could not be, is short
                if not (units and purses.pay_ones(payer, payee, amount)):  # (the usual: done)
                    have = purses.pay(payer, payee, amount, units,
                                      lambda: self._change_partners(payer, payee), self._changed)
                else:
                    have = amount
            paid = amount if have >= amount else self._shortfall(payer, amount, reason, have)
            if purses is not None and paid > have:  # counters just bought from the bank
                purses.pay(payer, payee, paid - have, True, list, self._changed)
            self.balances[payer] -= paid
        else:
            paid = amount  # a box gives what it holds: callers ask for exactly that
            self.board[BOX - payer] -= paid
        if payee >= 0:
            self.balances[payee] += paid
        else:
            self.board[BOX - payee] += paid
        if purses is not None and payer < 0:
            purses.pay(payer, payee, paid, units, list, self._changed)
        # the purses are checked against the balances with the other tokens (invariants.py)
        self.summary.tokens_moved += paid
        if self.record and paid:
            self.tell({"type": EventType.PAY, "from": _party(payer, self.t),
                       "to": _party(payee, self.t), "amount": paid, "reason": reason})
        return paid

    def _change_partners(self, payer: int, payee: int) -> tuple[int, ...]:
        """Who may give change, in order: the payee if a player, then the others in play order
        (worked out once per table, seats in play, payer and payee: :data:`_PARTNERS`)."""
        key = (self.t.play_step, payer, payee, *self.active)
        partners = _PARTNERS.get(key)
        if partners is None:
            others = [s for s in self.seats_from(payer)[1:] if s != payee]
            partners = _PARTNERS[key] = tuple(([payee] if payee >= 0 else []) + others)
        return partners

    def _changed(self, seat: int, partner: object, value: int) -> None:
        self.summary.changes.append((seat, partner, value))
        if self.record:
            self.tell({"type": EventType.CHANGE, "seat": seat, "with": partner, "token": value})

    def _shortfall(self, seat: int, owed: int, reason: str, have: int) -> int:
        """``seat`` cannot pay ``owed`` (it can pay ``have`` of it): apply ``cannot pay in
        full``; returns what it pays."""
        paid = have
        self.summary.shortfalls.append((seat, owed, paid))
        rule = self.t.shortfall
        if rule is Shortfall.PAYS_AND_GAME_ENDS and self.end_pending is None:
            self.end_pending = (Termination.SHORTFALL,
                                f"seat {seat} could not pay {owed} in full ({reason})")
        elif rule is Shortfall.PAYS_AND_LEAVES:
            self.leaving.add(seat)
        if self.record:
            self.tell({"type": EventType.SHORTFALL, "seat": seat, "owed": owed, "paid": paid,
                       "rule": rule.value})
        if rule is Shortfall.BUYS_FROM_BANK:
            self._buy(seat, owed - paid)
            return owed
        return paid

    def _buy(self, seat: int, amount: int) -> None:
        """``seat`` buys ``amount`` counters from the bank: new tokens in play, and a debt."""
        self.balances[seat] += amount
        if self.purses is not None:
            self.purses.buy(seat, amount)
        self.debts[seat] += amount
        self.token_total += amount
        self.summary.bought.append((seat, amount))
        if self.record:
            self.tell({"type": EventType.BUY, "seat": seat, "amount": amount})

    def take_pool(self, seat: int, pool: int, reason: str = "pool") -> None:
        """``seat`` takes a pool tied to no card (its board position), as it wins it."""
        amount = self.take_box(seat, pool, reason)
        self.summary.boxes_taken.append((seat, self.t.pool_names[pool - len(self.t.box_cards)],
                                         amount))

    def take_box(self, seat: int, box: int, reason: str) -> int:
        """``seat`` takes all of ``box``; returns what it held.

        Without a transcript it is moved here, as :meth:`transfer` would move it (a box
        gives all it holds: no change, no shortfall, nothing to log): a box is taken a few
        times a deal, and the generic transfer is most of its cost.
        """
        amount = self.board[box]
        if self.record:
            return self.transfer(BOX - box, seat, amount, reason)
        if amount <= 0:
            return 0
        self.board[box] = 0
        self.balances[seat] += amount
        if self.purses is not None:
            self.purses.take_box(box, seat)
        self.summary.tokens_moved += amount
        return amount

    def stake(self, stakers: list[int], dealer: int = -1) -> None:
        """Each staker pays each box its stake, box by box in board order (times over, with
        per-seat stakes: :meth:`Tables.stake_times`).

        A staker who cannot pay the whole stake is one shortfall (what is owed is the
        deal's stake): what they have goes into the boxes in board order.
        """
        t = self.t
        if not self.record and t.dealer_stake_times == 1 and t.other_stake_times == 1:
            self._stake_once(stakers)  # the usual stakes, without a transcript
            return
        for seat in stakers:
            times = t.stake_times(seat, dealer)
            if times != 1:
                self._stake_times(seat, times)
            elif self.record:
                self._stake_by_transfers(seat)
            else:
                self._stake_once([seat])

    def _stake_by_transfers(self, seat: int) -> None:
        """``seat`` stakes once, one transfer a box (a shortfall first when it cannot pay it
        all): what a transcript records."""
        t = self.t
        have = self.balances[seat]
        if have < t.stake_total:
            have = self._shortfall(seat, t.stake_total, "stake", have)
        else:
            have = t.stake_total  # the usual case: no need to count down
        purses = self.purses
        if purses is not None and not self.record:
            self._stake_quietly(seat, have, purses)
            return
        for box, stake in enumerate(t.box_stakes):
            paid = stake if stake <= have else have
            self.transfer(seat, BOX - box, paid, "stake")
            have -= paid

    def _stake_quietly(self, seat: int, have: int, purses: Purses) -> None:
        """:meth:`_stake_by_transfers`' transfers without a transcript, written out: ``seat``
        pays ``have`` into the boxes in board order, each box what :meth:`transfer` would
        move (exactly, changing when it must; what it cannot is a shortfall), its change
        partners looked up once (nobody leaves while the stakes are made)."""
        balances, board, summary = self.balances, self.board, self.summary
        partners, changed = self._stake_partners(seat), self._changed
        for box, stake in enumerate(self.t.box_stakes):
            paid = stake if stake <= have else have
            have -= paid
            if paid <= 0:
                continue  # (transfer() moves nothing)
            moved = purses.pay(seat, BOX - box, paid, False, partners, changed)
            given = paid if moved >= paid else self._shortfall(seat, paid, "stake", moved)
            if given > moved:  # counters just bought from the bank
                purses.pay(seat, BOX - box, given - moved, True, list, changed)
            balances[seat] -= given
            board[box] += given
            summary.tokens_moved += given

    def _stake_times(self, seat: int, times: int) -> None:
        """Per-seat stakes (issue #22): ``seat`` pays each box ``times`` its stake, box by
        box in board order, one transfer a box (a shortfall as :meth:`stake` makes it)."""
        t = self.t
        owed = t.stake_total * times
        have = self.balances[seat]
        if have < owed:
            have = self._shortfall(seat, owed, "stake", have)
        else:
            have = owed
        for box, stake in enumerate(t.box_stakes):
            due = stake * times
            paid = due if due <= have else have
            self.transfer(seat, BOX - box, paid, "stake")
            have -= paid

    def _stake_once(self, stakers: list[int]) -> None:
        """Every staker stakes each box once, without a transcript: the tokens, changes and
        shortfalls of one transfer per box (:meth:`_stake_by_transfers`), in one loop.

        A staker who has the whole stake pays it by :meth:`Purses.stake` (the boxes exact
        without change, up to the first that is not: what each transfer would do first),
        the rest in one step by :meth:`Purses.stake_changing` (the changes as the transfers
        would make them; :meth:`_stake_changing`).  The board gets the stakes of those who
        paid in full at the end, all at once: nothing reads it before the stakes are over,
        and adding up goes in any order.  A staker who has less pays box by box as with a
        transcript, in its place among the stakers (its changes move the others' tokens).
        """
        t = self.t
        total, stakes = t.stake_total, t.box_stakes
        balances, purses = self.balances, self.purses
        boxes = len(stakes)
        plan = None if purses is None else purses.stake
        full = 0
        for seat in stakers:
            if balances[seat] < total:
                self._stake_by_transfers(seat)
                continue
            if plan is not None:
                paid = plan(seat, stakes)  # moves the tokens of the boxes it pays
                if paid != boxes:
                    self._stake_changing(seat, paid)
                    continue
            balances[seat] -= total
            full += 1
        if full:
            board = self.board
            for box, stake in enumerate(stakes):
                board[box] += stake * full
            self.summary.tokens_moved += total * full

    def _stake_changing(self, seat: int, paid: int) -> None:
        """``seat`` has the whole stake, but :meth:`Purses.stake` paid only the first ``paid``
        boxes (the next needs change): the rest in one step (:meth:`Purses.stake_changing`),
        with the same tokens, changes and order as one transfer per box."""
        purses = self.purses
        assert purses is not None
        balances, board, summary = self.balances, self.board, self.summary
        stakes = self.t.box_stakes
        short, moved = purses.stake_changing(seat, stakes, paid, self._stake_partners(seat),
                                             self._changed)
        done = sum(stakes[:short])
        balances[seat] -= done
        summary.tokens_moved += done
        for box in range(short):
            board[box] += stakes[box]
        if short == len(stakes):
            return
        # a box that nobody could change for: the shortfall transfer() would make, then
        # the boxes after it one transfer each
        owed = stakes[short]
        given = self._shortfall(seat, owed, "stake", moved)
        if given > moved:  # counters just bought from the bank
            purses.pay(seat, BOX - short, given - moved, True, list, self._changed)
        balances[seat] -= given
        board[short] += given
        summary.tokens_moved += given
        for box in range(short + 1, len(stakes)):
            self.transfer(seat, BOX - box, stakes[box], "stake")

    def _stake_partners(self, seat: int) -> Callable[[], tuple[int, ...]]:
        """Who may give ``seat`` change while it stakes (a box is paid: the other players in
        play order), looked up once for the seat's changes: nobody leaves while it stakes."""
        partners = self._change_partners(seat, BOX)
        return lambda: partners

    # -- the end of a deal ----------------------------------------------------

    def losers_owe(self, hand: int, pays: tuple[tuple[Basis, int], ...]) -> int:
        owed = 0
        for basis, per_card in pays:
            if basis is Basis.CARDS:
                owed += per_card * hand.bit_count()
            elif basis is Basis.POINTS:
                owed += weighted(hand, _points_by_byte(self.t))
            else:
                assert_never(basis)
        return owed

    def settle(self, winner: int, opera: bool, out_card: int = -1) -> None:
        """Pay what the deal's end (and an opéra) calls for: the ruleset's settlement steps,
        in the order of its ``settlement`` clause (see the module doc).  ``out_card``: the
        card the winner went out with (-1: unknown), read by ``a player goes out with``."""
        losers = self.seats_going(winner, self.t.play_step)[1:]  # the winner, then the others
        for pool in self.t.pools_of_winner:  # the pools the deal's winner takes (#22, item 3)
            self.take_pool(winner, pool)
        out_bit = 1 << out_card if out_card >= 0 else 0
        for step in self.t.settlement:
            if isinstance(step, LosersPay):
                self._losers_pay(step, winner, losers, opera, out_bit)
            elif isinstance(step, OthersPay):
                for amount in step.amounts + (step.opera_amounts if opera else ()):
                    for loser in losers:
                        self.transfer(loser, winner, amount, "deal end")
                for mask, amount in step.out_amounts:  # issue #22: by the card gone out with
                    if mask & out_bit:
                        for loser in losers:
                            self.transfer(loser, winner, amount, "out with")
            elif isinstance(step, OperaSweep):
                if opera:
                    self._take_all(winner, "opera")
            elif isinstance(step, Honours):
                self._honours(losers)
            elif isinstance(step, ClearLeftovers):
                self._take_all(winner, "leftovers")
            else:  # a new step: mypy names this line until it is run here
                assert_never(step)

    def _losers_pay(self, step: LosersPay, winner: int, losers: Sequence[int], opera: bool,
                    out_bit: int = 0) -> None:
        pays = step.pays + (step.opera_pays if opera else ())
        per_card = step.owed_per_card[opera]
        for loser in losers:
            hand = self.hands[loser]
            exempt = hand & step.holder_exempt  # issue #22: "the holder of ... pays nothing"
            if exempt:
                self._exempt(loser, exempt)
                continue
            owed = per_card * hand.bit_count() if per_card >= 0 else self.losers_owe(hand, pays)
            if hand & step.holder_doubles:
                owed *= 2
            if opera and step.opera_double:
                owed *= 2
            if step.out_double & out_bit:  # issue #22: "goes out with ...: ... pays double"
                owed *= 2
            self.transfer(loser, winner, owed, "settlement", step.in_units)

    def _exempt(self, loser: int, cards: int) -> None:
        """``loser`` holds a card whose holder pays nothing: told, and nothing paid."""
        if self.record:
            self.tell({"type": EventType.EXEMPT, "seat": loser,
                       "card": Card.from_index((cards & -cards).bit_length() - 1).code})

    def _honours(self, losers: Sequence[int]) -> None:
        """Box by box in board order, the holder of a box card pays the box's amount into it."""
        held = 0
        for loser in losers:
            held |= self.hands[loser]
        if not held & self.t.box_mask:
            return  # (most deals: every box card was played or lies in the talon)
        for box, card in enumerate(self.t.box_cards):
            amount = self.board[box]  # each copy held pays the box as it stood (#22)
            for pack in range(self.t.packs):
                copy = card + PACK_SIZE * pack
                for loser in losers:
                    if self.hands[loser] >> copy & 1:
                        paid = self.transfer(loser, BOX - box, amount, "honours")
                        self.summary.honours_left.append(  # the box's card, as it is counted
                            (loser, Card.from_index(card).code, paid))

    def _take_all(self, winner: int, reason: str) -> None:
        for box in range(len(self.board)):
            self.take_box(winner, box, reason)


#: who may give change (``Ledger._change_partners``): (play step, payer, payee, *seats in
#: play) -> seats in order; a few entries per number of players
_PARTNERS: dict[tuple[int, ...], tuple[int, ...]] = {}

def _points_of(t: Tables) -> tuple[tuple[int, ...], ...]:
    """What a hand is worth in points, read a byte at a time (:func:`cardset.weighted`)."""
    return byte_sums(tuple(t.card_points(c) for c in range(t.card_count)))


#: :func:`_points_of`, once per ruleset, not per deal
_points_by_byte = OncePer(_points_of)


def _party(who: int, t: Tables) -> int | str:
    """A seat number, the card code of a box, or a pool's name, for the transcript."""
    if who >= 0:
        return who
    box = BOX - who
    if box >= len(t.box_cards):
        return t.pool_names[box - len(t.box_cards)]
    return Card.from_index(t.box_cards[box]).code
