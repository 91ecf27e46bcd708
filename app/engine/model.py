"""Games and hand records: the frozen values the engine scores, and their JSON form (`debertz/1`).

>>> game = game_from_json({"players": ["Оля", "Петро"], "hands": [{"taker": 0, "cards": [100, 62]}]})
>>> game.side_count, game.hands[0].cards
(2, (100, 62))
>>> game_to_json(game)["hands"]
[{'taker': 0, 'cards': [100, 62]}]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import NamedTuple

from app.engine.checks import (
    read_bool,
    read_int,
    read_list,
    read_object,
    read_place,
    read_required,
)
from app.engine.errors import DebertzError, Problem, Report, kind_of, shown
from app.engine.rules import Rules, read_rules, rules_to_json

FORMAT = "debertz/1"
CARD_POINTS = 162
NAME_MAX = 40
HAND_KEYS = ("redeal", "taker", "cards", "melds", "bella", "no_tricks", "last_trick", "debertz",
             "claim")
GAME_KEYS = ("format", "players", "teams", "first_dealer", "rules", "hands")
MELD_KEYS = ("side", "terz", "fifty")
CLAIM_KEYS = ("side", "cards")
# A claim hand was stopped, not played out: it has none of these (§2).
NOT_IN_CLAIM = ("cards", "no_tricks", "last_trick", "debertz")
Seat = int
Side = int


def _no_extra() -> Mapping[str, object]:
    return {}


@dataclass(frozen=True)
class Melds:
    """The sequences one side records in a hand: ``terz`` x 20 and ``fifty`` x 50.

    >>> Melds(side=1, terz=1).points
    20
    """

    side: Side
    terz: int = 0
    fifty: int = 0
    extra: Mapping[str, object] = field(default_factory=_no_extra, hash=False)

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
    extra: Mapping[str, object] = field(default_factory=_no_extra, hash=False)


@dataclass(frozen=True)
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
    extra: Mapping[str, object] = field(default_factory=_no_extra, hash=False)
    claim: Claim | None = None

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


def make_table(players: int, teams: bool) -> Table:
    """The seat/side table for ``players`` players.

    >>> make_table(4, True).side_of, make_table(4, False).sides
    ((0, 1, 0, 1), 4)
    """
    in_teams = players == 4 and teams
    sides = 2 if in_teams else players
    side_of = tuple(seat % sides for seat in range(players))
    per_player = 8 if players == 4 else 9
    held = tuple(per_player * side_of.count(side) for side in range(sides))
    return Table(players, sides, side_of, held)


@dataclass(frozen=True)
class Game:
    """A game: its players, options and the log of hand records.

    >>> g = Game(players=("A", "B", "C", "D"))
    >>> g.side_count, g.side_of(3), g.seats_of(0), g.dealer_of(5)
    (2, 1, (0, 2), 1)
    """

    players: tuple[str, ...]
    teams: bool = True
    first_dealer: Seat = 0
    rules: Rules = field(default_factory=Rules)
    hands: tuple[Hand, ...] = ()
    extra: Mapping[str, object] = field(default_factory=_no_extra, hash=False)

    @cached_property
    def table(self) -> Table:
        """The seat/side table of this game, built once per Game (the UI asks on every render).

        cached_property stores it in the instance ``__dict__``, which a frozen dataclass
        without slots allows; ``replace`` makes a new Game, so a new table.
        """
        return make_table(len(self.players), self.teams)

    @property
    def side_count(self) -> int:
        """2 for four players in teams, else one side per player."""
        return self.table.sides

    def side_of(self, seat: Seat) -> Side:
        """The side a seat plays for."""
        return self.table.side_of[seat]

    def seats_of(self, side: Side) -> tuple[Seat, ...]:
        """The seats of a side, in seating order."""
        return tuple(s for s, owner in enumerate(self.table.side_of) if owner == side)

    def dealer_of(self, hand_index: int) -> Seat:
        """The dealer of the hand at 0-based ``hand_index`` (every record passes the deal on)."""
        return (self.first_dealer + hand_index) % len(self.players)

    def add_hand(self, hand: Hand) -> Game:
        """A new game with ``hand`` appended (checked; raises DebertzError)."""
        return self.insert_hand(len(self.hands), hand)

    def insert_hand(self, index: int, hand: Hand) -> Game:
        """A new game with ``hand`` inserted before 0-based ``index``."""
        index = _index(self, index, len(self.hands))
        checked = _read_one(hand_to_json(hand), self, index)
        return _edited(self, self.hands[:index] + (checked,) + self.hands[index:], index)

    def replace_hand(self, index: int, hand: Hand) -> Game:
        """A new game with the hand at 0-based ``index`` replaced."""
        index = _index(self, index, len(self.hands) - 1)
        checked = _read_one(hand_to_json(hand), self, index)
        return _edited(self, self.hands[:index] + (checked,) + self.hands[index + 1:], index)

    def delete_hand(self, index: int) -> Game:
        """A new game without the hand at 0-based ``index``.

        Like every edit it raises DebertzError when it leaves a claim that counts but falls
        short under failed_claim "play_on" (a later claim's score before it changed, or a
        claim that was void after an end that is now gone).
        """
        index = _index(self, index, len(self.hands) - 1)
        return _edited(self, self.hands[:index] + self.hands[index + 1:], index)


def _edited(game: Game, hands: tuple[Hand, ...], first: int) -> Game:
    """``game`` with ``hands``, once the claims from 0-based ``first`` on are checked (§5a)."""
    edited = replace(game, hands=hands)
    problems = claim_problems(edited, first)
    if problems:
        raise DebertzError(problems[0])
    return edited


def _index(game: Game, index: int, last: int) -> int:
    if type(index) is not int or not 0 <= index <= last:
        report = Report(None)
        report.add("hands", "out_of_range", {"value": shown(index), "min": 0, "max": last},
                   f"hand index must be from 0 to {last}, not {shown(index)}")
        report.raise_first()
    return index


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
    obj = read_object(report, "hand", value)
    if obj is None:
        return None
    before = len(report.problems)
    extra = {k: v for k, v in obj.items() if k not in HAND_KEYS}
    redeal = obj.get("redeal")
    if redeal is not None and read_bool(report, "redeal", redeal) is None:
        return None
    if redeal:
        # A redeal carries nothing else: a result key next to it is refused rather than
        # silently dropped (RULES.md §2 says a record is either a redeal or a played hand).
        # `last_trick` is the exception outside both_reach "last_trick", where §2 says it is
        # "ignored otherwise": it is kept as it came, as in a played hand.
        _check_redeal(report, obj, rules)
        if rules.both_reach != "last_trick" and obj.get("last_trick") is not None:
            extra = {**extra, "last_trick": obj["last_trick"]}
        return Hand(redeal=True, extra=extra) if len(report.problems) == before else None
    if obj.get("claim") is not None:
        hand = _read_claim_hand(report, obj, table, rules, extra)
    else:
        hand = _read_played(report, obj, table, rules, extra)
    return hand if len(report.problems) == before else None


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
    return Claim(side, cards, {k: v for k, v in obj.items() if k not in CLAIM_KEYS})


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
    return Melds(side, terz, fifty, {k: v for k, v in obj.items() if k not in MELD_KEYS})


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


# ---------------------------------------------------------------- reading a game


def read_game(report: Report, value: object) -> tuple[Game | None, list[object]]:
    """Check the game's own keys; the Game (without hands) and the raw hand list."""
    obj = read_object(report, "game", value)
    if obj is None:
        return None, []
    # Ambiguity: "null means left out" is stated for hand records only (§2), so at the top
    # level and in `rules` a null is refused (except a penalty, where null means none).
    if "format" in obj and obj["format"] != FORMAT:
        report.add("format", "unknown_format", {"value": shown(obj["format"])},
                   f'format must be "{FORMAT}", not {shown(obj["format"])}')
    players = _read_players(report, obj)
    teams = read_bool(report, "teams", obj["teams"]) if "teams" in obj else True
    first_dealer: int | None = 0
    if "first_dealer" in obj and players is not None:
        first_dealer = read_place(report, "first_dealer", obj["first_dealer"], len(players),
                                  "seat")
    rules = read_rules(report, obj["rules"]) if "rules" in obj else Rules()
    hands = None
    if read_required(report, obj, "hands", null_is_missing=False,
                     hint=" (use [] for a game not yet played)"):
        hands = read_list(report, "hands", obj["hands"])
    if players is None or teams is None or first_dealer is None or rules is None or hands is None:
        return None, []
    # "Exactly two sides" (§5a): two players, or four in teams.
    sides = make_table(len(players), teams).sides
    if rules.failed_claim == "loses" and sides != 2:
        report.add("rules.failed_claim", "failed_claim_sides", {"sides": sides},
                   f'rules.failed_claim "loses" needs exactly two sides, not {sides}: '
                   "the claiming side loses and the other side wins")
    extra = {k: v for k, v in obj.items() if k not in GAME_KEYS}
    return Game(players, teams, first_dealer, rules, (), extra), hands


