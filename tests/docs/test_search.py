"""Search finds accent-free queries, shows readable excerpts (issue 11, item 9), and
searches one edition at a time (issue 25, item 5).

The hook adds the accent-free form of each accented word to Material's search
index in a hidden element, and gives each language its own index (the French pages
read ``fr/search/search_index.json``); this test types queries into the built site's
search box in headless Chromium (Playwright) and reads the results the theme shows.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from docs_support import BuiltSite, import_hook

#: query -> a page that must be among its results (the words carry accents there); a
#: French page is looked for from the French edition's search, an English one from the
#: English edition's
QUERIES = {"sans": "glossary.html", "zluty": "rulesets/cz-box.html", "opera": "glossary.html",
           "arrete": "glossary.html", "trpaslik": "rulesets/cz-box.html",
           # the French sources and statistics pages, written in French
           "fiabilite": "fr/sources.html", "equite": "fr/statistics.html"}

#: the searches of issue 25 (item 5): each word in each edition, whose results must all
#: be that edition's pages
EDITIONS = {"en": "index.html", "fr": "fr/index.html"}
WORDS = ("sans", "opéra")

#: Material writes the count of results into this element; before the search worker has
#: read the index it says "Initializing search", then the placeholder of the translations
META = ".md-search-result__meta"
SHOWN = """placeholder => document.querySelector(".md-search-result__meta")
             .textContent.trim() %s placeholder"""
ITEMS = ".md-search-result__item"
#: Material shows ten results, then four more each time the list is scrolled to its end
#: (after it was not): scroll away from the end (at least 1 px), then to it, waiting for the
#: browser's scroll event and the next two frames (Material reads the position in one)
TO_THE_END = """async list => {
  const moved = () => new Promise(done => list.addEventListener("scroll", done, {once: true}));
  const frame = () => new Promise(done => requestAnimationFrame(done));
  const away = moved(); list.scrollTop = list.scrollTop > 0 ? 0 : 1; await away;
  await frame(); await frame();
  const end = moved(); list.scrollTop = list.scrollHeight; await end;
  await frame(); await frame();
}"""


def search(page: Any, url: str, query: str) -> tuple[str, list[dict[str, str]]]:
    """Type ``query`` into the search box of the page at ``url``: what the result count
    says, and every result (scrolled into view: Material shows ten at a time)."""
    page.goto(url)
    placeholder = page.evaluate(
        "JSON.parse(document.getElementById('__config').textContent)"
        ".translations['search.result.placeholder']")
    page.wait_for_function(SHOWN % "===", arg=placeholder)  # the worker read the index
    box = page.locator("[data-md-component=search-query]")
    box.fill(query)
    box.press("End")  # Material searches on key-up
    page.wait_for_function(SHOWN % "!==", arg=placeholder)
    said = page.inner_text(META).strip()
    total = int(m.group(0)) if (m := re.search(r"\d+", said)) else (0 if "No " in said
                                                                      or "Aucun" in said else 1)
    while (shown := page.locator(ITEMS).count()) < total:
        page.eval_on_selector(".md-search__scrollwrap", TO_THE_END)
        page.wait_for_function(f"n => document.querySelectorAll('{ITEMS}').length > n",
                               arg=shown)
    results = page.eval_on_selector_all(f"{ITEMS} a", """links => links.map(a => ({
        href: new URL(a.href).pathname.slice(1), text: a.innerText}))""")
    return said, results


@pytest.fixture(scope="module")
def found(site_url: str, browser: Any) -> dict[str, list[dict[str, str]]]:
    page = browser.new_page()
    seen = {}
    for query, where in QUERIES.items():
        start = EDITIONS["fr" if where.startswith("fr/") else "en"]
        seen[query] = search(page, f"{site_url}/{start}", query)[1]
    page.close()
    return seen


@pytest.fixture(scope="module")
def by_edition(site_url: str, browser: Any) -> dict[tuple[str, str], tuple[str, list[str]]]:
    page = browser.new_page()
    seen = {}
    for code, start in EDITIONS.items():
        for word in WORDS:
            said, results = search(page, f"{site_url}/{start}", word)
            seen[code, word] = said, sorted({r["href"].split("#")[0] for r in results})
    page.close()
    print("\nsearch results per edition:",
          {f"{code} {word}": (said, len(pages)) for (code, word), (said, pages) in seen.items()})
    return seen


def index_text(folder: Path, page: str) -> str:
    """The indexed text of ``page`` (a path from the site's root), read from its
    edition's search index."""
    edition = "fr/" if page.startswith("fr/") else ""
    index = json.loads((folder / edition / "search" / "search_index.json").read_text("utf-8"))
    return " ".join(d["title"] + " " + d["text"] for d in index["docs"]
                    if edition + d["location"].split("#")[0] == page)


#: the accented word each query stands for (None: the query has no accent to fold)
ACCENTED = {"sans": None, "zluty": "Žlutý", "opera": "opéra", "arrete": "arrête",
            "trpaslik": "trpaslík", "fiabilite": "fiabilité", "equite": "équité"}


@pytest.mark.parametrize("query", sorted(QUERIES))
def test_an_accent_free_query_finds_the_accented_word(
        built_site: BuiltSite, found: dict[str, list[dict[str, str]]], query: str) -> None:
    pages = {item["href"].split("#")[0] for item in found[query]}
    assert QUERIES[query] in pages, (query, sorted(pages))
    # and every page found holds the accented word (or, for "sans", the word itself)
    word = (ACCENTED[query] or query).lower()
    assert all(word in index_text(built_site.folder, p).lower() for p in pages), (query, pages)


def test_excerpts_do_not_show_the_added_words(found: dict[str, list[dict[str, str]]]) -> None:
    for query, items in found.items():
        for item in items:
            # the folded words are in a hidden element: a result shows the accented text
            assert "span hidden" not in item["text"], (query, item)


def test_table_cells_do_not_run_together_in_the_index(built_site: BuiltSite) -> None:
    index = json.loads((built_site.folder / "search" / "search_index.json").read_text("utf-8"))
    page = next(d for d in index["docs"] if d["location"] == "rulesets/fr-sheet.html")
    assert "Ruleset <code>fr-sheet</code> Period undated;" in page["text"], page["text"][:200]


def test_folding_keeps_unaccented_words_out() -> None:
    hook = import_hook()
    assert hook.fold("Žlutý") == "Zluty" and hook.fold("opéra") == "opera"
    assert hook.folded_words("<p>Žlutý trpaslík, opéra and sans</p>") == [
        "opera", "trpaslik", "zluty"]


@pytest.mark.parametrize(("page", "words"), [
    ("fr/sources.html", ("Fiabilité", "Règles qui la citent", "de seconde main")),
    ("fr/statistics.html", ("donnes par partie", "Ce que disent les chiffres", "Équité")),
])
def test_the_index_holds_the_french_sources_and_statistics(built_site: BuiltSite, page: str,
                                                           words: tuple[str, ...]) -> None:
    text = index_text(built_site.folder, page)
    for word in words:
        assert word in text, (page, word)


# ---------------------------------------------------------------- one edition at a time


@pytest.mark.parametrize("word", WORDS)
@pytest.mark.parametrize("code", sorted(EDITIONS))
def test_a_search_finds_its_own_editions_pages_only(
        by_edition: dict[tuple[str, str], tuple[str, list[str]]], code: str, word: str) -> None:
    said, pages = by_edition[code, word]
    assert pages, (code, word, said)
    french = [p for p in pages if p.startswith("fr/")]
    # every French page is under fr/; the English ones are not
    assert french == (pages if code == "fr" else []), (code, word, pages)
    # the edition's glossary defines both words: it is found, in the edition's language
    assert ("fr/" if code == "fr" else "") + "glossary.html" in pages


def test_each_edition_has_its_own_index(built_site: BuiltSite) -> None:
    folder = built_site.folder
    english = json.loads((folder / "search" / "search_index.json").read_text("utf-8"))
    french = json.loads((folder / "fr" / "search" / "search_index.json").read_text("utf-8"))
    assert english["config"] == french["config"]  # one pipeline: "sans" stays indexed
    for root, index in ((folder, english), (folder / "fr", french)):
        pages = {d["location"].split("#")[0] for d in index["docs"]}
        assert "glossary.html" in pages and "statistics.html" in pages
        # every location is a page of its own edition, relative to the edition's root
        assert all(not p.startswith("fr/") and (root / p).is_file() for p in pages if p), pages
    titles = {idx: next(d["title"] for d in doc["docs"] if d["location"] == "glossary.html")
              for idx, doc in (("en", english), ("fr", french))}
    assert titles == {"en": "Glossary", "fr": "Glossaire"}


def test_the_french_pages_read_the_french_index(built_site: BuiltSite) -> None:
    """Material fetches ``search/search_index.json`` under the configuration's base: a
    French page's base is the French edition's root, an English page's the site's."""
    for page, base in (("index.html", "."), ("rulesets/1760.html", ".."),
                       ("fr/index.html", "../fr/"), ("fr/rulesets/1760.html", "../../fr/")):
        html = (built_site.folder / page).read_text(encoding="utf-8")
        config = re.search(r'<script id="__config" type="application/json">(.*?)</script>',
                           html, re.S)
        assert config and json.loads(config.group(1))["base"] == base, page
