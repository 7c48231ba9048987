"""The committed sweep of starting tokens of every built-in variant (issue 13, item 4):
complete, up to date, reproducible from its seed, rising with the purse, and read
as untrusted data (a corrupt file is a clear error, never a traceback)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

import nainjaune_rules
from nainjaune_rules.analysis import purse_grid
from nainjaune_rules.analysis.purse_grid import (
    PurseSweepError,
    load,
    parse,
    purse_values,
    stale,
    sweep_variant,
    to_json,
    variant_names,
)
from nainjaune_rules.analysis.sweep_grid import plan
from nainjaune_rules.cli.main import main as nainjaune
from nainjaune_rules.cli.purse_sweep import main as command
from nainjaune_rules.model.rules import EndKind, Shortfall

COMMITTED = load()


def test_every_builtin_variant_has_an_entry() -> None:
    """A new variant in rules/ without its figures fails here (and warns in the build)."""
    variants = variant_names()
    assert len(variants) >= 6
    missing = [name for name in variants if name not in COMMITTED]
    assert not missing, f"no purse sweep for {missing}; run: {purse_grid.COMMAND}"


@pytest.mark.parametrize("name", variant_names())
def test_each_entry_describes_the_variant_as_it_is(name: str) -> None:
    ruleset = nainjaune_rules.load_ruleset(name)
    assert stale(COMMITTED[name], ruleset) == ""
    assert COMMITTED[name].values == purse_values(ruleset)


def test_a_changed_variant_makes_its_entry_stale() -> None:
    entry, ruleset = COMMITTED["fr-sheet"], nainjaune_rules.load_ruleset("fr-sheet")
    assert stale(replace(entry, purse=60), ruleset) == "its purse is now 50, not 60"
    cards = nainjaune_rules.load_ruleset("fr-sheet", {"payment": "cards"})
    assert stale(entry, cards) == "its default table options changed"
    assert stale(replace(entry, points=entry.points[:3]), ruleset) == "the purses to try changed"
    assert stale(replace(entry, players=5), ruleset) == "its default table size changed"


def test_one_grid_point_played_again_gives_the_committed_figures() -> None:
    """fr-sheet at half its purse (the cheapest point: most games last one deal), with the
    file's own games, seed and seats: the same estimate and interval, digit for digit."""
    entry = COMMITTED["fr-sheet"]
    point = entry.points[0]
    again = sweep_variant("fr-sheet", entry.games, entry.seed, values=[point.tokens])
    assert again.seats == entry.seats and again.players == entry.players
    assert json.loads(to_json([again]))["variants"]["fr-sheet"]["points"] == [
        {"starting tokens": point.tokens, "value": point.value, "low": point.low,
         "high": point.high}]


