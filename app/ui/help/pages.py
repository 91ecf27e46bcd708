"""The rules-and-help pages, in Ukrainian, Russian and English, as plain text.

The texts are data: ``app/ui/text/<lang>/help.json``, next to the interface texts.

Each page is a tuple of sections; every language has the same sections, with the
same stable anchors in the same order, so the view can link to "#bait" in any
language. A block is either a paragraph (a ``str``) or a bulleted list (a
``tuple`` of ``str``). The text holds no markup: the view escapes it.

>>> [section.anchor for section in help_sections("en")][:4]
['game', 'cards', 'melds', 'debertz']
>>> help_sections("fr") == help_sections("uk")
True
>>> help_sections("ru")[0].title
'Игра вкратце'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from app.ui.i18n import HELP_FILE, TEXT_DIR

Block = str | tuple[str, ...]

DEFAULT_LANG = "uk"


@dataclass(frozen=True)
class HelpSection:
    """One section of a help page.

    >>> section = HelpSection("pot", "The pot", ("Eggs hang in the pot.", ("one", "two")))
    >>> section.blocks[1]
    ('one', 'two')
    """

    anchor: str
    title: str
    blocks: tuple[Block, ...]


def read_sections(data: object) -> tuple[HelpSection, ...]:
    """Sections from a help catalogue's JSON (a list of ``{anchor, title, blocks}``; a block is
    a string or a list of strings).

    >>> read_sections([{"anchor": "pot", "title": "The pot", "blocks": ["Eggs.", ["a", "b"]]}])
    (HelpSection(anchor='pot', title='The pot', blocks=('Eggs.', ('a', 'b'))),)
    """
    if not isinstance(data, list):
        raise TypeError("a help page must be a list of sections")
    return tuple(
        HelpSection(
            str(item["anchor"]),
            str(item["title"]),
            tuple(block if isinstance(block, str) else tuple(block) for block in item["blocks"]),
        )
        for item in data
    )


def load_help(lang: str, folder: Path = TEXT_DIR) -> tuple[HelpSection, ...]:
    """The help page of one language, from ``app/ui/text/<lang>/help.json``."""
    return read_sections(json.loads((folder / lang / HELP_FILE).read_text(encoding="utf-8")))


HELP: dict[str, tuple[HelpSection, ...]] = {lang: load_help(lang) for lang in ("uk", "ru", "en")}


def help_sections(lang: str) -> tuple[HelpSection, ...]:
    """Return the help page in ``lang``; an unknown language gets the Ukrainian page.

    >>> help_sections("uk")[0].anchor
    'game'
    >>> help_sections("de") is HELP["uk"]
    True
    """
    return HELP.get(lang, HELP[DEFAULT_LANG])
