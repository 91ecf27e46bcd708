"""Benchmark (not a test): a start with 10,000 stored games against a start with one, and the
longest task of the page while a 10,000-game backup is restored.

    python bench/bench_many_games.py [--games 10000] [--runs 3] [--cpu-throttle 1] [--no-restore] [--no-starts]

One Chromium run over a fresh build, served locally. The app is visited once as a new player
would (the service worker keeps the site, the app makes its Python snapshot). Then, for N = 1 and
N = ``--games``, the app's own records are stored: each game is written as the app writes it
(``app.storage.encode_game``, run here on CPython: its summary, CRC and all) into the app's
IndexedDB, the page is reloaded ``--runs`` times and the time from the navigation to
``<html data-app="ready">`` (interactive) is taken in the page; the median is printed, and the
ratio of the two (goal: at most 1.5x).

Then (unless ``--no-restore``) the stored games are cleared, a backup of ``--games`` games (as
the app writes it) is opened through the file picker and restored; a ``PerformanceObserver`` of
``longtask`` entries runs from the moment the file is chosen to its plan, and from the tap on
Restore to its end: for each the longest task and the time are printed (goal: no task over
100 ms), and the games stored at the end.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, sync_playwright

from app.share.backup import make_backup
from app.storage import encode_game
from bench.bench_boot import MARKS, first_visit, wait_mark
from tests.share.typical import typical_game
from tools.build import build
from tools.chromium import launch_options
from tools.serve import DistServer

GOAL_RATIO = 1.5
GOAL_LONGEST_MS = 100.0
WAIT_MS = 600_000

PUT_ALL = """async (records) => {
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open("debertz");
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  await new Promise((resolve, reject) => {
    const tx = db.transaction(["games"], "readwrite");
    const games = tx.objectStore("games");
    games.clear();
    for (const [key, text] of records) games.put(text, key);
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  db.close();
  localStorage.clear();
  return records.length;
}"""

LONG_TASKS = """() => {
  window.__longest = 0;
  window.__tasks = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__tasks += 1;
      window.__longest = Math.max(window.__longest, entry.duration);
    }
  }).observe({ type: "longtask" });
}"""


def games(count: int) -> list[dict[str, Any]]:
    """``count`` typical stored games: 2, 3 or 4 players, 8 to 57 hands, the app's keys."""
    pool: list[dict[str, Any]] = []
    seed = 0
    while len(pool) < 97:
        seed += 1
        try:
            pool.append(typical_game(2 + seed % 3, 8 + seed % 50, seed=seed))
        except AssertionError:  # the generator sometimes gives a side too many melds
            continue
    out = []
    for n in range(count):
        day, minute = 1 + n % 28, n % (24 * 60)
        out.append({
            **pool[n % len(pool)], "id": f"g{n:05d}", "rev": n % 4,
            "created": f"2026-11-{day:02d}T{minute // 60:02d}:{minute % 60:02d}:00",
            "updated": f"2026-11-{day:02d}T{minute // 60:02d}:{minute % 60:02d}:30",
            "undo": [], "redo": [],
        })
    return out


def store_games(page: Page, stored: list[dict[str, Any]]) -> int:
    """Write the games into the app's IndexedDB as the app stores them; their size in bytes."""
    records = [[game["id"], encode_game(game)] for game in stored]
    page.evaluate(PUT_ALL, records)
    return sum(len(text.encode("utf-8")) for _, text in records)


TEXTS_MARK = """
new MutationObserver((_, observer) => {
  const root = document.documentElement;
  if (root && root.dataset.texts && !root.dataset.textsAt) {
    root.dataset.textsAt = String(performance.now());
    observer.disconnect();
  }
}).observe(document, { subtree: true, attributes: true });
"""
"""Marks when the page has read the texts of every stored game (after the first screen)."""


def time_start(page: Page, url: str) -> float:
    page.goto(url)
    return wait_mark(page, "ready-at")


def texts_read_at(page: Page) -> float:
    """When the start had read every stored game's text (``<html data-texts>``), in ms."""
    return wait_mark(page, "texts-at")


COUNT_STORED = """async () => {
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open("debertz");
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const count = await new Promise((resolve, reject) => {
    const request = db.transaction(["games"]).objectStore("games").count();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  db.close();
  return count;
}"""


