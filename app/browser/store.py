"""IndexedDB store of games and settings, written through at once and awaited.

IndexedDB database ``debertz`` with two object stores: ``games`` (key = game id,
value = the JSON text from :func:`app.storage.encode_game`) and ``app`` (key ``settings``).
Writes use ``durability: "strict"`` and resolve only when the transaction has committed, so a
page closed right after an awaited write keeps it.

    store = await open_store()
    loaded = await store.load()      # Loaded(games, settings, problems)
    await store.put_game("g1", {"id": "g1", "players": ["Оля", "Петро"], "hands": []})

Records reported as problems are never overwritten or deleted by this store.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import Any

import js
from pyodide.ffi import JsProxy, create_proxy, to_js

from app.storage import (
    SETTINGS_ID,
    Loaded,
    StorageError,
    StorageProblem,
    check_game_id,
    check_record_id,
    check_writable,
    encode_game,
    encode_settings,
    load_records,
)

DB_NAME = "debertz"
GAMES = "games"
APP = "app"


async def open_store(name: str = DB_NAME) -> Store:
    """Open (creating on first use) the app's database."""
    if not hasattr(js, "indexedDB") or js.indexedDB is None:
        raise StorageError("this browser offers no IndexedDB, so games cannot be saved")
    database = await _open(name, None)  # the current version; version 1 when new
    if not all(database.objectStoreNames.contains(store) for store in (GAMES, APP)):
        version = database.version + 1  # created by someone else without our stores
        database.close()
        database = await _open(name, version)
    return Store(database)


async def _open(name: str, version: int | None) -> JsProxy:
    request = js.indexedDB.open(name) if version is None else js.indexedDB.open(name, version)
    upgrade = create_proxy(lambda _event: _create_stores(request.result))
    request.onupgradeneeded = upgrade
    try:
        return await _settled(request, "success", lambda: request.result)
    finally:
        request.onupgradeneeded = None
        upgrade.destroy()


class Store:
    """One open database; every method is one awaited IndexedDB transaction."""

    def __init__(self, database: JsProxy) -> None:
        self._db = database
        self._problems: list[StorageProblem] = []
        self._close = create_proxy(lambda _event: database.close())
        database.onversionchange = self._close  # let a newer tab upgrade the schema

    async def load(self) -> Loaded:
        """Every stored game and the settings; unreadable records come back as problems."""
        tx = self._db.transaction(to_js([GAMES, APP]), "readonly")
        games = tx.objectStore(GAMES)
        keys, values = games.getAllKeys(), games.getAll()
        settings = tx.objectStore(APP).get(SETTINGS_ID)
        pending = (  # every handler is attached before the first await
            _settled(keys, "success", lambda: keys.result.to_py()),
            _settled(values, "success", lambda: _py(values.result)),
            _settled(settings, "success", lambda: _py(settings.result)),
        )
        ids, texts, stored_settings = await asyncio.gather(*pending)
        loaded = load_records(dict(zip(ids, texts, strict=True)), stored_settings)
        self._problems = list(loaded.problems)
        return loaded

    async def put_game(self, game_id: str, game: Mapping[str, Any]) -> None:
        """Store ``game`` under ``game_id``, replacing the previous version."""
        self._refuse_kept(check_record_id(game_id, game))
        text = encode_game(game)
        await self._write(GAMES, lambda objects: objects.put(text, game_id))

    async def delete_game(self, game_id: str) -> None:
        """Remove the game stored under ``game_id`` (no error if there is none)."""
        self._refuse_kept(check_game_id(game_id))
        await self._write(GAMES, lambda objects: objects.delete(game_id))

    async def put_settings(self, settings: Mapping[str, Any]) -> None:
        """Store the settings record."""
        self._refuse_kept(SETTINGS_ID)
        text = encode_settings(settings)
        await self._write(APP, lambda objects: objects.put(text, SETTINGS_ID))

    def _refuse_kept(self, record: str) -> None:
        check_writable(record, self._problems)

    async def _write(self, name: str, change: Callable[[JsProxy], object]) -> None:
        options = to_js({"durability": "strict"}, dict_converter=js.Object.fromEntries)
        tx = self._db.transaction(name, "readwrite", options)
        change(tx.objectStore(name))
        await _settled(tx, "complete", lambda: None)


def _create_stores(database: JsProxy) -> None:
    for name in (GAMES, APP):
        if not database.objectStoreNames.contains(name):
            database.createObjectStore(name)


def _py(value: object) -> object:
    """A JS value as Python: strings stay strings, objects become dicts or lists."""
    return value.to_py() if isinstance(value, JsProxy) else value


def _settled(target: JsProxy, success: str, value: Callable[[], Any]) -> asyncio.Future[Any]:
    """A future for one IndexedDB request or transaction: ``value()`` on success, else an error."""
    future: asyncio.Future[Any] = asyncio.get_event_loop().create_future()
    handlers: list[Any] = []

    def settle(outcome: Callable[[], None]) -> None:
        if not future.done():
            outcome()
        for event in (success, "error", "abort", "blocked"):
            setattr(target, f"on{event}", None)
        asyncio.get_event_loop().call_soon(lambda: [h.destroy() for h in handlers])

    def succeeded(_event: object) -> None:
        settle(lambda: future.set_result(value()))

    def failed(_event: object) -> None:
        settle(lambda: future.set_exception(_failure(target)))

    def blocked(_event: object) -> None:
        js.console.warn("IndexedDB is blocked by another open tab of this app")

    for event, handler in ((success, succeeded), ("error", failed), ("abort", failed)):
        proxy = create_proxy(handler)
        handlers.append(proxy)
        setattr(target, f"on{event}", proxy)
    if success == "success" and hasattr(target, "onblocked"):
        handlers.append(create_proxy(blocked))
        target.onblocked = handlers[-1]
    return future


def _failure(target: JsProxy) -> StorageError:
    error = getattr(target, "error", None)
    if error is None:
        return StorageError("IndexedDB: the operation was aborted")
    return StorageError(f"IndexedDB: {error.name}: {error.message}")
