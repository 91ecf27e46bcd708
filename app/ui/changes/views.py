"""The game's change log on its screen: a fold «Зміни», newest first, each change in words
(«21:03 · роздача 5: Оля 90 → 95»), and the mark of a corrected hand on the sheet.

The log (``app.changelog``) may have come from a file or a backup, so every value is read as
it may be: a seat or a side out of range, a number that is not one, a time that is not a time
are shown as ``?``, never trusted, and every text is escaped.

>>> from app import changelog
>>> t = i18n.translator("uk")
>>> game = {"players": ["Оля", "Петро"], "hands": [{"taker": 0, "cards": [95, 67]}]}
>>> entry = changelog.change_entry({"op": "edit", "index": 4, "before": {"taker": 0, "cards": [90, 72]},
...     "after": {"taker": 0, "cards": [95, 67]}}, "2026-12-02T21:03:00")
>>> entry_text(game, entry, t)
'роздача 5: Оля 90 → 95, Петро 72 → 67'
>>> line_text(game, entry, t, False)
'21:03 · роздача 5: Оля 90 → 95, Петро 72 → 67'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from app import changelog
from app.changelog import Entry, Mark
from app.names import in_text
from app.ui import i18n, scoring
from app.ui.markup import esc, join
from app.ui.state import GameDict

TIME = re.compile(r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})")
FIELD_NAMES = {
    "taker": "log.field.taker",
    "melds": "log.field.melds",
    "bella": "log.field.bella",
    "no_tricks": "log.field.no_tricks",
    "last_trick": "log.field.last_trick",
    "debertz": "log.field.debertz",
    "redeal": "log.field.redeal",
    "claim": "log.field.claim",
}
"""The words of a hand record's fields (``cards`` is said side by side)."""
SIDE_FIELDS = ("bella", "last_trick", "debertz")
"""Fields whose value is a side."""
TALLY = {
    "add": "log.tally.add",
    "edit": "log.tally.edit",
    "delete": "log.tally.delete",
    "undo": "log.tally.undo",
    "redo": "log.tally.redo",
    "restore": "log.tally.restore",
}
BEGUN = {
    "earlier": "log.begin.earlier",
    "file": "log.begin.file",
    "link": "log.begin.link",
    "damaged": "log.begin.damaged",
}
RESTORED = {
    "trash": "log.restore.trash",
    "backup": "log.restore.backup",
    "file": "log.restore.file",
    "link": "log.restore.link",
}
STEPS = {
    ("undo", "add"): "log.undo.add",
    ("undo", "edit"): "log.undo.edit",
    ("undo", "delete"): "log.undo.delete",
    ("redo", "add"): "log.redo.add",
    ("redo", "edit"): "log.redo.edit",
    ("redo", "delete"): "log.redo.delete",
}


# --- the fold ------------------------------------------------------------------------------


def changes_fold(game: GameDict, t: i18n.Tr, is_open: bool = False) -> str:
    """The fold «Зміни» under the sheet: the log newest first, drawn only while it is open (the
    shell reports the player's toggle as ``fold-log``, as the chart's fold does)."""
    log = changelog.log_of(game)
    count = t("log.count", count=len(log))
    body = _entries(game, log, t) if is_open else ""
    opened = "true" if is_open else "false"
    return (
        f'<details class="changes" id="changes" data-toggle="fold-log" data-open="{opened}"'
        f'{" open" if is_open else ""}>'
        f'<summary>{esc(t("log.title"))} <span class="count">· {esc(count)}</span></summary>'
        f'<div class="log-body">{body}</div></details>'  # one child: the summary (and focus) stays
    )


def _entries(game: GameDict, log: list[Entry], t: i18n.Tr) -> str:
    if not log:
        return f'<p class="hint">{esc(t("log.none_yet"))}</p>'
    dated = len({_day(entry.get("at")) for entry in log} - {""}) > 1
    items = join(
        f"<li>{line_html(game, entry, t, dated)}</li>" for entry in reversed(log)
    )
    return f'<p class="hint">{esc(t("log.about"))}</p><ol class="log" reversed>{items}</ol>'


def line_html(game: GameDict, entry: Entry, t: i18n.Tr, dated: bool) -> str:
    """One entry as an item of the list: its time (a ``<time>`` when it is one) and its words."""
    at = entry.get("since", entry.get("at")) if entry.get("do") == "summary" else entry.get("at")
    moment = _time_html(at, dated)
    if entry.get("do") == "summary" and entry.get("until") and entry.get("until") != at:
        moment += "–" + _time_html(entry.get("until"), dated)
    what = esc(entry_text(game, entry, t))
    return t("log.line", when=moment, what=what) if moment else what


