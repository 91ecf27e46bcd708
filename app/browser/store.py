"""IndexedDB store of games and settings: every change of the player in one awaited transaction.

IndexedDB database ``debertz`` with three object stores: ``games`` (key = game id, value = the
JSON text from :func:`app.storage.encode_game`), ``summaries`` (the index of summaries: each
game's summary, as at the head of its record, in one of 64 pages, :func:`app.storage.index_page`)
and ``app`` (key ``settings``). A start reads the index, not the games (10,000 games: 2.4 MB in
64 values instead of 19 MB in 10,000); the games' texts are read after the first screen
(:meth:`Store.records`), and a game used before is read on its own. A :class:`Commit` (the games
one action writes, with the revision each was made from, plus a settings patch) is one
``readwrite`` transaction over the stores with ``durability: "strict"``: the stored records
(and the index pages of those games) are read first, checked (:func:`app.storage.plan_commit`)
and written in the same transaction, so a write made from an old copy of a game is refused
(:class:`Conflict`) instead of erasing what another tab stored, and a kill can never keep half of a change. After each
commit the other tabs hear of it on a ``BroadcastChannel`` and read the changed records again.

    store = await open_store()
    loaded = await store.load()      # Loaded(games, settings, problems): games unread
    records = await store.records(loaded.games.unread())   # {id: stored text}
    await store.commit(Commit((GameWrite("g1", game, expect=None),)))
    store.listen(lambda games, settings: ...)   # another tab committed

Records reported as problems are never overwritten or deleted by this store.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import traceback
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import js
from pyodide.ffi import JsException, JsProxy, create_proxy, to_js

from app.storage import (
    SETTINGS_ID,
    Commit,
    Fresh,
    Loaded,
    MemoryStore,
    NotText,
    StorageError,
    StorageFull,
    StorageProblem,
    Unavailable,
    fresh_records,
    index_page,
    load_records,
    paged,
    plan_commit,
    read_index,
    read_pages,
)

DB_NAME = "debertz"
GAMES = "games"
INDEX = "summaries"
APP = "app"
STORES = (GAMES, INDEX, APP)
CHANNEL = "debertz"
OPEN_TIMEOUT_S = 5.0
"""How long to wait for the database to open before running without it (it never answered)."""

Listener = Callable[[list[str], bool], None]


async def open_store(name: str = DB_NAME, timeout: float = OPEN_TIMEOUT_S) -> Store:
    """Open (creating on first use) the app's database, or raise :class:`Unavailable`."""
    factory = getattr(js, "indexedDB", None)
    if factory is None or type(factory).__name__ in ("JsNull", "JsUndefined"):
        raise Unavailable("this browser offers no IndexedDB")
    try:
        database = await asyncio.wait_for(_open_app_database(name), timeout)
    except TimeoutError as error:
        raise Unavailable(f"IndexedDB did not answer within {timeout:g} s") from error
    except (StorageError, JsException) as error:
        raise Unavailable(f"IndexedDB could not be opened: {error}") from error
    return Store(database, name)


async def open_or_keep_in_memory() -> tuple[Store | MemoryStore, Loaded]:
    """The app's database and what it holds; when the browser keeps no data for the page (no
    IndexedDB, or it fails or never answers), a store in memory: the game can be scored now
    and saved as a file, and the app says on every screen that nothing is kept."""
    try:
        store = await open_store()
        return store, await store.load()
    except StorageError as error:
        js.console.warn(f"running without storage: {error}")
        memory = MemoryStore()
        return memory, await memory.load()


