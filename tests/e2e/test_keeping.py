"""Never lose a hand (issue 8), in Chromium: two tabs, a full storage, a close right after
Save, records that used to stop the start, damaged settings, odd input, no IndexedDB at all.

Each test reproduces what lost or corrupted a player's data before, through the real app.
"""

from __future__ import annotations

import json
from typing import Any
from unittest.mock import ANY

from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.test_ui import current_game, fill_hand, hand, new_game, saved, shown, stored_games
from tests.e2e.test_ui_one_row import SEEN, WATCH
from tools.serve import DistServer


def open_tab(context: BrowserContext, url: str, wait_ready: Any, script: str = "") -> Page:
    page = context.new_page()
    if script:
        page.add_init_script(script)
    page.goto(url)
    wait_ready(page)
    return page


def hand_count(page: Page) -> int:
    return len(shown(page)["rows"])


NO_CHANNEL = """
const Heard = BroadcastChannel;  // PyScript needs its own channels: only the app's goes deaf
window.BroadcastChannel = class extends Heard {
  constructor(name) { super(name.startsWith("debertz") ? `deaf-${Math.random()}` : name); }
};
"""
"""A tab that hears nothing of the others: only the revision check can stop its stale write."""


def test_a_stale_tab_cannot_erase_a_hand_and_shows_the_game_as_stored(
    page: Page, app_url: str, wait_ready: Any, idb: Any
) -> None:
    page.goto(app_url)
    wait_ready(page)
    new_game(page, ["Оля", "Петро"])
    hand(page, taker=0, cards={0: 100})
    game_url = page.url
    stale = open_tab(page.context, game_url, wait_ready, NO_CHANNEL)
    expect(stale.locator("tbody.hand")).to_have_count(1)
    hand(page, taker=1, cards={0: 62})  # tab A: hand 2
    stale.click("#new-hand")
    fill_hand(stale, taker=0, cards={0: 90})
    stale.click("#save-hand")
    saved(stale)
    expect(stale.locator(".notice")).to_contain_text("changed in another window")
    expect(stale.locator("#cards-0")).to_have_value("90")  # the form is kept as typed
    stale.click("#save-hand")  # now on top of the stored game
    expect(stale.locator("#entry")).to_have_count(0)
    saved(stale)
    page.reload()
    wait_ready(page)
    hands = current_game(page, idb)["hands"]
    assert [h["cards"] for h in hands] == [[100, 62], [62, 100], [90, 72]]
    assert hand_count(page) == 3 and hand_count(stale) == 3
    assert shown(page)["score"] == shown(stale)["score"]


def test_every_open_tab_shows_a_change_made_in_another_at_once(
    page: Page, app_url: str, wait_ready: Any, idb: Any
) -> None:
    page.goto(app_url)
    wait_ready(page)
    new_game(page, ["Оля", "Петро"])
    other = open_tab(page.context, page.url, wait_ready)
    other.click("#new-hand")
    fill_hand(other, cards={1: 70})
    hand(page, taker=0, cards={0: 100})
    expect(other.locator(".notice")).to_contain_text("changed in another window")
    expect(other.locator("#cards-1")).to_have_value("70")  # its half-typed form stays
    other.click("#cancel-hand")
    expect(other.locator("tbody.hand")).to_have_count(1)
    assert shown(other)["score"] == shown(page)["score"] == [100, 62]
    other.click("#undo")  # the history is shared: this takes back the other tab's hand
    saved(other)
    expect(page.locator("tbody.hand")).to_have_count(0)
    assert current_game(page, idb)["hands"] == []


