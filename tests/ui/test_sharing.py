"""Sharing, importing and backing up, driven through the reducer as the page would."""

from __future__ import annotations

import base64
import json
import re
import zlib
from typing import Any

import pytest

from app.share.backup import REMIND_AFTER, make_backup
from app.share.files import AT_ONCE
from app.share.link import game_fragment, rules_fragment, shared_doc, without_bookkeeping
from app.ui import i18n, nav, scoring
from app.ui.markup import esc
from app.ui.reducer import reduce
from app.ui.sharing.views import SHOWN_BAD_PROBLEMS, SHOWN_PROBLEMS
from app.ui.state import LANGS, initial_state
from app.ui.stats import views as stats_views
from app.ui.stats.players import Stats
from app.ui.views import render
from tests.ui.helpers import XSS, Table
from tests.ui.test_views import Audit

BASE = "https://example.org/debertz/"


def played(lang: str = "en", names: list[str] | None = None, hands: int = 3) -> Table:
    table = Table(lang)
    table.do("share-env", base=BASE, share="true")
    table.new_game(names or ["Оля", "Петро"])
    for n in range(hands):
        table.hand(n % 2, {0: 100 - n, 1: 62 + n})
    return table


def writes(effects: list[Any]) -> list[Any]:
    """The commits among the effects (everything an action stores is one commit)."""
    return [e.value for e in effects if e.kind == "commit"]


def put_games(effects: list[Any]) -> list[dict[str, Any]]:
    """The games the effects store."""
    return [w.game for commit in writes(effects) for w in commit.games if w.game is not None]


def settings_only(effects: list[Any]) -> bool:
    """Whether the effects store the settings and no game."""
    commits = writes(effects)
    return len(commits) == 1 and not commits[0].games and commits[0].settings is not None


