"""The one place that says how Chromium is started (tests, benchmarks, screenshots)."""

import doctest

import tools.chromium
from tools.chromium import launch_options


def test_chromium_docstring_examples_hold() -> None:
    assert doctest.testmod(tools.chromium).failed == 0


def test_launch_options_keep_the_callers_own_arguments() -> None:
    options = launch_options({"args": ["--mute-audio"], "headless": True})
    assert options["headless"] is True
    assert options["args"][0] == "--mute-audio"
    assert "--disable-background-networking" in options["args"]
