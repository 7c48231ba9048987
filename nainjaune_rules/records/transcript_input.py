"""Reading a transcript someone sent: bounded, parsed, validated against the schema.

A transcript is untrusted input.  Before anything replays it, this module makes
sure that it is a regular file of at most :data:`MAX_BYTES`, UTF-8, JSON without
``NaN``/``Infinity``, no deeper than :data:`MAX_DEPTH`, and that it matches
``schemas/transcript.schema.json``.  Depth and the number of lists, objects and values
are checked by :func:`scan` on the raw bytes, in a few copies of the text whatever its
shape, before the JSON parser builds anything; the parser and the schema then cost at
most about six times :data:`MAX_BYTES`, itself worked out from the largest game.
Every refusal is a :class:`TranscriptError`
that names the first bad field by its JSON path (``deals[0].moves[3].seat``) and
echoes values only through :func:`terminal_safe`, so no transcript can write
escape sequences to the user's terminal.

The ruleset a transcript names is looked up among the built-in rulesets only
(:func:`builtin_name`): a transcript can never make the tool open a file.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Iterable, Iterator
from itertools import accumulate, islice, repeat
from operator import sub
from typing import Any

from nainjaune_rules.core.textsafe import terminal_safe
from nainjaune_rules.schemas import load_schema
from nainjaune_rules.syntax.resources import RULESET_SUFFIX, builtin_rulesets, rules_dir

#: the transcript format this version writes (the schema's ``format``); it records where
#: the decks came from (``decks``) and each seat's player in normal form
FORMAT = "nainjaune-transcript/2"
#: the formats replay reads: the first, which does not say where its decks came from, and this
FORMATS = ("nainjaune-transcript/1", FORMAT)
#: the most deals a transcript holds (``play --format json`` refuses more): the schema's
#: bound.  The longest game of a built-in ruleset measured with random seats at every
#: table size (5 seeds each) ends in 38 deals
MAX_DEALS: int = load_schema("transcript")["properties"]["deals"]["maxItems"]
#: the largest deal measured in a transcript (fr-web, 7 random seats, 63 kB as written),
#: with a quarter more for luckier shuffles
MAX_DEAL_BYTES = 80_000
#: the largest file replay reads: MAX_DEALS of the largest deals (16 MB).  Parsed and
#: validated, a transcript takes about six times its size in memory, ~1.5 s per MB
MAX_BYTES = MAX_DEALS * MAX_DEAL_BYTES + 64 * 1024
#: a transcript is 6 levels deep; anything far deeper is an attack on the parser
MAX_DEPTH = 32
#: the most lists and objects, and values, replay lets the JSON parser build: about twice
#: what the largest transcript holds (written with an indent, a transcript spends at least
#: 57 bytes per list or object and 24 per value); a file of ``[{},{},…]`` at MAX_BYTES would
#: otherwise take 400 MB once parsed
MAX_CONTAINERS = 2 * MAX_BYTES // 57
MAX_VALUES = 2 * MAX_BYTES // 24
_ECHO = 60  # characters of a bad value shown in a message
_ERRORS_WEIGHED = 100  # schema errors looked at to pick the one to report

# C0, DEL, C1, the bidi marks, embeddings, overrides and isolates, and lone surrogates
# (JSON's "\ud800" decodes to one; no terminal can show it)
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_LONG_NUMBER = re.compile(rb"\d{4000,}")
# the structure of the text, strings left out: a string, or a bracket outside strings
_STRING = re.compile(rb'"[^"]*"')  # once escaped quotes are gone, a string is quote to quote
_LEADING = re.compile(rb"(?:\xef\xbb\xbf)?[ \t\r\n]*")  # a byte-order mark, white space
_TOKEN = re.compile(rb'"(?:[^"\\]++|\\.)*+"|[\[\]{}]', re.DOTALL)
_NOT_STRUCTURE = bytes(b for b in range(256) if b not in b"[]{},")
# a bracket as a step of depth, plus one: an opening one 2, a closing one 0
_STEPS = bytes.maketrans(b"[{]}", b"\x02\x02\x00\x00")
_SCAN_PIECE = 1 << 18  # bytes scanned at a time


class TranscriptError(Exception):
    """A transcript refused before replay; ``where`` is the JSON path or ``line:col``."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.message = message



