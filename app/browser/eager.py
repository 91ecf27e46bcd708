"""Coroutines started at once, in the page's task that asks for them.

A task made by ``asyncio.ensure_future`` first runs in a later task of the page, after a frame
the browser may paint in between (~7 ms at 1x CPU, ~15 ms at 4x). An eager task runs up to its
first wait at once: a *Save* opens its IndexedDB transaction in the tap's own task, a chosen
file is being read in the ``change`` event's.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

from pyodide.webloop import PyodideTask


def begun(coroutine: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
    """``coroutine`` run at once up to its first wait (an eager task), then on the page's loop.

    Pyodide's ``WebLoop.create_task`` takes ``eager_start`` but ignores it (314.0.7), so the
    task is made as it makes its tasks, eagerly.
    """
    return PyodideTask(coroutine, loop=asyncio.get_event_loop(), eager_start=True)  # type: ignore[no-any-return]
