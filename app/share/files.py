"""A file opened in the app (picker, "open with", share sheet): a game, a backup, or a link.

>>> found = read_file('{"players": ["Оля", "Петро"], "hands": []}')
>>> type(found).__name__, found.doc["players"]
('GameFile', ['Оля', 'Петро'])
>>> read_file('{"players": ["Оля"], "hands": []}')
Traceback (most recent call last):
...
app.share.files.FileError: invalid: players must list 2, 3 or 4 players, not 1
>>> read_file("see https://x.org/debertz/#/shared/1ABC").fragment
'#/shared/1ABC'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.engine.errors import kind_of
from app.share import inbound, restoring
from app.share.backup import Backup, BackupError, is_backup, read_backup
from app.share.errors import ShareError
from app.share.limits import LimitError, read_json
from app.share.link import checked_doc, content_digest
from app.share.restoring import Planning, start_planning

MAX_CHARS = 30_000_000
"""Largest file read (a backup of several hundred long games with their undo history fits)."""
MAX_DEPTH = restoring.MAX_DEPTH
AT_ONCE = 64_000
"""Longest text parsed when the file is opened; a longer one (a backup of some 40 games and more)
is planned in steps, after the screen has said it is being read (``app.share.restoring``)."""
LINK = re.compile(r"#/(?:shared|rules)/[0-9A-Za-z]+")


class FileError(ShareError):
    """A file that cannot be opened. ``code``: ``too_long``, ``too_deep``, ``not_json``,
    ``invalid`` (the rules refuse the game: ``problems``), ``newer_version`` (a rules option or
    format this version does not know: ``problems``), ``newer_backup``, ``not_backup``,
    ``too_many_games``, ``not_utf8`` (the text is in another encoding), ``empty``; ``params``
    for the message."""


@dataclass(frozen=True)
class GameFile:
    """A game file: the game as a link would carry it (checked), and its content digest; its
    change log (``app.changelog``) when it carries one that replays to its hands, else why
    the one it carries was dropped (``log_problem``)."""

    doc: dict[str, Any]
    digest: str
    log: list[dict[str, Any]] | None = None
    log_problem: str | None = None


@dataclass(frozen=True)
class LinkText:
    """A text that holds a link of this app (a shared link sent through the share sheet)."""

    fragment: str


def read_file(text: str) -> GameFile | Backup | LinkText:
    """What a file's text holds; :class:`FileError` when it cannot be opened."""
    found = _prechecked(text)
    if isinstance(found, LinkText):
        return found
    return read_value(_json(found))


def read_value(obj: Any) -> GameFile | Backup:
    """What a file's JSON value holds (:func:`read_file` once the text is parsed).

    >>> type(read_value({"format": "debertz-backup/1", "games": []})).__name__
    'Backup'
    """
    if is_backup(obj):
        try:
            return read_backup(obj)
        except BackupError as error:
            raise FileError(error.code, error.params, str(error)) from None
    return _game_file(obj)


def open_file(text: str, local: Mapping[str, Any]) -> GameFile | LinkText | Planning:
    """What a file's text holds, as the import screen opens it: a backup is planned a batch at
    a time (``app.share.restoring``; ``local``: the games here), read at once only when its
    text is short (``AT_ONCE``). A long text that turns out not to be a backup
    (``restoring.NotABackup`` from a step) is read by :func:`read_file`.

    >>> type(open_file('{"format": "debertz-backup/1", "games": []}', {})).__name__
    'Planning'
    """
    found = _prechecked(text)
    if isinstance(found, LinkText):
        return found
    if len(found) > AT_ONCE:
        return start_planning(found, local)
    obj = _json(found)
    if is_backup(obj):
        try:
            return start_planning(obj, local)
        except BackupError as error:
            raise FileError(error.code, error.params, str(error)) from None
    return _game_file(obj)


def _prechecked(text: str) -> str | LinkText:
    """The text to read as JSON (its byte order mark cut), or the link it holds."""
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise FileError("empty", {}, "the file is empty")
    if "\ufffd" in text:  # what the page's UTF-8 decoding made of bytes that are not UTF-8
        raise FileError("not_utf8", {}, "the file is not UTF-8 text (another encoding?)")
    link = link_in(text)
    if link is not None:
        return link
    if len(text) > MAX_CHARS:
        raise FileError("too_long", {"length": len(text), "max": MAX_CHARS},
                        f"{len(text)} characters, more than {MAX_CHARS}")
    return text


def link_in(text: str) -> LinkText | None:
    """The app's link a text holds (a file or shared text that is not JSON), else None.

    >>> link_in("see https://example.org/d/#/shared/1ABC"), link_in('{"a": "#/shared/1ABC"}')
    (LinkText(fragment='#/shared/1ABC'), None)
    """
    if text.lstrip("\ufeff").lstrip().startswith(("{", "[")):  # JSON is read as JSON
        return None
    found = LINK.search(text)
    return LinkText(found.group(0)) if found is not None else None


def _json(text: str) -> Any:
    try:
        return read_json(text, MAX_CHARS, MAX_DEPTH)
    except LimitError as error:
        raise FileError(error.code, error.params, str(error)) from None


def _game_file(obj: Any) -> GameFile:
    """The game a file's JSON value holds; :class:`FileError` when it holds none (a number, a
    list: said as such, not as a game whose record breaks the rules) or a game that breaks them.

    >>> _game_file([1, 2])
    Traceback (most recent call last):
    ...
    app.share.files.FileError: not_game: it holds a list, not a game or a backup
    """
    if not isinstance(obj, dict):
        raise FileError("not_game", {}, f"it holds {kind_of(obj)}, not a game or a backup")
    game, problems = inbound.read_game(obj)  # read once: its doc is made of the game read
    if problems:
        code = "newer_version" if inbound.made_newer(problems) else "invalid"
        raise FileError(code, {"table": inbound.table_of(obj)}, problems[0].message, problems)
    assert game is not None  # (read_game gives a game whenever it finds no problem)
    doc = checked_doc(game)
    log, why = inbound.read_log(obj, doc["hands"])  # the hands as they will be kept
    return GameFile(doc, content_digest(doc), log, why)
