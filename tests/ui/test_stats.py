"""The report of a game and the statistics across games, on small games worked out by hand.

Each game's figures are written down in the comments next to its hands, from the rules
(RULES.md) alone; the tests check the app computes the same.
"""

from __future__ import annotations

import dataclasses
import re
from datetime import datetime, timedelta
from html import unescape
from typing import Any

import pytest

from app.ui import i18n, scoring
from app.ui.state import initial_state
from app.ui.stats import (
    Filters,
    SeatFigures,
    SideFigures,
    game_report,
    head_to_head,
    period_bounds,
    player_stats,
)
from app.ui.stats.chart import chart_svg, data_table, legend, marks_of
from app.ui.stats.players import game_date, years
from app.ui.stats.report import sample_report
from app.ui.stats.report_views import result_text
from app.ui.views import render
from tests.ui.helpers import Table

# Two players, the default rules (to 501, eggs hang). Running score after each hand:
GAME_1: dict[str, Any] = {
    "id": "g1", "rev": 7, "created": "2026-07-01T18:55:00", "updated": "2026-07-01T19:40:00",
    "players": ["Оля", "Петро"],
    "hands": [
        # made, 100 + terz 20 : 62                                   -> 120 : 62
        {"taker": 0, "cards": [100, 62], "melds": {"side": 0, "terz": 1}},
        # eggs 81 : 81, Петро took trump: Оля 81, Петро's 81 hang      -> 201 : 62, pot 81
        {"taker": 1, "cards": [81, 81], "at": "2026-07-01T19:05:00"},
        {"redeal": True, "at": "2026-07-01T19:08:00"},
        # made 62 : 100 + bella 20, Петро wins the pot: +62 : +201     -> 263 : 263
        {"taker": 1, "cards": [62, 100], "bella": 1, "at": "2026-07-01T19:12:00"},
        # made 70 + fifty 50 = 120 : 92                                -> 383 : 355
        {"taker": 0, "cards": [70, 92], "melds": {"side": 0, "fifty": 1},
         "at": "2026-07-01T19:20:00"},
        # Петро took no trick: his terz is void, 0 : 162 is a bait, Оля 162 -> 545 : 355, won
        {"taker": 1, "cards": [162, 0], "no_tricks": [1], "melds": {"side": 1, "terz": 1},
         "at": "2026-07-01T19:31:00"},
        # after the end: void
        {"taker": 0, "cards": [100, 62], "at": "2026-07-01T19:40:00"},
    ],
}

# Four players in teams (Оля & Петро against Іван & Марта), to 301, a bait costs 100 and a hand
# without a trick 50, every time.
GAME_2: dict[str, Any] = {
    "id": "g2", "rev": 2, "created": "2026-07-02T20:00:00", "updated": "2026-07-02T20:30:00",
    "players": ["оля", "Іван", "Петро", "Марта"], "teams": True,
    "rules": {"target": 301, "bait_penalty": {"points": 100, "when": "each"},
              "ski_penalty": {"points": 50, "when": "each"}},
    "hands": [
        # Іван took trump, 92 : 70: a bait; Оля & Петро 162, Іван & Марта -100 -> 162 : -100
        {"taker": 1, "cards": [92, 70]},
        # Петро took trump, 162 : 0, Іван & Марта no trick: 162 : -50       -> 324 : -150, won
        {"taker": 2, "cards": [162, 0], "no_tricks": [1]},
    ],
}

# Three players: a bait of ОЛЯ split to the leader, then Іван declares debertz (no cards).
GAME_3: dict[str, Any] = {
    "id": "g3", "rev": 2, "created": "2026-07-03T21:00:00", "updated": "2026-07-03T21:10:00",
    "players": ["ОЛЯ", "Марта", "Іван"],
    "hands": [
        {"taker": 0, "cards": [50, 70, 42]},  # bait: Марта, the leader, gets 162 -> 0 : 162 : 0
        {"taker": 2, "debertz": 2},  # debertz: Іван wins at once, nothing scored
    ],
}

GAMES = [GAME_1, GAME_2, GAME_3]


