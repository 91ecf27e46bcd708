"""The hand form (a new hand or a correction) with its live preview and the delete question."""

from __future__ import annotations

from typing import Any

from app import engine
from app.names import in_text
from app.ui import i18n, scoring
from app.ui.claim import draft as claim
from app.ui.claim.views import claim_fields, claim_switch, claim_verdict
from app.ui.drafts import HandDraft
from app.ui.explain.sentences import explanation
from app.ui.fields import field_id, form_place
from app.ui.markup import esc, join, words
from app.ui.scoring import Issue, Played, side_label
from app.ui.state import GameDict, State
from app.ui.views_common import (
    counter,
    errors_at,
    group_issues,
    issue_text,
    signed,
    signed_score,
    toggle,
)


def entry_form(state: State, shown: Played, t: i18n.Tr) -> str:
    """The hand form: who took trump, card points, melds, bella... with its live preview."""
    draft, game = state.entry, shown.record
    assert draft is not None
    issues = scoring.check_draft(game, draft) if draft.tried else []
    grouped = group_issues(issues)
    number = len(shown.hands) + 1 if draft.index is None else draft.index + 1
    dealer_seat = shown.game.dealer_of(number - 1)
    title_key = "entry.title_new" if draft.index is None else "entry.title_edit"
    if draft.claim and not draft.redeal:
        title_key += "_claim"
    title = t(title_key, n=number)
    dealer_key = "entry.dealer" if draft.index is None else "entry.dealer_was"
    parts = [
        '<form id="entry" class="entry" data-action="save-hand" novalidate aria-labelledby="entry-title">',
        f'<h3 id="entry-title" tabindex="-1">{esc(title)}</h3>',
        f'<p class="hint dealer">{esc(t(dealer_key, name=in_text(game["players"][dealer_seat])))}</p>',
    ]
    if draft.index is not None and draft.index < len(game["hands"]) - 1:
        parts.append(f'<p class="warn">{esc(t("entry.rescored"))}</p>')
    parts.append(_summary(issues, grouped, game, t))
    if draft.index is not None and (draft.redeal or not shown.rules["obligation"]):
        # under obligation there is no redeal (the new hand has no button for one either)
        parts.append(
            toggle(t("entry.redeal"), "redeal-toggle", draft.redeal, element_id="redeal-toggle",
                   name=False)
        )
    if draft.claim and not draft.redeal:
        parts.append(_taker(game, draft, grouped, t))
        parts.append(claim_fields(game, draft, grouped, t))
    elif not draft.redeal:
        parts.extend(
            [
                _taker(game, draft, grouped, t),
                _cards(game, draft, grouped, t),
                _melds(game, draft, grouped, t),
                _side_choice(game, "bella", draft.bella, grouped, t, none=True),
            ]
        )
        if shown.rules["both_reach"] == "last_trick":
            parts.append(_side_choice(game, "last_trick", draft.last_trick, grouped, t, none=False))
        parts.append(_debertz(game, draft, grouped, t))
    if not draft.redeal and (draft.index is not None or draft.claim or claim.typed(draft)):
        parts.append(claim_switch(draft, t))
    parts.append(_delete_hand(draft, t))
    parts.append('<div class="entry-bar" id="entry-bar">')
    if state.confirm is not None:
        parts.append(confirm_question(state, game, t))
    parts.append(_preview(game, draft, t))
    parts.append(_entry_actions(draft, t))
    parts.append("</div></form>")
    return join(parts)


def _summary(issues: list[Issue], grouped: dict[str, Any], game: GameDict, t: i18n.Tr) -> str:
    if not issues:
        return '<div id="entry-errors" tabindex="-1"></div>'
    general = join(
        f"<li>{esc(issue_text(t, issue, game))}</li>" for issue in grouped.get("entry-errors", [])
    )
    return (
        f'<div id="entry-errors" class="errors" role="alert" tabindex="-1">'
        f"<p>{esc(t('entry.fix', n=len(issues)))}</p>{f'<ul>{general}</ul>' if general else ''}</div>"
    )


def _taker(game: GameDict, draft: HandDraft, grouped: dict[str, Any], t: i18n.Tr) -> str:
    invalid, error = errors_at("taker", grouped, t, game)
    chips = join(
        toggle(name, "taker", draft.taker == seat, f' data-seat="{seat}"', f"taker-{seat}")
        for seat, name in enumerate(game["players"])
    )
    return (
        f'<fieldset class="group" id="taker"{invalid}><legend>{esc(t("entry.taker"))}</legend>'
        f'<div class="chips">{chips}</div>{error}</fieldset>'
    )


