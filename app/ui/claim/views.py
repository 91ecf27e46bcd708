"""«Партія» on the game screen: the claim's part of the hand form, its live verdict, its row
in the sheet and the words of a game it decided (RULES.md §5a).

The claim form is the hand form with ``draft.claim`` set: who took trump (as in every hand),
then the claiming side (only the sides that may claim), the card points in its tricks, and its
sequences and bella when the rules count them.

>>> from app.ui.state import HandDraft
>>> game = {"players": ["Оля", "Петро"], "hands": [], "rules": {"claim_counts": "cards"}}
>>> html = claim_fields(game, HandDraft(sides=2, claim=True), {}, i18n.translator("en"))
>>> 'id="claim-cards"' in html, 'id="claim-terz-plus"' in html
(True, False)
"""

from __future__ import annotations

from typing import Any

from app import engine
from app.ui import i18n, scoring
from app.ui.claim import draft as claim
from app.ui.drafts import HandDraft
from app.ui.markup import esc, join
from app.ui.scoring import Issue, Played, side_label
from app.ui.state import GameDict
from app.ui.views_common import counter, errors_at, signed_score, toggle


def claim_fields(game: GameDict, draft: HandDraft, grouped: dict[str, Any], t: i18n.Tr) -> str:
    """The claim's own fields, shown after the taker."""
    rules = scoring.rules_of(game)
    extras = (
        _extras(game, draft, grouped, t)
        if rules["claim_counts"] == "all"
        else f'<p class="hint" id="claim-cards-only">{esc(t("entry.claim_cards_only"))}</p>'
    )
    return _side(game, draft, grouped, t, rules["claim_by"]) + _cards(game, draft, grouped, t) + extras


def claim_switch(draft: HandDraft, t: i18n.Tr) -> str:
    """The switch between a claim and a played hand, after the hand's fields: a claim that
    falls short is played out and recorded as a played hand (what was chosen is kept)."""
    return (
        '<div class="row claim-switch">'
        + toggle(t("entry.claim_toggle"), "claim-toggle", draft.claim, element_id="claim-toggle",
                 name=False)
        + "</div>"
    )


def _side(game: GameDict, draft: HandDraft, grouped: dict[str, Any], t: i18n.Tr, by: str) -> str:
    """The claiming side: a chip per side that may claim; one line when the taker leaves only
    one side that may (it is chosen: nothing to tap, and the points field stays in view on a
    phone).

    >>> game = {"players": ["Оля", "Петро"], "hands": [], "rules": {"claim_by": "defenders"}}
    >>> draft = HandDraft(sides=2, claim=True, taker=1, claim_side=0)
    >>> _side(game, draft, {}, i18n.translator("en"), "defenders")
    '<p class="claimant" id="claim-side">Who claimed: <strong id="claim-side-0">Оля</strong> <span class="hint">(only the side without trump may)</span></p>'
    """
    invalid, error = errors_at("claim-side", grouped, t, game)
    sides = scoring.claim_sides(game, draft.taker)
    if by == "defenders" and not invalid and len(sides) == 1 and draft.claim_side == sides[0]:
        return (
            f'<p class="claimant" id="claim-side">{esc(t("entry.claim_side"))}: '
            f'<strong id="claim-side-{sides[0]}">{esc(side_label(game, sides[0], t("side.and")))}</strong> '
            f'<span class="hint">({esc(t("entry.claim_by_defenders_short"))})</span></p>'
        )
    chips = join(
        toggle(side_label(game, side), "claim-side", draft.claim_side == side,
               f' data-side="{side}"', f"claim-side-{side}")
        for side in sides
    )
    hint = f'<p class="hint">{esc(t("entry.claim_by_defenders"))}</p>' if by == "defenders" else ""
    return (
        f'<fieldset class="group" id="claim-side"{invalid}>'
        f'<legend>{esc(t("entry.claim_side"))}</legend>{hint}'
        f'<div class="chips">{chips}</div>{error}</fieldset>'
    )


def _cards(game: GameDict, draft: HandDraft, grouped: dict[str, Any], t: i18n.Tr) -> str:
    invalid, error = errors_at("claim-cards", grouped, t, game)
    described = "claim-cards-hint claim-cards-err" if invalid else "claim-cards-hint"
    marked = ' aria-invalid="true"' if invalid else ""
    side = draft.claim_side
    label = t("entry.claim_cards") if side is None else t(
        "entry.claim_cards_of", side=side_label(game, side, t("side.and"))
    )
    return (
        '<div class="group cardfield claimfield">'
        f'<label for="claim-cards">{esc(label)}</label>'
        f'<input type="text" inputmode="numeric" pattern="[0-9]*" class="num" id="claim-cards" '
        f'data-action="claim-cards" value="{esc(draft.claim_cards)}" autocomplete="off" '
        f'enterkeyhint="done" aria-describedby="{described}"{marked}>'
        f'<p class="hint" id="claim-cards-hint">{esc(t("entry.claim_cards_hint"))}</p>'
        f"{error}</div>"
    )


