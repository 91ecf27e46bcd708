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

import functools
import json
import traceback
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping
from dataclasses import dataclass, field
from typing import Any, Final

from app import jsonlimits
from app.ids import id_problem
from app.summaries import is_current, summarize

SCHEMA: Final = 1
"""The schema version this build writes; a record with a higher number is never touched."""

GAME_KEY: Final = "game"
SUMMARY_PREFIX: Final = '{"schema":1,"summary":'
"""How a game record written with its summary begins (``encode_game``)."""
SUMMARY_MAX: Final = 4000
"""Most characters a stored summary may take (it is read alone, within them, at a start)."""
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
    """A storage operation was refused or failed; the message says which record and why.

    ``reason`` says what the app should tell the player: ``failed`` (the browser's storage
    failed), ``full`` (no space left), ``conflict`` (another tab changed the record first),
    ``kept`` (a damaged record is not overwritten), ``unavailable`` (no storage at all).
    """

    reason: str = "failed"


class StorageFull(StorageError):
    """The browser refused the write for lack of space (IndexedDB's QuotaExceededError)."""

    reason = "full"


class Conflict(StorageError):
    """A write expected another revision of a game than the one stored: another tab (or
    window, or the installed app) changed it first. Nothing of the write was stored.

    >>> Conflict(["g1"]).games
    ('g1',)
    """

    reason = "conflict"

    def __init__(self, games: Iterable[str]) -> None:
        self.games = tuple(games)
        super().__init__(f"changed meanwhile by another window: {', '.join(self.games)}")


class Kept(StorageError):
    """A write would replace or delete a stored record this version could not read."""

    reason = "kept"


class Unavailable(StorageError):
    """The browser keeps no data for this page (no IndexedDB, or it fails or never answers)."""

    reason = "unavailable"


@dataclass(frozen=True)
class StorageProblem:
    """A stored record this version cannot use: it is kept as it is and reported.

    ``record`` is the game id (or ``"settings"``), ``code`` one of ``corrupt-json``,
    ``too-deep``, ``newer-schema``, ``wrong-shape``, ``unsafe-id`` (a game id that is not safe in
    an address, ``app.ids``), ``message`` plain English, ``raw`` the stored text.

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

    games: Games
    settings: JsonObject
    problems: list[StorageProblem]
    stale: dict[str, int] = field(default_factory=dict)
    """Games stored without a current summary (written by an older app or engine), each with
    the :func:`record_crc` of its record as read: decoded and replayed at this start, and worth
    writing again with one (:class:`SummaryWrite`)."""
    unindexed: dict[str, int] = field(default_factory=dict)
    """Games read whole at the start although their records carry a current summary: the index
    of summaries has no entry for them (stored before it existed, or by a version without it),
    each with its record's CRC as read, to be indexed (:class:`IndexFix`)."""


def encode_game(game: Mapping[str, Any], summary: Mapping[str, Any] | None = None) -> str:
    """The stored text of one game, its summary first (``app.summaries``: made from ``game``
    unless given, as made from it before), with the CRC-32 of the game's own text, so that a
    start reads the summary alone and knows it is the game's.

    >>> text = encode_game({"players": ["Оля", "Петро"], "hands": []})
    >>> text.startswith(SUMMARY_PREFIX), text.endswith(',"game":{"players":["Оля","Петро"],"hands":[]}}')
    (True, True)
    """
    if not isinstance(game, Mapping):
        raise StorageError(f"{GAME_KEY} must be a JSON object, not {type(game).__name__}")
    game_text = _json(GAME_KEY, dict(game))
    card = dict(summary if summary is not None else summarize(game))
    card["crc"] = zlib.crc32(game_text.encode("utf-8"))
    return f"{SUMMARY_PREFIX}{_json('summary', card)},\"{GAME_KEY}\":{game_text}}}"


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
    unsafe = id_problem(record)
    if unsafe is not None:  # stored by a hostile backup before ids were checked: kept, not shown
        return _problem(record, "unsafe-id", f"has an id no address can name: {unsafe}", raw)
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


