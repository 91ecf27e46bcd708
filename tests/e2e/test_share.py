"""Sharing, importing and backing up in the real app (Chromium, Pyodide, IndexedDB).

Every test counts what is stored in IndexedDB before and after: nothing may be stored unless the
player asked, and a restore may neither lose nor duplicate a game or a hand. Each start of the
app costs seconds, so a test goes through several cases in one page (addresses changed by their
fragment, as a player's taps do) and seeds its games through the app's own restore.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from app.share import qr
from app.share.backup import make_backup
from app.share.link import game_fragment, shared_doc
from tests.e2e.qr_reading import read_qr, svg_modules
from tests.e2e.test_ui import assert_no_app_errors, hand, new_game, saved, start, stored_games
from tests.share.typical import typical_game

XSS = "<img src=x onerror=alert(1)>"


def typical(game_id: str, players: int = 4, hands: int = 60, seed: int = 1) -> dict[str, Any]:
    """A typical game as the app stores it, playing to 10001 so that it is still going on."""
    game = typical_game(players, hands, seed)
    return {**game, "rules": {"target": 10001}, "id": game_id, "created": "2026-11-30T20:00:00",
            "updated": f"2026-11-30T21:{seed:02d}:00", "rev": hands, "undo": [], "redo": []}


def tally(games: dict[str, dict[str, Any]]) -> tuple[int, int]:
    """How many games, and how many hands in all."""
    return len(games), sum(len(game["hands"]) for game in games.values())


def open_file(page: Page, path: Path) -> None:
    """Choose a file in the games list's "Open a file…"."""
    page.goto(page.url.split("#")[0] + "#/")
    page.set_input_files("#open-file", str(path))


def restore(page: Page, path: Path) -> None:
    """Open a backup file and restore it."""
    open_file(page, path)
    page.click("#restore")
    expect(page.locator("#restore-done")).to_be_visible()
    saved(page)


def seeded(page: Page, games: dict[str, dict[str, Any]], tmp_path: Path) -> None:
    """Put ``games`` into the app through a backup made on CPython and restored in the app."""
    path = tmp_path / "seed.json"
    path.write_text(make_backup(games, {}, "2026-11-30T22:00:00"), encoding="utf-8")
    restore(page, path)


def wait_for(page: Page, evaluate_within: Any, expression: str, failure: str) -> Any:
    """Poll a JS expression in the page until it is truthy (no eval: the CSP forbids it)."""
    return evaluate_within(
        page,
        f"""() => new Promise((resolve) => {{
          const check = setInterval(() => {{
            const value = {expression};
            if (value) {{ clearInterval(check); resolve(value); }}
          }}, 20);
        }})""",
        failure=failure,
    )


SETTLED = ("history.state && history.state.debertz && "
           "history.state.debertz[history.state.debertz.length - 1] === (location.hash || '#/')")


def typed(page: Page, url: str, evaluate_within: Any) -> None:
    """An address typed into the running app, as a person does: the next one comes after the
    app has given this one its place in the history (typed over a game, the history first goes
    back to the games list: nav.arrival)."""
    page.goto(url)
    wait_for(page, evaluate_within, SETTLED, f"the history did not settle at {url}")


# --- sharing a game: link, copy, share sheet, QR code -------------------------------------------


