"""A variant's purse sweep on its page: a chart and the sentences that read it.

:func:`purse_section` writes, for one :class:`~.purse_sweep.VariantSweep` and
the language of the page, the section's title and its body (HTML): how the
figures were made, the sentence "with 25 tokens a game lasts about 1.0 deals
(95% interval …); with 50, about …", and an inline SVG chart of deals per game
against the purse.  The French is written here from the figures, as the
English is (never a translation of the English text).

Every text the figures carry (a variant's name, its options, the seats) comes
from a file and goes through :func:`~nainjaune_rules.describe.text.md`.
The chart's text is drawn in ``currentColor`` and its lines in the site's link
colour (a CSS variable of the light and the dark scheme), so it follows the
reader's scheme; its ``viewBox`` is narrow enough to be read on a phone.
"""

from __future__ import annotations

import math
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from nainjaune_rules.analysis.purse_grid import COMMAND, DATA_NAME, PursePoint, VariantSweep
from nainjaune_rules.describe.text import md

#: the chart's size in user units; at 390 px the page gives it about 350 px, so its
#: 13-unit text is drawn at about 10 px
WIDTH, HEIGHT = 440, 270
LEFT, RIGHT, TOP, BOTTOM = 58, 24, 14, 78
FONT = 'font-family="sans-serif" font-size="13" fill="currentColor"'
#: the site's link colour: dark brown on the light scheme, yellow on the dark one
INK = "var(--md-typeset-a-color, #0072b2)"
NBSP, NNBSP = "\u00a0", "\u202f"


@dataclass(frozen=True)
class Words:
    """What a language says in the section (the French is written, not translated)."""

    title: str
    #: {players} {seats} {options} {games} {seed}
    intro: str
    by_value: str
    none: str
    first: str  # {amount} {own} {value} {deals} {interval}
    next: str  # {n} {own} {value} {interval}
    tokens: str  # {n}: the first purse, of plain tokens
    worth: str  # {n}: the first purse, of tokens by value
    own: str
    interval: str  # {low} {high}
    fixed: str  # {deals}
    fixed_bank: str  # {deals}: the length was fixed only because the bank kept games going
    bank_first: str  # {amount} {own} {share} {interval} {bought} {bought_interval}
    bank_next: str  # {n} {own} {share} {interval} {bought} {bought_interval}
    bank_alone: str  # {share}: the own purse needed the bank in few games
    bank_needed: str  # {share}: the own purse needed the bank in many
    source: str  # {file} {command} {sweep}
    x_title: str
    x_title_by_value: str
    y_title: str
    chart_title: str  # {name}
    legend: str
    decimal: str
    deals: Callable[[float], str]


ENGLISH = Words(
    title="Purse and game length",
    intro=("How many deals a game lasts with a smaller or a larger purse, simulated with "
           "{players} players (the table size <code>nainjaune play</code> deals for by "
           "default), the bot {seats} in every seat and the default table options ({options}): "
           "{games} games for each purse, seed {seed}."),
    by_value=(" This ruleset's purse is tokens of several values: each purse tried keeps "
              "its make-up, every kind of token scaled alike."),
    none="none",
    first="With {amount}{own} a game lasts about {value} {deals} {interval}",
    next="with {n}{own}, about {value} {interval}",
    tokens="{n} tokens", worth="a purse worth {n}",
    own=" (this ruleset's purse)",
    interval="(95% interval {low}–{high})",
    fixed=("Here the purse does not change the length: with every purse tried, every game "
           "lasted exactly {deals} deals."),
    source=("The figures are committed in <code>{file}</code>, made by <code>{command}</code>; "
            "<code>{sweep}</code> plays this ruleset's again."),
    fixed_bank=("Every game lasted exactly {deals} deals with every purse tried; but where a "
                "player ran short, counters bought from the bank kept the game going."),
    bank_first="With {amount}{own}, {share} of games bought from the bank {interval}, "
               "{bought} counters per game {bought_interval}",
    bank_next="with {n}{own}, {share} {interval}, {bought} counters {bought_interval}",
    bank_alone=("With this ruleset's purse the game lasts its stated length without the bank "
                "in all but {share} of games: the length does not depend on the bank."),
    bank_needed=("With this ruleset's purse {share} of games need the bank: the stated length "
                 "depends on it."),
    x_title="starting tokens per player", x_title_by_value="worth of each player's purse",
    y_title="deals per game", chart_title="{name}: deals per game against the purse",
    legend="whiskers: 95% interval; dashed: this ruleset's purse",
    decimal=".",
    deals=lambda _value: "deals",
)