def _cards(game: GameDict, draft: HandDraft, grouped: dict[str, Any], t: i18n.Tr) -> str:
    filled = scoring.filled_side(draft)
    fields = []
    for side in range(draft.sides):
        ident = f"cards-{side}"
        invalid, error = errors_at(ident, grouped, t, game)
        auto = side == filled
        hint_id = f"{ident}-auto"
        described = f' aria-describedby="{hint_id}"' if auto and not invalid else ""
        auto_hint = (
            f'<span class="auto" id="{hint_id}">{esc(t("entry.filled"))}</span>' if auto else ""
        )
        skis = ""
        if scoring.parse_card_text(draft.cards[side]) == 0:
            skis = toggle(
                t("entry.no_tricks"),
                "no-tricks",
                side in draft.no_tricks,
                f' data-side="{side}"',
                f"no-tricks-{side}",
                name=False,
            )
        fields.append(
            f'<div class="cardfield{" filled" if auto else ""}">'
            f'<label for="{ident}">{words(side_label(game, side))}</label><div class="cardbox">'
            f'<input type="text" inputmode="numeric" pattern="[0-9]*" class="num" id="{ident}" '
            f'data-action="cards" data-side="{side}" value="{esc(draft.cards[side])}" '
            f'autocomplete="off" enterkeyhint="done"{invalid}{described}>{auto_hint}{skis}{error}</div></div>'
        )
    general = grouped.get("cards")
    general_html = ""
    if general:
        general_html = (
            '<p class="err" id="cards-err">'
            + join(f"<span>{esc(issue_text(t, issue, game))}</span> " for issue in general)
            + "</p>"
        )
    skis_issues = grouped.get("no-tricks")
    if skis_issues:
        general_html += (
            '<p class="err">'
            + join(f"<span>{esc(issue_text(t, issue, game))}</span> " for issue in skis_issues)
            + "</p>"
        )
    return (
        f'<fieldset class="group" id="cards"><legend>{esc(t("entry.cards"))}</legend>'
        f'<p class="hint" id="cards-hint">{esc(cards_hint(game, draft, t))}</p>'
        f'<div class="cardfields">{join(fields)}</div>{general_html}</fieldset>'
    )


def cards_hint(game: GameDict, draft: HandDraft, t: i18n.Tr) -> str:
    """Once the taker is chosen, what the taker's side needs to make the hand (when that can
    be said simply); before that, how the card points are typed.

    >>> g = {"players": ["Оля", "Петро"], "hands": []}
    >>> en = i18n.translator("en")
    >>> cards_hint(g, HandDraft(sides=2, taker=0, meld_side=1, terz=1), en)
    'Оля: more than 91 to make it.'
    >>> cards_hint(g, HandDraft(sides=2, taker=0, meld_side=1, terz=1, no_tricks=[1]), en)
    'Оля: more than 81 to make it.'
    >>> cards_hint(g, HandDraft(sides=2), en).startswith("162 in all")
    True
    """
    least = scoring.least_to_make(game, draft)
    if least is None or draft.taker is None:
        return t("entry.cards_hint_many" if draft.sides > 2 else "entry.cards_hint")
    side = side_label(game, scoring.side_of(game, draft.taker), t("side.and"))
    if least == 0:
        return t("entry.needs_any", side=side)
    return t("entry.needs", side=side, points=least - 1)


def _melds(game: GameDict, draft: HandDraft, grouped: dict[str, Any], t: i18n.Tr) -> str:
    invalid, error = errors_at("melds", grouped, t, game)
    chips = toggle(
        t("entry.nobody"), "meld-side", draft.meld_side is None, ' data-side=""', "meld-none",
        name=False,
    )
    chips += join(
        toggle(
            side_label(game, side),
            "meld-side",
            draft.meld_side == side,
            f' data-side="{side}"',
            f"meld-{side}",
        )
        for side in range(draft.sides)
    )
    counters = ""
    if draft.meld_side is not None:
        counters = (
            '<div class="counters">'
            + counter("terz", draft.terz, t, more_fits(game, draft, "terz"))
            + counter("fifty", draft.fifty, t, more_fits(game, draft, "fifty"))
            + "</div>"
        )
    return (
        f'<fieldset class="group" id="melds"{invalid}><legend>{esc(t("entry.melds"))}</legend>'
        f'<p class="hint">{esc(t("entry.melds_hint"))}</p>'
        f'<div class="chips">{chips}</div>{counters}{error}</fieldset>'
    )


