"""The saved screen at start-up: painted at once, replaced by Python, never shown once untrue.

boot.js paints the last games list or sheet the app kept, when IndexedDB shows it still holds (the
build, the language, each game's rev and updated stamp); see app/ui/saved_screen.py. An init
script records what was painted, and whether Python was up by then.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tools.serve import DistServer

Wait = Callable[[Page], None]
PAINTS = """
window.__paints = [];
new MutationObserver(() => {
  const root = document.documentElement;
  if (!root || root.dataset.screen !== "saved" || window.__paints.length) return;
  window.__paints.push({
    scores: [...document.querySelectorAll("#app .board .score")].map((e) => e.dataset.score),
    cards: document.querySelectorAll("#app .card").length,
    app: root.dataset.app,
    lang: root.lang,
    note: document.getElementById("shell-note").textContent,
  });
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-screen"] });
"""
KEPT = "Object.entries(localStorage).filter(([k]) => k.startsWith('debertz-screens:'))"


def open_page(context: BrowserContext, url: str, wait_ready: Wait) -> Page:
    page = context.new_page()
    page.add_init_script(PAINTS)
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


def new_game(page: Page, names: list[str]) -> None:
    page.click("#new-game")
    page.check(f"#count-{len(names)}")
    for seat, name in enumerate(names):
        page.fill(f"#name-{seat}", name)
    page.click("#start-game")
    expect(page.locator("#new-hand")).to_be_visible()
    saved(page)


def kept_text(page: Page) -> str:
    """The kept screens (localStorage), once the app has kept the screen shown now."""
    route = page.evaluate("location.hash") or "#/"
    for _ in range(100):
        kept = page.evaluate(KEPT)
        screen = json.loads(kept[0][1])["screens"].get(route) if kept else None
        if screen and all(f'data-score="{score}"' in screen["html"] for score in scores(page)):
            text: str = kept[0][1]
            return text
        page.wait_for_timeout(100)
    raise AssertionError(f"the screen {route} was never kept")


def scores(page: Page) -> list[str]:
    found: list[str] = page.evaluate(
        "[...document.querySelectorAll('#app .board .score')].map((e) => e.dataset.score)"
    )
    return found


def paints(page: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate("window.__paints")
    return found


def test_the_saved_sheet_is_painted_at_once_then_the_live_app_replaces_it_offline(
    page: Page,
    server: DistServer,
    recorder: Any,
    wait_ready: Wait,
    reload_offline: Callable[..., None],
) -> None:
    page.add_init_script(PAINTS)
    page.goto(server.url)
    wait_ready(page)
    new_game(page, ["Оля", "Петро"])
    add_hand(page, taker=0, cards=100)
    shown = scores(page)
    assert shown and shown != ["0", "0"]
    kept_text(page)
    reload_offline(page, server, recorder)

    painted = paints(page)
    assert len(painted) == 1, "the saved sheet was not painted before Python was up"
    assert painted[0]["scores"] == shown and painted[0]["app"] == "loading"
    assert painted[0]["note"] in ("Starting…", "Запускаємо…", "Запускаем…")
    assert page.get_attribute("html", "data-screen") is None
    expect(page.locator("#shell-note")).to_be_hidden()
    assert scores(page) == shown
    page.click("#new-hand")  # the live app: interactive
    expect(page.locator("#entry-title")).to_be_visible()
    assert recorder.errors == [] and recorder.violations() == []


def test_the_games_list_is_painted_too(page: Page, app_url: str, wait_ready: Wait) -> None:
    page.add_init_script(PAINTS)
    page.goto(app_url)
    wait_ready(page)
    new_game(page, ["Оля", "Петро"])
    page.click('a[href="#/"]')
    expect(page.locator("#new-game")).to_be_visible()
    kept_text(page)
    page.reload()
    wait_ready(page)
    assert [paint["cards"] for paint in paints(page)] == [1]


def test_a_screen_kept_by_a_tab_that_missed_another_tabs_change_is_not_painted(
    context: BrowserContext, app_url: str, wait_ready: Wait
) -> None:
    first = open_page(context, app_url, wait_ready)
    new_game(first, ["Оля", "Петро"])
    game_url = first.url
    second = open_page(context, game_url, wait_ready)
    add_hand(second, taker=1, cards=120)  # rev 1 in IndexedDB, unseen by the first tab
    current = scores(second)
    first.click('a[href="#/"]')  # the first tab still holds rev 0: it keeps screens of rev 0
    first.click(f'a[href="{"#/game/" + game_url.split("/")[-1]}"]')
    expect(first.locator("#new-hand")).to_be_visible()
    kept_text(first)
    second.close()
    first.reload()
    wait_ready(first)
    assert paints(first) == [], "a sheet older than the stored game was painted"
    assert scores(first) == current


def test_a_screen_kept_before_an_edit_is_not_painted(
    page: Page, app_url: str, wait_ready: Wait
) -> None:
    page.add_init_script(PAINTS)
    page.goto(app_url)
    wait_ready(page)
    new_game(page, ["Оля", "Петро"])
    before_edit = kept_text(page)
    add_hand(page, taker=0, cards=90)
    current = scores(page)
    kept_text(page)
    # the page was closed after the write but before it kept the new screen
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)", [page.evaluate(KEPT)[0][0], before_edit]
    )
    page.reload()
    wait_ready(page)
    assert paints(page) == []
    assert scores(page) == current


def test_a_screen_in_another_language_than_the_one_chosen_since_is_not_painted(
    context: BrowserContext, app_url: str, wait_ready: Wait
) -> None:
    first = open_page(context, app_url, wait_ready)
    new_game(first, ["Оля", "Петро"])
    kept_text(first)
    lang = first.evaluate("document.documentElement.lang")
    other = "ru" if lang != "ru" else "uk"
    second = open_page(context, app_url, wait_ready)  # the games list
    second.select_option("#lang", other)
    saved(second)
    kept_text(second)
    first.reload()
    wait_ready(first)
    assert paints(first) == []
    expect(first.locator("html")).to_have_attribute("lang", other)


FORGET_PYTHON_MJS = """() => caches.keys()
  .then((names) => caches.open(names.find((name) => name.endsWith(":files"))))
  .then((cache) => cache.keys().then((keys) => cache.delete(keys.find((k) => k.url.includes("/python.mjs?")))))"""


@pytest.mark.parametrize("where", ["sheet", "games list"])
def test_a_tap_on_the_saved_screen_waits_for_python_and_is_then_performed(
    page: Page, server: DistServer, wait_ready: Wait, where: str
) -> None:
    page.add_init_script(PAINTS)
    page.goto(server.url)
    wait_ready(page)
    new_game(page, ["Оля", "Петро"])
    game_id = page.url.split("/")[-1]
    if where == "games list":
        page.click('a[href="#/"]')
        expect(page.locator("#new-game")).to_be_visible()
    kept_text(page)
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
