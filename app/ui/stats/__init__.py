"""Looking back at games: the report of one game and the statistics of players across games.

Every figure is read from the engine's replay of a game's log (``app.engine.score``), never kept
on its own: ``report`` turns one game's score sheet into its figures, ``players`` adds those up
per player name over many games. Both are pure and run on CPython.

>>> from app.ui.stats import game_report, player_stats, Filters
>>> game = {"id": "g1", "players": ["Оля", "Петро"], "rules": {"target": 101},
...         "hands": [{"taker": 0, "cards": [120, 42]}]}
>>> game_report(game).winner, player_stats([game], Filters()).players[0].won
(0, 1)
"""

from app.ui.stats.players import (
    Best,
    Filters,
    HeadToHead,
    PlayerStats,
    Split,
    Stats,
    head_to_head,
    period_bounds,
    player_stats,
)
from app.ui.stats.report import (
    Report,
    SeatFigures,
    SideFigures,
    Timing,
    cached_report,
    game_report,
)

__all__ = [
    "Best", "Filters", "HeadToHead", "PlayerStats", "Report", "SeatFigures", "SideFigures",
    "Split", "Stats", "Timing", "cached_report", "game_report", "head_to_head", "period_bounds",
    "player_stats",
]