def load_records(
    games: Mapping[str, object],
    settings: object | None,
    cards: Mapping[str, JsonObject] | None = None,
) -> Loaded:
    """Decode every stored record: ``games`` maps id to stored value, ``settings`` may be absent.

    A game whose summary is current is not parsed (``Games``: it is read when first used).
    ``cards``: when the store keeps an index of summaries, the games known by their entry in it
    (:func:`read_index`), whose records were not read at all: held unread (``Games.fill`` brings
    their text); a record read whole whose own summary is current then lacked its entry
    (``Loaded.unindexed``).

    >>> loaded = load_records({"a": encode_game({"id": "a"}), "b": "[1"}, None)
    >>> list(loaded.games), [p.record for p in loaded.problems], loaded.settings
    (['a'], ['b'], {})
    >>> card = summarize({"id": "c"}) | {"crc": 0}
    >>> indexed = load_records({"a": encode_game({"id": "a"})}, None, {"c": card})
    >>> list(indexed.games), indexed.games.unread(), list(indexed.unindexed)
    (['a', 'c'], ['c'], ['a'])
    """
    usable = Games()
    problems: list[StorageProblem] = []
    stale: dict[str, int] = {}
    unindexed: dict[str, int] = {}
    known = cards or {}
    for record in sorted({*games, *known}) if known else games:  # the database's key order
        if record not in games:
            usable.keep_unread(record, known[record])
            continue
        raw = games[record]
        summarized = read_summarized(record, raw)
        if summarized is not None:
            usable.keep(record, *summarized)
            if cards is not None:
                unindexed[record] = record_crc(str(raw))
            continue
        decoded = decode_game(record, raw)
        if isinstance(decoded, StorageProblem):
            problems.append(decoded)
        else:
            usable[record] = decoded
            stale[record] = record_crc(str(raw))  # decoded: a text
    loaded_settings: JsonObject = {}
    if settings is not None:
        decoded = decode_settings(settings)
        if isinstance(decoded, StorageProblem):
            problems.append(decoded)
        else:
            loaded_settings = decoded
    return Loaded(usable, loaded_settings, problems, stale, unindexed)


def record_crc(raw: str) -> int:
    """The CRC-32 of a stored record's text, to tell later whether it is still the one read.

    >>> record_crc('{"schema":1}') == record_crc('{"schema":1}') != record_crc('{"schema":2}')
    True
    """
    return zlib.crc32(raw.encode("utf-8", "surrogatepass"))


_GAME_AFTER = f',"{GAME_KEY}":'


def read_summarized(record: str, raw: object) -> tuple[str, JsonObject] | None:
    """The game text and the summary of a record written with a current summary that matches
    it (the CRC-32 of the game's text), else None: the record is then decoded whole.

    Only the summary is parsed: the text before ``,"game":`` (a JSON string cannot hold that
    bare quote), at most ``SUMMARY_MAX`` characters and as nested as the limit allows; the game
    text is parsed when first used.

    >>> text = encode_game({"id": "g1", "players": ["A", "B"], "hands": []})
    >>> game_text, card = read_summarized("g1", text)
    >>> game_text, card["score"]
    ('{"id":"g1","players":["A","B"],"hands":[]}', [0, 0])
    >>> read_summarized("g1", text.replace('"A"', '"X"')) is None  # the CRC no longer holds
    True
    """
    if not isinstance(raw, str) or id_problem(record):
        return None
    end = _summary_end(raw)
    if end < 0 or not raw.endswith("}"):
        return None
    card = _card_of_text(raw[len(SUMMARY_PREFIX) : end])
    if card is None or not is_current(card):
        return None
    game_text = raw[end + len(_GAME_AFTER) : -1]
    if card.get("crc") != zlib.crc32(game_text.encode("utf-8")):
        return None
    if card.get("id", record) != record:
        return None
    return game_text, card


def summary_text(raw: object) -> str | None:
    """The summary's own text in a record written by :func:`encode_game` (what the index of
    summaries stores for the game), or None for a record without one.

    >>> text = encode_game({"id": "g1", "players": ["A", "B"], "hands": []})
    >>> json.loads(summary_text(text))["players"], summary_text('{"schema":1,"game":{}}')
    (['A', 'B'], None)
    """
    if not isinstance(raw, str):
        return None
    end = _summary_end(raw)
    return raw[len(SUMMARY_PREFIX) : end] if end >= 0 else None


def _summary_end(raw: str) -> int:
    """Where the summary at the head of a record written by :func:`encode_game` ends: the
    ``,"game":`` after it (a JSON string holds no bare quote), within ``SUMMARY_MAX``
    characters; -1 for a record without one."""
    if not raw.startswith(SUMMARY_PREFIX):
        return -1
    start = len(SUMMARY_PREFIX)
    return raw.find(_GAME_AFTER, start, start + SUMMARY_MAX)


INDEX_PAGES: Final = 64
"""The index of summaries is kept in this many records (pages), each game's entry in the page
:func:`index_page` names: a start reads 64 values instead of one per game (10,000 games:
~40 kB a page), and a change rewrites one page."""


