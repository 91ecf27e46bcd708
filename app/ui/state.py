"""The app state: saved games, settings, the open screen and the drafts of the two forms.

The state is plain data. ``reducer.reduce`` makes a new state from an old one; nothing here touches
the page or the store.

>>> state = initial_state({}, {}, [], ["ru-RU", "en"])
>>> state.lang, state.screen
('ru', 'home')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from app.storage import Games
from app.ui.drafts import HandDraft, SetupDraft, read_setup
from app.ui.sharing.state import Transfer

LIST_PAGE = 30
"""Cards the games list draws at first (the most recent games); "more" draws as many again."""
LANGS = ("uk", "ru", "en")
DEFAULT_LANG = "uk"

GameDict = dict[str, Any]
"""A stored game: the engine's ``debertz/1`` object plus the app's keys (``id``, ``rev``...)."""

Screen = Literal["home", "new", "game", "help", "stats", "share", "shared", "rules-in", "import"]
"""The screens: the games list, the new-game form, a game, the help, the statistics, and the
sharing screens (a game's link, a game or rules from a link, a file or backup to import)."""

ConfirmKind = Literal["delete-hand", "delete-game"]
"""What a yes/no question asks about."""


CANCELLED: Final = ("entry_cancelled", "edit_cancelled")
"""The notices of a hand form dropped by Cancel, which offer it back (``State.cancelled``)."""


@dataclass
class Confirm:
    """A question waiting for yes/no: ``kind`` is ``delete-hand`` or ``delete-game``;
    ``hand`` is the record of the hand to delete as it was when asked."""

    kind: ConfirmKind
    index: int = -1
    hand: dict[str, Any] | None = None


@dataclass(frozen=True)
class StatsView:
    """The statistics screen's choices: the period (``all``, ``week``, ``y2026``...) and the
    bounds it gave when picked, the number of players (0 = any), the two players compared."""

    period: str = "all"
    since: str = ""
    until: str = ""
    players: int = 0
    a: str = ""
    b: str = ""


@dataclass(frozen=True)
class Shot:
    """A one-shot action just done (see ``core.ONE_SHOT``): the same action again soon after,
    while the player is still on one of ``screens`` (where it was tapped and where it led), is
    the second tap of a double tap.

    >>> Shot("start-game", 5000, ("new", "game"))
    Shot(action='start-game', ms=5000, screens=('new', 'game'))
    """

    action: str
    ms: int
    """The page's clock when it was tapped, in milliseconds."""
    screens: tuple[Screen, Screen]


@dataclass
class State:
    """Everything the views need to draw the app."""

    lang: str
    games: Games
    """The games by id (``app.storage.Games``: a dict whose stored games are parsed when used;
    ``games.summary(id)`` is what the games list shows)."""
    settings: dict[str, Any]
    problems: list[dict[str, str]] = field(default_factory=list)
    screen: Screen = "home"
    game_id: str | None = None
    setup: SetupDraft | None = None
    entry: HandDraft | None = None
    confirm: Confirm | None = None
    notice: str | None = None
    notice_detail: str = ""
    notice_params: dict[str, Any] = field(default_factory=dict)
    """More values for the notice's text than ``notice_detail`` (named as the text names them)."""
    trash: GameDict | None = None
    cancelled: tuple[str, HandDraft] | None = None
    """The hand form Cancel dropped last, with its game's id: offered back by the notice that
    says so (``restore-entry``), gone with that notice."""
    help_anchor: str | None = None
    chart_open: bool = False
    """The game's folded score chart is open: only then is it drawn (``fold-chart``)."""
    explained: frozenset[tuple[str, int]] = frozenset()
    """The hands whose explanation is open, as (game id, 0-based hand): only those are drawn
    (``explain-hand``)."""
    last_shot: Shot | None = None
    stats: StatsView = field(default_factory=StatsView)
    volatile: bool = False
    """The browser keeps no data for this page: everything lasts while the page is open."""
    unsaved: bool = False
    """The last write failed; its notice has been shown (it is not repeated on every key)."""
    storage_refused: bool = False
    """The browser did not promise to keep the games (``navigator.storage.persist()``)."""
    storage_unasked: bool = False
    """... because it cannot be asked: it has no ``navigator.storage`` (WebKitGTK)."""
    games_shown: int = 0
    """How many cards the games list draws (at least ``LIST_PAGE``)."""
    log_open: bool = False
    """The game's folded change log is open: only then is it drawn (``fold-log``)."""
    transfer: Transfer = field(default_factory=Transfer)
    """What the sharing, import and backup screens show (app/ui/sharing)."""

    @property
    def game(self) -> GameDict | None:
        """The open game's dict, if a game is open."""
        return self.games.get(self.game_id) if self.game_id else None


def last_changed(state: State) -> str | None:
    """The id of the game changed last among those that can be played (None when there is
    none): the one a player most likely opens or shares next.

    >>> games = {"g1": {"id": "g1", "players": ["A", "B"], "hands": [], "updated": "2026-12-01T20:00:00"},
    ...          "g2": {"id": "g2", "players": ["A", "B"], "hands": [], "updated": "2026-12-02T20:00:00"}}
    >>> last_changed(initial_state(games, {}, [], []))
    'g2'
    """
    playable = [gid for gid in state.games if "error" not in state.games.summary(gid)]
    if not playable:
        return None
    return max(playable, key=lambda gid: str(state.games.summary(gid).get("updated", "")))


def pick_lang(preferred: list[str]) -> str:
    """The first supported language among the browser's, else Ukrainian.

    >>> pick_lang(["de-DE", "en-GB", "uk"])
    'en'
    >>> pick_lang([])
    'uk'
    """
    for tag in preferred:
        code = tag.split("-")[0].lower()
        if code in LANGS:
            return code
        if code == "be":
            return "ru"
    return DEFAULT_LANG


def initial_state(
    games: Mapping[str, GameDict],
    settings: dict[str, Any],
    problems: list[dict[str, str]],
    browser_langs: list[str],
) -> State:
    """The state right after loading: the saved language, else the browser's. A kept new-game
    form that cannot be read is not used; the start's route drops it from the settings and says
    so once (``setup.draft.drop_unreadable``)."""
    saved = settings.get("lang")
    lang = saved if saved in LANGS else pick_lang(browser_langs)
    trash = settings.get("trash")
    return State(
        lang=lang,
        games=games.copy() if isinstance(games, Games) else Games(games),
        settings=dict(settings),
        problems=list(problems),
        trash=trash if isinstance(trash, dict) else None,
        setup=_saved_setup(settings.get("setup")),
    )


def _saved_setup(saved: object) -> SetupDraft | None:
    """The new-game form as it was left (None when there is none or it cannot be read).

    >>> _saved_setup({"count": 3, "names": ["Оля", "", "", ""], "options": {"eggs": "hang"}}).count
    3
    >>> _saved_setup({"count": "many"}) is None
    True
    """
    draft = read_setup(saved)
    return draft if draft is not None and draft.options else None
