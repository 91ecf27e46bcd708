"""A game's change log travels in files and backups, not in links; whatever carries it in goes
through the one reader (app/share/inbound.py): a log that does not replay to its game is
dropped, saying so, and never costs the game a hand or a screen."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app import changelog
from app.share import inbound
from app.share.files import GameFile, read_file
from app.share.link import game_fragment
from app.storage import MemoryStore, encode_game
from tests.ui.helpers import Table

BASE = "https://someone.github.io/debertz/"


def evening() -> Table:
    """A game with hands entered, one corrected, one deleted and the delete undone."""
    table = Table("en")
    table.do("share-env", base=BASE, share="true")
    table.new_game(["Оля", "Петро"])
    for n in range(4):
        table.hand(n % 2, {0: 100 - n})
    table.do("edit-hand", index=1)
    table.do("cards", side=0, value=95)
    table.do("save-hand")
    table.do("edit-hand", index=2)
    table.do("ask-delete-hand")
    table.do("confirm-yes")
    table.do("undo")
    return table


def exported(table: Table) -> str:
    (download,) = [e for e in table.do("export-game", id=table.game["id"]) if e.kind == "download"]
    return str(download.value)


def backup_text(table: Table) -> str:
    (download,) = [e for e in table.do("backup") if e.kind == "download"]
    return str(download.value)


def kinds(game: dict[str, Any]) -> list[str]:
    return [entry["do"] for entry in changelog.log_of(game)]


def test_a_game_file_carries_its_log_and_the_copy_saved_from_it_goes_on_from_there() -> None:
    source = evening()
    text = exported(source)
    assert json.loads(text)["log"] == source.game["log"]
    fresh = Table("en")
    fresh.do("open-file", name="evening.json", text=text)
    assert f"With its change log: {len(source.game['log'])} entries." in fresh.html()
    fresh.do("save-shared", now="2026-12-02T21:30:00")
    copy = fresh.stored().games[fresh.state.game_id]
    assert copy["log"][:-1] == source.game["log"]
    assert copy["log"][-1] == {"do": "restore", "from": "file", "at": "2026-12-02T21:30:00"}
    assert changelog.replay(copy["log"]) == copy["hands"] == source.game["hands"]
    fresh.do("fold-log", open="true")
    assert "hand 2: Оля 99 → 95, Петро 63 → 67" in fresh.html()


def test_a_file_whose_log_does_not_fit_its_hands_is_read_without_it_saying_so() -> None:
    doc = json.loads(exported(evening()))
    doc["log"][3]["hand"]["cards"] = [1, 161]  # a hand the log says was entered, but was not
    fresh = Table("en")
    fresh.do("open-file", name="evening.json", text=json.dumps(doc))
    assert "The change log in this file is damaged" in fresh.html()
    fresh.do("save-shared")
    copy = fresh.stored().games[fresh.state.game_id]
    assert copy["hands"] == doc["hands"]
    assert [(e["do"], e.get("from")) for e in copy["log"]] == [("begin", "damaged")]
    fresh.do("fold-log", open="true")
    assert "the earlier change log was damaged and dropped; the game had 4 hands then" in fresh.html()


def test_a_file_without_a_log_reads_as_before_and_its_copy_begins_one() -> None:
    doc = json.loads(exported(evening()))
    del doc["log"]
    found = read_file(json.dumps(doc))
    assert isinstance(found, GameFile) and found.log is None and found.log_problem is None
    fresh = Table("en")
    fresh.do("open-file", name="old.json", text=json.dumps(doc))
    assert "change log" not in fresh.html()
    fresh.do("save-shared")
    assert [(e["do"], e.get("from")) for e in fresh.game["log"]] == [("begin", "file")]


def test_a_link_never_carries_the_log_and_a_copy_from_it_begins_one() -> None:
    source = evening()
    fragment = game_fragment(source.game)
    fresh = Table("en")
    fresh.do("route", hash=fragment)
    assert fresh.state.transfer.incoming is not None
    assert fresh.state.transfer.incoming.doc is not None
    assert "log" not in fresh.state.transfer.incoming.doc
    fresh.do("save-shared")
    assert [(e["do"], e.get("from")) for e in fresh.game["log"]] == [("begin", "link")]
    assert fresh.game["log"][0]["hands"] == fresh.game["hands"]


def test_a_backup_brings_each_log_back_and_the_log_says_so() -> None:
    source = evening()
    fresh = Table("en")
    fresh.do("open-file", name="backup.json", text=backup_text(source))
    assert "damaged change log" not in fresh.html()
    fresh.do("restore")
    (game,) = fresh.stored().games.values()
    assert game["log"][:-1] == source.game["log"]
    back = game["log"][-1]  # with the time of the step that wrote it (the table's clock)
    assert {**back, "at": ""} == {"do": "restore", "from": "backup", "at": ""}
    assert back["at"].startswith("2026-11-30T03:")
    assert changelog.replay(game["log"]) == game["hands"]
    again = fresh.reloaded()  # and a reload reads it as it was written
    again.do("route", hash=f"#/game/{game['id']}")
    assert again.game["log"] == game["log"]


def test_a_backup_game_with_a_damaged_log_opens_with_its_hands_and_says_its_log_was_dropped() -> None:
    doc = json.loads(backup_text(evening()))
    doc["games"][0]["log"] = [{"do": "start", "at": ""}, {"do": "delete", "index": 7, "hand": {}}]
    fresh = Table("en")
    fresh.do("open-file", name="backup.json", text=json.dumps(doc))
    assert "1 game has a damaged change log: the log will be dropped" in fresh.html()
    fresh.do("restore")
    (game,) = fresh.stored().games.values()
    assert game["hands"] == doc["games"][0]["hands"]
    assert kinds(game) == ["begin", "restore"] and game["log"][0]["from"] == "damaged"
    fresh.do("route", hash=f"#/game/{game['id']}")
    fresh.do("fold-log", open="true")
    assert "the earlier change log was damaged and dropped" in fresh.html()


def test_a_stored_game_with_a_damaged_log_opens_as_before() -> None:
    game = {"id": "g1", "players": ["A", "B"], "hands": [{"taker": 0, "cards": [100, 62]}],
            "log": "not a log"}
    table = Table("en", store=MemoryStore({"g1": encode_game(game)}))
    table.do("route", hash="#/game/g1")
    assert table.game["hands"] == game["hands"] and kinds(table.game) == ["begin"]
    table.hand(1, {0: 70})
    stored = table.stored().games["g1"]
    assert kinds(stored) == ["begin", "add"] and changelog.replay(stored["log"]) == stored["hands"]


def test_a_log_whose_first_entry_holds_too_many_hands_is_dropped_before_it_is_replayed() -> None:
    hands = [{"redeal": True}] * (inbound.MAX_HANDS + 1)
    log, why = inbound.read_log({"hands": [], "log": changelog.begun(hands, "file", "")})
    assert log is None and why == f"its first entry holds {len(hands)} hands; at most 5000 are read"


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 9) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["do", "at", "index", "hand", "before", "after", "change", "from",
                         "hands", "count", "tally", "since", "until", "fixed", "cards", "taker"]),
        inner, max_size=5),
    max_leaves=20,
)
kind = st.sampled_from([*changelog.KINDS, "zap"])
entry = st.fixed_dictionaries(
    {"do": kind, "at": st.sampled_from(["", "2026-12-02T21:03:00", "<b>"])},
    optional={"index": st.integers(-1, 4), "hand": junk, "before": junk, "after": junk,
              "change": junk, "from": st.sampled_from([*changelog.BEGUN_FROM, *changelog.RESTORED_FROM, 5]),
              "hands": st.lists(junk, max_size=3), "count": junk, "tally": junk, "fixed": junk},
)


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.lists(entry, max_size=6), junk))
def test_any_log_from_outside_is_kept_only_when_it_replays_and_always_reads(log: Any) -> None:
    hands = [{"taker": 0, "cards": [100, 62]}]
    game = inbound.checked_log({"players": ["A", "B"], "hands": hands, "log": log})
    assert game["hands"] == hands
    assert changelog.replay(game["log"]) == hands
    kept = game["log"] is log
    assert kept == (changelog.problem(log, hands) is None)
    table = Table("en", store=MemoryStore({"g1": encode_game({**game, "id": "g1"})}))
    table.do("route", hash="#/game/g1")
    table.do("fold-log", open="true")
    assert "<b>" not in table.html().split('id="changes"')[1]
