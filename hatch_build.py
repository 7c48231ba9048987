"""The wheel's build hook: the engine compiled with mypyc when it can be, pure Python otherwise.

hatchling runs it for every wheel (``pip install .``, ``python -m build``).  Where a C
compiler is found, it asks for mypy (which brings mypyc) and setuptools in the build
environment, compiles the engine's hot modules (``tools/build_fast.py``:
:func:`compile_engine`, the list in ``engine/compiled.py``) and puts them in the wheel
beside their sources, with the stamp of those sources; the wheel is then a platform one
(``cp311-cp311-linux_x86_64``).  Otherwise the wheel is pure Python (``py3-none-any``), with
a one-line note on stderr saying why: ``NAINJAUNE_PURE=1`` asks for it, a missing compiler
or a failed compilation falls back to it; an install never fails for want of the compiled
engine.  An editable install stays pure: compiled modules beside the sources being edited
would go stale at the first edit (``tools/build_fast.py`` compiles a checkout on purpose).
``nainjaune --version`` says which engine runs.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: what compiling needs in the build environment, asked for only when it will compile
COMPILE_REQUIRES = ["mypy>=1.8", "setuptools>=61"]


def _build_fast(root: str) -> ModuleType:
    """``tools/build_fast.py``, loaded by path (it is no package's module)."""
    path = Path(root) / "tools" / "build_fast.py"
    spec = importlib.util.spec_from_file_location("_nainjaune_build_fast", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _note(text: str) -> None:
    sys.stderr.write(f"nainjaune-rules: {text}\n")


class EngineBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def _why_pure(self) -> str | None:
        """Why this build stays pure Python, or None when it compiles."""
        if os.environ.get("NAINJAUNE_PURE", "") not in ("", "0"):
            return "NAINJAUNE_PURE is set"
        try:
            compiler = _build_fast(self.root).c_compiler()
        except (OSError, SyntaxError) as missing:  # a source tree without tools/build_fast.py
            return f"tools/build_fast.py cannot be read: {type(missing).__name__}"
        return None if compiler else "no C compiler found"

    def dependencies(self) -> list[str]:
        # asked before any build, editable ones included (hatchling does not say which)
        return [] if self._why_pure() else list(COMPILE_REQUIRES)

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return  # an sdist carries sources; an editable install plays them
        why = self._why_pure()
        if why is None:
            why = self._compile(build_data)
        if why is not None:
            _note(f"the engine is pure Python in this wheel ({why})")

    def _compile(self, build_data: dict[str, Any]) -> str | None:
        """Compile into a folder of the hook's own; None, or why it could not."""
        build_fast = _build_fast(self.root)
        self._work = Path(tempfile.mkdtemp(prefix="nainjaune-wheel-"))
        try:
            built = build_fast.compile_engine(Path(self.root) / "nainjaune_rules", self._work)
        except Exception as failed:  # any failure: the pure wheel, never a failed install
            last = str(failed).strip().splitlines()[-1:] or [type(failed).__name__]
            return f"mypyc could not compile it: {last[0][:200]}"
        engine = self._work / "nainjaune_rules" / "engine"
        for path in [*built, engine / build_fast.STAMP]:
            build_data["force_include"][str(path)] = f"nainjaune_rules/engine/{path.name}"
        build_data["pure_python"] = False
        build_data["infer_tag"] = True  # cpXY-cpXY-platform: the modules are this Python's
        _note(f"the engine is compiled in this wheel ({len(built)} modules, mypyc)")
        return None

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
