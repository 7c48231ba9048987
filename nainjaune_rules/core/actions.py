"""The vocabulary of actions: each kind of ``when EVENT: ACTION`` declared here.

An action kind is this module's enumeration member, the events it may follow
(:data:`ACTION_EVENTS`) and its phrases in the language (:data:`PHRASES`); its words
for people (English and French prose, table cells, comparison labels, the human seat's
words) are its entry in :data:`nainjaune_rules.model.action_words.ACTION`, read with the
words of every other enumeration (``model.words.TABLES``).  Everything the project
says or decides about it reads them:

- the grammar's ``action`` rule is written from :data:`PHRASES` when the grammar is
  loaded (:func:`nainjaune_rules.syntax.resources.grammar_text`), and the transformer
  builds an :class:`~nainjaune_rules.model.rules.Action` from each alternative;
- the writer (``show``) prints ``phrase`` (:func:`nainjaune_rules.model.vocabulary.phrase_of`);
- the semantic checks and the engine's tables allow it after ``events`` only
  (:data:`ACTION_EVENTS`);
- the site tells it, and the language page's table of actions lists it, from its words;
- the engine plays it: after a card in ``engine/runs.py::_card_effects``, at the deal's
  end in ``engine/steps.py::_settlement_parts``.  Both dispatches end in
  ``assert_never``, so mypy names them until the new kind has its step (or is refused
  there, for an event it cannot follow).

The recipe for a new kind is in ``notes/CONTRACT.md`` ("Adding a rule kind").  It sits
in ``core`` because the grammar (``syntax``) is written from it.

>>> [e.value for e in ACTION_EVENTS[ActionKind.SWEEP_BOARD]]
['opera']
>>> next(p.phrase for p in PHRASES if p.kind is ActionKind.EACH_OTHER_PAYS)
'each other player pays {amount} to the player'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Any

from nainjaune_rules.core.kinds import Basis, EventKind, grammar_tokens


class ActionKind(str, Enum):
    """What a ``when EVENT: ACTION`` rule does."""

    TAKE_BOX = "take box"  # the player takes the card's box
    EACH_OTHER_PAYS = "each other pays"  # each other player pays `amount` to the player
    LOSERS_PAY = "losers pay"  # each loser pays the winner by `basis`
    HOLDER_PAYS_DOUBLE = "holder pays double"  # the holder of `card` pays double
    HONOURS_DOUBLE_BOX = "honours double box"  # a box card left in hand doubles its box
    SWEEP_BOARD = "sweep board"  # the winner takes every box
    LOSERS_PAY_DOUBLE = "losers pay double"
    LOSERS_SHOW_HANDS = "losers show hands"  # no tokens move: the hands are laid face up
    # payments by outcome (issue #22): the holder of an unplayed `card` is exempt
    HOLDER_PAYS_NOTHING = "holder pays nothing"


_PLAYED, _DEAL_ENDS, _OPERA = EventKind.PLAYED, EventKind.DEAL_ENDS, EventKind.OPERA
_GOES_OUT = EventKind.GOES_OUT


@dataclass(frozen=True)
class ActionPhrase:
    """One grammar alternative of ``action``: its words and the Action it builds."""

    alias: str  # the alternative's name in the grammar (``-> take_box``)
    kind: ActionKind
    #: in the language; ``{amount}``, ``{card}`` are the alternative's tokens, in order
    phrase: str
    slots: tuple[str, ...] = ()  # the Action fields the tokens fill, in order
    fixed: Mapping[str, Any] = field(default_factory=dict)  # fields the words imply
    #: an optional tail of the alternative: (field, words) printed when the field is set
    tail: tuple[str, str] | None = None


#: the events each action may follow: the one table the checks and the engine read.
#: The semantic checks refuse any other pair, and the engine plays exactly these.  An
#: opéra ends the deal, so what the deal's end may do for everyone an opéra may add for
#: its maker; the doublings of a hand left are read at every deal's end.
ACTION_EVENTS: Mapping[ActionKind, tuple[EventKind, ...]] = MappingProxyType({
    ActionKind.TAKE_BOX: (_PLAYED,),
    ActionKind.EACH_OTHER_PAYS: (_PLAYED, _DEAL_ENDS, _OPERA, _GOES_OUT),
    ActionKind.LOSERS_PAY: (_DEAL_ENDS, _OPERA),
    ActionKind.HOLDER_PAYS_DOUBLE: (_DEAL_ENDS,),
    ActionKind.HONOURS_DOUBLE_BOX: (_DEAL_ENDS,),
    ActionKind.SWEEP_BOARD: (_OPERA,),
    ActionKind.LOSERS_PAY_DOUBLE: (_OPERA, _GOES_OUT),
    ActionKind.LOSERS_SHOW_HANDS: (_DEAL_ENDS, _OPERA),
    # payments by outcome (issue #22): read at every deal's end, as the doublings are
    ActionKind.HOLDER_PAYS_NOTHING: (_DEAL_ENDS,),
})

PHRASES: tuple[ActionPhrase, ...] = (
    ActionPhrase("take_box", ActionKind.TAKE_BOX, "the player takes its box"),
    ActionPhrase("each_other_pays", ActionKind.EACH_OTHER_PAYS,
                 "each other player pays {amount} to the player", ("amount",)),
    ActionPhrase("losers_pay_points", ActionKind.LOSERS_PAY,
                 "each loser pays the winner their points", fixed={"basis": Basis.POINTS}),
    ActionPhrase("losers_pay_cards", ActionKind.LOSERS_PAY,
                 "each loser pays the winner {amount} per card", ("amount", "in_tokens_of"),
                 fixed={"basis": Basis.CARDS},
                 tail=("in_tokens_of", " in tokens of {in_tokens_of}")),
    ActionPhrase("holder_pays_double", ActionKind.HOLDER_PAYS_DOUBLE,
                 "the holder of {card} pays double", ("card",)),
    ActionPhrase("honours_double_box", ActionKind.HONOURS_DOUBLE_BOX,
                 "each box card left in hand doubles its box"),
    ActionPhrase("sweep_board", ActionKind.SWEEP_BOARD, "the winner sweeps the board"),
    ActionPhrase("losers_show_hands", ActionKind.LOSERS_SHOW_HANDS,
                 "each loser shows their hand"),
    ActionPhrase("losers_pay_double", ActionKind.LOSERS_PAY_DOUBLE, "each loser pays double"),
    # payments by outcome (issue #22)
    ActionPhrase("holder_pays_nothing", ActionKind.HOLDER_PAYS_NOTHING,
                 "the holder of an unplayed {card} pays nothing", ("card",)),
)

_SYMBOLS = {"card": "CARD"}  # every other slot is a number, INT


def grammar_alternative(p: ActionPhrase) -> str:
    """``p`` as an alternative of the grammar's ``action`` rule (its words quoted, a
    number ``INT``, a card ``CARD``, an optional tail in ``( )?``).

    >>> grammar_alternative(PHRASES[1])
    '"each" "other" "player" "pays" INT "to" "the" "player" -> each_other_pays'
    """
    text = grammar_tokens(p.phrase, _SYMBOLS)
    if p.tail is not None:
        text += f" ({grammar_tokens(p.tail[1], _SYMBOLS)})?"
    return f"{text} -> {p.alias}"


def action_rule() -> str:
    """The grammar's ``action`` rule, one alternative per phrase."""
    return "action: " + "\n      | ".join(map(grammar_alternative, PHRASES))
