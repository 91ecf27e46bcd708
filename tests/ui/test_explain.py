"""A hand's explanation: its figures are the engine's, its words name what the engine decided.

Golden texts for the worked examples of RULES.md §8 (tests/golden/explain/worked_examples.json,
read line by line when it was written), and for random games of every rule set (Hypothesis):
each sum adds up to the engine's total, each share is what the side recorded, the comparison
names the engine's outcome, the pot, the penalties and the running score are the sheet's, and
the rendered text says every figure of every sentence.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from app.engine import HandLine
from app.ui import i18n
from app.ui.explain.banner import end_text, ending_line, needs_text
from app.ui.explain.sentences import (
    COMPARE,
    Moves,
    Names,
    Said,
    Shares,
    Sum,
    Text,
    explain,
    explanation,
    render,
    sum_text,
)
from app.ui.game.views import render_readonly
from app.ui.scoring import Played, played
from app.ui.views_common import signed_score
from tests.engine.strategies import games
from tests.ui.helpers import XSS, Table

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "explain" / "worked_examples.json"
EXAMPLES: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8"))
LANGS = ("uk", "ru", "en")
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def shown_example(name: str) -> Played:
    game = EXAMPLES[name]["game"]
    return played({"id": f"example {name}", **game})


@pytest.mark.parametrize("name", sorted(EXAMPLES))
@pytest.mark.parametrize("lang", LANGS)
def test_the_worked_examples_are_explained_as_written(name: str, lang: str) -> None:
    shown = shown_example(name)
    t = i18n.translator(lang)
    for number, texts in EXAMPLES[name]["explained"].items():
        line = shown.sheet.hands[int(number) - 1]
        assert explanation(shown, line, t) == texts[lang]["full"]
        assert explanation(shown, line, t, short=True) == texts[lang]["short"]


def test_the_issues_example_reads_as_the_issue_wrote_it() -> None:
    game = {"id": "issue 21", "players": ["Петро", "Оля"],
            "hands": [{"taker": 0, "cards": [70, 92], "bella": 0}]}
    shown = played(game)
    text = explanation(shown, shown.sheet.hands[0], i18n.translator("uk"))
    assert "Петро: 70 + белла 20 = 90 — менше, ніж 92 (Оля): байт." in text
    assert "Оля записує всю роздачу: 162 + 20 = 182" in text


@pytest.mark.parametrize("lang", LANGS)
def test_two_points_left_over_a_split_are_said_to_go_one_each(lang: str) -> None:
    game = {"id": "split", "players": ["Олександра", "Святослав", "Володимир", "Христина"],
            "teams": False,
            "hands": [{"taker": 0, "cards": [100, 22, 20, 20]},
                      {"taker": 1, "cards": [50, 12, 50, 50], "melds": {"side": 1, "terz": 1}}]}
    shown = played(game)
    line = shown.sheet.hands[1]
    t = i18n.translator(lang)
    text = explanation(shown, line, t)
    assert line.recorded == (60, 0, 61, 61)  # 182 split three ways, from the dealer's left
    assert t("explain.split_rest_two") in text
    assert t("explain.split_rest") not in text


# --- every figure is the engine's --------------------------------------------------------


def walk(said: Said) -> list[Said]:
    """A sentence and the sentences inside it (what the taker had to beat)."""
    inner = [s for value in said.params.values() if isinstance(value, Said) for s in walk(value)]
    return [said, *inner]


def check_figures(shown: Played, line: HandLine, said: list[Said], short: bool = False) -> None:
    facts = line.facts
    assert facts is not None
    keys = [s.key for s in said]
    for sentence in (s for top in said for s in walk(top)):
        params = sentence.params
        if sentence.key in COMPARE.values():
            assert line.outcome is not None and line.totals is not None
            assert sentence.key == COMPARE[line.outcome]
            taker = params["side"]
            assert isinstance(taker, Names) and taker.sides == (line.taker_side,)
            total = params["sum"]
            assert isinstance(total, Sum) and line.taker_side is not None
            assert total.total == line.totals[line.taker_side]
        if sentence.key == "explain.side_sum":
            side, total = params["side"], params["sum"]
            assert isinstance(side, Names) and isinstance(total, Sum) and line.totals is not None
            assert total.total == line.totals[side.sides[0]]
        if sentence.key in ("explain.vs_one", "explain.vs_top", "explain.vs_top_tied"):
            assert facts.comparison is not None
            assert params["against"] == facts.comparison.against
        if sentence.key == "explain.vs_combined":
            together = params["sum"]
            assert isinstance(together, Sum) and facts.comparison is not None
            assert together.total == facts.comparison.against
        for value in params.values():
            if isinstance(value, Shares):
                assert all(line.recorded[s] == v for s, v in value.items)
            if isinstance(value, Moves):
                assert value.items == tuple((s, facts.score_before[s], line.score[s])
                                            for s in range(shown.sides))
        if sentence.key in ("explain.bait_all", "explain.bait_split", "explain.bait_halves"):
            value = params["sum"]
            assert isinstance(value, Sum) and value.total == line.value
        if sentence.key in ("explain.bait_split", "explain.bait_halves"):
            shares = params["shares"]
            assert isinstance(shares, Shares)
            values = [value for _, value in shares.items]
            more = sum(v == max(values) for v in values) if max(values) > min(values) else 0
            rest = {"explain.split_rest": 1, "explain.split_rest_two": 2}
            assert more == next((n for key, n in rest.items() if key in keys), 0), (keys, values)
        if sentence.key == "explain.bait_all":
            leader = params["side"]
            assert isinstance(leader, Names)
            assert line.recorded[leader.sides[0]] == line.value
        if sentence.key == "explain.bait_taker_points":
            assert line.totals is not None and line.taker_side is not None
            assert params["points"] == line.totals[line.taker_side]
        if sentence.key == "explain.pot_won":
            assert params["points"] == line.pot_won > 0
        if sentence.key in ("explain.pot_grows", "explain.pot_stays"):
            assert params.get("before", params["points"]) == facts.pot_before
        if sentence.key.startswith(("explain.bait_penalty", "explain.bait_free",
                                    "explain.ski_penalty", "explain.ski_free")):
            side = params["side"]
            assert isinstance(side, Names)
            lost = line.penalties.bait if ".bait_" in sentence.key else line.penalties.ski
            assert params.get("points", 0) == lost[side.sides[0]]
        if sentence.key in ("explain.claim_holds", "explain.claim_loses"):
            claimed = params["sum"]
            assert isinstance(claimed, Sum) and line.claim is not None
            assert claimed.total == line.claim.total
            assert (sentence.key == "explain.claim_holds") == line.claim.holds
    # What the sheet shows is said: every penalty, the pot won, how the hand went and the end.
    for side in range(shown.sides):
        if line.penalties.bait[side]:
            assert any(k.startswith("explain.bait_penalty") for k in keys)
        if line.penalties.ski[side]:
            assert any(k.startswith("explain.ski_penalty") for k in keys)
    if line.pot_won:
        assert "explain.pot_won" in keys
    if line.outcome is not None and not line.void:
        assert COMPARE[line.outcome] in keys
    if facts.ended is not None and line.kind != "claim":  # the preview says it ends on its own
        assert ("explain.ends" in keys) != short


def figures_said(sentence: Said, shown: Played, t: i18n.Tr, text: str) -> None:
    """Every figure and name of a sentence is in its text."""
    for value in sentence.params.values():
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            assert signed_score(value) in text, (value, text)
        elif isinstance(value, Sum):
            assert sum_text(value, t) in text
        elif isinstance(value, Shares | Moves):
            for item in value.items:
                assert all(signed_score(v) in text for v in item[1:])
        elif isinstance(value, Said):
            assert render(value, shown, t) in text
            figures_said(value, shown, t, render(value, shown, t))
        elif isinstance(value, Text):
            assert t(value.key) in text


@FAST
@given(games())
def test_every_figure_of_an_explanation_is_the_engines(doc: dict[str, Any]) -> None:
    shown = played({"id": "random", **doc})
    for line in shown.sheet.hands:
        full, short = explain(shown, line), explain(shown, line, short=True)
        check_figures(shown, line, full)
        check_figures(shown, line, short, short=True)
        assert [s for s in short if s not in full] == []  # the short form leaves out, adds nothing
        for lang in LANGS:
            t = i18n.translator(lang)
            for sentence in full:
                figures_said(sentence, shown, t, render(sentence, shown, t))


# --- the sheet's «чому?» -----------------------------------------------------------------


def test_each_hand_on_the_sheet_has_its_why_and_draws_it_only_while_open() -> None:
    table = Table("uk")
    table.new_game(["Петро", "Оля"])
    table.hand(0, {0: 70}, bella=0)
    table.hand(1, {1: 100})
    html = table.html()
    for index in (0, 1):
        assert (f'<span class="why" id="why-{index}"><button type="button" data-action="explain-hand"'
                f' data-index="{index}" data-open="true" aria-expanded="false"'
                f' aria-controls="why-text-{index}" aria-label="Чому? Роздача {index + 1}">'
                f'<span>чому?</span></button><ul class="why-text" id="why-text-{index}"'
                ' aria-live="polite"></ul></span>') in html
    assert "Оля записує всю роздачу" not in html
    table.do("explain-hand", index=0, open="true")
    html = table.html()
    assert ('<button type="button" data-action="explain-hand" data-index="0" data-open="false"'
            ' aria-expanded="true" aria-controls="why-text-0"') in html
    assert "<li>Оля записує всю роздачу: 162 + 20 = 182; Петро — 0.</li>" in html
    assert "Оля: 100 — більше" not in html  # the other hand stays folded
    assert table.stored().games == Table("uk", store=table.store).stored().games  # nothing stored
    table.do("explain-hand", index=0, open="false")
    assert "Оля записує всю роздачу" not in table.html()


def test_a_name_in_an_explanation_is_text_not_markup() -> None:
    table = Table("en")
    table.new_game([XSS, "Оля"])
    table.hand(0, {0: 70})
    table.do("explain-hand", index=0, open="true")
    html = table.html()
    assert XSS not in html
    assert "&lt;img src=x onerror=alert(1)&gt;: 70 — less than 92 (Оля): bait." in html


def test_a_shared_game_draws_an_explanation_only_while_it_is_open() -> None:
    game = {"id": "shared", "players": ["Петро", "Оля"],
            "hands": [{"taker": 0, "cards": [70, 92], "bella": 0}]}
    folded = render_readonly(game, i18n.translator("ru"), "shared:ab")
    assert ('<span class="why" id="why-0"><button type="button" data-action="explain-hand" '
            'data-index="0" data-sheet="shared:ab" data-open="true" aria-expanded="false"') in folded
    assert "Оля записывает всю сдачу" not in folded
    opened = render_readonly(game, i18n.translator("ru"), "shared:ab", frozenset({("shared:ab", 0)}))
    assert "Оля записывает всю сдачу: 162 + 20 = 182" in opened
    assert "Оля записывает" not in render_readonly(  # another sheet's open hand is not this one's
        game, i18n.translator("ru"), "shared:cd", frozenset({("shared:ab", 0)}))


def test_a_file_s_preview_opens_an_explanation_on_its_own_sheet() -> None:
    table = Table("ru")
    game = {"format": "debertz/1", "players": ["Петро", "Оля"],
            "hands": [{"taker": 0, "cards": [70, 92], "bella": 0}]}
    table.do("open-file", name="g.json", text=json.dumps(game, ensure_ascii=False))
    sheet = re.search(r'data-sheet="([^"]+)"', table.html())
    assert sheet is not None and "Оля записывает" not in table.html()
    table.do("explain-hand", index=0, open="true", sheet=sheet.group(1))
    assert "Оля записывает всю сдачу: 162 + 20 = 182" in table.html()
    with pytest.raises(ValueError, match="no sheet"):  # a sheet that is not shown
        table.do("explain-hand", index=0, open="true", sheet="shared:other")
    other = {**game, "players": ["Іван", "Марта"]}
    table.do("open-file", name="h.json", text=json.dumps(other, ensure_ascii=False))
    assert "записывает всю сдачу" not in table.html()  # another file opens folded


# --- the banner -----------------------------------------------------------------------------

BANNERS = {
    ("8 both reach, more_points", "uk"): "Роздача 6: мети (501) досягли Оля, Петро — Оля 520, Петро 552. "
    "За правилом «Дійшли до мети разом: Більше очок» перемагає більший рахунок: Петро.",
    ("8 both reach, more_points", "ru"): "Сдача 6: цели (501) достигли Оля, Петро — Оля 520, Петро 552. "
    "По правилу «Дошли до цели вместе: Больше очков» побеждает больший счёт: Петро.",
    ("8 both reach, more_points", "en"): "Hand 6: Оля, Петро reached the target (501) — Оля 520, Петро 552. "
    "Under the rule “Reach the target together: More points” the higher score wins: Петро.",
    ("8 both reach, taker", "uk"): "Роздача 6: мети (501) досягли Оля, Петро — Оля 520, Петро 552. "
    "За правилом «Дійшли до мети разом: Хто грав» перемагає сторона, що взяла козир: Оля.",
    ("7 bait penalty on the third bait of the game", "uk"):
    "Роздача 4: Петро — 648 із 501; більше ніхто мети не досяг.",
    ("9 claim holds", "uk"): "Роздача 6. «Партія»: Оля — 430 + 71 = 501 із 501, гру закрито достроково.",
    ("9 claim falls short under failed_claim loses", "en"):
    "Hand 6. A failed claim: Оля had 430 + 51 = 481 of 501, and under these rules that loses the game.",
}


@pytest.mark.parametrize(("name", "lang"), sorted(BANNERS))
def test_the_banner_says_why_the_worked_examples_ended(name: str, lang: str) -> None:
    shown = shown_example(name)
    assert end_text(shown, i18n.translator(lang)) == BANNERS[name, lang]
    assert needs_text(shown, i18n.translator(lang)) == ""


def test_the_banner_says_a_debertz_wins_whatever_the_score() -> None:
    shown = played({"id": "debertz", "players": ["Оля", "Петро", "Іван", "Марта"],
                    "hands": [{"taker": 0, "cards": [100, 62]}, {"taker": 1, "debertz": 1}]})
    assert end_text(shown, i18n.translator("uk")) == (
        "Роздача 2: деберць — Петро та Марта; гру виграно одразу, хай який рахунок"
        " (Оля та Іван 100, Петро та Марта 62)."
    )
    html = render_game_html(shown.record)
    assert "Роздача 2: деберць — Петро та Марта" in html


def render_game_html(game: dict[str, Any]) -> str:
    table = Table("uk", games={game["id"]: game})
    table.do("route", hash=f"#/game/{game['id']}")
    return table.html()


TEAMS = {"id": "teams", "players": ["Оля", "Петя", "Иван", "Марта"], "teams": True,
         "hands": [{"taker": 3, "cards": [81, 81]},
                   {"taker": 1, "cards": [60, 102], "melds": {"side": 1, "fifty": 1}},
                   {"taker": 1, "cards": [92, 70]}]}


@pytest.mark.parametrize(("lang", "pot", "bait", "needs"), [
    ("ru", "Петя и Марта забирают ещё и висячие: +81.",
     "Оля и Иван записывают всю сдачу: 162; Петя и Марта — 0.",
     "До 501: Оля и Иван — ещё\u00a0198, Петя и Марта — ещё\u00a0268."),
    ("uk", "Петя та Марта забирають ще й висячі: +81.",
     "Оля та Иван записують всю роздачу: 162; Петя та Марта — 0.",
     "До 501: Оля та Иван — ще\u00a0198, Петя та Марта — ще\u00a0268."),
    ("en", "Петя and Марта also take the pot: +81.",
     "Оля and Иван record the whole hand: 162; Петя and Марта — 0.",
     "To 501: Оля and Иван — 198\u00a0to go, Петя and Марта — 268\u00a0to go."),
])
def test_a_teams_verb_agrees_with_both_partners(lang: str, pot: str, bait: str, needs: str) -> None:
    # seen at the table (ru, en): «Петя и Марта забирает ещё и висячие», "Olga and Ivan needs 54"
    shown = played(TEAMS)
    t = i18n.translator(lang)
    assert pot in explanation(shown, shown.sheet.hands[1], t)
    assert bait in explanation(shown, shown.sheet.hands[2], t)
    assert needs_text(shown, t) == needs
    one = played({"id": "one", "players": ["Оля", "Петя"],
                  "hands": [{"taker": 1, "cards": [81, 81]}, *TEAMS["hands"][1:]]})
    assert "Петя забирает ещё и висячие: +81." in explanation(one, one.sheet.hands[1],
                                                            i18n.translator("ru"))


def test_while_the_game_goes_on_the_banner_says_what_each_side_needs() -> None:
    tie = {"id": "tie", "players": ["Оля", "Петро"], "rules": {"target": 301},
           "hands": [{"taker": 0, "cards": [162, 0]}, {"taker": 1, "cards": [0, 162]},
                     {"taker": 0, "cards": [100, 62]}, {"taker": 1, "cards": [62, 100]}]}
    shown = played(tie)
    assert needs_text(shown, i18n.translator("uk")) == "До 301: Оля — уже\u00a0324, Петро — уже\u00a0324."
    assert end_text(shown, i18n.translator("uk")) == ""
    going = {**tie, "id": "going", "hands": tie["hands"][:1]}
    assert needs_text(played(going), i18n.translator("en")) == (
        "To 301: Оля — 139\u00a0to go, Петро — 301\u00a0to go.")
    assert '<p class="needs-line" id="needs">До 301: Оля — ще\u00a0139, Петро — ще\u00a0301.</p>' in (
        render_game_html(going))


@FAST
@given(games())
def test_the_banner_names_the_winner_the_hand_and_the_figures_the_engine_decided(
        doc: dict[str, Any]) -> None:
    shown = played({"id": "random banner", **doc})
    sheet = shown.sheet
    for lang in LANGS:
        t = i18n.translator(lang)
        end, needs = end_text(shown, t), needs_text(shown, t)
        if not sheet.finished:
            assert end == "" and ending_line(shown) is None
            for side, need in enumerate(sheet.needs):
                figure = need if need > 0 else signed_score(sheet.score[side])
                assert f"{shown.label(side, t('side.and'))} " in needs and str(figure) in needs
            continue
        assert needs == ""
        line = ending_line(shown)
        assert line is not None and line.facts is not None
        assert line.facts.game_winner == sheet.winner
        assert str(line.number) in end
        if sheet.decided_by in ("claim", "failed_claim"):
            assert line.claim is not None and signed_score(line.claim.total) in end
        else:
            assert sheet.winner is not None
            assert shown.label(sheet.winner, t("side.and")) in end
            assert signed_score(sheet.score[sheet.winner]) in end
