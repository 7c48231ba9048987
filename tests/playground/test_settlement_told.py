"""The settlement told at each deal's end (players/settlement_told.py) says what the
transcript says: for seeded deals of every built-in ruleset (rules/*.nj, cousins/, house/),
and of each one made poor (a few tokens to start with, so that players run short, buy
counters from the bank, leave or end the game), every ``pay``, ``shortfall``, ``buy`` and
``exempt`` event from the winner's ``out`` to the deal's end is one line of the summary, in
order, with the same payer, payee, amount and reason; the summary has no other line.  In
English and in French.

The expected words of each line are worked out here from the transcript's event alone
(who, how many, the reason's key words), not from the module's tables.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from nainjaune_rules import load_ruleset
from nainjaune_rules.core.cards import Card, parse_card
from nainjaune_rules.engine.events import EventType
from nainjaune_rules.engine.game import Game
from nainjaune_rules.engine.table_build import compile_tables
from nainjaune_rules.players.session import make_seats
from nainjaune_rules.players.settlement_told import Settlement
from nainjaune_rules.playground.editing import builtin_source, load_source
from nainjaune_rules.records.transcript import dumps, transcript
from nainjaune_rules.syntax.resources import builtin_rulesets

SEEDS = range(4)
DEALS = 3
USER = 0
TOLD = {"pay", "shortfall", "buy", "exempt"}

#: a reason of the transcript -> words its line must hold, in each language
REASON_WORDS = {
    "en": {"settlement": "left", "honours": "kept in hand", "deal end": "deal's end",
           "out with": "went out with", "opera": "opéra", "leftovers": "leftovers",
           "pool": "pool", "box": "box", "card": "card played", "sweep": "sweeps"},
    "fr": {"settlement": "restées en main", "honours": "gardé en main",
           "deal end": "fin de la donne", "out with": "est sorti avec", "opera": "opéra",
           "leftovers": "restés sur le tableau", "pool": "poule", "box": "case",
           "card": "carte jouée", "sweep": "rafle"},
}


def _name(party: object, lang: str, subject: bool = True) -> str:
    if party == USER:
        return "you" if lang == "en" else "vous"
    if isinstance(party, int):
        return f"seat {party}" if lang == "en" else f"la place {party}"
    card = parse_card(str(party))
    if card is None:
        return str(party)
    return f"the {card.symbol} box" if lang == "en" else f"la case {card.symbol}"


def _tokens(n: int, lang: str, noun: str = "token") -> str:
    word = noun if lang == "en" else "jeton"
    return f"{n} {word}{'' if n == 1 else 's'}"


def _expected(ev: dict[str, Any], lang: str) -> list[str]:
    """Pieces of text the line of ``ev`` must hold."""
    kind = ev["type"]
    if kind == "pay":
        return [_name(ev["from"], lang), _name(ev["to"], lang), _tokens(ev["amount"], lang),
                REASON_WORDS[lang][ev["reason"]]]
    if kind == "shortfall":
        left = (_tokens(ev["paid"], lang) if ev["paid"]
                else "no token left" if lang == "en" else "plus aucun jeton")
        owed = (f"pay {ev['owed']} in full" if lang == "en"
                else f"payer {ev['owed']} en entier")
        bank = ("bought from the bank" if lang == "en" else "acheté à la banque")
        return [_name(ev["seat"], lang), owed, left] + (
            [bank] if ev["rule"] == "buys counters from the bank" else [])
    if kind == "buy":
        return [_name(ev["seat"], lang),
                (f"{_tokens(ev['amount'], lang, 'counter')} from the bank" if lang == "en"
                 else f"{_tokens(ev['amount'], lang)} à la banque")]
    assert kind == "exempt"
    return [_name(ev["seat"], lang), Card.from_index(parse_card(ev["card"]).index).symbol]


def _settlement_events(deal: dict[str, Any]) -> list[dict[str, Any]]:
    events = [ev for step in deal["moves"] for ev in step["events"]]
    outs = [i for i, ev in enumerate(events) if ev["type"] == "out"]
    if not outs:
        return []
    return [ev for ev in events[outs[-1]:] if ev["type"] in TOLD]


def _play(ruleset: Any, players: int, seed: int) -> tuple[dict[str, Any], dict[str, list]]:
    """A game's transcript (as JSON gives it back) and each language's summaries."""
    game = Game(compile_tables(ruleset), players, seed, deals=DEALS, record=True)
    told = {lang: Settlement(lang) for lang in ("en", "fr")}
    summaries: dict[str, list[list[str]]] = {"en": [], "fr": []}

    def listen(ev: dict[str, Any]) -> None:
        for lang, settlement in told.items():
            if ev["type"] == EventType.DEAL_START:
                settlement.begin(game)
            settlement.feed(ev)
            if ev["type"] == EventType.DEAL_OVER:
                summaries[lang].append(settlement.lines(game, USER))

    game.listeners.append(listen)
    specs = ["lowest"] * players
    game.play(make_seats(specs))
    return json.loads(dumps(transcript(game, specs))), summaries


def _compare(doc: dict[str, Any], summaries: dict[str, list]) -> int:
    """Asserts every summary against its deal's events; returns the events compared."""
    deals = [d for d in doc["deals"] if d["moves"]]
    compared = 0
    for lang, told in summaries.items():
        assert len(told) == len(deals), lang
        for deal, lines in zip(deals, told, strict=True):
            events = _settlement_events(deal)
            body = lines[1:-1]
            if not events:
                assert body == ["    nobody pays anything" if lang == "en"
                                else "    personne ne paie rien"]
                continue
            assert len(body) == len(events), (lang, body, events)
            for i, (ev, line) in enumerate(zip(events, body, strict=True)):
                for piece in _expected(ev, lang):
                    assert piece in line, (lang, piece, line, ev)
                if ev["type"] == "shortfall":
                    _check_owed_for(ev, events[i + 1:i + 3], line, lang, _left_in_hand(deal))
            compared += len(events)
        assert all(lines[-1].startswith("  you now have" if lang == "en" else "  vous avez")
                   for lines in told)
    return compared


