"""Start-up benchmark (not a test): the app's starts against a bare loadPyodide(), and bytes.

    python bench/bench_boot.py [--runs 5] [--cpu-throttle 4]
    python bench/bench_boot.py --engine firefox|webkit [--runs 5]   # bench/bench_boot_engines.py

One Chromium run over a fresh build, served locally, the CPU slowed down ``--cpu-throttle`` times
(Chromium's ``Emulation.setCPUThrottlingRate``; 4 is Lighthouse's mid-range phone; it slows the
page's main thread only, not its workers). Each kind of start is timed ``--runs`` times, each run
followed by a bare page that only calls ``loadPyodide()`` from the same cached files (Pyodide's
own standard library, as shipped), and reported as the median of its ratios to the bare start
that followed it (a shared machine's load drifts), with the range. Times are milliseconds since
the navigation started, taken in the page:

- first visit: a new browser profile opens the app over the local network (the service worker
  downloads the site, then Python starts: normally, nothing prepared yet) until interactive; the
  site as built, from a server of its own (the bench's files are not in its precache);
- warm, saved score visible: the first frame with the game's score on screen (boot.js's saved
  screen), the server stopped; warm, interactive: ``<html data-app="ready">``, Python from the
  device's runtime snapshot;
- warm, interactive, in a new tab: the same, but each start (and each bare one) in a tab of
  its own, so a renderer process with nothing compiled in memory, as when a phone opens the
  app again after it was closed (the starts above reload one tab);
- warm without the snapshot: the same with the snapshot put aside, Python starts normally;
- after an update of the CSS (one line of app.css), and after one of the Python code (app.zip
  rebuilt with one module changed): the first start of the new version, after the tap on Update
  as soon as it is offered; each also timed from the tap (with the old page's unload and the new
  service worker's activation), and each once more tapped "later", as a player who taps a while
  after the prompt: once the page made the new version's app layer (python.mjs prepareUpdate) and
  with the service workers stopped (CDP ``ServiceWorker.stopAllWorkers``), as a browser stops them
  after 30 s without an event (this one keeps them running for the DevTools it is driven by):
  Chromium activates a new worker a second late when the one it replaces is still running.

Bytes: the first visit's (over the network from a server that compresses nothing, and the site's
size, Pyodide's WebAssembly counted as the gzipped copy the service worker downloads), the
precache, and an update that changes one line of app.css (until the prompt, then after the
switch). The bare page and
Pyodide's own standard library it loads (bench-only, never shipped) are added to a private copy
of the build; they are not counted in the site's bytes.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, Page, sync_playwright

from tools.build import PACKED, Precache, build, total_size, write_app_zip, write_precache
from tools.chromium import launch_options
from tools.serve import DistServer

GOALS = {  # x bare loadPyodide(), at 4x (docs: issue 15)
    "visible": 0.04,
    "interactive": 0.25,
    "first visit": 0.60,
    "after a CSS update": 0.30,
    "after a Python update": 0.30,
}
GOAL_FIRST_VISIT = 1.02  # x the size of dist/
GOAL_FIRST_VISIT_MB = 7.5  # over a host that compresses nothing, as this bench's server
GOAL_UPDATE_BYTES = 100_000
GOAL_PRECACHE_MB = 12.5
BENCH_ONLY = ("bench-bare.html", "bench-bare.js", "vendor/pyodide/python_stdlib.zip")
WAIT_MS = 300_000
BARE_HTML = """<!doctype html><html><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="./bench-bare.js"></script></head><body></body></html>
"""
BARE_JS = """import { loadPyodide } from "./vendor/pyodide/pyodide.mjs"; // its own stdlib
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
    """Put the bare loadPyodide() page next to the app with Pyodide's own standard library, and
    precache them too (the warm bare starts run with the server stopped)."""
    (dist / "bench-bare.html").write_text(BARE_HTML, encoding="utf-8")
    (dist / "bench-bare.js").write_text(BARE_JS, encoding="utf-8")
    shutil.copy2(ROOT / "node_modules/pyodide/python_stdlib.zip", dist / BENCH_ONLY[2])
    write_precache(dist)


