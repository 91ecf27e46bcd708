"""``python -m app.engine score FILE``: JSON out, or exit 2 with one line and no traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app.engine", *args], input=stdin, cwd=ROOT,
                          capture_output=True, text=True, encoding="utf-8", timeout=60,
                          check=False)


GAME: dict[str, Any] = {
    "format": "debertz/1", "players": ["Оля", "Петро"], "id": "g1",
    "hands": [{"taker": 0, "cards": [81, 81], "note": "eggs"},
              {"taker": 1, "cards": [62, 100], "melds": {"side": 1, "terz": 1}}],
}


def test_scoring_a_file_prints_the_sheet(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME, ensure_ascii=False), encoding="utf-8")
    done = run("score", str(path))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["score"] == [62, 282]
    assert result["winner"] is None
    assert result["next_dealer"] == 0
    assert result["hanging"] == 0
    second = result["hands"][1]
    assert second["pot_won"] == 81
    assert second["outcome"] == "made"
    assert {"score", "void", "dealer", "taker", "kind", "totals", "recorded", "penalties",
            "change", "pot", "winner"} <= set(second)


def test_a_dash_reads_standard_input() -> None:
    done = run("score", "-", stdin=json.dumps(GAME))
    assert done.returncode == 0
    assert json.loads(done.stdout)["score"] == [62, 282]


def test_invalid_input_exits_2_with_one_line_naming_hand_and_field() -> None:
    bad = {"players": ["A", "B"], "hands": [{"redeal": True}, {"redeal": True},
                                            {"taker": 0, "cards": [100, 50]}]}
    done = run("score", "-", stdin=json.dumps(bad))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == "hand 3: cards must add up to 162, not 150\n"


def test_not_json_missing_files_and_bad_usage_exit_2_without_a_traceback(tmp_path: Path) -> None:
    cases = [run("score", "-", stdin="{not json"), run("score", str(tmp_path / "none.json")),
             run("score"), run("scroe", "-"), run("score", "-", stdin="[" * 100000),
             run("score", "-", stdin='{"players": ["A", "B"], "hands": [' + "1" * 5000 + "]}")]
    for done in cases:
        assert done.returncode == 2
        assert done.stderr.count("\n") == 1, done.stderr
        assert "Traceback" not in done.stderr


def test_help_explains_the_command() -> None:
    done = run("--help")
    assert done.returncode == 0
    assert "score FILE" in done.stdout
