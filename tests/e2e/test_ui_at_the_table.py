"""At the table, on an emulated phone (touch, 360x640, mobile viewport rules): Back, the screen
wake lock, the focus after the taker, the rules and the target, safe areas, the storage note,
the page's dark start, the launch of an installed app, printing, and the sheet's test hooks.
(Issue 12; the layout of every screen is tests/e2e/test_ui_phone_layout.py.)"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from tests.e2e.warm import PHONE_OPTIONS
from tools.long_games import SAMPLES, seed

Wait = Callable[[Page], None]


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, **PHONE_OPTIONS}


def saved(page: Page) -> None:
    page.wait_for_selector('html[data-writes="0"], html:not([data-writes])', state="attached")


def open_app(page: Page, url: str, wait_ready: Wait, lang: str = "uk") -> None:
    page.goto(url)
    wait_ready(page)
    page.select_option("#lang", lang)
    saved(page)


def start(page: Page, names: list[str], target: str | None = None) -> str:
    """A new game through the form; its id."""
    page.click("#new-game")
    page.check(f"#count-{len(names)}")
    for seat, name in enumerate(names):
        page.fill(f"#name-{seat}", name)
    if target:
        page.check(f"#target-{target}")
    page.click("#start-game")
    expect(page.locator("#new-hand")).to_be_visible()
    saved(page)
    return str(page.evaluate("location.hash")).split("/")[2]


def hand(page: Page, taker: int, cards: dict[int, int]) -> None:
    page.click("#new-hand")
    page.click(f"#taker-{taker}")
    for side, value in cards.items():
        page.fill(f"#cards-{side}", str(value))
    page.click("#save-hand")
    expect(page.locator("#entry")).to_have_count(0)
    saved(page)


def back(page: Page) -> None:
    page.go_back()
    page.wait_for_timeout(50)  # the app answers popstate synchronously; let it render


def screen(page: Page) -> str:
    return str(page.evaluate("location.hash"))


# --- 5. Back ------------------------------------------------------------------------------


def test_back_closes_the_hand_form_keeping_it_then_goes_to_the_list_then_out(
    page: Page, app_url: str, wait_ready: Wait
) -> None:
    open_app(page, app_url, wait_ready)
    gid = start(page, ["Оля", "Петро"])
    page.click("#new-hand")
    page.click("#taker-1")
    page.fill("#cards-1", "90")
    back(page)  # closes the form; what was typed is kept
    expect(page.locator("#entry")).to_have_count(0)
    expect(page.locator("#new-hand")).to_have_text("Продовжити роздачу 1")
    assert screen(page) == f"#/game/{gid}"
    back(page)  # the games list, not the new-game form nobody opened
    expect(page.locator(".screen.home")).to_be_visible()
    assert screen(page) == "#/"
    page.go_forward()
    page.go_forward()
    expect(page.locator("#cards-1")).to_have_value("90")
    page.click("#save-hand")
    saved(page)
    back(page)  # Save closed the form like Back: the next Back is the list
    expect(page.locator(".screen.home")).to_be_visible()
    back(page)  # the list is the bottom: Back leaves the app
    assert not page.url.startswith(app_url)


def test_back_closes_a_confirmation_then_the_form_it_came_from(
    page: Page, app_url: str, wait_ready: Wait
) -> None:
    open_app(page, app_url, wait_ready, "en")
    gid = start(page, ["Оля", "Петро"])
    hand(page, 0, {0: 100})
    page.click("#hand-0")
    page.click("#ask-delete-hand")
    expect(page.locator("#confirm-text")).to_have_text("Delete hand 1?")  # point 10
    back(page)
    expect(page.locator("#confirm-text")).to_have_count(0)
    expect(page.locator("#entry-title")).to_have_text("Correcting hand 1")
    back(page)
    expect(page.locator("#entry")).to_have_count(0)
    page.click("#ask-delete-game")
    back(page)
    expect(page.locator("#confirm-text")).to_have_count(0)
    expect(page.locator("tbody.hand")).to_have_count(1)
    assert screen(page) == f"#/game/{gid}"
    back(page)
    assert screen(page) == "#/"


RENDERS = "Number(document.documentElement.dataset.renders)"
"""The shell's count of its renders (app/browser/shell.py)."""
COUNT_POPS = "() => { window.__pops = 0; addEventListener('popstate', () => { window.__pops += 1; }); }"
"""Counts the page's popstates (this listener comes after the app's own, so it runs after it)."""


