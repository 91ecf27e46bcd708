"""Reading the QR codes the app draws, as a test sees them: the SVG's modules, and the pixels a
camera would see (a screenshot, read with ZXing, the decoder behind many phone scanners)."""

from __future__ import annotations

import re
import struct
import zlib

import pytest

RUN = re.compile(r"M(\d+) (\d+)h(\d+)v1h-(\d+)z")
VIEWBOX = re.compile(r'viewBox="0 0 (\d+) (\d+)"')


def svg_modules(svg: str, border: int = 4) -> tuple[tuple[int, ...], ...]:
    """The dark modules of the app's QR code SVG (one ``M x y h n v1 h-n z`` run per stretch),
    without the quiet zone."""
    found = VIEWBOX.search(svg)
    assert found is not None, svg[:200]
    size = int(found.group(1)) - 2 * border
    rows = [[0] * size for _ in range(size)]
    path = re.search(r'<path d="([^"]*)"', svg)
    assert path is not None
    runs = RUN.findall(path.group(1))
    assert "".join(f"M{x} {y}h{n}v1h-{m}z" for x, y, n, m in runs) == path.group(1)
    for x, y, n, m in runs:
        assert n == m
        for column in range(int(x) - border, int(x) - border + int(n)):
            rows[int(y) - border][column] = 1
    return tuple(tuple(row) for row in rows)


def png_gray(data: bytes) -> tuple[int, int, bytes]:
    """Width, height and 8-bit grey pixels of a PNG screenshot (8-bit RGB or RGBA, no
    interlacing: what Chromium writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, chunks, header = 8, [], b""
    while position < len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        body = data[position + 8 : position + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    width, height, depth, colour, _c, _f, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour, interlace)
    step = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * step
    previous = bytearray(stride)
    grey = bytearray()
    for row in range(height):
        kind = raw[row * (stride + 1)]
        line = bytearray(raw[row * (stride + 1) + 1 : (row + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - step] if i >= step else 0
            up = previous[i]
            corner = previous[i - step] if i >= step else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                guess = left + up - corner
                near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up),
                           (abs(guess - corner), 2, corner))
                line[i] = (line[i] + near[2]) & 0xFF
        grey.extend((line[i] * 299 + line[i + 1] * 587 + line[i + 2] * 114) // 1000
                    for i in range(0, stride, step))
        previous = line
    return width, height, bytes(grey)


def read_qr(png: bytes) -> list[str]:
    """The texts of the QR codes ZXing finds in a PNG screenshot."""
    zxingcpp = pytest.importorskip("zxingcpp", reason="pip install -e '.[dev]' (zxing-cpp)")
    width, height, grey = png_gray(png)
    image = memoryview(grey).cast("B", (height, width))
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    return [code.text for code in found]
