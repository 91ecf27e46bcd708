"""The log edits of a Game: where each may place a hand, how its problems are numbered, and which
claims it checks."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from app.engine import Claim, DebertzError, Game, Hand, Problem, Rules, score

PLAYED = Hand(taker=0, cards=(100, 62))
BAD = Hand(taker=0, cards=(100, 60))
TWO_HANDS = Game(players=("A", "B"), hands=(PLAYED, Hand(redeal=True)))


def problem_of(edit: Callable[[], object]) -> Problem:
    with pytest.raises(DebertzError) as caught:
        edit()
    return caught.value.problem


def out_of_range(value: str, last: int) -> Problem:
    return Problem(None, "hands", "out_of_range", {"value": value, "min": 0, "max": last},
                   f"hand index must be from 0 to {last}, not {value}")


def test_a_hand_may_be_inserted_before_any_hand_or_after_the_last() -> None:
    for index in (0, 1, 2):
        edited = TWO_HANDS.insert_hand(index, Hand(taker=1, cards=(62, 100)))
        assert edited.hands[index] == Hand(taker=1, cards=(62, 100))
        assert len(edited.hands) == 3


def test_an_insert_outside_the_log_names_the_places_there_are() -> None:
    assert problem_of(lambda: TWO_HANDS.insert_hand(3, PLAYED)) == out_of_range("3", 2)
    assert problem_of(lambda: TWO_HANDS.insert_hand(-1, PLAYED)) == out_of_range("-1", 2)


def test_a_replace_or_delete_reaches_only_hands_that_exist() -> None:
    assert TWO_HANDS.replace_hand(1, PLAYED).hands == (PLAYED, PLAYED)
    assert TWO_HANDS.delete_hand(1).hands == (PLAYED,)
    assert problem_of(lambda: TWO_HANDS.replace_hand(2, PLAYED)) == out_of_range("2", 1)
    assert problem_of(lambda: TWO_HANDS.delete_hand(2)) == out_of_range("2", 1)
    assert problem_of(lambda: Game(players=("A", "B")).delete_hand(0)) == out_of_range("0", -1)


def test_an_index_that_is_not_a_whole_number_is_refused_as_it_came() -> None:
    assert problem_of(lambda: TWO_HANDS.delete_hand("1")) == out_of_range('"1"', 1)  # type: ignore[arg-type]
    assert problem_of(lambda: TWO_HANDS.replace_hand(True, PLAYED)) == out_of_range("true", 1)


def test_a_bad_hand_is_numbered_by_the_place_it_would_take() -> None:
    assert problem_of(lambda: TWO_HANDS.insert_hand(0, BAD)).message == (
        "hand 1: cards must add up to 162, not 160")
    assert problem_of(lambda: TWO_HANDS.insert_hand(1, BAD)).hand == 2
    assert problem_of(lambda: TWO_HANDS.replace_hand(1, BAD)).hand == 2
    assert problem_of(lambda: TWO_HANDS.add_hand(BAD)).hand == 3


def test_an_edit_checks_the_claims_from_the_edited_hand_on_only() -> None:
    # A Game made directly (not loaded) may hold a short claim; an edit after it is not blamed
    # for it, an edit at it or before it is.
    short = Hand(taker=0, claim=Claim(side=1, cards=60))
    game = Game(players=("A", "B"), hands=(PLAYED, short))
    assert game.add_hand(Hand(redeal=True)).hands[2] == Hand(redeal=True)
    assert problem_of(lambda: game.replace_hand(0, Hand(redeal=True))).message == (
        "hand 2: the claim falls short: 0 + 60 = 60 of 501")
    assert problem_of(lambda: game.insert_hand(1, Hand(redeal=True))).hand == 3


def test_an_edit_gives_a_new_game_and_leaves_the_old_one_as_it_was() -> None:
    edited = TWO_HANDS.replace_hand(0, Hand(taker=1, cards=(62, 100)))
    assert TWO_HANDS.hands[0] == PLAYED
    assert score(edited).score == (62, 100)
    assert edited.players == TWO_HANDS.players and edited.rules == Rules()
