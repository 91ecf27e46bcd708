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
from typing import Self

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


def grouped(number: int, lang: str) -> str:
    """A count with its thousands set apart, as the language writes them.

    >>> grouped(10000, "uk"), grouped(1200, "en"), grouped(999, "ru")
    ('10\xa0000', '1,200', '999')
    """
    text = f"{number:,}"
    return text if lang == "en" else text.replace(",", "\u00a0")


class Grouped(int):
    """A count a text shows with its thousands set apart (:func:`grouped`), still the number
    its plural form is chosen by.

    >>> "{count} ігор".format(count=Grouped(56879, "uk")), int(Grouped(56879, "uk")) % 10
    ('56\xa0879 ігор', 9)
    """

    lang: str

    def __new__(cls, number: int, lang: str) -> Self:
        made = super().__new__(cls, number)
        made.lang = lang
        return made

    def __format__(self, spec: str) -> str:
        return grouped(int(self), self.lang) if not spec else format(int(self), spec)


def progress(element_id: str, text: str, done: int, total: int) -> str:
    """How far a long task is (a backup's restore, the statistics' reports): ``text``, said
    by screen readers as it changes, and a bar of ``done`` of ``total``.

    >>> progress("p", "2 of 3", 2, 3)
    '<p id="p" role="status" aria-live="polite" tabindex="-1">2 of 3</p><progress max="3" value="2" aria-hidden="true"></progress>'
    """
    return (
        f'<p id="{element_id}" role="status" aria-live="polite" tabindex="-1">{esc(text)}</p>'
        f'<progress max="{max(total, 1)}" value="{done}" aria-hidden="true"></progress>'
    )
