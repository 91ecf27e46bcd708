"""The small JSON readers (checks.py) and the message helpers (errors.py), value by value."""

from __future__ import annotations

from app.engine.checks import (
    read_bool,
    read_choice,
    read_int,
    read_list,
    read_object,
    read_place,
    read_required,
)
from app.engine.errors import DebertzError, Problem, Report, kind_of, shown


def only_problem(report: Report) -> tuple[object, ...]:
    assert len(report.problems) == 1
    p = report.problems[0]
    return p.hand, p.field, p.code, p.params, p.message


def test_shown_keeps_text_as_json_with_its_own_letters() -> None:
    assert shown("Оля") == '"Оля"'
    assert shown({"a": [1, None]}) == '{"a": [1, null]}'


def test_shown_cuts_only_what_is_longer_than_the_limit() -> None:
    assert shown("x" * 38) == '"' + "x" * 38 + '"'  # 40 characters: kept whole
    assert shown("x" * 39) == '"' + "x" * 36 + "..."  # 41: cut to 40
    assert shown(12345, limit=5) == "12345"
    assert shown(123456, limit=5) == "12..."


def test_shown_names_the_type_of_what_json_cannot_write() -> None:
    circular: list[object] = []
    circular.append(circular)
    assert shown({1, 2}) == "set"
    assert shown(circular) == "list"
    assert shown(object()) == "object"


def test_kind_of_names_each_json_type_and_any_other_by_its_class() -> None:
    assert [kind_of(v) for v in (None, True, False, 3, 2.5, "s", [1], (1,), {"a": 1})] == [
        "null", "true", "false", "a whole number", "a fraction", "text", "a list", "a list",
        "an object"]
    assert kind_of({1}) == "set"
    assert kind_of(b"x") == "bytes"


def test_a_report_prefixes_the_hand_number_and_raises_its_first_problem() -> None:
    report = Report(7)
    report.raise_first()  # nothing found: nothing raised
    report.add("cards", "cards_sum", {"total": 150}, "cards must add up to 162, not 150")
    report.add("taker", "missing", {}, "taker is missing")
    assert report.problems[0] == Problem(7, "cards", "cards_sum", {"total": 150},
                                         "hand 7: cards must add up to 162, not 150")
    try:
        report.raise_first()
    except DebertzError as err:
        assert err.problem is report.problems[0]
        assert str(err) == "hand 7: cards must add up to 162, not 150"
    else:
        raise AssertionError("raise_first raised nothing")
    game_report = Report(None)
    game_report.add("players", "players_count", {"count": 1}, "players must list 2")
    assert game_report.problems[0].message == "players must list 2"
    assert game_report.problems[0].hand is None


def test_read_int_takes_a_whole_number_within_its_bounds() -> None:
    report = Report(1)
    assert [read_int(report, "f", v, 0, 10) for v in (0, 10, 5)] == [0, 10, 5]
    assert report.problems == []


def test_read_int_refuses_what_is_not_a_whole_number() -> None:
    for value, kind in ((True, "true"), (5.0, "a fraction"), ("5", "text"), (None, "null")):
        report = Report(2)
        assert read_int(report, "cards.0", value, 0, 162) is None
        assert only_problem(report) == (2, "cards.0", "not_int", {},
                                        f"hand 2: cards.0 must be a whole number, not {kind}")


def test_read_int_refuses_a_number_outside_its_bounds() -> None:
    for value in (-1, 11):
        report = Report(None)
        assert read_int(report, "rules.target", value, 0, 10) is None
        assert only_problem(report) == (None, "rules.target", "out_of_range",
                                        {"value": value, "min": 0, "max": 10},
                                        f"rules.target must be from 0 to 10, not {value}")


def test_read_place_takes_a_seat_or_side_below_the_count() -> None:
    report = Report(1)
    assert read_place(report, "taker", 0, 3, "seat") == 0
    assert read_place(report, "taker", 2, 3, "seat") == 2
    assert report.problems == []


def test_read_place_names_a_seat_or_a_side_in_its_problems() -> None:
    report = Report(3)
    assert read_place(report, "taker", 3, 3, "seat") is None
    assert read_place(report, "bella", -1, 2, "side") is None
    assert read_place(report, "bella", "0", 2, "side") is None
    assert [(p.field, p.code, p.params, p.message) for p in report.problems] == [
        ("taker", "not_seat", {"value": 3, "count": 3},
         "hand 3: taker must be a seat from 0 to 2, not 3"),
        ("bella", "not_side", {"value": -1, "count": 2},
         "hand 3: bella must be a side from 0 to 1, not -1"),
        ("bella", "not_int", {}, "hand 3: bella must be a side number, not text"),
    ]


def test_read_bool_takes_only_true_and_false() -> None:
    report = Report(None)
    assert read_bool(report, "teams", True) is True
    assert read_bool(report, "teams", False) is False
    assert read_bool(report, "teams", 1) is None
    assert only_problem(report) == (None, "teams", "not_bool", {},
                                    "teams must be true or false, not a whole number")


def test_read_choice_takes_one_of_the_allowed_values() -> None:
    report = Report(None)
    assert read_choice(report, "rules.eggs", "each", ("hang", "each")) == "each"
    assert report.problems == []


def test_read_choice_refuses_another_value_listing_the_allowed_ones() -> None:
    for value, written in (("lose", '"lose"'), (1, "1"), (None, "null")):
        report = Report(None)
        assert read_choice(report, "rules.failed_claim", value, ("play_on", "loses")) is None
        assert only_problem(report) == (
            None, "rules.failed_claim", "unknown_value",
            {"value": written, "allowed": ["play_on", "loses"]},
            f'rules.failed_claim must be one of "play_on", "loses", not {written}')


def test_read_object_and_read_list_take_their_own_json_type_only() -> None:
    report = Report(4)
    assert read_object(report, "melds", {"side": 0}) == {"side": 0}
    assert read_list(report, "cards", [1, 2]) == [1, 2]
    assert report.problems == []
    assert read_object(report, "melds", [1]) is None
    assert read_list(report, "cards", {"a": 1}) is None
    assert [(p.field, p.code, p.params, p.message) for p in report.problems] == [
        ("melds", "not_object", {}, "hand 4: melds must be an object, not a list"),
        ("cards", "not_list", {}, "hand 4: cards must be a list, not an object"),
    ]


def test_read_required_names_the_field_and_adds_the_hint() -> None:
    report = Report(None)
    assert read_required(report, {"hands": None}, "hands", null_is_missing=False) is True
    assert read_required(report, {}, "hands", null_is_missing=False,
                         hint=" (use [] for a game not yet played)") is False
    assert read_required(report, {"side": None}, "side", "claim.side") is False
    assert [(p.field, p.code, p.params, p.message) for p in report.problems] == [
        ("hands", "missing", {}, "hands is missing (use [] for a game not yet played)"),
        ("claim.side", "missing", {}, "claim.side is missing"),
    ]
