"""Python from the device's snapshot of the runtime (app/static/python.mjs), and every way back.

After a normal start the app has a snapshot made off the main thread; the next start restores it,
and so does the first start after an update of the app (its CSS, its Python): the snapshot holds
the runtime, keyed by Pyodide's version and the standard library's revision, not the app. After a
start from it, the app's layer is made (the app's modules that need no browser imported too,
keyed by a hash of app.zip): the next start restores that, an update of the Python does not. A
snapshot that cannot be used (unreadable, made by another runtime, one whose restore throws, one
the app does not start from) is discarded and Python starts normally; a fresh one is made after.
A snapshot whose heap would not fit the heap a restore copies it into is never stored.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_start_stdlib import python
from tools.build import write_app_zip, write_precache
from tools.serve import DistServer

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.fresh_context  # the snapshot's making, use and every fallback

Wait = Callable[[Page], None]
MADE = 'html[data-python-snapshot="made"]'
APP_MADE = 'html[data-python-app-snapshot="made"]'
SNAPSHOTS = """() => caches.keys()
  .then((names) => names.filter((name) => name.startsWith("debertz-python:")))
  .then((names) => Promise.all(names.map((name) => caches.open(name)
    .then((cache) => cache.keys().then((keys) => Promise.all(keys.map((key) => cache.match(key)
      .then((r) => r.arrayBuffer().then((b) => [key.url, b.byteLength,
        r.headers.get("Debertz-Runtime")])))))))))
  .then((lists) => lists.flat())"""
PLANT = """async ([kind, stdlib, buildId]) => {
  const { version } = await import("./vendor/pyodide/pyodide.mjs");
  const here = new URL("./", location.href).href;
  const key = `${here}python-snapshot?runtime=${version}&stdlib=${stdlib}`;
  // Pyodide's snapshot layout: magic, heap offset, JSON length, 0, build id (8 words), JSON, heap
  const json = new TextEncoder().encode('{"hiwireKeys": [], "immortalKeys": []}');
  const bytes = new Uint8Array(4096 + 65536);
  const words = new Uint32Array(bytes.buffer, 0, 12);
  words.set([1886286592, 4096, json.length, 0]);
  const id = kind === "other-runtime-build" ? "f".repeat(64) : buildId;
  for (let i = 0; i < 8; i++) words[4 + i] = parseInt(id.slice(i * 8, i * 8 + 8), 16);
  bytes.set(json, 48);
  if (kind === "garbage") bytes.forEach((_, i) => (bytes[i] = (i * 7919) & 255));
  const runtime = kind === "other-runtime-header" ? "0.27.0" : version;
  const cache = await caches.open(`debertz-python:${here}`);
  await cache.put(key, new Response(bytes, { headers: { "Debertz-Runtime": runtime } }));
  return key;
}"""
FORGET_APP_ZIP = """() => caches.keys()
  .then((names) => caches.open(names.find((name) => name.endsWith(":files"))))
  .then((cache) => cache.keys().then((keys) => cache.delete(keys.find((k) => k.url.includes("/app.zip?")))))"""


def snapshots(page: Page) -> list[tuple[str, int, str]]:
    """The snapshots kept: (key, size, runtime version)."""
    return [tuple(entry) for entry in page.evaluate(SNAPSHOTS)]  # type: ignore[misc]


def page_mark(dist: Path, name: str) -> str:
    """A mark the build wrote into the page (``debertz-build``, ``debertz-stdlib``)."""
    found = re.search(rf'name="{name}" content="(\w+)"', (dist / "index.html").read_text())
    assert found is not None
    return found.group(1)


def pyodide_build_id(dist: Path) -> str:
    found = re.search(
        r'BUILD_ID:"([0-9a-f]{64})"', (dist / "vendor/pyodide/pyodide.mjs").read_text()
    )
    assert found is not None, "pyodide.mjs has no BUILD_ID: the snapshot format may have changed"
    return found.group(1)


def test_python_starts_from_the_snapshot_made_after_a_normal_start_and_offline(
    page: Page,
    dist: Path,
    server: DistServer,
    recorder: Any,
    wait_ready: Wait,
    start_game: Callable[[Page, list[str]], None],
    reload_offline: Callable[..., None],
) -> None:
    page.goto(server.url)
    wait_ready(page)
    assert page.get_attribute("html", "data-python") == "normal"
    # boot.js compiled Pyodide's WebAssembly (the first visit starts once the worker serves)
    assert page.get_attribute("html", "data-python-wasm") == "early"
    page.wait_for_selector(MADE, state="attached", timeout=90_000)
    [(key, size, runtime)] = snapshots(page)
    assert key.endswith(f"runtime=314.0.7&stdlib={page_mark(dist, 'debertz-stdlib')}")
    assert runtime == "314.0.7" and size > 10_000_000

    reload_offline(page, server, recorder)
    assert page.get_attribute("html", "data-python") == "snapshot"
    assert page.get_attribute("html", "data-python-fallback") is None
    assert page.get_attribute("html", "data-python-wasm") == "early"
    start_game(page, ["Оля", "Петро", "Іван", "Марта"])  # the app works from it
    expect(page.locator("#app")).to_contain_text("Петро")
    assert recorder.errors == []

    # An app that fails after a snapshot start (here: app.zip is gone and the server is down):
    # the snapshot is discarded, so that Retry starts Python normally.
    assert page.evaluate(FORGET_APP_ZIP)
    page.reload()
    page.wait_for_selector('html[data-app="error"]', state="attached", timeout=90_000)
    assert page.get_attribute("html", "data-python") == "snapshot"
    page.wait_for_selector("html[data-python-fallback]", state="attached")
    assert snapshots(page) == []
    server.start()
    page.locator("#shell-retry").click()
    wait_ready(page)
    assert page.get_attribute("html", "data-python") == "normal"
    expect(page.locator("#app")).to_contain_text("Петро")


def test_python_starts_when_the_early_compile_of_its_webassembly_fails(
    page: Page, server: DistServer, wait_ready: Wait, reload_offline: Callable[..., None]
) -> None:
    """boot.js compiles Pyodide's WebAssembly while the rest loads (tools/build.py EARLY_WASM);
    when that fails, Pyodide fetches it itself, offline too."""
    page.goto(server.url)
    wait_ready(page)
    page.add_init_script(
        "WebAssembly.compileStreaming = () => Promise.reject(new Error('refused by the test'))"
    )
    reload_offline(page, server)
    assert page.get_attribute("html", "data-python-wasm") == "fetched"
    page.locator("#new-game").click()
    expect(page.locator('input[data-action="setup-name"]').first).to_be_visible()


@pytest.mark.parametrize(
    ("kind", "reason"),
    [
        ("garbage", "invalid magic number"),
        ("other-runtime-build", "build id mismatch"),
        ("other-runtime-header", "made by runtime 0.27.0"),
        ("broken-heap", "restore failed"),
    ],
)
def test_a_snapshot_that_cannot_be_used_is_discarded_and_python_starts_normally(
    page: Page, app_url: str, dist: Path, wait_ready: Wait, kind: str, reason: str
) -> None:
    page.goto(app_url + "precache.js")  # the site is kept, but Python has not started yet
    page.evaluate(
        "navigator.serviceWorker.register('./service-worker.js')"
        ".then(() => navigator.serviceWorker.ready).then(() => true)"
    )
    planted = page.evaluate(
        PLANT, [kind, page_mark(dist, "debertz-stdlib"), pyodide_build_id(dist)]
    )
    page.goto(app_url)
    wait_ready(page)
    assert page.get_attribute("html", "data-python") == "normal"
    assert reason in (page.get_attribute("html", "data-python-fallback") or "")
    page.wait_for_selector(MADE, state="attached", timeout=90_000)
    [(key, size, _runtime)] = snapshots(page)
    assert key == planted and size > 10_000_000, "the bad snapshot was not replaced"


def test_a_snapshot_of_another_standard_library_is_deleted_unused(
    page: Page, app_url: str, dist: Path, wait_ready: Wait
) -> None:
    """It holds that library's modules: restoring it would run them over this page's zip."""
    page.goto(app_url + "precache.js")
    page.evaluate(
        "navigator.serviceWorker.register('./service-worker.js')"
        ".then(() => navigator.serviceWorker.ready).then(() => true)"
    )
    older = page.evaluate(PLANT, ["valid", "0" * 16, pyodide_build_id(dist)])
    assert [key for key, _size, _runtime in snapshots(page)] == [older]
    page.goto(app_url)
    wait_ready(page)
    assert page.get_attribute("html", "data-python") == "normal"
    assert page.get_attribute("html", "data-python-fallback") is None  # nothing to fall back from
    page.wait_for_selector(MADE, state="attached", timeout=90_000)
    [(key, _size, _runtime)] = snapshots(page)
    assert key != older and key.endswith(f"&stdlib={page_mark(dist, 'debertz-stdlib')}")


def publish(page: Page, dist: Path, change: Callable[[Path], None]) -> None:
    """Publish a new version made by ``change`` and switch to it as the player would: the
    prompt, a tap on Update at once; waits until the new version is ready."""
    offer(page, dist, change)
    switch(page)


def offer(page: Page, dist: Path, change: Callable[[Path], None]) -> None:
    """Publish a new version made by ``change``; waits until the page offers it."""
    change(dist)
    write_precache(dist)
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    expect(page.locator("#shell-update")).to_be_visible(timeout=90_000)


def switch(page: Page) -> None:
    """The tap on Update; waits until the new version is ready and its worker took over (the
    page reloads into it at once, served by the worker it had: boot.js's ``switchTo``)."""
    with page.expect_navigation():
        page.locator("#shell-update-button").click()
    page.wait_for_selector('html[data-app="ready"]', state="attached", timeout=90_000)
    page.wait_for_selector('html[data-update="taken-over"]', state="attached", timeout=30_000)


def change_css(dist: Path) -> None:
    with (dist / "app.css").open("a", encoding="utf-8") as css:
        css.write("\n/* a new version */\n")


def change_python(dist: Path, tmp_path: Path) -> None:
    """app.zip rebuilt from the app with one module changed (a constant added)."""
    package = tmp_path / "app"
    shutil.copytree(ROOT / "app", package, ignore=shutil.ignore_patterns("__pycache__", "static"))
    with (package / "ids.py").open("a", encoding="utf-8") as module:
        module.write("\nUPDATED = 'the new version'\n")
    write_app_zip(package, dist / "app.zip")


def layer(page: Page) -> tuple[str | None, str | None]:
    return page.get_attribute("html", "data-python"), page.get_attribute(
        "html", "data-python-layer"
    )


def app_layers(page: Page) -> list[str]:
    return [key for key, _size, _runtime in snapshots(page) if "&app=" in key]


UNPACKED = """
import json, os
json.dumps({name: os.path.exists("/home/pyodide/app/" + name)
            for name in ("browser/shell.pyc", "ui/text/en/ui.json", "ui/views.pyc", "storage.pyc")})
"""


def test_the_apps_layer_is_made_and_used_and_an_update_of_the_python_never_restores_it(
    page: Page,
    dist_copy: Path,
    serve: Callable[..., DistServer],
    wait_ready: Wait,
    tmp_path: Path,
) -> None:
    server = serve(dist_copy)
    page.goto(server.url)
    wait_ready(page)
    page.wait_for_selector(MADE, state="attached", timeout=90_000)
    [kept] = snapshots(page)
    page.reload()
    wait_ready(page)
    assert layer(page) == ("snapshot", "runtime")
    made = page.get_attribute("html", "data-python-generated") or ""
    assert made.endswith(" ahead, 0 compiled") and not made.startswith("0 "), made
    page.wait_for_selector(APP_MADE, state="attached", timeout=90_000)
    [first_app] = app_layers(page)
    assert first_app.startswith(kept[0] + "&app=")
    page.reload()
    wait_ready(page)
    assert layer(page) == ("snapshot", "app")
    assert page.get_attribute("html", "data-python-generated") == "0 ahead, 0 compiled"  # made
    assert python(
        page, "import sys\n'app.ui.views' in sys.modules and 'app.browser.shell' in sys.modules"
    )
    # python.mjs unpacked app.zip but for the bytecode of the modules the layer holds imported
    unpacked = json.loads(python(page, UNPACKED))
    assert unpacked["browser/shell.pyc"] and unpacked["ui/text/en/ui.json"], "needed: written"
    assert not unpacked["ui/views.pyc"] and not unpacked["storage.pyc"], "imported: not written"

    # A new app.zip: its first start restores the runtime's snapshot (the layer of the old one is
    # deleted, never restored), runs the new modules, and makes the new app.zip's layer.
    publish(page, dist_copy, lambda dist: change_python(dist, tmp_path))
    assert layer(page) == ("snapshot", "runtime")
    assert page.get_attribute("html", "data-python-fallback") is None
    assert python(page, "import app.ids\napp.ids.UPDATED") == "the new version"
    page.wait_for_selector(APP_MADE, state="attached", timeout=90_000)
    [second_app] = app_layers(page)
    assert second_app != first_app

    # Only the CSS: app.zip is the same, so is its layer, which holds the new module.
    publish(page, dist_copy, change_css)
    assert layer(page) == ("snapshot", "app")
    assert "a new version" in page.evaluate("fetch('./app.css').then((r) => r.text())")
    assert python(page, "import app.ids\napp.ids.UPDATED") == "the new version"
    keys = [key for key, _size, _runtime in snapshots(page)]
    assert sorted(keys) == sorted([kept[0], second_app]), "one runtime snapshot for every version"


UPDATE_DONE = 'html[data-python-update-snapshot]:not([data-python-update-snapshot="making"])'


def test_a_waiting_update_of_the_python_has_its_layer_made_before_the_tap(
    page: Page,
    dist_copy: Path,
    serve: Callable[..., DistServer],
    wait_ready: Wait,
    tmp_path: Path,
) -> None:
    """While the prompt waits, the new app.zip's layer is made from the new version's files, so
    that its first start restores it; an update of the CSS alone needs none."""
    server = serve(dist_copy)
    page.goto(server.url)
    wait_ready(page)
    page.wait_for_selector(MADE, state="attached", timeout=90_000)
    [runtime] = snapshots(page)

    offer(page, dist_copy, lambda dist: change_python(dist, tmp_path))
    page.wait_for_selector(UPDATE_DONE, state="attached", timeout=90_000)
    assert page.get_attribute("html", "data-python-update-snapshot") == "made"
    [prepared] = app_layers(page)
    assert prepared.startswith(runtime[0] + "&app=")
    assert python(page, "import app.ids\nhasattr(app.ids, 'UPDATED')") is False, "not switched yet"
    switch(page)
    assert layer(page) == ("snapshot", "app")
    assert page.get_attribute("html", "data-python-fallback") is None
    assert python(page, "import app.ids\napp.ids.UPDATED") == "the new version"
    assert sorted(key for key, _size, _runtime in snapshots(page)) == sorted([runtime[0], prepared])

    offer(page, dist_copy, change_css)
    page.wait_for_selector(UPDATE_DONE, state="attached", timeout=90_000)
    assert page.get_attribute("html", "data-python-update-snapshot") == "not-needed"
    reason = page.get_attribute("html", "data-python-update-snapshot-reason")
    assert reason == "the same app.zip: the same layer"
    switch(page)
    assert layer(page) == ("snapshot", "app")
    assert app_layers(page) == [prepared]


def test_a_snapshot_too_big_for_the_restore_heap_is_never_stored(
    page: Page, dist_copy: Path, serve: Callable[..., DistServer], wait_ready: Wait
) -> None:
    """Pyodide restores a snapshot into a heap of the WebAssembly module's initial size: a bigger
    one would fail at every start (RangeError). Here the worker's heap outgrows it, as imports
    beyond its room would."""
    worker = dist_copy / "snapshot-worker.mjs"
    code = worker.read_text(encoding="utf-8")
    grow = '  pyodide.runPython("grown = bytearray(32 << 20)", { globals: pyodide.globals });\n'
    assert "  const heap = " in code
    worker.write_text(code.replace("  const heap = ", grow + "  const heap = "), encoding="utf-8")
    write_precache(dist_copy)
    server = serve(dist_copy)
    page.goto(server.url)
    wait_ready(page)
    done = 'html[data-python-snapshot]:not([data-python-snapshot="making"])'
    page.wait_for_selector(done, state="attached", timeout=90_000)
    assert page.get_attribute("html", "data-python-snapshot") == "too-big"
    reason = page.get_attribute("html", "data-python-snapshot-reason") or ""
    assert re.search(r"its heap is \d+ bytes, the restore heap 31457280: not stored", reason)
    assert snapshots(page) == []
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "data-python") == "normal"
    assert page.get_attribute("html", "data-python-fallback") is None
