"""Screenshots of every screen, light and dark, into screenshots/ (to look at, not committed).

    python tools/screenshots.py [--dist dist] [--out screenshots] [--lang uk]
    python tools/screenshots.py --phones [--lang uk ru en]
    python tools/screenshots.py --manifest    # the install dialog's pictures, app/static/screenshots

Builds the site into a temporary folder unless ``--dist`` names a built one, serves it, and drives
the UI in Chromium. By default it plays a short game at 390x844 and saves
``NN-screen-light.png`` / ``-dark.png``, then the hand entry of a 2-, 3- and 4-player game at
360x640 (``small-entry-Np-*.png``, viewport only). ``--phones`` walks ``phone_scenes`` (the
longest names, every mark, every confirmation) on emulated phones (touch, 320x640, 360x640,
412x915) in each language: ``phone-WxH-lang-NN-scene-scheme.png``, whole pages. ``--manifest``
writes the narrow and wide screenshots the manifest lists, as WebP encoded by the browser.
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import FilePayload, Page, ViewportSize, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.build import build
from tools.chromium import launch_options
from tools.long_games import SAMPLES, seed
from tools.serve import DistServer

VIEWPORT: ViewportSize = {"width": 390, "height": 844}
MANIFEST_DIR = ROOT / "app/static/screenshots"


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


def to_list(page: Page) -> None:
    """The top bar's link to the games list."""
    page.click(".topbar a[href='#/']")


def to_help(page: Page) -> None:
    """The top bar's link to the help."""
    page.click(".topbar a[href='#/help']")


def hand_with_errors(page: Page) -> None:
    """From an open hand form: a new one with an impossible number, Save tapped."""
    page.click("#cancel-hand")
    page.click("#new-hand")
    page.fill("#cards-0", "161")
    page.click("#save-hand")


def ask_to_delete_hand_1(page: Page) -> None:
    """From an open hand form: hand 1 opened to correct, and "delete it?" asked."""
    page.click("#cancel-hand")
    page.click("#hand-0")
    page.click("#ask-delete-hand")


def open_claim(page: Page) -> None:
    """From a game's sheet: «Партія» claimed by side 0 with 40 card points and a terz, so the
    form shows its verdict."""
    page.click("#new-claim")
    page.click("#taker-1")
    page.click("#claim-side-0")
    page.fill("#claim-cards", "40")
    page.click("#claim-terz-plus")
    page.evaluate("window.scrollTo(0, 0)")


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

    def claim() -> None:
        page.click("#cancel-hand")
        open_claim(page)

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

    def stats() -> None:
        page.click("#open-stats")
        page.click("#player-0 > summary")

    return [
        ("home-empty", lambda: None),
        ("new-game", new_game),
        ("new-game-errors", new_game_errors),
        ("new-game-options", options),
        ("game", game),
        ("game-chart", game_chart),
        ("hand-preview", entry_preview),
        ("hand-errors", lambda: hand_with_errors(page)),
        ("hand-claim", claim),
        ("hand-edit-delete", lambda: ask_to_delete_hand_1(page)),
        ("game-finished", finished),
        ("share", share),
        ("shared-link", shared_link),
        ("games-list", lambda: to_list(page)),
        ("stats", stats),
        ("help", lambda: to_help(page)),
    ]


