"""Looking back on the game screen: the report of a finished game, or the folded score chart
of a game in progress.

The report follows the result (winner, how it was decided, rematch): how many hands and redeals,
how long it took, a table of what each side did, and the score chart.

>>> from app.ui import i18n, scoring
>>> game = {"players": ["Оля", "Петро"], "rules": {"target": 101},
...         "hands": [{"taker": 0, "cards": [120, 42]}]}
>>> html = look_back(scoring.played(game), i18n.translator("en"))
>>> 'id="report-title"' in html and "Took trump" in html and "<svg" in html
True
"""

from __future__ import annotations

from collections.abc import Callable

from app.names import in_text
from app.ui import i18n, scoring
from app.ui.markup import esc, join
from app.ui.scoring import Played
from app.ui.state import GameDict
from app.ui.stats import Report, SideFigures, Timing, cached_report
from app.ui.stats.chart import score_chart, score_text, side_heads


def look_back(shown: Played, t: i18n.Tr, chart_open: bool = False) -> str:
    """The report once the game is finished; before that the chart, folded (nothing before
    the first hand) and drawn only while it is open. The shell reports a fold the player opens
    or closes (``data-open`` is what the state says) as the action ``data-toggle`` names. The
    fold has the same two children open or closed (its summary, then the chart's box, empty while
    closed), so that the page keeps its summary, and the focus on it, when it is drawn again."""
    if shown.sheet.finished:
        return render_report(shown, t)
    if not shown.sheet.hands:
        return ""
    closed = '<div class="chart-box"></div>'  # score_chart's one child, empty
    chart, opened = (score_chart(shown, t), "true") if chart_open else (closed, "false")
    return (
        f'<details class="chart-fold" id="chart-fold" data-toggle="fold-chart" '
        f'data-open="{opened}"{" open" if chart_open else ""}>'
        f'<summary>{esc(t("chart.title"))}</summary>{chart}</details>'
    )


def render_report(shown: Played, t: i18n.Tr) -> str:
    """The report of a game: facts, the table of each side's figures, the chart."""
    report = cached_report(shown.record)
    return (
        '<section class="report" aria-labelledby="report-title">'
        f'<h3 id="report-title" tabindex="-1">{esc(t("report.title"))}</h3>'
        f"{_facts(report, t, shown.record.get('received_from') == 'link')}"
        f"{side_table(shown.record, report, t)}"
        f'<h4 class="chart-head">{esc(t("chart.title"))}</h4>{score_chart(shown, t)}'
        "</section>"
    )


def _facts(report: Report, t: i18n.Tr, from_link: bool = False) -> str:
    rows = [
        (t("report.result"), result_text(report)),
        (t("report.hands"), str(report.hands)),
        (t("report.redeals"), str(report.redeals)),
    ]
    if report.void:
        rows.append((t("report.void"), str(report.void)))
    rows.append((t("report.time"), time_text(report, t, from_link)))
    items = join(f"<div><dt>{esc(term)}</dt><dd>{esc(value)}</dd></div>" for term, value in rows)
    return f'<dl class="facts">{items}</dl>'


def result_text(report: Report) -> str:
    """The winner with their score, then every other side by name and score, highest first (in
    seat order when equal), so that each number says whose it is and the places read in order;
    only the scores in seat order while nobody has won.

    >>> from app.ui.stats.report import sample_report
    >>> result_text(sample_report())
    'A 324 — B 120'
    """
    def named(side: int) -> str:
        return f"{report.labels[side]} {score_text(report.score[side])}"

    winner = report.winner
    if winner is None:
        return " · ".join(named(side) for side in range(len(report.score)))
    others = sorted((side for side in range(len(report.score)) if side != winner),
                    key=lambda side: -report.score[side])
    return f"{named(winner)} — {' · '.join(named(side) for side in others)}"


def duration_text(seconds: float, t: i18n.Tr) -> str:
    """A duration in hours and minutes (rounded), or that it was under a minute (a game of
    40 s is not "1 min", nor one of 20 s "0 min").

    >>> en = i18n.translator("en")
    >>> duration_text(5100, en), duration_text(2400, en), duration_text(7200, i18n.translator("uk"))
    ('1 h 25 min', '40 min', '2 год 0 хв')
    >>> duration_text(40, en)
    'under a minute'
    """
    if seconds < 60:
        return t("report.under_minute")
    hours, rest = divmod(round(seconds / 60), 60)
    return t("report.hm", h=hours, m=rest) if hours else t("report.m", m=rest)