def without_rev(games: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Games without their storage revision (a game new to a store starts again at 0)."""
    return {gid: {k: v for k, v in game.items() if k != "rev"} for gid, game in games.items()}


def as_before(games: Any) -> dict[str, dict[str, Any]]:
    """Restored games as they were backed up: no revision, and their change log without its
    last entry, which must say that the game came back from a backup."""
    found = without_rev(games)
    for game in found.values():
        assert game["log"][-1]["do"] == "restore" and game["log"][-1]["from"] == "backup"
        game["log"] = game["log"][:-1]
    return found


def count(games: dict[str, dict[str, Any]]) -> tuple[int, int]:
    return len(games), sum(len(g["hands"]) for g in games.values())


def audit(html: str) -> Audit:
    found = Audit()
    found.feed(html)
    assert found.inline == []
    assert len(found.ids) == len(set(found.ids)), sorted(found.ids)
    for control in found.controls:
        assert control.get("id") in found.labels_for, control
    return found


# --- the share screen ----------------------------------------------------------------------


def test_the_share_screen_shows_the_games_link_its_qr_code_and_the_buttons() -> None:
    table = played()
    game = table.game
    table.do("route", hash=f"#/share/{game['id']}")
    html = table.html()
    link = BASE + game_fragment(game)
    assert table.state.screen == "share"
    assert f'value="{link}"' in html and f'data-link="{link}"' in html
    assert re.search(r'<div class="qr-code" id="qr" role="img" aria-label="QR code of the link" '
                     r'data-version="\d+" data-error="[LMQH]"><svg ', html)
    assert 'id="copy-link"' in html and 'id="web-share"' in html
    audit(html)
    effects = table.do("copy-link", link=link)
    assert [(e.kind, e.key, e.value) for e in effects] == [("copy", link, "share-link")]
    table.do("copied", done="true")
    assert "Link copied." in table.html()
    table.do("copied", done="false")
    assert "The link is selected" in table.html()


def test_without_a_share_sheet_there_is_no_send_button_and_the_screen_says_what_to_do() -> None:
    table = played()
    assert 'id="no-share-sheet"' not in table.html()
    table.do("share-env", base=BASE, share="false")
    table.do("route", hash=f"#/share/{table.game['id']}")
    html = table.html()
    assert 'id="web-share"' not in html and 'id="copy-link"' in html
    assert '<p class="hint" id="no-share-sheet">This browser has no share sheet: copy the link' in html


@pytest.mark.parametrize(("launch", "said"), [("true", False), ("false", True)])
def test_the_import_screen_says_when_files_cannot_be_opened_with_the_app(
    launch: str, said: bool
) -> None:
    table = played()
    table.do("share-env", base=BASE, share="true", launch=launch)
    table.do("route", hash="#/import")
    assert 'id="open-file"' in table.html()
    assert ('id="no-open-with"' in table.html()) is said
    assert ("cannot open game files with the app" in table.html()) is said


def test_the_game_screen_and_the_new_game_form_lead_to_sharing() -> None:
    table = played()
    assert f'href="#/share/{table.game["id"]}"' in table.html()
    table.do("route", hash="#/new")
    assert 'href="#/share/rules"' in table.html()


def test_sharing_an_unknown_game_goes_home_with_a_notice() -> None:
    table = played()
    table.do("route", hash="#/share/nope")
    assert table.state.screen == "home" and table.state.notice == "game_missing"


# --- opening a shared game -------------------------------------------------------------------


def shared_table(lang: str = "en") -> tuple[Table, dict[str, Any], str]:
    sender = played(lang, names=[XSS, "Петро"], hands=4)
    game = sender.game
    receiver = Table(lang)
    receiver.do("share-env", base=BASE, share="false")
    return receiver, game, game_fragment(game)


@pytest.mark.parametrize("lang", LANGS)
def test_a_shared_game_is_shown_read_only_and_marked_as_someone_elses(lang: str) -> None:
    table, game, fragment = shared_table(lang)
    effects = table.do("route", hash=fragment)
    html = table.html()
    t = i18n.translator(lang)
    assert writes(effects) == [] and table.state.games == {}
    assert table.state.screen == "shared"
    assert esc(t("share.not_yours")) in html and esc(t("share.not_saved")) in html
    assert 'id="save-shared"' in html
    assert 'data-action="edit-hand"' not in html and 'id="new-hand"' not in html
    assert 'data-action="undo"' not in html and 'id="rematch"' not in html
    assert 'id="share-result"' not in html
    assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert html.count('class="hand') == len(game["hands"])
    audit(html)


def test_a_finished_game_saved_from_a_link_says_why_its_times_are_not_known() -> None:
    """The times of its hands stay with the sender: its report said "entered by an older
    version" and its printed head "Started" at the moment the copy was saved (a play-through)."""
    sender = Table("en")
    sender.new_game(["Оля", "Петро"], target=301)
    while not scoring.sheet(sender.game).finished:
        sender.hand(0, {0: 162})
    table = Table("en")
    table.do("route", hash=game_fragment(sender.game))
    table.do("save-shared", new_id="gcopy", now="2026-12-02T10:00:00")
    html = table.html()
    assert "not known: a link does not carry the times of the hands" in html
    assert "older version" not in html
    assert "Copy saved here 02.12.2026 10:00" in html and "Started" not in html
    assert "Started" in sender.html() and "not known" not in sender.html()


def test_saving_a_shared_game_makes_a_new_game_and_touches_no_other() -> None:
    _sender, game, fragment = shared_table()
    mine = played().game
    table = Table("en", games={mine["id"]: mine})
    mine = table.state.games[mine["id"]]
    table.do("route", hash=fragment)
    effects = table.do("save-shared", new_id="gcopy", now="2026-12-01T10:00:00")
    saved = put_games(effects)
    assert [g["id"] for g in saved] == ["gcopy"]
    (commit,) = writes(effects)
    assert [(w.game_id, w.expect) for w in commit.games] == [("gcopy", None)]
    assert set(table.stored().games) == {mine["id"], "gcopy"}
    copy = saved[0]
    assert shared_doc(copy) == without_bookkeeping(shared_doc(game))  # the times stay home
    assert copy["undo"] == [] and copy["received_from"] == "link" and copy["shared_digest"]
    assert table.state.games[mine["id"]] is mine
    assert nav.address(table.state) == "#/game/gcopy"
    assert table.state.screen == "game" and "A copy of the game is saved" in table.html()


def test_a_later_link_of_a_saved_game_adds_its_new_hands_to_the_copy() -> None:
    # at the table a friend opens the sender's link after each hand or two
    sender = played("en", names=["Оля", "Петро"], hands=2)
    first = game_fragment(sender.game)
    table = Table("en")
    table.do("route", hash=first)
    table.do("save-shared", new_id="gcopy", now="2026-12-01T20:00:00")
    sender.hand(0, {0: 100})
    between = game_fragment(sender.game)
    sender.hand(1, {1: 120})
    table.do("route", hash="#/")
    table.do("route", hash=game_fragment(sender.game))
    html = table.html()
    assert "already among your games (saved 01.12.2026 20:00), but this one has 2 more hands" in html
    assert 'id="update-copy"' in html and "Add the 2 new hands to my copy" in html
    assert 'id="save-shared"' in html and "Save as a separate game" in html
    effects = table.do("update-copy", now="2026-12-01T20:10:00")
    (copy,) = put_games(effects)
    assert copy["id"] == "gcopy" and shared_doc(copy) == without_bookkeeping(shared_doc(sender.game))
    assert table.state.game_id == "gcopy" and "Your copy is updated: 2 hands added." in table.html()
    assert [op["op"] for op in copy["undo"]] == ["add", "add"]  # ↶ takes them back one by one
    table.do("undo")
    assert len(table.game["hands"]) == 3
    table.do("redo")
    table.do("route", hash=game_fragment(sender.game))  # the same link again: the copy is it
    assert 'href="#/game/gcopy"' in table.html() and 'id="update-copy"' not in table.html()
    for older in (first, between):  # the link it was saved from, and one it has gone on from
        table.do("route", hash=older)
        assert 'href="#/game/gcopy"' in table.html() and 'id="save-shared"' not in table.html()
    table.do("route", hash="#/game/gcopy")
    table.do("undo")
    table.do("undo")  # both hands taken back: the later link offers them again
    table.do("route", hash=game_fragment(sender.game))
    assert "Add the 2 new hands to my copy" in table.html()


def test_a_copy_changed_in_another_tab_meanwhile_is_not_added_to_and_that_is_said() -> None:
    sender = played("en", names=["Оля", "Петро"], hands=2)
    mine = Table("en")
    mine.do("route", hash=game_fragment(sender.game))
    mine.do("save-shared", new_id="gcopy")
    sender.hand(0, {0: 100})
    mine.do("route", hash=game_fragment(sender.game))
    other = Table("en", store=mine.store)
    other.do("route", hash="#/game/gcopy")
    other.do("edit-hand", index=0)
    other.do("cards", side=0, value="90")
    other.do("save-hand")
    mine.hear("gcopy")
    assert put_games(mine.do("update-copy")) == [] and mine.state.notice == "copy_changed"
    html = mine.html()
    assert "was changed meanwhile, so the new hands were not added" in html
    assert 'id="update-copy"' not in html and 'id="save-shared"' in html


def test_a_later_link_is_not_offered_to_a_copy_changed_here_nor_to_a_game_of_ones_own() -> None:
    sender = played("en", names=["Оля", "Петро"], hands=2)
    first = game_fragment(sender.game)
    sender.hand(0, {0: 100})
    table = Table("en")
    table.do("route", hash=first)
    table.do("save-shared", new_id="gcopy")
    table.do("edit-hand", index=0)
    table.do("cards", side=0, value="90")
    table.do("save-hand")  # the copy corrected here: the link's hands would not follow it
    table.do("route", hash=game_fragment(sender.game))
    html = table.html()
    assert 'id="update-copy"' not in html and 'id="save-shared"' in html
    assert table.do("update-copy") == [] and len(table.state.games["gcopy"]["hands"]) == 2
    own = played("en", names=["Оля", "Петро"], hands=2)  # the same first hands, entered here
    own.do("route", hash=game_fragment(sender.game))
    html = own.html()
    assert 'id="update-copy"' not in html and 'id="save-shared"' in html


def test_the_same_link_again_offers_the_copy_instead_of_saving_a_duplicate() -> None:
    table, game, fragment = shared_table()
    table.do("route", hash=fragment)
    table.do("save-shared", new_id="gcopy")
    table.do("route", hash="#/")
    table.do("route", hash=fragment)
    html = table.html()
    assert 'id="save-shared"' not in html
    assert 'href="#/game/gcopy"' in html and 'id="save-again"' in html
    effects = table.do("save-shared", new_id="gtwo")  # a stale tap without "again"
    assert put_games(effects) == [] and table.state.game_id == "gcopy"
    table.do("route", hash=fragment)
    effects = table.do("save-shared", new_id="gtwo", again="true")
    assert [g["id"] for g in put_games(effects)] == ["gtwo"]
    assert count(table.state.games) == (2, 2 * len(game["hands"]))


def test_a_game_already_here_under_its_own_id_is_recognised() -> None:
    table = played()
    game = table.game
    table.do("route", hash=game_fragment(game))
    assert f'href="#/game/{game["id"]}"' in table.html()


def test_editing_the_copy_keeps_it_recognised_as_the_copy_of_that_link() -> None:
    table, _game, fragment = shared_table()
    table.do("route", hash=fragment)
    table.do("save-shared", new_id="gcopy")
    table.hand(0, {0: 90})
    table.do("route", hash=fragment)
    assert 'href="#/game/gcopy"' in table.html()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("fragment", "key"),
    [
        ("#/shared/", "empty"),
        ("#/shared/1ABCDEFGHIJKLMNOP", "damaged"),
        ("#/shared/9ABC", "unknown_form"),
        ("#/shared/1" + "A" * 30_000, "too_long"),
    ],
)
def test_a_broken_link_says_what_is_wrong_and_stores_nothing(
    lang: str, fragment: str, key: str
) -> None:
    table = played(lang)
    before = dict(table.state.games)
    effects = table.do("route", hash=fragment)
    html = table.html()
    assert writes(effects) == [] and table.state.games == before
    t = i18n.translator(lang)
    text = t(f"share.link_error.{key}", length=30_001, max=20_000)
    assert esc(text) in html and 'id="save-shared"' not in html
    assert table.do("save-shared") == []


