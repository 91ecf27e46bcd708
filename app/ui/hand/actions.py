"""The hand form's actions: open it for a new hand or a correction, fill it in (who took trump,
card points, melds, bella, sides without a trick, the last trick, debertz), save it, and a
redeal. The form's «Партія» switch is app/ui/claim.

>>> from app.ui.reducer import reduce
>>> from app.ui.state import initial_state
>>> state = initial_state({"g1": {"id": "g1", "players": ["A", "B"], "hands": []}}, {}, [], [])
>>> state.screen, state.game_id = "game", "g1"
>>> state, effects = reduce(state, "new-hand", {})
>>> state.entry.sides, [effect.kind for effect in effects]  # the open form is kept as typed
(2, ['commit', 'focus'])
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.ui import history, i18n, scoring
from app.ui.claim import draft as claim_draft
from app.ui.core import TO_TOP, Effect, Handler, Payload, int_of, open_entry, open_game, put
from app.ui.drafts import HandDraft, cloned
from app.ui.fields import first_in_form
from app.ui.hand.kept import fits, kept_draft
from app.ui.state import Confirm, GameDict, State
from app.ui.stats.report import TIME_KEY


def _new_hand(state: State, payload: Payload) -> list[Effect]:
    game = open_game(state)
    state.entry = kept_draft(state, None) or HandDraft(sides=scoring.side_count(game))
    state.confirm = None
    return [Effect("focus", "entry-title")]


def _edit_hand(state: State, payload: Payload) -> list[Effect]:
    index = int_of(payload, "index")
    game = open_game(state)
    if index is None or not 0 <= index < len(game["hands"]):
        raise ValueError(f"no hand {payload.get('index')!r}")
    state.entry = kept_draft(state, index) or scoring.hand_to_draft(game, index)
    state.confirm = None
    return [Effect("focus", "entry-title")]


def _cancel_hand(state: State, payload: Payload) -> list[Effect]:
    """Close the form without saving; what was typed in it is offered back by the notice
    (Cancel sits next to Save, and Escape cancels too)."""
    draft, game = state.entry, state.game
    index = draft.index if draft else None
    state.entry, state.confirm = None, None
    if draft is not None and game is not None and state.game_id is not None and _typed(game, draft):
        state.cancelled = (state.game_id, draft)
        state.notice = "entry_cancelled" if index is None else "edit_cancelled"
        state.notice_detail = str((len(game["hands"]) if index is None else index) + 1)
    if index is None:
        return [Effect("focus", "new-hand"), TO_TOP]
    return [Effect("focus", f"hand-{index}")]


def _typed(game: GameDict, draft: HandDraft) -> bool:
    """Whether the form holds something of the player's: anything in a new hand's, a change
    in a saved hand's."""
    if draft.index is None:
        return not draft.blank()
    if not 0 <= draft.index < len(game["hands"]):
        return False
    return replace(draft, tried=False) != scoring.hand_to_draft(game, draft.index)


def _restore_entry(state: State, payload: Payload) -> list[Effect]:
    """The form Cancel dropped, back as it was typed, while it still fits the game."""
    cancelled = state.cancelled
    if cancelled is None or cancelled[0] != state.game_id or not fits(state, cancelled[1]):
        return []
    state.entry, state.confirm = cloned(cancelled[1]), None
    return [Effect("focus", "entry-title")]


def _taker(state: State, payload: Payload) -> list[Effect]:
    """Choose who took trump; with no card points typed yet, the taker's side's field takes the
    focus, so the phone's keyboard opens at once (a claim has no card fields)."""
    draft = open_entry(state)
    draft.taker = int_of(payload, "seat")
    if draft.claim:
        claim_draft.follow_taker(open_game(state), draft)
        return []
    if draft.taker is None or draft.typed or not 0 <= draft.taker < len(open_game(state)["players"]):
        return []
    return [Effect("focus", f"cards-{scoring.side_of(open_game(state), draft.taker)}")]


