"""A restore being written goes on whatever the player does meanwhile, and stops, saying what
it wrote, when a batch cannot be stored (a review found it stopped silently when the player
left its screen, and tried a refused batch for ever); numbers no record can hold are refused
where they stand in the file."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from app.share import restoring
from app.share.limits import LimitError
from app.share.link import game_fragment
from app.storage import Commit, MemoryStore, StorageFull
from app.ui.core import Effect
from app.ui.sharing.actions import pending_step
from tests.ui.helpers import Table
from tests.ui.test_sharing import BASE, backup_of, count, played


def six_games() -> str:
    source = played(hands=2)
    for n in range(5):
        source.new_game([f"Гравець {n}", "Марта"])
        source.hand(0, {0: 100})
    return backup_of(source)


def started(table: Table, text: str) -> None:
    """The backup opened, planned and its restore begun: one batch of two games written."""
    table.steps = False
    table.do("open-file", name="backup.json", text=text)
    while pending_step(table.state):
        table.do("restore-step", size=50)  # planned
    table.do("restore", new_id="gr")
    table.do("restore-step", size=2)
    assert count(table.state.games) == (2, 3) and pending_step(table.state)


def finish(table: Table) -> None:
    for _ in range(20):
        if not pending_step(table.state):
            return
        table.do("restore-step", size=2)
    raise AssertionError("the restore never ended")


def test_a_restore_left_for_another_screen_goes_on_and_is_there_on_coming_back() -> None:
    table = Table("en")
    started(table, six_games())
    table.do("route", hash="#/")
    assert pending_step(table.state)  # it goes on behind the games list
    finish(table)
    assert count(table.state.games) == count(table.reloaded().state.games) == (6, 7)
    assert table.state.notice == "restored" and table.state.screen == "home"
    assert "The backup is restored." in table.html()
    table.do("route", hash="#/import")  # and what it did is there on coming back, once
    assert "6 games added." in table.html()
    table.do("route", hash="#/")
    table.do("route", hash="#/import")
    assert "6 games added." not in table.html() and 'id="open-file"' in table.html()


def test_a_restore_ending_on_another_screen_leaves_the_focus_where_it_is() -> None:
    table = Table("en")
    started(table, six_games())
    gid = next(iter(table.state.games))
    table.do("route", hash=f"#/game/{gid}")
    table.do("new-hand")
    effects: list[Effect] = []
    while pending_step(table.state):
        effects = table.do("restore-step", size=2)
    assert table.state.entry is not None and count(table.state.games) == (6, 7)
    assert not [e for e in effects if e.kind in ("focus", "read_inbox")]


def test_the_share_inbox_waits_while_a_restore_is_written_and_is_read_once_it_is_done() -> None:
    table = Table("en")
    started(table, six_games())
    assert not [e for e in table.do("route", hash="#/import") if e.kind == "read_inbox"]
    effects: list[Effect] = []
    while pending_step(table.state):
        effects = table.do("restore-step", size=2)
    assert [e.kind for e in effects if e.kind in ("focus", "read_inbox")] == ["read_inbox", "focus"]


def test_a_restore_left_half_way_shows_its_progress_on_coming_back() -> None:
    table = Table("en")
    started(table, six_games())
    table.do("route", hash="#/help")
    table.do("route", hash="#/import")
    assert 'id="restore-progress"' in table.html() and pending_step(table.state)
    finish(table)
    assert "6 games added." in table.html()


def test_a_link_opens_while_a_restore_is_written_and_shared_text_says_it_waits() -> None:
    table = Table("en")
    started(table, six_games())
    sender = played(hands=2)
    link = BASE + game_fragment(sender.game)
    table.do("open-file", name="", text=link)
    assert table.state.screen == "shared" and pending_step(table.state)
    table.do("open-file", name="", text=six_games())  # a backup shared from another app
    assert table.state.notice == "restore_busy_shared"
    assert "What was shared was not opened: a backup is being restored." in table.html()
    finish(table)
    assert count(table.state.games) == (6, 7)


def test_a_file_opened_while_a_restore_is_written_is_not_opened_and_says_so() -> None:
    table = Table("en")
    started(table, six_games())
    game = {"players": ["Оля", "Петро"], "hands": [{"taker": 0, "cards": [100, 62]}]}
    table.do("open-file", name="<i>other</i>.json", text=json.dumps(game))
    assert table.state.notice == "restore_busy" and table.state.transfer.incoming is None
    html = table.html()
    assert "“&lt;i&gt;other&lt;/i&gt;.json” was not opened: a backup is being restored" in html
    finish(table)
    assert count(table.state.games) == (6, 7)


class FillingStore(MemoryStore):
    """A store that takes ``room`` more commits, then is full."""

    room = 1_000

    def commit_now(self, commit: Commit) -> None:
        if self.room <= 0:
            raise StorageFull("IndexedDB: QuotaExceededError")
        self.room -= 1
        super().commit_now(commit)


class DraftlessStore(MemoryStore):
    """A store that refuses the writes of the settings alone (a form's draft)."""

    def commit_now(self, commit: Commit) -> None:
        if not commit.games:
            raise StorageFull("IndexedDB: QuotaExceededError")
        super().commit_now(commit)


def test_a_failed_write_of_a_form_meanwhile_does_not_stop_the_restore() -> None:
    table = Table("en", store=DraftlessStore())
    started(table, six_games())
    table.do("route", hash="#/game/" + next(iter(table.state.games)))
    table.do("new-hand")
    table.do("cards", side=0, value="100")  # its draft is not stored: said, the restore goes on
    assert table.refused and pending_step(table.state)
    finish(table)
    assert count(table.reloaded().state.games) == (6, 7)


def test_a_batch_that_cannot_be_stored_stops_the_restore_and_says_what_was_written() -> None:
    store = FillingStore()
    table = Table("en", store=store)
    started(table, six_games())
    store.room = 1  # the next batch is stored, the one after is not
    finish(table)
    assert count(table.state.games) == count(table.reloaded().state.games) == (4, 5)
    assert table.state.notice == "storage_full" and table.state.transfer.writing is None
    html = table.html()
    assert "4 games added." in html
    assert "2 more games of the backup were not restored" in html
    store.room = 1_000  # room again: the backup opened again restores the rest only
    table.steps = True
    table.do("open-file", name="backup.json", text=six_games())
    table.do("restore", new_id="gq")
    assert count(table.state.games) == (6, 7)


def refused_params(table: Table) -> tuple[str, dict[str, object]]:
    incoming = table.state.transfer.incoming
    assert incoming is not None and incoming.doc is None
    return incoming.error, dict(incoming.params)


GAME = '{"players": ["A", "B"], "hands": [{"taker": 0, "cards": [100, 62], "note": %s}]}'


@pytest.mark.parametrize("number", ["NaN", "-Infinity", "1e999", "7" * 4301])
def test_a_number_no_record_can_hold_is_refused_where_it_stands(number: str) -> None:
    table = Table("en")
    table.do("open-file", name="g.json", text=GAME % number)
    column = GAME.index("%s") + 1
    shown = number if len(number) <= 40 else number[:40] + "…"
    assert refused_params(table) == ("bad_number", {"line": 1, "column": column, "number": shown})
    assert f"at line 1, column {column} it holds" in table.html() and not table.state.games


@pytest.mark.parametrize("whole", [True, False], ids=["parsed at once", "read a game a step"])
def test_a_backup_holding_nan_is_refused_where_it_stands(whole: bool) -> None:
    text = six_games().replace('"cards":[100,62]', '"cards":[100,62],"note":NaN', 1)
    at = text.index("NaN")
    column = at - text.rfind("\n", 0, at)
    planning = restoring.start_planning(text, {}, len(text) if whole else 0)
    with pytest.raises(LimitError) as refused:
        while planning.phase != "planned":
            planning = restoring.plan_step(planning, 2, iter(str, "x"))
    assert refused.value.code == "bad_number"
    assert refused.value.params == {"line": text.count("\n", 0, at) + 1, "column": column,
                                    "number": "NaN"}
    table = Table("en")
    table.do("open-file", name="backup.json", text=text)
    assert refused_params(table) == ("bad_number", refused.value.params)
    assert not table.state.games and not pending_step(table.state)


def test_a_link_holding_nan_is_damaged() -> None:
    packed = base64.b32encode(zlib.compress((GAME % "NaN").encode())).decode().rstrip("=")
    table = Table("en")
    table.do("route", hash=f"#/shared/J{packed}")
    assert refused_params(table)[0] == "damaged" and not table.state.games
