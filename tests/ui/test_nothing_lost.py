"""Nothing a player entered is lost: two tabs, failed writes, drafts, odd input (issue 8).

Two ``Table``s on one ``MemoryStore`` are two tabs of one browser: each commit is checked
against the stored revision exactly as the browser store checks it inside its transaction.
"""

from __future__ import annotations

from typing import Any
from unittest.mock import ANY

import pytest

from app.storage import (
    SETTINGS_ID,
    Commit,
    Conflict,
    GameWrite,
    MemoryStore,
    SettingsPatch,
    StorageFull,
    encode_settings,
    load_records,
    plan_commit,
)
from app.ui import scoring
from tests.ui.helpers import Table


def two_tabs() -> tuple[Table, Table, str]:
    """Tab A makes a game with one hand; tab B opens the same game."""
    store = MemoryStore()
    a = Table(store=store)
    gid = a.new_game(["Оля", "Петро"])
    a.hand(0, {0: 100})
    b = Table(store=store)
    b.do("route", hash=f"#/game/{gid}")
    return a, b, gid


def stored_hands(table: Table, gid: str) -> list[dict[str, Any]]:
    hands: list[dict[str, Any]] = table.stored().games[gid]["hands"]
    return hands


def test_a_hand_saved_in_a_stale_tab_never_erases_the_other_tabs_hand() -> None:
    a, b, gid = two_tabs()
    a.hand(1, {0: 62})  # B has not heard of it
    b.do("new-hand")
    b.do("taker", seat=0)
    b.do("cards", side=0, value="90")
    b.do("save-hand")
    assert isinstance(b.refused[-1], Conflict)
    assert [h["cards"] for h in stored_hands(a, gid)] == [[100, 62], [62, 100]]
    assert b.state.notice == "refused"
    assert b.state.entry is not None and b.state.entry.cards == ["90", "72"]  # kept as typed
    assert len(b.game["hands"]) == 2  # B now shows what is stored
    b.do("save-hand")  # saved on top of the current game
    assert [h["cards"] for h in stored_hands(a, gid)] == [[100, 62], [62, 100], [90, 72]]


def test_a_tab_that_hears_of_a_change_shows_it_at_once_and_keeps_its_open_form() -> None:
    a, b, gid = two_tabs()
    b.do("new-hand")
    b.do("cards", side=1, value="70")
    a.hand(1, {0: 62})
    b.hear(gid)
    assert len(b.game["hands"]) == 2 and b.state.notice == "changed_elsewhere"
    assert b.state.entry is not None and b.state.entry.cards == ["92", "70"]
    assert list(scoring.sheet(b.game).score) == list(scoring.sheet(a.game).score)


def test_an_old_hand_corrected_in_a_stale_tab_keeps_the_other_tabs_new_hand() -> None:
    a, b, gid = two_tabs()
    a.hand(1, {0: 62})
    b.do("edit-hand", index=0)
    b.do("cards", side=0, value="110")
    b.do("save-hand")
    assert isinstance(b.refused[-1], Conflict)
    assert len(stored_hands(a, gid)) == 2
    b.do("save-hand")  # hand 1 itself did not change: the correction now goes through
    assert [h["cards"] for h in stored_hands(a, gid)] == [[110, 52], [62, 100]]


def test_undo_in_a_stale_tab_does_not_erase_the_other_tabs_hands() -> None:
    a, b, gid = two_tabs()
    a.hand(1, {0: 62})
    a.hand(0, {0: 90})
    b.do("undo")
    assert isinstance(b.refused[-1], Conflict)
    assert len(stored_hands(a, gid)) == 3
    assert len(b.game["hands"]) == 3  # B shows the shared history now
    b.do("undo")  # takes back the newest change, whoever made it
    assert len(stored_hands(a, gid)) == 2
    a.hear(gid)
    a.do("redo")
    assert len(stored_hands(a, gid)) == 3


