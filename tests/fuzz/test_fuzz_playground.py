"""Fuzzing the playground's worker with malformed requests (issue 20, defects 4 and 15).

The page's Web Worker passes each request to
``nainjaune_rules.playground.worker.handle`` as one JSON text; a page that was
tampered with (or a bug in it) can send anything.  Inputs:

- random text, random JSON values, and JSON cut short or nested deeply, as the request;
- well-formed requests (every command, and unknown ones) whose arguments are random
  JSON values under the command's own field names and others, in English, French or
  an unknown language; and each known request with its own fields, each left out,
  right, or any JSON value;
- a deal started, then random moves (cards, announcements, words, nothing);
- ``check`` of random text, and of a line repeated thousands of times on one line.

Whatever the input, ``handle`` answers one JSON object: ``{"ok": true, "result": ...}``
or ``{"ok": false, "error": ...}`` where the error is one of the playground's own
sentences (:mod:`refusals`) in the request's language, never Python's text and never
the "unexpected" sentence that stands for a defect; the answer stays under 1 MB (the
diagnostics are capped).  Hypothesis is derandomised (tests/conftest.py).
"""

from __future__ import annotations

import json
import re
import string
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nainjaune_rules.playground import builtin_source
from nainjaune_rules.playground import worker as worker_module
from nainjaune_rules.playground.refusals import LANGUAGES, TYPOGRAPHY, WORDS, language
from nainjaune_rules.playground.request_args import Field
from nainjaune_rules.playground.worker import COMMANDS, handle

SURFACE = "playground requests"
LIMIT = 1_000_000  # characters of one answer
STUB = builtin_source("fr-sheet", stub=True)
#: what Python says on its own: none of it may reach the page
PYTHON_WORDS = re.compile(r"Traceback|Error\b|Exception|object has no attribute|NoneType|"
                          r"invalid literal|not subscriptable|codec|unhashable|<class ")
FIELDS = sorted({name for fields, _ in COMMANDS.values() for name in fields})


def fuzz_settings(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])


def _sentence(template: str) -> re.Pattern[str]:
    parts = [re.escape(literal) for literal, _, _, _ in string.Formatter().parse(template)]
    return re.compile(".*?".join(parts), re.S)


#: each sentence as the page is told it, in its language's typography
SENTENCES = {lang: [(key, _sentence(TYPOGRAPHY[lang](words[lang])))
                    for key, words in WORDS.items()]
             for lang in LANGUAGES}


def judge(request: str, lang: str = "en") -> dict[str, Any]:
    """Send ``request``; assert the answer is clean (see the module docstring); return it."""
    answer_text = handle(request)
    assert len(answer_text) < LIMIT, f"{len(answer_text)} characters answered"
    answer = json.loads(answer_text)
    assert isinstance(answer, dict) and isinstance(answer.get("ok"), bool), answer_text[:500]
    if answer["ok"]:
        assert "result" in answer
        return answer
    error = answer["error"]
    assert isinstance(error, str) and error, answer_text[:500]
    if "{" in request:  # the language is the request's when the request could be read
        told = [key for key, pattern in SENTENCES[lang] if pattern.fullmatch(error)]
    else:
        told = [key for key, pattern in SENTENCES["en"] if pattern.fullmatch(error)]
    assert told, f"not one of the playground's sentences: {error!r}"
    assert told != ["unexpected"], f"a defect behind {request[:300]!r}"
    if told[0] != "unplayable":  # the engine's own words may follow that one's colon
        assert not PYTHON_WORDS.search(error), error
    return answer


def tried(tally: Counter[str], request: str, lang: str = "en") -> dict[str, Any]:
    tally[SURFACE] += 1
    answer = judge(request, lang)
    tally[SURFACE + " ok"] += 1
    return answer


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                               max_size=4),
    max_leaves=12)


@pytest.fixture(autouse=True)
def _fresh_worker() -> None:
    worker_module._state.update(deal=None, stats=None)


@fuzz_settings(150)
@given(text=st.text(st.characters(codec=None, exclude_categories=()), max_size=300))
def test_random_text(text: str, tally: Counter[str]) -> None:
    tried(tally, text)


@fuzz_settings(150)
@given(value=json_values)
def test_random_json(value: Any, tally: Counter[str]) -> None:
    tried(tally, json.dumps(value))


