"""Whole games played through the UI only, in Chromium, checked against the engine's CLI.

Every test types into the real app (built dist/, Pyodide in the page), then reads the game the
app stored in IndexedDB, scores it with ``python -m app.engine score -`` on CPython, and asserts
that the sheet on screen shows the same numbers: the same results from Pyodide and CPython.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any
from unittest.mock import ANY

import pytest
from playwright.sync_api import Dialog, Page, expect

ROOT = Path(__file__).resolve().parents[2]
XSS = "<img src=x onerror=alert(1)>"


# --- driving the app ------------------------------------------------------------------------


def start(page: Page, url: str, wait_ready: Any, lang: str = "uk") -> None:
    """Open the app and switch it to ``lang`` through the language menu."""
    page.goto(url)
    wait_ready(page)
    page.select_option("#lang", lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    saved(page)


def saved(page: Page) -> None:
    """Wait until every write the app started has finished."""
    page.wait_for_selector('html[data-writes="0"], html:not([data-writes])', state="attached")


def new_game(
    page: Page,
    names: list[str],
    teams: bool | None = None,
    preset: str | None = None,
    target: int | None = None,
    options: dict[str, str] | None = None,
    penalties: dict[str, dict[str, str]] | None = None,
    dealer: str | None = None,
) -> None:
    page.click("#new-game")
    page.check(f"#count-{len(names)}")
    for seat, name in enumerate(names):
        page.fill(f"#name-{seat}", name)
    if teams is not None:
        page.check("#teams-true" if teams else "#teams-false")
    if preset:
        page.select_option("#preset", preset)
    if target:
        if str(target) in ("301", "501", "701", "1001"):
            page.check(f"#target-{target}")
        else:
            page.check("#target-other")
            page.fill("#target-number", str(target))
    if options or penalties:
        page.click("details.options > summary")
    for name, value in (options or {}).items():
        if value in ("true", "false"):
            page.set_checked(f"#opt-{name}", value == "true")
        else:
            page.select_option(f"#opt-{name}", value)
    for name, parts in (penalties or {}).items():
        page.check(f"#opt-{name}")
        for part, value in parts.items():
            page.select_option(f"#opt-{name}-{part}", value)
    if dealer is not None:
        page.select_option("#first-dealer", dealer)
    page.click("#start-game")
    expect(page.locator("#new-hand")).to_be_visible()
    saved(page)


def fill_hand(
    page: Page,
    taker: int | None = None,
    cards: dict[int, int] | None = None,
    melds: tuple[int, int, int] | None = None,
    bella: int | None = None,
    no_tricks: tuple[int, ...] = (),
    debertz: int | None = None,
    last_trick: int | None = None,
) -> None:
    if taker is not None:
        page.click(f"#taker-{taker}")
    for side, value in (cards or {}).items():
        page.fill(f"#cards-{side}", str(value))
    if melds is not None:
        side, terz, fifty = melds
        page.click(f"#meld-{side}")
        for _ in range(1, terz):
            page.click("#terz-plus")
        if terz == 0:
            page.click("#terz-minus")
        for _ in range(fifty):
            page.click("#fifty-plus")
    if bella is not None:
        page.click(f"#bella-{bella}")
    for side in no_tricks:
        page.click(f"#no-tricks-{side}")
    if last_trick is not None:
        page.click(f"#last-trick-{last_trick}")
    if debertz is not None:
        page.click("details.more > summary")
        page.click(f"#debertz-{debertz}")


def hand(page: Page, **fields: Any) -> None:
    """Enter one hand through the form and save it."""
    page.click("#new-hand")
    fill_hand(page, **fields)
    page.click("#save-hand")
    expect(page.locator("#entry")).to_have_count(0)
    saved(page)


def edit(page: Page, index: int, **fields: Any) -> None:
    page.click(f"#hand-{index}")
    expect(page.locator("#entry-title")).to_be_visible()
    fill_hand(page, **fields)
    page.click("#save-hand")
    expect(page.locator("#entry")).to_have_count(0)
    saved(page)


def delete(page: Page, index: int) -> None:
    page.click(f"#hand-{index}")
    page.click("#ask-delete-hand")
    page.click("#confirm-yes")
    expect(page.locator("#entry")).to_have_count(0)
    saved(page)


def click_and_save(page: Page, selector: str) -> None:
    page.click(selector)
    saved(page)


# --- reading what is shown and what is stored ------------------------------------------


def shown(page: Page) -> dict[str, Any]:
    """The numbers on screen: the board's scores and each history row's running score."""
    result: dict[str, Any] = page.evaluate(
        """() => ({
          score: [...document.querySelectorAll('.board .score')].map(e => +e.dataset.score),
          rows: [...document.querySelectorAll('table.sheet tbody.hand')].map(tr => ({
            hand: +tr.dataset.hand, runs: tr.dataset.runs.split(',').map(Number)})),
        })"""
    )
    return result


def stored_games(page: Page, idb: Any) -> dict[str, dict[str, Any]]:
    records = idb.records(page, "games")
    games = {}
    for key, value in records.items():
        record = json.loads(value) if isinstance(value, str) else value
        games[key] = record["game"]
    return games


def current_game(page: Page, idb: Any) -> dict[str, Any]:
    game_id = page.evaluate("location.hash").split("/")[2]  # #/game/<id>[/hand...]
    return stored_games(page, idb)[game_id]


def cli_score(game: dict[str, Any]) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "app.engine", "score", "-"],
        input=json.dumps(game, ensure_ascii=False),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def assert_sheet_matches_cli(page: Page, idb: Any) -> dict[str, Any]:
    """The sheet on screen equals the CPython engine's score of the stored game."""
    game = current_game(page, idb)
    expected = cli_score(game)
    on_screen = shown(page)
    assert on_screen["score"] == expected["score"]
    rows = sorted(on_screen["rows"], key=lambda row: row["hand"])
    assert [row["runs"] for row in rows] == [line["score"] for line in expected["hands"]]
    return expected


