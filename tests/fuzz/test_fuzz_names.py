"""Hostile names: a file name or an argument value that holds terminal commands.

Issue 20 (defect 7): file names reached the terminal raw in ``check``,
``compare``, ``diff``, ``--deck``, ``--out`` and ``--seats``.  Here every
command runs with file names and argument values holding ESC (``\\x1b[31m``,
an OSC title), BEL, the C1 CSI ``\\x9b``, the bidi controls U+202E and U+2066,
the bidi marks U+200E, U+200F and U+061C, and a newline (a NUL cannot be in a
command line).  Whatever it is, nothing of it reaches stdout or stderr raw: no
C0 control but tab, newline and CR, no C1 control, no bidi control or mark;
the exit status is the one expected (0, 1 or 2), with no traceback; a newline
in a value never starts a line of its own (it would let a name forge a message);
and a message about the value names it, so escaping never hides what is at fault.

Most inputs run in process through ``main([...])`` (fast); a representative set
runs as real processes (``python -m nainjaune_rules.cli.main``), where the
streams are the interpreter's own.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from nainjaune_rules.cli import purse_sweep
from nainjaune_rules.cli.main import main
from nainjaune_rules.syntax.resources import rules_dir

SURFACE = "hostile names"
LIMIT = 100_000  # bytes of output, stdout and stderr together
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "transcripts" / "fr-sheet.json"

#: what may not reach a terminal: every C0 control but tab, newline and CR; DEL and C1;
#: the bidi embeddings, overrides and isolates; the bidi marks; lone surrogates (written
#: out here rather than taken from core.textsafe, so that the test checks that module too)
RAW = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069"
                 "\u200e\u200f\u061c\ud800-\udfff]")

#: what a newline in a value would print as a line of its own, if it were not escaped
FORGED = "fake: ok"
PIECES = {
    "esc": "\x1b[31m",
    "osc-title": "\x1b]0;owned\x07",
    "bel": "\x07",
    "c1-csi": "\x9b2J",
    "rlo": "\u202e",
    "lri": "\u2066",
    "lrm": "\u200e",
    "rlm": "\u200f",
    "alm": "\u061c",
    "newline": f"\n{FORGED}",
    # bytes that are not UTF-8 (0xff, and 0x9b: CSI on an 8-bit terminal), as Python
    # reads them from a file name or the command line: lone surrogates
    "not-utf8": "\udcff\udc9b2J",
}
#: the word every hostile value holds, so that a message about it can be recognised
MARK = "hostile"


def hostile(piece: str) -> str:
    return f"{MARK}{piece}x"


# ---- the scene: files with hostile names, in a folder of their own ---------------------


class Scene:
    """The files a command is given, for one hostile piece, named with it."""

    def __init__(self, folder: Path, piece: str):
        self.folder = folder
        self.value = hostile(piece)
        self.ruleset = f"{self.value}.nj"  # a valid ruleset (a copy of 1760)
        self.bad = f"bad{self.value}.nj"  # one with an error
        self.deck = f"deck{self.value}.txt"  # a deck file with a bad code
        self.game = f"game{self.value}.json"  # a transcript replay accepts
        shutil.copy(rules_dir() / "1760.nj", folder / self.ruleset)
        (folder / self.bad).write_text("ruleset bad\nno such clause\n", encoding="utf-8")
        (folder / self.deck).write_text("AC ZZ\n", encoding="utf-8")
        shutil.copy(GOLDEN, folder / self.game)


@pytest.fixture(scope="module")
def scenes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Scene]:
    root = tmp_path_factory.mktemp("names")
    made = {}
    for name, piece in PIECES.items():
        folder = root / name
        folder.mkdir()
        made[name] = Scene(folder, piece)
    return made


# ---- the inputs: (argv, the exit statuses expected, whether the output names the value) --

Case = tuple[list[str], set[int], bool]
FAST_SWEEP = ["--vary", "players=3,5", "--games", "2"]


def _ruleset_files(s: Scene) -> list[Case]:
    v = s.value
    return [
        (["check", s.ruleset], {0}, True),
        (["check", s.bad], {1}, True),
        (["check", f"nofile{v}.nj"], {1}, True),
        (["check", "--seed", v, "1760"], {2}, True),
        # argparse: unrecognized arguments (with a space, as in "\nfake: ok", a file name)
        (["check", f"--{v}", "1760"], {1, 2}, True),
        (["show", s.ruleset], {0}, False),
        (["show", s.bad], {1}, True),
        (["show", "1760", "--option", f"chief-hoc={v}"], {1}, True),
        (["show", "1760", "--option", f"{v}=1"], {1}, True),
        (["compile", s.ruleset, "--format", "json"], {0}, False),
        (["compile", "1760", "--format", v], {2}, True),  # argparse: invalid choice
        (["compile", f"nofile{v}"], {1}, True),
        (["compare", "1760", s.ruleset], {0}, True),
        (["compare", "1760", s.ruleset, "--option", f"{v}=1"], {1}, True),
        (["compare", "1760", s.bad], {1}, True),
        (["compare", "1760", "--width", v], {2}, True),
        (["diff", "1760", s.ruleset], {0}, True),
        (["diff", s.bad, "1760"], {1}, True),
        ([v], {2}, True),  # not a command
    ]


def _play_and_replay(s: Scene) -> list[Case]:
    v = s.value
    return [
        (["play", "1760", "--deck", s.deck], {1}, True),
        (["play", "1760", "--deck", f"nodeck{v}.txt"], {1}, True),
        (["play", "1760", "--deals", "1", "--out", f"out{v}.txt"], {0}, False),
        (["play", "1760", "--deals", "1", "--format", "json", "--out", f"out{v}.json"], {0},
         False),
        (["play", "1760", "--out", f"nofolder{v}/game.txt"], {1}, True),
        (["play", "1760", "--seats", v], {2}, True),
        (["play", "1760", "--seats", f"random:{v}=1"], {2}, True),
        (["play", "1760", "--players", v], {2}, True),
        (["play", "1760", "--option", f"ruin={v}"], {1}, True),
        (["play", s.ruleset, "--deals", "1"], {0}, False),
        # the human seat tells the game on stdout; stdin is empty, so it is abandoned
        (["play", s.ruleset, "--seats", "human", "--deals", "1"], {1}, False),
        (["play", "1760", "--dealer", v], {2}, True),
        (["play", s.bad], {1}, True),
        (["replay", s.game], {0}, True),
        (["replay", f"nogame{v}.json"], {1}, True),
        (["replay", s.game, "--ruleset", f"noruleset{v}"], {1}, True),
        (["replay", s.deck], {1}, True),  # not JSON
    ]


def _simulate_and_sweep(s: Scene) -> list[Case]:
    v = s.value
    return [
        (["simulate", s.ruleset, "--games", "2"], {0}, True),
        (["simulate", s.ruleset, "--games", "2", "--format", "json"], {0}, True),
        (["simulate", "1760", "--games", "2", "--seats", v], {2}, True),
        (["simulate", "1760", "--games", "2", "--cluster", v], {1, 2}, True),
        (["simulate", "1760", "--games", v], {2}, True),
        (["simulate", s.bad, "--games", "2"], {1}, True),
        (["sweep", s.ruleset, *FAST_SWEEP], {0}, False),
        (["sweep", "1760", "--vary", f"{v}=1,2", "--games", "2"], {2}, True),
        (["sweep", "1760", "--vary", f"players=3,{v}", "--games", "2"], {2}, True),
        (["sweep", "1760", *FAST_SWEEP, "--figure", v], {2}, True),
        (["sweep", "1760", *FAST_SWEEP, "--target", v], {2}, True),
        (["sweep", "1760", *FAST_SWEEP, "--option", f"{v}=1"], {1, 2}, True),
        (["sweep", "1760", *FAST_SWEEP, "--svg", f"chart{v}.svg"], {0}, False),
        (["sweep", "1760", *FAST_SWEEP, "--svg", f"nofolder{v}/chart.svg"], {1, 2}, True),
        (["check", "--simulate", "2", s.ruleset], {0, 1}, True),
    ]


GROUPS: dict[str, Callable[[Scene], list[Case]]] = {
    "rulesets": _ruleset_files, "play-replay": _play_and_replay,
    "simulate-sweep": _simulate_and_sweep,
}


# ---- running a command and judging what it printed --------------------------------------


@contextlib.contextmanager
def _captured() -> Iterator[tuple[io.TextIOWrapper, io.TextIOWrapper]]:
    """stdout and stderr as a terminal receives them (strict UTF-8), stdin empty."""
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    saved = sys.stdin
    sys.stdin = io.StringIO("")  # a command that waits for a person must not wait here
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            yield out, err
    finally:
        sys.stdin = saved


def run_in_process(command: Callable[[list[str]], int], argv: list[str],
                   cwd: Path) -> tuple[int, str, str]:
    with contextlib.chdir(cwd), _captured() as (out, err):
        try:
            code = command(argv)
        except SystemExit as exc:  # argparse's own exit, in purse_sweep
            code = exc.code if isinstance(exc.code, int) else 1
        out.flush()
        err.flush()
        return (code, out.buffer.getvalue().decode("utf-8"),  # type: ignore[attr-defined]
                err.buffer.getvalue().decode("utf-8"))  # type: ignore[attr-defined]


def assert_safe(code: int, out: str, err: str, expected: set[int], named: bool,
                what: str) -> None:
    printed = out + err
    shown = f"{what}\n--- stdout\n{out[-1500:]}\n--- stderr\n{err[-1500:]}"
    assert code in expected, f"exit status {code}, expected {expected}: {shown}"
    assert "Traceback" not in printed and "internal error" not in printed, shown
    raw = RAW.search(printed)
    assert raw is None, f"raw {raw.group()!r} at {raw.start()}: {shown}"
    assert len(printed.encode("utf-8")) < LIMIT, shown
    if named:  # the message says which value is at fault (escaped, not dropped)
        assert MARK in printed, shown
    # a newline in a value is escaped too: it cannot start a line of its own
    forged = [line for line in printed.splitlines() if line.startswith(FORGED)]
    assert not forged, f"a line forged by a value: {shown}"


def try_input(tally: Counter[str], command: Callable[[list[str]], int], case: Case,
              cwd: Path, prog: str = "nainjaune") -> tuple[str, str]:
    argv, expected, named = case
    tally[SURFACE] += 1
    code, out, err = run_in_process(command, argv, cwd)
    assert_safe(code, out, err, expected, named, f"{prog} {argv!r}")
    tally[SURFACE + " ok"] += 1
    return out, err


@pytest.mark.parametrize("group", GROUPS)
@pytest.mark.parametrize("piece", PIECES)
def test_every_command_shows_a_hostile_name_escaped(piece: str, group: str,
                                                    scenes: dict[str, Scene],
                                                    tally: Counter[str]) -> None:
    scene = scenes[piece]
    for case in GROUPS[group](scene):
        try_input(tally, main, case, scene.folder)


@pytest.mark.parametrize("piece", PIECES)
def test_list_shows_a_hostile_entry_of_the_rules_folder_escaped(
        piece: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        tally: Counter[str]) -> None:
    from nainjaune_rules.syntax import resources

    rules = tmp_path / "rules"
    rules.mkdir()
    shutil.copy(rules_dir() / "1760.nj", rules / "1760.nj")
    (rules / f"{hostile(PIECES[piece])}.nj").write_text("ruleset x\n", encoding="utf-8")
    monkeypatch.setattr(resources, "rules_dir", lambda: rules)
    try_input(tally, main, (["list"], {0}, True), tmp_path)


@pytest.mark.parametrize("piece", PIECES)
def test_simulate_json_names_the_ruleset_exactly_and_stays_json(
        piece: str, scenes: dict[str, Scene], tally: Counter[str]) -> None:
    """Escaping on the way out keeps JSON valid: the name reads back as it was given."""
    scene = scenes[piece]
    out, _ = try_input(tally, main, (["simulate", scene.ruleset, "--games", "2", "--format",
                                      "json"], {0}, True), scene.folder)
    assert scene.ruleset in set(_strings(json.loads(out)))


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


@pytest.mark.parametrize("piece", PIECES)
def test_purse_sweep_shows_a_hostile_argument_escaped(piece: str, scenes: dict[str, Scene],
                                                      tally: Counter[str]) -> None:
    scene, v = scenes[piece], scenes[piece].value
    prog = "python -m nainjaune_rules.cli.purse_sweep"
    for case in [(["--games", v], {2}, True), ([f"--{v}"], {2}, True),
                 (["--workers", v], {2}, True)]:
        try_input(tally, purse_sweep.main, case, scene.folder, prog)


def test_purse_sweep_names_a_hostile_out_folder_escaped(scenes: dict[str, Scene],
                                                        tally: Counter[str]) -> None:
    # one piece only: the sweep plays every variant before it writes
    scene = scenes["osc-title"]
    try_input(tally, purse_sweep.main,
              (["--games", "1", "--out", f"nofolder{scene.value}/sweep.json"], {1}, True),
              scene.folder, "python -m nainjaune_rules.cli.purse_sweep")


# ---- real processes: the interpreter's own streams -----------------------------------------

ALL = "".join(PIECES.values())  # every piece in one name


def _real_process_cases(s: Scene) -> list[tuple[str, Case]]:
    v = s.value
    main_module = [sys.executable, "-m", "nainjaune_rules.cli.main"]
    return [(" ".join(main_module[1:]), case) for case in [
        (["check", s.ruleset], {0}, True),
        (["compare", "1760", s.ruleset], {0}, True),
        (["diff", s.bad, "1760"], {1}, True),
        (["compile", "1760", "--format", v], {2}, True),
        (["play", "1760", "--deck", s.deck], {1}, True),
        (["play", "1760", "--seats", v], {2}, True),
        (["play", "1760", "--out", f"nofolder{v}/game.txt"], {1}, True),
        (["replay", s.game], {0}, True),
        (["simulate", s.ruleset, "--games", "2", "--format", "json"], {0}, True),
        (["sweep", "1760", "--vary", f"{v}=1,2", "--games", "2"], {2}, True),
        ([v], {2}, True),
    ]] + [("-m nainjaune_rules.cli.purse_sweep", (["--games", v], {2}, True))]


@pytest.fixture(scope="module")
def everything(tmp_path_factory: pytest.TempPathFactory) -> Scene:
    return Scene(tmp_path_factory.mktemp("everything"), ALL)


@pytest.mark.parametrize("index", range(12))
def test_a_real_process_shows_every_hostile_piece_escaped(index: int, everything: Scene,
                                                          tally: Counter[str]) -> None:
    module, (argv, expected, named) = _real_process_cases(everything)[index]
    tally[SURFACE] += 1
    done = subprocess.run([sys.executable, *module.split(), *argv], cwd=everything.folder,
                          capture_output=True, timeout=300)
    assert_safe(done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8"),
                expected, named, f"{module} {argv!r}")
    tally[SURFACE + " ok"] += 1


def test_the_real_process_cases_are_all_run(everything: Scene) -> None:
    assert len(_real_process_cases(everything)) == 12
