"""``nainjaune sweep``: the figures of a ruleset over a grid of table options and clauses.

What may vary (``--vary NAME=V1,V2,…``):

- a table option of the ruleset (``payment=points,cards``): its choices;
- ``players`` (``players=3,4,5``): the table size;
- ``starting tokens`` (``starting tokens=40,80,160``): the purse (a purse of tokens
  by value keeps its make-up: every kind of token is scaled alike);
- ``stake CARD`` (``stake 7D=5,10``): the stake of the box of that card.

A changed clause goes through the compiler like any ruleset: the base
ruleset is written out in the language (:func:`~nainjaune_rules.model.writer.write_ruleset`)
to a private temporary folder, next to a small ruleset that ``extends`` it
and restates the clause with the new number; that file is compiled and
checked as any other, so a value the language refuses is refused here, with
the compiler's message.  The grid is the cartesian product of the values;
every point is played on the same seeds (the same deals, where the rules
allow), which makes the differences between points sharper than independent
runs would.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from nainjaune_rules.analysis.figures import Figures, Row
from nainjaune_rules.analysis.progress import Bar
from nainjaune_rules.analysis.runner import Interrupted

if TYPE_CHECKING:
    from nainjaune_rules.model import rules as r
    from nainjaune_rules.model.rules import Ruleset

#: the most values one --vary may list, and the most points of a grid
MAX_VALUES = 100
MAX_POINTS = 1000
#: a count or a stake larger than this is certainly a typing slip (as the compiler's limit)
MAX_DIGITS = 9
CLAUSES = ("starting tokens", "stake CARD")


class SweepError(ValueError):
    """The sweep is wrongly asked for (a usage error)."""


@dataclass(frozen=True)
class Vary:
    """One varied parameter: its name as written, what it is, and its values in order."""

    name: str
    kind: str  # "option", "players", "starting tokens" or "stake"
    values: tuple[str, ...]
    card: str = ""  # the box's card, for a stake

    @property
    def numeric(self) -> bool:
        return self.kind != "option"


def parse_vary(text: str) -> tuple[str, tuple[str, ...]]:
    """``"starting tokens=40,80"`` → ``("starting tokens", ("40", "80"))``."""
    name, sep, listed = text.partition("=")
    name = " ".join(name.split()).lower()
    values = tuple(v.strip() for v in listed.split(","))
    if not sep or not name or not listed.strip() or not all(values):
        raise SweepError(f"--vary {text!r} is not of the form NAME=V1,V2,…\n"
                         "  hint: for example --vary 'starting tokens=40,80,160'")
    if len(set(values)) != len(values):
        raise SweepError(f"--vary {text!r}: a value is listed twice")
    if len(values) > MAX_VALUES:
        raise SweepError(f"--vary {text!r}: at most {MAX_VALUES} values")
    return name, values


def resolve_vary(ruleset: Ruleset, text: str) -> Vary:
    """What ``--vary text`` changes in ``ruleset``; a :class:`SweepError` when it cannot."""
    name, values = parse_vary(text)
    options = {o.name.lower(): o for o in ruleset.options}
    if name in options:
        option = options[name]
        choices = [c.name for c in option.choices]
        wrong = [v for v in values if v not in choices]
        if wrong:
            raise SweepError(f"--vary {text!r}: option {option.name!r} has no choice "
                             f"{wrong[0]!r}\n  hint: its choices: {', '.join(choices)}")
        return Vary(option.name, "option", values)
    card = ""
    if name.startswith("stake "):
        card = _box_card(ruleset, name.removeprefix("stake "), text)
        name, kind = f"stake {card}", "stake"
    elif name in ("players", "starting tokens"):
        kind = name
    else:
        offered = ", ".join(["players", *CLAUSES, *(o.name for o in ruleset.options)])
        raise SweepError(f"--vary {text!r}: {name!r} cannot be varied\n"
                         f"  hint: vary one of: {offered}")
    for value in values:
        if not (value.isascii() and value.isdigit() and len(value) <= MAX_DIGITS):
            raise SweepError(f"--vary {text!r}: {value!r} is not a whole number "
                             f"(at most {MAX_DIGITS} digits)")
        if kind == "starting tokens":
            scaled_purse(ruleset.starting_tokens, int(value), text)
    return Vary(name, kind, values, card)


def scaled_purse(purse: r.StartingTokens, worth: int,
                 whole: str = "") -> tuple[tuple[int, int], ...]:
    """The kinds of token of a purse of tokens by value (``tokens: 3 worth 5, …``) worth
    ``worth`` in all: every kind's count scaled by the same factor, so the purse keeps its
    make-up (and the change it allows); ``()`` for a purse of plain tokens.

    A :class:`SweepError` when some count would not be whole: the purse can only be a
    multiple of its smallest whole scaling (49 for 3 worth 5, 3 worth 4, 3 worth 3,
    3 worth 2, 7 worth 1; 24 for 5 worth 10, 10 worth 5, 20 worth 1).
    """
    if not purse.denominations or worth == purse.count:
        return purse.denominations
    if worth and all(worth * many % purse.count == 0 for _value, many in purse.denominations):
        return tuple((value, worth * many // purse.count) for value, many in purse.denominations)
    unit = purse.count // math.gcd(*(many for _value, many in purse.denominations))
    kinds = ", ".join(f"{many} worth {value}" for value, many in purse.denominations)
    raise SweepError(f"--vary {whole!r}: this purse is tokens by value ({kinds}), worth "
                     f"{purse.count}; it cannot be made worth {worth}\n  hint: the sweep "
                     f"scales every kind of token alike: give a multiple of {unit}")


def _box_card(ruleset: Ruleset, text: str, whole: str) -> str:
    from nainjaune_rules.core.cards import parse_card

    card = parse_card(text)
    codes = [box.card.code for box in ruleset.board.boxes]
    if card is None or card.code not in codes:
        raise SweepError(f"--vary {whole!r}: the board has no box for {text.strip().upper()!r}\n"
                         f"  hint: its boxes: {', '.join('stake ' + c for c in codes)}")
    return card.code


def check_grid(varies: Sequence[Vary]) -> None:
    names = [v.name for v in varies]
    if len(set(names)) != len(names):
        raise SweepError("--vary: a parameter is varied twice")
    points = 1
    for vary in varies:
        points *= len(vary.values)
    if points > MAX_POINTS:
        raise SweepError(f"--vary: {points} points; a sweep has at most {MAX_POINTS}")


def grid(varies: Sequence[Vary]) -> Iterator[tuple[tuple[str, str], ...]]:
    """The points of the grid, each as ``((name, value), ...)``, the first parameter slowest."""
    for values in itertools.product(*(v.values for v in varies)):
        yield tuple((v.name, value) for v, value in zip(varies, values, strict=True))


# -- one point: a ruleset through the compiler ------------------------------------


def _changed_clauses(base: Ruleset, varies: Sequence[Vary],
                     point: Mapping[str, str]) -> list[r.Clause]:
    """The clauses of ``base`` restated with the point's numbers, each marked as the sweep's."""
    from nainjaune_rules.model import rules as r

    def origin(what: str) -> r.Origin:
        return r.Origin(r.OriginKind.HOUSE, reason=f"sweep: {what}")

    changed: list[r.Clause] = []
    tokens = next((point[v.name] for v in varies if v.kind == "starting tokens"), None)
    if tokens is not None:
        changed.append(dataclasses.replace(
            base.starting_tokens, count=int(tokens),
            denominations=scaled_purse(base.starting_tokens, int(tokens)),
            origin=origin(f"starting tokens {tokens}")))
    stakes = {v.card: int(point[v.name]) for v in varies if v.kind == "stake"}
    if stakes:
        boxes = tuple(dataclasses.replace(box, stake=stakes.get(box.card.code, box.stake))
                      for box in base.board.boxes)
        said = ", ".join(f"{card} {stake}" for card, stake in stakes.items())
        changed.append(dataclasses.replace(base.board, boxes=boxes,
                                           origin=origin(f"stakes {said}")))
    return changed


def point_ruleset(reference: str, options: Mapping[str, str], varies: Sequence[Vary],
                  point: Mapping[str, str]) -> Ruleset:
    """The ruleset of one point, compiled (a :class:`SweepError` with the diagnostics if not)."""
    from nainjaune_rules.core.diagnostics import RulesetError
    from nainjaune_rules.model.compiler import compile_ruleset
    from nainjaune_rules.model.writer import clause_lines, write_ruleset

    wanted = dict(options)
    wanted.update({v.name: point[v.name] for v in varies if v.kind == "option"})
    try:
        base = compile_ruleset(reference, wanted)
        changed = _changed_clauses(base, varies, point)
        if not changed:
            return base
        with tempfile.TemporaryDirectory(prefix="nainjaune-sweep-") as folder:
            lines = [f"ruleset {base.id}", 'extends "base.nj"', ""]
            for clause in changed:
                lines += clause_lines(clause)
            point_file = Path(folder) / "point.nj"
            _write_private(Path(folder) / "base.nj", write_ruleset(base))
            _write_private(point_file, "\n".join(lines) + "\n")
            try:
                return compile_ruleset(str(point_file), wanted)
            except RulesetError as error:
                said = ", ".join(f"{k}={v}" for k, v in point.items())
                raise SweepError(f"--vary: the ruleset with {said} does not compile:\n"
                                 + error.render().replace(folder, "<sweep>")) from None
    except RulesetError as error:
        raise SweepError(error.render()) from None


def _write_private(path: Path, text: str) -> None:
    """A file of the sweep's own private temporary folder (made by ``mkdtemp``, mode 0700,
    so not a file a user named: no need for the safe writer's checks); a failure (full
    disk, size limit) is an :class:`OSError` that says which file it was."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, "the sweep's temporary ruleset") from None


