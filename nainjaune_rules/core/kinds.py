"""The words the language offers for each dimension of a rule, as enumerations.

They are the closed sets a clause chooses from (a direction, a card class, an
action kind...).  :mod:`nainjaune_rules.model.rules` builds its clauses from them
and re-exports them, so a rule object's users can keep writing ``rules.Side``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from enum import Enum
from types import MappingProxyType


class Evidence(str, Enum):
    """How the ruleset stands to its sources, in the spirit of Ludii's evidence levels."""

    ATTESTED = "attested"  # the rules are written down in a period source
    DESCRIBED = "described"  # a later description of the rules as played
    RECONSTRUCTED = "reconstructed"  # pieced together, with significant inference


class Direction(str, Enum):
    CLOCKWISE = "clockwise"  # to the left: seat s -> s+1
    COUNTERCLOCKWISE = "counterclockwise"  # to the right: seat s -> s-1

    @property
    def step(self) -> int:
        return 1 if self is Direction.CLOCKWISE else -1


class Side(str, Enum):
    """A seat relative to another: left (s+1), right (s-1), or next in play order."""

    LEFT = "left"
    RIGHT = "right"
    NEXT_IN_PLAY = "next in play"


class FirstDealerRule(str, Enum):
    BY_LOT = "by lot"  # drawn from the game's seeded RNG unless --dealer is given
    FIRST_SEAT = "first seat"  # seat 0 unless --dealer is given


class Stakers(str, Enum):
    EVERY_PLAYER = "every player"
    DEALER_ONLY = "dealer only"
    #: per-seat stakes (issue #22): the dealer stakes the board ``Stakes.dealer_times``
    #: times over, every other player ``Stakes.other_times`` times
    BY_SEAT = "by seat"


class WhenStuck(str, Enum):
    """What happens when a full round passes and nobody continues the run."""

    LAST_PLAYER_LEADS = "last player leads"  # the player of the last card starts a new run
    NEXT_RANK = "next rank"  # that player must go on with the next rank


class WhenSkipFails(str, Enum):
    """For ``next rank``: what if nobody holds the skipped-to rank either."""

    SKIP_AGAIN = "skip again"  # skip once more, up to the king; then a new run
    LAST_PLAYER_LEADS = "last player leads"


class WildOutOfTurn(str, Enum):
    """What a wild card played outside its natural place in the run does."""

    ENDS_RUN = "ends the run"  # the run stops and its player leads a new run
    CONTINUES_RUN = "continues the run"  # it stands for the needed rank


class Forfeit(str, Enum):
    """What a forgotten announcement costs."""

    THE_BOX = "the box"  # the box is not taken and stays for the next deal
    THE_WINNINGS = "the winnings"  # the box and every payment the card would earn
    NOTHING = "nothing"


class CardClass(str, Enum):
    """Named groups of cards that events and announcements refer to."""

    BOX_CARD = "box card"
    STOP_CARD = "stop card"
    KING = "king"
    WILD_CARD = "wild card"
    ANY_CARD = "any card"


class OperaKind(str, Enum):
    FIRST_TURN = "first turn"  # the winner goes out during their own first turn
    FIRST_ROUND = "first round"  # ... before the turn has gone once round the table
    NOBODY_ELSE_PLAYED = "nobody else played"  # ... before any other player played a card
    FIRST_LEADER_AT_ONCE = "first leader at once"  # the first leader goes out in one turn


class Basis(str, Enum):
    POINTS = "points"  # court cards `court` each, others face value
    CARDS = "cards"  # `per_card` tokens per card left


class Shortfall(str, Enum):
    """What a player who cannot pay in full does."""

    PAYS_WHAT_THEY_HAVE = "pays what they have"
    PAYS_AND_GAME_ENDS = "pays what they have and the game ends"
    PAYS_AND_LEAVES = "pays what they have and leaves the game"
    #: buys the missing counters from the bank and pays in full; what was bought is a
    #: debt that counts against the buyer's standing (tokens less debts) at the end
    BUYS_FROM_BANK = "buys counters from the bank"


class ChangeRule(str, Enum):
    """Who changes a token for smaller ones when a payment cannot be made exactly."""

    FROM_THE_BANK = "from the bank"  # the bank, outside the game, changes any token
    BETWEEN_PLAYERS = "between players"  # the payee (then the others) changes it, if they can
    NONE = "none"  # nobody: what cannot be paid exactly is not paid (a shortfall)


