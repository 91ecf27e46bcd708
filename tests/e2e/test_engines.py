"""The app in Firefox and WebKit (every iPhone's engine): the same scenarios in each, through
Selenium (tests/e2e/engines.py); Chromium has the Playwright suite beside this.

Each browser start and first visit costs seconds (WebKit's first visit over a minute: the
README's figures), so each engine gets two long scenarios, each in a browser of its own with a
fresh profile:

- a returning player's game: the first visit to ready, the service worker, a game with hands
  through the UI (a bait with melds, eggs, a claim), an edit and its undo, then, once Python's
  snapshot is made, a reload with the server stopped: the game is kept, Python from its snapshot;
- someone else's game: a share link opened in a profile where the app never ran (only its files
  kept, and a damaged snapshot planted: the start falls back to a normal one, which a snapshot
  fallback costs anyway), a game file opened, every main screen at a phone's 360 px (Firefox)
  or the smallest window the engine allows (WebKitGTK: 447 px) (no horizontal overflow;
  screenshots in test-results/engines-*.png to look at).

A third, short one: a tap on Update reloads into the new version at once (the running worker
serves its files) and the new worker takes over once the page is up (boot.js's ``switchTo``).
Each normal start of Python in WebKit costs tens of seconds, so the long scenarios have two: the
first visit and the fallback; a reload before the snapshot is made would be a third.

Both end with no uncaught error and no console error. Every score on screen is compared with
``python -m app.engine score`` of the game as the engine stored it.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from app.share.link import game_fragment
from tests.e2e.conftest import RECORDS
from tests.e2e.engines import ENGINES, REQUIRED, Browser, missing, open_engine, xvfb_display
from tests.e2e.test_shell_update import make_new_version
from tests.e2e.test_start_snapshot import PLANT, page_mark, pyodide_build_id
from tests.e2e.test_ui import cli_score
from tests.share.typical import typical_game
from tools.serve import DistServer

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-results"
SNAPSHOT_MADE = 'html[data-python-snapshot="made"]'
APP_LAYER_MADE = 'html[data-python-app-snapshot="made"]'
SNAPSHOT_TIMEOUT_S = 240  # made in 62 s by WebKit at load 12
pytestmark = pytest.mark.timeout(600)  # WebKit's starts: up to 240 s each when loaded


@pytest.fixture(scope="session")
def display() -> Iterator[Callable[[], str]]:
    """An Xvfb display for WebKitGTK's window, started at the first call, shared by the run."""
    with contextlib.ExitStack() as stack:
        shown: list[str] = []

        def get() -> str:
            if not shown:
                shown.append(stack.enter_context(xvfb_display()))
            return shown[0]

        yield get


@pytest.fixture(params=[pytest.param(e, marks=getattr(pytest.mark, e)) for e in ENGINES])
def engine(request: pytest.FixtureRequest, display: Callable[[], str]) -> Iterator[Browser]:
    """A started engine with a fresh profile; skipped (failed under DEBERTZ_ENGINES_REQUIRED=1)
    where this machine lacks it."""
    engine: str = request.param
    reason = missing(engine)
    if reason:
        if os.environ.get(REQUIRED) == "1":
            pytest.fail(f"{engine} is required here ({REQUIRED}=1) but {reason}")
        pytest.skip(f"{engine}: {reason}")
    started = time.monotonic()
    with open_engine(engine, display) as opened:
        report(request, "browser start", time.monotonic() - started)
        yield opened


def report(request: pytest.FixtureRequest, what: str, value: float, unit: str = "s") -> None:
    """Keep a measured figure in the test's report (``user_properties``: the junit XML has it)
    and print it (``-s`` shows it)."""
    request.node.user_properties.append((f"{what} ({unit})", round(value, 1)))
    print(f"{request.node.name}: {what} {value:.1f} {unit}")


# --- reading what the engine stored and shows ---------------------------------------------


def games(browser: Browser) -> dict[str, dict[str, Any]]:
    """The games the app stored in IndexedDB, by id."""
    records: dict[str, Any] = browser.js(f"return ({RECORDS})(arguments[0])", "games")
    decoded = {key: json.loads(v) if isinstance(v, str) else v for key, v in records.items()}
    return {key: record["game"] for key, record in decoded.items()}


