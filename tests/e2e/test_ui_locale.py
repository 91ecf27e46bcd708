"""On a first start the language follows the browser's (here Russian); a saved choice wins after."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.fresh_context  # the language of a first start in a browser set to Russian


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "locale": "ru-RU"}


def test_the_first_start_speaks_the_browsers_language(
    page: Page, app_url: str, wait_ready: Any
) -> None:
    page.goto(app_url)
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.locator("#new-game")).to_have_text("Новая игра")
    page.select_option("#lang", "uk")
    page.wait_for_selector('html[data-writes="0"]', state="attached")
    page.reload()
    wait_ready(page)
    expect(page.locator("#new-game")).to_have_text("Нова гра")
