"""The game generator really reaches every case the differential test is meant to cover.

Each test asks Hypothesis to find a generated game with one feature (judged by the reference
scorer); if the generator lost the ability to produce it, the search fails."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis.errors import NoSuchExample

from .game_strategies import cards_ok, games
from .reference_scorer import DEFAULT_RULES, Table, claimed_points
from .reference_scorer import score as reference_score

Doc = dict[str, Any]
# Generate only: the first game that has the feature is enough, shrinking it would cost minutes.
# Derandomized: the same 3000 games every run, so a rare feature found today is found in CI too
# (a random search missed "consecutive bait penalty" once in a full run).
SEARCH = settings(max_examples=3000, deadline=None, database=None, phases=[Phase.generate],
                  derandomize=True, suppress_health_check=list(HealthCheck))

_scored: dict[int, tuple[Doc, Doc]] = {}


def score(doc: Doc) -> Doc:
    """The reference scorer's result for ``doc``, scored once (the features ask it many times).

    Kept by the document's id with the document itself, so the id cannot be reused meanwhile."""
    found = _scored.get(id(doc))
    if found is None or found[0] is not doc:
        found = _scored[id(doc)] = (doc, reference_score(doc))
    return found[1]


def rule(doc: Doc, key: str, default: Any) -> Any:
    return (doc.get("rules") or {}).get(key, default)


def lines(doc: Doc) -> list[Doc]:
    return list(score(doc)["hands"])


def sides(doc: Doc) -> int:
    return Table(len(doc["players"]), doc.get("teams", True)).side_count


def tied_bait(doc: Doc) -> bool:
    return any(line["outcome"] == "bait" and line["winner"] is None and not line["void"]
               for line in lines(doc))


def tie_at_top_goes_on(doc: Doc) -> bool:
    target = rule(doc, "target", 501)
    played = [line for line in lines(doc) if not line["void"]]
    return any(sum(s >= target for s in line["score"]) >= 2 for line in played[:-1])


def won_by_rule_against_more_points(doc: Doc, both_reach: str) -> bool:
    result = score(doc)
    return (rule(doc, "both_reach", "more_points") == both_reach and result["winner"] is not None
            and result["score"][result["winner"]] < max(result["score"]))


def uneven_split(doc: Doc) -> bool:
    """§3.4: a share split with a remainder, so the seat order decides who gets the extra point."""
    return any(line["outcome"] in ("bait", "eggs") and not line["void"]
               and any(abs(a - b) == 1 for a in line["recorded"] for b in line["recorded"]
                       if a and b)
               for line in lines(doc))


def claim_lines(doc: Doc) -> list[tuple[Doc, Doc]]:
    """(hand, line) of every claim hand, void ones included."""
    return [(h, line) for h, line in zip(doc["hands"], lines(doc)) if h.get("claim") is not None]


def claim_at_exactly_the_target(doc: Doc) -> bool:
    result = score(doc)
    return result["decided_by"] == "claim" and any(
        line["kind"] == "claim" and result["score"][h["claim"]["side"]] + line["claimed"]
        == rule(doc, "target", 501) for h, line in claim_lines(doc))


def void_short_claim(doc: Doc) -> bool:
    """A claim after the end that would fall short if it counted (§5a: it is not checked)."""
    rules = {**DEFAULT_RULES, **(doc.get("rules") or {})}
    return any(line["void"] and line["score"][h["claim"]["side"]] + claimed_points(h, rules)
               < rules["target"] for h, line in claim_lines(doc))


