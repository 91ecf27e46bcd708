"""The sharing screens (a game or rules as a link and QR code, a game from a link or a file,
rules from a link, the import and restore screen) and the backup section of the games list.

Pure functions of the state; names and file names are escaped like everything else.

>>> from app.ui.state import initial_state
>>> from app.ui import i18n
>>> html = backup_section(initial_state({}, {}, [], ["en"]), i18n.translator("en"))
>>> 'id="open-file"' in html, "A new phone?" in html, 'id="backup"' in html
(True, True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app import changelog, engine
from app.names import NAME_MAX, names_in_text
from app.share import backup as backups
from app.share import inbound
from app.share.backup import BadGame, RestorePlan
from app.share.errors import ShareError
from app.share.link import game_fragment, rules_fragment
from app.ui import i18n, scoring
from app.ui.game.views import render_readonly
from app.ui.markup import Grouped, esc, grouped, join, progress
from app.ui.scoring import Issue, side_label
from app.ui.setup import draft as setup
from app.ui.setup.views import rule_rows, rules_line
from app.ui.sharing.state import Incoming, Problem, Restored, game_card, sheet_key
from app.ui.sharing.where import field_words
from app.ui.state import GameDict, Screen, State, last_changed
from app.ui.views_common import issue_text, when_text

SCREENS: tuple[Screen, ...] = ("shared", "rules-in", "share", "import")
FILE_TYPES = ".json,application/json,text/plain"


def render(state: State, t: i18n.Tr) -> str:
    """The sharing screen now open."""
    if state.screen == "share":
        body = _share(state, t)
    elif state.screen == "rules-in":
        body = _rules_in(state, t)
    elif state.screen == "import":
        body = _import(state, t)
    else:
        body = _shared(state, t)
    return f'<section class="screen sharing" aria-labelledby="screen-title">{body}</section>'


def _title(text: str) -> str:
    return f'<h2 id="screen-title" tabindex="-1">{esc(text)}</h2>'


def _back_home(t: i18n.Tr) -> str:
    return f'<div class="footer-actions"><a class="btn" href="#/">{esc(t("game.to_list"))}</a></div>'


def game_title(game: GameDict) -> str:
    """The sides of a game, as the game screen titles it (plain text).

    >>> game_title({"players": ["Оля", "Петро", "Іван"]})
    'Оля — Петро — Іван'
    """
    return " — ".join(side_label(game, side) for side in range(scoring.side_count(game)))


# --- share: the link and its QR code -----------------------------------------------------


def _share(state: State, t: i18n.Tr) -> str:
    sharing = state.transfer.sharing or ("rules", "")
    if sharing[0] == "game" and sharing[1] in state.games:
        game = state.games[sharing[1]]
        heading, about = t("share.title_game"), game_title(game)
        fragment = game_fragment(game)
        note = t("share.how_game")
        back = (f"#/game/{sharing[1]}", t("share.back_game"))
    else:
        heading, about = t("share.title_rules"), ""
        back = ("#/new", t("share.back_rules"))
        note = t("share.how_rules")
        found = _setup_rules(state)
        if found is None:
            return (
                _title(heading)
                + f'<p class="err" role="alert">{esc(t("share.rules_unfinished"))}</p>'
                + f'<a class="btn" href="{back[0]}">{esc(back[1])}</a>'
            )
        about = rules_line(found, t)
        fragment = rules_fragment(found)
    link = state.transfer.base + fragment
    version = qr_version(link)
    if version is not None and version > ARM_LENGTH_VERSION:  # the link or the file first
        file = ""
        if sharing[0] == "game" and sharing[1] in state.games:
            file = (
                f'<p><button type="button" class="btn" id="share-file" data-action="export-game" '
                f'data-id="{esc(sharing[1])}">{esc(t("game.export"))}</button></p>'
            )
        offered = (
            f'<p class="warn" id="qr-dense">{esc(t("share.qr_dense", version=version))}</p>'
            + _link_controls(state, link, heading, t) + file + qr_figure(link, t)
        )
    else:
        offered = qr_figure(link, t) + _link_controls(state, link, heading, t)
    return (
        _title(heading)
        + f'<p class="about">{esc(about)}</p>'
        + offered
        + f'<p class="hint">{esc(note)}</p>'
        + f'<div class="footer-actions"><a class="btn" id="share-back" href="{esc(back[0])}">'
        + f"{esc(back[1])}</a></div>"
    )


def warm_share(state: State) -> str | None:
    """Make ahead, while the page is idle, what the first tap on *Share the game* needs: the QR
    encoder imported and the code of the game changed last drawn (kept per link,
    ``qr.qr_code``); the link drawn, or None when no game can be shared.

    >>> from app.ui.state import initial_state
    >>> state = initial_state({"g1": {"id": "g1", "players": ["A", "B"], "hands": []}}, {}, [], [])
    >>> import dataclasses
    >>> state.transfer = dataclasses.replace(state.transfer, base="https://x.org/")
    >>> warm_share(state).startswith("https://x.org/#/shared/1")
    True
    """
    from app.share.qr import qr_code

    last = last_changed(state)
    if last is None:
        return None
    try:
        link = state.transfer.base + game_fragment(state.games[last])
    except (engine.DebertzError, ShareError):
        return None
    qr_code(link)
    return link


def _setup_rules(state: State) -> dict[str, Any] | None:
    """The rules of the new-game form, or None while they are not valid (a target typed wrong)."""
    return scoring.checked_rules(setup.rules_json(state.setup or setup.fresh_setup()))


ARM_LENGTH_VERSION = 10
"""The densest QR code another phone's camera reads from arm's length off a phone's screen:
version 10 is 57 modules (65 with the quiet zone) across the code's 20 rem, about 0.9 mm a
module on a phone; at version 20 (105 across) a module is about half a millimetre, read only
from close up. Above it the share screen offers the link and the file first."""


def qr_version(link: str) -> int | None:
    """The version of the link's QR code (None when no QR code holds it)."""
    from app.share.qr import qr_code

    code = qr_code(link)
    return None if code is None else code.version