def test_a_cut_link_of_a_real_game_is_refused() -> None:
    table, _game, fragment = shared_table()
    table.do("route", hash=fragment[:-3])
    assert table.state.transfer.incoming is not None
    assert table.state.transfer.incoming.error == "damaged"


# --- rules links -----------------------------------------------------------------------------


def test_sharing_the_rules_of_the_form_and_opening_them_fills_a_new_game() -> None:
    sender = Table("en")
    sender.do("share-env", base=BASE, share="false")
    sender.do("route", hash="#/new")
    sender.do("setup-preset", value="vinnytsia")
    sender.do("setup-option", name="eggs", value="each")
    sender.do("route", hash="#/share/rules")
    html = sender.html()
    rules = {**sender.state.setup.options, "target": 1001}  # type: ignore[union-attr]
    assert BASE + rules_fragment(rules) in html and "Custom, to 1001" in html

    receiver = Table("uk")
    receiver.do("route", hash="#/new")
    receiver.do("setup-name", seat=0, value="Оля")
    effects = receiver.do("route", hash=rules_fragment(rules))
    assert writes(effects) == [] and receiver.state.screen == "rules-in"
    assert 'id="ruleset"' in receiver.html() and "1001" in receiver.html()
    audit(receiver.html())
    effects = receiver.do("use-rules")
    draft = receiver.state.setup
    assert draft is not None and draft.options["eggs"] == "each" and draft.target == "1001"
    assert draft.names[0] == "Оля"  # the names typed stay
    assert receiver.state.screen == "new"
    assert settings_only(effects)


def test_rules_that_cannot_be_shared_yet_say_why() -> None:
    table = Table("en")
    table.do("route", hash="#/new")
    table.do("setup-target", value="other")
    table.do("setup-target-other", value="12")
    table.do("route", hash="#/share/rules")
    assert "The rules are not ready yet" in table.html() and 'id="qr"' not in table.html()


def test_a_damaged_rules_link_changes_nothing() -> None:
    table = Table("en")
    effects = table.do("route", hash="#/rules/1ZZZZ")
    assert writes(effects) == [] and 'id="use-rules"' not in table.html()