def index_page(game_id: str) -> str:
    """The key of the page of the index of summaries that holds the entry of ``game_id``.

    >>> index_page("g1"), index_page("g1") == index_page("g1")
    ('p37', True)
    """
    return f"p{zlib.crc32(game_id.encode('utf-8', 'surrogatepass')) % INDEX_PAGES:02d}"


def read_pages(texts: Iterable[object]) -> dict[str, object]:
    """The entries of the index of summaries (game id to summary, unchecked) in its stored
    pages; a page that is not a JSON object is passed over (its games are read whole).

    >>> read_pages(['{"g1":{"v":1},"g2":{"v":1}}', "[1", None])
    {'g1': {'v': 1}, 'g2': {'v': 1}}
    """
    entries: dict[str, object] = {}
    for text in texts:
        if not isinstance(text, str):
            continue
        try:
            page = json.loads(text)
        except (ValueError, RecursionError):
            continue
        if isinstance(page, dict):
            entries.update(page)
    return entries


def paged(
    changes: Mapping[str, str | None], pages: Mapping[str, object]
) -> dict[str, str]:
    """The pages to store for ``changes`` (game id to its summary's text, or None to remove
    the entry) given those pages as stored now (page key to text, None when there is none).

    A page is a JSON object with one entry on each line, so that a change edits lines, not
    parsed objects (a restore of 10,000 games rewrites every page at each batch):

    >>> text = encode_game({"id": "g1", "players": ["A", "B"], "hands": []})
    >>> out = paged({"g1": summary_text(text)}, {})
    >>> list(out) == [index_page("g1")], read_pages(out.values())["g1"]["players"]
    (True, ['A', 'B'])
    >>> out[index_page("g1")].splitlines()[1][:6], paged({"g1": None}, out)[index_page("g1")]
    ('"g1":{', '{}')
    """
    touched: dict[str, dict[str, str]] = {}
    for game_id, summary in changes.items():
        key = index_page(game_id)
        if key not in touched:
            touched[key] = _page_lines(pages.get(key))
        if summary is None:
            touched[key].pop(game_id, None)
        else:
            touched[key][game_id] = f'"{game_id}":{summary}'
    return {
        key: "{\n" + ",\n".join(lines.values()) + "\n}" if lines else "{}"
        for key, lines in touched.items()
    }


def _page_lines(text: object) -> dict[str, str]:
    """A stored page's entries by game id, each its line (``"id":{summary}``); none for no page,
    an empty one, or one :func:`paged` did not write (its games then lack their entries: the
    next start reads them whole and indexes them again)."""
    if not isinstance(text, str) or not text.startswith("{\n"):
        return {}
    lines: dict[str, str] = {}
    for line in text[2:-2].split(",\n"):  # an id holds no quote: its key ends at the first '":'
        lines[line[1 : line.index('":')]] = line
    return lines


def read_index(
    game_ids: Iterable[str], index: Mapping[str, object]
) -> tuple[dict[str, JsonObject], list[str]]:
    """The games of ``game_ids`` (every key of the stored games) known by their entry in the
    index of summaries (``index``: id to the summary stored when the game was written, as
    :func:`read_pages` reads it), and the ids whose records must be read whole at the start: no entry, an entry that is not a current summary of that very game (written by
    an older engine, or damaged), or an id no address can name. Entries of games no longer
    stored are left out.

    >>> text = encode_game({"id": "g1", "players": ["A", "B"], "hands": []})
    >>> entries = {"g1": json.loads(summary_text(text)), "g3": [1]}
    >>> cards, whole = read_index(["g1", "g2", "g3"], entries)
    >>> list(cards), cards["g1"]["players"], whole
    (['g1'], ['A', 'B'], ['g2', 'g3'])
    """
    cards: dict[str, JsonObject] = {}
    whole: list[str] = []
    for game_id in game_ids:
        card = _index_card(game_id, index.get(game_id))
        if card is None:
            whole.append(game_id)
        else:
            cards[game_id] = card
    return cards, whole


def _index_card(game_id: str, entry: object) -> JsonObject | None:
    if id_problem(game_id) or not isinstance(entry, dict) or not is_current(entry):
        return None
    if entry.get("id", game_id) != game_id:
        return None
    crc = entry.get("crc")
    return entry if isinstance(crc, int) and not isinstance(crc, bool) else None


