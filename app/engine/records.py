"""Hand records: the frozen values a game's log is made of, reading one record, its JSON form.

This is the lowest layer of the game model: it knows the table (who sits where, which side
each seat plays for) and the options, never the score. The layers above it:

- ``scoring.py`` replays a log of these records into the score sheet; it reads a game
  through :class:`Log`, the little it needs of one (``model.Game`` is one);
- ``claims.py`` checks a log's claims against the score before them (it replays);
- ``model.py`` is the game itself (``Game``, its loaders, its checked edits), which checks
  its claims through ``claims.py``.

So every import points down (errors, checks, rules <- records <- scoring <- claims <- model)
and no module needs one above it.

>>> hand = read_hand(Report(1), {"taker": 0, "cards": [81, 81], "bella": 1},
...                  make_table(2, True), Rules())
>>> hand.cards, hand_to_json(hand)
((81, 81), {'taker': 0, 'cards': [81, 81], 'bella': 1})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import chain, compress, repeat
from operator import add, contains, is_not, itemgetter, le, mul
from typing import Any, NamedTuple, Protocol, cast

from app.engine.checks import (
    read_bool,
    read_int,
    read_list,
    read_object,
    read_place,
    read_required,
)
from app.engine.errors import Problem, Report
from app.engine.rules import Rules

CARD_POINTS = 162
HAND_KEYS = ("redeal", "taker", "cards", "melds", "bella", "no_tricks", "last_trick", "debertz",
             "claim")
MELD_KEYS = ("side", "terz", "fifty")
CLAIM_KEYS = ("side", "cards")
_HAND_SET, _MELD_SET, _CLAIM_SET = frozenset(HAND_KEYS), frozenset(MELD_KEYS), frozenset(CLAIM_KEYS)
# A claim hand was stopped, not played out: it has none of these (§2).
NOT_IN_CLAIM = ("cards", "no_tricks", "last_trick", "debertz")
Seat = int
Side = int


_set_fields = object.__setattr__
"""How :class:`Hand` and :class:`Melds` fill their fields. One Hand (and often one Melds) is
made for every hand record read, 3,007 for a backup of 100 games, and a frozen dataclass's own
``__init__`` sets each field through ``object.__setattr__``: setting the instance's dict at
once is 2.4x quicker in Pyodide. Everything else of a frozen dataclass stays (equality, hash,
``replace``, no assignment)."""


def no_extra() -> Mapping[str, object]:
    """An empty ``extra``: a record without keys of the app's own."""
    return {}


@dataclass(frozen=True, init=False)
class Melds:
    """The sequences one side records in a hand: ``terz`` x 20 and ``fifty`` x 50.

    >>> Melds(side=1, terz=1).points
    20
    """

    side: Side
    terz: int = 0
    fifty: int = 0
    extra: Mapping[str, object] = field(default_factory=no_extra, hash=False)

    def __init__(self, side: Side, terz: int = 0, fifty: int = 0,
                 extra: Mapping[str, object] | None = None) -> None:
        _set_fields(self, "__dict__", {
            "side": side, "terz": terz, "fifty": fifty,
            "extra": {} if extra is None else extra,
        })

    @property
    def points(self) -> int:
        """Sequence points before the no-trick rule: 20 per terz + 50 per fifty."""
        return 20 * self.terz + 50 * self.fifty


@dataclass(frozen=True)
class Claim:
    """«Партія» (§2, §5a): ``side`` stopped the hand with ``cards`` card points in its tricks
    and claimed the game.

    >>> Claim(side=0, cards=51)
    Claim(side=0, cards=51, extra={})
    """

    side: Side
    cards: int
    extra: Mapping[str, object] = field(default_factory=no_extra, hash=False)


