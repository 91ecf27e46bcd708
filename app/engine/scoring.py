"""Replay a game's log into its score sheet (RULES.md §3-§5a).

The replay reads a game through ``records.Log`` (its table, rules, hands and dealers), so it
imports the hand records (``records.py``) and never the game module above it (``model.py``,
whose loaders and edits check claims by replaying, through ``claims.py``).

>>> from app.engine.model import game_from_json
>>> g = game_from_json({"players": ["A", "B"], "hands": [
...     {"taker": 0, "cards": [81, 81]},
...     {"taker": 1, "cards": [62, 100], "melds": {"side": 1, "terz": 1}}]})
>>> sheet = score(g)
>>> [line.recorded for line in sheet.hands], sheet.score
([(0, 81), (62, 120)], (62, 282))
>>> sheet.hands[1].pot_won, sheet.hanging
(81, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, NamedTuple, get_args

from app.engine.errors import DebertzError, Problem, Report
from app.engine.facts import (
    BELLA_POINTS,
    HandFacts,
    Judging,
    PenaltyCount,
    sequence_points,
)
from app.engine.records import CARD_POINTS, Hand, Log, Melds, Seat, Side, Table, read_hand
from app.engine.rules import BaitTo, Penalty, Rules

DecidedBy = Literal["debertz", "target", "more_points", "taker", "last_trick", "claim",
                    "failed_claim"]
"""How a game was won (:attr:`Sheet.decided_by`, :attr:`ClaimResult.decided_by`): a debertz,
one side reaching the target, one of the ``both_reach`` rules when more than one did
(``more_points``, ``taker``, ``last_trick``), a claim that held, or a claim that fell short
under failed_claim "loses" (``failed_claim``)."""
DECIDED_BY: tuple[DecidedBy, ...] = get_args(DecidedBy)

HandKind = Literal["redeal", "played", "debertz", "claim"]
"""What a hand record was (:attr:`HandLine.kind`): a redeal, a hand played out, a hand with a
debertz (played out or not), or a claim hand."""
HAND_KINDS: tuple[HandKind, ...] = get_args(HandKind)

Outcome = Literal["made", "bait", "eggs"]
"""How a scored hand went for its taker (:attr:`HandLine.outcome`, §3.3)."""
OUTCOMES: tuple[Outcome, ...] = get_args(Outcome)


class Penalties(NamedTuple):
    """Points each side lost in a hand: for baits as taker and for hands without a trick."""

    bait: tuple[int, ...]
    ski: tuple[int, ...]


class ClaimResult(NamedTuple):
    """The arithmetic of a claim that counts (§5a): ``side``'s ``score`` before the claim hand
    plus the ``claimed`` points (c, plus the side's sequences and bella under claim_counts
    "all") against the ``target``. ``winner`` and ``decided_by`` say what follows: the
    claiming side wins ("claim"), or under failed_claim "loses" the other side wins
    ("failed_claim"); both None for a short claim under "play_on", which is an error.

    >>> r = ClaimResult(side=0, score=430, claimed=71, target=501, winner=0, decided_by="claim")
    >>> r.total, r.holds
    (501, True)
    """

    side: Side
    score: int
    claimed: int
    target: int
    winner: Side | None
    decided_by: DecidedBy | None

    @property
    def total(self) -> int:
        """The side's score before the claim plus the claimed points."""
        return self.score + self.claimed

    @property
    def holds(self) -> bool:
        """Whether the claim reaches the target."""
        return self.total >= self.target


class HandLine(NamedTuple):
    """One row of the score sheet.

    ``kind`` is ``redeal``, ``played``, ``debertz`` or ``claim``; ``outcome`` is ``made``,
    ``bait``, ``eggs`` or None (redeal, debertz without cards, claim, void). ``totals`` are
    the hand totals (None when nothing was scored), ``value`` their sum V, ``recorded`` what
    each side wrote down, ``change`` = recorded + pot won - penalties, ``score`` the running
    score after this hand, ``pot`` what hangs after it, ``winner`` the side that won the hand
    (and so the pot; None in a claim hand, which wins no pot), ``taker_side`` the taker's
    side, ``claim`` the :class:`ClaimResult` of a claim hand that counts (None otherwise, and
    for a void claim hand), ``facts`` the reasons behind the figures (:class:`HandFacts`:
    every replayed line has them; the default None is for lines built by hand).
    """

    number: int
    dealer: int
    taker: int | None
    taker_side: Side | None
    kind: HandKind
    outcome: Outcome | None
    totals: tuple[int, ...] | None
    value: int
    recorded: tuple[int, ...]
    pot_won: int
    penalties: Penalties
    change: tuple[int, ...]
    score: tuple[int, ...]
    pot: int
    void: bool
    winner: Side | None
    claim: ClaimResult | None = None
    facts: HandFacts | None = None


