"""A ruleset's rules in the order a table plays them: the beginner's checklist.

:data:`TOPICS` are the questions a beginner asks, in the order of play (what you
need, the board and the stakes, the dealer, shuffling, the cut, dealing, the
lead, turns, runs, stops, calls, the boxes, the end of a deal, payments, the end of
the game).  :func:`playbook` files every clause of a ruleset under one topic:

- by its dimension (:mod:`.dimensions`), when the topic names it;
- else by a word of its dimension's key (a clause kind added to the language
  later, ``cut`` or ``talon`` say, finds its topic by name);
- else under the topic of its dimension's phase.

A clause of the ruleset that no dimension selects yet (a new field of
:class:`~nainjaune_rules.model.rules.Ruleset`) is filed the same way by its field
name, so no rule is ever left off the page.  A topic no clause covers is shown
as "not stated by this ruleset": the page never fills a gap with a rule of its
own.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from nainjaune_rules.model.rules import Clause, Ruleset

from .dimensions import DIMENSIONS, Dimension, Entry, Phase, Select, entries

NOT_STATED = "Not stated by this ruleset."


@dataclass(frozen=True)
class Topic:
    slug: str
    title: str
    keys: tuple[str, ...] = ()  #: dimension keys filed here
    words: tuple[str, ...] = ()  #: words of a dimension key or field name filed here
    checklist: bool = True  #: one of the questions every rules page must answer


TOPICS: tuple[Topic, ...] = (
    Topic("what-you-need", "What you need",
          ("players", "ranks", "rank-names", "deck", "starting-tokens")),
    Topic("board-and-stakes", "The board and the stakes",
          ("board", "stakes", "leftovers"), ("stake", "board")),
    Topic("choosing-the-dealer", "Choosing the dealer",
          ("first-dealer", "next-dealer"), ("dealer",)),
    Topic("shuffling", "Shuffling", ("shuffling",), ("shuffl",)),
    Topic("cutting", "Cutting", (), ("cut",)),
    Topic("dealing", "Dealing", ("deal-table", "dealing", "talon", "extra-hand"),
          ("talon", "dealing")),
    Topic("the-lead", "The lead", ("play-direction", "first-lead", "lead-card", "lead-after-stop"),
          ("lead", "direction")),
    Topic("turns", "Turns", ("turn",), ("turn",)),
    Topic("runs", "Runs",
          ("runs", "play-on", "played-cards", "after-king", "wild-card",
           "nobody-can-continue", "rank-at-once"), ("run",)),
    Topic("stops", "Stops", ("continuing", "stop-cards", "call-stopping", "call-passing"),
          ("stop", "pass")),
    Topic("calls", "Calls", ("announcements",), ("call", "announce")),
    Topic("the-boxes", "Taking the boxes", (), ("played-",), checklist=False),
    Topic("end-of-a-deal", "The end of a deal and its winner", ("deal-end",),
          ("deal-end", "deal-winner")),
    Topic("opera", "Opéra", ("opera",), ("opera-",), checklist=False),
    Topic("payments", "Payments", ("points", "cannot-pay", "settlement"),
          ("deal-ends-", "pay")),
    Topic("end-of-the-game", "The end of the game", ("game-end", "winner"), ("game",)),
)
BY_SLUG = {t.slug: t for t in TOPICS}

#: where a clause goes when neither its key nor a word of it names a topic
_BY_PHASE = {
    Phase.SETUP: "what-you-need",
    Phase.DEAL: "dealing",
    Phase.PLAY: "runs",
    Phase.ANNOUNCEMENTS: "calls",
    Phase.END_OF_DEAL: "end-of-a-deal",
    Phase.END_OF_GAME: "end-of-the-game",
    Phase.OPTIONS: "end-of-the-game",
}
#: topics whose words are tried first: their prefixes name the effects of an event
#: ("opera-sweep-board" is an opéra's payment, not a rule of the board)
_WORDS_FIRST = ("the-boxes", "opera", "payments")
#: Ruleset fields that are not rules of play
_NOT_RULES = {"options", "chosen", "overridden", "sources"}


def topic_of(key: str, phase: Phase | None) -> Topic:
    """The topic a dimension key (or a field name) belongs to."""
    key = key.replace("_", "-")
    for topic in TOPICS:
        if key in topic.keys:
            return topic
    for topic in sorted(TOPICS, key=lambda t: t.slug not in _WORDS_FIRST):
        if any(word in key for word in topic.words):
            return topic
    return BY_SLUG[_BY_PHASE.get(phase, "end-of-the-game") if phase else "end-of-the-game"]


def _only(clause: Clause) -> Select:
    def select(_: Ruleset) -> tuple[Clause, ...]:
        return (clause,)

    return select


def _unplaced(ruleset: Ruleset, placed: list[Entry]) -> list[Entry]:
    """Clauses of ``ruleset`` that no dimension selects (a clause kind newer than the
    dimensions), as entries of a dimension made up from their field's name."""
    seen = {id(e.clause) for e in placed}
    found = []
    for field in dataclasses.fields(ruleset):
        if field.name in _NOT_RULES:
            continue
        value = getattr(ruleset, field.name)
        clauses = value if isinstance(value, tuple) else (value,)
        for i, clause in enumerate(c for c in clauses if isinstance(c, Clause)):
            if id(clause) in seen:
                continue
            key = field.name.replace("_", "-")
            dimension = Dimension(key, Phase.END_OF_GAME, field.name.replace("_", " "),
                                  _only(clause))
            found.append(Entry(dimension, clause, f"rule-{key}" + (f"-{i + 1}" if i else "")))
    return found


def _covered_keys() -> set[str]:
    return {d.key for d in DIMENSIONS}


def playbook(ruleset: Ruleset) -> list[tuple[Topic, list[Entry]]]:
    """Every topic in the order of play, with the ruleset's clauses filed under it
    (an empty list: the ruleset does not say)."""
    placed = entries(ruleset)
    everything = placed + _unplaced(ruleset, placed)
    filed: dict[str, list[Entry]] = {t.slug: [] for t in TOPICS}
    for entry in everything:
        d = entry.dimension
        known = d.key in _covered_keys()
        filed[topic_of(d.key, d.phase if known else None).slug].append(entry)
    return [(t, filed[t.slug]) for t in TOPICS if t.checklist or filed[t.slug]]


#: a topic one field of another topic's clause answers: (topic, field); the clause
#: stays under its own topic, and this one points at it ("the shuffling rule says
#: who cuts")
_ANSWERED_BY_FIELD = {"cutting": "cut"}


def book(ruleset: Ruleset) -> list[tuple[Topic, list[Entry], list[Entry]]]:
    """:func:`playbook` with, for each topic, the clauses filed elsewhere that
    answer it too (shown as pointers, so every clause keeps one anchor)."""
    filed = playbook(ruleset)
    result = []
    for topic, items in filed:
        field = _ANSWERED_BY_FIELD.get(topic.slug)
        refs = [] if items or field is None else [
            e for _, others in filed for e in others
            if getattr(e.clause, field, None) is not None]
        result.append((topic, items, refs))
    return result


def checklist(ruleset: Ruleset) -> dict[str, bool]:
    """``{topic title: stated}`` for the beginner's checklist topics."""
    return {t.title: bool(items or refs) for t, items, refs in book(ruleset) if t.checklist}
