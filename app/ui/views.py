"""Views: pure functions from the app state to HTML strings; this one draws the frame (the top
bar, the notice) around the view of the screen shown.

Every text typed by a user (names) and every translated text is escaped here; the page only
inserts the string. Controls carry ``data-action`` (and ``data-*`` arguments) for the page's one
delegated listener per event type.

>>> from app.ui.state import initial_state
>>> html = render(initial_state({}, {}, [], ["en"]))
>>> 'data-action="lang"' in html and "New game" in html
True
"""

from __future__ import annotations

from collections.abc import Callable

from app.ui import i18n
from app.ui.drawing import first_screenful
from app.ui.game.views import render_game
from app.ui.games.views import render_home
from app.ui.help.views import render_help
from app.ui.markup import esc, join
from app.ui.setup.views import render_setup
from app.ui.sharing import views as sharing
from app.ui.state import CANCELLED, LANGS, Screen, State, last_changed
from app.ui.stats.views import render_stats

View = Callable[[State, i18n.Tr], str]

SCREENS: dict[Screen, View] = {
    "home": render_home,
    "new": render_setup,
    "game": render_game,
    "help": render_help,
    "stats": render_stats,
    **{screen: sharing.render for screen in sharing.SCREENS},
}
"""The view of each screen (``state.screen``); each feature's views are in its folder."""


def render(state: State) -> str:
    """The whole app for the current screen, starting with the top bar."""
    t = i18n.translator(state.lang)
    view = SCREENS.get(state.screen, render_home)
    if state.screen == "game" and state.game is None:
        view = render_home  # the game was deleted meanwhile: the list it was in
    return _top_bar(state, t) + _volatile(state, t) + _notice(state, t) + view(state, t)


def render_first(state: State) -> tuple[str, bool]:
    """The screen as :func:`render` draws it, but a sheet of hands only as far as the screen
    shows at first (``app.ui.drawing.first_screenful``), and whether anything was left out:
    then the page draws the whole screen once idle (a 60-hand sheet is ~50 kB of
    markup, most of it below the screen).

    >>> from app.ui.state import initial_state
    >>> game = {"id": "g", "players": ["A", "B"], "hands": [{"taker": 0, "cards": [100, 62]}] * 30}
    >>> state = initial_state({"g": game}, {}, [], ["en"])
    >>> from dataclasses import replace
    >>> state = replace(state, screen="game", game_id="g")
    >>> html, later = render_first(state)
    >>> later, html.count('<tbody class="hand'), render(state).count('<tbody class="hand')
    (True, 10, 30)
    """
    with first_screenful() as drawing:
        html = render(state)
    return html, drawing.later


WARM_HANDS = 300
"""The longest game drawn ahead (a game of an evening has 20-60 hands; drawing 5,000 would hold
a phone's page for seconds in one idle moment)."""


def warm_game(state: State) -> str | None:
    """Draw ahead, while the page is idle, the screen of the game changed last (the one a first
    tap most likely opens): its replay and its rows are kept (``app.ui.game.views._kept_row``),
    so that opening it draws from them as every later time does. The game's id, or None when
    there is no game to open or it has more than :data:`WARM_HANDS` hands; ``state`` is left as
    it was.

    >>> from app.ui.state import initial_state
    >>> state = initial_state({"g1": {"id": "g1", "players": ["A", "B"], "hands": []}}, {}, [], ["en"])
    >>> warm_game(state), state.screen
    ('g1', 'home')
    """
    from app.ui.reducer import reduce  # (the reducer's actions use these views)

    last = last_changed(state)
    if last is None or len(state.games[last].get("hands", ())) > WARM_HANDS:
        return None
    opened, _ = reduce(state, "route", {"hash": f"#/game/{last}"})
    if opened.screen != "game":
        return None
    render(opened)
    return last


def _volatile(state: State, t: i18n.Tr) -> str:
    """On every screen while the browser keeps nothing: the player must know before the end."""
    if not state.volatile:
        return ""
    return (
        f'<div class="volatile" role="alert"><p><b>{esc(t("volatile.title"))}</b></p>'
        f'<p>{esc(t("volatile.text"))}</p></div>'
    )


def _top_bar(state: State, t: i18n.Tr) -> str:
    options = join(
        f'<option value="{code}" lang="{code}"{" selected" if code == state.lang else ""}>'
        f"{esc(i18n.LANG_NAMES[code])}</option>"
        for code in LANGS
    )
    current = ' aria-current="page"'
    return (
        f'<nav class="topbar" aria-label="{esc(t("nav.label"))}">'
        f'<a class="navlink" href="#/"{current if state.screen == "home" else ""}>'
        f"{esc(t('nav.games'))}</a>"
        f'<a class="navlink" href="#/help"{current if state.screen == "help" else ""}>'
        f"{esc(t('nav.help'))}</a>"
        f'<span class="lang"><label for="lang" class="sr-only">{esc(t("nav.language"))}</label>'
        f'<select id="lang" data-action="lang">{options}</select></span>'
        "</nav>"
    )


def _notice(state: State, t: i18n.Tr) -> str:
    text = (
        t(f"notice.{state.notice}", detail=state.notice_detail, **state.notice_params)
        if state.notice
        else ""
    )
    button = ""
    if state.notice == "game_deleted" and state.trash is not None:
        button = (
            f' <button type="button" class="btn small" id="restore-game" '
            f'data-action="restore-game">{esc(t("home.restore"))}</button>'
        )
    elif (state.notice in CANCELLED and state.cancelled is not None
          and (state.screen, state.game_id) == ("game", state.cancelled[0])):
        button = (
            f' <button type="button" class="btn small" id="restore-entry" '
            f'data-action="restore-entry">{esc(t("entry.restore"))}</button>'
        )
    fleeting = " fleeting" if state.notice in FLEETING else ""
    return (
        f'<div class="notice{fleeting}" role="status" aria-live="polite">{esc(text)}{button}</div>'
    )


FLEETING = ("saved", "edited", "redealt", "deleted", "undone", "redone", "link_copied")
"""Notices that only confirm what was just done: the toast fades out after a few seconds (the
others carry a button or a problem and stay until the next action)."""
