"""What the language can say after a clause's head, read from the grammar itself.

When a line starts as a clause the language knows (``game ends:``, ``when …:``)
but goes on with words the grammar has no alternative for, a bare "unexpected
word" does not help: the writer needs to hear that the language has no such rule,
and what it *can* say there.  This module renders each alternative of a clause
from ``grammar/nainjaune.lark`` as a phrase (``each other player pays N to the
player``), so the list can never drift from the grammar.

>>> phrases("end_condition")[:2]
['after N deals [with N players]', 'when a player cannot stake']
"""

from __future__ import annotations

import functools
import re

from nainjaune_rules.core.actions import ACTION_EVENTS, PHRASES
from nainjaune_rules.core.bilingual import NNBSP, Words, q
from nainjaune_rules.core.kinds import EventKind
from nainjaune_rules.syntax.resources import grammar_text

#: how a named terminal or a small rule reads in a phrase
_PLACEHOLDERS = {
    # examples rather than the grammar's token names, which mean nothing to a writer
    "INT": "N", "CARD": "7D", "RANK": "K", "RANK_NAME": "roi", "STRING": '"…"',
    "SIDE": "left|right", "DIRECTION": "clockwise|counterclockwise",
    "MANDATE": "compulsory|optional", "CARD_WORD": "card(s)",
    "deals_count": "N deals [with N players]",
    "card_classes": "box cards", "side": "the player on the left|right",
    "packets": "one card at a time|packets of N", "wild_effect": "ends|continues the run",
    "skip_fails": "skips again|leads a new run", "forfeit": "the box|the winnings|nothing",
    "shortfall_then": "and the game ends|and leaves the game",
}

#: a clause head as written → (the grammar rule after its colon, one of them, several)
_AFTER_HEAD = {
    "game ends": ("end_condition", "end of the game", "ends of the game"),
    "opera": ("opera_kind", "kind of opéra", "kinds of opéra"),
    "nobody can continue": ("stuck_rule", "rule for a blocked run", "rules for a blocked run"),
    "cannot pay in full": ("cannot_pay", "rule for a player who cannot pay",
                           "rules for a player who cannot pay"),
    "first dealer": ("first_dealer", "way to choose the first dealer",
                     "ways to choose the first dealer"),
    "stakes": ("stakes", "rule for the stakes", "rules for the stakes"),
    "leftovers": ("leftovers", "rule for the tokens left on the board",
                  "rules for the tokens left on the board"),
    "runs": ("runs", "kind of run", "kinds of run"),
    "dealing": ("dealing", "way of dealing", "ways of dealing"),
}


@functools.lru_cache(maxsize=1)
def _rules() -> dict[str, list[str]]:
    """Each rule's alternatives, as written in the grammar (aliases dropped)."""
    rules: dict[str, list[str]] = {}
    current = ""
    for raw in grammar_text().splitlines():
        if raw.strip().startswith("//"):
            continue  # a comment line between alternatives does not end the rule; a blank does
        line = raw.split("//", 1)[0].rstrip()
        head = re.match(r"^(%extend\s+)?\??([a-z_]+):\s*(.*)$", line)
        if head:  # "%extend rule: …" adds alternatives to a rule written above
            current = head.group(2)
            rules[current] = (rules.get(current, []) if head.group(1) else []) + [head.group(3)]
        elif current and re.match(r"^\s+\|", line):
            rules[current].append(line.strip()[1:].strip())
        elif not line.strip():
            current = ""
    return {name: [re.sub(r"\s*->\s*\w+$", "", alt).strip() for alt in alts if alt.strip()]
            for name, alts in rules.items()}


def _render(alternative: str, after_colon: bool) -> str:
    words: list[str] = []
    if after_colon and '":"' in alternative:
        alternative = alternative.split('":"', 1)[1]
    # a repeated tail such as ("," deals_count)* reads as ", …"
    alternative = re.sub(r'\("," [a-z_]+\)\*', '"…"', alternative)
    for token in re.findall(r'"[^"]*"|\(|\)[?*+]?|[A-Za-z_]+[?*+]?|\|', alternative):
        if token.startswith('"'):
            words.append(token[1:-1])
        elif token == "(":
            words.append("[")
        elif token.startswith(")"):
            words.append("]" if token != ")*" else "], …")
        elif token == "|":
            words.append("|")
        else:
            name = token.rstrip("?*+")
            word = _PLACEHOLDERS.get(name, name.replace("_", " "))
            words.append(f"[{word}]" if token.endswith("?") else word)
    text = " ".join(words).replace(" …", ", …")
    text = re.sub(r"\s+([,\]])", r"\1", text).replace("[ ", "[")
    return text.strip()


def phrases(rule: str, after_colon: bool = False) -> list[str]:
    """The alternatives of grammar rule ``rule`` as phrases."""
    return list(_phrases(rule, after_colon))


