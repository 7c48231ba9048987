"""Build the playground's Python runtime into a built site: ``SITE/playground/py/``.

The playground page (``site/playground.md``, ``site/playground/``) runs the
project's own package in the browser with Pyodide.  Everything it loads is
served by the site itself (no CDN), so this step copies in:

- the Pyodide runtime from the npm package ``pyodide`` (pinned in ``package.json``,
  installed by ``npm ci`` into ``node_modules/``), its standard library without the
  modules nothing here imports (:data:`STDLIB_LEFT_OUT`);
- the project's wheel, built from this checkout (``pip wheel . --no-deps``);
- ``lark``'s pure-Python wheel, the version installed here, fetched once with
  ``pip download`` into the ignored folder ``.playground-cache/``;
- made by Pyodide itself, run with ``node`` (``tools/playground_precompile.mjs``,
  ``tools/playground_bytecode.py``): the two wheels as archives whose modules the page
  imports are bytecode for Pyodide's Python, the standard library zip the same way, and
  ``home.zip``, the parser's tables (lark's cache, ``nainjaune_rules.syntax.tablecache``),
  so that a visit neither compiles Python source nor builds the parser (about 2 s of a
  cold start, see ``benchmarks/bench_playground.py``);
- ``SITE/playground/editor.js``: the code editor, CodeMirror 6 (npm packages pinned in
  ``package.json``) and ``tools/playground_editor.js``, bundled by esbuild (npm, offline),
  with the words of the Pygments lexer (``nainjaune_rules/describe/lexer.py``) built in;
- ``SITE/playground/runtime.json``: the Pyodide version, the file names of the wheels'
  archives (unpacked into site-packages) and of ``home.zip`` (into the home folder), for
  the page and its worker (the copy in ``site/playground/`` says there is no runtime).

Run it after ``mkdocs build`` (``python tools/build_playground.py --site-dir _site``),
or let the site hook run it: ``NAINJAUNE_PLAYGROUND=1 mkdocs build``.  Without either,
the site builds as before and the playground page says its runtime is missing.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".playground-cache"
PYODIDE = ROOT / "node_modules" / "pyodide"
#: the runtime files the page loads (the rest of the npm package is types and maps)
RUNTIME = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
#: Pyodide reads its lock file at start-up, but the page loads no Pyodide package (the two
#: wheels are unpacked by the worker), so the site serves the lock file's ``info`` with an
#: empty package list: 0.3 KB instead of 112 KB of the first load.
LOCK = "pyodide-lock.json"
STDLIB = "python_stdlib.zip"
#: parts of the standard library that neither Pyodide's start, nor this package, nor lark
#: import (tests, docs, mail and network clients, sound files, jokes): left out of the
#: served zip, about 250 KB of the first load, which the code editor needs within 15 MB
STDLIB_LEFT_OUT = (
    "unittest/", "doctest.py", "pydoc.py", "pdb.py", "antigravity.py", "this.py",
    "__hello__.py", "__phello__/", "xmlrpc/", "wsgiref/", "mailbox.py", "imaplib.py",
    "nntplib.py", "poplib.py", "smtplib.py", "ftplib.py", "telnetlib.py", "aifc.py",
    "sunau.py", "wave.py", "chunk.py", "sndhdr.py", "imghdr.py", "cgi.py", "cgitb.py",
    "mailcap.py", "xdrlib.py", "uu.py", "pipes.py", "crypt.py", "webbrowser.py",
    "tabnanny.py", "pyclbr.py", "zipapp.py", "modulefinder.py", "turtle.py", "idlelib/",
)
#: the legacy 8-bit and East Asian codecs (280 KB, room for the bytecode): the page hands
#: Python text, never bytes in another encoding; cp437 stays (zipfile reads names with it)
LEGACY_CODECS = re.compile(r"encodings/(big5\w*|cp(?!437\.)\d+|euc_\w+|gb\w+|hp_roman8|hz|"
                           r"iso2022_\w+|iso8859_\w+|johab|koi8_\w+|kz1048|mac_\w+|palmos|"
                           r"ptcp154|shift_jis\w*|tis_620)\.py")
ENV_FLAG = "NAINJAUNE_PLAYGROUND"
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
EDITOR_SOURCE = ROOT / "tools" / "playground_editor.js"
PRECOMPILE = ROOT / "tools" / "playground_precompile.mjs"
BYTECODE = ROOT / "tools" / "playground_bytecode.py"
#: the home folder's archive: the parser's tables
HOME = "home.zip"


class BuildError(Exception):
    """A step of the build that cannot be done; the message says how to fix it."""


def _run(command: list[str], env: dict[str, str] | None = None) -> None:
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600,
                            env=env)
    if result.returncode != 0:
        raise BuildError(f"{' '.join(command)} failed:\n{result.stderr[-3000:]}")


def pyodide_version() -> str:
    """The installed Pyodide, which must be the one package.json pins."""
    installed = PYODIDE / "package.json"
    if not installed.is_file():
        raise BuildError("node_modules/pyodide is missing: run `npm ci` at the repository root")
    version = str(json.loads(installed.read_text(encoding="utf-8"))["version"])
    pinned = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    if pinned["pyodide"] != version:
        raise BuildError(f"node_modules has pyodide {version} but package.json pins "
                         f"{pinned['pyodide']}: run `npm ci`")
    return version


def editor_words() -> dict[str, list[str]]:
    """The lexer's word lists, which the editor's language mode colours as the site does."""
    from nainjaune_rules.describe import lexer

    return {"headers": list(lexer.HEADERS), "clause_heads": list(lexer.CLAUSE_HEADS),
            "statements": list(lexer.STATEMENTS), "values": list(lexer.VALUES)}


def editor_bundle(out: Path) -> None:
    """The code editor bundled into ``out`` (one minified ES module, no source map)."""
    if not ESBUILD.is_file():
        raise BuildError("node_modules/.bin/esbuild is missing: run `npm ci` at the "
                         "repository root")
    _run([str(ESBUILD), str(EDITOR_SOURCE), "--bundle", "--format=esm", "--minify",
          "--log-level=warning", "--legal-comments=none", f"--outfile={out}",
          "--define:NJ_WORDS=" + json.dumps(editor_words())])


def trim_stdlib(source: Path, target: Path) -> None:
    """Pyodide's standard library zip without :data:`STDLIB_LEFT_OUT` and
    :data:`LEGACY_CODECS` (entries kept as they are, compressed the same way)."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w") as new:
        for entry in old.infolist():
            if not (entry.filename.startswith(STDLIB_LEFT_OUT)
                    or LEGACY_CODECS.fullmatch(entry.filename)):
                new.writestr(entry, old.read(entry), compress_type=entry.compress_type)


