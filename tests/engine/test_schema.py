"""The committed JSON Schemas hold for what the tool writes (issue 9: typed records).

- ``transcript.schema.json``: every golden transcript, and a freshly played
  transcript of every built-in ruleset at every player count it deals for;
- ``canonical.schema.json``: the canonical JSON of every built-in ruleset under
  every option choice; it is the schema written from the rule objects' types.

Each schema must also refuse: a seat written as a string, a card that is no
card, a clause field of the wrong type.
"""

from __future__ import annotations

import copy
import json
import zipfile
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from nainjaune_rules import builtin_rulesets, load_ruleset
from nainjaune_rules.engine import Game, compile_tables
from nainjaune_rules.model.canonical import to_json
from nainjaune_rules.players.session import make_seats
from nainjaune_rules.records.transcript import FORMAT, dumps, transcript
from nainjaune_rules.records.transcript_input import TranscriptError, validate
from nainjaune_rules.schemas import load_schema, validator
from nainjaune_rules.schemas.canonical_schema import schema_text

GOLDEN = Path(__file__).parent.parent / "golden" / "transcripts"
GOLDENS = sorted(GOLDEN.glob("*.json"))
NAMES = builtin_rulesets()
SPECS = ["greedy", "random:forget=0.3", "lowest"]
SCHEMAS = Path(__file__).parents[2] / "nainjaune_rules" / "schemas"


def _errors(name: str, doc: Any) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message[:200]}"
            for e in validator(name).iter_errors(doc)]


@pytest.mark.parametrize("name", ["transcript", "canonical"])
def test_the_schemas_are_valid_draft_2020_12(name: str) -> None:
    jsonschema.Draft202012Validator.check_schema(load_schema(name))


def test_the_schema_names_the_format_the_engine_writes() -> None:
    assert FORMAT in load_schema("transcript")["properties"]["format"]["enum"]


def test_there_are_goldens_to_validate() -> None:
    assert len(GOLDENS) == len(NAMES) >= 8


