/* The playground's Python side, in a Web Worker so the page never freezes.
 *
 * Loads Pyodide from this site (py/, copied in at build time by
 * tools/build_playground.py, listed in runtime.json: no CDN), unpacks the project's wheel and lark's into
 * site-packages, then forwards each request to
 * nainjaune_rules.outputs.playground.worker.handle (JSON in, JSON out).
 * A simulation runs chunk by chunk, yielding between chunks so that a "cancel"
 * message is seen; the page may also terminate this worker outright.
 */
"use strict";

const BASE = new URL("py/", self.location.href).href;
importScripts(BASE + "pyodide.js");

let handle = null;
let cancelled = false;

async function fetchWheel(name) {
  const response = await fetch(BASE + name);
  if (!response.ok) throw new Error(`cannot load ${name} (${response.status})`);
  return response.arrayBuffer();
}

async function boot() {
  const started = performance.now();
  const since = () => Math.round(performance.now() - started);
  const manifest = await (await fetch(new URL("runtime.json", self.location.href))).json();
  const wheels = Promise.all(manifest.wheels.map(fetchWheel)); // while Python starts
  const pyodide = await loadPyodide({ indexURL: BASE, packages: [] });
  const steps = { python_ms: since() };
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  for (const buffer of await wheels) {
    pyodide.unpackArchive(buffer, "wheel", { extractDir: sitePackages });
  }
  steps.wheels_ms = since();
  handle = pyodide.pyimport("nainjaune_rules.outputs.playground.worker").handle;
  steps.import_ms = since();
  return { ms: since(), steps, pyodide: manifest.pyodide };
}

function ask(cmd, args) {
  const answer = JSON.parse(handle(JSON.stringify({ cmd, args })));
  if (!answer.ok) throw new Error(answer.error);
  return answer.result;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

async function simulate(id, args) {
  cancelled = false;
  let progress = ask("stats", args);
  while (progress.done < progress.games && !cancelled) {
    progress = ask("stats-step", {});
    self.postMessage({ type: "progress", id, ...progress });
    await pause(); // lets a "cancel" message in
  }
  return ask("stats-figures", {});
}

const ready = boot();

self.onmessage = async (event) => {
  const { id, cmd, args } = event.data;
  if (cmd === "cancel") {
    cancelled = true;
    return;
  }
  try {
    const info = await ready;
    const result = cmd === "boot" ? info
      : cmd === "simulate" ? await simulate(id, args)
      : ask(cmd, args);
    self.postMessage({ type: "answer", id, result });
  } catch (error) {
    self.postMessage({ type: "answer", id, error: String(error && error.message || error) });
  }
};
