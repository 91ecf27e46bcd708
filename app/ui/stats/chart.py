"""The score chart of a game: an SVG drawn here in Python, with its data as a table.

The running score of every side after each hand record (x: the record's number, 0 = the start;
y: points), the target as a dashed line, and a mark where a hand ended in a bait or eggs for the
taker's side, cost a side a penalty, or brought a debertz. Colours come from the stylesheet
(classes and CSS variables, light and dark), never from inline styles; each side also has its own
dash pattern and each mark its own shape, so nothing depends on colour alone.

>>> from app.ui import i18n, scoring
>>> game = {"players": ["Оля", "Петро"], "hands": [{"taker": 0, "cards": [70, 92]}]}
>>> html = score_chart(scoring.played(game), i18n.translator("en"))
>>> "<svg" in html and 'role="img"' in html and "<table" in html and "style=" not in html
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from app import engine
from app.ui import i18n
from app.ui.markup import esc, join, side_name
from app.ui.scoring import Played

WIDTH, HEIGHT = 360, 240
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 24
"""The drawing's size in SVG units and the margins left for the axis labels."""

DASHES = ("", "7 4", "2 3", "9 3 2 3")
"""A dash pattern per side (the first solid), as ``stroke-dasharray``."""

MARK_KINDS = ("bait", "eggs", "penalty", "debertz", "claim")
STAR = tuple(
    (round(r * math.sin(math.pi * k / 5), 1), round(-r * math.cos(math.pi * k / 5), 1))
    for k, r in enumerate((7, 3) * 5)
)
"""A claim's star around its centre (x, y offsets)."""


@dataclass(frozen=True)
class Mark:
    """A marked point: what happened (``MARK_KINDS``), to which side, in which hand."""

    kind: str
    side: int
    number: int
    score: int


def marks_of(shown: Played) -> list[Mark]:
    """Every mark of a game: bait and eggs at the taker's side, a penalty at each side that
    paid one, debertz at the side that declared it, a claim («Партія») at the side that made
    it (void hands have none).

    >>> g = {"players": ["A", "B"], "rules": {"bait_penalty": {"points": 100, "when": "each"}},
    ...      "hands": [{"taker": 0, "cards": [70, 92]}, {"taker": 1, "debertz": 1}]}
    >>> from app.ui import scoring
    >>> [(m.kind, m.side, m.number, m.score) for m in marks_of(scoring.played(g))]
    [('bait', 0, 1, -100), ('penalty', 0, 1, -100), ('debertz', 1, 2, 162)]
    >>> g = {"players": ["A", "B"], "rules": {"target": 301},
    ...      "hands": [{"taker": 0, "cards": [100, 62]}] * 3
    ...               + [{"taker": 1, "claim": {"side": 0, "cards": 20}}]}
    >>> [(m.kind, m.side, m.number, m.score) for m in marks_of(scoring.played(g))]
    [('claim', 0, 4, 300)]
    """
    found: list[Mark] = []
    for line, hand in zip(shown.sheet.hands, shown.hands):
        if line.void:
            continue
        number, score = line.number, line.score
        if line.taker_side is not None and line.outcome in ("bait", "eggs"):
            found.append(Mark(line.outcome, line.taker_side, number, score[line.taker_side]))
        for side, (bait, ski) in enumerate(zip(line.penalties.bait, line.penalties.ski)):
            if bait or ski:
                found.append(Mark("penalty", side, number, score[side]))
        debertz = hand.get("debertz")
        if isinstance(debertz, int) and line.kind == "debertz":
            found.append(Mark("debertz", debertz, number, score[debertz]))
        claim = hand.get("claim")
        if line.kind == "claim" and isinstance(claim, dict) and isinstance(claim.get("side"), int):
            found.append(Mark("claim", claim["side"], number, score[claim["side"]]))
    return found


def nice_step(span: float, most: int) -> int:
    """The smallest step of 1, 2 or 5 times a power of ten that cuts ``span`` into at most
    ``most`` parts.

    >>> nice_step(501, 5), nice_step(30, 6), nice_step(7, 6), nice_step(1300, 5)
    (200, 5, 2, 500)
    """
    power = 1
    while True:
        for factor in (1, 2, 5):
            step = factor * power
            if span / step <= most:
                return step
        power *= 10


