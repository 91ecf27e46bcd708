"""End-to-end test infrastructure: the built site, a stoppable server, Chromium, recorders.

Every test in tests/e2e/ gets the ``e2e`` marker. Fixtures and helpers to reuse:

- ``dist`` (session, tests/conftest.py): Path of a fresh build of the site (tools/build.py),
  made once per run for every test process (or the folder named by DEBERTZ_TEST_DIST).
- ``server`` (session): a :class:`tools.serve.DistServer` over ``dist`` at ``/``; ``server.stop()``
  makes the next requests fail and cuts the transfers in flight (offline), ``server.start()`` brings
  it back on the same port. ``server.bytes_sent`` / ``server.sent_by_path`` count what it sent
  (``reset_counts()``), ``server.rate`` slows every answer down (bytes per second), and a path in
  ``server.held`` (e.g. ``"python.mjs"``) is not answered until removed. It is started again, at
  full speed, holding nothing and counting from zero, before every test.
- ``app_url``: ``server.url``; open it with ``page.goto(app_url)``.
- ``serve`` (factory): ``serve(directory, base="/deep/path/")`` -> another started DistServer,
  stopped after the test (sub-path tests, a test's own copy of dist/).
- ``page``: a new page in a *warm* browser context (tests/e2e/warm.py): the site is kept by the
  service worker and Python starts from its memory snapshot, as for a returning player, with
  nothing stored (every IndexedDB database, localStorage and the share inbox deleted, the pages
  of the test before closed). One warm context per set of context options (the module's
  ``browser_context_args`` fixture plus a ``@pytest.mark.browser_context_args(...)``), lent to
  one test at a time. A test marked ``@pytest.mark.fresh_context`` gets pytest-playwright's page
  instead, in a context of its own with no service worker, no caches and no IndexedDB yet: for
  tests of the first visit, the service worker, the snapshot, an offline start, or
  other origins (``serve``); reload inside it for warm starts. Chromium is Debian's
  /usr/bin/chromium-headless-shell when present (or /usr/bin/chromium; with the flags this machine
  needs), else Playwright's own.
- ``warm_contexts`` (session): the :class:`~tests.e2e.warm.WarmContexts` behind ``page``; a
  fixture of any scope may ``acquire(options)`` a warm context and ``release(options, context)``
  it (tests/e2e/test_ui_phone_layout.py).
- ``recorder``: attached to ``page`` before the first goto; ``.requests`` (URLs the page asked
  for), ``.everything`` (every URL the context asked for: the page's and the ones the service
  worker fetches itself, e.g. its install), ``.errors`` (uncaught page errors and console
  errors), ``.violations()`` (CSP reports).
- ``wait_ready`` (fixture giving a function): ``wait_ready(page)`` waits until
  ``<html data-app="ready">``; fails with the boot error text if the page shows its boot error.
- ``wait_offline_ready`` (fixture giving a function): ``wait_offline_ready(page)`` waits until a
  service worker is active for the page (every file is cached).
- ``start_game`` (fixture giving a function): ``start_game(page, names)`` creates a game through
  the setup form and waits until it is written.
- ``reload_offline`` (fixture giving a function): ``reload_offline(page, server, recorder=None)``
  waits for the service worker, stops ``server``, clears ``recorder``, reloads, waits until ready.
- ``idb`` (fixture): ``idb.records(page, "games")`` reads the app's raw IndexedDB records,
  ``idb.put(page, "games", key, value)`` writes one raw value (only after the app has started once,
  so that the database and its object stores exist: before that both fail with a clear message
  and create nothing).
- ``saved_screens`` (fixture): ``saved_screens.watch(page)`` before a goto records the saved screen
  boot.js paints before Python is up; ``saved_screens.paints(page)`` lists them for the current
  document (at most one: its scores, number of game cards, ``data-app`` then, language, note);
  ``saved_screens.kept(page)`` waits until the app has kept the screen shown now and returns the
  kept text (localStorage).
- ``evaluate_within(page, function, arg, failure=...)``: ``page.evaluate`` with a time limit
  (60 s); use it for every promise that might never settle. Each test also has pytest-timeout's
  limit (pyproject.toml), so a hang fails that test, not the whole run.

The page's CSP has no 'unsafe-eval': use ``page.wait_for_selector`` / ``locator`` waits, not
``page.wait_for_function`` with a string (Playwright evaluates those with eval and CSP blocks it).
``page.evaluate`` works.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request, expect

from tests.e2e.warm import WarmContexts
from tools.build import read_precache
from tools.chromium import launch_options
from tools.serve import DistServer

BOOT_TIMEOUT_MS = 90_000
EXPECT_TIMEOUT_MS = 15_000
"""How long an ``expect(...)`` waits (Playwright's own 5 s): `make test` runs two processes on
two cores, with Firefox or WebKit beside Chromium at times, and a stored change shows only once
its write is done; a start under that load once took longer than 5 s to appear."""
expect.set_options(timeout=EXPECT_TIMEOUT_MS)
CSP_LISTENER = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI}`);
});
"""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test collected under tests/e2e/ as an end-to-end test."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium where it exists, its headless shell for headless runs (as root
    it needs --no-sandbox; tools/chromium.py)."""
    return launch_options(browser_type_launch_args, shell=True)


@pytest.fixture(scope="session")
def _session_server(dist: Path) -> Iterator[DistServer]:
    server = DistServer(dist)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def server(_session_server: DistServer) -> DistServer:
    """The shared server, running at the start of each test."""
    _session_server.start()
    _session_server.rate = None
    _session_server.held.clear()
    _session_server.reset_counts()
    return _session_server


@pytest.fixture
def app_url(server: DistServer) -> str:
    """Address of the app served from ``dist``."""
    return server.url


@pytest.fixture
def serve() -> Iterator[Callable[..., DistServer]]:
    """Start extra servers (any folder, any base path); all are stopped after the test."""
    started: list[DistServer] = []

    def start(directory: Path, base: str = "/", plain: bool = False) -> DistServer:
        server = DistServer(directory, base, plain=plain)
        server.start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def dist_copy(dist: Path, tmp_path: Path) -> Path:
    """A private copy of the build that a test may change (e.g. to make a new version)."""
    copy = tmp_path / "dist"
    shutil.copytree(dist, copy)
    return copy


@pytest.fixture(scope="session")
def warm_contexts(
    browser: Browser, dist: Path, _session_server: DistServer
) -> Iterator[WarmContexts]:
    """Browser contexts that have visited the app once, lent to one test at a time (warm.py)."""
    url = _session_server.url

    def first_visit(page: Page) -> None:
        _session_server.start()
        page.goto(url)
        wait_ready(page)
        wait_offline_ready(page)

    contexts = WarmContexts(browser, url, len(read_precache(dist).files), first_visit)
    yield contexts
    contexts.close()


def context_options(request: pytest.FixtureRequest) -> dict[str, Any]:
    """The options pytest-playwright would give this test's context: the ``browser_context_args``
    fixture (a module may override it) updated by a ``browser_context_args`` marker."""
    options = dict(request.getfixturevalue("browser_context_args"))
    marker = request.node.get_closest_marker("browser_context_args")
    options.update(marker.kwargs if marker else {})
    return options


@pytest.fixture
def page(
    request: pytest.FixtureRequest, server: DistServer, warm_contexts: WarmContexts
) -> Iterator[Page]:
    """A page in a warm context, or in a fresh one for tests marked ``fresh_context``."""
    if request.node.get_closest_marker("fresh_context"):
        context: BrowserContext = request.getfixturevalue("context")
        yield context.new_page()
        return
    options = context_options(request)
    context = warm_contexts.acquire(options)
    try:
        yield context.new_page()
    finally:
        warm_contexts.release(options, context)


@dataclass
class Recorder:
    """What one page did: requested URLs, errors, CSP violations."""

    page: Page
    requests: list[str] = field(default_factory=list)
    everything: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def on_request(self, request: Request) -> None:
        self.requests.append(request.url)

    def on_any_request(self, request: Request) -> None:
        self.everything.append(request.url)

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def violations(self) -> list[str]:
        """CSP violations reported in the current document."""
        found: list[str] = self.page.evaluate("window.__cspViolations || []")
        return found

    def clear(self) -> None:
        """Forget what was recorded so far (e.g. before a reload)."""
        self.requests.clear()
        self.everything.clear()
        self.errors.clear()


@pytest.fixture
def recorder(page: Page) -> Iterator[Recorder]:
    """Record the page's requests, page errors, console errors and CSP violations."""
    record = Recorder(page)
    context = page.context
    page.on("request", record.on_request)
    context.on("request", record.on_any_request)  # the service worker's own requests too
    page.on("pageerror", lambda error: record.errors.append(f"page error: {error}"))
    page.on("console", record.on_console)
    page.add_init_script(CSP_LISTENER)
    yield record
    context.remove_listener("request", record.on_any_request)  # a warm context lives on


