"""The Python side of the playground, outside the browser: the same words as the CLI, a
deal played move by move that is the engine's own game, figures equal to ``simulate``,
and no import of a package that has no pure-Python wheel."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import nainjaune_rules
from nainjaune_rules.analysis.simulation import simulate
from nainjaune_rules.analysis.stats_text import to_json_dict
from nainjaune_rules.engine.game import Game
from nainjaune_rules.players import make_player
from nainjaune_rules.playground import (
    DealSession,
    QuickStats,
    builtin_source,
    check,
    compare,
)
from nainjaune_rules.playground.worker import handle
from nainjaune_rules.records.transcript import replay

ROOT = Path(__file__).resolve().parents[2]
BROKEN = ('ruleset broken\ntitle "Broken"\nperiod "house"\nextends fr-sheet\n\n'
          'starting tokens lots\nplayers: 3 to 5\nwhen the deal ends: nonsense\n')


def test_diagnostics_are_the_cli_s(tmp_path: Path) -> None:
    (tmp_path / "playground.nj").write_text(BROKEN, encoding="utf-8")
    printed = subprocess.run([sys.executable, "-m", "nainjaune_rules", "check", "playground.nj"],
                             cwd=tmp_path, capture_output=True, text=True, timeout=120)
    result = check(BROKEN)
    assert not result["valid"] and result["errors"] >= 1
    texts = [d["text"] for d in result["diagnostics"]]
    assert printed.stdout == "\n".join(texts) + (
        f"\nplayground.nj: invalid ({result['errors']} error"
        f"{'' if result['errors'] == 1 else 's'}, {result['warnings']} warnings)\n")
    first = result["diagnostics"][0]
    assert (first["line"], first["column"]) == (6, 17)  # 'lots', where a number belongs


@pytest.mark.parametrize("name", nainjaune_rules.builtin_rulesets())
def test_a_stub_plays_its_parent_s_game(name: str) -> None:
    stub = builtin_source(name, stub=True)
    result = check(stub)
    assert result["valid"], result["diagnostics"]
    assert result["parent"] == nainjaune_rules.load_ruleset(name).id
    compared = compare(stub)
    assert compared["ok"] and compared["base"] == name and compared["changes"] == []


def test_compare_tells_the_house_changes() -> None:
    # rules/house/1902-per-card.nj removes the payment option and the doubling of a box
    # card left in hand; its "1 per card" is what 1902 pays by default, so not a change
    compared = compare(builtin_source("house/1902-per-card"))
    assert compared["base"] == "1902"
    # (the order of settlement loses its honours step with it: issue 23's settlement sentence
    # lists only the steps that do something)
    assert [(c["kind"], c["label"]) for c in compared["changes"]] == [
        ("changed", "order of settlement"), ("removed", "deal ends: a box card left in hand"),
        ("removed", "table option payment")]
    assert compared["changes"][1]["before"].startswith("When the deal ends, a player still")


def test_the_words_of_a_valid_ruleset_are_the_site_s() -> None:
    from nainjaune_rules.describe.dimensions import entries
    from nainjaune_rules.describe.prose import describe

    ruleset = nainjaune_rules.load_ruleset("fr-web")
    result = check(builtin_source("fr-web"))
    assert [r["sentence"] for r in result["rules"]] == [
        describe(e.clause).sentence for e in entries(ruleset)]


@pytest.mark.parametrize("name,bots", [("fr-sheet", "random"), ("1760", "greedy"),
                                       ("cz-box", "lowest")])
def test_a_stepped_deal_is_the_engine_s_game(name: str, bots: str) -> None:
    """Played by bots at every seat, the session plays the game ``Game.play`` plays."""
    source = builtin_source(name)
    players = 3 if name in ("1760", "cz-box") else 4
    session = DealSession(source, players, 1, bots, seed=5, autoplay=True)
    assert session.game.over
    ruleset = nainjaune_rules.load_ruleset(name)
    game = Game(ruleset, session.game.n, 5, deals=1, record=True)
    game.play([make_player("lowest" if s == 1 else bots) for s in range(session.game.n)])
    assert session.game.deal_records == game.deal_records
    assert session.game.end_record == game.end_record
    winner = game.summaries[0].winner
    assert session.state()["log"][-1].startswith(f"The deal is won by seat {winner} ")


def test_a_deal_by_moves_replays() -> None:
    source = builtin_source("house/two-player-suits")
    session = DealSession(source, 2, 0, "greedy", seed=11)
    state = session.state()
    moves = 0
    while not state["over"]:
        assert state["your_turn"]
        playable = [m for card in state["hand"] for m in card["moves"]]
        assert playable or state["can_pass"]
        state = session.move((playable or ["pass"])[-1])  # the silent form when there are two
        moves += 1
    assert moves > 0
    with pytest.raises(ValueError, match="not your turn"):
        session.move("pass")
    doc = json.loads(session.transcript())
    assert doc["seats"] == ["human", "greedy"] and doc["options"]["deals"] == 1
    replay(doc, nainjaune_rules.load_ruleset("house/two-player-suits"))


def test_an_illegal_move_is_refused() -> None:
    session = DealSession(builtin_source("fr-sheet"), 4, 0, "lowest", seed=2)
    state = session.state()
    unplayable = [c["code"] for c in state["hand"] if not c["moves"]]
    assert unplayable  # in a 12-card hand, most cards cannot follow the run
    with pytest.raises(ValueError, match="not a legal move"):
        session.move(unplayable[0])
    assert session.state()["hand"] == state["hand"]


def test_quick_stats_are_simulate_s_figures() -> None:
    stats = QuickStats(builtin_source("fr-sheet"), games=200, seed=4)
    steps = 0
    while stats.step()["done"] < 200:
        steps += 1
    assert steps > 1  # it did come in chunks
    expected = simulate(nainjaune_rules.load_ruleset("fr-sheet"), 200, seed=4)
    assert stats.figures()["json"] == json.loads(json.dumps(to_json_dict(expected)))


def test_stopped_quick_stats_are_partial() -> None:
    stats = QuickStats(builtin_source("1902"), games=200)
    stats.step()
    figures = stats.figures()["json"]
    assert figures["partial"] is True and figures["games"] == stats.done < 200


def test_requests_answer_errors_in_words() -> None:
    assert json.loads(handle('{"cmd": "nope"}')) == {
        "ok": False, "error": "The playground has no request named “nope”."}
    answer = json.loads(handle(json.dumps({"cmd": "deal", "args": {"source": BROKEN,
                                                                   "players": 4}})))
    assert answer == {"ok": False, "error": "The ruleset has errors: see the diagnostics."}
    answer = json.loads(handle(json.dumps({"cmd": "stats", "args": {
        "source": builtin_source("fr-sheet"), "games": 10**9}})))
    assert answer == {"ok": False, "error": "“games” must be between 1 and 5000."}


def test_the_playground_needs_no_compiled_package() -> None:
    """yaml, jinja2, markupsafe and pygments have no pure wheel Pyodide could load: the
    playground's code paths run with all four made unimportable."""
    script = """
import json, sys
for name in ("yaml", "jinja2", "markupsafe", "pygments"):
    sys.modules[name] = None
from nainjaune_rules.playground.worker import handle
source = json.loads(handle(json.dumps({"cmd": "source", "args": {"name": "fr-sheet"}})))
for cmd, args in [("names", {}), ("builtins", {}), ("check", {}), ("compare", {"other": "1902"}),
                  ("deal", {"players": 4, "autoplay": True}), ("transcript", {}),
                  ("stats", {"games": 20}), ("stats-step", {}), ("stats-figures", {})]:
    text = {"source": source["result"]} if cmd in ("check", "compare", "deal", "stats") else {}
    request = {"cmd": cmd, "args": {**text, **args}}
    answer = json.loads(handle(json.dumps(request)))
    assert answer["ok"], (cmd, answer)
print("ok")
"""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            timeout=300, cwd=ROOT)
    assert result.stdout.strip() == "ok", result.stderr[-3000:]


def test_the_worker_imports_without_what_pyodide_lacks() -> None:
    """The browser's Python has no ``_multiprocessing``, and the build leaves out the
    standard modules of ``STDLIB_LEFT_OUT``: the worker's imports must need none of them
    (a module-level ``from multiprocessing import resource_tracker`` once stopped Python
    from starting in the page)."""
    import re
    import subprocess
    import sys
    from pathlib import Path

    build = Path(__file__).parents[2] / "tools" / "build_playground.py"
    listed = re.search(r"STDLIB_LEFT_OUT = \((.*?)\)", build.read_text(encoding="utf-8"), re.S)
    assert listed is not None
    left_out = [name.rstrip("/").removesuffix(".py")
                for name in re.findall(r'"([^"]+)"', listed.group(1))]
    assert "unittest" in left_out and "doctest" in left_out
    code = ("import sys\n"
            f"for name in {['_multiprocessing', *left_out]!r}: sys.modules[name] = None\n"
            "import nainjaune_rules.playground.worker\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
