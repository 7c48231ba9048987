"""Time and memory to check generated ruleset files that stress the compiler (not a timed test).

    python benchmarks/bench_check.py [--shapes NAME ...] [--scaling] [--errors N] [--options N]

First, the 1 MB targets: each shape of :data:`SHAPES` (a file just under the
1 MB bound, and the include bomb) is checked by ``nainjaune check`` in a fresh
process; printed are its wall-clock time, its CPU time (user + system: what the
check costs, whatever else the machine runs), its peak resident memory
(``resource.getrusage(RUSAGE_CHILDREN)``) and the end of its output.  The targets
are 5 s and 300 MB for any of them (issue 20); ``--shapes`` picks some by name.

With ``--scaling``, also, for each generated file below, its size, the number of
diagnostics and the wall-clock time of compiling it in this process (parser
already built):

* a ruleset with N syntax errors (one wrong word per statement), which the parser
  reports one by one;
* a ruleset with N semantic errors (the same clause written again and again);
* a ruleset with N table options of two choices each, which the compiler checks
  under every single change of choice;
* the largest file that is read (just under 1 MB) of valid lines (source
  declarations); a bigger file is refused before it is parsed.

Each is also timed at half its size: compiling is near-linear when the ratio of
the two times stays near 2.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from nainjaune_rules.model.compiler import check_file
from nainjaune_rules.syntax.limits import MAX_RULESET_BYTES
from nainjaune_rules.syntax.parser import ruleset_parser

HEAD = """\
ruleset bench
title "Generated for a benchmark"
period "now"
evidence reconstructed

players: 3 to 4                                  [inferred "r"]
ranks: A 2 3 4 5 6 7 8 9 10 J Q K                [inferred "r"]
deal:                                            [inferred "r"]
    3 players: 15 cards each
    4 players: 12 cards each
dealing: one card at a time, clockwise           [inferred "r"]
first dealer: by lot                             [inferred "r"]
next dealer: the player on the left              [inferred "r"]
play: clockwise                                  [inferred "r"]
first lead: the player on the left               [inferred "r"]
board:                                           [inferred "r"]
    7D "the yellow dwarf": stake 5
