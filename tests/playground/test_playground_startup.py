"""What the build prepares so that the playground starts fast (tools/build_playground.py):
the modules the page imports served as bytecode for Pyodide's Python, the legacy codecs
left out, and the parser's tables, which the page's Python loads instead of building
(shown by lark's own log, in Pyodide run by node on the served files)."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from playground_support import ROOT

from nainjaune_rules.syntax.resources import grammar_text

#: the first bytes of a CPython 3.12 .pyc (magic number 3531, Lib/importlib/
#: _bootstrap_external.py), the Python of Pyodide 0.27
MAGIC_312 = (3531).to_bytes(2, "little") + b"\r\n"


def _runtime(site: Path) -> dict[str, object]:
    return dict(json.loads((site / "playground" / "runtime.json").read_text(encoding="utf-8")))


def _names(archive: Path) -> set[str]:
    with zipfile.ZipFile(archive) as opened:
        return set(opened.namelist())


def test_the_imported_modules_are_served_as_bytecode(playground_site: Path) -> None:
    py = playground_site / "playground" / "py"
    wheels = _runtime(playground_site)["wheels"]
    assert isinstance(wheels, list) and len(wheels) == 2
    project, lark = (_names(py / str(name)) for name in wheels)
    for module in ("playground/worker", "syntax/parser", "model/compiler", "engine/game"):
        assert f"nainjaune_rules/{module}.pyc" in project
        assert f"nainjaune_rules/{module}.py" not in project
    # never imported by the page, kept as source: a module no request imported yet
    assert "nainjaune_rules/players/human.py" in project
    # never importable by the page (the layers contract): left out, like what only
    # translators (.pot) and pip (RECORD) read
    assert not [n for n in project if n.startswith(("nainjaune_rules/cli/",
                                                     "nainjaune_rules/pages/"))]
    assert not [n for n in project if n.endswith((".pot", "/RECORD"))]
    assert "nainjaune_rules/_data/rules/locale/fr/LC_MESSAGES/fr-sheet.po" in project
    assert {"nainjaune_rules/_data/rules/fr-sheet.nj",
            "nainjaune_rules/_data/grammar/nainjaune.lark"} <= project  # data as it was
    assert {"lark/lark.pyc", "lark/grammars/common.lark"} <= lark
    stdlib = _names(py / "python_stdlib.zip")
    assert {"typing.pyc", "dataclasses.pyc", "encodings/utf_8.pyc"} <= stdlib
    assert "typing.py" not in stdlib
    with zipfile.ZipFile(py / str(wheels[0])) as opened:
        compiled = [n for n in opened.namelist() if n.endswith(".pyc")]
        assert compiled and all(opened.read(n)[:4] == MAGIC_312 for n in compiled)


def test_the_legacy_codecs_are_left_out_but_cp437(playground_site: Path) -> None:
    stdlib = _names(playground_site / "playground" / "py" / "python_stdlib.zip")
    assert not [n for n in stdlib if n.startswith(("encodings/cp1252", "encodings/mac_roman",
                                                   "encodings/shift_jis", "encodings/big5"))]
    # zipfile reads the names of the wheels' archives with cp437
    assert stdlib & {"encodings/cp437.py", "encodings/cp437.pyc"}
    assert stdlib & {"encodings/utf_16.py", "encodings/utf_16.pyc"}


def test_the_parser_tables_are_those_of_this_grammar(playground_site: Path) -> None:
    runtime = _runtime(playground_site)
    home = _names(playground_site / "playground" / "py" / str(runtime["home"]))
    digest = hashlib.sha256(grammar_text().encode("utf-8")).hexdigest()[:16]
    assert home == {f".cache/nainjaune-rules/lark-{digest}-py312.pickle"}


#: the worker's start (site/playground/worker.js), then a check with lark's log on
_LOADS_TABLES = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideMjs, py] = process.argv.slice(2);
const runtime = JSON.parse(readFileSync(py + "/../runtime.json", "utf8"));
const read = (name) => new Uint8Array(readFileSync(py + "/" + name));
const { loadPyodide } = await import(pathToFileURL(pyodideMjs).href);
const pyodide = await loadPyodide({ indexURL: py + "/", packages: [] });
const site = pyodide.runPython("import site; site.getsitepackages()[0]");
for (const name of runtime.wheels) pyodide.unpackArchive(read(name), "wheel", { extractDir: site });
pyodide.unpackArchive(read(runtime.home), "zip", { extractDir: "/home/pyodide" });
const worker = readFileSync(py + "/../worker.js", "utf8");
const chmod = worker.match(/pyodide\.runPython\(`(import os\nfor folder[^`]*)`\)/);
if (!chmod) throw new Error("worker.js no longer makes the tables private as expected");
pyodide.runPython(chmod[1]);
console.log(pyodide.runPython(`
import io, json, logging
from lark import logger
caught = io.StringIO()
logger.addHandler(logging.StreamHandler(caught))
logger.setLevel(logging.DEBUG)
from nainjaune_rules.playground.worker import handle
ask = lambda cmd, **args: json.loads(handle(json.dumps({"cmd": cmd, "args": args, "lang": "en"})))
answer = ask("check", source=ask("source", name="fr-sheet", stub=True)["result"])
json.dumps({"ok": answer["ok"], "log": caught.getvalue()})
`));
"""


def test_the_page_loads_the_parser_tables_instead_of_building_them(
        playground_site: Path, tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    script = tmp_path / "tables.mjs"
    script.write_text(_LOADS_TABLES, encoding="utf-8")
    done = subprocess.run([node, str(script), str(ROOT / "node_modules/pyodide/pyodide.mjs"),
                           str(playground_site / "playground" / "py")],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["ok"]
    assert "Loading grammar from cache" in result["log"], result["log"]
