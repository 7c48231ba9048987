"""The French words of the generated pages around the rules: section titles, the
comparison's row labels, the badges, and the templates' own text.

The rules themselves are written by :mod:`.prose_fr` from the rule objects; this
module holds only the fixed words of the pages.  The phases, topics and
dimensions are looked up by their slug or key (the anchors the English pages
use, which the French pages keep, so a link into a French page works with the
same anchor).  :data:`TEMPLATE_TEXT` maps each run of a template's literal text
to its French (see :mod:`.i18n` for how a run is cut out); a test lists the runs
that have no entry.
"""

from __future__ import annotations

from nainjaune_rules.core.actions import ActionKind
from nainjaune_rules.core.kinds import CallMoment, EventKind
from nainjaune_rules.model.words import column

#: Phase slug -> title (the comparison's sections and the differences pages)
PHASE_TITLES: dict[str, str] = {
    "setup": "Mise en place",
    "the-deal": "La donne",
    "play": "Le jeu",
    "announcements": "Les annonces et les cases",
    "end-of-a-deal": "La fin d'une donne",
    "end-of-the-game": "La fin de la partie",
    "table-options": "Options de table",
}

#: topic slug -> title: the sections of a ruleset page, in the order of play
TOPIC_TITLES: dict[str, str] = {
    "what-you-need": "Ce qu'il faut",
    "board-and-stakes": "Le tableau et les mises",
    "choosing-the-dealer": "Le choix du donneur",
    "shuffling": "Le mélange",
    "cutting": "La coupe",
    "dealing": "La distribution",
    "the-lead": "Qui commence",
    "turns": "Le tour",
    "runs": "Les suites",
    "stops": "Les arrêts",
    "calls": "Les annonces",
    "the-boxes": "Ramasser les cases",
    "end-of-a-deal": "La fin d'une donne et son gagnant",
    "opera": "L'opéra",
    "payments": "Les paiements",
    "end-of-the-game": "La fin de la partie",
}

#: each event's and each call's row label are the registry's (nainjaune_rules.model.words)
_EFFECT_PREFIX = {e.value.replace(" ", "-"): w for e, w in column(EventKind, "label_fr").items()}
_CALL_LABELS = {"call-" + m.value.replace(" ", "-"): w
                for m, w in column(CallMoment, "label_fr").items()}
#: each action's row label is the registry's (nainjaune_rules.model.words)
_EFFECT_ACTIONS = {k.value.replace(" ", "-"): label
                   for k, label in column(ActionKind, "label_fr").items()}

#: dimension key -> the comparison's row label ("option-" is the pattern of an
#: option's own row)
DIMENSION_LABELS: dict[str, str] = {
    "players": "joueurs",
    "ranks": "ordre des cartes",
    "rank-names": "noms des hauteurs",
    "deck": "le jeu de cartes (jeux, cartes retirées)",
    "board": "le tableau (case : mise)",
    "pools": "poules sans carte",
    "stakes": "qui mise à chaque donne",
    "leftovers": "jetons restés sur le tableau",
    "starting-tokens": "jetons de départ",
    "change": "faire la monnaie",
    "first-dealer": "premier donneur",
    "next-dealer": "donneur suivant",
    "shuffling": "le mélange et la coupe",
    "talon": "le talon",
    "deal-table": "cartes par joueur",
    "dealing": "la distribution",
    "extra-hand": "la main supplémentaire",  # issue 22, part 4
    "trumps": "l'atout",
    "turn-up-box": "la case de la carte retournée",
    "turn-up-bonus": "une carte retournée qui paie le donneur",
    "play-direction": "sens du jeu",
    "first-lead": "qui commence",
    "turn": "le tour et à qui il passe",
    "played-cards": "cartes jouées",
    "runs": "une suite",
    "play-on": "pendant son tour",
    "continuing": "continuer une suite",
    "stop-cards": "cartes d'arrêt",
    "after-king": "après un roi",
    "wild-card": "joker",
    "lead-card": "la carte d'entame",  # lead constraints (issue 22 item 7)
    "lead-after-stop": "une entame après un arrêt",
    "rank-at-once": "les cartes d'une même hauteur",  # issue 22 item 8
    "nobody-can-continue": "personne ne peut continuer",
    "announcements": "annonces",
    **_CALL_LABELS,
    **{f"{event}-{action}": prefix + words
       for event, prefix in _EFFECT_PREFIX.items()
       for action, words in _EFFECT_ACTIONS.items()},
    "deal-end": "fin d'une donne et son gagnant",
    "settlement": "l'ordre du règlement",
    "points": "compte des points",
    "opera": "opéra",
    "game-end": "fin de la partie",
    "winner": "gagnant",
    "cannot-pay": "un joueur qui ne peut pas payer",
    "options": "options de table",
    "option-": "option de table {name}",
}

