"""What the entry forms ask the engine besides the checks: a new game, the missing side's cards."""

from __future__ import annotations

from typing import Any

import pytest

from app.engine import (
    Claim,
    DebertzError,
    Game,
    Rules,
    complete_cards,
    hand_from_json,
    new_game,
)

TWO = Game(players=("A", "B"))
THREE = Game(players=("A", "B", "C"))


def test_a_new_game_of_four_plays_in_teams_dealt_first_by_seat_0() -> None:
    game = new_game(["A", "B", "C", "D"])
    assert (game.teams, game.first_dealer, game.rules, game.hands, game.extra) == (
        True, 0, Rules(), (), {})
    assert game.side_count == 2


def test_a_new_game_keeps_the_first_dealer_and_options_it_was_given() -> None:
    game = new_game(["A", "B", "C"], teams=False, first_dealer=2, rules=Rules(target=301))
    assert (game.players, game.teams, game.first_dealer, game.rules.target, game.extra) == (
        ("A", "B", "C"), False, 2, 301, {})


def test_a_new_game_refuses_a_first_dealer_who_is_not_at_the_table() -> None:
    with pytest.raises(DebertzError, match="first_dealer must be a seat from 0 to 1, not 2"):
        new_game(["A", "B"], first_dealer=2)


@pytest.mark.parametrize(("game", "partial", "expected"), [
    (TWO, [None, 62], [100, 62]),
    (TWO, [None, 0], [162, 0]),
    (TWO, [0, None], [0, 162]),
    (TWO, [None, 162], [0, 162]),
    (THREE, [50, None, 70], [50, 42, 70]),
    (TWO, [100, 62], [100, 62]),
    (TWO, [162, 0], [162, 0]),
])
def test_the_one_missing_side_gets_what_the_others_leave_of_162(
        game: Game, partial: list[int | None], expected: list[int]) -> None:
    assert complete_cards(game, partial) == expected


@pytest.mark.parametrize(("game", "partial"), [
    (TWO, [None, 163]),            # the others exceed 162
    (TWO, [100, 60]),              # nothing missing and not 162
    (TWO, [None, None]),           # two missing
    (TWO, [None, -1]),             # a negative number
    (TWO, [None, True]),           # not a number
    (TWO, [None, 62, 0]),          # one number too many
    (THREE, [None, 62]),           # one number too few
    (TWO, (None, 62)),             # not a list
])
def test_cards_that_cannot_be_completed_give_none(game: Game, partial: Any) -> None:
    assert complete_cards(game, partial) is None


def test_a_hand_read_for_an_existing_place_is_checked_and_numbered_there() -> None:
    game = Game(players=("A", "B"), rules=Rules(target=101),
                hands=(hand_from_json({"taker": 1, "cards": [62, 100]}, TWO),))
    claim = {"taker": 0, "claim": {"side": 0, "cards": 101}}
    assert hand_from_json(claim, game, 0).claim == Claim(0, 101)  # in hand 1's place: 0 + 101
    with pytest.raises(DebertzError, match="^hand 1: cards must add up to 162, not 160$"):
        hand_from_json({"taker": 0, "cards": [100, 60]}, game, 0)
    with pytest.raises(DebertzError, match="^hand 2: the claim falls short: 62 \\+ 30 = 92 of 101$"):
        hand_from_json({"taker": 0, "claim": {"side": 0, "cards": 30}}, game)
