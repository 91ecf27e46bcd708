"""Typical games, the way a table really plays them, for size tables and browser tests.

Deterministic (seeded): each hand a redeal now and then, a taker who usually makes it, card
points split unevenly, a terz in about a third of the hands, a fifty rarely, bella in a fifth,
a side without a trick once in a while.
"""

from __future__ import annotations

import random
from typing import Any

from app.engine import check_game

NAMES = ["Оля", "Петро", "Іван", "Марта"]


def typical_game(players: int, hands: int, seed: int = 1) -> dict[str, Any]:
    """A valid game of ``players`` players (4 in teams) with ``hands`` hand records."""
    rng = random.Random(f"{players}-{hands}-{seed}")
    sides = 2 if players == 4 else players
    records = [_hand(rng, players, sides) for _ in range(hands)]
    game = {"format": "debertz/1", "players": NAMES[:players], "teams": True,
            "first_dealer": 0, "rules": {"target": 1001 if hands > 30 else 501},
            "hands": records}
    problems = check_game(game)
    assert not problems, problems
    return game


def _hand(rng: random.Random, players: int, sides: int) -> dict[str, Any]:
    if rng.random() < 0.05:
        return {"redeal": True}
    taker = rng.randrange(players)
    taker_side = taker % sides
    cards = _cards(rng, sides, taker_side)
    hand: dict[str, Any] = {"taker": taker, "cards": cards}
    zero = [side for side in range(sides) if cards[side] == 0]
    if zero:
        hand["no_tricks"] = zero
    if rng.random() < 0.35:
        side = taker_side if rng.random() < 0.7 else rng.randrange(sides)
        fifty = 1 if rng.random() < 0.15 else 0
        terz = 2 if rng.random() < 0.1 else 1 - fifty
        if sides == players and fifty:  # two terz and a fifty need 10 of a player's 9 cards
            terz = min(terz, 1)
        hand["melds"] = {"side": side, "terz": terz, "fifty": fifty}
    if rng.random() < 0.2:
        hand["bella"] = taker_side if rng.random() < 0.6 else rng.randrange(sides)
    return hand


def _cards(rng: random.Random, sides: int, taker_side: int) -> list[int]:
    while True:
        if rng.random() < 0.04:
            cards = [0] * sides
            cards[rng.randrange(sides)] = 162
        else:
            share = rng.randint(30, 130) if rng.random() < 0.8 else rng.randint(0, 60)
            rest = 162 - share
            others = [rng.randint(0, rest) for _ in range(sides - 2)]
            others.sort()
            cuts = [0, *others, rest]
            split = [cuts[i + 1] - cuts[i] for i in range(sides - 1)]
            cards = split[:taker_side] + [share] + split[taker_side:]
        if 1 not in cards and 161 not in cards:
            return cards


BASE = "https://someone.github.io/debertz/"
"""A typical address of a deployed copy (GitHub Pages under a sub-path): links start with it."""
SIZES = [(players, hands) for players in (2, 3, 4) for hands in (10, 30, 60)]


def size_table(base: str = BASE) -> list[dict[str, Any]]:
    """For each typical game: the payload and link lengths and the QR code it needs."""
    from app.share.link import game_fragment
    from app.share.qr import qr_code

    rows = []
    for players, hands in SIZES:
        fragment = game_fragment(typical_game(players, hands))
        code = qr_code(base + fragment)
        assert code is not None
        rows.append({
            "players": players, "hands": hands, "payload": len(fragment) - len("#/shared/"),
            "link": len(base + fragment), "version": code.version, "error": code.error,
            "modules": code.size,
        })
    return rows
