"""Why a hand's row says what it says, in plain words: sentences built from the engine's facts.

Every figure comes from the replay (``engine.HandLine`` and its ``facts``): nothing here adds
up anything the engine did not. A sentence is a text key of ``explain.json`` with its
parameters; a :class:`Sum` (``70 + белла 20 = 90``), :class:`Shares` (``Оля 182, Петро 0``)
or :class:`Moves` (``Оля 120 → 302``) parameter keeps its figures, so that tests read the
figures and the words from the same value.

>>> from app.ui import i18n
>>> from app.ui.scoring import played
>>> game = {"players": ["Петро", "Оля"], "hands": [{"taker": 0, "cards": [70, 92], "bella": 0}]}
>>> shown = played(game)
>>> print(explanation(shown, shown.sheet.hands[0], i18n.translator("uk")))
Хто взяв козир: Петро. Петро: 70 + белла 20 = 90 — менше, ніж 92 (Оля): байт. Оля записує всю роздачу: 162 + 20 = 182; Петро — 0. Рахунок: Петро 0 → 0, Оля 0 → 182.
>>> print(explanation(shown, shown.sheet.hands[0], i18n.translator("uk"), short=True))
Петро: 70 + белла 20 = 90 — менше, ніж 92 (Оля): байт.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from app import engine
from app.engine import HandFacts, HandLine
from app.engine.facts import BELLA_POINTS
from app.names import in_text
from app.ui import i18n
from app.ui.scoring import Played, seats_of
from app.ui.views_common import signed_score


class Term(NamedTuple):
    """One addend of a sum: ``points``, named by the text key ``label`` ("" for card points or
    a plain figure), ``times`` times (``2×терц 40``)."""

    label: str
    points: int
    times: int = 1


class Sum(NamedTuple):
    """A sum shown with its terms: ``70 + белла 20 = 90`` (one term: just ``90``)."""

    terms: tuple[Term, ...]

    @property
    def total(self) -> int:
        """What the terms add up to."""
        return sum(term.points for term in self.terms)


class Shares(NamedTuple):
    """What sides record, in the order shown: ``(side, points)`` pairs."""

    items: tuple[tuple[int, int], ...]


class Moves(NamedTuple):
    """Running scores before and after a hand: ``(side, before, after)``."""

    items: tuple[tuple[int, int, int], ...]


class Names(NamedTuple):
    """Some sides, named one after another."""

    sides: tuple[int, ...]


class Text(NamedTuple):
    """A text of the catalogue, said in the player's language (a rule option's name...)."""

    key: str


class Said(NamedTuple):
    """One sentence: a text key and its parameters (numbers, sides by :class:`Names`, sums...)."""

    key: str
    params: Mapping[str, object]


Side = int

COMPARE = {"made": "explain.more", "bait": "explain.less", "eggs": "explain.equal"}
"""The sentence that compares the taker's total with what it had to beat, by outcome; eggs
that the rules score as a bait say ``equal`` too (then a sentence says that they are a bait)."""


def explain(shown: Played, line: HandLine, short: bool = False) -> list[Said]:
    """The sentences that explain one hand of ``shown``'s sheet; ``short`` gives the reasons
    alone, for the live preview, whose line shows the figures (what each side records and its
    score after, and that the hand ends the game): it leaves out who took trump, the other
    sides' sums, who records what, the rule names and the score before and after."""
    facts = line.facts
    assert facts is not None
    if line.void:
        return [Said("explain.void", {})]
    if line.kind == "redeal":
        return [Said("entry.preview_redeal", {})]
    if line.kind == "claim":
        return _claim(shown, line)[: 1 if short else 2]
    said: list[Said] = []
    if line.totals is None:  # a debertz not played out
        said.append(Said("explain.debertz_unplayed", {}))
    else:
        said.extend(_played(shown, line, facts, short))
    hand = shown.game.hands[line.number - 1]
    if hand.debertz is not None:
        said.append(Said("explain.debertz", {"side": Names((hand.debertz,))}))
    ending = _ending(shown, line, facts)
    said.extend(ending[1:] if short and ending and ending[0].key == "explain.ends" else ending)
    if not short:
        said.append(_score(shown, line))
    return said


