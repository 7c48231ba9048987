"""Sets of cards as bitmasks: the few operations the engine and the bots need.

A set of cards is an ``int`` whose bit ``i`` is card ``i`` of
:mod:`nainjaune_rules.core.cards` (``(rank-1)*4 + suit``), so ascending bit order
is rank A..K, then suit C, D, H, S.  The helpers here replace the hand-written
``mask & -mask`` loops; they are plain functions (no wrapper object) because a
hand is read thousands of times a second in simulations.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from nainjaune_rules.core.cards import MAX_PACKS, PACK_SIZE

#: bit of each card, so that building a mask is an index, not a shift
BIT: tuple[int, ...] = tuple(1 << c for c in range(PACK_SIZE * MAX_PACKS))


def cards_of(mask: int) -> list[int]:
    """The cards of ``mask``, lowest index first (rank A..K, then suit C, D, H, S)."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def iter_cards(mask: int) -> Iterator[int]:
    """The cards of ``mask``, lowest index first, one at a time."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def lowest(mask: int) -> int:
    """The lowest card of a non-empty ``mask`` (-1 for the empty set)."""
    return (mask & -mask).bit_length() - 1


def count(mask: int) -> int:
    """How many cards ``mask`` holds."""
    return mask.bit_count()


def mask_of(cards: list[int] | tuple[int, ...]) -> int:
    """The set of the given cards (each card once)."""
    mask = 0
    for c in cards:
        mask |= BIT[c]
    return mask


@functools.lru_cache(maxsize=64)
def byte_sums(weights: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """``[i][v]``: the total weight of the cards ``8*i + b`` for each bit ``b`` of ``v``
    (``weights`` has one entry per card), so that a set's total is 7 look-ups
    (:func:`weighted`)."""
    size = len(weights)  # 52 a pack: 7 bytes for one pack, as many as it takes for more
    return tuple(tuple(sum(weights[8 * i + b] for b in range(8) if v >> b & 1 and 8 * i + b < size)
                       for v in range(256)) for i in range((size + 7) // 8))


def weighted(mask: int, sums: tuple[tuple[int, ...], ...]) -> int:
    """The total weight of the cards of ``mask`` (``sums`` from :func:`byte_sums`)."""
    return sum(map(tuple.__getitem__, sums, mask.to_bytes(len(sums), "little")))