@functools.lru_cache(maxsize=64)
def _phrases(rule: str, after_colon: bool) -> tuple[str, ...]:
    # rendered once: a file of many wrong lines asks for the same phrases on each
    return tuple(_render(alt, after_colon) for alt in _rules().get(rule, []))


def unsayable(line_text: str, column: int) -> tuple[Words, Words] | None:
    """For a syntax error at ``column`` (1-based) of a clause line: (message, hint), or None.

    Only when the error lies after the head's colon of a clause with several
    readings: the rest of the line is then something the language cannot say.
    """
    code = line_text.split("#", 1)[0]
    said_end = code.find("[")
    colon = code.find(":")
    if colon < 0 or column - 1 <= colon:
        return None
    head = " ".join(code[:colon].split())
    said = " ".join(code[colon + 1:said_end if said_end > colon else None].split())
    if head.startswith("when "):
        rule, what, whats = "action", "action", "actions"
        event = head[len("when "):]
        context = f" when {event}" if event else ""
        context_fr = f" après {q('when ' + event)}" if event else ""
        names = _actions_after(event)
    elif head in _AFTER_HEAD:
        rule, what, whats = _AFTER_HEAD[head]
        context = f" after '{head}:'"
        context_fr = f" après {q(head + ':')}"
        names = phrases(rule, after_colon=True)
    else:
        return None
    if not said or len(names) < 2:
        return None
    cut = _cut(said)
    message = Words(f"there is no {what} '{cut}' in the language",
                    f"le langage ne connaît pas {q(cut)}")
    listed = "; ".join(names)
    listed_fr = f"{NNBSP}; ".join(q(name) for name in names)
    return message, Words(f"the {whats} it can state{context} are: {listed}",
                          f"ce que le langage peut dire{context_fr}{NNBSP}: {listed_fr}")


def _actions_after(event: str) -> list[str]:
    """The actions' phrases, only those that may follow ``event`` (``ACTION_EVENTS``, the
    table the checks refuse the others by) when the event is one the language knows.

    The grammar's ``action`` rule is written from ``PHRASES``, one alternative each and in
    order, so the n-th phrase is the n-th entry's.
    """
    names = phrases("action")
    kind = _event_kind(event)
    if kind is None or len(names) != len(PHRASES):
        return names
    return [name for name, phrase in zip(names, PHRASES, strict=True)
            if kind in ACTION_EVENTS[phrase.kind]]


def _event_kind(event: str) -> EventKind | None:
    said = " ".join(event.split())
    if said == "the deal ends":
        return EventKind.DEAL_ENDS
    if said == "opera":
        return EventKind.OPERA
    if said.endswith(("is played", "is played and announced")):
        return EventKind.PLAYED
    return None


def _cut(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


#: the rules whose alternatives are the statements a line can start
_STATEMENT_RULES = ("statement", "header", "simple_clause", "block_clause", "part")


@functools.lru_cache(maxsize=1)
def statement_heads() -> tuple[str, ...]:
    """The words each statement starts with, read from the grammar: ``starting tokens``,
    ``game ends``, ``when``, ``remove`` … (a line is misspelled against these)."""
    rules = _rules()
    heads: set[str] = set()
    seen: set[str] = set()
    todo = list(_STATEMENT_RULES)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for alternative in rules.get(name, []):
            if re.fullmatch(r"[a-z_|\s]+", alternative):  # a choice of rules: read each
                todo.extend(alternative.replace("|", " ").split())
                continue
            words = re.match(r'(\s*"[^":]+")+', alternative)  # the words before any colon
            if words:
                heads.add(" ".join(re.findall(r'"([^"]+)"', words.group())))
    return tuple(sorted(heads))


#: the grammar rule of a block's lines, by the block's first word
_ROW_RULES = {"board": "box", "deal": "deal_row"}


def clause_forms(head: str, block: str = "") -> list[str]:
    """How a statement starting with ``head`` (``next dealer``) is written, as phrases
    from the grammar; a line of a block (``block``: ``board``) reads as that block's row."""
    rules = _rules()
    if block in _ROW_RULES:
        alternatives = rules.get(_ROW_RULES[block], [])
    else:
        words = head.split()
        alternatives = []
        for alts in rules.values():
            for alt in alts:
                lead = re.match(r'(\s*"[^"]+")*', alt)  # matches, if only the empty text
                said = re.findall(r'"([^"]+)"', lead.group() if lead else "")
                said = said[:said.index(":")] if ":" in said else said
                if said and said == words[:len(said)] and said[0] != "when":
                    alternatives.append(alt)
    if head.split()[:1] == ["remove"]:
        return ["remove " + p for p in phrases("removable")][:4]
    forms = [_render(re.sub(r"\b_NL\b|origin\?", "", alt), False).replace(" :", ":")
             for alt in alternatives]
    return [f for f in dict.fromkeys(forms) if ":" in f][:4]
