"""``tokens: 3 worth 5, ...``, ``change: ...`` and ``... per card in tokens of 1``.

Each compiles, prints back through the writer, survives the canonical form, and
the checker refuses what the engine could not play (no token of 1, no change
rule, a payment in a kind it cannot require).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from nainjaune_rules import load_ruleset
from nainjaune_rules.describe.prose import describe
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.canonical import from_data, to_json
from nainjaune_rules.model.compiler import check_file
from nainjaune_rules.model.writer import write_ruleset

BASE = """\
ruleset tokens-test
title "Tokens"
period "test"
extends fr-sheet
"""


def _check(tmp_path: Path, body: str) -> tuple[r.Ruleset | None, list[str]]:
    path = tmp_path / "tokens.nj"
    path.write_text(BASE + body, encoding="utf-8")
    ruleset, diagnostics = check_file(str(path))
    return ruleset, [d.kind for d in diagnostics]


def test_tokens_by_value_compile_and_round_trip(tmp_path: Path) -> None:
    ruleset, kinds = _check(tmp_path, (
        'tokens: 7 worth 1, 3 worth 5, 3 worth 2   [house "our box"]\n'
        'change: from the bank                     [house "the box has spares"]\n'
        'when the deal ends: each loser pays the winner 1 per card in tokens of 1 '
        '[house "cz"]\n'))
    assert ruleset is not None, kinds
    assert ruleset.starting_tokens.count == 7 + 15 + 6
    assert ruleset.starting_tokens.denominations == ((5, 3), (2, 3), (1, 7))
    assert ruleset.change is not None and ruleset.change.rule is r.ChangeRule.FROM_THE_BANK
    shown = write_ruleset(ruleset)
    assert "tokens: 3 worth 5, 3 worth 2, 7 worth 1" in shown
    assert "change: from the bank" in shown
    assert "each loser pays the winner 1 per card in tokens of 1" in shown
    assert from_data(json.loads(to_json(ruleset))) == ruleset
    (tmp_path / "shown.nj").write_text(shown, encoding="utf-8")
    again, _diagnostics = check_file(str(tmp_path / "shown.nj"))
    assert again == dataclasses.replace(ruleset, parent=None)  # show writes every clause


@pytest.mark.parametrize("name", ["cz-box", "wiki-modern"])
def test_the_builtins_that_list_their_tokens(name: str) -> None:
    ruleset = load_ruleset(name)
    kinds = dict(ruleset.starting_tokens.denominations)
    assert sum(v * n for v, n in kinds.items()) == ruleset.starting_tokens.count
    assert kinds == ({5: 3, 4: 3, 3: 3, 2: 3, 1: 7} if name == "cz-box"   # cz-box ¶5-10
                     else {10: 5, 5: 10, 1: 20})                       # wiki-ja ¶19
    assert ruleset.change is not None


@pytest.mark.parametrize(("body", "kind"), [
    ('tokens: 3 worth 5, 3 worth 2   [house "x"]\nchange: none   [house "x"]\n',
     "no-unit-token"),
    ('tokens: 3 worth 5, 7 worth 1   [house "x"]\n', "missing-clause"),
    ('tokens: 3 worth 5, 7 worth 1, 2 worth 5   [house "x"]\nchange: none   [house "x"]\n',
     "duplicate-clause"),
    ('tokens: 0 worth 5, 7 worth 1   [house "x"]\nchange: none   [house "x"]\n',
     "not-positive"),
    ('tokens: 3 worth 5, 7 worth 1   [house "x"]\nchange: none   [house "x"]\n'
     'when the deal ends: each loser pays the winner 1 per card in tokens of 5 [house "x"]\n',
     "unpayable-tokens"),
])
def test_tokens_the_engine_could_not_play_are_refused(tmp_path: Path, body: str,
                                                      kind: str) -> None:
    ruleset, kinds = _check(tmp_path, body)
    assert ruleset is None
    assert kind in kinds


def test_change_without_kinds_of_token_warns(tmp_path: Path) -> None:
    ruleset, kinds = _check(tmp_path, 'change: between players   [house "x"]\n')
    assert ruleset is not None
    assert "change-never-made" in kinds


def test_starting_tokens_still_means_tokens_of_1() -> None:
    ruleset = load_ruleset("fr-sheet")
    assert ruleset.starting_tokens.denominations == () and ruleset.change is None
    assert "starting tokens: 50" in write_ruleset(ruleset)


def test_prose_of_tokens_and_change() -> None:
    ruleset = load_ruleset("cz-box")
    said = describe(ruleset.starting_tokens)
    assert said.sentence == ("Each player starts with tokens worth 49 in all: 3 worth 5, "
                             "3 worth 4, 3 worth 3, 3 worth 2, 7 worth 1. Every payment is "
                             "made exactly with these tokens.")
    assert ruleset.change is not None
    assert "with the player they pay" in describe(ruleset.change).sentence
    pays = [e for e in ruleset.effects if e.action.in_tokens_of]
    assert "paid in tokens worth 1" in describe(pays[0]).sentence
