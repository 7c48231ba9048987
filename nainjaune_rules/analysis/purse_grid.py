"""The purse against the length of a game, for every built-in variant (issue 13, item 4).

Each variant's page on the site shows how many deals a game lasts with a
smaller or a larger purse.  The figures are simulated once and committed in
``nainjaune_rules/pages/data/purse-sweep.json`` (the site build only reads them), made by::

    python -m nainjaune_rules.cli.purse_sweep --games 300 --seed 0 \\
        --out nainjaune_rules/pages/data/purse-sweep.json

(:mod:`nainjaune_rules.cli.purse_sweep`: this module makes the figures and reads
them, the command only writes them).

Each variant is swept with :mod:`.sweep` itself (``nainjaune sweep NAME --vary
'starting tokens=…' --games 300 --seed 0`` gives the same figures, point by
point), over :func:`purse_values` — ×½, ×1, ×2 and ×4 of its own purse — with
its default table options, its default table size (the one ``nainjaune play``
deals for) and ``lowest`` bots in every seat.

The file is data from outside the package's code like any other: :func:`load`
checks every field and bound (a corrupt or hostile file is a
:class:`PurseSweepError` naming the file and the field, never a traceback), and
whoever shows its text escapes it.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from nainjaune_rules.core.textsafe import terminal_safe

if TYPE_CHECKING:
    from nainjaune_rules.analysis.intervals import Estimate
    from nainjaune_rules.analysis.runner import Interrupted
    from nainjaune_rules.model.rules import Ruleset

#: the purses tried, as multiples of the variant's own
GRID = (0.5, 1, 2, 4)
GAMES = 300
SEED = 0
SEATS = ("lowest",)
MAX_DEALS = 1000
FIGURE = "length.deals_per_game"
#: what the bank sold, for a variant whose ruined players buy counters (issue 23): the
#: share of games that bought, and the counters bought per game
BANK = {"buying": "bank.games_buying", "bought": "bank.bought_per_game"}
FORMAT = 2
#: the committed figures, kept with the pages that show them (``nainjaune_rules/pages/``)
DATA = Path(__file__).parents[1] / "pages" / "data" / "purse-sweep.json"
#: where the command writes the file, as the README and the pages give it
DATA_NAME = "nainjaune_rules/pages/data/purse-sweep.json"
COMMAND = (f"python -m nainjaune_rules.cli.purse_sweep --games {GAMES} "
           f"--seed {SEED} --out {DATA_NAME}")
#: bounds of the file: a committed file is a few kilobytes
MAX_BYTES = 1_000_000
MAX_VARIANTS = 100
MAX_TEXT = 200
MAX_COUNT = 10**9


class PurseSweepError(ValueError):
    """The committed figures cannot be read (a clear message naming the file and field)."""


@dataclass(frozen=True)
class Span:
    """An estimate and its 95 % interval."""

    value: float
    low: float
    high: float


@dataclass(frozen=True)
class PursePoint:
    """One purse and the deals per game it gave, with the 95 % interval; for a variant
    with a bank, the share of games that bought from it and the counters bought per game."""

    tokens: int
    value: float
    low: float
    high: float
    buying: Span | None = None
    bought: Span | None = None


@dataclass(frozen=True)
class VariantSweep:
    """One variant's sweep, with how it was made (enough to play it again)."""

    name: str
    purse: int  # the variant's own purse (its worth, for tokens by value)
    by_value: bool  # its purse is tokens by value (``tokens: 3 worth 5, …``)
    players: int
    options: tuple[tuple[str, str], ...]
    points: tuple[PursePoint, ...]
    games: int
    seed: int
    seats: tuple[str, ...]
    max_deals: int

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(p.tokens for p in self.points)


# -- the grid and the run ---------------------------------------------------------------