def _card_of_text(text: object) -> JsonObject | None:
    """A summary's text parsed, within the limits of its length and nesting, or None."""
    if not isinstance(text, str) or len(text) > SUMMARY_MAX:
        return None
    if text.count("[") + text.count("{") > jsonlimits.MAX_DEPTH:
        return None
    try:
        card = json.loads(text)
    except ValueError:
        return None
    return card if isinstance(card, dict) else None


class Unread(LookupError):
    """A game known by its summary alone was used before its stored text was read: the page
    reads the record (``Games.fill``) and does the action again. Not a ``KeyError``: the game
    is there.

    >>> Unread("g1").game_id
    'g1'
    """

    def __init__(self, game_id: str) -> None:
        super().__init__(f"game {game_id!r} has not been read from storage yet")
        self.game_id = game_id


Reader = Callable[[str, JsonObject], JsonObject]


class _Kept:
    """One game of :class:`Games`: the record's game text and summary as stored (parsed when
    first used), its summary alone (``text`` None: not read yet), or a game dict (its summary
    made when first asked for)."""

    __slots__ = ("game", "summary", "text")

    def __init__(
        self, game: JsonObject | None, text: str | None = "", summary: JsonObject | None = None
    ):
        self.game = game
        self.text = text
        self.summary = summary


def _unread(kept: _Kept) -> bool:
    return kept.game is None and kept.text is None