def qr_figure(link: str, t: i18n.Tr) -> str:
    """The link's QR code with a caption (segno is loaded here, on the first QR code drawn), or
    a note when the link is too long for one."""
    from app.share.qr import qr_code

    code = qr_code(link)
    if code is None:
        return f'<p class="hint" id="qr-none">{esc(t("share.qr_too_long", count=len(link)))}</p>'
    return (
        f'<figure class="qr"><div class="qr-code" id="qr" role="img" '
        f'aria-label="{esc(t("share.qr_label"))}" data-version="{code.version}" '
        f'data-error="{esc(code.error)}">{code.svg}</div>'
        f"<figcaption>{esc(t('share.qr_caption', count=len(link), version=code.version))}"
        "</figcaption></figure>"
    )


def _link_controls(state: State, link: str, title: str, t: i18n.Tr) -> str:
    share, missing = "", ""
    if state.transfer.can_share:
        share = (
            f'<button type="button" class="btn" id="web-share" data-action="web-share" '
            f'data-link="{esc(link)}" data-title="{esc(title)}">{esc(t("share.web_share"))}</button>'
        )
    else:  # no share sheet (Firefox, WebKit on a computer): say how the link gets to the others
        missing = f'<p class="hint" id="no-share-sheet">{esc(t("share.no_sheet"))}</p>'
    return (
        f'<label for="share-link">{esc(t("share.link"))}</label>'
        f'<input type="text" id="share-link" class="link" readonly value="{esc(link)}" '
        'autocomplete="off" spellcheck="false">'
        '<div class="row">'
        f'<button type="button" class="btn primary" id="copy-link" data-action="copy-link" '
        f'data-link="{esc(link)}">{esc(t("share.copy"))}</button>{share}</div>{missing}'
    )


# --- a game from a link or a file: read-only ---------------------------------------------


def _shared(state: State, t: i18n.Tr) -> str:
    incoming = state.transfer.incoming
    if incoming is None or incoming.kind != "game":
        return _title(t("share.title_incoming")) + _back_home(t)
    return incoming_game(state, incoming, t)


