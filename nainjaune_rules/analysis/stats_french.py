"""The French of the statistics: each figure's label by its stable key, why games ended,
the sections, and the text table the playground shows on its French page.

The site's statistics page (:mod:`nainjaune_rules.pages.stats_words`) and the playground's
quick statistics (:mod:`nainjaune_rules.playground.quickstats`) write their French from
here; numbers are written as French writes them (decimal comma, a no-break space before
the percent sign, ``[a ; b]`` for an interval).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from nainjaune_rules.analysis.figures import Figures, Row
from nainjaune_rules.analysis.intervals import LEVEL
from nainjaune_rules.analysis.stats_text import fmt, is_rate, off_baseline
from nainjaune_rules.core.cards import parse_card
from nainjaune_rules.core.french import card_symbol
from nainjaune_rules.core.kinds import EndKind
from nainjaune_rules.core.textsafe import terminal_safe
from nainjaune_rules.model.words import column

NBSP = "\u00a0"


def position_fr(k: int) -> str:
    """A seat counted from the dealer: ``le donneur``, ``donneur+2``."""
    return "le donneur" if k == 0 else f"donneur+{k}"


def number_fr(written: str) -> str:
    """``1.30`` → ``1,30``, ``12.5%`` → ``12,5 %``."""
    return written.replace(".", ",").replace("%", NBSP + "%")


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
            position = position_fr(k)
            if row.key.startswith("fairness.game_win.pos"):
                position = position.removeprefix("le ")  # le premier donneur
            spec = _SPEC.search(row.label)
            return french.format(card_symbol(card) if card else part, position=position,
                                 spec=spec.group(1) if spec else "")
    return row.label


#: why the games ended (:class:`nainjaune_rules.engine.summary.Termination` values): an
#: end condition of the language by its registry words (``model/end_words.py``, the end
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



def _cells(row: Row) -> tuple[str, str, str, str, str]:
    est, rate = row.estimate, is_rate(row)
    span = ("—" if est.low is None or est.high is None
            else f"[{number_fr(fmt(est.low, rate))} ; {number_fr(fmt(est.high, rate))}]")
    fair = number_fr(fmt(row.baseline, True)) if row.baseline is not None else ""
    unit = {"game": "parties", "deal": "donnes"}.get(row.unit, row.unit)
    return (number_fr(fmt(est.value, rate)), "*" if off_baseline(row) else "", span, fair,
            f"{est.n} {unit}")


def render_text_fr(figures: Sequence[Figures]) -> str:
    """The table of :func:`.stats_text.render_text`, in French."""
    out: list[str] = []
    for f in figures:
        seats = ", ".join(f"{spec} ×{f.seats.count(spec)}" for spec in dict.fromkeys(f.seats))
        options = ", ".join(f"{k}={v}" for k, v in f.options) or "aucune"
        out += [f"{terminal_safe(f.name)} — {f.title}",
                f"{f.games} parties ({f.deals} donnes), {f.players} joueurs ({seats}), "
                f"graine {f.seed}, options : {options}"]
        if f.ends:
            out.append("parties finies par : " + ", ".join(
                f"{ENDS.get(k, k)} ({v})" for k, v in f.ends.items()))
        if f.open_ended:
            out.append(f"note : {f.games - f.ended} parties ont atteint la borne de sécurité ; "
                       "les chiffres par partie décrivent des parties tronquées, ceux par "
                       "donne sont ceux à lire")
        if f.partial:
            out.append(f"PARTIEL : interrompu ; ces chiffres ne décrivent que les parties "
                       f"finies ({f.games} sur {f.requested})")
        out.append(f"{'':46}{'valeur':>9}  {'intervalle à 95' + NBSP + '%':<22}{'juste':>7}  n")
        for section in f.sections:
            out.append(SECTIONS.get(section.key, section.title))
            for row in section.rows:
                value, mark, span, fair, n = _cells(row)
                out.append(f"  {french_label(row):<44}{value:>9}{mark or ' '} {span:<22}"
                           f"{fair:>7}  {n}")
        out.append("")
    out.append(f"Intervalles à {LEVEL:.0%} : Wilson pour les proportions, Student pour les "
               "moyennes ; les chiffres par donne traitent les parties comme des grappes (les "
               "donnes d'une partie ne sont pas indépendantes). * = la part juste est hors de "
               "l'intervalle. donneur+k = la k-ième place après le donneur dans le sens du jeu "
               "(le premier donneur, pour les parties).".replace("%", NBSP + "%"))
    return "\n".join(out) + "\n"