def _extras(game: GameDict, draft: HandDraft, grouped: dict[str, Any], t: i18n.Tr) -> str:
    invalid, error = errors_at("melds", grouped, t, game)
    _, bella_error = errors_at("bella", grouped, t, game)
    counters = (
        counter("terz", draft.claim_terz, t, claim.more_fits(game, draft, "terz"),
                "claim-meld", "claim-")
        + counter("fifty", draft.claim_fifty, t, claim.more_fits(game, draft, "fifty"),
                  "claim-meld", "claim-")
    )
    bella = toggle(t("entry.bella"), "claim-bella", draft.claim_bella, "", "claim-bella", name=False)
    return (
        f'<fieldset class="group" id="melds"{invalid}><legend>{esc(t("entry.claim_extras"))}</legend>'
        f'<p class="hint">{esc(t("entry.claim_extras_hint"))}</p>'
        f'<div class="counters">{counters}</div><div class="chips">{bella}</div>'
        f"{error}{bella_error}</fieldset>"
    )


def claim_verdict(game: GameDict, draft: HandDraft, issues: list[Issue], t: i18n.Tr) -> str | None:
    """The sticky bar's line for a claim: its sum and what follows under the game's rules
    (wins; not enough, play on; falls short and loses), or that it comes after the end of the
    game. None while the claim has a problem of its own (the form's problem line shows it).
    """
    own = [issue for issue in issues if issue.code != "ui.claim_short"]
    if own:
        return None
    result = scoring.claim_result(game, draft)
    if result is None:  # a claim after the end of the game: void
        text, cls = t("entry.claim_void"), "void"
    else:
        text, cls = verdict_text(game, result, t)
    return (
        f'<div class="preview claim {cls}" id="preview" aria-live="polite">'
        f"<p>{esc(text)}</p></div>"
    )


def _sums(game: GameDict, result: engine.ClaimResult, t: i18n.Tr) -> dict[str, Any]:
    """The figures of a claim, named as the texts name them."""
    return {
        "side": side_label(game, result.side, t("side.and")),
        "score": signed_score(result.score),
        "claimed": result.claimed,
        "total": signed_score(result.total),
        "target": result.target,
    }


def verdict_text(game: GameDict, result: engine.ClaimResult, t: i18n.Tr) -> tuple[str, str]:
    """``(text, kind)`` of what a claim decides: ``holds``, ``loses`` (failed_claim "loses")
    or ``problem`` (failed_claim "play_on": it cannot be recorded).

    >>> from app.engine import ClaimResult
    >>> game = {"players": ["Оля", "Петро"]}
    >>> verdict_text(game, ClaimResult(0, 430, 71, 501, 0, "claim"), i18n.translator("en"))
    ('Оля: 430 + 71 = 501 of 501: wins the game.', 'holds')
    """
    sums = _sums(game, result, t)
    if result.holds:
        return t("entry.claim_holds", **sums), "holds"
    if result.winner is not None:
        return t("entry.claim_loses", winner=side_label(game, result.winner, t("side.and")), **sums), "loses"
    return t("entry.claim_play_on", **sums), "problem"


def claim_row(shown: Played, hand: dict[str, Any], line: engine.HandLine, t: i18n.Tr) -> str:
    """The sheet's cells for a claim hand: its sum and verdict across every side's column (a
    claim that comes after the end says only who claimed: the row is marked void)."""
    sides, game = shown.sides, shown.record
    result = line.claim
    if result is None:
        side = (hand.get("claim") or {}).get("side")
        name = shown.label(side, t("side.and")) if isinstance(side, int) and 0 <= side < sides else ""
        text = t("game.claim_row_void", side=name)
    elif result.holds:
        text = t("game.claim_row_holds", **_sums(game, result, t))
    else:
        winner = "" if result.winner is None else shown.label(result.winner, t("side.and"))
        text = t("game.claim_row_loses", winner=winner, **_sums(game, result, t))
    return f'<td colspan="{sides}" class="note claim">{esc(text)}</td>'


def decided_text(shown: Played, t: i18n.Tr) -> str | None:
    """How a claim decided the finished game (None when no claim did)."""
    sheet, game = shown.sheet, shown.record
    if sheet.decided_by not in ("claim", "failed_claim"):
        return None
    result = next(line.claim for line in sheet.hands if line.claim is not None)
    sums = _sums(game, result, t)
    return t(f"game.decided.{sheet.decided_by}", **sums)
