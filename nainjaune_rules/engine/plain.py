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
is checked (it leaves the hand and lies nowhere else); the end of every deal
(its last card is never plain) checks everything.
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
        self.quiet, self.quiet_boxes = quiet_box_cards(game.t)


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
    wild = game.wild_bit
    must = (True, t.play_on_compulsory, t.continuing_compulsory)
    # a single card that is forced and says nothing is played unasked (as Game.play_deal)
    unasked = t.announce_mask | wild
    # what is not a plain card: effects, the wild card (rules of its own out of its place)
    special = t.act_mask | wild
    announced = t.announce_mask
    card_moves = game.moves_by_card
    key = None if t.standard_order else t.card_key.__getitem__
    # with the wild card at any time, its holder may be offered it after another player's
    # card of a run (Runs._offer_wild): not when it lies in the talon or its holder keeps
    # it; it stays in one hand till played
    holder = next((s for s, h in enumerate(hands) if h & wild), -1) if t.wild_any_time else -1
    offers = holder >= 0 and not keeps[holder]
    relead = t.relead_mask  # after these the run ends (Runs._after_card)
    after = seating.after  # per card played in its place: the run's next rank, cards, suit
    n, step, active, talon = game.n, t.play_step, game.active, game.talon
    stops = t.stop_mask
    quiet, quiet_boxes = seating.quiet, seating.quiet_boxes
    # a run nobody can continue simply ends (no rank to skip to, no suit barred): here
    stuck_here = not t.stuck_next_rank and not t.lead_bars_suit
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
        plays = turns = kings = 0
        while True:
            budget -= 1
            if budget < 0:
                raise not_ended(game.deal_no, move_bound(t.deck_size, n))
            hand = hands[turn]
            move = None
            if phase:
                cards = hand & want
                pick = picks[turn]
                if cards and (pick == 2 or (pick and not hand & wild)):
                    # the first card the run needs; the wild card only in its place (one
                    # card, compulsory, nothing to say, is that card too)
                    bit = cards & need
                    if bit:
                        bit = bit & -bit if key is None else 1 << min(cards_of(bit), key=key)
                elif cards and not cards & (cards - 1) and not cards & unasked and must[phase]:
                    bit = cards  # one card, compulsory, nothing to say
                elif cards:
                    _store(game, turn, phase, need, played, last, rank, suit, skips,
                           played_by, run, plays, turns, kings)
                    plays = turns = kings = 0
                    move = ask()
                    bit = 1 << move.card if move.card >= 0 else 0
                else:
                    bit = 0
                if not bit:  # a pass: Runs._pass, and on while the next has nothing either
                    phase = _CONTINUE
                    while True:
                        turn = (turn + step) % n
                        if not active[turn]:
                            turn = game.next_seat(turn, step)
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
                _store(game, turn, phase, need, played, last, rank, suit, skips, played_by,
                       run, plays, turns, kings)
                plays = turns = kings = 0
                move = ask()
                bit = 1 << move.card
            c = bit.bit_length() - 1
            # the same test as Runs._play: anything but a plain card goes the engine's own way,
            # but for a card that only takes its box (said, when it has a word), taken here
            box = -1
            if bit & special or hand == bit or (
                    bit & announced and move is not None and not move.announce):
                if bit & special and not bit & quiet or (
                        bit & announced and move is not None and not move.announce):
                    action = _CHECKED
                    break
                box = quiet_boxes[c]  # (-1: a plain card, the hand's last)
            if not hand & bit or (talon | played) & bit:
                raise InvariantError(
                    f"deal {game.deal_no}, seat {turn} playing {move or card_moves[c][0]}: "
                    + str(card_problem(hand, talon, played, bit)))
            # a plain card: Runs._play's state changes, inline
            hands[turn] = hand ^ bit
            played |= bit
            played_by |= 1 << turn
            run.append(c)
            plays += 1
            if hand == bit:  # the hand's last card: the deal is won (checked below)
                if box >= 0:
                    _take_box(game, turn, box, False)
                action = _WON
                break
            last = turn
            skips = 0
            if box >= 0:
                problem = _take_box(game, turn, box, True)
                if problem:  # the run's state stored, as the engine's own way leaves it
                    _store(game, turn, phase, need, played, last, rank, suit, skips,
                           played_by, run, plays, turns, kings)
                    raise InvariantError(f"deal {game.deal_no}, seat {turn} playing "
                                         f"{move or card_moves[c][0]}: {problem}")
            if bit & relead:
                # Runs._after_card's new run (a king; stop cards are never plain), inline
                kings += 0 if bit & stops else 1
                phase, run, rank, need, want, suit = _LEAD, [], 0, 0, wild, -1
                continue
            # Runs._after_card's rank that follows, inline
            rank, need, suit = after[c]
            want = need | wild
            phase = _PLAY_ON
            # (the holder: the seat that holds the wild card, or a copy of it with two packs)
            if offers and not hands[turn] & wild and not (played | talon) & wild:
                # Runs._offer_wild: the holder may lay the wild card now, out of turn
                budget -= 1  # (a move: checked with the next)
                _store(game, holder, phase, need, played, last, rank, suit, skips,
                       played_by, run, plays, turns, kings)
                plays = turns = kings = 0
                game.window = turn
                move = ask()
                if move.card >= 0:
                    action = _WINDOW
                    break
                game.window = -1  # let go (Runs.window_move): the player of the card goes on
        _store(game, turn, phase, need, played, last, rank, suit, skips, played_by, run,
               plays, turns, kings)
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


def _after_of(t: Tables) -> tuple[tuple[int, int, int], ...]:
    """Per card played in its natural place and not ending the run: the rank the run
    needs next, the cards that follow it, and the suit they must be of (-1: any), as
    :meth:`Runs._after_card <.runs.Runs._after_card>` sets them."""
    after = []
    for c in range(t.card_count):
        rank = t.next_rank[(c >> 2) + 1]
        after.append((rank, t.follow[c], c & 3 if rank and t.same_suit else -1))
    return tuple(after)


#: :func:`_after_of`, once per ruleset
_after_cards = OncePer(_after_of)


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