@dataclass(frozen=True, init=False)
class Hand:
    """One hand record: a redeal, a claim (``claim`` set, no ``cards``), or a played hand
    (``cards`` may be None only with debertz).

    >>> Hand(taker=0, cards=(100, 62)).is_played
    True
    >>> Hand(redeal=True).is_played, Hand(taker=1, claim=Claim(0, 51)).is_played
    (False, False)
    """

    redeal: bool = False
    taker: Seat | None = None
    cards: tuple[int, ...] | None = None
    melds: Melds | None = None
    bella: Side | None = None
    no_tricks: tuple[Side, ...] = ()
    last_trick: Side | None = None
    debertz: Side | None = None
    extra: Mapping[str, object] = field(default_factory=no_extra, hash=False)
    claim: Claim | None = None

    def __init__(
        self, redeal: bool = False, taker: Seat | None = None,
        cards: tuple[int, ...] | None = None, melds: Melds | None = None,
        bella: Side | None = None, no_tricks: tuple[Side, ...] = (),
        last_trick: Side | None = None, debertz: Side | None = None,
        extra: Mapping[str, object] | None = None, claim: Claim | None = None,
    ) -> None:
        _set_fields(self, "__dict__", {
            "redeal": redeal, "taker": taker, "cards": cards, "melds": melds, "bella": bella,
            "no_tricks": no_tricks, "last_trick": last_trick, "debertz": debertz,
            "extra": {} if extra is None else extra, "claim": claim,
        })

    @property
    def is_played(self) -> bool:
        """True for a hand that was played out (it has card points)."""
        return self.cards is not None


class Table(NamedTuple):
    """How seats map to sides: what a hand record is checked against."""

    players: int
    sides: int
    side_of: tuple[Side, ...]
    held: tuple[int, ...]  # cards held by each side's players


@cache
def make_table(players: int, teams: bool) -> Table:
    """The seat/side table for ``players`` players (made once for each: a backup's plan asks
    twice for each of its games).

    >>> make_table(4, True).side_of, make_table(4, False).sides
    ((0, 1, 0, 1), 4)
    """
    in_teams = players == 4 and teams
    sides = 2 if in_teams else players
    side_of = tuple(seat % sides for seat in range(players))
    per_player = 8 if players == 4 else 9
    held = tuple(per_player * side_of.count(side) for side in range(sides))
    return Table(players, sides, side_of, held)


# ---------------------------------------------------------------- reading a hand record


def read_hand(report: Report, value: object, table: Table, rules: Rules) -> Hand | None:
    """Check one hand record, recording every problem; the Hand if there were none.

    >>> report = Report(4)
    >>> read_hand(report, {"taker": 1, "cards": [62, 100]}, make_table(2, True), Rules()).cards
    (62, 100)
    >>> read_hand(report, {"taker": 1}, make_table(2, True), Rules()) is None
    True
    >>> report.problems[0].message
    'hand 4: cards are missing: a played hand needs the card points of every side'
    """
    return _usual_played(value, table, rules) or _read_record(report, value, table, rules)


def read_hands(records: Sequence[object], table: Table, rules: Rules,
               start: int = 0) -> tuple[list[Hand], list[Problem]]:
    """The hands of ``records[start:]`` and every problem found in them (each record named by
    its place, from 1), as :func:`read_hand` reads each: a record as the app writes it without
    a report of its own.

    >>> hands, problems = read_hands([{"taker": 0, "cards": [100, 62]}, {"taker": 0}],
    ...                              make_table(2, True), Rules())
    >>> len(hands), [p.message for p in problems]
    (1, ['hand 2: cards are missing: a played hand needs the card points of every side'])
    """
    hands: list[Hand] = []
    problems: list[Problem] = []
    for number in range(start + 1, len(records) + 1):
        record = records[number - 1]
        hand = _usual_played(record, table, rules)
        if hand is None:
            report = Report(number)
            hand = _read_record(report, record, table, rules)
            problems.extend(report.problems)
        if hand is not None:
            hands.append(hand)
    return hands, problems


