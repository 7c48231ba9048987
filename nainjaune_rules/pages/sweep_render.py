"""A sweep's results as a text table, as JSON (``{"rows": [...]}``) and as an SVG chart.

Every rendering is deterministic (same points, same bytes); JSON keys are
sorted.  The SVG reuses :func:`.charts.interval_chart`, which escapes every
text it draws as markup (a ruleset's title and option names are untrusted input);
before that, :func:`xml_text` shows as visible escapes the characters XML 1.0 cannot
hold at all (controls, lone surrogates, U+FFFE/U+FFFF) and the bidi controls, so the
chart is well-formed XML whatever the names.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from nainjaune_rules.analysis.figures import Row
from nainjaune_rules.analysis.stats_text import PARTIAL_NOTE, fmt, interval, is_rate, to_json_dict
from nainjaune_rules.analysis.sweep_grid import Point, Target, Vary, find_row, smallest_meeting
from nainjaune_rules.core.textsafe import terminal_safe
from nainjaune_rules.pages.charts import Bar, Group, interval_chart


def xml_text(text: str) -> str:
    """``text`` with every control character (C0, DEL, C1), bidi control or mark, lone
    surrogate, U+FFFE and U+FFFF written as a visible escape (``\\x01``, ``\\u202e``):
    XML 1.0 cannot hold some of them at all, and the others hide or reorder the text."""
    return terminal_safe(text).replace("\ufffe", "\\ufffe").replace("\uffff", "\\uffff")


def _said(values: Sequence[tuple[str, str]]) -> str:
    return ", ".join(f"{name} = {value}" for name, value in values)


def target_lines(points: Sequence[Point], varies: Sequence[Vary], target: Target) -> list[str]:
    """The smallest value of the first varied parameter that meets ``target``, with its interval."""
    vary = varies[0]
    lines = []
    for others, point in smallest_meeting(points, vary, target):
        where = f" (with {_said(others)})" if others else ""
        if point is None:
            lines.append(f"target {target}: no value of {vary.name} meets it{where}")
            continue
        row = find_row(point.figures, target.figure)
        rate = is_rate(row)
        sure = ("" if _interval_meets(row, target) else
                "; its interval also holds values that miss the target")
        lines.append(f"target {target}: smallest {vary.name} = {dict(point.values)[vary.name]}"
                     f"{where}: {row.label} {fmt(row.estimate.value, rate)}, 95% interval "
                     f"{interval(row)}{sure}")
    return lines


def _interval_meets(row: Row, target: Target) -> bool:
    est = row.estimate
    return (est.low is not None and est.high is not None
            and target.met(est.low) and target.met(est.high))


def render_text(points: Sequence[Point], varies: Sequence[Vary], figure: str,
                target: Target | None = None) -> str:
    """One line per point: its parameter values, the figure, its interval and the games."""
    if not points:
        return "no point was played\n"
    first = points[0].figures
    label = find_row(first, figure).label
    names = [v.name for v in varies]
    widths = [max(len(n), *(len(dict(p.values)[n]) for p in points)) for n in names]
    out = [f"{terminal_safe(first.name)} — {first.title}: {label} over {len(points)} points, "
           f"{first.requested} games each, seed {first.seed}"]
    head = "  ".join(n.ljust(w) for n, w in zip(names, widths, strict=True))
    out.append(f"{head}  {label:>16}  {'95% interval':<24}games")
    for point in points:
        row = find_row(point.figures, figure)
        cells = "  ".join(dict(point.values)[n].ljust(w) for n, w in zip(names, widths,
                                                                           strict=True))
        mark = " (partial)" if point.figures.partial else ""
        out.append(f"{cells}  {fmt(row.estimate.value, is_rate(row)):>16}  "
                   f"{interval(row):<24}{point.figures.games}{mark}")
    out += bank_lines(points, names, widths)
    if target is not None:
        out += target_lines(points, varies, target)
    if any(p.figures.partial for p in points):
        out.append(f"{PARTIAL_NOTE}; the points after the last one were not played")
    return "\n".join(out) + "\n"


BANK_KEYS = ("bank.games_buying", "bank.bought_per_game")


def bank_lines(points: Sequence[Point], names: Sequence[str],
               widths: Sequence[int]) -> list[str]:
    """Where a player who runs short buys counters from the bank, what each point bought:
    a length the bank alone keeps up is not the purse's."""
    rows = [(point, point.figures.rows()) for point in points]
    if not any(all(key in found for key in BANK_KEYS) for _point, found in rows):
        return []
    out = [f"{'':{sum(widths) + 2 * len(widths) - 2}}  games buying from the bank  "
           "counters bought per game"]
    for point, found in rows:
        cells = "  ".join(dict(point.values)[n].ljust(w) for n, w in zip(names, widths,
                                                                           strict=True))
        if not all(key in found for key in BANK_KEYS):
            out.append(f"{cells}  no bank at this point")
            continue
        share, bought = (found[key] for key in BANK_KEYS)
        out.append(f"{cells}  {fmt(share.estimate.value, True):>7} {interval(share):<19}"
                   f"{fmt(bought.estimate.value, False):>8} {interval(bought)}")
    return out


def render_json(points: Sequence[Point], varies: Sequence[Vary], figure: str,
                target: Target | None = None) -> str:
    """``{"rows": [{"parameters": {...}, "figure": {...}, "figures": {...}, ...}], ...}``."""
    rows = []
    for point in points:
        data = to_json_dict(point.figures)
        key = find_row(point.figures, figure).key
        figures = data["figures"]
        assert isinstance(figures, dict)
        rows.append({"parameters": dict(point.values), "games": data["games"],
                     "partial": data["partial"], "figure": figures[key], "figures": figures})
    document: dict[str, object] = {
        "parameters": [{"name": v.name, "values": list(v.values)} for v in varies],
        "figure": figure, "partial": any(p.figures.partial for p in points), "rows": rows,
    }
    if points:
        first = points[0].figures
        document.update(ruleset=first.name, title=first.title, seed=first.seed,
                        games_requested=first.requested)
    if target is not None:
        document["target"] = {"text": str(target), "report": target_lines(points, varies,
                                                                          target)}
    return json.dumps(document, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def render_svg(points: Sequence[Point], varies: Sequence[Vary], figure: str) -> str:
    """The figure against the first varied value; a group per setting of the others."""
    vary = varies[0]
    groups: dict[tuple[tuple[str, str], ...], list[Bar]] = {}
    percent = False
    for point in points:
        row = find_row(point.figures, figure)
        percent = is_rate(row)
        others = tuple(pair for pair in point.values if pair[0] != vary.name)
        groups.setdefault(others, []).append(
            Bar(xml_text(f"{vary.name} = {dict(point.values)[vary.name]}"), row.estimate))
    label = find_row(points[0].figures, figure).label if points else figure
    title = f"{points[0].figures.name if points else ''}: {label} against {vary.name}"
    return interval_chart([Group(xml_text(_said(others) or label), bars)
                           for others, bars in groups.items()], xml_text(title), percent)
