"""The historical line of the site comes from the rulesets' ``period`` (issue 9, item 6).

It used to be a tuple of names in the code; now the published variants whose
period names a date are put in the order of their dates, and each step of that
line gets a page of differences.
"""

from __future__ import annotations

import dataclasses

import pytest

import nainjaune_rules
from nainjaune_rules.pages.site import (
    Shelf,
    display_order,
    historical_line,
    period_years,
)


@pytest.mark.parametrize(("period", "years"), [
    ("1760", (1760, 1760)),
    ("1902", (1902, 1902)),
    ("20th century", (1901, 2000)),
    ("21st century", (2001, 2100)),
    ("19th–20th century", (1801, 2000)),
    ("about 1880-1910", (1880, 1910)),
    ("house", None),
    ("now", None),
])
def test_a_period_reads_as_the_years_it_spans(period: str, years: tuple[int, int] | None) -> None:
    assert period_years(period) == years


@pytest.fixture(scope="module")
def builtins() -> dict[str, nainjaune_rules.model.rules.Ruleset]:  # type: ignore[name-defined]
    return {n: nainjaune_rules.load_ruleset(n) for n in nainjaune_rules.builtin_rulesets()}


def test_the_builtin_line_runs_from_1760_by_date(builtins: dict) -> None:  # type: ignore[type-arg]
    line = historical_line(builtins)
    # 1760, then the later game (after 1760: its name breaks the tie), 1902, the sheet
    # (after 1918), the web page (after 1991); cz-box is undated, so on no line (issue 23:
    # the sources give no dates, and a period says so or argues the one it gives)
    assert line == ["1760", "wiki-modern", "1902", "fr-sheet", "fr-web"]
    assert not any(name.startswith(("house/", "cousins/")) for name in line)
    order = display_order(builtins)
    assert order[: len(line)] == line
    # the published variants off the line next, then Nain Jaune's cousins (other games of
    # the family), then the house rulesets
    cousins = sorted(n for n in builtins if n.startswith("cousins/"))
    house = sorted(n for n in builtins if n.startswith("house/"))
    assert order[len(line):] == ["cz-box", *cousins, *house]


def test_the_line_follows_the_data_not_the_names(builtins: dict) -> None:  # type: ignore[type-arg]
    moved = dict(builtins)
    moved["fr-sheet"] = dataclasses.replace(builtins["fr-sheet"], period="1700")
    moved["1760"] = dataclasses.replace(builtins["1760"], period="a house tradition")
    line = historical_line(moved)
    assert line[0] == "fr-sheet" and "1760" not in line
    history, _ = Shelf(moved).pairs()
    assert history[1] == [(a, b) for a, b in zip(line, line[1:], strict=False)]
