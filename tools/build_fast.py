"""Build the engine's compiled fast path: mypyc on its hottest modules.

    python tools/build_fast.py            # compile in place (needs mypy, with mypyc, and gcc)
    python tools/build_fast.py --clean    # back to pure Python
    python tools/build_fast.py --package DIR   # another copy of the package (the tests)

A wheel built from the project (``pip install .``, ``python -m build``) is compiled by the
build hook (``hatch_build.py``), which calls :func:`compile_engine` here; this script serves
development: it compiles a checkout in place, to benchmark or profile the compiled engine
on the sources being edited (an editable install stays pure).

The modules of :data:`MODULES` (the game, its runs and ledger, the plain loop, the purses
and their planner) are the same source compiled by mypyc; Python imports a compiled module
(``plain.cpython-311-x86_64-linux-gnu.so``) in preference to the ``.py`` beside it, so
nothing else changes: without this build the pure path runs.  The compiled
path plays the same games card for card (tests/engine/test_engine_compiled.py builds it and
compares every built-in ruleset).  A stamp beside the compiled modules records the hash of
the sources they were built from; importing the engine after a source changed warns and
imports the sources instead (:mod:`nainjaune_rules.engine.compiled`).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def _compiled_module() -> ModuleType:
    """The checkout's ``engine/compiled.py``, read alone: importing the engine would
    import (and check) the very modules this builds."""
    path = ROOT / "nainjaune_rules" / "engine" / "compiled.py"
    spec = importlib.util.spec_from_file_location("_nainjaune_compiled", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_COMPILED = _compiled_module()
GROUP, MODULES, STAMP = _COMPILED.GROUP, _COMPILED.MODULES, _COMPILED.STAMP
compiled_files, sources_hash = _COMPILED.compiled_files, _COMPILED.sources_hash

_SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(name="nainjaune-fast",
      ext_modules=mypycify({args!r}, group_name={group!r}, opt_level="3"))
"""
#: mypy reads the whole package for its types, away from the project's configuration: as
#: that configuration does, a library not installed (a wheel's build environment has only
#: mypy and setuptools) is read as untyped instead of failing the build
_MYPY_FLAGS = ["--ignore-missing-imports"]


class BuildFailed(Exception):
    """mypyc could not compile the engine (its output is the message's tail)."""


def c_compiler() -> str | None:
    """The C compiler the build would run, if it is found: ``$CC`` as setuptools reads it,
    else the one Python's own build used."""
    command = (os.environ.get("CC") or str(sysconfig.get_config_var("CC") or "cc")).split()
    return shutil.which(command[0]) if command else None


def _build_env() -> dict[str, str]:
    """As mypyc's own command runs its build: the installed packages on PYTHONPATH, so
    that mypy reads their types as the project's mypy does."""
    import mypyc

    site = str(Path(mypyc.__file__).resolve().parent.parent)
    return dict(os.environ, PYTHONPATH=os.pathsep.join(
        p for p in (site, os.environ.get("PYTHONPATH", "")) if p))


def clean(package: Path) -> list[Path]:
    """Remove the compiled modules and their stamp: the pure path runs again."""
    removed = compiled_files(package)
    for path in removed + [package / "engine" / STAMP]:
        path.unlink(missing_ok=True)
    return removed


def compile_engine(package: Path, work: Path) -> list[Path]:
    """Compile :data:`MODULES` of a copy of ``package`` made in ``work``: returns the
    compiled modules (under ``work/nainjaune_rules/engine``), their stamp written beside
    them.  Raises :class:`BuildFailed` when mypyc or the compiler fails."""
    # mypyc reads the whole package for its types; the build runs away from the
    # project's pyproject.toml (setuptools would read it as this build's metadata)
    shutil.copytree(package, work / "nainjaune_rules",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", STAMP))
    args = _MYPY_FLAGS + [f"nainjaune_rules/{m}" for m in MODULES]
    (work / "build").mkdir()  # where mypyc's own command puts it: mypy then reads
    (work / "build" / "setup.py").write_text(_SETUP.format(args=args, group=GROUP))
    done = subprocess.run([sys.executable, "build/setup.py", "build_ext", "--inplace"],
                          cwd=work, capture_output=True, text=True, env=_build_env())
    if done.returncode != 0:
        raise BuildFailed(done.stdout[-4000:] + done.stderr[-4000:])
    built = compiled_files(work / "nainjaune_rules")
    if len(built) != len(MODULES) + 1:  # each module, and the group's shared library
        raise BuildFailed(f"mypyc built {len(built)} modules, not {len(MODULES) + 1}")
    (work / "nainjaune_rules" / "engine" / STAMP).write_text(sources_hash(package) + "\n")
    return built


def build(package: Path) -> list[Path]:
    """Compile :data:`MODULES` of ``package`` and put them beside their sources."""
    with tempfile.TemporaryDirectory(prefix="nainjaune-fast-") as tmp:
        work = Path(tmp)
        try:
            built = compile_engine(package, work)
        except BuildFailed as failed:
            sys.stderr.write(str(failed) + "\n")
            raise SystemExit("error: mypyc could not compile the engine (see above); "
                             "the pure path is unchanged") from None
        clean(package)
        for path in built:
            target = package / path.relative_to(work / "nainjaune_rules")
            partial = target.with_name(target.name + ".part")
            shutil.copyfile(path, partial)
            partial.replace(target)  # atomic: a half-copied module is never imported
    stamp = package / "engine" / STAMP
    stamp.write_text(sources_hash(package) + "\n")
    return compiled_files(package)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    parser.add_argument("--package", type=Path, default=ROOT / "nainjaune_rules",
                        help="the package folder to build in (default: this checkout's)")
    args = parser.parse_args()
    package = args.package.resolve()
    if not (package / "engine").is_dir():
        parser.error(f"{package} is not the nainjaune_rules package")
    if args.clean:
        removed = clean(package)
        print(f"removed {len(removed)} compiled modules: the pure path runs")
        return 0
    try:
        import mypyc  # noqa: F401
    except ImportError:
        print("error: mypyc is not installed (pip install mypy)", file=sys.stderr)
        return 1
    built = build(package)
    print(f"compiled {len(built)} modules into {package}:")
    for path in built:
        print(f"  {path.relative_to(package)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