def assert_no_app_errors(recorder: Any) -> None:
    """No uncaught error and no Python traceback reached the console."""
    bad = [e for e in recorder.errors if e.startswith("page error") or "Traceback" in e]
    assert bad == []


# --- the games ------------------------------------------------------------------------------


def test_two_players_with_eggs_bait_edit_delete_undo_redo_and_a_reload(
    page: Page, app_url: str, wait_ready: Any, idb: Any, recorder: Any
) -> None:
    start(page, app_url, wait_ready, "uk")
    new_game(page, ["Оля", "Петро"])
    hand(page, taker=0, cards={0: 81})  # eggs: 81 hangs
    expect(page.locator(".pot")).to_contain_text("81")
    hand(page, taker=1, cards={1: 100}, melds=(1, 1, 0))  # made, wins the pot
    hand(page, taker=0, cards={0: 70}, bella=0)  # bait
    hand(page, taker=1, cards={0: 62})
    assert shown(page)["score"] == [0 + 62 + 0 + 62, 81 + 201 + 182 + 100]
    assert_sheet_matches_cli(page, idb)

    edit(page, 0, cards={0: 100})  # an early hand: everything after it is re-scored
    assert_sheet_matches_cli(page, idb)
    assert shown(page)["score"] == [100 + 62 + 0 + 62, 62 + 120 + 182 + 100]

    delete(page, 2)
    assert len(current_game(page, idb)["hands"]) == 3
    assert_sheet_matches_cli(page, idb)

    click_and_save(page, "#undo")  # the hand comes back
    assert len(current_game(page, idb)["hands"]) == 4
    assert_sheet_matches_cli(page, idb)
    click_and_save(page, "#redo")  # and goes again
    assert len(current_game(page, idb)["hands"]) == 3
    click_and_save(page, "#undo")

    page.reload()  # nothing is lost, undo/redo still work after it
    wait_ready(page)
    expect(page.locator("#new-hand")).to_be_visible()
    before = assert_sheet_matches_cli(page, idb)
    click_and_save(page, "#undo")  # undoes the edit of hand 1
    assert current_game(page, idb)["hands"][0] == {"taker": 0, "cards": [81, 81], "at": ANY}
    assert_sheet_matches_cli(page, idb)
    click_and_save(page, "#redo")
    assert assert_sheet_matches_cli(page, idb)["score"] == before["score"]
    assert_no_app_errors(recorder)