def test_a_game_deleted_in_one_tab_is_not_brought_back_by_the_other() -> None:
    a, b, gid = two_tabs()
    a.do("route", hash="#/")
    a.do("delete-game", id=gid)
    b.do("new-hand")
    b.do("taker", seat=1)
    b.do("cards", side=1, value="100")
    b.do("save-hand")
    assert isinstance(b.refused[-1], Conflict)
    assert gid not in a.stored().games
    assert b.state.screen == "home" and b.state.notice == "deleted_elsewhere"
    assert b.state.trash is not None and b.state.trash["id"] == gid  # the offer reached B
    assert a.stored().settings["trash"]["id"] == gid  # and is still stored
    b.do("restore-game")
    assert stored_hands(a, gid) == [{"taker": 0, "cards": [100, 62], "at": ANY}]


def test_typing_in_one_tab_keeps_the_restore_offer_of_the_other() -> None:
    a, b, gid = two_tabs()
    other = a.new_game(["Іван", "Марта"])
    a.do("route", hash="#/")
    a.do("delete-game", id=other)
    b.do("new-hand")
    b.do("cards", side=0, value="1")
    b.do("cards", side=0, value="12")
    settings = a.stored().settings
    assert settings["trash"]["id"] == other
    assert settings["entry"]["game"] == gid


def test_an_edit_of_a_hand_changed_meanwhile_is_not_saved_over_it() -> None:
    a, b, gid = two_tabs()
    b.do("edit-hand", index=0)
    a.do("edit-hand", index=0)
    a.do("cards", side=0, value="120")
    a.do("save-hand")
    b.hear(gid)
    b.do("cards", side=0, value="130")
    b.do("save-hand")
    assert b.state.notice == "hand_changed" and b.state.notice_detail == "1"
    assert b.state.entry is not None  # the form stays, with what was typed
    assert stored_hands(a, gid)[0]["cards"] == [120, 42]


def test_a_delete_confirmed_after_the_hand_changed_elsewhere_is_not_done() -> None:
    a, b, gid = two_tabs()
    b.do("edit-hand", index=0)
    b.do("ask-delete-hand")
    a.do("edit-hand", index=0)
    a.do("cards", side=0, value="120")
    a.do("save-hand")
    b.hear(gid)
    assert b.state.confirm is None  # the question was about a hand that changed
    b.do("ask-delete-hand")
    b.do("confirm-yes")
    assert b.state.notice == "hand_changed"
    assert len(stored_hands(a, gid)) == 1


def test_a_delete_asked_by_its_address_after_a_hand_before_went_elsewhere_is_not_done() -> None:
    """The form of hand 3 open here, hand 2 deleted in another tab: the question reached by
    its address (Forward, typed) is about the hand the form shows, not the one now third."""
    a = Table("en")
    gid = a.new_game(["Оля", "Петро"])
    for points in (100, 90, 80, 70):
        a.hand(0, {0: points})
    b = Table("en", store=a.store)
    a.do("route", hash=f"#/game/{gid}/hand/3")
    b.do("route", hash=f"#/game/{gid}/hand/2")
    b.do("ask-delete-hand")
    b.do("confirm-yes")
    a.hear(gid)
    a.do("route", hash=f"#/game/{gid}/hand/3/delete")
    a.do("confirm-yes")
    assert a.state.notice == "hand_changed"
    assert [hand["cards"][0] for hand in stored_hands(a, gid)] == [100, 80, 70]


def test_a_game_and_its_cleared_form_are_one_commit() -> None:
    table = Table()
    table.new_game(["Оля", "Петро"])
    table.do("new-hand")
    table.do("taker", seat=0)
    table.do("cards", side=0, value="100")
    effects = table.do("save-hand")
    commits = [effect.value for effect in effects if effect.kind == "commit"]
    assert len(commits) == 1
    assert commits[0].games and commits[0].settings == SettingsPatch({}, ("entry",))


class FullStore(MemoryStore):
    """A store whose writes fail as a full IndexedDB fails."""

    full = True

    def commit_now(self, commit: Commit) -> None:
        if self.full:
            raise StorageFull("IndexedDB: QuotaExceededError")
        super().commit_now(commit)


