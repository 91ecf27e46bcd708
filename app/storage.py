"""Stored records: encoding, schema versions and problem detection (pure, no browser).

Every game is one record whose value is a JSON string ``{"schema": N, "game": {...}}``; the
settings are one record ``{"schema": N, "settings": {...}}``. The payloads are opaque JSON
objects here (a ``debertz/1`` game plus the app's own keys). A record this version cannot read
(corrupt JSON, a newer schema, the wrong shape) becomes a :class:`StorageProblem`; the browser
store keeps such records untouched and refuses to overwrite them.

>>> text = encode_game({"players": ["Оля", "Петро"], "hands": []})
>>> decode_game("g1", text)
{'players': ['Оля', 'Петро'], 'hands': []}
>>> decode_game("g2", "{oops").code
'corrupt-json'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

SCHEMA: Final = 1
"""The schema version this build writes; a record with a higher number is never touched."""

GAME_KEY: Final = "game"
SETTINGS_KEY: Final = "settings"
SETTINGS_ID: Final = "settings"
"""The id under which the settings record is stored (in its own object store)."""

JsonObject = dict[str, Any]
Migration = Callable[[JsonObject], JsonObject]

MIGRATIONS: dict[int, Migration] = {}
"""``MIGRATIONS[n]`` turns a schema-``n`` record into a schema-``n + 1`` record.

