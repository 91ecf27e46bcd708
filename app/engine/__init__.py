"""Деберц rules engine: score any Debertz game from its settings and its log of hand records.

Pure standard-library Python (CPython 3.11 and Pyodide), no DOM, no storage.

>>> from app.engine import game_from_json, score
>>> game = game_from_json({"players": ["Оля", "Петро"], "hands": [
...     {"taker": 0, "cards": [70, 92], "bella": 0}]})
>>> sheet = score(game)
>>> sheet.hands[0].outcome, sheet.score
('bait', (0, 182))
"""

from app.engine.errors import PROBLEM_CODES, DebertzError, Problem
from app.engine.model import (
    Game,
    check_game,
    check_hand,
    claim_sides,
    complete_cards,
    game_from_json,
    game_to_json,
    hand_from_json,
    hand_to_json,
    new_game,
)
from app.engine.records import CARD_POINTS, Claim, Hand, Melds
from app.engine.rules import (
    PRESETS,
    Penalty,
    Rules,
    penalty_to_json,
    preset_name,
    rules_from_json,
    rules_to_json,
)
from app.engine.scoring import (
    ClaimResult,
    HandLine,
    Penalties,
    Sheet,
    claim_result,
    claim_to_json,
    claimed_points,
    least_to_make,
    line_to_json,
    score,
    sheet_to_json,
)

__all__ = [
    "CARD_POINTS", "PRESETS", "PROBLEM_CODES", "Claim", "ClaimResult", "DebertzError", "Game",
    "Hand", "HandLine", "Melds", "Penalties", "Penalty", "Problem", "Rules", "Sheet",
    "check_game", "check_hand", "claim_result", "claim_sides", "claim_to_json",
    "claimed_points", "complete_cards", "game_from_json", "game_to_json", "hand_from_json",
    "hand_to_json", "least_to_make", "line_to_json", "new_game", "penalty_to_json", "preset_name",
    "rules_from_json", "rules_to_json", "score", "sheet_to_json",
]