FRENCH = Words(
    title="La bourse et la durée d’une partie",
    intro=(f"Combien de donnes dure une partie avec une bourse plus petite ou plus grande, "
           f"en simulation{NBSP}: {{players}} joueurs (le nombre pour lequel "
           f"<code>nainjaune play</code> distribue par défaut), le robot {{seats}} à chaque "
           f"place et les options de table par défaut ({{options}}){NNBSP}; {{games}} parties "
           f"pour chaque bourse, graine {{seed}}."),
    by_value=(f" La bourse de ce jeu de règles est faite de jetons de plusieurs valeurs{NBSP}: "
              "chaque bourse essayée garde sa composition, chaque sorte de jeton multipliée "
              "d’autant."),
    none="aucune",
    first="Avec {amount}{own}, une partie dure environ {value} {deals} {interval}",
    next="avec {n}{own}, environ {value} {interval}",
    tokens="{n} jetons", worth="une bourse valant {n}",
    own=" (la bourse de ce jeu de règles)",
    interval=f"(intervalle à 95{NNBSP}%{NBSP}: {{low}} à {{high}})",
    fixed=(f"Ici la bourse ne change pas la durée{NBSP}: avec chaque bourse essayée, chaque "
           "partie a duré exactement {deals} donnes."),
    source=(f"Les chiffres sont enregistrés dans <code>{{file}}</code>, produits par "
            f"<code>{{command}}</code>{NNBSP}; <code>{{sweep}}</code> rejoue ceux de ce jeu "
            "de règles."),
    fixed_bank=(f"Chaque partie a duré exactement {{deals}} donnes avec chaque bourse essayée"
                f"{NNBSP}; mais quand un joueur était à court, des jetons achetés à la banque "
                "ont permis à la partie de continuer."),
    bank_first="Avec {amount}{own}, {share} des parties ont acheté à la banque {interval}, "
               "{bought} jetons par partie {bought_interval}",
    bank_next="avec {n}{own}, {share} {interval}, {bought} jetons {bought_interval}",
    bank_alone=(f"Avec la bourse de ce jeu de règles, la partie dure sa longueur prévue sans "
                f"la banque dans toutes les parties sauf {{share}}{NBSP}: la durée ne dépend "
                "pas de la banque."),
    bank_needed=(f"Avec la bourse de ce jeu de règles, {{share}} des parties ont besoin de la "
                 f"banque{NBSP}: la durée prévue en dépend."),
    x_title="jetons de départ par joueur", x_title_by_value="valeur de la bourse de chacun",
    y_title="donnes par partie", chart_title=f"{{name}}{NBSP}: donnes par partie selon la bourse",
    legend=f"moustaches{NBSP}: intervalle à 95{NNBSP}%{NNBSP}; tirets{NBSP}: la bourse de ce jeu",
    decimal=",",
    # in French a number below 2 takes the singular: "1,4 donne"
    deals=lambda value: "donne" if value < 2 else "donnes",
)
WORDS = {"en": ENGLISH, "fr": FRENCH}


@dataclass(frozen=True)
class PurseSection:
    """The section of a ruleset page: its title (plain text) and its body (safe HTML)."""

    title: str
    body: Markup


def number(value: float, words: Words, digits: int = 1) -> str:
    return f"{value:.{digits}f}".replace(".", words.decimal)


def sweep_command(entry: VariantSweep) -> str:
    """The ``nainjaune sweep`` command that plays this variant's figures again.

    Its words come from the committed file, which :func:`.purse_sweep.parse` holds to
    built-in names and bots; each is shell-quoted all the same, since the command is
    there to be copied into a shell."""
    words = ["nainjaune", "sweep", entry.name, "--vary",
             f"starting tokens={','.join(map(str, entry.values))}",
             "--players", str(entry.players), "--seats", ",".join(entry.seats),
             "--games", str(entry.games), "--seed", str(entry.seed)]
    return " ".join(shlex.quote(word) for word in words)