def _already_here(have: GameDict, t: i18n.Tr) -> tuple[str, str]:
    """The banner and the buttons for a game whose content is already here: the player's own
    game (a file they saved themselves) or a copy saved from a link or a file before."""
    when = when_text(have.get("created", ""))
    mine = not have.get("received_from")
    said = t("share.is_mine", when=when) if mine else t("share.have_copy", when=when)
    opened = t("share.open_mine") if mine else t("share.open_copy")
    banner = f"<p><strong>{esc(said)}</strong></p>"
    actions = (
        f'<div class="row"><a class="btn primary" id="open-copy" href="#/game/{esc(str(have["id"]))}">'
        f"{esc(opened)}</a>"
        f'<button type="button" class="btn" id="save-again" data-action="save-shared" '
        f'data-again="true">{esc(t("share.save_again"))}</button></div>'
    )
    return banner, actions


def _earlier_here(have: GameDict, more: int, t: i18n.Tr) -> tuple[str, str]:
    """The banner and the buttons for a game of which a copy saved before is here as it was
    ``more`` hands ago (``have``: its summary): that copy goes on with the new hands, or this
    one is saved apart."""
    when = when_text(have.get("created", ""))
    said = t("share.have_earlier", when=when, count=more)
    banner = f"<p><strong>{esc(said)}</strong></p>"
    actions = (
        '<div class="row"><button type="button" class="btn primary big" id="update-copy" '
        f'data-action="update-copy">{esc(t("share.update_copy", count=more))}</button>'
        '<button type="button" class="btn" id="save-shared" data-action="save-shared">'
        f"{esc(t('share.save_apart'))}</button></div>"
    )
    return banner, actions


def incoming_game(state: State, incoming: Incoming, t: i18n.Tr) -> str:
    """A game from outside: read-only, marked as not ours, with "save a copy"; or why it could
    not be opened."""
    from_file = incoming.source == "file"
    heading = t("share.title_file" if from_file else "share.title_incoming")
    if incoming.doc is None:
        return _title(heading) + _failure(incoming, t) + _back_home(t)
    game = incoming.doc
    existing = incoming.existing if incoming.existing in state.games else ""
    source = t("share.from_file", name=incoming.key) if from_file else t("share.from_link")
    earlier = incoming.earlier if incoming.earlier in state.games else ""
    if existing:
        banner, actions = _already_here(state.games[existing], t)
    elif earlier:
        more = len(game["hands"]) - backups.hand_count(state.games, earlier)
        banner, actions = _earlier_here(game_card(state.games, earlier), more, t)
    else:
        banner = (
            f"<p><strong>{esc(t('share.not_yours'))}</strong> {esc(source)}</p>"
            f"<p>{esc(t('share.not_saved'))}</p>"
        )
        actions = (
            f'<button type="button" class="btn primary big" id="save-shared" '
            f'data-action="save-shared">{esc(t("share.save_copy"))}</button>'
        )
    return (
        _title(heading)
        + f'<div class="{"here" if existing or earlier else "foreign"}" role="note">{banner}'
        + (f"<p>{esc(source)}</p>" if existing or earlier else "")
        + _log_note(incoming, t)
        + "</div>"
        + actions
        + f'<h3 class="foreign-title">{esc(game_title(game))}</h3>'
        + render_readonly(game, t, sheet_key(incoming), state.explained)
        + _back_home(t)
    )


def _log_note(incoming: Incoming, t: i18n.Tr) -> str:
    """What became of the change log a file carried: kept (how long), or dropped and why."""
    if incoming.log_dropped:
        return f'<p class="log-dropped">{esc(t("log.dropped"))}</p>'
    if incoming.log:
        return f"<p>{esc(t('log.carried', count=len(incoming.log)))}</p>"
    return ""