def test_the_report_of_a_two_player_game_counts_every_figure() -> None:
    report = game_report(GAME_1)
    assert report.score == (545, 355)
    assert (report.winner, report.decided_by, report.finished) == (0, "target", True)
    assert (report.hands, report.redeals, report.void) == (5, 1, 1)
    assert report.sides[0] == SideFigures(
        points=545, taken=2, made=2, sequences=70, biggest=162, biggest_hand=6, run=2)
    assert report.sides[1] == SideFigures(
        points=355, taken=3, made=1, baited=1, eggs=1, skis=1, bella=20, pots=81,
        biggest=201, biggest_hand=4, run=1)
    assert report.seats == (SeatFigures(2, 2, 0, 0), SeatFigures(3, 1, 1, 1))


def test_the_time_runs_from_the_first_stamped_hand_to_the_last_counted_one() -> None:
    timing = game_report(GAME_1).timing
    assert timing is not None
    # hand 1 has no time; hand 7 is void and does not count
    assert (timing.start, timing.end) == (datetime(2026, 7, 1, 19, 5), datetime(2026, 7, 1, 19, 31))
    assert (timing.seconds, timing.first_hand, timing.untimed) == (26 * 60, 2, 1)


def test_a_game_without_times_has_no_timing() -> None:
    assert game_report(GAME_2).timing is None


def test_a_team_game_with_penalties() -> None:
    report = game_report(GAME_2)
    assert report.score == (324, -150) and report.winner == 0
    assert report.labels == ("оля & Петро", "Іван & Марта") and report.teams
    assert report.sides[0] == SideFigures(points=324, taken=1, made=1, biggest=162,
                                          biggest_hand=1, run=1)
    assert report.sides[1] == SideFigures(points=-150, taken=1, baited=1, skis=1, penalties=150)
    assert [seat.taken for seat in report.seats] == [0, 1, 1, 0]
    assert report.seats[1].baited == 1 and report.seats[2].made == 1
    assert report.lead(0) == 474


def test_the_chart_marks_the_lowest_score_when_its_scale_has_nothing_below_0() -> None:
    """A side at −150 was drawn below the line of 0 with no figure beside it (a play-through):
    the scale's steps of 200 have none below 0, so the lowest score is marked itself."""
    from app.ui.stats.chart import chart_svg

    shown = scoring.played(GAME_2)
    svg = chart_svg(shown, i18n.translator("en"), [])
    labels = re.findall(r'<text class="ylab[^"]*"[^>]*>([^<]*)</text>', svg)
    assert labels[0] == "−150" and "0" in labels, labels


def test_debertz_without_cards_counts_as_a_hand_and_as_taken() -> None:
    """Issue 18 item 5: a hand counted in «Роздач зараховано» counts in «Брали козир» too; the
    debertz not played out is its own row under it (it is neither made nor a bait)."""
    report = game_report(GAME_3)
    assert (report.winner, report.decided_by, report.hands) == (2, "debertz", 2)
    assert report.sides[2].debertz == 1 and report.sides[2].taken == 1
    assert report.sides[2].closed == 1 and report.seats[2].closed == 1
    assert sum(side.taken for side in report.sides) == report.hands
    assert report.sides[0].baited == 1 and report.score == (0, 162, 0)


@pytest.mark.parametrize(
    ("failed_claim", "points", "winner", "decided_by"),
    [("play_on", 110, 1, "claim"), ("loses", 10, 0, "failed_claim")],
)
def test_a_claim_hand_ends_the_game_counts_as_a_hand_but_scores_nothing(
    failed_claim: str, points: int, winner: int, decided_by: str
) -> None:
    game = {"id": "gc", "players": ["Оля", "Петро"],
            "rules": {"target": 201, "failed_claim": failed_claim},
            "hands": [{"taker": 1, "cards": [62, 100]},
                      {"taker": 0, "claim": {"side": 1, "cards": points}}]}
    report = game_report(game)
    assert (report.winner, report.decided_by, report.hands) == (winner, decided_by, 2)
    assert report.score == (62, 100)
    assert [side.taken for side in report.sides] == [1, 1]  # the claim hand's taker too
    assert [side.closed for side in report.sides] == [1, 0]
    assert sum(side.taken for side in report.sides) == report.hands
    assert [side.biggest for side in report.sides] == [62, 100]


def test_the_chart_marks_baits_eggs_penalties_and_debertz() -> None:
    found = [(m.kind, m.side, m.number, m.score) for m in marks_of(scoring.played(GAME_1))]
    assert found == [("eggs", 1, 2, 62), ("bait", 1, 6, 355)]
    found = [(m.kind, m.side, m.number) for m in marks_of(scoring.played(GAME_2))]
    assert found == [("bait", 1, 1), ("penalty", 1, 1), ("penalty", 1, 2)]
    found = [(m.kind, m.side, m.number) for m in marks_of(scoring.played(GAME_3))]
    assert found == [("bait", 0, 1), ("debertz", 2, 2)]