def site_bytes(dist: Path) -> int:
    """Every file of the site a visit downloads (not the bench's own; Pyodide's WebAssembly as
    its gzipped copy, which the service worker downloads in its place)."""
    files = [path for path in dist.rglob("*") if path.is_file()]
    skipped = {*BENCH_ONLY, *PACKED}
    return sum(p.stat().st_size for p in files if p.relative_to(dist).as_posix() not in skipped)


def sent_for_the_site(server: DistServer) -> int:
    """Bytes the server sent since its last reset, but for the bench's own files."""
    bench = {f"/{name}" for name in BENCH_ONLY}
    return sum(size for path, size in server.sent_by_path.items() if path not in bench)


def wait_mark(page: Page, name: str) -> float:
    """A time the page wrote into ``<html data-NAME>`` (the page's CSP forbids wait_for_function)."""
    page.wait_for_selector(f"html[data-{name}]", state="attached", timeout=WAIT_MS)
    return float(str(poll(page, f"document.documentElement.getAttribute('data-{name}')", "pending")))


def poll(page: Page, expression: str, still: object) -> object:
    """The value of ``expression`` once it is no longer ``still``."""
    for _ in range(WAIT_MS // 50):
        value = page.evaluate(expression)
        if value != still:
            return value
        page.wait_for_timeout(50)
    raise SystemExit(f"{expression} stayed {still!r}")


# python.mjs reads its snapshots (the runtime's and the app's layer) from the cache
# "debertz-python:<site>" and makes none after two failures (localStorage
# "debertz-python-failures:<runtime key>", and the same with ":app" for the app's layer): the bench
# puts the snapshots aside in a cache of its own, and says "two failures", for the starts without.
SNAPSHOT_ASIDE = """async (aside) => {
  const name = (await caches.keys()).find((n) => n.startsWith(aside ? "debertz-python:" : "bench-"));
  const from = await caches.open(name);
  const to = await caches.open(aside ? `bench-${name}` : name.replace(/^bench-/, ""));
  const keys = await from.keys();
  for (const key of keys) await to.put(key, await from.match(key));
  await caches.delete(name);
  const runtime = keys.find((key) => !key.url.includes("&app=")).url;
  for (const failures of [runtime, `${runtime}:app`].map((k) => `debertz-python-failures:${k}`)) {
    if (aside) localStorage.setItem(failures, "2");
    else localStorage.removeItem(failures);
  }
  return keys.map((key) => key.url);
}"""


def time_app(
    page: Page, url: str, python: str = "snapshot", layer: str | None = "app"
) -> tuple[float, float]:
    """Milliseconds to the saved score on screen and to interactive; fails unless Python started
    as ``python`` says ("snapshot" or "normal"), from the snapshot's ``layer`` (python.mjs)."""
    page.goto(url)
    ready = wait_mark(page, "ready-at")
    visible = wait_mark(page, "visible-at")
    started = tuple(page.get_attribute("html", f"data-{mark}") for mark in ("python", "python-layer"))
    if started != (python, layer) or page.get_attribute("html", "data-app") != "ready":
        raise SystemExit(f"the app did not start as {python, layer} (data-python, layer={started})")
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
    return sent_for_the_site(server)


def throttled(page: Page, rate: float) -> None:
    """Slow the page's main thread down ``rate`` times (and keep it so for its navigations)."""
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def in_a_new_tab(page: Page, rate: float) -> Page:
    """A new tab of the same profile in place of ``page``: a new renderer process, with nothing
    compiled in its memory, as on a phone that opens the app again after it was closed (the
    starts above reload one tab, whose process keeps what it compiled)."""
    fresh = page.context.new_page()
    throttled(fresh, rate)
    page.close()
    return fresh


def time_first_visits(
    browser: Browser, site: DistServer, server: DistServer, bare: Page, runs: int, rate: float
) -> tuple[list[float], list[float]]:
    """Each run a new profile's first visit of ``site`` until interactive, then a bare start
    (``server``: the build with the bare page). The bare page is throttled only during its own
    start: an idle page with Chromium's CPU throttling on keeps most of a core busy (its
    throttler; measured 9 s of CPU in 10 s), which the visit in the other profile would pay."""
    visits, bares = [], []
    for _ in range(runs):
        throttled(bare, 1)
        context = browser.new_context()
        page = context.new_page()
        page.add_init_script(MARKS)
        throttled(page, rate)
        page.goto(site.url)
        visits.append(wait_mark(page, "ready-at"))
        if page.get_attribute("html", "data-python") != "normal":
            raise SystemExit("a first visit did not start Python normally")
        context.close()
        throttled(bare, rate)
        bares.append(time_bare(bare, server.url))
    return visits, bares


NOW = "performance.timeOrigin + performance.now()"


def time_updates(
    page: Page,
    server: DistServer,
    dist: Path,
    change: Callable[[Path, int], None],
    runs: int,
    later: bool = False,
) -> tuple[Timed, Timed]:
    """Each run a new version (``change``), the tap on Update (``later``: once the page is done
    with the new version's app layer, the service workers stopped), its first start until
    interactive (it must start from the snapshot; ``later``: from the app's layer), then a bare
    start. The starts from the navigation, and from the tap."""
    starts, from_taps, bares = [], [], []
    for run in range(runs):
        change(dist, run + (100 if later else 0))  # never the content of an earlier version
        write_precache(dist)
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        page.wait_for_selector("#shell-update", state="visible", timeout=WAIT_MS)
        if later:
            done = 'html[data-python-update-snapshot]:not([data-python-update-snapshot="making"])'
            page.wait_for_selector(done, state="attached", timeout=WAIT_MS)
            if page.get_attribute("html", "data-python-update-snapshot") == "failed":
                raise SystemExit("the new version's app layer was not made: " + str(
                    page.get_attribute("html", "data-python-update-snapshot-reason")))
            cdp = page.context.new_cdp_session(page)
            cdp.send("ServiceWorker.enable")
            cdp.send("ServiceWorker.stopAllWorkers")
            cdp.detach()
            page.wait_for_timeout(500)
        tapped = page.evaluate(NOW)
        with page.expect_navigation():
            page.click("#shell-update-button")
        starts.append(wait_mark(page, "ready-at"))
        from_taps.append(page.evaluate("performance.timeOrigin") + starts[-1] - tapped)
        started = page.get_attribute("html", "data-python"), page.get_attribute(
            "html", "data-python-layer"
        )
        if started[0] != "snapshot" or (later and started[1] != "app"):
            raise SystemExit(f"the first start after an update was {started}")
        bares.append(time_bare(page, server.url))
        page.goto(server.url)
        wait_mark(page, "ready-at")
    return (starts, bares), (from_taps, bares)


def change_css(dist: Path, run: int) -> None:
    with (dist / "app.css").open("a", encoding="utf-8") as css:
        css.write(f"\n/* update {run} */\n")


def python_change(work: Path) -> Callable[[Path, int], None]:
    """A change of one module of the app (a constant added), app.zip rebuilt with it."""
    package = work / "app-changed"
    shutil.copytree(ROOT / "app", package, ignore=shutil.ignore_patterns("__pycache__", "static"))
    original = (package / "ids.py").read_text(encoding="utf-8")

    def change(dist: Path, run: int) -> None:
        (package / "ids.py").write_text(f"{original}\nUPDATE = {run}\n", encoding="utf-8")
        write_app_zip(package, dist / "app.zip")

    return change


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


Timed = tuple[list[float], list[float]]
"""Start times and the bare starts that followed each."""


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
    shutil.copytree(dist, work / "site")  # the first visits' site: without the bench's files
    site = DistServer(work / "site")
    site.start()
    add_bare_page(dist)
    size = site_bytes(dist)
    server = DistServer(dist)
    server.start()
    rate, runs = args.cpu_throttle, args.runs
    timed: dict[str, Timed] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_options())
        context = browser.new_context()
        context.add_init_script(MARKS)
        page = context.new_page()
        first = first_visit(page, server)
        game_url = enter_a_game(page)
        time_bare(page, server.url)  # warm both once before measuring
        throttled(page, rate)
        timed["first visit"] = time_first_visits(browser, site, server, page, runs, rate)
        site.stop()
        server.stop()
        time_app(page, game_url, layer="runtime")  # the app's layer is made at idle after it
        page.wait_for_selector(
            'html[data-python-app-snapshot="made"]', state="attached", timeout=WAIT_MS
        )
        page.goto("about:blank")  # the same address again would not load the page again
        visible: Timed = ([], [])
        ready: Timed = ([], [])
        for _ in range(runs):
            shown, interactive = time_app(page, game_url)
            bare = time_bare(page, server.url)
            visible[0].append(shown)
            ready[0].append(interactive)
            visible[1].append(bare)
            ready[1].append(bare)
        timed["visible"], timed["interactive"] = visible, ready
        tabbed: Timed = ([], [])
        for _ in range(runs):  # each start in a tab of its own, the bare ones too
            page = in_a_new_tab(page, rate)
            tabbed[0].append(time_app(page, game_url)[1])
            page = in_a_new_tab(page, rate)
            tabbed[1].append(time_bare(page, server.url))
        timed["interactive, in a new tab"] = tabbed
        page.evaluate(SNAPSHOT_ASIDE, True)
        normal: Timed = ([], [])
        for _ in range(runs):  # alternating, so that each start is a new document
            normal[0].append(time_app(page, game_url, "normal", None)[1])
            normal[1].append(time_bare(page, server.url))
        timed["interactive without the snapshot"] = normal
        page.evaluate(SNAPSHOT_ASIDE, False)
        server.start()
        page.goto(game_url)
        wait_mark(page, "ready-at")
        python = python_change(work)
        for name, change, later in (
            ("after a CSS update", change_css, False),
            ("after a Python update", python, False),
            ("after a CSS update, tapped later", change_css, True),
            ("after a Python update, tapped later", python, True),
        ):
            timed[name], timed[f"{name}, from the tap"] = time_updates(
                page, server, dist, change, runs, later
            )
        throttled(page, 1)
        to_prompt, update = update_bytes(page, server, dist)
        browser.close()
    server.stop()
    return report(args, timed, first, size, (to_prompt, update), shipped)


