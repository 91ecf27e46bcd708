"""The statistics screen's choices: the period, the number of players, the two players compared."""

from __future__ import annotations

import dataclasses

from app.ui.core import Effect, Handler, Payload, Route, arrived, int_of, show_screen
from app.ui.state import State
from app.ui.stats import period_bounds


def _stats_period(state: State, payload: Payload) -> list[Effect]:
    """A period picked: its bounds are fixed at the moment it was picked (``now``)."""
    period = payload.get("value", "all")
    since, until = period_bounds(period, payload.get("now", ""))
    state.stats = dataclasses.replace(state.stats, period=period, since=since, until=until)
    return []


def _stats_players(state: State, payload: Payload) -> list[Effect]:
    count = int_of(payload, "value") or 0
    if count in (0, 2, 3, 4):
        state.stats = dataclasses.replace(state.stats, players=count)
    return []


def _stats_pair(state: State, payload: Payload) -> list[Effect]:
    """One of the two players compared head to head (``which`` is ``a`` or ``b``)."""
    which = payload.get("which", "")
    if which not in ("a", "b"):
        raise ValueError(f"no player {which!r} to compare")
    value = payload.get("value", "")
    if which == "a":
        state.stats = dataclasses.replace(state.stats, a=value)
    else:
        state.stats = dataclasses.replace(state.stats, b=value)
    return []


def _fold_chart(state: State, payload: Payload) -> list[Effect]:
    """The game's folded chart opened or closed by the player (``open``: "true" or "false")."""
    state.chart_open = payload.get("open") == "true"
    return []


HANDLERS: dict[str, Handler] = {
    "fold-chart": _fold_chart,
    "stats-period": _stats_period,
    "stats-players": _stats_players,
    "stats-pair": _stats_pair,
}


def route_stats(state: State, parts: list[str], starting: bool) -> list[Effect]:
    """Show the statistics across the games."""
    return arrived(state, show_screen(state, "stats"))


ROUTES: dict[str, Route] = {"stats": route_stats}
