"""The worker's requests outside the browser: the diagnostics are capped as the command
line caps them, every malformed request and every failure is told in the page's language
(English or French) and never with Python's own error text (issue 20, defects 4 and 15)."""

from __future__ import annotations

import json
import re
import string
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from nainjaune_rules.core.diagnostics import MOST_SHOWN
from nainjaune_rules.playground import builtin_source, check
from nainjaune_rules.playground import worker as worker_module
from nainjaune_rules.playground.refusals import LANGUAGES, TYPOGRAPHY, WORDS, Refusal, say
from nainjaune_rules.playground.worker import handle

STUB = builtin_source("fr-sheet", stub=True)
#: what Python says on its own: none of it may reach the page
PYTHON_WORDS = re.compile(r"Traceback|Error\b|Exception|object has no attribute|NoneType|"
                          r"invalid literal|not subscriptable|codec|unhashable|\bint\(\)|"
                          r"argument|<class ")


def many_on_one_line(n: int) -> str:
    """A ruleset whose ranks line lists the ace ``n`` times: n - 1 duplicate-rank errors on
    one line, and one for the line's missing origin."""
    return STUB + "ranks: " + "A " * n + "\n"


def said(template: str, text: str) -> bool:
    """Whether ``text`` is ``template`` with its fields filled in (by anything)."""
    parts = [re.escape(literal) for literal, _, _, _ in string.Formatter().parse(template)]
    return re.fullmatch(".+?".join(parts), text, re.S) is not None


def ask(cmd: str, lang: str = "en", **args: Any) -> dict[str, Any]:
    return dict(json.loads(handle(json.dumps({"cmd": cmd, "args": args, "lang": lang}))))


