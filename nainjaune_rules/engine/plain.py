"""The fast path of a deal: plain cards and passes played inline, everything else as always.

A simulation spends most of its time on two moves: a card that does nothing
but move the run along (no box, no payment, no stop, not the wild card, its
word said when it has one, not the last card of the hand), and a pass by a
player who holds nothing that can be played.  Without a transcript (and
nobody listening), this loop plays the deal: those two moves here, with the
same state changes as :meth:`~nainjaune_rules.engine.runs.Runs._play` and
:meth:`~nainjaune_rules.engine.runs.Runs._pass`, and every other move through
the engine's own methods (the ``play_checked`` path with its checks).  A king
(or top rank) that ends the run, and a round of passes, are played here too, and
the wild card's holder is asked here whether to lay it out of turn after a card.

While only such moves are made, the run's state (whose turn, the phase, the
cards the run needs, the pile...) lives in the loop's local variables, not in
the game's attributes: a local is read and written several times faster, and
a deal makes some forty moves.  It is stored back (``_store``) before anything
else reads the game: the engine's own methods, and a seat asked for its move.

Seats are asked only when there is a choice, as in
:meth:`~nainjaune_rules.engine.game.Game.play_deal`; a seat whose policy the
engine knows is not asked at all: ``takes_first_legal`` (the first legal move
while it does not hold the wild card) and ``keeps_wild_card`` (the same, but
for the wild card, which it plays only in its natural place and never out of
turn: ``lowest`` at forget 0; no window for the wild card out of turn is
opened for it, which its pass would close at once); and a seat with a
``quick`` choice makes it from its view without the list of legal moves
(``greedy`` at forget 0).
The goldens, the simulate fixture and tests/engine/test_engine_fast_full.py (every
option choice of every ruleset) check that both paths play the same games.

The invariants stay on, as on the engine's own path (:mod:`.invariants`): a
plain card moves one card from a hand to the pile and no token, so that card
is checked (it leaves the hand and lies nowhere else); a box taken here checks
the tokens, and the end of every deal (``_deal_won``) checks everything.

The loop reads what a card does from per-card tables (what follows it, what its play
asks) rather than from masks: a hand or a mask of 52 cards is an integer of two
digits to CPython, and every ``&`` or ``|`` on one makes a new object, while a look-up
by the card's number and a comparison make none.  A plain card now costs five operations
on masks instead of thirteen (issue 27, item 3).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from nainjaune_rules.core.cards import INDEX_CODES as CODES
from nainjaune_rules.engine.cardset import cards_of
from nainjaune_rules.engine.derived import OncePer
from nainjaune_rules.engine.invariants import (
    InvariantError,
    card_problem,
    cards_problem,
    move_bound,
    not_ended,
    tokens_problem,
)
from nainjaune_rules.engine.moves import Move
from nainjaune_rules.engine.runs import IllegalMove, Phase
from nainjaune_rules.engine.tables import Tables
from nainjaune_rules.engine.view import SeatView
from nainjaune_rules.model.rules import ActionKind

if TYPE_CHECKING:
    from nainjaune_rules.engine.game import Game, Seat

_LEAD = Phase.LEAD
_PLAY_ON = Phase.PLAY_ON
_CONTINUE = Phase.CONTINUE


def fast_path_fits(game: Game) -> bool:
    """Whether this loop may play the deal: no transcript, nobody listening, and no lead
    constraint (:mod:`.leads`: the engine's own loop asks for those leads)."""
    t = game.t  # lead constraints and a rank laid at once (issue 22 items 7, 8) ask the engine
    return not game.record and not game.listeners and not t.lead_constrained and \
        not t.rank_at_once


class Seating:
    """What the loops need to know of a game's seats, read from them once a game
    (:meth:`Game.play <nainjaune_rules.engine.game.Game.play>`) rather than once a deal:
    each seat's view (a view reads the live game: one serves a whole game), whether it
    keeps the wild card or takes the first legal move, and its ``quick`` choice."""

    def __init__(self, game: Game, seats: Sequence[Seat]) -> None:
        self.views = [SeatView(game, s) for s in range(game.n)]
        self.keeps = [bool(getattr(seat, "keeps_wild_card", False)) for seat in seats]
        self.firsts = [bool(getattr(seat, "takes_first_legal", False)) for seat in seats]
        #: per seat, whether the plain loop picks its card: 2 always (it keeps the wild
        #: card), 1 while it does not hold the wild card (it takes the first legal move),
        #: 0 never (it is asked)
        self.picks = [2 if k else 1 if f else 0
                      for k, f in zip(self.keeps, self.firsts, strict=True)]
        # a seat that keeps the wild card is not offered it out of turn (Runs._offer_wild)
        self.lets_wild_go = frozenset(s for s, k in enumerate(self.keeps) if k)
        self.ask = partial(_asked, game, seats, self.views,
                           [getattr(seat, "quick", None) for seat in seats])
        #: the game's tables read by the plain loop (its rules do not change in a game)
        self.after = _after_cards(game.t)
        self.rules = _loop_rules(game.t)
        self.quiet_boxes = quiet_box_cards(game.t)[1]


def play_plain_deal(game: Game, seats: Sequence[Seat], seating: Seating) -> None:
    """Play the current deal to its end without a transcript (module docstring)."""
    game.lets_wild_go = seating.lets_wild_go
    try:
        _play_deal(game, seating)
    finally:
        game.lets_wild_go = frozenset()


#: what the inner loop of ``_play_deal`` leaves to the engine once the run's state is stored
_STUCK, _CHECKED, _WINDOW, _WON = range(4)


def _play_deal(game: Game, seating: Seating) -> None:
    t = game.t
    keeps, picks, ask = seating.keeps, seating.picks, seating.ask
    hands = game.hands
    wild = t.wild_mask  # (game.wild_bit)
    must, unasked, key, stuck_here, says = seating.rules
    card_moves = game.moves_by_card
    # with the wild card at any time, its holder may be offered it after another player's
    # card of a run (Runs._offer_wild): not when it lies in the talon or its holder keeps
    # it; it stays in one hand till played
    holder = next((s for s, h in enumerate(hands) if h & wild), -1) if t.wild_any_time else -1
    offers = holder >= 0 and not keeps[holder]
    after = seating.after  # per card played in its place: the run's next rank, cards, suit
    n, talon = game.n, game.talon
    following = _following(game)  # who plays after each seat (nobody leaves in a deal)
    seat_bits = _SEAT_BITS  # (``1 << seat``, looked up)
    quiet_boxes = seating.quiet_boxes
    budget = move_bound(t.deck_size, n)
    move: Move | None
    while game.phase <= _CONTINUE:
        if game.window >= 0:  # the wild card's holder may lay it out of turn
            budget -= 1
            if budget < 0:
                raise not_ended(game.deal_no, move_bound(t.deck_size, n))
            if keeps[game.turn]:
                game.turn, game.window = game.window, -1  # it lets the moment go: a pass
            else:
                move = ask()
                if move.card < 0:
                    game.window_move(move)  # let go: the interrupted player moves on
                else:
                    game.play_checked(move)  # laid out of turn: checked like any card
            continue
        # the run's state in locals while plain cards and passes are played here; stored
        # back (``_store``) before the engine or a seat reads it
        turn, phase, need, played, last = (game.turn, game.phase, game.need_mask,
                                           game.played, game.last)
        rank, suit, skips, played_by = game.need_rank, game.need_suit, game.skips, game.played_by
        run, seat_turns = game.run_cards, game.seat_turns
        want = need | wild  # what the player to move may lay, in the run
        # the cards out of every hand: ``played`` is ``played | gone ^ start`` (the cards
        # played since) whenever it is stored; one mask, so a card costs one operation less
        gone = start = played | talon
        plays = turns = kings = 0
        while True:
            hand = hands[turn]
            move = None
            if phase:
                cards = hand & want
                pick = picks[turn]
                if cards and (pick == 2 or (pick and not hand & wild)):
                    # the first card the run needs; the wild card only in its place (one
                    # card, compulsory, nothing to say, is that card too)
                    bit = cards & need if wild else cards  # (no wild card: want is need)
                    if bit:
                        bit = bit & -bit if key is None else 1 << min(cards_of(bit), key=key)
                elif cards and not cards & (cards - 1) and not cards & unasked and must[phase]:
                    bit = cards  # one card, compulsory, nothing to say
                elif cards:
                    _store(game, turn, phase, need, played | gone ^ start, last, rank, suit,
                           skips, played_by, run, plays, turns, kings)
                    plays = turns = kings = 0
                    move = ask()
                    bit = 1 << move.card if move.card >= 0 else 0
                else:
                    bit = 0
                if not bit:  # a pass: Runs._pass, and on while the next has nothing either
                    # (the bound counts passes: a card leaves a hand, so plays are bounded)
                    budget -= 1
                    if budget < 0:
                        raise not_ended(game.deal_no, move_bound(t.deck_size, n))
                    phase = _CONTINUE
                    while True:
                        turn = following[turn]
                        turns += 1
                        seat_turns[turn] += 1
                        if turn == last or hands[turn] & want:
                            break
                    if turn == last:  # the turn came back round: nobody can continue
                        if not stuck_here:
                            action = _STUCK
                            break
                        # Runs.stuck_run's new run by the player of the last card, inline
                        game.summary.stuck += 1
                        game.lead_passes = 0
                        phase, run, rank, need, want, suit = _LEAD, [], 0, 0, wild, -1
                    continue
            elif picks[turn] == 2 or (picks[turn] and not hand & wild):
                bit = hand & -hand if key is None else 1 << min(cards_of(hand), key=key)
            else:
                _store(game, turn, phase, need, played | gone ^ start, last, rank, suit, skips,
                       played_by, run, plays, turns, kings)
                plays = turns = kings = 0
                move = ask()
                bit = 1 << move.card
            c = bit.bit_length() - 1
            # the same test as Runs._play: anything but a plain card goes the engine's own way,
            # but for a card that only takes its box (said, when it has a word), taken here;
            # read per card from tables (the masks are two-digit integers: each operation on
            # them makes a new object)
            said = says[c]
            if said and (said == _ENGINE or move is not None and not move.announce):
                action = _CHECKED
                break
            # the card is in the hand (taking it out makes the hand smaller) and nowhere else
            # (adding it to the cards out makes them more): two comparisons, no new mask
            rest, out = hand ^ bit, gone ^ bit
            if rest > hand or out < gone:
                raise InvariantError(
                    f"deal {game.deal_no}, seat {turn} playing {move or card_moves[c][0]}: "
                    + str(card_problem(hand, talon, played | gone ^ start, bit)))
            # a plain card: Runs._play's state changes, inline
            hands[turn], gone = rest, out
            played_by |= seat_bits[turn]
            run.append(c)
            plays += 1
            box = quiet_boxes[c]  # (-1: a plain card)
            if not rest:  # the hand's last card: the deal is won (checked below)
                if box >= 0:
                    _take_box(game, turn, box, False)
                action = _WON
                break
            last = turn
            skips = 0
            if box >= 0:
                problem = _take_box(game, turn, box, True)
                if problem:  # the run's state stored, as the engine's own way leaves it
                    _store(game, turn, phase, need, played | gone ^ start, last, rank, suit,
                           skips, played_by, run, plays, turns, kings)
                    raise InvariantError(f"deal {game.deal_no}, seat {turn} playing "
                                         f"{move or card_moves[c][0]}: {problem}")
            # Runs._after_card: the rank that follows, or a new run (after a king; stop
            # cards are never plain)
            rank, need, suit, want, restarts = after[c]
            if restarts >= 0:
                kings += restarts
                phase, run = _LEAD, []
                continue
            phase = _PLAY_ON
            # (the holder: the seat that holds the wild card, or a copy of it with two packs)
            if offers and not rest & wild and not gone & wild:
                # Runs._offer_wild: the holder may lay the wild card now, out of turn
                budget -= 1  # (a move: the bound is checked at the next pass)
                _store(game, holder, phase, need, played | gone ^ start, last, rank, suit,
                       skips, played_by, run, plays, turns, kings)
                plays = turns = kings = 0
                game.window = turn
                move = ask()
                if move.card >= 0:
                    action = _WINDOW
                    break
                game.window = -1  # let go (Runs.window_move): the player of the card goes on
        _store(game, turn, phase, need, played | gone ^ start, last, rank, suit, skips,
               played_by, run, plays, turns, kings)
        if action is _WON:
            _deal_won(game, turn, move or card_moves[c][0])
        elif action is _CHECKED:
            game.play_checked(move or card_moves[c][0])
        elif action is _WINDOW:
            assert move is not None  # the holder's answer
            game.turn, game.window = holder, turn
            game.play_checked(move)  # laid out of turn: checked like any card
        else:
            game.stuck_run()


#: each seat's bit in ``played_by``
_SEAT_BITS = tuple(1 << seat for seat in range(64))

#: ``_following``'s tables, per play step and seats in play (True or False, seat by seat)
_FOLLOWING: dict[tuple[int, ...], tuple[int, ...]] = {}


def _following(game: Game) -> tuple[int, ...]:
    """Per seat, the seat in play after it in play order (:meth:`Runs.next_seat
    <.runs.Runs.next_seat>`), for the seats in play this deal; a few per table."""
    step = game.t.play_step
    key = (step, *game.active)
    following = _FOLLOWING.get(key)
    if following is None:
        following = _FOLLOWING[key] = tuple(game.next_seat(s, step) for s in range(game.n))
    return following


def _after_of(t: Tables) -> tuple[tuple[int, int, int, int, int], ...]:
    """Per card played in its natural place, what :meth:`Runs._after_card
    <.runs.Runs._after_card>` sets: the rank the run needs next, the cards that follow
    it, the suit they must be of (-1: any), what the next player may lay (those cards or
    the wild card), and -1; or, after a card that ends the run (a king, a stop card),
    no rank, no card, any suit, the wild card, and how many new runs after a king it
    counts (1 after a king, 0 after a stop card)."""
    after = []
    wild = t.wild_mask
    for c in range(t.card_count):
        bit = 1 << c
        if bit & t.relead_mask:
            after.append((0, 0, -1, wild, 0 if bit & t.stop_mask else 1))
            continue
        rank = t.next_rank[(c >> 2) + 1]
        after.append((rank, t.follow[c], c & 3 if rank and t.same_suit else -1,
                      t.follow[c] | wild, -1))
    return tuple(after)


#: :func:`_after_of`, once per ruleset
_after_cards = OncePer(_after_of)

#: what ``_play_deal`` reads of the rules (its names for them, in that order)
LoopRules = tuple[tuple[bool, bool, bool], int, Callable[[int], int] | None, bool,
                  tuple[int, ...]]

#: per card, what its play asks of the plain loop (``says`` in ``_loop_rules_of``)
_PLAIN, _SAID, _ENGINE = range(3)


def _loop_rules_of(t: Tables) -> LoopRules:
    """The ruleset's constants the plain loop reads, worked out once per ruleset: per phase
    whether a card is compulsory (``must``); the cards never played unasked when single
    (a word to say, the wild card: ``unasked``); the key of the card order when it is not
    the standard one; whether a run nobody can continue simply ends (no rank to skip to,
    no suit barred); and per card what its play asks (``says``): the engine's own way
    (an effect, the wild card: the test of :meth:`Runs._play <.runs.Runs._play>`) but for
    a card that only takes its box (:func:`quiet_box_cards`), its word said (a card
    with a word, played unsaid, goes the engine's way too), or nothing (a plain card)."""
    wild = t.wild_mask
    special, quiet, announced = t.act_mask | wild, quiet_box_cards(t)[0], t.announce_mask
    says = tuple(_ENGINE if bit & special and not bit & quiet else
                 _SAID if bit & announced else _PLAIN
                 for bit in (1 << c for c in range(t.card_count)))
    return ((True, t.play_on_compulsory, t.continuing_compulsory), t.announce_mask | wild,
            None if t.standard_order else t.card_key.__getitem__,
            not t.stuck_next_rank and not t.lead_bars_suit, says)


#: :func:`_loop_rules_of`, once per ruleset
_loop_rules = OncePer(_loop_rules_of)


def _quiet_of(t: Tables) -> tuple[int, tuple[int, ...]]:
    """The cards whose play, said when they have a word, does nothing but take their box
    (a ``when CARD is played: the player takes its box`` effect and no other, not a stop
    card, the wild card or a card of a pool), and per card its box (-1: none).  The plain
    loop plays them inline (:func:`_take_box`): what :meth:`Runs._lay <.runs.Runs._lay>`
    and :meth:`Runs._card_effects <.runs.Runs._card_effects>` do for them, and the tokens
    checked as :meth:`Game.play_checked <.game.Game.play_checked>` checks them."""
    mask, boxes = 0, [-1] * t.card_count
    for c, box in t.box_of_card.items():
        bit = 1 << c
        effects = [e for e in t.played_effects if e.mask & bit]
        if (len(effects) == 1 and effects[0].action is ActionKind.TAKE_BOX
                and not bit & (t.stop_mask | t.wild_mask | t.pool_mask)):
            mask |= bit
            boxes[c] = box
    return mask, tuple(boxes)


#: :func:`_quiet_of`, once per ruleset
quiet_box_cards = OncePer(_quiet_of)


def _deal_won(game: Game, winner: int, move: Move) -> None:
    """``winner`` laid the last card of its hand, ``move`` (a plain card, or a quiet box
    card whose box it took): the deal is won and settled, then every card and token is
    checked, as :meth:`Runs._play <.runs.Runs._play>` and :meth:`Game.play_checked
    <.game.Game.play_checked>` do for a hand's last card."""
    game.deal_won(winner)
    t = game.t
    problem = cards_problem(game.hands, game.talon, game.played, t.deck_mask, t.deck_size)
    if not problem:
        problem = tokens_problem(game.balances, game.board, game.token_total, game.purses)
    if problem:
        raise InvariantError(f"deal {game.deal_no}, seat {winner} playing {move}: {problem}")


def _take_box(game: Game, seat: int, box: int, check: bool) -> str | None:
    """``seat`` played a card that only takes ``box`` (:func:`quiet_box_cards`): it takes
    the box (:meth:`Runs._card_effects <.runs.Runs._card_effects>`), and with ``check``
    (not the hand's last card: the deal's end checks everything) the tokens are checked
    when some moved (:meth:`Game.play_checked <.game.Game.play_checked>`); what is wrong
    with them, or None."""
    t = game.t
    summary = game.summary
    amount = game.take_box(seat, box, "box")
    # the box's card, whichever copy took it (statistics count boxes, #22)
    summary.boxes_taken.append((seat, CODES[t.box_cards[box]], amount))
    if not amount or not check:
        return None  # an empty box moves no token: nothing to check
    return tokens_problem(game.balances, game.board, game.token_total, game.purses)


def _store(game: Game, turn: int, phase: Phase, need: int, played: int, last: int,
           rank: int, suit: int, skips: int, played_by: int, run: list[int], plays: int,
           turns: int, kings: int) -> None:
    """The run's state held in ``_play_deal``'s locals, back in the game (with the counts
    of plays, turns and new runs after a king made since the last time)."""
    game.turn, game.phase, game.need_mask, game.played, game.last = (turn, phase, need,
                                                                      played, last)
    game.need_rank, game.need_suit, game.skips, game.played_by = rank, suit, skips, played_by
    game.run_cards = run
    game.turns += turns
    summary = game.summary
    summary.turns += turns
    summary.plays += plays
    summary.kings_restarts += kings


def _asked(game: Game, seats: Sequence[Seat], views: Sequence[SeatView],
           quicks: Sequence[Callable[[SeatView], Move | None] | None]) -> Move:
    """The move of the player to move, asked of its seat when there is a choice.

    A seat with a ``quick`` choice (``greedy`` at forget 0) makes it from its view alone,
    without the list of legal moves, when it can (the same move as its ``choose``).
    """
    turn = game.turn
    quick = quicks[turn]
    move = quick(views[turn]) if quick is not None else None
    if move is not None:
        if not game.is_legal(move):
            raise IllegalMove(f"seat {turn} chose {move}, which is not legal now")
        return move
    legal = game.legal_moves()
    if len(legal) == 1:
        return legal[0]
    move = seats[turn].choose(views[turn], legal)
    if move not in legal:
        raise IllegalMove(f"seat {turn} chose {move}, which is not legal now "
                          f"(legal: {' '.join(map(str, legal))})")
    return move
