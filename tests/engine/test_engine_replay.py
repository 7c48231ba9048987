"""``replay`` verifies every event: altered transcripts are refused, precisely."""

from __future__ import annotations

import copy
import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from nainjaune_rules import load_ruleset
from nainjaune_rules.engine import Game
from nainjaune_rules.players.session import make_seats
from nainjaune_rules.records.transcript import ReplayMismatch, dumps, replay, transcript
from nainjaune_rules.syntax.resources import rules_dir

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


# -- what replay certifies (issue 20, item 7) -----------------------------------------

GOLDEN_V1 = Path(__file__).parent.parent / "golden" / "transcripts-v1"
#: the rulesets as they were when those games were played, for the built-ins whose play
#: has changed since (1760 and 1902 got larger purses, issue 23): an old game replays on
#: its own rules with --ruleset, as any game of a changed ruleset does
RULESETS_V1 = Path(__file__).parent.parent / "golden" / "rulesets-v1"


def _verdict(path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return _cli("replay", str(path), *extra)


def _played(tmp_path: Path, *args: str) -> Path:
    out = tmp_path / "game.json"
    done = _cli("play", "fr-sheet", "--format", "json", "--out", str(out), *args)
    assert done.returncode == 0, done.stderr
    return out


def _edited(path: Path, edit: Any, folder: Path | None = None) -> Path:
    doc = json.loads(path.read_text(encoding="utf-8"))
    edit(doc)
    other = (folder or path.parent) / "edited.json"
    other.write_text(dumps(doc), encoding="utf-8")
    return other


def test_a_played_game_says_what_was_verified(tmp_path: Path) -> None:
    game = _played(tmp_path, "--seed", "7", "--seats", "greedy,random:forget=0.5,lowest,greedy")
    doc = json.loads(game.read_text(encoding="utf-8"))
    assert doc["format"] == "nainjaune-transcript/2" and doc["decks"] == {"from": "seed"}
    out = _verdict(game)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert "every event verified" in lines[0]
    assert "decks: every deck dealt again from seed 7 and found the same" in out.stdout
    assert ("players: every move of the bot seats reproduced by their bot: seats 0 (greedy), "
            "1 (random:forget=0.5), 2 (lowest), 3 (greedy)") in out.stdout
    assert "sha256" in lines[1] and "the same as the game's" in lines[1]
    skipped = _verdict(game, "--no-seat-check")
    assert skipped.returncode == 0 and "players: not checked (--no-seat-check)" in skipped.stdout


def test_swapped_seats_are_refused(tmp_path: Path) -> None:
    """The forgery of the issue: 'lowest x4' edited into 'greedy, random, ...'."""
    game = _played(tmp_path, "--seed", "7")
    forged = _edited(game, lambda d: d.update(seats=["greedy", "random", "greedy", "lowest"]))
    out = _verdict(forged)
    assert out.returncode == 1
    assert re.search(r"replay failed: deal 1, move \d+: the transcript credits seat \d "
                     r"\((greedy|random)\) with '[^']+', but this bot", out.stderr), out.stderr
    assert _verdict(forged, "--no-seat-check").returncode == 0  # the moves themselves are legal


def test_a_forged_seed_is_refused(tmp_path: Path) -> None:
    game = _played(tmp_path, "--seed", "7")
    out = _verdict(_edited(game, lambda d: d.update(seed=8)))
    assert out.returncode == 1
    assert ("deal 1: its deck is not the one seed 8 shuffles, though the transcript says its "
            "decks come from the seed") in out.stderr


def test_a_deck_file_game_is_verified_on_its_decks_and_said_so(tmp_path: Path) -> None:
    seeded = json.loads(_played(tmp_path, "--seed", "3", "--deals", "1").read_text("utf-8"))
    deck = tmp_path / "decks.txt"
    deck.write_text(" ".join(seeded["deals"][0]["deck"]) + "\n", encoding="utf-8")
    game = tmp_path / "deck-game.json"
    done = _cli("play", "fr-sheet", "--seed", "1", "--deals", "1", "--deck", str(deck),
                "--format", "json", "--out", str(game))
    assert done.returncode == 0, done.stderr
    doc = json.loads(game.read_text(encoding="utf-8"))
    digest = hashlib.sha256(deck.read_bytes()).hexdigest()
    assert doc["decks"] == {"from": "deck file", "sha256": digest}
    assert str(deck) not in game.read_text(encoding="utf-8")  # never a path replay could open
    out = _verdict(game)
    assert out.returncode == 0, out.stderr
    assert f"decks: decks from a deck file, sha256 {digest}, not derivable from a seed" \
        in out.stdout
    # the same game claiming the seed: its deck is seed 3's, not seed 1's
    claimed = _verdict(_edited(game, lambda d: d.update(decks={"from": "seed"})))
    assert claimed.returncode == 1
    assert "its deck is not the one seed 1 shuffles" in claimed.stderr


#: rulesets whose game changed since their format-1 golden was played (issue 22 item 2:
#: 1760's chief hoc became a stop in its place too); their test is below
_CHANGED_SINCE_V1 = {"1760"}


@pytest.mark.parametrize("path", sorted(p for p in GOLDEN_V1.glob("*.json")
                                        if p.stem not in _CHANGED_SINCE_V1),
                         ids=lambda p: p.stem)
def test_format_1_transcripts_still_replay(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == "nainjaune-transcript/1" and "decks" not in doc
    own = RULESETS_V1 / f"{path.stem}.nj"
    out = _verdict(path, "--allow-changed-rules",
                   *(("--ruleset", str(own)) if own.exists() else ()))
    assert out.returncode == 0, out.stderr
    assert f"every deck dealt again from seed {doc['seed']} and found the same" in out.stdout
    assert "players: every move of the bot seats reproduced" in out.stdout


def test_the_old_1760_game_is_refused_clearly() -> None:
    """The 1760 chief hoc now stops the run in its place too (issue 22 item 2), and its purse
    changed (issue 23): a game of the old 1760 is refused for its changed sha256, then,
    allowed, fails at the first move or payment the new rules change, said plainly; on the
    rules it was played with every event replays (the next test)."""
    path = GOLDEN_V1 / "1760.json"
    refused = _verdict(path)
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert 'the ruleset "1760" has changed since this game was played' in refused.stderr
    allowed = _verdict(path, "--allow-changed-rules")
    assert allowed.returncode == 1 and "Traceback" not in allowed.stderr
    assert re.search(r"replay failed: deal \d+, move \d+: ", allowed.stderr), allowed.stderr


def test_an_old_game_of_a_changed_purse_needs_its_own_rules() -> None:
    """1760's purse changed (100 to 800): its old game no longer replays on the built-in,
    and replays, the same ruleset by its hash, on the rules it was played with."""
    path = GOLDEN_V1 / "1760.json"
    now = _verdict(path, "--allow-changed-rules", "--no-seat-check")
    # (the first difference met: the chief hoc stopping in place, issue 22, before a balance)
    assert now.returncode == 1 and "replay failed" in now.stderr
    old = _verdict(path, "--ruleset", str(RULESETS_V1 / "1760.nj"), "--no-seat-check")
    assert old.returncode == 0, old.stderr
    assert "the same as the game's" in old.stdout


def test_a_format_1_transcript_not_from_its_seed_says_so(tmp_path: Path) -> None:
    """A game of format 1 played from a deck file said 'seed 1': it is verified on its
    decks, and the verdict says they do not follow from the seed."""
    old = _edited(GOLDEN_V1 / "fr-sheet.json", lambda d: d.update(seed=2), tmp_path)
    out = _verdict(old, "--allow-changed-rules", "--no-seat-check")
    assert out.returncode == 0, out.stderr
    assert ("decks: not derivable from seed 2: the transcript (format 1) does not say where "
            "its decks came from") in out.stdout


def test_human_and_unknown_seats_are_reported_not_checked(tmp_path: Path) -> None:
    game = _played(tmp_path, "--seed", "7")
    out = _verdict(_edited(game, lambda d: d.update(seats=["human", "lowest", "wizard",
                                                           "lowest"])))
    assert out.returncode == 0, out.stderr
    assert ("seats 1 (lowest), 3 (lowest); moves not checked: seat 0 (human), seat 2 "
            "(unknown player)") in out.stdout


def test_another_ruleset_is_called_another_ruleset(tmp_path: Path) -> None:
    out = _verdict(_played(tmp_path), "--ruleset", "1902")
    assert out.returncode == 1
    assert "is a different ruleset" in out.stderr and "has changed" not in out.stderr


def test_a_game_ended_before_its_first_deal_replays(tmp_path: Path) -> None:
    """'deals: []' is written when the game ends before its first deal, and replayed."""
    rules = tmp_path / "broke.nj"
    text = (Path(rules_dir()) / "fr-sheet.nj").read_text(encoding="utf-8")
    # 10 tokens each, stakes of 15, and the game ends when a player cannot stake
    rules.write_text(re.sub(r"(?m)^starting tokens: \d+", "starting tokens: 10", text),
                     encoding="utf-8")
    out = tmp_path / "game.json"
    done = _cli("play", str(rules), "--format", "json", "--out", str(out))
    assert done.returncode in (0, 1), done.stderr
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["deals"] == [] and doc["result"]["reason"] == "seat 0 cannot stake 15"
    replayed = _cli("replay", str(out), "--ruleset", str(rules))
    assert replayed.returncode == 0, replayed.stderr
    assert "ok — 0 deals, 0 moves" in replayed.stdout


def test_token_counts_above_a_billion_replay(tmp_path: Path) -> None:
    """Issue 20, defect 9: a ruleset that check accepts (a billion tokens each) played to JSON
    wrote balances above 10^9, which the schema refused."""
    rules = tmp_path / "rich.nj"
    text = (Path(rules_dir()) / "fr-sheet.nj").read_text(encoding="utf-8")
    rules.write_text(re.sub(r"(?m)^starting tokens: \d+", "starting tokens: 999999999", text),
                     encoding="utf-8")
    assert _cli("check", str(rules)).returncode == 0
    out = tmp_path / "game.json"
    done = _cli("play", str(rules), "--seed", "2", "--deals", "2", "--format", "json",
                "--out", str(out))
    assert done.returncode == 0, done.stderr
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert max(doc["result"]["balances"]) > 10**9  # what the old bound refused
    replayed = _cli("replay", str(out), "--ruleset", str(rules))
    assert replayed.returncode == 0, replayed.stderr


def test_seats_are_recorded_in_normal_form(tmp_path: Path) -> None:
    from nainjaune_rules.players.seat_check import seat_spec

    assert [seat_spec(s) for s in ["Random:forget=0.30", "lowest:forget=0", "HUMAN:strict",
                                   "wizard", "greedy:forget=1e-1"]] == [
        "random:forget=0.3", "lowest", "human:strict", "wizard", "greedy:forget=0.1"]
    game = _played(tmp_path, "--seats", "Greedy, RANDOM:forget=0.30,lowest:forget=0,greedy")
    doc = json.loads(game.read_text(encoding="utf-8"))
    assert doc["seats"] == ["greedy", "random:forget=0.3", "lowest", "greedy"]
    assert _verdict(game).returncode == 0
