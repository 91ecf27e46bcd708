// Service worker of Деберц: the whole site offline, file by file; a new version waits for the user.
// tools/build.py writes precache.js: self.PRECACHE = {build, files: {"./app.css": {rev, size}, ...}}
// where rev is a hash of the file's content. One cache holds each file under its URL and revision,
// so an update downloads only the files whose revision changed, and an install cut off by a lost
// connection continues with the files still missing.
// The first version takes the page over at once, before anything is kept: the page starts Python
// while the site downloads, and its requests share the downloads (each file is downloaded once,
// kept, and served from the cache). The page asks for the whole site with a "first-visit" message
// (later starts with "precache"); a later version is kept whole while it installs, before it is
// offered.
importScripts("./precache.js");
importScripts("./share-target.js"); // POST of the system share sheet (self-contained)

const SCOPE = self.registration.scope;
const PREFIX = `debertz:${SCOPE}:`; // caches are per origin; other sub-paths keep theirs
const FILES = PREFIX + "files";
const PAGE = new URL("./index.html", SCOPE).href;
const WANTED = new Map(Object.entries(self.PRECACHE.files).map(([f, e]) => [new URL(f, SCOPE).href, e]));
const PARALLEL = 4;
const HOLD_MS = 240000; // a page's request for a file cut off waits this long for the next try
const keyOf = (url) => `${url}?rev=${WANTED.get(url).rev}`;
class Refused extends Error {} // the host answered, but not with this version's file
const downloads = new Map(); // url -> the promise of its download under way, shared by all
let progress = { done: 0, kept: 0, total: 0, sent: 0 }; // bytes read, of whole files kept
let keeping = null; // the precache under way
let retried = null; // resolves at the next page's "precache" (a connection back)
let retry = () => {};
const firstVisits = new Set(); // the pages starting on a first visit: their requests cut off wait

self.addEventListener("install", (event) => {
  if (self.registration.active) event.waitUntil(precache()); // kept whole before it is offered
  else self.skipWaiting(); // the first version: nothing to interrupt, nothing to wait for
});

self.addEventListener("activate", (event) => {
  event.waitUntil(Promise.all([removeOldEntries(), self.clients.claim()]));
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
  if (event.data !== "precache" && event.data !== "first-visit") return;
  if (event.data === "first-visit" && event.source) firstVisits.add(event.source.id);
  retry(); // requests held since a download failed try again
  const reply = event.ports[0]; // answered "done" or the failure, once every file is kept
  const answer = (text) => reply && reply.postMessage(text);
  event.waitUntil(precache().then(() => answer("done"), (error) => answer(String(error))));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.location.origin)) return;
  event.respondWith(respond(request, event.clientId));
});

async function respond(request, client) {
  let url = request.url.split("#")[0];
  if (!WANTED.has(url) && request.mode === "navigate" && url.startsWith(SCOPE)) url = PAGE;
  if (!WANTED.has(url)) return fetch(request);
  const cache = await caches.open(FILES);
  // A first visit's requests wait for the connection; any other start fails at once as it would
  // without this worker (boot.js then shows its error with Retry).
  const hold = request.mode !== "navigate" && firstVisits.has(client);
  const found =
    (await cache.match(keyOf(url))) ||
    (hold && (await streamed(url, cache))) ||
    (await keptNow(url, cache, hold));
  return found ? keepWasmType(found, url) : fetch(request);
}

// A page's request for a file that nobody downloads yet (Python's files on a first visit): the
// download is streamed to the page as it comes (Pyodide compiles its WebAssembly meanwhile) and
// kept once it is whole and checked. Cut off, the page's copy goes on from the kept file once the
// download has been tried again.
function streamed(url, cache) {
  if (downloads.has(url)) return null;
  return new Promise((resolve) => {
    const early = (response) => resolve(resumable(response, url, cache));
    keep(url, early).then(() => resolve(null), () => resolve(null));
  });
}

function resumable(response, url, cache) {
  const reader = response.body.getReader();
  let sent = 0;
  const body = new ReadableStream({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        sent += value.length;
        return controller.enqueue(value);
      } catch (error) {
        const kept = await keptNow(url, cache, true);
        if (!kept) return controller.error(error);
        controller.enqueue(new Uint8Array(await kept.arrayBuffer(), sent));
        return controller.close();
      }
    },
  });
  return new Response(body, { status: response.status, headers: response.headers });
}