def more_fits(game: GameDict, draft: HandDraft, kind: str) -> bool:
    """Whether one more terz (or fifty) still fits in the meld side's cards."""
    if draft.meld_side is None:
        return False
    terz = draft.terz + (kind == "terz")
    fifty = draft.fifty + (kind == "fifty")
    return scoring.melds_fit(game, draft.meld_side, terz, fifty)


def _side_chips(game: GameDict, action: str, current: int | None) -> str:
    """One toggle chip per side for ``action`` (ids ``{action}-{side}``), ``current`` pressed."""
    return join(
        toggle(side_label(game, side), action, current == side, f' data-side="{side}"',
               f"{action}-{side}")
        for side in range(scoring.side_count(game))
    )


def _side_choice(
    game: GameDict, key: str, current: int | None, grouped: dict[str, Any], t: i18n.Tr, none: bool
) -> str:
    ident = key.replace("_", "-")
    invalid, error = errors_at(ident, grouped, t, game)
    chips = ""
    if none:
        chips = toggle(t("entry.nobody"), ident, current is None, ' data-side=""', f"{ident}-none",
                       name=False)
    chips += _side_chips(game, ident, current)
    return (
        f'<fieldset class="group" id="{ident}"{invalid}><legend>{esc(t(f"entry.{key}"))}</legend>'
        f'<div class="chips">{chips}</div>{error}</fieldset>'
    )


def _debertz(game: GameDict, draft: HandDraft, grouped: dict[str, Any], t: i18n.Tr) -> str:
    invalid, error = errors_at("debertz", grouped, t, game)
    chips = _side_chips(game, "debertz", draft.debertz)
    opened = " open" if draft.debertz is not None or error else ""
    return (
        f'<details class="group more"{opened}><summary>{esc(t("entry.debertz"))}</summary>'
        f'<fieldset id="debertz"{invalid}><legend class="sr-only">{esc(t("entry.debertz"))}</legend>'
        f'<p class="hint">{esc(t("entry.debertz_hint"))}</p><div class="chips">{chips}</div>{error}</fieldset></details>'
    )


def _preview(game: GameDict, draft: HandDraft, t: i18n.Tr) -> str:
    """The sticky bar's line: the outcome and what each side records, then why in a few words
    (the hand's explanation in short); or what is wrong."""
    issues = scoring.check_draft(game, draft)
    claiming = draft.claim and not draft.redeal
    verdict = claim_verdict(game, draft, issues, t) if claiming and not _untouched(draft) else None
    if verdict is not None:
        return verdict
    if issues:
        if _untouched(draft):
            text, cls = t("entry.claim_wait" if claiming else "entry.preview_wait"), "waiting"
        else:  # a wrong entry first, in red; else what is still to enter, asked as the prompt is
            wrong = [issue for issue in issues if issue.code not in NOT_YET]
            text = preview_problem(game, wrong or issues, t)
            cls = "problem" if wrong else "waiting"
        return (
            f'<div class="preview {cls}" id="preview" aria-live="polite"><p>{esc(text)}</p></div>'
        )
    found = scoring.preview_played(game, draft)
    assert found is not None
    line, shown = found
    trial = shown.sheet
    reason = ""
    if line.kind == "redeal":
        body = f'<span class="outcome">{esc(t("entry.preview_redeal"))}</span>'
    else:  # why, in the sheet's words (its «чому?» in short)
        why = explanation(shown, line, t, short=True)
        reason = (  # focusable: it scrolls when long names make it more than three lines
            f'<p class="why-short" id="preview-why" tabindex="0">{esc(why)}</p>'
        )
        outcome = t(f"outcome.{line.outcome}") if line.outcome else t("outcome.debertz")
        items = join(_preview_side(game, draft, line, side, t) for side in range(draft.sides))
        if line.pot:  # what hangs after this hand, as the board will say (eggs, a pot not won)
            items += f' <span class="pside pot">{esc(t("game.hanging", points=line.pot))}</span>'
        body = (
            f'<span class="outcome {esc(line.outcome or "debertz")}">{esc(outcome)}</span>{items}'
        )
    body += _ends(game, draft, trial, line, t)
    return f'<div class="preview" id="preview" aria-live="polite"><p>{body}</p>{reason}</div>'


