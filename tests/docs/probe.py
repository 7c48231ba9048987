"""Helpers of the browser tests: serve a built site on 127.0.0.1, and read the JSON a
probe page writes into ``<pre id="out">`` from the DOM that headless Chromium dumps."""

from __future__ import annotations

import contextlib
import functools
import json
import re
import subprocess
import threading
from collections.abc import Iterator, Sequence
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def serve(folder: Path, handler: type[SimpleHTTPRequestHandler] = Quiet) -> Iterator[str]:
    """``folder`` served over HTTP for the length of the block; yields the base URL."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler,
                                                                     directory=str(folder)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def probe_json(command: Sequence[str], timeout: int) -> Any:
    """Run Chromium with ``--dump-dom`` and parse what the probe wrote into ``#out``."""
    result = subprocess.run(list(command), capture_output=True, text=True, timeout=timeout)
    found = re.search(r'<pre id="out">(.*?)</pre>', result.stdout, re.S)
    assert found and found.group(1), result.stderr[-2000:]
    text = found.group(1).replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">")
    return json.loads(text.replace("&amp;", "&"))
