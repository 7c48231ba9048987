"""The compiler: ruleset files → a checked :class:`~nainjaune_rules.model.rules.Ruleset`.

Compiling one file goes:

1. read and parse it (:mod:`nainjaune_rules.syntax.parser`), then the files it
   ``include``\\s, confined to the rules folders and checked for cycles;
2. compile the ruleset it ``extends`` the same way (cycles are refused);
3. read the header block (:mod:`nainjaune_rules.model.ruleset_header`), build each
   clause (:mod:`nainjaune_rules.model.build`; ``option`` blocks and ``remove`` lines
   in :mod:`nainjaune_rules.model.table_options`) and lay this file's clauses over
   the parent's, slot by slot (:mod:`nainjaune_rules.model.resolve`), applying
   ``remove`` lines;
4. choose the table options and check the whole ruleset
   (:mod:`nainjaune_rules.model.checks`) under every choice.

Every problem found on the way is collected; if any is an error, a single
:class:`~nainjaune_rules.core.diagnostics.RulesetError` carries them all.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from nainjaune_rules.core.bilingual import NNBSP, NO_WORDS, Words, q
from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.diagnostics import (
    Diagnostic,
    RulesetError,
    Severity,
    SourceText,
)
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.build import ClauseBuilder
from nainjaune_rules.model.checks import check_ruleset
from nainjaune_rules.model.clause_heads import _EXAMPLES, clause_head
from nainjaune_rules.model.parts import changed_clause, dropped_parts
from nainjaune_rules.model.resolve import (
    Identity,
    OptionProblem,
    Slot,
    field_of_type,
    missing_slots,
    single_changes,
    slot_of,
)
from nainjaune_rules.model.ruleset_header import _twice, read_identity
from nainjaune_rules.model.table_options import remove_clause, table_option
from nainjaune_rules.model.transformer import to_ast
from nainjaune_rules.syntax.ast import (
    ClauseNode,
    HeaderNode,
    OptionNode,
    PartNode,
    RemovalNode,
    Statement,
)
from nainjaune_rules.syntax.limits import MAX_DEPTH, MAX_PROBLEMS, STOPPED
from nainjaune_rules.syntax.loader import Loader


@dataclass
class Layer:
    """What one ruleset file says, with its includes and its parent merged in."""

    identity: Identity
    clauses: dict[Slot, r.Clause] = field(default_factory=dict)
    header_span: r.Span = field(default_factory=lambda: r.NO_SPAN)
    #: fields whose clause was written but had errors (already reported), here or in
    #: the parent: not also "missing"
    failed: set[str] = field(default_factory=set)
    #: those and the fields of the clauses that failed in an option's choice or a
    #: ``remove`` line: the checks that read them are skipped
    broken: set[str] = field(default_factory=set)


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector off while one load is compiled.

    A load makes hundreds of thousands of small objects that all stay alive until
    it ends (tokens, tree nodes, clauses): the collector would walk them again and
    again for no garbage, half the time of checking a 1 MB file.  What a load
    keeps is bounded by its size (1 MB read in all), and collection resumes after.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


class _Stopped(Exception):
    """Checking stopped: as many errors are kept as anyone reads (:data:`MAX_PROBLEMS`)."""


class Compiler:
    """Compiles ruleset files, collecting every diagnostic on the way."""

    def __init__(self, loader: Loader | None = None):
        self.loader = loader or Loader(to_ast)
        self.diagnostics: list[Diagnostic] = []
        self._seen: set[Diagnostic] = set()
        self._layers: dict[Path, Layer | None] = {}
        self._errors = 0  # how many of the diagnostics are errors
        self._muted = False  # warnings beyond the bound are no longer kept

    # ---- reporting ---------------------------------------------------------

    def report(self, kind: DK, message: Words, span: r.Span, hint: Words = NO_WORDS,
               severity: Severity | None = None) -> None:
        """Record a diagnostic of ``kind`` at ``span``, with the kind's severity by default."""
        source = self.loader.texts.get(span.file) or SourceText(span.file, "")
        length = 1
        if span.end_line == span.line and span.end_column > span.column:
            length = span.end_column - span.column
        self.report_once(source.diagnostic(kind, message, span.line, span.column, length, hint,
                                           severity or kind.severity))

    def report_once(self, diagnostic: Diagnostic) -> None:
        """Record ``diagnostic`` unless it is already recorded (a set: 4,000 stay linear).

        At most :data:`MAX_PROBLEMS` errors are kept, and as many warnings: one more
        error stops the check (what is left to check would cost time in proportion
        to the file, for messages nobody reads); more warnings are counted as one.
        """
        if diagnostic in self._seen:
            return
        kept = self._errors if diagnostic.is_error else len(self.diagnostics) - self._errors
        if kept >= MAX_PROBLEMS:
            self._stop_or_mute(diagnostic)
            return
        self._seen.add(diagnostic)
        self.diagnostics.append(diagnostic)
        self._errors += diagnostic.is_error

    def _stop_or_mute(self, extra: Diagnostic) -> None:
        if extra.is_error:
            self.diagnostics.append(replace(extra, kind=STOPPED, length=1).with_words(
                Words(f"more than {MAX_PROBLEMS} errors: checking stopped here",
                      f"plus de {MAX_PROBLEMS} erreurs{NNBSP}: la vérification s’arrête ici"),
                Words("fix the errors above, then check again",
                      "corrigez les erreurs ci-dessus, puis vérifiez de nouveau")))
            raise _Stopped
        if not self._muted:
            self._muted = True
            self.diagnostics.append(replace(extra, kind=STOPPED, length=1).with_words(
                Words(f"more than {MAX_PROBLEMS} warnings: the rest are not listed",
                      f"plus de {MAX_PROBLEMS} avertissements{NNBSP}: les autres ne sont "
                      "pas listés")))

    def _absorb(self, diagnostics: list[Diagnostic]) -> None:
        for d in diagnostics:
            self.report_once(d)

    # ---- entry points ------------------------------------------------------------

    def compile(self, reference: str, options: Mapping[str, str] | None = None,
                *, base_dir: Path | None = None) -> r.Ruleset:
        """Compile a ruleset by built-in name or path; raise RulesetError on any error."""
        try:
            with _collector_paused():
                path = self.loader.locate(reference, base_dir=base_dir, report=self._absorb)
                layer = self.layer(path, ()) if path is not None else None
                ruleset = self._finish(layer, dict(options or {})) if layer else None
        except _Stopped:
            self.diagnostics = in_reading_order(self.diagnostics)
            raise RulesetError(self.diagnostics) from None
        self.diagnostics = in_reading_order(self.diagnostics)
        if ruleset is None or any(d.is_error for d in self.diagnostics):
            raise RulesetError(self.diagnostics)
        return ruleset

    def _finish(self, layer: Layer, wanted: dict[str, str]) -> r.Ruleset | None:
        missing = missing_slots(layer.clauses)
        for name in missing:
            if name in layer.failed:
                continue  # written, with errors already reported: not also "missing"
            head, example = clause_head(name), _EXAMPLES.get(name, name)
            self.report(DK.MISSING_CLAUSE,
                        Words(f"the ruleset has no '{head}' clause",
                              f"la règle du jeu n’a pas de clause {q(head)}"),
                        layer.header_span,
                        Words(f"add a clause such as: {example}",
                              f"ajoutez une clause comme{NNBSP}: {q(example)}"))
        # A missing or failed clause is broken: the checks that read it are skipped and
        # the others still run, on a ruleset with a stand-in where a clause is missing.
        broken = layer.broken | set(missing)
        clauses: dict[Slot, r.Clause] = dict(layer.clauses)
        clauses.update({(name,): _stand_in(name) for name in missing})
        # Check the ruleset as chosen (the first variant), and under each other
        # single choice.
        try:
            variants = single_changes(layer.identity, clauses, wanted)
            ruleset = next(variants)
        except OptionProblem as problem:
            self.report_once(SourceText("<command line>", "").diagnostic(
                DK.UNKNOWN_OPTION, problem.words, 1, 1, 1, problem.hint_words))
            return None
        check_ruleset(ruleset, self.report, broken)
        for variant in variants:
            check_ruleset(variant, self.report, broken)
        return None if broken else ruleset

    # ---- one file -------------------------------------------------------------------

    def layer(self, path: Path, chain: tuple[Path, ...], at: r.Span | None = None
              ) -> Layer | None:
        """Compile the file at ``path`` (extended by the files in ``chain``).

        ``at`` is the ``extends`` line naming the file, where a bound of the whole
        load is reported.  The parent is compiled before this file's includes are
        expanded: a file both include is then the parent's, once (the loader expands
        each file once per load).
        """
        if path in self._layers:
            return self._layers[path]
        self._layers[path] = None
        parsed = self.loader.parse(path, report=self._absorb, at=at,
                                   by=chain[-1] if chain else None)
        if parsed is None:
            return None
        # only the file itself may say 'extends' (an included file may not)
        own = [s for s in parsed.statements if isinstance(s, HeaderNode)]
        parent = self._parent(path, own, chain)
        if isinstance(parent, bool):  # the parent could not be compiled (reported)
            return None
        statements = self.loader.expand_includes(parsed, report=self._absorb)
        layer = self._compile_statements(path, statements, parent)
        self._layers[path] = layer
        return layer

    def _compile_statements(self, path: Path, statements: list[Statement],
                            parent: Layer | None) -> Layer:
        headers = [s for s in statements if isinstance(s, HeaderNode)]
        file_id = self.loader.display_name(path)
        identity, header_span = read_identity(path, headers, parent.identity if parent else None,
                                              file_id, self.report)
        clauses: dict[Slot, r.Clause] = dict(parent.clauses) if parent else {}
        known_sources = {s.id: s.paragraphs for s in identity.sources}
        books = {s.id for s in identity.sources if s.book is not None}
        builder = ClauseBuilder(self.report, lambda: known_sources, identity.id or file_id,
                                lambda: books)
        written: dict[Slot, r.Span] = {}
        failed: set[str] = set()

        def place(clause: r.Clause | None, span: r.Span, head: str) -> None:
            if clause is None:
                return
            slot = slot_of(clause)
            if slot in written:
                first = written[slot].line
                self.report(DK.DUPLICATE_CLAUSE, _twice(head), span,
                            Words(f"the first is at line {first}; keep one "
                                  "(to change an extended ruleset's rule, just restate it once)",
                                  f"la première occurrence est à la ligne {first}{NNBSP}; "
                                  "gardez-en une "
                                  "(pour changer une règle d’une règle du jeu étendue, "
                                  "réécrivez-la une seule fois)"))
                return
            written[slot] = span
            clauses[slot] = clause

        for statement in statements:
            if isinstance(statement, ClauseNode):
                built = builder.clause(statement)
                if built is None:
                    failed.add(statement.key)
                place(built, statement.span, statement.head)
            elif isinstance(statement, OptionNode):
                place(table_option(statement, builder, file_id, self.report), statement.span,
                      f"option {statement.name.text}")
            elif isinstance(statement, RemovalNode):
                remove_clause(statement, builder, clauses, parent is not None, self.report)
            elif isinstance(statement, PartNode):
                self._change_part(statement, builder, clauses, written, parent)
        if parent is not None:
            self._settle_inherited_options(clauses, written)
            self._dropped_parts(parent, clauses, written)
        # A field stays broken from the parent unless this file states it afresh.
        def kept(names: set[str]) -> set[str]:
            return {name for name in names if (name,) not in written}

        return Layer(identity, clauses, header_span,
                     (kept(parent.failed) if parent else set()) | failed,
                     (kept(parent.broken) if parent else set()) | builder.failed)

    def _change_part(self, node: PartNode, builder: ClauseBuilder,
                     clauses: dict[Slot, r.Clause], written: dict[Slot, r.Span],
                     parent: Layer | None) -> None:
        """``box 7D: stake 10``: one part of the parent's clause changed, the rest kept."""
        part = builder.clause(node.part)
        if part is None:
            return
        slot = (node.key,)
        if slot in written:
            whole = written[slot].line
            self.report(DK.DUPLICATE_CLAUSE,
                        Words(f"'{node.head}' changes a clause this file "
                              f"restates whole at line {whole}",
                              f"{q(node.head)} change une clause que ce fichier réécrit en "
                              f"entier à la ligne {whole}"), node.span,
                        Words("change the part there, or drop the whole clause and keep the "
                              "one-part changes",
                              "changez cette partie là-bas, ou retirez la clause entière et "
                              "gardez les changements d’une partie"))
            return
        parent_id = parent.identity.id if parent else ""
        changed = changed_clause(clauses.get(slot), part, node.head, node.span, parent_id,
                                 self.report)
        if changed is not None:
            clauses[slot] = changed

    def _dropped_parts(self, parent: Layer, clauses: dict[Slot, r.Clause],
                       written: dict[Slot, r.Span]) -> None:
        """A board, deal table or game end restated whole that leaves parts out: warned."""
        players = clauses.get(("players",))
        for slot in (("board",), ("deal_table",), ("game_end",)):
            own, theirs = clauses.get(slot), parent.clauses.get(slot)
            if slot in written and own is not None and theirs is not None:
                dropped_parts(theirs, own, players if isinstance(players, r.Players)
                              else None, self.report)

    def _settle_inherited_options(self, clauses: dict[Slot, r.Clause],
                                  written: dict[Slot, r.Span]) -> None:
        """A clause this file writes wins over the choices of an option it inherits.

        Otherwise the parent's option, laid over the base when chosen, would silently
        undo the child's own rule.  The slot is taken out of every choice; an option
        left changing nothing is dropped.  Both are said as warnings.
        """
        for slot, option in list(clauses.items()):
            if not isinstance(option, r.TableOption) or slot in written:
                continue
            fixed = [s for s in written
                     if any(slot_of(c) == s for ch in option.choices for c in ch.clauses)]
            if not fixed:
                continue
            choices = tuple(
                r.OptionChoice(ch.name, tuple(c for c in ch.clauses if slot_of(c) not in fixed),
                               span=ch.span)
                for ch in option.choices)
            where = written[fixed[0]]
            if all(not ch.clauses for ch in choices):
                del clauses[slot]
                self.report(DK.OVERRIDES_OPTION,
                            Words(f"this clause settles what the inherited option "
                                  f"{option.name!r} chose, so that option is dropped",
                                  "cette clause tranche ce que choisissait l’option héritée "
                                  f"{q(option.name)}, qui est donc retirée"), where,
                            Words(f"write 'remove option {option.name}' to say so explicitly",
                                  f"écrivez {q('remove option ' + option.name)} pour le dire "
                                  "explicitement"))
            else:
                clauses[slot] = replace(option, choices=choices)
                self.report(DK.OVERRIDES_OPTION,
                            Words(f"this clause takes precedence over the inherited option "
                                  f"{option.name!r}, whose choices no longer change it",
                                  "cette clause l’emporte sur l’option héritée "
                                  f"{q(option.name)}, dont les choix ne la changent plus"),
                            where)

    def _parent(self, path: Path, headers: list[HeaderNode],
                chain: tuple[Path, ...]) -> Layer | None | bool:
        extends = [h for h in headers if h.key == "extends"]
        for extra in extends[1:]:
            self.report(DK.DUPLICATE_CLAUSE,
                        Words("a ruleset extends one ruleset only",
                              "une règle du jeu n’en étend qu’une seule"), extra.span)
        if not extends:
            return None
        word = extends[0].values[0]
        target = self.loader.locate(word.unquoted, base_dir=path.parent, report=self._absorb,
                                    at=word.span, quoted=word.text.startswith('"'),
                                    kind=DK.MISSING_EXTENDS)
        if target is None:
            return False
        if target == path or target in chain:
            cycle = " → ".join(self.loader.display_name(p) for p in (*chain, path, target))
            self.report(DK.EXTENDS_CYCLE,
                        Words(f"the rulesets extend each other in a circle: {cycle}",
                              f"les règles du jeu s’étendent en cercle{NNBSP}: {cycle}"),
                        word.span,
                        Words("a ruleset cannot extend itself, directly or through others",
                              "une règle du jeu ne peut pas s’étendre elle-même, "
                              "directement ou par d’autres"))
            return False
        if len(chain) + 1 >= MAX_DEPTH:
            self.report(DK.TOO_DEEP,
                        Words(f"rulesets extend each other more than {MAX_DEPTH} deep here",
                              "ici, les règles du jeu s’étendent sur plus de "
                              f"{MAX_DEPTH} niveaux"),
                        word.span,
                        Words(f"a chain of 'extends' has at most {MAX_DEPTH} rulesets; "
                              "copy the rules of a far ancestor instead of extending it",
                              f"une chaîne d’{q('extends')} compte au plus {MAX_DEPTH} règles "
                              f"du jeu{NNBSP}; copiez les règles d’un ancêtre lointain au lieu "
                              "de l’étendre"))
            return False
        parent = self.layer(target, (*chain, path), word.span)
        if parent is None:
            self.report(DK.MISSING_EXTENDS,
                        Words(f"the ruleset {word.unquoted!r} that this one extends has errors",
                              f"la règle du jeu {q(word.unquoted)}, que celle-ci étend, a des "
                              "erreurs"),
                        word.span, Words("fix the errors reported in that file first",
                                         "corrigez d’abord les erreurs signalées dans ce "
                                         "fichier"))
            return False
        return parent

