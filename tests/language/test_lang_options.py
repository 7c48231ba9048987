"""Choosing table options: unknown options and choices are diagnostics with a hint."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from language_support import run_cli

from nainjaune_rules import RulesetError, load_ruleset
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.resolve import OptionProblem, with_options


def _only_error(options: dict[str, str]) -> tuple[str, str, str]:
    with pytest.raises(RulesetError) as caught:
        load_ruleset("fr-sheet", options)
    (d,) = caught.value.diagnostics
    assert (d.kind, d.file, d.line, d.column) == ("unknown-option", "<command line>", 1, 1)
    return d.message, d.hint, str(caught.value)


def test_unknown_option_names_the_closest_option() -> None:
    message, hint, rendered = _only_error({"paymnet": "cards"})
    assert message == "this ruleset has no option 'paymnet'"
    assert hint == 'did you mean "payment"?'
    assert "<command line>:1:1: error[unknown-option]" in rendered


def test_unknown_option_far_from_any_lists_the_options() -> None:
    _, hint, _ = _only_error({"colour": "red"})
    assert hint == "its options: payment"


def test_unknown_choice_names_the_closest_choice() -> None:
    message, hint, _ = _only_error({"payment": "card"})
    assert message == "the option 'payment' has no choice 'card'"
    assert hint == 'did you mean "cards"?'


def test_unknown_choice_far_from_any_lists_the_choices() -> None:
    _, hint, _ = _only_error({"payment": "zzz"})
    assert hint == "choose one of: points, cards"


def test_a_good_choice_changes_the_rules() -> None:
    default = load_ruleset("fr-sheet")
    cards = load_ruleset("fr-sheet", {"payment": "cards"})
    assert dict(default.chosen) == {"payment": "points"}
    assert dict(cards.chosen) == {"payment": "cards"}

    def settle(rs: r.Ruleset) -> list[r.Action]:
        return [e.action for e in rs.effects_on(r.EventKind.DEAL_ENDS)
                if e.action.kind is r.ActionKind.LOSERS_PAY]

    assert settle(default) == [r.Action(r.ActionKind.LOSERS_PAY, basis=r.Basis.POINTS)]
    assert settle(cards) == [r.Action(r.ActionKind.LOSERS_PAY, amount=1, basis=r.Basis.CARDS)]


def test_with_options_refuses_unknown_names() -> None:
    rs = load_ruleset("fr-sheet")
    with pytest.raises(OptionProblem) as caught:
        with_options(rs, {"payment": "kards"})
    assert caught.value.hint == 'did you mean "cards"?'
    with pytest.raises(OptionProblem):
        with_options(rs, {"nope": "cards"})
    assert with_options(rs, {"payment": "cards"}) == load_ruleset("fr-sheet", {"payment": "cards"})
    # and back again
    assert with_options(with_options(rs, {"payment": "cards"}), {"payment": "points"}) == rs


@pytest.mark.parametrize(("option", "code", "needles"), [
    ("payment=card", 1, ["error[unknown-option]", 'hint: did you mean "cards"?']),
    ("paymnet=cards", 1, ["this ruleset has no option 'paymnet'",
                          'hint: did you mean "payment"?']),
    ("payment", 2, ["is not of the form NAME=CHOICE", "hint: for example --option payment=cards"]),
    ("=cards", 2, ["is not of the form NAME=CHOICE"]),
])
def test_cli_option_errors(option: str, code: int, needles: list[str]) -> None:
    result = run_cli("compile", "fr-sheet", "--option", option)
    assert result.returncode == code
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    for needle in needles:
        assert needle in result.stderr


def test_cli_good_option_exits_0() -> None:
    result = run_cli("compile", "fr-sheet", "--option", "payment=cards")
    assert result.returncode == 0, result.stderr
    assert "basis: cards" in result.stdout


# ---- re-choosing options gives what compiling with them gives ---------------------------

_PAY = "when the deal ends: each loser pays the winner {n} per card  [inferred \"r\"]\n"
_HONOURS = ("when the deal ends: each box card left in hand doubles its box  "
            "[inferred \"{why}\"]\n")
_TWO_OPTIONS = (
    'option a "first":  [inferred "r"]\n    a1 (default):\n        ' + _PAY.format(n=1)
    + "    a2: nothing changes\n"
    'option b "second":  [inferred "r"]\n    b1 (default):\n        ' + _PAY.format(n=2)
    + "    b2: nothing changes\n"
    'option c "third":  [inferred "r"]\n    c1 (default):\n        '
    + _HONOURS.format(why="chosen") + "    c2: nothing changes\n"
)


@pytest.mark.parametrize("base_pays", [False, True])
def test_with_options_from_every_choice_to_every_choice(tmp_path: Path, base_pays: bool) -> None:
    """Two options set the same slot (who pays), a third replaces a base clause; the
    order of effects must survive too.  Every start × every target combination."""
    from language_support import MINIMAL, compile_text

    text = MINIMAL + _HONOURS.format(why="base") + (_PAY.format(n=5) if base_pays else "") \
        + _TWO_OPTIONS
    compile_text(text, tmp_path)  # compiles
    path = str(tmp_path / "ruleset.nj")
    combos = [dict(zip("abc", c, strict=True))
              for c in itertools.product(("a1", "a2"), ("b1", "b2"), ("c1", "c2"))]
    direct = {tuple(c.values()): load_ruleset(path, c) for c in combos}
    pays = {k: [e.action.amount for e in rs.effects if e.action.kind is r.ActionKind.LOSERS_PAY]
            for k, rs in direct.items()}
    # by hand: b's choice is laid last, so it wins; with neither, the base (5, or none) stays
    assert pays[("a1", "b1", "c1")] == [2]
    assert pays[("a1", "b2", "c1")] == [1]
    assert pays[("a2", "b2", "c1")] == ([5] if base_pays else [])
    assert [e.origin.reason for e in direct[("a2", "b2", "c1")].effects][0] == "chosen"
    assert [e.origin.reason for e in direct[("a2", "b2", "c2")].effects][0] == "base"
    for start in combos:
        for target in combos:
            moved = with_options(direct[tuple(start.values())], target)
            assert moved == direct[tuple(target.values())], (start, target)
