"""Golden transcripts: one committed JSON game per built-in ruleset, replayed and diffed.

Each golden file is ``nainjaune play RULESET --seats greedy,random:forget=0.3,lowest,...
--seed 1 --deals 2 --format json`` (player count: the ``play`` default).  The
test replays the committed file through the engine (every event verified) and
checks that playing the game again gives the same bytes.

To regenerate after an intended change of the engine or of a ruleset::

    NAINJAUNE_REGEN=1 python -m pytest tests/engine/test_engine_golden.py

which rewrites the files and fails (see tests/golden_support.py); review the diff
of ``tests/golden/transcripts/``, then run the test again without the variable.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from golden_support import VARIABLE, check_golden

from nainjaune_rules import builtin_rulesets, load_ruleset
from nainjaune_rules.engine import Game, compile_tables
from nainjaune_rules.players.seating import default_players
from nainjaune_rules.players.session import make_seats
from nainjaune_rules.records.transcript import dumps, replay, transcript

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
    # the ruleset's hash changes with any edit of its text (a citation, a reason): the game
    # must not, so the hash is left out of the comparison (replay warns about it)
    committed = check_golden(golden_path(name), play_golden(name), key=_unhashed)
    replay(json.loads(committed), load_ruleset(name))


def _unhashed(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if '"sha256":' not in line)


def test_regen_variable_writes_then_fails_and_its_absence_only_compares(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One meaning of NAINJAUNE_REGEN: without it nothing is written and a stale golden
    fails; with it the file is rewritten and the test still fails, never a silent pass."""
    path = tmp_path / "fr-sheet.json"
    fresh = play_golden("fr-sheet")
    stale = fresh.replace('"seed": 1', '"seed": 2')
    assert stale != fresh
    path.write_text(stale, encoding="utf-8")

    monkeypatch.delenv(VARIABLE, raising=False)
    with pytest.raises(pytest.fail.Exception, match="differs"):
        check_golden(path, fresh, key=_unhashed)
    assert path.read_text(encoding="utf-8") == stale  # comparing never writes

    monkeypatch.setenv(VARIABLE, "1")
    with pytest.raises(pytest.fail.Exception, match="rewrote"):
        check_golden(path, fresh, key=_unhashed)
    assert path.read_text(encoding="utf-8") == fresh
    with pytest.raises(pytest.fail.Exception, match="left unchanged"):
        check_golden(path, fresh, key=_unhashed)  # even when nothing changed

    monkeypatch.setenv(VARIABLE, "yes")
    with pytest.raises(pytest.fail.Exception, match="means nothing"):
        check_golden(path, fresh, key=_unhashed)

    monkeypatch.delenv(VARIABLE)
    assert check_golden(path, fresh, key=_unhashed) == fresh
