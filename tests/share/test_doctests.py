"""The examples in the sharing modules' docstrings are tests too."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["app.share", "app.share.bits", "app.share.errors", "app.share.limits", "app.share.link", "app.share.files",
           "app.share.backup", "app.share.qr", "tools.build"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    assert result.attempted > 0
