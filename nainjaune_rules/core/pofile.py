"""A reader of gettext message catalogues (``.po`` files), in pure Python.

The rulesets' translations (``rules/locale/LANG/LC_MESSAGES/DOMAIN.po``) are written by
Babel (``pybabel extract/update``, see ``notes/translations.md``) and by translators'
tools (Poedit, a translation platform).  The package reads them at run time with this
small reader rather than with Babel, so that neither the installed package nor the
Pyodide playground needs Babel, a compiled ``.mo`` or a network: it reads the subset of
the format those tools write (``msgctxt``, ``msgid``, ``msgstr``, continuation lines,
flags, comments, obsolete ``#~`` entries), and refuses anything else with the line at
fault.  Plural forms are not read: a ruleset's text has none.

An entry marked ``fuzzy`` (a guess made by ``pybabel update`` when the English changed)
or with an empty ``msgstr`` is not a translation: :meth:`Catalogue.get` does not give it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_KEYWORD = re.compile(r'^(msgctxt|msgid|msgstr)\s+(".*")\s*$')
_CONTINUATION = re.compile(r'^(".*")\s*$')
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b",
            "f": "\f", "v": "\v"}
_ESCAPE = re.compile(r'\\(.)')


class PoError(ValueError):
    """A line of a catalogue that is not in the format: ``line`` is 1-based."""

    def __init__(self, line: int, reason: str):
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


@dataclass(frozen=True)
class Entry:
    context: str | None
    msgid: str
    msgstr: str
    fuzzy: bool = False
    line: int = 0  # where its msgid is

    @property
    def translated(self) -> bool:
        return bool(self.msgstr) and not self.fuzzy


@dataclass(frozen=True)
class Catalogue:
    """The entries of one ``.po`` file; the header entry (msgid "") left out."""

    entries: tuple[Entry, ...] = ()
    _index: dict[tuple[str | None, str], str] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        for e in self.entries:
            if e.translated:
                self._index[(e.context, e.msgid)] = e.msgstr

    def get(self, context: str | None, msgid: str) -> str | None:
        """The translation of ``msgid`` in ``context``; None when there is none (absent,
        empty or fuzzy)."""
        return self._index.get((context, msgid))


def _unquote(literal: str, line: int) -> str:
    body = literal[1:-1]
    if body.endswith("\\") and not body.endswith("\\\\"):
        raise PoError(line, "a string ends with a lone backslash")

    def escape(m: re.Match[str]) -> str:
        if m.group(1) not in _ESCAPES:
            raise PoError(line, f"unknown escape \\{m.group(1)}")
        return _ESCAPES[m.group(1)]

    return _ESCAPE.sub(escape, body)


class _Reader:
    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.fields: dict[str, str] = {}
        self.last = ""
        self.fuzzy = False
        self.line = 0  # where the entry's msgid is
        self.start = 0  # where the entry's first keyword is

    def flush(self) -> None:
        if "msgid" in self.fields:
            if "msgstr" not in self.fields:
                raise PoError(self.line, "an msgid without its msgstr")
            if self.fields["msgid"]:
                self.entries.append(Entry(self.fields.get("msgctxt"), self.fields["msgid"],
                                          self.fields["msgstr"], self.fuzzy, self.line))
        elif self.fields:
            raise PoError(self.start, f"{' and '.join(self.fields)} without an msgid")
        self.fields, self.last, self.fuzzy = {}, "", False

    def comment(self, text: str) -> None:
        if self.fields.get("msgstr") is not None:
            self.flush()
        if text.startswith("#,") and "fuzzy" in (f.strip() for f in text[2:].split(",")):
            self.fuzzy = True

    def keyword(self, number: int, key: str, literal: str) -> None:
        if key in ("msgctxt", "msgid") and "msgstr" in self.fields:
            self.flush()
        if key in self.fields:
            raise PoError(number, f"{key} given twice in one entry")
        if not self.fields:
            self.start = number
        if key == "msgid":
            self.line = number
        self.fields[key] = _unquote(literal, number)
        self.last = key


def read_po(text: str) -> Catalogue:
    """The catalogue written in ``text``; :class:`PoError` names the first bad line."""
    reader = _Reader()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            if "msgstr" in reader.fields:
                reader.flush()
            continue
        if line.startswith("#~"):  # an obsolete entry: kept by the tools, never used
            continue
        if line.startswith("#"):
            reader.comment(line)
            continue
        if m := _KEYWORD.match(line):
            reader.keyword(number, m.group(1), m.group(2))
        elif (m := _CONTINUATION.match(line)) and reader.last:
            reader.fields[reader.last] += _unquote(m.group(1), number)
        else:
            raise PoError(number, f"not a line of a .po file: {line[:60]!r}")
    reader.flush()
    return Catalogue(tuple(reader.entries))
