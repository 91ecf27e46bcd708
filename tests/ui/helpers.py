"""Drive the pure UI as the page would: actions in, state and markup out."""

from __future__ import annotations

import re
from typing import Any

from app.storage import (
    Commit,
    Conflict,
    GameWrite,
    Loaded,
    MemoryStore,
    StorageError,
    load_records,
)
from app.ui.reducer import Effect, apply_external, reduce
from app.ui.scoring import readable_games
from app.ui.sharing.actions import pending_step
from app.ui.state import State, initial_state
from app.ui.views import render

XSS = "<img src=x onerror=alert(1)>"


class Table:
    """A state plus the effects of every action so far, with short helpers for whole hands.

    Actions are run as the page runs them: a commit is stored in ``store`` (a
    :class:`MemoryStore` with the browser store's checks) before the new state is taken; a
    refused commit leaves the old state, as on the page. Two tables given the same store are
    two tabs of one browser; ``hear`` is what a tab does when another one has committed.
    ``reloaded()`` starts again from what is stored, like a reload of the page.
    """

    def __init__(
        self,
        lang: str = "uk",
        games: dict[str, Any] | None = None,
        store: MemoryStore | None = None,
    ) -> None:
        self.lang = lang
        self.store = store if store is not None else MemoryStore()
        for game_id, game in (games or {}).items():
            self.store.commit_now(Commit(games=(GameWrite(game_id, game, None),)))
        loaded = self.stored()
        known, _ = readable_games(loaded.games)
        self.state: State = initial_state(known, loaded.settings, [], [lang])
        self.effects: list[Effect] = []
        self.refused: list[StorageError] = []
        self.clock = 0
        self.step_size = 7
        """Games a restore's step does (the page sizes it from the time the last one took)."""
        self.steps = True
        """Whether a restore's next batches follow each action (as on the page); False: a
        test dispatches ``restore-step`` itself, and can act in between."""

    def do(self, action: str, **payload: Any) -> list[Effect]:
        self.clock += 1
        data = {key: str(value) for key, value in payload.items()}
        data.setdefault("now", f"2026-11-30T03:{self.clock // 60:02d}:{self.clock % 60:02d}")
        data.setdefault("new_id", f"g{self.clock}")
        new, effects = reduce(self.state, action, data)
        self.effects.extend(effects)
        commit = next((e.value for e in effects if e.kind == "commit"), None)
        behind = commit is not None and not commit.games and commit.replace_settings is None
        if commit is None or behind:  # shown at once (a draft's settings are stored behind)
            self.state = new
        try:
            if commit is not None:
                self.store.commit_now(commit)
        except Conflict as refused:
            self.refused.append(refused)
            fresh = self.store.read_now(refused.games)
            self.state, _ = apply_external(self.state, fresh, "refused")
        except StorageError as failed:
            self.refused.append(failed)
            failure = {"reason": failed.reason, "detail": str(failed)}
            failure["background"] = "1" if behind else ""
            failure["restore"] = "1" if action == "restore-step" else ""
            self.state, _ = reduce(self.state, "write-failed", failure)
        else:
            self.state = new
        render(self.state)  # every state must render
        if action != "restore-step" and self.steps:
            while pending_step(self.state):  # as the page does: the next batch once shown
                effects += self.do("restore-step", size=self.step_size)
        return effects

    def hear(self, *game_ids: str) -> None:
        """Another tab committed changes of these games (and maybe the settings)."""
        fresh = self.store.read_now(game_ids)
        self.state, _ = apply_external(self.state, fresh)
        render(self.state)

    def stored(self) -> Loaded:
        """What is stored now, read back as at start-up."""
        return load_records(self.store.games, self.store.settings)

    def reloaded(self) -> Table:
        """A new table started from what is stored, as after a reload of the page."""
        return Table(self.lang, store=self.store)

    def html(self) -> str:
        return render(self.state)

    def new_game(self, names: list[str], **options: Any) -> str:
        self.fill_setup(names, **options)
        self.do("start-game")
        assert self.state.screen == "game", self.state.setup
        assert self.state.game_id is not None
        return self.state.game_id

    def fill_setup(self, names: list[str], **options: Any) -> None:
        """The new-game form filled in (``teams``, ``preset``, a ``target`` typed), not started."""
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

    def commits(self) -> list[Commit]:
        """Every commit so far, oldest first."""
        return [e.value for e in self.effects if e.kind == "commit"]


def preview_text(table: Table) -> str:
    """The hand form's preview line as text (its tags taken out)."""
    found = re.search(
        r'<div class="preview[^"]*" id="preview"[^>]*><p>(.*?)</p></div>', table.html()
    )
    assert found is not None
    return re.sub(r"<[^>]+>", "", found.group(1))
