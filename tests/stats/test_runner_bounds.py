"""The runner's bounds and signals (issue 8, items 14, 15, 17, 21).

Real processes and real signals: a run is started with its stderr on a
terminal, so that it draws its progress bar, and is signalled once the bar
shows that it is playing (see ``signalled.py``).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from signalled import signalled, start

import nainjaune_rules
from nainjaune_rules.analysis import chunks, process_pool, runner
from nainjaune_rules.analysis.simulation import simulate
from nainjaune_rules.analysis.stats_text import to_json_dict
from nainjaune_rules.cli.main import main

NAINJAUNE = [sys.executable, "-m", "nainjaune_rules"]
PROBE = Path(__file__).parent / "signalled.py"
#: the bound of issue 8 item 15 on the peak resident memory of a run of any length
MAX_RSS_MB = 150


def assert_prefix_of_the_run(out: str, requested: int) -> int:
    """``out`` is partial JSON figures equal to a full run of as many games; their number."""
    partial = json.loads(out)
    assert partial["partial"] is True
    got = partial["rulesets"][0]
    assert got["games_requested"] == requested and 0 < got["games"] < requested
    full = simulate(nainjaune_rules.load_ruleset("fr-sheet"), got["games"], name="fr-sheet")
    assert got["figures"] == json.loads(json.dumps(to_json_dict(full)["figures"]))
    return int(got["games"])


def no_traceback(err: str) -> None:
    assert "Traceback" not in err and "Error" not in err and "internal error" not in err, err


# -- item 14: SIGTERM ---------------------------------------------------------------


@pytest.mark.parametrize("group", [False, True], ids=["parent", "process-group"])
def test_sigterm_gives_partial_figures_and_exit_143(group: bool) -> None:
    """SIGTERM to the parent (``kill PID``) or to the whole group (a service manager)."""
    games = 10_000_000
    code, out, err, playing = signalled(
        [*NAINJAUNE, "simulate", "fr-sheet", "--games", str(games), "--workers", "2",
         "--format", "json"], 1.0, signal.SIGTERM, group=group)
    assert playing, err
    assert code == 143, err
    assert_prefix_of_the_run(out, games)
    assert "interrupted after" in err and "(SIGTERM); the figures are partial" in err
    no_traceback(err)


#: the stress test's runs, and the deadline of each (seconds, generous at load 10)
STRESS_RUNS, STRESS_DEADLINE = 10, 120.0


@pytest.mark.slow
def test_sigterm_to_the_process_group_never_hangs() -> None:
    """The group's SIGTERM, again and again: the parent must end every time.

    With ``multiprocessing.Pool`` the parent hung about once in 10 to 30 runs at
    load 10: a worker killed while it held the result queue's lock blocked
    ``Pool.terminate()`` for ever (``py-spy dump``: ``SimpleQueue.put`` under
    ``Pool._terminate_pool``).  Each run is bounded, and a hang fails the test.
    """
    hung, codes = 0, []
    for _ in range(STRESS_RUNS):
        run = start([*NAINJAUNE, "simulate", "fr-sheet", "--games", "10000000",
                     "--workers", "2", "--format", "json"])
        assert run.wait_playing(), run.err.decode("utf-8", "replace")
        os.killpg(run.proc.pid, signal.SIGTERM)
        try:
            run.proc.wait(STRESS_DEADLINE)
        except subprocess.TimeoutExpired:
            hung += 1
        code, out, err = run.finish(STRESS_DEADLINE)  # kills the group if still there
        codes.append(code)
        no_traceback(err)
    assert hung == 0, f"{hung} of {STRESS_RUNS} runs still alive {STRESS_DEADLINE} s after SIGTERM"
    assert codes == [143] * STRESS_RUNS


# -- item 15: memory independent of the number of games -----------------------------


def probe(seconds: float, *argv: str) -> dict[str, object]:
    done = subprocess.run([sys.executable, str(PROBE), str(seconds), "SIGINT", "--",
                           *NAINJAUNE, *argv], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_a_billion_game_simulation_runs_in_bounded_memory() -> None:
    games = 1_000_000_000
    result = probe(3, "simulate", "fr-sheet", "--games", str(games), "--workers", "2",
                   "--format", "json")
    assert result["playing"] and result["code"] == 130, result["err"]
    assert float(str(result["maxrss_mb"])) < MAX_RSS_MB
    assert_prefix_of_the_run(str(result["out"]), games)


def test_a_billion_game_check_runs_in_bounded_memory_and_reports_on_ctrl_c() -> None:
    result = probe(3, "check", "--simulate", "1000000000", "fr-sheet")
    assert result["playing"] and result["code"] == 130, result["err"]
    assert float(str(result["maxrss_mb"])) < MAX_RSS_MB
    out = str(result["out"])
    assert "fr-sheet: ok" in out
    assert "PARTIAL: interrupted (Ctrl-C) after" in out and "of 1000000000 games" in out
    no_traceback(str(result["err"]))


def test_chunks_are_generated_lazily_and_few_are_in_flight() -> None:
    """The window: however many games, the backend never holds more than 2 chunks a worker."""
    bounds = runner.chunk_bounds(10**15)
    assert next(bounds) == (0, runner.CHUNK)  # a generator: nothing is built ahead

    class Counting(runner.InProcess):
        window = 4
        most = 0

        def submit(self, start: int, stop: int) -> runner.Pending:
            self.live = getattr(self, "live", 0) + 1
            Counting.most = max(Counting.most, self.live)
            return _Done(self, (start, stop))

    class _Done:
        def __init__(self, backend: Counting, value: tuple[int, int]) -> None:
            self.backend, self.value = backend, value

        def wait(self, timeout: float) -> bool:
            return True

        def result(self) -> tuple[int, int]:
            self.backend.live -= 1
            return self.value

    backend = Counting(runner.Job(nainjaune_rules.load_ruleset("fr-sheet"),
                                  runner.FixedSeats(("lowest",) * 4)))
    seen = []
    for count, value in runner._in_order(backend, 10**12, runner.Progress(),
                                         runner.Interrupted()):
        seen.append((count, value))
        if len(seen) == 50:
            break
    assert Counting.most == 4
    assert [v for _, v in seen] == [(i, i + runner.CHUNK)
                                    for i in range(0, 50 * runner.CHUNK, runner.CHUNK)]


# -- item 17: check --simulate -------------------------------------------------------


def test_check_stops_unending_games_at_max_deals_and_stops_early(
        fixture_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["check", "--simulate", "1000", "--max-deals", "20",
                 str(fixture_path / "never-ends.nj")])
    out, err = capsys.readouterr()
    assert code == 1
    assert "stopped early after 5 of 1000 games: 5 games did not end" in out
    assert "5 of 5 games did not end within 20 deals" in out
    assert "longest 20 deals" in out
    assert "--max-deals 20" in out  # the replay command stops where the check did
    assert err == ""  # no progress bar when stderr is not a terminal


def test_check_max_deals_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--simulate", "3", "--max-deals", "0", "fr-sheet"]) == 2
    assert "--max-deals takes a number ≥ 1" in capsys.readouterr().err


def test_check_shows_progress_on_a_terminal() -> None:
    code, out, err, playing = signalled(
        [*NAINJAUNE, "check", "--simulate", "300", "fr-sheet"], 0, 0)
    assert code == 0, out + err
    assert playing and "/300 games" in err
    assert "simulation: 300 games" in out


# -- item 21: the start method -----------------------------------------------------


def test_the_pool_does_not_fork() -> None:
    assert process_pool.pool_context().get_start_method() == "spawn"


def test_workers_start_fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker does not inherit the parent's memory: a forked one would see the change
    made below in the parent, and play other games."""
    job = runner.Job(nainjaune_rules.load_ruleset("cz-box"), runner.FixedSeats(("lowest",) * 4),
                     11)
    games = runner.play_range(job, 0, 5)
    monkeypatch.setattr(chunks, "game_seed", lambda master, index: 0)
    assert runner.play_range(job, 0, 5) != games  # the change bites in this process
    pool = process_pool.WorkerPool(runner.play_range, job, 1)  # the worker alone plays
    try:
        assert pool.submit(0, 5).result() == games
    finally:
        pool.close()