def test_a_small_run_is_the_same_through_nainjaune_sweep(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The module plays exactly what the page's ``nainjaune sweep`` command plays."""
    mine = sweep_variant("cz-box", 12, 5, values=[49, 98])
    assert nainjaune(["sweep", "cz-box", "--vary", "starting tokens=49,98", "--games", "12",
                      "--seed", "5", "--players", str(mine.players), "--seats", "lowest",
                      "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert [(r["figure"]["value"], r["figure"]["low"], r["figure"]["high"]) for r in rows] == [
        (round(p.value, 6), round(p.low, 6), round(p.high, 6)) for p in mine.points]


@pytest.mark.parametrize("name", variant_names())
def test_deals_per_game_rise_with_the_purse(name: str) -> None:
    """The sweep test's invariant (tests/stats/test_sweep.py: more starting tokens make
    longer games) on the committed figures.  Where the game lasts a set number of deals
    and a player who runs short buys counters, no purse can change it: every game lasts
    exactly that number (1760: 10 deals with 5 players; 1902: 8 with 4)."""
    ruleset = nainjaune_rules.load_ruleset(name)
    entry = COMMITTED[name]
    deals = [p.value for p in entry.points]
    ends = {c.kind for c in ruleset.game_end.conditions}
    if ends == {EndKind.AFTER_DEALS} and ruleset.cannot_pay.rule is Shortfall.BUYS_FROM_BANK:
        [condition] = ruleset.game_end.conditions
        fixed = condition.deals_for(entry.players)
        assert all(p.low == p.value == p.high == fixed for p in entry.points), entry.points
    else:
        assert all(a < b for a, b in zip(deals, deals[1:], strict=False)), deals


def test_the_purses_tried() -> None:
    """×½, ×1, ×2, ×4; a purse of tokens by value keeps its make-up, so cz-box (3 worth 5,
    3 worth 4, 3 worth 3, 3 worth 2, 7 worth 1 = 49) cannot be halved, and wiki-modern
    (5 worth 10, 10 worth 5, 20 worth 1 = 120) moves in steps of 24: 60 becomes 72."""
    values = {n: purse_values(nainjaune_rules.load_ruleset(n)) for n in variant_names()}
    assert values["fr-sheet"] == (25, 50, 100, 200)
    assert values["1760"] == (400, 800, 1600, 3200)
    assert values["cz-box"] == (49, 98, 196)
    assert values["wiki-modern"] == (72, 120, 240, 480)


def test_sweep_scales_a_purse_of_tokens_by_value(capsys: pytest.CaptureFixture[str]) -> None:
    """``--vary 'starting tokens=98'`` on cz-box doubles every kind of token (before, the
    purse silently stayed 49 and every point gave the same figures)."""
    [(_, base), (_, double)] = plan("cz-box", {}, ["starting tokens=49,98"]).points
    assert double.starting_tokens.count == 98
    assert double.starting_tokens.denominations == tuple(
        (value, 2 * many) for value, many in base.starting_tokens.denominations)
    entry = COMMITTED["cz-box"]
    assert entry.points[0].value < entry.points[1].value
    assert nainjaune(["sweep", "cz-box", "--vary", "starting tokens=49,50", "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert "cannot be made worth 50" in err and "give a multiple of 49" in err
    assert "Traceback" not in err


# -- the file read as untrusted data -----------------------------------------------------

GOOD = (purse_grid.DATA).read_text(encoding="utf-8")


def _edited(change: str) -> str:
    data = json.loads(GOOD)
    exec(change, {"d": data})  # a one-line edit of the good document
    return json.dumps(data)


@pytest.mark.parametrize(("text", "message"), [
    ("{", "purse.json:1:2: not JSON"),
    ("[" * 100_000 + "]" * 100_000, "not a purse sweep"),
    ('{"format": 1, "format": 1}', "the key 'format' is given twice"),
    (GOOD.replace('"value": 8.0', '"value": NaN', 1), "NaN is not a number this file may hold"),
    ("[]", "expected an object"),
    (_edited("d['format'] = 1"), "this package reads format 2"),
    (_edited("d['variants']['1760']['points'][0]['buying']['high'] = 1.5"),
     "variants.1760.points[0].buying: a share of games lies between 0 and 1"),
    (_edited("del d['variants']['1760']['points'][0]['bought']"),
     "expected both 'buying' and 'bought', or neither"),
    (_edited("d['variants']['1760']['points'][0]['bought'] = [1, 2]"),
     "variants.1760.points[0].bought: expected an object"),
    (_edited("d['figure'] = 'opera'"), "purse.json.figure: the pages show length.deals_per_game"),
    (_edited("d['games'] = '300'"), "purse.json.games: expected a whole number, found str"),
    (_edited("d['games'] = True"), "purse.json.games: expected a whole number, found bool"),
    (_edited("d['seed'] = -1"), "purse.json.seed: -1 is out of range"),
    (_edited("del d['variants']"), "missing field 'variants'"),
    (_edited("d['variants']['fr-sheet']['points'][0]['low'] = 9"),
     "expected 0 <= low <= value <= high"),
    (_edited("d['variants']['fr-sheet']['points'][0]['high'] = 10**400"),
     ".points[0].high: 10000000000000000000 is out of range"),
    (_edited("d['variants']['fr-sheet']['points'].reverse()"), "not in increasing order"),
    (_edited("d['variants']['fr-sheet']['options'] = {'payment': 7}"),
     "variants.fr-sheet.options.payment: expected a text"),
    (_edited("d['seats'] = []"), "expected 1 to 8 seats"),
    (" " * (purse_grid.MAX_BYTES + 1), "larger than"),
])
def test_a_corrupt_file_is_a_clear_error(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "purse.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PurseSweepError) as caught:
        load(path)
    said = str(caught.value)
    assert message in said, said
    assert str(path) in said
    assert "hint: make the file again with: python -m nainjaune_rules.cli" in said


def test_an_unreadable_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(PurseSweepError, match="cannot be read"):
        load(tmp_path / "missing.json")
    (tmp_path / "latin1.json").write_bytes(b'{"x": "\xe9"}')
    with pytest.raises(PurseSweepError, match="not UTF-8 text"):
        load(tmp_path / "latin1.json")


def test_the_file_reads_back_as_written() -> None:
    assert parse(to_json(list(COMMITTED.values()))) == COMMITTED
    assert to_json(list(COMMITTED.values())) == GOOD


def test_the_command_writes_the_file_atomically(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as usage:
        command(["--games", "0"])
    assert usage.value.code == 2
    assert command(["--games", "1", "--out", str(tmp_path / "no" / "x.json")]) == 1
    assert "cannot write the file: the folder" in capsys.readouterr().err
    out = tmp_path / "sweep.json"
    assert command(["--games", "2", "--seed", "3", "--out", str(out)]) == 0
    written = load(out)
    assert sorted(written) == sorted(variant_names())
    assert {e.games for e in written.values()} == {2} and {e.seed for e in written.values()} == {3}
    assert [p.name for p in tmp_path.iterdir()] == ["sweep.json"]  # no temporary file left
