"""How long the playground takes to become ready, first and second visit (not a timed test).

    python benchmarks/bench_playground.py [--site-dir DIR] [--runs N] [--chromium PATH]

Builds the site with the playground runtime (``NAINJAUNE_PLAYGROUND=1 mkdocs build``
into a temporary folder; ``--site-dir`` reuses a built one), serves it on 127.0.0.1 (a
free port) and opens ``playground.html`` in headless Chromium with a fresh profile (the
cold, first visit), then again in a new browser with the same profile (the warm, second
visit: the browser's HTTP and compiled-code caches on disk, as a returning reader has).

For each visit it prints the seconds from navigation to ``ready`` (the page's own state,
``document.body.dataset.playground``: Python started, the package imported, the built-in
rulesets listed and the first ruleset checked and shown), the bytes the server sent and
the number of requests, then the breakdown the worker and the page report, in ms since
navigation: when the worker started, the runtime's files arrived (network), Python was
up (``python``: wasm compiled and instantiated, the standard library mounted), the wheels
were unpacked, the package imported, and the first check shown.  Network phases end when
a file arrives; the rest is CPU.  The load average is printed with each run: on a busy
machine the CPU phases stretch, so compare figures measured at similar loads.

With ``--cpu``, also the CPU time of each phase, the load of the machine aside: the
same served files run by Pyodide in ``node`` (no browser), process CPU time (user +
system, all threads) for compiling the wasm alone, then for starting Python
(``loadPyodide``: compiling it again, instantiating, mounting the standard library,
Python's own start), unpacking the archives, importing the package, and the first
check (with the built-in names and the stub's source before it, as the page asks).

Any request to another host fails the run (the playground is offline by design).
The goal (issue 26): ready in 3 s or less on the first visit on a quiet machine, with at
most 15 MB transferred.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
READY_TIMEOUT_MS = 180_000
LOCAL = {"127.0.0.1", "localhost"}
#: no host resolves but this machine's (as in tests/playground/conftest.py)
CHROMIUM_ARGS = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
                 "--no-sandbox", "--disable-background-networking", "--disable-component-update"]
READY = "['ready', 'error', 'missing'].includes(document.body.dataset.playground)"


class _Handler(SimpleHTTPRequestHandler):
    """Static files; counts the bytes of each response body (the page weight)."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".js": "text/javascript", ".mjs": "text/javascript"}
    served: list[int]
    answered: list[int]  # the status of each request
    lock: threading.Lock

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        with self.lock:
            self.answered.append(int(code) if str(code).isdigit() else 0)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        with self.lock:
            self.served.append(source.tell() - start)

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def serving(folder: Path) -> Iterator[tuple[str, list[int], list[int]]]:
    """``folder`` on 127.0.0.1 at a free port: its address, the bytes of each body sent
    and the status of each request."""
    served: list[int] = []
    answered: list[int] = []
    handler = type("Handler", (_Handler,), {"served": served, "answered": answered,
                                            "lock": threading.Lock()})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(
        handler, directory=str(folder)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", served, answered
    finally:
        httpd.shutdown()
        httpd.server_close()


def build_site(folder: Path) -> None:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "NAINJAUNE_PLAYGROUND": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(folder)],
        cwd=ROOT, capture_output=True, text=True, timeout=900, env=env)
    if result.returncode != 0:
        sys.exit("mkdocs build failed:\n" + result.stdout[-2000:] + result.stderr[-2000:])


