"""Every kind of diagnostic, declared once: its code, its severity and what it means.

A diagnostic's code (``error[contradiction]``) is printed, matched by tests and
tools, and looked up by people; so it is a member of :class:`DiagnosticKind`,
never a bare string.  Each member carries the severity it is reported with and a
one-line summary (for ``explain`` and the docs).  Adding a kind: add a member
here (the code is its value, in kebab-case), report it with ``DK.NEW_KIND``;
``tests/language/test_lang_diagnostic_kinds.py`` fails on a member never
reported and on a code reported but not declared.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol

from nainjaune_rules.core.bilingual import NO_WORDS, Words
from nainjaune_rules.core.diagnostics import Severity
from nainjaune_rules.core.spans import Span

_E, _W = Severity.ERROR, Severity.WARNING


class DiagnosticKind(StrEnum):
    """A diagnostic's code; the value is the code as printed (``contradiction``)."""

    _value_: str
    severity: Severity
    summary: str

    def __new__(cls, code: str, severity: Severity, summary: str) -> DiagnosticKind:
        member = str.__new__(cls, code)
        member._value_ = code
        member.severity = severity
        member.summary = summary
        return member

    # ---- reading the files (syntax/loader.py, syntax/parser.py, syntax/screen.py) ----
    SYNTAX = "syntax", _E, "the text does not follow the language's grammar"
    CONTROL_CHARACTER = ("control-character", _E,
                         "a control, bidirectional-text or misplaced tab character")
    BAD_NAME = "bad-name", _E, "a name holds letters a name may not use (accents, capitals)"
    UNREADABLE = "unreadable", _E, "the file cannot be read (missing, not UTF-8, a folder)"
    TOO_LARGE = "too-large", _E, "a file, a number or a count is larger than the limits allow"
    TOO_MANY_FILES = ("too-many-files", _E,
                      "a ruleset reads more files, with its includes and extends, than allowed")
    TOO_LONG = "too-long", _E, "a text or a name is longer than the language allows"
    TOO_MANY_PROBLEMS = ("too-many-problems", _E,
                         "so many problems that checking stopped (or stopped listing) here")
    LINK_LOOP = "link-loop", _E, "a symbolic link that leads back to itself"
    NOT_A_FILE = "not-a-file", _E, "a path names a folder, a pipe or a device, not a file"
    INCLUDE_TWICE = ("include-twice", _W,
                     "a file includes the same file twice; the second line adds nothing")
    MISSING_RULESET = "missing-ruleset", _E, "no built-in ruleset or file has this name"
    MISSING_INCLUDE = "missing-include", _E, "the file an include names does not exist"
    MISSING_EXTENDS = ("missing-extends", _E,
                       "the ruleset an extends names does not exist or has errors")
    PATH_OUTSIDE = "path-outside", _E, "a file named lies outside the ruleset's folder"
    INCLUDE_CYCLE = "include-cycle", _E, "files include each other in a circle"
    EXTENDS_CYCLE = "extends-cycle", _E, "rulesets extend each other in a circle"
    TOO_DEEP = "too-deep", _E, "extends or include nest deeper than the limit"
    BAD_INCLUDE = "bad-include", _E, "an included file says what only a ruleset may say"
    # ---- words of one clause (syntax/parser.py, model/build.py) ----
    UNKNOWN_CARD = "unknown-card", _E, "a word where a card is expected is not a card code"
    UNKNOWN_RANK = "unknown-rank", _E, "a card or rank with no such rank in a French deck"
    UNKNOWN_SUIT = "unknown-suit", _E, "a card with no such suit in a French deck"
    MISSING_ORIGIN = "missing-origin", _E, "a clause does not say where it comes from"
    EMPTY_REASON = "empty-reason", _E, "an inferred or house clause gives no reason"
    UNDECLARED_SOURCE = "undeclared-source", _E, "a citation names a source never declared"
    BAD_PARAGRAPH = "bad-paragraph", _E, "a cited paragraph number is 0 or runs backwards"
    NO_SUCH_PARAGRAPH = "no-such-paragraph", _E, "a citation goes past its source's last paragraph"
    # citations by section or page (books whose text is not bundled)
    WRONG_LOCATOR = ("wrong-locator", _E,
                     "a book is cited by ¶N, or a bundled text by section or page")
    NOT_POSITIVE = "not-positive", _E, "a count, stake or number is below its least value"
    BAD_RANGE = "bad-range", _E, "a range of player counts is empty"
    DUPLICATE_CLAUSE = "duplicate-clause", _E, "the same thing is said twice"
    DUPLICATE_BOX = "duplicate-box", _E, "two boxes of the board for one card"
    DUPLICATE_RANK = "duplicate-rank", _E, "a rank is listed twice in the ranks"
    DUPLICATE_STEP = "duplicate-step", _E, "a settlement step is listed twice"
    DUPLICATE_CARD = "duplicate-card", _E, "a card is taken out of the deck twice"
    MISSING_STEP = "missing-step", _E, "the settlement leaves out one of its steps"
    NO_AFTER = "no-after", _E, "a number of deals in 'game ends' follows no 'after'"
    # ---- the ruleset's files put together (model/compiler.py) ----
    MISSING_CLAUSE = "missing-clause", _E, "a clause or header the ruleset needs is not given"
    UNKNOWN_OPTION = "unknown-option", _E, "an option or choice asked for does not exist"
    OVERRIDES_OPTION = ("overrides-option", _W,
                        "a clause settles what an inherited option chose")
    BAD_DEFAULT = "bad-default", _E, "an option has no default choice, or two"
    NOTHING_TO_REMOVE = "nothing-to-remove", _E, "a remove line names nothing to remove"
    NOTHING_TO_CHANGE = ("nothing-to-change", _E,
                         "a one-part change names a box or board the ruleset does not have")
    DROPPED_PARTS = ("dropped-parts", _W, "a board, deal table or game end restated "
                     "whole leaves out the parent's parts")
    # ---- the whole ruleset (model/checks.py and its *_checks.py rooms) ----
    CONTRADICTION = "contradiction", _E, "two clauses say things that cannot both hold"
    DEAL_MISSING_COUNT = ("deal-missing-count", _E,
                          "a number of players the game allows has no deal or game length")
    DECK_OVERFLOW = "deck-overflow", _E, "the deal needs more cards than the deck has"
    UNDEFINED = "undefined", _E, "a clause names something the ruleset never defines"
    REMOVED_CARD = "removed-card", _E, "a clause names a card the deck clause takes out"
    NO_UNIT_TOKEN = "no-unit-token", _E, "no token is worth 1, so some amounts cannot be paid"
    TOO_MANY_TOKENS = ("too-many-tokens", _E,
                       "more tokens at the table than a transcript can record")
    UNPAYABLE_TOKENS = "unpayable-tokens", _E, "a payment asks for tokens that cannot be required"
    PACKET_OVER_HAND = ("packet-over-hand", _W,
                        "a packet of the deal holds more cards than a hand")
    EMPTY_TALON = "empty-talon", _W, "every card is dealt: the talon is empty"
    BOX_NOT_DEALT = "box-not-dealt", _W, "a card named by a clause is not in the deck"
    CHANGE_NEVER_MADE = ("change-never-made", _W,
                         "the change clause is moot: every token is worth 1")
    RANK_NEVER_ENDS_RUN = ("rank-never-ends-run", _W,
                           "'after a king' never fires: there is no king in the ranks")
    RANK_NEVER_CONTINUES = ("rank-never-continues", _W,
                            "ranks above the king can never continue a run")
    UNREACHABLE_LENGTH = ("unreachable-length", _W, "a stated number of deals that an "
                          "inherited end usually cuts short")
    STAKES_EXCEED_TOKENS = ("stakes-exceed-tokens", _W,
                            "a player's stakes for one deal exceed their starting tokens")
    # issue 22, part 4 (h22-hands)
    NO_EXTRA_HAND = ("no-extra-hand", _W,
                     "a rule for an extra hand, but the deal deals none")
    # -- pools and an empty board (issue #22, item 3) --
    NO_BOXES = ("no-boxes", _W,
                "a clause names box cards, or stakes, but the board has no box for it")
    BAD_POOL_NAME = "bad-pool-name", _E, "a pool's name is empty, too long or a card code"
    # -- the rulesets' own text in another language (issue #25, check --lang) --
    UNTRANSLATED = ("untranslated", _W,
                    "a ruleset's own text has no translation in the language checked")


