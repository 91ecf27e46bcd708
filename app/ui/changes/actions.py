"""The change log's one action: its fold opened or closed by the player (it is drawn only
while open, so that a long log costs nothing on the game screen's renders).

>>> from app.ui.state import initial_state
>>> state = initial_state({}, {}, [], [])
>>> _fold_log(state, {"open": "true"}), state.log_open
([], True)
"""

from __future__ import annotations

from app.ui.core import Effect, Handler, Payload
from app.ui.state import State


def _fold_log(state: State, payload: Payload) -> list[Effect]:
    """The fold «Зміни» opened or closed (``open``: "true" or "false")."""
    state.log_open = payload.get("open") == "true"
    return []


HANDLERS: dict[str, Handler] = {"fold-log": _fold_log}