def _failure(incoming: Incoming, t: i18n.Tr) -> str:
    prefix = "share.file_error" if incoming.source == "file" else "share.link_error"
    key = f"{prefix}.{incoming.error}"
    if incoming.kind == "rules" and i18n.has(f"share.rules_link_error.{incoming.error}"):
        key = f"share.rules_link_error.{incoming.error}"  # a rules link says rules, not game
    params = {**_quoted(incoming.params), "name": incoming.key}
    text = t(key, **params) if i18n.has(key) else t(f"{prefix}.other", detail=incoming.error)
    table = incoming.params.get("table")  # the file's players, when they are good names
    listed = _problem_list(incoming.problems, t, table, SHOWN_PROBLEMS)
    return (
        f'<div class="problems" role="alert" id="incoming-error"><p>{esc(text)}</p>{listed}</div>'
        f'<p class="hint">{esc(t("share.nothing_changed"))}</p>'
    )


def problem_text(problem: Problem, t: i18n.Tr, table: GameDict | None = None) -> str:
    """One problem the engine found in a file or a link, with the hand and the place it is at
    in words (:func:`~app.ui.sharing.where.field_words`); a side or seat named by the players
    of ``table`` (``{"players": ..., "teams": ...}``) if given.

    >>> en = i18n.translator("en")
    >>> problem_text(Problem("cards_sum", {"total": 150}, 3, "cards"), en)
    'Hand 3, card points: The card points add up to 150; they must add up to 162.'
    >>> problem_text(Problem("players_count", {"count": 1}, None, "players"), en)
    'players: There must be 2, 3 or 4 players.'
    >>> problem_text(Problem("unknown_value", {"value": '"zzz"', "allowed": ["hang", "each"]},
    ...                      None, "rules.eggs"), en)
    'the rule “Eggs (a tie)”: This version does not know the value "zzz"; it knows hang, each.'
    >>> problem_text(Problem("no_tricks_has_points", {"side": 0, "points": 162}, 1, "no_tricks.0"),
    ...              en, {"players": ["Оля", "Петро"]})
    'Hand 1, no tricks: Оля: no tricks, yet 162 card points.'
    >>> problem_text(Problem("not_object", {}, 4, "hand"), en)
    'Hand 4: A record is expected here.'
    >>> problem_text(Problem("not_object", {}, None, "game"), en)  # (a backup's game)
    'A record is expected here.'
    """
    params = _quoted(dict(problem.params))
    if problem.code == "unknown_value" and isinstance(params.get("allowed"), list | tuple):
        params["known"] = ", ".join(map(str, params["allowed"]))  # this version does not know
    text = issue_text(t, Issue(problem.field, problem.code, params, problem.message), table)
    where = field_words(problem.field, t, table)
    if problem.hand is not None:
        if not where:
            return t("share.at_hand_only", n=problem.hand, text=text)
        return t("share.at_hand", n=problem.hand, field=where, text=text)
    return t("share.at_field", field=where, text=text) if where else text


def _problem_list(
    problems: Sequence[Problem], t: i18n.Tr, table: GameDict | None, shown: int
) -> str:
    """The first ``shown`` problems as a list, and how many more there are.

    >>> en = i18n.translator("en")
    >>> print(_problem_list([Problem("cards_sum", {"total": n}, n, "cards") for n in (1, 2, 3)],
    ...                     en, None, 2))
    <ul><li>Hand 1, card points: The card points add up to 1; they must add up to 162.</li><li>Hand 2, card points: The card points add up to 2; they must add up to 162.</li><li class="more">…and 1 more problem.</li></ul>
    """
    items = join(f"<li>{esc(problem_text(p, t, table))}</li>" for p in problems[:shown])
    if len(problems) > shown:
        items += f'<li class="more">{esc(t("share.more_problems", count=len(problems) - shown))}</li>'
    return f"<ul>{items}</ul>" if items else ""


def _quoted(params: dict[str, Any]) -> dict[str, Any]:
    """Values from outside as a message quotes them: text cut at :data:`SHOWN_VALUE`
    characters, its refused characters as ``?``; a number of more than 18 digits by its first
    ones.

    >>> _quoted({"format": "x" * 300, "value": 10 ** 4000, "count": 3})["value"]
    '100000000000…'
    >>> len(_quoted({"format": "x" * 300})["format"])
    60
    """
    quoted: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, str):
            value = inbound.shown_text(value, SHOWN_VALUE)
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**18:
            first = str(abs(value))[:12] if value.bit_length() < 14_000 else ""  # (str() refuses
            value = f"{'-' if value < 0 else ''}{first}…"  # more than 4,300 digits)
        quoted[key] = value
    return quoted


