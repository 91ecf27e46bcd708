"""The report of one game: who won and how, and what each side did, read from the replay.

``report_of(game, sheet)`` walks the engine's score sheet line by line next to the hand records;
every count and sum is taken from a ``HandLine`` (outcome, totals, change, penalties, pot won) or
from the record it scores (the taker's seat, bella, sides without a trick, debertz). Void hands
(recorded after the end) and redeals count as such and add nothing else.

>>> from app.engine import game_from_json, score
>>> g = game_from_json({"players": ["Оля", "Петро"], "hands": [
...     {"taker": 0, "cards": [100, 62], "at": "2026-11-30T19:00:00"},
...     {"redeal": True, "at": "2026-11-30T19:04:00"},
...     {"taker": 1, "cards": [92, 70], "bella": 1, "at": "2026-11-30T19:12:00"}]})
>>> r = report_of(g, score(g))
>>> r.score, r.hands, r.redeals, r.timing.seconds
((282, 62), 2, 1, 720.0)
>>> r.sides[1].taken, r.sides[1].baited, r.sides[1].bella, r.sides[0].biggest
(1, 1, 20, 182)
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from app import engine
from app.names import in_text
from app.ui import scoring
from app.ui.state import GameDict

TIME_KEY = "at"
"""The app's own key of a hand record holding when it was entered (local ISO time); the engine
keeps it as an extra key. Hands entered before it existed have none."""


@dataclass(frozen=True)
class SideFigures:
    """What one side did in a game.

    ``taken`` counts the scored hands in which the side took trump (``made + baited + eggs +
    closed``, ``closed`` the claim hands and the debertz hands not played out, which end the
    game without a result of the hand);
    ``skis`` the hands it took no trick in; ``debertz`` the debertz it declared; ``sequences``
    and ``bella`` the points of its terzes, fifties and bellas that counted in the hand totals;
    ``pots`` the hanging points it won; ``penalties`` the points it lost to penalties;
    ``biggest`` the most it added to its score in one hand (0 when it never gained), in hand
    number ``biggest_hand`` (0 then); ``run`` its longest run of hands taken and made one
    after another (hands it did not take neither extend nor break a run); ``points`` its score.
    """

    points: int = 0
    taken: int = 0
    made: int = 0
    baited: int = 0
    eggs: int = 0
    closed: int = 0
    skis: int = 0
    debertz: int = 0
    sequences: int = 0
    bella: int = 0
    pots: int = 0
    penalties: int = 0
    biggest: int = 0
    biggest_hand: int = 0
    run: int = 0


@dataclass(frozen=True)
class SeatFigures:
    """The hands one player took trump in, and how they ended (``made + baited + eggs +
    closed``: see :class:`SideFigures`)."""

    taken: int = 0
    made: int = 0
    baited: int = 0
    eggs: int = 0
    closed: int = 0


@dataclass(frozen=True)
class Timing:
    """When a game was played: the earliest and latest time stamps of its counted records.

    ``first_hand`` is the number of the first record that has a time (1 when all have one);
    ``untimed`` how many counted records have none (entered before the app stamped hands);
    ``last_hand`` the number of the last record that has one and ``after`` how many counted
    records follow it without one (hands added to a copy from a link, which carries no times).
    """

    start: datetime
    end: datetime
    first_hand: int
    untimed: int
    last_hand: int = 0
    after: int = 0

    @property
    def seconds(self) -> float:
        """Seconds from the first time stamp to the last.

        >>> Timing(datetime(2026, 1, 1, 19), datetime(2026, 1, 1, 20, 25, 40), 1, 0).seconds
        5140.0
        """
        return (self.end - self.start).total_seconds()


@dataclass(frozen=True)
class Report:
    """The figures of one game.

    ``hands`` counts the scored records (played and debertz hands, not redeals, not void),
    ``redeals`` the redeals, ``void`` the records entered after the game had ended. ``labels``
    name the sides (partners joined with ``&``); ``side_of`` gives each seat's side.
    ``timing`` is None while fewer than two counted records carry a time.
    """

    players: tuple[str, ...]
    labels: tuple[str, ...]
    side_of: tuple[int, ...]
    score: tuple[int, ...]
    target: int
    winner: int | None
    decided_by: str | None
    hanging: int
    hands: int
    redeals: int
    void: int
    sides: tuple[SideFigures, ...]
    seats: tuple[SeatFigures, ...]
    timing: Timing | None

    @property
    def finished(self) -> bool:
        """Whether a side has won the game."""
        return self.winner is not None

    @property
    def teams(self) -> bool:
        """Four players in two teams."""
        return len(self.players) == 4 and len(self.labels) == 2

    def members(self, side: int) -> list[str]:
        """The names of a side's players, in seating order.

        >>> table = {"players": ["Оля", "Петро", "Іван", "Марта"], "teams": True, "hands": []}
        >>> game_report(table).members(0), sample_report().members(1)
        (['Оля', 'Іван'], ['B'])
        """
        return [name for name, of in zip(self.players, self.side_of, strict=True) if of == side]

    def lead(self, side: int) -> int:
        """How far ``side`` is ahead of the best other side (negative when behind).

        >>> sample_report().lead(0), sample_report().lead(1)
        (204, -204)
        """
        others = [v for s, v in enumerate(self.score) if s != side]
        return self.score[side] - max(others)


def moment(value: object) -> datetime | None:
    """A stored ISO time stamp as a naive local time (None when it is not one).

    >>> moment("2026-11-30T19:05:00"), moment("2026-11-30T19:05:00Z").hour, moment(5)
    (datetime.datetime(2026, 11, 30, 19, 5), 19, None)
    """
    if not isinstance(value, str) or not value:
        return None
    try:
        found = datetime.fromisoformat(value)
    except ValueError:
        return None
    return found.replace(tzinfo=None)


class _Walk:
    """The running counts while a sheet is read line by line (one list per figure, by side)."""

    def __init__(self, sides: int, seats: int) -> None:
        self.side = {name: [0] * sides for name in SideFigures.__dataclass_fields__}
        self.seat = {name: [0] * seats for name in SeatFigures.__dataclass_fields__}
        self.runs = [0] * sides
        self.hands = self.redeals = self.void = 0
        self.stamps: list[tuple[datetime, int]] = []
        self.untimed = 0
        self.after = 0
        """Counted records since the last one with a time that have none."""

    def line(self, line: engine.HandLine, hand: engine.Hand) -> None:
        """Count one record of the log."""
        if line.void:
            self.void += 1
            return
        when = moment(hand.extra.get(TIME_KEY))
        if when is None:
            self.untimed += 1
            self.after += 1
        else:
            self.stamps.append((when, line.number))
            self.after = 0
        if line.kind == "redeal":
            self.redeals += 1
            return
        self.hands += 1
        self._taker(line)
        self._changes(line)
        if line.totals is not None and hand.cards is not None:
            self._melds(line, hand)
        if hand.debertz is not None:
            self.side["debertz"][hand.debertz] += 1

    def _taker(self, line: engine.HandLine) -> None:
        side, seat, outcome = line.taker_side, line.taker, line.outcome
        if side is None or seat is None:
            return
        if outcome not in engine.OUTCOMES:  # a claim, a debertz not played out: taken all the same
            for counts, who in ((self.side, side), (self.seat, seat)):
                counts["taken"][who] += 1
                counts["closed"][who] += 1
            return
        key = "baited" if outcome == "bait" else str(outcome)
        for counts, who in ((self.side, side), (self.seat, seat)):
            counts["taken"][who] += 1
            counts[key][who] += 1
        runs = self.runs
        runs[side] = runs[side] + 1 if outcome == "made" else 0
        best = self.side["run"]
        best[side] = max(best[side], runs[side])

    def _changes(self, line: engine.HandLine) -> None:
        """The biggest gain so far, pots won and penalties paid."""
        biggest, where = self.side["biggest"], self.side["biggest_hand"]
        for side, change in enumerate(line.change):
            if change > biggest[side]:
                biggest[side], where[side] = change, line.number
        if line.winner is not None and line.pot_won:
            self.side["pots"][line.winner] += line.pot_won
        bait, ski = line.penalties
        if any(bait) or any(ski):
            paid = self.side["penalties"]
            for side, points in enumerate(bait):
                paid[side] += points + ski[side]

    def _melds(self, line: engine.HandLine, hand: engine.Hand) -> None:
        """Sequences and bella as they counted in the hand totals; the sides without a trick.

        Only one side records sequences (RULES.md section 2): what its total holds beyond its
        cards and bella; 0 when they were void for want of a trick.
        """
        assert line.totals is not None and hand.cards is not None
        for side in hand.no_tricks:
            self.side["skis"][side] += 1
        if hand.bella is not None:
            self.side["bella"][hand.bella] += 20
        if hand.melds is not None:
            side = hand.melds.side
            bella = 20 if hand.bella == side else 0
            self.side["sequences"][side] += line.totals[side] - hand.cards[side] - bella

    def figures(self, score: tuple[int, ...]) -> tuple[SideFigures, ...]:
        """Each side's figures, its final score as its points."""
        return tuple(
            SideFigures(**{**{name: values[side] for name, values in self.side.items()},
                           "points": points})
            for side, points in enumerate(score)
        )

    def seats(self) -> tuple[SeatFigures, ...]:
        """Each player's hands as taker."""
        count = len(self.seat["taken"])
        return tuple(
            SeatFigures(**{name: values[seat] for name, values in self.seat.items()})
            for seat in range(count)
        )

    def timing(self) -> Timing | None:
        if len(self.stamps) < 2:
            return None
        times = [when for when, _ in self.stamps]
        numbers = [number for _, number in self.stamps]
        return Timing(min(times), max(times), min(numbers), self.untimed, max(numbers), self.after)


