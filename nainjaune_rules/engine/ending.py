"""When the game ends: the checks made before each deal (see :meth:`Game.start_deal`).

The ruleset's ``game ends`` conditions in the order written (a fixed number of deals,
a player who cannot stake, a player with no tokens), ``--deals`` in their place when
given, a shortfall that ends the game, and too few players left to deal to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, assert_never

from nainjaune_rules.engine.summary import Termination
from nainjaune_rules.model.rules import EndCondition, EndKind

if TYPE_CHECKING:
    from nainjaune_rules.engine.game import Game

FEWER_THAN_TWO = (Termination.PLAYERS_LEFT, "fewer than two players are left")
# the kinds of condition as module names: read before every deal (an enum member is a
# slower look-up in this Python)
_AFTER_DEALS: Final = EndKind.AFTER_DEALS
_CANNOT_STAKE: Final = EndKind.CANNOT_STAKE
_NO_TOKENS: Final = EndKind.NO_TOKENS


def too_few_left(game: Game) -> tuple[Termination, str] | None:
    """Why no deal can be dealt to the players still in the game, if none can."""
    active = sum(game.active)
    if active < 2:
        return FEWER_THAN_TWO
    if active not in game.t.deal_rows:
        return Termination.PLAYERS_LEFT, f"the deal table has no row for {active} players"
    return None


def end_reason(game: Game, dealer: int) -> tuple[Termination, str] | None:
    """Why the game ends before the deal ``dealer`` would deal, or None.

    Asked before every deal: the seats in play are counted, and listed only by a
    condition that names one (most deals end nothing).
    """
    if game.end_pending is not None:
        return game.end_pending
    players = sum(game.active)
    if players < 2:
        return FEWER_THAN_TWO
    if game.deals_option is not None:
        if game.deals_played >= game.deals_option:
            return Termination.DEAL_COUNT, f"{game.deals_option} deals played (--deals)"
    else:
        for condition in game.t.end_conditions:
            end = _condition_holds(game, condition, players, dealer)
            if end:
                return end
    return too_few_left(game)


def _condition_holds(game: Game, condition: EndCondition, players: int, dealer: int
                     ) -> tuple[Termination, str] | None:
    """Whether ``condition`` ends the game now, ``players`` seats being in play: the end
    it makes (its :class:`Termination` has the condition's own value, which the
    statistics count as ``end:<value>``)."""
    t = game.t
    kind = condition.kind
    if kind is _AFTER_DEALS:
        limit = t.deals_limit(players)
        if limit is not None and game.deals_played >= limit:
            return Termination.DEAL_COUNT, f"{limit} deals played"
    elif kind is _CANNOT_STAKE:
        owed = [(s, t.stake_total * t.stake_times(s, dealer)) for s in _in_play(game)]
        poor = [(s, due) for s, due in owed if due and game.balances[s] < due]
        if poor:
            return Termination.CANNOT_STAKE, f"seat {poor[0][0]} cannot stake {poor[0][1]}"
    elif kind is _NO_TOKENS:
        balances = game.balances
        if 0 in balances:  # (most deals: nobody is at 0, in play or not)
            broke = [s for s in _in_play(game) if balances[s] == 0]
            if broke:
                return Termination.NO_TOKENS, f"seat {broke[0]} has no tokens"
    else:  # a new condition: mypy names this line until it is checked here
        assert_never(kind)
    return None


def _in_play(game: Game) -> list[int]:
    """The seats still in the game, in seat order."""
    return [s for s, playing in enumerate(game.active) if playing]
