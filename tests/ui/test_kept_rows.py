"""The sheet's rows kept from one drawing to the next (app/ui/game/views.py ``_kept_row``) are
the rows drawn afresh, whatever the game went through."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app.ui import views
from app.ui.game import views as game_views
from tests.ui.helpers import Table

STEPS = st.lists(
    st.sampled_from(["hand", "edit", "first", "delete", "undo", "redo", "redeal", "lang",
                     "explain", "fold", "open", "home"]),
    min_size=1, max_size=14,
)


def drawn_afresh(table: Table) -> str:
    """The screen drawn with no row kept (and the rows kept as they were before)."""
    kept = dict(game_views._rows)
    game_views._rows.clear()
    try:
        return table.html()
    finally:
        game_views._rows.clear()
        game_views._rows.update(kept)


@contextlib.contextmanager
def rows_drawn() -> Iterator[list[int]]:
    """A list that gets an item for each row drawn afresh (not kept) while the block runs."""
    drawn: list[int] = []
    real = game_views._hand_rows

    def counted(*args: object, **kwargs: object) -> str:
        drawn.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    game_views._hand_rows = counted  # type: ignore[assignment]
    try:
        yield drawn
    finally:
        game_views._hand_rows = real


@settings(max_examples=60, deadline=None)
@given(STEPS, st.sampled_from([100, 62, 81, 0, 162]), st.sampled_from([2, 4]))
def test_a_kept_row_is_the_row_drawn_afresh(steps: list[str], points: int, players: int) -> None:
    table = Table("uk")
    table.new_game(["Оля", "Петро", "Іра", "Сашко"][:players], target=5001)
    table.hand(taker=0, cards={0: 100})
    langs = iter(["en", "ru", "uk"] * len(steps))
    for step in steps:
        hands = len(table.game["hands"])
        if step == "hand":
            table.hand(taker=hands % players, cards={0: points})
        elif step in ("edit", "first") and hands:
            table.do("edit-hand", index=hands - 1 if step == "edit" else 0)
            table.do("cards", side=0, value=162 - points)
            table.do("save-hand")
        elif step == "delete" and hands:
            table.do("edit-hand", index=0)
            table.do("ask-delete-hand")
            table.do("confirm-yes")
        elif step == "redeal":
            table.do("new-hand")
            table.do("redeal-toggle")
            table.do("save-hand")
        elif step == "lang":
            table.do("lang", value=next(langs))
        elif step in ("explain", "fold") and hands:
            table.do("explain-hand", index=hands // 2, open="true" if step == "explain" else "false")
        elif step in ("undo", "redo"):
            table.do(step)
        elif step == "open":
            table.do("new-hand")
            table.do("cancel-hand")
        elif step == "home":
            table.do("route", hash="#/")
            table.do("route", hash=f"#/game/{table.game['id']}")
        assert table.html() == drawn_afresh(table), step


def test_a_save_draws_one_new_row() -> None:
    table = Table("en")
    table.new_game(["Оля", "Петро"], target=5001)
    for n in range(12):
        table.hand(taker=n % 2, cards={0: 100})
    with rows_drawn() as drawn:
        table.hand(taker=0, cards={0: 62})
        table.html()
    assert len(drawn) == 1


def test_the_game_changed_last_drawn_at_idle_is_opened_from_its_kept_rows() -> None:
    # the start's warm-up (app/browser/shell.py _warm) draws it, so that the first tap that
    # opens it draws no row afresh, as the taps after it
    table = Table("en")
    game_id = table.new_game(["Оля", "Петро"], target=5001)
    for n in range(12):
        table.hand(taker=n % 2, cards={0: 100})
    table = table.reloaded()  # a start: the games as read from the store, nothing drawn yet
    game_views._rows.clear()
    before = table.html()
    assert views.warm_game(table.state) == game_id
    assert table.state.screen == "home" and table.html() == before
    with rows_drawn() as drawn:
        table.do("route", hash=f"#/game/{game_id}")
        opened = table.html()
    assert drawn == [] and opened.count('<tbody class="hand') == 12
    assert opened == drawn_afresh(table)


def test_a_game_too_long_to_draw_in_one_idle_moment_is_not_drawn_ahead(monkeypatch: Any) -> None:
    table = Table("en")
    table.new_game(["Оля", "Петро"], target=5001)
    for n in range(6):
        table.hand(taker=n % 2, cards={0: 100})
    table.do("route", hash="#/")
    monkeypatch.setattr(views, "WARM_HANDS", 5)
    assert views.warm_game(table.state) is None
    monkeypatch.setattr(views, "WARM_HANDS", 6)
    assert views.warm_game(table.state) is not None
