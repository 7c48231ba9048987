"""Where the grammar and the built-in rulesets live.

In a checkout they are the top-level ``grammar/`` and ``rules/`` folders; an
installed wheel carries copies inside the package (``nainjaune_rules/_data``).
Both layouts are looked up the same way, package copy first.
"""

from __future__ import annotations

import functools
import stat
from dataclasses import dataclass
from pathlib import Path

from nainjaune_rules.core.actions import action_rule
from nainjaune_rules.core.kinds import end_condition_rule

_PACKAGE = Path(__file__).resolve().parent.parent
_CHECKOUT = _PACKAGE.parent

RULESET_SUFFIX = ".nj"
#: where the grammar file takes the rules written from the registries (core.actions,
#: core.kinds.END_PHRASES), so that a new kind is declared in one place
_SPLICED = {"//@action-rule": action_rule, "//@end-condition-rule": end_condition_rule}


def _first_existing(*candidates: Path) -> Path:
    for candidate in candidates:
        if candidate.exists():
            return candidate
    raise FileNotFoundError(
        "the nainjaune_rules data files are missing: " + ", ".join(map(str, candidates))
    )


@functools.lru_cache(maxsize=1)
def grammar_path() -> Path:
    return _first_existing(
        _PACKAGE / "_data" / "grammar" / "nainjaune.lark",
        _CHECKOUT / "grammar" / "nainjaune.lark",
    )


@functools.lru_cache(maxsize=1)
def grammar_text() -> str:
    """The grammar: ``grammar/nainjaune.lark`` with its ``action`` and ``end_condition``
    rules written in from the registries (:func:`nainjaune_rules.core.actions.action_rule`,
    :func:`nainjaune_rules.core.kinds.end_condition_rule`), so that a new action kind or
    end condition is declared in one place."""
    text = grammar_path().read_text(encoding="utf-8")
    for marker, rule in _SPLICED.items():
        if marker not in text:
            raise RuntimeError(f"{grammar_path()}: the marker {marker!r} is missing")
        text = text.replace(marker, rule(), 1)
    return text


@functools.lru_cache(maxsize=1)
def rules_dir() -> Path:
    """The folder of built-in rulesets; ``include`` and ``extends`` are confined to it."""
    return _first_existing(_PACKAGE / "_data" / "rules", _CHECKOUT / "rules")


@dataclass(frozen=True)
class Unreadable:
    """An entry of the rules folder that cannot be read as a ruleset file."""

    name: str  # as a built-in name would be: ``house/x`` for ``rules/house/x.nj``
    reason: str


@dataclass(frozen=True)
class RulesFolder:
    names: list[str]  # the built-in rulesets
    unreadable: list[Unreadable]


# The ``ruleset`` line is looked for in this much of a file: a ruleset is far smaller.
_SCAN_BYTES = 1_000_000


def scan_rules_folder() -> RulesFolder:
    """The built-in rulesets, and the ``*.nj`` entries of the rules folder that cannot be read.

    One bad entry (a folder named ``x.nj``, a dangling link, a pipe, an
    unreadable file) is set aside with its reason instead of breaking every
    command.  A file that is not UTF-8 but has a ``ruleset`` line is a
    ruleset: compiling it reports the bad byte as that file's diagnostic.
    """
    root = rules_dir()
    names: list[str] = []
    unreadable: list[Unreadable] = []
    for path in sorted(root.rglob("*" + RULESET_SUFFIX)):
        name = path.relative_to(root).with_suffix("").as_posix()
        try:
            head = _head(path)
        except OSError as exc:
            unreadable.append(Unreadable(name, _why(path, exc)))
            continue
        if head is None:
            unreadable.append(Unreadable(name, "it is a folder or a device, not a file"))
        elif any(line.startswith("ruleset ") for line in head.splitlines()):
            names.append(name)
    return RulesFolder(names, unreadable)


def builtin_rulesets() -> list[str]:
    """Names of the built-in rulesets (file stems, ``house/…`` for house rules), sorted.

    ``sources.nj`` and other files without a ``ruleset`` line are not rulesets.
    """
    return scan_rules_folder().names


def _head(path: Path) -> str | None:
    """The start of a regular file as text (bad bytes replaced); None for anything else.

    ``stat`` first: opening a pipe would wait for a writer.
    """
    if not stat.S_ISREG(path.stat().st_mode):
        return None
    with path.open("rb") as stream:
        return stream.read(_SCAN_BYTES).decode("utf-8", errors="replace")


def _why(path: Path, exc: OSError) -> str:
    if isinstance(exc, FileNotFoundError) and path.is_symlink():
        return "it is a link to a file that does not exist"
    return f"cannot read it: {exc.strerror or exc}"
