"""app/changelog.py: entries, replay, marks of corrected hands, folding, checking a log from outside."""

from __future__ import annotations

import copy

import pytest

from app import changelog as cl

PLAYED = {"taker": 0, "cards": [90, 72], "at": "2026-12-02T21:00:00"}
FIXED = {"taker": 0, "cards": [95, 67], "at": "2026-12-02T21:00:00"}


def add(index: int, hand: dict[str, object], at: str = "") -> cl.Entry:
    return cl.change_entry({"op": "add", "index": index, "hand": hand}, at)


def edit_op(index: int, before: dict[str, object], after: dict[str, object]) -> dict[str, object]:
    return {"op": "edit", "index": index, "before": before, "after": after}


def test_a_correction_keeps_only_the_fields_that_changed_old_and_new() -> None:
    entry = cl.change_entry(edit_op(4, PLAYED, FIXED), "2026-12-02T21:03:00")
    assert entry == {"do": "edit", "index": 4, "before": {"cards": [90, 72]},
                     "after": {"cards": [95, 67]}, "at": "2026-12-02T21:03:00"}


def test_a_field_added_or_taken_away_is_on_one_side_only() -> None:
    before, after = cl.changed_fields({"taker": 0, "bella": 1}, {"taker": 0, "debertz": 0})
    assert (before, after) == ({"bella": 1}, {"debertz": 0})


def test_the_log_replays_adds_edits_deletes_undos_and_redos() -> None:
    log = cl.started("t0") + [add(0, PLAYED), add(1, {"redeal": True})]
    log.append(cl.change_entry(edit_op(0, PLAYED, FIXED)))
    log.append(cl.change_entry({"op": "delete", "index": 1, "hand": {"redeal": True}}))
    log.append(cl.step_entry("undo", {"op": "delete", "index": 1, "hand": {"redeal": True}}))
    assert cl.replay(log) == [FIXED, {"redeal": True}]
    log.append(cl.step_entry("undo", edit_op(0, PLAYED, FIXED)))
    assert cl.replay(log) == [PLAYED, {"redeal": True}]
    log.append(cl.step_entry("redo", edit_op(0, PLAYED, FIXED)))
    assert cl.replay(log) == [FIXED, {"redeal": True}]


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"do": "delete", "index": 0, "hand": {"redeal": True}, "at": ""}, "entry 3: hand 1 is not the hand it deletes"),
        ({"do": "edit", "index": 0, "before": {"cards": [1, 2]}, "after": {}, "at": ""},
         "entry 3: hand 1 is not the hand it corrects"),
        ({"do": "edit", "index": 0, "before": {}, "after": {"taker": 1}, "at": ""},
         "entry 3: hand 1 is not the hand it corrects"),
        ({"do": "add", "index": 5, "hand": {}, "at": ""}, "entry 3: hand 6 cannot be added after 1 hands"),
        ({"do": "edit", "index": 1, "before": {}, "after": {}, "at": ""}, "entry 3: there is no hand 2 to correct"),
        ({"do": "start", "at": ""}, "entry 3: a start inside a log"),
        ({"do": "undo", "change": {"do": "restore"}, "at": ""}, "entry 3: the undo names no change"),
        ({"do": "restore", "from": "moon", "at": ""}, "entry 3: it says from nowhere known"),
        ({"do": "add", "index": True, "hand": {}, "at": ""}, "entry 3: its hand number is not one"),
        ({"do": "add", "index": 0, "hand": {}, "at": "x" * 41}, "entry 3: its time is not a time"),
        ("add", "entry 3: not an entry of a change log"),
    ],
)
def test_an_entry_that_does_not_apply_is_named(entry: object, message: str) -> None:
    log = [*cl.started(""), add(0, PLAYED), entry]
    with pytest.raises(cl.LogError) as caught:
        cl.replay(log)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_a_corrected_hand_is_marked_until_its_correction_is_undone() -> None:
    log = cl.started("") + [add(0, PLAYED), add(1, {"redeal": True})]
    log.append(cl.change_entry(edit_op(0, PLAYED, FIXED), "t1"))
    assert cl.corrections(log) == [cl.Mark(1, "t1"), None]
    log.append(cl.change_entry(edit_op(0, FIXED, PLAYED), "t2"))
    assert cl.corrections(log) == [cl.Mark(2, "t2"), None]
    log.append(cl.step_entry("undo", edit_op(0, FIXED, PLAYED), "t3"))
    assert cl.corrections(log) == [cl.Mark(1, "t3"), None]


