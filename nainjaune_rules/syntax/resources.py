"""Where the grammar and the built-in rulesets live.

In a checkout they are the top-level ``grammar/`` and ``rules/`` folders; an
installed wheel carries copies inside the package (``nainjaune_rules/_data``).
Both layouts are looked up the same way, package copy first.
"""

from __future__ import annotations

import functools
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent
_CHECKOUT = _PACKAGE.parent

RULESET_SUFFIX = ".nj"


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
    return grammar_path().read_text(encoding="utf-8")


@functools.lru_cache(maxsize=1)
def rules_dir() -> Path:
    """The folder of built-in rulesets; ``include`` and ``extends`` are confined to it."""
    return _first_existing(_PACKAGE / "_data" / "rules", _CHECKOUT / "rules")


def builtin_rulesets() -> list[str]:
    """Names of the built-in rulesets (file stems, ``house/…`` for house rules), sorted.

    ``sources.nj`` and other files without a ``ruleset`` line are not rulesets.
    """
    root = rules_dir()
    names = []
    for path in sorted(root.rglob("*" + RULESET_SUFFIX)):
        text = path.read_text(encoding="utf-8")
        if any(line.startswith("ruleset ") for line in text.splitlines()):
            names.append(path.relative_to(root).with_suffix("").as_posix())
    return names
