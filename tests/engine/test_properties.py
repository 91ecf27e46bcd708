"""Properties that must hold for every game (Hypothesis)."""

from __future__ import annotations

import io
import json
import os
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine import (
    DebertzError,
    Hand,
    check_hand,
    claim_result,
    claim_sides,
    claimed_points,
    game_from_json,
    game_to_json,
    hand_from_json,
    hand_to_json,
    score,
)
from app.engine.__main__ import run

from .strategies import games, json_values, mutated

FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(games())
def test_made_and_bait_hands_record_exactly_the_hand_value(document: dict[str, Any]) -> None:
    for line in score(game_from_json(document)).hands:
        if line.outcome in ("made", "bait") and not line.void:
            assert sum(line.recorded) == line.value == sum(line.totals or ())


@FAST
@given(games())
def test_hanging_eggs_move_the_takers_total_into_the_pot(document: dict[str, Any]) -> None:
    game = game_from_json(document)
    if game.rules.eggs != "hang":
        return
    pot = 0
    for line in score(game).hands:
        if line.outcome == "eggs" and not line.void:
            assert line.taker_side is not None and line.totals is not None
            assert line.recorded[line.taker_side] == 0
            assert line.winner is None
            assert line.pot == pot + line.totals[line.taker_side]
        pot = line.pot


@FAST
@given(games())
def test_a_claim_records_nothing_and_settles_the_game(document: dict[str, Any]) -> None:
    game = game_from_json(document)
    sheet = score(game)
    before = (0,) * game.side_count
    pot = 0
    for hand, line in zip(game.hands, sheet.hands, strict=True):
        if hand.claim is not None:
            assert line.kind == "claim" and line.outcome is None and line.totals is None
            assert line.change == line.recorded == (0,) * game.side_count
            assert line.score == before and line.pot == pot and line.winner is None
            assert sum(line.penalties.bait) == sum(line.penalties.ski) == line.pot_won == 0
            if line.void:
                assert line.claim is None
            else:
                claim = line.claim
                assert claim is not None and claim.score == before[hand.claim.side]
                assert claim.claimed == claimed_points(hand, game.rules) >= hand.claim.cards
                assert sheet.winner == claim.winner is not None
                assert sheet.decided_by == claim.decided_by == (
                    "claim" if claim.total >= game.rules.target else "failed_claim")
                assert all(later.void for later in sheet.hands[line.number:])
                assert sheet.score == before and sheet.hanging == pot
        before, pot = line.score, line.pot


@FAST
@given(games())
def test_a_claim_is_judged_alike_in_the_sheet_the_preview_and_the_checks(
        document: dict[str, Any]) -> None:
    game = game_from_json(document)
    sheet = score(game)
    for index, (hand, line) in enumerate(zip(game.hands, sheet.hands, strict=True)):
        if hand.claim is None:
            continue
        record = hand_to_json(hand)
        assert check_hand(game, record, index) == []
        assert claim_result(game, record, index) == line.claim
        if game.rules.claim_by == "defenders":
            assert hand.claim.side in claim_sides(game, hand.taker)
            assert game.side_of(hand.taker or 0) not in claim_sides(game, hand.taker)
        earlier = replace(game, hands=game.hands[:index])
        assert claim_result(earlier, record) == line.claim
        assert check_hand(earlier, record) == []


@FAST
@given(games())
def test_replaying_is_deterministic(document: dict[str, Any]) -> None:
    assert score(game_from_json(document)) == score(game_from_json(document))


@FAST
@given(games(), st.data())
def test_replacing_a_hand_and_putting_it_back_restores_the_sheet(
        document: dict[str, Any], data: st.DataObject) -> None:
    game = game_from_json(document)
    if not game.hands:
        return
    index = data.draw(st.integers(0, len(game.hands) - 1))
    other = game.hands[data.draw(st.integers(0, len(game.hands) - 1))]
    try:
        changed = game.replace_hand(index, other if not game.rules.obligation else game.hands[0])
    except DebertzError as error:  # the edit would leave a claim that counts and falls short
        assert error.problem.code == "claim_short"
        assert check_hand(game, hand_to_json(other), index)[0] == error.problem
    else:
        restored = changed.replace_hand(index, game.hands[index])
        assert restored == game
        assert score(restored) == score(game)
    sweep = Hand(taker=0, cards=(162,) + (0,) * (game.side_count - 1), last_trick=0)
    try:
        inserted = game.insert_hand(index, sweep)
    except DebertzError as error:
        assert error.problem.code == "claim_short" and (error.problem.hand or 0) > index + 1
    else:
        assert score(inserted.delete_hand(index)) == score(game)


@FAST
@given(games())
def test_load_and_dump_round_trip_keeping_the_apps_own_keys(document: dict[str, Any]) -> None:
    game = game_from_json(document)
    dumped = game_to_json(game)
    assert game_from_json(dumped) == game
    assert game_to_json(game_from_json(json.loads(json.dumps(dumped)))) == dumped
    for key in ("id", "undo"):
        if key in document:
            assert dumped[key] == document[key]
    hands_out: Any = dumped["hands"]
    for raw, out in zip(document["hands"], hands_out, strict=True):
        if "id" in raw:
            assert out["id"] == raw["id"]


@settings(max_examples=500, deadline=None, suppress_health_check=list(HealthCheck))
@given(games(max_hands=6).flatmap(mutated))
def test_mutated_documents_only_ever_raise_debertz_error(document: Any) -> None:
    try:
        score(game_from_json(document))
    except DebertzError as error:
        assert str(error) and "\n" not in str(error)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_random_json_only_ever_raises_debertz_error(document: Any) -> None:
    try:
        score(game_from_json(document))
    except DebertzError:
        pass


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(games(max_hands=4).flatmap(mutated))
def test_the_cli_answers_malformed_documents_with_exit_2_and_one_line(document: Any) -> None:
    path = Path(tempfile.gettempdir()) / f"debertz-cli-property-{os.getpid()}.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    status = run(["score", str(path)], out, err)
    assert status in (0, 2)
    if status == 2:
        assert out.getvalue() == ""
        assert err.getvalue().count("\n") == 1
    else:
        assert json.loads(out.getvalue())["score"] is not None


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(games(max_hands=3).flatmap(lambda d: mutated(d["hands"]).map(lambda h: (d, h))))
def test_check_hand_agrees_with_the_loader(pair: tuple[dict[str, Any], Any]) -> None:
    document, hands = pair
    game = game_from_json({**document, "hands": []})
    for index, hand in enumerate(hands if isinstance(hands, list) else [hands]):
        problems = check_hand(game, hand, index)
        try:
            hand_from_json(hand, game, index)
        except DebertzError as error:
            assert problems and str(error) == problems[0].message
            assert problems[0].message.startswith(f"hand {index + 1}: ")
        else:
            assert problems == []