# -- the figure of interest and the target ---------------------------------------------


def find_row(figures: Figures, wanted: str) -> Row:
    """The row named by its label (``deals per game``) or its key (``length.deals_per_game``)."""
    text = " ".join(wanted.split()).lower()
    rows = figures.rows()
    for row in rows.values():
        if text in (row.key.lower(), row.label.lower()):
            return row
    labels = sorted(row.label for row in rows.values())
    raise SweepError(f"--figure {wanted!r}: no such figure\n  hint: figures include: "
                     + ", ".join(labels[:12]) + ("…" if len(labels) > 12 else ""))


_OPS: dict[str, Callable[[float, float], bool]] = {
    ">=": lambda a, b: a >= b, "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b, "<": lambda a, b: a < b,
}


@dataclass(frozen=True)
class Target:
    figure: str
    op: str
    number: float

    def met(self, value: float) -> bool:
        return _OPS[self.op](value, self.number)

    def __str__(self) -> str:
        return f"{self.figure} {self.op} {self.number:g}"


def parse_target(text: str) -> Target:
    """``"deals per game>=5"`` → Target("deals per game", ">=", 5.0); a rate in % is a share."""
    match = re.fullmatch(r"\s*(.+?)\s*(>=|<=|>|<)\s*(-?\d+(?:\.\d+)?)\s*(%?)\s*", text)
    if match is None:
        raise SweepError(f"--target {text!r} is not of the form FIGURE>=NUMBER\n"
                         "  hint: for example --target 'deals per game>=5'")
    number = float(match.group(3)) / (100 if match.group(4) else 1)
    return Target(match.group(1), match.group(2), number)