// A file not kept yet (the first visit, or one cut off): downloaded (or the download under way
// joined), kept, and served from the cache. When the connection is lost, the request waits for
// the page's next try (boot.js asks again once the connection is back), at most HOLD_MS.
async function keptNow(url, cache, hold) {
  const until = Date.now() + (hold ? HOLD_MS : 0);
  for (;;) {
    try {
      await keep(url);
      return cache.match(keyOf(url));
    } catch (error) {
      const left = until - Date.now();
      if (left <= 0 || error instanceof Refused) return null;
      await Promise.race([nextTry(), new Promise((resolve) => setTimeout(resolve, left))]);
    }
  }
}

function nextTry() {
  if (!retried) {
    retried = new Promise((resolve) => (retry = resolve)).then(() => {
      retried = null;
      retry = () => {};
    });
  }
  return retried;
}

// One download a file at a time, whoever asks (the precache and the pages' requests), and none
// once it is kept; ``early`` (if given) gets the response as it starts to come.
function keep(url, early = null) {
  if (!downloads.has(url)) {
    const kept = (async () => {
      const cache = await caches.open(FILES);
      if (await cache.match(keyOf(url))) return;
      await cache.put(keyOf(url), await download(url, early));
      progress.kept += WANTED.get(url).size;
    })();
    downloads.set(url, kept);
    kept.then(() => downloads.delete(url), () => downloads.delete(url));
  }
  return downloads.get(url);
}

// Every file of this version kept (those kept already are not downloaded again); one run at a
// time, which every caller shares.
function precache() {
  if (!keeping) {
    keeping = keepAll();
    keeping.then(() => (keeping = null), () => (keeping = null));
  }
  return keeping;
}

async function keepAll() {
  progress = { done: 0, kept: 0, total: 0, sent: 0 };
  const cache = await caches.open(FILES);
  const missing = [];
  const smallFirst = [...WANTED].sort(([, a], [, b]) => a.size - b.size); // the page asks for
  for (const [url, { size }] of smallFirst) { // Python's large files first: it streams them
    progress.total += size;
    if (!downloads.has(url) && (await cache.match(keyOf(url)))) progress.done = progress.kept += size;
    else missing.push(url);
  }
  let failed = null;
  const next = async () => {
    for (let url; !failed && (url = missing.shift()); ) {
      await keep(url).catch((error) => (failed = failed || error));
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, next));
  if (failed) {
    progress.done = progress.kept; // what was read of the files cut off is lost
    await tell("failed", String(failed));
    throw failed;
  }
  await tell("done");
}

// A file checked against its revision: kept by an earlier layout of the caches (under its plain
// URL), else as the server has it now; a stale copy from an HTTP cache on the way is fetched once
// more past every cache.
async function download(url, early = null) {
  const sources = [() => caches.match(url), () => fetch(url, { cache: "no-cache" })];
  sources.push(() => fetch(url, { cache: "reload" }));
  for (const source of sources) {
    let response = await source();
    if (!response) continue;
    if (!response.ok) throw new Refused(`${url}: HTTP ${response.status}`);
    if (early && response.body) {
      const [mine, theirs] = response.body.tee();
      early(new Response(theirs, { status: 200, headers: response.headers }));
      early = null;
      response = new Response(mine, { headers: response.headers });
    }
    const body = await read(response);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
    const rev = Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
    if (rev === WANTED.get(url).rev) {
      const type = response.headers.get("Content-Type");
      return new Response(body, { status: 200, headers: type ? { "Content-Type": type } : {} });
    }
    progress.done -= body.byteLength;
  }
  throw new Refused(`${url} on the server is not the version this service worker lists`);
}

async function read(response) {
  const chunks = [];
  for (const reader = response.body.getReader(); ; ) {
    const { done, value } = await reader.read();
    if (done) return new Blob(chunks).arrayBuffer();
    chunks.push(value);
    progress.done += value.length;
    if (Date.now() - progress.sent > 250) tell("progress");
  }
}

// Progress for the pages (boot.js shows it on a first visit): bytes done of total, and the state.
async function tell(state, error = "") {
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
  const current = new Set([...WANTED.keys()].map(keyOf));
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
