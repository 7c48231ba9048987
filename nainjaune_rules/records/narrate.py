"""A readable account of a game, as it would be heard at the table.

Runs are told the way players call them — ``5, 6, 7 — sans 8`` — with the
ruleset's own words: its calls (``sans``, ``bez``, ``Hoc!``), its rank names
(``dame``, ``královna``; the rank's code when it gives none) and its
announcement words (``dame qui prend (9)``: the rank's name stands for the
``…`` of the word, and the tokens taken follow in brackets), forgotten
announcements, "Hoc!"-style restarts, payments, the balances and the board
after each deal and the final ranking.  When the ruleset's runs are by suit,
every card called carries its suit (``7♣, 8♣, 9♣ — sans 10♣``): a run of the
1760 game cannot be followed without it.

:class:`Narrator` turns events into lines one at a time, so the same code
tells a finished transcript (:func:`narrate`) and a live game (the human seat).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from nainjaune_rules.core.cards import RANK_CODES, SUIT_SYMBOLS, parse_card
from nainjaune_rules.core.declension import after_call
from nainjaune_rules.core.textsafe import terminal_safe
from nainjaune_rules.core.wording import count
from nainjaune_rules.engine.events import EventType

if TYPE_CHECKING:
    from nainjaune_rules.model.rules import Ruleset

#: what each rank (A..K) is called aloud: the ruleset's rank names, else the codes
Names = Sequence[str]


def rank_words(ruleset: Ruleset) -> tuple[str, ...]:
    """The 13 words a ruleset's players call the ranks A..K (``rank names``)."""
    return tuple(ruleset.rank_name(rank) for rank in range(1, 14))


def call(code: str, names: Names = RANK_CODES, suited: bool = False) -> str:
    """The word said when a card is played: ``QS`` -> ``dame`` (French names).

    ``suited`` adds the suit's symbol (``dame ♠``, ``7♣``), for rulesets whose
    runs are by suit.
    """
    card = parse_card(code)
    if card is None:
        return code
    word = names[card.rank - 1]
    return with_suit(word, card.suit) if suited else word


def with_suit(word: str, suit: int) -> str:
    """``7`` -> ``7♣``, ``valet`` -> ``valet ♣``: a word is kept apart from its symbol."""
    space = " " if len(word) > 1 and word[-1].isalpha() else ""
    return f"{word}{space}{SUIT_SYMBOLS[suit]}"


def rank_call(rank_code: str, names: Names = RANK_CODES) -> str:
    card = parse_card(rank_code + "C")
    return names[card.rank - 1] if card else rank_code


def is_literal(word: str) -> bool:
    """Whether an announcement word is said as written (``… qui prend``, ``Hoc!``).

    Other words describe what to say (``its rank (1, 2, 3…)``, ``the card's
    name``): calling the card is the announcement.
    """
    return word.startswith("…") or word.endswith("!")


def said(word: str, code: str, names: Names = RANK_CODES, suited: bool = False) -> str:
    """An announcement as spoken: ``… qui prend`` for the queen -> ``dame qui prend``."""
    name = call(code, names, suited)
    if word.startswith("…"):
        return word.replace("…", name, 1).strip()
    if is_literal(word):
        return f"{name}, {word}"
    return name


def spoken(words: list[str] | tuple[str, ...], code: str, names: Names = RANK_CODES,
           suited: bool = False) -> str:
    """Everything said with a card: its literal words, or just its call."""
    literal = [w for w in words if is_literal(w)]
    if literal:
        return "; ".join(said(w, code, names, suited) for w in literal)
    return call(code, names, suited)


