"""The new-game form's actions: names, seats, the target, the rules and their preset, the first
dealer; "start" checks the form and stores the new game.

>>> from app.ui.reducer import reduce
>>> from app.ui.state import initial_state
>>> state, _ = reduce(initial_state({}, {}, [], []), "setup-count", {"value": "3"})
>>> state.setup.count
3
"""

from __future__ import annotations

from app.ui import scoring
from app.ui.core import Effect, Handler, Payload, Route, arrived, int_of, put, show_screen
from app.ui.drafts import SetupDraft
from app.ui.fields import field_id
from app.ui.setup import draft as setup
from app.ui.state import State


def _setup(state: State) -> SetupDraft:
    state.setup = setup.fresh_setup() if state.setup is None else setup.completed(state.setup)
    return state.setup


def _setup_count(state: State, payload: Payload) -> list[Effect]:
    draft = _setup(state)
    count = int_of(payload, "value")
    if count in (2, 3, 4):
        draft.count = count
        if draft.first_dealer not in ("random",) and int(draft.first_dealer) >= count:
            draft.first_dealer = "0"
    return []


def _setup_name(state: State, payload: Payload) -> list[Effect]:
    seat = int_of(payload, "seat")
    if seat is not None and 0 <= seat < 4:
        _setup(state).names[seat] = payload.get("value", "")
    return []


def _setup_pick(state: State, payload: Payload) -> list[Effect]:
    """Put a name used before into the first empty seat (adding a seat when all are taken)."""
    draft = _setup(state)
    name = payload.get("name", "")
    empty = [seat for seat in range(draft.count) if not draft.names[seat].strip()]
    if not empty and draft.count < 4:
        draft.count += 1
        empty = [draft.count - 1]
    if not name or not empty:
        return []
    draft.names[empty[0]] = name
    return [Effect("focus", f"name-{empty[0]}")]


def _setup_teams(state: State, payload: Payload) -> list[Effect]:
    _setup(state).teams = payload.get("value") == "true"
    return []


def _setup_target(state: State, payload: Payload) -> list[Effect]:
    draft = _setup(state)
    draft.target = payload.get("value", "501")
    setup.refresh_preset(draft)
    return [Effect("focus", "target-number")] if draft.target == "other" else []


def _setup_target_other(state: State, payload: Payload) -> list[Effect]:
    draft = _setup(state)
    draft.target, draft.target_other = "other", payload.get("value", "")
    setup.refresh_preset(draft)
    return []


def _setup_preset(state: State, payload: Payload) -> list[Effect]:
    name = payload.get("value", "")
    if name in scoring.PRESET_NAMES:
        setup.apply_preset(_setup(state), name)
    return []


def _setup_option(state: State, payload: Payload) -> list[Effect]:
    setup.set_option(_setup(state), payload["name"], payload.get("value", ""))
    return []


def _setup_penalty(state: State, payload: Payload) -> list[Effect]:
    setup.set_penalty(_setup(state), payload["name"], payload["part"], payload.get("value", ""))
    return []


def _setup_dealer(state: State, payload: Payload) -> list[Effect]:
    _setup(state).first_dealer = payload.get("value", "0")
    return []


def _start_game(state: State, payload: Payload) -> list[Effect]:
    draft = _setup(state)
    issues = setup.check_setup(draft)
    if issues:
        draft.tried = True
        first = field_id(issues[0].field)
        # a target refused is the number typed under «Other» (not the group's first choice)
        return [Effect("focus", "target-number" if first == "target" else first)]
    game = setup.new_game(draft, payload["new_id"], payload.get("now", ""), _random(payload))
    state.setup = None
    state.screen, state.game_id = "game", game["id"]
    # the new sheet from its top (its score), wherever the form was scrolled to
    return [put(state, game), Effect("focus", "new-hand"), Effect("scroll", "top")]


def _random(payload: Payload) -> int:
    return int_of(payload, "random") or 0


def _setup_like(state: State, payload: Payload) -> list[Effect]:
    state.setup = setup.fresh_setup(state.games.get(payload.get("id", "")))
    state.screen = "new"
    return [Effect("focus", "screen-title")]


def _setup_reset(state: State, payload: Payload) -> list[Effect]:
    state.setup = setup.fresh_setup()
    return [Effect("focus", "name-0")]


HANDLERS: dict[str, Handler] = {
    "setup-count": _setup_count,
    "setup-name": _setup_name,
    "setup-pick": _setup_pick,
    "setup-teams": _setup_teams,
    "setup-target": _setup_target,
    "setup-target-other": _setup_target_other,
    "setup-preset": _setup_preset,
    "setup-option": _setup_option,
    "setup-penalty": _setup_penalty,
    "setup-dealer": _setup_dealer,
    "start-game": _start_game,
    "setup-like": _setup_like,
    "setup-reset": _setup_reset,
}


def route_new(state: State, parts: list[str], starting: bool) -> list[Effect]:
    """Show the new-game form, as it was left (or a fresh one)."""
    before = show_screen(state, "new")
    _setup(state)
    return arrived(state, before)


ROUTES: dict[str, Route] = {"new": route_new}
