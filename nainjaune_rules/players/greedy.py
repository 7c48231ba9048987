"""``greedy``: a sensible heuristic, the strongest bot.

- **Leading**, it scores each card by the run it would start from its own
  hand, card by card: 1 for shedding the card, plus more the lower its rank
  (low cards are hard to get rid of: only a lead or a run from below sheds
  them), plus a tenth of its points (high cards cost most at the end), plus
  half the tokens of its box; then 3 more when the run ends on a card that
  lets it lead again (a king, a stop card), or when it ends on a rank whose
  every other card has been played (nobody can continue: it leads again).
- **Continuing**, it always continues, and among cards of the needed rank
  takes a box card first (the fullest box), else sheds the card that scores
  most points.
- Ties, when leading or continuing, go to the first card in the engine's
  order (rank, then suit C, D, H, S).
- **The wild card** is played in its natural place like any card; out of
  place only when the alternative is to pass, and then only if it takes a
  box with tokens in it, or the hand is down to a few cards (it either wins
  the lead back or continues the run); it never counts on the wild card to
  extend a run when leading.  **Out of turn** (``at any time``) it lays it
  only to stop another player about to go out (the one interrupted holds
  ``_ENDGAME`` cards or fewer after the card just played), or when its own
  hand is down to ``_ENDGAME`` cards (it then takes the turn with the wild
  card, the surest way to shed cards), or when its box holds more than one
  deal's stake (tokens left from earlier deals); otherwise it keeps it.
- It always announces (forget rate 0 by default).

Against three ``lowest`` seats it ends a deal with more tokens than
``lowest`` does in the same seat, in every built-in ruleset (see the report
of ``tests/engine/test_engine_players.py``).
"""

from __future__ import annotations

from nainjaune_rules.core.cards import Card
from nainjaune_rules.engine.game import Game, Phase
from nainjaune_rules.engine.moves import Move
from nainjaune_rules.players.base import Bot

#: with this many cards or fewer, the wild card is worth playing out of place
_ENDGAME = 4
#: the worth of keeping the lead (a run that ends where only its player can go on)
_RELEAD = 3.0


class GreedyPlayer(Bot):
    name = "greedy"

    def pick(self, game: Game, legal: list[Move]) -> Move:
        t = game.t
        if game.window >= 0:
            return self._out_of_turn(game, legal)
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
    def _out_of_turn(game: Game, legal: list[Move]) -> Move:
        """Offered the wild card in another player's run (see the module docstring)."""
        mine = game.hands[game.turn].bit_count()
        theirs = game.hands[game.window].bit_count()
        box = game.t.box_of_card.get(game.t.wild)
        rich = box is not None and game.board[box] > game.t.box_stakes[box]
        if theirs <= _ENDGAME or mine <= _ENDGAME or rich:
            return legal[0]  # the wild card, announced when it has a word
        return legal[-1]

    @staticmethod
    def _box_tokens(game: Game, card: int) -> int:
        box = game.t.box_of_card.get(card)
        return game.board[box] if box is not None else 0

    def _lead_score(self, game: Game, card: int, run: list[int] | None = None) -> float:
        """How good a run started by ``card`` looks, from this hand and the cards played.

        ``run``, when given, receives the cards of that run from this hand, and a -1
        at its end when the run ends where only this player can go on (what
        :meth:`explain` tells a human who asks for a hint; simulations pass nothing).
        """
        t = game.t
        hand = game.hands[game.turn]
        top = len(t.order) - 1
        score = 0.0
        rank, suit = card // 4 + 1, card & 3
        while True:
            if run is not None:
                run.append(card)
            score += (1 + (top - t.rank_pos[rank]) / 4 + t.card_points(card) / 100
                      + self._box_tokens(game, card) / 2)
            if (1 << card) & t.stop_mask or (rank == 13 and t.king_restarts):
                if run is not None:
                    run.append(-1)
                return score + _RELEAD
            rank = t.next_rank[rank]
            if not rank:
                return score
            needed = [(rank - 1) * 4 + suit] if t.same_suit else [(rank - 1) * 4 + s
                                                                   for s in range(4)]
            mine = [c for c in needed if hand >> c & 1 and c != t.wild]
            if not mine:
                # a dead end: the needed cards are all played, nobody can continue
                unseen = [c for c in needed if not (game.played | hand) >> c & 1]
                if run is not None and not unseen:
                    run.append(-1)
                return score + (0 if unseen else _RELEAD)
            card = mine[0]

    def explain(self, game: Game, move: Move) -> str:
        """Why this bot plays ``move`` (one of its own choices), in a few words."""
        t = game.t
        if move.is_pass:
            return "nothing you hold continues the run but the wild card, worth keeping for now"
        code = Card.from_index(move.card).code
        if game.phase is Phase.LEAD:
            run: list[int] = []
            self._lead_score(game, move.card, run)
            cards = [Card.from_index(c).code for c in run if c >= 0]
            why = (f"it starts the run you can carry furthest from your own hand "
                   f"({' '.join(cards)})" if len(cards) > 1
                   else "it sheds a card that only a lead gets rid of easily")
            return why + (": it ends where you lead again" if run[-1] < 0 else "")
        if move.card == t.wild and not game.is_natural(move.card):
            return f"the wild card {code}: it beats passing now"
        tokens = self._box_tokens(game, move.card)
        if tokens:
            return f"it continues the run and takes the {code} box ({tokens} tokens)"
        return (f"it continues the run and sheds the card that would cost most left in hand "
                f"({t.card_points(move.card)} points)")
