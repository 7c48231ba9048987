"""The vocabulary of actions: each kind of ``when EVENT: ACTION`` declared once, here.

An action kind is this module's enumeration member, its words (:data:`KINDS`) and its
phrases in the language (:data:`PHRASES`); everything the project says or decides about
it reads them from here:

- the grammar's ``action`` rule is written from :data:`PHRASES` when the grammar is
  loaded (:func:`nainjaune_rules.syntax.resources.grammar_text`), and the transformer
  builds an :class:`~nainjaune_rules.model.rules.Action` from each alternative;
- the writer (``show``) prints ``phrase`` (:func:`nainjaune_rules.model.vocabulary.phrase_of`);
- the semantic checks and the engine's tables allow it after ``events`` only
  (:data:`ACTION_EVENTS`);
- the site tells it with ``prose`` and ``short``, and the comparison labels its
  row with ``label`` (the French edition with ``prose_fr``, ``short_fr``, ``label_fr``);
- the engine plays it (:mod:`nainjaune_rules.engine.tables` for a card played,
  :mod:`nainjaune_rules.engine.steps` for the settlement: the one place that is code).

A new action kind is then three files: its member, words and phrase here, its step in
the engine, and a test.  It sits in ``core`` because the grammar (``syntax``) is
written from it.

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

from nainjaune_rules.core.kinds import Basis, EventKind


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


_PLAYED, _DEAL_ENDS, _OPERA = EventKind.PLAYED, EventKind.DEAL_ENDS, EventKind.OPERA


@dataclass(frozen=True)
class ActionKindWords:
    """What is said and decided about one kind of action, whatever its wording."""

    kind: ActionKind
    events: tuple[EventKind, ...]  # the events it may follow
    #: the site's sentence: {payee} (its player / the winner), {amount}, {basis}, {card}
    prose: str
    short: str  # the site's table cell
    label: str  # the comparison's row label
    #: the same three in French (the French edition of the site): {payee} is "à son
    #: joueur" / "au gagnant", {card} the card's French name
    prose_fr: str
    short_fr: str
    label_fr: str


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


KINDS: tuple[ActionKindWords, ...] = (
    ActionKindWords(ActionKind.TAKE_BOX, (_PLAYED,),
                    "its player takes the tokens in that card's box", "takes its box",
                    "takes the box",
                    "son joueur ramasse les jetons de la case de cette carte",
                    "ramasse sa case", "ramasse la case"),
    ActionKindWords(ActionKind.EACH_OTHER_PAYS, (_PLAYED, _DEAL_ENDS, _OPERA),
                    "each other player pays {payee} {amount}", "the others pay {amount}",
                    "the others pay",
                    "chacun des autres joueurs paie {amount} {payee}",
                    "les autres paient {amount}", "les autres paient"),
    ActionKindWords(ActionKind.LOSERS_PAY, (_DEAL_ENDS, _OPERA),
                    "each loser pays the winner {basis}", "losers pay {basis}",
                    "losers pay the winner",
                    "chaque perdant paie au gagnant {basis}",
                    "les perdants paient {basis}", "les perdants paient le gagnant"),
    ActionKindWords(ActionKind.HOLDER_PAYS_DOUBLE, (_DEAL_ENDS,),
                    "whoever still holds the {card} pays double", "holder of {card} pays double",
                    "a card's holder pays double",
                    "celui qui a encore {card} en main paie double",
                    "qui garde {card} paie double", "qui garde une carte paie double"),
    ActionKindWords(ActionKind.HONOURS_DOUBLE_BOX, (_DEAL_ENDS,),
                    "a player still holding a box card adds to its box as many tokens as the "
                    "box holds, doubling it", "a box card kept in hand doubles its box",
                    "a box card left in hand",
                    "qui a encore en main une carte du tableau double ce que contient sa case",
                    "une carte du tableau gardée en main double sa case",
                    "une carte du tableau restée en main"),
    ActionKindWords(ActionKind.SWEEP_BOARD, (_OPERA,),
                    "the winner takes every box on the board", "the winner sweeps the board",
                    "the winner sweeps the board",
                    "le gagnant ramasse toutes les cases du tableau",
                    "le gagnant rafle le tableau", "le gagnant rafle le tableau"),
    ActionKindWords(ActionKind.LOSERS_PAY_DOUBLE, (_OPERA,),
                    "each loser pays the winner double", "losers pay double", "losers pay double",
                    "chaque perdant paie double au gagnant",
                    "les perdants paient double", "les perdants paient double"),
    ActionKindWords(ActionKind.LOSERS_SHOW_HANDS, (_DEAL_ENDS, _OPERA),
                    "the other players lay their hands face up on the table",
                    "losers show their hands", "losers show their hands",
                    "les autres joueurs étalent leur jeu sur la table",
                    "les perdants étalent leur jeu", "les perdants étalent leur jeu"),
)

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
)

WORDS: Mapping[ActionKind, ActionKindWords] = MappingProxyType({w.kind: w for w in KINDS})

#: the events each action may follow: the one table the checks and the engine read.
#: The semantic checks refuse any other pair, and the engine plays exactly these.  An
#: opéra ends the deal, so what the deal's end may do for everyone an opéra may add for
#: its maker; the doublings of a hand left are read at every deal's end.
ACTION_EVENTS: Mapping[ActionKind, tuple[EventKind, ...]] = MappingProxyType(
    {w.kind: w.events for w in KINDS})


def grammar_alternative(p: ActionPhrase) -> str:
    """``p`` as an alternative of the grammar's ``action`` rule (its words quoted, a
    number ``INT``, a card ``CARD``, an optional tail in ``( )?``).

    >>> grammar_alternative(PHRASES[1])
    '"each" "other" "player" "pays" INT "to" "the" "player" -> each_other_pays'
    """
    def tokens(words: str) -> str:
        return " ".join("CARD" if w == "{card}" else "INT" if w.startswith("{") else f'"{w}"'
                        for w in words.split())

    text = tokens(p.phrase)
    if p.tail is not None:
        text += f" ({tokens(p.tail[1])})?"
    return f"{text} -> {p.alias}"


def action_rule() -> str:
    """The grammar's ``action`` rule, one alternative per phrase."""
    return "action: " + "\n      | ".join(map(grammar_alternative, PHRASES))