def current_game(browser: Browser) -> dict[str, Any]:
    game_id = browser.js("return location.hash").split("/")[2]  # #/game/<id>[/...]
    return games(browser)[game_id]


def shown(browser: Browser) -> dict[str, Any]:
    """The board's scores and each history row's running score, as shown."""
    seen: dict[str, Any] = browser.js(
        """return {
          score: [...document.querySelectorAll('.board .score')].map(e => +e.dataset.score),
          rows: [...document.querySelectorAll('table.sheet tbody.hand')]
            .sort((a, b) => a.dataset.hand - b.dataset.hand)
            .map(tr => tr.dataset.runs.split(',').map(Number)),
        }"""
    )
    return seen


def sheet_matches_cli(browser: Browser) -> dict[str, Any]:
    """The sheet on screen equals CPython's score of the game as the engine stored it."""
    expected = cli_score(current_game(browser))
    on_screen = shown(browser)
    assert on_screen["score"] == expected["score"], browser.engine
    assert on_screen["rows"] == [line["score"] for line in expected["hands"]], browser.engine
    return expected


def no_errors(browser: Browser) -> None:
    assert browser.errors() == [], f"{browser.engine}: errors in the page"


# --- driving the app ----------------------------------------------------------------------


def hand(browser: Browser, *, taker: int, cards: dict[int, int],
         meld: int | None = None, edit: int | None = None) -> None:
    """Enter a hand through the form (or change hand ``edit``) and save it."""
    browser.click("#new-hand" if edit is None else f"#hand-{edit}")
    browser.find("#entry-title")
    browser.click(f"#taker-{taker}")
    for side, value in cards.items():
        browser.fill(f"#cards-{side}", str(value))
    if meld is not None:
        browser.click(f"#meld-{meld}")  # a terz
    browser.click("#save-hand")
    browser.until(lambda: browser.count("#entry") == 0, "the hand form never closed")
    browser.saved()


def undo(browser: Browser) -> None:
    browser.click("#undo")
    browser.saved()


def new_game(browser: Browser, names: list[str], target: int) -> None:
    browser.click("#new-game")
    browser.click(f"#count-{len(names)}")
    for seat, name in enumerate(names):
        browser.fill(f"#name-{seat}", name)
    browser.click(f"#target-{target}")
    browser.click("#start-game")
    browser.find("#new-hand")
    browser.saved()


def english(browser: Browser) -> None:
    browser.choose("#lang", "en")
    browser.wait_for('html[lang="en"]')
    browser.saved()


def python_start(browser: Browser) -> tuple[str | None, str | None]:
    """How Python started (``snapshot`` / ``normal``) and why it fell back, if it did."""
    return browser.attr("html", "data-python"), browser.attr("html", "data-python-fallback")


REGISTER = """return navigator.serviceWorker.register('./service-worker.js')
  .then(() => navigator.serviceWorker.ready).then(() => true)"""


def plant_damaged_snapshot(engine: Browser, url: str, dist: Path) -> None:
    """Keep the site (its service worker) and a snapshot of this build that is no snapshot,
    before Python has ever started in this profile (as tests/e2e/test_start_snapshot.py does)."""
    engine.goto(url + "precache.js")  # a page of the site that does not start the app
    assert engine.js(REGISTER)
    planted = engine.js(f"return ({PLANT})(arguments[0])",
                        ["garbage", page_mark(dist, "debertz-stdlib"), pyodide_build_id(dist)])
    assert "python-snapshot?runtime=" in planted


# --- the scenarios ------------------------------------------------------------------------


