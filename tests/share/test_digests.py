"""A game's content digest kept per revision (``link.stored_digest``): a restore compares every
game here by it and the import screen looks for a copy already here, so neither replays the
library at each file (issue 16). What is kept must be what would be computed afresh, and a
changed game must never keep its old digest."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app import engine, replays
from app.share import backup, inbound, link, restoring
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


def eager_plan(here: dict[str, Doc], games_in: list[Doc], made: str) -> backup.RestorePlan:
    """The restore's placing as it reads (app/share/backup.py): every game's digest worked out
    first, then: known by its id (or, for an id not safe, by its content alone) is skipped, as
    here already or as given twice in the file; else added under its id if free, else copied
    under a fresh one beside a game here with its id, else added under a fresh one."""
    here_lineage = {(gid, link.stored_digest(g)) for gid, g in here.items()} | {
        (str(g.get("restored_from", gid)), link.stored_digest(g)) for gid, g in here.items()}
    here_known = {digest for _, digest in here_lineage}
    lineage, known = set(here_lineage), set(here_known)
    taken, fresh = set(here), (f"new{n}" for n in range(999))
    add: list[Doc] = []
    copies: list[Doc] = []
    same: list[str] = []
    twice: list[str] = []
    for game in games_in:
        digest, game_id = link.game_digest(game), game.get("id")
        usable = isinstance(game_id, str) and backup.is_safe_id(game_id)
        if (usable and (game_id, digest) in lineage) or (not usable and digest in known):
            here_already = (game_id, digest) in here_lineage if usable else digest in here_known
            (same if here_already else twice).append(str(game_id))
            continue
        lineage.add((str(game_id), digest))
        known.add(digest)
        if usable and game_id not in taken:
            taken.add(str(game_id))
            add.append(game)
            continue
        new_id = next(i for i in fresh if i not in taken)
        taken.add(new_id)
        renamed = {**game, "id": new_id, "restored_from": str(game_id), "restored": made}
        (copies if usable and game_id in here else add).append(renamed)
    return backup.RestorePlan(made, add, copies, same, [], {}, [], twice)


IDS = st.sampled_from(["a", "b", "c", "e/f", "../x"])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(games(max_hands=3), min_size=1, max_size=3), st.data())
def test_a_plan_that_works_out_digests_only_when_asked_places_every_game_as_one_that_works_out_all(
    contents: list[Doc], data: st.DataObject
) -> None:
    """The planner works out a game's digest only when its place depends on it (an id known
    here or earlier in the file, or an id not safe in an address): the plan must be the one
    that reads every digest first, for games here restored from others, ids given twice in
    one file, unsafe ids, and the same content under several ids."""
    def one(game_id: object) -> Doc:
        game = {**data.draw(st.sampled_from(contents)), "id": game_id}
        if data.draw(st.booleans()):
            game["restored_from"] = data.draw(IDS)
        return game

    here = {gid: one(gid) for gid in data.draw(st.lists(st.sampled_from("abc"), unique=True))}
    games_in = [one(data.draw(IDS)) for _ in range(data.draw(st.integers(0, 6)))]
    made = "2026-12-01T09:00:00"
    planning = restoring.start_planning(
        {"format": backup.BACKUP_FORMAT, "made": made, "games": games_in}, here)
    while planning.phase != "planned":
        planning = restoring.plan_step(planning, data.draw(st.integers(1, 3)),
                                       (f"new{n}" for n in range(999)))
    plan = planning.plan
    good = [inbound.checked_app_keys(g) for g in games_in if link.game_digest(g) is not None]
    expected = eager_plan(here, good, made)
    assert (plan.add, plan.copies, plan.same, plan.twice) == (
        expected.add, expected.copies, expected.same, expected.twice)


def test_a_plan_of_games_new_here_works_out_no_digest(monkeypatch: pytest.MonkeyPatch) -> None:
    """Another phone's games (ids not known here) are placed by their ids alone: their digests
    (a third of the checking's time) are worked out only if a write finds an id taken."""
    here = {"h0": {**two_hands(), "id": "h0"}}
    link.stored_digest(here["h0"])
    text = make_backup({f"n{n}": {**two_hands(), "id": f"n{n}"} for n in range(5)}, {},
                       "2026-12-01T09:00:00")
    stored = link.game_digest({**two_hands(), "id": "n3"})
    made: list[object] = []
    real = link.content_digest
    monkeypatch.setattr(backup, "content_digest", lambda doc: made.append(doc) or real(doc))
    monkeypatch.setattr(link, "content_digest", lambda doc: made.append(doc) or real(doc))
    planning = restoring.start_planning(text, here)
    while planning.phase != "planned":
        planning = restoring.plan_step(planning, 2, iter(f"new{n}" for n in range(99)))
    assert [g["id"] for g in planning.plan.add] == [f"n{n}" for n in range(5)]
    assert made == [] and planning.digests == {}
    writing = restoring.Writing(planning.plan, planning.digests)
    taken = {"n3": {**two_hands(), "id": "n3"}}  # another window restored n3 meanwhile
    writing, out = restoring.write_step(writing, 9, taken, lambda gid: stored, iter(["w1"]))
    assert writing.same == 1 and [g["id"] for g in out] == ["n0", "n1", "n2", "n4"]
    assert len(made) == 1  # n3's, worked out when its id was found taken


def test_of_several_copies_the_one_changed_last_is_found_first_by_the_link_it_came_from() -> None:
    game = two_hands()
    digest = link.stored_digest(game)
    copies = {
        key: {**game, "id": key, "updated": updated}
        for key, updated in (
            ("old", "2026-11-01T20:00"),
            ("new", "2026-12-01T20:00"),
            ("also-new", "2026-12-01T20:00"),
        )
    }
    assert copy_of(copies, str(digest)) == "new"  # equal times: the first of them
    saved = {
        **copies,
        "from-link": {
            **two_hands(),
            "id": "from-link",
            "updated": "2026-10-01",
            "hands": [],
            "shared_digest": digest,
        },
    }
    assert copy_of(saved, str(digest)) == "from-link"  # saved from that link, though older
    assert copy_of(copies, "no such content") is None


@DRILL
@given(games(max_hands=20))
def test_a_checked_doc_holds_the_game_the_engine_reads_from_it(doc: Doc) -> None:
    # a link's or a file's game is read once: the doc written from it keeps that game as its
    # engine read (replays.remember), which must be the very game a fresh read gives
    try:
        read = engine.game_from_json({**doc, "id": "g-outside", "created": "2026-12-01"})
    except engine.DebertzError:
        return
    checked = link.checked_doc(read)
    assert replays.engine_game(checked) == engine.game_from_json(checked)
    assert engine.score(replays.engine_game(checked)) == engine.score(read)
