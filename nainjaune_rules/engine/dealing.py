"""Shuffling and dealing, fast: the same cards as ``random.shuffle`` and a dealer's hands.

Kept apart from :mod:`nainjaune_rules.engine.game` (which deals with them) because
they are pure functions of their arguments, cached per deck and table size.
"""

from __future__ import annotations

import functools
import operator
import random
from collections.abc import Callable

from nainjaune_rules.engine.cardset import cards_of


@functools.lru_cache(maxsize=64)
def deck_cards(deck_mask: int) -> tuple[int, ...]:
    return tuple(cards_of(deck_mask))


@functools.lru_cache(maxsize=256)
def deal_plan(players: int, each: int, packet: int) -> tuple[tuple[int, ...], ...]:
    """The positions of the deck each player receives, in dealing order, ``packet`` at a time."""
    got = [0] * players
    plan: list[list[int]] = [[] for _ in range(players)]
    pos = 0
    while pos < players * each:
        for i in range(players):
            k = min(packet, each - got[i])
            plan[i].extend(range(pos, pos + k))
            got[i] += k
            pos += k
    return tuple(map(tuple, plan))


#: what takes a player's cards from the deck, in one call
Taker = Callable[[list[int]], tuple[int, ...]]


@functools.lru_cache(maxsize=256)
def deal_takers(players: int, each: int, packet: int) -> tuple[Taker, ...]:
    """Per player, what takes their cards from a deck (:func:`deal_plan`'s positions) in
    one call: ``deal_takers(...)[i](deck)`` are the cards of the ``i``-th player dealt."""
    return tuple(taker(positions) for positions in deal_plan(players, each, packet))


def taker(positions: tuple[int, ...]) -> Taker:
    """What takes the cards at ``positions`` of a deck, in one call (also :mod:`.hands`)."""
    if len(positions) == 1:  # itemgetter of one position gives the item, not a tuple of it
        return lambda deck: (deck[positions[0]],)
    return operator.itemgetter(*positions)


@functools.lru_cache(maxsize=64)
def deck_bits(deck_mask: int) -> tuple[int, ...]:
    """The bit of each card of the unshuffled deck (:func:`deck_cards`' order)."""
    return tuple(1 << c for c in deck_cards(deck_mask))


def shuffled(deck: list[int], rng: random.Random) -> list[int]:
    """``rng.shuffle(deck)``, draw for draw, at half its cost (``Game`` shuffles with it).

    CPython's shuffle (3.11 onwards) is Fisher-Yates with ``_randbelow(i + 1)``,
    which draws ``getrandbits(k)`` until the value is below ``i + 1``; the same
    calls, inline, leave the generator in the same state and deal the same
    cards for every seed (tests/engine/test_engine_speedups.py).
    """
    getrandbits = rng.getrandbits
    for i, n, k in _steps(len(deck)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@functools.lru_cache(maxsize=64)
def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """Fisher-Yates' steps for a deck of ``size``: the position, the bound of its draw
    and the bits drawn (worked out once per deck size, not per shuffle)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
