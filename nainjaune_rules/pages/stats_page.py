"""The documentation site's statistics page, simulated at build time.

The MkDocs hook (``site/hooks/nainjaune_docs.py``) calls
:func:`render_statistics_page` with every ruleset it documents, by the
site's name for it.  The page is generated, never committed, so it always
describes the rulesets as they are; the simulation is small and seeded
(:data:`PAGE_GAMES` games per ruleset, seed :data:`PAGE_SEED`) so the build
stays fast and the page is the same on every build.

Each ruleset gets a section whose anchor is :func:`stats_anchor` of its site
name (``statistics.md#stats-fr-sheet``, ``#stats-house-1902-per-card``), so
the ruleset pages can link to their figures.

The page is written in English or in French (``lang``) from the same figures:
:func:`simulate_page` plays the games once, and :func:`render_statistics_page`
writes them in either language (:mod:`.words` holds the French).

The page is Markdown: every text that comes from a ruleset (its name on the
site, its title, its options, how its games ended) is written through
:func:`~nainjaune_rules.describe.text.md`, the site's one escaping helper.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from nainjaune_rules.analysis.figures import Figures, Row
from nainjaune_rules.analysis.simulation import DEFAULT_SEAT, SimulationError, simulate
from nainjaune_rules.analysis.stats_text import is_rate, off_baseline
from nainjaune_rules.describe.text import md, page_stem
from nainjaune_rules.model.translation import translated
from nainjaune_rules.pages.charts import (
    NARROW,
    WIDTH,
    Bar,
    Group,
    coinciding,
    distribution_chart,
    interval_chart,
)
from nainjaune_rules.pages.site import parent_name_of
from nainjaune_rules.pages.stats_words import ENDS, SECTIONS, WORDS, Words

if TYPE_CHECKING:
    from nainjaune_rules.model.rules import Ruleset

PAGE_GAMES = 200
PAGE_SEED = 0

#: the columns of the summary table: (figure key, column title)
SUMMARY = (
    ("length.deals_per_game", "deals per game"),
    ("length.plays_per_deal", "cards played per deal"),
    ("fairness.deal_win.first_leader", "deals won by the first leader"),
    ("activity.opera", "opéra"),
    ("activity.shortfall", "someone cannot pay in full"),
    ("money.tokens_moved", "tokens moved per deal"),
    ("money.spread", "final spread"),
)
#: the rule-activity rates charted for every ruleset that has the rule
CHARTED_RULES = (("activity.opera", "opéra"), ("activity.honours", "honour left in hand"),
                 ("activity.shortfall", "cannot pay in full"))


def stats_anchor(name: str) -> str:
    """The anchor of a ruleset's section: ``stats-`` and its site name made URL-safe
    (a name that is not a plain file name keeps its page's hash, so stays unique)."""
    return "stats-" + re.sub(r"[^a-z0-9]+", "-", page_stem(name).lower()).strip("-")


@dataclass(frozen=True)
class Simulated:
    """The figures of every ruleset of the page, simulated once for every language."""

    figures: list[Figures]
    #: (the site's name, why) of each ruleset that could not be simulated
    failed: list[tuple[str, str]] = field(default_factory=list)


def simulate_page(rulesets: Mapping[str, Ruleset], *, games: int = PAGE_GAMES,
                  seed: int = PAGE_SEED) -> Simulated:
    """Each ruleset played ``games`` times among ``lowest`` bots, seed ``seed``."""
    figures, failed = [], []
    for name, ruleset in rulesets.items():
        try:
            figures.append(simulate(ruleset, games, seed=seed, name=name))
        except SimulationError as exc:
            failed.append((name, str(exc)))
    return Simulated(figures, failed)


def render_statistics_page(rulesets: Mapping[str, Ruleset], *, games: int = PAGE_GAMES,
                           seed: int = PAGE_SEED,
                           figures: Sequence[Figures] | Simulated | None = None,
                           lang: str = "en") -> str:
    """The Markdown of ``statistics.md``: summary table, charts, a section per ruleset.

    ``rulesets`` maps the site's name of each ruleset to it, in the site's
    order.  ``figures`` skips the simulation (the figures of a test, or those of
    :func:`simulate_page`, so that each language's page shows the same
    figures); otherwise each ruleset is simulated with ``games`` games among
    ``lowest`` bots.  ``lang`` is the language of the page (``en`` or ``fr``).
    """
    if figures is None:
        figures = simulate_page(rulesets, games=games, seed=seed)
    simulated = figures if isinstance(figures, Simulated) else Simulated(list(figures))
    w = WORDS[lang]
    # each ruleset's title in the page's language (the figures keep the one simulated)
    found = [replace(f, title=translated(rulesets[f.name], lang).title)
             if f.name in rulesets else f for f in simulated.figures]
    failed = [w("- {name}: not simulated ({why})", name=f"<code>{md(name)}</code>", why=md(why))
              for name, why in simulated.failed]
    command = f"`nainjaune simulate NAME --games {games} --seed {seed}`"
    out = [
        w("# Statistics"),
        "",
        w("What the rule differences do, measured: every ruleset below was played {games} "
          "times by the engine's reference bot ({bot} in every seat) at its usual table "
          "size, seed {seed}. Reproduce a ruleset's figures, or get more precise ones, with "
          "{command} (add {more}).", games=w.integer(games), bot=f"`{DEFAULT_SEAT}`",
          seed=seed, command=command, more="`--games 10000`"),
        "",
        w("Every rate and mean comes with its 95% confidence interval: the Wilson score "
          "interval for proportions, Student's t for means. Deals of one game are not "
          "independent (the board and the balances carry over), so per-deal figures treat "
          "games as clusters (cluster-robust variance; Wilson on the effective number of "
          "deals). A \\* marks a share whose interval excludes the fair share."),
        "",
        w("## The rulesets side by side"),
        "",
        f"| {w('ruleset')} | {w('players')} | " + " | ".join(w(title) for _, title in SUMMARY)
        + " |",
        "|---|---|" + "---|" * len(SUMMARY),
    ]
    for f in found:
        rows = f.rows()
        cells = [_cell(rows.get(key), w) for key, _ in SUMMARY]
        out.append(f"| [{md(f.name)}](#{stats_anchor(f.name)}) | {f.players} | "
                   + " | ".join(cells) + " |")
    out += [""] + failed + ["", *findings(found, rulesets, w)]
    out += ["", w("## Charts"), "", w("### Deal length"), ""]
    lengths = {f.name: f.plays_histogram for f in found}
    out += _coinciding(lengths, w)
    out.append(_html(lambda width: distribution_chart(
        lengths, w("Share of deals by the number of cards played"),
        w("cards played in the deal"), words=w, width=width)))
    out += ["", w("### Seat fairness"), "",
            w("The share of deals won by each seat, counted from the dealer in the direction "
              "of play; the dashed line is the fair share 1/P."), ""]
    out.append(_html(lambda width: interval_chart(
        [_fairness(f, w) for f in found], w("Deals won by each seat position"),
        x_label=w("share of the deals won"), words=w, width=width)))
    out += ["", w("### How often the special rules fire"), "",
            w("The share of deals in which each rule applied (rulesets without the rule are "
              "left out)."), ""]
    out.append(_html(lambda width: interval_chart(
        [g for g in (_activity(f, w) for f in found) if g.bars],
        w("Share of deals in which a rule fired"),
        x_label=w("share of deals in which the rule applied"), words=w, width=width)))
    for f in found:
        out += ["", *_section(f, w)]
    return "\n".join(out) + "\n"


def _html(chart: Callable[[int], str]) -> str:
    """The chart drawn for a desktop and for a phone: the page's stylesheet shows one
    (site/assets/nainjaune.css).  A block of raw HTML in Markdown: blank lines around
    it, none inside."""
    return (f'<div class="nj-chart-box"><div class="nj-chart-wide">{chart(WIDTH)}</div>'
            f'<div class="nj-chart-narrow">{chart(NARROW)}</div></div>')


def _coinciding(lengths: Mapping[str, Mapping[int, int]], w: Words) -> list[str]:
    """A sentence naming the rulesets whose lines coincide, each with the first one."""
    same = coinciding(lengths)
    if not same:
        return []
    groups: dict[str, list[str]] = {}
    for name, first in same.items():
        groups.setdefault(first, [first]).append(name)
    said = [w("The lines of {names} coincide: the same figures.",
              names=_listed([md(n) for n in names], w)) for names in groups.values()]
    return [" ".join(said), ""]


def _listed(names: Sequence[str], w: Words) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + w(" and ") + names[-1]


def _cell(row: Row | None, w: Words) -> str:
    if row is None:
        return "—"
    return f"{w.value(row.estimate.value, is_rate(row))} {w.interval(row)}"


def _fairness(f: Figures, w: Words) -> Group:
    rows = f.rows()
    bars = [Bar(w.position(k), rows[f"fairness.deal_win.pos{k}"].estimate)
            for k in range(f.players)]
    return Group(f.name, bars, 1 / f.players)


def _activity(f: Figures, w: Words) -> Group:
    rows = f.rows()
    return Group(f.name, [Bar(w(label), rows[key].estimate) for key, label in CHARTED_RULES
                          if key in rows])


def _section(f: Figures, w: Words) -> list[str]:
    seats = md(", ".join(dict.fromkeys(f.seats)))
    options = md(", ".join(f"{k}={v}" for k, v in f.options) or w("none"))
    # the counts are written outside md(), which would make a no-break space a space
    ends = ", ".join(f"{md(ENDS.get(k, k) if w.french else k)} ({w.integer(v)})"
                     for k, v in f.ends.items()) or "—"
    lines = [w("## {name}: {title} {{#{anchor}}}", name=md(f.name), title=md(f.title),
               anchor=stats_anchor(f.name)), "",
             w("{games} games, {deals} deals, {players} players ({seats}), options: {options}. "
               "Games ended by: {ends}.", games=w.integer(f.games), deals=w.integer(f.deals),
               players=f.players, seats=seats, options=options, ends=ends)]
    if f.open_ended:
        lines.append(w("**{n} games did not end within the safety bound**: per-game figures "
                       "describe truncated games.", n=w.integer(f.games - f.ended)))
    lines += [""]
    for section in f.sections:
        title = SECTIONS.get(section.key, section.title) if w.french else section.title
        lines += [f"**{md(title)}**", "", w("| figure | value | 95% interval | fair | n |"),
                  "|---|---|---|---|---|"]
        for row in section.rows:
            mark = " \\*" if off_baseline(row) else ""  # a literal asterisk, not emphasis
            fair = w.value(row.baseline, True) if row.baseline is not None else ""
            lines.append(f"| {md(w.label(row))} | {w.value(row.estimate.value, is_rate(row))}"
                         f"{mark} | {w.interval(row)} | {fair} | "
                         f"{w.count(row.estimate.n, row.unit)} |")
        lines.append("")
    return lines


# --------------------------------------------------------------------------
# What the figures say: one generated paragraph per finding
# --------------------------------------------------------------------------

def _said(row: Row, w: Words) -> str:
    """A figure as a sentence states it: its value, then its 95 % interval."""
    value, span = w.value(row.estimate.value, is_rate(row)), w.interval(row)
    return value if span == "—" else w("{value} (95% interval {span})", value=value, span=span)


def _with(figures: Sequence[Figures], key: str) -> list[tuple[Figures, Row]]:
    return [(f, f.rows()[key]) for f in figures if key in f.rows()]


def _game_length(figures: Sequence[Figures], w: Words) -> str:
    rows = sorted(_with(figures, "length.deals_per_game"), key=lambda fr: fr[1].estimate.value)
    if not rows:
        return ""
    (short, s_row), (long_, l_row) = rows[0], rows[-1]
    text = w("**Game length.** The shortest games are those of {name}: {said} deals per game "
             "with {players} players. ", name=md(short.name), said=_said(s_row, w),
             players=short.players)
    if long_ is not short:
        text += w("The longest are those of {name}: {said} deals per game with {players} "
                  "players.", name=md(long_.name), said=_said(l_row, w), players=long_.players)
    return text


def _first_leader(figures: Sequence[Figures], w: Words) -> str:
    rows = _with(figures, "fairness.deal_win.first_leader")
    if not rows:
        return ""
    parts = []
    for f, row in rows:
        fair = row.baseline if row.baseline is not None else 1 / f.players
        verdict = ("more than" if off_baseline(row) and row.estimate.value > fair
                   else "less than" if off_baseline(row) else "not clearly different from")
        parts.append(w("{name} {said}, {verdict} the fair share of {fair}", name=md(f.name),
                       said=_said(row, w), verdict=w(verdict), fair=w.value(fair, True)))
    return (w("**The first leader's advantage.** The player who leads first in a deal wins "
              "this share of the deals: ") + w("; ").join(parts) + ".")


def _special_rules(figures: Sequence[Figures], w: Words) -> str:
    parts = []
    for key, label in CHARTED_RULES:
        rows = sorted(_with(figures, key), key=lambda fr: fr[1].estimate.value)
        if not rows:
            continue
        (low, l_row), (high, h_row) = rows[0], rows[-1]
        text = w("{label}: from {said} of deals ({name})", label=md(w(label)),
                 said=_said(l_row, w), name=md(low.name))
        if high is not low:
            text += w(" to {said} ({name})", said=_said(h_row, w), name=md(high.name))
        parts.append(text)
    if not parts:
        return ""
    return (w("**How often the special rules fire.** ") + w("; ").join(parts)
            + w(". A ruleset without the rule is left out."))


def _changes(figures: Sequence[Figures], rulesets: Mapping[str, Ruleset], w: Words) -> str:
    by_name = {f.name: f for f in figures}
    parts = []
    for name, ruleset in rulesets.items():
        parent = by_name.get(parent_name_of(ruleset, rulesets))
        own = by_name.get(name)
        if parent is None or own is None:
            continue
        said = [w("{label} {said} against {parent}", label=w(label),
                  said=_said(own.rows()[key], w), parent=_said(parent.rows()[key], w))
                for key, label in (("length.deals_per_game", "deals per game"),
                                   ("money.tokens_moved", "tokens moved per deal"))
                if key in own.rows() and key in parent.rows()]
        if said:
            parts.append(w("{name} changes {parent}'s rules: ", name=md(name),
                           parent=md(parent.name)) + ", ".join(said))
    if not parts:
        return ""
    return w("**What a change of rules does.** ") + w("; ").join(parts) + "."


def findings(figures: Sequence[Figures], rulesets: Mapping[str, Ruleset],
             w: Words = WORDS["en"]) -> list[str]:
    """The section that reads the figures: a paragraph per finding, each with its
    numbers and their 95 % intervals, written from the figures themselves."""
    paragraphs = [_game_length(figures, w), _first_leader(figures, w),
                  _special_rules(figures, w), _changes(figures, rulesets, w)]
    lines = [w("## What the figures say"), ""]
    for paragraph in paragraphs:
        if paragraph:
            lines += [paragraph, ""]
    return lines