def test_the_share_screen_copies_the_link_and_its_qr_code_reads_back_as_the_link(
    page: Page, app_url: str, wait_ready: Any, idb: Any, tmp_path: Path, recorder: Any
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    start(page, app_url, wait_ready, "en")
    seeded(page, {"g1": typical("g1")}, tmp_path)
    page.goto(app_url + "#/game/g1")
    page.click("#share-game")
    expect(page.locator("#qr svg")).to_be_visible()
    link = page.input_value("#share-link")
    assert link == app_url + game_fragment(typical("g1"))

    svg = page.locator("#qr").inner_html()
    assert svg_modules(svg) == qr.matrix(link)  # the same code segno makes on CPython
    code = qr.qr_code(link)
    assert code is not None and code.version <= 11
    assert page.get_attribute("#qr", "data-version") == str(code.version)
    assert read_qr(page.locator("#qr svg").screenshot()) == [link]
    page.emulate_media(color_scheme="dark")
    assert read_qr(page.locator("#qr svg").screenshot()) == [link]  # dark on white still

    page.click("#copy-link")
    expect(page.locator(".notice")).to_have_text("Link copied.")
    assert page.evaluate("navigator.clipboard.readText()") == link
    assert stored_games(page, idb).keys() == {"g1"}
    assert_no_app_errors(recorder)


def test_after_each_hand_its_new_link_is_drawn_ahead_and_is_the_one_shared(
    page: Page, app_url: str, wait_ready: Any, recorder: Any
) -> None:
    """At the table a link is shared after a hand: the page draws the new link's QR code at
    its next idle time after the hand is stored, and *Share* then shows that very link."""
    start(page, app_url, wait_ready, "en")
    new_game(page, ["Оля", "Петро"])
    links = []
    for points in (100, 62):
        ahead = page.get_attribute("html", "data-link-ahead")
        hand(page, taker=0, cards={0: points})
        page.wait_for_function(
            "(before) => (document.documentElement.dataset.linkAhead ?? null) !== before", arg=ahead
        )
        page.click("#share-game")
        expect(page.locator("#qr svg")).to_be_visible()
        links.append(page.input_value("#share-link"))
        assert links[-1].endswith(str(page.get_attribute("html", "data-link-ahead")))
        page.go_back()
        expect(page.locator("#new-hand")).to_be_visible()
    assert links[0] != links[1]
    assert_no_app_errors(recorder)


def test_without_a_clipboard_the_link_is_selected_the_share_sheet_gets_it_and_files_open(
    page: Page, app_url: str, wait_ready: Any, tmp_path: Path, evaluate_within: Any, idb: Any
) -> None:
    page.add_init_script(
        "Object.defineProperty(navigator, 'clipboard', {value: undefined});"
        "navigator.share = (data) => { window.__shared = data; return Promise.resolve(); };"
        "Object.defineProperty(window, 'launchQueue', {value: {setConsumer: (consume) => {"
        " window.__launch = consume; }}});"
    )
    start(page, app_url, wait_ready, "en")
    seeded(page, {"g1": typical("g1", 2, 5)}, tmp_path)
    page.goto(app_url + "#/share/g1")
    link = page.input_value("#share-link")
    page.click("#copy-link")
    selected = page.evaluate(
        "() => { const f = document.activeElement;"
        " return [f.id, f.value.slice(f.selectionStart, f.selectionEnd)]; }"
    )
    assert selected == ["share-link", link]
    expect(page.locator(".notice")).not_to_be_empty()
    page.click("#web-share")
    shared = wait_for(page, evaluate_within, "window.__shared", "the share sheet never opened")
    assert shared == {"title": "Share the game", "url": link}

    # "Open with" on the installed app (manifest file_handlers): the page's launch queue
    page.evaluate(
        """(text) => window.__launch({files: [
          {getFile: async () => new File([text], "opened.json", {type: "application/json"})}]})""",
        json.dumps(typical("opened", 3, 9), ensure_ascii=False),
    )
    expect(page.locator(".foreign")).to_contain_text("opened.json")
    assert stored_games(page, idb).keys() == {"g1"}


# --- opening a shared link ---------------------------------------------------------------------


@pytest.mark.fresh_context
def test_a_shared_link_opens_offline_read_only_and_is_saved_once(
    page: Page, app_url: str, server: Any, wait_ready: Any, wait_offline_ready: Any, idb: Any,
    tmp_path: Path, recorder: Any, evaluate_within: Any,
) -> None:
    sent = typical("theirs", 3, 30)
    fragment = game_fragment(sent)
    start(page, app_url, wait_ready, "en")
    seeded(page, {"mine": typical("mine", 2, 12)}, tmp_path)
    wait_offline_ready(page)
    server.stop()

    other = page.context.new_page()  # a fresh load of the link, served by the service worker
    other.goto(app_url + fragment)
    wait_ready(other)
    expect(other.locator(".foreign")).to_contain_text("someone else's game")
    expect(other.locator("tbody.hand")).to_have_count(30)
    assert other.locator("[data-action=edit-hand], #new-hand, #undo, #rematch").count() == 0
    assert tally(stored_games(other, idb)) == (1, 12)

    other.click("#save-shared")
    other.wait_for_url("**#/game/*")
    saved(other)
    games = stored_games(other, idb)
    copy_id = other.url.rsplit("/", 1)[1]
    assert tally(games) == (2, 42) and copy_id != "theirs"
    assert shared_doc(games[copy_id]) == shared_doc(sent)

    typed(other, app_url + "#/", evaluate_within)
    typed(other, app_url + fragment, evaluate_within)  # the same link once more
    expect(other.locator("#open-copy")).to_have_attribute("href", f"#/game/{copy_id}")
    assert other.locator("#save-shared").count() == 0
    assert tally(stored_games(other, idb)) == (2, 42)
    other.click("#save-again")
    other.wait_for_url("**#/game/*")
    saved(other)
    assert tally(stored_games(other, idb)) == (3, 72)
    assert_no_app_errors(recorder)


DAMAGE = [
    (lambda f: f[: len(f) // 2], "damaged or incomplete"),
    (lambda f: f[:20] + ("B" if f[20] != "B" else "C") + f[21:], "damaged or incomplete"),
    (lambda f: f.replace("/shared/1", "/shared/5"), "newer version of the app"),
    (lambda f: f + "A" * 25_000, "too long"),
    (lambda f: "#/shared/", "no game in this link"),
]


def test_damaged_links_say_what_is_wrong_change_nothing_and_names_stay_text(
    page: Page, app_url: str, wait_ready: Any, idb: Any, tmp_path: Path, recorder: Any,
    evaluate_within: Any,
) -> None:
    page.on("dialog", lambda dialog: recorder.errors.append(f"page error: dialog {dialog.message}"))
    start(page, app_url, wait_ready, "en")
    seeded(page, {"mine": typical("mine", 4, 20)}, tmp_path)
    before = idb.records(page, "games")
    fragment = game_fragment(typical("theirs", 4, 30))
    for mangle, words in DAMAGE:
        typed(page, app_url + mangle(fragment), evaluate_within)
        expect(page.locator("#incoming-error")).to_contain_text(words)
        expect(page.locator("#save-shared")).to_have_count(0)
        typed(page, app_url + "#/", evaluate_within)
    expect(page.locator(".card")).to_have_count(1)
    assert idb.records(page, "games") == before

    hostile = {"players": [XSS, "<script>alert(2)</script>"],
               "hands": [{"taker": 0, "cards": [100, 62]}]}
    page.goto(app_url + game_fragment(hostile))
    expect(page.locator(".board")).to_contain_text(XSS)
    assert page.locator("#app img, #app script").count() == 0
    assert idb.records(page, "games") == before
    assert_no_app_errors(recorder)


# --- rules ----------------------------------------------------------------------------------


def test_a_rules_link_fills_the_new_game_form(
    page: Page, app_url: str, wait_ready: Any, idb: Any
) -> None:
    start(page, app_url, wait_ready, "en")
    page.click("#new-game")
    page.select_option("#preset", "vinnytsia")
    page.click("details.options > summary")
    page.select_option("#opt-eggs", "each")
    page.click("#share-rules")
    expect(page.locator("#qr svg")).to_be_visible()
    link = page.input_value("#share-link")
    assert read_qr(page.locator("#qr svg").screenshot()) == [link]

    page.click("#share-back")
    page.select_option("#preset", "moscow")  # the form changed since: the link brings it back
    page.fill("#name-0", "Оля")
    page.goto(link)
    expect(page.locator("#ruleset")).to_contain_text("1001")
    page.click("#use-rules")
    expect(page.locator("#opt-eggs")).to_have_value("each")
    expect(page.locator("#target-1001")).to_be_checked()
    expect(page.locator("#opt-obligation")).to_be_checked()
    expect(page.locator("#name-0")).to_have_value("Оля")
    assert stored_games(page, idb) == {}


# --- importing files -------------------------------------------------------------------------


def test_files_a_bad_one_explained_a_good_one_saved_when_asked_then_a_backup_reminder(
    page: Page, app_url: str, wait_ready: Any, idb: Any, tmp_path: Path, recorder: Any
) -> None:
    start(page, app_url, wait_ready, "en")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"players": ["Оля", "Петро"], "hands": [
        {"taker": 0, "cards": [100, 62]}, {"taker": 1, "cards": [90, 50]}]}), encoding="utf-8")
    open_file(page, bad)
    expect(page.locator("#incoming-error")).to_contain_text(
        "Hand 2, card points: The card points add up to 140; they must add up to 162."
    )
    assert stored_games(page, idb) == {}

    good = tmp_path / "good.json"
    good.write_text(json.dumps(typical("exported", 4, 31), ensure_ascii=False), encoding="utf-8")
    page.set_input_files("#open-file", str(good))  # the error screen offers another file
    expect(page.locator(".foreign")).to_contain_text("good.json")
    assert stored_games(page, idb) == {}
    page.click("#save-shared")
    page.wait_for_url("**#/game/*")
    saved(page)
    assert tally(stored_games(page, idb)) == (1, 31)

    page.goto(app_url + "#/")  # 31 hands that are in no backup yet
    page.wait_for_selector("#storage-note, #backup-reminder")
    if page.locator("#storage-note").count():  # the browser did not promise to keep the games:
        page.click("#storage-note-seen")  # that note first, the reminder once it is seen
    expect(page.locator("#backup-reminder")).to_contain_text("Not in a backup yet: 31 hands.")
    page.click("#backup-later")
    expect(page.locator("#backup-reminder")).to_have_count(0)
    saved(page)
    page.reload()
    wait_ready(page)
    expect(page.locator("#backup-status")).to_contain_text("No backup has been made yet.")
    expect(page.locator("#backup-reminder")).to_have_count(0)
    assert_no_app_errors(recorder)


