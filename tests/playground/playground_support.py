"""What the playground's browser tests share: the local server's record, and a browser
context that records every request (see conftest.py for the fixtures)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler
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

    def open(self, fragment: str = "") -> tuple[Any, float]:
        """The playground page, once ready, and the seconds it took to become ready."""
        page = self.context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        started = time.monotonic()
        page.goto(f"{self.server.url}/playground.html{fragment}")
        page.wait_for_function(
            "['ready', 'error', 'missing'].includes(document.body.dataset.playground)",
            timeout=READY_TIMEOUT_MS)
        seconds = time.monotonic() - started
        state = page.evaluate("document.body.dataset.playground")
        assert state == "ready", page.locator("[data-testid=status]").text_content()
        assert not errors, errors
        return page, seconds