def echo(value: object) -> str:
    """A value from the transcript as JSON, cut short and made safe to print."""
    try:
        text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError):  # a NaN sentinel
        text = str(value)
    if len(text) > _ECHO:
        text = text[:_ECHO] + "…"
    return terminal_safe(text)


def json_path(parts: Iterable[object]) -> str:
    """``["deals", 0, "seats", 2]`` → ``deals[0].seats[2]`` (``(the document)`` if empty)."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif _IDENTIFIER.match(str(part)):
            out += f".{part}" if out else str(part)
        else:
            out += f"[{echo(str(part))}]"
    return out or "(the document)"


# -- reading -----------------------------------------------------------------------------

def read_bytes(path: str) -> bytes:
    """The file's bytes: a regular file of at most MAX_BYTES, read with a bound."""
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise TranscriptError("", f"cannot read the transcript ({exc.strerror})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise TranscriptError("", f"cannot read the transcript: it is {kind}")
        if info.st_size > MAX_BYTES:
            raise TranscriptError("", _too_big())
        data = _read_at_most(fd, MAX_BYTES + 1)  # the file may have grown since fstat
    except OSError as exc:
        raise TranscriptError("", f"cannot read the transcript ({exc.strerror})") from None
    finally:
        os.close(fd)
    if len(data) > MAX_BYTES:
        raise TranscriptError("", _too_big())
    return data


def _read_at_most(fd: int, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while size < limit:
        chunk = os.read(fd, min(1 << 20, limit - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _too_big() -> str:
    return (f"the transcript is larger than {MAX_BYTES // (1024 * 1024)} MB, "
            "the most replay reads")


class _NonFinite:
    """``NaN`` or ``Infinity`` in the text: kept as a value so the schema names its path."""

    def __init__(self, word: str) -> None:
        self.word = word

    def __str__(self) -> str:
        return self.word


def parse(data: bytes) -> Any:
    """The JSON document in ``data``; a :class:`TranscriptError` located by line:col if none."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise TranscriptError(_line_col(data, exc.start),
                              "not UTF-8 text (a transcript is UTF-8 JSON)") from None
    scan(data)
    try:
        return json.loads(text, parse_constant=_NonFinite)
    except json.JSONDecodeError as exc:
        raise TranscriptError(f"{exc.lineno}:{exc.colno}",
                              f"not valid JSON: {_json_problem(exc.msg)}") from None
    except RecursionError:
        raise TranscriptError("", f"not a transcript: lists or objects nested deeper than "
                              f"{MAX_DEPTH} levels") from None
    except ValueError:  # an integer too long for int(): Python refuses over 4300 digits
        found = _LONG_NUMBER.search(data)
        where = _line_col(data, found.start()) if found else ""
        raise TranscriptError(where, "a number with thousands of digits; "
                              "no field of a transcript needs one") from None


# the json module's messages, in the words of this tool
_JSON_PROBLEMS = {
    "Expecting value": "a value (object, list, string, number, true, false, null) is missing",
    "Expecting ',' delimiter": "a comma is missing",
    "Expecting ':' delimiter": "a colon is missing after a key",
    "Expecting property name enclosed in double quotes": "a key in double quotes is missing",
    "Unterminated string starting at": "a string is not closed",
    "Invalid control character at": "a string holds a raw control character",
    "Invalid \\escape": "a string holds an unknown backslash escape",
    "Invalid \\uXXXX escape": "a string holds a broken \\u escape",
    "Extra data": "more text follows the document",
}


def _json_problem(message: str) -> str:
    return _JSON_PROBLEMS.get(message, "the text is not JSON here")


def _line_col(data: bytes, offset: int) -> str:
    line = data.count(b"\n", 0, offset) + 1
    column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return f"{line}:{column}"


def scan(data: bytes) -> None:
    """Refuse, before the JSON parser builds anything, a text that is not a JSON object or
    would build too deep or too many lists, objects and values.

    Runs in a few copies of the text, whatever its shape: the strings are cut out (after
    the escaped backslashes and quotes), the brackets and commas kept, and the depth is
    a running sum over them, in C.  Only a refused text is read again, token by token, to
    say where it goes too deep.
    """
    start = _LEADING.match(data).end()  # type: ignore[union-attr]  # it matches "" at worst
    if start == len(data):
        return  # nothing at all: the JSON parser says so, with its line and column
    if data[start:start + 1] != b"{":
        raise TranscriptError("", "not a Nain Jaune transcript: expected a JSON object")
    containers = values = depth = deepest = 0
    for piece in _outside_strings(data.replace(b"\\\\", b"").replace(b'\\"', b"")):
        structure = piece.translate(None, _NOT_STRUCTURE)
        brackets = structure.translate(_STEPS, b",")
        opened = brackets.count(2)
        containers += opened
        values += len(structure) - len(brackets) + opened  # commas, and first items
        if brackets:
            deepest = max(deepest, max(accumulate(map(sub, brackets, repeat(1)), initial=depth)))
            depth += 2 * opened - len(brackets)
        if containers > MAX_CONTAINERS or values > MAX_VALUES:
            raise TranscriptError("", f"not a transcript: more than {MAX_CONTAINERS:,} lists "
                                  f"and objects or {MAX_VALUES:,} values, more than the "
                                  "longest game holds")
    if deepest > MAX_DEPTH:
        raise TranscriptError(_too_deep_at(data), f"not a transcript: lists or objects "
                              f"nested deeper than {MAX_DEPTH} levels")


def _outside_strings(text: bytes) -> Iterator[bytes]:
    """The text outside JSON strings, piece by piece (``text`` has no escaped backslash
    or quote left): ``re.sub`` over the whole text would keep every piece at once."""
    inside = False
    for start in range(0, len(text), _SCAN_PIECE):
        piece = text[start:start + _SCAN_PIECE]
        if inside:  # a string goes on from the piece before
            end = piece.find(b'"')
            if end < 0:
                continue
            piece, inside = piece[end + 1:], False
        if piece.count(b'"') % 2:  # a string goes on into the next piece
            piece, inside = piece[:piece.rfind(b'"')], True
        yield _STRING.sub(b"", piece)


def _too_deep_at(data: bytes) -> str:
    """``line:col`` of the first bracket nested deeper than MAX_DEPTH."""
    depth = 0
    for token in _TOKEN.finditer(data):
        first = token.group()[:1]
        if first == b'"':
            continue
        depth += 1 if first in b"[{" else -1
        if depth > MAX_DEPTH:
            return _line_col(data, token.start())
    return ""


def check_depth(doc: Any) -> None:
    """Refuse nesting deeper than MAX_DEPTH, for a document not read by :func:`parse`.

    Walks with one iterator per level (never one entry per value: a wide list costs
    nothing more), so memory is bounded by the depth.
    """
    def children(value: Any) -> Iterable[tuple[object, Any]]:
        return value.items() if isinstance(value, dict) else enumerate(value)

    if not isinstance(doc, (dict, list)):
        return
    path: list[object] = []
    stack = [iter(children(doc))]
    while stack:
        for key, value in stack[-1]:
            if isinstance(value, (dict, list)):
                if len(stack) >= MAX_DEPTH:
                    raise TranscriptError(json_path([*path, key]),
                                          f"nested deeper than {MAX_DEPTH} levels")
                path.append(key)
                stack.append(iter(children(value)))
                break
        else:
            stack.pop()
            if path:
                path.pop()


# -- the schema --------------------------------------------------------------------------

def validate(doc: Any) -> None:
    """Check ``doc`` against the transcript schema; the first error names its field."""
    from jsonschema.exceptions import best_match

    from nainjaune_rules.schemas import validator

    if not isinstance(doc, dict):
        raise TranscriptError("", f"not a Nain Jaune transcript: expected a JSON object, "
                              f"found {_found(doc)}")
    if "format" in doc and doc["format"] not in FORMATS:
        raise TranscriptError("format", f"unknown transcript format {echo(doc['format'])}; "
                              f"this version reads {' and '.join(FORMATS)}")
    check_depth(doc)
    # the best of the first errors: a list of a million wrong items has a million errors
    error = best_match(islice(validator("transcript").iter_errors(doc), _ERRORS_WEIGHED))
    if error is not None:
        raise TranscriptError(json_path(error.absolute_path), _worded(error))


_TYPES = {dict: "an object", list: "a list", str: "a string", bool: "true or false",
          int: "an integer", float: "a decimal number", type(None): "null"}
_WANTED = {"object": "an object", "array": "a list", "string": "a string",
           "boolean": "true or false", "integer": "an integer", "null": "null"}


def _found(value: object) -> str:
    if isinstance(value, _NonFinite):
        return f"{value.word}, which JSON does not allow"
    return _TYPES.get(type(value), "something else")


def _worded(error: Any) -> str:
    """A jsonschema error in the words of the transcript (never Python's repr)."""
    keyword, value, expected = error.validator, error.instance, error.validator_value
    what = error.schema.get("description") if isinstance(error.schema, dict) else None
    if keyword == "type":
        wanted = [expected] if isinstance(expected, str) else list(expected)
        return (f"expected {' or '.join(_WANTED.get(w, w) for w in wanted)}, "
                f"found {_found(value)}")
    if keyword == "required":
        missing = next((k for k in expected if k not in value), "?")
        return f"the field {echo(missing)} is missing"
    if keyword in ("additionalProperties", "unevaluatedProperties"):
        extra = sorted(set(value) - set(error.schema.get("properties", {})))
        return f"unexpected field {echo(extra[0] if extra else '?')}"
    if keyword == "minItems":
        return "must not be empty" if expected == 1 else f"must have at least {expected} items"
    if keyword in ("maxItems", "maxProperties"):
        return f"has more than {expected} items"
    if keyword in ("minimum", "maximum"):
        side = "at least" if keyword == "minimum" else "at most"
        return f"must be {side} {expected}, found {echo(value)}"
    if keyword == "maxLength":
        return f"is longer than {expected} characters"
    if keyword == "minLength":
        return "must not be empty"
    if keyword == "not" and what:
        return f"not allowed: {what}"
    if keyword in ("const", "enum", "pattern", "anyOf", "propertyNames") and what:
        return f"{echo(value)} is not {what}"
    if keyword in ("const", "enum"):
        allowed = [expected] if keyword == "const" else expected
        return f"{echo(value)} is not one of {', '.join(echo(a) for a in allowed)}"
    return f"{echo(value)} is not allowed here ({keyword})"


# -- the ruleset a transcript names ------------------------------------------------------

def builtin_name(ruleset_id: str) -> str | None:
    """The built-in ruleset a transcript's id names, or None: never a path.

    Accepts a built-in name as ``nainjaune list`` prints it (``house/1902-per-card``)
    or the id a built-in file declares on its ``ruleset`` line, which is what
    transcripts record (``house-1902-per-card``).
    """
    names = builtin_rulesets()
    if ruleset_id in names:
        return ruleset_id
    declared = [name for name in names if _declared_id(name) == ruleset_id]
    return declared[0] if len(declared) == 1 else None


def builtin_path(name: str) -> str:
    """The file of a built-in ruleset named by :func:`builtin_name`."""
    return str(rules_dir() / (name + RULESET_SUFFIX))


def _declared_id(name: str) -> str | None:
    try:
        text = (rules_dir() / (name + RULESET_SUFFIX)).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):  # the rules folder scan reports such files itself
        return None
    found = re.search(r"^ruleset[ \t]+(\S+)", text, re.MULTILINE)
    return found.group(1) if found else None
