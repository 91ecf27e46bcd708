"""The texts of the page, boot.js and the manifest come from the catalogues at build time.

The sources name keys only (``data-text="key"`` in index.html, ``text("key")`` in boot.js,
``"{{key}}"`` in manifest.webmanifest); tools/build.py writes the texts into dist/.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tools.build import (
    MANIFEST_TEXT,
    TEXT_KEY,
    BuildError,
    catalogues,
    read_precache,
    revision,
    write_texts,
)

ROOT = Path(__file__).resolve().parents[2]
CYRILLIC = re.compile("[\u0400-\u04ff]")
TABLES = catalogues()

# Most tests here build the whole site (Node compiles the app with the shipped Pyodide).
pytestmark = pytest.mark.slow


class PageTexts(HTMLParser):
    """Each ``data-text`` element of a page: (tag, key, its text or content attribute)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[list[str]] = []
        self.open: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        key = named.get("data-text")
        if key is None:
            return
        if tag == "meta":
            self.found.append([tag, key, named.get("content") or ""])
        else:
            self.open = [tag, key, ""]
            self.found.append(self.open)

    def handle_data(self, data: str) -> None:
        if self.open is not None:
            self.open[2] += data

    def handle_endtag(self, tag: str) -> None:
        self.open = None


def page_texts(path: Path) -> list[list[str]]:
    parser = PageTexts()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.found


def boot_texts(path: Path) -> dict[str, dict[str, str]]:
    script = path.read_text(encoding="utf-8")
    found = re.search(r"^  const TEXTS = (\{.*?^  \});$", script, re.MULTILINE | re.DOTALL)
    assert found, "boot.js has no TEXTS object"
    texts: dict[str, dict[str, str]] = json.loads(found.group(1))
    return texts


def test_the_page_says_in_ukrainian_what_its_keys_name(dist: Path) -> None:
    found = page_texts(dist / "index.html")
    keys = {key for _tag, key, _text in found}
    assert {"app.title", "shell.loading", "shell.hint", "shell.update", "shell.retry"} <= keys
    for tag, key, text in found:
        assert text == TABLES["uk"][key], (tag, key)
    assert '<html lang="uk"' in (dist / "index.html").read_text(encoding="utf-8")


def test_the_source_page_manifest_and_boot_script_hold_no_text_of_their_own() -> None:
    for tag, key, text in page_texts(ROOT / "app/static/index.html"):
        assert text == "", (tag, key)
    for name in ("app/static/index.html", "manifest.webmanifest"):
        assert not CYRILLIC.search((ROOT / name).read_text(encoding="utf-8")), name
    script = (ROOT / "app/static/boot.js").read_text(encoding="utf-8")
    strings = re.findall(r"\"[^\"\n]*\"|'[^'\n]*'|`[^`\n]*`", script)
    assert [s for s in strings if CYRILLIC.search(s)] == []


def test_boot_js_gets_every_text_it_names_in_every_language(dist: Path) -> None:
    source = (ROOT / "app/static/boot.js").read_text(encoding="utf-8")
    named = set(TEXT_KEY.findall(source))
    assert {"shell.starting", "shell.offline", "shell.update_button", "shell.slow"} <= named
    texts = boot_texts(dist / "boot.js")
    assert set(texts) == {"uk", "ru", "en"}
    for lang, table in texts.items():
        assert table == {key: TABLES[lang][key] for key in named}, lang
    assert "tools/build.py fills this in" not in (dist / "boot.js").read_text(encoding="utf-8")


def test_boot_js_says_every_text_of_the_page_in_the_browsers_language_but_the_title(
    dist: Path,
) -> None:
    source = (ROOT / "app/static/boot.js").read_text(encoding="utf-8")
    page = {key for _tag, key, _text in page_texts(dist / "index.html")}
    assert page - set(TEXT_KEY.findall(source)) == {"app.title", "app.description"}


def test_the_update_prompt_says_the_same_in_the_page_and_in_boot_js(dist: Path) -> None:
    said = {key: text for _tag, key, text in page_texts(dist / "index.html")}
    uk = boot_texts(dist / "boot.js")["uk"]
    assert said["shell.update"] == uk["shell.update"] == "Готова нова версія застосунку."
    assert said["shell.update_button"] == uk["shell.update_button"]


