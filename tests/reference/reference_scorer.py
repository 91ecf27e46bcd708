"""A second, deliberately plain scorer for VALID ``debertz/1`` games, written from RULES.md alone.

It exists only to be compared with ``app.engine`` (see ``test_differential.py``): every step
follows RULES.md literally and names its section, speed and elegance do not matter. It does not
validate its input; give it only documents that RULES.md accepts (the one wrong document it notices
is a short claim under failed_claim "play_on", which it refuses with ``ShortClaim``).

>>> score({"players": ["A", "B"], "hands": [{"taker": 0, "cards": [100, 62]}]})["score"]
[100, 62]
>>> score({"players": ["A", "B"], "hands": [{"taker": 0, "cards": [81, 81]}]})["hanging"]
81
"""

from __future__ import annotations

from typing import Any

Doc = dict[str, Any]

# §6: the defaults, all together.
DEFAULT_RULES: dict[str, Any] = {
    "target": 501,
    "eggs": "hang",
    "both_reach": "more_points",
    "must_beat": "each",
    "bait_to": "leader",
    "sequences_need_trick": True,
    "obligation": False,
    "bait_penalty": None,
    "ski_penalty": None,
    "claim_counts": "all",
    "claim_by": "any",
    "failed_claim": "play_on",
}


class ShortClaim(ValueError):
    """§5a failed_claim "play_on": a short claim that is not void makes the document wrong."""


def get(obj: dict[str, Any], key: str, default: Any) -> Any:
    """§2: a key set to null means the same as a key left out.

    >>> get({"bella": None}, "bella", "none")
    'none'
    """
    value = obj.get(key)
    return default if value is None else value


class Table:
    """§1: players, seats and sides of one game.

    >>> Table(4, True).side_of(3), Table(4, False).side_of(3), Table(3, True).side_count
    (1, 3, 3)
    """

    def __init__(self, players: int, teams: bool) -> None:
        self.players = players
        # §1: only 4 players can play in teams; teams is ignored with 2 or 3 players.
        self.teams = players == 4 and teams

    @property
    def side_count(self) -> int:
        return 2 if self.teams else self.players

    def side_of(self, seat: int) -> int:
        # §1: teams: side = seat % 2 (partners opposite); otherwise side = seat.
        return seat % 2 if self.teams else seat

    def cards_held(self, side: int) -> int:
        # §2 melds bounds: 9 cards a player with 2-3 players, 8 with 4.
        per_player = 8 if self.players == 4 else 9
        seats = [seat for seat in range(self.players) if self.side_of(seat) == side]
        return per_player * len(seats)

    def split_order(self, dealer: int) -> list[int]:
        """§3.4: sides in seat order from the dealer's left, the dealer last; a team at its first seat.

        >>> Table(3, False).split_order(1)
        [2, 0, 1]
        >>> Table(4, True).split_order(0)
        [1, 0]
        """
        order: list[int] = []
        for step in range(1, self.players + 1):
            side = self.side_of((dealer + step) % self.players)
            if side not in order:
                order.append(side)
        return order


