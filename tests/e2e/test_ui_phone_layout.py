"""Nothing on any screen makes the page wider than the phone (issue 12, points 1-3).

Every screen of ``tools.screenshots.phone_scenes`` (the longest names, four players, penalties,
every mark at once, both confirmations, the help) is measured in each language at 320, 360 and
412 CSS px on an emulated phone (touch, mobile viewport rules: there the layout viewport grows to
fit what overflows, so ``innerWidth`` must stay the phone's width as well), turned on its side
(640x360), at 200 % zoom on a 360 and a 412 px phone, and in a plain 320 and 360 px window.

200 % zoom is emulated by halving the phone's viewport in CSS px (180x320, 206x457) in the same
phone context: page zoom changes the CSS px the layout has (what WCAG 1.4.10 reflow is about);
the device pixel ratio only changes how finely it is drawn.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize

from tests.e2e.warm import PHONE_OPTIONS, WarmContexts
from tools.long_games import SAMPLES
from tools.screenshots import REFUSED_STORAGE, open_seeded, phone_scenes
from tools.serve import DistServer

PHONE: tuple[ViewportSize, ...] = (
    {"width": 320, "height": 640},
    {"width": 360, "height": 640},
    {"width": 412, "height": 915},
    {"width": 180, "height": 320},  # 360x640 at 200 %
    {"width": 206, "height": 457},  # 412x915 at 200 %
    {"width": 640, "height": 360},  # on its side
)
PLAIN: tuple[ViewportSize, ...] = ({"width": 320, "height": 640}, {"width": 360, "height": 640})
MEASURE = """(width) => ({
  scroll: document.documentElement.scrollWidth,
  inner: innerWidth,
  wide: [...document.body.querySelectorAll("*")]
    .filter((e) => e.getBoundingClientRect().right > width + 0.5 && !e.closest(".sheet-box"))
    .slice(0, 4)
    .map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
})"""


def seeded_page(
    contexts: WarmContexts, server: DistServer, options: dict[str, Any]
) -> Iterator[Page]:
    """The sample games in the app, in a warm context (tests/e2e/warm.py) kept for the module."""
    server.start()
    context = contexts.acquire(options)
    try:
        page = context.new_page()
        page.add_init_script(REFUSED_STORAGE)  # the games list shows its storage note too
        open_seeded(page, server.url, "uk")
        yield page
    finally:
        contexts.release(options, context)


@pytest.fixture(scope="module")
def phone(warm_contexts: WarmContexts, _session_server: DistServer) -> Iterator[Page]:
    yield from seeded_page(warm_contexts, _session_server, PHONE_OPTIONS)


@pytest.fixture(scope="module")
def window(warm_contexts: WarmContexts, _session_server: DistServer) -> Iterator[Page]:
    options = {"viewport": {"width": 360, "height": 640}, "locale": "uk"}
    yield from seeded_page(warm_contexts, _session_server, options)


def overflows(page: Page, lang: str, sizes: tuple[ViewportSize, ...]) -> dict[str, Any]:
    """Walk every screen in ``lang``; at each, every size that scrolls sideways."""
    page.click(".topbar a[href='#/']")
    page.select_option("#lang", lang)
    found: dict[str, Any] = {}
    walked = []
    for name, step in phone_scenes(page):
        step()
        walked.append(name)
        for size in sizes:
            page.set_viewport_size(size)
            seen = page.evaluate(MEASURE, size["width"])
            if seen["scroll"] > size["width"] or seen["inner"] != size["width"]:
                found[f"{name} at {size['width']}"] = seen
        page.set_viewport_size(sizes[0])
    assert len(walked) >= 12 and "hand-every-mark" in walked
    return found


@pytest.mark.parametrize("lang", ["uk", "ru", "en"])
def test_no_screen_is_wider_than_an_emulated_phone_even_at_200_percent(
    phone: Page, lang: str
) -> None:
    assert overflows(phone, lang, PHONE) == {}


@pytest.mark.parametrize("lang", ["uk", "ru", "en"])
def test_no_screen_is_wider_than_a_narrow_window(window: Page, lang: str) -> None:
    assert overflows(window, lang, PLAIN) == {}


def test_the_every_mark_preview_wraps_and_save_stays_on_a_phone_screen(phone: Page) -> None:
    phone.set_viewport_size({"width": 360, "height": 640})
    phone.click(".topbar a[href='#/']")
    phone.select_option("#lang", "uk")
    scenes = dict(phone_scenes(phone))
    scenes["game-teams"]()
    scenes["hand-every-mark"]()
    preview = phone.locator("#preview")
    assert "штраф за байт" in preview.inner_text()
    for selector in ("#preview", "#save-hand"):
        box = phone.locator(selector).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360, selector
        assert box["y"] >= 0 and box["y"] + box["height"] <= 640, (selector, box)
    phone.click("#cancel-hand")


def test_a_long_name_never_breaks_inside_a_word(phone: Page) -> None:
    """Names wrap between words; a word wider than its box ends with an ellipsis instead of
    going on, broken, on the next line (a side's full name is on the board and in the title)."""
    phone.set_viewport_size({"width": 360, "height": 640})
    phone.click(".topbar a[href='#/']")
    phone.select_option("#lang", "uk")
    phone.click("#open-long-four")
    broken = phone.evaluate(
        """() => [...document.querySelectorAll(".word")].filter((word) => {
          const lines = new Set([...word.getClientRects()].map((r) => Math.round(r.top)));
          const range = document.createRange();
          range.selectNodeContents(word);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          return lines.size > 1 || tops.size > 1;
        }).map((word) => word.textContent)"""
    )
    assert broken == []
    heads = phone.locator(".sheet thead th[title]")
    assert heads.count() == 4
    assert heads.nth(2).get_attribute("title") == "Ярославапетрівнакостянтинівнашевченкова"


PARTNERS_SHOWN = """(selector) => [...document.querySelectorAll(selector)].map((name) => {
  const members = [...name.querySelectorAll(".member")];
  const box = name.getBoundingClientRect();
  const lines = new Set(members.map((m) => Math.round(m.getBoundingClientRect().top)));
  const inside = members.every((m) => {
    const r = m.getBoundingClientRect();
    return r.height > 0 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5
      && r.right <= box.right + 0.5;
  });
  return [members.map((m) => m.textContent), lines.size, inside];
})"""


def test_a_team_of_long_names_shows_both_partners(phone: Page) -> None:
    """A team's card, its column in the sheet and in the chart's table (as in a report) name
    both partners, each on a line of their own, cut when too long (a two-line name showed the
    first partner only)."""
    phone.set_viewport_size({"width": 360, "height": 640})
    phone.click(".topbar a[href='#/']")
    phone.click("#open-long-teams")
    first, second, third, fourth = SAMPLES["long-teams"]["players"]
    want = [[[first, f"& {third}"], 2, True], [[second, f"& {fourth}"], 2, True]]
    assert phone.evaluate(PARTNERS_SHOWN, ".board .side .name") == want
    assert phone.evaluate(PARTNERS_SHOWN, ".sheet-part:first-child thead .clamp") == want
    phone.click("#chart-fold > summary")
    phone.click("details.chart-table > summary")
    phone.wait_for_selector("table.chart-data", state="visible")
    assert phone.evaluate(PARTNERS_SHOWN, "table.chart-data thead .clamp") == want
    phone.click("#chart-fold > summary")


MARKS_CUT = """() => [...document.querySelectorAll(".sheet .mark")].filter((mark) => {
  const range = document.createRange();
  range.selectNodeContents(mark);
  const words = mark.textContent.trim().split(/[\\s·]+/).length;
  const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  const cell = mark.closest("td").getBoundingClientRect();
  const box = mark.getBoundingClientRect();
  return lines > words || box.right > cell.right + 0.5 || box.left < cell.left - 0.5;
}).map((mark) => mark.textContent)"""


@pytest.mark.parametrize("lang", ["uk", "ru", "en"])
def test_a_mark_on_the_sheet_never_breaks_inside_a_word_nor_leaves_its_cell(
    phone: Page, lang: str
) -> None:
    """"2×терц" used to end as "2×тер / ц" and "последняя" as "последня / я" in the 3- and
    4-side sheets at 320 and 360 px; a mark is clipped by its cell if it is wider."""
    phone.click(".topbar a[href='#/']")
    phone.select_option("#lang", lang)
    cut = {}
    for width in (320, 360):
        phone.set_viewport_size({"width": width, "height": 640})
        for game_id in ("long-teams", "long-three", "long-four"):
            phone.click(".topbar a[href='#/']")
            phone.click(f"#open-{game_id}")
            assert phone.locator(".sheet .mark").count() >= 2
            found = phone.evaluate(MARKS_CUT)
            if found:
                cut[f"{game_id} at {width}"] = found
    phone.set_viewport_size({"width": 360, "height": 640})
    assert cut == {}


BROKEN_WORDS = """() => {
  const found = [];
  const walker = document.createTreeWalker(document.querySelector("#app"), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent.getClientRects().length || parent.closest(".clamp, select, .qr")) continue;
    // issue 11's look-back tables break words in their narrow columns: left to that work
    if (parent.closest("table.chart-data, table.figures")) continue;
    const word = /[^\\s·—–-]+/g;
    for (let m = word.exec(node.textContent); m; m = word.exec(node.textContent)) {
      if (m[0].length > 20) continue;  // a word wider than any phone (a 39-letter name) may break
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0)
                                                       .map((r) => Math.round(r.top)));
      if (lines.size > 1) found.push(`${m[0]} in ${parent.tagName.toLowerCase()}.${parent.className}`);
    }
  }
  return [...new Set(found)];
}"""


@pytest.mark.parametrize("lang", ["uk", "ru", "en"])
def test_no_word_breaks_in_two_on_a_320_px_phone(phone: Page, lang: str) -> None:
    """Words wrap whole on every screen ("Полтинни / к (50)" in the meld counter did); only a
    word wider than the screen itself may break."""
    phone.set_viewport_size({"width": 320, "height": 640})
    phone.click(".topbar a[href='#/']")
    phone.select_option("#lang", lang)
    broken = {}
    for name, step in phone_scenes(phone):
        step()
        found = phone.evaluate(BROKEN_WORDS)
        if found:
            broken[name] = found
    phone.set_viewport_size({"width": 360, "height": 640})
    assert broken == {}
