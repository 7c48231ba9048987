"""Fuzzing what a ruleset pulls in, and how long its texts are.

Surfaces of the tally:

- "include graphs": fan-out includes (two per file, 16 and 32 deep; a ladder of
  distinct files), diamonds, a file including itself, files including each other,
  symbolic-link loops (a link to itself, two links to each other, a folder link to
  itself), links and paths out of the folder, a pipe, a folder and a device named by
  ``include`` or ``extends``, hard links, the 1 MB and 256-file bounds of one load.
  Each runs ``nainjaune check`` in a fresh process, killed past a time bound, whose
  peak memory is measured: it must end (exit 0 or 1), with the expected diagnostic.
- "long texts": a text one character over its bound, and a 200 kB one, in every place a
  ruleset carries text; refused at the text (``too-long``, file:line:col), and a text
  exactly at its bound accepted.
- "1 MB files": the shapes of 1 MB file that cost most to check (benchmarks/bench_check.py
  measures their time), each checked in a fresh process under a memory bound.
"""

from __future__ import annotations

import os
import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from fuzz_process import Run, run_bounded

# the language tests' small valid ruleset ("ruleset mini"), one copy for both
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "language"))
from language_support import MINIMAL as HEAD  # noqa: E402

from nainjaune_rules.model.compiler import check_file
from nainjaune_rules.syntax.limits import (
    MAX_LOAD_FILES,
    MAX_PROBLEMS,
    NAME_MAX,
    RANK_NAME_MAX,
    TEXT_DEFAULT,
    TEXT_LIMITS,
)

#: seconds a case may take on a busy machine (each takes well under one alone)
SECONDS = 90
#: peak memory of one check, generously: the 1 MB shapes stay near 300 MB
MEMORY_MB = 600

LEAF = 'source leaf "fr" "a leaf"\ncall on stopping: "stop!"   [inferred "r"]\n'


def check_bounded(root: Path) -> Run:
    return run_bounded(["check", root.name], root.parent, SECONDS)


def judge(run: Run, tally: Counter[str], surface: str, code: int, kinds: set[str],
          printed: int = 100_000) -> None:
    """The run ended in time with status ``code``, saying each kind, in bounded memory,
    printing fewer than ``printed`` characters."""
    tally[surface] += 1
    assert run.code is not None, f"killed after {SECONDS} s"
    assert run.code == code, run.out
    assert "internal error" not in run.out and "Traceback" not in run.out, run.out
    said = set(re.findall(r"(?:error|warning)\[([a-z-]+)\]", run.out))
    assert kinds <= said, (kinds - said, run.out)
    assert run.rss_mb < MEMORY_MB, f"{run.rss_mb:.0f} MB"
    assert run.size < printed
    tally[surface + " ok"] += 1


# ---- include graphs ------------------------------------------------------------------------

def _fan_out(folder: Path, depth: int) -> Path:
    """Each file includes the next one twice: 2**depth expansions if each were expanded."""
    for k in range(1, depth):
        (folder / f"f{k}.nj").write_text(f'include "f{k + 1}.nj"\n' * 2)
    (folder / f"f{depth}.nj").write_text(LEAF)
    (folder / "root.nj").write_text(HEAD + 'include "f1.nj"\n' * 2)
    return folder / "root.nj"


def _ladder(folder: Path, depth: int) -> Path:
    """Two distinct files per level, each including both of the next level."""
    for k in range(1, depth):
        for side in "ab":
            (folder / f"{side}{k}.nj").write_text(f'include "a{k + 1}.nj"\ninclude "b{k + 1}.nj"\n')
    (folder / f"a{depth}.nj").write_text(LEAF)
    (folder / f"b{depth}.nj").write_text("# the other leaf\n")
    (folder / "root.nj").write_text(HEAD + 'include "a1.nj"\ninclude "b1.nj"\n')
    return folder / "root.nj"


def _diamond(folder: Path) -> Path:
    (folder / "left.nj").write_text('include "shared.nj"\n')
    (folder / "right.nj").write_text('include "shared.nj"\n')
    (folder / "shared.nj").write_text(LEAF)
    (folder / "root.nj").write_text(HEAD + 'include "left.nj"\ninclude "right.nj"\n')
    return folder / "root.nj"


def _includes(line: str, **files: str) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        for name, text in files.items():
            (folder / f"{name}.nj").write_text(text)
        (folder / "root.nj").write_text(HEAD + line + "\n")
        return folder / "root.nj"
    return make


