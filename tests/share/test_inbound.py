"""The one reader of what comes from outside (app.share.inbound, app.names, app.ids): the same
limits, name rule and ids for links, files and backups (issue 17)."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app import engine
from app.ids import is_safe_id
from app.names import name_problems
from app.share import inbound
from app.share.backup import MAX_GAMES, Backup, BackupError, plan_restore, read_backup
from app.share.bits import BitWriter
from app.share.files import FileError, GameFile, open_file, read_file
from app.share.link import MAX_HANDS, LinkError, game_fragment, read_fragment, rules_fragment
from app.share.restoring import Planning, plan_step
from app.storage import StorageError, check_game_id, decode_game, encode_game
from app.ui import prefs
from app.ui.state import LANGS
from tests.share.typical import typical_game


def json_link(route: str, doc: Any) -> str:
    """A ``J`` link as any sender could make one (zlib JSON in base32)."""
    data = zlib.compress(json.dumps(doc, separators=(",", ":")).encode("utf-8"), 9)
    return f"#/{route}/J" + base64.b32encode(data).decode("ascii").rstrip("=")


def codes(error: LinkError | FileError) -> list[str]:
    return [p.code for p in error.problems]


# --- hands: the same limit in every form ---------------------------------------------------


def test_a_small_J_link_of_12400_hands_is_refused_at_once_like_the_packed_form(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    replayed: list[str] = []  # the engine's readers called: the costly part, per hand
    for name in ("game_from_json", "check_game"):
        real = getattr(engine, name)
        monkeypatch.setattr(engine, name, lambda doc, _r=real, _n=name: replayed.append(_n) or _r(doc))
    doc = {"players": ["A", "B"], "hands": [{"redeal": True}] * 12_400}
    fragment = json_link("shared", doc)
    assert len(fragment) < 1000  # zlib packs the repeated redeals into a few hundred characters
    with pytest.raises(LinkError) as refused:
        read_fragment(fragment)
    assert refused.value.code == "invalid" and codes(refused.value) == ["too_many_hands"]
    assert refused.value.problems[0].params == {"count": 12_400, "max": MAX_HANDS}
    assert replayed == []  # refused on the count, before the engine read a hand
    read_fragment(json_link("shared", {**doc, "hands": doc["hands"][:3]}))
    assert replayed  # (what counts the engine's work sees it)


def test_a_game_file_over_the_hand_limit_is_refused_and_one_at_it_is_read() -> None:
    game = {"players": ["A", "B"], "hands": [{"redeal": True}] * (MAX_HANDS + 1)}
    with pytest.raises(FileError) as refused:
        read_file(json.dumps(game))
    assert codes(refused.value) == ["too_many_hands"]
    game["hands"] = game["hands"][:MAX_HANDS]
    assert isinstance(read_file(json.dumps(game)), GameFile)


@pytest.mark.parametrize("game", [
    {"players": ["Оля" + " " * 500, "Петро"], "hands": [{"taker": 0, "cards": [100, 62]}]},
    {"players": ["Оля", "Петро"], "hands": [{"redeal": True}] * (MAX_HANDS + 1)},
], ids=["a name padded by an earlier version", "a hand past the limit, entered here"])
def test_a_game_the_packed_form_cannot_give_back_is_linked_in_the_json_form(
    game: dict[str, Any]
) -> None:
    # the share screen raised ValueError (a count beyond the packed form's) for such a game
    assert game_fragment(game).startswith("#/shared/J")


def test_a_backup_game_over_the_hand_limit_is_listed_as_refused() -> None:
    big = {"id": "g1", "players": ["A", "B"], "hands": [{"redeal": True}] * (MAX_HANDS + 1)}
    found = read_backup({"format": "debertz-backup/1", "games": [big]})
    assert found.games == [] and [p.code for p in found.bad[0].problems] == ["too_many_hands"]


def test_a_backup_takes_typical_games_at_a_glance_and_reads_every_other_one_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The games of a backup as the app writes them pass at a glance (``inbound.reads_plainly``:
    their hands are not made into records); a claim, a name the form refuses or too many hands
    send a game to the one reader, which takes it or says why not, as before."""
    read: list[object] = []
    real = inbound.read_game
    monkeypatch.setattr(inbound, "read_game", lambda game: read.append(game) or real(game))
    typical = [{**typical_game(players, hands), "id": f"t{players}-{hands}"}
               for players in (2, 3, 4) for hands in (20, 30)]
    claim = {"id": "c", "players": ["A", "B"], "rules": {"target": 51},
             "hands": [{"taker": 0, "claim": {"side": 0, "cards": 100}}]}
    named = {"id": "n", "players": ["Оля", "Оля\u200d"], "hands": []}
    big = {"id": "b", "players": ["A", "B"], "hands": [{"redeal": True}] * (MAX_HANDS + 1)}
    found = read_backup({"format": "debertz-backup/1", "games": [*typical, claim, named, big]})
    assert read == [claim, named, big]
    assert [game["id"] for game in found.games] == [*(game["id"] for game in typical), "c"]
    assert [(bad.number, [p.code for p in bad.problems]) for bad in found.bad] == [
        (8, ["name_control"]), (9, ["too_many_hands"])]


