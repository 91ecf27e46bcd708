r"""The one rule for players' names: the new-game form and everything that comes from outside
(links, files, backups) apply the same one (app/ui/setup.py, app/share/inbound.py).

A name is checked as given (the form trims what was typed first; a name from outside that
comes with spaces or controls around it is not trimmed into a good one: the same characters
count, the spaces included in its length). It may not hold a character that is invisible or
changes how text around it is shown: control characters (NUL, tab, new line: category Cc), format
characters (Cf: direction marks, embeddings and overrides such as U+202E, isolates, zero-width
space and joiners, the soft hyphen, the BOM; but not the joiner inside an emoji such as 👨‍👩‍👧
or 🏳️‍🌈, nor the tags of the flags of England, Scotland and Wales, which a phone's keyboard types
as one character), line and paragraph separators (Zl, Zp), lone
surrogates (Cs), private-use characters (Co), the replacement character U+FFFD (what a file in
another encoding turns into) and the blank Hangul fillers. Two names are the same name when they
are equal after NFKC normalisation, ignoring case, runs of spaces, variation selectors, the
zero-width joiner, the combining grapheme joiner, the blank Braille pattern and the Khmer
inherent vowels (which show nothing of their own): so ``Оля`` and ``ОЛЯ`` and ``Оля\ufe0f`` are
one name twice, and a name of blanks alone is empty.

>>> refused_character("Оля"), refused_character("О\u200bля"), refused_character("\u202eayhsaM")
(None, '\u200b', '\u202e')
>>> name_key("Оля") == name_key("ОЛЯ\ufe0f"), name_key("Ｏｌｇａ") == name_key("olga")
(True, True)
>>> [p[1] for p in name_problems(["Оля", "ОЛЯ", "O\x00la", ""])]
['name_duplicate', 'name_control', 'name_empty']
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Final

NAME_MAX: Final = 40
"""Longest name, in characters as given (the form trims what was typed; the engine counts a
name trimmed)."""
REFUSED_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})
REFUSED: Final = frozenset("\ufffd\u115f\u1160\u3164\uffa0")
"""Characters refused although their category is not: the replacement character and the
Hangul fillers (letters that show as blank space)."""
IGNORED: Final = frozenset(
    "\u034f\u200d\u2800\u17b4\u17b5" + "".join(chr(c) for c in range(0xFE00, 0xFE10))
)
"""Characters that show nothing of their own but are allowed (emoji need the variation
selectors and the joiner; the blank Braille pattern and the Khmer inherent vowels were always
taken, and games here may hold them): left out when names are compared, so that ``👨👩👧`` and
``👨‍👩‍👧``, ``★★`` and ``★‍★``, or ``Оля`` and ``Оля⠀`` are one name, and ``⠀`` alone none."""

NameProblem = tuple[int, str, dict[str, object]]
"""``(seat, code, params)``: ``name_empty`` {seat}, ``name_control`` {seat, code: "U+202E"},
``name_too_long`` {seat, length, max}, ``name_duplicate`` {seat, other}."""


JOINER: Final = "\u200d"
"""The zero-width joiner: refused, but where it joins a pictograph to the next one (an emoji)."""
BLACK_FLAG: Final = "\U0001f3f4"
FLAG_TAGS: Final = frozenset(
    BLACK_FLAG + "".join(chr(0xE0000 + ord(c)) for c in code) + "\U000e007f"
    for code in ("gbeng", "gbsct", "gbwls")
)
"""The flags made of tag characters that emoji keyboards type (England, Scotland, Wales): any
other run of tags, which shows nothing, is refused."""
TAGS: Final = range(0xE0020, 0xE0080)


def refused_character(name: str) -> str | None:
    r"""The first character of ``name`` that a name may not hold (see the module), else None.

    >>> refused_character("Ol\x00ya"), refused_character("a\u00adb"), refused_character("👍🏽")
    ('\x00', '\xad', None)
    >>> [refused_character(name) for name in ("👨\u200d👩\u200d👧", "🏳\ufe0f\u200d🌈 Оля", "🧑🏽\u200d💻")]
    [None, None, None]
    >>> refused_character("Оля\u200d"), refused_character("\u200d🌈"), refused_character("О\u200dля")
    ('\u200d', '\u200d', '\u200d')
    >>> england = "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"
    >>> refused_character(england), refused_character(england.replace("\U000e0065", "\U000e0078"))
    (None, '\U000e0067')
    """
    at = 0
    while at < len(name):
        char = name[at]
        if ord(char) in TAGS:  # a whole run of tags at once (checked once: no rescans)
            end = at
            while end < len(name) and ord(name[end]) in TAGS:
                end += 1
            if at == 0 or name[at - 1 : end] not in FLAG_TAGS:
                return char
            at = end
            continue
        if char in REFUSED or (
            unicodedata.category(char) in REFUSED_CATEGORIES
            and not (char == JOINER and _joins_emoji(name, at))
        ):
            return char
        at += 1
    return None


def _joins_emoji(name: str, at: int) -> bool:
    """Whether the joiner at ``at`` joins a pictograph (which may carry a variation selector or
    a skin tone: 🏳️‍🌈, 🧑🏽‍💻) to a symbol after it (👨‍👩‍👧, 🙂‍↔️).

    >>> _joins_emoji("🧑🏽\u200d💻", 2), _joins_emoji("a\u200d💻", 1)
    (True, False)
    """
    before = at - 1
    if before > 0 and (name[before] == "\ufe0f" or unicodedata.category(name[before]) == "Sk"):
        before -= 1
    return (
        before >= 0
        and at + 1 < len(name)
        and unicodedata.category(name[before]) == "So"
        and unicodedata.category(name[at + 1]) in ("So", "Sm")
    )


def name_key(name: str) -> str:
    """What two names are compared by: NFKC, case folded, ignored characters left out, spaces
    collapsed (the name trimmed).

    >>> name_key("  Оля   Іванівна ") == name_key("оля іванівна")
    True
    """
    kept = "".join(char for char in name if char not in IGNORED)
    return " ".join(unicodedata.normalize("NFKC", kept).casefold().split())


def code_point(char: str) -> str:
    """``U+XXXX`` for a character, as the messages name it.

    >>> code_point("\u202e")
    'U+202E'
    """
    return f"U+{ord(char):04X}"


def name_problems(names: Sequence[object], max_length: int = NAME_MAX) -> list[NameProblem]:
    r"""Every seat's problem (at most one each, in seat order), by the rule of this module.

    A name that is not text is ``not_text``; the seat named first keeps a duplicated name.

    >>> name_problems(["Оля", "Оля\u200d"])
    [(1, 'name_control', {'seat': 1, 'code': 'U+200D'})]
    >>> name_problems(["x" * 41, 5])
    [(0, 'name_too_long', {'seat': 0, 'length': 41, 'max': 40}), (1, 'not_text', {})]
    >>> [p[1] for p in name_problems(["Оля\n", "Петро" + "\u00a0" * 40, "\u2800", "A\u2028"])]
    ['name_control', 'name_too_long', 'name_empty', 'name_control']
    >>> name_problems(["Оля", "Оля\u2800"])
    [(1, 'name_duplicate', {'seat': 1, 'other': 0})]
    """
    found: list[NameProblem] = []
    seen: dict[str, int] = {}
    for seat, raw in enumerate(names):
        if not isinstance(raw, str):
            found.append((seat, "not_text", {}))
            continue
        hidden, key = _looked_at(raw)
        if hidden is not None:
            found.append((seat, "name_control", {"seat": seat, "code": code_point(hidden)}))
        elif not key:
            found.append((seat, "name_empty", {"seat": seat}))
        elif len(raw) > max_length:
            found.append((seat, "name_too_long", {"seat": seat, "length": len(raw),
                                                  "max": max_length}))
        elif key in seen:
            found.append((seat, "name_duplicate", {"seat": seat, "other": seen[key]}))
        else:
            seen[key] = seat
    return found


@functools.lru_cache(maxsize=1024)
def _looked_at(name: str) -> tuple[str | None, str]:
    """A name's first refused character and its key, worked out once: the same few names come
    in every game of a backup (a backup of 100 games checked 307 names).

    >>> _looked_at(" Оля "), _looked_at("О\u200dля")[0]
    ((None, 'оля'), '\u200d')
    """
    return refused_character(name), name_key(name)


ISOLATE: Final = ("\u2068", "\u2069")
"""The first strong isolate and its pop: text between them takes its direction from its own
first letter and leaves the text around it as it is."""
TURNING: Final = frozenset(
    {"R", "AL", "AN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"}
)
"""The bidirectional classes that can reorder the text around a name: right-to-left letters
and digits, and the controls of direction (refused in a name, but a refused name from outside
is still shown in the problem that names it)."""


@functools.lru_cache(maxsize=512)
def in_text(name: str) -> str:
    r"""``name`` to show in a sentence or next to figures: set apart from the text around it
    (:data:`ISOLATE`) when it holds a right-to-left letter or a control of direction, else as it
    is. Without it «Роздача 5: מרים — 538 із 501» was shown as «Роздача 5: 538 — מרים із 501».

    >>> in_text("Оля"), in_text("Оля 👍🏽"), in_text("מרים") == "\u2068מרים\u2069"
    ('Оля', 'Оля 👍🏽', True)
    >>> in_text("\u202eОля") == "\u2068\u202eОля\u2069"  # its override ends with the name
    True
    """
    if any(unicodedata.bidirectional(char) in TURNING for char in name):
        return ISOLATE[0] + name + ISOLATE[1]
    return name


def names_in_text(names: Iterable[object]) -> str:
    r"""Names in a sentence, one after another with commas, each as :func:`in_text` shows it.

    >>> names_in_text(["Оля", "מרים"]) == "Оля, \u2068מרים\u2069"
    True
    """
    return ", ".join(in_text(str(name)) for name in names)