class Narrator:
    """Feeds on events, gives back finished lines (see :meth:`feed`)."""

    def __init__(self, seats: list[str] | None = None, visible: set[int] | None = None,
                 names: Names = RANK_CODES, suits: bool = False) -> None:
        self.seats = seats or []
        self.names = names
        self.suits = suits  # runs are by suit: every card is called with its suit
        self.run_suit = -1  # the suit of the run being told (its lead's), -1 before a lead
        self.visible = visible  # the seats whose dealt hands are told (None: every seat)
        self.line: list[str] = []  # the calls of the run being told
        self.who = -1
        self.stakes = 0  # tokens staked so far this deal

    def name(self, seat: object) -> str:
        if isinstance(seat, int) and seat < len(self.seats):
            return f"seat {seat} ({self.seats[seat]})"
        if isinstance(seat, int):
            return f"seat {seat}"
        if parse_card(str(seat)) is None:  # a pool tied to no card, by its name (#22, item 3)
            return f'the pool "{terminal_safe(str(seat))}"'
        return f"the {seat} box"

    def pending(self) -> str:
        """The run being told, as far as it has gone (for a player who asks for it)."""
        return f"  {self.name(self.who)}: " + ", ".join(self.line) if self.line else ""

    def _needs(self, rank_code: str, call: str = "") -> str:
        """The missing card called aloud: its rank (in the grammar of the ``call`` said
        before it: Czech "bez královny"), and in suit runs the run's suit."""
        word = after_call(call, rank_call(rank_code, self.names))
        return with_suit(word, self.run_suit) if self.suits and self.run_suit >= 0 else word

    def _flush(self, tail: str = "") -> list[str]:
        if not self.line:
            return [f"  {self.name(self.who)}: {tail.strip(' —')}"] if tail else []
        text = f"  {self.name(self.who)}: " + ", ".join(self.line) + tail
        self.line = []
        return [text]

    def feed(self, ev: Mapping[str, Any]) -> list[str]:
        """The lines that ``ev`` completes (often none: a run is told when it stops)."""
        kind = ev.get("type")
        if kind == EventType.PLAY:
            out = [] if ev["seat"] == self.who else self._flush()
            self.who = ev["seat"]
            card = parse_card(ev["card"])
            if self.run_suit < 0 and card is not None:
                # in suit runs every card of a run, and a wild card standing in, keeps
                # the suit of the run's lead
                self.run_suit = card.suit
            self.line.append(_wild(ev, self.names) if _is_wild(ev) else
                             spoken(ev.get("said") or [], ev["card"], self.names, self.suits))
            return out
        if kind == EventType.PAY:
            return self._pay(ev)
        if kind == EventType.FORGOT:
            self.line[-1] += f" (announcement forgotten: forfeits {ev['forfeit']})"
            return []
        if kind == EventType.STOP:
            if not self.line:
                self.who = ev["seat"]  # a stop with no card played: "sans 7" after a skip
            word = ev.get("call", "without")
            needs = self._needs(ev["needs"], word) if ev.get("needs") else ""
            return self._flush(f" — {word} {needs}" if needs else "")
        if kind == EventType.PASS:
            out = self._flush()
            self.who = ev["seat"]
            if ev.get("cannot lead"):  # lead constraints (issue 22 item 7)
                return out + [f"  {self.name(ev['seat'])}: cannot lead another suit, "
                              "the lead passes"]
            return out + [f"  {self.name(ev['seat'])}: {ev.get('call') or 'passes'}"]
        if kind == EventType.NEW_RUN:
            self.run_suit = -1
            reason = ev["reason"]
            said_aloud = f' ("{ev["call"]}")' if ev.get("call") else ""
            if reason == "nobody can continue":
                return self._flush() + [f"  nobody continues: {self.name(ev['seat'])} "
                                        f"leads a new run{said_aloud}"]
            self.who = ev["seat"]
            return self._flush(f" — {ev['call']}" if ev.get("call") else f" — {reason}: a new run")
        if kind == EventType.SKIP:
            return self._flush() + [f"  nobody continues: {self.name(ev['seat'])} must go on "
                                    f"with the {self._needs(ev['needs'])}"]
        return self._other(kind, ev)

    def _pay(self, ev: Mapping[str, Any]) -> list[str]:
        reason = ev["reason"]
        if reason == "box" and self.line:
            self.line[-1] += f" ({ev['amount']})"
            return []
        if reason == "card" and self.line:
            # the counters a card earns from the others: told with the card, as one sum
            words = self.line[-1].rsplit(" [+", 1)
            earned = ev["amount"] + (int(words[1].split()[0]) if len(words) == 2 else 0)
            self.line[-1] = f"{words[0]} [+{earned} from the others]"
            return []
        if reason == "stake":
            self.stakes += ev["amount"]
            return []  # told once per deal, with the hands
        return self._flush() + [f"    {self.name(ev['from'])} pays {self.name(ev['to'])} "
                                f"{ev['amount']} ({reason})"]

    def _other(self, kind: object, ev: Mapping[str, Any]) -> list[str]:
        if kind == EventType.OUT:
            return self._flush(f" — « {ev['call']} »: out!" if ev.get("call") else " — out!")
        if kind == EventType.OPERA:
            return [f"  opéra ({ev['kind']}) for {self.name(ev['seat'])}!"]
        if kind == EventType.OUT_WITH:  # payments by outcome (issue #22)
            return [f"  {self.name(ev['seat'])} went out with {ev['card']}"]
        if kind == EventType.EXEMPT:
            return self._flush() + [f"    {self.name(ev['seat'])} holds {ev['card']}: pays "
                                    "nothing for the cards left"]
        if kind == EventType.SHORTFALL:
            return self._flush() + [f"    {self.name(ev['seat'])} cannot pay {ev['owed']} in "
                                    f"full: pays {ev['paid']} ({ev['rule']})"]
        if kind == EventType.LEAVES:
            return [f"  {self.name(ev['seat'])} leaves the game"]
        if kind == EventType.BUY:
            return [f"    {self.name(ev['seat'])} buys {count(ev['amount'], 'counter')}"
                    " from the bank"]
        if kind == EventType.CHANGE:
            partner = "the bank" if ev["with"] == "bank" else self.name(ev["with"])
            return self._flush() + [f"    {self.name(ev['seat'])} changes a token of "
                                    f"{ev['token']} for {ev['token']} tokens of 1 with {partner}"]
        if kind == EventType.DEAL_START:
            self.stakes = 0
            return ["", f"Deal {ev['number']} — dealer: {self.name(ev['dealer'])}"]
        if kind == EventType.DEAL_OVER:
            return self._flush() + [
                "  balances: " + ", ".join(f"{self.name(s)} {b}"
                                           for s, b in enumerate(ev["balances"])),
                f"  board: {_board(ev['board'])}"]
        if kind == EventType.DEAL:
            self.run_suit = -1
            lines = [f"  stakes: {count(self.stakes, 'token')} onto the board", "  dealt:"]
            for seat, cards in sorted(ev["hands"].items(), key=lambda kv: int(kv[0])):
                if self.visible is None or int(seat) in self.visible:
                    lines.append(f"    {self.name(int(seat))}: {' '.join(cards)}")
            if self.visible is None and "extra hand" in ev:  # issue 22, part 4
                lines.append(f"    extra hand: {' '.join(ev['extra hand']) or '(none)'}")
            elif self.visible is None:
                lines.append(f"    talon: {' '.join(ev['talon']) or '(none)'}")
            return lines
        if kind == EventType.WIDOW:
            if ev["exchanged"]:
                return [f"  {self.name(ev['seat'])} takes the widow, unseen, and lays down "
                        "their own hand: it is the dead hand"]
            return [f"  {self.name(ev['seat'])} keeps their hand: the widow stays dead"]
        if kind == EventType.TURN_UP:  # issue #22, item 6
            card = parse_card(str(ev["card"]))
            shown = card.symbol if card is not None else terminal_safe(str(ev["card"]))
            return [f"  turned up: {shown}, in the hand of {self.name(ev['seat'])}: "
                    f"{shown[-1]} is trumps"]
        if kind == EventType.GAME_OVER:
            return self._flush() + _ranking(ev, self)
        return []