#: ChangeKind value -> its word on the differences pages
CHANGE_KINDS: dict[str, str] = {"added": "ajoutée", "removed": "retirée", "changed": "modifiée"}

NOT_STATED = "Ce jeu de règles ne le dit pas."

#: words the site computes in Python rather than in a template
PHRASES: dict[str, str] = {
    "Published variants": "Variantes publiées",
    "House rulesets": "Jeux de règles maison",
    "Nain Jaune's cousins": "Les cousins du Nain Jaune",
    "The historical line": "La lignée historique",
    "players": "joueurs",
    "table option": "option de table",
    "{option}: {choice}": "{option} : {choice}",
    "{low} to {high}": "{low} à {high}",
    # the worked example, turn by turn (example.py), and the engine's words it quotes
    "Seat {seat} lays {cards}": "La place {seat} pose {cards}",
    ", saying {words}": ", en disant {words}",
    "Seat {seat} says {words}": "La place {seat} dit {words}",
    "Seat {seat}": "La place {seat}",
    "receives {received} from {payers} other players": "reçoit {received} de {payers} "
    "autres joueurs",
    "without": "sans",
    "(cannot continue)": "(ne peut pas continuer)",
    "cannot continue and passes": "ne peut pas continuer et passe",
    "forgets to announce: forfeits {forfeit}": "oublie d'annoncer : perd {forfeit}",
    "{why}: starts a new run": "{why} : repart",
    "nobody continues: must go on with the {rank}": "personne ne continue : doit jouer la "
    "hauteur suivante, {rank}",
    "has no cards left: the deal ends": "n'a plus de cartes : la donne s'arrête",
    "Seat {seat} makes an opéra ({kind}).": "La place {seat} fait opéra ({kind}).",
    "Seat {seat} cannot pay {owed} in full: pays {paid} ({rule}).": "La place {seat} ne "
    "peut pas payer {owed} en entier : elle paie {paid} ({rule}).",
    "Seat {seat} buys {amount} counters from the bank.": "La place {seat} achète {amount} "
    "jetons à la banque.",
    "takes the {card} box: {amount}": "ramasse la case du {card} : {amount}",
    "Seat {giver} adds {amount} tokens to the {card} box ({reason}).": "La place {giver} "
    "ajoute {amount} jetons à la case du {card} ({reason}).",
    "Seat {giver} pays seat {taker} {amount} tokens ({reason}).": "La place {giver} paie "
    "{amount} jetons à la place {taker} ({reason}).",
    "Seat {taker} takes {amount} tokens from {what} ({reason}).": "La place {taker} ramasse "
    "{amount} jetons de {what} ({reason}).",
    "pool": "poule",
    "the {card} box": "la case du {card}",
    "takes {what}: {amount}": "ramasse {what} : {amount}",
    "the pool {name}": "la poule {name}",
    "turn-up": "carte retournée",
    "the box": "la case",
    "the winnings": "les gains",
    "nothing": "rien",
    "king": "roi",
    "nobody can continue": "personne ne peut continuer",
    "stop card": "carte d'arrêt",
    "settlement": "paiement de la donne",
    "honours": "honneurs",
    "none": "aucune carte",  # the worked example's talon when every card is dealt
    # the board's drawing (board.py): its compartments' captions and its description
    "{name}: stake {stake}": "{name} : mise {stake}",
    "stake {stake}": "mise {stake}",
    "1st out": "1er sorti",
    "of trumps": "d'atout",
    "one player lays": "un même joueur les pose",
    "The board: {boxes}": "Le tableau : {boxes}",
    "{name}, stake {stake}": "{name}, mise {stake}",
}

