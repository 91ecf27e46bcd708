"""Addresses and the Back button: every screen and every open layer has a ``#/`` address.

The page's history holds one entry per layer the player opened, so Back closes what is open
(a confirmation, then the hand form, keeping its draft), then goes to the games list, and from
there out of the app::

    #/                      the games list (the bottom of the app's history)
    #/new                   the new-game form
    #/help  #/help/<part>   rules and help
    #/game/<id>             a game's sheet
    #/game/<id>/hand        the form of a new hand       (+ /delete: nothing to delete)
    #/game/<id>/hand/<n>    the form correcting hand n   (+ /delete: "delete hand n?")
    #/game/<id>/delete      "delete this game?"
    #/game/<id>/report      a game's sheet, its report in focus (the address stays #/game/<id>)
    #/stats                 statistics across the games
    #/last                  the game played last (the manifest's "continue" shortcut)
    #/share/<id>            a game's link and QR code        (Back: the game)
    #/share/rules           the new-game form's rules to share (Back: the form)
    #/shared/<payload>      a game from a link, read-only    (Back: the games list)
    #/rules/<payload>       a rule set from a link
    #/import                a file opened in the app, a backup to restore

The sharing screens' addresses are read by app/ui/sharing/actions.py (``ROUTES``).

``address(state)`` is where the state is; ``route(state, hash)`` moves the state to an address;
``plan(trail, wanted, follow)`` says how the page's history reaches ``wanted``. A *trail* is the
list of addresses from the games list to the current entry, kept in each entry's
``history.state`` (app/browser/navigation.py does the browser's part).

>>> from app.ui.state import initial_state
>>> state = initial_state({"g1": {"players": ["A", "B"], "hands": []}}, {}, [], [])
>>> route(state, "#/game/g1/hand")
[('focus', 'entry-title')]
>>> address(state), chain(address(state))
('#/game/g1/hand', ['#/', '#/game/g1', '#/game/g1/hand'])
>>> plan(["#/", "#/game/g1", "#/game/g1/hand"], "#/game/g1", follow=False)
Step(kind='back', steps=1, trail=['#/', '#/game/g1'])
"""

from __future__ import annotations

from typing import Any, NamedTuple

from app.ui import scoring, setup
from app.ui.drafts import read_entry
from app.ui.state import Confirm, GameDict, HandDraft, State

HOME = "#/"
Move = tuple[str, str]
"""What the page does after a move: ``("focus", element id)`` or ``("scroll", "top")``."""


class Step(NamedTuple):
    """How the history reaches an address: ``none``, ``back`` by ``steps`` entries, ``push`` a
    new entry or ``replace`` the current one; ``trail`` is the current entry's trail after it."""

    kind: str
    steps: int
    trail: list[str]


def address(state: State) -> str:
    """The address of what the state shows.

    >>> from app.ui.state import initial_state
    >>> state = initial_state({}, {}, [], [])
    >>> state.screen, state.help_anchor = "help", "presets"
    >>> address(state)
    '#/help/presets'
    """
    if state.screen == "game" and state.game_id is not None:
        place = f"#/game/{state.game_id}"
        if state.entry is not None:
            number = "" if state.entry.index is None else f"/{state.entry.index + 1}"
            place += f"/hand{number}"
        if state.confirm is not None:
            place += "/delete"
        return place
    if state.screen in ("new", "stats"):
        return f"#/{state.screen}"
    if state.screen == "help":
        return "#/help" + (f"/{state.help_anchor}" if state.help_anchor else "")
    return _sharing_address(state) or HOME


def _sharing_address(state: State) -> str | None:
    """The address of a sharing screen (app/ui/sharing), None for any other screen.

    >>> from app.ui.state import initial_state
    >>> state = initial_state({}, {}, [], [])
    >>> state.screen = "import"
    >>> _sharing_address(state)
    '#/import'
    """
    transfer = state.transfer
    incoming = transfer.incoming
    if state.screen == "share" and transfer.sharing is not None:
        what, game_id = transfer.sharing
        return f"#/share/{game_id if what == 'game' else 'rules'}"
    if state.screen in ("shared", "rules-in") and incoming is not None and incoming.source == "link":
        return f"#/{'shared' if state.screen == 'shared' else 'rules'}/{incoming.key}"
    if state.screen == "import":
        return "#/import"
    return None


