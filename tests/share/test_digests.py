"""A game's content digest kept per revision (``link.stored_digest``): a restore compares every
game here by it and the import screen looks for a copy already here, so neither replays the
library at each file (issue 16). What is kept must be what would be computed afresh, and a
changed game must never keep its old digest."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app import engine
from app.share import backup, link, restoring
from app.share.backup import make_backup
from app.ui.sharing.actions import copy_of
from tests.engine.strategies import games
from tests.test_replays import a_change

Doc = dict[str, Any]
DRILL = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@DRILL
@given(games(max_hands=20), st.data())
def test_the_kept_digest_of_every_revision_is_the_one_computed_afresh(
    doc: Doc, data: st.DataObject
) -> None:
    game: Doc = {**doc, "id": "g-digest", "undo": [], "redo": [], "rev": 0}
    assert link.stored_digest(game) == link.game_digest(game)
    for rev in range(1, data.draw(st.integers(1, 10)) + 1):
        changed = {**a_change(data, game), "rev": rev}
        try:
            engine.game_from_json(changed)
        except engine.DebertzError:  # the app refuses such a change; the digest says None
            assert link.stored_digest(changed) is None is link.game_digest(changed)
            continue
        assert link.stored_digest(changed) == link.game_digest(changed)
        assert link.stored_digest(game) == link.game_digest(game)  # the older one asked again
        game = changed


def two_hands() -> Doc:
    return {"id": "k1", "rev": 2, "players": ["Оля", "Петро"],
            "hands": [{"taker": 0, "cards": [100, 62]}, {"taker": 1, "cards": [62, 100]}]}


def test_a_changed_game_is_never_found_by_its_old_digest(monkeypatch: pytest.MonkeyPatch) -> None:
    game = two_hands()
    before = link.stored_digest(game)
    edited = {**game, "rev": 3, "hands": [game["hands"][0], {"taker": 1, "cards": [42, 120]}]}
    assert link.stored_digest(edited) != before
    assert copy_of({"k1": edited}, before) is None  # the import screen: not "already here"
    assert copy_of({"k1": edited}, link.game_digest(edited)) == "k1"


def test_a_game_kept_is_replayed_for_its_digest_once(monkeypatch: pytest.MonkeyPatch) -> None:
    game = two_hands()
    link.stored_digest(game)
    made: list[object] = []
    monkeypatch.setattr(link, "content_digest", lambda doc: made.append(doc) or "x")
    for _ in range(3):
        assert link.stored_digest(game) != "x"
        assert backup.here_of("k1", game)[1] == link.stored_digest(game)
    assert made == []
    assert link.stored_digest({**game, "rev": 3}) == "x"  # another dict: computed


def test_a_full_cache_starts_again_and_still_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(link, "STORED_DIGESTS", 3)
    kept = [{**two_hands(), "id": f"c{n}"} for n in range(7)]
    for game in kept:
        assert link.stored_digest(game) == link.game_digest(game)
    assert len(link._stored) <= 3
    assert all(link.stored_digest(game) == link.game_digest(game) for game in kept)


def test_a_restore_plan_of_games_here_is_the_same_with_the_kept_digests() -> None:
    here = {f"h{n}": {**two_hands(), "id": f"h{n}", "hands": two_hands()["hands"][: n % 3]}
            for n in range(6)}
    changed = {**here["h1"], "hands": [{"redeal": True}]}
    text = make_backup({"h0": here["h0"], "h1": changed, "n9": {**two_hands(), "id": "n9"}},
                       {}, "2026-12-01T09:00:00")
    for game in here.values():
        link.stored_digest(game)  # as the page does at idle after a start
    planning = restoring.start_planning(text, here)
    while planning.phase != "planned":
        planning = restoring.plan_step(planning, 2, iter(f"new{n}" for n in range(99)))
    plan = planning.plan
    assert plan.same == ["h0"]
    assert [(g["id"], g["restored_from"]) for g in plan.copies] == [("new0", "h1")]
    assert [g["id"] for g in plan.add] == ["n9"]
