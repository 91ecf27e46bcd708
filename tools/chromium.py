"""How this project starts Chromium for tests, benchmarks and screenshots.

Debian's build (``/usr/bin/chromium``) where it exists, else Playwright's own; flags that keep it
from reaching out to the (closed) network; ``--no-sandbox`` when running as root::

    from playwright.sync_api import sync_playwright
    from tools.chromium import launch_options

    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_options())
"""

from __future__ import annotations

import os
from typing import Any

CHROMIUM = "/usr/bin/chromium"
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


def launch_options(base: dict[str, Any] | None = None) -> dict[str, Any]:
    """Keyword arguments for ``chromium.launch()``, added to ``base`` (its own args kept).

    >>> "--disable-quic" in launch_options()["args"]
    True
    >>> launch_options({"args": ["--mute-audio"]})["args"][0]
    '--mute-audio'
    """
    options = dict(base or {})
    if os.path.exists(CHROMIUM):
        options["executable_path"] = CHROMIUM
    options["args"] = [*options.get("args", []), *launch_flags()]
    return options
