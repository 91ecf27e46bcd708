"""Every problem a hand record or a game document can have, with its field, code, params and
message (the UI translates by code and params, and shows the field: none of them may drift).

The tables were written from the problem table in app/engine/errors.py; each row is one record
and the whole list of problems ``check_hand`` (or ``check_game``) reports for it, in order.
"""

from __future__ import annotations

from typing import Any

import pytest

from app.engine import Game, check_game, check_hand, rules_from_json

LT = {"both_reach": "last_trick"}
Row = tuple[str, str, dict[str, object], str]

# (what, players, teams, rules, record, [(field, code, params, message after "hand 5: ")])
HANDS: list[tuple[str, int, bool, dict[str, Any], Any, list[Row]]] = [
    ('a record that is not an object', 2, True, {},
     [0, 1],
     [
        ('hand', 'not_object', {}, 'hand must be an object, not a list'),
     ]),
    ('redeal that is not true or false', 2, True, {},
     {'redeal': 'yes'},
     [
        ('redeal', 'not_bool', {}, 'redeal must be true or false, not text'),
     ]),
    ('a redeal under obligation', 2, True, {'obligation': True},
     {'redeal': True},
     [
        ('redeal', 'redeal_obligation', {}, 'redeal is not allowed: under obligation the dealer must take trump'),
     ]),
    ('a redeal with every result key', 2, True, LT,
     {'redeal': True, 'taker': 0, 'cards': [100, 62], 'melds': {'side': 0, 'terz': 1}, 'bella': 0, 'no_tricks': [1], 'last_trick': 0, 'debertz': 0, 'claim': {'side': 0, 'cards': 60}},
     [
        ('taker', 'redeal_with_result', {'key': 'taker'}, 'taker is not allowed in a redeal (nobody played)'),
        ('cards', 'redeal_with_result', {'key': 'cards'}, 'cards is not allowed in a redeal (nobody played)'),
        ('melds', 'redeal_with_result', {'key': 'melds'}, 'melds is not allowed in a redeal (nobody played)'),
        ('bella', 'redeal_with_result', {'key': 'bella'}, 'bella is not allowed in a redeal (nobody played)'),
        ('no_tricks', 'redeal_with_result', {'key': 'no_tricks'}, 'no_tricks is not allowed in a redeal (nobody played)'),
        ('last_trick', 'redeal_with_result', {'key': 'last_trick'}, 'last_trick is not allowed in a redeal (nobody played)'),
        ('debertz', 'redeal_with_result', {'key': 'debertz'}, 'debertz is not allowed in a redeal (nobody played)'),
        ('claim', 'redeal_with_result', {'key': 'claim'}, 'claim is not allowed in a redeal (nobody played)'),
     ]),
    ('a taker that is no seat', 3, True, {},
     {'taker': 3, 'cards': [100, 62, 0]},
     [
        ('taker', 'not_seat', {'value': 3, 'count': 3}, 'taker must be a seat from 0 to 2, not 3'),
     ]),
    ('a played hand without cards', 2, True, {},
     {'taker': 0},
     [
        ('cards', 'cards_required', {}, 'cards are missing: a played hand needs the card points of every side'),
     ]),
    ('cards that are not a list', 2, True, {},
     {'taker': 0, 'cards': '100, 62'},
     [
        ('cards', 'not_list', {}, 'cards must be a list, not text'),
     ]),
    ('cards with a number too few', 3, True, {},
     {'taker': 0, 'cards': [100, 62]},
     [
        ('cards', 'cards_count', {'count': 2, 'sides': 3}, 'cards must have one number per side (3), not 2'),
     ]),
    ('cards that are not whole or out of range', 3, True, {},
     {'taker': 0, 'cards': [100.5, -2, 163]},
     [
        ('cards.0', 'not_int', {}, 'cards.0 must be a whole number, not a fraction'),
        ('cards.1', 'out_of_range', {'value': -2, 'min': 0, 'max': 162}, 'cards.1 must be from 0 to 162, not -2'),
        ('cards.2', 'out_of_range', {'value': 163, 'min': 0, 'max': 162}, 'cards.2 must be from 0 to 162, not 163'),
     ]),
    ('cards of 1 and 161', 2, True, {},
     {'taker': 0, 'cards': [1, 161]},
     [
        ('cards.0', 'cards_impossible', {'value': 1}, 'cards.0 cannot be 1: no card is worth 1 point'),
        ('cards.1', 'cards_impossible', {'value': 161}, 'cards.1 cannot be 161: no card is worth 1 point'),
     ]),
    ('cards that do not add up', 3, True, {},
     {'taker': 0, 'cards': [100, 62, 10]},
     [
        ('cards', 'cards_sum', {'total': 172}, 'cards must add up to 162, not 172'),
     ]),
    ('melds that are not an object', 2, True, {},
     {'taker': 0, 'cards': [100, 62], 'melds': [0, 1]},
     [
        ('melds', 'not_object', {}, 'melds must be an object, not a list'),
     ]),
    ('melds without a side', 2, True, {},
     {'taker': 0, 'cards': [100, 62], 'melds': {'terz': 1}},
     [
        ('melds.side', 'missing', {}, 'melds.side is missing'),
     ]),
    ('melds of no side with too many terzes', 2, True, {},
     {'taker': 0, 'cards': [100, 62], 'melds': {'side': 2, 'terz': 4, 'fifty': 3}},
     [
        ('melds.side', 'not_side', {'value': 2, 'count': 2}, 'melds.side must be a side from 0 to 1, not 2'),
        ('melds.terz', 'out_of_range', {'value': 4, 'min': 0, 'max': 3}, 'melds.terz must be from 0 to 3, not 4'),
        ('melds.fifty', 'out_of_range', {'value': 3, 'min': 0, 'max': 2}, 'melds.fifty must be from 0 to 2, not 3'),
     ]),
    ('melds of 3 terzes and 1 fifty in 9 cards', 2, True, {},
     {'taker': 0, 'cards': [100, 62], 'melds': {'side': 1, 'terz': 3, 'fifty': 1}},
     [
        ('melds', 'melds_too_many', {'used': 13, 'held': 9}, 'melds need 13 cards, but side 1 holds only 9'),
     ]),
    ('melds of a team beyond its 16 cards', 4, True, {},
     {'taker': 0, 'cards': [100, 62], 'melds': {'side': 0, 'terz': 4, 'fifty': 2}},
     [
        ('melds', 'melds_too_many', {'used': 20, 'held': 16}, 'melds need 20 cards, but side 0 holds only 16'),
     ]),
    ('melds of one of four players beyond 8 cards', 4, False, {},
     {'taker': 0, 'cards': [100, 62, 0, 0], 'melds': {'side': 3, 'terz': 3}},
     [
        ('melds.terz', 'out_of_range', {'value': 3, 'min': 0, 'max': 2}, 'melds.terz must be from 0 to 2, not 3'),
     ]),
    ('melds with counts that are not whole', 2, True, {},
     {'taker': 0, 'cards': [100, 62], 'melds': {'side': 0, 'terz': '1', 'fifty': -1}},
     [
        ('melds.terz', 'not_int', {}, 'melds.terz must be a whole number, not text'),
        ('melds.fifty', 'out_of_range', {'value': -1, 'min': 0, 'max': 2}, 'melds.fifty must be from 0 to 2, not -1'),
     ]),
    ('bella and debertz of no side', 2, True, {},
     {'taker': 0, 'cards': [100, 62], 'bella': 2, 'debertz': -1},
     [
        ('debertz', 'not_side', {'value': -1, 'count': 2}, 'debertz must be a side from 0 to 1, not -1'),
        ('bella', 'not_side', {'value': 2, 'count': 2}, 'bella must be a side from 0 to 1, not 2'),
     ]),
    ('no_tricks that is not a list', 2, True, {},
     {'taker': 0, 'cards': [162, 0], 'no_tricks': 1},
     [
        ('no_tricks', 'not_list', {}, 'no_tricks must be a list, not a whole number'),
     ]),
    ('no_tricks with a side twice and one that has points', 3, True, {},
     {'taker': 0, 'cards': [162, 0, 0], 'no_tricks': [1, 1, 0, 5]},
     [
        ('no_tricks.1', 'duplicate_side', {'value': 1}, 'no_tricks lists side 1 twice'),
        ('no_tricks.2', 'no_tricks_has_points', {'side': 0, 'points': 162}, 'no_tricks lists side 0, but it has 162 card points'),
        ('no_tricks.3', 'not_side', {'value': 5, 'count': 3}, 'no_tricks.3 must be a side from 0 to 2, not 5'),
     ]),
    ('no_tricks listing every side', 2, True, {},
     {'taker': 0, 'cards': [162, 0], 'no_tricks': [1, 0]},
     [
        ('no_tricks.1', 'no_tricks_has_points', {'side': 0, 'points': 162}, 'no_tricks lists side 0, but it has 162 card points'),
        ('no_tricks', 'no_tricks_all_sides', {}, 'no_tricks cannot list every side: somebody took the tricks'),
     ]),
    ('no_tricks in a debertz hand without cards', 2, True, {},
     {'taker': 0, 'debertz': 0, 'no_tricks': [1]},
     [
        ('no_tricks', 'no_tricks_needs_cards', {}, 'no_tricks needs cards: without card points nobody can be listed'),
     ]),
    ('last_trick left out under both_reach last_trick', 2, True, LT,
     {'taker': 0, 'cards': [100, 62]},
     [
        ('last_trick', 'last_trick_required', {}, 'last_trick is missing: it is required under both_reach "last_trick"'),
     ]),
    ('last_trick of a side without tricks', 2, True, LT,
     {'taker': 0, 'cards': [162, 0], 'no_tricks': [1], 'last_trick': 1},
     [
        ('last_trick', 'last_trick_no_tricks', {'side': 1}, 'last_trick is side 1, which is listed in no_tricks'),
     ]),
    ('last_trick of a side with 9 card points', 3, True, LT,
     {'taker': 0, 'cards': [143, 9, 10], 'last_trick': 1},
     [
        ('last_trick', 'last_trick_points', {'side': 1, 'points': 9}, "last_trick is side 1, but its 9 card points cannot include the last trick's 10"),
     ]),
    ('last_trick of no side', 2, True, LT,
     {'taker': 0, 'cards': [100, 62], 'last_trick': 2},
     [
        ('last_trick', 'not_side', {'value': 2, 'count': 2}, 'last_trick must be a side from 0 to 1, not 2'),
     ]),
    ('a claim that is not an object', 2, True, {},
     {'taker': 0, 'claim': [0, 60]},
     [
        ('claim', 'not_object', {}, 'claim must be an object, not a list'),
     ]),
    ('a claim without side and cards', 2, True, {},
     {'taker': 0, 'claim': {}},
     [
        ('claim.side', 'missing', {}, 'claim.side is missing'),
        ('claim.cards', 'missing', {}, 'claim.cards is missing'),
     ]),
    ('a claim of no side with cards out of range', 2, True, {},
     {'taker': 0, 'claim': {'side': 2, 'cards': 163}},
     [
        ('claim.side', 'not_side', {'value': 2, 'count': 2}, 'claim.side must be a side from 0 to 1, not 2'),
        ('claim.cards', 'out_of_range', {'value': 163, 'min': 0, 'max': 162}, 'claim.cards must be from 0 to 162, not 163'),
     ]),
    ('a claim of 161 card points', 2, True, {},
     {'taker': 0, 'claim': {'side': 0, 'cards': 161}},
     [
        ('claim.cards', 'cards_impossible', {'value': 161}, 'claim.cards cannot be 161: no card is worth 1 point'),
     ]),
    ('a claim of 1 card point', 2, True, {},
     {'taker': 0, 'claim': {'side': 0, 'cards': 1}},
     [
        ('claim.cards', 'cards_impossible', {'value': 1}, 'claim.cards cannot be 1: no card is worth 1 point'),
     ]),
    ('a claim hand without a taker, with every key of a played hand', 2, True, LT,
     {'claim': {'side': 0, 'cards': 60}, 'cards': [100, 62], 'no_tricks': [], 'last_trick': 0, 'debertz': 0},
     [
        ('taker', 'missing', {}, 'taker is missing'),
        ('cards', 'not_in_claim', {'key': 'cards'}, 'cards are not allowed in a claim hand (it was not played out)'),
        ('no_tricks', 'not_in_claim', {'key': 'no_tricks'}, 'no_tricks are not allowed in a claim hand (it was not played out)'),
        ('last_trick', 'not_in_claim', {'key': 'last_trick'}, 'last_trick is not allowed in a claim hand (it was not played out)'),
        ('debertz', 'not_in_claim', {'key': 'debertz'}, 'debertz is not allowed in a claim hand (it was not played out)'),
     ]),
    ("a claim by the taker's side under claim_by defenders", 4, True, {'claim_by': 'defenders'},
     {'taker': 2, 'claim': {'side': 0, 'cards': 60}},
     [
        ('claim.side', 'claim_not_allowed', {'side': 0}, 'claim.side is side 0, the taker\'s: under claim_by "defenders" only another side may claim'),
     ]),
    ('a cards-only claim with melds and bella', 2, True, {'claim_counts': 'cards'},
     {'taker': 0, 'claim': {'side': 1, 'cards': 60}, 'melds': {'side': 1, 'terz': 1}, 'bella': 1},
     [
        ('melds', 'claim_cards_only', {'key': 'melds'}, 'melds are not allowed in a claim under claim_counts "cards": only the card points count'),
        ('bella', 'claim_cards_only', {'key': 'bella'}, 'bella is not allowed in a claim under claim_counts "cards": only the card points count'),
     ]),
    ("a claim with the other side's melds and bella", 2, True, {},
     {'taker': 0, 'claim': {'side': 1, 'cards': 60}, 'melds': {'side': 0, 'terz': 1}, 'bella': 0},
     [
        ('melds.side', 'claim_other_side', {'key': 'melds', 'side': 0, 'claim_side': 1}, "melds are side 0's, but side 1 claims: a claim hand carries only the claiming side's melds and bella"),
        ('bella', 'claim_other_side', {'key': 'bella', 'side': 0, 'claim_side': 1}, "bella is side 0's, but side 1 claims: a claim hand carries only the claiming side's melds and bella"),
     ]),
    ('a claim with bad melds and a bella of no side', 2, True, {},
     {'taker': 0, 'claim': {'side': 1, 'cards': 60}, 'melds': {'side': 1, 'terz': 9}, 'bella': 3},
     [
        ('melds.terz', 'out_of_range', {'value': 9, 'min': 0, 'max': 3}, 'melds.terz must be from 0 to 3, not 9'),
        ('bella', 'not_side', {'value': 3, 'count': 2}, 'bella must be a side from 0 to 1, not 3'),
     ]),
    ("a claim with no claim side and another side's bella", 2, True, {},
     {'taker': 0, 'claim': {'cards': 60}, 'bella': 0},
     [
        ('claim.side', 'missing', {}, 'claim.side is missing'),
     ]),
]



