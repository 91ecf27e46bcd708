"""«Партія» in the UI (issue 9): the claim form, its live verdict, saving or refusing it, the
sheet and the winner's banner, edits, deletes, undo and redo that would leave a claim short,
the three claim options of a new game, and games and drafts kept from before the claim."""

from __future__ import annotations

import json
import re
from typing import Any
from unittest.mock import ANY

import pytest

from app import engine
from app.share.link import game_fragment, without_bookkeeping
from app.ui import i18n, scoring
from app.ui.markup import esc
from app.ui.reducer import reduce
from app.ui.state import LANGS, initial_state
from tests.ui.helpers import XSS, Table, preview_text
from tests.ui.test_sharing import audit

OLYA_PETRO = ["Оля", "Петро"]
TEAMS = ["Оля", "Петро", "Іван", "Марта"]
TO_430 = [  # Оля 430, Петро 56 after three made hands
    {"taker": 0, "cards": [130, 32]},
    {"taker": 0, "cards": [150, 12]},
    {"taker": 0, "cards": [150, 12]},
]


def game(names: list[str], hands: list[dict[str, Any]], **rules: Any) -> dict[str, Any]:
    """A stored game (as an earlier session left it), with empty undo and redo lists."""
    return {
        "format": "debertz/1",
        "id": "g0",
        "players": names,
        "rules": rules,
        "hands": hands,
        "undo": [],
        "redo": [],
        "rev": 0,
    }


def opened(stored: dict[str, Any], lang: str = "en") -> Table:
    table = Table(lang, games={stored["id"]: stored})
    table.do("route", hash=f"#/game/{stored['id']}")
    return table


def claim(table: Table, taker: int, side: int | None, cards: str, terz: int = 0,
          bella: bool = False) -> None:
    """Open the claim form and fill it by taps (and the points typed), without saving."""
    table.do("new-claim")
    table.do("taker", seat=taker)
    if side is not None and table.state.entry is not None and table.state.entry.claim_side != side:
        table.do("claim-side", side=side)
    table.do("claim-cards", value=cards)
    for _ in range(terz):
        table.do("claim-meld", kind="terz", step=1)
    if bella:
        table.do("claim-bella")


def preview_kind(table: Table) -> str:
    """How the bar shows its line: ``waiting`` (grey), ``problem`` (red), a claim's verdict."""
    found = re.search(r'<div class="preview ([^"]*)" id="preview"', table.html())
    assert found is not None
    return found.group(1)


def game_writes(table: Table) -> int:
    return sum(len(commit.games) for commit in table.commits())


def cli_equal(table: Table) -> dict[str, Any]:
    """The sheet the app shows is the engine's replay of what is stored."""
    stored = table.stored().games[table.game["id"]]
    expected = engine.sheet_to_json(engine.score(engine.game_from_json(stored)))
    shown = scoring.sheet(table.game)
    assert list(shown.score) == expected["score"]
    assert [list(line.score) for line in shown.hands] == [h["score"] for h in expected["hands"]]
    return expected


# --- the entry and the form -----------------------------------------------------------------


def test_the_claim_has_its_own_entry_next_to_all_passed_and_not_in_the_ordinary_hand() -> None:
    table = Table("en")
    table.new_game(OLYA_PETRO)
    html = table.html()
    assert html.index('id="new-hand"') < html.index('id="redeal"') < html.index('id="new-claim"')
    assert "Claim: close the game early" in html
    table.do("new-hand")
    html = table.html()
    assert 'id="claim-toggle"' not in html and 'id="claim-cards"' not in html


def test_the_claim_entry_opens_the_claim_form_with_the_taker_and_no_card_fields() -> None:
    table = Table("en")
    table.new_game(OLYA_PETRO)
    effects = table.do("new-claim")
    draft = table.state.entry
    assert draft is not None and draft.claim and draft.index is None
    assert [e.key for e in effects if e.kind == "focus"] == ["entry-title"]
    html = table.html()
    assert "Hand 1: a claim" in html
    for ident in ("taker-0", "claim-side-0", "claim-side-1", "claim-cards", "claim-terz-plus",
                  "claim-fifty-plus", "claim-bella", "claim-toggle"):
        assert f'id="{ident}"' in html, ident
    for ident in ("cards-0", "meld-none", "bella-0", "debertz-0"):
        assert f'id="{ident}"' not in html, ident
    assert "Choose who took trump and who claimed" in preview_text(table)


