"""Every rule clause written out in English: one function per clause type.

This module is the single place where a rule object becomes words.  The
ruleset pages, the comparison (on the site and in the terminal) and
``nainjaune diff`` all call :func:`describe`, so a rule reads the same wherever
it is shown and a new clause type cannot be documented in one place and
forgotten in another.

Each function returns a :class:`Phrase`: ``sentence`` is the full English
sentence a player reads on a ruleset page, ``short`` the few words that fit a
cell of the comparison table.  Neither is ever escaped here: escaping belongs
to whoever writes the text out (HTML, Markdown or the terminal).  The words
for each enum value live in :mod:`.vocabulary`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import singledispatch
from typing import assert_never

from nainjaune_rules.core.cards import RANK_CODES, rank_code
from nainjaune_rules.core.wording import count
from nainjaune_rules.model.rules import (
    AfterKing,
    Announcement,
    Board,
    Call,
    CannotPay,
    Change,
    Clause,
    Continuing,
    DealEnd,
    Dealing,
    DealTable,
    Deck,
    Effect,
    EventKind,
    ExtraHand,
    FirstDealer,
    FirstLead,
    GameEnd,
    LeadAfterStop,
    LeadCard,
    Leftovers,
    NextDealer,
    NobodyCanContinue,
    Opera,
    PlayDirection,
    PlayedCards,
    Players,
    PlayOn,
    Points,
    Pool,
    RankAtOnce,
    RankNames,
    Ranks,
    Runs,
    Settlement,
    Shuffling,
    Stakers,
    Stakes,
    StartingTokens,
    StopCards,
    TableOption,
    Talon,
    Trumps,
    Turn,
    TurnUpBonus,
    TurnUpBox,
    WhenSkipFails,
    WhenStuck,
    WildCard,
    WinnerRule,
)
from nainjaune_rules.model.words import words

from .prose_parts import action_words, end_condition, event_words
from .vocabulary_en import (
    ACTION_SHORT,
    CALL_WORDS,
    CHANGE_SHORT,
    CHANGE_WORDS,
    DIRECTION_WORDS,
    END_SHORT,
    FORFEIT_WORDS,
    OPERA_SHORT,
    OPERA_WORDS,
    SHORTFALL_SHORT,
    SHORTFALL_WORDS,
    SIDE_SHORT,
    SIDE_WORDS,
    STAKERS_WORDS,
    STEP_SHORT,
    STEP_WORDS,
    TURN_SHORT,
    TURN_TO,
    WINNER_WORDS,
    capital,
    card_class_short,
    card_class_words,
    card_words,
    cards_short,
    join_words,
    ranks_span,
    tokens,
)


@dataclass(frozen=True)
class Phrase:
    """A rule in words: the full ``sentence`` and a ``short`` form for table cells."""

    sentence: str
    short: str


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
def rank_names(c: RankNames) -> Phrase:
    said = ", ".join(f"“{name}”" for name in c.names)
    # the names only: whether each card is called aloud is the announcement's clause
    return Phrase(f"The ranks are named, lowest first: {said}.",
                  " ".join(c.names))


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
    said = words(c.rule)  # the registry's words (model.words)
    return Phrase(said.prose, said.short)


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
    if not c.boxes:  # ``board: none`` (issue #22, item 3)
        return Phrase("There is no board of boxes: no card wins a box.", "none")
    boxes = [f"{b.name} ({b.card.symbol}, stake {b.stake})" for b in c.boxes]
    return Phrase(
        f"The board has {count(len(c.boxes), 'box')}: {join_words(boxes)}; "
        f"one player's stakes come to {tokens(c.stake_total)}.",
        " ".join(f"{b.card.symbol}:{b.stake}" for b in c.boxes),
    )


@describe.register
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


@describe.register
def trumps(c: Trumps) -> Phrase:
    """Issue #22, item 6."""
    return Phrase("The last card dealt is turned up for every player to see; its suit is "
                  "trumps for the deal. It stays in the hand it was dealt to.",
                  "the last card dealt, turned up")


