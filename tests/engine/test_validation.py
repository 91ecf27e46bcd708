"""Bad input: one error type, a message naming the hand and the field, every problem for the form."""

from __future__ import annotations

from typing import Any

import pytest

from app.engine import (
    PROBLEM_CODES,
    DebertzError,
    Game,
    Hand,
    Rules,
    check_game,
    check_hand,
    complete_cards,
    game_from_json,
    hand_from_json,
    hand_to_json,
    new_game,
)

from .helpers import doc


def error_of(document: Any) -> str:
    with pytest.raises(DebertzError) as caught:
        game_from_json(document)
    assert isinstance(caught.value, ValueError)
    return str(caught.value)


def hand_error(hand: Any, players: int = 2, **rules: Any) -> str:
    return error_of(doc(players, [{"taker": 0, "cards": [100, 62]}, {"redeal": True}, hand],
                        **rules))


TWO = Game(players=("A", "B"))


def test_the_message_names_the_hand_and_says_what_is_wrong() -> None:
    assert hand_error({"taker": 0, "cards": [100, 50]}) == (
        "hand 3: cards must add up to 162, not 150")


@pytest.mark.parametrize(("hand", "message"), [
    ({}, "hand 3: taker is missing"),
    ({"taker": True, "cards": [100, 62]}, "hand 3: taker must be a seat number, not true"),
    ({"taker": 2, "cards": [100, 62]}, "hand 3: taker must be a seat from 0 to 1, not 2"),
    ({"taker": "0", "cards": [100, 62]}, "hand 3: taker must be a seat number, not text"),
    ({"taker": 0}, "hand 3: cards are missing: a played hand needs the card points of every side"),
    ({"taker": 0, "cards": [162]}, "hand 3: cards must have one number per side (2), not 1"),
    ({"taker": 0, "cards": [161, 1]}, "hand 3: cards.0 cannot be 161: no card is worth 1 point"),
    ({"taker": 0, "cards": [100.0, 62]}, "hand 3: cards.0 must be a whole number, not a fraction"),
    ({"taker": 0, "cards": [False, 162]},
     "hand 3: cards.0 must be a whole number, not false"),
    ({"taker": 0, "cards": [-10, 172]}, "hand 3: cards.0 must be from 0 to 162, not -10"),
    ({"taker": 0, "cards": {"0": 100}}, "hand 3: cards must be a list, not an object"),
    ({"taker": 0, "cards": [100, 62], "bella": 2},
     "hand 3: bella must be a side from 0 to 1, not 2"),
    ({"taker": 0, "cards": [100, 62], "melds": {"terz": 1}}, "hand 3: melds.side is missing"),
    ({"taker": 0, "cards": [100, 62], "melds": {"side": 0, "terz": 4}},
     "hand 3: melds.terz must be from 0 to 3, not 4"),
    ({"taker": 0, "cards": [100, 62], "melds": {"side": 0, "terz": 2, "fifty": 1}},
     "hand 3: melds need 10 cards, but side 0 holds only 9"),
    ({"taker": 0, "cards": [100, 62], "no_tricks": [1]},
     "hand 3: no_tricks lists side 1, but it has 62 card points"),
    ({"taker": 0, "cards": [162, 0], "no_tricks": [1, 1]},
     "hand 3: no_tricks lists side 1 twice"),
    ({"taker": 0, "debertz": 0, "no_tricks": [1]},
     "hand 3: no_tricks needs cards: without card points nobody can be listed"),
    ({"redeal": True, "taker": 0}, "hand 3: taker is not allowed in a redeal (nobody played)"),
    ({"redeal": "yes"}, "hand 3: redeal must be true or false, not text"),
    ([1, 2], "hand 3: hand must be an object, not a list"),
])
def test_each_bad_hand_gets_a_plain_message(hand: Any, message: str) -> None:
    assert hand_error(hand) == message


def test_no_tricks_cannot_list_every_side() -> None:
    problems = check_hand(Game(players=("A", "B", "C")), {"taker": 0, "cards": [162, 0, 0],
                                                          "no_tricks": [0, 1, 2]})
    assert "no_tricks_all_sides" in [p.code for p in problems]


def test_four_players_in_a_team_hold_sixteen_cards_for_melds() -> None:
    game = Game(players=("A", "B", "C", "D"))
    ok = {"taker": 0, "cards": [100, 62], "melds": {"side": 0, "terz": 4, "fifty": 1}}
    assert check_hand(game, ok) == []
    too_many = {"taker": 0, "cards": [100, 62], "melds": {"side": 0, "terz": 4, "fifty": 2}}
    assert [p.code for p in check_hand(game, too_many)] == ["melds_too_many"]