def test_the_chart_marks_the_claim_that_closed_a_game_at_the_side_that_made_it() -> None:
    """The «Партія» that decided a game had no mark (a play-through): it has a star, in the
    legend and the chart's table too."""
    game = {"players": ["Оля", "Петро", "Іван"], "rules": {"target": 301},
            "hands": [{"taker": 0, "cards": [100, 62, 0]}] * 3
            + [{"taker": 0, "claim": {"side": 1, "cards": 120}}]}
    shown = scoring.played(game)
    marks = marks_of(shown)
    assert [(m.kind, m.side, m.number) for m in marks] == [("claim", 1, 4)]
    t = i18n.translator("uk")
    assert '<path class="mk claim"' in chart_svg(shown, t, marks)
    assert "«Партія»" in legend(shown, t, marks)
    assert "«Партія»: Петро" in data_table(shown, t, marks)


def by_name(games: list[dict[str, Any]], filters: Filters | None = None) -> dict[str, Any]:
    found = player_stats(games, filters or Filters())
    return {player.key: player for player in found.players}


def test_statistics_add_up_each_players_games() -> None:
    stats = player_stats(GAMES, Filters())
    assert (stats.games, stats.finished, stats.hands) == (3, 3, 9)
    players = by_name(GAMES)
    assert list(players) == ["оля", "петро", "іван", "марта"]  # most games, most wins, name
    olya = players["оля"]
    assert olya.name == "ОЛЯ"  # as written in her latest game
    assert (olya.played, olya.finished, olya.won, olya.win_rate) == (3, 3, 2, 2 / 3)
    assert (olya.taken, olya.made, olya.baited, olya.eggs, olya.made_share) == (3, 2, 1, 0, 2 / 3)
    assert (olya.hands, olya.points) == (9, 545 + 324 + 0)
    assert olya.per_hand == pytest.approx(869 / 9)
    assert olya.best is not None and (olya.best.game_id, olya.best.lead) == ("g2", 474)
    assert {kind: (s.played, s.won) for kind, s in olya.splits.items()} == {
        "2": (1, 1), "4t": (1, 1), "3": (1, 0)}
    petro = players["петро"]
    assert (petro.played, petro.won, petro.hands, petro.points) == (2, 1, 7, 355 + 324)
    assert (petro.taken, petro.made, petro.baited, petro.eggs, petro.skis) == (4, 2, 1, 1, 1)
    ivan = players["іван"]
    assert (ivan.played, ivan.won, ivan.taken, ivan.baited) == (2, 1, 2, 1)  # and the debertz
    assert (ivan.skis, ivan.debertz, ivan.points, ivan.per_hand) == (1, 1, -150, -37.5)
    assert ivan.best is not None and ivan.best.lead == -162  # a debertz win while behind
    marta = players["марта"]
    assert (marta.played, marta.won, marta.skis, marta.points, marta.best) == (2, 0, 1, 12, None)


def test_head_to_head_counts_games_against_and_together() -> None:
    olya_petro = head_to_head(GAMES, Filters(), "оля", "петро")
    assert (olya_petro.against, olya_petro.a_won, olya_petro.b_won) == (1, 1, 0)
    assert (olya_petro.together, olya_petro.together_won) == (1, 1)
    olya_ivan = head_to_head(GAMES, Filters(), "оля", "іван")
    assert (olya_ivan.against, olya_ivan.a_won, olya_ivan.b_won, olya_ivan.together) == (2, 1, 1, 0)
    assert head_to_head(GAMES, Filters(), "оля", "оля").against == 0


def test_filters_keep_games_by_players_and_period() -> None:
    assert list(by_name(GAMES, Filters(players=2))) == ["оля", "петро"]
    since = by_name(GAMES, Filters(since="2026-07-02T00:00:00"))
    assert since["оля"].played == 2 and "петро" in since
    until = by_name(GAMES, Filters(until="2026-07-02T00:00:00"))
    assert until["оля"].played == 1
    assert player_stats(GAMES, Filters(since="2027-01-01T00:00:00")).players == ()


