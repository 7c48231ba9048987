"""The fast path of a deal: plain cards and passes played inline, everything else as always.

A simulation spends most of its time on two moves: a card that does nothing
but move the run along (no box, no payment, no stop, its word said when it
has one, not the last card of the hand), and a pass by a player who holds nothing that can be
played.  Without a transcript, and while no hand holds the wild card (there
is none, or it lies in the talon, or it has been played: its holder may play
it anywhere, and its out-of-place play has rules of its own), this loop
plays those two moves here, with the same state changes as
:meth:`~nainjaune_rules.engine.runs.Runs._play` and
:meth:`~nainjaune_rules.engine.runs.Runs._pass`, and hands every other move
to the engine's own methods (the ``_play_checked`` path with its checks).
The goldens, the simulate fixture and tests/engine/test_engine_speedups.py
check that both paths play the same games card for card.

The invariants stay on, as on the engine's own path (:mod:`.invariants`): a
plain card moves one card from a hand to the pile and no token, so that card
is checked (it leaves the hand and lies nowhere else); the end of every deal
(its last card is never plain) checks everything.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from nainjaune_rules.engine.invariants import InvariantError, card_problem
from nainjaune_rules.engine.moves import _PLAYS, Move
from nainjaune_rules.engine.runs import IllegalMove, Phase

if TYPE_CHECKING:
    from nainjaune_rules.engine.game import Game, Seat
    from nainjaune_rules.engine.view import SeatView

_LEAD = Phase.LEAD
_CONTINUE = Phase.CONTINUE


def fast_path_fits(game: Game) -> bool:
    """Whether this loop may play the deal (once no hand holds the wild card): no transcript,
    nobody listening."""
    return not game.record and not game.listeners


def play_plain_deal(game: Game, seats: Sequence[Seat], views: Sequence[SeatView]) -> None:
    """Play the current deal to its end; no hand may hold the wild card (module docstring)."""
    t = game.t
    hands = game.hands
    must = (True, t.play_on_compulsory, t.continuing_compulsory)
    announced = t.announce_mask
    budget = 64 * t.deck_size * game.n
    firsts = [bool(getattr(seat, "takes_first_legal", False)) for seat in seats]
    while game.phase <= _CONTINUE:
        budget -= 1
        if budget < 0:
            raise InvariantError(f"deal {game.deal_no} has not ended after "
                                 f"{64 * t.deck_size * game.n} moves")
        phase = game.phase
        if phase:
            cards = hands[game.turn] & game.need_mask
            if not cards:
                pass_round(game)  # nothing can be played
                continue
            if not cards & (cards - 1) and not cards & announced and must[phase]:
                _play(game, _PLAYS[cards.bit_length() - 1][0])  # one card, compulsory
                continue
        move = _chosen(game, seats, views, firsts)
        if move.card < 0:
            game._pass()
        else:
            _play(game, move)


def _chosen(game: Game, seats: Sequence[Seat], views: Sequence[SeatView],
            firsts: Sequence[bool]) -> Move:
    """The move of the player to move, asked of its seat when there is a choice.

    A seat that says it takes the first legal move whenever it does not hold the wild
    card (``takes_first_legal``: ``lowest``, which never forgets a word) gets it
    without the list being made: the same move, the reference policy at full speed.
    """
    if firsts[game.turn]:
        return game.first_legal_move()
    legal = game.legal_moves()
    if len(legal) == 1:
        return legal[0]
    turn = game.turn
    move = seats[turn].choose(views[turn], legal)
    if move not in legal:
        raise IllegalMove(f"seat {turn} chose {move}, which is not legal now "
                          f"(legal: {' '.join(map(str, legal))})")
    return move


def _play(game: Game, move: Move) -> None:
    """A card: inline when it is plain (module docstring), else the engine's own path."""
    t = game.t
    c = move.card
    bit = 1 << c
    seat = game.turn
    hands = game.hands
    hand = hands[seat]
    # the same test as Runs._play: anything but a plain card goes the engine's own way
    if bit & t.act_mask or hand == bit or (bit & t.announce_mask and not move.announce):
        game._play_checked(move)
        return
    problem = card_problem(hand, game.talon, game.played, bit)
    if problem:
        raise InvariantError(f"deal {game.deal_no}, seat {seat} playing {move}: {problem}")
    hands[seat] = hand ^ bit
    game.played |= bit
    game.played_by |= 1 << seat
    game.run_cards.append(c)
    game.summary.plays += 1
    game.last = seat
    game.skips = 0
    game._after_card(seat, c, bit)  # the run ends or asks for what follows, as always


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
