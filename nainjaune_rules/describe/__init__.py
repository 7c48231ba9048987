"""The documentation site, rendered from the rule objects.

Public API (pure functions: rule objects in, Markdown text out):

- :func:`render_ruleset_page`, :func:`render_comparison_page`,
  :func:`render_changes_page`, :func:`render_sources_page`,
  :func:`render_rulesets_index`, :func:`render_changes_index`;
- :func:`generated_pages` for the whole set, from a :class:`Shelf`;
- :func:`describe` (in :mod:`.prose`): any clause as an English sentence and
  a short form, the one place where rules become words;
- :func:`compare` and :func:`changes` (in :mod:`.comparison`): rulesets side
  by side and the changes from one to another, on the rule objects;
- :mod:`.playbook` (a ruleset's rules in the order of play, the beginner's
  checklist), :mod:`.example` (a deal played by the engine, told turn by turn),
  :mod:`.glossary`, :mod:`.sources` (the bibliography and the cited paragraphs);
  the glossary page and the printable rule cards (``cards/<name>.html``).
"""

from __future__ import annotations

import importlib
from typing import Any

from .comparison import Change, ChangeKind, changes, compare
from .prose import Phrase, describe

# The pages need jinja2 and markupsafe; the words and the comparison do not.  The
# playground runs the latter in the browser, where only pure-Python wheels are
# unpacked, so the page renderers are imported on first use.
_LAZY = {
    **dict.fromkeys(("render_changes_index", "render_changes_page", "render_comparison_page",
                     "render_ruleset_page", "render_rulesets_index", "render_sources_page",
                     "ruleset_page"), ".render"),
    **dict.fromkeys(("Shelf", "generated_pages", "navigation", "variant_links"), ".site"),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "Change",
    "ChangeKind",
    "Phrase",
    "Shelf",
    "changes",
    "compare",
    "describe",
    "generated_pages",
    "navigation",
    "render_changes_index",
    "render_changes_page",
    "render_comparison_page",
    "render_ruleset_page",
    "render_rulesets_index",
    "render_sources_page",
    "ruleset_page",
    "variant_links",
]
