// Share target of Деберц (imported by service-worker.js; self-contained, keep it that way).
// The system share sheet POSTs what was shared (a game file, or a text or link) to
// ./share-target (manifest.webmanifest "share_target"). Nothing is sent anywhere: it is kept in
// Cache Storage ("debertz-inbox") and the page opens at #/import, which reads it and deletes it
// (app/browser/transfer.py read_inbox). The page is what checks the content, never this worker.
"use strict";

const SHARE_TARGET = new URL("./share-target", self.registration.scope).href;
const SHARE_INBOX = "debertz-inbox";
const SHARE_MAX_BYTES = 30000000;

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "POST" || request.url.split("?")[0] !== SHARE_TARGET) return;
  event.respondWith(receiveShare(request));
});

async function receiveShare(request) {
  const back = Response.redirect(new URL("./#/import", self.registration.scope).href, 303);
  const inbox = await caches.open(SHARE_INBOX);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  // What cannot be kept is announced on the import screen with the reason (X-Error), never lost.
  const refused = (name, error, size) => inbox.put(`./inbox/${stamp}`, new Response("", {
    headers: { "X-Name": encodeURIComponent(name), "X-Error": error, "X-Size": String(size) },
  }));
  let form;
  try {
    form = await request.formData();
  } catch (error) {
    await refused("", "share_unreadable", 0); // not a form the browser can read (or far too large)
    return back;
  }
  const file = form.get("file");
  if (file && typeof file !== "string" && file.size > SHARE_MAX_BYTES) {
    await refused(file.name, "too_big", file.size);
  } else if (file && typeof file !== "string") {
    const headers = { "Content-Type": "text/plain", "X-Name": encodeURIComponent(file.name) };
    await inbox.put(`./inbox/${stamp}`, new Response(file, { headers }));
  } else {
    const text = ["title", "text", "url"].map((key) => form.get(key)).filter(Boolean).join("\n");
    if (text) {
      const headers = { "Content-Type": "text/plain", "X-Name": encodeURIComponent(form.get("title") || "") };
      await inbox.put(`./inbox/${stamp}`, new Response(text, { headers }));
    }
  }
  return back;
}
