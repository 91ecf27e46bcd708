"""axe-core scans every screen of the app, light and dark: no serious or critical violation."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from playwright.sync_api import Page

from tests.e2e.test_ui import new_game, start
from tools.screenshots import scenes

BAD = ("serious", "critical")


def serious(page: Page, axe: Axe) -> list[str]:
    results = axe.run(page)
    found = []
    for violation in results.response["violations"]:
        if violation.get("impact") in BAD:
            targets = [node.get("target") for node in violation.get("nodes", [])][:5]
            found.append(f"{violation['id']} ({violation['impact']}): {targets}")
    return found


@pytest.mark.parametrize("lang", ["uk", "en"])
def test_every_screen_passes_axe_in_light_and_dark(
    page: Page, app_url: str, wait_ready: Any, lang: str
) -> None:
    axe = Axe()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(app_url)
    wait_ready(page)
    page.select_option("#lang", lang)
    problems: dict[str, list[str]] = {}
    seen = []
    for name, step in scenes(page):
        step()
        seen.append(name)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            found = serious(page, axe)
            if found:
                problems[f"{name}/{scheme}"] = found
    assert len(seen) >= 10
    assert problems == {}


def test_the_scan_catches_an_unlabelled_button(page: Page, app_url: str, wait_ready: Any) -> None:
    page.goto(app_url)
    wait_ready(page)
    page.evaluate("document.getElementById('app').append(document.createElement('button'))")
    assert any(item.startswith("button-name") for item in serious(page, Axe()))


TARGETS = "button, a.btn, .navlink, select, input[type=text], .seg span, .chip, summary"


def test_every_tap_target_is_at_least_44px_on_a_phone(
    page: Page, app_url: str, wait_ready: Any
) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(app_url)
    wait_ready(page)
    page.select_option("#lang", "uk")
    small: dict[str, list[str]] = {}
    for name, step in scenes(page):
        step()
        found = page.evaluate(
            """(selector) => [...document.querySelectorAll('#app ' + selector.split(', ').join(', #app '))]
                .filter((e) => e.offsetParent !== null)
                .map((e) => [e.id || e.className || e.tagName, e.getBoundingClientRect()])
                .filter(([, r]) => r.height < 44 || r.width < 44)
                .map(([id, r]) => `${id} ${Math.round(r.width)}x${Math.round(r.height)}`)""",
            TARGETS,
        )
        if found:
            small[name] = found
    assert small == {}


def test_a_hand_can_be_entered_with_the_keyboard_alone(
    page: Page, app_url: str, wait_ready: Any
) -> None:
    page.goto(app_url)
    wait_ready(page)
    page.select_option("#lang", "en")
    page.focus("#new-game")
    page.keyboard.press("Enter")
    page.focus("#name-0")
    page.keyboard.type("Оля")
    page.keyboard.press("Enter")  # goes on to the next empty name
    page.wait_for_selector("#name-1:focus")
    page.keyboard.type("Петро")
    page.keyboard.press("Enter")  # no empty name left: starts the game
    page.wait_for_selector("#new-hand:focus")
    page.keyboard.press("Enter")  # the focus is on "New hand" after the game starts
    page.wait_for_selector("#entry-title:focus")
    page.focus("#taker-0")
    page.keyboard.press("Space")
    page.focus("#cards-0")
    page.keyboard.type("100")
    page.keyboard.press("Enter")  # submits the form
    page.wait_for_selector("#new-hand:focus")
    assert page.text_content("#side-0 .score") == "100"


def test_a_counter_at_its_limit_keeps_the_focus_in_its_group(
    page: Page, app_url: str, wait_ready: Any
) -> None:
    """Its + disabled at the limit, the focus fell to the page and Tab began at the top (a
    play-through): it goes to the group's −."""
    start(page, app_url, wait_ready, "en")
    new_game(page, ["Оля", "Петро"])
    page.click("#new-hand")
    page.click("#taker-0")
    page.click("#meld-1")
    page.focus("#fifty-plus")  # 9 cards and the terz chosen with the side: one fifty fits
    page.keyboard.press("Space")
    page.wait_for_selector("#fifty-plus[disabled]", state="attached")
    page.wait_for_selector("#fifty-minus:focus")
    page.keyboard.press("Space")  # and on: none, its − disabled, the focus on its +
    page.wait_for_selector("#fifty-minus[disabled]", state="attached")
    page.wait_for_selector("#fifty-plus:focus")
    assert page.text_content("#fifty-count") == "0"


UNDER_THE_BAR = """() => {
  const focused = document.activeElement;
  const bar = document.querySelector('#entry-bar, .actions.sticky');
  if (!bar || bar.contains(focused) || focused === document.body) return null;
  const box = focused.getBoundingClientRect();
  const top = bar.getBoundingClientRect().top;
  return box.top >= 0 && box.bottom <= top + 0.5 ? null : `${focused.id || focused.tagName} ${box.bottom} > ${top}`;
}"""


def test_a_control_reached_with_tab_is_never_under_a_sticky_bar(
    page: Page, app_url: str, wait_ready: Any
) -> None:
    """At 360x740 the new-game form's target and the hand form's melds, bella and counters
    were focused behind the bar of Start/Cancel or of the preview and Save (a play-through)."""
    page.set_viewport_size({"width": 360, "height": 740})
    start(page, app_url, wait_ready, "uk")
    page.click("#new-game")
    page.fill("#name-0", "Оля")
    page.fill("#name-1", "Петро")
    hidden = []

    def tab_through(first: str, presses: int) -> None:
        page.focus(first)
        for _ in range(presses):
            page.keyboard.press("Tab")
            found = page.evaluate(UNDER_THE_BAR)
            if found:
                hidden.append(found)

    tab_through("#name-1", 6)
    page.click("#start-game")
    page.click("#new-hand")
    page.click("#taker-1")
    page.fill("#cards-1", "70")
    tab_through("#cards-1", 10)
    assert hidden == []


def test_a_link_to_a_part_of_the_help_opens_it_at_its_heading(
    page: Page, app_url: str, wait_ready: Any
) -> None:
    """A play-through followed «how are these counted?»: the part's heading came up mid-screen,
    358 px down a 740 px phone, under the end of the part before it."""
    page.set_viewport_size({"width": 360, "height": 740})
    start(page, app_url, wait_ready, "uk")
    page.goto(app_url + "#/help/backup")
    page.wait_for_selector("#help-backup:focus")
    page.wait_for_timeout(100)
    top = page.evaluate("document.getElementById('help-backup').getBoundingClientRect().top")
    assert 0 <= top < 40, top
