"""Finding, reading and parsing ruleset files; ``include`` and where files may come from.

A ruleset is named either by a built-in name (``1902``, ``house/per-card``),
looked up in the rules folder, or by a path to a ``.nj`` file.  Files that a
ruleset pulls in (``include "sources.nj"``, ``extends "base.nj"``) must stay
inside the folder of the file that names them or the built-in rules folder:
no absolute paths, no climbing out with ``..``.  Includes are expanded in
place and checked for cycles.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.diagnostics import Diagnostic, Severity, SourceText, did_you_mean
from nainjaune_rules.core.spans import Span
from nainjaune_rules.syntax.ast import HeaderNode, RulesetFile, Statement
from nainjaune_rules.syntax.parser import parse_text
from nainjaune_rules.syntax.resources import RULESET_SUFFIX, builtin_rulesets, rules_dir

Report = Callable[[list[Diagnostic]], None]

_COMMAND_LINE = "<command line>"

#: The largest ruleset file read (the built-in ones are under 10 kB); documented in
#: site/language.md, "Limits".
MAX_RULESET_BYTES = 1_000_000
#: The longest chain of ``extends`` (or nesting of ``include``), the first file
#: counted: deeper is refused where it is written, not a crash of the recursion.
MAX_DEPTH = 32


#: turns a parsed lark tree of the named file into its syntax nodes
ToAst = Callable[[Any, str], RulesetFile]


class Loader:
    """Reads ruleset files once each and remembers their text for diagnostics."""

    def __init__(self, to_ast: ToAst) -> None:
        # lark's tree -> syntax nodes: given by the model, which knows the rule objects
        self._to_ast = to_ast
        self.texts: dict[str, SourceText] = {}
        self._parsed: dict[Path, RulesetFile | None] = {}
        self._paths: dict[str, Path] = {}

    def display_name(self, path: Path) -> str:
        """How a file is named in messages: relative to the rules folder or the cwd."""
        for root in (rules_dir(), Path.cwd()):
            try:
                return path.relative_to(root.resolve()).as_posix()
            except ValueError:
                continue
        return str(path)

    def _problem(self, report: Report, kind: DK, message: str, at: Span | None,
                 hint: str = "") -> None:
        if at is None:
            report([Diagnostic(Severity.ERROR, kind, message, _COMMAND_LINE, 1, 1, hint=hint)])
            return
        source = self.texts.get(at.file) or SourceText(at.file, "")
        length = at.end_column - at.column if at.end_line == at.line else 1
        report([source.diagnostic(kind, message, at.line, at.column, length, hint)])

    def locate(self, reference: str, *, base_dir: Path | None, report: Report,
               at: Span | None = None, quoted: bool = False,
               kind: DK = DK.MISSING_RULESET) -> Path | None:
        """The file a ruleset reference names, or ``None`` (reported) when there is none.

        From the command line (``at`` is None) a reference is a path if such a file
        exists, else a built-in name.  Inside a file, a bare name is a built-in
        ruleset and a quoted text is a path relative to that file.
        """
        root = rules_dir().resolve()
        if at is None:
            candidate = (base_dir or Path.cwd()) / reference
            if _is_file(candidate):
                return candidate.resolve()
        elif quoted:
            return self._confined(reference, base_dir or root, report, at, kind)
        builtin = root / (reference + RULESET_SUFFIX)
        names = builtin_rulesets()
        if reference in names and builtin.is_file():
            return builtin.resolve()
        hint = did_you_mean(reference, names) or f"the built-in rulesets are: {', '.join(names)}"
        self._problem(report, kind, f"there is no ruleset {reference!r}", at, hint)
        return None

    def _confined(self, reference: str, base_dir: Path, report: Report, at: Span,
                  kind: DK) -> Path | None:
        roots = [base_dir.resolve(), rules_dir().resolve()]
        if Path(reference).is_absolute():
            self._problem(report, DK.PATH_OUTSIDE, f"{reference!r} is an absolute path", at,
                          "name files relative to this ruleset's folder")
            return None
        for root in roots:
            try:
                candidate = (root / reference).resolve()
            except (OSError, ValueError) as exc:  # a NUL byte, a name too long…
                self._problem(report, kind, f"there is no file {reference!r}", at,
                              f"this cannot name a file: {exc}")
                return None
            if not any(candidate.is_relative_to(allowed) for allowed in roots):
                self._problem(report, DK.PATH_OUTSIDE,
                              f"{reference!r} lies outside this ruleset's folder", at,
                              "a ruleset may only use files in its own folder, below it, "
                              "or among the built-in rules")
                return None
            if _is_file(candidate):
                return candidate
        self._problem(report, kind, f"there is no file {reference!r}", at,
                      f"looked in {roots[0]} and the built-in rules folder")
        return None

    def parse(self, path: Path, report: Report) -> RulesetFile | None:
        """Parse a file once; syntax problems are reported, not raised."""
        if path in self._parsed:
            return self._parsed[path]
        name = self.display_name(path)
        try:
            text = _read_bounded(path)
        except (OSError, UnicodeDecodeError) as exc:
            report([Diagnostic(Severity.ERROR, DK.UNREADABLE, f"cannot read {name}: {exc}",
                               name, 1, 1)])
            self._parsed[path] = None
            return None
        if text is None:
            report([Diagnostic(Severity.ERROR, DK.TOO_LARGE,
                               f"{name} is larger than {MAX_RULESET_BYTES:,} bytes", name, 1, 1,
                               hint="a ruleset file holds at most 1 MB; split it with include")])
            self._parsed[path] = None
            return None
        source = SourceText(name, text)
        self.texts[name] = source
        self._paths[name] = path
        tree, problems = parse_text(source)
        parsed = self._to_ast(tree, name) if tree is not None else None
        if problems:
            report(problems)
        self._parsed[path] = parsed
        return parsed

    def expand_includes(self, parsed: RulesetFile, report: Report,
                        chain: tuple[Path, ...] = ()) -> list[Statement]:
        """The file's statements with every ``include`` replaced by the included statements."""
        out: list[Statement] = []
        here = self._path_of(parsed)
        for statement in parsed.statements:
            if not (isinstance(statement, HeaderNode) and statement.key == "include"):
                out.append(statement)
                continue
            word = statement.values[0]
            target = self.locate(word.unquoted, base_dir=here.parent, report=report,
                                 at=word.span, quoted=True, kind=DK.MISSING_INCLUDE)
            if target is None:
                continue
            if target == here or target in chain:
                cycle = " → ".join(self.display_name(p) for p in (*chain, here, target))
                self._problem(report, DK.INCLUDE_CYCLE,
                              f"the files include each other in a circle: {cycle}", word.span,
                              "remove one of the include lines")
                continue
            if len(chain) + 1 >= MAX_DEPTH:
                self._problem(report, DK.TOO_DEEP,
                              f"files include each other more than {MAX_DEPTH} deep here",
                              word.span, f"includes nest at most {MAX_DEPTH} files deep")
                continue
            included = self.parse(target, report)
            if included is None:
                continue
            for inner in self.expand_includes(included, report, (*chain, here)):
                if isinstance(inner, HeaderNode) and inner.key not in ("source",):
                    self._problem(report, DK.BAD_INCLUDE,
                                  f"an included file may declare sources and rules, "
                                  f"not '{inner.key}'", inner.span,
                                  "put the ruleset's own lines in the file that includes it")
                    continue
                out.append(inner)
        return out

    def _path_of(self, parsed: RulesetFile) -> Path:
        return self._paths[parsed.path]


def _read_bounded(path: Path) -> str | None:
    """The file's text (a UTF-8 byte-order mark dropped), or None when it is too large.

    At most one byte more than the limit is read, so a huge file or an endless one
    (a device, a pipe that never ends) costs no more than the limit.
    """
    with path.open("rb") as file:
        data = file.read(MAX_RULESET_BYTES + 1)
    if len(data) > MAX_RULESET_BYTES:
        return None
    # Windows editors start UTF-8 files with a byte-order mark; it is not text.
    return data.decode("utf-8").removeprefix("\ufeff")


def _is_file(path: Path) -> bool:
    """``path.is_file()``, but False (not an exception) for names no file can have."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False
