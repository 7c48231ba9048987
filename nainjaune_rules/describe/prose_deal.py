"""The table and the deal in English: who plays, the cards, their ranks and the deck,
how and by whom the cards are dealt, who leads, the board and its pools, trumps and the
card turned up, the talon and the extra hand, and the options the table chooses.

One function per clause type, registered by :func:`.prose.describe` (which says what
the :class:`~.phrase.Phrase` each returns holds); nothing here is escaped.
"""

from __future__ import annotations

from collections.abc import Callable

from nainjaune_rules.core.cards import RANK_CODES, rank_code
from nainjaune_rules.core.wording import count
from nainjaune_rules.model.rules import (
    Board,
    Dealing,
    DealTable,
    Deck,
    ExtraHand,
    FirstDealer,
    FirstLead,
    NextDealer,
    Players,
    Pool,
    RankNames,
    Ranks,
    Shuffling,
    TableOption,
    Talon,
    Trumps,
    TurnUpBonus,
    TurnUpBox,
)
from nainjaune_rules.model.words import words

from .phrase import Phrase
from .vocabulary_en import (
    DIRECTION_WORDS,
    SIDE_SHORT,
    SIDE_WORDS,
    capital,
    join_words,
    ranks_span,
    tokens,
)


def players(c: Players) -> Phrase:
    words, short = ranks_span(c.counts)
    return Phrase(f"The game is for {words} players.", short)


def rank_names(c: RankNames) -> Phrase:
    said = ", ".join(f"“{name}”" for name in c.names)
    # the names only: whether each card is called aloud is the announcement's clause
    return Phrase(f"The ranks are named, lowest first: {said}.",
                  " ".join(c.names))


def ranks(c: Ranks) -> Phrase:
    codes = " ".join(rank_code(r) for r in c.order)
    if c.order == tuple(range(1, 14)):
        return Phrase(
            f"Cards rank from the ace, lowest, up to the king, highest: {codes}.",
            "ace low … king high",
        )
    low, high = RANK_CODES[c.order[0] - 1], RANK_CODES[c.order[-1] - 1]
    return Phrase(f"Cards rank in this order, lowest first: {codes}.", f"{low} low … {high} high")


def deal_table(c: DealTable) -> Phrase:
    if c.all_cards:  # issue 22, part 4: every card dealt, no rows
        extra = " and to one extra hand" if c.extra_hands else ""
        return Phrase(
            f"Every card is dealt, one at a time, to the players{extra}, so the hands may "
            "differ by one card (the first dealt to hold the extra cards); no talon is left.",
            "all cards" + (", one extra hand" if c.extra_hands else ""))
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


def dealing(c: Dealing) -> Phrase:
    packets = "one at a time" if c.packet == 1 else f"in packets of {c.packet}"
    short_packets = "one at a time" if c.packet == 1 else f"by {c.packet}"
    return Phrase(
        f"The dealer hands out the cards {packets}, {DIRECTION_WORDS[c.direction]}.",
        f"{short_packets}, {c.direction.value}",
    )


def first_dealer(c: FirstDealer) -> Phrase:
    said = words(c.rule)  # the registry's words (model.words)
    return Phrase(said.prose, said.short)


def next_dealer(c: NextDealer) -> Phrase:
    return Phrase(
        f"After each deal, the deal passes to {SIDE_WORDS[c.side]}.", SIDE_SHORT[c.side]
    )


def first_lead(c: FirstLead) -> Phrase:
    return Phrase(
        f"{capital(SIDE_WORDS[c.side])} plays first and may begin with any card.",
        SIDE_SHORT[c.side],
    )


def board(c: Board) -> Phrase:
    if not c.boxes:  # ``board: none`` (issue #22, item 3)
        return Phrase("There is no board of boxes: no card wins a box.", "none")
    boxes = [f"{b.name} ({b.card.symbol}, stake {b.stake})" for b in c.boxes]
    return Phrase(
        f"The board has {count(len(c.boxes), 'box')}: {join_words(boxes)}; "
        f"one player's stakes come to {tokens(c.stake_total)}.",
        " ".join(f"{b.card.symbol}:{b.stake}" for b in c.boxes),
    )


