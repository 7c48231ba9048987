"""Which clauses of a ruleset can be seen firing, and the event keys that show it.

A ruleset can be well-formed and still hold a rule that never applies (an
opéra nobody can make, an effect on a card that is never dealt).  To find
one, the games of ``check --simulate`` are watched (:class:`~.adapter._Watcher`
turns the engine's events into *keys* such as ``announced:QS`` or ``opera``),
and each *conditional* clause is given the keys that show it fired.  Clauses
that always apply (the deal table, the direction of play, the stakes) are not
listed: every game exercises them.

The keys (see also :mod:`.adapter`):

======================  ========================================================
``played-any:C``        card C was played (announced or not)
``announced:C``         card C was played with its announcement
``forgot:C``            card C was played without its announcement
``wild:out``            the wild card was played outside its natural place
``wild:any-time``       the wild card's holder laid it out of turn (``at any time``)
``king``, ``stop``      a run ended on a king, on a stop card
``stuck``, ``skip``     nobody could continue; the next rank was skipped to
``opera``               an opéra was made
``holder:C``            a loser held card C when the deal ended
``honours``             an honour left in hand doubled its box
``shortfall``           someone could not pay in full
``change``              a token was changed for tokens of 1 to pay exactly
``leftovers``           tokens stayed on the board after a deal
``box:C``               the box of C was taken in play
``end:KIND``            a game ended by that rule (after deals, cannot stake, ...)
``deal-end``            a deal ended (always, once a game has a deal)
``widow``               a dealer took the widow for their hand
``lead:passed``         a player could not lead and passed the lead on
======================  ========================================================
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, assert_never

from nainjaune_rules.analysis.records import GameRecord
from nainjaune_rules.engine.events import EventType
from nainjaune_rules.engine.table_play import card_mask
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.words import words
from nainjaune_rules.model.writer import clause_line

if TYPE_CHECKING:
    from nainjaune_rules.engine import Tables

@dataclass(frozen=True)
class Watched:
    """A conditional clause, what to call it, and the keys any one of which shows it fired."""

    clause: r.Clause | r.Box
    what: str
    keys: frozenset[str]

    @property
    def span(self) -> r.Span:
        return self.clause.span


def record_keys(record: GameRecord) -> set[str]:
    """The keys a game shows, from its watched events and its deal records."""
    keys = set(record.fired)
    if record.deals:
        keys.add("deal-end")
    if record.ended:
        keys.add("end:" + record.end)
    for deal in record.deals:
        keys.update("box:" + c for c in deal.boxes_taken)
        keys.update("forgot:" + c.split("/")[0] for c in deal.forfeits)  # any copy (#22)
    return keys


def _codes(mask: int) -> list[str]:
    from nainjaune_rules.core.cards import Card

    return [Card.from_index(i).code for i in range(52) if mask >> i & 1]


def watched_clauses(tables: Tables) -> list[Watched]:
    """Every conditional clause of the tables' ruleset with its keys."""
    rs = tables.ruleset
    out: list[Watched] = []
    for effect in rs.effects:
        mask = 0
        for compiled in tables.played_effects:
            if compiled.effect == effect:
                mask |= compiled.mask
        if effect.event.kind is r.EventKind.GOES_OUT:  # issue #22: the cards gone out with
            mask = card_mask(effect.event.cards, rs)
        out.append(Watched(effect, _effect_words(effect), _effect_keys(effect, mask)))
    if rs.opera is not None:
        out.append(Watched(rs.opera, f"opera: {rs.opera.kind.value}", frozenset({"opera"})))
    if rs.stop_cards is not None:
        out.append(Watched(rs.stop_cards, "stop cards", frozenset({"stop"})))
    if rs.wild_card is not None:
        out.append(Watched(rs.wild_card, f"wild card {rs.wild_card.card.code} out of its place",
                           frozenset({"wild:out"})))
        if rs.wild_card.any_time:
            out.append(Watched(rs.wild_card, f"wild card {rs.wild_card.card.code} out of turn",
                               frozenset({"wild:any-time"})))
    if rs.change is not None and tables.token_values:
        out.append(Watched(rs.change, f"change: {rs.change.rule.value}", frozenset({"change"})))
    if tables.king_restarts:
        out.append(Watched(rs.after_king, "after a king the player leads", frozenset({"king"})))
    nobody = rs.nobody_can_continue
    out.append(Watched(nobody, f"nobody can continue: {nobody.rule.value}",
                       frozenset({"skip"} if nobody.rule is r.WhenStuck.NEXT_RANK
                                 else {"stuck"})))
    for ann in rs.announcements:
        mask = sum(1 << c for c, words in tables.announce_words.items() if ann.word in words)
        keys = {p + c for c in _codes(mask) for p in ("announced:", "forgot:")}
        out.append(Watched(ann, f"announce {_classes(ann.cards)} as \"{ann.word}\"",
                           frozenset(keys)))
    for cond in rs.game_end.conditions:
        # in the language's own words: "game ends: after 10 deals", not "after deals"
        one = dataclasses.replace(rs.game_end, conditions=(cond,))
        out.append(Watched(rs.game_end, clause_line(one),
                           # the engine ends the game with the Termination of the
                           # condition's own value (engine/ending.py), seen as end:<value>
                           frozenset({"end:" + cond.kind.value})))
    out.append(Watched(rs.cannot_pay, f"cannot pay in full: {rs.cannot_pay.rule.value}",
                       frozenset({"shortfall"})))
    if rs.leftovers.stay:
        out.append(Watched(rs.leftovers, "leftovers stay", frozenset({"leftovers"})))
    if rs.extra_hand is not None and tables.widow:  # issue 22, part 4
        out.append(Watched(rs.extra_hand, "the dealer takes the widow", frozenset({"widow"})))
    after = rs.lead_after_stop  # lead constraints (issue 22 item 7)
    if after is not None and after.passes:
        out.append(Watched(after, "after a stop, a player who cannot lead passes the lead",
                           frozenset({"lead:passed"})))
    for box in rs.board.boxes:
        out.append(Watched(box, f"the box of {box.card.code} ({box.name}) taken in play",
                           frozenset({"box:" + box.card.code})))
    return out


