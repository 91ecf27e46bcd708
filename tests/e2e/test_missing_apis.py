"""What the app does where the browser lacks an API it uses (Firefox and WebKit lack some; see
tests/e2e/test_engines.py for the app in them): each is deleted here in Chromium before the page
loads, and the app must start, work, and say in a word what the player does instead.

- ``navigator.storage`` (WebKitGTK has none): the games list says the browser promises nothing,
  with the backup that keeps the games;
- ``navigator.share`` (Firefox, WebKit and Chromium on a computer): the share screen says how the
  link gets to the others (copy it, or the QR code);
- ``launchQueue`` (the manifest's file_handlers: only Chromium has it): the import screen says
  files are opened there;
- ``BroadcastChannel`` (PyScript's core needs it): the boot error says so instead of a hang.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.test_share import seeded, typical
from tests.e2e.test_ui import assert_no_app_errors, start

NO_STORAGE = "delete Navigator.prototype.storage;"
NO_SHARE = "delete Navigator.prototype.share; delete navigator.share;"
NO_LAUNCH_QUEUE = "delete window.launchQueue; delete Window.prototype.launchQueue;"


def test_without_navigator_storage_the_games_list_says_nothing_is_promised(
    page: Page, app_url: str, wait_ready: Any, tmp_path: Path, recorder: Any
) -> None:
    page.add_init_script(NO_STORAGE)
    start(page, app_url, wait_ready, "en")
    assert page.evaluate("'storage' in navigator") is False
    note = page.locator("#storage-note")
    expect(note).to_contain_text("This browser does not say whether it keeps the games")
    seeded(page, {"g1": typical("g1", 2, 5)}, tmp_path)  # the games work all the same
    page.goto(app_url + "#/")
    expect(page.locator(".card")).to_have_count(1)
    expect(page.locator("#storage-backup")).to_be_visible()
    page.click("#storage-note-seen")
    expect(note).to_have_count(0)
    assert_no_app_errors(recorder)


def test_without_a_share_sheet_or_a_launch_queue_the_screens_say_what_to_do(
    page: Page, app_url: str, wait_ready: Any, tmp_path: Path, recorder: Any
) -> None:
    page.add_init_script(NO_SHARE + NO_LAUNCH_QUEUE)
    start(page, app_url, wait_ready, "en")
    assert page.evaluate("[typeof navigator.share, typeof window.launchQueue]") == [
        "undefined", "undefined"]
    seeded(page, {"g1": typical("g1", 2, 5)}, tmp_path)
    page.goto(app_url + "#/share/g1")
    expect(page.locator("#copy-link")).to_be_visible()
    expect(page.locator("#web-share")).to_have_count(0)
    expect(page.locator("#no-share-sheet")).to_contain_text("This browser has no share sheet")
    page.goto(app_url + "#/import")
    expect(page.locator("#no-open-with")).to_contain_text("cannot open game files with the app")
    expect(page.locator("label[for=open-file]")).to_be_visible()
    assert_no_app_errors(recorder)


def test_with_a_share_sheet_and_a_launch_queue_nothing_is_said(
    page: Page, app_url: str, wait_ready: Any, tmp_path: Path
) -> None:
    page.add_init_script(
        "navigator.share = () => Promise.resolve();"
        "Object.defineProperty(window, 'launchQueue', {value: {setConsumer: () => {}}});"
    )
    start(page, app_url, wait_ready, "en")
    seeded(page, {"g1": typical("g1", 2, 5)}, tmp_path)
    page.goto(app_url + "#/share/g1")
    expect(page.locator("#web-share")).to_be_visible()
    assert page.locator("#no-share-sheet").count() == 0
    page.goto(app_url + "#/import")
    expect(page.locator("label[for=open-file]")).to_be_visible()
    assert page.locator("#no-open-with").count() == 0


def test_without_broadcast_channel_the_boot_error_names_it_and_offers_a_retry(
    page: Page, app_url: str
) -> None:
    """PyScript's core cannot run without it (Safari has it since 15.4): the start fails at once
    with the error panel naming it, never a page that loads for ever."""
    page.add_init_script("delete window.BroadcastChannel;")
    page.goto(app_url)
    page.wait_for_selector('html[data-app="error"], html[data-app="ready"]', state="attached",
                           timeout=90_000)
    assert page.get_attribute("html", "data-app") == "error"
    expect(page.locator("#shell-error")).to_contain_text("BroadcastChannel")
    expect(page.locator("#shell-retry")).to_be_visible()