def lark_wheel() -> Path:
    """lark's pure wheel, the version this environment runs, from the cache or PyPI."""
    version = metadata.version("lark")
    found = sorted(CACHE.glob(f"lark-{version}-py3-none-any.whl"))
    if not found:
        CACHE.mkdir(exist_ok=True)
        _run([sys.executable, "-m", "pip", "download", f"lark=={version}", "--no-deps",
              "--only-binary=:all:", "--dest", str(CACHE), "--quiet"])
        found = sorted(CACHE.glob(f"lark-{version}-py3-none-any.whl"))
    if not found:
        raise BuildError(f"pip did not fetch a pure wheel of lark {version}")
    return found[0]


def project_wheel(into: Path) -> Path:
    """The project's pure wheel, built from this checkout into ``into``: Pyodide cannot
    load the engine's compiled modules, which the build compiles where it can
    (hatch_build.py), so the build is asked for pure Python (``NAINJAUNE_PURE=1``)."""
    _run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--wheel-dir",
          str(into), "--quiet"], env={**os.environ, "NAINJAUNE_PURE": "1"})
    wheels = sorted(into.glob("nainjaune_rules-*.whl"))
    if len(wheels) != 1 or not wheels[0].name.endswith("-py3-none-any.whl"):
        raise BuildError(f"expected one pure nainjaune_rules wheel, found "
                         f"{[w.name for w in wheels]}")
    return wheels[0]


