"""The language tables: each language in its own script, plural forms picked by the number."""

from __future__ import annotations

import re

from app.ui import i18n

UKRAINIAN_ONLY = re.compile("[іїєґІЇЄҐ]")
CYRILLIC = re.compile("[\u0400-\u04ff]")


def test_no_russian_text_has_ukrainian_only_letters() -> None:
    found = {key: text for key, text in i18n.RU.items() if UKRAINIAN_ONLY.search(text)}
    assert found == {}


def test_no_english_text_has_cyrillic_letters() -> None:
    found = {key: text for key, text in i18n.EN.items() if CYRILLIC.search(text)}
    assert found == {}


def test_the_russian_error_for_too_many_card_points_is_russian() -> None:
    text = i18n.translator("ru")("problem.ui.cards_over", value=170)
    assert text == "170 — больше 162: в сдаче всего 162 очка."