def time_text(report: Report, t: i18n.Tr, from_link: bool = False) -> str:
    """How long the game took, from its first time-stamped record to its last, with the clock
    times; or why that is not known (``from_link``: a copy saved from a link, which carries
    no times).

    >>> from app.ui.stats.report import sample_report
    >>> time_text(sample_report(), i18n.translator("en"), from_link=True)
    'not known: a link does not carry the times of the hands'
    """
    timing = report.timing
    if timing is None:
        counted = report.hands + report.redeals
        if counted <= 1:
            return "—"
        return t("report.time_not_in_link" if from_link else "report.time_unknown")
    text = t("report.duration", duration=duration_text(timing.seconds, t), span=_span(timing))
    if timing.first_hand > 1:  # the game began before the app stamped hands
        text += " " + t("report.timed_from", n=timing.first_hand)
    if timing.after:  # hands added from a link, which carries no times
        text += " " + t("report.timed_until", n=timing.last_hand)
    return text


def _span(timing: Timing) -> str:
    """``30.11.2026 19:05–20:30``, or both dates when the game went past midnight."""
    start, end = timing.start, timing.end
    day = start.strftime("%d.%m.%Y")
    if end.date() == start.date():
        return f"{day} {start:%H:%M}–{end:%H:%M}"
    return f"{day} {start:%H:%M} – {end:%d.%m.%Y} {end:%H:%M}"


Row = tuple[str, Callable[[SideFigures], str]]
PART_OF_TAKEN = ("report.made", "report.baited", "report.eggs", "report.closed")
"""Rows that split the row above them (the hands taken): indented under it."""
OF_TAKEN = ' class="of"'


def _rows(report: Report, game: GameDict) -> list[Row]:
    """The table's rows: a label key and how to show a side's value."""
    rules = scoring.rules_of(game)
    rows: list[Row] = [
        ("report.points", lambda f: score_text(f.points)),
        ("report.taken", lambda f: str(f.taken)),
        ("report.made", lambda f: str(f.made)),
        ("report.baited", lambda f: str(f.baited)),
        ("report.eggs", lambda f: str(f.eggs)),
        *([("report.closed", lambda f: str(f.closed))] if any(f.closed for f in report.sides) else []),
        ("report.skis", lambda f: str(f.skis)),
        ("report.sequences", lambda f: str(f.sequences)),
        ("report.bella", lambda f: str(f.bella)),
    ]
    if any(f.pots for f in report.sides):
        rows.append(("report.pots", lambda f: str(f.pots)))
    if rules["bait_penalty"] or rules["ski_penalty"] or any(f.penalties for f in report.sides):
        rows.append(("report.penalties", lambda f: f"−{f.penalties}" if f.penalties else "0"))
    if any(f.debertz for f in report.sides):
        rows.append(("report.debertz", lambda f: str(f.debertz)))
    rows.append(("report.run", lambda f: str(f.run)))
    return rows


def side_table(game: GameDict, report: Report, t: i18n.Tr) -> str:
    """Each side's figures in a column (its name heads it), a figure per row."""
    sides = len(report.labels)
    heads = side_heads([report.members(side) for side in range(sides)])
    body = [
        f'<tr{OF_TAKEN if key in PART_OF_TAKEN else ""}><th scope="row">{esc(t(key))}</th>'
        + join(f"<td>{esc(show(figures))}</td>" for figures in report.sides)
        + "</tr>"
        for key, show in _rows(report, game)
    ]
    body.append(_biggest_row(report, t))
    if report.teams:
        body.append(_takers_row(report, t))
    return (
        f'<table class="figures sides-{sides}"><caption>{esc(t("report.by_side"))}</caption>'
        f'<thead><tr><td></td>{heads}</tr></thead><tbody>{join(body)}</tbody></table>'
    )


def _biggest_row(report: Report, t: i18n.Tr) -> str:
    cells = []
    for figures in report.sides:
        if figures.biggest_hand:
            hand = t("report.in_hand", n=figures.biggest_hand)
            cells.append(f'<td>+{figures.biggest}<span class="sub">{esc(hand)}</span></td>')
        else:
            cells.append("<td>—</td>")
    return f'<tr><th scope="row">{esc(t("report.biggest"))}</th>{join(cells)}</tr>'


def _takers_row(report: Report, t: i18n.Tr) -> str:
    """In a team game: who of the partners took trump how often."""
    cells = []
    for side in range(len(report.labels)):
        seats = [seat for seat, owner in enumerate(report.side_of) if owner == side]
        parts = join(
            f'<span class="sub taker"><span class="nm">{esc(in_text(report.players[seat]))}</span>'
            f"<b>:&nbsp;{report.seats[seat].taken}</b></span>"
            for seat in seats
        )
        cells.append(f"<td>{parts}</td>")
    return f'<tr><th scope="row">{esc(t("report.taken_by"))}</th>{join(cells)}</tr>'