@pytest.mark.parametrize(("players", "teams", "rules", "record", "expected"),
                         [row[1:] for row in HANDS], ids=[row[0] for row in HANDS])
def test_each_problem_of_a_hand_record_has_its_field_code_params_and_message(
        players: int, teams: bool, rules: dict[str, Any], record: Any,
        expected: list[Row]) -> None:
    game = Game(players=("A", "B", "C", "D")[:players], teams=teams, rules=rules_from_json(rules))
    found = check_hand(game, record, 4)
    assert [p.hand for p in found] == [5] * len(expected)
    assert [(p.field, p.code, p.params, p.message) for p in found] == [
        (field, code, params, f"hand 5: {message}") for field, code, params, message in expected]


# (what, document, [(hand, field, code, params, message)])
GAMES: list[tuple[str, Any, list[tuple[int | None, str, str, dict[str, object], str]]]] = [
    ('a document that is not an object',
     ['A', 'B'],
     [
        (None, 'game', 'not_object', {}, 'game must be an object, not a list'),
     ]),
    ('a document without players and hands',
     {},
     [
        (None, 'players', 'missing', {}, 'players is missing'),
        (None, 'hands', 'missing', {}, 'hands is missing (use [] for a game not yet played)'),
     ]),
    ('players and hands set to null',
     {'players': None, 'hands': None},
     [
        (None, 'players', 'not_list', {}, 'players must be a list, not null'),
        (None, 'hands', 'not_list', {}, 'hands must be a list, not null'),
     ]),
    ('an unknown format',
     {'format': 'debertz/2', 'players': ['A', 'B'], 'hands': []},
     [
        (None, 'format', 'unknown_format', {'value': '"debertz/2"'}, 'format must be "debertz/1", not "debertz/2"'),
     ]),
    ('players that are not a list',
     {'players': 'A, B', 'hands': []},
     [
        (None, 'players', 'not_list', {}, 'players must be a list, not text'),
     ]),
    ('one player',
     {'players': ['A'], 'hands': []},
     [
        (None, 'players', 'players_count', {'count': 1}, 'players must list 2, 3 or 4 players, not 1'),
     ]),
    ('five players',
     {'players': ['A', 'B', 'C', 'D', 'E'], 'hands': []},
     [
        (None, 'players', 'players_count', {'count': 5}, 'players must list 2, 3 or 4 players, not 5'),
     ]),
    ('names that are not text, empty, too long or alike',
     {'players': [7, '  ', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', ' a '], 'hands': []},
     [
        (None, 'players.0', 'not_text', {}, 'players.0 must be a name (text), not a whole number'),
        (None, 'players.1', 'name_empty', {'seat': 1}, 'players.1 is empty: a name is needed'),
        (None, 'players.2', 'name_too_long', {'seat': 2, 'length': 41, 'max': 40}, 'players.2 is 41 characters long; at most 40 are allowed'),
     ]),
    ('two names alike ignoring case',
     {'players': ['Оля', 'Петро', 'оля '], 'hands': []},
     [
        (None, 'players.2', 'name_duplicate', {'seat': 2, 'other': 0}, 'players.2 is the same name as players.0 (ignoring case)'),
     ]),
    ('teams and first_dealer of the wrong kind',
     {'players': ['A', 'B', 'C', 'D'], 'teams': 'yes', 'first_dealer': 4, 'hands': []},
     [
        (None, 'teams', 'not_bool', {}, 'teams must be true or false, not text'),
        (None, 'first_dealer', 'not_seat', {'value': 4, 'count': 4}, 'first_dealer must be a seat from 0 to 3, not 4'),
     ]),
    ('a first_dealer that is no seat',
     {'players': ['A', 'B'], 'first_dealer': -1, 'hands': []},
     [
        (None, 'first_dealer', 'not_seat', {'value': -1, 'count': 2}, 'first_dealer must be a seat from 0 to 1, not -1'),
     ]),
    ('hands that are not a list',
     {'players': ['A', 'B'], 'hands': {'0': {}}},
     [
        (None, 'hands', 'not_list', {}, 'hands must be a list, not an object'),
     ]),
    ('rules that are not an object',
     {'players': ['A', 'B'], 'rules': [], 'hands': []},
     [
        (None, 'rules', 'not_object', {}, 'rules must be an object, not a list'),
     ]),
    ('failed_claim loses with three sides',
     {'players': ['A', 'B', 'C'], 'rules': {'failed_claim': 'loses'}, 'hands': []},
     [
        (None, 'rules.failed_claim', 'failed_claim_sides', {'sides': 3}, 'rules.failed_claim "loses" needs exactly two sides, not 3: the claiming side loses and the other side wins'),
     ]),
    ('failed_claim loses with four players each for themselves',
     {'players': ['A', 'B', 'C', 'D'], 'teams': False, 'rules': {'failed_claim': 'loses'}, 'hands': []},
     [
        (None, 'rules.failed_claim', 'failed_claim_sides', {'sides': 4}, 'rules.failed_claim "loses" needs exactly two sides, not 4: the claiming side loses and the other side wins'),
     ]),
    ('bad hands after bad game keys',
     {'players': ['A'], 'hands': [{'taker': 0}]},
     [
        (None, 'players', 'players_count', {'count': 1}, 'players must list 2, 3 or 4 players, not 1'),
     ]),
    ('two bad hands',
     {'players': ['A', 'B'], 'hands': [{'taker': 0, 'cards': [100, 61]}, {'redeal': True}, 5]},
     [
        (1, 'cards', 'cards_sum', {'total': 161}, 'hand 1: cards must add up to 162, not 161'),
        (3, 'hand', 'not_object', {}, 'hand 3: hand must be an object, not a whole number'),
     ]),
    ('a short claim after a fine hand',
     {'players': ['A', 'B'], 'hands': [{'taker': 0, 'cards': [100, 62]}, {'taker': 0, 'claim': {'side': 1, 'cards': 60}}]},
     [
        (2, 'claim', 'claim_short', {'side': 1, 'score': 62, 'claimed': 60, 'total': 122, 'target': 501}, 'hand 2: the claim falls short: 62 + 60 = 122 of 501'),
     ]),
]



@pytest.mark.parametrize(("document", "expected"), [row[1:] for row in GAMES],
                         ids=[row[0] for row in GAMES])
def test_each_problem_of_a_game_document_has_its_field_code_params_and_message(
        document: Any, expected: list[tuple[object, ...]]) -> None:
    assert [tuple(p) for p in check_game(document)] == expected
