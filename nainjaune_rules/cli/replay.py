"""``nainjaune replay TRANSCRIPT.json``: re-execute a game and verify every event.

The moves of the transcript are played again on the ruleset it names (with
its table options); every event, balance and the board must come out the
same.  The first difference is reported with the deal, the move number and
both versions, and the exit status is 1.

A transcript is untrusted: it is read with a size bound, validated against the
transcript schema, and its values are checked against the ruleset before any
move is replayed; the first bad field is named by its JSON path.  Its ruleset
id names a built-in ruleset only, never a file: a game played on a ruleset
file is replayed with ``--ruleset FILE``.  A ruleset whose rules changed since
the game (another sha256) is refused unless ``--allow-changed-rules``.

Beyond the events, replay deals the game again from its seed: a transcript that says
its decks come from the seed fails when they do not (a deck file's game is verified on
its decks and said to be so); and it plays each bot seat's moves again with the bot its
spec names (``--no-seat-check`` skips that).  On success it says exactly what it
verified, and what it could not.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from nainjaune_rules.cli.common import CliError
    from nainjaune_rules.model.rules import Ruleset
    from nainjaune_rules.records.transcript_input import TranscriptError


_FROM_PLAY = "replay reads the output of 'nainjaune play --format json'"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from nainjaune_rules.cli.common import file_name

    parser.add_argument("transcript", type=file_name,
                        help="a JSON transcript written by 'nainjaune play'")
    parser.add_argument("--ruleset", type=file_name, metavar="RULESET",
                        help="replay on this ruleset (name or file) instead of the one named")
    parser.add_argument("--allow-changed-rules", action="store_true",
                        help="replay even if the ruleset has changed since the game was "
                             "played, or is another one (its sha256 differs), with a warning")
    parser.add_argument("--no-seat-check", action="store_true",
                        help="do not check that each bot seat would have made each move it "
                             "is credited with (playing the game again with the bots)")
    parser.add_argument("-q", "--quiet", action="store_true", help="print nothing on success")


def run(args: argparse.Namespace) -> int:
    from nainjaune_rules.engine.table_build import compile_tables
    from nainjaune_rules.players.seat_check import SeatMismatch, check_seats
    from nainjaune_rules.records.provenance import NotFromSeed, check_decks
    from nainjaune_rules.records.transcript import (
        ReplayMismatch,
        check_fields,
        replay,
        with_recorded_options,
    )
    from nainjaune_rules.records.transcript_input import (
        TranscriptError,
        parse,
        read_bytes,
        terminal_safe,
        validate,
    )

    name = terminal_safe(args.transcript)
    try:
        doc = parse(read_bytes(args.transcript))
        validate(doc)
    except TranscriptError as exc:
        raise _refused(name, exc, _FROM_PLAY) from None
    try:
        ruleset = with_recorded_options(doc, _ruleset(args, doc))
        rules = _rules_line(args, name, doc, ruleset)
        tables = compile_tables(ruleset)
        check_fields(doc, tables)
    except TranscriptError as exc:
        raise _refused(name, exc) from None
    try:
        game = replay(doc, tables)
        dealt = check_decks(doc, tables)
        seats = None if args.no_seat_check else check_seats(doc, tables)
    except (ReplayMismatch, NotFromSeed, SeatMismatch) as exc:
        safe = "\n".join(terminal_safe(line) for line in str(exc).split("\n"))
        print(f"{name}: replay failed: {safe}", file=sys.stderr)
        return 1
    if not args.quiet:
        moves = sum(len(d["moves"]) for d in doc["deals"])
        deals = "1 deal" if game.deals_played == 1 else f"{game.deals_played} deals"
        lines = [f"{name}: ok — {deals}, {moves} moves, every event verified",
                 f"  rules: {rules}",
                 f"  decks: {dealt.describe()}",
                 "  moves: every move legal for the seat whose turn it was, every event "
                 "the same",
                 "  players: " + ("not checked (--no-seat-check)" if seats is None
                                  else seats.describe()),
                 "  settlements: every payment, balance, board and the result the same"]
        print("\n".join(terminal_safe(line) for line in lines))
    return 0


def _refused(name: str, error: TranscriptError, hint: str = "") -> CliError:
    """The error for the user: ``FILE:WHERE: message`` and a hint (exit status 1)."""
    from nainjaune_rules.cli.common import CliError

    located = f"{name}:{error.where}" if error.where else name
    return CliError(f"{located}: {error.message}" + (f"\n  hint: {hint}" if hint else ""))


def _ruleset(args: argparse.Namespace, doc: dict[str, Any]) -> Ruleset:
    """The user's ``--ruleset``, else the built-in ruleset the transcript names."""
    from nainjaune_rules.cli.common import load_for_cli
    from nainjaune_rules.records.transcript_input import (
        TranscriptError,
        builtin_name,
        builtin_path,
        echo,
    )
    from nainjaune_rules.syntax.resources import builtin_rulesets

    if args.ruleset:
        return load_for_cli(args.ruleset)
    info = doc["ruleset"]
    if "file" in info:
        raise TranscriptError("ruleset.file", f"the game was played on the ruleset file "
                              f"{echo(info['file'])}, not a built-in ruleset; replay it "
                              "with --ruleset FILE")
    name = builtin_name(info["id"])
    if name is None:
        raise TranscriptError("ruleset.id", f"there is no built-in ruleset {echo(info['id'])} "
                              f"(the built-in rulesets are: {', '.join(builtin_rulesets())}); "
                              "if the game was played on a ruleset file, replay it with "
                              "--ruleset FILE")
    # the built-in's own file, never the id as a path: a file in the current folder
    # that happens to have the ruleset's name is not looked at
    return load_for_cli(builtin_path(name))


def _rules_line(args: argparse.Namespace, name: str, doc: dict[str, Any],
                ruleset: Ruleset) -> str:
    """What the verdict says of the rules; refuses other rules unless allowed."""
    from nainjaune_rules.records.transcript import first_form_note, same_rules
    from nainjaune_rules.records.transcript_input import TranscriptError, echo

    played = doc["ruleset"]["id"]
    if same_rules(doc, ruleset):
        if not args.quiet and (note := first_form_note(doc, ruleset)):
            print(f"{name}: {note}", file=sys.stderr)
        return (f"the ruleset {echo(ruleset.id)} and its options, sha256 "
                f"{doc['ruleset']['sha256'][:16]}… the same as the game's")
    if ruleset.id != played:
        change = (f"the game was played on the ruleset {echo(played)}; {echo(ruleset.id)} "
                  "is a different ruleset")
    else:
        change = (f"the ruleset {echo(ruleset.id)} has changed since this game was played "
                  "(its sha256 differs)")
    if not args.allow_changed_rules:
        raise TranscriptError("ruleset.sha256", f"{change}; replay anyway with "
                              "--allow-changed-rules")
    print(f"{name}: warning: {change}; replaying on {echo(ruleset.id)} as it is now",
          file=sys.stderr)
    return f"NOT the game's: {change} (--allow-changed-rules)"
