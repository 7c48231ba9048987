"""The clauses of the table and the deal (part of :mod:`.rules`, which gathers them).

Who plays, with which cards, how they are dealt, who deals and leads first, the board's
boxes and pools, the trumps and the turn-up, the talon and the extra hand: the rules
:mod:`nainjaune_rules.describe.prose_deal` writes out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nainjaune_rules.core.cards import Card, rank_code
from nainjaune_rules.core.kinds import Direction, ExtraHandRule, FirstDealerRule, PoolWin, Side
from nainjaune_rules.core.spans import NO_SPAN, Span
from nainjaune_rules.model.rules_base import Clause


@dataclass(frozen=True)
class Players(Clause):
    counts: tuple[int, ...]  # sorted, distinct


@dataclass(frozen=True)
class Ranks(Clause):
    order: tuple[int, ...]  # ranks 1..13, lowest first


# deck composition (kind: deck, issue #22): the packs and the cards taken out
@dataclass(frozen=True)
class Deck(Clause):
    """``deck: 2 packs, without 8D``: how many packs of the ``ranks`` are shuffled
    together, and the cards taken out of every pack.  A ruleset without this clause
    plays one pack, whole."""

    packs: int = 1
    without: tuple[Card, ...] = ()  # first-pack cards, in the order written; every copy out


@dataclass(frozen=True)
class RankNames(Clause):
    """What players call each rank aloud, in the order of the ``ranks`` clause."""

    names: tuple[str, ...]


@dataclass(frozen=True)
class DealRow:
    players: int
    cards_each: int
    talon: int | None = None  # None: the talon is whatever is left
    span: Span = field(default=NO_SPAN, compare=False, kw_only=True)

    def talon_size(self, deck_size: int) -> int:
        """Cards left for the talon from a deck of ``deck_size`` (4 × the ranks in play)."""
        return deck_size - self.players * self.cards_each


@dataclass(frozen=True)
class DealTable(Clause):
    """How many cards each player is dealt: a row per player count, or every card.

    ``all_cards`` (``deal: all cards`` and ``deal: all cards, one extra hand``) has no
    rows: the whole deck is dealt one card at a time to the players and to
    ``extra_hands`` extra hands (0 or 1), so hands may differ by one card and no
    talon is left (see :mod:`nainjaune_rules.engine.hands`).
    """

    rows: tuple[DealRow, ...]  # sorted by player count; () with ``all_cards``
    # issue 22, part 4 (h22-hands): every card dealt, and an extra hand
    all_cards: bool = False
    extra_hands: int = 0

    def row(self, players: int) -> DealRow | None:
        return next((r for r in self.rows if r.players == players), None)


@dataclass(frozen=True)
class Dealing(Clause):
    packet: int  # cards per packet (1 or 3 in the sources)
    direction: Direction


@dataclass(frozen=True)
class FirstDealer(Clause):
    rule: FirstDealerRule


@dataclass(frozen=True)
class NextDealer(Clause):
    side: Side  # the new dealer sits on this side of the previous one


@dataclass(frozen=True)
class FirstLead(Clause):
    side: Side  # the first leader of a deal sits on this side of the dealer


@dataclass(frozen=True)
class Box:
    card: Card
    stake: int
    name: str
    span: Span = field(default=NO_SPAN, compare=False, kw_only=True)


@dataclass(frozen=True)
class Board(Clause):
    boxes: tuple[Box, ...]  # in the order written

    def box(self, card: Card) -> Box | None:
        return next((b for b in self.boxes if b.card == card), None)

    @property
    def stake_total(self) -> int:
        return sum(b.stake for b in self.boxes)


# -- pools (issue #22, item 3) ------------------------------------------------------
@dataclass(frozen=True)
class Pool(Clause):
    """A pool of the board tied to no card: staked like a box, won by an event.

    ``pool "Game": stake 1, won by the deal's winner`` (``won_by`` DEAL_WINNER: the first
    player out takes it as the deal ends, before the settlement's steps);
    ``pool "Matrimony": stake 2, won by a player who plays KD and QD`` (CARDS: the player
    who lays every one of ``cards`` in one deal takes it as the last is laid); ``... plays
    K and Q of trumps``: ``trump_ranks`` instead, those ranks of the deal's trump suit
    (``trumps: the last card dealt is turned up``), e.g. ``pool "Ace": stake 1, won by a
    player who plays A of trumps``.  A pool
    nobody wins follows the ``leftovers`` clause, as a box does.  Its name is its key:
    the transcript's board and payments name it as the boxes' card codes name a box.
    """

    name: str
    stake: int
    won_by: PoolWin
    cards: tuple[Card, ...] = ()  # CARDS: the one or two cards
    trump_ranks: tuple[int, ...] = ()  # CARDS of trumps: the one or two ranks (1..13)

    def card_words(self) -> str:
        """``KD and QD``, ``K and Q of trumps``: the cards as the language says them."""
        if self.trump_ranks:
            return " and ".join(rank_code(x) for x in self.trump_ranks) + " of trumps"
        return " and ".join(c.code for c in self.cards)


# -- trumps and the turn-up (issue #22, item 6) ---------------------------------------
@dataclass(frozen=True)
class Trumps(Clause):
    """``trumps: the last card dealt is turned up``: the last card of the deal (the
    dealer's last, dealing clockwise) is shown to every seat and its suit is trumps for the
    deal.  It stays where it was dealt (in its holder's hand, to be played)."""


@dataclass(frozen=True)
class TurnUpBox(Clause):
    """``when the turn-up is a box card: the dealer takes its box``: the dealer takes, as
    the cards are dealt, the box of the turned-up card and every pool that card alone wins
    (``won by a player who plays 9D``, ``... plays A of trumps``)."""


@dataclass(frozen=True)
class TurnUpBonus(Clause):
    """``when the turn-up is 9D: the dealer takes the pool "Game", and each other player pays
    him 1 per card dealt``: Pope Joan's Pope turned up.  When ``card`` is turned up the
    dealer takes the pool named ``pool`` and each other player in the deal pays him
    ``per_card`` for each card dealt to that player."""

    card: Card
    pool: str
    per_card: int


@dataclass(frozen=True)
class Shuffling(Clause):
    """The dealer shuffles before each deal; ``cut``: who cuts, seen from the dealer."""

    cut: Side | None = None


@dataclass(frozen=True)
class Talon(Clause):
    """The cards not dealt lie face down, out of play, and go back into the next deal.

    A card in the talon can never be played, so it blocks any run that needs it.
    """


@dataclass(frozen=True)
class ExtraHand(Clause):
    """What becomes of the extra hand (issue 22, part 4): dead, or a widow the dealer
    may take unseen for their own hand (``extra hand: ...``)."""

    rule: ExtraHandRule