def test_a_game_played_through_the_ui_is_kept_and_starts_offline_from_the_snapshot(
    engine: Browser, server: DistServer, request: pytest.FixtureRequest
) -> None:
    engine.goto(server.url)
    report(request, "first visit to ready", engine.wait_ready())
    assert python_start(engine) == ("normal", None)
    engine.wait_worker()
    english(engine)

    new_game(engine, ["Оля", "Петро"], target=301)
    hand(engine, taker=1, cards={1: 70}, meld=1)  # 70 + a terz of 162 + 20: a bait
    hand(engine, taker=0, cards={0: 81})  # 81 each: eggs, Оля's 81 hang
    engine.shows(".pot", "81")
    sheet_matches_cli(engine)
    hand(engine, taker=0, cards={0: 100}, edit=1)  # the eggs changed into a hand made...
    assert current_game(engine)["hands"][1]["cards"] == [100, 62]
    sheet_matches_cli(engine)
    undo(engine)  # ...and back
    assert current_game(engine)["hands"][1]["cards"] == [81, 81]
    before = sheet_matches_cli(engine)

    engine.click("#new-claim")  # Петро has trump; Оля claims the game with 130 more
    engine.click("#taker-1")
    engine.click("#claim-side-0")
    engine.fill("#claim-cards", "130")
    engine.shows("#preview", "301")
    engine.click("#save-hand")
    engine.until(lambda: engine.count("#entry") == 0, "the claim was not saved")
    engine.saved()
    claimed = sheet_matches_cli(engine)
    assert claimed["decided_by"] == "claim" and len(claimed["hands"]) == len(before["hands"]) + 1
    engine.find(".result")
    game = current_game(engine)
    no_errors(engine)

    started = time.monotonic()
    engine.wait_for(SNAPSHOT_MADE, "Python's snapshot was never made", SNAPSHOT_TIMEOUT_S)
    report(request, "snapshot made after", time.monotonic() - started)
    server.stop()  # offline from here on: a reload keeps the game, Python from its snapshot
    engine.reload()
    report(request, "offline start from the snapshot", engine.wait_ready())
    assert python_start(engine) == ("snapshot", None)
    assert current_game(engine) == game
    sheet_matches_cli(engine)
    no_errors(engine)

    started = time.monotonic()  # the app's layer over it, made at idle, used at the next start
    engine.wait_for(APP_LAYER_MADE, "the app's layer was never made", SNAPSHOT_TIMEOUT_S)
    report(request, "app's layer made after", time.monotonic() - started)
    engine.reload()
    report(request, "offline start from the app's layer", engine.wait_ready())
    assert engine.attr("html", "data-python-layer") == "app"
    assert current_game(engine) == game
    sheet_matches_cli(engine)
    no_errors(engine)


NOTES = (
    ("#storage-note", "!navigator.storage", "#/"),
    ("#no-share-sheet", "!navigator.share", "#/share/{game}"),
    ("#no-open-with", "!window.launchQueue", "#/import"),
)
"""The word the app says for an API the engine lacks: where, for which lack, on which screen."""


def notes_for_what_is_missing(engine: Browser, url: str) -> list[str]:
    """Visit the screen of each API this engine lacks and wait for the app's word about it."""
    game = next(iter(games(engine)))
    said = []
    for selector, lacks, route in NOTES:
        if engine.js(f"return {lacks}"):
            engine.goto(url + route.format(game=game))
            engine.wait_for(selector, f"the engine lacks it ({lacks}) and the app never said so")
            said.append(selector)
    return said


def overflow(browser: Browser, width: int) -> dict[str, Any]:
    """How far the page scrolls sideways, and the first elements that stick out."""
    seen: dict[str, Any] = browser.js(
        """const width = arguments[0];
        return {
          scroll: document.documentElement.scrollWidth,
          wide: [...document.body.querySelectorAll("*")]
            .filter((e) => e.getBoundingClientRect().right > width + 0.5 && !e.closest(".sheet-box"))
            .slice(0, 4).map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className}`),
        }""",
        width,
    )
    return seen


