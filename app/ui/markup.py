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
from collections.abc import Iterable, Sequence

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


def side_name(members: Sequence[str]) -> str:
    """A side's name for a narrow place: a player's as :func:`words`; partners each on a line
    of their own (the second after ``&``), each cut with an ellipsis when wider than the line,
    so that a team always shows both.

    >>> side_name(["Оля"])
    '<span class="word">Оля</span>'
    >>> side_name(["Оля <b>", "Петро"])
    '<span class="member">Оля &lt;b&gt;</span> <span class="member">&amp; Петро</span>'
    """
    if len(members) == 1:
        return words(members[0])
    return " ".join(
        f'<span class="member">{esc(name if n == 0 else "& " + name)}</span>'
        for n, name in enumerate(members)
    )
