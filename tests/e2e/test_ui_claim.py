"""«Партія» (issue 9) in the real app: a claim recorded by taps (only its card points typed),
refused while it falls short, saved, a delete it depends on refused, undone and redone, all with
the server stopped; every sheet compared with ``python -m app.engine score`` of the game as
stored. On a 360x640 phone (touch, taps): a defenders' claim and a failed claim that loses, the
form's fields clear of the sticky bar with no horizontal scroll; screenshots of the forms and
the finished sheets in test-results/claim-*-360x640.png, to look at."""

from __future__ import annotations

from typing import Any
from unittest.mock import ANY

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_ui import (
    ROOT,
    assert_no_app_errors,
    assert_sheet_matches_cli,
    click_and_save,
    current_game,
    hand,
    new_game,
    saved,
    start,
)
from tests.e2e.warm import PHONE_OPTIONS

SHOTS = ROOT / "test-results"


def label_keeps_apart(page: Page) -> None:
    """The card points' label stands clear of the claimant's box above it (seen at the table,
    ru, 360 px: «Очки во взятках: Петя» touched the box's border)."""
    gap = page.evaluate(
        "() => document.querySelector('label[for=claim-cards]').getBoundingClientRect().top"
        " - document.getElementById('claim-side').getBoundingClientRect().bottom"
    )
    assert gap >= 6, f"the card points' label sticks to the claimant's box ({gap} px)"


def test_a_claim_recorded_by_taps_is_refused_short_then_saved_corrected_undone_and_redone(
    page: Page, app_url: str, wait_ready: Any, idb: Any, recorder: Any, server: Any
) -> None:
    start(page, app_url, wait_ready, "uk")
    new_game(page, ["Оля", "Петро"], target=301)
    hand(page, taker=0, cards={0: 130})
    hand(page, taker=0, cards={0: 150})  # Оля 280, Петро 44

    server.stop()  # everything below up to the reload needs no server
    page.click("#new-claim")
    expect(page.locator("#entry-title")).to_have_text("Роздача 3: «Партія»")
    page.click("#taker-1")
    page.click("#claim-side-0")
    page.fill("#claim-cards", "11")
    expect(page.locator("#preview")).to_have_text(
        "Оля: 280 + 11 = 291 із 301 — не вистачає. Роздачу дограють і запишуть як звичайну."
    )
    label_keeps_apart(page)
    page.click("#save-hand")  # refused: nothing stored, nothing lost
    expect(page.locator("#claim-cards-err")).to_contain_text("Цього не вистачає на «Партію»")
    expect(page.locator("#claim-cards")).to_have_value("11")
    expect(page.locator("#claim-cards")).to_be_focused()
    saved(page)
    assert len(current_game(page, idb)["hands"]) == 2

    page.click("#claim-terz-plus")
    expect(page.locator("#preview")).to_have_text("Оля: 280 + 31 = 311 із 301 — перемога.")
    page.click("#save-hand")
    expect(page.locator("#entry")).to_have_count(0)
    saved(page)
    stored = current_game(page, idb)
    assert stored["hands"][2] == {
        "taker": 1, "claim": {"side": 0, "cards": 11}, "melds": {"side": 0, "terz": 1, "fifty": 0},
        "at": ANY,
    }
    expected = assert_sheet_matches_cli(page, idb)
    assert (expected["winner"], expected["decided_by"]) == (0, "claim")
    assert expected["score"] == [280, 44]
    expect(page.locator(".result")).to_contain_text("Перемога: Оля")
    expect(page.locator(".result")).to_contain_text("280 + 31 = 311 із 301, гру закрито достроково")
    expect(page.locator("tbody.hand.claim td.note")).to_have_text(
        "«Партія» — Оля: 280 + 31 = 311 із 301, гру виграно"
    )
    expect(page.locator("#new-claim")).to_have_count(0)

    page.click("#hand-2")  # the claim opens in its own form, as saved
    expect(page.locator("#claim-side-0")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#claim-cards")).to_have_value("11")
    expect(page.locator("#claim-terz-count")).to_have_text("1")
    page.click("#ask-delete-hand")
    page.click("#confirm-no")
    page.click("#cancel-hand")

    page.click("#hand-0")  # the claim needs hand 1: deleting it is refused
    page.click("#ask-delete-hand")
    page.click("#confirm-yes")
    expect(page.locator(".notice")).to_contain_text(
        "Роздачу 1 не видалено: без неї «Партії» в роздачі 3 не вистачить "
        "(Оля: 150 + 31 = 181 із 301)."
    )
    expect(page.locator("#entry")).to_be_visible()
    saved(page)
    assert current_game(page, idb)["hands"] == stored["hands"]
    page.click("#cancel-hand")

    click_and_save(page, "#undo")  # the claim goes: the game goes on
    expect(page.locator("#new-claim")).to_be_visible()
    assert len(current_game(page, idb)["hands"]) == 2
    assert assert_sheet_matches_cli(page, idb)["winner"] is None
    click_and_save(page, "#redo")
    expect(page.locator(".result")).to_contain_text("Перемога: Оля")
    assert assert_sheet_matches_cli(page, idb)["decided_by"] == "claim"

    server.start()
    page.reload()
    wait_ready(page)
    expect(page.locator("tbody.hand.claim")).to_have_count(1)
    assert_sheet_matches_cli(page, idb)
    assert_no_app_errors(recorder)


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return found


def fits_the_phone(page: Page, fields: tuple[str, ...]) -> None:
    """At the top of the form: no horizontal scroll, ``fields`` clear of the sticky bar, Save on
    screen; scrolled to the end, the switch back to a played hand clear of the bar too."""
    page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    bar_top = box(page, "#entry-bar")["y"]
    for selector in fields:
        field = box(page, selector)
        assert field["y"] >= 0 and field["y"] + field["height"] <= bar_top, (selector, field)
    save = box(page, "#save-hand")
    assert save["y"] + save["height"] <= 640
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    switch = box(page, "#claim-toggle")
    assert switch["y"] + switch["height"] <= box(page, "#entry-bar")["y"] + 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.browser_context_args(**PHONE_OPTIONS)
def test_a_defenders_claim_on_a_phone_fits_one_screen_and_scores_as_the_cli(
    page: Page, app_url: str, wait_ready: Any, idb: Any, recorder: Any
) -> None:
    start(page, app_url, wait_ready, "uk")
    new_game(page, ["Оля", "Петро", "Іван", "Марта"], teams=True, preset="vinnytsia", target=201)
    hand(page, taker=0, cards={0: 150})  # Оля & Іван 150
    expect(page.locator("#redeal")).to_have_count(0)  # obligation
    page.tap("#new-claim")
    page.tap("#taker-1")  # Петро took trump: only Оля & Іван may claim, named at once
    expect(page.locator("#claim-side")).to_have_text(
        "Хто сказав «Партія»: Оля та Іван (лише сторона без козиря)"
    )
    expect(page.locator("#claim-side-1")).to_have_count(0)
    expect(page.locator("#claim-terz-plus")).to_have_count(0)  # card points only
    page.fill("#claim-cards", "51")
    expect(page.locator("#preview")).to_have_text("Оля та Іван: 150 + 51 = 201 із 201 — перемога.")
    fits_the_phone(page, ("#taker", "#claim-side", "#claim-cards"))
    label_keeps_apart(page)
    page.evaluate("window.scrollTo(0, 0)")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "claim-form-360x640.png"))

    page.tap("#save-hand")
    expect(page.locator("#entry")).to_have_count(0)
    saved(page)
    assert current_game(page, idb)["hands"][1] == {
        "taker": 1, "claim": {"side": 0, "cards": 51}, "at": ANY,
    }
    expected = assert_sheet_matches_cli(page, idb)
    assert (expected["winner"], expected["decided_by"]) == (0, "claim")
    expect(page.locator("tbody.hand.claim td.note")).to_have_text(
        "«Партія» — Оля та Іван: 150 + 51 = 201 із 201, гру виграно"
    )
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / "claim-finished-360x640.png"), full_page=True)
    assert_no_app_errors(recorder)


