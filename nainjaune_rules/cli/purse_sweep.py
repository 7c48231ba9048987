"""``python -m nainjaune_rules.cli.purse_sweep``: make the site's purse sweeps again.

Plays :mod:`nainjaune_rules.outputs.stats.purse_sweep` for every built-in
variant and writes the file the site's ruleset pages read (atomically, with
``--out``; to standard output without it)::

    python -m nainjaune_rules.cli.purse_sweep --games 300 --seed 0 \\
        --out nainjaune_rules/outputs/stats/data/purse-sweep.json
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from nainjaune_rules.cli.common import (
    MAX_GAMES,
    MAX_WORKERS,
    CliError,
    bounded_int,
    worker_count,
    write_text_atomic,
)
from nainjaune_rules.cli.main import SafeParser
from nainjaune_rules.core.textsafe import terminal_safe


def main(argv: Sequence[str] | None = None) -> int:
    from nainjaune_rules.outputs.stats import purse_sweep as ps

    parser = SafeParser(
        prog="python -m nainjaune_rules.cli.purse_sweep",
        description="Sweep the purse of every built-in variant against deals per game, "
                    "for the site's ruleset pages.")
    parser.add_argument("--games", type=bounded_int(1, MAX_GAMES), default=ps.GAMES)
    parser.add_argument("--seed", type=bounded_int(0, 2**63 - 1), default=ps.SEED)
    parser.add_argument("--workers", type=worker_count(MAX_WORKERS), default=1)
    parser.add_argument("--out", metavar="FILE",
                        help="the file to write (standard output when not given)")
    args = parser.parse_args(argv)
    entries = []
    for name in ps.variant_names():
        entry = ps.sweep_variant(name, args.games, args.seed, workers=args.workers)
        print(f"{name}: starting tokens {', '.join(map(str, entry.values))}", file=sys.stderr)
        entries.append(entry)
    text = ps.to_json(entries)
    if args.out is None:
        sys.stdout.write(text)
        return 0
    try:
        write_text_atomic(args.out, text)
    except CliError as error:
        print(f"{parser.prog}: error: {terminal_safe(error.message, keep_layout=True)}",
              file=sys.stderr)
        return error.code
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