# --- games per backup --------------------------------------------------------------------------


def backup_text(games: int) -> str:
    one = {"id": "g", "players": ["A", "B"], "hands": []}
    listed = [{**one, "id": f"g{n}"} for n in range(games)]
    return json.dumps({"format": "debertz-backup/1", "made": "2026-12-01", "games": listed})


def test_a_backup_of_more_games_than_the_limit_is_refused_before_any_game_is_checked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    checked: list[object] = []
    real, glance = inbound.read_game, inbound.reads_plainly
    monkeypatch.setattr(inbound, "read_game", lambda game: checked.append(game) or real(game))
    monkeypatch.setattr(inbound, "reads_plainly",
                        lambda games: checked.extend(games) or glance(games))
    text = backup_text(100_000)  # 5.4 MB: read a batch of games at a time, as the page does
    planning = open_file(text, {})
    assert isinstance(planning, Planning)
    with pytest.raises(BackupError) as stepped:
        while True:
            planning = plan_step(planning, 5_000, iter([]))
    with pytest.raises(FileError) as at_once:  # the same backup read in one call
        read_file(text)
    for refused in (stepped.value, at_once.value):
        assert refused.code == "too_many_games"
        assert refused.params == {"count": 100_000, "max": MAX_GAMES}
    assert checked == []  # no game of either was checked
    read_file(backup_text(3))
    assert len(checked) == 3  # (what counts the checks sees them)


def test_a_backup_at_the_limit_is_read() -> None:
    found = read_file(backup_text(MAX_GAMES))
    assert isinstance(found, Backup) and len(found.games) == MAX_GAMES


# --- names: the form's rule, for links and files too -------------------------------------------


HOSTILE_NAMES = ["\u202eОля", "Ол\x00я", "Оля\nПетро", "О\u200bля", "\ufeffОля", "Ол\u00adя",
                 # at an end (the rule once trimmed them off, and the name was kept with them)
                 "Оля\n", "\x85Оля", "Оля\x1f", "Оля\u2028",
]


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_a_name_the_form_refuses_is_refused_in_a_link_and_in_a_file(name: str) -> None:
    game = {"players": [name, "Петро"], "hands": []}
    with pytest.raises(LinkError) as by_link:
        read_fragment(json_link("shared", game))
    with pytest.raises(FileError) as by_file:
        read_file(json.dumps(game))
    assert codes(by_link.value) == codes(by_file.value) == ["name_control"]
    assert name_problems([name, "Петро"])[0][1] == "name_control"


@pytest.mark.parametrize("space", ["\u00a0", "\u3000", " "])
def test_a_name_padded_past_the_longest_is_too_long_in_a_link_and_in_a_file(space: str) -> None:
    game = {"players": ["Оля" + space * 2000, "Петро"], "hands": []}
    with pytest.raises(LinkError) as by_link:
        read_fragment(json_link("shared", game))
    with pytest.raises(FileError) as by_file:
        read_file(json.dumps(game))
    assert codes(by_link.value) == codes(by_file.value) == ["name_too_long"]


EMOJI_NAMES = ["🐻\u200d❄\ufe0fВедмідь🍺", "👨\u200d👩\u200d👧 Сім'я", "🏳\ufe0f\u200d🌈Оля",
               "🧑🏽\u200d💻", "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f Ян"]


