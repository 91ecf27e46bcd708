"""The help screen's address: ``#/help`` and ``#/help/<section>``, the section in focus.

>>> from app.ui.reducer import reduce
>>> from app.ui.state import initial_state
>>> state, effects = reduce(initial_state({}, {}, [], []), "route", {"hash": "#/help/presets"})
>>> state.screen, state.help_anchor, effects
('help', 'presets', [Effect(kind='focus', key='help-presets', value=None)])
"""

from __future__ import annotations

from app.ui.core import Effect, Route, arrived, show_screen
from app.ui.state import State


def route_help(state: State, parts: list[str], starting: bool) -> list[Effect]:
    """Show the help, at the section the address names."""
    before = show_screen(state, "help")
    state.help_anchor = parts[1] if len(parts) > 1 else None
    return arrived(state, before, f"help-{state.help_anchor}" if state.help_anchor else "screen-title")


ROUTES: dict[str, Route] = {"help": route_help}
