"""The game: its players, options and log of hand records, loaded, checked and edited.

``Game`` is the frozen value every other part of the app passes around; ``game_from_json`` /
``game_to_json`` are its `debertz/1` form. A hand record is read and written by
``records.py`` (the layer below); what this module adds is the game around the records and
the checks that need the whole log: every loader and every edit also checks the claims
against the score before them (§5a), which only a replay knows, through ``claims.py``.
The layers, each importing only those before it:

    errors, checks, rules  <-  records  <-  scoring (the replay)  <-  claims  <-  model

``scoring`` and ``claims`` read a game through ``records.Log`` (its table, rules, hands and
dealers), which ``Game`` satisfies, so they never import this module; so ``Game``'s own edits
(``add_hand`` ...) can check claims with no import circle and no check to plug in.

>>> game = game_from_json({"players": ["Оля", "Петро"], "hands": [{"taker": 0, "cards": [100, 62]}]})
>>> game.side_count, game.hands[0].cards
(2, (100, 62))
>>> game_to_json(game)["hands"]
[{'taker': 0, 'cards': [100, 62]}]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from itertools import chain

from app.engine.checks import read_bool, read_list, read_object, read_place, read_required
from app.engine.claims import claim_problems
from app.engine.errors import DebertzError, Problem, Report, kind_of, shown
from app.engine.records import (
    CARD_POINTS,
    HAND_KEYS,
    Claim,
    Hand,
    Melds,
    Seat,
    Side,
    Table,
    hand_to_json,
    make_table,
    no_extra,
    read_hand,
    read_hands,
    usual_records,
)
from app.engine.rules import Rules, read_rules, rules_to_json

FORMAT = "debertz/1"
NAME_MAX = 40
GAME_KEYS = ("format", "players", "teams", "first_dealer", "rules", "hands")


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
    extra: Mapping[str, object] = field(default_factory=no_extra, hash=False)

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
        index = _index(index, len(self.hands))
        checked = _read_one(hand_to_json(hand), self, index)
        return _edited(self, self.hands[:index] + (checked,) + self.hands[index:], index)

    def replace_hand(self, index: int, hand: Hand) -> Game:
        """A new game with the hand at 0-based ``index`` replaced."""
        index = _index(index, len(self.hands) - 1)
        checked = _read_one(hand_to_json(hand), self, index)
        return _edited(self, self.hands[:index] + (checked,) + self.hands[index + 1:], index)

    def delete_hand(self, index: int) -> Game:
        """A new game without the hand at 0-based ``index``.

        Like every edit it raises DebertzError when it leaves a claim that counts but falls
        short under failed_claim "play_on" (a later claim's score before it changed, or a
        claim that was void after an end that is now gone).
        """
        index = _index(index, len(self.hands) - 1)
        return _edited(self, self.hands[:index] + self.hands[index + 1:], index)


def _edited(game: Game, hands: tuple[Hand, ...], first: int) -> Game:
    """``game`` with ``hands``, once the claims from 0-based ``first`` on are checked (§5a)."""
    edited = replace(game, hands=hands)
    problems = claim_problems(edited, first)
    if problems:
        raise DebertzError(problems[0])
    return edited


def _index(index: int, last: int) -> int:
    """``index`` when it is a whole number from 0 to ``last``; else DebertzError at ``hands``."""
    if type(index) is not int or not 0 <= index <= last:
        report = Report(None)
        report.add("hands", "out_of_range", {"value": shown(index), "min": 0, "max": last},
                   f"hand index must be from 0 to {last}, not {shown(index)}")
        report.raise_first()
    return index


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
    hands, hand_problems = read_hands(raw_hands, game.table, game.rules)
    problems.extend(hand_problems)
    if problems:
        return None, problems
    game = replace(game, hands=tuple(hands))
    problems = claim_problems(game)
    return (None if problems else game), problems


def reads_plainly(documents: Sequence[object]) -> list[bool]:
    """Which `debertz/1` documents surely read without a problem, told without making their
    hand records: a document's own keys pass and every hand is one as the app writes most of
    them (:func:`~app.engine.records.usual_records`; so none is a claim, whose check replays).
    The hands of the documents at the same table under the same redeal rules are looked at
    together, a few passes in C over them all (a backup's 100 games: 6.7 ms under Pyodide at
    1x, where loading them took 14.8). False says only that a document is not plain:
    :func:`check_game` tells what is wrong, if anything.

    >>> reads_plainly([{"players": ["A", "B"], "hands": [{"taker": 0, "cards": [100, 62]}]},
    ...                {"players": ["A", "B"], "hands": [{"taker": 0, "cards": [100, 61]}]},
    ...                {"players": ["A"], "hands": []}])
    [True, False, False]
    """
    plain = [False] * len(documents)
    groups: dict[tuple[Table, bool, bool], tuple[Game, list[int], list[list[object]]]] = {}
    for index, document in enumerate(documents):
        report = Report(None)
        game, hands = read_game(report, document)
        if game is None or report.problems:
            continue
        # (what usual_records reads of the rules)
        key = (game.table, game.rules.obligation, game.rules.both_reach == "last_trick")
        _, indexes, hand_lists = groups.setdefault(key, (game, [], []))
        indexes.append(index)
        hand_lists.append(hands)
    for game, indexes, hand_lists in groups.values():
        if usual_records(list(chain.from_iterable(hand_lists)), game.table, game.rules):
            for index in indexes:
                plain[index] = True
            continue
        for index, hands in zip(indexes, hand_lists):  # which of them is not
            plain[index] = usual_records(hands, game.table, game.rules)
    return plain


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


def reread_game(obj: object, earlier: object, game: Game) -> Game:
    """Load ``obj`` like :func:`game_from_json`, given the ``game`` read from ``earlier``,
    another document of the same game (such as the one before a hand was added): while both
    name the same players, teams, first dealer and rules, the hand records at the start of
    their logs that are the very same objects (``is``: a parsed document is never changed in
    place) are not read again, and only the claims after them are checked against the score.
    The Game, or the DebertzError, is the one :func:`game_from_json` gives.

    >>> first = {"players": ["A", "B"], "hands": [{"taker": 0, "cards": [100, 62]}]}
    >>> game = game_from_json(first)
    >>> more = {**first, "hands": [*first["hands"], {"taker": 1, "cards": [62, 100]}]}
    >>> again = reread_game(more, first, game)
    >>> again == game_from_json(more), again.hands[0] is game.hands[0]
    (True, True)
    >>> reread_game({**more, "hands": [*more["hands"], {"taker": 1, "cards": [100, 61]}]},
    ...             more, again)
    Traceback (most recent call last):
    ...
    app.engine.errors.DebertzError: hand 3: cards must add up to 162, not 161
    """
    report = Report(None)
    shell, records = read_game(report, obj)
    kept = _records(earlier)
    if (shell is None or report.problems or kept is None or len(kept) != len(game.hands)
            or _settings(shell) != _settings(game)):
        return game_from_json(obj)
    start = 0
    for record, known in zip(records, kept):
        if record is not known:
            break
        start += 1
    read, problems = read_hands(records, shell.table, shell.rules, start)
    hands = [*game.hands[:start], *read]
    if not problems:
        shell = replace(shell, hands=tuple(hands))
        problems = claim_problems(shell, start)
    if problems:
        raise DebertzError(problems[0])
    return shell


def _records(doc: object) -> list[object] | None:
    """The hand records of a document that loaded (None when it has no list of them)."""
    records = doc.get("hands") if isinstance(doc, Mapping) else None
    return records if isinstance(records, list) else None


def _settings(game: Game) -> tuple[object, ...]:
    """What a game's hand records are read and scored against, besides the records before."""
    return game.players, game.teams, game.first_dealer, game.rules


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
    hand, problems = _checked(game, obj, index)
    if problems:
        raise DebertzError(problems[0])
    assert hand is not None
    return hand


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
    return _checked(game, hand_json, index)[1]