def test_a_game_deleted_in_one_tab_stays_deleted_and_its_restore_offer_stays(
    page: Page, app_url: str, wait_ready: Any, idb: Any
) -> None:
    page.goto(app_url)
    wait_ready(page)
    new_game(page, ["Оля", "Петро"])
    hand(page, taker=0, cards={0: 100})
    game_id = page.url.split("#/game/")[1].split("/")[0]
    stale = open_tab(page.context, page.url, wait_ready, NO_CHANNEL)
    page.click("#ask-delete-game")
    page.click("#confirm-yes")
    saved(page)
    stale.click("#new-hand")
    fill_hand(stale, taker=1, cards={1: 100})
    stale.fill("#cards-1", "101")  # typing writes the draft: it must not erase the offer
    stale.click("#save-hand")
    saved(stale)
    expect(stale.locator(".notice")).to_contain_text("deleted in another window")
    assert game_id not in stored_games(page, idb)
    page.reload()
    wait_ready(page)
    page.click("#restore-game")
    saved(page)
    assert stored_games(page, idb)[game_id]["hands"] == [{"taker": 0, "cards": [100, 62], "at": ANY}]


def test_with_the_storage_full_a_hand_is_not_shown_and_its_form_stays(
    page: Page, app_url: str, wait_ready: Any, idb: Any, recorder: Any
) -> None:
    page.add_init_script(FULL_STORAGE)
    page.goto(app_url)
    wait_ready(page)
    page.select_option("#lang", "en")
    new_game(page, ["Оля", "Петро"])
    hand(page, taker=0, cards={0: 100})
    page.click("#new-hand")
    fill_hand(page, taker=1, cards={0: 62})
    saved(page)
    fill_storage(page)
    figures = "all => all.map(e => e.dataset.score)"
    before = page.eval_on_selector_all("#game-main [data-score]", figures)
    page.evaluate(WATCH)
    page.click("#save-hand")
    saved(page)
    seen = page.evaluate(SEEN)  # the refused hand drew nothing in the game under the form
    assert seen["sameMain"] and seen["addedInSheet"] == [] and seen["removedRows"] == [], seen
    assert seen["newRows"] == [] and seen["keptRows"] == 1, seen
    assert page.eval_on_selector_all("#game-main [data-score]", figures) == before == ["100", "62"]
    notice = page.locator(".notice")
    expect(notice).to_contain_text("storage is full")
    expect(notice).to_contain_text("save the game as a file")
    expect(page.locator("#cards-0")).to_have_value("62")
    page.fill("#cards-0", "60")
    page.fill("#cards-0", "62")
    saved(page)
    expect(page.locator(".notice")).not_to_contain_text("IndexedDB")  # said once, in words
    page.click("#cancel-hand")
    assert hand_count(page) == 1 and shown(page)["score"] == [100, 62]
    fill_storage(page, full=False)
    page.reload()
    wait_ready(page)
    expect(page.locator("#entry")).to_have_count(1)  # the cancel could not be stored either
    page.click("#cancel-hand")
    assert len(current_game(page, idb)["hands"]) == 1 and hand_count(page) == 1
    # the aborted transaction's later puts raise no uncaught error (TransactionInactiveError
    # in Chromium, InvalidStateError elsewhere; issue 17); "write failed" is logged on purpose
    uncaught = ("page error", "console: Uncaught")
    assert not [e for e in recorder.errors if e.startswith(uncaught)]


FULL_STORAGE = """
// A full phone as IndexedDB shows it: while window.__storageFull is set, a transaction that
// writes aborts with a QuotaExceededError (its message empty, as Chromium gives it).
const realTransaction = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function (...args) {
  const tx = realTransaction.apply(this, args);
  if (window.__storageFull && args[1] === "readwrite") {
    const full = new DOMException("", "QuotaExceededError");
    Object.defineProperty(tx, "error", { get: () => full });
    tx.__full = true;
  }
  return tx;
};
const realPut = IDBObjectStore.prototype.put;
IDBObjectStore.prototype.put = function (...args) {
  const request = realPut.apply(this, args);
  if (this.transaction.__full) this.transaction.abort();
  return request;
};
"""
"""Chromium's own quota override (CDP ``Storage.overrideQuotaForOrigin``) refused writes in a
plain script here but not in pytest-playwright's contexts, so the test makes the failure at
the IndexedDB API, where the app meets it."""