def _cards(state: State, payload: Payload) -> list[Effect]:
    draft = open_entry(state)
    side = int_of(payload, "side")
    if side is None or not 0 <= side < draft.sides:
        raise ValueError(f"no side {payload.get('side')!r}")
    text = payload.get("value", "")
    filled = scoring.filled_side(draft)
    draft.cards[side] = text
    draft.typed = [s for s in draft.typed if s != side]
    if text.strip():
        draft.typed = (draft.typed + [side])[-(draft.sides - 1) :]
    elif filled is not None and filled != side:
        draft.cards[filled] = ""
    scoring.fill_cards(open_game(state), draft)
    # a side's skis mark lasts while its points are 0 (its button shows only then), whichever
    # field changed them: one filled in from the others' points kept it, hidden, and Save was
    # refused for it with nothing on screen to clear it
    draft.no_tricks = [s for s in draft.no_tricks if scoring.parse_card_text(draft.cards[s]) == 0]
    return []


def _redeal_toggle(state: State, payload: Payload) -> list[Effect]:
    draft = open_entry(state)
    draft.redeal = not draft.redeal
    return []


def _meld_side(state: State, payload: Payload) -> list[Effect]:
    draft = open_entry(state)
    draft.meld_side = int_of(payload, "side")
    if draft.meld_side is None:
        draft.terz = draft.fifty = 0
    elif not draft.terz and not draft.fifty:
        draft.terz = 1
    game = open_game(state)
    while draft.meld_side is not None and not scoring.melds_fit(
        game, draft.meld_side, draft.terz, draft.fifty
    ):  # a side holding fewer cards: drop fifties first, then terzes
        if draft.fifty:
            draft.fifty -= 1
        else:
            draft.terz -= 1
    return []


def _meld_count(state: State, payload: Payload) -> list[Effect]:
    draft = open_entry(state)
    kind = payload.get("kind", "")
    if kind not in ("terz", "fifty"):
        raise ValueError(f"no meld {kind!r}")
    step = int_of(payload, "step") or 0
    value = max(0, getattr(draft, kind) + step)
    counts = {"terz": draft.terz, "fifty": draft.fifty, kind: value}
    side = draft.meld_side
    fits = side is None or scoring.melds_fit(open_game(state), side, counts["terz"], counts["fifty"])
    if step > 0 and not fits:
        return []  # the "+" is disabled at this bound; a stale tap changes nothing
    setattr(draft, kind, value)
    return []


def _side_toggle(field: str) -> Handler:
    """The handler of a chip row that picks one side for the draft's ``field``; a tap on the
    side already picked clears it."""

    def toggle(state: State, payload: Payload) -> list[Effect]:
        draft = open_entry(state)
        side = int_of(payload, "side")
        setattr(draft, field, None if side == getattr(draft, field) else side)
        return []

    return toggle


def _no_tricks(state: State, payload: Payload) -> list[Effect]:
    draft = open_entry(state)
    side = int_of(payload, "side")
    if side is None:
        raise ValueError("no side")
    if side in draft.no_tricks:
        draft.no_tricks.remove(side)
    else:
        draft.no_tricks.append(side)
    return []


def _save_hand(state: State, payload: Payload) -> list[Effect]:
    game, draft = open_game(state), open_entry(state)
    issues = scoring.check_draft(game, draft)
    if issues:
        draft.tried = True
        return [Effect("focus", first_in_form(issues))]
    if not still_there(game, draft.index, draft.origin):
        state.notice, state.notice_detail = "hand_changed", str((draft.index or 0) + 1)
        return []
    hand, _ = scoring.draft_to_hand(draft)
    if draft.index is None:
        hand = stamped(hand, payload)
        op = {"op": "add", "index": len(game["hands"]), "hand": hand}
    else:
        before = game["hands"][draft.index]
        op = {"op": "edit", "index": draft.index, "before": before, "after": hand}
    state.entry = None
    state.notice = "saved" if draft.index is None else "edited"
    new = history.apply_change(game, op, payload.get("now", ""))
    if draft.index is None:
        return [put(state, new), Effect("focus", "new-hand"), TO_TOP]
    # the banner may be far above the corrected row: the notice says when the game ends anew
    return [put_telling_outcome(state, game, new), Effect("focus", f"hand-{draft.index}")]


NOW_WON = {"edited": "edited_won", "deleted": "deleted_won", "undone": "undone_won",
           "redone": "redone_won"}