def _ends(game: GameDict, draft: HandDraft, trial: engine.Sheet, line: engine.HandLine,
          t: i18n.Tr) -> str:
    """That the hand ends the game, and who wins it; a correction that ends it before hands
    entered after it says that those will not count (the sheet marks them so once saved). A
    correction that moves the end elsewhere says where the game ends now and who wins, or that
    it goes on: it used to show only its own hand while a win further down changed."""
    later = len(trial.hands) - line.number
    ends = not line.void and (later == 0 or trial.hands[line.number].void)
    end = _end(trial)
    if end is not None and ends:
        side = side_label(game, end[1], t("side.and"))
        text = t("entry.preview_ends_early", side=side, count=later) if later else t(
            "entry.preview_ends", side=side)
    elif draft.index is None or end == _end(scoring.sheet(game)):
        return ""
    elif end is None:
        text = t("entry.preview_goes_on")
    else:
        number, winner = end
        side, after = side_label(game, winner, t("side.and")), len(trial.hands) - number
        text = t("entry.preview_ends_at_early", n=number, side=side, count=after) if after else t(
            "entry.preview_ends_at", n=number, side=side)
    return f'<p class="ends">{esc(text)}</p>'


def _end(sheet: engine.Sheet) -> tuple[int, int] | None:
    """Where a won game ends: the number of its last hand that counts, and the winning side;
    None while it goes on.

    >>> game = {"players": ["A", "B"], "rules": {"target": 301}, "hands": [
    ...     {"taker": 0, "cards": [162, 0]}, {"taker": 0, "cards": [162, 0]},
    ...     {"taker": 1, "cards": [0, 162]}]}
    >>> _end(scoring.sheet(game)), _end(scoring.sheet({**game, "hands": game["hands"][:1]}))
    ((2, 0), None)
    """
    if not sheet.finished or sheet.winner is None:
        return None
    return max((line.number for line in sheet.hands if not line.void), default=0), sheet.winner


def _untouched(draft: HandDraft) -> bool:
    """Nothing chosen or typed yet that the preview could judge."""
    if draft.claim and not draft.redeal:
        return draft.taker is None and not claim.typed(draft)
    return (
        draft.taker is None
        and draft.debertz is None
        and not draft.redeal
        and not any(text.strip() for text in draft.cards)
    )


NOT_YET = ("missing", "ui.cards_missing", "cards_required", "last_trick_required")
"""Problems that only say what is not entered yet (a choice not made, a field left empty)."""


def preview_problem(game: GameDict, issues: list[Issue], t: i18n.Tr) -> str:
    """The first problem in form order, as its field shows it (a card field's side named, the
    text going on after the colon as each language writes it).

    >>> from app.ui.scoring import Issue
    >>> g = {"players": ["Оля", "Петро"]}
    >>> issues = [Issue("melds", "x"), Issue("cards.1", "ui.cards_missing")]
    >>> [preview_problem(g, issues, i18n.translator(lang)) for lang in ("en", "uk")]
    ['Петро: Type the points.', 'Петро: впиши очки.']
    """
    first = min(issues, key=lambda issue: form_place(field_id(issue.field)))
    text = issue_text(t, first, game)
    parts = first.field.split(".")
    if parts[0] == "cards" and len(parts) == 2 and parts[1].isdecimal():
        return f"{side_label(game, int(parts[1]))}: {i18n.after_colon(t, text)}"
    return text


def _preview_side(game: GameDict, draft: HandDraft, line: engine.HandLine, side: int, t: i18n.Tr) -> str:
    hand, _ = scoring.draft_to_hand(draft)
    need = bool(scoring.rules_of(game)["sequences_need_trick"])
    marks = ", ".join(
        t("mark.not_counted", melds=text) if kind == "melds unscored" else text
        for kind, text in side_marks(hand, line, side, t, need)
    )
    detail = f" ({marks})" if marks else ""
    return (
        f' <span class="pside"><span class="name">{esc(side_label(game, side))}</span> '
        f"<b>{esc(signed(line.change[side]))}</b>{esc(detail)} "
        f'<span class="nums">→ {esc(signed_score(line.score[side]))}</span></span>'
    )