def pool(c: Pool) -> Phrase:
    """A pool tied to no card (issue #22, item 3)."""
    said = words(c.won_by)
    pair = (join_words([rank_code(x) for x in c.trump_ranks]) + " of trumps" if c.trump_ranks
            else join_words([x.symbol for x in c.cards]))
    return Phrase(
        f'The pool "{c.name}" takes a stake of {tokens(c.stake)} from each staker; '
        f"{said.prose.format(pair=pair)}.",
        f'"{c.name}" ({c.stake}): {said.short.format(pair=pair)}',
    )


def trumps(c: Trumps) -> Phrase:
    """Issue #22, item 6."""
    return Phrase("The last card dealt is turned up for every player to see; its suit is "
                  "trumps for the deal. It stays in the hand it was dealt to.",
                  "the last card dealt, turned up")


def turn_up_bonus(c: TurnUpBonus) -> Phrase:
    """Issue #22, item 6: the Pope turned up."""
    return Phrase(f'When {c.card.symbol} is turned up, the dealer takes the pool "{c.pool}", '
                  f"and each other player pays him {tokens(c.per_card)} for each card dealt "
                  "to them.",
                  f'{c.card.symbol}: the pool "{c.pool}", {c.per_card} per card')


def turn_up_box(c: TurnUpBox) -> Phrase:
    """Issue #22, item 6."""
    return Phrase("When the card turned up is a box card, the dealer takes its box at once, "
                  "and every pool that card alone would win.", "the dealer takes its box")


def shuffling(c: Shuffling) -> Phrase:
    cut = f"; the player on the dealer's {c.cut.value} cuts" if c.cut else ""
    return Phrase(f"The dealer shuffles the cards before each deal{cut}.",
                  "dealer shuffles" + (f", {c.cut.value} cuts" if c.cut else ""))


def talon(c: Talon) -> Phrase:
    return Phrase(
        "The cards left over after dealing (the talon) lie face down, out of play, and are "
        "shuffled back in for the next deal; as nobody holds them, a run that needs one of "
        "them is blocked.",
        "face down, out of play",
    )


def extra_hand(c: ExtraHand) -> Phrase:  # issue 22, part 4
    said = words(c.rule)  # the registry's words (model.words)
    return Phrase(f"The extra hand {said.prose}.", said.short)


# deck composition (#22)
def deck(c: Deck) -> Phrase:
    parts, short = [], []
    if c.packs > 1:
        times = "twice" if c.packs == 2 else f"{c.packs} times"
        parts.append(f"{c.packs} packs are shuffled together, so every card is there {times}; "
                     "a clause that names a card names every copy of it (either copy of a box "
                     "card wins its box, every copy of a stop card or of the wild card plays "
                     "as it does, and a box card kept in hand pays its box once for each copy)")
        short.append(f"{c.packs} packs")
    if c.without:
        codes = " ".join(x.code for x in c.without)
        each = " of every pack" if c.packs > 1 else ""
        parts.append(f"{codes} {'is' if len(c.without) == 1 else 'are'} taken out{each}")
        short.append("without " + codes)
    return Phrase("The deck: " + "; ".join(parts) + ".", ", ".join(short))


def table_option(c: TableOption) -> Phrase:
    names = [ch.name + (" (the default)" if ch.name == c.default else "") for ch in c.choices]
    return Phrase(
        f"The table chooses {c.description}: {join_words(names, 'or')}.",
        f"{c.name}: " + " or ".join(
            ch.name + (" (default)" if ch.name == c.default else "") for ch in c.choices
        ),
    )


#: the function for each clause type this module words, for :func:`.prose.describe`
#: to register: it cannot be registered here, as :mod:`.prose` imports this module
DESCRIBERS: tuple[Callable[..., Phrase], ...] = (
    players, rank_names, ranks, deal_table, dealing, first_dealer, next_dealer, first_lead,
    board, pool, trumps, turn_up_bonus, turn_up_box, shuffling, talon, extra_hand, deck,
    table_option,
)
