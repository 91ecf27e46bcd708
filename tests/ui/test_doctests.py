"""The examples in the UI modules' docstrings are tests too."""

from __future__ import annotations

import doctest
import importlib

import pytest

from tests.examples import modules_with_examples

MODULES = [*modules_with_examples("app/ui")]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    assert result.attempted > 0
