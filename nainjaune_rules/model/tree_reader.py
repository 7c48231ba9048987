"""What every group of the transformer's rule methods shares: the file being read, and how
a token or a rule's place becomes a word, a number, a card or a span.

:class:`TreeReader` is the base of the mixins (:mod:`.tree_header`, :mod:`.tree_table`,
:mod:`.tree_stakes`, :mod:`.tree_play`) that :class:`~.transformer.RulesetTransformer`
is made of; :class:`ClauseBody` is what a clause's own rule hands to the ``clause`` rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Token, Transformer
from lark.tree import Meta

from nainjaune_rules.model import rules as r
from nainjaune_rules.syntax.ast import CardWord, Number, OriginNode, RulesetFile, Word


@dataclass(frozen=True)
class ClauseBody:
    """A clause body waiting for its origin (which the ``clause`` rule supplies)."""

    key: str
    build: Any
    args: dict[str, Any]
    head: str
    span: r.Span
    origin: OriginNode | None = None


class TreeReader(Transformer[Token, RulesetFile]):
    """The file being read and the helpers of every rule method (no rule method itself:
    lark's ``v_args`` wraps none of these, their names begin with ``_``)."""

    def __init__(self, file: str):
        super().__init__()
        self.file = file

    # ---- helpers -------------------------------------------------------

    def _span(self, meta: Meta) -> r.Span:
        if getattr(meta, "empty", True):
            return r.Span(self.file, 0, 0)
        return r.Span(self.file, meta.line, meta.column, meta.end_line, meta.end_column)

    def _tspan(self, tok: Token) -> r.Span:
        return r.Span(
            self.file, tok.line or 0, tok.column or 0, tok.end_line or 0, tok.end_column or 0
        )

    def _word(self, tok: Token) -> Word:
        return Word(token_text(tok), self._tspan(tok))

    def _num(self, tok: Token) -> Number:
        return Number(token_text(tok), self._tspan(tok))

    def _card(self, tok: Token) -> CardWord:
        return CardWord(token_text(tok), self._tspan(tok))

    def _part(self, meta: Meta, key: str, build: Any, head: str, **args: Any) -> ClauseBody:
        return ClauseBody(key, build, args, head, self._span(meta))


def token_text(tok: Token) -> str:
    """The token's text: the lexer's own string, shared (``str(tok)`` would copy it, and a
    1 MB file can hold half a million words)."""
    value = tok.value
    return value if type(value) is str else str(tok)