def test_the_taker_is_still_required_in_a_claim_hand() -> None:
    table = opened(game(OLYA_PETRO, TO_430))
    table.do("new-claim")
    table.do("claim-side", side=0)
    table.do("claim-cards", value="71")
    effects = table.do("save-hand")
    assert table.game["hands"] == TO_430
    assert [e.key for e in effects if e.kind == "focus"] == ["taker"]
    assert "Choose who took trump." in table.html()


def test_a_claim_that_holds_is_saved_ends_the_game_and_keeps_the_score() -> None:
    table = opened(game(OLYA_PETRO, TO_430))
    claim(table, taker=1, side=0, cards="51", terz=1)
    assert preview_text(table) == "Оля: 430 + 71 = 501 of 501: wins the game."
    table.do("save-hand")
    assert table.state.entry is None
    assert table.game["hands"][-1] == {
        "taker": 1, "claim": {"side": 0, "cards": 51}, "melds": {"side": 0, "terz": 1, "fifty": 0},
        "at": ANY,
    }
    expected = cli_equal(table)
    assert expected["winner"] == 0 and expected["decided_by"] == "claim"
    assert expected["score"] == [430, 56]
    html = table.html()
    assert "Winner: Оля" in html
    assert "Оля claimed the game: 430 + 71 = 501 of 501." in html
    row = re.search(r'<tbody class="hand claim"[^>]*data-hand="3".*?</tbody>', html)
    assert row is not None
    assert "Claim by Оля: 430 + 71 = 501 of 501, the game is won" in row.group(0)
    assert 'id="new-claim"' not in html and 'id="new-hand"' not in html


def test_a_short_claim_under_play_on_cannot_be_saved_and_nothing_typed_is_lost() -> None:
    table = opened(game(OLYA_PETRO, TO_430))
    claim(table, taker=1, side=0, cards="51", bella=False)
    assert preview_text(table) == (
        "Оля: 430 + 51 = 481 of 501: not enough. Play the hand out and record it as usual."
    )
    writes = game_writes(table)
    effects = table.do("save-hand")
    assert game_writes(table) == writes and table.game["hands"] == TO_430
    assert table.stored().games["g0"]["hands"] == TO_430
    draft = table.state.entry
    assert draft is not None and draft.tried
    assert (draft.taker, draft.claim_side, draft.claim_cards) == (1, 0, "51")
    assert [e.key for e in effects if e.kind == "focus"] == ["claim-cards"]
    html = table.html()
    assert 'id="claim-cards-err"' in html and "That is not enough for a claim" in html
    assert 'value="51"' in html


def test_a_short_claim_in_a_file_says_its_sum_and_not_what_the_form_would_do() -> None:
    """A file (or a backup) whose claim falls short is refused with the claim's figures, as
    RULES.md §5a names the shortfall; the form's advice («switch the claim off below») is the
    form's own (review of a play-through: the backup's plan showed it, without the sum)."""
    short = {"taker": 1, "claim": {"side": 0, "cards": 51}}
    text = json.dumps({"players": OLYA_PETRO, "hands": [*TO_430, short]})
    table = Table()
    table.do("open-file", name="game.json", text=text)
    html = table.html()
    assert "Роздача 4, «Партія»: Оля: 430 + 51 = 481 із 501 — на «Партію» не вистачає." in html
    assert "Цього не вистачає на «Партію»" not in html


def test_a_short_claim_becomes_the_played_hand_keeping_taker_melds_and_bella() -> None:
    table = opened(game(OLYA_PETRO, TO_430))
    claim(table, taker=1, side=0, cards="51", terz=1, bella=False)
    table.do("claim-meld", kind="terz", step=-1)
    table.do("claim-bella")
    table.do("claim-toggle")
    draft = table.state.entry
    assert draft is not None and not draft.claim
    assert (draft.taker, draft.bella, draft.meld_side) == (1, 0, None)
    html = table.html()
    assert 'id="cards-0"' in html and 'id="claim-cards"' not in html
    assert 'id="claim-toggle"' in html  # the way back: the claim typed is kept
    table.do("claim-toggle")
    assert table.state.entry is not None and table.state.entry.claim_cards == "51"
    table.do("claim-toggle")
    table.do("cards", side=0, value="70")
    table.do("save-hand")
    assert table.game["hands"][-1] == {"taker": 1, "cards": [70, 92], "bella": 0, "at": ANY}
    cli_equal(table)


