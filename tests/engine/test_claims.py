"""The claim («Партія», RULES.md §2, §5a): its options, its checks and the API a UI builds on."""

from __future__ import annotations

from typing import Any

import pytest

from app.engine import (
    PRESETS,
    PROBLEM_CODES,
    Claim,
    ClaimResult,
    DebertzError,
    Game,
    Hand,
    Melds,
    Rules,
    check_game,
    check_hand,
    claim_result,
    claim_sides,
    claimed_points,
    game_from_json,
    game_to_json,
    hand_from_json,
    hand_to_json,
    line_to_json,
    new_game,
    rules_from_json,
    rules_to_json,
    score,
    sheet_to_json,
)

from .helpers import doc, sheet

MADE_100_62 = {"taker": 0, "cards": [100, 62], "last_trick": 0}


def claim(side: int, points: int, taker: int = 0, **more: Any) -> dict[str, Any]:
    return {"taker": taker, "claim": {"side": side, "cards": points}, **more}


# ---------------------------------------------------------------- options and their JSON (§5a, §6)


def test_the_claim_options_default_to_all_any_play_on_and_are_written_out() -> None:
    assert (Rules().claim_counts, Rules().claim_by, Rules().failed_claim) == (
        "all", "any", "play_on")
    written = game_to_json(game_from_json({"players": ["A", "B"], "hands": []}))["rules"]
    assert isinstance(written, dict)
    assert (written["claim_counts"], written["claim_by"], written["failed_claim"]) == (
        "all", "any", "play_on")
    rules = rules_from_json({"claim_counts": "cards", "claim_by": "defenders",
                             "failed_claim": "loses"})
    assert rules_from_json(rules_to_json(rules)) == rules
    assert rules_to_json(rules)["failed_claim"] == "loses"


def test_the_vinnytsia_preset_has_cards_only_claims_by_defenders() -> None:
    vinnytsia = PRESETS["vinnytsia"]
    assert (vinnytsia.claim_counts, vinnytsia.claim_by, vinnytsia.failed_claim) == (
        "cards", "defenders", "play_on")
    assert PRESETS["moscow"].claim_counts == PRESETS["standard"].claim_counts == "all"


@pytest.mark.parametrize(("key", "value"), [
    ("claim_counts", "some"), ("claim_by", "taker"), ("failed_claim", "lose"),
    ("claim_by", None), ("failed_claim", True), ("claim_counts", ["all"]),
])
def test_an_unknown_claim_option_value_is_an_error(key: str, value: Any) -> None:
    problems = check_game(doc(2, [], **{key: value}))
    assert [(p.field, p.code) for p in problems] == [(f"rules.{key}", "unknown_value")]


@pytest.mark.parametrize(("players", "teams", "sides"), [(3, True, 3), (4, False, 4)])
def test_loses_needs_exactly_two_sides(players: int, teams: bool, sides: int) -> None:
    problems = check_game(doc(players, [], teams, failed_claim="loses"))
    assert [(p.field, p.code, p.params) for p in problems] == [
        ("rules.failed_claim", "failed_claim_sides", {"sides": sides})]
    assert problems[0].message == (
        f'rules.failed_claim "loses" needs exactly two sides, not {sides}: the claiming side '
        "loses and the other side wins")
    with pytest.raises(DebertzError):
        new_game(["A", "B", "C"], rules=Rules(failed_claim="loses"))


def test_loses_is_fine_for_two_players_and_for_four_in_teams() -> None:
    assert check_game(doc(2, [], failed_claim="loses")) == []
    four = sheet(4, [claim(1, 20, taker=2)], failed_claim="loses")
    assert (four.winner, four.decided_by) == (0, "failed_claim")


def test_a_file_without_the_claim_keys_loads_with_the_defaults() -> None:
    game = game_from_json({"players": ["A", "B"], "rules": {"target": 301}, "hands": []})
    assert game.rules == Rules(target=301)


# ---------------------------------------------------------------- scoring (§5a)


def test_claim_counts_all_adds_the_sides_sequences_and_bella() -> None:
    hand = claim(1, 60, melds={"side": 1, "terz": 1, "fifty": 1}, bella=1)
    line = sheet(2, [hand], target=150).hands[0]
    assert line.claim == ClaimResult(1, 0, 150, 150, 1, "claim")
    assert line.claim.total == 150 and line.claim.holds


def test_sequences_count_in_a_claim_even_when_they_need_a_trick() -> None:
    hand = claim(1, 60, melds={"side": 1, "fifty": 1})
    for need_trick in (True, False):
        line = sheet(2, [hand], target=110, sequences_need_trick=need_trick).hands[0]
        assert line.claim is not None and line.claim.claimed == 110


