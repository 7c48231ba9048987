"""The compiled fast path plays the same games as the pure one; wheels are built both ways.

The test builds the compiled modules with mypyc into a copy of the package
(tools/build_fast.py; the checkout is left pure), plays every built-in ruleset there
(historical, cousins, house; and each other choice of each option) with lowest, greedy
and random seats, with and without a transcript, and compares each game with the pure
engine's, card for card and token for token (:mod:`compiled_digest`).  It also checks
that a build older than its sources is not played, that ``python -m build`` gives a
platform wheel with the compiled modules (``hatch_build.py``) and a pure one with
``NAINJAUNE_PURE=1``, without a compiler or when compiling fails, and, where CI names it
(``NAINJAUNE_COMPILED_PYTHON``), that the engine of a compiled install (``pip install .``)
plays those same games.  Skipped where
mypyc or a C compiler is missing (CI has both).  The tests that build are marked ``slow``
(a minute or two of setup): the default run leaves them out, CI runs them.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from compiled_digest import digests, variants

from nainjaune_rules import builtin_rulesets
from nainjaune_rules.engine.compiled import MODULES, STAMP, compiled_files, engine_build

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent


def _c_compiler() -> str | None:
    spec = importlib.util.spec_from_file_location("_build_fast", ROOT / "tools" / "build_fast.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    found: str | None = module.c_compiler()
    return found


needs_mypyc = pytest.mark.skipif(
    importlib.util.find_spec("mypyc") is None or _c_compiler() is None,
    reason="mypyc or a C compiler is missing")
#: the build takes ~100 s: left out of the default run, run by .ci/run (pytest -m slow)
builds = pytest.mark.slow


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package with the compiled fast path built in it."""
    root = tmp_path_factory.mktemp("fast")
    for part in ("nainjaune_rules", "rules", "grammar"):
        shutil.copytree(ROOT / part, root / part,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "build_fast.py"),
                           "--package", str(root / "nainjaune_rules")],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    # every module listed, and their shared library
    assert len(compiled_files(root / "nainjaune_rules")) == len(MODULES) + 1
    return root


def _played_in(root: Path, python: str = sys.executable) -> dict[str, object]:
    """The digests played by ``python`` with ``root`` first on its path (the package it
    imports), warnings made errors (a stale build warns)."""
    env = dict(os.environ, PYTHONPATH=str(root))
    done = subprocess.run([python, "-W", "error::UserWarning",
                           str(HERE / "compiled_digest.py")],
                          capture_output=True, text=True, env=env, cwd=root, timeout=900)
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


@builds
@needs_mypyc
def test_the_compiled_engine_plays_every_built_in_ruleset_as_the_pure_one(built: Path) -> None:
    played = _played_in(built)
    assert played["compiled"] is True  # the compiled modules were the ones imported
    assert played["digests"] == digests()


@builds
@needs_mypyc
def test_a_build_older_than_its_sources_is_not_played(built: Path) -> None:
    plain = built / "nainjaune_rules" / "engine" / "plain.py"
    text = plain.read_text()
    plain.write_text(text + "\n# edited after the build\n")
    try:
        env = dict(os.environ, PYTHONPATH=str(built))
        done = subprocess.run(
            [sys.executable, "-c", "import nainjaune_rules.engine.plain as p; "
             "from nainjaune_rules.engine.compiled import is_compiled; "
             "print(p.__file__.endswith('.py'), is_compiled())"],
            capture_output=True, text=True, env=env, cwd=built, timeout=120)
        assert done.stdout.split() == ["True", "False"], done.stderr
        assert "older than its sources" in done.stderr
    finally:
        plain.write_text(text)
    assert (built / "nainjaune_rules" / "engine" / STAMP).is_file()


def test_cleaning_removes_a_build_of_a_module_no_longer_compiled(tmp_path: Path) -> None:
    # a build of an earlier module list leaves a module that would load the new library
    engine = tmp_path / "engine"
    engine.mkdir()
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (engine / "plain.py").write_text("")
    for stem in ("plain", "cardset", "fast__mypyc"):
        (engine / (stem + suffix)).write_bytes(b"")
    (engine / STAMP).write_text("x\n")
    assert [p.name for p in compiled_files(tmp_path)] == sorted(
        stem + suffix for stem in ("cardset", "fast__mypyc", "plain"))
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "build_fast.py"), "--clean",
                           "--package", str(tmp_path)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in engine.iterdir()) == ["plain.py"]