def ratios(times: Timed) -> list[float]:
    """Each start as a ratio to the bare start that followed it."""
    return [start / bare for start, bare in zip(*times, strict=True)]


def report(
    args: argparse.Namespace,
    timed: dict[str, Timed],
    first: int,
    size: int,
    update: tuple[int, int],
    shipped: Precache,
) -> int:
    precache_mb = total_size(shipped) / 1e6
    print(f"CPU throttling {args.cpu_throttle:g}x, {args.runs} runs of each start "
          "(median, range), each a ratio to the bare loadPyodide() after it")
    checks = []
    for name, times in timed.items():
        share = ratios(times)
        goal = GOALS.get(name)
        checks.append(goal is None or args.cpu_throttle <= 1 or statistics.median(share) <= goal)
        print(
            f"{name + ':':48} {statistics.median(times[0]):7.0f} ms = "
            f"{statistics.median(share):.3f}x bare ({min(share):.3f}-{max(share):.3f}); "
            f"bare {statistics.median(times[1]):.0f} ms"
            + (f"; goal <= {goal}x" if goal else "")
        )
        print(f"{'':48} ({_list(times[0])}) / bare ({_list(times[1])})")
    checks += [
        first <= GOAL_FIRST_VISIT * size,
        first <= GOAL_FIRST_VISIT_MB * 1e6,
        update[1] <= GOAL_UPDATE_BYTES,
        precache_mb <= GOAL_PRECACHE_MB,
    ]
    print(
        f"first visit: {first / 1e6:.2f} MB over the network for a {size / 1e6:.2f} MB site "
        f"= {first / size:.3f}x (goal <= {GOAL_FIRST_VISIT}x; the server compresses nothing: "
        f"goal <= {GOAL_FIRST_VISIT_MB} MB)"
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
