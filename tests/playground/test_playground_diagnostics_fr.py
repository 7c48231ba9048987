"""The worker's check answer in the page's language: diagnostics, hints and the lint
marks' hover text in French on the French page, in English (as the CLI) otherwise.

No browser: the answer is what ``worker.handle`` posts to the page (``playground.js``
lists ``text``; the editor's lint marks show ``hover``).
"""

from __future__ import annotations

import json
from typing import Any

from nainjaune_rules.core.bilingual import NNBSP
from nainjaune_rules.playground import check
from nainjaune_rules.playground.worker import handle

BROKEN = ('ruleset broken\ntitle "Broken"\nperiod "house"\nextends fr-sheet\n\n'
          'starting tokens lots\nplayers: 3 to 5\nwhen the deal ends: nonsense\n'
          'startng tokens: 5 [house "x"]\n')


def _answer(lang: str) -> dict:
    answer = json.loads(handle(json.dumps({"cmd": "check", "args": {"source": BROKEN},
                                           "lang": lang})))
    assert answer["ok"]
    return answer["result"]


def test_the_french_page_gets_french_diagnostics() -> None:
    english, french = _answer("en"), _answer("fr")
    assert len(french["diagnostics"]) == len(english["diagnostics"]) >= 3
    for en, fr in zip(english["diagnostics"], french["diagnostics"], strict=True):
        # the same place, kind and severity; the words differ
        assert {k: en[k] for k in ("line", "column", "length", "kind", "severity")} == \
            {k: fr[k] for k in ("line", "column", "length", "kind", "severity")}
        assert fr["message"] != en["message"] and fr["message"] in fr["text"]
        assert f"erreur[{fr['kind']}]{NNBSP}: " in fr["text"]
        assert "hint:" not in fr["text"] and "error[" not in fr["text"]
        if en["hint"]:
            assert fr["hint"] and fr["hint"] != en["hint"]
            assert fr["hover"] == f"{fr['message']}\nconseil{NNBSP}: {fr['hint']}"
            assert en["hover"] == f"{en['message']}\nhint: {en['hint']}"
        else:
            assert fr["hover"] == fr["message"]
    said = [d["message"] for d in french["diagnostics"]]
    assert "aucune instruction ne commence par «\u00a0startng tokens\u00a0»" in said, said


def test_the_english_page_gets_what_the_command_line_prints() -> None:
    english = check(BROKEN)
    assert [d["text"] for d in _answer("en")["diagnostics"]] == \
        [d["text"] for d in english["diagnostics"]]
    assert all("error[" in d["text"] for d in english["diagnostics"])


def test_the_french_page_shows_and_hovers_french_diagnostics(browsing: Any) -> None:
    """In the browser: the French page lists the diagnostic in French, and its lint
    mark's hover says the message and the hint in French (the bundle shows ``hover``)."""
    from nainjaune_rules.playground import builtin_source

    source = builtin_source("fr-sheet") + "startng tokens: 5 [house \"x\"]\n"
    line = len(source.splitlines())
    page, _ = browsing.open(path="fr/playground.html")
    page.evaluate("text => window.playground.setSource(text)", source)
    page.wait_for_function("window.playground.checked() === window.playground.text()")
    shown = page.locator("[data-testid=diagnostics] pre").all_text_contents()
    assert len(shown) == 1, shown
    assert shown[0].startswith(f"playground.nj:{line}:1: erreur[syntax]{NNBSP}: aucune "
                               "instruction ne commence par «\u00a0startng tokens\u00a0»")
    page.hover(".cm-lintRange-error")
    tooltip = page.locator(".cm-tooltip-lint")
    tooltip.wait_for()
    said = tooltip.text_content() or ""
    assert "aucune instruction ne commence par" in said
    assert f"conseil{NNBSP}: vouliez-vous dire «\u00a0starting tokens\u00a0»{NNBSP}?" in said
    assert "hint" not in said and "did you mean" not in said