class Games(MutableMapping[str, JsonObject]):
    """The games by id, as the app holds them: a dict whose stored games are parsed only when
    used. ``summary(id)`` is what the games list needs (``app.summaries``): the stored one while
    the game is as stored, else made from the game dict (once per dict). ``copy()`` is cheap and
    shares what was parsed. ``reader`` turns a game parsed from storage into the app's (the UI
    checks its undo history there).

    >>> games = Games({"g1": {"id": "g1", "players": ["A", "B"], "hands": []}})
    >>> stored = load_records({"g2": encode_game({"id": "g2", "players": ["C", "D"], "hands": []})}, None).games
    >>> both = Games.joined(games, stored)
    >>> sorted(both), both.summary("g2")["players"], both.parsed("g2")
    (['g1', 'g2'], ['C', 'D'], False)
    >>> both["g2"]["players"], both.parsed("g2")
    (['C', 'D'], True)
    """

    def __init__(self, games: Mapping[str, JsonObject] | None = None, reader: Reader | None = None):
        self._kept: dict[str, _Kept] = {key: _Kept(game) for key, game in (games or {}).items()}
        self.reader = reader

    @classmethod
    def joined(cls, *parts: Games) -> Games:
        """One mapping of the games of several (later parts win)."""
        out = cls()
        for part in parts:
            out._kept.update(part._kept)
            out.reader = part.reader or out.reader
        return out

    def keep(self, key: str, text: str, summary: JsonObject) -> None:
        """Hold a stored game by its text and (current, matching) summary."""
        self._kept[key] = _Kept(None, text, summary)

    def keep_unread(self, key: str, summary: JsonObject) -> None:
        """Hold a stored game by its summary alone, read from the index of summaries: using
        the game raises :class:`Unread` until :meth:`fill` has brought its text."""
        self._kept[key] = _Kept(None, None, summary)

    def unread(self) -> list[str]:
        """The games held by their summary alone."""
        return [key for key, kept in self._kept.items() if _unread(kept)]

    def fill(self, key: str, raw: object) -> bool:
        """Bring the stored record ``raw`` of an unread game: True when it is the record its
        summary was made from (its text is held now, for every copy of this mapping), False
        when it is not (changed since by a version of the app that kept no index, or gone):
        the game stays unread and the page reads it again as another tab's change. A game
        held otherwise is left as it is (True).

        >>> text = encode_game({"id": "g1", "players": ["A", "B"], "hands": []})
        >>> games = Games()
        >>> games.keep_unread("g1", read_summarized("g1", text)[1])
        >>> games.unread(), games.fill("g1", text.replace('"A"', '"C"')), games.fill("g1", text)
        (['g1'], False, True)
        >>> games["g1"]["players"], games.unread()
        (['A', 'B'], [])
        """
        kept = self._kept.get(key)
        if kept is None or kept.game is not None or kept.text is not None:
            return True
        summarized = read_summarized(key, raw)
        if summarized is None or kept.summary is None:
            return False
        if summarized[1].get("crc") != kept.summary.get("crc"):
            return False
        kept.text = summarized[0]
        return True

    def keep_from(self, other: Games, key: str) -> None:
        """Hold ``other``'s game ``key`` as it holds it (parsed or not)."""
        self._kept[key] = other._kept[key]

    def copy(self) -> Games:
        """A new mapping of the same games (what was parsed is shared)."""
        out = Games(reader=self.reader)
        out._kept = dict(self._kept)
        return out

    def with_reader(self, reader: Reader) -> Games:
        """A copy whose stored games are read through ``reader``."""
        out = self.copy()
        out.reader = reader
        return out

    def parsed(self, key: str) -> bool:
        """Whether the game is held as a dict (parsed, or put by the app)."""
        return self._kept[key].game is not None

    def summary(self, key: str) -> JsonObject:
        """The game's summary (``app.summaries.summarize``) as it is held now."""
        kept = self._kept[key]
        if kept.summary is None:
            assert kept.game is not None
            kept.summary = summarize(kept.game)
        return kept.summary

    def __getitem__(self, key: str) -> JsonObject:
        kept = self._kept[key]
        if kept.game is None:
            if kept.text is None:
                raise Unread(key)
            game = jsonlimits.loads(kept.text)
            if not isinstance(game, dict):
                raise StorageError(f"stored record {key!r} holds no game object")
            kept.game = self.reader(key, game) if self.reader is not None else game
            if kept.game is not game:  # the reader changed it: no longer the stored text
                kept.summary = None
        return kept.game

    def __setitem__(self, key: str, game: JsonObject) -> None:
        self._kept[key] = _Kept(game)

    def __delitem__(self, key: str) -> None:
        del self._kept[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._kept)

    def __len__(self) -> int:
        return len(self._kept)

    def __contains__(self, key: object) -> bool:
        return key in self._kept

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Mapping):
            return NotImplemented
        if self.keys() != other.keys():
            return False
        if isinstance(other, Games):  # a game held the same way is not parsed (nor read)
            return all(self._same(key, other) for key in self._kept)
        return all(self[key] == other[key] for key in self._kept)

    def _same(self, key: str, other: Games) -> bool:
        mine, theirs = self._kept[key], other._kept[key]
        if mine is theirs:
            return True
        if _unread(mine) or _unread(theirs):  # what is not read cannot be compared: differs
            return False
        return self[key] == other[key]

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(dict(self.items()))


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
    unsafe = id_problem(game_id)
    if unsafe is not None:
        raise StorageError(unsafe)
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
    app.storage.Kept: stored record 'g2' could not be read, so it is kept as it is and will not be overwritten or deleted
    """
    if any(problem.record == record for problem in problems):
        raise _kept(record)
    return record


def _encode(key: str, payload: Mapping[str, Any]) -> str:
    if not isinstance(payload, Mapping):
        raise StorageError(f"{key} must be a JSON object, not {type(payload).__name__}")
    return _json(key, {"schema": SCHEMA, key: dict(payload)})


def _json(key: str, value: object) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as error:
        raise StorageError(f"{key} cannot be stored as JSON: {error}") from error


class NotText(str):
    """A stored value that was not JSON text (this app stores only text), given as its JSON
    form so that it can be reported and shown; it is never read as a record.

    >>> decode_game("g1", NotText('{"schema": 1, "game": {}}')).code
    'wrong-shape'
    """

    __slots__ = ()


def _decode(record: str, raw: object, key: str) -> JsonObject | StorageProblem:
    if isinstance(raw, NotText):
        return _problem(record, "wrong-shape", "is a stored object, not JSON text", str(raw))
    if not isinstance(raw, str):
        return _problem(record, "wrong-shape", f"is a {type(raw).__name__}, not JSON text", raw)
    try:
        envelope = jsonlimits.loads(raw)
    except jsonlimits.TooDeep as error:
        return _problem(record, "too-deep", f"is not readable: {error}", raw)
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


@dataclass(frozen=True)
class GameWrite:
    """One game to store (``game``) or delete (``game`` None), if the stored record is still
    the revision this change was made from: ``expect`` is that ``rev``, or None for a game
    that must not be stored yet (a new game, a restored one).

    >>> GameWrite("g1", {"id": "g1", "rev": 4}, expect=3).deletes
    False
    """

    game_id: str
    game: JsonObject | None
    expect: int | None
    summary: JsonObject | None = field(default=None, compare=False, repr=False)
    """The game's summary when already made from this very dict (else made when encoded)."""

    @property
    def deletes(self) -> bool:
        """True when the write removes the game."""
        return self.game is None

    @functools.cached_property
    def text(self) -> str | None:
        """The record to store (:func:`encode_game`; None for a deletion), made once: the
        browser's store makes it while its transaction reads the records it checks first.

        >>> write = GameWrite("g1", {"id": "g1", "rev": 4}, expect=3)
        >>> write.text is write.text, stored_rev("g1", write.text)
        (True, 4)
        """
        if self.game is None:
            return None
        text = encode_game(self.game, self.summary)
        if self.game.get("id", self.game_id) == self.game_id:  # as decode_game reads it back
            _REVS.remember((self.game_id, text), _rev_of(self.game))
        return text


