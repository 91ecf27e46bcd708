"""Problems found in a game or a hand record, and the engine's one error type.

Every check yields a :class:`Problem`; the entry form shows all of them, the
loaders raise the first one as a :class:`DebertzError`.

>>> p = Problem(3, "cards", "cards_sum", {"total": 150}, "hand 3: cards must add up to 162, not 150")
>>> str(DebertzError(p))
'hand 3: cards must add up to 162, not 150'

Problem codes and their ``params`` (stable: the UI translates by code + params):

=====================  ===================================  =========================================
code                   params                               meaning
=====================  ===================================  =========================================
not_object             {}                                   the value must be a JSON object
not_list               {}                                   the value must be a list
not_int                {}                                   must be a whole number (true/false is not)
not_bool               {}                                   must be true or false
not_text               {}                                   must be text
missing                {}                                   a required key is absent (or null)
unknown_key            {key}                                a key of ``rules`` or a penalty is unknown
unknown_value          {value, allowed}                     option value not one of ``allowed``
unknown_format         {value}                              ``format`` is not "debertz/1"
out_of_range           {value, min, max}                    a number outside min..max
not_seat               {value, count}                       not a seat 0..count-1
not_side               {value, count}                       not a side 0..count-1
players_count          {count}                              there must be 2, 3 or 4 players
name_empty             {seat}                               a name is empty after trimming
name_too_long          {seat, length, max}                  a name longer than ``max`` characters
name_duplicate         {seat, other}                        same name as seat ``other`` (ignoring case)
penalty_points         {value}                              not a multiple of 10 from 10 to 300
redeal_with_result     {key}                                a redeal record also carries ``key``
redeal_obligation      {}                                   redeals are impossible with obligation
cards_required         {}                                   a played hand needs ``cards``
cards_count            {count, sides}                       one number per side is needed
cards_impossible       {value}                              1 and 161 are impossible card points
cards_sum              {total}                              cards add up to ``total``, not 162
melds_too_many         {used, held}                         3*terz+4*fifty exceeds cards held
duplicate_side         {value}                              a side listed twice in ``no_tricks``
no_tricks_has_points   {side, points}                       a side without tricks has card points
no_tricks_all_sides    {}                                   not every side can be without a trick
no_tricks_needs_cards  {}                                   ``no_tricks`` in a hand without cards
last_trick_required    {}                                   needed under both_reach "last_trick"
last_trick_no_tricks   {side}                               the last trick's side is in no_tricks
last_trick_points      {side, points}                       the last trick's side has under 10 points
not_in_claim           {key}                                a claim hand also carries ``key`` (cards,
                                                            no_tricks, last_trick or debertz)
claim_not_allowed      {side}                               ``side`` is the taker's and claim_by is
                                                            "defenders"
claim_other_side       {key, side, claim_side}              ``key`` (melds or bella) is of ``side``,
                                                            not of the claiming ``claim_side``
claim_cards_only       {key}                                ``key`` (melds or bella) in a claim under
                                                            claim_counts "cards"
claim_short            {side, score, claimed, total,        the claim falls short under failed_claim
                       target}                              "play_on": score + claimed = total of target
failed_claim_sides     {sides}                              failed_claim "loses" needs exactly two
                                                            sides, the game has ``sides``
bad_json               {detail}                             (CLI only) the input is not JSON
=====================  ===================================  =========================================

A claim's own fields use the general codes: ``claim`` (not_object), ``claim.side`` (missing,
not_int, not_side), ``claim.cards`` (missing, not_int, out_of_range, cards_impossible).
"""

from __future__ import annotations

import json
from typing import Literal, NamedTuple, get_args

ProblemCode = Literal[
    "not_object", "not_list", "not_int", "not_bool", "not_text", "missing",
    "unknown_key", "unknown_value", "unknown_format", "out_of_range", "not_seat",
    "not_side", "players_count", "name_empty", "name_too_long", "name_duplicate",
    "penalty_points", "redeal_with_result", "redeal_obligation", "cards_required",
    "cards_count", "cards_impossible", "cards_sum", "melds_too_many", "duplicate_side",
    "no_tricks_has_points", "no_tricks_all_sides", "no_tricks_needs_cards",
    "last_trick_required", "last_trick_no_tricks", "last_trick_points", "bad_json",
    "not_in_claim", "claim_not_allowed", "claim_other_side", "claim_cards_only",
    "claim_short", "failed_claim_sides",
]
"""A :class:`Problem`'s ``code``: every code the engine can report (see the table above)."""

#: Every code the engine can report, as a set (the values of :data:`ProblemCode`).
PROBLEM_CODES: frozenset[str] = frozenset(get_args(ProblemCode))


class Problem(NamedTuple):
    """One thing wrong with a game or a hand record.

    ``hand`` is the 1-based hand number (None for the game's own keys),
    ``field`` a dotted path such as ``cards.1`` or ``rules.target``.

    >>> Problem(None, "players", "players_count", {"count": 5}, "...").field
    'players'
    """

    hand: int | None
    field: str
    code: ProblemCode
    params: dict[str, object]
    message: str


class DebertzError(ValueError):
    """The only exception the engine raises for bad input; ``.problem`` says what and where.

    >>> err = DebertzError(Problem(2, "taker", "missing", {}, "hand 2: taker is missing"))
    >>> err.problem.code
    'missing'
    """

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem


def shown(value: object, limit: int = 40) -> str:
    """A short one-line rendering of a value for a message.

    >>> shown("x" * 50)
    '"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'
    >>> shown(True)
    'true'
    """
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return text


def kind_of(value: object) -> str:
    """The JSON name of a value's type, for messages.

    >>> kind_of([1]), kind_of(None), kind_of(1.5)
    ('a list', 'null', 'a fraction')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a fraction"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


class Report:
    """Collects the problems of one hand (or of the game's own keys).

    >>> r = Report(3)
    >>> r.add("cards", "cards_sum", {"total": 150}, "cards must add up to 162, not 150")
    >>> r.problems[0].message
    'hand 3: cards must add up to 162, not 150'
    """

    __slots__ = ("hand", "problems")

    def __init__(self, hand: int | None) -> None:
        self.hand = hand
        self.problems: list[Problem] = []

    def add(self, field: str, code: ProblemCode, params: dict[str, object], text: str) -> None:
        """Record one problem; ``text`` is the plain-English message without the hand prefix."""
        prefix = f"hand {self.hand}: " if self.hand is not None else ""
        self.problems.append(Problem(self.hand, field, code, params, prefix + text))

    def raise_first(self) -> None:
        """Raise the first problem found, if any."""
        if self.problems:
            raise DebertzError(self.problems[0])
