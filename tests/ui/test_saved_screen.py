"""What the page keeps for boot.js to paint at the next start (app/ui/saved_screen.py), on CPython.

The facts kept with a screen are what boot.js checks against IndexedDB: every one the screen's
markup depends on must change when what it shows changes, or a stale screen would be painted.
"""

from __future__ import annotations

import dataclasses
import json

from app.ui.saved_screen import keep_screen, screen_facts
from app.ui.views import render
from tests.ui.helpers import Table

BUILD = "0123456789abcdef"


def list_facts(table: Table) -> dict[str, object]:
    table.do("route", hash="#/")
    facts = screen_facts(table.state, BUILD)
    assert facts is not None and facts["route"] == "#/" and facts["every_game"] is True
    return facts


def test_a_sheet_is_kept_with_its_game_stamp_which_every_saved_hand_changes() -> None:
    table = Table("en")
    game_id = table.new_game(["Оля", "Петро"])
    before = screen_facts(table.state, BUILD)
    assert before is not None and before["route"] == f"#/game/{game_id}"
    assert list(before["games"]) == [game_id] and before["every_game"] is False
    table.hand(0, {0: 100})
    after = screen_facts(table.state, BUILD)
    assert after is not None and after["games"] != before["games"]
    assert "trash" not in after and "backup" not in after  # a sheet shows neither


def test_the_list_changes_its_facts_with_a_new_game_a_deletion_and_a_backup() -> None:
    table = Table("en")
    first = table.new_game(["Оля", "Петро"])
    one_game = list_facts(table)
    table.new_game(["Іван", "Марта"])
    two_games = list_facts(table)
    assert first in two_games["games"] and len(two_games["games"]) == 2
    assert one_game["games"] == {first: two_games["games"][first]}

    table.do("route", hash=f"#/game/{first}")
    table.do("ask-delete-game")
    table.do("confirm-yes")
    deleted = list_facts(table)
    assert first not in deleted["games"] and first in str(deleted["trash"])
    assert deleted["trash"] != two_games["trash"]

    table.do("backup", now="2026-12-01T09:00:00")
    backed_up = list_facts(table)
    assert backed_up["backup"] != deleted["backup"] == "null"
    assert json.loads(str(backed_up["backup"]))["made"] == "2026-12-01T09:00:00"
    assert "01.12.2026 09:00" in render(table.state)  # what the fact stands for


def test_nothing_is_kept_for_other_screens_unreadable_records_no_build_or_a_volatile_store() -> None:
    table = Table("en")
    table.new_game(["Оля", "Петро"])
    assert screen_facts(table.state, "") is None
    assert screen_facts(dataclasses.replace(table.state, volatile=True), BUILD) is None
    table.do("route", hash="#/help")
    assert screen_facts(table.state, BUILD) is None
    table.do("route", hash="#/")
    problem = {"id": "bad", "reason": "unreadable"}
    assert screen_facts(dataclasses.replace(table.state, problems=[problem]), BUILD) is None


def test_the_kept_text_holds_the_list_and_the_latest_sheet_only() -> None:
    table = Table("en")
    first = table.new_game(["Оля", "Петро"])
    text = keep_screen(None, screen_facts(table.state, BUILD) or {}, "<p>1</p>", "Debertz")
    second = table.new_game(["Іван", "Марта"])
    text = keep_screen(text, screen_facts(table.state, BUILD) or {}, "<p>2</p>", "Debertz")
    text = keep_screen(text, list_facts(table), "<p>list</p>", "Debertz")
    screens = json.loads(text)["screens"]
    assert set(screens) == {"#/", f"#/game/{second}"} and f"#/game/{first}" not in screens
    assert screens["#/"]["html"] == "<p>list</p>" and screens["#/"]["build"] == BUILD