def wait_ready(page: Page, timeout: float = BOOT_TIMEOUT_MS) -> None:
    """Wait until the app is interactive; fail with the shown boot error if it is not."""
    page.wait_for_selector(
        'html[data-app="ready"], html[data-app="error"]', state="attached", timeout=timeout
    )
    if page.get_attribute("html", "data-app") != "ready":
        detail = page.text_content("#shell-error") or ""
        pytest.fail(f"the app showed its boot error instead of starting:\n{detail.strip()}")


EVALUATE_TIMEOUT_S = 60
"""Longest wait for any promise a helper evaluates in the page (Playwright's has no limit)."""


def evaluate_within(
    page: Page, function: str, arg: Any = None, *, failure: str, seconds: float = EVALUATE_TIMEOUT_S
) -> Any:
    """``page.evaluate(function, arg)``, rejected with ``failure`` if it takes over ``seconds``.

    ``function`` is a JS function of one argument that returns a value or a promise.
    """
    script = f"""([arg, ms, failure]) => Promise.race([
      Promise.resolve(arg).then({function}),
      new Promise((_, reject) => setTimeout(() => reject(new Error(failure)), ms)),
    ])"""
    return page.evaluate(script, [arg, seconds * 1000, f"{failure} (after {seconds:g} s)"])


