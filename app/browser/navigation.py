"""The page's history for the app's addresses: Back closes what is open, then leads to the
games list, then out of the app (the decisions are app/ui/nav.py's; this is the browser's part).

Every entry the app makes keeps its trail, the addresses from the games list down to it, in
``history.state`` (``{"debertz": ["#/", "#/game/g1"]}``), so a reload knows what lies below.
A first visit straight to a deep address (a bookmark, a shortcut) gets the entries above it::

    navigation = Navigation()
    navigation.settle(nav.address(state))          # once, after the first render
    navigation.arrived()                           # on popstate, before routing
    navigation.sync(nav.address(state), follow)    # after every action
"""

from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import to_js

from app.ui import nav

KEY = "debertz"


def _here() -> str:
    return str(js.location.hash) or nav.HOME


def _stored() -> list[str] | None:
    """The trail kept in the current entry, or None for an entry the app did not make."""
    state = js.history.state
    trail = None if state is None else getattr(state, KEY, None)
    if trail is None or type(trail).__name__ in ("JsNull", "JsUndefined"):
        return None
    found = [str(place) for place in trail]
    return found if found and found[-1] == _here() else None


def _entry(trail: list[str]) -> Any:
    return to_js({KEY: trail}, dict_converter=js.Object.fromEntries)


class Navigation:
    """The app's entries in the page's history, and the trail of the current one."""

    def __init__(self) -> None:
        self.trail: list[str] = [_here()]
        # An entry the browser made (an address typed in): the trail under it, until the app
        # has routed it and its place in the app's history is settled (nav.arrival).
        self.under: list[str] | None = None
        # The entries still to make once the history has gone back (the popstate after it),
        # and where the state went meanwhile (a tap while the history was on its way).
        self.pending: list[str] = []
        self.going = False
        self.meanwhile: str | None = None
        # The trail of the entry the app's own move back (``sync``: Save or Cancel closing a
        # form, an address already below) takes the page to: the state is already there, so
        # that entry's popstate is not routed and shown a second time.
        self.landing: list[str] | None = None
        # The app puts the page where it belongs itself (the top after a saved hand, the hand
        # row after an edit): the browser's restoring of an entry's old scroll position would
        # come after that, when history.go() has finished, and move the page again.
        js.history.scrollRestoration = "manual"

    def settle(self, wanted: str) -> None:
        """At start-up: a reloaded entry keeps its trail (a form reopened over it gets its own
        entry on top); any other gets the entries above it."""
        stored = _stored()
        if stored is not None:
            self.trail = stored
            self.sync(wanted, follow=nav.parent(wanted) != stored[-1])
            return
        places = nav.chain(wanted)
        js.history.replaceState(_entry(places[:1]), "", places[0])
        for depth in range(2, len(places) + 1):
            js.history.pushState(_entry(places[:depth]), "", places[depth - 1])
        self.trail = places

    def arrived(self) -> bool:
        """The browser moved (Back, Forward, an address typed in): take that entry's trail, and
        say whether the app is to show the address. An entry the app did not make gets its
        place once the app has routed it (``sync``). The app's own moves back are not shown
        again when they land: the state is where they lead (``sync``: unless the app has moved
        on meanwhile, or the page landed elsewhere, a Back of the player's coming with it), or
        stays where it is while the entries are made (``_adopt``)."""
        stored = _stored()
        landing, self.landing = self.landing, None
        if stored is not None and stored == landing == self.trail and not self.going:
            self.under = None
            return False
        if stored is None and self.going:
            stored = self._landed_untold()
        if stored is not None and self.going:
            self.going, self.trail = False, stored
            self._make(self.pending)
            self.pending = []
            meanwhile, self.meanwhile = self.meanwhile, None
            if meanwhile is not None:
                self.sync(meanwhile, follow=False)
            return False
        if stored is not None:
            self.under = None
            self.trail = stored
            return True
        self.under = self.trail
        self.trail = [*self.trail, _here()]
        return True

    def _landed_untold(self) -> list[str] | None:
        """The entry the app went back to (``_adopt``) holds no trail: Firefox drops an entry's
        state when the page is sent to the very address it shows. It is given the trail the app
        went back for, when it is that entry's address; else (landed elsewhere) the way back is
        given up, and the entry is one the browser made (the app was stuck waiting for it)."""
        kept = self.trail[: len(self.trail) - len(self.pending)]
        if kept and kept[-1] == _here():
            js.history.replaceState(_entry(kept), "", kept[-1])
            return kept
        self.going, self.pending, self.meanwhile = False, [], None
        return None

    def sync(self, wanted: str, follow: bool) -> None:
        """Bring the history to ``wanted``, the address of what is now shown."""
        if self.under is not None:
            self._adopt(self.under, wanted)
            return
        if self.going:  # on the way back (_adopt): this waits for the landing
            self.meanwhile = None if wanted == self.trail[-1] else wanted
            return
        step = nav.plan(self.trail, wanted, follow)
        if step.kind == "back":
            self.landing = step.trail
            js.history.go(-step.steps)
        elif step.kind == "push":
            js.history.pushState(_entry(step.trail), "", wanted)
        elif step.kind == "replace":
            js.history.replaceState(_entry(step.trail), "", wanted)
        self.trail = step.trail

    def _adopt(self, under: list[str], wanted: str) -> None:
        """Give the entry the browser made its place in the app's history (nav.arrival)."""
        self.under = None
        arrival = nav.arrival(under, wanted)
        if arrival.back:
            # made on the popstate of the entry gone back to; meanwhile the trail is the one
            # the history is on its way to, so a render before then moves nothing
            self.pending = arrival.trail[arrival.kept :]
            self.trail, self.going, self.meanwhile = arrival.trail, True, None
            js.history.go(-arrival.back)
            return
        depth = arrival.kept + 1
        js.history.replaceState(_entry(arrival.trail[:depth]), "", arrival.trail[depth - 1])
        self.trail = arrival.trail[:depth]
        self._make(arrival.trail[depth:])

    def _make(self, places: list[str]) -> None:
        """Push an entry for each of ``places`` on top of the current trail."""
        for place in places:
            self.trail = [*self.trail, place]
            js.history.pushState(_entry(self.trail), "", place)

