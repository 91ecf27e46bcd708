"""The reference scorer against the worked examples of RULES.md §8 (the ground truth) and a few
hand-computed games for the parts §8 does not show (splitting order, runs, void hands, deal)."""

from __future__ import annotations

import doctest
from typing import Any

import pytest

from .reference_scorer import ShortClaim, score

Doc = dict[str, Any]


def game(players: int, hands: list[Doc], **extra: Any) -> Doc:
    names = ["Оля", "Петро", "Іван", "Марта"][:players]
    return {"format": "debertz/1", "players": names, "hands": hands, **extra}


def recorded(doc: Doc, index: int = 0) -> list[int]:
    return list(score(doc)["hands"][index]["recorded"])


def test_example_1_made_hand_records_each_total() -> None:
    assert recorded(game(2, [{"taker": 0, "cards": [100, 62]}])) == [100, 62]


def test_example_2_bait_gives_the_whole_value_to_the_opponent() -> None:
    doc = game(2, [{"taker": 0, "cards": [70, 92], "bella": 0}])
    assert score(doc)["hands"][0]["totals"] == [90, 92]
    assert recorded(doc) == [0, 182]


def test_example_3_eggs_hang_and_the_next_winner_takes_the_pot() -> None:
    doc = game(2, [{"taker": 0, "cards": [81, 81]},
                   {"taker": 1, "cards": [62, 100], "melds": {"side": 1, "terz": 1, "fifty": 0}}])
    result = score(doc)
    first, second = result["hands"]
    assert first["recorded"] == [0, 81] and first["pot"] == 81
    assert second["totals"] == [62, 120] and second["outcome"] == "made"
    assert second["score"][1] - first["score"][1] == 201
    assert result["score"] == [62, 282] and result["hanging"] == 0


def test_example_4_sequences_without_a_trick_are_void_and_ski_penalty_applies() -> None:
    hand = {"taker": 1, "cards": [162, 0], "melds": {"side": 1, "fifty": 1}, "no_tricks": [1]}
    plain = score(game(2, [hand]))
    assert plain["hands"][0]["totals"] == [162, 0] and plain["hands"][0]["outcome"] == "bait"
    assert plain["score"] == [162, 0]
    penalised = score(game(2, [hand], rules={"ski_penalty": {"points": 100, "when": "each"}}))
    assert penalised["score"] == [162, -100]


@pytest.mark.parametrize(("bait_to", "expected"), [
    ("leader", [0, 162, 0]),
    ("taker_points_to_leader", [0, 120, 42]),
    ("halves", [0, 81, 81]),
])
def test_example_5_three_player_bait_shares(bait_to: str, expected: list[int]) -> None:
    doc = game(3, [{"taker": 0, "cards": [50, 70, 42]}], rules={"bait_to": bait_to})
    assert recorded(doc) == expected


def test_example_6_tied_leaders_split_the_value() -> None:
    doc = game(3, [{"taker": 0, "cards": [40, 61, 61]}])
    assert recorded(doc) == [0, 81, 81]
    assert score(doc)["hands"][0]["winner"] is None


def test_example_7_only_the_third_bait_costs_under_third_game() -> None:
    bait = {"taker": 0, "cards": [60, 102]}
    made = {"taker": 0, "cards": [100, 62]}
    doc = game(2, [bait, bait, made, bait, bait],
               rules={"target": 10001,
                      "bait_penalty": {"points": 100, "when": "third", "count": "game"}})
    penalties = [line["penalties"]["bait"][0] for line in score(doc)["hands"]]
    assert penalties == [0, 0, 0, 100, 0]


EARLIER = [{"taker": 0, "cards": [100, 62]}, {"taker": 1, "cards": [62, 100]},
           {"taker": 0, "cards": [100, 62]},
           {"taker": 1, "cards": [62, 100], "melds": {"side": 1, "fifty": 2}},
           {"taker": 0, "cards": [106, 56]}]