def _read_record(report: Report, value: object, table: Table, rules: Rules) -> Hand | None:
    """:func:`read_hand` key by key, each problem named by its field."""
    obj = read_object(report, "hand", value)
    if obj is None:
        return None
    before = len(report.problems)
    extra = _extra(obj, _HAND_SET)
    redeal = obj.get("redeal")
    if redeal is not None and read_bool(report, "redeal", redeal) is None:
        return None
    if redeal:
        # A redeal carries nothing else: a result key next to it is refused rather than
        # silently dropped (RULES.md §2 says a record is either a redeal or a played hand).
        # `last_trick` is the exception outside both_reach "last_trick", where §2 says it is
        # "ignored otherwise": it is kept as it came, as in a played hand (under "last_trick"
        # _check_redeal refuses it, so the redeal is not read at all).
        _check_redeal(report, obj, rules)
        if obj.get("last_trick") is not None:
            extra = {**extra, "last_trick": obj["last_trick"]}
        return Hand(redeal=True, extra=extra) if len(report.problems) == before else None
    if obj.get("claim") is not None:
        hand = _read_claim_hand(report, obj, table, rules, extra)
    else:
        hand = _read_played(report, obj, table, rules, extra)
    return hand if len(report.problems) == before else None


_USUAL_KEYS = frozenset(("taker", "cards", "melds", "bella", "no_tricks"))


def _usual_played(obj: object, table: Table, rules: Rules) -> Hand | None:
    """The hand of a record as the app writes most of them, or None for any other (then
    :func:`read_hand` reads it key by key, making the field names of its problems): a redeal
    (``{"redeal": true}`` alone, where the rules allow one), or a played hand with only
    ``taker``, ``cards`` and maybe ``melds``, ``bella`` and ``no_tricks``, each as it should be
    (and no ``last_trick``, which ``both_reach`` "last_trick" requires).
    The same Hand as read key by key (``tests/engine/test_records.py``), in 70% of the time:
    the 3,007 hands of a backup of 100 games took 11.4 ms instead of 16.2 in Pyodide.

    >>> table = make_table(2, True)
    >>> _usual_played({"taker": 0, "cards": [100, 62], "melds": {"side": 1, "terz": 1}}, table,
    ...               Rules())
    Hand(redeal=False, taker=0, cards=(100, 62), melds=Melds(side=1, terz=1, fifty=0, extra={}), \
bella=None, no_tricks=(), last_trick=None, debertz=None, extra={}, claim=None)
    >>> _usual_played({"taker": 0, "cards": [100, 61]}, table, Rules()) is None
    True
    >>> _usual_played({"taker": 0, "cards": [162, 0], "no_tricks": [1]}, table, Rules()).no_tricks
    (1,)
    >>> _usual_played({"redeal": True}, table, Rules()).redeal
    True
    """
    if type(obj) is not dict:
        return None
    if len(obj) == 1 and obj.get("redeal") is True:
        return None if rules.obligation else Hand(True, None, None, None, None, (), None, None, {})
    if not obj.keys() <= _USUAL_KEYS or rules.both_reach == "last_trick":
        return None
    taker, cards, bella = obj.get("taker"), obj.get("cards"), obj.get("bella")
    sides = table.sides
    if (type(taker) is not int or not 0 <= taker < table.players or type(cards) is not list
            or len(cards) != sides or not _whole_cards(cards)):
        return None
    if bella is not None and (type(bella) is not int or not 0 <= bella < sides):
        return None
    no_tricks = obj.get("no_tricks")
    if no_tricks is not None:
        no_tricks = _usual_no_tricks(no_tricks, cards)
        if no_tricks is None:
            return None
    else:
        no_tricks = ()
    melds = obj.get("melds")
    if melds is None:
        return Hand(False, taker, tuple(cards), None, bella, no_tricks, None, None, {})
    if type(melds) is not dict or not melds.keys() <= _MELD_SET:
        return None
    side, terz, fifty = melds.get("side"), _zero(melds.get("terz")), _zero(melds.get("fifty"))
    if (type(side) is not int or not 0 <= side < sides or type(terz) is not int
            or type(fifty) is not int or terz < 0 or fifty < 0
            or 3 * terz + 4 * fifty > table.held[side]):
        return None
    return Hand(False, taker, tuple(cards), Melds(side, terz, fifty, {}), bella, no_tricks, None,
                None, {})