def test_someone_elses_game_by_link_and_by_file_and_every_screen_at_phone_width(
    engine: Browser, server: DistServer, dist: Path, tmp_path: Path,
    request: pytest.FixtureRequest,
) -> None:
    plant_damaged_snapshot(engine, server.url, dist)
    sent = {**typical_game(3, 14, seed=7), "id": "theirs"}
    engine.goto(server.url + game_fragment(sent))  # the app's first start in this profile
    report(request, "start past a damaged snapshot", engine.wait_ready())
    kind, fallback = python_start(engine)
    assert kind == "normal" and "invalid magic number" in (fallback or ""), fallback
    english(engine)
    engine.find(".foreign")
    assert engine.count("tbody.hand") == 14
    assert engine.count("#new-hand, #undo, [data-action=edit-hand]") == 0  # read only
    assert games(engine) == {}
    engine.click("#save-shared")
    engine.until(lambda: "#/game/" in engine.js("return location.hash"), "never saved")
    engine.saved()
    assert [len(g["hands"]) for g in games(engine).values()] == [14]
    sheet_matches_cli(engine)

    opened = tmp_path / "opened.json"
    going_on = {**typical_game(4, 23, seed=3), "rules": {"target": 10001}}
    opened.write_text(json.dumps(going_on, ensure_ascii=False), "utf-8")
    engine.goto(server.url + "#/")
    engine.attach("#open-file", opened)
    engine.shows(".foreign", "opened.json")
    # its sheet drawn first as far as a phone shows it, then whole once the page is idle
    engine.until(lambda: engine.js("return document.documentElement.dataset.drawn") == "whole",
                 "the preview was never drawn whole")
    assert engine.count("tbody.hand") == 23 and engine.count(".sheet-part.later") == 0
    engine.click("#save-shared")
    engine.until(lambda: len(games(engine)) == 2, "the opened file was never saved")
    engine.saved()
    sheet_matches_cli(engine)
    [four] = [key for key, game in games(engine).items() if len(game["players"]) == 4]

    width = engine.phone_size()
    report(request, "page width at phone size", width, "CSS px")
    assert width <= 460, f"{engine.engine} kept a {width} px wide page"
    screens = {
        "games": lambda: engine.goto(server.url + "#/"),
        "game": lambda: engine.goto(server.url + f"#/game/{four}"),
        "hand": lambda: engine.click("#new-hand"),
        "share": lambda: (engine.click("#cancel-hand"), engine.click("#share-game")),
        "import": lambda: engine.goto(server.url + "#/import"),
    }
    wide = {}
    for name, show in screens.items():
        show()
        engine.saved()
        time.sleep(0.2)  # a frame for the layout
        engine.screenshot(SHOTS / f"engines-{engine.engine}-{name}-{width}px.png")
        if name == "share":  # opened from the game's foot, it starts at its title (WebKit did not)
            top = engine.js("return document.getElementById('screen-title').getBoundingClientRect().top")
            assert 0 <= top < 300, f"{engine.engine}: the share screen opened scrolled ({top})"
        seen = overflow(engine, width)
        if seen["scroll"] > width or seen["wide"]:
            wide[name] = seen
    assert wide == {}, f"{engine.engine} at {width} px"
    print(f"{engine.engine} lacks, and the app said so:", notes_for_what_is_missing(engine, server.url))
    no_errors(engine)


def test_a_tap_on_update_reloads_into_the_new_version_and_its_worker_takes_over(
    engine: Browser, dist_copy: Path, serve: Callable[..., DistServer],
    request: pytest.FixtureRequest,
) -> None:
    """The update as boot.js makes it: the running worker serves the waiting version's files,
    the page reloads into it at once, and the new worker takes over once the page is up."""
    server = serve(dist_copy)
    engine.goto(server.url)
    engine.wait_ready()
    engine.wait_worker()
    engine.until(lambda: engine.js("return !!navigator.serviceWorker.controller"),
                 "the first worker never took the page over")
    make_new_version(dist_copy)
    engine.js("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    engine.wait_for("#shell-update:not([hidden])", "the new version was never offered", 120)
    engine.js("window.__before = true")
    started = time.monotonic()
    engine.click("#shell-update-button")
    engine.until(lambda: engine.js("return window.__before === undefined"), "no reload")
    engine.wait_ready()
    report(request, "tap to the new version ready", time.monotonic() - started)
    engine.wait_for('html[data-update="taken-over"]', "the new worker never took over")
    css = engine.js("return fetch('./shell.css').then((r) => r.text())")
    assert "new version" in css
    no_errors(engine)