def test_any_worker_count_gives_one_result() -> None:
    ruleset = nainjaune_rules.load_ruleset("cz-box")
    one = to_json_dict(simulate(ruleset, 250, seed=11, workers=1))
    for workers in (2, 3):
        assert to_json_dict(simulate(ruleset, 250, seed=11, workers=workers)) == one


def test_the_parent_and_its_started_worker_play_the_games_of_one_process() -> None:
    """``--workers 2``: this process and a spawned one share the chunks (the worker, once
    ready, holds some; this one plays others while it waits), and the chunks, taken back
    in order, are the games one process plays."""
    job = runner.Job(nainjaune_rules.load_ruleset("cz-box"), runner.FixedSeats(("lowest",) * 4),
                     5)
    games = 30 * runner.CHUNK
    alone = [r for _, part in runner._in_order(runner.InProcess(job), games, runner.Progress(),
                                                runner.Interrupted()) for r in part]
    backend = runner.ProcessPool(job, 2)
    try:
        assert backend.pool.started(120.0)  # ready before the run: it gets chunks at once
        shared = [r for _, part in runner._in_order(backend, games, runner.Progress(),
                                                     runner.Interrupted()) for r in part]
        here = backend.pool.played_here
    finally:
        backend.close()
    assert shared == alone and len(alone) == games
    assert here <= 30 - process_pool.IN_HAND  # the worker played its first chunks at least