def test_a_rules_link_the_rules_refuse_speaks_of_rules_not_of_a_game() -> None:
    packed = base64.b32encode(zlib.compress(b'{"target": 5}')).decode().rstrip("=")
    for lang, said in (("en", "The rules in this link cannot be used:"),
                       ("uk", "Правила в посиланні не можна використати:"),
                       ("ru", "Правила в ссылке нельзя использовать:")):
        table = Table(lang)
        table.do("route", hash=f"#/rules/J{packed}")
        html = table.html()
        assert said in html and "«Гра до»" * (lang == "uk") in html and 'id="use-rules"' not in html


# --- opening files ----------------------------------------------------------------------------


def test_a_good_game_file_is_shown_first_and_saved_only_when_asked() -> None:
    sender = played(hands=5)
    text = json.dumps(shared_doc(sender.game), ensure_ascii=False)
    table = Table("en")
    effects = table.do("open-file", name="game.json", text=text)
    assert writes(effects) == [] and table.state.screen == "import"
    html = table.html()
    assert "opened from the file “game.json”" in html and 'id="save-shared"' in html
    effects = table.do("save-shared", new_id="gfile")
    assert [g["received_from"] for g in put_games(effects)] == ["file"]
    assert count(table.state.games) == (1, 5)


def test_a_long_file_is_planned_after_the_screen_answers_and_shows_what_a_short_one_does() -> None:
    """A text longer than files.AT_ONCE is read in the planning's steps (the screen first says
    it is being read): a game file is still its preview, a backup still its plan."""
    sender = played(hands=5)
    doc = shared_doc(sender.game)
    short, long = (json.dumps(doc, ensure_ascii=False, indent=n) for n in (None, 800))
    assert len(short) < AT_ONCE < len(long)
    shown = []
    for text in (short, long):
        table = Table("en")
        table.do("open-file", name="game.json", text=text)
        shown.append(table.html())
    assert shown[0] == shown[1] and 'id="save-shared"' in shown[1]
    backup = json.dumps(json.loads(backup_of(sender)), ensure_ascii=False, indent=2000)
    assert len(backup) > AT_ONCE
    table = Table("en")
    opened, _ = reduce(table.state, "open-file", {"name": "b.json", "text": backup})
    assert 'id="restore-progress"' in render(opened)  # the screen answers before it parses
    table.do("open-file", name="b.json", text=backup)
    assert 'id="restore-plan"' in table.html()


def test_opening_your_own_file_says_it_is_your_game_not_someone_else_s() -> None:
    """Issue 18 item 8: a file saved from this phone's own game is no stranger's game that is
    not saved: the screen says it is already here and opens it; a copy saved from a file
    before is named a copy."""
    table = played(hands=3, lang="uk")
    gid = next(iter(table.state.games))
    text = scoring.export_text(table.state.games[gid])
    table.do("open-file", name="моя.json", text=text)
    html = table.html()
    assert "Це твоя гра: вона вже є серед твоїх ігор" in html
    assert "чужа гра" not in html and "не збережена" not in html
    assert f'id="open-copy" href="#/game/{gid}">Відкрити її<' in html
    stranger = Table("uk")
    stranger.do("open-file", name="гра.json", text=text)
    assert "Це чужа гра" in stranger.html()
    stranger.do("save-shared", new_id="gcopy")
    stranger.do("open-file", name="гра.json", text=text)
    html = stranger.html()
    assert "Копія цієї гри вже є серед твоїх ігор" in html and "чужа гра" not in html


@pytest.mark.parametrize("lang", LANGS)
def test_a_bad_game_file_lists_every_problem_in_the_players_language(lang: str) -> None:
    bad = {"players": ["Оля", "Петро"], "hands": [
        {"taker": 0, "cards": [100, 62]},
        {"taker": 1, "cards": [90, 50]},
        {"taker": 7, "cards": [100, 62], "bella": 3},
    ]}
    table = Table(lang)
    effects = table.do("open-file", name="<b>bad</b>.json", text=json.dumps(bad))
    html = table.html()
    t = i18n.translator(lang)
    assert writes(effects) == [] and table.state.games == {}
    said = t("problem.cards_sum", total=140)
    assert esc(t("share.at_hand", n=2, field=t("where.cards"), text=said)) in html
    assert "&lt;b&gt;bad&lt;/b&gt;.json" in html and "<b>bad</b>" not in html
    assert html.count("<li>") == 3
    assert 'id="save-shared"' not in html


def test_a_bad_game_file_names_its_sides_by_its_players_when_their_names_are_good() -> None:
    hand = {"taker": 0, "cards": [162, 0], "no_tricks": [0]}  # side 0 took all, yet "no tricks"
    said = "Hand 1, no tricks: {}: no tricks, yet 162 card points."
    for players, side in ((["Оля", "Петро"], "Оля"), (["Оля", "Петро", "Іван", "Марта"], "Оля and Іван"),
                          (["Оля", "ОЛЯ"], "side 1")):  # names the rule refuses are not used
        table = Table("en")
        table.do("open-file", name="f.json", text=json.dumps({"players": players, "hands": [hand]}))
        assert esc(said.format(side)) in table.html(), players
        doc = json.loads(backup_of(played(hands=1)))  # the same game in a backup
        doc["games"].append({"id": "bad", "players": players, "hands": [hand]})
        table.do("open-file", name="backup.json", text=json.dumps(doc))
        assert esc(said.format(side)) in table.html(), players


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"players": ["A", "B"],\n "hands": [}', "line 2, column"),
        ("", "is empty"),
        ('{"format": "debertz-backup/9", "games": []}', "newer version"),
        ('{"format": "debertz-backup/1", "games": 5}', "no list of games"),
        ("[" * 100 + "]" * 100, "nested far too deeply"),
    ],
)
def test_a_file_that_is_not_a_game_says_why(text: str, words: str) -> None:
    table = Table("en")
    effects = table.do("open-file", name="x.json", text=text)
    assert writes(effects) == [] and words in table.html()


