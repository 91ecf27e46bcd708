"""Start-up glue between Python and boot.js: the root element, the ready mark, boot errors.

with boot_errors_shown():
    ...  # anything that raises here shows boot.js's error panel with a Retry button
mark_ready()
"""

from __future__ import annotations

import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import js
from pyodide.ffi import to_js

ROOT_ID = "app"
BOOT_ERROR_EVENT = "debertz:boot-error"


def root_element() -> Any:
    """The ``<main id="app">`` element the UI renders into."""
    return js.document.getElementById(ROOT_ID)


def mark(name: str, value: str) -> None:
    """Tell the page (and tests) how the start went: ``<html data-…>`` (``name`` in camelCase)."""
    setattr(js.document.documentElement.dataset, name, value)


def mark_ready() -> None:
    """Tell the page (and tests) that the app is interactive."""
    js.document.getElementById(ROOT_ID).removeAttribute("aria-busy")
    js.document.documentElement.dataset.app = "ready"


def report_boot_error(error: BaseException) -> None:
    """Show the boot error panel with the traceback of ``error``."""
    text = "".join(traceback.format_exception(error))
    detail = to_js({"detail": text}, dict_converter=js.Object.fromEntries)
    js.window.dispatchEvent(js.CustomEvent.new(BOOT_ERROR_EVENT, detail))


@contextmanager
def boot_errors_shown() -> Iterator[None]:
    """Report any exception raised inside the block to the page, then let it propagate."""
    try:
        yield
    except BaseException as error:
        report_boot_error(error)
        raise
