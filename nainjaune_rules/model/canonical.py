"""The canonical form of a ruleset: plain data (for YAML or JSON) and back.

``to_data`` writes every rule object as dictionaries, lists, strings and
numbers, with keys in a fixed order, cards as codes and enumerations as their
words; positions in the text are left out (they are not part of a rule).
``from_data`` rebuilds equal objects, guided by the dataclasses' type hints, so
``from_data(to_data(rs)) == rs`` for every ruleset.  The JSON text of this form
is what a transcript's ruleset hash is computed from.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import types
import typing
from enum import Enum
from typing import Any

from nainjaune_rules.core.cards import Card, parse_card
from nainjaune_rules.model import rules as r

_SKIPPED = {"span", "defined_in", "file"}
_CLAUSE_KEY = "clause"


@functools.lru_cache(maxsize=1)
def _clause_types() -> dict[str, type]:
    found: dict[str, type] = {}
    for value in vars(r).values():
        if isinstance(value, type) and issubclass(value, r.Clause) and value is not r.Clause:
            found[value.__name__] = value
    return found


def to_data(value: Any) -> Any:
    """Plain data for any rule object (a Ruleset, a clause, a card, an enum…)."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {}
        if isinstance(value, r.Clause):
            out[_CLAUSE_KEY] = type(value).__name__
        for f in dataclasses.fields(value):
            if f.name in _SKIPPED:
                continue
            out[f.name] = to_data(getattr(value, f.name))
        return out
    if isinstance(value, (tuple, list)):
        return [to_data(v) for v in value]
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
    text = json.dumps(to_data(ruleset), ensure_ascii=False, sort_keys=True,
                      separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
