"""JSON Schemas of the project's documents, shipped in the package.

- ``transcript.schema.json``: a game transcript (``nainjaune-transcript/2``, and /1),
  what ``nainjaune play --format json`` writes and ``nainjaune replay`` reads;
- ``canonical.schema.json``: the canonical form of a ruleset
  (``nainjaune compile --format json``).
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any


def load_schema(name: str) -> Any:
    """The schema ``NAME.schema.json`` of this package, as data."""
    text = resources.files(__name__).joinpath(f"{name}.schema.json").read_text(encoding="utf-8")
    return json.loads(text)


@functools.cache
def validator(name: str) -> Any:
    """A ``jsonschema`` validator of the schema ``NAME`` (Draft 2020-12).

    Stricter than JSON Schema on one point: ``7.0`` is not an integer and neither is
    ``true``; counts, seats and seeds are written as integers and read as such.
    """
    import jsonschema

    base = jsonschema.Draft202012Validator
    checker = base.TYPE_CHECKER.redefine("integer", lambda _checker, value: type(value) is int)
    strict = jsonschema.validators.extend(base, type_checker=checker)
    schema = load_schema(name)
    if name == "transcript":
        _bound_tokens(schema)
    try:
        schema = _inlined(schema, schema.get("$defs", {}), ())
    except _Cyclic:
        pass  # a recursive schema (the canonical form: options hold clauses) keeps its $refs
    return strict(schema)


def _bound_tokens(schema: dict[str, Any]) -> None:
    """The token bound of the rulesets' checks, which the file writes out too (tested):
    one constant, so that ``play`` never writes a count that ``replay`` refuses."""
    from nainjaune_rules.model.stake_checks import MAX_TOKENS

    schema["$defs"]["tokens"].update(minimum=-MAX_TOKENS, maximum=MAX_TOKENS)


class _Cyclic(Exception):
    pass


def _inlined(node: Any, defs: dict[str, Any], within: tuple[str, ...]) -> Any:
    """``node`` with every local ``$ref`` replaced by its definition.

    Resolving a ``$ref`` is most of jsonschema's time on a transcript; inlined,
    validation runs about twice as fast (a transcript has thousands of events).
    """
    if isinstance(node, list):
        return [_inlined(v, defs, within) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: _inlined(v, defs, within) for k, v in node.items() if k not in ("$ref", "$defs")}
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        name = ref.removeprefix("#/$defs/")
        if name in within:
            raise _Cyclic(name)
        out = {**_inlined(defs[name], defs, (*within, name)), **out}
    return out