async def _open_app_database(name: str) -> JsProxy:
    database = await _open(name, None)  # the current version; version 1 when new
    if not all(database.objectStoreNames.contains(store) for store in STORES):
        version = database.version + 1  # made before the index (or by someone else): add it
        database.close()
        database = await _open(name, version)
    return database


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

    volatile = False

    def __init__(self, database: JsProxy, name: str = DB_NAME) -> None:
        self._db = database
        self._problems: list[StorageProblem] = []
        self._close = create_proxy(lambda _event: database.close())
        database.onversionchange = self._close  # let a newer tab upgrade the schema
        self._channel: Any = None
        channel_type = getattr(js, "BroadcastChannel", None)
        if channel_type is not None and type(channel_type).__name__ != "JsUndefined":
            self._channel = channel_type.new(f"{CHANNEL}:{name}")
        self._listener: Any = None
        self._stores = to_js(list(STORES))  # a commit's transaction: every store, made durable
        self._strict = to_js({"durability": "strict"}, dict_converter=js.Object.fromEntries)

    async def load(self) -> Loaded:
        """Every stored game and the settings; unreadable records come back as problems.

        The games come from the index of summaries, unread (``Games.unread()``), but for the
        records it does not summarize (none, an old summary, or written before the index):
        those are read whole, in a second transaction."""
        tx = self._db.transaction(to_js(list(STORES)), "readonly")
        games, index = tx.objectStore(GAMES), tx.objectStore(INDEX)
        keys, pages = games.getAllKeys(), index.getAll()
        settings = tx.objectStore(APP).get(SETTINGS_ID)
        pending = (  # every handler is attached before the first await
            _settled(keys, "success", lambda: keys.result.to_py()),
            _settled(pages, "success", lambda: _lines(pages.result)),
            _settled(settings, "success", lambda: _text(settings.result)),
        )
        ids, texts, stored_settings = await asyncio.gather(*pending)
        with _collector_paused():
            cards, whole = read_index(ids, read_pages(texts))
        records = await self.records(whole)
        read = {key: raw for key, raw in records.items() if raw is not None}  # not gone since
        with _collector_paused():
            loaded = load_records(read, stored_settings, cards)
        self._problems = list(loaded.problems)
        return loaded

    async def records(self, game_ids: Iterable[str]) -> dict[str, object | None]:
        """The stored records of ``game_ids`` as they are now (None when gone): a few by key,
        many by one read of the range of keys they span."""
        ids = list(game_ids)
        try:
            span = js.IDBKeyRange.bound(min(ids), max(ids)) if len(ids) > RECORDS_BY_KEY else None
        except JsException:  # Python's order of two ids is not the browser's (never in the
            span = None  # safe alphabet of ids, app.ids): each by its key
        if span is None:
            return await self._by_key(ids)
        tx = self._db.transaction(GAMES, "readonly")
        keys, values = tx.objectStore(GAMES).getAllKeys(span), tx.objectStore(GAMES).getAll(span)
        found_keys, found = await asyncio.gather(
            _settled(keys, "success", lambda: keys.result.to_py()),
            _settled(values, "success", lambda: _texts(values.result)),
        )
        stored = dict(zip(found_keys, found, strict=True))
        outside = [game_id for game_id in ids if game_id not in stored]  # gone, or out of order
        stored.update(await self._by_key(outside))
        return {game_id: stored[game_id] for game_id in ids}

    async def _by_key(self, game_ids: list[str]) -> dict[str, object | None]:
        if not game_ids:
            return {}
        games = self._db.transaction(GAMES, "readonly").objectStore(GAMES)
        requests = [games.get(game_id) for game_id in game_ids]
        pending = [_settled(r, "success", _result_text(r)) for r in requests]
        return dict(zip(game_ids, await asyncio.gather(*pending), strict=True))

    async def commit(self, commit: Commit, meanwhile: Callable[[], None] | None = None,
                     committed: Callable[[], None] | None = None) -> None:
        """Store everything of ``commit`` in one transaction, or nothing.

        Raises :class:`app.storage.Conflict` when a game was changed meanwhile (by another
        tab), :class:`StorageFull` when the browser has no room, :class:`StorageError` else.
        ``meanwhile()`` is called once the writes are handed over and the transaction is
        committing (the browser writes to disk while the page prepares what it will show once
        they are written); not when the commit was refused first. ``committed()`` is called in
        the transaction's own ``complete`` event, a task before this coroutine goes on (the
        page shows what was stored as soon as the browser says it is).
        """
        if not commit:
            return
        tx = self._db.transaction(self._stores, "readwrite", self._strict)
        games, index, app = (tx.objectStore(name) for name in STORES)
        reads = {game_id: games.get(game_id) for game_id in commit.read_ids}
        pages = {key: index.get(key) for key in {index_page(gid) for gid in commit.read_ids}}
        settings = app.get(SETTINGS_ID)
        refused: list[StorageError] = []
        left = [len(reads) + len(pages) + 1]
        for game in commit.games:  # encoded while the browser reads (plan_commit takes them)
            game.text  # noqa: B018 - made and kept by the GameWrite

        def write(_event: Any) -> None:  # runs while the transaction is active
            left[0] -= 1
            if left[0]:
                return
            try:
                stored = {game_id: _text(request.result) for game_id, request in reads.items()}
                plan = plan_commit(commit, stored, _text(settings.result), self._problems)
            except StorageError as error:
                refused.append(error)
                tx.abort()
                return
            try:
                for game_id, text in plan.games.items():
                    games.put(text, game_id)
                for game_id in plan.deleted:
                    games.delete(game_id)
                stored_pages = {key: _text(request.result) for key, request in pages.items()}
                for key, page in paged(plan.index, stored_pages).items():
                    index.put(page, key)
                if plan.settings is not None:
                    app.put(plan.settings, SETTINGS_ID)
            except Exception:  # noqa: BLE001 - a put refused: the transaction was aborted (a
                _abort(tx)  # full disk: the next put raised InvalidStateError) or is aborted
                # now, so nothing of the commit is kept; its abort event says why
                return
            if EARLY_COMMIT:  # no more requests: committed without waiting for the puts'
                with contextlib.suppress(Exception):  # events to reach this thread (else it
                    tx.commit()  # commits by itself once they have)
            if meanwhile is not None:
                try:
                    meanwhile()
                except Exception:  # noqa: BLE001 - the commit goes on whatever it raised
                    js.console.error(f"while committing: {traceback.format_exc()}")

        reader = create_proxy(write)
        for request in (*reads.values(), *pages.values(), settings):
            request.onsuccess = reader
        try:
            await _committed(tx, refused, committed)
        finally:
            reader.destroy()
        if commit.replace_settings is not None:
            self._problems = [p for p in self._problems if p.record != SETTINGS_ID]
        announced = commit.settings is not None or bool(commit.replace_settings)
        if commit.game_ids or announced:  # a game summarized again changed for nobody
            self._announce(list(commit.game_ids), announced)

    async def read(self, game_ids: Iterable[str]) -> Fresh:
        """The games asked for (None when gone) and the settings, as stored now."""
        ids = list(game_ids)
        tx = self._db.transaction(to_js([GAMES, APP]), "readonly")
        games = tx.objectStore(GAMES)
        requests = [games.get(game_id) for game_id in ids]
        settings = tx.objectStore(APP).get(SETTINGS_ID)
        pending = [_settled(r, "success", _result_text(r)) for r in (*requests, settings)]
        *texts, stored_settings = await asyncio.gather(*pending)
        return fresh_records(ids, dict(zip(ids, texts, strict=True)), stored_settings)

    def listen(self, listener: Listener) -> None:
        """Call ``listener(game_ids, settings_changed)`` when another tab has committed."""
        if self._channel is None:
            return

        def heard(event: Any) -> None:
            data = event.data
            ids = [str(game_id) for game_id in (getattr(data, "games", None) or [])]
            listener(ids, bool(getattr(data, "settings", False)))

        self._listener = create_proxy(heard)
        self._channel.onmessage = self._listener

    def _announce(self, game_ids: list[str], settings: bool) -> None:
        if self._channel is None:
            return
        message = {"games": game_ids, "settings": settings}
        self._channel.postMessage(to_js(message, dict_converter=js.Object.fromEntries))