def _linked(line: str, links: dict[str, str], folders: tuple[str, ...] = ()
            ) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        for name in folders:
            (folder / name).mkdir()
        for name, target in links.items():
            os.symlink(target, folder / name)
        (folder / "root.nj").write_text(HEAD + line + "\n")
        return folder / "root.nj"
    return make


def _fifo(line: str, name: str = "pipe.nj", link: str = "") -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        os.mkfifo(folder / name)  # nobody ever writes: opening it to read would wait forever
        if link:
            os.symlink(name, folder / link)
        (folder / "root.nj").write_text(HEAD + line + "\n")
        return folder / "root.nj"
    return make


def _hard_link(folder: Path) -> Path:
    (folder / "shared.nj").write_text(LEAF)
    os.link(folder / "shared.nj", folder / "same.nj")
    (folder / "root.nj").write_text(HEAD + 'include "shared.nj"\ninclude "same.nj"\n')
    return folder / "root.nj"


def _too_big(folder: Path) -> Path:
    block = "# " + "x" * 97 + "\n"
    for name in ("a", "b", "c"):
        (folder / f"{name}.nj").write_text(block * 4_000)  # 400 kB each
    (folder / "root.nj").write_text(HEAD + "".join(f'include "{n}.nj"\n' for n in "abc"))
    return folder / "root.nj"


def _many_files(folder: Path) -> Path:
    for k in range(MAX_LOAD_FILES + 10):
        (folder / f"f{k}.nj").write_text("# nothing\n")
    (folder / "root.nj").write_text(
        HEAD + "".join(f'include "f{k}.nj"\n' for k in range(MAX_LOAD_FILES + 10)))
    return folder / "root.nj"


def _outside(folder: Path) -> Path:
    outside = folder.parent / f"{folder.name}-outside.nj"
    outside.write_text(LEAF)
    os.symlink(outside, folder / "out.nj")
    (folder / "root.nj").write_text(HEAD + 'include "out.nj"\n')
    return folder / "root.nj"


def _extends_loop(folder: Path) -> Path:
    os.symlink("base.nj", folder / "base.nj")
    (folder / "root.nj").write_text('ruleset child\nextends "base.nj"\n')
    return folder / "root.nj"


GRAPHS: dict[str, tuple[Callable[[Path], Path], int, set[str]]] = {
    # name: (make the files, exit status, diagnostic kinds said)
    "fan-out 16 deep": (lambda f: _fan_out(f, 16), 0, {"include-twice"}),
    "fan-out 32 deep": (lambda f: _fan_out(f, 32), 1, {"too-deep"}),
    "ladder 16 deep": (lambda f: _ladder(f, 16), 0, set()),
    "ladder 31 deep": (lambda f: _ladder(f, 31), 0, set()),
    "diamond": (_diamond, 0, set()),
    "hard link": (_hard_link, 0, set()),
    "itself": (_includes('include "root.nj"'), 1, {"include-cycle"}),
    "each other": (_includes('include "a.nj"', a='include "b.nj"\n', b='include "a.nj"\n'),
                   1, {"include-cycle"}),
    "back to the root": (_includes('include "a.nj"', a='include "root.nj"\n'),
                         1, {"include-cycle"}),
    "link to itself": (_linked('include "self.nj"', {"self.nj": "self.nj"}), 1, {"link-loop"}),
    "links to each other": (_linked('include "a.nj"', {"a.nj": "b.nj", "b.nj": "a.nj"}),
                            1, {"link-loop"}),
    "folder link to itself": (_linked('include "loop/x.nj"', {"loop": "loop"}),
                              1, {"link-loop"}),
    "folder link up, then out": (_linked('include "d/up/../../x.nj"', {"d/up": ".."}, ("d",)),
                                 1, {"path-outside"}),
    "link out of the folder": (_outside, 1, {"path-outside"}),
    "link to a device": (_linked('include "zero.nj"', {"zero.nj": "/dev/zero"}),
                         1, {"path-outside"}),
    "dot-dot": (_includes('include "../x.nj"'), 1, {"path-outside"}),
    "absolute": (_includes('include "/etc/passwd"'), 1, {"path-outside"}),
    "a pipe": (_fifo('include "pipe.nj"'), 1, {"not-a-file"}),
    "a link to a pipe": (_fifo('include "link.nj"', link="link.nj"), 1, {"not-a-file"}),
    "a folder": (_linked('include "dir.nj"', {}, ("dir.nj",)), 1, {"not-a-file"}),
    "extends a pipe": (_fifo('extends "pipe.nj"'), 1, {"not-a-file"}),
    "extends a link loop": (_extends_loop, 1, {"link-loop"}),
    "over 1 MB in all": (_too_big, 1, {"too-large"}),
    "over 256 files": (_many_files, 1, {"too-many-files"}),
}


