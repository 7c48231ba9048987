"""The settlement sentence comes from the rules (issue 23, item 4).

Every ruleset page said "A won deal is settled in this order: the losers pay; the other
payments; an opéra's sweep; honours kept in hand; leftovers cleared" whatever the rules:
"leftovers cleared" beside "tokens nobody has won stay" (fr-sheet, cz-box), honours on
cz-box, which has none.  Now the sentence lists the steps the engine plays for that
ruleset, in a player's words, and a test over every built-in and house ruleset holds it
to the page's other clauses."""

from __future__ import annotations

import pytest

import nainjaune_rules
from nainjaune_rules.describe.dimensions import entries
from nainjaune_rules.describe.prose import describe
from nainjaune_rules.describe.prose_fr import describe_fr
from nainjaune_rules.engine.steps import LosersPay, compile_settlement
from nainjaune_rules.model.rules import ActionKind, Settlement, SettlementStep

NAMES = nainjaune_rules.builtin_rulesets()  # the house rulesets too

#: the sentence of each built-in ruleset, as the issue asks it to be reported
EXPECTED = {
    "1760": "When a deal is won, in this order: the losers pay the winner; then whoever "
            "still holds a box card doubles its box.",
    "cz-box": "When a deal is won, in this order: the losers pay the winner; then after an "
              "opéra, the winner takes every box.",
    "fr-sheet": "When a deal is won, in this order: the losers pay the winner; then after an "
                "opéra, the winner takes every box; then whoever still holds a box card "
                "doubles its box.",
    "house/1902-per-card": "When a deal is won, the losers pay the winner.",
}


def _sentence(name: str, french: bool = False) -> str:
    ruleset = nainjaune_rules.load_ruleset(name)
    clauses = [e.clause for e in entries(ruleset) if isinstance(e.clause, Settlement)]
    assert len(clauses) == 1, name
    return (describe_fr if french else describe)(clauses[0]).sentence


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_sentence_of_a_ruleset(name: str) -> None:
    assert _sentence(name) == EXPECTED[name]


@pytest.mark.parametrize("name", NAMES)
def test_the_sentence_never_contradicts_the_rules(name: str) -> None:
    ruleset = nainjaune_rules.load_ruleset(name)
    said = _sentence(name)
    french = _sentence(name, french=True)
    actions = {e.action.kind for e in ruleset.effects}
    played = {step.kind for step in compile_settlement(ruleset)
              if not isinstance(step, LosersPay) or step.pays or step.opera_pays}
    if ruleset.leftovers.stay:  # "tokens nobody has won stay on the board"
        assert "left on the board" not in said and "restés sur le tableau" not in french
    if ActionKind.HONOURS_DOUBLE_BOX not in actions:
        assert "box card" not in said and "carte du tableau" not in french
    if ActionKind.SWEEP_BOARD not in actions:
        assert "opéra" not in said and "opéra" not in french
    assert "other payments" not in said and "autres paiements" not in french
    for step in SettlementStep:  # each step the sentence names is one the engine plays
        from nainjaune_rules.model.words import column

        words, words_fr = column(SettlementStep, "prose")[step], \
            column(SettlementStep, "prose_fr")[step]
        assert (words in said) == (step in played), (name, step)
        assert (words_fr in french) == (step in played), (name, step)
