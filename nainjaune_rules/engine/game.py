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

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from nainjaune_rules.core.cards import INDEX_CODES as CODES
from nainjaune_rules.core.cards import Card
from nainjaune_rules.engine.cardset import cards_of, lowest
from nainjaune_rules.engine.deal_start import deal_cards, deal_shuffled, next_deck
from nainjaune_rules.engine.dealing import deck_bits, deck_cards
from nainjaune_rules.engine.ending import FEWER_THAN_TWO, end_reason, too_few_left
from nainjaune_rules.engine.events import Event, EventType, GameOverEvent, OutEvent
from nainjaune_rules.engine.hands import decide_widow
from nainjaune_rules.engine.invariants import (
    InvariantError,
    card_problem,
    cards_problem,
    check_tokens,
    tokens_problem,
)
from nainjaune_rules.engine.leads import lead_mask
from nainjaune_rules.engine.loop import play_deal
from nainjaune_rules.engine.moves import EXCHANGE, PASS, Move, byte_moves, card_moves
from nainjaune_rules.engine.plain import Seating
from nainjaune_rules.engine.purses import new_purses
from nainjaune_rules.engine.runs import (
    _CONTINUE,
    _DEAL_OVER,
    _GAME_OVER,
    _LEAD,
    _PLAY_ON,
    IllegalMove,
    Runs,
)
from nainjaune_rules.engine.runs import Phase as Phase  # the players import it from here
from nainjaune_rules.engine.snapshot import (
    GameState,
    copy_records,
    copy_summary,
    make_state,
)
from nainjaune_rules.engine.summary import DealSummary, GameResult, Termination
from nainjaune_rules.engine.table_build import compile_tables
from nainjaune_rules.engine.tables import EngineError, Tables
from nainjaune_rules.engine.view import SeatView
from nainjaune_rules.model.rules import Ruleset


class Seat(Protocol):
    """What a player object offers the engine (see :mod:`nainjaune_rules.players`).

    ``choose`` is given the seat's :class:`~nainjaune_rules.engine.view.SeatView`
    (its own hand, the board, what has been played), never the game itself.
    """

    def choose(self, view: SeatView, legal: list[Move]) -> Move: ...


def deal_refusal(t: Tables, players: int) -> str | None:
    """Why the ruleset cannot deal for ``players`` players, or None when it can."""
    if players in t.deal_rows:
        return None
    why = t.deal_problems.get(players) or (
        "the deal table has rows for " + ", ".join(map(str, sorted(t.deal_rows))) + " players")
    return f"ruleset {t.ruleset.id} cannot deal for {players} players: {why}"