def test_obligation_rejects_redeals() -> None:
    assert hand_error({"redeal": True}, obligation=True) == (
        "hand 2: redeal is not allowed: under obligation the dealer must take trump")


def test_last_trick_is_required_only_under_both_reach_last_trick() -> None:
    hand = {"taker": 0, "cards": [100, 62]}
    assert check_hand(TWO, hand) == []
    moscow = Game(players=("A", "B"), rules=Rules(both_reach="last_trick"))
    assert [p.code for p in check_hand(moscow, hand)] == ["last_trick_required"]
    assert [p.code for p in check_hand(moscow, {**hand, "last_trick": 1})] == []
    skis = {"taker": 0, "cards": [162, 0], "no_tricks": [1], "last_trick": 1}
    assert [p.code for p in check_hand(moscow, skis)] == ["last_trick_no_tricks"]
    assert [p.code for p in check_hand(moscow, {"taker": 0, "cards": [4, 158],
                                                "last_trick": 0})] == ["last_trick_points"]
    assert check_hand(moscow, {"taker": 0, "debertz": 0}) == []


def test_null_means_the_same_as_a_key_left_out_in_a_hand() -> None:
    hand = {"taker": 0, "cards": [100, 62], "melds": None, "bella": None, "no_tricks": None,
            "last_trick": None, "debertz": None, "redeal": None}
    assert hand_from_json(hand, TWO) == Hand(taker=0, cards=(100, 62))


def test_check_hand_returns_every_problem_with_field_code_and_params() -> None:
    problems = check_hand(TWO, {"taker": 9, "cards": [1, "x"], "bella": -1}, index=4)
    assert [(p.hand, p.field, p.code) for p in problems] == [
        (5, "taker", "not_seat"), (5, "cards.1", "not_int"), (5, "bella", "not_side")]
    assert problems[0].params == {"value": 9, "count": 2}
    assert all(p.code in PROBLEM_CODES for p in problems)


def test_a_problem_code_table_documents_every_code() -> None:
    from app.engine import errors

    for code in PROBLEM_CODES:
        assert f"\n{code} " in (errors.__doc__ or ""), code


@pytest.mark.parametrize(("document", "message"), [
    ([], "game must be an object, not a list"),
    ({"hands": []}, "players is missing"),
    ({"players": ["A"], "hands": []}, "players must list 2, 3 or 4 players, not 1"),
    ({"players": ["A", 3], "hands": []}, "players.1 must be a name (text), not a whole number"),
    ({"players": ["A", "  "], "hands": []}, "players.1 is empty: a name is needed"),
    ({"players": ["A", " a "], "hands": []},
     "players.1 is the same name as players.0 (ignoring case)"),
    ({"players": ["A", "x" * 41], "hands": []},
     "players.1 is 41 characters long; at most 40 are allowed"),
    ({"players": ["A", "B"]}, "hands is missing (use [] for a game not yet played)"),
    ({"players": ["A", "B"], "hands": {}}, "hands must be a list, not an object"),
    ({"format": "debertz/2", "players": ["A", "B"], "hands": []},
     'format must be "debertz/1", not "debertz/2"'),
    ({"players": ["A", "B"], "teams": 1, "hands": []},
     "teams must be true or false, not a whole number"),
    ({"players": ["A", "B"], "first_dealer": 2, "hands": []},
     "first_dealer must be a seat from 0 to 1, not 2"),
    ({"players": ["A", "B"], "rules": {"target": 50}, "hands": []},
     "rules.target must be from 51 to 10001, not 50"),
    ({"players": ["A", "B"], "rules": {"target": True}, "hands": []},
     "rules.target must be a whole number, not true"),
    ({"players": ["A", "B"], "rules": {"eggs": "hanging"}, "hands": []},
     'rules.eggs must be one of "hang", "opponents", "each", not "hanging"'),
    ({"players": ["A", "B"], "rules": {"egs": "hang"}, "hands": []},
     'rules has an unknown key "egs"'),
    ({"players": ["A", "B"], "rules": {"bait_penalty": {"points": 55, "when": "each"}},
      "hands": []}, "rules.bait_penalty.points must be a multiple of 10 from 10 to 300, not 55"),
    ({"players": ["A", "B"], "rules": {"bait_penalty": {"points": 10**12, "when": "each"}},
      "hands": []},
     "rules.bait_penalty.points must be a multiple of 10 from 10 to 300, not 1000000000000"),
    ({"players": ["A", "B"], "rules": {"bait_penalty": {"points": -10**12, "when": "each"}},
      "hands": []},
     "rules.bait_penalty.points must be a multiple of 10 from 10 to 300, not -1000000000000"),
    ({"players": ["A", "B"], "rules": {"bait_penalty": {"points": 310, "when": "each"}},
      "hands": []}, "rules.bait_penalty.points must be a multiple of 10 from 10 to 300, not 310"),
    ({"players": ["A", "B"], "rules": {"bait_penalty": {"points": 0, "when": "each"}},
      "hands": []}, "rules.bait_penalty.points must be a multiple of 10 from 10 to 300, not 0"),
    ({"players": ["A", "B"], "rules": {"bait_penalty": {"points": 100.0, "when": "each"}},
      "hands": []}, "rules.bait_penalty.points must be a whole number, not a fraction"),
    ({"players": ["A", "B"], "rules": {"ski_penalty": {"points": 50}}, "hands": []},
     "rules.ski_penalty.when is missing"),
    ({"players": ["A", "B"], "rules": {"ski_penalty": {"points": 50, "when": "each",
                                                       "count": "run"}}, "hands": []},
     'rules.ski_penalty.count must be one of "game", "consecutive", not "run"'),
    ({"players": ["A", "B"], "rules": {"ski_penalty": {"points": 50, "when": "each",
                                                       "every": 3}}, "hands": []},
     'rules.ski_penalty has an unknown key "every" (allowed: points, when, count)'),
    ({"players": ["A", "B"], "rules": None, "hands": []}, "rules must be an object, not null"),
])
def test_each_bad_game_key_gets_a_plain_message(document: Any, message: str) -> None:
    assert error_of(document) == message


