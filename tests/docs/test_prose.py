"""The prose generator covers every clause type and every enum value of rules.py."""

from __future__ import annotations

import inspect
from enum import Enum

import pytest
from docs_fixtures import card, cite, hoc, modern

from nainjaune_rules.describe import prose, vocabulary_en
from nainjaune_rules.describe.dimensions import DIMENSIONS, entries
from nainjaune_rules.model import rules as r
from nainjaune_rules.pages import Shelf

ORIGIN = cite("x ¶1")


def _clause_types() -> list[type]:
    return [
        cls for _, cls in inspect.getmembers(r, inspect.isclass)
        if issubclass(cls, r.Clause) and cls is not r.Clause
    ]


def test_every_clause_type_has_its_own_prose_function() -> None:
    base = prose.describe.dispatch(r.Clause)
    missing = [c.__name__ for c in _clause_types() if prose.describe.dispatch(c) is base]
    assert not missing, f"no prose function for {missing}"


#: fields of a Ruleset that hold clauses not in force
NOT_IN_FORCE = {"overridden"}


def test_every_clause_in_force_belongs_to_a_dimension(shelf: Shelf) -> None:
    for ruleset in [hoc(), *shelf.rulesets.values()]:
        placed = {id(e.clause) for e in entries(ruleset)}
        # the settlement is placed as the steps that do something in the ruleset (a copy
        # of its clause, issue 23): its own clause is on the page through that copy
        if any(isinstance(e.clause, r.Settlement) for e in entries(ruleset)):
            placed.add(id(ruleset.settlement))
        for name, value in vars(ruleset).items():
            values = value if isinstance(value, tuple) else (value,)
            for v in values:
                if (isinstance(v, r.Clause) and not isinstance(v, r.TableOption)
                        and name not in NOT_IN_FORCE):
                    assert id(v) in placed, f"{ruleset.id}: {name} is on no ruleset page"
    assert any(d.key == "options" for d in DIMENSIONS)


def _effect(event: r.EventKind = r.EventKind.DEAL_ENDS,
            action: r.ActionKind = r.ActionKind.LOSERS_PAY,
            cls: r.CardClass | r.Card = r.CardClass.BOX_CARD) -> r.Effect:
    cards = (cls,) if event is r.EventKind.PLAYED else ()
    return r.Effect(ORIGIN, r.Event(event, cards, announced=True),
                    r.Action(action, amount=2, basis=r.Basis.CARDS, card=card("7D")))


def _pool(won_by: r.PoolWin) -> r.Pool:
    cards = (card("KD"), card("QD")) if won_by is r.PoolWin.CARDS else ()
    return r.Pool(ORIGIN, "Matrimony", 2, won_by, cards)


