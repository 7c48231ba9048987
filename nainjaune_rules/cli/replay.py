"""``nainjaune replay TRANSCRIPT.json``: re-execute a game and verify every event.

The moves of the transcript are played again on the ruleset it names (with
its table options); every event, balance and the board must come out the
same.  The first difference is reported with the deal, the move number and
both versions, and the exit status is 1.
"""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("transcript", help="a JSON transcript written by 'nainjaune play'")
    parser.add_argument("--ruleset", metavar="RULESET",
                        help="replay on this ruleset (name or file) instead of the one named")
    parser.add_argument("-q", "--quiet", action="store_true", help="print nothing on success")


def run(args: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from nainjaune_rules.cli.common import CliError, load_for_cli
    from nainjaune_rules.engine.transcript import ReplayMismatch, replay, ruleset_digest

    try:
        doc = json.loads(Path(args.transcript).read_text(encoding="utf-8"))
    except OSError as exc:
        raise CliError(f"{args.transcript}: cannot read the transcript ({exc.strerror})") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        where = (f":{exc.lineno}:{exc.colno}" if isinstance(exc, json.JSONDecodeError) else "")
        hint = "  hint: replay reads the output of 'nainjaune play --format json'"
        raise CliError(f"{args.transcript}{where}: not valid JSON ({exc})\n{hint}") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("ruleset"), dict):
        raise CliError(f"{args.transcript}: not a Nain Jaune transcript (no 'ruleset' object)")
    rs_info = doc["ruleset"]
    options = [f"{k}={v}" for k, v in dict(rs_info.get("options") or {}).items()]
    ruleset = load_for_cli(args.ruleset or str(rs_info.get("id")), options)
    if rs_info.get("sha256") != ruleset_digest(ruleset):
        print(f"{args.transcript}: warning: the ruleset {ruleset.id} has changed since this "
              "transcript was written (its sha256 differs); replaying on the current rules",
              file=sys.stderr)
    try:
        game = replay(doc, ruleset)
    except ReplayMismatch as exc:
        print(f"{args.transcript}: replay failed: {exc}", file=sys.stderr)
        return 1
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        print(f"{args.transcript}: replay failed: malformed transcript ({exc!r})",
              file=sys.stderr)
        return 1
    if not args.quiet:
        moves = sum(len(d.get("moves", [])) for d in doc["deals"])
        print(f"{args.transcript}: ok — {game.deals_played} deals, {moves} moves, "
              f"every event verified")
    return 0
