"""Tiny helpers for building escaped HTML strings.

>>> esc('<img src=x onerror=alert(1)>')
'&lt;img src=x onerror=alert(1)&gt;'
>>> attrs({"data-action": "taker", "data-seat": 2, "disabled": False, "hidden": True})
' data-action="taker" data-seat="2" hidden'
"""

from __future__ import annotations

import html as _html
from collections.abc import Iterable, Mapping

AttrValue = str | int | bool | None


def esc(value: object) -> str:
    """Escape any value for use as HTML text or inside a quoted attribute."""
    return _html.escape(str(value), quote=True)


def attrs(values: Mapping[str, AttrValue]) -> str:
    """Render attributes: ``True`` writes a bare name, ``False``/``None`` leaves it out."""
    parts: list[str] = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        if value is True:
            parts.append(f" {name}")
        else:
            parts.append(f' {name}="{esc(value)}"')
    return "".join(parts)


def tag(name: str, body: str = "", **values: AttrValue) -> str:
    """One element; attribute names use ``_`` for ``-`` and a trailing ``_`` for keywords.

    >>> tag("button", "ok", class_="big", data_action="save")
    '<button class="big" data-action="save">ok</button>'
    """
    named = {key.rstrip("_").replace("_", "-"): value for key, value in values.items()}
    return f"<{name}{attrs(named)}>{body}</{name}>"


def join(parts: Iterable[str]) -> str:
    """Concatenate rendered fragments."""
    return "".join(parts)
