"""``lowest``: the reference policy, exact enough to be reimplemented card for card.

1. Always announce (at forget rate 0, the default).
2. Free to lead: play the card of lowest rank in the ruleset's rank order
   (the ace is lowest), ties broken by suit order C, D, H, S.
3. Continuing a run (one's own or someone else's): play the required card;
   if several qualify, the first in suit order C, D, H, S.
4. Always continue when continuing is allowed (never pass by choice).
5. Never play the wild card outside its natural place in a run, and never
   out of turn (offered it in another player's run, it lets the moment go).
6. Any other choice: the first legal move in the engine's sorted order.

Because the engine sorts legal moves by rank order, then suit, announced
before silent, and ``pass`` last, rules 1-6 amount to: the first legal move
that is not the wild card out of its natural place, or ``pass`` out of turn.
"""

from __future__ import annotations

from nainjaune_rules.engine.game import Game
from nainjaune_rules.engine.moves import Move
from nainjaune_rules.players.base import Bot


class LowestPlayer(Bot):
    name = "lowest"

    def pick(self, game: Game, legal: list[Move]) -> Move:
        if game.window >= 0:
            return legal[-1]  # out of turn: let it go (pass is last)
        wild = game.t.wild
        for move in legal:
            if move.card == wild >= 0 and not game.is_natural(wild):
                continue
            return move
        return legal[0]
