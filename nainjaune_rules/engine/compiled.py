"""The compiled fast path: which modules, and whether a build is up to date.

A wheel built where a C compiler is found (``pip install .``: ``hatch_build.py``) and
``python tools/build_fast.py`` in a checkout compile :data:`MODULES` with mypyc beside
their sources; Python then imports the compiled module instead of the ``.py``.  A stamp
records the hash of the sources the build was made from.  When a source has changed since
(a developer edited it and did not build again), :func:`use_sources_if_stale` loads the
``.py`` files instead, before anything imports them, and warns: a stale build never plays a
game.
Without a build (an editable install, a pure wheel) nothing here does anything.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import sys
import warnings
from pathlib import Path

#: the modules compiled, relative to the package, each after those it imports
MODULES = ("engine/tokenplans.py", "engine/purses.py", "engine/settle.py", "engine/runs.py",
           "engine/plain.py", "engine/game.py")
#: mypyc's name for the build: its shared library is ``engine/fast__mypyc...so``
GROUP = "nainjaune_rules.engine.fast"
#: beside the compiled modules: the hash of the sources they were built from
STAMP = "compiled-from.txt"
_SUFFIXES = importlib.machinery.EXTENSION_SUFFIXES


def compiled_files(package: Path) -> list[Path]:
    """The compiled modules of a build in ``package`` (the shared library included): every
    extension module of the engine's folder, which holds none but a build's (one of a
    module no longer in :data:`MODULES` too, so that cleaning removes it)."""
    engine = package / "engine"
    return sorted(p for p in engine.iterdir()
                  if p.is_file() and any(p.name.endswith(s) for s in _SUFFIXES))


def sources_hash(package: Path) -> str:
    """The hash of the sources of :data:`MODULES` (what a build is stamped with)."""
    digest = hashlib.sha256()
    for module in MODULES:
        digest.update(module.encode() + b"\0" + (package / module).read_bytes() + b"\0")
    return digest.hexdigest()


def is_compiled() -> bool:
    """Whether the engine runs the compiled modules (their build is up to date)."""
    plain = sys.modules.get("nainjaune_rules.engine.plain")
    return plain is not None and not str(getattr(plain, "__file__", "")).endswith(".py")


def engine_build() -> str:
    """How the running engine was loaded: ``"compiled"`` or ``"pure"`` (``nainjaune
    --version``, ``simulate --format json``).  Imports the engine if it is not yet (its
    stale-build guard decides first)."""
    import nainjaune_rules.engine.plain  # noqa: F401

    return "compiled" if is_compiled() else "pure"


def use_sources_if_stale(package: Path) -> None:
    """Import the ``.py`` sources of :data:`MODULES` when a build is older than them."""
    if not compiled_files(package):
        return  # the usual case: no build, the sources are imported as always
    stamp = package / "engine" / STAMP
    try:
        fresh = stamp.read_text().strip() == sources_hash(package)
    except OSError:
        fresh = False
    if fresh:
        return
    warnings.warn("the compiled engine is older than its sources: playing the sources "
                  "(python tools/build_fast.py builds it again, --clean removes it)",
                  stacklevel=2)
    for module in MODULES:
        name = "nainjaune_rules." + module.removesuffix(".py").replace("/", ".")
        spec = importlib.util.spec_from_file_location(name, package / module)
        assert spec is not None and spec.loader is not None
        loaded = importlib.util.module_from_spec(spec)
        sys.modules[name] = loaded
        spec.loader.exec_module(loaded)
