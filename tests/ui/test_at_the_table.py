"""Issue 12 in the pure UI: focus after the taker, what the taker needs, the rules in force,
the wording of the delete question, test hooks on the sheet, the storage note, the screen
wake lock setting, and languages named in their own language."""

from __future__ import annotations

import re

import pytest

from app.ui import prefs
from app.ui.reducer import reduce
from app.ui.state import initial_state
from app.ui.views import render
from tests.ui.helpers import Table, preview_text


def test_choosing_the_taker_puts_the_focus_on_the_takers_card_field() -> None:
    table = Table()
    table.new_game(["Оля", "Петро", "Іван", "Марта"])
    table.do("new-hand")
    effects = table.do("taker", seat=3)  # Марта plays for the second team
    assert [(e.kind, e.key) for e in effects if e.kind == "focus"] == [("focus", "cards-1")]
    table.do("cards", side=1, value="90")
    effects = table.do("taker", seat=0)  # points already typed: the focus stays
    assert [e for e in effects if e.kind == "focus"] == []


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("uk", "Оля: щоб зіграти, треба більше ніж 81."),
        ("ru", "Оля: чтобы сыграть, нужно больше 81."),
        ("en", "Оля: more than 81 to make it."),
    ],
)
def test_the_hand_form_says_what_the_taker_needs(lang: str, text: str) -> None:
    table = Table(lang)
    table.new_game(["Оля", "Петро"])
    table.do("new-hand")
    assert text not in table.html()
    table.do("taker", seat=0)
    assert f'<p class="hint" id="cards-hint">{text}</p>' in table.html()


def test_what_the_taker_needs_moves_with_the_sequences_and_bella() -> None:
    table = Table("en")
    table.new_game(["Оля", "Петро", "Іван", "Марта"])
    table.do("new-hand")
    table.do("taker", seat=1)  # Петро & Марта
    table.do("meld-side", side=0)  # the others declared a terz: +20 for them
    assert "Петро and Марта: more than 91 to make it." in table.html()  # a sentence: a word
    table.do("bella", side=1)
    assert "Петро and Марта: more than 81 to make it." in table.html()


def test_three_sides_that_must_each_be_beaten_get_no_threshold() -> None:
    table = Table("en")
    table.new_game(["Оля", "Петро", "Іван"])
    table.do("new-hand")
    table.do("taker", seat=0)
    html = table.html()
    assert "to make it" not in html and "162 in all" in html


def test_the_delete_question_mentions_re_scoring_only_when_later_hands_exist() -> None:
    table = Table("en")
    table.new_game(["Оля", "Петро"])
    for _ in range(2):
        table.hand(0, {0: 100})
    table.do("edit-hand", index=1)
    table.do("ask-delete-hand")
    assert '<p id="confirm-text">Delete hand 2?</p>' in table.html()
    table.do("confirm-no")
    table.do("cancel-hand")
    table.do("edit-hand", index=0)
    table.do("ask-delete-hand")
    assert "Delete hand 1? The later hands will be re-scored." in table.html()


def test_the_game_screen_shows_the_rules_in_force_and_a_tap_shows_them_all() -> None:
    table = Table("en")
    table.new_game(["Оля", "Петро", "Іван"], preset="moscow", target=701)
    html = table.html()
    found = re.search(r'<details class="rules" id="rules"><summary>([^<]*)</summary>(.*?)</details>',
                      html)
    assert found is not None
    assert found.group(1) == "Rules: Moscow, to 701"
    body = found.group(2)
    for pair in ("<dt>Play to</dt><dd>701</dd>", "<dt>Reach the target together</dt><dd>Last trick</dd>",
                 "<dt>The taker must beat</dt><dd>The opponents together</dd>",
                 "<dt>Sequences need a trick</dt><dd>no</dd>", "<dt>Bait penalty</dt><dd>no</dd>"):
        assert pair in body
    table.do("route", hash="#/new")
    table.do("setup-reset")
    table.do("setup-option", name="eggs", value="each")
    for seat, name in enumerate(["Оля", "Петро"]):
        table.do("setup-name", seat=seat, value=name)
    table.do("start-game")
    html = table.html()
    assert "Rules: Custom, to 501" in html
    assert "The taker must beat" not in html  # two sides: it does not matter


def test_the_sheet_carries_stable_hooks_for_pot_dealer_and_winner() -> None:
    table = Table("en")
    table.new_game(["Оля", "Петро"])
    table.hand(0, {0: 81})  # eggs: 81 hangs
    table.hand(1, {1: 100})  # Петро makes it and wins the pot
    html = table.html()
    assert '<p class="turn" data-dealer="0">' in html
    assert 'data-hand="0" data-dealer="0" data-winner="" data-pot="81"' in html
    assert 'data-hand="1" data-dealer="1" data-winner="1" data-pot="0"' in html
    assert '<span class="mark won-pot">+81 from the pot</span>' in html
    assert 'class="pot"' not in html  # nothing hangs now
    table.hand(0, {0: 81})
    assert '<p class="pot" data-pot="81">' in table.html()
    for _ in range(4):
        table.hand(1, {1: 162})
    assert 'class="result" role="status" data-winner="1"' in table.html()