def fill_storage(page: Page, full: bool = True) -> None:
    page.evaluate(f"window.__storageFull = {'true' if full else 'false'}")


CLOSE_DELAYS_MS = (0, 5, 15, 30)


def test_a_tab_closed_right_after_save_never_records_the_hand_twice(
    page: Page, app_url: str, wait_ready: Any, idb: Any
) -> None:
    """Closing the page at any moment after Save keeps either the hand or the filled form."""
    page.goto(app_url)
    wait_ready(page)
    new_game(page, ["Оля", "Петро"])
    game_url = page.url
    context = page.context
    for number, delay in enumerate(CLOSE_DELAYS_MS):
        tab = open_tab(context, game_url, wait_ready)
        if not tab.locator("#entry").count():
            tab.click("#new-hand")
            fill_hand(tab, taker=0, cards={0: 100 + number * 2})
            saved(tab)
        tab.click("#save-hand", no_wait_after=True)
        tab.wait_for_timeout(delay)
        tab.close(run_before_unload=False)
        check = open_tab(context, game_url, wait_ready)
        stored = current_game(check, idb)["hands"]
        reopened = check.locator("#entry").count() == 1
        counted = [h for h in stored if h["cards"][0] == 100 + number * 2]
        assert len(counted) + int(reopened) == 1, (delay, stored, reopened)
        if reopened:
            check.click("#save-hand")
            saved(check)
        check.close()
    page.reload()
    wait_ready(page)
    assert [h["cards"][0] for h in current_game(page, idb)["hands"]] == [100, 102, 104, 106]


def test_a_record_nested_100000_deep_is_listed_and_every_other_game_works(
    page: Page, app_url: str, wait_ready: Any, idb: Any, recorder: Any, evaluate_within: Any
) -> None:
    page.goto(app_url)
    wait_ready(page)
    new_game(page, ["Оля", "Петро"])
    idb.put(page, "games", "deep-text", "[" * 100_000 + "]" * 100_000)
    evaluate_within(  # not text: an array 2,000 deep (Chromium stores no deeper)
        page,
        """() => new Promise((resolve, reject) => {
          let deep = []; for (let i = 0; i < 2000; i++) deep = [deep];
          const open = indexedDB.open("debertz");
          open.onsuccess = () => {
            try {
              const tx = open.result.transaction("games", "readwrite");
              tx.objectStore("games").put(deep, "deep-object");
              tx.oncomplete = () => { open.result.close(); resolve(true); };
              tx.onerror = () => reject(tx.error);
            } catch (error) { reject(error); }
          };
        })""",
        failure="storing a deeply nested array",
    )
    page.reload()
    wait_ready(page)
    page.goto(app_url + "#/")
    problems = page.locator(".problems")
    expect(problems).to_contain_text("deep-text")
    expect(problems).to_contain_text("deep-object")
    page.click(".card a[id^='open-']")  # a game's card, not #open-stats
    hand(page, taker=0, cards={0: 100})
    assert shown(page)["score"] == [100, 62]
    kept = page.evaluate(
        """() => new Promise((resolve) => {
          indexedDB.open("debertz").onsuccess = (event) => {
            const db = event.target.result;
            const read = db.transaction("games").objectStore("games").get("deep-text");
            read.onsuccess = () => { db.close(); resolve(read.result); };
          };
        })"""
    )
    assert kept == "[" * 100_000 + "]" * 100_000  # kept byte for byte
    assert not [e for e in recorder.errors if "call stack" in e]