def line_text(game: GameDict, entry: Entry, t: i18n.Tr, dated: bool) -> str:
    """One entry as plain text, its time first (``21:03 · …``)."""
    moment = time_text(entry.get("at"), dated)
    what = entry_text(game, entry, t)
    return t("log.line", when=moment, what=what) if moment else what


def _time_html(at: object, dated: bool) -> str:
    shown = time_text(at, dated)
    if not shown:
        return ""
    return f'<time datetime="{esc(str(at)[:16])}">{esc(shown)}</time>'


def time_text(at: object, dated: bool = False) -> str:
    """An entry's time as the log shows it: ``21:03``, with the day when the log spans more
    than one (``02.12 21:03``); ``""`` when it is not a time.

    >>> time_text("2026-12-02T21:03:00"), time_text("2026-12-02T21:03:00", True), time_text("<b>")
    ('21:03', '02.12 21:03', '')
    """
    found = TIME.match(at) if isinstance(at, str) else None
    if found is None:
        return ""
    _, month, day, hour, minute = found.groups()
    return f"{day}.{month} {hour}:{minute}" if dated else f"{hour}:{minute}"


def _day(at: object) -> str:
    found = TIME.match(at) if isinstance(at, str) else None
    return found.group(0)[:10] if found else ""


# --- an entry in words ---------------------------------------------------------------------


def entry_text(game: GameDict, entry: Mapping[str, Any], t: i18n.Tr) -> str:
    """What one entry of the log did, in words (no time).

    >>> t = i18n.translator("en")
    >>> game = {"players": ["Оля", "Петро"], "hands": []}
    >>> entry_text(game, {"do": "delete", "index": 2, "hand": {"taker": 1, "cards": [100, 62]}}, t)
    'hand 3 deleted: taker: Петро · Оля 100, Петро 62'
    >>> entry_text(game, {"do": "undo", "change": {"do": "add", "index": 0, "hand": {"redeal": True}}}, t)
    '↶ undone: hand 1 entered'
    """
    kind = entry.get("do")
    if kind == "start":
        return t("log.start")
    if kind == "begin":
        hands = entry.get("hands")
        key = BEGUN.get(str(entry.get("from")), "log.begin.earlier")
        return t(key, count=len(hands) if isinstance(hands, list) else 0)
    if kind == "summary":
        return _summary_text(entry, t)
    if kind == "restore":
        return t(RESTORED.get(str(entry.get("from")), "log.restore.trash"))
    if kind in ("undo", "redo"):
        change = entry.get("change")
        return _step_text(game, str(kind), change if isinstance(change, dict) else {}, t)
    return _change_text(game, entry, t)


def _change_text(game: GameDict, entry: Mapping[str, Any], t: i18n.Tr) -> str:
    kind, n = entry.get("do"), _number(entry.get("index"))
    if kind == "edit":
        return t("log.edit", n=n, what=diff_text(game, entry.get("before"), entry.get("after"), t))
    hand = entry.get("hand")
    what = hand_text(game, hand, t)
    if kind == "delete":
        return t("log.delete", n=n, what=what)
    if isinstance(hand, dict) and "claim" in hand:
        return t("log.add_claim", n=n, what=what)
    return t("log.add", n=n, what=what)


def _step_text(game: GameDict, kind: str, change: Mapping[str, Any], t: i18n.Tr) -> str:
    """↶ or ↷ of a change: an undone correction says the numbers as they went back."""
    what_kind = str(change.get("do"))
    key = STEPS.get((kind, what_kind), STEPS[(kind, "add")])
    n = _number(change.get("index"))
    if what_kind == "edit":
        before, after = change.get("before"), change.get("after")
        if kind == "undo":
            before, after = after, before
        return t(key, n=n, what=diff_text(game, before, after, t))
    return t(key, n=n, what=hand_text(game, change.get("hand"), t))


def _summary_text(entry: Mapping[str, Any], t: i18n.Tr) -> str:
    tally = entry.get("tally")
    counts = tally if isinstance(tally, dict) else {}
    parts = [t(key, count=counts[kind]) for kind, key in TALLY.items() if _count(counts.get(kind))]
    count = entry.get("count")
    return t("log.summary", count=count if _count(count) else 0, tally=", ".join(parts))


