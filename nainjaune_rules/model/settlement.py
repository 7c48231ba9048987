"""The settlement order in force: the ruleset's ``settlement`` clause, or the default one.

The default is not a Python-built object: it is the clause text
:data:`~nainjaune_rules.model.rules.DEFAULT_SETTLEMENT`, parsed and built by the same
grammar, transformer and clause builder as a ruleset file, once per process.  A change
to the language that breaks it fails at the first game, not silently.
"""

from __future__ import annotations

import functools
from typing import Any

from nainjaune_rules.core.diagnostics import SourceText
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.build import ClauseBuilder
from nainjaune_rules.model.transformer import to_ast
from nainjaune_rules.syntax.ast import ClauseNode
from nainjaune_rules.syntax.parser import parse_text

_DEFAULT_FILE = "<default settlement>"


def settlement_of(ruleset: r.Ruleset) -> r.Settlement:
    """The settlement ``ruleset`` plays: its own clause, else the default clause."""
    return ruleset.settlement or default_settlement()


@functools.lru_cache(maxsize=1)
def default_settlement() -> r.Settlement:
    """:data:`~nainjaune_rules.model.rules.DEFAULT_SETTLEMENT`, compiled as a clause."""
    problems: list[str] = []
    tree, diagnostics = parse_text(SourceText(_DEFAULT_FILE, r.DEFAULT_SETTLEMENT + "\n"))
    problems += [str(d) for d in diagnostics]
    clause: r.Clause | None = None
    if tree is not None:
        node = to_ast(tree, _DEFAULT_FILE).statements[0]
        assert isinstance(node, ClauseNode)

        def report(kind: str, message: str, *_: Any) -> None:
            problems.append(f"{kind}: {message}")

        clause = ClauseBuilder(report, lambda: (), _DEFAULT_FILE).clause(node)
    if problems or not isinstance(clause, r.Settlement):
        raise AssertionError(f"the default settlement does not compile: {problems}")
    return clause