@dataclass(frozen=True)
class Sheet:
    """The whole score sheet of a game.

    ``winner`` is the side that won the game (None while it goes on); ``decided_by`` says
    how: ``debertz``, ``target`` (one side reached it), ``more_points``, ``taker``,
    ``last_trick``, ``claim`` (a claim held) or ``failed_claim`` (a claim fell short under
    failed_claim "loses"). ``needs`` is what each side still needs to reach the target;
    ``next_bait_cost`` / ``next_ski_cost`` the penalty each side would lose for its next
    bait as taker / next hand without a trick; ``first_speaker`` the seat to the left of
    ``next_dealer``, who speaks first about trump.
    """

    hands: tuple[HandLine, ...]
    score: tuple[int, ...]
    winner: Side | None
    decided_by: DecidedBy | None
    next_dealer: int
    first_speaker: int
    hanging: int
    needs: tuple[int, ...]
    next_bait_cost: tuple[int, ...]
    next_ski_cost: tuple[int, ...]

    @property
    def finished(self) -> bool:
        """Whether the game is over: a side has won it."""
        return self.winner is not None


def split(amount: int, sides: list[Side] | tuple[Side, ...]) -> dict[Side, int]:
    """Split ``amount`` among ``sides`` (already in order from the dealer's left, §3.4).

    >>> split(182, [2, 1])
    {2: 91, 1: 91}
    >>> split(163, [2, 1])
    {2: 82, 1: 81}
    """
    share, rest = divmod(amount, len(sides))
    return {side: share + (1 if i < rest else 0) for i, side in enumerate(sides)}


def seat_order(table: Table, dealer: int) -> tuple[Side, ...]:
    """Sides in the order of the hand's seats from the dealer's left; a team at its first seat.

    >>> from app.engine.records import make_table
    >>> seat_order(make_table(3, True), 0), seat_order(make_table(4, True), 0)
    ((1, 2, 0), (1, 0))
    """
    order: list[Side] = []
    n = table.players
    for step in range(1, n + 1):
        side = table.side_of[(dealer + step) % n]
        if side not in order:
            order.append(side)
    return tuple(order)


def hand_totals(hand: Hand, rules: Rules) -> list[int]:
    """Each side's hand total: cards + counted sequences + bella (§3.1-3.2).

    >>> from app.engine.records import Melds
    >>> h = Hand(taker=1, cards=(162, 0), melds=Melds(1, fifty=1), no_tricks=(1,))
    >>> hand_totals(h, Rules()), hand_totals(h, Rules(sequences_need_trick=False))
    ([162, 0], [162, 50])
    """
    assert hand.cards is not None
    counted, _ = sequence_points(hand, rules, len(hand.cards))
    totals = [cards + sequences for cards, sequences in zip(hand.cards, counted)]
    if hand.bella is not None:
        totals[hand.bella] += BELLA_POINTS
    return totals


class Result(NamedTuple):
    """What a played hand gives before the pot and penalties."""

    outcome: Outcome
    recorded: list[int]
    winner: Side | None
    baited: bool  # the taker's side counts a bait (a bait, or eggs under "opponents")
    hangs: int    # points the hand adds to the pot


