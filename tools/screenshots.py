"""Screenshots of every screen at 390x844, light and dark, in Ukrainian, into screenshots/.

    python tools/screenshots.py [--dist dist] [--out screenshots] [--lang uk]

Builds the site into a temporary folder unless ``--dist`` names a built one, serves it, plays a
short game through the UI in Chromium and saves ``NN-screen-light.png`` / ``-dark.png``; then the
hand entry of a 2-, 3- and 4-player game at 360x640 (``small-entry-Np-*.png``, viewport only).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, ViewportSize, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.build import build
from tools.chromium import launch_options
from tools.serve import DistServer

VIEWPORT: ViewportSize = {"width": 390, "height": 844}


def saved(page: Page) -> None:
    page.wait_for_selector('html[data-writes="0"], html:not([data-writes])', state="attached")


def hand(
    page: Page, taker: int, cards: dict[int, int], extra: Callable[[], None] | None = None
) -> None:
    page.click("#new-hand")
    page.click(f"#taker-{taker}")
    for side, value in cards.items():
        page.fill(f"#cards-{side}", str(value))
    if extra:
        extra()
    page.click("#save-hand")
    saved(page)


def scenes(page: Page) -> list[tuple[str, Callable[[], None]]]:
    """Each scene brings the app to one screen; they run in order."""

    def new_game() -> None:
        page.click("#new-game")
        page.check("#count-4")

    def new_game_errors() -> None:
        page.fill("#name-0", "Оля")
        page.fill("#name-1", "оля")
        page.click("#start-game")

    def options() -> None:
        page.click("details.options > summary")
        page.check("#opt-bait_penalty")

    def game() -> None:
        page.fill("#name-1", "Петро")
        page.fill("#name-2", "Іван")
        page.fill("#name-3", "Марта")
        page.click("#start-game")
        saved(page)
        hand(page, 0, {0: 81})
        hand(page, 1, {1: 100}, lambda: page.click("#meld-1"))
        hand(page, 2, {0: 70}, lambda: page.click("#bella-0"))
        page.click("#redeal")
        saved(page)
        hand(page, 0, {1: 0}, lambda: page.click("#no-tricks-1"))
        page.evaluate("window.scrollTo(0, 0)")

    def game_chart() -> None:
        # the "hand recorded" toast of the last scene fades out first (a scan during the fade
        # would measure the contrast of half-transparent text)
        page.wait_for_selector(".notice.fleeting", state="hidden")
        page.click("#chart-fold > summary")
        page.click("#chart-fold .chart-table > summary")

    def entry_preview() -> None:
        page.click("#new-hand")
        page.click("#taker-1")
        page.fill("#cards-1", "62")
        page.click("#meld-0")
        page.evaluate("window.scrollTo(0, 0)")

    def entry_errors() -> None:
        page.click("#cancel-hand")
        page.click("#new-hand")
        page.fill("#cards-0", "161")
        page.click("#save-hand")

    def claim() -> None:  # «Партія»: the claim form with its verdict
        page.click("#cancel-hand")
        page.click("#new-claim")
        page.click("#taker-1")
        page.click("#claim-side-0")
        page.fill("#claim-cards", "40")
        page.click("#claim-terz-plus")
        page.evaluate("window.scrollTo(0, 0)")

    def edit_confirm() -> None:
        page.click("#cancel-hand")
        page.click("#hand-0")
        page.click("#ask-delete-hand")

    def finished() -> None:
        page.click("#confirm-no")
        page.click("#cancel-hand")
        page.click("#new-hand")
        page.click("#taker-3")
        page.click("details.more > summary")
        page.click("#debertz-1")
        page.click("#save-hand")
        saved(page)
        page.evaluate("window.scrollTo(0, 0)")

    def share() -> None:
        page.click("#share-game")
        page.wait_for_selector("#qr svg")

    def shared_link() -> None:  # the game as someone opening its link sees it (read-only)
        page.goto(page.input_value("#share-link"))
        page.wait_for_selector("#open-copy")

    def home() -> None:
        page.click(".topbar a[href='#/']")

    def stats() -> None:
        page.click("#open-stats")
        page.click("#player-0 > summary")

    def help_page() -> None:
        page.click(".topbar a[href='#/help']")

    return [
        ("home-empty", lambda: None),
        ("new-game", new_game),
        ("new-game-errors", new_game_errors),
        ("new-game-options", options),
        ("game", game),
        ("game-chart", game_chart),
        ("hand-preview", entry_preview),
        ("hand-errors", entry_errors),
        ("hand-claim", claim),
        ("hand-edit-delete", edit_confirm),
        ("game-finished", finished),
        ("share", share),
        ("shared-link", shared_link),
        ("games-list", home),
        ("stats", stats),
        ("help", help_page),
    ]


SMALL: ViewportSize = {"width": 360, "height": 640}
TABLES = {2: ["Оля", "Петро"], 3: ["Оля", "Петро", "Іван"], 4: ["Оля", "Петро", "Іван", "Марта"]}


def small_entries(browser: Any, url: str, lang: str, out: Path) -> list[Path]:
    """The hand entry of a 2-, 3- and 4-player game as a 360x640 phone shows it (no scrolling:
    the screenshot is the viewport only), light and dark."""
    made: list[Path] = []
    for count, names in TABLES.items():
        context = browser.new_context(viewport=SMALL, locale=lang, device_scale_factor=1)
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector('html[data-app="ready"]', state="attached", timeout=90_000)
        page.select_option("#lang", lang)
        page.click("#new-game")
        page.check(f"#count-{count}")
        for seat, name in enumerate(names):
            page.fill(f"#name-{seat}", name)
        page.click("#start-game")
        saved(page)
        hand(page, 0, {0: 100, 1: 40} if count == 3 else {0: 100})
        page.click("#new-hand")
        page.click("#taker-1")
        page.fill("#cards-1", "90")
        if count == 3:
            page.fill("#cards-2", "30")
        page.evaluate("window.scrollTo(0, 0)")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            path = out / f"small-entry-{count}p-{scheme}.png"
            page.screenshot(path=str(path))
            made.append(path)
        context.close()
    return made


def shoot(dist: Path, out: Path, lang: str) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    server = DistServer(dist)
    server.start()
    made: list[Path] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_options())
            context = browser.new_context(viewport=VIEWPORT, locale=lang, device_scale_factor=1)
            page = context.new_page()
            page.goto(server.url)
            page.wait_for_selector('html[data-app="ready"]', state="attached", timeout=90_000)
            page.select_option("#lang", lang)
            for number, (name, step) in enumerate(scenes(page), start=1):
                step()
                for scheme in ("light", "dark"):
                    page.emulate_media(color_scheme=scheme)
                    path = out / f"{number:02d}-{name}-{scheme}.png"
                    page.screenshot(path=str(path), full_page=True)
                    made.append(path)
            made += small_entries(browser, server.url, lang, out)
            browser.close()
    finally:
        server.stop()
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots")
    parser.add_argument("--lang", default="uk", choices=("uk", "ru", "en"))
    options = parser.parse_args()
    if options.dist:
        made = shoot(options.dist, options.out, options.lang)
    else:
        with tempfile.TemporaryDirectory() as folder:
            dist = Path(folder) / "dist"
            build(dist)
            made = shoot(dist, options.out, options.lang)
    for path in made:
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


if __name__ == "__main__":
    main()
