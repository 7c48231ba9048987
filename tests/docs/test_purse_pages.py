"""Each variant's page shows its sweep of starting tokens against deals per game
(issue 13, item 4): a chart and the sentence that reads it, in English and in
French, from the committed figures; the text they carry is escaped; a variant
without figures gets no section, and a corrupt file stops the build."""

from __future__ import annotations

import html
import logging
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from docs_support import BuiltSite, import_hook
from mkdocs.exceptions import PluginError

import nainjaune_rules
from nainjaune_rules.analysis import purse_grid
from nainjaune_rules.analysis.purse_grid import PursePoint, VariantSweep, load, variant_names
from nainjaune_rules.pages.purse_page import ENGLISH, FRENCH, purse_section
from nainjaune_rules.pages.site import Shelf

COMMITTED = load()
SECTION = re.compile(r'<h2 id="purse-and-length">(.*?)<a class="headerlink".*?</h2>\s*'
                     r'(<div class="nj-purse-sweep">.*?</svg></div>.*?</div>)', re.S)
#: English words of the section that French does not use (a French word such as
#: "table", "options" or "simulation" is not listed)
ENGLISH_WORDS = {"with", "game", "games", "lasts", "about", "deals", "interval", "purse",
                 "tokens", "this", "ruleset", "the", "and", "per", "player", "players",
                 "every", "seat", "bot", "seed", "figures", "committed", "made", "by", "plays",
                 "again", "how", "many", "smaller", "larger", "simulated", "starting",
                 "default", "size", "whiskers", "dashed", "each", "for", "of"}


def _section(site: BuiltSite, page: str) -> tuple[str, str]:
    text = (site.folder / page).read_text(encoding="utf-8")
    found = SECTION.search(text)
    assert found, f"{page}: no purse sweep section"
    return found.group(1), found.group(2)


def _svg(body: str) -> ET.Element:
    return ET.fromstring(re.search(r"<svg.*?</svg>", body, re.S).group(0))  # type: ignore[union-attr]


def _texts(svg: ET.Element) -> list[str]:
    return [t.text or "" for t in svg.iter("{http://www.w3.org/2000/svg}text")]


def _words(body: str) -> set[str]:
    """The section's words as a reader sees them: no markup, no code, no ruleset names."""
    plain = re.sub(r"<code>.*?</code>|<title>.*?</title>|<[^>]*>", " ", body, flags=re.S)
    return {w.lower() for w in re.findall(r"[^\W\d_]+", html.unescape(plain))}


def _number(value: float, lang: str) -> str:
    return f"{value:.1f}".replace(".", "," if lang == "fr" else ".")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", variant_names())
def test_each_variant_page_has_the_chart_and_the_sentence(
        built_site: BuiltSite, name: str, lang: str) -> None:
    words, entry = (ENGLISH if lang == "en" else FRENCH), COMMITTED[name]
    title, body = _section(built_site, f"{'fr/' if lang == 'fr' else ''}rulesets/{name}.html")
    assert html.unescape(title) == words.title
    svg = _svg(body)
    assert svg.get("class") == "nj-chart"
    texts = _texts(svg)
    # axis titles and ticks: a tick per purse tried, deals from 0
    assert words.y_title in texts
    assert (words.x_title_by_value if entry.by_value else words.x_title) in texts
    assert [str(v) for v in entry.values] == [t for t in texts if t in map(str, entry.values)]
    assert "0" in texts
    sentence = html.unescape(re.search(r'<p class="nj-purse-sentence">(.*?)</p>', body,
                                       re.S).group(1))  # type: ignore[union-attr]
    first = entry.points[0]
    lead = (f"With {first.tokens} tokens a game lasts about" if lang == "en" else
            f"Avec {first.tokens} jetons, une partie dure environ")
    if entry.by_value:
        lead = (f"With a purse worth {first.tokens}" if lang == "en" else
                f"Avec une bourse valant {first.tokens}")
    assert sentence.startswith(lead), sentence
    for point in entry.points:
        about = "about" if lang == "en" else "environ"
        assert f"{about} {_number(point.value, lang)} " in sentence, (point, sentence)
    # how the figures were made, as the brief asks: players, games, seed, the command
    plain = html.unescape(body)
    assert f"{entry.players} {'players' if lang == 'en' else 'joueurs'}" in plain
    assert f"{entry.games} {'games' if lang == 'en' else 'parties'}" in plain
    assert f"seed {entry.seed}" in plain or f"graine {entry.seed}" in plain
    assert purse_grid.COMMAND in plain


@pytest.mark.parametrize("name", variant_names())
def test_the_french_section_has_no_english_words(built_site: BuiltSite, name: str) -> None:
    _, english = _section(built_site, f"rulesets/{name}.html")
    _, french = _section(built_site, f"fr/rulesets/{name}.html")
    assert len(_words(english) & ENGLISH_WORDS) >= 30  # the list is the section's words
    assert not _words(french) & ENGLISH_WORDS, sorted(_words(french) & ENGLISH_WORDS)
    assert {"partie", "donnes", "bourse", "environ"} <= _words(french)


