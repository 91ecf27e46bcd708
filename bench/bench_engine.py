"""Benchmark: replay a 200-hand game and print the time per hand on this Python.

Run from the repository root:  python bench/bench_engine.py [--hands 200] [--repeat 7]

The game is four players in teams with a realistic mix (redeals, melds, bella, baits,
hanging eggs, hands without a trick, penalties on) and a target high enough that no hand
is void. It prints the best of several runs for a full replay (``score``) and for
loading plus replay (``game_from_json`` + ``score``), in microseconds per hand.
"""

from __future__ import annotations

import argparse
import random
import sys
import timeit
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.engine import game_from_json, score


def random_cards(rng: random.Random) -> list[int]:
    """Card points of four sides adding up to 162, no side on 1 or 161."""
    while True:
        cuts = sorted(rng.randrange(163) for _ in range(3))
        cards = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 162 - cuts[2]]
        if 1 not in cards and 161 not in cards:
            return cards


def random_hand(rng: random.Random) -> dict[str, Any]:
    """One hand record of a four-player game (each for themselves), a realistic mix."""
    roll = rng.random()
    if roll < 0.08:
        return {"redeal": True}
    taker = rng.randrange(4)
    if roll < 0.14:
        cards = [54, 54, 0, 54]  # eggs for takers 0, 1 and 3; a bait of side 2
    elif roll < 0.22:
        cards = [0, 0, 0, 0]
        cards[rng.randrange(4)] = 162
    else:
        cards = random_cards(rng)
    if roll >= 0.22 and rng.random() < 0.7:
        taker = cards.index(max(cards))  # takers usually hold the strongest hand
    hand: dict[str, Any] = {"taker": taker, "cards": cards, "id": rng.randrange(10**9)}
    zero = [side for side in range(4) if cards[side] == 0]
    if zero:
        hand["no_tricks"] = zero
    if rng.random() < 0.3:
        hand["melds"] = {"side": rng.randrange(4), "terz": rng.randrange(2),
                         "fifty": rng.randrange(2)}
    if rng.random() < 0.25:
        hand["bella"] = rng.randrange(4)
    return hand


def game_document(hands: int, seed: int = 2026) -> dict[str, Any]:
    """A 4-player game, each for themselves, with ``hands`` hand records and penalties on.

    Four sides share every hand, so 200 hands stay under the largest target (10001).
    """
    rng = random.Random(seed)
    return {
        "format": "debertz/1", "players": ["Оля", "Петро", "Іван", "Марта"], "teams": False,
        "rules": {"target": 10001, "bait_to": "taker_points_to_leader",
                  "bait_penalty": {"points": 100, "when": "every_third"},
                  "ski_penalty": {"points": 50, "when": "third", "count": "consecutive"}},
        "hands": [random_hand(rng) for _ in range(hands)],
    }


def per_hand_us(func: Any, hands: int, repeat: int) -> float:
    """Best time of ``repeat`` runs, in microseconds per hand."""
    timer = timeit.Timer(func)
    loops, _ = timer.autorange()
    best = min(timer.repeat(repeat=repeat, number=loops)) / loops
    return best / hands * 1e6


def main() -> None:
    """Build the game, check it is not ended early, time the replay, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    document = game_document(args.hands)
    game = game_from_json(document)
    sheet = score(game)
    outcomes = [line.outcome or line.kind for line in sheet.hands]
    mix = {name: outcomes.count(name) for name in sorted(set(outcomes))}
    assert not any(line.void for line in sheet.hands), "the bench game ended early"
    replay = per_hand_us(lambda: score(game), args.hands, args.repeat)
    load = per_hand_us(lambda: score(game_from_json(document)), args.hands, args.repeat)
    print(f"Python {sys.version.split()[0]}, {args.hands} hands, mix {mix}, "
          f"penalties paid {sum(sum(h.penalties.bait) + sum(h.penalties.ski) for h in sheet.hands)}")
    print(f"final score {list(sheet.score)}, pot hanging {sheet.hanging}")
    print(f"replay (score):          {replay:6.2f} us per hand")
    print(f"load + replay:           {load:6.2f} us per hand")


if __name__ == "__main__":
    main()
