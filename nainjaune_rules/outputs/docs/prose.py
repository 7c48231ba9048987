"""Every rule clause written out in English: one function per clause type.

This module is the single place where a rule object becomes words.  The
ruleset pages, the comparison (on the site and in the terminal) and
``nainjaune diff`` all call :func:`describe`, so a rule reads the same wherever
it is shown and a new clause type cannot be documented in one place and
forgotten in another.

Each function returns a :class:`Phrase`: ``sentence`` is the full English
sentence a player reads on a ruleset page, ``short`` the few words that fit a
cell of the comparison table.  Neither is ever escaped here: escaping belongs
to whoever writes the text out (HTML, Markdown or the terminal).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import singledispatch

from nainjaune_rules.cards import RANK_CODES, Card, rank_code
from nainjaune_rules.model.rules import (
    Action,
    ActionKind,
    AfterKing,
    Announcement,
    Basis,
    Board,
    Call,
    CallMoment,
    CannotPay,
    CardClass,
    Clause,
    Continuing,
    Dealing,
    DealTable,
    Direction,
    Effect,
    EndCondition,
    EndKind,
    Event,
    EventKind,
    Evidence,
    FirstDealer,
    FirstDealerRule,
    FirstLead,
    Forfeit,
    GameEnd,
    Leftovers,
    NextDealer,
    NobodyCanContinue,
    Opera,
    OperaKind,
    Origin,
    OriginKind,
    PlayDirection,
    Players,
    PlayOn,
    Points,
    Ranks,
    Runs,
    Shortfall,
    Side,
    Stakers,
    Stakes,
    StartingTokens,
    StopCards,
    TableOption,
    WhenSkipFails,
    WhenStuck,
    WildCard,
    WildOutOfTurn,
    Winner,
    WinnerRule,
)


@dataclass(frozen=True)
class Phrase:
    """A rule in words: the full ``sentence`` and a ``short`` form for table cells."""

    sentence: str
    short: str


# --------------------------------------------------------------------------
# The words for each enum value (every value has one: a test checks it)
# --------------------------------------------------------------------------

DIRECTION_WORDS: dict[Direction, str] = {
    Direction.CLOCKWISE: "clockwise (to the left)",
    Direction.COUNTERCLOCKWISE: "counterclockwise (to the right)",
}
SIDE_WORDS: dict[Side, str] = {
    Side.LEFT: "the player on the dealer's left",
    Side.RIGHT: "the player on the dealer's right",
    Side.NEXT_IN_PLAY: "the player after the dealer in the order of play",
}
SIDE_SHORT: dict[Side, str] = {
    Side.LEFT: "left of the dealer",
    Side.RIGHT: "right of the dealer",
    Side.NEXT_IN_PLAY: "next in play",
}
CARD_CLASS_WORDS: dict[CardClass, str] = {
    CardClass.BOX_CARD: "a box card",
    CardClass.STOP_CARD: "a stop card",
    CardClass.KING: "a king",
    CardClass.WILD_CARD: "the wild card",
    CardClass.ANY_CARD: "any card",
}
FORFEIT_WORDS: dict[Forfeit, str] = {
    Forfeit.THE_BOX: "the box is not taken and stays on the board for the next deal",
    Forfeit.THE_WINNINGS: "the player loses everything the card would have won: "
    "its box and any payment",
    Forfeit.NOTHING: "nothing is lost",
}
OPERA_WORDS: dict[OperaKind, str] = {
    OperaKind.FIRST_TURN: "a player who gets rid of all their cards during their very first "
    "turn makes an opéra",
    OperaKind.FIRST_ROUND: "a player who gets rid of all their cards before the turn has gone "
    "once round the table makes an opéra",
    OperaKind.NOBODY_ELSE_PLAYED: "a player who gets rid of all their cards before any other "
    "player has laid a card makes an opéra",
    OperaKind.FIRST_LEADER_AT_ONCE: "the first player of the deal makes an opéra by laying "
    "their whole hand in one turn",
}
OPERA_SHORT: dict[OperaKind, str] = {
    OperaKind.FIRST_TURN: "out on the first turn",
    OperaKind.FIRST_ROUND: "out in the first round",
    OperaKind.NOBODY_ELSE_PLAYED: "out before anyone else played",
    OperaKind.FIRST_LEADER_AT_ONCE: "first leader out at once",
}
SHORTFALL_WORDS: dict[Shortfall, str] = {
    Shortfall.PAYS_WHAT_THEY_HAVE: "pays what they have left, and the game goes on",
    Shortfall.PAYS_AND_GAME_ENDS: "pays what they have left, and the game ends there",
    Shortfall.PAYS_AND_LEAVES: "pays what they have left and drops out of the game",
}
SHORTFALL_SHORT: dict[Shortfall, str] = {
    Shortfall.PAYS_WHAT_THEY_HAVE: "pays what is left",
    Shortfall.PAYS_AND_GAME_ENDS: "pays what is left; game ends",
    Shortfall.PAYS_AND_LEAVES: "pays what is left; leaves",
}
EVIDENCE_WORDS: dict[Evidence, str] = {
    Evidence.ATTESTED: "attested: the rules are written down in a source of the period",
    Evidence.DESCRIBED: "described: a later description of the game as it is played",
    Evidence.RECONSTRUCTED: "reconstructed: pieced together from the sources, "
    "with significant inference",
}
ORIGIN_WORDS: dict[OriginKind, str] = {
    OriginKind.ATTESTED: "attested",
    OriginKind.INFERRED: "inferred",
    OriginKind.HOUSE: "house rule",
}
CALL_WORDS: dict[CallMoment, str] = {
    CallMoment.STOPPING: "A player who stops says “{word}”, followed by the rank they lack.",
    CallMoment.GOING_OUT: "A player laying their last card says “{word}”.",
    CallMoment.AFTER_KING: "A player who starts a new run after a king says “{word}”.",
    CallMoment.NOBODY_CAN_CONTINUE: "A player who starts a new run because nobody could "
    "continue says “{word}”.",
}
EVENT_WORDS: dict[EventKind, str] = {
    EventKind.PLAYED: "when {cards} is played",
    EventKind.DEAL_ENDS: "when the deal ends",
    EventKind.OPERA: "when a player makes an opéra",
}
ACTION_WORDS: dict[ActionKind, str] = {
    ActionKind.TAKE_BOX: "its player takes the tokens in that card's box",
    ActionKind.EACH_OTHER_PAYS: "each other player pays its player {amount}",
    ActionKind.LOSERS_PAY: "each loser pays the winner {basis}",
    ActionKind.HOLDER_PAYS_DOUBLE: "whoever still holds the {card} pays double",
    ActionKind.HONOURS_DOUBLE_BOX: "a player still holding a box card adds to its box as many "
    "tokens as the box holds, doubling it",
    ActionKind.SWEEP_BOARD: "the winner takes every box on the board",
    ActionKind.LOSERS_PAY_DOUBLE: "each loser pays the winner double",
}
ACTION_SHORT: dict[ActionKind, str] = {
    ActionKind.TAKE_BOX: "takes its box",
    ActionKind.EACH_OTHER_PAYS: "the others pay {amount}",
    ActionKind.LOSERS_PAY: "losers pay {basis}",
    ActionKind.HOLDER_PAYS_DOUBLE: "holder of {card} pays double",
    ActionKind.HONOURS_DOUBLE_BOX: "a box card kept in hand doubles its box",
    ActionKind.SWEEP_BOARD: "the winner sweeps the board",
    ActionKind.LOSERS_PAY_DOUBLE: "losers pay double",
}
END_WORDS: dict[EndKind, str] = {
    EndKind.AFTER_DEALS: "after {deals}",
    EndKind.CANNOT_STAKE: "as soon as a player cannot put up the stakes of a new deal",
    EndKind.NO_TOKENS: "when a player has no tokens left at the start of a deal",
}
END_SHORT: dict[EndKind, str] = {
    EndKind.AFTER_DEALS: "after {deals}",
    EndKind.CANNOT_STAKE: "a player cannot stake",
    EndKind.NO_TOKENS: "a player has no tokens",
}
WINNER_WORDS: dict[Winner, str] = {Winner.MOST_TOKENS: "most tokens"}
STAKERS_WORDS: dict[Stakers, str] = {
    Stakers.EVERY_PLAYER: "every player",
    Stakers.DEALER_ONLY: "the dealer alone",
}

# --------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------


def join_words(words: Sequence[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def card_words(card: Card) -> str:
    """``the queen of spades (Q♠)``."""
    return f"the {card.name} ({card.symbol})"


def cards_short(cards: Iterable[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def card_class_words(items: Sequence[CardClass | Card], last: str = "or") -> str:
    return join_words(
        [card_words(i) if isinstance(i, Card) else CARD_CLASS_WORDS[i] for i in items], last
    )


def card_class_short(items: Sequence[CardClass | Card]) -> str:
    return join_words(
        [i.symbol if isinstance(i, Card) else CARD_CLASS_WORDS[i] for i in items], "or"
    )


def tokens(n: int) -> str:
    return f"{n} token" if n == 1 else f"{n} tokens"


def ranks_span(counts: Sequence[int]) -> tuple[str, str]:
    """Player counts in words and in figures: ``3 to 8`` / ``3–8``, ``3 or 5``."""
    if len(counts) > 2 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}", f"{counts[0]}–{counts[-1]}"
    words = join_words([str(c) for c in counts], "or")
    return words, words


def origin_kinds(origin: Origin) -> tuple[OriginKind, ...]:
    """The marks a clause carries: its kind, and ``inferred`` too when attested in part."""
    if origin.kind is OriginKind.ATTESTED and origin.reason:
        return (OriginKind.ATTESTED, OriginKind.INFERRED)
    return (origin.kind,)


def origin_text(origin: Origin) -> str:
    """The origin as a reader sees it: ``fr-sheet ¶14; fr-sheet ¶18``, ``inferred: why``,
    or for a clause attested in part ``fr-sheet ¶14; inferred: why``."""
    if origin.kind is OriginKind.ATTESTED:
        cited = "; ".join(str(c) for c in origin.citations)
        return f"{cited}; inferred: {origin.reason}" if origin.reason else cited
    return f"{ORIGIN_WORDS[origin.kind]}: {origin.reason}"


# --------------------------------------------------------------------------
# One function per clause type
# --------------------------------------------------------------------------

@singledispatch
def describe(clause: Clause) -> Phrase:
    """The clause in words.  Every clause type of rules.py has its own function below."""
    raise TypeError(f"no prose for {type(clause).__name__}")



@describe.register
def players(c: Players) -> Phrase:
    words, short = ranks_span(c.counts)
    return Phrase(f"The game is for {words} players.", short)


@describe.register
def ranks(c: Ranks) -> Phrase:
    codes = " ".join(rank_code(r) for r in c.order)
    if c.order == tuple(range(1, 14)):
        return Phrase(
            f"Cards rank from the ace, lowest, up to the king, highest: {codes}.",
            "ace low … king high",
        )
    low, high = RANK_CODES[c.order[0] - 1], RANK_CODES[c.order[-1] - 1]
    return Phrase(f"Cards rank in this order, lowest first: {codes}.", f"{low} low … {high} high")


@describe.register
def deal_table(c: DealTable) -> Phrase:
    parts, short = [], []
    for i, row in enumerate(c.rows):
        talon = f" (a talon of {row.talon})" if row.talon is not None else ""
        cards = "cards " if i == 0 else ""
        parts.append(f"{row.cards_each} {cards}with {row.players} players{talon}")
        short.append(f"{row.players}p:{row.cards_each}")
    stated = [str(r.talon) for r in c.rows if r.talon is not None]
    rest = "" if stated else " The cards left over make the talon, which nobody plays."
    talon = f"; talon {'/'.join(stated)}" if stated else "; the rest is the talon"
    return Phrase(f"Each player is dealt {join_words(parts)}.{rest}", " ".join(short) + talon)


@describe.register
def dealing(c: Dealing) -> Phrase:
    packets = "one at a time" if c.packet == 1 else f"in packets of {c.packet}"
    short_packets = "one at a time" if c.packet == 1 else f"by {c.packet}"
    return Phrase(
        f"The dealer hands out the cards {packets}, {DIRECTION_WORDS[c.direction]}.",
        f"{short_packets}, {c.direction.value}",
    )


@describe.register
def first_dealer(c: FirstDealer) -> Phrase:
    if c.rule is FirstDealerRule.BY_LOT:
        return Phrase("The first dealer is drawn by lot.", "by lot")
    return Phrase("The player in the first seat deals first.", "the first seat")


@describe.register
def next_dealer(c: NextDealer) -> Phrase:
    return Phrase(
        f"After each deal, the deal passes to {SIDE_WORDS[c.side]}.", SIDE_SHORT[c.side]
    )


@describe.register
def play_direction(c: PlayDirection) -> Phrase:
    return Phrase(
        f"Play goes {DIRECTION_WORDS[c.direction]}.", c.direction.value
    )


@describe.register
def first_lead(c: FirstLead) -> Phrase:
    return Phrase(
        f"{capital(SIDE_WORDS[c.side])} plays first and may begin with any card.",
        SIDE_SHORT[c.side],
    )


@describe.register
def board(c: Board) -> Phrase:
    boxes = [f"{b.name} ({b.card.symbol}, stake {b.stake})" for b in c.boxes]
    return Phrase(
        f"The board has {len(c.boxes)} boxes: {join_words(boxes)}; "
        f"one player's stakes come to {tokens(c.stake_total)}.",
        " ".join(f"{b.card.symbol}:{b.stake}" for b in c.boxes),
    )


@describe.register
def stakes(c: Stakes) -> Phrase:
    who = STAKERS_WORDS[c.stakers]
    return Phrase(
        f"Before each deal, {who} puts each box's stake into that box.",
        c.stakers.value,
    )


@describe.register
def leftovers(c: Leftovers) -> Phrase:
    if c.stay:
        return Phrase(
            "Tokens nobody has won stay in their box, and the next stakes are added to them.",
            "stay for the next deal",
        )
    return Phrase("The boxes are cleared at the end of each deal.", "cleared")


@describe.register
def starting_tokens(c: StartingTokens) -> Phrase:
    return Phrase(f"Each player starts with {tokens(c.count)}.", str(c.count))


@describe.register
def points(c: Points) -> Phrase:
    return Phrase(
        f"A card left in hand counts {c.court} for a jack, queen or king, {c.ace} for an ace, "
        "and its face value otherwise.",
        f"court {c.court}, ace {c.ace}, others face value",
    )


@describe.register
def runs(c: Runs) -> Phrase:
    if c.same_suit:
        return Phrase(
            "A run climbs one rank at a time and stays in one suit "
            "(after the 5♣ comes the 6♣).",
            "rising, same suit",
        )
    return Phrase("A run climbs one rank at a time, whatever the suits.", "rising, any suit")


@describe.register
def play_on(c: PlayOn) -> Phrase:
    if c.compulsory:
        return Phrase(
            "In their turn a player must keep laying cards while they hold the next one "
            "of the run.",
            "must play on",
        )
    return Phrase("In their turn a player may stop even when they could play on.", "may stop")


@describe.register
def continuing(c: Continuing) -> Phrase:
    if c.compulsory:
        return Phrase(
            "When a player stops, the next player who holds the next card must continue "
            "the run.",
            "must continue",
        )
    return Phrase(
        "When a player stops, the next player may continue the run if they can, or pass.",
        "may continue or pass",
    )


@describe.register
def stop_cards(c: StopCards) -> Phrase:
    names = join_words([card_words(card) for card in c.cards])
    return Phrase(
        f"{capital(names)} are stops: laying one ends the run, and its player starts a new one.",
        cards_short(c.cards),
    )


@describe.register
def after_king(c: AfterKing) -> Phrase:
    if c.player_leads:
        return Phrase(
            "A king ends the run; whoever laid it starts a new run with any card.",
            "its player leads a new run",
        )
    return Phrase("A king does not end the run by itself.", "the run goes on")


@describe.register
def wild_card(c: WildCard) -> Phrase:
    if c.out_of_turn is WildOutOfTurn.ENDS_RUN:
        then = "it ends the run, and its player starts a new one"
        short = "ends the run"
    else:
        then = "it stands for the rank the run needs, and the run goes on"
        short = "continues the run"
    return Phrase(
        f"{capital(card_words(c.card))} is wild: it may be laid at any moment of the "
        f"player's turn and never has to be. Laid outside its own place in the run, {then}.",
        f"{c.card.symbol}, out of turn {short}",
    )


@describe.register
def nobody_can_continue(c: NobodyCanContinue) -> Phrase:
    opening = "When the turn has gone round the table and nobody can continue the run, "
    if c.rule is WhenStuck.LAST_PLAYER_LEADS:
        return Phrase(
            opening + "whoever laid the last card starts a new run with any card.",
            "the last player leads a new run",
        )
    then = c.then or WhenSkipFails.LAST_PLAYER_LEADS
    if then is WhenSkipFails.SKIP_AGAIN:
        fails = "if nobody holds that one either, the run skips again, up to the king, " \
            "and then a new run begins"
        short = "next rank, then skip again"
    else:
        fails = "if they lack it, they start a new run with any card"
        short = "next rank, else a new run"
    return Phrase(
        opening + f"whoever laid the last card must go on with the next rank up; {fails}.",
        short,
    )


@describe.register
def announcement(c: Announcement) -> Phrase:
    cards = card_class_words(c.cards)
    return Phrase(
        f"Whoever lays {cards} must announce it, saying “{c.word}”; if they forget, "
        f"{FORFEIT_WORDS[c.forfeit]}.",
        f"{card_class_short(c.cards)}: “{c.word}”; forgetting costs {c.forfeit.value}",
    )


@describe.register
def call(c: Call) -> Phrase:
    return Phrase(CALL_WORDS[c.moment].format(word=c.word), f"“{c.word}”")


@describe.register
def opera(c: Opera) -> Phrase:
    return Phrase(capital(OPERA_WORDS[c.kind]) + ".", OPERA_SHORT[c.kind])


def event_words(event: Event) -> str:
    words = EVENT_WORDS[event.kind].format(cards=card_class_words(event.cards))
    return words + (" and announced" if event.announced else "")


def action_words(action: Action, table: dict[ActionKind, str] = ACTION_WORDS) -> str:
    if action.basis is Basis.CARDS:
        basis = f"{tokens(action.amount)} per card left in hand"
    elif action.basis is Basis.POINTS:
        basis = "the points of the cards left in hand"
    else:
        basis = ""
    card = action.card.symbol if action.card else "card"
    return table[action.kind].format(amount=tokens(action.amount), basis=basis, card=card)


@describe.register
def effect(c: Effect) -> Phrase:
    when = event_words(c.event)
    short_when = ""
    if c.event.kind is EventKind.PLAYED:
        announced = ", announced" if c.event.announced else ""
        short_when = f"{card_class_short(c.event.cards)}{announced}: "
    return Phrase(
        f"{capital(when)}, {action_words(c.action)}.",
        short_when + action_words(c.action, ACTION_SHORT),
    )


def end_condition(cond: EndCondition, table: dict[EndKind, str] = END_WORDS) -> str:
    counts = [
        f"{deals} deals" + (f" with {players} players" if players else "")
        for players, deals in cond.deals
    ]
    return table[cond.kind].format(deals=join_words(counts, "or"))


@describe.register
def game_end(c: GameEnd) -> Phrase:
    conds = [end_condition(cond) for cond in c.conditions]
    first = ", whichever comes first" if len(conds) > 1 else ""
    return Phrase(
        f"The game ends {join_words(conds, 'or')}{first}.",
        join_words([end_condition(cond, END_SHORT) for cond in c.conditions], "or"),
    )


@describe.register
def winner(c: WinnerRule) -> Phrase:
    return Phrase(
        f"The player with the {WINNER_WORDS[c.rule]} at the end wins.", WINNER_WORDS[c.rule]
    )


@describe.register
def cannot_pay(c: CannotPay) -> Phrase:
    return Phrase(
        f"A player who cannot pay a stake or a debt in full {SHORTFALL_WORDS[c.rule]}.",
        SHORTFALL_SHORT[c.rule],
    )


@describe.register
def table_option(c: TableOption) -> Phrase:
    names = [ch.name + (" (the default)" if ch.name == c.default else "") for ch in c.choices]
    return Phrase(
        f"The table chooses {c.description}: {join_words(names, 'or')}.",
        f"{c.name}: " + " or ".join(
            ch.name + (" (default)" if ch.name == c.default else "") for ch in c.choices
        ),
    )


def sentence(clause: Clause) -> str:
    return describe(clause).sentence


def short(clause: Clause) -> str:
    return describe(clause).short