@dataclass(frozen=True)
class Point:
    """One point of the grid and its figures."""

    values: tuple[tuple[str, str], ...]
    figures: Figures


def smallest_meeting(points: Sequence[Point], vary: Vary, target: Target
                     ) -> list[tuple[tuple[tuple[str, str], ...], Point | None]]:
    """For each setting of the other parameters, the point of the smallest value of ``vary``
    whose estimate meets ``target`` (None when no value does).

    "Smallest" is in numeric order for numbers, in the order given for option choices.
    """
    def order(point: Point) -> float:
        value = dict(point.values)[vary.name]
        return int(value) if vary.numeric else vary.values.index(value)

    groups: dict[tuple[tuple[str, str], ...], list[Point]] = {}
    for point in points:
        others = tuple(pair for pair in point.values if pair[0] != vary.name)
        groups.setdefault(others, []).append(point)
    found = []
    for others, members in groups.items():
        meeting = [p for p in sorted(members, key=order)
                   if target.met(find_row(p.figures, target.figure).estimate.value)]
        found.append((others, meeting[0] if meeting else None))
    return found


# -- the run --------------------------------------------------------------------------


@dataclass(frozen=True)
class Sweep:
    """What to sweep: a ruleset (name or file), the parameters, and each point's ruleset."""

    reference: str
    varies: tuple[Vary, ...]
    #: the grid's points in order, each with its compiled ruleset
    points: tuple[tuple[tuple[tuple[str, str], ...], Ruleset], ...]


