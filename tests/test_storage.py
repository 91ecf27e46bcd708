"""The pure storage layer: what is written, what is read back, and what is refused."""

from __future__ import annotations

import json
from typing import Any
from unittest.mock import ANY

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app import storage
from app.storage import (
    SCHEMA,
    StorageError,
    StorageProblem,
    check_game_id,
    check_record_id,
    check_writable,
    decode_game,
    decode_settings,
    encode_game,
    encode_settings,
    load_records,
)
from app.summaries import summarize

GAME: dict[str, Any] = {
    "format": "debertz/1",
    "id": "g1",
    "players": ["Оля", "Петро", "<b>Іван</b>", "Марта"],
    "teams": True,
    "hands": [{"redeal": True}, {"taker": 1, "cards": [62, 100], "bella": 0}],
    "undo": [],
}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


def test_a_game_reads_back_exactly_as_written() -> None:
    assert decode_game("g1", encode_game(GAME)) == GAME


def test_stored_text_is_an_envelope_with_the_schema_version() -> None:
    envelope = json.loads(encode_game(GAME))
    assert envelope == {"schema": SCHEMA, "summary": summarize(GAME) | {"crc": ANY}, "game": GAME}


def test_settings_read_back_exactly_as_written() -> None:
    settings = {"lang": "ru", "preset": "moscow"}
    assert decode_settings(encode_settings(settings)) == settings


@settings(deadline=None)  # a round trip has no time limit; under a loaded run it hit 200 ms
@given(st.dictionaries(st.text(), json_values, max_size=6))
def test_any_json_object_round_trips(payload: dict[str, Any]) -> None:
    payload.pop("id", None)
    assert decode_game("x", encode_game(payload)) == payload


def test_corrupt_json_is_reported_with_the_record_and_the_text_kept() -> None:
    problem = decode_game("g7", '{"schema": 1, "game": {"players": [')
    assert isinstance(problem, StorageProblem)
    assert (problem.record, problem.code) == ("g7", "corrupt-json")
    assert "g7" in problem.message and "not valid JSON" in problem.message
    assert problem.raw == '{"schema": 1, "game": {"players": ['


def test_a_newer_schema_is_reported_not_read() -> None:
    raw = json.dumps({"schema": SCHEMA + 1, "game": GAME})
    problem = decode_game("g1", raw)
    assert isinstance(problem, StorageProblem)
    assert problem.code == "newer-schema"
    assert f"schema {SCHEMA + 1}" in problem.message
    assert problem.raw == raw


@pytest.mark.parametrize(
    ("raw", "fragment"),
    [
        ("[1, 2]", "not a JSON object"),
        ('{"game": {}}', "no valid schema number"),
        ('{"schema": "1", "game": {}}', "no valid schema number"),
        ('{"schema": true, "game": {}}', "no valid schema number"),
        ('{"schema": 0, "game": {}}', "no valid schema number"),
        ('{"schema": 1}', "no 'game' object"),
        ('{"schema": 1, "game": [1]}', "no 'game' object"),
        ('{"schema": 1, "game": {"id": "other"}}', "id 'other'"),
        (42, "is a int, not JSON text"),
    ],
)
def test_records_of_the_wrong_shape_are_reported(raw: object, fragment: str) -> None:
    problem = decode_game("g1", raw)
    assert isinstance(problem, StorageProblem)
    assert problem.code == "wrong-shape"
    assert fragment in problem.message


def test_settings_problems_name_the_settings_record() -> None:
    problem = decode_settings('{"schema": 1, "game": {}}')
    assert isinstance(problem, StorageProblem)
    assert problem.record == "settings"
    assert "no 'settings' object" in problem.message