def test_claim_counts_cards_counts_only_the_card_points() -> None:
    line = sheet(2, [claim(0, 120)], target=120, claim_counts="cards").hands[0]
    assert line.claim is not None and line.claim.claimed == 120


def test_a_claim_holds_at_exactly_the_target_and_falls_short_one_below() -> None:
    hands = [MADE_100_62]
    held = sheet(2, [*hands, claim(1, 139)], target=201)
    assert held.hands[-1].claim == ClaimResult(1, 62, 139, 201, 1, "claim")
    with pytest.raises(DebertzError, match=r"^hand 2: the claim falls short: 62 \+ 138 = 200 of 201$"):
        sheet(2, [*hands, claim(1, 138)], target=201)
    lost = sheet(2, [*hands, claim(1, 138)], target=201, failed_claim="loses")
    assert (lost.winner, lost.decided_by) == (0, "failed_claim")
    assert lost.hands[-1].claim == ClaimResult(1, 62, 138, 201, 0, "failed_claim")


def test_a_claim_wins_with_fewer_points_and_records_nothing() -> None:
    result = sheet(3, [{"taker": 0, "cards": [100, 62, 0]}, claim(2, 162, taker=1)],
                   target=150, bait_penalty={"points": 50, "when": "each"})
    assert (result.winner, result.decided_by) == (2, "claim")
    assert list(result.score) == [100, 62, 0]
    line = result.hands[1]
    assert (line.kind, line.outcome, line.totals, line.value, line.winner) == (
        "claim", None, None, 0, None)
    assert line.recorded == line.change == (0, 0, 0) and line.pot_won == 0
    assert line.penalties.bait == line.penalties.ski == (0, 0, 0)
    assert (line.taker, line.taker_side, line.dealer) == (1, 1, 1)


def test_a_hanging_pot_stays_hanging_through_a_claim() -> None:
    result = sheet(2, [{"taker": 0, "cards": [81, 81]}, claim(1, 20)], target=101)
    assert result.hands[1].pot == result.hanging == 81
    assert list(result.score) == [0, 81] and result.decided_by == "claim"


def test_a_claim_touches_no_penalty_count() -> None:
    # Side 0 has two baits as taker; in the claim hand it is the taker again, and a bait
    # there would be its third: the claim records no penalty (§5a).
    bait = {"taker": 0, "cards": [60, 102]}
    penalty = {"points": 100, "when": "third"}
    result = sheet(2, [bait, bait, claim(1, 76, taker=0)], target=400, bait_penalty=penalty)
    assert result.decided_by == "claim" and result.score == (0, 324)
    assert result.hands[2].penalties.bait == (0, 0) and result.hands[2].change == (0, 0)


def test_hands_after_a_claim_are_void_and_pass_the_deal() -> None:
    result = sheet(2, [claim(0, 100), MADE_100_62, {"redeal": True}], target=100)
    assert [line.void for line in result.hands] == [False, True, True]
    assert result.score == (0, 0) and result.next_dealer == 1
    assert result.needs == (100, 100) and result.next_bait_cost == (0, 0)


def test_a_void_claim_is_not_checked_for_shortfall_and_has_no_result() -> None:
    result = sheet(2, [MADE_100_62, claim(1, 0)], target=100)
    line = result.hands[1]
    assert line.void and line.kind == "claim" and line.claim is None
    assert line_to_json(line)["kind"] == "claim" and "claim" not in line_to_json(line)
    assert result.decided_by == "target"


def test_a_void_claim_is_still_checked_for_who_may_claim() -> None:
    problems = check_game(doc(2, [MADE_100_62, claim(0, 0, taker=0)], target=100,
                              claim_by="defenders"))
    assert [(p.hand, p.code) for p in problems] == [(2, "claim_not_allowed")]


def test_the_printed_sheet_shows_the_claim_and_how_the_game_ended() -> None:
    printed = sheet_to_json(sheet(2, [MADE_100_62, claim(1, 100)], target=162))
    assert printed["decided_by"] == "claim" and printed["winner"] == 1
    hands: Any = printed["hands"]
    assert "claim" not in hands[0]
    assert hands[1]["kind"] == "claim" and hands[1]["claim"] == {
        "side": 1, "score": 62, "claimed": 100, "total": 162, "target": 162, "holds": True,
        "winner": 1, "decided_by": "claim"}


