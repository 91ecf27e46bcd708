"""Statistics per player across games: the games' reports added up per player name.

A player is a name, matched ignoring case (as the new-game form suggests names), shown as it
was written in the player's latest game. Hands a player took trump in are the player's own;
hands without a trick, debertz and points belong to the side, so partners in a team share them.
Games without a scored hand are left out; wins and win rates count finished games only.

>>> games = [
...     {"id": "g1", "players": ["Оля", "Петро"], "rules": {"target": 101}, "created": "2026-07-01T19:00",
...      "hands": [{"taker": 0, "cards": [120, 42]}]},
...     {"id": "g2", "players": ["петро", "Оля"], "created": "2026-07-02T19:00",
...      "hands": [{"taker": 0, "cards": [70, 92]}]}]
>>> stats = player_stats(games, Filters())
>>> [(p.name, p.played, p.finished, p.won, p.taken, p.baited) for p in stats.players]
[('Оля', 2, 1, 1, 1, 0), ('петро', 2, 1, 0, 1, 1)]
>>> stats.players[0].points, stats.players[0].hands, stats.players[0].per_hand
(282, 2, 141.0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, TypeVar

from app.ui.state import GameDict
from app.ui.stats.report import TIME_KEY, Report, cached_report, forget_reports, moment

_T = TypeVar("_T")
KINDS = ("2", "3", "4t", "4e")
"""The kinds of game a player's games are split into: two players, three, four in two teams,
four each for themselves."""

PERIODS = {"day": 1, "week": 7, "month": 30, "quarter": 91, "year": 365}
"""The "last N days" periods of the filter, by name; a calendar year is ``y2026``."""


@dataclass(frozen=True)
class Filters:
    """Which games count: started at or after ``since`` and before ``until`` (ISO local times;
    empty for no bound), with ``players`` players (0 for any number)."""

    since: str = ""
    until: str = ""
    players: int = 0


@dataclass(frozen=True)
class Split:
    """A player's games of one kind: played, finished and won."""

    played: int = 0
    finished: int = 0
    won: int = 0


@dataclass(frozen=True)
class Best:
    """A player's best game: the won game with the largest lead over the next side."""

    game_id: str
    lead: int
    score: tuple[int, ...]
    side: int
    labels: tuple[str, ...]
    date: datetime | None


@dataclass
class PlayerStats:
    """One player's figures over the games that count.

    ``played`` counts games with at least one scored hand; ``finished`` those that ended and
    ``won`` those the player's side won. ``hands`` are the scored hands of those games and
    ``points`` the sum of the side's final scores, so ``per_hand = points / hands``. ``taken``,
    ``made``, ``baited`` and ``eggs`` are the hands the player took trump in; ``skis`` and
    ``debertz`` those of the player's side.
    """

    key: str
    name: str
    played: int = 0
    finished: int = 0
    won: int = 0
    hands: int = 0
    points: int = 0
    taken: int = 0
    made: int = 0
    baited: int = 0
    eggs: int = 0
    skis: int = 0
    debertz: int = 0
    splits: dict[str, Split] = field(default_factory=dict)
    best: Best | None = None

    @property
    def win_rate(self) -> float | None:
        """Won / finished, or None before any finished game.

        >>> PlayerStats("a", "A", finished=4, won=3).win_rate, PlayerStats("a", "A").win_rate
        (0.75, None)
        """
        return self.won / self.finished if self.finished else None

    @property
    def made_share(self) -> float | None:
        """Made / taken, or None when the player never took trump."""
        return self.made / self.taken if self.taken else None

    @property
    def per_hand(self) -> float | None:
        """Points per hand: the side's points over the hands of the player's games."""
        return self.points / self.hands if self.hands else None


@dataclass(frozen=True)
class Stats:
    """The statistics screen's figures: totals over the games that count, and every player
    (most games first, then most wins, then by name)."""

    games: int
    finished: int
    hands: int
    players: tuple[PlayerStats, ...]

    def find(self, key: str) -> PlayerStats | None:
        """The player with this (case-folded) name, if any counts."""
        return next((player for player in self.players if player.key == key), None)


@dataclass(frozen=True)
class HeadToHead:
    """Two players' games together: as opponents (``against``) and as partners (``together``).

    Of the finished games as opponents, ``a_won`` were won by a's side, ``b_won`` by b's and
    ``others_won`` by a third side.
    """

    against: int = 0
    against_finished: int = 0
    a_won: int = 0
    b_won: int = 0
    others_won: int = 0
    together: int = 0
    together_finished: int = 0
    together_won: int = 0


def name_key(name: str) -> str:
    """The key a player's name is matched by: case is ignored, as everywhere in the app.

    >>> name_key("Оля") == name_key("ОЛЯ")
    True
    """
    return name.casefold()