@pytest.mark.parametrize(("both_reach", "winner"), [("more_points", 1), ("taker", 0)])
def test_example_8_both_reach_the_target(both_reach: str, winner: int) -> None:
    doc = game(2, [*EARLIER, {"taker": 0, "cards": [90, 72]}], rules={"both_reach": both_reach})
    result = score(doc)
    assert result["hands"][-2]["score"] == [430, 480]
    assert result["score"] == [520, 552] and result["winner"] == winner


def test_last_trick_decides_when_both_reach() -> None:
    rules = {"both_reach": "last_trick"}
    hands = [{**hand, "last_trick": 0} for hand in EARLIER]
    doc = game(2, [*hands, {"taker": 0, "cards": [90, 72], "last_trick": 0}], rules=rules)
    assert score(doc)["winner"] == 0
    doc["hands"][-1]["last_trick"] = 1
    assert score(doc)["winner"] == 1


def test_tie_for_the_highest_score_goes_on_until_broken() -> None:
    doc = game(2, [{"taker": 0, "cards": [81, 81]}, {"taker": 1, "cards": [62, 100]},
                   {"taker": 0, "cards": [100, 62]}],
               rules={"target": 51, "eggs": "each"})
    result = score(doc)
    assert result["hands"][0]["score"] == [81, 81] and result["hands"][0]["void"] is False
    assert result["winner"] == 1 and result["hands"][2]["void"] is True
    assert result["score"] == [143, 181]


def test_split_remainder_goes_first_to_the_dealers_left() -> None:
    # Four players each for themselves, halves: V = 162 split three ways (54 each, no remainder);
    # with a bella V = 182: 60 each and 2 more for the first two opponents from the dealer's left.
    doc = game(4, [{"taker": 1, "cards": [40, 30, 50, 42], "bella": 0}], teams=False,
               first_dealer=2, rules={"bait_to": "halves"})
    assert recorded(doc) == [61, 0, 60, 61]


def test_debertz_without_cards_wins_at_once_and_later_hands_are_void() -> None:
    doc = game(4, [{"taker": 0, "cards": [100, 62]}, {"taker": 3, "debertz": 1},
                   {"redeal": True}, {"taker": 0, "cards": [100, 62]}], first_dealer=3)
    result = score(doc)
    assert result["winner"] == 1 and result["score"] == [100, 62]
    assert [line["void"] for line in result["hands"]] == [False, False, True, True]
    assert result["next_dealer"] == 3


def test_consecutive_ski_run_breaks_when_the_side_takes_a_trick() -> None:
    ski = {"taker": 0, "cards": [162, 0], "no_tricks": [1]}
    trick = {"taker": 0, "cards": [150, 12]}
    doc = game(2, [ski, ski, trick, ski, ski, ski, ski],
               rules={"target": 10001,
                      "ski_penalty": {"points": 50, "when": "third_and_after",
                                      "count": "consecutive"}})
    penalties = [line["penalties"]["ski"][1] for line in score(doc)["hands"]]
    assert penalties == [0, 0, 0, 0, 0, 50, 50]


def test_bait_run_ignores_hands_where_the_side_is_not_taker() -> None:
    bait0 = {"taker": 0, "cards": [60, 102]}
    made1 = {"taker": 1, "cards": [60, 102]}
    doc = game(2, [bait0, made1, bait0, bait0],
               rules={"target": 10001, "eggs": "opponents",
                      "bait_penalty": {"points": 10, "when": "every_third",
                                       "count": "consecutive"}})
    assert [line["penalties"]["bait"][0] for line in score(doc)["hands"]] == [0, 0, 0, 10]


def test_eggs_opponents_is_a_bait_for_penalties_and_pot() -> None:
    doc = game(2, [{"taker": 0, "cards": [81, 81]}],
               rules={"eggs": "opponents", "bait_penalty": {"points": 10, "when": "each"}})
    assert score(doc)["score"] == [-10, 162]


