"""The sources page in French: the bibliography's words, and the project's French
translations of the cited paragraphs of the sources that are not French.

The facts are those of :data:`.sources.FACTS`, said in French (a test checks that
both tables describe the same sources).  The translations live in
``paragraphs_fr.yml`` beside this module, written from the source texts: the
Czech leaflet and the Japanese article; the three French sources are shown as
they are, with no translation.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

import yaml

from .book_facts import BOOK_FACTS_FR
from .sources import SourceFacts

#: a source's language, as the ruleset declares it (in English) -> its French name
LANGUAGE_NAMES: dict[str, str] = {
    "French": "français",
    "Czech": "tchèque",
    "Japanese": "japonais",
    "English": "anglais",
}

#: what each source is (the ruleset's own description is English data)
DESCRIPTIONS: dict[str, str] = {
    "fr-sheet": "Une règle du jeu moderne en français, signée Guillaume & Mikajoh, avec une "
    "courte histoire du jeu",
    "fr-web": "Une seconde description moderne des règles en français, avec une table "
    "explicite du talon",
    "fr-1902": "Un texte de règles daté de 1902 ; il dit que le jeu s'appelait autrefois "
    "jeu du Lindor",
    "wiki-ja": "Un article d'encyclopédie, traduit de l'article de l'encyclopédie en "
    "anglais sur le Nain jaune ; il décrit le jeu des hocs de 1760 et le jeu plus tardif",
    "cz-box": "La règle d'une édition moderne en boîte, Žlutý trpaslík",
    # the books the cousins of Nain Jaune are written from (rules/cousins/books.nj)
    "cassell-1881": "Un livre victorien de jeux d'intérieur ; son chapitre sur le Pope Joan",
    "hoyle-modernized": "Un Hoyle révisé, édité par le professeur Hoffmann ; son chapitre "
    "sur le Pope Joan",
    "foster-1897": "Une encyclopédie américaine des jeux d'intérieur ; ses chapitres sur le "
    "Pope Joan et sur le Commit, la comète anglaise",
    "chambers-1909": "Un livre d'astronomie populaire qui cite le dictionnaire de Littré sur "
    "le jeu de cartes de la comète",
    "pagat-michigan": "Les règles du Michigan sur un site de référence des jeux de cartes",
    "bicycle-michigan": "Les règles du Michigan publiées par le fabricant de cartes",
    "peel-1891": "Un traité victorien des jeux de société, signé Baxter-Wray ; ses chapitres "
    "sur le Pope Joan et le Newmarket",
}

_QUOTED = ("aucune licence indiquée : courte citation ici (un paragraphe court en entier, "
           "un plus long en partie)")

FACTS: dict[str, SourceFacts] = {
    "fr-sheet": SourceFacts(
        "Le Nain jaune — règle du jeu signée « Guillaume & Mikajoh »",
        "non datée ; moderne (son histoire va jusqu'à l'entre-deux-guerres)",
        "règle du jeu, avec une courte histoire du jeu",
        "français",
        _QUOTED,
        "une règle moderne de première main ; sa partie historique ne cite aucune preuve",
        "non indiquée",
        "de première main, moderne",
    ),
    "fr-web": SourceFacts(
        "Nain jaune — une description des règles",
        "non datée ; moderne",
        "page web",
        "français",
        _QUOTED,
        "une description moderne du jeu tel qu'on le joue ; elle diffère de la règle "
        "signée sur le sens du jeu et sur ce qui se passe quand personne ne peut continuer",
        "non indiquée",
        "de première main, moderne",
    ),
    "fr-1902": SourceFacts(
        "Le Nain Jaune, appelé autrefois jeu du Lindor — règles, « document de 1902 »",
        "1902 (les règles), présentées par un transcripteur plus tardif",
        "texte de règles de 1902",
        "français",
        "domaine public : les paragraphes cités sont donnés en entier",
        "le plus ancien texte de règles parmi les sources, connu par une transcription "
        "moderne (ses fautes de frappe, comme « àchacun », sont conservées)",
        "domaine public",
        "de première main, par une transcription",
    ),
    "wiki-ja": SourceFacts(
        "ナイン・ジョーヌ (Nain Jaune) — article d'encyclopédie",
        "non daté ; moderne ; décrit le jeu de 1760 et le jeu plus tardif",
        "article d'encyclopédie",
        "japonais",
        "CC BY-SA : les paragraphes cités sont donnés en entier, avec attribution, sans "
        "leurs appels de note ; les traductions de ce site sont partagées dans les mêmes "
        "conditions",
        "de seconde main : une traduction japonaise de l'article de l'encyclopédie en "
        "anglais, qui rend lui-même des sources françaises — la traduction d'une "
        "traduction. Sa langue trahit une traduction automatique (訴訟 « procès » pour "
        "« couleur », ¶13)",
        "CC BY-SA",
        "de seconde main : la traduction d'une traduction",
    ),
    "cz-box": SourceFacts(
        "Žlutý trpaslík — règle d'une édition en boîte",
        "non datée ; moderne",
        "règle d'une édition en boîte",
        "tchèque",
        _QUOTED,
        "la règle de première main de l'édition d'un éditeur, pour 2 à 4 joueurs",
        "non indiquée",
        "de première main, une édition",
    ),
    # the books Nain Jaune's cousins are written from (rules/cousins/books.nj)
    **{source: SourceFacts(*facts) for source, facts in BOOK_FACTS_FR.items()},
}


@cache
def translations() -> dict[str, dict[int, str]]:
    """``{source id: {paragraph number: French translation}}`` of the cited paragraphs
    of the sources not written in French."""
    data = yaml.safe_load(
        resources.files(__package__).joinpath("paragraphs_fr.yml").read_text(encoding="utf-8")
    )
    return {source: {int(n): " ".join(str(text).split()) for n, text in items.items()}
            for source, items in data.items()}
