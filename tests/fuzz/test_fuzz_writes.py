"""Fuzzing what commands write and the sweep's arguments (issue 20, defects 1, 7 and 8).

Surfaces, each counted in the fuzz tally:

- ``output paths``: every command that writes a file a user names (``play --out``,
  ``sweep --svg``, the purse-sweep command's ``--out``) against each kind of thing a path
  may be (a link to a file, a dangling link, a loop of links, a FIFO, a device node, a
  folder, a path in a missing folder, a read-only folder), and against hostile file
  names.  Each runs as a real process with a timeout (a FIFO must not hang it): exit 1,
  one line on stderr, no traceback, no raw control or bidi character, and the target as
  it was (the device still a device, the link still a link pointing where it did).
  With ``--follow-links`` a link is written through and stays a link.
- ``sweep arguments``: hostile or out-of-range arguments of ``nainjaune sweep``, refused
  before any game is played: the games are counted through the simulation the sweep
  calls (monkeypatched in process), not timed.
- ``svg text``: the sweep's chart with hostile ruleset, parameter and value names (``<``,
  ``&``, ``]]>``, controls, lone surrogates, bidi) is well-formed XML, parsed back.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import os
import stat
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nainjaune_rules.analysis import simulation
from nainjaune_rules.analysis.sweep_grid import Point, Vary, plan
from nainjaune_rules.cli.main import main
from nainjaune_rules.core.safewrite import write_output
from nainjaune_rules.pages.sweep_render import render_svg

ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
#: what must never reach the terminal raw: ESC, BEL, CR, the bidi overrides and marks
RAW = ("\x1b", "\x07", "\r", "\u202e", "\u2066", "\u200f")

#: the commands that write a file, each with its option for the file (first game quick)
WRITERS: dict[str, list[str]] = {
    "play --out": ["-m", "nainjaune_rules", "play", "fr-sheet", "--deals", "1",
                   "--format", "json", "--out"],
    "sweep --svg": ["-m", "nainjaune_rules", "sweep", "fr-sheet", "--vary", "players=3",
                    "--games", "1", "--svg"],
    "purse sweep --out": ["-m", "nainjaune_rules.cli.purse_sweep", "--games", "1", "--out"],
}


# ---- the kinds of target ---------------------------------------------------------------


def _snapshot(path: Path) -> tuple[Any, ...]:
    """What must not change: the kind of file, its inode, where a link points, the text."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return ("absent",)
    kind = stat.S_IFMT(info.st_mode)
    link = os.readlink(path) if stat.S_ISLNK(info.st_mode) else None
    text = path.read_bytes() if stat.S_ISREG(info.st_mode) else None
    return (kind, info.st_ino, info.st_rdev, link, text)


def link_to_file(folder: Path) -> tuple[Path, list[Path]]:
    (folder / "real.txt").write_text("the old file\n", encoding="utf-8")
    (folder / "link").symlink_to("real.txt")
    return folder / "link", [folder / "real.txt"]


def dangling_link(folder: Path) -> tuple[Path, list[Path]]:
    (folder / "link").symlink_to("nowhere.txt")
    return folder / "link", [folder / "nowhere.txt"]


def link_loop(folder: Path) -> tuple[Path, list[Path]]:
    (folder / "a").symlink_to("b")
    (folder / "b").symlink_to("a")
    return folder / "a", [folder / "b"]


def fifo(folder: Path) -> tuple[Path, list[Path]]:
    os.mkfifo(folder / "fifo")
    return folder / "fifo", []


def device(folder: Path) -> tuple[Path, list[Path]]:
    if not ROOT:
        pytest.skip("making a device node needs root")
    os.mknod(folder / "null", 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # a /dev/null
    return folder / "null", []


def a_folder(folder: Path) -> tuple[Path, list[Path]]:
    (folder / "dir").mkdir()
    (folder / "dir" / "inside.txt").write_text("kept\n", encoding="utf-8")
    return folder / "dir", [folder / "dir" / "inside.txt"]


def missing_folder(folder: Path) -> tuple[Path, list[Path]]:
    return folder / "missing" / "out.txt", [folder / "missing"]


def read_only_folder(folder: Path) -> tuple[Path, list[Path]]:
    if ROOT:
        pytest.skip("root may write in a read-only folder")
    (folder / "ro").mkdir()
    (folder / "ro").chmod(0o555)
    return folder / "ro" / "out.txt", [folder / "ro" / "out.txt"]


TARGETS: dict[str, tuple[Callable[[Path], tuple[Path, list[Path]]], str]] = {
    "a link to a file": (link_to_file, "it is a symbolic link"),
    "a dangling link": (dangling_link, "it is a symbolic link"),
    "a loop of links": (link_loop, "it is a symbolic link"),
    "a FIFO": (fifo, "it is a named pipe (FIFO)"),
    "a device": (device, "it is a device"),
    "a folder": (a_folder, "it is a folder"),
    "a missing folder": (missing_folder, "does not exist"),
    "a read-only folder": (read_only_folder, "Permission denied"),
}


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    # a FIFO opened for writing would block until a reader comes: the timeout says so
    return subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True, text=True,
                          timeout=240, stdin=subprocess.DEVNULL)


