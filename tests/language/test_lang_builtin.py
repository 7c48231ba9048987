"""Every built-in ruleset compiles, matches its golden canonical form, and round-trips.

Golden files: ``tests/language/golden/<name>.yaml`` is ``canonical.to_yaml`` of the
built-in ruleset ``<name>`` with its default options.  After an intended change
to a ruleset (or a new ruleset), regenerate them (the run rewrites the files and
fails, see tests/golden_support.py), review the diff, and run again without it::

    NAINJAUNE_REGEN=1 python -m pytest tests/language -k golden
    git diff tests/language/golden
"""

from __future__ import annotations

import concurrent.futures
import itertools
import json
from pathlib import Path

import pytest
from golden_support import HOW, check_golden
from language_support import GOLDEN, compile_path, run_cli

from nainjaune_rules import builtin_rulesets, load_ruleset
from nainjaune_rules.model import canonical
from nainjaune_rules.model.resolve import with_options
from nainjaune_rules.model.rules import Ruleset

NAMES = builtin_rulesets()


def golden_path(name: str) -> Path:
    return GOLDEN / f"{name}.yaml"


def test_the_builtin_rulesets_are_found() -> None:
    # The rules folder held these when this test was written; more may come.
    assert {"fr-sheet", "1760", "1902"} <= set(NAMES)
    assert "sources" not in NAMES  # no ruleset line: not a ruleset


@pytest.mark.parametrize("name", NAMES)
def test_builtin_ruleset_compiles_without_errors(name: str) -> None:
    ruleset, diagnostics = compile_path(name)
    assert ruleset is not None, "\n".join(d.render() for d in diagnostics)
    assert not [d for d in diagnostics if d.is_error]
    assert ruleset.id and ruleset.title


@pytest.mark.parametrize("name", NAMES)
def test_golden_canonical_form(name: str) -> None:
    check_golden(golden_path(name), canonical.to_yaml(load_ruleset(name)))


def test_golden_every_builtin_ruleset_has_a_golden_file() -> None:
    missing = [n for n in NAMES if not golden_path(n).is_file()]
    assert not missing, f"no golden file for {missing}: regenerate with {HOW}"


def test_golden_files_are_all_builtin_rulesets() -> None:
    stale = sorted(p.relative_to(GOLDEN).with_suffix("").as_posix()
                   for p in GOLDEN.rglob("*.yaml"))
    assert [n for n in stale if n not in NAMES] == []


def test_golden_fr_sheet_by_hand() -> None:
    """A few values of the golden form, checked against rules/fr-sheet.nj by eye."""
    import yaml

    data = yaml.safe_load(golden_path("fr-sheet").read_text(encoding="utf-8"))
    assert data["id"] == "fr-sheet"
    assert data["players"]["counts"] == [3, 4, 5, 6, 7, 8]
    assert [(r["players"], r["cards_each"]) for r in data["deal_table"]["rows"]][:2] == \
        [(3, 15), (4, 12)]
    assert [(b["card"], b["stake"]) for b in data["board"]["boxes"]] == \
        [("10D", 1), ("JC", 2), ("QS", 3), ("KH", 4), ("7D", 5)]
    assert data["starting_tokens"]["count"] == 50
    assert data["chosen"] == [["payment", "points"]]
    # a value at its default is left out: no reason "" for an attested origin, no talon
    # None for a deal row whose talon is what is left
    assert data["players"]["origin"] == {
        "kind": "attested", "citations": [{"source": "fr-sheet", "paragraph": "14"}]}
    assert data["deal_table"]["rows"][0] == {"players": 3, "cards_each": 15}
    assert "span" not in json.dumps(data) and "/work" not in json.dumps(data)


# ---- round trips ---------------------------------------------------------------------------


def _choice_sets(ruleset: Ruleset) -> list[dict[str, str]]:
    """Every combination of choices when there are few, else each choice alone."""
    options = [[(o.name, c.name) for c in o.choices] for o in ruleset.options]
    combos = list(itertools.islice(itertools.product(*options), 65))
    if len(combos) <= 64:
        return [dict(c) for c in combos]
    return [{name: choice} for option in options for name, choice in option]


def _variants() -> list[tuple[str, dict[str, str]]]:
    return [(name, choices) for name in NAMES for choices in _choice_sets(load_ruleset(name))]


@pytest.mark.parametrize(("name", "choices"), _variants(),
                         ids=lambda x: x if isinstance(x, str) else
                         ",".join(f"{k}={v}" for k, v in x.items()) or "defaults")
def test_yaml_round_trip_with_every_option_choice(name: str, choices: dict[str, str]) -> None:
    ruleset = load_ruleset(name, choices)
    assert dict(ruleset.chosen) == {**dict(load_ruleset(name).chosen), **choices}
    text = canonical.to_yaml(ruleset)
    back = canonical.from_yaml(text)
    assert back == ruleset
    assert canonical.to_yaml(back) == text
    assert canonical.ruleset_hash(back) == canonical.ruleset_hash(ruleset)
    # choosing the same options on the default ruleset gives the same rules
    assert with_options(load_ruleset(name), choices) == ruleset


def test_round_trip_is_not_vacuous() -> None:
    """Different choices really give different rules, and equality sees it."""
    points = load_ruleset("fr-sheet")
    cards = load_ruleset("fr-sheet", {"payment": "cards"})
    assert points != cards
    assert canonical.from_yaml(canonical.to_yaml(cards)) != points
    assert canonical.ruleset_hash(points) != canonical.ruleset_hash(cards)


@pytest.fixture(scope="module")
def json_outputs() -> dict[str, object]:
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        futures = {n: pool.submit(run_cli, "compile", n, "--format", "json") for n in NAMES}
        return {n: f.result() for n, f in futures.items()}


@pytest.mark.parametrize("name", NAMES)
def test_cli_compile_json_loads_back_equal(name: str, json_outputs: dict) -> None:
    result = json_outputs[name]
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    data = json.loads(result.stdout)
    assert canonical.from_data(data) == load_ruleset(name)
    assert result.stdout == canonical.to_json(load_ruleset(name))


def test_cli_compile_with_an_option_differs() -> None:
    default = run_cli("compile", "fr-sheet", "--format", "json")
    cards = run_cli("compile", "fr-sheet", "--format", "json", "--option", "payment=cards")
    assert default.returncode == cards.returncode == 0
    assert canonical.from_data(json.loads(cards.stdout)) == \
        load_ruleset("fr-sheet", {"payment": "cards"})
    assert json.loads(cards.stdout)["chosen"] == [["payment", "cards"]]
    assert default.stdout != cards.stdout
