// Service worker of Деберц: the whole site offline, updated only when the user agrees.
// tools/build.py writes precache.js: self.PRECACHE = {hash, files} (every file of dist/).
importScripts("./precache.js");
importScripts("./share-target.js"); // POST of the system share sheet (self-contained)

const SCOPE = self.registration.scope;
const PREFIX = `debertz:${SCOPE}:`; // caches are per origin; other sub-paths keep theirs
const CACHE = PREFIX + self.PRECACHE.hash;
const PAGE = new URL("./index.html", SCOPE).href;

self.addEventListener("install", (event) => {
  const requests = self.PRECACHE.files.map((file) => new Request(file, { cache: "reload" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
});

self.addEventListener("activate", (event) => {
  const stale = (name) => name.startsWith(PREFIX) && name !== CACHE;
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter(stale).map((n) => caches.delete(n)))),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.location.origin)) return;
  event.respondWith(respond(request));
});

async function respond(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return keepWasmType(cached);
  if (request.mode === "navigate" && request.url.startsWith(SCOPE)) {
    const page = await cache.match(PAGE);
    if (page) return page;
  }
  return fetch(request);
}

// Pyodide streams the wasm and hangs if the type is not application/wasm.
function keepWasmType(response) {
  const url = new URL(response.url || "x:", SCOPE);
  if (!url.pathname.endsWith(".wasm") || response.headers.get("Content-Type") === "application/wasm") {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set("Content-Type", "application/wasm");
  return new Response(response.body, { status: response.status, headers });
}
