"""The turn as a clause (issue 10, item 1: "what a turn is and how it passes").

``turn: a player lays cards of the run one after another, then the turn passes to
SIDE`` is stated, with its origin, by each of the six built-in rulesets; the
engine's seat-after-a-stop step (``Tables.play_step``) is read from it; a side
that goes against the ``play`` direction is a contradiction (with three players
or more); the writer, the canonical form and both proses carry it.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import nainjaune_rules
from nainjaune_rules.describe.prose import describe
from nainjaune_rules.describe.prose_fr import describe_fr
from nainjaune_rules.engine.table_build import compile_tables, turn_step
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.canonical import from_data, to_json
from nainjaune_rules.model.compiler import check_file
from nainjaune_rules.model.writer import write_ruleset

SIX = ["1760", "1902", "cz-box", "fr-sheet", "fr-web", "wiki-modern"]
#: the paragraph of each source that says who continues after a stop
CITED = {"1760": "wiki-ja ¶4-5", "1902": "fr-1902 ¶2-3", "cz-box": "cz-box ¶28-29",
         "fr-sheet": "fr-sheet ¶18-19", "fr-web": "fr-web ¶22", "wiki-modern": "wiki-ja ¶21"}
LINE = "turn: a player lays cards of the run one after another, then the turn passes to "


@pytest.mark.parametrize("name", SIX)
def test_every_builtin_ruleset_states_the_turn_with_its_source(name: str) -> None:
    ruleset = nainjaune_rules.load_ruleset(name)
    assert ruleset.turn is not None
    assert ruleset.turn.passes_to is r.Side.NEXT_IN_PLAY
    assert CITED[name] in [str(c) for c in ruleset.turn.origin.citations]
    assert LINE + "the next player in play" in write_ruleset(ruleset)
    assert from_data(json.loads(to_json(ruleset))) == ruleset


@pytest.mark.parametrize("name", SIX)
def test_the_engine_asks_the_seat_the_turn_clause_names(name: str) -> None:
    ruleset = nainjaune_rules.load_ruleset(name)
    assert ruleset.turn is not None
    play = ruleset.play_direction.direction.step
    assert compile_tables(ruleset).play_step == play
    # the clause, not the direction, decides: a side that is not the next in play wins
    other = r.Side.RIGHT if play == 1 else r.Side.LEFT
    turned = dataclasses.replace(ruleset, turn=dataclasses.replace(ruleset.turn, passes_to=other))
    assert compile_tables(turned).play_step == -play == turn_step(turned)
    # and without the clause the turn passes to the next player in play
    assert turn_step(dataclasses.replace(ruleset, turn=None)) == play


def _house(tmp_path: Path, side: str, players: str = "3 to 8") -> Path:
    path = tmp_path / "house.nj"
    path.write_text(
        "ruleset house\ntitle \"t\"\nperiod \"p\"\nextends fr-sheet\n"
        f"players: {players}    [house \"players\"]\n"
        f"{LINE}{side}    [house \"ours\"]\n", encoding="utf-8")
    return path


def test_a_side_against_the_direction_of_play_is_a_contradiction(tmp_path: Path) -> None:
    _ruleset, diagnostics = check_file(str(_house(tmp_path, "the player on the right")))
    errors = [d for d in diagnostics if d.kind == "contradiction"]
    assert errors and "play goes clockwise" in errors[0].message, [str(d) for d in diagnostics]
    assert "the player on the left" in errors[0].hint


def test_a_side_that_agrees_with_play_compiles_and_reads_back(tmp_path: Path) -> None:
    ruleset, diagnostics = check_file(str(_house(tmp_path, "the player on the left")))
    assert ruleset is not None and ruleset.turn is not None, [str(d) for d in diagnostics]
    assert ruleset.turn.passes_to is r.Side.LEFT
    assert LINE + "the player on the left" in write_ruleset(ruleset)
    assert compile_tables(ruleset).play_step == 1


def test_with_two_players_left_and_right_are_the_same_seat(tmp_path: Path) -> None:
    path = tmp_path / "two.nj"
    path.write_text(
        "ruleset two\ntitle \"t\"\nperiod \"p\"\nextends house/two-player-suits\n"
        f"{LINE}the player on the right    [house \"ours\"]\n", encoding="utf-8")
    ruleset, diagnostics = check_file(str(path))
    assert ruleset is not None, [str(d) for d in diagnostics]


def test_the_turn_is_told_in_english_and_in_french() -> None:
    turn = nainjaune_rules.load_ruleset("fr-web").turn
    assert turn is not None
    assert describe(turn).sentence == (
        "On their turn a player lays cards of the run one after another; when they stop, "
        "the turn passes to the next player in the order of play.")
    right = dataclasses.replace(turn, passes_to=r.Side.RIGHT)
    assert describe(right).short == "passes to the right"
    assert "c'est au joueur à sa droite de continuer" in describe_fr(right).sentence


@pytest.mark.parametrize("name", SIX)
def test_the_beginners_checklist_covers_the_turn(name: str) -> None:
    from nainjaune_rules.describe.playbook import BY_SLUG, checklist, topic_of

    assert BY_SLUG["turns"].checklist
    assert topic_of("turn", None) is BY_SLUG["turns"]
    assert checklist(nainjaune_rules.load_ruleset(name))["Turns"]