def _number(index: object) -> str:
    """A hand's number (1-based) from its index, ``?`` when it is not one."""
    return str(index + 1) if type(index) is int and index >= 0 else "?"


def _count(value: object) -> bool:
    return type(value) is int and value >= 0


# --- a hand and a correction in words ------------------------------------------------------


def hand_text(game: GameDict, hand: object, t: i18n.Tr) -> str:
    """A hand record in words: who took trump, each side's card points, the marks.

    >>> t = i18n.translator("uk")
    >>> game = {"players": ["Оля", "Петро"], "hands": []}
    >>> hand_text(game, {"taker": 0, "cards": [70, 92], "bella": 0, "melds": {"side": 1, "terz": 1}}, t)
    'хто грав: Оля · Оля 70, Петро 92 · послідовності: терц (Петро) · белла: Оля'
    >>> hand_text(game, {"taker": 1, "claim": {"side": 0, "cards": 51}}, t)
    '«Партія» — Оля, у взятках 51 · хто грав: Петро'
    """
    if not isinstance(hand, dict):
        return t("log.unknown")
    if hand.get("redeal") is True:
        return t("log.redeal")
    parts = []
    claim = hand.get("claim")
    if isinstance(claim, dict):
        parts.append(t("log.claim", side=_side(game, claim.get("side"), t),
                       cards=_points(claim.get("cards"), t)))
    if "taker" in hand:
        parts.append(t("log.played", name=_seat(game, hand.get("taker"), t)))
    cards = hand.get("cards")
    if isinstance(cards, list):
        parts.append(", ".join(
            f"{_side(game, side, t)} {_points(value, t)}" for side, value in enumerate(cards)
        ))
    for field in ("melds", "bella", "no_tricks", "last_trick", "debertz"):
        if field in hand:
            parts.append(f"{t(FIELD_NAMES[field])}: {value_text(game, field, hand[field], t)}")
    return " · ".join(parts) if parts else t("log.unknown")


def diff_text(game: GameDict, before: object, after: object, t: i18n.Tr) -> str:
    """A correction in words: each changed field, old → new (card points side by side).

    >>> t = i18n.translator("uk")
    >>> game = {"players": ["Оля", "Петро"], "hands": []}
    >>> diff_text(game, {"taker": 0, "bella": 1}, {"taker": 1}, t)
    'хто грав: Оля → Петро, белла: Петро → —'
    >>> diff_text(game, {"redeal": True}, {"taker": 0, "cards": [100, 62]}, t)
    'перездача: так → —, хто грав: — → Оля, Оля — → 100, Петро — → 62'
    """
    old = before if isinstance(before, dict) else {}
    new = after if isinstance(after, dict) else {}
    keys = [*old, *(key for key in new if key not in old)]
    parts: list[str] = []
    other = False
    for key in keys:
        if key == "cards":
            parts += _cards_diff(game, old.get(key), new.get(key), t)
        elif key in FIELD_NAMES:
            parts.append(t("log.change", field=t(FIELD_NAMES[key]),
                           old=_value_or_none(game, key, old, t),
                           new=_value_or_none(game, key, new, t)))
        else:
            other = True
    if other:
        parts.append(t("log.other"))
    return ", ".join(parts) if parts else t("log.nothing_changed")


def _cards_diff(game: GameDict, old: object, new: object, t: i18n.Tr) -> list[str]:
    before = old if isinstance(old, list) else []
    after = new if isinstance(new, list) else []
    parts = []
    for side in range(max(len(before), len(after))):
        was = _points(before[side], t) if side < len(before) else t("log.nothing")
        now = _points(after[side], t) if side < len(after) else t("log.nothing")
        if was != now:
            parts.append(t("log.side_change", side=_side(game, side, t), old=was, new=now))
    return parts


def _value_or_none(game: GameDict, key: str, record: Mapping[str, Any], t: i18n.Tr) -> str:
    return value_text(game, key, record[key], t) if key in record else t("log.nothing")


