"""Addresses and Back (app/ui/nav.py): what each address shows, and how the history moves."""

from __future__ import annotations

import pytest

from app.share.link import game_fragment, rules_fragment
from app.ui import nav, scoring
from tests.ui.helpers import Table


def test_every_layer_has_its_own_address() -> None:
    table = Table()
    gid = table.new_game(["Оля", "Петро"])
    table.hand(0, {0: 100})
    assert nav.address(table.state) == f"#/game/{gid}"
    table.do("new-hand")
    assert nav.address(table.state) == f"#/game/{gid}/hand"
    table.do("cancel-hand")
    table.do("edit-hand", index=0)
    assert nav.address(table.state) == f"#/game/{gid}/hand/1"
    table.do("ask-delete-hand")
    assert nav.address(table.state) == f"#/game/{gid}/hand/1/delete"
    table.do("confirm-no")
    table.do("cancel-hand")
    table.do("ask-delete-game")
    assert nav.address(table.state) == f"#/game/{gid}/delete"
    table.do("route", hash="#/new")
    assert nav.address(table.state) == "#/new"


def test_back_from_the_hand_form_closes_it_and_keeps_what_was_typed() -> None:
    table = Table()
    gid = table.new_game(["Оля", "Петро"])
    table.do("new-hand")
    table.do("taker", seat=1)
    table.do("cards", side=1, value="90")
    effects = table.do("route", hash=f"#/game/{gid}")  # Back
    assert table.state.entry is None and table.state.screen == "game"
    assert [(e.kind, e.key) for e in effects] == [("focus", "new-hand"), ("scroll", "top")]
    assert ">Продовжити роздачу 1</button>" in table.html()
    table.do("route", hash=f"#/game/{gid}/hand")  # Forward
    assert table.state.entry is not None and table.state.entry.cards == ["72", "90"]
    table.do("route", hash=f"#/game/{gid}")
    table.do("new-hand")  # the same draft again
    assert table.state.entry is not None and table.state.entry.taker == 1
    table.do("cancel-hand")  # Cancel drops it
    table.do("new-hand")
    assert table.state.entry is not None and table.state.entry.taker is None


def test_a_claim_begun_over_a_hand_kept_by_back_keeps_the_hand() -> None:
    """«Партія» tapped after Back had kept a typed hand opened an empty claim, and the hand was
    gone, switching back too (a play-through)."""
    table = Table()
    gid = table.new_game(["Оля", "Петро"])
    table.do("new-hand")
    table.do("taker", seat=0)
    table.do("cards", side=0, value="90")
    table.do("bella", side=0)
    table.do("route", hash=f"#/game/{gid}")  # Back
    table.do("new-claim")
    draft = table.state.entry
    assert draft is not None and draft.claim and draft.taker == 0
    table.do("claim-toggle")  # «the hand goes on»: the hand as typed
    draft = table.state.entry
    assert draft is not None and not draft.claim
    assert (draft.taker, draft.cards, draft.bella) == (0, ["90", "72"], 0)
    table.do("claim-toggle")  # a claim again, kept by Back, then «Партія» once more
    table.do("route", hash=f"#/game/{gid}")
    table.do("new-claim")
    assert table.state.entry is not None and table.state.entry.claim
    table.do("claim-toggle")
    assert table.state.entry is not None and table.state.entry.cards == ["90", "72"]


def test_back_from_a_confirmation_closes_only_the_confirmation() -> None:
    table = Table()
    gid = table.new_game(["Оля", "Петро"])
    table.hand(0, {0: 100})
    table.hand(1, {0: 100})
    table.do("edit-hand", index=0)
    table.do("ask-delete-hand")
    effects = table.do("route", hash=f"#/game/{gid}/hand/1")
    assert table.state.confirm is None and table.state.entry is not None
    assert [(e.kind, e.key) for e in effects] == [("focus", "ask-delete-hand")]
    table.do("cancel-hand")
    table.do("ask-delete-game")
    effects = table.do("route", hash=f"#/game/{gid}")
    assert table.state.confirm is None
    assert [(e.kind, e.key) for e in effects] == [("focus", "ask-delete-game")]
    assert len(table.game["hands"]) == 2


