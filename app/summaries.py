"""A stored game's summary: what its card in the games list shows, derived from the record when
it is written, so that a start with thousands of games replays none of them.

The summary is kept in the same stored text as the game (``app.storage.encode_game``), written in
the same transaction, with the CRC-32 of the game's JSON text and a stamp of the engine that
replayed it: a summary whose game text or engine differs from the one it was made from is stale,
and the game is then read and replayed as before (``app.storage.Games``).

>>> card = summarize({"id": "g1", "rev": 2, "players": ["Оля", "Петро"], "rules": {"target": 301},
...                   "hands": [{"taker": 0, "cards": [100, 62]}]})
>>> card["score"], card["finished"], card["winner"], card["hands"], card["target"], card["rev"]
([100, 62], False, None, 1, 301, 2)
>>> summarize({"players": ["A"], "hands": []})["error"]
'players must list 2, 3 or 4 players, not 1'
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from app import engine, replays

SUMMARY_VERSION: Final = 2
"""Bumped when the summary's keys change (a summary of another version is not used; 2 added
``rematch_of``)."""
CARD_KEYS: Final = (
    "id", "rev", "created", "updated", "players", "teams", "received_from", "restored_from",
    "restored", "shared_digest", "rematch_of",
)
"""The record's own keys a summary carries as they are (the card, the list's order and stamps,
and which game a rematch follows: *Rematch* tapped again opens the one begun)."""
FIGURE_KEYS: Final = ("score", "winner", "finished", "target", "error")
"""What the replay gives: the score of each side, the winner, whether the game is over, the
target; or, for a record the engine refuses, its first problem (``error``)."""


STAMP_FILE: Final = "STAMP"
"""The file beside the engine's modules in the built site, which ships them compiled only:
``tools/build.py`` writes :func:`engine_stamp` of the sources there, so that the page and CPython
stamp the same engine alike (a summary written by either is current in the other)."""


def sources_stamp(folder: Path) -> str | None:
    """The stamp of the engine sources in ``folder``: 16 hex digits of the SHA-256 of each
    ``.py`` file's name and bytes, in name order; None where there is none (the built site).

    >>> sources_stamp(Path(engine.__file__).parent) == engine_stamp()
    True
    """
    sources = sorted(folder.glob("*.py"))
    if not sources:
        return None
    digest = hashlib.sha256(str(SUMMARY_VERSION).encode())
    for path in sources:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


@functools.cache
def engine_stamp() -> str:
    """The engine's modules as one short hash (a summary made by another engine is stale: a
    fixed rule may score an old game differently). Read once: from the sources where Python
    has them, else from the :data:`STAMP_FILE` the build wrote of the same sources.

    >>> len(engine_stamp())
    16
    """
    folder = Path(engine.__file__).parent
    stamp = sources_stamp(folder)
    if stamp is not None:
        return stamp
    written = folder / STAMP_FILE
    if not written.is_file():
        raise RuntimeError(f"no source of the engine and no {STAMP_FILE} found in {folder}")
    return written.read_bytes().decode().strip()  # the page's trimmed stdlib has no ascii codec


def summarize(game: Mapping[str, Any]) -> dict[str, Any]:
    """The summary of a stored game: its card keys, the number of hands and the replay's
    figures (or its ``error``), stamped with this engine (``engine_stamp``)."""
    card: dict[str, Any] = {"v": SUMMARY_VERSION, "engine": engine_stamp()}
    card.update({key: game[key] for key in CARD_KEYS if key in game and _flat(game[key])})
    hands = game.get("hands")
    card["hands"] = len(hands) if isinstance(hands, list) else 0
    try:
        read = replays.engine_game(game)
        sheet = replays.sheet(game)
    except engine.DebertzError as error:
        card["error"] = str(error)
        return card
    card.update(score=list(sheet.score), winner=sheet.winner, finished=sheet.finished,
                target=read.rules.target)
    return card


def _flat(value: object) -> bool:
    """Whether a card key's value is one a summary carries: text, a number, true/false, or a
    list of texts (the players). An object or a list of them (only a crafted file or backup
    holds one) is left out: its text could hold the ``,"game":`` that ends a summary in the
    record (``app.storage.summary_text``), and the index page it shares would break.

    >>> _flat("2026-12-01T19:00:00"), _flat(["Оля", "Петро"]), _flat({"game": 2}), _flat([{}])
    (True, True, False, False)
    """
    if isinstance(value, list):
        return all(isinstance(item, str) for item in value)
    return value is None or isinstance(value, str | int | float | bool)


def is_current(summary: object) -> bool:
    """Whether a stored summary was made by this version's summary and engine.

    >>> is_current(summarize({"players": ["A", "B"], "hands": []})), is_current({"v": 1})
    (True, False)
    """
    return (
        isinstance(summary, dict)
        and summary.get("v") == SUMMARY_VERSION
        and summary.get("engine") == engine_stamp()
        and type(summary.get("hands")) is int
        and (isinstance(summary.get("error"), str) or isinstance(summary.get("score"), list))
    )
