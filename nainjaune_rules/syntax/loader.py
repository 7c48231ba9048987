"""Finding, reading and parsing ruleset files; ``include`` and where files may come from.

A ruleset is named either by a built-in name (``1902``, ``house/per-card``),
looked up in the rules folder, or by a path to a ``.nj`` file.  Files that a
ruleset pulls in (``include "sources.nj"``, ``extends "base.nj"``) must stay
inside the folder of the file that names them or the built-in rules folder:
no absolute paths, no climbing out with ``..``, no symbolic link that leads
out (a path is checked once its links are followed).  Includes are expanded in
place and checked for cycles.

One load (a ruleset with everything it includes and extends) is bounded as a
whole, so that its cost follows the size of what is read: each file is
expanded once (a second ``include`` of a file already included is a no-op,
so a diamond of includes is fine and a fan-out of includes costs nothing),
at most :data:`MAX_LOAD_BYTES` are read in all, from at most
:data:`MAX_LOAD_FILES` files, and only regular files are opened (a pipe or a
device named by a ruleset is refused without waiting on it).
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

from nainjaune_rules.core.bilingual import NBSP, NNBSP, NO_WORDS, Words, number_fr, q
from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.diagnostics import Diagnostic, Severity, SourceText, suggest
from nainjaune_rules.core.spans import Span
from nainjaune_rules.syntax.ast import HeaderNode, RulesetFile, Statement
from nainjaune_rules.syntax.limits import (
    MAX_DEPTH,
    MAX_LOAD_BYTES,
    MAX_LOAD_FILES,
    MAX_RULESET_BYTES,
)
from nainjaune_rules.syntax.parser import parse_text
from nainjaune_rules.syntax.resources import RULESET_SUFFIX, builtin_rulesets, rules_dir

Report = Callable[[list[Diagnostic]], None]

_COMMAND_LINE = "<command line>"

#: a file as the system knows it (device, inode): two names of one file are one file
FileKey = tuple[int, int]


#: turns a parsed lark tree of the named file into its syntax nodes
ToAst = Callable[[Any, str], RulesetFile]


class _Refused(Exception):
    """A file that is not read, with the diagnostic's kind, message and hint."""

    def __init__(self, kind: DK, message: Words, hint: Words = NO_WORDS, *,
                 whole_load: bool = False):
        super().__init__(message.en)
        self.kind, self.message, self.hint = kind, message, hint
        #: a bound on the whole load: said at the line that names the file, with the chain
        self.whole_load = whole_load


