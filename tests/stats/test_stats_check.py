"""``nainjaune check --simulate``: games that never end, clauses that never fire, idle options."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

import nainjaune_rules
from nainjaune_rules.analysis.sim_check import check_by_simulation
from nainjaune_rules.cli.main import main
from nainjaune_rules.engine import Move
from nainjaune_rules.engine.view import SeatView


def test_never_ending_ruleset_is_flagged_with_a_reproducing_command(
        fixture_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["check", "--simulate", "2", str(fixture_path / "never-ends.nj")])
    out = capsys.readouterr().out
    assert code == 1
    assert "2 of 2 games did not end within 500 deals" in out
    # the clause that should have ended the games is named, with its line
    # in the language's own words (issue 24: it said "game ends: after deals")
    assert ("never-ends.nj:14:1: never fired in 2 games: game ends: after 100000 deals"
            in out)
    command = next(line.strip() for line in out.splitlines()
                   if line.strip().startswith("nainjaune play"))
    argv = shlex.split(command)[1:]
    assert "--seed" in argv
    # the printed command replays a game that the safety bound stops: not a success
    assert main(argv) == 1
    captured = capsys.readouterr()
    assert "Game not ended: stopped by the safety bound of 500 deals; no winner" in captured.out
    assert "Winner" not in captured.out
    assert "the game did not end" in captured.err


def test_a_sound_ruleset_passes() -> None:
    text, ok = check_by_simulation(nainjaune_rules.load_ruleset("fr-sheet"), 30, 0)
    assert ok
    assert "30 ended by the rules" in text and "did not end" not in text


def test_the_share_of_games_that_reach_the_stated_length_is_reported(tmp_path: Path) -> None:
    # issue 24, trap 2: fr-sheet ends a game on a debt not paid in full; stating ten deals
    # keeps that end, which comes first in nearly every game
    trap = tmp_path / "tendeals.nj"
    head = 'ruleset tendeals\ntitle "Ten"\nperiod "house"\nextends fr-sheet\n'
    trap.write_text(head + 'game ends: after 10 deals   [house "ten deals"]\n', encoding="utf-8")
    text, ok = check_by_simulation(nainjaune_rules.load_ruleset(str(trap)), 24, 0)
    line = next(x for x in text.splitlines() if "the stated length" in x)
    assert line.startswith("  the stated length (game ends: after 10 deals) reached in 0 of "
                           "24 games (0%)")
    assert "the others ended by a debt not paid in full (24)" in line
    fixed = tmp_path / "fixed.nj"
    fixed.write_text(head + 'game ends: after 2 deals   [house "two deals"]\n'
                     'cannot pay in full: buys counters from the bank   [house "bank"]\n',
                     encoding="utf-8")
    text, ok = check_by_simulation(nainjaune_rules.load_ruleset(str(fixed)), 12, 0)
    assert ok and "reached in 12 of 12 games (100%), 2.00 deals a game on average" in text
    assert "the others" not in text


def test_a_ruleset_without_a_stated_length_has_no_share_line() -> None:
    text, _ = check_by_simulation(nainjaune_rules.load_ruleset("fr-sheet"), 6, 0)
    assert "the stated length" not in text


def test_every_end_of_a_game_has_its_words() -> None:
    from nainjaune_rules.analysis.stats_text import ENDED_BY, ended_by
    from nainjaune_rules.engine.summary import Termination

    assert {t.value for t in Termination} <= set(ENDED_BY)
    assert ended_by({"after deals": 200, "shortfall": 3}) == (
        "the deal count (200), a debt not paid in full (3)")


def test_an_option_that_changes_nothing_is_reported(fixture_path: Path) -> None:
    ruleset = nainjaune_rules.load_ruleset(str(fixture_path / "idle-option.nj"))
    text, ok = check_by_simulation(ruleset, 12, 0)
    assert ok
    assert "option 'ribbon': every choice (yes, no) gave exactly the same games" in text
    # payment by points or by cards does change the games
    assert "option 'payment'" not in text


def test_workers_do_not_change_the_check() -> None:
    ruleset = nainjaune_rules.load_ruleset("1902")
    assert check_by_simulation(ruleset, 250, 5) == check_by_simulation(ruleset, 250, 5, workers=2)


def test_an_engine_failure_is_reported_with_its_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # the failure comes from a seat (the random bot, plain Python under both builds: the
    # compiled Game cannot be patched), in the middle of one game
    from nainjaune_rules.players.random_bot import RandomPlayer

    original = RandomPlayer.pick
    calls = {"n": 0}

    def failing(self: RandomPlayer, view: SeatView, legal: list[Move]) -> Move:
        calls["n"] += 1
        if calls["n"] == 40:
            raise RuntimeError("boom")
        return original(self, view, legal)

    monkeypatch.setattr(RandomPlayer, "pick", failing)
    text, ok = check_by_simulation(nainjaune_rules.load_ruleset("fr-sheet"), 10, 0)
    assert not ok
    assert text.startswith("simulation: 10 games")
    assert "the engine failed in 1 games (RuntimeError: boom); to replay game" in text
    # a built-in ruleset by its name, where the package is installed or checked out
    assert "    nainjaune play fr-sheet --players " in text
