"""What the documentation tests share besides fixtures: the checkout's root, the built site's
record, and the site's hook loaded as mkdocs loads it.

A module of its own (not ``conftest``): a test module that imported from ``conftest`` got
whichever test folder's conftest Python had loaded first, and failed when ``tests/docs`` and
``tests/stats`` were collected in one call.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class BuiltSite:
    folder: Path
    output: str  # what mkdocs printed (stdout and stderr)


def import_hook() -> ModuleType:
    """The site's mkdocs hook (site/hooks/nainjaune_docs.py), loaded from its file."""
    spec = importlib.util.spec_from_file_location(
        "nainjaune_docs_hook", ROOT / "site" / "hooks" / "nainjaune_docs.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
