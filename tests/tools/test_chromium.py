"""The one place that says how Chromium is started (tests, benchmarks, screenshots)."""

import doctest

import pytest

import tools.chromium
from tools.chromium import launch_options


def test_chromium_docstring_examples_hold() -> None:
    assert doctest.testmod(tools.chromium).failed == 0


def test_launch_options_keep_the_callers_own_arguments() -> None:
    options = launch_options({"args": ["--mute-audio"], "headless": True})
    assert options["headless"] is True
    assert options["args"][0] == "--mute-audio"
    assert "--disable-background-networking" in options["args"]


def test_the_tests_take_the_headless_shell_where_it_is_and_a_window_takes_the_browser(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    browser, shell = tools.chromium.CHROMIUM, tools.chromium.HEADLESS_SHELL
    there = {browser, shell}
    monkeypatch.setattr(tools.chromium.os.path, "exists", lambda path: path in there)
    assert launch_options(shell=True)["executable_path"] == shell
    assert launch_options({"headless": True}, shell=True)["executable_path"] == shell
    assert launch_options({"headless": False}, shell=True)["executable_path"] == browser
    assert launch_options()["executable_path"] == browser
    there.discard(shell)
    assert launch_options(shell=True)["executable_path"] == browser
