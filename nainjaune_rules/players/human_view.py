"""What the human seat sees: cards with their suits, the table, and each move with what it says.

On a terminal a card is shown with its suit symbol, hearts and diamonds in red
(``Q♠``, ``10♦``); when the output is not a terminal, or ``NO_COLOR`` is set,
or ``TERM=dumb``, cards stay plain codes (``QS``, ``10D``) and no escape code
is ever written.  What a player types is always the plain code, so the move
list shows both: the code to type, then the card as it looks.

Every word that comes from the ruleset (announcements, calls, rank names) is
made terminal-safe before it is shown: a shared ruleset is untrusted.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TextIO

from nainjaune_rules.core.cards import RANK_CODES, SUIT_SYMBOLS, Card
from nainjaune_rules.core.textsafe import RED as _RED
from nainjaune_rules.core.textsafe import RESET as _RESET
from nainjaune_rules.core.textsafe import terminal_safe
from nainjaune_rules.core.wording import count, with_article
from nainjaune_rules.engine.cardset import cards_of
from nainjaune_rules.engine.game import Game, Phase
from nainjaune_rules.engine.moves import Move
from nainjaune_rules.engine.tables import rank_mask
from nainjaune_rules.model.rules import ActionKind, Forfeit
from nainjaune_rules.model.words import ACTION
from nainjaune_rules.records.narrate import is_literal, rank_words, spoken


def is_tty(stream: TextIO | None) -> bool:
    """Whether ``stream`` is a terminal (no stream, or a closed one, is not)."""
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError):
        return False


class CardStyle:
    """How cards are drawn: suit symbols (``symbols``), red hearts and diamonds (``colour``)."""

    def __init__(self, symbols: bool = False, colour: bool = False) -> None:
        self.symbols = symbols
        self.colour = colour

    @classmethod
    def for_stream(cls, stream: TextIO | None) -> CardStyle:
        """Symbols and colour on a terminal; plain codes otherwise or with ``NO_COLOR`` set."""
        fancy = (is_tty(stream) and not os.environ.get("NO_COLOR")
                 and os.environ.get("TERM") != "dumb")
        return cls(symbols=fancy, colour=fancy)

    def card(self, card: Card | int) -> str:
        c = card if isinstance(card, Card) else Card.from_index(card)
        if not self.symbols:
            return c.code
        text = RANK_CODES[c.rank - 1] + SUIT_SYMBOLS[c.suit]
        return f"{_RED}{text}{_RESET}" if self.colour and c.suit in (1, 2) else text

    def cards(self, cards: Sequence[Card | int]) -> str:
        return " ".join(self.card(c) for c in cards) or "(none)"


def safe_names(game: Game) -> tuple[str, ...]:
    """The ruleset's rank names, terminal-safe."""
    return tuple(terminal_safe(n) for n in rank_words(game.t.ruleset))


# -- what an announcement is worth -------------------------------------------------

def _effect_words(game: Game, card: int, kind: ActionKind, amount: int,
                  form: str = "seat") -> str:
    """The registry's words for an effect after a card (``model/words.py``: every kind
    that may follow a card has its ``seat`` and ``seat_lost`` forms, tested), filled in
    for this card."""
    box = game.t.box_of_card.get(card)
    tokens = game.board[box] if box is not None else 0
    return ACTION[kind].forms[form].format(amount=amount, tokens=count(tokens, "token"))


def announcement_stakes(game: Game, card: int) -> tuple[list[str], list[str]]:
    """What playing ``card`` announced brings, and what forgetting its words would lose.

    The same reading of ``forgetting forfeits`` as the engine's (:mod:`.runs`):
    an effect lost is one that needs the announcement, or any effect when the
    winnings are forfeit, or the box when the box is.
    """
    t = game.t
    forfeit = t.forfeit.get(card, Forfeit.NOTHING)
    gains: list[str] = []
    lost: list[str] = []
    for eff in t.played_effects:
        if not eff.mask >> card & 1:
            continue
        words = _effect_words(game, card, eff.action, eff.amount)
        gains.append(words)
        if eff.announced or forfeit is Forfeit.THE_WINNINGS or (
                forfeit is Forfeit.THE_BOX and eff.action is ActionKind.TAKE_BOX):
            lost.append(_effect_words(game, card, eff.action, eff.amount, "seat_lost"))
    return gains, lost


def calling_announces(game: Game, card: int) -> bool:
    """Whether the card's announcement is only its name called and forgetting it loses nothing.

    Then typing the card's code is calling it (as every player does at the table),
    so a bare code announces it, unless the seat is strict.
    """
    words = game.t.announce_words.get(card, ())
    return not any(is_literal(w) for w in words) and not announcement_stakes(game, card)[1]


def needs_confirmation(game: Game, card: int, strict: bool) -> bool:
    """Whether a bare code of ``card`` must be confirmed before it is played unannounced."""
    return (not strict and bool(game.t.announce_mask >> card & 1)
            and not calling_announces(game, card))


# -- the table -----------------------------------------------------------------------


def call_word(game: Game, moment: str, default: str) -> str:
    return terminal_safe(game.t.calls.get(moment) or default)


def run_needs(game: Game, style: CardStyle) -> str:
    needed = game.needed()
    if not needed:
        return "nothing: the run is over"
    if game.t.same_suit:
        return " or ".join(style.card(c) for c in needed)
    return f"{with_article(needed[0].code[:-1])}, any suit"


