"""RULES.md §8, every worked example, in the order of the rules (2 players, defaults unless said)."""

from __future__ import annotations

import pytest

from app.engine import DebertzError

from .helpers import recorded, sheet


def test_1_a_made_hand_records_each_sides_own_points() -> None:
    line = sheet(2, [{"taker": 0, "cards": [100, 62]}]).hands[0]
    assert line.outcome == "made"
    assert list(line.recorded) == [100, 62]


def test_2_a_bait_gives_the_whole_hand_value_to_the_opponent() -> None:
    line = sheet(2, [{"taker": 0, "cards": [70, 92], "bella": 0}]).hands[0]
    assert list(line.totals or ()) == [90, 92]
    assert line.value == 182
    assert line.outcome == "bait"
    assert list(line.recorded) == [0, 182]


def test_3_hanging_eggs_wait_for_the_next_hands_winner() -> None:
    result = sheet(2, [
        {"taker": 0, "cards": [81, 81]},
        {"taker": 1, "cards": [62, 100], "melds": {"side": 1, "terz": 1, "fifty": 0}},
    ])
    eggs, next_hand = result.hands
    assert eggs.outcome == "eggs"
    assert list(eggs.recorded) == [0, 81]
    assert eggs.pot == 81
    assert list(next_hand.totals or ()) == [62, 120]
    assert next_hand.outcome == "made"
    assert list(next_hand.recorded) == [62, 120]
    assert next_hand.pot_won == 81
    assert next_hand.change[1] == 201
    assert next_hand.pot == 0
    assert list(result.score) == [62, 282]


def test_4_sequences_of_a_side_without_a_trick_are_void() -> None:
    hand = {"taker": 1, "cards": [162, 0], "melds": {"side": 1, "fifty": 1}, "no_tricks": [1]}
    line = sheet(2, [hand]).hands[0]
    assert list(line.totals or ()) == [162, 0]
    assert line.outcome == "bait"
    assert list(line.recorded) == [162, 0]


def test_4_with_a_ski_penalty_the_side_without_a_trick_also_loses_100() -> None:
    hand = {"taker": 1, "cards": [162, 0], "melds": {"side": 1, "fifty": 1}, "no_tricks": [1]}
    line = sheet(2, [hand], ski_penalty={"points": 100, "when": "each"}).hands[0]
    assert list(line.penalties.ski) == [0, 100]
    assert list(line.score) == [162, -100]


def test_5_three_players_bait_under_each_bait_to() -> None:
    hand = {"taker": 0, "cards": [50, 70, 42]}
    assert recorded(3, hand) == [0, 162, 0]
    assert recorded(3, hand, bait_to="leader") == [0, 162, 0]
    assert recorded(3, hand, bait_to="taker_points_to_leader") == [0, 120, 42]
    assert recorded(3, hand, bait_to="halves") == [0, 81, 81]


def test_6_three_players_tied_leaders_split_the_bait() -> None:
    line = sheet(3, [{"taker": 0, "cards": [40, 61, 61]}]).hands[0]
    assert line.outcome == "bait"
    assert list(line.recorded) == [0, 81, 81]
    assert line.winner is None


def test_7_only_the_third_bait_of_the_game_costs_100() -> None:
    baits = [{"taker": 0, "cards": [60, 102]}] * 4
    result = sheet(2, baits, bait_penalty={"points": 100, "when": "third", "count": "game"})
    assert [line.penalties.bait[0] for line in result.hands] == [0, 0, 100, 0]


# Made hands record both totals, so the sides reach [430, 480] like this:
TO_430_480 = [
    {"taker": 0, "cards": [100, 62]},                                   # [100, 62]
    {"taker": 1, "cards": [62, 100]},                                   # [162, 162]
    {"taker": 0, "cards": [100, 62]},                                   # [262, 224]
    {"taker": 1, "cards": [62, 100]},                                   # [324, 324]
    {"taker": 1, "cards": [106, 56], "melds": {"side": 1, "fifty": 2}},  # [430, 480]
]
FINAL = {"taker": 0, "cards": [90, 72]}


