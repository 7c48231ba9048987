"""Run a ``nainjaune`` command with stderr on a terminal and signal it once it is playing.

Used by the tests of the runner's bounds and signals, and runnable on its own to
measure a run's peak memory (``RUSAGE_CHILDREN`` of this process covers the
command and every process it started and waited for, and nothing else)::

    python tests/stats/signalled.py SECONDS SIGNAL -- nainjaune simulate fr-sheet --games 1000000000

prints one JSON line: ``{"code": ..., "maxrss_mb": ..., "out": ..., "err": ..., "playing": ...}``.

"Playing" is read from the progress bar, which the command draws only on a
terminal: so no ``/proc`` and no guess at how long the start takes.
"""

from __future__ import annotations

import json
import os
import pty
import resource
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field


@dataclass
class Run:
    proc: subprocess.Popen[str]
    master: int
    err: bytearray = field(default_factory=bytearray)
    reader: threading.Thread | None = None

    def read_terminal(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 4096)
            except OSError:  # EIO: the last writer closed the terminal
                return
            if not chunk:
                return
            self.err += chunk

    def wait_playing(self, timeout: float = 300) -> bool:
        """Wait until the progress bar shows (the command is playing games)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.proc.poll() is None:
            if b" games" in self.err:
                return True
            time.sleep(0.05)
        return False

    def finish(self, timeout: float = 300) -> tuple[int, str, str]:
        """Wait for the command's end (generous deadlines: a loaded machine is slow)."""
        try:
            out, _ = self.proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            out, _ = self.proc.communicate()
        if self.reader is not None:
            # the reader ends when the last process holding the terminal has closed it:
            # everything written to stderr has been read (no fixed pause, which a loaded
            # machine outruns and loses the last line: "interrupted after ...")
            self.reader.join(timeout)
        os.close(self.master)
        return self.proc.returncode, out, self.err.decode("utf-8", "replace")


def start(argv: list[str]) -> Run:
    """Start ``argv`` in its own process group, stdout piped, stderr on a new terminal."""
    master, slave = pty.openpty()
    env = dict(os.environ, PYTHONUNBUFFERED="1", COLUMNS="100")
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=slave, stdin=subprocess.DEVNULL,
                            text=True, env=env, start_new_session=True)
    os.close(slave)
    run = Run(proc, master)
    run.reader = threading.Thread(target=run.read_terminal, daemon=True)
    run.reader.start()
    return run


def signalled(argv: list[str], seconds: float, signum: int,
              group: bool = False) -> tuple[int, str, str, bool]:
    """Run ``argv``, send ``signum`` ``seconds`` after it plays; code, out, err, playing."""
    run = start(argv)
    playing = run.wait_playing()
    time.sleep(seconds)
    if run.proc.poll() is None:
        if group:
            os.killpg(run.proc.pid, signum)
        else:
            run.proc.send_signal(signum)
    code, out, err = run.finish()
    return code, out, err, playing


def main() -> int:
    seconds, name = float(sys.argv[1]), sys.argv[2]
    argv = sys.argv[sys.argv.index("--") + 1:]
    code, out, err, playing = signalled(argv, seconds, getattr(signal, name))
    maxrss_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(json.dumps({"code": code, "maxrss_mb": maxrss_kb / 1024, "out": out, "err": err,
                      "playing": playing}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
