"""``replay`` verifies every event: altered transcripts are refused, precisely."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from nainjaune_rules import load_ruleset
from nainjaune_rules.engine import Game
from nainjaune_rules.players.session import make_seats
from nainjaune_rules.records.transcript import ReplayMismatch, dumps, replay, transcript

SPECS = ["greedy", "random:forget=0.5", "lowest", "greedy"]


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    game = Game(load_ruleset("fr-sheet"), 4, 7, deals=1, record=True)
    game.play(make_seats(SPECS))
    return json.loads(dumps(transcript(game, SPECS)))


def _first(doc: dict[str, Any], kind: str) -> tuple[int, dict[str, Any]]:
    for i, move in enumerate(doc["deals"][0]["moves"]):
        for ev in move["events"]:
            if ev["type"] == kind:
                return i, ev
    raise AssertionError(f"no {kind} event")


def test_the_untouched_transcript_replays(doc: dict[str, Any]) -> None:
    replay(copy.deepcopy(doc), load_ruleset("fr-sheet"))


def test_a_changed_card_is_refused(doc: dict[str, Any]) -> None:
    bad = copy.deepcopy(doc)
    i, ev = _first(bad, "play")
    ev["card"] = "KS" if ev["card"] != "KS" else "KD"
    with pytest.raises(ReplayMismatch, match=rf"deal 1, move {i + 1}, event 1"):
        replay(bad, load_ruleset("fr-sheet"))


def test_a_changed_move_is_refused(doc: dict[str, Any]) -> None:
    bad = copy.deepcopy(doc)
    i, ev = _first(bad, "play")
    hand = bad["deals"][0]["setup"][-2]["hands"][str(ev["seat"])]
    other = next(c for c in ["AC", "AD", "AH", "AS", "2C"] if c not in hand)
    bad["deals"][0]["moves"][i]["move"] = other
    with pytest.raises(ReplayMismatch, match=rf"deal 1, move {i + 1}: '{other}' is not a legal"):
        replay(bad, load_ruleset("fr-sheet"))


def test_a_moved_event_is_refused(doc: dict[str, Any]) -> None:
    bad = copy.deepcopy(doc)
    moves = bad["deals"][0]["moves"]
    i = next(k for k, m in enumerate(moves) if len(m["events"]) >= 2
             and m["events"][0] != m["events"][1])
    events = moves[i]["events"]
    events[0], events[1] = events[1], events[0]
    with pytest.raises(ReplayMismatch, match=rf"deal 1, move {i + 1}, event 1"):
        replay(bad, load_ruleset("fr-sheet"))


def test_a_changed_balance_is_refused(doc: dict[str, Any]) -> None:
    bad = copy.deepcopy(doc)
    bad["deals"][0]["balances"][0] += 1
    with pytest.raises(ReplayMismatch, match="deal 1, balances after the deal"):
        replay(bad, load_ruleset("fr-sheet"))


def test_a_changed_payment_is_refused(doc: dict[str, Any]) -> None:
    bad = copy.deepcopy(doc)
    i, ev = _first(bad, "pay")
    ev["amount"] += 1
    with pytest.raises(ReplayMismatch, match=rf"deal 1, move {i + 1}, event \d+"):
        replay(bad, load_ruleset("fr-sheet"))


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nainjaune_rules", *args],
                          capture_output=True, text=True, timeout=60)


def test_replay_command(doc: dict[str, Any], tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(dumps(doc), encoding="utf-8")
    ok = _cli("replay", str(good))
    assert ok.returncode == 0, ok.stderr
    assert "every event verified" in ok.stdout
    bad_doc = copy.deepcopy(doc)
    bad_doc["deals"][0]["balances"][2] -= 3
    bad = tmp_path / "bad.json"
    bad.write_text(dumps(bad_doc), encoding="utf-8")
    refused = _cli("replay", str(bad))
    assert refused.returncode == 1
    assert "deal 1, balances after the deal" in refused.stderr
    assert "Traceback" not in refused.stderr


def test_malformed_json_is_a_clear_error(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"ruleset": {"id": "fr-sheet"', encoding="utf-8")
    out = _cli("replay", str(broken))
    assert out.returncode == 1
    assert "not valid JSON" in out.stderr and "Traceback" not in out.stderr
    not_transcript = tmp_path / "list.json"
    not_transcript.write_text("[1, 2]", encoding="utf-8")
    out = _cli("replay", str(not_transcript))
    assert out.returncode == 1 and "not a Nain Jaune transcript" in out.stderr
