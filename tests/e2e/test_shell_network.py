"""Bytes over the network, counted at the test server: a first visit downloads every file once
(Pyodide's WebAssembly as its gzipped copy, or whole where the worker cannot inflate it), a
first visit cut off by a lost connection says so and goes on where it stopped, an update that
changes one line of CSS downloads only that file (and the page that names the build). Each ends
with a start from the cache with the server stopped."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tools.build import PACKED, read_precache, write_precache
from tools.serve import DistServer

pytestmark = pytest.mark.fresh_context  # first visits and updates, counted at servers of their own

Wait = Callable[[Page], None]
SLACK = 1.02  # the goal: a first visit moves at most 1.02x the size of the site
CACHED = """() => caches.keys()
  .then((names) => names.find((name) => name.endsWith(":files")))
  .then((name) => (name ? caches.open(name).then((c) => c.keys()) : []))
  .then((keys) => keys.map((key) => key.url))"""
FILES = """() => caches.keys().then((names) => caches.open(names.find((n) => n.endsWith(":files"))))"""
SCRIPT_URLS = f"""() => ({FILES})().then(async (cache) => {{
  const urls = {{}};
  for (const key of await cache.keys()) {{
    if (/\\.m?js\\?/.test(key.url)) urls[key.url.split("?")[0]] = (await cache.match(key)).url;
  }}
  return urls;
}})"""
WASM_TYPE = f"""() => ({FILES})().then(async (cache) => {{
  const key = (await cache.keys()).find((k) => k.url.split("?")[0].endsWith(".wasm"));
  return (await cache.match(key)).headers.get("Content-Type");
}})"""
AS_A_COPY = f"""(name) => ({FILES})().then(async (cache) => {{
  const key = (await cache.keys()).find((k) => k.url.split("?")[0].endsWith(name));
  const bytes = await (await cache.match(key)).arrayBuffer();
  const type = {{ "Content-Type": "text/javascript" }};
  await cache.put(key, new Response(bytes, {{ headers: type }}));
  return (await cache.match(key)).url;
}})"""


def site_size(dist: Path) -> int:
    """Bytes of the files a visit downloads: every file, Pyodide's WebAssembly as its gzipped copy."""
    files = [path for path in dist.rglob("*") if path.is_file()]
    return sum(p.stat().st_size for p in files if p.relative_to(dist).as_posix() not in PACKED)


def cached_bytes(page: Page, dist: Path, base_url: str) -> int:
    """Bytes of the files the service worker has kept so far."""
    sizes = {name: entry.download for name, entry in read_precache(dist).files.items()}
    names = {"./" + url.removeprefix(base_url).split("?")[0] for url in page.evaluate(CACHED)}
    return sum(sizes[name] for name in names)


def first_visit(page: Page, dist: Path, serve: Callable[..., DistServer], wait: Wait) -> DistServer:
    """Open the app from its own server, counting bytes, until it is ready."""
    server = serve(dist)
    page.goto(server.url)
    wait(page)
    return server


def offline_start(page: Page, server: DistServer, wait_ready: Wait) -> None:
    server.stop()
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "data-python") == "snapshot"


CONTROLLED_AT = """navigator.serviceWorker && navigator.serviceWorker.addEventListener(
  "controllerchange", () => (document.documentElement.dataset.controlledAt = performance.now()));"""
REQUESTED = """(name) => performance.getEntriesByType("resource")
  .filter((entry) => entry.name.split("?")[0].endsWith(name))
  .map((entry) => ({ at: entry.startTime, worker: entry.workerStart > 0 }))"""


def test_a_first_visit_downloads_every_file_once_then_says_it_works_offline(
    page: Page, dist_copy: Path, serve: Callable[..., DistServer], wait_ready: Wait
) -> None:
    page.add_init_script(CONTROLLED_AT)
    server = first_visit(page, dist_copy, serve, wait_ready)
    # The page's scripts for Python load while the worker downloads the site; Python starts once
    # the worker has kept it, its WebAssembly from the worker's cache (where its compiled code is
    # kept for the next start), fetched once.
    controlled = float(page.get_attribute("html", "data-controlled-at") or "nan")
    for script in ("/pyodide.asm.mjs", "/pyscript/core.js", "/python.mjs"):
        [loaded] = page.evaluate(REQUESTED, script)
        assert loaded["at"] < controlled and not loaded["worker"], script
    [wasm] = page.evaluate(REQUESTED, "/pyodide.asm.wasm")
    assert wasm["at"] > controlled and wasm["worker"]
    assert page.get_attribute("html", "data-python-wasm") == "early"
    page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=30_000)
    expect(page.locator("#shell-note")).to_have_text(
        "Ready without internet: the app now works offline."
    )
    page.select_option("#lang", "ru")  # a new player picks a language while the note shows
    expect(page.locator("#shell-note")).to_have_text("Готово: приложение работает без интернета.")
    page.wait_for_selector('html[data-python-snapshot="made"]', state="attached", timeout=90_000)
    size = site_size(dist_copy)
    assert server.bytes_sent <= SLACK * size, f"{server.bytes_sent} bytes for a {size}-byte site"
    assert size < 7_500_000, "the goal for a host that compresses nothing (this one)"
    for name, entry in read_precache(dist_copy).files.items():
        if entry.packed:
            assert server.sent_by_path.get("/" + name.removeprefix("./"), 0) == 0, name
            name = entry.packed
        sent = server.sent_by_path["/" + name.removeprefix("./")]
        assert sent <= (dist_copy / name).stat().st_size + 1_000, f"{name} was sent twice"
    offline_start(page, server, wait_ready)