def test_a_file_the_page_could_not_read_says_so() -> None:
    table = Table("en")
    table.do("open-file", name="big.json", error="too_big", size="40000000")
    assert "is too large (40000000 bytes)" in table.html()


def test_a_shared_text_holding_a_link_opens_that_link() -> None:
    sender = played()
    fragment = game_fragment(sender.game)
    table = Table("en")
    table.do("open-file", name="", text=f"Our score: {BASE}{fragment}")
    assert table.state.screen == "shared" and nav.address(table.state) == fragment


# --- backup and restore --------------------------------------------------------------------------


def backup_of(table: Table) -> str:
    effects = table.do("backup", now="2026-12-01T09:00:00")
    (download,) = [e for e in effects if e.kind == "download"]
    assert download.key == "debertz-backup-2026-12-01.json"
    return str(download.value)


def test_a_backup_holds_every_game_and_the_lasting_settings() -> None:
    table = played(hands=4)
    table.new_game(["Іван", "Марта", "Оксана"])
    table.hand(0, {0: 100, 1: 62, 2: 0})
    table.do("lang", value="uk")
    doc = json.loads(backup_of(table))
    assert doc["format"] == "debertz-backup/1" and doc["made"] == "2026-12-01T09:00:00"
    assert {g["id"]: g for g in doc["games"]} == table.state.games
    assert doc["settings"]["lang"] == "uk" and "backup" not in doc["settings"]
    assert table.state.settings["backup"]["made"] == "2026-12-01T09:00:00"
    table.do("route", hash="#/")
    assert "01.12.2026 09:00" in table.html()


def restore(table: Table, text: str) -> list[Any]:
    table.do("open-file", name="backup.json", text=text)
    return table.do("restore", new_id="gr")


def test_one_restored_game_is_not_called_them() -> None:
    # seen at the table (ru): «Добавлена 1 игра. Всего в них 6 сдач.»
    source = played(hands=6)
    fresh = Table("ru")
    restore(fresh, backup_of(source))
    html = fresh.html()
    assert "Добавлена 1 игра." in html and "Всего 6 сдач." in html and "в них" not in html


def test_restoring_into_an_empty_profile_brings_back_every_game_and_hand() -> None:
    source = played(hands=7)
    source.do("lang", value="ru")
    source.new_game(["Іван", "Марта"])
    source.hand(0, {0: 100})
    text = backup_of(source)
    fresh = Table("en")
    effects = restore(fresh, text)
    assert count(fresh.state.games) == count(source.state.games) == (2, 8)
    # ids, hands, undo history, change log: all of it (the storage revision starts again in a
    # new store), the log saying that the game came back from a backup
    assert as_before(fresh.state.games) == without_rev(source.state.games)
    assert as_before(fresh.stored().games) == without_rev(source.stored().games)
    assert "Добавлено 2 игры." not in fresh.html()
    assert "Добавлены 2 игры." in fresh.html() and "Всего 8 сдач." in fresh.html()
    (commit,) = writes(effects)  # one transaction: every game, then the settings
    assert [w.expect for w in commit.games] == [None, None] and commit.settings is not None
    assert fresh.state.settings["lang"] == fresh.state.lang == "ru"


def test_a_restore_keeps_the_language_chosen_here() -> None:
    source = played(hands=1)
    source.do("lang", value="ru")
    text = backup_of(source)
    here = Table("en")
    here.do("lang", value="uk")
    restore(here, text)
    assert here.state.settings["lang"] == here.state.lang == "uk"


def test_restoring_twice_adds_nothing_the_second_time() -> None:
    text = backup_of(played(hands=3))
    table = Table("en")
    restore(table, text)
    table.do("open-file", name="backup.json", text=text)
    assert "Nothing to restore" in table.html() and 'id="restore"' not in table.html()
    assert count(table.state.games) == (1, 3)


def test_restoring_over_changed_games_keeps_both_versions_and_overwrites_nothing() -> None:
    phone = played(hands=5)
    kept = phone.new_game(["Іван", "Марта"])
    phone.hand(0, {0: 100})
    text = backup_of(phone)
    changed_id = next(gid for gid in phone.state.games if gid != kept)
    phone.do("route", hash=f"#/game/{changed_id}")
    phone.hand(1, {1: 100})  # changed after the backup
    phone.new_game(["Нова", "Гра"])  # and a game the backup does not have
    before = {gid: game for gid, game in phone.state.games.items()}
    phone.do("open-file", name="backup.json", text=text)
    html = phone.html()
    assert "1 game differs from yours" in html and "1 game is already here" in html
    effects = phone.do("restore", new_id="gr")
    written = put_games(effects)
    assert [g["restored_from"] for g in written] == [changed_id]
    assert all(g["id"] not in before for g in written)
    assert all(phone.state.games[gid] is game for gid, game in before.items())
    assert count(phone.state.games) == (4, 6 + 1 + 0 + 5)
    phone.do("route", hash="#/")
    assert "restored copy (backup of 01.12.2026 09:00)" in phone.html()
    phone.do("open-file", name="backup.json", text=text)
    assert "Nothing to restore" in phone.html()