def phone_scenes(page: Page) -> list[tuple[str, Callable[[], None]]]:
    """Every screen with the longest names (tools/long_games.py, seeded first), in order:
    the games list, the new-game form with every option and its errors, the sheets of 2, 3 and 4
    sides, the rules, the hand form with every mark at once and with its errors, both
    confirmations, the claim form, a finished game's report, the sharing screens (a game's and
    the rules' link and QR code, both links opened, a game file opened), the statistics and the
    help."""
    names = SAMPLES["long-teams"]["players"]

    def open_game(game_id: str) -> Callable[[], None]:
        def step() -> None:
            if page.is_visible("#cancel-hand"):  # no form kept for the next walk
                page.click("#cancel-hand")
            to_list(page)
            page.click(f"#open-{game_id}")
            page.evaluate("window.scrollTo(0, 0)")

        return step

    def new_game() -> None:
        page.click("#new-game")
        page.check("#count-4")
        for seat, name in enumerate(names):
            page.fill(f"#name-{seat}", name)
        if not page.is_visible("#opt-eggs"):
            page.click("details.options > summary")
        page.check("#opt-bait_penalty")
        page.check("#opt-ski_penalty")

    def new_game_errors() -> None:
        page.fill("#name-1", names[0].upper())
        page.click("#start-game")

    def rules() -> None:
        if not page.is_visible("#rules dl"):
            page.click("details.rules > summary")

    def every_mark() -> None:
        page.click("#new-hand")
        page.click("#taker-1")
        page.fill("#cards-0", "162")
        page.click("#no-tricks-1")
        page.click("#meld-0")
        page.click("#fifty-plus")
        page.click("#bella-0")
        page.click("#last-trick-0")
        page.evaluate("window.scrollTo(0, 0)")

    def delete_game() -> None:
        page.click("#confirm-no")
        page.click("#cancel-hand")
        page.click("#ask-delete-game")

    def claim_form() -> None:
        page.click("#confirm-no")
        open_claim(page)

    def statistics() -> None:
        to_list(page)
        page.click("#open-stats")
        page.click("#player-0 > summary")

    def share(opener: str) -> Callable[[], None]:
        def step() -> None:
            page.click(opener)
            page.wait_for_selector("#qr svg")

        return step

    def open_link(shown: str) -> Callable[[], None]:
        """The link on the share screen, opened in the running app (as a tap on it would)."""

        def step() -> None:
            fragment = "#" + page.input_value("#share-link").partition("#")[2]
            page.evaluate("(place) => { location.hash = place; }", fragment)
            page.wait_for_selector(shown)

        return step

    def rules_form() -> None:
        to_list(page)
        page.click("#new-game")

    def game_file() -> None:
        to_list(page)
        page.evaluate("() => { location.hash = '#/import'; }")
        text = json.dumps(SAMPLES["long-four"], ensure_ascii=False)
        page.set_input_files("#open-file", files=FilePayload(
            name=f"{names[0]}.json", mimeType="application/json", buffer=text.encode()))
        page.wait_for_selector(".foreign, .here")  # a game already here is named so

    return [
        ("games", lambda: None),
        ("new-game", new_game),
        ("new-game-errors", new_game_errors),
        ("game-teams", open_game("long-teams")),
        ("game-rules", rules),
        ("hand-every-mark", every_mark),
        ("hand-errors", lambda: hand_with_errors(page)),
        ("hand-delete", lambda: ask_to_delete_hand_1(page)),
        ("game-delete", delete_game),
        ("hand-claim", claim_form),
        ("game-three-finished", open_game("long-three")),
        ("game-four", open_game("long-four")),
        ("share-game", share("#share-game")),
        ("shared-game", open_link("#open-copy")),
        ("new-game-kept", rules_form),
        ("share-rules", share("#share-rules")),
        ("rules-in", open_link("#use-rules")),
        ("import-game", game_file),
        ("stats", statistics),
        ("help", lambda: to_help(page)),
    ]


PHONES: tuple[ViewportSize, ...] = (
    {"width": 320, "height": 640},
    {"width": 360, "height": 640},
    {"width": 412, "height": 915},
)
REFUSED_STORAGE = "navigator.storage.persist = () => Promise.resolve(false);"
"""An init script: the browser refuses persistent storage (the games list then says so)."""


def phone_options(viewport: ViewportSize, lang: str, scale: float = 2) -> dict[str, Any]:
    """``browser.new_context`` options that lay out like a phone (touch, mobile viewport rules)."""
    return {
        "viewport": viewport,
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": scale,
        "locale": lang,
    }


def phone_context(browser: Any, viewport: ViewportSize, lang: str, scale: float = 2) -> Any:
    """A browser context that lays out like a phone (touch, mobile viewport rules)."""
    return browser.new_context(**phone_options(viewport, lang, scale))


def open_seeded(page: Page, url: str, lang: str) -> None:
    """Start the app, store the sample games, and switch to ``lang``."""
    page.goto(url)
    page.wait_for_selector('html[data-app="ready"]', state="attached", timeout=90_000)
    seed(page, SAMPLES)
    page.select_option("#lang", lang)
    saved(page)


