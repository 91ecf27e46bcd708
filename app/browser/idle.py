"""The page's idle time: a task run once the browser has nothing more urgent to do (a frame to
draw, a tap to answer), for work the player does not wait for.

    at_idle(keep_screen, 1000)   # requestIdleCallback, at most 1 s later
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_once_callable, to_js

WITHOUT_IDLE_MS = 50
"""Where the browser has no ``requestIdleCallback`` (Safari): the task after this long."""


def at_idle(task: Callable[..., Any], timeout_ms: float) -> None:
    """Run ``task`` once, at the page's next idle time, at most ``timeout_ms`` later (a
    ``WITHOUT_IDLE_MS`` timer where the browser has no idle callbacks)."""
    callback = create_once_callable(task)
    if getattr(js.window, "requestIdleCallback", None) is None:
        js.setTimeout(callback, WITHOUT_IDLE_MS)
    else:
        options = to_js({"timeout": timeout_ms}, dict_converter=js.Object.fromEntries)
        js.window.requestIdleCallback(callback, options)
