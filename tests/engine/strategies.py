"""Hypothesis strategies: valid debertz/1 documents (ties and claims steered in) and malformed ones."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from app.engine import game_from_json, score
from app.engine.model import make_table

Doc = dict[str, Any]
TIES = {2: [[81, 81], [71, 91], [91, 71]], 3: [[54, 54, 54], [60, 60, 42], [40, 61, 61]],
        4: [[50, 50, 30, 32], [40, 40, 41, 41], [0, 54, 54, 54]]}
NAMES = ["Оля", "Петро", "<b>Іван</b>", "Марта", "A & B", "x" * 40]


@st.composite
def penalties(draw: Any) -> Doc | None:
    if draw(st.booleans()):
        return None
    penalty: Doc = {"points": draw(st.integers(1, 30)) * 10,
                    "when": draw(st.sampled_from(["each", "third", "third_and_after",
                                                  "every_third"]))}
    if draw(st.booleans()):
        penalty["count"] = draw(st.sampled_from(["game", "consecutive"]))
    return penalty


@st.composite
def rule_sets(draw: Any, sides: int = 2) -> Doc:
    """Any subset of the options; failed_claim "loses" only with two sides (§5a)."""
    options: dict[str, Any] = {
        "target": st.sampled_from([51, 101, 301, 501, 1001]),
        "eggs": st.sampled_from(["hang", "opponents", "each"]),
        "both_reach": st.sampled_from(["more_points", "taker", "last_trick"]),
        "must_beat": st.sampled_from(["each", "combined"]),
        "bait_to": st.sampled_from(["leader", "taker_points_to_leader", "halves"]),
        "sequences_need_trick": st.booleans(), "obligation": st.booleans(),
        "bait_penalty": penalties(), "ski_penalty": penalties(),
        "claim_counts": st.sampled_from(["all", "cards"]),
        "claim_by": st.sampled_from(["any", "defenders"]),
        "failed_claim": st.sampled_from(["play_on", "loses"] if sides == 2 else ["play_on"]),
    }
    keys = draw(st.lists(st.sampled_from(sorted(options)), unique=True))
    return {key: draw(options[key]) for key in keys}


@st.composite
def cards(draw: Any, sides: int) -> list[int]:
    if draw(st.integers(0, 3)) == 0:
        return list(draw(st.sampled_from(TIES[sides])))
    points: list[int] = []
    left = 162
    for _ in range(sides - 1):
        value = draw(st.integers(0, left))
        value = 0 if value in (1, 161) else value
        points.append(value)
        left -= value
    points.append(left)
    if 1 in points or 161 in points:
        points = [162] + [0] * (sides - 1)
    order = draw(st.permutations(range(sides)))
    return [points[i] for i in order]


@st.composite
def played_hand(draw: Any, players: int, teams: bool, rules: Doc) -> Doc:
    table = make_table(players, teams)
    sides = table.sides
    points = draw(cards(sides))
    hand: Doc = {"taker": draw(st.integers(0, players - 1)), "cards": points}
    zeros = [s for s in range(sides) if points[s] == 0]
    no_tricks = draw(st.lists(st.sampled_from(zeros), unique=True)) if zeros else []
    if no_tricks and len(no_tricks) < sides:
        hand["no_tricks"] = no_tricks
    if draw(st.booleans()):
        side = draw(st.integers(0, sides - 1))
        held = table.held[side]
        fifty = draw(st.integers(0, min(2, held // 4)))
        terz = draw(st.integers(0, min(2, (held - 4 * fifty) // 3)))
        hand["melds"] = {"side": side, "terz": terz, "fifty": fifty}
    if draw(st.booleans()):
        hand["bella"] = draw(st.integers(0, sides - 1))
    takers = [s for s in range(sides) if points[s] >= 10 and s not in no_tricks]
    if rules.get("both_reach") == "last_trick" or draw(st.booleans()):
        hand["last_trick"] = draw(st.sampled_from(takers))
    if draw(st.integers(0, 30)) == 0:
        hand["debertz"] = draw(st.integers(0, sides - 1))
    if draw(st.integers(0, 5)) == 0:
        hand["id"] = draw(st.integers(0, 10**6))
    return hand


@st.composite
def claim_hand(draw: Any, game: Doc) -> Doc | None:
    """A claim that the engine must accept after the hands of ``game``: one that holds, or
    (under failed_claim "loses", or once the game is over and the claim is void) any claim.
    None when no allowed claim exists (under "play_on", too far from the target)."""
    rules = game["rules"]
    table = make_table(len(game["players"]), game["teams"])
    sheet = score(game_from_json(game))
    taker = draw(st.integers(0, table.players - 1))
    allowed = [side for side in range(table.sides) if rules.get("claim_by", "any") == "any"
               or side != table.side_of[taker]]
    side = draw(st.sampled_from(allowed))
    hand: Doc = {"taker": taker, "claim": {"side": side, "cards": 0}}
    extra = 0
    if rules.get("claim_counts", "all") == "all" and draw(st.booleans()):
        fifty = draw(st.integers(0, table.held[side] // 4))
        hand["melds"] = {"side": side, "fifty": fifty}
        extra = 50 * fifty
        if draw(st.booleans()):
            hand["bella"] = side
            extra += 20
    need = rules.get("target", 501) - sheet.score[side] - extra
    short_ok = sheet.finished or rules.get("failed_claim") == "loses"
    low = 0 if short_ok else max(0, need)
    if low > 162:
        return None
    edge = min(162, max(low, need))  # exactly enough (or the least allowed)
    points = draw(st.sampled_from(sorted({low, edge, 162, draw(st.integers(low, 162))})))
    hand["claim"]["cards"] = {1: 2, 161: 162}.get(points, points)  # no card is worth 1
    return hand


@st.composite
def games(draw: Any, max_hands: int = 30) -> Doc:
    players = draw(st.integers(2, 4))
    teams = draw(st.booleans())
    sides = make_table(players, teams).sides
    rules = draw(rule_sets(sides))
    records: list[Doc] = []
    game: Doc = {"players": draw(st.permutations(NAMES))[:players], "teams": teams,
                 "first_dealer": draw(st.integers(0, players - 1)), "rules": rules,
                 "hands": records}
    for _ in range(draw(st.integers(0, max_hands))):
        roll = draw(st.integers(0, 20))
        claim = draw(claim_hand(game)) if roll in (2, 3) else None
        if roll == 0 and not rules.get("obligation"):
            records.append({"redeal": True})
        elif roll == 1:
            records.append({"taker": draw(st.integers(0, players - 1)),
                            "debertz": draw(st.integers(0, sides - 1))})
        elif claim is not None:
            records.append(claim)
        else:
            records.append(draw(played_hand(players, teams, rules)))
    if draw(st.booleans()):
        game["format"] = "debertz/1"
    if draw(st.booleans()):
        game["id"] = "game-1"
        game["undo"] = [{"anything": [1, 2]}]
    return game


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-200, 400) | st.floats(allow_nan=False)
    | st.text(max_size=5) | st.sampled_from(["hang", "debertz/1", "each", "last_trick"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["taker", "cards", "melds", "side", "terz", "bella", "no_tricks",
                         "players", "hands", "rules", "points", "when", "x"]), inner, max_size=4),
    max_leaves=12)


@st.composite
def mutated(draw: Any, document: Any) -> Any:
    """``document`` with one node replaced by a random JSON value (or one key dropped)."""
    if isinstance(document, dict) and document:
        key = draw(st.sampled_from(sorted(document)))
        copy = dict(document)
        if draw(st.integers(0, 3)) == 0:
            del copy[key]
        else:
            copy[key] = draw(mutated(document[key]))
        return copy
    if isinstance(document, list) and document and draw(st.booleans()):
        index = draw(st.integers(0, len(document) - 1))
        copy_list = list(document)
        copy_list[index] = draw(mutated(document[index]))
        return copy_list
    return draw(json_values)
