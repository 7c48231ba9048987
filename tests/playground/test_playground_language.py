"""The playground speaks its page's language (issue 26, item 4), in headless Chromium.

On the French page (``fr/playground.html``) a ruleset is checked, compared with its parent,
a deal is played to its end (the lowest bot plays the user's seat: the page is automated)
and 200 games are simulated; then the text the page shows — status, verdict, rules,
comparison, table, hand, live region, log, the statistics table and the choices of the seat
and comparison lists — holds no English word
of a small list ("the", "and", "of", "deal", "player", "stake", "pays", "wins", "seat",
"game over"…), and the log tells the settlement in French.  The English page, played the
same way, holds none of a list of French words.  Words the ruleset itself gives (a box's
name, quoted « like this » in French prose) are the ruleset's, not the page's, and are left
out.  No command-line flag ("--deals") and no seat named twice ("seat 3 (seat 3 …)").
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
from playground_support import Browsing

sys.path.insert(0, str(Path(__file__).parents[1] / "docs"))  # the French prose's own check
from test_prose_fr import ENGLISH as NOT_FRENCH  # noqa: E402

from nainjaune_rules.playground import builtin_source

#: the English words of the French prose's check (tests/docs), and the page's own
ENGLISH = sorted(NOT_FRENCH) + ["seat", "game over", "you", "board", "valid", "rules",
                                "settlement", "standings", "bank"]
FRENCH = ["donne", "joueur", "joueurs", "jeton", "jetons", "partie", "paie", "gagnée",
          "tableau", "vous", "règles", "mise", "place", "valide"]
SHOWN = ["status", "verdict", "rules", "changes", "table", "hand", "announcer", "log"]
#: a change from the parent, so that the comparison has a line to show
CHANGE = 'starting tokens: 30 [house "a short purse"]\n'


def _words_found(text: str, words: list[str]) -> list[str]:
    text = re.sub(r"«[^»]*»", "", text)  # the ruleset's own words, quoted
    return [w for w in words
            if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text, re.IGNORECASE)]


def _play_everything(page: Any, lang: str) -> str:
    """Check, compare and play a deal on ``page``; the text it then shows."""
    text = builtin_source("fr-sheet", stub=True, lang=lang) + CHANGE
    page.evaluate("text => window.playground.setSource(text)", text)
    page.click("[data-testid=compare]")
    page.locator("[data-testid=changes] li").first.wait_for()
    assert page.is_checked("[data-testid=autoplay]")  # navigator.webdriver: automated
    page.click("[data-testid=play]")
    ended = "La donne est gagnée par" if lang == "fr" else "The deal is won by"
    page.locator("[data-testid=log]").filter(has_text=ended).wait_for(timeout=120_000)
    page.locator("[data-testid=status]").filter(
        has_text="La donne est finie" if lang == "fr" else "The deal is over").wait_for()
    page.click("[data-testid=stats]")
    page.locator("[data-testid=status]").filter(
        has_text="parties jouées en" if lang == "fr" else "games played in").wait_for(
        timeout=120_000)
    parts = [page.locator(f"[data-testid={t}]").text_content() or "" for t in SHOWN]
    table = (page.locator("[data-testid=stats-output]").text_content() or "").splitlines()
    # the table's first line is the ruleset's own title, the second names its options
    parts += [re.sub(r"options ?: .*", "", table[1]), *table[2:]]
    for select in ("seat", "compare-with"):
        parts += page.locator(f"[data-testid={select}] option").all_text_contents()[:1]
    return "\n".join(parts)


@pytest.mark.parametrize(("lang", "path", "foreign", "settled"), [
    ("fr", "fr/playground.html", ENGLISH, "--- fin de la donne 1 : le règlement"),
    ("en", "playground.html", FRENCH, "--- end of deal 1: the settlement"),
])
def test_the_page_speaks_its_language_only(browsing: Browsing, lang: str, path: str,
                                           foreign: list[str], settled: str) -> None:
    page, _ = browsing.open(path=path)
    assert page.evaluate("document.documentElement.lang").startswith(lang)
    shown = _play_everything(page, lang)
    assert _words_found(shown, foreign) == [], shown
    log = page.locator("[data-testid=log]").text_content() or ""
    assert settled in log
    assert "--" not in log.replace("---", "")  # no command-line flag on the page
    assert not re.search(r"(seat|place) \d+ \((seat|la place|place)", log)  # named once
    verdict = page.locator("[data-testid=verdict]").text_content() or ""
    assert verdict.startswith("Valide : jeu de règles" if lang == "fr" else "Valid: ruleset")
