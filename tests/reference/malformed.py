"""Broken ``debertz/1`` documents: one mutation of a valid game each (RULES.md §2, §4, §5, §7).

Some mutations make a document that RULES.md clearly refuses (``must_fail``; with ``hand`` the
1-based number of the hand the error message must name); the others (random junk, deleted keys,
bools for numbers) may or may not still be valid, but must never crash the engine.

>>> from hypothesis import find
>>> find(broken_documents(), lambda case: case.must_fail).must_fail
True
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from hypothesis import strategies as st

from .game_strategies import games
from .reference_scorer import Table

Doc = dict[str, Any]
Draw = Any
Path = tuple[Any, ...]


class Broken(NamedTuple):
    payload: bytes
    must_fail: bool
    why: str
    hand: int | None = None


JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats()
    | st.text(max_size=8) | st.sampled_from(["", " ", "162", "<b>x</b>", "0", "debertz/1"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=3),
    max_leaves=8,
)


def paths(value: Any, prefix: Path = ()) -> list[Path]:
    """Every key or index inside `value`, as a path from the top."""
    found: list[Path] = []
    items: list[tuple[Any, Any]] = []
    if isinstance(value, dict):
        items = list(value.items())
    elif isinstance(value, list):
        items = list(enumerate(value))
    for key, inner in items:
        found.append((*prefix, key))
        found.extend(paths(inner, (*prefix, key)))
    return found


def parent(doc: Any, path: Path) -> Any:
    for key in path[:-1]:
        doc = doc[key]
    return doc


def encode(doc: Any) -> bytes:
    return json.dumps(doc, ensure_ascii=False).encode("utf-8")


@st.composite
def junk_somewhere(draw: Draw, doc: Doc) -> Broken:
    """Any value anywhere replaced by junk of any type (may happen to stay valid)."""
    path = draw(st.sampled_from(paths(doc)))
    parent(doc, path)[path[-1]] = draw(JUNK)
    return Broken(encode(doc), False, f"junk at {path}")


@st.composite
def key_removed(draw: Draw, doc: Doc) -> Broken:
    keyed = [p for p in paths(doc) if isinstance(p[-1], str)]
    path = draw(st.sampled_from(keyed))
    del parent(doc, path)[path[-1]]
    must = path in (("players",), ("hands",))  # §7: only these two are required
    return Broken(encode(doc), must, f"{path} removed")


@st.composite
def number_swapped(draw: Draw, doc: Doc) -> Broken:
    """Bools written for numbers and numbers for bools, or a whole number as a float."""
    spots = [p for p in paths(doc) if isinstance(parent(doc, p)[p[-1]], (bool, int))]
    if not spots:  # no number at all (two names, no hands): make one
        doc["first_dealer"] = True
        return Broken(encode(doc), False, "first_dealer: True")
    path = draw(st.sampled_from(spots))
    old = parent(doc, path)[path[-1]]
    if isinstance(old, bool):
        new: Any = int(old)
    elif draw(st.booleans()):
        new = bool(old)
    else:
        new = float(old)
    parent(doc, path)[path[-1]] = new
    return Broken(encode(doc), False, f"{path}: {old!r} -> {new!r}")


def played(doc: Doc) -> list[int]:
    return [i for i, h in enumerate(doc["hands"]) if isinstance(h.get("cards"), list)]


@st.composite
def hand_broken(draw: Draw, doc: Doc) -> Broken:
    """One hand made wrong in a way §2 names; the message must name that hand."""
    table = Table(len(doc["players"]), doc.get("teams", True))
    sides = table.side_count
    rules = doc.get("rules") or {}
    choices = ["sum", "one", "taker", "length", "bella", "melds", "not object"]
    if rules.get("both_reach") == "last_trick":
        choices.append("no last trick")
    if rules.get("obligation"):
        choices.append("redeal")
    index = draw(st.sampled_from(played(doc)))
    hand = doc["hands"][index]
    what = draw(st.sampled_from(choices))
    if what == "sum":
        hand["cards"][draw(st.integers(0, sides - 1))] += draw(st.sampled_from([-20, -2, 2, 10]))
        if min(hand["cards"]) < 0:
            hand["cards"] = [c + 40 for c in hand["cards"]]
    elif what == "one":
        hand["cards"] = [1, 161] + [0] * (sides - 2)
        hand.pop("no_tricks", None)
        hand.pop("last_trick", None)
        if rules.get("both_reach") == "last_trick":
            hand["last_trick"] = 1
    elif what == "taker":
        hand["taker"] = draw(st.sampled_from([-1, table.players, 7, "0", 1.5]))
    elif what == "length":
        hand["cards"] = [*hand["cards"], 0] if draw(st.booleans()) else hand["cards"][:-1]
    elif what == "bella":
        hand["bella"] = draw(st.sampled_from([-1, sides, "0", [0]]))
    elif what == "melds":
        side = draw(st.integers(0, sides - 1))
        hand["melds"] = {"side": side, "fifty": table.cards_held(side) // 4 + 1}
    elif what == "not object":
        doc["hands"][index] = draw(st.sampled_from([[], "redeal", 0, [hand]]))
    elif what == "no last trick":
        hand.pop("last_trick", None)
    elif what == "redeal":
        doc["hands"][index] = {"redeal": True}
    return Broken(encode(doc), True, f"hand {index + 1}: {what}", index + 1)


@st.composite
def game_broken(draw: Draw, doc: Doc) -> Broken:
    """The game's own settings made wrong in a way §5-§7 names."""
    players = len(doc["players"])
    rules = doc.setdefault("rules", {})
    what = draw(st.sampled_from([
        "format", "rule key", "rule value", "target", "penalty", "players", "same names",
        "empty name", "long name", "first dealer", "teams",
    ]))
    if what == "format":
        doc["format"] = draw(st.sampled_from(["debertz/2", "", "Debertz/1", None, 1]))
        if doc["format"] is None:
            doc["format"] = "debertz"
    elif what == "rule key":
        rules[draw(st.sampled_from(["targte", "Target", "", "eggs "]))] = 501
    elif what == "rule value":
        key, value = draw(st.sampled_from([
            ("eggs", "hangs"), ("both_reach", "more"), ("must_beat", "all"),
            ("bait_to", "half"), ("sequences_need_trick", "yes"), ("obligation", 1),
            ("target", "501"), ("eggs", ["hang"])]))
        rules[key] = value
    elif what == "target":
        rules["target"] = draw(st.sampled_from([50, 0, -501, 10002, 501.5]))
    elif what == "penalty":
        rules[draw(st.sampled_from(["bait_penalty", "ski_penalty"]))] = draw(st.sampled_from([
            {"points": 15, "when": "each"}, {"points": 0, "when": "each"},
            {"points": 310, "when": "each"}, {"points": 100, "when": "fourth"},
            {"points": 100}, {"when": "each"}, {"points": 100, "when": "each", "count": "run"},
            {"points": "100", "when": "each"}, 100, {"points": 100, "when": "each", "x": 1}]))
    elif what == "players":
        doc["players"] = draw(st.sampled_from([["A"], ["A", "B", "C", "D", "E"], [], "AB"]))
    elif what == "same names":
        doc["players"][-1] = f" {doc['players'][0].strip().upper()} "
    elif what == "empty name":
        doc["players"][0] = draw(st.sampled_from(["", "   ", 7, None]))
    elif what == "long name":
        doc["players"][0] = "Я" * 41
    elif what == "first dealer":
        doc["first_dealer"] = draw(st.sampled_from([players, -1, "0"]))
    elif what == "teams":
        doc["teams"] = draw(st.sampled_from(["true", 1, [True]]))
        return Broken(encode(doc), False, f"game: {what}")  # bool as int: §7 does not say
    return Broken(encode(doc), True, f"game: {what}")


@st.composite
def not_a_game(draw: Draw, doc: Doc) -> Broken:
    """Not an object, not JSON, not UTF-8, or nested far too deep."""
    what = draw(st.sampled_from(["list", "string", "number", "truncated", "bytes", "deep",
                                 "deep extra"]))
    depth = draw(st.sampled_from([50, 900, 5000, 100000]))
    payload = {
        "list": encode([doc]), "string": encode("debertz/1"), "number": b"162",
        "truncated": encode(doc)[:-1], "bytes": b"\xff\xfe" + encode(doc),
        "deep": b"[" * depth + b"]" * depth,
        "deep extra": encode(doc)[:-1] + b', "note": ' + b"[" * depth + b"]" * depth + b"}",
    }[what]
    return Broken(payload, what != "deep extra", f"{what} (depth {depth})")


@st.composite
def broken_documents(draw: Draw) -> Broken:
    """One valid game with one mutation from every family above."""
    doc = draw(games(max_hands=8))
    families = [junk_somewhere, key_removed, number_swapped, game_broken, not_a_game]
    if played(doc):
        families.append(hand_broken)
    family = draw(st.sampled_from(families))
    broken: Broken = draw(family(doc))
    return broken
