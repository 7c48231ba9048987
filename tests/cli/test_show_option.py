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


POPE = '''ruleset pope
title "The pope at will"
period "house"
extends fr-sheet

stop cards: 7D 9D                       [house "the dwarf and the pope stop a run"]
option pope "when the pope 9D is played":   [house "two tables, two habits"]
    at-will (default):
        stop cards: 7D                  [house "the pope is played at will, never a stop"]
    stop: nothing changes
'''


def test_show_says_what_the_choice_in_force_plays_under_the_clause_it_replaces(
        tmp_path: Path) -> None:
    # issue 24: show printed '# Options in force: pope = at-will' above the base clause
    # 'stop cards: 7D 9D' alone, while the engine plays the option's 'stop cards: 7D'
    path = tmp_path / "pope.nj"
    path.write_text(POPE, encoding="utf-8")
    lines = _show(str(path)).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("stop cards: 7D 9D"))
    assert lines[at + 1] == ("# in play, from option pope = at-will (the default), "
                             "which replaces it with:")
    assert lines[at + 2].startswith("#   stop cards: 7D ")
    assert "'# in play, from option …'" in "\n".join(lines[:4])
    # the comments change nothing: the text compiles to the rules it was shown from
    shown = tmp_path / "shown.nj"
    shown.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert _played(nainjaune_rules.load_ruleset(str(shown))) == _played(
        nainjaune_rules.load_ruleset(str(path)))
    # the other choice in force: nothing laid over the base, nothing said
    other = _show(str(path), "--option", "pope=stop")
    assert "# in play, from option pope" not in other


def test_show_says_what_a_choice_in_force_adds() -> None:
    lines = _show("1760").splitlines()
    at = lines.index("# in play, from option chief-hoc = ends-run (the default), which adds:")
    assert lines[at + 1].startswith("#   wild card: 7D, at any time, out of turn it ends the run")
    # a choice that plays what the base clause says is not repeated
    assert not any("option ruin" in line and "in play" in line for line in lines)
