"""Tests for the rules-and-help pages (app/ui/help/pages.py)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.ui.help.pages import HELP, HelpSection, help_sections

LANGS = ("uk", "ru", "en")
SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"

GAME_TERMS = {
    "uk": (
        "байт",
        "яйця",
        "лижі",
        "белла",
        "терц",
        "полтинник",
        "деберць",
        "козир",
        "роздача",
        "взятка",
    ),
    "ru": (
        "байт",
        "висячий байт",  # RULES.md: яйця / висячий байт / eggs
        "голый",
        "белла",
        "терц",
        "полтинник",
        "деберц",
        "козырь",
        "сдача",
        "взятка",
    ),
    "en": (
        "bait",
        "eggs",
        "skis",
        "bella",
        "terz",
        "fifty",
        "debertz",
        "trump",
        "hand",
        "trick",
    ),
}


def texts(sections: tuple[HelpSection, ...]) -> Iterator[str]:
    """Every piece of text on a page: titles, paragraphs and list items."""
    for section in sections:
        yield section.title
        for block in section.blocks:
            if isinstance(block, str):
                yield block
            else:
                yield from block


def page_text(lang: str) -> str:
    return "\n".join(texts(HELP[lang]))


def numbers(text: str) -> list[int]:
    return [int(found) for found in re.findall(r"\d+", text)]


def section(lang: str, anchor: str) -> HelpSection:
    (found,) = [s for s in HELP[lang] if s.anchor == anchor]
    return found


def test_the_three_languages_are_there_ukrainian_first() -> None:
    assert tuple(HELP) == LANGS


def test_every_language_has_the_same_anchors_in_the_same_order() -> None:
    anchors = {lang: [s.anchor for s in HELP[lang]] for lang in LANGS}
    assert anchors["ru"] == anchors["uk"]
    assert anchors["en"] == anchors["uk"]


def test_anchors_are_unique_and_usable_as_element_ids() -> None:
    anchors = [s.anchor for s in HELP["uk"]]
    assert len(anchors) == len(set(anchors))
    assert all(re.fullmatch(r"[a-z][a-z_]*", anchor) for anchor in anchors)


def test_the_page_covers_every_topic_of_the_brief() -> None:
    anchors = {s.anchor for s in HELP["uk"]}
    wanted = {"game", "cards", "melds", "debertz", "bait", "eggs", "pot", "bait_split"}
    wanted |= {"penalties", "winning", "claim", "presets", "app", "editing", "offline", "backup"}
    assert wanted <= anchors


@pytest.mark.parametrize("lang", LANGS)
def test_no_title_block_or_list_item_is_empty(lang: str) -> None:
    for sec in HELP[lang]:
        assert sec.title.strip(), sec.anchor
        assert sec.blocks, sec.anchor
        for block in sec.blocks:
            items = (block,) if isinstance(block, str) else block
            assert items, f"{lang}/{sec.anchor}: empty list"
            assert all(item.strip() for item in items), f"{lang}/{sec.anchor}"


@pytest.mark.parametrize("lang", LANGS)
def test_text_has_no_markup_characters(lang: str) -> None:
    for text in texts(HELP[lang]):
        assert "<" not in text and ">" not in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_joined_strings_have_no_stray_or_missing_spaces(lang: str) -> None:
    for text in texts(HELP[lang]):
        assert text == text.strip(), text
        assert "  " not in text, text
        assert not re.search(r"[.,;:»”][^\s\d.,;:)»”]", text), text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("number", [162, 20, 50, 301, 501, 701, 1001, 152, 10, 100])
def test_each_language_mentions_the_key_numbers(lang: str, number: int) -> None:
    assert number in numbers(page_text(lang))


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_uses_the_game_terms(lang: str) -> None:
    text = page_text(lang).lower()
    missing = [term for term in GAME_TERMS[lang] if term not in text]
    assert not missing


@pytest.mark.parametrize("anchor", [s.anchor for s in HELP["uk"]])
def test_every_section_quotes_the_same_figures_in_every_language(anchor: str) -> None:
    figures = {lang: sorted(numbers("\n".join(texts((section(lang, anchor),))))) for lang in LANGS}
    assert figures["ru"] == figures["uk"]
    assert figures["en"] == figures["uk"]


def card_lists(lang: str) -> tuple[tuple[str, ...], ...]:
    return tuple(b for b in section(lang, "cards").blocks if isinstance(b, tuple))


@pytest.mark.parametrize("lang", LANGS)
def test_card_values_add_up_to_152_and_162_with_the_last_trick(lang: str) -> None:
    trump, plain = card_lists(lang)
    trump_points = sum(int(item.rsplit("— ", 1)[1]) for item in trump)
    plain_points = sum(int(item.rsplit("— ", 1)[1]) for item in plain)
    assert (trump_points, plain_points) == (62, 30)
    assert trump_points + 3 * plain_points == 152
    closing = "\n".join(b for b in section(lang, "cards").blocks if isinstance(b, str))
    assert {152, 10, 162} <= set(numbers(closing))


@pytest.mark.parametrize("lang", LANGS)
def test_the_card_lists_name_eight_ranks_each(lang: str) -> None:
    for cards in card_lists(lang):
        named = sum(len(re.split(r",| і | и | and ", item.rsplit(" —", 1)[0])) for item in cards)
        assert named == 8, cards


@pytest.mark.parametrize("lang", LANGS)
def test_known_languages_get_their_own_page(lang: str) -> None:
    assert help_sections(lang) is HELP[lang]


@pytest.mark.parametrize("lang", ["", "de", "UK", "pl", "en-GB"])
def test_unknown_language_falls_back_to_ukrainian(lang: str) -> None:
    assert help_sections(lang) is HELP["uk"]


def test_sections_cannot_be_changed_by_the_view() -> None:
    sec = HELP["en"][0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        sec.title = "changed"  # type: ignore[misc]
    assert isinstance(sec.blocks, tuple)


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower().replace("’", "'"))


def shingles(text: str, size: int) -> set[tuple[str, ...]]:
    found = words(text)
    return {tuple(found[i : i + size]) for i in range(len(found) - size + 1)}


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed rule texts are not on this machine")
@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_no_run_of_six_words_is_copied_from_the_seed_rule_texts(lang: str) -> None:
    seed_runs: set[tuple[str, ...]] = set()
    for seed in sorted(SEEDS.glob("*.txt")):
        seed_runs |= shingles(seed.read_text(encoding="utf-8"), 6)
    ours = set().union(*(shingles(text, 6) for text in texts(HELP[lang])))
    copied = sorted(" ".join(run) for run in ours & seed_runs)
    assert not copied


def figures_of(anchor: str) -> set[int]:
    """The numbers a section quotes, in every language (they agree, see above)."""
    return set(numbers("\n".join(texts((section("uk", anchor),)))))


def replay(players: int, hands: list[dict[str, object]], **rules: object) -> dict[str, object]:
    reference = pytest.importorskip("tests.reference.reference_scorer")
    doc = {"players": [f"P{i}" for i in range(players)], "rules": rules, "hands": hands}
    result: dict[str, object] = reference.score(doc)
    return result


def recorded(result: dict[str, object], index: int = 0) -> list[int]:
    hands = result["hands"]
    assert isinstance(hands, list)
    line = hands[index]
    assert isinstance(line, dict)
    found: list[int] = line["recorded"]
    return found


def test_the_bait_example_is_scored_as_the_page_says() -> None:
    result = replay(2, [{"taker": 0, "cards": [70, 92], "bella": 0}])
    assert recorded(result) == [0, 182]
    assert {70, 92, 90, 182, 0} <= figures_of("bait")


def test_the_eggs_and_pot_examples_are_scored_as_the_page_says() -> None:
    eggs = {"taker": 0, "cards": [81, 81]}
    made = {"taker": 1, "cards": [62, 100], "melds": {"side": 1, "terz": 1}}
    result = replay(2, [eggs, made])
    assert recorded(result, 0) == [0, 81]
    assert recorded(result, 1) == [62, 120]
    hands = result["hands"]
    assert isinstance(hands, list)
    assert recorded(result, 1)[1] + hands[1]["pot_won"][1] == 201
    assert {81} <= figures_of("eggs")
    assert {81, 100, 120, 62, 201} <= figures_of("pot")


@pytest.mark.parametrize(
    ("bait_to", "expected"),
    [("leader", [0, 162, 0]), ("taker_points_to_leader", [0, 120, 42]), ("halves", [0, 81, 81])],
)
def test_the_three_player_bait_example_is_scored_as_the_page_says(
    bait_to: str, expected: list[int]
) -> None:
    result = replay(3, [{"taker": 0, "cards": [50, 70, 42]}], bait_to=bait_to)
    assert recorded(result) == expected
    example = next(
        b for b in section("en", "bait_split").blocks if isinstance(b, str) and "50, 70" in b
    )
    assert ", ".join(map(str, expected)) in example
