"""``nainjaune play``: the transcript, JSON determinism, and deck files refused politely."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from nainjaune_rules.core.cards import FULL_DECK
from nainjaune_rules.players.seating import default_players


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nainjaune_rules", *args],
                          capture_output=True, text=True, timeout=120)


def test_default_players() -> None:
    assert default_players([3, 4, 5, 6, 7, 8]) == 4
    assert default_players([3, 5]) == 5
    assert default_players([2]) == 2
    assert default_players([2, 3]) == 3


def test_plain_play_tells_a_whole_game() -> None:
    out = cli("play", "fr-sheet")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "4 players, seed 0" in text
    assert " — sans " in text
    assert "qui prend (" in text  # a box taken, with its tokens
    assert "balances:" in text and "board:" in text
    assert "Game over:" in text and ("Winner: " in text or "Winners (tie): " in text)


def test_json_is_byte_identical_across_runs(tmp_path: Path) -> None:
    args = ("play", "1760", "--seed", "3", "--seats", "greedy,random:forget=0.3,lowest",
            "--players", "3", "--deals", "2", "--format", "json")
    first, second = cli(*args), cli(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    doc = json.loads(first.stdout)
    assert doc["ruleset"]["id"] == "1760" and len(doc["ruleset"]["sha256"]) == 64
    assert doc["seats"] == ["greedy", "random:forget=0.3", "lowest"]
    assert len(doc["deals"]) == 2 and all(len(d["deck"]) == 52 for d in doc["deals"])
    out = tmp_path / "game.json"
    assert cli(*args, "--out", str(out)).returncode == 0
    assert out.read_text(encoding="utf-8") == first.stdout
    assert cli("replay", str(out)).returncode == 0


CODES = [c.code for c in FULL_DECK]


@pytest.mark.parametrize(("line", "where", "message"), [
    (" ".join(CODES[:51]), ":1:1:", "51 cards on this line, the deck has 52"),
    (" ".join(CODES[:51] + ["AC"]), ":1:", "'AC' appears twice on this line"),
    (" ".join(CODES[:51] + ["ZZ"]), ":1:", "'ZZ' is not a card code"),
])
def test_a_wrong_deck_file_is_refused(tmp_path: Path, line: str, where: str,
                                      message: str) -> None:
    deck = tmp_path / "decks.txt"
    deck.write_text(line + "\n", encoding="utf-8")
    out = cli("play", "fr-sheet", "--deck", str(deck), "--deals", "1")
    assert out.returncode != 0
    assert f"{deck}{where}" in out.stderr and message in out.stderr
    assert "hint:" in out.stderr and "Traceback" not in out.stderr


def test_the_column_of_a_bad_code_is_given(tmp_path: Path) -> None:
    deck = tmp_path / "decks.txt"
    codes = CODES[:]
    codes[2] = "1X"  # third code on the line: column of "1X"
    line = " ".join(codes)
    deck.write_text("# a comment line\n" + line + "\n", encoding="utf-8")
    out = cli("play", "fr-sheet", "--deck", str(deck), "--deals", "1")
    assert f"{deck}:2:{line.index('1X') + 1}: '1X' is not a card code" in out.stderr


def test_too_few_deck_lines_for_the_deals_played(tmp_path: Path) -> None:
    deck = tmp_path / "decks.txt"
    deck.write_text(" ".join(CODES) + "\n", encoding="utf-8")
    out = cli("play", "cz-box", "--players", "2", "--deck", str(deck), "--deals", "3")
    assert out.returncode != 0
    assert f"{deck}:2:1: no deck for deal 2: the file has 1 deal line" in out.stderr
    assert "hint:" in out.stderr and "Traceback" not in out.stderr


def test_a_deck_file_plays_that_deck(tmp_path: Path) -> None:
    deck = tmp_path / "decks.txt"
    deck.write_text(" ".join(reversed(CODES)) + "\n", encoding="utf-8")
    out = cli("play", "fr-sheet", "--deck", str(deck), "--deals", "1", "--format", "json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["deals"][0]["deck"] == list(reversed(CODES))


@pytest.mark.parametrize(("args", "message"), [
    (("--players", "2"), "cannot deal for 2 players"),
    (("--seats", "lowest,wizard,lowest,lowest"), "unknown player 'wizard'"),
    (("--seats", "lowest,lowest"), "--seats lists 2 players but --players is 4"),
    (("--dealer", "9"), "dealer seat 9 does not exist"),
])
def test_bad_arguments_are_clear_errors(args: tuple[str, ...], message: str) -> None:
    if "--seats" in args and "lowest,lowest" == args[1]:
        args = (*args, "--players", "4")
    out = cli("play", "fr-sheet", *args)
    assert out.returncode != 0
    assert message in out.stderr and "Traceback" not in out.stderr


@pytest.mark.parametrize("args", [("--players", "4"), ("--seats", "human,lowest,lowest,lowest")])
def test_a_player_count_the_ruleset_does_not_deal_for_says_which_it_does(
        args: tuple[str, ...]) -> None:
    # 1760's deal table (rules/1760.nj) has rows for 3 and 5 players only: a count from the
    # command line that it cannot deal for is a usage error, with the counts it allows
    out = cli("play", "1760", *args)
    assert out.returncode == 2, out.stderr
    assert "cannot deal for 4 players" in out.stderr
    assert "hint: 1760 is played by 3 or 5 players (e.g. --players 3"  in out.stderr
    assert "Traceback" not in out.stderr and out.stdout == ""