def test_loading_separates_usable_games_from_problems() -> None:
    loaded = load_records(
        {"g1": encode_game(GAME), "g2": "{", "g3": json.dumps({"schema": 99, "game": {}})},
        encode_settings({"lang": "en"}),
    )
    assert loaded.games == {"g1": GAME}
    assert loaded.settings == {"lang": "en"}
    assert [(p.record, p.code) for p in loaded.problems] == [
        ("g2", "corrupt-json"),
        ("g3", "newer-schema"),
    ]


def test_unreadable_settings_fall_back_to_empty_and_are_reported() -> None:
    loaded = load_records({}, "not json")
    assert loaded.settings == {}
    assert [p.record for p in loaded.problems] == ["settings"]


def test_migrations_upgrade_old_records_step_by_step(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage, "SCHEMA", 3)

    def rename_names(old: dict[str, Any]) -> dict[str, Any]:
        game = dict(old["game"], players=old["game"].pop("names"))
        return {"schema": 2, "game": game}

    def add_format(old: dict[str, Any]) -> dict[str, Any]:
        return {"schema": 3, "game": dict(old["game"], format="debertz/1")}

    monkeypatch.setattr(storage, "MIGRATIONS", {1: rename_names, 2: add_format})
    raw = json.dumps({"schema": 1, "game": {"names": ["A", "B"], "hands": []}})
    assert decode_game("g", raw) == {"players": ["A", "B"], "hands": [], "format": "debertz/1"}


def test_a_missing_migration_is_a_problem_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage, "SCHEMA", 2)
    problem = decode_game("g", json.dumps({"schema": 1, "game": {}}))
    assert isinstance(problem, StorageProblem)
    assert "schema 1 with no upgrade" in problem.message


def test_values_that_are_not_json_are_refused_with_the_reason() -> None:
    with pytest.raises(StorageError, match="game cannot be stored as JSON"):
        encode_game({"when": object()})
    with pytest.raises(StorageError, match="game cannot be stored as JSON"):
        encode_game({"score": float("nan")})
    with pytest.raises(StorageError, match="settings must be a JSON object, not list"):
        encode_settings([1])  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", ["", None, 7])
def test_game_ids_must_be_non_empty_strings(bad: object) -> None:
    with pytest.raises(StorageError, match="game id must be a non-empty string"):
        check_game_id(bad)


def test_the_module_examples_hold() -> None:
    import doctest

    assert doctest.testmod(storage).failed == 0


def test_a_game_may_only_be_stored_under_its_own_id() -> None:
    assert check_record_id("g1", {"id": "g1"}) == "g1"
    assert check_record_id("g1", {"players": []}) == "g1"
    with pytest.raises(StorageError, match="game 'g1' carries a different id, 'g2'"):
        check_record_id("g1", {"id": "g2"})


def test_a_record_reported_as_a_problem_may_not_be_written() -> None:
    problems = load_records({"bad": "{", "good": encode_game({})}, "[").problems
    assert check_writable("good", problems) == "good"
    assert check_writable("new", problems) == "new"
    with pytest.raises(StorageError, match="'bad' could not be read, so it is kept as it is"):
        check_writable("bad", problems)
    with pytest.raises(StorageError, match="'settings' could not be read"):
        check_writable("settings", problems)


def test_the_revision_of_a_record_just_written_is_known_by_its_text() -> None:
    """A *Save* checks the stored revision without parsing the record it wrote last; any other
    text (another tab's, another game's) is still read, and a game under another id refused."""
    write = storage.GameWrite("g1", {**GAME, "rev": 5}, expect=4)
    assert write.text is not None and write.text is write.text
    assert storage.stored_rev("g1", write.text) == 5
    other = encode_game({**GAME, "rev": 6})
    assert storage.stored_rev("g1", other) == 6
    with pytest.raises(storage.Kept):
        storage.stored_rev("g2", write.text)  # a game stored under an id not its own
    mismatched = storage.GameWrite("g3", {**GAME, "rev": 7}, expect=None)
    with pytest.raises(storage.Kept):
        storage.stored_rev("g3", mismatched.text)
