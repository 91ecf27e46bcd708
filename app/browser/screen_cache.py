"""Keeps the last screen worth coming back to in localStorage, for boot.js to paint at the next start.

What is kept and how boot.js checks it: :mod:`app.ui.saved_screen`. The page calls::

    keeper = ScreenKeeper()
    keeper.showing(state, html)   # after every render; the work is done at idle time

The text lives under ``debertz-screens:<the site's path>`` (boot.js reads the same key), so copies of
the app under other sub-paths of one origin keep their own. Nothing is kept when the page has no
build id (a page not built by tools/build.py) or when localStorage refuses the text.
"""

from __future__ import annotations

import traceback
from typing import Any

import js
from pyodide.ffi import JsException

from app.browser.idle import at_idle
from app.ui import i18n, views
from app.ui.saved_screen import Facts, at_rest, is_at_rest, keep_screen, screen_facts
from app.ui.state import State

KEY_PREFIX = "debertz-screens:"
KEEP_WAIT_MS = 1000
"""The longest the screen shown waits for idle time to be kept."""


def build_id() -> str:
    """The build id tools/build.py put into the page ("" when there is none)."""
    meta = js.document.querySelector('meta[name="debertz-build"]')  # null: no .content
    return str(meta.content or "") if hasattr(meta, "content") else ""


def storage_key() -> str:
    """The localStorage key for this copy of the site."""
    return KEY_PREFIX + str(js.URL.new("./", js.location.href).pathname)


class ScreenKeeper:
    """Saves the screen shown, at idle time, whenever its facts change."""

    def __init__(self) -> None:
        self.build = build_id()
        self.key = storage_key()
        self.state: State | None = None
        self.html = ""
        self.kept: Facts | None = None
        self.waiting = False

    def showing(self, state: State, html: str) -> None:
        """The page now shows ``html``, rendered from ``state``."""
        self.state, self.html = state, html
        if self.build and not self.waiting:
            self.waiting = True
            at_idle(self.keep, KEEP_WAIT_MS)

    def keep(self, *_deadline: Any) -> None:
        """Store the screen shown now, unless it is the one already stored (or worth nothing)."""
        self.waiting = False
        state = self.state
        facts = None if state is None else screen_facts(state, self.build)
        if state is None or facts is None or facts == self.kept:
            return
        html = self.html if is_at_rest(state) else views.render(at_rest(state))
        title = i18n.translator(state.lang)("app.title")
        try:
            stored = js.localStorage.getItem(self.key)
            js.localStorage.setItem(self.key, keep_screen(stored, facts, html, title))
            self.kept = facts
        except JsException:  # full or refused: keep nothing rather than something stale
            js.console.warn(f"the screen was not kept:\n{traceback.format_exc()}")
            self._forget()

    def _forget(self) -> None:
        try:
            js.localStorage.removeItem(self.key)
        except JsException:
            pass

