"""The words and numbers of the statistics page, in the language of the page.

The page (:mod:`.page`) and its charts (:mod:`.charts`) write every fixed phrase
through a :class:`Words`: ``words("deals per game")`` is the phrase itself in
English and its entry in :data:`FRENCH_TEXT` in French.  The figures are the same
in both languages; only their writing changes: ``1.30`` and ``12.5%`` in
English, ``1,30`` and ``12,5 %`` in French (decimal comma, a no-break space
before the percent sign, ``[a ; b]`` for an interval, whose bounds hold commas).

The figures' labels come from :mod:`.figures` in English; a French label is
found by the figure's stable key (:func:`french_label`), never by translating
the English text.  A figure this module has no French for keeps its English
label (a test lists such labels).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from nainjaune_rules.analysis.figures import Row, position_name
from nainjaune_rules.analysis.stats_text import fmt, is_rate
from nainjaune_rules.core.cards import parse_card
from nainjaune_rules.core.french import card_symbol
from nainjaune_rules.core.kinds import EndKind
from nainjaune_rules.model.words import column

NBSP = "\u00a0"


@dataclass(frozen=True)
class Words:
    """How the statistics page is written in one language."""

    code: str
    #: English phrase (a ``str.format`` pattern) -> this language's
    text: Mapping[str, str] = field(default_factory=dict)

    def __call__(self, english: str, /, **values: object) -> str:
        return self.text.get(english, english).format(**values)

    @property
    def french(self) -> bool:
        return self.code == "fr"

    def number(self, written: str) -> str:
        """A number as :func:`.render.fmt` writes it (``1.30``, ``12.5%``), in this
        language's style."""
        if not self.french:
            return written
        return written.replace(".", ",").replace("%", NBSP + "%")

    def integer(self, n: int) -> str:
        """A count: ``2000`` in English, ``2 000`` in French."""
        return f"{n:,}".replace(",", NBSP) if self.french else str(n)

    def value(self, value: float | None, rate: bool) -> str:
        return self.number(fmt(value, rate))

    def interval(self, row: Row) -> str:
        est, rate = row.estimate, is_rate(row)
        if est.low is None or est.high is None:
            return "—"
        separator = " ; " if self.french else ", "
        return f"[{self.value(est.low, rate)}{separator}{self.value(est.high, rate)}]"

    def label(self, row: Row) -> str:
        return french_label(row) if self.french else row.label

    def position(self, k: int) -> str:
        """A seat counted from the dealer: ``the dealer``, ``dealer+2``."""
        if not self.french:
            return position_name(k)
        return "le donneur" if k == 0 else f"donneur+{k}"

    def count(self, n: int, unit: str) -> str:
        """``200 games``, ``1 843 donnes``."""
        units = {"game": "parties", "deal": "donnes"} if self.french else {}
        return f"{self.integer(n)} {units.get(unit, unit + 's')}"


ENGLISH = Words("en")

#: the French of each figure, by its key; ``{0}`` is the key's last part (a card, shown
#: by its symbol, or a seat number) and ``{position}`` the seat counted from the dealer
_LABELS: tuple[tuple[str, str], ...] = (
    (r"length\.plays_per_deal", "cartes jouées par donne"),
    (r"length\.turns_per_deal", "tours par donne"),
    (r"length\.deals_per_game", "donnes par partie"),
    (r"length\.games_ended", "parties terminées par leurs règles"),
    (r"fairness\.deal_win\.pos(\d+)", "donne gagnée par {position}"),
    (r"fairness\.deal_win\.first_leader", "donne gagnée par le premier à jouer"),
    (r"fairness\.net\.first_leader", "jetons nets par donne du premier à jouer"),
    (r"fairness\.net\.pos(\d+)", "jetons nets par donne, {position}"),
    (r"fairness\.game_win\.pos(\d+)", "partie gagnée par le premier {position}"),
    (r"fairness\.game_win\.seat(\d+)", "partie gagnée par la place {0} ({spec})"),
    (r"activity\.box\.(\w+)", "case {0} prise en jeu"),
    (r"activity\.opera", "opéra"),
    (r"activity\.forfeit", "une annonce oubliée"),
    (r"activity\.forfeit\.(\w+)", "annonce oubliée du {0}"),
    (r"activity\.stop_cards", "cartes d'arrêt jouées par donne"),
    (r"activity\.king_restarts", "suites terminées par un roi, par donne"),
    (r"activity\.stuck", "fois où personne n'a pu continuer, par donne"),
    (r"activity\.honours", "un honneur resté en main"),
    (r"activity\.honour\.(\w+)", "honneur {0} resté en main"),
    (r"activity\.shortfall", "un joueur incapable de payer en entier"),
    (r"money\.tokens_moved", "jetons déplacés par donne"),
    (r"money\.board", "jetons sur le tableau après une donne"),
    (r"money\.board_peak", "plus gros tableau d'une partie"),
    (r"money\.board_final", "tableau à la fin d'une partie"),
    (r"money\.spread", "écart final des soldes (plus riche − plus pauvre)"),
    (r"bank\.games_buying", "parties où un joueur a acheté des jetons à la banque"),
    (r"bank\.bought_per_game", "jetons achetés à la banque par partie"),
    (r"bank\.largest_debt", "plus grosse dette envers la banque à la fin d'une partie"),
    (r"bank\.debtors", "joueurs endettés envers la banque à la fin d'une partie"),
)
_SPEC = re.compile(r"\(([^()]*)\)$")


