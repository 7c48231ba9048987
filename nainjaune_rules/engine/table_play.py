"""The tables of the play, compiled: runs and stops, the wild card, leads, what is
announced or called, and what a card played does.

:func:`play_fields` gives those fields of :class:`~nainjaune_rules.engine.tables.Tables`
to :func:`~nainjaune_rules.engine.table_build.compile_tables`; the card classes a clause
names (``a stop card``, ``a king or 9D``) become masks here (:func:`card_mask`), every copy
of each card when the deck has several packs.
"""

from __future__ import annotations

from typing import Any, assert_never

from nainjaune_rules.core.actions import ACTION_EVENTS
from nainjaune_rules.core.cards import PACK_SIZE, Card
from nainjaune_rules.engine.steps import compile_settlement
from nainjaune_rules.engine.tables import (
    KING,
    EngineError,
    PlayedEffect,
    all_copies,
    card_bit,
    rank_mask,
    sum_masks,
)
from nainjaune_rules.model.rules import (
    Announcement,
    CardClass,
    EventKind,
    Forfeit,
    Ruleset,
    WhenSkipFails,
    WhenStuck,
    WildOutOfTurn,
    packs_of,
)

#: some of the fields of :class:`~nainjaune_rules.engine.tables.Tables`, by name
Fields = dict[str, Any]

#: how much a forgotten announcement costs, from least to most
_FORFEIT_WEIGHT = {Forfeit.NOTHING: 0, Forfeit.THE_BOX: 1, Forfeit.THE_WINNINGS: 2}


def play_fields(rs: Ruleset, deck_mask: int, order: tuple[int, ...],
                next_rank: tuple[int, ...]) -> Fields:
    """The fields of the play, for the deck ``deck_mask`` and its ranks in ``order``."""
    return {
        **_runs(rs, deck_mask, order, next_rank),
        **_wild(rs, deck_mask),
        **_calls_and_announcements(rs, deck_mask),
        **_effects(rs, deck_mask),
        **_leads(rs),
    }


def _runs(rs: Ruleset, deck_mask: int, order: tuple[int, ...], next_rank: tuple[int, ...]
          ) -> Fields:
    """Runs and stops: what continues a run, what ends it, and what if nobody can go on."""
    stop_mask = _class_mask(CardClass.STOP_CARD, rs, deck_mask)
    king_restarts = rs.after_king.top_rank or KING in order
    restart_rank = order[-1] if rs.after_king.top_rank else KING
    relead = _relead(stop_mask, king_restarts, restart_rank, packs_of(rs))
    stuck = rs.nobody_can_continue
    return {
        "same_suit": rs.runs.same_suit,
        "play_on_compulsory": rs.play_on.compulsory,
        "continuing_compulsory": rs.continuing.compulsory,
        "stop_mask": stop_mask,
        "king_restarts": king_restarts,
        "restart_rank": restart_rank,
        "stuck_next_rank": stuck.rule is WhenStuck.NEXT_RANK,
        "skip_again": stuck.then is WhenSkipFails.SKIP_AGAIN,
        "follow": _follow(list(next_rank), rs.runs.same_suit, relead, packs_of(rs)),
        "relead_mask": relead,
    }


def _wild(rs: Ruleset, deck_mask: int) -> Fields:
    """The wild card, if any, and what it does out of its place."""
    wild = rs.wild_card
    return {
        "wild": wild.card.index if wild and card_bit(wild.card) & deck_mask else -1,
        "wild_mask": _class_mask(wild.card, rs, deck_mask) if wild else 0,
        "wild_ends_run": bool(wild and wild.out_of_turn is WildOutOfTurn.ENDS_RUN),
        "wild_any_time": bool(wild and wild.any_time),
    }


def _leads(rs: Ruleset) -> Fields:
    """Lead constraints (issue 22 item 7): what a lead may be (:mod:`.leads`)."""
    after = rs.lead_after_stop
    return {
        "lead_lowest": rs.lead_card is not None and rs.lead_card.lowest,
        "lead_bars_suit": after is not None,
        "lead_passes": after is not None and after.passes,
        "rank_at_once": rs.rank_at_once is not None,  # issue 22 item 8
    }


def _calls_and_announcements(rs: Ruleset, deck_mask: int) -> Fields:
    """What must be announced (and what forgetting costs), and the words said aloud."""
    ann_mask, ann_words, forfeit = _announcements(rs, deck_mask)
    return {
        "announce_mask": ann_mask,
        "announce_words": ann_words,
        "forfeit": forfeit,
        # calls cost nothing when forgotten: the engine only says them in the transcript
        "calls": {c.moment.value: c.word for c in rs.calls},
    }


