"""The statistics screen (``#/stats``): every player's figures across the saved games, the split
by kind of game, head to head between two players, filtered by period and number of players.

>>> from app.ui.state import initial_state
>>> game = {"id": "g1", "players": ["Оля", "Петро"], "rules": {"target": 101},
...         "created": "2026-07-01T19:00:00", "hands": [{"taker": 0, "cards": [120, 42]}]}
>>> state = initial_state({"g1": game}, {}, [], ["en"])
>>> html = render_stats(state, i18n.translator("en"))
>>> "Оля" in html and "Only finished games count for wins" in html
True
"""

from __future__ import annotations

from app.names import in_text
from app.ui import i18n
from app.ui.drawing import drawing
from app.ui.markup import Grouped, esc, grouped, join, progress
from app.ui.state import State, StatsView
from app.ui.stats import Filters, HeadToHead, PlayerStats, Stats, head_to_head, player_stats
from app.ui.stats.chart import score_text
from app.ui.stats.players import KINDS, PERIODS, years
from app.ui.stats.report import ask_for_reports, warming


def filters_of(view: StatsView) -> Filters:
    """The figures' filters for what the screen's selects say."""
    return Filters(since=view.since, until=view.until, players=view.players)


def render_stats(state: State, t: i18n.Tr) -> str:
    """The whole statistics screen; while the page still computes the games' reports after a
    start (``report.warming``), how far it is, and the figures once it is done."""
    counted = warming()
    if counted is None and ask_for_reports(state.games):  # many games never reported
        counted = warming()
    if counted is not None:
        return _counting(counted, state.lang, t)
    games = list(state.games.values())
    filters = filters_of(state.stats)
    stats = player_stats(games, filters)
    parts = [
        (
            f'<p class="hint" id="stats-rule">{esc(t("stats.only_finished"))} '
            f'<a href="#/help/stats">{esc(t("stats.how_counted"))}</a></p>'
        ),
        _filters(state, t, years(games)),
        _overview(stats, t, filters != Filters(), state.lang),
    ]
    if stats.players:
        parts.append(
            f'<h3 id="players-title">{esc(t("stats.players_title"))}</h3>'
            f'<ul class="players" aria-labelledby="players-title">'
            + join(_player(player, index, t) for index, player in enumerate(stats.players))
            + "</ul>"
        )
    if len(stats.players) > 1:
        parts.append(_head_to_head(state, stats, games, filters, t))
    return _screen(join(parts), t)


def _screen(body: str, t: i18n.Tr) -> str:
    """The statistics screen around ``body`` (the figures, or the count): its title, then the
    way back to the games."""
    return (
        '<section class="screen stats" aria-labelledby="screen-title">'
        f'<h2 id="screen-title" tabindex="-1">{esc(t("stats.title"))}</h2>'
        f'{body}<p><a class="btn" href="#/">{esc(t("game.to_list"))}</a></p></section>'
    )


def _counting(counted: tuple[int, int], lang: str, t: i18n.Tr) -> str:
    """The screen while the games' reports are computed: the count, said by screen readers,
    and a bar (the figures follow on the same screen)."""
    done, total = counted
    text = t("stats.counting", count=total, done=grouped(done, lang), total=grouped(total, lang))
    return _screen(progress("stats-progress", text, done, total), t)


def _select(ident: str, action: str, label: str, options: list[tuple[str, str]], current: str,
            extra: str = "") -> str:
    items = join(
        f'<option value="{esc(value)}"{" selected" if value == current else ""}>{esc(text)}</option>'
        for value, text in options
    )
    return (
        f'<div class="option"><label for="{ident}">{esc(label)}</label>'
        f'<select id="{ident}" data-action="{action}"{extra}>{items}</select></div>'
    )


