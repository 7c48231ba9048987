"""The play loop: one deal played to its end, each seat asked when it has a choice.

Moves that leave no choice (one compulsory card, nothing to play) are made without
asking; seats that always take the first legal move get it without the list; a deal
with no wild card in play goes to the fast path of :mod:`.plain`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from nainjaune_rules.engine.hands import ask_widow
from nainjaune_rules.engine.invariants import move_bound, not_ended
from nainjaune_rules.engine.moves import _PLAYS, PASS
from nainjaune_rules.engine.plain import Seating, fast_path_fits, play_plain_deal
from nainjaune_rules.engine.runs import _CONTINUE, IllegalMove, Phase

if TYPE_CHECKING:
    from nainjaune_rules.engine.game import Game, Seat


def play_deal(game: Game, seats: Sequence[Seat], seating: Seating | None = None) -> None:
    """Play the current deal to its end, asking ``seats`` whenever there is a choice
    (``seating``: what the seats are, read once a game by :meth:`Game.play`, else here)."""
    if seating is None:
        seating = Seating(game, seats)
    views = seating.views
    if game.widow_offer:  # the dealer first takes the widow or keeps their hand
        ask_widow(game, seats, views[game.turn])
    if fast_path_fits(game):
        play_plain_deal(game, seats, seating)  # no transcript: the same moves, faster
        return
    # seats that take the first legal move whenever they do not hold the wild card
    firsts = seating.firsts
    t = game.t
    silent = ~t.announce_mask
    wild = game.wild_bit
    must = {Phase.PLAY_ON: t.play_on_compulsory, Phase.CONTINUE: t.continuing_compulsory}
    apply = game.apply_move
    # without a transcript a card needs no record: straight to the rules; a pass goes the
    # engine's own way, one seat at a time (the fast path passes a round at once)
    pass_on = partial(apply, PASS)
    play = apply if game.record else game.play_checked
    budget = move_bound(t.deck_size, game.n)
    while game.phase <= _CONTINUE:
        budget -= 1
        if budget < 0:
            raise not_ended(game.deal_no, move_bound(t.deck_size, game.n))
        phase = game.phase
        if phase:  # fast paths: a move that is the only one, asked of nobody
            cards = game.hands[game.turn] & (game.need_mask | wild)
            if not cards:
                pass_on()  # nothing can be played
                continue
            if not cards & (cards - 1) and cards & silent and not cards & wild and must[phase]:
                play(_PLAYS[cards.bit_length() - 1][0])  # one card, compulsory
                continue
        if firsts[game.turn] and not game.hands[game.turn] & wild:
            apply(game.first_legal_move())  # its choice, without the list (:mod:`.plain`)
            continue
        legal = game.legal_moves()
        if len(legal) == 1:
            apply(legal[0])
            continue
        move = seats[game.turn].choose(views[game.turn], legal)
        if move not in legal:
            raise IllegalMove(f"seat {game.turn} chose {move}, which is not legal now "
                              f"(legal: {' '.join(map(str, legal))})")
        apply(move)
