// Makes the runtime's memory snapshot python.mjs starts Python from, in a dedicated worker so that
// the player's page stays responsive. python.mjs posts {cache, key, stdLibURL, restoreHeap}; the
// worker starts Pyodide with the snapshot option on the app's standard library, imports the
// standard modules the app imports (the zip's own list, _debertz_snapshot.SNAPSHOT, written by
// tools/stdlib.py), writes the snapshot into Cache Storage under `key` and posts {made: true}, or
// {made: false, state, error}: state "too-big" when its heap outgrew the heap a restore copies it
// into (it could never be restored, so it is not stored), else "failed". Its fetches are served
// by the service worker, so making a snapshot downloads nothing.
//
// Nothing of the app is in it (the app's modules are imported after the restore, so an update of
// the app keeps the snapshot), and nothing may hold a JavaScript object: the standard modules
// import none, and Pyodide refuses to make a snapshot while Python holds one it cannot name.
import { loadPyodide, version } from "./vendor/pyodide/pyodide.mjs";

const BROWSER_MODULES = ["js", "pyodide_js", "pyscript", "app"];
const IMPORT = `
import importlib, sys
before = set(sys.modules)
from _debertz_snapshot import SNAPSHOT
for name in SNAPSHOT:
    importlib.import_module(name)
del sys.modules["_debertz_snapshot"]
browser = ${JSON.stringify(BROWSER_MODULES)}
", ".join(sorted(m for m in set(sys.modules) - before
                 if any(m == b or m.startswith(b + ".") for b in browser)))
`;

class TooBig extends Error {}

async function make({ cache, key, stdLibURL, restoreHeap }) {
  const pyodide = await loadPyodide({
    indexURL: new URL("./vendor/pyodide/", import.meta.url).href,
    stdLibURL,
    _makeSnapshot: true,
    stdout: () => {},
  });
  const dict = pyodide.globals.get("dict");
  const scope = dict(); // the imports' helper names stay out of __main__
  const browser = pyodide.runPython(IMPORT, { globals: scope });
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
