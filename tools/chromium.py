"""How this project starts Chromium for tests, benchmarks and screenshots.

Debian's build (``/usr/bin/chromium``) where it exists, else Playwright's own; for the tests
(``shell=True``) Debian's ``chromium-headless-shell`` where it exists; flags that keep it from
reaching out to the (closed) network; ``--no-sandbox`` when running as root::

    from playwright.sync_api import sync_playwright
    from tools.chromium import launch_options

    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_options())
"""

from __future__ import annotations

import os
from typing import Any

CHROMIUM = "/usr/bin/chromium"
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
"""Chromium's old headless shell (Debian's ``chromium-headless-shell``, the same Blink and V8 as
``chromium``): what Playwright itself runs for headless tests. The full browser's headless mode
runs its whole interface too (a WebUI renderer, the browser process busy with it): three end-to-end
test files took 218 s on 2 cores with it and 147 s with the shell."""
FLAGS = (
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
)


def launch_flags() -> list[str]:
    """The command-line flags: FLAGS, plus --no-sandbox as root (Chromium refuses otherwise)."""
    as_root = hasattr(os, "geteuid") and os.geteuid() == 0
    return [*FLAGS, *(["--no-sandbox"] if as_root else [])]


def launch_options(base: dict[str, Any] | None = None, *, shell: bool = False) -> dict[str, Any]:
    """Keyword arguments for ``chromium.launch()``, added to ``base`` (its own args kept).
    ``shell``: the headless shell (:data:`HEADLESS_SHELL`) where it exists, unless ``base``
    asks for a window (``headless`` False); the benchmarks and screenshots keep the browser.

    >>> "--disable-quic" in launch_options()["args"]
    True
    >>> launch_options({"args": ["--mute-audio"]})["args"][0]
    '--mute-audio'
    """
    options = dict(base or {})
    if shell and options.get("headless", True) and os.path.exists(HEADLESS_SHELL):
        options["executable_path"] = HEADLESS_SHELL
    elif os.path.exists(CHROMIUM):
        options["executable_path"] = CHROMIUM
    options["args"] = [*options.get("args", []), *launch_flags()]
    return options