def phase_tasks(page: Page) -> tuple[float, int]:
    """The longest task and the number of long tasks since the last call (then reset)."""
    page.wait_for_timeout(200)  # the observer's last entries
    found = page.evaluate("[window.__longest, window.__tasks]")
    page.evaluate("window.__longest = 0; window.__tasks = 0")
    return float(found[0]), int(found[1])


def time_restore(page: Page, url: str, path: Path) -> dict[str, float]:
    """Open the backup at ``path`` (to its plan), then restore it (to the end): for each, the
    time, the longest task and the number of tasks over 50 ms; and the games stored then."""
    page.evaluate(PUT_ALL, [])
    page.goto(url)
    page.wait_for_selector('html[data-app="ready"]', state="attached", timeout=WAIT_MS)
    page.evaluate(LONG_TASKS)
    started = time.perf_counter()
    page.set_input_files("#open-file", str(path))
    page.wait_for_selector("#restore", timeout=WAIT_MS)
    plan_ms = (time.perf_counter() - started) * 1000
    plan_longest, plan_tasks = phase_tasks(page)
    started = time.perf_counter()
    page.click("#restore")
    page.wait_for_selector("#restore-done", timeout=WAIT_MS)
    page.wait_for_selector('html[data-writes="0"]', state="attached", timeout=WAIT_MS)
    write_ms = (time.perf_counter() - started) * 1000
    write_longest, write_tasks = phase_tasks(page)
    return {"plan_ms": plan_ms, "plan_longest": plan_longest, "plan_tasks": plan_tasks,
            "write_ms": write_ms, "write_longest": write_longest, "write_tasks": write_tasks,
            "stored": float(page.evaluate(COUNT_STORED))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cpu-throttle", type=float, default=1.0)
    parser.add_argument("--no-restore", action="store_true")
    parser.add_argument("--no-starts", action="store_true", help="time the restore only")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-many-"))
    dist = work / "dist"
    build(dist)
    server = DistServer(dist)
    server.start()
    many = games(args.games)
    starts: dict[int, list[float]] = {}
    sizes: dict[int, int] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_options())
        page = browser.new_context().new_page()
        page.add_init_script(MARKS)
        page.add_init_script(TEXTS_MARK)
        first_visit(page, server)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.cpu_throttle})
        for count in () if args.no_starts else (1, args.games):
            sizes[count] = store_games(page, many[:count])
            time_start(page, server.url)  # the first start after the write keeps the screen
            page.wait_for_selector(  # and indexes the games (written here without the index)
                "html[data-summaries]", state="attached", timeout=WAIT_MS)
            starts[count], read = [], []
            for _ in range(args.runs):
                starts[count].append(time_start(page, server.url))
                read.append(texts_read_at(page))
            shown = page.locator(".card").count()
            print(f"{count} games stored ({sizes[count] / 1e6:.2f} MB): interactive "
                  f"{statistics.median(starts[count]):.0f} ms median "
                  f"({', '.join(f'{v:.0f}' for v in starts[count])}), {shown} cards drawn; "
                  f"every game's text read at {statistics.median(read):.0f} ms "
                  f"({', '.join(f'{v:.0f}' for v in read)})")
        restore = None
        if not args.no_restore:
            path = work / "backup.json"
            text = make_backup({g["id"]: g for g in many}, {}, "2026-12-01T09:00:00")
            path.write_text(text, encoding="utf-8")
            restore = time_restore(page, server.url, path)
            print(f"restore of a {len(text.encode('utf-8')) / 1e6:.1f} MB backup of {args.games} "
                  f"games at {args.cpu_throttle:g}x: plan {restore['plan_ms'] / 1000:.1f} s, "
                  f"longest task {restore['plan_longest']:.0f} ms, {restore['plan_tasks']:.0f} "
                  f"tasks over 50 ms; restore {restore['write_ms'] / 1000:.1f} s, longest task "
                  f"{restore['write_longest']:.0f} ms, {restore['write_tasks']:.0f} tasks over "
                  f"50 ms; {restore['stored']:.0f} games stored")
        browser.close()
    server.stop()
    ratio = 0.0
    if starts:
        ratio = statistics.median(starts[args.games]) / statistics.median(starts[1])
        print(f"CPU throttling {args.cpu_throttle:g}x: a start with {args.games} games is "
              f"{ratio:.2f}x a start with one (goal <= {GOAL_RATIO}x)")
    longest = 0.0 if restore is None else max(restore["plan_longest"], restore["write_longest"])
    ok = ratio <= GOAL_RATIO and longest <= GOAL_LONGEST_MS
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
