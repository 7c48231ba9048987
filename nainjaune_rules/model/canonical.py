"""The canonical form of a ruleset: plain data (for YAML or JSON) and back.

``to_data`` writes every rule object as dictionaries, lists, strings and
numbers, with keys in a fixed order, cards as codes and enumerations as their
words; positions in the text are left out (they are not part of a rule), and so
is every field at its default value: a field added later with a default leaves
the form of every existing ruleset, and its hash, as they were.  ``from_data``
rebuilds equal objects, guided by the dataclasses' type hints (a field left out
takes its default), so ``from_data(to_data(rs)) == rs`` for every ruleset.

The JSON text of this form is what a transcript's ruleset hash is computed from
(:func:`ruleset_hash`).  Transcripts written before December 2026 hold the hash
of the first form, which wrote default values too: :func:`ruleset_digests` gives
both, so that replay still recognises them (the first form's fields are frozen
in :mod:`.canonical_v1`).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import types
import typing
from collections.abc import Callable
from enum import Enum
from typing import Any

from nainjaune_rules.core.cards import Card, parse_card
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.canonical_v1 import V1_FIELDS

# where a rule was written, and a source's count of paragraphs (checks its citations
# when the ruleset is read; no rule of the game, so no digest of a transcript changes)
_SKIPPED = {"span", "defined_in", "file", "paragraphs"}
_CLAUSE_KEY = "clause"


@functools.lru_cache(maxsize=1)
def _clause_types() -> dict[str, type]:
    found: dict[str, type] = {}
    for value in vars(r).values():
        if isinstance(value, type) and issubclass(value, r.Clause) and value is not r.Clause:
            found[value.__name__] = value
    return found


#: whether the form writes field ``f`` of ``obj`` (positions are never written)
_Writes = Callable[[Any, dataclasses.Field[Any]], bool]


def at_default(obj: Any, f: dataclasses.Field[Any]) -> bool:
    """Whether field ``f`` of the dataclass instance ``obj`` holds its default value."""
    value = getattr(obj, f.name)
    if f.default is not dataclasses.MISSING:
        return bool(value == f.default)
    if f.default_factory is not dataclasses.MISSING:
        return bool(value == f.default_factory())
    return False  # a required field is always written


def _writes_today(obj: Any, f: dataclasses.Field[Any]) -> bool:
    return not at_default(obj, f)


def _writes_v1(obj: Any, f: dataclasses.Field[Any]) -> bool:
    """The first form: every field it knew, and a field added since unless at its default."""
    return f.name in V1_FIELDS.get(type(obj).__name__, ()) or not at_default(obj, f)


def to_data(value: Any) -> Any:
    """Plain data for any rule object (a Ruleset, a clause, a card, an enum…)."""
    return _plain(value, _writes_today)


def _plain(value: Any, writes: _Writes) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {}
        if isinstance(value, r.Clause):
            out[_CLAUSE_KEY] = type(value).__name__
        for f in dataclasses.fields(value):
            if f.name in _SKIPPED or not writes(value, f):
                continue
            out[f.name] = _plain(getattr(value, f.name), writes)
        return out
    if isinstance(value, (tuple, list)):
        return [_plain(v, writes) for v in value]
    return value


def from_data(data: Any, kind: Any = r.Ruleset) -> Any:
    """Rebuild a rule object of type ``kind`` from :func:`to_data`'s output."""
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(kind) if a is not type(None)]
        if data is None:
            return None
        errors = []
        for option in options:
            try:
                return from_data(data, option)
            except (ValueError, TypeError, KeyError) as exc:
                errors.append(exc)
        raise ValueError(f"{data!r} fits none of {options}: {errors}")
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_data(item, args[0]) for item in data)
        return tuple(from_data(item, a) for item, a in zip(data, args, strict=True))
    if kind is Card:
        card = parse_card(data) if isinstance(data, str) else None
        if card is None:
            raise ValueError(f"not a card code: {data!r}")
        return card
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(data)
    if kind is r.Clause:
        kind = _clause_types()[data[_CLAUSE_KEY]]
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        if not isinstance(data, dict):
            raise TypeError(f"expected a mapping for {kind.__name__}, got {data!r}")
        hints = typing.get_type_hints(kind)
        values = {
            f.name: from_data(data[f.name], hints[f.name])
            for f in dataclasses.fields(kind)
            if f.name not in _SKIPPED and f.name in data
        }
        return kind(**values)
    if kind is int and not isinstance(data, int) or kind is str and not isinstance(data, str):
        raise TypeError(f"expected {kind.__name__}, got {data!r}")
    return data


def to_yaml(ruleset: r.Ruleset) -> str:
    import yaml

    return yaml.safe_dump(to_data(ruleset), sort_keys=False, allow_unicode=True, width=100,
                          default_flow_style=None)


def to_json(ruleset: r.Ruleset) -> str:
    return json.dumps(to_data(ruleset), ensure_ascii=False, indent=2) + "\n"


def from_yaml(text: str) -> r.Ruleset:
    import yaml

    ruleset: r.Ruleset = from_data(yaml.safe_load(text))
    return ruleset


def ruleset_hash(ruleset: r.Ruleset) -> str:
    """sha256 of the canonical JSON (compact, sorted keys): names a ruleset's exact rules."""
    return _digest(to_data(ruleset))


def ruleset_digests(ruleset: r.Ruleset) -> tuple[str, str]:
    """``(today, first)``: the hash of today's form, and the one of the first form.

    A transcript written before December 2026 holds the second: it names the same
    rules when it equals it (:mod:`.canonical_v1`).
    """
    return _digest(to_data(ruleset)), _digest(_plain(ruleset, _writes_v1))


def _digest(data: Any) -> str:
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
