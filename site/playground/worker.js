/* The playground's Python side, in a Web Worker so the page never freezes.
 *
 * Loads Pyodide from this site (py/, copied in at build time by
 * tools/build_playground.py, listed in runtime.json: no CDN), unpacks the archives of
 * the project's wheel and lark's into site-packages (their modules already compiled to
 * bytecode) and the parser's tables into the home folder, then forwards each request to
 * nainjaune_rules.playground.worker.handle (JSON in, JSON out).
 * A simulation runs chunk by chunk, yielding between chunks so that a "cancel"
 * message is seen; the page may also terminate this worker outright.
 *
 * Answers: {type: "answer", id, result}, or {id, error} with the sentence Python wrote
 * for the user (in the page's language, sent as `lang` with each request), or {id,
 * failure: "boot"|"python"} when Python did not start or failed outside what it tells
 * (the page words those itself: no error's own text leaves this worker).
 */
"use strict";

const BASE = new URL("py/", self.location.href).href;
importScripts(BASE + "pyodide.js");

let pyodide = null;
let handle = null;
let cancelled = false;

/** A refusal Python worded for the user. */
class Told extends Error {}
/** Python did not start: every request fails the same way. */
class BootFailure extends Error {}

async function fetchWheel(name) {
  const response = await fetch(BASE + name);
  if (!response.ok) throw new BootFailure(`cannot load ${name} (${response.status})`);
  return response.arrayBuffer();
}

/** A phase of the start, for the breakdown the page and benchmarks/bench_playground.py
 * show: ms since this worker started (a performance mark of the same name too). */
function phase(steps, name) {
  performance.mark(`nj:${name}`);
  steps[`${name}_ms`] = Math.round(performance.now());
}

async function boot() {
  const steps = {};
  phase(steps, "script"); // pyodide.js read (importScripts above)
  const manifest = await (await fetch(new URL("runtime.json", self.location.href))).json();
  const wheels = Promise.all(manifest.wheels.map(fetchWheel)); // while Python starts
  const home = manifest.home ? fetchWheel(manifest.home) : null;
  pyodide = await loadPyodide({ indexURL: BASE, packages: [] });
  phase(steps, "python");
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  for (const buffer of await wheels) {
    pyodide.unpackArchive(buffer, "wheel", { extractDir: sitePackages });
  }
  if (home) {
    // the parser's tables, built at site build: lark's cache in the home folder, which
    // the package reads only from a file that no one else may write (zip extraction
    // leaves 0666)
    pyodide.unpackArchive(await home, "zip", { extractDir: pyodide.runPython(
      "import os; os.path.expanduser('~')") });
    pyodide.runPython(`import os
for folder, _, names in os.walk(os.path.expanduser("~/.cache")):
    for name in names: os.chmod(os.path.join(folder, name), 0o600)`);
  }
  phase(steps, "wheels");
  handle = pyodide.pyimport("nainjaune_rules.playground.worker").handle;
  phase(steps, "import");
  // when each file had arrived (ms since this worker started) and its size on the wire
  const files = performance.getEntriesByType("resource").map((entry) => ({
    name: entry.name.split("/").pop(), arrived_ms: Math.round(entry.responseEnd),
    bytes: entry.transferSize }));
  return { ms: steps.import_ms, steps, files, origin: performance.timeOrigin,
    pyodide: manifest.pyodide };
}

function ask(cmd, args, lang) {
  const answer = JSON.parse(handle(JSON.stringify({ cmd, args, lang })));
  if (!answer.ok) throw new Told(answer.error);
  return answer.result;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

async function simulate(id, args, lang) {
  cancelled = false;
  let progress = ask("stats", args, lang);
  while (progress.done < progress.games && !cancelled) {
    progress = ask("stats-step", {}, lang);
    self.postMessage({ type: "progress", id, ...progress });
    await pause(); // lets a "cancel" message in
  }
  return ask("stats-figures", {}, lang);
}

const ready = boot().catch((error) => { throw new BootFailure(String(error)); });
ready.catch(() => {}); // told to each request below, not as an unhandled rejection

self.onmessage = async (event) => {
  const { id, cmd, args, lang } = event.data;
  if (cmd === "cancel") {
    cancelled = true;
    return;
  }
  try {
    const info = await ready;
    const result = cmd === "boot" ? info
      : cmd === "simulate" ? await simulate(id, args, lang)
      : ask(cmd, args, lang);
    self.postMessage({ type: "answer", id, result });
  } catch (error) {
    const answer = error instanceof Told ? { error: error.message }
      : { failure: error instanceof BootFailure ? "boot" : "python" };
    self.postMessage({ type: "answer", id, ...answer });
  }
};