def test_claimed_points_of_a_hand() -> None:
    hand = Hand(taker=0, claim=Claim(1, 40), melds=Melds(1, terz=2), bella=1)
    assert claimed_points(hand, Rules()) == 100
    assert claimed_points(hand, Rules(claim_counts="cards")) == 40
    assert claimed_points(Hand(taker=0, claim=Claim(1, 40), bella=1), Rules()) == 60


# ---------------------------------------------------------------- checks (§2, §5a)

CLAIM_ERRORS = [
    (claim(0, 50, cards=[100, 62]), "cards", "not_in_claim", {"key": "cards"},
     "cards are not allowed in a claim hand (it was not played out)", {}),
    (claim(0, 50, no_tricks=[1]), "no_tricks", "not_in_claim", {"key": "no_tricks"},
     "no_tricks are not allowed in a claim hand (it was not played out)", {}),
    (claim(0, 50, no_tricks=[]), "no_tricks", "not_in_claim", {"key": "no_tricks"},
     "no_tricks are not allowed in a claim hand (it was not played out)", {}),
    (claim(0, 50, last_trick=0), "last_trick", "not_in_claim", {"key": "last_trick"},
     "last_trick is not allowed in a claim hand (it was not played out)", {}),
    (claim(0, 50, last_trick=0), "last_trick", "not_in_claim", {"key": "last_trick"},
     "last_trick is not allowed in a claim hand (it was not played out)",
     {"both_reach": "last_trick"}),
    (claim(0, 50, debertz=0), "debertz", "not_in_claim", {"key": "debertz"},
     "debertz is not allowed in a claim hand (it was not played out)", {}),
    (claim(0, 50, taker=0), "claim.side", "claim_not_allowed", {"side": 0},
     ('claim.side is side 0, the taker\'s: under claim_by "defenders" only another side may '
      "claim"), {"claim_by": "defenders"}),
    (claim(0, 50, melds={"side": 1, "terz": 1}), "melds.side", "claim_other_side",
     {"key": "melds", "side": 1, "claim_side": 0},
     ("melds are side 1's, but side 0 claims: a claim hand carries only the claiming side's "
      "melds and bella"), {}),
    (claim(0, 50, bella=1), "bella", "claim_other_side",
     {"key": "bella", "side": 1, "claim_side": 0},
     ("bella is side 1's, but side 0 claims: a claim hand carries only the claiming side's "
      "melds and bella"), {}),
    (claim(0, 50, melds={"side": 0, "terz": 1}), "melds", "claim_cards_only", {"key": "melds"},
     'melds are not allowed in a claim under claim_counts "cards": only the card points count',
     {"claim_counts": "cards"}),
    (claim(0, 50, bella=0), "bella", "claim_cards_only", {"key": "bella"},
     'bella is not allowed in a claim under claim_counts "cards": only the card points count',
     {"claim_counts": "cards"}),
    (claim(0, 161), "claim.cards", "cards_impossible", {"value": 161},
     "claim.cards cannot be 161: no card is worth 1 point", {}),
    (claim(0, 1), "claim.cards", "cards_impossible", {"value": 1},
     "claim.cards cannot be 1: no card is worth 1 point", {}),
    (claim(0, 163), "claim.cards", "out_of_range", {"value": 163, "min": 0, "max": 162},
     "claim.cards must be from 0 to 162, not 163", {}),
    (claim(0, -2), "claim.cards", "out_of_range", {"value": -2, "min": 0, "max": 162},
     "claim.cards must be from 0 to 162, not -2", {}),
    ({"taker": 0, "claim": {"side": 0, "cards": 50.0}}, "claim.cards", "not_int", {},
     "claim.cards must be a whole number, not a fraction", {}),
    ({"taker": 0, "claim": {"side": 0, "cards": True}}, "claim.cards", "not_int", {},
     "claim.cards must be a whole number, not true", {}),
    ({"taker": 0, "claim": {"side": 0}}, "claim.cards", "missing", {},
     "claim.cards is missing", {}),
    ({"taker": 0, "claim": {"cards": 50, "side": None}}, "claim.side", "missing", {},
     "claim.side is missing", {}),
    ({"taker": 0, "claim": {"side": 2, "cards": 50}}, "claim.side", "not_side",
     {"value": 2, "count": 2}, "claim.side must be a side from 0 to 1, not 2", {}),
    ({"taker": 0, "claim": {"side": "0", "cards": 50}}, "claim.side", "not_int", {},
     "claim.side must be a side number, not text", {}),
    ({"taker": 0, "claim": [0, 50]}, "claim", "not_object", {},
     "claim must be an object, not a list", {}),
    ({"claim": {"side": 0, "cards": 50}}, "taker", "missing", {}, "taker is missing", {}),
    ({"redeal": True, "claim": {"side": 0, "cards": 50}}, "claim", "redeal_with_result",
     {"key": "claim"}, "claim is not allowed in a redeal (nobody played)", {}),
]


