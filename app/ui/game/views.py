"""The game screen: the score board, the banner, the toolbar, the rules, the chart and report,
and the hands played (the hand form is app/ui/hand/views.py)."""

from __future__ import annotations

from typing import Any, Final

from app import engine
from app.changelog import Mark
from app.names import in_text
from app.ui import history, i18n, scoring
from app.ui.changes.views import changes_fold, corrected_mark, mark_of
from app.ui.claim.views import claim_row, decided_text
from app.ui.drawing import drawing
from app.ui.explain.banner import end_text, needs_text
from app.ui.explain.views import why
from app.ui.hand.kept import kept_draft
from app.ui.hand.views import entry_form, side_marks
from app.ui.markup import esc, join, side_name
from app.ui.scoring import Played, side_label
from app.ui.setup.views import rule_rows, rules_line
from app.ui.state import GameDict, State
from app.ui.stats.report_views import look_back
from app.ui.views_common import signed, signed_score, when_text

TITLE_ID = ' id="screen-title"'
"""The screen's title (under the form the score line has it)."""


_UNDER_FORM: tuple[GameDict, tuple[Any, ...], str] | None = None
"""The game drawn under the open hand form: the game (the very dict), what else it was drawn
from, and its markup, so that a keystroke does not draw the whole sheet again."""


def render_game(state: State, t: i18n.Tr) -> str:
    """The open game: board, then the entry form or the toolbar, then the history."""
    global _UNDER_FORM
    game = state.game
    assert game is not None
    shown, error = scoring.try_played(game)
    title = " — ".join(side_label(game, side) for side in range(scoring.side_count(game)))
    if shown is None:
        return (
            '<section class="screen game" aria-labelledby="screen-title">'
            f'{_print_head(game, t)}<h2 id="screen-title" tabindex="-1">{esc(title)}</h2>'
            f'<p class="err" role="alert">{esc(t("game.unreadable", detail=error or ""))}</p></section>'
        )
    entering = state.entry is not None
    # While a hand is entered the game stays mounted under the form, skipped by the browser
    # (app.css: content-visibility, which also takes it out of the tab order and the
    # accessibility tree; `inert` would restyle all of it twice): a Save then changes only what
    # the hand changed (its row, the totals, the banner), not the whole screen.
    toolbar = _toolbar(state, shown, t)
    key = (state.lang, entering, toolbar, state.chart_open, state.explained, state.log_open,
           state.confirm, state.settings.get("keep_awake", True), drawing().first)
    kept = _UNDER_FORM
    if entering and kept is not None and kept[0] is game and kept[1] == key:
        sheet = kept[2]  # each keystroke in the form: the same game under it
    else:
        sheet = (
            '<div class="game-main" id="game-main">'
            f"{_print_head(game, t)}"
            f'<h2{"" if entering else TITLE_ID} tabindex="-1">{esc(title)}</h2>'
            + _board(shown, t)
            + toolbar
            + rules_details(game, t)
            + look_back(shown, t, state.chart_open)
            + _history(shown, t, explained=state.explained)
            + _keep_awake(state, t)
            + changes_fold(game, t, state.log_open)
            + _footer(game, state, t)
            + "</div>"
        )
    _UNDER_FORM = (game, key, sheet) if entering else None
    if entering:  # a focused screen: a score line, the form, its sticky bar
        return (
            '<section class="screen game entering" aria-labelledby="screen-title">'
            + _score_line(shown, t)
            + entry_form(state, shown, t)
            + sheet
            + "</section>"
        )
    return '<section class="screen game" aria-labelledby="screen-title">' + sheet + "</section>"


def _print_head(game: GameDict, t: i18n.Tr) -> str:
    """What a printed sheet says above the players: the app, when the game began (a copy from
    outside: its first hand's time, else when the copy was saved here), the rules."""
    first = next((hand.get("at") for hand in game["hands"] if isinstance(hand, dict)), None)
    if not game.get("received_from"):
        started = t("game.started", when=when_text(game.get("created", "")))
    elif isinstance(first, str) and first:
        started = t("game.started", when=when_text(first))
    else:
        started = t("game.copy_saved", when=when_text(game.get("created", "")))
    return (
        f'<p class="print-only print-head">{esc(t("app.title"))} · {esc(started)} · '
        f"{esc(rules_title(game, t))}</p>"
    )


