"""``nainjaune play RULESET``: play a game with the reference engine.

Without options it plays a whole game among ``lowest`` bots (seed 0) and
prints a transcript as it would be heard at the table.  ``--format json``
prints the JSON transcript that ``nainjaune replay`` verifies.

Either is written deal by deal as the game goes (the JSON transcript too: its opening,
each deal as it ends, then its end), so memory does not grow with the number of deals;
to a file, it goes to a temporary file that replaces FILE once the game is over.  A JSON
transcript holds at most MAX_DEALS deals, what ``replay`` reads.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Iterator
from typing import Any

from nainjaune_rules.cli.common import (
    MAX_DEALS,
    MAX_PLAYERS,
    MAX_SEAT,
    add_follow_links,
    bounded_int,
    file_name,
    seat_specs,
)
from nainjaune_rules.core.safewrite import TextOutput
from nainjaune_rules.core.textsafe import terminal_safe
from nainjaune_rules.records.transcript_input import MAX_DEALS as MAX_TRANSCRIPT_DEALS

EXIT_INTERRUPTED = 130


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", help="a built-in ruleset name or a .nj file")
    parser.add_argument("--players", type=bounded_int(2, MAX_PLAYERS), metavar="N",
                        help="number of players (default: the smallest count of the deal "
                             "table that is at least 4, else the largest)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="random seed (0)")
    parser.add_argument("--deals", type=bounded_int(1, MAX_DEALS), metavar="K",
                        help="play K deals, whatever the ruleset says about the game's end")
    parser.add_argument("--dealer", type=bounded_int(0, MAX_SEAT), metavar="D",
                        help="seat of the first dealer (default: seat 0, or drawn by lot from "
                             "the seed when the ruleset says so)")
    parser.add_argument("--max-deals", type=bounded_int(1, MAX_DEALS), metavar="M",
                        help="safety bound: stop (game not ended) after M deals (1000; "
                             f"with --format json {MAX_TRANSCRIPT_DEALS}, the most a "
                             "transcript holds)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=CHOICE",
                        help="choose a table option (repeatable)")
    parser.add_argument("--seats", type=seat_specs, metavar="SPECS",
                        help="comma-separated players: lowest, greedy, random, human; bots take "
                             "a forget rate, e.g. random:forget=0.2; human:strict never asks "
                             "before a card is played unannounced; one spec fills every seat "
                             "(default: all lowest)")
    parser.add_argument("--deck", type=file_name, metavar="FILE",
                        help="the decks to deal: one line per deal, top card first")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text: the game as told at the table; json: the transcript that "
                             "'nainjaune replay' verifies")
    parser.add_argument("--out", type=file_name, metavar="FILE",
                        help="write the transcript to FILE (- for standard output)")
    add_follow_links(parser)


def run(args: argparse.Namespace) -> int:
    from nainjaune_rules.cli.common import (
        EXIT_USAGE,
        CliError,
        check_output_for_cli,
        load_for_cli,
    )
    from nainjaune_rules.engine import DeckExhausted, EngineError, Game
    from nainjaune_rules.players import SpecError, is_human, make_player
    from nainjaune_rules.players.seating import default_players, split_seats

    ruleset = load_for_cli(args.ruleset, args.option)
    specs = split_seats(args.seats)
    from nainjaune_rules.engine.table_build import compile_tables

    try:
        tables = compile_tables(ruleset)
    except EngineError as exc:
        raise CliError(f"{args.ruleset}: {exc}") from None
    default = default_players(list(tables.deal_rows) or [4])
    # one spec fills every seat; several give the number of players
    players = args.players or (len(specs) if specs and len(specs) > 1 else default)
    if specs and len(specs) == 1:
        specs = specs * players
    specs = specs or ["lowest"] * players
    if len(specs) != players:
        raise CliError(f"--seats lists {len(specs)} players but --players is {players}",
                       EXIT_USAGE)
    _check_count(args.ruleset, tables, players)
    try:
        seats = [make_player(s) for s in specs]
    except SpecError as exc:
        raise CliError(f"--seats: {exc}", EXIT_USAGE) from None
    human = any(is_human(s) for s in specs)
    if human and args.format == "json" and args.out in (None, "-"):
        # the human seat's game is told on stdout: JSON there would be mixed with it
        raise CliError("--format json with a human seat needs --out FILE: the game is told "
                       "on the terminal, the JSON transcript goes to the file", EXIT_USAGE)
    check_output_for_cli(args.out, args.follow_links)  # before a game, maybe a long one
    max_deals = _max_deals(args)
    decks, deck_sha256 = _read_decks(args.deck, tables) if args.deck else (None, None)
    try:
        game = Game(tables, players, args.seed, deals=args.deals, dealer=args.dealer,
                    max_deals=max_deals, record=True,
                    decks=[d for _, d in decks] if decks else None)
    except EngineError as exc:
        raise CliError(f"{args.ruleset}: {exc}") from None
    if human:
        _seat_humans(game, seats, specs)
    from nainjaune_rules.players.seat_check import seat_spec

    try:
        _play_out(game, seats, [seat_spec(s) for s in specs], args, human, deck_sha256)
    except DeckExhausted as exc:
        from nainjaune_rules.records.deckfile import too_few_lines

        raise CliError(str(too_few_lines(args.deck, decks or [], exc.deal))) from None
    except KeyboardInterrupt:
        print("\ngame interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except EOFError as exc:
        # end of input, a closed stdin or 'quit' at the human seat's prompt
        print(f"\n{exc or 'end of input'}: the game is abandoned", file=sys.stderr)
        return 1
    result = game.result()
    if not result.ended:  # the safety bound stopped it: no winner, and not a success
        raise_it = (" (a JSON transcript holds no more)"
                    if args.format == "json" and max_deals >= MAX_TRANSCRIPT_DEALS else
                    "; raise --max-deals to play it out")
        print(f"nainjaune play: the game did not end ({result.reason}){raise_it}",
              file=sys.stderr)
        return 1
    return 0


def _max_deals(args: argparse.Namespace) -> int:
    """--max-deals, or its default; a JSON transcript holds what replay reads, no more."""
    from nainjaune_rules.cli.common import EXIT_USAGE, CliError

    if args.format != "json":
        return int(args.max_deals or 1000)
    for option, value in (("--deals", args.deals), ("--max-deals", args.max_deals)):
        if value is not None and value > MAX_TRANSCRIPT_DEALS:
            raise CliError(f"{option} {value}: a JSON transcript holds at most "
                           f"{MAX_TRANSCRIPT_DEALS} deals (the most 'nainjaune replay' reads)",
                           EXIT_USAGE)
    return int(args.max_deals or MAX_TRANSCRIPT_DEALS)


def _read_decks(path: str, tables: Any) -> tuple[list[tuple[int, list[int]]], str]:
    """The deck file's decks, and the sha256 of its bytes (the transcript records it)."""
    from nainjaune_rules.cli.common import CliError
    from nainjaune_rules.core.cards import Card
    from nainjaune_rules.records.deckfile import DeckFileError, read_deck_file_digested

    # every card of the deck, each pack's copy (``7D/2``) included (deck composition, #22)
    deck = tuple(Card.from_index(i) for i in range(tables.card_count)
                 if tables.deck_mask >> i & 1)
    try:
        return read_deck_file_digested(path, deck)
    except DeckFileError as exc:
        raise CliError(str(exc)) from None