def test_under_loses_a_short_claim_is_saved_and_the_other_side_wins() -> None:
    table = opened(game(OLYA_PETRO, TO_430, failed_claim="loses"))
    claim(table, taker=1, side=0, cards="51")
    assert preview_text(table) == "Оля: 430 + 51 = 481 of 501: falls short, so Петро wins the game."
    table.do("save-hand")
    expected = cli_equal(table)
    assert expected["winner"] == 1 and expected["decided_by"] == "failed_claim"
    html = table.html()
    assert "Winner: Петро" in html
    assert "A failed claim: Оля had 430 + 51 = 481 of 501, and under these rules" in html
    assert "Claim by Оля: 430 + 51 = 481 of 501, short; Петро wins" in html


def test_a_cards_only_claim_shows_no_sequences_or_bella() -> None:
    table = opened(game(OLYA_PETRO, TO_430, claim_counts="cards"))
    claim(table, taker=1, side=0, cards="71")
    html = table.html()
    assert 'id="claim-terz-plus"' not in html and 'id="claim-bella"' not in html
    assert "a claim counts card points only" in html
    assert preview_text(table) == "Оля: 430 + 71 = 501 of 501: wins the game."
    table.do("save-hand")
    assert table.game["hands"][-1] == {"taker": 1, "claim": {"side": 0, "cards": 71}, "at": ANY}


def test_under_defenders_only_the_other_side_is_offered_and_chosen_at_once() -> None:
    table = Table("en")
    table.new_game(TEAMS, preset="vinnytsia")
    html = table.html()
    assert 'id="redeal"' not in html and 'id="new-claim"' in html  # obligation: no redeal
    table.do("new-claim")
    html = table.html()
    assert 'id="claim-side-0"' in html and 'id="claim-side-1"' in html  # no taker yet
    assert "only a side that did not take trump may claim" in html
    table.do("taker", seat=2)  # Іван: side 0 took trump
    draft = table.state.entry
    assert draft is not None and draft.claim_side == 1
    html = table.html()
    assert 'id="claim-side-0"' not in html
    assert (  # nothing to choose: one line names the side, with no chip to tap
        'Who claimed: <strong id="claim-side-1">Петро and Марта</strong> '
        '<span class="hint">(only the side without trump may)</span>'
    ) in html
    assert 'data-action="claim-side"' not in html
    table.do("claim-side", side=0)  # a stale tap on the taker's side changes nothing
    assert table.state.entry is not None and table.state.entry.claim_side == 1
    table.do("taker", seat=1)  # now side 1 took trump: side 0 is the only one to claim
    assert table.state.entry is not None and table.state.entry.claim_side == 0


def test_three_players_under_defenders_drop_a_side_that_took_trump() -> None:
    table = opened(game(["A", "B", "C"], [], claim_by="defenders"))
    table.do("new-claim")
    table.do("claim-side", side=1)
    table.do("taker", seat=1)
    assert table.state.entry is not None and table.state.entry.claim_side is None
    html = table.html()
    assert 'id="claim-side-0"' in html and 'id="claim-side-1"' not in html


def test_the_claims_sequences_stop_where_the_sides_cards_end() -> None:
    table = opened(game(OLYA_PETRO, []))
    table.do("new-claim")
    table.do("claim-side", side=0)
    for _ in range(3):
        table.do("claim-meld", kind="fifty", step=1)
    draft = table.state.entry
    assert draft is not None and draft.claim_fifty == 2  # 9 cards: two fifties at most
    assert 'id="claim-fifty-plus" data-action="claim-meld" data-kind="fifty" data-step="1" ' \
        in table.html()
    assert re.search(r'id="claim-fifty-plus"[^>]*disabled', table.html())
    table.do("claim-meld", kind="fifty", step=-1)
    table.do("claim-meld", kind="fifty", step=-1)
    table.do("claim-meld", kind="fifty", step=-1)
    assert table.state.entry is not None and table.state.entry.claim_fifty == 0
    with pytest.raises(ValueError, match="no meld"):
        reduce(table.state, "claim-meld", {"kind": "quad", "step": "1"})