def test_8_the_set_up_reaches_430_480_without_ending_the_game() -> None:
    before = sheet(2, TO_430_480)
    assert list(before.score) == [430, 480]
    assert before.winner is None


def test_8_both_reach_more_points_the_higher_score_wins() -> None:
    after = sheet(2, [*TO_430_480, FINAL], both_reach="more_points")
    assert list(after.score) == [520, 552]
    assert after.winner == 1
    assert after.decided_by == "more_points"


def test_8_both_reach_taker_the_takers_side_wins_with_fewer_points() -> None:
    after = sheet(2, [*TO_430_480, FINAL], both_reach="taker")
    assert list(after.score) == [520, 552]
    assert after.winner == 0
    assert after.decided_by == "taker"


# Example 9 starts from [430, 300]. With the defaults both sums end in 2k (mod 10) after k played
# hands, so five hands and one bait penalty of 80 get there:
TO_430_300 = [
    {"taker": 0, "cards": [100, 62]},   # made: [100, 62]
    {"taker": 1, "cards": [100, 62]},   # side 1 baited: 162 to side 0, -80: [262, -18]
    {"taker": 1, "cards": [62, 100]},   # [324, 82]
    {"taker": 0, "cards": [100, 62]},   # [424, 144]
    {"taker": 1, "cards": [6, 156]},    # [430, 300]
]
PENALTY = {"bait_penalty": {"points": 80, "when": "each"}}
CLAIM = {"taker": 1, "claim": {"side": 0, "cards": 51}, "melds": {"side": 0, "terz": 1}}
BARE_CLAIM = {"taker": 1, "claim": {"side": 0, "cards": 51}}


def test_9_the_set_up_reaches_430_300_without_ending_the_game() -> None:
    before = sheet(2, TO_430_300, **PENALTY)
    assert list(before.score) == [430, 300]
    assert before.winner is None


def test_9_a_claim_with_its_terz_reaches_501_and_wins_at_once() -> None:
    result = sheet(2, [*TO_430_300, CLAIM], **PENALTY)
    line = result.hands[-1]
    assert line.kind == "claim" and line.claim is not None
    assert (line.claim.score, line.claim.claimed, line.claim.total) == (430, 71, 501)
    assert (result.winner, result.decided_by) == (0, "claim")
    assert list(result.score) == [430, 300]
    assert list(line.recorded) == [0, 0]


def test_9_melds_in_a_cards_only_claim_are_an_error() -> None:
    with pytest.raises(DebertzError, match='^hand 6: melds are not allowed in a claim under '
                                          'claim_counts "cards"'):
        sheet(2, [*TO_430_300, CLAIM], claim_counts="cards", **PENALTY)


def test_9_without_the_melds_481_falls_short_an_error_under_play_on() -> None:
    with pytest.raises(DebertzError) as caught:
        sheet(2, [*TO_430_300, BARE_CLAIM], claim_counts="cards", **PENALTY)
    assert str(caught.value) == "hand 6: the claim falls short: 430 + 51 = 481 of 501"
    assert caught.value.problem.params == {
        "side": 0, "score": 430, "claimed": 51, "total": 481, "target": 501}


def test_9_without_the_melds_under_loses_side_1_wins() -> None:
    result = sheet(2, [*TO_430_300, BARE_CLAIM], claim_counts="cards", failed_claim="loses",
                   **PENALTY)
    assert (result.winner, result.decided_by) == (1, "failed_claim")
    assert list(result.score) == [430, 300]
    assert result.hands[-1].claim is not None and not result.hands[-1].claim.holds


def test_10_the_takers_own_side_may_not_claim_under_defenders() -> None:
    own = {"taker": 0, "claim": {"side": 0, "cards": 162}}
    with pytest.raises(DebertzError) as caught:
        sheet(2, [*TO_430_300, own], claim_by="defenders", **PENALTY)
    assert caught.value.problem.code == "claim_not_allowed"
    assert str(caught.value).startswith("hand 6: claim.side is side 0, the taker's")
    assert sheet(2, [*TO_430_300, own], **PENALTY).decided_by == "claim"  # fine under "any"
    defender = sheet(2, [*TO_430_300, CLAIM], claim_by="defenders", **PENALTY)
    assert defender.decided_by == "claim"