@pytest.mark.parametrize("name", list(GRAPHS))
def test_include_graph_ends_in_time_and_memory(name: str, tmp_path: Path,
                                               tally: Counter[str]) -> None:
    make, code, kinds = GRAPHS[name]
    folder = tmp_path / "rules"
    folder.mkdir()
    root = make(folder)
    judge(check_bounded(root), tally, "include graphs", code, kinds)


def test_a_load_over_the_bound_names_the_chain_at_the_line(tmp_path: Path) -> None:
    root = _too_big(tmp_path)
    _, found = check_file(str(root))
    [big] = [d for d in found if d.kind == "too-large"]
    # a.nj and b.nj (800 kB) fit with the root; c.nj goes over, at its include line
    assert big.file.endswith("root.nj") and (big.line, big.column) == (HEAD.count("\n") + 3, 9)
    assert "more than 1,000,000 bytes in all" in big.message
    assert "root.nj → " in big.message and big.message.endswith("c.nj")


def test_a_file_included_from_two_places_is_read_once(tmp_path: Path) -> None:
    ruleset, found = check_file(str(_diamond(tmp_path)))
    assert ruleset is not None, found
    assert not found  # no "declared twice", no warning: a diamond is fine
    assert [s.id for s in ruleset.sources] == ["leaf"]


def test_the_parent_keeps_what_it_includes_when_the_child_includes_it_too(
        tmp_path: Path) -> None:
    (tmp_path / "shared.nj").write_text(LEAF)
    (tmp_path / "base.nj").write_text(HEAD.replace("ruleset mini", "ruleset base")
                                      + 'include "shared.nj"\n')
    (tmp_path / "child.nj").write_text('ruleset child\nextends "base.nj"\ninclude "shared.nj"\n'
                                       'winner: most tokens  [leaf ¶1]\n')
    ruleset, found = check_file(str(tmp_path / "child.nj"))
    assert ruleset is not None, found
    assert ruleset.calls and [s.id for s in ruleset.sources] == ["leaf"]


# ---- long texts ------------------------------------------------------------------------------

def _at(line: str, prefix: str) -> tuple[str, int]:
    """The ruleset with ``line`` added, and the column where the text starts."""
    return line, len(prefix) + 1


#: every place a ruleset carries text: (grammar rule, place) → a line with TEXT in it
PLACES: dict[tuple[str, int], str] = {
    ("title", 0): 'title "TEXT"',
    ("period", 0): 'period "TEXT"',
    ("source", 0): 'source s2 "TEXT" "a source"',
    ("source", 1): 'source s2 "fr" "TEXT"',
    ("attested", 0): 'opera: out on the first turn  [leaf ¶1; inferred "TEXT"]',
    ("inferred", 0): 'opera: out on the first turn  [inferred "TEXT"]',
    ("house", 0): 'opera: out on the first turn  [house "TEXT"]',
    ("box", 0): 'board:  [inferred "r"]\n    7D "TEXT": stake 5',
    ("call", 0): 'call on stopping: "TEXT"  [inferred "r"]',
    ("announcement", 0): 'announce a box card as "TEXT", forgetting forfeits nothing'
                         '  [inferred "r"]',
    ("option", 0): 'option o "TEXT":  [inferred "r"]\n    a (default): nothing changes\n'
                   '    b: nothing changes',
    ("include", 0): 'include "TEXT"',
    ("extends", 0): 'extends "TEXT"',
}
NAMES = {
    "ruleset": "ruleset TEXT",
    "option": 'option TEXT "q":  [inferred "r"]\n    a (default): nothing changes',
    "choice": 'option o "q":  [inferred "r"]\n    TEXT (default): nothing changes',
    "source id": 'source TEXT "fr" "a source"',
    "citation": "opera: out on the first turn  [TEXT ¶1]",
}


def test_every_bounded_place_is_tried() -> None:
    assert set(PLACES) == set(TEXT_LIMITS)


def _ruleset_with(line: str) -> str:
    body = HEAD.replace("title \"Minimal\"\n", "").replace("ruleset mini\n", "")
    if line.startswith(("title", "ruleset")):
        head = "ruleset fuzz\n" if line.startswith("title") else 'title "t"\n'
        return head + line + "\n" + body
    if line.startswith("board:"):
        body = body.replace('board:                                           [inferred "r"]\n'
                            '    7D "the yellow dwarf": stake 5\n', "")
    return "ruleset fuzz\ntitle \"t\"\n" + LEAF.splitlines()[0] + "\n" + body + line + "\n"