@pytest.mark.parametrize(("typed", "expected"), [
    ("", "Type the card points in its tricks."),
    ("5o", "“5o” is not a number: digits only, 0 to 162."),
    ("170", "170 is more than 162: a hand has 162 card points in all."),
    ("9" * 23, f"{'9' * 23} is more than 162: a hand has 162 card points in all."),
    ("161", "161 is impossible: no card is worth 1."),
])
def test_wrong_claim_points_are_explained_at_their_field_and_kept(typed: str, expected: str) -> None:
    table = opened(game(OLYA_PETRO, TO_430))
    claim(table, taker=1, side=0, cards=typed)
    effects = table.do("save-hand")
    assert [e.key for e in effects if e.kind == "focus"] == ["claim-cards"]
    html = table.html()
    err = re.search(r'<p class="err" id="claim-cards-err">(.*?)</p>', html)
    assert err is not None and re.sub(r"<[^>]+>", "", err.group(1)).strip() == expected
    assert table.state.entry is not None and table.state.entry.claim_cards == typed
    assert 'aria-describedby="claim-cards-hint claim-cards-err" aria-invalid="true"' in html


def test_a_claim_without_its_side_is_named_at_the_side() -> None:
    table = opened(game(OLYA_PETRO, TO_430))
    table.do("new-claim")
    table.do("taker", seat=1)
    table.do("claim-side", side=1)  # under "any" the taker's side may claim too
    table.do("claim-side", side=1)  # and a second tap clears it
    table.do("claim-cards", value="71")
    effects = table.do("save-hand")
    assert [e.key for e in effects if e.kind == "focus"] == ["claim-side"]
    assert "Choose who claimed." in table.html()


def test_a_half_typed_claim_survives_a_reload() -> None:
    table = opened(game(OLYA_PETRO, TO_430))
    claim(table, taker=1, side=0, cards="5", terz=1, bella=True)
    again = table.reloaded()
    again.do("route", hash="#/game/g0", start="yes")  # the app starts again on the sheet
    draft = again.state.entry
    assert draft is not None and draft.claim
    assert (draft.taker, draft.claim_side, draft.claim_cards) == (1, 0, "5")
    assert (draft.claim_terz, draft.claim_bella) == (1, True)


def test_a_draft_kept_before_the_claim_existed_still_opens() -> None:
    table = opened(game(OLYA_PETRO, []))
    old = {"sides": 2, "index": None, "taker": 1, "cards": ["", "97"], "typed": [1],
           "meld_side": None, "terz": 0, "fifty": 0, "bella": 1, "no_tricks": [],
           "last_trick": None, "debertz": None, "redeal": False, "tried": False, "extra": {},
           "origin": None}
    table.state.settings["entry"] = {"game": "g0", "draft": old}
    table.state.entry = None
    table.do("route", hash="#/")
    table.do("route", hash="#/game/g0")
    assert table.state.entry is None  # the sheet, with the kept form one tap away (app/ui/nav.py)
    table.do("new-hand")
    draft = table.state.entry
    assert draft is not None and not draft.claim and draft.cards == ["", "97"]


def test_names_with_markup_are_text_in_the_claim_form_and_its_row() -> None:
    table = opened(game([XSS, "Петро"], TO_430))
    claim(table, taker=1, side=0, cards="71")
    assert "<img" not in table.html() and "&lt;img" in table.html()
    table.do("save-hand")
    assert "<img" not in table.html()


@pytest.mark.parametrize("lang", LANGS)
def test_the_claim_screens_render_in_every_language_with_labels_and_unique_ids(lang: str) -> None:
    table = opened(game(TEAMS, TO_430, claim_by="defenders"), lang)
    pages = []
    table.do("new-claim")
    pages.append(table.html())
    table.do("taker", seat=1)
    table.do("claim-cards", value="40")
    table.do("save-hand")
    pages.append(table.html())
    table.do("claim-cards", value="71")
    table.do("save-hand")
    pages.append(table.html())
    table.do("edit-hand", index=3)
    pages.append(table.html())
    for html in pages:
        for attrs, text in audit(html).buttons:
            assert text or attrs.get("aria-label"), attrs


# --- the sheet, edits, deletes, undo and redo --------------------------------------------


def test_editing_a_claim_opens_the_claim_form_filled_in() -> None:
    table = opened(game(OLYA_PETRO, TO_430))
    claim(table, taker=1, side=0, cards="51", terz=1)
    table.do("save-hand")
    table.do("edit-hand", index=3)
    draft = table.state.entry
    assert draft is not None and draft.claim and draft.index == 3
    assert (draft.taker, draft.claim_side, draft.claim_cards, draft.claim_terz) == (1, 0, "51", 1)
    assert "Correcting hand 4: a claim" in table.html()
    table.do("claim-meld", kind="terz", step=-1)
    table.do("claim-bella")
    table.do("save-hand")
    assert table.game["hands"][3] == {"taker": 1, "claim": {"side": 0, "cards": 51}, "bella": 0, "at": ANY}
    assert table.game["undo"][-1]["op"] == "edit"
    cli_equal(table)


