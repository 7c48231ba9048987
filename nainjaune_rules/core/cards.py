"""Cards of the 52-card French deck, and their codes.

A card code is a rank followed by a suit: ``A 2 3 4 5 6 7 8 9 10 J Q K`` then
``C D H S`` (clubs, diamonds, hearts, spades), e.g. ``10D``, ``QS``, ``7D``.
Input also accepts the suit symbols ``♣♦♥♠`` and lower case (``qs``, ``10♦``).

Suit order C, D, H, S is the tie-break order used everywhere (sorting a hand,
the reference policy), so that games are reproducible card for card.

A card is also a small integer, ``index = (rank - 1) * 4 + suit``, in 0..51:
sorting indices sorts by rank then suit, which is what the engine wants.

With several packs (``deck: 2 packs``) the copies of a card are told apart by their
pack: the first pack's cards are the one-pack cards (same code, same index), and the
card of pack ``p`` (counted from 0) is ``index + 52 * p``, written with a pack mark,
``7D/2`` for the second pack's seven of diamonds.  A one-pack deck never shows a mark.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: cards in one pack: the index of a card of pack ``p`` is its first-pack index + 52 * p
PACK_SIZE = 52
#: the most packs a deck may hold (``deck: N packs``)
MAX_PACKS = 4

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
    """One card: ``rank`` 1 (ace) .. 13 (king), ``suit`` 0..3 in the order C, D, H, S;
    ``pack`` 0 for the first (or only) pack, 1 for the second, ..."""

    rank: int
    suit: int
    pack: int = field(default=0)

    def __hash__(self) -> int:
        # a first-pack card hashes as it did before packs existed (sets iterate the same)
        return hash((self.rank, self.suit)) if not self.pack else hash(
            (self.rank, self.suit, self.pack))

    def __repr__(self) -> str:
        pack = f", pack={self.pack}" if self.pack else ""
        return f"Card(rank={self.rank}, suit={self.suit}{pack})"

    @property
    def index(self) -> int:
        """The card as an integer: 0..51 in the first pack, ordered by rank then suit."""
        return (self.rank - 1) * 4 + self.suit + PACK_SIZE * self.pack

    @classmethod
    def from_index(cls, index: int) -> Card:
        pack, base = divmod(index, PACK_SIZE)
        return cls(base // 4 + 1, base % 4, pack)

    @property
    def first(self) -> Card:
        """The same card of the first pack (what a ruleset names: both copies)."""
        return Card(self.rank, self.suit) if self.pack else self

    @property
    def code(self) -> str:
        return RANK_CODES[self.rank - 1] + SUIT_CODES[self.suit] + _pack_mark(self.pack)

    @property
    def symbol(self) -> str:
        return RANK_CODES[self.rank - 1] + SUIT_SYMBOLS[self.suit] + _pack_mark(self.pack)

    @property
    def name(self) -> str:
        """English name, e.g. ``queen of spades``."""
        return f"{RANK_NAMES[self.rank - 1]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self.code


def _pack_mark(pack: int) -> str:
    return f"/{pack + 1}" if pack else ""


def parse_card(text: str) -> Card | None:
    """Read a card code (``QS``, ``10d``, ``q♠``, ``7D/2`` for the second pack's, ``7D/1``
    the first's); ``None`` when it is not one."""
    t = text.strip().upper()
    pack = 0
    if "/" in t:
        t, _, mark = t.partition("/")
        if mark not in _PACK_MARKS:
            return None
        pack = _PACK_MARKS[mark]
    if len(t) < 2:
        return None
    rank = _RANK_BY_CODE.get(t[:-1])
    suit = _SUIT_BY_CODE.get(t[-1])
    if rank is None or suit is None:
        return None
    return Card(rank, suit, pack)


_PACK_MARKS = {str(p + 1): p for p in range(MAX_PACKS)}


def parse_rank(text: str) -> int | None:
    """Read a rank code (``A``, ``10``, ``q``): 1..13, or ``None``."""
    return _RANK_BY_CODE.get(text.strip().upper())


def rank_code(rank: int) -> str:
    return RANK_CODES[rank - 1]


FULL_DECK: tuple[Card, ...] = tuple(Card.from_index(i) for i in range(PACK_SIZE))
ALL_CODES: tuple[str, ...] = tuple(c.code for c in FULL_DECK)
#: the code of every card index of every pack (the engine's cards: ``INDEX_CODES[i]``)
INDEX_CODES: tuple[str, ...] = tuple(Card.from_index(i).code
                                     for i in range(PACK_SIZE * MAX_PACKS))
