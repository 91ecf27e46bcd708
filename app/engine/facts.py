"""What the replay decided in one hand, and why: the facts an explanation is made of.

The score sheet (``scoring.py``) gives each hand's figures; this module names the reasons
behind them, computed by the same rules: each side's card points, counted sequences and
bella, the sequences a side lost for taking no trick, the comparison that made the hand
made, a bait or eggs and the options that applied (``must_beat``, ``bait_to``, ``eggs``), the
pot, and (filled in by the replay, which keeps the counts) the penalties' counts, the score
before the hand and the end of the game if it came.

>>> from app.engine.records import Hand, Melds, make_table
>>> from app.engine.rules import Rules
>>> hand = Hand(taker=0, cards=(70, 92), bella=0)
>>> f = HandFacts((0, 0), 0, judging=Judging(hand, Rules(), make_table(2, True), 0, (1, 0), "bait"))
>>> f.cards, f.bella, f.totals, f.comparison
((70, 92), (20, 0), (90, 92), Comparison(own=90, against=92, sides=(1,), must_beat='each'))
>>> f.options, f.leaders
((), (1,))
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal, NamedTuple

from app.engine.records import Hand, Side, Table
from app.engine.rules import Rules

OptionName = Literal["must_beat", "bait_to", "eggs"]
"""The options that can decide how a played hand is shared (§3.3)."""

BELLA_POINTS = 20


class Option(NamedTuple):
    """One rule option that applied to a hand, with its value.

    >>> Option("eggs", "hang")
    Option(name='eggs', value='hang')
    """

    name: OptionName
    value: str


class Comparison(NamedTuple):
    """The taker's side's total (``own``) against ``against``: the highest opponent total
    under ``must_beat`` "each" (``sides``: the opponents that have it), the sum of every
    opponent's total under "combined" (``sides``: all of them)."""

    own: int
    against: int
    sides: tuple[Side, ...]
    must_beat: str


class PenaltyCount(NamedTuple):
    """A penalty count that moved in a hand: ``side``'s ``nth`` bait as taker (or hand
    without a trick), over the game or in a row (``consecutive``), and the ``points`` it cost
    (0 when that occurrence is not due).

    >>> PenaltyCount(side=1, nth=3, consecutive=True, points=100).nth
    3
    """

    side: Side
    nth: int
    consecutive: bool
    points: int


class Judged(NamedTuple):
    """The reasons of a hand with card points: per side ``cards``, counted ``sequences``,
    ``void_sequences`` and ``bella``; the ``comparison``, the ``leaders`` and the ``options``
    that applied (see :class:`HandFacts`)."""

    cards: tuple[int, ...]
    sequences: tuple[int, ...]
    void_sequences: tuple[int, ...]
    bella: tuple[int, ...]
    comparison: Comparison
    leaders: tuple[Side, ...]
    options: tuple[Option, ...]


class Judging(NamedTuple):
    """What a played hand's reasons are worked out from, when they are asked for: the
    record, the rules, the table, the taker's side, the sides from the dealer's left and the
    outcome the replay decided."""

    hand: Hand
    rules: Rules
    table: Table
    taker_side: Side
    order: tuple[Side, ...]
    outcome: str


