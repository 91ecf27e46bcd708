"""Tiny helpers for building escaped HTML strings.

>>> esc('<img src=x onerror=alert(1)>')
'&lt;img src=x onerror=alert(1)&gt;'
>>> join(["<b>", esc("Оля & Іван"), "</b>"])
'<b>Оля &amp; Іван</b>'
"""

from __future__ import annotations

import html as _html
from collections.abc import Iterable


def esc(value: object) -> str:
    """Escape any value for use as HTML text or inside a quoted attribute."""
    return _html.escape(str(value), quote=True)


def join(parts: Iterable[str]) -> str:
    """Concatenate rendered fragments."""
    return "".join(parts)
