"""The documentation site, rendered from the rule objects.

Public API (pure functions: rule objects in, Markdown text out):

- :func:`render_ruleset_page`, :func:`render_comparison_page`,
  :func:`render_changes_page`, :func:`render_sources_page`,
  :func:`render_rulesets_index`, :func:`render_changes_index`;
- :func:`generated_pages` for the whole set, from a :class:`Shelf`;
- :func:`describe` (in :mod:`.prose`): any clause as an English sentence and
  a short form, the one place where rules become words;
- :func:`compare` and :func:`changes` (in :mod:`.comparison`): rulesets side
  by side and the changes from one to another, on the rule objects.
"""

from .comparison import Change, ChangeKind, changes, compare
from .prose import Phrase, describe
from .render import (
    render_changes_index,
    render_changes_page,
    render_comparison_page,
    render_ruleset_page,
    render_rulesets_index,
    render_sources_page,
    ruleset_page,
)
from .site import Shelf, generated_pages, navigation, variant_links

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
