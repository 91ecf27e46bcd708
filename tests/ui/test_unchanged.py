"""The stand-ins sent for unchanged parts (app/ui/unchanged.py) stand for exactly what is shown."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from app.ui.unchanged import GAME_MAIN, KEPT_MAIN, parts_of, rows_of, unchanged_parts
from tests.ui.helpers import Table

STAND_IN = re.compile(r'<tbody id="(row-\d+)" data-keep=""></tbody>')
PART_STAND_IN = re.compile(r'<div id="(part-\d+)" data-keep=""></div>')


def expanded(sent: str, shown: str) -> str:
    """What the page holds after the morph: each stand-in is the shown element of its id."""
    rows = {key: shown[start:end] for key, (start, end) in rows_of(shown).items()}
    parts = {key: shown[start:end] for key, (start, end) in parts_of(shown).items()}
    whole = STAND_IN.sub(lambda found: rows[found.group(1)], sent)
    whole = PART_STAND_IN.sub(lambda found: parts[found.group(1)], whole)
    if whole.endswith(KEPT_MAIN):
        whole = whole[: -len(KEPT_MAIN)] + shown[shown.rfind(GAME_MAIN):]
    return whole


STEPS = st.lists(st.sampled_from(["hand", "edit", "undo", "redo", "delete", "open", "home"]),
                 min_size=1, max_size=12)


@settings(max_examples=40, deadline=None)
@given(STEPS, st.sampled_from([100, 62, 70, 92, 120, 42, 0, 162]))
def test_every_screen_sent_with_stand_ins_is_the_screen(steps: list[str], points: int) -> None:
    table = Table("en")
    table.new_game(["Оля", "Петро"], target=5001)
    table.hand(taker=0, cards={0: 100})
    shown = table.html()
    for step in steps:
        hands = len(table.game["hands"])
        if step == "hand":
            table.hand(taker=hands % 2, cards={0: points})
        elif step == "edit" and hands:
            table.do("edit-hand", index=hands - 1)
            table.do("cards", side=1, value=162 - points)
            table.do("save-hand")
        elif step == "delete" and hands:
            table.do("edit-hand", index=0)
            table.do("ask-delete-hand")
            table.do("confirm-yes")
        elif step in ("undo", "redo"):
            table.do(step)
        elif step == "open":
            table.do("new-hand")
        elif step == "home":
            table.do("route", hash="#/")
            table.do("route", hash=f"#/game/{table.game['id']}")
        html = table.html()
        assert expanded(unchanged_parts(shown, html), shown) == html
        shown = html


def test_a_saved_hand_sends_its_own_row_and_stand_ins_for_the_others() -> None:
    table = Table("en")
    table.new_game(["Оля", "Петро"], target=5001)
    for number in range(30):
        table.hand(taker=number % 2, cards={0: 100})
    table.do("new-hand")
    table.do("taker", seat=0)
    table.do("cards", side=0, value=90)
    shown = table.html()
    table.do("save-hand")
    sent = unchanged_parts(shown, table.html())
    # hands 21-30's part lost the caption to the new part: its rows stand in; the others whole
    assert STAND_IN.findall(sent) == [f"row-{n}" for n in range(29, 19, -1)]
    assert PART_STAND_IN.findall(sent) == ["part-1", "part-0"]
    assert list(rows_of(sent)) == ["row-30"]
    assert len(sent) < len(table.html()) // 2