def judge(totals: list[int], taker_side: Side, order: tuple[Side, ...], rules: Rules) -> Result:
    """Made, bait or eggs, and what each side records (§3.3).

    >>> judge([100, 62], 0, (1, 0), Rules()).recorded
    [100, 62]
    >>> judge([50, 70, 42], 0, (1, 2, 0), Rules(bait_to="halves")).recorded
    [0, 81, 81]
    """
    opponents = [s for s in order if s != taker_side]
    own = totals[taker_side]
    opposing = [totals[s] for s in opponents]
    against = max(opposing) if rules.must_beat == "each" else sum(opposing)
    if own > against:
        return Result("made", totals[:], taker_side, False, 0)
    if own == against and rules.eggs != "opponents":
        if rules.eggs == "each":
            return Result("eggs", totals[:], None, False, 0)
        recorded = totals[:]
        recorded[taker_side] = 0
        return Result("eggs", recorded, None, False, own)
    outcome: Outcome = "bait" if own < against else "eggs"
    recorded, winner = _bait(totals, taker_side, opponents, rules.bait_to)
    return Result(outcome, recorded, winner, True, 0)


def _bait(totals: list[int], taker_side: Side, opponents: list[Side],
          bait_to: BaitTo) -> tuple[list[int], Side | None]:
    top = max(totals[s] for s in opponents)
    leaders = [s for s in opponents if totals[s] == top]
    value = sum(totals)
    recorded = [0] * len(totals)
    if bait_to == "leader":
        shares = split(value, leaders)
    elif bait_to == "halves":
        shares = split(value, opponents)
    else:  # taker_points_to_leader
        for s in opponents:
            recorded[s] = totals[s]
        shares = split(totals[taker_side], leaders)
    for s, share in shares.items():
        recorded[s] += share
    return recorded, (leaders[0] if len(leaders) == 1 else None)


def least_to_make(game: Log, taker: Seat, melds: Melds | None = None,
                  bella: Side | None = None, no_tricks: Sequence[Side] = ()) -> int | None:
    """The fewest card points the taker's side must take to make the hand (§3.3), with the
    sequences and bella declared so far and the sides marked as taking no trick (their
    sequences void under ``sequences_need_trick``, §4.1); None when no card points can (the
    taker's side took no trick), or when it depends on how the opponents share the rest (three
    or more sides that the taker must beat each).

    Every count is judged by the rules themselves (``hand_totals`` and ``judge``). A hand is
    made when its side's total beats the opponents', which grows with the taker's card points
    as theirs shrinks, so the least count is found by halving (8 hands judged, not up to 163:
    the hand form asks at every keystroke).

    >>> from app.engine.model import game_from_json
    >>> two = game_from_json({"players": ["A", "B"], "hands": []})
    >>> least_to_make(two, 0), least_to_make(two, 0, Melds(side=1, terz=1))
    (82, 92)
    >>> least_to_make(two, 1, Melds(side=1, fifty=1), bella=1)
    47
    >>> least_to_make(two, 0, Melds(side=1, terz=1), no_tricks=[1])  # (its terz void)
    82
    >>> three = game_from_json({"players": ["A", "B", "C"], "hands": []})
    >>> least_to_make(three, 0) is None
    True
    """
    table, rules = game.table, game.rules
    side = table.side_of[taker]
    if (table.sides > 2 and rules.must_beat == "each") or side in no_tricks:
        return None
    if melds is not None and melds.side in no_tricks and rules.sequences_need_trick:
        melds = None
    other = (side + 1) % table.sides  # under "combined" the opponents' split does not matter
    order = seat_order(table, 0)

    def made(points: int) -> bool:
        cards = [0] * table.sides
        cards[side], cards[other] = points, CARD_POINTS - points
        hand = Hand(cards=tuple(cards), melds=melds, bella=bella)  # totals need no taker
        return judge(hand_totals(hand, rules), side, order, rules).outcome == "made"

    if not made(CARD_POINTS):
        return None
    low, high = 0, CARD_POINTS  # the least count is in low..high, and high makes it
    while low < high:
        middle = (low + high) // 2
        if made(middle):
            high = middle
        else:
            low = middle + 1
    return low


