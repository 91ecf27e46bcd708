"""The reducer's handlers for sharing, importing and backing up, and the routes of their screens.

Routes: ``#/shared/<payload>`` (a game from a link, read-only), ``#/rules/<payload>`` (a rule
set from a link), ``#/share/<game id>`` and ``#/share/rules`` (the link and QR code of a game or
of the new-game form's rules), ``#/import`` (a file opened in the app, a backup to restore).

Nothing is stored until the player says so ("save a copy", "restore"), and then only as new
games: a stored game is never overwritten.

>>> from app.ui.reducer import reduce
>>> from app.ui.state import initial_state
>>> state, effects = reduce(initial_state({}, {}, [], ["en"]), "route", {"hash": "#/shared/7ABC"})
>>> state.screen, state.transfer.incoming.error, effects
('shared', 'unknown_form', [Effect(kind='focus', key='screen-title', value=None)])
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator, Mapping
from typing import Any

from app import changelog, engine
from app.share import backup as backups
from app.share import inbound, restoring
from app.share.backup import BackupError
from app.share.errors import ShareError
from app.share.files import FileError, GameFile, LinkText, link_in, open_file, read_file, read_value
from app.share.limits import LimitError
from app.share.link import (
    LinkError,
    content_digest,
    game_digest,
    read_game,
    read_rules,
    stored_digest,
)
from app.share.restoring import Planning, Writing
from app.ui import history, nav
from app.ui.core import FOCUS_TITLE, Effect, Handler, Payload, Route, int_of, put
from app.ui.setup import draft as setup
from app.ui.sharing.state import GameDict, Incoming, Problem, Restored, Transfer, game_card
from app.ui.state import LANGS, State


def _transfer(state: State, **changes: Any) -> Transfer:
    state.transfer = dataclasses.replace(state.transfer, **changes)
    return state.transfer


# --- what a game's content is, and whether we have it ---------------------------------------


def copy_of(games: Mapping[str, GameDict], digest: str, cards: Cards | None = None) -> str | None:
    """The id of a game here that came from (or is) this content: a copy saved from the same
    link or file (its summary says), else a game with exactly this content; of several, the one
    changed last (the first of those changed at the same time). ``cards``: the games' summaries
    (:func:`cards_of`), when made already."""
    cards = cards_of(games) if cards is None else cards
    saved = [key for key, card in cards.items() if card.get("shared_digest") == digest]
    same = saved or [key for key in cards if stored_digest(games[key]) == digest]
    return max(same, key=lambda key: str(cards[key].get("updated", "")), default=None)


def earlier_copy(
    games: Mapping[str, GameDict], doc: GameDict, cards: Cards | None = None
) -> tuple[str, int] | None:
    """A copy here of the game ``doc`` as it was some hands ago, and its number of hands: a
    game saved from a link or a file (never one of the player's own) whose content is that of
    ``doc``'s first hands, one played hand at least (of several, the one with the most hands).

    >>> from app.share.link import shared_doc
    >>> doc = shared_doc({"players": ["A", "B"], "hands": [{"taker": 0, "cards": [100, 62]},
    ...                                                    {"redeal": True}]})
    >>> copy = {**doc, "id": "c1", "received_from": "link", "hands": doc["hands"][:1]}
    >>> earlier_copy({"c1": copy}, doc), earlier_copy({"c1": {**copy, "received_from": ""}}, doc)
    (('c1', 1), None)
    >>> earlier_copy({"c1": {**copy, "hands": [{"taker": 1, "cards": [100, 62]}]}}, doc) is None
    True
    >>> earlier_copy({"c1": {**copy, "hands": []}}, doc) is None  # no hand says which game
    True
    """
    hands = doc.get("hands", [])
    played = _first_played(hands)
    if played is None:
        return None
    cards = cards_of(games) if cards is None else cards
    counts = {key: backups.hand_count(games, key) for key in _copies_of(doc, cards)}
    fitting = sorted(
        (key for key, count in counts.items() if played <= count < len(hands)),
        key=lambda key: (counts[key], str(cards[key].get("updated", ""))),
        reverse=True,
    )
    digests: dict[int, str] = {}  # of doc's first hands, by how many
    for key in fitting:
        count = counts[key]
        if count not in digests:
            digests[count] = content_digest({**doc, "hands": hands[:count]})
        if stored_digest(games[key]) == digests[count]:
            return key, count
    return None


def later_copy(games: Mapping[str, GameDict], doc: GameDict, cards: Cards | None = None) -> str | None:
    """A copy here that has gone on from the game ``doc`` (a link older than the last one it
    was brought up to date by): saved from a link or a file, its first hands ``doc``'s, one
    played hand among them at least (of several, the one changed last).

    >>> from app.share.link import shared_doc
    >>> doc = shared_doc({"players": ["A", "B"], "hands": [{"taker": 0, "cards": [100, 62]}]})
    >>> copy = {**doc, "id": "c1", "received_from": "link", "hands": [*doc["hands"], {"redeal": True}]}
    >>> later_copy({"c1": copy}, doc), later_copy({"c1": {**copy, "received_from": ""}}, doc)
    ('c1', None)
    """
    hands = doc.get("hands", [])
    if _first_played(hands) is None:
        return None
    cards = cards_of(games) if cards is None else cards
    fitting = sorted(
        (key for key in _copies_of(doc, cards) if backups.hand_count(games, key) > len(hands)),
        key=lambda key: str(cards[key].get("updated", "")),
        reverse=True,
    )
    digest = content_digest(doc)
    for key in fitting:
        game = games[key]
        if game_digest({**game, "hands": game["hands"][: len(hands)]}) == digest:
            return key
    return None


def _copies_of(doc: GameDict, cards: Cards) -> list[str]:
    """The games here that may be copies of ``doc``'s game at another hand: saved from a link
    or a file (never one of the player's own), with its players."""
    return [key for key, card in cards.items()
            if card.get("received_from") and card.get("players") == doc.get("players")]


def _first_played(hands: list[dict[str, Any]]) -> int | None:
    """The number of the first hand that is not a redeal (redeals alone say nothing of which
    game they belong to), if any.

    >>> _first_played([{"redeal": True}, {"taker": 0}]), _first_played([{"redeal": True}])
    (2, None)
    """
    return next((n for n, hand in enumerate(hands, 1) if not hand.get("redeal")), None)


Cards = dict[str, GameDict]
"""The games' summaries by id (a game's own dict where the games are plain dicts)."""


def cards_of(games: Mapping[str, GameDict]) -> Cards:
    """Each game's summary (:func:`~app.ui.sharing.state.game_card`)."""
    return {key: game_card(games, key) for key in games}


def _problems(problems: list[engine.Problem]) -> tuple[Problem, ...]:
    return tuple(
        Problem(p.code, dict(p.params or {}), p.hand, str(p.field or ""), p.message)
        for p in problems
    )


# --- routes ---------------------------------------------------------------------------------


def _leave_game(state: State) -> None:
    """A sharing screen shows no hand form and asks no question of the game left."""
    state.entry, state.confirm = None, None


def _route_shared(state: State, parts: list[str], starting: bool = False) -> list[Effect]:
    _leave_game(state)
    payload = "/".join(parts[1:])
    incoming = state.transfer.incoming
    same = incoming is not None and (incoming.kind, incoming.source, incoming.key) == (
        "game", "link", payload)  # (a rules link of the same text is not this link)
    if incoming is None or not same:
        incoming = from_link(payload, state.games)
    else:
        incoming = _found_here(state.games, incoming)
    _transfer(state, incoming=incoming, restore=None, restored=None)
    state.screen, state.game_id = "shared", None
    return [FOCUS_TITLE]


def _found_here(games: Mapping[str, GameDict], incoming: Incoming) -> Incoming:
    """``incoming`` with what is here of it as the games are now: a copy with its content or
    saved from it (``existing``), else a copy of it as it was some hands ago (``earlier``: also
    one saved from it whose hands added since were taken back with ↶), else a copy that has
    gone on from it (``existing``: an older link)."""
    if incoming.kind != "game" or not incoming.digest or incoming.doc is None:
        return incoming
    cards = cards_of(games)
    existing = copy_of(games, incoming.digest, cards) or ""
    earlier = None
    if not existing or stored_digest(games[existing]) != incoming.digest:
        earlier = earlier_copy(games, incoming.doc, cards)
    if not existing and earlier is None:
        existing = later_copy(games, incoming.doc, cards) or ""
    return dataclasses.replace(incoming, existing="" if earlier else existing,
                               earlier=earlier[0] if earlier else "")


def from_link(payload: str, games: Mapping[str, GameDict]) -> Incoming:
    """What a ``#/shared/`` payload holds, or why it cannot be opened."""
    try:
        shared = read_game(payload)
    except LinkError as error:
        return Incoming("game", "link", payload, error=error.code, params=error.params,
                        problems=_problems(error.problems))
    return _found_here(games, Incoming("game", "link", payload, shared.doc, shared.digest))


def _route_rules(state: State, parts: list[str], starting: bool = False) -> list[Effect]:
    _leave_game(state)
    payload = "/".join(parts[1:])
    try:
        shared = read_rules(payload)
    except LinkError as error:
        incoming = Incoming("rules", "link", payload, error=error.code, params=error.params,
                            problems=_problems(error.problems))
    else:
        incoming = Incoming("rules", "link", payload, shared.doc, shared.digest)
    _transfer(state, incoming=incoming)
    state.screen, state.game_id = "rules-in", None
    return [FOCUS_TITLE]


def _route_share(state: State, parts: list[str], starting: bool = False) -> list[Effect]:
    _leave_game(state)
    what = parts[1] if len(parts) > 1 else ""
    if what == "rules":
        if state.setup is None:
            state.setup = setup.fresh_setup()
        _transfer(state, sharing=("rules", ""))
    elif what in state.games:
        _transfer(state, sharing=("game", what))
        state.game_id = what
    else:
        state.screen, state.notice = "home", "game_missing"
        return [FOCUS_TITLE]
    state.screen = "share"
    return [FOCUS_TITLE]


def _route_import(state: State, parts: list[str], starting: bool = False) -> list[Effect]:
    """The import screen. Arriving afresh forgets a file opened earlier, but not a restore
    being written, nor what one that ended meanwhile did (shown once); the share inbox is read
    unless a restore is being written (what came in waits there until it is done)."""
    _leave_game(state)
    if state.screen != "import" and not restoring_now(state):
        done = state.transfer.restored
        unseen = None if done is None or not done.away else dataclasses.replace(done, away=False)
        _transfer(state, incoming=None, restore=None, restored=unseen, file_name="",
                  planning=None, writing=None, digests={})
    state.screen, state.game_id = "import", None
    return [FOCUS_TITLE] if restoring_now(state) else [Effect("read_inbox"), FOCUS_TITLE]


# --- the page's abilities ---------------------------------------------------------------------


def _share_env(state: State, payload: Payload) -> list[Effect]:
    """The page's address (links start with it), whether it has a share sheet and whether the
    installed app can be opened with a file."""
    _transfer(state, base=payload.get("base", ""), can_share=payload.get("share") == "true",
              can_open_with=payload.get("launch") == "true")
    return []


# --- sharing ------------------------------------------------------------------------------------


def _copy_link(state: State, payload: Payload) -> list[Effect]:
    return [Effect("copy", payload.get("link", ""), "share-link")]


def _copied(state: State, payload: Payload) -> list[Effect]:
    state.notice = "link_copied" if payload.get("done") == "true" else "link_selected"
    return []


def _web_share(state: State, payload: Payload) -> list[Effect]:
    return [Effect("web_share", payload.get("link", ""), payload.get("title", ""))]


def _save_shared(state: State, payload: Payload) -> list[Effect]:
    """Save the game on screen as a new game of ours (never over another); when a copy is
    here already, open it unless another copy was asked for."""
    incoming = state.transfer.incoming
    if incoming is None or incoming.kind != "game" or incoming.doc is None:
        return []
    existing = copy_of(state.games, incoming.digest)
    if existing is not None and payload.get("again") != "true":
        return _open(state, existing)
    now = payload.get("now", "")
    game = {
        **incoming.doc,
        "id": payload["new_id"],
        "created": now,
        "updated": now,
        "rev": 0,
        "undo": [],
        "redo": [],
        "log": _copied_log(incoming, now),
        "shared_digest": incoming.digest,
        "received_from": incoming.source,
    }
    _transfer(state, incoming=None)
    state.notice = "copy_saved"
    return [put(state, game), *_open(state, game["id"])]


def _update_copy(state: State, payload: Payload) -> list[Effect]:
    """The copy here of the game on screen as it was some hands ago goes on with the hands it
    lacks, each added as a hand entered is (↶ takes them back one by one); the game opens."""
    incoming = state.transfer.incoming
    if incoming is None or incoming.kind != "game" or incoming.doc is None:
        return []
    found = earlier_copy(state.games, incoming.doc)
    if found is None:  # changed meanwhile (in another tab): the screen says what is here now
        _transfer(state, incoming=_found_here(state.games, incoming))
        state.notice = "copy_changed"
        return []
    game_id, count = found
    now = payload.get("now", "")
    game = state.games[game_id]
    hands = incoming.doc["hands"]
    for index in range(count, len(hands)):
        game = history.apply_change(game, {"op": "add", "index": index, "hand": hands[index]}, now)
    _transfer(state, incoming=None)
    state.notice, state.notice_params = "copy_updated", {"count": len(hands) - count}
    # its shared_digest stays the link it was saved from: that link, opened again, still finds
    # it (this one finds it by its content)
    return [put(state, game), *_open(state, game_id)]


def _copied_log(incoming: Incoming, now: str) -> list[changelog.Entry]:
    """The change log of a copy saved from outside: a file's own log (checked when the file
    was read) and that it came from the file; else the log begins at its hands, saying where
    they came from (or that the file's log was dropped)."""
    hands = incoming.doc["hands"] if incoming.doc is not None else []
    if incoming.log:
        carried = {"hands": hands, changelog.LOG_KEY: list(incoming.log)}
        return changelog.log_of(changelog.with_entry(carried, changelog.restore_entry("file", now)))
    return changelog.begun(hands, "damaged" if incoming.log_dropped else incoming.source, now)


def _open(state: State, game_id: str) -> list[Effect]:
    state.screen, state.game_id = "game", game_id
    state.entry, state.confirm = None, None
    return [FOCUS_TITLE]


def _use_rules(state: State, payload: Payload) -> list[Effect]:
    """Fill the new-game form with the rule set on screen (the names typed stay)."""
    incoming = state.transfer.incoming
    if incoming is None or incoming.kind != "rules" or incoming.doc is None:
        return []
    draft = state.setup if state.setup is not None else setup.fresh_setup()
    setup.apply_rules(draft, incoming.doc)
    state.setup = draft
    _transfer(state, incoming=None)
    state.screen, state.notice = "new", "rules_taken"
    return [FOCUS_TITLE]


# --- files: import and restore ----------------------------------------------------------------


def _open_file(state: State, payload: Payload) -> list[Effect]:
    """A file's text (read by the page) is a game, a backup, or a link; show what it holds.
    While a backup's games are being written, a link is opened as ever, but a game or a
    backup is not: the restore's progress stays, and the player is asked to open it again
    once the restore is done."""
    name = inbound.shown_file_name(payload.get("name", ""))  # no bidi tricks, not too long
    if restoring_now(state):
        return _open_while_restoring(state, payload, name)
    _transfer(state, incoming=None, restore=None, restored=None, file_name=name,
              planning=None, writing=None, digests={})
    state.screen, state.game_id = "import", None
    problem = payload.get("error", "")
    if problem:
        params = {"size": payload.get("size", ""), "detail": payload.get("detail", "")}
        _transfer(state, incoming=Incoming("game", "file", name, error=problem, params=params))
        return [FOCUS_TITLE]
    try:
        found = open_file(payload.get("text", ""), state.games)
    except FileError as error:
        failed = Incoming("game", "file", name, error=error.code, params=error.params,
                          problems=_problems(error.problems))
        _transfer(state, incoming=failed)
        return [FOCUS_TITLE]
    if isinstance(found, LinkText):
        return _open_link(state, found)
    if isinstance(found, Planning):
        _transfer(state, planning=found)
    else:
        _transfer(state, incoming=_file_game(state, name, found))
    return [FOCUS_TITLE]


def _open_while_restoring(state: State, payload: Payload, name: str) -> list[Effect]:
    """A file or shared text that came while a restore is being written: a link opens; a
    game or a backup is not opened (said, with its name if it has one)."""
    link = link_in(payload.get("text", ""))
    if link is not None:
        return _open_link(state, link)
    state.screen, state.game_id = "import", None
    state.notice = "restore_busy" if name else "restore_busy_shared"
    state.notice_detail = name
    return [FOCUS_TITLE]


def _open_link(state: State, link: LinkText) -> list[Effect]:
    """A link a file or shared text held: its address, as if opened."""
    parts = nav.address_parts(link.fragment)
    return ROUTES[parts[0]](state, parts, False)


def _file_failed(state: State, error: ShareError) -> list[Effect]:
    failed = Incoming("game", "file", state.transfer.file_name, error=error.code,
                      params=error.params, problems=_problems(getattr(error, "problems", [])))
    _transfer(state, incoming=failed, planning=None, restore=None, writing=None)
    return [FOCUS_TITLE]


def pending_step(state: State) -> bool:
    """Whether a backup is being planned on screen, or its games written (on any screen: a
    restore the player left goes on): the page then dispatches ``restore-step`` again (with
    the batch's ``size``) once it has shown this state."""
    planning = state.transfer.planning is not None and state.screen == "import"
    return planning or restoring_now(state)


def restoring_now(state: State) -> bool:
    """Whether a backup's games are being written (some batches still to go)."""
    writing = state.transfer.writing
    return writing is not None and not writing.finished


def stop_restore(state: State) -> None:
    """A batch of the restore could not be stored (the reason is the page's notice): the
    restore stops there, and says what was written before (the settings are left as they
    are; opening the backup again restores the rest, the games written are not doubled)."""
    writing = state.transfer.writing
    if writing is None or writing.finished:
        return
    done = _restored(state, writing, stopped=len(writing.plan.games) - writing.done)
    _transfer(state, restore=None, writing=None, restored=done, digests={})


def _restored(state: State, writing: Writing, stopped: int = 0) -> Restored:
    """What a restore did, for its summary (``stopped``: the games it did not get to)."""
    plan = writing.plan
    return Restored(writing.added, writing.copies, len(plan.same) + writing.same, len(plan.bad),
                    writing.hands, writing.met, stopped, away=state.screen != "import",
                    twice=len(plan.twice))


STEP_SIZE = 20
"""Games a step does when the page does not say (``size``)."""


def _restore_step(state: State, payload: Payload) -> list[Effect]:
    """One batch of planning a backup, or of writing its games (one commit per batch)."""
    if not pending_step(state):
        return []
    size = int_of(payload, "size") or STEP_SIZE
    if state.transfer.planning is not None:
        return _plan_step(state, state.transfer.planning, size, payload)
    return _write_step(state, size, payload)


def _plan_step(state: State, planning: Planning, size: int, payload: Payload) -> list[Effect]:
    try:
        planning = restoring.plan_step(planning, size, _fresh_ids(payload))
    except restoring.NotABackup as other:
        try:  # a long text of something else: read as any file (its JSON value, if parsed)
            found = read_file(planning.text) if other.value is None else read_value(other.value)
        except FileError as error:
            return _file_failed(state, error)
        _transfer(state, planning=None)
        if isinstance(found, GameFile):
            _transfer(state, incoming=_file_game(state, state.transfer.file_name, found))
        return [FOCUS_TITLE]
    except (BackupError, LimitError) as error:
        return _file_failed(state, error)
    if planning.phase != "planned":
        _transfer(state, planning=planning)
        return []
    _transfer(state, planning=None, restore=planning.plan, digests=planning.digests)
    return [FOCUS_TITLE]


def _write_step(state: State, size: int, payload: Payload) -> list[Effect]:
    writing = state.transfer.writing
    assert writing is not None
    writing, games = restoring.write_step(
        writing, size, state.games, lambda gid: stored_digest(state.games[gid]), _fresh_ids(payload)
    )
    back = changelog.restore_entry("backup", payload.get("now", ""))
    effects = [put(state, changelog.with_entry(game, back)) for game in games]
    written = (*writing.ids, *(str(game["id"]) for game in games))
    writing = dataclasses.replace(writing, ids=written)
    _transfer(state, writing=writing)
    if writing.finished:
        effects += _restored_all(state, writing)
    return effects


def _restored_all(state: State, writing: Writing) -> list[Effect]:
    """The last batch: the backup's settings where none are set here, the written games
    counted as backed up, and what the restore did."""
    plan = writing.plan
    games = [state.games[gid] for gid in writing.ids if gid in state.games]
    state.settings = backups.merge_settings(
        state.settings, dataclasses.replace(plan, add=games, copies=[])
    )
    if state.settings.get("lang") in LANGS:  # a language chosen here stays; else the backup's
        state.lang = state.settings["lang"]
    done = _restored(state, writing)
    _transfer(state, restore=None, writing=None, restored=done, digests={})
    state.notice = "restored"
    return _restore_ended(state)


def _restore_ended(state: State) -> list[Effect]:
    """On the import screen, its title in focus and the share inbox read (what came in while
    the restore was written); elsewhere nothing: a form there keeps its focus."""
    return [Effect("read_inbox"), FOCUS_TITLE] if state.screen == "import" else []


def _file_game(state: State, name: str, found: GameFile) -> Incoming:
    read = Incoming("game", "file", name, found.doc, found.digest, log=tuple(found.log or ()),
                    log_dropped=found.log_problem is not None)
    return _found_here(state.games, read)


def _fresh_ids(payload: Payload) -> Iterator[str]:
    base = payload.get("new_id") or "g"
    return (f"{base}{n}" for n in itertools.count(1))


def _restore(state: State, payload: Payload) -> list[Effect]:
    """Start writing the backup's games as planned, a batch at a time (no game here is
    overwritten); its settings fill those not set here once every game is written."""
    plan = state.transfer.restore
    if plan is None or state.transfer.writing is not None:
        return []
    _transfer(state, writing=Writing(plan, dict(state.transfer.digests)))
    return [Effect("focus", "restore-progress")]


def _close_import(state: State, payload: Payload) -> list[Effect]:
    _transfer(state, incoming=None, restore=None, restored=None, file_name="",
              planning=None, writing=None, digests={})
    state.screen = "home"
    return [FOCUS_TITLE]


# --- backup ---------------------------------------------------------------------------------


def _backup(state: State, payload: Payload) -> list[Effect]:
    """Write every game and the settings into one file, and remember when."""
    now = payload.get("now", "")
    text = backups.make_backup(state.games, state.settings, now)
    state.settings = backups.after_backup(state.settings, state.games, now)
    state.notice = "backup_made"
    name = f"debertz-backup-{now[:10] or 'games'}.json"
    return [Effect("download", name, text)]


def _backup_later(state: State, payload: Payload) -> list[Effect]:
    state.settings = backups.after_later(state.settings, state.games)
    return [Effect("focus", "backup")]


HANDLERS: dict[str, Handler] = {
    "share-env": _share_env,
    "copy-link": _copy_link,
    "copied": _copied,
    "web-share": _web_share,
    "save-shared": _save_shared,
    "update-copy": _update_copy,
    "use-rules": _use_rules,
    "open-file": _open_file,
    "restore": _restore,
    "restore-step": _restore_step,
    "close-import": _close_import,
    "backup": _backup,
    "backup-later": _backup_later,
}

ROUTES: dict[str, Route] = {
    "shared": _route_shared,
    "rules": _route_rules,
    "share": _route_share,
    "import": _route_import,
}
