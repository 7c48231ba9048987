"""The French prose covers every clause type, every enum value and every clause of the
built-in rulesets, and it is French: no English rule prose slips into it."""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

import pytest
from docs_fixtures import card, cite, hoc, modern
from test_prose import SHOW, _clause_types, _effect, _pool

import nainjaune_rules
from nainjaune_rules.describe import prose, prose_fr, vocabulary_en, vocabulary_fr
from nainjaune_rules.describe.dimensions import entries
from nainjaune_rules.model import rules as r

ORIGIN = cite("x ¶1")

#: English words that are not French words too: any of them in a French sentence
#: means English prose slipped in ("as", "or", "suit", "double" are French as well)
ENGLISH = frozenset("""
the and of player players each when pays pay deal deals dealer card cards token tokens
with who is are must may any one run runs box boxes stake stakes left right first winner
loser losers game ends turn nobody their they it its in at to by then out hand hands
takes take king queen jack ace clubs diamonds hearts spades clockwise wins until every
""".split())


def english_words(text: str) -> set[str]:
    """The English words of ``text``; a command-line option (``--dealer``) is a name."""
    text = re.sub(r"--[a-z-]+", " ", text.lower())
    return {w for w in re.findall(r"[^\W\d_]+", text) if w in ENGLISH}


def data_strings(value: object) -> list[str]:
    """The strings a ruleset spells out itself inside a clause (a box's name, a spoken
    word, an option's name and description): data, quoted as it is, never prose."""
    if isinstance(value, str) and not isinstance(value, Enum):
        return [value]
    if isinstance(value, tuple):
        return [s for v in value for s in data_strings(v)]
    if is_dataclass(value) and not isinstance(value, type):
        return [s for f in fields(value) if f.name not in {"origin", "span", "defined_in"}
                for s in data_strings(getattr(value, f.name))]
    return []


def prose_only(text: str, clause: r.Clause) -> str:
    """``text`` without the clause's own data strings, longest first."""
    for data in sorted(data_strings(clause), key=len, reverse=True):
        text = text.replace(data, " ")
    return text


def builtin_clauses() -> list[tuple[str, r.Clause]]:
    """Every clause of every built-in ruleset: those in force, the table options, the
    clauses of every choice of every option, and the clauses the choices replace."""
    found: list[tuple[str, r.Clause]] = []
    for name in nainjaune_rules.builtin_rulesets():
        ruleset = nainjaune_rules.load_ruleset(name)
        clauses = [e.clause for e in entries(ruleset)] + list(ruleset.options)
        clauses += [c for o in ruleset.options for ch in o.choices for c in ch.clauses]
        clauses += list(ruleset.overridden)
        found += [(f"{name}:{type(c).__name__}", c) for c in clauses]
    return found


BUILTIN = builtin_clauses()


def test_every_clause_type_has_its_own_french_function() -> None:
    base = prose_fr.describe_fr.dispatch(r.Clause)
    missing = [c.__name__ for c in _clause_types() if prose_fr.describe_fr.dispatch(c) is base]
    assert not missing, f"no French prose function for {missing}"


def test_the_builtin_rulesets_use_many_clause_types() -> None:
    # the walk below really meets the clauses: options, their choices, most clause types
    kinds = {type(c) for _, c in BUILTIN}
    assert {r.TableOption, r.Effect, r.Call, r.Announcement, r.Talon, r.Shuffling,
            r.PlayedCards, r.DealEnd, r.WildCard, r.Opera} <= kinds
    # clause kinds of issue 22 that no built-in ruleset uses yet (Pool, Trumps, TurnUpBox:
    # tests/docs/test_prose_board.py describes them; the others are checked just below)
    assert len(kinds | set(AWAITING_COUSINS)) >= len(_clause_types()) - 5


#: issue 22 items 7 and 8: lead constraints and a rank laid at once
AWAITING_COUSINS: dict[type, tuple[r.Clause, ...]] = {
    r.LeadCard: (r.LeadCard(ORIGIN),),
    r.LeadAfterStop: (r.LeadAfterStop(ORIGIN, passes=True), r.LeadAfterStop(ORIGIN,
                                                                            passes=False)),
    r.RankAtOnce: (r.RankAtOnce(ORIGIN),),
}


#: the built-in clauses, and those of the new kinds no built-in ruleset uses yet
_READ = BUILTIN + [(f"new-{i}", c) for i, c in enumerate(
    c for cs in AWAITING_COUSINS.values() for c in cs)]