def value_text(game: GameDict, field: str, value: object, t: i18n.Tr) -> str:
    """One field's value in words: a seat or side by its name, sequences with their side.

    >>> t = i18n.translator("en")
    >>> game = {"players": ["A", "B", "C", "D"], "teams": True, "hands": []}
    >>> value_text(game, "melds", {"side": 1, "terz": 2, "fifty": 1}, t), value_text(game, "bella", 7, t)
    ('2×terz, fifty (B and D)', '?')
    """
    if field == "taker":
        return _seat(game, value, t)
    if field in SIDE_FIELDS:
        return _side(game, value, t) if value is not None else t("log.nothing")
    if field == "no_tricks":
        sides = value if isinstance(value, list) else []
        return ", ".join(_side(game, side, t) for side in sides) or t("log.nothing")
    if field == "redeal":
        return t("log.yes") if value is True else t("log.no")
    if field == "claim" and isinstance(value, dict):
        return f"{_side(game, value.get('side'), t)}, {_points(value.get('cards'), t)}"
    if field == "melds" and isinstance(value, dict):
        return _melds_text(game, value, t)
    return t("log.unknown")


def _melds_text(game: GameDict, melds: Mapping[str, Any], t: i18n.Tr) -> str:
    parts = []
    for kind in ("terz", "fifty"):
        count = melds.get(kind)
        if _count(count) and count:
            word = t("mark.terz") if kind == "terz" else t("mark.fifty")
            parts.append(f"{count}×{word}" if count > 1 else word)
    return f"{', '.join(parts) or t('log.nothing')} ({_side(game, melds.get('side'), t)})"


def _seat(game: GameDict, seat: object, t: i18n.Tr) -> str:
    players = game.get("players", [])
    if type(seat) is int and 0 <= seat < len(players):
        return in_text(str(players[seat]))
    return t("log.nothing") if seat is None else t("log.unknown")


def _side(game: GameDict, side: object, t: i18n.Tr) -> str:
    if type(side) is int and 0 <= side < scoring.side_count(game):
        return scoring.side_label(game, side, t("side.and"))
    return t("log.unknown")


def _points(value: object, t: i18n.Tr) -> str:
    return str(value) if type(value) is int else t("log.unknown")


# --- the sheet's marks ---------------------------------------------------------------------


_marks: list[tuple[object, object, list[Mark | None]]] = []
"""The last game's marks, with the very log and hands list they were made from (every change
makes a new list of each), so that a render of the same game does not replay its log again."""


def corrected_marks(game: GameDict) -> list[Mark | None]:
    """Each hand's mark when it stands corrected (none at all when the log does not replay to
    the game's hands: a mark must be true).

    >>> from app import changelog
    >>> game = {"hands": [{"redeal": True}], "log": changelog.begun([{"redeal": True}], "file", "")}
    >>> corrected_marks(game), corrected_marks({**game, "hands": []})
    ([None], [])
    """
    log, hands = changelog.log_of(game), game.get("hands", [])
    if _marks and _marks[0][0] is log and _marks[0][1] is hands:
        return _marks[0][2]
    try:
        marks = changelog.corrections(log) if log else []
    except changelog.LogError:
        marks = []
    marks = marks if len(marks) == len(hands) else []
    _marks[:] = [(log, hands, marks)]
    return marks


def mark_of(game: GameDict, index: int) -> Mark | None:
    """The mark of hand ``index`` (0-based) when it stands corrected (:func:`corrected_marks`).

    >>> from app import changelog
    >>> log = changelog.started("") + [changelog.change_entry({"op": "add", "index": 0, "hand": {"taker": 0}}),
    ...     changelog.change_entry({"op": "edit", "index": 0, "before": {"taker": 0}, "after": {"taker": 1}}, "t")]
    >>> mark_of({"hands": [{"taker": 1}], "log": log}, 0), mark_of({"hands": [{"taker": 1}], "log": log}, 1)
    (Mark(count=1, at='t'), None)
    """
    marks = corrected_marks(game)
    return marks[index] if 0 <= index < len(marks) else None


def corrected_mark(mark: Mark | None, t: i18n.Tr) -> str:
    """The small ✎ of a corrected hand's row, its words for a screen reader and a tooltip.

    >>> corrected_mark(Mark(2, "2026-12-02T21:03:00"), i18n.translator("uk"))
    ' <span class="mark corrected" role="img" aria-label="виправлено 2 рази, востаннє 21:03" title="виправлено 2 рази, востаннє 21:03">✎</span>'
    """
    if mark is None:
        return ""
    label = esc(t("log.corrected", count=mark.count, when=time_text(mark.at) or t("log.unknown")))
    return f' <span class="mark corrected" role="img" aria-label="{label}" title="{label}">✎</span>'
