"""The canonical form is stable: a field added with its default changes no ruleset's hash.

The canonical form leaves every field at its default out (``model/canonical.py``), so
adding an optional field to a rule class (the next rule kinds will) keeps the
sha256 of every existing ruleset, and with it every transcript ever written.  The
test adds such a field for real: each rule object of a built-in ruleset is rebuilt
as an instance of a subclass of its class (same name, so the same ``clause`` key)
that has one more field, at its default.  The form that wrote every field (before
December 2026) fails it: ``added_later: 0`` lands in the JSON.

The first form's digest (``ruleset_digests(rs)[1]``, what old transcripts hold)
must not move either: :data:`~nainjaune_rules.model.canonical_v1.V1_FIELDS` is
frozen, and the new field is not in it.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

import pytest

from nainjaune_rules import builtin_rulesets, load_ruleset
from nainjaune_rules.core import spans
from nainjaune_rules.core.cards import Card
from nainjaune_rules.model import canonical
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.canonical_v1 import V1_FIELDS

NAMES = builtin_rulesets()
EXTRA = "added_later"
#: a default of each kind a rule field has: number, absent, empty tuple, flag, text
DEFAULTS: list[Any] = [0, None, (), False, ""]


@functools.cache
def _extended(cls: type, default: Any) -> type:
    """``cls`` with one more field, ``added_later``, at ``default`` (same class name)."""
    extra = dataclasses.field(default=default, kw_only=True)
    made: type = dataclasses.make_dataclass(cls.__name__, [(EXTRA, type(default), extra)],
                                           bases=(cls,), frozen=True)
    return made


def with_added_field(value: Any, default: Any, non_default: Any = None) -> Any:
    """The same rule objects, each of its class extended by a field at ``default``
    (or at ``non_default`` when one is given, to see that the field is there)."""
    if isinstance(value, (Card, type)) or not dataclasses.is_dataclass(value):
        if isinstance(value, tuple):
            return tuple(with_added_field(v, default, non_default) for v in value)
        return value
    cls = _extended(type(value), default)
    kept = {f.name: with_added_field(getattr(value, f.name), default, non_default)
            for f in dataclasses.fields(value) if f.init}
    if non_default is not None:
        kept[EXTRA] = non_default
    return cls(**kept)


@pytest.mark.parametrize("default", DEFAULTS, ids=repr)
@pytest.mark.parametrize("name", NAMES)
def test_a_field_added_with_its_default_changes_no_hash(name: str, default: Any) -> None:
    ruleset = load_ruleset(name)
    grown = with_added_field(ruleset, default)
    # the field is really there, on the ruleset and on its clauses (and equal to its default)
    assert EXTRA in {f.name for f in dataclasses.fields(grown.board)}
    assert getattr(grown.game_end.conditions[0], EXTRA) == default
    assert canonical.ruleset_digests(grown) == canonical.ruleset_digests(ruleset)
    assert canonical.to_data(grown) == canonical.to_data(ruleset)


@pytest.mark.parametrize("name", NAMES)
def test_the_added_field_counts_once_it_is_not_at_its_default(name: str) -> None:
    """Not vacuous: the same extended objects with the field set change both digests."""
    ruleset = load_ruleset(name)
    now, first = canonical.ruleset_digests(ruleset)
    grown = with_added_field(ruleset, 0, non_default=7)
    grown_now, grown_first = canonical.ruleset_digests(grown)
    assert grown_now != now and grown_first != first
    assert canonical.to_data(grown)["board"][EXTRA] == 7


def test_a_default_is_left_out_and_a_required_field_is_kept() -> None:
    origin = spans.Origin(spans.OriginKind.INFERRED, reason="the sheet is silent")
    assert canonical.to_data(origin) == {"kind": "inferred", "reason": "the sheet is silent"}
    row = r.DealRow(4, 12)
    assert canonical.to_data(row) == {"players": 4, "cards_each": 12}  # talon None: left out
    assert canonical.to_data(r.DealRow(4, 12, talon=0)) == {"players": 4, "cards_each": 12,
                                                            "talon": 0}
    assert canonical.from_data({"players": 4, "cards_each": 12}, r.DealRow) == row


def test_the_first_form_wrote_defaults_and_today_leaves_them_out() -> None:
    ruleset = load_ruleset("fr-sheet")
    now, first = canonical.ruleset_digests(ruleset)
    assert now == canonical.ruleset_hash(ruleset) and now != first
    assert "reason" not in canonical.to_data(ruleset)["players"]["origin"]  # "" by default


def test_the_first_forms_fields_still_are_fields() -> None:
    """V1_FIELDS is a record of the past; a field renamed since would break old hashes."""
    classes = {c.__name__: c for c in vars(r).values()
               if isinstance(c, type) and dataclasses.is_dataclass(c)}
    classes |= {"Origin": spans.Origin, "Citation": spans.Citation}
    for name, fields in V1_FIELDS.items():
        assert set(fields) <= {f.name for f in dataclasses.fields(classes[name])}, name
