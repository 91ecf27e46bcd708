"""Many stored games and kept forms that cannot be read, in the real app (issue 17).

What only a page shows: the games list of stored games drawn from their summaries, a page of
cards at a time, each with the record's figures; a record of an older version (no summary) among
them shown the same, then written again with its summary at idle time, while the records written
here on CPython are current in the page (the site stamps the engine as CPython does) and left
as they are; and a kept new-game form that cannot be read said once, then gone from storage.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from app import engine
from app.share.link import game_fragment
from app.storage import decode_game, encode_game, read_pages, read_summarized
from app.summaries import engine_stamp
from app.ui.state import LIST_PAGE
from bench.bench_many_games import games
from tests.e2e.test_ui import assert_no_app_errors, saved, start


def stored_at_start(
    page: Page, app_url: str, wait_ready: Any, idb: Any, count: int
) -> list[dict[str, Any]]:
    """``count`` typical games stored as a version without the index left them, the app started
    over them and their summaries written: the games."""
    start(page, app_url, wait_ready, "en")
    stored = games(count)
    for game in stored:
        idb.put(page, "games", game["id"], encode_game(game))
    page.reload()
    wait_ready(page)
    page.wait_for_selector('html[data-summaries="written"]', state="attached")
    return stored


def test_the_games_list_draws_stored_games_from_their_summaries_a_page_at_a_time(
    page: Page, app_url: str, wait_ready: Any, idb: Any, recorder: Any
) -> None:
    start(page, app_url, wait_ready, "en")
    stored = games(LIST_PAGE + 12)
    for game in stored[1:]:
        idb.put(page, "games", game["id"], encode_game(game))
    older = json.dumps({"schema": 1, "game": stored[0]}, ensure_ascii=False)  # no summary
    idb.put(page, "games", stored[0]["id"], older)
    page.reload()
    wait_ready(page)
    page.wait_for_selector('html[data-summaries="written"]', state="attached")
    records = idb.records(page, "games")
    for game in stored[1:]:
        assert records[game["id"]] == encode_game(game), "a current summary is not written again"
    index = read_pages(idb.records(page, "summaries").values())
    assert set(index) == set(records), "every game stored without the index is indexed at idle"
    for game_id, raw in records.items():
        assert index[game_id] == read_summarized(game_id, raw)[1]
    again = read_summarized(stored[0]["id"], records[stored[0]["id"]])
    assert again is not None and again[1]["engine"] == engine_stamp()
    assert again[1]["score"] == list(engine.score(engine.game_from_json(stored[0])).score)
    assert decode_game(stored[0]["id"], records[stored[0]["id"]]) == stored[0]
    expect(page.locator(".card")).to_have_count(LIST_PAGE)
    page.click("#more-games")
    expect(page.locator(".card")).to_have_count(len(stored))
    expect(page.locator("#more-games")).to_have_count(0)
    for game in stored:
        score = engine.score(engine.game_from_json(game)).score
        card = page.locator(f'.card[data-game="{game["id"]}"] .match b')
        expect(card).to_have_text([str(points) for points in score])
    newest = max(stored, key=lambda game: game["updated"])
    assert page.locator(".card").first.get_attribute("data-game") == newest["id"]
    page.click(f'#open-{stored[0]["id"]}')  # the record without a summary opens as before
    page.wait_for_url(f"**#/game/{stored[0]['id']}**")
    expect(page.locator("tbody.hand")).to_have_count(len(stored[0]["hands"]))
    assert_no_app_errors(recorder)


def test_a_kept_new_game_form_that_cannot_be_read_is_said_once_and_removed(
    page: Page, app_url: str, wait_ready: Any, idb: Any
) -> None:
    start(page, app_url, wait_ready, "en")
    settings = json.loads(idb.records(page, "app")["settings"])
    settings["settings"]["setup"] = {"count": 2, "names": [1, 2, 3, 4], "options": {}}
    idb.put(page, "app", "settings", json.dumps(settings))
    page.reload()
    wait_ready(page)
    expect(page.locator(".notice")).to_contain_text("could not be read")
    saved(page)
    assert "setup" not in json.loads(idb.records(page, "app")["settings"])["settings"]
    page.reload()
    wait_ready(page)
    expect(page.locator("#new-game")).to_be_visible()
    expect(page.locator(".notice")).not_to_contain_text("could not be read")
    page.click("#new-game")
    expect(page.locator("#name-0")).to_have_value("")


def test_a_start_reads_the_index_and_a_record_changed_under_it_is_shown_as_stored(
    page: Page, app_url: str, wait_ready: Any, idb: Any, recorder: Any
) -> None:
    """A start reads the games' summaries from the index and their texts after the first
    screen; a game the start opens is read first; a record another version of the app changed
    or deleted without the index is shown as stored once its text comes, and its entry mended."""
    stored = stored_at_start(page, app_url, wait_ready, idb, 40)
    assert set(read_pages(idb.records(page, "summaries").values())) == {g["id"] for g in stored}
    changed = {**stored[5], "players": ["Zed", *stored[5]["players"][1:]]}  # same rev
    idb.put(page, "games", changed["id"], encode_game(changed))
    idb.delete(page, "games", stored[6]["id"])
    opened = stored[7]
    page.evaluate(f"location.hash = '#/game/{opened['id']}'")
    expect(page.locator("tbody.hand")).to_have_count(len(opened["hands"]))
    page.reload()  # a start at a game: the game is read before the first screen
    wait_ready(page)
    expect(page.locator("tbody.hand")).to_have_count(len(opened["hands"]))
    page.wait_for_selector('html[data-texts="read"]', state="attached")
    page.evaluate("location.hash = '#/'")
    page.click("#more-games")
    expect(page.locator(f'.card[data-game="{changed["id"]}"]')).to_contain_text("Zed")
    expect(page.locator(f'.card[data-game="{stored[6]["id"]}"]')).to_have_count(0)
    expect(page.locator(".card")).to_have_count(len(stored) - 1)
    saved(page)
    record = idb.records(page, "games")[changed["id"]]
    for _ in range(50):  # the entry is mended behind the screen
        index = read_pages(idb.records(page, "summaries").values())
        if index[changed["id"]] == read_summarized(changed["id"], record)[1]:
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError("the index entry of the changed game was not mended")
    page.click(f'#open-{changed["id"]}')
    expect(page.locator(".board")).to_contain_text("Zed")
    assert_no_app_errors(recorder)


def test_a_start_at_a_shared_link_compares_it_with_games_not_read_yet(
    page: Page, app_url: str, wait_ready: Any, idb: Any, recorder: Any
) -> None:
    """A link opened in a new tab is compared with every game here, most of them known by
    their summary alone at the start: they are read first. It used to give up after reading
    three games one by one and start at the games list, the link dropped (a play-through on a
    phone with three games)."""
    stored = stored_at_start(page, app_url, wait_ready, idb, 40)
    here = stored[5]
    theirs = {"players": ["Оля", "Петро"], "hands": [{"taker": 0, "cards": [100, 62]}]}
    for link, shown in ((game_fragment(theirs), ".foreign"), (game_fragment(here), "#open-copy")):
        other = page.context.new_page()
        other.goto(app_url + link)
        wait_ready(other)
        expect(other.locator(shown)).to_be_visible()
        assert "#/shared/" in other.url
        if shown == "#open-copy":
            expect(other.locator(shown)).to_have_attribute("href", f"#/game/{here['id']}")
        other.close()
    assert_no_app_errors(recorder)


def test_rematch_tapped_again_after_a_start_opens_the_rematch_begun(
    page: Page, app_url: str, wait_ready: Any, idb: Any, recorder: Any
) -> None:
    """*Rematch* on a finished game whose rematch is being played opens that one, known at a
    start by its summary alone (``rematch_of``): it used to make another empty game each time."""
    stored_at_start(page, app_url, wait_ready, idb, 6)
    rematch = page.locator(".card button[data-action='rematch']").first
    finished = rematch.get_attribute("data-id")
    rematch.click()
    page.wait_for_selector("#new-hand")
    begun = page.evaluate("location.hash").split("/")[2]
    saved(page)
    again = page.context.new_page()  # a start at the list: the rematch known by its summary
    again.goto(app_url + "#/")  # (a reload here met the app's own moves in the history)
    wait_ready(again)
    expect(again.locator(".card")).to_have_count(7)
    again.click(f".card button[data-action='rematch'][data-id='{finished}']")
    again.wait_for_url(f"**#/game/{begun}")
    expect(again.locator(".notice")).to_have_text("A rematch is already under way — here it is.")
    expect(again.locator("#new-hand")).to_be_focused()
    saved(again)
    assert len(idb.records(again, "games")) == 7
    again.close()
    assert_no_app_errors(recorder)


def test_a_long_sheet_never_scrolls_sideways_into_blank_space(
    page: Page, app_url: str, wait_ready: Any, idb: Any, recorder: Any
) -> None:
    """A play-through swiped a 44-hand sheet sideways into 1,440 px of blank at 360 px: each
    part of 10 hands not drawn yet was 90rem wide as well as tall."""
    stored = stored_at_start(page, app_url, wait_ready, idb, 6)
    long = next(game for game in stored if len(game["players"]) == 2 and len(game["hands"]) > 12)
    page.set_viewport_size({"width": 360, "height": 740})
    page.click(f"#open-{long['id']}")
    page.wait_for_selector(f'#sheet tbody.hand[data-hand="{len(long["hands"]) - 1}"]')
    saved(page)
    wide = page.evaluate("(() => { const box = document.getElementById('sheet');"
                         " return [box.scrollWidth, box.clientWidth]; })()")
    assert wide[0] <= wide[1], wide
    assert_no_app_errors(recorder)