def wait_offline_ready(page: Page) -> None:
    """Wait until a service worker is active for the page's scope (every file is cached)."""
    evaluate_within(
        page,
        "() => navigator.serviceWorker.ready.then(() => true)",
        failure="no service worker became active: did its install fail (a precache file missing)?",
    )


IDB_OPEN = """
const failed = (what, error) => new Error(`IndexedDB ${what}: ${error && error.message || error}`);
const openApp = () => new Promise((resolve, reject) => {
  const open = indexedDB.open("debertz");
  open.onupgradeneeded = () => open.transaction.abort(); // never create an empty database
  open.onblocked = () => reject(failed("open", "blocked by another connection"));
  open.onerror = () => reject(open.error && open.error.name === "AbortError"
    ? failed("open", "the app's database does not exist yet (start the app first)")
    : failed("open", open.error));
  open.onsuccess = () => resolve(open.result);
});
const inStore = (store, mode, work) => openApp().then((db) => new Promise((resolve, reject) => {
  const fail = (error) => { db.close(); reject(failed(`store ${store}`, error)); };
  try {
    const tx = db.transaction(store, mode);
    const done = work(tx.objectStore(store));
    tx.oncomplete = () => { db.close(); resolve(done()); };
    tx.onerror = () => fail(tx.error);
    tx.onabort = () => fail(tx.error || "transaction aborted");
  } catch (error) {
    fail(error);
  }
}));
"""


RECORDS = f"""(store) => {{ {IDB_OPEN}
  return inStore(store, "readonly", (objects) => {{
    const keys = objects.getAllKeys(), values = objects.getAll();
    return () => Object.fromEntries(keys.result.map((key, i) => [key, values.result[i]]));
  }});
}}"""
"""A JS function of a store's name: a promise of its raw records by key (Playwright's
``evaluate`` calls it; tests/e2e/test_engines.py runs it through Selenium)."""


def _storage_records(page: Page, store: str) -> dict[str, Any]:
    """The raw IndexedDB records of one object store of the app's database (``games``, ``app``)."""
    records: dict[str, Any] = evaluate_within(
        page, RECORDS, store, failure=f"reading IndexedDB store {store!r} did not finish"
    )
    return records


def _put_raw_record(page: Page, store: str, key: str, value: Any) -> None:
    """Write one raw value into the app's database, bypassing the app (seed or corrupt data)."""
    _change_raw_record(page, store, key, value, delete=False)


def _delete_raw_record(page: Page, store: str, key: str) -> None:
    """Delete one record from the app's database, bypassing the app (as another version would)."""
    _change_raw_record(page, store, key, None, delete=True)


def _change_raw_record(page: Page, store: str, key: str, value: Any, delete: bool) -> None:
    script = f"""([store, key, value, remove]) => {{ {IDB_OPEN}
      return inStore(store, "readwrite", (objects) => {{
        if (remove) objects.delete(key);
        else objects.put(value, key);
        return () => true;
      }});
    }}"""
    evaluate_within(
        page, script, [store, key, value, delete],
        failure=f"changing IndexedDB store {store!r} timed out",
    )