GOES_ON = {"edited": "edited_open", "deleted": "deleted_open", "undone": "undone_open",
           "redone": "redone_open"}


def put_telling_outcome(state: State, before: GameDict, changed: GameDict) -> Effect:
    """``put`` the game shown as ``changed`` by a change of earlier hands (an edit, a delete, ↶
    or ↷); its notice says too when the change decides the game anew: won now (by whom: the
    banner at the top may be off screen), or going on again.

    >>> from app.ui.state import initial_state
    >>> won = {"id": "g1", "players": ["A", "B"], "hands": [{"taker": 0, "debertz": 0}]}
    >>> state = initial_state({"g1": won}, {}, [], [])
    >>> state.game_id, state.notice = "g1", "undone"
    >>> _ = put_telling_outcome(state, won, {**won, "hands": []})
    >>> state.notice
    'undone_open'
    >>> state.notice = "redone"
    >>> _ = put_telling_outcome(state, state.games["g1"], won)
    >>> state.notice, state.notice_params
    ('redone_won', {'side': 'A'})
    """
    done, was = state.notice or "", _winner(before)  # (kept: the game as last shown)
    stored = put(state, changed)
    after = open_game(state)  # as stored: its replay is the one the screen and summary use
    winner = _winner(after)
    if winner == was:
        return stored
    if winner is None:
        state.notice = GOES_ON.get(done, done)
        return stored
    state.notice = NOW_WON.get(done, done)
    and_word = i18n.translator(state.lang)("side.and")
    state.notice_params = {"side": scoring.side_label(after, winner, and_word)}
    return stored


def _winner(game: GameDict) -> int | None:
    shown, _ = scoring.try_played(game)
    return None if shown is None else shown.sheet.winner


def stamped(hand: dict[str, Any], payload: Payload) -> dict[str, Any]:
    """A new hand record with the time it was entered (the app's own key, which the engine keeps
    and ignores; an edit keeps the first time).

    >>> stamped({"redeal": True}, {"now": "2026-11-30T19:05:00"})
    {'redeal': True, 'at': '2026-11-30T19:05:00'}
    """
    now = payload.get("now", "")
    return {**hand, TIME_KEY: now} if now else hand


def still_there(game: GameDict, index: int | None, hand: dict[str, Any] | None) -> bool:
    """Whether hand ``index`` is still the record a form or question was made for (another tab
    may have changed or deleted it meanwhile). A new hand (``index`` None) always is.

    >>> still_there({"hands": [{"redeal": True}]}, 0, {"redeal": True})
    True
    >>> still_there({"hands": []}, 0, None)
    False
    """
    if index is None:
        return True
    if not 0 <= index < len(game["hands"]):
        return False
    return hand is None or game["hands"][index] == hand


def _redeal(state: State, payload: Payload) -> list[Effect]:
    game = open_game(state)
    draft = HandDraft(sides=scoring.side_count(game), redeal=True)
    problems = scoring.check_draft(game, draft)
    if problems:
        state.notice = "redeal_refused"
        return []
    op = {"op": "add", "index": len(game["hands"]), "hand": stamped({"redeal": True}, payload)}
    state.entry, state.notice = None, "redealt"
    return [
        put(state, history.apply_change(game, op, payload.get("now", ""))),
        Effect("focus", "new-hand"),
    ]


def _ask_delete_hand(state: State, payload: Payload) -> list[Effect]:
    draft = open_entry(state)
    if draft.index is None:
        return []
    state.confirm = Confirm("delete-hand", draft.index, draft.origin)
    return [Effect("focus", "confirm-no")]


HANDLERS: dict[str, Handler] = {
    "new-hand": _new_hand,
    "edit-hand": _edit_hand,
    "cancel-hand": _cancel_hand,
    "restore-entry": _restore_entry,
    "taker": _taker,
    "cards": _cards,
    "redeal-toggle": _redeal_toggle,
    "meld-side": _meld_side,
    "meld-count": _meld_count,
    "bella": _side_toggle("bella"),
    "last-trick": _side_toggle("last_trick"),
    "debertz": _side_toggle("debertz"),
    "no-tricks": _no_tricks,
    "save-hand": _save_hand,
    "redeal": _redeal,
    "ask-delete-hand": _ask_delete_hand,
}
