"""Benchmark: link sizes of typical games, and the time to make and read links, QR codes, backups.

Run from the repository root:  python bench/bench_share.py [--browser] [--repeat 7]

Prints the size table (payload and link length, QR version) for 2, 3 and 4 players and 10, 30
and 60 hands, then the best of several runs on this Python for: packing a 60-hand 4-player
game into a link, reading it back (with the engine's check), drawing its QR code (segno), and a
backup and restore plan of 100 such games. With ``--browser`` it also builds the site, opens the
game in headless Chromium and times the share screen's first and second drawing (the first
imports segno) in Pyodide.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.share import backup, qr
from app.share.link import game_fragment, read_fragment
from tests.share.typical import BASE, size_table, typical_game


def best_ms(call: object, repeat: int, number: int = 1) -> float:
    """The best of ``repeat`` runs of ``number`` calls, in milliseconds per call."""
    times = timeit.repeat(call, repeat=repeat, number=number)  # type: ignore[arg-type]
    return min(times) / number * 1000


def print_sizes() -> None:
    print(f"links of typical games, starting with {BASE} ({len(BASE)} characters)")
    print("| players | hands | payload | link | QR code |")
    print("|---|---|---|---|---|")
    for row in size_table():
        print(f"| {row['players']} | {row['hands']} | {row['payload']} | {row['link']} | "
              f"version {row['version']}-{row['error']}, {row['modules']}x{row['modules']} |")


def print_times(repeat: int) -> None:
    game = typical_game(4, 60)
    fragment = game_fragment(game)
    link = BASE + fragment
    games = {f"g{n}": {**typical_game(4, 60, seed=n), "id": f"g{n}"} for n in range(100)}
    text = backup.make_backup(games, {"lang": "uk"}, "2026-12-01T09:00:00")
    read = backup.read_backup(__import__("json").loads(text))
    rows = [
        ("game -> link (60 hands, 4 players)", best_ms(lambda: game_fragment(game), repeat, 20)),
        ("link -> checked game", best_ms(lambda: read_fragment(fragment), repeat, 20)),
        ("QR code of the link (segno + SVG)", best_ms(lambda: qr.draw_svg(
            qr._encode.__wrapped__(link)[0]), repeat, 3)),
        ("backup of 100 such games", best_ms(lambda: backup.make_backup(games, {}, "x"), repeat)),
        ("restore plan of it onto the same 100", best_ms(
            lambda: backup.plan_restore(games, read, iter(f"n{i}" for i in range(10**6))),
            repeat)),
    ]
    print(f"\nCPython {sys.version.split()[0]}, best of {repeat}:")
    for name, ms in rows:
        print(f"  {name:<40} {ms:8.2f} ms")
    print(f"  backup file of 100 games: {len(text.encode()) / 1e6:.2f} MB")


TAP_TO_QR = """() => new Promise((resolve) => {
  const start = performance.now();
  const done = () => requestAnimationFrame(() => resolve(performance.now() - start));
  const observer = new MutationObserver(() => {
    if (document.querySelector("#qr svg")) { observer.disconnect(); done(); }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  document.getElementById("share-game").click();
})"""
"""Milliseconds from a tap on "Share the game" to the next frame with the QR code in the page."""


def print_browser(runs: int) -> None:
    from playwright.sync_api import sync_playwright

    from tools.build import build
    from tools.chromium import launch_options
    from tools.serve import DistServer

    out = Path(tempfile.mkdtemp()) / "dist"
    build(out)
    server = DistServer(out)
    server.start()
    fragment = game_fragment(typical_game(4, 60))
    first: list[float] = []
    again: list[float] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_options())
            for _ in range(runs):
                page = browser.new_context().new_page()
                page.goto(server.url + fragment)
                page.wait_for_selector("#save-shared", timeout=120_000)
                page.click("#save-shared")
                page.wait_for_selector("#share-game")
                for times in (first, again):
                    times.append(page.evaluate(TAP_TO_QR))
                    page.click("#share-back")
                    page.wait_for_selector("#share-game")
                page.context.close()
            browser.close()
    finally:
        server.stop()
    print(f"\nChromium + Pyodide, share screen of a 60-hand game, median of {runs}:")
    print(f"  tap -> QR code on screen, first time (imports segno) {statistics.median(first):8.1f} ms")
    print(f"  tap -> QR code on screen, again (cached)             {statistics.median(again):8.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--browser", action="store_true")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print_sizes()
    print_times(args.repeat)
    if args.browser:
        print_browser(args.runs)


if __name__ == "__main__":
    main()