def _is_wild(ev: Mapping[str, Any]) -> bool:
    """A wild card laid out of its place (in another's turn, or for another rank)."""
    return bool(ev.get("out of turn") or ev.get("stands for"))


def _wild(ev: Mapping[str, Any], names: Names) -> str:
    """A wild card out of its place, told as one card: ``9♦ (Comète, for the 9)``.

    Its words and what it stands for go in parentheses after the card with its suit:
    "9, Comète!" read as two cards (issue 24).
    """
    code = str(ev["card"])
    card = parse_card(code)
    told = with_suit(call(code, names), card.suit) if card else code
    notes = [said(w, code, names).rstrip("!") if w.startswith("…") else w.rstrip("!")
             for w in ev.get("said") or [] if is_literal(w)]
    if ev.get("out of turn"):
        notes.append("out of turn")
    if ev.get("stands for"):
        notes.append(f"for the {rank_call(str(ev['stands for']), names)}")
    return f"{told} ({', '.join(notes)})"


def _board(board: dict[str, int]) -> str:
    return ", ".join(f"{code} {n}" for code, n in board.items())


def _ranking(result: Mapping[str, Any], narrator: Narrator) -> list[str]:
    balances = result["balances"]
    debts = result.get("debts") or [0] * len(balances)
    net = [b - d for b, d in zip(balances, debts, strict=True)]
    order = sorted(range(len(balances)), key=lambda s: (-net[s], s))
    if not result["ended"]:
        lines = [f"Game not ended: {result['reason']}; no winner (standings so far:)"]
    else:
        lines = [f"Game over: {result['reason']}"]
    for place, seat in enumerate(order, start=1):
        owes = f" less {debts[seat]} bought = {net[seat]}" if debts[seat] else ""
        lines.append(f"  {place}. {narrator.name(seat)}: {count(balances[seat], 'token')}{owes}")
    winners = ", ".join(narrator.name(s) for s in result["winners"])
    lines.append(f"  on the board: {sum(result['board'].values())} ({_board(result['board'])})")
    if result["winners"]:
        lines.append(("Winners (tie): " if len(result["winners"]) > 1 else "Winner: ") + winners)
    return lines


