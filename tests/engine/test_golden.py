"""Whole games scored by hand (tests/golden/*.json): the engine must agree with every figure.

Each file holds a game and the expected sheet, hand by hand, with a ``why`` that shows the
arithmetic. Only the keys written in the expected file are compared.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from app.engine import game_from_json, hand_from_json, preset_name, score, sheet_to_json
from app.engine.__main__ import run

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
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


PINNED = sorted((GOLDEN / "cli").glob("*.out"))


def test_the_games_scored_before_the_claim_existed_are_pinned() -> None:
    pinned = {path.stem for path in PINNED}
    assert {"moscow_3_players", "penalties_consecutive_2_players", "standard_2_players",
            "standard_4_each_for_themselves", "vinnytsia_4_teams"} <= pinned
    assert pinned <= {path.stem for path in FILES}


@pytest.mark.parametrize("pinned", PINNED, ids=lambda p: p.stem)
def test_the_command_line_prints_exactly_the_pinned_bytes(pinned: Path) -> None:
    """tests/golden/cli/NAME.out is what ``python -m app.engine score`` printed for the game of
    NAME.json when it was pinned (the first five before the claim was added, RULES.md §5a):
    a file without the new keys must score exactly as before, byte for byte."""
    game = json.dumps(load(GOLDEN / f"{pinned.stem}.json")["game"], ensure_ascii=False)
    done = subprocess.run([sys.executable, "-m", "app.engine", "score", "-"], cwd=ROOT,
                          input=game.encode("utf-8"), capture_output=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == pinned.read_bytes()


EDITED = [path for path in FILES if "before_edit" in load(path)]


def test_there_are_golden_games_ending_in_each_kind_of_claim() -> None:
    ends = {(str(load(path)["expected"]["decided_by"]),
             any(line.get("kind") == "claim" and line.get("void") for line in
                 load(path)["expected"]["hands"])) for path in FILES}
    assert {("claim", False), ("failed_claim", False), ("target", True)} <= ends
    assert EDITED


@pytest.mark.parametrize("path", EDITED, ids=lambda p: p.stem)
def test_undoing_the_edit_brings_the_void_claim_back(path: Path) -> None:
    data = load(path)
    before = data["before_edit"]
    edited = game_from_json(data["game"])
    index = before["hand"] - 1
    original = edited.replace_hand(index, hand_from_json(before["record"], edited, index))
    result = score(original)
    assert list(result.hands[index].score) == before["score"], before["why"]
    assert (result.winner, result.decided_by) == (before["winner"], before["decided_by"])
    claim = [line for line in result.hands if line.kind == "claim"]
    assert claim and not claim[0].void and claim[0].claim is not None
    void = [line for line in score(edited).hands if line.kind == "claim"]
    assert void[0].void and "claim" not in sheet_to_json(score(edited))["hands"][index + 1]


@pytest.mark.parametrize("pinned", PINNED, ids=lambda p: p.stem)
def test_the_printed_sheet_is_exactly_the_pinned_bytes(pinned: Path) -> None:
    """The same as the command line check, in this process (``run`` prints what the CLI prints),
    so that every key and value of every row is compared, fast enough for `make mutation`."""
    game = load(GOLDEN / f"{pinned.stem}.json")["game"]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
        out, err = io.StringIO(), io.StringIO()
        assert run(["score", str(path)], out, err) == 0, err.getvalue()
    assert out.getvalue().encode("utf-8") == pinned.read_bytes()
