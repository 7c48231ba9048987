"""The glossary's words in French: each term's French name and meaning, by its slug.

The glossary (:mod:`.glossary`) says which rulesets use each word and which
source paragraphs say it; those facts are the same in every language.  What a
French reader needs besides is the word as the French sources write it and its
meaning in French, written for this site (the spoken words themselves, "sans",
"… qui prend", "bez", "Hoc!", are quoted as the sources give them).
"""

from __future__ import annotations

#: slug -> (the term as the French pages name it, its meaning)
TERMS: dict[str, tuple[str, str]] = {
    "board": ("tableau (plateau)",
              "Les cinq cases disposées au milieu de la table, chacune montrant une carte."),
    "box": ("case",
            "L'un des compartiments du tableau, attaché à une carte (la carte du tableau) ; "
            "les mises y restent jusqu'à ce qu'un joueur pose cette carte et les ramasse."),
    "box-card": ("carte du tableau (belle carte)",
                 "Une carte figurée sur le tableau : dans les sources, le 10 de carreau, le "
                 "valet de trèfle, la dame de pique, le roi de cœur et le 7 de carreau."),
    "yellow-dwarf": ("nain jaune (Žlutý trpaslík)",
                     "Le 7 de carreau, la case du centre du tableau, qui donne son nom au jeu."),
    "stake": ("mise (sázka)",
              "Les jetons déposés dans une case avant une donne : dans les sources, de 1 sur "
              "le 10 de carreau à 5 sur le nain jaune."),
    "token": ("jeton (žeton)",
              "Ce pour quoi l'on joue : chaque joueur commence avec une réserve de jetons."),
    "talon": ("talon (écart)",
              "Les cartes qui restent après la distribution, face cachée ; personne ne les "
              "joue, si bien que les suites s'arrêtent là où manque une carte du talon."),
    "run": ("suite (řada)",
            "Des cartes posées une hauteur après l'autre (5, 6, 7…), sans tenir compte de la "
            "couleur dans la plupart des variantes ; dans le jeu de 1760, dans une seule "
            "couleur."),
    "stop-card": ("carte d'arrêt (hoc)",
                  "Dans le jeu de 1760, une carte qui arrête la suite sur laquelle on la "
                  "pose : la dame de pique, le valet de trèfle et le 10 de carreau (les hocs "
                  "permanents), et les rois."),
    "wild-card": ("joker (hoc principal)",
                  "Dans le jeu de 1760, le 7 de carreau : on peut le poser à tout moment de "
                  "son tour, et l'on n'est jamais obligé de le poser."),
    "opera": ("opéra",
              "Se débarrasser de ses cartes d'un coup, avant que les autres aient eu leur "
              "chance (la condition exacte change selon la variante) ; cela rapporte le "
              "tableau ou un paiement double."),
    "grand-opera": ("grand opéra (Velká opera)",
                    "Le nom que l'article d'encyclopédie et la notice tchèque donnent à "
                    "l'opéra."),
    "bete": ("bête",
             "Le récit du jeu de 1760 appelle bête le joueur pris à la fin d'une donne avec "
             "une carte du tableau en main, qui doit doubler la mise de cette case ; la "
             "règle elle-même se retrouve dans la plupart des variantes."),
    "sans": ("sans",
             "Ce qu'on dit en s'arrêtant, suivi de la hauteur qui manque (« sans dix »)."),
    "bez": ("bez",
            "Le « sans » tchèque : ce qu'on dit en s'arrêtant, avec la hauteur qui manque "
            "(« bez 6 »)."),
    "qui-prend": ("… qui prend",
                  "Ce qu'on dit en posant une carte du tableau, après le nom de la carte "
                  "(« dame qui prend ») ; si on l'oublie, la mise reste dans la case."),
    "bere": ("… bere!",
             "Le « … qui prend » tchèque : ce qu'on dit en posant une carte du tableau, après "
             "le nom de la carte (« Královna bere! », la dame prend)."),
    "hoc": ("Hoc!",
            "Dans le jeu de 1760, le cri de qui pose un roi ou une carte du tableau, et de "
            "qui repart quand personne n'a pu continuer."),
    "pass": ("passe",
             "Dans le jeu de 1760, ce que dit qui ne continue pas la suite."),
    "jarrete": ("J'arrête",
                "Ce qu'on dit en posant sa dernière carte."),
    "kral": ("Král a znovu začínám!",
             "En tchèque, « Roi, et je recommence ! » : ce qu'on dit quand un roi arrête sa "
             "suite et qu'on en commence une nouvelle."),
}

#: slug -> the words that stand for the term in the French rule sentences, linked to it as
#: the English forms are on the English pages (:func:`.glossary.link_terms`).  « sans » is
#: linked only as the call, between guillemets: the word is also plain French ("sans tenir
#: compte de la couleur"); a longer form wins over a shorter ("carte du tableau", "tableau")
FORMS: dict[str, tuple[str, ...]] = {
    "board": ("tableau",),
    "box": ("cases", "case"),
    "box-card": ("cartes du tableau", "carte du tableau"),
    "yellow-dwarf": ("nain jaune",),
    "stake": ("mises", "mise"),
    "token": ("jetons",),
    "talon": ("talon",),
    "run": ("suites", "suite"),
    "stop-card": ("cartes d'arrêt", "carte d'arrêt"),
    "wild-card": ("joker",),
    "opera": ("opéra",),
    "sans": ("« sans »",),  # spaced as the escaped sentence is; the page then typesets it
    "bez": ("bez",),
    "qui-prend": ("qui prend",),
    "bere": ("bere",),
    "hoc": ("hoc",),
}
