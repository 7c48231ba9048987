"""From lark's parse tree to the syntax nodes of :mod:`nainjaune_rules.syntax.ast`.

One method per grammar rule, named after the rule or its alias, in the style
of lark's own examples.  Nothing is validated here beyond what the grammar
already guarantees; the semantic pass (:mod:`nainjaune_rules.model.compiler`)
checks meanings and reports every problem with its position.

The rule methods live in mixins, one module per group of rules (each a
:class:`~.tree_reader.TreeReader`, which holds the file and the helpers):
:mod:`.tree_header` (the file, its header, origins, options, removals),
:mod:`.tree_table` (the table and the deal), :mod:`.tree_stakes` (tokens and
settlement) and :mod:`.tree_play` (the play, effects and the end).  This module
puts them together and adds the methods of the grammar alternatives that each
name one enum value.
"""

from __future__ import annotations

from typing import Any

from lark import Token, Tree, v_args
from lark.tree import Meta

from nainjaune_rules.model import rules as r
from nainjaune_rules.model.tree_header import HeaderReader
from nainjaune_rules.model.tree_play import PlayReader
from nainjaune_rules.model.tree_stakes import StakesReader
from nainjaune_rules.model.tree_table import TableReader
from nainjaune_rules.model.words import TABLES
from nainjaune_rules.syntax.ast import RulesetFile


class RulesetTransformer(HeaderReader, TableReader, StakesReader, PlayReader):
    """Builds a :class:`RulesetFile` from the tree of one ruleset file."""


def to_ast(tree: Tree[Token], file: str) -> RulesetFile:
    return RulesetTransformer(file).transform(tree)


#: the enumerations whose grammar alternatives each stand for one value (``-> forfeit_box``)
_VALUE_ENUMS = (r.Side, r.WildOutOfTurn, r.WhenSkipFails, r.CardClass, r.Forfeit,
                r.CallMoment, r.OperaKind)


def _value_handler(value: Any) -> Any:
    """The transformer method for a grammar alternative that names one enum value."""

    def build(self: RulesetTransformer, meta: Meta, c: list[Token]) -> Any:
        return value

    return build


for _kind in _VALUE_ENUMS:
    for _value, _words in TABLES[_kind].items():
        if not hasattr(RulesetTransformer, _words.alias):  # `side` reads its token itself
            setattr(RulesetTransformer, _words.alias, v_args(meta=True)(_value_handler(_value)))