def popped(page: Page, pops: int) -> None:
    """Wait until the page has had ``pops`` popstates and stored everything, then a frame and
    a task more: whatever the app does about them has been done."""
    page.wait_for_function("(n) => window.__pops === n", arg=pops)
    saved(page)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 20)))")
    saved(page)


def test_a_form_closed_by_save_cancel_or_back_renders_once(
    page: Page, app_url: str, wait_ready: Wait
) -> None:
    """Issue 16, point 4: Save and Cancel close the form by going back in the page's history
    (``history.go(-1)``); the popstate that brings is the app's own and renders nothing, while
    the player's Back is shown (once)."""
    open_app(page, app_url, wait_ready, "en")
    gid = start(page, ["Оля", "Петро"])
    hand(page, 0, {0: 100})
    page.evaluate(COUNT_POPS)
    for close, rows in (("#cancel-hand", 1), ("#save-hand", 2), ("#cancel-hand", 2)):
        page.click("#new-hand")
        page.click("#taker-1")
        page.fill("#cards-1", "90")
        saved(page)
        assert screen(page) == f"#/game/{gid}/hand"
        renders, pops = page.evaluate(RENDERS), page.evaluate("window.__pops")
        page.click(close)
        popped(page, pops + 1)  # the app went back itself: one popstate came
        expect(page.locator("#entry")).to_have_count(0)
        expect(page.locator("tbody.hand")).to_have_count(rows)
        assert screen(page) == f"#/game/{gid}"
        assert page.evaluate(RENDERS) == renders + 1, close  # the action's render, no other
    expect(page.locator("#new-hand")).to_be_focused()
    page.click("#new-hand")  # the player's Back still closes the form, then leads to the list
    saved(page)
    renders, pops = page.evaluate(RENDERS), page.evaluate("window.__pops")
    page.go_back()
    popped(page, pops + 1)
    expect(page.locator("#entry")).to_have_count(0)
    assert screen(page) == f"#/game/{gid}"
    assert page.evaluate(RENDERS) == renders + 1
    page.go_back()
    popped(page, pops + 2)
    expect(page.locator(".screen.home")).to_be_visible()
    assert screen(page) == "#/" and page.evaluate(RENDERS) == renders + 2
    page.go_forward()  # and Forward comes back to the game, shown once
    popped(page, pops + 3)
    expect(page.locator("tbody.hand")).to_have_count(2)
    assert screen(page) == f"#/game/{gid}" and page.evaluate(RENDERS) == renders + 3


def test_links_and_deep_addresses_keep_the_games_list_at_the_bottom(
    page: Page, app_url: str, wait_ready: Wait
) -> None:
    open_app(page, app_url, wait_ready)
    gid = start(page, ["Оля", "Петро"])
    page.click(".topbar a[href='#/help']")
    expect(page.locator(".screen.help")).to_be_visible()
    back(page)  # help came from the game
    assert screen(page) == f"#/game/{gid}"
    page.click(".topbar a[href='#/help']")
    page.click(".topbar a[href='#/']")  # the list is gone back to, not piled on top
    back(page)
    assert not page.url.startswith(app_url)
    page.goto(f"{app_url}#/game/{gid}/hand")  # a first visit straight into the hand form
    wait_ready(page)
    expect(page.locator("#entry")).to_be_visible()
    back(page)
    assert screen(page) == f"#/game/{gid}"
    back(page)
    assert screen(page) == "#/"
    page.reload()  # a reload keeps the history as it was
    wait_ready(page)
    page.go_forward()
    assert screen(page) == f"#/game/{gid}"
    expect(page.locator("#board, .board")).to_be_visible()


def test_back_after_a_game_opened_by_its_address_closes_the_form_then_the_list_leaves(
    page: Page, app_url: str, wait_ready: Wait
) -> None:
    """Issue 18 item 1: an address typed or pasted into the running app (a bookmark, a link)
    gets the history a first visit to it gets: the form opens again after Back, and the list
    stays the bottom, even when the address was typed over another game."""
    open_app(page, app_url, wait_ready)
    old = start(page, ["Оля", "Петро"])
    page.click(".topbar a[href='#/']")
    gid = start(page, ["Віра", "Іван"])
    page.click(".topbar a[href='#/']")
    page.click(f"#open-{old}")
    assert screen(page) == f"#/game/{old}"
    page.goto(f"{app_url}#/game/{gid}")  # typed over the old game
    expect(page.locator(".screen.game")).to_contain_text("Віра")
    for _ in range(3):
        page.click("#new-hand")
        expect(page.locator("#entry")).to_be_visible()
        assert screen(page) == f"#/game/{gid}/hand"
        back(page)
        expect(page.locator("#entry")).to_have_count(0)
        assert screen(page) == f"#/game/{gid}"
    back(page)
    expect(page.locator(".screen.home")).to_be_visible()
    assert screen(page) == "#/"
    back(page)  # out of the app, not into the game left before
    assert not page.url.startswith(app_url)