def test_a_game_without_a_scored_hand_does_not_count() -> None:
    empty = {"id": "g0", "players": ["Оля", "Петро"], "hands": [{"redeal": True}]}
    assert by_name([empty]) == {}
    assert by_name([empty, GAME_1])["оля"].played == 1


def test_unfinished_games_count_for_hands_but_not_for_wins() -> None:
    going = {**GAME_1, "id": "g4", "hands": GAME_1["hands"][:2]}
    olya = by_name([going])["оля"]
    assert (olya.played, olya.finished, olya.won, olya.win_rate) == (1, 0, 0, None)
    assert (olya.hands, olya.taken) == (2, 1)


def test_a_player_s_line_says_the_rate_is_of_the_finished_games() -> None:
    """Issue 18 item 4: «2 гри · перемог: 1 (100 %)» read wrong; the line names the finished."""
    going = {**GAME_1, "id": "g4", "hands": GAME_1["hands"][:2], "updated": "2026-07-05T10:00:00"}
    state = initial_state({g["id"]: g for g in (GAME_1, going)}, {}, [], ["uk"])
    state.screen = "stats"
    text = text_of(render(state))
    assert re.search(r"Оля 2 гри · завершено 1 · перемог: 1 \(100\s?%\)", text), text
    # and so does the table by kind of game («2 · 1 · 100 %» read as 1 win in 2; a play-through)
    assert re.search(r"удвох завершено 1 2 1 100\s?%", text), text


def test_periods_are_fixed_when_picked() -> None:
    assert period_bounds("day", "2026-07-03T12:00:00") == ("2026-07-02T12:00:00", "")
    assert period_bounds("quarter", "2026-07-03T12:00:00")[0] == "2026-04-03T12:00:00"
    assert period_bounds("y2026", "") == ("2026-01-01T00:00:00", "2027-01-01T00:00:00")
    assert period_bounds("nonsense", "2026-07-03T12:00:00") == ("", "")
    assert years(GAMES) == [2026]
    assert game_date({"hands": []}) is None


def test_the_report_is_recomputed_for_a_new_revision() -> None:
    table = Table("en")
    table.new_game(["Оля", "Петро"], target="101")
    table.hand(0, {0: 70})
    before = game_report(table.game)
    table.do("edit-hand", index=0)
    table.do("cards", side=0, value="120")
    table.do("save-hand")
    after = game_report(table.game)
    assert before.sides[0].baited == 1 and after.sides[0].made == 1
    html = table.html()
    assert 'id="report-title"' in html


# --- the screens --------------------------------------------------------------------------


def stats_html(lang: str, **view: Any) -> str:
    state = initial_state({g["id"]: g for g in GAMES}, {}, [], [lang])
    state.screen = "stats"
    if view:
        from dataclasses import replace

        state.stats = replace(state.stats, **view)
    return render(state)


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def test_the_statistics_screen_shows_the_figures_in_english() -> None:
    text = text_of(stats_html("en"))
    assert "Only finished games count for wins" in text
    assert "3 games (3 finished), 9 hands." in text
    assert "ОЛЯ 3 games · 3 finished · won 2 (67%)" in text
    assert "Took trump 3, made 2 (67%)" in text
    assert "Points per hand, on average 96.6" in text  # 869 / 9
    assert "Best game 324 (+474), 02.07.2026 against Іван & Марта −150" in text
    assert "Points per hand, on average −37.5" in text


@pytest.mark.parametrize(("lang", "phrase"), [
    ("uk", "3 гри (завершено: 3), 9 роздач."),
    ("ru", "3 игры (закончено: 3), 9 сдач."),
    ("en", "3 games (3 finished), 9 hands."),
])
def test_the_overview_agrees_with_its_numbers(lang: str, phrase: str) -> None:
    assert phrase in text_of(stats_html(lang))


def test_statistics_drawn_first_leave_out_only_the_figures_hidden_in_each_players_line() -> None:
    """A screen opened is drawn first as far as a phone shows it (``views.render_first``), the
    rest once the page is idle: here the figures inside each closed player's line."""
    from app.ui.views import render_first

    table = Table("en", {g["id"]: g for g in GAMES})
    table.do("route", hash="#/stats")
    whole = table.html()
    first, later = render_first(table.state)
    assert later and first != whole
    lines = re.findall(r'<details class="player" id="player-\d+">.*?</details>', whole)
    assert len(lines) == 4 and all("<dl" in line and "<table" in line for line in lines)
    shown = [line[: line.index("</summary>")] + "</summary></details>" for line in lines]
    assert re.findall(r'<details class="player".*?</details>', first) == shown
    start, end = whole.index(lines[0]), whole.index(lines[-1]) + len(lines[-1])
    assert first == whole[:start] + "</li><li>".join(shown) + whole[end:], "the rest as whole"
    assert render_first(table.state) == (first, later) and table.html() == whole, "no state kept"


