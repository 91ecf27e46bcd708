"""Where each field of the forms is on the page: a problem's field path -> the element's id,
and the order the hand form shows its fields in (the first problem is the one focused)."""

from __future__ import annotations

from app.ui.scoring import Issue


def field_id(path: str) -> str:
    """The id of the element an issue's field path is shown at (``cards.1`` -> ``cards-1``).

    >>> field_id("cards.1"), field_id("melds.terz"), field_id("rules.target"), field_id("")
    ('cards-1', 'melds', 'target', 'entry-errors')
    >>> field_id("claim.side"), field_id("claim"), field_id("options.failed_claim")
    ('claim-side', 'claim-cards', 'opt-failed_claim')
    """
    parts = path.split(".") if path else [""]
    head = parts[0]
    if head in ("cards", "names") and len(parts) > 1 and parts[1].isdecimal():
        return ("cards-" if head == "cards" else "name-") + parts[1]
    if head == "rules":
        return "target" if parts[-1] == "target" else "entry-errors"
    if head == "options" and len(parts) > 1:
        return f"opt-{parts[1]}"
    if head == "claim":  # the claim itself (short of the target) is shown at its points
        return "claim-side" if parts[1:] == ["side"] else "claim-cards"
    named = {"no_tricks": "no-tricks", "last_trick": "last-trick"}
    if head in ("cards", "taker", "melds", "bella", "debertz", "target", *named):
        return named.get(head, head)
    return "entry-errors"


FORM_ORDER = (
    "entry-errors",
    "taker",
    "claim-side",
    "claim-cards",
    "cards",
    "no-tricks",
    "melds",
    "bella",
    "last-trick",
    "debertz",
)


def form_place(element_id: str) -> int:
    """Where a field comes in the hand form (for the first problem to show or focus).

    >>> form_place("taker") < form_place("cards-1") < form_place("melds")
    True
    """
    head = element_id.rsplit("-", 1)[0] if element_id.startswith("cards-") else element_id
    return FORM_ORDER.index(head) if head in FORM_ORDER else len(FORM_ORDER)


def first_in_form(issues: list[Issue]) -> str:
    """The id of the first field with a problem, in the order the form shows them."""
    return min((field_id(issue.field) for issue in issues), key=form_place)