def _stand_in(name: str) -> r.Clause:
    """An empty object of the clause type of field ``name``, for a clause that is missing.

    The ruleset it completes is only checked, never returned, and the checks that
    read ``name`` are skipped (``broken``), so no attribute of it is ever read.
    """
    kind = next(t for t, f in field_of_type().items() if f == name)
    stand_in: r.Clause = object.__new__(kind)
    return stand_in


def in_reading_order(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics by file (in the order files were first reported), line, column, kind.

    Stable: two diagnostics at one place of one kind keep the order they were found in.
    """
    files: dict[str, int] = {}
    for d in diagnostics:
        files.setdefault(d.file, len(files))
    return sorted(diagnostics, key=lambda d: (files[d.file], d.line, d.column, d.kind))


def compile_ruleset(reference: str, options: Mapping[str, str] | None = None,
                    *, base_dir: Path | None = None) -> r.Ruleset:
    """Compile a built-in ruleset name or a file path; raise RulesetError on errors."""
    return Compiler().compile(reference, options, base_dir=base_dir)


def check_file(reference: str, *, base_dir: Path | None = None
               ) -> tuple[r.Ruleset | None, list[Diagnostic]]:
    """Compile and return the ruleset (or None) with every diagnostic, warnings included."""
    compiler = Compiler()
    try:
        ruleset = compiler.compile(reference, base_dir=base_dir)
    except RulesetError as error:
        return None, error.diagnostics
    return ruleset, compiler.diagnostics
