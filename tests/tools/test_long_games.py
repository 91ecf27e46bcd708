"""The sample games of the screenshots and layout tests are real games the engine scores."""

from __future__ import annotations

from app import engine
from app.storage import decode_game
from tools.long_games import LONG, SAMPLES, record


def test_every_sample_scores_and_the_names_are_the_longest_allowed() -> None:
    assert all(39 <= len(name) <= engine.model.NAME_MAX for name in LONG)
    for key, game in SAMPLES.items():
        stored = decode_game(key, record(game))
        assert isinstance(stored, dict) and stored["id"] == key
        assert engine.check_game(game) == []
    sheets = {key: engine.score(engine.game_from_json(game)) for key, game in SAMPLES.items()}
    assert not sheets["long-teams"].finished and sheets["long-three"].finished
    line = sheets["long-teams"].hands[1]
    assert line.outcome == "bait" and line.pot_won and line.penalties.bait[1] and line.penalties.ski[1]
