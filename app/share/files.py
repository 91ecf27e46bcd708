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
from dataclasses import dataclass
from typing import Any

from app.share import inbound
from app.share.backup import Backup, BackupError, is_backup, read_backup
from app.share.errors import ShareError
from app.share.limits import LimitError, read_json
from app.share.link import content_digest, shared_doc

MAX_CHARS = 30_000_000
"""Largest file read (a backup of several hundred long games with their undo history fits)."""
MAX_DEPTH = 32
LINK = re.compile(r"#/(?:shared|rules)/[0-9A-Za-z]+")


class FileError(ShareError):
    """A file that cannot be opened. ``code``: ``too_long``, ``too_deep``, ``not_json``,
    ``invalid`` (the rules refuse the game: ``problems``), ``newer_version`` (a rules option or
    format this version does not know: ``problems``), ``newer_backup``, ``not_backup``,
    ``too_many_games``, ``not_utf8`` (the text is in another encoding), ``empty``; ``params``
    for the message."""


@dataclass(frozen=True)
class GameFile:
    """A game file: the game as a link would carry it (checked), and its content digest."""

    doc: dict[str, Any]
    digest: str


@dataclass(frozen=True)
class LinkText:
    """A text that holds a link of this app (a shared link sent through the share sheet)."""

    fragment: str


def read_file(text: str) -> GameFile | Backup | LinkText:
    """What a file's text holds; :class:`FileError` when it cannot be opened."""
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise FileError("empty", {}, "the file is empty")
    if "\ufffd" in text:  # what the page's UTF-8 decoding made of bytes that are not UTF-8
        raise FileError("not_utf8", {}, "the file is not UTF-8 text (another encoding?)")
    found = LINK.search(text) if not text.lstrip().startswith(("{", "[")) else None
    if found is not None:
        return LinkText(found.group(0))
    try:
        obj = read_json(text, MAX_CHARS, MAX_DEPTH)
    except LimitError as error:
        raise FileError(error.code, error.params, str(error)) from None
    if is_backup(obj):
        try:
            return read_backup(obj)
        except BackupError as error:
            raise FileError(error.code, error.params, str(error)) from None
    problems = inbound.check_game(obj)
    if problems:
        code = "newer_version" if inbound.made_newer(problems) else "invalid"
        raise FileError(code, {}, problems[0].message, problems)
    doc = shared_doc(obj)
    return GameFile(doc, content_digest(doc))