def test_a_game_started_from_a_scrolled_form_opens_at_its_score(
    page: Page, app_url: str, wait_ready: Wait
) -> None:
    """Issue 18 item 2: *Почати гру* at the foot of a long form shows the new sheet from its
    top, the score in view (and the rematch from a winner card does the same)."""
    open_app(page, app_url, wait_ready)
    page.click("#new-game")
    page.fill("#name-0", "Оля")
    page.fill("#name-1", "Петро")
    page.click("details.options summary")
    page.check("#opt-bait_penalty")
    page.check("#opt-ski_penalty")
    page.locator("#start-game").scroll_into_view_if_needed()
    assert page.evaluate("scrollY") > 200
    page.click("#start-game")
    expect(page.locator("#new-hand")).to_be_visible()
    assert page.evaluate("scrollY") == 0
    expect(page.locator("#screen-title")).to_be_in_viewport()


NOTE_OVER = """([note, control]) => {
  const a = document.getElementById(note).getBoundingClientRect();
  const b = document.getElementById(control).getBoundingClientRect();
  const x = b.left + b.width / 2, y = b.top + b.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {overlap: a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right,
          hit: hit && hit.closest("#" + control) !== null, inView: b.bottom <= innerHeight};
}"""


def show_note(page: Page) -> None:
    """The first visit's «Готово без інтернету» note, shown as boot.js shows it."""
    page.evaluate("""() => { const n = document.getElementById("shell-note");
      n.textContent = "✓ Готово: застосунок працює без інтернету."; n.dataset.kind = "offline-ready";
      n.hidden = false; }""")
    page.wait_for_timeout(100)  # the ResizeObserver's answer


def test_the_first_visit_s_note_covers_neither_the_start_nor_the_save_bar(
    page: Page, app_url: str, wait_ready: Wait
) -> None:
    """Issue 18 item 12: while the note shows, the sticky bars stand above it (and a tap on
    *Почати гру* / *Записати* reaches the button); once it goes, they go back down."""
    open_app(page, app_url, wait_ready)
    page.click("#new-game")
    page.fill("#name-0", "Оля")
    page.fill("#name-1", "Петро")
    show_note(page)
    place = page.evaluate(NOTE_OVER, ["shell-note", "start-game"])
    assert place == {"overlap": False, "hit": True, "inView": True}, place
    page.click("#start-game")
    page.click("#new-hand")
    place = page.evaluate(NOTE_OVER, ["shell-note", "save-hand"])
    assert place == {"overlap": False, "hit": True, "inView": True}, place
    page.evaluate("document.getElementById('shell-note').hidden = true")
    page.wait_for_timeout(100)
    assert page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--note')") == "0px"


def test_a_refusal_over_the_hand_form_leaves_its_result_and_save_in_sight(
    page: Page, app_url: str, wait_ready: Wait
) -> None:
    """A notice over an open form stands at the screen's top: at the bottom it covered the
    form's bar (the result, *Записати*) once the page was scrolled to its end, where the bar
    stands higher than the screen's bottom (a play-through)."""
    from app.share.link import game_fragment

    game = {"players": ["Оля", "Петро"], "rules": {"target": 301}, "hands": [
        {"taker": 0, "cards": [120, 42]}, {"taker": 0, "cards": [130, 32]},
        {"taker": 1, "claim": {"side": 0, "cards": 60}},  # 250 + 60 of 301: the claim holds
    ]}
    open_app(page, app_url, wait_ready)
    page.goto(app_url + game_fragment(game))
    page.click("#save-shared")
    page.click("#hand-1")
    page.click("#ask-delete-hand")
    page.click("#confirm-yes")  # refused: without hand 2 the claim falls short
    expect(page.locator(".notice")).to_contain_text("Роздачу 2 не видалено")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(100)
    boxes = page.evaluate("""() => ["notice", "entry-bar"].map((name) => {
      const r = document.querySelector("." + name).getBoundingClientRect();
      return [r.top, r.bottom]; })""")
    (notice_top, notice_bottom), (bar_top, bar_bottom) = boxes
    assert notice_bottom <= bar_top or bar_bottom <= notice_top, boxes
    size = page.viewport_size
    assert size is not None and 0 <= bar_top and bar_bottom <= size["height"], boxes