@pytest.mark.parametrize(("hand", "field", "code", "params", "text", "rules"), CLAIM_ERRORS)
def test_every_claim_error_has_a_field_a_stable_code_and_a_message(
        hand: dict[str, Any], field: str, code: str, params: dict[str, Any], text: str,
        rules: dict[str, Any]) -> None:
    document = doc(2, [MADE_100_62, hand], target=51, **rules)
    problems = check_game(document)
    assert [(p.hand, p.field, p.code, p.params, p.message) for p in problems] == [
        (2, field, code, params, f"hand 2: {text}")]
    assert code in PROBLEM_CODES
    game = game_from_json(doc(2, [MADE_100_62], target=501, **rules))
    assert check_hand(game, hand) == problems  # the form sees the same, before the shortfall
    with pytest.raises(DebertzError, match=f"^hand 2: {text[:20]}"):
        game_from_json(document)


def test_a_claim_hand_reports_every_problem_at_once() -> None:
    hand = {"claim": {"side": 5, "cards": 1}, "cards": [162, 0], "debertz": 0, "bella": 1}
    problems = check_hand(Game(players=("A", "B")), hand)
    assert [(p.field, p.code) for p in problems] == [
        ("taker", "missing"), ("claim.side", "not_side"), ("claim.cards", "cards_impossible"),
        ("cards", "not_in_claim"), ("debertz", "not_in_claim")]


def test_the_app_keys_of_a_claim_are_kept_and_null_keys_mean_left_out() -> None:
    record = {"taker": 1, "claim": {"side": 0, "cards": 120, "at": "12:30"}, "id": "h7",
              "cards": None, "no_tricks": None, "last_trick": None, "debertz": None,
              "melds": None, "bella": None, "redeal": None}
    game = game_from_json(doc(2, [record], target=51))
    hand = game.hands[0]
    assert hand.claim == Claim(0, 120, {"at": "12:30"})
    assert hand_to_json(hand) == {"id": "h7", "taker": 1,
                                  "claim": {"at": "12:30", "side": 0, "cards": 120}}
    assert game_from_json(game_to_json(game)) == game
    assert not hand.is_played


def test_a_claim_null_is_a_hand_without_a_claim() -> None:
    assert sheet(2, [{**MADE_100_62, "claim": None}]).hands[0].kind == "played"


def test_the_shortfall_problem_carries_the_arithmetic() -> None:
    game = game_from_json(doc(2, [MADE_100_62], claim_counts="all"))
    problems = check_hand(game, claim(1, 60, melds={"side": 1, "terz": 1}))
    assert [(p.hand, p.field, p.code, p.params, p.message) for p in problems] == [
        (2, "claim", "claim_short",
         {"side": 1, "score": 62, "claimed": 80, "total": 142, "target": 501},
         "hand 2: the claim falls short: 62 + 80 = 142 of 501")]


def test_check_hand_and_hand_from_json_number_a_new_hand_as_asked() -> None:
    game = Game(players=("A", "B"))
    problems = check_hand(game, claim(1, 60), 6)
    assert [p.message for p in problems] == ["hand 7: the claim falls short: 0 + 60 = 60 of 501"]
    with pytest.raises(DebertzError, match="^hand 7: the claim falls short"):
        hand_from_json(claim(1, 60), game, 6)


def test_check_hand_says_when_an_edit_makes_a_later_claim_fall_short() -> None:
    game = game_from_json(doc(2, [MADE_100_62, {"redeal": True}, claim(0, 1 + 100)],
                              target=201))
    weaker = {"taker": 0, "cards": [90, 72]}
    problems = check_hand(game, weaker, 0)
    assert [(p.hand, p.code, p.message) for p in problems] == [
        (3, "claim_short", "hand 3: the claim falls short: 90 + 101 = 191 of 201")]
    with pytest.raises(DebertzError, match="^hand 3: the claim falls short"):
        game.replace_hand(0, hand_from_json(weaker, game, 0))
    assert check_hand(game, {"taker": 0, "cards": [110, 52]}, 0) == []


def test_an_edit_that_ends_the_game_earlier_makes_a_claim_void() -> None:
    game = game_from_json(doc(2, [MADE_100_62, claim(1, 160)], target=200))
    assert score(game).decided_by == "claim"
    ended = game.replace_hand(0, Hand(taker=0, cards=(100, 62), melds=Melds(0, fifty=2)))
    result = score(ended)
    assert (result.winner, result.decided_by) == (0, "target")
    assert result.hands[1].void and result.hands[1].claim is None