def test_check_game_lists_problems_of_every_hand() -> None:
    document = doc(2, [{"taker": 0, "cards": [100, 50]}, {"taker": 3, "cards": [100, 62]}])
    assert [(p.hand, p.code) for p in check_game(document)] == [(1, "cards_sum"),
                                                                (2, "not_seat")]


def test_unusual_python_values_only_raise_debertz_error() -> None:
    for weird in (None, 1, "x", 1.5, [None], {"players": None, "hands": None},
                  {"players": ["A", "B"], "hands": [None, 3, "x", [], {"taker": {}}]},
                  {"players": [["A"], {"B": 1}], "hands": []}):
        with pytest.raises(DebertzError):
            game_from_json(weird)


def test_log_edits_check_the_new_hand() -> None:
    game = new_game(["A", "B"])
    game = game.add_hand(Hand(taker=0, cards=(100, 62)))
    with pytest.raises(DebertzError, match="hand 2: cards must add up to 162, not 160"):
        game.add_hand(Hand(taker=0, cards=(100, 60)))
    with pytest.raises(DebertzError, match="hand 1: taker is missing"):
        game.replace_hand(0, Hand(cards=(100, 62)))
    with pytest.raises(DebertzError, match="hand index must be from 0 to 0, not 3"):
        game.delete_hand(3)
    assert game.insert_hand(0, Hand(redeal=True)).hands[0].redeal


def test_new_game_checks_names_and_options() -> None:
    with pytest.raises(DebertzError, match="players.1 is the same name as players.0"):
        new_game(["Оля", "оля"])
    assert new_game(["A", "B", "C", "D"], teams=False).side_count == 4


def test_complete_cards_fills_the_one_missing_side() -> None:
    assert complete_cards(TWO, [None, 62]) == [100, 62]
    three = Game(players=("A", "B", "C"))
    assert complete_cards(three, [50, None, 70]) == [50, 42, 70]
    assert complete_cards(three, [None, None, 70]) is None
    assert complete_cards(TWO, [None, 170]) is None
    assert complete_cards(TWO, [None, True]) is None
    assert complete_cards(TWO, [100, 62]) == [100, 62]


def test_last_trick_is_ignored_unless_both_reach_is_last_trick() -> None:
    hand = {"taker": 0, "cards": [100, 62], "last_trick": "whoever"}
    assert check_hand(TWO, hand) == []
    assert hand_from_json(hand, TWO).last_trick is None
    assert hand_to_json(hand_from_json(hand, TWO))["last_trick"] == "whoever"


def test_a_redeal_keeps_last_trick_unless_both_reach_is_last_trick() -> None:
    redeal = {"redeal": True, "last_trick": 1}
    assert check_hand(TWO, redeal) == []
    assert hand_from_json(redeal, TWO) == Hand(redeal=True, extra={"last_trick": 1})
    assert hand_to_json(hand_from_json(redeal, TWO)) == {"last_trick": 1, "redeal": True}
    moscow = Game(players=("A", "B"), rules=Rules(both_reach="last_trick"))
    assert [(p.field, p.code) for p in check_hand(moscow, redeal)] == [
        ("last_trick", "redeal_with_result")]
    assert [p.code for p in check_hand(TWO, {"redeal": True, "bella": 0})] == [
        "redeal_with_result"]
