"""The whole evidence on the sources page (issue 23, item 3).

Every paragraph a built-in or house ruleset cites has its entry on the sources page, each
paragraph of a range its own (22 had none before: cz-box ¶6-10, ¶15-19, ¶22-23, fr-web
¶6-9, ¶12-16, fr-sheet ¶11); and for the citations below, the words that support the
clause are in the sentences the entry highlights for it.  The key words below are written
by hand from the source texts (the Japanese article's own words for wiki-ja), one list
per citation, apart from those of ``support.yml`` that find the sentences: a quotation
cut before its evidence (fr-sheet ¶12 stopped at « as, 2, 3, 4 .... » and lost « sans se
préoccuper de la couleur »), or a highlight on the wrong sentence, fails here.  And every
citation of every built-in ruleset to a text the project holds resolves to at least one
highlighted sentence (``support.yml``), on the page as built."""

from __future__ import annotations

import re

import pytest
from docs_support import ROOT, BuiltSite
from test_site_polish import contrast, css_rules, hex_rgb

import nainjaune_rules
from nainjaune_rules.describe import i18n
from nainjaune_rules.describe.sources import Paragraph, cited_numbers, paragraphs, sentences
from nainjaune_rules.describe.support import (
    PAGE,
    citation_anchor,
    key_words,
    page_support,
    support,
    topic,
)
from nainjaune_rules.describe.text import page_stem
from nainjaune_rules.model.rules import Citation, Clause
from nainjaune_rules.pages.evidence import MAX_SENTENCE, highlighted, support_sets, targets
from nainjaune_rules.pages.page_render import _cited_clauses

