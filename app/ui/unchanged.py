"""What the page need not parse again: the parts of a new screen that are the same as shown.

The page shows a screen by morphing it into the new markup (``boot.js``'s ``debertzPatch``),
which first parses all of that markup: a 60-hand game is ~48 kB, the parse and the compare of
every row several ms a Save on a phone. A part that is byte for byte the one the page shows now
is sent instead as an empty stand-in with the same ``id`` and ``data-keep``; the morph keeps the
element of that id as it is. Where the morph cannot (the stand-in is not next to its element),
``debertzPatch`` says so and the page sends the whole markup again.

>>> game = GAME_MAIN + "<table>…</table></div></section>"
>>> unchanged_parts("<p>1</p>" + game, "<p>2</p>" + game) == "<p>2</p>" + KEPT_MAIN
True
"""

from __future__ import annotations

import re
from collections.abc import Callable

GAME_MAIN = '<div class="game-main" id="game-main">'
"""Where the game under the hand form starts (app/ui/game/views.py); it ends the screen."""
KEPT_MAIN = '<div class="game-main" id="game-main" data-keep=""></div></section>'

ROW_START = '<tbody class="hand'
ROW_END = "</tbody>"
ROW_KEY = re.compile(r'<tbody class="[^"]*" id="(row-\d+)"')
PART_START = '<div class="sheet-part"'
PART_END = "</table></div>"
PART_KEY = re.compile(r'<div class="sheet-part" id="(part-\d+)"')


def rows_of(html: str) -> dict[str, tuple[int, int]]:
    """Where each hand's row (app/ui/game/views.py: ``_hand_rows``; no ``tbody`` inside it) is
    in ``html``: its id → (start, end), found with ``str.find`` (a lazy regular expression's
    scan took 4 ms of a Save at 4x CPU).

    >>> html = '<table><tbody class="hand " id="row-0" data-hand="0"><tr></tr></tbody></table>'
    >>> rows_of(html), html[7:70]
    ({'row-0': (7, 70)}, '<tbody class="hand " id="row-0" data-hand="0"><tr></tr></tbody>')
    """
    return _keyed(html, ROW_START, ROW_END, ROW_KEY)


def parts_of(html: str) -> dict[str, tuple[int, int]]:
    """Where each part of the sheet (``_history``: a ``div`` around one table, no table inside
    a row) is in ``html``: its id → (start, end).

    >>> html = '<div class="sheet-box"><div class="sheet-part" id="part-0"><table></table></div></div>'
    >>> parts_of(html), html[23:80]
    ({'part-0': (23, 80)}, '<div class="sheet-part" id="part-0"><table></table></div>')
    """
    return _keyed(html, PART_START, PART_END, PART_KEY)


def _keyed(html: str, start_mark: str, end_mark: str, key_of: re.Pattern[str]) -> dict[str, tuple[int, int]]:
    found: dict[str, tuple[int, int]] = {}
    start = html.find(start_mark)
    while start >= 0:
        end = html.find(end_mark, start)
        if end < 0:
            break
        end += len(end_mark)
        key = key_of.match(html, start)
        if key is not None:  # (a shared game's sheet has no ids: nothing of it is kept)
            found[key.group(1)] = (start, end)
        start = html.find(start_mark, end)
    return found


def unchanged_parts(shown: str, html: str) -> str:
    """``html`` to patch into a page that shows ``shown``: the game under the hand form when it
    is all the same (:func:`kept_under_form`), else every part of the sheet and every hand's row
    that is the same (:func:`kept_in_sheet`), as stand-ins."""
    sent = kept_under_form(shown, html)
    return sent if sent is not html else kept_in_sheet(shown, html)


def kept_under_form(shown: str, html: str) -> str:
    """``html`` to patch into a page that shows ``shown``: when the game (the last part of the
    screen) is the same in both, as at every keystroke in the hand form, it is sent as an empty
    ``data-keep`` stand-in that boot.js's morph leaves as it is, so that the page does not parse
    and compare the whole sheet again (several ms a keystroke on a phone).

    >>> game = GAME_MAIN + "<table>…</table></div></section>"
    >>> kept_under_form("<p>1</p>" + game, "<p>2</p>" + game) == "<p>2</p>" + KEPT_MAIN
    True
    >>> changed = "<p>2</p>" + game.replace("…", "+")
    >>> kept_under_form("<p>1</p>" + game, changed) is changed
    True
    """
    start = html.find(GAME_MAIN)
    if start < 0 or not html.endswith("</div></section>"):
        return html
    part = html[start:]
    if not shown.endswith(part) or shown.rfind(GAME_MAIN) != len(shown) - len(part):
        return html
    return html[:start] + KEPT_MAIN


def kept_in_sheet(shown: str, html: str) -> str:
    """``html`` with each part of the sheet and each hand's row that ``shown`` has byte for
    byte (same ``id``, same markup) sent as an empty stand-in: a saved hand sends its own row,
    its part's frame, the totals and the banner, not the sheet.

    >>> row = lambda n, text: f'<tbody class="hand " id="row-{n}" data-hand="{n}"><tr><td>{text}</td></tr></tbody>'
    >>> shown = "<table>" + row(1, "+20") + row(0, "+162") + "</table>"
    >>> kept_in_sheet(shown, "<table>" + row(2, "+5") + row(1, "+20") + row(0, "+160") + "</table>")
    '<table><tbody class="hand " id="row-2" data-hand="2"><tr><td>+5</td></tr></tbody><tbody id="row-1" data-keep=""></tbody><tbody class="hand " id="row-0" data-hand="0"><tr><td>+160</td></tr></tbody></table>'
    >>> part = lambda n, rows: f'<div class="sheet-part" id="part-{n}"><table>{rows}</table></div>'
    >>> sent = kept_in_sheet(part(0, row(0, "+1")), part(1, row(1, "+2")) + part(0, row(0, "+1")))
    >>> sent.endswith('</table></div><div id="part-0" data-keep=""></div>')
    True
    >>> kept_in_sheet("<p>no sheet</p>", shown) is shown
    True
    """
    parts = _kept(shown, html, parts_of, '<div id="{}" data-keep=""></div>')
    return _kept(shown, parts, rows_of, '<tbody id="{}" data-keep=""></tbody>')


def _kept(shown: str, html: str, find: Callable[[str], dict[str, tuple[int, int]]],
          stand_in: str) -> str:
    """``html`` with each block ``find`` finds that ``shown`` has byte for byte as
    ``stand_in`` (``html`` itself when there is none)."""
    before = find(shown)
    if not before:
        return html
    parts, done = [], 0
    for key, (start, end) in find(html).items():
        if key in before:
            was = before[key]
            if shown[was[0] : was[1]] == html[start:end]:
                parts += [html[done:start], stand_in.format(key)]
                done = end
    return "".join([*parts, html[done:]]) if parts else html
