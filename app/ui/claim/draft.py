"""«Партія» in the hand form: the reducer's steps on a claim draft (RULES.md §2, §5a).

A claim draft is a :class:`HandDraft` with ``claim`` set; its own fields (``claim_side``,
``claim_cards``, ``claim_terz``, ``claim_fifty``, ``claim_bella``) sit beside those of a played
hand, so switching between a claim and a played hand loses nothing typed.

>>> game = {"players": ["Оля", "Петро"], "hands": [], "rules": {"claim_by": "defenders"}}
>>> draft = HandDraft(sides=2, claim=True, taker=1)
>>> follow_taker(game, draft)
>>> draft.claim_side  # the only side that may claim is chosen at once
0
"""

from __future__ import annotations

from app.ui import scoring
from app.ui.drafts import HandDraft
from app.ui.state import GameDict

MELD_KINDS = ("terz", "fifty")


def follow_taker(game: GameDict, draft: HandDraft) -> None:
    """Keep the claiming side one that may claim with this taker: a side that may no longer
    claim is dropped, and when only one side may, it is chosen.

    >>> game = {"players": ["A", "B", "C"], "hands": [], "rules": {"claim_by": "defenders"}}
    >>> draft = HandDraft(sides=3, claim=True, claim_side=1, taker=1)
    >>> follow_taker(game, draft)
    >>> draft.claim_side is None
    True
    """
    allowed = scoring.claim_sides(game, draft.taker)
    if draft.claim_side not in allowed:
        draft.claim_side = None
    if draft.claim_side is None and len(allowed) == 1:
        draft.claim_side = allowed[0]


def pick_side(game: GameDict, draft: HandDraft, side: int | None) -> None:
    """Choose the claiming side (a tap on the side already chosen clears it); a side that may
    not claim (a stale tap) changes nothing.

    >>> game = {"players": ["A", "B"], "hands": []}
    >>> draft = HandDraft(sides=2, claim=True)
    >>> pick_side(game, draft, 1); draft.claim_side
    1
    >>> pick_side(game, draft, 1); draft.claim_side is None
    True
    """
    if side is None or side == draft.claim_side:
        draft.claim_side = None
    elif side in scoring.claim_sides(game, draft.taker):
        draft.claim_side = side


def step_meld(game: GameDict, draft: HandDraft, kind: str, step: int) -> None:
    """One more (``step`` 1) or one fewer (-1) terz or fifty of the claiming side, never below
    0 nor beyond what its cards can hold.

    >>> game = {"players": ["A", "B"], "hands": []}
    >>> draft = HandDraft(sides=2, claim=True, claim_fifty=2)
    >>> step_meld(game, draft, "fifty", 1); draft.claim_fifty  # 9 cards hold two fifties
    2
    >>> step_meld(game, draft, "terz", 1); draft.claim_terz
    0
    """
    if kind not in MELD_KINDS:
        raise ValueError(f"no meld {kind!r}")
    counts = {"terz": draft.claim_terz, "fifty": draft.claim_fifty}
    counts[kind] = max(0, counts[kind] + step)
    side = 0 if draft.claim_side is None else draft.claim_side  # every side holds as many cards
    if step > 0 and not scoring.melds_fit(game, side, counts["terz"], counts["fifty"]):
        return  # the "+" is disabled at this bound; a stale tap changes nothing
    draft.claim_terz, draft.claim_fifty = counts["terz"], counts["fifty"]


def more_fits(game: GameDict, draft: HandDraft, kind: str) -> bool:
    """Whether one more terz (or fifty) still fits in the claiming side's cards."""
    terz = draft.claim_terz + (kind == "terz")
    fifty = draft.claim_fifty + (kind == "fifty")
    side = 0 if draft.claim_side is None else draft.claim_side
    return scoring.melds_fit(game, side, terz, fifty)


def switch(game: GameDict, draft: HandDraft) -> None:
    """A claim becomes a played hand or back. A claim that falls short is played out: its
    side's sequences and bella still count then, so they are carried into the played hand's
    fields when those are empty. The other form is not yet tried: a claim refused on *Save*
    made the played hand's empty fields say «Впиши очки» (a play-through).

    >>> game = {"players": ["A", "B"], "hands": []}
    >>> draft = HandDraft(sides=2, claim=True, claim_side=1, claim_terz=1, claim_bella=True,
    ...                   tried=True)
    >>> switch(game, draft)
    >>> draft.claim, draft.meld_side, draft.terz, draft.bella, draft.tried
    (False, 1, 1, 1, False)
    """
    draft.claim, draft.tried = not draft.claim, False
    if draft.claim:
        follow_taker(game, draft)
        return
    side = draft.claim_side
    if side is None:
        return
    if draft.meld_side is None and (draft.claim_terz or draft.claim_fifty):
        draft.meld_side, draft.terz, draft.fifty = side, draft.claim_terz, draft.claim_fifty
    if draft.bella is None and draft.claim_bella:
        draft.bella = side


def typed(draft: HandDraft) -> bool:
    """Whether anything of a claim was chosen or typed (the form then offers the way back to
    it from a played hand).

    >>> typed(HandDraft(sides=2)), typed(HandDraft(sides=2, claim_cards="40"))
    (False, True)
    """
    return (
        draft.claim_side is not None
        or bool(draft.claim_cards.strip())
        or bool(draft.claim_terz or draft.claim_fifty or draft.claim_bella)
    )
