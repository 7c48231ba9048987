"""A deal's settlement told line by line, as the log has it, with the reason of each line.

From the winner's ``out`` to the deal's end, every ``pay``, ``shortfall``, ``buy`` and
``exempt`` event of the transcript becomes one :class:`Told` line, in the order the
events came, and nothing else does: a payment says who pays whom, how many tokens and
why ("the 7♦ kept in hand pays its box what it holds"); a player short of
tokens says what was owed and what the ruleset makes of it; counters bought from the
bank are told as they are bought, before the payment they make whole.  The human seat
prints it in English at each deal's end; the playground prints it in English or French
(``lang``).  Cards are named by the caller's ``card`` function (a terminal's style, or
the symbols of a web page).

The shortfall event does not carry the reason of the payment it stops; when nothing is
paid no payment follows to tell it, so the reason is read from the table as the event
comes: a box card in the seat's hand whose box holds what is owed is the honours step
(fr-sheet: "owed 20 more" was the 7♦ kept in hand), otherwise the cards left in hand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, assert_never

from nainjaune_rules.core.cards import PACK_SIZE, Card, parse_card
from nainjaune_rules.core.kinds import Shortfall
from nainjaune_rules.engine.events import EventType
from nainjaune_rules.engine.game import Game
from nainjaune_rules.model.rules import Basis

#: how a card is written: its index in, text out (a terminal style, or symbols)
CardName = Callable[[int], str]

#: the events a settlement tells, one line each
TOLD = (EventType.PAY, EventType.SHORTFALL, EventType.BUY, EventType.EXEMPT)


@dataclass(frozen=True)
class Told:
    """One event of the settlement: ``kind``; for a payment ``payer``, ``payee``,
    ``amount``, ``reason`` (the transcript's); for a shortfall ``payer`` (the seat),
    ``amount`` (owed), ``paid``, ``reason`` (the ``cannot pay in full`` rule) and
    ``held`` (the box card it was owed for, -1: the cards left); for a purchase
    ``payer`` (the seat) and ``amount``; for an exemption ``payer`` and ``card``."""

    kind: EventType
    payer: int | str
    payee: int | str | None = None
    amount: int = 0
    reason: str = ""
    paid: int = 0
    card: str = ""
    held: int = -1
    hand: int = 0  # the payer's cards when it paid (a loser's payment is worked out from them)
    cards_left: bool = False  # a shortfall: what was owed is what the cards left come to


# -- the words, in each language -----------------------------------------------------------

_EN = {
    "head": "--- end of deal {n}: the settlement, line by line ---",
    "nobody": "nobody pays anything",
    "now": "{you} now have {tokens} ({delta} this deal)",
    "pays": "{payer} {pay} {payee} {tokens}: {why}",
    "short": "{payer} {cannot} pay {owed} in full {why}: {has}; {then}",
    "short-held": "for the {card} kept in hand", "short-end": "at the deal's end",
    "short-for": "({why})", "short-cards": "for the cards left in hand",
    "has": "{paid} left", "has-none": "no token left",
    "buys": "{payer} {buy} {counters} from the bank (a debt, taken off at the game's end)",
    "exempt": "{payer} {hold} {card}: nothing to pay for the cards left",
    "then-buys": "the rest is bought from the bank", "then-pays": "that much is paid",
    "then-none": "nothing is paid", "then-ends": ", and the game ends once the deal is settled",
    "then-leaves": ", and the player leaves the game",
    "honours": "the {card} kept in hand pays its box what it holds (the box doubles)",
    "deal end": "what each other player pays the winner at the deal's end",
    "out with": "the winner went out with {card}",
    "opera": "an opéra: the winner takes every box",
    "leftovers": "the board's leftovers go to the winner",
    "box": "the box of the card played", "card": "the card played, announced",
    "sweep": "the card played sweeps the board", "pool": "the winner takes the pool",
    "cards": "{cards} left × {per}", "points": "the points of the cards left ({points})",
    "and": " and ", "nothing": "the deal's end", "doubles": ", doubled: holds {cards}",
    "opera-double": ", doubled for the opéra",
    "out-double": ", doubled: the winner went out with {card}",
}
_FR = {
    "head": "--- fin de la donne {n} : le règlement, ligne par ligne ---",
    "nobody": "personne ne paie rien",
    "now": "{you} avez maintenant {tokens} ({delta} sur cette donne)",
    "pays": "{payer} {pay} {tokens} à {payee} : {why}",
    "short": "{payer} {cannot} payer {owed} en entier {why} : {has} ; {then}",
    "short-held": "pour le {card} gardé en main", "short-end": "à la fin de la donne",
    "short-for": "({why})", "short-cards": "pour les cartes restées en main",
    "has": "il reste {paid}", "has-none": "plus aucun jeton",
    "buys": "{payer} {buy} {counters} à la banque (une dette, déduite à la fin de la partie)",
    "exempt": "{payer} {hold} {card} : rien à payer pour les cartes restées en main",
    "then-buys": "le reste est acheté à la banque", "then-pays": "ce reste est payé",
    "then-none": "rien n'est payé", "then-ends": ", et la partie finit une fois la donne réglée",
    "then-leaves": ", et le joueur quitte la partie",
    "honours": "le {card} gardé en main paie à sa case ce qu'elle contient (la case double)",
    "deal end": "ce que chaque autre joueur paie au gagnant à la fin de la donne",
    "out with": "le gagnant est sorti avec {card}",
    "opera": "un opéra : le gagnant prend toutes les cases",
    "leftovers": "les jetons restés sur le tableau vont au gagnant",
    "box": "la case de la carte jouée", "card": "la carte jouée, annoncée",
    "sweep": "la carte jouée rafle le tableau", "pool": "le gagnant prend la poule",
    "cards": "{cards} restées en main × {per}",
    "points": "les points des cartes restées en main ({points})",
    "and": " et ", "nothing": "la fin de la donne", "doubles": ", doublé : tient {cards}",
    "opera-double": ", doublé pour l'opéra",
    "out-double": ", doublé : le gagnant est sorti avec {card}",
}
WORDS: dict[str, dict[str, str]] = {"en": _EN, "fr": _FR}

#: the rule a shortfall is told with -> what follows what is paid ("" : nothing more)
_THEN: dict[Shortfall, str] = {
    Shortfall.BUYS_FROM_BANK: "", Shortfall.PAYS_AND_GAME_ENDS: "then-ends",
    Shortfall.PAYS_AND_LEAVES: "then-leaves", Shortfall.PAYS_WHAT_THEY_HAVE: "",
}


def _then(rule: str, paid: int, words: Mapping[str, str]) -> str:
    """What comes of a shortfall under ``rule`` (``cannot pay in full``) when ``paid``."""
    shortfall = Shortfall(rule)
    if shortfall is Shortfall.BUYS_FROM_BANK:
        return words["then-buys"]
    after = words[_THEN[shortfall]] if _THEN[shortfall] else ""
    return words["then-pays" if paid else "then-none"] + after


def _count(n: int, noun: str, lang: str) -> str:
    """``1 token``, ``2 tokens``; ``1 jeton``, ``2 jetons`` (the nouns here take an -s)."""
    word = {"token": "jeton", "counter": "jeton", "card": "carte"}[noun] if lang == "fr" else noun
    return f"{n} {word}{'' if n == 1 else 's'}"


class Settlement:
    """Collects the events of a deal's end (:meth:`feed`) and tells them (:meth:`lines`).

    ``lang`` is "en" or "fr"; :meth:`begin` is called as each deal starts.
    """

    def __init__(self, lang: str = "en") -> None:
        self.lang = "fr" if lang == "fr" else "en"
        self.told: list[Told] = []
        self.opera = False
        self.out_with = ""  # the card the winner went out with, when a payment names it
        self.start: list[int] = []
        self.game: Game | None = None
        self._settling = False

    def begin(self, game: Game) -> None:
        self.told = []
        self.opera = False
        self.out_with = ""
        self.start = list(game.balances)
        self.game = game
        self._settling = False

    def feed(self, ev: Mapping[str, Any]) -> None:
        kind = ev.get("type")
        if kind == EventType.OUT:
            self.told = []  # the settlement starts when the winner goes out
            self._settling = True
        elif kind == EventType.OPERA:
            self.opera = True
        elif kind == EventType.OUT_WITH:  # issue #22
            self.out_with = str(ev["card"])
        elif kind in TOLD and self._settling:
            self.told.append(self._told(ev))

    def _told(self, ev: Mapping[str, Any]) -> Told:
        kind = EventType(ev["type"])
        if kind == EventType.PAY:
            payer = ev["from"]
            hand = self.game.hands[payer] if self.game and isinstance(payer, int) else 0
            return Told(kind, payer, ev["to"], int(ev["amount"]), str(ev["reason"]), hand=hand)
        if kind == EventType.SHORTFALL:
            seat = int(ev["seat"])
            owed = int(ev["owed"])
            return Told(kind, seat, None, owed, str(ev["rule"]), int(ev["paid"]),
                        held=self._box_owed(seat, owed),
                        cards_left=owed == self._cards_owed(seat))
        if kind == EventType.BUY:
            return Told(kind, int(ev["seat"]), None, int(ev["amount"]))
        return Told(kind, int(ev["seat"]), card=str(ev["card"]))

    def _box_owed(self, seat: int, owed: int) -> int:
        """The box card in ``seat``'s hand whose box holds ``owed`` now (-1: none)."""
        game = self.game
        if game is None:
            return -1
        for box, card in enumerate(game.t.box_cards):
            copies = sum(1 << (card + PACK_SIZE * p) for p in range(game.t.packs))
            if game.hands[seat] & copies and game.board[box] == owed:
                return card
        return -1

    def _cards_owed(self, seat: int) -> int:
        """What ``seat`` owes for its cards left, as the losers' step works it out (-1:
        unknown)."""
        game = self.game
        if game is None:
            return -1
        pay = game.t.payment
        hand = game.hands[seat]
        owed = game.losers_owe(hand, pay.pays + (pay.opera_pays if self.opera else ()))
        if hand & pay.holder_doubles:
            owed *= 2
        if self.opera and pay.opera_double:
            owed *= 2
        out = parse_card(self.out_with) if self.out_with else None
        if out is not None and pay.out_double >> out.index & 1:
            owed *= 2
        return owed

    # -- telling ------------------------------------------------------------------------

    def lines(self, game: Game, seat: int, style: Any = None, card: CardName | None = None,
              who: Callable[[object, bool], str] | None = None) -> list[str]:
        """The settlement for ``seat``: a heading, one line per event, ``seat``'s tokens.

        ``style`` (a terminal's ``CardStyle``) or ``card`` names the cards; ``who(seat,
        subject)`` names a seat (by default "you" and "seat N", « vous » and « place N »).
        """
        name: CardName = card or (style.card if style is not None else
                                  (lambda c: Card.from_index(c).symbol))
        teller = _Teller(game, seat, self, name, who)
        words = teller.words
        delta = game.balances[seat] - self.start[seat] if self.start else 0
        you = teller.who(seat)
        footer = "  " + words["now"].format(you=you, tokens=_count(game.balances[seat], "token",
                                                                    self.lang),
                                            delta=f"{delta:+d}")
        body = ([f"    {teller.line(t, self.told[i + 1:i + 3])}" for i, t in enumerate(self.told)]
                or [f"    {words['nobody']}"])
        return [words["head"].format(n=game.deal_no), *body, footer]


class _Teller:
    """The words of one settlement's lines (see :meth:`Settlement.lines`)."""

    def __init__(self, game: Game, seat: int, settlement: Settlement, card: CardName,
                 who: Callable[[object, bool], str] | None) -> None:
        self.game, self.seat, self.s, self.card = game, seat, settlement, card
        self.lang = settlement.lang
        self.words = WORDS[self.lang]
        self._who = who

    def who(self, party: object, subject: bool = True) -> str:
        if self._who is not None:
            return self._who(party, subject)
        fr = self.lang == "fr"
        if party == self.seat:
            return ("vous" if fr else "you") if not subject or fr else "you"
        if isinstance(party, int):
            return f"la place {party}" if fr else f"seat {party}"
        box = parse_card(str(party))
        if box is None:  # a pool tied to no card
            return f"la poule « {party} »" if fr else f'the pool "{party}"'
        return f"la case {self.card(box.index)}" if fr else f"the {self.card(box.index)} box"

    def verb(self, party: object, en: str, fr: str, fr_you: str) -> str:
        """The verb after ``party``: "pays"/"pay", « paie »/« payez »."""
        if self.lang == "fr":
            return fr_you if party == self.seat else fr
        return en if party != self.seat else _BARE.get(en, en)

    def line(self, t: Told, after: list[Told]) -> str:
        """``t``'s line; ``after``: the next lines (a shortfall's payment follows it)."""
        w = self.words
        kind = t.kind
        if kind == EventType.PAY:
            return w["pays"].format(payer=self.who(t.payer), pay=self.verb(t.payer, "pays", "paie",
                                                                          "payez"),
                                    payee=self.who(t.payee, False),
                                    tokens=_count(t.amount, "token", self.lang), why=self.why(t))
        if kind == EventType.SHORTFALL:
            has = (w["has"].format(paid=_count(t.paid, "token", self.lang)) if t.paid
                   else w["has-none"])
            why = self._short_why(t, after)
            return w["short"].format(payer=self.who(t.payer),
                                     cannot=self.verb(t.payer, "cannot", "ne peut pas",
                                                      "ne pouvez pas"),
                                     owed=t.amount, why=why, has=has,
                                     then=_then(t.reason, t.paid, w))
        if kind == EventType.BUY:
            return w["buys"].format(payer=self.who(t.payer),
                                    buy=self.verb(t.payer, "buys", "achète", "achetez"),
                                    counters=_count(t.amount, "counter", self.lang))
        if kind == EventType.EXEMPT:
            code = parse_card(t.card)
            return w["exempt"].format(payer=self.who(t.payer),
                                      hold=self.verb(t.payer, "held", "tenait", "teniez"),
                                      card=self.card(code.index) if code else t.card)
        raise AssertionError(kind)  # TOLD lists the kinds fed

    def _short_why(self, t: Told, after: list[Told]) -> str:
        """What a shortfall was owed for: the reason of the payment that follows it (after
        the counters bought), else, nothing being paid, what the table shows it owed: the box
        of a box card it kept, or its cards left, when only one of them is that amount."""
        w = self.words
        paid = next((a for a in after if a.kind == EventType.PAY and a.payer == t.payer), None)
        if paid is not None and paid.reason == "honours":
            box = parse_card(str(paid.payee))
            return w["short-held"].format(card=self.card(box.index) if box else paid.payee)
        if paid is not None:
            return w["short-for"].format(why=w.get(paid.reason, paid.reason)
                                         if paid.reason != "settlement" else w["short-cards"])
        if t.held >= 0 and not t.cards_left:
            return w["short-held"].format(card=self.card(t.held))
        if t.cards_left and t.held < 0:
            return w["short-for"].format(why=w["short-cards"])
        return w["short-end"]

    def why(self, t: Told) -> str:
        w = self.words
        reason = t.reason
        if reason == "settlement":
            return self._owed(t)
        if reason == "honours":
            box = parse_card(str(t.payee))
            return w["honours"].format(card=self.card(box.index) if box else str(t.payee))
        if reason == "out with":
            out = parse_card(self.s.out_with)
            return w["out with"].format(card=self.card(out.index) if out else self.s.out_with)
        return w.get(reason, reason)

    def _owed(self, t: Told) -> str:
        """What a loser owes for the cards left in hand, and each doubling."""
        w = self.words
        t_ = self.game.t
        pay = t_.payment
        hand = t.hand if t.hand else self.game.hands[int(t.payer)]
        cards = [Card.from_index(c) for c in range(t_.card_count) if hand >> c & 1]
        parts = []
        for basis, per_card in pay.pays + (pay.opera_pays if self.s.opera else ()):
            if basis is Basis.CARDS:
                parts.append(w["cards"].format(cards=_count(len(cards), "card", self.lang),
                                               per=per_card))
            elif basis is Basis.POINTS:
                points = " + ".join(f"{self.card(c.index)} {t_.card_points(c.index)}"
                                    for c in cards)
                parts.append(w["points"].format(points=points))
            else:
                assert_never(basis)
        text = w["and"].join(parts) or w["nothing"]
        doubles = [c for c in range(t_.card_count) if (pay.holder_doubles & hand) >> c & 1]
        if doubles:
            text += w["doubles"].format(cards=" ".join(self.card(c) for c in doubles))
        if self.s.opera and pay.opera_double:
            text += w["opera-double"]
        out = parse_card(self.s.out_with) if self.s.out_with else None
        if out is not None and pay.out_double >> out.index & 1:
            text += w["out-double"].format(card=self.card(out.index))
        return text


#: an English verb after "you"
_BARE = {"pays": "pay", "cannot": "cannot", "buys": "buy", "held": "held"}
