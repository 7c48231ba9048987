"""What a look-ahead costs: ``Game.copy()`` and ``save()``/``restore()`` against one
``legal_moves()`` call, per built-in ruleset (not a timed test).

    python benchmarks/bench_copy.py [--number 300] [--deal 1] [RULESET ...]

Each ruleset is played with the players ``nainjaune play`` would choose (4 where the deal
table has a row for 4), seed 0, a transcript recorded (``Game``'s default: the records a
copy must not share), by always playing the first legal move, up to the ``--deal``-th deal
and 5 moves into it.  There ``timeit`` measures ``legal_moves()``, ``copy()``, ``save()``
and ``restore(state)``, the best of 25 repeats of ``--number`` calls each, and prints each
one's microseconds and its ratio to ``legal_moves()`` (issue 21: a copy should cost less
than 10 calls).  The report says which engine runs: pure Python or the compiled fast path
(``python tools/build_fast.py``).
"""

from __future__ import annotations

import argparse
import sys
import timeit

from nainjaune_rules import builtin_rulesets, load_ruleset
from nainjaune_rules.engine import Game, compile_tables
from nainjaune_rules.players.seating import default_players


def position(name: str, deal: int) -> Game | None:
    """The game of ``name`` ``deal`` deals in and 5 moves into that deal (None: it ended)."""
    tables = compile_tables(load_ruleset(name))
    game = Game(tables, default_players(sorted(tables.deal_rows)), 0)
    for _ in range(deal):
        if not game.start_deal():
            return None
        moves = 0
        while game.in_play and (game.deal_no < deal or moves < 5):
            game.push(game.legal_moves()[0])
            moves += 1
    return game if game.in_play else None


def best(stmt: object, number: int) -> float:
    """Microseconds per call, the best of 25 short repeats: on a busy machine the least
    disturbed, and as likely to be found for a slow call as for a fast one."""
    return min(timeit.repeat(stmt, number=number, repeat=25)) / number * 1e6  # type: ignore


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--number", type=int, default=300, help="calls per repeat")
    parser.add_argument("--deal", type=int, default=1, help="measure in this deal")
    parser.add_argument("rulesets", nargs="*", help="rulesets (default: every built-in one)")
    args = parser.parse_args()
    engine = "compiled" if hasattr(Game, "__mypyc_attrs__") else "pure Python"
    print(f"engine: {engine}; deal {args.deal}, 5 moves in; microseconds per call "
          f"(ratio to legal_moves)")
    print(f"{'ruleset':<22}{'legal_moves':>12}{'copy':>16}{'save':>16}{'restore':>16}")
    for name in args.rulesets or builtin_rulesets():
        game = position(name, args.deal)
        if game is None:
            print(f"{name:<22} skipped: the game ended before deal {args.deal}", file=sys.stderr)
            continue
        legal = best(game.legal_moves, args.number)
        cells = [f"{legal:12.2f}"]
        copy_us = best(game.copy, args.number)
        cells.append(f"{copy_us:9.1f} ({copy_us / legal:4.1f})")
        save = getattr(game, "save", None)  # an older checkout has no save/restore
        if save is not None:
            state = save()
            save_us = best(save, args.number)
            restore_us = best(lambda g=game, s=state: g.restore(s), args.number)
            cells += [f"{save_us:9.1f} ({save_us / legal:4.1f})",
                      f"{restore_us:9.1f} ({restore_us / legal:4.1f})"]
        print(f"{name:<22}" + "".join(cells), flush=True)


if __name__ == "__main__":
    main()
