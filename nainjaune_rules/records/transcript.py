"""The JSON transcript of a game, and replaying one to verify every event.

A transcript is one JSON object (sorted keys, so the same game always gives
the same bytes)::

    {"format": "nainjaune-transcript/2",
     "ruleset": {"id": "fr-sheet", "sha256": "...", "options": {"payment": "points"},
                 "rank_names": ["as", "deux", ...]},
     "options": {"deals": null, "max_deals": 1000},
     "seed": 0, "players": 4, "dealer": 0, "seats": ["lowest", "random:forget=0.3", ...],
     "decks": {"from": "seed"},      # or {"from": "deck file", "sha256": "..."}
     "deals": [{"number": 1, "dealer": 0, "deck": ["QS", ...],     # first code = top card
                "setup": [events: stakes, the deal, the first turn],
                "moves": [{"seat": 1, "move": "3C", "events": [...]}, ...],
                "balances": [...], "board": {"10D": 4, ...}}, ...],
     "result": {"ended": true, "reason": "...", "balances": [...], "board": {...},
                "winners": [3]}}

Events are flat objects with a ``type``: ``deal``, ``turn``, ``play`` (with
``said``: the announcement words said), ``forgot``, ``pay`` (``from``/``to``
a seat or a box card, ``reason``), ``stop`` ("sans X"), ``pass``, ``skip``,
``new run``, ``out``, ``opera``, ``shortfall``, ``leaves``.

:func:`replay` re-executes the moves on the ruleset and compares every event;
it reports the first difference with the deal, the move number and both sides.
What else replay certifies (the decks follow from the seed, each bot would have made
its moves) is checked by :mod:`.provenance` and :mod:`nainjaune_rules.players.seat_check`.
``seats`` are the players' specs in the form ``make_player`` reads (kind and options).
Format 1 (before ``decks``) is still read: replay then says what it could not verify.
The document's shape is fixed by ``schemas/transcript.schema.json`` (checked by
:mod:`.transcript_input`); :func:`check_fields` checks what depends on the ruleset.

The ruleset ``id`` is the id on the ruleset's ``ruleset`` line.  A game played on
a ruleset *file* rather than a built-in ruleset also records ``"file"``: the
file's name (not its folder), so that replay can ask for ``--ruleset FILE``
instead of looking the id up among the built-in rulesets.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from nainjaune_rules.core.cards import parse_card
from nainjaune_rules.core.safewrite import TextOutput
from nainjaune_rules.engine.game import DeckExhausted, Game
from nainjaune_rules.engine.moves import parse_move
from nainjaune_rules.engine.tables import EngineError, Tables
from nainjaune_rules.model.rules import Ruleset
from nainjaune_rules.records.narrate import rank_words
from nainjaune_rules.records.provenance import deck_source
from nainjaune_rules.records.transcript_input import FORMAT, TranscriptError, echo, json_path
from nainjaune_rules.syntax.resources import builtin_rulesets, rules_dir


class ReplayMismatch(Exception):
    """A transcript that the engine does not reproduce; the message says where and how."""


def ruleset_digest(ruleset: Ruleset) -> str:
    """sha256 of the ruleset's canonical form (names its exact rules)."""
    from nainjaune_rules.model.canonical import ruleset_hash

    return ruleset_hash(ruleset)


def transcript(game: Game, seats: Sequence[str], *, deals: Sequence[object] | None = None,
               deck_file_sha256: str | None = None) -> dict[str, Any]:
    """The transcript of a finished game played with ``record=True``.

    ``deals``: the deals' records when the game did not keep them (:func:`.players.session.
    play_by_deal` hands them on one by one); ``deck_file_sha256``: the digest of the deck
    file the game's decks were read from.
    """
    rs = game.t.ruleset
    return {
        "format": FORMAT,
        "ruleset": {"id": rs.id, "sha256": ruleset_digest(rs), "options": dict(rs.chosen),
                    "rank_names": list(rank_words(rs)), **_file_of(rs)},
        "options": {"deals": game.deals_option, "max_deals": game.max_deals},
        "seed": game.seed,
        "players": game.n,
        "dealer": game.first_dealer,
        "seats": list(seats),
        "decks": deck_source(game, deck_file_sha256),
        "deals": game.deal_records if deals is None else list(deals),
        "result": game.end_record,
    }


def _file_of(rs: Ruleset) -> dict[str, str]:
    """``{"file": NAME}`` for a ruleset compiled from a file that is not a built-in one."""
    if not rs.file:
        return {}  # made in memory (tests): nothing to say
    path = Path(rs.file).resolve()
    root = rules_dir().resolve()
    if path.is_relative_to(root):
        name = path.relative_to(root).with_suffix("").as_posix()
        if name in builtin_rulesets():
            return {}
    return {"file": path.name}


