"""The index of summaries (app/storage.py, issue 17): a start with 10,000 stored games reads
their summaries from 64 pages, not their 19 MB of records; the games are held unread until their
texts come, and a record changed under its summary (by a version of the app without the index)
is caught when its text comes, never shown as the summary says."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.storage import (
    INDEX_PAGES,
    Commit,
    Games,
    GameWrite,
    IndexFix,
    MemoryStore,
    SummaryWrite,
    Unread,
    encode_game,
    index_page,
    load_records,
    paged,
    plan_commit,
    read_index,
    read_pages,
    read_summarized,
    record_crc,
    summary_text,
)
from app.summaries import summarize


def game(n: int, name: str = "Оля", rev: int = 0) -> dict[str, object]:
    return {"id": f"g{n}", "rev": rev, "players": [name, "Петро"], "hands": [],
            "updated": f"2026-12-01T10:{n % 60:02d}:00"}


def test_every_commit_keeps_the_index_saying_what_the_records_hold() -> None:
    store = MemoryStore()
    first = Commit(tuple(GameWrite(f"g{n}", game(n), None) for n in range(5)))
    plan = plan_commit(first, store.games, None)
    assert plan.index == {gid: summary_text(text) for gid, text in plan.games.items()}
    assert len(plan.index) == 5 and None not in plan.index.values()
    store.commit_now(first)
    second = Commit((GameWrite("g1", game(1, "Іра", rev=1), expect=0),
                     GameWrite("g2", None, expect=0)))
    plan = plan_commit(second, store.games, None)
    assert plan.index == {"g1": summary_text(plan.games["g1"]), "g2": None}
    assert json.loads(plan.index["g1"] or "")["players"] == ["Іра", "Петро"]


def test_a_page_holds_the_summaries_of_its_games_and_a_change_rewrites_only_its_page() -> None:
    texts = {f"g{n}": summary_text(encode_game(game(n))) for n in range(300)}
    pages = paged(texts, {})
    assert len(pages) == INDEX_PAGES  # 300 ids spread over every page
    for key, page in pages.items():
        assert all(index_page(gid) == key for gid in json.loads(page))
    entries = read_pages(pages.values())
    assert set(entries) == set(texts)
    again = paged({"g7": summary_text(encode_game(game(7, "Іра"))), "g8": None}, pages)
    assert set(again) == {index_page("g7"), index_page("g8")}
    changed = read_pages({**pages, **again}.values())
    assert changed["g7"]["players"][0] == "Іра" and "g8" not in changed
    assert {k: v for k, v in changed.items() if k not in ("g7", "g8")} == {
        k: v for k, v in entries.items() if k not in ("g7", "g8")}


def test_a_start_holds_indexed_games_unread_and_reads_whole_what_the_index_cannot_vouch_for() -> None:
    records = {f"g{n}": encode_game(game(n)) for n in range(4)}
    index = read_pages(paged({gid: summary_text(raw) for gid, raw in records.items()
                              if gid != "g3"}, {}).values())
    index["g2"] = {**index["g2"], "engine": "an older engine"}
    cards, whole = read_index(sorted(records), index)
    assert sorted(cards) == ["g0", "g1"] and whole == ["g2", "g3"]
    loaded = load_records({gid: records[gid] for gid in whole}, None, cards)
    assert list(loaded.games) == ["g0", "g1", "g2", "g3"]
    assert loaded.games.unread() == ["g0", "g1"] and sorted(loaded.unindexed) == ["g2", "g3"]
    assert loaded.games.summary("g0")["players"] == ["Оля", "Петро"]
    with pytest.raises(Unread) as missing:
        loaded.games["g0"]
    assert missing.value.game_id == "g0" and not isinstance(missing.value, KeyError)
    assert loaded.games["g3"]["players"] == ["Оля", "Петро"]


def test_a_text_that_is_not_the_one_summarized_is_refused_and_the_game_stays_unread() -> None:
    raw = encode_game(game(1))
    games = Games()
    games.keep_unread("g1", read_summarized("g1", raw)[1])
    copy = games.copy()
    older_version = encode_game(game(1, "Іра"))  # same id and rev, written without the index
    assert games.fill("g1", older_version) is False and games.fill("g1", None) is False
    assert games.unread() == ["g1"]
    assert games.fill("g1", raw) is True
    assert copy["g1"]["players"] == ["Оля", "Петро"], "every copy holds the text read"


def test_games_compare_without_reading_what_they_hold_the_same_way() -> None:
    card = read_summarized("g1", encode_game(game(1)))[1]
    games = Games()
    games.keep_unread("g1", card)
    games["g2"] = game(2)
    other = games.copy()
    other["g2"] = dict(game(2))
    assert games == other  # g1 is not read: held the same way in both
    other["g2"] = game(2, "Іра")
    assert games != other
    read = games.copy()
    read.keep_unread("g1", dict(card))  # held another way, and not read: cannot be the same
    assert read != games and games.copy() == games


def test_an_index_fix_sets_the_entry_from_the_record_or_drops_it_for_a_record_without_one() -> None:
    summarized = encode_game(game(1))
    bare = json.dumps({"schema": 1, "game": game(2)})
    fixes = Commit(index=(IndexFix("g1", record_crc(summarized)), IndexFix("g2", record_crc(bare))))
    assert fixes.read_ids == ("g1", "g2")
    plan = plan_commit(fixes, {"g1": summarized, "g2": bare}, None)
    assert plan.index == {"g1": summary_text(summarized), "g2": None} and plan.games == {}


def test_a_summary_written_again_writes_the_index_entry_too() -> None:
    bare = json.dumps({"schema": 1, "game": game(3)})
    again = SummaryWrite("g3", record_crc(bare), summarize(game(3)))
    plan = plan_commit(Commit(summaries=(again,)), {"g3": bare}, None)
    assert plan.index == {"g3": summary_text(plan.games["g3"])}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 7), st.booleans(), st.sampled_from(["А", "Б", "В"])),
                max_size=30))
def test_after_any_writes_and_deletes_a_start_from_the_index_reads_every_game_as_stored(
    steps: list[tuple[int, bool, str]]
) -> None:
    store = MemoryStore()
    revs: dict[str, int] = {}
    pages: dict[str, str] = {}
    for n, deletes, name in steps:
        gid = f"g{n}"
        expect = revs.get(gid)
        if deletes and expect is None:
            continue
        change = GameWrite(gid, None if deletes else game(n, name, (expect or 0) + 1), expect)
        plan = plan_commit(Commit((change,)), store.games, None)
        pages.update(paged(plan.index, pages))
        store.commit_now(Commit((change,)))
        if deletes:
            revs.pop(gid)
        else:
            revs[gid] = (expect or 0) + 1
    cards, whole = read_index(sorted(store.games), read_pages(pages.values()))
    assert whole == [] and set(cards) == set(store.games)
    loaded = load_records({}, None, cards)
    for gid, raw in store.games.items():
        assert loaded.games.fill(gid, raw)
        assert loaded.games[gid] == json.loads(raw)["game"]


def test_a_page_not_written_by_the_app_is_replaced_by_the_entries_it_is_given() -> None:
    """Its other games lose their entries: the next start reads them whole and indexes them."""
    damaged = {index_page("g1"): '{"g9":{"v":1}}'}  # a JSON object, but not one entry a line
    out = paged({"g1": summary_text(encode_game(game(1)))}, damaged)
    assert list(read_pages(out.values())) == ["g1"]
