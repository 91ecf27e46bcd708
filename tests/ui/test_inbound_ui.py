"""What comes from outside never breaks a screen, opens the wrong game or hides a problem
(issue 17), driven through the reducer and the views as the page would."""

from __future__ import annotations

import base64
import dataclasses
import json
import zlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.share.inbound import checked_history
from app.storage import MemoryStore, encode_game, encode_settings
from app.ui import history, i18n
from app.ui.drafts import SetupDraft
from app.ui.markup import esc
from app.ui.state import LANGS
from tests.ui.helpers import Table

ISSUE_BACKUP = (
    '{"format":"debertz-backup/1","made":"2026-11-30T12:00:00","games":[{"id":"s1",'
    '"players":["Set","Up"],"hands":[]}],"settings":{"setup":{"count":2,"names":[1,2,3,4],'
    '"options":{"eggs":"hang"}}}}'
)
FORM = dataclasses.asdict(SetupDraft(options={"eggs": "hang"}))
HOSTILE_SETUPS = [
    {"count": 2, "names": [1, 2, 3, 4], "options": {"eggs": "hang"}},
    {**FORM, "options": {"eggs": {"x": 1}}},
    {**FORM, "preset": ["x"]},
    {**FORM, "options": {"bait_penalty": {"points": "x"}}},
    {**FORM, "names": ["a", "b"]},
    {**FORM, "count": True},
    {**FORM, "first_dealer": 7},
    "not a form",
]


def restore(table: Table, text: str) -> None:
    table.do("open-file", name="backup.json", text=text)
    table.do("restore", new_id="gr")


def test_the_issues_backup_restored_then_new_game_opens_on_a_fresh_form() -> None:
    table = Table("en")
    restore(table, ISSUE_BACKUP)
    assert "setup" not in table.state.settings
    assert "setup" not in json.loads(str(table.store.settings)).get("settings", {})
    again = table.reloaded()
    again.do("route", hash="#/new")
    html = again.html()
    assert again.state.screen == "new" and 'id="setup"' in html
    assert again.state.setup is not None and again.state.setup.names == ["", "", "", ""]


def test_a_backup_made_here_carries_no_half_typed_form() -> None:
    table = Table("en")
    table.do("route", hash="#/new")
    table.do("setup-name", seat=0, value="Half typed")
    effects = table.do("backup", now="2026-12-01T09:00:00")
    text = next(e.value for e in effects if e.kind == "download")
    assert "Half typed" not in text and "setup" not in json.loads(text)["settings"]


@pytest.mark.parametrize("saved", HOSTILE_SETUPS, ids=range(len(HOSTILE_SETUPS)))
def test_a_damaged_kept_new_game_form_is_dropped_with_a_notice_and_the_form_opens(
    saved: Any,
) -> None:
    store = MemoryStore(settings=encode_settings({"lang": "en", "setup": saved}))
    table = Table("en", store=store)
    table.do("route", hash="#/", start="yes")
    assert table.state.setup is None and table.state.notice == "setup_discarded"
    assert "could not be read" in table.html()
    table.do("route", hash="#/new")
    assert 'id="setup"' in table.html()
    table.do("setup-name", seat=0, value="Оля")  # typing replaces the damaged record
    assert isinstance(json.loads(str(store.settings))["settings"]["setup"]["names"][0], str)


@pytest.mark.parametrize("start", ["#/", "#/new", "#/game/g1"])
def test_a_damaged_kept_new_game_form_is_removed_from_storage_and_said_once(start: str) -> None:
    game = {"id": "g1", "players": ["A", "B"], "hands": [], "rev": 0}
    store = MemoryStore({"g1": encode_game(game)},
                        encode_settings({"lang": "en", "setup": HOSTILE_SETUPS[0]}))
    table = Table("en", store=store)
    table.do("route", hash=start, start="yes")
    assert table.state.notice == "setup_discarded"
    assert "setup" not in json.loads(str(store.settings))["settings"]
    table.do("storage-refused")  # the page's answer at a start leaves the notice on screen
    assert table.state.notice == "setup_discarded"
    again = table.reloaded()
    again.do("route", hash=start, start="yes")
    assert again.state.notice is None and "could not be read" not in again.html()