@describe.register
def turn_up_bonus(c: TurnUpBonus) -> Phrase:
    """Issue #22, item 6: the Pope turned up."""
    return Phrase(f'When {c.card.symbol} is turned up, the dealer takes the pool "{c.pool}", '
                  f"and each other player pays him {tokens(c.per_card)} for each card dealt "
                  "to them.",
                  f'{c.card.symbol}: the pool "{c.pool}", {c.per_card} per card')


@describe.register
def turn_up_box(c: TurnUpBox) -> Phrase:
    """Issue #22, item 6."""
    return Phrase("When the card turned up is a box card, the dealer takes its box at once, "
                  "and every pool that card alone would win.", "the dealer takes its box")


@describe.register
def stakes(c: Stakes) -> Phrase:
    if c.stakers is Stakers.BY_SEAT:  # per-seat stakes (issue #22)
        times = {"dealer_times": c.dealer_times, "other_times": c.other_times}
        return Phrase(
            f"Before each deal, the dealer puts each box's stake into that box "
            f"{_times(c.dealer_times)}, and every other player {_times(c.other_times)}.",
            words(c.stakers).short.format(**times))
    who = STAKERS_WORDS[c.stakers]
    return Phrase(
        f"Before each deal, {who} puts each box's stake into that box.",
        words(c.stakers).short,
    )


def _times(n: int) -> str:
    """"once", "twice", "3 times over"."""
    return {1: "once", 2: "twice over"}.get(n, f"{n} times over")


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
    if not c.denominations:
        return Phrase(f"Each player starts with {tokens(c.count)}.", str(c.count))
    kinds = [f"{many} worth {value}" for value, many in c.denominations]
    return Phrase(
        f"Each player starts with tokens worth {c.count} in all: {', '.join(kinds)}. "
        "Every payment is made exactly with these tokens.",
        f"{c.count}: " + ", ".join(f"{many}×{value}" for value, many in c.denominations),
    )


@describe.register
def change(c: Change) -> Phrase:
    return Phrase(
        "When a player cannot make an amount exactly with their tokens, "
        f"{CHANGE_WORDS[c.rule]}.",
        CHANGE_SHORT[c.rule],
    )


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
    if c.top_rank:
        return Phrase(
            "A card of the top rank (the last of the ranks, above) ends the run; whoever laid "
            "it starts a new run with any card.",
            "top rank: its player leads a new run",
        )
    return Phrase(
        "A king ends the run; whoever laid it starts a new run with any card.",
        "its player leads a new run",
    )


@describe.register
def wild_card(c: WildCard) -> Phrase:
    then, short = words(c.out_of_turn).prose, words(c.out_of_turn).short
    if c.any_time:
        when = ("at any moment of its holder's turn and also out of turn, right after any "
                "other player lays a card of a run (before that player's next move); it never "
                "has to be. Laid out of turn, its holder takes the turn from there")
    else:
        when = "at any moment of the player's turn and never has to be"
    return Phrase(
        f"{capital(card_words(c.card))} is wild: it may be laid {when}. Laid outside its own "
        f"place in the run, {then}. Wherever it is laid it is still itself for the board: "
        "if a box card wins its box when played, it wins its own box, never the box of "
        "the card it stands for." + (
            " It is also a stop card: laid in its own place in the run, it ends the run, "
            "and its player starts a new one." if c.stop else ""),
        f"{c.card.symbol}{', at any time' if c.any_time else ''}, out of turn {short}"
        f"{', a stop card' if c.stop else ''}",
    )


@describe.register
def rank_at_once(c: RankAtOnce) -> Phrase:  # issue 22 item 8
    return Phrase(
        "A player who lays a card lays with it, one after another, every other card of "
        "that rank they hold (never the wild card); the run goes on from that rank.",
        "every card of the rank at once",
    )


# lead constraints (issue 22 item 7)
@describe.register
def lead_card(c: LeadCard) -> Phrase:
    return Phrase(
        "Whoever leads (the first lead of a deal, and each new run) chooses a suit and must "
        "lead the lowest card they hold of it.",
        "the lowest card of a suit",
    )


@describe.register
def lead_after_stop(c: LeadAfterStop) -> Phrase:
    cannot = ("the lead passes to the next player in play; once it has gone round the table "
              "with nobody able, its first player leads any suit" if c.passes
              else "they lead any suit")
    return Phrase(
        "After a run has ended, the player who leads the next one must lead a suit other than "
        f"that of the run's last card; if they hold no other suit, {cannot}.",
        "a different suit, else the lead passes" if c.passes
        else "a different suit, else any suit",
    )


