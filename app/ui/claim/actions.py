"""The «Партія» actions of the hand form (a claim, RULES.md §5a): switch the form to a claim,
pick the claiming side, type its card points, its melds and bella (app/ui/claim/draft.py).
"""

from __future__ import annotations

from app.ui import scoring
from app.ui.claim import draft as claim
from app.ui.core import Effect, Handler, Payload, int_of, open_entry, open_game
from app.ui.drafts import HandDraft
from app.ui.hand.kept import kept_draft
from app.ui.state import State


def _new_claim(state: State, payload: Payload) -> list[Effect]:
    """The form as a claim: a new one, or the hand typed and kept by Back, switched to a claim
    (its played hand's fields stay, for «the hand goes on» to bring back)."""
    game = open_game(state)
    kept = kept_draft(state, None)
    if kept is None:
        state.entry = HandDraft(sides=scoring.side_count(game), claim=True)
    else:
        if not kept.claim:
            claim.switch(game, kept)
        state.entry = kept
    state.confirm = None
    return [Effect("focus", "entry-title")]


def _claim_toggle(state: State, payload: Payload) -> list[Effect]:
    claim.switch(open_game(state), open_entry(state))
    return []


def _claim_side(state: State, payload: Payload) -> list[Effect]:
    claim.pick_side(open_game(state), open_entry(state), int_of(payload, "side"))
    return []


def _claim_cards(state: State, payload: Payload) -> list[Effect]:
    open_entry(state).claim_cards = payload.get("value", "")
    return []


def _claim_meld(state: State, payload: Payload) -> list[Effect]:
    claim.step_meld(open_game(state), open_entry(state), payload.get("kind", ""), int_of(payload, "step") or 0)
    return []


def _claim_bella(state: State, payload: Payload) -> list[Effect]:
    draft = open_entry(state)
    draft.claim_bella = not draft.claim_bella
    return []


HANDLERS: dict[str, Handler] = {
    "new-claim": _new_claim,
    "claim-toggle": _claim_toggle,
    "claim-side": _claim_side,
    "claim-cards": _claim_cards,
    "claim-meld": _claim_meld,
    "claim-bella": _claim_bella,
}
