"""Per-game seeds derived from a master seed, the same in every process.

A simulation of N games is N independent games; game ``i`` is played with
:func:`game_seed` ``(master, i)``.  The derivation goes through SHA-256 rather
than Python's ``hash()`` (salted per process for strings) or a shared
``random.Random`` (whose state would depend on which worker drew first), so
game ``i`` is the same game whichever worker plays it, in whatever order, and
``--workers 1`` and ``--workers 8`` give the same figures to the last digit.
"""

from __future__ import annotations

import hashlib


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded with ``master`` (a 63-bit integer).

    63 bits keep the seed printable and accepted by ``nainjaune play --seed``.
    """
    digest = hashlib.sha256(f"nainjaune-simulate:{master}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1
