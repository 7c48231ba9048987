"""The playground's log on the French page, and the lines that end a deal in either language.

The English log is the narration of ``nainjaune replay`` (:mod:`.records.narrate`).  The
French page's log is told in French: each move, box and payment as the live region says
it (:class:`.announce.Announcer`), and what a player reads at the table besides: the deal
and its dealer, the user's own hand, the balances and the board once the deal is settled.

Both logs then give the settlement line by line (:mod:`.players.settlement_told`), the
standings and the deal's winner, each seat named once ("seat 3 (lowest)"): the game of
the playground is one deal, so its end needs no reason (the engine's "1 deals played
(--deals)" names a command-line option, which a web page has not).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nainjaune_rules.core.cards import Card, parse_card
from nainjaune_rules.engine.events import EventType

from .announce import Announcer

Event = Mapping[str, Any]


def symbol(code: str) -> str:
    """``7D`` → ``7♦``; a pool's name (the ruleset's word) « quoted »."""
    card = parse_card(code)
    return card.symbol if card is not None else f"« {code} »"


def seat_name(seat: int, specs: list[str], user: int, lang: str) -> str:
    """``seat 3 (lowest)``, ``seat 0 (you)``; « la place 3 (lowest) », « la place 0 (vous) »."""
    fr = lang == "fr"
    who = ("vous" if fr else "you") if seat == user else specs[seat]
    return f"{'la place' if fr else 'seat'} {seat} ({who})"


class Journal(Announcer):
    """The French log: the announcer's sentences, and the deal's start and end."""

    def __init__(self, specs: list[str], user: int) -> None:
        super().__init__("fr", user)
        self.specs = specs
        self._said.update({EventType.DEAL_START: self._deal_start, EventType.DEAL: self._deal,
                           EventType.DEAL_OVER: self._settled})

    def _deal_start(self, event: Event) -> list[str]:
        dealer = int(event.get("dealer", 0))
        return [f"Donne {event.get('number')} — donneur : "
                f"{seat_name(dealer, self.specs, self.user, 'fr')}"]

    def _deal(self, event: Event) -> list[str]:
        hands = event.get("hands") or {}
        mine = hands.get(str(self.user), [])
        return [f"  Votre main : {' '.join(symbol(c) for c in mine)}"]

    def _settled(self, event: Event) -> list[str]:
        balances = event.get("balances") or []
        board = event.get("board") or {}
        return ["  Soldes : " + ", ".join(f"{seat_name(s, self.specs, self.user, 'fr')} {b}"
                                          for s, b in enumerate(balances)),
                "  Tableau : " + ", ".join(f"{symbol(c)} {n}" for c, n in board.items())]


def game_end(event: Event, specs: list[str], user: int, lang: str) -> list[str]:
    """The standings after the deal (tokens less counters bought from the bank)."""
    balances = list(event.get("balances") or [])
    debts = list(event.get("debts") or [0] * len(balances))
    net = [b - d for b, d in zip(balances, debts, strict=True)]
    fr = lang == "fr"
    lines = ["", "Classement :" if fr else "Standings:"]
    for place, seat in enumerate(sorted(range(len(balances)), key=lambda s: (-net[s], s)), 1):
        n = balances[seat]
        tokens = f"{n} {'jeton' if fr else 'token'}{'' if n == 1 else 's'}"
        owes = ""
        if debts[seat]:
            owes = (f", moins {debts[seat]} achetés à la banque = {net[seat]}" if fr
                    else f", less {debts[seat]} bought from the bank = {net[seat]}")
        lines.append(f"  {place}. {seat_name(seat, specs, user, lang)} : {tokens}{owes}" if fr
                     else f"  {place}. {seat_name(seat, specs, user, lang)}: {tokens}{owes}")
    return lines


def winner_line(winner: int, specs: list[str], user: int, lang: str) -> str:
    name = seat_name(winner, specs, user, lang)
    if lang == "fr":
        return f"La donne est gagnée par {name} : sortie la première."
    return f"The deal is won by {name}: out first."


def card_symbol(index: int) -> str:
    return Card.from_index(index).symbol
