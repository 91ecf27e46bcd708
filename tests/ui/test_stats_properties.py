"""Properties of the report and the statistics over any valid games (Hypothesis).

- a report agrees with the engine's sheet and with itself (taken = made + baited + eggs, the
  partners' hands add up to their side's, every record counted once);
- a game saved as a file and read back gives the same report;
- each player's statistics are the sums of that player's figures in the games' reports.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app import engine
from app.ui import scoring
from app.ui.stats import Filters, game_report, head_to_head, player_stats, players
from app.ui.stats.players import KINDS, game_kind, name_key
from app.ui.stats.report import cached_report, report_of
from tests.engine.strategies import games as engine_games

STAMP = "2026-07-{day:02d}T{hour:02d}:{minute:02d}:00"


@st.composite
def saved_games(draw: Any, number: int = 0) -> dict[str, Any]:
    """A valid game as the app keeps it: an id, a revision, a start time, times on some hands,
    names sometimes in capitals (the same player for the statistics)."""
    game: dict[str, Any] = draw(engine_games(max_hands=20))
    if draw(st.booleans()):
        game["players"] = [name.upper() for name in game["players"]]
    day = draw(st.integers(1, 28))
    game.update({"id": f"p{number}", "rev": draw(st.integers(0, 50)),
                 "created": STAMP.format(day=day, hour=18, minute=0),
                 "updated": STAMP.format(day=day, hour=23, minute=0)})
    timed_from = draw(st.integers(0, len(game["hands"])))
    game["hands"] = [
        {**hand, "at": STAMP.format(day=day, hour=19 + i // 60, minute=i % 60)}
        if i >= timed_from else hand
        for i, hand in enumerate(game["hands"])
    ]
    return game


@st.composite
def game_lists(draw: Any) -> list[dict[str, Any]]:
    count = draw(st.integers(1, 6))
    return [draw(saved_games(number)) for number in range(count)]


@settings(max_examples=80, deadline=None)
@given(saved_games())
def test_a_report_agrees_with_the_sheet_and_with_itself(game: dict[str, Any]) -> None:
    report = game_report(game)
    sheet = scoring.sheet(game)
    lines = sheet.hands
    assert report.score == sheet.score and report.winner == sheet.winner
    assert report.hands + report.redeals + report.void == len(lines)
    assert report.void == sum(line.void for line in lines)
    assert sum(side.taken for side in report.sides) == report.hands  # every hand has a taker
    for side, figures in enumerate(report.sides):
        assert figures.taken == figures.made + figures.baited + figures.eggs + figures.closed
        assert figures.run <= figures.made
        seats = [seat for seat, owner in enumerate(report.side_of) if owner == side]
        for name in ("taken", "made", "baited", "eggs", "closed"):
            assert getattr(figures, name) == sum(getattr(report.seats[s], name) for s in seats)
        assert figures.points == sum(line.change[side] for line in lines)
        assert figures.penalties == sum(
            line.penalties.bait[side] + line.penalties.ski[side] for line in lines)
        if figures.biggest_hand:
            assert lines[figures.biggest_hand - 1].change[side] == figures.biggest > 0
            assert all(line.change[side] <= figures.biggest for line in lines)
        else:
            assert all(line.change[side] <= 0 for line in lines)
    taken = [line for line in lines if line.taker is not None and not line.void]
    assert sum(figures.taken for figures in report.sides) == len(taken)


@settings(max_examples=50, deadline=None)
@given(saved_games())
def test_a_game_saved_as_a_file_and_read_back_gives_the_same_report(game: dict[str, Any]) -> None:
    again = json.loads(scoring.export_text(game))
    assert game_report(again) == game_report(game)
    parsed = engine.game_from_json(game)
    replayed = engine.game_from_json(engine.game_to_json(parsed))
    assert report_of(replayed, engine.score(replayed)) == game_report(game)


@settings(max_examples=50, deadline=None)
@given(saved_games(), st.integers(1, 3))
def test_the_cache_never_gives_an_older_revisions_report(game: dict[str, Any], cut: int) -> None:
    cached_report(game)
    shorter = {**game, "hands": game["hands"][:-cut], "rev": game["rev"] + 1}
    assert cached_report(shorter) == game_report(shorter)
    assert cached_report(game) == game_report(game)


def expected(games: list[dict[str, Any]]) -> dict[str, dict[str, int]]:
    """Each player's figures summed from the reports, the slow and obvious way."""
    found: dict[str, dict[str, int]] = {}
    for game in games:
        report = game_report(game)
        if report.hands == 0:
            continue
        for seat, name in enumerate(report.players):
            side = report.side_of[seat]
            mine = found.setdefault(name_key(name), dict.fromkeys(
                ("played", "finished", "won", "hands", "points", "taken", "made", "baited",
                 "eggs", "skis", "debertz"), 0))
            mine["played"] += 1
            mine["finished"] += report.finished
            mine["won"] += report.winner == side
            mine["hands"] += report.hands
            mine["points"] += report.score[side]
            for key in ("taken", "made", "baited", "eggs"):
                mine[key] += getattr(report.seats[seat], key)
            mine["skis"] += report.sides[side].skis
            mine["debertz"] += report.sides[side].debertz
    return found