def test_damaged_settings_leave_the_app_working_and_can_be_replaced(
    page: Page, app_url: str, wait_ready: Any, idb: Any, recorder: Any
) -> None:
    page.goto(app_url)
    wait_ready(page)
    page.select_option("#lang", "ru")
    saved(page)
    damaged = '{"schema":1,"settings":{"lang":"ru","entr'
    idb.put(page, "app", "settings", damaged)
    page.reload()
    wait_ready(page)
    page.select_option("#lang", "ru")
    expect(page.locator("#settings-problem")).to_contain_text("Настройки")
    new_game(page, ["Оля", "Петро"])
    hand(page, taker=0, cards={0: 100})
    expect(page.locator(".notice")).not_to_contain_text("could not")
    assert idb.records(page, "app")["settings"] == damaged  # kept until the player decides
    page.goto(app_url + "#/")
    page.click("#settings-problem summary")
    expect(page.locator("#settings-problem pre")).to_have_text(damaged)
    page.click("#replace-settings")
    saved(page)
    expect(page.locator("#settings-problem")).to_have_count(0)
    stored = json.loads(idb.records(page, "app")["settings"])
    assert stored["settings"]["lang"] == "ru"
    page.reload()
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "ru")


def test_a_superscript_two_in_the_card_points_is_an_error_not_the_old_value(
    page: Page, app_url: str, wait_ready: Any, idb: Any
) -> None:
    page.goto(app_url)
    wait_ready(page)
    new_game(page, ["Оля", "Петро"])
    page.click("#new-hand")
    fill_hand(page, taker=0, cards={0: 100})
    page.fill("#cards-0", "²")
    page.click("#save-hand")
    expect(page.locator("#cards-0-err")).to_be_visible()
    saved(page)
    assert current_game(page, idb)["hands"] == []
    page.fill("#cards-0", "١٠٠")  # Arabic-Indic digits are numbers
    expect(page.locator("#cards-1")).to_have_value("62")
    page.click("#save-hand")
    expect(page.locator("#entry")).to_have_count(0)
    saved(page)
    assert current_game(page, idb)["hands"] == [{"taker": 0, "cards": [100, 62], "at": ANY}]


def test_a_name_with_a_direction_override_is_refused_at_its_field(
    page: Page, app_url: str, wait_ready: Any
) -> None:
    page.goto(app_url)
    wait_ready(page)
    page.click("#new-game")
    page.fill("#name-0", "\u202eяьлО")
    page.fill("#name-1", "Петро")
    page.click("#start-game")
    expect(page.locator("#name-0-err")).to_contain_text("U+202E")
    assert "#/new" in page.url


NO_INDEXEDDB = "Object.defineProperty(window, 'indexedDB', {value: undefined, configurable: true});"
SILENT_INDEXEDDB = "IDBFactory.prototype.open = function () { return {}; };"
"""An IndexedDB whose open never answers (as when another tab holds an upgrade forever)."""


def test_without_indexeddb_a_game_can_still_be_scored_and_saved_as_a_file(
    page: Page, app_url: str, wait_ready: Any
) -> None:
    page.add_init_script(NO_INDEXEDDB)
    page.goto(app_url)
    wait_ready(page)
    page.select_option("#lang", "en")
    expect(page.locator(".volatile")).to_contain_text("keeps no data")
    new_game(page, ["Оля", "Петро"])
    hand(page, taker=0, cards={0: 100})
    assert shown(page)["score"] == [100, 62]
    expect(page.locator(".volatile")).to_be_visible()
    with page.expect_download() as download:
        page.click("#export-game")
    assert json.loads(open(download.value.path(), encoding="utf-8").read())["hands"]  # noqa: SIM115


def test_an_indexeddb_that_never_answers_does_not_hang_the_start(
    page: Page, server: DistServer, wait_ready: Any
) -> None:
    page.add_init_script(SILENT_INDEXEDDB)
    page.goto(server.url)
    wait_ready(page)
    expect(page.locator(".volatile")).to_be_visible()
    expect(page.locator("#new-game")).to_be_visible()