def rules_title(game: GameDict, t: i18n.Tr) -> str:
    """The rule set in force and the target, e.g. ``Rules: Standard, to 1001``.

    >>> g = {"players": ["A", "B"], "hands": [], "rules": {"target": 1001}}
    >>> rules_title(g, i18n.translator("en"))
    'Rules: Standard, to 1001'
    """
    return t("game.rules", rules=rules_line(scoring.rules_of(game), t))


def rules_details(game: GameDict, t: i18n.Tr) -> str:
    """The rules in force, one tap away: every option of the game with its value."""
    rows = rule_rows(scoring.rules_of(game), t, scoring.side_count(game))
    items = join(f"<dt>{esc(name)}</dt><dd>{esc(value)}</dd>" for name, value in rows)
    return (
        f'<details class="rules" id="rules"><summary>{esc(rules_title(game, t))}</summary>'
        f'<dl>{items}</dl><p><a href="#/help/presets">{esc(t("game.rules_help"))}</a></p></details>'
    )


def _keep_awake(state: State, t: i18n.Tr) -> str:
    """The switch of the screen wake lock (the page hides it where the browser has none), with
    what the browser allows: the page shows the note ``<html data-wake-lock>`` names
    (app/browser/wake.py: the lock from the first tap only, or refused for now)."""
    on = state.settings.get("keep_awake", True) is not False
    return (
        '<div class="option check keep-awake">'
        f'<input type="checkbox" id="keep-awake" data-action="keep-awake"{" checked" if on else ""}>'
        f'<label for="keep-awake">{esc(t("game.keep_awake"))}</label>'
        f'<p class="hint wake-note" id="keep-awake-gesture">{esc(t("game.keep_awake_gesture"))}</p>'
        f'<p class="hint wake-note" id="keep-awake-refused">{esc(t("game.keep_awake_refused"))}</p>'
        "</div>"
    )
def render_readonly(game: GameDict, t: i18n.Tr, sheet: str,
                    explained: frozenset[tuple[str, int]] = frozenset()) -> str:
    """The board and the hands of a game that is not ours to change (shared with us, opened
    from a file): no edit buttons, no rematch; the hands' «чому?» kept open in ``explained``
    under ``sheet`` (what names this game's sheet there: :func:`app.ui.sharing.state.sheet_key`)."""
    shown, error = scoring.try_played(game)
    if shown is None:
        return f'<p class="err" role="alert">{esc(t("game.unreadable", detail=error or ""))}</p>'
    return _board(shown, t, editable=False) + _history(shown, t, False, explained, sheet)


def _score_line(shown: Played, t: i18n.Tr) -> str:
    """The score in one short line, shown instead of the big board while a hand is entered."""
    target = shown.rules["target"]
    items = join(
        f'<span class="who"><span class="name">{esc(shown.label(side))}</span> '
        f"<b>{esc(signed_score(shown.sheet.score[side]))}</b></span>"
        for side in range(shown.sides)
    )
    return (
        f'<h2 class="scoreline" id="screen-title" tabindex="-1">'
        f'<span class="sr-only">{esc(t("game.board", target=target))}: </span>{items}</h2>'
    )


def _board(shown: Played, t: i18n.Tr, editable: bool = True) -> str:
    sheet, sides = shown.sheet, shown.sides
    cards = join(_side_card(shown, side, t) for side in range(sides))
    players = shown.game.players
    lines = []
    if sheet.finished:
        lines.append(_result(shown, t, editable))
    else:
        lines.append(
            f'<p class="turn" data-dealer="{sheet.next_dealer}">'
            f"{esc(t('game.dealer', name=in_text(players[sheet.next_dealer])))} · "
            f"{esc(t('game.first_speaker', name=in_text(players[sheet.first_speaker])))}</p>"
        )
        lines.append(f'<p class="needs-line" id="needs">{esc(needs_text(shown, t))}</p>')
    if sheet.hanging:
        lines.append(
            f'<p class="pot" data-pot="{sheet.hanging}">'
            f"{esc(t('game.hanging', points=sheet.hanging))}</p>"
        )
    warnings = _warnings(shown, t)
    if warnings and not sheet.finished:
        lines.append(f'<ul class="warnings">{warnings}</ul>')
    target = shown.rules["target"]
    return (
        f'<div class="board sides-{sides}" aria-label="{esc(t("game.board", target=target))}" role="group">'
        f"{cards}</div>{join(lines)}"
    )