def _played(shown: Played, line: HandLine, facts: HandFacts, short: bool) -> list[Said]:
    assert line.taker is not None and line.taker_side is not None and line.outcome is not None
    taker, comparison = line.taker_side, facts.comparison
    assert comparison is not None
    hand = shown.game.hands[line.number - 1]
    melds = hand.melds
    said: list[Said] = []
    if not short:
        said.append(Said("explain.taker", {"player": in_text(shown.game.players[line.taker])}))
        opponents = [s for s in range(shown.sides) if s != taker]
        for side in opponents:
            own = side_sum(facts, side, melds)
            if shown.sides > 2 or len(own.terms) > 1:
                said.append(Said("explain.side_sum", {"side": Names((side,)), "sum": own}))
    for side in range(shown.sides):
        if facts.void_sequences and facts.void_sequences[side]:
            said.append(Said("explain.void_sequences",
                             {"side": Names((side,)), "points": facts.void_sequences[side]}))
    said.append(Said(COMPARE[line.outcome], {"side": Names((taker,)),
                                             "sum": side_sum(facts, taker, melds),
                                             "vs": _against(facts)}))
    if not short and melds is not None and any(facts.sequences):
        said.append(Said("explain.senior", {"side": Names((melds.side,))}))
    if not short:
        said.extend(_shares(shown, line, facts))
        said.extend(Said("explain.rule", {"name": Text(f"opt.{o.name}"),
                                          "value": Text(f"opt.{o.name}.{o.value}")})
                    for o in facts.options)
    said.extend(_pot(line, facts))
    said.extend(_penalties(facts))
    return said


def side_sum(facts: HandFacts, side: Side, melds: engine.Melds | None = None) -> Sum:
    """A side's hand total as its terms: cards, counted sequences (each kind from the record's
    ``melds``), bella.

    >>> from app.engine import Hand, Melds, Rules
    >>> from app.engine.facts import Judging
    >>> from app.engine.records import make_table
    >>> def facts(hand: Hand) -> HandFacts:
    ...     judging = Judging(hand, Rules(), make_table(2, True), 0, (1, 0), "made")
    ...     return HandFacts((0, 0), 0, judging=judging)
    >>> side_sum(facts(Hand(taker=0, cards=(70, 92), bella=0)), 0)
    Sum(terms=(Term(label='', points=70, times=1), Term(label='mark.bella', points=20, times=1)))
    >>> melds = Melds(1, terz=2, fifty=1)
    >>> f = facts(Hand(taker=0, cards=(62, 100), melds=melds))
    >>> [term[::2] for term in side_sum(f, 1, melds).terms]
    [('', 1), ('mark.terz', 2), ('mark.fifty', 1)]
    """
    assert facts.cards is not None
    terms = [Term("", facts.cards[side])]
    if facts.sequences[side]:
        terms.extend(meld_terms(melds))
    if facts.bella[side]:
        terms.append(Term("mark.bella", facts.bella[side]))
    return Sum(tuple(terms))


def meld_terms(melds: engine.Melds | None) -> list[Term]:
    """A side's declared sequences as terms: ``терц 20``, ``2×терц 40``, ``полтинник 50``."""
    if melds is None:
        return []
    kinds = (("mark.terz", melds.terz, 20), ("mark.fifty", melds.fifty, 50))
    return [Term(label, count * points, count) for label, count, points in kinds if count]


def _against(facts: HandFacts) -> Said:
    """What the taker's side had to beat, in words: one opponent's total, the highest of
    several, or the opponents' totals together."""
    comparison = facts.comparison
    assert comparison is not None
    totals = facts.totals
    sides = tuple(sorted(comparison.sides))  # in seating order, as the sides' sums were said
    names = Names(sides)
    if comparison.must_beat == "combined" and len(sides) > 1:
        together = Sum(tuple(Term("", totals[s]) for s in sides))
        return Said("explain.vs_combined", {"sum": together, "sides": names})
    if len(totals) > 2:  # the highest of several, held by one side or tied
        key = "explain.vs_top_tied" if len(sides) > 1 else "explain.vs_top"
        return Said(key, {"against": comparison.against, "sides": names})
    return Said("explain.vs_one", {"against": comparison.against, "sides": names})


def _value_sum(facts: HandFacts) -> Sum:
    """The hand value V as 162 plus each counted sequence and bella (``162 + 20 = 182``)."""
    extras = [points for side in range(len(facts.totals))
              for points in (facts.sequences[side], facts.bella[side]) if points]
    return Sum((Term("", engine.CARD_POINTS), *(Term("", points) for points in extras)))


