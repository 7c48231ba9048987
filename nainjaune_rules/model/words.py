"""The words of every enumeration of the language, each value declared once.

One table per enumeration of :mod:`nainjaune_rules.core.kinds` and for the action
kinds of :mod:`nainjaune_rules.core.actions`, each value with everything said about it:

- ``alias``: the grammar alternative (or terminal) that reads it; a test proves the
  grammar's alternatives and these aliases are the same sets, and that every
  ``language`` phrase parses;
- ``language``: its words in the ruleset language, as ``show`` prints them (with
  ``{cards}``, ``{deals}``, ``{then}``, ``{amount}`` where the phrase holds more);
- ``prose`` / ``short``: the site's sentence part and table cell, in English;
  ``prose_fr`` / ``short_fr`` the same in French;
- ``label`` / ``label_fr``: the comparison's row label, where the value has a row;
- ``forms``: any other form a consumer needs (a plural, a seat seen from the player
  whose turn ends ...).

The tables are written by what the rules are about: the ruleset's evidence, the table
and the deal in :mod:`nainjaune_rules.model.deal_words`, the play in
:mod:`nainjaune_rules.model.play_words`, the tokens and the end in
:mod:`nainjaune_rules.model.end_words`, the action kinds in
:mod:`nainjaune_rules.model.action_words`; this module gathers them in :data:`TABLES`.
The writer, the checks, the statistics' clause names and French words, the human
seat and the docs' vocabulary tables read them from here: the action kinds' words
included (:data:`ACTION`; their phrases and events are in
:mod:`nainjaune_rules.core.actions`), and the end conditions' (``END``, their phrases
in ``core.kinds.END_PHRASES``).  :class:`Words` and the check that a table holds every
value are :mod:`nainjaune_rules.model.wordbook`'s.
``tests/language/test_lang_registry.py`` holds every value to a complete entry; the
recipe for a new kind is in ``notes/CONTRACT.md`` ("Adding a rule kind").

>>> words(Side.RIGHT).language
'the player on the right'
>>> column(Forfeit, "language")[Forfeit.THE_BOX]
'the box'
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING, TypeVar

from nainjaune_rules.core.actions import ActionKind
from nainjaune_rules.core.kinds import (
    END_PHRASES,
    Basis,
    CallMoment,
    CardClass,
    ChangeRule,
    Direction,
    EndKind,
    EventKind,
    Evidence,
    ExtraHandRule,
    FirstDealerRule,
    Forfeit,
    OperaKind,
    PoolWin,
    SettlementStep,
    Shortfall,
    Side,
    Stakers,
    WhenSkipFails,
    WhenStuck,
    WildOutOfTurn,
    Winner,
    slots,
)
from nainjaune_rules.model.action_words import ACTION as ACTION
from nainjaune_rules.model.action_words import PHRASE_MEANINGS as PHRASE_MEANINGS
from nainjaune_rules.model.deal_words import (
    DIRECTION,
    EVIDENCE,
    EXTRA_HAND,
    FIRST_DEALER,
    POOL_WIN,
    SIDE,
    STAKERS,
)
from nainjaune_rules.model.end_words import BASIS, CHANGE, END, SETTLEMENT_STEP, SHORTFALL, WINNER
from nainjaune_rules.model.play_words import (
    CALL_MOMENT,
    CARD_CLASS,
    EVENT,
    FORFEIT,
    OPERA,
    WHEN_SKIP_FAILS,
    WHEN_STUCK,
    WILD_OUT_OF_TURN,
)
from nainjaune_rules.model.wordbook import EnumWords as EnumWords
from nainjaune_rules.model.wordbook import Words as Words

if TYPE_CHECKING:
    from nainjaune_rules.model.rules import EndCondition

E = TypeVar("E", bound=Enum)


#: every enumeration's table
TABLES: Mapping[type[Enum], EnumWords] = MappingProxyType({
    Direction: DIRECTION, Side: SIDE, FirstDealerRule: FIRST_DEALER, Stakers: STAKERS,
    WhenStuck: WHEN_STUCK, WhenSkipFails: WHEN_SKIP_FAILS, WildOutOfTurn: WILD_OUT_OF_TURN,
    Forfeit: FORFEIT, CardClass: CARD_CLASS, OperaKind: OPERA, Basis: BASIS,
    Shortfall: SHORTFALL, ChangeRule: CHANGE, Winner: WINNER, CallMoment: CALL_MOMENT,
    EventKind: EVENT, EndKind: END, SettlementStep: SETTLEMENT_STEP, Evidence: EVIDENCE,
    ActionKind: ACTION, PoolWin: POOL_WIN,
    ExtraHandRule: EXTRA_HAND,  # issue 22, part 4
})


def words(value: Enum) -> Words:
    """The words of one enum value."""
    return TABLES[type(value)][value]


def column(kind: type[E], name: str) -> dict[E, str]:
    """One field of an enumeration's table (``name``: a Words field or a form), by value."""
    table = TABLES[kind]
    if name in Words.__dataclass_fields__:
        return {m: getattr(table[m], name) for m in kind}
    return {m: table[m].forms[name] for m in kind}


def end_slots(condition: EndCondition, deals: str) -> dict[str, object]:
    """What fills the slots of an end condition's words (``core.kinds.END_PHRASES``,
    and the prose of ``end_words.END``): ``deals``, the numbers of deals as the caller
    words them, and every other slot the condition's field of that name.

    >>> from nainjaune_rules.model.rules import EndCondition
    >>> end_slots(EndCondition(EndKind.AFTER_DEALS, ((0, 6),)), "6 deals")
    {'deals': '6 deals'}
    """
    return {name: deals if name == "deals" else getattr(condition, name)
            for name in slots(END_PHRASES[condition.kind])}
