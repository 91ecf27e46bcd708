"""The games list: games in progress first, then finished ones, each with its score and what
can be done with it; above them the problems of records that could not be read, the note on
storage the browser may clear, and the game just deleted (with the button that brings it back).

>>> from app.ui.state import initial_state
>>> game = {"id": "g1", "players": ["Оля", "<b>Петро</b>"], "hands": []}
>>> html = render_home(initial_state({"g1": game}, {}, [], ["en"]), i18n.translator("en"))
>>> 'href="#/game/g1"' in html, "&lt;b&gt;Петро&lt;/b&gt;" in html, "<b>Петро" in html
(True, True, False)
"""

from __future__ import annotations

from typing import Any

from app.names import names_in_text
from app.storage import SETTINGS_ID
from app.ui import i18n, prefs, scoring
from app.ui.games.actions import in_list_order, trash_offered
from app.ui.markup import Grouped, esc, join, words
from app.ui.scoring import side_label
from app.ui.sharing import views as sharing
from app.ui.state import LIST_PAGE, State
from app.ui.views_common import signed_score, when_text

Card = dict[str, Any]
"""A game's summary (``app.summaries.summarize``): what its card shows."""


def render_home(state: State, t: i18n.Tr) -> str:
    """The games list: games in progress first, then finished ones, each drawn from its summary
    (``state.games.summary``: made when the game was stored, so no game is replayed here); the
    first ``state.games_shown`` of them, and a button for more."""
    playing, finished = in_list_order(state)
    shown = max(state.games_shown, LIST_PAGE)
    more = len(state.games) - shown
    playing, finished = playing[:shown], finished[: max(0, shown - len(playing))]
    note = _storage_note(state, t)
    parts = [
        (
            f'<section class="screen home" aria-labelledby="screen-title">'
            f'<h2 id="screen-title" tabindex="-1">{esc(t("home.title"))}</h2>'
        ),
        _problems(state, t),
        note,
        _trash(state, t),
        f'<a class="btn primary big" id="new-game" href="#/new">{esc(t("home.new"))}</a>',
        # the note that the browser may erase the games offers a backup already: the reminder
        # to make one waits until the note is seen (two boxes asked for a backup at once)
        "" if note else sharing.backup_reminder(state, t),
    ]
    if not state.games:
        parts.append(f'<p class="empty">{esc(t("home.empty"))}</p>')
    else:
        parts.append(
            f'<a class="btn wide" id="open-stats" href="#/stats">{esc(t("stats.open"))}</a>'
        )
    if playing:
        parts.append(_game_list("playing", t("home.playing"), playing, t))
    if finished:
        parts.append(_game_list("finished", t("home.finished"), finished, t))
    if more > 0:
        parts.append(
            f'<button type="button" class="btn wide" id="more-games" data-action="more-games">'
            f'{esc(t("home.more", count=min(more, LIST_PAGE), left=Grouped(more, state.lang)))}'
            "</button>"
        )
    parts.append(sharing.backup_section(state, t))
    parts.append("</section>")
    return join(parts)


def _problems(state: State, t: i18n.Tr) -> str:
    if not state.problems:
        return ""
    items = join(_problem_item(problem, t) for problem in state.problems)
    return (
        f'<div class="problems" role="alert"><p>{esc(t("home.problems"))}</p><ul>{items}</ul></div>'
    )


RAW_SHOWN = 4000
"""Characters of a damaged record shown on screen (the whole text can be saved as a file)."""


def _problem_item(problem: dict[str, str], t: i18n.Tr) -> str:
    text = esc(storage_problem_text(problem, t))
    if problem.get("record") != SETTINGS_ID:
        return f"<li>{text}</li>"
    raw = problem.get("raw", "")
    cut = (
        f'<p class="hint">{esc(t("settings.raw_cut", shown=RAW_SHOWN, total=len(raw)))}</p>'
        if len(raw) > RAW_SHOWN
        else ""
    )
    return (
        f'<li id="settings-problem">{text} {esc(t("settings.damaged"))}'
        f'<details><summary>{esc(t("settings.show_raw"))}</summary>'
        f'<pre class="raw">{esc(raw[:RAW_SHOWN])}</pre>{cut}'
        f'<button type="button" class="btn small" data-action="export-damaged" '
        f'data-record="{SETTINGS_ID}">{esc(t("settings.save_raw"))}</button></details>'
        f'<button type="button" class="btn small" id="replace-settings" '
        f'data-action="replace-settings">{esc(t("settings.replace"))}</button></li>'
    )