class Loader:
    """Reads the files of one load once each and remembers their text for diagnostics.

    One loader serves one load (a ruleset with what it includes and extends): the
    bounds on bytes and files are counted over everything it reads.
    """

    def __init__(self, to_ast: ToAst) -> None:
        # lark's tree -> syntax nodes: given by the model, which knows the rule objects
        self._to_ast = to_ast
        self.texts: dict[str, SourceText] = {}
        self._parsed: dict[Path, RulesetFile | None] = {}
        self._paths: dict[str, Path] = {}
        self._keys: dict[Path, FileKey] = {}  # the files read, by the name that found them
        self._via: dict[Path, tuple[Path, ...]] = {}  # the files that led to each one read
        self._expanded: set[FileKey] = set()  # files whose statements were included once
        self._bytes_read = 0
        # where a quoted name from a folder led: the same line repeated costs one look-up
        self._found: dict[tuple[Path, str], Path] = {}

    def display_name(self, path: Path) -> str:
        """How a file is named in messages: relative to the rules folder or the cwd."""
        for root in (rules_dir(), Path.cwd()):
            try:
                return path.relative_to(root.resolve()).as_posix()
            except ValueError:
                continue
        return str(path)

    def chain(self, path: Path, *more: Path) -> str:
        """``root.nj → a.nj → path``: the files through which the load reached ``path``."""
        names = [self.display_name(p) for p in (*self._via.get(path, ()), path, *more)]
        if len(names) > _CHAIN_SHOWN:  # 32 files deep: the two ends say where
            names = [*names[:2], f"… {len(names) - 5} more …", *names[-3:]]
        return " → ".join(names)

    def _problem(self, report: Report, kind: DK, message: Words, at: Span | None,
                 hint: Words = NO_WORDS, severity: Severity = Severity.ERROR) -> None:
        if at is None:
            report([SourceText(_COMMAND_LINE, "").diagnostic(kind, message, 1, 1, 1, hint,
                                                             severity)])
            return
        source = self.texts.get(at.file) or SourceText(at.file, "")
        length = at.end_column - at.column if at.end_line == at.line else 1
        report([source.diagnostic(kind, message, at.line, at.column, length, hint, severity)])

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
                try:
                    return candidate.resolve()
                except (OSError, RuntimeError):  # a link loop met after is_file
                    pass
        elif quoted:
            here = base_dir or root
            found = self._found.get((here, reference))
            if found is None:
                found = self._confined(reference, here, report, at, kind)
                if found is not None:
                    self._found[(here, reference)] = found
            return found
        builtin = root / (reference + RULESET_SUFFIX)
        names = builtin_rulesets()
        if reference in names and _is_file(builtin):
            return builtin.resolve()
        listed = ", ".join(names)
        hint = suggest(reference, names) or Words(f"the built-in rulesets are: {listed}",
                                                  f"les règles fournies sont{NNBSP}: {listed}")
        self._problem(report, kind, Words(f"there is no ruleset {reference!r}",
                                          f"il n’y a pas de règle du jeu {q(reference)}"),
                      at, hint)
        return None

    def _confined(self, reference: str, base_dir: Path, report: Report, at: Span,
                  kind: DK) -> Path | None:
        roots = [base_dir.resolve(), rules_dir().resolve()]
        if Path(reference).is_absolute():
            self._problem(report, DK.PATH_OUTSIDE,
                          Words(f"{reference!r} is an absolute path",
                                f"{q(reference)} est un chemin absolu"), at,
                          Words("name files relative to this ruleset's folder",
                                "nommez les fichiers à partir du dossier de cette règle du jeu"))
            return None
        for root in roots:
            try:
                # every link followed: where the name really leads is what is checked
                candidate = (root / reference).resolve()
            except RuntimeError:  # Python < 3.13: "Symlink loop from …"
                self._link_loop(reference, report, at)
                return None
            except OSError as exc:  # a name too long, a loop (newer Pythons)…
                if exc.errno == errno.ELOOP:
                    self._link_loop(reference, report, at)
                else:
                    why = exc.strerror or exc
                    self._problem(report, kind, _no_file(reference), at,
                                  Words(f"this cannot name a file: {why}",
                                        f"ceci ne peut pas nommer un fichier{NNBSP}: {why}"))
                return None
            except ValueError as exc:  # a NUL byte
                self._problem(report, kind, _no_file(reference), at,
                              Words(f"this cannot name a file: {exc}",
                                    f"ceci ne peut pas nommer un fichier{NNBSP}: {exc}"))
                return None
            if not any(candidate.is_relative_to(allowed) for allowed in roots):
                self._problem(report, DK.PATH_OUTSIDE,
                              Words(f"{reference!r} lies outside this ruleset's folder",
                                    f"{q(reference)} est hors du dossier de cette règle du jeu"),
                              at,
                              Words("a ruleset may only use files in its own folder, below "
                                    "it, or among the built-in rules (a symbolic link may not "
                                    "lead out)",
                                    "une règle du jeu n’utilise que des fichiers de son dossier, "
                                    "de ses sous-dossiers ou des règles fournies (un lien "
                                    "symbolique ne peut pas en sortir)"))
                return None
            if _is_file(candidate):
                return candidate
            if _is_link_loop(candidate):
                self._link_loop(reference, report, at)
                return None
            if _exists(candidate):  # never opened: a pipe would wait for a writer
                self._problem(report, DK.NOT_A_FILE, _not_regular(repr(reference),
                                                                  q(reference)), at,
                              _ONLY_TEXT_FILES)
                return None
        self._problem(report, kind, _no_file(reference), at,
                      Words(f"looked in {roots[0]} and the built-in rules folder",
                            f"cherché dans {roots[0]} et dans le dossier des règles fournies"))
        return None

    def _link_loop(self, reference: str, report: Report, at: Span) -> None:
        self._problem(report, DK.LINK_LOOP,
                      Words(f"{reference!r} is a symbolic link that leads back to itself",
                            f"{q(reference)} est un lien symbolique qui mène à lui-même"), at,
                      Words("the link, or a folder on its way, points in a circle; "
                            "name the file itself",
                            f"le lien, ou un dossier sur son chemin, tourne en rond{NNBSP}; "
                            "nommez le fichier lui-même"))

    def parse(self, path: Path, report: Report, *, at: Span | None = None,
              by: Path | None = None) -> RulesetFile | None:
        """Parse a file once; syntax problems are reported, not raised.

        ``at`` is the ``include`` or ``extends`` line that names the file, in the file
        ``by``: a bound of the whole load is reported there, naming the chain of files.
        """
        if path in self._parsed:
            return self._parsed[path]
        self._parsed[path] = None
        if by is not None:
            self._via[path] = (*self._via.get(by, ()), by)
        name = self.display_name(path)
        try:
            text = self._read(path)
        except _Refused as refused:
            if refused.whole_load and at is not None:
                chain = self.chain(path)
                self._problem(report, refused.kind,
                              refused.message + Words(f": {chain}", f"{NNBSP}: {chain}"),
                              at, refused.hint)
            else:
                report([SourceText(name, "").diagnostic(refused.kind, refused.message, 1, 1,
                                                        1, refused.hint)])
            return None
        except (OSError, UnicodeDecodeError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            report([SourceText(name, "").diagnostic(
                DK.UNREADABLE, Words(f"cannot read {name}: {why}",
                                     f"impossible de lire {name}{NNBSP}: {_why_fr(exc)}"),
                1, 1)])
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

    def _read(self, path: Path) -> str:
        """The text of one more file of this load, within the load's bounds."""
        name = self.display_name(path)
        if len(self._keys) >= MAX_LOAD_FILES:
            raise _Refused(DK.TOO_MANY_FILES,
                           Words(f"this ruleset reads more than {MAX_LOAD_FILES} files",
                                 f"cette règle du jeu lit plus de {MAX_LOAD_FILES} fichiers"),
                           Words(f"a ruleset with what it includes and extends reads at "
                                 f"most {MAX_LOAD_FILES} files",
                                 "une règle du jeu, avec ce qu’elle inclut et étend, lit au "
                                 f"plus {MAX_LOAD_FILES} fichiers"), whole_load=True)
        room = MAX_LOAD_BYTES - self._bytes_read
        data, key = _read_regular(path, min(room, MAX_RULESET_BYTES), name)
        self._keys[path] = key
        if len(data) > MAX_RULESET_BYTES or (len(data) > room and not self._bytes_read):
            raise _Refused(DK.TOO_LARGE,
                           Words(f"{name} is larger than {MAX_RULESET_BYTES:,} bytes",
                                 f"{name} dépasse {number_fr(MAX_RULESET_BYTES)} octets"),
                           Words("a ruleset file holds at most 1 MB; split it with include",
                                 f"un fichier de règles tient au plus 1{NBSP}Mo{NNBSP}; "
                                 "découpez-le avec include"))
        if len(data) > room:
            raise _Refused(DK.TOO_LARGE,
                           Words(f"the files of this ruleset hold more than "
                                 f"{MAX_LOAD_BYTES:,} bytes in all",
                                 "les fichiers de cette règle du jeu font en tout plus de "
                                 f"{number_fr(MAX_LOAD_BYTES)} octets"),
                           Words("a ruleset with everything it includes and extends holds "
                                 f"at most {MAX_LOAD_BYTES:,} bytes",
                                 "une règle du jeu, avec tout ce qu’elle inclut et étend, "
                                 f"fait au plus {number_fr(MAX_LOAD_BYTES)} octets"),
                           whole_load=True)
        self._bytes_read += len(data)
        # Windows editors start UTF-8 files with a byte-order mark; it is not text.
        return data.decode("utf-8").removeprefix("\ufeff")

    def expand_includes(self, parsed: RulesetFile, report: Report,
                        chain: tuple[Path, ...] = ()) -> list[Statement]:
        """The file's statements with every ``include`` replaced by the included statements.

        A file is expanded once per load: including it again (here, or from another
        file of the same ruleset) adds nothing, so a file's statements are never
        read twice; the same file included twice by one file is also a warning.
        """
        out: list[Statement] = []
        here = self._path_of(parsed)
        mine: dict[Path, Span] = {}  # what this file includes, at its first line
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
                              Words(f"the files include each other in a circle: {cycle}",
                                    f"les fichiers s’incluent en cercle{NNBSP}: {cycle}"),
                              word.span, Words("remove one of the include lines",
                                               "supprimez l’une des lignes include"))
                continue
            if target in mine:
                self._problem(report, DK.INCLUDE_TWICE,
                              Words(f"{word.unquoted!r} is already included at line "
                                    f"{mine[target].line}; this line adds nothing",
                                    f"{q(word.unquoted)} est déjà inclus à la ligne "
                                    f"{mine[target].line}{NNBSP}; cette ligne n’ajoute rien"),
                              word.span, Words("remove this line", "supprimez cette ligne"),
                              Severity.WARNING)
                continue
            mine[target] = word.span
            if len(chain) + 1 >= MAX_DEPTH:
                self._problem(report, DK.TOO_DEEP,
                              Words(f"files include each other more than {MAX_DEPTH} deep here",
                                    f"ici, les fichiers s’incluent sur plus de {MAX_DEPTH} "
                                    "niveaux"),
                              word.span, Words(f"includes nest at most {MAX_DEPTH} files deep",
                                               f"les include s’emboîtent sur {MAX_DEPTH} "
                                               "fichiers au plus"))
                continue
            out.extend(self._included(target, report, word.span, (*chain, here)))
        return out

    def _included(self, target: Path, report: Report, at: Span,
                  chain: tuple[Path, ...]) -> list[Statement]:
        """The statements ``include`` brings in from ``target``: none the second time."""
        included = self.parse(target, report, at=at, by=chain[-1])
        key = self._keys.get(target)
        if included is None or key is None or key in self._expanded:
            return []
        self._expanded.add(key)
        out: list[Statement] = []
        for inner in self.expand_includes(included, report, chain):
            if isinstance(inner, HeaderNode) and inner.key not in ("source",):
                self._problem(report, DK.BAD_INCLUDE,
                              Words(f"an included file may declare sources and rules, "
                                    f"not '{inner.key}'",
                                    "un fichier inclus déclare des sources et des règles, "
                                    f"pas {q(inner.key)}"), inner.span,
                              Words("put the ruleset's own lines in the file that includes it",
                                    "mettez les lignes propres à la règle du jeu dans le "
                                    "fichier qui l’inclut"))
                continue
            out.append(inner)
        return out

    def _path_of(self, parsed: RulesetFile) -> Path:
        return self._paths[parsed.path]