def test_french_counts_a_deal_as_french_does() -> None:
    """Below 2 a French count is singular (1,4 donne); English writes 1.4 deals."""
    entry = COMMITTED["fr-sheet"]
    said = purse_section(entry, "fr").body
    assert f"environ {_number(entry.points[0].value, 'fr')} donne " in said
    assert "environ 1,0 donnes" not in said and "1.0 deals" in purse_section(entry, "en").body


HOSTILE = "<script>alert(1)</script>*x*_y_[z](javascript:alert(1))`c`{{ 7*7 }}"


def test_the_text_the_file_carries_is_escaped() -> None:
    entry = VariantSweep(HOSTILE, 50, False, 4, ((HOSTILE, HOSTILE),),
                         (PursePoint(25, 1.0, 1.0, 1.0), PursePoint(50, 2.0, 1.5, 2.5)),
                         10, 0, (HOSTILE,), 1000)
    for lang in ("en", "fr"):
        body = purse_section(entry, lang).body
        assert "<script" not in body and "javascript:alert(1))" not in body
        assert "*x*" not in body and "_y_" not in body and "{{" not in body
        svg = _svg(body)  # still well-formed
        assert html.unescape(body).count(HOSTILE) >= 4
        assert any(HOSTILE in (t or "") for t in [svg.get("aria-label")])


def test_a_variant_without_figures_gets_no_section_and_a_note(
        caplog: pytest.LogCaptureFixture) -> None:
    """Not a warning: a build from a copy with one more variant (the hostile site's) must
    pass ``--strict``; test_every_builtin_variant_has_an_entry is what fails."""
    hook = import_hook()
    fr_sheet = nainjaune_rules.load_ruleset("fr-sheet")
    shelf = Shelf({"fr-sheet": fr_sheet, "new-variant": fr_sheet,
                   "house/x": fr_sheet})
    with caplog.at_level(logging.INFO):
        given = hook._with_purse_sweeps(shelf)
    assert sorted(given.purses) == ["fr-sheet"]
    [warning] = [r.getMessage() for r in caplog.records if "purse sweep" in r.getMessage()]
    assert "the purse sweep of new-variant is left out of its page: it has no entry" in warning
    assert purse_grid.COMMAND in warning


def test_a_corrupt_file_stops_the_build_with_a_clear_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / "purse-sweep.json"
    broken.write_text('{"format": 1, "games": "many"}', encoding="utf-8")
    monkeypatch.setattr(purse_grid, "DATA", broken)
    hook = import_hook()
    with pytest.raises(PluginError) as caught:
        hook._with_purse_sweeps(Shelf({"fr-sheet": nainjaune_rules.load_ruleset("fr-sheet")}))
    assert "the purse sweeps cannot be read" in str(caught.value)
    assert f"{broken}" in str(caught.value)


def _banked(share_at_own: float) -> VariantSweep:
    from nainjaune_rules.analysis.purse_grid import Span

    points = (PursePoint(50, 8.0, 8.0, 8.0, Span(0.5, 0.4, 0.6), Span(40.0, 30.0, 50.0)),
              PursePoint(100, 8.0, 8.0, 8.0, Span(share_at_own, 0.0, 0.2), Span(2.0, 0.0, 4.0)))
    return VariantSweep("x", 100, False, 4, (), points, 300, 0, ("lowest",), 1000)


def test_a_length_the_bank_keeps_up_is_not_said_to_be_the_purses() -> None:
    """Issue 23: "the purse does not change the length" was true only because ruined
    players bought counters; with a bank the section gives what was bought, and says in
    words whether the length at the ruleset's own purse depends on it (5% of games)."""
    needed = str(purse_section(_banked(0.10), "en").body)
    assert "the purse does not change the length" not in needed.lower()
    assert "counters bought from the bank kept the game going" in needed
    assert "With 50 tokens, 50.0% of games bought from the bank (95% interval " \
           "40.0%–60.0%), 40.0 counters per game (95% interval 30.0–50.0)" in needed
    assert "With this ruleset&#39;s purse 10.0% of games need the bank: the stated length " \
           "depends on it." in needed
    alone = str(purse_section(_banked(0.03), "en").body)
    assert "without the bank in all but 3.0% of games: the length does not depend" in alone
    french = str(purse_section(_banked(0.10), "fr").body)
    assert "10,0\u202f% des parties ont besoin de la banque" in french
    assert "ne dépend pas" in str(purse_section(_banked(0.03), "fr").body)
    # no bank figures (fr-sheet's game ends at a ruin): no such sentence
    assert "bank" not in str(purse_section(COMMITTED["fr-sheet"], "en").body)


def test_the_committed_1760_and_1902_lengths_do_not_depend_on_the_bank() -> None:
    for name in ("1760", "1902"):
        own = next(p for p in COMMITTED[name].points if p.tokens == COMMITTED[name].purse)
        assert own.buying is not None and own.buying.value < 0.05
        assert "the length does not depend on the bank" in purse_section(COMMITTED[name]).body
    assert "the stated length depends on it" in purse_section(COMMITTED["fr-web"]).body
