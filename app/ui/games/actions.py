"""The games list's actions: a rematch, a game's file, deleting a game and taking it back.

>>> from app.ui.reducer import reduce
>>> from app.ui.state import initial_state
>>> state = initial_state({"g1": {"id": "g1", "players": ["A", "B"], "hands": []}}, {}, [], [])
>>> state, effects = reduce(state, "delete-game", {"id": "g1"})
>>> list(state.games), state.trash["id"], [e.kind for e in effects]
([], 'g1', ['commit', 'focus'])
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import Any

from app import changelog
from app.share.link import GAME_KEYS
from app.storage import Unread
from app.ui import scoring
from app.ui.core import Effect, Handler, Payload, Route, arrived, put, show_screen
from app.ui.setup import draft as setup
from app.ui.state import LIST_PAGE, State


def _rematch(state: State, payload: Payload) -> list[Effect]:
    """A new game of the same players and rules; or, when a rematch of this game is being
    played already (begun, not finished), that one, and a notice says so: a second tap on
    *Rematch*, from the list or the finished game, made another empty game."""
    begun = rematch_begun(state, payload["id"])
    if begun is not None:
        state.screen, state.game_id, state.entry = "game", begun, None
        state.notice = "rematch_begun"
        return [Effect("focus", "new-hand"), Effect("scroll", "top")]
    old = state.games[payload["id"]]
    winner = scoring.sheet(old).winner
    game = setup.rematch(old, winner, payload["new_id"], payload.get("now", ""))
    state.screen, state.game_id, state.entry = "game", game["id"], None
    return [put(state, game), Effect("focus", "new-hand"), Effect("scroll", "top")]


def rematch_begun(state: State, game_id: str) -> str | None:
    """The id of the rematch of ``game_id`` being played (the one changed last, if there are
    several), read from the games' summaries; None when there is none. A rematch has the same
    players: a game from a file or backup that only names ``game_id`` as its ``rematch_of`` is
    not one.

    >>> from app.ui.state import initial_state
    >>> state = initial_state({"g1": {"id": "g1", "players": ["A", "B"], "hands": []},
    ...     "g2": {"id": "g2", "players": ["A", "B"], "hands": [], "rematch_of": "g1"},
    ...     "g3": {"id": "g3", "players": ["A", "C"], "hands": [], "rematch_of": "g2"}},
    ...     {}, [], [])
    >>> rematch_begun(state, "g1"), rematch_begun(state, "g2")
    ('g2', None)
    """
    players = state.games.summary(game_id).get("players")
    begun = [
        (str(card.get("updated", "")), gid)
        for gid in state.games
        if (card := state.games.summary(gid)).get("rematch_of") == game_id
        and card.get("players") == players and not card.get("finished") and "error" not in card
    ]
    return max(begun)[1] if begun else None


def _export_game(state: State, payload: Payload) -> list[Effect]:
    game = state.games[payload["id"]]
    return [Effect("download", file_name(game), scoring.export_text(game))]


_NOT_IN_NAME = re.compile(r"[^\w]+")
"""What a file name leaves out of a player's name (a folder's slash, a colon, quotes, spaces)."""
_STARTED = re.compile(r"(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})", re.ASCII)
NAME_PART = 24
"""The most characters of one player's name in a file name (four of them stay well under the
255 bytes a file name may take)."""


def file_name(game: Mapping[str, Any]) -> str:
    """The name a game's file is offered under: when it started and the players, so that a
    folder of them says which is which (its id when neither is known).

    >>> file_name({"id": "g1", "created": "2026-12-06T14:30:00", "players": ["Оля", "Анна-Марія"]})
    'debertz-2026-12-06-1430-Оля-Анна-Марія.json'
    >>> file_name({"id": "g1", "players": ["A/B", "..", "C: D", "a" * 23 + " b"]})
    'debertz-A-B-C-D-aaaaaaaaaaaaaaaaaaaaaaa.json'
    >>> file_name({"id": "g1", "created": "２０２６-１２-０６T14:30", "players": ["★"]})
    'debertz-g1.json'
    """
    started = _STARTED.match(str(game.get("created", "")))
    parts = [f"{started[1]}-{started[2]}{started[3]}"] if started else []
    players = game.get("players")
    for name in players if isinstance(players, list) else []:
        kept = "-".join(_NOT_IN_NAME.split(unicodedata.normalize("NFC", str(name))))
        kept = kept.strip("-")[:NAME_PART].rstrip("-")
        if kept:
            parts.append(kept)
    return f"debertz-{'-'.join(parts) if parts else game.get('id', 'game')}.json"


def delete_game(state: State, payload: Payload) -> list[Effect]:
    game = state.games.pop(payload["id"])
    state.trash = game
    state.settings["trash"] = game
    state.notice = "game_deleted"
    effects = [Effect("delete_game", game["id"])]
    if state.game_id == game["id"]:
        state.screen, state.game_id, state.entry, state.confirm = "home", None, None, None
    return [*effects, Effect("focus", "restore-game")]


def trash_offered(state: State) -> bool:
    """Whether the game deleted last is offered back: not when a game of its id is here again
    as it was (a backup brought it back); when one is here with other hands (brought back,
    then played on), taking the deleted one back makes it a game of its own.

    >>> from app.ui.reducer import reduce
    >>> from app.ui.state import initial_state
    >>> game = {"id": "g1", "players": ["A", "B"], "hands": []}
    >>> state, _ = reduce(initial_state({"g1": game}, {}, [], []), "delete-game", {"id": "g1"})
    >>> trash_offered(state), trash_offered(initial_state({"g1": game}, {"trash": game}, [], []))
    (True, False)
    """
    trash = state.trash
    if trash is None:
        return False
    try:
        here = state.games.get(str(trash.get("id")))
    except Unread:  # not read yet: offered, as before a backup
        return True
    # the same game again when it is what a link carries of it, compared as stored, not replayed
    # (a replay of one would put the other's out of its cache)
    return here is None or any(here.get(key) != trash.get(key) for key in GAME_KEYS)


def _restore_game(state: State, payload: Payload) -> list[Effect]:
    game = state.trash
    if game is None:
        return []
    offered = trash_offered(state)
    state.trash = None
    state.settings.pop("trash", None)
    if not offered:  # here again as it was: nothing to take back
        return []
    if str(game.get("id")) in state.games:  # its id is taken by the game a backup brought back
        game = {**game, "id": payload["new_id"]}  # and played on since: both kept
    state.notice = "game_restored"  # said, and the focus on its card (it was lost to the page)
    restored = changelog.with_entry(game, changelog.restore_entry("trash", payload.get("now", "")))
    return [put(state, restored), Effect("focus", f"open-{game['id']}")]


def in_list_order(state: State) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The summaries of the games in progress and of the finished ones, each the last changed
    first: the list's order (``state.games_shown`` of them are drawn)."""
    summaries = [state.games.summary(game_id) for game_id in state.games]
    summaries.sort(key=lambda card: str(card.get("updated", "")), reverse=True)
    playing = [card for card in summaries if not card.get("finished")]
    return playing, [card for card in summaries if card.get("finished")]


def _more_games(state: State, payload: Payload) -> list[Effect]:
    """Draw another page of cards in the games list. The focus stays on the button, or, once
    the last page is drawn and the button is gone, goes to the first card drawn now (it fell
    to the screen's title, and the page jumped to its top)."""
    before = max(state.games_shown, LIST_PAGE)
    state.games_shown = before + LIST_PAGE
    playing, finished = in_list_order(state)
    cards = playing + finished
    if len(cards) > state.games_shown or len(cards) <= before:  # (more to come; or a stale
        return [Effect("focus", "more-games")]  # tap, the games deleted elsewhere meanwhile)
    return [Effect("focus", f"open-{cards[before]['id']}")]


HANDLERS: dict[str, Handler] = {
    "more-games": _more_games,
    "rematch": _rematch,
    "export-game": _export_game,
    "delete-game": delete_game,
    "restore-game": _restore_game,
}


def route_home(state: State, parts: list[str], starting: bool) -> list[Effect]:
    """Show the games list (also for an address no screen has)."""
    return arrived(state, show_screen(state, "home"))


ROUTES: dict[str, Route] = {"home": route_home}
