"""The rules in words, English and French, from the rule objects.

Public API (pure functions: rule objects in, words out):

- :func:`describe` (in :mod:`.prose`, French in :mod:`.prose_fr`): any clause as a
  sentence and a short form, the one place where rules become words;
- :func:`compare` and :func:`changes` (in :mod:`.comparison`): rulesets side
  by side and the changes from one to another, on the rule objects;
- :mod:`.playbook` (a ruleset's rules in the order of play, the beginner's
  checklist), :mod:`.example` (a deal played by the engine, told turn by turn),
  :mod:`.glossary`, :mod:`.sources` (the bibliography and the cited paragraphs),
  :mod:`.terminal` (comparisons for the terminal), :mod:`.lexer` (the Pygments lexer).

The site's pages written from these words are in :mod:`nainjaune_rules.pages`.
"""

from __future__ import annotations

from .comparison import Change, ChangeKind, changes, compare
from .phrase import Phrase
from .prose import describe

__all__ = [
    "Change",
    "ChangeKind",
    "Phrase",
    "changes",
    "compare",
    "describe",
]