@describe.register
def nobody_can_continue(c: NobodyCanContinue) -> Phrase:
    opening = "When the turn has gone round the table and nobody can continue the run, "
    if c.rule is WhenStuck.LAST_PLAYER_LEADS:
        return Phrase(
            opening + "whoever laid the last card starts a new run with any card.",
            words(c.rule).language,  # the table cell: the rule in the language's words
        )
    if c.rule is not WhenStuck.NEXT_RANK:
        assert_never(c.rule)
    then = c.then or WhenSkipFails.LAST_PLAYER_LEADS
    if then is WhenSkipFails.SKIP_AGAIN:
        fails = "if nobody holds that one either, the run skips again, up to the king, " \
            "and then a new run begins"
        short = "next rank, then skip again"
    elif then is WhenSkipFails.LAST_PLAYER_LEADS:
        fails = "if they lack it, they start a new run with any card"
        short = "next rank, else a new run"
    else:
        assert_never(then)
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


@describe.register
def effect(c: Effect) -> Phrase:
    when = event_words(c.event)
    short_when = ""
    if c.event.kind is EventKind.PLAYED or c.event.kind is EventKind.GOES_OUT:  # #22
        announced = ", announced" if c.event.announced else ""
        short_when = f"{card_class_short(c.event.cards)}{announced}: "
    # after a card, "the player" is the one who laid it; at the deal's end or an opéra, its
    # winner: the event's registry words (model/words.py, forms['payee'])
    payee = words(c.event.kind).forms["payee"]
    return Phrase(
        f"{capital(when)}, {action_words(c.action, payee=payee)}.",
        short_when + action_words(c.action, ACTION_SHORT),
    )


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
def deal_end(c: DealEnd) -> Phrase:
    return Phrase(
        "The deal ends as soon as a player has laid their last card; that player wins the deal.",
        "first player out of cards wins",
    )


@describe.register
def shuffling(c: Shuffling) -> Phrase:
    cut = f"; the player on the dealer's {c.cut.value} cuts" if c.cut else ""
    return Phrase(f"The dealer shuffles the cards before each deal{cut}.",
                  "dealer shuffles" + (f", {c.cut.value} cuts" if c.cut else ""))


@describe.register
def talon(c: Talon) -> Phrase:
    return Phrase(
        "The cards left over after dealing (the talon) lie face down, out of play, and are "
        "shuffled back in for the next deal; as nobody holds them, a run that needs one of "
        "them is blocked.",
        "face down, out of play",
    )


@describe.register
def extra_hand(c: ExtraHand) -> Phrase:  # issue 22, part 4
    said = words(c.rule)  # the registry's words (model.words)
    return Phrase(f"The extra hand {said.prose}.", said.short)


@describe.register
def played_cards(c: PlayedCards) -> Phrase:
    return Phrase("Cards are played face up onto one pile in the middle of the table.",
                  "one face-up pile")


@describe.register
def settlement(c: Settlement) -> Phrase:
    # the pages give the clause with only the steps that do something in the ruleset
    # (dimensions.settlement_in_force); what each step pays is said by its own clause
    said = [STEP_WORDS[s] for s in c.steps]
    if not said:
        return Phrase("Nothing is paid when a deal is won.", "nothing")
    if len(said) == 1:
        sentence = f"When a deal is won, {said[0]}."
    else:
        sentence = "When a deal is won, in this order: " + "; then ".join(said) + "."
    return Phrase(sentence, ", then ".join(STEP_SHORT[s] for s in c.steps))


@describe.register
def turn(c: Turn) -> Phrase:
    return Phrase(
        "On their turn a player lays cards of the run one after another; when they stop, "
        f"the turn passes to {TURN_TO[c.passes_to]}.",
        TURN_SHORT[c.passes_to],
    )


@describe.register
def cannot_pay(c: CannotPay) -> Phrase:
    return Phrase(
        f"A player who cannot pay a stake or a debt in full {SHORTFALL_WORDS[c.rule]}.",
        SHORTFALL_SHORT[c.rule],
    )


# deck composition (#22)
@describe.register
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
