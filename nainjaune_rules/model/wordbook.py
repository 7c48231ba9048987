"""One enumeration's words: :class:`Words`, what is said about one value, and the table
that holds every value's (:func:`enum_table`).

The tables themselves are in :mod:`nainjaune_rules.model.deal_words`,
:mod:`nainjaune_rules.model.play_words` and :mod:`nainjaune_rules.model.end_words` (the
enumerations of ``core/kinds.py``) and :mod:`nainjaune_rules.model.action_words` (the
action kinds), gathered in :mod:`nainjaune_rules.model.words`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType


@dataclass(frozen=True)
class Words:
    """What is said about one enum value, wherever it is said."""

    alias: str
    language: str
    prose: str = ""
    short: str = ""
    prose_fr: str = ""
    short_fr: str = ""
    label: str = ""
    label_fr: str = ""
    forms: Mapping[str, str] = field(default_factory=dict)


#: one enumeration's table.  Tables are keyed per enumeration because two values of
#: different enumerations may compare equal (both are the string "last player leads").
EnumWords = Mapping[Enum, Words]


def enum_table(kind: type[Enum], table: dict[Enum, Words]) -> EnumWords:
    missing = set(kind) - set(table)
    if missing:  # every value has its words: the module does not import otherwise
        raise ValueError(f"{kind.__name__}: no words for {sorted(m.name for m in missing)}")
    return MappingProxyType(table)
