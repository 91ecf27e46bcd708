"""Start-up benchmark (not a test): warm starts against a bare loadPyodide(), and network bytes.

    python bench/bench_boot.py [--runs 5] [--cpu-throttle 4]
    python bench/bench_boot.py --engine firefox|webkit [--runs 5]   # bench/bench_boot_engines.py

One Chromium run. A fresh build is served and visited once as a new player would (the service
worker keeps every file, the app makes its Python snapshot), counting the bytes the server sends;
a game with one hand is entered. Then the server is stopped and, alternately, the game's page and
a bare page that only calls ``loadPyodide()`` from the same cached files are opened ``--runs``
times each (median reported), then the game's page without the snapshot and the bare page again
(each of the two phases a ratio to its own bare starts, as a shared machine's load drifts), with
the CPU slowed down ``--cpu-throttle`` times (Chromium's ``Emulation.setCPUThrottlingRate``; 4 is
Lighthouse's mid-range phone). Times are milliseconds since the navigation started, taken in the
page:

- saved score visible: the first frame with the game's score on screen (boot.js's saved screen);
- interactive: ``<html data-app="ready">``, Python started from its snapshot;
- interactive without the snapshot: the same, with the snapshot put aside (and none made again),
  so Python starts normally (what the first start of every new build costs);
- bare: ``loadPyodide()`` resolved.

Last, the server is started again, one line of app.css is changed and the precache list rebuilt,
and the bytes of the update (until the prompt, then after the switch) are counted.
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

from tools.build import Precache, build, total_size, write_precache
from tools.chromium import launch_options
from tools.serve import DistServer

GOALS = {"visible": 0.03, "interactive": 0.30, "interactive_unthrottled": 0.5}
GOAL_FIRST_VISIT = 1.02  # x the size of dist/
GOAL_UPDATE_BYTES = 100_000
GOAL_PRECACHE_MB = 14.5
WAIT_MS = 300_000
BARE_HTML = """<!doctype html><html><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="./bench-bare.js"></script></head><body></body></html>
"""
BARE_JS = """import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
await loadPyodide();
document.documentElement.dataset.bare = String(performance.now());
"""
MARKS = """
new MutationObserver((_, observer) => {
  const root = document.documentElement;
  if (!root) return;
  if (!root.dataset.visibleAt && document.querySelector("#app .board .score")) {
    root.dataset.visibleAt = "pending";
    requestAnimationFrame(() => (root.dataset.visibleAt = String(performance.now())));
  }
  if (root.dataset.app === "ready" && !root.dataset.readyAt) {
    root.dataset.readyAt = String(performance.now());
    observer.disconnect();
  }
}).observe(document, { subtree: true, childList: true, attributes: true });
"""


def add_bare_page(dist: Path) -> None:
    """Put the bare loadPyodide() page next to the app, and precache it too."""
    (dist / "bench-bare.html").write_text(BARE_HTML, encoding="utf-8")
    (dist / "bench-bare.js").write_text(BARE_JS, encoding="utf-8")
    write_precache(dist)


def site_bytes(dist: Path) -> int:
    """Every file of the site, as a static host serves it."""
    return sum(path.stat().st_size for path in dist.rglob("*") if path.is_file())


def wait_mark(page: Page, name: str) -> float:
    """A time the page wrote into ``<html data-NAME>`` (the page's CSP forbids wait_for_function)."""
    page.wait_for_selector(f"html[data-{name}]", state="attached", timeout=WAIT_MS)
    return float(poll(page, f"document.documentElement.getAttribute('data-{name}')", "pending"))


def poll(page: Page, expression: str, still: object) -> object:
    """The value of ``expression`` once it is no longer ``still``."""
    for _ in range(WAIT_MS // 50):
        value = page.evaluate(expression)
        if value != still:
            return value
        page.wait_for_timeout(50)
    raise SystemExit(f"{expression} stayed {still!r}")


# python.mjs reads its snapshot from the cache "debertz-python:<site>" and makes none after two
# failures for a build (localStorage "debertz-python-failures:<key>"): the bench puts the snapshot
# aside in a cache of its own, and says "two failures", for the starts without it.
SNAPSHOT_ASIDE = """async (aside) => {
  const name = (await caches.keys()).find((n) => n.startsWith(aside ? "debertz-python:" : "bench-"));
  const from = await caches.open(name);
  const [key] = await from.keys();
  const to = await caches.open(aside ? `bench-${name}` : name.replace(/^bench-/, ""));
  await to.put(key, await from.match(key));
  await caches.delete(name);
  const failures = `debertz-python-failures:${key.url}`;
  if (aside) localStorage.setItem(failures, "2");
  else localStorage.removeItem(failures);
  return key.url;
}"""


def time_app(page: Page, url: str, python: str = "snapshot") -> tuple[float, float]:
    """Milliseconds to the saved score on screen and to interactive; fails unless Python started
    as ``python`` says ("snapshot" or "normal")."""
    page.goto(url)
    ready = wait_mark(page, "ready-at")
    visible = wait_mark(page, "visible-at")
    started = page.get_attribute("html", "data-python")
    if started != python or page.get_attribute("html", "data-app") != "ready":
        raise SystemExit(f"the app did not start as {python} (data-python={started})")
    return visible, ready


def time_bare(page: Page, url: str) -> float:
    page.goto(url + "bench-bare.html")
    return wait_mark(page, "bare")


def first_visit(page: Page, server: DistServer) -> int:
    """Open the app as a new player; bytes sent until it is ready, kept and snapshotted."""
    server.reset_counts()
    page.goto(server.url)
    page.wait_for_selector('html[data-app="ready"]', state="attached", timeout=WAIT_MS)
    page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=WAIT_MS)
    page.wait_for_selector('html[data-python-snapshot="made"]', state="attached", timeout=WAIT_MS)
    return server.bytes_sent


def enter_a_game(page: Page) -> str:
    """A two-player game with one hand; the address of its sheet, once its screen is kept."""
    page.click("#new-game")
    page.check("#count-2")
    page.fill("#name-0", "Оля")
    page.fill("#name-1", "Петро")
    page.click("#start-game")
    page.click("#new-hand")
    page.click("#taker-0")
    page.fill("#cards-0", "100")
    page.click("#save-hand")
    page.wait_for_selector('html[data-writes="0"]', state="attached")
    kept = (
        "Object.entries(localStorage).some(([k, v]) => k.startsWith('debertz-screens:')"
        " && v.includes(location.hash))"
    )
    poll(page, kept, False)
    return page.url


def update_bytes(page: Page, server: DistServer, dist: Path) -> tuple[int, int]:
    """Bytes of an update that changes one line of app.css: until the prompt, and in all."""
    server.start()
    server.reset_counts()
    css = (dist / "app.css").read_text(encoding="utf-8")
    (dist / "app.css").write_text(css.replace("{", "{ /* changed */", 1), encoding="utf-8")
    write_precache(dist)
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    page.wait_for_selector("#shell-update", state="visible", timeout=WAIT_MS)
    until_prompt = server.bytes_sent
    with page.expect_navigation():
        page.click("#shell-update-button")
    page.wait_for_selector('html[data-app="ready"]', state="attached", timeout=WAIT_MS)
    return until_prompt, server.bytes_sent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cpu-throttle", type=float, default=1.0)
    parser.add_argument("--engine", choices=("chromium", "firefox", "webkit"), default="chromium",
                        help="firefox / webkit: the warm starts and the first visit in that engine "
                        "(bench/bench_boot_engines.py; no CPU throttling there)")
    args = parser.parse_args()
    if args.engine != "chromium":
        from bench.bench_boot_engines import run

        return run(args.engine, args.runs, SNAPSHOT_ASIDE, add_bare_page)
    work = Path(tempfile.mkdtemp(prefix="bench-boot-"))
    dist = work / "dist"
    shipped = build(dist)
    add_bare_page(dist)
    size = site_bytes(dist)
    server = DistServer(dist)
    server.start()
    visible_ms: list[float] = []
    ready_ms: list[float] = []
    normal_ms: list[float] = []
    bare_ms: list[float] = []  # alternating with the starts from the snapshot
    bare_normal_ms: list[float] = []  # alternating with the starts without it
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_options())
        page = browser.new_context().new_page()
        page.add_init_script(MARKS)
        first = first_visit(page, server)
        game_url = enter_a_game(page)
        time_bare(page, server.url)  # warm both once before measuring
        server.stop()
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.cpu_throttle})
        time_app(page, game_url)
        for _ in range(args.runs):
            visible, ready = time_app(page, game_url)
            visible_ms.append(visible)
            ready_ms.append(ready)
            bare_ms.append(time_bare(page, server.url))
        page.evaluate(SNAPSHOT_ASIDE, True)
        for _ in range(args.runs):  # alternating, so that each start is a new document
            normal_ms.append(time_app(page, game_url, "normal")[1])
            bare_normal_ms.append(time_bare(page, server.url))
        page.evaluate(SNAPSHOT_ASIDE, False)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        page.goto(game_url)
        page.wait_for_selector('html[data-app="ready"]', state="attached", timeout=WAIT_MS)
        to_prompt, update = update_bytes(page, server, dist)
        browser.close()
    server.stop()
    times = (visible_ms, ready_ms, bare_ms, normal_ms, bare_normal_ms)
    return report(args, times, first, size, (to_prompt, update), shipped)


