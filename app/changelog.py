"""A game's change log: every change made to its hands, oldest first, each with its time.

The log is stored in the game dict as ``"log"`` (a key of the app's own, which the engine
ignores), a list of JSON objects. Every entry has ``do`` (its :data:`Kind`) and ``at`` (the
local time it was made, ``2026-12-02T21:03:00``, or ``""`` when unknown)::

    {"do": "start", "at": ...}                              the game was started (no hands)
    {"do": "begin", "from": "earlier", "hands": [...], "at": ...}
                                    the log began on a game that had hands already (a record
                                    kept before changes were logged, a copy from a file or a
                                    link, a log found damaged and dropped: ``from``)
    {"do": "summary", "count": 12, "since": ..., "until": ..., "tally": {"add": 9, ...},
     "hands": [...], "fixed": [[index, count, at], ...], "at": ...}
                                    older entries folded into one (see :func:`bounded`)
    {"do": "add", "index": 4, "hand": {...}, "at": ...}      a hand entered (a redeal, a claim)
    {"do": "edit", "index": 4, "before": {"cards": [90, 72]}, "after": {"cards": [95, 67]}, ...}
                                    a hand corrected: only the fields that changed, old and new
    {"do": "delete", "index": 4, "hand": {...}, "at": ...}   a hand deleted (the hand is kept)
    {"do": "undo", "change": {"do": "edit", ...}, "at": ...}  a change taken back (↶)
    {"do": "redo", "change": {"do": "edit", ...}, "at": ...}  a change done again (↷)
    {"do": "restore", "from": "trash", "at": ...}            the game came back (no hand changes):
                                    from the trash, a backup, a file, a link

Only the first entry may be a ``start``, ``begin`` or ``summary`` (a *base*: the hands the log
starts from). So the log *replays*: its entries applied in order to its base give the game's
hands (:func:`replay`), and every entry is checked as it is applied (a deleted or corrected hand
must be the one there), which is how a log from outside is checked (:func:`problem`).

>>> game = {"hands": [], "log": started("2026-12-02T21:00:00")}
>>> game = with_entry(game, change_entry({"op": "add", "index": 0, "hand": {"taker": 0, "cards": [90, 72]}},
...                                      "2026-12-02T21:02:00"))
>>> game["hands"] = [{"taker": 0, "cards": [95, 67]}]
>>> edit = change_entry({"op": "edit", "index": 0, "before": {"taker": 0, "cards": [90, 72]},
...                      "after": {"taker": 0, "cards": [95, 67]}}, "2026-12-02T21:03:00")
>>> edit["before"], edit["after"]
({'cards': [90, 72]}, {'cards': [95, 67]})
>>> game = with_entry(game, edit)
>>> replay(game["log"]) == game["hands"], [entry["do"] for entry in game["log"]]
(True, ['start', 'add', 'edit'])
>>> corrections(game["log"])
[Mark(count=1, at='2026-12-02T21:03:00')]
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, get_args

LOG_KEY: Final = "log"
"""The key of the game dict that holds its log."""
LIMIT: Final = 200
"""Most entries a log holds; one more folds the oldest into a summary (:func:`bounded`)."""
KEEP: Final = 150
"""Entries a fold leaves, the summary first (so that a fold is not made at every change)."""
MAX_TIME: Final = 40
"""Longest ``at`` read from outside (a local ISO time is 19 characters)."""

Kind = Literal["start", "begin", "summary", "add", "edit", "delete", "undo", "redo", "restore"]
"""What an entry records (see the module's docstring)."""
KINDS: Final[tuple[Kind, ...]] = get_args(Kind)
BASES: Final = ("start", "begin", "summary")
"""The kinds of a log's first entry: the hands it starts from."""
CHANGES: Final = ("add", "edit", "delete")
"""The kinds that change the hands (an undo or redo carries one of them)."""
BEGUN_FROM: Final = ("earlier", "file", "link", "damaged")
"""Why a log began on hands already there: a record kept before changes were logged, a copy
saved from a file or a link, a stored or received log that did not replay (dropped)."""
RESTORED_FROM: Final = ("trash", "backup", "file", "link")
"""Where a game came back from (a ``restore`` entry)."""

Entry = dict[str, Any]
"""One entry of a log, as stored (JSON)."""
Hands = list[dict[str, Any]]
_ABSENT: Final = object()


class LogError(ValueError):
    """A log that does not replay: the message names the entry (1-based) and what is wrong.

    >>> replay([{"do": "start", "at": ""}, {"do": "delete", "index": 0, "hand": {}, "at": ""}])
    Traceback (most recent call last):
    ...
    app.changelog.LogError: entry 2: there is no hand 1 to delete
    """


@dataclass(frozen=True)
class Mark:
    """A hand corrected since it was entered: how many corrections stand (an undone one is
    taken off) and the time of the last."""

    count: int
    at: str


# --- making entries -------------------------------------------------------------------------


def started(at: str) -> list[Entry]:
    """The log of a game just started.

    >>> started("2026-12-02T21:00:00")
    [{'do': 'start', 'at': '2026-12-02T21:00:00'}]
    """
    return [{"do": "start", "at": at}]


def begun(hands: Sequence[Mapping[str, Any]], why: str, at: str) -> list[Entry]:
    """The log of a game whose hands were there before its log (``why``: :data:`BEGUN_FROM`).

    >>> begun([{"redeal": True}], "link", "2026-12-02T21:00:00")
    [{'do': 'begin', 'from': 'link', 'hands': [{'redeal': True}], 'at': '2026-12-02T21:00:00'}]
    """
    return [{"do": "begin", "from": why, "hands": [dict(hand) for hand in hands], "at": at}]


def change_entry(op: Mapping[str, Any], at: str = "") -> Entry:
    """The entry of one change of the undo history (app/ui/history.py's ``op``): an ``edit``
    keeps only the fields that changed (a field absent on one side is left out of it).

    >>> change_entry({"op": "edit", "index": 2, "before": {"taker": 0, "bella": 1},
    ...               "after": {"taker": 1}})
    {'do': 'edit', 'index': 2, 'before': {'taker': 0, 'bella': 1}, 'after': {'taker': 1}, 'at': ''}
    """
    kind, index = op["op"], int(op["index"])
    if kind == "edit":
        before, after = changed_fields(op["before"], op["after"])
        return {"do": "edit", "index": index, "before": before, "after": after, "at": at}
    if kind not in ("add", "delete"):
        raise ValueError(f"unknown change {kind!r}")
    return {"do": kind, "index": index, "hand": dict(op["hand"]), "at": at}


def step_entry(kind: Literal["undo", "redo"], op: Mapping[str, Any], at: str = "") -> Entry:
    """The entry of ↶ (``undo``) or ↷ (``redo``) of the history's change ``op``: the change
    as first made (an undo replays as its inverse).

    >>> step_entry("undo", {"op": "add", "index": 0, "hand": {"redeal": True}}, "21:05")
    {'do': 'undo', 'change': {'do': 'add', 'index': 0, 'hand': {'redeal': True}}, 'at': '21:05'}
    """
    change = change_entry(op)
    del change["at"]
    return {"do": kind, "change": change, "at": at}


def restore_entry(where: str, at: str) -> Entry:
    """The entry of a game come back (``where``: :data:`RESTORED_FROM`).

    >>> restore_entry("trash", "")
    {'do': 'restore', 'from': 'trash', 'at': ''}
    """
    if where not in RESTORED_FROM:
        raise ValueError(f"unknown place {where!r}")
    return {"do": "restore", "from": where, "at": at}


def changed_fields(before: Mapping[str, Any], after: Mapping[str, Any]) -> tuple[Entry, Entry]:
    """The fields of a hand record that differ: their old values and their new ones.

    >>> changed_fields({"taker": 0, "cards": [90, 72]}, {"taker": 0, "cards": [95, 67], "bella": 0})
    ({'cards': [90, 72]}, {'cards': [95, 67], 'bella': 0})
    """
    keys = [*before, *(key for key in after if key not in before)]
    old = {k: before[k] for k in keys if k in before and before.get(k) != after.get(k, _ABSENT)}
    new = {k: after[k] for k in keys if k in after and after.get(k) != before.get(k, _ABSENT)}
    return old, new


# --- a game's log ---------------------------------------------------------------------------


def log_of(game: Mapping[str, Any]) -> list[Entry]:
    """The game's log (empty for a game stored before changes were logged).

    >>> log_of({"hands": []}), log_of({"log": started("")})[0]["do"]
    ([], 'start')
    """
    log = game.get(LOG_KEY)
    return log if isinstance(log, list) else []


def with_entry(game: Mapping[str, Any], entry: Entry, hands_before: Hands | None = None) -> dict[str, Any]:
    """The game with ``entry`` at the end of its log, kept within :data:`LIMIT`. A game
    without a log begins one from ``hands_before`` (the hands before this change; the game's own
    when not given).

    >>> game = with_entry({"hands": [{"redeal": True}]}, restore_entry("trash", "21:09"))
    >>> [entry["do"] for entry in game["log"]], game["log"][0]["from"]
    (['begin', 'restore'], 'earlier')
    """
    log = log_of(game)
    if not log:
        log = begun(game.get("hands", []) if hands_before is None else hands_before, "earlier", "")
    return {**game, LOG_KEY: bounded([*log, entry])}


def dropped_here(game: Mapping[str, Any]) -> bool:
    """Whether the game's log is only the entry saying that its earlier log was dropped (just
    found damaged: nothing has changed since).

    >>> dropped_here({"log": begun([], "damaged", "")}), dropped_here({"log": started("")})
    (True, False)
    """
    log = log_of(game)
    return len(log) == 1 and log[0].get("do") == "begin" and log[0].get("from") == "damaged"


# --- replaying ------------------------------------------------------------------------------


def replay(log: Sequence[Entry]) -> Hands:
    """The hands a log leaves: its base with every entry applied in turn (:class:`LogError`
    when an entry does not apply).

    >>> replay(begun([{"redeal": True}], "file", "") + [step_entry("undo", {"op": "add", "index": 0,
    ...        "hand": {"redeal": True}})])
    []
    """
    return _Replay(log).hands


def corrections(log: Sequence[Entry]) -> list[Mark | None]:
    """For each hand the log leaves, its :class:`Mark` when it stands corrected (an edit not
    undone), else None. A hand deleted and brought back keeps its mark.

    >>> log = started("") + [change_entry({"op": "add", "index": 0, "hand": {"taker": 0}}),
    ...     change_entry({"op": "edit", "index": 0, "before": {"taker": 0}, "after": {"taker": 1}}, "t1")]
    >>> corrections(log), corrections([*log, step_entry("undo", {"op": "edit", "index": 0,
    ...     "before": {"taker": 0}, "after": {"taker": 1}}, "t2")])
    ([Mark(count=1, at='t1')], [None])
    """
    return _Replay(log).marks


def problem(log: object, hands: object) -> str | None:
    """What is wrong with a log from outside (a file, a backup, a stored record), or None when
    it may be kept: a list of at most :data:`LIMIT` well-formed entries that replays to ``hands``.

    >>> hands = [{"redeal": True}]
    >>> problem(begun(hands, "file", ""), hands) is None
    True
    >>> problem(started(""), hands)
    'it does not lead to the hands of the game'
    >>> problem([{"do": "add"}], [])
    'entry 1: only a start can begin a log'
    """
    if not isinstance(log, list):
        return "it is not a list"
    if not 1 <= len(log) <= LIMIT:
        return f"it has {len(log)} entries, not 1 to {LIMIT}"
    try:
        replayed = replay(log)
    except LogError as error:
        return str(error)
    return None if replayed == hands else "it does not lead to the hands of the game"


class _Replay:
    """A log applied entry by entry: the hands and, beside them, each hand's mark."""

    def __init__(self, log: Sequence[Entry]) -> None:
        self.hands: Hands = []
        self.marks: list[Mark | None] = []
        self.gone: dict[tuple[int, str], Mark | None] = {}  # marks of hands taken out, to put back
        for number, entry in enumerate(log, start=1):
            try:
                self.apply(entry, number == 1)
            except LogError as error:
                raise LogError(f"entry {number}: {error}") from None

    def apply(self, entry: object, first: bool) -> None:
        if not isinstance(entry, dict) or entry.get("do") not in KINDS:
            raise LogError("not an entry of a change log")
        at = entry.get("at", "")
        if not isinstance(at, str) or len(at) > MAX_TIME:
            raise LogError("its time is not a time")
        kind = entry["do"]
        if (kind in BASES) != first:
            raise LogError("only a start can begin a log" if first else f"a {kind} inside a log")
        if kind in BASES:
            self.base(entry)
        elif kind in CHANGES:
            self.change(entry, at, 1)
        elif kind in ("undo", "redo"):
            change = entry.get("change")
            if not isinstance(change, dict) or change.get("do") not in CHANGES:
                raise LogError(f"the {kind} names no change")
            self.change(inverse(change) if kind == "undo" else change, at, -1 if kind == "undo" else 1)
        elif entry.get("from") not in RESTORED_FROM:
            raise LogError("it says from nowhere known")

    def base(self, entry: Entry) -> None:
        hands = entry.get("hands", [])
        if entry["do"] == "start" and hands:
            raise LogError("a start has no hands")
        if entry["do"] == "begin" and entry.get("from") not in BEGUN_FROM:
            raise LogError("it says from nowhere known")
        if entry["do"] == "summary" and not _summary_shape(entry):
            raise LogError("the summary is not one")
        if not isinstance(hands, list) or not all(isinstance(hand, dict) for hand in hands):
            raise LogError("its hands are not hand records")
        self.hands = [dict(hand) for hand in hands]
        self.marks = [None] * len(hands)
        for index, count, at in entry.get("fixed", []) if entry["do"] == "summary" else []:
            if index < len(self.marks) and count > 0:
                self.marks[index] = Mark(count, at)

    def change(self, change: Entry, at: str, step: int) -> None:
        index = change.get("index")
        if type(index) is not int or index < 0:
            raise LogError("its hand number is not one")
        kind = change["do"]
        if kind == "add":
            hand = _hand(change, "hand")
            if index > len(self.hands):
                raise LogError(f"hand {index + 1} cannot be added after {len(self.hands)} hands")
            self.hands.insert(index, hand)
            self.marks.insert(index, self.gone.pop((index, _key(hand)), None))
            return
        if index >= len(self.hands):
            raise LogError(f"there is no hand {index + 1} to {'delete' if kind == 'delete' else 'correct'}")
        if kind == "delete":
            if _hand(change, "hand") != self.hands[index]:
                raise LogError(f"hand {index + 1} is not the hand it deletes")
            self.gone[(index, _key(self.hands[index]))] = self.marks[index]
            del self.hands[index], self.marks[index]
            return
        before, after = _hand(change, "before"), _hand(change, "after")
        current = self.hands[index]
        if any(current.get(key, _ABSENT) != before.get(key, _ABSENT) for key in {*before, *after}):
            raise LogError(f"hand {index + 1} is not the hand it corrects")
        self.hands[index] = {**{k: v for k, v in current.items() if k not in before}, **after}
        self.marks[index] = _marked(self.marks[index], step, at)


def inverse(change: Entry) -> Entry:
    """The change that takes ``change`` back.

    >>> inverse({"do": "edit", "index": 1, "before": {"taker": 0}, "after": {"taker": 1}})
    {'do': 'edit', 'index': 1, 'before': {'taker': 1}, 'after': {'taker': 0}}
    """
    kind = change["do"]
    if kind == "edit":
        return {"do": "edit", "index": change.get("index"), "before": change.get("after"),
                "after": change.get("before")}
    return {**change, "do": "delete" if kind == "add" else "add"}


def _hand(change: Entry, key: str) -> dict[str, Any]:
    value = change.get(key)
    if not isinstance(value, dict):
        raise LogError(f"its {key} is not a hand record")
    return value


def _key(hand: Mapping[str, Any]) -> str:
    return json.dumps(hand, sort_keys=True, ensure_ascii=False)


def _marked(mark: Mark | None, step: int, at: str) -> Mark | None:
    count = (mark.count if mark else 0) + step
    return Mark(count, at) if count > 0 else None


def _is_count(value: object) -> bool:
    return type(value) is int and value >= 0


def _summary_shape(entry: Entry) -> bool:
    times = (entry.get("since"), entry.get("until"))
    tally, fixed = entry.get("tally"), entry.get("fixed", [])
    return (
        _is_count(entry.get("count"))
        and all(isinstance(time, str) and len(time) <= MAX_TIME for time in times)
        and isinstance(tally, dict)
        and all(kind in KINDS and _is_count(n) for kind, n in tally.items())
        and isinstance(fixed, list)
        and all(
            isinstance(item, list) and len(item) == 3 and _is_count(item[0]) and _is_count(item[1])
            and isinstance(item[2], str) and len(item[2]) <= MAX_TIME
            for item in fixed
        )
    )


# --- keeping it bounded ---------------------------------------------------------------------


def bounded(log: list[Entry], limit: int = LIMIT, keep: int = KEEP) -> list[Entry]:
    """The log within ``limit`` entries: when longer, its oldest entries are folded into one
    ``summary`` (the hands they left, how many changes of each kind, from when to when, the
    marks of corrected hands), followed by the newest ``keep - 1``. It replays as before.

    >>> log = started("t0") + [change_entry({"op": "add", "index": n, "hand": {"redeal": True}}, f"t{n + 1}")
    ...                        for n in range(5)]
    >>> short = bounded(log, limit=4, keep=3)
    >>> [entry["do"] for entry in short], short[0]["count"], short[0]["since"], short[0]["until"]
    (['summary', 'add', 'add'], 3, 't0', 't3')
    >>> replay(short) == replay(log), short[0]["tally"]
    (True, {'add': 3})
    """
    if len(log) <= limit:
        return log
    cut = len(log) - (keep - 1)
    folded, rest = log[:cut], log[cut:]
    done = _Replay(folded)
    first = folded[0]
    tally: dict[str, int] = dict(first.get("tally", {})) if first["do"] == "summary" else {}
    for entry in folded[1:]:
        tally[entry["do"]] = tally.get(entry["do"], 0) + 1
    summary: Entry = {
        "do": "summary",
        "count": int(first.get("count", 0)) + len(folded) - 1,
        "since": str(first.get("since", first.get("at", ""))),
        "until": str(folded[-1].get("at", "")),
        "tally": tally,
        "hands": done.hands,
        "fixed": [[index, mark.count, mark.at] for index, mark in enumerate(done.marks) if mark],
        "at": str(folded[-1].get("at", "")),
    }
    return [summary, *rest]
