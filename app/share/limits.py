"""Reading JSON that came from outside (a link, a file) without letting it stall the page.

Every reader here bounds what it accepts before the costly step: the size of the text, the
nesting depth before ``json.loads`` (Python's parser recurses), the size of decompressed data.

>>> read_json('{"a": [1, 2]}', max_chars=100, max_depth=3)
{'a': [1, 2]}
>>> read_json("[" * 50 + "]" * 50, max_chars=1000, max_depth=10)
Traceback (most recent call last):
...
app.share.limits.LimitError: too_deep: nested 50 levels deep, more than 10
"""

from __future__ import annotations

import json
import re
import zlib
from typing import Any

from app.jsonlimits import nesting_depth
from app.share.errors import ShareError


class LimitError(ShareError):
    """Outside data broke a limit or could not be read; ``code`` says which, ``params`` the
    figures (``too_long``, ``too_deep``, ``too_big``, ``not_json``, ``not_utf8``, ``damaged``)."""


def read_json(text: str, max_chars: int, max_depth: int) -> Any:
    """The JSON value of ``text``, refused when longer than ``max_chars`` or nested deeper than
    ``max_depth``; a syntax error names its line and column.

    >>> read_json('["\\\\ud83d\\\\ude00"]', 100, 5), read_json('"\\\\ud800"', 100, 5)
    Traceback (most recent call last):
    ...
    app.share.limits.LimitError: not_utf8: it holds a lone surrogate (\\ud800...)
    >>> read_json('{"a": 1,}', 100, 5)
    Traceback (most recent call last):
    ...
    app.share.limits.LimitError: not_json: Expecting property name enclosed in double quotes: line 1 column 9 (char 8)
    """
    if len(text) > max_chars:
        raise LimitError(
            "too_long", {"length": len(text), "max": max_chars},
            f"{len(text)} characters, more than {max_chars}",
        )
    opening = text.count("[") + text.count("{")  # never less than the depth: most texts stop here
    depth = nesting_depth(text) if opening > max_depth else 0
    if depth > max_depth:
        raise LimitError(
            "too_deep", {"depth": depth, "max": max_depth},
            f"nested {depth} levels deep, more than {max_depth}",
        )
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise LimitError("not_json", {"line": error.lineno, "column": error.colno}, str(error))
    except (ValueError, RecursionError) as error:
        raise LimitError("not_json", {"line": 0, "column": 0}, str(error))
    return utf8_checked(text, value)


def utf8_checked(text: str, value: Any) -> Any:
    """``value`` (parsed from ``text``), refused when ``text`` escapes a lone surrogate.

    >>> utf8_checked('[1, 2]', [1, 2])
    [1, 2]
    """
    if _SURROGATE.search(text) is not None:  # rare: only then is the value walked again
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise LimitError("not_utf8", {}, "it holds a lone surrogate (\\ud800...)") from None
    return value


_SURROGATE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
"""A ``\\uD800``-``\\uDFFF`` escape: half of a pair, or alone, which no UTF-8 text (nor a
record the browser stores) can hold."""


def inflate(data: bytes, max_bytes: int) -> bytes:
    """Decompress zlib ``data``, refusing more than ``max_bytes`` of output (a small link must
    not unpack into gigabytes) and anything cut short or damaged.

    >>> inflate(zlib.compress(b"x" * 10), 100)
    b'xxxxxxxxxx'
    >>> inflate(zlib.compress(b"x" * 10_000), 100)
    Traceback (most recent call last):
    ...
    app.share.limits.LimitError: too_big: unpacks to more than 100 bytes
    >>> inflate(zlib.compress(b"x" * 10)[:-3], 100)
    Traceback (most recent call last):
    ...
    app.share.limits.LimitError: damaged: the compressed data is cut short
    """
    unpacker = zlib.decompressobj()
    try:
        out = unpacker.decompress(data, max_bytes + 1)
    except zlib.error as error:
        raise LimitError("damaged", {}, f"the compressed data is damaged ({error})")
    if len(out) > max_bytes or unpacker.unconsumed_tail:
        raise LimitError("too_big", {"max": max_bytes}, f"unpacks to more than {max_bytes} bytes")
    if not unpacker.eof:
        raise LimitError("damaged", {}, "the compressed data is cut short")
    if unpacker.unused_data:
        raise LimitError("damaged", {}, "the compressed data is followed by more bytes")
    return out