def _side_card(shown: Played, side: int, t: i18n.Tr) -> str:
    sheet = shown.sheet
    classes = ["side"]
    if sheet.winner == side:
        classes.append("winner")
    dealer_side = shown.game.side_of(sheet.next_dealer)
    if not sheet.finished and dealer_side == side:
        classes.append("dealing")
    if sheet.winner == side:
        need = t("game.won")
    elif sheet.finished:
        need = ""
    elif sheet.needs[side] <= 0:
        need = t("game.reached")
    else:
        need = t("game.needs", points=sheet.needs[side])
    return (
        f'<div class="{" ".join(classes)}" id="side-{side}">'
        f'<span class="name">{side_name(shown.members(side))}</span>'
        f'<span class="score" data-score="{esc(sheet.score[side])}">{esc(signed_score(sheet.score[side]))}</span>'
        f'<span class="need">{esc(need)}</span></div>'
    )


def _warnings(shown: Played, t: i18n.Tr) -> str:
    sheet = shown.sheet
    items = []
    if not sheet.finished and max(sheet.score) >= shown.rules["target"]:
        items.append(t("game.tie_goes_on"))
    # a penalty due every time is no news before each hand: warned only when one is coming
    bait, ski = (_comes(shown.rules.get(key)) for key in ("bait_penalty", "ski_penalty"))
    for side in range(shown.sides):
        name = shown.label(side, t("side.and"))
        if bait and sheet.next_bait_cost[side]:
            items.append(t("game.warn_bait", name=name, points=sheet.next_bait_cost[side]))
        if ski and sheet.next_ski_cost[side]:
            items.append(t("game.warn_ski", name=name, points=sheet.next_ski_cost[side]))
    return join(f"<li>{esc(item)}</li>" for item in items)


def _comes(penalty: object) -> bool:
    """Whether a penalty comes at some bait (or ski) and not at every one, so that the next
    one costing it is news (under «every time» each player was warned before every hand).

    >>> _comes({"points": 100, "when": "third"}), _comes({"points": 30, "when": "each"}), _comes(None)
    (True, False, False)
    """
    return isinstance(penalty, dict) and penalty.get("when") != "each"


def _result(shown: Played, t: i18n.Tr, editable: bool = True) -> str:
    sheet, game = shown.sheet, shown.record
    winner = shown.label(sheet.winner, t("side.and")) if sheet.winner is not None else ""
    how = (end_text(shown, t) or decided_text(shown, t)
           or t(decided_key(sheet.decided_by, shown.sides), side=winner))
    hanging = t("game.unscored_pot", points=sheet.hanging) if sheet.hanging else ""
    rematch = (
        '<div class="row result-actions">'
        f'<button type="button" class="btn primary big" id="rematch" data-action="rematch" '
        f'data-id="{esc(game["id"])}">{esc(t("game.rematch"))}</button>'
        f'<a class="btn big" id="share-result" href="#/share/{esc(game["id"])}">'
        f"{esc(t('share.share_game'))}</a></div>"
        if editable
        else ""
    )
    return (
        f'<div class="result" role="status" data-winner="{sheet.winner}" data-pot="{sheet.hanging}">'
        f'<p class="winner-line"><strong>{esc(t("game.winner", side=winner))}</strong></p>'
        f"<p>{esc(how)} {esc(hanging)}</p>{rematch}</div>"
    )


def decided_key(decided_by: engine.DecidedBy | None, sides: int) -> str:
    """The text key saying what decided the game (reaching the target together is worded for
    two sides or for more).

    >>> decided_key("taker", 2), decided_key("taker", 3), decided_key("target", 3)
    ('game.decided.taker', 'game.decided_many.taker', 'game.decided.target')
    """
    together = decided_by in ("more_points", "taker", "last_trick")
    return f"game.decided{'_many' if together and sides > 2 else ''}.{decided_by}"


