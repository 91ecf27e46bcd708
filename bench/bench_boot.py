"""Boot benchmark (not a test): warm offline boot-to-ready vs a bare loadPyodide(), and the precache size.

    python bench/bench_boot.py [--runs 7]

One Chromium run. A fresh build is served, visited once (the service worker caches it), then the
server is stopped and, alternately, the app page and a bare page that only calls
``loadPyodide()`` from the same cached files are reloaded ``--runs`` times each. Times are
``performance.now()`` at ready, i.e. milliseconds since the navigation started, in the page itself.
The bare page (bench-only, never shipped) is added to a private copy of the build.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, sync_playwright

from tools.build import build, total_size, write_precache
from tools.chromium import launch_options
from tools.serve import DistServer

GOAL_RATIO = 1.15
GOAL_PRECACHE_MB = 14.5
BARE_HTML = """<!doctype html><html><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="./bench-bare.js"></script></head><body></body></html>
"""
BARE_JS = """import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
await loadPyodide();
document.documentElement.dataset.bare = String(performance.now());
"""
READY_AT = """
new MutationObserver((_, observer) => {
  const root = document.documentElement;
  if (root.dataset.app === "ready") {
    root.dataset.readyAt = String(performance.now());
    observer.disconnect();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-app"] });
"""


def add_bare_page(dist: Path) -> None:
    """Put the bare loadPyodide() page next to the app, and precache it too."""
    (dist / "bench-bare.html").write_text(BARE_HTML, encoding="utf-8")
    (dist / "bench-bare.js").write_text(BARE_JS, encoding="utf-8")
    write_precache(dist)


def time_app(page: Page, url: str) -> float:
    page.goto(url)
    page.wait_for_selector("html[data-ready-at]", state="attached", timeout=120_000)
    return float(page.get_attribute("html", "data-ready-at") or "nan")


def time_bare(page: Page, url: str) -> float:
    page.goto(url + "bench-bare.html")
    page.wait_for_selector("html[data-bare]", state="attached", timeout=120_000)
    return float(page.get_attribute("html", "data-bare") or "nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-boot-"))
    shipped = build(work / "dist")
    precache_mb = total_size(work / "dist", shipped) / 1e6
    add_bare_page(work / "dist")
    server = DistServer(work / "dist")
    server.start()
    app_ms: list[float] = []
    bare_ms: list[float] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_options())
        page = browser.new_context().new_page()
        page.add_init_script(READY_AT)
        time_app(page, server.url)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        time_bare(page, server.url)  # warm both once before measuring
        server.stop()
        time_app(page, server.url)
        for _ in range(args.runs):
            app_ms.append(time_app(page, server.url))
            bare_ms.append(time_bare(page, server.url))
        browser.close()
    app, bare = statistics.median(app_ms), statistics.median(bare_ms)
    ratio = app / bare
    print(f"warm offline boot to ready: median {app:.0f} ms  (runs: {_list(app_ms)})")
    print(f"bare loadPyodide():         median {bare:.0f} ms  (runs: {_list(bare_ms)})")
    print(f"ratio: {ratio:.3f}  (goal <= {GOAL_RATIO})")
    print(
        f"precache: {precache_mb:.2f} MB in {len(shipped.files)} files (goal <= {GOAL_PRECACHE_MB})"
    )
    return 0 if ratio <= GOAL_RATIO and precache_mb <= GOAL_PRECACHE_MB else 1


def _list(values: list[float]) -> str:
    return ", ".join(f"{value:.0f}" for value in values)


if __name__ == "__main__":
    sys.exit(main())