def test_an_edit_or_a_delete_that_brings_a_short_claim_back_is_refused() -> None:
    # Hand 1 ends the game (200 of 200), so the short claim of hand 2 is void and not checked.
    game = game_from_json(doc(2, [{"taker": 0, "cards": [100, 62], "melds": {
        "side": 0, "fifty": 2}}, claim(1, 0)], target=200))
    assert score(game).hands[1].void
    with pytest.raises(DebertzError, match=r"^hand 1: the claim falls short: 0 \+ 0 = 0 of 200"):
        game.delete_hand(0)
    with pytest.raises(DebertzError, match="^hand 2: the claim falls short"):
        game.replace_hand(0, Hand(taker=0, cards=(100, 62)))
    with pytest.raises(DebertzError, match="^hand 2: the claim falls short"):
        game.insert_hand(0, Hand(redeal=True)).delete_hand(1)
    assert check_game(game_to_json(game)) == []


def test_adding_or_inserting_a_short_claim_is_refused() -> None:
    game = game_from_json(doc(2, [MADE_100_62], target=300))
    with pytest.raises(DebertzError, match="^hand 2: the claim falls short"):
        game.add_hand(Hand(taker=0, claim=Claim(0, 100)))
    with pytest.raises(DebertzError, match=r"^hand 1: the claim falls short: 0 \+ 162"):
        game.insert_hand(0, Hand(taker=0, claim=Claim(0, 162)))
    held = game.add_hand(Hand(taker=0, claim=Claim(0, 162), melds=Melds(0, fifty=1)))
    assert score(held).decided_by == "claim"


def test_score_refuses_a_short_claim_in_a_game_built_by_hand() -> None:
    game = Game(players=("A", "B"), hands=(Hand(taker=0, claim=Claim(1, 60)),))
    with pytest.raises(DebertzError, match="^hand 1: the claim falls short: 0 \\+ 60 = 60 of 501"):
        score(game)


# ---------------------------------------------------------------- helpers for the entry form


def test_claim_sides_are_every_side_or_the_defenders() -> None:
    teams = Game(players=("A", "B", "C", "D"), rules=Rules(claim_by="defenders"))
    assert [claim_sides(teams, seat) for seat in range(4)] == [(1,), (0,), (1,), (0,)]
    assert claim_sides(teams, None) == (0, 1)
    alone = Game(players=("A", "B", "C", "D"), teams=False, rules=Rules(claim_by="defenders"))
    assert claim_sides(alone, 2) == (0, 1, 3)
    assert claim_sides(Game(players=("A", "B", "C")), 1) == (0, 1, 2)


def test_claim_result_previews_a_claim_before_it_is_saved() -> None:
    game = game_from_json(doc(2, [MADE_100_62], target=201))
    assert claim_result(game, claim(1, 139)) == ClaimResult(1, 62, 139, 201, 1, "claim")
    short = claim_result(game, claim(1, 100))
    assert short == ClaimResult(1, 62, 100, 201, None, None) and not short.holds
    loses = game_from_json(doc(2, [MADE_100_62], target=201, failed_claim="loses"))
    assert claim_result(loses, claim(1, 100)) == ClaimResult(1, 62, 100, 201, 0, "failed_claim")
    assert claim_result(game, claim(0, 100), 0) == ClaimResult(0, 0, 100, 201, None, None)


def test_claim_result_is_none_for_a_wrong_record_another_kind_or_after_the_end() -> None:
    game = game_from_json(doc(2, [MADE_100_62], target=150))
    assert claim_result(game, claim(1, 100, cards=[100, 62]), 0) is None
    assert claim_result(game, MADE_100_62) is None
    assert claim_result(game, "not a hand") is None
    ended = game_from_json(doc(2, [MADE_100_62], target=100))
    assert claim_result(ended, claim(1, 162)) is None
    assert claim_result(ended, claim(1, 162), 0) == ClaimResult(1, 0, 162, 100, 1, "claim")


def test_claim_result_takes_an_index_outside_the_log_as_a_new_last_hand() -> None:
    game = game_from_json(doc(2, [MADE_100_62, MADE_100_62], target=250))
    last = claim_result(game, claim(1, 162))
    assert last == ClaimResult(1, 124, 162, 250, 1, "claim")
    assert claim_result(game, claim(1, 162), -1) == claim_result(game, claim(1, 162), 7) == last
    assert claim_result(game, claim(1, 162), 1) == ClaimResult(1, 62, 162, 250, None, None)