def _checked(game: Game, hand_json: object, index: int | None) -> tuple[Hand | None, list[Problem]]:
    """The record read once, and every problem of it (see check_hand); the Hand when it is
    fine on its own."""
    number = _number(game, index)
    report = Report(number)
    hand = read_hand(report, hand_json, game.table, game.rules)
    if hand is None:
        return None, report.problems
    count = len(game.hands)
    if type(index) is int and 0 <= index < count:  # an edit: later claims may change too
        return hand, claim_problems(replace(game, hands=game.hands[:index] + (hand,)
                                            + game.hands[index + 1:]), index)
    # A new last hand (an index past the end only numbers the messages).
    return hand, [_renumbered(problem, number)
                  for problem in claim_problems(replace(game, hands=game.hands + (hand,)), count)]


def _renumbered(problem: Problem, number: int) -> Problem:
    report = Report(number)
    report.add(problem.field, problem.code, problem.params, problem.message.partition(": ")[2])
    return report.problems[0]


def _number(game: Game, index: int | None) -> int:
    if type(index) is int:
        return index + 1
    return len(game.hands) + 1


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
    "CARD_POINTS", "HAND_KEYS", "NAME_MAX", "Claim", "DebertzError", "Game", "Hand", "Melds",
    "Problem", "Table", "check_game", "check_hand", "claim_problems", "claim_sides",
    "complete_cards", "game_from_json", "game_to_json", "hand_from_json", "hand_to_json",
    "make_table", "new_game", "reread_game",
]