@dataclass(frozen=True)
class SummaryWrite:
    """A stored game written again with its current summary, so that the next start replays it
    no more: the game is written back as it is stored, only while its record is still the very
    one the summary was made from (``crc``: its :func:`record_crc` as read at the start).

    >>> old = '{"schema": 1, "game": {"id": "g1", "rev": 3, "players": ["A", "B"], "hands": []}}'
    >>> card = summarize({"id": "g1", "rev": 3, "players": ["A", "B"], "hands": []})
    >>> resummarized(SummaryWrite("g1", record_crc(old), card), old).startswith(SUMMARY_PREFIX)
    True
    >>> other = old.replace('"A"', '"C"')  # written meanwhile by another tab, same revision
    >>> resummarized(SummaryWrite("g1", record_crc(old), card), other) is None
    True
    """

    game_id: str
    crc: int
    summary: JsonObject = field(repr=False)


def resummarized(write: SummaryWrite, raw: object | None) -> str | None:
    """The record to store for ``write`` given the one stored now (``raw``), or None when it
    is to be left as it is: gone or changed since it was read (a record read without a current
    summary, so still without one when unchanged), or holding what this version cannot write
    back (``encode_game`` refuses it)."""
    if not isinstance(raw, str) or record_crc(raw) != write.crc:
        return None
    game = decode_game(write.game_id, raw)
    if isinstance(game, StorageProblem):  # it decoded when read: only a CRC collision
        return None
    try:
        return encode_game(game, write.summary)
    except StorageError:  # e.g. NaN, which reading accepts and writing refuses: left as stored
        return None


@dataclass(frozen=True)
class IndexFix:
    """The entry of a game in the index of summaries set again from its record as stored, while
    the record is still the one read (``crc``, its :func:`record_crc`): the record was written by
    a version of the app that kept no index. A record without a current summary of its own loses
    its entry, so that the next start reads it whole (and reports it, if it cannot be read).

    >>> text = encode_game({"id": "g1", "players": ["A", "B"], "hands": []})
    >>> fix = IndexFix("g1", record_crc(text))
    >>> plan_commit(Commit(index=(fix,)), {"g1": text}, None).index == {"g1": summary_text(text)}
    True
    >>> plan_commit(Commit(index=(fix,)), {"g1": text + " "}, None).index  # changed meanwhile
    {}
    """

    game_id: str
    crc: int


@dataclass(frozen=True)
class SettingsPatch:
    """Keys of the settings to set and to remove. Applied to the settings as stored at the
    moment of the write, so that two tabs changing different keys keep both changes.

    >>> SettingsPatch({"lang": "en"}, ("entry",)).apply({"lang": "uk", "entry": {}, "trash": 1})
    {'lang': 'en', 'trash': 1}
    """

    values: JsonObject = field(default_factory=dict)
    removed: tuple[str, ...] = ()

    def apply(self, settings: Mapping[str, Any]) -> JsonObject:
        """The settings with this patch applied (a new dict)."""
        out = {key: value for key, value in settings.items() if key not in self.removed}
        out.update(self.values)
        return out


def settings_patch(before: Mapping[str, Any], after: Mapping[str, Any]) -> SettingsPatch | None:
    """What changed from ``before`` to ``after``, or None when nothing did.

    >>> settings_patch({"lang": "uk", "trash": 1}, {"lang": "en"})
    SettingsPatch(values={'lang': 'en'}, removed=('trash',))
    >>> settings_patch({"lang": "uk"}, {"lang": "uk"}) is None
    True
    """
    values = {key: value for key, value in after.items() if before.get(key, _NONE) != value}
    removed = tuple(key for key in before if key not in after)
    return SettingsPatch(values, removed) if values or removed else None


_NONE = object()


