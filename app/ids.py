"""Game ids: the one alphabet an id may use, so that an address always names exactly one game.

An id becomes part of addresses (``#/game/<id>/hand/3/delete``, ``#/share/<id>``) and of element
ids (``open-<id>``). The app makes ids ``g`` + 12 hex digits; an id that comes from outside (a
backup, a stored record written by a hostile backup before this rule existed) may be anything,
and ``"mine/delete"`` would make ``#/game/mine/delete``: the delete question of another game. So
every id where games come in is checked here: letters A-Z and a-z, digits, ``_`` and ``-``, at
most 64 characters, starting with a letter or digit, and not a word an address uses in its place
(``#/share/rules`` is the new-game form's rules, not a game's link) or that makes an element id
the app has already (a game ``file`` made its card's ``open-file``, the id of the file input, so
*Open a file…* opened the game instead).

>>> is_safe_id("g0123456789ab"), is_safe_id("2026-11-30-a1")
(True, True)
>>> is_safe_id("mine/delete"), is_safe_id(""), is_safe_id("rules"), is_safe_id(7)
(False, False, False, False)
>>> is_safe_id("file"), is_safe_id("stats"), is_safe_id("files")
(False, False, True)
"""

from __future__ import annotations

import re
from typing import Final

MAX_ID: Final = 64
"""Longest id (the app's own are 13 characters)."""
_SAFE: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
ELEMENT_WORDS: Final = frozenset({"copy", "file", "stats", "with"})
"""The words after ``open-`` in the app's own element ids (``open-file``, ``open-stats``...),
where a game's card has ``open-<id>`` (``tests/test_ids.py`` finds them in the source)."""
RESERVED: Final = frozenset({"rules"}) | ELEMENT_WORDS
"""Words an address has where a game id would be (``#/share/rules``), and those of
:data:`ELEMENT_WORDS`."""


def is_safe_id(value: object) -> bool:
    """Whether ``value`` may be a game's id (see the module's docstring).

    >>> is_safe_id("g1\\n"), is_safe_id("x" * 64), is_safe_id("x" * 65), is_safe_id("ім'я")
    (False, True, False, False)
    """
    return isinstance(value, str) and _SAFE.fullmatch(value) is not None and value not in RESERVED


def id_problem(value: object) -> str | None:
    """Why ``value`` cannot be a game id, in plain English (None when it can).

    >>> id_problem("a/b")
    "'a/b' is not a safe game id (letters, digits, _ and -, at most 64)"
    >>> id_problem("file")
    "'file' is a word the app uses itself in addresses or element ids"
    """
    if is_safe_id(value):
        return None
    if value in RESERVED:
        return f"{value!r} is a word the app uses itself in addresses or element ids"
    shown = repr(value)
    if len(shown) > 80:
        shown = shown[:77] + "..."
    return f"{shown} is not a safe game id (letters, digits, _ and -, at most {MAX_ID})"
