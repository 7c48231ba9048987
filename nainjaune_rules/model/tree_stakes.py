"""The transformer's rule methods for tokens and settlement: who stakes and what becomes of
the leftovers, the starting tokens and their denominations, change, points, a player who
cannot pay in full, and the settlement's steps (one method per step, from the registry).
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from nainjaune_rules.model import rules as r
from nainjaune_rules.model.tree_reader import ClauseBody, TreeReader
from nainjaune_rules.model.words import column
from nainjaune_rules.syntax.ast import Number, Word


@v_args(meta=True)
class StakesReader(TreeReader):
    """Stakes, leftovers, tokens, change, points, shortfalls and the settlement."""

    # ---- stakes and leftovers ---------------------------------------------------

    def every_player(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "stakes", r.Stakes, "stakes", stakers=r.Stakers.EVERY_PLAYER)

    def dealer_only(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "stakes", r.Stakes, "stakes", stakers=r.Stakers.DEALER_ONLY)

    # per-seat stakes (issue #22)
    def stakes_by_seat(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "stakes", r.Stakes, "stakes", stakers=r.Stakers.BY_SEAT,
                          dealer_times=self._num(c[0]), other_times=self._num(c[1]))

    def leftovers_stay(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "leftovers", r.Leftovers, "leftovers", stay=True)

    def leftovers_cleared(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "leftovers", r.Leftovers, "leftovers", stay=False)

    # ---- tokens, change and points ----------------------------------------------

    def starting_tokens(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "starting_tokens", r.StartingTokens, "starting tokens",
                          count=self._num(c[0]))

    def denomination(self, meta: Meta, c: list[Token]) -> tuple[Number, Number]:
        return (self._num(c[1]), self._num(c[0]))  # (value, how many)

    def tokens(self, meta: Meta, c: list[tuple[Number, Number]]) -> ClauseBody:
        worth = sum(value.value * many.value for value, many in c)
        return self._part(meta, "starting_tokens", r.StartingTokens, "tokens",
                          count=Number(str(worth), self._span(meta)), denominations=tuple(c))

    def change_bank(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "change", r.Change, "change", rule=r.ChangeRule.FROM_THE_BANK)

    def change_players(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "change", r.Change, "change", rule=r.ChangeRule.BETWEEN_PLAYERS)

    def change_none(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "change", r.Change, "change", rule=r.ChangeRule.NONE)

    def points(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "points", r.Points, "points",
                          court=self._num(c[0]), ace=self._num(c[1]))

    # ---- a player who cannot pay, and the settlement -----------------------------

    def then_game_ends(self, meta: Meta, c: list[Token]) -> r.Shortfall:
        return r.Shortfall.PAYS_AND_GAME_ENDS

    def then_leaves(self, meta: Meta, c: list[Token]) -> r.Shortfall:
        return r.Shortfall.PAYS_AND_LEAVES

    def cannot_pay(self, meta: Meta, c: list[Any]) -> ClauseBody:
        rule = c[0] if c else r.Shortfall.PAYS_WHAT_THEY_HAVE
        return self._part(meta, "cannot_pay", r.CannotPay, "cannot pay in full", rule=rule)

    def buys_from_bank(self, meta: Meta, c: list[Any]) -> ClauseBody:
        return self._part(meta, "cannot_pay", r.CannotPay, "cannot pay in full",
                          rule=r.Shortfall.BUYS_FROM_BANK)

    def settlement(self, meta: Meta, c: list[Word]) -> ClauseBody:
        # the steps stay words (with their place) so a step written twice is shown where
        return self._part(meta, "settlement", r.Settlement, "settlement", steps=tuple(c))


def _step_handler(alias: str, step: r.SettlementStep) -> Any:
    """The transformer method for one ``settlement_step`` alternative: the step as a Word."""

    def build(self: StakesReader, meta: Meta, c: list[Token]) -> Word:
        return Word(step.value, self._span(meta))

    build.__name__ = alias
    return build


# each settlement_step alternative of the grammar is its step's registry alias (step_...);
# the step is kept as a Word, with its span, for the builder's once-each check
for _step, _alias in column(r.SettlementStep, "alias").items():
    setattr(StakesReader, _alias, v_args(meta=True)(_step_handler(_alias, _step)))
