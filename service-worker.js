// Service worker of Деберц: the whole site offline, file by file; a new version waits for the user.
// tools/build.py writes precache.js: self.PRECACHE = {build, files: {"./app.css": {rev, size}, ...}}
// where rev is a hash of the file's content. One cache holds each file under its URL and revision
// (the running version's WebAssembly under its URL alone, for its compiled code: see entry),
// so an update downloads only the files whose revision changed, and an install cut off by a lost
// connection continues with the files still missing. A file listed with a gzipped copy
// ({rev, size, packed: "./x.gz", packed_size}: Pyodide's WebAssembly, which a host may send
// uncompressed) is downloaded as that copy and inflated here, where DecompressionStream exists.
importScripts("./precache.js");
importScripts("./share-target.js"); // POST of the system share sheet (self-contained)

const SCOPE = self.registration.scope;
const PREFIX = `debertz:${SCOPE}:`; // caches are per origin; other sub-paths keep theirs
const FILES = PREFIX + "files";
const PAGE = new URL("./index.html", SCOPE).href;
const WANTED = new Map(Object.entries(self.PRECACHE.files).map(([f, e]) => [new URL(f, SCOPE).href, e]));
const PARALLEL = 4;
const INFLATES = typeof self.DecompressionStream === "function";
const revKey = (url, rev) => `${url}?rev=${rev}`; // a file's key in the cache
const keyOf = (url) => revKey(url, WANTED.get(url).rev);
const OWN = Object.fromEntries([...WANTED.keys()].map((url) => [url, keyOf(url)]));
const SERVED = new URL("./served-files", SCOPE).href; // FILES' record of the files "serve" chose

self.addEventListener("install", (event) => {
  if (!self.registration.active) self.skipWaiting(); // the first version: nothing to interrupt
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(Promise.all([removeOldEntries(), self.clients.claim()]));
});

// "skip-waiting": this version is to take over. "files" (with a port): the page asks which files
// this version keeps, and where (python.mjs prepares the Python of a waiting version from them;
// boot.js asks for "serve"). {type: "serve", keys} (with a port): the player tapped Update.
self.addEventListener("message", (event) => {
  const [port] = event.ports;
  if (event.data === "skip-waiting") self.skipWaiting();
  else if (event.data === "files" && port) port.postMessage(keptFiles());
  else if (event.data && event.data.type === "serve" && port) serve(event.data.keys, port);
});

// {cache, keys: {url: the key of its revision in that cache}, build, serves}: the same file kept
// by two versions has the same key; serves: this worker takes "serve".
function keptFiles() {
  return { cache: FILES, keys: OWN, build: self.PRECACHE.build, serves: true };
}

// The files this worker answers with: its own, or those of the waiting version the tap on Update
// chose ("serve": the page reloads into it at once, not after the new worker's activation, which
// Chromium delays by a second while this one runs: README). Each must be kept; the choice is kept
// in the cache too (a restart keeps it), and the new worker's activation deletes it.
let served = null;
const servedKeys = () => (served ||= caches.match(SERVED, { cacheName: FILES })
  .then((record) => (record ? record.json() : OWN)).catch(() => OWN));

async function serve(keys, port) {
  const cache = await caches.open(FILES);
  const found = Object.entries(keys).map(([url, key]) => entry(cache, url, key));
  const kept = (await Promise.all(found)).every(Boolean);
  if (kept) {
    await cache.put(SERVED, new Response(JSON.stringify(keys)));
    served = Promise.resolve(keys);
  }
  port.postMessage(kept); // (a failure answers nothing: the page switches as before)
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.location.origin)) return;
  event.respondWith(respond(request));
});

async function respond(request) {
  const keys = await servedKeys();
  let url = request.url.split("#")[0];
  if (!Object.hasOwn(keys, url) && request.mode === "navigate" && url.startsWith(SCOPE)) url = PAGE;
  const cache = await caches.open(FILES);
  const cached = Object.hasOwn(keys, url) && (await entry(cache, url, keys[url]));
  return cached ? keepWasmType(cached, url) : fetch(request);
}

// A file's entry under its key, else the running version's WebAssembly under its plain URL with
// its revision in X-Rev: Chromium keeps its compiled code only there (README, removeOldEntries).
async function entry(cache, url, key) {
  const found = await cache.match(key);
  if (found || !url.endsWith(".wasm")) return found;
  const plain = await cache.match(url);
  return plain && key === revKey(url, plain.headers.get("X-Rev")) ? plain : undefined;
}

async function precache() {
  const cache = await caches.open(FILES);
  const progress = { done: 0, kept: 0, total: 0, sent: 0 }; // bytes read, of whole files kept
  const missing = [];
  for (const url of WANTED.keys()) {
    const { size } = sourceOf(url);
    progress.total += size;
    if (await isKept(cache, url)) progress.done = progress.kept += size;
    else missing.push(url);
  }
  const next = async () => {
    for (let url; (url = missing.shift()); ) {
      await cache.put(keyOf(url), await download(url, progress));
      progress.kept += sourceOf(url).size;
    }
  };
  try {
    await Promise.all(Array.from({ length: PARALLEL }, next));
  } catch (error) {
    missing.length = 0; // the other downloads stop after their current file
    progress.done = progress.kept; // what was read of the files cut off is lost
    await tell(progress, "failed", String(error));
    throw error;
  }
  await tell(progress, "done");
}