TOAST_OVER = """(id) => {
  const toast = document.querySelector(".notice").getBoundingClientRect();
  const target = document.getElementById(id).getBoundingClientRect();
  scrollBy(0, target.top + target.height / 2 - (toast.top + toast.height / 2));
  const moved = document.getElementById(id).getBoundingClientRect();
  return {x: moved.left + moved.width / 2, y: toast.top + toast.height / 2,
          under: moved.top < toast.top + toast.height / 2 && toast.top + toast.height / 2 < moved.bottom};
}"""


def test_a_tap_on_a_control_under_the_saved_toast_reaches_the_control(
    page: Page, app_url: str, wait_ready: Wait
) -> None:
    """Seen at the table (ru, Firefox and Chromium on a phone): «Сдача записана.» stood over
    «Партия»: закрыть игру for the seconds it fades, and a tap there landed on the toast
    (here the share button is scrolled under it: the page's foot has room for that)."""
    open_app(page, app_url, wait_ready, "ru")
    start(page, ["Оля", "Петя"])
    page.tap("#new-hand")
    page.tap("#taker-0")
    page.fill("#cards-0", "100")
    page.tap("#save-hand")
    expect(page.locator(".notice.fleeting")).to_have_text("Сдача записана.")
    spot: dict[str, Any] = {}
    for _ in range(10):  # until nothing moves it (the wake lock's answer may add a line above)
        again = page.evaluate(TOAST_OVER, "share-game")
        if again == spot:
            break
        spot = again
        page.wait_for_timeout(150)
    assert spot["under"], spot
    page.touchscreen.tap(spot["x"], spot["y"])
    expect(page.locator("#share-link")).to_be_visible()


BOXES = """(ids) => ids.map((id) => {
  const r = document.getElementById(id).getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
})"""


def test_small_things_at_320_px_the_card_boxes_line_up_and_the_winner_s_buttons_keep_apart(
    page: Page, app_url: str, wait_ready: Wait
) -> None:
    """Issue 18 item 11: a wrapped team name leaves its card-points box in line with the
    other; the rematch and share buttons do not touch; checkboxes wear the theme's green."""
    page.set_viewport_size({"width": 320, "height": 640})
    open_app(page, app_url, wait_ready)
    start(page, ["Олександра", "Петро", "Анна-Марія", "Іван"])
    page.click("#new-hand")
    expect(page.locator("#cards-1")).to_be_visible()
    one, other = page.evaluate(BOXES, ["cards-0", "cards-1"])
    assert abs(one["top"] - other["top"]) < 1 and abs(one["bottom"] - other["bottom"]) < 1
    heights = page.evaluate(
        "[...document.querySelectorAll('.cardfield label')].map((l) => l.getBoundingClientRect().height)"
    )
    assert max(heights) > min(heights) * 1.5  # one name did wrap: the case being tested
    page.click("#cancel-hand")
    page.click("#new-hand")
    page.click("#taker-0")
    page.click("details.more:has(#debertz) summary")
    page.click("#debertz-0")
    page.click("#save-hand")
    expect(page.locator("#share-result")).to_be_visible()
    rematch, share = page.evaluate(BOXES, ["rematch", "share-result"])
    apart = share["top"] - rematch["bottom"] if share["top"] >= rematch["bottom"] else (
        share["left"] - rematch["right"])
    assert apart >= 6, (rematch, share)
    for scheme, green in (("light", "rgb(31, 81, 53)"), ("dark", "rgb(44, 122, 76)")):
        page.emulate_media(color_scheme=scheme)
        colour = page.evaluate("getComputedStyle(document.getElementById('keep-awake')).accentColor")
        assert colour == green, (scheme, colour)
    page.emulate_media(color_scheme="light")


