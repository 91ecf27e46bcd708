"""Every text of the interface in Ukrainian, Russian and English.

The texts are data, one catalogue per language: ``app/ui/text/<lang>/*.json`` (flat objects of
key -> text; ``help.json`` is the help page, read by ``app.ui.help.pages``). A feature may bring its own
file (``share.json``, ...); the files of one language are merged and a key may appear only once.
Tests check that every language has the same keys, placeholders and plural forms.

``translator(lang)`` gives a function ``t(key, /, **params)``; a missing key is a bug, so it raises.
The key is positional-only, so a text may have a parameter named ``key`` (the engine's
``unknown_key``, ``redeal_with_result``... problems carry one).

>>> t = translator("uk")
>>> t("game.needs", points=181)
'ще 181'
>>> translator("en")("mark.skis")
'skis'
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

Tr = Callable[..., str]

LANG_NAMES = {"uk": "Українська", "ru": "Русский", "en": "English"}
TEXT_DIR = Path(__file__).with_name("text")
"""The catalogues: one folder per language."""
HELP_FILE = "help.json"


def load_catalogue(lang: str, folder: Path = TEXT_DIR) -> dict[str, str]:
    """Every interface text of one language, from all its files but the help page.

    >>> load_catalogue("en")["nav.help"]
    'Help'
    """
    table: dict[str, str] = {}
    for path in sorted((folder / lang).glob("*.json")):
        if path.name == HELP_FILE:
            continue
        part = json.loads(path.read_text(encoding="utf-8"))
        twice = sorted(table.keys() & part.keys())
        if twice:
            raise ValueError(f"{path}: keys already defined in another file: {twice}")
        table.update(part)
    return table


UK = load_catalogue("uk")
RU = load_catalogue("ru")
EN = load_catalogue("en")

TABLES: dict[str, dict[str, str]] = {"uk": UK, "ru": RU, "en": EN}


PLURAL_PARAMS = ("count", "points", "value", "n")
"""The parameter a plural text agrees with: the first of these that the call passes."""


def plural(lang: str, n: int) -> str:
    """The plural form a number takes: ``one``/``few``/``many`` in Ukrainian and Russian,
    ``one``/``other`` in English.

    >>> [plural("uk", n) for n in (1, 2, 5, 11, 12, 21, 22, 25, 81, 111, 114)]
    ['one', 'few', 'many', 'many', 'many', 'one', 'few', 'many', 'one', 'many', 'many']
    >>> plural("en", 1), plural("en", 0), plural("en", 21)
    ('one', 'other', 'other')
    """
    n = abs(n)
    if lang == "en":
        return "one" if n == 1 else "other"
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


CAPITAL_AFTER_COLON = ("en",)
"""Languages that begin a sentence after a colon with a capital letter (Ukrainian and Russian
go on in small letters)."""


def after_colon(t: Tr, text: str) -> str:
    """A sentence as it goes on after a colon in ``t``'s language.

    >>> after_colon(translator("ru"), "Впиши очки."), after_colon(translator("en"), "Type it.")
    ('впиши очки.', 'Type it.')
    """
    lang = next(lang for lang in TABLES if translator(lang) is t)
    return text if lang in CAPITAL_AFTER_COLON else text[:1].lower() + text[1:]


def has(key: str) -> bool:
    """Whether a key exists (in every language: the tables are tested to match)."""
    return key in UK or f"{key}.one" in UK


@cache
def translator(lang: str) -> Tr:
    """A ``t(key, **params)`` function for one language; a text with plural forms
    (``key.one``, ``key.few``...) takes the form of its number. One function per language,
    always the same (the sheet's rows are kept per translator: app/ui/game/views.py).

    >>> translator("uk")("game.unscored_pot", points=81)
    '81 висяче очко так і не дісталося нікому.'
    """
    table = TABLES[lang]

    def t(key: str, /, **params: Any) -> str:  # positional: a problem's own `key` param is fine
        if key not in table:
            number = next(params[name] for name in PLURAL_PARAMS if name in params)
            key = f"{key}.{plural(lang, int(number))}"
        template = table[key]
        return template.format_map(params) if params else template

    return t
