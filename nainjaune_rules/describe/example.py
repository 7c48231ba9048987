"""A worked example for a ruleset page: one seeded deal played by the reference
engine, told turn by turn from its transcript.

:func:`worked_example` plays the deal (``lowest`` bots in every seat, so the
command printed beside it, ``nainjaune play NAME --seed S --players N --deals 1``,
plays the very same deal) and keeps the JSON transcript; :func:`turns` reads
the transcript's events into the steps the page shows: who lays which cards
(with their suits' symbols), what they say, what they take or pay, and the
board and the balances when the deal is over.  Nothing is made up: every line
comes from an event of the transcript, which ``nainjaune replay`` verifies.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from nainjaune_rules.core.cards import RANK_CODES, parse_card
from nainjaune_rules.core.declension import after_call
from nainjaune_rules.engine.events import EventType
from nainjaune_rules.engine.game import Game
from nainjaune_rules.engine.table_build import compile_tables
from nainjaune_rules.engine.tables import EngineError
from nainjaune_rules.model.rules import Ruleset
from nainjaune_rules.players import make_player
from nainjaune_rules.records.narrate import spoken
from nainjaune_rules.records.transcript import transcript

from . import i18n


def _say(english: str, **values: object) -> str:
    """A sentence of the narration in the language of the page being written (the
    engine's own words in ``values``, a reason or a forfeit, are looked up too)."""
    language = i18n.language()
    return language.typeset(language.phrase(english).format(
        **{k: language.phrase(v) if isinstance(v, str) else v for k, v in values.items()}))

#: the seeds tried, in order: the first whose deal lays a box card is shown, since
#: taking a box is what a beginner most needs to see (seed 0 when none does)
SEEDS = range(8)


@dataclass
class Step:
    """One turn as the page tells it."""

    seat: int
    cards: list[str] = field(default_factory=list)  #: card symbols laid, in order
    said: list[str] = field(default_factory=list)  #: words said aloud
    notes: list[str] = field(default_factory=list)  #: takings, payments, new runs
    received: int = 0  #: counters the other players paid for the cards laid
    payers: int = 0

    def sentence(self) -> str:
        """The turn in one sentence: ``Seat 2 lays 9♦ 10♦ J♦, saying “dix qui prend”,
        “sans dame”; takes the 10♦ box: 4.``"""
        words = ", ".join(f"“{w}”" for w in self.said)
        if self.cards:
            text = _say("Seat {seat} lays {cards}", seat=self.seat, cards=" ".join(self.cards))
            text += _say(", saying {words}", words=words) if words else ""
        else:
            text = (_say("Seat {seat} says {words}", seat=self.seat, words=words) if words
                    else _say("Seat {seat}", seat=self.seat))
        notes = list(self.notes)
        if self.received:
            notes.append(_say("receives {received} from {payers} other players",
                              received=self.received, payers=self.payers))
        for i, note in enumerate(notes):
            # "(cannot continue)" glosses the words just said; other notes are clauses
            glued = note.startswith("(") or (i == 0 and not (self.cards or words))
            text += (" " if glued else "; ") + note
        return text + "."


@dataclass(frozen=True)
class Example:
    name: str
    seed: int
    players: int
    doc: dict[str, Any]

    @property
    def command(self) -> str:
        """The command that plays this deal again (and the replay that checks it)."""
        return (f"nainjaune play {shlex.quote(self.name)} --seed {self.seed} "
                f"--players {self.players} --deals 1 --format json --out example.json"
                " && nainjaune replay example.json")


def players_for(ruleset: Ruleset) -> int:
    """What ``nainjaune play`` uses by default: the smallest count of the deal
    table that is at least 4, else the largest."""
    table = ruleset.deal_table
    # ``deal: all cards`` has no rows: every count of the players clause is dealt
    counts = (sorted(ruleset.players.counts) if table.all_cards
              else sorted(r.players for r in table.rows)) or [4]
    return next((c for c in counts if c >= 4), counts[-1])


def _play(ruleset: Ruleset, players: int, seed: int) -> dict[str, Any]:
    tables = compile_tables(ruleset)
    game = Game(tables, players, seed, deals=1, record=True)
    seats = [make_player("lowest") for _ in range(players)]
    game.play(seats)  # type: ignore[arg-type]
    return transcript(game, ["lowest"] * players)


def _takes_a_box(doc: dict[str, Any]) -> bool:
    return any(ev.get("type") == EventType.PAY and ev.get("reason") == "box"
               for step in doc["deals"][0]["moves"] for ev in step["events"])


def worked_example(ruleset: Ruleset, name: str) -> Example | None:
    """One deal of ``ruleset`` (known on the site as ``name``); ``None`` when the
    engine cannot play it (a ruleset the engine does not support)."""
    players = players_for(ruleset)
    first: Example | None = None
    try:
        for seed in SEEDS:
            example = Example(name, seed, players, _play(ruleset, players, seed))
            if _takes_a_box(example.doc):
                return example
            first = first or example
    except EngineError:
        return None
    return first


def symbol(code: str) -> str:
    """``QS`` → ``Q♠`` (``♠D`` on a French page); a code that is not a card is given
    back as it is."""
    card = parse_card(code)
    return i18n.language().card_symbol(card) if card else code


def _holder(code: str) -> str:
    """``the Q♠ box``, or ``the pool "Game"`` for a pool tied to no card (issue #22)."""
    card = parse_card(code)
    return _say("the {card} box", card=symbol(code)) if card else _say(
        "the pool {name}", name=f'"{code}"')


def _events(deal: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for step in deal["moves"]:
        yield from step["events"]


class _Teller:
    """Reads events into :class:`Step` objects (one per turn)."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        self.steps: list[Step] = []
        self.settlement: list[str] = []
        self.current: Step | None = None

    def _step(self, seat: int) -> Step:
        if self.current is None or self.current.seat != seat:
            self.current = Step(seat)
            self.steps.append(self.current)
        return self.current

    def _rank(self, rank: str) -> str:
        card = parse_card(rank + "C")
        return self.names[card.rank - 1] if card else rank

    def _names(self, call: str) -> tuple[str, ...]:
        """The rank names as said with ``call``: a call of the page's language says a
        figure in words ("dix qui prend", "sans dix"); another keeps its source's
        writing (the Czech leaflet's "bez 6")."""
        language = i18n.language()
        if not language.own_call(call):
            return self.names
        return tuple(language.said_number(n) for n in self.names)

    def feed(self, ev: dict[str, Any]) -> None:
        kind = ev.get("type")
        if kind == EventType.PLAY:
            step = self._step(ev["seat"])
            step.cards.append(symbol(ev["card"]))
            words = [w for w in ev.get("said") or [] if w.startswith("…") or w.endswith("!")]
            if words:
                said = spoken(words, ev["card"], self._names(" ".join(words)))
                # a cry is written as the leaflet writes one, capitalised ("Královna bere!")
                step.said.append(said[:1].upper() + said[1:] if said.endswith("!") else said)
        elif kind == EventType.STOP:
            step = self._step(ev["seat"])
            if ev.get("needs"):
                call = ev.get("call") or _say("without")
                card = parse_card(ev["needs"] + "C")
                rank = self._names(call)[card.rank - 1] if card else ev["needs"]
                step.said.append(f"{call} {after_call(call, rank)}")
            self.current = None
        elif kind == EventType.PASS:
            step = self._step(ev["seat"])
            if ev.get("call"):
                step.said.append(ev["call"])
                step.notes.append(_say("(cannot continue)"))
            else:
                step.notes.append(_say("cannot continue and passes"))
            self.current = None
        else:
            self._other(kind, ev)

    def _other(self, kind: object, ev: dict[str, Any]) -> None:
        if kind == EventType.PAY:
            self._pay(ev)
        elif kind == EventType.FORGOT and self.current:
            self.current.notes.append(_say("forgets to announce: forfeits {forfeit}",
                                           forfeit=ev["forfeit"]))
        elif kind == EventType.NEW_RUN:
            seat = ev["seat"]
            said = [ev["call"]] if ev.get("call") else []
            why = "nobody can continue" if ev["reason"] == "nobody can continue" else ev["reason"]
            step = self._step(seat)
            step.said.extend(said)
            step.notes.append(_say("{why}: starts a new run", why=why))
            self.current = None
        elif kind == EventType.SKIP:
            self._step(ev["seat"]).notes.append(_say(
                "nobody continues: must go on with the {rank}", rank=self._rank(ev["needs"])))
        elif kind == EventType.OUT and self.current:
            self.current.notes.append(_say("has no cards left: the deal ends"))
            if ev.get("call"):
                self.current.said.append(ev["call"])
        elif kind == EventType.OPERA:
            self.settlement.append(_say("Seat {seat} makes an opéra ({kind}).",
                                        seat=ev["seat"], kind=ev["kind"]))
        elif kind == EventType.SHORTFALL:
            self.settlement.append(_say(
                "Seat {seat} cannot pay {owed} in full: pays {paid} ({rule}).",
                seat=ev["seat"], owed=ev["owed"], paid=ev["paid"], rule=ev["rule"]))
        elif kind == EventType.BUY:
            self.settlement.append(_say("Seat {seat} buys {amount} counters from the bank.",
                                        seat=ev["seat"], amount=ev["amount"]))

    def _pay(self, ev: dict[str, Any]) -> None:
        reason, amount = ev["reason"], ev["amount"]
        if reason == "box" and self.current:
            self.current.notes.append(_say("takes the {card} box: {amount}",
                                           card=symbol(ev["from"]), amount=amount))
        elif reason == "pool" and self.current and isinstance(ev["from"], str):
            self.current.notes.append(_say("takes {what}: {amount}", what=_holder(ev["from"]),
                                           amount=amount))
        elif reason == "card" and self.current:
            self.current.received += amount
            self.current.payers += 1
        elif isinstance(ev["from"], str):  # a pool, or a box the dealer turned up (#22)
            self.settlement.append(_say(
                "Seat {taker} takes {amount} tokens from {what} ({reason}).",
                taker=ev["to"], amount=amount, what=_holder(ev["from"]), reason=reason))
        elif isinstance(ev["to"], str):
            self.settlement.append(_say(
                "Seat {giver} adds {amount} tokens to the {card} box ({reason}).",
                giver=ev["from"], amount=amount, card=symbol(ev["to"]), reason=reason))
        else:
            self.settlement.append(_say(
                "Seat {giver} pays seat {taker} {amount} tokens ({reason}).",
                giver=ev["from"], taker=ev["to"], amount=amount, reason=reason))


@dataclass(frozen=True)
class Told:
    dealer: int
    hands: list[tuple[int, list[str]]]
    talon: list[str]
    staked: dict[str, int]  #: the board once every stake is in
    steps: list[Step]
    settlement: list[str]
    balances: list[int]
    board: dict[str, int]


def tell(example: Example) -> Told:
    """The first deal of ``example`` as steps, hands and payments."""
    deal = example.doc["deals"][0]
    names = tuple(example.doc["ruleset"].get("rank_names") or RANK_CODES)
    teller = _Teller(names)
    staked: dict[str, int] = {}
    hands: list[tuple[int, list[str]]] = []
    talon: list[str] = []
    for ev in deal["setup"]:
        if ev.get("type") == EventType.PAY and ev.get("reason") == "stake":
            staked[ev["to"]] = staked.get(ev["to"], 0) + ev["amount"]
        elif ev.get("type") == EventType.DEAL:
            hands = [(int(s), [symbol(c) for c in cards])
                     for s, cards in sorted(ev["hands"].items(), key=lambda kv: int(kv[0]))]
            talon = [symbol(c) for c in ev.get("talon", [])]
        else:
            teller.feed(ev)
    for ev in _events(deal):
        teller.feed(ev)
    return Told(deal["dealer"], hands, talon,
                {symbol(k): v for k, v in staked.items()}, teller.steps, teller.settlement,
                list(deal["balances"]), {symbol(k): v for k, v in deal["board"].items()})


__all__ = ["Example", "Step", "Told", "players_for", "tell", "worked_example"]
