"""``wild card: 7D, ..., and it is a stop card``: a wild card that is also a stop (issue 22
item 2, the 1760 chief hoc, wiki-ja ¶3).

The mark round-trips through the writer and the canonical form, leaves every unmarked
ruleset's canonical form alone, is told in the prose (EN and FR) and the comparison, counts
as a stop card for the engine and for the checks, and the old contradiction (the wild card
listed in ``stop cards``) stays, with a hint to the new form.
"""

from __future__ import annotations

import json
from pathlib import Path

from nainjaune_rules import load_ruleset
from nainjaune_rules.core.cards import parse_card
from nainjaune_rules.describe.comparison import compare
from nainjaune_rules.describe.prose import describe
from nainjaune_rules.describe.prose_fr import describe_fr
from nainjaune_rules.engine.table_build import compile_tables
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.canonical import from_data, to_json
from nainjaune_rules.model.compiler import check_file
from nainjaune_rules.model.writer import write_ruleset

BASE = """\
ruleset wild-stop-test
title "Wild stop"
period "test"
extends fr-sheet
"""
MARKED = 'wild card: 9D, at any time, out of turn it ends the run, and it is a stop card'


def _check(tmp_path: Path, *lines: str) -> tuple[r.Ruleset | None, list[str]]:
    path = tmp_path / "wild.nj"
    path.write_text(BASE + "\n".join(lines) + "\n", encoding="utf-8")
    ruleset, diagnostics = check_file(str(path))
    return ruleset, [str(d) for d in diagnostics]


def _compile(tmp_path: Path, *lines: str) -> r.Ruleset:
    ruleset, diagnostics = _check(tmp_path, *lines)
    assert ruleset is not None and not diagnostics, diagnostics
    return ruleset


def test_the_mark_compiles_round_trips_and_is_a_stop_for_the_engine(tmp_path: Path) -> None:
    ruleset = _compile(tmp_path, MARKED + '  [house "the dwarf stops"]')
    wild = ruleset.wild_card
    assert wild is not None and wild.stop and wild.any_time
    assert wild.out_of_turn is r.WildOutOfTurn.ENDS_RUN
    assert MARKED in write_ruleset(ruleset)
    assert from_data(json.loads(to_json(ruleset))) == ruleset
    card = parse_card("9D")
    assert card is not None and card in ruleset.stop_card_set()
    t = compile_tables(ruleset)
    seven = card.index
    assert t.stop_mask >> seven & 1 and t.relead_mask >> seven & 1
    unmarked = _compile(tmp_path, MARKED.replace(", and it is a stop card", "")
                        + '  [house "x"]')
    assert not compile_tables(unmarked).stop_mask >> seven & 1
    assert '"stop"' not in to_json(unmarked)  # the default is left out: hashes stay


def test_prose_and_comparison_say_it_is_a_stop(tmp_path: Path) -> None:
    wild = _compile(tmp_path, MARKED + '  [house "x"]').wild_card
    assert wild is not None
    en, fr = describe(wild), describe_fr(wild)
    assert "It is also a stop card" in en.sentence and en.short.endswith(", a stop card")
    assert "aussi une carte d'arrêt" in fr.sentence and fr.short.endswith(", carte d'arrêt")
    plain = _compile(tmp_path, 'wild card: 7D, out of turn it ends the run  [house "x"]')
    assert "stop card" not in describe(plain.wild_card).sentence  # type: ignore[arg-type]
    rows = compare([load_ruleset("1760"), load_ruleset("1760", {"chief-hoc": "not-a-stop"})])
    cells = [row for row in rows if any("a stop card" in c.text for c in row.cells)]
    assert cells, "the comparison shows the mark"


def test_listing_the_wild_card_in_stop_cards_is_still_a_contradiction(tmp_path: Path) -> None:
    _rs, diagnostics = _check(tmp_path, 'wild card: 9D, out of turn it ends the run  [house "x"]',
                              'stop cards: 9D  [house "z"]')
    said = "\n".join(diagnostics)
    assert "error[contradiction]" in said and "9D is both the wild card and a stop card" in said
    assert "and it is a stop card" in said  # the hint names the new form


def test_marked_and_listed_is_said_twice(tmp_path: Path) -> None:
    _rs, diagnostics = _check(tmp_path, 'wild card: 9D, out of turn it ends the run, and it is '
                              'a stop card  [house "x"]',
                              'stop cards: 9D  [house "z"]')
    said = "\n".join(diagnostics)
    assert "error[duplicate-clause]" in said and "marked a stop card twice" in said
    assert "both the wild card and a stop card" not in said


def test_a_stop_cannot_continue_the_run(tmp_path: Path) -> None:
    _rs, diagnostics = _check(tmp_path, 'wild card: 7D, out of turn it continues the run, and it '
                              'is a stop card  [house "x"]')
    said = "\n".join(diagnostics)
    assert "error[contradiction]" in said and "cannot continue the run" in said


def test_announcing_stop_cards_needs_no_stop_cards_clause_when_the_wild_card_is_one(
        tmp_path: Path) -> None:
    lines = ('announce stop cards as "Stop!", forgetting forfeits nothing  [house "z"]',)
    _rs, diagnostics = _check(tmp_path, 'wild card: 9D, out of turn it ends the run  [house "x"]',
                              *lines)
    assert any("names stop cards, but the ruleset has none" in d for d in diagnostics)
    _compile(tmp_path, MARKED + '  [house "x"]', *lines)


def test_1760_uses_the_mark_and_keeps_the_old_reading_as_a_choice() -> None:
    default = load_ruleset("1760").wild_card
    old = load_ruleset("1760", {"chief-hoc": "not-a-stop"}).wild_card
    assert default is not None and default.stop and default.any_time
    assert old is not None and not old.stop and old.any_time
    assert any(str(c) == "wiki-ja ¶3" for c in default.origin.citations)
