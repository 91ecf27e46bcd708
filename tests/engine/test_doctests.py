"""The short examples in the engine's docstrings are true."""

from __future__ import annotations

import doctest
import importlib

import pytest

from tests.examples import modules_with_examples

MODULES = [*modules_with_examples("app/engine")]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