def test_back_follows_the_screens_after_an_entry_lost_the_apps_trail(
    page: Page, app_url: str, wait_ready: Any, tmp_path: Path, evaluate_within: Any,
    recorder: Any,
) -> None:
    """Firefox drops an entry's state when the page is sent to the very address it shows
    (``location.href = location.href``). The app went back to that entry after the next
    address typed in, and waited for its trail for ever: files opened after it stayed at
    ``#/`` and Back did nothing (a helper's cross-engine check). The drop is made here as
    Firefox makes it."""
    start(page, app_url, wait_ready, "en")
    page.evaluate("() => history.replaceState(null, '', location.hash)")
    game = tmp_path / "game.json"
    game.write_text(json.dumps(typical("g1", 2, 3), ensure_ascii=False), encoding="utf-8")
    open_file(page, game)
    page.wait_for_url("**#/import")
    page.evaluate("() => { location.hash = '#/'; }")
    wait_for(page, evaluate_within, SETTLED, "the history did not settle at #/")
    expect(page.locator("#open-stats, #new-game").first).to_be_visible()
    page.set_input_files("#open-file", str(game))
    page.wait_for_url("**#/import")
    expect(page.locator(".foreign")).to_contain_text("game.json")
    page.go_back()
    page.wait_for_url("**#/")
    expect(page.locator(".foreign")).to_have_count(0)
    assert_no_app_errors(recorder)


