"""nainjaune-rules: the rules of Nain Jaune, variant by variant, as data.

Rulesets are written in a small declarative language (see ``grammar/`` and
``rules/``), compiled into immutable rule objects
(:mod:`nainjaune_rules.model.rules`) that drive the reference engine, the
documentation site and the statistics alike::

    >>> import nainjaune_rules
    >>> rs = nainjaune_rules.load_ruleset("fr-sheet", {"payment": "cards"})
    >>> rs.deal_table.row(4).cards_each
    12
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from nainjaune_rules.core.diagnostics import Diagnostic, RulesetError
from nainjaune_rules.syntax.resources import builtin_rulesets

if TYPE_CHECKING:
    from nainjaune_rules.model.rules import Ruleset

__all__ = ["Diagnostic", "RulesetError", "builtin_rulesets", "load_ruleset"]

# Shown when the package runs from a checkout that was never installed: no metadata.
UNKNOWN_VERSION = "0+unknown"


def _package_version() -> str:
    """The version of the installed distribution: pyproject.toml is its one source."""
    from importlib import metadata

    try:
        return metadata.version("nainjaune-rules")
    except metadata.PackageNotFoundError:
        return UNKNOWN_VERSION


def __getattr__(name: str) -> str:
    """``__version__``, read from the distribution's metadata when first asked for: reading
    it (``importlib.metadata``) is a sixth of what a worker process spends importing the
    engine (30 ms), and a worker never asks."""
    if name == "__version__":
        version = globals()["__version__"] = _package_version()
        return version
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def load_ruleset(name_or_path: str, options: Mapping[str, str] | None = None) -> Ruleset:
    """Compile a built-in ruleset (by name) or a ruleset file (by path).

    ``options`` chooses table options (``{"payment": "cards"}``); the others keep
    their defaults.  Raises :class:`RulesetError` listing every problem found.
    """
    from nainjaune_rules.model.compiler import compile_ruleset

    return compile_ruleset(name_or_path, options)