#: (ruleset id, citation) → the words its entry (the range's entries together) must show
KEY_WORDS: dict[tuple[str, str], tuple[str, ...]] = {
    # cz-box
    ("cz-box", "cz-box ¶1"): ("2 – 4",),
    ("cz-box", "cz-box ¶26"): ("rostoucí řadu", "nehledě na barvu"),
    ("cz-box", "cz-box ¶11"): ("herní deska", "krabička"),
    ("cz-box", "cz-box ¶14-19"): ("sázku", "károvou 10", "křížového kluka", "pikovou královnu",
                                  "srdcového krále", "žlutého trpaslíka"),
    ("cz-box", "cz-box ¶13"): ("na začátku každého kola",),
    ("cz-box", "cz-box ¶38"): ("zůstává na herní desce",),
    ("cz-box", "cz-box ¶40"): ("konec kola", "1 žeton hodnoty 1", "zůstávají na ní"),
    ("cz-box", "cz-box ¶5-10"): ("49", "hodnoty 5", "hodnoty 4", "hodnoty 3", "hodnoty 2",
                                 "7 hnědých žetonů hodnoty 1"),
    ("cz-box", "cz-box ¶20"): ("zamíchají",),
    ("cz-box", "cz-box ¶24"): ("lícem dolu", "v dalším kole"),
    ("cz-box", "cz-box ¶21-23"): ("22 karet", "15 karet", "12 karet"),
    ("cz-box", "cz-box ¶25"): ("po směru hodinových ručiček", "vlevo od rozdávajícího"),
    ("cz-box", "cz-box ¶28-29"): ("bez …", "hráči vlevo"),
    ("cz-box", "cz-box ¶29"): ("pokud může a chce",),
    ("cz-box", "cz-box ¶32"): ("nikdo",),
    ("cz-box", "cz-box ¶36"): ("karta bere",),
    ("cz-box", "cz-box ¶37"): ("královna bere",),
    ("cz-box", "cz-box ¶39"): ("prvního kola", "velkou operu", "všechny sázky"),
    ("cz-box", "cz-box ¶41"): ("konec hry", "nemá žádné žetony", "nejvyšší součet"),
    ("cz-box", "cz-box ¶3"): ("78 žetonů",),
    # fr-sheet
    ("fr-sheet", "fr-sheet ¶14"): ("une par une", "talon de 3 à 7", "15 cartes par joueur",
                                   "6 pour 8"),
    ("fr-sheet", "fr-sheet ¶12"): ("as, 2, 3, 4", "valet, dame, roi",
                                   "sans se préoccuper de la couleur"),
    ("fr-sheet", "fr-sheet ¶15"): ("1 jeton sur le 10 de carreau", "5 jetons sur le nain jaune"),
    ("fr-sheet", "fr-sheet ¶16"): ("conservés",),
    ("fr-sheet", "fr-sheet ¶6"): ("cinquantaine de jetons",),
    ("fr-sheet", "fr-sheet ¶18"): ("sens des aiguilles d'une montre", "à gauche du donneur"),
    ("fr-sheet", "fr-sheet ¶19"): ("sans 10", "à sa gauche continue"),
    ("fr-sheet", "fr-sheet ¶21"): ("roi", "nouvelle suite"),
    ("fr-sheet", "fr-sheet ¶20"): ("si personne ne peut", "qui s'est arrêté"),
    ("fr-sheet", "fr-sheet ¶22"): ("dame qui prend",),
    ("fr-sheet", "fr-sheet ¶10-11"): ("le premier à s'être débarrassé", "ses cartes"),
    ("fr-sheet", "fr-sheet ¶25"): ("premier tour", "opéra", "tous les jetons misés"),
    ("fr-sheet", "fr-sheet ¶26"): ("doubler la mise",),
    ("fr-sheet", "fr-sheet ¶28"): ("ruiné", "15 jetons"),
    ("fr-sheet", "fr-sheet ¶29"): ("le plus de jetons",),
    # fr-web
    ("fr-web", "fr-web ¶2"): ("de 3 et 8 joueurs",),
    ("fr-web", "fr-web ¶17"): ("de l’as au roi", "sans distinction de couleur"),
    ("fr-web", "fr-web ¶5-9"): ("mise de 1", "mise de 2", "mise de 3", "mise de 4",
                                "mise de 5 sur le 7 de carreau"),
    ("fr-web", "fr-web ¶10-16"): ("écart de 7", "écart de 4", "écart de 3", "6 cartes"),
    ("fr-web", "fr-web ¶22"): ("sans 6", "à sa droite"),
    ("fr-web", "fr-web ¶21"): ("faces visibles",),
    ("fr-web", "fr-web ¶24"): ("roi", "de son choix"),
    ("fr-web", "fr-web ¶25"): ("qui prend",),
    ("fr-web", "fr-web ¶26"): ("j’arrête",),
    ("fr-web", "fr-web ¶29"): ("doubler le contenu",),
    ("fr-web", "fr-web ¶30"): ("sans qu’aucun autre joueur", "toutes les mises"),
    ("fr-web", "fr-web ¶23"): ("carte suivante", "sans 7"),
    # fr-1902
    ("1902", "fr-1902 ¶2"): ("de trois au moins, de huit au plus", "le talon"),
    ("1902", "fr-1902 ¶3"): ("sans dix",),
    ("1902", "fr-1902 ¶4"): ("un jeton pour chaque carte", "comptées pour 10 points"),
    # wiki-ja (the article's own words)
    ("1760", "wiki-ja ¶2"): ("3人または5人",),
    ("1760", "wiki-ja ¶4"): ("反時計回り", "15枚", "9枚", "タロン"),
    ("1760", "wiki-ja ¶6"): ("♦ 10に 1", "♦ 7に 5"),
    ("1760", "wiki-ja ¶8"): ("コートカードは10点", "2倍", "オペラ"),
    ("1760", "wiki-ja ¶9"): ("10ラウンド", "12ラウンド"),
}



def _citing() -> list[tuple[str, Clause, Citation]]:
    """``(ruleset id, clause, citation)`` for every citation of every built-in ruleset."""
    return [(ruleset.id, clause, citation)
            for ruleset in map(nainjaune_rules.load_ruleset, nainjaune_rules.builtin_rulesets())
            for _label, _target, clause in _cited_clauses(ruleset)
            for citation in clause.origin.citations]