class Game(Runs):
    """A game of Nain Jaune under one ruleset.  See the module docstring for the rules played."""

    def __init__(self, ruleset: Ruleset | Tables, players: int, seed: int = 0, *,
                 deals: int | None = None, dealer: int | None = None, max_deals: int = 1000,
                 record: bool = True, decks: Sequence[Sequence[int]] | None = None,
                 _copy_of: Game | None = None) -> None:
        if _copy_of is not None:  # copy(): a mypyc class has no __new__ that skips __init__
            if not _COMPILED:  # every attribute in one go, then replaced: a third of the time
                vars(self).update(vars(_copy_of))
            self._share(_copy_of)
            self._set(_copy_of.save(), True)
            return
        t = ruleset if isinstance(ruleset, Tables) else compile_tables(ruleset)
        self.t = t
        refused = deal_refusal(t, players)
        if refused:
            raise EngineError(refused)
        if dealer is not None and not 0 <= dealer < players:
            raise EngineError(f"dealer seat {dealer} does not exist with {players} players")
        if deals is not None and deals < 1:
            raise EngineError("the number of deals must be at least 1")
        self.n = players
        self.seed = seed
        rng = random.Random(seed)
        self._rng: random.Random | None = rng
        self._rng_state: tuple[object, ...] = ()  # a snapshot of it (``_rng_snapshot``)
        self._rng_saved = False  # whether the snapshot is its state (not taken since)
        self.seat_seeds = [rng.getrandbits(64) for _ in range(players)]
        if dealer is None:
            dealer = rng.randrange(players) if t.dealer_by_lot else 0
        self.first_dealer = dealer
        self.deals_option = deals
        self.max_deals = max_deals
        self.record = record
        self.decks = [list(d) for d in decks] if decks is not None else None
        self.listeners: list[Callable[[Event], None]] = []
        self.balances = [t.starting_tokens] * players
        self.board = [0] * len(t.box_stakes)  # the boxes, then the pools
        self.token_total = t.starting_tokens * players
        self.active = [True] * players
        self.hands = [0] * players
        self.talon = t.deck_mask  # before the first deal every card is in the stock
        self.played = 0
        self.dealer = dealer
        self.deal_no = 0
        self.deals_played = 0
        self.phase = _DEAL_OVER
        self.turn = dealer
        self.end_pending: tuple[Termination, str] | None = None
        self.leaving: set[int] = set()
        self.debts = [0] * players
        self.purses = new_purses(t.token_values, t.token_start, players, len(t.box_stakes),
                                 t.change) if t.token_values else None
        self.summaries: list[DealSummary] = []
        self.summary = DealSummary(0, dealer, dealer, players)
        self.deal_records: list[dict[str, object]] = []
        self.end_record: dict[str, object] = {}
        self._sink: list[Event] = []
        self._result: GameResult | None = None
        self.wild_bit = t.wild_mask  # every copy of the wild card (deck composition, #22)
        self.moves_by_card = card_moves(t.announce_mask, t.packs)
        self._byte_moves = byte_moves(t.announce_mask) if t.standard_order else None
        self.unshuffled_cards = deck_cards(t.deck_mask)  # the unshuffled deck, by index
        self.unshuffled_bits = deck_bits(t.deck_mask)  # and by bit
        self.window = -1
        self.widow_offer = False  # the dealer is deciding on the widow (:mod:`.hands`)
        self.reset_run(dealer)

    # -- queries ---------------------------------------------------------------

    @property
    def in_play(self) -> bool:
        """True while a deal is being played (a move is awaited)."""
        return self.phase <= _CONTINUE

    @property
    def over(self) -> bool:
        return self.phase is _GAME_OVER

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see of the game: what the engine hands its player at each choice."""
        return SeatView(self, seat)  # not kept: a game that held its views would be a cycle

    @property
    def rng(self) -> random.Random:
        """The game's random generator: drawn as the game is made and as each deal starts
        (:mod:`.deal_start`), never during a deal, so that :meth:`save` takes its state
        once per deal, not at every move."""
        rng = self._rng
        if rng is None:  # a copy, or a restored game: made from the snapshot when first drawn
            rng = self._rng = random.Random(0)
            rng.setstate(self._rng_state)
        self._rng_saved = False  # whoever takes it may draw from it
        return rng

    # -- saving, restoring, copying (:mod:`.snapshot`) ---------------------------------

    def save(self) -> GameState:
        """This game's state between two moves, immutable: :meth:`restore` takes the game
        back to it, and the game then plays on exactly as it did from there (the same
        events, the same deals).  Examples in :mod:`nainjaune_rules.engine.snapshot`."""
        summary = self.summary
        return make_state((
            self.t, self.n, self.record, self._rng_snapshot(), tuple(self.balances),
            tuple(self.board), self.token_total, tuple(self.active), tuple(self.hands),
            self.talon, self.played, self.dealer, self.deal_no, self.deals_played, self.phase,
            self.turn, self.window, self.end_pending, frozenset(self.leaving),
            tuple(self.debts), None if self.purses is None else self.purses.tokens(),
            tuple(self.summaries),
            copy_summary(summary) if self.phase <= _CONTINUE else summary,  # done: shared
            copy_records(self.deal_records), self.end_record, self._result,
            self.first_leader, self.need_rank, self.need_suit, self.need_mask, self.last,
            self.skips, self.turns, tuple(self.seat_turns), tuple(self.run_cards),
            self.played_by, self._wild_holder, self.lets_wild_go, self.widow_offer,
            self.lead_barred, self.lead_passes))

    def restore(self, state: GameState) -> None:
        """Take this game back to ``state``, saved from it (or from a copy of it) by
        :meth:`save`; the state stays as it was, to be restored again.  Listeners hear
        nothing of it.  Raises :class:`EngineError` for a state of another game."""
        if state.tables is not self.t or state.players != self.n or state.record != self.record:
            raise EngineError("this state was saved from a game with other rules, players "
                              "or transcript setting")
        self._set(state, False)

    def copy(self) -> Game:
        """An independent copy to look ahead on: moves pushed on it leave this game alone.

        The copy has the same state and the same random generator state (it deals the same
        next deals), but no listeners: nobody hears the moves tried on it.  It shares what
        never changes (the rule tables) and what the engine no longer changes (the deals
        played: :mod:`.snapshot`), so it costs a few calls of :meth:`legal_moves`
        (``benchmarks/bench_copy.py``)."""
        return Game(self.t, self.n, self.seed, _copy_of=self)

    def _rng_snapshot(self) -> tuple[object, ...]:
        """The random generator's state, taken again only when the generator was handed
        out since (:meth:`rng`): once per deal (a third of a save's time otherwise)."""
        if not self._rng_saved:
            rng = self._rng
            assert rng is not None  # else the snapshot is its state
            self._rng_state, self._rng_saved = rng.getstate(), True
        return self._rng_state

    def _share(self, other: Game) -> None:
        """What never changes in a game, from ``other`` (a copy's, with no listeners)."""
        self.t, self.n, self.seed, self.seat_seeds = other.t, other.n, other.seed, other.seat_seeds
        self.first_dealer, self.deals_option = other.first_dealer, other.deals_option
        self.max_deals, self.record, self.decks = other.max_deals, other.record, other.decks
        self.listeners = []
        self.wild_bit, self.moves_by_card = other.wild_bit, other.moves_by_card
        self._byte_moves, self.unshuffled_cards = other._byte_moves, other.unshuffled_cards
        self.unshuffled_bits = other.unshuffled_bits
        self._rng, self._rng_state, self._rng_saved = None, (), True
        self.purses = None if other.purses is None else other.purses.copy()

    def _set(self, s: GameState, own: bool) -> None:
        """Put ``s`` in place; ``own``: nobody else holds it (a copy's), so its copies of the
        pieces the engine changes are taken rather than copied again."""
        self._rng, self._rng_state, self._rng_saved = None, s.rng, True  # made when drawn
        self.balances, self.board = list(s.balances), list(s.board)
        self.token_total, self.active, self.hands = s.token_total, list(s.active), list(s.hands)
        self.talon, self.played, self.dealer, self.deal_no = s.talon, s.played, s.dealer, s.deal_no
        self.deals_played, self.phase, self.turn, self.window = (s.deals_played, s.phase,
                                                                 s.turn, s.window)
        self.end_pending, self.leaving, self.debts = s.end_pending, set(s.leaving), list(s.debts)
        if s.purses is not None:
            assert self.purses is not None  # the same rules: tokens by value too
            self.purses.set_tokens(s.purses)
        self.summaries = list(s.summaries)
        self.summary = (s.summary if own or s.phase > _CONTINUE
                        else copy_summary(s.summary))
        self.deal_records = list(s.deal_records if own else copy_records(s.deal_records))
        self.end_record, self._result, self._sink = s.end_record, s.result, []
        self.first_leader, self.need_rank, self.need_suit = s.first_leader, s.need_rank, s.need_suit
        self.need_mask, self.last, self.skips, self.turns = s.need_mask, s.last, s.skips, s.turns
        self.seat_turns, self.run_cards = list(s.seat_turns), list(s.run_cards)
        self.played_by, self._wild_holder, self.lets_wild_go = (s.played_by, s.wild_holder,
                                                               s.lets_wild_go)
        self.widow_offer = s.widow_offer
        self.lead_barred, self.lead_passes = s.lead_barred, s.lead_passes

    def hand(self, seat: int) -> list[Card]:
        """The cards of ``seat``, sorted by rank order then suit."""
        return [Card.from_index(c) for c in self.sorted_cards(self.hands[seat])]

    def needed(self) -> list[Card]:
        """The cards that would continue the current run (empty when a new run is due)."""
        return [Card.from_index(c) for c in self.sorted_cards(self.need_mask & self.t.deck_mask)]

    def lead_cards(self) -> int:
        """The cards the player to lead may lead: the hand, or what the ruleset's lead
        constraints leave of it (:mod:`.leads`; 0: the lead passes)."""
        hand = self.hands[self.turn]
        t = self.t
        return lead_mask(t, hand, self.lead_bar()) if t.lead_constrained else hand

    def must_play(self) -> bool:
        """Whether the player to move may not pass."""
        if self.phase is _LEAD:
            return not self.t.lead_constrained or bool(self.lead_cards())
        if self.window >= 0:
            return False  # the wild card never has to be played
        held = self.hands[self.turn] & self.need_mask & ~self.wild_bit
        if not held:
            return False
        t = self.t
        return t.play_on_compulsory if self.phase is _PLAY_ON else t.continuing_compulsory

    def legal_moves(self) -> list[Move]:
        """Every legal move, in the engine's sorted order (see :mod:`.moves`)."""
        phase = self.phase
        if phase > _CONTINUE:
            return []
        if self.window >= 0:
            return self.window_moves()
        if self.widow_offer:
            return [EXCHANGE, PASS]  # the dealer takes the widow, or keeps their hand
        hand = self.hands[self.turn]
        cards = self.lead_cards() if phase is _LEAD else hand & (self.need_mask |
                                                                       self.wild_bit)
        if not cards and phase is _LEAD:
            return [PASS]  # a constrained lead the player cannot make (:mod:`.leads`)
        if self._byte_moves is not None:  # ranks A..K: the card set's bytes come in order
            moves: list[Move] = []
            for plays, byte in zip(self._byte_moves, cards.to_bytes(7, "little"), strict=True):
                if byte:
                    moves += plays[byte]
        else:
            per_card = self.moves_by_card
            moves = [m for c in self.sorted_cards(cards) for m in per_card[c]]
        if phase and not self.must_play():
            moves.append(PASS)
        return moves

    def first_legal_move(self) -> Move:
        """``legal_moves()[0]`` without the others: the card first in rank order (announced
        when it has a word), or ``pass`` when no card can be played; a deal must be in play.
        While the dealer decides on the widow, ``exchange`` (then ``pass``) is first."""
        if self.widow_offer:
            return EXCHANGE
        hand = self.hands[self.turn]
        cards = self.lead_cards() if self.phase is _LEAD else hand & (self.need_mask |
                                                                            self.wild_bit)
        if not cards:
            return PASS
        t = self.t
        card = lowest(cards) if t.standard_order else min(cards_of(cards),
                                                          key=t.card_key.__getitem__)
        return self.moves_by_card[card][0]

    def is_legal(self, move: Move) -> bool:
        phase = self.phase
        if phase > _CONTINUE:
            return False
        if self.window >= 0:
            return move in self.window_moves()
        if self.widow_offer:
            return move.card in (EXCHANGE.card, PASS.card)
        if move.card < 0:
            return move.card == PASS.card and not self.must_play()
        bit = 1 << move.card
        if not self.hands[self.turn] & bit:
            return False
        if move.announce and not self.t.announce_mask & bit:
            return False
        if phase is _LEAD:
            return bool(bit & self.lead_cards())
        return bool(bit & (self.need_mask | self.wild_bit))

    def is_natural(self, card: int) -> bool:
        """Whether ``card`` played now would be in its natural place (not a wild card's jump)."""
        return self.phase is _LEAD or bool(self.need_mask >> card & 1)

    def sorted_cards(self, mask: int) -> list[int]:
        """The cards of ``mask`` in the order the transcript lists them."""
        cards = cards_of(mask)
        if not self.t.standard_order:
            cards.sort(key=self.t.card_key.__getitem__)
        return cards

    # -- a new deal ------------------------------------------------------------

    def start_deal(self) -> bool:
        """Stake, shuffle and deal the next deal; False (and the game is over) when none is due."""
        if self.phase is _GAME_OVER:
            return False
        t = self.t
        if sum(self.active) < 2:
            # everyone but one (or everyone) left at the last settlement: no dealer to find
            self._finish(*(self.end_pending or FEWER_THAN_TWO))
            return False
        dealer = self.first_dealer if self.deal_no == 0 else self.next_seat(
            self.dealer, t.next_dealer_step)
        end = end_reason(self, dealer)
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
        seats = self.seats_going(dealer, t.play_step)  # (seats_from's, as a tuple)
        record: dict[str, object] = {"number": self.deal_no, "dealer": dealer}
        setup: list[Event] = []
        self._sink = setup
        if self.record:
            self.deal_records.append(record)
        self.summary = DealSummary(self.deal_no, dealer, -1, len(seats))
        if self.record:
            self.tell({"type": EventType.DEAL_START, "number": self.deal_no, "dealer": dealer})
        self.stake([s for s in sorted(seats) if t.stake_times(s, dealer)], dealer)
        check_tokens(self.balances, self.board, self.token_total, "stakes", self.purses)
        self._leave()  # a player who could not stake in full and must leave, leaves now
        end = self.end_pending or too_few_left(self)
        if end is not None:
            # the stakes could not be paid in full and that ends the game: no cards are dealt
            record.update(deck=[], setup=setup, moves=[])
            self._finish(*end)
            return False
        self.summary.players = sum(self.active)
        if not self.record and self.decks is None:
            deal_shuffled(self, dealer)  # no deck to record: the cards' bits are shuffled
            return True
        deck = next_deck(self)
        if self.record:
            record.update(deck=[CODES[c] for c in deck], setup=setup, moves=[])
        deal_cards(self, deck, dealer)
        return True

    def reset_run(self, leader: int) -> None:
        """A new run, led by ``leader``: nothing played in it yet."""
        self.turn = leader
        self.window = -1
        self.first_leader = leader
        self.phase = _LEAD
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
        self.lead_barred = -1  # the deal's first lead bars no suit (:mod:`.leads`)
        self.lead_passes = 0

    # -- moves -------------------------------------------------------------------

    def push(self, move: Move) -> None:
        """Play ``move`` for the player whose turn it is; raises :class:`IllegalMove`."""
        if not self.is_legal(move):
            raise IllegalMove(f"{move} is not legal now for seat {self.turn} "
                              f"(legal: {' '.join(map(str, self.legal_moves())) or 'none'})")
        self.apply_move(move)

    def apply_move(self, move: Move) -> None:
        """Play a move known to be legal."""
        if self.record:
            moves = self.deal_records[-1]["moves"]
            assert isinstance(moves, list)
            self._sink = []
            moves.append({"seat": self.turn, "move": str(move), "events": self._sink})
        if self.widow_offer:
            decide_widow(self, move)  # the dealer takes the widow or keeps their hand
        elif move.card < 0 and self.window >= 0:
            self.window_move(move)  # the wild card's holder lets the moment go
        elif move.card < 0:
            self._pass()  # a pass moves no card and no token: nothing to check
        else:
            self.play_checked(move)

    def play_checked(self, move: Move) -> None:
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
            if self.window >= 0:  # the wild card laid out of turn: checked like any card
                self.window_move(move)
            else:
                self._play(move.card, move.announce)
            t = self.t
            over = self.phase is _DEAL_OVER
            if over:
                problem = cards_problem(self.hands, self.talon, self.played, t.deck_mask,
                                        t.deck_size)
            if not problem and (over or summary.tokens_moved != moved):
                problem = tokens_problem(self.balances, self.board, self.token_total,
                                         self.purses)
        if problem:
            raise InvariantError(f"deal {self.deal_no}, seat {seat} playing {move}: {problem}")

    # -- the end of a deal and of the game ----------------------------------------

    def deal_won(self, winner: int) -> None:
        """``winner`` laid the last card of its hand: the deal is won and settled (from
        :meth:`_play`, and from the plain loop, :mod:`.plain`)."""
        self.phase = _DEAL_OVER
        summary = self.summary
        summary.winner = winner
        opera = self.opera_made(winner)
        if self.record:
            event: OutEvent = {"type": EventType.OUT, "seat": winner}
            self._call(event, "going out")
            self.tell(event)
        if opera:
            assert self.t.opera is not None
            summary.opera = self.t.opera.value
            if self.record:
                self.tell({"type": EventType.OPERA, "seat": winner, "kind": summary.opera})
        out_card = self.run_cards[-1] if self.run_cards else -1
        if self.record and out_card >= 0 and self.t.out_mask >> out_card & 1:
            self.tell({"type": EventType.OUT_WITH, "seat": winner, "card": CODES[out_card]})
        self.settle(winner, opera, out_card)
        self._leave()
        summary.board_size = sum(self.board)
        summary.balances = list(self.balances)
        self.deals_played += 1
        self.summaries.append(summary)
        if self.record:
            self.deal_records[-1].update(balances=list(self.balances), board=self.board_codes())
            self.tell({"type": EventType.DEAL_OVER, "number": self.deal_no,
                       "balances": list(self.balances), "board": self.board_codes()})

    def _leave(self) -> None:
        """Players who could not pay in full leave the game (``... and leaves the game``)."""
        if not self.leaving:
            return  # (most deals: nobody leaves)
        for seat in sorted(self.leaving):
            self.active[seat] = False
            if self.record:
                self.tell({"type": EventType.LEAVES, "seat": seat})
        self.leaving.clear()

    def board_codes(self) -> dict[str, int]:
        """The board as ``{box card code: tokens}``, then ``{pool name: tokens}``."""
        t = self.t
        keys = [CODES[c] for c in t.box_cards] + list(t.pool_names)
        return dict(zip(keys, self.board, strict=True))

    def _finish(self, termination: Termination, reason: str) -> None:
        self.phase = _GAME_OVER
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
        if not self.record and not self.listeners:
            return  # nobody to tell, no transcript to end
        over: GameOverEvent = {"type": EventType.GAME_OVER, "ended": ended, "reason": reason,
                               "balances": list(self.balances), "board": dict(board),
                               "winners": self._result.winners}
        if any(self.debts):  # only games with a bank carry debts (older transcripts unchanged)
            over["debts"] = list(self.debts)
        self.end_record = {k: v for k, v in over.items() if k != "type"}  # the transcript's
        for listener in self.listeners:
            listener(over)

    def result(self) -> GameResult:
        """The game's result; the game must be over."""
        if self._result is None:
            raise EngineError("the game is not over")
        return self._result

    def tell(self, event: Event) -> None:
        """Tell ``event`` to the listeners, and keep it for the deal's record."""
        self._sink.append(event)
        for listener in self.listeners:
            listener(event)

    # -- playing a whole game -------------------------------------------------------

    def play_deal(self, seats: Sequence[Seat]) -> None:
        """Play the current deal to its end, asking ``seats`` whenever there is a choice."""
        play_deal(self, seats)

    def play(self, seats: Sequence[Seat]) -> GameResult:
        """Play the whole game with one player object per seat; returns the result."""
        if len(seats) != self.n:
            raise EngineError(f"{len(seats)} players for {self.n} seats")
        for seat, player in enumerate(seats):
            begin = getattr(player, "begin", None)
            if begin is not None:
                begin(self, seat)  # a bot takes its seat and its seed
        seating = Seating(self, seats)  # what the seats are, read once (they have sat down)
        while self.start_deal():
            play_deal(self, seats, seating)
        return self.result()



#: whether mypyc compiled this module (tools/build_fast.py): its classes have no ``__dict__``
_COMPILED = hasattr(Game, "__mypyc_attrs__")


class DeckExhausted(EngineError):
    """The given decks ran out before the game did."""

    def __init__(self, deal: int) -> None:
        super().__init__(f"no deck given for deal {deal}")
        self.deal = deal
