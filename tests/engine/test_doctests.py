"""The short examples in the engine's docstrings are true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["app.engine", "app.engine.errors", "app.engine.checks", "app.engine.rules",
           "app.engine.records", "app.engine.scoring", "app.engine.claims", "app.engine.model",
           "app.engine.__main__"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