def parent(place: str) -> str | None:
    """The address Back leads to from ``place`` when nothing else was opened in between.

    >>> parent("#/game/g1/hand/3/delete"), parent("#/game/g1"), parent("#/help/app"), parent("#/")
    ('#/game/g1/hand/3', '#/', '#/', None)
    >>> parent("#/share/g1"), parent("#/share/rules"), parent("#/shared/1AB")
    ('#/game/g1', '#/new', '#/')
    """
    parts = address_parts(place)
    if not parts:
        return None
    if parts[0] == "share" and len(parts) > 1:
        return "#/new" if parts[1] == "rules" else f"#/game/{parts[1]}"
    if parts[0] == "game" and len(parts) > 2:
        if parts[-1] == "delete" or len(parts) == 3:
            return "#/" + "/".join(parts[:-1])
        return "#/" + "/".join(parts[:2])
    return HOME


def chain(place: str) -> list[str]:
    """The addresses from the games list down to ``place``: the history a first visit builds.

    >>> chain("#/")
    ['#/']
    """
    found = [place]
    above = parent(place)
    while above is not None:
        found.insert(0, above)
        above = parent(above)
    return found


def plan(trail: list[str], wanted: str, follow: bool) -> Step:
    """How the history gets from the end of ``trail`` to ``wanted``.

    An address already on the trail is gone back to (Save closes the form as Back would).
    ``follow`` is for a move the browser already made (Back, Forward, an address typed in):
    the entry is only corrected (a game deleted meanwhile, ``#/last``). Otherwise a game
    started from the new-game form takes that form's place (Back from the game never reopens
    a form nobody opened), a part of the help replaces another (Back leaves the help), and
    anything else is a new entry.

    >>> plan(["#/", "#/new"], "#/game/g1", follow=False).kind
    'replace'
    >>> plan(["#/", "#/game/g1"], "#/help", follow=False)
    Step(kind='push', steps=0, trail=['#/', '#/game/g1', '#/help'])
    >>> plan(["#/", "#/game/g1", "#/help"], "#/", follow=False).steps
    2
    """
    current = trail[-1] if trail else HOME
    if wanted == current:
        return Step("none", 0, trail)
    if wanted in trail[:-1]:
        back = len(trail) - 1 - max(i for i, place in enumerate(trail) if place == wanted)
        return Step("back", back, trail[: len(trail) - back])
    if follow:
        return Step("replace", 0, [*trail[:-1], wanted])
    here, there = address_parts(current)[:1], address_parts(wanted)[:1]
    if (here, there) in REPLACES:
        return Step("replace", 0, [*trail[:-1], wanted])
    return Step("push", 0, [*trail, wanted])


REPLACES = (
    (["new"], ["game"]), (["help"], ["help"]), (["shared"], ["game"]), (["rules"], ["new"]),
    (["import"], ["game"]), (["import"], ["shared"]), (["import"], ["rules"]),
)
"""Moves that take the current entry's place: a game started from the form, a part of the help
after another, a game saved from a link or a file (Back from it leads on, not back to the link),
the rules of a link taken into the form, a link read from a file."""


def address_parts(place: str) -> list[str]:
    """The parts of an address.

    >>> address_parts("#/game/g1/hand/"), first_part("#/"), first_part("#/shared/1A")
    (['game', 'g1', 'hand'], 'home', 'shared')
    """
    return [part for part in place.lstrip("#").split("/") if part]


def first_part(place: str) -> str:
    """Which screen an address names (``home`` for the games list)."""
    parts = address_parts(place)
    return parts[0] if parts else "home"


# --- moving the state to an address ---------------------------------------------------------


def route(state: State, place: str, starting: bool = False) -> list[Move]:
    """Show what ``place`` names; what the page should do then (focus, scroll).

    An address that names nothing shown (a game deleted meanwhile, a hand that is gone) shows
    the nearest thing that exists; ``address(state)`` then says where the state really is.
    ``starting``: the app has just started (a reload, a tab brought back, a killed app opened
    again): a game's sheet reopens the hand form kept for it, so nothing typed is out of sight
    (Back only closes the form; it does not bring it back).
    """
    parts = address_parts(place)
    screen = parts[0] if parts else "home"
    before = (state.screen, state.game_id, state.help_anchor)
    if screen == "last":
        parts, screen = ["game", last_game(state.games) or ""], "game"
    if screen == "game" and len(parts) > 1 and parts[1] in state.games:
        report = parts[2:] == ["report"]
        moves = _game(state, parts[1], [] if report else parts[2:], before)
        kept = kept_form(state) if starting and state.entry is None else None
        if kept is not None and state.confirm is None:
            state.entry = kept
            return [("focus", "entry-title")]
        return [("focus", "report-title")] if report else moves
    state.entry, state.confirm = None, None
    focus = "screen-title"
    if screen == "game" and len(parts) > 1 and parts[1]:
        state.screen, state.notice = "home", "game_missing"
    elif screen == "new":
        state.screen = "new"
        state.setup = setup.fresh_setup() if state.setup is None else setup.completed(state.setup)
    elif screen == "stats":
        state.screen = "stats"
    elif screen == "help":
        state.screen = "help"
        state.help_anchor = parts[1] if len(parts) > 1 else None
        if state.help_anchor:
            focus = f"help-{state.help_anchor}"
    else:
        state.screen = "home"
    if (state.screen, state.game_id, state.help_anchor) == before and not state.notice:
        return []
    return [("focus", focus)]


