"""Running ``nainjaune check`` in a fresh process with a time bound, measuring its memory.

The command runs as the child of a small Python wrapper, which kills it past the
time bound and reports its exit status, its output and its peak resident memory
(``resource.getrusage(RUSAGE_CHILDREN)``: the child's own, not the test's).
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

_WRAPPER = """\
import json, resource, subprocess, sys
seconds, cwd, args = float(sys.argv[1]), sys.argv[2], sys.argv[3:]
try:
    done = subprocess.run([sys.executable, "-m", "nainjaune_rules", *args], cwd=cwd,
                          capture_output=True, timeout=seconds, stdin=subprocess.DEVNULL)
    code, out = done.returncode, (done.stdout + done.stderr).decode("utf-8", "replace")
except subprocess.TimeoutExpired:
    code, out = None, ""
rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KiB on Linux
print(json.dumps({"code": code, "rss_mb": rss / 1024, "out": out[-6000:], "size": len(out)}))
"""


@dataclass(frozen=True)
class Run:
    code: int | None  # None: killed at the time bound
    rss_mb: float
    out: str  # the end of what it printed
    size: int  # characters printed in all


def run_bounded(args: list[str], cwd: Path, seconds: float) -> Run:
    """``nainjaune ARGS`` in ``cwd``, killed after ``seconds``."""
    done = subprocess.run([sys.executable, "-c", _WRAPPER, str(seconds), str(cwd), *args],
                          capture_output=True, text=True, timeout=seconds + 60, check=True)
    return Run(**json.loads(done.stdout))
