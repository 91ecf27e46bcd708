"""A link as a QR code drawn in SVG (segno encodes; the drawing is ours: one path, no styles).

segno's encoder (``app._vendor.segno``) is imported on the first call (or by :func:`warm`, which
the page calls while it is idle), so start-up does not load it. The code's mask is chosen by
:mod:`app.share.qr_masks`: the code segno makes with its own choice, in about half the time.
The link's uppercase tail (the base32 payload) goes into the code's alphanumeric mode, 5.5 bits
a character instead of 8: a 60-hand game fits a smaller code. Error correction is at least M
(15 % of the code may be unreadable: glare on a screen, a finger); segno raises it when that
costs no size.

>>> code = qr_code("https://example.org/debertz/#/shared/1ABCDEFGH234567")
>>> code.version, code.error, code.size
(4, 'M', 33)
>>> code.svg[:60]
'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 41 41" '
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

ALPHANUMERIC = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
"""The characters of a QR code's alphanumeric mode."""
MIN_TAIL = 16
"""A tail shorter than this is not worth its own segment (a segment header costs ~20 bits)."""
BORDER = 4
"""The quiet zone around the code, in modules (the standard asks for 4)."""


@dataclass(frozen=True)
class QrCode:
    """A drawn code: the SVG markup, its version (1-40), error level and width in modules."""

    svg: str
    version: int
    error: str
    size: int


def segments(text: str) -> list[tuple[str, None]]:
    """The text split for segno: the head as bytes, a long alphanumeric tail on its own.

    >>> segments("https://x.org/#/shared/1ABCDEFGHIJKLMNOPQ")
    [('https://x.org/#/shared', None), ('/1ABCDEFGHIJKLMNOPQ', None)]
    >>> segments("https://x.org/")
    [('https://x.org/', None)]
    """
    start = len(text)
    while start > 0 and text[start - 1] in ALPHANUMERIC:
        start -= 1
    if len(text) - start < MIN_TAIL or start == 0:
        return [(text, None)]
    return [(text[:start], None), (text[start:], None)]


def matrix(text: str) -> tuple[tuple[int, ...], ...]:
    """The code's modules, row by row (1 = dark), without the quiet zone."""
    return _encode(text)[0]


def qr_code(text: str) -> QrCode | None:
    """The QR code of ``text`` (computed once per text); None when the text is too long for
    any QR code (over 4,000 characters: a game of several hundred hands).

    >>> qr_code("A" * 5000) is None
    True
    """
    return _drawn(text)


def warm() -> None:
    """Import segno's encoder ahead of the first code (a start does not load it: the page does
    this while it is idle, so that the first tap on *Share* is as fast as the next)."""
    from app._vendor.segno import encoder  # noqa: F401
    from app.share import qr_masks  # noqa: F401


@functools.lru_cache(maxsize=8)
def _drawn(text: str) -> QrCode | None:
    try:
        modules, version, error = _encode(text)
    except ValueError:  # segno's DataOverflowError: more than a version 40 code holds
        return None
    return QrCode(draw_svg(modules), version, error, len(modules))


@functools.lru_cache(maxsize=8)
def _encode(text: str) -> tuple[tuple[tuple[int, ...], ...], int, str]:
    from app._vendor.segno import encoder
    from app.share import qr_masks  # segno's code, its mask chosen faster

    code = qr_masks.encode(segments(text))
    rows = tuple(tuple(1 if module else 0 for module in row) for row in code.matrix)
    return rows, int(code.version), str(encoder.get_error_name(code.error))


def draw_svg(modules: tuple[tuple[int, ...], ...]) -> str:
    """The modules as one SVG path of dark rectangles, one per run of a row, on white.

    The colours are fixed (dark on white, also in the dark theme): cameras read that best.

    >>> draw_svg(((1, 1, 0), (0, 1, 0), (1, 0, 1)))[-78:]
    '<path d="M4 4h2v1h-2zM5 5h1v1h-1zM4 6h1v1h-1zM6 6h1v1h-1z" fill="#000"/></svg>'
    """
    size = len(modules) + 2 * BORDER
    path = "".join(
        f"M{x + BORDER} {y + BORDER}h{run}v1h-{run}z"
        for y, row in enumerate(modules)
        for x, run in _runs(row)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        'shape-rendering="crispEdges" aria-hidden="true" focusable="false">'
        f'<rect width="{size}" height="{size}" fill="#fff"/><path d="{path}" fill="#000"/></svg>'
    )


def _runs(row: tuple[int, ...]) -> list[tuple[int, int]]:
    """``(start, length)`` of each run of dark modules in a row.

    >>> _runs((0, 1, 1, 0, 1))
    [(1, 2), (4, 1)]
    """
    found: list[tuple[int, int]] = []
    start = None
    for x, dark in enumerate((*row, 0)):
        if dark and start is None:
            start = x
        elif not dark and start is not None:
            found.append((start, x - start))
            start = None
    return found
