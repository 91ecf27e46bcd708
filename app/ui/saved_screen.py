"""The last screen worth coming back to, as ``boot.js`` paints it at the next start before Python.

Whenever the app shows the games list or a game's sheet, the page keeps that screen's HTML (at
rest: no hand form, question or notice open) together with the facts that make it true: the build,
the language, the storage schema and, for every game it shows, the game's ``rev`` and ``updated``
stamp (plus, on the games list, the deleted game it offers to restore and the last backup). At the next start boot.js
reads the same facts from IndexedDB and paints the screen only when every one of them still holds,
so another tab's change, an edit, a newer build or another language is never shown as if current.
Python replaces the painted screen once it is up. ``app/browser/screen_cache.py`` stores the text.

>>> from app.ui.state import initial_state
>>> game = {"id": "g1", "rev": 3, "updated": "2026-12-01T20:15:00", "players": ["A", "B"]}
>>> state = initial_state({"g1": game}, {"lang": "en"}, [], [])
>>> facts = screen_facts(state, build="b1")
>>> facts["route"], facts["games"], facts["lang"]
('#/', {'g1': '3/2026-12-01T20:15:00'}, 'en')
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any

from app.storage import SCHEMA
from app.ui.state import State

HOME = "#/"
KEPT_VERSION = 1
Facts = dict[str, Any]


def screen_route(state: State) -> str | None:
    """The address of the screen shown, when it is one worth painting at the next start.

    The games list (unless it lists unreadable records) and a game's sheet; nothing else, and
    nothing at all while the browser keeps no data for the page (``volatile``).

    >>> from app.ui.state import initial_state
    >>> screen_route(initial_state({}, {}, [], []))
    '#/'
    >>> state = initial_state({"g1": {"id": "g1"}}, {}, [], [])
    >>> state.screen, state.game_id = "game", "g1"
    >>> screen_route(state)
    '#/game/g1'
    >>> state.screen = "help"
    >>> screen_route(state) is None
    True
    """
    if state.volatile:
        return None
    if state.screen == "home" and not state.problems:
        return HOME
    if state.screen == "game" and state.game is not None:
        return f"#/game/{state.game_id}"
    return None


def at_rest(state: State) -> State:
    """The same screen with no hand form, question or notice open (what a start shows first)."""
    if is_at_rest(state):
        return state
    return dataclasses.replace(state, entry=None, confirm=None, notice=None, notice_detail="")


def is_at_rest(state: State) -> bool:
    """Whether the screen shows nothing beyond the list or the sheet itself."""
    return state.entry is None and state.confirm is None and state.notice is None


def stamp(game: Mapping[str, Any]) -> str:
    """A game's revision and last change, as boot.js compares them with the stored record.

    >>> stamp({"rev": 4, "updated": "2026-12-01T20:15:00"})
    '4/2026-12-01T20:15:00'
    >>> stamp({})
    '0/'
    """
    return f"{game.get('rev', 0)}/{game.get('updated', '')}"


def screen_facts(state: State, build: str) -> Facts | None:
    """What must still hold for the screen shown to be painted again (None: keep nothing).

    ``every_game`` says that the stored games must be exactly these (the games list); a game's
    sheet needs only its own game unchanged.
    """
    route = screen_route(state)
    if route is None or not build:
        return None
    every_game = route == HOME
    if every_game:  # the summaries carry each record's rev and updated: no game is parsed
        stamps = {game_id: stamp(state.games.summary(game_id)) for game_id in sorted(state.games)}
    else:
        stamps = {str(state.game_id): stamp(state.game or {})}
    facts: Facts = {
        "route": route,
        "build": build,
        "schema": SCHEMA,
        "lang": state.lang,
        "games": stamps,
        "every_game": every_game,
    }
    if every_game:
        trash = state.trash
        facts["trash"] = None if trash is None else f"{trash.get('id', '')}:{stamp(trash)}"
        facts["backup"] = canonical(state.settings.get("backup"))
    return facts


def canonical(value: Any) -> str:
    """A stored value as boot.js writes it again from the record (sorted keys, no spaces): the
    games list shows the last backup, so the backup record kept in the settings is a fact too.

    >>> canonical({"made": "2026-12-01T20:15:00", "hands": {"g2": 5, "g1": 12}})
    '{"hands":{"g1":12,"g2":5},"made":"2026-12-01T20:15:00"}'
    >>> canonical(None)
    'null'
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def keep_screen(kept: str | None, facts: Facts, html: str, title: str) -> str:
    """The stored text with this screen added: the games list and the latest game's sheet.

    >>> text = keep_screen(None, {"route": "#/game/g1"}, "<p>sheet</p>", "Debertz")
    >>> text = keep_screen(text, {"route": "#/game/g2"}, "<p>other</p>", "Debertz")
    >>> list(json.loads(keep_screen(text, {"route": "#/"}, "<p>list</p>", "Debertz"))["screens"])
    ['#/game/g2', '#/']
    """
    home = facts["route"] == HOME
    screens = {  # the other kind of screen stays: the list, or the one game's sheet
        route: screen for route, screen in _screens(kept).items() if (route == HOME) != home
    }
    screens[facts["route"]] = {**facts, "html": html, "title": title}
    return json.dumps({"version": KEPT_VERSION, "screens": screens}, ensure_ascii=False)


def _screens(kept: str | None) -> dict[str, Any]:
    """The screens in a stored text; nothing when it is missing, unreadable or of another version.

    >>> _screens('{"version": 1, "screens": {"#/": {}}}')
    {'#/': {}}
    >>> _screens("not json"), _screens('{"version": 0, "screens": {}}')
    ({}, {})
    """
    try:
        data = json.loads(kept or "")
    except ValueError:
        return {}
    if not isinstance(data, dict) or data.get("version") != KEPT_VERSION:
        return {}
    screens = data.get("screens")
    return dict(screens) if isinstance(screens, dict) else {}