def test_a_hand_that_could_not_be_stored_is_not_shown_and_its_form_stays() -> None:
    store = FullStore()
    store.full = False
    table = Table("en", store=store)
    gid = table.new_game(["Оля", "Петро"])
    store.full = True
    table.do("new-hand")
    table.do("taker", seat=0)
    table.do("cards", side=0, value="100")
    table.do("save-hand")
    assert table.game["hands"] == [] and stored_hands(table, gid) == []
    assert table.state.entry is not None and table.state.entry.cards == ["100", "62"]
    assert table.state.notice == "storage_full"
    assert "storage is full" in table.html() and "save the game as a file" in table.html()
    assert "0</span>" in table.html() or "0</b>" in table.html()  # the score did not move


def test_a_failed_draft_is_said_once_not_at_every_key() -> None:
    store = FullStore()
    store.full = False
    table = Table("en", store=store)
    table.new_game(["Оля", "Петро"])
    store.full = True
    table.do("new-hand")
    notices = [table.state.notice]
    for value in ("1", "10", "100"):
        table.do("cards", side=0, value=value)
        notices.append(table.state.notice)
    assert notices == ["storage_full", None, None, None]
    assert table.state.entry is not None and table.state.entry.cards == ["100", "62"]
    store.full = False
    table.do("taker", seat=0)
    table.do("write-done")  # the page says so once a write goes through
    assert not table.state.unsaved


@pytest.mark.parametrize("text", ["²", "①", "1²", "٣²"])
def test_characters_that_only_look_like_digits_are_not_numbers(text: str) -> None:
    table = Table("en")
    table.new_game(["Оля", "Петро"])
    table.do("new-hand")
    table.do("taker", seat=0)
    table.do("cards", side=0, value="100")
    table.do("cards", side=0, value=text)
    assert table.state.entry is not None and table.state.entry.cards[0] == text
    table.do("save-hand")
    assert table.game["hands"] == []
    assert 'id="cards-0-err"' in table.html()


def test_arabic_indic_and_full_width_digits_are_numbers() -> None:
    table = Table("en")
    table.new_game(["Оля", "Петро"])
    table.do("new-hand")
    table.do("taker", seat=0)
    table.do("cards", side=0, value="١٠٠")
    assert table.state.entry is not None and table.state.entry.cards == ["١٠٠", "62"]
    table.do("cards", side=0, value="１００")
    table.do("save-hand")
    assert table.game["hands"] == [{"taker": 0, "cards": [100, 62], "at": ANY}]


@pytest.mark.parametrize("target", ["²", "1000²", "①"])
def test_a_target_that_only_looks_like_a_number_is_refused_not_replaced(target: str) -> None:
    table = Table("en")
    table.fill_setup(["Оля", "Петро"], target="1000")
    table.do("setup-target-other", value=target)
    table.do("start-game")
    assert table.state.screen == "new" and not table.state.games
    assert 'id="target-err"' in table.html() or "not a whole number" in table.html()


@pytest.mark.parametrize(
    ("name", "code"),
    [("Ол\x00я", "U+0000"), ("\u202eайсаМ", "U+202E"), ("Оля\u2066", "U+2066"), ("A\tB", "U+0009")],
)
def test_names_with_control_or_direction_characters_are_refused_at_the_field(
    name: str, code: str
) -> None:
    table = Table("en")
    table.do("route", hash="#/new")
    table.do("setup-name", seat=0, value=name)
    table.do("setup-name", seat=1, value="Петро")
    table.do("start-game")
    assert not table.state.games
    html = table.html()
    assert 'id="name-0-err"' in html and code in html and "invisible control character" in html


def test_a_damaged_settings_record_leaves_the_app_on_defaults_and_games_writable() -> None:
    store = MemoryStore(settings='{"schema": 1, "settings": {"lang": "ru", "ent')
    loaded = store.load_now()
    assert [p.record for p in loaded.problems] == [SETTINGS_ID]
    game = {"id": "g1", "players": ["Оля", "Петро"], "hands": [], "rev": 0}
    patch = SettingsPatch({"lang": "en"})
    store.commit_now(Commit((GameWrite("g1", game, None),), patch))
    assert "g1" in store.games  # the game is stored ...
    assert store.settings.endswith('"ent')  # ... and the damaged record is kept as it was
    store.commit_now(Commit(replace_settings={"lang": "en"}))
    assert load_records({}, store.settings).settings == {"lang": "en"}


