"""The transformer's rule methods for what frames a ruleset file's clauses: the file itself
and its header (ruleset, title, period, evidence, extends, include, sources and books), the
origins in brackets, the ``clause`` wrapper, ``option`` blocks, ``remove`` lines and the
one-part changes of an extended ruleset's board or deal table.
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from nainjaune_rules.model import rules as r
from nainjaune_rules.model.tree_reader import ClauseBody, TreeReader
from nainjaune_rules.syntax.ast import (
    ChoiceNode,
    CitationNode,
    ClauseNode,
    HeaderNode,
    OptionNode,
    OriginNode,
    PartNode,
    RemovalNode,
    RulesetFile,
    Statement,
    Word,
)


@v_args(meta=True)
class HeaderReader(TreeReader):
    """The file, its header, origins, clauses, options, removals and one-part changes."""

    # ---- file and headers ---------------------------------------------

    def start(self, meta: Meta, children: list[Statement]) -> RulesetFile:
        return RulesetFile(self.file, tuple(children))

    def _header(self, key: str, meta: Meta, children: list[Token]) -> HeaderNode:
        return HeaderNode(key, tuple(self._word(t) for t in children), self._span(meta))

    def ruleset_id(self, meta: Meta, c: list[Token]) -> HeaderNode:
        return self._header("ruleset", meta, c)

    def title(self, meta: Meta, c: list[Token]) -> HeaderNode:
        return self._header("title", meta, c)

    def period(self, meta: Meta, c: list[Token]) -> HeaderNode:
        return self._header("period", meta, c)

    def evidence(self, meta: Meta, c: list[Token]) -> HeaderNode:
        return self._header("evidence", meta, c)

    def extends(self, meta: Meta, c: list[Token]) -> HeaderNode:
        return self._header("extends", meta, c)

    def ruleset_name(self, meta: Meta, c: list[Token]) -> Token:
        """``house/1902-per-card``: one word, as ``nainjaune list`` prints it."""
        return Token("NAME", "/".join(str(t) for t in c), start_pos=c[0].start_pos,
                     line=c[0].line, column=c[0].column, end_line=c[-1].end_line,
                     end_column=c[-1].end_column, end_pos=c[-1].end_pos)

    def include(self, meta: Meta, c: list[Token]) -> HeaderNode:
        return self._header("include", meta, c)

    def source(self, meta: Meta, c: list[Token]) -> HeaderNode:
        return self._header("source", meta, c)

    # a source declared as a book (cited by section or page): its bibliographic lines
    def book_source(self, meta: Meta, c: list[Any]) -> HeaderNode:
        words = tuple(self._word(t) for t in c if isinstance(t, Token))
        lines = tuple(x for x in c if isinstance(x, tuple))
        return HeaderNode("source", words, self._span(meta), lines)

    def book_author(self, meta: Meta, c: list[Token]) -> tuple[str, Word]:
        return ("author", self._word(c[0]))

    def book_title(self, meta: Meta, c: list[Token]) -> tuple[str, Word]:
        return ("title", self._word(c[0]))

    def book_year(self, meta: Meta, c: list[Token]) -> tuple[str, Word]:
        return ("year", self._word(c[0]))

    def book_published(self, meta: Meta, c: list[Token]) -> tuple[str, Word]:
        return ("published", self._word(c[0]))

    # ---- origins --------------------------------------------------------

    def citation(self, meta: Meta, c: list[Token]) -> CitationNode:
        return CitationNode(
            self._word(c[0]), tuple(self._word(t) for t in c[1:]), self._span(meta)
        )

    def attested(self, meta: Meta, c: list[Any]) -> OriginNode:
        cites = tuple(x for x in c if isinstance(x, CitationNode))
        reason = next((self._word(x) for x in c if isinstance(x, Token)), None)
        return OriginNode(r.OriginKind.ATTESTED, cites, reason, self._span(meta))

    def inferred(self, meta: Meta, c: list[Token]) -> OriginNode:
        return OriginNode(r.OriginKind.INFERRED, (), self._word(c[0]), self._span(meta))

    def house(self, meta: Meta, c: list[Token]) -> OriginNode:
        return OriginNode(r.OriginKind.HOUSE, (), self._word(c[0]), self._span(meta))

    # ---- the clause wrapper -------------------------------------------------

    def clause(self, meta: Meta, c: list[Any]) -> ClauseNode:
        part: ClauseBody = c[0]
        origin = c[1] if len(c) > 1 else part.origin
        return ClauseNode(part.key, part.build, part.args, origin, part.span, part.head)

    # ---- options and removals ----------------------------------------------------

    def choice_name(self, meta: Meta, c: list[Token]) -> Word:
        return self._word(c[0])

    def choice(self, meta: Meta, c: list[Any]) -> ChoiceNode:
        default = any(isinstance(x, Token) and x.type == "DEFAULT_MARK" for x in c)
        clauses = tuple(x for x in c if isinstance(x, ClauseNode))
        return ChoiceNode(c[0], default, clauses, self._span(meta))

    def empty_choice(self, meta: Meta, c: list[Any]) -> ChoiceNode:
        return self.choice(meta, c)

    def option(self, meta: Meta, c: list[Any]) -> OptionNode:
        origin = next((x for x in c if isinstance(x, OriginNode)), None)
        choices = tuple(x for x in c if isinstance(x, ChoiceNode))
        return OptionNode(self._word(c[0]), self._word(c[1]), choices, origin, self._span(meta))

    def remove_stop_cards(self, meta: Meta, c: list[Any]) -> tuple[str, Any, str]:
        return ("stop_cards", None, "stop cards")

    def remove_wild_card(self, meta: Meta, c: list[Any]) -> tuple[str, Any, str]:
        return ("wild_card", None, "wild card")

    def remove_opera(self, meta: Meta, c: list[Any]) -> tuple[str, Any, str]:
        return ("opera", None, "opera")

    def remove_rank_names(self, meta: Meta, c: list[Any]) -> tuple[str, Any, str]:
        return ("rank_names", None, "rank names")

    def remove_talon(self, meta: Meta, c: list[Any]) -> tuple[str, Any, str]:
        return ("talon", None, "talon")

    def remove_announcement(self, meta: Meta, c: list[Any]) -> tuple[str, Any, str]:
        return ("announcements", c[0], "announce")

    def remove_call(self, meta: Meta, c: list[Any]) -> tuple[str, Any, str]:
        return ("calls", c[0], "call")

    def remove_option(self, meta: Meta, c: list[Token]) -> tuple[str, Any, str]:
        return ("options", self._word(c[0]), "option")

    def remove_effect(self, meta: Meta, c: list[ClauseBody]) -> tuple[str, Any, str]:
        part = c[0]
        return ("effects", ClauseNode(part.key, part.build, part.args, None, part.span,
                                      part.head), part.head)

    def removal(self, meta: Meta, c: list[Any]) -> RemovalNode:
        key, target, head = c[0]
        origin = c[1] if len(c) > 1 else None
        return RemovalNode(key, target, origin, self._span(meta), "remove " + head)

    # ---- one part of an extended ruleset's board or deal table ---------------------

    def part_change(self, meta: Meta, c: list[Any]) -> PartNode:
        node: PartNode = c[0]
        origin = c[1] if len(c) > 1 else None
        return PartNode(node.key, ClauseNode(node.part.key, node.part.build, node.part.args,
                                             origin, node.span, node.head),
                        node.span, node.head)

    def box_change(self, meta: Meta, c: list[Token]) -> PartNode:
        tokens = c
        origin = None
        card = self._card(tokens[0])
        named = len(tokens) == 3
        name = self._word(tokens[1]) if named else Word('""', card.span)
        span = self._span(meta)
        box = (card, name, self._num(tokens[-1]), span)
        head = f"box {card.text}"
        return PartNode("board", ClauseNode("board", r.Board, {"boxes": (box,)}, origin,
                                            span, head), span, head)

    def row_change(self, meta: Meta, c: list[Token]) -> PartNode:
        numbers = tuple(self._num(x) for x in c)
        origin = None
        span = self._span(meta)
        head = f"deal {numbers[0].text} players"
        return PartNode("deal_table", ClauseNode("deal_table", r.DealTable,
                                                 {"rows": (numbers,)}, origin, span, head),
                        span, head)