def _toolbar(state: State, shown: Played, t: i18n.Tr) -> str:
    game, sheet = shown.record, shown.sheet
    undo_op, redo_op = history.last_op(game, "undo"), history.last_op(game, "redo")
    undo_label = t("game.undo_what", what=op_text(undo_op, t)) if undo_op else t("game.undo_none")
    redo_label = t("game.redo_what", what=op_text(redo_op, t)) if redo_op else t("game.redo_none")
    buttons = [
        (
            f'<button type="button" class="btn icon" id="undo" data-action="undo" '
            f'aria-label="{esc(undo_label)}" title="{esc(undo_label)}"{"" if undo_op else " disabled"}>↶</button>'
        ),
    ]
    if not sheet.finished:
        kept = kept_draft(state, None)  # Back closed the form and kept what was typed
        typed = kept is not None and not kept.blank()  # an untouched form is no hand to go on with
        label = t("game.resume_hand", n=len(game["hands"]) + 1) if typed else t("game.new_hand")
        buttons.append(
            f'<button type="button" class="btn primary big grow" id="new-hand" data-action="new-hand">'
            f"{esc(label)}</button>"
        )
    buttons.append(
        f'<button type="button" class="btn icon" id="redo" data-action="redo" '
        f'aria-label="{esc(redo_label)}" title="{esc(redo_label)}"{"" if redo_op else " disabled"}>↷</button>'
    )
    passed = ""
    if not sheet.finished and not shown.rules["obligation"]:
        passed = (
            f'<button type="button" class="btn wide" id="redeal" data-action="redeal">'
            f"{esc(t('game.all_passed'))}</button>"
        )
    if not sheet.finished:  # «Партія»: a side claims the game
        passed += (
            f'<button type="button" class="btn wide" id="new-claim" data-action="new-claim">'
            f"{esc(t('game.new_claim'))}</button>"
        )
    return f'<div class="toolbar">{join(buttons)}</div>{passed}'


def op_text(op: dict[str, Any] | None, t: i18n.Tr) -> str:
    """What a change in the undo/redo list did, e.g. ``hand 3 added``.

    >>> op_text({"op": "edit", "index": 2}, i18n.translator("en"))
    'the edit of hand 3'
    """
    if op is None:
        return ""
    return t(f"op.{op['op']}", n=int(op["index"]) + 1)


def _footer(game: GameDict, state: State, t: i18n.Tr) -> str:
    asking = state.confirm is not None and state.confirm.kind == "delete-game"
    if asking:
        delete = (
            '<div class="confirm" role="alertdialog" aria-labelledby="confirm-text" aria-modal="false">'
            f'<p id="confirm-text">{esc(t("game.ask_delete"))}</p>'
            f'<button type="button" class="btn danger" id="confirm-yes" data-action="confirm-yes">'
            f"{esc(t('entry.confirm_yes'))}</button>"
            f'<button type="button" class="btn" id="confirm-no" data-action="confirm-no">'
            f"{esc(t('entry.confirm_no'))}</button></div>"
        )
    else:
        delete = (
            f'<button type="button" class="btn quiet" id="ask-delete-game" '
            f'data-action="ask-delete-game">{esc(t("home.delete"))}</button>'
        )
    return (
        '<div class="footer-actions">'
        f'<a class="btn" href="#/">{esc(t("game.to_list"))}</a>'
        f'<button type="button" class="btn" data-action="setup-like" data-id="{esc(game["id"])}">'
        f"{esc(t('game.same_rules'))}</button>"
        f'<a class="btn" id="share-game" href="#/share/{esc(game["id"])}">'
        f"{esc(t('share.share_game'))}</a>"
        f'<button type="button" class="btn" id="export-game" data-action="export-game" '
        f'data-id="{esc(game["id"])}">{esc(t("game.export"))}</button>'
        f"{delete}</div>"
    )


# --- history ------------------------------------------------------------------------------


PART_HANDS: Final = 10
"""The sheet comes in parts of this many hands (hands 1-10, 11-20, ... by their number, so a new
hand joins the top part or starts a new one and never moves the others), each a table with the
column heads that the browser lays out and paints only near the screen (``.sheet-part``,
``content-visibility: auto``): a 60-hand sheet is ~1,700 boxes, and a save or a file's preview
laid out and painted all of them. Our own game's parts are keyed (``part-N``) beside its rows."""


