"""The banner says why the game ended and who won, in words, from the hand that ended it (its
facts: the rule that decided, the sides that reached the target, the scores); while the game
goes on, what each side still needs.

>>> from app.ui import i18n
>>> from app.ui.scoring import played
>>> going = played({"id": "b", "players": ["Оля", "Петро"], "hands": [{"taker": 0, "cards": [100, 62]}]})
>>> print(needs_text(going, i18n.translator("uk")).replace("\\xa0", "_"))  # a no-break space
До 501: Оля — ще_401, Петро — ще_439.
"""

from __future__ import annotations

from app.engine import HandLine
from app.ui import i18n
from app.ui.claim.views import decided_text
from app.ui.scoring import Played
from app.ui.views_common import signed_score

ENDS = {
    "target": "explain.end.target",
    "more_points": "explain.end.more_points",
    "taker": "explain.end.taker",
    "last_trick": "explain.end.last_trick",
    "debertz": "explain.end.debertz",
}
"""The banner's sentence for each way a played hand ends the game (a claim has its own)."""


def ending_line(shown: Played) -> HandLine | None:
    """The hand that ended the game (None while it goes on)."""
    return next((line for line in shown.sheet.hands
                 if line.facts is not None and line.facts.ended is not None), None)


def end_text(shown: Played, t: i18n.Tr) -> str:
    """Why the game ended and who won, with the hand, the scores and the rule that decided.

    >>> from app.ui.scoring import played
    >>> g = played({"id": "e", "players": ["Оля", "Петро"], "rules": {"target": 301},
    ...             "hands": [{"taker": 0, "cards": [162, 0]}, {"taker": 0, "cards": [162, 0]}]})
    >>> end_text(g, i18n.translator("en"))
    'Hand 2: Оля — 324 of 301; no other side reached the target.'
    """
    line = ending_line(shown)
    facts = None if line is None else line.facts
    if line is None or facts is None or facts.game_winner is None:
        return ""
    winner, rules = facts.game_winner, shown.game.rules
    if facts.ended in ("claim", "failed_claim"):
        return t("explain.end.claim", n=line.number, text=decided_text(shown, t) or "")
    and_word = t("side.and")
    reached = ", ".join(shown.label(s, and_word) for s in facts.reached)
    scores = ", ".join(f"{shown.label(s, and_word)} {signed_score(v)}" for s, v in enumerate(line.score))
    rule = f"{t('opt.both_reach')}: {t(f'opt.both_reach.{rules.both_reach}')}"
    assert facts.ended is not None
    return t(ENDS[facts.ended], n=line.number, side=shown.label(winner, and_word),
             score=signed_score(line.score[winner]), target=rules.target, reached=reached,
             scores=scores, rule=rule)


def needs_text(shown: Played, t: i18n.Tr) -> str:
    """While the game goes on: how many points each side still needs to reach the target (a
    side already there, in a tie for the lead, says its score)."""
    sheet = shown.sheet
    if sheet.finished:
        return ""
    and_word = t("side.and")
    parts = [
        t("explain.needs_side", side=shown.label(s, and_word), points=need) if need > 0 else
        t("explain.needs_reached", side=shown.label(s, and_word), score=signed_score(sheet.score[s]))
        for s, need in enumerate(sheet.needs)
    ]
    return t("explain.needs", target=shown.game.rules.target, needs=", ".join(parts))
