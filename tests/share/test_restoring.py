"""A backup planned and restored a batch at a time (app.share.restoring) gives what the one-call
reader and planner give, whatever the batch size; a restore stopped between batches keeps what
was written and the backup opened again restores the rest."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from app.share.backup import BackupError, make_backup, plan_restore, read_backup
from app.share.limits import LimitError
from app.share.link import game_digest, stored_digest
from app.share.restoring import (
    WINDOW,
    NotABackup,
    Planning,
    Writing,
    plan_step,
    start_planning,
    write_step,
)
from app.ui.reducer import reduce
from tests.ui.helpers import Table


def game(game_id: str, *names: str, hands: int = 0) -> dict[str, Any]:
    return {"id": game_id, "players": list(names or ("Оля", "Петро")),
            "hands": [{"redeal": True}] * hands}


HERE = {"a": game("a"), "b": game("b", hands=2), "c": {**game("c2"), "id": "c", "restored_from": "x"}}
BACKUP = {
    "a": game("a"),  # here, the same: skipped
    "b": game("b", hands=3),  # here, changed: a copy
    "x": {**game("c2"), "id": "x"},  # restored here before as "c": skipped
    "d": game("d", "Іван", "Марта", hands=1),  # new
    "e/f": {**game("e/f"), "players": ["Х", "Y"]},  # an unsafe id: new, renamed
    "bad": game("bad", "Сам"),  # refused
}


def planned(text_or_doc: str | dict[str, Any], local: dict[str, Any], size: int,
            whole: int = 0) -> Planning:
    """Planned in steps of ``size`` games (a text read a game at a time unless ``whole``)."""
    planning = start_planning(text_or_doc, local, whole)
    ids = (f"n{n}" for n in range(1, 10_000))
    steps = 0
    while planning.phase != "planned":
        planning = plan_step(planning, size, ids)
        steps += 1
        assert steps < 10_000
    return planning


@pytest.mark.parametrize("size", [1, 2, 5, 1000])
@pytest.mark.parametrize("indent", [None, 1, "\t"])
def test_a_backup_planned_in_steps_of_any_size_is_planned_as_in_one_call(
    size: int, indent: Any
) -> None:
    doc = json.loads(make_backup(BACKUP, {"lang": "en"}, "2026-12-01T09:00:00"))
    text = json.dumps(doc, ensure_ascii=False, indent=indent)
    at_once = plan_restore(HERE, read_backup(doc), (f"n{n}" for n in range(1, 100)))
    for source in (text, doc):
        plan = planned(source, HERE, size).plan
        assert plan == at_once
    assert planned(text, HERE, size, whole=len(text)).plan == at_once  # parsed in its first step
    assert at_once.add[0]["id"] == "d" and at_once.same == ["a", "x"]
    assert [g["restored_from"] for g in at_once.copies] == ["b"] and len(at_once.bad) == 1


def test_a_reading_window_that_ends_right_after_a_comma_reads_on() -> None:
    """A valid backup over the size parsed at once was refused as "not JSON" when a step's
    window of text ended just after the comma between two games (review)."""
    games = {f"g{n}": {**game(f"g{n}"), "hands": [{"taker": 0, "cards": [100, 62]}] * 200}
             for n in range(10)}
    text = make_backup(games, {}, "2026-12-01T09:00:00")
    start = text.index("[\n") + 2
    window = text.index("},\n{", start) + 2 - start  # the first game and its comma
    width = next(w for w in range(window, 0, -1) if w * 5 // 4 == window)  # one game a step
    assert window > WINDOW
    planning = dataclasses.replace(start_planning(text, {}, 0), width=width)
    ids = (f"n{n}" for n in range(1, 100))
    while planning.phase != "planned":
        planning = plan_step(planning, 1, ids)
    assert len(planning.plan.add) == 10


@pytest.mark.parametrize("whole", [True, False], ids=["parsed at once", "read a game a step"])
def test_a_backup_with_its_list_of_games_twice_plans_the_last_one_either_way(whole: bool) -> None:
    """Parsed at once the last list counted; read a game a step the file was refused as having
    no list of games (review)."""
    first = json.dumps([game("a"), game("b")])
    second = json.dumps([game("d", "Іван", "Марта", hands=1)])
    text = f'{{"format": "debertz-backup/1", "games": {first}, "games": {second}}}'
    plan = planned(text, {}, 1, whole=len(text) if whole else 0).plan
    assert [g["id"] for g in plan.add] == ["d"]


def test_the_progress_of_each_phase_counts_up_to_its_total() -> None:
    text = make_backup({f"g{n}": game(f"g{n}") for n in range(30)}, {}, "2026-12-01")
    planning = start_planning(text, HERE, whole=0)
    seen: list[tuple[str, int, int]] = []
    while planning.phase != "planned":
        planning = plan_step(planning, 4, iter(["n"]))
        seen.append((planning.phase, planning.done, planning.total))
    phases = [phase for phase, _, _ in seen]
    assert phases.index("comparing") < phases.index("checking") < phases.index("planned")
    checking = [done for phase, done, total in seen if phase == "checking"]
    assert checking == sorted(checking) and all(total == 30 for p, _, total in seen if p == "checking")
    reading = [done for phase, done, _ in seen if phase == "reading"]
    assert reading == sorted(reading) and reading[-1] < len(text)


def test_the_games_here_whose_digest_is_kept_count_a_sixteenth_in_a_comparing_step() -> None:
    """Comparing replays only a game here whose digest is not kept yet: a step takes ``size``
    of those, where a game whose digest is kept counts as a sixteenth (after a start the page
    keeps them all, so a library is compared in a few steps)."""
    here = {f"h{n:02}": game(f"h{n:02}", hands=n) for n in range(12)}
    for game_id in ("h03", "h07"):
        stored_digest(here[game_id])
    planning = start_planning({"format": "debertz-backup/1", "games": []}, here)
    steps = []
    while planning.phase == "comparing":
        planning = plan_step(planning, 4, iter(["n"]))
        steps.append(planning.compared if planning.phase == "comparing" else len(here))
    assert steps == [5, 10, 12]  # h00-h02, h03 (kept), h04; h05, h06, h07 (kept), h08, h09; …
    many = {f"k{n:02}": game(f"k{n:02}", hands=n) for n in range(40)}
    for kept in many.values():
        stored_digest(kept)
    planning = start_planning({"format": "debertz-backup/1", "games": []}, many)
    steps = []
    while planning.phase == "comparing":
        planning = plan_step(planning, 1, iter(["n"]))
        steps.append(planning.compared if planning.phase == "comparing" else len(many))
    assert steps == [16, 32, 40]


def test_a_checking_step_takes_games_by_their_hands() -> None:
    """A checking step's size counts games of 30 hands (each game's own keys as 10 more): of
    games of 200 hands a step of size 2 takes one, of games without hands eight."""
    big = [{**game(f"b{n}"), "hands": [{"taker": 0, "cards": [100, 62]}] * 200} for n in range(3)]
    small = [game(f"s{n}") for n in range(10)]
    planning = start_planning({"format": "debertz-backup/1", "games": [*big, *small]}, {})
    while planning.phase != "checking":
        planning = plan_step(planning, 100, iter(["n"]))
    checked = []
    while planning.phase == "checking":
        planning = plan_step(planning, 2, iter(["n"]))
        checked.append(planning.checked if planning.phase == "checking" else 13)
    assert checked == [1, 2, 3, 11, 13]
    assert len(planning.plan.add) == 13


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ('{"format": "debertz-backup/1", "games": [{"id": "a"},]}', "not_json"),
        ('{"format": "debertz-backup/1", "games": [{"id": "a"} {"id": "b"}]}', "not_json"),
        ('{"format": "debertz-backup/1", "games": []} x', "not_json"),
        ('{"format": "debertz-backup/1", "games": [' + "[" * 40 + "]" * 40 + "]}", "too_deep"),
        ('{"format": "debertz-backup/1", "games": ["\\ud800"]}', "not_utf8"),
        ('{"format": "debertz-backup/2", "games": [1, 2]}', "newer_backup"),
        ('{"format": "debertz-backup/1", "games": {}}', "not_backup"),
    ],
)
def test_a_backup_text_that_cannot_be_read_is_refused_in_steps_too(text: str, code: str) -> None:
    with pytest.raises((LimitError, BackupError)) as refused:
        planned(text, {}, 1)
    assert refused.value.code == code


def test_a_syntax_error_names_its_line_and_column_in_the_whole_file() -> None:
    text = make_backup({f"g{n}": game(f"g{n}") for n in range(3)}, {}, "now").replace(
        '"hands":[]}', '"hands":[]]', 2)
    with pytest.raises(LimitError) as refused:
        planned(text, {}, 1)
    line = text.splitlines().index(next(x for x in text.splitlines() if x.endswith("]],"))) + 1
    assert refused.value.params["line"] == line


def test_a_long_text_that_is_not_a_backup_says_so_to_the_caller() -> None:
    text = json.dumps({"format": "debertz/1", "players": ["A", "B"], "hands": []})
    for whole, value in ((0, None), (len(text), json.loads(text))):  # in steps, in one call
        with pytest.raises(NotABackup) as other:
            planned(text, {}, 3, whole)
        assert other.value.value == value  # the value parsed whole, for the caller to read


def test_writing_in_batches_writes_each_game_once_and_counts_what_was_written() -> None:
    plan = planned(make_backup(BACKUP, {}, "2026-12-01"), HERE, 3)
    writing = Writing(plan.plan, plan.digests)
    stored: dict[str, Any] = dict(HERE)
    counts = []
    while not writing.finished:
        writing, batch = write_step(writing, 2, stored, lambda gid: game_digest(stored[gid]),
                                    iter(["w1"]))
        stored.update({g["id"]: g for g in batch})
        counts.append(writing.written)
    assert counts == [2, 3] and writing.added == 2 and writing.copies == 1
    assert len(stored) == len(HERE) + 3 and writing.hands == 3 + 1


def test_a_restore_stopped_between_batches_keeps_them_and_opening_the_backup_again_restores_the_rest() -> None:
    games = {f"g{n:02d}": game(f"g{n:02d}", hands=n % 4) for n in range(40)}
    text = make_backup(games, {}, "2026-12-01T09:00:00")
    table = Table("en")
    table.do("open-file", name="backup.json", text=text)
    table.step_size = 6
    table.do("restore")
    assert sorted(table.stored().games) == sorted(games)
    assert "Restored 40 of 40" not in table.html() and "40 games added" in table.html()

    stopped = Table("en")
    stopped.do("open-file", name="backup.json", text=text)
    _steps(stopped, 3)  # three batches stored, then the page is killed
    assert len(stopped.stored().games) == 18 and "Restored 18 of 40 games" in stopped.html()
    again = stopped.reloaded()
    again.do("open-file", name="backup.json", text=text)
    assert "18 games are already here" in again.html() and "Restore 22 games" in again.html()
    again.do("restore")
    assert sorted(again.stored().games) == sorted(games)


def _steps(table: Table, batches: int) -> None:
    """Tap Restore, then run only ``batches`` of its steps, each stored before it is shown
    (as a page killed after them)."""
    table.state, _ = reduce(table.state, "restore", {"now": "x", "new_id": "g"})
    for _ in range(batches):
        new, effects = reduce(table.state, "restore-step", {"size": "6", "new_id": "g"})
        table.store.commit_now(next(e.value for e in effects if e.kind == "commit"))
        table.state = new
