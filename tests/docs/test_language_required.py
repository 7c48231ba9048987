"""The language reference says exactly which clauses a standalone ruleset needs, and which
have a default (issue 24, item 6): its lists are held to the compiler's ``REQUIRED`` and
to ``model.defaults``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nainjaune_rules.model.clause_heads import clause_head
from nainjaune_rules.model.defaults import DEFAULTS
from nainjaune_rules.model.resolve import REQUIRED

SITE = Path(__file__).resolve().parents[2] / "site"


def _paragraph(page: str, start: str) -> str:
    text = (SITE / page).read_text(encoding="utf-8")
    at = text.index(start)
    return text[at:text.index("\n\n", at)]


@pytest.mark.parametrize(("page", "start"), [
    ("language.md", "A ruleset that does not extend another"),
    ("language.fr.md", "Un jeu de règles qui n'en étend aucun autre"),
])
def test_the_reference_lists_the_required_clauses_and_the_defaulted_ones(
        page: str, start: str) -> None:
    paragraph = _paragraph(page, start)
    named = re.findall(r"`([^`]+)`", paragraph)
    required = [clause_head(name) for name in REQUIRED]
    assert named[:len(required) + 2] == [
        *required[:11], "starting tokens", "tokens", *required[12:15], "after a king",
        "after the top rank", *required[16:]], named
    assert len(required) == 20 and ("vingt" in paragraph or "twenty" in paragraph)
    # the clauses with a default are those of model/defaults.py, named by their heads
    defaulted = {line.split(":")[0] for line in DEFAULTS.splitlines() if ":" in line}
    assert defaulted == {"turn", "settlement", "deal ends", "shuffling", "talon",
                         "played cards"}
    assert all(f"`{head}`" in paragraph for head in defaulted)


def test_out_of_turn_has_one_meaning_in_the_reference() -> None:
    text = (SITE / "language.md").read_text(encoding="utf-8")
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    uses = [m.start() for m in re.finditer("out of turn", prose)]
    # the clause's fixed words, and the one sentence that says what it means elsewhere
    assert len(uses) == 2, [prose[u - 60:u + 40] for u in uses]
    assert "*out of turn* means that alone: laid\nduring another player's turn" in prose