#: for each enum that rules.py offers (from core.kinds and core.actions), how to show its
#: value in words
SHOW: dict[type[Enum], object] = {
    r.OriginKind: lambda v: vocabulary_en.origin_text(r.Origin(v, (r.Citation("x", "1"),), "why")),
    r.Evidence: lambda v: vocabulary_en.EVIDENCE_WORDS[v],
    r.Direction: lambda v: prose.sentence(r.PlayDirection(ORIGIN, v)) + prose.sentence(
        r.Dealing(ORIGIN, 3, v)),
    r.Side: lambda v: (prose.sentence(r.NextDealer(ORIGIN, v))
                       + prose.sentence(r.FirstLead(ORIGIN, v))),
    r.FirstDealerRule: lambda v: prose.sentence(r.FirstDealer(ORIGIN, v)),
    r.Stakers: lambda v: prose.sentence(r.Stakes(ORIGIN, v)),
    r.WhenStuck: lambda v: prose.sentence(r.NobodyCanContinue(ORIGIN, v)),
    r.WhenSkipFails: lambda v: prose.sentence(
        r.NobodyCanContinue(ORIGIN, r.WhenStuck.NEXT_RANK, v)),
    r.WildOutOfTurn: lambda v: prose.sentence(r.WildCard(ORIGIN, card("7D"), v)),
    r.Forfeit: lambda v: prose.sentence(r.Announcement(ORIGIN, (r.CardClass.KING,), "Hoc!", v)),
    r.CardClass: lambda v: prose.sentence(_effect(r.EventKind.PLAYED, r.ActionKind.TAKE_BOX, v)),
    r.OperaKind: lambda v: prose.sentence(r.Opera(ORIGIN, v)),
    r.Basis: lambda v: prose.sentence(r.Effect(
        ORIGIN, r.Event(r.EventKind.DEAL_ENDS), r.Action(r.ActionKind.LOSERS_PAY, 1, v))),
    r.Shortfall: lambda v: prose.sentence(r.CannotPay(ORIGIN, v)),
    r.ChangeRule: lambda v: prose.sentence(r.Change(ORIGIN, v)),
    r.Winner: lambda v: prose.sentence(r.WinnerRule(ORIGIN, v)),
    r.CallMoment: lambda v: prose.sentence(r.Call(ORIGIN, v, "sans")),
    r.EventKind: lambda v: prose.sentence(_effect(v)),
    r.ActionKind: lambda v: prose.sentence(_effect(action=v)),
    r.EndKind: lambda v: prose.sentence(
        r.GameEnd(ORIGIN, (r.EndCondition(v, ((3, 12), (0, 10))),))),
    r.ExtraHandRule: lambda v: prose.sentence(r.ExtraHand(ORIGIN, v)),
    r.PoolWin: lambda v: prose.sentence(_pool(v)),
    r.SettlementStep: lambda v: prose.sentence(r.Settlement(ORIGIN, (v,))),
}


def _enums() -> list[type[Enum]]:
    # every enum a rule object's user reaches as rules.X (they are declared in core.kinds
    # and core.actions, not in rules.py: a filter on rules.py's own module found none)
    return [c for _, c in inspect.getmembers(r, inspect.isclass) if issubclass(c, Enum)]


def test_every_enum_of_rules_py_is_covered() -> None:
    assert len(_enums()) >= 20  # the enums are found at all
    assert set(_enums()) <= set(SHOW), f"no prose test for {set(_enums()) - set(SHOW)}"


@pytest.mark.parametrize("enum", list(SHOW), ids=lambda e: e.__name__)
def test_each_enum_value_reads_differently(enum: type[Enum]) -> None:
    show = SHOW[enum]
    texts = [show(v) for v in enum]  # type: ignore[operator]
    assert all(t.strip() for t in texts)
    assert len(set(texts)) == len(texts), f"two values of {enum.__name__} read the same"


@pytest.mark.parametrize("ruleset", [modern(), hoc()], ids=["modern", "hoc"])
def test_every_clause_has_a_sentence_and_a_short_form(ruleset: r.Ruleset) -> None:
    for entry in entries(ruleset):
        phrase = prose.describe(entry.clause)
        assert phrase.sentence.endswith(".") and phrase.sentence[0].isupper(), phrase
        assert 0 < len(phrase.short) <= 80, phrase.short
    for option in ruleset.options:
        assert option.name in prose.describe(option).short


def test_sentences_read_as_players_speak() -> None:
    everyone = r.Players(ORIGIN, (3, 4, 5, 6, 7, 8))
    assert prose.sentence(everyone) == "The game is for 3 to 8 players."
    assert prose.sentence(r.Players(ORIGIN, (3, 5))) == "The game is for 3 or 5 players."
    assert "queen of spades (Q♠)" in prose.sentence(r.StopCards(ORIGIN, (card("QS"),)))
    end = r.GameEnd(ORIGIN, (r.EndCondition(r.EndKind.AFTER_DEALS, ((3, 12), (5, 10))),
                        r.EndCondition(r.EndKind.NO_TOKENS)))
    assert prose.sentence(end) == (
        "The game ends after 12 deals with 3 players or 10 deals with 5 players or when a "
        "player has no tokens left at the start of a deal, whichever comes first."
    )
