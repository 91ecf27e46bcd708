"""Looking back, in the real app: the score chart, the report of a finished game and the
statistics screen, in every language and in light and dark (axe-core finds nothing serious), on
an emulated 360 px phone (nothing wider than the screen), and driven as a player would.

With ``DEBERTZ_SHOTS=folder`` the phone test also saves its screenshots there (360x640, light and
dark) to be looked at.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from playwright.sync_api import Page, expect

from tests.e2e.test_ui_a11y import serious
from tests.e2e.warm import PHONE_OPTIONS, WarmContexts
from tools.sample_games import sample_games

LONG = [
    "Олександра-Вікторія Костянтинівна Шевчук",
    "Maximilian Alexander von Hohenzollern-X",
    "Анастасія Володимирівна Заболотна-Ковал",
    "Bartholomew Christopher Featherstonehau",
]


def games(long_names: bool = False) -> dict[str, dict[str, Any]]:
    """Twelve games over a year: 2, 3 and 4 players, most finished, one still going."""
    found = sample_games(12, 14, seed=11)
    found["s11-0011"]["rules"]["target"] = 10001  # three players, still playing
    if long_names:
        for game in found.values():
            game["players"] = LONG[: len(game["players"])]
    return found


def seed(page: Page, idb: Any, wait_ready: Callable[[Page], None], found: dict[str, Any]) -> None:
    """Write the games into the app's database and start the app again with them."""
    for key, game in found.items():
        idb.put(page, "games", key, json.dumps({"schema": 1, "game": game}, ensure_ascii=False))
    page.reload()
    wait_ready(page)


def ids(found: dict[str, dict[str, Any]]) -> tuple[str, str]:
    """A finished game and a game in progress (the sample's target makes most end)."""
    from app.engine import game_from_json, score

    finished = [key for key, game in found.items() if score(game_from_json(game)).finished]
    going = [key for key, game in found.items() if key not in finished]
    assert finished and going, "the sample must hold both"
    return finished[0], going[0]


def screens(page: Page, found: dict[str, dict[str, Any]]) -> Iterator[str]:
    """Bring the app to each looking-back screen in turn; yields its name."""
    finished, going = ids(found)
    page.goto(re.sub(r"#.*$", "", page.url) + f"#/game/{going}")
    page.click("#chart-fold > summary")
    page.click("#chart-fold .chart-table > summary")
    expect(page.locator("#chart-fold svg.chart")).to_be_visible()
    yield "chart"
    page.goto(re.sub(r"#.*$", "", page.url) + f"#/game/{finished}/report")
    expect(page.locator("#report-title")).to_be_focused()
    page.click(".report .chart-table > summary")
    yield "report"
    page.goto(re.sub(r"#.*$", "", page.url) + "#/stats")
    page.click("#player-0 > summary")
    page.click("#player-1 > summary")
    # (drawn first without them, the lines' figures come with the whole screen: app.ui.drawing)
    expect(page.locator("#player-1 table.split")).to_be_visible()
    expect(page.locator("#h2h-figures")).to_be_visible()
    yield "stats"