def _filters(state: State, t: i18n.Tr, found_years: list[int]) -> str:
    view = state.stats
    periods = [("all", t("stats.period.all"))]
    periods += [(name, t(f"stats.period.{name}")) for name in PERIODS]
    periods += [(f"y{year}", t("stats.period.year_of", year=year)) for year in found_years]
    counts = [("0", t("stats.players.any"))]
    counts += [(str(n), t("stats.players.n", count=n)) for n in (2, 3, 4)]
    return (
        f'<div class="filters" role="group" aria-label="{esc(t("stats.filters"))}">'
        + _select("stats-period", "stats-period", t("stats.period"), periods, view.period)
        + _select("stats-players", "stats-players", t("stats.players"), counts, str(view.players))
        + "</div>"
    )


def _overview(stats: Stats, t: i18n.Tr, filtered: bool, lang: str) -> str:
    """How many games, finished, hands; or that there are none (for the choice made, when the
    period or the number of players narrowed it: the period alone was blamed)."""
    if not stats.games:
        empty = t("stats.empty_chosen") if filtered else t("stats.empty")
        return f'<p class="empty" id="stats-empty">{esc(empty)}</p>'
    text = t("stats.overview", games=t("stats.n_games", count=Grouped(stats.games, lang)),
             finished=Grouped(stats.finished, lang),
             hands=t("stats.n_hands", count=Grouped(stats.hands, lang)))
    return f'<p class="overview" id="stats-overview">{esc(text)}</p>'


def percent(share: float | None, t: i18n.Tr) -> str:
    """A share as a whole percentage in the language's way, or a dash when there is none.

    >>> percent(0.666, i18n.translator("en")), percent(None, i18n.translator("en"))
    ('67%', '—')
    >>> percent(0.5, i18n.translator("uk"))
    '50\\xa0%'
    """
    if share is None:
        return "—"
    return t("stats.percent", value=round(share * 100))


def decimal(value: float | None, t: i18n.Tr) -> str:
    """A number with one decimal, with the language's decimal mark.

    >>> decimal(84.25, i18n.translator("uk")), decimal(-3.0, i18n.translator("en"))
    ('84,2', '−3.0')
    """
    if value is None:
        return "—"
    text = f"{abs(value):.1f}".replace(".", t("stats.decimal_mark"))
    return f"−{text}" if value < 0 else text


def _player(player: PlayerStats, index: int, t: i18n.Tr) -> str:
    """A player's line, and the figures it opens to. Drawn first as far as a phone shows
    (``app.ui.drawing``), the figures are left out: hidden until the line is opened, they were
    four in five of the screen's elements, parsed and patched in before its first frame."""
    # the rate is of the finished games: the line says how many there are (2 games, 1 finished)
    summary = t("stats.summary", games=t("stats.n_games", count=player.played), won=player.won,
                finished=player.finished, rate=percent(player.win_rate, t))
    line = (
        f'<li><details class="player" id="player-{index}">'
        f'<summary><span class="pname">{esc(in_text(player.name))}</span> '
        f'<span class="psum">{esc(summary)}</span></summary>'
    )
    if drawing().leave():
        return f"{line}</details></li>"
    rows = [
        (t("stats.games"), t("stats.games_value", count=player.played, finished=player.finished)),
        (t("stats.won"), t("stats.won_value", won=player.won, finished=player.finished,
                            rate=percent(player.win_rate, t))),
        (t("stats.taken"), t("stats.taken_value", count=player.taken, made=player.made,
                              rate=percent(player.made_share, t))),
        (t("stats.baited"), str(player.baited)),
        (t("stats.eggs"), str(player.eggs)),
        (t("stats.skis"), str(player.skis)),
        (t("stats.debertz"), str(player.debertz)),
        (t("stats.per_hand"), decimal(player.per_hand, t)),
    ]
    items = join(f"<div><dt>{esc(term)}</dt><dd>{esc(value)}</dd></div>" for term, value in rows)
    best = f"<div><dt>{esc(t('stats.best'))}</dt><dd>{_best(player, t)}</dd></div>"
    return f'{line}<dl class="facts">{items}{best}</dl>{_splits(player, index, t)}</details></li>'