def _assert_refused(out: subprocess.CompletedProcess[str], said: str) -> None:
    lines = out.stderr.strip().splitlines()
    assert out.returncode == 1, out.stderr
    assert len(lines) == 1 and said in lines[0], out.stderr
    assert "Traceback" not in out.stderr and "internal error" not in out.stderr
    assert not any(c in out.stderr for c in RAW), out.stderr


@pytest.mark.parametrize("target", list(TARGETS))
@pytest.mark.parametrize("writer", list(WRITERS))
def test_every_writer_refuses_what_is_not_a_regular_file(
        writer: str, target: str, tmp_path: Path, tally: Counter[str]) -> None:
    make, said = TARGETS[target]
    path, others = make(tmp_path)  # may skip: counted once made
    tally["output paths"] += 1
    before = [_snapshot(p) for p in [path, *others]]
    out = _run([*WRITERS[writer], str(path)], tmp_path)
    _assert_refused(out, said)
    assert [_snapshot(p) for p in [path, *others]] == before
    assert not [p for p in tmp_path.rglob(".*.tmp")]  # no temporary file left
    tally["output paths ok"] += 1


@pytest.mark.parametrize("writer", list(WRITERS))
def test_a_followed_link_is_written_through_and_stays_a_link(
        writer: str, tmp_path: Path, tally: Counter[str]) -> None:
    tally["output paths"] += 2
    link, (real,) = link_to_file(tmp_path)
    out = _run([*WRITERS[writer], str(link), "--follow-links"], tmp_path)
    assert out.returncode == 0, out.stderr
    assert link.is_symlink() and os.readlink(link) == "real.txt"
    assert real.read_text(encoding="utf-8") != "the old file\n"
    loop, _ = link_loop(tmp_path)
    _assert_refused(_run([*WRITERS[writer], str(loop), "--follow-links"], tmp_path),
                    "a loop of symbolic links")
    tally["output paths ok"] += 2


HOSTILE_NAMES = ["\x1b[2J\x1b]0;owned\x07", "\u202eevil\u2066", "line\nbreak", "cr\rhere",
                 "tab\there", "\u200f\u061c", "-dash", " ", "é\u0301"]


@pytest.mark.parametrize("name", HOSTILE_NAMES)
@pytest.mark.parametrize("writer", list(WRITERS))
def test_a_hostile_file_name_is_one_escaped_line(writer: str, name: str, tmp_path: Path,
                                                 tally: Counter[str]) -> None:
    tally["output paths"] += 1
    path = tmp_path / name / "missing" / "out.txt"  # its folder does not exist
    out = _run([*WRITERS[writer], str(path)], tmp_path)
    _assert_refused(out, "does not exist")
    assert not (tmp_path / name).exists()
    tally["output paths ok"] += 1


# ---- sweep arguments: refused before any game ----------------------------------------------


