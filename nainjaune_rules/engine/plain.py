"""The fast path of a deal: plain cards and passes played inline, everything else as always.

A simulation spends most of its time on two moves: a card that does nothing
but move the run along (no box, no payment, no stop, not the wild card, its
word said when it has one, not the last card of the hand), and a pass by a
player who holds nothing that can be played.  Without a transcript (and
nobody listening), this loop plays the deal: those two moves here, with the
same state changes as :meth:`~nainjaune_rules.engine.runs.Runs._play` and
:meth:`~nainjaune_rules.engine.runs.Runs._pass`, and every other move through
the engine's own methods (the ``_play_checked`` path with its checks).

Seats are asked only when there is a choice, as in
:meth:`~nainjaune_rules.engine.game.Game.play_deal`; a seat whose policy the
engine knows is not asked at all: ``takes_first_legal`` (the first legal move
while it does not hold the wild card) and ``keeps_wild_card`` (the same, but
for the wild card, which it plays only in its natural place and never out of
turn: ``lowest`` at forget 0; no window for the wild card out of turn is
opened for it, which its pass would close at once); and a seat with a
``quick`` choice makes it from its view without the list of legal moves
(``greedy`` at forget 0).
The goldens, the simulate fixture and tests/engine/test_engine_speedups.py
check that both paths play the same games card for card.

The invariants stay on, as on the engine's own path (:mod:`.invariants`): a
plain card moves one card from a hand to the pile and no token, so that card
is checked (it leaves the hand and lies nowhere else); the end of every deal
(its last card is never plain) checks everything.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from nainjaune_rules.engine.cardset import cards_of, lowest
from nainjaune_rules.engine.invariants import (
    InvariantError,
    card_problem,
    move_bound,
    not_ended,
)
from nainjaune_rules.engine.moves import _PLAYS, PASS, Move
from nainjaune_rules.engine.runs import IllegalMove, Phase

if TYPE_CHECKING:
    from nainjaune_rules.engine.game import Game, Seat
    from nainjaune_rules.engine.view import SeatView

_PLAY_ON = Phase.PLAY_ON
_CONTINUE = Phase.CONTINUE


def fast_path_fits(game: Game) -> bool:
    """Whether this loop may play the deal: no transcript, nobody listening."""
    return not game.record and not game.listeners


def play_plain_deal(game: Game, seats: Sequence[Seat], views: Sequence[SeatView]) -> None:
    """Play the current deal to its end without a transcript (module docstring)."""
    keeps = [bool(getattr(seat, "keeps_wild_card", False)) for seat in seats]
    # a seat that keeps the wild card is not offered it out of turn (Runs._offer_wild)
    game.lets_wild_go = frozenset(s for s, k in enumerate(keeps) if k)
    try:
        _play_deal(game, seats, views, keeps)
    finally:
        game.lets_wild_go = frozenset()


def _play_deal(game: Game, seats: Sequence[Seat], views: Sequence[SeatView],
               keeps: list[bool]) -> None:
    t = game.t
    hands = game.hands
    wild = game._wild_bit
    must = (True, t.play_on_compulsory, t.continuing_compulsory)
    # a single card that is forced and says nothing is played unasked (as Game.play_deal)
    unasked = t.announce_mask | wild
    # what is not a plain card: effects, the wild card (rules of its own out of its place)
    special = t.act_mask | wild
    announced = t.announce_mask
    card_moves = game._card_moves
    first = lowest if t.standard_order else partial(_first_in_order, t.card_key.__getitem__)
    # after these cards Runs._after_card has more to do than ask for the next rank: the run
    # ends; or, with the wild card at any time, its holder may be offered it (not when it
    # lies in the talon or its holder keeps it: it stays in one hand till played)
    holder = next((s for s, h in enumerate(hands) if h & wild), -1) if t.wild_any_time else -1
    ends_or_offers = -1 if holder >= 0 and not keeps[holder] else t.relead_mask
    next_rank, follow, same_suit = t.next_rank, t.follow, t.same_suit
    budget = move_bound(t.deck_size, game.n)
    firsts = [bool(getattr(seat, "takes_first_legal", False)) for seat in seats]
    ask = partial(_asked, game, seats, views, [getattr(seat, "quick", None) for seat in seats])
    while game.phase <= _CONTINUE:
        budget -= 1
        if budget < 0:
            raise not_ended(game.deal_no, move_bound(t.deck_size, game.n))
        turn = game.turn
        if game.window >= 0:  # the wild card's holder may lay it out of turn
            if keeps[turn]:
                game.turn, game.window = game.window, -1  # it lets the moment go: a pass
            else:
                move = ask()
                if move.card < 0:
                    game._window_move(move)  # let go: the interrupted player moves on
                else:
                    game._play_checked(move)  # laid out of turn: checked like any card
            continue
        hand = hands[turn]
        known = keeps[turn] or (firsts[turn] and not hand & wild)  # no need to ask the seat
        if game.phase:
            cards = hand & (game.need_mask | wild)
            if not cards:
                pass_round(game)  # nothing can be played
                continue
            if not cards & (cards - 1) and not cards & unasked and must[game.phase]:
                move = _PLAYS[cards.bit_length() - 1][0]  # one card, compulsory
            elif known:  # the first card the run needs; the wild card only in its place
                cards &= game.need_mask
                move = card_moves[first(cards)][0] if cards else PASS
            else:
                move = ask()
        else:
            move = card_moves[first(hand)][0] if known else ask()
        c = move.card
        if c < 0:
            game._pass()
            continue
        bit = 1 << c
        # the same test as Runs._play: anything but a plain card goes the engine's own way
        if bit & special or hand == bit or (bit & announced and not move.announce):
            game._play_checked(move)
            continue
        if not hand & bit or (game.talon | game.played) & bit:
            raise InvariantError(f"deal {game.deal_no}, seat {turn} playing {move}: "
                                 + str(card_problem(hand, game.talon, game.played, bit)))
        # a plain card: Runs._play's state changes, inline
        hands[turn] = hand ^ bit
        game.played |= bit
        game.played_by |= 1 << turn
        game.run_cards.append(c)
        game.summary.plays += 1
        game.last = turn
        game.skips = 0
        if bit & ends_or_offers:
            game._after_card(turn, c, bit)  # the run ends (or the wild card may be laid)
        else:  # Runs._after_card's rank that follows, inline
            rank = next_rank[(c >> 2) + 1]
            game.need_rank = rank
            game.need_mask = follow[c]
            game.need_suit = c & 3 if rank and same_suit else -1
            game.phase = _PLAY_ON


def _first_in_order(key: Callable[[int], int], cards: int) -> int:
    """The first of ``cards`` in the ruleset's rank order (``first_legal_move``'s card)."""
    return min(cards_of(cards), key=key)


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


def pass_round(game: Game) -> None:
    """A pass by a player with nothing to play, and by each next player with nothing either.

    :meth:`Runs._pass` without a transcript, once per seat: the turn goes on until a
    seat holds a card the run needs or the wild card (it has a move to make) or comes
    back to the player of the last card (``nobody can continue``).  The engine's own
    path passes this way too when it keeps no transcript.
    """
    game.phase = _CONTINUE
    n = game.n
    step = game.t.play_step
    active = game.active
    hands = game.hands
    seat_turns = game.seat_turns
    need = game.need_mask | game._wild_bit
    last = game.last
    nxt = game.turn
    turns = 0
    while True:
        nxt = (nxt + step) % n
        if not active[nxt]:
            nxt = game.next_seat(nxt, step)
        turns += 1
        seat_turns[nxt] += 1
        if nxt == last or hands[nxt] & need:
            break
    game.turn = nxt
    game.turns += turns
    game.summary.turns += turns
    if nxt == last:
        game._stuck()