@dataclass(frozen=True)
class Commit:
    """Everything one action of the player writes: stored in one transaction, or not at all.

    ``replace_settings`` writes ``settings`` whole over a damaged settings record (the player
    chose to replace it); otherwise ``settings`` is a :class:`SettingsPatch` or None.
    """

    games: tuple[GameWrite, ...] = ()
    settings: SettingsPatch | None = None
    replace_settings: JsonObject | None = None
    summaries: tuple[SummaryWrite, ...] = ()
    """Games written again with a current summary (nothing a player sees changes)."""
    index: tuple[IndexFix, ...] = ()
    """Entries of the index of summaries set again from the records (nothing changes either)."""

    def __bool__(self) -> bool:
        return (
            bool(self.games)
            or bool(self.summaries)
            or bool(self.index)
            or self.settings is not None
            or self.replace_settings is not None
        )

    @property
    def game_ids(self) -> tuple[str, ...]:
        """The games this commit writes or deletes (other tabs are told of these)."""
        return tuple(write.game_id for write in self.games)

    @property
    def read_ids(self) -> tuple[str, ...]:
        """The games whose stored records the commit reads first: the ones it writes, deletes,
        summarizes again or indexes again."""
        again = [write.game_id for write in self.summaries] + [fix.game_id for fix in self.index]
        return self.game_ids + tuple(dict.fromkeys(again))


@dataclass(frozen=True)
class Plan:
    """The record values to put and the keys to delete, worked out inside the transaction;
    ``index``: the entries of the index of summaries to put (a summary's text) or delete (None)
    with them, so that the index always says what the records hold."""

    games: dict[str, str]
    deleted: tuple[str, ...]
    settings: str | None
    index: dict[str, str | None] = field(default_factory=dict)


def stored_rev(record: str, raw: object | None) -> int | None:
    """The revision of the game stored as ``raw`` (None when no game is stored).

    A record this version cannot read is kept as it is: writing over it is refused.

    >>> stored_rev("g1", encode_game({"id": "g1", "rev": 7})), stored_rev("g1", None)
    (7, None)
    """
    if raw is None:
        return None
    known = _REVS.get((record, raw)) if isinstance(raw, str) else None
    if known is not None:
        return known
    game = decode_game(record, raw)
    if isinstance(game, StorageProblem):
        raise _kept(record)
    return _rev_of(game)


def _rev_of(game: Mapping[str, object]) -> int:
    rev = game.get("rev", 0)
    return rev if isinstance(rev, int) and not isinstance(rev, bool) else 0


class _Recent(dict[tuple[str, str], int]):
    """The revisions of the last few records written (:attr:`GameWrite.text`), by (id, text): the
    next *Save* of a game finds its stored record here instead of parsing it again (a record that is
    byte for byte one of these holds that revision; every game the app holds nests at most
    ``app.share.restoring.MAX_DEPTH`` levels, so a record it wrote always reads back)."""

    KEPT = 8

    def remember(self, key: tuple[str, str], rev: int) -> None:
        self.pop(key, None)
        self[key] = rev
        while len(self) > self.KEPT:
            del self[next(iter(self))]


_REVS = _Recent()


def plan_commit(
    commit: Commit,
    stored_games: Mapping[str, object | None],
    stored_settings: object | None,
    problems: Iterable[StorageProblem] = (),
) -> Plan:
    """What to write for ``commit`` given the records stored now (read in the same transaction).

    Raises :class:`Conflict` when a game's stored revision is not the one the change was made
    from, and :class:`StorageError` for a damaged game record. A settings patch over a damaged
    settings record is left out (the app runs on defaults until the player replaces the record).

    >>> change = Commit((GameWrite("g1", {"id": "g1", "rev": 2}, expect=1),))
    >>> list(plan_commit(change, {"g1": encode_game({"rev": 1})}, None).games)
    ['g1']
    >>> plan_commit(change, {"g1": encode_game({"rev": 2})}, None)
    Traceback (most recent call last):
    ...
    app.storage.Conflict: changed meanwhile by another window: g1
    """
    kept = {problem.record for problem in problems}
    stale = []
    games: dict[str, str] = {}
    deleted: list[str] = []
    for write in commit.games:
        check_game_id(write.game_id)
        if write.game_id in kept:
            raise _kept(write.game_id)
        if stored_rev(write.game_id, stored_games.get(write.game_id)) != write.expect:
            stale.append(write.game_id)
        elif write.text is None:
            deleted.append(write.game_id)
        else:
            games[write.game_id] = write.text
    if stale:
        raise Conflict(stale)
    for again in commit.summaries:  # records read as they are now: a kept one was never stale
        text = resummarized(again, stored_games.get(again.game_id))
        if text is not None:
            games.setdefault(again.game_id, text)
    index: dict[str, str | None] = {game_id: summary_text(text) for game_id, text in games.items()}
    index.update(dict.fromkeys(deleted))
    for fix in commit.index:
        raw = stored_games.get(fix.game_id)
        if fix.game_id not in index and isinstance(raw, str) and record_crc(raw) == fix.crc:
            index[fix.game_id] = summary_text(raw) if read_summarized(fix.game_id, raw) else None
    return Plan(games, tuple(deleted), _settings_text(commit, stored_settings, kept), index)


