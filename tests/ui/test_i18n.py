"""The language tables: the same keys and placeholders in each, each language in its own script,
plural forms picked by the number and complete."""

from __future__ import annotations

import re

import pytest

from app.ui import i18n

UKRAINIAN_ONLY = re.compile("[іїєґІЇЄҐ]")
CYRILLIC = re.compile("[\u0400-\u04ff]")


def test_no_russian_text_has_ukrainian_only_letters() -> None:
    found = {key: text for key, text in i18n.RU.items() if UKRAINIAN_ONLY.search(text)}
    assert found == {}


def test_no_english_text_has_cyrillic_letters() -> None:
    found = {key: text for key, text in i18n.EN.items() if CYRILLIC.search(text)}
    assert found == {}


def test_the_russian_texts_say_a_hand_as_the_terms_do() -> None:
    # RULES.md's terms: роздача / сдача / hand; the change log said «записана раздача 2»
    found = {key: text for key, text in i18n.RU.items() if "раздач" in text.lower()}
    assert found == {}
    assert i18n.translator("ru")("log.delete", n=1, what="…") == "удалена сдача 1: …"


def test_the_russian_error_for_too_many_card_points_is_russian() -> None:
    text = i18n.translator("ru")("problem.ui.cards_over", value=170)
    assert text == "170 — больше 162: в сдаче всего 162 очка."


def test_a_language_is_every_file_of_its_folder_merged(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "ui.json").write_text('{"a": "A"}', encoding="utf-8")
    (tmp_path / "en" / "share.json").write_text('{"b": "B"}', encoding="utf-8")
    (tmp_path / "en" / "help.json").write_text("[]", encoding="utf-8")
    assert i18n.load_catalogue("en", tmp_path) == {"a": "A", "b": "B"}


def test_a_key_in_two_files_of_one_language_is_refused(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "uk").mkdir()
    (tmp_path / "uk" / "ui.json").write_text('{"a": "A"}', encoding="utf-8")
    (tmp_path / "uk" / "share.json").write_text('{"a": "Б"}', encoding="utf-8")
    with pytest.raises(ValueError, match="keys already defined in another file: \\['a'\\]"):
        i18n.load_catalogue("uk", tmp_path)


def test_every_language_has_the_same_catalogue_files() -> None:
    files = {
        lang: sorted(p.name for p in (i18n.TEXT_DIR / lang).glob("*.json"))
        for lang in i18n.TABLES
    }
    assert files["uk"] == files["ru"] == files["en"]


PLURAL_FORMS = {"uk": ("one", "few", "many"), "ru": ("one", "few", "many"), "en": ("one", "other")}


def base_keys(lang: str) -> dict[str, set[str]]:
    """Each key (plural sets under their base key) with the placeholders of all its forms."""
    found: dict[str, set[str]] = {}
    table = i18n.TABLES[lang]
    for key, text in table.items():
        base, _, form = key.rpartition(".")
        name = base if form in PLURAL_FORMS[lang] and f"{base}.one" in table else key
        found.setdefault(name, set()).update(re.findall(r"{(\w+)}", text))
    return found


def test_the_language_tables_have_the_same_keys_and_placeholders() -> None:
    uk = base_keys("uk")
    for lang in i18n.TABLES:
        assert base_keys(lang) == uk, lang


def test_every_plural_text_has_all_the_forms_of_its_language() -> None:
    for lang, table in i18n.TABLES.items():
        plurals = {key.rpartition(".")[0] for key in table if key.endswith(".one")}
        assert plurals, lang
        for base in plurals:
            assert {f"{base}.{form}" for form in PLURAL_FORMS[lang]} <= table.keys(), (lang, base)


# --- issue 18 item 10: one word for one thing, in each language -------------------------------

def _help_text(lang: str, anchor: str | None = None) -> str:
    from app.ui.help.pages import help_sections

    def flat(block: object) -> str:
        return " ".join(flat(b) for b in block) if isinstance(block, tuple) else str(block)

    return " ".join(
        section.title + " " + " ".join(flat(b) for b in section.blocks)
        for section in help_sections(lang) if anchor in (None, section.anchor)
    )


@pytest.mark.parametrize("lang", ["uk", "ru", "en"])
def test_the_help_names_the_bait_options_as_the_new_game_form_does(lang: str) -> None:
    t = i18n.translator(lang)
    help_text = _help_text(lang, "bait_split")
    for value in ("leader", "taker_points_to_leader", "halves"):
        label = t(f"opt.bait_to.{value}")
        assert f"{label}:" in help_text or f"{label} (" in help_text, label
    assert "Навпіл" not in help_text and "Пополам" not in help_text and "Halves" not in help_text


# the plural (polite) forms: "ви", "вы" and their imperatives; the app says "ти" / "ты"
POLITE = {
    "uk": re.compile(r"(?<![\w’])(ви|вам|вас|ваш\w*|\w+іть|\w+йте)(?![\w’])", re.IGNORECASE),
    "ru": re.compile(r"(?<![\w])(вы|вам|вас|ваш\w*|\w+ите|\w+йте|\w+ьте)(?![\w])", re.IGNORECASE),
}
NOT_POLITE = {"навіть", "сидите", "байте"}  # "even"; "you (all) sit" at the table; "при висячем байте"


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_the_help_and_the_messages_say_ti_as_the_app_does(lang: str) -> None:
    texts = [_help_text(lang), *{"uk": i18n.UK, "ru": i18n.RU}[lang].values()]
    found = {m.group(0) for text in texts for m in POLITE[lang].finditer(text)} - NOT_POLITE
    assert found == set()


def test_the_russian_texts_say_visyachiy_bait_for_a_tie_as_the_rules_do() -> None:
    assert not [text for text in i18n.RU.values() if "яйц" in text.lower()]
    assert "яйц" not in _help_text("ru").lower()
    assert i18n.translator("ru")("outcome.eggs") == "Висячий байт"


@pytest.mark.parametrize(("lang", "seating"), [
    ("uk", "Оля та Іван — Петро та Марта: партнери сидять навпроти одне одного."),
    ("ru", "Оля и Іван — Петро и Марта: партнёры сидят напротив друг друга."),
    ("en", "Оля and Іван against Петро and Марта: partners sit opposite each other."),
])
def test_partners_are_joined_by_a_word_in_running_text(lang: str, seating: str) -> None:
    from app.ui.drafts import SetupDraft
    from app.ui.setup.views import seating_text

    draft = SetupDraft(count=4, names=["Оля", "Петро", "Іван", "Марта"])
    assert seating_text(draft, i18n.translator(lang)) == seating
