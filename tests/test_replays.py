"""A game's sheet kept per revision and extended (app/replays.py): what every screen and the
games list's summary show is exactly the engine's replay of the whole game, and a hand saved at
the end is the one hand read and scored."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app import engine, replays
from app.engine import model as engine_model
from app.engine import scoring as engine_scoring
from app.summaries import summarize
from app.ui import history, scoring
from tests.engine.strategies import claim_hand, games, played_hand
from tests.ui.helpers import Table

Doc = dict[str, Any]
DRILL = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def a_record(data: st.DataObject, doc: Doc) -> Doc:
    """A new hand for ``doc`` as the form makes them: a played hand, sometimes a claim or a redeal."""
    roll = data.draw(st.integers(0, 9))
    if roll == 0:
        return {"redeal": True}
    claim = data.draw(claim_hand(doc)) if roll == 1 else None
    if claim is not None:
        return claim
    return data.draw(played_hand(len(doc["players"]), doc["teams"], doc["rules"]))


def a_change(data: st.DataObject, game: Doc) -> Doc:
    """What a tap does to the game dict: a hand added, edited or deleted, ↶ or ↷."""
    hands = game["hands"]
    step = data.draw(st.sampled_from(["add", "add", "edit", "delete", "undo", "redo"]))
    index = data.draw(st.integers(0, max(0, len(hands) - 1)))
    if step == "undo":
        return history.undo(game)
    if step == "redo":
        return history.redo(game)
    if step == "add" or not hands:
        op = {"op": "add", "index": len(hands), "hand": a_record(data, game)}
    elif step == "edit":
        op = {"op": "edit", "index": index, "before": hands[index],
              "after": a_record(data, {**game, "hands": hands[:index]})}
    else:
        op = {"op": "delete", "index": index, "hand": hands[index]}
    return history.apply_change(game, op, "2026-12-02T08:00:00")


def assert_shown_as_replayed(game: Doc) -> None:
    read = engine.game_from_json(game)
    full = engine.score(read)
    assert replays.engine_game(game) == read
    assert replays.sheet(game) == full and scoring.played(game).sheet == full
    assert json.dumps(engine.sheet_to_json(replays.sheet(game))) == json.dumps(
        engine.sheet_to_json(full))
    card = summarize(game)
    assert (card["score"], card["winner"], card["finished"]) == (
        list(full.score), full.winner, full.finished)


@DRILL
@given(games(max_hands=20), st.data())
def test_every_revision_of_a_game_shows_the_sheet_of_its_whole_replay(
    doc: Doc, data: st.DataObject
) -> None:
    game: Doc = {**doc, "id": "g-replayed", "undo": [], "redo": [], "rev": 0}
    assert_shown_as_replayed(game)
    for rev in range(1, data.draw(st.integers(1, 12)) + 1):
        changed = {**a_change(data, game), "rev": rev}
        try:
            engine.game_from_json(changed)
        except engine.DebertzError as refused:  # the app refuses such a change (a short claim)
            with pytest.raises(engine.DebertzError) as also:
                replays.sheet(changed)
            assert also.value.problem == refused.problem
            continue
        assert_shown_as_replayed(changed)
        game = changed


class Calls:
    """The engine's work counted: each hand record read, each hand scored (its number)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.read: list[object] = []
        self.scored: list[int] = []
        read_hand, line = engine_model.read_hand, engine_scoring._Replay.line

        def counted_read(report: Any, raw: object, *rest: Any) -> Any:
            self.read.append(raw)
            return read_hand(report, raw, *rest)

        def counted_line(replay: Any, number: int, *rest: Any) -> Any:
            self.scored.append(number)
            return line(replay, number, *rest)

        monkeypatch.setattr(engine_model, "read_hand", counted_read)
        monkeypatch.setattr(engine_scoring._Replay, "line", counted_line)

    def clear(self) -> None:
        self.read.clear()
        self.scored.clear()


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[Calls]:
    yield Calls(monkeypatch)


def sixty_hands(table: Table) -> None:
    table.new_game(["Оля", "Петро"], target=10001)
    for i in range(60):
        table.hand(i % 2, {0: [100, 62, 70, 92, 120, 42][i % 6]})


def test_a_hand_saved_at_the_end_is_the_one_hand_read_and_scored(calls: Calls) -> None:
    table = Table("en")
    sixty_hands(table)
    table.do("new-hand")
    table.do("taker", seat=1)
    calls.clear()
    table.do("cards", side=1, value="97")  # the form's preview: the sheet with this hand saved
    assert calls.scored == [61] and 'id="preview"' in table.html()
    calls.clear()
    table.do("save-hand")  # checked, stored with its summary, the game's screen drawn
    new = table.game["hands"][60]
    assert len(table.game["hands"]) == 61 and new["cards"] == [65, 97]
    assert calls.scored == [61]  # no earlier hand scored again, the new one once
    assert calls.read and all(record == {k: v for k, v in new.items() if k != "at"}
                              or record is new for record in calls.read)
    assert len(calls.read) <= 2  # the form's check and the new revision's read
    assert replays.sheet(table.game) == engine.score(engine.game_from_json(table.game))
    stored = json.loads(table.store.games[table.game["id"]])
    assert stored["summary"]["score"] == list(replays.sheet(table.game).score)


def test_an_edit_replays_from_the_edited_hand_and_undo_of_an_add_replays_nothing(
    calls: Calls,
) -> None:
    table = Table("en")
    sixty_hands(table)
    table.do("edit-hand", index=56)
    table.do("cards", side=0, value="90")
    calls.clear()
    table.do("save-hand")
    assert calls.scored == [57, 58, 59, 60]
    assert replays.sheet(table.game) == engine.score(engine.game_from_json(table.game))
    table.hand(0, {0: 100})
    calls.clear()
    table.do("undo")
    assert calls.scored == [] and len(table.game["hands"]) == 60
    assert replays.sheet(table.game) == engine.score(engine.game_from_json(table.game))


def test_a_game_read_again_from_storage_is_replayed_whole_and_shows_the_same(calls: Calls) -> None:
    table = Table("en")
    sixty_hands(table)
    shown = replays.sheet(table.game)
    calls.clear()
    again = table.reloaded()
    again.do("route", hash=f"#/game/{table.game['id']}")
    assert replays.sheet(again.state.games[table.game["id"]]) == shown