def test_a_file_sent_through_the_share_sheet_is_opened_from_the_service_worker(
    page: Page, app_url: str, wait_ready: Any, wait_offline_ready: Any, idb: Any
) -> None:
    start(page, app_url, wait_ready, "en")
    wait_offline_ready(page)
    page.reload()  # now controlled by the service worker
    wait_ready(page)
    game = json.dumps(typical("sent", 2, 8), ensure_ascii=False)
    answer = page.evaluate(
        """async (text) => {
          const form = new FormData();
          form.append("file", new File([text], "score.json", {type: "application/json"}));
          const response = await fetch("./share-target", {method: "POST", body: form});
          return {status: response.status, url: response.url};
        }""",
        game,
    )
    assert answer == {"status": 200, "url": app_url}  # the worker sent it on to the page
    page.goto(app_url + "#/import")
    expect(page.locator(".foreign")).to_contain_text("score.json")
    assert page.evaluate("caches.open('debertz-inbox').then(c => c.keys()).then(k => k.length)") == 0
    page.click("#save-shared")
    page.wait_for_url("**#/game/*")
    saved(page)
    assert tally(stored_games(page, idb)) == (1, 8)


# --- backup and restore ----------------------------------------------------------------------


def backed_up(games: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Restored games as they were backed up: their change log without the entry the restore
    added (saying the game came back from a backup; a game backed up without a log began one)."""
    found = {}
    for gid, game in games.items():
        *log, back = game["log"]
        assert (back["do"], back["from"]) == ("restore", "backup"), back
        if [(entry["do"], entry.get("from")) for entry in log] == [("begin", "earlier")]:
            found[gid] = {key: value for key, value in game.items() if key != "log"}
        else:
            found[gid] = {**game, "log": log}
    return found


def test_a_backup_restores_into_an_empty_profile_and_into_one_with_overlapping_games(
    browser: Browser, page: Page, app_url: str, wait_ready: Any, idb: Any, tmp_path: Path,
    recorder: Any,
) -> None:
    games = {f"g{n}": typical(f"g{n}", 2 + n % 3, 10 + 7 * n, n) for n in range(5)}
    start(page, app_url, wait_ready, "en")
    seeded(page, games, tmp_path)
    page.goto(app_url + "#/")
    with page.expect_download() as info:
        page.click("#backup")
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    saved(page)
    backup = json.loads(path.read_text(encoding="utf-8"))
    assert backup["format"] == "debertz-backup/1"
    assert {g["id"]: g for g in backup["games"]} == stored_games(page, idb)
    expect(page.locator("#backup-status")).to_contain_text("Last backup:")

    fresh = browser.new_context().new_page()  # a new phone: no games at all
    try:
        start(fresh, app_url, wait_ready, "en")
        restore(fresh, path)
        assert backed_up(stored_games(fresh, idb)) == stored_games(page, idb)  # 0 lost, 0 twice
        assert tally(stored_games(fresh, idb)) == tally(games)
        open_file(fresh, path)  # the same backup once more
        expect(fresh.locator(".have")).to_contain_text("Nothing to restore")
        assert tally(stored_games(fresh, idb)) == tally(games)
    finally:
        fresh.context.close()

    # the first phone goes on: one game gets a hand more, a new game starts
    page.goto(app_url + "#/game/g1")
    page.click("#redeal")
    saved(page)
    seeded(page, {"later": typical("later", 2, 3)}, tmp_path)
    now = stored_games(page, idb)
    restore(page, path)
    after = stored_games(page, idb)
    copies = {gid: g for gid, g in after.items() if gid not in now}
    assert [g["restored_from"] for g in copies.values()] == ["g1"]
    assert all(after[gid] == game for gid, game in now.items())  # nothing overwritten
    assert tally(after) == (len(now) + 1, tally(now)[1] + len(games["g1"]["hands"]))
    page.goto(app_url + "#/")
    expect(page.locator(".origin")).to_contain_text("restored copy")
    assert_no_app_errors(recorder)
