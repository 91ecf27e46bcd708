"""The site's zip archives (app.zip, the standard library), deflated by Zopfli.

Zopfli writes the same Deflate streams every zip reader inflates (Python's ``zipimport`` and
``zipfile`` in the page), about 3.5 % smaller than zlib's best level, at a hundred times the CPU:
measured on 5 Dec 2026, app.zip 454,939 -> 440,646 bytes and the standard library 916,223 ->
884,836 (``numiterations=1, blocksplittingmax=3``; 15 iterations gained 1.2 kB more for three
times the time). So each entry's stream is kept in :data:`CACHE`, under a hash of its bytes, and
a build deflates only what changed.

Python's ``zipfile`` deflates with zlib only, so :func:`write_zip` writes the archive itself
(local headers, central directory, end record; no ZIP64: the site's archives are megabytes).

>>> data = write_zip({"a.txt": b"deberc " * 100, "ui/b.pyc": b""}, cache=None)
>>> archive = zipfile.ZipFile(io.BytesIO(data))
>>> [(i.filename, i.file_size, i.date_time) for i in archive.infolist()]
[('a.txt', 700, (2026, 1, 1, 0, 0, 0)), ('ui/b.pyc', 0, (2026, 1, 1, 0, 0, 0))]
>>> archive.read("a.txt") == b"deberc " * 100, archive.testzip() is None
(True, True)
"""

from __future__ import annotations

import hashlib
import io
import struct
import zipfile
import zlib
from collections.abc import Mapping
from pathlib import Path

import zopfli.zopfli  # type: ignore[import-untyped]  # no stubs: compress(bytes, **settings) -> bytes

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache/zopfli"
"""Deflated streams by the SHA-256 of their input (and the settings): a rebuild reads them."""
SETTINGS = {"numiterations": 1, "blocksplittingmax": 3}
ZIP_TIME = (2026, 1, 1, 0, 0, 0)
"""Every entry's date: the archives are reproducible (the same files, the same bytes)."""
MODE = 0o644 << 16
"""Every entry's Unix permissions (rw-r--r--), as ``zipfile`` reads them back."""


def deflate(data: bytes, cache: Path | None = CACHE) -> bytes:
    """``data`` as a raw Deflate stream (a zip entry's method 8), by Zopfli, cached in ``cache``.

    >>> zlib.decompress(deflate(b"bait " * 50, cache=None), -15) == b"bait " * 50
    True
    """
    key = hashlib.sha256(repr(sorted(SETTINGS.items())).encode() + data).hexdigest()
    kept = cache / key if cache is not None else None
    if kept is not None and kept.is_file():
        return kept.read_bytes()
    stream: bytes = zopfli.zopfli.compress(data, **SETTINGS)[2:-4]  # the zlib header, Adler-32 off
    if zlib.decompress(stream, -15) != data:
        raise ValueError("Zopfli's stream does not inflate to its input")
    if kept is not None:
        kept.parent.mkdir(parents=True, exist_ok=True)
        partial = kept.with_suffix(".partial")
        partial.write_bytes(stream)
        partial.replace(kept)  # whole or not at all: parallel builds share the folder
    return stream


def write_zip(entries: Mapping[str, bytes], cache: Path | None = CACHE) -> bytes:
    """A zip archive of ``entries`` (name -> bytes) in name order, each deflated by Zopfli,
    dated :data:`ZIP_TIME` with :data:`MODE`: the same input gives the same bytes."""
    out = io.BytesIO()
    directory = []
    for name in sorted(entries):
        data = entries[name]
        stream = deflate(data, cache)
        head = _head(name, data, stream)
        # its central directory entry: made by zip 2.0 (20) on Unix (3), the local header's
        # fields from "version needed" to the extra field's length, no comment, disk 0, the
        # permissions, where the local header is, the name
        directory.append(struct.pack("<IBB", 0x02014B50, 20, 3) + head[4:30]
                         + struct.pack("<HHHII", 0, 0, 0, MODE, out.tell()) + head[30:])
        out.write(head)
        out.write(stream)
    start = out.tell()
    for entry in directory:
        out.write(entry)
    count = len(directory)
    out.write(struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, out.tell() - start, start, 0))
    return out.getvalue()


def _head(name: str, data: bytes, stream: bytes) -> bytes:
    """An entry's local file header: version 2.0 needed, UTF-8 names flagged, method 8."""
    encoded = name.encode("utf-8")
    flags = 0 if encoded.isascii() else 0x800
    year, month, day, hour, minute, second = ZIP_TIME
    time = hour << 11 | minute << 5 | second // 2
    date = (year - 1980) << 9 | month << 5 | day
    return struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, flags, 8, time, date, zlib.crc32(data),
                       len(stream), len(data), len(encoded), 0) + encoded


def rezip(data: bytes, cache: Path | None = CACHE) -> bytes:
    """The zip archive ``data`` written again by :func:`write_zip` (its entries, their names).

    >>> plain = io.BytesIO()
    >>> with zipfile.ZipFile(plain, "w", zipfile.ZIP_DEFLATED) as archive:
    ...     archive.writestr("re/_parser.pyc", b"\\x00" * 900)
    >>> zipfile.ZipFile(io.BytesIO(rezip(plain.getvalue(), cache=None))).read("re/_parser.pyc")[:2]
    b'\\x00\\x00'
    """
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return write_zip({name: archive.read(name) for name in archive.namelist()}, cache)