def test_an_edit_that_would_leave_a_later_claim_short_is_refused_at_the_form() -> None:
    table = opened(game(OLYA_PETRO, [*TO_430, {"taker": 1, "claim": {"side": 0, "cards": 71}}]))
    table.do("edit-hand", index=1)
    table.do("cards", side=0, value="100")  # Оля 380 before the claim: 451 of 501
    writes = game_writes(table)
    effects = table.do("save-hand")
    assert game_writes(table) == writes
    assert table.game["hands"][1] == {"taker": 0, "cards": [150, 12]}
    assert [e.key for e in effects if e.kind == "focus"] == ["entry-errors"]
    said = ("Hand 4 is a claim that would then fall short: Оля: 380 + 71 = 451 of 501. "
            "Correct or delete hand 4 first.")
    assert said in table.html()
    assert preview_text(table) == said
    assert table.state.entry is not None and table.state.entry.cards[0] == "100"


def test_deleting_a_hand_that_a_later_claim_needs_is_refused_and_nothing_is_lost() -> None:
    table = opened(game(OLYA_PETRO, [*TO_430, {"taker": 1, "claim": {"side": 0, "cards": 71}}]))
    table.do("edit-hand", index=0)
    table.do("ask-delete-hand")
    writes = game_writes(table)
    effects = table.do("confirm-yes")
    assert game_writes(table) == writes
    assert table.game["hands"][0] == TO_430[0] and len(table.game["hands"]) == 4
    assert table.stored().games["g0"]["hands"] == table.game["hands"]
    assert table.state.entry is not None and table.state.entry.index == 0  # the form stays
    assert table.state.confirm is None
    assert [e.key for e in effects if e.kind == "focus"] == ["ask-delete-hand"]
    assert table.state.notice == "blocked_delete"
    assert ("Hand 1 was not deleted: without it the claim in hand 4 falls short "
            "(Оля: 300 + 71 = 371 of 501). Correct or delete hand 4 first.") in table.html()


def test_deleting_the_claim_itself_reopens_the_game_and_undo_brings_it_back() -> None:
    table = opened(game(OLYA_PETRO, [*TO_430, {"taker": 1, "claim": {"side": 0, "cards": 71}}]))
    assert scoring.sheet(table.game).finished
    table.do("edit-hand", index=3)
    table.do("ask-delete-hand")
    table.do("confirm-yes")
    assert len(table.game["hands"]) == 3 and not scoring.sheet(table.game).finished
    assert 'id="new-claim"' in table.html()
    table.do("undo")
    assert scoring.sheet(table.game).decided_by == "claim"
    table.do("redo")
    assert len(table.game["hands"]) == 3
    cli_equal(table)


def test_undo_and_redo_of_a_claim_walk_back_and_forth() -> None:
    table = opened(game(OLYA_PETRO, TO_430))
    claim(table, taker=1, side=0, cards="71")
    table.do("save-hand")
    table.do("undo")
    # the claim had won the game: ↶ says it goes on again, ↷ who has won it
    assert table.game["hands"] == TO_430 and table.state.notice == "undone_open"
    table.do("redo")
    assert table.game["hands"][-1]["claim"] == {"side": 0, "cards": 71}
    assert scoring.sheet(table.game).winner == 0
    assert (table.state.notice, table.state.notice_params) == ("redone_won", {"side": "Оля"})
    cli_equal(table)


def test_an_undo_that_would_leave_a_claim_short_is_refused() -> None:
    hands = [*TO_430, {"taker": 1, "claim": {"side": 0, "cards": 71}}]
    stored = game(OLYA_PETRO, hands)
    # A history that no longer fits the hands (written by another program, or an older app):
    # undoing "hand 1 added" would take away points the claim in hand 4 needs.
    stored["undo"] = [{"op": "add", "index": 0, "hand": TO_430[0]}]
    table = opened(stored)
    writes = game_writes(table)
    effects = table.do("undo")
    assert game_writes(table) == writes
    assert table.game["hands"] == hands and table.game["undo"] == stored["undo"]
    assert [e.key for e in effects if e.kind == "focus"] == ["undo"]
    assert table.state.notice == "blocked_undo"
    assert ("↶ was not done: it would leave the claim in hand 4 short "
            "(Оля: 300 + 71 = 371 of 501). Nothing was changed.") in table.html()
    assert table.reloaded().stored().games["g0"]["hands"] == hands