def game_kind(report: Report) -> str:
    """``2``, ``3``, ``4t`` (two teams) or ``4e`` (four each for themselves).

    >>> from app.ui.stats.report import sample_report
    >>> game_kind(sample_report())
    '2'
    """
    count = len(report.players)
    if count < 4:
        return str(count)
    return "4t" if report.teams else "4e"


def game_date(game: GameDict) -> datetime | None:
    """When a game was started: ``created``, else its first hand's time, else ``updated``.

    >>> game_date({"created": "2026-07-01T19:00:00", "hands": []}).day
    1
    >>> game_date({"hands": [{"taker": 0, "at": "2026-07-02T20:00:00"}]}).day
    2
    """
    hands = game.get("hands") or [{}]
    first = hands[0] if isinstance(hands[0], dict) else {}
    for value in (game.get("created"), first.get(TIME_KEY), game.get("updated")):
        found = moment(value)
        if found is not None:
            return found
    return None


def period_bounds(period: str, now: str) -> tuple[str, str]:
    """``(since, until)`` of a period picked at ``now``: ``all``, the last day, week, month
    (30 days), quarter (91 days) or year (365 days), or a calendar year ``y2026``.

    >>> period_bounds("week", "2026-07-08T21:30:00")
    ('2026-07-01T21:30:00', '')
    >>> period_bounds("y2025", "2026-07-08T21:30:00")
    ('2025-01-01T00:00:00', '2026-01-01T00:00:00')
    >>> period_bounds("all", "2026-07-08T21:30:00")
    ('', '')
    """
    if period in PERIODS:
        start = moment(now)
        if start is None:
            return "", ""
        return (start - timedelta(days=PERIODS[period])).isoformat(timespec="seconds"), ""
    if period.startswith("y") and period[1:].isdecimal():
        year = int(period[1:])
        return f"{year:04d}-01-01T00:00:00", f"{year + 1:04d}-01-01T00:00:00"
    return "", ""


def years(games: Iterable[GameDict]) -> list[int]:
    """The calendar years games were started in, latest first.

    >>> years([{"created": "2025-12-31T23:00:00"}, {"created": "2026-01-01T00:10:00"}, {}])
    [2026, 2025]
    """
    return list(_figures.get(games, ("years",), _years))


def _years(games: list[GameDict]) -> list[int]:
    found = {date.year for date in map(game_date, games) if date is not None}
    return sorted(found, reverse=True)


def counts(game: GameDict, report: Report, filters: Filters) -> bool:
    """Whether a game counts under the filters (it must have a scored hand).

    >>> from app.ui.stats.report import sample_report
    >>> game = {"created": "2026-07-01T19:00:00"}
    >>> counts(game, sample_report(), Filters(since="2026-07-01T00:00:00", players=2))
    True
    >>> counts(game, sample_report(), Filters(until="2026-07-01T00:00:00"))
    False
    """
    return _Bounds(filters).hold(game, report)


class _Bounds:
    """The filters with their times read once."""

    def __init__(self, filters: Filters) -> None:
        self.players = filters.players
        self.since, self.until = moment(filters.since), moment(filters.until)

    def hold(self, game: GameDict, report: Report) -> bool:
        if report.hands == 0 or (self.players and len(report.players) != self.players):
            return False
        if self.since is None and self.until is None:
            return True
        date = game_date(game)
        if date is None:
            return False
        return (self.since is None or date >= self.since) and (
            self.until is None or date < self.until
        )


def selected(games: Iterable[GameDict], filters: Filters) -> list[tuple[GameDict, Report]]:
    """The games that count, each with its (cached) report."""
    bounds = _Bounds(filters)
    pairs = [(game, cached_report(game)) for game in games]
    return [(game, report) for game, report in pairs if bounds.hold(game, report)]


class _Tally:
    """A player's figures while the games are added up."""

    def __init__(self, key: str) -> None:
        self.stats = PlayerStats(key, "")
        self.splits = {kind: [0, 0, 0] for kind in KINDS}
        self.latest = ""

    def add(self, game: GameDict, report: Report, seat: int) -> None:
        stats = self.stats
        side = report.side_of[seat]
        stamp = str(game.get("updated") or game.get("created") or "")
        if not stats.name or stamp >= self.latest:
            stats.name, self.latest = report.players[seat], stamp
        won = report.winner == side
        split = self.splits[game_kind(report)]
        split[0] += 1
        split[1] += report.finished
        split[2] += won
        stats.played += 1
        stats.finished += report.finished
        stats.won += won
        stats.hands += report.hands
        stats.points += report.score[side]
        seat_figures, side_figures = report.seats[seat], report.sides[side]
        stats.taken += seat_figures.taken
        stats.made += seat_figures.made
        stats.baited += seat_figures.baited
        stats.eggs += seat_figures.eggs
        stats.skis += side_figures.skis
        stats.debertz += side_figures.debertz
        if won:
            self._best(game, report, side)

    def _best(self, game: GameDict, report: Report, side: int) -> None:
        best = self.stats.best
        lead = report.lead(side)
        if best is not None and lead < best.lead:
            return
        date = game_date(game)
        later = best is not None and (best.date or datetime.min) <= (date or datetime.min)
        if best is None or lead > best.lead or later:
            self.stats.best = Best(str(game.get("id", "")), lead, report.score, side,
                                   report.labels, date)

    def result(self) -> PlayerStats:
        self.stats.splits = {kind: Split(*n) for kind, n in self.splits.items() if n[0]}
        return self.stats