def claimed_points(hand: Hand, rules: Rules) -> int:
    """A claim's points (§5a): c, plus under claim_counts "all" the hand's sequences and bella
    (the claiming side's: the reader allows no other). The sequences count even under
    sequences_need_trick: the claiming side has taken tricks.

    >>> from app.engine.records import Claim, Melds
    >>> hand = Hand(taker=1, claim=Claim(0, 51), melds=Melds(0, terz=1), bella=0)
    >>> claimed_points(hand, Rules()), claimed_points(Hand(taker=1, claim=Claim(0, 51)), Rules())
    (91, 51)
    """
    assert hand.claim is not None
    claimed = hand.claim.cards
    if rules.claim_counts == "all":
        if hand.melds is not None:
            claimed += hand.melds.points
        if hand.bella is not None:
            claimed += 20
    return claimed


def judge_claim(hand: Hand, rules: Rules, scores: list[int] | tuple[int, ...]) -> ClaimResult:
    """What a claim hand that counts decides, given the ``scores`` before it (§5a).

    >>> from app.engine.records import Claim
    >>> short = Hand(taker=1, claim=Claim(0, 51))
    >>> judge_claim(short, Rules(failed_claim="loses"), [430, 300])[3:]
    (501, 1, 'failed_claim')
    >>> judge_claim(short, Rules(), [430, 300]).winner is None
    True
    """
    assert hand.claim is not None
    side = hand.claim.side
    result = ClaimResult(side, scores[side], claimed_points(hand, rules), rules.target, None, None)
    if result.holds:
        return result._replace(winner=side, decided_by="claim")
    if rules.failed_claim == "loses":
        # "loses" is allowed with exactly two sides only (§5a): the other side is 1 - side.
        return result._replace(winner=1 - side, decided_by="failed_claim")
    return result


def short_claim_problem(number: int, result: ClaimResult) -> Problem:
    """The ``claim_short`` problem of hand ``number`` (1-based) for a short claim.

    >>> r = ClaimResult(0, 430, 50, 501, None, None)
    >>> short_claim_problem(7, r).message
    'hand 7: the claim falls short: 430 + 50 = 480 of 501'
    """
    report = Report(number)
    params: dict[str, object] = {"side": result.side, "score": result.score,
                                 "claimed": result.claimed, "total": result.total,
                                 "target": result.target}
    report.add("claim", "claim_short", params,
               f"the claim falls short: {result.score} + {result.claimed} = {result.total}"
               f" of {result.target}")
    return report.problems[0]


Moved = tuple[PenaltyCount, ...]
"""The penalty counts that moved in a hand (one a side at most)."""


class _Counts:
    """Penalty counts per side: over the game, or the current run (§4)."""

    __slots__ = ("counts", "penalty")

    def __init__(self, penalty: Penalty | None, sides: int) -> None:
        self.penalty = penalty
        self.counts = [0] * sides

    def occur(self, side: Side) -> int:
        """Count one occurrence for ``side``; the points it loses for it."""
        self.counts[side] += 1
        penalty = self.penalty
        if penalty is not None and penalty.is_due(self.counts[side]):
            return penalty.points
        return 0

    def moved(self, side: Side, points: int) -> Moved:
        """The count ``side`` just reached, with the ``points`` it cost; none when this
        penalty is not in the rules."""
        penalty = self.penalty
        if penalty is None:
            return ()
        return (PenaltyCount(side, self.counts[side], penalty.count == "consecutive", points),)

    def breaks(self, side: Side) -> None:
        """End ``side``'s run (only under ``count: "consecutive"``)."""
        if self.penalty is not None and self.penalty.count == "consecutive":
            self.counts[side] = 0

    def next_cost(self) -> tuple[int, ...]:
        """What the next occurrence would cost each side."""
        penalty = self.penalty
        if penalty is None:
            return (0,) * len(self.counts)
        return tuple(penalty.points if penalty.is_due(c + 1) else 0 for c in self.counts)


def _game_winner(scores: list[int], rules: Rules, taker_side: Side,
                 last_trick: Side | None) -> tuple[Side | None, DecidedBy | None]:
    """Who wins after a played hand, and by which rule (§5); (None, None) if the game goes on."""
    target = rules.target
    reached = [s for s, v in enumerate(scores) if v >= target]
    if not reached:
        return None, None
    if len(reached) == 1:
        return reached[0], "target"
    if rules.both_reach == "taker" and taker_side in reached:
        return taker_side, "taker"
    if rules.both_reach == "last_trick" and last_trick in reached:
        return last_trick, "last_trick"
    top = max(scores)
    leaders = [s for s in reached if scores[s] == top]
    if len(leaders) == 1:
        return leaders[0], "more_points"
    return None, None


