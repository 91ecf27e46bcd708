"""The game screen's addresses: ``#/game/<id>`` with its layers (``/hand``, ``/hand/<n>``,
``/delete``, ``/report``) and ``#/last``, the game played last (the manifest's shortcut).

An address that names nothing shown (a game deleted meanwhile, a hand that is gone) shows the
nearest thing that exists; ``nav.address(state)`` then says where the state really is. When the
app has just started (a reload, a tab brought back, a killed app opened again), a game's sheet
reopens the hand form kept for it, so nothing typed is out of sight (Back only closes the form;
it does not bring it back).

>>> from app.ui.reducer import reduce
>>> from app.ui.state import initial_state
>>> state = initial_state({"g1": {"players": ["A", "B"], "hands": []}}, {}, [], [])
>>> state, effects = reduce(state, "route", {"hash": "#/game/g1/hand"})
>>> state.screen, state.entry is not None, effects
('game', True, [Effect(kind='focus', key='entry-title', value=None)])
"""

from __future__ import annotations

from collections.abc import Mapping

from app.ui import scoring
from app.ui.core import Effect, Route, Where, arrived, show_screen, where
from app.ui.drafts import HandDraft
from app.ui.hand.kept import can_add, finished, kept_draft, kept_form, unreadable_form
from app.ui.state import Confirm, GameDict, State


def route_game(state: State, parts: list[str], starting: bool) -> list[Effect]:
    """Show the game ``parts[1]`` with the layer the rest of the address names."""
    game_id = parts[1] if len(parts) > 1 else ""
    if game_id not in state.games:
        before = show_screen(state, "home")
        if game_id:
            state.notice = "game_missing"
        return arrived(state, before)
    before = where(state)
    report = parts[2:] == ["report"]
    effects = _game(state, game_id, [] if report else parts[2:], before)
    if unreadable_form(state):  # removed from storage (this action's commit), said once
        del state.settings["entry"]
        state.notice = "entry_discarded"
    kept = kept_form(state) if starting and state.entry is None else None
    if kept is not None and state.confirm is None:
        state.entry = kept
        return [Effect("focus", "entry-title")]
    return [Effect("focus", "report-title")] if report else effects


def route_last(state: State, parts: list[str], starting: bool) -> list[Effect]:
    """Show the game played last (the games list when there is none)."""
    return route_game(state, ["game", last_game(state.games) or ""], starting)


def last_game(games: Mapping[str, GameDict]) -> str | None:
    """The game played last: the one changed most recently among those still going on, else
    among all (None when there is no game).

    >>> last_game({"a": {"updated": "2026-12-01", "players": ["A", "B"], "hands": []},
    ...            "b": {"updated": "2026-11-01", "players": ["A", "B"], "hands": []}})
    'a'
    """

    cards = {gid: _card(games, gid) for gid in games}  # summaries: no game replayed

    def recent(ids: list[str]) -> str | None:
        return max(ids, key=lambda gid: str(cards[gid].get("updated", "")), default=None)

    going = [gid for gid, card in cards.items() if not card.get("finished")]
    return recent(going) or recent(list(games))


def _card(games: Mapping[str, GameDict], game_id: str) -> GameDict:
    """The game's summary (``app.storage.Games``), or the summary of a plain dict's game."""
    summary = getattr(games, "summary", None)
    if summary is not None:
        return dict(summary(game_id))
    game = games[game_id]
    return {"updated": game.get("updated", ""), "finished": finished(game)}


def _game(state: State, game_id: str, rest: list[str], before: Where) -> list[Effect]:
    """Show a game, with the hand form and the confirmation its address names."""
    if state.game_id != game_id:
        state.entry, state.confirm = None, None
    state.screen, state.game_id = "game", game_id
    was_entry = None if state.entry is None else state.entry.index
    was_open = (state.entry is not None, state.confirm is not None)
    asking = bool(rest) and rest[-1] == "delete"
    form = rest[:-1] if asking else rest
    index = _hand_index(state, form)
    if form and form[0] == "hand" and (index is not None or len(form) == 1) and can_add(state, index):
        if state.entry is None or state.entry.index != index:
            state.entry = kept_draft(state, index) or _fresh_draft(state, index)
    else:
        state.entry = None
    state.confirm = None
    if asking and state.entry is None and not form:
        state.confirm = Confirm("delete-game")
    elif asking and state.entry is not None and state.entry.index is not None:
        state.confirm = Confirm("delete-hand", state.entry.index, state.entry.origin)
    if where(state) != before:
        return [Effect("focus", "entry-title" if state.entry is not None else "screen-title")]
    return _layer_moves(state, was_open, was_entry)


def _hand_index(state: State, form: list[str]) -> int | None:
    """The 0-based hand a ``hand/<n>`` address corrects (None for a new hand or a bad n)."""
    game = state.game
    number = scoring.read_number(form[1], HAND_DIGITS) if len(form) == 2 else None
    if game is None or number is None:
        return None
    index = number - 1
    return index if 0 <= index < len(game["hands"]) else None


HAND_DIGITS = 4
"""Digits a hand's number in an address may have (a game holds at most 5,000 hands)."""


def _fresh_draft(state: State, index: int | None) -> HandDraft:
    game = state.game
    assert game is not None
    if index is None:
        return HandDraft(sides=scoring.side_count(game))
    return scoring.hand_to_draft(game, index)


def _layer_moves(state: State, was_open: tuple[bool, bool], was_entry: int | None) -> list[Effect]:
    """Where the focus goes when the form or a confirmation opened or closed on one screen."""
    now_open = (state.entry is not None, state.confirm is not None)
    if now_open == was_open:
        return []
    if now_open[1]:
        return [Effect("focus", "confirm-no")]
    if was_open[1]:
        return [Effect("focus", "ask-delete-hand" if now_open[0] else "ask-delete-game")]
    if now_open[0]:
        return [Effect("focus", "entry-title")]
    if was_entry is None:
        return [Effect("focus", "new-hand"), Effect("scroll", "top")]
    return [Effect("focus", f"hand-{was_entry}")]


ROUTES: dict[str, Route] = {"game": route_game, "last": route_last}
