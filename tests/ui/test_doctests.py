"""The examples in the UI modules' docstrings are tests too."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "app.ui.core",
    "app.ui.drafts",
    "app.ui.reducer",
    "app.ui.general",
    "app.ui.prefs",
    "app.ui.fields",
    "app.ui.history",
    "app.ui.i18n",
    "app.ui.markup",
    "app.ui.saved_screen",
    "app.ui.scoring",
    "app.ui.state",
    "app.ui.views",
    "app.ui.views_common",
    "app.ui.nav",
    "app.ui.setup.draft",
    "app.ui.setup.actions",
    "app.ui.setup.views",
    "app.ui.games.actions",
    "app.ui.games.views",
    "app.ui.game.routes",
    "app.ui.game.views",
    "app.ui.hand.actions",
    "app.ui.help.actions",
    "app.ui.stats",
    "app.ui.stats.players",
    "app.ui.stats.report",
    "app.ui.stats.chart",
    "app.ui.stats.report_views",
    "app.ui.stats.views",
    "app.ui.sharing.actions",
    "app.ui.sharing.state",
    "app.ui.sharing.views",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    assert result.attempted > 0