# -- issue 22, part 4 (h22-hands): what becomes of the extra hand of ``deal: all cards, one
# extra hand`` ---------------------------------------------------------------------------
class ExtraHandRule(str, Enum):
    """What becomes of the extra hand dealt with ``deal: all cards, one extra hand``."""

    DEAD = "dead"  # it stays face down, out of play: its cards are stops, as the talon's
    #: the dealer may take it unseen in exchange for their own hand, which becomes dead
    WIDOW = "widow"


class Winner(str, Enum):
    MOST_TOKENS = "most tokens"


class CallMoment(str, Enum):
    """Moments of play at which a player says something aloud (no card is tied to it)."""

    STOPPING = "stopping"  # ends a turn: the word, then the missing rank ("sans 8")
    PASSING = "passing"  # cannot or will not continue someone else's run ("pass")
    GOING_OUT = "going out"  # plays their last card ("J'arrête")
    AFTER_KING = "after a king"  # leads anew after a king ("Hoc!")
    NOBODY_CAN_CONTINUE = "nobody can continue"  # leads anew when the run is blocked


class EventKind(str, Enum):
    PLAYED = "played"  # a card of `cards` is played (and announced, if `announced`)
    DEAL_ENDS = "deal ends"
    OPERA = "opera"
    #: payments by outcome (issue #22): the deal's winner lays a last card of `cards`
    GOES_OUT = "goes out"


class SettlementStep(str, Enum):
    """One step of the settlement at the end of a deal (``settlement: A, then B, ...``)."""

    LOSERS_PAY = "losers pay"  # every "losers pay" effect, doubled where the rules say
    OTHERS_PAY = "each other player pays"  # every "each other player pays N" at the deal's end
    OPERA_SWEEP = "the opera sweep"  # on an opera, the winner takes every box
    HONOURS = "honours left in hand"  # a box card kept in hand doubles its box
    LEFTOVERS = "leftovers"  # with "leftovers: are cleared", the winner takes what is left


# -- pools (issue #22, item 3): a pool of the board won by an event, not by one card --
class PoolWin(str, Enum):
    """What wins a pool that is tied to no card (``pool "Game": stake 1, won by ...``)."""

    DEAL_WINNER = "the deal's winner"  # the first player out takes it as the deal ends
    CARDS = "cards"  # one player who lays its card, or both its cards, in the same deal


class EndKind(str, Enum):
    AFTER_DEALS = "after deals"  # a fixed number of deals (per player count)
    CANNOT_STAKE = "cannot stake"  # a player cannot stake a full deal's stakes
    NO_TOKENS = "no tokens"  # a player has no tokens at the start of a deal


#: each end condition in the language: the grammar's ``end_condition`` alternatives are
#: written from these (:func:`end_condition_rule`), ``show`` prints them, the checks name
#: them.  ``{deals}`` is a number of deals (``6 deals``, ``7 deals with 3 players``); any
#: other ``{name}`` is a whole number the :class:`~nainjaune_rules.model.rules.EndCondition`
#: holds in its field ``name``.  Its other words (prose, French) are in ``model/end_words.py``.
END_PHRASES: Mapping[EndKind, str] = MappingProxyType({
    EndKind.AFTER_DEALS: "after {deals}",
    EndKind.CANNOT_STAKE: "when a player cannot stake",
    EndKind.NO_TOKENS: "when a player has no tokens",
})

_SLOT = re.compile(r"\{(\w+)\}")


def slots(phrase: str) -> list[str]:
    """The names of a phrase's slots, in order.

    >>> slots("the holder of {card} pays {amount}")
    ['card', 'amount']
    """
    return _SLOT.findall(phrase)


def grammar_tokens(phrase: str, symbols: Mapping[str, str]) -> str:
    """``phrase`` as a sequence of the grammar: its words quoted, each ``{slot}`` the
    symbol ``symbols`` gives it (``INT`` when it gives none).

    >>> grammar_tokens("after {deals}", {"deals": "deals_count"})
    '"after" deals_count'
    """
    def token(word: str) -> str:
        found = _SLOT.fullmatch(word)
        return symbols.get(found[1], "INT") if found else f'"{word}"'

    return " ".join(token(w) for w in phrase.split())


def end_alias(kind: EndKind) -> str:
    """The grammar alternative of an end condition: ``after_deals``, ``no_tokens``..."""
    return kind.name.lower()


def end_condition_rule() -> str:
    """The grammar's ``end_condition`` rule, one alternative per end condition.

    >>> print(end_condition_rule().splitlines()[0])
    end_condition: "after" deals_count -> after_deals
    """
    return "end_condition: " + "\n             | ".join(
        f"{grammar_tokens(END_PHRASES[k], {'deals': 'deals_count'})} -> {end_alias(k)}"
        for k in EndKind)
