"""The code that ``@dataclass`` and ``NamedTuple`` classes generate as they are made, compiled
at build time instead of at every start without a snapshot.

Python makes a dataclass's ``__init__``, ``__repr__``, ``__eq__``... by writing their source and
compiling it (``exec`` in ``dataclasses``, ``eval`` in ``collections.namedtuple``) as each class
is made, at every import: under Pyodide ~1.4 ms a dataclass at 1x CPU, 70 % of it the compile,
and the app makes about 75 such classes as its modules are imported (on a first visit, and at
the first start after an update of its Python, which have no snapshot of them). The build
imports the app's modules under the shipped Pyodide with :func:`compiled_ahead` recording,
and ships each code object by its source (:data:`GENERATED_FILE` in app.zip); at start the
same ``exec`` or ``eval`` of the same source runs the code object made for it, and any other
source is compiled as before.

>>> import dataclasses
>>> codes: Codes = {}
>>> with compiled_ahead(codes, record=True) as made:
...     @dataclasses.dataclass
...     class Point:
...         x: int
>>> with compiled_ahead(codes) as used:
...     @dataclasses.dataclass
...     class Point:
...         x: int
>>> Point(1), made["compiled"] == used["ahead"] > 0, used["compiled"]
(Point(x=1), True, 0)
"""

from __future__ import annotations

import builtins
import collections
import dataclasses
import marshal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

GENERATED_FILE = "generated.marshal"
"""app.zip's file of the code made ahead: ``marshal`` of a dict, source -> ``marshal`` of its code."""

Codes = dict[str, bytes]
"""Code made ahead: each ``exec``'d or ``eval``'d source and its code object, marshalled."""

HOOKED = ((dataclasses, "exec"), (collections, "eval"))
"""Where the standard library compiles the code of a class it makes (Python 3.11 to 3.14): the
name, looked up in the module's globals before the builtins, is shadowed while hooked."""


def shipped(folder: Path = Path(__file__).parent) -> Codes:
    """The code the build made ahead (none when its file is missing)."""
    path = folder / GENERATED_FILE
    return marshal.loads(path.read_bytes()) if path.is_file() else {}


@contextmanager
def compiled_ahead(codes: Codes, record: bool = False) -> Iterator[dict[str, int]]:
    """Within: the ``exec`` of ``dataclasses`` and the ``eval`` of ``collections`` run the code
    in ``codes`` for a source found there, and compile any other (``record``: into ``codes``).
    Yields how many were found (``ahead``) and compiled."""
    counts = {"ahead": 0, "compiled": 0}
    for module, kind in HOOKED:
        setattr(module, kind, _running(kind, codes, counts, record))
    try:
        yield counts
    finally:
        for module, kind in HOOKED:
            delattr(module, kind)


def _running(kind: str, codes: Codes, counts: dict[str, int],
             record: bool) -> Callable[..., Any]:
    run = getattr(builtins, kind)

    def ahead(source: Any, *scopes: Any) -> Any:
        if isinstance(source, str):
            made = codes.get(source)
            if made is not None:
                counts["ahead"] += 1
                source = marshal.loads(made)
            else:
                counts["compiled"] += 1
                # as the builtin compiles a string: no __future__ flags of this module
                code = compile(source, "<string>", kind, dont_inherit=True)
                if record:
                    codes[source] = marshal.dumps(code)
                source = code
        return run(source, *scopes)

    return ahead
