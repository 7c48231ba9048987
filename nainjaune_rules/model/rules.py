"""The rule objects: a compiled Nain Jaune ruleset as frozen dataclasses.

A :class:`Ruleset` is what a ruleset file *means* once parsed, checked, its
``extends`` chain merged and its table options chosen.  The engine plays it,
the documentation site writes it out as prose, the statistics compare it; none
of them ever looks at a variant's name.

Every clause carries an :class:`Origin` (the sources that attest it, or why it
is inferred, or that it is a house decision) and a :class:`Span` pointing at
the text it came from.  Spans are excluded from equality, so a ruleset loaded
back from its canonical YAML compares equal to the one compiled from text.

This module is where the rule objects are known from: it gathers every clause type,
declared by what its rule is about, as their prose is (:mod:`.rules_base`, the base and
the sources; :mod:`.rules_deal`, the table and the deal; :mod:`.rules_tokens`;
:mod:`.rules_play`; :mod:`.rules_end`), and holds the table options and the
:class:`Ruleset` itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nainjaune_rules.core.actions import ActionKind as ActionKind
from nainjaune_rules.core.cards import Card, rank_code
from nainjaune_rules.core.kinds import Basis as Basis
from nainjaune_rules.core.kinds import CallMoment as CallMoment
from nainjaune_rules.core.kinds import CardClass as CardClass
from nainjaune_rules.core.kinds import ChangeRule as ChangeRule
from nainjaune_rules.core.kinds import Direction as Direction
from nainjaune_rules.core.kinds import EndKind as EndKind
from nainjaune_rules.core.kinds import EventKind as EventKind
from nainjaune_rules.core.kinds import Evidence as Evidence
from nainjaune_rules.core.kinds import ExtraHandRule as ExtraHandRule
from nainjaune_rules.core.kinds import FirstDealerRule as FirstDealerRule
from nainjaune_rules.core.kinds import Forfeit as Forfeit
from nainjaune_rules.core.kinds import OperaKind as OperaKind
from nainjaune_rules.core.kinds import PoolWin as PoolWin
from nainjaune_rules.core.kinds import SettlementStep as SettlementStep
from nainjaune_rules.core.kinds import Shortfall as Shortfall
from nainjaune_rules.core.kinds import Side as Side
from nainjaune_rules.core.kinds import Stakers as Stakers
from nainjaune_rules.core.kinds import WhenSkipFails as WhenSkipFails
from nainjaune_rules.core.kinds import WhenStuck as WhenStuck
from nainjaune_rules.core.kinds import WildOutOfTurn as WildOutOfTurn
from nainjaune_rules.core.kinds import Winner as Winner

# re-exported: the rule objects' users know them as rules.Span, rules.Origin,
# rules.Side... (the enumerations live in core.kinds)
from nainjaune_rules.core.spans import NO_SPAN as NO_SPAN
from nainjaune_rules.core.spans import Citation as Citation
from nainjaune_rules.core.spans import Origin as Origin
from nainjaune_rules.core.spans import OriginKind as OriginKind
from nainjaune_rules.core.spans import Span as Span

# the clause types, each in the part of what its rule is about: rules.Players...
from nainjaune_rules.model.rules_base import Book as Book
from nainjaune_rules.model.rules_base import Clause as Clause
from nainjaune_rules.model.rules_base import Source as Source
from nainjaune_rules.model.rules_deal import Board as Board
from nainjaune_rules.model.rules_deal import Box as Box
from nainjaune_rules.model.rules_deal import Dealing as Dealing
from nainjaune_rules.model.rules_deal import DealRow as DealRow
from nainjaune_rules.model.rules_deal import DealTable as DealTable
from nainjaune_rules.model.rules_deal import Deck as Deck
from nainjaune_rules.model.rules_deal import ExtraHand as ExtraHand
from nainjaune_rules.model.rules_deal import FirstDealer as FirstDealer
from nainjaune_rules.model.rules_deal import FirstLead as FirstLead
from nainjaune_rules.model.rules_deal import NextDealer as NextDealer
from nainjaune_rules.model.rules_deal import Players as Players
from nainjaune_rules.model.rules_deal import Pool as Pool
from nainjaune_rules.model.rules_deal import RankNames as RankNames
from nainjaune_rules.model.rules_deal import Ranks as Ranks
from nainjaune_rules.model.rules_deal import Shuffling as Shuffling
from nainjaune_rules.model.rules_deal import Talon as Talon
from nainjaune_rules.model.rules_deal import Trumps as Trumps
from nainjaune_rules.model.rules_deal import TurnUpBonus as TurnUpBonus
from nainjaune_rules.model.rules_deal import TurnUpBox as TurnUpBox
from nainjaune_rules.model.rules_end import DealEnd as DealEnd
from nainjaune_rules.model.rules_end import EndCondition as EndCondition
from nainjaune_rules.model.rules_end import GameEnd as GameEnd
from nainjaune_rules.model.rules_end import WinnerRule as WinnerRule
from nainjaune_rules.model.rules_play import Action as Action
from nainjaune_rules.model.rules_play import AfterKing as AfterKing
from nainjaune_rules.model.rules_play import Announcement as Announcement
from nainjaune_rules.model.rules_play import Call as Call
from nainjaune_rules.model.rules_play import Continuing as Continuing
from nainjaune_rules.model.rules_play import Effect as Effect
from nainjaune_rules.model.rules_play import Event as Event
from nainjaune_rules.model.rules_play import LeadAfterStop as LeadAfterStop
from nainjaune_rules.model.rules_play import LeadCard as LeadCard
from nainjaune_rules.model.rules_play import NobodyCanContinue as NobodyCanContinue
from nainjaune_rules.model.rules_play import Opera as Opera
from nainjaune_rules.model.rules_play import PlayDirection as PlayDirection
from nainjaune_rules.model.rules_play import PlayedCards as PlayedCards
from nainjaune_rules.model.rules_play import PlayOn as PlayOn
from nainjaune_rules.model.rules_play import RankAtOnce as RankAtOnce
from nainjaune_rules.model.rules_play import Runs as Runs
from nainjaune_rules.model.rules_play import StopCards as StopCards
from nainjaune_rules.model.rules_play import Turn as Turn
from nainjaune_rules.model.rules_play import WildCard as WildCard
from nainjaune_rules.model.rules_tokens import CannotPay as CannotPay
from nainjaune_rules.model.rules_tokens import Change as Change
from nainjaune_rules.model.rules_tokens import Leftovers as Leftovers
from nainjaune_rules.model.rules_tokens import Points as Points
from nainjaune_rules.model.rules_tokens import Settlement as Settlement
from nainjaune_rules.model.rules_tokens import Stakes as Stakes
from nainjaune_rules.model.rules_tokens import StartingTokens as StartingTokens

# --------------------------------------------------------------------------
# Options and the ruleset
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class OptionChoice:
    name: str
    clauses: tuple[Clause, ...]  # added (or replacing same-key clauses) when chosen
    span: Span = field(default=NO_SPAN, compare=False, kw_only=True)


@dataclass(frozen=True)
class TableOption(Clause):
    """A rule the players agree on at the table; ``--option name=choice`` picks one."""

    name: str
    description: str
    choices: tuple[OptionChoice, ...]
    default: str

    def choice(self, name: str) -> OptionChoice | None:
        return next((c for c in self.choices if c.name == name), None)


@dataclass(frozen=True)
class Ruleset:
    """A complete, checked ruleset.

    ``options`` lists every table option with its choices; ``chosen`` says which
    choice is in force, and the clauses of the chosen choices are already merged
    into the fields below.  Use :func:`nainjaune_rules.model.resolve.with_options`
    to choose differently.
    """

    id: str
    title: str
    period: str
    evidence: Evidence
    sources: tuple[Source, ...]
    parent: str | None  # the ruleset this one extends

    players: Players
    ranks: Ranks
    deal_table: DealTable
    dealing: Dealing
    first_dealer: FirstDealer
    next_dealer: NextDealer
    play_direction: PlayDirection
    first_lead: FirstLead
    board: Board
    stakes: Stakes
    leftovers: Leftovers
    starting_tokens: StartingTokens
    runs: Runs
    play_on: PlayOn
    continuing: Continuing
    after_king: AfterKing
    nobody_can_continue: NobodyCanContinue
    game_end: GameEnd
    winner: WinnerRule
    cannot_pay: CannotPay
    points: Points | None = None  # needed only when someone pays by points
    # How the cards are handled and how a deal ends: stated by every built-in ruleset;
    # what the engine does is the same with or without them (see engine.game).
    shuffling: Shuffling | None = None
    talon: Talon | None = None
    played_cards: PlayedCards | None = None
    turn: Turn | None = None  # None: model.defaults.DEFAULTS
    deal_end: DealEnd | None = None
    settlement: Settlement | None = None  # None: model.defaults.DEFAULTS
    rank_names: RankNames | None = None
    change: Change | None = None  # needed only with token denominations
    stop_cards: StopCards | None = None
    wild_card: WildCard | None = None
    # lead constraints (issue 22 item 7); None: any card may be led
    lead_card: LeadCard | None = None
    lead_after_stop: LeadAfterStop | None = None
    rank_at_once: RankAtOnce | None = None  # issue 22 item 8
    opera: Opera | None = None
    # issue 22, part 4 (h22-hands): the extra hand of ``deal: all cards, one extra hand``
    extra_hand: ExtraHand | None = None
    announcements: tuple[Announcement, ...] = ()
    calls: tuple[Call, ...] = ()
    effects: tuple[Effect, ...] = ()
    deck: Deck | None = None  # deck composition (#22): None is one pack, whole
    pools: tuple[Pool, ...] = ()  # the board's pools tied to no card (issue #22, item 3)
    trumps: Trumps | None = None  # issue #22, item 6
    turn_up_box: TurnUpBox | None = None  # issue #22, item 6
    turn_up_bonus: TurnUpBonus | None = None  # issue #22, item 6: the Pope turned up
    options: tuple[TableOption, ...] = ()
    chosen: tuple[tuple[str, str], ...] = ()  # (option name, choice name), sorted
    #: base clauses that the chosen choices replaced (kept so options can be re-chosen)
    overridden: tuple[Clause, ...] = ()
    file: str = field(default="", compare=False)

    def option(self, name: str) -> TableOption | None:
        return next((o for o in self.options if o.name == name), None)

    def effects_on(self, kind: EventKind) -> tuple[Effect, ...]:
        return tuple(e for e in self.effects if e.event.kind is kind)

    def stop_card_set(self) -> tuple[Card, ...]:
        """Every stop card: those of ``stop cards``, then the wild card when it is marked
        ``and it is a stop card`` (issue 22 item 2)."""
        cards = self.stop_cards.cards if self.stop_cards else ()
        wild = self.wild_card
        return cards + ((wild.card,) if wild is not None and wild.stop else ())

    def rank_name(self, rank: int) -> str:
        """What players call ``rank`` (1..13) aloud; its code when the ruleset is silent."""
        if self.rank_names is not None and rank in self.ranks.order:
            return self.rank_names.names[self.ranks.order.index(rank)]
        return rank_code(rank)

    def call(self, moment: CallMoment) -> str | None:
        """The word said at ``moment``, if the ruleset gives one."""
        return next((c.word for c in self.calls if c.moment is moment), None)

    def pass_words(self) -> tuple[str, ...]:
        """The ruleset's words for handing the turn on ("sans", "bez"): they mean ``pass``."""
        moments = (CallMoment.STOPPING, CallMoment.PASSING)
        return tuple(c.word for c in self.calls if c.moment in moments)


# deck composition (#22): the one place that says what the deck holds (functions, not
# methods, so that a check reading them is seen to read the ``deck`` and ``ranks`` fields)
def packs_of(rs: Ruleset) -> int:
    """How many packs are shuffled together (1 without a ``deck`` clause)."""
    return rs.deck.packs if rs.deck else 1


def deck_cards(rs: Ruleset) -> tuple[Card, ...]:
    """Every card of the deck, each copy once: the ranks' cards of every pack, less the
    cards the ``deck`` clause takes out (in index order: pack by pack, rank then suit)."""
    removed = set(rs.deck.without) if rs.deck else set()
    ranks = set(rs.ranks.order)
    return tuple(Card(rank, suit, pack) for pack in range(packs_of(rs))
                 for rank in range(1, 14) if rank in ranks for suit in range(4)
                 if Card(rank, suit) not in removed)


def deck_size(rs: Ruleset) -> int:
    """How many cards the deck holds (what the deal table is checked against)."""
    return len(deck_cards(rs))


def deal_stakes(ruleset: Ruleset) -> int:
    """One player's stakes for a deal: every box of the board and every pool."""
    return ruleset.board.stake_total + sum(p.stake for p in ruleset.pools)