def _create_stores(database: JsProxy) -> None:
    for name in STORES:
        if not database.objectStoreNames.contains(name):
            database.createObjectStore(name)


def _text(value: object) -> object:
    """A stored value as Python: JSON text stays text; anything else (never written by this
    app) is described, not converted: converting a deeply nested value would recurse into it."""
    if value is None or isinstance(value, str):
        return value
    if type(value).__name__ in ("JsNull", "JsUndefined"):
        return None
    if isinstance(value, int | float | bool):
        return value
    try:
        text = str(js.JSON.stringify(value))
    except JsException:
        text = "(a value too deeply nested to show)"
    return NotText(text)


def _result_text(request: JsProxy) -> Callable[[], object]:
    return lambda: _text(request.result)


def _texts(values: JsProxy) -> list[object]:
    return [_text(values[i]) for i in range(values.length)]


def _lines(values: JsProxy) -> list[object]:
    """Texts handed over joined in one string (one conversion instead of one each): JSON as
    this app writes it holds no line break. A value that is no text joins as something no
    reader takes (the index's games are then read whole); one with a line break splits into
    too many lines, and then each is taken as it is."""
    if not values.length:
        return []
    lines: list[object] = [*str(values.join("\n")).split("\n")]
    return lines if len(lines) == values.length else _texts(values)


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Thousands of summaries made at once, and kept as long as the app runs: the cycle
    collector is off while they are made (it would walk them again and again: 10,000 games on
    CPython, 99 -> 20 ms), and they are frozen after, out of every later full collection."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.freeze()


