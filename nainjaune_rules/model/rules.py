"""The rule objects: a compiled Nain Jaune ruleset as frozen dataclasses.

A :class:`Ruleset` is what a ruleset file *means* once parsed, checked, its
``extends`` chain merged and its table options chosen.  The engine plays it,
the documentation site writes it out as prose, the statistics compare it; none
of them ever looks at a variant's name.

Every clause carries an :class:`Origin` (the sources that attest it, or why it
is inferred, or that it is a house decision) and a :class:`Span` pointing at
the text it came from.  Spans are excluded from equality, so a ruleset loaded
back from its canonical YAML compares equal to the one compiled from text.
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


@dataclass(frozen=True)
class Clause:
    """Base of every rule clause: where it came from, and where it was written."""

    origin: Origin
    span: Span = field(default=NO_SPAN, compare=False, kw_only=True)
    #: id of the ruleset file that wrote this clause (differs from the ruleset's
    #: own id for clauses inherited through ``extends``)
    defined_in: str = field(default="", compare=False, kw_only=True)


# --------------------------------------------------------------------------
# Clauses
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Source:
    """A primary source declared by a ruleset (``source ID "language" "what it is"``,
    then ``paragraphs N`` when its text's count of paragraphs is known)."""

    id: str
    language: str
    description: str
    #: citations go up to ¶N; not a rule (not compared, not in the canonical form)
    paragraphs: int | None = field(default=None, compare=False, kw_only=True)
    span: Span = field(default=NO_SPAN, compare=False, kw_only=True)
    #: a book whose text the project does not hold (declared with its bibliographic
    #: block): cited by section or page, never by ¶N
    book: Book | None = field(default=None, kw_only=True)


@dataclass(frozen=True)
class Book:
    """The bibliographic data of a source cited by section or page (``source ID …:``
    then indented ``author``, ``title``, ``year``, ``published`` lines)."""

    author: str = ""
    title: str = ""
    year: int | None = None
    published: str = ""  #: place and publisher, as the title page gives them


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
class PlayDirection(Clause):
    direction: Direction


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
class Stakes(Clause):
    stakers: Stakers
    # per-seat stakes (issue #22, ``stakes: the dealer 2, every other player 1``): with
    # ``BY_SEAT``, how many times over the dealer and each other player stake every box
    dealer_times: int = 1
    other_times: int = 1

    def times(self, is_dealer: bool) -> int:
        """How many times over a seat stakes each box (0: it stakes nothing)."""
        if self.stakers is Stakers.BY_SEAT:
            return self.dealer_times if is_dealer else self.other_times
        return 1 if is_dealer or self.stakers is Stakers.EVERY_PLAYER else 0


@dataclass(frozen=True)
class Leftovers(Clause):
    stay: bool  # tokens not taken stay in their box for the next deal


@dataclass(frozen=True)
class StartingTokens(Clause):
    """What each player starts with: ``count`` tokens' worth.

    ``denominations`` lists the kinds of token (value, how many), largest value
    first, as ``tokens: 3 worth 5, ..., 7 worth 1`` writes them; empty for
    ``starting tokens: N``, which is N tokens of value 1.
    """

    count: int
    denominations: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Change(Clause):
    """How change is made when a player cannot pay an amount exactly with their tokens."""

    rule: ChangeRule


@dataclass(frozen=True)
class Points(Clause):
    """How a card left in hand is counted when paying by points."""

    court: int  # J, Q, K
    ace: int  # others count their face value


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
class EndCondition:
    kind: EndKind
    deals: tuple[tuple[int, int], ...] = ()  # AFTER_DEALS: (players, deals); players 0 = any

    def deals_for(self, players: int) -> int | None:
        for count, deals in self.deals:
            if count in (0, players):
                return deals
        return None


@dataclass(frozen=True)
class GameEnd(Clause):
    conditions: tuple[EndCondition, ...]  # the game ends at the first that holds


@dataclass(frozen=True)
class WinnerRule(Clause):
    rule: Winner


@dataclass(frozen=True)
class CannotPay(Clause):
    rule: Shortfall


@dataclass(frozen=True)
class DealEnd(Clause):
    """A deal ends when a player has no cards left, and that player wins it.

    The language has one reading of this (every source has it); the clause makes
    the rule, and its citation, part of the ruleset rather than of the engine.
    """


@dataclass(frozen=True)
class Settlement(Clause):
    """The order of the steps that settle a deal, each step once (``settlement: ...``).

    A ruleset that does not state it plays the language's default clause
    (:data:`nainjaune_rules.model.defaults.DEFAULTS`, read by ``settlement_of``).
    """

    steps: tuple[SettlementStep, ...]


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
