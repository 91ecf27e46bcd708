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
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from app import engine
from app.ids import is_safe_id
from app.share import inbound
from app.share.errors import ShareError
from app.share.link import content_digest, doc_of, game_digest

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


@dataclass(frozen=True)
class Backup:
    """A backup as read: when it was made, its readable games, its settings (checked: only
    those a backup may bring), what was refused, and the settings left out (``dropped``)."""

    made: str
    games: list[GameDict]
    settings: dict[str, Any]
    bad: list[BadGame] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    digests: list[str | None] = field(default_factory=list)
    """The content digest of each game in ``games`` (computed while reading; may be empty)."""


@dataclass(frozen=True)
class RestorePlan:
    """What restoring a backup does: ``add`` (games new here, own ids), ``copies`` (kept twice:
    the backup's version under a new id), ``same`` (ids already here unchanged, skipped),
    ``bad`` (refused), ``settings`` (the backup's lasting settings: they fill only what is not
    set here, see :func:`merge_settings`), ``dropped`` (its settings left out: unknown here or
    not valid). A game whose id is not safe in an address (``app.ids``) is added under a new
    id, marked ``restored_from`` as a copy is."""

    made: str
    add: list[GameDict]
    copies: list[GameDict]
    same: list[str]
    bad: list[BadGame]
    settings: dict[str, Any]
    dropped: list[str] = field(default_factory=list)

    @property
    def games(self) -> list[GameDict]:
        """Every game the restore writes."""
        return [*self.add, *self.copies]


def make_backup(games: Mapping[str, GameDict], settings: Mapping[str, Any], made: str) -> str:
    """The backup file's text: every game (oldest first) and the lasting settings.

    >>> doc = json.loads(make_backup({"g1": {"id": "g1"}}, {"lang": "en", "entry": {}}, "now"))
    >>> doc["format"], [g["id"] for g in doc["games"]], doc["settings"]
    ('debertz-backup/1', ['g1'], {'lang': 'en'})
    """
    ordered = sorted(games.values(), key=lambda g: (str(g.get("created", "")), str(g.get("id"))))
    doc = {
        "format": BACKUP_FORMAT,
        "made": made,
        "games": ordered,
        "settings": lasting_settings(settings),
    }
    return json.dumps(doc, ensure_ascii=False, indent=1)


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
    digests: list[str | None] = []
    for number, game in enumerate(games, start=1):
        read, problems = inbound.read_game(game)
        if read is None:
            bad.append(_bad_game(number, game, problems))
        else:
            good.append(inbound.checked_history(game))  # a damaged ↶/↷ log never a screen
            digests.append(content_digest(doc_of(read)))
    made = obj.get("made")
    return Backup(made if isinstance(made, str) else "", good, settings, bad, dropped, digests)


def _bad_game(number: int, game: object, problems: list[engine.Problem]) -> BadGame:
    found = game if isinstance(game, dict) else {}
    names = found.get("players")
    players = [str(name) for name in names] if isinstance(names, list) else []
    return BadGame(number, str(found.get("id", "")), players[:4], problems)


def plan_restore(
    local: Mapping[str, GameDict], backup: Backup, ids: Iterator[str]
) -> RestorePlan:
    """What restoring ``backup`` onto the games ``local`` adds; ``ids`` gives fresh game ids.

    >>> here = {"g1": {"id": "g1", "players": ["A", "B"], "hands": []}}
    >>> changed = {"id": "g1", "players": ["A", "B"], "hands": [{"redeal": True}]}
    >>> plan = plan_restore(here, Backup("2026-11-30", [changed], {}), iter(["n1"]))
    >>> [(g["id"], g["restored_from"]) for g in plan.copies]
    [('n1', 'g1')]
    """
    known = {game_id: game_digest(game) for game_id, game in local.items()}
    lineage = {
        (str(game.get("restored_from", game_id)), known[game_id]) for game_id, game in local.items()
    } | {(game_id, digest) for game_id, digest in known.items()}
    taken = set(local)
    add: list[GameDict] = []
    copies: list[GameDict] = []
    same: list[str] = []
    digests = backup.digests if len(backup.digests) == len(backup.games) else []
    for number, game in enumerate(backup.games):
        game_id = game.get("id")
        digest = digests[number] if digests else game_digest(game)
        usable = is_safe_id(game_id)  # "mine/delete" would name another game's address
        if (usable and (game_id, digest) in lineage) or (
            not usable and digest in known.values()
        ):
            same.append(str(game_id))
            continue
        if usable and game_id not in taken:
            add.append(dict(game))
            taken.add(str(game_id))
        else:
            fresh = next(id_ for id_ in ids if id_ not in taken)
            taken.add(fresh)
            origin = game_id if isinstance(game_id, str) else str(game_id)
            renamed = {**game, "id": fresh, "restored_from": origin, "restored": backup.made}
            (copies if usable else add).append(renamed)  # an unsafe id is new here, renamed
        lineage.add((str(game_id), digest))
    settings = lasting_settings(backup.settings)
    return RestorePlan(backup.made, add, copies, same, list(backup.bad), settings,
                       list(backup.dropped))


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
    summary = getattr(games, "summary", None)
    if summary is not None:
        return {game_id: int(summary(game_id).get("hands", 0)) for game_id in games}
    return {game_id: len(game.get("hands", [])) for game_id, game in games.items()}


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
