"""The JSON Schema of the canonical ruleset form, derived from the rule objects' types.

``canonical.schema.json`` is committed (and shipped) so that other tools can
check ``nainjaune compile --format json`` output without this package.  It is
written from the type hints of :mod:`nainjaune_rules.model.rules`, the same hints
that :func:`~nainjaune_rules.model.canonical.from_data` reads back, so it says
what a ruleset *may* contain, not what one ruleset happens to contain.  After a
change of the rule objects, write it again with::

    python -m nainjaune_rules.schemas.canonical_schema \\
        > nainjaune_rules/schemas/canonical.schema.json

(a test compares the committed file with this output).
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from enum import Enum
from typing import Any

from nainjaune_rules.core.cards import Card
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.canonical import _CLAUSE_KEY, _SKIPPED, _clause_types

_CARD = {"type": "string", "pattern": "^(10|[2-9AJQK])[CDHS]$(?!\\n)",
         "description": "a card code such as QS or 10D"}
_PLAIN = {int: {"type": "integer"}, str: {"type": "string"}, bool: {"type": "boolean"},
          type(None): {"type": "null"}}


def canonical_schema() -> dict[str, Any]:
    """The schema, with one definition per rule object and enumeration."""
    defs: dict[str, Any] = {"Card": _CARD}
    root = _schema_of(r.Ruleset, defs)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://nainjaune-rules.invalid/schemas/canonical.schema.json",
        "title": "Nain Jaune ruleset, canonical form",
        "description": "What 'nainjaune compile --format json' writes: every rule object as "
                       "an object, cards as codes, enumerations as their words. Written by "
                       "nainjaune_rules.schemas.canonical_schema from the rule objects' types.",
        **root,
        "$defs": dict(sorted(defs.items())),
    }


def _schema_of(kind: Any, defs: dict[str, Any]) -> dict[str, Any]:
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [_schema_of(a, defs) for a in typing.get_args(kind)]}
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _schema_of(args[0], defs)}
        return {"type": "array", "prefixItems": [_schema_of(a, defs) for a in args],
                "minItems": len(args), "maxItems": len(args)}
    if kind in _PLAIN:
        return dict(_PLAIN[kind])
    if kind is Card:
        return {"$ref": "#/$defs/Card"}
    if kind is r.Clause:
        return {"anyOf": [_schema_of(c, defs) for _, c in sorted(_clause_types().items())]}
    if isinstance(kind, type) and issubclass(kind, Enum):
        defs.setdefault(kind.__name__, {"enum": [m.value for m in kind]})
        return {"$ref": f"#/$defs/{kind.__name__}"}
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        if kind is r.Ruleset:
            return _object_of(kind, defs)
        if kind.__name__ not in defs:
            defs[kind.__name__] = {}  # a placeholder first: a clause may hold clauses
            defs[kind.__name__] = _object_of(kind, defs)
        return {"$ref": f"#/$defs/{kind.__name__}"}
    raise TypeError(f"no schema for {kind!r}")


def _object_of(kind: type, defs: dict[str, Any]) -> dict[str, Any]:
    hints = typing.get_type_hints(kind)
    properties: dict[str, Any] = {}
    required: list[str] = []
    if issubclass(kind, r.Clause):
        properties[_CLAUSE_KEY] = {"const": kind.__name__}
        required.append(_CLAUSE_KEY)
    for f in dataclasses.fields(kind):
        if f.name not in _SKIPPED:
            properties[f.name] = _schema_of(hints[f.name], defs)
            # to_data leaves a field at its default out: only those without one are required
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                required.append(f.name)
    return {"type": "object", "required": required, "additionalProperties": False,
            "properties": properties}


def schema_text() -> str:
    return json.dumps(canonical_schema(), ensure_ascii=False, indent=1) + "\n"


if __name__ == "__main__":  # pragma: no cover
    print(schema_text(), end="")
