"""Every rule clause written out in French: one function per clause type.

The French twin of :mod:`.prose`: :func:`describe_fr` turns the same rule
objects into French sentences, clause type by clause type, so the French pages
are generated from the rules themselves and never translated from the English
text.  It returns the same :class:`~.phrase.Phrase` (a full ``sentence`` and a
``short`` form for table cells), unescaped: escaping belongs to whoever writes
the text out.  The functions live with what their rules are about, as the
English ones do: :mod:`.prose_deal_fr`, :mod:`.prose_tokens_fr`,
:mod:`.prose_play_fr` and :mod:`.prose_end_fr`, with the words several of them
share in :mod:`.prose_parts_fr`.

What a ruleset file spells out itself (a box's name, a spoken word, a table
option's name and description, an inferred clause's reason) is data, written
in the ruleset's own language: it is quoted as it is, « comme ceci ».  The
words for each enum value live in :mod:`.vocabulary_fr`.
"""

from __future__ import annotations

from functools import singledispatch

from nainjaune_rules.model.rules import Clause

from . import prose_deal_fr, prose_end_fr, prose_play_fr, prose_tokens_fr
from .phrase import Phrase


@singledispatch
def describe_fr(clause: Clause) -> Phrase:
    """The clause in French.  Every clause type of rules.py has its own function, in the
    module of what its rule is about, registered just below."""
    raise TypeError(f"no French prose for {type(clause).__name__}")


# each function is registered for the clause type its parameter is annotated with
for _describer in (*prose_deal_fr.DESCRIBERS, *prose_tokens_fr.DESCRIBERS,
                   *prose_play_fr.DESCRIBERS, *prose_end_fr.DESCRIBERS):
    describe_fr.register(_describer)


def sentence(clause: Clause) -> str:
    return describe_fr(clause).sentence


def short(clause: Clause) -> str:
    return describe_fr(clause).short