def visit(playwright: Any, chromium: str, profile: Path, url: str,
          served: list[int], answered: list[int]) -> dict[str, Any]:
    """One visit of the playground in a new browser on ``profile``: its figures."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=chromium, args=CHROMIUM_ARGS)
    outside: list[str] = []
    context.on("request", lambda r: outside.append(r.url)
               if urlsplit(r.url).hostname not in LOCAL else None)
    try:
        page = context.new_page()
        before, asked = len(served), len(answered)
        load = os.getloadavg()[0]
        started = time.monotonic()
        page.goto(f"{url}/playground.html")
        page.wait_for_function(READY, timeout=READY_TIMEOUT_MS, polling=20)
        seconds = time.monotonic() - started
        state = page.evaluate("document.body.dataset.playground")
        figures = page.evaluate("""async () => ({
            ready_nav_ms: Math.round(performance.now()), origin: performance.timeOrigin,
            timings: window.playground.timings,
            boot: await window.playground.call("boot") })""")  # the worker's breakdown
        sent = sum(served[before:])
        statuses = answered[asked:]
    finally:
        context.close()
    if outside:
        sys.exit(f"requests left localhost: {outside}")
    return {"state": state, "seconds": seconds, "bytes": sent, "requests": len(statuses),
            "not_modified": statuses.count(304),
            "load": load, **figures}


def breakdown(figures: dict[str, Any]) -> str:
    """The phases in ms since navigation: the worker's and the page's."""
    timings = figures["timings"]
    info = figures["boot"]
    shift = (info.get("origin", figures["origin"]) - figures["origin"])
    parts = [f"worker started {shift:.0f}"]
    files = sorted(info.get("files", []), key=lambda f: f["arrived_ms"])
    parts += [f"{f['name']} arrived {f['arrived_ms'] + shift:.0f}" for f in files]
    steps = info.get("steps", {})
    parts += [f"{name.removesuffix('_ms')} {ms + shift:.0f}" for name, ms in steps.items()]
    parts.append(f"first check shown {figures['ready_nav_ms']} "
                 f"(check round trip {timings.get('first_check_ms')})")
    return "; ".join(parts)


#: the start of the page's worker (site/playground/worker.js), phase by phase, in node
CPU_SCRIPT = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideMjs, py] = process.argv.slice(2);
const manifest = JSON.parse(readFileSync(py + "/../runtime.json", "utf8"));
const read = (name) => new Uint8Array(readFileSync(py + "/" + name));
const phases = [];
let wall = performance.now(), cpu = process.cpuUsage();
const phase = (name) => {
  const used = process.cpuUsage(cpu);
  phases.push([name, Math.round((used.user + used.system) / 1000),
               Math.round(performance.now() - wall)]);
  wall = performance.now(); cpu = process.cpuUsage();
};
await WebAssembly.compile(read("pyodide.asm.wasm"));
phase("wasm compile alone");
const { loadPyodide } = await import(pathToFileURL(pyodideMjs).href);
const pyodide = await loadPyodide({ indexURL: py + "/", packages: [] });
phase("start Python (loadPyodide)");
const site = pyodide.runPython("import site; site.getsitepackages()[0]");
for (const name of manifest.wheels) {
  pyodide.unpackArchive(read(name), "wheel", { extractDir: site });
}
if (manifest.home) {
  pyodide.unpackArchive(read(manifest.home), "zip", { extractDir: "/home/pyodide" });
  pyodide.runPython(`import os
for folder, _, names in os.walk(os.path.expanduser("~/.cache")):
    for name in names: os.chmod(os.path.join(folder, name), 0o600)`);
}
phase("unpack the archives");
const handle = pyodide.pyimport("nainjaune_rules.playground.worker").handle;
phase("import the package");
const ask = (cmd, args) => JSON.parse(handle(JSON.stringify({ cmd, args, lang: "en" })));
ask("names", {});
const source = ask("source", { name: "fr-sheet", stub: true }).result;
if (!ask("check", { source }).ok) throw new Error("the first check failed");
phase("first check");
console.log(JSON.stringify(phases));
"""


def cpu_phases(site: Path) -> list[tuple[str, int, int]]:
    """Each phase's CPU and wall ms, the site's runtime run by Pyodide in node."""
    node = shutil.which("node")
    if node is None:
        sys.exit("--cpu needs node (it comes with npm)")
    with tempfile.TemporaryDirectory(prefix="bench-cpu-") as scratch:
        script = Path(scratch) / "phases.mjs"
        script.write_text(CPU_SCRIPT, encoding="utf-8")
        done = subprocess.run([node, str(script), str(ROOT / "node_modules/pyodide/pyodide.mjs"),
                               str(site / "playground" / "py")],
                              capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        sys.exit("node run failed:\n" + done.stderr[-3000:])
    return [tuple(p) for p in json.loads(done.stdout.strip().splitlines()[-1])]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site-dir", help="a site built with NAINJAUNE_PLAYGROUND=1 "
                        "(default: build one into a temporary folder)")
    parser.add_argument("--runs", type=int, default=1, help="cold+warm pairs (default 1)")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    parser.add_argument("--json", action="store_true", help="also print each visit as JSON")
    parser.add_argument("--cpu", action="store_true",
                        help="also the CPU time of each phase, run in node (see above)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="bench-playground-") as scratch:
        site = Path(args.site_dir) if args.site_dir else Path(scratch) / "site"
        if not args.site_dir:
            print("building the site with the playground runtime…", flush=True)
            build_site(site)
        if not (site / "playground" / "py").is_dir():
            sys.exit(f"{site} has no playground runtime (NAINJAUNE_PLAYGROUND=1 mkdocs build)")
        with serving(site) as (url, served, answered), sync_playwright() as playwright:
            for run in range(args.runs):
                profile = Path(scratch) / f"profile-{run}"
                for kind in ("cold", "warm"):
                    figures = visit(playwright, args.chromium, profile, url, served, answered)
                    print(f"run {run + 1} {kind}: {figures['state']} in "
                          f"{figures['seconds']:.2f} s (load average {figures['load']:.2f}), "
                          f"{figures['bytes']:,} bytes sent, {figures['requests']} requests "
                          f"({figures['not_modified']} answered 304 Not Modified)",
                          flush=True)
                    print("  ms since navigation: " + breakdown(figures), flush=True)
                    if args.json:
                        print("  " + json.dumps(figures), flush=True)
        if args.cpu:
            for run in range(args.runs):
                load = os.getloadavg()[0]
                phases = cpu_phases(site)
                print(f"run {run + 1} in node (load average {load:.2f}), CPU ms / wall ms: "
                      + "; ".join(f"{name} {used}/{wall}" for name, used, wall in phases),
                      flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