def report_of(game: engine.Game, sheet: engine.Sheet) -> Report:
    """The report of an engine game from its score sheet (``sheet`` must be ``score(game)``)."""
    sides = game.side_count
    walk = _Walk(sides, len(game.players))
    for line, hand in zip(sheet.hands, game.hands):
        walk.line(line, hand)
    labels = tuple(
        " & ".join(in_text(game.players[seat]) for seat in game.seats_of(side))
        for side in range(sides)
    )
    return Report(
        players=tuple(game.players),
        labels=labels,
        side_of=tuple(game.side_of(seat) for seat in range(len(game.players))),
        score=tuple(sheet.score),
        target=game.rules.target,
        winner=sheet.winner,
        decided_by=sheet.decided_by,
        hanging=sheet.hanging,
        hands=walk.hands,
        redeals=walk.redeals,
        void=walk.void,
        sides=walk.figures(tuple(sheet.score)),
        seats=walk.seats(),
        timing=walk.timing(),
    )


def game_report(game: GameDict) -> Report:
    """The report of a saved game dict (replayed through the UI's cached engine calls).

    >>> r = game_report({"players": ["A", "B", "C"], "hands": [{"taker": 2, "cards": [50, 70, 42]}]})
    >>> r.score, r.seats[2].baited, r.timing is None
    ((0, 162, 0), 1, True)
    """
    return report_of(scoring.engine_game(game), scoring.sheet(game))


