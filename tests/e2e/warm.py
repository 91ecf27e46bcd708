"""Started browser profiles, shared by the end-to-end tests whose subject is not the start.

A fresh browser context pays a whole first visit: the service worker downloads and keeps the site,
Python starts without a memory snapshot, and once the page is left alone for 3 s a worker makes
the snapshot (seconds of CPU on a 2-core machine, in the middle of the test). A returning player
has all of that in place. :class:`WarmContexts` keeps one such context per set of context options
(a phone, a locale...), made by one first visit that waits until the snapshot is kept, and lends
it to one test at a time; before each test every trace of the one before is removed:

- every page of the context is closed (so no tab of an earlier test hears or writes anything),
  the permissions it granted are revoked;
- the app's data is deleted: every IndexedDB database, localStorage, and every Cache Storage cache
  but the service worker's files and the Python snapshot (the share sheet's inbox goes too);
- the context must still be warm: its service worker active, every precached file kept, one
  snapshot. A test that took a file out of the cache (or whose start discarded the snapshot)
  leaves a context that is closed instead of lent again; the next test gets a new one.

So a test in a warm context opens the app as a returning player does: from the service worker,
Python from its snapshot (``data-python="snapshot"``), with nothing stored: the same state as a
first visit in every way the app can see but the start itself. Tests of the start (the first
visit, the service worker, the snapshot, offline starts) keep a fresh context
(``@pytest.mark.fresh_context``; tests/e2e/conftest.py); a test of several tabs opens them in its
warm context, whose pages are all closed before the next test.

The reset runs in a page of the context that bypasses the service worker (CDP
``Network.setBypassServiceWorker``): the worker answers every navigation in its scope with the
app's page, and the reset must not start the app. That page opens ``precache.js`` from the server.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page

from tools.screenshots import phone_options

PHONE_OPTIONS = phone_options({"width": 360, "height": 640}, "uk")
"""The phone of every test that needs one: 360x640 CSS px, touch, mobile viewport rules, 2 device
pixels per CSS px, the browser set to Ukrainian. One set of options, so that all of them borrow the
same warm contexts (each new set of options costs a first visit in each test process)."""

KEEP = ("debertz:", "debertz-python:")
"""Cache Storage caches a warm context keeps: the service worker's files, the Python snapshot."""

RESET = """async (keep) => {
  for (const { name } of await indexedDB.databases()) {
    await new Promise((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    });
  }
  localStorage.clear();
  sessionStorage.clear();
  const names = await caches.keys();
  for (const name of names) {
    if (!keep.some((prefix) => name.startsWith(prefix))) await caches.delete(name);
  }
  const count = async (name) => (name ? (await (await caches.open(name)).keys()).length : 0);
  const registration = await navigator.serviceWorker.getRegistration();
  const named = (prefix, suffix = "") =>
    names.find((name) => name.startsWith(prefix) && name.endsWith(suffix));
  return {
    worker: Boolean(registration && registration.active && !registration.waiting),
    files: await count(named("debertz:", ":files")),
    snapshots: await count(named("debertz-python:")),
    left: [...(await indexedDB.databases()).map((d) => d.name), ...Object.keys(localStorage)],
  };
}"""
"""Delete the app's data in the page's origin; say whether the context is still warm."""

RESET_LIMIT_MS = 30_000
SNAPSHOT_MADE = 'html[data-python-snapshot="made"]'


class WarmContexts:
    """Browser contexts with the site kept and Python's snapshot made, lent to one test at a time.

    ``url`` is the app's address on the session's server; ``files`` how many files its service
    worker keeps (precache.js); ``first_visit(page)`` opens the app in a new context's page and
    waits until it is ready and kept for offline use.
    """

    def __init__(
        self, browser: Browser, url: str, files: int, first_visit: Callable[[Page], None]
    ) -> None:
        self.browser = browser
        self.url = url
        self.files = files
        self.first_visit = first_visit
        self.free: dict[str, list[BrowserContext]] = {}
        self.made = 0
        self.discarded: list[str] = []

    def acquire(self, options: dict[str, Any]) -> BrowserContext:
        """A warm context with these ``browser.new_context`` options, reset for a new test."""
        key = json.dumps(options, sort_keys=True, default=str)
        free = self.free.setdefault(key, [])
        while free:
            context = free.pop()
            problem = self.reset(context)
            if problem is None:
                return context
            self.discarded.append(problem)
            context.close()
        context = self.warm(options)
        problem = self.reset(context)
        if problem is not None:
            context.close()
            raise AssertionError(f"a new warm context is not warm: {problem}")
        return context

    def release(self, options: dict[str, Any], context: BrowserContext) -> None:
        """Give the context back after a test: its pages closed, its permissions revoked."""
        for page in context.pages:
            page.close()
        context.clear_permissions()
        key = json.dumps(options, sort_keys=True, default=str)
        self.free.setdefault(key, []).append(context)

    def close(self) -> None:
        for contexts in self.free.values():
            for context in contexts:
                context.close()
        self.free.clear()

    def warm(self, options: dict[str, Any]) -> BrowserContext:
        """A new context after one first visit, once the Python snapshot is made and kept."""
        context = self.browser.new_context(**options)
        page = context.new_page()
        self.first_visit(page)
        page.wait_for_selector(SNAPSHOT_MADE, state="attached", timeout=120_000)
        page.close()
        self.made += 1
        return context

    def reset(self, context: BrowserContext) -> str | None:
        """Close every page, delete the app's data; what makes the context no longer warm."""
        for page in context.pages:
            page.close()
        page = context.new_page()
        try:
            session = context.new_cdp_session(page)
            session.send("Network.enable")
            session.send("Network.setBypassServiceWorker", {"bypass": True})
            page.goto(self.url + "precache.js")
            state: dict[str, Any] = page.evaluate(
                f"""(keep) => Promise.race([({RESET})(keep), new Promise((resolve) =>
                  setTimeout(resolve, {RESET_LIMIT_MS}, {{timedOut: true}}))])""",
                list(KEEP),
            )
        finally:
            page.close()
        if state.get("timedOut"):
            return f"deleting its data took over {RESET_LIMIT_MS} ms (a database still open?)"
        if not state["worker"]:
            return "its service worker is not active"
        if state["files"] != self.files:
            return f"its service worker keeps {state['files']} files, not {self.files}"
        if state["snapshots"] != 1:
            return f"it keeps {state['snapshots']} Python snapshots, not 1"
        if state["left"]:
            return f"its data could not be deleted: {state['left']}"
        return None