def test_three_players_redeal_tied_leaders_and_the_third_side_filled_in(
    page: Page, app_url: str, wait_ready: Any, idb: Any, recorder: Any
) -> None:
    start(page, app_url, wait_ready, "en")
    new_game(page, ["Оля", "Петро", "Іван"], target=333)
    page.click("#new-hand")
    page.fill("#cards-0", "40")
    page.fill("#cards-1", "61")
    expect(page.locator("#cards-2")).to_have_value("61")
    page.click("#taker-0")
    expect(page.locator("#preview .outcome")).to_have_text("Bait")
    page.click("#save-hand")
    saved(page)
    click_and_save(page, "#redeal")  # all passed: one tap
    hand(page, taker=1, cards={0: 50, 2: 42})
    hand(page, taker=2, cards={0: 0, 1: 0}, no_tricks=(0, 1))
    expected = assert_sheet_matches_cli(page, idb)
    assert expected["hands"][0]["recorded"] == [0, 81, 81]
    assert expected["hands"][1]["kind"] == "redeal"
    assert current_game(page, idb)["hands"][1] == {"redeal": True, "at": ANY}
    assert_no_app_errors(recorder)


def test_four_players_in_teams_with_penalties_and_a_debertz_then_rematch(
    page: Page, app_url: str, wait_ready: Any, idb: Any, recorder: Any
) -> None:
    start(page, app_url, wait_ready, "ru")
    new_game(
        page,
        ["Оля", "Петро", "Іван", "Марта"],
        teams=True,
        penalties={
            "bait_penalty": {"points": "50", "when": "each"},
            "ski_penalty": {"points": "100", "when": "each"},
        },
        dealer="1",
    )
    expect(page.locator("#screen-title")).to_have_text("Оля & Іван — Петро & Марта")
    hand(page, taker=0, cards={0: 60})  # bait for Оля & Іван: -50
    hand(page, taker=1, cards={1: 162, 0: 0}, no_tricks=(0,))  # skis for Оля & Іван: -100
    hand(page, taker=3, cards={1: 90}, melds=(1, 0, 1), bella=0)
    expected = assert_sheet_matches_cli(page, idb)
    assert expected["hands"][0]["penalties"]["bait"] == [50, 0]
    assert expected["hands"][1]["penalties"]["ski"] == [100, 0]
    hand(page, taker=2, debertz=0)
    expect(page.locator(".result")).to_contain_text("Победа: Оля и Іван")  # a word, not &
    expected = assert_sheet_matches_cli(page, idb)
    assert expected["winner"] == 0 and expected["decided_by"] == "debertz"

    old_id = page.evaluate("location.hash").split("/")[2]
    page.click("#rematch")
    expect(page.locator("#new-hand")).to_be_visible()
    saved(page)
    fresh = current_game(page, idb)
    assert fresh["id"] != old_id and fresh["hands"] == []
    assert fresh["players"] == ["Оля", "Петро", "Іван", "Марта"]
    assert fresh["first_dealer"] == 0  # the winners' first seat deals first
    assert fresh["rules"]["bait_penalty"] == {"points": 50, "when": "each", "count": "game"}
    assert_no_app_errors(recorder)


@pytest.mark.fresh_context
def test_the_game_goes_on_with_the_server_stopped_and_survives_an_offline_reload(
    page: Page,
    app_url: str,
    server: Any,
    wait_ready: Any,
    wait_offline_ready: Any,
    idb: Any,
    recorder: Any,
) -> None:
    start(page, app_url, wait_ready, "uk")
    wait_offline_ready(page)
    new_game(page, ["Оля", "Петро"])
    hand(page, taker=0, cards={0: 100})
    server.stop()
    try:
        hand(page, taker=1, cards={1: 120}, bella=1)
        hand(page, taker=0, cards={0: 81})
        page.reload()
        wait_ready(page)
        expect(page.locator("#new-hand")).to_be_visible()
        assert len(current_game(page, idb)["hands"]) == 3
        assert_sheet_matches_cli(page, idb)
        hand(page, taker=1, cards={1: 100})
        assert_sheet_matches_cli(page, idb)
    finally:
        server.start()
    assert_no_app_errors(recorder)


