"""The settlement of a deal runs the steps of the ``settlement`` clause, in its order.

The hand-worked scenario ``tests/scenarios/fr-sheet-07-honours-before-sweep.yaml`` shows an
order that changes who pays what; these tests pin the compiled steps and the default.
"""

from __future__ import annotations

import dataclasses

import pytest

from nainjaune_rules import builtin_rulesets, load_ruleset
from nainjaune_rules.engine import compile_tables
from nainjaune_rules.engine.steps import ClearLeftovers, Honours, LosersPay, OperaSweep
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.defaults import DEFAULTS, default_settlement, settlement_of
from nainjaune_rules.model.writer import clause_line

S = r.SettlementStep
#: the order the engine has always settled in (engine/settle.py before the clause existed)
TODAY = (S.LOSERS_PAY, S.OTHERS_PAY, S.OPERA_SWEEP, S.HONOURS, S.LEFTOVERS)


def test_the_default_is_a_clause_of_the_language_in_todays_order() -> None:
    default = default_settlement()
    assert default.steps == TODAY
    assert default.origin.kind is r.OriginKind.INFERRED and default.origin.reason
    # the clause text in the model is what the writer prints back
    assert DEFAULTS.splitlines()[1].startswith(clause_line(default) + " [inferred ")


@pytest.mark.parametrize("name", builtin_rulesets())
def test_every_builtin_ruleset_states_its_settlement(name: str) -> None:
    rs = load_ruleset(name)
    assert rs.settlement is not None and rs.settlement.origin.reason
    assert rs.settlement.steps == TODAY  # the goldens were played in this order


def test_a_ruleset_that_states_none_settles_in_the_default_order() -> None:
    stated = load_ruleset("fr-sheet")
    silent = dataclasses.replace(stated, settlement=None)
    assert settlement_of(silent) is default_settlement()
    assert compile_tables(silent).settlement == compile_tables(stated).settlement


def test_the_engine_runs_the_steps_in_the_clause_order_and_leaves_out_idle_ones() -> None:
    rs = load_ruleset("fr-sheet")  # an opera that sweeps, honours doubled, leftovers stay
    assert [type(s) for s in compile_tables(rs).settlement] == [LosersPay, OperaSweep, Honours]
    order = (S.LEFTOVERS, S.HONOURS, S.OTHERS_PAY, S.OPERA_SWEEP, S.LOSERS_PAY)
    moved = dataclasses.replace(
        rs, settlement=r.Settlement(r.Origin(r.OriginKind.HOUSE, reason="x"), order),
        leftovers=dataclasses.replace(rs.leftovers, stay=False))
    steps = compile_tables(moved).settlement
    assert [type(s) for s in steps] == [ClearLeftovers, Honours, OperaSweep, LosersPay]