def _delete_hand(draft: HandDraft, t: i18n.Tr) -> str:
    """The delete button of a saved hand: at the end of the form, out of the bar."""
    if draft.index is None:
        return ""
    return (
        '<div class="row">'
        f'<button type="button" class="btn danger" id="ask-delete-hand" data-action="ask-delete-hand">'
        f"{esc(t('entry.delete'))}</button></div>"
    )


def _entry_actions(draft: HandDraft, t: i18n.Tr) -> str:
    return (
        '<div class="actions">'
        f'<button type="submit" class="btn primary big" id="save-hand">{esc(t("entry.save"))}</button>'
        f'<button type="button" class="btn" id="cancel-hand" data-action="cancel-hand">{esc(t("common.cancel"))}</button>'
        "</div>"
    )


def confirm_question(state: State, game: GameDict, t: i18n.Tr) -> str:
    assert state.confirm is not None
    n = state.confirm.index + 1
    later = n < len(game["hands"])  # only then is anything re-scored
    question = t("entry.confirm_delete" if later else "entry.confirm_delete_last", n=n)
    return (
        '<div class="confirm" role="alertdialog" aria-labelledby="confirm-text" aria-modal="false">'
        f'<p id="confirm-text">{esc(question)}</p>'
        f'<button type="button" class="btn danger" id="confirm-yes" data-action="confirm-yes">{esc(t("entry.confirm_yes"))}</button>'
        f'<button type="button" class="btn" id="confirm-no" data-action="confirm-no">{esc(t("entry.confirm_no"))}</button></div>'
    )


def side_marks(hand: dict[str, Any], line: engine.HandLine, side: int, t: i18n.Tr,
               need_trick: bool) -> list[tuple[str, str]]:
    """The marks of one side in one hand row: bait, eggs, pot won, penalties, skis, debertz,
    melds. A penalty names what it is for, so the bait or the skis it follows from are not said
    again («−100 штраф за лижі», not «…, лижі»). Sequences of a side that took no trick, when
    the rules (``need_trick``: ``sequences_need_trick``) void them, are a mark of their own,
    ``melds unscored`` (bella still counts); so are the sequences and bella of a debertz not
    played out, which scores nothing."""
    marks: list[tuple[str, str]] = []
    bait_due, ski_due = line.penalties.bait[side], line.penalties.ski[side]
    said_by_penalty = line.outcome == "bait" and bait_due
    if line.taker_side == side and line.outcome in ("bait", "eggs") and not said_by_penalty:
        marks.append((line.outcome, t(f"mark.{line.outcome}")))
    if line.pot_won and line.winner == side:
        marks.append(("won-pot", t("mark.pot", points=line.pot_won)))
    if bait_due:
        marks.append(("penalty", t("mark.bait_penalty", points=bait_due)))
    if ski_due:
        marks.append(("penalty", t("mark.ski_penalty", points=ski_due)))
    if side in (hand.get("no_tricks") or []) and not ski_due:
        marks.append(("skis", t("mark.skis")))
    if hand.get("debertz") == side:
        marks.append(("debertz", t("mark.debertz")))
    # a debertz not played out (no card points: no totals) scores nothing, its bella neither
    unplayed = line.kind == "debertz" and line.totals is None
    unscored = unplayed or (need_trick and side in (hand.get("no_tricks") or []))
    combos = "" if unplayed else meld_text(hand, side, t, sequences=not unscored)
    if combos:
        marks.append(("melds", combos))
    voided = meld_text(hand, side, t, bella=unplayed) if unscored else ""
    if voided:
        marks.append(("melds unscored", voided))
    if hand.get("last_trick") == side:
        marks.append(("last", t("mark.last_trick")))
    return marks


def meld_text(hand: dict[str, Any], side: int, t: i18n.Tr, sequences: bool = True,
              bella: bool = True) -> str:
    """The side's sequences and bella in one short mark, e.g. ``2×терц·белла`` (either left out
    when not asked for).

    >>> meld_text({"melds": {"side": 1, "terz": 2, "fifty": 1}, "bella": 1}, 1,
    ...           i18n.translator("uk"))
    '2×терц·полтинник·белла'
    """
    parts = []
    melds = hand.get("melds") or {}
    if sequences and melds.get("side") == side:
        for kind in ("terz", "fifty"):
            count = int(melds.get(kind) or 0)
            if count:
                parts.append(f"{count}×{t(f'mark.{kind}')}" if count > 1 else t(f"mark.{kind}"))
    if bella and hand.get("bella") == side:
        parts.append(t("mark.bella"))
    return "·".join(parts)
