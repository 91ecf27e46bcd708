"""The reducer: ``reduce(state, action, payload) -> (state, effects)``, over one table of every
feature's handlers, put together here and nowhere else (a name listed twice is refused).

A feature is a folder with its actions (``HANDLERS``, and ``ROUTES`` for the addresses it shows)
and its views; the handlers' core (effects, the one commit per action, double taps) is
app/ui/core.py. The ``route`` action shows what the page's address names: Back, Forward, a link,
a reload (``start``: ``yes`` when the app has just started).

>>> from app.ui.state import initial_state
>>> state = initial_state({}, {}, [], [])
>>> state, effects = reduce(state, "lang", {"value": "en"})
>>> state.lang, effects[0].value.settings
('en', SettingsPatch(values={'lang': 'en'}, removed=()))
>>> state, effects = reduce(state, "route", {"hash": "#/new"})
>>> state.screen, effects
('new', [Effect(kind='focus', key='screen-title', value=None)])
"""

from __future__ import annotations

from app.ui import general, nav, prefs
from app.ui.changes import actions as changes
from app.ui.claim import actions as claim
from app.ui.core import Effect, Handler, Payload, handler_table, reduce_with, route_table
from app.ui.explain import actions as explain
from app.ui.game import actions as game
from app.ui.game import routes as game_routes
from app.ui.games import actions as games
from app.ui.general import apply_external
from app.ui.hand import actions as hand
from app.ui.help import actions as help_screen
from app.ui.setup import actions as setup
from app.ui.setup import draft as setup_draft
from app.ui.sharing import actions as sharing
from app.ui.state import State
from app.ui.stats import actions as stats

__all__ = ["HANDLERS", "ROUTES", "Effect", "apply_external", "reduce"]

ROUTES = route_table(
    games.ROUTES,
    game_routes.ROUTES,
    setup.ROUTES,
    stats.ROUTES,
    help_screen.ROUTES,
    sharing.ROUTES,
)
"""Every screen by the first part of its address (``home`` for ``#/`` and any unknown one)."""


def _route(state: State, payload: Payload) -> list[Effect]:
    """Show what the page's address names. A move that shows nothing new (the address caught
    up with the state, e.g. Back after Save) keeps the notice on screen."""
    kept = state.notice, state.notice_detail, state.notice_params
    state.notice, state.notice_detail, state.notice_params = None, "", {}
    before = nav.address(state)
    parts = nav.address_parts(payload.get("hash", "")) or ["home"]
    route = ROUTES.get(parts[0], ROUTES["home"])
    starting = payload.get("start") == "yes"
    if starting:
        setup_draft.drop_unreadable(state)  # a kept form that cannot be read: once, then gone
    effects = route(state, parts, starting)
    if state.notice is None and nav.address(state) == before:
        state.notice, state.notice_detail, state.notice_params = kept
    return effects


HANDLERS: dict[str, Handler] = handler_table(
    {"route": _route},
    general.HANDLERS,
    prefs.HANDLERS,
    games.HANDLERS,
    setup.HANDLERS,
    game.HANDLERS,
    hand.HANDLERS,
    claim.HANDLERS,
    explain.HANDLERS,
    stats.HANDLERS,
    sharing.HANDLERS,
    changes.HANDLERS,
)
"""Every action the page can send, by name."""


def reduce(state: State, action: str, payload: Payload) -> tuple[State, list[Effect]]:
    """The new state after one action, and the effects to perform (the old state is unchanged)."""
    return reduce_with(HANDLERS, state, action, payload)