def test_a_redo_that_would_leave_a_claim_short_is_refused() -> None:
    hands = [*TO_430, {"taker": 1, "claim": {"side": 0, "cards": 71}}]
    stored = game(OLYA_PETRO, hands)
    stored["redo"] = [{"op": "delete", "index": 1, "hand": TO_430[1]}]
    table = opened(stored, "uk")
    writes = game_writes(table)
    table.do("redo")
    assert game_writes(table) == writes and table.game["hands"] == hands
    assert table.state.notice == "blocked_redo"
    assert ("↷ не виконано: «Партії» в роздачі 4 тоді не вистачило б "
            "(Оля: 280 + 71 = 351 із 501). Нічого не змінено.") in table.html()


def test_a_redo_that_brings_back_a_short_claim_names_it_where_it_would_stand() -> None:
    stored = game(OLYA_PETRO, TO_430)
    stored["redo"] = [{"op": "add", "index": 1, "hand": {"taker": 1, "claim": {"side": 0, "cards": 71}}}]
    table = opened(stored)
    table.do("redo")
    assert table.game["hands"] == TO_430
    assert table.state.notice_params["hand"] == 2
    assert "the claim in hand 2 short (Оля: 130 + 71 = 201 of 501)" in table.html()


def test_a_claim_after_the_end_of_the_game_is_shown_void() -> None:
    hands = [*TO_430, {"taker": 0, "cards": [100, 62]},
             {"taker": 1, "claim": {"side": 1, "cards": 20}}]
    table = opened(game(OLYA_PETRO, hands))
    html = table.html()
    row = re.search(r'<tbody class="hand void claim".*?</tbody>', html)
    assert row is not None
    assert "Claim by Петро" in row.group(0) and "not counted" in row.group(0)
    table.do("edit-hand", index=4)
    assert preview_text(table) == "This hand comes after the end of the game: the claim is not counted."
    expected = cli_equal(table)
    assert expected["decided_by"] == "target"


# --- the new-game options ---------------------------------------------------------------


def start_with(table: Table, names: list[str], **options: str) -> None:
    table.do("route", hash="#/new")
    table.do("setup-reset")
    table.do("setup-count", value=len(names))
    for seat, name in enumerate(names):
        table.do("setup-name", seat=seat, value=name)
    for name, value in options.items():
        table.do("setup-option", name=name, value=value)


@pytest.mark.parametrize("lang", LANGS)
def test_the_new_game_form_explains_the_three_claim_options(lang: str) -> None:
    table = Table(lang)
    start_with(table, OLYA_PETRO)
    html = table.html()
    t = i18n.translator(lang)
    for name, values in (("claim_counts", ("all", "cards")), ("claim_by", ("any", "defenders")),
                         ("failed_claim", ("play_on", "loses"))):
        assert f'id="opt-{name}"' in html
        for value in values:
            assert f'<option value="{value}"' in html
            table.do("setup-option", name=name, value=value)
            assert esc(t(f"opt.{name}.{value}.about")) in table.html()


def test_losing_on_a_failed_claim_is_offered_only_with_two_sides() -> None:
    table = Table("en")
    start_with(table, OLYA_PETRO, failed_claim="loses")
    table.do("setup-count", value=3)
    table.do("setup-name", seat=2, value="Іван")
    html = table.html()
    assert "Losing on a failed claim needs exactly two sides" in html
    assert '<option value="loses" selected>' in html  # kept as chosen, and explained
    effects = table.do("start-game")
    assert table.state.screen == "new" and not table.state.games
    assert [e.key for e in effects if e.kind == "focus"] == ["opt-failed_claim"]
    html = table.html()
    assert 'id="opt-failed_claim-err"' in html and "<details class=\"options\" open>" in html
    table.do("setup-option", name="failed_claim", value="play_on")
    assert '<option value="loses" disabled>' in table.html()
    table.do("setup-count", value=4)
    table.do("setup-name", seat=3, value="Марта")
    assert '<option value="loses">' in table.html()  # four in two teams: two sides
    table.do("setup-option", name="failed_claim", value="loses")
    table.do("start-game")
    assert table.game["rules"]["failed_claim"] == "loses"


