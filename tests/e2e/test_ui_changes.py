"""The change log in the real app, on an emulated 360 px phone, in uk, ru and en: a player
enters hands, corrects one, deletes one, takes the delete back, reloads, and reads every change
in the fold «Зміни» (newest first, in words), with the corrected hand marked on the sheet; axe
finds nothing serious in the open fold, and nothing is wider than the screen.

With ``DEBERTZ_SHOTS=folder`` it also saves its screenshots there (360x640, light and dark).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from playwright.sync_api import Page, expect

from tests.e2e.test_ui_a11y import serious
from tests.e2e.test_ui_lookback import phone, too_wide  # noqa: F401 (phone: a fixture)

TIME = re.compile(r"^\d\d:\d\d · ")


def saved(page: Page) -> None:
    page.wait_for_selector('html[data-writes="0"]', state="attached")


def enter(page: Page, taker: int, points: int) -> None:
    page.click("#new-hand")
    page.click(f"#taker-{taker}")
    page.fill("#cards-0", str(points))
    page.click("#save-hand")
    saved(page)


def log_lines(page: Page) -> list[str]:
    if page.locator("#changes[open]").count() == 0:
        page.click("#changes > summary")
    expect(page.locator("#changes ol.log")).to_be_visible()
    return [re.sub(r"\s+", " ", text).strip() for text in page.locator("#changes ol.log li").all_inner_texts()]


@pytest.mark.parametrize("lang", ["uk", "ru", "en"])
def test_a_player_corrects_deletes_undoes_reloads_and_reads_the_log(
    phone: Page, wait_ready: Any, start_game: Any, lang: str  # noqa: F811
) -> None:
    page = phone
    wait_ready(page)
    page.select_option("#lang", lang)
    start_game(page, ["Оля", "Петро"])
    enter(page, 0, 100)
    enter(page, 1, 90)
    page.click("#hand-1")  # correct hand 2: Оля 90 → 95
    page.fill("#cards-0", "95")
    page.click("#save-hand")
    saved(page)
    page.click("#hand-0")  # delete hand 1, then take the delete back
    page.click("#ask-delete-hand")
    page.click("#confirm-yes")
    saved(page)
    expect(page.locator("tbody.hand")).to_have_count(1)
    lines = log_lines(page)  # the fold opened before the reload: a deleted hand is in the log
    deleted = {"uk": "видалено роздачу 1: хто грав: Оля · Оля 100, Петро 62",
               "ru": "удалена сдача 1: играющий: Оля · Оля 100, Петро 62",
               "en": "hand 1 deleted: taker: Оля · Оля 100, Петро 62"}
    assert lines[0].endswith(deleted[lang]), lines
    page.click("#undo")
    saved(page)
    expect(page.locator("tbody.hand")).to_have_count(2)

    page.reload()
    wait_ready(page)
    mark = page.locator('tbody.hand[data-hand="1"] .mark.corrected')
    expect(mark).to_have_count(1)
    label = {"uk": r"виправлено 1 раз, востаннє", "ru": r"исправлено 1 раз, последний раз",
             "en": r"corrected 1 time, last at"}[lang]
    assert re.fullmatch(label + r" \d\d:\d\d", mark.get_attribute("aria-label") or "")
    expect(page.locator('tbody.hand[data-hand="0"] .mark.corrected')).to_have_count(0)
    lines = log_lines(page)
    assert all(TIME.match(line) for line in lines), lines
    words = [TIME.sub("", line) for line in lines]
    assert len(words) == 6 and words[1] == deleted[lang], words
    assert lang != "uk" or words == [
        "↶ скасовано видалення, роздачу 1 повернуто: хто грав: Оля · Оля 100, Петро 62",
        "видалено роздачу 1: хто грав: Оля · Оля 100, Петро 62",
        "роздача 2: Оля 90 → 95, Петро 72 → 67",
        "записано роздачу 2: хто грав: Петро · Оля 90, Петро 72",
        "записано роздачу 1: хто грав: Оля · Оля 100, Петро 62",
        "гру почато",
    ]
    count = {"uk": "записів: 6", "ru": "записей: 6", "en": "entries: 6"}[lang]
    expect(page.locator("#changes > summary")).to_contain_text(count)

    page.focus("#changes > summary")  # the fold is a control of its own: by keyboard too
    page.keyboard.press("Enter")
    expect(page.locator("#changes ol.log")).to_have_count(0)
    expect(page.locator("#changes > summary")).to_be_focused()  # not lost by the re-render
    page.keyboard.press("Enter")
    expect(page.locator("#changes ol.log")).to_be_visible()

    axe = Axe()
    shots = os.environ.get("DEBERTZ_SHOTS")
    problems: dict[str, list[str]] = {}
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        bad = serious(page, axe)
        if bad:
            problems[scheme] = bad
        assert too_wide(page) == [], scheme
        if shots:
            Path(shots).mkdir(parents=True, exist_ok=True)
            page.locator("#changes").scroll_into_view_if_needed()
            page.screenshot(path=f"{shots}/changes-{lang}-{scheme}.png")
            page.locator(".sheet-box").screenshot(path=f"{shots}/changes-sheet-{lang}-{scheme}.png")
    assert problems == {}
