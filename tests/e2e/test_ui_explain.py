"""«чому?» in the real app, on a 360x640 phone (touch): hands entered through the form (the
preview says why in short), each hand's explanation opened by a tap and by the keyboard, its text the one the engine's replay of
the stored game gives, nothing wider than the phone. Screenshots in
test-results/explain-*-360x640.png, to look at."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from app.ui import i18n
from app.ui.explain.sentences import explain, render
from app.ui.scoring import played
from tests.e2e.test_ui import (
    ROOT,
    assert_no_app_errors,
    click_and_save,
    current_game,
    delete,
    edit,
    fill_hand,
    hand,
    new_game,
    saved,
    start,
)

SHOTS = ROOT / "test-results"
PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}


def engine_sentences(page: Page, idb: Any, index: int, lang: str) -> list[str]:
    """The explanation of hand ``index`` of the game as stored, as the UI's code words it."""
    shown = played(current_game(page, idb))
    t = i18n.translator(lang)
    return [render(said, shown, t) for said in explain(shown, shown.sheet.hands[index])]


@pytest.mark.browser_context_args(**PHONE)
def test_a_hands_why_opens_by_tap_and_by_keyboard_with_the_engines_words(
    page: Page, app_url: str, wait_ready: Any, idb: Any, recorder: Any
) -> None:
    SHOTS.mkdir(exist_ok=True)
    start(page, app_url, wait_ready, "uk")
    new_game(page, ["Петро", "Оля"], penalties={"bait_penalty": {"points": "100", "when": "each"}})
    page.tap("#new-hand")  # RULES.md §8.2: a bait, and its penalty
    fill_hand(page, taker=0, cards={0: 70}, bella=0)
    expect(page.locator("#preview-why")).to_have_text(  # the preview says why, in short
        "Петро: 70 + белла 20 = 90 — менше, ніж 92 (Оля): байт. Петро: 1-й байт за гру — штраф −100."
    )
    expect(page.locator("#save-hand")).to_be_in_viewport()
    page.screenshot(path=str(SHOTS / "explain-preview-360x640.png"))
    page.tap("#save-hand")
    expect(page.locator("#entry")).to_have_count(0)
    saved(page)
    hand(page, taker=1, cards={1: 100}, melds=(1, 1, 0))  # made, with a terz

    expect(page.locator("#needs")).to_have_text("До 501: Петро — ще\u00a0539, Оля — ще\u00a0199.")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / "explain-banner-360x640.png"))
    why = page.locator("#why-0 > button")
    expect(why).to_have_text("чому?")
    expect(why).to_have_accessible_name("Чому? Роздача 1")
    expect(page.locator("#why-0 .why-text li")).to_have_count(0)  # drawn only when opened
    why.tap()
    items = page.locator("#why-0 .why-text li")
    expect(items.first).to_be_visible()
    expect(items).to_have_text(engine_sentences(page, idb, 0, "uk"))
    expect(items.nth(1)).to_have_text("Петро: 70 + белла 20 = 90 — менше, ніж 92 (Оля): байт.")
    expect(items.nth(2)).to_have_text("Оля записує всю роздачу: 162 + 20 = 182; Петро — 0.")
    expect(items.nth(3)).to_have_text("Петро: 1-й байт за гру — штраф −100.")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.locator("#why-0").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "explain-tap-360x640.png"))
    why.tap()
    expect(items).to_have_count(0)

    other = page.locator("#why-1 > button")
    other.focus()
    page.keyboard.press("Enter")
    second = page.locator("#why-1 .why-text li")
    expect(second.first).to_be_visible()
    expect(second).to_have_text(engine_sentences(page, idb, 1, "uk"))
    expect(other).to_be_focused()  # the re-render keeps the focus where the key was pressed
    expect(second.nth(1)).to_contain_text("Оля: 100 + терц 20 = 120 — більше, ніж 62 (Петро)")
    page.keyboard.press("Enter")
    expect(second).to_have_count(0)
    expect(other).to_be_focused()

    page.keyboard.press("Enter")
    page.select_option("#lang", "en")  # an open explanation follows the language
    expect(page.locator("#why-1 > button")).to_have_text("why?")
    expect(page.locator("#why-1 .why-text li")).to_have_text(engine_sentences(page, idb, 1, "en"))
    page.locator("#why-1").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "explain-keyboard-en-360x640.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    hand(page, taker=1, cards={0: 0})  # Оля 464
    hand(page, taker=1, cards={0: 0})  # Оля 626: the banner says why the game ended
    expect(page.locator(".result")).to_contain_text(
        "Hand 4: Оля — 626 of 501; no other side reached the target."
    )
    expect(page.locator("#needs")).to_have_count(0)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / "explain-finished-en-360x640.png"))
    assert_no_app_errors(recorder)


