"""The app in Firefox and WebKit (every iPhone's engine): the same scenarios in each, through
Selenium (tests/e2e/engines.py); Chromium has the Playwright suite beside this.

Each browser start and first visit costs seconds (WebKit's first visit ~20 s), so each engine
gets two long scenarios, each in a browser of its own with a fresh profile:

- a returning player's game: the first visit to ready, the service worker, a game with hands
  through the UI (a bait with melds, eggs, a claim), an edit and its undo, a reload, an offline
  start with Python from its snapshot, then a damaged snapshot that falls back to a normal start;
- someone else's game: a share link as the first visit of a fresh profile, a game file opened,
  every main screen at the engine's smallest window (no horizontal overflow; screenshots in
  test-results/engines-*.png to look at).

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
from tests.e2e.conftest import IDB_OPEN
from tests.e2e.engines import ENGINES, REQUIRED, Browser, missing, open_engine, xvfb_display
from tests.e2e.test_ui import cli_score
from tests.share.typical import typical_game
from tools.serve import DistServer

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-results"
SNAPSHOT_MADE = 'html[data-python-snapshot="made"]'
SNAPSHOT_TIMEOUT_S = 120
TIMES: dict[str, float] = {}


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


def report(request: pytest.FixtureRequest, what: str, seconds: float) -> None:
    """Keep a measured time in the test's report (shown with -rA, and in the junit XML)."""
    request.node.user_properties.append((what, round(seconds, 1)))
    print(f"{request.node.name}: {what} {seconds:.1f} s")


# --- reading what the engine stored and shows ---------------------------------------------


def games(browser: Browser) -> dict[str, dict[str, Any]]:
    """The games the app stored in IndexedDB, by id."""
    records: dict[str, Any] = browser.js(
        f"""return (() => {{ {IDB_OPEN}
          return inStore("games", "readonly", (objects) => {{
            const keys = objects.getAllKeys(), values = objects.getAll();
            return () => Object.fromEntries(keys.result.map((key, i) => [key, values.result[i]]));
          }});
        }})()"""
    )
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


DAMAGE_SNAPSHOTS = """return caches.keys()
  .then((names) => names.filter((name) => name.startsWith("debertz-python:")))
  .then((names) => Promise.all(names.map((name) => caches.open(name).then((cache) =>
    cache.keys().then((keys) => Promise.all(keys.map((key) => cache.match(key).then((kept) =>
      cache.put(key, new Response(new Uint8Array(70000).map((_, i) => (i * 7919) & 255),
        { headers: kept.headers })).then(() => key.url)))))))))
  .then((lists) => lists.flat())"""
"""Overwrite every kept snapshot with bytes that are no snapshot; the keys overwritten."""


# --- the scenarios ------------------------------------------------------------------------


def test_a_returning_players_game_survives_reloads_offline_and_a_damaged_snapshot(
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

    engine.reload()  # a reload keeps it
    engine.wait_ready()
    assert current_game(engine) == game
    sheet_matches_cli(engine)

    started = time.monotonic()
    engine.wait_for(SNAPSHOT_MADE, "Python's snapshot was never made", SNAPSHOT_TIMEOUT_S)
    report(request, "snapshot made after", time.monotonic() - started)
    server.stop()  # offline from here on
    engine.reload()
    report(request, "offline start from the snapshot", engine.wait_ready())
    assert python_start(engine) == ("snapshot", None)
    sheet_matches_cli(engine)
    no_errors(engine)

    assert engine.js(DAMAGE_SNAPSHOTS), "no snapshot was kept"
    engine.reload()
    report(request, "offline start past a damaged snapshot", engine.wait_ready())
    kind, fallback = python_start(engine)
    assert kind == "normal" and "invalid magic number" in (fallback or ""), fallback
    assert current_game(engine) == game
    sheet_matches_cli(engine)
    no_errors(engine)


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
    engine: Browser, server: DistServer, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    sent = {**typical_game(3, 14, seed=7), "id": "theirs"}
    engine.goto(server.url + game_fragment(sent))  # a fresh profile's first visit
    report(request, "first visit to ready", engine.wait_ready())
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
    opened.write_text(json.dumps(typical_game(4, 9, seed=3), ensure_ascii=False), "utf-8")
    engine.goto(server.url + "#/")
    engine.attach("#open-file", opened)
    engine.shows(".foreign", "opened.json")
    engine.click("#save-shared")
    engine.until(lambda: len(games(engine)) == 2, "the opened file was never saved")
    engine.saved()
    sheet_matches_cli(engine)

    width = engine.smallest_window()
    report(request, "smallest window (CSS px)", width)
    assert width <= 460, f"{engine.engine} kept a {width} px wide window"
    screens = {
        "games": lambda: engine.goto(server.url + "#/"),
        "game": lambda: engine.click(".card a.btn"),
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
        seen = overflow(engine, width)
        if seen["scroll"] > width or seen["wide"]:
            wide[name] = seen
    assert wide == {}, f"{engine.engine} at {width} px"
    no_errors(engine)
