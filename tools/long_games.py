"""Games for screenshots and layout tests: the longest names, every side count, every mark.

    from tools.long_games import SAMPLES, seed
    seed(page, SAMPLES)   # after the app has started once in ``page``; reloads it

Each sample is a stored game record (``app/storage.py``'s shape) that the engine scores; the
tests check that (tests/tools/test_long_games.py).
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page

LONG = (
    "Олександра-Вікторія Костянтинівна Шевчен",
    "Максиміліан Архипович Задніпровськийович",
    "Ярославапетрівнакостянтинівнашевченкова",
    "Anna-Maria Wilhelmina van der Berghe-Smt",
)
"""Names of 39-40 characters: two with spaces and hyphens, one single word, one in Latin."""

PENALTIES: dict[str, Any] = {
    "bait_penalty": {"points": 100, "when": "each"},
    "ski_penalty": {"points": 100, "when": "each"},
    "both_reach": "last_trick",
    "target": 1001,
}

EVERY_MARK: dict[str, Any] = {
    "taker": 1,
    "cards": [162, 0],
    "no_tricks": [1],
    "melds": {"side": 0, "terz": 1, "fifty": 1},
    "bella": 0,
    "last_trick": 0,
}
"""One hand with every mark at once: a bait with its penalty, skis with theirs, the pot won,
sequences, bella and the last trick."""


def _game(game_id: str, day: int, players: tuple[str, ...], **fields: Any) -> dict[str, Any]:
    return {
        "format": "debertz/1",
        "id": game_id,
        "created": f"2026-11-{day:02d}T19:00:00",
        "updated": f"2026-11-{day:02d}T21:30:00",
        "players": list(players),
        "undo": [],
        "redo": [],
        "rev": 0,
        **fields,
    }


TEAMS = _game(
    "long-teams",
    30,
    LONG,
    teams=True,
    rules=PENALTIES,
    hands=[
        {"taker": 0, "cards": [81, 81], "last_trick": 0},
        EVERY_MARK,
        {"redeal": True},
        {"taker": 2, "cards": [100, 62], "last_trick": 1},
        {"taker": 3, "cards": [70, 92], "bella": 0, "last_trick": 1},
        {"taker": 0, "cards": [81, 81], "last_trick": 1},
    ],
)
"""Four players in two teams, going on: eggs and a pot won, every mark, a redeal, the penalty
warnings, and a pot hanging now."""

THREE = _game(
    "long-three",
    29,
    LONG[:3],
    rules=PENALTIES,
    hands=[
        {"taker": 0, "cards": [50, 70, 42], "last_trick": 1},
        {"taker": 1, "cards": [0, 100, 62], "no_tricks": [0], "bella": 1, "last_trick": 1},
        {"taker": 2, "debertz": 2},
    ],
)
"""Three players, finished by a debertz."""

FOUR = _game(
    "long-four",
    28,
    LONG,
    teams=False,
    rules={"target": 1001, "bait_penalty": {"points": 50, "when": "third"}},
    hands=[
        {"taker": 0, "cards": [40, 30, 50, 42]},
        {"taker": 3, "cards": [10, 20, 30, 102], "melds": {"side": 3, "terz": 2}},
    ],
)
"""Four players each for themselves, to 1001 (a custom rule set)."""

SAMPLES = {game["id"]: game for game in (TEAMS, THREE, FOUR)}


def record(game: dict[str, Any]) -> str:
    """The stored form of a game (``app/storage.py``: schema 1)."""
    return json.dumps({"schema": 1, "game": game}, ensure_ascii=False)


PUT = """([key, value]) => new Promise((resolve, reject) => {
  const open = indexedDB.open("debertz");
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const tx = open.result.transaction("games", "readwrite");
    tx.objectStore("games").put(value, key);
    tx.oncomplete = () => { open.result.close(); resolve(true); };
    tx.onerror = () => reject(tx.error);
  };
})"""


def seed(page: Page, games: dict[str, dict[str, Any]]) -> None:
    """Store ``games`` in the app's database and reload (the app must have started once)."""
    for key, game in games.items():
        page.evaluate(PUT, [key, record(game)])
    page.reload()
    page.wait_for_selector('html[data-app="ready"]', state="attached", timeout=90_000)
