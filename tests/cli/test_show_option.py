"""``nainjaune show NAME --option X=Y`` prints the ruleset with that choice folded in.

The help says so: the option's chosen clauses are printed as the ruleset's own,
the option itself is gone, and the text compiles (with no option) to the rules
that ``--option X=Y`` plays.  Options not named keep their choices.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import nainjaune_rules
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.resolve import fold_options

#: every fields but the options themselves: what the table plays
PLAYED = [f for f in r.Ruleset.__dataclass_fields__ if f not in (
    "options", "chosen", "overridden", "file", "parent")]


def _show(*args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "nainjaune_rules", "show", *args],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _played(ruleset: r.Ruleset) -> dict[str, object]:
    return {name: getattr(ruleset, name) for name in PLAYED}


def test_show_with_an_option_prints_the_chosen_clause_and_not_the_option(tmp_path: Path) -> None:
    text = _show("1902", "--option", "payment=points")
    lines = [line.split("[")[0].strip() for line in text.splitlines()]
    assert "when the deal ends: each loser pays the winner their points" in lines
    assert "when the deal ends: each loser pays the winner 1 per card" not in lines
    assert not any(line.startswith("option payment") for line in lines)
    assert "payment = points" in text.splitlines()[1]  # the comment says what was folded
    # the other options stay, with their defaults
    assert any(line.startswith("option ruin") for line in lines)
    path = tmp_path / "shown.nj"
    path.write_text(text, encoding="utf-8")
    again = nainjaune_rules.load_ruleset(str(path))
    assert _played(again) == _played(nainjaune_rules.load_ruleset("1902", {"payment": "points"}))
    assert "payment" not in dict(again.chosen)


def test_show_without_an_option_still_lists_every_option() -> None:
    text = _show("1902")
    assert any(line.startswith("option payment") for line in text.splitlines())


def _single_choices() -> list[tuple[str, str, str]]:
    cases = []
    for name in nainjaune_rules.builtin_rulesets():
        for option in nainjaune_rules.load_ruleset(name).options:
            cases += [(name, option.name, choice.name) for choice in option.choices]
    return cases


@pytest.mark.parametrize(("name", "option", "choice"), _single_choices())
def test_folding_any_choice_keeps_the_rules_it_plays(name: str, option: str, choice: str,
                                                     tmp_path: Path) -> None:
    from nainjaune_rules.model.writer import write_ruleset

    chosen = nainjaune_rules.load_ruleset(name, {option: choice})
    folded = fold_options(chosen, [option])
    assert _played(folded) == _played(chosen)
    assert option not in [o.name for o in folded.options]
    path = tmp_path / "folded.nj"
    path.write_text(write_ruleset(folded, {option: choice}), encoding="utf-8")
    assert _played(nainjaune_rules.load_ruleset(str(path))) == _played(chosen)