def last_game(games: dict[str, GameDict]) -> str | None:
    """The game played last: the one changed most recently among those still going on, else
    among all (None when there is no game).

    >>> last_game({"a": {"updated": "2026-12-01", "players": ["A", "B"], "hands": []},
    ...            "b": {"updated": "2026-11-01", "players": ["A", "B"], "hands": []}})
    'a'
    """

    def recent(ids: list[str]) -> str | None:
        return max(ids, key=lambda gid: str(games[gid].get("updated", "")), default=None)

    going = [gid for gid, game in games.items() if not _finished(game)]
    return recent(going) or recent(list(games))


def _finished(game: GameDict) -> bool:
    sheet, _ = scoring.try_sheet(game)
    return sheet is None or sheet.finished


def _game(state: State, game_id: str, rest: list[str], before: tuple[Any, ...]) -> list[Move]:
    """Show a game, with the hand form and the confirmation its address names."""
    if state.game_id != game_id:
        state.entry, state.confirm = None, None
    state.screen, state.game_id = "game", game_id
    was_entry = None if state.entry is None else state.entry.index
    was_open = (state.entry is not None, state.confirm is not None)
    asking = bool(rest) and rest[-1] == "delete"
    form = rest[:-1] if asking else rest
    index = _hand_index(state, form)
    if form and form[0] == "hand" and (index is not None or len(form) == 1) and _can_add(state, index):
        if state.entry is None or state.entry.index != index:
            state.entry = kept_draft(state, index) or _fresh_draft(state, index)
    else:
        state.entry = None
    state.confirm = None
    if asking and state.entry is None and not form:
        state.confirm = Confirm("delete-game")
    elif asking and state.entry is not None and state.entry.index is not None:
        state.confirm = Confirm("delete-hand", state.entry.index)
    if (state.screen, state.game_id, state.help_anchor) != before:
        return [("focus", "entry-title" if state.entry is not None else "screen-title")]
    return _layer_moves(state, was_open, was_entry)


def _hand_index(state: State, form: list[str]) -> int | None:
    """The 0-based hand a ``hand/<n>`` address corrects (None for a new hand or a bad n)."""
    game = state.game
    if game is None or len(form) != 2 or not form[1].isdecimal():
        return None
    index = int(form[1]) - 1
    return index if 0 <= index < len(game["hands"]) else None


def _can_add(state: State, index: int | None) -> bool:
    """A saved hand can always be corrected; a new one only while the game goes on."""
    game = state.game
    return index is not None or (game is not None and not _finished(game))


def _fresh_draft(state: State, index: int | None) -> HandDraft:
    game = state.game
    assert game is not None
    if index is None:
        return HandDraft(sides=scoring.side_count(game))
    return scoring.hand_to_draft(game, index)


def _layer_moves(state: State, was_open: tuple[bool, bool], was_entry: int | None) -> list[Move]:
    """Where the focus goes when the form or a confirmation opened or closed on one screen."""
    now_open = (state.entry is not None, state.confirm is not None)
    if now_open == was_open:
        return []
    if now_open[1]:
        return [("focus", "confirm-no")]
    if was_open[1]:
        return [("focus", "ask-delete-hand" if now_open[0] else "ask-delete-game")]
    if now_open[0]:
        return [("focus", "entry-title")]
    if was_entry is None:
        return [("focus", "new-hand"), ("scroll", "top")]
    return [("focus", f"hand-{was_entry}")]


def kept_draft(state: State, index: int | None) -> HandDraft | None:
    """The hand form kept for the open game (a reload, Back, a killed app), when it is the form
    of hand ``index`` (None: a new hand) and still fits the game."""
    draft = kept_form(state)
    return draft if draft is not None and draft.index == index else None


def kept_form(state: State) -> HandDraft | None:
    """The hand form kept for the open game, whichever hand it is of, when it still fits."""
    kept = state.settings.get("entry")
    game = state.game
    if game is None or not isinstance(kept, dict) or kept.get("game") != state.game_id:
        return None
    draft = read_entry(kept.get("draft"), len(game["players"]))  # every value checked
    if draft is None:
        state.notice = "entry_discarded"
        return None
    fits = draft.sides == scoring.side_count(game) and len(draft.cards) == draft.sides
    if draft.index is None:
        return draft if fits and _can_add(state, None) else None
    return draft if fits and 0 <= draft.index < len(game["hands"]) else None