def test_the_digests_cover_every_built_in_ruleset_and_every_option_choice() -> None:
    played = variants()
    # every ruleset file of rules/ but the source lists (they declare no game)
    files = {p.relative_to(ROOT / "rules").with_suffix("").as_posix()
             for p in (ROOT / "rules").rglob("*.nj")} - {"sources", "cousins/books"}
    assert set(builtin_rulesets()) == files
    assert {name for name in played if " " not in name} == files
    for name in files:
        for option in played[name].options:
            for choice in option.choices:
                key = name if choice.name == option.default else \
                    f"{name} {option.name}={choice.name}"
                assert dict(played[key].chosen)[option.name] == choice.name, key


def _wheel(tmp_path: Path, **env: str) -> tuple[str, list[str], str]:
    """Build a wheel of the checkout: its tag, its files, and what the build said."""
    out = tmp_path / "dist"
    done = subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(out),
                           str(ROOT)], capture_output=True, text=True, timeout=900,
                          env={**os.environ, **env})
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (wheel,) = out.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    info = next(n for n in names if n.endswith(".dist-info/WHEEL"))
    tag = next(line.split(": ", 1)[1] for line in
               zipfile.ZipFile(wheel).read(info).decode().splitlines() if line.startswith("Tag"))
    return tag, names, done.stdout + done.stderr


PY = "{}{}".format(*sys.version_info[:2])


def _engine_modules(names: list[str]) -> list[str]:
    suffix = f".cpython-{PY}-"
    return sorted(n.rsplit("/", 1)[1].split(".")[0] for n in names
                  if n.startswith("nainjaune_rules/engine/") and suffix in n)


@builds
@needs_mypyc
def test_a_wheel_is_compiled_where_a_compiler_is_found(tmp_path: Path) -> None:
    tag, names, said = _wheel(tmp_path, NAINJAUNE_PURE="")
    python, abi, platform = tag.split("-")
    assert (python, abi) == (f"cp{PY}", f"cp{PY}") and platform != "any"
    assert _engine_modules(names) == sorted(
        ["fast__mypyc", *(m.removesuffix(".py").rsplit("/", 1)[1] for m in MODULES)])
    assert f"nainjaune_rules/engine/{STAMP}" in names
    assert "the engine is compiled in this wheel" in said


@builds
def test_a_pure_wheel_is_built_on_request(tmp_path: Path) -> None:
    tag, names, said = _wheel(tmp_path, NAINJAUNE_PURE="1")
    assert tag == "py3-none-any"
    assert _engine_modules(names) == [] and f"nainjaune_rules/engine/{STAMP}" not in names
    assert "the engine is pure Python in this wheel (NAINJAUNE_PURE is set)" in said


@builds
@needs_mypyc
def test_a_wheel_is_pure_with_a_note_where_no_compiler_is_found(tmp_path: Path) -> None:
    tag, names, said = _wheel(tmp_path, NAINJAUNE_PURE="", CC=str(tmp_path / "no-cc"))
    assert tag == "py3-none-any" and _engine_modules(names) == []
    assert "the engine is pure Python in this wheel (no C compiler found)" in said


@builds
@needs_mypyc
def test_a_wheel_is_pure_with_a_note_where_compiling_fails(tmp_path: Path) -> None:
    # a compiler that is found but fails (``false``): the install goes on, pure
    tag, names, said = _wheel(tmp_path, NAINJAUNE_PURE="", CC="false")
    assert tag == "py3-none-any" and _engine_modules(names) == []
    assert "the engine is pure Python in this wheel (mypyc could not compile it: " in said


#: CI (.ci/run) installs the project as a user would, compiled, runs the README's tests on it
#: and names its Python here for the slow tests, run on a pure install; elsewhere the test
#: has nothing to compare
COMPILED_PYTHON = os.environ.get("NAINJAUNE_COMPILED_PYTHON", "")


@builds
@pytest.mark.skipif(not COMPILED_PYTHON, reason="NAINJAUNE_COMPILED_PYTHON names no install")
def test_the_installed_compiled_engine_plays_every_ruleset_as_the_pure_one(
        tmp_path: Path) -> None:
    played = _played_in(tmp_path, COMPILED_PYTHON)  # away from the checkout's sources
    assert played["compiled"] is True
    assert engine_build() == "pure"  # this process: a pure install (CI's) or the sources
    assert played["digests"] == digests()


#: CI sets this to ``compiled`` for the README's tests (on the compiled install: the run
#: fails if the checkout's sources were imported instead) and to ``pure`` for the engine's
#: tests again on a pure install
EXPECTED = os.environ.get("NAINJAUNE_EXPECT_ENGINE", "")


@pytest.mark.skipif(not EXPECTED, reason="NAINJAUNE_EXPECT_ENGINE asks for no engine")
def test_the_engine_tested_is_the_one_asked_for() -> None:
    assert engine_build() == EXPECTED
