"""A game read and scored from its last version (``reread_game``, ``rescore``) is exactly the game
read and scored from the start (``game_from_json``, ``score``), whatever changed in between."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine import (
    PRESETS,
    DebertzError,
    Game,
    Hand,
    Replayed,
    game_from_json,
    reread_game,
    rescore,
    rules_to_json,
    score,
    sheet_to_json,
)
from app.engine.model import make_table

from .strategies import claim_hand, games, played_hand, rule_sets

Doc = dict[str, Any]
DRILL = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STEPS = ("add", "add", "add", "edit", "delete", "insert", "back", "copy", "rules", "dealer")


def a_record(data: st.DataObject, doc: Doc) -> Doc:
    """A hand record such as the app saves: mostly played hands, a claim, a redeal, a debertz."""
    players = len(doc["players"])
    sides = make_table(players, doc["teams"]).sides
    roll = data.draw(st.integers(0, 9))
    if roll == 0:
        return {"redeal": True}
    if roll == 1:
        return {"taker": data.draw(st.integers(0, players - 1)),
                "debertz": data.draw(st.integers(0, sides - 1))}
    if roll == 2:
        claim = data.draw(claim_hand(doc))
        if claim is not None:
            return claim
    return data.draw(played_hand(players, doc["teams"], doc["rules"]))


def changed(data: st.DataObject, doc: Doc, versions: list[Doc]) -> Doc:
    """A new version of ``doc``, as the app makes them (a new dict and list, the records not
    touched kept as the same objects), or another one: a copy parsed again, other rules."""
    hands = list(doc["hands"])
    step = data.draw(st.sampled_from(STEPS))
    where = data.draw(st.integers(0, max(0, len(hands) - 1)))
    if step == "add" or not hands:
        hands.append(a_record(data, doc))
    elif step == "edit":
        hands[where] = a_record(data, {**doc, "hands": hands[:where]})
    elif step == "delete":
        del hands[where]
    elif step == "insert":
        hands.insert(where, a_record(data, {**doc, "hands": hands[:where]}))
    elif step == "back":  # undo / redo: an earlier version's records, in a new list
        hands = list(data.draw(st.sampled_from(versions))["hands"])
    elif step == "copy":  # read again from storage or another tab: equal, not the same objects
        return dict(json.loads(json.dumps(doc)))
    elif step == "rules":
        sides = make_table(len(doc["players"]), doc["teams"]).sides
        rules = data.draw(st.one_of(rule_sets(sides), st.sampled_from(
            [rules_to_json(preset) for preset in PRESETS.values()])))
        return {**doc, "rules": rules}
    else:
        return {**doc, "first_dealer": data.draw(st.integers(0, len(doc["players"]) - 1))}
    return {**doc, "hands": hands}


def settings_of(game: Game) -> tuple[object, ...]:
    return game.players, game.teams, game.first_dealer, game.rules


def same_start(new: Any, old: Any, same: Any) -> int:
    """How many items the two sequences begin with that are ``same``."""
    count = 0
    while count < min(len(new), len(old)) and same(new[count], old[count]):
        count += 1
    return count


def assert_same_sheet(replayed: Replayed, game: Game) -> None:
    full = score(game)
    assert replayed.sheet == full  # every HandLine field and the game-level fields
    assert json.dumps(sheet_to_json(replayed.sheet)) == json.dumps(sheet_to_json(full))
    assert replayed.sheet.hands == full.hands and replayed.sheet.finished == full.finished


@DRILL
@given(st.data())
def test_a_game_changed_step_by_step_is_read_and_scored_as_from_the_start(
    data: st.DataObject,
) -> None:
    doc = data.draw(games(max_hands=15))
    game = game_from_json(doc)
    replayed = rescore(game)
    assert_same_sheet(replayed, game)
    versions = [doc]
    for _ in range(data.draw(st.integers(1, 10))):
        new = changed(data, doc, versions)
        try:
            expected = game_from_json(new)
        except DebertzError as refused:  # e.g. a claim left short: refused alike, nothing kept
            with pytest.raises(DebertzError) as also:
                reread_game(new, doc, game)
            assert also.value.problem == refused.problem
            continue
        again = reread_game(new, doc, game)
        assert again == expected
        alike = settings_of(again) == settings_of(game)
        kept = same_start(new["hands"], doc["hands"], lambda a, b: a is b) if alike else 0
        assert all(again.hands[i] is game.hands[i] for i in range(kept))  # not read again
        later = rescore(again, replayed)
        assert_same_sheet(later, expected)
        # scored from the first hand that differs (an equal record need not be the same one)
        assert later.first_scored == (
            same_start(again.hands, game.hands, lambda a, b: a == b) if alike else 0)
        doc, game, replayed = new, again, later
        versions.append(doc)


@DRILL
@given(games(max_hands=25), st.data())
def test_a_hand_added_at_the_end_is_the_one_read_and_the_one_scored(
    doc: Doc, data: st.DataObject
) -> None:
    game = game_from_json(doc)
    replayed = rescore(game)
    record = a_record(data, doc)
    new = {**doc, "hands": [*doc["hands"], record]}
    try:
        expected = game_from_json(new)
    except DebertzError:
        return
    again = reread_game(new, doc, game)
    assert again == expected
    assert all(a is b for a, b in zip(again.hands, game.hands))  # the earlier records not read
    later = rescore(again, replayed)
    assert later.first_scored == len(game.hands)
    assert later.sheet.hands[:-1] == replayed.sheet.hands
    assert_same_sheet(later, expected)


def test_an_edit_replays_from_the_edited_hand_and_an_undone_add_replays_nothing() -> None:
    doc = {"players": ["A", "B", "C"], "hands": [{"taker": i % 3, "cards": [100, 62, 0]}
                                                  for i in range(6)]}
    game = game_from_json(doc)
    replayed = rescore(game)
    assert replayed.first_scored == 0
    edited = game.replace_hand(3, Hand(taker=1, cards=(0, 62, 100)))
    assert rescore(edited, replayed).first_scored == 3
    fewer = rescore(edited.delete_hand(5), rescore(edited, replayed))
    assert fewer.first_scored == 5 and fewer.sheet == score(edited.delete_hand(5))
    other_rules = Game(players=game.players, rules=PRESETS["moscow"], hands=game.hands)
    assert rescore(other_rules, replayed).first_scored == 0
    dealt_later = Game(players=game.players, first_dealer=1, hands=game.hands)
    assert rescore(dealt_later, replayed).first_scored == 0
    assert rescore(dealt_later, replayed).sheet == score(dealt_later)


def test_a_record_changed_is_read_again_from_there_and_a_short_claim_refused_alike() -> None:
    doc: Doc = {"players": ["A", "B"], "rules": {"target": 301},
                "hands": [{"taker": 0, "cards": [100, 62]} for _ in range(3)]}
    game = game_from_json(doc)
    edited = {**doc, "hands": [doc["hands"][0], {"taker": 1, "cards": [62, 100]}, doc["hands"][2]]}
    again = reread_game(edited, doc, game)
    assert again == game_from_json(edited) and again.hands[0] is game.hands[0]
    assert again.hands[2] is not game.hands[2]  # read again: after the changed record
    claim = {"taker": 0, "claim": {"side": 1, "cards": 50}}  # 224 + 50 < 301: short
    short = {**edited, "hands": [*edited["hands"], claim]}
    with pytest.raises(DebertzError) as refused:
        game_from_json(short)
    with pytest.raises(DebertzError) as also:
        reread_game(short, edited, again)
    assert also.value.problem == refused.value.problem and refused.value.problem.code == "claim_short"
    holds = {**edited, "hands": [*edited["hands"], {**claim, "claim": {"side": 1, "cards": 80}}]}
    assert reread_game(holds, edited, again) == game_from_json(holds)  # 224 + 80 >= 301
    renamed = {**edited, "players": ["A", "C"]}
    assert reread_game(renamed, edited, again) == game_from_json(renamed)
    bad = {**edited, "hands": [*edited["hands"], {"taker": 0, "cards": [100, 61]}]}
    with pytest.raises(DebertzError, match="hand 4: cards must add up to 162"):
        reread_game(bad, edited, again)
    with pytest.raises(DebertzError, match="players must list 2, 3 or 4 players"):
        reread_game({**edited, "players": ["A"]}, edited, again)