@pytest.mark.parametrize("lang", ["uk", "ru", "en"])
def test_chart_report_and_statistics_pass_axe_in_light_and_dark(
    page: Page, app_url: str, wait_ready: Any, idb: Any, recorder: Any, lang: str
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(app_url)
    wait_ready(page)
    page.select_option("#lang", lang)
    found = games()
    seed(page, idb, wait_ready, found)
    axe = Axe()
    problems: dict[str, list[str]] = {}
    seen = []
    for name in screens(page, found):
        seen.append(name)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            bad = serious(page, axe)
            if bad:
                problems[f"{name}/{scheme}"] = bad
    assert seen == ["chart", "report", "stats"]
    assert problems == {}
    assert recorder.errors == [] and recorder.violations() == []


@pytest.fixture
def phone(warm_contexts: WarmContexts, app_url: str) -> Iterator[Page]:
    """A page in an emulated 360x640 phone (mobile viewport, touch), in a warm context."""
    context = warm_contexts.acquire(PHONE_OPTIONS)
    try:
        page = context.new_page()
        page.goto(app_url)
        yield page
    finally:
        warm_contexts.release(PHONE_OPTIONS, context)


def too_wide(page: Page) -> list[str]:
    """What sticks out of the viewport (empty when the page is no wider than the screen)."""
    found: list[str] = page.evaluate(
        """() => {
          const width = innerWidth;
          if (document.documentElement.scrollWidth <= width) return [];
          return [...document.querySelectorAll('#app *')]
            .filter((e) => e.getBoundingClientRect().right > width + 0.5)
            .slice(0, 8)
            .map((e) => `${e.tagName}.${e.className.baseVal ?? e.className} ${Math.round(e.getBoundingClientRect().right)}`)
            .concat([`scrollWidth ${document.documentElement.scrollWidth} > ${width}`]);
        }"""
    )
    return found


@pytest.mark.parametrize("lang", ["uk", "ru", "en"])
def test_on_a_360px_phone_nothing_is_wider_than_the_screen(
    phone: Page, wait_ready: Any, idb: Any, lang: str
) -> None:
    wait_ready(phone)
    phone.select_option("#lang", lang)
    found = games(long_names=True)
    seed(phone, idb, wait_ready, found)
    shots = os.environ.get("DEBERTZ_SHOTS")
    wide: dict[str, list[str]] = {}
    for name in screens(phone, found):
        for scheme in ("light", "dark"):
            phone.emulate_media(color_scheme=scheme)
            problem = too_wide(phone)
            if problem:
                wide[f"{name}/{scheme}"] = problem
            if shots:
                Path(shots).mkdir(parents=True, exist_ok=True)
                phone.screenshot(path=f"{shots}/lookback-{lang}-{name}-{scheme}.png", full_page=True)
    assert wide == {}


def saved(page: Page) -> None:
    page.wait_for_selector('html[data-writes="0"], html:not([data-writes])', state="attached")


def test_a_game_that_ends_shows_its_report_and_the_list_leads_back_to_it(
    page: Page, app_url: str, wait_ready: Any
) -> None:
    page.goto(app_url)
    wait_ready(page)
    page.select_option("#lang", "en")
    page.click("#new-game")
    page.fill("#name-0", "Оля")
    page.fill("#name-1", "Петро")
    page.check("#target-other")
    page.fill("#target-number", "300")
    page.click("#start-game")
    saved(page)
    for taker, side, points in ((0, 0, 70), (1, 1, 120), (0, 0, 100)):
        page.click("#new-hand")
        page.click(f"#taker-{taker}")
        page.fill(f"#cards-{side}", str(points))
        page.click("#save-hand")
        saved(page)
    # 70 : 92 is a bait (Петро records 162), then 42 : 120 and 100 : 62 made: 142 : 344
    expect(page.locator("#report-title")).to_be_visible()
    rows = {
        row.locator("th").inner_text(): row.locator("td").all_inner_texts()
        for row in page.locator(".report table.figures tbody tr").all()
    }
    assert rows["Score"] == ["142", "344"]
    assert rows["Took trump"] == ["2", "1"]
    assert rows["made"] == ["1", "1"] and rows["baited"] == ["1", "0"]
    assert rows["Longest run made"] == ["1", "1"]
    assert rows["Biggest hand"] == ["+100\nhand 3", "+162\nhand 1"]
    facts = page.locator(".report dl.facts").inner_text()
    assert re.search(r"Hands scored\s+3", facts) and re.search(r"Redeals\s+0", facts)
    assert page.locator(".report svg.chart polyline").count() == 2
    page.click(".topbar a[href='#/']")
    page.locator("li.card a[href$='/report']").click()
    expect(page.locator("#report-title")).to_be_focused()


def test_the_chart_fold_opens_and_closes_by_keyboard_and_keeps_the_focus(
    page: Page, app_url: str, wait_ready: Any, idb: Any
) -> None:
    """The chart is drawn only while its fold is open, and the fold is drawn again then: its
    summary must stay the element in focus, or a keyboard user is thrown to the page's top."""
    page.goto(app_url)
    wait_ready(page)
    found = games()
    seed(page, idb, wait_ready, found)
    _finished, going = ids(found)
    page.goto(re.sub(r"#.*$", "", page.url) + f"#/game/{going}")
    summary = page.locator("#chart-fold > summary")
    summary.focus()
    expect(page.locator("#chart-fold svg.chart")).to_have_count(0)  # folded: not drawn
    page.keyboard.press("Enter")
    expect(page.locator("#chart-fold svg.chart")).to_be_visible()
    expect(page.locator("#chart-fold")).to_have_attribute("data-open", "true")
    expect(summary).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#chart-fold")).to_have_attribute("data-open", "false")
    expect(page.locator("#chart-fold svg.chart")).to_have_count(0)
    expect(summary).to_be_focused()


def test_statistics_follow_the_filters_and_the_players_compared(
    page: Page, app_url: str, wait_ready: Any, idb: Any
) -> None:
    page.goto(app_url)
    wait_ready(page)
    page.select_option("#lang", "en")
    found = games()
    seed(page, idb, wait_ready, found)
    page.click("#open-stats")
    expect(page.locator("#stats-overview")).to_contain_text("12 games")
    page.select_option("#stats-players", "3")
    three = sum(len(game["players"]) == 3 for game in found.values())
    expect(page.locator("#stats-overview")).to_contain_text(f"{three} game")
    page.select_option("#stats-players", "0")
    page.select_option("#stats-period", "y2025")
    in_2025 = sum(game["created"].startswith("2025") for game in found.values())
    expect(page.locator("#stats-overview")).to_contain_text(f"{in_2025} game")
    page.select_option("#stats-period", "all")
    second = page.locator("#h2h-b option").nth(2).get_attribute("value")
    assert second is not None
    page.select_option("#h2h-b", second)
    expect(page.locator("#h2h-b")).to_have_value(second)
    expect(page.locator("#h2h-figures")).to_contain_text("Games against each other")
