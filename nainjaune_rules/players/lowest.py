"""``lowest``: the reference policy, exact enough to be reimplemented card for card.

1. Always announce (at forget rate 0, the default).
2. Free to lead: play the card of lowest rank in the ruleset's rank order
   (the ace is lowest), ties broken by suit order C, D, H, S.
3. Continuing a run (one's own or someone else's): play the required card;
   if several qualify, the first in suit order C, D, H, S.
4. Always continue when continuing is allowed (never pass by choice).
5. Never play the wild card outside its natural place in a run, and never
   out of turn (offered it in another player's run, it lets the moment go).
6. Any other choice: the first legal move in the engine's sorted order; so, as
   dealer offered a widow (``exchange`` sorts before ``pass``), it always takes it.

Because the engine sorts legal moves by rank order, then suit, announced
before silent, and ``pass`` last, rules 1-6 amount to: the first legal move
that is not the wild card out of its natural place; and whenever the player
does not hold the wild card, simply the first legal move, which the engine
then works out alone (``takes_first_legal``, when the forget rate is 0).  Out of
turn (offered the wild card in another player's run) it always lets the moment
go: ``pass``.
"""

from __future__ import annotations

from nainjaune_rules.engine.moves import Move
from nainjaune_rules.engine.view import SeatView
from nainjaune_rules.players.base import Bot


class LowestPlayer(Bot):
    name = "lowest"

    @property
    def takes_first_legal(self) -> bool:
        """Whether this seat plays the first legal move whenever it does not hold the wild
        card (and so may be spared the list of moves): at forget 0 it never drops a word."""
        return not self.forget

    @property
    def keeps_wild_card(self) -> bool:
        """Whether this seat also plays the first legal move when it holds the wild card,
        but for the wild card out of its natural place, and lets every chance to lay it out
        of turn go (rule 5): the engine then needs no list of moves at all."""
        return not self.forget

    def pick(self, view: SeatView, legal: list[Move]) -> Move:
        wild = view.t.wild_mask  # every copy of the wild card (deck composition, #22)
        if view.window >= 0:
            return legal[-1]  # out of turn: let it go (pass is last)
        for move in legal:
            if move.card >= 0 and wild >> move.card & 1 and not view.is_natural(move.card):
                continue
            return move
        return legal[0]
