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


def claim_game(hand: dict[str, Any], players: int = 2, **rules: Any) -> str:
    """Two hands and then ``hand``; four players play in teams (two sides)."""
    cards = [100, 62, 0] if players == 3 else [100, 62]
    return json.dumps({"players": ["Оля", "Петро", "Іван", "Марта"][:players], "rules": rules,
                       "hands": [{"taker": 0, "cards": cards}, {"redeal": True}, hand]})


BAD_CLAIMS = [
    (claim_game({"taker": 1, "claim": {"side": 0, "cards": 100}}),
     "hand 3: the claim falls short: 100 + 100 = 200 of 501"),
    (claim_game({"taker": 0, "claim": {"side": 0, "cards": 162}}, claim_by="defenders",
                target=200), "hand 3: claim.side is side 0, the taker's"),
    (claim_game({"taker": 1, "claim": {"side": 0, "cards": 40}, "melds": {"side": 1, "terz": 1}},
                target=100), "hand 3: melds are side 1's, but side 0 claims"),
    (claim_game({"taker": 1, "claim": {"side": 0, "cards": 40}, "bella": 1}, target=100),
     "hand 3: bella is side 1's, but side 0 claims"),
    (claim_game({"taker": 1, "claim": {"side": 0, "cards": 40}, "melds": {"side": 0, "terz": 1}},
                claim_counts="cards", target=100), "hand 3: melds are not allowed in a claim"),
    (claim_game({"taker": 1, "claim": {"side": 0, "cards": 40}, "bella": 0},
                claim_counts="cards", target=100), "hand 3: bella is not allowed in a claim"),
    (claim_game({"taker": 1, "claim": {"side": 0, "cards": 40}, "cards": [40, 122]}),
     "hand 3: cards are not allowed in a claim hand"),
    (claim_game({"taker": 1, "claim": {"side": 0, "cards": 40}, "no_tricks": [1]}),
     "hand 3: no_tricks are not allowed in a claim hand"),
    (claim_game({"taker": 1, "claim": {"side": 0, "cards": 40}, "last_trick": 0}),
     "hand 3: last_trick is not allowed in a claim hand"),
    (claim_game({"taker": 1, "claim": {"side": 0, "cards": 40}, "debertz": 0}),
     "hand 3: debertz is not allowed in a claim hand"),
    (claim_game({"taker": 1, "claim": {"side": 0, "cards": 1}}), "hand 3: claim.cards cannot be 1"),
    (claim_game({"taker": 1, "claim": {"side": 0, "cards": 161}}),
     "hand 3: claim.cards cannot be 161"),
    (claim_game({"taker": 1, "claim": {"side": 0, "cards": 163}}),
     "hand 3: claim.cards must be from 0 to 162, not 163"),
    (claim_game({"taker": 1, "claim": {"side": 0, "cards": -1}}),
     "hand 3: claim.cards must be from 0 to 162, not -1"),
    (claim_game({"taker": 1, "claim": {"side": 0, "cards": 99.5}}),
     "hand 3: claim.cards must be a whole number, not a fraction"),
    (claim_game({"taker": 1, "claim": {"side": 0, "cards": "99"}}),
     "hand 3: claim.cards must be a whole number, not text"),
    (claim_game({"taker": 1, "claim": {"side": 0, "cards": 10**30}}),
     "hand 3: claim.cards must be from 0 to 162"),
    (claim_game({"taker": 1, "claim": {"side": False, "cards": 99}}),
     "hand 3: claim.side must be a side number, not false"),
    (claim_game({"taker": 1, "claim": {"side": 3, "cards": 99}}, players=4),
     "hand 3: claim.side must be a side from 0 to 1, not 3"),
    (claim_game({"taker": 1, "claim": {"cards": 99}}), "hand 3: claim.side is missing"),
    (claim_game({"taker": 1, "claim": {"side": 0}}), "hand 3: claim.cards is missing"),
    (claim_game({"taker": 1, "claim": "side 0"}), "hand 3: claim must be an object, not text"),
    (claim_game({"claim": {"side": 0, "cards": 99}}), "hand 3: taker is missing"),
    (claim_game({"taker": 0, "claim": {"side": 0, "cards": 99}}, players=3,
                failed_claim="loses"), 'rules.failed_claim "loses" needs exactly two sides, not 3'),
    (claim_game({"taker": 0, "claim": {"side": 0, "cards": 99}}, failed_claim="lose"),
     'rules.failed_claim must be one of "play_on", "loses", not "lose"'),
]


def test_malformed_claims_exit_2_with_one_line_naming_the_hand_and_field() -> None:
    for document, start in BAD_CLAIMS:
        done = run("score", "-", stdin=document)
        assert (done.returncode, done.stdout) == (2, ""), document
        assert done.stderr.startswith(start) and done.stderr.count("\n") == 1, done.stderr
        assert "Traceback" not in done.stderr


def test_a_claim_is_scored_by_the_command_line() -> None:
    done = run("score", "-", stdin=claim_game(
        {"taker": 1, "claim": {"side": 0, "cards": 100}}, claim_counts="cards", target=200))
    assert done.returncode == 0, done.stderr
    sheet = json.loads(done.stdout)
    assert (sheet["winner"], sheet["decided_by"], sheet["score"]) == (0, "claim", [100, 62])
    assert sheet["hands"][2]["kind"] == "claim" and sheet["hands"][2]["claim"]["total"] == 200
    lost = json.loads(run("score", "-", stdin=claim_game(
        {"taker": 1, "claim": {"side": 0, "cards": 90}}, failed_claim="loses", target=200)).stdout)
    assert (lost["winner"], lost["decided_by"]) == (1, "failed_claim")