class HandFacts(NamedTuple):
    """Why a hand's row of the sheet says what it says (:attr:`HandLine.facts`).

    For every hand: ``score_before`` (the running score before it), ``pot_before`` (the pot
    hanging before it), ``hung`` (what it added to the pot), the penalty counts that moved
    (``baits``, ``skis``; only while that penalty is in the rules), ``ended`` /
    ``game_winner`` (the rule that ended the game in this hand and the side that won it; None
    in every other hand) and ``reached`` (the sides at or over the target after it).

    For a hand with card points also (worked out from ``judging`` by the rules' own functions
    when one is read, and kept for the hands read last; empty or None otherwise): per side ``cards``, ``sequences``
    (counted), ``void_sequences`` (declared but void: the side took no trick under
    sequences_need_trick), ``bella``, ``totals`` (their sum); the ``comparison``; the
    ``leaders`` (the opponents with the highest total); the ``options`` that applied
    (``must_beat`` with more than two sides, ``bait_to`` when the hand was scored as a bait
    between more than two sides, ``eggs`` when the totals were equal).

    >>> HandFacts((0, 0), 0).cards is None, HandFacts((0, 0), 0).totals
    (True, ())
    """

    score_before: tuple[int, ...]
    pot_before: int
    hung: int = 0
    baits: tuple[PenaltyCount, ...] = ()
    skis: tuple[PenaltyCount, ...] = ()
    ended: str | None = None
    game_winner: Side | None = None
    reached: tuple[Side, ...] = ()
    judging: Judging | None = None

    @property
    def judged(self) -> Judged | None:
        """The reasons of a hand with card points (None for any other hand)."""
        return None if self.judging is None else judge_reasons(self.judging)

    @property
    def cards(self) -> tuple[int, ...] | None:
        """Each side's card points (None: the hand has none)."""
        return None if self.judged is None else self.judged.cards

    @property
    def sequences(self) -> tuple[int, ...]:
        """Each side's counted sequence points."""
        return () if self.judged is None else self.judged.sequences

    @property
    def void_sequences(self) -> tuple[int, ...]:
        """Each side's declared sequence points that did not count (no trick)."""
        return () if self.judged is None else self.judged.void_sequences

    @property
    def bella(self) -> tuple[int, ...]:
        """Each side's bella points."""
        return () if self.judged is None else self.judged.bella

    @property
    def comparison(self) -> Comparison | None:
        """The taker's total against what it had to beat."""
        return None if self.judged is None else self.judged.comparison

    @property
    def leaders(self) -> tuple[Side, ...]:
        """The opponents with the highest hand total."""
        return () if self.judged is None else self.judged.leaders

    @property
    def options(self) -> tuple[Option, ...]:
        """The rule options that applied to the hand."""
        return () if self.judged is None else self.judged.options

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's hand total: cards + counted sequences + bella (empty without cards)."""
        judged = self.judged
        if judged is None:
            return ()
        return tuple(c + s + b for c, s, b in zip(judged.cards, judged.sequences, judged.bella))


def sequence_points(hand: Hand, rules: Rules, sides: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per side: the sequence points that count, and those void for want of a trick (§3.1).

    >>> from app.engine.records import Melds
    >>> h = Hand(taker=1, cards=(162, 0), melds=Melds(1, fifty=1), no_tricks=(1,))
    >>> sequence_points(h, Rules(), 2), sequence_points(h, Rules(sequences_need_trick=False), 2)
    (((0, 0), (0, 50)), ((0, 50), (0, 0)))
    """
    counted, void = [0] * sides, [0] * sides
    melds = hand.melds
    if melds is not None:
        lost = rules.sequences_need_trick and melds.side in hand.no_tricks
        (void if lost else counted)[melds.side] += melds.points
    return tuple(counted), tuple(void)


@lru_cache(maxsize=1024)
def judge_reasons(judging: Judging) -> Judged:
    """The reasons of a hand with card points, as the rules judge it (§3).

    >>> from app.engine.records import make_table
    >>> j = judge_reasons(Judging(Hand(taker=0, cards=(40, 61, 61)), Rules(), make_table(3, True),
    ...                           0, (1, 2, 0), "bait"))
    >>> j.comparison.against, j.leaders, j.options
    (61, (1, 2), (Option(name='must_beat', value='each'), Option(name='bait_to', value='leader')))
    """
    hand, rules, table, taker_side, order, outcome = judging
    assert hand.cards is not None
    sides = table.sides
    counted, void = sequence_points(hand, rules, sides)
    bella = tuple(BELLA_POINTS if hand.bella == s else 0 for s in range(sides))
    totals = [c + q + b for c, q, b in zip(hand.cards, counted, bella)]
    opponents = tuple(s for s in order if s != taker_side)
    top = max(totals[s] for s in opponents)
    leaders = tuple(s for s in opponents if totals[s] == top)
    if rules.must_beat == "each":
        comparison = Comparison(totals[taker_side], top, leaders, "each")
    else:
        comparison = Comparison(totals[taker_side], sum(totals[s] for s in opponents), opponents,
                                "combined")
    options: list[Option] = []
    if sides > 2:
        options.append(Option("must_beat", rules.must_beat))
    tie = comparison.own == comparison.against
    if tie:
        options.append(Option("eggs", rules.eggs))
    as_bait = outcome == "bait" or (tie and rules.eggs == "opponents")
    if as_bait and sides > 2:
        options.append(Option("bait_to", rules.bait_to))
    return Judged(hand.cards, counted, void, bella, comparison, leaders, tuple(options))


__all__ = [
    "BELLA_POINTS",
    "Comparison",
    "HandFacts",
    "Judged",
    "Judging",
    "Option",
    "OptionName",
    "PenaltyCount",
    "judge_reasons",
    "sequence_points",
]