def _names(players: list[str]) -> str:
    """A refused game's players in a sentence: each as text from outside is shown."""
    return names_in_text([inbound.shown_text(name, NAME_MAX) for name in players])


# --- rules from a link ------------------------------------------------------------------------


def _rules_in(state: State, t: i18n.Tr) -> str:
    incoming = state.transfer.incoming
    heading = t("share.title_rules_in")
    if incoming is None or incoming.kind != "rules":
        return _title(heading) + _back_home(t)
    if incoming.doc is None:
        return _title(heading) + _failure(incoming, t) + _back_home(t)
    return (
        _title(heading)
        + f'<p>{esc(t("share.rules_in_about"))}</p>'
        + rules_list(incoming.doc, t)
        + '<div class="row">'
        + '<button type="button" class="btn primary big" id="use-rules" data-action="use-rules">'
        + f"{esc(t('share.use_rules'))}</button>"
        + f'<a class="btn" href="#/">{esc(t("common.cancel"))}</a></div>'
    )


def rules_list(rules: dict[str, Any], t: i18n.Tr) -> str:
    """Every option of a rule set, as the new-game form names them."""
    items = join(f"<dt>{esc(label)}</dt><dd>{esc(value)}</dd>" for label, value in rule_rows(rules, t))
    return (
        f'<p class="about">{esc(rules_line(rules, t))}</p><dl class="ruleset" id="ruleset">{items}</dl>'
    )


# --- import: a file, a backup ------------------------------------------------------------------


def _import(state: State, t: i18n.Tr) -> str:
    transfer = state.transfer
    if transfer.restored is not None:
        restored = _restored(transfer.restored, t, state.lang)
        return _title(t("import.title_restored")) + restored + _back_home(t)
    if transfer.writing is not None or transfer.planning is not None:
        return _title(t("import.title_backup")) + _progress(state, t)
    if transfer.restore is not None:
        plan = _plan(transfer.restore, transfer.file_name, t, state.lang)
        return _title(t("import.title_backup")) + plan
    incoming = transfer.incoming
    if incoming is not None and incoming.kind == "game" and incoming.doc is None:
        return (
            _title(t("share.title_file"))
            + _failure(incoming, t)
            + f'<div class="row">{file_picker(t, primary=True)}</div>'
            + _back_home(t)
        )
    if incoming is not None and incoming.kind == "game":
        return incoming_game(state, incoming, t)
    return (
        _title(t("import.title"))
        + f'<p>{esc(t("import.about"))}</p>'
        + f'<div class="row">{file_picker(t, primary=True)}</div>'
        + _no_open_with(state, t)
        + _back_home(t)
    )


def _no_open_with(state: State, t: i18n.Tr) -> str:
    """Where the browser cannot open the installed app with a file (no ``launchQueue``: Firefox,
    Safari), say that files are opened here."""
    if state.transfer.can_open_with:
        return ""
    return f'<p class="hint" id="no-open-with">{esc(t("import.no_open_with"))}</p>'


def file_picker(t: i18n.Tr, primary: bool = False) -> str:
    """A button that opens the system's file picker (the page reads the chosen file)."""
    return (
        f'<input type="file" id="open-file" class="sr-only file" accept="{FILE_TYPES}" '
        'data-action="open-file">'
        f'<label class="btn{" primary" if primary else ""}" for="open-file">'
        f"{esc(t('import.choose'))}</label>"
    )


NOTHING_TO_RESTORE: dict[tuple[bool, bool], str] = {
    (True, False): "import.nothing_new",  # every game here already
    (True, True): "import.nothing_new_rest",  # the others unreadable
    (False, True): "import.nothing_readable",
    (False, False): "import.nothing_in",  # a backup of no game
}
"""Why a backup restores nothing, by (some of its games are here, some cannot be read)."""


