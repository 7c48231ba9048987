"""What a chunk costs where it is played (issue 27, item 4): the tables are compiled once
per ruleset in a process, not once per chunk, and a cluster's chunks grow with the run.

Expected results: a cluster's task unpickles its own copy of the job for every chunk
(Dask carries the job with each task), so two unpickled copies must share one compile;
a ruleset changed by an option is another ruleset and gets its own tables; the chunk
sizes follow from their definition (a multiple of ``CHUNK``, at most ``BIG_CHUNK``, each
slot keeping ``CHUNKS_EACH`` chunks); and the chunks of any size cover the games once,
in order.
"""

from __future__ import annotations

import pickle
import subprocess
import sys

import pytest

from nainjaune_rules import load_ruleset
from nainjaune_rules.analysis import chunks
from nainjaune_rules.analysis.chunks import (
    BIG_CHUNK,
    CHUNK,
    CHUNKS_EACH,
    FixedSeats,
    Job,
    chunk_bounds,
    chunk_size,
    play_range,
)


def _job(options: dict[str, str] | None = None) -> Job:
    return Job(load_ruleset("cz-box", options or {}), FixedSeats(("lowest",) * 4), 3, 50)


def test_copies_of_a_job_share_one_compile_and_another_ruleset_gets_its_own(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chunks, "_COMPILED", None)
    data = pickle.dumps(_job())
    first, second = pickle.loads(data), pickle.loads(data)
    assert first.ruleset is not second.ruleset  # what a cluster's two tasks receive
    tables = chunks.tables_for(first)
    assert chunks.tables_for(second) is tables
    other = _job({"change": "from-the-bank"})
    assert other.ruleset != first.ruleset
    assert chunks.tables_for(other) is not tables
    assert chunks.tables_for(other).ruleset == other.ruleset


def test_a_chunk_plays_the_same_games_with_tables_compiled_for_another_copy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    data = pickle.dumps(_job())
    monkeypatch.setattr(chunks, "_COMPILED", None)
    alone = play_range(pickle.loads(data), 0, 6)
    play_range(pickle.loads(data), 6, 9)  # the tables kept come from this copy
    assert play_range(pickle.loads(data), 0, 6) == alone


@pytest.mark.parametrize(("games", "slots"), [(0, 1), (50, 2), (1000, 2), (20_000, 2),
                                               (20_000, 8), (10**9, 2), (31_999, 2)])
def test_chunk_sizes_follow_their_definition(games: int, slots: int) -> None:
    size = chunk_size(games, slots)
    assert size % CHUNK == 0 and CHUNK <= size <= BIG_CHUNK
    if size > CHUNK:  # made larger only while each slot keeps CHUNKS_EACH chunks
        assert games // size >= slots * CHUNKS_EACH
    if size < BIG_CHUNK:  # and as large as that allows
        assert games // (size + CHUNK) < slots * CHUNKS_EACH or size + CHUNK > BIG_CHUNK
    assert chunk_size(20_000, 2) == 2500  # 20,000 games on 2 slots: 4 chunks each, at least


@pytest.mark.parametrize("size", [CHUNK, 600, 2500, BIG_CHUNK])
def test_chunks_of_any_size_cover_the_games_once_in_order(size: int) -> None:
    bounds = list(chunk_bounds(2345, size))
    assert bounds[0][0] == 0 and bounds[-1][1] == 2345
    assert all(a[1] == b[0] for a, b in zip(bounds, bounds[1:], strict=False))
    assert all(stop - start == size for start, stop in bounds[:-1])


def test_a_worker_plays_a_compiled_job_without_loading_the_parser_or_the_metadata() -> None:
    """A pool's or a cluster's worker imports the runner and unpickles a job whose ruleset is
    compiled: the parser (lark) and importlib.metadata (``__version__``) stay unloaded, a
    third of a worker's start (issue 27 item 4)."""
    job = pickle.dumps(Job(load_ruleset("fr-sheet"), FixedSeats(("lowest",) * 4), 0, 1000))
    code = ("import pickle, sys; from nainjaune_rules.analysis import chunks, runner; "
            "job = pickle.loads(sys.stdin.buffer.read()); runner.play_range(job, 0, 2); "
            "print(sorted({'lark', 'importlib.metadata'} & set(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", code], input=job, capture_output=True,
                          timeout=120, check=True)
    assert done.stdout.decode().strip() == "[]", done.stderr.decode()