_reports: dict[Any, tuple[Any, Any, Report]] = {}


def cached_report(game: GameDict) -> Report:
    """``game_report`` computed once per revision of a game.

    The key is the game's ``id``; an entry holds for the same ``rev`` and the same list of hands
    (every change makes a new list and a new ``rev``), so an edited, undone or replaced game is
    replayed again. A game without an id is not cached.
    """
    ident = game.get("id")
    if ident is None:
        return game_report(game)
    found = _reports.get(ident)
    if found is not None and found[0] == game.get("rev") and found[1] is game["hands"]:
        return found[2]
    report = game_report(game)
    _reports[ident] = (game.get("rev"), game["hands"], report)
    return report


def forget_reports(keep: set[Any]) -> None:
    """Drop the cached reports of games no longer kept (deleted ones)."""
    for ident in [key for key in _reports if key not in keep]:
        del _reports[ident]


_warming: list[tuple[int, int]] = []
"""How far the reports computed ahead are, (games gone through, of how many), while the page's
warm-up is on them (:func:`expect_reports`, :func:`warm_reports`)."""


def warming() -> tuple[int, int] | None:
    """How far the reports being computed ahead are, or None when none are: the statistics
    screen then shows the count instead of computing the rest at once (seconds on a phone).

    >>> expect_reports(300), warming()
    (None, (0, 300))
    >>> expect_reports(None), warming()
    (None, None)
    """
    return _warming[-1] if _warming else None