def test_the_vinnytsia_preset_claims_by_the_defenders_with_card_points_only() -> None:
    table = Table("en")
    table.new_game(TEAMS, preset="vinnytsia")
    rules = table.game["rules"]
    assert (rules["claim_counts"], rules["claim_by"], rules["failed_claim"]) == (
        "cards", "defenders", "play_on")


def old_vinnytsia() -> dict[str, Any]:
    """A Vinnytsia game saved before the claim existed: its rules name no claim option."""
    rules = {key: value for key, value in scoring.preset_options("vinnytsia").items()
             if key not in scoring.CLAIM_OPTIONS}
    return game(TEAMS, [{"taker": 0, "cards": [100, 62]}], **rules)


def test_an_old_vinnytsia_game_is_scored_with_the_claim_defaults_it_was_saved_with() -> None:
    table = opened(old_vinnytsia())
    assert scoring.rules_of(table.game)["claim_by"] == "any"
    table.do("new-claim")
    table.do("taker", seat=0)
    assert 'id="claim-side-0"' in table.html()  # any side may claim in this game


def test_an_old_vinnytsia_game_starts_vinnytsia_games_as_the_app_knows_them_now() -> None:
    table = opened(old_vinnytsia())
    table.do("setup-like", id="g0")
    assert table.state.setup is not None and table.state.setup.preset == "vinnytsia"
    assert table.state.setup.options["claim_by"] == "defenders"
    table.do("route", hash="#/game/g0")
    finished = old_vinnytsia()
    finished["hands"] = [{"taker": 0, "debertz": 0}]
    again = opened(finished)
    again.do("rematch", id="g0")
    assert again.game["rules"]["claim_counts"] == "cards"
    assert again.game["rules"]["claim_by"] == "defenders"


def test_an_old_custom_game_keeps_the_claim_defaults_it_is_scored_with() -> None:
    stored = game(OLYA_PETRO, [], target=301, eggs="each")
    table = opened(stored)
    table.do("setup-like", id="g0")
    assert table.state.setup is not None and table.state.setup.preset == "custom"
    assert table.state.setup.options["claim_counts"] == "all"


def test_a_new_game_form_kept_before_the_claim_existed_gets_the_claim_options() -> None:
    table = Table("en")
    table.do("route", hash="#/new")
    table.do("setup-preset", value="vinnytsia")
    kept = dict(table.state.settings["setup"])
    kept["options"] = {k: v for k, v in kept["options"].items() if k not in scoring.CLAIM_OPTIONS}
    again = Table("en")
    again.state = initial_state({}, {"setup": kept}, [], ["en"])
    again.do("route", hash="#/new")
    assert 'id="opt-claim_by"' in again.html()
    assert again.state.setup is not None
    assert again.state.setup.options["claim_by"] == "defenders"
    assert again.state.setup.preset == "vinnytsia"
    again.do("setup-option", name="claim_by", value="any")
    assert again.state.setup.preset == "custom"


# --- the help page ------------------------------------------------------------------------


def test_the_help_pages_claim_example_is_scored_as_it_says() -> None:
    reference = pytest.importorskip("tests.reference.reference_scorer")
    from tests.ui.test_help_pages import figures_of, section

    hands: list[dict[str, Any]] = [*TO_430]
    holds = {"taker": 1, "claim": {"side": 0, "cards": 51}, "melds": {"side": 0, "terz": 1}}
    short = {"taker": 1, "claim": {"side": 0, "cards": 51}}
    doc = {"players": OLYA_PETRO, "hands": [*hands, holds]}
    result = reference.score(doc)
    assert result["winner"] == 0 and result["decided_by"] == "claim"
    assert result["hands"][-1]["score"] == [430, 56]
    lost = reference.score({**doc, "rules": {"failed_claim": "loses"}, "hands": [*hands, short]})
    assert lost["winner"] == 1
    assert {430, 501, 51, 20, 481} <= figures_of("claim")
    for lang in LANGS:
        text = " ".join(b for b in section(lang, "claim").blocks if isinstance(b, str))
        assert "430 + 51 + 20 = 501" in text and "430 + 51 = 481" in text


# --- a game closed by a claim, sent by link ----------------------------------------------------