def purse_values(ruleset: Ruleset) -> tuple[int, ...]:
    """The purses tried: each multiple of :data:`GRID` of the ruleset's own purse, or, for
    tokens by value, the nearest purse that scales every kind of token alike (ties
    upwards; 49 cannot be halved, so cz-box tries 49, 98, 196)."""
    purse = ruleset.starting_tokens
    unit = 1
    if purse.denominations:
        unit = purse.count // math.gcd(*(many for _value, many in purse.denominations))
    values = [max(unit, unit * math.floor(purse.count * m / unit + 0.5)) for m in GRID]
    return tuple(sorted(set(values)))


def sweep_variant(name: str, games: int = GAMES, seed: int = SEED,
                  values: Sequence[int] | None = None, workers: int = 1,
                  interrupted: Interrupted | None = None) -> VariantSweep:
    """Play the sweep of one built-in variant (``values``: some of its purses only).

    When ``interrupted`` stops the run (Ctrl-C, SIGTERM), the sweep returned is partial:
    the caller reads the flag and throws it away."""
    import nainjaune_rules
    from nainjaune_rules.analysis.sweep_grid import find_row, plan, run_sweep

    ruleset = nainjaune_rules.load_ruleset(name)
    values = tuple(values or purse_values(ruleset))
    sweep = plan(name, {}, ["starting tokens=" + ",".join(map(str, values))])
    played = run_sweep(sweep, games, seats=SEATS, seed=seed, workers=workers,
                       max_deals=MAX_DEALS, interrupted=interrupted)
    points = []
    for point in played:
        est = find_row(point.figures, FIGURE).estimate
        low, high = (est.value if b is None else b for b in (est.low, est.high))
        rows = point.figures.rows()
        bank = {name: _span(rows[key].estimate) if key in rows else None
                for name, key in BANK.items()}
        points.append(PursePoint(int(dict(point.values)["starting tokens"]), est.value,
                                 low, high, **bank))
    return VariantSweep(name, ruleset.starting_tokens.count,
                        bool(ruleset.starting_tokens.denominations), played[0].figures.players,
                        ruleset.chosen, tuple(points), games, seed, SEATS, MAX_DEALS)


def _span(est: Estimate) -> Span:
    low, high = (est.value if b is None else b for b in (est.low, est.high))
    return Span(est.value, low, high)


def variant_names() -> list[str]:
    """The built-in variants: the rulesets of ``rules/``, not the house ones nor Nain
    Jaune's cousins (other games, ``rules/cousins/``)."""
    import nainjaune_rules

    return [n for n in nainjaune_rules.builtin_rulesets()
            if not n.startswith(("house/", "cousins/"))]


def stale(entry: VariantSweep, ruleset: Ruleset) -> str:
    """Why ``entry`` no longer describes ``ruleset`` (its purse, options or grid
    changed): the figures must be made again; ``""`` when it still does."""
    from nainjaune_rules.analysis.simulation import table_size
    from nainjaune_rules.engine import compile_tables

    if entry.purse != ruleset.starting_tokens.count:
        return f"its purse is now {ruleset.starting_tokens.count}, not {entry.purse}"
    if entry.options != ruleset.chosen:
        return "its default table options changed"
    if entry.values != purse_values(ruleset):
        return "the purses to try changed"
    if entry.players != table_size(compile_tables(ruleset), None):
        return "its default table size changed"
    return ""


# -- the file ----------------------------------------------------------------------------