def test_the_screen_says_when_no_game_counts() -> None:
    html = stats_html("uk", players=3, since="2026-07-04T00:00:00", period="week")
    assert 'id="stats-empty"' in html and "details" not in html
    # the choice emptied it: the period and the number of players, not the period alone
    assert "за цей час і з цим числом гравців" in html
    table = Table("en")
    table.do("route", hash="#/stats")
    assert "No games with recorded hands yet." in table.html()


def test_the_compared_players_follow_the_choice() -> None:
    table = Table("en", {g["id"]: g for g in GAMES})
    table.do("route", hash="#/stats")
    table.do("stats-pair", which="a", value="марта")
    table.do("stats-pair", which="b", value="іван")
    html = table.html()
    assert '<option value="марта" selected>' in html
    assert "Games as partners</dt><dd>1, 1 finished" in html
    table.do("stats-period", value="y2026", now="2026-12-01T10:00:00")
    table.do("stats-players", value="3")
    assert table.state.stats.since == "2026-01-01T00:00:00" and table.state.stats.players == 3
    assert "1 game (1 finished), 2 hands." in text_of(table.html())
    with pytest.raises(ValueError):
        table.do("stats-pair", which="c", value="x")


def test_the_games_list_links_to_the_statistics_and_to_each_report() -> None:
    table = Table("en", {g["id"]: g for g in GAMES})
    html = table.html()
    assert 'href="#/stats"' in html
    assert 'href="#/game/g1/report"' in html
    effects = table.do("route", hash="#/game/g1/report")
    assert table.state.screen == "game" and effects[-1].key == "report-title"


def test_the_report_table_of_a_team_game() -> None:
    state = initial_state({"g2": GAME_2}, {}, [], ["en"])
    state.screen, state.game_id = "game", "g2"
    text = text_of(render(state))
    assert "Result оля & Петро 324 — Іван & Марта −150" in text
    assert "Score 324 −150" in text
    assert "Penalties 0 −150" in text
    assert "Biggest hand +162 hand 1 —" in text
    assert "Who took trump оля : 0 Петро : 1 Іван : 1 Марта : 0" in text
    assert "Time —" not in text and "Time not known" in text


def test_a_game_in_progress_folds_its_chart() -> None:
    table = Table("uk")
    table.new_game(["Оля", "Петро"])
    assert "chart-fold" not in table.html()
    table.hand(0, {0: 100})
    html = table.html()
    assert 'id="chart-fold" data-toggle="fold-chart" data-open="false">' in html
    assert "report-title" not in html
    assert '<svg class="chart"' not in html, "a folded chart is not drawn"
    table.do("fold-chart", open="true")
    html = table.html()
    assert 'id="chart-fold" data-toggle="fold-chart" data-open="true" open>' in html
    assert "Графік рахунку за 1 роздачу, мета 501. Наприкінці: Оля 100, Петро 62." in html
    table.hand(1, {1: 90})
    assert "Графік рахунку за 2 роздачі" in table.html(), "it stays open as hands are added"
    table.do("fold-chart", open="false")
    assert '<svg class="chart"' not in table.html()


@pytest.mark.parametrize(("minutes", "text"), [(1, "1 хв"), (59, "59 хв"), (61, "1 год 1 хв")])
def test_durations_read_in_hours_and_minutes(minutes: int, text: str) -> None:
    from app.ui.stats.report_views import duration_text

    assert duration_text(minutes * 60, i18n.translator("uk")) == text


@pytest.mark.parametrize(("seconds", "said"), [(20, "менше хвилини"), (40, "менше хвилини"),
                                               (60, "1 хв"), (100, "2 хв")])