def storage_problem_text(problem: dict[str, str], t: i18n.Tr) -> str:
    """A stored record that could not be read, in the current language."""
    code, record = problem.get("code", ""), problem.get("record", "")
    key = f"storage.{code}"
    if i18n.has(key):
        return t(key, record=record, detail=problem.get("message", ""))
    return t("storage.other", record=record, detail=problem.get("message", code))


def _storage_note(state: State, t: i18n.Tr) -> str:
    """The browser refused to promise keeping the games: say so (not as a dialog) until the
    player dismisses it, with the backup that keeps them (once there is a game to keep)."""
    if not prefs.shows_storage_note(state):
        return ""
    backup = (
        f'<button type="button" class="btn small" id="storage-backup" data-action="backup">'
        f"{esc(t('backup.make'))}</button>"
        if state.games
        else ""
    )
    note = "home.storage_note_unasked" if state.storage_unasked else "home.storage_note"
    return (
        '<div class="storage-note" id="storage-note" role="note">'
        f'<p>{esc(t(note))}</p><div class="row">{backup}'
        f'<button type="button" class="btn small" id="storage-note-seen" '
        f'data-action="storage-note-seen">{esc(t("home.storage_ok"))}</button></div></div>'
    )


def _trash(state: State, t: i18n.Tr) -> str:
    if state.trash is None or state.notice == "game_deleted" or not trash_offered(state):
        return ""
    names = names_in_text(state.trash.get("players", []))
    return (
        f'<p class="trash">{esc(t("home.trash", names=names))} '
        f'<button type="button" class="btn small" id="restore-game" data-action="restore-game">'
        f"{esc(t('home.restore'))}</button></p>"
    )


def _game_list(key: str, title: str, items: list[Card], t: i18n.Tr) -> str:
    cards = join(_game_card(card, t) for card in items)
    return (
        f'<section class="games {key}" aria-labelledby="list-{key}">'
        f'<h3 id="list-{key}">{esc(title)}</h3><ul class="cards">{cards}</ul></section>'
    )


def _game_card(game: Card, t: i18n.Tr) -> str:
    """One game's card, from its summary (its keys: ``app.summaries``)."""
    gid = str(game["id"])
    sides = scoring.side_count(game)
    score, winner_side = game.get("score"), game.get("winner")
    if not isinstance(score, list):
        detail = str(game.get("error", ""))
        score_line = f'<p class="err">{esc(t("home.unreadable", detail=detail))}</p>'
    else:
        score_line = (
            '<p class="match">'
            + join(
                f'<span class="who{" winner" if winner_side == side else ""}">'
                f"{words(side_label(game, side))} <b>{esc(_score(score[side]))}</b></span>"
                for side in range(sides)
            )
            + "</p>"
        )
    when = when_text(game.get("updated", ""))  # none for a game from outside without its time
    meta = t("home.meta", target=game.get("target", 501), hands=game.get("hands", 0)) + (
        f" · {when}" if when else "")
    done = bool(game.get("finished"))
    winner = ""
    if done and isinstance(winner_side, int):
        label = side_label(game, winner_side, t("side.and"))
        winner = f'<p class="won">{esc(t("home.winner", side=label))}</p>'

    names = names_in_text(game["players"])

    def whose(key: str) -> str:  # which game a button is for, said to screen readers
        return f'<span class="sr-only"> {esc(t(key, names=names))}</span>'

    actions = [
        (
            f'<a class="btn" href="#/game/{esc(gid)}{"/report" if done else ""}" id="open-{esc(gid)}">'
            f"{esc(t('report.open' if done else 'home.continue'))}"
            f"{whose('home.report_of' if done else 'home.game_of')}</a>"
        )
    ]
    if done:
        actions.append(
            f'<button type="button" class="btn" data-action="rematch" data-id="{esc(gid)}">'
            f"{esc(t('game.rematch'))}{whose('home.rematch_of')}</button>"
        )
    actions.append(
        f'<button type="button" class="btn quiet" data-action="delete-game" data-id="{esc(gid)}">'
        f"{esc(t('home.delete'))}{whose('home.game_of')}</button>"
    )
    return (
        f'<li class="card" data-game="{esc(gid)}">{score_line}{winner}'
        f'<p class="meta">{esc(meta)}</p>{sharing.origin_mark(game, t)}'
        f'<div class="row">{join(actions)}</div></li>'
    )


def _score(value: Any) -> str:
    """A summary's score as every other screen writes it (a real minus sign).

    >>> _score(-366), _score(42)
    ('−366', '42')
    """
    return signed_score(value) if isinstance(value, int) else str(value)
