"""The whole evidence on the sources page (issue 23, item 3).

Every paragraph a built-in or house ruleset cites has its entry on the sources page, each
paragraph of a range its own (22 had none before: cz-box ¶6-10, ¶15-19, ¶22-23, fr-web
¶6-9, ¶12-16, fr-sheet ¶11); and for the citations below, the words that support the
clause are in the text the entry shows.  The key words are written by hand from the
source texts (the Japanese article's own words for wiki-ja), one list per citation: a
quotation cut before its evidence (fr-sheet ¶12 stopped at « as, 2, 3, 4 .... » and lost
« sans se préoccuper de la couleur ») fails here."""

from __future__ import annotations

import pytest

import nainjaune_rules
from nainjaune_rules.describe.sources import cited_numbers, paragraphs
from nainjaune_rules.model.rules import Citation
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


def _cited() -> dict[tuple[str, str], Citation]:
    found: dict[tuple[str, str], Citation] = {}
    for name in nainjaune_rules.builtin_rulesets():
        ruleset = nainjaune_rules.load_ruleset(name)
        for _label, _target, clause in _cited_clauses(ruleset):
            for citation in clause.origin.citations:
                found.setdefault((ruleset.id, str(citation)), citation)
    return found


CITED = _cited()


def test_every_cited_paragraph_has_its_entry() -> None:
    held = paragraphs()
    missing = sorted({(c.source, n) for c in CITED.values() for n in cited_numbers(c)
                      if n not in held.get(c.source, {})})
    assert missing == []
    assert len(CITED) > 100  # every citation of every built-in and house ruleset was read


def test_a_range_names_each_of_its_paragraphs() -> None:
    assert cited_numbers(Citation("cz-box", "6-10")) == (6, 7, 8, 9, 10)
    assert cited_numbers(Citation("cz-box", "35")) == (35,)
    assert cited_numbers(Citation("x", "1-100000")) == tuple(range(1, 101))  # bounded


def test_the_list_covers_forty_citations_that_the_rulesets_make() -> None:
    assert len(KEY_WORDS) >= 40
    assert not set(KEY_WORDS) - set(CITED), sorted(set(KEY_WORDS) - set(CITED))


@pytest.mark.parametrize("key", sorted(KEY_WORDS), ids=" ".join)
def test_the_entry_shows_the_words_that_support_the_clause(key: tuple[str, str]) -> None:
    citation = CITED[key]
    held = paragraphs()[citation.source]
    shown = " ".join(held[n].text for n in cited_numbers(citation)).casefold()
    shown = shown.replace("\u2019", "’")
    for word in KEY_WORDS[key]:
        assert word.casefold() in shown, (key, word)


def test_the_supporting_parts_are_in_their_paragraphs_and_highlighted() -> None:
    from nainjaune_rules.pages.page_render import highlighted

    marked = 0
    for held in paragraphs().values():
        for p in held.values():
            for part in p.support:
                assert part in p.text, (p.source, p.number, part)
                marked += 1
    assert marked >= 20
    shown = str(highlighted(paragraphs()["cz-box"][29]))
    assert '<mark class="nj-support">Pokud může a chce</mark>' in shown
    assert shown.startswith("A je tedy na hráči vlevo")  # the rest is shown, unmarked


def test_a_hostile_paragraph_is_escaped_around_its_marks() -> None:
    from nainjaune_rules.describe.sources import Paragraph
    from nainjaune_rules.pages.page_render import highlighted

    p = Paragraph("x", 1, "<b>a</b> *b* <script>", True, "", ("*b*", "nowhere"))
    shown = str(highlighted(p))
    assert "<b>" not in shown and "<script>" not in shown and "*b*" not in shown
    assert shown.count("<mark") == 1


def test_the_sentence_splitter_keeps_ellipses_and_abbreviations_inside() -> None:
    from nainjaune_rules.describe.sources import sentences

    # fr-sheet ¶12 was cut at its ellipsis: one sentence, whole
    twelve = paragraphs()["fr-sheet"][12].text
    assert sentences(twelve) == [twelve]
    assert sentences("Každý hráč položí svoji sázku, jako např. Karta bere. Konec.") == [
        "Každý hráč položí svoji sázku, jako např. Karta bere.", "Konec."]
    assert sentences("On dit … Dame qui prend. Puis 2 joueurs.") == [
        "On dit … Dame qui prend.", "Puis 2 joueurs."]
    assert len(sentences(paragraphs()["cz-box"][40].text)) == 5  # Konec kola: … nové kolo.