def french_label(row: Row) -> str:
    """The French label of a figure, from its key; its English label when the key is new."""
    for pattern, french in _LABELS:
        found = re.fullmatch(pattern, row.key)
        if found:
            part = found.group(1) if found.groups() else ""
            card = parse_card(part) if part and not part.isdigit() else None
            k = int(part) if part.isdigit() else 0
            position = FRENCH.position(k)
            if row.key.startswith("fairness.game_win.pos"):
                position = position.removeprefix("le ")  # le premier donneur
            spec = _SPEC.search(row.label)
            return french.format(card_symbol(card) if card else part, position=position,
                                 spec=spec.group(1) if spec else "")
    return row.label


#: why the games ended (:class:`nainjaune_rules.engine.summary.Termination` values): an
#: end condition of the language by its registry words (``model/words.py``, the end
#: condition's Termination has its value), the engine's other ends here;
#: ``tests/language/test_lang_registry.py`` holds every Termination to its entry
ENDS: dict[str, str] = {
    **{kind.value: french for kind, french in column(EndKind, "ended_fr").items()},
    "shortfall": "un joueur ne peut pas payer",
    "players left": "trop peu de joueurs",
    "bound": "la borne de sécurité",
    "error": "une erreur",
}

SECTIONS: dict[str, str] = {
    "length": "Durée", "fairness": "Équité", "activity": "Activité des règles",
    "money": "Jetons", "bank": "Banque",
}

