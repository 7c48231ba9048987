"""When the language cannot say something, the error says so (and what it can say).

A line that starts as a known clause but goes on with words the grammar has no
alternative for gets a syntax error naming what was written, with
the alternatives the language offers there, rendered from the grammar itself.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nainjaune_rules.model.compiler import check_file
from nainjaune_rules.syntax.phrases import phrases

HEAD = 'ruleset x\ntitle "x"\nperiod "x"\nextends fr-sheet\n'


def _diagnostics(tmp_path: Path, line: str) -> list:
    path = tmp_path / "x.nj"
    path.write_text(HEAD + line + '   [house "x"]\n', encoding="utf-8")
    _ruleset, diagnostics = check_file(str(path))
    return diagnostics


def test_an_action_the_language_lacks_is_named_with_the_actions_it_has(tmp_path: Path) -> None:
    found = _diagnostics(tmp_path, "when a king is played: the player passes the lead")
    assert len(found) == 1
    d = found[0]
    assert d.message == "there is no action 'the player passes the lead' in the language"
    assert (d.line, d.column) == (5, 35)
    assert "when a king is played" in d.hint
    for phrase in ("the player takes its box", "each other player pays N to the player"):
        assert phrase in d.hint
    # only the actions that may follow the event (issue 24): a loser pays at the deal's end
    assert "each loser pays the winner N per card" not in d.hint


@pytest.mark.parametrize(("event", "kind"), [
    ("a king is played", "played"), ("a box card is played and announced", "played"),
    ("the deal ends", "deal ends"), ("opera", "opera")])
def test_the_actions_listed_are_those_the_event_allows(tmp_path: Path, event: str,
                                                       kind: str) -> None:
    from nainjaune_rules.core.actions import ACTION_EVENTS, PHRASES

    found = _diagnostics(tmp_path, f"when {event}: the winner takes everything")
    listed = found[0].hint.split(" are: ", 1)[1].split("; ")
    allowed = [p for p in PHRASES if kind in [e.value for e in ACTION_EVENTS[p.kind]]]
    assert len(listed) == len(allowed) >= 2
    every = phrases("action")
    for phrase in every:
        refused = ACTION_EVENTS[PHRASES[every.index(phrase)].kind]
        assert (phrase in listed) == (kind in [e.value for e in refused]), phrase


@pytest.mark.parametrize(("line", "what", "listed"), [
    ("game ends: when the moon rises", "end of the game", "when a player cannot stake"),
    ("opera: out in two turns", "kind of opéra", "out on the first turn"),
    ("cannot pay in full: borrows from a friend", "rule for a player who cannot pay",
     "buys counters from the bank"),
    ("first dealer: the youngest player", "way to choose the first dealer", "by lot"),
])
def test_other_clauses_say_what_they_can_state(tmp_path: Path, line: str, what: str,
                                               listed: str) -> None:
    found = _diagnostics(tmp_path, line)
    assert len(found) == 1, [str(d) for d in found]
    assert found[0].message.startswith(f"there is no {what} '")
    assert listed in found[0].hint


def test_a_misspelled_clause_head_is_still_a_syntax_error(tmp_path: Path) -> None:
    found = _diagnostics(tmp_path, "gamme ends: after 3 deals")
    assert found and all("in the language" not in d.message for d in found)


def test_the_phrases_are_every_alternative_of_the_grammar() -> None:
    from nainjaune_rules.syntax.parser import ruleset_parser

    rules = ruleset_parser().rules
    for name in ("action", "opera_kind", "end_condition"):
        # lark splits optional parts into extra expansions; count the aliases instead
        aliases = {r.alias for r in rules if r.origin.name == name and r.alias}
        assert len(phrases(name)) == len(aliases), name


@pytest.mark.parametrize("rule", ["opera_kind", "first_dealer", "stakes", "runs", "leftovers"])
def test_a_listed_phrase_is_a_valid_line(tmp_path: Path, rule: str) -> None:
    heads = {"opera_kind": "opera", "first_dealer": "first dealer", "stakes": "stakes",
             "runs": "runs", "leftovers": "leftovers"}
    for phrase in phrases(rule, after_colon=rule != "opera_kind"):
        line = re.sub(r"\bN\b", "2", phrase)  # a number where the phrase says N
        found = _diagnostics(tmp_path, f"{heads[rule]}: {line}")
        assert not [d for d in found if d.severity.value == "error"], (phrase, found)
