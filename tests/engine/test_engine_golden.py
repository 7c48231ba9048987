"""Golden transcripts: one committed JSON game per built-in ruleset, replayed and diffed.

Each golden file is ``nainjaune play RULESET --seats greedy,random:forget=0.3,lowest,...
--seed 1 --deals 2 --format json`` (player count: the ``play`` default).  The
test replays the committed file through the engine (every event verified) and
checks that playing the game again gives the same bytes.

To regenerate after an intended change of the engine or of a ruleset::

    NAINJAUNE_REGEN=1 python -m pytest tests/engine/test_engine_golden.py

and review the diff of ``tests/golden/transcripts/`` before committing it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from nainjaune_rules import builtin_rulesets, load_ruleset
from nainjaune_rules.cli.play import default_players
from nainjaune_rules.engine import Game, compile_tables
from nainjaune_rules.engine.session import make_seats
from nainjaune_rules.engine.transcript import dumps, replay, transcript

GOLDEN = Path(__file__).parent.parent / "golden" / "transcripts"
SPECS = ["greedy", "random:forget=0.3", "lowest"]
NAMES = builtin_rulesets()


def golden_path(name: str) -> Path:
    return GOLDEN / (name.replace("/", "--") + ".json")


def play_golden(name: str) -> str:
    tables = compile_tables(load_ruleset(name))
    players = default_players(list(tables.deal_rows))
    specs = [SPECS[i % len(SPECS)] for i in range(players)]
    game = Game(tables, players, 1, deals=2, record=True)
    game.play(make_seats(specs))
    return dumps(transcript(game, specs))


@pytest.mark.parametrize("name", NAMES)
def test_golden_transcript(name: str) -> None:
    path = golden_path(name)
    fresh = play_golden(name)
    if os.environ.get("NAINJAUNE_REGEN"):
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_text(fresh, encoding="utf-8")
    assert path.exists(), f"no golden transcript for {name}: regenerate (see module docstring)"
    committed = path.read_text(encoding="utf-8")
    replay(json.loads(committed), load_ruleset(name))
    # the ruleset's hash changes with any edit of its text (a citation, a reason): the game
    # must not, so the hash is left out of the comparison (replay warns about it)
    assert _unhashed(fresh) == _unhashed(committed), (
        f"{name}: the engine no longer plays the golden game the same way")


def _unhashed(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if '"sha256":' not in line)