Empty while only schema 1 exists; a future schema 2 adds ``MIGRATIONS[1]``.
"""


class StorageError(ValueError):
    """A storage operation was refused or failed; the message says which record and why."""


@dataclass(frozen=True)
class StorageProblem:
    """A stored record this version cannot use: it is kept as it is and reported.

    ``record`` is the game id (or ``"settings"``), ``code`` one of ``corrupt-json``,
    ``newer-schema``, ``wrong-shape``, ``message`` plain English, ``raw`` the stored text.

    >>> StorageProblem("g1", "corrupt-json", "record g1 is not valid JSON").record
    'g1'
    """

    record: str
    code: str
    message: str
    raw: str = field(default="", repr=False)


@dataclass(frozen=True)
class Loaded:
    """Everything read at start-up: usable games by id, settings, and unreadable records."""

    games: dict[str, JsonObject]
    settings: JsonObject
    problems: list[StorageProblem]


def encode_game(game: Mapping[str, Any]) -> str:
    """The stored text of one game.

    >>> encode_game({"players": ["Оля"]})
    '{"schema":1,"game":{"players":["Оля"]}}'
    """
    return _encode(GAME_KEY, game)


def encode_settings(settings: Mapping[str, Any]) -> str:
    """The stored text of the settings.

    >>> encode_settings({"lang": "uk"})
    '{"schema":1,"settings":{"lang":"uk"}}'
    """
    return _encode(SETTINGS_KEY, settings)


def decode_game(record: str, raw: object) -> JsonObject | StorageProblem:
    """The game stored under id ``record``, or the problem that stops us reading it.

    >>> decode_game("g1", '{"schema": 99, "game": {}}').code
    'newer-schema'
    """
    payload = _decode(record, raw, GAME_KEY)
    if isinstance(payload, StorageProblem):
        return payload
    stored_id = payload.get("id", record)
    if stored_id != record:
        return _problem(record, "wrong-shape", f"holds a game with id {stored_id!r}", raw)
    return payload


def decode_settings(raw: object) -> JsonObject | StorageProblem:
    """The stored settings, or the problem that stops us reading them.

    >>> decode_settings('{"schema": 1, "settings": {"lang": "en"}}')
    {'lang': 'en'}
    """
    return _decode(SETTINGS_ID, raw, SETTINGS_KEY)


def load_records(games: Mapping[str, object], settings: object | None) -> Loaded:
    """Decode every stored record: ``games`` maps id to stored value, ``settings`` may be absent.

    >>> loaded = load_records({"a": encode_game({"id": "a"}), "b": "[1"}, None)
    >>> list(loaded.games), [p.record for p in loaded.problems], loaded.settings
    (['a'], ['b'], {})
    """
    usable: dict[str, JsonObject] = {}
    problems: list[StorageProblem] = []
    for record, raw in games.items():
        decoded = decode_game(record, raw)
        if isinstance(decoded, StorageProblem):
            problems.append(decoded)
        else:
            usable[record] = decoded
    loaded_settings: JsonObject = {}
    if settings is not None:
        decoded = decode_settings(settings)
        if isinstance(decoded, StorageProblem):
            problems.append(decoded)
        else:
            loaded_settings = decoded
    return Loaded(usable, loaded_settings, problems)


def check_game_id(game_id: object) -> str:
    """The id itself when it can key a game record, else :class:`StorageError`.

    >>> check_game_id("2026-11-30-a1")
    '2026-11-30-a1'
    >>> check_game_id("")
    Traceback (most recent call last):
    ...
    app.storage.StorageError: a game id must be a non-empty string, not ''
    """
    if not isinstance(game_id, str) or not game_id:
        raise StorageError(f"a game id must be a non-empty string, not {game_id!r}")
    return game_id


def check_record_id(game_id: object, game: Mapping[str, Any]) -> str:
    """The id when ``game`` may be stored under it: a non-empty id that matches ``game["id"]``.

    >>> check_record_id("g1", {"id": "g1"})
    'g1'
    >>> check_record_id("g1", {"id": "g2"})
    Traceback (most recent call last):
    ...
    app.storage.StorageError: game 'g1' carries a different id, 'g2'
    """
    record = check_game_id(game_id)
    if isinstance(game, Mapping) and game.get("id", record) != record:
        raise StorageError(f"game {record!r} carries a different id, {game['id']!r}")
    return record


def check_writable(record: str, problems: Iterable[StorageProblem]) -> str:
    """The record id when it may be written; a record reported as a problem is kept as it is.

    >>> check_writable("g1", [StorageProblem("g2", "corrupt-json", "...")])
    'g1'
    >>> check_writable("g2", [StorageProblem("g2", "corrupt-json", "...")])
    Traceback (most recent call last):
    ...
    app.storage.StorageError: stored record 'g2' could not be read, so it is kept as it is and will not be overwritten or deleted
    """
    if any(problem.record == record for problem in problems):
        raise StorageError(
            f"stored record {record!r} could not be read, so it is kept as it is "
            "and will not be overwritten or deleted"
        )
    return record


def _encode(key: str, payload: Mapping[str, Any]) -> str:
    if not isinstance(payload, Mapping):
        raise StorageError(f"{key} must be a JSON object, not {type(payload).__name__}")
    try:
        return json.dumps(
            {"schema": SCHEMA, key: dict(payload)},
            ensure_ascii=False,
            separators=(",", ":"),
            allow_nan=False,
        )
    except (TypeError, ValueError) as error:
        raise StorageError(f"{key} cannot be stored as JSON: {error}") from error


def _decode(record: str, raw: object, key: str) -> JsonObject | StorageProblem:
    if not isinstance(raw, str):
        return _problem(record, "wrong-shape", f"is a {type(raw).__name__}, not JSON text", raw)
    try:
        envelope = json.loads(raw)
    except ValueError as error:
        return _problem(record, "corrupt-json", f"is not valid JSON ({error})", raw)
    if not isinstance(envelope, dict):
        return _problem(record, "wrong-shape", "is not a JSON object", raw)
    schema = envelope.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        return _problem(record, "wrong-shape", f"has no valid schema number ({schema!r})", raw)
    if schema > SCHEMA:
        text = f"was written by a newer version (schema {schema}; this version reads {SCHEMA})"
        return _problem(record, "newer-schema", text, raw)
    return _upgrade(record, envelope, key, raw)


def _upgrade(record: str, envelope: JsonObject, key: str, raw: str) -> JsonObject | StorageProblem:
    schema: int = envelope["schema"]
    while schema < SCHEMA:
        migrate = MIGRATIONS.get(schema)
        if migrate is None:
            return _problem(record, "wrong-shape", f"has schema {schema} with no upgrade", raw)
        envelope = migrate(envelope)
        schema += 1
    payload = envelope.get(key)
    if not isinstance(payload, dict):
        return _problem(record, "wrong-shape", f"has no {key!r} object", raw)
    return payload


def _problem(record: str, code: str, what: str, raw: object) -> StorageProblem:
    text = raw if isinstance(raw, str) else repr(raw)
    return StorageProblem(record, code, f"stored record {record!r} {what}", text)
