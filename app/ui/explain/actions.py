"""The explanation's one action: a hand's «чому?» opened or closed on the open game's sheet."""

from __future__ import annotations

from app.ui.core import Effect, Handler, Payload
from app.ui.state import State


def _explain_hand(state: State, payload: Payload) -> list[Effect]:
    """``index``: the 0-based hand; ``open``: "true" or "false". Kept per game, so that
    another game's sheet opens folded.

    >>> from app.ui.state import initial_state
    >>> state = initial_state({}, {}, [], [])
    >>> state.game_id = "g"
    >>> _explain_hand(state, {"index": "4", "open": "true"}), sorted(state.explained)
    ([], [('g', 4)])
    >>> _explain_hand(state, {"index": "4", "open": "false"}), state.explained
    ([], frozenset())
    """
    index = payload.get("index", "")
    if state.game_id is None or not index.isdecimal():
        raise ValueError(f"no hand {index!r} to explain")
    key = (state.game_id, int(index))
    if payload.get("open") == "true":
        state.explained = state.explained | {key}
    else:
        state.explained = state.explained - {key}
    return []


HANDLERS: dict[str, Handler] = {"explain-hand": _explain_hand}
