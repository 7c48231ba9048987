"""Checking and comparing the ruleset being edited, as ``nainjaune check`` and ``diff`` do."""

from __future__ import annotations

import dataclasses
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nainjaune_rules.core.bilingual import NNBSP, lang_of
from nainjaune_rules.core.diagnostics import MOST_SHOWN, Diagnostic, RulesetError
from nainjaune_rules.model.compiler import check_file
from nainjaune_rules.model.rules import Ruleset
from nainjaune_rules.model.translation import translated
from nainjaune_rules.syntax.limits import MAX_PROBLEMS, STOPPED
from nainjaune_rules.syntax.resources import RULESET_SUFFIX, builtin_rulesets, rules_dir

from .refusals import Refusal, say

if TYPE_CHECKING:
    from nainjaune_rules.describe.dimensions import Dimension
    from nainjaune_rules.model.rules import Clause

#: the name the edited text goes by in diagnostics (``playground.nj:3:5: error: ...``)
SOURCE_NAME = "playground" + RULESET_SUFFIX

_folder: Path | None = None


def _workspace() -> Path:
    """A private folder for the edited text: the compiler reads files, and a relative
    ``include`` in the text must find nothing but its own folder."""
    global _folder
    if _folder is None:
        _folder = Path(tempfile.mkdtemp(prefix="nainjaune-playground-"))
    return _folder


def compile_source(source: str) -> tuple[Ruleset | None, list[Diagnostic]]:
    """The ruleset of ``source`` (or None) and every diagnostic, named ``SOURCE_NAME``."""
    path = _workspace() / SOURCE_NAME
    path.write_text(source, encoding="utf-8")
    ruleset, diagnostics = check_file(str(path))
    shown = str(path)
    renamed = [dataclasses.replace(d, file=SOURCE_NAME) if d.file in (shown, path.name) else d
               for d in diagnostics]
    return ruleset, renamed


def load_source(source: str) -> Ruleset:
    """The ruleset of ``source``; raises :class:`RulesetError` when it has an error."""
    ruleset, diagnostics = compile_source(source)
    if ruleset is None:
        raise RulesetError([d for d in diagnostics if d.is_error])
    return ruleset


def _diagnostic(d: Diagnostic, lang: str = "en") -> dict[str, Any]:
    """One diagnostic for the page, in its language: the list shows ``text``, the
    editor's lint mark ``hover`` (the message, then the hint)."""
    said = lang_of(lang)
    message, hint = d.message_in(said), d.hint_in(said)
    label = f"conseil{NNBSP}: " if said == "fr" else "hint: "
    return {"severity": d.severity.value, "kind": d.kind, "message": message,
            "file": d.file, "line": d.line, "column": d.column, "length": d.length,
            "hint": hint, "text": d.render(said),
            "hover": f"{message}\n{label}{hint}" if hint else message}


def _words(lang: str) -> tuple[Callable[[Clause], Any], Callable[[Dimension], str],
                                 Callable[[Dimension], str]]:
    """The rule prose, a phase's title and a row's label in ``lang``, as the site's pages
    in that language write them (the French ones from :mod:`.describe.labels_fr`)."""
    from nainjaune_rules.describe import labels_fr
    from nainjaune_rules.describe.prose import describe
    from nainjaune_rules.describe.prose_fr import describe_fr

    if lang != "fr":
        return describe, lambda d: d.phase.value, lambda d: d.label

    def label(d: Dimension) -> str:  # a table option's row is named after the option
        if d.key.startswith("option-") and d.key not in labels_fr.DIMENSION_LABELS:
            return labels_fr.DIMENSION_LABELS["option-"].format(name=d.key.removeprefix("option-"))
        return labels_fr.DIMENSION_LABELS.get(d.key, d.label)

    return (describe_fr, lambda d: labels_fr.PHASE_TITLES.get(d.phase.slug, d.phase.value),
            label)


def rules_in_words(ruleset: Ruleset, lang: str = "en") -> list[dict[str, str]]:
    """Every rule of ``ruleset`` as the site's ruleset pages say it, phase by phase
    (``ruleset`` already :func:`translated` into ``lang``)."""
    from nainjaune_rules.describe.dimensions import entries

    describe, phase, label = _words(lang)
    return [{"phase": phase(e.dimension), "label": label(e.dimension),
             "sentence": describe(e.clause).sentence}
            for e in entries(ruleset)]