def _read_players(report: Report, obj: Mapping[str, object]) -> tuple[str, ...] | None:
    if not read_required(report, obj, "players", null_is_missing=False):
        return None
    names = read_list(report, "players", obj["players"])
    if names is None:
        return None
    if not 2 <= len(names) <= 4:
        report.add("players", "players_count", {"count": len(names)},
                   f"players must list 2, 3 or 4 players, not {len(names)}")
        return None
    before = len(report.problems)
    seen: dict[str, int] = {}
    for seat, name in enumerate(names):
        _check_name(report, seat, name, seen)
    if len(report.problems) > before:
        return None
    return tuple(str(n) for n in names)


def _check_name(report: Report, seat: int, name: object, seen: dict[str, int]) -> None:
    where = f"players.{seat}"
    if not isinstance(name, str):
        report.add(where, "not_text", {}, f"{where} must be a name (text), not {kind_of(name)}")
        return
    # Names are checked after trimming (§7) but kept as typed, so a dump gives them back.
    trimmed = name.strip()
    if not trimmed:
        report.add(where, "name_empty", {"seat": seat}, f"{where} is empty: a name is needed")
    elif len(trimmed) > NAME_MAX:
        report.add(where, "name_too_long", {"seat": seat, "length": len(trimmed), "max": NAME_MAX},
                   f"{where} is {len(trimmed)} characters long; at most {NAME_MAX} are allowed")
    elif trimmed.casefold() in seen:
        other = seen[trimmed.casefold()]
        report.add(where, "name_duplicate", {"seat": seat, "other": other},
                   f"{where} is the same name as players.{other} (ignoring case)")
    else:
        seen[trimmed.casefold()] = seat


