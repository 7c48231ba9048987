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

from nainjaune_rules.syntax.diagnostics import Diagnostic, RulesetError
from nainjaune_rules.syntax.resources import builtin_rulesets

if TYPE_CHECKING:
    from nainjaune_rules.model.rules import Ruleset

__all__ = ["Diagnostic", "RulesetError", "builtin_rulesets", "load_ruleset"]
__version__ = "0.1.0"


def load_ruleset(name_or_path: str, options: Mapping[str, str] | None = None) -> Ruleset:
    """Compile a built-in ruleset (by name) or a ruleset file (by path).

    ``options`` chooses table options (``{"payment": "cards"}``); the others keep
    their defaults.  Raises :class:`RulesetError` listing every problem found.
    """
    from nainjaune_rules.model.compile import compile_ruleset

    return compile_ruleset(name_or_path, options)
