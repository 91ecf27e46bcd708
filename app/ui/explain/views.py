"""A hand's «чому?» on the score sheet: a disclosure beside the hand's number that opens the
hand's explanation in words (app/ui/explain/sentences.py).

The explanation is drawn only while it is open (``State.explained``, the ``explain-hand``
action), so that a long sheet costs no more to draw than before: our own game's sheet is kept
by the game's id, another's (a shared game, a file's preview) by the ``sheet`` its button
names. The disclosure is a button with ``aria-expanded`` (WAI-ARIA's disclosure pattern), not a
``<details>``: each ``<details>`` the browser makes brings a shadow tree of its own, and a
60-hand sheet's 60 of them cost ~10 ms of its drawing at 4x CPU.

>>> from app.ui import i18n
>>> from app.ui.scoring import played
>>> shown = played({"id": "g", "players": ["Оля", "Петро"], "hands": [{"taker": 0, "cards": [100, 62]}]})
>>> html = why(shown, shown.sheet.hands[0], i18n.translator("en"), opened=False)
>>> 'data-action="explain-hand"' in html, 'aria-expanded="false"' in html, "more than" in html
(True, True, False)
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
    """The disclosure of one hand: its button («чому?», named for a screen reader with the
    hand's number; ``data-open`` is what a tap makes of it) and, when open, the explanation, one
    sentence a line, in a polite live region that is there before it is filled (so that it is
    read out). ``sheet``: the key of a sheet that is not the open game's
    (:func:`app.ui.sharing.state.sheet_key`)."""
    index = line.number - 1
    body = join(f"<li>{esc(render(said, shown, t))}</li>" for said in explain(shown, line)) if opened else ""
    action = f' data-action="explain-hand" data-index="{index}"'
    if sheet:
        action += f' data-sheet="{esc(sheet)}"'
    expanded, tapped = ("true", "false") if opened else ("false", "true")
    return (
        f'<span class="why" id="why-{index}"><button type="button"{action} data-open="{tapped}" '
        f'aria-expanded="{expanded}" aria-controls="why-text-{index}" '
        f'aria-label="{esc(t("explain.why_label", n=line.number))}">'
        f'<span>{esc(t("explain.why"))}</span></button>'
        f'<ul class="why-text" id="why-text-{index}" aria-live="polite">{body}</ul></span>'
    )
