"""Clauses by key, and choosing table options.

A ruleset is, underneath, a set of clauses each filling one *slot*: a field
of :class:`~nainjaune_rules.model.rules.Ruleset` (``players``, ``opera``…),
or one entry of the keyed collections (an announcement per group of cards, an
effect per event and action).  ``extends`` and option choices both work by
laying clauses over others slot by slot; this module is that one mechanism.
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Iterable, Iterator, Mapping

from nainjaune_rules.core.bilingual import NNBSP, NO_WORDS, Words, q
from nainjaune_rules.model import rules as r

Slot = tuple[object, ...]

MULTI_FIELDS = ("announcements", "calls", "effects", "options", "pools")


@functools.lru_cache(maxsize=1)
def field_of_type() -> dict[type, str]:
    """Which Ruleset field holds each clause type (single-valued clauses)."""
    hints = typing.get_type_hints(r.Ruleset)
    fields: dict[type, str] = {}
    for f in dataclasses.fields(r.Ruleset):
        for arg in typing.get_args(hints[f.name]) or (hints[f.name],):
            if isinstance(arg, type) and issubclass(arg, r.Clause) and f.name not in MULTI_FIELDS:
                fields[arg] = f.name
    return fields


def slot_of(clause: r.Clause) -> Slot:
    """The slot a clause fills; two clauses with one slot say the same thing twice."""
    if isinstance(clause, r.Announcement):
        return ("announcements", clause.cards)
    if isinstance(clause, r.Call):
        return ("calls", clause.moment)
    if isinstance(clause, r.Effect):
        return ("effects", *clause.key)
    if isinstance(clause, r.TableOption):
        return ("options", clause.name)
    if isinstance(clause, r.Pool):  # issue #22, item 3: a pool by its name
        return ("pools", clause.name)
    return (field_of_type()[type(clause)],)


def clauses_of(ruleset: r.Ruleset) -> dict[Slot, r.Clause]:
    """Every clause of ``ruleset`` by slot, in field order."""
    found: dict[Slot, r.Clause] = {}
    for f in dataclasses.fields(r.Ruleset):
        value = getattr(ruleset, f.name)
        items = value if f.name in MULTI_FIELDS else (value,)
        for clause in items:
            if isinstance(clause, r.Clause):
                found[slot_of(clause)] = clause
    return found


def lay_over(base: Mapping[Slot, r.Clause], clauses: Iterable[r.Clause]
             ) -> tuple[dict[Slot, r.Clause], list[r.Clause]]:
    """Put ``clauses`` over ``base``; return the result and the clauses they displaced."""
    result = dict(base)
    displaced: list[r.Clause] = []
    _lay_in_place(result, clauses, displaced)
    return result, displaced


def _lay_in_place(result: dict[Slot, r.Clause], clauses: Iterable[r.Clause],
                  displaced: list[r.Clause]) -> None:
    for clause in clauses:
        slot = slot_of(clause)
        if slot in result:
            displaced.append(result[slot])
        result[slot] = clause


@dataclasses.dataclass(frozen=True)
class Identity:
    """The ruleset's metadata, which no clause carries."""

    id: str
    title: str
    period: str
    evidence: r.Evidence
    sources: tuple[r.Source, ...]
    parent: str | None
    file: str = ""


REQUIRED = tuple(
    f.name
    for f in dataclasses.fields(r.Ruleset)
    if f.default is dataclasses.MISSING and f.name in set(field_of_type().values())
)


def missing_slots(clauses: Mapping[Slot, r.Clause]) -> list[str]:
    """Required fields that no clause fills."""
    return [name for name in REQUIRED if (name,) not in clauses]


def assemble(identity: Identity, clauses: Mapping[Slot, r.Clause],
             chosen: Mapping[str, str], overridden: Iterable[r.Clause] = ()) -> r.Ruleset:
    """Build a Ruleset from clauses by slot (every required slot must be filled)."""
    single: dict[str, r.Clause] = {}
    multi: dict[str, list[r.Clause]] = {name: [] for name in MULTI_FIELDS}
    for slot, clause in clauses.items():
        name = str(slot[0])
        if name in MULTI_FIELDS:
            multi[name].append(clause)
        else:
            single[name] = clause
    return r.Ruleset(
        id=identity.id,
        title=identity.title,
        period=identity.period,
        evidence=identity.evidence,
        sources=identity.sources,
        parent=identity.parent,
        announcements=tuple(multi["announcements"]),  # type: ignore[arg-type]
        calls=tuple(multi["calls"]),  # type: ignore[arg-type]
        effects=tuple(multi["effects"]),  # type: ignore[arg-type]
        options=tuple(multi["options"]),  # type: ignore[arg-type]
        pools=tuple(multi["pools"]),  # type: ignore[arg-type]
        chosen=tuple(sorted(chosen.items())),
        overridden=tuple(overridden),
        file=identity.file,
        **single,  # type: ignore[arg-type]
    )