def _shares(shown: Played, line: HandLine, facts: HandFacts) -> list[Said]:
    """Who records what, by the outcome and the options that applied."""
    taker = line.taker_side
    assert taker is not None and line.outcome is not None
    rules = shown.game.rules
    everyone = Shares(tuple((s, line.recorded[s]) for s in range(shown.sides)))
    opponents = tuple(s for s in range(shown.sides) if s != taker)
    if line.outcome == "made" or (line.outcome == "eggs" and rules.eggs == "each"):
        return [Said("explain.own" if line.outcome == "made" else "explain.eggs_each",
                     {"shares": everyone})]
    if line.outcome == "eggs" and rules.eggs == "hang":
        theirs = Shares(tuple((s, line.recorded[s]) for s in opponents))
        return [Said("explain.eggs_hang", {"shares": theirs, "taker": Names((taker,)),
                                           "points": facts.hung})]
    said = [Said("explain.eggs_as_bait", {})] if line.outcome == "eggs" else []
    zeros = Names(tuple(s for s in range(shown.sides) if line.recorded[s] == 0))
    leaders = tuple(sorted(facts.leaders))  # in seating order
    if shown.sides == 2 or (rules.bait_to == "leader" and len(leaders) == 1):
        said.append(Said("explain.bait_all", {"side": Names(leaders), "sum": _value_sum(facts),
                                              "zeros": zeros}))
    elif rules.bait_to == "leader":
        said.append(Said("explain.bait_split", {"sides": Names(leaders), "sum": _value_sum(facts),
                                                "shares": _of(line, leaders), "zeros": zeros}))
    elif rules.bait_to == "halves":
        said.append(Said("explain.bait_halves", {"sum": _value_sum(facts),
                                                 "shares": _of(line, opponents),
                                                 "taker": Names((taker,))}))
    else:
        said.append(Said("explain.bait_taker_points", {
            "sides": Names(leaders), "points": facts.totals[taker],
            "shares": _of(line, opponents), "taker": Names((taker,))}))
    split = len(leaders) if rules.bait_to != "halves" else len(opponents)
    amount = facts.totals[taker] if rules.bait_to == "taker_points_to_leader" else line.value
    rest = amount % split if shown.sides > 2 and split > 1 else 0
    if rest:  # one point more each for the first ``rest`` of them (§3.4): 1, or 2 of 3
        said.append(Said("explain.split_rest" if rest == 1 else "explain.split_rest_two", {}))
    return said


def _of(line: HandLine, sides: tuple[Side, ...]) -> Shares:
    return Shares(tuple((s, line.recorded[s]) for s in sides))


def _pot(line: HandLine, facts: HandFacts) -> list[Said]:
    """The pot: won by this hand's winner, hanging on, or grown by these eggs."""
    if line.pot_won and line.winner is not None:
        return [Said("explain.pot_won", {"side": Names((line.winner,)), "points": line.pot_won})]
    if facts.hung and facts.pot_before:
        return [Said("explain.pot_grows", {"before": facts.pot_before, "points": line.pot})]
    if facts.pot_before:
        return [Said("explain.pot_stays", {"points": facts.pot_before})]
    return []


PENALTY_KEYS = {
    ("bait", False, True): "explain.bait_penalty",
    ("bait", False, False): "explain.bait_free",
    ("bait", True, True): "explain.bait_penalty_row",
    ("bait", True, False): "explain.bait_free_row",
    ("ski", False, True): "explain.ski_penalty",
    ("ski", False, False): "explain.ski_free",
    ("ski", True, True): "explain.ski_penalty_row",
    ("ski", True, False): "explain.ski_free_row",
}
"""The sentence of a penalty count that moved: (bait or ski, in a row, due)."""


def _penalties(facts: HandFacts) -> list[Said]:
    """Each penalty count that moved, with the count and what it cost ("the third in a row")."""
    said = []
    for kind, counts in (("bait", facts.baits), ("ski", facts.skis)):
        for count in counts:
            params: dict[str, object] = {"side": Names((count.side,)), "nth": count.nth}
            if count.points:
                params["points"] = count.points
            said.append(Said(PENALTY_KEYS[kind, count.consecutive, count.points > 0], params))
    return said


