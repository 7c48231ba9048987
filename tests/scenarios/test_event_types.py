"""Every event the engine emits is typed: its ``"type"`` an ``EventType`` member and its
keys those of that kind's TypedDict (``nainjaune_rules.engine.events``).

The events come from seeded games of every built-in ruleset and from the hand-worked
scenarios of this folder (an opéra and a player leaving the game need a chosen deck or a
house rule: no short seeded game of a built-in ruleset reaches them).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from importlib.resources import files
from pathlib import Path
from typing import Any, get_args, get_type_hints

import pytest
import yaml
from test_scenarios import SCENARIOS, run_scenario

from nainjaune_rules import builtin_rulesets, load_ruleset
from nainjaune_rules.engine import Game, compile_tables
from nainjaune_rules.engine.events import EVENT_TYPES, EventType
from nainjaune_rules.players.seating import default_players
from nainjaune_rules.players.session import make_seats

SPECS = ["greedy", "random:forget=0.3", "lowest"]
#: kinds no game here emits, each with why (none today: every kind is reached)
UNREACHABLE: dict[EventType, str] = {}


def _seeded_events() -> Iterator[tuple[str, Mapping[str, Any]]]:
    for name in builtin_rulesets():
        tables = compile_tables(load_ruleset(name))
        players = default_players(list(tables.deal_rows))
        for seed in range(6):
            game = Game(tables, players, seed, deals=4, record=True)
            events: list[Mapping[str, Any]] = []
            game.listeners.append(events.append)  # every event, the game's end included
            game.play(make_seats([SPECS[i % len(SPECS)] for i in range(players)]))
            yield from ((f"{name} seed {seed}", ev) for ev in events)


def _scenario_events(tmp_path: Path) -> Iterator[tuple[str, Mapping[str, Any]]]:
    for path in SCENARIOS:
        game = run_scenario(yaml.safe_load(path.read_text(encoding="utf-8")), tmp_path)
        for deal in game.deal_records:
            yield from ((path.stem, ev) for ev in deal["setup"])  # type: ignore[attr-defined]
            for move in deal["moves"]:  # type: ignore[attr-defined]
                yield from ((path.stem, ev) for ev in move["events"])


@pytest.fixture(scope="module")
def emitted(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, Mapping[str, Any]]]:
    return [*_seeded_events(), *_scenario_events(tmp_path_factory.mktemp("scenarios"))]


def test_every_event_has_the_keys_of_its_kind(
        emitted: list[tuple[str, Mapping[str, Any]]]) -> None:
    assert len(emitted) > 1000
    for where, event in emitted:
        kind = event["type"]
        assert type(kind) is EventType, f"{where}: {event} has a plain string type"
        typed = EVENT_TYPES[kind]
        allowed = set(typed.__annotations__)
        required: frozenset[str] = typed.__required_keys__  # type: ignore[attr-defined]
        assert set(event) <= allowed, f"{where}: {set(event) - allowed} not in {typed.__name__}"
        assert required <= set(event), f"{where}: {event} lacks {required - set(event)}"


def test_every_event_type_is_emitted_or_said_unreachable(
        emitted: list[tuple[str, Mapping[str, Any]]]) -> None:
    seen = {event["type"] for _, event in emitted}
    assert set(EventType) - set(UNREACHABLE) <= seen
    assert not set(UNREACHABLE) & seen  # a kind said unreachable that is reached: update it


def test_each_kind_has_one_typed_dict_whose_type_is_that_kind() -> None:
    assert set(EVENT_TYPES) == set(EventType)
    for kind, typed in EVENT_TYPES.items():
        assert get_args(get_type_hints(typed)["type"]) == (kind,)


def test_the_transcript_schema_names_the_same_kinds() -> None:
    """The schema's list of event types is the enum's (less "game over", which is the
    transcript's ``result``, not an event of a move)."""
    schema = json.loads((files("nainjaune_rules.schemas") / "transcript.schema.json")
                        .read_text(encoding="utf-8"))
    listed = schema["$defs"]["event"]["properties"]["type"]["enum"]
    assert sorted(listed) == sorted(set(EventType) - {EventType.GAME_OVER})
