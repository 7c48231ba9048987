"""``human``: a seat played from the terminal.

At each choice the seat sees the others' card counts and tokens, the board,
its hand (suit symbols, red hearts and diamonds on a terminal: see
:mod:`.human_view`), the run and what it needs, then every move it may make
with what the move says and what it is worth.  It types:

- a card code (``QS``, ``q♠``, ``10d``) to play it;
- ``QS!`` (or ``QS !``: a spaced ``!`` is the same shorthand), or the card then
  its words as said at the table (``QS dame qui prend``, ``KH Hoc!``), to play it
  *announced*;
- ``sans`` or ``pass`` (or the ruleset's own call) to stop or pass;
- ``help``/``?``, ``rules``, ``hand``, ``board``, ``history``, ``hint``, ``quit``;
- as dealer offered a widow, ``exchange`` or ``keep`` (:mod:`.human_widow`).

Forgetting an announcement is part of the game, but it must be the player's
choice: a bare code for a card whose announcement is worth something asks
"play QS without announcing? [y/N]" first.  ``human:strict`` keeps the strict
table instead: what is typed is exactly what is said, a bare code is a
forgotten announcement.  When the announcement is only the card's name called
aloud and forgetting it costs nothing, typing the code *is* calling it.

At the end of each deal the settlement is told line by line and, when a
person types at a terminal, the seat waits for Enter.  The end of input (or a
closed stdin, or ``quit``) raises :class:`Abandoned`: the ``play`` command
abandons the game with exit 1.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable, Mapping
from typing import Any

from nainjaune_rules.core.cards import PACK_SIZE, Card, parse_card
from nainjaune_rules.core.terminal_lines import fold, terminal_columns
from nainjaune_rules.core.wording import count
from nainjaune_rules.engine.events import EventType
from nainjaune_rules.engine.game import Game, Phase
from nainjaune_rules.engine.leads import why_not_led
from nainjaune_rules.engine.moves import PASS, Move, move_for
from nainjaune_rules.engine.view import SeatView
from nainjaune_rules.players.human_help import (
    RulesText,
    Settlement,
    help_lines,
    hint_line,
    names_line,
    plain_rules,
)
from nainjaune_rules.players.human_view import (
    CardStyle,
    announcement_stakes,
    calling_announces,
    is_tty,
    move_lines,
    needs_confirmation,
    safe_names,
    situation,
    terminal_safe,
)
from nainjaune_rules.players.human_widow import (
    widow_answer,
    widow_help,
    widow_hint,
    widow_lines,
)
from nainjaune_rules.records.narrate import Narrator, call, is_literal, said, spoken

YES = {"y", "yes", "o", "oui", "a", "ano"}


class Abandoned(EOFError):
    """The human seat left the game: end of input, a closed stdin, or ``quit``."""


def _words(text: str) -> str:
    """Lower case, punctuation and the ellipsis gone, single spaces."""
    return " ".join(re.sub(r"[!?.,;:…'\"]", " ", text.lower()).split())


def _bangs(token: str) -> bool:
    """Whether ``token`` is only exclamation marks: the announcement's shorthand, spaced."""
    return bool(token) and not token.strip("!")


