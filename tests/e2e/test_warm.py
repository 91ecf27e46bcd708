"""What a first tap needs, made while the page is idle after a start, and kept only while it is
true (issue 16): the reports, the statistics' figures, the content digests of the games here and
the QR code of the game changed last. A game changed after the warm-up must be seen as changed
by the next file opened: its kept digest is its old revision's, not its own. The statistics
opened before the reports are made say how far they are, instead of holding the page."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from app.share.backup import make_backup
from app.storage import encode_game
from bench.bench_many_games import PUT_ALL, games
from tests.e2e.test_share import open_file, seeded
from tests.e2e.test_ui import assert_no_app_errors, saved, start, stored_games


def game(game_id: str, first: int) -> dict[str, Any]:
    return {"id": game_id, "players": ["Оля", "Петро"], "rules": {"target": 1001},
            "created": "2026-11-30T19:00:00", "updated": f"2026-11-30T20:0{first}:00",
            "hands": [{"taker": 0, "cards": [first + 90, 72 - first]},
                      {"taker": 1, "cards": [62, 100]}]}


def test_after_the_warm_up_a_game_changed_here_is_kept_twice_by_a_restore_not_skipped(
    page: Page, app_url: str, wait_ready: Any, idb: Any, tmp_path: Path, recorder: Any
) -> None:
    here = {gid: game(gid, n) for n, gid in enumerate(["w1", "w2", "w3"])}
    start(page, app_url, wait_ready, "en")
    seeded(page, here, tmp_path)
    backup = tmp_path / "backup.json"
    backup.write_text(make_backup({**here, "w4": game("w4", 4)}, {}, "2026-12-01T09:00:00"),
                      encoding="utf-8")
    page.goto(app_url + "#/")
    expect(page.locator("#open-w1")).to_be_visible()
    saved(page)
    page.reload()  # a start with the games stored: the warm-up runs once the list is shown
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-warm", "ready", timeout=60_000)
    open_file(page, backup)
    expect(page.locator("#restore-plan")).to_contain_text("3 games are already here")
    expect(page.locator("#restore-plan")).to_contain_text("1 game will be added")

    page.goto(app_url + "#/")
    page.click("#open-w2")
    page.click("#new-hand")
    page.click("#taker-0")
    page.fill("#cards-0", "100")
    page.click("#save-hand")
    expect(page.locator("table.sheet tbody.hand")).to_have_count(3)
    saved(page)
    open_file(page, backup)
    plan = page.locator("#restore-plan")
    expect(plan).to_contain_text("2 games are already here")
    expect(plan).to_contain_text("1 game differs from yours")
    page.click("#restore")
    expect(page.locator("#restore-done")).to_be_visible()
    saved(page)
    games = stored_games(page, idb)
    assert len(games) == 5 and len(games["w2"]["hands"]) == 3
    assert [g["restored_from"] for g in games.values() if g.get("restored_from")] == ["w2"]
    assert_no_app_errors(recorder)


def test_statistics_opened_before_the_reports_are_made_say_how_far_then_show_the_figures(
    page: Page, app_url: str, wait_ready: Any, recorder: Any
) -> None:
    start(page, app_url, wait_ready, "en")
    stored = games(120)
    page.evaluate(PUT_ALL, [[game["id"], encode_game(game)] for game in stored])
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 6})  # a slow phone: the warm-up is long
    try:
        page.reload()
        wait_ready(page)
        assert page.get_attribute("html", "data-reports") is None, "the warm-up was over already"
        page.evaluate(SEEN)  # what the screen says, from before the tap (a slowed Playwright
        page.click("#open-stats")  # might look only after the count is over)
        expect(page.locator("#stats-overview")).to_be_visible(timeout=60_000)
    finally:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    seen = page.evaluate("window.__seen")
    counts = [text for text in seen if text != "figures"]
    assert counts and seen[len(counts):] == ["figures"], seen  # the count, then the figures
    assert all(re.fullmatch(r"Counting the games: \d+ of 120 games", text) for text in counts)
    expect(page.locator("#stats-progress")).to_have_count(0)
    figures = page.text_content("#stats-overview")
    assert page.get_attribute("html", "data-reports") == "ready"
    page.goto(app_url + "#/")
    page.click("#open-stats")  # drawn afresh from the reports kept: the same figures
    expect(page.locator("#stats-overview")).to_have_text(figures or "")

    # a start on the statistics: the count from the first screen, then the figures (they
    # were drawn at once, then replaced by the count until the warm-up was done)
    page.add_init_script(f"({SEEN.replace('document.body', 'document')})()")
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 6})
    try:
        page.reload()
        expect(page.locator("#stats-overview")).to_have_text(figures or "", timeout=60_000)
    finally:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    seen = page.evaluate("window.__seen")
    assert len(seen) >= 2 and seen[-1] == "figures" and "figures" not in seen[:-1], seen
    assert_no_app_errors(recorder)


SEEN = """() => {
  window.__seen = [];
  new MutationObserver(() => {
    const count = document.getElementById("stats-progress");
    const said = count ? count.textContent : document.getElementById("stats-overview") && "figures";
    if (said && said !== window.__seen[window.__seen.length - 1]) window.__seen.push(said);
  }).observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


def test_statistics_over_more_games_than_the_warm_up_makes_count_the_rest_then_show_them(
    page: Page, app_url: str, wait_ready: Any, recorder: Any
) -> None:
    """The warm-up makes the reports of the 500 most recent games; the statistics over 560
    made the other 60 in the tap (with thousands, seconds of a held page): now they count."""
    start(page, app_url, wait_ready, "en")
    stored = games(560)
    page.evaluate(PUT_ALL, [[game["id"], encode_game(game)] for game in stored])
    page.reload()
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-warm", "ready", timeout=120_000)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 6})
    try:
        page.evaluate(SEEN)
        page.click("#open-stats")
        expect(page.locator("#stats-overview")).to_be_visible(timeout=60_000)
    finally:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    seen = page.evaluate("window.__seen")
    assert len(seen) >= 2 and seen[-1] == "figures", seen
    assert all(re.fullmatch(r"Counting the games: \d+ of 60 games", text) for text in seen[:-1])
    expect(page.locator("#stats-overview")).to_contain_text("560 games")
    assert_no_app_errors(recorder)
