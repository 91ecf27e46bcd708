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

Each feature shows its own addresses (its ``ROUTES``: app/ui/game/routes.py, app/ui/sharing/...),
and app/ui/reducer.py's ``route`` action picks the one an address names by its first part.

``address(state)`` is where the state is; ``plan(trail, wanted, follow)`` says how the page's history reaches ``wanted``. A *trail* is the
list of addresses from the games list to the current entry, kept in each entry's
``history.state`` (app/browser/navigation.py does the browser's part).

>>> from app.ui.state import initial_state
>>> state = initial_state({"g1": {"players": ["A", "B"], "hands": []}}, {}, [], [])
>>> state.screen, state.game_id = "game", "g1"
>>> address(state), chain(address(state))
('#/game/g1', ['#/', '#/game/g1'])
>>> plan(["#/", "#/game/g1", "#/game/g1/hand"], "#/game/g1", follow=False)
Step(kind='back', steps=1, trail=['#/', '#/game/g1'])
"""

from __future__ import annotations

from typing import NamedTuple

from app.ui.state import State

HOME = "#/"


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


class Arrival(NamedTuple):
    """How an entry the app did not make (an address typed or pasted in, a bookmark opened in
    the running app) joins the app's history: go ``back`` entries (0: stay on it), then make
    the entries of ``trail`` past the first ``kept`` (the first of them takes the place of the
    entry the page is on)."""

    back: int
    kept: int
    trail: list[str]


def arrival(below: list[str], wanted: str) -> Arrival:
    """The history an address typed in gets: the same as a first visit to it (the games list at
    the bottom, then each layer above it), sharing the entries of the trail it was typed over.

    ``below`` is the trail of the entry under the new one; ``wanted`` is where the state went.
    Typed over its own parent, the new entry is just stamped; typed over anything else, the
    history goes back to the places both share and the rest is made anew, so that Back never
    leads into a game the player left before typing the address.

    >>> arrival(["#/"], "#/game/g1")
    Arrival(back=0, kept=1, trail=['#/', '#/game/g1'])
    >>> arrival(["#/", "#/game/g0"], "#/game/g1")
    Arrival(back=2, kept=1, trail=['#/', '#/game/g1'])
    >>> arrival(["#/", "#/game/g1"], "#/")
    Arrival(back=2, kept=1, trail=['#/'])
    >>> arrival(["#/"], "#/game/g1/hand")
    Arrival(back=0, kept=1, trail=['#/', '#/game/g1', '#/game/g1/hand'])
    """
    places = chain(wanted)
    kept = 0
    while kept < min(len(below), len(places)) and below[kept] == places[kept]:
        kept += 1
    if kept == len(below) and kept < len(places):
        return Arrival(0, kept, places)
    if kept == 0:  # a trail of another start: the new entry goes on top of it
        return Arrival(0, len(below), [*below, wanted])
    return Arrival(len(below) - kept + 1, kept, places)


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
