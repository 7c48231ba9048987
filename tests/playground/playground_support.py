"""What the playground's browser tests share: the local server's record, and a browser
context that records every request (see conftest.py for the fixtures)."""

from __future__ import annotations

import base64
import contextlib
import functools
import os
import subprocess
import sys
import threading
import time
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
READY_TIMEOUT_MS = 120_000  # a safety net for a loaded machine, not a speed target
LOCAL = {"127.0.0.1", "localhost"}


def leaves_localhost(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in ("http", "https", "ws", "wss") and parts.hostname not in LOCAL


class _Handler(SimpleHTTPRequestHandler):
    """Static files, with the byte count of what was sent (the page weight)."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".js": "text/javascript", ".mjs": "text/javascript"}
    served: list[int]

    def copyfile(self, source: Any, outputfile: Any) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        self.served.append(source.tell() - start)

    def log_message(self, format: str, *args: object) -> None:
        pass


@dataclass
class Server:
    url: str
    served: list[int]  # bytes of each response body sent


@dataclass
class Browsing:
    """A browser context whose requests are all recorded; any to another host is aborted."""

    context: Any
    server: Server
    requests: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)

    def route(self, route: Any) -> None:
        url = route.request.url
        if leaves_localhost(url):
            self.blocked.append(url)
            route.abort()
        else:
            route.continue_()

    def open(self, fragment: str = "", expect: str = "ready",
             path: str = "playground.html") -> tuple[Any, float]:
        """The playground page (``path``: ``fr/playground.html`` for the French one), once
        ready, and the seconds it took to become ready; the page must have thrown nothing
        and logged no error to the console."""
        page = self.context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        started = time.monotonic()
        page.goto(f"{self.server.url}/{path}{fragment}")
        page.wait_for_function(
            "['ready', 'error', 'missing'].includes(document.body.dataset.playground)",
            timeout=READY_TIMEOUT_MS)
        seconds = time.monotonic() - started
        state = page.evaluate("document.body.dataset.playground")
        assert state == expect, page.locator("[data-testid=status]").text_content()
        assert not errors, errors
        return page, seconds


def report(capsys: Any, text: str) -> None:
    """A figure for the test output (shown even when the test passes)."""
    with capsys.disabled():
        print(f"\n[playground] {text}")


def link_fragment(text: str) -> str:
    """``#r=`` + deflate-raw + base64url, as the page writes it (independent encoder)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text.encode("utf-8")) + packer.flush()
    return "#r=" + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def build_site(folder: Path, playground: bool) -> None:
    """``mkdocs build --strict`` into ``folder``, with or without the playground runtime."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    env.pop("NAINJAUNE_PLAYGROUND", None)
    if playground:
        env["NAINJAUNE_PLAYGROUND"] = "1"
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(folder)],
        cwd=ROOT, capture_output=True, text=True, timeout=600, env=env)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]


@contextlib.contextmanager
def serving(folder: Path) -> Iterator[Server]:
    """``folder`` served on 127.0.0.1 (a free port) while the block runs."""
    served: list[int] = []
    handler = type("Handler", (_Handler,), {"served": served})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(
        handler, directory=str(folder)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield Server(f"http://127.0.0.1:{httpd.server_address[1]}", served)
    finally:
        httpd.shutdown()
        httpd.server_close()
