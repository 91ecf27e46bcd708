// Makes the runtime's memory snapshot python.mjs starts Python from, in a dedicated worker so that
// the player's page stays responsive. python.mjs posts {cache, key, stdLibURL, restoreHeap}; the
// worker starts Pyodide with the snapshot option on the app's standard library, imports the
// standard modules the app imports (the zip's own list, _debertz_snapshot.SNAPSHOT, written by
// tools/stdlib.py), writes the snapshot into Cache Storage under `key` and posts {made: true}, or
// {made: false, state, error}: state "too-big" when its heap outgrew the heap a restore copies it
// into (it could never be restored, so it is not stored), else "failed". Its fetches are served
// by the service worker, so making a snapshot downloads nothing.
//
// Nothing of the app is in the runtime's snapshot (the app's modules are imported after the
// restore, so an update of the app keeps it). The app's layer ({app: app.zip's bytes} in the
// message: this version's, or those of a version waiting for the tap on Update) has app.zip
// unpacked where PyScript unpacks it and every module of the app that needs no browser imported
// too (all but APP_BROWSER_ONLY); python.mjs keys it by a hash of that app.zip. Nothing may hold
// a JavaScript object: those modules import none, and Pyodide refuses to make a snapshot while
// Python holds one it cannot name.
import { loadPyodide, version } from "./vendor/pyodide/pyodide.mjs";

// Modules that would tie a snapshot to a page: the page's own, the app's that talk to the page
// (tools/stdlib.py BROWSER_ONLY), and the app's others but in the app's layer.
const APP_BROWSER_ONLY = ["app.browser", "app.main"];
const BROWSER_MODULES = ["js", "pyodide_js", "pyscript", ...APP_BROWSER_ONLY];
// The standard modules of the snapshot, and the page's modules imported since \`before\`
// (set by make() before anything is imported).
const IMPORT = (browser) => `
import importlib, sys
from _debertz_snapshot import SNAPSHOT
for name in SNAPSHOT:
    importlib.import_module(name)
del sys.modules["_debertz_snapshot"]
browser = ${JSON.stringify(browser)}
", ".join(sorted(m for m in set(sys.modules) - before
                 if any(m == b or m.startswith(b + ".") for b in browser)))
`;

// The app's modules, as python.mjs puts app.zip into ./app/ of the working folder.
const IMPORT_APP = `
import importlib, os, sys
home = os.getcwd()
if home not in sys.path:
    sys.path.insert(0, home)
for folder, _, files in sorted(os.walk(os.path.join(home, "app"))):
    package = os.path.relpath(folder, home).replace(os.sep, ".")
    for file in sorted(files):
        name = package if file == "__init__.pyc" else f"{package}.{file[:-4]}"
        pure = not any(name == b or name.startswith(b + ".")
                       for b in ${JSON.stringify(APP_BROWSER_ONLY)})
        if file.endswith(".pyc") and pure and not name.endswith(".__main__"):
            importlib.import_module(name)
`;

class TooBig extends Error {}

async function make({ cache, key, stdLibURL, restoreHeap, app }) {
  const pyodide = await loadPyodide({
    indexURL: new URL("./vendor/pyodide/", import.meta.url).href,
    stdLibURL,
    _makeSnapshot: true,
    stdout: () => {},
  });
  const dict = pyodide.globals.get("dict");
  const scope = dict(); // the imports' helper names stay out of __main__
  pyodide.runPython("import sys\nbefore = set(sys.modules)", { globals: scope });
  if (app) {
    pyodide.unpackArchive(app, "zip", { extractDir: "app" });
    pyodide.runPython(IMPORT_APP, { globals: scope });
  }
  const modules = app ? BROWSER_MODULES : [...BROWSER_MODULES, "app"];
  const browser = pyodide.runPython(IMPORT(modules), { globals: scope });
  scope.destroy();
  dict.destroy();
  if (browser) throw new Error(`the snapshot would hold browser modules: ${browser}`);
  const heap = pyodide._module.HEAP8.length; // the snapshot holds all of it
  if (!(heap <= restoreHeap)) {
    throw new TooBig(`its heap is ${heap} bytes, the restore heap ${restoreHeap}: not stored`);
  }
  const snapshot = pyodide.makeMemorySnapshot();
  const headers = { "Content-Type": "application/octet-stream", "Debertz-Runtime": version };
  await (await caches.open(cache)).put(key, new Response(snapshot, { headers }));
  return snapshot.length;
}

// The message, then the stack (only Chromium's stack starts with the message; as boot.js).
function errorText(error) {
  if (!error || typeof error !== "object") return String(error);
  const head = String(error);
  const stack = error.stack ? String(error.stack) : "";
  return !stack || stack.startsWith(head) ? stack || head : `${head}\n${stack}`;
}

addEventListener("message", ({ data }) => {
  make(data).then(
    (size) => postMessage({ made: true, size }),
    (error) =>
      postMessage({
        made: false,
        state: error instanceof TooBig ? "too-big" : "failed",
        error: errorText(error),
      }),
  );
});
