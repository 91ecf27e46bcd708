"""A hand's «чому?» on the score sheet: a disclosure beside the hand's number that opens the
hand's explanation in words (app/ui/explain/sentences.py).

The explanation is drawn only while it is open (``State.explained``, the ``explain-hand``
action), so that a long sheet costs no more to draw than before: our own game's sheet is kept
by the game's id, another's (a shared game, a file's preview) by the ``sheet`` its toggle
names.

>>> from app.ui import i18n
>>> from app.ui.scoring import played
>>> shown = played({"id": "g", "players": ["Оля", "Петро"], "hands": [{"taker": 0, "cards": [100, 62]}]})
>>> html = why(shown, shown.sheet.hands[0], i18n.translator("en"), opened=False)
>>> 'data-toggle="explain-hand"' in html, "more than" in html
(True, False)
>>> "more than 62" in why(shown, shown.sheet.hands[0], i18n.translator("en"), opened=True)
True
"""

from __future__ import annotations

from app.engine import HandLine
from app.ui import i18n
from app.ui.explain.sentences import explain, render
from app.ui.markup import esc, join
from app.ui.scoring import Played


def why(shown: Played, line: HandLine, t: i18n.Tr, opened: bool, sheet: str = "") -> str:
    """The disclosure of one hand: its summary («чому?», named for a screen reader with the
    hand's number) and, when open, the explanation, one sentence a line, in a polite live
    region that is there before it is filled (so that it is read out). ``sheet``: the key of a
    sheet that is not the open game's (:func:`app.ui.sharing.state.sheet_key`)."""
    index = line.number - 1
    body = join(f"<li>{esc(render(said, shown, t))}</li>" for said in explain(shown, line)) if opened else ""
    toggle = f' data-toggle="explain-hand" data-index="{index}"'
    if sheet:
        toggle += f' data-sheet="{esc(sheet)}"'
    if opened:  # the shell tells the player's toggle from this one by it (app/browser/shell.py)
        toggle += ' data-open="true" open'
    return (
        f'<details class="why" id="why-{index}"{toggle}>'
        f'<summary aria-label="{esc(t("explain.why_label", n=line.number))}">'
        f'<span>{esc(t("explain.why"))}</span></summary>'
        f'<ul class="why-text" aria-live="polite">{body}</ul></details>'
    )
