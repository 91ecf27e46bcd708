"""Views: every screen renders in every language, user text is escaped, controls are labelled."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from app.ui import i18n
from app.ui.help.pages import help_sections
from app.ui.state import LANGS, initial_state
from app.ui.views import render
from tests.ui.helpers import XSS, Table


class Audit(HTMLParser):
    """Collect what the checks below need: tags, ids, labels, inline code."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.labels_for: set[str] = set()
        self.controls: list[dict[str, str | None]] = []
        self.inline: list[str] = []
        self.tags: list[str] = []
        self.buttons_open = 0
        self.button_text: list[str] = []
        self.buttons: list[tuple[dict[str, str | None], str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.append(tag)
        if a.get("id"):
            self.ids.append(str(a["id"]))
        if tag == "label" and a.get("for"):
            self.labels_for.add(str(a["for"]))
        if tag in ("input", "select"):
            self.controls.append(a)
        for name in a:
            if name.startswith("on") or name == "style":
                self.inline.append(f"{tag} {name}")
        if tag == "script":
            self.inline.append("script")
        if tag == "button":
            self.buttons_open += 1
            self.button_text = []
            self.current_button = a

    def handle_data(self, data: str) -> None:
        if self.buttons_open:
            self.button_text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "button" and self.buttons_open:
            self.buttons_open -= 1
            self.buttons.append((self.current_button, "".join(self.button_text).strip()))


def screens(lang: str) -> dict[str, str]:
    """Every screen (and the entry form in its states) of a game with some history."""
    table = Table(lang)
    out = {"home-empty": table.html()}
    table.do("route", hash="#/new")
    out["new"] = table.html()
    table.do("setup-count", value=4)
    table.do("setup-target", value="other")
    table.do("setup-target-other", value="12")
    table.do("setup-penalty", name="ski_penalty", part="on", value="true")
    table.do("start-game")
    out["new-errors"] = table.html()
    gid = table.new_game([XSS, "Петро", "Іван", "Марта"], teams=True)
    table.hand(0, {0: 81})
    table.hand(1, {1: 162}, no_tricks=0)
    table.do("redeal")
    out["game"] = table.html()
    table.do("new-hand")
    out["entry-empty"] = table.html()
    table.do("taker", seat=1)
    table.do("cards", side=0, value="1")
    table.do("meld-side", side=1)
    table.do("bella", side=0)
    out["entry-preview"] = table.html()
    table.do("save-hand")
    out["entry-errors"] = table.html()
    table.do("cancel-hand")
    table.do("edit-hand", index=0)
    table.do("ask-delete-hand")
    out["edit-confirm"] = table.html()
    table.do("cancel-hand")
    table.do("new-hand")
    table.do("taker", seat=0)
    table.do("debertz", side=0)
    table.do("save-hand")
    out["finished"] = table.html()
    table.do("route", hash="#/")
    out["home"] = table.html()
    table.do("route", hash="#/stats")
    out["stats"] = table.html()
    table.do("delete-game", id=gid)
    out["home-deleted"] = table.html()
    table.do("route", hash="#/help")
    out["help"] = table.html()
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_renders_in_every_language_without_inline_code(lang: str) -> None:
    for name, html in screens(lang).items():
        audit = Audit()
        audit.feed(html)
        assert audit.inline == [], name
        assert len(audit.ids) == len(set(audit.ids)), (name, sorted(audit.ids))


@pytest.mark.parametrize("lang", LANGS)
def test_every_field_has_a_label_and_every_button_a_name(lang: str) -> None:
    for name, html in screens(lang).items():
        audit = Audit()
        audit.feed(html)
        for control in audit.controls:
            if control.get("type") == "radio":
                continue  # wrapped in their own label
            assert control.get("id") in audit.labels_for, (name, control)
        for attrs, text in audit.buttons:
            assert text or attrs.get("aria-label"), (name, attrs)


@pytest.mark.parametrize("lang", LANGS)
def test_the_name_with_markup_is_shown_as_text_everywhere(lang: str) -> None:
    for name, html in screens(lang).items():
        assert "<img" not in html, name
    assert "&lt;img src=x onerror=alert(1)&gt;" in screens(lang)["game"]


def test_numbers_agree_with_their_nouns() -> None:
    uk, ru, en = (i18n.translator(lang) for lang in ("uk", "ru", "en"))
    assert uk("game.unscored_pot", points=81) == "81 висяче очко так і не дісталося нікому."
    assert uk("game.unscored_pot", points=22) == "22 висячі очки так і не дісталися нікому."
    assert uk("game.unscored_pot", points=11) == "11 висячих очок так і не дісталося нікому."
    assert ru("game.unscored_pot", points=1) == "1 висячее очко так никому и не досталось."
    assert ru("game.unscored_pot", points=14) == "14 висячих очков так никому и не досталось."
    assert en("game.unscored_pot", points=1) == "1 hanging point went to nobody."
    assert en("game.unscored_pot", points=2) == "2 hanging points went to nobody."
    assert ru("problem.no_tricks_has_points", side="Маша", points=3) == (
        "Маша: без взяток, но в картах 3 очка."
    )


def test_ukrainian_and_russian_use_the_games_own_words() -> None:
    uk = " ".join(i18n.UK.values()).lower()
    ru = " ".join(i18n.RU.values()).lower()
    en = " ".join(i18n.EN.values()).lower()
    for word in ("байт", "яйця", "лижі", "белла", "терц", "полтинник", "деберць"):
        assert word in uk, word
    for word in ("байт", "висячий байт", "голый", "белла", "терц", "полтинник", "деберц"):
        assert word in ru, word
    for word in ("bait", "eggs", "skis", "bella", "terz", "fifty", "debertz"):
        assert word in en, word


@pytest.mark.parametrize("lang", LANGS)
def test_the_help_page_shows_every_section_with_a_link(lang: str) -> None:
    html = screens(lang)["help"]
    for section in help_sections(lang):
        assert f'href="#/help/{section.anchor}"' in html
        assert f'id="help-{section.anchor}"' in html


def test_unreadable_records_are_listed_on_the_home_screen() -> None:
    problem = {"record": "g7", "code": "newer-schema", "message": "record g7 ..."}
    html = render(initial_state({}, {}, [problem], ["en"]))
    assert 'role="alert"' in html
    assert "Record “g7” was made by a newer version of the app." in html


def ski_penalty_game(lang: str, when: str = "each") -> Table:
    """Оля and Петро, a hand without a trick costing 100 every time (or ``when`` says)."""
    table = Table(lang)
    table.do("route", hash="#/new")
    table.do("setup-penalty", name="ski_penalty", part="on", value="true")
    table.do("setup-penalty", name="ski_penalty", part="when", value=when)
    table.do("setup-name", seat=0, value="Оля")
    table.do("setup-name", seat=1, value="Петро")
    table.do("start-game")
    return table


@pytest.mark.parametrize(("preset", "struck"), [("standard", True), ("moscow", False)])
def test_sequences_of_a_side_without_a_trick_are_struck_where_they_do_not_count(
    preset: str, struck: bool
) -> None:
    """A terz that did not count looked like one that did (a play-through); bella counts."""
    table = Table("en")
    table.new_game(["Оля", "Петро"], preset=preset)
    table.do("new-hand")
    table.do("taker", seat=0)
    table.do("cards", side=0, value="162")
    table.do("no-tricks", side=1)
    table.do("meld-side", side=1)
    table.do("bella", side=1)
    table.do("last-trick", side=0)  # Moscow's rule asks who took it
    assert ("(skis, bella, terz not counted)" in table.html()) == struck
    table.do("save-hand")
    html = table.html()
    unscored = ('<span class="mark melds unscored" title="(not counted: no trick)"><s>terz</s>'
                '<span class="sr-only"> (not counted: no trick)</span></span>')
    assert (unscored in html) == struck
    assert ('<span class="mark melds">bella</span>' in html) == struck
    assert ('<span class="mark melds">terz·<wbr>bella</span>' in html) == (not struck)


def test_a_penalty_at_the_third_is_warned_of_when_the_next_one_costs() -> None:
    table = ski_penalty_game("en", "third")
    table.hand(1, {1: 162}, no_tricks=0)
    assert "the next hand without a trick costs" not in table.html()
    table.hand(1, {1: 162}, no_tricks=0)
    assert "Оля: the next hand without a trick costs 100" in table.html()


def test_the_score_sheet_marks_eggs_pot_skis_and_penalties() -> None:
    table = ski_penalty_game("en")
    table.hand(0, {0: 81})
    table.hand(1, {1: 162}, no_tricks=0)
    html = table.html()
    assert '<span class="mark eggs">eggs</span>' in html
    assert '<span class="mark won-pot">+81 from the pot</span>' in html
    # the penalty names the skis: the word is not said twice (issue 18 item 11)
    assert '<span class="mark skis">skis</span>' not in html
    assert '<span class="mark penalty">−100 skis penalty</span>' in html
    # due every time, it is no news before each hand (every player was warned: a play-through)
    assert "the next hand without a trick costs" not in html
    table.do("route", hash="#/")  # the games list writes a score below zero as the sheet does
    assert re.search(r"Оля</span> <b>−\d+</b>", table.html())


def test_the_preview_shows_the_outcome_before_saving() -> None:
    table = Table("en")
    table.new_game(["Оля", "Петро"])
    table.do("new-hand")
    table.do("taker", seat=0)
    table.do("cards", side=0, value="70")
    table.do("bella", side=0)
    html = table.html()
    assert '<span class="outcome bait">Bait</span>' in html
    assert "<b>+182</b>" in html
    assert table.game["hands"] == []


def test_a_stored_game_the_engine_refuses_is_reported_and_left_alone() -> None:
    from app.ui.scoring import readable_games

    loaded = {
        "ok": {"players": ["Оля", "Петро"], "hands": [{"taker": 0, "cards": [100, 62]}]},
        "bad": {"players": ["Оля", "Петро"], "rules": {"egs": "hang"}, "hands": []},
        "odd": ["not", "a", "game"],
    }
    games, problems = readable_games(loaded)
    assert list(games) == ["ok"] and games["ok"]["id"] == "ok"
    assert sorted(p["record"] for p in problems) == ["bad", "odd"]
    html = render(initial_state(games, {}, problems, ["en"]))
    assert "Game “bad” could not be replayed: rules has an unknown key" in html


def test_a_tie_at_the_target_says_the_game_goes_on() -> None:
    from app.ui.scoring import sheet

    table = Table("en")
    table.new_game(["Оля", "Петро"], target="301")
    table.hand(0, {0: 162})
    table.hand(1, {1: 162})
    table.hand(0, {0: 100})
    table.hand(1, {0: 62})
    result = sheet(table.game)
    assert list(result.score) == [324, 324] and not result.finished
    assert "play on until one side leads" in table.html()


def test_the_hand_entry_is_a_focused_screen_with_the_preview_in_its_bar() -> None:
    table = Table("uk")
    table.new_game(["Оля", "Петро"])
    table.hand(0, {0: 100})
    table.do("new-hand")
    html = table.html()
    # the game stays mounted under the form (the page skips it and keeps it out of reach), so
    # that a Save changes only what the hand changed
    html, under = html.split('<div class="game-main" id="game-main">')
    assert 'class="scoreline" id="screen-title"' in html and 'class="board' not in html
    assert 'class="sheet' not in html and "footer-actions" not in html
    assert 'class="board' in under and 'class="sheet' in under and 'id="screen-title"' not in under
    order = [html.index(f'id="{ident}"') for ident in ("taker", "cards", "melds", "entry-bar")]
    assert order == sorted(order)
    bar = html[html.index('id="entry-bar"') :]
    assert 'id="preview"' in bar and 'id="save-hand"' in bar and 'id="cancel-hand"' in bar
    table.do("cancel-hand")
    assert 'class="board' in table.html() and 'class="sheet' in table.html()


def preview_text(html: str) -> str:
    start = html.index('id="preview"')
    return re.sub(r"<[^>]+>", "", html[start : html.index("</div>", start)]).split(">", 1)[1]


def test_the_preview_names_the_actual_problem_while_the_input_is_wrong() -> None:
    table = Table("uk")
    table.new_game(["Оля", "Петро"])
    table.do("new-hand")
    assert "Обери, хто взяв козир" in preview_text(table.html())
    table.do("taker", seat=0)
    table.do("cards", side=0, value="161")
    assert preview_text(table.html()) == "Оля: 161 — так не буває: немає карти за 1 очко."
    table.do("cards", side=0, value="170")
    assert preview_text(table.html()) == "Оля: 170 — більше за 162: у роздачі всього 162 очки."
    table.do("cards", side=0, value="100")
    assert preview_text(table.html()).startswith("Зіграно")


def test_meld_plus_is_disabled_where_no_more_sequences_fit_the_cards() -> None:
    table = Table("uk")
    table.new_game(["Оля", "Петро"])
    table.do("new-hand")
    table.do("meld-side", side=0)  # one terz to start with: 3 of 9 cards
    assert 'id="fifty-plus"' in table.html() and not plus_disabled(table.html(), "fifty")
    table.do("meld-count", kind="fifty", step=1)  # 3 + 4 = 7 cards
    assert plus_disabled(table.html(), "fifty") and plus_disabled(table.html(), "terz")
    table.do("meld-count", kind="fifty", step=1)  # refused: 11 cards
    assert table.state.entry is not None and table.state.entry.fifty == 1
    table.do("meld-count", kind="terz", step=-1)
    table.do("meld-count", kind="fifty", step=1)  # 8 of 9 cards
    assert (table.state.entry.terz, table.state.entry.fifty) == (0, 2)
    assert plus_disabled(table.html(), "fifty") and plus_disabled(table.html(), "terz")
    table.do("taker", seat=0)
    table.do("cards", side=0, value="100")
    table.do("save-hand")
    assert table.game["hands"][-1]["melds"] == {"side": 0, "terz": 0, "fifty": 2}


def test_a_team_holds_sixteen_cards_for_its_sequences() -> None:
    table = Table("en")
    table.new_game(["A", "B", "C", "D"], teams=True)
    table.do("new-hand")
    table.do("meld-side", side=1)
    for _ in range(4):
        table.do("meld-count", kind="fifty", step=1)
    assert table.state.entry is not None and table.state.entry.fifty == 3  # 3 + 12 = 15 of 16
    assert plus_disabled(table.html(), "fifty")


def plus_disabled(html: str, kind: str) -> bool:
    start = html.index(f'id="{kind}-plus"')
    return " disabled" in html[start : html.index(">", start)]


def test_the_sheet_names_the_taker_and_marks_sequences_bella_and_the_last_trick() -> None:
    table = Table("uk")
    table.new_game(["Оля", "Петро"], preset="moscow")
    table.do("new-hand")
    table.do("taker", seat=0)
    table.do("cards", side=0, value="100")
    table.do("meld-side", side=0)
    table.do("meld-count", kind="terz", step=1)
    table.do("bella", side=0)
    table.do("last-trick", side=1)
    table.do("save-hand")
    html = table.html()
    assert "хто\u00a0грав: Оля" in html and "козир:" not in html
    assert '<span class="mark melds">2×терц·<wbr>белла</span>' in html
    assert '<span class="mark last">остання</span>' in html


def test_how_the_game_was_decided_names_the_side_and_counts_the_sides() -> None:
    en = i18n.translator("en")
    table = Table("en")
    table.new_game(["Olia", "Ivan", "Marta"], target="301")
    table.hand(0, {0: 162, 1: 0})
    table.hand(0, {0: 162, 1: 0})
    html = table.html()
    assert "Hand 2: Olia — 324 of 301; no other side reached the target." in html
    from app.ui.game.views import decided_key

    assert en(decided_key("more_points", 3)).startswith("More than one side reached")
    assert i18n.translator("uk")(decided_key("taker", 2)) == (
        "Мети досягли обидві сторони: перемогла сторона, що грала."
    )


def test_a_team_wins_in_plural_in_english() -> None:
    text = i18n.translator("en")("entry.preview_ends", side="Olia & Ivan")
    assert text == "This hand ends the game, won by Olia & Ivan."


def test_a_tie_at_the_target_shows_target_reached_not_zero_to_go() -> None:
    table = Table("uk")
    table.new_game(["Оля", "Петро"], target="301")
    table.hand(0, {0: 162})
    table.hand(1, {1: 162})
    table.hand(0, {0: 100})
    table.hand(1, {0: 62})
    html = table.html()
    assert html.count("мета досягнута") == 2 and "ще\u00a00" not in html


def test_the_card_hint_says_how_many_sides_to_type() -> None:
    for names, text in (
        (["Оля", "Петро"], "введи очки однієї сторони, другу пораховано"),
        (["Оля", "Петро", "Іван"], "введи очки всіх сторін, крім однієї, її пораховано"),
    ):
        table = Table("uk")
        table.new_game(names)
        table.do("new-hand")
        assert text in table.html(), names


def test_penalty_texts_name_one_bait_and_warn_without_more() -> None:
    uk, ru = i18n.translator("uk"), i18n.translator("ru")
    assert uk("mark.bait_penalty", points=50) == "−50 штраф за байт"
    assert uk("game.warn_bait", name="Оля", points=100) == "Оля: за наступний байт знімуть 100"
    assert "ещё" not in ru("game.warn_bait", name="Маша", points=100)


def test_a_notice_that_only_confirms_fades_but_one_with_a_button_stays() -> None:
    table = Table("uk")
    gid = table.new_game(["Оля", "Петро"])
    table.hand(0, {0: 100})
    assert 'class="notice fleeting"' in table.html()
    table.do("route", hash="#/")
    table.do("delete-game", id=gid)
    html = table.html()
    assert 'class="notice"' in html and 'id="restore-game"' in html


def test_the_entry_bar_holds_only_save_and_cancel_and_delete_sits_in_the_form() -> None:
    table = Table("uk")
    table.new_game(["Оля", "Петро"])
    table.hand(0, {0: 100})
    table.do("edit-hand", index=0)
    html = table.html()
    bar = html[html.index('id="entry-bar"') :]
    assert 'id="save-hand"' in bar and 'id="ask-delete-hand"' not in bar
    assert html.index('id="ask-delete-hand"') < html.index('id="entry-bar"')


def test_the_preview_names_a_penalty_s_cause_once_and_the_winner_card_s_buttons_are_apart() -> None:
    """Issue 18 item 11: «−100 штраф за лижі, лижі» said the skis twice; the rematch and the
    share button sat in one line of text with nothing between them."""
    table = ski_penalty_game("uk")
    table.do("new-hand")
    table.do("taker", seat=0)
    table.do("cards", side=1, value="162")
    table.do("no-tricks", side=0)
    preview = re.search(r'<div class="preview[^"]*" id="preview".*?</div>', table.html(), re.DOTALL)
    assert preview is not None
    assert "штраф за лижі" in preview.group(0) and "лижі," not in preview.group(0)
    assert preview.group(0).count("лижі") == 1
    table.do("cancel-hand")
    table.do("new-hand")
    table.do("taker", seat=0)
    table.do("debertz", side=0)
    table.do("save-hand")
    html = table.html()
    assert re.search(r'<div class="row result-actions"><button[^>]* id="rematch".*?</button>'
                     r'<a class="btn big" id="share-result"', html)


def test_the_sheet_comes_in_parts_of_ten_hands_by_number_each_with_the_heads() -> None:
    from app.ui.game.views import PART_HANDS, render_readonly

    hands = [{"taker": n % 2, "cards": [100, 62] if n % 3 else [62, 100]} for n in range(25)]
    game = {"id": "shared", "players": ["Петро", "Оля"], "rules": {"target": 5001},
            "hands": hands}
    part = r'<div class="sheet-part"{}><table class="sheet sides-2">(.*?)</table></div>'
    shared = re.findall(part.format(""), render_readonly(game, i18n.translator("en"), "shared:x"), re.DOTALL)
    table = Table("en", games={"mine": {**game, "id": "mine"}})
    table.do("route", hash="#/game/mine")
    own = re.findall(part.format(r' id="part-\d"'), table.html(), re.DOTALL)
    assert re.findall(r'id="(part-\d)"', table.html()) == ["part-2", "part-1", "part-0"]
    for parts in (shared, own):
        assert PART_HANDS == 10 and len(parts) == 3
        assert all("<thead>" in part and "Петро" in part for part in parts), "each with the heads"
        assert ["<caption>" in part for part in parts] == [True, False, False]
        numbers = [int(n) for part in parts for n in re.findall(r'data-hand="(\d+)"', part)]
        assert numbers == list(range(24, -1, -1)), "every hand once, latest first"
        assert [len(re.findall(r"<tbody", part)) for part in parts] == [5, 10, 10]


@pytest.mark.parametrize("count", [9, 10, 11, 20, 21, 61])
def test_a_screen_drawn_anew_shows_its_latest_parts_first_and_keeps_the_place_of_the_others(
    count: int,
) -> None:
    from app.ui.game.views import FIRST_HANDS, PART_HANDS
    from app.ui.views import render_first

    hands = [{"taker": n % 2, "cards": [100, 62] if n % 3 else [62, 100]} for n in range(count)]
    table = Table("en", games={"mine": {"id": "mine", "players": ["Петро", "Оля"],
                                        "rules": {"target": 9001}, "hands": hands}})
    table.do("route", hash="#/game/mine")
    whole = table.html()
    first, later = render_first(table.state)
    numbers = [int(n) for n in re.findall(r'data-hand="(\d+)"', first)]
    latest = count % PART_HANDS or PART_HANDS  # the hands of the top part
    drawn = latest if latest >= FIRST_HANDS else latest + PART_HANDS
    drawn = min(count, drawn)
    assert numbers == list(range(count - 1, count - 1 - drawn, -1)), "the latest hands first"
    left = re.findall(r'<div class="sheet-part later" id="(part-\d+)"></div>', first)
    parts = re.findall(r'<div class="sheet-part" id="(part-\d+)"', whole)
    assert later == bool(left) == (drawn < count)
    assert parts == re.findall(r'<div class="sheet-part(?: later)?" id="(part-\d+)"', first), (
        "every part in its place, each with its key")
    assert len(left) == (count - drawn) // PART_HANDS
    # besides the sheet, the screen is the whole one: the toolbar above, the footer below
    assert first[: first.index('<div class="sheet-box"')] == whole[: whole.index('<div class="sheet-box"')]
    assert first[first.index('<div class="option check keep-awake">'):] == whole[
        whole.index('<div class="option check keep-awake">'):]
    if not later:
        assert first == whole
    assert render_first(table.state) == (first, later) and table.html() == whole, "no state kept"


@pytest.mark.parametrize(("lang", "report", "rematch", "delete"), [
    ("uk", "Підсумок гри: Оля, Петро", "Реванш після гри: Оля, Петро", "Видалити гру: Оля, Петро"),
    ("ru", "Итоги игры: Оля, Петро", "Реванш после игры: Оля, Петро", "Удалить игру: Оля, Петро"),
    ("en", "Report of the game of Оля, Петро", "Rematch after the game of Оля, Петро",
     "Delete the game of Оля, Петро"),
])
def test_a_finished_game_s_buttons_say_whose_game_they_are_for(
    lang: str, report: str, rematch: str, delete: str
) -> None:
    """«Підсумок гру: …» was read out for a finished game's report (a play-through)."""
    table = Table(lang)
    table.new_game(["Оля", "Петро"], target=51)
    table.hand(0, {0: 162})
    table.do("route", hash="#/")
    said = [re.sub(r"<[^>]+>", "", button) for button in
            re.findall(r"<(?:a|button) [^>]*>.*?</(?:a|button)>", table.html())]
    for label in (report, rematch, delete):
        assert label in said, (label, said)


def test_a_right_to_left_name_is_set_apart_from_the_sentence_around_it() -> None:
    """«Роздача 5: מרים 🃏 — 538 із 501» was shown as «Роздача 5: 538 — 🃏 מרים із 501»: a
    right-to-left name took the figures next to it along (a play-through). Such a name is set
    apart (U+2068 … U+2069, ``app.names.in_text``); any other name is written as it is."""
    from html import unescape

    from app.ui.setup.draft import SetupDraft
    from app.ui.setup.views import seating_text

    name, apart = "מרים 🃏", "\u2068מרים 🃏\u2069"
    table = Table("en", games={"g": {"id": "g", "players": [name, "Петро"],
                                     "rules": {"target": 101},
                                     "hands": [{"taker": 0, "cards": [120, 42]}]}})
    table.do("route", hash="#/game/g")
    text = unescape(table.html())
    assert f"Hand 1: {apart} — 120 of 101" in text and f"{apart} — Петро" in text
    assert f"dealer: {apart} · taker: {apart}" in text and "\u2068Петро" not in text
    going = Table("en", games={"g": {"id": "g", "players": ["Петро", name], "hands": []}})
    going.do("route", hash="#/game/g")
    going.hand(1, {1: 120})
    going.do("fold-log", open="true")
    text = unescape(going.html())
    assert f"{apart} deals · Петро speaks first" in text and f"taker: {apart}" in text
    table.do("route", hash="#/game/g/report")
    assert f"{apart} 120" in unescape(table.html())
    table.do("route", hash="#/stats")
    assert f'<span class="pname">{apart}</span>' in table.html()
    refused = seating_text(SetupDraft(count=2, names=["\u202eОля", "Петро"]), i18n.translator("en"))
    assert "\u2068\u202eОля\u2069 → Петро" in refused  # its override ends with the name