stakes: every player                             [inferred "r"]
leftovers: stay                                  [inferred "r"]
starting tokens: 50                              [inferred "r"]
runs: any suit                                   [inferred "r"]
play on: compulsory                              [inferred "r"]
continuing: compulsory                           [inferred "r"]
after a king: the player leads a new run         [inferred "r"]
nobody can continue: the last player leads a new run  [inferred "r"]
game ends: when a player cannot stake            [inferred "r"]
winner: most tokens                              [inferred "r"]
cannot pay in full: pays what they have          [inferred "r"]
"""


def syntax_errors(n: int) -> str:
    return HEAD + "".join(f"runs: any zuit{i}   [inferred \"r\"]\n" for i in range(n))


def semantic_errors(n: int) -> str:
    return HEAD + "".join(f"winner: most tokens   [inferred \"again {i}\"]\n" for i in range(n))


def options(n: int) -> str:
    return HEAD + "".join(
        f'option o{i} "option number {i}":  [inferred "r"]\n'
        f"    a (default):\n"
        f'        starting tokens: {50 + i % 7}  [inferred "r"]\n'
        f"    b: nothing changes\n"
        for i in range(n))


def valid_lines(size: int) -> str:
    line = 'source s{:07} "fr" "a source declared to make the file bigger"\n'
    return HEAD + "".join(line.format(i) for i in range((size - len(HEAD)) // len(line.format(0))))


def measure(name: str, make: Callable[[int], str], n: int, folder: Path) -> float:
    path = folder / f"{name}.nj"
    path.write_text(make(n), encoding="utf-8")
    start = time.perf_counter()
    _, diagnostics = check_file(str(path))
    seconds = time.perf_counter() - start
    size = path.stat().st_size
    print(f"{name:16} n={n:>7,}  {size:>10,} bytes  {len(diagnostics):>6,} diagnostics  "
          f"{seconds:8.3f} s")
    return seconds


# ---- the 1 MB targets, each in a fresh process -----------------------------------------------

TARGET_SECONDS, TARGET_MB = 5.0, 300
_ROOM = MAX_RULESET_BYTES - 200


def _fill(unit: Callable[[int], str], head: str = HEAD) -> str:
    """``head`` then ``unit(0)``, ``unit(1)``… up to just under 1 MB (bytes, as read)."""
    out, size, i = [head], len(head.encode()), 0
    while size + len(unit(i).encode()) <= _ROOM:
        out.append(unit(i))
        size += len(unit(i).encode())
        i += 1
    return "".join(out)


def _include_bomb(folder: Path, depth: int = 16) -> Path:
    """Each of ``depth`` files includes the next twice (2**depth expansions, once each
    file was expanded per include)."""
    for k in range(1, depth):
        (folder / f"f{k}.nj").write_text(f'include "f{k + 1}.nj"\n' * 2)
    (folder / f"f{depth}.nj").write_text('source leaf "fr" "a leaf"\n'
                                         'call on stopping: "stop!"   [inferred "r"]\n')
    (folder / "root.nj").write_text(HEAD + 'include "f1.nj"\n' * 2)
    return folder / "root.nj"


_CARDS = ["QS", "KH", "7D", "10C"]
#: name -> the file's text, or a function writing the files into a folder and naming the root
SHAPES: dict[str, Callable[[], str] | Callable[[Path], Path]] = {
    "syntax-errors": lambda: _fill(lambda i: f'runs: any zuit{i}   [inferred "r"]\n'),
    "wrong-short-lines": lambda: _fill(lambda i: "x\n", ""),
    "semantic-errors": lambda: _fill(lambda i: f'winner: most tokens   [inferred "again {i}"]\n'),
    "options": lambda: _fill(lambda i: f'option o{i} "q{i}":  [inferred "r"]\n'
                             f"    a (default):\n"
                             f'        starting tokens: {50 + i % 7}  [inferred "r"]\n'
                             f"    b: nothing changes\n"),
    "huge-title": lambda: HEAD.replace('"Generated for a benchmark"',
                                       '"' + "a" * (_ROOM - len(HEAD)) + '"'),
    "huge-wrong-line": lambda: HEAD + "x " * ((_ROOM - len(HEAD)) // 2) + "\n",
    "control-characters": lambda: HEAD + "\x01" * (_ROOM - len(HEAD)),
    "control-lines": lambda: _fill(lambda i: "\x01\n"),
    "tabs-in-quotes": lambda: HEAD + 'title "' + "\t" * (_ROOM - len(HEAD) - 10) + '"\n',
    "deep-indent": lambda: _fill(lambda i: " " * (i % 2000) + "x\n"),
    "indent-errors": lambda: _fill(lambda i: 'board:\n      7D "x": stake 5\n   7D "y": stake 5\n'),
    "sources": lambda: _fill(lambda i: f'source s{i} "fr" "d"\n'),
    "long-sources": lambda: _fill(
        lambda i: f'source s{i:07} "fr" "a source declared to make the file bigger"\n'),
    "unknown-sources-cited": lambda: _fill(
        lambda i: f'call on stopping: "x" [t{i:05} ¶1]\n',
        HEAD + "".join(f'source s{i:05} "fr" "d"\n' for i in range(8000))),
    "wrong-effects": lambda: _fill(lambda i: f"when {_CARDS[i % 4]} is played: the player "
                                   f'collects box 7D   [inferred "r{i}"]\n'),
    "bad-names": lambda: _fill(lambda i: f"ruleset Mémé{i}\n"),
    "bad-cards": lambda: _fill(lambda i: "stop cards: KX 1D ZZ QQ\n"),
    "a-rank-every-two-bytes": lambda: HEAD.replace(
        "ranks: A 2 3 4 5 6 7 8 9 10 J Q K ", "ranks: " + "A " * ((_ROOM - len(HEAD)) // 2)),
    "stop-cards": lambda: HEAD + "stop cards: " + "QS " * ((_ROOM - len(HEAD)) // 3 - 10) + "\n",
    "rank-names": lambda: HEAD + "rank names: " + "a " * ((_ROOM - len(HEAD)) // 2 - 10) + "\n",
    "player-counts": lambda: HEAD.replace(
        "players: 3 to 4 ", "players: 3" + ", 3" * ((_ROOM - len(HEAD)) // 3 - 10)),
    "end-conditions": lambda: HEAD.replace(
        "game ends: when a player cannot stake", "game ends: when a player cannot stake"
        + ", after 9 deals" * ((_ROOM - len(HEAD)) // 15 - 10)),
    "include-bomb-16": _include_bomb,
}

_MEASURE = """\
import resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run([sys.executable, "-m", "nainjaune_rules", "check", sys.argv[1]],
                      capture_output=True, text=True)
