"""Save draws one row (issue 16, item 1): while the hand form is open the game stays mounted
under it, so the stored hand adds its own row and the morph leaves every other row's nodes in
place (a failed commit draws nothing: test_keeping's storage-full test watches the same way)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.test_ui import fill_hand, hand, new_game, saved

WATCH = """() => {
  // Marks every node of the game as it is now, then counts what a change adds or removes.
  const app = document.getElementById("app");
  if (window.__watch) window.__watch.disconnect();
  window.__seen = { added: [], removed: [], main: document.getElementById("game-main") };
  for (const node of app.querySelectorAll("*")) node.__old = true;
  window.__watch = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) window.__seen.added.push(node);
      for (const node of record.removedNodes) window.__seen.removed.push(node);
    }
  });
  window.__watch.observe(app, { childList: true, subtree: true });
}"""

SEEN = """() => {
  for (const record of window.__watch.takeRecords()) {
    for (const node of record.addedNodes) window.__seen.added.push(node);
    for (const node of record.removedNodes) window.__seen.removed.push(node);
  }
  const seen = window.__seen;
  const size = (node) => 1 + (node.querySelectorAll ? node.querySelectorAll("*").length : 0);
  const inSheet = (node) => node.isConnected && !!node.closest && !!node.closest("table.sheet");
  const rows = Array.from(document.querySelectorAll("table.sheet tbody.hand"));
  const sheet = seen.added.filter((node) => node.nodeType === 1 && inSheet(node));
  return {
    sameMain: document.getElementById("game-main") === seen.main,
    addedInSheet: sheet.map((node) => node.id || node.nodeName),
    removedRows: seen.removed.filter((node) => node.nodeType === 1 && node.matches("tbody"))
      .map((node) => node.id),
    newRows: rows.filter((row) => !row.__old).map((row) => row.id),
    keptRows: rows.filter((row) => row.__old).length,
    addedNodes: seen.added.filter((node) => node.isConnected).reduce((n, node) => n + size(node), 0),
    rowNodes: rows.length ? size(rows[0]) : 0,
    allNodes: document.getElementById("app").querySelectorAll("*").length,
  };
}"""


UNREACHABLE = """() => {
  // what is under the form takes no focus (the keyboard's Tab skips it) and is not rendered
  const button = document.getElementById("new-hand");
  button.focus();
  const main = document.getElementById("game-main").getBoundingClientRect();
  return [document.activeElement !== button, !button.checkVisibility(), main.height === 0];
}"""


def game_of(page: Page, app_url: str, wait_ready: Any, hands: int) -> None:
    """A new game of two to 1001 (7 hands of 162 points cannot end it) with ``hands`` hands."""
    page.goto(app_url)
    wait_ready(page)
    page.select_option("#lang", "en")
    new_game(page, ["Оля", "Петро"], target=1001)
    for number in range(hands):
        hand(page, taker=number % 2, cards={number % 2: [100, 62, 70, 92, 120, 42][number]})


def test_a_saved_hand_adds_its_row_and_leaves_the_other_rows_in_place(
    page: Page, app_url: str, wait_ready: Any
) -> None:
    game_of(page, app_url, wait_ready, 6)
    page.click("#new-hand")
    # the game stays mounted under the form, out of sight and out of reach
    assert page.locator("table.sheet tbody.hand").count() == 6
    expect(page.locator("#new-hand")).not_to_be_visible()
    assert page.evaluate(UNREACHABLE) == [True, True, True]
    fill_hand(page, taker=0, cards={0: 100})
    saved(page)
    page.evaluate(WATCH)
    page.click("#save-hand")
    expect(page.locator("#entry")).to_have_count(0)
    saved(page)
    seen = page.evaluate(SEEN)
    assert seen["sameMain"], seen
    assert seen["newRows"] == ["row-6"] and seen["keptRows"] == 6, seen
    assert seen["addedInSheet"] == ["row-6"] and seen["removedRows"] == [], seen
    # besides the new row, only the few nodes of the totals, the banner and the toolbar
    assert seen["addedNodes"] - seen["rowNodes"] < 40 < seen["allNodes"] // 4, seen
    expect(page.locator("#new-hand")).to_be_focused()
    expect(page.locator("#screen-title")).to_be_visible()
    assert page.evaluate("window.scrollY") == 0

    # an edit replaces its own row's content (the later rows' running totals follow)
    page.evaluate(WATCH)
    page.click("#hand-6")
    expect(page.locator("#entry-title")).to_be_visible()
    page.fill("#cards-0", "120")
    page.click("#save-hand")
    expect(page.locator("#entry")).to_have_count(0)
    saved(page)
    seen = page.evaluate(SEEN)
    assert seen["sameMain"] and seen["newRows"] == [] and seen["keptRows"] == 7, seen
    expect(page.locator("#hand-6")).to_be_focused()

    # undo takes the row away, and only that row
    page.evaluate(WATCH)
    page.click("#undo")  # the edit
    page.click("#undo")  # the hand
    saved(page)
    expect(page.locator("table.sheet tbody.hand")).to_have_count(6)
    seen = page.evaluate(SEEN)
    assert seen["sameMain"] and seen["removedRows"] == ["row-6"] and seen["keptRows"] == 6, seen


def test_a_correction_that_opens_a_finished_game_again_keeps_every_other_row_in_place(
    page: Page, app_url: str, wait_ready: Any
) -> None:
    # A finished game shows its banner and report where the toolbar stands: as a correction
    # opened it again, the morph matched the game's unkeyed boxes by place, the sheet's box
    # took another's, and its rows' stand-ins found no rows: boot.js said so and the whole
    # screen was sent (a play-through's console). The sheet's box is keyed now.
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text))
    page.goto(app_url)
    wait_ready(page)
    page.select_option("#lang", "en")
    new_game(page, ["Оля", "Петро"], target=301)
    hand(page, taker=0, cards={0: 100})
    hand(page, taker=1, cards={1: 62})  # a bait: Оля 262
    page.click("#new-hand")
    fill_hand(page, taker=0, cards={0: 90})  # Оля 352 of 301
    page.click("#save-hand")
    expect(page.locator("#rematch")).to_be_visible()
    saved(page)
    page.evaluate(WATCH)
    page.click("#hand-1")
    expect(page.locator("#entry-title")).to_be_visible()
    page.fill("#cards-1", "100")  # Петро made it: Оля 252, the game goes on
    page.click("#save-hand")
    expect(page.locator("#new-hand")).to_be_visible()
    saved(page)
    seen = page.evaluate(SEEN)
    assert seen["sameMain"] and seen["newRows"] == [] and seen["keptRows"] == 3, seen
    assert page.locator("[data-keep]").count() == 0
    assert not [text for text in said if "kept part was not found" in text], said
    expect(page.locator("#hand-1")).to_be_focused()


def test_a_row_gone_from_the_page_is_drawn_again_whole_at_the_next_save(
    page: Page, app_url: str, wait_ready: Any
) -> None:
    # The rows the page shows already are sent as empty stand-ins (app/ui/unchanged.py); one
    # with no element of its id on the page (here taken away behind the app's back) would stay
    # empty, so boot.js says so and the whole screen is sent.
    game_of(page, app_url, wait_ready, 3)
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text))
    page.evaluate("document.getElementById('row-1').remove()")
    hand(page, taker=0, cards={0: 92})
    rows = page.locator("table.sheet tbody.hand")
    expect(rows).to_have_count(4)
    assert rows.evaluate_all("rows => rows.map((row) => row.id)") == ["row-3", "row-2", "row-1", "row-0"]
    expect(page.locator("#row-1 .run").first).not_to_be_empty()
    assert page.locator("[data-keep]").count() == 0
    assert [text for text in said if "kept part was not found" in text]


DRAWN = """() => {
  // What each change of the page showed: <html data-drawn>, the rows, the parts left for later.
  window.__drawn = [];
  const note = () => window.__drawn.push([document.documentElement.dataset.drawn || "",
    document.querySelectorAll("table.sheet tbody.hand").length,
    document.querySelectorAll(".sheet-part.later").length, document.activeElement.id]);
  new MutationObserver(note).observe(document.getElementById("app"), { childList: true, subtree: true });
}"""


def test_a_long_sheet_opened_shows_its_latest_hands_first_and_all_of_them_once_idle(
    page: Page, app_url: str, wait_ready: Any, saved_screens: Any, tmp_path: Path
) -> None:
    hands = [{"taker": n % 2, "cards": [100, 62] if n % 3 else [62, 100]} for n in range(25)]
    game = {"format": "debertz/1", "players": ["Оля", "Петро"], "rules": {"target": 9001},
            "hands": hands}
    path = tmp_path / "long.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    page.goto(app_url)
    wait_ready(page)
    page.select_option("#lang", "en")
    # a file's preview: hands 25-11 first (two parts: 21-25 alone are fewer than 10), then 1-10
    page.evaluate(DRAWN)
    page.set_input_files("#open-file", str(path))
    expect(page.locator("#save-shared")).to_be_visible()
    page.wait_for_selector("html[data-drawn='whole']", state="attached")
    drawn = page.evaluate("window.__drawn")
    assert drawn[0][:3] == ["first", 15, 1] and drawn[-1][:3] == ["whole", 25, 0], drawn
    expect(page.locator("table.sheet tbody.hand")).to_have_count(25)
    # kept as our own game: its screen is drawn the same way, each part under its key
    page.click("#save-shared")
    expect(page.locator("#new-hand")).to_be_visible()
    page.wait_for_selector("html[data-drawn='whole']", state="attached")
    page.click("a[href='#/']")
    expect(page.locator("#new-game")).to_be_visible()
    page.evaluate(DRAWN)
    page.locator("a[href^='#/game/']").first.click()
    expect(page.locator("#new-hand")).to_be_visible()
    page.wait_for_selector("html[data-drawn='whole']", state="attached")
    drawn = page.evaluate("window.__drawn")
    assert drawn[0][:3] == ["first", 15, 1] and drawn[-1][:3] == ["whole", 25, 0], drawn
    assert drawn[0][3] == drawn[-1][3] != "", "the focus stays where the screen put it"
    assert page.locator(".sheet-part").evaluate_all("parts => parts.map((p) => p.id)") == [
        "part-2", "part-1", "part-0"]
    # the screen kept for the next start is the whole one
    kept = json.loads(saved_screens.kept(page))
    html = kept["screens"][page.evaluate("location.hash")]["html"]
    assert html.count('<tbody class="hand') == 25 and "sheet-part later" not in html
    # a print while the sheet is drawn only as far as it shows prints all of it
    page.click("a[href='#/']")
    expect(page.locator("#new-game")).to_be_visible()
    assert page.evaluate(PRINTED) == [15, "whole", 25]


PRINTED = """() => new Promise((resolve) => {
  // a game opened, and a print asked for as soon as its screen is drawn first (before any frame)
  const html = document.documentElement;
  const watch = new MutationObserver(() => {
    if (html.dataset.drawn !== "first") return;
    watch.disconnect();
    const rows = () => document.querySelectorAll("table.sheet tbody.hand").length;
    const first = rows();
    dispatchEvent(new Event("beforeprint"));
    resolve([first, html.dataset.drawn, rows()]);
  });
  watch.observe(html, { attributes: true, attributeFilter: ["data-drawn"] });
  document.querySelector("a[href^='#/game/']").click();
})"""
