"""Moves: playing a card (announced or not) or passing.

A move is one of the immutable objects made once at import: each card (52 a pack,
for as many packs as a deck may hold) played *with* its announcement, played
*without* it, and :data:`PASS`.
Asking for a move never allocates, so the legal-move query stays cheap.

Notation (used in transcripts and accepted from the terminal):

- ``QS!`` plays the queen of spades and says its announcement ("dame qui prend");
- ``QS`` plays it without a word: for a card that must be announced, that is a
  *forgotten* announcement, and it costs what the ruleset's ``forgetting
  forfeits`` clause says;
- ``exchange``: the dealer takes the widow for their own hand (:mod:`.hands`; ``pass``
  then keeps their hand);
- ``pass`` hands the turn on: "sans 8" when one stops one's own run, a pass
  when one does not (or may not, or will not) continue someone else's run.

The engine's sorted order of legal moves: plays by rank (in the ruleset's rank
order) then suit C, D, H, S, the announced play before the silent one, and
``pass`` last.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from nainjaune_rules.core.cards import MAX_PACKS, PACK_SIZE, Card, parse_card

#: what a pass is written in transcripts; a ruleset's own words are read too
PASS_WORD = "pass"
#: the dealer taking the widow for their own hand (issue 22, part 4; :mod:`.hands`)
EXCHANGE_WORD = "exchange"


class Move:
    """One move.  ``card`` is the card's index (0..51 in the first pack), or -1 for
    :data:`PASS`."""

    __slots__ = ("card", "announce")

    card: int
    announce: bool

    def __init__(self, card: int, announce: bool) -> None:
        self.card = card
        self.announce = announce

    @property
    def is_pass(self) -> bool:
        return self.card == -1

    def __str__(self) -> str:
        if self.card < 0:
            return EXCHANGE_WORD if self.card == _EXCHANGE else PASS_WORD
        return Card.from_index(self.card).code + ("!" if self.announce else "")

    def __repr__(self) -> str:
        return f"Move({self})"

    def __reduce__(self) -> tuple[object, ...]:
        # keep identity across copy/pickle: moves are singletons
        return (move_for, (self.card, self.announce))


PASS = Move(-1, False)
_EXCHANGE = -2
#: the dealer takes the widow, unseen, for their own hand (the only other move is ``pass``)
EXCHANGE = Move(_EXCHANGE, False)
_PLAYS: tuple[tuple[Move, Move], ...] = tuple((Move(i, False), Move(i, True))
                                               for i in range(PACK_SIZE * MAX_PACKS))


@functools.lru_cache(maxsize=64)
def card_moves(announce_mask: int, packs: int = 1) -> tuple[tuple[Move, ...], ...]:
    """Per card, its plays in the engine's order: announced first when it has a word to say."""
    return tuple((_PLAYS[c][1], _PLAYS[c][0]) if announce_mask >> c & 1 else (_PLAYS[c][0],)
                 for c in range(PACK_SIZE * packs))


@functools.lru_cache(maxsize=64)
def byte_moves(announce_mask: int) -> tuple[tuple[tuple[Move, ...], ...], ...]:
    """The plays of a set of cards read a byte at a time: ``[i][v]`` are the plays of the
    cards ``8*i + b`` for each bit ``b`` of ``v``, in the engine's order (rank order
    A..K only: a card set's bytes come in index order)."""
    per_card = card_moves(announce_mask)
    return tuple(tuple(tuple(m for b in range(8) if v >> b & 1 and 8 * i + b < 52
                             for m in per_card[8 * i + b]) for v in range(256))
                 for i in range(7))


def move_for(card: int, announce: bool = False) -> Move:
    """The move object for ``card`` (-1 = pass), announced or not."""
    if card < 0:
        return EXCHANGE if card == _EXCHANGE else PASS
    return _PLAYS[card][1 if announce else 0]


def parse_move(text: str, pass_words: Iterable[str] = ()) -> Move | None:
    """Read ``QS!``, ``qs``, ``Q♠!`` or ``pass``; ``None`` when it is not a move.

    ``pass_words`` are the ruleset's own words for a pass (``Ruleset.pass_words()``:
    ``sans`` in the French rulesets, ``bez`` in the Czech one), read in any case.
    """
    t = text.strip()
    if t.lower() in {PASS_WORD, *(w.lower() for w in pass_words)}:
        return PASS
    if t.lower() == EXCHANGE_WORD:
        return EXCHANGE
    announce = t.endswith("!")
    card = parse_card(t.rstrip("!"))
    if card is None:
        return None
    return move_for(card.index, announce)