wall = time.perf_counter() - start
use = resource.getrusage(resource.RUSAGE_CHILDREN)
last = (done.stdout.strip().splitlines() or ["?"])[-1]
print(f"{wall:.2f} {use.ru_utime + use.ru_stime:.2f} {use.ru_maxrss / 1024:.0f} "
      f"{done.returncode} {last[-70:]}")
"""


def measure_shape(name: str, folder: Path) -> None:
    make = SHAPES[name]
    shape_dir = folder / name
    shape_dir.mkdir()
    if name.startswith("include-bomb"):
        path = make(shape_dir)  # type: ignore[call-arg]
    else:
        path = shape_dir / f"{name}.nj"
        path.write_text(make(), encoding="utf-8")  # type: ignore[call-arg, arg-type]
    size = sum(p.stat().st_size for p in shape_dir.iterdir())
    out = subprocess.run([sys.executable, "-c", _MEASURE, str(path)], capture_output=True,
                         text=True, check=True).stdout.strip().split(maxsplit=4)
    wall, cpu, rss = float(out[0]), float(out[1]), float(out[2])
    over = " OVER" if cpu > TARGET_SECONDS or rss > TARGET_MB else ""
    print(f"{name:24} {size:>10,} B  wall {wall:6.2f} s  cpu {cpu:6.2f} s  "
          f"rss {rss:5.0f} MB  exit {out[3]}{over}  {out[4] if len(out) > 4 else ''}",
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shapes", nargs="*", choices=sorted(SHAPES), metavar="NAME",
                        help="the 1 MB shapes to measure (all by default)")
    parser.add_argument("--scaling", action="store_true",
                        help="also time generated files at half and full size, in process")
    parser.add_argument("--errors", type=int, default=4000)
    parser.add_argument("--options", type=int, default=2000)
    args = parser.parse_args()
    print(f"targets: {TARGET_SECONDS:.0f} s of CPU and {TARGET_MB} MB for each shape")
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.shapes or SHAPES:
            measure_shape(name, Path(tmp))
    if args.scaling:
        scaling(args)


def scaling(args: argparse.Namespace) -> None:
    ruleset_parser()  # built once per process; not part of what is measured
    line_bytes = MAX_RULESET_BYTES - 100
    cases: list[tuple[str, Callable[[int], str], int]] = [
        ("syntax-errors", syntax_errors, args.errors),
        ("semantic-errors", semantic_errors, args.errors),
        ("options", options, args.options),
        ("valid-1MB", valid_lines, line_bytes),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        for name, make, n in cases:
            half = measure(name, make, n // 2, Path(tmp))
            full = measure(name, make, n, Path(tmp))
            print(f"{'':16} time ratio for twice the size: {full / max(half, 1e-9):.1f}")


if __name__ == "__main__":
    main()
