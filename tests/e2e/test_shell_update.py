"""A rebuilt version waits for the user: the prompt appears, a tap switches, the data stays."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_start_snapshot import offer, switch
from tools.build import Precache, read_precache, write_precache
from tools.serve import DistServer

pytestmark = pytest.mark.fresh_context  # a new version over the first, from a server of its own

Wait = Callable[[Page], None]
PROMPTS = {"uk": "Готова нова версія", "ru": "Готова новая версия", "en": "A new version"}
CACHED = """() => caches.keys()
  .then((names) => caches.open(names.find((name) => name.endsWith(":files"))))
  .then((cache) => cache.keys()).then((requests) => requests.map((r) => r.url))"""

PLANT_CACHES = """(scope) => Promise.all([
  caches.open(`debertz:${scope}:0123456789abcdef`)
    .then((cache) => cache.put("./old-layout", new Response("old"))),
  caches.open("debertz-inbox")
    .then((cache) => cache.put("./inbox/1-shared", new Response("a shared game"))),
]).then(() => true)"""
SHELL_CSS = "fetch('./shell.css').then((r) => r.text())"
WASM = "vendor/pyodide/pyodide.asm.wasm"
SERVED_REV = "(url) => fetch(url).then((r) => r.headers.get('X-Rev'))"
INBOX = """() => caches.open("debertz-inbox")
  .then((cache) => cache.keys()).then((requests) => requests.map((r) => r.url))"""


def change_shell_css(dist: Path) -> None:
    """Change one file as a rebuild after an edit would."""
    with (dist / "shell.css").open("a", encoding="utf-8") as css:
        css.write("\n/* new version */\n")


def make_new_version(dist: Path) -> Precache:
    """A new version: one file changed (``change_shell_css``), the precache list written again."""
    change_shell_css(dist)
    return write_precache(dist)


def cached_files(page: Page, base_url: str) -> set[str]:
    """The service worker's cache: ``./file?rev=...`` for every file it keeps."""
    return {"./" + url.removeprefix(base_url) for url in page.evaluate(CACHED)}


def listed(precache: Precache) -> set[str]:
    """The keys of a running version's files: each file under its revision, but Pyodide's
    WebAssembly under its plain URL (the entry Chromium keeps its compiled code with)."""
    return {
        name if name.endswith(".wasm") else f"{name}?rev={entry.rev}"
        for name, entry in precache.files.items()
    }


def settled_files(page: Page, base_url: str, wanted: set[str]) -> set[str]:
    """The cache's keys once they are ``wanted`` (the worker's activation moves the WebAssembly
    under its plain URL just after the page is told the site is kept), or as they are 10 s on."""
    for _ in range(100):
        found = cached_files(page, base_url)
        if found == wanted:
            break
        page.wait_for_timeout(100)
    return found


@pytest.fixture
def controlled(
    page: Page,
    dist_copy: Path,
    serve: Callable[..., DistServer],
    wait_ready: Wait,
    wait_offline_ready: Wait,
) -> DistServer:
    """The server of ``dist_copy`` (which the test may change into a new version), the app
    opened from it, kept offline and reloaded: controlled from now on by its service worker (a
    new version is only offered to a controlled page)."""
    server = serve(dist_copy)
    page.goto(server.url)
    wait_ready(page)
    wait_offline_ready(page)
    page.reload()
    wait_ready(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    return server


def test_a_new_version_is_offered_and_a_tap_switches_with_data_intact(
    page: Page,
    dist_copy: Path,
    serve: Callable[..., DistServer],
    wait_ready: Wait,
    wait_offline_ready: Wait,
    start_game: Callable[[Page, list[str]], None],
    saved_screens: Any,
) -> None:
    server = serve(dist_copy)
    old = read_precache(dist_copy)
    saved_screens.watch(page)
    page.goto(server.url)
    wait_ready(page)
    wait_offline_ready(page)
    assert settled_files(page, server.url, listed(old)) == listed(old)
    served = page.evaluate(SERVED_REV, WASM)
    assert served == old.files[f"./{WASM}"].rev, "the WebAssembly is not served from its plain URL"
    start_game(page, ["Оля", "Петро", "Іван", "Марта"])
    saved_screens.kept(page)

    new = make_new_version(dist_copy)
    assert new.build != old.build
    page.reload()
    wait_ready(page)
    prompt = page.locator("#shell-update")
    expect(prompt).to_be_visible(timeout=60_000)
    lang = page.evaluate("document.documentElement.lang")
    expect(prompt).to_contain_text(PROMPTS[lang])
    assert "new version" not in page.evaluate(SHELL_CSS)
    assert len(saved_screens.paints(page)) == 1, "the same build paints the sheet it kept"

    # Caches that are not the worker's own layout: an older layout's (removed at the switch) and
    # the share sheet's inbox (share-target.js; the page has not read it yet: it must stay).
    page.evaluate(PLANT_CACHES, server.url)

    with page.expect_navigation():
        page.locator("#shell-update-button").click()
    wait_ready(page)
    assert saved_screens.paints(page) == [], "a screen kept by the older build was painted"
    # The page reloaded into the new version at once, served by the worker it had; the new
    # worker takes over once the page is up, and then removes what is not its own.
    assert page.get_attribute("html", "data-update") in ("taking-over", "taken-over")
    page.wait_for_selector('html[data-update="taken-over"]', state="attached", timeout=30_000)
    names = page.evaluate("caches.keys()")
    assert f"debertz:{server.url}:0123456789abcdef" not in names, "an older layout's cache stayed"
    assert page.evaluate(INBOX) == [server.url + "inbox/1-shared"], "the share inbox was emptied"
    assert "new version" in page.evaluate(SHELL_CSS)
    assert settled_files(page, server.url, listed(new)) == listed(new), "old revisions stayed"
    page.goto(server.url)
    wait_ready(page)
    expect(page.locator("#app")).to_contain_text("Петро")
    expect(prompt).to_be_hidden()


def test_the_prompt_speaks_the_pages_language(
    page: Page, dist_copy: Path, controlled: DistServer
) -> None:
    # The language is switched before the new version exists, so whichever update check finds
    # it (ours below or Chromium's own after the reload) builds the prompt in Russian.
    page.evaluate("document.documentElement.lang = 'ru'")
    offer(page, dist_copy, change_shell_css)
    expect(page.locator("#shell-update-button")).to_have_text("Обновить")
    expect(page.locator("#shell-update-text")).to_have_text("Готова новая версия приложения.")


SERVE = """async () => {
  const ask = (worker, message) => new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => resolve(data);
    worker.postMessage(message, [channel.port2]);
  });
  const registration = await navigator.serviceWorker.getRegistration();
  const next = await ask(registration.waiting, "files");
  return ask(navigator.serviceWorker.controller, { type: "serve", keys: next.keys });
}"""


def test_the_worker_that_serves_the_new_version_still_serves_it_once_restarted(
    page: Page, dist_copy: Path, controlled: DistServer
) -> None:
    """What the tap on Update asks of the running worker ("serve") is kept: a browser may stop
    it and start it again before the new one takes over, and the page must not then get the
    old version's files beside the new ones."""
    offer(page, dist_copy, change_shell_css)
    assert "new version" not in page.evaluate(SHELL_CSS)
    assert page.evaluate(SERVE) is True
    assert "new version" in page.evaluate(SHELL_CSS)
    cdp = page.context.new_cdp_session(page)
    cdp.send("ServiceWorker.enable")
    cdp.send("ServiceWorker.stopAllWorkers")
    assert "new version" in page.evaluate(SHELL_CSS), "the restarted worker served the old file"
    assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => !!r.waiting)")