def test_the_manifest_is_its_source_with_each_key_replaced_by_its_ukrainian_text(
    dist: Path,
) -> None:
    source = (ROOT / "manifest.webmanifest").read_text(encoding="utf-8")
    keys = MANIFEST_TEXT.findall(source)
    assert {"manifest.name", "app.title", "app.description", "home.new"} <= set(keys)
    expected = MANIFEST_TEXT.sub(
        lambda m: json.dumps(TABLES["uk"][m.group(1)], ensure_ascii=False), source
    )
    built = (dist / "manifest.webmanifest").read_text(encoding="utf-8")
    assert built == expected, "the layout of the source is kept"
    manifest = json.loads(built)
    assert manifest["short_name"] == "Деберц" and manifest["name"] == "Деберц — рахунок гри"
    assert [s["name"] for s in manifest["shortcuts"]] == ["Нова гра", "Продовжити останню гру"]


def test_the_generated_files_are_precached_with_the_revision_of_what_was_written(
    dist: Path,
) -> None:
    files = read_precache(dist).files
    for name in ("index.html", "boot.js", "manifest.webmanifest"):
        assert files[f"./{name}"].rev == revision((dist / name).read_bytes()), name


def site(tmp_path: Path, page: str, script: str, manifest: str) -> tuple[Path, Path]:
    """A folder with the three files write_texts fills, and a catalogue in uk and en."""
    out = tmp_path / "out"
    out.mkdir()
    (out / "index.html").write_text(page, encoding="utf-8")
    (out / "boot.js").write_text(script, encoding="utf-8")
    (out / "manifest.webmanifest").write_text(manifest, encoding="utf-8")
    text = tmp_path / "text"
    for lang, said in (("uk", "Деберц"), ("en", "Debertz")):
        (text / lang).mkdir(parents=True)
        (text / lang / "ui.json").write_text(json.dumps({"app.title": said}), encoding="utf-8")
        (text / lang / "help.json").write_text("[]", encoding="utf-8")
    return out, text


PAGE = '<html lang="uk"><title data-text="app.title"></title>'
SCRIPT = '  const TEXTS = {}; // texts: tools/build.py fills this in\nshow(text("app.title"));\n'
MANIFEST = '{"lang": "uk", "name": "{{app.title}}"}'


def test_write_texts_fills_the_three_files(tmp_path: Path) -> None:
    out, text = site(tmp_path, PAGE, SCRIPT, MANIFEST)
    write_texts(out, text)
    assert (out / "index.html").read_text() == '<html lang="uk"><title data-text="app.title">Деберц</title>'
    assert json.loads((out / "manifest.webmanifest").read_text()) == {"lang": "uk", "name": "Деберц"}
    assert boot_texts(out / "boot.js") == {"en": {"app.title": "Debertz"}, "uk": {"app.title": "Деберц"}}


@pytest.mark.parametrize(
    ("page", "script", "manifest", "message"),
    [
        (PAGE.replace("app.title", "app.gone"), SCRIPT, MANIFEST,
         "index.html <title data-text=\"app.gone\">: no text 'app.gone' in the catalogues of"),
        (PAGE.replace("></title>", ">Деберц</title>"), SCRIPT, MANIFEST,
         'index.html: <title data-text="app.title"> must be empty: the build writes it'),
        (PAGE, SCRIPT.replace("text(\"app.title\")", "text(key)"), MANIFEST,
         'boot.js:2: text() must name its key as text("key")'),
        (PAGE, SCRIPT.replace("app.title", "shell.gone"), MANIFEST,
         "boot.js: no text 'shell.gone' in the catalogues of ['en', 'uk']"),
        (PAGE, SCRIPT.replace("const TEXTS = {};", "const TEXTS = {uk: {}};"), MANIFEST,
         "boot.js has lost the line"),
        (PAGE, SCRIPT, MANIFEST.replace('"{{app.title}}"', '"{{app.title}} app"'),
         'manifest.webmanifest: a text must be a whole string "{{key}}"'),
        (PAGE, SCRIPT, MANIFEST.replace('"uk"', '"ru"'),
         "manifest.webmanifest: no text 'app.title' in the catalogues of ['ru']"),
    ],
)
def test_a_text_the_catalogues_cannot_give_stops_the_build(
    tmp_path: Path, page: str, script: str, manifest: str, message: str
) -> None:
    out, text = site(tmp_path, page, script, manifest)
    with pytest.raises(BuildError, match=re.escape(message)):
        write_texts(out, text)