def sentence(entry: VariantSweep, words: Words) -> str:
    """"With 25 tokens a game lasts about 1.0 deals (95% interval 1.0–1.0); with 50 …"."""
    parts = []
    for i, point in enumerate(entry.points):
        amount = (words.worth if entry.by_value else words.tokens).format(n=point.tokens)
        span = words.interval.format(low=number(point.low, words), high=number(point.high, words))
        parts.append((words.first if i == 0 else words.next).format(
            amount=amount, n=point.tokens, own=words.own if point.tokens == entry.purse else "",
            value=number(point.value, words), deals=words.deals(point.value), interval=span))
    separator = f"{NNBSP}; " if words is FRENCH else "; "
    return separator.join(parts) + "."


#: below this share of games buying from the bank, a length is said not to depend on it
BANK_RARE = 0.05


def percent(value: float, words: Words) -> str:
    """``3.2%``, ``3,2 %``."""
    text = number(100 * value, words)
    return f"{text}{NNBSP}%" if words is FRENCH else f"{text}%"


def bank_sentences(entry: VariantSweep, words: Words) -> str:
    """What the bank sold at each purse, and whether the own purse's length depends on it
    ("" for a variant without a bank)."""
    parts = []
    own = None
    for i, point in enumerate(entry.points):
        if point.buying is None or point.bought is None:
            return ""
        amount = (words.worth if entry.by_value else words.tokens).format(n=point.tokens)
        share = percent(point.buying.value, words)
        span = words.interval.format(low=percent(point.buying.low, words),
                                     high=percent(point.buying.high, words))
        bought_span = words.interval.format(low=number(point.bought.low, words),
                                            high=number(point.bought.high, words))
        parts.append((words.bank_first if i == 0 else words.bank_next).format(
            amount=amount, n=point.tokens,
            own=words.own if point.tokens == entry.purse else "", share=share,
            interval=span, bought=number(point.bought.value, words),
            bought_interval=bought_span))
        if point.tokens == entry.purse:
            own = point.buying
    separator = f"{NNBSP}; " if words is FRENCH else "; "
    said = separator.join(parts) + "."
    if own is not None:
        verdict = words.bank_alone if own.value < BANK_RARE else words.bank_needed
        said += " " + verdict.format(share=percent(own.value, words))
    return said


def fixed_length(points: Sequence[PursePoint]) -> float | None:
    """The one length of every game, when the purse changed nothing at all."""
    lengths = {(p.low, p.value, p.high) for p in points}
    if len(lengths) == 1:
        low, value, high = next(iter(lengths))
        if low == value == high:
            return value
    return None


def purse_section(entry: VariantSweep, lang: str = "en") -> PurseSection:
    """The section of ``entry``'s ruleset page, in the language ``lang``."""
    words = WORDS.get(lang, ENGLISH)
    options = ", ".join(f"<code>{md(k)}={md(v)}</code>" for k, v in entry.options)
    seats = ", ".join(f"<code>{md(s)}</code>" for s in dict.fromkeys(entry.seats))
    intro = words.intro.format(players=entry.players, seats=seats, options=options or words.none,
                               games=entry.games, seed=entry.seed)
    if entry.by_value:
        intro += words.by_value
    # the sentences hold only this module's words and the file's numbers: escaped for
    # HTML (md() would also make the French no-break spaces plain ones)
    said = escape(sentence(entry, words))
    fixed = fixed_length(entry.points)
    bank = bank_sentences(entry, words)
    if fixed is not None:
        # a length the bank kept up is not the purse's doing: never "the purse does not
        # change the length" then
        said += Markup(" ") + escape((words.fixed_bank if bank else words.fixed).format(
            deals=number(fixed, words, 0)))
    if bank:
        said += Markup('</p>\n<p class="nj-purse-bank">') + escape(bank)
    source = words.source.format(file=md(DATA_NAME), command=md(COMMAND),
                                 sweep=md(sweep_command(entry)))
    body = (f'<div class="nj-purse-sweep">\n<p>{intro}</p>\n<p class="nj-purse-sentence">'
            f'{said}</p>\n<div class="nj-chart-box">{purse_chart(entry, words)}</div>\n'
            f'<p>{source}</p>\n</div>')
    return PurseSection(words.title, Markup(body))


