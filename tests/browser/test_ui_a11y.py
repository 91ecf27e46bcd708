"""axe-core scans every screen of the app, light and dark: no serious or critical violation."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

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
