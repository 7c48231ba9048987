"""The registries of the language's kinds (core/actions.py, core/kinds.py, model/words.py
and the tables it gathers: model/deal_words.py, play_words.py, end_words.py,
action_words.py) and the grammar say the same thing, and every member of every
enumeration has its complete entry.

Every ``action`` alternative of the grammar has its phrase in the registry and reads
as it; every kind has its words; each phrase compiles, is printed back by the
writer, told in English, and plays in the engine.  Every value of every enumeration
has its words in English and French wherever one value of its enumeration has them
(a new value without its French prose fails here), every end condition its statistics
key and French end words, every action kind that may follow a card its human-seat
words; the registries' doctests run.
"""

from __future__ import annotations

import ast
import doctest
import importlib
from enum import Enum
from pathlib import Path

import pytest

import nainjaune_rules
from nainjaune_rules.core.actions import ACTION_EVENTS, PHRASES
from nainjaune_rules.core.kinds import END_PHRASES, end_alias
from nainjaune_rules.describe.prose import describe
from nainjaune_rules.engine import compile_tables
from nainjaune_rules.engine.summary import Termination
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.compiler import check_file
from nainjaune_rules.model.vocabulary import phrase_of
from nainjaune_rules.model.words import ACTION, PHRASE_MEANINGS, TABLES, Words, column, words
from nainjaune_rules.model.writer import action_text
from nainjaune_rules.syntax.parser import ruleset_parser
from nainjaune_rules.syntax.phrases import phrases

EVENT_LINE = {r.EventKind.PLAYED: "when a king is played", r.EventKind.DEAL_ENDS:
              "when the deal ends", r.EventKind.OPERA: "when opera"}


def _as_written(phrase: str) -> str:
    return phrase.format(amount="N", card="7D", in_tokens_of="N")


def test_every_action_alternative_of_the_grammar_has_its_registry_entry() -> None:
    aliases = {rule.alias for rule in ruleset_parser().rules
               if rule.origin.name == "action" and rule.alias}
    assert aliases == {p.alias for p in PHRASES}


def test_each_phrase_reads_as_its_grammar_alternative() -> None:
    grammar = phrases("action")  # rendered from the grammar's text, in its order
    written = []
    for p in PHRASES:
        text = _as_written(p.phrase)
        if p.tail is not None:
            text += " [" + _as_written(p.tail[1]).strip() + "]"
        written.append(text)
    assert sorted(written) == sorted(grammar)


def test_every_kind_has_its_words_and_a_phrase() -> None:
    assert set(ACTION) == set(r.ActionKind)
    assert {p.kind for p in PHRASES} == set(r.ActionKind)
    assert set(ACTION_EVENTS) == set(r.ActionKind) and all(ACTION_EVENTS.values())
    assert set(PHRASE_MEANINGS) == {p.alias for p in PHRASES}
    for kind in r.ActionKind:
        said = ACTION[kind]
        assert said.prose and said.short and said.label, kind
        assert said.prose_fr and said.short_fr and said.label_fr, kind
        # the human seat tells what an effect after a card brings (players/human_view.py)
        if r.EventKind.PLAYED in ACTION_EVENTS[kind]:
            assert said.forms.get("seat") and said.forms.get("seat_lost"), kind


@pytest.mark.parametrize("phrase", PHRASES, ids=[p.alias for p in PHRASES])
def test_each_phrase_compiles_prints_back_and_is_told(phrase: object, tmp_path: Path) -> None:
    assert isinstance(phrase, type(PHRASES[0]))
    event = ACTION_EVENTS[phrase.kind][0]
    words = phrase.phrase.format(amount=2, card="7D", in_tokens_of=1)
    path = tmp_path / "x.nj"
    path.write_text('ruleset x\ntitle "x"\nperiod "x"\nextends fr-sheet\n'
                    f'{EVENT_LINE[event]}: {words}   [house "x"]\n', encoding="utf-8")
    ruleset, diagnostics = check_file(str(path))
    assert ruleset is not None, [str(d) for d in diagnostics]
    effect = next(e for e in ruleset.effects if e.action.kind is phrase.kind
                  and e.event.kind is event and e.defined_in == "x")
    assert action_text(effect.action) == phrase_of(effect.action) == words
    told = describe(effect).sentence
    assert "{" not in told and told.endswith(".")
    compile_tables(ruleset)  # the engine plays it


