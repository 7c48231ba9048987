"""The greedy bot's rule for the widow (issue 22, part 4): keep a hand that runs well.

The widow is taken unseen, so the dealer can only weigh the hand they hold against what
a hand of the widow's size drawn from the cards they cannot see holds on average.  The
measure is the number of *leads* a hand needs: a card leads a run of its own unless the
hand also holds a card that continues it (the engine's own rule, ``Tables.run_after``)
or it gives its player the lead again (a king, a stop card).  Fewer leads, fewer cards
left stranded when someone else goes out.

For the widow, each unseen card ``c`` lies in it with probability ``w / u`` (``w`` cards
in the widow, ``u`` unseen), and once in it, is continued from it with probability
``1 - C(u-1-f, w-1) / C(u-1, w-1)``, ``f`` being the unseen cards that continue ``c``.
The greedy dealer exchanges when the widow's expected leads are fewer than its own
hand's; on a tie it keeps its hand.  Pure arithmetic on the seat's view: the same view,
the same decision.
"""

from __future__ import annotations

from math import comb

from nainjaune_rules.engine.cardset import cards_of
from nainjaune_rules.engine.tables import Tables


def leads_needed(t: Tables, hand: int) -> int:
    """The runs ``hand`` must lead to shed every card: its cards that nothing in it
    continues and that do not give the lead back."""
    return sum(1 for c in cards_of(hand)
               if not t.relead_mask >> c & 1 and not t.follow[c] & hand)


def widow_leads_expected(t: Tables, unseen: int, size: int) -> float:
    """The leads a hand of ``size`` cards drawn from ``unseen`` needs, on average."""
    u = unseen.bit_count()
    if size <= 0 or u == 0:
        return 0.0
    total = 0.0
    ways = comb(u - 1, size - 1)
    for c in cards_of(unseen):
        if t.relead_mask >> c & 1:
            continue
        followers = (t.follow[c] & unseen & ~(1 << c)).bit_count()
        continued = 1 - comb(u - 1 - followers, size - 1) / ways
        total += size / u * (1 - continued)
    return total


def takes_widow(t: Tables, hand: int, seen: int, widow_size: int) -> bool:
    """Whether the greedy dealer takes the widow for ``hand`` (``seen``: the cards it knows
    are not in the widow: its hand and what has been played)."""
    unseen = t.deck_mask & ~seen
    return widow_leads_expected(t, unseen, widow_size) < leads_needed(t, hand)
