"""The engine's closed sets of strings (Literal types) list exactly the values it reads and says."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import get_args

import pytest

from app import engine
from app.engine import errors, rules

GOLDEN = Path(__file__).resolve().parents[2] / "tests" / "golden"


def test_each_closed_set_of_the_sheet_lists_its_values_in_order() -> None:
    assert engine.DECIDED_BY == ("debertz", "target", "more_points", "taker", "last_trick",
                                 "claim", "failed_claim")
    assert engine.HAND_KINDS == ("redeal", "played", "debertz", "claim")
    assert engine.OUTCOMES == ("made", "bait", "eggs")
    assert engine.PRESET_NAMES == ("standard", "moscow", "vinnytsia")


def test_each_tuple_holds_the_values_of_its_literal_type() -> None:
    pairs = [(engine.DecidedBy, engine.DECIDED_BY), (engine.HandKind, engine.HAND_KINDS),
             (engine.Outcome, engine.OUTCOMES), (engine.PresetName, engine.PRESET_NAMES),
             (engine.Eggs, rules.EGGS), (engine.BothReach, rules.BOTH_REACH),
             (engine.MustBeat, rules.MUST_BEAT), (engine.BaitTo, rules.BAIT_TO),
             (engine.When, rules.WHEN), (engine.Count, rules.COUNT),
             (engine.ClaimCounts, rules.CLAIM_COUNTS), (engine.ClaimBy, rules.CLAIM_BY),
             (engine.FailedClaim, rules.FAILED_CLAIM)]
    for alias, values in pairs:
        assert get_args(alias) == values
    assert frozenset(get_args(engine.ProblemCode)) == engine.PROBLEM_CODES


def test_the_presets_are_the_named_ones_in_order() -> None:
    assert tuple(engine.PRESETS) == engine.PRESET_NAMES


OPTIONS = {"eggs": rules.EGGS, "both_reach": rules.BOTH_REACH, "must_beat": rules.MUST_BEAT,
           "bait_to": rules.BAIT_TO, "claim_counts": rules.CLAIM_COUNTS,
           "claim_by": rules.CLAIM_BY, "failed_claim": rules.FAILED_CLAIM}


@pytest.mark.parametrize("key", sorted(OPTIONS))
def test_every_value_of_an_option_is_read_and_written_back_as_it_is(key: str) -> None:
    for value in OPTIONS[key]:
        extra = {"failed_claim": "play_on"} if key != "failed_claim" else {}
        read = engine.rules_from_json({key: value, **extra})
        assert getattr(read, key) == value
        assert engine.rules_to_json(read)[key] == value


@pytest.mark.parametrize("key", sorted(OPTIONS))
def test_a_value_outside_an_option_set_is_refused_naming_the_set(key: str) -> None:
    with pytest.raises(engine.DebertzError) as caught:
        engine.rules_from_json({key: "other"})
    assert caught.value.problem.code == "unknown_value"
    assert caught.value.problem.params["allowed"] == list(OPTIONS[key])


def test_a_penalty_reads_every_when_and_count() -> None:
    for when in rules.WHEN:
        for count in rules.COUNT:
            penalty = rules.rules_from_json(
                {"bait_penalty": {"points": 50, "when": when, "count": count}}).bait_penalty
            assert penalty == engine.Penalty(50, when, count)


def test_the_problem_codes_are_those_tabled_in_the_errors_docstring() -> None:
    doc = errors.__doc__ or ""
    tabled = set(re.findall(r"^([a-z_]+) +\{", doc, re.MULTILINE))
    assert tabled == set(engine.PROBLEM_CODES)


def test_the_golden_games_say_only_values_of_the_closed_sets() -> None:
    seen_kinds: set[str] = set()
    seen_decided: set[object] = set()
    for path in sorted(GOLDEN.glob("*.json")):
        sheet = engine.score(engine.game_from_json(json.loads(path.read_text("utf-8"))["game"]))
        seen_decided.add(sheet.decided_by)
        for line in sheet.hands:
            seen_kinds.add(line.kind)
            assert line.outcome is None or line.outcome in engine.OUTCOMES
    assert seen_kinds <= set(engine.HAND_KINDS)
    assert seen_decided - {None} <= set(engine.DECIDED_BY)
    assert {"redeal", "played", "claim"} <= seen_kinds
