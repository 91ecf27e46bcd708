"""A QR code as segno makes it, with its mask chosen faster than segno chooses it.

segno (vendored unmodified, ``app._vendor.segno``) tries each of the eight data masks on the
symbol module by module in Python and scores each (ISO/IEC 18004:2015 7.8.3): for a 60-hand
game's link (version 10) on CPython, 12.6 ms where it takes 3.7 with its mask given. A tap on
*Share* after each new hand draws a new code. Here segno makes the code with mask 0, the symbol
as it was before masking is recovered from it, and each mask is applied and scored with a row
as one integer or one ``bytes``, so that the XORs, runs and blocks are worked out by C code.
The best mask (the lowest score, the first of equal ones, as segno) is applied and its format
information written by segno's own functions: the code is the very one segno makes with its own
choice (``tests/share/test_qr_masks.py`` compares them over many texts). A 60-hand
game's first code at 4x CPU in the page: 137-197 ms with segno's choice, 44-96 ms with this one.

>>> from app._vendor.segno import encoder
>>> ours, segnos = encode("HELLO"), encoder.encode("HELLO", error="m", micro=False)
>>> (ours.version, ours.mask, ours.matrix) == (segnos.version, segnos.mask, segnos.matrix)
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, NamedTuple

_N3 = bytes((1, 0, 1, 1, 1, 0, 1))
"""Dark, light, dark x3, light, dark: the finder-like pattern (the N3 penalty)."""
_GAP = b"\xff"
"""Between two lines searched as one: no module is 0xff, so no run or pattern goes across."""


class Code(NamedTuple):
    """What :func:`encode` gives: the modules row by row, the version, error level and mask."""

    matrix: tuple[bytearray, ...]
    version: int
    error: int
    mask: int


class _Layout(NamedTuple):
    """What a symbol of one width has before its data: rows as integers, one byte a module."""

    region: tuple[int, ...]  # 1 where data goes (the modules a mask changes)
    fixed: tuple[int, ...]  # the function patterns and reserved areas, 0 in the data region
    masks: tuple[tuple[int, ...], ...]  # each mask's 1s, in the data region only
    after_first: int  # 1 in every module but the first of the row


def encode(content: Any) -> Code:
    """The QR code of ``content`` (text, or segno's segments) at error level M, as
    ``encoder.encode(content, error="m", micro=False)`` makes it."""
    from app._vendor.segno import encoder  # (imported when a code is first made, not at start)

    plain = encoder.encode(content, error="m", micro=False, mask=0)
    width = len(plain.matrix)
    layout = _layout(width)
    unmasked = [
        ((int.from_bytes(row, "big") ^ mask) & region) | fixed
        for row, mask, region, fixed in zip(
            plain.matrix, layout.masks[0], layout.region, layout.fixed, strict=True
        )
    ]
    masked = [
        [(row ^ bits).to_bytes(width, "big") for row, bits in zip(unmasked, mask, strict=True)]
        for mask in layout.masks
    ]
    scores = [penalty(rows, layout) for rows in masked]
    best = scores.index(min(scores))  # the first of the lowest, as segno
    matrix = tuple(bytearray(row) for row in masked[best])
    encoder.add_format_info(matrix, plain.version, plain.error, best)
    encoder.add_version_info(matrix, plain.version)
    return Code(matrix, plain.version, plain.error, best)


@functools.lru_cache(maxsize=4)
def _layout(width: int) -> _Layout:
    """The data region and the eight masks of a (not Micro) QR code of ``width`` modules,
    built by segno's functions as its mask choice builds them."""
    from app._vendor.segno import encoder

    base = encoder.make_matrix(width, width)
    encoder.add_finder_patterns(base, width, width)
    encoder.add_alignment_patterns(base, width, width)
    region_rows = [bytearray(1 if value > 1 else 0 for value in row) for row in base]
    region_rows[-8][8] = 0  # the dark module (segno: function_matrix[-8][8] = 0x1)
    functions = encoder.get_data_mask_functions(False)
    masks = []
    for function in functions:
        rows = []
        for i, data_row in enumerate(region_rows):
            period = bytes(1 if function(i, j) else 0 for j in range(6))  # every mask: j mod 6
            pattern = (period * (width // 6 + 1))[:width]
            rows.append(int.from_bytes(pattern, "big") & int.from_bytes(data_row, "big"))
        masks.append(tuple(rows))
    region = tuple(int.from_bytes(row, "big") for row in region_rows)
    fixed = tuple(  # base: 0x2 where data goes; the dark module's place is still 0 here
        int.from_bytes(bytes(0 if value > 1 else value for value in row), "big") & ~data
        for row, data in zip(base, region, strict=True)
    )
    after_first = int.from_bytes(b"\x00" + b"\x01" * (width - 1), "big")
    return _Layout(region, fixed, tuple(masks), after_first)


def penalty(rows: Sequence[bytes], layout: _Layout) -> int:
    """segno's ``evaluate_mask`` of these rows (N1 + N2 + N3 + N4 of ISO/IEC 18004:2015
    7.8.3.1, with segno's reading of N3). The rows and the columns are searched as one
    ``bytes``, a line apart by a byte no module has."""
    size = len(rows)
    lines = _GAP.join((*rows, *(bytes(column) for column in zip(*rows, strict=True))))
    n1 = _n1(lines)
    n3 = _n3(lines, size)
    n2 = 0
    previous = None
    for row in rows:
        current = int.from_bytes(row, "big")
        if previous is not None:  # all four of a 2x2 block the same
            different = _nonzero(current ^ (current >> 8)) | _nonzero(previous ^ (previous >> 8))
            different |= _nonzero(current ^ previous)
            n2 += 3 * (layout.after_first & ~different).bit_count()  # after_first: lowest bits
        previous = current
    percent = float(sum(b"".join(rows))) / (size**2)
    n4 = 10 * int(abs(percent * 100 - 50) / 5)
    return n1 + n2 + n3 + n4


def _n1(lines: bytes) -> int:
    """The N1 penalty of every line: 3 + i for each run of 5 + i equal modules. A run of
    length L has L - 4 windows of 5 equal modules and L - 5 of 6, and 3(L - 4) - 2(L - 5) is
    L - 2: so the windows are counted, all lines at once, as bits of one integer."""
    whole = int.from_bytes(lines, "big")
    ones = int.from_bytes(b"\x01" * len(lines), "big")
    equal = ones & ~_nonzero(whole ^ (whole >> 8)) & ~(1 << 8 * (len(lines) - 1))
    fives = equal & (equal >> 8) & (equal >> 16) & (equal >> 24)  # a module and the 4 before
    sixes = fives & (equal >> 32)
    return 3 * fives.bit_count() - 2 * sixes.bit_count()


def _nonzero(bits: int) -> int:
    """1 in the lowest bit of each byte that is not 0, and maybe in others (mask with ones)."""
    bits |= bits >> 1
    bits |= bits >> 2
    return bits | (bits >> 4)


def _n3(lines: bytes, size: int) -> int:
    """segno's ``n3_pattern_occurrences`` (its reading of the N3 rule) over every line of
    ``lines`` (each ``size`` modules, then a gap byte)."""
    count = 0
    index = lines.find(_N3)
    while index != -1:
        start = index - index % (size + 1)  # the line's first module
        line = lines[start : start + size]
        at = index - start
        offset = at + 7
        if (
            at in (0, size - 7)
            or not any(line[max(at - 4, 0) : min(at, size)])
            or not any(line[max(offset, 0) : min(offset + 4, size)])
        ):
            count += 40
        else:
            offset = at + 4
        index = lines.find(_N3, start + offset)
    return count