@pytest.mark.parametrize("text", [
    "[" * 50_000, "{\"cmd\": " * 20_000, '{"cmd": "check", "args": {"source": "', "\x00",
    '{"cmd": "check", "args": {"source": "x"}, "lang": ' + "[" * 5000 + "]" * 5000 + "}",
    '{"cmd": "deal", "args": {"source": "", "players": 1e400}}', "NaN", "Infinity",
    '{"cmd": "deal", "args": {"source": "", "players": ' + "9" * 5000 + "}}",
    '{"cmd": "check", "args": {"source": "\\udfff\\ud800"}}', '{"cmd": "check", "args": null}',
    '{"cmd": "check", "cmd": "deal"}', '{"cmd": "check", "args": {"source": 1, "source": "x"}}',
])
def test_broken_json(text: str, tally: Counter[str]) -> None:
    tried(tally, text)


requests = st.fixed_dictionaries({
    "cmd": st.sampled_from(sorted(COMMANDS)) | st.text(max_size=12),
    "args": st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=6), json_values,
                            max_size=5) | json_values,
    "lang": st.sampled_from([*LANGUAGES, "de", ""]) | json_values,
})


@fuzz_settings(300)
@given(request=requests)
def test_malformed_arguments(request: dict[str, Any], tally: Counter[str]) -> None:
    if isinstance(request["args"], dict) and "source" in request["args"]:
        request["args"]["source"] = STUB if request["args"]["source"] == "" else \
            request["args"]["source"]
    tried(tally, json.dumps(request), language(request["lang"]))


def _good(name: str, field: Field) -> st.SearchStrategy[Any]:
    """A value of the field's kind and within its bounds."""
    if field.kind is bool:
        return st.booleans()
    if field.kind is int:
        return st.integers(field.low, min(field.high, field.low + 10)) | st.just(field.high)
    return st.sampled_from({"source": [STUB, "", "ruleset x\n"], "name": ["fr-sheet", "1760"],
                            "move": ["QS", "pass"]}.get(name, ["lowest", "fr-sheet", ""]))


@st.composite
def well_named_requests(draw: st.DrawFn) -> dict[str, Any]:
    """A known request with its own fields, each left out, good, or any JSON value."""
    cmd = draw(st.sampled_from(sorted(COMMANDS)))
    args = {}
    for name, field in COMMANDS[cmd][0].items():
        choice = draw(st.integers(0, 3))
        if choice:
            args[name] = draw(_good(name, field) if choice < 3 else json_values)
    return {"cmd": cmd, "args": args, "lang": draw(st.sampled_from(LANGUAGES))}


@fuzz_settings(300)
@given(request=well_named_requests())
def test_wrong_values_in_the_right_fields(request: dict[str, Any], tally: Counter[str]) -> None:
    tried(tally, json.dumps(request), request["lang"])


@fuzz_settings(60)
@given(moves=st.lists(st.sampled_from(["QS", "QS!", "qs !", "pass", "sans", "10D", "1OD",
                                       "", " ", "!", "X", "♠Q", "QS!!"])
                      | st.text(max_size=8), max_size=12),
       players=st.integers(1, 9), seat=st.integers(0, 9), seed=st.integers(0, 50),
       lang=st.sampled_from(LANGUAGES))
def test_a_deal_with_random_moves(moves: list[str], players: int, seat: int, seed: int,
                                  lang: str, tally: Counter[str]) -> None:
    start = {"cmd": "deal", "lang": lang, "args": {"source": STUB, "players": players,
                                                   "seat": seat, "seed": seed}}
    tried(tally, json.dumps(start), lang)
    for move in moves:
        answer = tried(tally, json.dumps({"cmd": "move", "args": {"move": move},
                                          "lang": lang}), lang)
        if answer["ok"] and answer["result"]["over"]:
            break
    tried(tally, json.dumps({"cmd": "transcript", "lang": lang}), lang)


@fuzz_settings(60)
@given(text=st.text(st.characters(codec=None, exclude_categories=()), max_size=400),
       repeat=st.integers(1, 3000), lang=st.sampled_from(LANGUAGES))
def test_check_of_random_and_repeated_text(text: str, repeat: int, lang: str,
                                           tally: Counter[str]) -> None:
    for source in (text, STUB + "ranks: " + (text[:8] + " ") * repeat + "\n"):
        answer = tried(tally, json.dumps({"cmd": "check", "args": {"source": source},
                                          "lang": lang}), lang)
        if answer["ok"]:
            result = answer["result"]
            assert len(result["diagnostics"]) <= 200
            assert result["more"] == result["errors"] + result["warnings"] - len(
                result["diagnostics"])
