"""The optional compiled fast path (tools/build_fast.py) plays the same games as the pure one.

The test builds the compiled modules with mypyc into a copy of the package (the
checkout is left pure), plays every built-in ruleset there with lowest, greedy and
random seats, with and without a transcript, and compares each game with the pure
engine's, card for card and token for token (:mod:`compiled_digest`).  It also checks
that a build older than its sources is not played.  Skipped where mypyc or a C
compiler is missing (CI has both).  The two tests that build are marked ``slow``
(about 100 s of setup): the default run leaves them out, CI runs them.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from compiled_digest import digests

from nainjaune_rules.engine.compiled import MODULES, STAMP, compiled_files

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent

needs_mypyc = pytest.mark.skipif(
    importlib.util.find_spec("mypyc") is None
    or shutil.which(str(sysconfig.get_config_var("CC") or "cc").split()[0]) is None,
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


def _played_in(root: Path) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=str(root))
    done = subprocess.run([sys.executable, "-W", "error::UserWarning",
                           str(HERE / "compiled_digest.py")],
                          capture_output=True, text=True, env=env, cwd=root, timeout=600)
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