class _Carried(NamedTuple):
    """What a replay carries past a hand: the scores, the pot, the end of the game if it came,
    and the penalty counts (§4); all that the next hand's line depends on besides its record."""

    scores: tuple[int, ...]
    pot: int
    winner: Side | None
    decided_by: DecidedBy | None
    baits: tuple[int, ...]
    skis: tuple[int, ...]


class _Replay:
    """The state carried from hand to hand while a log is replayed."""

    def __init__(self, game: Log, strict: bool = True) -> None:
        table = game.table
        self.game = game
        self.rules = game.rules
        self.table = table
        self.orders = [seat_order(table, d) for d in range(table.players)]
        self.sides = table.sides
        self.zeros = (0,) * table.sides
        self.nothing = Penalties(self.zeros, self.zeros)
        self.scores = [0] * table.sides
        self.pot = 0
        self.winner: Side | None = None
        self.decided_by: DecidedBy | None = None
        self.baits = _Counts(game.rules.bait_penalty, table.sides)
        self.skis = _Counts(game.rules.ski_penalty, table.sides)
        # A short claim under failed_claim "play_on" is an error: score() raises it (strict),
        # the checks collect every one (the record then changes nothing and play goes on).
        self.strict = strict
        self.short: list[Problem] = []

    def carried(self) -> _Carried:
        """The state as it stands, to go on from later (:meth:`resume`)."""
        return _Carried(tuple(self.scores), self.pot, self.winner, self.decided_by,
                        tuple(self.baits.counts), tuple(self.skis.counts))

    def resume(self, carried: _Carried) -> None:
        """Go on from a state :meth:`carried` gave (a replay of the same table and rules)."""
        self.scores = list(carried.scores)
        self.pot = carried.pot
        self.winner, self.decided_by = carried.winner, carried.decided_by
        self.baits.counts = list(carried.baits)
        self.skis.counts = list(carried.skis)

    def line(self, number: int, dealer: int, hand: Hand) -> HandLine:
        """Score one hand record and advance the state; its facts say why (:class:`HandFacts`)."""
        before, pot, going_on = tuple(self.scores), self.pot, self.winner is None
        if going_on and not hand.redeal and hand.cards is not None:  # (a claim has no cards)
            return self._played(number, dealer, hand, before, pot)
        line = self._unplayed(number, dealer, hand)
        return line._replace(facts=self._facts(before, pot, going_on))

    def _facts(self, before: tuple[int, ...], pot: int, going_on: bool, hung: int = 0,
               baits: Moved = (), skis: Moved = (), judging: Judging | None = None) -> HandFacts:
        """What the replay knows about a hand just scored: the score and the pot before it,
        what it hung, the counts that moved, the sides at the target and the end it made."""
        reached = tuple(s for s, v in enumerate(self.scores) if v >= self.rules.target)
        ended = going_on and self.winner is not None
        return HandFacts(before, pot, hung, baits, skis, self.decided_by if ended else None,
                         self.winner if ended else None, reached, judging)

    def _unplayed(self, number: int, dealer: int, hand: Hand) -> HandLine:
        """A hand not scored from card points: void, a claim, a redeal, a debertz not played."""
        if self.winner is not None:
            return self._still(number, dealer, hand, True)
        if hand.claim is not None:
            return self._claim(number, dealer, hand)
        line = self._still(number, dealer, hand, False)
        if hand.debertz is not None:
            # Ambiguity: a debertz hand without cards "scores nothing" (§2); we read that
            # as touching no penalty count and leaving the pot hanging, like a redeal.
            self.winner, self.decided_by = hand.debertz, "debertz"
        return line

    def _claim(self, number: int, dealer: int, hand: Hand) -> HandLine:
        # Nobody records anything in a claim hand: no points, no pot won (a hanging pot stays
        # hanging), no penalty, no bait or ski count touched (§5a).
        result = judge_claim(hand, self.rules, self.scores)
        if result.winner is None:
            problem = short_claim_problem(number, result)
            if self.strict:
                raise DebertzError(problem)
            self.short.append(problem)
        self.winner, self.decided_by = result.winner, result.decided_by
        return self._still(number, dealer, hand, False)._replace(claim=result)

    def _still(self, number: int, dealer: int, hand: Hand, void: bool) -> HandLine:
        kind: HandKind = "redeal" if hand.redeal else (
            "claim" if hand.claim is not None else
            "debertz" if hand.debertz is not None else "played")
        taker = None if hand.redeal else hand.taker
        side = None if taker is None else self.table.side_of[taker]
        return HandLine(number, dealer, taker, side, kind, None, None, 0, self.zeros, 0,
                        self.nothing, self.zeros, tuple(self.scores), self.pot, void, None)

    def _played(self, number: int, dealer: int, hand: Hand, before: tuple[int, ...],
                pot: int) -> HandLine:
        assert hand.taker is not None
        rules = self.rules
        taker_side = self.table.side_of[hand.taker]
        totals = hand_totals(hand, rules)
        result = judge(totals, taker_side, self.orders[dealer], rules)
        pot_won = 0
        if result.winner is not None:
            pot_won, self.pot = self.pot, 0
        self.pot += result.hangs
        penalties, baits, skis = self._penalties(hand, taker_side, result.baited)
        change = list(result.recorded)
        if result.winner is not None:
            change[result.winner] += pot_won
        for s in range(self.sides):
            change[s] -= penalties.bait[s] + penalties.ski[s]
            self.scores[s] += change[s]
        if hand.debertz is not None:
            # Debertz wins "whatever the score" (§5), even when another side reached the target.
            self.winner, self.decided_by = hand.debertz, "debertz"
        else:
            # The end is checked after played hands only: a redeal changes no score (§5).
            self.winner, self.decided_by = _game_winner(self.scores, rules, taker_side,
                                                        hand.last_trick)
        kind: HandKind = "played" if hand.debertz is None else "debertz"
        judging = Judging(hand, rules, self.table, taker_side, self.orders[dealer], result.outcome)
        facts = self._facts(before, pot, True, result.hangs, baits, skis, judging)
        return HandLine(number, dealer, hand.taker, taker_side, kind, result.outcome,
                        tuple(totals), sum(totals), tuple(result.recorded), pot_won, penalties,
                        tuple(change), tuple(self.scores), self.pot, False, result.winner,
                        None, facts)

    def _penalties(self, hand: Hand, taker_side: Side,
                   baited: bool) -> tuple[Penalties, Moved, Moved]:
        """What each side loses in a played hand, and the counts that moved (§4)."""
        if self.rules.bait_penalty is None and self.rules.ski_penalty is None:
            return self.nothing, (), ()
        bait = [0] * self.sides
        ski = [0] * self.sides
        baits: list[PenaltyCount] = []
        skis: list[PenaltyCount] = []
        if baited:
            bait[taker_side] = self.baits.occur(taker_side)
            baits.extend(self.baits.moved(taker_side, bait[taker_side]))
        else:
            self.baits.breaks(taker_side)
        for s in range(self.sides):
            if s in hand.no_tricks:
                ski[s] = self.skis.occur(s)
                skis.extend(self.skis.moved(s, ski[s]))
            else:
                self.skis.breaks(s)
        return Penalties(tuple(bait), tuple(ski)), tuple(baits), tuple(skis)

    def sheet(self, lines: tuple[HandLine, ...]) -> Sheet:
        """The finished sheet once every record has been replayed."""
        game = self.game
        n = self.table.players
        next_dealer = game.dealer_of(len(game.hands))
        target = self.rules.target
        needs = tuple(max(0, target - v) for v in self.scores)
        if self.winner is not None:
            bait_cost = ski_cost = self.zeros
        else:
            bait_cost, ski_cost = self.baits.next_cost(), self.skis.next_cost()
        return Sheet(lines, tuple(self.scores), self.winner, self.decided_by, next_dealer,
                     (next_dealer + 1) % n, self.pot, needs, bait_cost, ski_cost)