def test_back_through_the_sharing_screens(page: Page, app_url: str, wait_ready: Wait) -> None:
    """A game's share screen goes back to the game, the rules' to the form; a game saved from a
    link or a file takes the link's place, so Back from it goes to the list, never to the link."""
    open_app(page, app_url, wait_ready, "en")
    gid = start(page, ["Оля", "Петро"])
    hand(page, 0, {0: 100})
    page.click("#share-game")
    expect(page.locator("#qr svg")).to_be_visible()
    assert screen(page) == f"#/share/{gid}"
    link = page.input_value("#share-link")
    back(page)
    assert screen(page) == f"#/game/{gid}"
    expect(page.locator("#new-hand")).to_be_visible()
    page.click(".topbar a[href='#/']")
    page.click("#new-game")
    page.click("#share-rules")
    expect(page.locator("#qr svg")).to_be_visible()
    rules_link = page.input_value("#share-link")
    back(page)
    assert screen(page) == "#/new"
    back(page)
    assert screen(page) == "#/"

    page.goto(link)  # the link opened from a chat: a first visit, the list below it
    wait_ready(page)
    page.click("#save-again")
    expect(page.locator("#new-hand")).to_be_visible()
    copy = screen(page)
    assert copy.startswith("#/game/") and copy != f"#/game/{gid}"
    back(page)
    assert screen(page) == "#/"
    expect(page.locator(".screen.home")).to_be_visible()

    page.goto(rules_link)
    wait_ready(page)
    page.click("#use-rules")
    expect(page.locator(".screen.setup")).to_be_visible()
    back(page)
    assert screen(page) == "#/"
    page.click(".topbar a[href='#/']")
    page.evaluate("() => { location.hash = '#/import'; }")
    expect(page.locator("#open-file")).to_be_attached()
    back(page)
    assert screen(page) == "#/"


# --- 6. the screen wake lock ----------------------------------------------------------------

WAKE_LOCK = """(() => {
  const log = window.__wake = {requests: 0, releases: 0, active: null};
  const request = async (type) => {
    log.requests += 1;
    const lock = new EventTarget();
    lock.type = type;
    lock.released = false;
    lock.release = async () => {
      if (lock.released) return;
      lock.released = true;
      log.releases += 1;
      lock.dispatchEvent(new Event("release"));
    };
    log.active = lock;
    return lock;
  };
  Object.defineProperty(Navigator.prototype, "wakeLock", {configurable: true, get: () => ({request})});
  let hidden = false;
  Object.defineProperty(Document.prototype, "visibilityState",
                        {configurable: true, get: () => (hidden ? "hidden" : "visible")});
  window.__hide = (value) => {  // the browser drops the lock when the page is hidden
    hidden = value;
    if (value && log.active && !log.active.released) {
      log.active.released = true;
      log.active.dispatchEvent(new Event("release"));
    }
    document.dispatchEvent(new Event("visibilitychange"));
  };
})();"""
NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"