#: a count of clauses by their mark ("4 déduites"): the mark agrees with « clause »,
#: singular for 0 and 1 as French counts -> (singular, plural)
COUNTED: dict[str, tuple[str, str]] = {
    "attested": ("attestée", "attestées"),
    "inferred": ("déduite", "déduites"),
    "house": ("maison", "maison"),
}

#: each run of the templates' literal text -> its French
TEMPLATE_TEXT: dict[str, str] = {
    # marks beside each rule (_marks.j2)
    "inferred in part": "déduit en partie",
    "table option": "option de table",
    "{option}: {choice}": "{option} : {choice}",
    "from": "venue de",
    "was:": "avant :",
    "now:": "désormais :",
    # a ruleset's page (ruleset.md.j2)
    "Ruleset": "Jeu de règles",
    "Period": "Époque",
    "Evidence": "Fiabilité",
    "Extends": "Étend",
    "(see": "(voir",
    "what it changes": "ce qu'il change",
    "Sources cited": "Sources citées",
    "none": "aucune",
    "Statistics": "Statistiques",
    "how this ruleset plays in simulated games": "comment ce jeu de règles se joue dans des "
    "parties simulées",
    "Rule card": "Fiche de règles",
    "a printable card": "une fiche à imprimer",
    "(two A4 pages at most)": "(deux pages A4 au plus)",
    "Clauses": "Clauses",
    "attested": "attesté",
    "of them in part)": "en partie)",
    "house": "maison",
    "Every rule below is marked": "Chaque règle ci-dessous porte la marque",
    "with the source paragraph that states it,": "avec le paragraphe de la source qui "
    "l'énonce,",
    "with the reason for reading it so where the sources are silent, or":
    "avec la raison de la lire ainsi là où les sources se taisent, ou",
    "with the table's reason. A rule attested in part also says which part is inferred, and "
    "why. A citation such as": "avec la raison de la table. Une règle attestée en partie dit "
    "aussi quelle partie est déduite, et pourquoi. Une citation comme",
    "points at the 14th non-blank line of that source.": "renvoie à la 14e ligne non vide de "
    "cette source.",
    "How to play": "Comment jouer",
    "The rules of this ruleset in the order a table meets them. Words in":
    "Les règles de ce jeu de règles dans l'ordre où une table les rencontre. Les mots du",
    "the glossary": "glossaire",
    "are linked; a question this ruleset does not answer says so, and is left to the table.":
    "sont liés ; une question à laquelle ce jeu de règles ne répond pas le dit, et reste à la "
    "table.",
    "A pack of": "Un jeu de",
    ", in four suits).": ", en quatre couleurs).",
    "A board of": "Un tableau de",
    "boxes (drawn below) and tokens": "cases (dessiné ci-dessous) et des jetons",
    "The board, as the first rule below describes it.": "Le tableau, tel que le décrit la "
    "première règle ci-dessous.",
    "for each player": "par joueur",
    "(the rule above)": "(la règle ci-dessus)",
    "Spoken at the table": "Ce qu'on dit à table",
    "glossary": "glossaire",
    "This ruleset gives no words to say aloud.": "Ce jeu de règles ne donne aucun mot à dire "
    "à voix haute.",
    "A worked example": "Un exemple commenté",
    "One deal played by the reference engine with": "Une donne jouée par le moteur de "
    "référence à",
    "players, every seat played by the": "joueurs, chaque place tenue par le robot",
    "bot (it lays the lowest card it may), from seed": "(il pose la plus basse carte "
    "permise), avec la graine",
    ". This command plays the same deal and checks its transcript:": ". Cette commande "
    "rejoue la même donne et vérifie sa transcription :",
    ". Where the rules leave a player a choice (to play on or stop, to keep a card or lay "
    "it), the moves below are the bot's choices, not the rules'. This command plays the same "
    "deal and checks its transcript:": ". Là où les règles laissent un choix au joueur "
    "(continuer ou s'arrêter, garder une carte ou la poser), les coups ci-dessous sont les "
    "choix du robot, non ceux des règles. Cette commande rejoue la même donne et vérifie sa "
    "transcription :",
    "The deal.": "La donne.",
    "Seat": "La place",
    "deals. The stakes put on the board:": "donne. Les mises posées sur le tableau :",
    "Talon": "Talon",
    "The play,": "Le jeu,",
    "turn by turn:": "tour par tour :",
    "lays": "pose",
    "and says": "et dit",
    "The payments:": "Les paiements :",
    "After the deal:": "Après la donne :",
    "tokens": "jetons",
    "seat": "place",
    "; board": "; tableau",
    "The reference engine cannot play this ruleset, so it has no worked example.":
    "Le moteur de référence ne sait pas jouer ce jeu de règles : il n'a donc pas d'exemple.",
    "Table options": "Options de table",
    "(default)": "(par défaut)",
    "(in force on this page)": "(en vigueur sur cette page)",
    "nothing changes.": "rien ne change.",
    "This ruleset has no table options: every rule above is fixed.": "Ce jeu de règles n'a "
    "pas d'option de table : toutes les règles ci-dessus sont fixes.",
    "Changes from the parent": "Ce qui change par rapport au parent",
    "What this ruleset changes from": "Ce que ce jeu de règles change par rapport à",
    "It plays exactly as": "Il se joue exactement comme",
    "does.": ".",
    "The ruleset file": "Le fichier du jeu de règles",
    "This page was generated from this file": "Cette page a été produite à partir de ce "
    "fichier",
    "The file of this ruleset was not available when the site was built.": "Le fichier de ce "
    "jeu de règles n'était pas disponible à la construction du site.",
    "The board": "Le tableau",
    "The rules": "Les règles",
    # a printable card (card.html.j2)
    "— rule card": "— fiche de règles",
    "Rules marked": "Les règles marquées",
    "(inferred)": "(déduit)",
    "are read into the sources' silence;": "sont lues dans le silence des sources ;",
    "(house)": "(maison)",
    "are a table's own.": "sont propres à une table.",
    "cards (": "cartes (",
    "), a board of": "), un tableau de",
    "boxes,": "cases,",
    "tokens for each player.": "jetons par joueur.",
    "Said aloud": "À voix haute",
    "Nain Jaune rules · ruleset": "Nain Jaune · jeu de règles",
    "· every rule cited to its source on the full page:": "· les sources, règle par règle :",
    # the differences (changes.md.j2, changes_index.md.j2)
    "From": "De",
    "to": "à",
    "What changes from": "Ce qui change de",
    ") to": ") à",
    "rules added,": "règles ajoutées,",
    "removed,": "retirées,",
    "changed. Each rule links to its full statement and its source on the ruleset's page.":
    "modifiées. Chaque règle renvoie à son énoncé complet et à sa source sur la page du jeu "
    "de règles.",
    "The two rulesets play the same game: no rule differs.": "Les deux jeux de règles jouent "
    "le même jeu : aucune règle ne diffère.",
    "Differences between rulesets": "Différences entre jeux de règles",
    "How the rules moved from one ruleset to the next. The historical line follows the game "
    "from the 1760 hoc game through the 1902 text to the modern French sheet; each house "
    "ruleset is set against the ruleset it extends.": "Comment les règles ont changé d'un jeu "
    "de règles au suivant. La lignée historique suit le jeu depuis le jeu de hoc de 1760, par "
    "le texte de 1902, jusqu'à la fiche française moderne ; chaque jeu de règles maison est "
    "comparé au jeu de règles qu'il étend.",
    "None in this build.": "Aucune dans cette construction du site.",
    "1 rule differs": "1 règle diffère",
    "rules differ": "règles diffèrent",
    # the comparison (comparison.md.j2)
    "The variants side by side": "Les variantes côte à côte",
    "One row per rule, one column per variant. Each cell says briefly what the variant does; "
    "click it to read the rule in full on the variant's page, with its source. A": "Une ligne "
    "par règle, une colonne par variante. Chaque case dit en bref ce que fait la variante ; "
    "cliquez pour lire la règle entière sur la page de la variante, avec sa source. Une",
    "shaded cell": "case grisée",
    "differs from what most of these variants do;": "diffère de ce que font la plupart de "
    "ces variantes ;",
    "inferred": "déduit",
    "marks a rule the sources do not state and": "marque une règle que les sources "
    "n'énoncent pas et",
    "house rule": "maison",
    "a table's own decision. A dash means the variant has no such rule.": "la décision propre "
    "d'une table. Un tiret veut dire que la variante n'a pas cette règle.",
    "Jump to:": "Aller à :",
    "rule": "règle",
    # the list of rulesets (rulesets_index.md.j2)
    "What each ruleset says": "Ce que dit chaque jeu de règles",
    "The questions a beginner asks, in the order of play, and whether each ruleset answers "
    "them; a question it leaves open is marked \"not stated\" on its page, and left to the "
    "table. Each ruleset also has a printable rule card.": "Les questions que pose un "
    "débutant, dans l'ordre du jeu, et si chaque jeu de règles y répond ; une question qu'il "
    "laisse ouverte est marquée « ne le dit pas » sur sa page, et laissée à la table. Chaque "
    "jeu de règles a aussi une fiche de règles à imprimer.",
    "of": "sur",
    "answered": "traitées",
    "; not stated:": "; sans réponse :",
    "rule card": "fiche de règles",
    "Rulesets": "Jeux de règles",
    "Each ruleset is one way to play Nain Jaune, compiled from a ruleset file. The published "
    "variants come from the sources; the house rulesets extend one of them with a table's own "
    "changes. The [comparison](": "Chaque jeu de règles est une façon de jouer au Nain Jaune, "
    "compilée d'un fichier de règles. Les variantes publiées viennent des sources ; les jeux "
    "de règles maison en étendent une avec les changements propres à une table. La "
    "[comparaison](",
    ") puts the variants side by side.": ") met les variantes côte à côte.",
    "ruleset": "jeu de règles",
    "period": "époque",
    "evidence": "fiabilité",
    "players": "joueurs",
    # the glossary (glossary.md.j2)
    "title: Glossary": "title: Glossaire",
    "Glossary": "Glossaire",
    "The words of the game, as the sources use them. Each entry says which rulesets on this "
    "site use the word (read off their rules) and cites the source paragraphs where it "
    "appears; a citation links to the paragraph and its translation on the [sources "
    "page](sources.md). Words said aloud at the table are marked *spoken*.": "Les mots du "
    "jeu, tels que les sources les emploient. Chaque entrée dit quels jeux de règles de ce "
    "site emploient le mot (d'après leurs règles) et cite les paragraphes des sources où il "
    "paraît ; une citation renvoie au paragraphe et à sa traduction sur la [page des "
    "sources](sources.md). Les mots dits à voix haute à table sont marqués *dit à voix "
    "haute*.",
    "spoken": "dit à voix haute",
    "Used by:": "Employé par :",
    "Sources:": "Sources :",
    ". Sources:": ". Sources :",
    "none of the rulesets on this site": "aucun des jeux de règles de ce site",
    # the sources (sources.md.j2)
    "title: Sources": "title: Sources",
    "Sources": "Sources",
    "Every attested rule on this site cites one of these sources by id and paragraph:":
    "Chaque règle attestée de ce site cite l'une de ces sources par son identifiant et son "
    "paragraphe :",
    "The sources at a glance": "Les sources en un coup d'œil",
    "Id": "Identifiant",
    "Title": "Titre",
    "Date or period": "Date ou époque",
    "Kind": "Nature",
    "Language": "Langue",
    "Licence": "Licence",
    "How reliable": "Fiabilité",
    "Date": "Date",
    "What it is": "Ce que c'est",
    # a source cited by section or page (a book whose text is not bundled)
    "A book whose text the project does not hold (the Victorian and American books the "
    "cousins of Nain Jaune are written from) is cited by its section or its page instead, "
    "and listed with its bibliographic data, without quotation.":
    "Un ouvrage dont le projet ne détient pas le texte (les livres victoriens et américains "
    "d'après lesquels sont écrits les cousins du Nain Jaune) est cité par sa section ou sa "
    "page, et présenté avec ses données bibliographiques, sans citation de son texte.",
    "Author": "Auteur",
    "Book": "Ouvrage",
    "Year": "Année",
    "Published": "Édition",
    "Cited by": "Citée par",
    "section or page; its text is not held here: the rules citing it state its rules in the "
    "project's own words": "section ou page ; son texte n'est pas repris ici : les règles qui "
    "la citent en disent le contenu avec les mots du projet",
    "(one sentence quoted)": "(une phrase citée)",
    "(quoted in part)": "(citation partielle)",
    "is the N-th non-blank line of the source text, and each citation links to that paragraph "
    "below. The rule pages paraphrase the sources; here each cited paragraph is shown in its "
    "own language where its licence allows it (the 1902 text, in the public domain, and the "
    "encyclopedia article, under CC BY-SA), or by short quotation (the others): whole when "
    "the paragraph is short, otherwise by the sentences that support the rules with their "
    "neighbours, marked “quoted in part”; each paragraph of a cited range has its own entry, "
    "always with an English translation written for this site. In the source's own words, "
    "every sentence that supports a rule is highlighted, and a rule's citation links to the "
    "sentences that support that rule, which are then outlined and underlined: two rules "
    "citing one paragraph for different sentences each land on their own (a cited range, on "
    "the first of its paragraphs that supports the rule). For how the sources "
    "tell the game's story, see [the history](history.md). Each source's section below says "
    "in full what its licence allows here and how far it can be relied on.": "est la N-ième "
    "ligne non vide du texte de la source, et chaque citation renvoie à ce paragraphe "
    "ci-dessous. Les pages de règles paraphrasent les sources ; ici, chaque paragraphe cité "
    "est donné dans sa langue quand sa licence le permet (le texte de 1902, dans le domaine "
    "public, et l'article d'encyclopédie, sous CC BY-SA), ou par une courte citation (les "
    "autres) : en entier quand le paragraphe est court, sinon par les phrases qui fondent les "
    "règles avec leurs voisines, marquées « citation partielle » ; chaque paragraphe d'une "
    "plage citée a sa propre entrée. Les sources françaises sont "
    "données telles quelles ; celles en tchèque et en japonais sont suivies d'une traduction "
    "française écrite pour ce site. Dans les mots de la source, chaque phrase qui fonde une "
    "règle est surlignée, et la citation d'une règle renvoie aux phrases qui fondent cette "
    "règle-là, alors encadrées et soulignées : deux règles qui citent un même paragraphe "
    "pour des phrases différentes arrivent chacune sur les siennes (une plage citée, sur le "
    "premier de ses paragraphes qui fonde la règle). "
    "Pour l'histoire du jeu telle que les sources la racontent, voir [l'histoire]"
    "(history.md). La section de chaque source, plus bas, dit en entier ce que sa licence "
    "permet ici et jusqu'où on peut s'y fier.",
    "Standing": "Statut",
    "not recorded": "non relevée",
    "not assessed": "non évalué",
    "Text of": "Texte de",
    "ナイン・ジョーヌ": "ナイン・ジョーヌ",
    ", the Japanese encyclopedia article, under the Creative Commons Attribution-ShareAlike "
    "licence (CC BY-SA); the English translations of its paragraphs on this site are shared "
    "under the same licence.": ", l'article de l'encyclopédie en japonais, sous licence "
    "Creative Commons Attribution - Partage dans les mêmes conditions (CC BY-SA) ; les "
    "traductions de ses paragraphes sur ce site, en français comme en anglais, sont "
    "partagées sous la même licence.",
    "Rules that cite it:": "Règles qui la citent :",
    "No rule of the rulesets on this site cites it.": "Aucune règle des jeux de règles de ce "
    "site ne la cite.",
}