class _Figures:
    """The figures made from one list of games, kept while the same game dicts are given again
    (a game dict is never changed in place: every change of a game makes a new one), by what
    else was asked (the filters, the pair). So the statistics screen, opened again or with a
    filter picked a second time, adds nothing up again; any change of any game (a new dict, a
    game added or deleted) starts afresh. Each game's own figures are its report, kept per
    revision (``report.cached_report``).

    >>> figures, made = _Figures(), []
    >>> games = [{"id": "a"}]
    >>> figures.get(games, ("n",), lambda g: made.append(1) or len(g))
    1
    >>> figures.get(list(games), ("n",), lambda g: made.append(1) or len(g)), made
    (1, [1])
    >>> figures.get([{"id": "a"}], ("n",), lambda g: made.append(1) or len(g)), made
    (1, [1, 1])
    """

    SIZE = 16
    """Results kept for one list of games (filters, pairs)."""

    def __init__(self) -> None:
        self.games: list[GameDict] = []
        self.results: dict[tuple[Any, ...], Any] = {}

    def get(self, games: Iterable[GameDict], key: tuple[Any, ...],
            make: Callable[[list[GameDict]], _T]) -> _T:
        given = list(games)
        if len(given) != len(self.games) or any(a is not b for a, b in zip(given, self.games)):
            self.games, self.results = given, {}
        if key not in self.results:
            if len(self.results) >= self.SIZE:
                self.results.clear()
            self.results[key] = make(given)
        found: _T = self.results[key]
        return found


_figures = _Figures()


def player_stats(games: Iterable[GameDict], filters: Filters) -> Stats:
    """Every player's figures over the games that count under ``filters``.

    The reports are cached per game revision; the cache forgets games no longer given. The
    result is kept while the same games are given (``_Figures``): it must not be changed.
    """
    return _figures.get(games, ("players", filters), lambda given: _player_stats(given, filters))


def _player_stats(games: list[GameDict], filters: Filters) -> Stats:
    forget_reports({game.get("id") for game in games})
    chosen = selected(games, filters)
    tallies: dict[str, _Tally] = {}
    for game, report in chosen:
        for seat, name in enumerate(report.players):
            key = name_key(name)
            if key not in tallies:
                tallies[key] = _Tally(key)
            tallies[key].add(game, report, seat)
    players = sorted(
        (tally.result() for tally in tallies.values()),
        key=lambda p: (-p.played, -p.won, p.name.casefold()),
    )
    return Stats(
        games=len(chosen),
        finished=sum(report.finished for _, report in chosen),
        hands=sum(report.hands for _, report in chosen),
        players=tuple(players),
    )


def head_to_head(games: Iterable[GameDict], filters: Filters, a: str, b: str) -> HeadToHead:
    """How players ``a`` and ``b`` (name keys) fared in the games that count: against each
    other and as partners.

    >>> games = [{"players": ["Оля", "Петро", "Іван"], "rules": {"target": 101},
    ...           "hands": [{"taker": 2, "cards": [40, 20, 102]}]}]
    >>> h = head_to_head(games, Filters(), "оля", "петро")
    >>> h.against, h.against_finished, h.a_won, h.b_won, h.others_won
    (1, 1, 0, 0, 1)
    """
    return _figures.get(games, ("pair", filters, a, b),
                        lambda given: _head_to_head(given, filters, a, b))


def _head_to_head(games: list[GameDict], filters: Filters, a: str, b: str) -> HeadToHead:
    found: dict[str, Any] = dict.fromkeys(HeadToHead.__dataclass_fields__, 0)
    if a == b:
        return HeadToHead()
    for _, report in selected(games, filters):
        keys = [name_key(name) for name in report.players]
        if a not in keys or b not in keys:
            continue
        side_a, side_b = report.side_of[keys.index(a)], report.side_of[keys.index(b)]
        if side_a == side_b:
            found["together"] += 1
            found["together_finished"] += report.finished
            found["together_won"] += report.winner == side_a
            continue
        found["against"] += 1
        found["against_finished"] += report.finished
        if report.finished:
            winner = "a_won" if report.winner == side_a else "b_won"
            found[winner if report.winner in (side_a, side_b) else "others_won"] += 1
    return HeadToHead(**found)
