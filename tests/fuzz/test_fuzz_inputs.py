"""Fuzzing the command line with hostile files: every one is refused (or accepted) cleanly.

Inputs, each written to a file in a scratch folder (the working directory while
the command runs, so a path named by the data can only point there):

- ``nainjaune check FILE``: random bytes, random Unicode, and the built-in
  rulesets mutated (lines deleted, duplicated, swapped; characters inserted; words
  swapped, dropped or replaced; the file cut short);
- ``nainjaune replay FILE``: a golden transcript with random JSON mutations
  (values replaced by other types, huge or non-finite numbers, deep nesting;
  keys deleted; items dropped or repeated; the text cut short);
- ``nainjaune play fr-sheet --deck FILE``: random deck files (shuffled decks
  with a card dropped, repeated or misspelt; random codes; random text and bytes).

Whatever the input: the exit status is 0, 1 or 2, nothing says "internal error"
or prints a traceback, and the output stays under 100 KB.  The commands run in
process through ``nainjaune_rules.cli.main.main`` (fast); a handful also run as
real processes.  Hypothesis is derandomised (tests/conftest.py) and the example
counts are bounded, so the inputs are the same on every run and the whole file
takes well under a minute.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mutations import mutate_lines

from nainjaune_rules.cli.main import main
from nainjaune_rules.core.cards import RANK_CODES, SUIT_CODES, SUIT_SYMBOLS
from nainjaune_rules.syntax.resources import rules_dir

LIMIT = 100_000  # bytes of output, stdout and stderr together
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "transcripts" / "fr-sheet.json"
RULE_FILES = sorted(p.relative_to(rules_dir()) for p in rules_dir().rglob("*.nj"))
CODES = [r + s for r in RANK_CODES for s in SUIT_CODES]


def fuzz_settings(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.fixture(scope="session")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A scratch folder holding a copy of the built-in rulesets (for ``include``/``extends``)."""
    folder = tmp_path_factory.mktemp("fuzz")
    shutil.copytree(rules_dir(), folder / "rules")
    return folder


# ---- running the command and judging what it did -----------------------------------------


def run_main(argv: list[str], cwd: Path) -> tuple[int, str]:
    """Exit status and everything printed, as a terminal would receive it (strict UTF-8)."""
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    with (contextlib.chdir(cwd), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err),
          _stdin_closed()):
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse and friends: a status, not a crash
            code = exc.code if isinstance(exc.code, int) else 1
        out.flush()
        err.flush()
    printed = (out.buffer.getvalue() + err.buffer.getvalue())  # type: ignore[attr-defined]
    return code, printed.decode("utf-8")


@contextlib.contextmanager
def _stdin_closed() -> Iterator[None]:
    """An empty stdin: a command that waits for a person must not wait for the test."""
    saved = sys.stdin
    sys.stdin = io.StringIO("")
    try:
        yield
    finally:
        sys.stdin = saved


def assert_clean(code: int, printed: str, what: str) -> None:
    assert code in (0, 1, 2), f"{what}: exit status {code}\n{printed[-2000:]}"
    assert "internal error" not in printed, f"{what}: {printed[-2000:]}"
    assert "Traceback" not in printed, f"{what}: {printed[-2000:]}"
    size = len(printed.encode("utf-8"))
    assert size < LIMIT, f"{what}: {size} bytes of output"


def try_input(kind: str, tally: Counter[str], argv: list[str], cwd: Path) -> None:
    tally[kind] += 1
    code, printed = run_main(argv, cwd)
    assert_clean(code, printed, f"nainjaune {' '.join(argv)}")
    tally[kind + " ok"] += 1


# ---- nainjaune check FILE -----------------------------------------------------------------


@fuzz_settings(120)
@given(data=st.binary(max_size=3000))
def test_check_random_bytes(data: bytes, work: Path, tally: Counter[str]) -> None:
    (work / "bytes.nj").write_bytes(data)
    try_input("check: random bytes", tally, ["check", "bytes.nj"], work)


# every code point, control characters, bidi marks and surrogates included
unicode_text = st.text(st.characters(codec=None, exclude_categories=()), max_size=1500)


@fuzz_settings(120)
@given(text=unicode_text)
def test_check_random_unicode(text: str, work: Path, tally: Counter[str]) -> None:
    (work / "unicode.nj").write_bytes(text.encode("utf-8", "surrogatepass"))
    try_input("check: random unicode", tally, ["check", "unicode.nj"], work)


line_ops = st.lists(st.tuples(st.integers(0, 7), st.integers(0, 10**4), st.integers(0, 10**4),
                              st.text(max_size=6)), min_size=1, max_size=8)