def test_reference_docstring_examples_hold() -> None:
    from . import reference_scorer

    failed, attempted = doctest.testmod(reference_scorer)
    assert attempted > 10 and failed == 0


# Scores [430, 300] before the claim. With defaults the two sums always end in 2k (mod 10) after k
# played hands, so it takes five hands and one bait penalty of 80: [100, 62], [262, -18] (side 1
# baited: 162 to side 0, -80), [324, 82], [424, 144], [430, 300].
TO_430_300 = [{"taker": 0, "cards": [100, 62]}, {"taker": 1, "cards": [100, 62]},
              {"taker": 1, "cards": [62, 100]}, {"taker": 0, "cards": [100, 62]},
              {"taker": 1, "cards": [6, 156]}]
PENALTY = {"bait_penalty": {"points": 80, "when": "each"}}


def test_the_setup_of_examples_9_and_10() -> None:
    assert score(game(2, TO_430_300, rules=PENALTY))["score"] == [430, 300]


def test_example_9_a_claim_with_its_sequences_holds() -> None:
    claim = {"taker": 1, "claim": {"side": 0, "cards": 51}, "melds": {"side": 0, "terz": 1}}
    result = score(game(2, [*TO_430_300, claim], rules=PENALTY))
    assert result["winner"] == 0 and result["decided_by"] == "claim"
    assert result["score"] == [430, 300] and result["hands"][-1]["claimed"] == 71


def test_example_9_without_the_melds_falls_short() -> None:
    claim = {"taker": 1, "claim": {"side": 0, "cards": 51}}
    with pytest.raises(ShortClaim, match="430 \\+ 51 = 481 of 501"):
        score(game(2, [*TO_430_300, claim], rules={**PENALTY, "claim_counts": "cards"}))
    loses = score(game(2, [*TO_430_300, claim],
                       rules={**PENALTY, "claim_counts": "cards",
                              "failed_claim": "loses"}))
    assert loses["winner"] == 1 and loses["decided_by"] == "failed_claim"
    assert loses["score"] == [430, 300]


def test_a_claim_leaves_the_pot_hanging() -> None:
    doc = game(2, [{"taker": 0, "cards": [81, 81]}, {"taker": 0, "claim": {"side": 1, "cards": 20}}],
               rules={"target": 101})
    result = score(doc)  # eggs: [0, 81], 81 hangs; side 1 claims 81 + 20 = 101 of 101
    assert result["score"] == [0, 81] and result["hanging"] == 81
    assert result["winner"] == 1 and result["decided_by"] == "claim"
    assert result["hands"][1]["recorded"] == [0, 0] and result["hands"][1]["pot_won"] == [0, 0]


def test_an_edit_that_ends_the_game_earlier_makes_the_claim_void() -> None:
    bait = {"taker": 0, "cards": [60, 102]}
    claim = {"taker": 0, "claim": {"side": 1, "cards": 20}}
    doc = game(2, [{"taker": 0, "cards": [81, 81]}, bait, bait, claim, bait])
    result = score(doc)  # [0, 81] pot 81; [0, 324]; [0, 486]; 486 + 20 = 506 of 501: holds
    assert [line["void"] for line in result["hands"]] == [False, False, False, False, True]
    assert result["winner"] == 1 and result["decided_by"] == "claim"
    assert result["score"] == [0, 486] and result["hands"][3]["claimed"] == 20
    doc["hands"][2] = {"taker": 1, "cards": [0, 162], "melds": {"side": 1, "terz": 1}}
    result = score(doc)  # 324 + 182 = 506: side 1 wins in hand 3
    assert [line["kind"] for line in result["hands"]] == [
        "played", "played", "played", "void", "void"]
    assert result["score"] == [0, 506] and result["decided_by"] == "target"
    doc["hands"][3]["claim"]["cards"] = 0  # short, but void: not checked
    assert score(doc)["score"] == [0, 506]