@pytest.mark.parametrize("name", EMOJI_NAMES)
def test_a_name_with_an_emoji_made_of_joined_pictographs_is_taken_everywhere(name: str) -> None:
    # the joiner and a flag's tags are format characters, refused anywhere else in a name
    game = {"players": [name, "Петро"], "hands": []}
    assert name_problems([name, "Петро"]) == []
    assert read_fragment(game_fragment(game))
    assert read_file(json.dumps(game, ensure_ascii=False))
    stray = name.replace("\u200d", "") + "\u200d"  # a joiner after the last character joins nothing
    assert [p[1] for p in name_problems([stray])] == ["name_control"]


def test_emoji_joiners_and_flag_tags_hide_nothing_and_tell_no_two_names_apart() -> None:
    tags = "".join(chr(0xE0000 + ord(c)) for c in "ignore all")
    hidden = name_problems(["Оля 🏴", "Оля 🏴" + tags + "\U000e007f"])  # text no one sees
    assert [p[1] for p in hidden] == ["name_control"]
    long_run = "\U0001f3f4" + "\U000e0067" * 12_000 + "\U000e007f"  # checked once, not rescanned
    assert [p[1] for p in name_problems(["A", long_run])] == ["name_control"]
    for one, other in (("Оля ★★", "Оля ★\u200d★"), ("👨👩👧", "👨\u200d👩\u200d👧")):
        assert [p[1] for p in name_problems([one, other])] == ["name_duplicate"]


def test_the_packed_form_refuses_a_control_character_in_a_name_too() -> None:
    made = game_fragment({"players": ["Оля", "Петро"], "hands": []})
    # a sender's own packer: the same bit fields with a name of its choice
    from app.share import link

    doc = link.shared_doc({"players": ["Оля", "Петро"], "hands": []})
    doc["players"][0] = "О\u202eля"
    payload = link.PACKED + link._to_text(link._pack_game(doc))
    with pytest.raises(LinkError) as refused:
        read_fragment(f"#/shared/{payload}")
    assert made != f"#/shared/{payload}" and codes(refused.value) == ["name_control"]


def test_names_equal_but_for_invisible_characters_are_the_same_name() -> None:
    assert [p[1] for p in name_problems(["Оля", "оля\ufe0f"])] == ["name_duplicate"]
    # blanks that show nothing: a look-alike of Оля is Оля, a name of them alone is empty
    for blank in ("\u2800", "\u17b4", "\u17b5"):
        assert [p[1] for p in name_problems(["Оля", f"Оля{blank}"])] == ["name_duplicate"]
        assert [p[1] for p in name_problems([blank, "Петро"])] == ["name_empty"]
    with pytest.raises(FileError) as refused:
        read_file(json.dumps({"players": ["Olga", "Ｏｌｇａ"], "hands": []}))
    assert codes(refused.value) == ["name_duplicate"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.text(max_size=12), min_size=2, max_size=4))
def test_a_file_accepts_exactly_the_names_the_name_rule_accepts(names: list[str]) -> None:
    doc = {"players": names, "hands": []}
    problems = [p for p in inbound.check_game(doc) if p.field.startswith("players")]
    assert (not problems) == (not name_problems(names))


# --- the reader round trip ---------------------------------------------------------------------


hands = st.one_of(
    st.just({"redeal": True}),
    st.integers(0, 162).filter(lambda n: n not in (1, 161)).map(
        lambda n: {"taker": 0, "cards": [n, 162 - n]}
    ),
)
good_name = st.text(min_size=1, max_size=20).filter(lambda n: not name_problems([n]))


@settings(max_examples=60, deadline=None)
@given(st.lists(good_name, min_size=2, max_size=2, unique_by=lambda n: n.strip().casefold()),
       st.lists(hands, max_size=30))
def test_any_game_the_reader_accepts_comes_back_the_same_through_a_link_and_a_file(
    names: list[str], played: list[dict[str, Any]]
) -> None:
    game = {"players": names, "hands": played}
    if inbound.check_game(game):
        return  # names equal under NFKC: refused on every path alike
    shared = read_fragment(game_fragment(game))
    from_file = read_file(json.dumps(shared.doc))
    assert isinstance(from_file, GameFile)
    assert from_file.doc == shared.doc and from_file.digest == shared.digest
    assert shared.doc["players"] == names and len(shared.doc["hands"]) == len(played)


# --- every problem of a file, and newer versions -----------------------------------------------


def test_a_file_with_two_equal_names_lists_the_problems_of_its_hands_too() -> None:
    game = {"players": ["Оля", "оля"], "hands": [{"taker": 0, "cards": [100, 61]},
                                                  {"redeal": True, "cards": [100, 62]}]}
    with pytest.raises(FileError) as refused:
        read_file(json.dumps(game))
    found = [(p.hand, p.code) for p in refused.value.problems]
    assert found == [(None, "name_duplicate"), (1, "cards_sum"), (2, "redeal_with_result")]


