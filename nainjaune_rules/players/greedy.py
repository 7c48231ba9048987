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
- **Payments by outcome** (issue #22): a card whose holder pays nothing at the deal's end
  (``the holder of an unplayed 9D pays nothing``) is worth ``_KEEP`` less to shed: it
  leads it only when the run it starts is worth it.  What the card gone out with pays is
  not foreseen (it does not plan its last card).
- **The widow** (``extra hand: the dealer may exchange ...``): as dealer it takes it, unseen,
  when a hand of the widow's size drawn from the cards it cannot see needs fewer leads on
  average than its own hand (:mod:`nainjaune_rules.players.widow_rule`); else it keeps it.

It does not look ahead on a copy of the game (``Game.copy``, ``Game.save``/``restore``):
a seat sees only its :class:`~nainjaune_rules.engine.view.SeatView`, and playing a copy on
would play the other seats' hidden cards (notes/CONTRACT.md, "Seats"); so does ``hint``,
which gives the human seat this bot's choice from that seat's view alone.  What it can
honestly foresee, the run its own hand carries (``_Lookahead``), it walks on the hand's
bitmask with the engine's own rule (:meth:`Tables.run_after`), which costs less than one
copy of the game.

Against three ``lowest`` seats it ends a deal with more tokens than
``lowest`` does in the same seat, in every built-in ruleset (see the report
of ``tests/engine/test_engine_players.py``).
"""

from __future__ import annotations

from collections.abc import Callable

from nainjaune_rules.core.cards import PACK_SIZE, Card
from nainjaune_rules.core.wording import count
from nainjaune_rules.engine.cardset import cards_of, lowest
from nainjaune_rules.engine.derived import OncePer
from nainjaune_rules.engine.moves import EXCHANGE, PASS, Move, move_for
from nainjaune_rules.engine.runs import Phase
from nainjaune_rules.engine.tables import Tables
from nainjaune_rules.engine.view import SeatView
from nainjaune_rules.players.base import Bot
from nainjaune_rules.players.widow_rule import leads_needed, takes_widow

#: with this many cards or fewer, the wild card is worth playing out of place
_ENDGAME = 4
#: the worth of keeping the lead (a run that ends where only its player can go on)
_RELEAD = 3.0
#: what holding a card whose holder pays nothing is worth (issue #22): kept, not shed
_KEEP = 2.0


class GreedyPlayer(Bot):
    name = "greedy"

    def pick(self, view: SeatView, legal: list[Move]) -> Move:
        t = view.t
        if view.window >= 0:
            return self._out_of_turn(view, legal)
        if view.widow_offer:
            hand = view.hand_mask
            return EXCHANGE if takes_widow(t, hand, hand | view.played, view.widow_size) \
                else PASS
        # one move per card: the announced one when there is a word to say
        plays = [m for m in legal if m.card >= 0
                 and (m.announce or not t.announce_mask >> m.card & 1)]
        if not plays:
            return legal[0]
        if len(plays) == 1 and not t.wild_mask >> plays[0].card & 1:
            return plays[0]  # one card to play, never worse than passing (module docstring)
        if view.phase is Phase.LEAD:
            look = _Lookahead(view)  # read the hand and the board once for every card
            return max(plays, key=lambda m: (look.score(m.card), -m.card))
        natural = [m for m in plays if view.is_natural(m.card)]
        if natural:
            return max(natural, key=lambda m: (view.box_tokens(m.card),
                                               t.card_points(m.card), -m.card))
        wild = plays[0]  # only the wild card can be played out of place
        passing = legal[-1].is_pass
        hand_size = view.hand_mask.bit_count()
        if not passing or view.box_tokens(wild.card) > 0 or hand_size <= _ENDGAME:
            return wild
        return legal[-1]

    @property
    def quick(self) -> Callable[[SeatView], Move | None] | None:
        """Its choice made from the view alone, without the list of legal moves (the engine
        asks this first when it keeps no transcript); None with a forget rate, where the
        list and the RNG decide."""
        return None if self.forget else self._quick

    @staticmethod
    def _quick(view: SeatView) -> Move | None:
        """:meth:`pick`'s move from the view alone (the same rules, read from the hand and
        the run); None out of turn, where the list is asked for."""
        if view.window >= 0:
            return None
        t = view.t
        hand = view.hand_mask
        if view.phase is Phase.LEAD:  # every card is in its place
            if t.lead_constrained:
                return None  # a constrained lead (issue 22 item 7): chosen from the list
            card = _Lookahead(view).best_lead()
        elif natural := hand & view.need_mask:
            if natural & (natural - 1):
                card = max(cards_of(natural),
                           key=lambda c: (view.box_tokens(c), t.card_points(c), -c))
            else:
                card = natural.bit_length() - 1  # the one card that continues
        elif hand & t.wild_mask and (
                view.box_tokens(t.wild) > 0 or hand.bit_count() <= _ENDGAME):
            card = lowest(hand & t.wild_mask)  # out of its place, rather than pass
        else:
            return PASS
        return move_for(card, bool(t.announce_mask >> card & 1))

    @staticmethod
    def _out_of_turn(view: SeatView, legal: list[Move]) -> Move:
        """Offered the wild card in another player's run (see the module docstring)."""
        t = view.t
        mine = view.hand_size(view.seat)
        theirs = view.hand_size(view.window)
        box = t.box_of_card.get(t.wild)
        rich = box is not None and view.box_tokens(t.wild) > t.box_stakes[box]
        if theirs <= _ENDGAME or mine <= _ENDGAME or rich:
            return legal[0]  # the wild card, announced when it has a word
        return legal[-1]

    def explain(self, view: SeatView, move: Move) -> str:
        """Why this bot plays ``move`` (one of its own choices), in a few words."""
        t = view.t
        if view.widow_offer:
            leads = leads_needed(t, view.hand_mask)
            return (f"your hand needs {count(leads, 'lead')} to shed; a widow of "
                    f"{count(view.widow_size, 'card')} would need "
                    + ("fewer" if move is EXCHANGE else "as many or more") + " on average")
        if move.is_pass:
            return "nothing you hold continues the run but the wild card, worth keeping for now"
        code = Card.from_index(move.card).code
        if view.phase is Phase.LEAD:
            run: list[int] = []
            _Lookahead(view).score(move.card, run)
            cards = [Card.from_index(c).code for c in run if c >= 0]
            why = (f"it starts the run you can carry furthest from your own hand "
                   f"({' '.join(cards)})" if len(cards) > 1
                   else "it sheds a card that only a lead gets rid of easily")
            return why + (": it ends where you lead again" if run[-1] < 0 else "")
        if t.wild_mask >> move.card & 1 and not view.is_natural(move.card):
            return f"the wild card {code}: it beats passing now"
        tokens = view.box_tokens(move.card)
        if tokens:
            return f"it continues the run and takes the {code} box ({count(tokens, 'token')})"
        return (f"it continues the run and sheds the card that would cost most left in hand "
                f"({t.card_points(move.card)} points)")