def test_a_deleted_game_a_backup_brings_back_is_offered_back_only_if_it_differs() -> None:
    table = played(hands=2)
    gid = table.state.game_id
    text = backup_of(table)  # the game with 2 hands
    table.hand(0, {0: 100})  # a third hand, in no backup
    table.do("route", hash="#/")
    table.do("delete-game", id=gid)
    restore(table, text)
    table.do("route", hash="#/")
    assert len(table.state.games[gid]["hands"]) == 2 and 'id="restore-game"' in table.html()
    table.do("route", hash=f"#/game/{gid}")
    table.hand(1, {1: 100})  # played on: 3 hands again, not those of the deleted game
    table.do("route", hash="#/")
    played_on = table.state.games[gid]
    table.do("restore-game", new_id="gt")
    assert table.state.games[gid] is played_on  # not overwritten by the deleted one
    assert [h["cards"] for h in table.state.games["gt"]["hands"]] == [
        h["cards"] for h in played_on["hands"][:2]] + [[100, 62]]
    assert 'id="restore-game"' not in table.html()

    again = played(hands=2)  # deleted, then brought back as it was: nothing offered
    gid = again.state.game_id
    text = backup_of(again)
    again.do("route", hash="#/")
    again.do("delete-game", id=gid)
    restore(again, text)
    again.do("route", hash="#/")
    assert 'id="restore-game"' not in again.html()
    assert put_games(again.do("restore-game", new_id="gt")) == []  # the offer dropped, no game
    assert list(again.state.games) == [gid] and again.state.trash is None


def test_a_deleted_game_is_offered_back_while_neither_it_nor_the_one_here_can_be_read() -> None:
    # two games of one id that the rules refuse are not the same game for want of a digest
    here = {"id": "g1", "players": ["A", "B"], "rules": {"jokers": True}, "hands": []}
    trash = {**here, "players": ["Оля", "Петро"], "hands": [{"taker": 0, "cards": [100, 62]}]}
    table = Table("en")
    table.state = initial_state({"g1": here}, {"trash": trash}, [], ["en"])
    assert 'id="restore-game"' in table.html()
    written = put_games(table.do("restore-game", new_id="gt"))
    assert [g["players"] for g in written] == [["Оля", "Петро"]] and written[0]["id"] == "gt"


@pytest.mark.parametrize(("games", "said"), [
    ([], "Nothing to restore: this backup holds no game."),
    (["bad"], "Nothing to restore: no game in this backup can be read."),
    (["here", "bad"], "Nothing to restore: the games that can be read are already here."),
    (["here"], "Nothing to restore: all these games are already here."),
])
def test_a_backup_with_nothing_to_restore_says_why(games: list[str], said: str) -> None:
    source = played(hands=2)
    doc = json.loads(backup_of(source))
    doc["games"] = [doc["games"][0] if kind == "here" else {"players": ["A"], "hands": []}
                    for kind in games]
    source.do("open-file", name="backup.json", text=json.dumps(doc))
    assert said in source.html() and 'id="restore"' not in source.html()


def test_a_backup_game_the_rules_refuse_is_listed_and_the_others_restored() -> None:
    doc = json.loads(backup_of(played(hands=2)))
    doc["games"].append({"id": "broken", "players": ["A"], "hands": []})
    table = Table("en")
    table.do("open-file", name="backup.json", text=json.dumps(doc))
    html = table.html()
    assert "1 game of the backup could not be read" in html and "Game 2 (A)" in html
    table.do("restore", new_id="gr")
    assert list(table.state.games) == [doc["games"][0]["id"]]


def test_a_backup_of_unreadable_games_says_none_can_be_read_and_its_date_only_if_it_is_one() -> None:
    doc = json.loads(backup_of(played(hands=2)))
    doc["made"], doc["games"] = "yesterday", [{"players": ["A"], "hands": []}, 5, None]
    table = Table("en")
    table.do("open-file", name="backup.json", text=json.dumps(doc))
    html = table.html()
    assert "3 games of the backup could not be read" in html and 'id="restore"' not in html
    assert "yesterday" not in html  # what it says instead: test_a_backup_with_nothing_to_restore...
    assert "Backup (“backup.json”):" in html
    doc["made"] = "2026-12-01T09:00:00"
    table.do("open-file", name="backup.json", text=json.dumps(doc))
    assert "Backup of 01.12.2026 09:00 (“backup.json”):" in table.html()


def test_the_reminder_comes_after_many_hands_and_can_be_put_off() -> None:
    table = played(hands=REMIND_AFTER - 1)
    gid = table.game["id"]
    table.do("route", hash="#/")
    assert 'id="backup-reminder"' not in table.html()
    table.do("route", hash=f"#/game/{gid}")
    table.hand(0, {0: 100})
    table.do("route", hash="#/")
    assert f"Not in a backup yet: {REMIND_AFTER} hands." in table.html()
    effects = table.do("backup-later")
    assert settings_only(effects)
    assert 'id="backup-reminder"' not in table.html()
    backup_of(table)
    assert 'id="backup-reminder"' not in table.html()
    assert "No backup has been made yet." not in table.html()


def test_every_sharing_screen_renders_in_every_language() -> None:
    for lang in LANGS:
        table, _game, fragment = shared_table(lang)
        for address in (fragment, "#/import", "#/rules/1B6SABQB4GL4EM", "#/shared/x"):
            table.do("route", hash=address)
            audit(render(table.state))


