"""``nainjaune simulate``: figures identical for any number of workers, Ctrl-C, the CLI."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time

import pytest

import nainjaune_rules
from nainjaune_rules.cli.main import main
from nainjaune_rules.engine import compile_tables
from nainjaune_rules.outputs.stats.adapter import play_one
from nainjaune_rules.outputs.stats.seeds import game_seed
from nainjaune_rules.outputs.stats.simulation import simulate


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_workers_give_identical_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "fr-sheet", "cz-box", "--games", "120", "--seed", "7", "--format",
            "json", "--seats", "random:forget=0.2,greedy,random:forget=0.2,greedy"]
    code1, one, _ = run_cli(capsys, *args, "--players", "4", "--workers", "1")
    code2, two, _ = run_cli(capsys, *args, "--players", "4", "--workers", "2")
    assert code1 == code2 == 0
    assert one == two
    data = json.loads(one)
    assert [r["ruleset"] for r in data["rulesets"]] == ["fr-sheet", "cz-box"]
    assert data["rulesets"][0]["games"] == 120 and not data["partial"]
    assert data["rulesets"][0]["seats"] == ["random:forget=0.2", "greedy"] * 2


def test_seeds_are_stable_across_processes() -> None:
    # pinned: a change here silently changes every published figure
    assert game_seed(0, 0) == 5056265667703897761
    assert game_seed(0, 1) != game_seed(1, 0)


def test_text_tables(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "simulate", "1760", "--games", "40")
    assert code == 0 and err == ""  # no progress bar when stderr is not a terminal
    for words in ("Length", "Fairness", "Rule activity", "Money", "deal won by the dealer",
                  "stop cards played per deal", "95% interval", "40 games"):
        assert words in out


def test_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "simulate", "fr-sheet", "--players", "9")
    assert code == 2 and "cannot deal for 9 players" in err
    code, _, err = run_cli(capsys, "simulate", "fr-sheet", "--seats", "lowest,human,lowest,lowest")
    assert code == 2 and "human" in err
    code, _, err = run_cli(capsys, "simulate", "fr-sheet", "--games", "0")
    assert code == 2


def test_records_conserve_tokens() -> None:
    tables = compile_tables(nainjaune_rules.load_ruleset("wiki-modern"))
    for i in range(20):
        record = play_one(tables, ["random", "greedy", "lowest", "random"], game_seed(3, i), i)
        board = 0
        for deal in record.deals:
            assert sum(deal.net) + deal.board_size - board == 0
            board = deal.board_size
        # a game may end on stakes that could not be paid, before any card is dealt
        assert record.final_board >= board
        assert sum(record.balances) + record.final_board == 4 * tables.starting_tokens


def _interrupt_after(cmd: list[str], delay: float, patience: float = 60) -> tuple[int, str, str]:
    """Run ``cmd``, send it SIGINT after ``delay`` seconds, and collect its output.

    The child (and its worker processes: it leads its own process group) is
    killed if it has not stopped ``patience`` s after the signal, so a hung run fails the
    test instead of outliving it.
    """
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, start_new_session=True)
    try:
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)  # the main process stops the run; workers wait
        out, err = proc.communicate(timeout=patience)
    finally:
        # the whole group: a hung main process, and any worker it left behind
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        if proc.poll() is None:
            proc.communicate()
    return proc.returncode, out, err


def test_ctrl_c_gives_partial_figures_of_a_prefix() -> None:
    """A real SIGINT: exit 130, JSON marked partial, equal to a full run of that many games."""
    cmd = [sys.executable, "-m", "nainjaune_rules", "simulate", "fr-sheet", "--games",
           "10000000", "--workers", "2", "--format", "json"]
    # No way to see from outside (portably) that games are being played: interrupt after a
    # delay, and if the signal came before the first game, try again with a longer one.
    for delay in (2.0, 5.0, 12.0):
        code, out, err = _interrupt_after(cmd, delay)
        if out.strip() and json.loads(out)["rulesets"][0]["games"] > 0:
            break
        # too early (still starting up, or before the first game): stopped, no figures
        assert code in (130, -signal.SIGINT), err
    else:
        pytest.fail(f"no game was played before the interrupt, even after {delay} s: {err}")
    assert code == 130, err
    assert "Traceback" not in err
    assert "interrupted after" in err
    partial = json.loads(out)
    assert partial["partial"] is True
    games = partial["rulesets"][0]["games"]
    assert 0 < games < 10000000
    full = simulate(nainjaune_rules.load_ruleset("fr-sheet"), games, name="fr-sheet")
    from nainjaune_rules.outputs.stats.render import to_json_dict

    expected = to_json_dict(full)
    got = partial["rulesets"][0]
    assert got["figures"] == json.loads(json.dumps(expected["figures"]))
    assert got["games_requested"] == 10000000


def test_partial_figures_are_labelled_in_text_and_json() -> None:
    import dataclasses

    from nainjaune_rules.outputs.stats.render import render_json, render_text

    figures = simulate(nainjaune_rules.load_ruleset("fr-sheet"), 30, name="fr-sheet")
    cut = dataclasses.replace(figures, partial=True, requested=1000)
    assert "PARTIAL: interrupted" in render_text([cut]) and "(30 of 1000)" in render_text([cut])
    assert json.loads(render_json([cut]))["partial"] is True
    assert "PARTIAL" not in render_text([figures])


def test_seat_specs_keep_their_own_options() -> None:
    from nainjaune_rules.cli.simulate import _seat_list

    assert _seat_list("random:forget=0.2,greedy, lowest") == ["random:forget=0.2", "greedy",
                                                              "lowest"]
    assert _seat_list(None) is None


def test_mixed_bots_get_a_win_share_per_seat() -> None:
    figures = simulate(nainjaune_rules.load_ruleset("fr-web"), 40,
                       seats=["greedy", "random", "greedy", "random"])
    rows = figures.rows()
    assert rows["fairness.game_win.seat1"].label == "game won by seat 1 (random)"
    same = simulate(nainjaune_rules.load_ruleset("fr-web"), 40)
    assert "fairness.game_win.seat1" not in same.rows()
