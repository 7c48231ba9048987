"""The clauses of the play (part of :mod:`.rules`, which gathers them).

Runs and turns, stops, the wild card, leads, announcements and calls, the opéra, and the
effects (``when EVENT: ACTION``): the rules :mod:`nainjaune_rules.describe.prose_play`
writes out.
"""

from __future__ import annotations

from dataclasses import dataclass

from nainjaune_rules.core.actions import ActionKind
from nainjaune_rules.core.cards import Card
from nainjaune_rules.core.kinds import (
    Basis,
    CallMoment,
    CardClass,
    Direction,
    EventKind,
    Forfeit,
    OperaKind,
    Side,
    WhenSkipFails,
    WhenStuck,
    WildOutOfTurn,
)
from nainjaune_rules.model.rules_base import Clause


@dataclass(frozen=True)
class PlayDirection(Clause):
    direction: Direction


@dataclass(frozen=True)
class Runs(Clause):
    same_suit: bool  # a run rises by one rank; in the 1760 game also within one suit


@dataclass(frozen=True)
class PlayOn(Clause):
    compulsory: bool  # within a turn, a player who can extend the run must


@dataclass(frozen=True)
class Continuing(Clause):
    compulsory: bool  # a player who can continue someone else's run must


@dataclass(frozen=True)
class StopCards(Clause):
    """Permanent stops: playing one ends the run, and its player leads a new one."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class AfterKing(Clause):
    """After a king (or the top rank of ``ranks``) the run is over; its player leads anew.

    ``top_rank`` says which card ends the run: the highest rank of the ``ranks``
    clause (``after the top rank``: an ace in an ace-high deck) or the king
    itself (``after a king``, the usual spelling when the king is top).
    """

    top_rank: bool = False


@dataclass(frozen=True)
class WildCard(Clause):
    """A card that may be played whenever its holder has the turn, and need never be played.

    ``out_of_turn`` says what it does laid outside its natural place in the run.
    With ``any_time`` (``wild card: 7D, at any time, ...``) its holder may also lay
    it out of turn: right after any other player lays a card of a run that goes on,
    before the next move (see :mod:`nainjaune_rules.engine.runs`).  With ``stop``
    (``..., and it is a stop card``) it is a stop card as well.
    """

    card: Card
    out_of_turn: WildOutOfTurn
    any_time: bool = False
    #: ``, and it is a stop card``: it is also a stop card, so laid in its natural place
    #: it ends the run and its player leads a new one (the 1760 chief hoc, wiki-ja ¶3);
    #: every rule about "a stop card" counts it
    stop: bool = False


@dataclass(frozen=True)
class LeadCard(Clause):
    """``lead: the lowest card of a suit``: every lead (the deal's first and each new run's)
    is the lowest card the leader holds of the suit they choose (Michigan's rule)."""

    lowest: bool = True


@dataclass(frozen=True)
class LeadAfterStop(Clause):
    """``after a stop: the player leads a different suit, or ...``: a lead after a run has
    ended (every lead but the deal's first) is not of the suit of the run's last card.
    A player who holds no other suit passes the lead to the next player in play
    (``passes``), or leads any suit (``passes`` False).  When the lead has gone round
    the table with nobody able, its first player leads any suit (see ``engine/leads.py``).
    """

    passes: bool = True


@dataclass(frozen=True)
class RankAtOnce(Clause):
    """``play: every card of the rank at once`` (Comète): a player who lays a card lays
    with it, one after another, every other card of that rank they hold (never the wild
    card); the run goes on from that rank.  Only with runs in any suit."""


@dataclass(frozen=True)
class NobodyCanContinue(Clause):
    rule: WhenStuck
    then: WhenSkipFails | None = None  # only with NEXT_RANK


@dataclass(frozen=True)
class Announcement(Clause):
    """Plays of these cards must be announced with ``word``; forgetting costs ``forfeit``."""

    cards: tuple[CardClass | Card, ...]  # a class of cards ("a box card") or one card ("9C")
    word: str
    forfeit: Forfeit


@dataclass(frozen=True)
class Call(Clause):
    """What a player says at a moment of play; a call forgotten costs nothing."""

    moment: CallMoment
    word: str


@dataclass(frozen=True)
class Opera(Clause):
    kind: OperaKind


@dataclass(frozen=True)
class Event:
    kind: EventKind
    cards: tuple[CardClass | Card, ...] = ()  # for PLAYED and GOES_OUT
    announced: bool = False  # for PLAYED: only when announced


@dataclass(frozen=True)
class Action:
    kind: ActionKind
    amount: int = 0  # EACH_OTHER_PAYS; per card for LOSERS_PAY by cards
    basis: Basis | None = None  # LOSERS_PAY
    card: Card | None = None  # HOLDER_PAYS_DOUBLE, HOLDER_PAYS_NOTHING
    in_tokens_of: int = 0  # LOSERS_PAY by cards: paid in tokens of this value (0: any)


@dataclass(frozen=True)
class Effect(Clause):
    """``when EVENT: ACTION`` — one rule of payment or capture."""

    event: Event
    action: Action

    @property
    def key(self) -> tuple[object, ...]:
        """Two effects with the same key say the same thing twice (the holders of two
        different cards paying double, or nothing, are two rules)."""
        if self.action.card is not None:
            return (self.event.kind, self.event.cards, self.action.kind, self.action.card)
        return (self.event.kind, self.event.cards, self.action.kind)


@dataclass(frozen=True)
class PlayedCards(Clause):
    """Cards are played face up onto one pile in the middle of the table."""


@dataclass(frozen=True)
class Turn(Clause):
    """What a turn is and how it passes.

    On their turn a player lays cards of the run one after another (as ``play on``
    allows); when they stop, the turn passes to ``passes_to``, seen from them: the
    seat the engine asks next.  The semantic checks hold it to the ``play`` direction.
    """

    passes_to: Side