def test_a_link_too_long_for_any_qr_code_says_so_and_keeps_the_link() -> None:
    from app.ui.sharing.views import qr_figure

    html = qr_figure(BASE + "#/shared/1" + "A" * 5000, i18n.translator("en"))
    assert "is too long for a QR code: copy it or send it" in html and "<svg" not in html


def test_the_vinnytsia_rules_from_a_link_seat_four_in_teams_and_another_table_is_told() -> None:
    """Issue 18 item 3: a preset written for four players in teams seats them (the names typed
    stay); a count changed afterwards is kept, with a word that the rules were made for four."""
    table = Table("uk")
    table.do("route", hash="#/new")
    table.do("setup-name", seat=0, value="Оля")
    table.do("route", hash=rules_fragment(scoring.preset_options("vinnytsia")))
    table.do("use-rules")
    draft = table.state.setup
    assert draft is not None and draft.preset == "vinnytsia"
    assert (draft.count, draft.teams, draft.names[0]) == (4, True, "Оля")
    assert 'id="preset-table"' not in table.html()
    table.do("setup-count", value=2)
    assert table.state.setup is not None and table.state.setup.preset == "vinnytsia"
    assert "Ці правила — для гри вчотирьох двома командами" in table.html()
    table.do("setup-preset", value="standard")
    table.do("setup-preset", value="vinnytsia")  # chosen from the list: four in teams again
    assert table.state.setup is not None and table.state.setup.count == 4
    table.do("setup-teams", value="false")
    assert 'id="preset-table"' in table.html()


# --- issue 18 item 11: small things on the share and restore screens --------------------------


def test_a_backup_preview_ends_its_list_with_a_full_stop() -> None:
    """Only new games: the one line of the plan used to end in a dangling «;»."""
    home = played(lang="uk", hands=2)
    text = backup_of(home)
    other = Table("uk")
    other.do("open-file", name="backup.json", text=text)
    plan = re.search(r'<ul class="plan" id="restore-plan">(.*?)</ul>', other.html())
    assert plan is not None
    items = re.findall(r"<li>(.*?)</li>", plan.group(1))
    assert items == ["1 гру буде додано."]


def test_a_dense_qr_code_is_said_and_the_link_and_the_file_come_first() -> None:
    """A long game's code (above version 10) is too dense for a camera at arm's length."""
    hands = [{"taker": n % 2, "cards": [100 - n, 62 + n]} for n in range(3)]
    short = Table("uk", {"g3": {"id": "g3", "players": ["Оля", "Петро"], "hands": hands}})
    short.do("share-env", base=BASE, share="true")
    short.do("route", hash="#/share/g3")
    assert 'data-version="' in short.html()
    assert 'id="qr-dense"' not in short.html() and 'id="share-file"' not in short.html()
    long = Table("uk")
    long.do("share-env", base=BASE, share="true")
    gid = long.new_game(["Оля", "Петро"], target="10001")
    for n in range(100):  # a long evening and night (the hands' times stay home: not in the link)
        long.hand(n % 2, {0: 100 - n % 7, 1: 62 + n % 7})
    assert len(long.state.games[gid]["hands"]) == 100
    long.do("route", hash=f"#/share/{gid}")
    html = long.html()
    version = int(re.search(r'data-version="(\d+)"', html).group(1))  # type: ignore[union-attr]
    assert version > 10
    assert f"Цей QR-код дуже щільний (версія {version})" in html
    assert html.index('id="qr-dense"') < html.index('id="share-link"') < html.index('id="qr"')
    assert f'id="share-file" data-action="export-game" data-id="{gid}"' in html


def test_a_backup_games_times_that_are_not_times_are_left_out_not_shown() -> None:
    """A hostile backup's ``updated`` of 5,000 characters was printed on the game's card,
    ``null`` as "None", and a ``restored`` of markup stood as the backup's date."""
    doc = json.loads(backup_of(played(hands=3)))
    (game,) = doc["games"]
    game.update(updated="7" * 5000, created=1e30, restored="<b>r</b>", restored_from=game["id"])
    fresh = Table("en")
    restore(fresh, json.dumps(doc))
    (stored,) = fresh.state.games.values()
    assert not {"updated", "created", "restored"} & set(stored)
    fresh.do("route", hash="#/")
    html = fresh.html()
    assert "7777" not in html and "None" not in html and "1000000" not in html
    fresh.do("route", hash=f"#/game/{stored['id']}")
    html = fresh.html()
    assert "&lt;b&gt;r" not in html and "1000000" not in html


def test_a_files_problems_are_listed_twenty_at_most_and_long_values_quoted_short() -> None:
    """A file of 5,000 bad hands drew all 15,000 of its problems; a 4,000-digit target and a
    300-character format were quoted in full (a hostile-input review)."""
    bad = {"players": ["A", "B"], "hands": [{"taker": 0, "cards": [100, 61]}] * 30}
    table = Table("en")
    table.do("open-file", name="f.json", text=json.dumps(bad))
    html = table.html()
    assert html.count("they must add up to 162") == SHOWN_PROBLEMS
    assert "…and 10 more problems." in html
    huge = {"players": ["A", "B"], "rules": {"target": 10**4000}, "hands": []}
    table.do("open-file", name="g.json", text=json.dumps(huge))
    html = table.html()
    assert "100000000000…" in html and "0" * 100 not in html


