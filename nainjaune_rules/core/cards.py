"""Cards of the 52-card French deck, and their codes.

A card code is a rank followed by a suit: ``A 2 3 4 5 6 7 8 9 10 J Q K`` then
``C D H S`` (clubs, diamonds, hearts, spades), e.g. ``10D``, ``QS``, ``7D``.
Input also accepts the suit symbols ``♣♦♥♠`` and lower case (``qs``, ``10♦``).

Suit order C, D, H, S is the tie-break order used everywhere (sorting a hand,
the reference policy), so that games are reproducible card for card.

A card is also a small integer, ``index = (rank - 1) * 4 + suit``, in 0..51:
sorting indices sorts by rank then suit, which is what the engine wants.
"""

from __future__ import annotations

from dataclasses import dataclass

RANK_CODES: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_CODES: tuple[str, ...] = ("C", "D", "H", "S")
SUIT_SYMBOLS: tuple[str, ...] = ("♣", "♦", "♥", "♠")
RANK_NAMES: tuple[str, ...] = (
    "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king",
)
SUIT_NAMES: tuple[str, ...] = ("clubs", "diamonds", "hearts", "spades")

_RANK_BY_CODE = {code: i + 1 for i, code in enumerate(RANK_CODES)}
_SUIT_BY_CODE = {code: i for i, code in enumerate(SUIT_CODES)}
_SUIT_BY_CODE.update({sym: i for i, sym in enumerate(SUIT_SYMBOLS)})


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card: ``rank`` 1 (ace) .. 13 (king), ``suit`` 0..3 in the order C, D, H, S."""

    rank: int
    suit: int

    @property
    def index(self) -> int:
        """The card as an integer 0..51, ordered by rank then suit."""
        return (self.rank - 1) * 4 + self.suit

    @classmethod
    def from_index(cls, index: int) -> Card:
        return cls(index // 4 + 1, index % 4)

    @property
    def code(self) -> str:
        return RANK_CODES[self.rank - 1] + SUIT_CODES[self.suit]

    @property
    def symbol(self) -> str:
        return RANK_CODES[self.rank - 1] + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """English name, e.g. ``queen of spades``."""
        return f"{RANK_NAMES[self.rank - 1]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self.code


def parse_card(text: str) -> Card | None:
    """Read a card code (``QS``, ``10d``, ``q♠``); ``None`` when it is not one."""
    t = text.strip().upper()
    if len(t) < 2:
        return None
    rank = _RANK_BY_CODE.get(t[:-1])
    suit = _SUIT_BY_CODE.get(t[-1])
    if rank is None or suit is None:
        return None
    return Card(rank, suit)


def parse_rank(text: str) -> int | None:
    """Read a rank code (``A``, ``10``, ``q``): 1..13, or ``None``."""
    return _RANK_BY_CODE.get(text.strip().upper())


def rank_code(rank: int) -> str:
    return RANK_CODES[rank - 1]


FULL_DECK: tuple[Card, ...] = tuple(Card.from_index(i) for i in range(52))
ALL_CODES: tuple[str, ...] = tuple(c.code for c in FULL_DECK)
