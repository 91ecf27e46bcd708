"""Broken ``debertz/1`` documents: one mutation of a valid game each (RULES.md §2, §4-§5a, §7).

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
from .reference_scorer import score as reference_score

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
        "empty name", "long name", "first dealer", "teams", "loses without two sides",
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
            ("target", "501"), ("eggs", ["hang"]), ("claim_counts", "some"),
            ("claim_by", "taker"), ("failed_claim", "lose"), ("claim_by", None),
            ("failed_claim", True)]))
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
    elif what == "loses without two sides":
        # §5a: failed_claim "loses" only with exactly two sides
        if Table(players, doc.get("teams", True)).side_count == 2:
            doc["players"] = [*doc["players"][:2], "Третій"]
            doc.pop("teams", None)
        rules["failed_claim"] = "loses"
    elif what == "teams":
        doc["teams"] = draw(st.sampled_from(["true", 1, [True]]))
        return Broken(encode(doc), False, f"game: {what}")  # bool as int: §7 does not say
    return Broken(encode(doc), True, f"game: {what}")


CLAIM_MISTAKES = ["by the taker", "melds of another side", "bella of another side",
                  "melds when cards only", "bella when cards only", "cards", "no_tricks",
                  "last_trick", "debertz", "claim cards", "claim side", "claim not an object",
                  "claim key missing", "no taker", "redeal", "short"]


@st.composite
def claim_broken(draw: Draw, doc: Doc) -> Broken:
    """A claim hand made wrong in a way §2 or §5a names, put before any other claim hand (so it
    is the first wrong hand); the message must name it."""
    table = Table(len(doc["players"]), doc.get("teams", True))
    sides = table.side_count
    rules = doc.get("rules") or {}
    doc["rules"] = rules
    hands = doc["hands"]
    claims = [i for i, hand in enumerate(hands) if hand.get("claim") is not None]
    at = draw(st.integers(0, claims[0] if claims else len(hands)))
    taker = draw(st.integers(0, table.players - 1))
    side = draw(st.integers(0, sides - 1))
    other = (side + draw(st.integers(1, sides - 1))) % sides
    hand: Doc = {"taker": taker, "claim": {"side": side, "cards": draw(st.sampled_from([0, 60]))}}
    what = draw(st.sampled_from(CLAIM_MISTAKES))
    if what != "by the taker":
        rules["claim_by"] = "any"  # permissive options: no other hand can turn wrong
    if what in ("melds of another side", "bella of another side"):
        rules["claim_counts"] = "all"
    if what == "short":
        what = short_claim(doc, hand, at, table) or "cards"
    if what == "by the taker":
        rules["claim_by"] = "defenders"
        hand["claim"]["side"] = table.side_of(taker)
    elif what.endswith("of another side"):
        key = what.split()[0]
        hand[key] = {"side": other, "terz": 1} if key == "melds" else other
    elif what.endswith("when cards only"):
        rules["claim_counts"] = "cards"
        key = what.split()[0]
        hand[key] = {"side": side, "terz": 1} if key == "melds" else side
    elif what == "cards":
        hand["cards"] = [162] + [0] * (sides - 1)
    elif what in ("no_tricks", "last_trick", "debertz"):
        hand[what] = [other] if what == "no_tricks" else side
    elif what == "claim cards":
        hand["claim"]["cards"] = draw(st.sampled_from([-1, 163, 1, 161, "50", 50.5, True, None,
                                                       10**20, [60]]))
    elif what == "claim side":
        hand["claim"]["side"] = draw(st.sampled_from([-1, sides, "0", 1.0, True, None, [0]]))
    elif what == "claim not an object":
        hand["claim"] = draw(st.sampled_from([0, [0, 60], "yes", True]))
    elif what == "claim key missing":
        del hand["claim"][draw(st.sampled_from(["side", "cards"]))]
    elif what == "no taker":
        if draw(st.booleans()):
            hand["taker"] = None  # §2: null means left out
        else:
            del hand["taker"]
    elif what == "redeal":
        hand["redeal"] = True
    hands.insert(at, hand)
    return Broken(encode(doc), True, f"hand {at + 1}: claim {what}", at + 1)


def short_claim(doc: Doc, hand: Doc, at: int, table: Table) -> str | None:
    """Make `hand` a claim that counts at `at` and falls short under "play_on" (§5a), if the
    game is still on there; else None."""
    rules = doc["rules"]
    if rules.get("failed_claim") == "loses":
        if any(h.get("claim") is not None for h in doc["hands"]):
            return None  # an earlier claim may then end the game: keep the document as it is
        rules["failed_claim"] = "play_on"
    before = reference_score({**doc, "hands": doc["hands"][:at]})
    side = hand["claim"]["side"]
    target = rules.get("target", 501)
    if before["finished"] or before["score"][side] >= target:
        return None
    hand["claim"]["cards"] = max(0, min(160, target - before["score"][side] - 1))
    if hand["claim"]["cards"] == 1:
        hand["claim"]["cards"] = 0
    return "short"


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
    families = [junk_somewhere, key_removed, number_swapped, game_broken, not_a_game,
                claim_broken, claim_broken]
    if played(doc):
        families.append(hand_broken)
    family = draw(st.sampled_from(families))
    broken: Broken = draw(family(doc))
    return broken