def plan(reference: str, options: Mapping[str, str], vary_args: Sequence[str]) -> Sweep:
    """Check the whole sweep before playing anything: every point's ruleset compiles."""
    from nainjaune_rules.core.diagnostics import RulesetError
    from nainjaune_rules.model.compiler import compile_ruleset

    if not vary_args:
        raise SweepError("give at least one --vary NAME=V1,V2,…")
    try:
        base = compile_ruleset(reference, options)
    except RulesetError as error:
        raise SweepError(error.render()) from None
    varies = tuple(resolve_vary(base, text) for text in vary_args)
    check_grid(varies)
    return Sweep(reference, varies, tuple(
        (point, point_ruleset(reference, options, varies, dict(point)))
        for point in grid(varies)))


def check_sweep(sweep: Sweep, *, players: int | None = None,
                seats: Sequence[str] | None = None, figure: str | None = None,
                target: Target | None = None) -> None:
    """Refuse now, before any game is played, what :func:`run_sweep` or the rendering would
    refuse after every point: a table size the point's deal table has no row for (from
    ``players`` or ``--vary players``), seat specs that do not fit it, and a ``figure`` or
    ``target`` the point's figures do not have.  The rows of the figures depend only on the
    ruleset and the seats (see :mod:`.figures`), so the figures of no game tell them."""
    from nainjaune_rules.analysis.simulation import (
        SimulationError,
        features,
        figures_of,
        seat_specs,
        table_size,
    )
    from nainjaune_rules.analysis.tally import Tally
    from nainjaune_rules.engine import EngineError, compile_tables

    for values, ruleset in sweep.points:
        point = dict(values)
        said = ", ".join(f"{k}={v}" for k, v in values)
        try:
            tables = compile_tables(ruleset)
            size = table_size(tables, int(point["players"]) if "players" in point else players)
            specs = seat_specs(seats, size)
        except (EngineError, SimulationError) as exc:
            raise SweepError(f"the point {said}: {exc}") from None
        feats = features(tables)
        empty = figures_of(Tally(size, feats.box_cards, feats.announced_cards), feats,
                           ruleset=ruleset, name=sweep.reference, specs=specs, seed=0,
                           requested=0, partial=False)
        for wanted in (figure, target.figure if target else None):
            if wanted is not None:
                find_row(empty, wanted)


def run_sweep(sweep: Sweep, games: int, *, players: int | None = None,
              seats: Sequence[str] | None = None, seed: int = 0, workers: int = 1,
              cluster: str | None = None, max_deals: int = 1000,
              progress: Callable[[str], Bar | None] | None = None,
              interrupted: Interrupted | None = None) -> list[Point]:
    """Simulate every point of the grid in order, on the same seeds (check the sweep with
    :func:`check_sweep` first: a point that cannot be played is found only when reached).

    When ``interrupted`` stops the run, the points already played are returned
    (the last one partial) and the rest are not started.
    """
    from nainjaune_rules.analysis.simulation import simulate

    points = []
    for values, ruleset in sweep.points:
        point = dict(values)
        size = int(point["players"]) if "players" in point else players
        label = " ".join(f"{k}={v}" for k, v in values)
        bar = progress(label) if progress else None
        try:
            figures = simulate(ruleset, games, players=size, seats=seats, seed=seed,
                               workers=workers, max_deals=max_deals, name=sweep.reference,
                               progress=bar, interrupted=interrupted, cluster=cluster)
        finally:
            if bar is not None:
                bar.close()
        points.append(Point(values, figures))
        if interrupted is not None and interrupted.stopped:
            break
    return points
