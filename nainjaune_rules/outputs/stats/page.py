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

The page is Markdown: every text that comes from a ruleset (its name on the
site, its title, its options, how its games ended) is written through
:func:`~nainjaune_rules.outputs.docs.text.md`, the site's one escaping helper.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from nainjaune_rules.outputs.docs.text import md, page_stem
from nainjaune_rules.outputs.stats.charts import Bar, Group, distribution_chart, interval_chart
from nainjaune_rules.outputs.stats.figures import Figures, Row
from nainjaune_rules.outputs.stats.render import cells, fmt, interval, is_rate, off_baseline
from nainjaune_rules.outputs.stats.simulation import DEFAULT_SEAT, SimulationError, simulate

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


def render_statistics_page(rulesets: Mapping[str, Ruleset], *, games: int = PAGE_GAMES,
                           seed: int = PAGE_SEED,
                           figures: Sequence[Figures] | None = None) -> str:
    """The Markdown of ``statistics.md``: summary table, charts, a section per ruleset.

    ``rulesets`` maps the site's name of each ruleset to it, in the site's
    order.  ``figures`` skips the simulation (for tests); otherwise each
    ruleset is simulated with ``games`` games among ``lowest`` bots.
    """
    if figures is None:
        figures = []
        failed: list[str] = []
        for name, ruleset in rulesets.items():
            try:
                figures.append(simulate(ruleset, games, seed=seed, name=name))
            except SimulationError as exc:
                failed.append(f"- <code>{md(name)}</code>: not simulated ({md(exc)})")
    else:
        failed = []
    out = [
        "# Statistics",
        "",
        "What the rule differences do, measured: every ruleset below was played "
        f"{games} times by the engine's reference bot (`{DEFAULT_SEAT}` in every seat) at "
        "its usual table size, seed "
        f"{seed}. Reproduce a ruleset's figures, or get more precise ones, with "
        f"`nainjaune simulate NAME --games {games} --seed {seed}` (add `--games 10000`).",
        "",
        "Every rate and mean comes with its 95% confidence interval: the Wilson score "
        "interval for proportions, Student's t for means. Deals of one game are not "
        "independent (the board and the balances carry over), so per-deal figures treat "
        "games as clusters (cluster-robust variance; Wilson on the effective number of "
        "deals). A \\* marks a share whose interval excludes the fair share.",
        "",
        "## The rulesets side by side",
        "",
        "| ruleset | players | " + " | ".join(title for _, title in SUMMARY) + " |",
        "|---|---|" + "---|" * len(SUMMARY),
    ]
    for f in figures:
        rows = f.rows()
        cells = [_cell(rows.get(key)) for key, _ in SUMMARY]
        out.append(f"| [{md(f.name)}](#{stats_anchor(f.name)}) | {f.players} | "
                   + " | ".join(cells) + " |")
    out += [""] + failed + ["", *findings(figures, rulesets)]
    out += ["", "## Charts", "", "### Deal length", ""]
    out.append(_html(distribution_chart({f.name: f.plays_histogram for f in figures},
                                        "Share of deals by the number of cards played",
                                        "cards played in the deal")))
    out += ["", "### Seat fairness", "",
            "The share of deals won by each seat, counted from the dealer in the direction "
            "of play; the dashed line is the fair share 1/P.", ""]
    out.append(_html(interval_chart([_fairness(f) for f in figures],
                                     "Deals won by each seat position",
                                     x_label="share of the deals won")))
    out += ["", "### How often the special rules fire", "",
            "The share of deals in which each rule applied (rulesets without the rule are "
            "left out).", ""]
    out.append(_html(interval_chart([g for g in (_activity(f) for f in figures) if g.bars],
                                    "Share of deals in which a rule fired",
                                    x_label="share of deals in which the rule applied")))
    for f in figures:
        out += ["", *_section(f)]
    return "\n".join(out) + "\n"


def _html(svg: str) -> str:
    # a block of raw HTML in Markdown: blank lines around it, none inside
    return f'<div class="nj-chart-box">{svg}</div>'


def _cell(row: Row | None) -> str:
    if row is None:
        return "—"
    rate = is_rate(row)
    return f"{fmt(row.estimate.value, rate)} {interval(row)}"


def _fairness(f: Figures) -> Group:
    rows = f.rows()
    bars = [Bar(rows[f"fairness.deal_win.pos{k}"].label.replace("deal won by ", ""),
                rows[f"fairness.deal_win.pos{k}"].estimate) for k in range(f.players)]
    return Group(f.name, bars, 1 / f.players)


def _activity(f: Figures) -> Group:
    rows = f.rows()
    return Group(f.name, [Bar(label, rows[key].estimate) for key, label in CHARTED_RULES
                          if key in rows])


