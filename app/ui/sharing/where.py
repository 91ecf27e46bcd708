"""Where a problem of a file, a link or a backup's game is, in the player's words: the engine
names each place by its field in the document (``cards.1``, ``melds.terz``,
``rules.bait_penalty.points``), which says little to someone who was sent the file.

>>> from app.ui import i18n
>>> uk = i18n.translator("uk")
>>> field_words("cards.1", uk, {"players": ["Оля", "Петро", "Іван"], "teams": False})
'очки в картах (Петро)'
>>> field_words("rules.bait_penalty.points", uk), field_words("melds.terz", uk)
('правило «Штраф за байти», «Очок штрафу»', 'послідовності')

A field the app has no words for (a key it does not know) is shown as the file has it:

>>> field_words("colour", uk), field_words("cards.7", uk, {"players": ["A", "B"]})
('colour', 'очки в картах (сторона 8)')
"""

from __future__ import annotations

from app.ui import i18n
from app.ui.state import GameDict
from app.ui.views_common import side_words

WORDS = {
    "format": "where.format",
    "players": "where.players",
    "teams": "where.teams",
    "first_dealer": "where.first_dealer",
    "rules": "where.rules",
    "hands": "where.hands",
    "taker": "where.taker",
    "cards": "where.cards",
    "melds": "where.melds",
    "bella": "where.bella",
    "no_tricks": "where.no_tricks",
    "last_trick": "where.last_trick",
    "debertz": "where.debertz",
    "redeal": "where.redeal",
    "claim": "where.claim",
}
"""The words of a document's fields (their first part: ``melds.terz`` is said as ``melds``)."""
WHOLE = ("hand", "game", "")
"""Fields that stand for the whole hand or game: nothing to add to its number."""


def field_words(field: str, t: i18n.Tr, table: GameDict | None = None) -> str:
    """``field`` of a problem in words; a side or a player named by the players of ``table``
    (``{"players": ..., "teams": ...}``) when given and the place is one of theirs.

    >>> en = i18n.translator("en")
    >>> field_words("players.2", en), field_words("rules.eggs", en), field_words("hand", en)
    ('player 3', 'the rule “Eggs (a tie)”', '')
    """
    if field in WHOLE:
        return ""
    head, _, rest = field.partition(".")
    place = rest.split(".")[0]
    if head == "players" and place.isdigit():
        return t("where.player", n=int(place) + 1)
    if head == "rules" and place:
        return _rule(place, rest.partition(".")[2], t)
    if head == "cards" and place.isdigit():
        return t("where.cards_of", side=side_words(int(place), t, table))
    key = WORDS.get(head)
    return t(key) if key is not None else field


def _rule(option: str, part: str, t: i18n.Tr) -> str:
    """A rule by its title (as the game's options show it: ``opt.{option}``, the target's own), and the part of a
    penalty (``opt.points``, ``opt.when``, ``opt.count``); an option the app does not know by
    its key."""
    if option == "target":
        title = t("setup.target")
    else:
        title = t(f"opt.{option}") if i18n.has(f"opt.{option}") else option
    if not part:
        return t("where.rule", option=title)
    return t("where.rule_part", option=title, part=t(f"opt.{part}") if i18n.has(f"opt.{part}") else part)