# ---- the words of every enumeration (model/words.py, TABLES) ------------------------

ENUMS = [r.Direction, r.Side, r.FirstDealerRule, r.Stakers, r.WhenStuck, r.WhenSkipFails,
         r.WildOutOfTurn, r.Forfeit, r.CardClass, r.OperaKind, r.Basis, r.Shortfall,
         r.ChangeRule, r.Winner, r.CallMoment, r.EventKind, r.EndKind, r.SettlementStep,
         r.Evidence, r.ActionKind, r.ExtraHandRule, r.PoolWin]
#: grammar rule -> the enumeration its alternatives name (by alias, or the rule's own name)
ENUM_RULES = {"side": r.Side, "first_dealer": r.FirstDealerRule, "stakes": r.Stakers,
              "stuck_rule": r.WhenStuck, "skip_fails": r.WhenSkipFails,
              "wild_effect": r.WildOutOfTurn, "forfeit": r.Forfeit, "card_class": r.CardClass,
              "opera_kind": r.OperaKind, "change": r.ChangeRule, "call_moment": r.CallMoment,
              "event": r.EventKind, "end_condition": r.EndKind, "winner": r.Winner,
              "cannot_pay": r.Shortfall, "shortfall_then": r.Shortfall,
              "settlement_step": r.SettlementStep, "extra_hand": r.ExtraHandRule,
              "pool_winner": r.PoolWin}
#: alternatives that are not one enum value: a single card, and the announced event (a flag)
NOT_VALUES = {"one_card", "played_announced"}
#: the terminals whose literals are an enumeration's words
ENUM_TERMINALS = {"DIRECTION": r.Direction, "EVIDENCE": r.Evidence}
#: a line of the language holding each enumeration's words
CONTEXT = {
    r.Direction: "play: {}", r.Side: "first lead: {}", r.FirstDealerRule: "first dealer: {}",
    r.Stakers: "stakes: {}", r.WhenStuck: "nobody can continue: {}",
    r.WhenSkipFails: "nobody can continue: the last player goes on with the next rank, then {}",
    r.WildOutOfTurn: "wild card: 7D, out of turn it {}",
    r.Forfeit: 'announce box cards as "x", forgetting forfeits {}',
    r.CardClass: "when {} is played: the player takes its box", r.OperaKind: "opera: {}",
    r.Basis: "when the deal ends: each loser pays the winner {}",
    r.Shortfall: "cannot pay in full: {}", r.ChangeRule: "change: {}", r.Winner: "winner: {}",
    r.CallMoment: 'call {}: "x"', r.EventKind: "when {}: each other player pays 1 to the player",
    r.EndKind: "game ends: {}", r.SettlementStep: "settlement: {}", r.Evidence: "evidence {}",
    r.ActionKind: "when the deal ends: {}", r.ExtraHandRule: "extra hand: {}",
    r.PoolWin: 'pool "x": stake 1, won by {}',
}
#: a value for each slot of the registries' phrases (an end condition's number: any name)
FILLS: dict[str, str] = {"cards": "a king", "deals": "6 deals", "then": "skips again",
                         "amount": "1", "card": "7D", "in_tokens_of": "1",
                         "pair": "KD and QD"}