def test_a_damaged_kept_hand_form_is_removed_from_storage_and_said_once() -> None:
    game = {"id": "g1", "players": ["A", "B"], "hands": [], "rev": 0}
    kept = {"game": "g1", "draft": HOSTILE_ENTRIES[0]}
    store = MemoryStore({"g1": encode_game(game)}, encode_settings({"lang": "en", "entry": kept}))
    table = Table("en", store=store)
    table.do("route", hash="#/", start="yes")
    assert table.state.notice is None  # said where the form belongs: on its game
    table.do("route", hash="#/game/g1")
    assert table.state.notice == "entry_discarded"
    assert "entry" not in json.loads(str(store.settings))["settings"]
    table.do("route", hash="#/")
    table.do("route", hash="#/game/g1")
    assert table.state.notice is None
    again = table.reloaded()
    again.do("route", hash="#/game/g1", start="yes")
    assert again.state.notice is None and again.state.entry is None


def test_an_honest_kept_form_still_comes_back_as_typed() -> None:
    table = Table("en")
    table.do("route", hash="#/new")
    table.do("setup-name", seat=1, value="Петро")
    table.do("setup-preset", value="vinnytsia")
    again = table.reloaded()
    assert again.state.notice is None and again.state.setup == table.state.setup


HOSTILE_ENTRIES = [
    {"sides": 2, "taker": 9},
    {"sides": 2, "cards": [62, 100]},
    {"sides": 7},
    {"sides": 2, "no_tricks": [0, 0]},
    {"sides": 2, "bella": "x"},
    {"sides": 2, "cards": ["", ""], "unknown": 1},
]


@pytest.mark.parametrize("draft", HOSTILE_ENTRIES, ids=range(len(HOSTILE_ENTRIES)))
def test_a_damaged_kept_hand_form_is_dropped_with_a_notice_and_the_game_opens(
    draft: dict[str, Any],
) -> None:
    game = {"id": "g1", "players": ["A", "B"], "hands": [], "rev": 0}
    store = MemoryStore({"g1": encode_game(game)},
                        encode_settings({"lang": "en", "entry": {"game": "g1", "draft": draft}}))
    table = Table("en", store=store)
    table.do("route", hash="#/game/g1/hand", start="yes")
    assert table.state.screen == "game" and table.state.game_id == "g1"
    assert table.state.notice == "entry_discarded" and "could not be read" in table.html()
    table.do("new-hand")
    assert table.state.entry is not None and table.state.entry.taker is None


# --- ids: an address names exactly one game ----------------------------------------------------


def test_a_restored_game_with_id_mine_delete_cannot_open_the_delete_question_of_mine() -> None:
    table = Table("en")
    mine = table.new_game(["Оля", "Петро"])
    backup = {"format": "debertz-backup/1", "made": "2026-12-01", "games": [
        {"id": f"{mine}/delete", "players": ["Іван", "Марта"], "hands": []},
        {"id": "x/report", "players": ["X", "Y"], "hands": []},
    ]}
    restore(table, json.dumps(backup))
    fresh_ids = sorted(set(table.state.games) - {mine})
    assert len(fresh_ids) == 2 and all("/" not in gid for gid in fresh_ids)
    table.do("route", hash="#/")
    html = table.html()
    assert f"#/game/{mine}/delete" not in html and "#/game/x/report" not in html
    for fresh, names in zip(fresh_ids, (["Іван", "Марта"], ["X", "Y"])):
        assert f'href="#/game/{fresh}"' in html
        table.do("route", hash=f"#/game/{fresh}")
        assert table.state.game_id == fresh and table.state.confirm is None
        assert table.game["players"] == names
    assert table.stored().games[mine]["players"] == ["Оля", "Петро"]