def test_the_cap_says_where_checking_stopped(tmp_path: Path) -> None:
    source = many_on_one_line(4000)
    result = check(source)
    # as `nainjaune check` prints it: the first 200, then where checking stopped (the
    # compiler keeps MAX_PROBLEMS errors and stops: no count of the rest exists)
    (tmp_path / "playground.nj").write_text(source, encoding="utf-8")
    printed = subprocess.run([sys.executable, "-m", "nainjaune_rules", "check", "playground.nj"],
                             cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert result["errors"] + result["warnings"] == MOST_SHOWN + 1  # 200 and the stop
    assert len(result["diagnostics"]) == MOST_SHOWN == 200
    assert result["stopped"] and result["more"] == 1
    assert result["more_text"] == "… and more: checking stopped after 200 errors"
    assert "checking stopped here" in printed.stdout
    shown = "\n".join(d["text"] for d in result["diagnostics"])
    assert printed.stdout.startswith(shown + "\n")  # the same first 200, in the same order
    assert len(json.dumps(result)) < 200_000  # the 51 MB came from rendering them all


def test_the_cap_in_french_and_below_it() -> None:
    assert check(many_on_one_line(300), "fr")["more_text"] == (
        "… et d'autres\u202f: la vérification s'est arrêtée après 200 erreurs")
    assert say("more", "fr", count=100) == "… et 100 de plus"
    small = check(many_on_one_line(200))
    assert (len(small["diagnostics"]), small["more"], small["more_text"]) == (200, 0, "")
    assert not small["stopped"]


def test_the_answer_stays_small_however_long_the_line() -> None:
    # each diagnostic quotes its line: a window around the column, never the whole line
    answer = handle(json.dumps({"cmd": "check", "args": {"source": many_on_one_line(60_000)}}))
    assert len(answer) < 300_000


def test_every_sentence_has_both_languages_with_the_same_fields() -> None:
    fields = string.Formatter()
    for key, words in WORDS.items():
        assert set(words) == set(LANGUAGES), key
        named = [{f for _, f, _, _ in fields.parse(text) if f} for text in words.values()]
        assert all(n == named[0] for n in named), key


@pytest.mark.parametrize("request_text,key", [
    ("", "unreadable"), ("[", "unreadable"), ("[" * 100_000, "unreadable"),
    ('"check"', "unreadable"), ("[1, 2]", "unreadable"), ("1e999999", "unreadable"),
    ('{"cmd": "check", "args": []}', "unreadable"),
    ('{"cmd": 7}', "unknown-request"), ('{"cmd": "__class__"}', "unknown-request"),
    ('{"cmd": "check"}', "missing"), ('{"cmd": "check", "args": {"source": 3}}', "not-text"),
    ('{"cmd": "check", "args": {"source": "", "x": 1}}', "unknown-field"),
    ('{"cmd": "deal", "args": {"source": "", "players": "4"}}', "not-number"),
    ('{"cmd": "deal", "args": {"source": "", "players": 4.5}}', "not-number"),
    ('{"cmd": "deal", "args": {"source": "", "players": true}}', "not-number"),
    ('{"cmd": "deal", "args": {"source": "", "players": 1e999}}', "not-number"),
    ('{"cmd": "deal", "args": {"source": "", "players": 99999999999999999999}}', "out-of-range"),
    ('{"cmd": "deal", "args": {"source": "", "players": 4, "seed": -1}}', "out-of-range"),
    ('{"cmd": "deal", "args": {"source": "", "players": 4, "autoplay": "yes"}}', "not-yes-no"),
    ('{"cmd": "check", "args": {"source": "\\ud800"}}', "broken-character"),
    ('{"cmd": "move", "args": {"move": "QS"}}', "no-deal"),
    ('{"cmd": "stats-step"}', "no-stats"),
    ('{"cmd": "source", "args": {"name": "../../etc/passwd"}}', "not-builtin"),
])
def test_a_malformed_request_is_refused_in_words(request_text: str, key: str) -> None:
    worker_module._state.update(deal=None, stats=None)
    for lang in LANGUAGES:
        text = request_text if not request_text.startswith("{") else (
            request_text[:-1] + f', "lang": "{lang}"}}')
        answer = json.loads(handle(text))
        assert answer["ok"] is False
        error = answer["error"]
        told_in = lang if request_text.startswith("{") else "en"
        template = TYPOGRAPHY[told_in](WORDS[key][told_in])
        assert said(template, error), error
        assert not PYTHON_WORDS.search(error), error


def test_a_long_text_is_refused_before_it_is_compiled() -> None:
    answer = ask("check", source="#" * 1_000_001)
    assert answer == {"ok": False, "error": "“source” is too long: 1000001 characters, "
                                            "at most 1000000."}


def test_the_deal_s_refusals_are_told_in_french() -> None:
    # in French typography: a narrow no-break space before « : » and inside « » (#25)
    assert ask("deal", "fr", source=STUB, players=9)["error"] == (
        "Ce jeu de règles se joue à 3, 4, 5, 6, 7, 8 joueurs, pas 9.")
    assert ask("deal", "fr", source=STUB, players=4, seat=4)["error"] == (
        "Il n'y a pas de place 4 à une table de 4.")
    assert ask("deal", "fr", source=STUB, players=4, bots="smart")["error"] == (
        "Aucun robot ne s'appelle «\u202fsmart\u202f»\u202f: choisissez lowest, greedy, random.")
    assert ask("deal", "fr", source=STUB + "nonsense\n", players=4)["error"] == (
        "Le jeu de règles contient des erreurs\u202f: voyez les diagnostics.")
    state = ask("deal", "fr", source=STUB, players=4, seed=2)["result"]
    unplayable = next(c["code"] for c in state["hand"] if not c["moves"])
    assert ask("move", "fr", move=unplayable)["error"] == (
        f"«\u202f{unplayable}\u202f» n'est pas un coup permis maintenant.")
    assert ask("transcript", "fr")["error"] == "La donne n'est pas finie."


def test_an_unforeseen_failure_is_told_without_python_s_words(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A defect anywhere behind a request (here: the compiler raising) is the 'unexpected'
    sentence, in the page's language; the next request is answered as before."""
    def broken(source: str) -> Any:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr("nainjaune_rules.playground.editing.compile_source", broken)
    for lang in LANGUAGES:
        assert ask("check", lang, source=STUB) == {"ok": False,
                                                   "error": say("unexpected", lang)}
    for failure in (RecursionError(), MemoryError(), KeyError("source"), TypeError("x")):
        def raising(source: str, failure: BaseException = failure) -> Any:
            raise failure
        monkeypatch.setattr("nainjaune_rules.playground.editing.compile_source",
                            raising)
        assert ask("check", source=STUB)["error"] == say("unexpected", "en")
    monkeypatch.undo()
    assert ask("check", source=STUB)["result"]["valid"] is True


def test_a_refusal_names_a_known_sentence() -> None:
    with pytest.raises(KeyError):
        Refusal("no-such-sentence")
    assert str(Refusal("not-your-turn")) == "It is not your turn."
    assert Refusal("not-your-turn").told("fr") == "Ce n'est pas votre tour."
    assert Refusal("not-your-turn").told("de") == "It is not your turn."  # English otherwise
