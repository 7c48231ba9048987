"""``after the top rank`` against ``after a king`` when the king is not the top rank.

With an ace-high deck, ``after a king`` still ends every run on the king, so the
ace can never continue a run: the checker warns and suggests ``after the top
rank``, which the writer prints back and the canonical form keeps.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nainjaune_rules.model.canonical import from_data, to_json
from nainjaune_rules.model.compiler import check_file
from nainjaune_rules.model.writer import write_ruleset

ACE_HIGH = """\
ruleset piquet
title "Piquet deck"
period "test"
extends fr-sheet
players: 4                                  [house "four"]
ranks: 7 8 9 10 J Q K A                     [house "ace high"]
rank names: 7 8 9 10 valet dame roi as      [house "names"]
deal:                                       [house "32 cards"]
    4 players: 7 cards each, talon 4
"""


def test_after_a_king_with_an_ace_above_it_warns(tmp_path: Path) -> None:
    path = tmp_path / "piquet.nj"
    path.write_text(ACE_HIGH, encoding="utf-8")
    _ruleset, diagnostics = check_file(str(path))
    warnings = [d for d in diagnostics if d.kind == "rank-never-continues"]
    assert warnings, [str(d) for d in diagnostics]
    assert "(A) can never continue" in warnings[0].message
    assert "after the top rank" in warnings[0].hint


def test_after_the_top_rank_does_not_warn_and_round_trips(tmp_path: Path) -> None:
    text = ACE_HIGH + 'after the top rank: the player leads a new run   [house "the ace ends it"]\n'
    path = tmp_path / "piquet.nj"
    path.write_text(text, encoding="utf-8")
    ruleset, diagnostics = check_file(str(path))
    assert ruleset is not None
    assert not [d for d in diagnostics if d.kind.startswith("rank-never")]
    assert ruleset.after_king.top_rank
    assert "after the top rank: the player leads a new run" in write_ruleset(ruleset)
    assert from_data(json.loads(to_json(ruleset))) == ruleset


@pytest.mark.parametrize("name", ["fr-sheet", "1760", "cz-box"])
def test_king_high_builtins_do_not_warn(name: str) -> None:
    _ruleset, diagnostics = check_file(name)
    assert not [d for d in diagnostics if d.kind.startswith("rank-never")]
