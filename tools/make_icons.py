"""Draw the app icons (two playing cards, a red heart on the front one) as PNG files, and the
monochrome one (the same cards as a silhouette, the heart cut out: the system paints it in one
colour, so only its alpha counts).

Drawn with the standard library (zlib + struct), then recompressed by ZopfliPNG (the dev
dependency ``zopfli``; lossless: a palette where the colours fit one, 9.9 kB less for the five, all
in the precache). The PNGs are committed; run this again only to change them (32 s):

    make icons

Shapes are signed-distance style tests on the unit square, averaged over 4x4 samples per pixel
for smooth edges.
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

import zopfli.png  # type: ignore[import-untyped]  # no stubs: optimize(bytes) -> bytes

Color = tuple[int, int, int, int]
Shape = Callable[[float, float], bool]

GREEN: Color = (31, 81, 53, 255)
PAPER: Color = (255, 253, 247, 255)
CREAM: Color = (226, 219, 196, 255)
RED: Color = (190, 30, 45, 255)
CLEAR: Color = (0, 0, 0, 0)
SAMPLES = 4

ICONS: dict[str, tuple[int, str]] = {
    "icon-192.png": (192, "any"),
    "icon-512.png": (512, "any"),
    "maskable-512.png": (512, "maskable"),
    "apple-touch-icon.png": (180, "apple"),
    "monochrome-512.png": (512, "monochrome"),
}
GAP = 0.025
"""Monochrome: the clear margin around the front card where it lies over the back one."""


def rounded_rect(x0: float, y0: float, x1: float, y1: float, r: float) -> Shape:
    """Inside test of an axis-aligned rectangle with rounded corners."""

    def inside(x: float, y: float) -> bool:
        dx = max(x0 + r - x, 0.0, x - (x1 - r))
        dy = max(y0 + r - y, 0.0, y - (y1 - r))
        return x0 <= x <= x1 and y0 <= y <= y1 and dx * dx + dy * dy <= r * r

    return inside


def rotated(shape: Shape, degrees: float, cx: float, cy: float) -> Shape:
    """The shape turned by ``degrees`` around (cx, cy)."""
    cos, sin = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))

    def inside(x: float, y: float) -> bool:
        dx, dy = x - cx, y - cy
        return shape(cx + dx * cos + dy * sin, cy - dx * sin + dy * cos)

    return inside


def heart(cx: float, cy: float, size: float) -> Shape:
    """The classic heart curve (x² + y² - 1)³ <= x² y³, point down."""

    def inside(x: float, y: float) -> bool:
        u = (x - cx) / size
        v = (cy - y) / size + 0.1
        return (u * u + v * v - 1) ** 3 - u * u * v**3 <= 0

    return inside


def scene(scale: float) -> list[tuple[Shape, Color]]:
    """The cards, scaled about the centre by ``scale`` (1 = the 'any' icon layout)."""

    def at(shape_of: Callable[[Callable[[float], float]], Shape]) -> Shape:
        return shape_of(lambda t: 0.5 + (t - 0.5) * scale)

    back = at(
        lambda s: rotated(
            rounded_rect(s(0.26), s(0.2), s(0.66), s(0.8), 0.05 * scale), -14, s(0.46), s(0.5)
        )
    )
    front = at(
        lambda s: rotated(
            rounded_rect(s(0.36), s(0.22), s(0.76), s(0.82), 0.05 * scale), 8, s(0.56), s(0.52)
        )
    )
    mark = at(lambda s: rotated(heart(s(0.56), s(0.52), 0.11 * scale), 8, s(0.56), s(0.52)))
    return [(back, CREAM), (front, PAPER), (mark, RED)]


def silhouette(scale: float) -> list[tuple[Shape, Color]]:
    """The cards in one colour on nothing: the back card with room cleared around the front
    one, the front card with the heart cut out (both inside the maskable safe circle)."""
    (back, _), (front, _), (mark, _) = scene(scale)

    def s(t: float) -> float:
        return 0.5 + (t - 0.5) * scale

    around = rotated(
        rounded_rect(s(0.36) - GAP, s(0.22) - GAP, s(0.76) + GAP, s(0.82) + GAP, (0.05 + GAP) * scale),
        8, s(0.56), s(0.52),
    )

    def back_only(x: float, y: float) -> bool:
        return back(x, y) and not around(x, y)

    def front_only(x: float, y: float) -> bool:
        return front(x, y) and not mark(x, y)

    return [(back_only, PAPER), (front_only, PAPER)]


Layout = tuple[Shape, Color, list[tuple[Shape, Color]]]


def layout(kind: str) -> Layout:
    """Background shape, its colour and the scene for one icon purpose."""
    if kind == "monochrome":  # nothing behind the cards; inside the maskable safe circle
        return rounded_rect(0.0, 0.0, 1.0, 1.0, 0.0), CLEAR, silhouette(0.72)
    if kind == "any":
        return rounded_rect(0.02, 0.02, 0.98, 0.98, 0.2), GREEN, scene(1.0)
    if kind == "maskable":  # full bleed; content inside the 80% safe circle
        return rounded_rect(0.0, 0.0, 1.0, 1.0, 0.0), GREEN, scene(0.72)
    return rounded_rect(0.0, 0.0, 1.0, 1.0, 0.0), GREEN, scene(0.86)  # apple: iOS rounds it


def pixel(x: float, y: float, drawn: Layout) -> Color:
    """Colour of the topmost shape at one sample point."""
    background, color, shapes = drawn
    if not background(x, y):
        return CLEAR
    for shape, fill in shapes:
        if shape(x, y):
            color = fill
    return color


def render(size: int, kind: str) -> bytes:
    """RGBA rows of one icon, each prefixed with PNG filter byte 0."""
    drawn = layout(kind)
    step = 1.0 / (size * SAMPLES)
    rows = bytearray()
    for py in range(size):
        rows.append(0)
        for px in range(size):
            total = [0, 0, 0, 0]
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    x = (px * SAMPLES + sx + 0.5) * step
                    y = (py * SAMPLES + sy + 0.5) * step
                    r, g, b, a = pixel(x, y, drawn)
                    total = [total[0] + r * a, total[1] + g * a, total[2] + b * a, total[3] + a]
            alpha = total[3]
            n = SAMPLES * SAMPLES
            if alpha == 0:
                rows += bytes(4)
            else:
                rows += bytes(
                    [
                        round(total[0] / alpha),
                        round(total[1] / alpha),
                        round(total[2] / alpha),
                        round(alpha / n),
                    ]
                )
    return bytes(rows)


def png(size: int, rgba_rows: bytes) -> bytes:
    """A complete PNG file (8-bit RGBA) from filtered rows."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rgba_rows, 9))
        + chunk(b"IEND", b"")
    )


def main(out: Path) -> None:
    """Write every icon into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    for name, (size, kind) in ICONS.items():
        optimized: bytes = zopfli.png.optimize(png(size, render(size, kind)))
        (out / name).write_bytes(optimized)
        print(f"{out / name}: {size}x{size} {kind}")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "app/static/icons"))
