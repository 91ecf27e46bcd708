"""Keep the screen on while a game is shown (the Screen Wake Lock API, where the browser has it).

The browser drops the lock whenever the page is hidden; it is asked for again when the page comes
back. Where ``navigator.wakeLock`` is missing nothing happens, and ``<html data-wake-lock>`` is
left out, so the page hides its setting::

    wake = ScreenWake()
    wake.keep(True)    # a game is on screen (and the player has not turned it off)
    wake.keep(False)   # the games list
"""

from __future__ import annotations

import asyncio
from typing import Any

import js
from pyodide.ffi import create_proxy


def _missing(value: Any) -> bool:
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


class ScreenWake:
    """One screen wake lock, held while wanted and the page is visible."""

    def __init__(self) -> None:
        self.api: Any = getattr(js.navigator, "wakeLock", None)
        self.wanted = False
        self.lock: Any = None
        self.asking = False
        self.listener: Any = None
        if self.supported:
            js.document.documentElement.dataset.wakeLock = "yes"
            self.listener = create_proxy(self.on_visibility)
            js.document.addEventListener("visibilitychange", self.listener)

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
        try:
            lock = await self.api.request("screen")
        except Exception as error:  # noqa: BLE001 - refused (hidden page, power saving, policy)
            js.console.warn(f"the screen wake lock was refused: {error}")
            return
        finally:
            self.asking = False
        if self.wanted:
            self.lock = lock
        else:  # the game was left while the browser was answering
            await self._drop(lock)

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