def score(game: Log) -> Sheet:
    """Replay the whole log into the score sheet.

    Raises DebertzError for a claim that counts and falls short under failed_claim "play_on"
    (only a Game not built by the checked loaders and edits can hold one).

    >>> from app.engine.model import game_from_json
    >>> score(game_from_json({"players": ["A", "B"], "hands": []})).needs
    (501, 501)
    """
    replay = _Replay(game)
    lines = tuple(replay.line(i + 1, game.dealer_of(i), hand) for i, hand in enumerate(game.hands))
    return replay.sheet(lines)


@dataclass(frozen=True, eq=False)
class Replayed:
    """A log replayed: its :class:`Sheet` and what the replay carried past each hand, so that
    another version of the log (the same game with a hand added, edited, deleted...) is scored
    by :func:`rescore` from the first hand where the two differ.

    ``table``, ``rules`` and ``hands`` are what was replayed; ``first_scored`` is the 0-based
    index of the first hand this replay scored itself (the lines before it were taken from the
    earlier replay: 0 for a replay from the start).
    """

    sheet: Sheet
    table: Table
    rules: Rules
    hands: tuple[Hand, ...]
    first_scored: int
    carried: tuple[_Carried, ...] = field(repr=False)
    """The state before each hand and after the last (one more than ``hands``)."""


