"""What every command shares: loading rulesets and options, and failing politely.

Commands never let a Python traceback reach the user for bad input: a problem
becomes :class:`CliError`, whose message is printed to stderr and whose code
is the exit status (1 for invalid input, 2 for a usage error).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nainjaune_rules.model.rules import Ruleset

EXIT_INVALID = 1
EXIT_USAGE = 2


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
    from nainjaune_rules.model.compile import compile_ruleset
    from nainjaune_rules.syntax.diagnostics import RulesetError

    options = parse_option_args(option_args)
    try:
        return compile_ruleset(reference, options)
    except RulesetError as error:
        raise CliError(error.render(), EXIT_INVALID) from None


def fail(message: str) -> None:
    print(message, file=sys.stderr)
