"""The precache list is exactly what the app needs: what a boot requests (the Python snapshot's
worker included), plus the install files but the install dialog's screenshots (shown online)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page

from tools.build import NOT_PRECACHED, ONLINE_ONLY, manifest_files, read_precache
from tools.serve import DistServer

pytestmark = pytest.mark.fresh_context  # what a first visit and an offline start request

Wait = Callable[[Page], None]


def requested_files(requests: list[str], base_url: str) -> set[str]:
    """The ./relative files among the recorded URLs ("./" itself is the page, index.html)."""
    base = urlsplit(base_url).path
    found = set()
    for url in requests:
        path = urlsplit(url).path
        assert path.startswith(base), f"{url} is outside the site"
        name = "./" + path[len(base) :]
        found.add("./index.html" if name == "./" else name)
    return found - {f"./{name}" for name in NOT_PRECACHED}


def install_files(dist: Path) -> set[str]:
    """The manifest and the images it and the page name (icons, the shortcuts' icons): fetched
    by the browser to install, and kept offline; the screenshots are left to the network."""
    manifest = json.loads((dist / "manifest.webmanifest").read_text(encoding="utf-8"))
    page = (dist / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'<link rel="(?:icon|apple-touch-icon)"[^>]* href="([^"]+)"', page)
    named = {"./manifest.webmanifest", *manifest_files(manifest), *links}
    return {name for name in named if not name.removeprefix("./").startswith(ONLINE_ONLY)}


def test_the_precache_is_what_a_boot_requests_plus_the_install_files(
    page: Page, recorder: Any, dist: Path, app_url: str, wait_ready: Wait
) -> None:
    page.goto(app_url)
    wait_ready(page)
    page.wait_for_selector('html[data-python-snapshot="made"]', state="attached", timeout=90_000)
    booted = requested_files(recorder.requests, app_url)
    precache = set(read_precache(dist).files)
    assert booted - precache == set(), "requested at boot but not precached"
    assert precache - booted == install_files(dist) - booted, "precached but never requested"
    assert install_files(dist) <= precache


def test_a_warm_offline_boot_requests_only_precached_files(
    page: Page,
    recorder: Any,
    dist: Path,
    server: DistServer,
    wait_ready: Wait,
    reload_offline: Callable[..., None],
) -> None:
    page.goto(server.url)
    wait_ready(page)
    reload_offline(page, server, recorder)
    booted = requested_files(recorder.requests, server.url)
    assert booted and booted <= set(read_precache(dist).files)
