"""Every change made through the app goes on the game's change log, and the log replays to the
game as stored (app/changelog.py through the reducer, app/ui/history.py's hooks)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app import changelog
from app.storage import MemoryStore, encode_game
from tests.ui.helpers import Table

Step = tuple[str, int, int]
"""An action of the player: what (add, redeal, edit, delete, undo, redo, reload; ``swing``: a
few ↶ then a few ↷), a hand picked among those there (taken modulo their number), card points
typed."""

steps = st.lists(
    st.tuples(
        st.sampled_from(["add", "add", "add", "redeal", "edit", "edit", "delete", "delete", "undo",
                         "undo", "redo", "swing", "swing", "reload"]),
        st.integers(0, 30),
        st.integers(0, 162),
    ),
    max_size=18,
)


def stored_game(table: Table, game_id: str) -> dict[str, Any]:
    game = table.stored().games[game_id]
    assert isinstance(game, dict)
    return game


def play(table: Table, step: Step) -> tuple[Table, str | None]:
    """Do one step as a player would; the kind of log entry it should leave (None: nothing)."""
    what, pick, cards = step
    hands = table.game["hands"]
    if what == "reload":
        game_id = table.state.game_id
        table = table.reloaded()
        table.do("route", hash=f"#/game/{game_id}")
        return table, None
    if what == "add":
        table.do("new-hand")
        table.do("taker", seat=pick % 2)
        table.do("cards", side=0, value=cards)
        table.do("save-hand")
        if table.state.entry is not None:  # refused (a hand the rules do not take): given up
            table.do("cancel-hand")
            return table, None
        return table, "add"
    if what == "redeal":
        before = len(table.game["hands"])
        table.do("redeal")
        return table, "add" if len(table.game["hands"]) > before else None
    if what in ("edit", "delete") and not hands:
        return table, None
    if what == "edit":
        index = pick % len(hands)
        before = table.game["hands"][index]
        table.do("edit-hand", index=index)
        if before.get("redeal"):
            table.do("redeal-toggle")
            table.do("taker", seat=pick % 2)
        table.do("cards", side=0, value=cards)
        table.do("save-hand")
        if table.state.entry is not None:
            table.do("cancel-hand")
            return table, None
        return table, "edit"
    if what == "delete":
        table.do("edit-hand", index=pick % len(hands))
        table.do("ask-delete-hand")
        table.do("confirm-yes")
        if table.state.entry is not None:  # refused: a claim after it would fall short
            table.do("cancel-hand")
            return table, None
        return table, "delete"
    which = table.game.get(what) or []
    table.do(what)
    return table, what if which and table.game.get(what) != which else None


def taps(step: Step) -> list[Step]:
    """The steps one step is: ↶ or ↷ up to three times, a swing ↶ then ↷ each up to three."""
    what, pick, cards = step
    if what == "swing":
        return [("undo", 0, 0)] * (1 + pick % 3) + [("redo", 0, 0)] * (1 + cards % 3)
    return [step] * (1 + pick % 3 if what in ("undo", "redo") else 1)


@settings(max_examples=150, deadline=None)
@given(steps)
def test_the_log_after_random_changes_replays_to_the_game_as_stored(walk: list[Step]) -> None:
    table = Table("en")
    game_id = table.new_game(["Оля", "Петро"])
    expected: list[str] = ["start"]
    for step in walk:
        for one in taps(step):
            table, kind = play(table, one)
            if kind is not None:
                expected.append(kind)
        stored = stored_game(table, game_id)
        log = changelog.log_of(stored)
        assert [entry["do"] for entry in log] == expected
        assert changelog.replay(log) == stored["hands"]  # the log alone gives the stored hands
        assert changelog.problem(log, stored["hands"]) is None
        assert all(entry["at"].startswith("2026-11-30T03:") for entry in log)
        assert len(changelog.corrections(log)) == len(stored["hands"])


def test_a_correction_is_logged_field_by_field_and_marks_its_hand() -> None:
    table = Table("en")
    game_id = table.new_game(["Оля", "Петро"])
    table.hand(0, {0: 90})
    table.hand(1, {0: 100})
    table.do("edit-hand", index=0)
    table.do("cards", side=0, value=95)
    table.do("save-hand", now="2026-12-02T21:03:00")
    log = changelog.log_of(stored_game(table, game_id))
    assert log[-1] == {"do": "edit", "index": 0, "before": {"cards": [90, 72]},
                       "after": {"cards": [95, 67]}, "at": "2026-12-02T21:03:00"}
    assert changelog.corrections(log) == [changelog.Mark(1, "2026-12-02T21:03:00"), None]


def test_a_game_stored_without_a_log_reads_as_before_and_begins_one_at_its_next_change() -> None:
    old = {"id": "old", "players": ["A", "B"], "hands": [{"taker": 0, "cards": [100, 62]}],
           "undo": [{"op": "add", "index": 0, "hand": {"taker": 0, "cards": [100, 62]}}], "redo": []}
    table = Table("en", store=MemoryStore({"old": encode_game(old)}))
    table.do("route", hash="#/game/old")
    assert table.game["hands"] == old["hands"] and "log" not in table.game
    table.do("undo")
    stored = stored_game(table, "old")
    assert stored["hands"] == []
    assert [(e["do"], e.get("from")) for e in stored["log"]] == [("begin", "earlier"), ("undo", None)]
    assert stored["log"][0]["hands"] == old["hands"]
    assert changelog.replay(stored["log"]) == []


def test_a_deleted_game_taken_back_says_so_in_its_log() -> None:
    table = Table("en")
    game_id = table.new_game(["A", "B"])
    table.hand(0, {0: 100})
    table.do("ask-delete-game")
    table.do("confirm-yes")
    table.do("restore-game", now="2026-12-02T21:10:00")
    log = changelog.log_of(stored_game(table, game_id))
    assert log[-1] == {"do": "restore", "from": "trash", "at": "2026-12-02T21:10:00"}
    assert changelog.replay(log) == stored_game(table, game_id)["hands"]


def test_a_rematch_starts_a_log_of_its_own() -> None:
    table = Table("en")
    game_id = table.new_game(["A", "B"], target=201)
    table.hand(0, {0: 162})
    table.hand(0, {0: 162})
    table.do("rematch", id=game_id)
    fresh = table.game
    assert fresh["id"] != game_id and [e["do"] for e in fresh["log"]] == ["start"]
