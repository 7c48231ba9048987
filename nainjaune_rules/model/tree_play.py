"""The transformer's rule methods for the play, its effects and the end: runs, play on and
continuing, stop and wild cards, leads, the turn, what happens when nobody can continue,
announcements, calls and the opera, the effects (``when EVENT: ACTION``, one method per
action phrase of the registry), the deal's end, the game's end (one method per end
condition) and the winner.
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from nainjaune_rules.core.actions import PHRASES, ActionPhrase
from nainjaune_rules.core.kinds import end_alias
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.tree_reader import ClauseBody, TreeReader
from nainjaune_rules.model.words import words
from nainjaune_rules.syntax.ast import CardWord, Number


@v_args(meta=True)
class PlayReader(TreeReader):
    """Play, card classes, announcements, calls, opera, effects, and the end."""

    # ---- play ------------------------------------------------------------------

    def any_suit(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "runs", r.Runs, "runs", same_suit=False)

    def same_suit(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "runs", r.Runs, "runs", same_suit=True)

    def play_on(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "play_on", r.PlayOn, "play on",
                          compulsory=str(c[0]) == "compulsory")

    def continuing(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "continuing", r.Continuing, "continuing",
                          compulsory=str(c[0]) == "compulsory")

    def stop_cards(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "stop_cards", r.StopCards, "stop cards",
                          cards=tuple(self._card(t) for t in c))

    def after_king(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "after_king", r.AfterKing, "after a king")

    def after_top_rank(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "after_king", r.AfterKing, "after the top rank",
                          top_rank=True)

    def any_time(self, meta: Meta, c: list[Token]) -> bool:
        return True

    def wild_stop(self, meta: Meta, c: list[Any]) -> str:
        return "stop"

    def wild_card(self, meta: Meta, c: list[Any]) -> ClauseBody:
        stop = c[-1] == "stop"  # ", and it is a stop card" (issue 22 item 2)
        rest = c[:-1] if stop else c
        return self._part(meta, "wild_card", r.WildCard, "wild card",
                          card=self._card(rest[0]), out_of_turn=rest[-1],
                          any_time=len(rest) == 3, stop=stop)

    # lead constraints (issue 22 item 7)
    def lead_card(self, meta: Meta, c: list[Any]) -> ClauseBody:
        return self._part(meta, "lead_card", r.LeadCard, "lead", lowest=True)

    def cannot_lead_passes(self, meta: Meta, c: list[Any]) -> bool:
        return True

    def cannot_lead_any_suit(self, meta: Meta, c: list[Any]) -> bool:
        return False

    def lead_after_stop(self, meta: Meta, c: list[Any]) -> ClauseBody:
        return self._part(meta, "lead_after_stop", r.LeadAfterStop, "after a stop",
                          passes=c[-1])

    def rank_at_once(self, meta: Meta, c: list[Any]) -> ClauseBody:  # issue 22 item 8
        return self._part(meta, "rank_at_once", r.RankAtOnce, "play every card of the rank")

    def stuck_last_leads(self, meta: Meta, c: list[Any]) -> tuple[r.WhenStuck, None]:
        return (r.WhenStuck.LAST_PLAYER_LEADS, None)

    def stuck_next_rank(self, meta: Meta, c: list[Any]) -> tuple[r.WhenStuck, r.WhenSkipFails]:
        return (r.WhenStuck.NEXT_RANK, c[0])

    def nobody_can_continue(self, meta: Meta, c: list[Any]) -> ClauseBody:
        rule, then = c[0]
        return self._part(meta, "nobody_can_continue", r.NobodyCanContinue,
                          "nobody can continue", rule=rule, then=then)

    def turn(self, meta: Meta, c: list[r.Side]) -> ClauseBody:
        return self._part(meta, "turn", r.Turn, "turn", passes_to=c[0])

    # ---- card classes, announcements, effects ----------------------------------

    def one_card(self, meta: Meta, c: list[Token]) -> CardWord:
        return self._card(c[0])

    def card_classes(self, meta: Meta, c: list[Any]) -> tuple[Any, ...]:
        return tuple(c)

    def announcement(self, meta: Meta, c: list[Any]) -> ClauseBody:
        return self._part(meta, "announcements", r.Announcement, "announce",
                          cards=c[0], word=self._word(c[1]), forfeit=c[2])

    def call(self, meta: Meta, c: list[Any]) -> ClauseBody:
        return self._part(meta, "calls", r.Call, f"call {c[0].value}",
                          moment=c[0], word=self._word(c[1]))

    def opera(self, meta: Meta, c: list[Any]) -> ClauseBody:
        return self._part(meta, "opera", r.Opera, "opera", kind=c[0])

    def played(self, meta: Meta, c: list[Any]) -> dict[str, Any]:
        return _event(r.EventKind.PLAYED, c[0], announced=False)

    def played_announced(self, meta: Meta, c: list[Any]) -> dict[str, Any]:
        return _event(r.EventKind.PLAYED, c[0], announced=True)

    def deal_ends(self, meta: Meta, c: list[Any]) -> dict[str, Any]:
        return _event(r.EventKind.DEAL_ENDS, (), announced=False)

    def on_opera(self, meta: Meta, c: list[Any]) -> dict[str, Any]:
        return _event(r.EventKind.OPERA, (), announced=False)

    # payments by outcome (issue #22)
    def goes_out(self, meta: Meta, c: list[Any]) -> dict[str, Any]:
        return _event(r.EventKind.GOES_OUT, c[0], announced=False)

    def effect(self, meta: Meta, c: list[dict[str, Any]]) -> ClauseBody:
        event, action = dict(c[0]), dict(c[1])
        head = "when " + event.pop("head")
        return self._part(meta, "effects", r.Effect, head,
                          event=("event", event), action=("action", action))

    # ---- end of the game -------------------------------------------------------

    def deals_count(self, meta: Meta, c: list[Token]) -> tuple[Number, Number | None]:
        return (self._num(c[0]), self._num(c[1]) if len(c) > 1 else None)

    # each end_condition alternative: (its kind, its slots' values), see _end_handler

    def game_end(self, meta: Meta, c: list[Any]) -> ClauseBody:
        # a number of deals after a comma continues the condition "after ..." before it;
        # after any other condition it is kept apart (kind None), for the builder to say
        conditions: list[tuple[r.EndKind | None, tuple[Any, ...]]] = []
        for item in c:
            if isinstance(item[0], r.EndKind):
                conditions.append(item)
            elif conditions and conditions[-1][0] is r.EndKind.AFTER_DEALS:
                conditions[-1] = (r.EndKind.AFTER_DEALS, conditions[-1][1] + (item,))
            else:
                conditions.append((None, (item,)))
        return self._part(meta, "game_end", r.GameEnd, "game ends",
                          conditions=tuple(conditions))

    def winner(self, meta: Meta, c: list[Token]) -> ClauseBody:
        return self._part(meta, "winner", r.WinnerRule, "winner", rule=r.Winner.MOST_TOKENS)

    def deal_end(self, meta: Meta, c: list[Any]) -> ClauseBody:
        return self._part(meta, "deal_end", r.DealEnd, "deal ends")


def _event(kind: r.EventKind, cards: Any, announced: bool) -> dict[str, Any]:
    """An event's fields, and its head in the registry's words ("a card is played")."""
    head = words(kind).language.format(cards="a card") + (" and announced" if announced else "")
    return {"kind": kind, "cards": cards, "announced": announced, "head": head}


def _action_handler(phrase: ActionPhrase) -> Any:
    """The transformer method for one ``action`` alternative of the grammar (the registry's)."""

    def build(self: PlayReader, meta: Meta, c: list[Token]) -> dict[str, Any]:
        action: dict[str, Any] = {"kind": phrase.kind, **phrase.fixed}
        for slot, token in zip(phrase.slots, c, strict=False):
            action[slot] = self._card(token) if slot == "card" else self._num(token)
        return action

    build.__name__ = phrase.alias
    return build


for _phrase in PHRASES:
    setattr(PlayReader, _phrase.alias, v_args(meta=True)(_action_handler(_phrase)))


def _end_handler(kind: r.EndKind) -> Any:
    """The transformer method for one ``end_condition`` alternative (written from
    ``core.kinds.END_PHRASES``): the kind and its slots, numbers of deals and tokens, in
    order, for the builder (``ClauseBuilder._arg_conditions``) to check."""

    def build(self: PlayReader, meta: Meta, c: list[Any]) -> tuple[r.EndKind, tuple[Any, ...]]:
        return (kind, tuple(self._num(v) if isinstance(v, Token) else v for v in c))

    build.__name__ = end_alias(kind)
    return build


for _end in r.EndKind:
    setattr(PlayReader, end_alias(_end), v_args(meta=True)(_end_handler(_end)))