@pytest.mark.parametrize("clause", [c for _, c in _READ], ids=[i for i, _ in _READ])
def test_every_builtin_clause_reads_in_french(clause: r.Clause) -> None:
    phrase = prose_fr.describe_fr(clause)
    assert phrase.sentence[0].isupper() and phrase.sentence.endswith("."), phrase
    assert 0 < len(phrase.short) <= 160, phrase.short
    for text in (phrase.sentence, phrase.short):
        stray = english_words(prose_only(text, clause))
        assert not stray, f"English words {sorted(stray)} in French prose: {text}"
    assert phrase != prose.describe(clause)


def test_the_stop_words_catch_english_prose() -> None:
    # the check above can fail: the English prose of the same clauses trips it
    caught = [c for _, c in BUILTIN
              if english_words(prose_only(prose.describe(c).sentence, c))]
    assert len(caught) == len(BUILTIN)


#: for each enum of rules.py, the clauses that show one of its values in words
CLAUSES_FOR: dict[type[Enum], Callable[[Any], list[r.Clause]]] = {
    r.Direction: lambda v: [r.PlayDirection(ORIGIN, v), r.Dealing(ORIGIN, 3, v)],
    r.Side: lambda v: [r.NextDealer(ORIGIN, v), r.FirstLead(ORIGIN, v), r.Shuffling(ORIGIN, v)],
    r.FirstDealerRule: lambda v: [r.FirstDealer(ORIGIN, v)],
    r.Stakers: lambda v: [r.Stakes(ORIGIN, v)],
    r.WhenStuck: lambda v: [r.NobodyCanContinue(ORIGIN, v)],
    r.WhenSkipFails: lambda v: [r.NobodyCanContinue(ORIGIN, r.WhenStuck.NEXT_RANK, v)],
    r.WildOutOfTurn: lambda v: [r.WildCard(ORIGIN, card("7D"), v)],
    r.Forfeit: lambda v: [r.Announcement(ORIGIN, (r.CardClass.KING,), "Hoc!", v)],
    r.CardClass: lambda v: [_effect(r.EventKind.PLAYED, r.ActionKind.TAKE_BOX, v)],
    r.OperaKind: lambda v: [r.Opera(ORIGIN, v)],
    r.Basis: lambda v: [r.Effect(ORIGIN, r.Event(r.EventKind.DEAL_ENDS),
                                 r.Action(r.ActionKind.LOSERS_PAY, 1, v))],
    r.Shortfall: lambda v: [r.CannotPay(ORIGIN, v)],
    r.ChangeRule: lambda v: [r.Change(ORIGIN, v)],
    r.Winner: lambda v: [r.WinnerRule(ORIGIN, v)],
    r.CallMoment: lambda v: [r.Call(ORIGIN, v, "sans")],
    r.EventKind: lambda v: [_effect(v)],
    r.ActionKind: lambda v: [_effect(action=v)],
    r.EndKind: lambda v: [r.GameEnd(ORIGIN, (r.EndCondition(v, ((3, 12), (0, 10))),))],
    r.ExtraHandRule: lambda v: [r.ExtraHand(ORIGIN, v)],
    r.PoolWin: lambda v: [_pool(v)],
    r.SettlementStep: lambda v: [r.Settlement(ORIGIN, (v,))],
}


def show_fr(enum: type[Enum], value: Enum) -> str:
    """``value`` in French: through the prose of its clauses, or the vocabulary's words."""
    if enum is r.OriginKind:
        return vocabulary_fr.origin_text(r.Origin(r.OriginKind(value), (r.Citation("x", "1"),)))
    if enum is r.Evidence:
        return vocabulary_fr.EVIDENCE_WORDS[r.Evidence(value)]
    clauses = CLAUSES_FOR[enum](value)
    return " ".join(prose_fr.describe_fr(c).sentence + " " + prose_fr.describe_fr(c).short
                    for c in clauses)


FRENCH_ENUMS = [*CLAUSES_FOR, r.OriginKind, r.Evidence]


def test_every_enum_has_french_words() -> None:
    assert set(FRENCH_ENUMS) == set(SHOW)


@pytest.mark.parametrize("enum", FRENCH_ENUMS, ids=lambda e: e.__name__)
def test_each_enum_value_reads_differently_and_in_french(enum: type[Enum]) -> None:
    texts = [show_fr(enum, v) for v in enum]
    assert len(set(texts)) == len(texts), f"two values of {enum.__name__} read the same"
    for text in texts:
        stray = english_words(text.replace("« sans »", "").replace("« Hoc! »", ""))
        assert not stray, f"English words {sorted(stray)}: {text}"