def _plan(plan: RestorePlan, name: str, t: i18n.Tr, lang: str) -> str:
    made = when_text(plan.made)
    lines = [t("import.backup_of", when=made, name=name) if made else t("import.backup", name=name)]
    if plan.add:
        lines.append(t("import.will_add", count=Grouped(len(plan.add), lang)))
    if plan.copies:
        lines.append(t("import.will_copy", count=Grouped(len(plan.copies), lang)))
    if plan.same:
        lines.append(t("import.already", count=Grouped(len(plan.same), lang)))
    if plan.twice:
        lines.append(t("import.twice", count=Grouped(len(plan.twice), lang)))
    items = join(f"<li>{esc(line)}</li>" for line in listed(lines[1:]))
    body = f'<p>{esc(lines[0])}</p><ul class="plan" id="restore-plan">{items}</ul>'
    if plan.bad:
        body += _bad_games(plan.bad, t)
    damaged = sum(changelog.dropped_here(game) for game in plan.games)  # inbound.checked_log
    if damaged:
        body += f'<p class="hint" id="logs-dropped">{esc(t("log.backup_dropped", count=damaged))}</p>'
    if plan.dropped:  # settings unknown here or not valid (app.share.inbound.read_settings)
        keys = inbound.dropped_text(plan.dropped)
        body += f'<p class="hint" id="settings-dropped">{esc(t("import.settings_dropped", keys=keys))}</p>'
    if plan.games:
        shown = Grouped(sum(len(game.get("hands", [])) for game in plan.games), lang)
        body += (
            f'<p class="hint">{esc(t("import.never_overwrites"))}</p>'
            '<div class="row">'
            f'<button type="button" class="btn primary big" id="restore" data-action="restore">'
            f"{esc(t('import.restore', count=Grouped(len(plan.games), lang), hands=shown))}</button>"
            f'<button type="button" class="btn" id="close-import" data-action="close-import">'
            f"{esc(t('common.cancel'))}</button></div>"
        )
    else:
        nothing = NOTHING_TO_RESTORE[bool(plan.same), bool(plan.bad)]
        body += f'<p class="have" id="nothing-to-restore">{esc(t(nothing))}</p>' + _back_home(t)
    return body


