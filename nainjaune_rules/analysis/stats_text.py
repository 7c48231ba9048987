"""The figures as text tables (for the terminal) and as JSON (for machines).

Both renderings are deterministic: the same figures give the same bytes.
JSON keys are sorted, floats rounded to 6 decimals, histograms are lists of
``[value, count]`` pairs in increasing order of value (JSON object keys would
sort "10" before "9").
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from nainjaune_rules.analysis.figures import Figures, Row
from nainjaune_rules.analysis.intervals import LEVEL
from nainjaune_rules.core.kinds import EndKind
from nainjaune_rules.core.textsafe import terminal_safe
from nainjaune_rules.engine.compiled import engine_build
from nainjaune_rules.model.words import column

METHODS = {
    "wilson": "Wilson score interval over games",
    "wilson/cluster": "Wilson score interval on the effective number of deals "
                      "(design effect from the cluster-robust variance, games as clusters)",
    "t": "Student t interval over games",
    "t/cluster": "t interval of the per-deal mean with cluster-robust variance "
                 "(games as clusters, games − 1 degrees of freedom)",
}

#: what ended a game (a :class:`~nainjaune_rules.engine.summary.Termination` value), in
#: words: an end condition of the language by its registry's (``model/end_words.py``), the
#: engine's other ends here (French: ``pages/stats_words.py``, ``ENDS``)
ENDED_BY: dict[str, str] = {
    **{kind.value: told for kind, told in column(EndKind, "ended").items()},
    "shortfall": "a debt not paid in full",
    "players left": "too few players left",
    "bound": "the safety bound",
    "error": "an error",
}


def ended_by(ends: dict[str, int]) -> str:
    """``the deal count (200), a debt not paid in full (12)``."""
    return ", ".join(f"{ENDED_BY.get(k, k)} ({v})" for k, v in ends.items())


PARTIAL_NOTE = "PARTIAL: interrupted; these figures describe only the games completed"


def is_rate(row: Row) -> bool:
    return row.estimate.method.startswith("wilson")


def fmt(value: float | None, rate: bool) -> str:
    """A value for people: rates as percentages, means with two decimals."""
    if value is None:
        return "—"
    if rate:
        pct = 100 * value
        return f"{pct:.2f}%" if 0 < pct < 1 else f"{pct:.1f}%"
    return f"{value:.2f}"


def interval(row: Row) -> str:
    est, rate = row.estimate, is_rate(row)
    if est.low is None or est.high is None:
        return "—"
    return f"[{fmt(est.low, rate)}, {fmt(est.high, rate)}]"


def off_baseline(row: Row) -> bool:
    """The fair value lies outside the interval: the difference is significant at 5 %."""
    est = row.estimate
    return (row.baseline is not None and est.low is not None and est.high is not None
            and not est.low <= row.baseline <= est.high)


def cells(row: Row) -> tuple[str, str, str, str, str]:
    """A row's value, its significance mark (``*`` or ""), interval, fair share and n."""
    fair = fmt(row.baseline, True) if row.baseline is not None else ""
    return (fmt(row.estimate.value, is_rate(row)), "*" if off_baseline(row) else "",
            interval(row), fair, f"{row.estimate.n} {row.unit}s")


def header(f: Figures) -> list[str]:
    seats = ", ".join(f"{spec} ×{f.seats.count(spec)}" for spec in dict.fromkeys(f.seats))
    options = ", ".join(f"{k}={v}" for k, v in f.options) or "none"
    lines = [f"{terminal_safe(f.name)} — {f.title}",  # the name may be a file's: data
             f"{f.games} games ({f.deals} deals), {f.players} players ({seats}), "
             f"seed {f.seed}, options: {options}"]
    if f.ends:
        lines.append("games ended by: " + ended_by(f.ends))
    if f.open_ended:
        lines.append(f"note: {f.games - f.ended} games hit the safety bound; per-game figures "
                     "describe truncated games, per-deal figures are the ones to read")
    if f.partial:
        lines.append(f"{PARTIAL_NOTE} ({f.games} of {f.requested})")
    return lines


def render_text(figures: Sequence[Figures]) -> str:
    """A table per ruleset; ``*`` marks a share significantly different from the fair share."""
    out: list[str] = []
    for f in figures:
        out += header(f)
        out.append(f"{'':46}{'value':>9}  {'95% interval':<22}{'fair':>7}  n")
        for section in f.sections:
            out.append(section.title)
            for row in section.rows:
                value, mark, span, fair, n = cells(row)
                out.append(f"  {row.label:<44}{value:>9}{mark or ' '} {span:<22}{fair:>7}  {n}")
        out.append("")
    out.append(f"Intervals at {LEVEL:.0%}: Wilson for proportions, Student t for means; "
               "per-deal figures treat games as clusters (deals of one game are not "
               "independent). * = the fair share lies outside the interval. dealer+k = the "
               "k-th seat after the dealer in the direction of play (the first dealer, for "
               "games).")
    return "\n".join(out) + "\n"


def _num(x: float | None) -> float | None:
    return None if x is None else round(x, 6)


def to_json_dict(f: Figures) -> dict[str, object]:
    """The figures of one ruleset as plain JSON-ready data."""
    figures: dict[str, object] = {}
    for section in f.sections:
        for row in section.rows:
            est = row.estimate
            figures[row.key] = {
                "label": row.label, "section": section.key, "unit": row.unit,
                "value": _num(est.value), "low": _num(est.low), "high": _num(est.high),
                "n": est.n, "method": est.method, "baseline": _num(row.baseline),
            }
    return {
        "ruleset": f.name, "id": f.ruleset_id, "title": f.title,
        "options": dict(f.options), "players": f.players, "seats": list(f.seats),
        "seed": f.seed, "games_requested": f.requested, "games": f.games, "deals": f.deals,
        "partial": f.partial, "ended": f.ended, "ends": f.ends, "open_ended": f.open_ended,
        "figures": figures,
        "histograms": {
            "plays_per_deal": [[k, v] for k, v in sorted(f.plays_histogram.items())],
            "deals_per_game": [[k, v] for k, v in sorted(f.deals_histogram.items())],
        },
    }


def render_json(figures: Sequence[Figures]) -> str:
    """Every ruleset's figures as one JSON document (sorted keys, deterministic); ``engine``
    says how this process's engine was loaded (``compiled`` or ``pure``): the figures are
    the same, the speed is not."""
    document = {
        "confidence": LEVEL,
        "engine": engine_build(),
        "methods": METHODS,
        "partial": any(f.partial for f in figures),
        "rulesets": [to_json_dict(f) for f in figures],
    }
    return json.dumps(document, sort_keys=True, indent=2, ensure_ascii=False) + "\n"