CITING = _citing()
CITED = {(rid, str(c)): c for rid, _clause, c in CITING}
#: the citations of the texts the project holds (the books are cited by section or page)
HELD = [(rid, clause, c) for rid, clause, c in CITING if c.source in paragraphs()]


def _highlighted_text(citation: Citation, clause: Clause) -> str:
    """The sentences the sources page highlights for ``clause``'s ``citation``."""
    held = paragraphs()[citation.source]
    return " ".join(sentences(held[n].text)[i - 1]
                    for n, indices in support(citation, clause).sentences for i in indices)


def _folded(text: str) -> str:
    return text.replace("\u2019", "'").casefold()


def test_every_cited_paragraph_has_its_entry() -> None:
    held = paragraphs()
    missing = sorted({(c.source, n) for c in CITED.values() for n in cited_numbers(c)
                      if n not in held.get(c.source, {})})
    assert missing == []
    assert len(CITED) > 100  # every citation of every built-in and house ruleset was read


def test_every_citation_of_a_held_text_resolves_to_a_highlighted_sentence() -> None:
    unresolved = [(rid, str(c), topic(clause), support(c, clause).missing)
                  for rid, clause, c in HELD if not support(c, clause).found]
    assert unresolved == []
    assert len(HELD) >= 360  # 362 when written: every ruleset, option and choice
    # the others cite a book by section or page, whose text the project does not hold
    assert all(c.paragraph == "" for _rid, _clause, c in CITING if c.source not in paragraphs())


def test_every_key_word_list_is_for_a_citation_the_rulesets_or_pages_make() -> None:
    made = {str(c) for _rid, _clause, c in HELD}
    pages = {cited for cited, by in key_words().items() if PAGE in by}
    assert not set(key_words()) - made - pages, sorted(set(key_words()) - made - pages)
    topics = {(str(c), topic(clause)) for _rid, clause, c in HELD}
    unused = [(cited, t) for cited, by in key_words().items() for t in by
              if t not in ("*", PAGE) and (cited, t) not in topics]
    assert unused == []


def test_the_paragraphs_the_site_pages_cite_have_their_sentences_highlighted() -> None:
    """The history and family pages link to paragraphs no ruleset cites (fr-sheet ¶32,
    Nicolas Ferry): those have key words too, each found."""
    linked = set()
    for page in (ROOT / "site").glob("*.md"):
        linked |= set(re.findall(r"\(sources\.md#([a-z0-9-]+)-p(\d+)\)", page.read_text("utf-8")))
    by_rulesets = {(c.source, n) for _r, _cl, c in HELD for n in cited_numbers(c)}
    only_pages = {(src, int(n)) for src, n in linked} - by_rulesets
    assert ("fr-sheet", 32) in only_pages
    found = {(s.citation.source, n): s for s in page_support() for n, _i in s.sentences}
    assert not only_pages - set(found), sorted(only_pages - set(found))
    assert all(s.found for s in page_support())
    assert found["fr-sheet", 32].sentences == ((32, (1, 2)),)  # not the third, on his temper


def test_a_key_written_twice_in_support_yml_is_refused() -> None:
    import yaml

    from nainjaune_rules.describe.support import _Once

    with pytest.raises(ValueError, match="written twice"):
        yaml.load("cz-box ¶1: {'*': [a]}\ncz-box ¶1: {page: [b]}\n", Loader=_Once)  # noqa: S506


