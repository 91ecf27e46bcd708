"""The player's preferences and what the browser said about the app's storage.

``keep_awake``: the screen stays on while a game is shown (on unless turned off; kept in the
settings record like the language). ``storage_refused``: the browser did not promise to keep
the games; the games list says so until the note is dismissed (remembered in the settings).

>>> from app.ui.reducer import reduce
>>> from app.ui.state import initial_state
>>> state, effects = reduce(initial_state({}, {}, [], []), "keep-awake", {"value": "false"})
>>> state.settings["keep_awake"], [e.kind for e in effects]
(False, ['commit'])
"""

from __future__ import annotations

from app.ui.core import Effect, Handler, Payload
from app.ui.state import State

STORAGE_NOTE_SEEN = "storage_note"
"""Settings key: the "your browser may clear the games" note was dismissed."""


def keeps_awake(state: State) -> bool:
    """Whether the screen should stay on now: a game is shown and the player wants it.

    >>> from app.ui.state import initial_state
    >>> state = initial_state({"g1": {"players": ["A", "B"], "hands": []}}, {}, [], [])
    >>> keeps_awake(state)
    False
    >>> state.screen, state.game_id = "game", "g1"
    >>> keeps_awake(state)
    True
    """
    wanted = state.settings.get("keep_awake", True) is not False
    return wanted and state.screen == "game" and state.game is not None


def shows_storage_note(state: State) -> bool:
    """Whether the games list says the browser may clear the games (not when nothing is kept
    at all: the app says that already)."""
    seen = state.settings.get(STORAGE_NOTE_SEEN)
    return state.storage_refused and not state.volatile and not seen


def _keep_awake(state: State, payload: Payload) -> list[Effect]:
    state.settings["keep_awake"] = payload.get("value") == "true"
    return []


def _storage_refused(state: State, payload: Payload) -> list[Effect]:
    state.storage_refused = True
    state.storage_unasked = payload.get("why") == "unasked"
    return []


def _storage_note_seen(state: State, payload: Payload) -> list[Effect]:
    state.settings[STORAGE_NOTE_SEEN] = True
    return [Effect("focus", "new-game")]


HANDLERS: dict[str, Handler] = {
    "keep-awake": _keep_awake,
    "storage-refused": _storage_refused,
    "storage-note-seen": _storage_note_seen,
}