def _history(shown: Played, t: i18n.Tr, editable: bool = True,
             explained: frozenset[tuple[str, int]] = frozenset(), sheet: str = "") -> str:
    """The hands, latest first: one ``tbody`` per hand, a line of who dealt and took trump over
    the line of numbers (so that three sides still fit a 360px phone), with the hand's «чому?»
    (open for the hands in ``explained``: (sheet, index) pairs, where our own game's sheet is
    its id, another's ``sheet``), in parts of :data:`PART_HANDS` hands."""
    if not shown.sheet.hands:
        return f'<p class="empty">{esc(t("game.no_hands"))}</p>'
    sides = shown.sides
    heads = join(
        f'<th scope="col" title="{esc(shown.label(side))}">'
        f'<span class="clamp">{side_name(shown.members(side))}</span></th>'
        for side in range(sides)
    )
    key = sheet or str(shown.record.get("id", ""))
    opened = {index for game, index in explained if game == key}
    players = tuple(shown.game.players)
    parts: dict[int, list[str]] = {}
    later: dict[int, None] = {}  # the parts left for later (drawn empty), in order
    drawn = 0
    for line in reversed(shown.sheet.hands):
        index = line.number - 1
        part = index // PART_HANDS
        if part in later or (drawn >= FIRST_HANDS and part not in parts and drawing().leave()):
            later[part] = None
            continue
        mark = mark_of(shown.record, index) if editable else None
        if index in opened:  # its explanation drawn afresh
            row = _hand_rows(shown, line, t, mark, editable, True, sheet)
        else:
            row = _kept_row(shown, line, t, mark, editable, sheet, players)
        parts.setdefault(part, []).append(row)
        drawn += 1
    caption = f'<caption>{esc(t("game.history" if editable else "share.history"))}</caption>'
    # the columns' widths set apart from the heads, which print only on the first part
    cols = f'<colgroup><col class="col-hand"><col span="{sides}"></colgroup>'
    head = f'{cols}<thead><tr><th scope="col">{esc(t("game.col_hand"))}</th>{heads}</tr></thead>'
    tables = [
        f'<div class="sheet-part"{_part_key(part, editable)}><table class="sheet sides-{sides}">'
        f'{caption if not place else ""}{head}{join(rows)}</table></div>'
        for place, (part, rows) in enumerate(parts.items())
    ] + [f'<div class="sheet-part later"{_part_key(part, editable)}></div>' for part in later]
    # keyed too: the page's morph keeps it (and the parts and rows it holds) however the rest
    # of the screen changes around it, as when a correction opens a finished game again (its
    # banner and report make way for the toolbar): by place, another box took its rows' stand-ins
    box_key = ' id="sheet"' if editable else ""
    return f'<div class="sheet-box"{box_key}>{join(tables)}</div>'


FIRST_HANDS: Final = PART_HANDS
"""A screen drawn first as far as a phone shows it (``app.ui.drawing.first_screenful``) shows
its sheet's latest parts only until they hold this many hands; each older part is an empty
``sheet-part later`` under its key, which the whole screen drawn later fills.

>>> from app.ui import scoring
>>> from app.ui.drawing import first_screenful
>>> game = {"id": "g", "players": ["A", "B"], "hands": [{"taker": 0, "cards": [100, 62]}] * 25}
>>> shown = scoring.try_played(game)[0]
>>> with first_screenful() as drawn:
...     first = _history(shown, i18n.translator("en"))
>>> first.count('<tbody class="hand'), first.count("sheet-part later"), drawn.later
(15, 1, True)
>>> _history(shown, i18n.translator("en")).count('<tbody class="hand')
25
"""


def _part_key(part: int, editable: bool) -> str:
    """The id the page keeps a part of our own sheet by (as each hand's row)."""
    return f' id="part-{part}"' if editable else ""


ROWS_KEPT: Final = 2000
"""Rows of the sheets drawn lately that :func:`_kept_row` keeps (a 60-hand game's are 60)."""

_rows: dict[tuple[Any, ...], tuple[engine.HandLine, dict[str, Any], i18n.Tr, str]] = {}


