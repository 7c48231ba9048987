"""Run inside Pyodide at site build (``tools/playground_precompile.mjs``), never imported.

The playground's Python is Pyodide's (3.12), which compiles every module it imports
from source on each visit: about a second of a cold start on a quiet machine, the
standard library's modules included.  This script, run by the same Python at build
time, writes the bytecode in advance, and the parser's tables too:

1. the wheels, unpacked in site-packages by the caller, are exercised as the page
   does at start (names, a stub's source, its check) and beyond (a comparison, a deal,
   a few games), so that lark builds the parser's tables into the user's cache folder
   (:mod:`nainjaune_rules.syntax.tablecache`) and every module the page uses is loaded;
2. ``OUT/<archive>.zip`` for each list of package folders named on the command line:
   their files as in the wheel, but each module that step 1 imported as its bytecode,
   a sourceless ``name.pyc`` in place of ``name.py`` (Python imports it as it is: no
   compiling, no date to check), without module and function docstrings (the size of
   the first load: see :class:`_DropDocstrings`); the others stay source;
3. ``OUT/python_stdlib.zip``: the standard library zip, the same way;
4. ``OUT/home.zip``: the parser's table file, at its place under the home folder.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import marshal
import os
import sys
import zipfile
from pathlib import Path
from typing import Any

STDLIB = Path(f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip")


def exercise() -> None:
    """What the page asks at start and later, so that every module it needs is loaded."""
    from nainjaune_rules.playground.worker import handle

    def ask(cmd: str, **args: object) -> object:
        answer = json.loads(handle(json.dumps({"cmd": cmd, "args": args, "lang": "en"})))
        if not answer["ok"]:
            raise SystemExit(f"{cmd}: {answer['error']}")
        return answer["result"]

    names = ask("names")
    assert isinstance(names, list) and "fr-sheet" in names
    source = ask("source", name="fr-sheet", stub=True)
    ask("check", source=source)
    ask("builtins")
    ask("compare", source=source, other=None)
    ask("deal", source=source, players=4, seat=0, seed=1, autoplay=True)
    ask("transcript")
    ask("stats", source=source, games=2, seed=1)
    ask("stats-step")
    ask("stats-figures")


class _DropDocstrings(ast.NodeTransformer):
    """Module and function docstrings out of the bytecode (a third of its size here);
    class docstrings stay, since ``dataclass`` would otherwise make one with
    ``inspect.signature`` at each import."""

    def _drop(self, node: Any) -> Any:
        self.generic_visit(node)
        body = node.body
        if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
        return node

    visit_Module = visit_FunctionDef = visit_AsyncFunctionDef = _drop


def bytecode(source: bytes, filename: str) -> bytes:
    """A sourceless ``.pyc`` of ``source``: magic, no flags, no date, the code object."""
    tree = _DropDocstrings().visit(ast.parse(source, filename))
    code = compile(tree, filename, "exec", dont_inherit=True)
    return importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)


def imported(prefix: str) -> set[str]:
    """The files under ``prefix`` of the modules imported so far, relative to it."""
    files = {getattr(m, "__file__", None) for m in list(sys.modules.values())}
    return {f[len(prefix):] for f in files if isinstance(f, str) and f.startswith(prefix)}


def compiled_zip(entries: list[tuple[str, bytes]], used: set[str], prefix: str,
                 out: Path) -> None:
    """``entries`` zipped, each of the ``used`` modules as its bytecode instead of its
    source (the importer finds ``name.pyc`` when there is no ``name.py``)."""
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in entries:
            if name in used:
                archive.writestr(name[:-3] + ".pyc", bytecode(data, prefix + name))
            else:
                archive.writestr(name, data)


#: what the page never reads, left out of its archive (the first visit's bytes):
#: - the command line and the site's pages, which the playground's API cannot import
#:   (pyproject's layers contract, checked by lint-imports: cli is above it, pages beside);
#: - pybabel's templates (rules/locale/templates/*.pot), read only by translators (the
#:   page reads the catalogues, .po, themselves);
#: - the wheel's RECORD (pip's list of files, for uninstalling).
_NEVER_READ = ("nainjaune_rules/cli/", "nainjaune_rules/pages/", "nainjaune_rules/__main__.py")


def _never_read(name: str) -> bool:
    return (name.startswith(_NEVER_READ) or name.endswith(".pot")
            or (".dist-info/" in name and name.endswith("/RECORD")))


def package_archive(folders: list[Path], out: Path) -> None:
    """``folders`` (in site-packages: folders or single modules), the modules the page
    imported as bytecode."""
    base = folders[0].parent
    files = [p for top in folders for p in ([top] if top.is_file() else sorted(top.rglob("*")))]
    entries = [(p.relative_to(base).as_posix(), p.read_bytes())
               for p in files if p.is_file() and "__pycache__" not in p.parts
               and not _never_read(p.relative_to(base).as_posix())]
    compiled_zip(entries, imported(f"{base}/"), f"{base}/", out)


def stdlib_archive(out: Path) -> int:
    """The standard library zip, the modules imported so far as bytecode."""
    prefix = f"{STDLIB}/"
    used = imported(prefix)
    with zipfile.ZipFile(STDLIB) as old:
        entries = [(e.filename, old.read(e)) for e in old.infolist()]
    compiled_zip(entries, used, prefix, out)
    return len(used)


def home_archive(out: Path) -> int:
    """The files the run left in the home folder's cache (the parser's tables)."""
    home = Path(os.environ.get("HOME", "/home/pyodide"))
    found = sorted(p for p in (home / ".cache").rglob("*") if p.is_file())
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in found:
            archive.write(path, path.relative_to(home).as_posix())
    return len(found)


def main(out: str, *packages: str) -> None:
    target = Path(out)
    exercise()
    site = Path(__import__("site").getsitepackages()[0])
    for spec in packages:  # "name,name…=archive.zip": a wheel's top-level names
        folders, archive = spec.split("=")
        package_archive([site / f for f in folders.split(",")], target / archive)
    print(f"compiled {stdlib_archive(target / 'python_stdlib.zip')} standard modules; "
          f"{home_archive(target / 'home.zip')} table file(s)")
