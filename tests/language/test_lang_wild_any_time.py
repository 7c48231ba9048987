"""``wild card: 7D, at any time, out of turn it ...``: the chief hoc out of turn.

The old spelling stays valid and means "on its holder's turn only"; the new one
round-trips through the writer and the canonical form, and the prose says both
when it may be laid and that it still takes its own box.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nainjaune_rules.describe.prose import describe
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.canonical import from_data, to_json
from nainjaune_rules.model.compiler import check_file
from nainjaune_rules.model.writer import write_ruleset

BASE = """\
ruleset wild-test
title "Wild"
period "test"
extends fr-sheet
"""


def _compile(tmp_path: Path, line: str) -> r.Ruleset:
    path = tmp_path / "wild.nj"
    path.write_text(BASE + line + "\n", encoding="utf-8")
    ruleset, diagnostics = check_file(str(path))
    assert ruleset is not None, [str(d) for d in diagnostics]
    return ruleset


@pytest.mark.parametrize(("line", "any_time", "effect"), [
    ('wild card: 7D, out of turn it ends the run  [house "own turn"]', False,
     r.WildOutOfTurn.ENDS_RUN),
    ('wild card: 7D, at any time, out of turn it ends the run  [house "any"]', True,
     r.WildOutOfTurn.ENDS_RUN),
    ('wild card: 7D, at any time, out of turn it continues the run  [house "any"]', True,
     r.WildOutOfTurn.CONTINUES_RUN),
])
def test_spellings_compile_and_round_trip(tmp_path: Path, line: str, any_time: bool,
                                          effect: r.WildOutOfTurn) -> None:
    ruleset = _compile(tmp_path, line)
    assert ruleset.wild_card is not None
    assert ruleset.wild_card.any_time is any_time
    assert ruleset.wild_card.out_of_turn is effect
    shown = write_ruleset(ruleset)
    assert line.split("  [")[0] in shown
    assert from_data(json.loads(to_json(ruleset))) == ruleset


def test_prose_says_when_and_that_it_keeps_its_own_box(tmp_path: Path) -> None:
    any_time = _compile(tmp_path, 'wild card: 7D, at any time, out of turn it ends the run'
                                  '  [house "x"]').wild_card
    own_turn = _compile(tmp_path, 'wild card: 7D, out of turn it ends the run  [house "x"]'
                        ).wild_card
    assert any_time is not None and own_turn is not None
    said = describe(any_time)
    assert "out of turn, right after any other player lays a card of a run" in said.sentence
    assert "its own box" in said.sentence
    assert said.short == "7♦, at any time, out of turn ends the run"
    assert "out of turn, right after" not in describe(own_turn).sentence
    assert "its own box" in describe(own_turn).sentence
