"""The tokens in English: the stakes, what stays in the boxes, the tokens each player
starts with and the change, the points of the cards left in hand, what is paid when a
deal is won and what a player who cannot pay does.

One function per clause type, registered by :func:`.prose.describe` (which says what
the :class:`~.phrase.Phrase` each returns holds); nothing here is escaped.
"""

from __future__ import annotations

from collections.abc import Callable

from nainjaune_rules.model.rules import (
    CannotPay,
    Change,
    Leftovers,
    Points,
    Settlement,
    Stakers,
    Stakes,
    StartingTokens,
)
from nainjaune_rules.model.words import words

from .phrase import Phrase
from .vocabulary_en import (
    CHANGE_SHORT,
    CHANGE_WORDS,
    SHORTFALL_SHORT,
    SHORTFALL_WORDS,
    STAKERS_WORDS,
    STEP_SHORT,
    STEP_WORDS,
    tokens,
)


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


def leftovers(c: Leftovers) -> Phrase:
    if c.stay:
        return Phrase(
            "Tokens nobody has won stay in their box, and the next stakes are added to them.",
            "stay for the next deal",
        )
    return Phrase("The boxes are cleared at the end of each deal.", "cleared")


def starting_tokens(c: StartingTokens) -> Phrase:
    if not c.denominations:
        return Phrase(f"Each player starts with {tokens(c.count)}.", str(c.count))
    kinds = [f"{many} worth {value}" for value, many in c.denominations]
    return Phrase(
        f"Each player starts with tokens worth {c.count} in all: {', '.join(kinds)}. "
        "Every payment is made exactly with these tokens.",
        f"{c.count}: " + ", ".join(f"{many}×{value}" for value, many in c.denominations),
    )


def change(c: Change) -> Phrase:
    return Phrase(
        "When a player cannot make an amount exactly with their tokens, "
        f"{CHANGE_WORDS[c.rule]}.",
        CHANGE_SHORT[c.rule],
    )


def points(c: Points) -> Phrase:
    return Phrase(
        f"A card left in hand counts {c.court} for a jack, queen or king, {c.ace} for an ace, "
        "and its face value otherwise.",
        f"court {c.court}, ace {c.ace}, others face value",
    )


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


def cannot_pay(c: CannotPay) -> Phrase:
    return Phrase(
        f"A player who cannot pay a stake or a debt in full {SHORTFALL_WORDS[c.rule]}.",
        SHORTFALL_SHORT[c.rule],
    )


#: the function for each clause type this module words, for :func:`.prose.describe`
#: to register: it cannot be registered here, as :mod:`.prose` imports this module
DESCRIBERS: tuple[Callable[..., Phrase], ...] = (
    stakes, leftovers, starting_tokens, change, points, settlement, cannot_pay,
)
