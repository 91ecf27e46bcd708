"""Hypothesis strategies for VALID random ``debertz/1`` games (RULES.md §1-§7).

Every option value of every rule appears; card points are steered towards the interesting cases
(eggs, tied leaders, sides with no tricks) because uniform random cards almost never tie.

>>> from hypothesis import find
>>> len(find(games(), lambda doc: len(doc["players"]) == 3)["players"])
3
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from .reference_scorer import Table
from .reference_scorer import score as reference_score

Doc = dict[str, Any]
Draw = Any  # hypothesis' draw function

# Unique even ignoring case and surrounding spaces; some look like markup on purpose.
NAMES = ["Оля", "Петро", "<b>Іван</b>", "  Марта ", "A", "O'Neil \"Jr\"", "Лёша & Co",
         "x" * 40, "名前", "<script>alert(1)</script>", "Ґанна", "Bob"]
TARGETS = [51, 52, 60, 101, 151, 201, 301]
WHENS = ["each", "third", "third_and_after", "every_third"]


def penalties() -> st.SearchStrategy[Doc | None]:
    """§4: points a multiple of 10 from 10 to 300, every `when`, `count` given or left out."""
    shape = st.fixed_dictionaries(
        {"points": st.integers(1, 30).map(lambda tens: tens * 10), "when": st.sampled_from(WHENS)},
        optional={"count": st.sampled_from(["game", "consecutive"])},
    )
    return st.one_of(st.none(), shape)


def rule_sets(sides: int = 2) -> st.SearchStrategy[Doc]:
    """§6/§7: any subset of the rule keys, each with any accepted value for `sides` sides.

    §5a: failed_claim "loses" is allowed only with exactly two sides.
    """
    failed_claim = ["play_on", "loses"] if sides == 2 else ["play_on"]
    return st.fixed_dictionaries({}, optional={
        "target": st.one_of(st.sampled_from(TARGETS), st.sampled_from([501, 701, 1001]),
                            st.integers(51, 10001)),
        "eggs": st.sampled_from(["hang", "opponents", "each"]),
        "both_reach": st.sampled_from(["more_points", "taker", "last_trick"]),
        "must_beat": st.sampled_from(["each", "combined"]),
        "bait_to": st.sampled_from(["leader", "taker_points_to_leader", "halves"]),
        "sequences_need_trick": st.booleans(),
        "obligation": st.booleans(),
        "bait_penalty": penalties(),
        "ski_penalty": penalties(),
        "claim_counts": st.sampled_from(["all", "cards"]),
        "claim_by": st.sampled_from(["any", "defenders"]),
        "failed_claim": st.sampled_from(failed_claim),
    })


def cards_ok(cards: list[int]) -> bool:
    """§2: whole numbers adding up to 162, no 1 and no 161."""
    return sum(cards) == 162 and all(0 <= c <= 162 and c not in (1, 161) for c in cards)


def random_cards(draw: Draw, sides: int) -> list[int]:
    """Any split of 162 points among `sides`, a 1 or 161 moved by one point to the next side."""
    cuts = sorted(draw(st.lists(st.integers(0, 162), min_size=sides - 1, max_size=sides - 1)))
    edges = [0, *cuts, 162]
    cards = [edges[i + 1] - edges[i] for i in range(sides)]
    while not cards_ok(cards):
        i = next(i for i, points in enumerate(cards) if points in (1, 161))
        cards[i] -= 1
        cards[(i + 1) % sides] += 1
    return cards


def eggs_cards(draw: Draw, sides: int, taker: int, extras: list[int], combined: bool) -> list[int]:
    """Cards that make the taker's total equal to what it must beat (§3.3 eggs)."""
    opponents = [side for side in range(sides) if side != taker]
    cards = [0] * sides
    if combined and sides > 2:
        # c_t + x_t = (162 - c_t) + sum of the opponents' extras
        cards[taker] = (162 + sum(extras[o] for o in opponents) - extras[taker]) // 2
        spread = random_cards(draw, len(opponents))
        scale = 162 - cards[taker]
        if not 0 <= scale <= 162:
            return []
        shares = [value * scale // 162 for value in spread]
        shares[0] += scale - sum(shares)
        for side, share in zip(opponents, shares):
            cards[side] = share
        return cards
    leader = draw(st.sampled_from(opponents))
    for side in opponents:
        if side != leader:
            cards[side] = draw(st.integers(0, 40))
    rest = 162 - sum(cards)
    if rest % 2:
        others = [side for side in opponents if side != leader]
        cards[others[0]] += 1
        rest -= 1
    cards[taker] = (rest + extras[leader] - extras[taker]) // 2
    cards[leader] = rest - cards[taker]
    return cards


def tied_leader_cards(draw: Draw, sides: int, taker: int, extras: list[int]) -> list[int]:
    """Cards that give two or three opponents the same, hopefully leading, total (§3.3-§3.5)."""
    opponents = [side for side in range(sides) if side != taker]
    tied = draw(st.permutations(opponents))[: draw(st.integers(2, len(opponents)))]
    cards = [0] * sides
    for side in range(sides):
        if side not in tied:
            cards[side] = draw(st.integers(0, 50))
    # each tied side gets the same total T: sum of (T - extra) over them = what is left
    rest = 162 - sum(cards)
    spare = (rest + sum(extras[side] for side in tied)) % len(tied)
    cards[taker] += spare
    total = (rest - spare + sum(extras[side] for side in tied)) // len(tied)
    for side in tied:
        cards[side] = total - extras[side]
    return cards


def hand_cards(draw: Draw, table: Table, taker_side: int, extras: list[int],
               rules: Doc) -> list[int]:
    """Card points steered to a mode; falls back to random cards when the mode cannot be met."""
    sides = table.side_count
    mode = draw(st.sampled_from(["random", "random", "eggs", "eggs", "tie", "zero", "all"]))
    cards: list[int] = []
    if mode == "eggs":
        combined = rules.get("must_beat") == "combined"
        cards = eggs_cards(draw, sides, taker_side, extras, combined)
    elif mode == "tie" and sides > 2:
        cards = tied_leader_cards(draw, sides, taker_side, extras)
    elif mode == "zero":
        cards = random_cards(draw, sides - 1)
        cards.insert(draw(st.integers(0, sides - 1)), 0)
    elif mode == "all":
        cards = [0] * sides
        cards[draw(st.integers(0, sides - 1))] = 162
    if not cards_ok(cards):
        cards = random_cards(draw, sides)
    return cards


def meld_record(draw: Draw, table: Table, side: int | None = None) -> Doc:
    """§2: one side's sequences within the cards its players hold (3*terz + 4*fifty)."""
    if side is None:
        side = draw(st.integers(0, table.side_count - 1))
    held = table.cards_held(side)
    fifty = draw(st.integers(0, held // 4))
    terz = draw(st.integers(0, (held - 4 * fifty) // 3))
    record: Doc = {"side": side}
    for key, count in (("terz", terz), ("fifty", fifty)):
        if count or draw(st.booleans()):
            record[key] = count  # §2: a count left out is 0
    return record


def extras_of(melds: Doc | None, bella: int | None, sides: int) -> list[int]:
    extras = [0] * sides
    if melds is not None:
        extras[melds["side"]] += 20 * melds.get("terz", 0) + 50 * melds.get("fifty", 0)
    if bella is not None:
        extras[bella] += 20
    return extras


def maybe(draw: Draw, record: Doc, key: str, value: Any) -> None:
    """Put `value` under `key`; an absent value is left out or written as null (§2)."""
    if value is not None:
        record[key] = value
    elif draw(st.integers(0, 4)) == 0:
        record[key] = None


@st.composite
def played_hand(draw: Draw, table: Table, rules: Doc) -> Doc:
    """§2: a played hand (possibly declaring debertz) that RULES.md accepts."""
    sides = table.side_count
    taker = draw(st.integers(0, table.players - 1))
    melds = meld_record(draw, table) if draw(st.booleans()) else None
    bella = draw(st.one_of(st.none(), st.integers(0, sides - 1)))
    cards = hand_cards(draw, table, table.side_of(taker), extras_of(melds, bella, sides), rules)
    zero_sides = [side for side in range(sides) if cards[side] == 0]
    no_tricks = draw(st.lists(st.sampled_from(zero_sides), unique=True)) if zero_sides else []
    # last trick: a side that took a trick worth at least the 10 of the last trick
    trick_takers = [s for s in range(sides) if cards[s] >= 10 and s not in no_tricks]
    hand: Doc = {"taker": taker, "cards": cards}
    maybe(draw, hand, "melds", melds)
    maybe(draw, hand, "bella", bella)
    maybe(draw, hand, "no_tricks", no_tricks if no_tricks or draw(st.booleans()) else None)
    if rules.get("both_reach") == "last_trick" or draw(st.booleans()):
        hand["last_trick"] = draw(st.sampled_from(trick_takers))
    if draw(st.integers(0, 29)) == 0:
        hand["debertz"] = draw(st.integers(0, sides - 1))
    return hand


@st.composite
def unplayed_debertz(draw: Draw, table: Table, rules: Doc) -> Doc:
    """§2: a debertz declared and not played out: no cards, it scores nothing."""
    sides = table.side_count
    hand: Doc = {"taker": draw(st.integers(0, table.players - 1)),
                 "debertz": draw(st.integers(0, sides - 1))}
    if draw(st.booleans()):
        hand["cards"] = None
    if rules.get("both_reach") == "last_trick":
        hand["last_trick"] = draw(st.integers(0, sides - 1))
    return hand


@st.composite
def hand_record(draw: Draw, table: Table, rules: Doc) -> Doc:
    """§2: one hand record: redeal (never under obligation, §6), debertz or played."""
    roll = draw(st.integers(0, 99))
    if roll < 10 and not rules.get("obligation", False):
        hand: Doc = {"redeal": True}
    elif roll < 14:
        hand = draw(unplayed_debertz(table, rules))
    else:
        hand = draw(played_hand(table, rules))
        if draw(st.integers(0, 9)) == 0:
            hand["redeal"] = draw(st.sampled_from([False, None]))
    if draw(st.integers(0, 9)) == 0:
        hand["id"] = f"h{draw(st.integers(0, 999))}"  # the app's own keys are ignored (§7)
        hand["note"] = "<i>дописка</i>"
    return hand


def claim_points(draw: Draw, need: int, short_allowed: bool) -> int | None:
    """§5a: card points c for a claim that needs `need` more points: 0-162, not 1 or 161.

    Steered to the edge (exactly enough, one short); None when no allowed c exists.
    """
    allowed = [c for c in range(163) if c not in (1, 161)]
    enough = [c for c in allowed if c >= need]
    short = [c for c in allowed if c < need] if short_allowed else []
    edge = [c for c in (need, need - 1, need + 1) if c in enough or c in short]
    one_short = [need - 1] if need - 1 in short else []  # the likeliest to be misjudged
    pools = [pool for pool in (enough, short, edge, edge, one_short) if pool]
    if not pools:
        return None
    value: int = draw(st.sampled_from(draw(st.sampled_from(pools))))
    return value


@st.composite
def claim_hand(draw: Draw, table: Table, rules: Doc, before: Doc) -> Doc | None:
    """§2/§5a: a claim that RULES.md accepts after the hands scored in `before` (the reference's
    result of the earlier hands). Once the game is over the claim is void and may fall short;
    otherwise it falls short only under failed_claim "loses". None when no such claim exists."""
    sides = table.side_count
    taker = draw(st.integers(0, table.players - 1))
    may_claim = [side for side in range(sides)
                 if rules.get("claim_by", "any") == "any" or side != table.side_of(taker)]
    leader = max(may_claim, key=lambda s: before["score"][s])  # the likeliest to claim
    side = draw(st.sampled_from([leader, *may_claim]))
    target = rules.get("target", 501)
    melds = bella = None
    if rules.get("claim_counts", "all") == "all":  # only then melds and bella (of side s only)
        if target - before["score"][side] > 162:  # the most sequences its cards can hold
            held = table.cards_held(side)
            melds, bella = {"side": side, "terz": held % 4 // 3, "fifty": held // 4}, side
        else:
            melds = meld_record(draw, table, side) if draw(st.booleans()) else None
            bella = side if draw(st.booleans()) else None
    extra = sum(extras_of(melds, bella, sides))
    need = target - before["score"][side] - extra
    void = bool(before["finished"])
    short_allowed = void or rules.get("failed_claim", "play_on") == "loses"
    cards = claim_points(draw, need, short_allowed)
    if cards is None:
        return None
    hand: Doc = {"taker": taker, "claim": {"side": side, "cards": cards}}
    maybe(draw, hand, "melds", melds)
    maybe(draw, hand, "bella", bella)
    for absent in ("cards", "no_tricks", "last_trick", "debertz", "redeal"):
        if draw(st.integers(0, 9)) == 0:
            hand[absent] = None  # §2: null means the key is left out
    if draw(st.integers(0, 9)) == 0:
        hand["claim"]["at"] = "<i>12:30</i>"  # the app's own keys are ignored (§7)
    return hand


@st.composite
def hand_list(draw: Draw, doc: Doc, table: Table, rules: Doc, max_hands: int) -> list[Doc]:
    """The hands; in about one game in two a claim (§5a) among them: mostly where the game is still
    on (often as late as possible, where it is likeliest to hold; the hands after it are void),
    sometimes after the end, where it is void itself."""
    hands: list[Doc] = draw(st.lists(hand_record(table, rules), max_size=max_hands))
    if draw(st.booleans()):
        result = reference_score({**doc, "hands": hands})
        counted = sum(not line["void"] for line in result["hands"])
        over = bool(result["finished"])
        live = list(range(counted + (0 if over else 1)))  # claim positions before the end
        dead = list(range(counted, len(hands) + 1)) if over else []
        spots = [[live[-1]], live, live] + ([dead] if dead else [])
        at = draw(st.sampled_from(draw(st.sampled_from(spots))))
        before = reference_score({**doc, "hands": hands[:at]})
        claim = draw(claim_hand(table, rules, before))
        if claim is not None:
            hands.insert(at, claim)
    return hands


@st.composite
def games(draw: Draw, max_hands: int = 24) -> Doc:
    """A whole valid debertz/1 document: 2-4 players, teams on/off, any rules, any hands."""
    players = draw(st.sampled_from([2, 3, 4, 4]))  # four players twice: teams on and off
    teams = draw(st.booleans())
    table = Table(players, teams)
    rules = draw(rule_sets(table.side_count))
    names = draw(st.permutations(NAMES))[:players]
    doc: Doc = {}
    if draw(st.integers(0, 4)):
        doc["format"] = "debertz/1"
    doc["players"] = names
    if (players == 4 or draw(st.booleans())) and (not teams or draw(st.booleans())):
        doc["teams"] = teams  # §6: teams defaults to true, ignored with 2 or 3 players
    if draw(st.booleans()):
        doc["first_dealer"] = draw(st.integers(0, players - 1))
    if rules or draw(st.booleans()):
        doc["rules"] = rules
    doc["hands"] = draw(hand_list(doc, table, rules, max_hands))
    if draw(st.integers(0, 9)) == 0:
        doc["id"] = "game-1"
    return doc