def test_a_citation_without_key_words_or_with_words_not_shown_is_not_found(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from nainjaune_rules.describe import audit
    from nainjaune_rules.describe import support as support_module

    clause = next(clause for _rid, clause, c in HELD if str(c) == "cz-box ¶1")
    assert support(Citation("cz-box", "1"), clause).found
    assert not support(Citation("cz-box", "12"), clause).found  # no key words written
    monkeypatch.setattr(support_module, "key_words",
                        lambda: {"cz-box ¶1": {"*": ("2 – 4", "nowhere")}})
    found = support(Citation("cz-box", "1"), clause)
    assert not found.found and found.missing == ("nowhere",)
    # the citation still lands on its paragraph, and the audit says what is missing
    assert citation_anchor(Citation("cz-box", "12"), clause) == "cz-box-p12"
    lines = audit.audit_lines([("cz-box", nainjaune_rules.load_ruleset("cz-box"))])
    assert any("NO SUPPORTING SENTENCE" in line and "not found: nowhere" in line
               for line in lines)
    assert "citations without a supporting sentence 0" not in lines[-1]


def test_the_list_covers_forty_citations_that_the_rulesets_make() -> None:
    assert len(KEY_WORDS) >= 40
    assert not set(KEY_WORDS) - set(CITED), sorted(set(KEY_WORDS) - set(CITED))


@pytest.mark.parametrize("key", sorted(KEY_WORDS), ids=" ".join)
def test_the_highlighted_sentences_show_the_words_that_support_the_clause(
        key: tuple[str, str]) -> None:
    """The ruleset's clauses citing it, together, highlight every key word."""
    rid, cited = key
    shown = " ".join(_highlighted_text(c, clause) for r, clause, c in HELD
                     if r == rid and str(c) == cited)
    for word in KEY_WORDS[key]:
        assert _folded(word) in _folded(shown), (key, word)


def test_two_clauses_citing_one_paragraph_for_different_sentences_land_apart() -> None:
    """cz-box ¶39: the opéra is its first sentence, the sweep of the board its second."""
    ruleset = nainjaune_rules.load_ruleset("cz-box")
    by_topic = {topic(clause): clause for _l, _t, clause in _cited_clauses(ruleset)}
    c39 = Citation("cz-box", "39")
    assert citation_anchor(c39, by_topic["opera"]) == "cz-box-p39-s1"
    assert citation_anchor(c39, by_topic["when-opera-sweep-board"]) == "cz-box-p39-s2"
    c40 = Citation("cz-box", "40")
    assert citation_anchor(c40, by_topic["deal-end"]) == "cz-box-p40-s1"
    assert citation_anchor(c40, by_topic["when-deal-ends-losers-pay"]) == "cz-box-p40-s2"
    assert citation_anchor(c40, by_topic["leftovers"]) == "cz-box-p40-s3"
    # cz-box ¶29 "may continue or pass": the sentence with « Pokud může a chce »
    assert citation_anchor(Citation("cz-box", "29"), by_topic["continuing"]) == "cz-box-p29-s2"
    # a range lands on the first paragraph that supports the clause, all of them marked
    board = support(Citation("cz-box", "14-19"), by_topic["board"])
    assert board.sentences == tuple((n, (1,)) for n in range(14, 20))


def test_the_entry_marks_each_supporting_sentence_and_targets_each_set() -> None:
    p = paragraphs()["cz-box"][40]
    with i18n.speaking("en"):
        shown = str(highlighted(p, [(1,), (3,)]))
    assert shown.count("<mark") == 2
    assert '<mark class="nj-support nj-s1"><span class="nj-sr">supporting sentence: </span>' \
        "Konec kola:" in shown
    assert "Ostatní hráči mu dají" in shown.split("</mark>")[1]  # sentence 2: shown, unmarked
    assert str(targets(p, [(1,), (2, 3)])) == (
        '<span id="cz-box-p40-s1" class="nj-target nj-t1"></span>'
        '<span id="cz-box-p40-s2-3" class="nj-target nj-t2 nj-t3"></span>')
    with i18n.speaking("fr"):
        assert "phrase à l&#39;appui" in str(highlighted(p, [(1,)]))


def test_a_hostile_paragraph_is_escaped_around_its_marks() -> None:
    p = Paragraph("x", 1, "<b>a</b> *b*. <script> c.", True, "")
    with i18n.speaking("en"):
        shown = str(highlighted(p, [(1,)]))
    assert "<b>" not in shown and "<script>" not in shown and "*b*" not in shown
    assert shown.count("<mark") == 1
    with pytest.raises(ValueError, match="not an identifier"):  # refused, never written
        targets(Paragraph('x"><script>', 1, "", True, ""), [(1,)])


def test_the_stylesheet_names_every_sentence_a_citation_can_land_on() -> None:
    clauses = [clause for _rid, clause, _c in HELD]
    used = max(i for sets in support_sets(clauses).values() for s in sets for i in s)
    assert used <= MAX_SENTENCE
    selectors = " ".join(s for s, _d in css_rules())
    for i in range(1, MAX_SENTENCE + 1):
        assert f".nj-t{i}:target ~ blockquote mark.nj-s{i}" in selectors, i
    assert f".nj-t{MAX_SENTENCE + 1}:" not in selectors


def test_the_highlight_is_readable_in_both_schemes() -> None:
    rules = dict(css_rules())
    light = rules[".md-typeset mark.nj-support"]
    dark = rules['[data-md-color-scheme="slate"] .md-typeset mark.nj-support']
    assert contrast(hex_rgb(light["color"]), hex_rgb(light["background"])) >= 7
    assert contrast(hex_rgb(dark["color"]), hex_rgb(dark["background"])) >= 7


def test_the_built_pages_link_each_citation_to_its_highlighted_sentences(
        built_site: BuiltSite) -> None:
    for lang in ("", "fr/"):
        sources = (built_site.folder / f"{lang}sources.html").read_text(encoding="utf-8")
        listed = re.findall(r'\bid="([^"]+)"', sources)
        ids = set(listed)
        assert len(listed) == len(ids)  # each target once
        page = (built_site.folder / f"{lang}rulesets" / "cz-box.html").read_text(encoding="utf-8")
        assert 'href="../sources.html#cz-box-p39-s2"' in page
        # every citation on every ruleset page lands on a target of the sources page
        for ruleset in nainjaune_rules.builtin_rulesets():
            stem = page_stem(ruleset)
            html = (built_site.folder / f"{lang}rulesets" / f"{stem}.html"
                    ).read_text(encoding="utf-8")
            targets_ = set(re.findall(r'sources\.html#([\w-]+)"', html))
            assert targets_ and not targets_ - ids, (lang, ruleset, sorted(targets_ - ids))
        # the target sits before the quotation, whose sentence 2 is marked
        entry = sources[sources.index('id="cz-box-p39"'):]
        entry = entry[:entry.index("</dd>")]
        assert '<span id="cz-box-p39-s2" class="nj-target nj-t2"></span>' in entry
        assert re.search(r'<mark class="nj-support nj-s2"><span class="nj-sr">[^<]+</span>'
                         r"Vezme si všechny sázky", entry)
        assert entry.index("nj-target") < entry.index("<blockquote")
    css = (built_site.folder / "assets" / "nainjaune.css").read_text(encoding="utf-8")
    assert ".nj-t2:target ~ blockquote mark.nj-s2" in css


def test_the_sentence_splitter_keeps_ellipses_and_abbreviations_inside() -> None:
    # fr-sheet ¶12 was cut at its ellipsis: one sentence, whole
    twelve = paragraphs()["fr-sheet"][12].text
    assert sentences(twelve) == [twelve]
    assert sentences("Každý hráč položí svoji sázku, jako např. Karta bere. Konec.") == [
        "Každý hráč položí svoji sázku, jako např. Karta bere.", "Konec."]
    assert sentences("On dit … Dame qui prend. Puis 2 joueurs.") == [
        "On dit … Dame qui prend.", "Puis 2 joueurs."]
    assert len(sentences(paragraphs()["cz-box"][40].text)) == 5  # Konec kola: … nové kolo.
    # "coup." ends with "p." (an abbreviation) and still ends its sentence (fr-1902 ¶3)
    assert sentences("ait ainsi gagné le coup. Les autres joueurs") == [
        "ait ainsi gagné le coup.", "Les autres joueurs"]
    # Japanese: after 。 but not inside a quotation that the 。 closes
    assert sentences("「キング。」と言う。次です。") == ["「キング。」と言う。", "次です。"]
    assert len(sentences(paragraphs()["wiki-ja"][5].text)) == 11