def test_a_worker_that_cannot_inflate_downloads_the_webassembly_whole(
    page: Page, dist_copy: Path, serve: Callable[..., DistServer], wait_ready: Wait
) -> None:
    worker = dist_copy / "service-worker.js"
    worker.write_text("delete self.DecompressionStream;\n" + worker.read_text("utf-8"), "utf-8")
    server = first_visit(page, dist_copy, serve, wait_ready)
    page.wait_for_selector('html[data-python-snapshot="made"]', state="attached", timeout=90_000)
    [(wasm, packed)] = PACKED.items()
    assert server.sent_by_path.get(f"/{packed}", 0) == 0
    assert server.sent_by_path[f"/{wasm}"] <= (dist_copy / wasm).stat().st_size + 1_000
    assert page.evaluate(WASM_TYPE) == "application/wasm"
    offline_start(page, server, wait_ready)


@pytest.mark.browser_context_args(locale="uk-UA")
def test_a_first_visit_cut_off_says_so_and_goes_on_where_it_stopped(
    page: Page, dist_copy: Path, serve: Callable[..., DistServer], wait_ready: Wait
) -> None:
    server = serve(dist_copy)
    server.rate = 1_000_000  # bytes per second and file: the 3.5 MB of the largest take 3.5 s
    page.goto(server.url)
    page.wait_for_selector('html[data-download="progress"]', state="attached")
    expect(page.locator("#shell-boot-text")).to_contain_text("Завантажуємо застосунок:")
    page.wait_for_timeout(1_000)
    server.stop()  # the connection is lost in the middle of the download
    page.wait_for_selector('html[data-download="offline"]', state="attached", timeout=30_000)
    expect(page.locator("#shell-boot-text")).to_contain_text("Немає з’єднання з інтернетом.")
    expect(page.locator("#shell-boot-text")).to_contain_text("продовжиться саме")
    expect(page.locator("#shell-error")).to_be_hidden()
    kept = cached_bytes(page, dist_copy, server.url)
    assert kept > 0, "nothing was kept before the connection was lost"

    server.rate = None
    server.reset_counts()
    server.start()  # the connection is back: the download goes on by itself
    wait_ready(page)
    missing = site_size(dist_copy) - kept
    assert server.bytes_sent <= SLACK * missing + 20_000, "files already kept were sent again"
    expect(page.locator("#shell-error")).to_be_hidden()
    page.wait_for_selector('html[data-python-snapshot="made"]', state="attached", timeout=90_000)
    offline_start(page, server, wait_ready)


def test_an_update_of_one_css_line_downloads_only_what_changed_then_works_offline(
    page: Page, dist_copy: Path, serve: Callable[..., DistServer], wait_ready: Wait
) -> None:
    server = first_visit(page, dist_copy, serve, wait_ready)
    page.wait_for_selector('html[data-python-snapshot="made"]', state="attached", timeout=90_000)
    # Every script is kept as the server's response, with its URL, so Chromium keeps its compiled
    # code; one kept by an earlier version as a copy of its bytes (no URL) is fetched once more.
    scripts = page.evaluate(SCRIPT_URLS)
    assert len(scripts) >= 6 and all(kept == url for url, kept in scripts.items()), scripts
    assert page.evaluate(AS_A_COPY, "/python.mjs") == ""
    server.reset_counts()
    css = (dist_copy / "app.css").read_text(encoding="utf-8")
    (dist_copy / "app.css").write_text(css.replace("{", "{ /* one line changed */", 1), "utf-8")
    write_precache(dist_copy)
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    expect(page.locator("#shell-update")).to_be_visible(timeout=60_000)
    assert server.bytes_sent <= 100_000
    requested = {path for path, sent in server.sent_by_path.items() if sent}
    # The update check reads the worker and the scripts it imports (precache.js, share-target.js)
    # to compare them; then only the changed file and the page that names the build.
    # python.mjs, kept as a copy, once more.
    worker = {"/service-worker.js", "/precache.js", "/share-target.js"}
    assert requested <= worker | {"/app.css", "/index.html", "/python.mjs"}
    assert "/python.mjs" in requested
    with page.expect_navigation():
        page.locator("#shell-update-button").click()
    wait_ready(page)
    assert "one line changed" in page.evaluate("fetch('./app.css').then((r) => r.text())")
    scripts = page.evaluate(SCRIPT_URLS)
    assert all(kept == url for url, kept in scripts.items()), scripts
    assert server.bytes_sent <= 100_000
    # The runtime's snapshot outlives the update: the new version starts from it, none is made.
    assert page.get_attribute("html", "data-python") == "snapshot"
    assert page.get_attribute("html", "data-python-snapshot") is None
    # Offline once the new worker has taken over, as a player would be: a reload within that
    # second once hung CI's run here (30 s for "load"); 39 reloads timed across it did not, here.
    page.wait_for_selector('html[data-update="taken-over"]', state="attached", timeout=30_000)
    offline_start(page, server, wait_ready)
    assert server.bytes_sent <= 100_000, "the offline start downloaded something"


def test_a_host_without_the_wasm_type_that_varies_on_everything_still_gets_an_offline_app(
    page: Page, dist: Path, serve: Callable[..., DistServer], wait_ready: Wait
) -> None:
    # Such a host's responses cannot be kept as they are (the Cache API refuses `Vary: *`, and
    # Pyodide's compile hangs on a .wasm without its type): the worker keeps copies instead.
    server = serve(dist, plain=True)
    page.goto(server.url)
    wait_ready(page)
    page.wait_for_selector('html[data-python-snapshot="made"]', state="attached", timeout=90_000)
    assert page.evaluate(WASM_TYPE) == "application/wasm"
    scripts = page.evaluate(SCRIPT_URLS)
    assert scripts and not any(scripts.values()), "copies, with no URL of their own"
    offline_start(page, server, wait_ready)
