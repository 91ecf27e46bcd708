"""The examples in the UI modules' docstrings are tests too."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "app.ui.actions", "app.ui.history", "app.ui.i18n", "app.ui.markup", "app.ui.scoring",
    "app.ui.setup", "app.ui.state", "app.ui.views", "app.ui.views_common", "app.ui.views_game",
    "app.ui.views_setup", "app.ui.stats", "app.ui.stats.players", "app.ui.stats.report",
    "app.ui.views_chart", "app.ui.views_report", "app.ui.views_stats",
    "app.ui.sharing.actions", "app.ui.sharing.state", "app.ui.sharing.views",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    assert result.attempted > 0
