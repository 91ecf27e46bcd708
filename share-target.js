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
  let form;
  try {
    form = await request.formData();
  } catch (error) {
    return back; // not a form: nothing to keep, the import screen opens empty
  }
  const inbox = await caches.open(SHARE_INBOX);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const file = form.get("file");
  if (file && typeof file !== "string" && file.size <= SHARE_MAX_BYTES) {
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
