"""Reading JSON that came from outside (a link, a file) without letting it stall the page.

Every reader here bounds what it accepts before the costly step: the size of the text, the
nesting depth before Python's parser (it recurses) reads it with :data:`DECODER`, the size of
decompressed data.

>>> read_json('{"a": [1, 2]}', max_chars=100, max_depth=3)
{'a': [1, 2]}
>>> read_json("[" * 50 + "]" * 50, max_chars=1000, max_depth=10)
Traceback (most recent call last):
...
app.share.limits.LimitError: too_deep: nested 50 levels deep, more than 10
"""

from __future__ import annotations

import json
import math
import re
import sys
import zlib
from typing import Any

from app.jsonlimits import nesting_depth
from app.share.errors import ShareError


class LimitError(ShareError):
    """Outside data broke a limit or could not be read; ``code`` says which, ``params`` the
    figures (``too_long``, ``too_deep``, ``too_big``, ``not_json``, ``not_utf8``, ``damaged``,
    ``bad_number``)."""


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
        value = DECODER.decode(text)
    except json.JSONDecodeError as error:
        raise LimitError("not_json", {"line": error.lineno, "column": error.colno}, str(error))
    except ValueError as error:  # a number no game can hold (or Python's digit limit)
        found = bad_number_at(text)
        if found is not None:
            raise _bad_number_error(text, *found) from None
        raise LimitError("not_json", {"line": 0, "column": 0}, str(error)) from None
    except RecursionError as error:
        raise LimitError("not_json", {"line": 0, "column": 0}, str(error))
    return utf8_checked(text, value)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _finite(digits: str) -> float:
    value = float(digits)
    if not math.isfinite(value):
        raise ValueError(f"{digits[:20]} is beyond any number stored")
    return value


DECODER = json.JSONDecoder(parse_constant=_no_constant, parse_float=_finite)
"""Python's JSON parser without what no stored record can hold (it is written with
``allow_nan=False``): ``NaN`` and ``Infinity`` (not JSON), a float beyond range (``1e999``,
else read as infinity); an integer of more digits than Python reads raises as well. Integers
are read by the parser's own code, as before (a hook would be called for each).

>>> DECODER.decode('[1, 2.5, -3e2]')
[1, 2.5, -300.0]
>>> read_json('{"note": NaN}', 100, 5)
Traceback (most recent call last):
...
app.share.limits.LimitError: bad_number: line 1, column 10 holds NaN
>>> read_json('[0, 1e999]', 100, 5)
Traceback (most recent call last):
...
app.share.limits.LimitError: bad_number: line 1, column 5 holds 1e999
"""

_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|(NaN|-?Infinity|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)')
"""A string (skipped whole), or a number or constant outside strings."""

MAX_DIGITS = sys.get_int_max_str_digits() or 4300
"""The most digits an integer read from outside may have (Python's own limit for reading one)."""


def bad_number_at(text: str, start: int = 0) -> tuple[int, str] | None:
    """Where ``text`` holds the first number :data:`DECODER` refuses, and that number (its first
    40 characters, and an ellipsis if it goes on), or None.

    >>> bad_number_at('{"a": "NaN", "b": [1, -Infinity]}')
    (22, '-Infinity')
    """
    for found in _TOKEN.finditer(text, start):
        token = found.group(1)
        if token is not None and not _holdable(token):
            return found.start(), _shown(token)
    return None


def _holdable(token: str) -> bool:
    """Whether a JSON number (or constant) is one :data:`DECODER` reads."""
    digits = token.lstrip("-")
    if digits.isdigit():
        return len(digits) <= MAX_DIGITS
    return token not in ("NaN", "Infinity", "-Infinity") and math.isfinite(float(token))


def _shown(token: str) -> str:
    return token if len(token) <= 40 else token[:40] + "…"


def bad_number(text: str, start: int) -> LimitError:
    """The error for the first number of ``text`` from ``start`` that no game can hold."""
    pos, token = bad_number_at(text, start) or (start, "")
    return _bad_number_error(text, pos, token)


def _bad_number_error(text: str, pos: int, token: str) -> LimitError:
    line = text.count("\n", 0, pos) + 1
    column = pos - text.rfind("\n", 0, pos)
    return LimitError("bad_number", {"line": line, "column": column, "number": token},
                      f"line {line}, column {column} holds {token}")


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
