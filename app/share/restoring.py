"""A backup planned a batch of games at a time, so that a file of 10,000 games never holds the
page for long: each step reads, compares or checks at most ``size`` games and returns the next
:class:`Planning` (nothing here reads a clock: the page sizes the batches from how long the last
one took, app/browser/shell.py).

The phases, in order:

- ``reading``: the file's text, one game at a time (``json`` parses each game's text alone, in a
  window whose nesting was measured first), or all in one call when it is at most ``whole``
  characters (:data:`WHOLE`); the settings and the format are read on the way.
  More than ``MAX_GAMES`` games are counted, not kept, and refused before any game is checked;
- ``comparing``: the games here, each by its content digest (``backup.here_of``: kept, or worked
  out by a replay, which counts toward a step's size as :data:`LOOKUPS_PER_REPLAY` kept ones);
- ``checking``: each game of the backup through the one reader (``backup.read_games``) and placed
  (``backup.Places``): added, kept twice, already here or twice in the file; a step's size
  counts games of :data:`HANDS_A_GAME` hands;
- ``planned``: :attr:`Planning.plan` is the :class:`~app.share.backup.RestorePlan`.

A small file's text is parsed when it is opened (:func:`start_planning` is given the parsed
backup). Read a game at a time (``whole=0``):

>>> from app.share.backup import make_backup
>>> games = {f"g{n}": {"id": f"g{n}", "players": ["A", "B"], "hands": []} for n in range(5)}
>>> planning = start_planning(make_backup(games, {}, "2026-12-01"), {"g0": games["g0"]}, whole=0)
>>> steps = 0
>>> while planning.phase != "planned":
...     planning, steps = plan_step(planning, 2, iter(["n1"])), steps + 1
>>> [g["id"] for g in planning.plan.add], planning.plan.same, steps
(['g1', 'g2', 'g3', 'g4'], ['g0'], 5)
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from app.jsonlimits import nesting_depth
from app.share import inbound
from app.share.backup import (
    BACKUP_FORMAT,
    BACKUP_PREFIX,
    MAX_GAMES,
    BackupError,
    BadGame,
    GameDict,
    Here,
    Places,
    RestorePlan,
    here_of,
    is_backup,
    lasting_settings,
    made_of,
    read_games,
)
from app.share.limits import DECODER, LimitError, bad_number, read_json, utf8_checked
from app.share.link import digest_kept, game_digest

Phase = Literal["reading", "comparing", "checking", "planned"]
MAX_DEPTH = 32
"""How deep a backup's text may nest (``app.share.files.MAX_DEPTH``): a game sits two levels
down (the file's object, its list of games)."""
WHOLE = 1_000_000
"""Longest text read in one call (a few tens of milliseconds on a phone), in the planning's first
step; a longer backup is read a game at a time."""
WINDOW = 4096
"""The fewest characters parsed at once while reading (a typical game is about 1,600)."""

HANDS_A_GAME = 30
"""What a checking step's ``size`` counts in: games of this many hands (a game's own keys cost
as much as :data:`KEYS_AS_HANDS` hands more), so that a step of a backup of 5,000-hand games
checks one game, not ``size`` of them (under Pyodide at 1x a game of 5,000 hands took 7.5 ms to
check, one of 30 hands 0.12)."""
KEYS_AS_HANDS = 10

LOOKUPS_PER_REPLAY = 16
"""How many games here whose digest is kept a comparing step takes for one whose digest it works
out (under Pyodide at 1x a look-up took 0.5 µs, a 30-hand game's replay for it 0.3 ms)."""

_SPACE = re.compile(r"[ \t\n\r]*")


class NotABackup(ValueError):
    """The text read is not a backup (no ``debertz-backup/`` format, or no list of games):
    it is read as any other file (``app.share.files.read_file``, or ``read_value`` of
    ``value``, the text's JSON value when it was parsed whole, else None)."""

    def __init__(self, kind: str, value: object = None) -> None:
        super().__init__(kind)
        self.value = value


class _Bad(ValueError):
    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index


@dataclass(frozen=True)
class Planning:
    """A backup on its way to a restore plan (see the module's docstring for the phases).

    ``text`` is the file's text while it is read (``pos`` where the reader is, ``where``:
    ``start``, ``head`` (the file's own keys), ``games`` (in its list of games), ``end``);
    ``head`` the file's keys read so far but the games (a text of at most ``whole`` characters is
    parsed in one call instead); ``raw`` the games read, not yet checked
    (``found`` counts every game of the file, beyond ``MAX_GAMES`` too); ``here`` the ids of the
    games here and ``compared`` how many of them were compared (``seen``); ``checked`` how many
    of ``raw`` were checked; ``places`` where each goes; ``add``, ``copies``, ``same``,
    ``twice``, ``bad`` what the plan says so far, ``digests`` the content digest of each game to write whose
    place needed it (by the id it is written under; :class:`~app.share.backup.Places`).
    """

    phase: Phase
    text: str = ""
    pos: int = 0
    where: str = "start"
    head: dict[str, Any] = field(default_factory=dict)
    raw: tuple[Any, ...] = ()
    found: int = 0
    width: int = 2048
    whole: int = 0
    local: Mapping[str, GameDict] = field(default_factory=dict)
    here: tuple[str, ...] = ()
    compared: int = 0
    seen: tuple[Here, ...] = ()
    places: Places | None = None
    checked: int = 0
    add: tuple[GameDict, ...] = ()
    copies: tuple[GameDict, ...] = ()
    same: tuple[str, ...] = ()
    twice: tuple[str, ...] = ()
    bad: tuple[BadGame, ...] = ()
    digests: dict[str, str | None] = field(default_factory=dict)

    @property
    def done(self) -> int:
        """How far the current phase is: characters read, games compared or checked."""
        return {"reading": self.pos, "comparing": self.compared}.get(self.phase, self.checked)

    @property
    def total(self) -> int:
        """What the current phase goes through (``done`` of ``total``)."""
        return {"reading": len(self.text), "comparing": len(self.here)}.get(
            self.phase, len(self.raw)
        )

    @property
    def plan(self) -> RestorePlan:
        """The restore plan (complete once the phase is ``planned``)."""
        settings, dropped = inbound.read_settings(self.head.get("settings"))
        return RestorePlan(made_of(self.head), list(self.add), list(self.copies),
                           list(self.same), list(self.bad), lasting_settings(settings), dropped,
                           list(self.twice))


def start_planning(
    backup: str | Mapping[str, Any], local: Mapping[str, GameDict], whole: int = WHOLE
) -> Planning:
    """The planning of a backup: its text, read in its first step (a game at a time when
    longer than ``whole``), or the backup as parsed (a small file: then its format and count
    are checked now). ``local``: the games here."""
    if isinstance(backup, str):
        return Planning("reading", text=backup, local=local, whole=whole)
    games = backup.get("games")
    if not isinstance(games, list):
        _check_format(backup)
        raise BackupError("not_backup", {}, "it has no list of games")
    head = {key: value for key, value in backup.items() if key != "games"} | {"games": True}
    start = Planning("reading", head=head, raw=tuple(games), found=len(games), local=local)
    return _read_all(start)


def plan_step(planning: Planning, size: int, ids: Iterator[str]) -> Planning:
    """The planning after one more batch of at most ``size`` games (``ids``: fresh game ids).
    Raises :class:`BackupError` or :class:`~app.share.limits.LimitError` for a file that
    cannot be restored at all."""
    size = max(1, size)
    if planning.phase == "reading":
        return _read(planning, size)
    if planning.phase == "comparing":
        return _compare(planning, size)
    if planning.phase == "checking":
        return _check(planning, size, ids)
    return planning


# --- reading --------------------------------------------------------------------------------


def _read(planning: Planning, size: int) -> Planning:
    text, pos, where = planning.text, planning.pos, planning.where
    if where == "start" and len(text) <= planning.whole:
        return _read_whole(text, planning.local)
    head = dict(planning.head)
    raw, found, width = list(planning.raw), planning.found, planning.width
    if where == "start":
        pos = _skip(text, 0)
        if text[pos : pos + 1] != "{":
            raise _not_json(text, pos, "a backup is a JSON object")
        pos, where = _skip(text, pos + 1), "head"
        if text[pos : pos + 1] == "}":
            pos, where = pos + 1, "end"
    batch = False
    while where == "head" or (where == "games" and not batch):
        if where == "head":
            pos, where, again = _key_value(text, pos, head)
            if again:  # the list of games given twice: the last one counts, as when parsed at once
                raw, found = [], 0
            if where == "games":
                _check_format(head)
            continue
        # from the next game's first character: a window may have ended right after a comma
        values, pos, closed = _items(text, _skip(text, pos), size, width)
        batch = True
        if values:
            width = max(256, (width + (pos - planning.pos) // len(values)) // 2)
        room = max(0, MAX_GAMES - found)
        raw.extend(values[:room])  # beyond the limit, games are only counted
        found += len(values)
        if closed:
            pos, where = _after_value(text, _skip(text, pos))
    if where == "end" and _skip(text, pos) < len(text):
        raise _not_json(text, _skip(text, pos), "Extra data")
    read = dataclasses.replace(planning, pos=pos if where != "end" else len(text), where=where,
                               head=head, raw=tuple(raw), found=found, width=width)
    return _read_all(dataclasses.replace(read, text="")) if where == "end" else read


def _read_whole(text: str, local: Mapping[str, GameDict]) -> Planning:
    """A text short enough to be parsed in one call: the backup it holds, planned as parsed.

    >>> _read_whole('{"format": "debertz-backup/1", "games": []}', {}).phase
    'comparing'
    >>> _read_whole('{"format": "debertz/1", "hands": []}', {})
    Traceback (most recent call last):
    ...
    app.share.restoring.NotABackup: debertz/1
    """
    backup = read_json(text, len(text), MAX_DEPTH)
    if not is_backup(backup):
        kind = str(backup.get("format", "")) if isinstance(backup, dict) else ""
        raise NotABackup(kind, backup)
    return start_planning(backup, local)


def _read_all(planning: Planning) -> Planning:
    """The file is read: refuse it (its format, its number of games), or go on to compare."""
    kind = str(planning.head.get("format", ""))
    if not kind.startswith(BACKUP_PREFIX):
        raise NotABackup(kind)
    _check_format(planning.head)
    if planning.head.get("games") is not True:
        raise BackupError("not_backup", {}, "it has no list of games")
    if planning.found > MAX_GAMES:
        raise BackupError("too_many_games", {"count": planning.found, "max": MAX_GAMES},
                          f"{planning.found} games, more than {MAX_GAMES}")
    here = tuple(sorted(planning.local))
    return dataclasses.replace(planning, phase="comparing", here=here, where="end",
                               head={k: v for k, v in planning.head.items() if k != "games"})


def _check_format(head: Mapping[str, Any]) -> None:
    """A backup of a later format is refused as soon as its list of games opens."""
    kind = str(head.get("format", ""))
    if kind.startswith(BACKUP_PREFIX) and kind != BACKUP_FORMAT:
        raise BackupError("newer_backup", {"format": kind}, f"made by a newer version ({kind})")


def _key_value(text: str, pos: int, head: dict[str, Any]) -> tuple[int, str, bool]:
    """Read one ``"key": value`` of the file's object at ``pos`` into ``head`` (the games'
    list is only opened: ``games``); where the reader is then, and whether a list of games
    read before is to be forgotten (the key given again: the last one counts, as in Python's
    parser)."""
    if text[pos : pos + 1] != '"':
        raise _not_json(text, pos, "Expecting property name enclosed in double quotes")
    key, pos = _value(text, pos, 1)
    pos = _skip(text, pos)
    if text[pos : pos + 1] != ":":
        raise _not_json(text, pos, "Expecting ':' delimiter")
    pos = _skip(text, pos + 1)
    again = key == "games" and "games" in head
    if key == "games" and text[pos : pos + 1] == "[":
        head["games"] = True  # seen (its games are in ``raw``)
        pos = _skip(text, pos + 1)
        if text[pos : pos + 1] == "]":
            return (*_after_value(text, _skip(text, pos + 1)), again)
        return pos, "games", again
    head[str(key)], pos = _value(text, pos, 1)
    return (*_after_value(text, _skip(text, pos)), again)


def _after_value(text: str, pos: int) -> tuple[int, str]:
    mark = text[pos : pos + 1]
    if mark == ",":
        return _skip(text, pos + 1), "head"
    if mark == "}":
        return pos + 1, "end"
    raise _not_json(text, pos, "Expecting ',' delimiter")


def _value(text: str, pos: int, level: int) -> tuple[Any, int]:
    """One JSON value at ``pos`` (``level`` deep in the file) and where it ends."""
    values, end, _ = _parse(text, pos, 1, WINDOW, level, single=True)
    return values[0], end


def _items(text: str, pos: int, size: int, width: int) -> tuple[list[Any], int, bool]:
    """At most ``size`` games of the list at ``pos``; where the reader is then (after the
    comma, or after the list's ``]``) and whether the list is closed."""
    return _parse(text, pos, size, max(WINDOW, size * width * 5 // 4), 2, single=False)


def _parse(
    text: str, pos: int, count: int, window: int, level: int, single: bool
) -> tuple[list[Any], int, bool]:
    """Parse values from ``pos`` within a window of the text whose nesting is measured first
    (so the recursive parser never sees more than ``MAX_DEPTH`` levels); a value cut by the
    window is parsed again in a larger one."""
    while True:
        end = min(len(text), pos + window)
        part = text[pos:end]
        depth = nesting_depth(part)
        if depth + level > MAX_DEPTH:
            raise LimitError("too_deep", {"depth": depth + level, "max": MAX_DEPTH},
                             f"nested {depth + level} levels deep, more than {MAX_DEPTH}")
        try:
            values, used, closed = _decode(part, count, single, cut=end < len(text))
        except _Bad as bad:
            raise _not_json(text, pos + bad.index, str(bad)) from None
        except ValueError:  # a number no game can hold (limits.DECODER)
            raise bad_number(text, pos) from None
        if values or closed:
            utf8_checked(part[:used], values)
            return values, pos + used, closed
        if end == len(text):
            raise _not_json(text, pos + used, "Expecting value")
        window *= 4


def _decode(part: str, count: int, single: bool, cut: bool) -> tuple[list[Any], int, bool]:
    """The values at the start of ``part`` (each followed by ``,`` or, for a list, ``]``):
    how many characters they took, and whether the list closed. Stops before a value that may
    be cut (it reaches the window's end)."""
    values: list[Any] = []
    used = index = 0
    while len(values) < count:
        try:
            value, after = DECODER.raw_decode(part, index)
        except json.JSONDecodeError as error:
            if cut:
                break
            raise _Bad(error.pos, error.msg) from None
        mark = _skip(part, after)
        if mark >= len(part) and cut:
            break
        if single:
            return [value], after, False
        values.append(value)
        if part[mark : mark + 1] == "]":
            return values, mark + 1, True
        if part[mark : mark + 1] != ",":
            raise _Bad(mark, "Expecting ',' delimiter")
        used = index = _skip(part, mark + 1)
        if part[index : index + 1] == "]":
            raise _Bad(index, "Expecting value")
    return values, used, False


def _skip(text: str, pos: int) -> int:
    found = _SPACE.match(text, pos)
    return found.end() if found is not None else pos


def _not_json(text: str, pos: int, message: str) -> LimitError:
    line = text.count("\n", 0, pos) + 1
    column = pos - text.rfind("\n", 0, pos)
    return LimitError("not_json", {"line": line, "column": column},
                      f"{message}: line {line} column {column} (char {pos})")


# --- comparing with the games here, checking and placing the backup's games ----------------


def _compare(planning: Planning, size: int) -> Planning:
    """The next games here compared: ``size`` of them whose digest must be worked out (a
    replay each), where a game whose digest is kept counts as a :data:`LOOKUPS_PER_REPLAY`th
    (after a start the page works them all out at idle: 300 games took seven small steps)."""
    start, here, local = planning.compared, planning.here, planning.local
    end = _batch_end(start, len(here), size * LOOKUPS_PER_REPLAY,
                     lambda at: 1 if digest_kept(local[here[at]]) else LOOKUPS_PER_REPLAY)
    batch = here[start:end]
    seen = planning.seen + tuple(here_of(gid, local[gid]) for gid in batch)
    compared = start + len(batch)
    if compared < len(planning.here):
        return dataclasses.replace(planning, compared=compared, seen=seen)
    places = Places.of({}, seen)
    return dataclasses.replace(planning, phase="checking", compared=compared, seen=(),
                               places=places, local={})


def _batch_end(start: int, total: int, budget: int, cost: Callable[[int], int]) -> int:
    """Where a step that begins at ``start`` ends: the items from there, each of its ``cost``,
    while ``budget`` lasts (one at least), ``total`` at most.

    >>> _batch_end(0, 10, 5, lambda at: 2), _batch_end(8, 10, 50, lambda at: 1)
    (3, 10)
    """
    end = start
    while end < total and budget > 0:
        budget -= cost(end)
        end += 1
    return end


def _hand_count(game: object) -> int:
    """How many hand records a game of the file lists (0 when it lists none)."""
    hands = game.get("hands") if isinstance(game, dict) else None
    return len(hands) if isinstance(hands, list) else 0


def _check(planning: Planning, size: int, ids: Iterator[str]) -> Planning:
    assert planning.places is not None
    places = planning.places.copy()
    add, copies, bad = list(planning.add), list(planning.copies), list(planning.bad)
    skipped = {"same": list(planning.same), "twice": list(planning.twice)}
    digests = dict(planning.digests)
    start, raw = planning.checked, planning.raw
    end = _batch_end(start, len(raw), size * (HANDS_A_GAME + KEYS_AS_HANDS),
                     lambda at: KEYS_AS_HANDS + _hand_count(raw[at]))
    made = made_of(planning.head)
    for found in read_games(planning.raw[start:end], start + 1):
        if isinstance(found, BadGame):
            bad.append(found)
            continue
        placed = places.place(found[0], found[1], made, ids)
        if isinstance(placed, str):
            skipped[placed].append(str(found[0].get("id")))
            continue
        (copies if placed[1] == "copy" else add).append(placed[0])
        if found[1].known:  # else worked out only if a write finds its id taken meanwhile
            digests[str(placed[0]["id"])] = found[1].value()
    checked = end
    phase: Phase = "planned" if checked == len(planning.raw) else "checking"
    return dataclasses.replace(
        planning, phase=phase, checked=checked, places=places, add=tuple(add),
        copies=tuple(copies), same=tuple(skipped["same"]), twice=tuple(skipped["twice"]),
        bad=tuple(bad), digests=digests, raw=() if phase == "planned" else planning.raw,
    )


# --- writing the plan a batch at a time -------------------------------------------------------


@dataclass(frozen=True)
class Writing:
    """A restore being written: ``plan`` and the digests of the games to write that the plan
    worked out (``digests``; the others are worked out if their id is found taken),
    ``done`` how many of ``plan.games`` had their turn; ``added``, ``copies`` how many were
    written, ``same`` how many were found here when their turn came (another window restored
    them first), ``hands`` the hands written, ``met`` whether another window wrote some first.
    """

    plan: RestorePlan
    digests: dict[str, str | None] = field(default_factory=dict)
    done: int = 0
    added: int = 0
    copies: int = 0
    same: int = 0
    hands: int = 0
    met: bool = False
    ids: tuple[str, ...] = ()
    """The ids the games were written under (kept by the caller once they are written)."""

    @property
    def written(self) -> int:
        """The games written so far (what the progress counts)."""
        return self.added + self.copies

    @property
    def finished(self) -> bool:
        """Whether every game of the plan had its turn."""
        return self.done >= len(self.plan.add) + len(self.plan.copies)


def write_step(
    writing: Writing,
    size: int,
    here: Mapping[str, GameDict],
    digest_here: Callable[[str], str | None],
    ids: Iterator[str],
) -> tuple[Writing, list[GameDict]]:
    """The next batch of at most ``size`` games to write, as the games ``here`` are now: a
    game whose id another window has stored meanwhile is skipped when it is the same
    (``digest_here`` names what is stored) and else written as a copy under a fresh id.

    >>> from app.share.backup import RestorePlan
    >>> plan = RestorePlan("2026-12-01", [{"id": "a", "hands": []}, {"id": "b", "hands": [{}]}],
    ...                    [], [], [], {})
    >>> writing, games = write_step(Writing(plan, {"a": "x", "b": "y"}), 1, {}, str, iter(["n"]))
    >>> [g["id"] for g in games], writing.written, writing.finished
    (['a'], 1, False)
    >>> writing, games = write_step(writing, 5, {"b": {}}, lambda gid: "other", iter(["n"]))
    >>> [(g["id"], g["restored_from"]) for g in games], writing.copies, writing.met
    ([('n', 'b')], 1, True)
    """
    plan = writing.plan
    games = plan.games
    batch = games[writing.done : writing.done + max(1, size)]
    out: list[GameDict] = []
    added, copies, same, hands, met = (writing.added, writing.copies, writing.same,
                                       writing.hands, writing.met)
    for number, game in enumerate(batch, start=writing.done):
        game_id = str(game["id"])
        if game_id in here:
            met = True
            mine = writing.digests[game_id] if game_id in writing.digests else game_digest(game)
            if digest_here(game_id) == mine:
                same += 1
                continue
            fresh = next(i for i in ids if i not in here)
            origin = str(game.get("restored_from", game_id))
            game = {**game, "id": fresh, "restored_from": origin, "restored": plan.made}
            copies += 1
        elif number < len(plan.add):
            added += 1
        else:
            copies += 1
        hands += len(game.get("hands", []))
        out.append(game)
    done = writing.done + len(batch)
    return dataclasses.replace(writing, done=done, added=added, copies=copies, same=same,
                               hands=hands, met=met), out
