"""A stored game's engine ``Game`` and replay, made once per revision and extended, not redone.

A game dict is never changed in place: every change (a hand saved, edited, deleted, undone) makes
a new dict, whose hand records are the same objects as before but for the changed ones. So the
replay of a game's new revision goes on from its last one (the engine's ``reread_game`` and
``rescore``): a hand added at the end is the one record read and the one hand scored; an edit or
a delete replays from the changed hand on. The games list's summary of a saved game
(``app.summaries``) and its screen (``app.ui.scoring``) read the same replay.

>>> game = {"id": "g1", "players": ["Оля", "Петро"], "hands": [{"taker": 0, "cards": [100, 62]}]}
>>> sheet(game).score
(100, 62)
>>> more = {**game, "hands": [*game["hands"], {"taker": 1, "cards": [62, 100]}]}
>>> replayed(more).first_scored, sheet(more).score, sheet(more) == engine.score(engine_game(more))
(1, (162, 162), True)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from app import engine

GameDoc = Mapping[str, Any]
"""A game as the app holds it: the engine's ``debertz/1`` object plus the app's own keys."""

CACHE_SIZE = 512
"""Games kept (the least recently used are let go)."""

_T = TypeVar("_T")
Cache = OrderedDict[object, tuple[GameDoc, _T]]
"""Values by game: keyed by the game's ``"id"`` (one revision kept per game), or by the dict's
own ``id()`` for a game without a text ``"id"``."""
_games: Cache[engine.Game] = OrderedDict()
_replays: Cache[engine.Replayed] = OrderedDict()


def cached(
    cache: Cache[_T],
    game: GameDoc,
    make: Callable[[GameDoc, tuple[GameDoc, _T] | None], _T],
) -> _T:
    """A value made once per game dict by ``make(game, earlier)``, where ``earlier`` is the
    dict and value kept for another revision of the same game (same ``"id"``), if any; that one
    is then let go. The cache holds each dict itself, so its ``id()`` cannot be reused meanwhile.
    Finding a game's entry takes one look-up, however many games are kept (a library of
    hundreds is, after the statistics).

    >>> cache: Cache[int] = OrderedDict()
    >>> count = lambda game, earlier: len(game["hands"]) + (0 if earlier is None else 100)
    >>> cached(cache, {"id": "g", "hands": []}, count), cached(cache, {"id": "g", "hands": [1]}, count)
    (0, 101)
    >>> len(cache)
    1
    """
    name = game.get("id")
    key: object = name if isinstance(name, str) else id(game)
    found = cache.get(key)
    if found is not None and found[0] is game:
        cache.move_to_end(key)
        return found[1]
    value = make(game, found)
    cache.pop(key, None)
    cache[key] = (game, value)
    while len(cache) > CACHE_SIZE:
        cache.popitem(last=False)
    return value


def engine_game(game: GameDoc) -> engine.Game:
    """The engine's ``Game`` of a game dict (raises ``DebertzError`` like ``game_from_json``)."""
    return cached(_games, game, _read)


def _read(game: GameDoc, earlier: tuple[GameDoc, engine.Game] | None) -> engine.Game:
    if earlier is None:
        return engine.game_from_json(game)
    return engine.reread_game(game, *earlier)


def remember(game: GameDoc, read: engine.Game) -> None:
    """Keep ``read`` as the engine's ``Game`` of ``game``: a dict the engine wrote from that
    very game (a link's or a file's checked doc), so that the screen showing it does not read
    every hand of it again.

    >>> doc = {"players": ["A", "B"], "hands": [{"taker": 0, "cards": [100, 62]}]}
    >>> read = engine.game_from_json(doc)
    >>> remember(doc, read)
    >>> engine_game(doc) is read
    True
    """
    cached(_games, game, lambda _game, _earlier: read)


def replayed(game: GameDoc) -> engine.Replayed:
    """The engine's replay of a game dict, gone on from its last revision's (``rescore``)."""
    return cached(_replays, game, _replay)


def _replay(game: GameDoc, earlier: tuple[GameDoc, engine.Replayed] | None) -> engine.Replayed:
    return engine.rescore(engine_game(game), None if earlier is None else earlier[1])


def sheet(game: GameDoc) -> engine.Sheet:
    """The engine's ``Sheet`` of a game dict: ``engine.score`` of its ``Game``, exactly."""
    return replayed(game).sheet
