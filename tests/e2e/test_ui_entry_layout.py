"""The hand entry on a small phone (360x640): taker, card points, preview and Save on one screen
without scrolling, nothing hidden behind the sticky bar; and a double tap records one redeal."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

NAMES = {
    2: ["Оля", "Петро"],
    3: ["Оля", "Петро", "Іван"],
    4: ["Оля", "Петро", "Іван", "Марта"],
}


def saved(page: Page) -> None:
    page.wait_for_selector('html[data-writes="0"], html:not([data-writes])', state="attached")


def start_game(page: Page, app_url: str, wait_ready: Any, names: list[str]) -> None:
    page.goto(app_url)
    wait_ready(page)
    page.select_option("#lang", "uk")
    page.click("#new-game")
    page.check(f"#count-{len(names)}")
    for seat, name in enumerate(names):
        page.fill(f"#name-{seat}", name)
    page.click("#start-game")
    expect(page.locator("#new-hand")).to_be_visible()
    saved(page)


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return found


def on_screen(page: Page, selector: str, height: int) -> bool:
    b = box(page, selector)
    return b["y"] >= 0 and b["y"] + b["height"] <= height


@pytest.mark.parametrize("count", [2, 3, 4])
def test_the_whole_hand_entry_fits_a_360x640_screen(
    page: Page, app_url: str, wait_ready: Any, count: int
) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    start_game(page, app_url, wait_ready, NAMES[count])
    page.click("#new-hand")
    expect(page.locator("#entry")).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    for selector in ("#taker", "#cards-0", "#preview", "#save-hand", "#cancel-hand"):
        assert on_screen(page, selector, 640), (selector, box(page, selector))
    bar_top = box(page, "#entry-bar")["y"]
    for side in range(2 if count == 4 else count):  # every card field clear of the bar
        field = box(page, f"#cards-{side}")
        assert field["y"] + field["height"] <= bar_top, (side, field, bar_top)
    page.click("#taker-0")
    page.fill("#cards-0", "100")
    for selector in ("#cards-0", "#preview", "#save-hand"):
        assert on_screen(page, selector, 640), (selector, box(page, selector))
    assert page.evaluate("window.scrollY") == 0
    # scrolled to the very end, the last control sits above the sticky bar
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    bar = box(page, "#entry-bar")
    last = box(page, "#entry details.more > summary")
    assert last["y"] + last["height"] <= bar["y"] + 1
    assert on_screen(page, "#save-hand", 640)


def test_a_double_tap_on_all_passed_records_one_redeal(
    page: Page, app_url: str, wait_ready: Any
) -> None:
    start_game(page, app_url, wait_ready, NAMES[2])
    page.dblclick("#redeal")
    saved(page)
    expect(page.locator("tbody.hand")).to_have_count(1)
    expect(page.locator("tbody.hand.redeal")).to_have_count(1)


def test_after_saving_the_page_is_back_at_the_top(
    page: Page, app_url: str, wait_ready: Any
) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    start_game(page, app_url, wait_ready, NAMES[3])
    page.click("#new-hand")
    page.click("#taker-0")
    page.fill("#cards-0", "100")
    page.fill("#cards-1", "40")
    page.click("#bella-0")  # far down the form: the page scrolls
    page.click("#save-hand")
    saved(page)
    expect(page.locator("#entry")).to_have_count(0)
    assert page.evaluate("window.scrollY") == 0
    assert on_screen(page, "#screen-title", 640) and on_screen(page, "#new-hand", 640)


def test_long_names_keep_the_scores_level_and_the_title_follows_the_language(
    page: Page, app_url: str, wait_ready: Any
) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    long_name = "Олександра-Вікторія Костянтинівна Шевчен"  # 40 characters
    start_game(page, app_url, wait_ready, [long_name, "Петро"])
    tops = [box(page, f"#side-{side} .score")["y"] for side in (0, 1)]
    assert abs(tops[0] - tops[1]) < 1, tops
    name = box(page, "#side-0 .name")
    line = float(
        page.evaluate(
            "parseFloat(getComputedStyle(document.querySelector('#side-0 .name')).lineHeight)"
        )
    )
    assert name["height"] <= 2 * line + 1, (name, line)
    page.select_option("#lang", "en")
    expect(page).to_have_title("Debertz")
    expect(page.locator(".shell-title")).to_have_text("Debertz")
    page.select_option("#lang", "ru")
    expect(page).to_have_title("Деберц")
