"""The bibliography entries of the books Nain Jaune's cousins are written from
(``rules/cousins/books.nj``), in English and French.

These sources are books (and two web pages) whose text the project does not hold: the
sources page shows their bibliographic data and no quotation, and the rules citing them
by section or page state their rules in the project's own words.  The entries are merged
into :data:`.sources.FACTS` and :data:`.sources_fr.FACTS`.
"""

from __future__ import annotations

#: each entry holds the fields of :class:`.sources.SourceFacts`, in its order (title, date,
#: kind, language, licence, reliability, licence_short, standing); sources.py builds them
#: (a plain tuple here, so that this module imports nothing of the bibliography's)
Facts = tuple[str, str, str, str, str, str, str, str]

_OWN_WORDS = "not quoted: the rules citing it state its content in the project's own words"
_PUBLIC = "public domain (published before 1929); not quoted here"
_WEB = "a web page under its site's terms; not quoted here"

BOOK_FACTS: dict[str, Facts] = {
    "cassell-1881": (
        "Cassell's Book of In-door Amusements, Card Games, and Fireside Fun — Pope Joan",
        "1881", "book of indoor games", "English", _PUBLIC + "; " + _OWN_WORDS,
        "a Victorian family handbook: the standard English Pope Joan of its day",
        "public domain", "first-hand, Victorian"),
    "hoyle-modernized": (
        "Hoyle's Games Modernized, ed. Professor Hoffmann — Pope Joan",
        "1909 (revised edition)", "book of card games", "English",
        _PUBLIC + "; " + _OWN_WORDS,
        "an edited Hoyle; it calls Pope Joan a game rarely met with by then",
        "public domain", "first-hand, edited"),
    "peel-1891": (
        "W. H. Peel (Baxter-Wray), Round Games with Cards — Pope Joan, Newmarket",
        "1891", "book of round games", "English", _PUBLIC + "; " + _OWN_WORDS,
        "a Victorian treatise on round games, with variations and hints for play",
        "public domain", "first-hand, Victorian"),
    "foster-1897": (
        "R. F. Foster, Foster's Complete Hoyle — Pope Joan, Commit",
        "1897", "encyclopedia of games", "English", _PUBLIC + "; " + _OWN_WORDS,
        "an American reference; its Pope Joan has Nain Jaune's own layout, and its Commit "
        "is the English form of comète (only its opening was read for this project)",
        "public domain", "first-hand, American"),
    "chambers-1909": (
        "G. F. Chambers, The Story of the Comets — p.220",
        "1909", "popular astronomy book", "English", _PUBLIC + "; " + _OWN_WORDS,
        "second-hand: it quotes Littré's French dictionary on the card game comète",
        "public domain", "second-hand: quotes Littré"),
    "pagat-michigan": (
        "J. McLeod, Michigan (pagat.com)", "undated; modern", "web page", "English",
        _WEB + "; " + _OWN_WORDS,
        "a careful modern reference site for card games, which also gives variants",
        "site's terms", "modern reference"),
    "bicycle-michigan": (
        "The United States Playing Card Company, Michigan (bicyclecards.com)",
        "undated; modern", "web page", "English", _WEB + "; " + _OWN_WORDS,
        "the card maker's own rules, in the line of its Official Rules of Card Games",
        "site's terms", "modern, the card maker's"),
}

_SANS_CITATION = "non cité : les règles qui la citent en disent le contenu avec les mots du projet"
_DOMAINE_PUBLIC = "domaine public (publié avant 1929) ; non cité ici"
_SITE = "une page web, sous les conditions de son site ; non citée ici"

BOOK_FACTS_FR: dict[str, Facts] = {
    "cassell-1881": (
        "Cassell's Book of In-door Amusements, Card Games, and Fireside Fun — Pope Joan",
        "1881", "livre de jeux d'intérieur", "anglais", _DOMAINE_PUBLIC + " ; " + _SANS_CITATION,
        "un manuel familial victorien : le Pope Joan anglais ordinaire de son temps",
        "domaine public", "de première main, victorien"),
    "hoyle-modernized": (
        "Hoyle's Games Modernized, éd. par le professeur Hoffmann — Pope Joan",
        "1909 (édition révisée)", "livre de jeux de cartes", "anglais",
        _DOMAINE_PUBLIC + " ; " + _SANS_CITATION,
        "un Hoyle édité ; il dit le Pope Joan devenu rare à cette date",
        "domaine public", "de première main, édité"),
    "peel-1891": (
        "W. H. Peel (Baxter-Wray), Round Games with Cards — Pope Joan, Newmarket",
        "1891", "livre de jeux de société", "anglais", _DOMAINE_PUBLIC + " ; " + _SANS_CITATION,
        "un traité victorien des jeux de société, avec variantes et conseils de jeu",
        "domaine public", "de première main, victorien"),
    "foster-1897": (
        "R. F. Foster, Foster's Complete Hoyle — Pope Joan, Commit",
        "1897", "encyclopédie des jeux", "anglais", _DOMAINE_PUBLIC + " ; " + _SANS_CITATION,
        "une référence américaine ; son Pope Joan a le tableau même du Nain Jaune, et son "
        "Commit est la forme anglaise de la comète (seul son début a été lu pour ce projet)",
        "domaine public", "de première main, américain"),
    "chambers-1909": (
        "G. F. Chambers, The Story of the Comets — p.220",
        "1909", "livre d'astronomie populaire", "anglais",
        _DOMAINE_PUBLIC + " ; " + _SANS_CITATION,
        "de seconde main : il cite le dictionnaire de Littré sur le jeu de la comète",
        "domaine public", "de seconde main : cite Littré"),
    "pagat-michigan": (
        "J. McLeod, Michigan (pagat.com)", "non datée ; moderne", "page web", "anglais",
        _SITE + " ; " + _SANS_CITATION,
        "un site de référence soigné des jeux de cartes, qui donne aussi des variantes",
        "conditions du site", "référence moderne"),
    "bicycle-michigan": (
        "The United States Playing Card Company, Michigan (bicyclecards.com)",
        "non datée ; moderne", "page web", "anglais", _SITE + " ; " + _SANS_CITATION,
        "les règles du fabricant de cartes, dans la ligne de ses « Official Rules of Card Games »",
        "conditions du site", "moderne, du fabricant"),
}