def phones(browser: Any, url: str, langs: list[str], out: Path) -> list[Path]:
    """``phone_scenes`` on each phone size in each language, light and dark."""
    made: list[Path] = []
    for viewport in PHONES:
        size = f"{viewport['width']}x{viewport['height']}"
        for lang in langs:
            context = phone_context(browser, viewport, lang, scale=1)
            context.add_init_script(REFUSED_STORAGE)
            page = context.new_page()
            open_seeded(page, url, lang)
            for number, (name, step) in enumerate(phone_scenes(page), start=1):
                step()
                for scheme in ("light", "dark"):
                    page.emulate_media(color_scheme=scheme)
                    path = out / f"phone-{size}-{lang}-{number:02d}-{name}-{scheme}.png"
                    page.screenshot(path=str(path), full_page=True)
                    made.append(path)
            context.close()
    return made


MANIFEST_SHOTS: dict[str, tuple[ViewportSize, str]] = {
    "narrow-game.webp": ({"width": 360, "height": 740}, "game"),
    "narrow-hand.webp": ({"width": 360, "height": 740}, "hand"),
    "wide-game.webp": ({"width": 1280, "height": 800}, "game"),
}
"""The manifest's screenshots: file name -> (viewport in CSS px, scene). Narrow ones are taken
at twice the pixels (a phone's screen), wide ones at one."""
WEBP_QUALITY = 0.8
TO_WEBP = """async ([png, quality]) => {
  const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
  const image = await createImageBitmap(new Blob([bytes], {type: "image/png"}));
  const canvas = new OffscreenCanvas(image.width, image.height);
  canvas.getContext("2d").drawImage(image, 0, 0);
  const blob = await canvas.convertToBlob({type: "image/webp", quality});
  return [...new Uint8Array(await blob.arrayBuffer())];
}"""


def manifest_shots(browser: Any, url: str, out: Path) -> list[Path]:
    """The pictures of the install dialog, in Ukrainian (the manifest's language), light."""
    made: list[Path] = []
    for file_name, (viewport, scene) in MANIFEST_SHOTS.items():
        narrow = viewport["width"] < viewport["height"]
        context = browser.new_context(
            viewport=viewport, device_scale_factor=2 if narrow else 1, is_mobile=narrow,
            has_touch=narrow, locale="uk", color_scheme="light",
        )
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector('html[data-app="ready"]', state="attached", timeout=90_000)
        page.select_option("#lang", "uk")
        for name, step in scenes(page):
            step()
            if name == "game":
                break
        if scene == "hand":
            page.click("#new-hand")
            page.click("#taker-1")
            page.fill("#cards-1", "96")
            page.click("#meld-1")
            page.evaluate("document.activeElement.blur()")
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(4500)  # the "hand recorded" toast fades first
        png = page.screenshot(type="png")
        data = page.evaluate(TO_WEBP, [base64.b64encode(png).decode(), WEBP_QUALITY])
        path = out / file_name
        path.write_bytes(bytes(data))
        made.append(path)
        context.close()
    return made


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


def shoot(dist: Path, out: Path, lang: str, mode: str = "screens", langs: list[str] | None = None
          ) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    server = DistServer(dist)
    server.start()
    made: list[Path] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_options())
            if mode == "phones":
                return phones(browser, server.url, langs or [lang], out)
            if mode == "manifest":
                return manifest_shots(browser, server.url, out)
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
    parser.add_argument("--lang", nargs="+", default=["uk"], choices=("uk", "ru", "en"))
    parser.add_argument("--phones", action="store_true", help="phone_scenes on phones")
    parser.add_argument("--manifest", action="store_true", help="write the manifest's pictures")
    options = parser.parse_args()
    mode = "manifest" if options.manifest else "phones" if options.phones else "screens"
    out = MANIFEST_DIR if options.manifest else options.out
    if options.dist:
        made = shoot(options.dist, out, options.lang[0], mode, options.lang)
    else:
        with tempfile.TemporaryDirectory() as folder:
            dist = Path(folder) / "dist"
            build(dist)
            made = shoot(dist, out, options.lang[0], mode, options.lang)
    for path in made:
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


if __name__ == "__main__":
    main()
