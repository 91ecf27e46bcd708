"""Kill drill (not a test): Chromium killed at a random moment right after Save, many times.

    python bench/drill_kill.py [--kills 20] [--max-delay-ms 300] [--seed 1]

One persistent profile. Each round starts Chromium on it (our own process, driven over CDP, so
that it can be killed with SIGKILL like a phone killing the app), enters a hand with unique card
points, taps Save, waits a random 0..max-delay ms, and kills the browser. The next start reads
the stored game and the form: the hand must be stored exactly once, or not stored and back in
the open form with what was typed (then it is saved there). Prints the rounds that lost or
duplicated a hand; exits 1 if any did.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, sync_playwright

from tools.build import build
from tools.chromium import CHROMIUM, launch_flags
from tools.serve import DistServer

READ_GAME = """(id) => new Promise((resolve, reject) => {
  const open = indexedDB.open("debertz");
  open.onsuccess = () => {
    const read = open.result.transaction("games").objectStore("games").get(id);
    read.onsuccess = () => { open.result.close(); resolve(read.result); };
    read.onerror = () => reject(read.error);
  };
  open.onerror = () => reject(open.error);
})"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_chromium(profile: Path, port: int) -> subprocess.Popen[bytes]:
    args = [
        CHROMIUM,
        "--headless=new",
        f"--remote-debugging-port={port}",
        f"--user-data-dir={profile}",
        *launch_flags(),
        "about:blank",
    ]
    return subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_ready(page: Page) -> None:
    page.wait_for_selector('html[data-app="ready"]', state="attached", timeout=120_000)


def written(page: Page) -> None:
    page.wait_for_selector('html[data-writes="0"], html:not([data-writes])', state="attached")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--max-delay-ms", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    chance = random.Random(args.seed)
    work = Path(tempfile.mkdtemp(prefix="drill-kill-"))
    build(work / "dist")
    server = DistServer(work / "dist")
    server.start()
    profile = work / "profile"
    game_url = ""
    game_id = ""
    lost: list[str] = []
    doubled: list[str] = []
    reopened = 0
    with sync_playwright() as playwright:
        for round_number in range(args.kills + 1):
            port = free_port()
            browser_process = start_chromium(profile, port)
            browser = None
            for _ in range(100):
                try:
                    browser = playwright.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
                    break
                except Exception:  # noqa: BLE001 - not listening yet
                    time.sleep(0.1)
            assert browser is not None, "Chromium did not start"
            context = browser.contexts[0]
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(game_url or server.url)
            wait_ready(page)
            if not game_id:
                page.click("#new-game")
                page.fill("#name-0", "Оля")
                page.fill("#name-1", "Петро")
                page.check("#target-other")
                page.fill("#target-number", "10001")  # room for a hundred rounds
                page.click("#start-game")
                page.wait_for_url("**/#/game/*")
                written(page)
                game_url, game_id = page.url, page.url.rsplit("/", 1)[-1]
            else:  # check the round before
                expected = 100 + 2 * (round_number - 1)
                record = json.loads(page.evaluate(READ_GAME, game_id))
                hands = record["game"]["hands"]
                counted = sum(1 for hand in hands if hand["cards"][0] == expected)
                form = page.locator("#entry").count() == 1
                if counted + int(form) == 0:
                    lost.append(f"round {round_number - 1}")
                elif counted + int(form) > 1:
                    doubled.append(f"round {round_number - 1}")
                print(f"  after a restart: stored {counted}, form open {form}", flush=True)
                if form:
                    reopened += 1
                    page.click("#save-hand")
                    page.wait_for_selector("#entry", state="detached")
                    written(page)
            if round_number == args.kills:
                browser.close()
                browser_process.terminate()
                browser_process.wait(timeout=30)
                break
            try:
                page.click("#new-hand", timeout=90_000)
            except Exception:
                print(page.inner_text("body"), file=sys.stderr)
                raise
            page.click("#taker-0")
            page.fill("#cards-0", str(100 + 2 * round_number))
            written(page)
            delay = chance.uniform(0, args.max_delay_ms) / 1000
            page.click("#save-hand", no_wait_after=True)
            time.sleep(delay)
            browser_process.send_signal(signal.SIGKILL)
            browser_process.wait(timeout=30)
            print(f"round {round_number}: killed {delay * 1000:.0f} ms after Save", flush=True)
    server.stop()
    print(f"kills: {args.kills}, forms reopened: {reopened}, lost: {len(lost)}, "
          f"recorded twice: {len(doubled)}")
    for what in lost + doubled:
        print("  problem in", what)
    return 1 if lost or doubled else 0


if __name__ == "__main__":
    sys.exit(main())
