// Makes the memory snapshot python.mjs starts Python from, in a dedicated worker so that the
// player's page stays responsive. python.mjs posts {cache, key}; the worker starts Pyodide with
// the snapshot option, unpacks app.zip where PyScript puts it, imports the app's pure modules,
// writes the snapshot into Cache Storage under `key` and posts {made: true} (or {made: false,
// error}). Its fetches are served by the service worker, so making a snapshot downloads nothing.
//
// Nothing in the snapshot may hold a JavaScript object: the modules below import only the standard
// library and each other (tests/test_snapshot_modules.py checks it on CPython), and Pyodide
// refuses to make a snapshot while Python holds a JS object it cannot name.
import { loadPyodide, version } from "./vendor/pyodide/pyodide.mjs";

const PURE_MODULES = [
  "app._vendor.segno.encoder", // app.share.qr imports it on the first QR code; here it costs nothing
  "app.engine",
  "app.share.qr",
  "app.storage",
  "app.ui.reducer",
  "app.ui.i18n",
  "app.ui.saved_screen",
  "app.ui.state",
  "app.ui.views",
];
const APP_DIR = "/home/pyodide/app"; // PyScript: {"./app.zip": "./app/*"}, from /home/pyodide
const BROWSER_MODULES = ["js", "pyodide_js", "pyscript", "app.browser", "app.main"];
const IMPORT = `
import sys
before = set(sys.modules)
import ${PURE_MODULES.join(", ")}
browser = ${JSON.stringify(BROWSER_MODULES)}
", ".join(sorted(m for m in set(sys.modules) - before
                 if any(m == b or m.startswith(b + ".") for b in browser)))
`;

async function make({ cache, key }) {
  const pyodide = await loadPyodide({
    indexURL: new URL("./vendor/pyodide/", import.meta.url).href,
    _makeSnapshot: true,
    stdout: () => {},
  });
  const zip = await fetch(new URL("./app.zip", import.meta.url));
  if (!zip.ok) throw new Error(`app.zip: HTTP ${zip.status}`);
  pyodide.unpackArchive(await zip.arrayBuffer(), "zip", { extractDir: APP_DIR });
  const dict = pyodide.globals.get("dict");
  const scope = dict(); // the imports' helper names stay out of __main__
  const browser = pyodide.runPython(IMPORT, { globals: scope });
  scope.destroy();
  dict.destroy();
  if (browser) throw new Error(`the snapshot would hold browser modules: ${browser}`);
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
    (error) => postMessage({ made: false, error: errorText(error) }),
  );
});
