"""A chunk's result as it crosses from a cluster to the client: plain data, checked on receipt.

A cluster's worker plays a chunk of games and sends back their tally as a
small record of JSON-able values only (dicts with string keys, lists, ints,
strings), never a Python object: the client asks Dask for msgpack and nothing
else (see :mod:`.cluster`), and a record is accepted only if its keys, types
and ranges are those a chunk of ``stop - start`` games can give (every count
non-negative, the games' ends summing to the games, …).  A worker that sends
anything else is a clear error, not a figure.

Format (``"record": FORMAT``)::

    {"record", "games", "ended", "ends": {end: games},
     "deal": {name: [games, deals, total, ss, sn, nn]}, "game": {name: [n, total, squares]},
     "game_wins": [int × players], "seat_wins": [int × players], "winners",
     "plays_histogram": [[plays, deals], …], "deals_histogram": [[deals, games], …]}

or ``{"record", "error": text}`` when playing the chunk raised.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from nainjaune_rules.analysis.chunks import Job, play_range
from nainjaune_rules.analysis.intervals import Cluster
from nainjaune_rules.analysis.tally import Fold, Sums, Tally
from nainjaune_rules.core.textsafe import first_unsafe, terminal_safe

FORMAT = "nainjaune-chunk/1"
_KEYS = frozenset({"record", "games", "ended", "ends", "deal", "game", "game_wins", "seat_wins",
                   "winners", "plays_histogram", "deals_histogram"})
_NAME = re.compile(r"[A-Za-z0-9_:]{1,64}")
#: more than any tally has (names per deal: about 14 + 3 per board card + 2 per seat)
_MOST_NAMES = 1024
_MOST_ENDS = 64
_MOST_BINS = 100_000
#: bigger than any sum of a chunk of games (tokens are bounded far below this)
_HUGE = 2**62
#: the least value of each number of a Cluster's and a Sums' record: counts and sums of
#: squares are never negative, sums of a signed figure (a seat's net tokens) may be
_CLUSTER_LOWS = (0, 0, -_HUGE, 0, -_HUGE, 0)
_SUMS_LOWS = (0, -_HUGE, 0)


class RecordError(ValueError):
    """A record that a chunk of games cannot have given (the message says what is wrong)."""


# -- on the worker ------------------------------------------------------------------


def play_chunk_record(job: Job, start: int, stop: int) -> dict[str, Any]:
    """The task a cluster runs: games ``start..stop-1`` of ``job``, tallied, as plain data."""
    try:
        tally = play_range(job, start, stop)
        if not isinstance(tally, Tally):
            raise TypeError(f"a chunk's fold gave {type(tally).__name__}, not a Tally")
        return to_record(tally)
    except Exception as exc:  # sent back as text: an exception object would need pickle
        return {"record": FORMAT, "error": f"{type(exc).__name__}: {exc}"[:500]}


def to_record(tally: Tally) -> dict[str, Any]:
    """``tally`` as a record (see the module docstring)."""
    return {
        "record": FORMAT, "games": tally.games, "ended": tally.ended, "ends": dict(tally.ends),
        "deal": {name: [c.games, c.deals, c.total, c.ss, c.sn, c.nn]
                 for name, c in tally.deal.items()},
        "game": {name: [s.n, s.total, s.squares] for name, s in tally.game.items()},
        "game_wins": list(tally.game_wins), "seat_wins": list(tally.seat_wins),
        "winners": tally.winners,
        "plays_histogram": sorted([k, v] for k, v in tally.plays_histogram.items()),
        "deals_histogram": sorted([k, v] for k, v in tally.deals_histogram.items()),
    }


# -- on the client -------------------------------------------------------------------


def from_record(data: object, fold: Fold, games: int, max_deals: int) -> Tally:
    """The tally of a chunk of ``games`` games that ``data`` describes, or :class:`RecordError`."""
    if not isinstance(data, dict):
        raise RecordError(f"a {type(data).__name__} instead of a record")
    if data.get("record") != FORMAT:
        raise RecordError(f"not a {FORMAT} record")
    if set(data) == {"record", "error"}:
        raise RecordError(f"playing the chunk failed there: {_text(data['error'], 500)}")
    if set(data) != _KEYS:
        odd = [key for key in data if key not in _KEYS] + sorted(_KEYS - set(data))
        raise RecordError("the keys differ from a record's: "
                          + ", ".join(_text(key, 40) for key in odd[:3]))
    if (got := _count(data, "games", games)) != games:
        raise RecordError(f"{got} games instead of {games}")
    tally = Tally(fold.players, fold.box_cards, fold.announced, games=games,
                  ended=_count(data, "ended", games), winners=_count(data, "winners", _HUGE))
    tally.ends = _ends(data["ends"], games)
    deal, game = _names(data["deal"]), _names(data["game"])
    tally.deal = {name: Cluster(*_ints(v, _CLUSTER_LOWS, name)) for name, v in deal.items()}
    tally.game = {name: Sums(*_ints(v, _SUMS_LOWS, name)) for name, v in game.items()}
    tally.game_wins = _wins(data["game_wins"], fold.players, games, "game_wins")
    tally.seat_wins = _wins(data["seat_wins"], fold.players, games, "seat_wins")
    tally.plays_histogram = _histogram(data["plays_histogram"], _HUGE, "plays_histogram")
    tally.deals_histogram = _histogram(data["deals_histogram"], max_deals, "deals_histogram")
    if sum(tally.deals_histogram.values()) != games:
        raise RecordError("deals_histogram does not count every game once")
    return tally


def _int(value: object, low: int, high: int, what: str) -> int:
    if type(value) is not int or not low <= value <= high:  # bool is not a count
        raise RecordError(f"{what}: {_text(value, 40)} is not a whole number from {low} "
                          f"to {high}")
    return value


def _count(data: dict[str, Any], key: str, high: int) -> int:
    return _int(data[key], 0, high, key)


def _list(value: object, what: str) -> list[Any]:
    # msgpack gives a list back as a tuple: either is a list here
    if not isinstance(value, (list, tuple)):
        raise RecordError(f"{what}: a {type(value).__name__} instead of a list")
    return list(value)


def _names(value: object) -> dict[str, Any]:
    if not isinstance(value, dict) or len(value) > _MOST_NAMES:
        raise RecordError(f"not a table of at most {_MOST_NAMES} figures")
    for name in value:
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            raise RecordError(f"{_text(name, 70)} is not a figure's name")
    return value


def _ints(value: object, lows: tuple[int, ...], name: str) -> list[int]:
    items = _list(value, name)
    if len(items) != len(lows):
        raise RecordError(f"{name}: {len(items)} numbers instead of {len(lows)}")
    return [_int(x, low, _HUGE, name) for x, low in zip(items, lows, strict=True)]


def _ends(value: object, games: int) -> Counter[str]:
    if not isinstance(value, dict) or len(value) > _MOST_ENDS:
        raise RecordError(f"ends: not a table of at most {_MOST_ENDS} ends")
    ends: Counter[str] = Counter()
    for end, count in value.items():
        if not isinstance(end, str) or not 1 <= len(end) <= 64 or first_unsafe(end) is not None:
            raise RecordError(f"ends: {_text(end, 70)} is not an end's name")
        ends[end] = _int(count, 1, games, f"ends[{_text(end, 40)}]")
    if sum(ends.values()) != games:
        raise RecordError("ends: the games' ends do not add up to the games")
    return ends


def _wins(value: object, players: int, games: int, what: str) -> list[int]:
    items = _list(value, what)
    if len(items) != players:
        raise RecordError(f"{what}: {len(items)} seats instead of {players}")
    return [_int(x, 0, games, what) for x in items]


def _histogram(value: object, most: int, what: str) -> Counter[int]:
    items = _list(value, what)
    if len(items) > _MOST_BINS:
        raise RecordError(f"{what}: more than {_MOST_BINS} bins")
    histogram: Counter[int] = Counter()
    for item in items:
        pair = _list(item, what)
        if len(pair) != 2:
            raise RecordError(f"{what}: a bin is [value, count]")
        key = _int(pair[0], 0, most, what)
        if key in histogram:
            raise RecordError(f"{what}: {key} twice")
        histogram[key] = _int(pair[1], 1, _HUGE, what)
    return histogram


def _text(value: object, most: int) -> str:
    """A value from the cluster, for a message: short, control characters escaped, and
    never the repr of an object (it may be huge, or run the object's own code)."""
    if type(value) is int and value.bit_length() <= 64:
        return str(value)
    if not isinstance(value, str):
        return f"a value of type {type(value).__name__}"
    return "'" + terminal_safe(value[:most] + ("…" if len(value) > most else "")) + "'"
