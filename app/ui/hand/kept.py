"""The hand form kept for a game (a reload, Back, a killed app opened again): it is in the
settings record as typed, and comes back only while it still fits the game."""

from __future__ import annotations

from app.ui import scoring
from app.ui.drafts import HandDraft, kept_record, read_entry
from app.ui.state import GameDict, State


def kept_draft(state: State, index: int | None) -> HandDraft | None:
    """The hand form kept for the open game (a reload, Back, a killed app), when it is the form
    of hand ``index`` (None: a new hand, also when it waits beside a saved hand's form kept
    after it: ``app.ui.core._keep_draft``) and still fits the game."""
    draft = kept_form(state)
    if draft is not None and draft.index == index:
        return draft
    if index is None:
        waiting = _fitting(state, _kept_record(state, "new"))
        return waiting if waiting is not None and waiting.index is None else None
    return None


def _kept_record(state: State, key: str = "draft") -> object:
    """The stored draft of the open game's hand form (``key`` "new": of the new hand waiting
    beside it), as stored (None when there is none)."""
    if state.game is None:
        return None
    return kept_record(state.settings.get("entry"), state.game_id, key)


def unreadable_form(state: State) -> bool:
    """Whether a hand form is kept for the open game but cannot be read (it is not used)."""
    record, game = _kept_record(state), state.game
    return record is not None and game is not None and read_entry(record, len(game["players"])) is None


def kept_form(state: State) -> HandDraft | None:
    """The hand form kept for the open game, whichever hand it is of, when it still fits."""
    return _fitting(state, _kept_record(state))


def _fitting(state: State, record: object) -> HandDraft | None:
    """The draft stored as ``record``, when it can be read and still fits the open game."""
    game = state.game
    if game is None or record is None:
        return None
    draft = read_entry(record, len(game["players"]))  # every value checked
    return draft if draft is not None and fits(state, draft) else None


def fits(state: State, draft: HandDraft) -> bool:
    """Whether ``draft`` can be the open game's hand form: its sides, and a hand to correct
    that is there, or a new one while the game goes on."""
    game = state.game
    if game is None or draft.sides != scoring.side_count(game) or len(draft.cards) != draft.sides:
        return False
    if draft.index is None:
        return can_add(state, None)
    return 0 <= draft.index < len(game["hands"])


def can_add(state: State, index: int | None) -> bool:
    """Whether the form of hand ``index`` can open: a saved hand can always be corrected; a new one only while the game goes on."""
    game = state.game
    return index is not None or (game is not None and not finished(game))


def finished(game: GameDict) -> bool:
    sheet, _ = scoring.try_sheet(game)
    return sheet is None or sheet.finished