FRENCH_TEXT: dict[str, str] = {
    # the page's head
    "# Statistics": "# Statistiques",
    "What the rule differences do, measured: every ruleset below was played {games} times "
    "by the engine's reference bot ({bot} in every seat) at its usual table size, seed "
    "{seed}. Reproduce a ruleset's figures, or get more precise ones, with {command} (add "
    "{more}).": "Ce que font les différences de règles, mesuré : chaque jeu de règles "
    "ci-dessous a été joué {games} fois par le robot de référence du moteur ({bot} à chaque "
    "place), au nombre de joueurs habituel, graine {seed}. Pour retrouver les chiffres d'un "
    "jeu de règles, ou en obtenir de plus précis : {command} (ajouter {more}).",
    "Every rate and mean comes with its 95% confidence interval: the Wilson score interval "
    "for proportions, Student's t for means. Deals of one game are not independent (the "
    "board and the balances carry over), so per-deal figures treat games as clusters "
    "(cluster-robust variance; Wilson on the effective number of deals). A \\* marks a share "
    "whose interval excludes the fair share.": "Chaque taux et chaque moyenne est donné avec "
    "son intervalle de confiance à 95 % : l'intervalle de Wilson pour les proportions, "
    "celui de Student pour les moyennes. Les donnes d'une même partie ne sont pas "
    "indépendantes (le tableau et les soldes se reportent), si bien que les chiffres par "
    "donne traitent les parties comme des grappes (variance robuste aux grappes ; Wilson sur "
    "le nombre effectif de donnes). Un \\* marque une part dont l'intervalle exclut la part "
    "équitable.",
    "## The rulesets side by side": "## Les jeux de règles côte à côte",
    "ruleset": "jeu de règles",
    "players": "joueurs",
    # the summary's columns and the charted rules
    "deals per game": "donnes par partie",
    "cards played per deal": "cartes jouées par donne",
    "deals won by the first leader": "donnes gagnées par le premier à jouer",
    "opéra": "opéra",
    "someone cannot pay in full": "un joueur ne peut pas payer en entier",
    "tokens moved per deal": "jetons déplacés par donne",
    "final spread": "écart final",
    "honour left in hand": "honneur resté en main",
    "cannot pay in full": "ne peut pas payer en entier",
    "- {name}: not simulated ({why})": "- {name} : non simulé ({why})",
    # the charts
    "## Charts": "## Graphiques",
    "### Deal length": "### Longueur des donnes",
    "Share of deals by the number of cards played": "Part des donnes selon le nombre de "
    "cartes jouées",
    "cards played in the deal": "cartes jouées dans la donne",
    "share of deals": "part des donnes",
    "### Seat fairness": "### Équité entre les places",
    "The share of deals won by each seat, counted from the dealer in the direction of play; "
    "the dashed line is the fair share 1/P.": "La part des donnes gagnées par chaque place, "
    "comptée à partir du donneur dans le sens du jeu ; la ligne en tirets est la part "
    "équitable 1/P.",
    "Deals won by each seat position": "Donnes gagnées par chaque place",
    "share of the deals won": "part des donnes gagnées",
    "### How often the special rules fire": "### Fréquence des règles spéciales",
    "The share of deals in which each rule applied (rulesets without the rule are left "
    "out).": "La part des donnes où chaque règle s'est appliquée (les jeux de règles sans "
    "cette règle sont laissés de côté).",
    "Share of deals in which a rule fired": "Part des donnes où une règle s'est appliquée",
    "share of deals in which the rule applied": "part des donnes où la règle s'est appliquée",
    "; whiskers: 95% interval": " ; moustaches : intervalle à 95 %",
    "; dashed: the fair share": " ; tirets : la part équitable",
    # a ruleset's section
    "## {name}: {title} {{#{anchor}}}": "## {name} : {title} {{#{anchor}}}",
    "{games} games, {deals} deals, {players} players ({seats}), options: {options}. "
    "Games ended by: {ends}.": "{games} parties, {deals} donnes, {players} joueurs "
    "({seats}), options : {options}. Parties terminées par : {ends}.",
    "none": "aucune",
    "**{n} games did not end within the safety bound**: per-game figures describe "
    "truncated games.": "**{n} parties ne se sont pas terminées dans la borne de "
    "sécurité** : les chiffres par partie décrivent des parties tronquées.",
    "| figure | value | 95% interval | fair | n |": "| chiffre | valeur | intervalle à 95 % "
    "| part équitable | n |",
    # what the figures say
    "## What the figures say": "## Ce que disent les chiffres",
    "{value} (95% interval {span})": "{value} (intervalle à 95 % {span})",
    "**Game length.** The shortest games are those of {name}: {said} deals per game with "
    "{players} players. ": "**Durée de la partie.** Les parties les plus courtes sont celles "
    "de {name} : {said} donnes par partie à {players} joueurs. ",
    "The longest are those of {name}: {said} deals per game with {players} players.":
    "Les plus longues sont celles de {name} : {said} donnes par partie à {players} joueurs.",
    "more than": "plus que",
    "less than": "moins que",
    "not clearly different from": "sans différence nette avec",
    "{name} {said}, {verdict} the fair share of {fair}": "{name} {said}, {verdict} la part "
    "équitable de {fair}",
    "**The first leader's advantage.** The player who leads first in a deal wins this share "
    "of the deals: ": "**L'avantage du premier à jouer.** Le joueur qui joue le premier dans "
    "une donne gagne cette part des donnes : ",
    "{label}: from {said} of deals ({name})": "{label} : de {said} des donnes ({name})",
    " to {said} ({name})": " à {said} ({name})",
    "**How often the special rules fire.** ": "**Fréquence des règles spéciales.** ",
    ". A ruleset without the rule is left out.": ". Un jeu de règles sans la règle est "
    "laissé de côté.",
    "{label} {said} against {parent}": "{label} {said} contre {parent}",
    "; ": " ; ",
    "{name} changes {parent}'s rules: ": "{name} change les règles de {parent} : ",
    "**What a change of rules does.** ": "**L'effet d'un changement de règles.** ",
}

FRENCH = Words("fr", FRENCH_TEXT)
WORDS: dict[str, Words] = {"en": ENGLISH, "fr": FRENCH}
