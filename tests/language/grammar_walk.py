"""Rulesets generated from the grammar itself, one per alternative of every rule.

Lark expands the grammar into plain rules (``Lark.rules``): each ``|``, each
optional part and each repetition becomes an alternative of its own.  For
every such alternative this module writes statements that use it, every other
part derived the cheapest way, the words the grammar leaves open (names,
numbers, cards) taken from small sample lists, and the statement set inside a
ruleset that extends a built-in one.  :func:`rules_used` says which
alternatives a text's parse went through, so a test can prove that every
alternative was met in a ruleset that compiles.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from typing import Any

from lark import Lark
from lark.grammar import NonTerminal, Rule, Symbol, Terminal
from lark.lexer import PatternStr

from nainjaune_rules.syntax.parser import _make_indenter
from nainjaune_rules.syntax.resources import grammar_text

#: words for the terminals the grammar leaves open, the likeliest to compile first
SAMPLES: dict[str, tuple[str, ...]] = {
    "NAME": ("extra", "other", "third"),
    "STRING": ('"Stop!"', '"sources.nj"', '"fr-sheet.nj"'),
    "INT": ("2", "3", "4", "5"),
    "RANK": ("7", "A", "K"),
    "RANK_NAME": ("as",),
    "CARD": ("9C", "KS", "QS", "10D"),
    "PARAGRAPH": ("¶1", "¶2-3", "§4"),
    "SECTION": ('§"Pope Joan"',),
    "PAGE": ("p.195", "pp.195-196"),
    "EVIDENCE": ("described", "attested", "reconstructed"),
    "DIRECTION": ("clockwise", "counterclockwise"),
    "SIDE": ("left", "right"),
    "MANDATE": ("compulsory", "optional"),
    "CARD_WORD": ("cards", "card"),
}
#: the same, where one rule needs words of its own: (rule, terminal) -> words
SAMPLES_IN: dict[tuple[str, str], tuple[str, ...]] = {
    ("citation", "NAME"): ("fr-sheet", "fr-web"),  # a declared source
    ("ruleset_name", "NAME"): ("house", "fr-sheet"),
    ("__ruleset_name_star_1", "NAME"): ("1902-per-card", "two-player-suits"),
    ("removable", "NAME"): ("payment",),  # an option of the parent
    ("header", "STRING"): ('"fr-sheet.nj"', '"sources.nj"', '"Stop!"'),
    ("deal_row", "INT"): ("2", "10", "12"),
    ("action", "INT"): ("1", "2"),
    ("action", "CARD"): ("7D",),
    ("wild_card", "CARD"): ("7D",),
    ("box", "CARD"): ("7D", "10D", "JC", "QS", "KH"),
    ("box", "INT"): ("1", "2"),
    # box 7D: stake 2; deal 2 players: 22 cards each, talon 8 (house/two-player-suits)
    ("part", "CARD"): ("7D", "KH"),
    ("part", "INT"): ("2", "22", "8"),
}
#: layout tokens: they shape lines, they are not words; ignored ones never appear
LAYOUT = ("_NL", "_INDENT", "_DEDENT", "WS_INLINE", "COMMENT")
#: parts that make a clause more likely to compile (an origin, a default choice): free
WELCOME = {"origin", "DEFAULT_MARK"}
#: where a rule's cheapest alternative would rarely compile alone, the one to use instead
PREFER = {"simple_clause": "winner"}
#: rulesets a generated statement is tried in, as the ruleset it extends
PARENTS = ("fr-sheet", "1760", "1902", "cz-box", "fr-web", "wiki-modern",
           "house/two-player-suits", "house/1902-per-card")
#: this many turns of the sample words per alternative (each in every parent)
TRIES = 3

HEADER = {"ruleset": "ruleset generated", "title": 'title "Generated"',
          "period": 'period "now"', "evidence": "evidence described"}


@functools.lru_cache(maxsize=1)
def _lark() -> tuple[Lark, list[Rule]]:
    """A parser of its own (the shared one stays untouched) that records each rule it reduces."""
    parser = Lark(grammar_text(), parser="lalr", lexer="contextual",
                  postlex=_make_indenter(), maybe_placeholders=False)
    used: list[Rule] = []
    callbacks = parser.parser.parser.parser.callbacks

    def recording(rule: Rule, inner: Callable[[Any], Any]) -> Callable[[Any], Any]:
        def callback(children: Any) -> Any:
            used.append(rule)
            return inner(children)
        return callback

    for rule, inner in list(callbacks.items()):
        callbacks[rule] = recording(rule, inner)
    return parser, used


def grammar_rules() -> list[Rule]:
    """Every alternative of every rule, as lark compiled the grammar."""
    return list(_lark()[0].rules)


def describe(rule: Rule) -> str:
    """``origin -> symbols``; lark numbers its helper rules (``__x_star_8``) in grammar order,
    so the number is dropped: adding a rule elsewhere must not rename every alternative."""
    text = f"{rule.origin.name} -> {' '.join(s.name for s in rule.expansion) or '<empty>'}"
    return re.sub(r"(__\w+?_(?:star|plus))_\d+", r"\1", text)


def rules_used(text: str) -> set[Rule]:
    """The alternatives the parse of ``text`` went through (it must parse)."""
    parser, used = _lark()
    used.clear()
    parser.parse(text if text.endswith("\n") else text + "\n")
    return set(used)


def open_terminals() -> set[str]:
    """Terminals whose text the grammar does not fix (they need sample words)."""
    parser = _lark()[0]
    return {t.name for t in parser.terminals
            if not isinstance(t.pattern, PatternStr) and t.name not in LAYOUT}


@functools.lru_cache(maxsize=1)
def _cheapest() -> dict[str, Rule]:
    """For each rule, its cheapest alternative (fewest words; origins and defaults free)."""
    rules = grammar_rules()
    cost: dict[str, float] = {}
    best: dict[str, Rule] = {}

    def symbol_cost(symbol: Symbol) -> float:
        if symbol.name in WELCOME:
            return 0
        if isinstance(symbol, Terminal):
            return 0 if symbol.name in LAYOUT else 1
        return cost.get(symbol.name, float("inf"))

    changed = True
    preferred = [r for r in rules if r.origin.name in PREFER
                 and [s.name for s in r.expansion] == [PREFER[r.origin.name]]]
    while changed:
        changed = False
        for rule in rules:
            total = sum(symbol_cost(s) for s in rule.expansion)
            name = rule.origin.name
            known = cost.get(name, float("inf"))
            if total < known:
                cost[name], best[name], changed = total, rule, True
            elif total == known != float("inf") and len(rule.expansion) > len(
                    best[name].expansion):
                # equal cost: the longer alternative (it holds the free origin or default)
                best[name] = rule
    best.update({r.origin.name: r for r in preferred})
    return best


def _tokens(rule: Rule, forced: dict[str, Rule] | None = None) -> list[tuple[Symbol, str]]:
    """The terminals of a derivation of ``rule``, each with the rule it belongs to;
    ``forced`` picks the alternative of some rules (once each, then the cheapest)."""
    forced = forced or {}
    out: list[tuple[Symbol, str]] = []
    for symbol in rule.expansion:
        if isinstance(symbol, NonTerminal):
            inner = forced.get(symbol.name) or _cheapest()[symbol.name]
            out += _tokens(inner, {k: v for k, v in forced.items() if k != symbol.name})
        else:
            out.append((symbol, rule.origin.name))
    return out


@functools.lru_cache(maxsize=1)
def _users() -> dict[str, list[Rule]]:
    users: dict[str, list[Rule]] = {}
    for rule in grammar_rules():
        for symbol in rule.expansion:
            if isinstance(symbol, NonTerminal):
                users.setdefault(symbol.name, []).append(rule)
    return users


def _path_to_statement(name: str) -> list[Rule] | None:
    """The shortest chain of rules from ``statement`` down to rule ``name`` (breadth first)."""
    queue: list[tuple[str, list[Rule]]] = [(name, [])]
    seen = {name}
    while queue:
        current, chain = queue.pop(0)
        if current == "statement":
            return chain
        for user in _users().get(current, []):
            parent = user.origin.name
            if parent not in seen:
                seen.add(parent)
                queue.append((parent, [user, *chain]))
    return None


def _render(tokens: list[tuple[Symbol, str]], turn: int) -> str:
    """The text of ``tokens``: sample words turned by ``turn``, and by how many times the
    same word was needed before (so that repeated names and numbers differ)."""
    parser = _lark()[0]
    lines: list[str] = []
    line: list[str] = []
    depth = 0
    seen: dict[str, int] = {}
    for symbol, owner in tokens:
        if symbol.name == "_NL":
            lines.append("    " * depth + " ".join(line))
            line = []
        elif symbol.name == "_INDENT":
            depth += 1
        elif symbol.name == "_DEDENT":
            depth -= 1
        elif symbol.name in open_terminals():
            words = SAMPLES_IN.get((owner, symbol.name)) or SAMPLES[symbol.name]
            line.append(words[(turn + seen.get(symbol.name, 0)) % len(words)])
            seen[symbol.name] = seen.get(symbol.name, 0) + 1
        else:
            pattern = parser.get_terminal(symbol.name).pattern
            line.append(pattern.value)
    if line:
        lines.append("    " * depth + " ".join(line))
    return "\n".join(lines).replace(" / ", "/") + "\n"


def statements_for(rule: Rule) -> Iterator[str]:
    """Statements (one or a block) that use ``rule``, with sample words in turn."""
    path = _path_to_statement(rule.origin.name)
    if path is None:  # the start rule and its repetition: the statement is anything
        return
    forced = {r.origin.name: r for r in path}
    forced[rule.origin.name] = rule
    top = path[0] if path else rule
    for turn in range(TRIES):
        yield _render(_tokens(top, forced), turn)
    # then each other alternative of a rule beside it (an action that may follow only some
    # events needs one of those events, not the cheapest)
    for step in [*path, rule]:
        for symbol in step.expansion:
            if isinstance(symbol, NonTerminal) and symbol.name not in forced:
                for other in _alternatives().get(symbol.name, ()):
                    yield _render(_tokens(top, {**forced, symbol.name: other}), 0)


@functools.lru_cache(maxsize=1)
def _alternatives() -> dict[str, list[Rule]]:
    """Each rule's alternatives."""
    found: dict[str, list[Rule]] = {}
    for r in grammar_rules():
        found.setdefault(r.origin.name, []).append(r)
    return found


def ruleset_text(statement: str, parent: str) -> str:
    """A ruleset extending ``parent`` with ``statement``; a header statement replaces its own."""
    header = dict(HEADER)
    header["extends"] = f"extends {parent}"
    first = statement.split(maxsplit=1)[0] if statement.strip() else ""
    if first in header:
        header[first] = statement.rstrip("\n")
        statement = ""
    return "\n".join(header.values()) + "\n" + statement