def test_a_corrected_hand_deleted_and_brought_back_keeps_its_mark() -> None:
    log = cl.started("") + [add(0, PLAYED), cl.change_entry(edit_op(0, PLAYED, FIXED), "t1")]
    delete = {"op": "delete", "index": 0, "hand": FIXED}
    log += [cl.change_entry(delete, "t2"), cl.step_entry("undo", delete, "t3")]
    assert cl.corrections(log) == [cl.Mark(1, "t1")]


def test_a_game_without_a_log_begins_one_from_the_hands_before_the_change() -> None:
    old = {"players": ["A", "B"], "hands": [PLAYED]}
    changed = cl.with_entry({**old, "hands": [PLAYED, {"redeal": True}]},
                            add(1, {"redeal": True}, "t1"), hands_before=old["hands"])
    assert [entry["do"] for entry in changed["log"]] == ["begin", "add"]
    assert changed["log"][0]["from"] == "earlier"
    assert cl.replay(changed["log"]) == changed["hands"]


def test_a_long_log_is_folded_into_a_summary_that_replays_the_same() -> None:
    log = cl.started("2026-12-02T19:00:00")
    hands: list[dict[str, object]] = []
    for n in range(cl.LIMIT + 30):
        hand = {"taker": n % 2, "cards": [n % 163, 162 - n % 163]}
        log = cl.bounded([*log, add(len(hands), hand, f"2026-12-02T20:{n % 60:02}:00")])
        hands.append(hand)
        if n % 7 == 3:  # a correction now and then
            fixed = {**hand, "bella": 0}
            log = cl.bounded([*log, cl.change_entry(edit_op(len(hands) - 1, hand, fixed), "t")])
            hands[-1] = fixed
        assert len(log) <= cl.LIMIT
    assert log[0]["do"] == "summary"
    assert cl.replay(log) == hands
    total = log[0]["count"] + len(log) - 1
    assert total == cl.LIMIT + 30 + sum(1 for n in range(cl.LIMIT + 30) if n % 7 == 3)
    assert log[0]["since"] == "2026-12-02T19:00:00"
    assert sum(log[0]["tally"].values()) == log[0]["count"]
    marks = cl.corrections(log)
    assert [index for index, mark in enumerate(marks) if mark] == [
        n for n in range(cl.LIMIT + 30) if n % 7 == 3
    ]


def test_a_second_fold_adds_up_the_first() -> None:
    log = cl.started("t0") + [add(n, {"redeal": True}, f"t{n}") for n in range(9)]
    once = cl.bounded(log, limit=6, keep=4)
    twice = cl.bounded([*once, *[add(9 + n, {"redeal": True}) for n in range(4)]], limit=6, keep=4)
    assert twice[0]["count"] == 13 - 3 and twice[0]["tally"] == {"add": 10}
    assert twice[0]["since"] == "t0"
    assert cl.replay(twice) == [{"redeal": True}] * 13


def test_a_log_from_outside_is_checked_against_the_hands() -> None:
    log = cl.started("") + [add(0, PLAYED)]
    assert cl.problem(log, [PLAYED]) is None
    assert cl.problem(log, [FIXED]) == "it does not lead to the hands of the game"
    assert cl.problem("log", []) == "it is not a list"
    assert cl.problem([], []) == f"it has 0 entries, not 1 to {cl.LIMIT}"
    too_long = cl.started("") + [add(n, {"redeal": True}) for n in range(cl.LIMIT)]
    assert cl.problem(too_long, [{"redeal": True}] * cl.LIMIT) == (
        f"it has {cl.LIMIT + 1} entries, not 1 to {cl.LIMIT}"
    )
    bad_summary = [{"do": "summary", "count": -1, "since": "", "until": "", "tally": {},
                    "hands": [], "at": ""}]
    assert cl.problem(bad_summary, []) == "entry 1: the summary is not one"
    not_hands = [{"do": "begin", "from": "file", "hands": [1], "at": ""}]
    assert cl.problem(not_hands, [1]) == "entry 1: its hands are not hand records"


def test_replaying_never_changes_the_log() -> None:
    log = cl.started("") + [add(0, PLAYED), cl.change_entry(edit_op(0, PLAYED, FIXED))]
    kept = copy.deepcopy(log)
    cl.replay(log)
    cl.corrections(log)
    cl.bounded(log, limit=2, keep=2)
    assert log == kept
