"""Whether the browser promised to keep the app's storage (``navigator.storage.persist()``).

boot.js asks at start-up and leaves the answer as the promise ``window.debertzStorage``::

    kept = await storage_kept()   # True, False (refused: the browser may clear it), None (unknown)
    storage_askable()             # False where the browser has no navigator.storage (WebKitGTK)
"""

from __future__ import annotations

from typing import Any

import js


def _missing(value: Any) -> bool:
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


def storage_askable() -> bool:
    """Whether the browser can be asked at all (``navigator.storage.persisted``)."""
    storage: Any = getattr(js.navigator, "storage", None)
    return not _missing(storage) and not _missing(getattr(storage, "persisted", None))


async def storage_kept() -> bool | None:
    """The browser's answer to boot.js's request, or None where it cannot be asked."""
    asked: Any = getattr(js.window, "debertzStorage", None)
    if _missing(asked):
        if not storage_askable():
            return None
        asked = js.navigator.storage.persisted()
    try:
        return bool(await asked)
    except Exception as error:  # noqa: BLE001 - a browser that fails to answer: say nothing
        js.console.warn(f"persistent storage: no answer: {error}")
        return None