#: Kinds declared for a use to come and reported nowhere yet (each with its reason).
RESERVED: dict[DiagnosticKind, str] = {}


class Reporter(Protocol):
    """How the semantic pass says a problem: ``report(kind, message, span, hint, severity)``.

    The severity defaults to the kind's; a bare string is no kind, and a message or
    hint is :class:`Words` in English and French (mypy refuses a bare string).
    """

    def __call__(self, kind: DiagnosticKind, message: Words, span: Span,
                 hint: Words = NO_WORDS,
                 severity: Severity | None = None, /) -> None: ...


#: Each kind's summary in French (``check --explain`` in French, the French docs);
#: ``tests/language/test_lang_diagnostics_fr.py`` checks that it names every kind.
SUMMARIES_FR: dict[DiagnosticKind, str] = {
    DiagnosticKind.SYNTAX: "le texte ne suit pas la grammaire du langage",
    DiagnosticKind.CONTROL_CHARACTER: "un caractère de contrôle, de texte bidirectionnel ou "
                                      "une tabulation mal placée",
    DiagnosticKind.BAD_NAME: "un nom contient des lettres qu’un nom ne prend pas (accents, "
                             "majuscules)",
    DiagnosticKind.UNREADABLE: "le fichier ne peut pas être lu (absent, pas en UTF-8, un "
                               "dossier)",
    DiagnosticKind.TOO_LARGE: "un fichier, un nombre ou un compte dépasse les limites",
    DiagnosticKind.TOO_MANY_FILES: "une règle du jeu lit plus de fichiers, avec ses include et "
                                   "extends, qu’il n’est permis",
    DiagnosticKind.TOO_LONG: "un texte ou un nom est plus long que le langage ne le permet",
    DiagnosticKind.TOO_MANY_PROBLEMS: "tant de problèmes que la vérification s’est arrêtée (ou "
                                      "a cessé de les lister) ici",
    DiagnosticKind.LINK_LOOP: "un lien symbolique qui mène à lui-même",
    DiagnosticKind.NOT_A_FILE: "un chemin nomme un dossier, un tube ou un périphérique, pas un "
                               "fichier",
    DiagnosticKind.INCLUDE_TWICE: "un fichier inclut deux fois le même fichier ; la seconde "
                                  "ligne n’ajoute rien",
    DiagnosticKind.MISSING_RULESET: "aucune règle fournie ni aucun fichier ne porte ce nom",
    DiagnosticKind.MISSING_INCLUDE: "le fichier que nomme un include n’existe pas",
    DiagnosticKind.MISSING_EXTENDS: "la règle du jeu que nomme un extends n’existe pas ou a des "
                                    "erreurs",
    DiagnosticKind.PATH_OUTSIDE: "un fichier nommé est hors du dossier de la règle du jeu",
    DiagnosticKind.INCLUDE_CYCLE: "des fichiers s’incluent en cercle",
    DiagnosticKind.EXTENDS_CYCLE: "des règles du jeu s’étendent en cercle",
    DiagnosticKind.TOO_DEEP: "les extends ou les include s’emboîtent plus loin que la limite",
    DiagnosticKind.BAD_INCLUDE: "un fichier inclus dit ce que seule une règle du jeu peut dire",
    DiagnosticKind.UNKNOWN_CARD: "un mot, là où l’on attend une carte, n’est pas un code de "
                                 "carte",
    DiagnosticKind.UNKNOWN_RANK: "une carte ou un rang sans ce rang dans un jeu français",
    DiagnosticKind.UNKNOWN_SUIT: "une carte sans cette couleur dans un jeu français",
    DiagnosticKind.MISSING_ORIGIN: "une clause ne dit pas d’où elle vient",
    DiagnosticKind.EMPTY_REASON: "une clause déduite ou maison ne donne pas de raison",
    DiagnosticKind.UNDECLARED_SOURCE: "une citation nomme une source jamais déclarée",
    DiagnosticKind.BAD_PARAGRAPH: "un numéro de paragraphe cité vaut 0 ou va à rebours",
    DiagnosticKind.NO_SUCH_PARAGRAPH: "une citation va au-delà du dernier paragraphe de sa "
                                      "source",
    DiagnosticKind.WRONG_LOCATOR: "un livre cité par ¶N, ou un texte fourni cité par section "
                                  "ou par page",
    DiagnosticKind.NOT_POSITIVE: "un compte, une mise ou un nombre est sous sa plus petite "
                                 "valeur",
    DiagnosticKind.BAD_RANGE: "un intervalle de nombres de joueurs est vide",
    DiagnosticKind.DUPLICATE_CLAUSE: "la même chose est dite deux fois",
    DiagnosticKind.DUPLICATE_BOX: "deux cases du tableau pour une même carte",
    DiagnosticKind.DUPLICATE_RANK: "un rang figure deux fois dans les rangs",
    DiagnosticKind.DUPLICATE_STEP: "une étape du règlement figure deux fois",
    DiagnosticKind.DUPLICATE_CARD: "une carte est retirée deux fois du jeu",
    DiagnosticKind.MISSING_STEP: "le règlement omet l’une de ses étapes",
    DiagnosticKind.NO_AFTER: "un nombre de donnes dans « game ends » ne suit aucun « after »",
    DiagnosticKind.MISSING_CLAUSE: "une clause ou un en-tête dont la règle du jeu a besoin "
                                   "manque",
    DiagnosticKind.UNKNOWN_OPTION: "une option ou un choix demandé n’existe pas",
    DiagnosticKind.OVERRIDES_OPTION: "une clause tranche ce que choisissait une option héritée",
    DiagnosticKind.BAD_DEFAULT: "une option n’a pas de choix par défaut, ou en a deux",
    DiagnosticKind.NOTHING_TO_REMOVE: "une ligne remove ne nomme rien à retirer",
    DiagnosticKind.NOTHING_TO_CHANGE: "un changement d’une partie nomme une case ou un tableau "
                                      "que la règle du jeu n’a pas",
    DiagnosticKind.DROPPED_PARTS: "un tableau, une table des donnes ou une fin de partie "
                                  "réécrits en entier omettent des parties du parent",
    DiagnosticKind.CONTRADICTION: "deux clauses disent des choses qui ne peuvent pas tenir "
                                  "ensemble",
    DiagnosticKind.DEAL_MISSING_COUNT: "un nombre de joueurs permis n’a pas de donne ou de "
                                       "durée de partie",
    DiagnosticKind.DECK_OVERFLOW: "la donne demande plus de cartes que le jeu n’en a",
    DiagnosticKind.UNDEFINED: "une clause nomme quelque chose que la règle du jeu ne définit "
                              "jamais",
    DiagnosticKind.REMOVED_CARD: "une clause nomme une carte que la clause du jeu retire",
    DiagnosticKind.NO_UNIT_TOKEN: "aucun jeton ne vaut 1, certains montants ne peuvent donc "
                                  "pas être payés",
    DiagnosticKind.TOO_MANY_TOKENS: "plus de jetons à la table qu’une transcription ne peut "
                                    "en noter",
    DiagnosticKind.UNPAYABLE_TOKENS: "un paiement exige des jetons qu’on ne peut pas exiger",
    DiagnosticKind.PACKET_OVER_HAND: "un paquet de la distribution tient plus de cartes qu’une "
                                     "main",
    DiagnosticKind.EMPTY_TALON: "toutes les cartes sont distribuées : le talon est vide",
    DiagnosticKind.BOX_NOT_DEALT: "une carte nommée par une clause n’est pas dans le jeu",
    DiagnosticKind.CHANGE_NEVER_MADE: "la clause de la monnaie est sans objet : chaque jeton "
                                      "vaut 1",
    DiagnosticKind.RANK_NEVER_ENDS_RUN: "« after a king » ne s’applique jamais : il n’y a pas "
                                        "de roi dans les rangs",
    DiagnosticKind.RANK_NEVER_CONTINUES: "les rangs au-dessus du roi ne peuvent jamais "
                                         "continuer une suite",
    DiagnosticKind.UNREACHABLE_LENGTH: "un nombre de donnes qu’une fin héritée écourte "
                                       "d’ordinaire",
    DiagnosticKind.STAKES_EXCEED_TOKENS: "les mises d’un joueur pour une donne dépassent ses "
                                         "jetons de départ",
    DiagnosticKind.NO_EXTRA_HAND: "une règle pour une main de plus, mais la donne n’en "
                                  "distribue pas",
    DiagnosticKind.NO_BOXES: "une clause nomme des cartes du tableau, ou des mises, mais le "
                             "tableau n’a pas de case pour elles",
    DiagnosticKind.BAD_POOL_NAME: "le nom d’une poule est vide, trop long ou un code de "
                                  "carte",
    DiagnosticKind.UNTRANSLATED: "un texte propre du jeu de règles (titre, raison, nom de "
                                 "case…) sans traduction dans la langue demandée",
}


def summary_in(kind: DiagnosticKind, lang: str = "en") -> str:
    """What ``kind`` means, in ``lang`` (``"fr"`` or English): ``check --explain``."""
    return SUMMARIES_FR[kind] if lang == "fr" else kind.summary
