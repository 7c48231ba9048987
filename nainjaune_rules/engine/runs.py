"""Runs: what playing a card or passing does, under the compiled rule tables.

This is the half of :class:`~nainjaune_rules.engine.game.Game` that moves the
run along (the rules are described in :mod:`nainjaune_rules.engine.game`):
a card played leaves the hand, triggers its effects (boxes, payments, a
forgotten announcement's forfeit), then stops the run, restarts it after a king
or asks for the next rank; a pass hands the turn on, and a full round with
nobody continuing applies the ruleset's ``nobody can continue`` rule.

**The wild card out of turn** (``wild card: 7D, at any time, ...``).  The 1760
account says the chief hoc "may be played at any time" and need not be played
even when it is next (wiki-ja ¶5).  The engine reads "any time" as: right after
any *other* player lays a card of a run that goes on (a next rank is asked
for), and before that player's next move.  At that moment a *window* opens:
the turn goes for one move to the holder of the wild card, whose legal moves
are the wild card (announced or not) and ``pass`` (let the moment go, which
hands the move back to the interrupted player and says nothing aloud).  Laid
out of turn, the card is played exactly as if its holder had the turn there:
in its natural place it simply continues the run, elsewhere it ends the run or
stands for the needed rank, as the clause says; either way its holder now has
the turn (a new turn begins for them) and the run, if it goes on, is theirs.
It is still itself for the board: its own box and announcement, never those of
the card it stands for.  No window opens after a lead is due (the run is over
and nobody is interrupted), after the holder's own card, or once the card has
been played.  The transcript marks such a play ``"out of turn": true``, and any
wild card laid outside its natural place ``"stands for": RANK``, the rank it
was laid in place of.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final, assert_never

from nainjaune_rules.core.cards import INDEX_CODES as CODES
from nainjaune_rules.core.cards import PACK_SIZE, rank_code
from nainjaune_rules.engine.cardset import cards_of, lowest
from nainjaune_rules.engine.events import (
    CalledEvent,
    EventType,
    NewRunEvent,
    PassEvent,
    PlayEvent,
    StopEvent,
)
from nainjaune_rules.engine.moves import _PLAYS, PASS, Move
from nainjaune_rules.engine.settle import Ledger
from nainjaune_rules.engine.tables import KING, EngineError, sum_masks
from nainjaune_rules.engine.trumps import pools_won_with
from nainjaune_rules.model.rules import ActionKind, Forfeit, OperaKind


class Phase(IntEnum):
    """Where the player to move stands (see :mod:`nainjaune_rules.engine.game`)."""

    LEAD = 0
    PLAY_ON = 1
    CONTINUE = 2
    DEAL_OVER = 3
    GAME_OVER = 4


_LEAD = Phase.LEAD
_PLAY_ON = Phase.PLAY_ON
_CONTINUE = Phase.CONTINUE
_DEAL_OVER = Phase.DEAL_OVER
_GAME_OVER = Phase.GAME_OVER
# the opéra's kinds as module names, read at the end of every deal (an enum member is a
# slower look-up in this Python)
_FIRST_TURN: Final = OperaKind.FIRST_TURN
_FIRST_ROUND: Final = OperaKind.FIRST_ROUND
_NOBODY_ELSE_PLAYED: Final = OperaKind.NOBODY_ELSE_PLAYED
_FIRST_LEADER_AT_ONCE: Final = OperaKind.FIRST_LEADER_AT_ONCE


class IllegalMove(EngineError):
    """A move that the rules do not allow now."""



#: active seats in order: (players, step, first seat, *active) -> seats
_ORDERS: dict[tuple[int, ...], tuple[int, ...]] = {}

#: the call said when a run ends for each reason (see ``Ruleset.calls``)
_CALL_MOMENT = {"king": "after a king", "top rank": "after a king",
                "nobody can continue": "nobody can continue"}


class Runs(Ledger):
    """Seats, runs, passes and card effects; :class:`Game` adds deals and the game."""

    n: int
    talon: int
    played: int
    played_by: int  # bitmask of the seats that played a card this deal
    phase: Phase
    turn: int
    need_rank: int  # the rank that continues the run, 0 when a new run is due
    need_suit: int  # its suit in same-suit runs, else -1
    need_mask: int  # the cards that continue the run
    last: int  # the player of the last card
    skips: int  # ranks skipped since the last card (``next rank``)
    turns: int  # turns begun this deal
    seat_turns: list[int]
    first_leader: int
    run_cards: list[int]  # the cards of the current run, in the order played
    window: int  # while the wild card's holder may lay it out of turn: the seat interrupted
    widow_offer: bool  # the dealer is deciding on the widow (:mod:`.hands`)
    # lead constraints (issue 22 item 7, :mod:`.leads`): the suit the next lead may not be
    # (-1: none), and how many players passed the lead since the run ended
    lead_barred: int
    lead_passes: int
    wild_bit: int
    _wild_holder = 0  # who was last seen holding the wild card (it moves only when played)
    #: per seat, whether it never lays the wild card out of turn (set while a known seat
    #: plays, :mod:`.plain`): no window is opened for it, as its pass would close it at once
    lets_wild_go: frozenset[int] = frozenset()

    def deal_won(self, winner: int) -> None:
        raise NotImplementedError

    # -- seats -----------------------------------------------------------------

    def next_seat(self, seat: int, step: int) -> int:
        """The next seat still in the game from ``seat``, going ``step`` (+1 left, -1 right)."""
        n = self.n
        s = seat
        for _ in range(n):
            s = (s + step) % n
            if self.active[s]:
                return s
        raise EngineError("no player is left in the game")

    def seats_from(self, seat: int) -> list[int]:
        """Active seats in play order, starting with ``seat`` (worked out once per table)."""
        return list(self.seats_going(seat, self.t.play_step))

    def seats_going(self, seat: int, step: int) -> tuple[int, ...]:
        """Active seats from ``seat`` going ``step`` (+1 left, -1 right), once round."""
        key = (self.n, step, seat, *self.active)
        order = _ORDERS.get(key)
        if order is None:
            n = self.n
            order = _ORDERS[key] = tuple(s for s in ((seat + step * i) % n for i in range(n))
                                         if self.active[s])
        return order

    # -- cards and passes ----------------------------------------------------------

    # -- the wild card out of turn (module docstring) --------------------------------

    def _offer_wild(self, seat: int) -> None:
        """``seat`` just laid a card of a run that goes on: its holder may lay the wild card."""
        wild = self.wild_bit
        if (self.played | self.talon | self.hands[seat]) & wild:
            return  # played already, out of play, or the player's own: no window
        holder = self._wild_holder
        if not self.hands[holder] & wild:  # a new deal: the card stays in one hand till played
            holder = self._wild_holder = next(s for s in range(self.n) if self.hands[s] & wild)
        if holder in self.lets_wild_go:
            return  # its holder lets every such moment go (a known seat): as its pass would
        self.window = seat
        self.turn = holder

    def window_moves(self) -> list[Move]:
        """The holder's legal moves while the window is open: the wild card, or let it go."""
        wild = lowest(self.hands[self.turn] & self.wild_bit)  # a copy the holder holds
        plays = [_PLAYS[wild][1]] if self.t.announce_mask >> wild & 1 else []
        return plays + [_PLAYS[wild][0], PASS]

    def window_move(self, move: Move) -> None:
        """The wild card's holder's move while the window is open (the card, or let it go)."""
        seat, self.window = self.window, -1
        if move.card < 0:
            self.turn = seat  # let go: the interrupted player moves on, nothing is said
            return
        self.turns += 1  # the holder takes the turn: one of theirs begins
        self.summary.turns += 1
        self.seat_turns[self.turn] += 1
        self.summary.wild_out_of_turn += 1
        self._play(move.card, move.announce, out_of_turn=True)

    # -- cards and passes ----------------------------------------------------------

    def _play(self, c: int, announce: bool, out_of_turn: bool = False) -> None:
        t = self.t
        seat = self.turn
        bit = 1 << c
        natural = self.phase is _LEAD or bit & self.need_mask
        self._lay(seat, c, announce, out_of_turn, bool(natural))
        if not self.hands[seat]:
            self.deal_won(seat)
            return
        if t.rank_at_once and not bit & self.wild_bit:  # any copy of the wild card stays
            c = self._lay_the_rank(seat, c)
            if c < 0:
                return  # the player went out with them
            bit = 1 << c
        self.last = seat
        self.skips = 0
        if natural or not bit & self.wild_bit:
            self._after_card(seat, c, bit)
        else:
            self._wild_out_of_place(seat, c)

    def _lay_the_rank(self, seat: int, c: int) -> int:
        """``play: every card of the rank at once`` (issue 22 item 8): the player's other
        cards of ``c``'s rank follow it, in suit order, each with its own words if it has
        any (laid by the rule, not chosen, so never forgotten; never the wild card, which
        need never be played).  Returns the card that decides what follows (a stop card
        among them, else ``c``), or -1 when the player went out with them."""
        t = self.t
        decisive = c
        for other in cards_of(self.hands[seat] & t.rank_masks[(c % PACK_SIZE >> 2) + 1]
                              & ~self.wild_bit):  # every copy of the rank (several packs)
            self._lay(seat, other, True, False, True)
            if (1 << other) & t.stop_mask:
                decisive = other
            if not self.hands[seat]:
                self.deal_won(seat)
                return -1
        return decisive

    def _lay(self, seat: int, c: int, announce: bool, out_of_turn: bool, natural: bool) -> None:
        """``c`` leaves ``seat``'s hand for the pile: told, and its effects played."""
        t = self.t
        bit = 1 << c
        hands = self.hands
        hands[seat] ^= bit
        self.played |= bit
        self.played_by |= 1 << seat
        self.run_cards.append(c)
        summary = self.summary
        summary.plays += 1
        if self.record:
            said = list(t.announce_words.get(c, ())) if announce else []
            event: PlayEvent = {"type": EventType.PLAY, "seat": seat, "card": CODES[c],
                                "said": said}
            if out_of_turn:
                event["out of turn"] = True
            if bit & self.wild_bit and not natural and self.need_rank:
                event["stands for"] = rank_code(self.need_rank)  # the rank it was laid for
            self.tell(event)
        # a card with no effect, its word said, does nothing here (``_card_effects`` agrees)
        if bit & t.act_mask or (bit & t.announce_mask and not announce):
            if bit & t.stop_mask:
                summary.stop_cards_played += 1
            self._card_effects(seat, c, announce)

    def _after_card(self, seat: int, c: int, bit: int) -> None:
        """A card in its natural place: the run ends (stop card, king) or asks for what follows."""
        t = self.t
        if bit & t.relead_mask:  # the same tables as :meth:`Tables.run_after`
            if bit & t.stop_mask:
                self._new_run(seat, "stop card")
            else:
                self.summary.kings_restarts += 1
                self._new_run(seat, "king" if c % PACK_SIZE >> 2 == KING - 1 else "top rank")
            return
        rank = t.next_rank[(c >> 2) + 1]
        self.need_rank = rank
        self.need_mask = t.follow[c]
        self.need_suit = c & 3 if rank and t.same_suit else -1
        self.phase = _PLAY_ON
        if t.wild_any_time:
            self._offer_wild(seat)  # the run goes on: the chief hoc's holder may lay it now

    def _wild_out_of_place(self, seat: int, c: int) -> None:
        """The wild card away from its natural place: it ends the run or stands for the card."""
        t = self.t
        if t.wild_ends_run or not self.need_rank:
            # with no card needed (the run topped out) there is nothing to stand for
            self._new_run(seat, "wild card")
            return
        rank = self.need_rank  # it stands for the needed card
        suit = self.need_suit if self.need_suit >= 0 else c & 3
        if (1 << c) & t.stop_mask:
            self._new_run(seat, "stop card")
        elif rank == t.restart_rank and t.king_restarts:
            self.summary.kings_restarts += 1
            self._new_run(seat, "king" if rank == KING else "top rank")
        else:
            self._need(t.next_rank[rank], suit)
            self.phase = _PLAY_ON
            if t.wild_any_time:
                self._offer_wild(seat)

    def _need(self, rank: int, suit: int) -> None:
        self.need_rank = rank
        if not rank:
            self.need_mask, self.need_suit = 0, -1
        elif self.t.same_suit:
            self.need_mask, self.need_suit = self.t.card_masks[(rank - 1) * 4 + suit], suit
        else:
            self.need_mask, self.need_suit = self.t.rank_masks[rank], -1

    def _new_run(self, seat: int, reason: str) -> None:
        if self.t.lead_bars_suit:  # the run's suit (its last card's, in any-suit runs)
            run = self.run_cards
            self.lead_barred = self.need_suit if self.need_suit >= 0 else (
                run[-1] & 3 if run else -1)
        self.lead_passes = 0
        self.phase = _LEAD
        self.run_cards = []
        self._need(0, -1)
        self.last = seat
        if self.record:
            event: NewRunEvent = {"type": EventType.NEW_RUN, "seat": seat, "reason": reason}
            self._call(event, _CALL_MOMENT.get(reason))
            self.tell(event)

    def _call(self, event: CalledEvent, moment: str | None) -> None:
        """Add what the player says aloud at this moment, if the ruleset has a call for it."""
        word = self.t.calls.get(moment) if moment else None
        if word:
            event["call"] = word

    def _pass(self) -> None:
        seat = self.turn
        if self.phase is _LEAD:
            self._pass_lead(seat)
            return
        if self.record:
            needs = rank_code(self.need_rank) if self.need_rank else None
            event: StopEvent | PassEvent
            if self.phase is _PLAY_ON:
                event = {"type": EventType.STOP, "seat": seat, "needs": needs}
                self._call(event, "stopping")
            else:
                event = {"type": EventType.PASS, "seat": seat, "needs": needs}
                self._call(event, "passing")
            self.tell(event)
        self.phase = _CONTINUE
        nxt = (seat + self.t.play_step) % self.n
        if not self.active[nxt]:
            nxt = self.next_seat(nxt, self.t.play_step)
        self._turn_to(nxt)
        if nxt == self.last:
            self.stuck_run()

    def _turn_to(self, nxt: int) -> None:
        """The turn passes to ``nxt``: a new turn of theirs begins."""
        self.turn = nxt
        self.turns += 1
        self.summary.turns += 1
        self.seat_turns[nxt] += 1
        if self.record:
            self.tell({"type": EventType.TURN, "seat": nxt})

    def _pass_lead(self, seat: int) -> None:
        """``seat`` cannot lead (``after a stop``, :mod:`.leads`): the lead passes on."""
        if self.record:
            self.tell({"type": EventType.PASS, "seat": seat, "needs": None, "cannot lead": True})
        self.lead_passes += 1
        self._turn_to(self.next_seat(seat, self.t.play_step))

    def lead_bar(self) -> int:
        """The suit the player to lead may not lead now (-1: any): lifted once the lead has
        gone round the table with nobody able (:mod:`.leads`)."""
        if self.lead_barred < 0 or self.lead_passes >= sum(self.active):
            return -1
        return self.lead_barred

    def stuck_run(self) -> None:
        """A full round passed and nobody continued: the ``nobody can continue`` rule."""
        t = self.t
        seat = self.last
        self.summary.stuck += 1
        if t.stuck_next_rank and self.need_rank and (self.skips == 0 or t.skip_again):
            above = t.next_rank[self.need_rank]
            if above:
                self.skips += 1
                self._need(above, self.need_suit if self.need_suit >= 0 else 0)
                self.phase = _PLAY_ON
                if self.record:
                    self.tell({"type": EventType.SKIP, "seat": seat, "needs": rank_code(above)})
                return
        self._new_run(seat, "nobody can continue")

    def _card_effects(self, seat: int, c: int, announce: bool) -> None:
        t = self.t
        forfeit = t.forfeit.get(c) if (t.announce_mask >> c & 1 and not announce) else None
        code = CODES[c]
        if forfeit is not None:
            self.summary.forfeits.append((seat, code, forfeit.value))
            if self.record:
                box = t.box_of_card.get(c)
                self.tell({"type": EventType.FORGOT, "seat": seat, "card": code,
                           "forfeit": forfeit.value,
                           "box": self.board[box] if box is not None else None})
        for eff in t.played_effects:
            if not eff.mask >> c & 1:
                continue
            if forfeit is not None and (eff.announced or forfeit is Forfeit.THE_WINNINGS or (
                    forfeit is Forfeit.THE_BOX and eff.action is ActionKind.TAKE_BOX)):
                continue
            if eff.action is ActionKind.TAKE_BOX:
                box = t.box_of_card.get(c)
                if box is not None:
                    amount = self.take_box(seat, box, "box")
                    # the box's card, whichever copy took it (statistics count boxes, #22)
                    self.summary.boxes_taken.append((seat, CODES[t.box_cards[box]], amount))
            elif eff.action is ActionKind.EACH_OTHER_PAYS:
                for other in self.seats_from(seat)[1:]:
                    self.transfer(other, seat, eff.amount, "card")
            elif eff.action is ActionKind.SWEEP_BOARD:
                for box in range(len(self.board)):
                    self.take_box(seat, box, "sweep")
            elif (eff.action is ActionKind.LOSERS_PAY or eff.action is ActionKind.LOSERS_PAY_DOUBLE
                  or eff.action is ActionKind.HOLDER_PAYS_DOUBLE
                  or eff.action is ActionKind.HONOURS_DOUBLE_BOX
                  or eff.action is ActionKind.LOSERS_SHOW_HANDS
                  or eff.action is ActionKind.HOLDER_PAYS_NOTHING):
                # played at the deal's end (engine/steps.py): ACTION_EVENTS never lets
                # them follow a card, so the tables hold none of them here
                raise EngineError(f"{eff.action.value} cannot follow a card")
            else:  # a new kind: mypy names this line until the kind has its step here
                assert_never(eff.action)
        if t.pool_mask >> c & 1:
            self._pool_cards(seat, c)

    def _pool_cards(self, seat: int, c: int) -> None:
        """A card that may win a pool laid (issue #22, items 3 and 6): the seat that has now
        laid every card of a pool in this deal takes it (:func:`.trumps.pools_won_with`)."""
        summary = self.summary
        laid = summary.pool_cards
        laid.append((seat, c))
        mine = sum_masks(1 << card for who, card in laid if who == seat)
        suit = summary.turn_up % 4 if summary.turn_up >= 0 else -1
        for pool in pools_won_with(self.t, mine, c, suit):
            self.take_pool(seat, pool)

    def opera_made(self, winner: int) -> bool:
        """Whether ``winner`` going out now makes the ruleset's opéra (module docstring)."""
        kind = self.t.opera
        if kind is None:
            return False
        if kind is _FIRST_TURN:
            return self.seat_turns[winner] == 1
        if kind is _FIRST_ROUND:
            return self.turns <= self.summary.players
        if kind is _NOBODY_ELSE_PLAYED:
            return self.played_by == 1 << winner
        if kind is _FIRST_LEADER_AT_ONCE:
            return winner == self.first_leader and self.turns == 1
        assert_never(kind)
