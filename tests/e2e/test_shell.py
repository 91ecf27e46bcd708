"""The offline shell in Chromium: boot, errors, CSP, offline, sub-path, installability."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserType, Error, Page, Route, expect

from tools.serve import DistServer

Recorder = Any  # tests/e2e/conftest.py: Recorder
Wait = Callable[[Page], None]
StartGame = Callable[[Page, list[str]], None]

ROOT = Path(__file__).resolve().parents[2]
DEEP = "/people/someone/games/debertz/"


@pytest.mark.fresh_context
def test_first_visit_is_ready_with_no_error_and_no_request_elsewhere(
    page: Page, recorder: Recorder, app_url: str, wait_ready: Wait, wait_offline_ready: Wait
) -> None:
    page.goto(app_url)
    wait_ready(page)
    wait_offline_ready(page)  # the worker has fetched everything it installs
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(app_url))
    foreign = [url for url in recorder.everything if not url.startswith(origin + "/")]
    assert set(recorder.requests) < set(recorder.everything), "the worker's install was not seen"
    assert foreign == []
    assert recorder.errors == []
    assert page.get_attribute("#app", "aria-busy") is None


@pytest.mark.fresh_context
def test_the_recorder_sees_a_request_the_service_worker_makes_elsewhere(
    page: Page,
    recorder: Recorder,
    dist_copy: Path,
    serve: Callable[..., DistServer],
    evaluate_within: Callable[..., Any],
) -> None:
    elsewhere = "http://127.0.0.1:9/from-the-worker"  # another origin (port 9 refuses at once)
    with (dist_copy / "service-worker.js").open("a", encoding="utf-8") as worker:
        worker.write(f'\nfetch("{elsewhere}").catch(() => {{}});\n')
    server = serve(dist_copy)
    page.goto(server.url + "precache.js")  # same origin, but the app never starts
    evaluate_within(
        page,
        "() => navigator.serviceWorker.register('./service-worker.js')"
        ".then(() => navigator.serviceWorker.ready).then(() => true)",
        failure="the changed service worker did not become active",
    )
    assert elsewhere in recorder.everything
    assert elsewhere not in recorder.requests, "page requests should not see the worker's"


@pytest.mark.fresh_context
def test_the_frame_and_a_loading_state_show_before_python_starts(
    page: Page, app_url: str, wait_ready: Wait
) -> None:
    held: list[Route] = []
    released = False

    def hold(route: Route) -> None:  # Python cannot start until the wasm is released
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route("**/pyodide.asm.wasm", hold)
    page.goto(app_url)
    expect(page.locator("h1")).to_have_text("Деберц")
    expect(page.locator("#shell-boot")).to_be_visible()
    expect(page.locator("#shell-boot-text")).not_to_be_empty()
    assert page.get_attribute("html", "data-app") == "loading"
    released = True
    for route in held:
        route.continue_()
    wait_ready(page)
    expect(page.locator("#shell-boot")).to_be_hidden()


# Without a service worker (blocked here, as some browsers' private modes do) the app starts from
# the network, and page.route sees every request.
@pytest.mark.browser_context_args(service_workers="block")
@pytest.mark.fresh_context
def test_a_boot_failure_shows_a_readable_message_and_retry_boots(
    page: Page, recorder: Recorder, app_url: str, wait_ready: Wait
) -> None:
    page.route("**/app.zip", lambda route: route.fulfill(status=500, body="broken"))
    page.goto(app_url)
    page.wait_for_selector('html[data-app="error"]', state="attached", timeout=90_000)
    expect(page.locator("#shell-error")).to_be_visible()
    expect(page.locator("#shell-error-title")).not_to_be_empty()
    expect(page.locator("#shell-error-detail")).to_contain_text("app.zip")
    page.unroute("**/app.zip")
    page.locator("#shell-retry").click()
    wait_ready(page)
    expect(page.locator("#shell-error")).to_be_hidden()


@pytest.mark.fresh_context
def test_the_page_boots_under_its_csp_without_a_violation(
    page: Page, recorder: Recorder, app_url: str, wait_ready: Wait
) -> None:
    page.goto(app_url)
    wait_ready(page)
    assert recorder.violations() == []
    assert [e for e in recorder.errors if "Content Security Policy" in e] == []


def test_the_csp_is_strict_and_is_the_one_the_readme_states() -> None:
    page = (ROOT / "app/static/index.html").read_text(encoding="utf-8")
    found = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert found is not None
    policy = found.group(1)
    assert "default-src 'self'" in policy
    assert "'unsafe-eval'" not in policy and "'unsafe-inline'" not in policy
    assert "script-src 'self' 'wasm-unsafe-eval'" in policy
    assert policy in (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.fresh_context
def test_with_the_server_stopped_a_reload_boots_from_the_cache(
    page: Page,
    recorder: Recorder,
    server: DistServer,
    wait_ready: Wait,
    reload_offline: Callable[..., None],
) -> None:
    page.goto(server.url)
    wait_ready(page)
    reload_offline(page, server, recorder)
    assert recorder.errors == []
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    kind = page.evaluate(  # Pyodide hangs on a cached wasm that lost its type
        "fetch('./vendor/pyodide/pyodide.asm.wasm').then(r => r.headers.get('content-type'))"
    )
    assert kind == "application/wasm"


@pytest.mark.fresh_context
def test_a_deep_sub_path_boots_and_goes_offline(
    page: Page,
    recorder: Recorder,
    dist: Path,
    serve: Callable[..., DistServer],
    wait_ready: Wait,
    wait_offline_ready: Wait,
) -> None:
    server = serve(dist, DEEP)
    page.goto(server.url)
    wait_ready(page)
    wait_offline_ready(page)
    registration = "navigator.serviceWorker.ready.then(r => [r.scope, r.updateViaCache])"
    assert page.evaluate(registration) == [server.url, "none"], "precache.js must skip HTTP caches"
    assert all(urlsplit(url).path.startswith(DEEP) for url in recorder.requests)
    server.stop()
    page.reload()
    wait_ready(page)
    page.goto(server.url + "index.html")
    wait_ready(page)
    assert recorder.errors == []


def test_chromium_finds_the_app_installable(
    browser_type: BrowserType,
    browser_type_launch_args: dict[str, Any],
    app_url: str,
    tmp_path: Path,
    wait_ready: Wait,
    wait_offline_ready: Wait,
) -> None:
    # a persistent profile: Chromium never offers to install from an incognito-like context
    context = browser_type.launch_persistent_context(
        tmp_path / "profile", **browser_type_launch_args
    )
    try:
        page = context.new_page()
        page.goto(app_url)
        wait_ready(page)
        wait_offline_ready(page)
        page.reload()
        wait_ready(page)
        session = context.new_cdp_session(page)
        errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == []
        assert session.send("Page.getAppManifest")["errors"] == []
    finally:
        context.close()


@pytest.mark.fresh_context
def test_page_helpers_fail_with_a_message_instead_of_waiting_forever(
    page: Page, app_url: str, idb: Any, evaluate_within: Callable[..., Any]
) -> None:
    page.goto(app_url + "precache.js")  # same origin, but the app never starts
    with pytest.raises(Error, match="the app's database does not exist yet"):
        idb.records(page, "games")
    with pytest.raises(Error, match="does not exist yet"):
        idb.put(page, "games", "g1", "{}")
    assert page.evaluate("indexedDB.databases().then(d => d.map(x => x.name))") == []
    with pytest.raises(Error, match=r"never settles \(after 0.2 s\)"):
        evaluate_within(page, "() => new Promise(() => {})", failure="never settles", seconds=0.2)
    assert evaluate_within(page, "(x) => x + 1", 41, failure="unused") == 42


@pytest.mark.fresh_context
def test_a_saved_game_is_shown_after_a_reload_with_the_server_stopped(
    page: Page,
    server: DistServer,
    idb: Any,
    wait_ready: Wait,
    start_game: StartGame,
    reload_offline: Callable[..., None],
) -> None:
    page.goto(server.url)
    wait_ready(page)
    start_game(page, ["Оля", "Петро", "Іван", "Марта"])
    assert len(idb.records(page, "games")) == 1
    reload_offline(page, server)
    expect(page.locator("#app")).to_contain_text("Петро")


def test_a_game_saved_right_before_the_page_closes_is_kept(
    page: Page, recorder: Recorder, app_url: str, wait_ready: Wait, start_game: StartGame
) -> None:
    page.goto(app_url)
    wait_ready(page)
    start_game(page, ["Ярема", "Богдана", "Зиновій", "Ірина"])
    assert recorder.violations() == [], "the UI broke the CSP while creating a game"
    context = page.context
    page.close()
    again = context.new_page()
    again.goto(app_url)
    wait_ready(again)
    expect(again.locator("#app")).to_contain_text("Богдана")


def test_unreadable_records_are_kept_untouched_while_the_app_writes(
    page: Page, app_url: str, idb: Any, wait_ready: Wait, start_game: StartGame
) -> None:
    page.goto(app_url)
    wait_ready(page)
    newer = '{"schema": 999, "game": {"id": "future", "players": ["A", "B"]}}'
    idb.put(page, "games", "broken", '{"schema": 1, "game": {"players": [')
    idb.put(page, "games", "future", newer)
    page.reload()
    wait_ready(page)
    start_game(page, ["Оля", "Петро", "Іван", "Марта"])
    records = idb.records(page, "games")
    assert records["broken"] == '{"schema": 1, "game": {"players": ['
    assert records["future"] == newer
    assert len(records) == 3