def usual_records(records: Sequence[object], table: Table, rules: Rules) -> bool:
    """Whether every record is one :func:`_usual_played` reads (then :func:`read_hands` finds
    no problem in them), told without making their Hands: each test runs over all the
    records at once, in C (the types of every value, then the few values each key holds).
    A backup's 3,007 hands, in one call for each of its three tables: 4.8 ms under Pyodide,
    where reading them took 10.7 (at 1x; one call a game took 7.9).
    False says only that a record is not usual: :func:`read_hands` tells what it holds.

    >>> table = make_table(2, True)
    >>> usual_records([{"taker": 0, "cards": [100, 62], "melds": {"side": 1, "terz": 1}},
    ...                {"redeal": True}, {"taker": 1, "cards": [0, 162], "no_tricks": [0]}],
    ...               table, Rules())
    True
    >>> usual_records([{"taker": 0, "cards": [100, 62]}, {"taker": 0, "cards": [False, 162]}],
    ...               table, Rules())
    False
    >>> usual_records([{"redeal": True}], table, Rules(obligation=True))
    False
    """
    if not set(map(type, records)) <= _DICT:
        return False
    rows = cast("list[dict[str, Any]]", records)
    if not all(map(_RECORD_SET.issuperset, rows)):
        return False
    played = rows
    if any(map(contains, rows, repeat("redeal"))):  # {"redeal": true} alone, where allowed
        redeals = [row for row in rows if "redeal" in row]
        if rules.obligation or any(len(row) != 1 or row["redeal"] is not True for row in redeals):
            return False
        played = [row for row in rows if "redeal" not in row]
    if played and rules.both_reach == "last_trick":  # (its played hands need last_trick)
        return False
    try:
        takers, cards = list(map(_TAKER, played)), list(map(_CARDS, played))
    except KeyError:
        return False
    sides = table.sides
    if (not _places(takers, table.players) or not set(map(type, cards)) <= _LIST
            or not set(map(len, cards)) <= {sides}
            or not set(map(type, chain.from_iterable(cards))) <= _INT):
        return False
    points = set(chain.from_iterable(cards))  # (values only: True and 1 are one in a set)
    if (points and (min(points) < 0 or max(points) > CARD_POINTS)
            or not points.isdisjoint(_NO_CARD) or not set(map(sum, cards)) <= {CARD_POINTS}):
        return False
    bellas = _values(played, "bella")
    if bellas and not _places(bellas, sides):
        return False
    listed = list(map(_get, played, repeat("no_tricks")))
    if not set(map(type, listed)) <= _NONE and any(
            _usual_no_tricks(sides_listed, row_cards) is None
            for sides_listed, row_cards in compress(zip(listed, cards), map(is_not, listed,
                                                                             repeat(None)))):
        return False
    melds = _values(played, "melds")
    return not melds or _usual_melds(melds, table)


def _usual_melds(melds: list[Any], table: Table) -> bool:
    """Whether every one of ``melds`` is as :func:`_usual_played` reads it (its side, its
    counts, the cards they take)."""
    if not set(map(type, melds)) <= _DICT or not all(map(_MELD_SET.issuperset, melds)):
        return False
    try:
        sides = list(map(_SIDE, melds))
    except KeyError:
        return False
    terz, fifty = _counts(melds, "terz"), _counts(melds, "fifty")
    if (not _places(sides, table.sides) or not set(map(type, terz)) <= _INT
            or not set(map(type, fifty)) <= _INT or min(terz) < 0 or min(fifty) < 0):
        return False
    used = map(add, map(mul, terz, repeat(3)), map(mul, fifty, repeat(4)))
    return all(map(le, used, map(table.held.__getitem__, sides)))