# -- the chart -----------------------------------------------------------------------------


def _text(x: float, y: float, text: str, anchor: str = "middle", extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" {FONT}{extra}>'
            f"{md(text)}</text>")


def _step(top: float) -> float:
    """A round step (1, 2, 2.5 or 5 times a power of ten) giving about four ticks up to
    ``top``."""
    raw = max(top, 1.0) / 4
    power = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)


def purse_chart(entry: VariantSweep, words: Words) -> str:
    """Deals per game (with 95% whiskers) against the purse, on a doubling scale."""
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = _step(max(p.high for p in entry.points))
    y_top = step * math.ceil(max(p.high for p in entry.points) / step) or step
    logs = [math.log2(p.tokens) for p in entry.points]
    lo, span = min(logs), (max(logs) - min(logs)) or 1.0

    def px(tokens: int) -> float:
        if len(entry.points) == 1:
            return LEFT + plot_w / 2
        return LEFT + 20 + (math.log2(tokens) - lo) / span * (plot_w - 40)

    def py(value: float) -> float:
        return TOP + plot_h - value / y_top * plot_h

    body = [f'<line x1="{LEFT}" y1="{TOP + plot_h}" x2="{LEFT + plot_w}" y2="{TOP + plot_h}" '
            'stroke="currentColor"/>',
            f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_h}" stroke="currentColor"/>']
    ticks = int(round(y_top / step))
    for i in range(ticks + 1):
        y = py(i * step)
        body.append(f'<line x1="{LEFT - 4}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" '
                    f'stroke="currentColor" stroke-opacity="{0.6 if i == 0 else 0.15}"/>')
        tick = i * step
        body.append(_text(LEFT - 7, y + 4, number(tick, words, 0 if tick == int(tick) else 1),
                          "end"))
    for point in entry.points:
        x = px(point.tokens)
        body.append(f'<line x1="{x:.1f}" y1="{TOP + plot_h}" x2="{x:.1f}" '
                    f'y2="{TOP + plot_h + 5}" stroke="currentColor"/>')
        body.append(_text(x, TOP + plot_h + 19, str(point.tokens)))
        if point.tokens == entry.purse:
            body.append(f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{TOP + plot_h}" '
                        'stroke="currentColor" stroke-opacity="0.5" stroke-dasharray="4,4"/>')
    x_title = words.x_title_by_value if entry.by_value else words.x_title
    body.append(_text(LEFT + plot_w / 2, TOP + plot_h + 38, x_title))
    body.append(_text(LEFT + plot_w / 2, HEIGHT - 8, words.legend))
    mid = TOP + plot_h / 2
    body.append(_text(16, mid, words.y_title, extra=f' transform="rotate(-90 16 {mid:.1f})"'))
    line = " ".join(f"{px(p.tokens):.1f},{py(p.value):.1f}" for p in entry.points)
    body.append(f'<polyline points="{line}" fill="none" style="stroke:{INK}" '
                'stroke-width="2"/>')
    for point in entry.points:
        x, top, bottom = px(point.tokens), py(point.high), py(max(point.low, 0.0))
        body.append(f'<path d="M{x - 5:.1f},{top:.1f}h10M{x:.1f},{top:.1f}V{bottom:.1f}'
                    f'M{x - 5:.1f},{bottom:.1f}h10" fill="none" style="stroke:{INK}" '
                    'stroke-width="1.4"/>')
        body.append(f'<circle cx="{x:.1f}" cy="{py(point.value):.1f}" r="3.6" '
                    f'style="fill:{INK}"/>')
    title = words.chart_title.format(name=entry.name)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
            f'width="100%" role="img" aria-label="{md(title)}" class="nj-chart" '
            f'style="min-width:0;max-width:{WIDTH * 1.5:.0f}px">'
            f"<title>{md(title)}</title>" + "".join(body) + "</svg>")
