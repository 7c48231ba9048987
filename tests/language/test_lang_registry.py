"""The registry of action kinds (model/vocabulary.py) and the grammar say the same thing.

Every ``action`` alternative of the grammar has its phrase in the registry and reads
as it; every kind has its words; each phrase compiles, is printed back by the
writer, told in English, and plays in the engine.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nainjaune_rules.engine import compile_tables
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.compile import check_file
from nainjaune_rules.model.vocabulary import ACTION_EVENTS, KINDS, PHRASES, WORDS, phrase_of
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
    for words in KINDS:
        assert words.prose and words.short and words.label


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