def _best(player: PlayerStats, t: i18n.Tr) -> str:
    best = player.best
    if best is None:
        return esc(t("stats.no_win"))
    score = score_text(best.score[best.side])
    date = best.date.strftime("%d.%m.%Y") if best.date else ""
    lead = f"+{best.lead}" if best.lead > 0 else score_text(best.lead)
    text = t("stats.best_value", score=score, lead=lead, date=date).removesuffix(", ")
    against = " · ".join(  # each other side by name with its score: whose number is whose
        f"{label} {score_text(best.score[side])}"
        for side, label in enumerate(best.labels)
        if side != best.side
    )
    link = f'<a href="#/game/{esc(best.game_id)}/report">{esc(text)}</a>' if best.game_id else esc(text)
    return f'{link}<span class="sub">{esc(t("stats.best_against", names=against))}</span>'


def _splits(player: PlayerStats, index: int, t: i18n.Tr) -> str:
    """The player's games by kind: played (and, under the kind, how many are finished when not
    all are: the rate counts finished games only), won, the rate."""

    def finished(played: int, done: int) -> str:  # under the kind: the column stays narrow
        if done == played:
            return ""
        return f'<span class="sub">{esc(t("stats.finished_n", finished=done))}</span>'

    rows = join(
        f'<tr><th scope="row">{esc(t(f"stats.kind.{kind}"))}'
        f"{finished(split.played, split.finished)}</th><td>{split.played}</td>"
        f"<td>{split.won}</td><td>{esc(percent(split.won / split.finished if split.finished else None, t))}</td></tr>"
        for kind in KINDS
        if (split := player.splits.get(kind)) is not None
    )
    return (
        f'<table class="split"><caption>{esc(t("stats.split"))}</caption><thead><tr>'
        f'<th scope="col">{esc(t("stats.kind"))}</th><th scope="col">{esc(t("stats.col_games"))}</th>'
        f'<th scope="col">{esc(t("stats.col_won"))}</th><th scope="col">{esc(t("stats.col_rate"))}</th>'
        f"</tr></thead><tbody>{rows}</tbody></table>"
    )


def _pair(state: State, stats: Stats) -> tuple[PlayerStats, PlayerStats]:
    """The two players compared: the ones picked, else the two with the most games."""
    first = stats.find(state.stats.a) or stats.players[0]
    second = stats.find(state.stats.b)
    if second is None or second.key == first.key:
        second = next(player for player in stats.players if player.key != first.key)
    return first, second


def _head_to_head(state: State, stats: Stats, games: list[dict[str, object]],
                  filters: Filters, t: i18n.Tr) -> str:
    a, b = _pair(state, stats)
    options = [(player.key, player.name) for player in stats.players]
    selects = (
        _select("h2h-a", "stats-pair", t("stats.h2h_a"), options, a.key, ' data-which="a"')
        + _select("h2h-b", "stats-pair", t("stats.h2h_b"), options, b.key, ' data-which="b"')
    )
    found = head_to_head(games, filters, a.key, b.key)
    return (
        '<section class="h2h" aria-labelledby="h2h-title">'
        f'<h3 id="h2h-title">{esc(t("stats.h2h"))}</h3>'
        f'<div class="filters">{selects}</div>'
        f'<dl class="facts" id="h2h-figures" aria-live="polite">{_h2h_rows(a, b, found, t)}</dl></section>'
    )


def _h2h_rows(a: PlayerStats, b: PlayerStats, found: HeadToHead, t: i18n.Tr) -> str:
    rows = [(t("stats.h2h_against"), t("stats.games_value", count=found.against,
                                       finished=found.against_finished))]
    if found.against_finished:
        rows += [
            (t("stats.h2h_won_by", name=in_text(a.name)), str(found.a_won)),
            (t("stats.h2h_won_by", name=in_text(b.name)), str(found.b_won)),
        ]
        if found.others_won:
            rows.append((t("stats.h2h_others"), str(found.others_won)))
    rows.append((t("stats.h2h_together"), t("stats.games_value", count=found.together,
                                            finished=found.together_finished)))
    if found.together_finished:
        rows.append((t("stats.h2h_won_together"), str(found.together_won)))
    return join(f"<div><dt>{esc(term)}</dt><dd>{esc(value)}</dd></div>" for term, value in rows)