def test_an_unknown_rules_option_says_a_newer_version_made_the_link_or_file() -> None:
    game = {"players": ["A", "B"], "rules": {"jokers": "wild"}, "hands": []}
    with pytest.raises(LinkError) as by_link:
        read_fragment(json_link("shared", game))
    with pytest.raises(FileError) as by_file:
        read_file(json.dumps(game))
    with pytest.raises(LinkError) as rules_link:
        read_fragment(json_link("rules", {"target": 501, "jokers": "wild"}))
    assert by_link.value.code == by_file.value.code == rules_link.value.code == "newer_version"
    assert codes(rules_link.value) == ["unknown_key"]
    with pytest.raises(LinkError) as plainly_wrong:
        read_fragment(json_link("rules", {"target": 7, "eggs": "x"}))
    assert plainly_wrong.value.code == "invalid" and len(plainly_wrong.value.problems) == 2
    damaged = {"players": "<b>A</b>", "rules": {"jokers": "wild"}, "hands": "x"}
    with pytest.raises(FileError) as damaged_file:  # no version writes players as text
        read_file(json.dumps(damaged))
    with pytest.raises(LinkError) as damaged_link:
        read_fragment(json_link("shared", damaged))
    assert damaged_file.value.code == damaged_link.value.code == "invalid"


def packed_rules_link(eggs_index: int) -> str:
    """A packed (form 1) rules link, its check sum right, with this index in the eggs table."""
    from app.share import link

    out = BitWriter()
    out.write(501, link.TARGET_BITS)
    for key, values in link.CHOICES.items():
        out.write(eggs_index if key == "eggs" else 0, 2 if len(values) > 2 else 1)
    for _ in (*link.FLAGS, *link.PENALTIES):
        out.write_flag(False)
    return "#/rules/1" + base64.b32encode(link._sealed(out)).decode("ascii").rstrip("=")


UNKNOWN_VALUES = [
    ("eggs", "zzz"), ("claim_by", "nobody"), ("both_reach", 3), ("bait_to", None),
    ("must_beat", {"x": 1}),
]


@pytest.mark.parametrize(("option", "value"), UNKNOWN_VALUES)
def test_an_unknown_value_of_a_known_option_breaks_the_rules_in_links_and_files(
    option: str, value: object
) -> None:
    game = {"players": ["A", "B"], "rules": {option: value}, "hands": []}
    refusals = []
    for read, text in ((read_fragment, json_link("shared", game)), (read_file, json.dumps(game)),
                       (read_fragment, json_link("rules", {option: value}))):
        with pytest.raises((LinkError, FileError)) as refused:
            read(text)
        refusals.append(refused.value)
    assert [error.code for error in refusals] == ["invalid"] * 3
    for error in refusals:
        [problem] = error.problems
        assert (problem.code, problem.field) == ("unknown_value", f"rules.{option}")
        assert problem.params["value"] == json.dumps(value)
        assert problem.params["allowed"] == list(getattr(engine.rules, option.upper()))


def test_a_packed_link_with_a_value_past_its_table_breaks_the_rules_not_damaged() -> None:
    assert read_fragment(packed_rules_link(2)).doc["eggs"] == "each"
    with pytest.raises(LinkError) as refused:
        read_fragment(packed_rules_link(3))
    assert refused.value.code == "invalid"
    assert [(p.code, p.field, p.params["value"]) for p in refused.value.problems] == [
        ("unknown_value", "rules.eggs", "3")]


def test_rules_links_of_this_version_still_read() -> None:
    assert read_fragment(rules_fragment({"target": 1001})).doc["target"] == 1001


# --- encodings ---------------------------------------------------------------------------------


def test_a_file_in_windows_1251_says_it_is_not_utf8() -> None:
    raw = json.dumps({"players": ["Оля", "Петро"], "hands": []}, ensure_ascii=False)
    as_the_page_reads_it = raw.encode("cp1251").decode("utf-8", errors="replace")
    with pytest.raises(FileError) as refused:
        read_file(as_the_page_reads_it)
    assert refused.value.code == "not_utf8"


# --- ids ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["mine/delete", "x/report", "rules", "file", "stats", "a b", "", "é", "#x",
                                     "x" * 65, "../x", "g1?x", "g1\n"])