class _Lookahead:
    """The runs this hand could lead, scored (the module docstring's leading rule)."""

    __slots__ = ("t", "hand", "seen", "others", "worth", "board")

    def __init__(self, view: SeatView) -> None:
        t = self.t = view.t
        self.hand = view.hand_mask
        self.seen = view.played | self.hand
        self.others = ~t.wild_mask  # never counts on the wild card (any copy of it)
        self.worth = _card_worth(t)
        self.board = view.board

    def best_lead(self) -> int:
        """The card of the hand whose run scores most, the lowest card on a tie (what
        ``max`` over :meth:`score` and ``-card`` picks), scored without the run's cards."""
        t, hand, worth, board = self.t, self.hand, self.worth, self.board
        box_of, relead, follows = t.box_of_card, t.relead_mask, t.follow  # as run_after
        others, seen = self.others, self.seen
        best, top = -1, 0.0
        for lead in cards_of(hand):
            card, score = lead, 0.0
            while True:  # the same sums, in the same order, as score()
                box = box_of.get(card)
                score += worth[card] + (board[box] if box is not None else 0) / 2
                if relead >> card & 1:
                    score += _RELEAD
                    break
                follow = follows[card]
                if not follow:
                    break
                mine = hand & follow & others
                if not mine:
                    score += 0 if follow & ~seen else _RELEAD
                    break
                card = (mine & -mine).bit_length() - 1
            if best < 0 or score > top:
                best, top = lead, score
        return best

    def score(self, card: int, run: list[int] | None = None) -> float:
        """How good a run started by ``card`` looks, from this hand and the cards played.

        What follows each card is the engine's own answer (:meth:`Tables.run_after`).
        ``run``, when given, receives the cards of that run from this hand, and a -1
        at its end when the run ends where only this player can go on (what
        :meth:`GreedyPlayer.explain` tells a human who asks for a hint).
        """
        t, hand, worth, board = self.t, self.hand, self.worth, self.board
        box_of = t.box_of_card
        score = 0.0
        while True:
            if run is not None:
                run.append(card)
            box = box_of.get(card)
            score += worth[card] + (board[box] if box is not None else 0) / 2
            leads_again, follow = t.run_after(card)
            if leads_again:
                if run is not None:
                    run.append(-1)
                return score + _RELEAD
            if not follow:
                return score
            mine = hand & follow & self.others
            if not mine:
                # a dead end: the needed cards are all played, nobody can continue
                unseen = follow & ~self.seen
                if run is not None and not unseen:
                    run.append(-1)
                return score + (0 if unseen else _RELEAD)
            card = lowest(mine)


def _worth_of(t: Tables) -> tuple[float, ...]:
    """Per card, what shedding it is worth before its box: 1, plus more the lower its rank,
    plus a tenth of its points (module docstring)."""
    top = len(t.order) - 1
    exempt = t.payment.holder_exempt
    return tuple(1 + (top - t.rank_pos[c % PACK_SIZE // 4 + 1]) / 4 + t.card_points(c) / 100
                 - (_KEEP if exempt >> (c % PACK_SIZE) & 1 else 0) for c in range(t.card_count))


#: each card's worth as a lead (:func:`_worth_of`), once per ruleset, not per game
_card_worth = OncePer(_worth_of)
