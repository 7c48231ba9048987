"""The language page's table of actions says what the checker does (issue 9, item 5).

The table is written from the registry at build time (``<!-- nainjaune:actions -->`` in
``site/language.md`` and its translation, ``describe/vocabulary_en.py::action_table``).
Each row names an action and the events it may follow.  Every listed pairing
compiles; every other pairing is refused.  So the page, the checker and (through
``tests/engine/test_action_events.py``) the engine say the same thing.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from docs_support import import_hook

import nainjaune_rules
from nainjaune_rules.core.actions import ACTION_EVENTS, PHRASES
from nainjaune_rules.core.diagnostics import RulesetError
from nainjaune_rules.describe.prose import describe
from nainjaune_rules.describe.vocabulary_en import ACTIONS_MARKER, action_table
from nainjaune_rules.model import rules as r

SITE = Path(__file__).resolve().parents[2] / "site"
#: how the table's last column names each event, and the event as a ruleset writes it
EVENTS = {"a card played": "a king is played", "the deal ends": "the deal ends",
          "opera": "opera", "a player goes out with a card": "a player goes out with a king"}
EVENTS_FR = {"une carte jouée": "a king is played", "la fin de la donne": "the deal ends",
             "l'opéra": "opera", "la sortie avec une carte": "a player goes out with a king"}
ROW = re.compile(r"^\| `(?P<action>[^`]+)` \| [^|]+ \| (?P<after>[^|]+) \|$")


def _rows(french: bool = False) -> list[tuple[str, set[str]]]:
    rows = []
    for line in action_table(french).splitlines():
        match = ROW.match(line)
        if match:
            after = {word.strip() for word in match["after"].split(",")}
            rows.append((match["action"], after))
    return rows


def test_the_table_lists_every_action_of_the_language() -> None:
    # one row per phrase of the registry, each with the events ACTION_EVENTS allows it
    assert len(_rows()) == len(PHRASES) == len(_rows(french=True))
    shown = {action for action, _ in _rows()}
    assert shown == {p.phrase.format(amount="N", card="CARD") for p in PHRASES}
    for words in (EVENTS, EVENTS_FR):
        rows = _rows(french=words is EVENTS_FR)
        for p in PHRASES:
            after = next(a for action, a in rows
                         if action == p.phrase.format(amount="N", card="CARD"))
            assert {words[w] for w in after} == {
                EVENT_LINES[e] for e in ACTION_EVENTS[p.kind]}, p.alias


#: each event as a ruleset writes it
EVENT_LINES = {r.EventKind.PLAYED: "a king is played", r.EventKind.DEAL_ENDS: "the deal ends",
               r.EventKind.OPERA: "opera",
               r.EventKind.GOES_OUT: "a player goes out with a king"}


@pytest.mark.parametrize("page", ["language.md", "language.fr.md"])
def test_the_language_page_takes_the_table(page: str) -> None:
    """The page holds the marker the docs hook replaces, once, where it speaks of actions."""
    text = (SITE / page).read_text(encoding="utf-8")
    assert text.count(ACTIONS_MARKER) == 1
    assert "| action |" not in text  # no hand-written copy left to drift


@pytest.mark.parametrize(("page", "locale"), [("language.md", "en"),
                                              ("language.fr.md", "fr")])
def test_the_docs_hook_writes_the_table_into_the_page(page: str, locale: str) -> None:
    """The built page holds the table in its own language where the marker was."""
    hook = import_hook()
    text = (SITE / page).read_text(encoding="utf-8")
    built_page = SimpleNamespace(file=SimpleNamespace(locale=locale, src_uri=page))
    built = hook.on_page_markdown(text, built_page, None)
    assert ACTIONS_MARKER not in built
    assert action_table(french=locale == "fr") in built
    head = "| action | sens | après |" if locale == "fr" else "| action | meaning | after |"
    assert built.count(head) == 1


def _row_id(value: object) -> str:
    """A test id that does not depend on a set's order (pytest-xdist compares the ids)."""
    return (str(sorted(value)) if isinstance(value, set) else str(value))[:30]


@pytest.mark.parametrize(("action", "after"), _rows(), ids=_row_id)
def test_each_row_says_which_events_compile(action: str, after: set[str],
                                            tmp_path: Path) -> None:
    phrase = action.replace("CARD", "7D").replace(" N ", " 1 ")
    path = tmp_path / "mine.nj"
    for words, event in EVENTS.items():
        path.write_text('ruleset mine\ntitle "Mine"\nperiod "now"\nextends fr-sheet\n'
                        f'when {event}: {phrase}  [inferred "r"]\n', encoding="utf-8")
        if words in after:
            nainjaune_rules.load_ruleset(str(path))
        else:
            with pytest.raises(RulesetError, match="contradiction"):
                nainjaune_rules.load_ruleset(str(path))


@pytest.mark.parametrize(("event", "payee"), [
    (r.Event(r.EventKind.PLAYED, (r.CardClass.KING,)), "its player"),
    (r.Event(r.EventKind.DEAL_ENDS), "the winner"),
    (r.Event(r.EventKind.OPERA), "the winner"),
    (r.Event(r.EventKind.GOES_OUT, (r.CardClass.KING,)), "the winner"),
])
def test_the_page_says_who_is_paid_after_each_event(event: r.Event, payee: str) -> None:
    """After a card, the one who laid it is paid; at the deal's end or an opéra, the
    winner (the engine pays the deal's winner: engine/settle.py)."""
    effect = r.Effect(r.Origin(r.OriginKind.INFERRED, (), "r"), event,
                      r.Action(r.ActionKind.EACH_OTHER_PAYS, amount=2))
    assert f"each other player pays {payee} 2 tokens." in describe(effect).sentence