class _Fills(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "3"  # a number slot of an end condition ({tokens}...)


def test_every_enum_value_has_its_words() -> None:
    assert set(TABLES) == set(ENUMS) == set(CONTEXT)
    for kind in ENUMS:
        assert set(TABLES[kind]) == set(kind), kind
        for value in kind:
            assert words(value).language and words(value).alias, value
            assert column(kind, "language")[value] == words(value).language


def test_every_enum_alternative_of_the_grammar_has_its_registry_entry() -> None:
    parser = ruleset_parser()
    for rule_name, kind in ENUM_RULES.items():
        grammar = {rule.alias or rule.origin.name for rule in parser.rules
                   if rule.origin.name == rule_name} - NOT_VALUES
        registry = {w.alias for w in TABLES[kind].values()}
        # shortfall's words are spread over cannot_pay and shortfall_then
        if kind is r.Shortfall:
            grammar = {rule.alias or rule.origin.name for rule in parser.rules
                       if rule.origin.name in ("cannot_pay", "shortfall_then")}
        assert grammar == registry, rule_name
    basis = {p.alias for p in PHRASES if p.kind is r.ActionKind.LOSERS_PAY}
    assert basis == {w.alias for w in TABLES[r.Basis].values()}
    for terminal in parser.terminals:
        if terminal.name in ENUM_TERMINALS:
            literals = set(terminal.pattern.value.strip("(?:)").split("|"))
            kind = ENUM_TERMINALS[terminal.name]
            assert literals == {w.language for w in TABLES[kind].values()}, terminal.name


@pytest.mark.parametrize("kind", ENUMS, ids=lambda k: k.__name__)
def test_every_registry_phrase_parses_as_its_alternative(kind: type) -> None:
    parser = ruleset_parser()
    for value, said in TABLES[kind].items():
        line = CONTEXT[kind].format(said.language.format_map(_Fills(FILLS))) + "\n"
        tree = parser.parse(line)  # raises on words the grammar does not read
        if said.alias not in ENUM_TERMINALS:
            names = {t.data for t in tree.iter_subtrees()}
            assert said.alias in names, (value, line, names)
        if "plural" in said.forms:  # announcements name classes in the plural
            parser.parse(f'announce {said.forms["plural"]} as "x", forgetting forfeits nothing\n')


def _string_constants(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
            and isinstance(n.value, str)}


CONSUMERS = ["model/writer.py", "model/checks.py", "model/transformer.py",
             "model/tree_header.py", "model/tree_table.py", "model/tree_stakes.py",
             "model/tree_play.py",
             "model/board_checks.py", "model/card_checks.py", "model/deal_checks.py",
             "model/effect_checks.py", "model/play_checks.py", "model/stake_checks.py",
             "describe/vocabulary_en.py", "describe/vocabulary_fr.py",
             "describe/prose_fr.py", "describe/prose_deal_fr.py", "describe/prose_tokens_fr.py",
             "describe/prose_play_fr.py", "describe/prose_end_fr.py",
             "describe/prose_parts_fr.py",
             "describe/dimensions.py", "describe/labels_fr.py",
             "analysis/clauses.py", "pages/stats_words.py", "describe/prose.py",
             "describe/prose_deal.py", "describe/prose_tokens.py", "describe/prose_play.py",
             "describe/prose_end.py",
             "describe/prose_parts.py", "players/human_view.py"]


@pytest.mark.parametrize("name", CONSUMERS)
def test_the_consumers_read_the_words_from_the_registry(name: str) -> None:
    """No consumer spells an enum value's words itself (a word of one letter aside)."""
    package = Path(nainjaune_rules.__file__).resolve().parent
    spelled = _string_constants(package / name)
    registry = set()
    for table in TABLES.values():
        for said in table.values():
            fields = (said.language, said.prose, said.short, said.prose_fr, said.short_fr,
                      said.label, said.label_fr, *said.forms.values())
            registry |= {f for f in fields if len(f) > 12}  # "none", "most tokens" are words
    assert spelled & registry == set()


# ---- every member of every enumeration has its complete entry ---------------------------

#: the fields a value's entry must fill, by enumeration, beyond ``alias`` and ``language``
#: (a field or form that one value of an enumeration fills, every value fills: below)
REQUIRED: dict[type[Enum], tuple[str, ...]] = {
    r.EndKind: ("prose", "short", "prose_fr", "short_fr", "ended", "ended_fr"),
    r.ActionKind: ("prose", "short", "label", "prose_fr", "short_fr", "label_fr"),
    r.EventKind: ("prose", "prose_fr", "label", "label_fr", "after", "after_fr"),
    r.OperaKind: ("prose", "short", "prose_fr", "short_fr"),
    r.SettlementStep: ("prose", "short", "prose_fr", "short_fr"),
    r.CallMoment: ("prose", "prose_fr", "label", "label_fr"),
}
_FIELDS = ("prose", "short", "prose_fr", "short_fr", "label", "label_fr")


def _filled(said: Words, name: str) -> bool:
    return bool(getattr(said, name) if name in _FIELDS else said.forms.get(name))


@pytest.mark.parametrize("kind", ENUMS, ids=lambda k: k.__name__)
def test_every_value_has_the_words_its_enumeration_has(kind: type[Enum]) -> None:
    """A field (or form) that one value of an enumeration fills, every value fills: so a
    new value without its French prose, its table cell or its statistics words fails."""
    table = TABLES[kind]
    names = set(REQUIRED.get(kind, ())) | {
        n for said in table.values() for n in (*_FIELDS, *said.forms) if _filled(said, n)}
    missing = sorted(f"{value.name}: {n}" for value in kind for n in names
                     if not _filled(table[value], n)
                     # a form only the kinds after a card have (the human seat's words)
                     and not (kind is r.ActionKind and n in ("seat", "seat_lost")))
    assert not missing, missing


def test_every_end_condition_has_its_phrase_ending_and_statistics_key() -> None:
    """An end condition's phrase is the grammar's (core.kinds.END_PHRASES), the engine
    ends the game with the Termination of its value (engine/ending.py), which the
    statistics count as ``end:<value>`` (analysis/clauses.py) and name in French
    (pages/stats_words.py::ENDS)."""
    from nainjaune_rules.pages.stats_words import ENDS

    assert set(END_PHRASES) == set(r.EndKind)
    aliases = {rule.alias for rule in ruleset_parser().rules
               if rule.origin.name == "end_condition"}
    assert aliases == {end_alias(k) for k in r.EndKind}
    terminations = {t.value for t in Termination}
    assert {k.value for k in r.EndKind} <= terminations
    assert terminations <= set(ENDS), terminations - set(ENDS)  # no English on a French page
    assert all(ENDS.values())


#: the modules whose examples (doctests) document the registries
DOCTESTED = ["nainjaune_rules.core.actions", "nainjaune_rules.core.kinds",
             "nainjaune_rules.model.words", "nainjaune_rules.model.action_words",
             "nainjaune_rules.model.vocabulary"]


@pytest.mark.parametrize("name", DOCTESTED)
def test_the_registries_examples_hold(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no example"
    assert result.failed == 0


#: the tables keyed by an enumeration outside the registries (module, name, enumeration):
#: each holds every member, so a new member is named here rather than looked up in vain
ENUM_KEYED = [
    ("nainjaune_rules.model.play_checks", "_SIDE_OF_PLAY", r.Direction),
    ("nainjaune_rules.engine.table_play", "_FORFEIT_WEIGHT", r.Forfeit),
    ("nainjaune_rules.describe.dimensions", "_EVENT_PHASE", r.EventKind),
    ("nainjaune_rules.describe.dimensions", "_EVENT_PREFIX", r.EventKind),
    ("nainjaune_rules.describe.dimensions", "_EFFECT_LABELS", r.ActionKind),
    ("nainjaune_rules.describe.vocabulary_en", "ORIGIN_WORDS", r.OriginKind),
    ("nainjaune_rules.describe.vocabulary_fr", "ORIGIN_WORDS", r.OriginKind),
]


@pytest.mark.parametrize(("module", "name", "kind"), ENUM_KEYED,
                         ids=[f"{m.rsplit('.', 1)[1]}.{n}" for m, n, _ in ENUM_KEYED])
def test_every_table_keyed_by_an_enumeration_holds_every_member(module: str, name: str,
                                                                 kind: type[Enum]) -> None:
    table = getattr(importlib.import_module(module), name)
    assert set(table) == set(kind)
    assert all(v is not None and v != "" for v in table.values())


def test_every_settlement_step_has_its_engine_step() -> None:
    """``engine/steps.py``: one step class per member of ``SettlementStep`` (its ``kind``);
    ``compile_settlement`` leaves out a step the ruleset does not use, so a member without
    its class would be left out silently, every time."""
    import typing

    from nainjaune_rules.engine.steps import Step

    kinds = [cls.kind for cls in typing.get_args(Step)]
    assert sorted(kinds) == sorted(r.SettlementStep)


def test_a_comment_line_between_alternatives_keeps_the_rule_whole(monkeypatch) -> None:
    """`syntax/phrases.py` reads each rule's alternatives from the grammar: a `//` comment on
    its own line between two `|` alternatives once ended the rule there, and the hints lost
    every alternative after it (noticed while adding the payments by outcome)."""
    from nainjaune_rules.syntax import phrases

    grammar = ('first: "a" "b"\n     | "c" "d"\n     // a comment about the next one\n'
               '     | "e" "f"\n\nsecond: "g"\n')
    monkeypatch.setattr(phrases, "grammar_text", lambda: grammar)
    phrases._rules.cache_clear()
    try:
        assert phrases._rules()["first"] == ['"a" "b"', '"c" "d"', '"e" "f"']
    finally:
        monkeypatch.undo()
        phrases._rules.cache_clear()