#: the longest chain of files named whole in a message
_CHAIN_SHOWN = 8


def _read_regular(path: Path, limit: int, name: str) -> tuple[bytes, FileKey]:
    """At most ``limit + 1`` bytes of the regular file at ``path``, and the file's key.

    Opened without waiting (``O_NONBLOCK``) and checked once open: a pipe, a device
    or a folder (perhaps swapped in after the name was checked) is refused, never
    waited on or read without end.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise _Refused(DK.LINK_LOOP,
                           Words(f"{name} is a symbolic link that leads back to itself",
                                 f"{name} est un lien symbolique qui mène à lui-même"),
                           Words("name the file itself", "nommez le fichier lui-même")) from None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _Refused(DK.NOT_A_FILE, _not_regular(name, name), _ONLY_TEXT_FILES)
        with os.fdopen(os.dup(fd), "rb") as stream:
            data = stream.read(limit + 1)
    finally:
        os.close(fd)
    return data, (info.st_dev, info.st_ino)


def _is_file(path: Path) -> bool:
    """``path.is_file()``, but False (not an exception) for names no file can have."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _exists(path: Path) -> bool:
    """Whether something is at ``path`` (its links followed), without opening it."""
    try:
        os.stat(path)
    except (OSError, ValueError):
        return False
    return True


def _is_link_loop(path: Path) -> bool:
    """Whether ``path`` is a symbolic link that never reaches a file (newer Pythons'
    ``resolve`` stops at a loop instead of raising)."""
    try:
        os.stat(path)
    except OSError as exc:
        return exc.errno == errno.ELOOP
    except ValueError:
        return False
    return False


def _no_file(reference: str) -> Words:
    return Words(f"there is no file {reference!r}", f"il n’y a pas de fichier {q(reference)}")


def _not_regular(en: str, fr: str) -> Words:
    return Words(f"{en} is not a regular file (a folder, a pipe or a device)",
                 f"{fr} n’est pas un fichier ordinaire (un dossier, un tube ou un périphérique)")


_ONLY_TEXT_FILES = Words("a ruleset reads only ordinary text files",
                         "une règle du jeu ne lit que des fichiers texte ordinaires")


def _why_fr(exc: OSError | UnicodeDecodeError) -> str:
    """Why a file could not be read, in French; the system's own words are quoted."""
    if isinstance(exc, UnicodeDecodeError):
        return (f"ce n’est pas du texte UTF-8 (l’octet {exc.object[exc.start]:#04x} à la "
                f"position {exc.start})")
    return q(exc.strerror or exc)
