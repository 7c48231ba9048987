"""The layers import downward only (import-linter's contract in pyproject.toml).

The same check runs in .ci/run; here it also fails the test suite, with the import
that goes the wrong way in the message.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_no_layer_imports_a_layer_above_it() -> None:
    command = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    done = subprocess.run([command, "--no-cache"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Layers import downward only KEPT" in done.stdout