def _effects(rs: Ruleset, deck_mask: int) -> Fields:
    """The effects of a card played, the opéra, and the settlement of a deal."""
    for eff in rs.effects:
        kind = eff.event.kind
        if kind not in ACTION_EVENTS[eff.action.kind]:  # the model's one table of what follows
            raise EngineError(f"{eff.span}: '{eff.action.kind.value}' cannot follow "
                              f"'{kind.value}'")
    played = tuple(
        PlayedEffect(_classes_mask(e.event.cards, rs, deck_mask), e.event.announced,
                     e.action.kind, e.action.amount, e)
        for e in rs.effects_on(EventKind.PLAYED))
    played_mask = sum_masks(p.mask for p in played)
    stop_mask = _class_mask(CardClass.STOP_CARD, rs, deck_mask)
    return {
        "played_effects": played,
        "act_mask": stop_mask | played_mask,
        "opera": rs.opera.kind if rs.opera else None,
        "settlement": compile_settlement(rs),
        "out_mask": sum_masks(card_mask(e.event.cards, rs)
                              for e in rs.effects_on(EventKind.GOES_OUT)),
        # without a points clause nobody pays by points; the usual values fill the table
        "points_court": rs.points.court if rs.points else 10,
        "points_ace": rs.points.ace if rs.points else 1,
    }


def _follow(next_rank: list[int], same_suit: bool, relead: int, packs: int
            ) -> tuple[int, ...]:
    """Per card: the cards that continue a run after it is played in its natural place
    (every copy of them)."""
    follow = [0] * (PACK_SIZE * packs)
    for c in range(PACK_SIZE * packs):
        base = c % PACK_SIZE
        nxt = next_rank[base // 4 + 1]
        if nxt and not relead >> c & 1:
            one = 1 << ((nxt - 1) * 4 + base % 4) if same_suit else rank_mask(nxt)
            follow[c] = all_copies(one, packs)
    return tuple(follow)


def _relead(stop_mask: int, king_restarts: bool, restart_rank: int, packs: int) -> int:
    """The cards after which their player leads anew: stop cards, and the restart rank."""
    return stop_mask | (all_copies(rank_mask(restart_rank), packs) if king_restarts else 0)


def _class_mask(cls: CardClass | Card, rs: Ruleset, deck_mask: int) -> int:
    """The cards of the deck that belong to a card class (or are that card): every copy."""
    return all_copies(_first_pack_mask(cls, rs, deck_mask & _FIRST_PACK), packs_of(rs)) & deck_mask


_FIRST_PACK = (1 << PACK_SIZE) - 1


def _first_pack_mask(cls: CardClass | Card, rs: Ruleset, deck_mask: int) -> int:
    if isinstance(cls, Card):
        return card_bit(cls) & deck_mask
    if cls is CardClass.BOX_CARD:
        return sum(card_bit(b.card) for b in rs.board.boxes) & deck_mask
    if cls is CardClass.STOP_CARD:
        # with a wild card marked ``and it is a stop card`` (issue 22 item 2)
        return sum(card_bit(c) for c in rs.stop_card_set()) & deck_mask
    if cls is CardClass.KING:
        return rank_mask(KING) & deck_mask
    if cls is CardClass.WILD_CARD:
        return card_bit(rs.wild_card.card) & deck_mask if rs.wild_card else 0
    if cls is CardClass.ANY_CARD:
        return deck_mask
    assert_never(cls)


def _classes_mask(classes: tuple[CardClass | Card, ...], rs: Ruleset, deck_mask: int) -> int:
    mask = 0
    for cls in classes:
        mask |= _class_mask(cls, rs, deck_mask)
    return mask


def card_mask(classes: tuple[CardClass | Card, ...], rs: Ruleset) -> int:
    """The cards of ``rs``'s deck that ``classes`` names (``a king or 9D``), as a mask."""
    return _classes_mask(classes, rs, sum_masks(rank_mask(r) for r in rs.ranks.order))


def _announcements(
    rs: Ruleset, deck_mask: int
) -> tuple[int, dict[int, tuple[str, ...]], dict[int, Forfeit]]:
    words: dict[int, list[str]] = {}
    forfeit: dict[int, Forfeit] = {}
    mask = 0
    ann: Announcement
    for ann in rs.announcements:
        m = _classes_mask(ann.cards, rs, deck_mask)
        mask |= m
        for i in range(PACK_SIZE * packs_of(rs)):
            if m >> i & 1:
                words.setdefault(i, []).append(ann.word)
                # a card covered by two announcements forfeits the heavier penalty
                old = forfeit.get(i, Forfeit.NOTHING)
                if _FORFEIT_WEIGHT[ann.forfeit] >= _FORFEIT_WEIGHT[old]:
                    forfeit[i] = ann.forfeit
    return mask, {k: tuple(v) for k, v in words.items()}, forfeit
