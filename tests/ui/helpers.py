"""Drive the pure UI as the page would: actions in, state and markup out."""

from __future__ import annotations

from typing import Any

from app.ui.actions import Effect, reduce
from app.ui.state import State, initial_state
from app.ui.views import render

XSS = "<img src=x onerror=alert(1)>"


class Table:
    """A state plus the effects of every action so far, with short helpers for whole hands."""

    def __init__(self, lang: str = "uk", games: dict[str, Any] | None = None) -> None:
        self.state: State = initial_state(games or {}, {}, [], [lang])
        self.effects: list[Effect] = []
        self.clock = 0

    def do(self, action: str, **payload: Any) -> list[Effect]:
        self.clock += 1
        data = {key: str(value) for key, value in payload.items()}
        data.setdefault("now", f"2026-11-30T03:{self.clock // 60:02d}:{self.clock % 60:02d}")
        data.setdefault("new_id", f"g{self.clock}")
        self.state, effects = reduce(self.state, action, data)
        self.effects.extend(effects)
        render(self.state)  # every state must render
        return effects

    def html(self) -> str:
        return render(self.state)

    def new_game(self, names: list[str], **options: Any) -> str:
        self.do("route", hash="#/new")
        self.do("setup-reset")
        self.do("setup-count", value=len(names))
        for seat, name in enumerate(names):
            self.do("setup-name", seat=seat, value=name)
        if "teams" in options:
            self.do("setup-teams", value="true" if options["teams"] else "false")
        if "preset" in options:
            self.do("setup-preset", value=options["preset"])
        if "target" in options:
            self.do("setup-target", value="other")
            self.do("setup-target-other", value=options["target"])
        self.do("start-game")
        assert self.state.screen == "game", self.state.setup
        assert self.state.game_id is not None
        return self.state.game_id

    def hand(self, taker: int, cards: dict[int, int], **extra: Any) -> None:
        """Enter and save one played hand through the form."""
        self.do("new-hand")
        self.do("taker", seat=taker)
        for side, value in cards.items():
            self.do("cards", side=side, value=value)
        for key, value in extra.items():
            self.do(key.replace("_", "-"), side=value)
        self.do("save-hand")
        assert self.state.entry is None, self.state.entry

    @property
    def game(self) -> dict[str, Any]:
        game = self.state.game
        assert game is not None
        return game

    def writes(self) -> list[Effect]:
        return [e for e in self.effects if e.kind in ("put_game", "delete_game", "put_settings")]