def test_a_name_with_markup_is_shown_as_text_and_never_run(
    page: Page, app_url: str, wait_ready: Any, idb: Any, recorder: Any
) -> None:
    dialogs: list[str] = []

    def on_dialog(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    start(page, app_url, wait_ready, "en")
    new_game(page, [XSS, "Петро"])
    hand(page, taker=0, cards={0: 100})
    expect(page.locator("#side-0 .name")).to_have_text(XSS)
    assert page.locator("#app img").count() == 0
    page.click(".topbar a[href='#/']")
    expect(page.locator(".card .who").first).to_contain_text(XSS)
    assert page.locator("#app img").count() == 0
    assert dialogs == []
    assert XSS in json.dumps(stored_games(page, idb), ensure_ascii=False)
    assert_no_app_errors(recorder)


def test_markup_added_after_the_start_is_never_run_by_pyscript(
    page: Page, app_url: str, wait_ready: Any, recorder: Any
) -> None:
    """PyScript's observer of the whole document is stopped once the app is ready (boot.js):
    before that change, a ``<script type="py">`` put into the page later ran (and every screen
    drawn paid for PyScript's search of the nodes it added)."""
    page.goto(app_url)
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-pyscript-watch", "stopped 1")
    page.evaluate(
        """() => {
          const script = document.createElement('script');
          script.type = 'py';
          script.textContent = 'from js import document\\n'
            + 'document.documentElement.dataset.probe = "ran"';
          document.getElementById('app').append(script);
        }"""
    )
    page.wait_for_timeout(3000)  # it ran within 3 s while PyScript watched
    assert page.get_attribute("html", "data-probe") is None
    page.click("#lang")  # the app goes on as before
    page.select_option("#lang", "en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert_no_app_errors(recorder)


def test_wrong_input_is_explained_at_the_field_and_kept(
    page: Page, app_url: str, wait_ready: Any
) -> None:
    start(page, app_url, wait_ready, "en")
    page.click("#new-game")
    page.fill("#name-0", "Оля")
    page.fill("#name-1", "оля")
    page.click("#start-game")
    expect(page.locator("#name-1-err")).to_contain_text("already taken")
    expect(page.locator("#name-1")).to_have_value("оля")
    page.fill("#name-1", "Петро")
    page.click("#start-game")
    page.click("#new-hand")
    page.fill("#cards-0", "161")
    page.click("#save-hand")
    expect(page.locator("#cards-0-err")).to_contain_text("161 is impossible")
    expect(page.locator("#taker-err")).to_contain_text("Choose who took trump")
    expect(page.locator("#cards-0")).to_have_value("161")
    expect(page.locator("#taker-0")).to_be_focused()  # the first field to fix, in form order
    page.fill("#cards-0", "100")
    page.click("#taker-1")
    expect(page.locator("#preview .outcome")).to_have_text("Bait")
    page.click("#save-hand")
    expect(page.locator(".board .score").first).to_have_text("162")


def test_a_list_whose_choices_change_keeps_showing_its_choice(
    page: Page, app_url: str, wait_ready: Any
) -> None:
    """The rule set after an option is changed ("Custom" is then offered) and the first
    dealer after a fourth player is added: the list showed nothing chosen (a play-through)."""
    start(page, app_url, wait_ready, "en")
    page.click("#new-game")
    page.check("#count-3")
    page.check("#count-4")
    expect(page.locator("#first-dealer")).to_have_value("0")
    assert page.eval_on_selector("#first-dealer", "s => s.selectedIndex") == 0
    page.click("details.options > summary")
    page.select_option("#opt-eggs", "each")
    expect(page.locator("#preset")).to_have_value("custom")
    assert page.eval_on_selector("#preset", "s => s.selectedOptions[0].textContent") != ""
    page.click(".topbar a[href='#/']")


def test_typing_keeps_focus_and_caret_while_the_other_side_fills_in(
    page: Page, app_url: str, wait_ready: Any
) -> None:
    start(page, app_url, wait_ready, "en")
    new_game(page, ["Оля", "Петро"])
    page.click("#new-hand")
    page.click("#cards-1")
    page.keyboard.type("62")
    expect(page.locator("#cards-1")).to_be_focused()
    expect(page.locator("#cards-0")).to_have_value("100")
    page.keyboard.press("Backspace")
    expect(page.locator("#cards-1")).to_have_value("6")
    expect(page.locator("#cards-0")).to_have_value("156")
    page.keyboard.press("Escape")
    expect(page.locator("#entry")).to_have_count(0)


@pytest.mark.parametrize("lang", ["uk", "ru", "en"])
def test_every_language_switches_the_whole_interface(
    page: Page, app_url: str, wait_ready: Any, lang: str
) -> None:
    start(page, app_url, wait_ready, lang)
    words = {"uk": "Нова гра", "ru": "Новая игра", "en": "New game"}
    expect(page.locator("#new-game")).to_have_text(words[lang])
    page.reload()
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("#new-game")).to_have_text(words[lang])


def test_a_hand_half_typed_is_still_there_after_a_reload(
    page: Page, app_url: str, wait_ready: Any, recorder: Any
) -> None:
    start(page, app_url, wait_ready, "uk")
    new_game(page, ["Оля", "Петро"])
    page.click("#new-hand")
    page.click("#taker-1")
    page.fill("#cards-1", "97")
    page.click("#bella-1")
    saved(page)
    page.reload()
    wait_ready(page)
    expect(page.locator("#cards-1")).to_have_value("97")
    expect(page.locator("#cards-0")).to_have_value("65")
    expect(page.locator("#taker-1")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#bella-1")).to_have_attribute("aria-pressed", "true")
    page.click("#save-hand")
    expect(page.locator("#side-1 .score")).to_have_text("117")
    saved(page)
    page.reload()
    wait_ready(page)
    expect(page.locator("#entry")).to_have_count(0)
    assert_no_app_errors(recorder)


def test_records_that_cannot_be_read_are_listed_and_never_overwritten(
    page: Page, app_url: str, wait_ready: Any, idb: Any, recorder: Any
) -> None:
    start(page, app_url, wait_ready, "en")
    new_game(page, ["Оля", "Петро"])
    hand(page, taker=0, cards={0: 100})
    future = json.dumps(
        {"schema": 1, "game": {"players": ["A", "B"], "rules": {"egs": 1}, "hands": []}}
    )
    idb.put(page, "games", "future-rules", future)
    idb.put(page, "games", "broken", "{not json")
    page.reload()
    wait_ready(page)
    page.click(".topbar a[href='#/']")
    alert = page.locator(".problems")
    expect(alert).to_contain_text("“broken”")
    expect(alert).to_contain_text("Game “future-rules” could not be replayed")
    expect(page.locator(".card")).to_have_count(1)
    page.click(".card a.btn")
    hand(page, taker=1, cards={1: 100})
    records = idb.records(page, "games")
    assert records["broken"] == "{not json"
    assert records["future-rules"] == future
    assert_no_app_errors(recorder)


def test_the_exported_file_scores_the_same_on_the_cli(
    page: Page, app_url: str, wait_ready: Any, recorder: Any
) -> None:
    start(page, app_url, wait_ready, "en")
    new_game(page, ["Оля", "Петро", "Іван", "Марта"], teams=False)
    hand(page, taker=0, cards={0: 50, 1: 30, 2: 40})
    hand(page, taker=1, cards={0: 0, 1: 100, 2: 20}, melds=(1, 1, 0), no_tricks=(0,))
    hand(page, taker=3, cards={1: 40, 2: 40, 3: 40})
    with page.expect_download() as info:
        page.click("#export-game")
    download = info.value
    assert download.suggested_filename.endswith(".json")
    game = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    assert game["format"] == "debertz/1" and "undo" not in game
    expected = cli_score(game)
    on_screen = shown(page)
    assert on_screen["score"] == expected["score"]
    rows = sorted(on_screen["rows"], key=lambda row: row["hand"])
    assert [row["runs"] for row in rows] == [line["score"] for line in expected["hands"]]
    assert_no_app_errors(recorder)