def to_json(entries: Sequence[VariantSweep]) -> str:
    """The committed file: sorted keys, one variant per entry, rounded like ``simulate``."""
    first = entries[0] if entries else None
    document = {
        "format": FORMAT, "figure": FIGURE, "command": COMMAND,
        "games": first.games if first else GAMES, "seed": first.seed if first else SEED,
        "seats": list(first.seats if first else SEATS),
        "max_deals": first.max_deals if first else MAX_DEALS,
        "variants": {e.name: {
            "purse": e.purse, "by_value": e.by_value, "players": e.players,
            "options": {k: v for k, v in e.options},
            "points": [_point_json(p) for p in e.points],
        } for e in entries},
    }
    return json.dumps(document, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def _point_json(p: PursePoint) -> dict[str, object]:
    # float() throughout: an interval clamped at its floor is an int, and the file must
    # read back to the same text
    point: dict[str, object] = {"starting tokens": p.tokens, "value": round(float(p.value), 6),
                                "low": round(float(p.low), 6), "high": round(float(p.high), 6)}
    for name in BANK:
        span = getattr(p, name)
        if span is not None:
            point[name] = {k: round(float(getattr(span, k)), 6)
                           for k in ("value", "low", "high")}
    return point


def _fail(where: str, message: str) -> PurseSweepError:
    # the place and the message quote the file's keys and texts: escaped for the terminal
    # of whoever builds the site
    said = terminal_safe(f"{where}: {message}")
    return PurseSweepError(f"{said}\n  hint: make the file again with: {COMMAND}")


def _get(obj: object, key: str, kind: type | tuple[type, ...], where: str) -> object:
    if not isinstance(obj, dict):
        raise _fail(where, "expected an object")
    if key not in obj:
        raise _fail(where, f"missing field {key!r}")
    value = obj[key]
    # bool is an int to Python; a count given as true is still wrong
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise _fail(f"{where}.{key}", f"expected {_kind(kind)}, found {type(value).__name__}")
    return value


def _kind(kind: type | tuple[type, ...]) -> str:
    names = {int: "a whole number", float: "a number", str: "a text", bool: "true or false",
             dict: "an object", list: "a list"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _count(obj: object, key: str, where: str, low: int = 1, high: int = MAX_COUNT) -> int:
    value = _get(obj, key, int, where)
    assert isinstance(value, int)
    if not low <= value <= high:
        raise _fail(f"{where}.{key}", f"{value} is out of range ({low} to {high})")
    return value


def _number(obj: object, key: str, where: str) -> float:
    value = _get(obj, key, (int, float), where)
    assert isinstance(value, int | float)
    # a t interval of a few games may reach below 0; checked before float(): 10**400
    # is a valid JSON number
    if not -MAX_COUNT <= value <= MAX_COUNT:
        raise _fail(f"{where}.{key}", f"{str(value)[:20]} is out of range "
                                      f"(-{MAX_COUNT} to {MAX_COUNT})")
    return float(value)


def _text(value: object, where: str) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= MAX_TEXT:
        raise _fail(where, f"expected a text of 1 to {MAX_TEXT} characters")
    return value


def _triple(obj: object, where: str) -> tuple[float, float, float]:
    low, value, high = (_number(obj, k, where) for k in ("low", "value", "high"))
    if not low <= value <= high:
        raise _fail(where, f"expected 0 <= low <= value <= high, found {low}, {value}, {high}")
    return value, low, high


def _point(obj: object, where: str) -> PursePoint:
    tokens = _count(obj, "starting tokens", where)
    value, low, high = _triple(obj, where)
    bank: dict[str, Span | None] = {}
    for name in BANK:
        found = obj.get(name) if isinstance(obj, dict) else None
        bank[name] = None if found is None else Span(*_triple(found, f"{where}.{name}"))
    if (bank["buying"] is None) != (bank["bought"] is None):
        raise _fail(where, "expected both 'buying' and 'bought', or neither")
    share = bank["buying"]
    if share is not None and not 0 <= share.low <= share.high <= 1:
        raise _fail(f"{where}.buying", "a share of games lies between 0 and 1")
    return PursePoint(tokens, value, low, high, **bank)


def _variant(name: str, obj: object, run: Mapping[str, object], where: str) -> VariantSweep:
    options = _get(obj, "options", dict, where)
    assert isinstance(options, dict)
    points = _get(obj, "points", list, where)
    assert isinstance(points, list)
    if not 0 < len(points) <= len(GRID) * 4:
        raise _fail(f"{where}.points", f"expected 1 to {len(GRID) * 4} points")
    read = tuple(_point(p, f"{where}.points[{i}]") for i, p in enumerate(points))
    if [p.tokens for p in read] != sorted({p.tokens for p in read}):
        raise _fail(f"{where}.points", "the purses are not in increasing order")
    return VariantSweep(
        name, _count(obj, "purse", where), bool(_get(obj, "by_value", bool, where)),
        _count(obj, "players", where, 1, 52),
        tuple((_text(k, f"{where}.options"), _text(v, f"{where}.options.{k}"))
              for k, v in options.items()),
        read, **run)  # type: ignore[arg-type]


def _no_constant(word: str) -> float:
    raise ValueError(f"{word} is not a number this file may hold")


def _unique(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """An object of the file, refused when a key is given twice (found in one pass: a
    file of many keys must not cost their square)."""
    found: dict[str, object] = {}
    for key, value in pairs:
        if key in found:
            raise ValueError(f"the key {key[:MAX_TEXT]!r} is given twice")
        found[key] = value
    return found


#: a seat as the file may name it: a bot of this package, with at most a forget rate (it is
#: shown in a command to copy: nothing else may reach it)
_SEAT = re.compile(r"(lowest|greedy|random)(?::forget=[0-9](?:\.[0-9]{1,6})?)?")
#: a variant as the file may name it: a built-in ruleset's name (also shown in the command)
_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,60}")


def _seat(value: object, where: str) -> str:
    from nainjaune_rules.players import SpecError, make_player

    text = _text(value, where)
    if not _SEAT.fullmatch(text):
        raise _fail(where, f"{text[:40]!r} is not a bot of this package (lowest, greedy "
                           "or random, with at most :forget=RATE)")
    try:
        make_player(text)
    except SpecError as error:
        raise _fail(where, str(error)) from None
    return text


def _name(value: object, where: str) -> str:
    text = _text(value, where)
    if not _NAME.fullmatch(text):
        raise _fail(where, f"{text[:40]!r} is not the name of a built-in variant")
    return text


def parse(text: str, where: str = DATA_NAME) -> dict[str, VariantSweep]:
    """The variants' sweeps of the file's text, checked field by field."""
    if len(text) > MAX_BYTES:
        raise _fail(where, f"larger than {MAX_BYTES} bytes")
    try:
        document = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_unique)
    except json.JSONDecodeError as error:
        raise _fail(f"{where}:{error.lineno}:{error.colno}", f"not JSON: {error.msg}") from None
    except (ValueError, RecursionError) as error:
        raise _fail(where, f"not a purse sweep: {error or 'nested too deeply'}") from None
    if _get(document, "format", int, where) != FORMAT:
        raise _fail(f"{where}.format", f"this package reads format {FORMAT}")
    if _get(document, "figure", str, where) != FIGURE:
        raise _fail(f"{where}.figure", f"the pages show {FIGURE}")
    seats = _get(document, "seats", list, where)
    assert isinstance(seats, list)
    if not 0 < len(seats) <= 8:
        raise _fail(f"{where}.seats", "expected 1 to 8 seats")
    run = {"games": _count(document, "games", where), "seed": _count(document, "seed", where,
                                                                      0, 2**63 - 1),
           "seats": tuple(_seat(s, f"{where}.seats") for s in seats),
           "max_deals": _count(document, "max_deals", where)}
    variants = _get(document, "variants", dict, where)
    assert isinstance(variants, dict)
    if len(variants) > MAX_VARIANTS:
        raise _fail(f"{where}.variants", f"more than {MAX_VARIANTS} variants")
    return {_name(name, f"{where}.variants"): _variant(name, obj, run, f"{where}.variants.{name}")
            for name, obj in variants.items()}


def load(path: Path | None = None) -> dict[str, VariantSweep]:
    """The sweeps of ``path`` (default: the committed :data:`DATA`); a
    :class:`PurseSweepError` when the file is missing or bad."""
    path = DATA if path is None else path
    try:
        with path.open("rb") as file:
            data = file.read(MAX_BYTES + 1)
        text = data.decode("utf-8")
    except OSError as error:
        raise _fail(str(path), f"cannot be read ({error.strerror or error})") from None
    except UnicodeDecodeError:
        raise _fail(str(path), "not UTF-8 text") from None
    return parse(text, str(path))