def change_wasm(dist: Path) -> None:
    """Pyodide's WebAssembly changed, as an upgrade of the runtime changes it: a custom section
    appended (id 0, its size, its name), which leaves the module valid and its code as it was."""
    name = b"debertz-test"
    section = bytes([len(name)]) + name
    with (dist / WASM).open("ab") as wasm:
        wasm.write(bytes([0, len(section)]) + section)


def test_a_new_webassembly_waits_under_its_revision_while_the_old_one_runs(
    page: Page, dist_copy: Path, controlled: DistServer, wait_ready: Wait
) -> None:
    """The running version's WebAssembly is kept under its plain URL (Chromium keeps its compiled
    code with that entry); a new version's other WebAssembly must not take its place while the
    old version runs: the old one starts again on its own, and the new one after the switch."""
    server = controlled
    old = read_precache(dist_copy).files[f"./{WASM}"].rev
    offer(page, dist_copy, change_wasm)
    new = read_precache(dist_copy).files[f"./{WASM}"].rev
    assert new != old
    assert cached_files(page, server.url) >= {f"./{WASM}", f"./{WASM}?rev={new}"}
    page.reload()  # the old version again, while the new one waits
    wait_ready(page)
    assert page.evaluate(SERVED_REV, WASM) == old
    assert page.get_attribute("html", "data-python") in ("snapshot", "normal")

    switch(page)
    assert page.evaluate(SERVED_REV, WASM) == new
    running = listed(read_precache(dist_copy))  # the new copy moved under the plain URL
    assert settled_files(page, server.url, running) == running
    assert page.evaluate(SERVED_REV, WASM) == new
    page.reload()
    wait_ready(page)
    assert page.evaluate(SERVED_REV, WASM) == new


EARLIER_LAYOUT = """async ([url, rev]) => {
  const names = await caches.keys();
  const cache = await caches.open(names.find((name) => name.endsWith(":files")));
  const plain = await cache.match(url);
  const headers = { "Content-Type": "application/wasm" };
  await cache.put(`${url}?rev=${rev}`, new Response(await plain.arrayBuffer(), { headers }));
  return cache.delete(url);
}"""


def test_a_webassembly_kept_by_an_earlier_version_moves_under_its_url_and_starts_offline(
    page: Page, dist_copy: Path, controlled: DistServer, wait_ready: Wait
) -> None:
    """A phone updated from a version that kept the WebAssembly under its revision's key (and
    without X-Rev): the new version takes that copy over without downloading it again, keeps it
    under its plain URL, and starts from it with the server gone."""
    server = controlled
    first = read_precache(dist_copy)
    assert settled_files(page, server.url, listed(first)) == listed(first)
    rev = first.files[f"./{WASM}"].rev
    assert page.evaluate(EARLIER_LAYOUT, [server.url + WASM, rev])
    assert f"./{WASM}?rev={rev}" in cached_files(page, server.url)
    offer(page, dist_copy, change_shell_css)
    server.reset_counts()
    switch(page)
    assert f"/{WASM}.gz" not in server.sent_by_path, "the kept WebAssembly was downloaded again"
    running = listed(read_precache(dist_copy))  # the new copy moved under the plain URL
    assert settled_files(page, server.url, running) == running
    assert page.evaluate(SERVED_REV, WASM) == rev
    server.stop()
    page.reload()
    wait_ready(page)
    assert page.evaluate(SERVED_REV, WASM) == rev
