"""Every rule clause written out in English: one function per clause type.

This module is the single place where a rule object becomes words.  The
ruleset pages, the comparison (on the site and in the terminal) and
``nainjaune diff`` all call :func:`describe`, so a rule reads the same wherever
it is shown and a new clause type cannot be documented in one place and
forgotten in another.  The functions live with what their rules are about:
:mod:`.prose_deal` (the table and the deal), :mod:`.prose_tokens` (the tokens),
:mod:`.prose_play` (the play) and :mod:`.prose_end` (the end of a deal and of
the game); :func:`describe` dispatches to them.

Each function returns a :class:`~.phrase.Phrase`: ``sentence`` is the full
English sentence a player reads on a ruleset page, ``short`` the few words that
fit a cell of the comparison table.  Neither is ever escaped here: escaping
belongs to whoever writes the text out (HTML, Markdown or the terminal).  The
words for each enum value live in :mod:`.vocabulary_en`.
"""

from __future__ import annotations

from functools import singledispatch

from nainjaune_rules.model.rules import Clause

from . import prose_deal, prose_end, prose_play, prose_tokens
from .phrase import Phrase


@singledispatch
def describe(clause: Clause) -> Phrase:
    """The clause in words.  Every clause type of rules.py has its own function, in the
    module of what its rule is about, registered just below."""
    raise TypeError(f"no prose for {type(clause).__name__}")


# each function is registered for the clause type its parameter is annotated with
for _describer in (*prose_deal.DESCRIBERS, *prose_tokens.DESCRIBERS,
                   *prose_play.DESCRIBERS, *prose_end.DESCRIBERS):
    describe.register(_describer)


def sentence(clause: Clause) -> str:
    return describe(clause).sentence


def short(clause: Clause) -> str:
    return describe(clause).short
