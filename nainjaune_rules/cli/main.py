"""``nainjaune``: check, show, compile, list, play, replay, compare, diff, simulate.

Each command lives in its own module exposing ``add_arguments(parser)`` and
``run(args) -> int``; modules keep heavy imports inside ``run`` so that the
command starts fast.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from nainjaune_rules import __version__
from nainjaune_rules.cli.common import (
    EXIT_INVALID,
    EXIT_USAGE,
    CliError,
    GuardedStdout,
    discard_stdout,
)

# command → (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "check": ("check", "check ruleset files and print every diagnostic"),
    "show": ("show", "print a compiled ruleset, extends and options resolved"),
    "compile": ("compile", "print a ruleset's canonical form as YAML or JSON"),
    "list": ("listing", "list the built-in rulesets"),
    "play": ("play", "play a reference game from a ruleset"),
    "replay": ("replay", "re-execute a JSON transcript and verify every event"),
    "compare": ("compare", "compare rulesets side by side"),
    "diff": ("diff", "the changes from one ruleset to another"),
    "simulate": ("simulate", "simulate many games and print statistics"),
    "sweep": ("sweep", "simulate a ruleset over a grid of options and clauses"),
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        raise CliError(f"{self.prog}: error: {message}", EXIT_USAGE)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="nainjaune", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"nainjaune-rules {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, (module_name, help_text) in COMMANDS.items():
        try:
            module = importlib.import_module(f"nainjaune_rules.cli.{module_name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"nainjaune_rules.cli.{module_name}":
                raise
            continue  # a command whose module is not part of this build
        sub = commands.add_parser(name, help=help_text, description=help_text)
        module.add_arguments(sub)
        sub.set_defaults(run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    real_stdout = sys.stdout
    sys.stdout = GuardedStdout(real_stdout)
    try:
        return _run(argv)
    finally:
        sys.stdout = real_stdout


def _run(argv: Sequence[str] | None) -> int:
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if not getattr(args, "run", None):
            parser.print_help(sys.stderr)
            return EXIT_USAGE
        code: int = args.run(args)
        sys.stdout.flush()  # a full disk shows here, while it can still be reported
        return code
    except CliError as error:
        print(error.message, file=sys.stderr)
        return error.code
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader stopped (| head): a normal end
        discard_stdout()
        return 0
    except OSError as error:  # the system refused something: not a bug of ours
        where = f"{error.filename}: " if error.filename else ""
        print(f"nainjaune: {where}{error.strerror or error}", file=sys.stderr)
        return EXIT_INVALID
    except Exception as error:  # a bug, not bad input: say so plainly
        if os.environ.get("NAINJAUNE_DEBUG"):
            raise
        print(f"nainjaune: internal error (this is a bug, please report it): "
              f"{type(error).__name__}: {error}\n"
              "  hint: run again with NAINJAUNE_DEBUG=1 to see where it happened",
              file=sys.stderr)
        return 3


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