def board_text(game: Game, style: CardStyle) -> str:
    """Each box of the board, by its card, then each pool by its name (issue #22, item 3),
    with the tokens in it; "no box" for an empty board."""
    t = game.t
    names = [style.card(c) for c in t.box_cards] + [
        f'"{terminal_safe(name)}"' for name in t.pool_names]
    return " · ".join(f"{name} {n}" for name, n in zip(names, game.board, strict=True)) \
        or "no box"


def trumps_text(game: Game, style: CardStyle) -> str | None:
    """The card turned up and the trump suit of the deal (issue #22, item 6), if any."""
    card = game.summary.turn_up
    if card < 0:
        return None
    return f"  trumps: {SUIT_SYMBOLS[card % 4]} (turned up: {style.card(card)})"


def situation(game: Game, seat: int, style: CardStyle) -> list[str]:
    """The table as the seat sees it: the others, the board, the hand, the run."""
    others = []
    for s in game.seats_from(seat)[1:]:
        others.append(f"seat {s}: {count(game.hands[s].bit_count(), 'card')},"
                      f" {count(game.balances[s], 'token')}")
    lines = [f"  you: {count(game.balances[seat], 'token')}; " + "; ".join(others),
             f"  board: {board_text(game, style)}",
             f"  your hand: {style.cards(game.hand(seat))}"]
    trumps = trumps_text(game, style)
    if trumps:
        lines.insert(2, trumps)
    if game.phase is Phase.LEAD:
        lines.append(f"  you lead a new run: {lead_words(game)}")
    else:
        lines.append(f"  the run: {style.cards(game.run_cards)} (last card by seat {game.last});"
                     f" it needs {run_needs(game, style)}")
    if game.t.wild >= 0:
        lines.append(f"  wild card: {style.card(game.t.wild)} (its holder may play it at any turn)")
    return lines


_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


def lead_words(game: Game) -> str:
    """What the player to lead may lead, in words (lead constraints, issue 22 item 7)."""
    t = game.t
    if not t.lead_constrained:
        return "play any card"
    barred = game.lead_bar()
    if not game.lead_cards():
        return (f"after the stop you may not lead {_SUIT_NAMES[barred]}, and you hold no "
                "other suit: the lead passes to the next player")
    what = "the lowest card you hold of a suit" if t.lead_lowest else "any card"
    if barred >= 0:
        what += f", not {_SUIT_NAMES[barred]} (after a stop the next run is in a different suit)"
    return f"play {what}"


def move_entry(move: Move, game: Game, strict: bool) -> str:
    """What the player types for ``move``."""
    if move.is_pass:
        moment, default = ("stopping", "sans") if game.phase is Phase.PLAY_ON else ("passing",
                                                                                    "pass")
        word = terminal_safe(game.t.calls.get(moment) or default).lower()
        return word if len(word.split()) == 1 and word.isalpha() else "pass"
    code = Card.from_index(move.card).code
    announced = move.announce and (strict or not calling_announces(game, move.card))
    return code + ("!" if announced else "")


def move_says(move: Move, game: Game, style: CardStyle, strict: bool) -> str:
    """What ``move`` does, for the list of moves."""
    if move.is_pass:
        if game.phase is Phase.LEAD:  # a constrained lead the player cannot make
            return "you cannot lead another suit: the lead passes to the next player"
        if game.phase is Phase.PLAY_ON:
            needed = game.needed()
            missing = f" {safe_names(game)[needed[0].rank - 1]}" if needed else ""
            return f'stop: say "{call_word(game, "stopping", "sans")}{missing}", the turn goes on'
        return "do not continue the run: the turn goes on"
    card = Card.from_index(move.card)
    names = safe_names(game)
    shown = style.card(card)
    name = names[card.rank - 1]
    if name != RANK_CODES[card.rank - 1]:
        shown += f" {name}"
    if game.t.rank_at_once:  # issue 22 item 8: the rest of the rank goes with it
        others = game.hands[game.turn] & rank_mask(card.rank) & ~game.wild_bit & ~(
            1 << move.card)
        if others:
            shown += ", with " + " ".join(style.card(Card.from_index(c))
                                          for c in cards_of(others))
    if game.t.wild_mask >> move.card & 1 and not game.is_natural(move.card):  # any copy
        shown += (", the wild card: it ends the run" if game.t.wild_ends_run or not game.needed()
                  else ", the wild card: it stands for the card the run needs")
    words = game.t.announce_words.get(move.card)
    if not words:
        return shown
    gains, lost = announcement_stakes(game, move.card)
    said = terminal_safe(spoken(words, card.code, names))
    if move.announce and not strict and calling_announces(game, move.card):
        return f'{shown}: you call it "{said}"'
    if move.announce:
        return f'{shown}, announced: "{said}"' + (f" — {'; '.join(gains)}" if gains else "")
    return f"{shown}, without announcing — " + (
        f"forfeits {'; '.join(lost)}" if lost else "loses nothing")


def listed_moves(legal: list[Move], game: Game, strict: bool) -> list[Move]:
    """The moves worth listing: a card whose bare code announces it is listed once."""
    return [m for m in legal if strict or m.is_pass or m.announce
            or not (game.t.announce_mask >> m.card & 1 and calling_announces(game, m.card))]


def move_lines(legal: list[Move], game: Game, style: CardStyle, strict: bool) -> list[str]:
    entries = [(move_entry(m, game, strict), move_says(m, game, style, strict))
               for m in listed_moves(legal, game, strict)]
    width = max(len(e) for e, _ in entries)
    return ["  your moves (type one; ? for help, hint for a suggestion):"] + [
        f"    {e.ljust(width)}  {says}" for e, says in entries]