def test_an_id_no_address_can_name_is_refused_where_games_are_stored(game_id: str) -> None:
    assert not is_safe_id(game_id)
    with pytest.raises(StorageError):
        check_game_id(game_id)
    stored = decode_game(game_id, encode_game({"id": game_id, "players": ["A", "B"], "hands": []}))
    assert not isinstance(stored, dict)


def test_a_backup_game_with_an_unsafe_id_comes_in_under_a_fresh_one_once() -> None:
    mine = {"mine": {"id": "mine", "players": ["A", "B"], "hands": []}}
    hostile = {"id": "mine/delete", "players": ["C", "D"], "hands": []}
    plan = plan_restore(mine, Backup("2026-12-01", [hostile], {}), iter(["n1", "n2"]))
    assert [g["id"] for g in plan.add] == ["n1"] and plan.copies == []
    assert plan.add[0]["restored_from"] == "mine/delete"
    again = plan_restore({**mine, "n1": plan.add[0]}, Backup("x", [hostile], {}), iter(["n3"]))
    assert again.games == [] and again.same == ["mine/delete"]


# --- settings from a backup --------------------------------------------------------------------


def test_a_backups_settings_bring_only_known_valid_settings_and_never_a_draft() -> None:
    settings_in = {
        "lang": "ru", "keep_awake": False, "setup": {"count": 2, "names": [1, 2, 3, 4]},
        "entry": {"game": "g1"}, "trash": {}, "backup": {}, "storage_note": True,
        "theme": "dark", "lang2": None,
    }
    found = read_backup({"format": "debertz-backup/1", "games": [], "settings": settings_in})
    assert found.settings == {"lang": "ru", "keep_awake": False}
    assert found.dropped == ["theme", "lang2"]
    wrong = read_backup({"format": "debertz-backup/1", "games": [],
                         "settings": {"lang": ["uk"], "keep_awake": 1}})
    assert wrong.settings == {} and wrong.dropped == ["lang", "keep_awake"]


def test_the_restorable_settings_match_what_the_app_accepts() -> None:
    assert inbound.RESTORABLE["lang"] == LANGS
    assert "keep_awake" in prefs.__doc__  # the one other lasting setting, a switch
    assert set(inbound.NOT_RESTORED) >= {"setup", "entry", "trash", "backup"}


def test_every_problem_code_the_reader_adds_has_a_message_in_every_language() -> None:
    from app.ui import i18n

    for code in ("name_control", "too_many_hands"):
        assert i18n.has(f"problem.{code}")
    assert not (set(engine.PROBLEM_CODES) & {"name_control", "too_many_hands"})


def test_a_lone_surrogate_escape_is_refused_in_a_file_and_a_link_and_a_pair_is_read() -> None:
    lone = '{"players": ["A\\ud800", "B"], "hands": []}'
    with pytest.raises(FileError) as refused:
        read_file(lone)
    assert refused.value.code == "not_utf8"
    with pytest.raises(LinkError) as by_link:
        read_fragment(json_link("shared", json.loads(lone)))
    assert by_link.value.code == "damaged"
    paired = read_file('{"players": ["A\\ud83d\\ude00", "B"], "hands": []}')
    assert isinstance(paired, GameFile) and paired.doc["players"][0] == "A😀"


@settings(max_examples=100, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=8), st.sampled_from(["g1", "g2", "rules", "g1/delete"]),
                          st.integers(), st.none()), max_size=8),
       st.sets(st.sampled_from(["g1", "g2", "g3"]), max_size=3))
def test_every_game_a_restore_writes_has_a_safe_id_of_its_own(
    ids: list[Any], local_ids: set[str]
) -> None:
    local = {gid: {"id": gid, "players": ["L", gid], "hands": []} for gid in local_ids}
    games = [{"id": gid, "players": ["B", f"n{n}"], "hands": []} for n, gid in enumerate(ids)]
    text = json.dumps({"format": "debertz-backup/1", "made": "x", "games": games})
    backup = read_file(text)
    assert isinstance(backup, Backup)
    plan = plan_restore(local, backup, iter(f"r{n}" for n in range(100)))
    written = [g["id"] for g in plan.games]
    assert all(is_safe_id(gid) for gid in written)
    assert len(set(written)) == len(written) and not set(written) & set(local)
    assert len(written) + len(plan.same) == len(games)