def test_the_damaged_settings_are_shown_then_replaced_on_request() -> None:
    raw = '{"schema": 1, "settings": {"lang": "ru", "ent'
    table = Table("en", store=MemoryStore(settings=raw))
    table.state.problems = [{"record": "settings", "code": "corrupt-json", "message": "", "raw": raw}]
    html = table.html()
    assert "The settings (language, unfinished forms, a deleted game) are damaged" in html
    assert "{&quot;schema&quot;: 1, &quot;settings&quot;" in html  # the raw text, as text
    effects = table.do("export-damaged", record="settings")
    assert effects[-1].kind == "download" and effects[-1].value == raw
    table.do("replace-settings")
    assert table.state.problems == [] and table.state.notice == "settings_replaced"
    assert load_records({}, table.store.settings).settings == table.state.settings


def test_a_write_against_a_stale_revision_is_refused_whole() -> None:
    stored = {"g1": '{"schema":1,"game":{"id":"g1","rev":3}}'}
    write = GameWrite("g1", {"id": "g1", "rev": 3}, expect=2)
    other = GameWrite("g2", {"id": "g2", "rev": 0}, expect=None)
    with pytest.raises(Conflict) as refused:
        plan_commit(Commit((other, write), SettingsPatch({"lang": "en"})), stored, None)
    assert refused.value.games == ("g1",)


def test_a_new_game_may_not_replace_a_stored_one_with_the_same_id() -> None:
    stored = {"g1": '{"schema":1,"game":{"id":"g1"}}'}
    with pytest.raises(Conflict):
        plan_commit(Commit((GameWrite("g1", {"id": "g1"}, expect=None),)), stored, None)


def test_a_settings_patch_applies_to_the_settings_stored_at_the_time() -> None:
    stored = encode_settings({"lang": "uk", "trash": {"id": "g9"}, "entry": {"game": "g1"}})
    plan = plan_commit(Commit(settings=SettingsPatch({"lang": "en"}, ("entry",))), {}, stored)
    assert plan.settings is not None
    assert load_records({}, plan.settings).settings == {"lang": "en", "trash": {"id": "g9"}}


@pytest.mark.parametrize("how", ["delete", "undo", "claim"])
def test_a_correction_of_a_hand_gone_in_the_other_tab_says_so_and_keeps_what_was_typed(
    how: str,
) -> None:
    """A play-through: tab B corrected the last hand while tab A deleted it (or took it back
    with ↶); B's page failed (an IndexError in the preview) and kept showing the old scores."""
    a, b, gid = two_tabs()
    a.hand(1, {0: 62})
    b.hear(gid)
    b.do("edit-hand", index=1)
    b.do("cards", side=0, value="44")
    if how == "claim":  # the correction turned into a claim: its own verdict in the preview
        b.do("claim-toggle")
        b.do("claim-side", side=0)
    if how == "delete":
        a.do("edit-hand", index=1)
        a.do("ask-delete-hand")
        a.do("confirm-yes")
    else:
        a.do("undo")
    assert len(stored_hands(a, gid)) == 1
    b.hear(gid)
    assert len(b.game["hands"]) == 1 and b.state.notice == "changed_elsewhere"
    assert b.state.entry is not None and b.state.entry.cards[0] == "44"  # kept as typed
    assert b.state.entry.claim == (how == "claim")
    html = b.html()
    assert "Роздачі 2 вже немає" in html
    assert list(scoring.sheet(b.game).score) == list(scoring.sheet(a.game).score)
    b.do("save-hand")
    assert len(stored_hands(a, gid)) == 1 and b.state.entry is not None
    assert "Роздачі 2 вже немає" in b.html()
    b.do("cancel-hand")
    assert b.state.entry is None
