"""Checks on a whole ruleset: what no single clause can see alone.

The deal must fit in the deck and cover every player count; effects must
name things the ruleset defines and fire on events where they make sense;
clauses must not contradict each other.  Legal but suspicious things (an
empty talon, a box whose card is never dealt) are warnings.

Every check is registered in :data:`CHECKS` with the ruleset fields it reads.
A clause written with errors (or missing) leaves its field *broken*, and
:func:`check_ruleset` skips only the checks that read a broken field: the others
still report, and none reports a problem that is only the broken clause's echo.

This module holds the registry only; the checks live by what they read:
:mod:`.deal_checks` (deal table, hands, talon), :mod:`.card_checks` (cards and ranks
named), :mod:`.effect_checks` (effects, announcements), :mod:`.stake_checks` (tokens,
stakes), :mod:`.board_checks` (pools, trumps, turn-up, no board), :mod:`.play_checks`
(turn, run end, game end) and :mod:`.deck_checks` (cards taken out).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection
from dataclasses import dataclass

from nainjaune_rules.core.diagnostic_kinds import Reporter
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.board_checks import (
    _check_empty_board,
    _check_pools,
    _check_trumps_named,
    _check_turn_up_bonus,
)
from nainjaune_rules.model.card_checks import (
    _check_card_classes,
    _check_cards_in_deck,
    _check_rank_at_once,
    _check_rank_names,
    _check_wild_stop,
)
from nainjaune_rules.model.deal_checks import (
    _check_all_cards,
    _check_deal,
    _check_extra_hand,
    _check_talon_with_all_cards,
)
from nainjaune_rules.model.deck_checks import check_deck
from nainjaune_rules.model.effect_checks import (
    _check_announcements,
    _check_boxes_taken,
    _check_doubled_payments,
    _check_effects,
    _check_exemptions,
    _check_going_out,
    _check_opera_named,
    _check_points_named,
)
from nainjaune_rules.model.play_checks import (
    _check_game_end,
    _check_reachable_length,
    _check_run_end,
    _check_turn,
)
from nainjaune_rules.model.stake_checks import (
    _check_payments_in_tokens,
    _check_stakes,
    _check_token_total,
    _check_tokens,
)

Report = Reporter


@dataclass(frozen=True)
class Check:
    """One whole-ruleset check and the fields of :class:`~r.Ruleset` it reads."""

    run: Callable[[r.Ruleset, Report], None]
    reads: frozenset[str]

    @property
    def name(self) -> str:
        return self.run.__name__.removeprefix("_check_")


def check_ruleset(ruleset: r.Ruleset, report: Report, broken: Collection[str] = ()) -> None:
    """Report every whole-ruleset problem of ``ruleset`` through ``report``.

    ``broken`` names the fields whose clause had errors or is missing (their value
    in ``ruleset`` is a stand-in): the checks that read one of them are skipped.
    """
    for check in CHECKS:
        if check.reads.isdisjoint(broken):
            check.run(ruleset, report)


_FIELDS = frozenset(f.name for f in dataclasses.fields(r.Ruleset))


def _check_deck(rs: r.Ruleset, report: Report) -> None:
    """Deck composition (#22): the cards taken out (:mod:`.deck_checks`)."""
    check_deck(rs, report)


def _check(run: Callable[[r.Ruleset, Report], None], *reads: str) -> Check:
    unknown = set(reads) - _FIELDS
    assert not unknown, f"{run.__name__} reads no field {sorted(unknown)}"
    return Check(run, frozenset(reads))


#: Every whole-ruleset check, in the order it reports, with the fields it reads
#: (``test_lang_checks_registry`` runs each on a ruleset that records what is read).
CHECKS: tuple[Check, ...] = (
    _check(_check_deal, "players", "deal_table", "ranks", "dealing", "deck"),
    _check(_check_rank_names, "rank_names", "ranks"),
    _check(_check_cards_in_deck, "ranks", "board", "stop_cards", "wild_card"),
    _check(_check_wild_stop, "stop_cards", "wild_card"),  # issue 22 item 2
    _check(_check_rank_at_once, "rank_at_once", "runs"),  # issue 22 item 8
    _check(_check_card_classes, "announcements", "effects", "stop_cards", "wild_card",
           "board"),
    _check(_check_effects, "effects"),
    _check(_check_boxes_taken, "effects", "board", "stop_cards", "wild_card"),
    _check(_check_doubled_payments, "effects"),
    _check(_check_points_named, "effects", "points"),
    _check(_check_opera_named, "effects", "opera"),
    _check(_check_announcements, "announcements"),
    _check(_check_game_end, "game_end", "players"),
    _check(_check_stakes, "stakes", "board", "starting_tokens", "pools"),
    _check(_check_pools, "pools", "ranks"),  # issue #22, item 3
    _check(_check_trumps_named, "trumps", "pools", "turn_up_box",  # issue #22, item 6
           "turn_up_bonus"),
    _check(_check_turn_up_bonus, "turn_up_bonus", "pools", "ranks"),
    _check(_check_empty_board, "board", "announcements", "effects", "pools", "stakes"),
    # payments by outcome (issue #22)
    _check(_check_exemptions, "effects", "ranks"),
    _check(_check_going_out, "effects", "ranks"),
    _check(_check_reachable_length, "game_end", "cannot_pay", "board", "stakes", "players",
           "starting_tokens"),
    _check(_check_run_end, "after_king", "ranks"),
    _check(_check_tokens, "starting_tokens", "change"),
    _check(_check_token_total, "starting_tokens", "players"),
    _check(_check_payments_in_tokens, "effects"),
    _check(_check_turn, "turn", "play_direction", "players"),
    # issue 22, part 4 (h22-hands)
    _check(_check_all_cards, "deal_table", "dealing", "ranks", "deck", "players"),
    _check(_check_extra_hand, "deal_table", "extra_hand"),
    _check(_check_talon_with_all_cards, "deal_table", "talon"),
    # deck composition (#22)
    _check(_check_deck, "deck", "ranks", "board", "stop_cards", "wild_card", "announcements",
           "effects"),
)