def test_the_french_tables_have_every_value_the_english_ones_have() -> None:
    for name, table in inspect.getmembers(vocabulary_en, lambda v: isinstance(v, dict)):
        if name.isupper() and name.endswith(("_WORDS", "_SHORT")):
            french = getattr(vocabulary_fr, name)
            assert set(french) == set(table), name
            assert all(french[k] != table[k] for k in table), name


@pytest.mark.parametrize("ruleset", [modern(), hoc()], ids=["modern", "hoc"])
def test_every_clause_of_the_hand_built_rulesets_reads_in_french(ruleset: r.Ruleset) -> None:
    for entry in entries(ruleset):
        phrase = prose_fr.describe_fr(entry.clause)
        assert phrase.sentence.endswith(".") and phrase.sentence[0].isupper(), phrase
        assert not english_words(prose_only(phrase.sentence, entry.clause)), phrase
    for option in ruleset.options:
        assert option.name in prose_fr.describe_fr(option).short


def test_sentences_use_the_sources_words() -> None:
    # hand-worked from the sources: fr-1902 ¶1 "Le sort désigne quel est celui qui
    # donnera", ¶4 "la donne passe au voisin de droite"; fr-sheet ¶5 "la dame de pique",
    # ¶19 "il annonce sans 10", ¶22 "dame qui prend"
    sentence = prose_fr.sentence
    assert sentence(r.Players(ORIGIN, (3, 4, 5, 6, 7, 8))) == "La partie se joue de 3 à 8 joueurs."
    assert sentence(r.Players(ORIGIN, (3, 5))) == "La partie se joue à 3 ou 5 joueurs."
    assert sentence(r.FirstDealer(ORIGIN, r.FirstDealerRule.BY_LOT)) == (
        "Le sort désigne le premier donneur.")
    assert sentence(r.NextDealer(ORIGIN, r.Side.RIGHT)) == (
        "Après chaque donne, la donne passe au voisin de droite du donneur.")
    assert sentence(r.StopCards(ORIGIN, (card("QS"),))).startswith(
        "La dame de pique (♠D) est une carte d'arrêt : la poser arrête la suite")
    assert sentence(r.Call(ORIGIN, r.CallMoment.STOPPING, "sans")) == (
        "Qui s'arrête dit « sans », suivi de la hauteur qui lui manque.")
    said = sentence(r.Announcement(ORIGIN, (r.CardClass.BOX_CARD,), "… qui prend",
                                   r.Forfeit.THE_BOX))
    assert said.startswith("Qui pose une carte du tableau doit l'annoncer en disant "
                           "« … qui prend »")
    end = r.GameEnd(ORIGIN, (r.EndCondition(r.EndKind.AFTER_DEALS, ((3, 12), (5, 10))),
                        r.EndCondition(r.EndKind.NO_TOKENS)))
    assert sentence(end) == (
        "La partie s'arrête après 12 donnes à 3 joueurs ou 10 donnes à 5 joueurs ou quand "
        "un joueur n'a plus de jetons au début d'une donne, selon ce qui arrive en premier."
    )


def test_a_box_is_named_by_its_card_and_its_own_name_only_when_it_says_more() -> None:
    boxes = (r.Box(card("10D"), 1, "the ten of diamonds"), r.Box(card("7D"), 5, "le Nain jaune"))
    text = prose_fr.sentence(r.Board(ORIGIN, boxes))
    # the cards as the French sources page writes them: the suit first (♦10, ♣V, ♠D)
    assert text == ("Le tableau a 2 cases : le 10 de carreau (♦10, mise 1) et le 7 de carreau "
                    "(♦7, « le Nain jaune », mise 5) ; les mises d'un joueur font 6 jetons.")


def test_ranks_in_another_order_read_with_their_articles() -> None:
    ace_high = r.Ranks(ORIGIN, tuple(range(2, 14)) + (1,))
    assert prose_fr.short(ace_high) == "du 2 à l'as"
    queen_high = r.Ranks(ORIGIN, tuple(range(1, 13)))
    assert prose_fr.short(queen_high) == "de l'as à la dame"
    assert prose_fr.short(r.Ranks(ORIGIN, tuple(range(1, 14)))) == "de l'as au roi"