def split(amount: int, receivers: list[int], order: list[int]) -> dict[int, int]:
    """§3.4: amount // k each, the first amount % k receivers in `order` get one point more.

    >>> split(163, [2, 1], [2, 0, 1])
    {2: 82, 1: 81}
    """
    ranked = [side for side in order if side in receivers]
    k = len(ranked)
    shares = {side: amount // k for side in ranked}
    for side in ranked[: amount % k]:
        shares[side] += 1
    return shares


def hand_totals(hand: Doc, rules: dict[str, Any], sides: int) -> list[int]:
    """§3.1-§3.2: cards + counted sequences + bella, per side.

    >>> hand_totals({"cards": [62, 100], "melds": {"side": 1, "terz": 1}}, DEFAULT_RULES, 2)
    [62, 120]
    """
    no_tricks = get(hand, "no_tricks", [])
    sequences = [0] * sides
    melds = get(hand, "melds", None)
    if melds is not None:
        side = melds["side"]
        # §3.1: 20 per terz + 50 per fifty; a count left out is 0 (§2).
        points = 20 * get(melds, "terz", 0) + 50 * get(melds, "fifty", 0)
        # §3.1: under sequences_need_trick they are void when their side is in no_tricks.
        if rules["sequences_need_trick"] and side in no_tricks:
            points = 0
        sequences[side] += points
    bella = [0] * sides
    bella_side = get(hand, "bella", None)
    if bella_side is not None:
        bella[bella_side] = 20  # §3.1: bella's 20 always counts.
    cards = hand["cards"]
    return [cards[side] + sequences[side] + bella[side] for side in range(sides)]


def outcome_of(totals: list[int], taker_side: int, must_beat: str) -> str:
    """§3.3: compare the taker's side with its opponents: made, bait or eggs.

    >>> outcome_of([40, 61, 61], 0, "each"), outcome_of([81, 40, 41], 0, "combined")
    ('bait', 'eggs')
    """
    opponents = [side for side in range(len(totals)) if side != taker_side]
    if must_beat == "each" or len(totals) == 2:
        against = max(totals[side] for side in opponents)
    else:  # "combined"
        against = sum(totals[side] for side in opponents)
    if totals[taker_side] > against:
        return "made"
    if totals[taker_side] < against:
        return "bait"
    return "eggs"


def bait_records(
    totals: list[int], taker_side: int, bait_to: str, order: list[int]
) -> tuple[list[int], list[int]]:
    """§3.3 bait: the taker records 0, the opponents share V. Returns (records, leaders).

    >>> bait_records([50, 70, 42], 0, "taker_points_to_leader", [1, 2, 0])
    ([0, 120, 42], [1])
    """
    sides = len(totals)
    value = sum(totals)  # §3.2: V = the sum of the hand totals.
    opponents = [side for side in range(sides) if side != taker_side]
    top = max(totals[side] for side in opponents)
    leaders = [side for side in opponents if totals[side] == top]
    records = [0] * sides
    if sides == 2:
        # §3.3: with two sides each option means: the opponent records V.
        records[opponents[0]] = value
    elif bait_to == "leader":
        for side, share in split(value, leaders, order).items():
            records[side] = share
    elif bait_to == "taker_points_to_leader":
        for side in opponents:
            records[side] = totals[side]
        for side, share in split(totals[taker_side], leaders, order).items():
            records[side] += share
    elif bait_to == "halves":
        for side, share in split(value, opponents, order).items():
            records[side] = share
    else:
        raise ValueError(f"unknown bait_to {bait_to!r}")
    return records, leaders


def penalty_due(penalty: dict[str, Any], count: int) -> bool:
    """§4 when: is the `count`-th occurrence (of the game or of the run) penalised?

    >>> [penalty_due({"when": "every_third"}, c) for c in (1, 2, 3, 4, 6)]
    [False, False, True, False, True]
    """
    when = penalty["when"]
    if when == "each":
        return True
    if when == "third":
        return count == 3
    if when == "third_and_after":
        return count >= 3
    if when == "every_third":
        return count % 3 == 0
    raise ValueError(f"unknown when {when!r}")


class Counter:
    """§4: one penalty's occurrence counts per side, over the game or as consecutive runs."""

    def __init__(self, penalty: dict[str, Any] | None, sides: int) -> None:
        self.penalty = penalty
        self.counts = [0] * sides

    def occur(self, side: int) -> int:
        """Count one occurrence for `side`; return the points it loses now (0 if not due)."""
        if self.penalty is None:
            return 0
        self.counts[side] += 1
        if penalty_due(self.penalty, self.counts[side]):
            return int(self.penalty["points"])
        return 0

    def next_cost(self, side: int) -> int:
        """What one more occurrence would cost `side` now (0 without this penalty)."""
        if self.penalty is None or not penalty_due(self.penalty, self.counts[side] + 1):
            return 0
        return int(self.penalty["points"])

    def break_run(self, side: int) -> None:
        """§4 count consecutive: the run breaks; with count game nothing happens."""
        if self.penalty is not None and get(self.penalty, "count", "game") == "consecutive":
            self.counts[side] = 0


def game_end(
    score: list[int], target: int, both_reach: str, taker_side: int | None, last_trick: int | None
) -> int | None:
    """§5: the winner after a hand, or None when the game goes on.

    >>> game_end([520, 552], 501, "more_points", 0, None), game_end([520, 552], 501, "taker", 0, None)
    (1, 0)
    """
    reached = [side for side in range(len(score)) if score[side] >= target]
    if not reached:
        return None
    if len(reached) == 1:
        return reached[0]
    if both_reach == "taker" and taker_side in reached:
        return taker_side
    if both_reach == "last_trick" and last_trick in reached:
        return last_trick
    # "more_points", and the fallback of the other two: the higher score; a tie goes on.
    top = max(score)
    leaders = [side for side in range(len(score)) if score[side] == top]
    return leaders[0] if len(leaders) == 1 else None


def claimed_points(hand: Doc, rules: dict[str, Any]) -> int:
    """§5a: the claim's c, plus under claim_counts "all" the side's sequences and bella.

    Sequences count here even under sequences_need_trick (the claiming side has taken tricks).

    >>> hand = {"claim": {"side": 0, "cards": 51}, "melds": {"side": 0, "terz": 1}, "bella": 0}
    >>> claimed_points(hand, DEFAULT_RULES), claimed_points(hand, {"claim_counts": "cards"})
    (91, 51)
    """
    claim = hand["claim"]
    points = claim["cards"]
    if rules["claim_counts"] == "cards":
        return int(points)
    melds = get(hand, "melds", None)
    if melds is not None and melds["side"] == claim["side"]:
        points += 20 * get(melds, "terz", 0) + 50 * get(melds, "fifty", 0)
    if get(hand, "bella", None) == claim["side"]:
        points += 20
    return int(points)


def claim_end(hand: Doc, rules: dict[str, Any], running: list[int]) -> tuple[int, str, int]:
    """§5a: (winner, how the game was decided, claimed points) for a claim hand that is not void.

    >>> claim_end({"claim": {"side": 0, "cards": 51}, "melds": {"side": 0, "terz": 1}},
    ...           DEFAULT_RULES, [430, 300])
    (0, 'claim', 71)
    >>> claim_end({"claim": {"side": 0, "cards": 51}}, {**DEFAULT_RULES, "failed_claim": "loses"},
    ...           [430, 300])
    (1, 'failed_claim', 51)
    """
    side = hand["claim"]["side"]
    claimed = claimed_points(hand, rules)
    if running[side] + claimed >= rules["target"]:
        return side, "claim", claimed  # the claim holds: that side wins at once
    if rules["failed_claim"] == "loses":
        # only with exactly two sides: "the other side wins"
        return 1 - side, "failed_claim", claimed
    raise ShortClaim(f"{running[side]} + {claimed} = {running[side] + claimed}"
                     f" of {rules['target']}")


def score(doc: Doc) -> Doc:
    """Replay a valid debertz/1 document; the result has the CLI's keys plus per-hand details.

    >>> game = {"players": ["A", "B", "C"], "hands": [{"taker": 0, "cards": [40, 61, 61]}]}
    >>> score(game)["score"]
    [0, 81, 81]
    """
    players = len(doc["players"])
    table = Table(players, bool(get(doc, "teams", True)))  # §6: teams defaults to true
    sides = table.side_count
    rules = dict(DEFAULT_RULES)
    for key, value in get(doc, "rules", {}).items():
        if value is not None:
            rules[key] = value
    bait_count = Counter(rules["bait_penalty"], sides)
    ski_count = Counter(rules["ski_penalty"], sides)
    dealer = int(get(doc, "first_dealer", 0))  # §1: hand 1 is dealt by first_dealer (default 0)
    running = [0] * sides
    pot = 0
    winner: int | None = None
    decided_by: str | None = None  # "debertz", "target", "claim" or "failed_claim"
    finished = False
    lines: list[Doc] = []
    for hand in doc["hands"]:
        line: Doc = {"dealer": dealer, "void": finished, "kind": None, "outcome": None,
                     "totals": None, "recorded": [0] * sides, "pot_won": [0] * sides,
                     "penalties": {"bait": [0] * sides, "ski": [0] * sides}, "winner": None}
        if finished:
            line["kind"] = "void"  # §5: hands after the end are void, change no score
        elif get(hand, "redeal", False):
            line["kind"] = "redeal"  # §2: nobody scores, the deal passes on
        elif get(hand, "claim", None) is not None:
            # §5a: nobody records anything (no pot, no penalty, no count); the game ends.
            line["kind"] = "claim"
            winner, decided_by, line["claimed"] = claim_end(hand, rules, running)
            finished = True
        elif get(hand, "debertz", None) is not None and get(hand, "cards", None) is None:
            line["kind"] = "debertz"  # §2: not played out, scores nothing; §5 wins at once
            winner, decided_by, finished = hand["debertz"], "debertz", True
        else:
            line["kind"] = "played"
            pot = play(hand, rules, table, dealer, pot, line, bait_count, ski_count)
            for side in range(sides):
                # §5: recorded + pot won - penalties.
                running[side] += (line["recorded"][side] + line["pot_won"][side]
                                  - line["penalties"]["bait"][side]
                                  - line["penalties"]["ski"][side])
            if get(hand, "debertz", None) is not None:
                # §2/§5: scored, then the game ends
                winner, decided_by, finished = hand["debertz"], "debertz", True
            else:
                last_trick = get(hand, "last_trick", None)
                winner = game_end(running, rules["target"], rules["both_reach"],
                                  table.side_of(hand["taker"]), last_trick)
                finished = winner is not None
                decided_by = "target" if finished else None
        line["score"] = list(running)
        line["pot"] = pot
        lines.append(line)
        dealer = (dealer + 1) % players  # §1: after every record the deal passes to the left
    return {"score": running, "winner": winner, "next_dealer": dealer, "hanging": pot,
            "finished": finished, "decided_by": decided_by, "hands": lines,
            # what the UI shows next: points still needed (never below 0), the next penalties
            "needs": [max(0, rules["target"] - points) for points in running],
            "next_bait_cost": [bait_count.next_cost(side) for side in range(sides)],
            "next_ski_cost": [ski_count.next_cost(side) for side in range(sides)]}


def play(hand: Doc, rules: dict[str, Any], table: Table, dealer: int, pot: int, line: Doc,
         bait_count: Counter, ski_count: Counter) -> int:
    """§3-§4 for one played hand: fill `line` and return the pot hanging after it."""
    sides = table.side_count
    order = table.split_order(dealer)
    totals = hand_totals(hand, rules, sides)
    taker_side = table.side_of(hand["taker"])
    outcome = outcome_of(totals, taker_side, rules["must_beat"])
    line["totals"], line["outcome"] = totals, outcome
    baited = outcome == "bait" or (outcome == "eggs" and rules["eggs"] == "opponents")
    hand_winner: int | None
    added_to_pot = 0
    if outcome == "made":
        records, hand_winner = list(totals), taker_side  # §3.3 made: everyone its own total
    elif baited:
        # §3.3 bait (eggs "opponents" is a bait in every respect); §3.5 winner: the single leader.
        records, leaders = bait_records(totals, taker_side, rules["bait_to"], order)
        hand_winner = leaders[0] if len(leaders) == 1 else None
    elif rules["eggs"] == "hang":
        records = list(totals)  # §3.3 eggs hang: opponents their totals, t 0, t's total hangs
        records[taker_side] = 0
        added_to_pot, hand_winner = totals[taker_side], None
    else:  # eggs "each": every side records its own total, nobody wins the pot
        records, hand_winner = list(totals), None
    line["recorded"], line["winner"] = records, hand_winner
    # §3.5: the winner takes the whole pot hanging before this hand; otherwise it keeps hanging.
    if hand_winner is not None:
        line["pot_won"][hand_winner] = pot
        pot = 0
    pot += added_to_pot
    # §4 bait penalty: counts the taker's side's baits; a non-baited taker breaks its run.
    if baited:
        line["penalties"]["bait"][taker_side] = bait_count.occur(taker_side)
    else:
        bait_count.break_run(taker_side)
    # §4 ski penalty: counts hands in no_tricks; taking a trick in a played hand breaks the run.
    no_tricks = get(hand, "no_tricks", [])
    for side in range(sides):
        if side in no_tricks:
            line["penalties"]["ski"][side] = ski_count.occur(side)
        else:
            ski_count.break_run(side)
    return pot
