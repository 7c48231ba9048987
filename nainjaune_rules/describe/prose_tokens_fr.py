"""The tokens in French: the stakes, what stays in the boxes, the tokens each player
starts with and the change, the points of the cards left in hand, what is paid when a
deal is won and what a player who cannot pay does.

The French twin of :mod:`.prose_tokens`: one function per clause type, registered by
:func:`.prose_fr.describe_fr`.  Nothing here is escaped.
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
from .vocabulary_fr import (
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
            f"Avant chaque donne, le donneur met sur chaque case {_fois(c.dealer_times)} la "
            f"mise qui lui revient, et chacun des autres joueurs {_fois(c.other_times)}.",
            words(c.stakers).short_fr.format(**times))
    who = STAKERS_WORDS[c.stakers]
    return Phrase(f"Avant chaque donne, {who} met sur chaque case la mise qui lui revient.",
                  words(c.stakers).short_fr)


def _fois(n: int) -> str:
    """"une fois", "deux fois", "3 fois"."""
    return {1: "une fois", 2: "deux fois"}.get(n, f"{n} fois")


def leftovers(c: Leftovers) -> Phrase:
    if c.stay:
        return Phrase("Les jetons que personne n'a ramassés restent dans leur case, et les "
                      "nouvelles mises s'y ajoutent.", "restent pour la donne suivante")
    return Phrase("Les cases sont vidées à la fin de chaque donne.", "vidées")


def starting_tokens(c: StartingTokens) -> Phrase:
    if not c.denominations:
        return Phrase(f"Chaque joueur commence avec {tokens(c.count)}.", str(c.count))
    kinds = [f"{many} valant {value}" for value, many in c.denominations]
    return Phrase(
        f"Chaque joueur commence avec des jetons valant {c.count} en tout : "
        f"{', '.join(kinds)}. Chaque paiement se fait exactement avec ces jetons.",
        f"{c.count} : " + ", ".join(f"{many}×{value}" for value, many in c.denominations),
    )


def change(c: Change) -> Phrase:
    return Phrase("Quand un joueur ne peut pas faire une somme exactement avec ses jetons, "
                  f"{CHANGE_WORDS[c.rule]}.", CHANGE_SHORT[c.rule])


def points(c: Points) -> Phrase:
    return Phrase(
        f"Une carte restée en main compte {c.court} pour un valet, une dame ou un roi, "
        f"{c.ace} pour un as, et sa valeur faciale sinon.",
        f"figures {c.court}, as {c.ace}, les autres leur valeur",
    )


def settlement(c: Settlement) -> Phrase:
    said = [STEP_WORDS[s] for s in c.steps]
    if not said:
        return Phrase("Rien ne se paie quand une donne est gagnée.", "rien")
    if len(said) == 1:
        sentence = f"Quand une donne est gagnée, {said[0]}."
    else:
        sentence = "Quand une donne est gagnée, dans cet ordre : " + " ; puis ".join(said) + "."
    return Phrase(sentence, ", puis ".join(STEP_SHORT[s] for s in c.steps))


def cannot_pay(c: CannotPay) -> Phrase:
    return Phrase(f"Un joueur qui ne peut pas payer une mise ou une dette en entier "
                  f"{SHORTFALL_WORDS[c.rule]}.", SHORTFALL_SHORT[c.rule])


#: the function for each clause type this module words, for :func:`.prose_fr.describe_fr`
#: to register: it cannot be registered here, as :mod:`.prose_fr` imports this module
DESCRIBERS: tuple[Callable[..., Phrase], ...] = (
    stakes, leftovers, starting_tokens, change, points, settlement, cannot_pay,
)