def _early_commit() -> bool:
    """Whether to end a write's transaction with ``commit()`` while its puts are pending: in
    Chromium and Firefox. Not in WebKit (every browser on an iPhone), whose handling of it was
    mended in 2024 (WebKit pull requests 26176, a crash under the commit with results still
    pending, and 31758, a commit() called while a request's event is dispatched, as here):
    older iPhones would fail the Save. There the transaction commits by itself, a little later."""
    agent = str(getattr(js.navigator, "userAgent", ""))
    return "Chrome/" in agent or "Firefox/" in agent


EARLY_COMMIT = _early_commit()
RECORDS_BY_KEY = 16
"""Up to this many records are read by key; more by one read of the range of keys they span."""


def _abort(tx: JsProxy) -> None:
    """Abort a transaction unless it is over already (then abort raises InvalidStateError)."""
    with contextlib.suppress(Exception):
        tx.abort()


async def _committed(tx: JsProxy, refused: list[StorageError],
                     then: Callable[[], None] | None = None) -> None:
    """Wait until the transaction commits, calling ``then()`` in its ``complete`` event; raise
    why it did not."""
    future: asyncio.Future[None] = asyncio.get_event_loop().create_future()

    def complete(_event: Any) -> None:
        if future.done():
            return
        future.set_result(None)
        if then is not None:
            try:
                then()
            except Exception:  # noqa: BLE001 - stored is stored, whatever the page did with it
                js.console.error(f"once committed: {traceback.format_exc()}")

    def abort(_event: Any) -> None:
        if not future.done():
            future.set_exception(refused[0] if refused else _failure(tx))

    handlers = [create_proxy(complete), create_proxy(abort)]
    tx.oncomplete, tx.onabort = handlers
    try:
        await future
    finally:
        tx.oncomplete = tx.onabort = None
        for handler in handlers:
            handler.destroy()


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
    if error is None or type(error).__name__ in ("JsNull", "JsUndefined"):
        return StorageError("IndexedDB: the operation was aborted")
    name, message = str(error.name), str(error.message or "")
    text = f"IndexedDB: {name}" + (f": {message}" if message else "")
    return StorageFull(text) if name == "QuotaExceededError" else StorageError(text)