@pytest.mark.parametrize(
    ("failed_claim", "cards", "row", "banner"),
    [
        ("play_on", "71", "Claim by Оля: 430 + 71 = 501 of 501, the game is won",
         "Оля claimed the game: 430 + 71 = 501 of 501."),
        ("loses", "51", "Claim by Оля: 430 + 51 = 481 of 501, short; Петро wins",
         "A failed claim: Оля had 430 + 51 = 481 of 501"),
    ],
)
def test_a_game_closed_by_a_claim_is_shown_by_its_link_with_the_claim_row_and_banner(
    failed_claim: str, cards: str, row: str, banner: str
) -> None:
    sender = opened(game(OLYA_PETRO, TO_430, failed_claim=failed_claim))
    claim(sender, taker=1, side=0, cards=cards)
    sender.do("save-hand")
    receiver = Table("en")
    receiver.do("share-env", base="https://example.org/debertz/", share="false")
    receiver.do("route", hash=game_fragment(sender.game))
    assert receiver.state.screen == "shared"
    html = receiver.html()
    found = re.search(r'<tbody class="hand claim"[^>]*data-hand="3".*?</tbody>', html)
    assert found is not None and row in found.group(0)
    assert banner in html
    assert 'id="new-claim"' not in html and 'data-action="edit-hand"' not in html
    receiver.do("save-shared", new_id="gcopy", now="2026-12-01T10:00:00")
    copy = receiver.stored().games["gcopy"]
    assert copy["hands"] == without_bookkeeping(sender.game)["hands"]  # the times stay home
    assert copy["rules"]["failed_claim"] == failed_claim
    assert engine.sheet_to_json(engine.score(engine.game_from_json(copy)))["decided_by"] == (
        "claim" if failed_claim == "play_on" else "failed_claim"
    )


def test_the_named_claimant_is_said_in_words_not_with_an_ampersand() -> None:
    # seen at the table (uk, 360 px): «Хто сказав «Партія»: Оля & Іван», a sentence with "&",
    # above «Очки у взятках: Оля та Іван»
    from app.ui.claim.views import _side
    from app.ui.drafts import HandDraft

    game = {"players": ["Оля", "Петро", "Іван", "Марта"], "teams": True, "hands": [],
            "rules": {"claim_by": "defenders"}}
    draft = HandDraft(sides=2, claim=True, taker=1, claim_side=0)
    html = _side(game, draft, {}, i18n.translator("uk"), "defenders")
    assert '<strong id="claim-side-0">Оля та Іван</strong>' in html and "&amp;" not in html


def test_what_is_still_to_enter_is_asked_for_in_grey_and_a_wrong_entry_is_red() -> None:
    """The claim's bar turned red «Введи очки в її взятках.» before anything was typed (a
    play-through): a step not taken yet is asked for as the first prompt is."""
    table = Table("uk")
    table.new_game(["Оля", "Петро", "Іван"])
    table.do("new-claim")
    table.do("taker", seat=0)
    table.do("claim-side", side=1)
    assert (preview_kind(table), preview_text(table)) == ("waiting", "Введи очки в її взятках.")
    table.do("claim-cards", value="163")
    assert preview_kind(table) == "problem"
    table.do("cancel-hand")
    table.do("new-hand")
    table.do("taker", seat=0)
    assert (preview_kind(table), preview_text(table)) == ("waiting", "Оля: впиши очки.")
    table.do("cards", side=0, value="163")
    assert preview_kind(table) == "problem"


def test_a_wrong_entry_is_red_even_while_an_earlier_field_is_still_empty() -> None:
    """A review: 200 typed in the second field while the first was empty showed the grey «Оля:
    Впиши очки.»; a last trick not chosen yet under Moscow rules was red."""
    table = Table("uk")
    table.new_game(["Оля", "Петро", "Іван"])
    table.do("new-hand")
    table.do("taker", seat=0)
    table.do("cards", side=1, value="200")
    assert preview_kind(table) == "problem" and preview_text(table).startswith("Петро:")
    table.do("cancel-hand")
    table.do("new-claim")
    table.do("taker", seat=0)
    table.do("claim-cards", value="163")
    assert preview_kind(table) == "problem"
    moscow = Table("uk")
    moscow.new_game(["Оля", "Петро"], preset="moscow")
    moscow.do("new-hand")
    moscow.do("taker", seat=0)
    moscow.do("cards", side=0, value="100")
    assert preview_kind(moscow) == "waiting", preview_text(moscow)
