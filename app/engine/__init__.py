"""Деберц rules engine: score any Debertz game from its settings and its log of hand records.

Pure standard-library Python (CPython 3.11 and Pyodide), no DOM, no storage.

The closed sets of strings in the API are ``typing.Literal`` types, each with the tuple of its
values (plain strings: the JSON is unchanged): ``DecidedBy`` (``DECIDED_BY``), ``HandKind``
(``HAND_KINDS``), ``Outcome`` (``OUTCOMES``), ``ProblemCode`` (``PROBLEM_CODES``, a set), the
options' ``Eggs``, ``BothReach``, ``MustBeat``, ``BaitTo``, ``ClaimCounts``, ``ClaimBy``,
``FailedClaim``, a penalty's ``When`` and ``Count`` (their tuples are in ``rules``: ``EGGS``
...), and ``PresetName`` (``PRESET_NAMES``).

>>> from app.engine import game_from_json, score
>>> game = game_from_json({"players": ["Оля", "Петро"], "hands": [
...     {"taker": 0, "cards": [70, 92], "bella": 0}]})
>>> sheet = score(game)
>>> sheet.hands[0].outcome, sheet.score
('bait', (0, 182))

A screen that shows one game as it changes keeps the last version's replay and reads and
scores only what changed (``reread_game``, ``rescore``: the same Game and Sheet as
``game_from_json`` and ``score``).
"""

from app.engine.errors import PROBLEM_CODES, DebertzError, Problem, ProblemCode
from app.engine.facts import Comparison, HandFacts, Option, PenaltyCount
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
    reads_plainly,
    reread_game,
)
from app.engine.records import CARD_POINTS, Claim, Hand, Melds
from app.engine.rules import (
    PRESET_NAMES,
    PRESETS,
    BaitTo,
    BothReach,
    ClaimBy,
    ClaimCounts,
    Count,
    Eggs,
    FailedClaim,
    MustBeat,
    Penalty,
    PresetName,
    Rules,
    When,
    penalty_to_json,
    preset_name,
    rules_from_json,
    rules_to_json,
)
from app.engine.scoring import (
    DECIDED_BY,
    HAND_KINDS,
    OUTCOMES,
    ClaimResult,
    DecidedBy,
    HandKind,
    HandLine,
    Outcome,
    Penalties,
    Replayed,
    Sheet,
    claim_result,
    claim_to_json,
    claimed_points,
    least_to_make,
    line_to_json,
    rescore,
    score,
    sheet_to_json,
)

__all__ = [
    "CARD_POINTS",
    "DECIDED_BY",
    "HAND_KINDS",
    "OUTCOMES",
    "PRESETS",
    "PRESET_NAMES",
    "PROBLEM_CODES",
    "BaitTo",
    "BothReach",
    "Claim",
    "ClaimBy",
    "ClaimCounts",
    "ClaimResult",
    "Comparison",
    "Count",
    "DebertzError",
    "DecidedBy",
    "Eggs",
    "FailedClaim",
    "Game",
    "Hand",
    "HandFacts",
    "HandKind",
    "HandLine",
    "Melds",
    "MustBeat",
    "Option",
    "Outcome",
    "Penalties",
    "Penalty",
    "PenaltyCount",
    "PresetName",
    "Problem",
    "ProblemCode",
    "Replayed",
    "Rules",
    "Sheet",
    "When",
    "check_game",
    "check_hand",
    "claim_result",
    "claim_sides",
    "claim_to_json",
    "claimed_points",
    "complete_cards",
    "game_from_json",
    "game_to_json",
    "hand_from_json",
    "hand_to_json",
    "least_to_make",
    "line_to_json",
    "new_game",
    "penalty_to_json",
    "preset_name",
    "reads_plainly",
    "reread_game",
    "rescore",
    "rules_from_json",
    "rules_to_json",
    "score",
    "sheet_to_json",
]
