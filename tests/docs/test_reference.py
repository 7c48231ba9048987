"""A rules reference a person can play from (issue 11, items 1–4, 6, 7, 8):
the beginner's checklist on every variant page, spoken words explained, the glossary,
the sources page with the cited paragraphs, the worked example that replays, the
printable cards, the statistics page that reads its figures."""

from __future__ import annotations

import html
import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from docs_fixtures import modern
from docs_support import ROOT, BuiltSite
from test_site_polish import css_rules, hex_rgb

from nainjaune_rules.describe.example import tell, worked_example
from nainjaune_rules.describe.glossary import TERMS, used_by
from nainjaune_rules.describe.playbook import NOT_STATED, TOPICS, checklist, topic_of
from nainjaune_rules.describe.sources import FACTS, paragraph_anchor, paragraphs
from nainjaune_rules.model import rules as r
from nainjaune_rules.pages import render_ruleset_page
from nainjaune_rules.pages.site import Shelf

CHECKLIST = [t for t in TOPICS if t.checklist]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _text(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", page))


# ---------------------------------------------------------------- item 1: rules in order


def test_every_variant_page_answers_the_checklist_in_the_order_of_play(shelf: Shelf) -> None:
    coverage = {}
    for name, ruleset in shelf.variants:
        page = render_ruleset_page(ruleset, name=name)
        heads = [page.index(f"### {t.title} {{ #{t.slug} }}") for t in CHECKLIST]
        assert heads == sorted(heads), name  # in the order of play
        for topic, head in zip(CHECKLIST, heads, strict=True):
            section = page[head:].split("\n## ", 1)[0].split("\n### ", 1)[0]
            assert ('<li ' in section) != (NOT_STATED in section), (name, topic.slug)
        coverage[name] = checklist(ruleset)
    # the beginner-checklist results, printed for the report (pytest -s shows them)
    print("\nbeginner checklist (stated / not stated by the ruleset):")
    for name, topics in coverage.items():
        missing = [t for t, stated in topics.items() if not stated]
        print(f"  {name}: {sum(topics.values())}/{len(topics)} stated;"
              f" not stated: {', '.join(missing) or 'none'}")
    # what the sources say decides: only wiki-ja ¶20 says who cuts
    assert coverage["wiki-modern"]["Cutting"] and not coverage["fr-sheet"]["Cutting"]


def test_a_topic_no_clause_covers_says_so_and_invents_nothing() -> None:
    ruleset = modern()
    page = render_ruleset_page(ruleset, name="modern")
    cutting = page.split("### Cutting { #cutting }", 1)[1].split("\n### ", 1)[0]
    assert NOT_STATED in cutting and "<li" not in cutting


def test_a_new_clause_kind_finds_its_topic_by_name() -> None:
    assert topic_of("cut", None).slug == "cutting"
    assert topic_of("deal_winner", None).slug == "end-of-a-deal"
    assert topic_of("opera-sweep-board", None).slug == "opera"
    assert topic_of("deal-ends-losers-pay", None).slug == "payments"


def test_spoken_words_are_shown_with_their_meaning(shelf: Shelf) -> None:
    page = _text(render_ruleset_page(shelf.rulesets["fr-sheet"], name="fr-sheet"))
    spoken = page.split("## Spoken at the table", 1)[1].split("## ", 1)[0]
    assert "“sans”" in spoken and "Without" in spoken
    assert "“… qui prend”" in spoken and "takes" in spoken
    cz = _text(render_ruleset_page(shelf.rulesets["cz-box"], name="cz-box"))
    assert "“bez”" in cz.split("## Spoken at the table", 1)[1].split("## ", 1)[0]


def test_terms_link_to_the_glossary(shelf: Shelf) -> None:
    page = render_ruleset_page(shelf.rulesets["fr-sheet"], name="fr-sheet")
    assert '<a class="nj-term" href="../glossary.html#talon">talon</a>' in page
    assert '<a class="nj-term" href="../glossary.html#run">run</a>' in page


# ---------------------------------------------------------------- item 3: glossary


@pytest.mark.parametrize("term", TERMS, ids=lambda t: t.slug)
def test_every_glossary_citation_is_a_paragraph_the_site_holds(term: object) -> None:
    held = paragraphs()
    for citation in term.citations:  # type: ignore[attr-defined]
        assert int(citation.paragraph) in held[citation.source], citation


@pytest.mark.parametrize("term", [t for t in TERMS if t.spoken], ids=lambda t: t.slug)
def test_a_spoken_word_is_in_a_paragraph_it_cites(term: object) -> None:
    """The spoken words are quoted from the sources: one of the cited paragraphs,
    in the words the site shows of it, says the word."""
    def plain(text: str) -> str:
        return text.replace("’", "'").casefold()

    word = plain(term.term.strip("…! ").split()[0])  # type: ignore[attr-defined]
    # the Japanese article transliterates the words: there its translation is read
    shown = [plain(p.text if p.source != "wiki-ja" else p.english)
             for c in term.citations  # type: ignore[attr-defined]
             for p in [paragraphs()[c.source][int(c.paragraph)]]]
    assert any(word in text for text in shown), (word, shown)


def test_glossary_lists_the_variants_that_use_each_word(shelf: Shelf) -> None:
    variants = shelf.variants
    by_slug = {t.slug: set(used_by(t, variants)) for t in TERMS}
    assert "cz-box" in by_slug["bez"] and "cz-box" not in by_slug["sans"]
    assert {"fr-sheet", "fr-web", "1902"} <= by_slug["sans"]
    assert by_slug["stop-card"] == {"1760"}
    # bête names the rule of a box card left in hand, which cz-box alone leaves out
    assert {"1760", "fr-sheet"} <= by_slug["bete"] and "cz-box" not in by_slug["bete"]
    assert "cz-box" in by_slug["grand-opera"] and "fr-sheet" not in by_slug["grand-opera"]


# ---------------------------------------------------------------- item 4: sources


def test_every_citation_of_every_ruleset_has_its_paragraph_on_the_sources_page(
        shelf: Shelf, built_site: BuiltSite) -> None:
    sources = (built_site.folder / "sources.html").read_text(encoding="utf-8")
    anchors = set(re.findall(r'id="([^"]+)"', sources))
    missing = set()
    for name in shelf.rulesets:
        for clause in re.findall(r"\[([a-z0-9-]+ ¶[0-9-]+)", shelf.texts.get(name, "")):
            source, paragraph = clause.split(" ¶")
            anchor = paragraph_anchor(r.Citation(source, paragraph))
            if not anchor.startswith(f"{source}-p") or anchor not in anchors:
                missing.add(clause)
    assert not missing, sorted(missing)


@pytest.mark.parametrize("lang", ["", "fr/"])
def test_every_citation_link_on_the_site_resolves_to_a_paragraph(built_site: BuiltSite,
                                                                 lang: str) -> None:
    """Each page of a language links its citations to that language's sources page
    (``fr/sources.html`` from a French page), to an anchor that page holds."""
    root = built_site.folder
    sources = root / lang / "sources.html"
    text = sources.read_text(encoding="utf-8")
    anchors = set(re.findall(r'id="([^"]+)"', text))
    if lang:  # the French page itself, not the English one in its place
        assert "Les sources en un coup d'œil" in text
    pages = [p for p in (root / lang).rglob("*.html")
             if lang or not p.relative_to(root).as_posix().startswith("fr/")]
    links = 0
    for path in pages:
        for link, target in re.findall(r'href="((?:\.\./)*sources\.html)#([^"]+)"',
                                       path.read_text(encoding="utf-8")):
            links += 1
            assert (path.parent / link).resolve() == sources.resolve(), (path, link)
            # a paragraph, a clause's supporting sentences in it (-s2, -s1-3), or a source
            assert re.fullmatch(r"[a-z0-9-]+-p\d+(?:-s\d+(?:-\d+)*)?|source-[a-z0-9-]+",
                                target), (path, target)
            assert target in anchors, (path.name, target)
    assert links > 200


def test_paragraphs_are_shown_within_their_licence() -> None:
    from nainjaune_rules.describe.sources import sentences

    for source, held in paragraphs().items():
        for p in held.values():
            assert p.english and p.text
            if source in ("fr-1902", "wiki-ja"):
                assert p.whole  # public domain / CC BY-SA: the whole paragraph
            else:  # short quotation: a short paragraph whole, a longer one in part
                assert len(p.text) <= 330, (source, p.number)
                if not p.whole:  # the supporting sentence, with at most a neighbour
                    assert len(sentences(p.text)) <= 2, (source, p.number, p.text)


def test_the_bibliography_names_each_source(built_site: BuiltSite) -> None:
    page = _text((built_site.folder / "sources.html").read_text(encoding="utf-8"))
    for facts in FACTS.values():
        for value in (facts.kind, facts.licence, facts.date):
            assert value in page
    assert "translation of a translation" in page
    assert "CC BY-SA" in page and "public domain" in page


# ---------------------------------------------------------------- item 2: worked example


@pytest.mark.parametrize("name", ["1760", "1902", "fr-sheet", "fr-web", "wiki-modern", "cz-box"])
def test_the_worked_example_replays_with_the_printed_command(
        shelf: Shelf, name: str, tmp_path: Path) -> None:
    ruleset = shelf.rulesets[name]
    example = worked_example(ruleset, name)
    assert example is not None
    page = _text(render_ruleset_page(ruleset, name=name))
    assert example.command in page and f"seed {example.seed}" in page
    play, replay = example.command.split(" && ")
    cli = [sys.executable, "-m", "nainjaune_rules"]
    for command in (play, replay):
        args = shlex.split(command)
        assert args[0] == "nainjaune"
        done = subprocess.run(cli + args[1:], cwd=tmp_path, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, (command, done.stderr)
    played = json.loads((tmp_path / "example.json").read_text(encoding="utf-8"))
    assert played["deals"] == example.doc["deals"]  # the page shows the very deal replayed


def test_the_worked_example_tells_every_card_and_payment(shelf: Shelf) -> None:
    example = worked_example(shelf.rulesets["fr-sheet"], "fr-sheet")
    assert example is not None
    deal = example.doc["deals"][0]
    told = tell(example)
    events = [ev for step in deal["moves"] for ev in step["events"]]
    laid = [c for step in told.steps for c in step.cards]
    assert len(laid) == sum(ev["type"] == "play" for ev in events)
    assert sum(len(cards) for _, cards in told.hands) + len(told.talon) == 52
    takes = [n for step in told.steps for n in step.notes if n.startswith("takes the ")]
    assert len(takes) == sum(ev["type"] == "pay" and ev["reason"] == "box" for ev in events) > 0
    assert told.balances == deal["balances"]


# ---------------------------------------------------------------- item 6: printable cards


@pytest.mark.slow  # prints every card to PDF: 20 s; CI runs it with the slow tests
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")
def test_every_rule_card_prints_on_at_most_two_a4_pages(built_site: BuiltSite,
                                                        tmp_path: Path) -> None:
    assert CHROMIUM is not None
    cards = sorted((built_site.folder / "cards").rglob("*.html"))
    assert len(cards) >= 6
    cards += sorted((built_site.folder / "fr" / "cards").rglob("*.html"))  # the French ones
    counts = {}
    for card in cards:
        text = card.read_text(encoding="utf-8")
        assert "md-header" not in text and "<nav" not in text  # no site navigation
        assert '<svg class="nj-board"' in text and "@page { size: A4" in text
        pdf = tmp_path / (card.relative_to(built_site.folder).as_posix().replace("/", "-")
                          + ".pdf")
        subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                        "--no-first-run", f"--user-data-dir={tmp_path / 'profile'}",
                        "--no-pdf-header-footer", f"--print-to-pdf={pdf}", card.as_uri()],
                       capture_output=True, timeout=90, check=True)
        pages = len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf.read_bytes()))
        counts[card.relative_to(built_site.folder).as_posix()] = pages
    print("\nprinted pages per rule card:", counts)
    assert all(1 <= n <= 2 for n in counts.values()), counts


