"""The facts of each hand (``HandLine.facts``) add up to the hand's figures (Hypothesis).

Every figure an explanation shows comes from these facts, so they are checked against the
sheet's own figures and recounted from the records, for random games of every rule set.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings

from app.engine import HandFacts, HandLine, game_from_json, score
from app.engine.model import Game
from app.engine.records import Hand

from .strategies import games

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def played_lines(game: Game) -> list[tuple[Hand, HandLine, HandFacts]]:
    """Every hand scored from its card points, with its record and its facts."""
    found = []
    for hand, line in zip(game.hands, score(game).hands):
        assert line.facts is not None
        if line.totals is not None:
            found.append((hand, line, line.facts))
    return found


@FAST
@given(games())
def test_each_sides_cards_sequences_and_bella_add_up_to_its_hand_total(doc: dict[str, Any]) -> None:
    game = game_from_json(doc)
    for hand, line, facts in played_lines(game):
        assert facts.cards == hand.cards
        assert facts.totals == line.totals
        assert sum(facts.totals) == line.value
        declared = [0] * game.side_count
        if hand.melds is not None:
            declared[hand.melds.side] = hand.melds.points
        assert [c + v for c, v in zip(facts.sequences, facts.void_sequences)] == declared
        assert facts.bella == tuple(20 if hand.bella == s else 0 for s in range(game.side_count))
        if any(facts.void_sequences):
            assert game.rules.sequences_need_trick and hand.melds is not None
            assert hand.melds.side in hand.no_tricks


@FAST
@given(games())
def test_the_comparison_names_the_outcome_the_engine_decided(doc: dict[str, Any]) -> None:
    game = game_from_json(doc)
    rules = game.rules
    for _, line, facts in played_lines(game):
        assert line.taker_side is not None and line.totals is not None
        comparison = facts.comparison
        assert comparison is not None
        totals = line.totals
        opponents = [s for s in range(game.side_count) if s != line.taker_side]
        assert comparison.own == totals[line.taker_side]
        assert comparison.must_beat == rules.must_beat
        if rules.must_beat == "each":
            assert comparison.against == max(totals[s] for s in opponents)
            assert all(totals[s] == comparison.against for s in comparison.sides)
        else:
            assert comparison.against == sum(totals[s] for s in opponents)
            assert sorted(comparison.sides) == opponents
        top = max(totals[s] for s in opponents)
        assert sorted(facts.leaders) == [s for s in opponents if totals[s] == top]
        tie = comparison.own == comparison.against
        if comparison.own > comparison.against:
            assert line.outcome == "made"
        elif not tie:
            assert line.outcome == "bait"
        else:  # eggs, which "opponents" scores as a bait
            assert line.outcome == "eggs"
        names = {option.name: option.value for option in facts.options}
        assert ("eggs" in names) == tie
        if tie:
            assert names["eggs"] == rules.eggs
        scored_as_bait = line.outcome == "bait" or (tie and rules.eggs == "opponents")
        assert ("bait_to" in names) == (scored_as_bait and game.side_count > 2)
        assert ("must_beat" in names) == (game.side_count > 2)


@FAST
@given(games())
def test_the_score_and_the_pot_go_from_before_to_after_by_the_hands_figures(
        doc: dict[str, Any]) -> None:
    game = game_from_json(doc)
    sheet = score(game)
    score_before, pot_before = (0,) * game.side_count, 0
    for line in sheet.hands:
        facts = line.facts
        assert facts is not None
        assert facts.score_before == score_before and facts.pot_before == pot_before
        assert tuple(b + c for b, c in zip(facts.score_before, line.change)) == line.score
        if line.totals is not None:
            assert line.pot == facts.pot_before - line.pot_won + facts.hung
            assert line.pot_won == (facts.pot_before if line.winner is not None else 0)
            assert line.change == tuple(
                r + (line.pot_won if s == line.winner else 0) - line.penalties.bait[s]
                - line.penalties.ski[s] for s, r in enumerate(line.recorded))
        else:
            assert line.pot == facts.pot_before and facts.hung == 0
        assert facts.reached == tuple(s for s, v in enumerate(line.score)
                                      if v >= game.rules.target)
        score_before, pot_before = line.score, line.pot


@FAST
@given(games())
def test_the_game_ends_in_one_hand_whose_facts_name_the_winner_and_the_rule(
        doc: dict[str, Any]) -> None:
    sheet = score(game_from_json(doc))
    ends = [line for line in sheet.hands if line.facts is not None and line.facts.ended]
    if not sheet.finished:
        assert ends == []
        return
    assert len(ends) == 1
    facts = ends[0].facts
    assert facts is not None
    assert (facts.game_winner, facts.ended) == (sheet.winner, sheet.decided_by)
    assert all(line.void for line in sheet.hands[ends[0].number:])
    assert not ends[0].void


@FAST
@given(games())
def test_each_penalty_names_the_count_that_triggered_it(doc: dict[str, Any]) -> None:
    game = game_from_json(doc)
    rules = game.rules
    sides = game.side_count
    baits, skis = [0] * sides, [0] * sides  # recounted from the records (§4)
    for hand, line, facts in played_lines(game):
        if rules.bait_penalty is None and rules.ski_penalty is None:
            assert facts.baits == () and facts.skis == ()
            continue
        taker = line.taker_side
        assert taker is not None
        baited = line.outcome == "bait" or (line.outcome == "eggs" and rules.eggs == "opponents")
        if baited:
            baits[taker] += 1
        elif rules.bait_penalty is not None and rules.bait_penalty.count == "consecutive":
            baits[taker] = 0
        for s in range(sides):
            if s in hand.no_tricks:
                skis[s] += 1
            elif rules.ski_penalty is not None and rules.ski_penalty.count == "consecutive":
                skis[s] = 0
        for moved, penalty, kind, counts in ((facts.baits, rules.bait_penalty, "bait", baits),
                                             (facts.skis, rules.ski_penalty, "ski", skis)):
            lost = getattr(line.penalties, kind)
            if penalty is None:
                assert moved == () and not any(lost)
                continue
            assert {s for s in range(sides) if lost[s]} <= {c.side for c in moved}
            for count in moved:
                assert count.nth == counts[count.side]
                assert count.points == lost[count.side]
                assert (count.points > 0) == penalty.is_due(count.nth)
                assert count.consecutive == (penalty.count == "consecutive")
            expected = {taker} if kind == "bait" and baited else (
                set(hand.no_tricks) if kind == "ski" else set())
            assert {count.side for count in moved} == expected