def _try_text(template: str, text: str, tmp_path: Path) -> list[tuple[str, int, int]]:
    path = tmp_path / "long.nj"
    path.write_text(_ruleset_with(template.replace("TEXT", text)), encoding="utf-8")
    _, found = check_file(str(path))
    return [(d.kind, d.line, d.column) for d in found if d.is_error]


def _where(template: str) -> tuple[int, int]:
    """Line and column of TEXT's first character in the file _ruleset_with writes."""
    text = _ruleset_with(template)
    before = text[: text.index("TEXT")]
    line = before.count("\n") + 1
    return line, len(before) - before.rfind("\n")


CASES = [(f"{rule} {place}", template, TEXT_LIMITS[(rule, place)][1], True)
         for (rule, place), template in PLACES.items()]
CASES += [(f"name: {what}", template, NAME_MAX, False) for what, template in NAMES.items()]
CASES.append(("rank name", "rank names: TEXT 2 3 4 5 6 7 8 9 10 J Q K  [inferred \"r\"]",
              RANK_NAME_MAX, False))


@pytest.mark.parametrize(("what", "template", "most", "quoted"), CASES,
                         ids=[c[0] for c in CASES])
@pytest.mark.parametrize("over", [1, 200_000])
def test_a_text_over_its_bound_is_refused_at_the_text(
        what: str, template: str, most: int, quoted: bool, over: int, tmp_path: Path,
        tally: Counter[str]) -> None:
    tally["long texts"] += 1
    letter = "a" if quoted else "n"
    found = _try_text(template, letter * (most + over), tmp_path)
    line, column = _where(template)
    column -= quoted  # the quote opens the text
    assert found == [("too-long", line, column)], found
    tally["long texts ok"] += 1


@pytest.mark.parametrize(("what", "template", "most", "quoted"), CASES,
                         ids=[c[0] for c in CASES])
def test_a_text_at_its_bound_is_not_too_long(what: str, template: str, most: int,
                                             quoted: bool, tmp_path: Path) -> None:
    found = _try_text(template, ("a" if quoted else "n") * most, tmp_path)
    assert "too-long" not in {kind for kind, _, _ in found}


def test_any_other_quoted_text_has_the_default_bound() -> None:
    from nainjaune_rules.syntax.lengths import text_limit

    assert text_limit("some_new_rule", "STRING", 0) == TEXT_DEFAULT
    assert text_limit("players_list", "INT", 0) is None  # numbers: bounded by their digits


# ---- 1 MB files ------------------------------------------------------------------------------

def _fill(unit: Callable[[int], str], head: str = HEAD) -> str:
    """``head`` then ``unit(0)``, ``unit(1)``… up to just under 1 MB (bytes, as read)."""
    out, size, i = [head], len(head.encode()), 0
    while size + len(unit(i).encode()) < 999_000:
        out.append(unit(i))
        size += len(unit(i).encode())
        i += 1
    return "".join(out)


#: the 1 MB shapes that cost most before the bounds (benchmarks/bench_check.py has them all)
WORST = {
    "a control character on every byte": lambda: HEAD + "\x01" * 990_000 + "\n",
    "a wrong line every two bytes": lambda: _fill(lambda i: "x\n", ""),
    "a rank every two bytes": lambda: HEAD.replace(
        "ranks: A 2 3 4 5 6 7 8 9 10 J Q K ", "ranks: " + "A " * 495_000),
    "unknown sources cited": lambda: _fill(
        lambda i: f'call on stopping: "x" [t{i:05} ¶1]\n',
        HEAD + "".join(f'source s{i:05} "fr" "d"\n' for i in range(8000))),
}


@pytest.mark.parametrize("name", list(WORST))
def test_a_1mb_worst_shape_checks_in_bounded_memory(name: str, tmp_path: Path,
                                                     tally: Counter[str]) -> None:
    path = tmp_path / "big.nj"
    path.write_text(WORST[name](), encoding="utf-8")
    assert 900_000 < path.stat().st_size <= 1_000_000
    run = check_bounded(path)
    # 200 diagnostics, each quoting a window of its line (a control character shows as
    # four): under 1 kB each
    judge(run, tally, "1 MB files", 1, set(), printed=200_000)
    assert run.out.count("error[") <= MAX_PROBLEMS + 1
