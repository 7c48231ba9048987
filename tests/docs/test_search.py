"""Search finds accent-free queries and shows readable excerpts (issue 11, item 9).

The hook adds the accent-free form of each accented word to Material's search
index in a hidden element; this test types queries into the built site's search
box in headless Chromium and reads the results the theme shows.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest
from docs_support import BuiltSite, import_hook
from probe import Quiet, probe_json, serve
from test_browser import CHROMIUM, FLAGS

#: query -> a page that must be among its results (the words carry accents there)
QUERIES = {"sans": "glossary.html", "zluty": "rulesets/cz-box.html", "opera": "glossary.html",
           "arrete": "glossary.html", "trpaslik": "rulesets/cz-box.html",
           # the French sources and statistics pages, written in French
           "fiabilite": "fr/sources.html", "equite": "fr/statistics.html"}

#: Chromium dumps the DOM at the probe's load event, and the theme's search runs in a
#: web worker, which virtual time does not drive: an image the server answers only
#: after HOLD seconds keeps the load event back, in real time, while the probe types.
HOLD = 14
PROBE = """<!doctype html><html><head><meta charset="utf-8"></head><body>
<img src="hold" alt="">
<pre id="out"></pre>
<script>
const queries = %(queries)s, results = {};
function wait(ms) { return new Promise(done => setTimeout(done, ms)); }
async function run() {
  const frame = document.createElement("iframe");
  frame.style.width = "1280px"; frame.style.height = "900px";
  document.body.appendChild(frame);
  await new Promise(done => { frame.onload = done; frame.src = "index.html"; });
  await wait(3000);
  const doc = frame.contentDocument, win = frame.contentWindow;
  const input = doc.querySelector("[data-md-component=search-query]");
  for (const q of queries) {
    input.focus();
    input.value = q;
    input.dispatchEvent(new win.Event("input", {bubbles: true}));
    input.dispatchEvent(new win.KeyboardEvent("keyup", {bubbles: true, key: q.slice(-1)}));
    await wait(1200);
    results[q] = [...doc.querySelectorAll(".md-search-result__item a")].map(a => ({
      href: new URL(a.href).pathname.slice(1), text: a.innerText}));
  }
  document.getElementById("out").textContent = JSON.stringify(results);
}
run();
</script></body></html>
"""


class _Holding(Quiet):
    def do_GET(self) -> None:  # noqa: N802 (the http.server name)
        if self.path.endswith("/hold"):
            time.sleep(HOLD)
            self.send_response(204)
            self.end_headers()
            return
        super().do_GET()


@pytest.fixture(scope="module")
def server(built_site: BuiltSite) -> Iterator[str]:
    with serve(built_site.folder, _Holding) as url:
        yield url


@pytest.fixture(scope="module")
def found(built_site: BuiltSite, server: str,
          tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, str]]]:
    assert CHROMIUM is not None
    probe = built_site.folder / "search-probe.html"
    probe.write_text(PROBE % {"queries": json.dumps(list(QUERIES))}, encoding="utf-8")
    profile = tmp_path_factory.mktemp("profile")
    try:
        seen: dict[str, list[dict[str, str]]] = probe_json(
            # real time, not virtual: the theme's search runs in a web worker
            [CHROMIUM, *[f for f in FLAGS if not f.startswith("--virtual-time-budget")],
             f"--user-data-dir={profile}",
             "--dump-dom", f"{server}/search-probe.html"], 180)
    finally:
        probe.unlink()
    return seen


#: the accented word each query stands for (None: the query has no accent to fold)
ACCENTED = {"sans": None, "zluty": "Žlutý", "opera": "opéra", "arrete": "arrête",
            "trpaslik": "trpaslík", "fiabilite": "fiabilité", "equite": "équité"}


@pytest.mark.parametrize("query", sorted(QUERIES))
def test_an_accent_free_query_finds_the_accented_word(
        built_site: BuiltSite, found: dict[str, list[dict[str, str]]], query: str) -> None:
    pages = {item["href"].split("#")[0] for item in found[query]}
    if QUERIES[query] in pages:
        return
    # the theme shows the first results only: as pages are added (the cousins, the French
    # reference) other pages holding the accented word may come first; each must hold it
    accented = ACCENTED[query]
    index = json.loads((built_site.folder / "search" / "search_index.json").read_text("utf-8"))
    text = {d["location"].split("#")[0]: "" for d in index["docs"]}
    for d in index["docs"]:
        text[d["location"].split("#")[0]] += d["title"] + " " + d["text"]
    assert accented and pages, (query, found[query])
    assert all(accented.lower() in text.get(p, "").lower() for p in pages), (query, pages)


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
    index = json.loads((built_site.folder / "search" / "search_index.json").read_text("utf-8"))
    text = " ".join(doc["title"] + " " + doc["text"] for doc in index["docs"]
                    if doc["location"].split("#")[0] == page)
    for word in words:
        assert word in text, (page, word)
