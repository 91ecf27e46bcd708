"""The claim check (§5a): whether a log's claims reach the target from the score before them.

A claim record is read and checked on its own in ``records.py``; whether it falls short
needs the score before it, which only a replay of the log knows (``scoring.py``). This
module stands above both, and below ``model.py``, whose loaders and edits call it; it reads
a game through ``records.Log``, so it never imports ``model``:

    errors, checks, rules  <-  records  <-  scoring  <-  claims  <-  model

>>> from app.engine.model import Game
>>> from app.engine.records import Claim, Hand
>>> g = Game(players=("A", "B"), hands=(Hand(taker=0, cards=(100, 62)),
...                                     Hand(taker=0, claim=Claim(side=1, cards=90))))
>>> [p.message for p in claim_problems(g)]
['hand 2: the claim falls short: 62 + 90 = 152 of 501']
>>> claim_problems(g, first=2)
[]
"""

from __future__ import annotations

from app.engine.errors import Problem
from app.engine.records import Log
from app.engine.scoring import short_claims


def claim_problems(game: Log, first: int = 0) -> list[Problem]:
    """The ``claim_short`` problems of the claim hands from 0-based ``first`` on (§5a): claims
    that count (are not void) and fall short under failed_claim "play_on". Only a replay of
    the log knows the score before a claim, so this is checked on a whole game.

    >>> from app.engine.model import Game
    >>> from app.engine.records import Claim, Hand
    >>> from app.engine.rules import Rules
    >>> g = Game(players=("A", "B"), rules=Rules(target=51))
    >>> claim_problems(g.add_hand(Hand(taker=0, claim=Claim(side=1, cards=51))))
    []
    """
    if game.rules.failed_claim != "play_on" or all(h.claim is None for h in game.hands[first:]):
        return []
    return [problem for problem in short_claims(game) if (problem.hand or 0) > first]


__all__ = ["claim_problems"]