@settings(max_examples=50, deadline=None)
@given(game_lists())
def test_each_players_statistics_are_the_sums_of_the_games_figures(
    games: list[dict[str, Any]],
) -> None:
    stats = player_stats(games, Filters())
    wanted = expected(games)
    assert {player.key for player in stats.players} == set(wanted)
    for player in stats.players:
        got = {key: getattr(player, key) for key in wanted[player.key]}
        assert got == wanted[player.key], player.name
        assert sum(split.played for split in player.splits.values()) == player.played
        assert sum(split.won for split in player.splits.values()) == player.won
        assert set(player.splits) <= set(KINDS)
    counted = [game_report(game) for game in games if game_report(game).hands]
    assert stats.games == len(counted)
    assert stats.hands == sum(report.hands for report in counted)
    assert sum(player.taken for player in stats.players) == sum(
        figures.taken for report in counted for figures in report.sides)


@settings(max_examples=40, deadline=None)
@given(game_lists(), st.sampled_from([0, 2, 3, 4]))
def test_filtering_by_players_keeps_exactly_those_games(
    games: list[dict[str, Any]], players: int,
) -> None:
    kept = [game for game in games if not players or len(game["players"]) == players]
    assert player_stats(games, Filters(players=players)) == player_stats(kept, Filters())


@settings(max_examples=40, deadline=None)
@given(game_lists())
def test_head_to_head_splits_the_games_both_played(games: list[dict[str, Any]]) -> None:
    stats = player_stats(games, Filters())
    if len(stats.players) < 2:
        return
    a, b = stats.players[0].key, stats.players[1].key
    found = head_to_head(games, Filters(), a, b)
    both = [game_report(g) for g in games
            if game_report(g).hands and {a, b} <= {name_key(n) for n in g["players"]}]
    assert found.against + found.together == len(both)
    assert found.a_won + found.b_won + found.others_won == found.against_finished
    assert found.together_won <= found.together_finished <= found.together
    assert all(game_kind(report) in KINDS for report in both)


FILTERS = st.builds(Filters, since=st.sampled_from(["", "2026-07-10T00:00:00"]),
                    until=st.sampled_from(["", "2026-07-20T00:00:00"]),
                    players=st.sampled_from([0, 2, 3, 4]))


@settings(max_examples=60, deadline=None)
@given(game_lists(), st.data())
def test_the_kept_figures_equal_the_figures_added_up_afresh_after_any_change(
    games: list[dict[str, Any]], data: st.DataObject
) -> None:
    # The statistics screen keeps what it added up while the same game dicts are given: a
    # filter picked again, the screen opened again. A game changed (a new dict, as every
    # change makes), added or deleted must give the figures of the games as they are now.
    for _ in range(data.draw(st.integers(1, 6))):
        filters = data.draw(FILTERS)
        names = [name_key(name) for game in games for name in game["players"]][:2]
        a, b = (names + ["а", "б"])[:2] if len(set(names)) == 2 else ("а", "б")
        assert player_stats(games, filters) == players._player_stats(games, filters)
        assert players.years(games) == players._years(games)
        assert head_to_head(games, filters, a, b) == players._head_to_head(games, filters, a, b)
        step = data.draw(st.sampled_from(["same", "change", "add", "delete"]))
        if step == "change":
            at = data.draw(st.integers(0, len(games) - 1))
            changed = data.draw(saved_games(at))
            games = [*games[:at], {**changed, "id": games[at]["id"]}, *games[at + 1 :]]
        elif step == "add":
            games = [*games, data.draw(saved_games(len(games) + 10))]
        elif step == "delete" and len(games) > 1:
            games = games[1:]
        else:
            games = list(games)  # the same dicts in a new list: the kept figures hold


def test_a_game_changed_gives_new_figures_and_the_same_games_give_the_kept_ones() -> None:
    game = {"id": "f1", "rev": 1, "players": ["Оля", "Петро"], "rules": {"target": 101},
            "created": "2026-07-01T19:00:00", "hands": [{"taker": 0, "cards": [120, 42]}]}
    first = player_stats([game], Filters())
    assert player_stats([game], Filters()) is first  # kept, not added up again
    won_by_petro = {**game, "rev": 2, "hands": [{"taker": 1, "cards": [42, 120]}]}
    again = player_stats([won_by_petro], Filters())
    assert again is not first
    assert [(p.name, p.won) for p in again.players] == [("Петро", 1), ("Оля", 0)]
    assert player_stats([game, won_by_petro], Filters()).games == 2