def test_a_game_shorter_than_a_minute_says_so(seconds: int, said: str) -> None:
    """«Тривалість 0 хв (14:30–14:31)» (a play-through); 40 s rounded to «1 хв» as well."""
    from app.ui.stats.report import game_report
    from app.ui.stats.report_views import time_text

    start = datetime(2026, 12, 6, 14, 30)
    hands = [{"taker": 0, "cards": [100, 62],
              "at": (start + timedelta(seconds=s)).isoformat(timespec="seconds")}
             for s in (0, seconds)]
    report = game_report({"players": ["Оля", "Петро"], "hands": hands})
    assert time_text(report, i18n.translator("uk")).startswith(said)


def test_a_new_hand_records_when_it_was_entered_and_an_edit_keeps_it() -> None:
    table = Table("en")
    table.new_game(["Оля", "Петро"])
    table.hand(0, {0: 100})
    stamp = table.game["hands"][0]["at"]
    assert re.fullmatch(r"2026-11-30T03:\d\d:\d\d", stamp)
    table.do("edit-hand", index=0)
    table.do("cards", side=0, value="90")
    table.do("save-hand")
    assert table.game["hands"][0] == {"taker": 0, "cards": [90, 72], "at": stamp}


def test_the_report_says_from_which_hand_the_time_is_counted() -> None:
    state = initial_state({"g1": GAME_1}, {}, [], ["en"])
    state.screen, state.game_id = "game", "g1"
    text = text_of(render(state))
    assert ("Time 26 min (01.07.2026 19:05–19:31) — from hand 2: earlier ones were entered "
            "without a time") in text


def test_the_report_says_up_to_which_hand_the_time_is_counted() -> None:
    """A copy saved from a file (its hands timed), then brought up to date from a link (whose
    hands carry no time): its time is that of the file's hands, and says so."""
    from app.ui.stats.report import game_report
    from app.ui.stats.report_views import time_text

    start = datetime(2026, 12, 6, 19, 0)
    timed = [
        {
            "taker": 0,
            "cards": [100, 62],
            "at": (start + timedelta(minutes=m)).isoformat(timespec="seconds"),
        }
        for m in (0, 20)
    ]
    later = [{"taker": 1, "cards": [62, 100]}, {"redeal": True}]
    report = game_report({"players": ["Оля", "Петро"], "hands": [*timed, *later]})
    assert time_text(report, i18n.translator("en")) == (
        "20 min (06.12.2026 19:00–19:20) — up to hand 2: the later ones came without a time"
    )


def test_reports_are_computed_ahead_a_few_games_per_step() -> None:
    from app.ui.stats.report import _reports, warm_reports, warming

    games = [{**GAME_1, "id": f"warm-{i}"} for i in range(5)]
    steps = warm_reports(games, per_step=2, total=5)
    yields = 0
    try:
        while True:
            steps.send(None)
            yields += 1
            assert len([key for key in _reports if str(key).startswith("warm-")]) == min(2 * yields, 5)
            assert warming() == (min(2 * yields, 5), 5)
    except StopIteration as done:
        assert done.value == 5
    finally:
        steps.close()  # a failed assertion must not leave the count set for the next tests
    assert yields == 3 and warming() is None


def test_statistics_opened_while_the_reports_are_computed_say_how_far_then_show_the_figures(
) -> None:
    """Tapped in the first seconds after a start on a phone, the statistics computed every
    report at once (0.65-1.6 s at 4x CPU with 300 games, the page frozen): now the screen
    answers with the count, and the page's warm-up draws the figures when it is done."""
    from app.ui.stats.report import expect_reports, warm_reports

    table = Table("uk", {f"c{i}": {**GAME_1, "id": f"c{i}"} for i in range(3)})
    expect_reports(3)
    steps = warm_reports(iter(table.state.games.values()), per_step=2, total=3)
    try:
        table.do("route", hash="#/stats")
        counting = text_of(table.html())
        assert "Рахую ігри: 0 з 3 ігор" in counting and "stats-overview" not in table.html()
        steps.send(None)
        assert "Рахую ігри: 2 з 3 ігор" in text_of(table.html())
        steps.send(None)  # the last game; the warm-up then goes on to its next part
        with pytest.raises(StopIteration):
            steps.send(None)
    finally:
        steps.close()
        expect_reports(None)  # a failed assertion must not leave the count set
    assert 'id="stats-overview"' in table.html() and "Рахую" not in text_of(table.html())