@fuzz_settings(150)
@given(name=st.sampled_from(RULE_FILES), ops=line_ops)
def test_check_mutated_builtin_files(name: Path, ops: list, work: Path,
                                     tally: Counter[str]) -> None:
    text = (rules_dir() / name).read_text(encoding="utf-8")
    # beside the copies of the built-in files, so that their includes resolve
    target = work / "rules" / name.parent / f"mutated-{name.name}"
    target.write_bytes(mutate_lines(text, ops).encode("utf-8", "surrogatepass"))
    try_input("check: mutated built-in file", tally,
              ["check", target.relative_to(work).as_posix()], work)


# ---- nainjaune replay FILE ----------------------------------------------------------------

# raw JSON put in place of a value: what json.dumps would not write itself
RAW_VALUES = ["1" * 5000, "-" + "9" * 400, "Infinity", "-Infinity", "NaN", "1e999", "-0.0",
              "[" * 5000 + "]" * 5000, '{"a":' * 3000 + "1" + "}" * 3000, '"\\ud800"',
              '"\\u0000"', "1.5", "true", "null", "[]", "{}"]
_RAW = "\x00raw{}\x00"

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(["fr-sheet", "1760", "house/1902-per-card",
                                              "nainjaune-transcript/1", "pass", "7D", "sans"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=8)


def _children(node: Any) -> list[Any]:
    if isinstance(node, dict):
        return list(node)
    if isinstance(node, list):
        return list(range(len(node)))
    return []


def mutate_json(doc: Any, data: st.DataObject) -> str:
    """One random mutation somewhere in ``doc`` (changed in place), as JSON text."""
    parent, key = None, None
    node = doc
    # walk down to a random place; deeper places are as likely as shallow ones
    while _children(node) and data.draw(st.integers(0, 3), label="descend") > 0:
        parent, key = node, data.draw(st.sampled_from(_children(node)), label="child")
        node = node[key]
    op = data.draw(st.sampled_from(["replace", "raw", "delete", "repeat", "wrap", "stringify"]),
                   label="op")
    raw = None
    if parent is None:  # the document itself
        if op == "raw":
            return data.draw(st.sampled_from(RAW_VALUES))
        return json.dumps(data.draw(json_values), allow_nan=True)
    if op == "replace":
        parent[key] = data.draw(json_values)
    elif op == "raw":
        raw = data.draw(st.sampled_from(RAW_VALUES))
        parent[key] = _RAW
    elif op == "delete":
        del parent[key]
    elif op == "repeat" and isinstance(parent, list):
        parent.insert(key, parent[key])
    elif op == "wrap":
        parent[key] = [node]
    else:
        parent[key] = json.dumps(node)
    text = json.dumps(doc, indent=1, allow_nan=True)
    return text.replace(json.dumps(_RAW), raw) if raw is not None else text


GOLDEN_TEXT = GOLDEN.read_text(encoding="utf-8")


# Found by this test on 2026-12-01 (hygiene branch), all "internal error", exit 3: no deals
# (DeckExhausted); "players": Infinity (OverflowError); JSON nested a few thousand deep
# (RecursionError); a 5,000-digit integer (ValueError: integer string conversion limit).
# Fixed on branch replay (schema validation and bounded reading before any replay).
@fuzz_settings(150)
@given(data=st.data(), count=st.integers(1, 3))
def test_replay_mutated_transcript(data: st.DataObject, count: int, work: Path,
                                   tally: Counter[str]) -> None:
    text = GOLDEN_TEXT
    for _ in range(count):
        try:
            doc = json.loads(text)
        except (ValueError, RecursionError):
            break  # a raw value already made it unreadable: that is the input
        text = mutate_json(doc, data)
    (work / "game.json").write_text(text, encoding="utf-8", errors="surrogatepass")
    try_input("replay: mutated transcript", tally, ["replay", "game.json"], work)


@fuzz_settings(40)
@given(cut=st.integers(0, len(GOLDEN_TEXT)), extra=st.text(max_size=5))
def test_replay_cut_transcript(cut: int, extra: str, work: Path, tally: Counter[str]) -> None:
    (work / "cut.json").write_text(GOLDEN_TEXT[:cut] + extra, encoding="utf-8",
                                   errors="surrogatepass")
    try_input("replay: cut transcript", tally, ["replay", "cut.json"], work)


# ---- nainjaune play fr-sheet --deck FILE --------------------------------------------------

JUNK_CODES = ["1C", "11D", "KX", "ZZ", "7", "10", "7♦", "q♠", "qs", "AH,", "#", "0S", "7D7D"]


def _deck_line(data: st.DataObject) -> str:
    kind = data.draw(st.integers(0, 3), label="line kind")
    if kind == 0:  # a whole deck, perhaps spoilt once
        cards = data.draw(st.permutations(CODES), label="deck")
        spoil = data.draw(st.integers(0, 4), label="spoil")
        at = data.draw(st.integers(0, len(cards) - 1), label="at")
        if spoil == 1:
            del cards[at]
        elif spoil == 2:
            cards.insert(at, cards[(at + 1) % len(cards)])
        elif spoil == 3:
            cards[at] = data.draw(st.sampled_from(JUNK_CODES), label="junk")
        elif spoil == 4:
            cards[at] = cards[at][:-1] + SUIT_SYMBOLS[SUIT_CODES.index(cards[at][-1])]
        return " ".join(cards)
    if kind == 1:
        codes = st.sampled_from(CODES + JUNK_CODES)
        return data.draw(st.sampled_from([" ", "\t", "  "])).join(
            data.draw(st.lists(codes, max_size=60), label="codes"))
    if kind == 2:
        return "# " + data.draw(st.text(max_size=20), label="comment")
    return data.draw(st.text(max_size=80), label="text")


@fuzz_settings(100)
@given(data=st.data())
def test_play_random_deck_file(data: st.DataObject, work: Path, tally: Counter[str]) -> None:
    lines = [_deck_line(data) for _ in range(data.draw(st.integers(0, 4), label="lines"))]
    newline = data.draw(st.sampled_from(["\n", "\r\n", "\r"]), label="newline")
    (work / "deck.txt").write_text(newline.join(lines), encoding="utf-8", errors="surrogatepass")
    try_input("play --deck: random deck file", tally,
              ["play", "fr-sheet", "--deck", "deck.txt"], work)


@fuzz_settings(40)
@given(raw=st.binary(max_size=600))
def test_play_random_bytes_deck_file(raw: bytes, work: Path, tally: Counter[str]) -> None:
    (work / "deck.bin").write_bytes(raw)
    try_input("play --deck: random bytes", tally, ["play", "fr-sheet", "--deck", "deck.bin"], work)


# ---- a few through a real process: nothing reaches stderr as a traceback -------------------


def _subprocess_inputs() -> list[Any]:
    rng = random.Random("fuzz-subprocess")

    def bytes_file(folder: Path) -> list[str]:
        (folder / "noise.nj").write_bytes(bytes(rng.randrange(256) for _ in range(800)))
        return ["check", "noise.nj"]

    def control_chars(folder: Path) -> list[str]:
        text = (rules_dir() / "fr-sheet.nj").read_text(encoding="utf-8")
        (folder / "ctrl.nj").write_text(text.replace("Nain", "N\x1b[31m\u202eain", 1),
                                        encoding="utf-8")
        return ["check", "ctrl.nj"]

    def huge_seed(folder: Path) -> list[str]:
        (folder / "huge.json").write_text(
            GOLDEN_TEXT.replace('"seed": 1', '"seed": ' + "1" * 5000, 1), encoding="utf-8")
        return ["replay", "huge.json"]

    def deep_json(folder: Path) -> list[str]:
        (folder / "deep.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
        return ["replay", "deep.json"]

    def bad_deck(folder: Path) -> list[str]:
        cards = CODES[:]
        rng.shuffle(cards)
        cards[17] = "KX"
        (folder / "deck.txt").write_text(" ".join(cards) + "\n", encoding="utf-8")
        return ["play", "fr-sheet", "--deck", "deck.txt"]

    return [("bytes", bytes_file), ("control characters", control_chars),
            ("5000-digit seed", huge_seed), ("deep JSON", deep_json), ("bad deck", bad_deck)]


@pytest.mark.parametrize(("what", "make"), _subprocess_inputs(),
                         ids=["bytes", "control-characters", "5000-digit-seed", "deep-json",
                              "bad-deck"])
def test_real_process_prints_no_traceback(what: str, make: Callable[[Path], list[str]],
                                          tmp_path: Path, tally: Counter[str]) -> None:
    argv = make(tmp_path)
    tally["real process"] += 1
    result = subprocess.run([sys.executable, "-m", "nainjaune_rules", *argv], cwd=tmp_path,
                            capture_output=True, timeout=120)
    printed = (result.stdout + result.stderr).decode("utf-8", "replace")
    assert_clean(result.returncode, printed, f"{what}: nainjaune {' '.join(argv)}")
    tally["real process ok"] += 1
