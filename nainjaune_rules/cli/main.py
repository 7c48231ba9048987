"""``nainjaune``: check, show, compile, list, play, replay, compare, diff, simulate.

Each command lives in its own module exposing ``add_arguments(parser)`` and
``run(args) -> int``; modules keep heavy imports inside ``run`` so that the
command starts fast.

Whatever a command prints goes through :class:`~nainjaune_rules.core.textsafe.SafeStream`:
a file name, a ruleset name or an option value from the command line or a file can
carry ESC, BEL or bidi characters, and a message that quotes one without escaping
it still shows them as escapes, never as terminal commands.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

import nainjaune_rules
from nainjaune_rules.cli.common import (
    EXIT_INVALID,
    EXIT_USAGE,
    CliError,
    GuardedStdout,
    discard_stdout,
)
from nainjaune_rules.core.textsafe import SafeStream, terminal_safe

# command → (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "check": ("check", "check ruleset files and print every diagnostic"),
    "show": ("show", "print a compiled ruleset: extends and includes resolved, the options "
             "listed, and what their choices in force play shown as comments"),
    "compile": ("compile", "print a ruleset's canonical form as YAML or JSON"),
    "list": ("listing", "list the built-in rulesets"),
    "play": ("play", "play a reference game from a ruleset"),
    "replay": ("replay", "re-execute a JSON transcript and verify every event"),
    "compare": ("compare", "compare rulesets side by side"),
    "diff": ("diff", "the changes from one ruleset to another"),
    "simulate": ("simulate", "simulate many games and print statistics"),
    "sweep": ("sweep", "simulate a ruleset over a grid of options and clauses"),
}


class SafeParser(argparse.ArgumentParser):
    """An argument parser whose usage errors show the values they echo escaped.

    argparse quotes the command line in its errors ("unrecognized arguments: …",
    "ambiguous option: …"), and a value may hold ESC or bidi characters.
    """

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {terminal_safe(message)}\n")


class _Parser(SafeParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        raise CliError(f"{self.prog}: error: {terminal_safe(message)}", EXIT_USAGE)


class _Version(argparse.Action):
    """``--version``: the version, and how the engine was loaded (``compiled``: the mypyc
    build of a wheel or of tools/build_fast.py; ``pure``); the engine is imported only
    when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="print the version and the engine's build (compiled or pure)")

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        from nainjaune_rules.engine.compiled import engine_build

        print(f"nainjaune-rules {nainjaune_rules.__version__} (engine: {engine_build()})")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="nainjaune", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action=_Version)
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
    real_stdout, real_stderr = sys.stdout, sys.stderr
    guarded = GuardedStdout(real_stdout)
    # the red of a human seat's cards is the only escape sequence of our own, on a terminal
    sys.stdout = SafeStream(guarded, colours=guarded.isatty())
    if real_stderr is not None:  # the progress bar redraws its line with CR
        sys.stderr = SafeStream(real_stderr, layout="\t\n\r")
    try:
        return _run(argv)
    finally:
        sys.stdout, sys.stderr = real_stdout, real_stderr


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
    except CliError as error:  # it may quote any value of the command line or a file
        print(terminal_safe(error.message, keep_layout=True), file=sys.stderr)
        return error.code
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader stopped (| head): a normal end
        discard_stdout()
        return 0
    except OSError as error:  # the system refused something: not a bug of ours
        where = f"{error.filename}: " if error.filename else ""
        print(terminal_safe(f"nainjaune: {where}{error.strerror or error}"), file=sys.stderr)
        return EXIT_INVALID
    except Exception as error:  # a bug, not bad input: say so plainly
        if os.environ.get("NAINJAUNE_DEBUG"):
            raise
        print(f"nainjaune: internal error (this is a bug, please report it): "
              f"{type(error).__name__}: {terminal_safe(str(error))}\n"
              "  hint: run again with NAINJAUNE_DEBUG=1 to see where it happened",
              file=sys.stderr)
        return 3


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