def archive_name(wheel: Path) -> str:
    """The served archive of ``wheel``: its modules compiled for Pyodide's Python."""
    return wheel.name.removesuffix(".whl") + ".pyc.zip"


def precompile(staging: Path, wheels: list[Path]) -> list[str]:
    """Bytecode and parser tables made in ``staging`` by its own Pyodide (see the module
    docstring): the wheels' archives (their names returned), the standard library zip
    and :data:`HOME`.  The run also proves that the package starts and checks, plays
    and simulates with the trimmed standard library."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is not installed (it comes with npm): it runs Pyodide at "
                         "build time to compile the playground's modules")
    specs = []
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            tops = sorted({name.split("/")[0] for name in archive.namelist()})
        specs.append(",".join(tops) + "=" + archive_name(wheel))
    with tempfile.TemporaryDirectory(prefix=".bytecode-", dir=staging.parent) as out:
        _run([node, str(PRECOMPILE), str(PYODIDE / "pyodide.mjs"), str(staging), out,
              str(BYTECODE), *map(str, wheels), "--", *specs])
        for made in Path(out).iterdir():
            os.replace(made, staging / made.name)  # python_stdlib.zip replaced
    for wheel in wheels:
        (staging / wheel.name).unlink(missing_ok=True)
    return [archive_name(w) for w in wheels]


def build(site_dir: Path) -> Path:
    """Fill ``site_dir/playground/py``; returns that folder."""
    version = pyodide_version()
    target = Path(site_dir) / "playground" / "py"
    staging = Path(tempfile.mkdtemp(prefix=".py-", dir=target.parent if target.parent.is_dir()
                                    else None))
    staging.chmod(0o755)  # mkdtemp makes it private; a web server must read it
    try:
        for name in RUNTIME:
            if name == STDLIB:
                trim_stdlib(PYODIDE / name, staging / name)
            else:
                shutil.copy2(PYODIDE / name, staging / name)
        lock = json.loads((PYODIDE / LOCK).read_text(encoding="utf-8"))
        (staging / LOCK).write_text(json.dumps({"info": lock["info"], "packages": {}}) + "\n",
                                    encoding="utf-8")
        wheels = [project_wheel(staging), lark_wheel()]
        shutil.copy2(wheels[1], staging / wheels[1].name)
        archives = precompile(staging, [staging / w.name for w in wheels])
        if target.exists():
            shutil.rmtree(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(staging, target)  # the whole folder at once: never half a runtime
        bundle = target.parent / "editor.js.tmp"
        editor_bundle(bundle)
        os.replace(bundle, target.parent / "editor.js")
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    manifest = {"pyodide": version, "wheels": archives, "home": HOME}
    written = target.parent / "runtime.json.tmp"
    written.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    os.replace(written, target.parent / "runtime.json")  # announced once the files are there
    return target


def wanted() -> bool:
    """Whether the site hook should build the playground (``NAINJAUNE_PLAYGROUND=1``)."""
    return os.environ.get(ENV_FLAG, "") not in ("", "0")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site-dir", default=str(ROOT / "_site"),
                        help="the built site to add the runtime to (default: _site)")
    args = parser.parse_args(argv)
    try:
        target = build(Path(args.site_dir))
    except BuildError as exc:
        print(f"build_playground: {exc}", file=sys.stderr)
        return 1
    size = sum(f.stat().st_size for f in target.iterdir())
    print(f"playground runtime in {target} ({size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