def test_a_stored_record_with_an_unsafe_id_is_kept_and_reported_not_shown() -> None:
    game = {"id": "g1/delete", "players": ["A", "B"], "hands": []}
    store = MemoryStore({"g1/delete": encode_game(game)})
    loaded = store.load_now()
    assert loaded.games == {} and [p.code for p in loaded.problems] == ["unsafe-id"]
    assert "g1/delete" in store.games


# --- problems always reach the player ----------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_link_with_an_unknown_value_says_it_breaks_the_rules_naming_option_and_value(
    lang: str,
) -> None:
    rules = {"target": 501, "eggs": "zzz"}
    data = zlib.compress(json.dumps(rules).encode("utf-8"))
    table = Table(lang)
    table.do("route", hash="#/rules/J" + base64.b32encode(data).decode("ascii").rstrip("="))
    html, t = table.html(), i18n.translator(lang)
    assert i18n.translator(lang)("share.rules_link_error.invalid") in html
    assert t("share.link_error.newer_version") not in html
    shown = t("problem.unknown_value.rules", option="eggs", value='"zzz"',
              known="hang, opponents, each")
    assert esc(shown) in html


KEY_FILE = '{"players":["A","B"],"hands":[{"redeal":true,"cards":[100,62]}]}'


@pytest.mark.parametrize("lang", LANGS)
def test_a_problem_with_a_key_parameter_is_shown_and_again_after_back(lang: str) -> None:
    table = Table(lang)
    table.do("open-file", name="g.json", text=KEY_FILE)
    html = table.html()
    assert table.state.screen == "import" and 'id="incoming-error"' in html
    t = i18n.translator(lang)
    assert t("problem.redeal_with_result", key="cards").split(":")[0][:20] in html
    table.do("route", hash="#/")
    table.do("route", hash="#/import")
    table.html()


@pytest.mark.parametrize("code", ["unknown_key", "redeal_with_result", "not_in_claim",
                                  "claim_cards_only", "claim_other_side"])
@pytest.mark.parametrize("lang", LANGS)
def test_every_problem_carrying_key_translates(code: str, lang: str) -> None:
    t = i18n.translator(lang)
    text = t(f"problem.{code}", key="melds", side="A", claim_side="B")
    assert text and "{" not in text


def json_link(route: str, doc: Any) -> str:
    data = zlib.compress(json.dumps(doc, separators=(",", ":")).encode("utf-8"), 9)
    return f"#/{route}/J" + base64.b32encode(data).decode("ascii").rstrip("=")


@pytest.mark.parametrize("lang", LANGS)
def test_a_rules_link_of_a_newer_version_says_so(lang: str) -> None:
    table = Table(lang)
    table.do("route", hash=json_link("rules", {"target": 501, "jokers": True}))
    html = table.html()
    assert table.state.screen == "rules-in"
    assert i18n.translator(lang)("share.link_error.newer_version") in html
    assert 'id="use-rules"' not in html


def test_a_game_file_of_a_newer_version_says_so_and_lists_what_it_does_not_know() -> None:
    table = Table("en")
    text = json.dumps({"players": ["A", "B"], "rules": {"jokers": True}, "hands": []})
    table.do("open-file", name="new.json", text=text)
    html = table.html()
    assert "made by a newer version of the app" in html and "jokers" in html


def test_a_file_in_windows_1251_says_so_plainly_and_offers_nothing_to_save() -> None:
    table = Table("en")
    raw = json.dumps({"players": ["Оля", "Петро"], "hands": []}, ensure_ascii=False)
    table.do("open-file", name="cp1251.json",
             text=raw.encode("cp1251").decode("utf-8", errors="replace"))
    html = table.html()
    assert "is not in UTF-8" in html and 'id="save-shared"' not in html
    assert "\ufffd" not in html


