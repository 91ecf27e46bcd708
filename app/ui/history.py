"""Undo and redo of hand-log changes, stored in the game dict so they survive a reload.

A change is an operation on the list of hands; ``undo`` and ``redo`` in the game dict hold the
operations done and undone (newest last, at most ``LIMIT`` each); every change, ↶ and ↷ also
goes on the game's change log (``app.changelog``), with its time::

    {"op": "add", "index": 3, "hand": {...}}
    {"op": "edit", "index": 1, "before": {...}, "after": {...}}
    {"op": "delete", "index": 2, "hand": {...}}

>>> game = {"hands": [], "undo": [], "redo": []}
>>> game = apply_change(game, {"op": "add", "index": 0, "hand": {"redeal": True}})
>>> game["hands"], len(game["undo"])
([{'redeal': True}], 1)
>>> game = undo(game)
>>> game["hands"], len(game["redo"])
([], 1)
>>> game = redo(game)
>>> game["hands"], [entry["do"] for entry in game["log"]]
([{'redeal': True}], ['begin', 'add', 'undo', 'redo'])
"""

from __future__ import annotations

from typing import Any

from app import changelog
from app.ui.state import GameDict

LIMIT = 100
Op = dict[str, Any]


def run(hands: list[dict[str, Any]], op: Op) -> list[dict[str, Any]]:
    """The hand list after one operation."""
    out = list(hands)
    index = int(op["index"])
    if op["op"] == "add":
        out.insert(index, op["hand"])
    elif op["op"] == "edit":
        out[index] = op["after"]
    elif op["op"] == "delete":
        del out[index]
    else:
        raise ValueError(f"unknown change {op['op']!r}")
    return out


def inverse(op: Op) -> Op:
    """The operation that takes a change back.

    >>> inverse({"op": "delete", "index": 2, "hand": {"redeal": True}})
    {'op': 'add', 'index': 2, 'hand': {'redeal': True}}
    """
    index = op["index"]
    if op["op"] == "add":
        return {"op": "delete", "index": index, "hand": op["hand"]}
    if op["op"] == "delete":
        return {"op": "add", "index": index, "hand": op["hand"]}
    return {"op": "edit", "index": index, "before": op["after"], "after": op["before"]}


def _capped(ops: list[Op]) -> list[Op]:
    return ops[-LIMIT:]


def _bump(game: GameDict, hands: list[dict[str, Any]], **meta: Any) -> GameDict:
    """The game with new hands (its ``rev`` is set when it is stored: ``actions._put``)."""
    return {**game, **meta, "hands": hands}


def apply_change(game: GameDict, op: Op, now: str = "") -> GameDict:
    """Do a new change: it goes on the undo list and clears the redo list."""
    undo_ops = _capped([*game.get("undo", []), op])
    changed = _bump(
        game, run(game["hands"], op), undo=undo_ops, redo=[], updated=now or game.get("updated", "")
    )
    return changelog.with_entry(changed, changelog.change_entry(op, now), game["hands"])


def can_undo(game: GameDict) -> bool:
    """Whether ↶ has something to take back."""
    return bool(game.get("undo"))


def can_redo(game: GameDict) -> bool:
    """Whether ↷ has something to do again."""
    return bool(game.get("redo"))


def undo(game: GameDict, now: str = "") -> GameDict:
    """Take back the newest change (no change when there is none)."""
    ops = list(game.get("undo", []))
    if not ops:
        return game
    op = ops.pop()
    redo_ops = _capped([*game.get("redo", []), op])
    hands = run(game["hands"], inverse(op))
    changed = _bump(game, hands, undo=ops, redo=redo_ops, updated=now or game.get("updated", ""))
    return changelog.with_entry(changed, changelog.step_entry("undo", op, now), game["hands"])


def redo(game: GameDict, now: str = "") -> GameDict:
    """Do again the newest change taken back (no change when there is none)."""
    ops = list(game.get("redo", []))
    if not ops:
        return game
    op = ops.pop()
    undo_ops = _capped([*game.get("undo", []), op])
    hands = run(game["hands"], op)
    changed = _bump(game, hands, undo=undo_ops, redo=ops, updated=now or game.get("updated", ""))
    return changelog.with_entry(changed, changelog.step_entry("redo", op, now), game["hands"])


def number_before(op: Op, number: int) -> int:
    """The number a hand has now, given its 1-based ``number`` once ``op`` is done (a hand
    that ``op`` adds keeps the number it would get).

    >>> number_before({"op": "delete", "index": 2}, 6), number_before({"op": "delete", "index": 2}, 2)
    (7, 2)
    >>> number_before({"op": "add", "index": 2}, 7), number_before({"op": "add", "index": 2}, 3)
    (6, 3)
    """
    index = int(op["index"])
    if op["op"] == "delete" and number > index:
        return number + 1
    if op["op"] == "add" and number > index + 1:
        return number - 1
    return number


def last_op(game: GameDict, which: str) -> Op | None:
    """The change ↶ (``"undo"``) or ↷ (``"redo"``) would act on."""
    ops = game.get(which) or []
    return ops[-1] if ops else None
