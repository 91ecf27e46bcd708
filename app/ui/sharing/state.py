"""What the sharing, import and backup screens show (part of the app state, plain data).

>>> Transfer().incoming is None, Transfer(can_share=True).can_share
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from app.share.backup import RestorePlan
from app.share.restoring import Planning, Writing

GameDict = dict[str, Any]


@dataclass(frozen=True)
class Problem:
    """One thing wrong with what came in, translated by the view from ``code`` and ``params``;
    ``hand`` (1-based) and ``field`` say where, as the engine reports them."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)
    hand: int | None = None
    field: str = ""
    message: str = ""


Shared = Literal["game", "rules"]
"""What travels: a game, or a rule set."""

Source = Literal["link", "file"]
"""Where it came from (a game saved from it keeps this as ``received_from``)."""


@dataclass(frozen=True)
class Incoming:
    """A game or a rule set from outside (a link or a file), shown read-only until it is saved.

    ``kind``: ``game`` or ``rules``; ``source``: ``link`` or ``file``; ``doc`` the checked game
    (or rules) when it could be read, else ``error`` (a code) and ``problems``; ``digest`` names
    the game's content; ``key`` is the link's payload or the file's name (what was opened);
    ``existing`` the id of a game here with this content (a copy saved before), if any;
    ``earlier`` the id of a copy here of this game as it was some hands ago (saved from an
    earlier link or file of it), if any, instead; ``log`` the change log a file carried
    (checked), ``log_dropped`` whether the one it carried was dropped.
    """

    kind: Shared
    source: Source
    key: str
    doc: GameDict | None = None
    digest: str = ""
    error: str = ""
    params: dict[str, Any] = field(default_factory=dict)
    problems: tuple[Problem, ...] = ()
    existing: str = ""
    earlier: str = ""
    log: tuple[dict[str, Any], ...] = ()
    log_dropped: bool = False


def game_card(games: Mapping[str, GameDict], game_id: str) -> GameDict:
    """A game's summary (``app.storage.Games``: no stored game is read for it), or the game's
    own dict where the games are plain dicts."""
    summary = getattr(games, "summary", None)
    return summary(game_id) if summary is not None else games[game_id]


def sheet_key(incoming: Incoming) -> str:
    """What keeps the open «чому?» of a game from outside in ``State.explained`` (by its content,
    so that another file or link opens folded; never a game id, which has no colon).

    >>> sheet_key(Incoming("game", "file", "g.json", digest="ab12"))
    'shared:ab12'
    """
    return f"shared:{incoming.digest or incoming.key}"


@dataclass(frozen=True)
class Restored:
    """What a restore did, for the summary: games added, kept twice, already here, refused."""

    added: int
    copies: int
    same: int
    bad: int
    hands: int
    met: bool = False
    """Another window restored some of these games meanwhile (none was written twice)."""
    stopped: int = 0
    """Games not restored because a batch could not be stored (the restore stopped there)."""
    away: bool = False
    """It ended while another screen was shown: the import screen shows it once, when the
    player comes back to it."""
    twice: int = 0
    """Games the file held again (each was restored once)."""


@dataclass(frozen=True)
class Transfer:
    """The sharing part of the state.

    ``base`` is the page's address without its fragment (links start with it); ``can_share``
    whether the browser has the share sheet (``navigator.share``); ``can_open_with`` whether the
    installed app can be opened with a file ("open with", ``launchQueue``); ``sharing`` what the share
    screen shows (``("game", id)`` or ``("rules", "")``); ``incoming`` a game or rule set
    opened from a link or a file; ``restore`` a backup waiting for "restore"; ``restored`` the
    outcome of the last restore; ``file_name`` the file the import screen is about;
    ``planning`` a backup being read and planned a batch at a time, ``writing`` a restore being
    written a batch at a time (``app.share.restoring``), ``digests`` the content digest of
    each game the plan writes.
    """

    base: str = ""
    can_share: bool = False
    can_open_with: bool = False
    sharing: tuple[Shared, str] | None = None
    incoming: Incoming | None = None
    restore: RestorePlan | None = None
    restored: Restored | None = None
    file_name: str = ""
    planning: Planning | None = None
    writing: Writing | None = None
    digests: dict[str, str | None] = field(default_factory=dict)
