"""Games and rule sets in links: round trips, and every damaged or hostile link refused."""

from __future__ import annotations

import base64
import json
import time
import zlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app import engine
from app.engine import rules as engine_rules
from app.share import link
from app.share.link import (
    LinkError,
    content_digest,
    game_fragment,
    read_fragment,
    read_game,
    rules_fragment,
    shared_doc,
    without_bookkeeping,
)
from tests.engine.strategies import games, rule_sets
from tests.share.typical import typical_game

PLAIN = {"players": ["Оля", "Петро"], "hands": [{"taker": 0, "cards": [100, 62]}]}


def payload(fragment: str) -> str:
    return fragment.split("/", 2)[2]


def json_payload(doc: Any, level: int = 9) -> str:
    data = zlib.compress(json.dumps(doc).encode("utf-8"), level)
    return "J" + base64.b32encode(data).decode("ascii").rstrip("=")


def has_own_keys(game: dict[str, Any]) -> bool:
    own = set(engine.model.HAND_KEYS)
    return any(set(hand) - own for hand in without_bookkeeping(shared_doc(game))["hands"])


def timed(game: dict[str, Any], minutes: list[int]) -> dict[str, Any]:
    """``game`` with the time the app writes into each hand it saves (``at``), where ``minutes``
    gives one (a minute of the evening; hands past its end get none, as in older records)."""
    hands = [dict(hand) for hand in game["hands"]]
    for hand, minute in zip(hands, minutes):
        hand["at"] = f"2026-12-01T{20 + minute // 60:02d}:{minute % 60:02d}:00"
    return {**game, "hands": hands}


# --- round trips -----------------------------------------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(max_hands=40), st.lists(st.integers(0, 239), max_size=40))
def test_any_valid_game_comes_back_from_its_link_as_the_same_game(
    played: dict[str, Any], minutes: list[int]
) -> None:
    game = timed(played, minutes)  # the hands' times stay home: the same link either way
    fragment = game_fragment(game)
    assert fragment == game_fragment(played)
    shared = read_fragment(fragment)
    assert shared.kind == "game"
    assert shared.doc == without_bookkeeping(shared_doc(game)) == shared_doc(played)
    assert shared.digest == content_digest(shared_doc(game)) == content_digest(shared_doc(played))
    assert fragment.startswith("#/shared/" + ("J" if has_own_keys(game) else "1"))


@settings(max_examples=200, deadline=None)
@given(rule_sets())
def test_any_rule_set_comes_back_from_its_link(rules: dict[str, Any]) -> None:
    shared = read_fragment(rules_fragment(rules))
    assert shared.kind == "rules"
    assert shared.doc == engine.rules_to_json(engine.rules_from_json(rules))
    assert payload(rules_fragment(rules)).startswith("1")


def test_the_app_bookkeeping_stays_home_but_a_hands_own_note_travels() -> None:
    game = {**PLAIN, "id": "g1", "undo": [{"op": "add"}], "created": "2026-11-30T03:00:00"}
    game["hands"] = [{"taker": 0, "cards": [100, 62], "note": "<b>спірна</b>"}]
    doc = read_fragment(game_fragment(game)).doc
    assert "id" not in doc and "undo" not in doc and "created" not in doc
    assert doc["hands"] == [{"taker": 0, "cards": [100, 62], "note": "<b>спірна</b>"}]


def test_a_game_saved_hand_by_hand_in_the_app_gets_the_short_packed_link() -> None:
    """Every hand the app saves carries its time; without them the link of a typical 60-hand
    evening is 239 characters, not the 1,374 of the JSON form (after a 25-character address, a QR
    code of version 10, which a camera reads at arm's length, not 25)."""
    evening = typical_game(2, 60)
    kept = timed(evening, [3 * number for number in range(60)])
    fragment = game_fragment(kept)
    assert fragment.startswith("#/shared/1") and len(fragment) == len(game_fragment(evening))
    assert len(payload(fragment)) < 300
    assert all("at" not in hand for hand in read_fragment(fragment).doc["hands"])


def test_a_link_made_before_the_times_stayed_home_still_brings_them() -> None:
    kept = timed(typical_game(2, 5), [0, 4, 9, 13, 20])
    older = read_game(json_payload(shared_doc(kept)))  # an older version sent the J form
    assert older.form == "J"
    assert [hand["at"] for hand in older.doc["hands"]][-1] == "2026-12-01T20:20:00"
    assert older.digest == content_digest(shared_doc(typical_game(2, 5)))


def test_names_are_carried_exactly_as_typed_markup_and_spaces_included() -> None:
    names = ["<img src=x onerror=alert(1)>", "  Петро ", "A & B", "x" * 40]
    doc = read_fragment(game_fragment({"players": names, "hands": []})).doc
    assert doc["players"] == names


def test_the_digest_names_the_content_not_the_link_form() -> None:
    packed = read_fragment(game_fragment(PLAIN))
    as_json = read_game(json_payload(shared_doc(PLAIN)))
    assert packed.form == "1" and as_json.form == "J"
    assert packed.digest == as_json.digest


def test_the_packed_tables_still_match_the_engines_options() -> None:
    assert link.CHOICES == {
        "eggs": engine_rules.EGGS,
        "both_reach": engine_rules.BOTH_REACH,
        "must_beat": engine_rules.MUST_BEAT,
        "bait_to": engine_rules.BAIT_TO,
        "claim_counts": engine_rules.CLAIM_COUNTS,
        "claim_by": engine_rules.CLAIM_BY,
        "failed_claim": engine_rules.FAILED_CLAIM,
    }
    assert (link.WHEN, link.COUNT) == (engine_rules.WHEN, engine_rules.COUNT)
    assert engine_rules.RULE_KEYS == ("target", *link.CHOICES, *link.FLAGS, *link.PENALTIES)
    assert engine_rules.TARGET_MAX < 1 << link.TARGET_BITS
    assert link.PLAYED_KEYS == set(engine.model.HAND_KEYS) - {"redeal"}


