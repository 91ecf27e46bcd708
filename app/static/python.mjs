// The interpreter module PyScript is configured with (index.html: "interpreter": "./python.mjs").
// PyScript imports it and calls its loadPyodide() as it would Pyodide's own. This one starts
// Pyodide on the app's trimmed, compiled standard library (tools/stdlib.py; stdLibURL), from a
// memory snapshot of the runtime when this device has one: Pyodide's start-up with the standard
// modules the app imports already imported, none of the app's own (see docs/ARCHITECTURE.md). The
// snapshot is kept in Cache Storage under the runtime's version and the standard library's
// revision, so an update of the app (its CSS, its Python) starts from it as well: the app's
// modules are imported after the restore, from app.zip's bytecode. Over it, the app's layer: the
// same with the app's modules that need no browser imported too (380 ms at 4x CPU), kept under
// the runtime's key and a hash of app.zip, so it is used only with the very app.zip it was made
// of. Before it hands Python to PyScript it unpacks app.zip into ./app/ and puts PyScript's
// package there as the build compiled it (prepareApp). Without a usable snapshot it starts
// Pyodide normally; once the app is ready and the player
// pauses, it has the runtime's snapshot made by snapshot-worker.mjs, off the main thread, and
// after a start from the runtime's snapshot, the app's layer. When a new version waits for the
// player's tap on Update and changes the app's Python but not the runtime, the new app.zip's layer
// is made the same way, from the new version's files as its service worker keeps them, so that the
// first start of the new version restores it (prepareUpdate).
//
// Any failure of the snapshot path (none stored, unreadable, another runtime version, an exception
// while restoring, or an app that does not start from it) falls back to a normal start and
// discards the snapshot. Marks on <html> for tests and benchmarks:
//   data-python="snapshot" | "normal"              how Python was started
//   data-python-layer="app" | "runtime"              which snapshot it was started from
//   data-python-app-snapshot="made" | ...           what became of making the app's layer
//   data-python-update-snapshot="made" | "not-needed" | ...   the same of a waiting version's
//   data-python-fallback="<reason>"                 why a stored snapshot was not used
//   data-python-snapshot="made" | "failed" | "too-big" | ...   what became of making one
//   data-python-snapshot-reason="<reason>"          why none was made
// Pyodide's snapshot API is private (underscore options): the runtime is pinned (package.json).
import { loadPyodide as loadRuntime, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const here = (path) => new URL(path, import.meta.url).href;
const RUNTIME_URL = here("./vendor/pyodide/");
const STDLIB_URL = here("./vendor/pyodide/python_stdlib.app.zip"); // tools/stdlib.py STDLIB_FILE
const CACHE = `debertz-python:${here("./")}`;
const mark = (name) => document.querySelector(`meta[name="${name}"]`)?.content || "";
const STDLIB = mark("debertz-stdlib"); // the standard library's revision (tools/build.py)
const BUILD = mark("debertz-build"); // this version (a hash of every file)
const RESTORE_HEAP = Number(mark("debertz-restore-heap")); // bytes a snapshot is restored into
const KEY = here(`./python-snapshot?runtime=${version}&stdlib=${STDLIB}`);
const APP_URL = here("./app.zip"); // the app's package, unpacked here before PyScript runs main.py
const MODULE_URL = import.meta.url;
const WORKER_URL = here("./snapshot-worker.mjs");
const FAILURES = `debertz-python-failures:${KEY}`;
// The two snapshots a device makes: the runtime's, and the app's layer over it (each with the
// <html> mark saying what became of its making, and its own count of failures).
const RUNTIME = { mark: "pythonSnapshot", failures: FAILURES };
const APP = { mark: "pythonAppSnapshot", failures: `${FAILURES}:app`, app: appZip };
// A waiting version's app layer (app: a function giving its app.zip's bytes); counted as the app's.
const UPDATE = { mark: "pythonUpdateSnapshot", failures: APP.failures };
const MAX_FAILURES = 2; // a snapshot that failed twice for this runtime is not made again
const IDLE_MS = 3000; // the snapshot is made once the player has let the app be for this long
const ASK_MS = 5000; // how long a service worker may take to say which files it keeps
const root = document.documentElement;

// Python starts as soon as boot.js lets it (debertzPythonMayStart: at once, or on a first visit,
// where this module is loaded while the service worker downloads the site, once the site is
// kept), while PyScript itself may still be loading; PyScript's loadPyodide() call then takes it
// over, with its own output functions.
const output = { stdout: (text) => console.log(text), stderr: (text) => console.error(text) };
let appRead = null; // app.zip's bytes (appZip), read once
let appKeyRead = null; // the app's layer's key (appKey)
let making = Promise.resolve(); // the snapshots are made one after the other (queue)
const started = (self.debertzPythonMayStart ?? Promise.resolve({})).then(startPython);
started.catch(() => {}); // a failure is PyScript's to report, once it asks for Python

export async function loadPyodide(options = {}) {
  // indexURL is PyScript's guess (this module's folder); Pyodide's files are in RUNTIME_URL.
  const { indexURL, stdout, stderr, ...others } = options;
  if (Object.keys(others).length) {
    throw new Error(`python.mjs cannot start Python with ${Object.keys(others).join(", ")}`);
  }
  Object.assign(output, stdout && { stdout }, stderr && { stderr });
  return started;
}

// app.zip as the service worker serves it, read once (the page's preload of it serves the read):
// Python unpacks it, and the app's layer is keyed by a hash of it.
function appZip() {
  appRead ??= fetch(APP_URL).then((response) => {
    if (!response.ok) throw new Error(`${APP_URL}: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  return appRead;
}

// The app's layer's key: the runtime's and a hash of app.zip.
function appKey() {
  appKeyRead ??= appZip().then(layerKey);
  return appKeyRead;
}

// The key of the layer of an app.zip of these bytes.
async function layerKey(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0"));
  return `${KEY}&app=${hex.join("")}`;
}

// The stored snapshot, {bytes: a promise of them}, or null when there is none: the app's layer
// when there is one of this app.zip, else the runtime's. Pyodide awaits the bytes once it needs
// them, having started to fetch and compile its WebAssembly meanwhile.
async function readSnapshot() {
  if (!STDLIB || !("caches" in self)) return null;
  try {
    const cache = await caches.open(CACHE);
    const runtime = await cache.match(KEY);
    if (!runtime) {
      forgetOthers(cache, [KEY]);
      return null;
    }
    madeHere(runtime); // another runtime's: unreadable
    const layer = appKey().then((key) => {
      forgetOthers(cache, [KEY, key]);
      return cache.match(key);
    });
    const chosen = layer.catch(() => null).then((app) => {
      root.dataset.pythonLayer = app ? "app" : "runtime";
      return app || runtime;
    });
    return { bytes: chosen.then(bytesOf) };
  } catch (error) {
    await discard(`unreadable: ${error}`);
    return null;
  }
}

function madeHere(response) {
  if (response.headers.get("Debertz-Runtime") !== version) {
    throw new Error(`made by runtime ${response.headers.get("Debertz-Runtime")}, not ${version}`);
  }
}

async function bytesOf(response) {
  madeHere(response);
  return new Uint8Array(await response.arrayBuffer());
}

// Snapshots of another runtime, standard library or app.zip are of no more use.
async function forgetOthers(cache, kept) {
  try {
    for (const request of await cache.keys()) {
      if (!kept.includes(request.url)) await cache.delete(request);
    }
  } catch (error) {
    console.warn("could not delete an older Python snapshot", error);
  }
}

async function startPython({ firstVisit = false }) {
  const settings = {
    indexURL: RUNTIME_URL,
    stdLibURL: STDLIB_URL,
    stdout: (text) => output.stdout(text),
    stderr: (text) => output.stderr(text),
  };
  appZip().catch(() => {}); // read while Python starts; a failure is thrown where it is awaited
  const snapshot = firstVisit ? null : await readSnapshot(); // none stored before a first visit
  const restored = snapshot && (await restore(settings, snapshot));
  if (restored) {
    root.dataset.python = "snapshot";
    discardIfTheAppFails(); // from here on, anything failing (app.zip too) discards the snapshot
    await prepareApp(restored);
    if (root.dataset.pythonLayer === "runtime") {
      whenReady(() => whenIdle(() => queue(() => makeSnapshot(APP))));
    }
    whenReady(watchForWaitingVersions);
    return restored;
  }
  const pyodide = await loadRuntime(settings);
  root.dataset.python = "normal";
  await prepareApp(pyodide);
  whenReady(() => whenIdle(() => queue(() => makeSnapshot(RUNTIME))));
  whenReady(watchForWaitingVersions);
  return pyodide;
}

// Python from the snapshot, or null (the snapshot discarded) when it cannot be restored.
async function restore(settings, snapshot) {
  try {
    const pyodide = await loadRuntime({ ...settings, _loadSnapshot: snapshot.bytes });
    afterRestore(pyodide);
    return pyodide;
  } catch (error) {
    console.warn("Python did not start from its snapshot; starting it normally.", error);
    await discard(`restore failed: ${error && error.message ? error.message : error}`);
    return null;
  }
}

// What a snapshot must not carry over from the start that made it: the random generator's state
// (every start would draw the same game ids) and the import system's finders of the worker's
// file system (their cached directory listings; importlib.invalidate_caches() would do it too,
// but it imports importlib.metadata, a dozen modules, at every start).
function afterRestore(pyodide) {
  runAside(
    pyodide,
    "import sys\nsys.path_importer_cache.clear()\n" +
      "if 'random' in sys.modules: sys.modules['random'].seed()",
  );
}

// Before PyScript gets Python (tools/debertz_start.py, in the standard library's zip): PyScript's
// package as the build compiled it, beside the sources PyScript writes next (compiling them took
// 79-100 ms at 4x CPU), and app.zip unpacked into ./app/ but for the bytecode of the modules the
// app's layer holds imported already (16 ms at 4x where PyScript's "files" took 51-84 ms).
async function prepareApp(pyodide) {
  const data = new Uint8Array(await appZip());
  runAside(
    pyodide,
    "import sys, _debertz_start as start\nstart.write_pyscript_bytecode()\n" +
      "start.unpack_app(data.to_bytes())\ndel sys.modules['_debertz_start']",
    { data },
  );
}

// Python code run with a namespace of its own (and `names` in it): its names stay out of __main__.
function runAside(pyodide, code, names = {}) {
  const dict = pyodide.globals.get("dict");
  const scope = dict();
  try {
    for (const [name, value] of Object.entries(names)) scope.set(name, value);
    pyodide.runPython(code, { globals: scope });
  } finally {
    scope.destroy();
    dict.destroy();
  }
}

async function discard(reason) {
  root.dataset.pythonFallback = reason;
  countFailure();
  try {
    await caches.delete(CACHE);
  } catch (error) {
    console.warn("could not delete the Python snapshot", error);
  }
}

// An app that fails to start after a snapshot start (boot.js shows its error panel) must start
// normally after Retry.
function discardIfTheAppFails() {
  const watch = new MutationObserver(() => {
    if (root.dataset.app === "loading") return;
    watch.disconnect();
    if (root.dataset.app === "error") discard("the app did not start from it");
  });
  watch.observe(root, { attributes: true, attributeFilter: ["data-app"] });
}

function whenReady(then) {
  if (root.dataset.app === "ready") return then();
  const watch = new MutationObserver(() => {
    if (root.dataset.app === "loading") return;
    watch.disconnect();
    if (root.dataset.app === "ready") then();
  });
  watch.observe(root, { attributes: true, attributeFilter: ["data-app"] });
}

// The player's taps and keys come first: wait for a pause in them, with the page in front.
function whenIdle(then) {
  let last = performance.now();
  const touched = () => (last = performance.now());
  for (const kind of ["pointerdown", "keydown", "input"]) addEventListener(kind, touched, true);
  const timer = setInterval(() => {
    if (performance.now() - last < IDLE_MS || document.visibilityState !== "visible") return;
    clearInterval(timer);
    for (const kind of ["pointerdown", "keydown", "input"]) removeEventListener(kind, touched, true);
    then();
  }, 500);
}

function failures(layer) {
  try {
    return Number(localStorage.getItem(layer.failures)) || 0;
  } catch {
    return MAX_FAILURES; // no storage for the count: do not try again and again
  }
}

function countFailure(layer = RUNTIME) {
  try {
    localStorage.setItem(layer.failures, String(failures(layer) + 1));
  } catch {
    // nowhere to count: failures() already says "stop"
  }
}

// One snapshot made at a time (each starts a Python of its own in a worker): `make` runs once
// the one before is done.
function queue(make) {
  making = making.then(make, make);
  return making;
}

// Made by a worker of ours from the files the service worker serves (so it costs no download);
// the worker writes it into Cache Storage itself and says when it is done (the promise resolves
// then). A snapshot whose heap outgrew RESTORE_HEAP could never be restored (Pyodide copies it
// into a heap of that size: RangeError at every start), so the worker does not store it: "too-big".
async function makeSnapshot(layer) {
  const served = navigator.serviceWorker && navigator.serviceWorker.controller;
  const usable = STDLIB && RESTORE_HEAP && served && "caches" in self;
  if (!usable || failures(layer) >= MAX_FAILURES) {
    root.dataset[layer.mark] = "skipped";
    return;
  }
  root.dataset[layer.mark] = "making";
  let worker = null;
  let finished = null;
  const done = new Promise((resolve) => (finished = resolve));
  const finish = (state, detail) => {
    worker?.terminate();
    root.dataset[layer.mark] = state;
    if (state !== "made") {
      root.dataset[`${layer.mark}Reason`] = String(detail).split("\n")[0].slice(0, 300);
      console.warn("no Python snapshot was made:", detail);
      countFailure(layer);
    }
    finished();
  };
  let [key, app] = [KEY, null];
  try {
    if (layer.app) app = await layer.app();
    if (app) key = await layerKey(app);
  } catch (error) {
    finish("failed", `app.zip unreadable: ${error}`);
    return done;
  }
  try {
    // Opened by this page first: WebKit showed this page a cache the worker had created (on a
    // first visit, which reads no snapshot, so opens none) as empty after the worker's put.
    await caches.open(CACHE);
  } catch (error) {
    finish("failed", `no Cache Storage: ${error}`);
    return done;
  }
  worker = new Worker(WORKER_URL, { type: "module" });
  worker.onmessage = ({ data }) => finish(data.made ? "made" : data.state || "failed", data.error);
  worker.onerror = (event) => finish("failed", event.message);
  worker.postMessage({ cache: CACHE, key, stdLibURL: STDLIB_URL, restoreHeap: RESTORE_HEAP, app });
  return done;
}

// --- the Python of a version waiting for the tap on Update ---------------------------------

// A new version installed while the app runs waits for the player (boot.js offers the update).
// Once the player pauses, its app layer is made now rather than after its first start.
function watchForWaitingVersions() {
  const workers = navigator.serviceWorker;
  if (!workers || !workers.controller || !("caches" in self)) return;
  const offered = (worker) => whenIdle(() => prepareUpdate(worker));
  workers.getRegistration().then((registration) => {
    if (!registration) return;
    if (registration.waiting) offered(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker?.addEventListener("statechange", () => worker.state === "installed" && offered(worker));
    });
  }, () => {});
}

// The waiting version's app layer, when it runs on this runtime (every file of Pyodide, the
// standard library and the two modules that make and read snapshots are the same), changes app.zip,
// and this device has the runtime's snapshot its layer goes over. Else "not-needed", and why.
async function prepareUpdate(waiting) {
  const unneeded = (reason) => {
    root.dataset[UPDATE.mark] = "not-needed";
    root.dataset[`${UPDATE.mark}Reason`] = reason;
  };
  const controller = navigator.serviceWorker.controller;
  if (waiting.state === "redundant" || !controller) return unneeded("no version waits");
  const [now, next] = await Promise.all([keptFiles(controller), keptFiles(waiting)]);
  if (!now || !next) return unneeded("a service worker did not say which files it keeps");
  if (next.build && next.build === BUILD) return; // this page's own: it takes over (boot.js)
  const runtime = (url) => url.startsWith(RUNTIME_URL) || [MODULE_URL, WORKER_URL].includes(url);
  const urls = new Set([...Object.keys(now.keys), ...Object.keys(next.keys)]);
  if ([...urls].some((url) => runtime(url) && now.keys[url] !== next.keys[url])) {
    return unneeded("another runtime: its first start makes its snapshots");
  }
  if (now.keys[APP_URL] === next.keys[APP_URL]) return unneeded("the same app.zip: the same layer");
  const app = () =>
    caches.open(next.cache).then((cache) => cache.match(next.keys[APP_URL])).then((response) => {
      if (!response) throw new Error("the new version's app.zip is not kept");
      return response.arrayBuffer();
    });
  return queue(async () => {
    if (!(await (await caches.open(CACHE)).match(KEY))) {
      return unneeded("no snapshot of the runtime yet: the new version's first start makes it");
    }
    return makeSnapshot({ ...UPDATE, app });
  });
}

// The files a service worker keeps, as it says ({cache, keys: {url: key}}), or null if it says
// nothing within ASK_MS (a version from before it was asked).
function keptFiles(worker) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), ASK_MS);
    channel.port1.onmessage = ({ data }) => {
      clearTimeout(timer);
      resolve(data && data.keys ? data : null);
    };
    worker.postMessage("files", [channel.port2]);
  });
}