def identity_of(ruleset: r.Ruleset) -> Identity:
    return Identity(ruleset.id, ruleset.title, ruleset.period, ruleset.evidence,
                    ruleset.sources, ruleset.parent, ruleset.file)


class OptionProblem(ValueError):
    """An option or choice that the ruleset does not offer."""

    def __init__(self, message: Words, hint: Words = NO_WORDS):
        super().__init__(message.en)
        self.message, self.hint = message.en, hint.en  # English, as before
        self.words, self.hint_words = message, hint  # both languages


def check_choices(options: Iterable[r.TableOption], wanted: Mapping[str, str]) -> dict[str, str]:
    """The choice in force for every option: the defaults, with ``wanted`` laid over.

    Raises :class:`OptionProblem` for an option or a choice that does not exist.
    """
    from nainjaune_rules.core.diagnostics import suggest

    by_name = {o.name: o for o in options}
    chosen = {o.name: o.default for o in by_name.values()}
    for name, choice in wanted.items():
        option = by_name.get(name)
        if option is None:
            offered = ", ".join(sorted(by_name))
            raise OptionProblem(
                Words(f"this ruleset has no option {name!r}",
                      f"cette règle du jeu n’a pas d’option {q(name)}"),
                suggest(name, by_name) or Words(
                    f"its options: {offered or 'none'}",
                    f"ses options{NNBSP}: {', '.join(map(q, sorted(by_name))) or 'aucune'}"))
        if option.choice(choice) is None:
            names = ", ".join(c.name for c in option.choices)
            names_fr = ", ".join(q(c.name) for c in option.choices)
            raise OptionProblem(
                Words(f"the option {name!r} has no choice {choice!r}",
                      f"l’option {q(name)} n’a pas de choix {q(choice)}"),
                suggest(choice, [c.name for c in option.choices])
                or Words(f"choose one of: {names}", f"choisissez l’un de{NNBSP}: {names_fr}"),
            )
        chosen[name] = choice
    return chosen


def choose(identity: Identity, base: Mapping[Slot, r.Clause],
           wanted: Mapping[str, str]) -> r.Ruleset:
    """Lay the chosen choices of every option over the base clauses and assemble."""
    options = [c for c in base.values() if isinstance(c, r.TableOption)]
    chosen = check_choices(options, wanted)
    # One dict for every option (a copy per option made 2,000 options quadratic).
    clauses = dict(base)
    displaced: list[r.Clause] = []
    for option in options:
        choice = option.choice(chosen[option.name])
        assert choice is not None
        _lay_in_place(clauses, choice.clauses, displaced)
    return assemble(identity, clauses, chosen, displaced)


def single_changes(identity: Identity, base: Mapping[Slot, r.Clause],
                   wanted: Mapping[str, str]) -> Iterator[r.Ruleset]:
    """The ruleset as chosen, then as it is under each other single choice of an option.

    Each variant differs from the chosen ruleset only in the slots that the two
    choices (the one in force and the other) set, so it is made from the chosen
    ruleset by replacing those: the cost of a variant is that of its choices, not
    of the whole ruleset (compiling 2,000 options was cubic when each variant was
    chosen from scratch).  A variant is for checking: its ``overridden`` is the
    chosen ruleset's, and a clause a choice adds comes last in its field.
    """
    options = [c for c in base.values() if isinstance(c, r.TableOption)]
    chosen = check_choices(options, wanted)
    ruleset = choose(identity, base, chosen)
    yield ruleset
    picked = ruleset.chosen  # sorted by option name
    order = {name: at for at, (name, _) in enumerate(picked)}
    in_force = [option.choice(chosen[option.name]) for option in options]
    setters: dict[Slot, list[tuple[int, r.Clause]]] = {}
    for index, choice in enumerate(in_force):
        for clause in choice.clauses if choice else ():
            setters.setdefault(slot_of(clause), []).append((index, clause))
    for index, option in enumerate(options):
        current = in_force[index]
        for choice in option.choices:
            if choice is current:
                continue
            new = {slot_of(c): c for c in choice.clauses}
            touched = {slot_of(c) for c in (current.clauses if current else ())} | new.keys()
            values: dict[Slot, r.Clause | None] = {}
            for slot in touched:
                other = _last_other(setters.get(slot, []), index)
                if slot in new and (other is None or other[0] < index):
                    values[slot] = new[slot]
                else:
                    values[slot] = other[1] if other is not None else base.get(slot)
            at = order[option.name]
            picks = (*picked[:at], (option.name, choice.name), *picked[at + 1 :])
            yield _replace_slots(ruleset, values, picks)


