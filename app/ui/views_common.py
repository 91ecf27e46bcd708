"""Pieces shared by the screens: issue messages next to fields, toggle buttons, time stamps."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from app.ui import i18n
from app.ui.fields import field_id
from app.ui.markup import esc, join, words
from app.ui.scoring import Issue, side_count, side_label
from app.ui.state import GameDict

_SIDE_PARAMS = ("side", "claim_side")
_SEAT_PARAMS = ("seat", "other")


def issue_text(t: i18n.Tr, issue: Issue, game: GameDict | None = None) -> str:
    """One problem in the current language, with seats and sides named.

    >>> t = i18n.translator("en")
    >>> issue_text(t, Issue("cards", "cards_sum", {"total": 150}))
    'The card points add up to 150; they must add up to 162.'
    >>> ru = i18n.translator("ru")
    >>> issue_text(ru, Issue("melds.fifty", "out_of_range", {"value": 3, "min": 0, "max": 2}))
    'Столько полтинников не бывает: от 0 до 2.'
    >>> issue_text(t, Issue("last_trick", "last_trick_no_tricks", {"side": 0}))
    'side 1: no trick taken, so not the last one either.'
    """
    params: dict[str, Any] = dict(issue.params)
    for key in _SIDE_PARAMS:
        if isinstance(params.get(key), int):
            params[key] = side_words(params[key], t, game)
    if game is not None:
        for key in _SEAT_PARAMS:
            value = params.get(key)
            if isinstance(value, int) and 0 <= value < len(game["players"]):
                params[key] = game["players"][value]
    else:  # (a file's players whose names are refused) by number, counted from 1
        for key in _SEAT_PARAMS:
            if isinstance(params.get(key), int):
                params[key] = params[key] + 1
    head = issue.field.split(".")[0]
    for key in (
        f"problem.{issue.code}.{issue.field}",
        f"problem.{issue.code}.{head}",
        f"problem.{issue.code}",
    ):
        if i18n.has(key):
            return t(key, **params)
    return t("problem.other", detail=issue.message or issue.code)


def side_words(side: int, t: i18n.Tr, game: GameDict | None = None) -> str:
    """A side in a sentence: by its players (``game``'s: a game's, or a file's table of good
    names), else by its number from 1 (a file whose names are refused, a side it has not).

    >>> en = i18n.translator("en")
    >>> game = {"players": ["Оля", "Петро", "Іван", "Марта"], "teams": True}
    >>> side_words(1, en, game), side_words(0, en), side_words(7, en, game)
    ('Петро and Марта', 'side 1', 'side 8')
    """
    if game is not None and 0 <= side < side_count(game):
        return side_label(game, side, t("side.and"))
    return t("where.side", n=side + 1)


def signed_score(value: int) -> str:
    """A running score (negative with a real minus sign).

    >>> signed_score(-100), signed_score(42)
    ('−100', '42')
    """
    return f"−{-value}" if value < 0 else str(value)


def group_issues(issues: list[Issue]) -> dict[str, list[Issue]]:
    """Issues keyed by the id of the element they are shown at."""
    grouped: dict[str, list[Issue]] = {}
    for issue in issues:
        grouped.setdefault(field_id(issue.field), []).append(issue)
    return grouped


def errors_at(
    element_id: str,
    grouped: dict[str, list[Issue]],
    t: i18n.Tr,
    game: GameDict | None = None,
) -> tuple[str, str]:
    """``(attributes for the control, the error paragraph)`` for one field (empty when fine)."""
    found = grouped.get(element_id)
    if not found:
        return "", ""
    texts = join(f"<span>{esc(issue_text(t, issue, game))}</span> " for issue in found)
    err_id = f"{element_id}-err"
    return (
        f' aria-invalid="true" aria-describedby="{err_id}"',
        f'<p class="err" id="{err_id}">{texts.strip()}</p>',
    )


def toggle(
    label: str,
    action: str,
    pressed: bool,
    extra: str = "",
    element_id: str | None = None,
    *,
    name: bool = True,
) -> str:
    """A toggle button (``aria-pressed``) that sends ``action`` with ``extra`` data attributes.
    Its ``label`` is a player's or a side's name (each word kept whole, :func:`words`), or the
    app's own text (``name=False``): plain text, cut only where its lines run out (WebKit drew
    a word of «Партія»: роздачу зупинили cut with … in a wide button when each word had a box)."""
    ident = f' id="{esc(element_id)}"' if element_id else ""
    return (
        f'<button type="button" class="chip{" on" if pressed else ""}"{ident} '
        f'data-action="{esc(action)}"{extra} aria-pressed="{"true" if pressed else "false"}">'
        f'<span class="label">{words(label) if name else esc(label)}</span></button>'
    )


def counter(kind: str, value: int, t: i18n.Tr, more: bool, action: str = "meld-count",
            prefix: str = "") -> str:
    """A − count + group for a number of terzes or fifties (``kind``), sending ``action`` with
    ``data-step``; "+" is disabled when one more would not fit, "−" at 0. Element ids start with
    ``prefix`` (the claim form has its own counters)."""
    name = t(f"entry.{kind}")
    ident = f"{prefix}{kind}"
    data = f'data-action="{action}" data-kind="{kind}"'
    return (
        f'<div class="counter" role="group" aria-labelledby="{ident}-name">'
        f'<span id="{ident}-name" class="cname">{esc(name)}</span>'
        f'<button type="button" class="btn icon" id="{ident}-minus" {data} data-step="-1" '
        f'aria-label="{esc(t("entry.less", name=name))}"{" disabled" if value <= 0 else ""}>−</button>'
        f'<output id="{ident}-count" aria-live="polite">{value}</output>'
        f'<button type="button" class="btn icon" id="{ident}-plus" {data} data-step="1" '
        f'aria-label="{esc(t("entry.more", name=name))}"{"" if more else " disabled"}>+</button></div>'
    )


def when_text(stamp: object) -> str:
    """A saved ISO time stamp as ``30.11.2026 03:05``; nothing for anything else (a record a
    hostile backup brought before its times were checked held 5,000 characters there).

    >>> when_text("2026-11-30T03:05:00"), when_text(""), when_text(None), when_text("<b>x</b>")
    ('30.11.2026 03:05', '', '', '')
    """
    if not isinstance(stamp, str):
        return ""
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return ""
    return moment.strftime("%d.%m.%Y %H:%M")


def signed(value: int) -> str:
    """A change with its sign: ``+120``, ``0``, ``−100`` (a real minus sign).

    >>> signed(120), signed(0), signed(-100)
    ('+120', '0', '−100')
    """
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"−{-value}"
    return "0"