def rescore(game: Log, earlier: Replayed | None = None) -> Replayed:
    """Replay the log into its sheet like :func:`score`, going on from ``earlier`` (a replay of
    another version of the same log) at the first hand where the two differ: with the same
    table, rules and first dealer, every hand before it the same record (``==``). A hand
    added at the end is the one hand scored; an edit or a delete replays from the changed
    hand on. Whatever ``earlier`` is, ``rescore(game, earlier).sheet == score(game)``; it
    raises as :func:`score` does.

    >>> from app.engine.model import game_from_json
    >>> g = game_from_json({"players": ["A", "B"], "hands": [
    ...     {"taker": 0, "cards": [81, 81]}, {"taker": 1, "cards": [62, 100]}]})
    >>> before = rescore(g)
    >>> longer = g.add_hand(Hand(taker=0, cards=(100, 62)))
    >>> after = rescore(longer, before)
    >>> after.first_scored, after.sheet == score(longer), after.sheet.score
    (2, True, (162, 324))
    >>> rescore(longer.replace_hand(1, Hand(redeal=True)), after).first_scored
    1
    """
    start = 0 if earlier is None else _common(earlier, game)
    replay = _Replay(game)
    if earlier is not None and start:
        replay.resume(earlier.carried[start])
        lines = list(earlier.sheet.hands[:start])
        carried = list(earlier.carried[:start + 1])
    else:
        lines, carried = [], [replay.carried()]
    hands = game.hands
    for i in range(start, len(hands)):
        lines.append(replay.line(i + 1, game.dealer_of(i), hands[i]))
        carried.append(replay.carried())
    return Replayed(replay.sheet(tuple(lines)), game.table, game.rules, hands, start,
                    tuple(carried))


def _common(earlier: Replayed, game: Log) -> int:
    """How many hands at the start of ``game``'s log ``earlier`` scored as ``game`` would: the
    same table and rules, the same records (``==``) dealt by the same dealers."""
    if earlier.table != game.table or earlier.rules != game.rules:
        return 0
    common = 0
    for hand, old in zip(game.hands, earlier.hands):
        if hand is not old and hand != old:
            break
        common += 1
    # The deal passes to the left after every record (§1): with the same players, the same
    # first dealer deals every hand alike.
    if common and game.dealer_of(0) != earlier.sheet.hands[0].dealer:
        return 0
    return common


def _replayed(game: Log, hands: int) -> _Replay:
    """The state after the first ``hands`` records, short claims collected, not raised."""
    replay = _Replay(game, strict=False)
    for i, hand in enumerate(game.hands[:hands]):
        replay.line(i + 1, game.dealer_of(i), hand)
    return replay


