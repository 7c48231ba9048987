"""Time to check generated ruleset files that stress the compiler (not a timed test).

    python benchmarks/bench_check.py [--errors 4000] [--options 2000] [--repeat 1]

Prints, for each generated file, its size, the number of diagnostics and the
wall-clock time of compiling it in this process (parser already built):

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
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from nainjaune_rules.model.compiler import check_file
from nainjaune_rules.syntax.loader import MAX_RULESET_BYTES
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--errors", type=int, default=4000)
    parser.add_argument("--options", type=int, default=2000)
    args = parser.parse_args()
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