def test_the_count_stops_when_the_warm_up_does() -> None:
    """A warm-up that fails on its way must not leave the statistics counting for ever."""
    from app.ui.stats.report import warm_reports, warming

    def broken() -> Any:
        yield {**GAME_1, "id": "ok"}
        raise RuntimeError("the store went away")

    steps = warm_reports(broken(), per_step=1, total=9)
    steps.send(None)
    assert warming() == (1, 9)
    with pytest.raises(RuntimeError):
        steps.send(None)
    assert warming() is None


def test_a_three_player_report_names_whose_number_is_whose_and_counts_the_debertz_taken() -> None:
    """Issue 18 items 5 and 6: «Віра — 81 : 0 : 81» said nothing of whose 0 it was; a debertz
    hand counts in «Брали козир» as in «Роздач зараховано», on a row of its own under it."""
    table = Table("uk", {"g3": GAME_3})
    table.do("route", hash="#/game/g3/report")
    text = text_of(table.html())
    assert "Результат Іван 0 — Марта 162 · ОЛЯ 0" in text
    assert "Роздач зараховано 2" in text
    assert re.search(r"Брали козир 1 0 1 зіграно 0 0 0 байт 1 0 0 яйця 0 0 0 "
                     r"перервано «Партією» чи деберцем 0 0 1", text), text


def test_a_claim_against_the_taker_reads_as_how_the_hand_ended_not_as_the_takers_claim() -> None:
    """Seen at the table (ru): Петя claimed in a hand Оля had taken trump in, and Оля's column
    said ««Партия» или деберц 1» (the row counts how the taker's hands ended)."""
    game = {"id": "gc", "players": ["Оля", "Петя"], "rules": {"target": 301},
            "hands": [{"taker": 1, "cards": [62, 100]}, {"taker": 1, "cards": [62, 100]},
                      {"taker": 0, "claim": {"side": 1, "cards": 101}}]}
    table = Table("ru", {"gc": game})
    table.do("route", hash="#/game/gc/report")
    text = text_of(table.html())
    assert "Брали козырь 1 2 сыграно 0 2" in text
    assert "прервано «Партией» или деберцем 1 0" in text and "«Партия» или деберц 1" not in text


def test_a_players_best_game_names_whose_number_is_whose() -> None:
    """The best game's line gave «0 : 0 : 162 (−162)» and then «проти: ОЛЯ · Марта», in an order
    it did not say; now the player's own score and lead, then each other side with its score."""
    table = Table("uk", {"g3": GAME_3})
    table.do("route", hash="#/stats")
    text = text_of(table.html())
    assert "Найкраща гра 0 (−162), 03.07.2026 проти: ОЛЯ 0 · Марта 162" in text, text


def test_statistics_over_games_with_no_report_count_them_and_ask_the_page_to_make_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A library over the warm-up's 500 games: the statistics made every older game's report
    in the tap (seconds on a phone with thousands). Over ``COUNT_AT_ONCE`` missing, the screen
    counts them and asks the page to make them (``wanted_reports``, once); a game that cannot
    be replayed is not counted as missing again."""
    from app.ui.stats import report

    monkeypatch.setattr(report, "COUNT_AT_ONCE", 2)
    table = Table("en", {f"old{i}": {**GAME_1, "id": f"old{i}"} for i in range(5)})
    try:
        table.do("route", hash="#/stats")
        assert "Counting the games: 0 of 5 games" in text_of(table.html())
        wanted = report.wanted_reports()
        assert sorted(wanted) == [f"old{i}" for i in range(5)] and report.wanted_reports() == []
        steps = report.warm_reports([table.state.games[gid] for gid in wanted[:4]], 8, total=5)
        with pytest.raises(StopIteration):
            steps.send(None)
            steps.send(None)
    finally:
        report.expect_reports(None)
    assert 'id="stats-overview"' in table.html()  # one missing: made in the tap
    report._refused.update(["broken1", "broken2", "broken3"])
    try:
        assert not report.ask_for_reports(["old0", "broken1", "broken2", "broken3"])
    finally:
        report._refused.difference_update(["broken1", "broken2", "broken3"])


def test_a_reports_result_gives_the_others_by_score_after_the_winner() -> None:
    """«Борис 526 — Ана 122 · Віра 326» read as if Ана came second (a play-through)."""
    report = dataclasses.replace(sample_report(), labels=("Ана", "Борис", "Віра"),
                                 score=(122, 526, 326), winner=1)
    assert result_text(report) == "Борис 526 — Віра 326 · Ана 122"
