"""Made-up but valid saved games: a year of play for the statistics benchmark and browser tests.

    python tools/sample_games.py --games 3 --hands 10 > games.json

Each game is what the app stores (the ``debertz/1`` object plus the app's ``id``, ``created``,
``updated``, ``rev``, ``undo``, ``redo``, and a time on every hand), checked by the engine hand
by hand. Players come from a small circle of friends (names written with varying case, as people
type them), tables of 2, 3 and 4 (teams or each for themselves). The target is set to the
leader's score after the last hand, so most games end on it (a few earlier, the rest of their
hands then void) and about one in ten is still in progress.

>>> games = sample_games(4, 12, seed=1)
>>> len(games), sorted({len(g["hands"]) for g in games.values()})
(4, [12])
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from app import engine

FRIENDS = ["Оля", "Петро", "Іван", "Марта", "Сашко", "Ганна", "Богдан", "Ліна"]
END = datetime(2026, 11, 30, 22, 0)
Game = dict[str, Any]


def _cards(rng: random.Random, sides: int) -> list[int]:
    """Card points adding up to 162, never 1 or 161 for a side."""
    while True:
        cuts = sorted(rng.randrange(163) for _ in range(sides - 1))
        cards = [b - a for a, b in zip([0, *cuts], [*cuts, 162])]
        if 1 not in cards and 161 not in cards:
            return cards


def _hand(rng: random.Random, game: engine.Game) -> dict[str, Any]:
    """One hand record: mostly played hands, with melds, bella, skis, the odd redeal."""
    sides, players = game.side_count, len(game.players)
    if rng.random() < 0.06:
        return {"redeal": True}
    cards = [162] + [0] * (sides - 1) if rng.random() < 0.05 else _cards(rng, sides)
    rng.shuffle(cards)
    taker = rng.randrange(players)
    if rng.random() < 0.7:  # a taker usually holds the strongest hand
        best = cards.index(max(cards))
        taker = next(seat for seat in range(players) if game.side_of(seat) == best)
    hand: dict[str, Any] = {"taker": taker, "cards": cards}
    zeros = [side for side in range(sides) if cards[side] == 0]
    if zeros:
        hand["no_tricks"] = zeros
    if rng.random() < 0.35:
        hand["melds"] = {"side": rng.randrange(sides), "terz": rng.randrange(1, 3), "fifty": 0}
    if rng.random() < 0.2:
        hand["bella"] = rng.randrange(sides)
    if game.rules.both_reach == "last_trick":
        hand["last_trick"] = max(range(sides), key=lambda side: cards[side])
    return hand


def _table(rng: random.Random) -> tuple[list[str], bool]:
    count = rng.choice([2, 2, 3, 4, 4])
    names = rng.sample(FRIENDS, count)
    names = [name.upper() if rng.random() < 0.05 else name for name in names]
    return names, count == 4 and rng.random() < 0.75


def sample_game(rng: random.Random, ident: str, hands: int, start: datetime) -> Game:
    """One game of ``hands`` hand records started at ``start``."""
    names, teams = _table(rng)
    rules = engine.rules_to_json(engine.PRESETS[rng.choice(["standard", "standard", "moscow"])])
    rules["target"] = 10001
    game = engine.new_game(names, teams=teams, first_dealer=rng.randrange(len(names)),
                           rules=engine.rules_from_json(rules))
    records: list[dict[str, Any]] = []
    while len(records) < hands:
        record = _hand(rng, game)
        if not engine.check_hand(game, record):
            game = game.add_hand(engine.hand_from_json(record, game))
            when = start + timedelta(minutes=3 * len(records) + rng.randrange(3))
            records.append({**record, "at": when.isoformat(timespec="seconds")})
    final = engine.score(game).score
    if rng.random() >= 0.1:
        rules["target"] = min(10001, max(51, max(final)))
    doc: Game = {"format": "debertz/1", "players": names, "first_dealer": game.first_dealer,
                 "rules": rules, "hands": records}
    if len(names) == 4:
        doc["teams"] = teams
    stamp = start.isoformat(timespec="seconds")
    last = records[-1]["at"] if records else stamp
    doc.update({"id": ident, "created": stamp, "updated": last, "rev": hands, "undo": [],
                "redo": []})
    engine.game_from_json(doc)  # refuses anything the app could not load
    return doc


def sample_games(count: int, hands: int, seed: int = 0, end: datetime = END) -> dict[str, Game]:
    """``count`` games of ``hands`` hands each, started over the year before ``end``, by id."""
    rng = random.Random(seed)
    games: dict[str, Game] = {}
    for number in range(count):
        start = end - timedelta(days=365 * (count - number) / count, hours=rng.randrange(6))
        ident = f"s{seed}-{number:04d}"
        games[ident] = sample_game(rng, ident, hands, start)
    return games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args()
    games = sample_games(options.games, options.hands, options.seed)
    json.dump(games, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