def _check_count(name: str, tables: Any, players: int) -> None:
    """A player count the ruleset cannot deal for is a usage error naming the counts it can."""
    from nainjaune_rules.cli.common import EXIT_USAGE, CliError
    from nainjaune_rules.core.wording import or_list
    from nainjaune_rules.engine.game import deal_refusal

    refused = deal_refusal(tables, players)
    if refused is None:
        return
    counts = sorted(tables.deal_rows)
    hint = (f"{name} is played by {or_list([str(c) for c in counts])} players"
            f" (e.g. --players {counts[0]}, and as many --seats)" if counts
            else f"{name} has no playable row in its deal table")
    raise CliError(f"{name}: {refused}\n  hint: {hint}", EXIT_USAGE)


def _seat_humans(game: Any, seats: list[Any], specs: list[str]) -> None:
    """Tell the game as it goes, hiding the other seats' hands from the human seats,
    and give the human seats the rules in brief (``rules`` at the prompt)."""
    from nainjaune_rules.core.terminal_lines import fold, terminal_columns
    from nainjaune_rules.players import is_human
    from nainjaune_rules.players.human import HumanPlayer
    from nainjaune_rules.records.narrate import Narrator, rank_words

    visible = {s for s, spec in enumerate(specs) if is_human(spec)}
    narrator = Narrator(specs, visible=visible, names=rank_words(game.t.ruleset),
                        suits=game.t.same_suit)

    width = terminal_columns(sys.stdout)  # folded at words, as the seats' own lines

    def listen(event: dict[str, Any]) -> None:
        for line in narrator.feed(event):
            for part in fold(terminal_safe(line), width):
                print(part, flush=True)

    yours = ", ".join(map(str, sorted(visible)))
    opening = terminal_safe(f"Nain Jaune — {game.t.ruleset.id}, {game.n} players, seed "
                            f"{game.seed}: you play seat {yours}; type ? at your turn for help")
    print("\n".join(fold(opening, width)), flush=True)
    game.listeners.append(listen)
    for seat in seats:
        if isinstance(seat, HumanPlayer):
            seat.rules_text = _rules_brief