@pytest.mark.browser_context_args(**PHONE_OPTIONS)
def test_a_failed_claim_that_loses_on_a_phone_with_sequences_and_bella(
    page: Page, app_url: str, wait_ready: Any, idb: Any, recorder: Any
) -> None:
    start(page, app_url, wait_ready, "uk")
    new_game(page, ["Оля", "Петро"], target=301, options={"failed_claim": "loses"})
    hand(page, taker=0, cards={0: 130})  # Оля 130, Петро 32
    page.tap("#new-claim")
    page.tap("#taker-1")
    expect(page.locator("#claim-side-0")).to_have_attribute("aria-pressed", "false")
    page.tap("#claim-side-0")  # any side may claim: both are offered
    page.fill("#claim-cards", "100")
    page.tap("#claim-terz-plus")
    page.tap("#claim-bella")
    expect(page.locator("#preview")).to_have_text(
        "Оля: 130 + 140 = 270 із 301 — не вистачає, тож перемога — Петро."
    )
    fits_the_phone(page, ("#taker", "#claim-side", "#claim-cards"))
    page.evaluate("window.scrollTo(0, 0)")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "claim-loses-form-360x640.png"), full_page=True)

    page.tap("#save-hand")
    expect(page.locator("#entry")).to_have_count(0)
    saved(page)
    assert current_game(page, idb)["hands"][1] == {
        "taker": 1, "claim": {"side": 0, "cards": 100},
        "melds": {"side": 0, "terz": 1, "fifty": 0}, "bella": 0, "at": ANY,
    }
    expected = assert_sheet_matches_cli(page, idb)
    assert (expected["winner"], expected["decided_by"]) == (1, "failed_claim")
    expect(page.locator(".result")).to_contain_text("Перемога: Петро")
    expect(page.locator(".result")).to_contain_text("«Партія» не вдалася: Оля")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / "claim-lost-360x640.png"), full_page=True)
    assert_no_app_errors(recorder)
