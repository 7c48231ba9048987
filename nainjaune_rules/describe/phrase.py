"""A rule in words, whatever the language: the :class:`Phrase` a clause's words come in.

:func:`.prose.describe` and :func:`.prose_fr.describe_fr` return it, from the functions
of the modules that word each kind of rule (``prose_deal``, ``prose_play``, …, and their
French twins).  It has a module of its own so that those modules and the two entry
modules that gather them share it without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Phrase:
    """A rule in words: the full ``sentence`` and a ``short`` form for table cells."""

    sentence: str
    short: str
