"""The transformer's rule methods for the table and the deal: players, ranks and their
names, the deal table and the dealing, the dealers and the first lead, the deck, the
shuffle, the talon and the played cards, the extra hand, the board and its boxes, pools,
trumps and the turn-up.
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from nainjaune_rules.model import rules as r
from nainjaune_rules.model.tree_reader import ClauseBody, TreeReader, token_text
from nainjaune_rules.syntax.ast import CardWord, Number, OriginNode, RankWord, Word


@v_args(meta=True)
class TableReader(TreeReader):
    """Players, ranks, the deal, the dealers, the deck, the board, pools and trumps."""

    def _block(self, meta: Meta, c: list[Any], key: str, build: Any, head: str,
               lines: str) -> ClauseBody:
        """A clause written as a block (the deal table, the board): its origin, if any, is
        on the block's first line, and the lines below it (each a tuple: a row, a box) are
        its argument named ``lines``."""
        origin = c[0] if isinstance(c[0], OriginNode) else None
        part = self._part(meta, key, build, head,
                          **{lines: tuple(x for x in c if isinstance(x, tuple))})
        return ClauseBody(part.key, part.build, part.args, part.head, part.span, origin)

    # ---- players, ranks and the deal -------------------------------------------

    def players_range(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "players", r.Players, "players",
                          counts=("range", self._num(c[0]), self._num(c[1])))

    def players_list(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "players", r.Players, "players",
                          counts=tuple(self._num(t) for t in c))

    def ranks(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "ranks", r.Ranks, "ranks",
                          order=tuple(RankWord(token_text(t), self._tspan(t)) for t in c))

    def rank_names(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "rank_names", r.RankNames, "rank names",
                          names=tuple(token_text(t) for t in c))

    def deal_row(self, meta: Meta, c: list[Token]) -> tuple[Number, ...]:
        return tuple(self._num(t) for t in c)

    def deal_table(self, meta: Meta, c: list[Any]) -> ClauseBody:
        return self._block(meta, c, "deal_table", r.DealTable, "deal", "rows")

    def one_at_a_time(self, meta: Meta, c: list[Token]) -> int:
        return 1

    def packets_of(self, meta: Meta, c: list[Token]) -> Number:
        return self._num(c[0])

    def dealing(self, meta: Meta, c: list[Any]) -> ClauseBody:
        packet = c[0] if isinstance(c[0], Number) else Number("1", self._span(meta))
        return self._part(meta, "dealing", r.Dealing, "dealing",
                          packet=packet, direction=r.Direction(str(c[1])))

    def by_lot(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "first_dealer", r.FirstDealer, "first dealer",
                          rule=r.FirstDealerRule.BY_LOT)

    def first_seat(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "first_dealer", r.FirstDealer, "first dealer",
                          rule=r.FirstDealerRule.FIRST_SEAT)

    def side(self, meta: Meta, c: list[Token]) -> r.Side:
        return r.Side(str(c[0]))

    def next_dealer(self, meta: Meta, c: list[r.Side]) -> ClauseBody:
        return self._part(meta, "next_dealer", r.NextDealer, "next dealer", side=c[0])

    def first_lead(self, meta: Meta, c: list[r.Side]) -> ClauseBody:
        return self._part(meta, "first_lead", r.FirstLead, "first lead", side=c[0])

    def play_direction(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "play_direction", r.PlayDirection, "play",
                          direction=r.Direction(str(c[0])))

    # ---- issue 22, part 4 (h22-hands): every card dealt, and the extra hand --------

    def deal_all_cards(self, meta: Meta, c: list[Token]) -> ClauseBody:
        # the same field as the deal table: one replaces the other in an extending ruleset,
        # and both in one file are the same rule given twice
        return self._part(meta, "deal_table", r.DealTable, "deal", rows=(), all_cards=True)

    def deal_all_extra(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "deal_table", r.DealTable, "deal", rows=(), all_cards=True,
                          extra_hands=1)

    def extra_dead(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "extra_hand", r.ExtraHand, "extra hand",
                          rule=r.ExtraHandRule.DEAD)

    def extra_widow(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "extra_hand", r.ExtraHand, "extra hand",
                          rule=r.ExtraHandRule.WIDOW)

    # ---- the deck, the shuffle, the talon and the played cards -------------------

    # deck composition (#22)
    def deck_packs(self, meta: Meta, c: list[Token]) -> tuple[str, Number]:
        return ("packs", self._num(c[0]))

    def deck_without(self, meta: Meta, c: list[Token]) -> tuple[str, tuple[CardWord, ...]]:
        return ("without", tuple(self._card(t) for t in c))

    def deck(self, meta: Meta, c: list[tuple[str, Any]]) -> ClauseBody:
        return self._part(meta, "deck", r.Deck, "deck", **dict(c))

    def shuffling(self, meta: Meta, c: list[Token]) -> ClauseBody:
        cut = r.Side(str(c[0])) if c else None
        return self._part(meta, "shuffling", r.Shuffling, "shuffling", cut=cut)

    def talon(self, meta: Meta, c: list[Any]) -> ClauseBody:
        return self._part(meta, "talon", r.Talon, "talon")

    def played_cards(self, meta: Meta, c: list[Any]) -> ClauseBody:
        return self._part(meta, "played_cards", r.PlayedCards, "played cards")

    # ---- the board -----------------------------------------------------------------

    def box(self, meta: Meta, c: list[Token]) -> tuple[CardWord, Word, Number, r.Span]:
        return (self._card(c[0]), self._word(c[1]), self._num(c[2]), self._span(meta))

    def board(self, meta: Meta, c: list[Any]) -> ClauseBody:
        return self._block(meta, c, "board", r.Board, "board", "boxes")

    # -- pools (issue #22, item 3): an empty board, a pool tied to no card ------------

    def board_none(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "board", r.Board, "board", boxes=())

    def pool_cards(self, meta: Meta, c: list[Token]) -> dict[str, Any]:
        return {"cards": tuple(self._card(t) for t in c)}

    def trump_ranks(self, meta: Meta, c: list[Token]) -> dict[str, Any]:
        return {"trump_ranks": tuple(RankWord(token_text(t), self._tspan(t)) for t in c)}

    def pool_cards_win(self, meta: Meta, c: list[dict[str, Any]]
                       ) -> tuple[r.PoolWin, dict[str, Any]]:
        return (r.PoolWin.CARDS, c[0])

    def pool_deal_winner(self, meta: Meta, c: list[Token]) -> tuple[r.PoolWin, dict[str, Any]]:
        return (r.PoolWin.DEAL_WINNER, {})

    def pool(self, meta: Meta, c: list[Any]) -> ClauseBody:
        name, stake, (won_by, cards) = self._word(c[0]), self._num(c[1]), c[2]
        return self._part(meta, "pools", r.Pool, f"pool {name.text}", name=name,
                          stake=stake, won_by=won_by, **cards)

    # -- trumps and the turn-up (issue #22, item 6) -------------------------------------

    def trumps(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "trumps", r.Trumps, "trumps")

    def turn_up_bonus(self, meta: Meta, c: list[Token]) -> ClauseBody:
        card, pool, amount = c[1], c[2], c[3]  # c[0], c[4]: the words TURN_UP and card
        return self._part(meta, "turn_up_bonus", r.TurnUpBonus, "when the turn-up is a card",
                          card=self._card(card), pool=self._word(pool),
                          per_card=self._num(amount))

    def turn_up_box(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "turn_up_box", r.TurnUpBox, "when the turn-up is a box card")
