"""The registry of action kinds (model/vocabulary.py) and the grammar say the same thing.

Every ``action`` alternative of the grammar has its phrase in the registry and reads
as it; every kind has its words; each phrase compiles, is printed back by the
writer, told in English, and plays in the engine.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import nainjaune_rules
from nainjaune_rules.core.actions import ACTION_EVENTS, KINDS, PHRASES, WORDS
from nainjaune_rules.engine import compile_tables
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.compile import check_file
from nainjaune_rules.model.vocabulary import phrase_of
from nainjaune_rules.model.words import TABLES, column, words
from nainjaune_rules.model.writer import action_text
from nainjaune_rules.outputs.docs.prose import describe
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
    assert set(WORDS) == set(r.ActionKind) == {k.kind for k in KINDS}
    assert {p.kind for p in PHRASES} == set(r.ActionKind)
    assert set(ACTION_EVENTS) == set(r.ActionKind) and all(ACTION_EVENTS.values())
    for kind_words in KINDS:
        assert kind_words.prose and kind_words.short and kind_words.label


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


# ---- the words of every enumeration (model/words.py) --------------------------------

ENUMS = [r.Direction, r.Side, r.FirstDealerRule, r.Stakers, r.WhenStuck, r.WhenSkipFails,
         r.WildOutOfTurn, r.Forfeit, r.CardClass, r.OperaKind, r.Basis, r.Shortfall,
         r.ChangeRule, r.Winner, r.CallMoment, r.EventKind, r.EndKind, r.SettlementStep,
         r.Evidence]
#: grammar rule -> the enumeration its alternatives name (by alias, or the rule's own name)
ENUM_RULES = {"side": r.Side, "first_dealer": r.FirstDealerRule, "stakes": r.Stakers,
              "stuck_rule": r.WhenStuck, "skip_fails": r.WhenSkipFails,
              "wild_effect": r.WildOutOfTurn, "forfeit": r.Forfeit, "card_class": r.CardClass,
              "opera_kind": r.OperaKind, "change": r.ChangeRule, "call_moment": r.CallMoment,
              "event": r.EventKind, "end_condition": r.EndKind, "winner": r.Winner,
              "cannot_pay": r.Shortfall, "shortfall_then": r.Shortfall,
              "settlement_step": r.SettlementStep}
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
}
FILLS = {"cards": "a king", "deals": "6 deals", "then": "skips again", "amount": "1"}


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
        line = CONTEXT[kind].format(said.language.format(**FILLS)) + "\n"
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
             "outputs/docs/vocabulary.py", "outputs/docs/vocabulary_fr.py",
             "outputs/docs/prose_fr.py",
             "outputs/docs/dimensions.py", "outputs/docs/labels_fr.py",
             "outputs/stats/clauses.py"]


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
