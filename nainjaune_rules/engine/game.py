"""The game: one clear state, legal moves as a query, moves pushed one at a time.

A :class:`Game` is made from a :class:`~nainjaune_rules.model.rules.Ruleset`,
a number of players and a seed.  It plays deal after deal::

    game = Game(ruleset, players=4, seed=0)
    while game.start_deal():              # stakes, shuffle, deal; False once the game is over
        while game.in_play:
            move = game.legal_moves()[0]  # any legal move; or ask a player
            game.push(move)               # play it; the deal is settled when someone goes out
    result = game.result()

or simply ``Game(...).play(seats)`` with one player object per seat.

**Seats** are 0..N-1 clockwise; the left of ``s`` is ``s+1``, the right ``s-1``.
**Cards** are the integers 0..51 of :mod:`nainjaune_rules.core.cards` and a hand is
a bitmask of them.  The only randomness is one ``random.Random(seed)``: first
it gives each seat a seed of its own (so a random player never shifts the
deck), then draws the first dealer when the ruleset says "by lot", then
shuffles each deal.

**Turns and runs.**  The player whose turn it is is in one of three phases:

- ``LEAD``: they must start a new run with any card of their hand;
- ``PLAY_ON``: they have just played and may extend the run with the next
  rank (a must, with ``play on: compulsory``, for any card but the wild one)
  or stop ("sans 8"), which hands the turn on;
- ``CONTINUE``: someone else stopped; they may continue with the needed card
  (a must with ``continuing: compulsory``) or pass.

A run rises by one rank in the ruleset's rank order, in any suit or, with
``runs: same suit``, in the suit of its last card.  A stop card ends the run
whoever plays it; so does a king when ``after a king`` says the player leads
anew; in both cases the same player leads a new run within the same turn.
Cards in the talon block runs simply because nobody holds them.  The wild
card may be played whenever its holder has the turn and is never compulsory;
in its natural place (any lead, or the card the run needs) it is an ordinary
card, elsewhere it ends the run (its player leads anew) or stands for the
needed card, as the ruleset says (when no card is needed, it ends the run).
Without ``at any time`` nobody plays out of their turn; with it, its holder may
also lay it right after another player's card of a run (a one-move *window*,
``Game.window``; see :mod:`nainjaune_rules.engine.runs`): ``turn`` is then the
holder, whose legal moves are the wild card or ``pass`` (let it go).

When the turn comes back round to the player of the last card with nobody
having continued, ``nobody can continue`` decides: that player leads a new run,
or (``next rank``) must go on with the rank above the missing one; if nobody
plays that either, they skip again (up to the king, then lead anew) or lead.

A **turn** begins each time the turn is handed to a seat (the first leader's
first turn is turn 1).  Opéras are detected when the winner goes out:

- ``first turn``: during the winner's own first turn of the deal, i.e. the
  winner never handed the turn on;
- ``first round``: before the turn has gone once round the table, i.e. within
  the deal's first N turns (N = players in the deal);
- ``nobody else played``: no other player played a card this deal;
- ``first leader at once``: the deal's first leader, in turn 1.

As the turn always passes to the next seat in play order, every seat has its
first turn within the deal's first N turns, and a turn within the first N is
always its seat's first: ``first turn`` and ``first round`` pick the same deals
in this engine.  They stay two kinds because the sources word them apart.

Every deal ends: a player who must lead plays a card, and the turn comes back
to a leader after at most one round without a card (or a few skipped ranks),
so cards leave the hands until one is empty.  The deal ends when a player has
no card left; it is then settled (see
:mod:`nainjaune_rules.engine.settle`) and the next deal needs a new
:meth:`Game.start_deal`, which first checks whether the game is over.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import Protocol

from nainjaune_rules.core.cards import ALL_CODES as CODES
from nainjaune_rules.core.cards import Card
from nainjaune_rules.engine.cardset import BIT, cards_of, lowest
from nainjaune_rules.engine.dealing import deal_plan, deck_cards, shuffled
from nainjaune_rules.engine.invariants import (
    InvariantError,
    card_problem,
    cards_problem,
    check_cards,
    check_tokens,
    tokens_problem,
)
from nainjaune_rules.engine.moves import _PLAYS, PASS, Move, byte_moves, card_moves
from nainjaune_rules.engine.plain import fast_path_fits, pass_round, play_plain_deal
from nainjaune_rules.engine.purses import Purses
from nainjaune_rules.engine.runs import _CONTINUE, Event, IllegalMove, Phase, Runs
from nainjaune_rules.engine.summary import DealSummary, GameResult, Termination
from nainjaune_rules.engine.tables import EngineError, Tables, compile_tables
from nainjaune_rules.engine.view import SeatView
from nainjaune_rules.model.rules import EndKind, Ruleset


class Seat(Protocol):
    """What a player object offers the engine (see :mod:`nainjaune_rules.players`).

    ``choose`` is given the seat's :class:`~nainjaune_rules.engine.view.SeatView`
    (its own hand, the board, what has been played), never the game itself.
    """

    def choose(self, view: SeatView, legal: list[Move]) -> Move: ...


class Game(Runs):
    """A game of Nain Jaune under one ruleset.  See the module docstring for the rules played."""

    def __init__(self, ruleset: Ruleset | Tables, players: int, seed: int = 0, *,
                 deals: int | None = None, dealer: int | None = None, max_deals: int = 1000,
                 record: bool = True, decks: Sequence[Sequence[int]] | None = None) -> None:
        t = ruleset if isinstance(ruleset, Tables) else compile_tables(ruleset)
        self.t = t
        if players not in t.deal_rows:
            why = t.deal_problems.get(players) or (
                "the deal table has rows for " + ", ".join(map(str, sorted(t.deal_rows)))
                + " players")
            raise EngineError(f"ruleset {t.ruleset.id} cannot deal for {players} players: {why}")
        if dealer is not None and not 0 <= dealer < players:
            raise EngineError(f"dealer seat {dealer} does not exist with {players} players")
        if deals is not None and deals < 1:
            raise EngineError("the number of deals must be at least 1")
        self.n = players
        self.seed = seed
        self.rng = random.Random(seed)
        self.seat_seeds = [self.rng.getrandbits(64) for _ in range(players)]
        if dealer is None:
            dealer = self.rng.randrange(players) if t.dealer_by_lot else 0
        self.first_dealer = dealer
        self.deals_option = deals
        self.max_deals = max_deals
        self.record = record
        self.decks = [list(d) for d in decks] if decks is not None else None
        self.listeners: list[Callable[[Event], None]] = []
        self.balances = [t.starting_tokens] * players
        self.board = [0] * len(t.box_cards)
        self.token_total = t.starting_tokens * players
        self.active = [True] * players
        self.hands = [0] * players
        self.talon = t.deck_mask  # before the first deal every card is in the stock
        self.played = 0
        self.dealer = dealer
        self.deal_no = 0
        self.deals_played = 0
        self.phase = Phase.DEAL_OVER
        self.turn = dealer
        self.end_pending: tuple[Termination, str] | None = None
        self.leaving: set[int] = set()
        self.debts = [0] * players
        self.purses = Purses(t.token_values, t.token_start, players, len(t.box_cards),
                             t.change) if t.token_values else None
        self.summaries: list[DealSummary] = []
        self.summary = DealSummary(0, dealer, dealer, players)
        self.deal_records: list[dict[str, object]] = []
        self.end_record: Event = {}
        self._sink: list[Event] = []
        self._result: GameResult | None = None
        self._wild_bit = 1 << t.wild if t.wild >= 0 else 0
        self._card_moves = card_moves(t.announce_mask)
        self._byte_moves = byte_moves(t.announce_mask) if t.standard_order else None
        self._deck_cards = deck_cards(t.deck_mask)  # the unshuffled deck, by index
        self.window = -1
        self._reset_run(dealer)

    # -- queries ---------------------------------------------------------------

    @property
    def in_play(self) -> bool:
        """True while a deal is being played (a move is awaited)."""
        return self.phase <= Phase.CONTINUE

    @property
    def over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see of the game: what the engine hands its player at each choice."""
        return SeatView(self, seat)  # not kept: a game that held its views would be a cycle

    def copy(self) -> Game:
        """An independent copy to look ahead on: moves pushed on it leave this game alone.

        The copy has the same state and the same random generator state (it deals
        the same next deals), but no listeners: nobody hears the moves tried on it.
        """
        other = copy.copy(self)
        for name in ("balances", "board", "active", "hands", "debts", "seat_turns",
                     "run_cards", "summaries"):
            setattr(other, name, list(getattr(self, name)))
        other.leaving = set(self.leaving)
        other.purses = copy.deepcopy(self.purses)  # the tokens by value, when they count
        other.listeners = []
        other.summary = copy.deepcopy(self.summary)
        other.deal_records = copy.deepcopy(self.deal_records)
        other._sink = []
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        return other

    def hand(self, seat: int) -> list[Card]:
        """The cards of ``seat``, sorted by rank order then suit."""
        return [Card.from_index(c) for c in self._sorted(self.hands[seat])]

    def needed(self) -> list[Card]:
        """The cards that would continue the current run (empty when a new run is due)."""
        return [Card.from_index(c) for c in self._sorted(self.need_mask & self.t.deck_mask)]

    def must_play(self) -> bool:
        """Whether the player to move may not pass."""
        if self.phase is Phase.LEAD:
            return True
        if self.window >= 0:
            return False  # the wild card never has to be played
        held = self.hands[self.turn] & self.need_mask & ~self._wild_bit
        if not held:
            return False
        t = self.t
        return t.play_on_compulsory if self.phase is Phase.PLAY_ON else t.continuing_compulsory

    def legal_moves(self) -> list[Move]:
        """Every legal move, in the engine's sorted order (see :mod:`.moves`)."""
        phase = self.phase
        if phase > Phase.CONTINUE:
            return []
        if self.window >= 0:
            return self.window_moves()
        hand = self.hands[self.turn]
        cards = hand if phase is Phase.LEAD else hand & (self.need_mask | self._wild_bit)
        if self._byte_moves is not None:  # ranks A..K: the card set's bytes come in order
            moves: list[Move] = []
            for plays, byte in zip(self._byte_moves, cards.to_bytes(7, "little"), strict=True):
                if byte:
                    moves += plays[byte]
        else:
            per_card = self._card_moves
            moves = [m for c in self._sorted(cards) for m in per_card[c]]
        if phase and not self.must_play():
            moves.append(PASS)
        return moves

    def first_legal_move(self) -> Move:
        """``legal_moves()[0]`` without the others: the card first in rank order (announced
        when it has a word), or ``pass`` when no card can be played; a deal must be in play."""
        hand = self.hands[self.turn]
        cards = hand if self.phase is Phase.LEAD else hand & (self.need_mask | self._wild_bit)
        if not cards:
            return PASS
        t = self.t
        card = lowest(cards) if t.standard_order else min(cards_of(cards),
                                                          key=t.card_key.__getitem__)
        return self._card_moves[card][0]

    def is_legal(self, move: Move) -> bool:
        phase = self.phase
        if phase > Phase.CONTINUE:
            return False
        if self.window >= 0:
            return move in self.window_moves()
        if move.card < 0:
            return not self.must_play()
        bit = 1 << move.card
        if not self.hands[self.turn] & bit:
            return False
        if move.announce and not self.t.announce_mask & bit:
            return False
        return phase is Phase.LEAD or bool(bit & (self.need_mask | self._wild_bit))

    def is_natural(self, card: int) -> bool:
        """Whether ``card`` played now would be in its natural place (not a wild card's jump)."""
        return self.phase is Phase.LEAD or bool(self.need_mask >> card & 1)

    def _sorted(self, mask: int) -> list[int]:
        cards = cards_of(mask)
        if not self.t.standard_order:
            cards.sort(key=self.t.card_key.__getitem__)
        return cards

    # -- a new deal ------------------------------------------------------------

    def start_deal(self) -> bool:
        """Stake, shuffle and deal the next deal; False (and the game is over) when none is due."""
        if self.phase is Phase.GAME_OVER:
            return False
        t = self.t
        if sum(self.active) < 2:
            # everyone but one (or everyone) left at the last settlement: no dealer to find
            self._finish(*(self.end_pending or _FEWER_THAN_TWO))
            return False
        dealer = self.first_dealer if self.deal_no == 0 else self.next_seat(
            self.dealer, t.next_dealer_step)
        end = self._end_reason(dealer)
        if end is not None:
            self._finish(*end)
            return False
        if self.deals_played >= self.max_deals:
            self._finish(Termination.SAFETY_BOUND,
                         f"stopped by the safety bound of {self.max_deals} deals")
            return False
        if self.decks is not None and self.deal_no >= len(self.decks):
            raise DeckExhausted(self.deal_no + 1)  # before any stake moves
        self.deal_no += 1
        self.dealer = dealer
        seats = self.seats_from(dealer)
        record: dict[str, object] = {"number": self.deal_no, "dealer": dealer}
        setup: list[Event] = []
        self._sink = setup
        if self.record:
            self.deal_records.append(record)
        self.summary = DealSummary(self.deal_no, dealer, -1, len(seats))
        if self.record:
            self._log({"type": "deal start", "number": self.deal_no, "dealer": dealer})
        self.stake([dealer] if t.dealer_only_stakes else sorted(seats))
        check_tokens(self.balances, self.board, self.token_total, "stakes", self.purses)
        self._leave()  # a player who could not stake in full and must leave, leaves now
        end = self.end_pending or self._too_few_left()
        if end is not None:
            # the stakes could not be paid in full and that ends the game: no cards are dealt
            record.update(deck=[], setup=setup, moves=[])
            self._finish(*end)
            return False
        self.summary.players = sum(self.active)
        deck = self._deck()
        if self.record:
            record.update(deck=[CODES[c] for c in deck], setup=setup, moves=[])
        self._deal(deck, dealer)
        return True

    def _too_few_left(self) -> tuple[Termination, str] | None:
        active = sum(self.active)
        if active < 2:
            return _FEWER_THAN_TWO
        if active not in self.t.deal_rows:
            return Termination.PLAYERS_LEFT, f"the deal table has no row for {active} players"
        return None

    def _end_reason(self, dealer: int) -> tuple[Termination, str] | None:
        active = [s for s in range(self.n) if self.active[s]]
        if self.end_pending is not None:
            return self.end_pending
        if len(active) < 2:
            return _FEWER_THAN_TWO
        if self.deals_option is not None:
            if self.deals_played >= self.deals_option:
                return Termination.DEAL_COUNT, f"{self.deals_option} deals played (--deals)"
        else:
            for cond in self.t.ruleset.game_end.conditions:
                end = self._condition_holds(cond.kind, active, dealer)
                if end:
                    return end
        return self._too_few_left()

    def _condition_holds(self, kind: EndKind, active: list[int], dealer: int
                         ) -> tuple[Termination, str] | None:
        t = self.t
        if kind is EndKind.AFTER_DEALS:
            limit = t.deals_limit(len(active))
            if limit is not None and self.deals_played >= limit:
                return Termination.DEAL_COUNT, f"{limit} deals played"
        elif kind is EndKind.CANNOT_STAKE:
            stakers = [dealer] if t.dealer_only_stakes else active
            poor = [s for s in stakers if self.balances[s] < t.stake_total]
            if poor:
                return Termination.CANNOT_STAKE, f"seat {poor[0]} cannot stake {t.stake_total}"
        elif kind is EndKind.NO_TOKENS:
            broke = [s for s in active if self.balances[s] == 0]
            if broke:
                return Termination.NO_TOKENS, f"seat {broke[0]} has no tokens"
        return None

    def _deck(self) -> list[int]:
        t = self.t
        if self.decks is None:
            return shuffled(list(self._deck_cards), self.rng)
        deck = self.decks[self.deal_no - 1]
        if len(deck) != t.deck_size or sum(1 << c for c in set(deck)) != t.deck_mask:
            raise EngineError(f"deal {self.deal_no}: the given deck is not the "
                              f"{t.deck_size} cards of the ruleset's deck, each once")
        return deck

    def _deal(self, deck: list[int], dealer: int) -> None:
        t = self.t
        active = sum(self.active)
        each, _talon = t.deal_rows[active]
        order = [s for s in ((dealer + t.deal_step * i) % self.n for i in range(1, self.n + 1))
                 if self.active[s]]
        hands = [0] * self.n
        at = deck.__getitem__
        for s, positions in zip(order, deal_plan(active, each, t.packet), strict=True):
            hands[s] = sum(map(BIT.__getitem__, map(at, positions)))
        self.hands = hands
        self.talon = sum(map(BIT.__getitem__, deck[active * each:]))
        self.played = 0
        check_cards(self.hands, self.talon, self.played, t.deck_mask, t.deck_size, "deal")
        leader = self.next_seat(dealer, t.first_lead_step)
        self._reset_run(leader)
        self.summary.first_leader = leader
        self.summary.turns = 1
        if self.record:
            self._log({"type": "deal", "dealer": dealer, "hands": {
                str(s): [Card.from_index(c).code for c in self._sorted(hands[s])] for s in order},
                "talon": [Card.from_index(c).code for c in self._sorted(self.talon)]})
            self._log({"type": "turn", "seat": leader})

    def _reset_run(self, leader: int) -> None:
        self.turn = leader
        self.window = -1
        self.first_leader = leader
        self.phase = Phase.LEAD
        self.need_rank = 0
        self.run_cards = []
        self.need_suit = -1
        self.need_mask = 0
        self.last = leader
        self.skips = 0
        self.turns = 1
        self.seat_turns = [0] * self.n
        self.seat_turns[leader] = 1
        self.played_by = 0

    # -- moves -------------------------------------------------------------------

    def push(self, move: Move) -> None:
        """Play ``move`` for the player whose turn it is; raises :class:`IllegalMove`."""
        if not self.is_legal(move):
            raise IllegalMove(f"{move} is not legal now for seat {self.turn} "
                              f"(legal: {' '.join(map(str, self.legal_moves())) or 'none'})")
        self._apply(move)

    def _apply(self, move: Move) -> None:
        """Play a move known to be legal."""
        if self.record:
            moves = self.deal_records[-1]["moves"]
            assert isinstance(moves, list)
            self._sink = []
            moves.append({"seat": self.turn, "move": str(move), "events": self._sink})
        if self.window >= 0:
            self._window_move(move)
        elif move.card < 0:
            self._pass()  # a pass moves no card and no token: nothing to check
        else:
            self._play_checked(move)

    def _play_checked(self, move: Move) -> None:
        """Play a card, then check the invariants that the card (or what it set off) may break.

        Cards move only as the card leaves the hand for the pile: that one card is checked
        (it lies nowhere else), and every card at the end of the deal; tokens move only
        through the ledger, which counts them: they are checked when some moved, and at
        the end of the deal whatever happened (:mod:`.invariants`).
        """
        seat = self.turn
        summary = self.summary
        moved = summary.tokens_moved
        problem = card_problem(self.hands[seat], self.talon, self.played, 1 << move.card)
        if not problem:
            self._play(move.card, move.announce)
            t = self.t
            over = self.phase is Phase.DEAL_OVER
            if over:
                problem = cards_problem(self.hands, self.talon, self.played, t.deck_mask,
                                        t.deck_size)
            if not problem and (over or summary.tokens_moved != moved):
                problem = tokens_problem(self.balances, self.board, self.token_total,
                                         self.purses)
        if problem:
            raise InvariantError(f"deal {self.deal_no}, seat {seat} playing {move}: {problem}")

    # -- the end of a deal and of the game ----------------------------------------

    def _deal_won(self, winner: int) -> None:
        self.phase = Phase.DEAL_OVER
        summary = self.summary
        summary.winner = winner
        opera = self.opera_made(winner)
        if self.record:
            event: Event = {"type": "out", "seat": winner}
            self._call(event, "going out")
            self._log(event)
        if opera:
            assert self.t.opera is not None
            summary.opera = self.t.opera.value
            if self.record:
                self._log({"type": "opera", "seat": winner, "kind": summary.opera})
        self.settle(winner, opera)
        self._leave()
        summary.board_size = sum(self.board)
        summary.balances = list(self.balances)
        self.deals_played += 1
        self.summaries.append(summary)
        if self.record:
            self.deal_records[-1].update(balances=list(self.balances), board=self.board_codes())
            self._log({"type": "deal over", "number": self.deal_no,
                       "balances": list(self.balances), "board": self.board_codes()})

    def _leave(self) -> None:
        """Players who could not pay in full leave the game (``... and leaves the game``)."""
        for seat in sorted(self.leaving):
            self.active[seat] = False
            if self.record:
                self._log({"type": "leaves", "seat": seat})
        self.leaving.clear()

    def board_codes(self) -> dict[str, int]:
        """The board as ``{box card code: tokens}``."""
        return {CODES[c]: n for c, n in zip(self.t.box_cards, self.board, strict=True)}

    def _finish(self, termination: Termination, reason: str) -> None:
        self.phase = Phase.GAME_OVER
        ended = termination is not Termination.SAFETY_BOUND
        standings = [b - d for b, d in zip(self.balances, self.debts, strict=True)]
        top = max(standings)
        # a game the rules did not end has no winner: the standings are only a snapshot
        winners = [s for s, b in enumerate(standings) if b == top] if ended else []
        board = self.board_codes()
        self._result = GameResult(
            ended=ended, reason=reason, termination=termination, deals=self.summaries,
            balances=list(self.balances), board=board, winners=winners,
            left=[s for s in range(self.n) if not self.active[s]], debts=list(self.debts))
        self.end_record = {"ended": ended, "reason": reason, "balances": list(self.balances),
                           "board": dict(board), "winners": self._result.winners}
        if any(self.debts):  # only games with a bank carry debts (older transcripts unchanged)
            self.end_record["debts"] = list(self.debts)
        for listener in self.listeners:
            listener({"type": "game over", **self.end_record})

    def result(self) -> GameResult:
        """The game's result; the game must be over."""
        if self._result is None:
            raise EngineError("the game is not over")
        return self._result

    def _log(self, event: Event) -> None:
        self._sink.append(event)
        for listener in self.listeners:
            listener(event)

    # -- playing a whole game -------------------------------------------------------

    def play_deal(self, seats: Sequence[Seat]) -> None:
        """Play the current deal to its end, asking ``seats`` whenever there is a choice."""
        views = [SeatView(self, s) for s in range(self.n)]
        if fast_path_fits(self):
            play_plain_deal(self, seats, views)  # no transcript: the same moves, faster
            return
        # seats that take the first legal move whenever they do not hold the wild card
        firsts = [bool(getattr(seat, "takes_first_legal", False)) for seat in seats]
        t = self.t
        silent = ~t.announce_mask
        wild = self._wild_bit
        must = {Phase.PLAY_ON: t.play_on_compulsory, Phase.CONTINUE: t.continuing_compulsory}
        apply = self._apply
        # without a transcript a move needs no record: straight to the rules (a pass is never
        # the wild card's holder's answer here, who holds a card that can be played)
        pass_on = partial(apply, PASS) if self.record else partial(pass_round, self)
        play = apply if self.record else self._play_checked
        # every deal ends (module docstring); the bound only turns an engine bug into an error
        budget = 64 * t.deck_size * self.n
        while self.phase <= _CONTINUE:
            budget -= 1
            if budget < 0:
                raise InvariantError(f"deal {self.deal_no} has not ended after "
                                     f"{64 * t.deck_size * self.n} moves")
            phase = self.phase
            if phase:  # fast paths: a move that is the only one, asked of nobody
                cards = self.hands[self.turn] & (self.need_mask | wild)
                if not cards:
                    pass_on()  # nothing can be played
                    continue
                if not cards & (cards - 1) and cards & silent and not cards & wild and must[phase]:
                    play(_PLAYS[cards.bit_length() - 1][0])  # one card, compulsory
                    continue
            if firsts[self.turn] and not self.hands[self.turn] & wild:
                apply(self.first_legal_move())  # its choice, without the list (:mod:`.plain`)
                continue
            legal = self.legal_moves()
            if len(legal) == 1:
                apply(legal[0])
                continue
            move = seats[self.turn].choose(views[self.turn], legal)
            if move not in legal:
                raise IllegalMove(f"seat {self.turn} chose {move}, which is not legal now "
                                  f"(legal: {' '.join(map(str, legal))})")
            apply(move)

    def play(self, seats: Sequence[Seat]) -> GameResult:
        """Play the whole game with one player object per seat; returns the result."""
        if len(seats) != self.n:
            raise EngineError(f"{len(seats)} players for {self.n} seats")
        for seat, player in enumerate(seats):
            begin = getattr(player, "begin", None)
            if begin is not None:
                begin(self, seat)  # a bot takes its seat and its seed
        while self.start_deal():
            self.play_deal(seats)
        return self.result()


_FEWER_THAN_TWO = (Termination.PLAYERS_LEFT, "fewer than two players are left")


class DeckExhausted(EngineError):
    """The given decks ran out before the game did."""

    def __init__(self, deal: int) -> None:
        super().__init__(f"no deck given for deal {deal}")
        self.deal = deal
