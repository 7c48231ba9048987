"""The registry of whole-ruleset checks: one broken clause hides only the checks that read it.

Each check declares the ruleset fields it reads; a clause written with errors (or
missing) leaves its field broken, and only the checks reading a broken field are
skipped.  The declarations are tested by running every check on rulesets that
record which fields are read.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from language_support import MINIMAL, compile_path, compile_text, invalid_fixtures, run_cli

from nainjaune_rules.core.diagnostics import RulesetError
from nainjaune_rules.model import (
    board_checks,
    card_checks,
    checks,
    deal_checks,
    deck_checks,
    effect_checks,
    play_checks,
    stake_checks,
)
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.compiler import compile_ruleset
from nainjaune_rules.model.resolve import with_options
from nainjaune_rules.syntax.resources import builtin_rulesets

WILD_IS_STOP = ('stop cards: QS JC 7D                   [inferred "r"]\n'
                'wild card: 7D, out of turn it ends the run  [inferred "r"]\n')
#: the contradiction between the two lines above, on the wild card's line (below line 4)
CONTRADICTION_AT = ("contradiction", 6)


def _with(text: str, *, after_evidence: str = "", replace: tuple[str, str] = ("", "")) -> str:
    if replace[0]:
        assert replace[0] in text
        text = text.replace(replace[0], replace[1], 1)
    return text.replace("evidence reconstructed\n", "evidence reconstructed\n" + after_evidence)


def _found(text: str, folder: Path, name: str = "ruleset.nj") -> list[tuple[str, int]]:
    with pytest.raises(RulesetError) as caught:
        compile_text(text, folder, name)
    return [(d.kind, d.line) for d in caught.value.diagnostics if d.file.endswith(name)]


# ---- one clause error no longer hides the checks that do not read it ------------------

def test_a_bad_deal_row_and_a_contradiction_are_both_reported(tmp_path: Path) -> None:
    # The deal table, a required clause, fails on its row; the check of the stop and
    # wild cards does not read it, so it still runs.  No check of the deal runs: a
    # broken table must not also be "missing" a count or contradict the players.
    text = _with(MINIMAL, after_evidence=WILD_IS_STOP,
                 replace=("    3 players: 15 cards each", "    0 players: 15 cards each"))
    assert _found(text, tmp_path) == [CONTRADICTION_AT, ("not-positive", 11)]


def test_a_missing_clause_and_a_contradiction_are_both_reported(tmp_path: Path) -> None:
    text = _with(MINIMAL, after_evidence=WILD_IS_STOP,
                 replace=("winner: most tokens                              [inferred \"r\"]\n",
                          ""))
    assert _found(text, tmp_path) == [("missing-clause", 1), CONTRADICTION_AT]


def test_a_check_reading_the_broken_clause_is_skipped(tmp_path: Path) -> None:
    # Points written with a 0: the effect paying points must not also say that the
    # ruleset never says what cards count (the echo of the broken clause).
    effect = 'when the deal ends: each loser pays the winner their points  [inferred "r"]\n'
    text = _with(MINIMAL, after_evidence=(
        'points: court cards 0, aces 1, others face value  [inferred "r"]\n' + effect))
    assert _found(text, tmp_path) == [("not-positive", 5)]
    # the same effect with no points clause at all is the real error
    assert _found(_with(MINIMAL, after_evidence=effect), tmp_path) == [("undefined", 5)]


def test_the_checks_of_a_broken_clause_run_once_it_is_fixed(tmp_path: Path) -> None:
    # the deal row fixed, the deal's own checks run again (here: a row for 5 players)
    text = _with(MINIMAL, after_evidence=WILD_IS_STOP,
                 replace=("    3 players: 15 cards each", "    5 players: 9 cards each"))
    assert _found(text, tmp_path) == [CONTRADICTION_AT, ("deal-missing-count", 8),
                                      ("contradiction", 11)]


def test_a_clause_broken_in_a_choice_skips_its_checks_and_hides_no_missing_clause(
        tmp_path: Path) -> None:
    # starting tokens only in an option's choice, and broken there: the base still has
    # no starting tokens (missing), and no check reading them runs (the stakes' check)
    text = MINIMAL.replace("starting tokens: 50                              [inferred \"r\"]\n",
                           "")
    text += ('option bank "the bank":  [inferred "r"]\n'
             '    poor (default):\n'
             '        starting tokens: 0  [inferred "r"]\n'
             '    rich: nothing changes\n')
    assert _found(text, tmp_path) == [("missing-clause", 1), ("not-positive", 30)]


def test_a_clause_broken_in_the_parent_is_not_missing_in_the_child(tmp_path: Path) -> None:
    parent = MINIMAL.replace("    3 players: 15 cards each", "    0 players: 15 cards each")
    (tmp_path / "parent.nj").write_text(parent, encoding="utf-8")
    child = ('ruleset kid\nextends "parent.nj"\n' + WILD_IS_STOP)
    with pytest.raises(RulesetError) as caught:
        compile_text(child, tmp_path, "child.nj")
    found = [(Path(d.file).name, d.kind, d.line) for d in caught.value.diagnostics]
    assert found == [("parent.nj", "not-positive", 9), ("child.nj", "contradiction", 4)]


def test_a_child_stating_the_broken_clause_afresh_is_checked(tmp_path: Path) -> None:
    parent = MINIMAL.replace("    3 players: 15 cards each", "    0 players: 15 cards each")
    (tmp_path / "parent.nj").write_text(parent, encoding="utf-8")
    child = ('ruleset kid\nextends "parent.nj"\n'
             'deal:                                            [inferred "r"]\n'
             '    4 players: 12 cards each\n')
    with pytest.raises(RulesetError) as caught:
        compile_text(child, tmp_path, "child.nj")
    found = [(Path(d.file).name, d.kind, d.line) for d in caught.value.diagnostics]
    # the deal is whole again: its check finds 3 players without a row
    # (said at the players clause, which is the parent's, at its line 6)
    assert found == [("parent.nj", "deal-missing-count", 6), ("parent.nj", "not-positive", 9)]


def test_diagnostics_come_in_reading_order_and_so_does_check(tmp_path: Path) -> None:
    # found in the other order (the clause first, the whole-ruleset check after)
    text = _with(MINIMAL, after_evidence=WILD_IS_STOP,
                 replace=("starting tokens: 50 ", "starting tokens: 0  "))
    assert _found(text, tmp_path) == [CONTRADICTION_AT, ("not-positive", 22)]
    path = tmp_path / "ruleset.nj"
    result = run_cli("check", str(path), cwd=tmp_path)
    assert result.returncode == 1
    heads = [line for line in result.stdout.splitlines() + result.stderr.splitlines()
             if "error[" in line]
    assert [h.split(": ")[1] for h in heads] == ["error[contradiction]", "error[not-positive]"]
    assert heads[0].startswith("ruleset.nj:6:1: ") and heads[1].startswith("ruleset.nj:22:")


# ---- the registry ------------------------------------------------------------------------

#: the rooms the checks live in (model/*_checks.py), besides the registry itself
ROOMS = (board_checks, card_checks, deal_checks, deck_checks, effect_checks, play_checks,
         stake_checks)


def test_every_check_function_is_registered_once() -> None:
    defined = {name for module in (checks, *ROOMS) for name in vars(module)
               if name.startswith("_check_")}
    registered = [c.run.__name__ for c in checks.CHECKS]
    assert sorted(registered) == sorted(defined)


class _Recording:
    """A ruleset that notes which of its fields a check reads."""

    def __init__(self, ruleset: r.Ruleset):
        self._ruleset = ruleset
        self.read: set[str] = set()

    def __getattr__(self, name: str) -> Any:
        self.read.add(name)
        return getattr(self._ruleset, name)


def _rulesets() -> list[r.Ruleset]:
    found: list[r.Ruleset] = []
    for name in builtin_rulesets():
        ruleset = compile_ruleset(name)
        found.append(ruleset)
        found += [with_options(ruleset, {option.name: choice.name})  # each choice
                  for option in ruleset.options for choice in option.choices]
    for path in invalid_fixtures():
        ruleset = compile_path(path)[0]  # the fixtures that only warn
        if ruleset is not None:
            found.append(ruleset)
    return found


def test_each_check_reads_only_the_fields_it_declares() -> None:
    fields = {f.name for f in dataclasses.fields(r.Ruleset)}
    read_any: set[str] = set()
    rulesets = _rulesets()
    assert len(rulesets) > 20
    for check in checks.CHECKS:
        assert check.reads <= fields, check.name
        seen: set[str] = set()
        for ruleset in rulesets:
            recording = _Recording(ruleset)
            check.run(recording, lambda *a, **k: None)  # type: ignore[arg-type]
            seen |= recording.read
        assert seen <= check.reads, (check.name, sorted(seen - check.reads))
        read_any |= seen
    # the recording sees reads at all (a check that reads nothing checks nothing)
    assert {"deal_table", "effects", "stop_cards", "wild_card", "board"} <= read_any


def test_check_ruleset_skips_exactly_the_checks_reading_a_broken_field(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ruleset = compile_ruleset("1760")
    original = checks.CHECKS
    ran: list[str] = []
    monkeypatch.setattr(checks, "CHECKS", tuple(
        dataclasses.replace(c, run=lambda rs, rep, n=c.name: ran.append(n)) for c in original))
    for field in ("deal_table", "effects", "stop_cards", "points", "players"):
        ran.clear()
        checks.check_ruleset(ruleset, lambda *a: None, {field})
        assert ran == [c.name for c in original if field not in c.reads], field
        assert ran and len(ran) < len(original), field
    ran.clear()
    checks.check_ruleset(ruleset, lambda *a: None)
    assert ran == [c.name for c in original]