def _claim(shown: Played, line: HandLine) -> list[Said]:
    """A claim that counts: the side's score before it plus what it claimed, against the
    target (the claimed points as the rules count them: c, and its sequences and bella)."""
    result = line.claim
    assert result is not None
    hand = shown.game.hands[line.number - 1]
    assert hand.claim is not None
    terms = [Term("", result.score), Term("", hand.claim.cards)]
    if shown.game.rules.claim_counts == "all":
        terms.extend(meld_terms(hand.melds))
        if hand.bella is not None:
            terms.append(Term("mark.bella", BELLA_POINTS))
    params: dict[str, object] = {"side": Names((result.side,)), "sum": Sum(tuple(terms)),
                                 "target": result.target}
    if result.holds:
        said = Said("explain.claim_holds", params)
    else:
        assert result.winner is not None
        said = Said("explain.claim_loses", {**params, "winner": Names((result.winner,))})
    return [said, _score(shown, line)]


def _score(shown: Played, line: HandLine) -> Said:
    """The running score before and after the hand."""
    assert line.facts is not None
    before = line.facts.score_before
    return Said("explain.score", {"moves": Moves(tuple((s, before[s], line.score[s])
                                                       for s in range(shown.sides)))})


def _ending(shown: Played, line: HandLine, facts: HandFacts) -> list[Said]:
    """The end of the game in this hand, or a tie at the target that goes on."""
    if facts.ended is not None and facts.game_winner is not None:
        if facts.ended == "debertz":
            return [Said("explain.ends", {"side": Names((facts.game_winner,))})]
        return [Said("explain.ends", {"side": Names((facts.game_winner,))}),
                Said(REASONS[facts.ended], {"reached": Names(facts.reached),
                                            "side": Names((facts.game_winner,)),
                                            "target": shown.game.rules.target})]
    if facts.reached and not shown.sheet.finished and line.number == len(shown.sheet.hands):
        return [Said("game.tie_goes_on", {})]
    return []


REASONS = {
    "target": "explain.reason.target",
    "more_points": "explain.reason.more_points",
    "taker": "explain.reason.taker",
    "last_trick": "explain.reason.last_trick",
}
"""Why a played hand ended the game: one side reached the target, or a both_reach rule."""


# --- words ----------------------------------------------------------------------------------


TEAM_FORMS = {"explain.bait_all": "explain.bait_all_team", "explain.pot_won": "explain.pot_won_team"}
"""Sentences whose verb has the side as its subject, and their wording for a team (two players:
«Петро і Марта забирають», "Peter and Martha take"), used when that side is a team."""


def render(said: Said, shown: Played, t: i18n.Tr) -> str:
    """One sentence in the player's language (plain text; the caller escapes it)."""
    params = {name: _word(value, shown, t) for name, value in said.params.items()}
    key = said.key
    if key in TEAM_FORMS and _a_team(said.params.get("side"), shown):
        key = TEAM_FORMS[key]
    return t(key, **params)


def _a_team(value: object, shown: Played) -> bool:
    """Whether ``value`` names one side of two players (a verb then agrees with both)."""
    return (isinstance(value, Names) and len(value.sides) == 1
            and len(seats_of(shown.record, value.sides[0])) > 1)


def _word(value: object, shown: Played, t: i18n.Tr) -> object:
    if isinstance(value, Said):
        return render(value, shown, t)
    if isinstance(value, Names):
        return ", ".join(shown.label(side, t("side.and")) for side in value.sides)
    if isinstance(value, Sum):
        return sum_text(value, t)
    if isinstance(value, Shares):
        return ", ".join(f"{shown.label(s, t('side.and'))} {signed_score(v)}" for s, v in value.items)
    if isinstance(value, Moves):
        return ", ".join(f"{shown.label(s, t('side.and'))} {signed_score(a)} → {signed_score(b)}"
                         for s, a, b in value.items)
    if isinstance(value, Text):
        return t(value.key)
    return value


def sum_text(value: Sum, t: i18n.Tr) -> str:
    """``70 + белла 20 = 90``; one term alone is just its figure.

    >>> sum_text(Sum((Term("", 70), Term("mark.bella", 20))), i18n.translator("en"))
    '70 + bella 20 = 90'
    """
    parts = []
    for term in value.terms:
        label = t(term.label) if term.label else ""
        if term.times > 1:
            label = f"{term.times}×{label}"
        parts.append(f"{label} {signed_score(term.points)}" if label else signed_score(term.points))
    text = " + ".join(parts)
    return f"{text} = {signed_score(value.total)}" if len(parts) > 1 else text


def explanation(shown: Played, line: HandLine, t: i18n.Tr, short: bool = False) -> str:
    """The whole explanation of a hand as one paragraph of plain text."""
    return " ".join(render(said, shown, t) for said in explain(shown, line, short))