def _counts(melds: list[dict[str, Any]], key: str) -> list[Any]:
    """The count ``key`` of each meld record, 0 where left out or null (:func:`_zero`)."""
    found = list(map(_get, melds, repeat(key), repeat(0)))
    return found if type(None) not in set(map(type, found)) else list(map(_zero, found))


def _places(values: list[Any], count: int) -> bool:
    """Whether every value is a whole number from 0 to ``count`` - 1 (a seat, a side)."""
    if not set(map(type, values)) <= _INT:
        return False
    found = set(values)
    return not found or (min(found) >= 0 and max(found) < count)


def _values(rows: list[dict[str, Any]], key: str) -> list[Any]:
    """The values of ``key`` in the rows that hold it, not null (most rows do not: then the
    list is made only after a look at the types of what every row holds)."""
    found = list(map(_get, rows, repeat(key)))
    if set(map(type, found)) <= _NONE:
        return []
    return [value for value in found if value is not None]


_RECORD_SET = _USUAL_KEYS | {"redeal"}
_TAKER, _CARDS, _SIDE = itemgetter("taker"), itemgetter("cards"), itemgetter("side")
_DICT, _LIST, _INT, _NONE = {dict}, {list}, {int}, {type(None)}
_NO_CARD = frozenset((1, CARD_POINTS - 1))
_get: Callable[..., Any] = dict.get


def _usual_no_tricks(value: object, cards: list[int]) -> tuple[int, ...] | None:
    """The sides of a usual ``no_tricks`` (a list of sides without card points, each once,
    not all of them), or None for any other (read key by key then).

    >>> _usual_no_tricks([1], [162, 0, 0]), _usual_no_tricks([1, 1], [162, 0, 0])
    ((1,), None)
    >>> _usual_no_tricks([0], [162, 0]), _usual_no_tricks([], [162, 0])
    (None, None)
    """
    if type(value) is not list or not 0 < len(value) < len(cards):
        return None
    for side in value:
        if type(side) is not int or not 0 <= side < len(cards) or cards[side] != 0:
            return None
    listed = tuple(value)
    return listed if len(set(listed)) == len(listed) else None


def _extra(obj: Mapping[str, object], known: frozenset[str]) -> Mapping[str, object]:
    """The keys of ``obj`` the engine does not read (the app's own), kept as they came.

    >>> _extra({"side": 0, "terz": 1}, _MELD_SET), _extra({"side": 0, "at": 3}, _MELD_SET)
    ({}, {'at': 3})
    """
    if obj.keys() <= known:  # a record's usual case
        return {}
    return {k: v for k, v in obj.items() if k not in known}


def _check_redeal(report: Report, obj: Mapping[str, object], rules: Rules) -> None:
    if rules.obligation:
        report.add("redeal", "redeal_obligation", {},
                   "redeal is not allowed: under obligation the dealer must take trump")
    for key in HAND_KEYS[1:]:
        if key == "last_trick" and rules.both_reach != "last_trick":
            continue
        if obj.get(key) is not None:
            report.add(key, "redeal_with_result", {"key": key},
                       f"{key} is not allowed in a redeal (nobody played)")


def _read_played(report: Report, obj: Mapping[str, object], table: Table, rules: Rules,
                 extra: Mapping[str, object]) -> Hand | None:
    sides = table.sides
    # Ambiguity: RULES.md lets only `cards` be left out of a debertz hand, so `taker` is
    # required in every played record, debertz or not (§2 lists it without exception).
    taker = None
    if read_required(report, obj, "taker"):
        taker = read_place(report, "taker", obj["taker"], table.players, "seat")
    debertz = _optional_side(report, obj, "debertz", sides)
    cards = _read_cards(report, obj, sides)
    melds = _read_melds(report, obj.get("melds"), table)
    bella = _optional_side(report, obj, "bella", sides)
    no_tricks = _read_no_tricks(report, obj, sides, cards)
    # `last_trick` is required under both_reach "last_trick" in hands that were played out
    # (with cards) and "ignored otherwise" (§2): then it is neither read nor checked, and is
    # kept as it came, like the app's own keys, so a dump gives it back unchanged.
    last_trick: Side | None = None
    if rules.both_reach == "last_trick":
        last_trick = _optional_side(report, obj, "last_trick", sides)
        if cards is not None:
            _check_last_trick(report, obj, last_trick, cards, no_tricks)
    elif obj.get("last_trick") is not None:
        extra = {**extra, "last_trick": obj["last_trick"]}
    if cards is None and obj.get("cards") is None and obj.get("debertz") is None:
        report.add("cards", "cards_required", {},
                   "cards are missing: a played hand needs the card points of every side")
    if taker is None:
        return None
    return Hand(False, taker, cards, melds, bella, no_tricks, last_trick, debertz, extra)


