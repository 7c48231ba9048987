"""What every command shares: loading rulesets and options, numbers on the command
line, writing files and standard output, and failing politely.

Commands never let a Python traceback reach the user for bad input: a problem
becomes :class:`CliError`, whose message is printed to stderr and whose code
is the exit status (1 for invalid input or a failed write, 2 for a usage error).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from nainjaune_rules.core.safewrite import TextOutput
    from nainjaune_rules.model.rules import Ruleset

EXIT_INVALID = 1
EXIT_USAGE = 2

# Sane bounds for the numbers of the command line: beyond them an option is
# nonsense (or would exhaust the machine), and refused as a usage error.
MAX_PLAYERS = 52  # a card each
MAX_SEAT = MAX_PLAYERS - 1
MAX_DEALS = 1_000_000
MAX_GAMES = 1_000_000_000
MAX_WORKERS = 256
MIN_WIDTH, MAX_WIDTH = 40, 1000


class CliError(Exception):
    """A message for the user and the exit status that goes with it."""

    def __init__(self, message: str, code: int = EXIT_INVALID):
        super().__init__(message)
        self.message = message
        self.code = code


def parse_option_args(values: Iterable[str] | None) -> dict[str, str]:
    """``["payment=cards", "deals=12"]`` → ``{"payment": "cards", "deals": "12"}``."""
    options: dict[str, str] = {}
    for value in values or ():
        name, sep, choice = value.partition("=")
        if not sep or not name.strip() or not choice.strip():
            raise CliError(
                f"<command line>: --option {value!r} is not of the form NAME=CHOICE\n"
                "  hint: for example --option payment=cards",
                EXIT_USAGE,
            )
        options[name.strip()] = choice.strip()
    return options


def load_for_cli(reference: str, option_args: Sequence[str] | None = None) -> Ruleset:
    """Compile a ruleset for a command; diagnostics become a :class:`CliError`."""
    from nainjaune_rules.core.diagnostics import RulesetError
    from nainjaune_rules.model.compiler import compile_ruleset

    options = parse_option_args(option_args)
    try:
        return compile_ruleset(reference, options)
    except RulesetError as error:
        raise CliError(error.render(), EXIT_INVALID) from None


_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


def bounded_int(low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type=``: a whole number from ``low`` to ``high``, else a usage error.

    argparse prefixes the message with the option's name (``argument --players: …``).
    """

    def parse(text: str) -> int:
        if not _WHOLE_NUMBER.fullmatch(text.strip()):
            raise argparse.ArgumentTypeError(
                f"{text[:40]!r} is not a whole number: give {low} to {high}")
        # more digits than any bound has: out of range, without building a huge int
        value = int(text) if len(text.strip()) <= 19 else None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"{text.strip()[:40]} is out of range: give {low} to {high}")
        return value

    parse.__name__ = "whole number"  # argparse names the type in some messages
    return parse


def worker_count(high: int) -> Callable[[str], int]:
    """An argparse ``type=`` for ``--workers``: 1 to ``high``, or ``auto`` for one per core."""
    count = bounded_int(1, high)

    def parse(text: str) -> int:
        if text.strip().lower() == "auto":
            return min(high, os.cpu_count() or 1)
        try:
            return count(text)
        except argparse.ArgumentTypeError as exc:
            raise argparse.ArgumentTypeError(f"{exc}, or auto for one per core") from None

    parse.__name__ = "number of workers"
    return parse


def seat_specs(text: str) -> str:
    """An argparse ``type=`` for ``--seats``: at least one player named."""
    if not any(part.strip() for part in text.split(",")):
        raise argparse.ArgumentTypeError("names no player: give e.g. lowest,greedy,random")
    return text


def file_name(text: str) -> str:
    """An argparse ``type=`` for a file: an empty name is a usage error, not "no file"."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the file name is empty")
    return text


def add_follow_links(parser: argparse.ArgumentParser) -> None:
    """``--follow-links``, for a command that writes a file the user names."""
    parser.add_argument("--follow-links", action="store_true",
                        help="when a file to write is a symbolic link, write the file it "
                             "points to (refused otherwise)")


def check_output_for_cli(path: str | None, follow_links: bool = False) -> None:
    """Refuse a file to write before the work that makes it (see
    :func:`nainjaune_rules.core.safewrite.check_output`); a one-line :class:`CliError`."""
    from nainjaune_rules.core.safewrite import OutputError, check_output

    if path is None:
        return
    try:
        check_output(path, follow_links=follow_links)
    except OutputError as error:
        raise CliError(error.message, EXIT_INVALID) from None


def write_text_atomic(path: str, text: str, follow_links: bool = False) -> None:
    """Write ``text`` (UTF-8) to the file ``path`` (``-``: standard output), all or nothing,
    through :func:`nainjaune_rules.core.safewrite.write_output`: regular files only, a final
    symbolic link refused unless ``follow_links``, a temporary file renamed over the old one.
    Any refusal or failure is a one-line :class:`CliError` (exit 1), the old file intact.
    """
    with output_stream(path, follow_links) as stream:
        stream.write(text)


@contextlib.contextmanager
def output_stream(path: str, follow_links: bool = False) -> Iterator[TextOutput]:
    """:func:`nainjaune_rules.core.safewrite.open_output` for a command: a text stream
    whose content replaces ``path`` when the block ends without an exception (the old file
    intact otherwise); a refusal or a failed write is a one-line :class:`CliError`."""
    from nainjaune_rules.core.safewrite import OutputError, open_output

    try:
        with open_output(path, follow_links=follow_links) as stream:
            yield stream
    except OutputError as error:
        raise CliError(error.message, EXIT_INVALID) from None


class GuardedStdout:
    """``sys.stdout`` while a command runs: a failed write is a one-line :class:`CliError`.

    A full disk (``> /dev/full``) or a closed standard output would otherwise
    surface as an internal error, or as nothing at all (Python drops the
    output of a closed stdout).  A broken pipe (``| head``) is left to the
    caller, for which it is a normal end.
    """

    def __init__(self, stream: IO[str] | None):
        self._stream = stream
        # a terminal that cannot show ♦ or — (PYTHONIOENCODING=ascii, a legacy code
        # page) gets \u2666, rather than losing the output to UnicodeEncodeError
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")

    def write(self, text: str) -> int:
        return self._guard(lambda stream: stream.write(text))

    def flush(self) -> None:
        if self._stream is not None:  # nothing written to a closed stdout: nothing lost
            self._guard(lambda stream: stream.flush())

    def isatty(self) -> bool:
        return self._stream is not None and self._stream.isatty()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)

    def _guard(self, action: Callable[[IO[str]], Any]) -> Any:
        if self._stream is None:
            raise CliError("nainjaune: cannot write the output: standard output is closed")
        try:
            return action(self._stream)
        except BrokenPipeError:
            raise
        except OSError as exc:
            discard_stdout()
            raise CliError(f"nainjaune: cannot write to standard output: "
                           f"{exc.strerror or exc}") from None


def discard_stdout() -> None:
    """Point file descriptor 1 at the null device, so that Python's own flush at exit
    (of output that could not be written) fails no more."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.__stdout__.fileno() if sys.__stdout__ else 1)
        os.close(null)
    except (OSError, ValueError):
        pass
