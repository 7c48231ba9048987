"""``greedy``: a sensible heuristic, the strongest bot.

- **Leading**, it scores each card by the run it would start from its own
  hand: the longer the better (it sheds cards without handing the turn on),
  plus the tokens of the boxes the run would take, plus a bonus when the run
  ends on a card that lets it lead again (a king or a stop card), plus a
  little for the card's points (shed high cards first).
- **Continuing**, it always continues, and among cards of the needed rank
  takes a box card first (the fullest box), else sheds the card that scores
  most points.
- Ties, when leading or continuing, go to the first card in the engine's
  order (rank, then suit C, D, H, S).
- **The wild card** is played in its natural place like any card; out of
  place only when the alternative is to pass, and then only if it takes a
  box with tokens in it, or the hand is down to a few cards (it either wins
  the lead back or continues the run).
- It always announces (forget rate 0 by default).
"""

from __future__ import annotations

from nainjaune_rules.engine.game import Game, Phase
from nainjaune_rules.engine.moves import Move
from nainjaune_rules.players.base import Bot

#: with this many cards or fewer, the wild card is worth playing out of place
_ENDGAME = 4


class GreedyPlayer(Bot):
    name = "greedy"

    def pick(self, game: Game, legal: list[Move]) -> Move:
        t = game.t
        # one move per card: the announced one when there is a word to say
        plays = [m for m in legal if m.card >= 0
                 and (m.announce or not t.announce_mask >> m.card & 1)]
        if not plays:
            return legal[0]
        if game.phase is Phase.LEAD:
            return max(plays, key=lambda m: (self._lead_score(game, m.card), -m.card))
        natural = [m for m in plays if game.is_natural(m.card)]
        if natural:
            return max(natural, key=lambda m: (self._box_tokens(game, m.card),
                                               t.card_points(m.card), -m.card))
        wild = plays[0]  # only the wild card can be played out of place
        passing = legal[-1].is_pass
        hand_size = game.hands[game.turn].bit_count()
        if not passing or self._box_tokens(game, wild.card) > 0 or hand_size <= _ENDGAME:
            return wild
        return legal[-1]

    @staticmethod
    def _box_tokens(game: Game, card: int) -> int:
        box = game.t.box_of_card.get(card)
        return game.board[box] if box is not None else 0

    def _lead_score(self, game: Game, card: int) -> float:
        """How good a run started by ``card`` looks, from this hand alone."""
        t = game.t
        hand = game.hands[game.turn]
        length, tokens, relead = 1, self._box_tokens(game, card), False
        rank, suit = card // 4 + 1, card & 3
        while True:
            if (1 << card) & t.stop_mask or (rank == 13 and t.king_restarts):
                relead = True
                break
            rank = t.next_rank[rank]
            if not rank:
                break
            if t.same_suit:
                nxt = [(rank - 1) * 4 + suit] if hand >> ((rank - 1) * 4 + suit) & 1 else []
            else:
                nxt = [(rank - 1) * 4 + s for s in range(4) if hand >> ((rank - 1) * 4 + s) & 1]
            nxt = [c for c in nxt if c != t.wild]  # keep the wild card for when it is needed
            if not nxt:
                break
            card = nxt[0]
            length += 1
            tokens += max(self._box_tokens(game, c) for c in nxt)
        return length * 10 + tokens + (5 if relead else 0) + t.card_points(card) / 10