def _last_other(laid: list[tuple[int, r.Clause]], index: int) -> tuple[int, r.Clause] | None:
    """The last of ``laid`` (in option order) not laid by option ``index``.

    An option sets a slot at most once, so it is the last or the one before.
    """
    if laid and laid[-1][0] != index:
        return laid[-1]
    return laid[-2] if len(laid) >= 2 else None


def _replace_slots(ruleset: r.Ruleset, values: Mapping[Slot, r.Clause | None],
                   chosen: tuple[tuple[str, str], ...]) -> r.Ruleset:
    """``ruleset`` with the clause of each slot in ``values`` replaced (None: taken out)."""
    changes: dict[str, object] = {"chosen": chosen}
    by_field: dict[str, dict[Slot, r.Clause | None]] = {}
    for slot, clause in values.items():
        name = str(slot[0])
        if name in MULTI_FIELDS:
            by_field.setdefault(name, {})[slot] = clause
        else:
            changes[name] = clause
    for name, replaced in by_field.items():
        kept: list[r.Clause] = []
        for clause in getattr(ruleset, name):
            slot = slot_of(clause)
            if slot not in replaced:
                kept.append(clause)
            elif (new := replaced.pop(slot)) is not None:
                kept.append(new)
        kept.extend(c for c in replaced.values() if c is not None)
        changes[name] = tuple(kept)
    return dataclasses.replace(ruleset, **changes)  # type: ignore[arg-type]


def base_clauses(ruleset: r.Ruleset) -> dict[Slot, r.Clause]:
    """The ruleset's clauses with no option chosen: the base that choices are laid over."""
    # Undo the choices in force, slot by slot and in place (the order of effects and
    # announcements is part of the rules): a slot that the choices set goes back to the
    # base clause they displaced, or goes away if the base had none.  ``choose`` laid
    # the choices in option order, so a slot set by n choices displaced n clauses when
    # the base had it (the first of them is the base clause) and n - 1 when it did not.
    steps: dict[Slot, int] = {}
    for option in ruleset.options:
        choice = option.choice(dict(ruleset.chosen).get(option.name, option.default))
        for clause in choice.clauses if choice else ():
            steps[slot_of(clause)] = steps.get(slot_of(clause), 0) + 1
    displaced: dict[Slot, list[r.Clause]] = {}
    for clause in ruleset.overridden:
        displaced.setdefault(slot_of(clause), []).append(clause)
    clauses: dict[Slot, r.Clause] = {}
    for slot, clause in clauses_of(ruleset).items():
        if slot not in steps:
            clauses[slot] = clause
        elif len(displaced.get(slot, ())) >= steps[slot]:
            clauses[slot] = displaced[slot][0]
    return clauses


def with_options(ruleset: r.Ruleset, wanted: Mapping[str, str]) -> r.Ruleset:
    """The same ruleset with other table options chosen (others keep their choice).

    Raises :class:`OptionProblem` for an unknown option or choice.
    """
    merged = dict(ruleset.chosen)
    merged.update(wanted)
    return choose(identity_of(ruleset), base_clauses(ruleset), merged)


def fold_options(ruleset: r.Ruleset, names: Iterable[str]) -> r.Ruleset:
    """The ruleset with the named options settled: their chosen clauses become plain
    clauses of the ruleset and the options themselves go.  The others stay options,
    each with the choice it had.  It plays exactly as ``ruleset`` does."""
    folded = set(names)
    chosen = dict(ruleset.chosen)
    base: dict[Slot, r.Clause] = {}
    settled: list[r.Clause] = []
    for slot, clause in base_clauses(ruleset).items():
        if isinstance(clause, r.TableOption) and clause.name in folded:
            choice = clause.choice(chosen.pop(clause.name, clause.default))
            settled += choice.clauses if choice else ()
            continue
        base[slot] = clause
    base, _ = lay_over(base, settled)
    return choose(identity_of(ruleset), base, chosen)