def report(
    args: argparse.Namespace,
    times: tuple[list[float], ...],
    first: int,
    size: int,
    update: tuple[int, int],
    shipped: Precache,
) -> int:
    visible_ms, ready_ms, bare_ms, normal_ms, bare_normal_ms = times
    visible, ready, bare, normal, bare_normal = (statistics.median(v) for v in times)
    interactive_goal = GOALS["interactive" if args.cpu_throttle > 1 else "interactive_unthrottled"]
    precache_mb = total_size(shipped) / 1e6
    checks = [
        visible / bare <= GOALS["visible"] or args.cpu_throttle <= 1,
        ready / bare <= interactive_goal,
        first <= GOAL_FIRST_VISIT * size,
        update[1] <= GOAL_UPDATE_BYTES,
        precache_mb <= GOAL_PRECACHE_MB,
    ]
    print(f"CPU throttling {args.cpu_throttle:g}x, median of {args.runs} warm starts, server stopped")
    print(f"saved score visible: {visible:6.0f} ms = {visible / bare:.3f}x bare  ({_list(visible_ms)})")
    print(f"interactive:         {ready:6.0f} ms = {ready / bare:.3f}x bare  ({_list(ready_ms)})")
    print(f"bare loadPyodide():  {bare:6.0f} ms  ({_list(bare_ms)})")
    print("then, the machine's load may have changed, each start a ratio to the bare starts between:")
    print(f"interactive without the snapshot: {normal:6.0f} ms = {normal / bare_normal:.3f}x bare"
          f"  ({_list(normal_ms)})")
    print(f"bare loadPyodide():  {bare_normal:6.0f} ms  ({_list(bare_normal_ms)})")
    print(
        f"goals: visible <= {GOALS['visible']}x (at 4x), interactive <= {interactive_goal}x"
    )
    print(
        f"first visit: {first / 1e6:.2f} MB over the network for a {size / 1e6:.2f} MB site "
        f"= {first / size:.3f}x (goal <= {GOAL_FIRST_VISIT}x)"
    )
    print(
        f"update changing one line of app.css: {update[0] / 1e3:.1f} kB until the prompt, "
        f"{update[1] / 1e3:.1f} kB with the switch (goal <= {GOAL_UPDATE_BYTES / 1e3:.0f} kB)"
    )
    print(f"precache: {precache_mb:.2f} MB (goal <= {GOAL_PRECACHE_MB})")
    return 0 if all(checks) else 1


def _list(values: list[float]) -> str:
    return ", ".join(f"{value:.0f}" for value in values)


if __name__ == "__main__":
    sys.exit(main())
