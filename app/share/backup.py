"""One file with every game and the settings, and how restoring it merges without losing anything.

A backup is a JSON object ``{"format": "debertz-backup/1", "made": ..., "games": [...],
"settings": {...}}``; each game is stored whole, as the app keeps it (ids, times, undo history).

Restoring never overwrites or deletes a game here:

- a game this device does not have is added under its own id;
- a game that is here already with the same content (same id, or restored from that id
  before) is recognised and skipped;
- a game that is here with the same id but other content (changed on one side or both) is kept
  twice: the backup's version comes in under a new id, marked ``restored_from``.

>>> mine = {"g1": {"id": "g1", "players": ["A", "B"], "hands": []}}
>>> text = make_backup({**mine, "g2": {"id": "g2", "players": ["C", "D"], "hands": []}}, {}, "2026-11-30T03:00:00")
>>> plan = plan_restore(mine, read_backup(json.loads(text)), ids=iter(["n1"]))
>>> [g["id"] for g in plan.add], plan.same, plan.copies
(['g2'], ['g1'], [])
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from app import engine
from app.ids import is_safe_id
from app.share import inbound
from app.share.errors import ShareError
from app.share.link import content_digest, doc_of, game_digest, stored_digest

BACKUP_FORMAT = "debertz-backup/1"
BACKUP_PREFIX = "debertz-backup/"
EPHEMERAL_SETTINGS = tuple(sorted(inbound.NOT_RESTORED))
"""Settings that belong to this moment on this device (the forms as typed, the game just
deleted, the backup record, this browser's storage note) and are neither written into a backup
nor restored from one (app.share.inbound reads a backup's settings)."""
MAX_GAMES = inbound.MAX_GAMES
REMIND_AFTER = 30
"""Hands entered since the last backup after which the games list suggests one (and again after
as many more once the suggestion was put off)."""

GameDict = dict[str, Any]


class BackupError(ShareError):
    """A backup file that cannot be used at all; ``code``: ``newer_backup``, ``not_backup``,
    ``too_many_games`` (more than ``MAX_GAMES``)."""


@dataclass(frozen=True)
class BadGame:
    """A game in the backup that the rules refuse: its place (1-based), id, names, problems."""

    number: int
    game_id: str
    players: list[str]
    problems: list[engine.Problem]
    table: dict[str, Any] | None = None
    """Its players and teams when their names are good (``inbound.table_of``): its problems
    name its sides by them."""


@dataclass(frozen=True)
class Backup:
    """A backup as read: when it was made, its readable games, its settings (checked: only
    those a backup may bring), what was refused, and the settings left out (``dropped``)."""

    made: str
    games: list[GameDict]
    settings: dict[str, Any]
    bad: list[BadGame] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    digests: list[Digest] = field(default_factory=list)
    """The content digest of each game in ``games`` (worked out when first asked; may be
    empty)."""


@dataclass(frozen=True)
class RestorePlan:
    """What restoring a backup does: ``add`` (games new here, own ids), ``copies`` (kept twice:
    the backup's version under a new id), ``same`` (ids already here unchanged, skipped),
    ``bad`` (refused), ``settings`` (the backup's lasting settings: they fill only what is not
    set here, see :func:`merge_settings`), ``dropped`` (its settings left out: unknown here or
    not valid), ``twice`` (games the file holds again, skipped: the first is written). A game
    whose id is not safe in an address (``app.ids``), or another of the file's games took
    first, is added under a new id, marked ``restored_from`` as a copy is."""

    made: str
    add: list[GameDict]
    copies: list[GameDict]
    same: list[str]
    bad: list[BadGame]
    settings: dict[str, Any]
    dropped: list[str] = field(default_factory=list)
    twice: list[str] = field(default_factory=list)

    @property
    def games(self) -> list[GameDict]:
        """Every game the restore writes."""
        return [*self.add, *self.copies]


def make_backup(games: Mapping[str, GameDict], settings: Mapping[str, Any], made: str) -> str:
    """The backup file's text: the lasting settings, then every game (oldest first), one game
    a line in compact JSON (10,000 typical games are about 16 MB; indented, they were 35 MB,
    over the largest file the app reads).

    >>> doc = json.loads(make_backup({"g1": {"id": "g1"}}, {"lang": "en", "entry": {}}, "now"))
    >>> doc["format"], [g["id"] for g in doc["games"]], doc["settings"]
    ('debertz-backup/1', ['g1'], {'lang': 'en'})
    >>> print(make_backup({"g1": {"id": "g1"}, "g2": {"id": "g2"}}, {}, "now"))
    {"format":"debertz-backup/1","made":"now","settings":{},"games":[
    {"id":"g1"},
    {"id":"g2"}
    ]}
    """
    ordered = sorted(games.values(), key=lambda g: (str(g.get("created", "")), str(g.get("id"))))
    head = {"format": BACKUP_FORMAT, "made": made, "settings": lasting_settings(settings)}
    lines = ",\n".join(_compact(game) for game in ordered)
    return f'{_compact(head)[:-1]},"games":[\n{lines}{chr(10) if lines else ""}]}}'


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def lasting_settings(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The settings a backup carries (not the ones of this moment, see EPHEMERAL_SETTINGS)."""
    return {key: value for key, value in settings.items() if key not in EPHEMERAL_SETTINGS}


def is_backup(obj: object) -> bool:
    """Whether a JSON value says it is a backup (of any version).

    >>> is_backup({"format": "debertz-backup/7"}), is_backup({"format": "debertz/1"})
    (True, False)
    """
    return isinstance(obj, dict) and str(obj.get("format", "")).startswith(BACKUP_PREFIX)


def read_backup(obj: Mapping[str, Any]) -> Backup:
    """The games and settings of a backup; a game the rules refuse is listed in ``bad``.

    >>> read_backup({"format": "debertz-backup/2", "games": []})
    Traceback (most recent call last):
    ...
    app.share.backup.BackupError: newer_backup: made by a newer version (debertz-backup/2)
    """
    kind = str(obj.get("format", ""))
    if kind != BACKUP_FORMAT:
        raise BackupError("newer_backup", {"format": kind}, f"made by a newer version ({kind})")
    games = obj.get("games")
    if not isinstance(games, list):
        raise BackupError("not_backup", {}, "it has no list of games")
    if len(games) > MAX_GAMES:
        raise BackupError("too_many_games", {"count": len(games), "max": MAX_GAMES},
                          f"{len(games)} games, more than {MAX_GAMES}")
    settings, dropped = inbound.read_settings(obj.get("settings"))
    good: list[GameDict] = []
    bad: list[BadGame] = []
    digests: list[Digest] = []
    for found in read_games(games):
        if isinstance(found, BadGame):
            bad.append(found)
        else:
            good.append(found[0])
            digests.append(found[1])
    return Backup(made_of(obj), good, settings, bad, dropped, digests)


def made_of(obj: Mapping[str, Any]) -> str:
    """When the backup says it was made, as the app writes it (an ISO date and time); "" when
    it does not say, or says something else (it is shown, and kept as the last backup's time).

    >>> made_of({"made": "2026-12-01T09:00:00"}), made_of({"made": "yesterday"}), made_of({})
    ('2026-12-01T09:00:00', '', '')
    >>> made_of({"made": "20260101"}), made_of({"made": "0001-01-01T00:00:00"})
    ('', '')
    >>> made_of({"made": "2999-12-31T23:59:00"})  # (it stood as the last backup's time)
    ''
    """
    made = obj.get("made")
    return made if inbound.is_stamp(made) else ""


def read_games(
    games: Sequence[object], first: int = 1
) -> list[tuple[GameDict, Digest] | BadGame]:
    """Games of a backup (numbered from ``first``, 1-based), each checked by the one reader
    (or, most of them, seen at once to pass it: ``inbound.reads_plainly``): the game (its ↶/↷
    logs emptied when damaged, a damaged change log begun again) and its content digest
    (worked out when first asked for: a restore needs it only for a game it may have
    already), or why it is refused.

    >>> (game, digest), bad = read_games([{"players": ["A", "B"], "hands": []},
    ...                                   {"players": ["A"], "hands": []}])
    >>> game, digest.value() == game_digest(game), bad.number
    ({'players': ['A', 'B'], 'hands': []}, True, 2)
    """
    plain = inbound.reads_plainly(games)
    return [_read_one(number, game, sure)
            for sure, (number, game) in zip(plain, enumerate(games, start=first))]


def _read_one(number: int, game: object, plain: bool) -> tuple[GameDict, Digest] | BadGame:
    """One game of :func:`read_games` (``plain``: it passes the reader, seen at once)."""
    if plain and isinstance(game, dict):  # its hands are read only if its digest is needed
        return inbound.checked_app_keys(game), Digest(lambda: game_digest(game))
    read, problems = inbound.read_game(game)
    if read is None or not isinstance(game, dict):
        return _bad_game(number, game, problems)
    return inbound.checked_app_keys(game), Digest(lambda: content_digest(doc_of(read)))


class Digest:
    """A game's content digest, worked out at most once, when first asked for (``value``).

    >>> calls = []
    >>> digest = Digest(lambda: calls.append(1) or "d1")
    >>> digest.known, digest.value(), digest.value(), digest.known, len(calls)
    (False, 'd1', 'd1', True, 1)
    """

    __slots__ = ("_make", "_value", "known")

    def __init__(self, make: Callable[[], str | None]) -> None:
        self._make: Callable[[], str | None] | None = make
        self._value: str | None = None
        self.known = False

    def value(self) -> str | None:
        """The digest (worked out now if it was not yet)."""
        if self._make is not None:
            self._value, self._make, self.known = self._make(), None, True
        return self._value


def _bad_game(number: int, game: object, problems: list[engine.Problem]) -> BadGame:
    found = game if isinstance(game, dict) else {}
    names = found.get("players")
    players = [str(name) for name in names] if isinstance(names, list) else []
    return BadGame(number, str(found.get("id", "")), players[:4], problems, inbound.table_of(found))


def plan_restore(
    local: Mapping[str, GameDict], backup: Backup, ids: Iterator[str],
    here: Iterable[Here] | None = None,
) -> RestorePlan:
    """What restoring ``backup`` onto the games ``local`` adds; ``ids`` gives fresh game ids.
    ``here``: the games here as already compared (:func:`here_of`, done a batch at a time by
    ``app.share.restoring``), instead of replaying every game of ``local`` now.

    >>> here = {"g1": {"id": "g1", "players": ["A", "B"], "hands": []}}
    >>> changed = {"id": "g1", "players": ["A", "B"], "hands": [{"redeal": True}]}
    >>> plan = plan_restore(here, Backup("2026-11-30", [changed], {}), iter(["n1"]))
    >>> [(g["id"], g["restored_from"]) for g in plan.copies]
    [('n1', 'g1')]
    """
    places = Places.of(local if here is None else {}, here or ())
    add: list[GameDict] = []
    copies: list[GameDict] = []
    skipped: dict[str, list[str]] = {"same": [], "twice": []}
    digests = backup.digests if len(backup.digests) == len(backup.games) else []
    for number, game in enumerate(backup.games):
        digest = digests[number] if digests else None
        placed = places.place(game, digest, backup.made, ids)
        if isinstance(placed, str):
            skipped[placed].append(str(game.get("id")))
        else:
            (copies if placed[1] == "copy" else add).append(placed[0])
    settings = lasting_settings(backup.settings)
    return RestorePlan(backup.made, add, copies, skipped["same"], list(backup.bad), settings,
                       list(backup.dropped), skipped["twice"])


Here = tuple[str, "str | None", str]
"""A game stored here as a restore compares it: its id, its content digest, the id it was
restored from (its own id when it was not)."""


def here_of(game_id: str, game: Mapping[str, Any]) -> Here:
    """How a restore sees the game stored here as ``game_id`` (its digest: kept per revision,
    ``link.stored_digest``)."""
    return game_id, stored_digest(game), str(game.get("restored_from", game_id))


class Stored(NamedTuple):
    """What the games here bring to :class:`Places`: the ids they take, their (id, digest)
    pairs, their digests."""

    ids: frozenset[str] = frozenset()
    lineage: frozenset[tuple[str, str | None]] = frozenset()
    digests: frozenset[str | None] = frozenset()


@dataclass
class Places:
    """Where each backup game goes, given the games here and those placed so far: the ids
    taken and the (id, digest) pairs known (a game's own id and the id it was restored from).
    :meth:`place` changes it: a planner copies it for each step (:meth:`copy`).

    A game's digest is worked out only when its place depends on it: when its id is among the
    ids known (``named``), or it is not safe (then it is looked for among every digest known).
    A backup game placed without it waits in ``waiting`` (by id) until a later game needs it.
    ``here``: what of these the games here brought (:class:`Stored`), to tell a game here
    already from one the file holds twice.
    """

    known: set[str | None]
    lineage: set[tuple[str, str | None]]
    taken: set[str]
    named: set[str] = field(default_factory=set)
    waiting: dict[str, Digest] = field(default_factory=dict)
    here: Stored = field(default_factory=Stored)

    @classmethod
    def of(cls, local: Mapping[str, GameDict], here: Iterable[Here] = ()) -> Places:
        """The places of the games ``local`` (each replayed for its digest) and ``here``."""
        seen = [*(here_of(game_id, game) for game_id, game in local.items()), *here]
        lineage = {(origin, digest) for _, digest, origin in seen} | {
            (game_id, digest) for game_id, digest, _ in seen
        }
        known = {digest for _, digest, _ in seen}
        taken = {game_id for game_id, _, _ in seen}
        return cls(known, lineage, taken, {game_id for game_id, _ in lineage}, {},
                   Stored(frozenset(taken), frozenset(lineage), frozenset(known)))

    def copy(self) -> Places:
        """An independent copy (a step changes its own)."""
        return Places(set(self.known), set(self.lineage), set(self.taken), set(self.named),
                      dict(self.waiting), self.here)

    def place(
        self, game: GameDict, digest: Digest | None, made: str, ids: Iterator[str]
    ) -> tuple[GameDict, str] | str:
        """The game as it is to be written and how: ``add`` (under its own id, or a fresh
        one when its id is not safe or an earlier game of the file took it) or ``copy`` (a
        fresh id, marked ``restored_from``: a game here has its id); else why it is skipped:
        ``same`` (here already) or ``twice`` (an earlier game of the file is the same).
        ``digest``: the game's content digest (None: worked out from ``game`` if needed).

        >>> places = Places.of({})
        >>> game = {"id": "a", "players": ["A", "B"], "hands": []}
        >>> other = {**game, "hands": [{"redeal": True}]}
        >>> first, again, changed = (places.place(g, None, "", iter(["n1"]))
        ...                          for g in (game, game, other))
        >>> first[1], again, changed[1], changed[0]["id"]
        ('add', 'twice', 'add', 'n1')
        """
        if digest is None:
            digest = Digest(lambda: game_digest(game))
        game_id = game.get("id")
        usable = is_safe_id(game_id)  # "mine/delete" would name another game's address
        if usable and game_id not in self.named:  # its digest decides nothing (yet)
            self.named.add(str(game_id))
            self.waiting[str(game_id)] = digest if digest.known else Digest(
                lambda: game_digest(game))
        else:
            # what it is compared with: a game of the file under its id, or (an unsafe id) all
            for name in [str(game_id)] if usable else list(self.waiting):
                if name in self.waiting:
                    self._learn(name, self.waiting.pop(name).value())
            value = digest.value()
            if usable and (game_id, value) in self.lineage:
                return "same" if (game_id, value) in self.here.lineage else "twice"
            if not usable and value in self.known:
                return "same" if value in self.here.digests else "twice"
            self._learn(str(game_id), value)
        if usable and game_id not in self.taken:
            self.taken.add(str(game_id))
            return dict(game), "add"
        fresh = next(id_ for id_ in ids if id_ not in self.taken)
        self.taken.add(fresh)
        origin = game_id if isinstance(game_id, str) else str(game_id)
        renamed = {**game, "id": fresh, "restored_from": origin, "restored": made}
        # a copy beside a game here with its id; else new here, renamed (an unsafe id, or one
        # an earlier game of the file took)
        return renamed, "copy" if usable and game_id in self.here.ids else "add"

    def _learn(self, game_id: str, digest: str | None) -> None:
        self.lineage.add((game_id, digest))
        self.named.add(game_id)
        self.known.add(digest)


def merge_settings(settings: Mapping[str, Any], plan: RestorePlan) -> dict[str, Any]:
    """The settings after a restore: the backup's settings fill only what is not set here, and
    the restored games count as backed up (their hands are in that file).

    >>> plan = RestorePlan("2026-11-30", [{"id": "g2", "hands": [{}, {}]}], [], [], [], {"lang": "en"})
    >>> merge_settings({"lang": "uk"}, plan)
    {'lang': 'uk', 'backup': {'made': '2026-11-30', 'hands': {'g2': 2}}}
    """
    merged = {**plan.settings, **settings}
    record = backup_record(settings)
    hands = dict(record.get("hands", {}))
    hands.update({str(game["id"]): len(game.get("hands", [])) for game in plan.games})
    made = max(str(record.get("made", "")), plan.made)
    merged["backup"] = {**record, "made": made, "hands": hands}
    return merged


# --- when was the last backup, and is it time for another ---------------------------------


def backup_record(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The backup record kept in the settings: ``made``, ``hands`` (game id -> hands then),
    ``later`` (hands since the backup when its reminder was put off)."""
    record = settings.get("backup")
    if not isinstance(record, dict):
        return {}
    hands = record.get("hands")
    return {**record, "hands": hands if isinstance(hands, dict) else {}}


def hands_since(games: Mapping[str, GameDict], settings: Mapping[str, Any]) -> int:
    """Hands entered since the last backup: in every game, the hands beyond those it had then.

    >>> games = {"g1": {"hands": [{}] * 12}, "g2": {"hands": [{}] * 5}}
    >>> hands_since(games, {"backup": {"made": "x", "hands": {"g1": 10}}})
    7
    """
    counted = backup_record(settings).get("hands", {})
    return sum(
        max(0, hands - int(counted.get(game_id, 0) or 0))
        for game_id, hands in hand_counts(games).items()
    )


def hand_counts(games: Mapping[str, GameDict]) -> dict[str, int]:
    """The number of hands of each game; from the summaries when ``games`` holds them
    (``app.storage.Games``: no stored game is parsed for it).

    >>> hand_counts({"g1": {"hands": [{}, {}]}, "g2": {}})
    {'g1': 2, 'g2': 0}
    """
    return {game_id: hand_count(games, game_id) for game_id in games}


def hand_count(games: Mapping[str, GameDict], game_id: str) -> int:
    """The number of hands of one game of ``games`` (from its summary, as :func:`hand_counts`)."""
    summary = getattr(games, "summary", None)
    if summary is not None:
        return int(summary(game_id).get("hands", 0))
    return len(games[game_id].get("hands", []))


def reminder_due(games: Mapping[str, GameDict], settings: Mapping[str, Any]) -> int:
    """The hands since the last backup when it is time to suggest one, else 0: after
    ``REMIND_AFTER`` hands, and after as many again each time the suggestion is put off.

    >>> games = {"g1": {"hands": [{}] * 31}}
    >>> reminder_due(games, {}), reminder_due(games, {"backup": {"later": 31}})
    (31, 0)
    """
    since = hands_since(games, settings)
    later = int(backup_record(settings).get("later", 0) or 0)
    return since if since >= REMIND_AFTER and since >= later + REMIND_AFTER else 0


def after_backup(
    settings: Mapping[str, Any], games: Mapping[str, GameDict], made: str
) -> dict[str, Any]:
    """The settings once a backup of ``games`` was written at ``made``."""
    return {**settings, "backup": {"made": made, "hands": hand_counts(games)}}


def after_later(settings: Mapping[str, Any], games: Mapping[str, GameDict]) -> dict[str, Any]:
    """The settings once the reminder was put off (it comes back ``REMIND_AFTER`` hands on)."""
    record = backup_record(settings)
    return {**settings, "backup": {**record, "later": hands_since(games, settings)}}
