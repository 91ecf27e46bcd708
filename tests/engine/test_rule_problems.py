"""Every problem of the game's own options, with its field, code and params (the UI translates by
code and params, so these must not drift), and the boundaries of each accepted range."""

from __future__ import annotations

from typing import Any

import pytest

from app.engine import Penalty, Rules, check_game, rules_from_json, rules_to_json
from app.engine.errors import Report
from app.engine.rules import read_penalty

from .helpers import doc


def problems(**rules: Any) -> list[tuple[str, str, dict[str, object]]]:
    return [(p.field, p.code, p.params) for p in check_game(doc(2, [], **rules))]


@pytest.mark.parametrize("points", [10, 20, 150, 290, 300])
def test_penalty_points_from_10_to_300_in_tens_are_accepted(points: int) -> None:
    assert problems(bait_penalty={"points": points, "when": "each"}) == []
    rules = rules_from_json({"ski_penalty": {"points": points, "when": "third"}})
    assert rules.ski_penalty == Penalty(points, "third", "game")


@pytest.mark.parametrize("points", [0, 5, 9, 11, 15, 295, 305, 310, -10])
def test_other_penalty_points_are_refused_with_their_value(points: int) -> None:
    assert problems(bait_penalty={"points": points, "when": "each"}) == [
        ("rules.bait_penalty.points", "penalty_points", {"value": points})]


@pytest.mark.parametrize("points", ["100", 100.0, True, None, [100]])
def test_penalty_points_must_be_a_whole_number(points: Any) -> None:
    found = problems(ski_penalty={"points": points, "when": "each"})
    if points is None:
        assert found == [("rules.ski_penalty.points", "missing", {})]
    else:
        assert found == [("rules.ski_penalty.points", "not_int", {})]


def test_a_penalty_reports_each_wrong_key_at_its_field() -> None:
    found = problems(bait_penalty={"points": 5, "when": "fourth", "count": "run", "x": 1})
    assert found == [
        ("rules.bait_penalty.x", "unknown_key", {"key": '"x"'}),
        ("rules.bait_penalty.points", "penalty_points", {"value": 5}),
        ("rules.bait_penalty.when", "unknown_value",
         {"value": '"fourth"', "allowed": ["each", "third", "third_and_after", "every_third"]}),
        ("rules.bait_penalty.count", "unknown_value",
         {"value": '"run"', "allowed": ["game", "consecutive"]}),
    ]
    assert problems(bait_penalty=100) == [("rules.bait_penalty", "not_object", {})]
    assert problems(ski_penalty={}) == [("rules.ski_penalty.points", "missing", {}),
                                        ("rules.ski_penalty.when", "missing", {})]


@pytest.mark.parametrize(("key", "allowed"), [
    ("eggs", ["hang", "opponents", "each"]),
    ("both_reach", ["more_points", "taker", "last_trick"]),
    ("must_beat", ["each", "combined"]),
    ("bait_to", ["leader", "taker_points_to_leader", "halves"]),
    ("claim_counts", ["all", "cards"]),
    ("claim_by", ["any", "defenders"]),
    ("failed_claim", ["play_on", "loses"]),
])
def test_every_choice_names_its_allowed_values(key: str, allowed: list[str]) -> None:
    assert problems(**{key: "nonsense"}) == [
        (f"rules.{key}", "unknown_value", {"value": '"nonsense"', "allowed": allowed})]
    for value in allowed:
        if value != "loses":
            assert problems(**{key: value}) == []
            assert getattr(rules_from_json({key: value}), key) == value


@pytest.mark.parametrize(("target", "found"), [
    (51, []), (10001, []), (50, [("rules.target", "out_of_range",
                                   {"value": 50, "min": 51, "max": 10001})]),
    (10002, [("rules.target", "out_of_range", {"value": 10002, "min": 51, "max": 10001})]),
    ("501", [("rules.target", "not_int", {})]),
])
def test_the_target_range(target: Any, found: list[Any]) -> None:
    assert problems(target=target) == found


def test_flags_and_unknown_keys() -> None:
    assert problems(obligation="yes") == [("rules.obligation", "not_bool", {})]
    assert problems(sequences_need_trick=1) == [("rules.sequences_need_trick", "not_bool", {})]
    assert problems(targte=501) == [("rules.targte", "unknown_key", {"key": '"targte"'})]
    assert rules_from_json({"obligation": True, "sequences_need_trick": False}) == Rules(
        obligation=True, sequences_need_trick=False)


def test_rules_to_json_writes_each_option_under_its_name() -> None:
    rules = Rules(target=701, eggs="each", both_reach="taker", must_beat="combined",
                  bait_to="halves", sequences_need_trick=False, obligation=True,
                  bait_penalty=Penalty(50, "third_and_after", "consecutive"),
                  ski_penalty=Penalty(20, "each"), claim_counts="cards",
                  claim_by="defenders", failed_claim="loses")
    assert rules_to_json(rules) == {
        "target": 701, "eggs": "each", "both_reach": "taker", "must_beat": "combined",
        "bait_to": "halves", "sequences_need_trick": False, "obligation": True,
        "bait_penalty": {"points": 50, "when": "third_and_after", "count": "consecutive"},
        "ski_penalty": {"points": 20, "when": "each", "count": "game"},
        "claim_counts": "cards", "claim_by": "defenders", "failed_claim": "loses"}
    assert rules_from_json(rules_to_json(rules)) == rules


@pytest.mark.parametrize(("when", "due"), [
    ("each", [1, 2, 3, 4, 5, 6, 7]), ("third", [3]), ("third_and_after", [3, 4, 5, 6, 7]),
    ("every_third", [3, 6]),
])
def test_when_a_penalty_is_due(when: str, due: list[int]) -> None:
    assert [n for n in range(1, 8) if Penalty(10, when).is_due(n)] == due


def test_read_penalty_gives_none_whenever_a_part_is_wrong() -> None:
    for value in ({"when": "each"}, {"points": 10}, {"points": 10, "when": "each", "count": "x"},
                  {"points": 5, "when": "each"}, {"points": 10, "when": "tenth"}):
        report = Report(None)
        assert read_penalty(report, "rules.bait_penalty", value) is None and report.problems
    report = Report(None)
    assert read_penalty(report, "p", {"points": 10, "when": "each"}) == Penalty(10, "each")
    assert report.problems == []
