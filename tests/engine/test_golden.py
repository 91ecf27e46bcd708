"""Whole games scored by hand (tests/golden/*.json): the engine must agree with every figure.

Each file holds a game and the expected sheet, hand by hand, with a ``why`` that shows the
arithmetic. Only the keys written in the expected file are compared.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.engine import game_from_json, preset_name, score, sheet_to_json

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
FILES = sorted(GOLDEN.glob("*.json"))


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_there_is_a_golden_game_for_every_preset_and_player_count() -> None:
    seen: set[tuple[object, ...]] = set()
    for path in FILES:
        data = load(path)
        game = game_from_json(data["game"])
        seen.add(("preset", preset_name(game.rules)))
        seen.add(("sides", len(game.players), game.side_count))
    assert {("preset", "standard"), ("preset", "moscow"), ("preset", "vinnytsia")} <= seen
    assert {("sides", 2, 2), ("sides", 3, 3), ("sides", 4, 2), ("sides", 4, 4)} <= seen


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_engine_agrees_with_the_sheet_scored_by_hand(path: Path) -> None:
    data = load(path)
    expected = data["expected"]
    game = game_from_json(data["game"])
    if "preset" in expected:
        assert preset_name(game.rules) == expected["preset"]
    result: dict[str, Any] = sheet_to_json(score(game))
    assert len(result["hands"]) == len(expected["hands"])
    for number, (want, got) in enumerate(zip(expected["hands"], result["hands"]), start=1):
        for key, value in want.items():
            if key != "why":
                assert got[key] == value, f"hand {number}, {key}: {want['why']}"
    for key, value in expected.items():
        if key not in ("hands", "preset"):
            assert result[key] == value, key
