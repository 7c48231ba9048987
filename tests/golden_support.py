"""Golden files: compare by default; ``NAINJAUNE_REGEN=1`` rewrites them and fails.

One variable, one meaning, for every golden file of the suite (the transcripts
of tests/golden/transcripts, the canonical forms of tests/language/golden):

- unset (or empty): each golden test compares the fresh output with the
  committed file and never writes;
- ``1``: each golden test writes the fresh output over its file (atomically),
  then FAILS, naming what it wrote, so a run with the variable set can never
  be mistaken for a green one (for example in a CI that inherited it);
- any other value: the golden tests fail and say so.

After regenerating, review ``git diff tests/`` and run the tests again without
the variable::

    NAINJAUNE_REGEN=1 python -m pytest tests/engine/test_engine_golden.py tests/language -k golden
"""

from __future__ import annotations

import difflib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

VARIABLE = "NAINJAUNE_REGEN"
HOW = f"{VARIABLE}=1 python -m pytest tests/engine/test_engine_golden.py tests/language -k golden"


def regen_requested() -> bool:
    """True when the golden files are to be rewritten (fails on a value with no meaning)."""
    value = os.environ.get(VARIABLE, "")
    if value not in ("", "1"):
        pytest.fail(f"{VARIABLE}={value!r} means nothing: set it to 1 to rewrite the golden "
                    "files, or unset it to compare them")
    return value == "1"


def write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def check_golden(path: Path, fresh: str, key: Callable[[str], str] = lambda text: text) -> str:
    """The committed text of ``path`` after checking that ``key`` sees it equal to ``fresh``.

    ``key`` leaves out what may differ (a hash of the ruleset's text, say).  With
    ``NAINJAUNE_REGEN=1`` the file is rewritten when it differs and the test fails.
    """
    if regen_requested():
        changed = not path.is_file() or path.read_text(encoding="utf-8") != fresh
        if changed:
            write_atomically(path, fresh)
        pytest.fail(f"{VARIABLE}=1: {'rewrote' if changed else 'left unchanged'} {path}; "
                    f"review `git diff` and run the tests again without {VARIABLE}")
    if not path.is_file():
        pytest.fail(f"no golden file {path}: regenerate it with {HOW}")
    committed = path.read_text(encoding="utf-8")
    if key(committed) != key(fresh):
        diff = difflib.unified_diff(key(committed).splitlines(True), key(fresh).splitlines(True),
                                    f"golden {path.name}", "fresh")
        shown = "".join(list(diff)[:80])
        pytest.fail(f"{path.name} differs from the fresh output (if the change is intended, "
                    f"regenerate with {HOW}):\n{shown}")
    return committed