def test_the_form_of_a_corrected_hand_opens_from_its_address() -> None:
    table = Table()
    gid = table.new_game(["Оля", "Петро"])
    table.hand(0, {0: 100})
    table.do("route", hash="#/")
    table.do("route", hash=f"#/game/{gid}/hand/1/delete")  # a reload of a confirmation
    assert table.state.entry is not None and table.state.entry.index == 0
    assert table.state.confirm is not None and table.state.confirm.index == 0
    for gone in ("hand/2", "hand/0", "hand/x", "hand/2/delete", "nonsense", "hand/" + "9" * 5000):
        table.do("route", hash=f"#/game/{gid}/{gone}")
        assert nav.address(table.state) == f"#/game/{gid}", gone
    table.do("route", hash=f"#/game/{gid}/hand/0001")  # zeros in front: still hand 1
    assert table.state.entry is not None and table.state.entry.index == 0
    table.do("route", hash=f"#/game/{gid}/hand/delete")  # a new hand has nothing to delete
    assert nav.address(table.state) == f"#/game/{gid}/hand"


def test_a_finished_game_opens_no_new_hand_form() -> None:
    table = Table()
    gid = table.new_game(["Оля", "Петро"])
    for _ in range(4):
        table.hand(0, {0: 162})
    table.do("route", hash=f"#/game/{gid}/hand")
    assert table.state.entry is None


def test_a_saved_toast_stays_when_the_history_catches_up() -> None:
    table = Table("en")
    gid = table.new_game(["Оля", "Петро"])
    table.do("new-hand")
    table.do("taker", seat=0)
    table.do("cards", side=0, value="100")
    table.do("save-hand")
    assert table.state.notice == "saved"
    table.do("route", hash=f"#/game/{gid}")  # the page went back over the form's entry
    assert table.state.notice == "saved"
    table.do("route", hash="#/")
    assert table.state.notice is None


def test_last_leads_to_the_game_played_last_that_goes_on() -> None:
    table = Table()
    table.do("route", hash="#/last")  # no game yet: the games list
    assert table.state.screen == "home" and table.state.notice is None
    first = table.new_game(["Оля", "Петро"])
    for _ in range(4):
        table.hand(0, {0: 162})  # finished, and changed last
    second = table.new_game(["Іван", "Марта"])
    table.hand(0, {0: 100})
    table.do("route", hash=f"#/game/{first}")
    table.do("undo")
    table.do("redo")
    table.do("route", hash="#/last")
    assert (table.state.screen, table.state.game_id) == ("game", second)
    assert nav.address(table.state) == f"#/game/{second}"


@pytest.mark.parametrize(
    ("trail", "wanted", "follow", "kind", "steps", "after"),
    [
        (["#/", "#/game/g"], "#/game/g/hand", False, "push", 0, ["#/", "#/game/g", "#/game/g/hand"]),
        (["#/", "#/game/g", "#/game/g/hand"], "#/game/g", False, "back", 1, ["#/", "#/game/g"]),
        (["#/", "#/game/g", "#/game/g/delete"], "#/", False, "back", 2, ["#/"]),
        (["#/", "#/new"], "#/game/g", False, "replace", 0, ["#/", "#/game/g"]),
        (["#/", "#/game/g"], "#/game/h", False, "push", 0, ["#/", "#/game/g", "#/game/h"]),
        (["#/", "#/game/gone"], "#/", True, "back", 1, ["#/"]),
        (["#/", "#/game/g", "#/game/gone"], "#/", True, "back", 2, ["#/"]),
        (["#/", "#/last"], "#/game/g", True, "replace", 0, ["#/", "#/game/g"]),
        (["#/"], "#/", False, "none", 0, ["#/"]),
        (["#/", "#/game/g", "#/help"], "#/help/presets", False, "replace", 0,
         ["#/", "#/game/g", "#/help/presets"]),
    ],
)
def test_the_history_goes_back_to_what_is_below_and_never_piles_up(
    trail: list[str], wanted: str, follow: bool, kind: str, steps: int, after: list[str]
) -> None:
    assert nav.plan(trail, wanted, follow) == nav.Step(kind, steps, after)


def test_a_first_visit_to_a_deep_address_gets_the_games_list_below_it() -> None:
    assert nav.chain("#/game/g/hand/3/delete") == [
        "#/", "#/game/g", "#/game/g/hand/3", "#/game/g/hand/3/delete"]
    assert nav.chain("#/new") == ["#/", "#/new"]
    assert nav.chain("#/help/presets") == ["#/", "#/help/presets"]