def wake(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(
        "({requests: __wake.requests, releases: __wake.releases,"
        " held: !!(__wake.active && !__wake.active.released)})"
    )
    return found


def settled(page: Page, expected: dict[str, Any]) -> None:
    for _ in range(50):
        if wake(page) == expected:
            return
        page.wait_for_timeout(20)
    assert wake(page) == expected


def test_the_screen_stays_on_during_a_game_and_comes_back_after_the_app_was_hidden(
    page: Page, app_url: str, wait_ready: Wait
) -> None:
    page.add_init_script(WAKE_LOCK)
    open_app(page, app_url, wait_ready)
    settled(page, {"requests": 0, "releases": 0, "held": False})
    gid = start(page, ["Оля", "Петро"])
    settled(page, {"requests": 1, "releases": 0, "held": True})
    page.click("#new-hand")  # still the game screen: the same lock
    page.click("#cancel-hand")
    settled(page, {"requests": 1, "releases": 0, "held": True})
    page.evaluate("__hide(true)")
    settled(page, {"requests": 1, "releases": 0, "held": False})
    page.evaluate("__hide(false)")  # back in the foreground
    settled(page, {"requests": 2, "releases": 0, "held": True})
    page.click(".topbar a[href='#/']")  # the games list lets it go
    settled(page, {"requests": 2, "releases": 1, "held": False})
    page.click(f"#open-{gid}")
    settled(page, {"requests": 3, "releases": 1, "held": True})
    page.uncheck("#keep-awake")  # the setting
    settled(page, {"requests": 3, "releases": 2, "held": False})
    saved(page)
    page.reload()
    wait_ready(page)
    expect(page.locator("#keep-awake")).not_to_be_checked()
    settled(page, {"requests": 0, "releases": 0, "held": False})
    page.check("#keep-awake")
    settled(page, {"requests": 1, "releases": 0, "held": True})


WAKE_LOCK_AFTER_A_TAP = """(() => {  // WebKit's rule: no lock before the player's first gesture
  // window.__heard: the listeners of taps and keys the page has on `document` (the app's, for
  // the wake lock: app/browser/wake.py)
  const heard = window.__heard = new Set();
  const add = Document.prototype.addEventListener, remove = Document.prototype.removeEventListener;
  Document.prototype.addEventListener = function (kind, listener, options) {
    if (kind === "pointerdown" || kind === "keydown") heard.add(kind);
    return add.call(this, kind, listener, options);
  };
  Document.prototype.removeEventListener = function (kind, listener, options) {
    if (kind === "pointerdown" || kind === "keydown") heard.delete(kind);
    return remove.call(this, kind, listener, options);
  };
  let tapped = false;
  for (const kind of ["pointerdown", "keydown"]) {
    addEventListener(kind, () => { tapped = true; }, {capture: true});
  }
  const granting = Object.getOwnPropertyDescriptor(Navigator.prototype, "wakeLock").get();
  window.__refusals = 0;
  const request = async (type) => {
    if (!tapped) {
      window.__refusals += 1;
      throw new DOMException("requires a user gesture", "NotAllowedError");
    }
    return granting.request(type);
  };
  Object.defineProperty(Navigator.prototype, "wakeLock", {configurable: true, get: () => ({request})});
})();"""


def test_a_browser_that_locks_only_after_a_tap_is_asked_on_the_first_tap_without_a_warning(
    page: Page, app_url: str, wait_ready: Wait
) -> None:
    """Issue 18 item 14 (WebKit): opened straight into a game, the refused lock is not warned
    about; the setting says the screen stays on from the first tap, and the first tap brings it."""
    page.add_init_script(WAKE_LOCK)
    page.add_init_script(WAKE_LOCK_AFTER_A_TAP)
    open_app(page, app_url, wait_ready)  # the language picked: a gesture already
    gid = start(page, ["Оля", "Петро"])
    settled(page, {"requests": 1, "releases": 0, "held": True})
    warned: list[str] = []
    page.on("console", lambda m: warned.append(m.text) if m.type in ("warning", "error") else None)
    assert screen(page) == f"#/game/{gid}"
    page.reload()  # a start straight into the game, no tap yet
    wait_ready(page)
    assert page.evaluate("window.__refusals") >= 1
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "gesture")
    expect(page.locator("#keep-awake-gesture")).to_be_visible()
    expect(page.locator("#keep-awake-gesture")).to_have_text(
        "Цей браузер дає тримати екран увімкненим лише після першого дотику до нього — далі "
        "екран не гасне."
    )
    expect(page.locator("#keep-awake-refused")).to_be_hidden()
    assert not [text for text in warned if "wake lock" in text], warned
    assert page.evaluate("window.__heard.size") == 2  # pointerdown and keydown, waiting
    page.locator(".scoreline, #screen-title").first.tap()  # a tap on nothing in particular
    settled(page, {"requests": 1, "releases": 0, "held": True})
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "yes")
    expect(page.locator("#keep-awake-gesture")).to_be_hidden()
    page.locator(".scoreline, #screen-title").first.tap()  # nothing waits for a tap now:
    page.wait_for_function("window.__heard.size === 0")  # taps are no longer listened to
    page.click("#new-hand")  # and the game goes on
    expect(page.locator("#taker-0")).to_be_visible()


def test_without_the_wake_lock_api_nothing_breaks_and_no_setting_shows(
    page: Page, recorder: Any, app_url: str, wait_ready: Wait
) -> None:
    page.add_init_script(NO_WAKE_LOCK)
    open_app(page, app_url, wait_ready)
    start(page, ["Оля", "Петро"])
    hand(page, 0, {0: 100})
    expect(page.locator("#keep-awake")).to_be_hidden()
    assert page.get_attribute("html", "data-wake-lock") is None
    assert [e for e in recorder.errors if "Traceback" in e or e.startswith("page error")] == []


# --- 7. focus and what the taker needs; 8-9. target and rules; 14. hooks --------------------


def test_after_the_taker_the_focus_is_in_the_takers_card_field_with_what_it_needs(
    page: Page, app_url: str, wait_ready: Wait
) -> None:
    open_app(page, app_url, wait_ready, "en")
    start(page, ["Оля", "Петро", "Іван", "Марта"])
    page.click("#new-hand")
    page.tap("#taker-3")  # Марта: the second team's field
    page.wait_for_selector("#cards-1:focus")
    expect(page.locator("#cards-hint")).to_have_text("Петро and Марта: more than 81 to make it.")
    page.keyboard.type("95")  # no tap on the field first: the keyboard is already there
    expect(page.locator("#cards-0")).to_have_value("67")
    page.tap("#meld-0")  # the other team's terz moves the line
    expect(page.locator("#cards-hint")).to_have_text("Петро and Марта: more than 91 to make it.")


