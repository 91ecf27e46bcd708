"""The examples in the docstrings of the app's own top-level modules (``app/*.py``: the name
rule, storage, change logs, replays...) are tests too; each folder's modules have their own
(tests/ui, tests/share, tests/engine). The examples of ``app/names.py`` had stopped parsing
(a line separator in a docstring) and no test said so."""

from __future__ import annotations

import doctest
import importlib

import pytest

from tests.examples import ROOT, modules_with_examples

MODULES = [name for name in modules_with_examples("app")
           if (ROOT / "app" / f"{name.removeprefix('app.')}.py").exists()]


def test_every_top_level_module_with_examples_is_run() -> None:
    assert "app.names" in MODULES and "app.storage" in MODULES and "app.main" not in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    assert result.attempted > 0