def dumps(doc: dict[str, Any]) -> str:
    """The transcript as text: sorted keys, two-space indent, UTF-8, final newline."""
    return json.dumps(doc, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


_DEALS_MARK = "\0deals\0"  # stands for the deals in the text around them


def write_streamed(out: TextOutput, game: Game, seats: Sequence[str],
                   deals: Iterable[dict[str, Any]], deck_file_sha256: str | None = None) -> None:
    """Write the transcript of ``game`` to ``out`` as :func:`dumps` would, byte for byte,
    while ``deals`` plays it: each deal's record is written as it comes, then forgotten.

    The keys are sorted: only ``dealer`` comes before ``deals``, and everything after them
    (``result`` among them) is written once the game is over.
    """
    def around() -> tuple[str, str]:
        text = dumps(transcript(game, seats, deals=[_DEALS_MARK],
                                deck_file_sha256=deck_file_sha256))
        mark = text.index(json.dumps(_DEALS_MARK))
        return text[:text.rindex("\n", 0, mark)], text[text.index("\n", mark):]

    before, _ = around()
    out.write(before)
    separator = "\n  "
    for deal in deals:
        item = json.dumps(deal, sort_keys=True, indent=1, ensure_ascii=False)
        out.write(separator + item.replace("\n", "\n  "))  # a JSON string holds no newline
        separator = ",\n  "
    _, after = around()
    out.write(after if separator == ",\n  " else after.removeprefix("\n "))


def _decks(doc: dict[str, Any]) -> list[list[int]]:
    decks = []
    for deal in doc["deals"]:
        cards = []
        for code in deal.get("deck", []):
            card = parse_card(str(code))
            if card is None:
                raise ReplayMismatch(f"deal {deal.get('number')}: '{code}' is not a card code")
            cards.append(card.index)
        decks.append(cards)
    return decks


def _compare(where: str, expected: object, got: object) -> None:
    if expected == got:
        return
    if isinstance(expected, list) and isinstance(got, list):
        for i, (e, g) in enumerate(zip(expected, got, strict=False)):
            if e != g:
                raise ReplayMismatch(f"{where}, event {i + 1}: the transcript says\n"
                                     f"    {json.dumps(e, ensure_ascii=False, sort_keys=True)}\n"
                                     f"  the engine gives\n"
                                     f"    {json.dumps(g, ensure_ascii=False, sort_keys=True)}")
        raise ReplayMismatch(f"{where}: the transcript has {len(expected)} events, "
                             f"the engine gives {len(got)}")
    raise ReplayMismatch(f"{where}: the transcript says {json.dumps(expected, sort_keys=True)}, "
                         f"the engine gives {json.dumps(got, sort_keys=True)}")


def replay(doc: dict[str, Any], ruleset: Ruleset | Tables) -> Game:
    """Re-execute a transcript on ``ruleset``; raises :class:`ReplayMismatch` at a difference.

    ``doc`` should have passed :func:`.transcript_input.validate` and :func:`check_fields`:
    this function trusts the shape of the document.
    """
    try:
        options = doc["options"]
        game = Game(ruleset, int(doc["players"]), int(doc["seed"]), deals=options["deals"],
                    dealer=int(doc["dealer"]), max_deals=int(options["max_deals"]),
                    record=True, decks=_decks(doc))
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayMismatch(f"not a transcript: missing or wrong field {exc}") from None
    except EngineError as exc:
        raise ReplayMismatch(str(exc)) from None
    for deal in doc["deals"]:
        number = deal.get("number")
        try:
            _replay_deal(game, deal, number)
        except EngineError as exc:
            raise ReplayMismatch(f"deal {number}: {exc}") from None
    try:
        more = game.start_deal()
    except DeckExhausted as exc:  # the transcript gives no deck for it: the engine deals one
        raise ReplayMismatch(f"the engine plays a deal {exc.deal} that the transcript "
                             "lacks") from None
    if more:
        raise ReplayMismatch(f"the engine plays a deal {game.deal_no} that the transcript lacks")
    _compare("the result", doc.get("result"), game.end_record)
    return game


def _replay_deal(game: Game, deal: dict[str, Any], number: object) -> None:
    if not game.start_deal() and deal.get("deck"):
        raise ReplayMismatch(f"deal {number}: the engine ends the game before this deal "
                             f"({game.result().reason})")
    mine = game.deal_records[-1]
    _compare(f"deal {number}, its number", number, mine.get("number"))
    _compare(f"deal {number}, its dealer", deal.get("dealer"), mine.get("dealer"))
    _compare(f"deal {number}, before the first move", deal.get("setup"), mine.get("setup"))
    for i, step in enumerate(deal.get("moves", []), start=1):
        where = f"deal {number}, move {i}"
        if not game.in_play:
            raise ReplayMismatch(f"{where}: the deal is already over")
        if step.get("seat") != game.turn:
            raise ReplayMismatch(f"{where}: the transcript has seat {step.get('seat')} "
                                 f"move, but it is seat {game.turn}'s turn")
        move = parse_move(str(step.get("move")))
        if move is None or not game.is_legal(move):
            legal = " ".join(map(str, game.legal_moves()))
            raise ReplayMismatch(f"{where}: '{step.get('move')}' is not a legal move for "
                                 f"seat {game.turn} (legal: {legal})")
        game.push(move)
        events = mine["moves"][-1]["events"]  # type: ignore[index]
        _compare(where, step.get("events"), events)
    if game.in_play:
        raise ReplayMismatch(f"deal {number}: the transcript stops before the deal ends")
    _compare(f"deal {number}, balances after the deal", deal.get("balances"),
             mine.get("balances"))
    _compare(f"deal {number}, board after the deal", deal.get("board"), mine.get("board"))


# -- what the schema cannot check: values that depend on the ruleset --------------------

def with_recorded_options(doc: dict[str, Any], ruleset: Ruleset) -> Ruleset:
    """``ruleset`` with the table options the transcript records, each checked first."""
    from nainjaune_rules.core.diagnostics import did_you_mean
    from nainjaune_rules.model.resolve import with_options

    recorded: dict[str, str] = doc["ruleset"]["options"]
    for name, choice in recorded.items():
        where = json_path(["ruleset", "options", name])
        option = ruleset.option(name)
        if option is None:
            hint = did_you_mean(name, [o.name for o in ruleset.options])
            raise TranscriptError(where, f"the ruleset {echo(ruleset.id)} has no option "
                                  f"{echo(name)}" + (f"; {hint}" if hint else ""))
        if option.choice(choice) is None:
            offered = ", ".join(echo(c.name) for c in option.choices)
            raise TranscriptError(where, f"{echo(choice)} is not a choice of this option "
                                  f"(the choices are {offered})")
    return with_options(ruleset, recorded) if recorded else ruleset


def same_rules(doc: dict[str, Any], ruleset: Ruleset) -> bool:
    """Whether the transcript was written with exactly these rules (its sha256 matches,
    in today's canonical form or, written before December 2026, in the first one).

    The one place where a transcript's hash is compared with a ruleset's."""
    from nainjaune_rules.model.canonical import ruleset_digests

    return doc["ruleset"]["sha256"] in ruleset_digests(ruleset)


def first_form_note(doc: dict[str, Any], ruleset: Ruleset) -> str:
    """What to say of a transcript whose sha256 is that of the first canonical form."""
    if doc["ruleset"]["sha256"] == ruleset_digest(ruleset):
        return ""
    return ("note: the transcript names its ruleset by the hash of the canonical form of "
            "before December 2026; it is the same ruleset")


def check_fields(doc: dict[str, Any], tables: Tables) -> None:
    """Refuse values that do not fit the ruleset: the first one names its JSON path."""
    _check_rank_names(doc, tables.ruleset)
    players = doc["players"]
    if players not in tables.deal_rows:
        counts = ", ".join(map(str, sorted(tables.deal_rows)))
        raise TranscriptError("players", f"the ruleset {echo(tables.ruleset.id)} deals for "
                              f"{counts} players, not {players}")
    if len(doc["seats"]) != players:
        raise TranscriptError("seats", f"{len(doc['seats'])} seats for {players} players")
    _check_seat("dealer", doc["dealer"], players)
    for i, deal in enumerate(doc["deals"]):
        where = f"deals[{i}]"
        if deal["number"] != i + 1:
            raise TranscriptError(f"{where}.number", f"deal number {deal['number']} in place "
                                  f"{i + 1}: deals are numbered 1, 2, 3… in order")
        _check_seat(f"{where}.dealer", deal["dealer"], players)
        if i == 0 and deal["dealer"] != doc["dealer"]:
            raise TranscriptError(f"{where}.dealer", f"seat {deal['dealer']} deals first, "
                                  f"but the transcript's dealer is seat {doc['dealer']}")
        _check_deck(f"{where}.deck", deal["deck"], tables)
        for j, move in enumerate(deal["moves"]):
            _check_seat(f"{where}.moves[{j}].seat", move["seat"], players)


def _check_seat(where: str, seat: int, players: int) -> None:
    if not 0 <= seat < players:
        raise TranscriptError(where, f"there is no seat {seat} with {players} players "
                              f"(seats are 0 to {players - 1})")


def _check_deck(where: str, deck: list[str], tables: Tables) -> None:
    if not deck:
        return  # a deal whose stakes could not be paid deals no cards
    cards = [parse_card(code) for code in deck]
    mask = sum(1 << card.index for card in cards if card is not None)
    if len(deck) != tables.deck_size or mask != tables.deck_mask:
        raise TranscriptError(where, f"not the {tables.deck_size} cards of the ruleset's "
                              "deck, each once")


def _check_rank_names(doc: dict[str, Any], ruleset: Ruleset) -> None:
    recorded = doc["ruleset"].get("rank_names")
    if recorded is None:
        return
    for rank, (said, ours) in enumerate(zip(recorded, rank_words(ruleset), strict=True)):
        if said != ours:
            raise TranscriptError(f"ruleset.rank_names[{rank}]",
                                  f"{echo(said)} is not what the ruleset calls this rank "
                                  f"({echo(ours)})")
