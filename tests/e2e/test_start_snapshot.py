"""Python from the device's memory snapshot (app/static/python.mjs), and every way back from it.

After a normal start the app has a snapshot made off the main thread; the next start restores it.
A snapshot that cannot be used (unreadable, made by another runtime, one whose restore throws, one
the app does not start from) is discarded and Python starts normally; a fresh one is made after.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tools.serve import DistServer

pytestmark = pytest.mark.fresh_context  # the snapshot's making, use and every fallback

Wait = Callable[[Page], None]
MADE = 'html[data-python-snapshot="made"]'
SNAPSHOTS = """() => caches.keys()
  .then((names) => names.filter((name) => name.startsWith("debertz-python:")))
  .then((names) => Promise.all(names.map((name) => caches.open(name)
    .then((cache) => cache.keys().then((keys) => Promise.all(keys.map((key) => cache.match(key)
      .then((r) => r.arrayBuffer().then((b) => [key.url, b.byteLength,
        r.headers.get("Debertz-Runtime")])))))))))
  .then((lists) => lists.flat())"""
PLANT = """async ([kind, build, buildId]) => {
  const { version } = await import("./vendor/pyodide/pyodide.mjs");
  const here = new URL("./", location.href).href;
  const key = `${here}python-snapshot?build=${build}&runtime=${version}`;
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


def site_build(dist: Path) -> str:
    found = re.search(r'name="debertz-build" content="(\w+)"', (dist / "index.html").read_text())
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
    server: DistServer,
    recorder: Any,
    wait_ready: Wait,
    start_game: Callable[[Page, list[str]], None],
    reload_offline: Callable[..., None],
) -> None:
    page.goto(server.url)
    wait_ready(page)
    assert page.get_attribute("html", "data-python") == "normal"
    page.wait_for_selector(MADE, state="attached", timeout=90_000)
    [(key, size, runtime)] = snapshots(page)
    assert "runtime=314.0.7" in key and runtime == "314.0.7" and size > 10_000_000

    reload_offline(page, server, recorder)
    assert page.get_attribute("html", "data-python") == "snapshot"
    assert page.get_attribute("html", "data-python-fallback") is None
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
    planted = page.evaluate(PLANT, [kind, site_build(dist), pyodide_build_id(dist)])
    page.goto(app_url)
    wait_ready(page)
    assert page.get_attribute("html", "data-python") == "normal"
    assert reason in (page.get_attribute("html", "data-python-fallback") or "")
    page.wait_for_selector(MADE, state="attached", timeout=90_000)
    [(key, size, _runtime)] = snapshots(page)
    assert key == planted and size > 10_000_000, "the bad snapshot was not replaced"


def test_a_snapshot_of_another_build_of_the_app_is_deleted_unused(
    page: Page, app_url: str, dist: Path, wait_ready: Wait
) -> None:
    """It holds the other build's modules: restoring it would run old code with the new page."""
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
    assert key != older and f"build={site_build(dist)}&" in key
