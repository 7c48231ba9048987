"""Lead constraints (issue 22 item 7): which cards a player may lead.

Without a ``lead`` or ``after a stop`` clause any card of the hand may be led.
With them (Michigan's rules):

- ``lead: the lowest card of a suit``: every lead, the deal's first and each new
  run's, is the lowest card the leader holds of a suit they choose: one card per
  suit held, in the ruleset's rank order.
- ``after a stop: the player leads a different suit, or ...``: a lead after a run
  has ended (a stop card, a king, nobody able to continue, the wild card: every
  lead but the deal's first) is not of the suit of that run's last card, the
  *barred* suit.  A player who holds no other suit either passes the lead to the
  next player in play (``the lead passes to the next player``: their only legal
  move is ``pass``, told as a pass with ``"cannot lead": true``) or leads any suit
  (``any suit if they cannot``).  When the lead has gone once round the table with
  nobody able (everyone holds only the barred suit), the bar is lifted: the
  player it comes back to leads any suit.  So a lead is always possible in the end
  and a deal always ends.

The functions read the compiled tables and card sets only; ``Runs`` keeps the
state (``lead_barred``, ``lead_passes``) and :class:`~.game.Game` asks here for
its legal moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nainjaune_rules.engine.tables import Tables

#: the cards of each suit (index = rank * 4 + suit)
SUIT_MASKS: tuple[int, ...] = tuple(sum(1 << (r * 4 + s) for r in range(13)) for s in range(4))


def lowest_of_each_suit(t: Tables, cards: int) -> int:
    """The lowest card of each suit in ``cards``, in the ruleset's rank order."""
    out = 0
    for suit_mask in SUIT_MASKS:
        mine = cards & suit_mask
        if not mine:
            continue
        if t.standard_order:
            out |= mine & -mine  # A..K: the lowest bit is the lowest rank
        else:
            key = t.card_key
            best = min((c for c in range(52) if mine >> c & 1), key=key.__getitem__)
            out |= 1 << best
    return out


def lead_mask(t: Tables, hand: int, barred: int) -> int:
    """The cards ``hand`` may lead while ``barred`` (a suit, or -1) may not be led; 0 when
    the player cannot lead and the lead passes (module docstring)."""
    cards = hand
    if barred >= 0:
        cards &= ~SUIT_MASKS[barred]
        if not cards and not t.lead_passes:
            cards = hand  # "any suit if they cannot"
    return lowest_of_each_suit(t, cards) if t.lead_lowest else cards


def why_not_led(t: Tables, hand: int, barred: int, card: int) -> str:
    """Why ``card`` (held) may not be led now, in words for the human seat; "" if it may."""
    if lead_mask(t, hand, barred) >> card & 1:
        return ""
    suit = card & 3
    if barred == suit and hand & ~SUIT_MASKS[barred]:
        return "after a stop the next run is led in a different suit"
    if barred == suit:
        return "after a stop the next run is led in a different suit, and you hold none: " \
               "the lead passes"
    return "you must lead the lowest card you hold of a suit"