def test_a_start_at_the_sheet_reopens_the_form_kept_for_it_but_back_does_not() -> None:
    table = Table()
    gid = table.new_game(["Оля", "Петро"])
    table.hand(0, {0: 100})
    table.do("edit-hand", index=0)
    table.do("cards", side=0, value="90")
    started = table.reloaded()
    started.do("route", hash=f"#/game/{gid}")  # a link or Back to the sheet: no form
    assert started.state.entry is None
    started = table.reloaded()
    effects = started.do("route", hash=f"#/game/{gid}", start="yes")
    assert started.state.entry is not None and started.state.entry.cards[0] == "90"
    assert nav.address(started.state) == f"#/game/{gid}/hand/1"
    assert [(e.kind, e.key) for e in effects] == [("focus", "entry-title")]
    started.do("route", hash=f"#/game/{gid}")  # Back
    assert started.state.entry is None


# --- the sharing screens (app/ui/sharing) ---------------------------------------------------


def test_every_sharing_screen_has_the_address_it_was_opened_with() -> None:
    table = Table("en")
    table.do("share-env", base="https://example.org/", share="false")
    gid = table.new_game(["Оля", "Петро"])
    table.hand(0, {0: 100})
    places = [f"#/share/{gid}", "#/share/rules", game_fragment(table.game),
              rules_fragment(scoring.preset_options("vinnytsia")), "#/import"]
    for place in places:
        table.do("route", hash=place)
        assert nav.address(table.state) == place
        assert nav.chain(place)[0] == nav.HOME
    assert nav.chain(f"#/share/{gid}") == ["#/", f"#/game/{gid}", f"#/share/{gid}"]
    assert nav.chain("#/share/rules") == ["#/", "#/new", "#/share/rules"]


def test_a_game_saved_from_a_link_takes_the_link_s_place_in_the_history() -> None:
    sender = Table("en")
    sender.new_game(["Оля", "Петро"])
    sender.hand(0, {0: 100})
    table = Table("en")
    fragment = game_fragment(sender.game)
    table.do("route", hash=fragment)
    trail = ["#/", fragment]
    table.do("save-shared", new_id="gcopy", now="2026-12-01T10:00:00")
    step = nav.plan(trail, nav.address(table.state), follow=False)
    assert step == nav.Step("replace", 0, ["#/", "#/game/gcopy"])
    table.do("route", hash=rules_fragment(scoring.preset_options("vinnytsia")))
    trail = ["#/", "#/game/gcopy", nav.address(table.state)]
    table.do("use-rules")
    assert nav.plan(trail, nav.address(table.state), follow=False).trail == [
        "#/", "#/game/gcopy", "#/new"]
    table.do("route", hash="#/import")
    table.do("close-import")
    assert nav.address(table.state) == "#/"


def test_the_statistics_and_a_game_s_report_have_addresses() -> None:
    table = Table("en")
    gid = table.new_game(["Оля", "Петро"])
    table.hand(0, {0: 100})
    table.do("route", hash="#/stats")
    assert table.state.screen == "stats" and nav.address(table.state) == "#/stats"
    assert nav.chain("#/stats") == ["#/", "#/stats"]
    effects = table.do("route", hash=f"#/game/{gid}/report")
    assert table.state.screen == "game" and table.state.entry is None
    assert nav.address(table.state) == f"#/game/{gid}"
    assert [(e.kind, e.key) for e in effects] == [("focus", "report-title")]


def test_an_address_typed_over_a_game_goes_back_to_the_list_and_builds_the_rest() -> None:
    """Issue 18 item 1: Back from a typed address never leads into the game left before."""
    assert nav.arrival(["#/", "#/game/old", "#/game/old/hand"], "#/game/new/hand") == nav.Arrival(
        back=3, kept=1, trail=["#/", "#/game/new", "#/game/new/hand"]
    )
    assert nav.arrival(["#/", "#/game/g1"], "#/game/g1/hand").back == 0
    assert nav.arrival(["#/", "#/game/g1"], "#/game/g1") == nav.Arrival(1, 2, ["#/", "#/game/g1"])