def narrate(doc: dict[str, Any], suits: bool = False) -> str:
    """The whole transcript, told; ``suits``: the ruleset's runs are by suit (``same_suit``).

    The transcript does not say how runs are made (its format is fixed), so the
    caller, who has the ruleset, says it.
    """
    narrator = transcript_narrator(doc, suits)
    out = [opening(doc)]
    for deal in doc["deals"]:
        out.extend(tell_deal(narrator, deal))
    out.extend(closing(narrator, doc["result"]))
    return "\n".join(out) + "\n"


def transcript_narrator(doc: Mapping[str, Any], suits: bool = False) -> Narrator:
    """The narrator of a transcript's game (its seats, its rank names)."""
    return Narrator(list(doc.get("seats", [])),
                    names=doc["ruleset"].get("rank_names") or RANK_CODES, suits=suits)


def opening(doc: Mapping[str, Any]) -> str:
    """The first line: the ruleset, its options, the table and the seed."""
    rs = doc["ruleset"]
    options = ", ".join(f"{k}={v}" for k, v in rs["options"].items())
    return (f"Nain Jaune — {rs['id']}{f' ({options})' if options else ''}"
            f", {doc['players']} players, seed {doc['seed']}")


def tell_deal(narrator: Narrator, deal: Mapping[str, Any]) -> list[str]:
    """The lines of one deal (a game told deal by deal keeps no more than one)."""
    out: list[str] = []
    for ev in deal["setup"]:
        out.extend(narrator.feed(ev))
    for step in deal["moves"]:
        for ev in step["events"]:
            out.extend(narrator.feed(ev))
    out.extend(narrator._flush())
    return out


def closing(narrator: Narrator, result: Mapping[str, Any]) -> list[str]:
    """The last lines: a blank line, then the ranking and the winners."""
    return ["", *narrator.feed({"type": EventType.GAME_OVER, **result})]