def _read_claim_hand(report: Report, obj: Mapping[str, object], table: Table, rules: Rules,
                     extra: Mapping[str, object]) -> Hand | None:
    """A claim hand (§2, §5a): ``taker``, ``claim`` and, under claim_counts "all", the claiming
    side's own ``melds`` and ``bella``. Whether it falls short needs the score before it, so
    that is checked on the whole log (:func:`claim_problems`)."""
    taker = None
    if read_required(report, obj, "taker"):
        taker = read_place(report, "taker", obj["taker"], table.players, "seat")
    claim = _read_claim(report, obj["claim"], table)
    # Ambiguity: §2 says a claim hand "has no ... last_trick", while a played hand's
    # last_trick is "ignored otherwise" (outside both_reach "last_trick"). A claim hand is not
    # played out, so it is refused under every both_reach, like cards and debertz.
    # A key set to null is left out (§2); any other value, an empty no_tricks list included, is
    # refused: the claim hand "has no" such key.
    for key in NOT_IN_CLAIM:
        if obj.get(key) is not None:
            report.add(key, "not_in_claim", {"key": key},
                       f"{key} {_is(key)} not allowed in a claim hand (it was not played out)")
    # Checked in a void claim hand too: §5a exempts only the shortfall check and the result.
    if (claim is not None and taker is not None and rules.claim_by == "defenders"
            and claim.side == table.side_of[taker]):
        report.add("claim.side", "claim_not_allowed", {"side": claim.side},
                   f"claim.side is side {claim.side}, the taker's: under claim_by "
                   '"defenders" only another side may claim')
    melds, bella = _claim_extras(report, obj, table, rules, claim)
    if taker is None or claim is None:
        return None
    return Hand(taker=taker, melds=melds, bella=bella, extra=extra, claim=claim)


def _is(key: str) -> str:
    """The verb for a key in a message: "cards are", "bella is".

    >>> _is("melds"), _is("debertz")
    ('are', 'is')
    """
    return "are" if key in ("cards", "melds", "no_tricks") else "is"


def _read_claim(report: Report, value: object, table: Table) -> Claim | None:
    obj = read_object(report, "claim", value)
    if obj is None:
        return None
    side = cards = None
    if read_required(report, obj, "side", "claim.side"):
        side = read_place(report, "claim.side", obj["side"], table.sides, "side")
    if read_required(report, obj, "cards", "claim.cards"):
        cards = read_int(report, "claim.cards", obj["cards"], 0, CARD_POINTS)
    if cards in (1, CARD_POINTS - 1):
        report.add("claim.cards", "cards_impossible", {"value": cards},
                   f"claim.cards cannot be {cards}: no card is worth 1 point")
        return None
    if side is None or cards is None:
        return None
    return Claim(side, cards, _extra(obj, _CLAIM_SET))


