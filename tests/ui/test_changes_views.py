"""The change log on the game screen (app/ui/changes): the fold «Зміни», each change in words,
newest first, and the mark of a corrected hand on the sheet."""

from __future__ import annotations

import re

import pytest

from app import changelog
from app.ui import i18n
from app.ui.changes.views import entry_text, hand_text
from app.ui.state import LANGS
from tests.ui.helpers import XSS, Table


def lines(html: str) -> list[str]:
    """The log's items as text (tags dropped), newest first as shown."""
    found = re.search(r'<ol class="log" reversed>(.*?)</ol>', html, re.DOTALL)
    assert found is not None, "the log is not drawn"
    items = re.findall(r"<li>(.*?)</li>", found.group(1), re.DOTALL)
    return [re.sub(r"<[^>]+>", "", item).replace("&gt;", ">").replace("&amp;", "&") for item in items]


def evening(lang: str = "uk") -> Table:
    table = Table(lang)
    table.new_game(["Оля", "Петро"])
    table.hand(0, {0: 100})
    table.hand(1, {0: 90})
    table.do("edit-hand", index=1)
    table.do("cards", side=0, value=95)
    table.do("save-hand", now="2026-11-30T21:03:00")
    return table


def test_the_fold_is_closed_and_drawn_empty_until_opened() -> None:
    table = evening()
    html = table.html()
    assert 'id="changes" data-toggle="fold-log" data-open="false">' in html
    assert '<ol class="log"' not in html
    assert "Зміни" in html and "записів: 4" in html
    table.do("fold-log", open="true")
    assert '<ol class="log" reversed>' in table.html()


def test_the_log_reads_newest_first_in_words() -> None:
    table = evening()
    table.do("edit-hand", index=0)
    table.do("ask-delete-hand")
    table.do("confirm-yes", now="2026-11-30T21:05:00")
    table.do("undo", now="2026-11-30T21:06:00")
    table.do("fold-log", open="true")
    shown = lines(table.html())
    assert shown[0] == "21:06 · ↶ скасовано видалення, роздачу 1 повернуто: хто грав: Оля · Оля 100, Петро 62"
    assert shown[1] == "21:05 · видалено роздачу 1: хто грав: Оля · Оля 100, Петро 62"
    assert shown[2] == "21:03 · роздача 2: Оля 90 → 95, Петро 72 → 67"
    assert shown[3].endswith("записано роздачу 2: хто грав: Петро · Оля 90, Петро 72")
    assert shown[-1].endswith("гру почато")
    assert len(shown) == 6


def test_a_corrected_hand_is_marked_on_the_sheet_with_words_for_a_screen_reader() -> None:
    table = evening()
    html = table.html()
    rows = re.findall(r'<tbody class="hand[^"]*" id="row-\d" data-hand="(\d)".*?</tbody>', html, re.DOTALL)
    assert rows == ["1", "0"]
    marked = re.findall(r'data-hand="(\d)"(?:(?!</tbody>).)*?class="mark corrected" role="img" '
                        r'aria-label="([^"]*)"', html, re.DOTALL)
    assert marked == [("1", "виправлено 1 раз, востаннє 21:03")]
    table.do("undo")
    assert "mark corrected" not in table.html()  # the correction taken back: as entered


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_says_every_kind_of_change(lang: str) -> None:
    t = i18n.translator(lang)
    game = {"players": ["A", "B", "C"], "hands": []}
    hand = {"taker": 2, "cards": [50, 70, 42], "melds": {"side": 1, "fifty": 1}, "no_tricks": [0]}
    entries = [
        *changelog.started(""),
        *changelog.begun([hand], "link", ""),
        {"do": "add", "index": 0, "hand": hand},
        {"do": "add", "index": 1, "hand": {"redeal": True}},
        {"do": "add", "index": 1, "hand": {"taker": 0, "claim": {"side": 0, "cards": 51}, "bella": 0}},
        {"do": "edit", "index": 0, "before": {"last_trick": 1}, "after": {"debertz": 2, "extra": 1}},
        {"do": "delete", "index": 0, "hand": hand},
        {"do": "undo", "change": {"do": "edit", "index": 0, "before": {"taker": 0}, "after": {"taker": 1}}},
        {"do": "redo", "change": {"do": "delete", "index": 0, "hand": hand}},
        changelog.restore_entry("backup", ""),
        {"do": "summary", "count": 7, "tally": {"add": 5, "edit": 2}, "hands": []},
    ]
    texts = [entry_text(game, entry, t) for entry in entries]
    assert all(texts) and len(set(texts)) == len(texts)
    assert "{" not in "".join(texts) and "?" not in "".join(texts)


def test_names_and_values_from_a_log_are_text_never_markup() -> None:
    table = Table("en")
    table.new_game([XSS, "B"])
    table.hand(0, {0: 100})
    table.do("fold-log", open="true")
    html = table.html()
    assert XSS not in html and "&lt;img src=x" in html
    t = i18n.translator("en")
    odd = {"taker": 9, "cards": ["<b>", 5], "melds": "x", "bella": -1}
    assert hand_text({"players": ["A", "B"]}, odd, t) == "taker: ? · A ?, B 5 · sequences: ? · bella: ?"
    assert entry_text({"players": ["A", "B"]}, {"do": "edit", "index": "x"}, t) == "hand ?: nothing changed"


def test_an_old_game_without_a_log_says_its_log_begins_with_its_next_change() -> None:
    from app.storage import MemoryStore, encode_game

    old = {"id": "old", "players": ["A", "B"], "hands": [{"taker": 0, "cards": [100, 62]}]}
    table = Table("en", store=MemoryStore({"old": encode_game(old)}))
    table.do("route", hash="#/game/old")
    table.do("fold-log", open="true")
    html = table.html()
    assert "entries: 0" in html and "begins with this game" in html
    assert "mark corrected" not in html


def test_a_log_spanning_two_days_shows_the_day_of_each_change() -> None:
    table = evening("en")
    table.do("redeal", now="2026-12-01T00:10:00")
    table.do("fold-log", open="true")
    shown = lines(table.html())
    assert shown[0] == "01.12 00:10 · hand 3 entered: redeal"
    assert shown[1].startswith("30.11 21:03 · hand 2: ")
