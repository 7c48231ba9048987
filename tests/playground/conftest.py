"""The built site with the playground, served on 127.0.0.1, and a headless Chromium that
may reach nothing else.

The site is built once per session with ``NAINJAUNE_PLAYGROUND=1 mkdocs build --strict``
(which runs ``tools/build_playground.py``); ``npm ci`` is run first when
``node_modules`` lacks Pyodide, esbuild or CodeMirror.  Off CI, a missing Chromium, npm or
Playwright skips these tests; on CI (``CI`` set) it fails them, since ``.ci/run`` installs
all three.

Every request the browser makes is recorded; one to any host but the local server is
aborted, and fails the test that made it (:class:`Browsing`).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # for `import playground_support`

from playground_support import (  # noqa: E402
    ROOT,
    Browsing,
    Server,
    build_site,
    leaves_localhost,
    serving,
)

IN_CI = bool(os.environ.get("CI"))
CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium"),
                             shutil.which("chromium-browser")) if p and Path(p).exists()), None)


#: no host resolves but this machine's: a second wall behind the request routing
CHROMIUM_ARGS = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
                 "--no-sandbox", "--disable-background-networking", "--disable-component-update"]


def _unavailable(reason: str) -> None:
    if IN_CI:
        pytest.fail(f"{reason} (CI installs it: see .ci/run)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def playground_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site with the playground runtime, built into a temporary folder."""
    if CHROMIUM is None:
        _unavailable("chromium is not installed (Debian package `chromium`)")
    needed = ("pyodide/package.json", ".bin/esbuild", "@codemirror/view/package.json")
    if not all((ROOT / "node_modules" / part).exists() for part in needed):
        npm = shutil.which("npm")
        if npm is None:
            _unavailable("npm is not installed, so the Pyodide runtime cannot be fetched")
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True,
                       capture_output=True, timeout=600)
    folder = tmp_path_factory.mktemp("playground-site")
    build_site(folder, playground=True)
    runtime = json.loads((folder / "playground" / "runtime.json").read_text(encoding="utf-8"))
    assert runtime["wheels"] and all((folder / "playground" / "py" / w).is_file()
                                     for w in runtime["wheels"])
    return folder


@pytest.fixture(scope="session")
def server(playground_site: Path) -> Iterator[Server]:
    with serving(playground_site) as running:
        yield running


@pytest.fixture(scope="session")
def browser(playground_site: Path) -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def _browsing(browser: Any, server: Server, routed: bool) -> Iterator[Browsing]:
    context = browser.new_context(accept_downloads=True)
    session = Browsing(context, server)
    if routed:
        context.route("**/*", session.route)
    context.on("request", lambda request: session.requests.append(request.url))
    yield session
    context.close()
    outside = [u for u in session.requests if leaves_localhost(u)]
    assert not session.blocked and not outside, (
        f"requests left localhost: {session.blocked + outside}")


@pytest.fixture
def browsing(browser: Any, server: Server) -> Iterator[Browsing]:
    """A fresh context (empty cache) whose requests are routed: any to another host aborted."""
    yield from _browsing(browser, server, routed=True)


@pytest.fixture
def browsing_cached(browser: Any, server: Server, tmp_path: Path) -> Iterator[Browsing]:
    """A browser with a profile on disk, so a second load may use the HTTP cache as a
    reader's browser does (an in-memory context's cache kept nothing the size of the
    runtime), and no routing (Playwright says routing disables the cache).  Other hosts
    stay unreachable (the browser resolves none) and any request to one fails the test."""
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    session = Browsing(context, server)
    context.on("request", lambda request: session.requests.append(request.url))
    yield session
    context.close()
    assert not [u for u in session.requests if leaves_localhost(u)], session.requests
