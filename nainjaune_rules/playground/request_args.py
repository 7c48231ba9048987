"""The arguments of a playground request, read and checked before any work is done.

Each request names its fields (:class:`Field`): text, a whole number within
bounds, yes or no.  :func:`read` turns the request's ``args`` object into the
values the command takes, or raises a :class:`.Refusal` that names the field:
a request from a page that was tampered with never reaches the compiler or the
engine with a value of the wrong kind or size.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .refusals import Refusal

#: characters of ruleset text a request may carry (a shared link opens at most 256 KB)
MOST_SOURCE = 1_000_000
#: characters of a short field (a move, a ruleset name, a bot's name)
MOST_WORD = 200
#: the page's numbers are exact up to 2**53 - 1 (JavaScript's safe integers)
MOST_SEED = 2**53 - 1


@dataclass(frozen=True)
class Field:
    """One argument: its kind (``str``, ``int`` or ``bool``), whether it may be left out
    (then ``default``), and its bounds (``low``..``high`` for a number, ``most``
    characters for text; ``nullable`` text may also be ``null``)."""

    kind: type
    required: bool = True
    default: Any = None
    low: int = 0
    high: int = 0
    most: int = MOST_WORD
    nullable: bool = False


def text(most: int = MOST_WORD, required: bool = True, default: str | None = None,
         nullable: bool = False) -> Field:
    return Field(str, required, default, most=most, nullable=nullable)


def number(low: int, high: int, default: int | None = None) -> Field:
    return Field(int, default is None, default, low=low, high=high)


def yes_no(default: bool = False) -> Field:
    return Field(bool, False, default)


SOURCE = text(MOST_SOURCE)


def read(name: str, fields: Mapping[str, Field], args: object) -> dict[str, Any]:
    """The values of ``args`` (the request's object) for a request ``name`` taking ``fields``."""
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise Refusal("unreadable")
    for key in args:
        if key not in fields:
            raise Refusal("unknown-field", name=name, field=str(key)[:MOST_WORD])
    values = {}
    for key, field in fields.items():
        if key in args:
            values[key] = _value(key, field, args[key])
        elif field.required:
            raise Refusal("missing", name=name, field=key)
        else:
            values[key] = field.default
    return values


def _value(key: str, field: Field, value: object) -> Any:
    if field.kind is bool:
        if not isinstance(value, bool):
            raise Refusal("not-yes-no", field=key)
        return value
    if field.kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise Refusal("not-number", field=key)
        if not field.low <= value <= field.high:
            raise Refusal("out-of-range", field=key, low=field.low, high=field.high)
        return value
    if value is None and field.nullable:
        return None
    if not isinstance(value, str):
        raise Refusal("not-text", field=key)
    if len(value) > field.most:
        raise Refusal("too-long", field=key, size=len(value), most=field.most)
    _whole_characters(value)
    return value


def _whole_characters(value: str) -> None:
    """Refuse half a UTF-16 pair (JSON's ``\\ud800``): it is no character and cannot be
    written to the file the compiler reads."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        before = value[: exc.start]
        line = before.count("\n") + 1
        raise Refusal("broken-character", line=line,
                      column=exc.start - (before.rfind("\n") + 1) + 1) from None