def short_claims(game: Log) -> list[Problem]:
    """A ``claim_short`` problem for every claim that counts and falls short under
    failed_claim "play_on" (a short claim then changes nothing, and the replay goes on).

    >>> from app.engine.model import Claim, Game
    >>> g = Game(players=("A", "B"), hands=(Hand(taker=0, claim=Claim(1, 60)),))
    >>> [p.message for p in short_claims(g)]
    ['hand 1: the claim falls short: 0 + 60 = 60 of 501']
    """
    return _replayed(game, len(game.hands)).short


def claim_result(game: Log, hand_json: object, index: int | None = None) -> ClaimResult | None:
    """For a live preview: what the claim record ``hand_json`` would decide at 0-based
    ``index`` (an existing hand it replaces; by default a new last hand), against the score
    before it. None when the record is not a claim, has a problem of its own (see
    check_hand), or comes after the end of the game (it would be void).

    >>> from app.engine.model import Game
    >>> g = Game(players=("A", "B"))
    >>> r = claim_result(g, {"taker": 0, "claim": {"side": 1, "cards": 90}})
    >>> r.total, r.target, r.holds, r.winner
    (90, 501, False, None)
    >>> claim_result(g, {"taker": 0, "cards": [100, 62]}) is None
    True
    """
    hand = read_hand(Report(None), hand_json, game.table, game.rules)
    if hand is None or hand.claim is None:
        return None
    count = len(game.hands)
    at = index if type(index) is int and 0 <= index < count else count
    replay = _replayed(game, at)
    if replay.winner is not None:
        return None
    return judge_claim(hand, game.rules, replay.scores)


def claim_to_json(result: ClaimResult) -> dict[str, object]:
    """A claim's arithmetic as JSON (the ``claim`` key of a claim hand's row).

    >>> claim_to_json(ClaimResult(0, 430, 71, 501, 0, "claim"))["total"]
    501
    """
    return {"side": result.side, "score": result.score, "claimed": result.claimed,
            "total": result.total, "target": result.target, "holds": result.holds,
            "winner": result.winner, "decided_by": result.decided_by}


def line_to_json(line: HandLine) -> dict[str, object]:
    """One sheet row as JSON; a claim hand that counts also has ``claim`` (claim_to_json).

    >>> from app.engine.model import game_from_json
    >>> g = game_from_json({"players": ["A", "B"], "hands": [{"taker": 0, "cards": [100, 62]}]})
    >>> row = line_to_json(score(g).hands[0])
    >>> row["outcome"], row["recorded"], row["penalties"], row["score"]
    ('made', [100, 62], {'bait': [0, 0], 'ski': [0, 0]}, [100, 62])
    """
    row: dict[str, object] = {
        "number": line.number, "dealer": line.dealer, "taker": line.taker,
        "taker_side": line.taker_side, "kind": line.kind, "outcome": line.outcome,
        "totals": None if line.totals is None else list(line.totals), "value": line.value,
        "recorded": list(line.recorded), "pot_won": line.pot_won,
        "penalties": {"bait": list(line.penalties.bait), "ski": list(line.penalties.ski)},
        "change": list(line.change), "score": list(line.score), "pot": line.pot,
        "void": line.void, "winner": line.winner,
    }
    if line.claim is not None:  # only then: rows of games without claims stay as they were
        row["claim"] = claim_to_json(line.claim)
    return row


def sheet_to_json(sheet: Sheet) -> dict[str, object]:
    """The sheet as JSON: what ``python -m app.engine score`` prints.

    >>> from app.engine.model import game_from_json
    >>> g = game_from_json({"players": ["A", "B"], "hands": [{"redeal": True}]})
    >>> doc = sheet_to_json(score(g))
    >>> doc["score"], doc["finished"], doc["next_dealer"], doc["hands"][0]["kind"]
    ([0, 0], False, 1, 'redeal')
    """
    return {
        "score": list(sheet.score), "winner": sheet.winner, "decided_by": sheet.decided_by,
        "finished": sheet.finished, "next_dealer": sheet.next_dealer,
        "first_speaker": sheet.first_speaker, "hanging": sheet.hanging,
        "needs": list(sheet.needs), "next_bait_cost": list(sheet.next_bait_cost),
        "next_ski_cost": list(sheet.next_ski_cost),
        "hands": [line_to_json(line) for line in sheet.hands],
    }
