"""The language page's table of actions says what the checker does (issue 9, item 5).

Each row names an action and the events it may follow.  Every listed pairing
compiles; every other pairing is refused.  So the page, the checker and (through
``tests/engine/test_action_events.py``) the engine say the same thing.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import nainjaune_rules
from nainjaune_rules.core.diagnostics import RulesetError
from nainjaune_rules.model import rules as r
from nainjaune_rules.outputs.docs.prose import describe

PAGE = Path(__file__).resolve().parents[2] / "site" / "language.md"
#: how the table's last column names each event, and the event as a ruleset writes it
EVENTS = {"a card played": "a king is played", "the deal ends": "the deal ends",
          "opera": "opera"}
ROW = re.compile(r"^\| `(?P<action>[^`]+)` \| [^|]+ \| (?P<after>[^|]+) \|$")


def _rows() -> list[tuple[str, set[str]]]:
    rows = []
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match and match["action"].split()[0] in ("the", "each"):
            after = {word.strip() for word in match["after"].split(",")}
            rows.append((match["action"], after))
    return rows


def test_the_table_lists_every_action_of_the_language() -> None:
    assert len(_rows()) == 9  # the grammar's nine action phrases
    assert all(after <= set(EVENTS) and after for _, after in _rows())


@pytest.mark.parametrize(("action", "after"), _rows(), ids=lambda v: str(v)[:30])
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
])
def test_the_page_says_who_is_paid_after_each_event(event: r.Event, payee: str) -> None:
    """After a card, the one who laid it is paid; at the deal's end or an opéra, the
    winner (the engine pays the deal's winner: engine/settle.py)."""
    effect = r.Effect(r.Origin(r.OriginKind.INFERRED, (), "r"), event,
                      r.Action(r.ActionKind.EACH_OTHER_PAYS, amount=2))
    assert f"each other player pays {payee} 2 tokens." in describe(effect).sentence