class HumanPlayer:
    name = "human"

    def __init__(self, ask: Callable[[str], str] = input,
                 tell: Callable[[str], None] = print, *, strict: bool = False,
                 style: CardStyle | None = None, rules_text: RulesText | None = None,
                 pause: bool | None = None, width: int | None = None) -> None:
        self.ask = ask
        self.tell = tell
        # lines folded at words to this many columns (None: the terminal's width when
        # the seat prints to one, else no folding: a pipe or a file gets whole lines)
        self.width = width
        self.strict = strict
        self.style = style
        self.rules_text = rules_text or plain_rules
        # wait for Enter after each deal's settlement; by default only when a person types
        # at a terminal: a script piping its moves in would lose a move to the pause
        self.pause = pause
        self.seat = -1
        self.game: Game | None = None
        self.history: list[str] = []  # this deal, as told to this seat
        self.narrator = Narrator()
        self.settlement = Settlement()

    @property
    def spec(self) -> str:
        return "human:strict" if self.strict else "human"

    # -- taking the seat, and listening to the game ------------------------------

    def begin(self, game: Game, seat: int) -> None:
        self.seat = seat
        if self.style is None:
            self.style = CardStyle.for_stream(sys.stdout)
        if self.width is None and self.tell is print:
            self.width = terminal_columns(sys.stdout)
        typing = self.ask is not input or is_tty(sys.stdin)
        if self.pause is None:
            self.pause = typing
        if self.ask is input and typing:
            try:
                readline = importlib.import_module("readline")  # line editing and history
            except ImportError:
                pass  # not on every platform: plain input still works
            else:
                # no terminal mode switches around each prompt: the output stays plain text
                readline.parse_and_bind("set enable-bracketed-paste off")
        self.narrator = Narrator(visible={seat}, names=safe_names(game), suits=game.t.same_suit)
        game.listeners.append(lambda ev: self._listen(game, ev))
        # the person at the terminal is shown only their own seat's side (``situation``,
        # the narrator's ``visible``); the screens are drawn from the game itself
        self.game = game

    def _listen(self, game: Game, ev: Mapping[str, Any]) -> None:
        kind = ev.get("type")
        if kind == EventType.DEAL_START:
            self.history = []
            self.settlement.begin(game)
        self.history.extend(self.narrator.feed(ev))
        self.settlement.feed(ev)
        if kind == EventType.DEAL_OVER:
            for line in self.settlement.lines(game, self.seat, self._style()):
                self._say(line)
            if self.pause:
                self._ask("press Enter to go on ")
        elif kind == EventType.GAME_OVER:
            self._game_summary(game, ev)

    def _game_summary(self, game: Game, ev: Mapping[str, Any]) -> None:
        balances = ev["balances"]
        place = 1 + sum(b > balances[self.seat] for b in balances)
        delta = balances[self.seat] - game.t.starting_tokens
        deals = count(game.deals_played, "deal")
        self._say(f"--- the game is over after {deals}:"
                  f" {terminal_safe(str(ev['reason']))} ---")
        self._say(f"  you finish {_ordinal(place)} of {len(balances)} with"
                  f" {count(balances[self.seat], 'token')} ({delta:+d} since the start)")

    def _say(self, line: str) -> None:
        for part in fold(line, self.width):
            self.tell(part)

    def _style(self) -> CardStyle:
        if self.style is None:
            self.style = CardStyle()
        return self.style

    def _ask(self, prompt: str) -> str:
        """One line from the player; any way the input ends is :class:`Abandoned`."""
        try:
            return self.ask(prompt)
        except EOFError:
            raise Abandoned("end of input") from None
        except (RuntimeError, ValueError, OSError):
            # input() without a stdin ("lost sys.stdin"), a closed file, a terminal gone
            raise Abandoned("the input is closed") from None

    # -- the choice ----------------------------------------------------------------

    def show(self, game: Game, legal: list[Move]) -> None:
        self._say(f"--- deal {game.deal_no}, your turn (seat {game.turn}) ---")
        for line in situation(game, game.turn, self._style()):
            self._say(line)
        for line in move_lines(legal, game, self._style(), self.strict):
            self._say(line)

    def choose(self, view: SeatView, legal: list[Move]) -> Move:
        game = self.game
        if game is None or view.seat != self.seat:
            raise RuntimeError("the human seat has not been seated: call begin(game, seat)")
        if view.widow_offer:
            return self._widow(game)
        self.show(game, legal)
        while True:
            text = self._ask(f"seat {game.turn}> ")
            if self._command(game, legal, text.strip().lower()):
                continue
            answer = self.parse(game, text)
            if isinstance(answer, str):
                self._say(f"  ! {answer}")
            elif answer not in legal:
                self._say(f"  ! {self.why_not(game, answer)}")
            elif self._confirmed(game, answer):
                return answer

    def _widow(self, game: Game) -> Move:
        """The dealer takes the widow or keeps their hand (:mod:`.human_widow`)."""
        for line in widow_lines(game, self._style()):
            self._say(line)
        while True:
            text = self._ask(f"seat {game.turn}> ").strip().lower()
            if text in ("help", "?", "aide"):
                lines = widow_help()
            elif text == "hint":
                lines = [widow_hint(game)]
            elif text in ("quit", "exit"):
                raise Abandoned("you left the game")
            else:
                answer = widow_answer(text)
                if not isinstance(answer, str):
                    return answer
                lines = [f"  ! {answer}"]
            for line in lines:
                self._say(line)

    def _confirmed(self, game: Game, move: Move) -> bool:
        """A card played without its announcement, when that costs something, is confirmed."""
        if move.is_pass or move.announce or not needs_confirmation(game, move.card, self.strict):
            return True
        code = Card.from_index(move.card).code
        lost = announcement_stakes(game, move.card)[1]
        cost = f"you would forfeit {'; '.join(lost)}" if lost else "it costs nothing"
        if self._ask(f"play {code} without announcing? {cost} [y/N] ").strip().lower() in YES:
            return True
        self._say(f"  not played: type {code}! to play it announced")
        return False

    def _command(self, game: Game, legal: list[Move], word: str) -> bool:
        """Answer a command typed at the prompt; False when ``word`` is not one."""
        style = self._style()
        if word in ("help", "?", "aide"):
            lines = help_lines(game, game.turn, style) + [names_line(game)]
        elif word == "rules":
            lines = [f"  {terminal_safe(line)}" for line in self.rules_text(game.t.ruleset)]
        elif word == "hand":
            lines = [f"  your hand: {style.cards(game.hand(game.turn))}"]
        elif word == "board":
            lines = situation(game, game.turn, style) + move_lines(legal, game, style,
                                                                   self.strict)
        elif word == "history":
            pending = self.narrator.pending()
            lines = self.history + ([pending] if pending else [])
        elif word == "hint":
            lines = [hint_line(game, legal, self.strict)]
        elif word in ("quit", "exit"):
            raise Abandoned("you left the game")
        else:
            return False
        for line in lines:
            self._say(line)
        return True

    def parse(self, game: Game, text: str) -> Move | str:
        """The move typed, or a message saying what is wrong with it."""
        tokens = text.split()
        if not tokens:
            return "type a card code (e.g. 5H), QS! to announce, 'sans', or '?' for help"
        passing = {"sans", "pass", "passe", "bez"} | {w.lower() for w in game.t.calls.values()}
        if tokens[0].lower() in passing:
            return PASS
        first, after = tokens[0], tokens[1:]
        # "QS!", "QS !" and "QS !!" are one announcement however it is spaced: a "!" alone
        # is never dropped, or "QS !" would be a forgotten announcement (a forfeit if strict)
        shorthand = first.endswith("!") or any(_bangs(t) for t in after)
        card = parse_card(first.rstrip("!"))
        if card is None:
            return (f"'{terminal_safe(first)}' is not a card code (codes: A 2..10 J Q K + "
                    "C D H S, e.g. QS; '?' for help)")
        card = _held_copy(game, card)
        said_after = " ".join(t for t in after if not _bangs(t))
        rest = _words(said_after)
        words = game.t.announce_words.get(card.index, ())
        announced = shorthand
        if said_after and not rest:  # only punctuation ("QS ?"): a slip, never a silent move
            return (f"'{terminal_safe(said_after)}' after {card.code} says nothing: type "
                    f"{card.code} to play it, or {card.code}! to announce it")
        if rest:
            announced = self._said_right(game, card, rest)
            if not announced:
                names = safe_names(game)
                expect = terminal_safe(spoken(words, card.code, names)) if words else "nothing"
                return (f"'{terminal_safe(rest)}' is not what {card.code} announces "
                        f"(it announces: {expect}; or type {card.code}! to announce it)")
        elif words and not self.strict and calling_announces(game, card.index):
            announced = True  # typing the card is calling it, and that is its announcement
        if announced and not words:
            announced = False  # nothing to announce: the words are harmless
        return move_for(card.index, announced)

    @staticmethod
    def _said_right(game: Game, card: Card, rest: str) -> bool:
        # any one of the card's words announces it (a card with two words, say "Hoc!" and
        # its rank, is announced by either); calling the card will do for words that only
        # describe what to say
        words = game.t.announce_words.get(card.index, ())
        keys = [_words(w) for w in words if is_literal(w)]
        names = safe_names(game)
        forms = {_words(said(w, card.code, names)) for w in words}
        forms.add(_words(call(card.code, names)))
        return any(k and k in rest for k in keys) or rest in forms

    def why_not(self, game: Game, move: Move) -> str:
        lead = game.phase is Phase.LEAD
        if move.is_pass:
            if lead:
                return "you may not pass: you lead a new run"
            return "you may not pass: you hold a card that continues the run and must play it"
        card = Card.from_index(move.card)
        if not game.hands[game.turn] >> move.card & 1:
            return f"you do not hold {card.code}"
        if lead:  # lead constraints (issue 22 item 7)
            why = why_not_led(game.t, game.hands[game.turn], game.lead_bar(), move.card)
            return f"you may not lead {card.code}: {why}" if why else f"{card.code} may be led"
        needs = " or ".join(c.code for c in game.needed())
        said_as = call(card.code, safe_names(game))
        return f"{card.code} does not continue the run ({said_as}); it needs {needs}"


def _held_copy(game: Game, card: Card) -> Card:
    """With several packs, ``7D`` typed is the copy the player holds (the first pack's when
    they hold both; ``7D/2`` names the second's): the copies play alike (#22)."""
    hand, packs = game.hands[game.turn], game.t.packs
    if packs == 1 or hand >> card.index & 1:
        return card
    first = card.first.index
    held = [first + PACK_SIZE * p for p in range(packs) if hand >> (first + PACK_SIZE * p) & 1]
    return Card.from_index(held[0]) if held else card


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"