def test_todays_links_open_the_same_in_every_later_version() -> None:
    """Links made by this version, written down: a later version must read them unchanged."""
    assert read_fragment("#/shared/1EA3IJ5UF32GHQVUE72C25DAWRQDIL4BFUACABOIB6CMRRJ2N").doc == {
        "format": "debertz/1", "players": ["Оля", "Петро"], "teams": True, "first_dealer": 0,
        "rules": engine.rules_to_json(engine.Rules(target=301)),
        "hands": [{"taker": 1, "cards": [62, 100], "melds": {"side": 1, "terz": 1, "fifty": 0}}],
    }
    assert read_fragment("#/rules/1B6SABQB4GL4EM").doc == engine.rules_to_json(
        engine.Rules(target=1001, obligation=True)
    )


# --- damaged, cut, tampered, unknown ---------------------------------------------------------


def test_every_cut_of_a_link_is_refused_as_damaged() -> None:
    text = payload(game_fragment(typical_game(4, 30)))
    for end in range(1, len(text)):
        with pytest.raises(LinkError) as caught:
            read_game(text[:end])
        assert caught.value.code == "damaged", end


def test_every_one_character_change_is_refused_or_gives_the_same_game() -> None:
    text = payload(game_fragment(typical_game(3, 30)))
    original = read_game(text).doc
    refused = same = 0
    for index in range(1, len(text)):
        for char in "A7Q2Z":
            if char == text[index]:
                continue
            try:
                doc = read_game(text[:index] + char + text[index + 1 :]).doc
            except LinkError as error:
                assert error.code == "damaged"
                refused += 1
            else:
                assert doc == original  # only the last character's unused bits
                same += 1
    assert refused > 100 * same


def test_a_link_that_passes_the_check_sum_but_breaks_the_rules_names_the_problem() -> None:
    bad = {"format": "debertz/1", "players": ["A", "B"], "hands": [{"taker": 0, "cards": [90, 90]}]}
    with pytest.raises(LinkError) as caught:
        read_game(json_payload(bad))
    assert caught.value.code == "invalid"
    assert [p.code for p in caught.value.problems] == ["cards_sum"]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "empty"),
        ("7ABCDEFG", "unknown_form"),
        ("x", "unknown_form"),
        ("hello<script>", "damaged"),  # not a link's letters: not blamed on a newer version
        ("7ABC!DEF", "damaged"),
        ("<", "damaged"),
        ("!ABC", "damaged"),
        ("1", "damaged"),
        ("1AB", "damaged"),
        ("1ABC!DEF", "damaged"),
        ("1ABC DEF", "damaged"),
        ("J" + "A" * 40, "damaged"),
        ("1" + "A" * 30_000, "too_long"),
    ],
)
def test_broken_links_are_refused_with_a_code(text: str, code: str) -> None:
    with pytest.raises(LinkError) as caught:
        read_game(text)
    assert caught.value.code == code


def test_a_link_of_a_newer_version_says_so() -> None:
    with pytest.raises(LinkError) as caught:
        read_fragment("#/shared/2ABCDEFGH")
    assert (caught.value.code, caught.value.params) == ("unknown_form", {"form": "2"})


def test_a_lowercased_link_still_opens() -> None:
    fragment = game_fragment(PLAIN)
    assert read_game("1" + payload(fragment)[1:].lower()).doc == shared_doc(PLAIN)
    json_form = json_payload(shared_doc(PLAIN))
    assert read_game(json_form.lower()).doc == read_game(json_form).doc, "its form's letter too"


# --- hostile links: bounded, never run ---------------------------------------------------------


def test_a_small_link_that_unpacks_into_megabytes_is_refused_quickly() -> None:
    bomb = json_payload({"players": ["A", "B"], "hands": [], "pad": "x" * 10_000_000})
    assert len(bomb) < link.MAX_PAYLOAD
    started = time.perf_counter()
    with pytest.raises(LinkError) as caught:
        read_game(bomb)
    assert caught.value.code == "too_big"
    assert time.perf_counter() - started < 2


def test_a_deeply_nested_link_is_refused_before_it_is_parsed() -> None:
    text = '{"players": ["A", "B"], "hands": [], "x": ' + "[" * 50_000 + "]" * 50_000 + "}"
    data = zlib.compress(text.encode(), 9)
    with pytest.raises(LinkError) as caught:
        read_game("J" + base64.b32encode(data).decode().rstrip("="))
    assert caught.value.code == "too_deep"


def test_a_packed_link_claiming_thousands_of_hands_runs_out_instead_of_looping() -> None:
    out = link.BitWriter()
    out.write(0, 2), out.write_flag(True), out.write(0, 2)
    out.write_bytes(b"A"), out.write_bytes(b"B")
    link._pack_rules(out, engine.rules_to_json(engine.Rules()))
    out.write_count(1_000_000)
    with pytest.raises(LinkError) as caught:
        read_game("1" + link._to_text(link._sealed(out)))
    assert caught.value.code == "damaged"


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="1JABCXYZ234567abc!%/=", max_size=300))
def test_no_text_makes_the_reader_fail_other_than_with_a_link_error(text: str) -> None:
    try:
        read_game(text)
    except LinkError:
        pass


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_no_bytes_in_a_valid_envelope_make_the_reader_fail_otherwise(data: bytes) -> None:
    sealed = data + zlib.crc32(data).to_bytes(4, "big")
    for form in ("1", "J"):
        try:
            read_game(form + link._to_text(sealed if form == "1" else data))
        except LinkError:
            pass