def _settings_text(commit: Commit, stored: object | None, kept: set[str]) -> str | None:
    if commit.replace_settings is not None:
        return encode_settings(commit.replace_settings)
    if commit.settings is None or SETTINGS_ID in kept:
        return None
    current = {} if stored is None else decode_settings(stored)
    if isinstance(current, StorageProblem):  # damaged since start-up: keep it, as at start-up
        return None
    return encode_settings(commit.settings.apply(current))


def _kept(record: str) -> Kept:
    return Kept(
        f"stored record {record!r} could not be read, so it is kept as it is "
        "and will not be overwritten or deleted"
    )


@dataclass(frozen=True)
class Fresh:
    """Records read again after another tab changed them: each game asked for (None when it
    is no longer stored), and the settings (None when they cannot be read)."""

    games: dict[str, JsonObject | None]
    settings: JsonObject | None


def fresh_records(
    game_ids: Iterable[str], stored_games: Mapping[str, object | None], stored_settings: object
) -> Fresh:
    """Decode records read again; an unreadable game counts as gone from the app (it stays
    stored and is reported at the next start).

    >>> fresh = fresh_records(["a", "b"], {"a": encode_game({"id": "a"}), "b": None}, None)
    >>> fresh.games, fresh.settings
    ({'a': {'id': 'a'}, 'b': None}, {})
    """
    games: dict[str, JsonObject | None] = {}
    for game_id in game_ids:
        raw = stored_games.get(game_id)
        decoded = None if raw is None else decode_game(game_id, raw)
        games[game_id] = None if isinstance(decoded, StorageProblem) else decoded
    settings = {} if stored_settings is None else decode_settings(stored_settings)
    return Fresh(games, None if isinstance(settings, StorageProblem) else settings)


class MemoryStore:
    """A store that keeps everything in memory, with the same checks as the browser's: used
    when the browser keeps no data for the page (the game lasts while the page is open), and
    by tests. The ``*_now`` methods do the work; the async ones match the browser store.

    >>> store = MemoryStore()
    >>> store.commit_now(Commit((GameWrite("g1", {"id": "g1", "rev": 0}, None),)))
    >>> store.load_now().games
    {'g1': {'id': 'g1', 'rev': 0}}
    """

    volatile = True

    def __init__(self, games: Mapping[str, object] | None = None, settings: object = None) -> None:
        self.games: dict[str, object] = dict(games or {})
        self.settings = settings
        self.problems: list[StorageProblem] = []

    def load_now(self) -> Loaded:
        """Every game and the settings, as the browser store loads them."""
        loaded = load_records(self.games, self.settings)
        self.problems = list(loaded.problems)
        return loaded

    def commit_now(self, commit: Commit) -> None:
        """Store everything of ``commit``, or nothing (see :func:`plan_commit`)."""
        plan = plan_commit(commit, self.games, self.settings, self.problems)
        self.games.update(plan.games)
        for game_id in plan.deleted:
            self.games.pop(game_id, None)
        if plan.settings is not None:
            self.settings = plan.settings
            if commit.replace_settings is not None:
                self.problems = [p for p in self.problems if p.record != SETTINGS_ID]

    def read_now(self, game_ids: Iterable[str]) -> Fresh:
        """The games asked for and the settings, as stored now."""
        return fresh_records(game_ids, self.games, self.settings)

    async def load(self) -> Loaded:
        """:meth:`load_now`, awaitable like the browser store's."""
        return self.load_now()

    async def commit(self, commit: Commit, meanwhile: Callable[[], None] | None = None,
                     committed: Callable[[], None] | None = None) -> None:
        """:meth:`commit_now`, awaitable like the browser store's (``meanwhile()``, then
        ``committed()``, once done)."""
        self.commit_now(commit)
        for hook in (meanwhile, committed):
            if hook is not None:
                try:
                    hook()
                except Exception:  # noqa: BLE001 - stored is stored, whatever the hook did
                    traceback.print_exc()

    async def read(self, game_ids: Iterable[str]) -> Fresh:
        """:meth:`read_now`, awaitable like the browser store's."""
        return self.read_now(game_ids)

    async def records(self, game_ids: Iterable[str]) -> dict[str, object | None]:
        """The stored records of ``game_ids`` as they are (None when gone), like the browser
        store's (nothing here is ever held unread, so the page never asks)."""
        return {game_id: self.games.get(game_id) for game_id in game_ids}
