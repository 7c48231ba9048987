// The playground's bytecode and parser tables, made at site build by Pyodide itself
// (run by tools/build_playground.py with node; see tools/playground_bytecode.py).
//
//   node tools/playground_precompile.mjs PYODIDE_MJS RUNTIME_DIR OUT_DIR SCRIPT \
//        WHEEL... -- FOLDERS=ARCHIVE...
//
// Loads Pyodide from RUNTIME_DIR (the files the site serves: the trimmed standard
// library included), unpacks each WHEEL into site-packages, then runs SCRIPT's main()
// with OUT_DIR and the FOLDERS=ARCHIVE specs; OUT_DIR is a folder of this machine,
// mounted into Pyodide's file system at the same path.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideMjs, runtime, out, script, ...rest] = process.argv.slice(2);
const split = rest.indexOf("--");
const wheels = rest.slice(0, split);
const specs = rest.slice(split + 1);
const { loadPyodide } = await import(pathToFileURL(pyodideMjs).href);
// PYTHONNODEBUGRANGES: bytecode without the column ranges of each instruction (what
// tracebacks underline with ^^^; line numbers stay), a quarter smaller on the wire
const pyodide = await loadPyodide({ indexURL: runtime.endsWith("/") ? runtime : runtime + "/",
  packages: [], env: { PYTHONNODEBUGRANGES: "1" }, stdout: (line) => console.log(line), stderr: (line) => console.error(line) });
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
for (const wheel of wheels) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
}
pyodide.FS.mkdirTree(out);
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: out }, out);
pyodide.FS.writeFile("/tmp/playground_bytecode.py", readFileSync(script));
pyodide.globals.set("ARGS", pyodide.toPy([out, ...specs]));
pyodide.runPython(`
import runpy
runpy.run_path("/tmp/playground_bytecode.py")["main"](*ARGS)
`);