def _progress(state: State, t: i18n.Tr) -> str:
    """How far a backup's planning or restore is, as text (said by screen readers) and a bar;
    while writing, the games counted are those stored."""
    transfer = state.transfer
    if transfer.writing is not None:
        done, total = transfer.writing.written, len(transfer.writing.plan.games)
        text = t("import.writing", count=total, done=grouped(done, state.lang),
                 total=grouped(total, state.lang))
    else:
        assert transfer.planning is not None
        planning = transfer.planning
        done, total = planning.done, planning.total
        if planning.phase == "reading":
            text = t("import.reading", percent=done * 100 // max(total, 1))
        elif planning.phase == "comparing":
            text = t("import.comparing", count=total, done=grouped(done, state.lang),
                     total=grouped(total, state.lang))
        else:
            text = t("import.checking", count=total, done=grouped(done, state.lang),
                     total=grouped(total, state.lang))
    return progress("restore-progress", text, done, total)


SHOWN_BAD = 20
"""Refused games listed by name on the plan (the others are counted)."""
SHOWN_BAD_PROBLEMS = 5
"""Problems listed for each refused game of a backup (the others are counted)."""
SHOWN_PROBLEMS = 20
"""Problems listed for a file or a link (the others are counted: a file of 5,000 bad hands drew
15,000 of them, 857,000 characters)."""
SHOWN_VALUE = 60
"""Longest value from outside quoted in a message (a 4,000-digit target filled screens)."""


def listed(lines: list[str]) -> list[str]:
    """The points of a list that reads as one sentence: each ends with «;», the last with «.»,
    whichever of them are there (the texts' own end marks are replaced).

    >>> listed(["2 games will be added;", "1 differs;"])
    ['2 games will be added;', '1 differs.']
    """
    bare = [line.rstrip(";.") for line in lines]
    return [f"{line}{'.' if n == len(bare) - 1 else ';'}" for n, line in enumerate(bare)]


def _bad_games(bad: list[BadGame], t: i18n.Tr) -> str:
    more = len(bad) - SHOWN_BAD
    bad = bad[:SHOWN_BAD]
    items = join(
        f"<li>{esc(t('import.bad_game', n=game.number, names=_names(game.players) or '?'))}"
        f"{_problem_list([_problem(p) for p in game.problems], t, game.table, SHOWN_BAD_PROBLEMS)}"
        "</li>"
        for game in bad
    )
    return (
        f'<div class="problems" role="alert"><p>{esc(t("import.bad", count=len(bad) + max(more, 0)))}</p>'
        f"<ul>{items}</ul>"
        + (f'<p id="bad-more">{esc(t("import.bad_more", count=more))}</p>' if more > 0 else "")
        + "</div>"
    )


def _problem(problem: Any) -> Problem:
    return Problem(problem.code, dict(problem.params or {}), problem.hand, problem.field,
                   problem.message)


def _restored(done: Restored, t: i18n.Tr, lang: str) -> str:
    lines = [t("import.added", count=Grouped(done.added, lang))]
    if done.copies:
        lines.append(t("import.copied", count=Grouped(done.copies, lang)))
    if done.same:
        lines.append(t("import.already", count=Grouped(done.same, lang)))
    if done.twice:
        lines.append(t("import.twice_done", count=Grouped(done.twice, lang)))
    if done.bad:  # (the plan listed them after its colon; here the sentence ends)
        lines.append(t("import.bad", count=Grouped(done.bad, lang)).removesuffix(":") + ".")
    lines.append(t("import.hands", count=Grouped(done.hands, lang)))
    if done.met:
        lines.append(t("import.met"))
    if done.stopped:
        lines.append(t("import.stopped", count=done.stopped))
    items = join(f"<li>{esc(line)}</li>" for line in lines)
    return f'<ul class="plan" id="restore-done" role="status">{items}</ul>'


# --- the games list: backup section, reminder, where a game came from ------------------------


def backup_section(state: State, t: i18n.Tr) -> str:
    """The games list's backup corner: when the last backup was made, back up, open a file."""
    record = backups.backup_record(state.settings)
    made = record.get("made")
    if not state.games:
        status = t("backup.restore_hint")
    elif made:
        since = backups.hands_since(state.games, state.settings)
        status = t("backup.last", when=when_text(made))
        if since:
            status += " " + t("backup.since", count=since)
    else:
        status = t("backup.never")
    button = ""
    if state.games:
        button = (
            f'<button type="button" class="btn" id="backup" data-action="backup">'
            f"{esc(t('backup.make'))}</button>"
        )
    return (
        '<section class="backup" aria-labelledby="backup-title">'
        f'<h3 id="backup-title">{esc(t("backup.title"))}</h3>'
        f'<p class="hint" id="backup-status">{esc(status)}</p>'
        f'<div class="row">{button}{file_picker(t)}</div>'
        f'<p class="hint">{esc(t("backup.why"))} '
        f'<a href="#/help/backup">{esc(t("backup.more"))}</a></p></section>'
    )


def backup_reminder(state: State, t: i18n.Tr) -> str:
    """A quiet suggestion to back up, once many hands were entered since the last backup."""
    due = backups.reminder_due(state.games, state.settings)
    if not due:
        return ""
    return (
        '<div class="reminder" role="note" id="backup-reminder">'
        f"<p>{esc(t('backup.remind', count=due))}</p><div class=\"row\">"
        f'<button type="button" class="btn primary small" data-action="backup">'
        f"{esc(t('backup.now'))}</button>"
        f'<button type="button" class="btn quiet small" id="backup-later" data-action="backup-later">'
        f"{esc(t('backup.later'))}</button></div></div>"
    )


def origin_mark(game: GameDict, t: i18n.Tr) -> str:
    """Where a game came from, when not from this device's own form: a link, a file, a backup
    (a restored copy kept beside a game that differs)."""
    if game.get("restored_from"):
        text = t("origin.restored", when=when_text(game.get("restored", "")))
    elif game.get("received_from") in ("link", "file"):
        text = t(f"origin.{game['received_from']}")
    else:
        return ""
    return f'<p class="origin">{esc(text)}</p>'