@pytest.mark.browser_context_args(**PHONE)
def test_an_open_why_follows_its_hand_when_an_earlier_hand_is_deleted_and_put_back(
    page: Page, app_url: str, wait_ready: Any, idb: Any, recorder: Any
) -> None:
    start(page, app_url, wait_ready, "uk")
    new_game(page, ["Петро", "Оля"])
    hand(page, taker=0, cards={0: 100})
    hand(page, taker=1, cards={1: 120})
    hand(page, taker=0, cards={0: 70}, bella=0)  # the bait whose «чому?» stays open
    page.locator("#why-2 > button").tap()
    opened = engine_sentences(page, idb, 2, "uk")
    expect(page.locator("#why-2 .why-text li")).to_have_text(opened)

    delete(page, 0)  # the bait is hand 2 now: its explanation moves with it, no other opens
    expect(page.locator(".why > button[aria-expanded=true]")).to_have_count(1)
    expect(page.locator("#why-1 .why-text li").nth(1)).to_have_text(
        "Петро: 70 + белла 20 = 90 — менше, ніж 92 (Оля): байт."
    )
    expect(page.locator("#why-1 .why-text li")).to_have_text(engine_sentences(page, idb, 1, "uk"))

    click_and_save(page, "#undo")  # the deleted hand back: the bait is hand 3 again
    expect(page.locator(".why > button[aria-expanded=true]")).to_have_count(1)
    expect(page.locator("#why-2 .why-text li")).to_have_text(opened)

    edit(page, 2, cards={0: 100})  # the bait corrected: a different hand now, its «чому?» folds
    expect(page.locator(".why > button[aria-expanded=true]")).to_have_count(0)
    assert_no_app_errors(recorder)


@pytest.mark.browser_context_args(**PHONE)
def test_a_file_s_preview_draws_a_hands_why_when_it_is_opened(
    page: Page, app_url: str, wait_ready: Any, recorder: Any, tmp_path: Any
) -> None:
    game = {"format": "debertz/1", "players": ["Петро", "Оля"],
            "hands": [{"taker": 0, "cards": [70, 92], "bella": 0}, {"taker": 1, "cards": [62, 100]}]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    start(page, app_url, wait_ready, "uk")
    page.set_input_files("#open-file", str(path))
    expect(page.locator("#save-shared")).to_be_visible()
    expect(page.locator(".why .why-text li")).to_have_count(0)  # drawn only when opened
    page.locator("#why-0 > button").tap()
    items = page.locator("#why-0 .why-text li")
    t = i18n.translator("uk")
    shown = played(game)
    expect(items).to_have_text([render(said, shown, t) for said in explain(shown, shown.sheet.hands[0])])
    expect(items.nth(2)).to_have_text("Оля записує всю роздачу: 162 + 20 = 182; Петро — 0.")
    expect(page.locator(".why > button[aria-expanded=true]")).to_have_count(1)
    page.locator("#why-0 > button").tap()
    expect(items).to_have_count(0)
    assert_no_app_errors(recorder)