def check(source: str, lang: str = "en") -> dict[str, Any]:
    """What ``nainjaune check`` says about ``source``, and its rules in ``lang`` when valid.

    As the command prints, the first :data:`MOST_SHOWN` diagnostics are given and the
    rest counted (``more``, and ``more_text``: "… and N more" in ``lang``, or, when the
    compiler stopped after ``MAX_PROBLEMS`` errors, ``stopped`` and words that say so):
    a line with thousands of errors costs the page no more than a line with 200.
    """
    ruleset, diagnostics = compile_source(source)
    errors = sum(d.is_error for d in diagnostics)
    more = max(0, len(diagnostics) - MOST_SHOWN)
    # past MAX_PROBLEMS errors the compiler stops counting (syntax.limits.STOPPED): then
    # the line says where checking stopped, not a count it does not have
    stopped = any(d.kind == STOPPED for d in diagnostics[MOST_SHOWN:])
    words = (say("stopped", lang, count=MAX_PROBLEMS) if stopped
             else say("more", lang, count=more) if more else "")
    result: dict[str, Any] = {
        "valid": ruleset is not None, "errors": errors, "warnings": len(diagnostics) - errors,
        "diagnostics": [_diagnostic(d, lang) for d in diagnostics[:MOST_SHOWN]],
        "more": more, "more_text": words, "stopped": stopped,
        "rules": [], "id": None, "title": None, "parent": None, "players": []}
    if ruleset is not None:
        # the ruleset's own text (title, reasons, box names, calls) from its catalogue,
        # as the site's pages in ``lang`` show it
        shown = translated(ruleset, lang, copy_of=_copied(ruleset))
        result.update(id=ruleset.id, title=str(shown.title), parent=ruleset.parent,
                      players=_player_counts(ruleset), rules=rules_in_words(shown, lang))
    return result


def _copied(ruleset: Ruleset) -> str | None:
    """The catalogue of the built-in ruleset the edited text is a copy of (same id: a
    built-in's id is its catalogue's name), whose translations its unchanged text keeps."""
    domains = {name.replace("/", "-") for name in builtin_rulesets()}
    return ruleset.id if ruleset.id in domains else None


def _player_counts(ruleset: Ruleset) -> list[int]:
    from nainjaune_rules.engine.table_build import compile_tables
    from nainjaune_rules.engine.tables import EngineError

    try:
        return sorted(compile_tables(ruleset).deal_rows)
    except EngineError:
        return []


def compare(source: str, other: str | None = None, lang: str = "en") -> dict[str, Any]:
    """The differences of ``source`` from ``other`` (a built-in name), by default from its
    parent, in the words of the differences pages."""
    from nainjaune_rules import load_ruleset
    from nainjaune_rules.describe.comparison import changes

    describe, phase, label = _words(lang)
    try:
        ruleset = load_source(source)
        base_name = other or _builtin_named(ruleset.parent)
        if not base_name:
            return {"ok": False, "message": say("no-parent", lang)}
        if base_name not in builtin_rulesets():
            return {"ok": False, "message": say("not-builtin", lang, name=base_name)}
        base = load_ruleset(base_name)
    except RulesetError:
        return {"ok": False, "message": say("compare-errors", lang)}
    found = [{"kind": c.kind.value, "phase": phase(c.dimension), "label": label(c.dimension),
              "before": " ".join(describe(x).sentence for x in c.before),
              "after": " ".join(describe(x).sentence for x in c.after)}
             for c in changes(translated(base, lang),
                              translated(ruleset, lang, copy_of=_copied(ruleset)))]
    return {"ok": True, "base": base_name, "id": ruleset.id, "changes": found}


def _builtin_named(ruleset_id: str | None) -> str | None:
    """The built-in name (``house/two-player-suits``) of a ruleset id (``house-two-...``)."""
    if ruleset_id is None or ruleset_id in builtin_rulesets():
        return ruleset_id
    return next((b["name"] for b in builtins() if b["id"] == ruleset_id), None)


def builtins(lang: str = "en") -> list[dict[str, str]]:
    """The built-in rulesets a reader may start from: name, ruleset id and title (in
    ``lang``, from the ruleset's catalogue)."""
    from nainjaune_rules import load_ruleset

    found = []
    for name in builtin_rulesets():
        ruleset = load_ruleset(name)
        found.append({"name": name, "id": ruleset.id,
                      "title": str(translated(ruleset, lang).title)})
    return found


#: a stub's title and comment, in the page's language
_STUB = {"en": ("Our {name} rules", "add, change or remove rules below"),
         "fr": ("Nos règles {name}", "ajoutez, changez ou retirez des règles ci-dessous")}


def builtin_source(name: str, stub: bool = False, lang: str = "en") -> str:
    """The text of a built-in ruleset, or with ``stub`` a short file that extends it
    (its title and comment in ``lang``)."""
    if name not in builtin_rulesets():
        raise Refusal("not-builtin", name=name)
    if stub:
        slug = name.replace("/", "-")
        # a house ruleset is extended by its file name in quotes (the bare name is not read)
        parent = f'"{name}{RULESET_SUFFIX}"' if "/" in name else name
        title, comment = _STUB["fr" if lang == "fr" else "en"]
        return (f'ruleset my-{slug}\ntitle "{title.format(name=name)}"\nperiod "house"\n'
                f"extends {parent}\n\n# {comment}\n")
    return (rules_dir() / (name + RULESET_SUFFIX)).read_text(encoding="utf-8")