@pytest.mark.parametrize("path", GOLDENS, ids=[p.stem for p in GOLDENS])
def test_every_golden_transcript_validates(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert _errors("transcript", doc) == []
    validate(doc)


def _played(name: str, players: int, seed: int) -> dict[str, Any]:
    tables = compile_tables(load_ruleset(name))
    specs = [SPECS[i % len(SPECS)] for i in range(players)]
    game = Game(tables, players, seed, max_deals=20, record=True)
    game.play(make_seats(specs))
    return json.loads(dumps(transcript(game, specs)))


FRESH = [(name, players) for name in NAMES
         for players in sorted(compile_tables(load_ruleset(name)).deal_rows)]


@pytest.mark.parametrize(("name", "players"), FRESH, ids=[f"{n}-{p}" for n, p in FRESH])
def test_a_freshly_played_transcript_validates(name: str, players: int) -> None:
    assert _errors("transcript", _played(name, players, seed=3)) == []


@pytest.fixture(scope="module")
def fresh() -> dict[str, Any]:
    return _played("fr-sheet", 4, seed=5)


def test_a_string_seat_fails_validation(fresh: dict[str, Any]) -> None:
    bad = copy.deepcopy(fresh)
    bad["deals"][0]["moves"][2]["seat"] = str(bad["deals"][0]["moves"][2]["seat"])
    assert _errors("transcript", bad)
    with pytest.raises(TranscriptError) as caught:
        validate(bad)
    assert caught.value.where == "deals[0].moves[2].seat"
    assert caught.value.message == "expected an integer, found a string"


@pytest.mark.parametrize(("path", "value", "where"), [
    (("seed",), 7.0, "seed"),                       # a decimal is not an integer here
    (("players",), True, "players"),                # nor is true
    (("deals", 0, "deck", 5), "1S", "deals[0].deck[5]"),
    (("deals", 0, "moves", 0, "move"), "QS?", "deals[0].moves[0].move"),
    (("result", "winners"), {}, "result.winners"),
    (("ruleset", "sha256"), "abc", "ruleset.sha256"),
])
def test_a_wrong_value_fails_validation_at_its_path(fresh: dict[str, Any], path: tuple[Any, ...],
                                                    value: Any, where: str) -> None:
    bad = copy.deepcopy(fresh)
    target = bad
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(TranscriptError) as caught:
        validate(bad)
    assert caught.value.where == where


def test_an_unknown_event_field_fails_validation(fresh: dict[str, Any]) -> None:
    bad = copy.deepcopy(fresh)
    bad["deals"][0]["moves"][0]["events"][0]["sneaky"] = 1
    with pytest.raises(TranscriptError) as caught:
        validate(bad)
    assert caught.value.where == "deals[0].moves[0].events[0]"
    assert caught.value.message == 'unexpected field "sneaky"'


# -- the canonical form ----------------------------------------------------------------

def _option_sets(name: str) -> list[dict[str, str]]:
    ruleset = load_ruleset(name)
    sets: list[dict[str, str]] = [{}]
    for option in ruleset.options:
        sets += [{option.name: c.name} for c in option.choices if c.name != option.default]
    return sets


CANONICAL = [(name, options) for name in NAMES for options in _option_sets(name)]


@pytest.mark.parametrize(("name", "options"), CANONICAL,
                         ids=[f"{n}-{'-'.join(o.values()) or 'default'}" for n, o in CANONICAL])
def test_every_builtin_canonical_json_validates(name: str, options: dict[str, str]) -> None:
    data = json.loads(to_json(load_ruleset(name, options)))
    assert _errors("canonical", data) == []


def test_the_canonical_schema_refuses_wrong_types() -> None:
    data = json.loads(to_json(load_ruleset("fr-sheet")))
    for mutate in (lambda d: d["players"].update(counts=["4"]),
                   lambda d: d["board"]["boxes"][0].update(card="7X"),
                   lambda d: d["dealing"].update(direction="sideways"),
                   lambda d: d["ranks"].update(clause="Players"),
                   lambda d: d.pop("winner"),
                   lambda d: d.update(extra=1)):
        bad = copy.deepcopy(data)
        mutate(bad)
        assert _errors("canonical", bad), mutate


def test_the_committed_canonical_schema_is_the_one_the_types_give() -> None:
    committed = (SCHEMAS / "canonical.schema.json").read_text(encoding="utf-8")
    assert committed == schema_text(), (
        "the rule objects changed: write the schema again with python -m "
        "nainjaune_rules.schemas.canonical_schema > nainjaune_rules/schemas/canonical.schema.json")


def test_the_wheel_ships_both_schemas(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    # the pure wheel: the schemas are the same in both, and compiling takes half a minute
    built = subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp_path),
                            str(SCHEMAS.parents[1])], capture_output=True, text=True,
                           timeout=300, env=dict(os.environ, NAINJAUNE_PURE="1"))
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = tmp_path.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for schema in ("transcript", "canonical"):
        assert f"nainjaune_rules/schemas/{schema}.schema.json" in names
    metadata = zipfile.ZipFile(wheel).read(
        next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "Requires-Dist: jsonschema" in metadata


# -- issue 20: anchors that refuse a trailing newline, one token bound ------------------

def _golden_doc() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(GOLDENS[0].read_text(encoding="utf-8"))
    return doc


@pytest.mark.parametrize("edit", [
    lambda d: d["deals"][0]["moves"][0].update(move=d["deals"][0]["moves"][0]["move"] + "\n"),
    lambda d: d["deals"][0]["deck"].__setitem__(0, d["deals"][0]["deck"][0] + "\n"),
    lambda d: d["ruleset"].update(sha256=d["ruleset"]["sha256"] + "\n"),
    lambda d: d["deals"][0]["setup"][-2]["hands"].update({"0\n": []}),
], ids=["move", "card", "sha256", "seat-key"])
def test_a_trailing_newline_is_refused(edit: Any) -> None:
    """Python's re.search lets '$' match before a final newline: 'QS\\n' would play QS."""
    doc = _golden_doc()
    edit(doc)
    assert _errors("transcript", doc), "a value ending in a newline was accepted"
    with pytest.raises(TranscriptError, match="is not"):
        validate(doc)


def test_every_pattern_refuses_a_trailing_newline() -> None:
    """Each pattern of both schemas, on a value it accepts, refuses it with a newline added."""
    import re

    samples = {"card": "QS", "rank": "Q", "move": "QS!", "seat": "12", "sha256": "a" * 64}
    found = []
    for name in ("transcript", "canonical"):
        text = json.dumps(load_schema(name))
        for pattern in set(re.findall(r'"pattern": "((?:[^"\\]|\\.)*)"', text)):
            pattern = json.loads(f'"{pattern}"')
            good = next(s for s in samples.values() if re.search(pattern, s))
            assert not re.search(pattern, good + "\n"), pattern
            found.append(pattern)
    assert len(found) >= 6


def test_the_token_bound_is_the_checks_one() -> None:
    """One constant: the rulesets' checks refuse more tokens than a transcript records."""
    from nainjaune_rules.model.stake_checks import MAX_TOKENS, MAX_TOKENS_AT_START

    tokens = load_schema("transcript")["$defs"]["tokens"]  # the file, as published
    assert tokens["maximum"] == MAX_TOKENS == -tokens["minimum"]
    assert validator("transcript").schema["properties"]["result"]["properties"]["balances"][
        "items"]["maximum"] == MAX_TOKENS  # what replay applies
    assert MAX_TOKENS_AT_START * 2**20 <= MAX_TOKENS


def test_check_refuses_more_tokens_than_a_transcript_records(tmp_path: Path) -> None:
    from nainjaune_rules.core.diagnostics import RulesetError
    from nainjaune_rules.model.compiler import compile_ruleset
    from nainjaune_rules.syntax.resources import rules_dir

    text = (rules_dir() / "fr-sheet.nj").read_text(encoding="utf-8")
    big = tmp_path / "big.nj"
    big.write_text(text.replace("starting tokens: 50", "starting tokens: 999999999"),
                   encoding="utf-8")
    compile_ruleset(str(big))  # 4 players of a billion: fine (the table has 4.0e9)
    many = tmp_path / "many.nj"
    many.write_text(big.read_text(encoding="utf-8").replace(
        "players: 3 to 8", "players: 3 to 52"), encoding="utf-8")
    if many.read_text(encoding="utf-8") == big.read_text(encoding="utf-8"):
        pytest.skip("fr-sheet's players line changed")
    with pytest.raises(RulesetError, match="too-many-tokens"):
        compile_ruleset(str(many))


def test_the_deals_bound_is_what_play_and_replay_share() -> None:
    from nainjaune_rules.records.transcript_input import MAX_BYTES, MAX_DEAL_BYTES, MAX_DEALS

    assert load_schema("transcript")["properties"]["deals"]["maxItems"] == MAX_DEALS
    assert MAX_BYTES >= MAX_DEALS * MAX_DEAL_BYTES


@pytest.mark.parametrize(("edit", "expected"), [
    (lambda d: d.pop("decks"), 'the field "decks" is missing'),
    (lambda d: d.update(decks={"from": "deck file"}), 'the field "sha256" is missing'),
    (lambda d: d.update(decks={"from": "seed", "sha256": "0" * 64}),
     "a sha256 only for decks from a deck file"),
    (lambda d: d.update(decks={"from": "deck file", "sha256": "0" * 64, "path": "/etc/passwd"}),
     'unexpected field "path"'),
    (lambda d: d.update(decks={"from": "the sky"}), "is not seed, deck file or given"),
    (lambda d: d.update(format="nainjaune-transcript/1"), '"decks" came with format 2'),
])
def test_where_the_decks_came_from_is_checked(edit: Any, expected: str) -> None:
    doc = _golden_doc()
    edit(doc)
    with pytest.raises(TranscriptError, match=expected):
        validate(doc)
