"""What a screen reader hears during a deal in the playground: one sentence per move.

The page's log (:mod:`nainjaune_rules.records.narrate`) tells a run when it stops and
names cards by code (``Q♠``), which a screen reader spells out letter by letter.  The
:class:`Announcer` turns each event into a short sentence in the page's language, with
cards named in words ("the queen of spades", « la dame de pique »): the page puts them
in a polite live region, so each move, each box taken and the settlement are heard.

>>> a = Announcer("en", user=0)
>>> a.feed({"type": "play", "seat": 1, "card": "QS"})
['Seat 1 plays the queen of spades.']
>>> a.feed({"type": "pay", "from": "QS", "to": 1, "amount": 3, "reason": "box"})
['Seat 1 takes the box of the queen of spades: 3 tokens.']
>>> Announcer("fr", user=0).feed({"type": "play", "seat": 0, "card": "7D"})
['Vous jouez le 7 de carreau.']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from nainjaune_rules.core.cards import RANK_NAMES, SUIT_NAMES, parse_card, parse_rank
from nainjaune_rules.describe.vocabulary_fr import RANK_WORDS, SUIT_WORDS, contract
from nainjaune_rules.engine.events import EventType

Event = Mapping[str, Any]

#: why tokens move, as a player says it (a reason not listed is left unsaid)
_REASONS: dict[str, dict[str, str]] = {
    "en": {"settlement": "for the cards left in hand", "honours": "for a box card kept in hand",
           "opera": "for the opéra", "card": "for the card", "sweep": "the board's sweep",
           "leftovers": "the boxes left"},
    "fr": {"settlement": "pour les cartes restées en main",
           "honours": "pour une carte du tableau gardée en main", "opera": "pour l'opéra",
           "card": "pour la carte", "sweep": "le tableau raflé",
           "leftovers": "les cases restantes"},
}


def card_words(code: str, lang: str) -> str:
    """``QS`` → "the queen of spades" / « la dame de pique »; other text is kept as it is.

    >>> card_words("10H", "fr"), card_words("AC", "en")
    ('le 10 de cœur', 'the ace of clubs')
    """
    card = parse_card(code)
    if card is None:
        return code
    if lang == "fr":
        return f"{RANK_WORDS[card.rank - 1]} de {SUIT_WORDS[card.suit]}"
    return f"the {RANK_NAMES[card.rank - 1]} of {SUIT_NAMES[card.suit]}"


def rank_words(code: str, lang: str) -> str:
    """A rank needed by a run: ``8`` → "eight" / « le 8 »."""
    rank = parse_rank(code)
    if rank is None:
        return code
    return RANK_WORDS[rank - 1] if lang == "fr" else RANK_NAMES[rank - 1]


def _tokens(n: int, lang: str) -> str:
    word = "jeton" if lang == "fr" else "token"
    return f"{n} {word}{'' if n == 1 else 's'}"


class Announcer:
    """Sentences for the events of a deal, in ``lang`` ("en" or "fr"); ``user`` is "you"."""

    def __init__(self, lang: str, user: int) -> None:
        self.fr = lang == "fr"
        self.lang = "fr" if self.fr else "en"
        self.user = user
        self._said: dict[EventType, Callable[[Event], list[str]]] = {
            EventType.DEAL_START: self._quiet, EventType.DEAL: self._quiet,
            EventType.TURN: self._turn, EventType.PLAY: self._play, EventType.STOP: self._stop,
            EventType.PASS: self._pass, EventType.NEW_RUN: self._new_run,
            EventType.SKIP: self._skip, EventType.FORGOT: self._forgot, EventType.PAY: self._pay,
            EventType.CHANGE: self._quiet, EventType.SHORTFALL: self._shortfall,
            EventType.BUY: self._buy, EventType.OUT: self._out, EventType.OPERA: self._opera,
            EventType.LEAVES: self._leaves, EventType.DEAL_OVER: self._deal_over,
            EventType.GAME_OVER: self._quiet, EventType.WIDOW: self._widow,
            EventType.TURN_UP: self._turn_up, EventType.OUT_WITH: self._out_with,
            EventType.EXEMPT: self._exempt,
        }

    def feed(self, event: Event) -> list[str]:
        """The sentences ``event`` makes heard (none for what a player need not hear)."""
        try:
            kind = EventType(str(event.get("type")))
        except ValueError:
            return []
        return self._said[kind](event)

    # -- who and what --------------------------------------------------------------------

    def who(self, seat: object, subject: bool = True) -> str:
        """"You" for the user's seat, "seat N" for the others, a box by its card."""
        if seat == self.user:
            return ("Vous" if subject else "vous") if self.fr else ("You" if subject else "you")
        if isinstance(seat, int):
            if self.fr:
                return f"{'La' if subject else 'la'} place {seat}"
            return f"{'Seat' if subject else 'seat'} {seat}"
        return self._box(str(seat), subject)

    def _box(self, code: str, subject: bool = False) -> str:
        """A box by its card ("the box of the queen of spades"), a pool tied to no card by
        its name, quoted: the ruleset's word (Pope Joan's "Game")."""
        if parse_card(code) is None:
            if self.fr:
                return f"{'La' if subject else 'la'} poule « {code} »"
            return f"{'The' if subject else 'the'} pool “{code}”"
        box = card_words(code, self.lang)
        if self.fr:
            return f"{'La' if subject else 'la'} case {contract('de', box)}"
        return f"{'The' if subject else 'the'} box of {box}"

    def _verb(self, seat: object, en: str, en_you: str, fr: str, fr_vous: str) -> str:
        if self.fr:
            return f"{self.who(seat)} {fr_vous if seat == self.user else fr}"
        return f"{self.who(seat)} {en_you if seat == self.user else en}"

    # -- one method per event --------------------------------------------------------------

    def _quiet(self, event: Event) -> list[str]:
        return []

    def _turn(self, event: Event) -> list[str]:
        if event.get("seat") != self.user:
            return []
        return ["À vous de jouer." if self.fr else "Your turn."]

    def _play(self, event: Event) -> list[str]:
        card = card_words(str(event.get("card", "")), self.lang)
        return [self._verb(event.get("seat"), "plays", "play", "joue", "jouez") + f" {card}."]

    def _stop(self, event: Event) -> list[str]:
        needs = event.get("needs")
        rank = rank_words(str(needs), self.lang) if needs else ""
        stops = self._verb(event.get("seat"), "stops", "stop", "s'arrête", "vous arrêtez")
        if not rank:
            return [f"{stops}."]
        return [f"{stops} : sans {rank}." if self.fr else f"{stops}: no {rank}."]

    def _pass(self, event: Event) -> list[str]:
        return [self._verb(event.get("seat"), "passes", "pass", "passe", "passez") + "."]

    def _new_run(self, event: Event) -> list[str]:
        return [self._verb(event.get("seat"), "leads a new run", "lead a new run",
                           "commence une nouvelle suite", "commencez une nouvelle suite") + "."]

    def _skip(self, event: Event) -> list[str]:
        rank = rank_words(str(event.get("needs", "")), self.lang)
        return [self._verb(event.get("seat"), f"must go on with the {rank}",
                           f"must go on with the {rank}", f"doit continuer avec {rank}",
                           f"devez continuer avec {rank}") + "."]

    def _forgot(self, event: Event) -> list[str]:
        return ["Annonce oubliée." if self.fr else "Announcement forgotten."]

    def _pay(self, event: Event) -> list[str]:
        amount = int(event.get("amount", 0))
        payer, payee, reason = event.get("from"), event.get("to"), str(event.get("reason", ""))
        if reason == "stake" or amount == 0:
            return []
        tokens = _tokens(amount, self.lang)
        if isinstance(payer, str) and isinstance(payee, int):  # a box taken
            taken = self._verb(payee, "takes", "take", "prend", "prenez")
            return [f"{taken} {self._box(payer)} : {tokens}." if self.fr
                    else f"{taken} {self._box(payer)}: {tokens}."]
        why = _REASONS[self.lang].get(reason, "")
        to = self.who(payee, subject=False)
        paid = self._verb(payer, "pays", "pay", "paie", "payez")
        line = f"{paid} {tokens} à {to}" if self.fr else f"{paid} {to} {tokens}"
        return [f"{line}{', ' + why if why else ''}."]

    def _shortfall(self, event: Event) -> list[str]:
        owed, paid = event.get("owed", 0), event.get("paid", 0)
        short = self._verb(event.get("seat"), "cannot pay in full", "cannot pay in full",
                           "ne peut pas tout payer", "ne pouvez pas tout payer")
        return [f"{short} : {paid} sur {owed}." if self.fr else f"{short}: {paid} of {owed}."]

    def _buy(self, event: Event) -> list[str]:
        n = int(event.get("amount", 0))
        return [self._verb(event.get("seat"), "buys", "buy", "achète", "achetez") +
                (f" {n} jeton{'s' if n != 1 else ''} à la banque." if self.fr
                 else f" {n} counter{'s' if n != 1 else ''} from the bank.")]

    def _out(self, event: Event) -> list[str]:
        return [self._verb(event.get("seat"), "is out and wins the deal",
                           "are out and win the deal", "n'a plus de cartes et gagne la donne",
                           "n'avez plus de cartes et gagnez la donne") + "."]

    def _opera(self, event: Event) -> list[str]:
        return [self._verb(event.get("seat"), "makes opéra", "make opéra", "fait opéra",
                           "faites opéra") + "!"]

    def _leaves(self, event: Event) -> list[str]:
        return [self._verb(event.get("seat"), "leaves the game", "leave the game",
                           "quitte la partie", "quittez la partie") + "."]

    def _widow(self, event: Event) -> list[str]:
        if event.get("exchanged"):
            return [self._verb(event.get("seat"), "takes the widow", "take the widow",
                               "prend la main supplémentaire",
                               "prenez la main supplémentaire") + "."]
        return [self._verb(event.get("seat"), "keeps their hand", "keep your hand",
                           "garde sa main", "gardez votre main") + "."]

    def _turn_up(self, event: Event) -> list[str]:
        card = card_words(str(event.get("card", "")), self.lang)
        if self.fr:
            return [f"Carte retournée : {card} ; sa couleur est l'atout."]
        return [f"Turned up: {card}; its suit is trumps."]

    def _out_with(self, event: Event) -> list[str]:
        card = card_words(str(event.get("card", "")), self.lang)
        return [self._verb(event.get("seat"), f"went out with {card}",
                           f"went out with {card}", f"est sorti avec {card}",
                           f"êtes sorti avec {card}") + "."]

    def _exempt(self, event: Event) -> list[str]:
        card = card_words(str(event.get("card", "")), self.lang)
        return [self._verb(event.get("seat"), f"holds {card} and pays nothing",
                           f"hold {card} and pay nothing", f"tient {card} et ne paie rien",
                           f"tenez {card} et ne payez rien") + "."]

    def _deal_over(self, event: Event) -> list[str]:
        balances = event.get("balances") or []
        mine = balances[self.user] if 0 <= self.user < len(balances) else None
        if mine is None:
            return []
        return [f"La donne est réglée : vous avez {_tokens(int(mine), 'fr')}." if self.fr
                else f"The deal is settled: you have {_tokens(int(mine), 'en')}."]