def expect_reports(total: int | None) -> None:
    """Say that the reports of ``total`` games are about to be computed ahead (from the start
    of the warm-up, before its first step), or that they no longer are (None)."""
    _warming[:] = [] if total is None else [(0, total)]


COUNT_AT_ONCE = 24
"""The most games whose reports the statistics screen makes in a tap (~0.2 s at 4x CPU); with
more missing (a library over the warm-up's 500 games), it shows the count while the page makes
them a step at a time (:func:`wanted_reports`)."""
_wanted: list[str] = []
_refused: set[Any] = set()
"""Games that cannot be replayed (no report: not counted as missing again)."""


def ask_for_reports(game_ids: Iterable[str]) -> bool:
    """Whether the statistics must wait for reports: many of the games ``game_ids`` have none
    kept (of any revision), and the page is asked to make them (:func:`wanted_reports`; the
    count starts); with few missing, they are made in the tap.

    >>> ask_for_reports([]), wanted_reports()
    (False, [])
    """
    missing = [gid for gid in game_ids if gid not in _reports and gid not in _refused]
    if len(missing) <= COUNT_AT_ONCE:
        return False
    _wanted[:] = missing
    expect_reports(len(missing))
    return True


def wanted_reports() -> list[str]:
    """The games whose reports the statistics wait for (asked once: the list is emptied)."""
    wanted = list(_wanted)
    _wanted.clear()
    return wanted


async def warm_reports(
    games: Iterable[GameDict], per_step: int | Callable[[], int] = 8,
    pause: Callable[[], Awaitable[object]] = lambda: asyncio.sleep(0), total: int = 0,
) -> int:
    """Compute the reports of ``games`` ahead of need, ``per_step`` games at a time (or as
    many as it says before each step), letting the page handle its events between steps
    (``await pause()``: the page waits there for its next idle time); how many were computed.
    ``games`` may be a generator that reads each game when reached (a step then parses its
    games too). Meanwhile :func:`warming` says how many of ``total`` were gone through; once
    done (or stopped), None.

    The page starts this after it has shown the games, so that the statistics screen finds
    every report ready (a game that cannot be replayed is skipped: it is not in the app).

    >>> steps = warm_reports([{"id": "w1", "players": ["A", "B"], "hands": []}])
    >>> steps.send(None) is None  # a step done: the page may handle its events now
    True
    >>> try:
    ...     steps.send(None)
    ... except StopIteration as done:
    ...     print(done.value)
    1
    """
    done = seen = 0
    pending = iter(games)
    try:
        size = per_step if callable(per_step) else (lambda: per_step)
        while step := list(itertools.islice(pending, size())):
            for game in step:
                seen += 1
                try:
                    cached_report(game)
                except engine.DebertzError:
                    _refused.add(game.get("id"))
                    continue
                done += 1
            _warming[:] = [(seen, max(total, seen))]
            await pause()
    finally:
        expect_reports(None)
    return done


def sample_report() -> Report:
    """A two-player game to 301 for the examples: 324 : 120 after two hands, then two void."""
    return game_report({"players": ["A", "B"], "rules": {"target": 301}, "hands": [
        {"taker": 0, "cards": [162, 0], "melds": {"side": 0, "fifty": 2}, "no_tricks": [1]},
        {"taker": 1, "cards": [62, 100], "melds": {"side": 1, "terz": 1}},
        {"taker": 0, "cards": [100, 62]}, {"taker": 1, "cards": [62, 100]}]})
