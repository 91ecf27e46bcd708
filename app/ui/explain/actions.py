"""The explanation's one action: a hand's «чому?» opened or closed on the open game's sheet, or
on the sheet of a game from outside (a link, a file) that is shown."""

from __future__ import annotations

from app.ui.core import Effect, Handler, Payload
from app.ui.sharing.state import sheet_key
from app.ui.state import State


def _explain_hand(state: State, payload: Payload) -> list[Effect]:
    """``index``: the 0-based hand; ``open``: "true" or "false"; ``sheet``: the shown game
    from outside's key (:func:`app.ui.sharing.state.sheet_key`), else the open game's. Kept per
    sheet, so that another game's sheet opens folded.

    >>> from app.ui.state import initial_state
    >>> state = initial_state({}, {}, [], [])
    >>> state.game_id = "g"
    >>> _explain_hand(state, {"index": "4", "open": "true"}), sorted(state.explained)
    ([], [('g', 4)])
    >>> _explain_hand(state, {"index": "4", "open": "false"}), state.explained
    ([], frozenset())
    """
    index, sheet = payload.get("index", ""), payload.get("sheet", "")
    incoming = state.transfer.incoming
    if sheet and (incoming is None or sheet != sheet_key(incoming)):
        raise ValueError(f"no sheet {sheet!r} is shown")
    if not (sheet or state.game_id) or not index.isdecimal():
        raise ValueError(f"no hand {index!r} to explain")
    key = (sheet or str(state.game_id), int(index))
    if payload.get("open") == "true":
        state.explained = state.explained | {key}
    else:
        state.explained = state.explained - {key}
    return []


HANDLERS: dict[str, Handler] = {"explain-hand": _explain_hand}
