"""The examples in the build tools' docstrings are tests too (tools.build's: tests/share)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["tools.zipping", "tools.debertz_start", "tools.stdlib"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    assert result.attempted > 0
