"""The playground with a keyboard and a screen reader, in headless Chromium (issue #26, item 3).

- every control of the page is reached by Tab, in the page's order (the editor is left by
  Escape then Tab, CodeMirror's accessible convention);
- a deal played with the keyboard alone: after each play the focus stays in the hand, on the
  next card that can be played; each card button is named in words;
- a polite live region tells each move, each box taken and the settlement in words, the
  same sentences as the package's own session (`DealSession.heard`), in English and French;
- axe-core (npm, pinned in package.json) finds no serious or critical violation on the
  playground, with a deal on the table, nor on a ruleset page.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playground_support import ROOT, Browsing, report

from nainjaune_rules.playground import DealSession, builtin_source

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

#: the page's controls, in the order of the page, that can take the focus now
CONTROLS_IN_ORDER = """() => [...document.querySelectorAll(
  '#pg select, #pg input, #pg button, #pg summary, #pg .cm-content, #pg [tabindex="0"]')]
  .filter((e) => !e.disabled && e.offsetParent !== null)
  .map((e) => e.dataset.testid || (e.matches('.cm-content') ? 'editor'
                                   : e.tagName.toLowerCase() + ':' + e.textContent.trim()))"""

FOCUSED = """() => { const e = document.activeElement;
  if (!e || !e.closest('#pg')) return null;
  return e.dataset.testid || (e.matches('.cm-content') ? 'editor'
                              : e.tagName.toLowerCase() + ':' + e.textContent.trim()); }"""

#: every sentence put in the live region, in order (set before the deal starts)
LISTEN = """() => { window.__heard = [];
  new MutationObserver(() => {
    for (const p of document.querySelectorAll('[data-testid=announcer] p')) {
      if (!p.dataset.heard) { p.dataset.heard = '1'; window.__heard.push(p.textContent); }
    }
  }).observe(document.querySelector('[data-testid=announcer]'), {childList: true, subtree: true});
}"""


def _tab_walk(page: Any, limit: int = 80) -> list[str]:
    """The controls the focus visits from the page's first control, pressing Tab (and Escape
    first whenever the focus is in the editor, which keeps Tab for indenting)."""
    page.focus("[data-testid=start-from]")
    visited = [page.evaluate(FOCUSED)]
    for _ in range(limit):
        if visited[-1] == "editor":
            page.keyboard.press("Escape")
        page.keyboard.press("Tab")
        where = page.evaluate(FOCUSED)
        if where is None:  # left the playground: the page's footer
            break
        visited.append(where)
    return visited


def test_tab_reaches_every_control_in_order(browsing: Browsing) -> None:
    page, _ = browsing.open()
    page.evaluate("text => window.playground.setSource(text)", builtin_source("fr-sheet"))
    expected = page.evaluate(CONTROLS_IN_ORDER)
    assert {"start-from", "editor", "compare", "play", "stats"} <= set(expected)
    assert _tab_walk(page) == expected


def _hand_has_focus(page: Any) -> bool:
    return bool(page.evaluate(
        "() => !!document.activeElement.closest('[data-testid=hand]')"))


def _play_by_keyboard(page: Any) -> int:
    """Press Enter on the focused card until the deal is over; returns the presses."""
    presses = 0
    while True:
        page.wait_for_function(
            "() => document.querySelector('[data-testid=download-transcript]').disabled === false"
            " || [...document.querySelectorAll('[data-testid=hand] button')]"
            ".some((b) => !b.disabled)", timeout=60_000)
        if not page.is_disabled("[data-testid=download-transcript]"):
            return presses
        assert _hand_has_focus(page), "the focus left the hand"
        label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
        assert label and not re.fullmatch(r"(10|[2-9AJQK])[CDHS♣♦♥♠]", label)
        page.keyboard.press("Enter")
        presses += 1


def _session_heard(text: str, seed: int, lang: str) -> list[str]:
    """The sentences the package's own session says for the same deal, the user's seat
    playing what the page's Enter plays: the first card that can be played, announced."""
    session = DealSession(text, 4, 0, "greedy", seed, autoplay=False, lang=lang)
    state = session.state()
    while not state["over"]:
        card = next((c for c in state["hand"] if c["moves"]), None)
        move = ("pass" if card is None
                else next((m for m in card["moves"] if m.endswith("!")), card["moves"][0]))
        state = session.move(move)
    return session.heard


@pytest.mark.parametrize(("path", "lang"), [("playground.html", "en"),
                                            ("fr/playground.html", "fr")])
def test_a_deal_by_keyboard_is_heard_in_words(browsing: Browsing, path: str, lang: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    page, _ = browsing.open(path=path)
    text = builtin_source("fr-sheet")
    page.evaluate("text => window.playground.setSource(text)", text)
    page.uncheck("[data-testid=autoplay]")
    page.select_option("[data-testid=bots]", "greedy")
    page.fill("[data-testid=seed]", "5")
    page.evaluate(LISTEN)
    page.focus("[data-testid=play]")
    page.keyboard.press("Enter")
    presses = _play_by_keyboard(page)
    heard = page.evaluate("window.__heard")
    expected = _session_heard(text, 5, lang)
    report(capsys, f"{lang}: {presses} cards played by Enter; {len(heard)} sentences heard, "
                   f"the last: {heard[-1]!r}")
    assert presses > 0
    assert heard == expected
    you_play = "Vous jouez " if lang == "fr" else "You play "
    # a move that is the only legal one is made for the user (as the engine does): more plays
    assert sum(s.startswith(you_play) for s in heard) >= presses
    settled = "La donne est réglée" if lang == "fr" else "The deal is settled"
    assert heard[-1].startswith(settled)
    suits = (r"de (trèfle|carreau|cœur|pique)" if lang == "fr"
             else r"of (clubs|diamonds|hearts|spades)")
    assert all(re.search(suits, s) for s in heard if s.startswith(you_play))


def _axe(page: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
      const result = await axe.run(document, {resultTypes: ['violations']});
      return result.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' '))}));
    }""")
    return [v for v in found if v["impact"] in ("serious", "critical")]


def test_axe_finds_nothing_serious(browsing: Browsing,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    if not AXE.is_file():
        pytest.fail("node_modules/axe-core is missing: npm ci installs it (package.json)")
    page, _ = browsing.open()
    page.evaluate("text => window.playground.setSource(text)", builtin_source("fr-sheet"))
    page.click("[data-testid=play]")  # automated: the lowest bot plays the seat
    page.locator("[data-testid=log]").filter(has_text="The deal is won by").wait_for(
        timeout=60_000)
    found = {"playground": _axe(page)}
    ruleset = page.context.new_page()
    ruleset.goto(f"{browsing.server.url}/rulesets/fr-sheet.html")
    found["ruleset page"] = _axe(ruleset)
    report(capsys, "axe-core, serious or critical: " + "; ".join(
        f"{where}: {len(v)}" for where, v in found.items()))
    assert found == {"playground": [], "ruleset page": []}