@contextlib.contextmanager
def _counted_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The games each point of a sweep asks the simulation for, counted (then played)."""
    asked: list[int] = []
    real = simulation.simulate

    def counting(ruleset: Any, games: int, **kwargs: Any) -> Any:
        asked.append(games)
        return real(ruleset, 1, **kwargs)  # one game: the test needs figures, not many

    monkeypatch.setattr(simulation, "simulate", counting)
    yield asked


def _sweep(argv: list[str], cwd: Path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(cwd), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(["sweep", *argv])
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    return code, out.getvalue() + err.getvalue()


BASE = ["fr-sheet", "--vary", "starting tokens=20,40", "--games", "3"]
HOSTILE_SWEEPS: list[list[str]] = [
    # numbers out of range or not numbers
    ["--games", "0"], ["--games", "-1"], ["--games", "10" + "0" * 30], ["--games", "1e3"],
    ["--games", "٣"], ["--players", "0"], ["--players", "1"], ["--players", "53"],
    ["--players", "10" + "0" * 30], ["--players", "9"], ["--max-deals", "0"],
    ["--max-deals", "10" + "0" * 30], ["--workers", "0"], ["--workers", "100000"],
    # the grid
    ["--vary", "players=0"], ["--vary", "players=3,99"], ["--vary", "players=3,9"],
    ["--vary", "players=" + "9" * 40], ["--vary", "players=３"], ["--vary", "players=3,3"],
    ["--vary", "stake ZZ=5"], ["--vary", "stake 7D=" + "9" * 12], ["--vary", "luck=1,2"],
    ["--vary", "starting tokens=20", "--players", "3", "--vary", "players=3"],
    ["--vary", "\x1b[2J=1"], ["--option", "payment=nope"], ["--option", "nonsense"],
    # the figure and the target: checked before the games, not after them
    ["--figure", "luck"], ["--figure", ""], ["--figure", "\x1b]0;owned\x07"],
    ["--figure", "deals per game\u202e"], ["--figure", "deals\x00per game"],
    ["--target", "luck>=5"], ["--target", "deals per game>="], ["--target", ">=5"],
    ["--target", "deals per game>=1e999"], ["--target", "\u202edeals per game>=5"],
    # the seats
    ["--seats", "human"], ["--seats", "wizard"], ["--seats", "lowest,lowest,lowest"],
    ["--seats", "random:forget=2"], ["--seats", ","],
]


@pytest.mark.parametrize("extra", HOSTILE_SWEEPS, ids=lambda a: repr(a)[:60])
def test_a_hostile_sweep_is_refused_before_any_game(
        extra: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        tally: Counter[str]) -> None:
    tally["sweep arguments"] += 1
    with _counted_games(monkeypatch) as asked:
        code, printed = _sweep([*BASE, *extra], tmp_path)
    assert code == 2, printed
    assert asked == []  # no point was played
    assert "Traceback" not in printed and "internal error" not in printed
    assert not any(c in printed for c in RAW), printed
    tally["sweep arguments ok"] += 1


@pytest.mark.parametrize("target", ["a FIFO", "a device", "a folder", "a missing folder",
                                    "a link to a file", "a loop of links"])
def test_a_bad_svg_path_is_refused_before_any_game(
        target: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        tally: Counter[str]) -> None:
    make, said = TARGETS[target]
    path, _ = make(tmp_path)
    tally["sweep arguments"] += 1
    with _counted_games(monkeypatch) as asked:
        code, printed = _sweep([*BASE, "--svg", str(path)], tmp_path)
    assert code == 1 and said in printed and printed.count("\n") == 1, printed
    assert asked == []
    tally["sweep arguments ok"] += 1


def test_the_counting_sees_the_games_of_a_good_sweep(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # the control of the tests above: the same sweep, well asked, plays both points
    with _counted_games(monkeypatch) as asked:
        code, printed = _sweep([*BASE, "--figure", "deals per game",
                                "--target", "deals per game>=1", "--svg",
                                str(tmp_path / "chart.svg")], tmp_path)
    assert code == 0, printed
    assert asked == [3, 3]
    ET.parse(tmp_path / "chart.svg")


# ---- svg text ---------------------------------------------------------------------------

PIECES = ["<", ">", "&", "]]>", "<![CDATA[", "\"", "'", "\x00", "\x01", "\x1b", "\x7f", "\x85",
          "\ud800", "\udfff", "\ufffe", "\uffff", "\u202e", "\u2066", "\u200f", "&amp;",
          "<script>", "\n", "\t", "\r", "--", "<!--", "?>", "é", "♦", "\U0001f0a1"]


@pytest.fixture(scope="module")
def one_point() -> Point:
    ((values, ruleset),) = plan("fr-sheet", {}, ["players=3"]).points
    return Point(values, simulation.simulate(ruleset, 1, players=3))


@settings(max_examples=300, deadline=None, suppress_health_check=[
    HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(texts=st.lists(st.lists(st.sampled_from(PIECES) | st.characters(), max_size=12)
                      .map("".join), min_size=4, max_size=4))
def test_the_chart_is_xml_whatever_the_names(texts: list[str], one_point: Point,
                                             tmp_path_factory: pytest.TempPathFactory,
                                             tally: Counter[str]) -> None:
    tally["svg text"] += 1
    ruleset_name, parameter, value, other = texts
    figures = dataclasses.replace(one_point.figures, name=ruleset_name)
    points = [Point(((parameter or "p", value or "v"), (other or "o", "1")), figures),
              Point(((parameter or "p", value + "2"), (other or "o", "1")), figures)]
    varies = [Vary(parameter or "p", "option", (value or "v", value + "2")),
              Vary(other or "o", "option", ("1",))]
    svg = render_svg(points, varies, "deals per game")
    root = ET.fromstring(svg)  # well-formed XML 1.0, or this raises
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert not any(c in svg for c in ("\x1b", "\u202e", "\u2066", "\u200f"))
    path = tmp_path_factory.mktemp("svg") / "chart.svg"
    write_output(str(path), svg)  # and it can be written as UTF-8
    ET.parse(path)
    tally["svg text ok"] += 1