def _claim_extras(report: Report, obj: Mapping[str, object], table: Table, rules: Rules,
                  claim: Claim | None) -> tuple[Melds | None, Side | None]:
    """A claim hand's melds and bella: only the claiming side's, and none in a cards-only claim."""
    if rules.claim_counts == "cards":
        for key in ("melds", "bella"):
            if obj.get(key) is not None:
                report.add(key, "claim_cards_only", {"key": key},
                           f'{key} {_is(key)} not allowed in a claim under claim_counts "cards":'
                           " only the card points count")
        return None, None
    melds = _read_melds(report, obj.get("melds"), table)
    bella = _optional_side(report, obj, "bella", table.sides)
    if claim is None:
        return melds, bella
    meld_side = None if melds is None else melds.side
    for key, field_name, side in (("melds", "melds.side", meld_side), ("bella", "bella", bella)):
        if side is not None and side != claim.side:
            report.add(field_name, "claim_other_side",
                       {"key": key, "side": side, "claim_side": claim.side},
                       f"{key} {_is(key)} side {side}'s, but side {claim.side} claims: a claim "
                       "hand "
                       "carries only the claiming side's melds and bella")
    return melds, bella


def _optional_side(report: Report, obj: Mapping[str, object], key: str, sides: int) -> int | None:
    value = obj.get(key)
    if value is None:
        return None
    return read_place(report, key, value, sides, "side")


def _read_cards(report: Report, obj: Mapping[str, object], sides: int) -> tuple[int, ...] | None:
    value = obj.get("cards")
    if value is None:
        return None
    if type(value) is list and len(value) == sides and _whole_cards(value):
        return tuple(value)  # the usual record, nothing to report (the checks below pass it)
    items = read_list(report, "cards", value)
    if items is None:
        return None
    if len(items) != sides:
        report.add("cards", "cards_count", {"count": len(items), "sides": sides},
                   f"cards must have one number per side ({sides}), not {len(items)}")
        return None
    points = [read_int(report, f"cards.{i}", v, 0, CARD_POINTS) for i, v in enumerate(items)]
    whole = [p for p in points if p is not None]
    if len(whole) != sides:
        return None
    bad = [i for i, p in enumerate(whole) if p in (1, CARD_POINTS - 1)]
    for i in bad:
        report.add(f"cards.{i}", "cards_impossible", {"value": whole[i]},
                   f"cards.{i} cannot be {whole[i]}: no card is worth 1 point")
    total = sum(whole)
    if total != CARD_POINTS:
        report.add("cards", "cards_sum", {"total": total},
                   f"cards must add up to {CARD_POINTS}, not {total}")
    return tuple(whole) if not bad and total == CARD_POINTS else None


def _whole_cards(values: list[object]) -> bool:
    """Whether card points read as they stand: whole numbers 0..162, none 1 or 161, 162 in
    all (what :func:`_read_cards` checks, without making a problem's field names).

    >>> _whole_cards([100, 62]), _whole_cards([161, 1]), _whole_cards([100, 62.0])
    (True, False, False)
    """
    total = 0
    for value in values:
        if type(value) is not int or not 0 <= value <= CARD_POINTS or value in (1, CARD_POINTS - 1):
            return False
        total += value
    return total == CARD_POINTS