def _classes(cards: tuple[r.CardClass | r.Card, ...]) -> str:
    return ", ".join(c.code if isinstance(c, r.Card) else c.value + "s" for c in cards)


def _effect_words(effect: r.Effect) -> str:
    event, action = effect.event, effect.action
    if event.kind is r.EventKind.PLAYED:  # shorter than the language: "box cards played"
        when = f"{_classes(event.cards)} played" + (" and announced" if event.announced else "")
    else:  # the registry's words (model.words); "{cards}" for going out with (issue #22)
        when = words(event.kind).language.format(cards=_classes(event.cards))
    return f"when {when}: {action.kind.value}"


def _effect_keys(effect: r.Effect, mask: int) -> frozenset[str]:
    """``mask``: the cards whose play triggers the effect (for ``when ... played``)."""
    kind, action = effect.event.kind, effect.action.kind
    if kind is r.EventKind.OPERA:
        return frozenset({"opera"})
    if kind is r.EventKind.DEAL_ENDS:
        if action is r.ActionKind.HOLDER_PAYS_DOUBLE and effect.action.card is not None:
            return frozenset({"holder:" + effect.action.card.code})
        if action is r.ActionKind.HOLDER_PAYS_NOTHING and effect.action.card is not None:
            return frozenset({f"{EventType.EXEMPT}:{effect.action.card.code}"})  # issue #22
        if action is r.ActionKind.HONOURS_DOUBLE_BOX:
            return frozenset({"honours"})
        return frozenset({"deal-end"})  # any other action fires whenever a deal ends
    if kind is r.EventKind.PLAYED:
        prefix = "announced:" if effect.event.announced else "played-any:"
        return frozenset(prefix + c for c in _codes(mask))
    if kind is r.EventKind.GOES_OUT:  # issue #22: the card the winner went out with
        return frozenset(f"{EventType.OUT_WITH}:{c}" for c in _codes(mask))
    assert_never(kind)  # a new event: mypy names this line until it has its keys


def never_fired(tables: Tables, records: list[GameRecord]) -> list[Watched]:
    """The watched clauses none of whose keys any game showed."""
    seen: set[str] = set()
    for record in records:
        seen |= record_keys(record)
    return [w for w in watched_clauses(tables) if not w.keys & seen]
