"""JSON text read with a limit on nesting, so that damaged or hostile text cannot stop the app.

Python's ``json`` parser recurses once per nested bracket. In the browser (Pyodide) about 10,000
nested brackets overflow the WebAssembly stack, which is a fatal error of the interpreter, not a
``RecursionError`` that could be caught. So every JSON text that did not come from this app's own
code (stored records, shared links, imported files) is measured first, without recursion and
mostly in C (about half the time of the parse itself), and refused when it nests deeper than any
record of ours.

>>> loads('{"players": ["Оля", "Петро"]}')
{'players': ['Оля', 'Петро']}
>>> loads("[" * 100_000 + "]" * 100_000)
Traceback (most recent call last):
...
app.jsonlimits.TooDeep: JSON nested deeper than 64 levels
>>> nesting_depth('{"a": [1, {"b": "[[[["}]}')
3
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any, Final

MAX_DEPTH: Final = 64
"""Deeper than any record the app writes (a game is about 6 levels deep)."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
"""A string literal (an unterminated one at the end too): its brackets do not nest."""
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}
_NOT_MARK = bytes(byte for byte in range(256) if byte not in b'[]{}"')
_NOT_BRACKET = bytes(byte for byte in range(256) if byte not in b"[]{}")
_ONE_KIND = bytes.maketrans(b"{}", b"[]")
QUICK_PASSES = 16
"""The most times :func:`nesting_depth` takes the innermost pairs out before it counts."""


class TooDeep(ValueError):
    """The text nests deeper than the limit."""


def nesting_depth(text: str) -> int:
    """The deepest the parser would recurse into the brackets of a JSON text.

    It is the greatest number of brackets open at once, outside string literals. Text whose
    brackets do not match is measured the same way: the parser stops at the first mismatch.

    >>> nesting_depth("[]"), nesting_depth("1"), nesting_depth('[["]]]"], {}]')
    (1, 0, 2)
    >>> nesting_depth("[[[[" * 1000)
    4000
    """
    if "\\" in text:
        outside = _STRING.sub("", text).encode("utf-8", "surrogatepass")
    else:  # no escapes: string literals hold no quote, so quotes alternate in and out. With all
        # but quotes and brackets gone, two quotes side by side hold no bracket between them:
        # taken out first, the strings left to split on are the few that hold a bracket.
        marks = text.encode("utf-8", "surrogatepass").translate(None, _NOT_MARK)
        outside = b"".join(marks.replace(b'""', b"").split(b'"')[::2])
    found = outside.translate(None, _NOT_BRACKET)  # (no UTF-8 byte of another character is one)
    # Balanced brackets (any text the parser reads whole): the depth is how many times the
    # innermost pairs can be taken out, each time in one pass in C; a few passes at most
    # (a game is about 6 deep), else each bracket is counted in Python, as for any other text.
    brackets = found.translate(_ONE_KIND)
    for height in range(QUICK_PASSES + 1):
        if not brackets:
            return height
        if b"[]" not in brackets:
            break
        brackets = brackets.replace(b"[]", b"")
    return max(accumulate(map(_STEP.__getitem__, found)), default=0)


def loads(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads(text)`` for text nesting at most ``max_depth`` levels, else :class:`TooDeep`.

    Other faults raise ``ValueError`` as ``json.loads`` does.

    >>> loads('[1, [2, [3]]]', max_depth=2)
    Traceback (most recent call last):
    ...
    app.jsonlimits.TooDeep: JSON nested deeper than 2 levels
    """
    opening = text.count("[") + text.count("{")  # never less than the depth: most texts stop here
    if opening > max_depth and nesting_depth(text) > max_depth:
        raise TooDeep(f"JSON nested deeper than {max_depth} levels")
    return json.loads(text)
