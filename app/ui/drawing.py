"""How the screen is being drawn: whole, or first only as far as a phone shows it.

A screen other than the one shown is drawn first without what a phone does not show at once
(the older parts of a sheet of hands, below the screen: ``app.ui.game.views.FIRST_HANDS``; the
figures in the statistics' closed player lines: ``app.ui.stats.views``); the page then draws
the whole screen once it is idle (``app.ui.views.render_first``, ``app/browser/shell.py``). A
view asks :func:`drawing` whether to leave such a piece out, and says that it did:

>>> drawing().leave()  # drawn whole: nothing is left out
False
>>> with first_screenful() as first:
...     left = drawing().leave()
>>> left, first.later, drawing().first
(True, True, False)
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass


@dataclass
class Drawing:
    """``first``: only what a screen shows first is drawn; ``later``: something was left out
    (for the whole screen to be drawn after it)."""

    first: bool = False
    later: bool = False

    def leave(self) -> bool:
        """Whether to leave out a piece the screen does not show first (noting it if so)."""
        if self.first:
            self.later = True
        return self.first


_DRAWING = Drawing()


def drawing() -> Drawing:
    """How the screen is drawn now."""
    return _DRAWING


@contextlib.contextmanager
def first_screenful() -> Iterator[Drawing]:
    """Within it, views draw only what a screen shows first; the ``Drawing`` says whether they
    left anything out."""
    global _DRAWING
    before, _DRAWING = _DRAWING, Drawing(first=True)
    try:
        yield _DRAWING
    finally:
        _DRAWING = before