class RawStore:
    """Raw access to the app's IndexedDB database from a test."""

    records = staticmethod(_storage_records)
    put = staticmethod(_put_raw_record)
    delete = staticmethod(_delete_raw_record)


@pytest.fixture
def idb() -> RawStore:
    """Read and write the app's raw IndexedDB records (see RawStore)."""
    return RawStore()


PAINTS = """
window.__paints = [];
new MutationObserver(() => {
  const root = document.documentElement;
  if (!root || root.dataset.screen !== "saved" || window.__paints.length) return;
  window.__paints.push({
    scores: [...document.querySelectorAll("#app .board .score")].map((e) => e.dataset.score),
    cards: document.querySelectorAll("#app .card").length,
    app: root.dataset.app,
    lang: root.lang,
    note: document.getElementById("shell-note").textContent,
  });
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-screen"] });
"""
KEPT = """(route) => {
  const [kept] = Object.entries(localStorage).filter(([key]) => key.startsWith("debertz-screens:"));
  const screen = kept && JSON.parse(kept[1]).screens[route];
  if (!screen) return null;
  const markup = document.createElement("template");
  markup.innerHTML = screen.html;
  const shown = (root) => JSON.stringify([root.querySelectorAll(".card").length,
    [...root.querySelectorAll(".board .score")].map((e) => e.dataset.score)]);
  return shown(markup.content) === shown(document.getElementById("app")) ? kept[1] : null;
}"""


class SavedScreens:
    """The saved screen boot.js paints at start-up (app/ui/saved_screen.py), seen from a test."""

    @staticmethod
    def watch(page: Page) -> None:
        """Record the saved screen painted in every document the page opens from now on."""
        page.add_init_script(PAINTS)

    @staticmethod
    def paints(page: Page) -> list[dict[str, Any]]:
        """The saved screen painted in the current document (empty: none was)."""
        found: list[dict[str, Any]] = page.evaluate("window.__paints")
        return found

    @staticmethod
    def kept(page: Page) -> str:
        """Wait until the screen shown now (its game cards, its scores) is kept; the kept text."""
        route = page.evaluate("location.hash") or "#/"
        for _ in range(200):
            text: str | None = page.evaluate(KEPT, route)
            if text is not None:
                return text
            page.wait_for_timeout(100)
        raise AssertionError(f"the screen {route} was never kept")


@pytest.fixture
def saved_screens() -> SavedScreens:
    """Watch the saved screen at start-up (see SavedScreens)."""
    return SavedScreens()


@pytest.fixture(name="wait_ready")
def wait_ready_fixture() -> Callable[..., None]:
    """The :func:`wait_ready` helper, as a fixture."""
    return wait_ready


def start_game(page: Page, names: list[str]) -> None:
    """Create a game through the UI's setup form and wait until it is written."""
    page.locator("#new-game").click()
    fields = page.locator('input[data-action="setup-name"]')
    expect(fields.first).to_be_visible()
    for index in range(fields.count()):
        fields.nth(index).fill(names[index])
    page.locator("#start-game").click()
    page.wait_for_url(re.compile(r"#/game/"))
    page.wait_for_selector('html[data-writes="0"]', state="attached")


def reload_offline(page: Page, server: DistServer, recorder: Recorder | None = None) -> None:
    """Wait for the service worker, stop the server, reload and wait until the app is ready.

    The page must have been opened from ``server``; ``recorder`` (if given) is cleared just
    before the reload, so that it holds only what the offline boot did.
    """
    wait_offline_ready(page)
    server.stop()
    if recorder is not None:
        recorder.clear()
    page.reload()
    wait_ready(page)


@pytest.fixture(name="start_game")
def start_game_fixture() -> Callable[[Page, list[str]], None]:
    """The :func:`start_game` helper, as a fixture."""
    return start_game


@pytest.fixture(name="reload_offline")
def reload_offline_fixture() -> Callable[..., None]:
    """The :func:`reload_offline` helper, as a fixture."""
    return reload_offline


@pytest.fixture(name="evaluate_within")
def evaluate_within_fixture() -> Callable[..., Any]:
    """The :func:`evaluate_within` helper, as a fixture."""
    return evaluate_within


@pytest.fixture(name="wait_offline_ready")
def wait_offline_ready_fixture() -> Callable[[Page], None]:
    """The :func:`wait_offline_ready` helper, as a fixture."""
    return wait_offline_ready
