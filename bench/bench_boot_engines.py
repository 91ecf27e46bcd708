"""Start-up in Firefox or WebKit (``python bench/bench_boot.py --engine firefox|webkit``).

One run in the engine, driven through Selenium (tests/e2e/engines.py). A private copy of a fresh
build gets two bench-only files: the bare page of bench_boot.py (only ``loadPyodide()`` from the
same cached files) and a marks script at the top of index.html that writes into ``<html>`` when
the saved score is first on screen (``data-visible-at``) and when the app is interactive
(``data-ready-at``), in milliseconds since the navigation started (WebKit's driver cannot add a
script before a page loads, so the page carries it). Then:

- first visit: a fresh profile opens the app, to interactive (Python starts normally);
- the service worker keeps the site and the app makes its snapshot; a game with one hand;
- the server is stopped; one start from the runtime's snapshot, after which the app makes its
  layer (as on a device from its second start on), then ``--runs`` times each, alternately: the
  game's page (Python from the app's layer) and the bare page; then the snapshot is put aside
  (bench_boot.py's SNAPSHOT_ASIDE) and the same again, Python starting normally. Medians, each
  phase a ratio to its own bare starts, as in bench_boot.py.

No CPU throttling: only Chromium has it (CDP).
"""

from __future__ import annotations

import contextlib
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.e2e.engines import Browser, missing, open_engine, xvfb_display
from tools.build import build, write_precache
from tools.serve import DistServer

WAIT_S = 300
MARKS_FILE = "bench-marks.js"
MARKS_JS = """(() => {
  const root = document.documentElement;
  new MutationObserver((_, observer) => {
    if (!root.dataset.visibleAt && document.querySelector("#app .board .score")) {
      root.dataset.visibleAt = "pending";
      requestAnimationFrame(() => (root.dataset.visibleAt = String(performance.now())));
    }
    if (root.dataset.app === "ready" && !root.dataset.readyAt) {
      root.dataset.readyAt = String(performance.now());
      observer.disconnect();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
})();
"""
ASIDE = """return (async (aside) => {{ const f = {function}; return f(aside); }})(arguments[0])"""


def add_marks(dist: Path) -> None:
    """Load the marks script first thing in the page (a file of the site: the CSP allows it)."""
    (dist / MARKS_FILE).write_text(MARKS_JS, encoding="utf-8")
    page = dist / "index.html"
    html = page.read_text(encoding="utf-8")
    head = html.index("<head>") + len("<head>")
    page.write_text(f'{html[:head]}<script src="./{MARKS_FILE}"></script>{html[head:]}', "utf-8")
    write_precache(dist)


def mark(browser: Browser, name: str) -> float:
    """A time the page wrote into ``<html data-NAME>``, once it is written."""
    read = f"return document.documentElement.getAttribute('data-{name}')"
    value = browser.until(lambda: (v := browser.js(read)) not in (None, "pending") and v,
                          f"the page never wrote data-{name}", WAIT_S)
    return float(value)


def time_app(browser: Browser, url: str, python: str) -> tuple[float, float]:
    """Milliseconds to the saved score on screen and to interactive, Python started as ``python``."""
    browser.goto(url)
    ready = mark(browser, "ready-at")
    visible = mark(browser, "visible-at")
    started = browser.attr("html", "data-python")
    if started != python:
        raise SystemExit(f"{browser.engine}: the app did not start as {python} ({started})")
    return visible, ready


def time_bare(browser: Browser, url: str) -> float:
    browser.goto(url + "bench-bare.html")
    return mark(browser, "bare")


def enter_a_game(browser: Browser) -> str:
    """A two-player game with one hand; the address of its sheet."""
    browser.click("#new-game")
    browser.click("#count-2")
    browser.fill("#name-0", "Оля")
    browser.fill("#name-1", "Петро")
    browser.click("#start-game")
    browser.click("#new-hand")
    browser.click("#taker-0")
    browser.fill("#cards-0", "100")
    browser.click("#save-hand")
    browser.saved()
    kept = ("return Object.entries(localStorage).some(([k, v]) =>"
            " k.startsWith('debertz-screens:') && v.includes(location.hash))")
    browser.until(lambda: browser.js(kept), "the game's screen was never kept", WAIT_S)
    return str(browser.js("return location.href"))


def run(engine: str, runs: int, aside_function: str, add_bare_page: Any) -> int:
    """Measure and print; 0, or 1 when the engine is missing."""
    reason = missing(engine)
    if reason:
        print(f"{engine}: {reason}")
        return 1
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        dist = Path(tmp) / "dist"
        build(dist)
        add_bare_page(dist)
        add_marks(dist)
        server = DistServer(dist)
        server.start()
        stack.callback(server.stop)
        browser = stack.enter_context(open_engine(engine, lambda: stack.enter_context(
            xvfb_display())))
        started = time.monotonic()
        browser.goto(server.url)
        first = mark(browser, "ready-at")
        browser.wait_worker()
        browser.wait_for("html[data-offline-ready]", "the site was never kept", WAIT_S)
        browser.wait_for('html[data-python-snapshot="made"]', "no snapshot was made", WAIT_S)
        kept = time.monotonic() - started
        game = enter_a_game(browser)
        server.stop()
        time_bare(browser, server.url)  # warm both once before measuring, as bench_boot.py
        # From the runtime's snapshot; the app's layer is made at the next pause, and the warm
        # starts restore it (a device's from its second start on), as in bench_boot.py.
        time_app(browser, game, "snapshot")
        layer = 'html[data-python-app-snapshot="made"]'
        browser.wait_for(layer, "the app's layer was never made", WAIT_S)
        phases: dict[str, dict[str, list[float]]] = {}
        for python, aside in (("snapshot", None), ("normal", True)):
            if aside:
                browser.js(ASIDE.format(function=aside_function), True)
            times: dict[str, list[float]] = {"visible": [], "ready": [], "bare": []}
            for _ in range(runs):
                visible, ready = time_app(browser, game, python)
                times["visible"].append(visible)
                times["ready"].append(ready)
                times["bare"].append(time_bare(browser, server.url))
            phases[python] = times
        report(engine, runs, first, kept, phases)
    return 0


def report(engine: str, runs: int, first: float, kept: float,
           phases: dict[str, dict[str, list[float]]]) -> None:
    def median(values: list[float]) -> float:
        return statistics.median(values)

    def spread(values: list[float]) -> str:
        return ", ".join(f"{v / 1000:.2f}" for v in values)

    print(f"\n{engine}: median of {runs} warm starts with the server stopped (seconds)\n")
    print("| | time | x bare | runs |")
    print("|---|---|---|---|")
    for python, times in phases.items():
        bare = median(times["bare"])
        for what in ("visible", "ready"):
            label = {"visible": "saved score visible", "ready": "interactive"}[what]
            label += f", Python {'from its snapshot' if python == 'snapshot' else 'normal'}"
            value = median(times[what])
            print(f"| {label} | {value / 1000:.2f} | {value / bare:.3f}x | {spread(times[what])} |")
        print(f"| bare loadPyodide() ({python} phase) | {bare / 1000:.2f} | 1x | "
              f"{spread(times['bare'])} |")
    print(f"| first visit, to interactive | {first / 1000:.2f} | | |")
    print(f"| first visit, until kept offline and the snapshot made | {kept:.1f} | | |")