FEATURES: dict[str, Callable[[Doc], bool]] = {
    "claim holds, two players": lambda d: score(d)["decided_by"] == "claim"
    and len(d["players"]) == 2,
    "claim holds, three players": lambda d: score(d)["decided_by"] == "claim"
    and len(d["players"]) == 3,
    "claim holds, four in teams": lambda d: score(d)["decided_by"] == "claim" and sides(d) == 2
    and len(d["players"]) == 4,
    "claim holds, four each for themselves": lambda d: score(d)["decided_by"] == "claim"
    and sides(d) == 4,
    "claim at exactly the target": claim_at_exactly_the_target,
    "failed claim loses": lambda d: score(d)["decided_by"] == "failed_claim",
    "claim by a defender under defenders": lambda d: rule(d, "claim_by", "") == "defenders"
    and score(d)["decided_by"] == "claim",
    "cards-only claim": lambda d: rule(d, "claim_counts", "") == "cards"
    and score(d)["decided_by"] == "claim",
    "claim counting melds and bella": lambda d: score(d)["decided_by"] == "claim" and any(
        h.get("melds") and h.get("bella") is not None and not line["void"]
        for h, line in claim_lines(d)),
    "void claim": lambda d: any(line["void"] for _, line in claim_lines(d)),
    "void claim that falls short": void_short_claim,
    "pot hanging when a claim ends the game": lambda d: score(d)["decided_by"] == "claim"
    and score(d)["hanging"] > 0,
    "hands after a claim": lambda d: score(d)["decided_by"] == "claim"
    and lines(d)[-1]["kind"] != "claim",

    "eggs hang": lambda d: rule(d, "eggs", "hang") == "hang"
    and any(line["outcome"] == "eggs" for line in lines(d)),
    "eggs opponents": lambda d: rule(d, "eggs", "") == "opponents"
    and any(line["outcome"] == "eggs" for line in lines(d)),
    "eggs each": lambda d: rule(d, "eggs", "") == "each"
    and any(line["outcome"] == "eggs" for line in lines(d)),
    "eggs combined": lambda d: rule(d, "must_beat", "") == "combined" and sides(d) > 2
    and any(line["outcome"] == "eggs" for line in lines(d)),
    "bait with tied leaders": tied_bait,
    "uneven split": uneven_split,
    "pot won": lambda d: any(any(line["pot_won"]) for line in lines(d)),
    "pot left hanging at the end": lambda d: score(d)["finished"] and score(d)["hanging"] > 0,
    "void hands": lambda d: sum(line["void"] for line in lines(d)) >= 2,
    "debertz without cards": lambda d: any(
        line["kind"] == "debertz" and not line["void"] for line in lines(d)),
    "debertz with cards": lambda d: any(
        h.get("debertz") is not None and h.get("cards") and not line["void"]
        for h, line in zip(d["hands"], lines(d))),
    "redeal": lambda d: any(line["kind"] == "redeal" for line in lines(d)),
    "consecutive bait penalty": lambda d: (rule(d, "bait_penalty", None) or {}).get("count")
    == "consecutive" and any(any(line["penalties"]["bait"]) for line in lines(d)),
    "ski penalty": lambda d: any(any(line["penalties"]["ski"]) for line in lines(d)),
    "negative score": lambda d: min(score(d)["score"], default=0) < 0,
    "tie at the top goes on": tie_at_top_goes_on,
    "taker wins with fewer points": lambda d: won_by_rule_against_more_points(d, "taker"),
    "last trick wins with fewer points": lambda d: won_by_rule_against_more_points(
        d, "last_trick"),
    "four players each for themselves, halves": lambda d: sides(d) == 4
    and rule(d, "bait_to", "") == "halves" and any(
        line["outcome"] == "bait" for line in lines(d)),
    "teams, taker points to leader": lambda d: len(d["players"]) == 4 and sides(d) == 2
    and rule(d, "bait_to", "") == "taker_points_to_leader",
    "sequences void without a trick": lambda d: any(
        line["totals"] is not None and h.get("melds") and h.get("no_tricks")
        and h["melds"]["side"] in h["no_tricks"] and rule(d, "sequences_need_trick", True)
        and h["melds"].get("terz", 0) + h["melds"].get("fifty", 0) > 0
        for h, line in zip(d["hands"], lines(d))),
    "obligation": lambda d: rule(d, "obligation", False) is True and len(d["hands"]) > 3,
    "maximal melds for a team": lambda d: any(
        h.get("melds") and 3 * (h["melds"].get("terz") or 0) + 4 * (h["melds"].get("fifty") or 0)
        == 16 for h in d["hands"]) and sides(d) == 2 and len(d["players"]) == 4,
}


@functools.cache
def searched() -> tuple[Doc, ...]:
    """The games the search draws, the same ones every run, drawn once for all the features
    (each feature's search used to draw and score them again): until every feature has been
    seen, at most 3000."""
    drawn: list[Doc] = []
    missing = dict(FEATURES)

    def keep(doc: Doc) -> bool:
        drawn.append(doc)
        for name in [name for name, has in missing.items() if has(doc)]:
            del missing[name]
        return not missing

    with contextlib.suppress(NoSuchExample):
        find(games(), keep, settings=SEARCH)
    return tuple(drawn)


@pytest.mark.slow  # draws 3000 games (once for every feature of a process)
@pytest.mark.parametrize("feature", sorted(FEATURES))
def test_generator_reaches(feature: str) -> None:
    pool = searched()
    assert any(FEATURES[feature](doc) for doc in pool), f"none of {len(pool)} games has {feature}"


@settings(max_examples=300, deadline=None)
@given(games())
def test_generated_games_respect_the_file_rules(doc: Doc) -> None:
    players = len(doc["players"])
    table = Table(players, doc.get("teams", True))
    for hand in doc["hands"]:
        if hand.get("cards") is not None:
            assert cards_ok(hand["cards"]) and len(hand["cards"]) == table.side_count
            for side in hand.get("no_tricks") or []:
                assert hand["cards"][side] == 0
        if hand.get("melds"):
            melds = hand["melds"]
            used = 3 * melds.get("terz", 0) + 4 * melds.get("fifty", 0)
            assert used <= table.cards_held(melds["side"])
        if (rule(doc, "both_reach", "") == "last_trick" and not hand.get("redeal")
                and hand.get("claim") is None):
            assert hand.get("last_trick") is not None
        if rule(doc, "obligation", False):
            assert not hand.get("redeal")
        if hand.get("claim") is not None:
            assert_valid_claim(doc, table, hand)


def assert_valid_claim(doc: Doc, table: Table, hand: Doc) -> None:
    """§2/§5a: what a claim hand may carry (the shortfall is checked by the reference scorer)."""
    side = hand["claim"]["side"]
    assert hand["claim"]["cards"] in set(range(163)) - {1, 161}
    assert hand.get("melds") is None or hand["melds"]["side"] == side
    assert hand.get("bella") in (None, side)
    if rule(doc, "claim_counts", "all") == "cards":
        assert hand.get("melds") is None and hand.get("bella") is None
    if rule(doc, "claim_by", "any") == "defenders":
        assert side != table.side_of(hand["taker"])
    for key in ("cards", "no_tricks", "last_trick", "debertz"):
        assert hand.get(key) is None
    if rule(doc, "failed_claim", "play_on") == "loses":
        assert table.side_count == 2