def ticks(low: int, high: int, step: int) -> list[int]:
    """The multiples of ``step`` from ``low`` to ``high``.

    >>> ticks(-150, 501, 200)
    [0, 200, 400]
    """
    first = -((-low) // step) * step
    return list(range(first, high + 1, step))


class Frame:
    """Maps hand numbers and points to SVG coordinates."""

    def __init__(self, records: int, low: int, high: int, lowest: int = 0) -> None:
        self.records = max(records, 1)
        self.low, self.high = low, max(high, low + 1)
        self.lowest = lowest
        """The lowest score drawn (0 when none is below it)."""

    def x(self, number: int) -> float:
        return round(LEFT + (WIDTH - LEFT - RIGHT) * number / self.records, 1)

    def y(self, points: int) -> float:
        share = (points - self.low) / (self.high - self.low)
        return round(TOP + (HEIGHT - TOP - BOTTOM) * (1 - share), 1)


def frame_of(sheet: engine.Sheet, target: int) -> Frame:
    """The chart's frame: every score and the target in view, 0 always included."""
    scores = [value for line in sheet.hands for value in line.score]
    low, high = min([0, *scores]), max([target, *scores])
    pad = max(10, (high - low) // 20)
    return Frame(len(sheet.hands), low - (pad if low < 0 else 0), high + pad, low)


def scale(frame: Frame, step: int) -> list[int]:
    """The values the axis marks: the multiples of ``step`` in view, and the lowest score when
    it is below 0 and no multiple is (a side at −150 on a scale of 200s), unless it would stand
    on the label of 0.

    >>> scale(Frame(5, -182, 560, -150), 200), scale(Frame(5, -182, 560, -10), 200)
    ([-150, 0, 200, 400], [0, 200, 400])
    >>> scale(Frame(5, -420, 560, -400), 200)
    [-400, -200, 0, 200, 400]
    """
    values = ticks(frame.low, frame.high, step)
    lowest = frame.lowest
    if lowest < 0 and values[0] >= 0 and -lowest * 12 > frame.high - frame.low:
        values.insert(0, lowest)
    return values


def _axes(frame: Frame, target: int) -> str:
    step = nice_step(frame.high - frame.low, 5)
    parts = []
    for value in scale(frame, step):
        y = frame.y(value)
        parts.append(
            f'<line class="grid{" zero" if value == 0 else ""}" x1="{LEFT}" y1="{y}" '
            f'x2="{WIDTH - RIGHT}" y2="{y}"/>'
        )
        if abs(value - target) * 12 > frame.high - frame.low:  # not on top of the target's label
            parts.append(f'<text class="ylab" x="{LEFT - 4}" y="{y + 4}">{score_text(value)}</text>')
    ty = frame.y(target)
    parts.append(
        f'<line class="target" x1="{LEFT}" y1="{ty}" x2="{WIDTH - RIGHT}" y2="{ty}" '
        'stroke-dasharray="5 4"/>'
        f'<text class="ylab tlab" x="{LEFT - 4}" y="{ty + 4}">{target}</text>'
    )
    xstep = nice_step(frame.records, 6)
    for number in ticks(0, frame.records, xstep):
        x = frame.x(number)
        parts.append(f'<text class="xlab" x="{x}" y="{HEIGHT - 6}">{number}</text>')
    return join(parts)


def score_text(value: int) -> str:
    """A score or tick label, negative with a real minus sign.

    >>> score_text(-150), score_text(324)
    ('−150', '324')
    """
    return f"−{-value}" if value < 0 else str(value)


def side_heads(sides: Sequence[Sequence[str]]) -> str:
    """Column heads naming the sides by their players (:func:`side_name`, clamped to two lines
    by the stylesheet; the whole name in the head's title).

    >>> side_heads([["Оля"], ["Петро"]]).count('<th scope="col" title=')
    2
    """
    return join(
        f'<th scope="col" title="{esc(" & ".join(members))}">'
        f'<span class="clamp">{side_name(members)}</span></th>'
        for members in sides
    )


def _line(frame: Frame, sheet: engine.Sheet, side: int) -> str:
    points = [(frame.x(0), frame.y(0))] + [
        (frame.x(line.number), frame.y(line.score[side])) for line in sheet.hands
    ]
    coords = " ".join(f"{x},{y}" for x, y in points)
    dash = f' stroke-dasharray="{DASHES[side]}"' if DASHES[side] else ""
    return f'<polyline class="line s{side}" points="{coords}"{dash}/>'


def mark_shape(kind: str, x: float, y: float) -> str:
    """One mark's shape centred on ``(x, y)``: a triangle pointing down for a bait, a ring for
    eggs, a square for a penalty, a diamond for debertz, a star for a claim.

    >>> mark_shape("eggs", 10, 20)
    '<circle class="mk eggs" cx="10" cy="20" r="4.5"/>'
    """
    if kind == "eggs":
        return f'<circle class="mk eggs" cx="{x:g}" cy="{y:g}" r="4.5"/>'
    if kind == "penalty":
        return f'<rect class="mk penalty" x="{x - 4:g}" y="{y - 4:g}" width="8" height="8"/>'
    if kind == "bait":
        path = f"M{x - 6:g} {y - 4.5:g}H{x + 6:g}L{x:g} {y + 5.5:g}Z"
    elif kind == "claim":  # five points 7 out, five 3 in, the first at the top
        path = "M" + "L".join(f"{x + dx:g} {y + dy:g}" for dx, dy in STAR) + "Z"
    else:
        path = f"M{x:g} {y - 7:g}L{x + 6:g} {y:g}L{x:g} {y + 7:g}L{x - 6:g} {y:g}Z"
    return f'<path class="mk {kind}" d="{path}"/>'


def _marks(frame: Frame, marks: list[Mark]) -> str:
    """The marks, a penalty lifted above a bait of the same side and hand so both show."""
    shapes = []
    for mark in marks:
        lift = 10 if mark.kind == "penalty" else 0
        shapes.append(mark_shape(mark.kind, frame.x(mark.number), frame.y(mark.score) - lift))
    return join(shapes)


def _summary(shown: Played, t: i18n.Tr) -> str:
    sides = shown.sides
    scores = ", ".join(f"{shown.label(s)} {score_text(shown.sheet.score[s])}" for s in range(sides))
    target = shown.rules["target"]
    return t("chart.summary", count=len(shown.sheet.hands), target=target, scores=scores)


def chart_svg(shown: Played, t: i18n.Tr, marks: list[Mark]) -> str:
    """The SVG itself, labelled with a one-sentence summary (the table gives the detail)."""
    target = shown.rules["target"]
    frame = frame_of(shown.sheet, target)
    lines = join(_line(frame, shown.sheet, side) for side in range(shown.sides))
    return (
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{esc(_summary(shown, t))}" focusable="false">'
        f"{_axes(frame, target)}{lines}{_marks(frame, marks)}</svg>"
    )


def _swatch(inner: str) -> str:
    return f'<svg class="swatch" viewBox="0 0 28 16" aria-hidden="true" focusable="false">{inner}</svg>'


def legend(shown: Played, t: i18n.Tr, marks: list[Mark]) -> str:
    """Who is which line (with the final score), the target, and the marks that occur."""
    items = []
    for side in range(shown.sides):
        dash = f' stroke-dasharray="{DASHES[side]}"' if DASHES[side] else ""
        line = f'<line class="line s{side}" x1="1" y1="8" x2="27" y2="8"{dash}/>'
        items.append(
            f'<li>{_swatch(line)}<span class="who">{esc(shown.label(side))}</span> '
            f"<b>{esc(score_text(shown.sheet.score[side]))}</b></li>"
        )
    target = shown.rules["target"]
    target_line = '<line class="target" x1="1" y1="8" x2="27" y2="8" stroke-dasharray="5 4"/>'
    items.append(f"<li>{_swatch(target_line)}{esc(t('chart.target', target=target))}</li>")
    present = {mark.kind for mark in marks}
    for kind in MARK_KINDS:
        if kind in present:
            items.append(f"<li>{_swatch(mark_shape(kind, 14, 8))}{esc(t(f'chart.mark.{kind}'))}</li>")
    return f'<ul class="legend">{join(items)}</ul>'


def data_table(shown: Played, t: i18n.Tr, marks: list[Mark]) -> str:
    """The chart's data for screen readers and anyone who wants the numbers: the running
    score after each record and what is marked there."""
    sides = shown.sides
    by_hand: dict[int, list[str]] = {}
    for mark in marks:
        by_hand.setdefault(mark.number, []).append(
            t("chart.mark_of", mark=t(f"chart.mark.{mark.kind}"), side=shown.label(mark.side, t("side.and")))
        )
    heads = side_heads([shown.members(s) for s in range(sides)])
    rows = []
    for line in shown.sheet.hands:
        notes = list(by_hand.get(line.number, []))
        if line.kind == "redeal":
            notes.insert(0, t("chart.redeal"))
        if line.void:
            notes.insert(0, t("game.void"))
        cells = join(f"<td>{esc(score_text(line.score[s]))}</td>" for s in range(sides))
        rows.append(
            f'<tr><th scope="row">{line.number}</th>{cells}<td class="notes">{esc("; ".join(notes))}</td></tr>'
        )
    return (
        f'<table class="chart-data sides-{sides}"><caption class="sr-only">{esc(t("chart.table_caption"))}</caption>'
        f'<thead><tr><th scope="col">{esc(t("game.col_hand"))}</th>{heads}'
        f'<th scope="col">{esc(t("chart.col_marks"))}</th></tr></thead>'
        f"<tbody>{join(rows)}</tbody></table>"
    )


def score_chart(shown: Played, t: i18n.Tr) -> str:
    """The chart with its legend and, folded, the same data as a table (empty before the first
    hand record)."""
    if not shown.sheet.hands:
        return ""
    marks = marks_of(shown)
    return (
        '<div class="chart-box">'
        f"{chart_svg(shown, t, marks)}{legend(shown, t, marks)}"
        f'<details class="chart-table"><summary>{esc(t("chart.as_table"))}</summary>'
        f"{data_table(shown, t, marks)}</details></div>"
    )
