"""Tiny helpers for building escaped HTML strings.

>>> esc('<img src=x onerror=alert(1)>')
'&lt;img src=x onerror=alert(1)&gt;'
>>> join(["<b>", esc("Оля & Іван"), "</b>"])
'<b>Оля &amp; Іван</b>'
>>> words("Анна-Марія & Іван")
'<span class="word">Анна-</span><span class="word">Марія</span> <span class="word">&amp;</span> <span class="word">Іван</span>'
"""

from __future__ import annotations

import html as _html
import re
from collections.abc import Iterable

_PIECE = re.compile(r"[^-]+-?|-")


def esc(value: object) -> str:
    """Escape any value for use as HTML text or inside a quoted attribute."""
    return _html.escape(str(value), quote=True)


def join(parts: Iterable[str]) -> str:
    """Concatenate rendered fragments."""
    return "".join(parts)


def words(text: str) -> str:
    """A name for a narrow place: escaped, each word (and each part of a hyphenated word) in a
    ``word`` box that the page cuts with an ellipsis when it is wider than the line, so that a
    name wraps between words and never breaks inside one."""
    return " ".join(
        join(f'<span class="word">{esc(piece)}</span>' for piece in _PIECE.findall(word))
        for word in text.split()
    )