// Kept: a file under its revision, but a script an earlier version kept as a copy of its bytes
// (without its URL, so without compiled code: see keptAs) is fetched once more.
async function isKept(cache, url) {
  const response = await entry(cache, url, keyOf(url));
  return Boolean(response) && (response.url === url || !/\.m?js$/.test(url));
}

// Where a file is downloaded from, and its bytes: its gzipped copy when it has one and this
// worker can inflate it, else the file itself.
function sourceOf(url) {
  const { size, packed, packed_size } = WANTED.get(url);
  if (packed && INFLATES) return { from: new URL(packed, SCOPE).href, size: packed_size };
  return { from: url, size };
}

// A file checked against its revision: kept by an earlier layout of the caches (under its plain
// URL), else as the server has it now (its gzipped copy, inflated here); a stale copy from an
// HTTP cache on the way is fetched once more past every cache.
async function download(url, progress) {
  const { from } = sourceOf(url);
  const sources = [() => caches.match(url), () => fetch(from, { cache: "no-cache" })];
  sources.push(() => fetch(from, { cache: "reload" }));
  for (const source of sources) {
    const response = await source();
    if (!response) continue;
    if (!response.ok) throw new Error(`${from}: HTTP ${response.status}`);
    const [kept, read] = [response.clone(), await readAll(response, progress)];
    const body = from === url ? read : await inflate(read); // what an earlier layout kept too
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
    const rev = Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
    if (rev === WANTED.get(url).rev) return keptAs(kept, url, body);
    kept.body.cancel();
    progress.done -= read.byteLength;
  }
  throw new Error(`${url} on the server is not the version this service worker lists`);
}

// A gzipped copy's bytes inflated; bytes that are not gzip's as they came: the file whole, kept
// by an earlier layout, or sent inflated already by a host that marks .gz files
// Content-Encoding: gzip (which fetch undoes).
async function inflate(bytes) {
  const head = new Uint8Array(bytes, 0, Math.min(2, bytes.byteLength));
  if (head[0] !== 0x1f || head[1] !== 0x8b) return bytes; // not gzip's magic number
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).arrayBuffer();
}

// The server's response as it is: Chromium keeps a script's compiled code only with a response
// that has the script's URL (a `new Response()` has none). A copy of the bytes for a response
// from elsewhere (a gzipped copy's, inflated), with `Vary: *` (not cacheable) or a .wasm without
// its type (Pyodide hangs). A .wasm's compiled code is kept with such a copy too (see entry).
function keptAs(response, url, body) {
  const wasm = url.endsWith(".wasm") && response.headers.get("Content-Type") !== "application/wasm";
  const varies = (response.headers.get("Vary") ?? "").includes("*");
  if (response.url === url && !wasm && !varies) return response;
  response.body.cancel();
  const type = wasm ? "application/wasm" : response.headers.get("Content-Type");
  return new Response(body, { status: 200, headers: type ? { "Content-Type": type } : {} });
}

async function readAll(response, progress) {
  const chunks = [];
  for (const reader = response.body.getReader(); ; ) {
    const { done, value } = await reader.read();
    if (done) return new Blob(chunks).arrayBuffer();
    chunks.push(value);
    progress.done += value.length;
    if (Date.now() - progress.sent > 250) tell(progress, "progress");
  }
}

// Progress for the pages (boot.js shows it on a first visit): bytes done of total, and the state.
async function tell(progress, state, error = "") {
  progress.sent = Date.now();
  const message = { type: "precache", state, done: progress.done, total: progress.total, error };
  const pages = await self.clients.matchAll({ includeUncontrolled: true, type: "window" });
  for (const page of pages) page.postMessage(message);
}

async function removeOldEntries() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== FILES) await caches.delete(name); // earlier layouts
  }
  const cache = await caches.open(FILES);
  const wasms = [...WANTED.keys()].filter((url) => url.endsWith(".wasm"));
  for (const url of wasms) { // (see entry) put first: a page's fetch meanwhile finds one of them
    const own = await cache.match(keyOf(url)); // (an earlier version's copy has no X-Rev)
    if (!own) continue;
    const headers = { "Content-Type": "application/wasm", "X-Rev": WANTED.get(url).rev };
    await cache.put(url, new Response(own.body, { headers }));
    await cache.delete(keyOf(url));
  }
  const current = new Set([...WANTED.keys()].map(keyOf).concat(wasms));
  for (const request of await cache.keys()) {
    if (!current.has(request.url)) await cache.delete(request);
  }
}

// Pyodide streams the wasm and hangs if the type is not application/wasm.
function keepWasmType(response, url) {
  if (!url.endsWith(".wasm") || response.headers.get("Content-Type") === "application/wasm") {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set("Content-Type", "application/wasm");
  return new Response(response.body, { status: response.status, headers });
}
