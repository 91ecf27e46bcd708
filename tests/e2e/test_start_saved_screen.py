"""The saved screen at start-up: painted at once, replaced by Python, never shown once untrue.

boot.js paints the last games list or sheet the app kept, when IndexedDB shows it still holds (the
build, the language, each game's rev and updated stamp); see app/ui/saved_screen.py. The
``saved_screens`` fixture records what was painted, and whether Python was up by then (a newer
build's start is checked in test_shell_update.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tools.serve import DistServer

Wait = Callable[[Page], None]
Screens = Any  # tests/e2e/conftest.py: SavedScreens
StartGame = Callable[[Page, list[str]], None]
PLAYERS = ["Оля", "Петро"]


def open_app(page: Page, url: str, wait_ready: Wait, screens: Screens) -> Page:
    """Open the app in ``page``, watching for a painted saved screen."""
    screens.watch(page)
    page.goto(url)
    wait_ready(page)
    return page


def saved(page: Page) -> None:
    page.wait_for_selector('html[data-writes="0"]', state="attached")


def add_hand(page: Page, taker: int, cards: int) -> None:
    page.click("#new-hand")
    page.click(f"#taker-{taker}")
    page.fill(f"#cards-{taker}", str(cards))
    page.click("#save-hand")
    expect(page.locator("#entry")).to_have_count(0)
    saved(page)


def scores(page: Page) -> list[str]:
    found: list[str] = page.evaluate(
        "[...document.querySelectorAll('#app .board .score')].map((e) => e.dataset.score)"
    )
    return found


@pytest.mark.fresh_context
def test_the_saved_sheet_is_painted_at_once_then_the_live_app_replaces_it_offline(
    saved_screens: Screens,
    start_game: StartGame,
    page: Page,
    server: DistServer,
    recorder: Any,
    wait_ready: Wait,
    reload_offline: Callable[..., None],
) -> None:
    open_app(page, server.url, wait_ready, saved_screens)
    start_game(page, PLAYERS)
    add_hand(page, taker=0, cards=100)
    shown = scores(page)
    assert shown and shown != ["0", "0"]
    saved_screens.kept(page)
    reload_offline(page, server, recorder)

    painted = saved_screens.paints(page)
    assert len(painted) == 1, "the saved sheet was not painted before Python was up"
    assert painted[0]["scores"] == shown and painted[0]["app"] == "loading"
    assert painted[0]["note"] in ("Starting…", "Запускаємо…", "Запускаем…")
    assert page.get_attribute("html", "data-screen") is None
    expect(page.locator("#shell-note")).to_be_hidden()
    assert scores(page) == shown
    page.click("#new-hand")  # the live app: interactive
    expect(page.locator("#entry-title")).to_be_visible()
    assert recorder.errors == [] and recorder.violations() == []


def test_the_games_list_is_painted_too(
    saved_screens: Screens, start_game: StartGame, page: Page, app_url: str, wait_ready: Wait
) -> None:
    open_app(page, app_url, wait_ready, saved_screens)
    start_game(page, PLAYERS)
    page.click('a[href="#/"]')
    expect(page.locator("#new-game")).to_be_visible()
    saved_screens.kept(page)
    page.reload()
    wait_ready(page)
    assert [paint["cards"] for paint in saved_screens.paints(page)] == [1]


@pytest.mark.parametrize("change", ["a hand", "the language"])
def test_after_another_tabs_change_only_what_is_stored_now_is_painted(
    saved_screens: Screens,
    start_game: StartGame,
    context: BrowserContext,
    app_url: str,
    wait_ready: Wait,
    change: str,
) -> None:
    first = open_app(context.new_page(), app_url, wait_ready, saved_screens)
    start_game(first, PLAYERS)
    saved_screens.kept(first)
    if change == "a hand":  # the first tab hears of it and shows it
        second = open_app(context.new_page(), first.url, wait_ready, saved_screens)
        add_hand(second, taker=1, cards=120)
        current = scores(second)
    else:
        current = "ru" if first.evaluate("document.documentElement.lang") != "ru" else "uk"
        second = open_app(context.new_page(), app_url, wait_ready, saved_screens)  # the list
        second.select_option("#lang", current)
        saved(second)
    second.close()
    first.reload()
    wait_ready(first)
    painted = saved_screens.paints(first)
    if change == "a hand":
        assert [paint["scores"] for paint in painted] in ([], [current])
        assert scores(first) == current
    else:
        assert [paint["lang"] for paint in painted] in ([], [current])
        expect(first.locator("html")).to_have_attribute("lang", current)


def test_a_screen_kept_before_an_edit_is_not_painted(
    saved_screens: Screens, start_game: StartGame, page: Page, app_url: str, wait_ready: Wait
) -> None:
    open_app(page, app_url, wait_ready, saved_screens)
    start_game(page, PLAYERS)
    before_edit = saved_screens.kept(page)
    add_hand(page, taker=0, cards=90)
    current = scores(page)
    saved_screens.kept(page)
    # the page was closed after the write but before it kept the new screen
    page.evaluate(
        "(text) => localStorage.setItem(Object.keys(localStorage).find((k) =>"
        " k.startsWith('debertz-screens:')), text)",
        before_edit,
    )
    page.reload()
    wait_ready(page)
    assert saved_screens.paints(page) == []
    assert scores(page) == current


@pytest.mark.parametrize("change", ["the game", "the language", "the backup"])
def test_a_kept_screen_is_not_painted_once_the_store_changed_behind_the_app(
    saved_screens: Screens,
    start_game: StartGame,
    page: Page,
    app_url: str,
    idb: Any,
    wait_ready: Wait,
    change: str,
) -> None:
    """A change no open tab heard of (another window of an older version, another browser
    profile's sync...): IndexedDB is the truth the saved screen is checked against."""
    open_app(page, app_url, wait_ready, saved_screens)
    start_game(page, PLAYERS)
    add_hand(page, taker=0, cards=100)
    game_id = page.url.split("/")[-1]
    if change == "the backup":  # the games list shows when the last backup was made
        page.click('a[href="#/"]')
        expect(page.locator("#backup")).to_be_visible()
    saved_screens.kept(page)
    if change == "the game":
        record = json.loads(idb.records(page, "games")[game_id])
        game = record["game"]
        game["hands"].append(game["hands"][-1])  # one more hand, as another window stored it
        game["rev"] += 1
        idb.put(page, "games", game_id, json.dumps(record))
    else:
        settings = idb.records(page, "app").get("settings")
        record = json.loads(settings) if settings else {"schema": 1, "settings": {}}
        if change == "the language":
            record["settings"]["lang"] = (
                "ru" if page.evaluate("document.documentElement.lang") != "ru" else "uk"
            )
        else:
            made = {"made": "2026-12-01T09:00:00", "hands": {game_id: 1}}
            record["settings"]["backup"] = made
        idb.put(page, "app", "settings", json.dumps(record))
    page.reload()
    wait_ready(page)
    assert saved_screens.paints(page) == []
    if change == "the game":
        assert scores(page) == ["200", "124"]
    if change == "the backup":
        expect(page.locator("#app")).to_contain_text("01.12.2026 09:00")


FORGET_PYTHON_MJS = """() => caches.keys()
  .then((names) => caches.open(names.find((name) => name.endsWith(":files"))))
  .then((cache) => cache.keys().then((keys) => cache.delete(keys.find((k) => k.url.includes("/python.mjs?")))))"""


@pytest.mark.parametrize("where", ["sheet", "games list"])
@pytest.mark.fresh_context
def test_a_tap_on_the_saved_screen_waits_for_python_and_is_then_performed(
    saved_screens: Screens,
    start_game: StartGame,
    page: Page,
    server: DistServer,
    wait_ready: Wait,
    where: str,
) -> None:
    open_app(page, server.url, wait_ready, saved_screens)
    start_game(page, PLAYERS)
    game_id = page.url.split("/")[-1]
    if where == "games list":
        page.click('a[href="#/"]')
        expect(page.locator("#new-game")).to_be_visible()
    saved_screens.kept(page)
    tap = "#new-hand" if where == "sheet" else f"#open-{game_id}"
    # Python waits for python.mjs, which the network now holds back.
    assert page.evaluate(FORGET_PYTHON_MJS), "python.mjs was not in the service worker's cache"
    server.held.add("python.mjs")
    try:
        page.reload()
        page.wait_for_selector('html[data-screen="saved"]', state="attached")
        page.click(tap)
        assert page.get_attribute("html", "data-app") == "loading", "Python was up before the tap"
        expect(page.locator(f"{tap}.shell-held")).to_have_count(1)
        expect(page.locator("#entry-title")).to_have_count(0)
    finally:
        server.held.clear()
    wait_ready(page)
    if where == "sheet":
        expect(page.locator("#entry-title")).to_be_visible()
    else:
        expect(page.locator("#new-hand")).to_be_visible()
        assert page.url.endswith(f"#/game/{game_id}")