def _left_in_hand(deal: dict[str, Any]) -> dict[int, set[str]] | None:
    """Each seat's cards at the deal's end, from the transcript (None: a widow was taken)."""
    events = [*deal["setup"], *(ev for step in deal["moves"] for ev in step["events"])]
    if any(ev["type"] == "widow" and ev["exchanged"] for ev in events):
        return None
    hands = next(ev["hands"] for ev in events if ev["type"] == "deal")
    left = {int(seat): set(cards) for seat, cards in hands.items()}
    for ev in events:
        if ev["type"] == "play":
            left[ev["seat"]].discard(ev["card"])
    return left


def _check_owed_for(ev: dict[str, Any], after: list[dict[str, Any]], line: str, lang: str,
                    left: dict[int, set[str]] | None) -> None:
    """A shortfall's line says what was owed: the reason of the payment that follows it, or
    (nothing paid) a box card the seat did keep, or its cards left."""
    kept = "kept in hand" if lang == "en" else "gardé en main"
    paid = next((a for a in after if a["type"] == "pay" and a["from"] == ev["seat"]), None)
    if paid is not None and paid["reason"] == "honours":
        assert f"{parse_card(paid['to']).symbol} {kept}" in line, (line, paid)
    elif paid is not None:
        assert kept not in line, (line, paid)
        assert REASON_WORDS[lang][paid["reason"]] in line, (line, paid)
    elif kept in line and left is not None:
        card = re.search(r"(?:the|le) (\S+) " + kept, line)
        assert card, line
        held = {parse_card(c).symbol.split("/")[0] for c in left[ev["seat"]]}  # any pack
        assert card.group(1) in held, (line, held)


def _counts(ruleset: Any) -> list[int]:
    counts = sorted(compile_tables(ruleset).deal_rows)
    return sorted({counts[0], counts[-1]})


@pytest.mark.parametrize("name", builtin_rulesets())
def test_the_summary_tells_each_settlement_event_of_the_transcript(name: str) -> None:
    ruleset = load_ruleset(name)
    compared = 0
    for players in _counts(ruleset):
        for seed in SEEDS:
            compared += _compare(*_play(ruleset, players, seed))
    assert compared > 0  # every ruleset's losers pay something in a dozen deals


def _poor(name: str, purse: int = 2, extra: int = 4) -> Any:
    """``name`` with a purse of ``purse`` times the stakes and ``extra`` tokens: players
    run short."""
    stake = compile_tables(load_ruleset(name)).stake_total
    return load_source(builtin_source(name, stub=True) +
                       f'starting tokens: {purse * stake + extra} [house "a short purse"]\n')


@pytest.mark.parametrize("name", builtin_rulesets())
def test_shortfalls_and_purchases_are_told_as_the_transcript_has_them(name: str) -> None:
    kinds: set[str] = set()
    for purse, extra in ((2, 4), (1, 1)):  # the smaller purse for small payments
        ruleset = _poor(name, purse, extra)
        for players in _counts(ruleset):
            for seed in SEEDS:
                doc, summaries = _play(ruleset, players, seed)
                _compare(doc, summaries)
                kinds |= {ev["type"] for d in doc["deals"] for ev in _settlement_events(d)}
    rule = ruleset.cannot_pay.rule.value if ruleset.cannot_pay else ""
    assert "shortfall" in kinds, name
    if rule == "buys counters from the bank":
        assert "buy" in kinds, name


def test_the_1760_bank_purchase_is_told_before_the_payment_in_full() -> None:
    """The issue's deal: the log showed the debt paid in full with counters bought from the
    bank while the summary said "paid all they had"; now the shortfall, the purchase and
    the full payment are three lines, in the log's order."""
    ruleset = _poor("1760")
    for seed in range(20):
        doc, summaries = _play(ruleset, 3, seed)
        deals = [d for d in doc["deals"] if d["moves"]]
        bought = [i for i, d in enumerate(deals)
                  if any(ev["type"] == "buy" for ev in _settlement_events(d))]
        if bought:
            break
    lines = summaries["en"][bought[0]]
    text = "\n".join(lines)
    assert "paid all they had" not in text and "with no token left" not in text
    buy = next(i for i, line in enumerate(lines) if "from the bank (a debt" in line)
    assert "cannot pay" in lines[buy - 1] and "the rest is bought from the bank" in lines[buy - 1]
    owed = int(re.search(r"pay (\d+) in full", lines[buy - 1]).group(1))
    payer = lines[buy].split(" buys ")[0]
    assert lines[buy - 1].startswith(payer) and lines[buy + 1].startswith(payer)
    assert re.search(rf" {owed} tokens: the points of the cards left", lines[buy + 1])


def test_a_box_card_kept_in_hand_says_why_it_pays() -> None:
    """fr-sheet's honours: "owed 20 more" was never explained; the line names the card."""
    found = []
    for seed in range(12):
        doc, summaries = _play(load_ruleset("fr-sheet"), 4, seed)
        found += [line for lines in summaries["en"] for line in lines if "kept in hand" in line]
    assert found and all(re.search(r"the (10|[2-9AJQK])[♣♦♥♠] kept in hand", line)
                         for line in found)
