"""A game's id never makes an element id the app has already: a game's card on the games list
is ``open-<id>``, so a game from a backup with the id ``file`` took the file input's
``open-file`` and *Open a file…* opened that game (a hostile-input review)."""

from __future__ import annotations

import re
from pathlib import Path

from app.ids import ELEMENT_WORDS, is_safe_id

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("app/ui", "app/browser", "app/static")
OPEN = re.compile(r"\bopen-([a-z][a-z0-9_-]*)")


def own_words() -> set[str]:
    """Every word after ``open-`` in the app's source (its element ids: ``open-file``...)."""
    found: set[str] = set()
    for folder in SOURCES:
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".js", ".html", ".css", ".json"):
                found |= set(OPEN.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_element_id_the_app_makes_after_open_is_refused_as_a_game_id() -> None:
    words = own_words()
    assert {"file", "stats"} <= words  # the search finds them
    assert words <= ELEMENT_WORDS, f"add {sorted(words - ELEMENT_WORDS)} to app.ids.ELEMENT_WORDS"
    assert not any(is_safe_id(word) for word in words)
