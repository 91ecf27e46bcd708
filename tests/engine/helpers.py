"""Small builders shared by the engine tests."""

from __future__ import annotations

from typing import Any

from app.engine import Sheet, game_from_json, score

NAMES = ["Оля", "Петро", "Іван", "Марта"]


def doc(players: int, hands: list[dict[str, Any]], teams: bool = True, first_dealer: int = 0,
        **rules: Any) -> dict[str, Any]:
    """A debertz/1 document with ``players`` players and the given options."""
    return {"format": "debertz/1", "players": NAMES[:players], "teams": teams,
            "first_dealer": first_dealer, "rules": rules, "hands": hands}


def sheet(players: int, hands: list[dict[str, Any]], teams: bool = True, first_dealer: int = 0,
          **rules: Any) -> Sheet:
    """Score a game built by :func:`doc`."""
    return score(game_from_json(doc(players, hands, teams, first_dealer, **rules)))


def recorded(players: int, hand: dict[str, Any], teams: bool = True, **rules: Any) -> list[int]:
    """What each side records in a one-hand game."""
    return list(sheet(players, [hand], teams, **rules).hands[0].recorded)