def _section(f: Figures) -> list[str]:
    seats = md(", ".join(dict.fromkeys(f.seats)))
    options = md(", ".join(f"{k}={v}" for k, v in f.options) or "none")
    ends = md(", ".join(f"{k} ({v})" for k, v in f.ends.items()) or "—")
    lines = [f"## {md(f.name)}: {md(f.title)} {{#{stats_anchor(f.name)}}}", "",
             f"{f.games} games, {f.deals} deals, {f.players} players ({seats}), "
             f"options: {options}. Games ended by: {ends}."]
    if f.open_ended:
        lines.append(f"**{f.games - f.ended} games did not end within the safety bound**: "
                     "per-game figures describe truncated games.")
    lines += [""]
    for section in f.sections:
        lines += [f"**{md(section.title)}**", "", "| figure | value | 95% interval | fair | n |",
                  "|---|---|---|---|---|"]
        for row in section.rows:
            value, mark, span, fair, n = cells(row)
            mark = " \\*" if mark else ""  # a literal asterisk, not emphasis
            lines.append(f"| {md(row.label)} | {value}{mark} | {span} | {fair} | {md(n)} |")
        lines.append("")
    return lines


# --------------------------------------------------------------------------
# What the figures say: one generated paragraph per finding
# --------------------------------------------------------------------------

def _said(row: Row) -> str:
    """A figure as a sentence states it: its value, then its 95 % interval."""
    rate = is_rate(row)
    span = interval(row)
    return fmt(row.estimate.value, rate) + ("" if span == "—" else f" (95% interval {span})")


def _with(figures: Sequence[Figures], key: str) -> list[tuple[Figures, Row]]:
    return [(f, f.rows()[key]) for f in figures if key in f.rows()]


def _game_length(figures: Sequence[Figures]) -> str:
    rows = sorted(_with(figures, "length.deals_per_game"), key=lambda fr: fr[1].estimate.value)
    if not rows:
        return ""
    (short, s_row), (long_, l_row) = rows[0], rows[-1]
    text = (f"**Game length.** The shortest games are those of {md(short.name)}: "
            f"{_said(s_row)} deals per game with {short.players} players. ")
    if long_ is not short:
        text += (f"The longest are those of {md(long_.name)}: {_said(l_row)} deals per game "
                 f"with {long_.players} players.")
    return text


def _first_leader(figures: Sequence[Figures]) -> str:
    rows = _with(figures, "fairness.deal_win.first_leader")
    if not rows:
        return ""
    parts = []
    for f, row in rows:
        fair = row.baseline if row.baseline is not None else 1 / f.players
        verdict = ("more than" if off_baseline(row) and row.estimate.value > fair
                   else "less than" if off_baseline(row) else "not clearly different from")
        parts.append(f"{md(f.name)} {_said(row)}, {verdict} the fair share of "
                     f"{fmt(fair, True)}")
    return ("**The first leader's advantage.** The player who leads first in a deal wins "
            "this share of the deals: " + "; ".join(parts) + ".")


def _special_rules(figures: Sequence[Figures]) -> str:
    parts = []
    for key, label in CHARTED_RULES:
        rows = sorted(_with(figures, key), key=lambda fr: fr[1].estimate.value)
        if not rows:
            continue
        (low, l_row), (high, h_row) = rows[0], rows[-1]
        text = f"{md(label)}: from {_said(l_row)} of deals ({md(low.name)})"
        if high is not low:
            text += f" to {_said(h_row)} ({md(high.name)})"
        parts.append(text)
    if not parts:
        return ""
    return ("**How often the special rules fire.** " + "; ".join(parts)
            + ". A ruleset without the rule is left out.")


def _changes(figures: Sequence[Figures], rulesets: Mapping[str, Ruleset]) -> str:
    by_name = {f.name: f for f in figures}
    parts = []
    for name, ruleset in rulesets.items():
        parent = by_name.get(ruleset.parent or "")
        own = by_name.get(name)
        if parent is None or own is None:
            continue
        said = [f"{label} {_said(own.rows()[key])} against {_said(parent.rows()[key])}"
                for key, label in (("length.deals_per_game", "deals per game"),
                                   ("money.tokens_moved", "tokens moved per deal"))
                if key in own.rows() and key in parent.rows()]
        if said:
            parts.append(f"{md(name)} changes {md(parent.name)}'s rules: " + ", ".join(said))
    if not parts:
        return ""
    return "**What a change of rules does.** " + "; ".join(parts) + "."


def findings(figures: Sequence[Figures], rulesets: Mapping[str, Ruleset]) -> list[str]:
    """The section that reads the figures: a paragraph per finding, each with its
    numbers and their 95 % intervals, written from the figures themselves."""
    paragraphs = [_game_length(figures), _first_leader(figures), _special_rules(figures),
                  _changes(figures, rulesets)]
    lines = ["## What the figures say", ""]
    for paragraph in paragraphs:
        if paragraph:
            lines += [paragraph, ""]
    return lines
