"""Helpers of the browser tests: serve a built site on 127.0.0.1, read the JSON a
probe page writes into ``<pre id="out">`` from the DOM that headless Chromium dumps, or
drive Chromium with Playwright."""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import subprocess
import threading
from collections.abc import Iterator, Sequence
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest


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


@contextlib.contextmanager
def playwright_browser(chromium: str) -> Iterator[Any]:
    """A headless Chromium driven by Playwright (the system browser at ``chromium``), for
    the tests that wait on what a page does (the search's worker, print layout).  Off CI,
    a missing Playwright skips the test; on CI it fails it (``.ci/run`` installs it)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if os.environ.get("CI"):
            raise
        pytest.skip("playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()