def _read_melds(report: Report, value: object, table: Table) -> Melds | None:
    if value is None:
        return None
    obj = read_object(report, "melds", value)
    if obj is None:
        return None
    if not read_required(report, obj, "side", "melds.side"):
        return None
    side = read_place(report, "melds.side", obj["side"], table.sides, "side")
    held = table.held[side] if side is not None else max(table.held)
    terz = read_int(report, "melds.terz", _zero(obj.get("terz")), 0, held // 3)
    fifty = read_int(report, "melds.fifty", _zero(obj.get("fifty")), 0, held // 4)
    if side is None or terz is None or fifty is None:
        return None
    used = 3 * terz + 4 * fifty
    if used > held:
        report.add("melds", "melds_too_many", {"used": used, "held": held},
                   f"melds need {used} cards, but side {side} holds only {held}")
        return None
    return Melds(side, terz, fifty, _extra(obj, _MELD_SET))


def _zero(value: object) -> object:
    """A count left out (or null) is 0."""
    return 0 if value is None else value


def _read_no_tricks(report: Report, obj: Mapping[str, object], sides: int,
                    cards: tuple[int, ...] | None) -> tuple[int, ...]:
    value = obj.get("no_tricks")
    if value is None:
        return ()
    items = read_list(report, "no_tricks", value)
    if items is None:
        return ()
    listed: list[int] = []
    for i, item in enumerate(items):
        side = read_place(report, f"no_tricks.{i}", item, sides, "side")
        if side is None:
            continue
        if side in listed:
            report.add(f"no_tricks.{i}", "duplicate_side", {"value": side},
                       f"no_tricks lists side {side} twice")
            continue
        listed.append(side)
        if cards is not None and cards[side] != 0:
            report.add(f"no_tricks.{i}", "no_tricks_has_points",
                       {"side": side, "points": cards[side]},
                       f"no_tricks lists side {side}, but it has {cards[side]} card points")
    if listed and len(listed) == sides:
        report.add("no_tricks", "no_tricks_all_sides", {},
                   "no_tricks cannot list every side: somebody took the tricks")
    if listed and obj.get("cards") is None:
        # Literal reading: only a side with 0 card points can be listed, which cannot be
        # checked in a debertz hand without cards, so such a listing is refused.
        report.add("no_tricks", "no_tricks_needs_cards", {},
                   "no_tricks needs cards: without card points nobody can be listed")
    return tuple(listed)


def _check_last_trick(report: Report, obj: Mapping[str, object], last_trick: int | None,
                      cards: tuple[int, ...], no_tricks: tuple[int, ...]) -> None:
    # The last trick brings 10 card points (§2), so its side took a trick and has >= 10.
    if obj.get("last_trick") is None:
        report.add("last_trick", "last_trick_required", {},
                   'last_trick is missing: it is required under both_reach "last_trick"')
        return
    if last_trick is None:
        return
    if last_trick in no_tricks:
        report.add("last_trick", "last_trick_no_tricks", {"side": last_trick},
                   f"last_trick is side {last_trick}, which is listed in no_tricks")
    elif cards[last_trick] < 10:
        report.add("last_trick", "last_trick_points",
                   {"side": last_trick, "points": cards[last_trick]},
                   f"last_trick is side {last_trick}, but its {cards[last_trick]} card points "
                   "cannot include the last trick's 10")


def hand_to_json(hand: Hand) -> dict[str, object]:
    """The JSON record of a hand (the app's own keys kept).

    >>> hand_to_json(Hand(taker=0, cards=(81, 81), bella=1))
    {'taker': 0, 'cards': [81, 81], 'bella': 1}
    """
    out: dict[str, object] = dict(hand.extra)
    if hand.redeal:
        out["redeal"] = True
        return out
    out["taker"] = hand.taker
    if hand.claim is not None:
        out["claim"] = {**hand.claim.extra, "side": hand.claim.side, "cards": hand.claim.cards}
    if hand.cards is not None:
        out["cards"] = list(hand.cards)
    if hand.melds is not None:
        m = hand.melds
        out["melds"] = {**m.extra, "side": m.side, "terz": m.terz, "fifty": m.fifty}
    for key, value in (("bella", hand.bella), ("last_trick", hand.last_trick),
                       ("debertz", hand.debertz)):
        if value is not None:
            out[key] = value
    if hand.no_tricks:
        out["no_tricks"] = list(hand.no_tricks)
    return out



class Log(Protocol):
    """What the replay reads of a game: its table, options, log and dealers.

    ``model.Game`` is the one the engine makes; the replay (``scoring.py``) and the claim
    check (``claims.py``) are typed against this, so that they need nothing above this module.
    """

    @property
    def table(self) -> Table:
        """The seat/side table."""

    @property
    def rules(self) -> Rules:
        """The game's options."""

    @property
    def hands(self) -> tuple[Hand, ...]:
        """The log of hand records, in order."""

    def dealer_of(self, hand_index: int) -> Seat:
        """The dealer of the hand at 0-based ``hand_index``."""


__all__ = [
    "CARD_POINTS", "HAND_KEYS", "Claim", "Hand", "Log", "Melds", "Seat", "Side", "Table",
    "hand_to_json", "make_table", "no_extra", "read_hand",
]