def _read_document(obj: object) -> tuple[Game | None, list[Problem]]:
    """Every problem of a `debertz/1` document (game keys first, then each hand in order);
    the Game only when there were none."""
    report = Report(None)
    game, raw_hands = read_game(report, obj)
    problems = report.problems
    if game is None:
        return None, problems
    table = game.table
    hands: list[Hand] = []
    for i, raw in enumerate(raw_hands):
        hand_report = Report(i + 1)
        hand = read_hand(hand_report, raw, table, game.rules)
        problems.extend(hand_report.problems)
        if hand is not None:
            hands.append(hand)
    if problems:
        return None, problems
    game = replace(game, hands=tuple(hands))
    problems = claim_problems(game)
    return (None if problems else game), problems


def check_game(obj: object) -> list[Problem]:
    """Every problem of a whole `debertz/1` document (game keys first, then each hand).

    >>> [p.code for p in check_game({"players": ["A"], "hands": []})]
    ['players_count']
    """
    return _read_document(obj)[1]


def game_from_json(obj: object) -> Game:
    """Load a `debertz/1` document (already parsed JSON); raises DebertzError on the first problem.

    >>> game_from_json({"players": ["A", "B"], "hands": [{"taker": 0, "cards": [100, 61]}]})
    Traceback (most recent call last):
    ...
    app.engine.errors.DebertzError: hand 1: cards must add up to 162, not 161
    """
    game, problems = _read_document(obj)
    if game is None:
        raise DebertzError(problems[0])
    return game


def hand_from_json(obj: object, game: Game, index: int | None = None) -> Hand:
    """Load one hand record for ``game`` at 0-based ``index`` (default: a new last hand);
    raises DebertzError with the first problem :func:`check_hand` finds.

    >>> g = Game(players=("A", "B"))
    >>> hand_from_json({"taker": 1, "cards": [62, 100]}, g).cards
    (62, 100)
    >>> hand_from_json({"taker": 1, "claim": {"side": 0, "cards": 51}}, g)
    Traceback (most recent call last):
    ...
    app.engine.errors.DebertzError: hand 1: the claim falls short: 0 + 51 = 51 of 501
    """
    problems = check_hand(game, obj, index)
    if problems:
        raise DebertzError(problems[0])
    return _read_one(obj, game, index)


def _read_one(obj: object, game: Game, index: int | None) -> Hand:
    """The record read and checked on its own (not against the score before it)."""
    report = Report(_number(game, index))
    hand = read_hand(report, obj, game.table, game.rules)
    report.raise_first()
    assert hand is not None
    return hand


def check_hand(game: Game, hand_json: object, index: int | None = None) -> list[Problem]:
    """Every problem of one hand record, for the entry form (empty when the record is fine).

    ``index`` is the record's 0-based place in the log: an existing hand that the record
    replaces (an edit), or by default a new last hand. Once the record is fine on its own,
    the claims are checked against the score before them (§5a): a short claim under
    failed_claim "play_on" is a ``claim_short`` problem, the record's own or that of a later
    claim hand the record would make short (then ``Problem.hand`` is that hand's number).

    >>> g = Game(players=("A", "B"))
    >>> [(p.field, p.code) for p in check_hand(g, {"taker": 5, "cards": [1, 150]})]
    [('taker', 'not_seat'), ('cards.0', 'cards_impossible'), ('cards', 'cards_sum')]
    >>> [p.params for p in check_hand(g, {"taker": 0, "claim": {"side": 1, "cards": 90}})]
    [{'side': 1, 'score': 0, 'claimed': 90, 'total': 90, 'target': 501}]
    """
    number = _number(game, index)
    report = Report(number)
    hand = read_hand(report, hand_json, game.table, game.rules)
    if hand is None:
        return report.problems
    count = len(game.hands)
    if type(index) is int and 0 <= index < count:  # an edit: later claims may change too
        return claim_problems(replace(game, hands=game.hands[:index] + (hand,)
                                      + game.hands[index + 1:]), index)
    # A new last hand (an index past the end only numbers the messages).
    return [_renumbered(problem, number)
            for problem in claim_problems(replace(game, hands=game.hands + (hand,)), count)]


