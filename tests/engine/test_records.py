"""Reading a record gives the values it holds, the app's own keys kept, and writing it gives the
record back: hand records, melds, claims, whole games."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine import (
    Claim,
    DebertzError,
    Game,
    Hand,
    Melds,
    Rules,
    game_from_json,
    game_to_json,
    hand_from_json,
    hand_to_json,
)
from app.engine.errors import Report
from app.engine.model import reads_plainly
from app.engine.records import (
    MELD_KEYS,
    _extra,
    _read_cards,
    _read_record,
    _usual_played,
    make_table,
    read_hand,
    usual_records,
)

TWO = Game(players=("A", "B"))
MOSCOW = Game(players=("A", "B"), rules=Rules(both_reach="last_trick"))


def test_a_played_hand_is_read_with_every_value_it_holds() -> None:
    record = {"taker": 1, "cards": [0, 162], "melds": {"side": 1, "terz": 1, "fifty": 1},
              "bella": 1, "no_tricks": [0], "debertz": 1}
    assert hand_from_json(record, TWO) == Hand(
        taker=1, cards=(0, 162), melds=Melds(1, 1, 1), bella=1, no_tricks=(0,), debertz=1)


def test_a_count_of_melds_left_out_or_null_is_zero() -> None:
    hand = hand_from_json({"taker": 0, "cards": [100, 62],
                           "melds": {"side": 0, "terz": None}}, TWO)
    assert hand.melds == Melds(0, 0, 0)
    assert hand.melds.points == 0


def test_last_trick_is_read_under_both_reach_last_trick() -> None:
    hand = hand_from_json({"taker": 0, "cards": [100, 62], "last_trick": 1}, MOSCOW)
    assert hand.last_trick == 1 and hand.extra == {}
    assert hand_to_json(hand) == {"taker": 0, "cards": [100, 62], "last_trick": 1}


def test_last_trick_may_be_of_a_side_with_exactly_the_last_tricks_10() -> None:
    hand = hand_from_json({"taker": 0, "cards": [152, 10], "last_trick": 1}, MOSCOW)
    assert hand.last_trick == 1


def test_a_debertz_hand_may_leave_out_its_cards() -> None:
    hand = hand_from_json({"taker": 0, "debertz": 1}, TWO)
    assert hand == Hand(taker=0, debertz=1)
    assert not hand.is_played
    assert hand_to_json(hand) == {"taker": 0, "debertz": 1}


def test_a_claim_hand_is_read_with_its_melds_bella_and_the_apps_keys() -> None:
    record = {"taker": 0, "claim": {"side": 1, "cards": 90, "note": "late"},
              "melds": {"side": 1, "terz": 1, "id": 3}, "bella": 1, "at": "20:15"}
    game = Game(players=("A", "B"), rules=Rules(target=101))
    hand = hand_from_json(record, game)
    assert hand == Hand(taker=0, melds=Melds(1, 1, 0, {"id": 3}), bella=1,
                        claim=Claim(1, 90, {"note": "late"}), extra={"at": "20:15"})
    assert hand_to_json(hand) == {"at": "20:15", "taker": 0,
                                  "claim": {"note": "late", "side": 1, "cards": 90},
                                  "melds": {"id": 3, "side": 1, "terz": 1, "fifty": 0},
                                  "bella": 1}


def test_a_claim_of_0_or_162_card_points_is_read() -> None:
    game = Game(players=("A", "B"), rules=Rules(target=51))
    assert hand_from_json({"taker": 0, "claim": {"side": 1, "cards": 162}}, game).claim == (
        Claim(1, 162))
    low = Game(players=("A", "B"), rules=Rules(target=51),
               hands=(Hand(taker=1, cards=(0, 162)),))
    assert hand_from_json({"taker": 0, "claim": {"side": 1, "cards": 0}}, low).claim == (
        Claim(1, 0))


def test_the_apps_own_keys_of_a_played_hand_come_back_first() -> None:
    record = {"at": "20:15", "taker": 0, "cards": [100, 62], "id": "h1",
              "melds": {"side": 0, "terz": 1}, "no_tricks": None}
    hand = hand_from_json(record, TWO)
    assert hand.extra == {"at": "20:15", "id": "h1"}
    assert hand_to_json(hand) == {"at": "20:15", "id": "h1", "taker": 0, "cards": [100, 62],
                                  "melds": {"side": 0, "terz": 1, "fifty": 0}}


def test_a_redeal_is_written_as_redeal_only() -> None:
    assert hand_to_json(Hand(redeal=True, extra={"id": 1})) == {"id": 1, "redeal": True}
    assert hand_from_json({"redeal": False, "taker": 0, "cards": [100, 62]}, TWO).redeal is False


def test_every_result_key_of_a_hand_is_written_out() -> None:
    hand = Hand(taker=1, cards=(0, 162), melds=Melds(1, terz=1), bella=1, no_tricks=(0,),
                last_trick=1, debertz=1)
    assert hand_to_json(hand) == {"taker": 1, "cards": [0, 162],
                                  "melds": {"side": 1, "terz": 1, "fifty": 0}, "bella": 1,
                                  "last_trick": 1, "debertz": 1, "no_tricks": [0]}


@pytest.mark.parametrize(("players", "teams", "expected"), [
    (2, True, ((0, 1), 2, (9, 9))),
    (3, True, ((0, 1, 2), 3, (9, 9, 9))),
    (4, True, ((0, 1, 0, 1), 2, (16, 16))),
    (4, False, ((0, 1, 2, 3), 4, (8, 8, 8, 8))),
    (3, False, ((0, 1, 2), 3, (9, 9, 9))),
])
def test_the_table_says_each_seats_side_and_the_cards_each_side_holds(
        players: int, teams: bool, expected: tuple[Any, ...]) -> None:
    table = make_table(players, teams)
    assert (table.side_of, table.sides, table.held) == expected
    assert table.players == players


def test_a_game_is_read_with_its_keys_and_written_with_every_option() -> None:
    document = {"format": "debertz/1", "players": ["Оля", " Петро "], "teams": False,
                "first_dealer": 1, "rules": {"target": 301}, "hands": [{"redeal": True}],
                "id": "g1"}
    game = game_from_json(document)
    assert game == Game(("Оля", " Петро "), False, 1, Rules(target=301), (Hand(redeal=True),),
                        {"id": "g1"})
    out = game_to_json(game)
    assert list(out) == ["id", "format", "players", "teams", "first_dealer", "rules", "hands"]
    assert out["players"] == ["Оля", " Петро "] and out["hands"] == [{"redeal": True}]
    assert out["rules"]["target"] == 301 and len(out["rules"]) == 12


def test_a_game_without_the_optional_keys_takes_their_defaults() -> None:
    game = game_from_json({"players": ["A", "B", "C", "D"], "hands": []})
    assert (game.teams, game.first_dealer, game.rules, game.hands, game.extra) == (
        True, 0, Rules(), (), {})
    assert game_from_json({"format": "debertz/1", "players": ["A", "B"], "hands": []}).players == (
        "A", "B")


def test_a_name_of_40_characters_after_trimming_is_accepted() -> None:
    name = " " + "x" * 40 + " "
    assert game_from_json({"players": [name, "B"], "hands": []}).players[0] == name


def test_a_document_with_a_short_claim_does_not_load() -> None:
    document = {"players": ["A", "B"], "hands": [{"taker": 0, "claim": {"side": 1, "cards": 60}}]}
    with pytest.raises(DebertzError) as caught:
        game_from_json(document)
    assert caught.value.problem.code == "claim_short"


class _Listed(list[object]):
    """A list the card reader's quick path does not take (it wants a plain ``list``), so that
    the same values go through the checks that report every problem."""


_CARD_VALUES = st.one_of(
    st.integers(-2, 164), st.sampled_from([0, 1, 10, 81, 161, 162]), st.booleans(),
    st.floats(0, 162), st.none(), st.text(max_size=2),
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_CARD_VALUES, min_size=0, max_size=5), st.sampled_from([2, 3, 4]))
def test_the_usual_card_points_are_read_as_the_reporting_checks_read_them(
    values: list[object], sides: int
) -> None:
    quick, checked = Report(1), Report(1)
    assert _read_cards(quick, {"cards": values}, sides) == _read_cards(
        checked, {"cards": _Listed(values)}, sides)
    assert quick.problems == checked.problems


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 4), st.integers(0, 162))
def test_the_usual_card_points_are_read_whole(sides: int, first: int) -> None:
    rest = 162 - first
    values = [first, *([0] * (sides - 2)), rest]
    quick, checked = Report(1), Report(1)
    got = _read_cards(quick, {"cards": values}, sides)
    assert got == _read_cards(checked, {"cards": _Listed(values)}, sides)
    assert quick.problems == checked.problems
    assert (got is not None) == (not quick.problems)


def test_the_keys_the_engine_does_not_read_are_kept_as_they_came() -> None:
    known = frozenset(MELD_KEYS)
    assert _extra({"side": 0, "terz": 1}, known) == {}
    assert _extra({"at": "x", "side": 0, "cards": 1}, known) == {"at": "x", "cards": 1}


@pytest.mark.parametrize("made", [
    Hand(), Hand(taker=1, cards=(62, 100), melds=Melds(1, terz=1), extra={"at": 3}),
    Hand(True, 0, None, None, 1, (0,), 1, 0, {}, Claim(0, 51)), Melds(0), Melds(1, 2, 1, {"x": 1}),
])
def test_hands_and_melds_are_frozen_dataclasses_with_every_field_set(made: Hand | Melds) -> None:
    """Hand and Melds fill their fields themselves (quicker than a frozen dataclass does):
    every field is set, and they stay frozen, equal, hashable and replaceable as before."""
    names = [f.name for f in dataclasses.fields(made)]
    assert list(vars(made)) == names
    assert dataclasses.replace(made) == made and hash(dataclasses.replace(made)) == hash(made)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.extra = {}  # type: ignore[misc]
    assert Hand().extra == {} and Hand().extra is not Hand().extra


_SMALL = st.one_of(st.integers(-1, 5), st.booleans(), st.none(), st.floats(0, 3),
                   st.text(max_size=1))
_OTHER_KEYS = ("no_tricks", "last_trick", "debertz", "redeal", "claim", "at")
_CHANGES = ("none", "hand key", "meld key", "count -1", "counts too many", "taker", "bella",
            "meld side", "meld count", "cards", "melds", "record", "no tricks", "redeal")
"""What :func:`_hand_records` changes in a good record (one each time): each brings a record
the quick reader must leave to the key by key reading, or read as that reading does."""


@st.composite
def _hand_records(draw: Any, table: Any, changes: tuple[str, ...] = _CHANGES) -> object:
    """A played hand as the app writes it at ``table`` (its melds' counts drawn to fit the
    side's cards, sometimes left out or null), with one of :data:`_CHANGES` made to it: a key
    the reader does not read quickly, a seat or side one too far, a count of -1 or one sequence
    too many, a value of another type, card points that do not add up, or no object at all
    (one of ``changes``)."""
    players, sides = table.players, table.sides
    first = draw(st.sampled_from([0, 10, 81, 162]) | st.integers(2, 160))
    record: dict[str, Any] = {"taker": draw(st.integers(0, players - 1)),
                              "cards": [first, *([0] * (sides - 2)), 162 - first]}
    side = draw(st.integers(0, sides - 1))
    held = table.held[side]
    fifty = draw(st.integers(0, held // 4))
    terz = draw(st.integers(0, (held - 4 * fifty) // 3))
    melds: dict[str, Any] = {"side": side, "terz": terz, "fifty": fifty}
    for key in ("terz", "fifty"):
        if melds[key] == 0 and draw(st.booleans()):
            melds[key] = draw(st.sampled_from([None, "out"]))
            if melds[key] == "out":
                del melds[key]
    if draw(st.booleans()):
        record["melds"] = melds
    if draw(st.booleans()):
        record["bella"] = draw(st.integers(0, sides - 1))
    change = draw(st.sampled_from(changes))
    if change == "hand key":
        record[draw(st.sampled_from(_OTHER_KEYS))] = draw(_SMALL)
    elif change == "meld key":
        record["melds"] = {**melds, "at": draw(_SMALL)}
    elif change == "count -1":
        record["melds"] = {**melds, draw(st.sampled_from(["terz", "fifty"])): -1}
    elif change == "counts too many":
        over = [(t, f) for t in range(held // 3 + 2) for f in range(held // 4 + 2)
                if held < 3 * t + 4 * f <= held + 4]  # a sequence more than the cards allow
        terz, fifty = draw(st.sampled_from(over))
        record["melds"] = {**melds, "terz": terz, "fifty": fifty}
    elif change == "taker":
        record["taker"] = draw(st.sampled_from([players, -1, True, 1.0, None, "0"]))
    elif change == "bella":
        record["bella"] = draw(st.sampled_from([sides, -1, True, 0.0, "1"]))
    elif change == "meld side":
        record["melds"] = {**melds, "side": draw(st.sampled_from([sides, -1, None, False, 0.0]))}
    elif change == "meld count":
        key = draw(st.sampled_from(["terz", "fifty"]))
        record["melds"] = {**melds, key: draw(st.sampled_from([True, 1.0, "1", [1]]))}
    elif change == "cards":  # 162 in all but not as card points, or anything else
        rest = [0] * (sides - 2)
        near = [[1, *rest, 161], [161, *rest, 1], [float(first), *rest, 162 - first],
                [True, *rest, 161], [-1, *rest, 163], [first, *rest, 162 - first, 0]]
        record["cards"] = draw(st.sampled_from(near) | st.lists(_CARD_VALUES, max_size=5)
                               | _CARD_VALUES)
    elif change == "melds":
        record["melds"] = draw(_SMALL | st.lists(_SMALL, max_size=2))
    elif change == "record":
        return draw(st.sampled_from([[record], None, "hand", 3]))
    elif change == "no tricks":  # the sides without card points, or anything else
        empty = [s for s in range(sides) if record["cards"][s] == 0]
        good = st.lists(st.sampled_from(empty), max_size=sides) if empty else st.just([])
        record["no_tricks"] = draw(
            good | st.lists(st.integers(-1, sides) | _SMALL, max_size=sides + 1) | _SMALL
        )
    elif change == "redeal":
        return draw(st.sampled_from([{"redeal": True}, {"redeal": 1}, {"redeal": False},
                                     {"redeal": True, "at": 3}, {"redeal": True, "taker": 0},
                                     {"redeal": None}, {"redeal": "true"}]))
    return record


@settings(max_examples=2000, deadline=None)
@given(st.data(), st.sampled_from([(2, True), (3, True), (4, True), (4, False)]),
       st.sampled_from(["last_trick", "taker"]), st.booleans())
def test_a_usual_record_is_read_as_key_by_key_reading_reads_it(
    data: st.DataObject, seats: tuple[int, bool], both_reach: str, obligation: bool
) -> None:
    """The quick reading of the usual played hand or redeal gives what reading each key gives:
    the same hand, or the same problems (it leaves every other record to the key by key
    reading)."""
    table = make_table(*seats)
    rules = Rules(both_reach=both_reach, obligation=obligation)  # type: ignore[arg-type]
    record = data.draw(_hand_records(table))
    read, checked = Report(1), Report(1)
    assert read_hand(read, record, table, rules) == _read_record(checked, record, table, rules)
    assert read.problems == checked.problems


_SEATS = st.sampled_from([(2, True), (3, True), (4, True), (4, False)])


@st.composite
def _records(draw: Any, table: Any) -> list[object]:
    """Hand records as the app writes them at ``table``, and maybe one of them changed
    (:func:`_hand_records`): a list the quick look must pass, or refuse only where the quick
    reading of one record would."""
    records: list[object] = draw(st.lists(_hand_records(table, ("none",)), max_size=8))
    if draw(st.booleans()):
        changed = draw(_hand_records(table))
        records.insert(draw(st.integers(0, len(records))), changed)
    return records


@settings(max_examples=1500, deadline=None)
@given(st.data(), _SEATS, st.sampled_from(["last_trick", "taker"]), st.booleans())
def test_the_records_looked_at_together_pass_only_where_each_reads_quickly(
    data: st.DataObject, seats: tuple[int, bool], both_reach: str, obligation: bool
) -> None:
    """``usual_records`` looks at a list of records at once: it says they are usual exactly
    when the quick reading reads every one of them (so key by key reading finds nothing)."""
    table = make_table(*seats)
    rules = Rules(both_reach=both_reach, obligation=obligation)  # type: ignore[arg-type]
    records = data.draw(_records(table))
    quick = all(_usual_played(record, table, rules) is not None for record in records)
    assert usual_records(records, table, rules) == quick


@st.composite
def _documents(draw: Any) -> dict[str, Any]:
    """A game document whose hands are drawn by :func:`_records`, sometimes with its own
    keys wrong (a player too few, a name twice, a format unknown, rules not an object)."""
    players, teams = draw(_SEATS)
    document: dict[str, Any] = {"players": ["Оля", "Петро", "Іра", "Марко"][:players],
                                "teams": teams, "hands": draw(_records(make_table(players, teams)))}
    if draw(st.booleans()):
        document["rules"] = {"obligation": draw(st.booleans()),
                             "both_reach": draw(st.sampled_from(["last_trick", "taker"]))}
    wrong = draw(st.sampled_from(["none", "none", "players", "twice", "format", "rules"]))
    if wrong == "players":
        document["players"] = document["players"][:1]
    elif wrong == "twice":
        document["players"] = ["Оля", *document["players"][:-1]]
    elif wrong == "format":
        document["format"] = "debertz/2"
    elif wrong == "rules":
        document["rules"] = ["target", 501]
    return document


@settings(max_examples=500, deadline=None)
@given(st.lists(_documents(), max_size=6))
def test_documents_read_plainly_only_when_they_load_and_their_records_are_usual(
    documents: list[dict[str, Any]],
) -> None:
    """``reads_plainly`` looks at the hands of the documents at one table together, and still
    says of each document alone whether it loads with every record read quickly: one bad
    document at a table does not make the others there look bad."""
    expected = []
    for document in documents:
        try:
            game = game_from_json(document)
        except DebertzError:
            expected.append(False)
            continue
        expected.append(all(_usual_played(record, game.table, game.rules) is not None
                            for record in document["hands"]))
    assert reads_plainly(documents) == expected



_PLAYED = {"taker": 1, "cards": [100, 62], "bella": 1, "melds": {"side": 0, "terz": 1}}
_NONE_TAKEN = {"taker": 0, "cards": [0, 162], "no_tricks": [0], "melds": {"side": 1, "fifty": 0}}


@pytest.mark.parametrize("changed", [
    {**_PLAYED, "cards": [100.0, 62]}, {**_PLAYED, "cards": [100, 62.0]},
    {**_PLAYED, "taker": True}, {**_PLAYED, "bella": True},
    {**_PLAYED, "melds": {"side": False, "terz": 1}}, {**_PLAYED, "melds": {"side": 0, "terz": True}},
    {**_NONE_TAKEN, "melds": {"side": 1, "fifty": 0.0}}, {**_NONE_TAKEN, "no_tricks": [False]},
])
def test_a_value_equal_to_a_usual_one_but_of_another_type_is_not_usual(changed: object) -> None:
    """The quick look over many records compares each key's values as a set, where 1, 1.0
    and True are one value: the types of every record's values are compared first."""
    table = make_table(2, True)
    assert usual_records([_PLAYED, _NONE_TAKEN], table, Rules())
    assert _usual_played(changed, table, Rules()) is None
    assert not usual_records([_PLAYED, _NONE_TAKEN, changed], table, Rules())
