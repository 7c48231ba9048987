"""What valid rulesets mean: small texts compiled and their rule objects checked by hand."""

from __future__ import annotations

from pathlib import Path

from language_support import MINIMAL, compile_path, compile_text

from nainjaune_rules.model import rules as r

_END = "game ends: when a player cannot stake"


def test_a_count_for_n_players_wins_over_any_count(tmp_path: Path) -> None:
    text = MINIMAL.replace(_END, "game ends: after 10 deals, 12 deals with 3 players")
    (condition,) = compile_text(text, tmp_path).game_end.conditions
    assert condition.deals_for(3) == 12
    assert condition.deals_for(4) == 10


def test_a_comma_after_a_number_of_deals_may_start_the_next_condition(tmp_path: Path) -> None:
    # a comma continues the numbers of deals, or starts another condition: both in one line
    # (the grammar once refused the second reading after "after N deals")
    text = MINIMAL.replace(_END, "game ends: after 10 deals, 12 deals with 3 players, "
                                 "when a player has no tokens")
    after, no_tokens = compile_text(text, tmp_path).game_end.conditions
    assert (after.kind, after.deals_for(3), after.deals_for(4)) == (r.EndKind.AFTER_DEALS, 12, 10)
    assert no_tokens.kind is r.EndKind.NO_TOKENS and no_tokens.deals == ()


def test_the_minimal_ruleset_means_what_it_says(tmp_path: Path) -> None:
    rs = compile_text(MINIMAL, tmp_path)
    assert rs.players.counts == (3, 4)
    assert [(row.players, row.cards_each, row.talon_size(52)) for row in rs.deal_table.rows] == \
        [(3, 15, 7), (4, 12, 4)]
    assert [(b.card.code, b.stake, b.name) for b in rs.board.boxes] == \
        [("7D", 5, "the yellow dwarf")]
    assert rs.dealing.packet == 1 and rs.dealing.direction is r.Direction.CLOCKWISE
    assert rs.first_dealer.rule is r.FirstDealerRule.BY_LOT
    assert rs.starting_tokens.count == 50
    assert rs.points is None and rs.opera is None and rs.effects == ()
    assert rs.players.origin == r.Origin(r.OriginKind.INFERRED, (), "r")


def test_an_included_file_lends_its_sources(tmp_path: Path) -> None:
    text = MINIMAL + 'include "sources.nj"\nstop cards: QS 10D  [fr-sheet ¶3; cz-box §2-4]\n'
    rs = compile_text(text, tmp_path)
    assert rs.stop_cards is not None
    assert [c.code for c in rs.stop_cards.cards] == ["QS", "10D"]
    assert rs.stop_cards.origin.citations == (r.Citation("fr-sheet", "3"),
                                              r.Citation("cz-box", "2-4"))
    assert "fr-sheet" in {s.id for s in rs.sources}


def test_card_codes_accept_symbols_and_lower_case(tmp_path: Path) -> None:
    text = MINIMAL + 'stop cards: q♠ 10d JC  [inferred "r"]\n'
    rs = compile_text(text, tmp_path)
    assert rs.stop_cards is not None
    assert [c.code for c in rs.stop_cards.cards] == ["QS", "10D", "JC"]


_CHILD = """\
ruleset child
title "A child of fr-sheet that pays per card"
period "now"
extends fr-sheet
when the deal ends: each loser pays the winner 3 per card   [house "three per card"]
"""


def test_a_childs_own_clause_is_not_silently_overridden(tmp_path: Path) -> None:
    (tmp_path / "child.nj").write_text(_CHILD, encoding="utf-8")
    ruleset, diagnostics = compile_path(tmp_path / "child.nj")
    assert ruleset is not None
    pays = [e.action for e in ruleset.effects if e.action.kind is r.ActionKind.LOSERS_PAY]
    assert pays == [r.Action(r.ActionKind.LOSERS_PAY, amount=3, basis=r.Basis.CARDS)]
    # the parent's option only set who pays: nothing is left to choose, it goes, and says so
    assert ruleset.options == () and ruleset.chosen == ()
    assert [(d.severity.value, d.kind, d.line, d.column) for d in diagnostics] == \
        [("warning", "overrides-option", 5, 1)]
