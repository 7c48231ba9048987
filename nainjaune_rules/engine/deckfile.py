"""Deck files: the order of the cards for each deal, given instead of a shuffle.

One line per deal, the deck's card codes separated by spaces, the first code
being the top card (dealt first).  Blank lines and ``#`` comments are skipped.
A wrong file is refused with ``file:line:column``, the code at fault and a hint.
"""

from __future__ import annotations

from pathlib import Path

from nainjaune_rules.cards import Card, parse_card

CODE_HINT = "card codes are A 2 3 4 5 6 7 8 9 10 J Q K followed by C D H S (or ♣♦♥♠), e.g. 10D"


class DeckFileError(Exception):
    """A deck file that cannot be used; ``str()`` is the message for the user."""


def _error(path: str, line: int, col: int, message: str, hint: str) -> DeckFileError:
    return DeckFileError(f"{path}:{line}:{col}: {message}\n  hint: {hint}")


def parse_deck_text(text: str, path: str, deck: tuple[Card, ...]) -> list[tuple[int, list[int]]]:
    """Each deal's deck as card indices, with its line number; ``deck``: the ruleset's cards."""
    wanted = {c.index for c in deck}
    decks: list[tuple[int, list[int]]] = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        body = line.split("#", 1)[0]
        if not body.strip():
            continue
        seen: dict[int, int] = {}
        cards: list[int] = []
        col = 0
        for token in body.split():
            col = body.index(token, col) + 1
            card = parse_card(token)
            if card is None:
                raise _error(path, lineno, col, f"'{token}' is not a card code", CODE_HINT)
            if card.index not in wanted:
                raise _error(path, lineno, col, f"'{token}' is not in this ruleset's deck",
                             f"the deck has the ranks {_ranks(deck)} only")
            if card.index in seen:
                raise _error(path, lineno, col, f"'{token}' appears twice on this line "
                             f"(first at column {seen[card.index]})", "each card once per deal")
            seen[card.index] = col
            cards.append(card.index)
            col += len(token) - 1
        if len(cards) != len(deck):
            missing = " ".join(c.code for c in deck if c.index not in seen)
            raise _error(path, lineno, 1, f"{len(cards)} cards on this line, the deck has "
                         f"{len(deck)}", f"missing: {missing}")
        decks.append((lineno, cards))
    if not decks:
        raise _error(path, 1, 1, "no deck in this file", "one line of card codes per deal")
    return decks


def read_deck_file(path: str, deck: tuple[Card, ...]) -> list[tuple[int, list[int]]]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DeckFileError(f"{path}: cannot read the deck file ({exc})") from None
    return parse_deck_text(text, path, deck)


def too_few_lines(path: str, decks: list[tuple[int, list[int]]], deal: int) -> DeckFileError:
    """The error for a game that needs more deals than the file gives."""
    after = decks[-1][0] + 1 if decks else 1
    return _error(path, after, 1, f"no deck for deal {deal}: the file has {len(decks)} "
                  f"deal line{'s' if len(decks) != 1 else ''}",
                  "add one line per deal, or limit the game with --deals")


def _ranks(deck: tuple[Card, ...]) -> str:
    seen: list[str] = []
    for card in deck:
        code = card.code[:-1]
        if code not in seen:
            seen.append(code)
    return " ".join(seen)
