"""The language's defaults (issue 10, item 1: "defaults written in the language, not in Python").

A ruleset may leave out ``turn``, ``settlement``, ``deal ends``, ``shuffling``, ``talon``
and ``played cards``; the clause it then plays is a line of :data:`DEFAULTS`, compiled by
the same parser, transformer and clause builder as a ruleset file.  The ruleset itself
is never filled in: its canonical form and ``show`` print what the file states.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator

import pytest

from nainjaune_rules import load_ruleset
from nainjaune_rules.core.diagnostics import SourceText
from nainjaune_rules.engine.table_build import compile_tables, turn_step
from nainjaune_rules.model import defaults as d
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.canonical import to_json
from nainjaune_rules.model.writer import clause_line
from nainjaune_rules.players.session import play_game
from nainjaune_rules.syntax.parser import parse_text

#: the head of each line of the defaults and the clause kind it must build
HEADS = {"turn": r.Turn, "settlement": r.Settlement, "deal ends": r.DealEnd,
         "shuffling": r.Shuffling, "talon": r.Talon, "played cards": r.PlayedCards}
SILENT = {field: None for field in d.FIELDS.values()}


@pytest.fixture
def fresh_defaults() -> Iterator[None]:
    """Compile the defaults anew in the test, and leave the real ones compiled after it."""
    d.defaults.cache_clear()
    yield
    d.defaults.cache_clear()


def test_the_defaults_text_parses_without_a_diagnostic() -> None:
    tree, diagnostics = parse_text(SourceText("<defaults>", d.DEFAULTS + "\n"))
    assert tree is not None and diagnostics == []


@pytest.mark.parametrize("line", d.DEFAULTS.splitlines())
def test_each_line_builds_the_clause_kind_it_names_with_an_inferred_origin(line: str) -> None:
    head = line.split(":", 1)[0]
    kind = HEADS[head]
    clause = d.default(kind)
    assert type(clause) is kind
    assert clause.origin.kind is r.OriginKind.INFERRED
    assert clause.origin.reason.startswith("the language's default when a ruleset is silent: ")
    # the writer prints the compiled clause back as the line says it
    assert line.startswith(clause_line(clause) + " [inferred ")


def test_every_kind_with_a_default_has_exactly_one_line() -> None:
    assert sorted(line.split(":", 1)[0] for line in d.DEFAULTS.splitlines()) == sorted(HEADS)
    assert set(d.defaults()) == set(HEADS.values()) == set(d.FIELDS)


def test_a_stated_clause_is_in_force_and_a_silent_ruleset_reads_the_default() -> None:
    stated = load_ruleset("fr-sheet")
    silent = dataclasses.replace(stated, **SILENT)
    for kind, field in d.FIELDS.items():
        assert d.in_force(stated, kind) is getattr(stated, field) is not None
        assert d.in_force(silent, kind) is d.default(kind)
    assert d.turn_of(silent).passes_to is r.Side.NEXT_IN_PLAY
    # the defaults are read at the point of use: the ruleset is not filled in
    assert all(getattr(silent, field) is None for field in d.FIELDS.values())
    canonical = json.loads(to_json(silent))
    assert not set(d.FIELDS.values()) & set(canonical)  # None, their default: left out
    assert set(d.FIELDS.values()) <= set(json.loads(to_json(stated)))


@pytest.mark.parametrize("name", ["fr-sheet", "1760"])
def test_a_ruleset_without_turn_plays_the_same_game_as_with_the_default_clause(name: str) -> None:
    stated = load_ruleset(name)
    silent = dataclasses.replace(stated, **SILENT)
    assert stated.turn is not None and stated.turn.passes_to is d.default(r.Turn).passes_to
    assert turn_step(silent) == turn_step(stated) == stated.play_direction.direction.step
    seats = ["greedy", "lowest", "random"]
    assert play_game(silent, seats, seed=7, deals=2) == play_game(stated, seats, seed=7, deals=2)


def test_the_engine_reads_the_turn_from_the_default_text(
        monkeypatch: pytest.MonkeyPatch, fresh_defaults: None) -> None:
    # a default that passes the turn the other way round is what the engine then plays
    silent = dataclasses.replace(load_ruleset("fr-sheet"), turn=None)
    play = silent.play_direction.direction.step
    other = "right" if play == 1 else "left"
    monkeypatch.setattr(d, "DEFAULTS", d.DEFAULTS.replace(
        "passes to the next player in play", f"passes to the player on the {other}"))
    assert compile_tables(silent).play_step == -play


def test_a_broken_default_fails_loudly_at_first_use(
        monkeypatch: pytest.MonkeyPatch, fresh_defaults: None) -> None:
    silent = dataclasses.replace(load_ruleset("fr-sheet"), turn=None)
    monkeypatch.setattr(d, "DEFAULTS", d.DEFAULTS.replace("then the turn passes", "then it goes"))
    with pytest.raises(AssertionError, match="the language's defaults do not compile"):
        d.turn_of(silent)


def test_a_default_missing_a_kind_fails_loudly(
        monkeypatch: pytest.MonkeyPatch, fresh_defaults: None) -> None:
    monkeypatch.setattr(d, "DEFAULTS", "\n".join(d.DEFAULTS.splitlines()[1:]))
    with pytest.raises(AssertionError, match="Turn"):
        d.settlement_of(dataclasses.replace(load_ruleset("fr-sheet"), settlement=None))
