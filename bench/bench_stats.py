"""Statistics benchmark (not a test): a year of play, the statistics screen in Chromium.

    python bench/bench_stats.py [--dist dist] [--games 300] [--hands 30] [--runs 11] [--cold 5]

Through the real app (Pyodide in the page): ``--games`` made-up games of ``--hands`` hand records
each (``tools/sample_games.py``: 2, 3 and 4 players over a year, most of them finished) are
written into the app's IndexedDB, and the app is reloaded, so it starts with them as it would on
a phone after a year. Then, from the games list:

- ``first``: the first tap on "Player statistics" right after a start, as soon as the games list
  shows (the page is reloaded before each of ``--cold`` runs; the app computes the games'
  reports a few at a time once it has started, so part of them may still be missing);
- ``settled``: the same first tap after a start, once the app says every report is computed
  (``<html data-reports="ready">``);
- ``warm``: the tap again, ``--runs`` times (back to the list in between; every game's report
  is cached per revision, so only the adding up and the markup are redone);
- ``filter``: picking another period in the statistics screen, ``--runs`` times.

Each time is taken in the page with ``performance.now()``: ``shown`` = from the click until the
statistics screen is in the DOM (the route is handled, the figures added up, the screen patched
in), ``frame`` = until the next animation frame after it. Goal: ``frame`` median under 100 ms.
Start-up times (reload to the games list, in seconds) are printed with no games and with them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.build import build
from tools.chromium import launch_options
from tools.sample_games import sample_games
from tools.serve import DistServer

GOAL_MS = 100.0

SEED = """async (records) => {
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open("debertz");
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  await new Promise((resolve, reject) => {
    const tx = db.transaction("games", "readwrite");
    const games = tx.objectStore("games");
    for (const [key, value] of records) games.put(value, key);
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  db.close();
  return records.length;
}"""

# Resolves when ``selector`` is in #app, with the time since ``start``.
SHOWN = """
const shown = (selector, start) => new Promise((resolve) => {
  const root = document.getElementById('app');
  const done = () => {
    observer.disconnect();
    const at = performance.now() - start;
    requestAnimationFrame(() => resolve({shown: at, frame: performance.now() - start}));
  };
  const observer = new MutationObserver(() => { if (root.querySelector(selector)) done(); });
  observer.observe(root, {childList: true, subtree: true});
});
"""

TIMED_TAP = f"""async () => {{ {SHOWN}
  const link = document.getElementById('open-stats');
  const start = performance.now();
  const result = shown('#stats-overview', start);
  link.click();
  const times = await result;
  times.players = document.querySelectorAll('details.player').length;
  return times;
}}"""

TIMED_FILTER = f"""async (period) => {{ {SHOWN}
  const select = document.getElementById('stats-period');
  const before = document.getElementById('stats-overview').textContent;
  const start = performance.now();
  const result = new Promise((resolve) => {{
    const root = document.getElementById('app');
    const observer = new MutationObserver(() => {{
      const now = document.getElementById('stats-overview') || document.getElementById('stats-empty');
      if (now && now.textContent !== before) {{
        observer.disconnect();
        const at = performance.now() - start;
        requestAnimationFrame(() => resolve({{shown: at, frame: performance.now() - start}}));
      }}
    }});
    observer.observe(root, {{childList: true, subtree: true, characterData: true}});
  }});
  select.value = period;
  select.dispatchEvent(new Event('change', {{bubbles: true}}));
  return await result;
}}"""

BACK_HOME = f"""async () => {{ {SHOWN}
  const result = shown('#open-stats', performance.now());
  location.hash = '#/';
  await result;
}}"""


def summary(name: str, values: list[float]) -> str:
    ordered = sorted(values)
    return (
        f"  {name:7s} median {statistics.median(values):7.1f}  min {ordered[0]:7.1f}  "
        f"max {ordered[-1]:7.1f}"
    )


def ready(page: Page) -> None:
    page.wait_for_selector('html[data-app="ready"]', state="attached", timeout=180_000)


def seed(page: Page, games: dict[str, Any]) -> None:
    records = [
        [key, json.dumps({"schema": 1, "game": game}, ensure_ascii=False)]
        for key, game in games.items()
    ]
    written = page.evaluate(SEED, records)
    assert written == len(games), written


def boot(page: Page, selector: str = "#open-stats") -> float:
    """Reload the app and wait for the games list; the seconds it took."""
    started = time.perf_counter()
    page.reload()
    ready(page)
    page.wait_for_selector(selector)
    return time.perf_counter() - started


def settled(page: Page) -> float:
    """Wait until every report is computed; the seconds that took from now."""
    started = time.perf_counter()
    page.wait_for_selector('html[data-reports="ready"]', state="attached", timeout=180_000)
    return time.perf_counter() - started


def report(name: str, runs: list[dict[str, float]]) -> float:
    print(f"{name} ({len(runs)} runs, ms):")
    print(summary("shown", [run["shown"] for run in runs]))
    print(summary("frame", [run["frame"] for run in runs]))
    return statistics.median(run["frame"] for run in runs)


def bench(dist: Path, games: int, hands: int, runs: int, cold: int) -> None:
    sample = sample_games(games, hands)
    server = DistServer(dist)
    server.start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_options())
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.goto(server.url)
            ready(page)
            empty = [boot(page, "#new-game") for _ in range(cold)]
            seed(page, sample)
            boots, waits, first_runs, settled_runs = [], [], [], []
            for _ in range(cold):
                boots.append(boot(page))
                first_runs.append(page.evaluate(TIMED_TAP))
                page.evaluate(BACK_HOME)
            for _ in range(cold):
                boots.append(boot(page))
                waits.append(settled(page))
                settled_runs.append(page.evaluate(TIMED_TAP))
                page.evaluate(BACK_HOME)
            players = int(settled_runs[-1]["players"])
            warm_runs = []
            for _ in range(runs):
                warm_runs.append(page.evaluate(TIMED_TAP))
                page.evaluate(BACK_HOME)
            page.evaluate(TIMED_TAP)
            periods = ["year", "all", "quarter", "all"]
            filter_runs = [page.evaluate(TIMED_FILTER, periods[i % 4]) for i in range(runs)]
            overview = page.text_content("#stats-overview")
            browser.close()
    finally:
        server.stop()
    print(f"{games} games of {hands} hand records, {players} players; the screen says: {overview}")
    print(f"start-up (reload to the games list), median: no games {statistics.median(empty):.2f} s, "
          f"with them {statistics.median(boots):.2f} s; every report computed "
          f"{statistics.median(waits):.2f} s after the list showed")
    first_ms = report("first: the first tap right after a start", first_runs)
    settled_ms = report("settled: the first tap once every report is computed", settled_runs)
    warm_ms = report("warm: the tap again", warm_runs)
    filter_ms = report("filter: another period picked", filter_runs)
    measured = (("first", first_ms), ("settled", settled_ms), ("warm", warm_ms),
                ("filter", filter_ms))
    for name, value in measured:
        verdict = "met" if value < GOAL_MS else "NOT met"
        print(f"  goal, {name}: frame median under {GOAL_MS:.0f} ms: {verdict} ({value:.1f} ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--cold", type=int, default=5)
    options = parser.parse_args()
    args = (options.games, options.hands, options.runs, options.cold)
    if options.dist:
        bench(options.dist, *args)
        return
    with tempfile.TemporaryDirectory() as folder:
        dist = Path(folder) / "dist"
        build(dist)
        bench(dist, *args)


if __name__ == "__main__":
    main()