def _kept_row(shown: Played, line: engine.HandLine, t: i18n.Tr, mark: Mark | None,
              editable: bool, sheet: str, players: tuple[str, ...]) -> str:
    """A hand's rows with its «чому?» folded, as drawn the last time for the same line.

    A replay hands on the lines of the hands it did not score again (``engine.rescore``): the
    same line object means the same record, dealer, table, rules and everything scored before
    it, so a *Save* draws the new row and takes the other 60 as they were. The key holds the
    rest a row shows (the player's names, the language, the ✎ mark); the line, the hand's
    record and the translator are kept with the row, so their ids stand for them.
    """
    hand = shown.hands[line.number - 1]
    key = (id(line), id(hand), id(t), mark, editable, sheet, players)
    kept = _rows.get(key)
    if kept is not None and kept[0] is line and kept[1] is hand and kept[2] is t:
        return kept[3]
    row = _hand_rows(shown, line, t, mark, editable, False, sheet)
    if len(_rows) >= ROWS_KEPT:  # the oldest half let go
        for old in list(_rows)[: ROWS_KEPT // 2]:
            del _rows[old]
    _rows[key] = (line, hand, t, row)
    return row


def _hand_rows(shown: Played, line: engine.HandLine, t: i18n.Tr, mark: Mark | None,
               editable: bool = True, opened: bool = False, sheet: str = "") -> str:
    index = line.number - 1
    hand = shown.hands[index]
    players = shown.game.players
    sides = shown.sides
    who = t("game.dealt", name=in_text(players[line.dealer]))
    if line.taker is not None:
        who += " · " + t("game.took", name=in_text(players[line.taker]))
    void = f' <span class="mark void">{esc(t("game.void"))}</span>' if line.void else ""
    if editable:  # ✎: corrected since it was entered (the fold «Зміни» says how)
        void += corrected_mark(mark, t)
    button = (
        f'<button type="button" class="rowbtn" id="hand-{index}" data-action="edit-hand" '
        f'data-index="{index}" aria-label="{esc(t("game.edit_hand", n=line.number))}">'
        f"{line.number}</button>"
        if editable
        else f'<span class="rownum">{line.number}</span>'
    )
    if line.kind == "redeal":
        cells = f'<td colspan="{sides}" class="note">{esc(t("game.redeal_row"))}</td>'
    elif line.kind == "claim":
        cells = claim_row(shown, hand, line, t)
    else:
        need = bool(shown.rules["sequences_need_trick"])
        cells = join(_cell(hand, line, side, t, need) for side in range(sides))
    kinds = (("void", line.void), ("redeal", line.kind == "redeal"), ("claim", line.kind == "claim"))
    classes = " ".join(name for name, on in kinds if on)
    winner = "" if line.winner is None else str(line.winner)
    key = f' id="row-{index}"' if editable else ""  # the page keeps each hand's row by it
    return (
        f'<tbody class="hand {classes}"{key} '
        f'data-hand="{index}" data-dealer="{line.dealer}" '
        f'data-winner="{winner}" data-pot="{line.pot}" '
        f'data-runs="{",".join(str(v) for v in line.score)}">'
        f'<tr class="who"><th scope="rowgroup" rowspan="2">{button}</th>'
        f'<td colspan="{sides}">{esc(who)}{void}{why(shown, line, t, opened, sheet)}</td></tr>'
        f'<tr class="nums">{cells}</tr></tbody>'
    )


def _cell(hand: dict[str, Any], line: engine.HandLine, side: int, t: i18n.Tr,
          need_trick: bool) -> str:
    marks = side_marks(hand, line, side, t, need_trick)
    mark_html = join(_mark(cls, text, t) for cls, text in marks)
    return (
        f'<td><span class="change">{esc(signed(line.change[side]))}</span>'
        f'<span class="run">{esc(signed_score(line.score[side]))}</span>{mark_html}</td>'
    )


def _mark(cls: str, text: str, t: i18n.Tr) -> str:
    """One mark of a row; sequences that do not count struck through, saying why to a screen
    reader and in their title (the sequences wrap after a dot, never inside a word).

    >>> _mark("melds unscored", "терц", i18n.translator("en"))
    '<span class="mark melds unscored" title="(not counted: no trick)"><s>терц</s><span class="sr-only"> (not counted: no trick)</span></span>'
    """
    shown = esc(text).replace("·", "·<wbr>")
    if cls != "melds unscored":
        return f'<span class="mark {cls}">{shown}</span>'
    why = esc(t("mark.unscored"))
    return (
        f'<span class="mark {cls}" title="{why}"><s>{shown}</s>'
        f'<span class="sr-only"> {why}</span></span>'
    )
