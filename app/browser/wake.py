"""Keep the screen on while a game is shown (the Screen Wake Lock API, where the browser has it).

The browser drops the lock whenever the page is hidden; it is asked for again when the page comes
back. Where ``navigator.wakeLock`` is missing nothing happens, and ``<html data-wake-lock>`` is
left out, so the page hides its setting. A browser that grants the lock only after a tap (WebKit)
refuses it at start-up: then nothing is said, the lock is asked for again on the player's first
tap or key, and ``data-wake-lock="gesture"`` shows the setting's note that the screen stays on
from the first tap; a lock refused within a tap too (power saving, a policy) is
``data-wake-lock="refused"``, with its own note::

    wake = ScreenWake()
    wake.keep(True)    # a game is on screen (and the player has not turned it off)
    wake.keep(False)   # the games list
"""

from __future__ import annotations

import asyncio
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js

GESTURES = ("pointerdown", "keydown")
"""What counts as the player's tap for a browser that grants the lock only within one."""


def _missing(value: Any) -> bool:
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


def _said() -> str:
    return str(js.document.documentElement.dataset.wakeLock or "")


class ScreenWake:
    """One screen wake lock, held while wanted and the page is visible."""

    def __init__(self) -> None:
        self.api: Any = getattr(js.navigator, "wakeLock", None)
        self.wanted = False
        self.lock: Any = None
        self.asking = False
        self.listener: Any = None
        self.tapped = False  # the player has tapped or typed since the page opened
        self.gesture: Any = None  # the listener of the player's taps and keys (_hear)
        self.hearing = False
        if self.supported:
            self._say("yes")
            self.listener = create_proxy(self.on_visibility)
            js.document.addEventListener("visibilitychange", self.listener)
            self.gesture = create_proxy(self.on_gesture)
            self._hear(True)

    @property
    def supported(self) -> bool:
        """Whether the browser has the Screen Wake Lock API."""
        return not _missing(self.api)

    def keep(self, wanted: bool) -> None:
        """Hold the lock (``True``) or let it go."""
        self.wanted = wanted
        if not self.supported:
            return
        if wanted:
            self.acquire()
        else:
            self.release()

    def held(self) -> bool:
        """Whether a lock is held now (the browser releases it when the page is hidden)."""
        return self.lock is not None and not self.lock.released

    def acquire(self) -> None:
        """Ask for the lock unless it is held, being asked for, or the page is hidden."""
        if self.asking or self.held() or js.document.visibilityState != "visible":
            return
        self.asking = True
        asyncio.ensure_future(self._request())

    async def _request(self) -> None:
        within_tap = self.tapped
        try:
            lock = await self.api.request("screen")
        except Exception as error:  # noqa: BLE001 - refused (no tap yet, power saving, policy)
            self._refused(error, within_tap)
            return
        finally:
            self.asking = False
        self._say("yes")
        if self.wanted:
            self.lock = lock
        else:  # the game was left while the browser was answering
            await self._drop(lock)

    def _refused(self, error: Any, within_tap: bool) -> None:
        """A refusal before any tap waits for the first one (said on the setting, not warned);
        one after a tap is the browser's answer for now (said, and warned once)."""
        if not within_tap and getattr(error, "name", "") == "NotAllowedError":
            self._say("gesture")
            return
        if _said() != "refused":
            js.console.warn(f"the screen wake lock was refused: {error}")
        self._say("refused")

    def on_gesture(self, event: Any = None) -> None:
        """The player's tap or key: a lock waiting for one is asked for now, within it. Once
        tapped, with no lock waiting for a tap, the taps are no longer listened to (each was a
        call into Python before the tap's own handler); not while the lock is being asked for,
        whose refusal may yet wait for a tap (``gesture`` is said only of a request made before
        any tap, so one tap later, the listener is never needed again)."""
        self.tapped = True
        if _said() == "gesture":
            if self.wanted:
                self.acquire()
        elif not self.asking:
            self._hear(False)

    def _hear(self, on: bool) -> None:
        """Listen to the player's taps and keys (:data:`GESTURES`), or stop."""
        if on == self.hearing:
            return
        self.hearing = on
        capture = to_js({"capture": True}, dict_converter=js.Object.fromEntries)
        for kind in GESTURES:
            if on:
                js.document.addEventListener(kind, self.gesture, capture)
            else:
                js.document.removeEventListener(kind, self.gesture, capture)

    def release(self) -> None:
        """Let the lock go (if one is held)."""
        lock, self.lock = self.lock, None
        if lock is not None and not lock.released:
            asyncio.ensure_future(self._drop(lock))

    async def _drop(self, lock: Any) -> None:
        try:
            await lock.release()
        except Exception as error:  # noqa: BLE001 - already released by the browser
            js.console.warn(f"the screen wake lock could not be released: {error}")

    def on_visibility(self, event: Any = None) -> None:
        """Back in the foreground: the browser dropped the lock when the page was hidden."""
        if self.wanted and js.document.visibilityState == "visible":
            self.acquire()

    def _say(self, how: str) -> None:
        """``<html data-wake-lock>``: ``yes``, ``gesture`` (from the first tap) or ``refused``."""
        js.document.documentElement.dataset.wakeLock = how