def test_another_target_keeps_the_rule_set_and_the_game_says_which_rules_hold(
    page: Page, app_url: str, wait_ready: Wait
) -> None:
    open_app(page, app_url, wait_ready)
    page.click("#new-game")
    page.check("#target-1001")
    expect(page.locator("#preset")).to_have_value("standard")
    expect(page.locator("#preset option[value='custom']")).to_have_count(0)
    for seat, name in enumerate(["Оля", "Петро"]):
        page.fill(f"#name-{seat}", name)
    page.click("#start-game")
    saved(page)
    rules = page.locator("#rules")
    expect(rules.locator("summary")).to_have_text("Правила: Стандартні, гра до 1001")
    expect(rules.locator("dl")).to_be_hidden()
    rules.locator("summary").tap()
    expect(rules.locator("dl")).to_be_visible()
    expect(rules.locator("dl")).to_contain_text("Яйця (нічия)Висять")


def test_the_sheet_has_hooks_for_the_pot_the_dealer_and_the_winner(
    page: Page, app_url: str, wait_ready: Wait
) -> None:
    open_app(page, app_url, wait_ready)
    start(page, ["Оля", "Петро"], target="301")
    hand(page, 0, {0: 81})  # eggs: 81 hangs
    expect(page.locator(".board ~ [data-pot]")).to_have_attribute("data-pot", "81")
    expect(page.locator("[data-dealer]").first).to_have_attribute("data-dealer", "1")
    hand(page, 1, {1: 100})  # Петро makes it and takes the pot
    rows = page.locator("tbody.hand")
    expect(rows.nth(0)).to_have_attribute("data-winner", "1")
    expect(rows.nth(0)).to_have_attribute("data-pot", "0")
    expect(rows.nth(1)).to_have_attribute("data-winner", "")
    expect(rows.nth(1)).to_have_attribute("data-pot", "81")
    expect(page.locator(".board ~ [data-pot]")).to_have_count(0)
    expect(page.locator(".mark.won-pot")).to_have_text("висячі +81")
    hand(page, 1, {1: 162})
    expect(page.locator(".result")).to_have_attribute("data-winner", "1")


# --- 4. safe areas --------------------------------------------------------------------------


def test_the_notch_and_the_home_indicator_cover_nothing(
    page: Page, app_url: str, wait_ready: Wait
) -> None:
    open_app(page, app_url, wait_ready)
    start(page, ["Оля", "Петро"])
    size = {"width": 740, "height": 360}  # on its side: a notch on the left
    page.set_viewport_size(size)
    session = page.context.new_cdp_session(page)
    session.send(
        "Emulation.setSafeAreaInsetsOverride",
        {"insets": {"top": 20, "left": 48, "right": 48, "bottom": 21}},
    )
    hand(page, 0, {0: 100})  # a toast

    def box(selector: str) -> dict[str, float]:
        found = page.locator(selector).first.bounding_box()
        assert found is not None, selector
        return found

    title = page.locator(".shell-title")
    text = page.evaluate(
        "(() => { const r = document.createRange();"
        " r.selectNodeContents(document.querySelector('.shell-title'));"
        " return r.getBoundingClientRect().left; })()"
    )
    assert text >= 48 and title.is_visible()
    assert box(".topbar .navlink")["x"] >= 48
    toast = box(".notice")
    assert toast["x"] >= 48 and toast["x"] + toast["width"] <= size["width"] - 48
    assert toast["y"] + toast["height"] <= size["height"] - 21
    page.click("#new-hand")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    save = box("#save-hand")
    assert save["y"] + save["height"] <= size["height"] - 21
    assert save["x"] >= 48


# --- 11. the page, the manifest and the installed app --------------------------------------


@pytest.mark.fresh_context
def test_a_dark_phone_starts_dark_before_python_arrives(page: Page, app_url: str) -> None:
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))  # Python never starts
    page.emulate_media(color_scheme="dark")
    page.goto(app_url)
    expect(page.locator("#shell-boot")).to_be_visible()
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    channels = [int(v) for v in re.findall(r"\d+", background)[:3]]
    assert max(channels) < 60, background
    assert page.locator('meta[name="color-scheme"]').get_attribute("content") == "light dark"
    themes = page.locator('meta[name="theme-color"]')
    assert {themes.nth(i).get_attribute("media") for i in range(themes.count())} == {
        "(prefers-color-scheme: light)", "(prefers-color-scheme: dark)"}
    page.unroute("**/pyodide.asm.wasm")


