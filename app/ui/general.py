"""The app-wide actions: the language, the results of writes, a damaged settings record, and
records changed by another tab (:func:`apply_external`).

>>> from app.ui.reducer import reduce
>>> from app.ui.state import initial_state
>>> state, effects = reduce(initial_state({}, {}, [], []), "lang", {"value": "en"})
>>> state.lang, effects[0].value.settings
('en', SettingsPatch(values={'lang': 'en'}, removed=()))
"""

from __future__ import annotations

import dataclasses
from typing import Any

from app.storage import SETTINGS_ID, Fresh
from app.ui import scoring
from app.ui.core import Effect, Handler, Payload
from app.ui.drafts import cloned
from app.ui.sharing.actions import stop_restore
from app.ui.state import LANGS, GameDict, State


def _lang(state: State, payload: Payload) -> list[Effect]:
    lang = payload.get("value", "")
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}")
    state.lang = lang
    state.settings["lang"] = lang
    return []


WRITE_NOTICES = {"full": "storage_full", "kept": "record_kept", "unavailable": "no_storage"}
"""The notice for each reason a write fails (``app.storage.StorageError.reason``)."""


def _write_failed(state: State, payload: Payload) -> list[Effect]:
    """A write was not stored. The page calls this on the state from before the change, so
    a form stays open with what was typed. Failures of a form's draft while it is typed are
    said once, not at every key (``background``); a restore's batch (``restore``) stops the
    restore where it is."""
    if payload.get("background") == "1" and state.unsaved:
        return []
    state.unsaved = True
    if payload.get("restore") == "1":  # a restore's batch: stop there, not try it for ever
        stop_restore(state)
    reason = payload.get("reason", "failed")
    state.notice = WRITE_NOTICES.get(reason, "write_failed")
    state.notice_detail = payload.get("detail", "")
    return []


def _write_done(state: State, payload: Payload) -> list[Effect]:
    """A write was stored after one had failed: the next failure is worth saying again."""
    state.unsaved = False
    return []


def _replace_settings(state: State, payload: Payload) -> list[Effect]:
    """Write the settings now in use over a damaged settings record (after the player saw it)."""
    state.problems = [p for p in state.problems if p.get("record") != SETTINGS_ID]
    state.notice = "settings_replaced"
    return [Effect("replace_settings")]


def _export_damaged(state: State, payload: Payload) -> list[Effect]:
    """The text of a damaged record as a file, for a bug report."""
    record = payload.get("record", "")
    for problem in state.problems:
        if problem.get("record") == record and "raw" in problem:
            return [Effect("download", f"debertz-damaged-{record}.txt", problem["raw"])]
    return []


def apply_external(
    state: State, fresh: Fresh, why: str = "elsewhere"
) -> tuple[State, list[Effect]]:
    """The state after records changed in storage without this tab: ``fresh`` holds them as
    stored now. ``why`` is ``elsewhere`` (another tab said so) or ``refused`` (this tab's
    write was refused because the game had changed). Forms stay open with what was typed.

    >>> from app.ui.state import initial_state
    >>> state = initial_state({"g1": {"id": "g1", "players": ["A", "B"], "hands": []}}, {}, [], [])
    >>> state, effects = apply_external(state, Fresh({"g1": None}, {"trash": {"id": "g1"}}))
    >>> list(state.games), state.trash
    ([], {'id': 'g1'})
    """
    new = dataclasses.replace(
        state,
        games=state.games.copy(),
        settings=dict(state.settings),
        entry=cloned(state.entry),
        problems=list(state.problems),
    )
    new.notice, new.notice_detail, new.notice_params = None, "", {}
    open_before = state.game
    for game_id, game in fresh.games.items():
        _adopt_game(new, game_id, game)
    if fresh.settings is not None:
        _adopt_settings(new, fresh.settings)
    effects: list[Effect] = []
    if state.screen == "game" and state.game_id in fresh.games and new.game is None:
        new.screen, new.game_id, new.entry, new.confirm = "home", None, None, None
        new.notice = "deleted_elsewhere"
        effects = [Effect("focus", "screen-title")]  # the address follows (nav.address)
    elif new.game is not None and new.game is not open_before:
        new.confirm = None  # a question about a hand that may have moved
        new.notice = "refused" if why == "refused" else "changed_elsewhere"
        new.notice_detail = str(len(new.game["hands"]))
    elif why == "refused" and state.transfer.writing is not None:
        pass  # a restore's batch met games another window stored: the batch is placed again
    elif why == "refused":
        new.notice = "refused"
    return new, effects


def _adopt_game(state: State, game_id: str, game: GameDict | None) -> None:
    state.problems = [p for p in state.problems if p.get("record") != game_id]
    if game is None:
        state.games.pop(game_id, None)
        return
    readable, problems = scoring.readable_games({game_id: game})
    if game_id in readable:
        state.games[game_id] = readable[game_id]
    else:
        state.games.pop(game_id, None)
        state.problems.extend(problems)


def _adopt_settings(state: State, stored: dict[str, Any]) -> None:
    """Take the settings as stored, but for the drafts of forms open in this tab."""
    mine = {key: state.settings[key] for key in ("entry", "setup") if key in state.settings}
    state.settings = dict(stored)
    if state.entry is not None and "entry" in mine:
        state.settings["entry"] = mine["entry"]
    if state.setup is not None and "setup" in mine:
        state.settings["setup"] = mine["setup"]
    if stored.get("lang") in LANGS:
        state.lang = stored["lang"]
    trash = stored.get("trash")
    state.trash = trash if isinstance(trash, dict) else None


def _dismiss(state: State, payload: Payload) -> list[Effect]:
    return []


HANDLERS: dict[str, Handler] = {
    "lang": _lang,
    "write-failed": _write_failed,
    "write-done": _write_done,
    "replace-settings": _replace_settings,
    "export-damaged": _export_damaged,
    "dismiss": _dismiss,
}
