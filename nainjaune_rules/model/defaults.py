"""The clauses in force: the ruleset's own clause, or the language's default.

A ruleset may leave out the clauses that say how the table plays (``turn``,
``settlement``, ``deal ends``, ``shuffling``, ``talon``, ``played cards``).  Their
defaults are not Python-built objects: they are the clause text :data:`DEFAULTS`,
written in the language and parsed and built by the same grammar, transformer and
clause builder as a ruleset file, once per process.  A change to the language that
breaks them fails loudly at the first use, not silently.

The ruleset's fields are never filled with the defaults (its canonical form and
``show`` print what the file states); the defaults are read at the point of use,
through :func:`in_force` and the named helpers below.
"""

from __future__ import annotations

import functools
from typing import Any, TypeVar

from nainjaune_rules.core.bilingual import Words
from nainjaune_rules.core.diagnostics import SourceText
from nainjaune_rules.model import rules as r
from nainjaune_rules.syntax.ast import ClauseNode

_DEFAULT_FILE = "<language defaults>"
_SILENT = 'inferred "the language\'s default when a ruleset is silent: '

#: The clauses a ruleset that states none of them plays, one a line, in the language.
DEFAULTS = "\n".join((
    "turn: a player lays cards of the run one after another, then the turn passes to the"
    f' next player in play [{_SILENT}the turn passes to the next player in play, as in every'
    ' source"]',
    "settlement: losers pay, then each other player pays, then the opera sweep, "
    f"then honours left in hand, then leftovers [{_SILENT}no clause states the order; the"
    ' payments come first, as every source describes them first, then the board"]',
    "deal ends: when a player has no cards left, and that player wins it"
    f' [{_SILENT}the one reading every source has"]',
    f'shuffling: the dealer shuffles before each deal [{_SILENT}nobody cuts"]',
    "talon: face down, out of play until the next deal"
    f' [{_SILENT}the cards not dealt stay out of play, as the sources keep them"]',
    f'played cards: one face up pile [{_SILENT}the cards played form one pile"]',
))

#: The Ruleset field that holds each clause kind :data:`DEFAULTS` gives a default for.
FIELDS: dict[type[r.Clause], str] = {
    r.Turn: "turn", r.Settlement: "settlement", r.DealEnd: "deal_end",
    r.Shuffling: "shuffling", r.Talon: "talon", r.PlayedCards: "played_cards",
}

C = TypeVar("C", bound=r.Clause)


def in_force(ruleset: r.Ruleset, kind: type[C]) -> C:
    """The clause of ``kind`` that ``ruleset`` plays: its own, else the default."""
    stated = getattr(ruleset, FIELDS[kind])
    return stated if stated is not None else default(kind)


def default(kind: type[C]) -> C:
    """The default clause of ``kind``, compiled from :data:`DEFAULTS`."""
    clause = defaults()[kind]
    assert isinstance(clause, kind)
    return clause


def turn_of(ruleset: r.Ruleset) -> r.Turn:
    """The ``turn`` clause ``ruleset`` plays."""
    return in_force(ruleset, r.Turn)


def settlement_of(ruleset: r.Ruleset) -> r.Settlement:
    """The ``settlement`` clause ``ruleset`` plays."""
    return in_force(ruleset, r.Settlement)


def default_settlement() -> r.Settlement:
    """The settlement of a ruleset that states none."""
    return default(r.Settlement)


@functools.lru_cache(maxsize=1)
def defaults() -> dict[type[r.Clause], r.Clause]:
    """:data:`DEFAULTS` compiled, one clause per kind; raises if a line does not compile."""
    problems: list[str] = []
    # imported here, not at the top: the engine imports this module, and a worker process
    # that plays rulesets already compiled (a pool's, a cluster's) need not load the parser
    from nainjaune_rules.model.build import ClauseBuilder
    from nainjaune_rules.model.transformer import to_ast
    from nainjaune_rules.syntax.parser import parse_text

    tree, diagnostics = parse_text(SourceText(_DEFAULT_FILE, DEFAULTS + "\n"))
    problems += [str(d) for d in diagnostics]
    built: dict[type[r.Clause], r.Clause] = {}
    if tree is not None:

        def report(kind: str, message: Words, *_: Any) -> None:
            problems.append(f"{kind}: {message.en}")

        builder = ClauseBuilder(report, lambda: {}, _DEFAULT_FILE)
        for node in to_ast(tree, _DEFAULT_FILE).statements:
            clause = builder.clause(node) if isinstance(node, ClauseNode) else None
            if clause is None or type(clause) in built:
                problems.append(f"not one clause of a new kind: {node!r}")
            else:
                built[type(clause)] = clause
    missing = sorted(kind.__name__ for kind in FIELDS if kind not in built)
    if problems or missing:
        raise AssertionError(f"the language's defaults do not compile: {problems}"
                             f" (no default for {missing})")
    return built