LAUNCH_QUEUE = """Object.defineProperty(window, "launchQueue", {configurable: true,
  value: {setConsumer(consumer) { window.__launch = consumer; }}});"""


def test_a_shortcut_opened_in_the_running_app_goes_where_it_says(
    page: Page, app_url: str, wait_ready: Wait
) -> None:
    page.add_init_script(LAUNCH_QUEUE)
    open_app(page, app_url, wait_ready)
    gid = start(page, ["Оля", "Петро"])
    page.click(".topbar a[href='#/']")
    page.evaluate("(url) => __launch({targetURL: url})", f"{app_url}#/new")
    expect(page.locator(".screen.setup")).to_be_visible()
    page.evaluate("(url) => __launch({targetURL: url})", f"{app_url}#/last")
    expect(page.locator("#new-hand")).to_be_visible()
    assert screen(page) == f"#/game/{gid}"
    back(page)
    assert screen(page) == "#/"
    expect(page.locator('#lang option[lang="ru"]')).to_have_text("Русский")


# --- 12. storage the browser may clear ------------------------------------------------------


@pytest.mark.parametrize("granted", [False, True])
def test_a_refused_persistent_storage_is_said_once_in_the_games_list(
    page: Page, app_url: str, wait_ready: Wait, granted: bool
) -> None:
    page.add_init_script(
        f"navigator.storage.persist = () => Promise.resolve({str(granted).lower()});"
    )
    open_app(page, app_url, wait_ready, "en")
    note = page.locator("#storage-note")
    if granted:
        page.wait_for_timeout(300)
        expect(note).to_have_count(0)
        return
    expect(note).to_contain_text("may erase them")
    expect(page.locator('[role="alertdialog"], dialog')).to_have_count(0)
    page.tap("#storage-note-seen")
    expect(note).to_have_count(0)
    saved(page)
    page.reload()
    wait_ready(page)
    page.wait_for_timeout(300)
    expect(note).to_have_count(0)


# --- 13. printing ---------------------------------------------------------------------------


def long_game(hands: int) -> dict[str, Any]:
    """A finished game of ``hands`` hands, with eggs, baits and marks along the way."""
    game = dict(SAMPLES["long-teams"])
    rows: list[dict[str, Any]] = []
    for number in range(hands - 1):
        kind = number % 4
        rows.append(
            {"taker": number % 4, "cards": [81, 81], "last_trick": 0} if kind == 0
            else {"taker": number % 4, "cards": [62, 100], "bella": 1, "last_trick": 1}
            if kind == 1 else {"taker": number % 4, "cards": [100, 62], "last_trick": 0}
        )
    rows.append({"taker": 0, "debertz": 0})
    game.update(id=f"print-{hands}", hands=rows, rules={**game["rules"], "target": 10001})
    return game


def pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def test_a_finished_sheet_prints_about_forty_hands_to_an_a4_page_without_buttons(
    page: Page, app_url: str, wait_ready: Wait
) -> None:
    open_app(page, app_url, wait_ready, "en")
    games = {f"print-{n}": long_game(n) for n in (40, 80)}
    seed(page, games)
    counts = {}
    for n in (40, 80):
        page.goto(f"{app_url}#/game/print-{n}")
        wait_ready(page)
        expect(page.locator("tbody.hand")).to_have_count(n)
        counts[n] = pages(page.pdf(format="A4", prefer_css_page_size=True, print_background=True))
    assert counts == {40: 1, 80: 2}
    page.emulate_media(media="print")
    for hidden in (".topbar", "#rematch", ".footer-actions", "#hand-0", "details.rules"):
        if hidden == "#hand-0":
            assert page.locator(hidden).evaluate("e => getComputedStyle(e).borderStyle") == "none"
        else:
            expect(page.locator(hidden)).to_be_hidden()
    expect(page.locator(".shell-bar")).to_be_hidden()
    head = page.locator(".print-head")
    expect(head).to_be_visible()
    expect(head).to_have_text("Debertz · Started 30.11.2026 19:00 · Rules: Custom, to 10001")
    expect(page.locator("#screen-title")).to_contain_text(SAMPLES["long-teams"]["players"][0])
