"""Benchmark: what a game's change log costs, and whether a share link could carry it.

Run from the repository root:  python bench/bench_changelog.py [--repeat 7]

A typical evening (tests/share/typical.py: 2, 3 and 4 players, 60 hands) is entered through the
app's history (app/ui/history.py) as a table does it: each hand stamped with its time, a
correction of card points about every twelfth hand, one hand deleted and the delete undone. For each it prints the
stored record without and with the log, the link as the app makes it (no log: ``#/shared/1…``),
the link a log would need (the ``J`` form: the game and its log as zlib-compressed JSON in
base32, the only form that could hold it) and whether a QR code holds that link; then the
best of several runs of replaying and checking the log, folding it, and rendering it.
"""

from __future__ import annotations

import argparse
import json
import sys
import timeit
import zlib
from base64 import b32encode
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app import changelog
from app.share.link import game_fragment, shared_doc
from app.share.qr import qr_code
from app.storage import encode_game
from app.ui import history, i18n
from app.ui.changes.views import changes_fold
from tests.share.typical import BASE, typical_game


def evening(players: int, hands: int = 60) -> dict[str, Any]:
    """A typical game as the app stores it after an evening: its log, its undo history."""
    source = typical_game(players, hands)
    game: dict[str, Any] = {**{k: v for k, v in source.items() if k != "hands"}, "id": "g1",
                            "hands": [], "undo": [], "redo": [], "log": changelog.started(_at(0))}
    for number, hand in enumerate(source["hands"]):
        stamped = {**hand, "at": _at(number * 3)}
        game = history.apply_change(game, {"op": "add", "index": number, "hand": stamped},
                                    _at(number * 3))
        cards = hand.get("cards") or []
        if number % 12 == 5 and cards and min(cards) >= 5 and "no_tricks" not in hand:
            fixed = {**stamped, "cards": [cards[0] + 5, cards[1] - 5, *cards[2:]]}  # a correction
            game = history.apply_change(game, {"op": "edit", "index": number, "before": stamped,
                                               "after": fixed}, _at(number * 3 + 1))
    last = len(game["hands"]) - 1
    game = history.apply_change(game, {"op": "delete", "index": last, "hand": game["hands"][last]},
                                _at(hands * 3))
    return history.undo(game, _at(hands * 3 + 1))


def _at(minutes: int) -> str:
    return f"2026-12-02T{19 + minutes // 60:02}:{minutes % 60:02}:00"


def j_link(doc: dict[str, Any]) -> str:
    """The ``J``-form link of a document (app/share/link.py's ``_payload`` when it cannot pack)."""
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    payload = b32encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")
    return f"{BASE}#/shared/J{payload}"


def print_sizes() -> None:
    print("| players | log entries | record without log | with log | link today (QR) | link with the log (QR) |")
    print("|---|---|---|---|---|---|")
    for players in (2, 3, 4):
        game = evening(players)
        log = game["log"]
        bare = {k: v for k, v in game.items() if k != "log"}
        today = BASE + game_fragment(game)
        with_log = j_link({**shared_doc(game), "log": log})
        print(f"| {players} | {len(log)} | {len(encode_game(bare))} | {len(encode_game(game))} | "
              f"{len(today)} ({_qr(today)}) | {len(with_log)} ({_qr(with_log)}) |")


def _qr(link: str) -> str:
    code = qr_code(link)
    return "no QR code holds it" if code is None else f"version {code.version}-{code.error}, {code.size}x{code.size}"


def print_times(repeat: int) -> None:
    game = evening(4)
    log = game["log"]
    long_log = changelog.started(_at(0))
    hands: list[dict[str, Any]] = []
    for n in range(changelog.LIMIT):
        hands.append({"redeal": True})
        long_log.append(changelog.change_entry({"op": "add", "index": n, "hand": {"redeal": True}}))
    t = i18n.translator("uk")
    bare = {key: value for key, value in game.items() if key != "log"}
    hand = {"taker": 0, "cards": [100, 62], "at": _at(200)}
    op = {"op": "add", "index": len(game["hands"]), "hand": hand}
    rows = [
        ("a hand saved: history.apply_change, with its log entry",
         lambda: history.apply_change(game, op, _at(200))),
        ("the record it writes, without the log (encode_game)", lambda: encode_game(bare)),
        ("the record it writes, with the log (encode_game)", lambda: encode_game(game)),
        (f"replay and check its log ({len(log)} entries)",
         lambda: changelog.problem(log, game["hands"])),
        ("marks of corrected hands", lambda: changelog.corrections(log)),
        (f"fold a {len(long_log)}-entry log", lambda: changelog.bounded(long_log)),
        ("render the open fold «Зміни»", lambda: changes_fold(game, t, True)),
        ("render the closed fold", lambda: changes_fold(game, t, False)),
    ]
    print(f"\nbest of {repeat} on Python {sys.version.split()[0]}, 60-hand 4-player evening")
    for name, call in rows:
        best = min(timeit.repeat(call, repeat=repeat, number=20)) / 20 * 1000
        print(f"  {name}: {best:.3f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    print_sizes()
    print_times(args.repeat)


if __name__ == "__main__":
    main()