def _renumbered(problem: Problem, number: int) -> Problem:
    report = Report(number)
    report.add(problem.field, problem.code, problem.params, problem.message.partition(": ")[2])
    return report.problems[0]


def _number(game: Game, index: int | None) -> int:
    if type(index) is int:
        return index + 1
    return len(game.hands) + 1


def claim_problems(game: Game, first: int = 0) -> list[Problem]:
    """The ``claim_short`` problems of the claim hands from 0-based ``first`` on (§5a): claims
    that count (are not void) and fall short under failed_claim "play_on". Only a replay of
    the log knows the score before a claim, so this is checked on a whole game.

    >>> g = Game(players=("A", "B"), rules=Rules(target=51))
    >>> claim_problems(g.add_hand(Hand(taker=0, claim=Claim(side=1, cards=51))))
    []
    """
    if game.rules.failed_claim != "play_on" or all(h.claim is None for h in game.hands[first:]):
        return []
    # Imported here: scoring builds on this module (Game, Hand), and only claims need it.
    from app.engine.scoring import short_claims

    return [problem for problem in short_claims(game) if (problem.hand or 0) > first]


def claim_sides(game: Game, taker: Seat | None) -> tuple[Side, ...]:
    """The sides that may claim in a hand taken by seat ``taker`` (§5a claim_by): every side,
    or under "defenders" every side but the taker's (every side while no taker is chosen).

    >>> g = Game(players=("A", "B", "C", "D"), rules=Rules(claim_by="defenders"))
    >>> claim_sides(g, 3), claim_sides(Game(players=("A", "B", "C")), 0)
    ((0,), (0, 1, 2))
    """
    every = tuple(range(game.side_count))
    if game.rules.claim_by == "any" or taker is None:
        return every
    return tuple(side for side in every if side != game.side_of(taker))


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


def game_to_json(game: Game) -> dict[str, object]:
    """The `debertz/1` document of a game, every option written out, the app's keys kept.

    >>> doc = game_to_json(Game(players=("A", "B"), extra={"id": "g1"}))
    >>> doc["id"], doc["format"], doc["rules"]["target"], doc["hands"]
    ('g1', 'debertz/1', 501, [])
    """
    out: dict[str, object] = dict(game.extra)
    out.update({
        "format": FORMAT, "players": list(game.players), "teams": game.teams,
        "first_dealer": game.first_dealer, "rules": rules_to_json(game.rules),
        "hands": [hand_to_json(h) for h in game.hands],
    })
    return out


def new_game(players: list[str], teams: bool = True, first_dealer: int = 0,
             rules: Rules | None = None) -> Game:
    """A checked new game without hands; raises DebertzError for bad names or options.

    >>> new_game(["Оля", "Петро", "Іван"]).side_count
    3
    """
    doc = {"players": players, "teams": teams, "first_dealer": first_dealer,
           "rules": rules_to_json(rules or Rules()), "hands": []}
    return game_from_json(doc)


def complete_cards(game: Game, partial: list[int | None]) -> list[int] | None:
    """Fill the one missing side's card points with ``162 - sum(others)``; None if impossible.

    >>> complete_cards(Game(players=("A", "B")), [None, 62])
    [100, 62]
    >>> complete_cards(Game(players=("A", "B", "C")), [None, 62, None]) is None
    True
    """
    if not isinstance(partial, list) or len(partial) != game.side_count:
        return None
    missing = [i for i, v in enumerate(partial) if v is None]
    known = [v for v in partial if v is not None]
    if any(type(v) is not int or v < 0 for v in known) or len(missing) > 1:
        return None
    rest = CARD_POINTS - sum(known)
    if not missing:
        return known if rest == 0 else None
    if rest < 0:
        return None
    return [v if v is not None else rest for v in partial]


__all__ = [
    "Claim", "DebertzError", "Game", "Hand", "Melds", "Problem", "Table", "check_game",
    "check_hand", "claim_problems", "claim_sides", "complete_cards", "game_from_json",
    "game_to_json", "hand_from_json", "hand_to_json", "make_table", "new_game",
]