@pytest.mark.parametrize("then", ["back", "cancel", "save", "reload"])
def test_a_hand_kept_by_back_waits_while_a_saved_hand_is_looked_at_or_corrected(then: str) -> None:
    """Opening a saved hand (to look at it, or to correct it) while a new one was kept by Back
    replaced the kept form: the new hand was lost (a play-through)."""
    table = Table("en")
    gid = table.new_game(["Оля", "Петро"])
    table.hand(0, {0: 100})
    table.do("new-hand")
    table.do("taker", seat=1)
    table.do("cards", side=1, value="90")
    table.do("route", hash=f"#/game/{gid}")  # Back
    table.do("edit-hand", index=0)
    table.do("cards", side=0, value="110")
    if then == "back":
        table.do("route", hash=f"#/game/{gid}")
    elif then == "cancel":
        table.do("cancel-hand")
    elif then == "save":
        table.do("save-hand")
        assert table.game["hands"][0]["cards"] == [110, 52]
    else:
        table = table.reloaded()
        table.do("route", hash=f"#/game/{gid}", start="yes")  # the correction, open again
        assert table.state.entry is not None and table.state.entry.index == 0
        table.do("route", hash=f"#/game/{gid}")
    assert ">Resume hand 2</button>" in table.html()
    table.do("new-hand")
    draft = table.state.entry
    assert draft is not None and (draft.index, draft.taker, draft.cards) == (None, 1, ["72", "90"])
    table.do("save-hand")  # and once saved, it never comes back as a form
    assert len(table.game["hands"]) == 2 and "entry" not in table.stored().settings
    table.do("new-hand")
    assert table.state.entry is not None and table.state.entry.taker is None


def test_a_form_dropped_by_cancel_is_offered_back_until_the_next_tap() -> None:
    """Cancel sits next to Save and drops what was typed in one tap (Escape too); the notice
    that says so brings it back (a play-through)."""
    table = Table("en")
    gid = table.new_game(["Оля", "Петро"])
    table.do("new-hand")
    table.do("cancel-hand")  # nothing typed: nothing to offer
    assert table.state.notice is None and 'id="restore-entry"' not in table.html()
    table.do("new-hand")
    table.do("taker", seat=1)
    table.do("cards", side=1, value="90")
    table.do("bella", side=0)
    table.do("cancel-hand")
    html = table.html()
    assert "Hand 1 was not saved: what you typed was dropped." in html
    assert '<button type="button" class="btn small" id="restore-entry"' in html
    assert "entry" not in table.stored().settings
    effects = table.do("restore-entry")
    draft = table.state.entry
    assert draft is not None and (draft.taker, draft.cards, draft.bella) == (1, ["72", "90"], 0)
    assert [(e.kind, e.key) for e in effects if e.kind == "focus"] == [("focus", "entry-title")]
    assert table.stored().settings["entry"]["draft"]["cards"] == ["72", "90"]  # kept again
    table.do("save-hand")
    assert table.game["hands"] == [{"taker": 1, "cards": [72, 90], "bella": 0,
                                    "at": table.game["hands"][0]["at"]}]
    # offered only by its notice: gone with the next tap
    table.do("new-hand")
    table.do("taker", seat=0)
    table.do("cancel-hand")
    table.do("route", hash=f"#/game/{gid}/hand")  # the form again, empty (Back and Forward)
    table.do("cancel-hand")
    assert table.state.cancelled is None
    assert table.do("restore-entry") == [] and table.state.entry is None
    table.do("new-hand")
    table.do("taker", seat=0)
    table.do("cancel-hand")
    table.do("route", hash="#/")  # the games list: neither the notice nor its button
    assert 'id="restore-entry"' not in table.html() and table.state.cancelled is None


def test_a_correction_dropped_by_cancel_is_offered_back_and_an_unchanged_one_is_not() -> None:
    table = Table("en")
    table.new_game(["Оля", "Петро"])
    table.hand(0, {0: 100})
    table.do("edit-hand", index=0)
    table.do("cancel-hand")
    assert table.state.notice is None
    table.do("edit-hand", index=0)
    table.do("cards", side=0, value="120")
    table.do("cancel-hand")
    assert "The correction of hand 1 was not saved." in table.html()
    assert table.game["hands"][0]["cards"] == [100, 62]
    table.do("restore-entry")
    assert table.state.entry is not None and table.state.entry.cards == ["120", "42"]
    table.do("save-hand")
    assert table.game["hands"][0]["cards"] == [120, 42]
