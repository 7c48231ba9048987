"""``nainjaune check FILE|NAME...``: compile rulesets and print their diagnostics.

Exit 0 when every ruleset is valid (warnings allowed), 1 when any has an
error, 2 on a usage error.  The first 200 diagnostics of a ruleset are printed,
then how many more there are (the compiler keeps at most 200 errors and 200
warnings, and says where it stopped).  With ``--simulate N`` valid rulesets are also
played N times by bots to find games that never end and rules that never fire.
"""

from __future__ import annotations

import argparse
import textwrap
from typing import TYPE_CHECKING

from nainjaune_rules.cli.common import EXIT_INVALID, CliError
from nainjaune_rules.core.bilingual import NNBSP, Lang, lang_of, q
from nainjaune_rules.core.diagnostics import MOST_SHOWN
from nainjaune_rules.core.textsafe import terminal_safe
from nainjaune_rules.core.wording import count
from nainjaune_rules.syntax.limits import STOPPED
from nainjaune_rules.syntax.parser import in_french

if TYPE_CHECKING:
    from nainjaune_rules.core.diagnostics import Diagnostic
    from nainjaune_rules.model.rules import Ruleset

#: Diagnostics printed per ruleset; the count line below still counts them all.
MAX_SHOWN = MOST_SHOWN


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("rulesets", nargs="+", metavar="FILE|NAME",
                        help="ruleset files or built-in ruleset names")
    parser.add_argument("--simulate", type=int, metavar="N", default=0,
                        help="also play N seeded games per ruleset with random and greedy bots")
    parser.add_argument("--seed", type=int, default=0, help="master seed for --simulate")
    parser.add_argument("--max-deals", type=int, default=500, metavar="M",
                        help="with --simulate: a game still going after M deals does not end "
                             "(500); the check stops after 5 such games")
    parser.add_argument("-q", "--quiet", action="store_true", help="print errors only")
    parser.add_argument("--lang", choices=("en", "fr"), default="en",
                        help="say the diagnostics in this language, and warn of each string "
                             "of the ruleset's own text (title, reasons, box names…) that has "
                             "no translation in it (rules/locale/LANG/LC_MESSAGES)")
    parser.add_argument("--explain", action="store_true",
                        help="after a syntax error, list every word the language takes "
                             "there (the message names the closest few)")


def run(args: argparse.Namespace) -> int:

    if args.simulate < 0:
        raise CliError("nainjaune check: error: --simulate takes a number of games ≥ 0", 2)
    if args.max_deals < 1:
        raise CliError("nainjaune check: error: --max-deals takes a number ≥ 1", 2)
    status = 0
    for reference in args.rulesets:
        ruleset, diagnostics = _checked(reference, args.lang)
        name = terminal_safe(reference)  # a file name is data: ESC, BEL, bidi shown escaped
        shown = [d for d in diagnostics if d.is_error or not args.quiet]
        lang = lang_of(args.lang)
        for diagnostic in shown[:MAX_SHOWN]:
            print(diagnostic.render(lang))
            if args.explain and diagnostic.expected:
                print(_every_word(diagnostic.expected, lang))
        # where checking stopped, or stopped listing, is said whatever the count
        rest = shown[MAX_SHOWN:]
        stops = [d for d in rest if d.kind == STOPPED]
        for diagnostic in stops:
            print(diagnostic.render(lang))
        if len(rest) > len(stops):
            more = len(rest) - len(stops)
            print(f"… and {more} more" if lang == "en" else f"… et {more} de plus")
        errors = _count(diagnostics, errors=True, lang=lang)
        warnings = _count(diagnostics, errors=False, lang=lang)
        if ruleset is None:
            status = EXIT_INVALID
            print(f"{name}: invalid ({errors}, {warnings})" if lang == "en" else
                  f"{name}{NNBSP}: invalide ({errors}, {warnings})")
            continue
        print(f"{name}: ok, ruleset {ruleset.id!r} ({warnings})" if lang == "en" else
              f"{name}{NNBSP}: valide, jeu de règles {q(ruleset.id)} ({warnings})")
        if args.simulate:
            ok, stopped_by = _simulate(reference, ruleset, args)
            if stopped_by:
                return stopped_by  # Ctrl-C or SIGTERM: the rulesets left are not checked
            if not ok:
                status = EXIT_INVALID
    return status


def _checked(reference: str, lang: str) -> tuple[Ruleset | None, list[Diagnostic]]:
    """The ruleset and its diagnostics; with ``--lang`` other than English, an
    ``untranslated`` warning after them for each string with no translation."""
    from nainjaune_rules.model.compiler import Compiler, RulesetError
    from nainjaune_rules.model.translation import CatalogueError, untranslated_diagnostics

    compiler = Compiler()
    try:
        ruleset = compiler.compile(reference)
    except RulesetError as error:
        return None, error.diagnostics
    if lang == "en":
        return ruleset, compiler.diagnostics
    try:
        missing = untranslated_diagnostics(ruleset, lang, compiler.loader.texts)
    except CatalogueError as error:
        raise CliError(f"nainjaune check: error: {terminal_safe(error.message)}") from None
    return ruleset, [*compiler.diagnostics, *missing]


def _every_word(expected: tuple[str, ...], lang: Lang = "en") -> str:
    """``check --explain``: every word the language takes at a syntax error, in order."""
    words = expected if lang == "en" else tuple(in_french(w) for w in expected)
    lines = textwrap.wrap(", ".join(words), 88, break_on_hyphens=False,
                          break_long_words=False)
    head = (f"  every word that fits there ({len(words)}):" if lang == "en" else
            f"  chaque mot possible à cet endroit ({len(words)}){NNBSP}:")
    return "\n".join([head, *("    " + line for line in lines)])


def _simulate(reference: str, ruleset: Ruleset, args: argparse.Namespace) -> tuple[bool, int]:
    """Whether the games passed, and the exit status when a signal stopped them (else 0)."""
    try:
        from nainjaune_rules.analysis.progress import progress_for
        from nainjaune_rules.analysis.runner import Interrupted
        from nainjaune_rules.analysis.sim_check import check_by_simulation
    except ModuleNotFoundError:
        raise CliError("nainjaune check: --simulate needs the statistics module, "
                       "which this installation lacks", 2) from None
    bar = progress_for(reference, args.simulate)  # a terminal only
    # the signals are the check's from here on, while it compares options too
    with Interrupted() as flag:
        try:
            text, ok = check_by_simulation(ruleset, args.simulate, args.seed,
                                           max_deals=args.max_deals, progress=bar,
                                           interrupted=flag)
        finally:
            if bar is not None:
                bar.close()
    print(terminal_safe(text, keep_layout=True))
    return ok, flag.exit_status if flag.stopped else 0


def _count(diagnostics: list[Diagnostic], *, errors: bool, lang: Lang = "en") -> str:
    """``3 errors``, or ``more than 200 errors`` when the check stopped counting (in
    French ``3 erreurs``, ``plus de 200 erreurs``)."""
    mine = [d for d in diagnostics if d.is_error is errors]
    stopped = [d for d in mine if d.kind == STOPPED]
    n = len(mine) - len(stopped)
    if lang == "fr":
        word = "erreur" if errors else "avertissement"
        return f"plus de {n} {word}s" if stopped else f"{n} {word}{'s' if n > 1 else ''}"
    word = "error" if errors else "warning"
    if stopped:
        return f"more than {n} {word}s"
    return count(len(mine), word)
