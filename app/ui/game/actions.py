"""The game screen's actions: the delete questions and their answers, undo and redo.

A delete, undo or redo is replayed before it is stored, and refused with a notice when it would
leave a later claim short of the target (:func:`_refused`).
"""

from __future__ import annotations

from typing import Any

from app.ui import history, i18n, scoring
from app.ui.core import Effect, Handler, Payload, open_game
from app.ui.games.actions import delete_game
from app.ui.hand.actions import put_telling_outcome, still_there
from app.ui.state import Confirm, GameDict, State


def _ask_delete_game(state: State, payload: Payload) -> list[Effect]:
    open_game(state)
    state.entry, state.confirm = None, Confirm("delete-game")
    return [Effect("focus", "confirm-no")]


def _confirm_no(state: State, payload: Payload) -> list[Effect]:
    kind = state.confirm.kind if state.confirm else ""
    state.confirm = None
    return [Effect("focus", "ask-delete-game" if kind == "delete-game" else "ask-delete-hand")]


def _confirm_yes(state: State, payload: Payload) -> list[Effect]:
    confirm, game = state.confirm, open_game(state)
    if confirm is not None and confirm.kind == "delete-game":
        return delete_game(state, {**payload, "id": str(game["id"])})
    if confirm is None or confirm.kind != "delete-hand":
        return []
    if not still_there(game, confirm.index, confirm.hand):
        state.confirm = None
        state.notice, state.notice_detail = "hand_changed", str(confirm.index + 1)
        return []
    op = {"op": "delete", "index": confirm.index, "hand": game["hands"][confirm.index]}
    changed = history.apply_change(game, op, payload.get("now", ""))
    state.confirm = None
    if _refused(state, changed, op, "delete"):
        return [Effect("focus", "ask-delete-hand")]  # the form stays open as it was
    state.entry, state.notice = None, "deleted"
    return [put_telling_outcome(state, game, changed), Effect("focus", "new-hand")]


def _undo(state: State, payload: Payload) -> list[Effect]:
    game = open_game(state)
    op = history.last_op(game, "undo")
    if op is None:
        return []
    changed = history.undo(game, payload.get("now", ""))
    if _refused(state, changed, history.inverse(op), "undo"):
        return [Effect("focus", "undo")]
    state.entry, state.confirm, state.notice = None, None, "undone"
    return [put_telling_outcome(state, game, changed), Effect("focus", "undo")]


def _redo(state: State, payload: Payload) -> list[Effect]:
    game = open_game(state)
    op = history.last_op(game, "redo")
    if op is None:
        return []
    changed = history.redo(game, payload.get("now", ""))
    if _refused(state, changed, op, "redo"):
        return [Effect("focus", "redo")]
    state.entry, state.confirm, state.notice = None, None, "redone"
    return [put_telling_outcome(state, game, changed), Effect("focus", "redo")]


def _refused(state: State, changed: GameDict, op: dict[str, Any], why: str) -> bool:
    """Whether the hands as ``op`` leaves them (``changed``) cannot be replayed: then the
    change is not stored and the notice says why (``why``: delete, undo or redo). Only a claim
    can make a change fail: one left short of the target by the hands before it changing.
    """
    problem = scoring.replay_problem(changed)
    if problem is None:
        return False
    params = dict(problem.params)
    side, hand = params.get("side"), problem.hand
    if problem.code != "claim_short" or not isinstance(side, int) or hand is None:
        state.notice, state.notice_detail = "blocked", str(problem.message)
        return True
    state.notice = f"blocked_{why}"
    state.notice_params = {
        **params,
        "side": scoring.side_label(changed, side, i18n.translator(state.lang)("side.and")),
        "hand": history.number_before(op, hand),
        "n": int(op["index"]) + 1,
    }
    return True


HANDLERS: dict[str, Handler] = {
    "ask-delete-game": _ask_delete_game,
    "confirm-no": _confirm_no,
    "confirm-yes": _confirm_yes,
    "undo": _undo,
    "redo": _redo,
}