def test_a_backups_wrong_settings_are_named_on_the_restore_screen_and_left_out() -> None:
    table = Table("en")
    backup = json.loads(ISSUE_BACKUP)
    backup["settings"].update({"theme": "<b>dark</b>", "keep_awake": "yes", "lang": "ru"})
    table.do("open-file", name="backup.json", text=json.dumps(backup))
    html = table.html()
    assert 'id="settings-dropped"' in html and "theme, keep_awake" in html
    assert "<b>dark" not in html
    table.do("restore", new_id="gr")
    assert "theme" not in table.state.settings and "keep_awake" not in table.state.settings
    assert table.state.lang == "ru"


def test_the_tab_that_loses_a_race_to_restore_one_backup_writes_nothing_twice_and_says_so() -> None:
    first = Table("en")
    second = Table("en", store=first.store)
    for tab in (first, second):
        tab.do("open-file", name="backup.json", text=ISSUE_BACKUP)
    first.do("restore", new_id="gr")
    second.do("restore", new_id="gr")  # its batch is refused: the game is stored already
    assert second.refused and second.state.notice == "restored"
    html = second.html()
    assert "none was added twice" in html and "1 game is already here" in html
    assert "what you typed" not in html and 'id="restore"' not in html
    assert list(second.state.games) == ["s1"] and list(second.stored().games) == ["s1"]
    second.do("open-file", name="backup.json", text=ISSUE_BACKUP)
    assert "Nothing to restore" in second.html()


# --- undo and redo logs from a backup or a stored record ---------------------------------------


hand = st.fixed_dictionaries({"redeal": st.just(True)})
ops = st.one_of(
    st.fixed_dictionaries({"op": st.sampled_from(["add", "delete"]), "index": st.integers(-1, 6),
                           "hand": st.one_of(hand, st.integers())}),
    st.fixed_dictionaries({"op": st.just("edit"), "index": st.integers(0, 6),
                           "before": hand, "after": st.one_of(hand, st.none())}),
    st.fixed_dictionaries({"op": st.sampled_from(["zap", "add"])}),
    st.integers(), st.text(max_size=3),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(hand, max_size=5), st.one_of(st.lists(ops, max_size=6), st.text(max_size=3)),
       st.one_of(st.lists(ops, max_size=6), st.none()))
def test_every_undo_and_redo_the_reader_keeps_can_be_done_to_the_end(
    hands: list[Any], undo: Any, redo: Any,
) -> None:
    game = checked_history({"hands": hands, "undo": undo, "redo": redo})
    back = game
    while history.can_undo(back):
        back = history.undo(back)
    forth = game
    while history.can_redo(forth):
        forth = history.redo(forth)


def test_a_backup_game_with_a_damaged_undo_log_opens_and_keeps_its_hands() -> None:
    broken = {"id": "s1", "players": ["A", "B"], "hands": [{"redeal": True}],
              "undo": [{"op": "zap"}], "redo": [{"op": "add", "index": 9, "hand": {}}]}
    table = Table("en")
    restore(table, json.dumps({"format": "debertz-backup/1", "made": "x", "games": [broken]}))
    table.do("route", hash="#/game/s1")
    assert 'id="screen-title"' in table.html()
    assert table.game["hands"] == [{"redeal": True}] and table.game["undo"] == []
    store = MemoryStore({"s1": encode_game(broken)})
    again = Table("en", store=store)
    again.do("route", hash="#/game/s1")
    again.html()
    again.do("undo")
    assert again.game["hands"] == [{"redeal": True}]


def test_a_file_name_with_a_direction_override_is_shown_without_it() -> None:
    table = Table("en")
    table.do("open-file", name="scores\u202enosj.exe", text="{oops")
    html = table.html()
    assert "\u202e" not in html and "scores?nosj.exe" in html
