"""Each rule option on its own (RULES.md §1-§6), with the smallest game that shows it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from app.engine import (
    PRESETS,
    Game,
    Melds,
    Penalty,
    Rules,
    game_from_json,
    least_to_make,
    preset_name,
    rules_from_json,
    sheet_to_json,
)
from app.engine.records import Hand
from app.engine.scoring import hand_totals, judge, seat_order

from .helpers import doc, recorded, sheet

# ---------------------------------------------------------------- seats, sides, dealer (§1)


def test_four_players_in_teams_play_partners_opposite() -> None:
    line = sheet(4, [{"taker": 3, "cards": [62, 100]}]).hands[0]
    assert line.taker_side == 1
    assert list(line.recorded) == [62, 100]


def test_four_players_each_for_themselves_have_four_sides() -> None:
    line = sheet(4, [{"taker": 3, "cards": [20, 30, 40, 72]}], teams=False).hands[0]
    assert line.outcome == "made"
    assert list(line.recorded) == [20, 30, 40, 72]


def test_teams_flag_is_ignored_with_three_players() -> None:
    assert len(sheet(3, [], teams=True).score) == 3


def test_a_games_table_is_built_once_and_follows_replace() -> None:
    game = Game(players=("A", "B", "C", "D"))
    assert game.table is game.table
    assert game == Game(players=("A", "B", "C", "D")) and hash(game) == hash(Game(("A", "B", "C", "D")))
    alone = replace(game, teams=False)
    assert (alone.side_count, alone.side_of(2), alone.seats_of(2)) == (4, 2, (2,))
    assert (game.side_count, game.side_of(2), game.seats_of(0)) == (2, 0, (0, 2))


def test_the_deal_passes_left_after_every_record_played_redeal_or_void() -> None:
    hands: list[dict[str, Any]] = [{"redeal": True}, {"taker": 0, "cards": [100, 62, 0]},
                                   {"taker": 1, "debertz": 1}, {"redeal": True}]
    result = sheet(3, hands, first_dealer=2)
    assert [line.dealer for line in result.hands] == [2, 0, 1, 2]
    assert result.next_dealer == 0
    assert result.first_speaker == 1


def test_a_redeal_scores_nothing_and_leaves_the_pot_hanging() -> None:
    result = sheet(2, [{"taker": 0, "cards": [81, 81]}, {"redeal": True}])
    line = result.hands[1]
    assert line.kind == "redeal"
    assert list(line.change) == [0, 0]
    assert line.pot == 81


# ---------------------------------------------------------------- melds and bella (§3.1)


def test_bella_counts_even_for_a_side_without_a_trick() -> None:
    hand = {"taker": 0, "cards": [162, 0], "bella": 1, "no_tricks": [1]}
    assert recorded(2, hand) == [162, 20]


def test_sequences_count_without_a_trick_when_the_option_is_off() -> None:
    hand = {"taker": 1, "cards": [162, 0], "melds": {"side": 1, "fifty": 1}, "no_tricks": [1]}
    line = sheet(2, [hand], sequences_need_trick=False).hands[0]
    assert list(line.totals or ()) == [162, 50]
    assert list(line.recorded) == [212, 0]


def test_terz_counts_20_and_fifty_counts_50() -> None:
    hand = {"taker": 0, "cards": [90, 72], "melds": {"side": 0, "terz": 1, "fifty": 1}}
    assert recorded(2, hand) == [160, 72]


# ---------------------------------------------------------------- must_beat (§3.3)


def test_must_beat_each_compares_with_the_best_opponent() -> None:
    assert recorded(3, {"taker": 0, "cards": [60, 50, 52]}, must_beat="each") == [60, 50, 52]


def test_must_beat_combined_compares_with_the_opponents_sum() -> None:
    line = sheet(3, [{"taker": 0, "cards": [60, 50, 52]}], must_beat="combined").hands[0]
    assert line.outcome == "bait"
    assert list(line.recorded) == [0, 0, 162]


def test_must_beat_combined_eggs_when_taker_equals_the_sum() -> None:
    line = sheet(3, [{"taker": 0, "cards": [81, 40, 41]}], must_beat="combined").hands[0]
    assert line.outcome == "eggs"
    assert list(line.recorded) == [0, 40, 41]
    assert line.pot == 81


def test_must_beat_does_not_matter_with_two_sides() -> None:
    hand = {"taker": 0, "cards": [100, 62]}
    assert recorded(2, hand, must_beat="combined") == recorded(2, hand, must_beat="each")


# ---------------------------------------------------------------- bait_to and splitting (§3.3-3.4)


def test_bait_to_leader_with_two_sides_gives_the_opponent_the_value() -> None:
    for option in ("leader", "taker_points_to_leader", "halves"):
        assert recorded(2, {"taker": 1, "cards": [100, 62]}, bait_to=option) == [162, 0]


def test_taker_points_to_tied_leaders_are_split() -> None:
    # 4 each for themselves, dealer 0: order 1, 2, 3, 0. Taker 0 has 21 points; 1 and 2 lead.
    hand = {"taker": 0, "cards": [21, 50, 50, 41]}
    assert recorded(4, hand, teams=False, bait_to="taker_points_to_leader") == [0, 61, 60, 41]


def test_halves_with_four_each_for_themselves_split_three_ways() -> None:
    # V = 162 + 20 (bella) = 182 = 61 + 61 + 60, the odd points from the dealer's left.
    hand = {"taker": 0, "cards": [20, 40, 60, 42], "bella": 0}
    assert recorded(4, hand, teams=False, bait_to="halves") == [0, 61, 61, 60]


def test_the_odd_point_goes_first_to_the_dealers_left() -> None:
    # V = 163 cannot happen (V is even), so use three leaders: 182 over 3 = 61, 61, 60.
    hand = {"taker": 0, "cards": [14, 56, 56, 36], "melds": {"side": 3, "terz": 1}}
    # totals [14, 56, 56, 56]: leaders 1, 2, 3; dealer 2 -> order 3, 0, 1, 2.
    result = sheet(4, [hand], teams=False, first_dealer=2)
    assert list(result.hands[0].recorded) == [0, 61, 60, 61]


def test_a_bait_with_tied_leaders_has_no_winner_so_the_pot_keeps_hanging() -> None:
    result = sheet(3, [{"taker": 0, "cards": [54, 54, 54]}, {"taker": 0, "cards": [40, 61, 61]}])
    assert result.hands[0].pot == 54
    assert result.hands[1].winner is None
    assert result.hanging == 54


# ---------------------------------------------------------------- eggs (§3.3)


def test_eggs_opponents_is_a_bait_in_every_respect() -> None:
    rules: dict[str, Any] = {"eggs": "opponents",
                             "bait_penalty": {"points": 50, "when": "each"}}
    line = sheet(2, [{"taker": 0, "cards": [81, 81]}], **rules).hands[0]
    assert line.outcome == "eggs"
    assert list(line.recorded) == [0, 162]
    assert line.winner == 1
    assert list(line.penalties.bait) == [50, 0]


def test_eggs_each_every_side_keeps_its_total_and_nobody_wins_the_pot() -> None:
    result = sheet(2, [{"taker": 0, "cards": [81, 81]}], eggs="each")
    assert list(result.hands[0].recorded) == [81, 81]
    assert result.hands[0].winner is None
    assert result.hanging == 0


def test_hanging_pots_add_up_until_someone_wins_a_hand() -> None:
    result = sheet(2, [{"taker": 0, "cards": [81, 81]}, {"taker": 1, "cards": [81, 81]},
                       {"taker": 0, "cards": [62, 100]}])
    assert [line.pot for line in result.hands] == [81, 162, 0]
    assert result.hands[2].pot_won == 162
    assert result.hands[2].winner == 1
    assert list(result.score) == [81, 81 + 162 + 162]


def test_a_pot_still_hanging_at_the_end_is_reported_not_scored() -> None:
    result = sheet(2, [{"taker": 0, "cards": [81, 81]}, {"taker": 1, "debertz": 1}])
    assert result.finished
    assert result.hanging == 81
    assert list(result.score) == [0, 81]


# ---------------------------------------------------------------- penalties (§4)

BAIT: dict[str, Any] = {"taker": 0, "cards": [60, 102]}
MADE: dict[str, Any] = {"taker": 0, "cards": [102, 60]}
OTHER_TAKES: dict[str, Any] = {"taker": 1, "cards": [60, 102]}


@pytest.mark.parametrize(("when", "expected"), [
    ("each", [50, 50, 50, 50, 50, 50]),
    ("third", [0, 0, 50, 0, 0, 0]),
    ("third_and_after", [0, 0, 50, 50, 50, 50]),
    ("every_third", [0, 0, 50, 0, 0, 50]),
])
def test_bait_penalty_when_over_the_game(when: str, expected: list[int]) -> None:
    result = sheet(2, [BAIT] * 6, target=10001, bait_penalty={"points": 50, "when": when})
    assert [line.penalties.bait[0] for line in result.hands] == expected


def test_a_consecutive_bait_run_breaks_only_when_the_side_takes_and_is_not_baited() -> None:
    # bait, bait, (other side takes: no effect), bait -> third of the run; made breaks; bait x3.
    hands = [BAIT, BAIT, OTHER_TAKES, BAIT, MADE, BAIT, BAIT, BAIT]
    penalty = {"points": 100, "when": "third", "count": "consecutive"}
    result = sheet(2, hands, target=10001, bait_penalty=penalty)
    assert [line.penalties.bait[0] for line in result.hands] == [0, 0, 0, 100, 0, 0, 0, 100]


def test_hanging_eggs_break_a_bait_run_but_a_redeal_does_not() -> None:
    eggs: dict[str, Any] = {"taker": 0, "cards": [81, 81]}
    hands = [BAIT, BAIT, {"redeal": True}, BAIT, BAIT, eggs, BAIT]
    penalty = {"points": 100, "when": "third", "count": "consecutive"}
    result = sheet(2, hands, target=10001, bait_penalty=penalty)
    assert [line.penalties.bait[0] for line in result.hands] == [0, 0, 0, 100, 0, 0, 0]


def test_in_teams_the_bait_count_is_the_teams() -> None:
    hands = [{"taker": seat, "cards": [60, 102]} for seat in (0, 2, 0)]
    result = sheet(4, hands, target=10001, bait_penalty={"points": 100, "when": "third"})
    assert [line.penalties.bait[0] for line in result.hands] == [0, 0, 100]


def test_ski_penalty_counts_hands_without_a_trick_and_a_trick_breaks_the_run() -> None:
    ski: dict[str, Any] = {"taker": 0, "cards": [162, 0], "no_tricks": [1]}
    hands = [ski, ski, MADE, ski, {"redeal": True}, ski, ski]
    penalty = {"points": 100, "when": "third", "count": "consecutive"}
    result = sheet(2, hands, target=10001, ski_penalty=penalty)
    assert [line.penalties.ski[1] for line in result.hands] == [0, 0, 0, 0, 0, 0, 100]


def test_the_taker_can_pay_both_penalties_in_one_hand() -> None:
    hand = {"taker": 1, "cards": [162, 0], "no_tricks": [1]}
    both = {"points": 100, "when": "each"}
    line = sheet(2, [hand], bait_penalty=both, ski_penalty=both).hands[0]
    assert list(line.change) == [162, -200]


def test_next_costs_warn_what_the_next_bait_or_ski_would_cost() -> None:
    hands = [BAIT, BAIT, {"taker": 1, "cards": [162, 0], "no_tricks": [1]}]
    result = sheet(2, hands, target=10001, bait_penalty={"points": 100, "when": "third"},
                   ski_penalty={"points": 50, "when": "every_third"})
    assert list(result.next_bait_cost) == [100, 0]
    assert list(result.next_ski_cost) == [0, 0]


# ---------------------------------------------------------------- end of the game (§5)


def test_one_side_reaching_the_target_wins() -> None:
    result = sheet(2, [{"taker": 0, "cards": [100, 62]}], target=100)
    assert (result.winner, result.decided_by, result.finished) == (0, "target", True)


def test_a_tie_for_the_highest_score_goes_on() -> None:
    result = sheet(2, [{"taker": 0, "cards": [81, 81]}], target=51, eggs="each")
    assert result.winner is None
    assert not result.finished


def test_finished_follows_the_winner_and_stays_in_the_json() -> None:
    won = sheet(2, [{"taker": 0, "cards": [100, 62]}], target=100)
    assert won.finished and sheet_to_json(won)["finished"] is True
    going_on = replace(won, winner=None, decided_by=None)
    assert not going_on.finished and sheet_to_json(going_on)["finished"] is False


def test_both_reach_last_trick_the_last_tricks_side_wins() -> None:
    hand = {"taker": 0, "cards": [100, 62], "last_trick": 1}
    result = sheet(2, [hand], target=60, both_reach="last_trick")
    assert (result.winner, result.decided_by) == (1, "last_trick")


def test_both_reach_last_trick_falls_back_to_more_points() -> None:
    # 3 players: sides 0 and 1 reach 60, side 2 took the last trick but has not reached it.
    hand = {"taker": 0, "cards": [80, 70, 12], "last_trick": 2}
    result = sheet(3, [hand], target=60, both_reach="last_trick")
    assert (result.winner, result.decided_by) == (0, "more_points")


def test_both_reach_taker_falls_back_to_more_points_when_the_taker_is_short() -> None:
    # [82, 80, 0] twice -> [164, 160, 0]; then side 2 makes [40, 42, 80] -> [204, 202, 80].
    hands = [{"taker": 0, "cards": [82, 80, 0]}] * 2 + [{"taker": 2, "cards": [40, 42, 80]}]
    result = sheet(3, hands, target=200, both_reach="taker")
    assert list(result.score) == [204, 202, 80]
    assert (result.winner, result.decided_by) == (0, "more_points")


def test_debertz_wins_at_once_whatever_the_score() -> None:
    result = sheet(2, [{"taker": 0, "cards": [100, 62]}, {"taker": 0, "debertz": 1}])
    assert (result.winner, result.decided_by) == (1, "debertz")
    assert list(result.score) == [100, 62]


def test_debertz_with_cards_is_scored_then_ends_the_game() -> None:
    hand = {"taker": 0, "cards": [100, 62], "debertz": 0}
    result = sheet(2, [{"taker": 1, "cards": [81, 81]}, hand])
    # hand 1: eggs of side 1 -> side 0 records 81, 81 hangs; hand 2: side 0 makes and wins it.
    assert list(result.score) == [81 + 100 + 81, 62]
    assert result.hands[1].kind == "debertz"
    assert (result.winner, result.decided_by) == (0, "debertz")


def test_hands_after_the_end_are_void_but_pass_the_deal() -> None:
    result = sheet(2, [{"taker": 0, "cards": [100, 62]}, {"taker": 1, "cards": [62, 100]},
                       {"redeal": True}], target=100)
    assert [line.void for line in result.hands] == [False, True, True]
    assert list(result.hands[1].change) == [0, 0]
    assert list(result.score) == [100, 62]
    assert result.next_dealer == 1


def test_needs_counts_down_to_the_target() -> None:
    result = sheet(2, [{"taker": 0, "cards": [100, 62]}], target=301)
    assert list(result.needs) == [201, 239]


# ---------------------------------------------------------------- presets (§6)


def test_presets_are_named_option_sets() -> None:
    assert PRESETS["standard"] == Rules()
    moscow = PRESETS["moscow"]
    assert (moscow.target, moscow.sequences_need_trick, moscow.both_reach) == (
        501, False, "last_trick")
    assert (moscow.must_beat, moscow.bait_to) == ("combined", "halves")
    vinnytsia = PRESETS["vinnytsia"]
    assert (vinnytsia.target, vinnytsia.obligation) == (1001, True)
    assert vinnytsia.bait_penalty == Penalty(100, "every_third", "game")
    assert vinnytsia.ski_penalty == Penalty(100, "every_third", "game")
    assert (vinnytsia.claim_counts, vinnytsia.claim_by) == ("cards", "defenders")


def test_preset_name_recognises_a_preset_and_nothing_else() -> None:
    for name, rules in PRESETS.items():
        assert preset_name(rules) == name
    assert preset_name(rules_from_json({"target": 701})) is None


def test_a_preset_named_with_any_target_ignores_only_the_target() -> None:
    for name, rules in PRESETS.items():
        for target in (51, 301, 1001, 10001):
            assert preset_name(replace(rules, target=target), any_target=True) == name
    assert preset_name(rules_from_json({"target": 701}), any_target=True) == "standard"
    assert preset_name(rules_from_json({"target": 701, "eggs": "each"}), any_target=True) is None


# ---------------------------------------------------------------- what the taker needs (§3.3)


def _made_from(players: int, taker: int, hand: dict[str, Any], teams: bool = True,
               **rules: Any) -> int | None:
    """The least card points of the taker's side that the scored hand shows as made (every
    split of the rest among the opponents tried), or None when none or not every split does."""
    game = game_from_json(doc(players, [], teams, **rules))
    side = game.side_of(taker)
    others = [s for s in range(game.side_count) if s != side]
    for points in range(163):
        if points in (1, 161):  # no card is worth 1: the engine refuses these
            continue
        outcomes = set()
        rest = 162 - points
        splits = [(rest,)] if len(others) == 1 else [(a, rest - a) for a in range(rest + 1)]
        for split in splits:
            cards = [0] * game.side_count
            cards[side] = points
            for s, value in zip(others, split):
                cards[s] = value
            if 1 in cards or 161 in cards:
                continue
            outcomes.add(sheet(players, [{**hand, "taker": taker, "cards": cards}], teams,
                               **rules).hands[0].outcome == "made")
        if outcomes == {True}:
            return points
        if outcomes == {True, False}:
            return None
    return None


@pytest.mark.parametrize(
    ("players", "taker", "hand", "teams", "rules"),
    [
        (2, 0, {}, True, {}),
        (2, 1, {"melds": {"side": 0, "terz": 1}}, True, {}),
        (2, 0, {"melds": {"side": 0, "fifty": 1}, "bella": 0}, True, {}),
        (2, 1, {"bella": 0}, True, {"eggs": "opponents"}),
        (4, 3, {"melds": {"side": 0, "terz": 2, "fifty": 1}}, True, {}),
        (2, 0, {"melds": {"side": 1, "fifty": 2}, "bella": 1}, True, {}),
    ],
)
def test_least_to_make_is_what_scoring_the_hand_shows(
    players: int, taker: int, hand: dict[str, Any], teams: bool, rules: dict[str, Any]
) -> None:
    game = game_from_json(doc(players, [], teams, **rules))
    melds = hand.get("melds")
    found = least_to_make(
        game, taker, None if melds is None else Melds(**melds), hand.get("bella"))
    assert found == _made_from(players, taker, hand, teams, **rules)


def test_least_to_make_with_three_sides_is_said_only_when_the_split_does_not_matter() -> None:
    combined = game_from_json(doc(3, [], must_beat="combined"))
    assert least_to_make(combined, 2) == 82
    each = game_from_json(doc(3, [], must_beat="each"))
    assert least_to_make(each, 2) is None
    assert least_to_make(game_from_json(doc(4, [], teams=False)), 0) is None


def test_scoring_every_split_among_three_sides_also_makes_the_hand_from_82() -> None:
    # The slow half of the test above (about 13,000 hands scored): left out of mutation
    # testing (pyproject's [tool.mutmut]), where it would run for every mutant it reaches.
    assert _made_from(3, 2, {}, must_beat="combined") == 82


def test_least_to_make_may_be_every_card_point() -> None:
    game = game_from_json(doc(4, []))  # 2 fifties, 2 terzes and bella: 160 for the defenders
    melds = Melds(side=1, fifty=2, terz=2)
    assert least_to_make(game, 0, melds, bella=1) == 162
    assert _made_from(4, 0, {"melds": {"side": 1, "fifty": 2, "terz": 2}, "bella": 1}) == 162


def test_least_to_make_under_combined_counts_every_opponent_as_holding_the_rest() -> None:
    # Four players each for themselves: the rest of the 162 lies with the three others.
    game = game_from_json(doc(4, [], teams=False, must_beat="combined"))
    assert least_to_make(game, 0) == 82
    assert least_to_make(game, 3, Melds(side=1, terz=1)) == 92


def test_least_to_make_is_none_when_no_card_points_can_make_it() -> None:
    game = game_from_json(doc(4, []))  # a team holds 16 cards: four fifties and bella
    assert least_to_make(game, 0, Melds(side=1, fifty=4), bella=1) is None
    assert _made_from(4, 0, {"melds": {"side": 1, "fifty": 4}, "bella": 1}) is None
def test_eggs_each_is_eggs_that_nobody_loses_by() -> None:
    """Eggs under "each": outcome eggs, every side keeps its total, and it is no bait (§3.3, §4)."""
    result = sheet(2, [{"taker": 0, "cards": [81, 81]}] * 3, eggs="each",
                   bait_penalty={"points": 10, "when": "each"}, target=10001)
    assert [line.outcome for line in result.hands] == ["eggs", "eggs", "eggs"]
    assert [line.penalties.bait for line in result.hands] == [(0, 0)] * 3
    assert result.score == (243, 243) and result.hanging == 0


def test_a_game_that_goes_on_is_decided_by_nothing() -> None:
    for hands in ([], [{"redeal": True}], [{"taker": 0, "cards": [100, 62]}]):
        result = sheet(2, hands)
        assert (result.winner, result.decided_by, result.finished) == (None, None, False)


def _first_made(game: Any, taker: int, melds: Melds | None, bella: int | None) -> int | None:
    """The least count as the engine judged it before halving: every count, from 0 up."""
    table, rules = game.table, game.rules
    side = table.side_of[taker]
    other = (side + 1) % table.sides
    order = seat_order(table, 0)
    for points in range(163):
        cards = [0] * table.sides
        cards[side], cards[other] = points, 162 - points
        hand = Hand(cards=tuple(cards), melds=melds, bella=bella)
        if judge(hand_totals(hand, rules), side, order, rules).outcome == "made":
            return points
    return None


@pytest.mark.parametrize("eggs", ["hang", "each", "opponents"])
@pytest.mark.parametrize("need_trick", [True, False])
def test_least_to_make_by_halving_is_the_first_count_that_makes_the_hand(
    eggs: str, need_trick: bool
) -> None:
    tables = [(2, True, {}), (4, True, {}), (3, True, {"must_beat": "combined"})]
    declared = [None, Melds(side=0, terz=1), Melds(side=1, terz=2, fifty=1),
                Melds(side=0, fifty=2, terz=2), Melds(side=1, fifty=3)]
    for players, teams, more in tables:
        game = game_from_json(doc(players, [], teams, eggs=eggs,
                                  sequences_need_trick=need_trick, **more))
        for taker in range(players):
            for melds in declared:
                for bella in (None, 0, 1):
                    assert least_to_make(game, taker, melds, bella) == _first_made(
                        game, taker, melds, bella), (players, taker, melds, bella)