def _rules_brief(ruleset: Any) -> list[str]:
    """Every rule of the ruleset as one English sentence (the site's prose)."""
    from nainjaune_rules.describe.dimensions import entries
    from nainjaune_rules.describe.prose import describe

    return [describe(entry.clause).sentence for entry in entries(ruleset)]


def _play_out(game: Any, seats: list[Any], specs: list[str], args: argparse.Namespace,
              printed_live: bool, deck_sha256: str | None) -> None:
    """Play the game, writing its transcript deal by deal as each deal ends."""
    from nainjaune_rules.players.session import play_by_deal
    from nainjaune_rules.records.narrate import closing, opening, tell_deal, transcript_narrator
    from nainjaune_rules.records.transcript import transcript, write_streamed

    deals = play_by_deal(game, seats, summaries=False)  # the result's reason is all it needs
    if printed_live and args.format == "text" and not args.out:
        for _deal in deals:  # the human seat's game is told as it goes: nothing more
            pass
        return
    with _output_to(args.out, args.follow_links) as out:
        if args.format == "json":
            write_streamed(out, game, specs, deals, deck_sha256)
            return
        head = transcript(game, specs, deals=[], deck_file_sha256=deck_sha256)
        narrator = transcript_narrator(head, suits=game.t.same_suit)
        # the narration quotes ruleset words: escaped for the terminal like the live lines
        def tell(lines: list[str]) -> None:
            out.write("".join(terminal_safe(line) + "\n" for line in lines))

        tell([opening(head)])
        for deal in deals:
            tell(tell_deal(narrator, deal))
        tell(closing(narrator, game.end_record))


@contextlib.contextmanager
def _output_to(path: str | None, follow_links: bool) -> Iterator[TextOutput]:
    """Standard output, or a text stream to FILE written all or nothing through the shared
    safe writer (:func:`nainjaune_rules.cli.common.output_stream`)."""
    from nainjaune_rules.cli.common import output_stream

    if path is None:
        yield sys.stdout
        return
    with output_stream(path, follow_links) as stream:
        yield stream