# ---------------------------------------------------------------- item 7: differs vs inferred


def test_differs_cells_are_told_apart_from_the_inferred_badge() -> None:
    def background(selector: str) -> tuple[int, int, int]:
        values = [d["background"] for s, d in css_rules() if selector in s.split(", ")
                  and "background" in d and "slate" not in s]
        return hex_rgb(values[-1])

    differs, inferred = background("td.nj-differs"), background(".nj-mark-inferred")
    # far apart in colour (not two ambers): the distance of the two in RGB space
    assert sum((a - b) ** 2 for a, b in zip(differs, inferred, strict=True)) ** 0.5 > 60


# ---------------------------------------------------------------- item 8: statistics read


def test_the_statistics_page_reads_its_figures(built_site: BuiltSite) -> None:
    page = _text((built_site.folder / "statistics.html").read_text(encoding="utf-8"))
    # the last mention is the heading in the text (the table of contents comes first)
    said = page.rsplit("What the figures say", 1)[1].split("Charts", 1)[0]
    for finding in ("Game length.", "The first leader's advantage.",
                    "How often the special rules fire.", "What a change of rules does."):
        assert finding in said
    assert len(re.findall(r"95% interval \[", said)) >= 10


def test_every_chart_has_axis_titles_and_ticks(built_site: BuiltSite) -> None:
    page = (built_site.folder / "statistics.html").read_text(encoding="utf-8")
    charts = re.findall(r'<svg[^>]*class="nj-chart".*?</svg>', page, re.S)
    assert len(charts) >= 3
    for chart in charts:
        labels = [html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", chart)]
        assert any(label.startswith("share of") for label in labels)  # an axis title
        assert sum(bool(re.fullmatch(r"\d+(\.\d+)?%", label)) for label in labels) >= 5


def test_history_page_cites_only_paragraphs_the_site_holds() -> None:
    text = (ROOT / "site" / "history.md").read_text(encoding="utf-8")
    cited = re.findall(r"\(sources\.md#([a-z0-9-]+)-p(\d+)\)", text)
    assert len(cited) >= 10
    for source, number in cited:
        assert int(number) in paragraphs()[source], (source, number)