def test_a_refused_storage_is_said_once_in_the_games_list_until_dismissed() -> None:
    state = initial_state({}, {}, [], ["en"])
    assert 'id="storage-note"' not in render(state)
    state, effects = reduce(state, "storage-refused", {})
    assert effects == []
    html = render(state)
    assert 'id="storage-note" role="note"' in html and "may erase them" in html
    assert 'role="alertdialog"' not in html
    state, effects = reduce(state, "storage-note-seen", {})
    assert 'id="storage-note"' not in render(state)
    assert [e.kind for e in effects] == ["commit", "focus"]
    assert effects[0].value.settings.values == {prefs.STORAGE_NOTE_SEEN: True}
    again = initial_state({}, state.settings, [], ["en"])  # the next start
    again, _ = reduce(again, "storage-refused", {})
    assert 'id="storage-note"' not in render(again)


def test_a_browser_that_cannot_be_asked_to_keep_the_games_gets_the_note_in_its_own_words() -> None:
    state, _ = reduce(initial_state({}, {}, [], ["en"]), "storage-refused", {"why": "unasked"})
    html = render(state)
    assert 'id="storage-note" role="note"' in html
    assert "This browser does not say whether it keeps the games" in html
    assert "has not promised" not in html
    state, _ = reduce(state, "storage-note-seen", {})
    assert 'id="storage-note"' not in render(state)


def test_the_storage_note_offers_the_backup_once_there_are_games() -> None:
    state, _ = reduce(initial_state({}, {}, [], ["en"]), "storage-refused", {})
    assert "save a backup of all games" in render(state) and 'id="storage-backup"' not in render(state)
    table = Table("en")
    table.new_game(["Оля", "Петро"])
    table.hand(0, {0: 100})
    table.do("route", hash="#/")
    table.do("storage-refused")
    assert 'id="storage-backup" data-action="backup"' in table.html()
    effects = table.do("backup", now="2026-12-01T09:00:00")
    (download,) = [e for e in effects if e.kind == "download"]
    assert download.key == "debertz-backup-2026-12-01.json" and "Оля" in str(download.value)


def test_the_screen_stays_on_during_a_game_unless_turned_off() -> None:
    table = Table("en")
    gid = table.new_game(["Оля", "Петро"])
    assert prefs.keeps_awake(table.state)
    assert '<input type="checkbox" id="keep-awake" data-action="keep-awake" checked>' in table.html()
    effects = table.do("keep-awake", value="false")
    assert [e.kind for e in effects] == ["commit"]
    assert effects[0].value.settings.values == {"keep_awake": False}
    assert not prefs.keeps_awake(table.state)
    assert 'data-action="keep-awake">' in table.html()
    table.do("keep-awake", value="true")
    table.do("route", hash="#/")
    assert not prefs.keeps_awake(table.state)
    table.do("route", hash=f"#/game/{gid}")
    assert prefs.keeps_awake(table.state)


def test_each_language_is_offered_in_its_own_language() -> None:
    html = Table("en").html()
    for code, name in (("uk", "Українська"), ("ru", "Русский"), ("en", "English")):
        assert re.search(f'<option value="{code}" lang="{code}"( selected)?>{name}</option>', html)


def test_a_change_of_earlier_hands_that_decides_the_game_anew_says_so_in_its_notice() -> None:
    # after a correction the page stays at the corrected row, the banner far above it
    table = Table("en")
    table.new_game(["Оля", "Петро"], target=301)
    table.hand(0, {0: 100})
    table.hand(0, {0: 100})
    table.hand(0, {0: 150})  # Оля 350 : Петро 136, the game won
    assert table.state.notice == "saved"
    table.do("edit-hand", index=2)
    table.do("cards", side=0, value="80")  # a bait: 200 : 286
    table.do("save-hand")
    assert table.state.notice == "edited_open"
    assert "Hand corrected, the score is recalculated. The game goes on again." in table.html()
    table.do("undo")
    assert table.state.notice == "undone_won"
    assert "Undone. The game is now won by Оля." in table.html()
    table.do("redo")
    assert table.state.notice == "redone_open"
    table.do("edit-hand", index=0)
    table.do("ask-delete-hand")
    table.do("confirm-yes")  # still going on: the plain notice
    assert table.state.notice == "deleted" and len(table.game["hands"]) == 2


def test_a_correction_that_ends_the_game_early_says_the_later_hands_will_not_count() -> None:
    table = Table("en")
    table.new_game(["Оля", "Петро"], target=301)
    table.hand(0, {0: 100})
    table.hand(0, {0: 100})
    table.hand(0, {0: 80})  # a bait: 200 : 286
    table.hand(0, {0: 150})  # 350 : 298, the game won here
    table.do("edit-hand", index=2)
    table.do("cards", side=0, value="150")  # 350 : 136 after hand 3
    assert (
        "This hand ends the game, won by Оля. The hand after it will not count."
        in preview_text(table)
    )
    table.do("cards", side=0, value="80")  # as it was: the game ends with hand 4 again
    assert "ends the game" not in preview_text(table)


def test_the_preview_says_what_hangs_after_eggs_the_first_time_too() -> None:
    table = Table("en")
    table.new_game(["Оля", "Петро"])
    table.do("new-hand")
    table.do("taker", seat=0)
    table.do("cards", side=0, value="81")  # eggs: the taker's 81 hang
    assert "Hanging: 81" in preview_text(table)
    table.do("save-hand")
    table.do("new-hand")
    table.do("taker", seat=1)
    table.do("cards", side=1, value="81")  # eggs again: 81 + 81
    assert "Hanging: 162" in preview_text(table)
    table.do("cards", side=1, value="100")  # made: the pot is won, nothing hangs
    assert "Hanging" not in preview_text(table)
