"""The boot error panel says what went wrong in every engine (issue 18 item 13): Firefox's and
WebKit's ``error.stack`` hold only the frames, so the panel shows the message, then the stack.

Chromium's own stacks start with the message; the failure here is given a Firefox-shaped stack
(frames only), as Firefox would report it, so that the test can fail in Chromium. The
snapshot worker (app/static/snapshot-worker.mjs) words its failure report the same way."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

FIREFOX_SHAPED_FAILURE = """
document.addEventListener("DOMContentLoaded", () => {
  // The panel as boot.js shows it, read as soon as <html data-app> says "error": this failure
  // is not fatal, so Python's start goes on and, once ready, hides the panel (shell.css). On a
  // loaded machine that came before the test could look (one run in three at 12 min).
  new MutationObserver((_, watcher) => {
    if (document.documentElement.dataset.app !== "error") return;
    watcher.disconnect();
    const panel = document.getElementById("shell-error");
    window.__panel = {
      shown: !panel.hidden && getComputedStyle(panel).display !== "none",
      detail: document.getElementById("shell-error-detail").textContent,
    };
  }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-app"] });
  const error = new TypeError("python.mjs could not load pyodide.asm.wasm");
  Object.defineProperty(error, "stack", { value: "@http://127.0.0.1/python.mjs:19:52\\n" });
  Promise.reject(error);  // unhandled, while the page is still loading Python
});
"""


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_context_args,
        "viewport": {"width": 360, "height": 640},
        "is_mobile": True,
        "has_touch": True,
        "locale": "uk",
    }


# A start that fails discards Python's snapshot (python.mjs), so this test of the start has a
# context of its own, without a service worker (the app starts from the network, as in
# tests/e2e/test_shell.py's boot failure), and leaves the shared warm contexts alone.
@pytest.mark.browser_context_args(service_workers="block")
@pytest.mark.fresh_context
def test_a_boot_failure_with_a_frames_only_stack_shows_its_message_then_the_stack(
    page: Page, app_url: str
) -> None:
    page.add_init_script(FIREFOX_SHAPED_FAILURE)
    page.goto(app_url)
    page.wait_for_function("window.__panel", timeout=90_000)
    panel = page.evaluate("window.__panel")
    assert panel["shown"], panel
    detail = panel["detail"]
    assert detail.startswith("TypeError: python.mjs could not load pyodide.asm.wasm"), detail
    assert "@http://127.0.0.1/python.mjs:19:52" in detail