def test_a_backups_refused_games_show_their_names_as_text_and_count_what_is_not_listed() -> None:
    doc = json.loads(backup_of(played(hands=1)))
    hands = [{"taker": 0, "cards": [100, 61]}] * 8
    doc["games"].append({"id": "x1", "players": ["Оля\u202e", "П" * 200], "hands": hands})
    table = Table("en")
    table.do("open-file", name="backup.json", text=json.dumps(doc))
    html = table.html()
    assert "Оля?" in html and "\u202e" not in html and "П" * 41 not in html
    # its two names' problems first, then the hands'
    assert html.count("they must add up to 162") == SHOWN_BAD_PROBLEMS - 2
    assert "…and 5 more problems." in html
    table.do("restore", new_id="gr")
    assert "was left out.</li>" in table.html() and "left out:" not in table.html()


@pytest.mark.parametrize("lang", LANGS)
def test_a_file_of_json_that_is_no_game_says_so(lang: str) -> None:
    """A file holding a number, a list, text or null was «a game that breaks the rules: game:
    A record is expected here»."""
    t = i18n.translator(lang)
    for text in ("5", "[1, 2]", '"text"', "null"):
        table = Table(lang)
        table.do("open-file", name="f.json", text=text)
        html = table.html()
        assert esc(t("share.file_error.not_game", name="f.json")) in html, text
        assert esc(t("share.file_error.invalid", name="f.json")) not in html


def test_a_game_link_after_a_rules_link_of_the_same_text_is_read_as_a_game_link() -> None:
    """``#/rules/`` then ``#/shared/`` in one tab drew only a title: the rules link's failure
    was taken for the game link's."""
    table = Table("en")
    table.do("route", hash="#/rules/")
    table.do("route", hash="#/shared/")
    assert "no game in this link" in table.html()


def test_the_reminder_to_back_up_and_the_note_that_the_browser_may_erase_come_one_at_a_time() -> None:
    """Both asked for a backup at once above the games (a play-through): the note, which offers
    a backup too, comes first; the reminder once the note is seen."""
    table = played(hands=REMIND_AFTER)
    table.do("storage-refused")
    table.do("route", hash="#/")
    html = table.html()
    assert 'id="storage-note"' in html and 'id="backup-reminder"' not in html
    table.do("storage-note-seen")
    html = table.html()
    assert 'id="storage-note"' not in html and 'id="backup-reminder"' in html


def test_a_restore_of_thousands_of_games_writes_their_counts_as_its_progress_does() -> None:
    """The plan and the summary set the thousands apart, as the progress between them does
    («1 200 ігор», not «1200»; a play-through saw both on one restore), and so do the games
    list and the statistics after it."""
    games = {f"g{n}": {"id": f"g{n}", "players": ["Оля", "Петро"],
                       "hands": [{"taker": 0, "cards": [100, 62]}]} for n in range(1200)}
    table = Table("uk")
    table.do("open-file", name="b.json", text=make_backup(games, {}, "2026-12-01T09:00:00"))
    html = table.html()
    assert "1\u00a0200 ігор буде додано." in html and "Відновити 1\u00a0200 ігор" in html
    table.do("restore")
    html = table.html()
    assert "Додано 1\u00a0200 ігор." in html and "1\u00a0200 роздач" in html
    table.do("route", hash="#/")
    assert "(не показано: 1\u00a0170)" in table.html()
    overview = stats_views._overview(Stats(1200, 1050, 31500, ()), i18n.translator("uk"), False,
                                     "uk")
    assert "1\u00a0200 ігор (завершено: 1\u00a0050), 31\u00a0500 роздач." in overview


def test_a_game_twice_in_one_backup_is_restored_once_and_said_so_not_called_already_here() -> None:
    """A file listing a game twice (A, A), and an id twice with other content (B, B′), on a
    phone with none of them: one A, B and B′ (under a fresh id) are added, and the plan and the
    summary say the file held A twice; nothing is «already here» or «differs from yours»
    (a helper's play-through)."""
    a = {"id": "x1", "players": ["Оля", "Петро"], "hands": [{"taker": 0, "cards": [100, 62]}]}
    b = {**a, "id": "x2"}
    b_changed = {**b, "hands": [{"taker": 1, "cards": [100, 62]}]}
    text = json.dumps({"format": "debertz-backup/1", "made": "2026-12-01T09:00:00",
                       "games": [a, a, b, b_changed]})
    table = Table("en")
    table.do("open-file", name="b.json", text=text)
    plan = re.sub(r"<[^>]+>", " ", table.html())
    assert "3 games will be added;" in plan
    assert "1 game is in the file twice: it will be restored once." in plan
    assert "already here" not in plan and "differs" not in plan
    table.do("restore")
    done = re.sub(r"<[^>]+>", " ", table.html())
    assert "3 games added." in done and "1 game was in the file twice: it was restored once." in done
    assert sorted(g["hands"][0]["taker"] for g in table.state.games.values()) == [0, 0, 1]


def test_a_restored_game_without_its_time_has_no_dangling_mark_on_its_card() -> None:
    """A game from outside without ``updated`` read «To 501 · hands: 1 ·» in the games list
    (a helper's cross-engine check)."""
    game = {"id": "x1", "players": ["Оля", "Петро"], "hands": [{"taker": 0, "cards": [100, 62]}]}
    table = Table("en")
    table.do("open-file", name="b.json", text=json.dumps(
        {"format": "debertz-backup/1", "made": "2026-12-01T09:00:00", "games": [game]}))
    table.do("restore")
    table.do("route", hash="#/")
    cards = re.findall(r"To 501 · hands: 1[^<]*<", table.html())
    assert cards == ["To 501 · hands: 1<"], cards
