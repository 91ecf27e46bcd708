"""The reducer: ``reduce(state, action, payload) -> (state, effects)``.

An action is a name and a payload of strings (from the element's ``data-*`` attributes, the
field's ``value``, plus ``now``, ``new_id`` and ``random`` added by the page). Effects tell the page
what to write and where to go. Everything one action writes is one ``commit`` effect (first in
the list): the games it stores or deletes, each with the revision it was made from, and a patch
of the settings. The page shows the new state only once the commit is stored; when it is
refused, the page keeps the old state (an open form stays open with what was typed).

>>> from app.ui.state import initial_state
>>> state = initial_state({}, {}, [], [])
>>> state, effects = reduce(state, "lang", {"value": "en"})
>>> state.lang, effects[0].value.settings
('en', SettingsPatch(values={'lang': 'en'}, removed=()))
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.storage import SETTINGS_ID, Commit, Fresh, GameWrite, settings_patch
from app.ui import claim, history, nav, scoring, setup
from app.ui.scoring import Issue
from app.ui.state import LANGS, Confirm, GameDict, HandDraft, State
from app.ui.stats import period_bounds
from app.ui.stats.report import TIME_KEY

Payload = dict[str, str]


@dataclass(frozen=True)
class Effect:
    """Something for the page to do: ``commit`` (an :class:`app.storage.Commit` to store
    before the new state is shown), ``focus`` (an element id), ``scroll`` (``top``) or
    ``download`` (a file name and its text); and for sharing (app/ui/sharing) ``copy`` (a text,
    the field to select instead), ``web-share`` (a link and its title) and ``read-inbox`` (what
    the share sheet sent). The page's address follows the state (``nav.address``).

    Handlers write with ``put_game`` / ``delete_game`` effects (and by changing
    ``state.settings``); :func:`reduce` turns them into the one ``commit``."""

    kind: str
    key: str = ""
    value: Any = None


TO_TOP = Effect("scroll", "top")
"""Back to the top of the game (its title and board) after a new hand is saved or cancelled."""

ONE_SHOT = ("redeal", "start-game", "rematch", "delete-game")
"""Actions a second tap must not repeat: the same one again within ``DOUBLE_TAP_MS`` is ignored.
(Save and the delete confirmation need no clock: their button is gone after the first tap.)"""
DOUBLE_TAP_MS = 1000

Handler = Callable[[State, Payload], list[Effect]]
HANDLERS: dict[str, Handler] = {}
Route = Callable[[State, list[str]], list[Effect]]
ROUTES: dict[str, Route] = {}
"""Screens whose address another module handles (``#/shared/...`` and the other sharing
screens: app/ui/sharing/actions.py), by the address's first part."""


def handles(name: str) -> Callable[[Handler], Handler]:
    """Register a handler for an action name."""

    def register(handler: Handler) -> Handler:
        HANDLERS[name] = handler
        return handler

    return register


def routes(screen: str) -> Callable[[Route], Route]:
    """Register the handler of the addresses ``#/<screen>/...``."""

    def register(route: Route) -> Route:
        ROUTES[screen] = route
        return route

    return register


def reduce(state: State, action: str, payload: Payload) -> tuple[State, list[Effect]]:
    """The new state after one action, and the effects to perform (the old state is unchanged)."""
    handler = HANDLERS.get(action)
    if handler is None:
        raise ValueError(f"unknown action {action!r}")
    if _repeated_tap(state, action, payload):
        return state, []
    new = dataclasses.replace(
        state,
        entry=copy.deepcopy(state.entry),
        setup=copy.deepcopy(state.setup),
        settings=dict(state.settings),
        games=dict(state.games),
    )
    if action != "route":  # a move that shows nothing new keeps the toast (Back after Save)
        new.notice, new.notice_detail, new.notice_params = None, "", {}
    effects = handler(new, payload)
    done = any(effect.kind in GAME_WRITES for effect in effects)
    if action in ONE_SHOT and done and _int(payload, "ms") is not None:
        new.last_shot = (action, _int(payload, "ms") or 0)
    if new.entry != state.entry and action != "route":
        _keep_draft(new)
    if new.setup != state.setup and action != "route":
        _keep_setup(new)
    return new, _with_commit(state, new, effects)


GAME_WRITES = ("put_game", "delete_game")


def _with_commit(old: State, new: State, effects: list[Effect]) -> list[Effect]:
    """The effects with every write of the action gathered into one ``commit``, first.

    A game is written from the revision ``old`` holds (None for a game not stored yet), and
    the settings as a patch of what changed, so that another tab's changes are kept.
    """
    writes = tuple(
        GameWrite(
            effect.key,
            effect.value if effect.kind == "put_game" else None,
            _rev(old.games.get(effect.key)),
        )
        for effect in effects
        if effect.kind in GAME_WRITES
    )
    if any(effect.kind == "replace_settings" for effect in effects):
        commit = Commit(writes, None, dict(new.settings))
    else:
        commit = Commit(writes, settings_patch(old.settings, new.settings))
    rest = [effect for effect in effects if effect.kind not in (*GAME_WRITES, "replace_settings")]
    return [Effect("commit", "", commit), *rest] if commit else rest


def _rev(game: GameDict | None) -> int | None:
    """The revision a stored game has (None for no game); records written before revisions
    were counted have revision 0."""
    if game is None:
        return None
    rev = game.get("rev", 0)
    return rev if isinstance(rev, int) and not isinstance(rev, bool) else 0


def _repeated_tap(state: State, action: str, payload: Payload) -> bool:
    """True for a one-shot action coming again right after it was done (a double tap).

    ``ms`` is the page's clock in milliseconds when the tap came.

    >>> from app.ui.state import initial_state
    >>> state = initial_state({}, {}, [], [])
    >>> state.last_shot = ("redeal", 5000)
    >>> _repeated_tap(state, "redeal", {"ms": "5400"}), _repeated_tap(state, "redeal", {"ms": "6100"})
    (True, False)
    """
    stamp = _int(payload, "ms")
    if action not in ONE_SHOT or stamp is None or state.last_shot is None:
        return False
    last_action, last_stamp = state.last_shot
    return last_action == action and 0 <= stamp - last_stamp < DOUBLE_TAP_MS


def _keep_setup(state: State) -> None:
    """Keep the new-game form as typed in the settings, so a reload loses none of it."""
    if state.setup is None:
        state.settings.pop("setup", None)
    else:
        state.settings["setup"] = dataclasses.asdict(state.setup)


def _keep_draft(state: State) -> None:
    """Keep the open hand form in the settings, so a reload or a killed app loses nothing.

    It is written in the same transaction as the hand it becomes, so a saved hand can never
    come back as a filled form (nor a form be lost while its hand is not stored)."""
    if state.entry is None or state.game_id is None:
        state.settings.pop("entry", None)
    else:
        state.settings["entry"] = {"game": state.game_id, "draft": dataclasses.asdict(state.entry)}


def _int(payload: Payload, key: str) -> int | None:
    text = payload.get(key, "")
    return int(text) if text.removeprefix("-").isdecimal() else None


def _put(state: State, game: GameDict) -> Effect:
    """Store ``game``: a new revision of the one shown (or revision 0 of a new game)."""
    base = _rev(state.games.get(game["id"]))
    game = {**game, "rev": 0 if base is None else base + 1}
    state.games[game["id"]] = game
    return Effect("put_game", game["id"], game)


# --- navigation, language ---------------------------------------------------------------


@handles("route")
def _route(state: State, payload: Payload) -> list[Effect]:
    """Show what the page's address names (app/ui/nav.py): Back, Forward, a link, a reload
    (``start``: ``yes`` when the app has just started)."""
    kept = state.notice, state.notice_detail, state.notice_params
    state.notice, state.notice_detail, state.notice_params = None, "", {}
    screen = nav.first_part(payload.get("hash", ""))
    if screen in ROUTES:
        before = state.screen
        state.entry, state.confirm = None, None
        effects = ROUTES[screen](state, nav.address_parts(payload.get("hash", "")))
        if state.screen == before and state.notice is None:
            state.notice, state.notice_detail, state.notice_params = kept  # the address caught up
        return effects
    moves = nav.route(state, payload.get("hash", ""), starting=payload.get("start") == "yes")
    if not moves and state.notice is None:
        state.notice, state.notice_detail, state.notice_params = kept
    return [Effect(kind, key) for kind, key in moves]


@handles("lang")
def _lang(state: State, payload: Payload) -> list[Effect]:
    lang = payload.get("value", "")
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}")
    state.lang = lang
    state.settings["lang"] = lang
    return []


WRITE_NOTICES = {"full": "storage_full", "kept": "record_kept", "unavailable": "no_storage"}
"""The notice for each reason a write fails (``app.storage.StorageError.reason``)."""


@handles("write-failed")
def _write_failed(state: State, payload: Payload) -> list[Effect]:
    """A write was not stored. The page calls this on the state from before the change, so
    a form stays open with what was typed. Failures of a form's draft while it is typed are
    said once, not at every key (``background``)."""
    if payload.get("background") == "1" and state.unsaved:
        return []
    state.unsaved = True
    reason = payload.get("reason", "failed")
    state.notice = WRITE_NOTICES.get(reason, "write_failed")
    state.notice_detail = payload.get("detail", "")
    return []


@handles("write-done")
def _write_done(state: State, payload: Payload) -> list[Effect]:
    """A write was stored after one had failed: the next failure is worth saying again."""
    state.unsaved = False
    return []


@handles("replace-settings")
def _replace_settings(state: State, payload: Payload) -> list[Effect]:
    """Write the settings now in use over a damaged settings record (after the player saw it)."""
    state.problems = [p for p in state.problems if p.get("record") != SETTINGS_ID]
    state.notice = "settings_replaced"
    return [Effect("replace_settings")]


@handles("export-damaged")
def _export_damaged(state: State, payload: Payload) -> list[Effect]:
    """The text of a damaged record as a file, for a bug report."""
    record = payload.get("record", "")
    for problem in state.problems:
        if problem.get("record") == record and "raw" in problem:
            return [Effect("download", f"debertz-damaged-{record}.txt", problem["raw"])]
    return []


def apply_external(
    state: State, fresh: Fresh, why: str = "elsewhere"
) -> tuple[State, list[Effect]]:
    """The state after records changed in storage without this tab: ``fresh`` holds them as
    stored now. ``why`` is ``elsewhere`` (another tab said so) or ``refused`` (this tab's
    write was refused because the game had changed). Forms stay open with what was typed.

    >>> from app.ui.state import initial_state
    >>> state = initial_state({"g1": {"id": "g1", "players": ["A", "B"], "hands": []}}, {}, [], [])
    >>> state, effects = apply_external(state, Fresh({"g1": None}, {"trash": {"id": "g1"}}))
    >>> list(state.games), state.trash
    ([], {'id': 'g1'})
    """
    new = dataclasses.replace(
        state,
        games=dict(state.games),
        settings=dict(state.settings),
        entry=copy.deepcopy(state.entry),
        problems=list(state.problems),
    )
    new.notice, new.notice_detail, new.notice_params = None, "", {}
    open_before = state.game
    for game_id, game in fresh.games.items():
        _adopt_game(new, game_id, game)
    if fresh.settings is not None:
        _adopt_settings(new, fresh.settings)
    effects: list[Effect] = []
    if state.screen == "game" and state.game_id in fresh.games and new.game is None:
        new.screen, new.game_id, new.entry, new.confirm = "home", None, None, None
        new.notice = "deleted_elsewhere"
        effects = [Effect("focus", "screen-title")]  # the address follows (nav.address)
    elif new.game is not None and new.game is not open_before:
        new.confirm = None  # a question about a hand that may have moved
        new.notice = "refused" if why == "refused" else "changed_elsewhere"
        new.notice_detail = str(len(new.game["hands"]))
    elif why == "refused" and state.screen == "import" and state.transfer.restore is not None:
        new.transfer = dataclasses.replace(new.transfer, restore=None)  # its plan is stale
        new.notice = "restore_refused"  # another window restored first: open the file again
    elif why == "refused":
        new.notice = "refused"
    return new, effects


def _adopt_game(state: State, game_id: str, game: GameDict | None) -> None:
    state.problems = [p for p in state.problems if p.get("record") != game_id]
    if game is None:
        state.games.pop(game_id, None)
        return
    readable, problems = scoring.readable_games({game_id: game})
    if game_id in readable:
        state.games[game_id] = readable[game_id]
    else:
        state.games.pop(game_id, None)
        state.problems.extend(problems)


def _adopt_settings(state: State, stored: dict[str, Any]) -> None:
    """Take the settings as stored, but for the drafts of forms open in this tab."""
    mine = {key: state.settings[key] for key in ("entry", "setup") if key in state.settings}
    state.settings = dict(stored)
    if state.entry is not None and "entry" in mine:
        state.settings["entry"] = mine["entry"]
    if state.setup is not None and "setup" in mine:
        state.settings["setup"] = mine["setup"]
    if stored.get("lang") in LANGS:
        state.lang = stored["lang"]
    trash = stored.get("trash")
    state.trash = trash if isinstance(trash, dict) else None


@handles("dismiss")
def _dismiss(state: State, payload: Payload) -> list[Effect]:
    return []


# --- new game ------------------------------------------------------------------------------


def _setup(state: State) -> Any:
    state.setup = setup.fresh_setup() if state.setup is None else setup.completed(state.setup)
    return state.setup


@handles("setup-count")
def _setup_count(state: State, payload: Payload) -> list[Effect]:
    draft = _setup(state)
    count = _int(payload, "value")
    if count in (2, 3, 4):
        draft.count = count
        if draft.first_dealer not in ("random",) and int(draft.first_dealer) >= count:
            draft.first_dealer = "0"
    return []


@handles("setup-name")
def _setup_name(state: State, payload: Payload) -> list[Effect]:
    seat = _int(payload, "seat")
    if seat is not None and 0 <= seat < 4:
        _setup(state).names[seat] = payload.get("value", "")
    return []


@handles("setup-pick")
def _setup_pick(state: State, payload: Payload) -> list[Effect]:
    """Put a name used before into the first empty seat (adding a seat when all are taken)."""
    draft = _setup(state)
    name = payload.get("name", "")
    empty = [seat for seat in range(draft.count) if not draft.names[seat].strip()]
    if not empty and draft.count < 4:
        draft.count += 1
        empty = [draft.count - 1]
    if not name or not empty:
        return []
    draft.names[empty[0]] = name
    return [Effect("focus", f"name-{empty[0]}")]


@handles("setup-teams")
def _setup_teams(state: State, payload: Payload) -> list[Effect]:
    _setup(state).teams = payload.get("value") == "true"
    return []


@handles("setup-target")
def _setup_target(state: State, payload: Payload) -> list[Effect]:
    draft = _setup(state)
    draft.target = payload.get("value", "501")
    setup.refresh_preset(draft)
    return [Effect("focus", "target-number")] if draft.target == "other" else []


@handles("setup-target-other")
def _setup_target_other(state: State, payload: Payload) -> list[Effect]:
    draft = _setup(state)
    draft.target, draft.target_other = "other", payload.get("value", "")
    setup.refresh_preset(draft)
    return []


@handles("setup-preset")
def _setup_preset(state: State, payload: Payload) -> list[Effect]:
    name = payload.get("value", "")
    if name in scoring.PRESET_NAMES:
        setup.apply_preset(_setup(state), name)
    return []


@handles("setup-option")
def _setup_option(state: State, payload: Payload) -> list[Effect]:
    setup.set_option(_setup(state), payload["name"], payload.get("value", ""))
    return []


@handles("setup-penalty")
def _setup_penalty(state: State, payload: Payload) -> list[Effect]:
    setup.set_penalty(_setup(state), payload["name"], payload["part"], payload.get("value", ""))
    return []


@handles("setup-dealer")
def _setup_dealer(state: State, payload: Payload) -> list[Effect]:
    _setup(state).first_dealer = payload.get("value", "0")
    return []


@handles("start-game")
def _start_game(state: State, payload: Payload) -> list[Effect]:
    draft = _setup(state)
    issues = setup.check_setup(draft)
    if issues:
        draft.tried = True
        return [Effect("focus", _field_id(issues[0].field))]
    game = setup.new_game(draft, payload["new_id"], payload.get("now", ""), _random(payload))
    state.setup = None
    state.screen, state.game_id = "game", game["id"]
    return [_put(state, game), Effect("focus", "new-hand")]


def _random(payload: Payload) -> int:
    return _int(payload, "random") or 0


@handles("rematch")
def _rematch(state: State, payload: Payload) -> list[Effect]:
    old = state.games[payload["id"]]
    winner = scoring.sheet(old).winner
    game = setup.rematch(old, winner, payload["new_id"], payload.get("now", ""))
    state.screen, state.game_id, state.entry = "game", game["id"], None
    return [_put(state, game), Effect("focus", "new-hand")]


@handles("setup-like")
def _setup_like(state: State, payload: Payload) -> list[Effect]:
    state.setup = setup.fresh_setup(state.games.get(payload.get("id", "")))
    state.screen = "new"
    return [Effect("focus", "screen-title")]


@handles("setup-reset")
def _setup_reset(state: State, payload: Payload) -> list[Effect]:
    state.setup = setup.fresh_setup()
    return [Effect("focus", "name-0")]


@handles("export-game")
def _export_game(state: State, payload: Payload) -> list[Effect]:
    game = state.games[payload["id"]]
    return [Effect("download", f"debertz-{game['id']}.json", scoring.export_text(game))]


@handles("delete-game")
def _delete_game(state: State, payload: Payload) -> list[Effect]:
    game = state.games.pop(payload["id"])
    state.trash = game
    state.settings["trash"] = game
    state.notice = "game_deleted"
    effects = [Effect("delete_game", game["id"])]
    if state.game_id == game["id"]:
        state.screen, state.game_id, state.entry, state.confirm = "home", None, None, None
    return [*effects, Effect("focus", "restore-game")]


@handles("restore-game")
def _restore_game(state: State, payload: Payload) -> list[Effect]:
    game = state.trash
    if game is None:
        return []
    state.trash = None
    state.settings.pop("trash", None)
    return [_put(state, game)]


# --- hands ---------------------------------------------------------------------------------


def _game(state: State) -> GameDict:
    game = state.game
    if game is None:
        raise ValueError("no game is open")
    return game


def _entry(state: State) -> HandDraft:
    if state.entry is None:
        raise ValueError("no hand is being entered")
    return state.entry


@handles("new-hand")
def _new_hand(state: State, payload: Payload) -> list[Effect]:
    game = _game(state)
    state.entry = nav.kept_draft(state, None) or HandDraft(sides=scoring.side_count(game))
    state.confirm = None
    return [Effect("focus", "entry-title")]


@handles("edit-hand")
def _edit_hand(state: State, payload: Payload) -> list[Effect]:
    index = _int(payload, "index")
    game = _game(state)
    if index is None or not 0 <= index < len(game["hands"]):
        raise ValueError(f"no hand {payload.get('index')!r}")
    state.entry = nav.kept_draft(state, index) or scoring.hand_to_draft(game, index)
    state.confirm = None
    return [Effect("focus", "entry-title")]


@handles("cancel-hand")
def _cancel_hand(state: State, payload: Payload) -> list[Effect]:
    index = state.entry.index if state.entry else None
    state.entry, state.confirm = None, None
    if index is None:
        return [Effect("focus", "new-hand"), TO_TOP]
    return [Effect("focus", f"hand-{index}")]


@handles("taker")
def _taker(state: State, payload: Payload) -> list[Effect]:
    """Choose who took trump; with no card points typed yet, the taker's side's field takes the
    focus, so the phone's keyboard opens at once (a claim has no card fields)."""
    draft = _entry(state)
    draft.taker = _int(payload, "seat")
    if draft.claim:
        claim.follow_taker(_game(state), draft)
        return []
    if draft.taker is None or draft.typed or not 0 <= draft.taker < len(_game(state)["players"]):
        return []
    return [Effect("focus", f"cards-{scoring.side_of(_game(state), draft.taker)}")]


@handles("cards")
def _cards(state: State, payload: Payload) -> list[Effect]:
    draft = _entry(state)
    side = _int(payload, "side")
    if side is None or not 0 <= side < draft.sides:
        raise ValueError(f"no side {payload.get('side')!r}")
    text = payload.get("value", "")
    filled = scoring.filled_side(draft)
    draft.cards[side] = text
    draft.typed = [s for s in draft.typed if s != side]
    if text.strip():
        draft.typed = (draft.typed + [side])[-(draft.sides - 1) :]
    elif filled is not None and filled != side:
        draft.cards[filled] = ""
    scoring.fill_cards(_game(state), draft)
    if side in draft.no_tricks and scoring.parse_card_text(text) != 0:
        draft.no_tricks.remove(side)
    return []


@handles("redeal-toggle")
def _redeal_toggle(state: State, payload: Payload) -> list[Effect]:
    draft = _entry(state)
    draft.redeal = not draft.redeal
    return []


@handles("meld-side")
def _meld_side(state: State, payload: Payload) -> list[Effect]:
    draft = _entry(state)
    draft.meld_side = _int(payload, "side")
    if draft.meld_side is None:
        draft.terz = draft.fifty = 0
    elif not draft.terz and not draft.fifty:
        draft.terz = 1
    game = _game(state)
    while draft.meld_side is not None and not scoring.melds_fit(
        game, draft.meld_side, draft.terz, draft.fifty
    ):  # a side holding fewer cards: drop fifties first, then terzes
        if draft.fifty:
            draft.fifty -= 1
        else:
            draft.terz -= 1
    return []


@handles("meld-count")
def _meld_count(state: State, payload: Payload) -> list[Effect]:
    draft = _entry(state)
    kind = payload.get("kind", "")
    if kind not in ("terz", "fifty"):
        raise ValueError(f"no meld {kind!r}")
    step = _int(payload, "step") or 0
    value = max(0, getattr(draft, kind) + step)
    counts = {"terz": draft.terz, "fifty": draft.fifty, kind: value}
    side = draft.meld_side
    fits = side is None or scoring.melds_fit(_game(state), side, counts["terz"], counts["fifty"])
    if step > 0 and not fits:
        return []  # the "+" is disabled at this bound; a stale tap changes nothing
    setattr(draft, kind, value)
    return []


def _side_toggle(field: str) -> Handler:
    """The handler of a chip row that picks one side for the draft's ``field``; a tap on the
    side already picked clears it."""

    def toggle(state: State, payload: Payload) -> list[Effect]:
        draft = _entry(state)
        side = _int(payload, "side")
        setattr(draft, field, None if side == getattr(draft, field) else side)
        return []

    return toggle


for _action, _field in (("bella", "bella"), ("last-trick", "last_trick"), ("debertz", "debertz")):
    handles(_action)(_side_toggle(_field))


@handles("no-tricks")
def _no_tricks(state: State, payload: Payload) -> list[Effect]:
    draft = _entry(state)
    side = _int(payload, "side")
    if side is None:
        raise ValueError("no side")
    if side in draft.no_tricks:
        draft.no_tricks.remove(side)
    else:
        draft.no_tricks.append(side)
    return []


# --- «Партія»: a claim (app/ui/claim.py) ------------------------------------------------


@handles("new-claim")
def _new_claim(state: State, payload: Payload) -> list[Effect]:
    state.entry = HandDraft(sides=scoring.side_count(_game(state)), claim=True)
    state.confirm = None
    return [Effect("focus", "entry-title")]


@handles("claim-toggle")
def _claim_toggle(state: State, payload: Payload) -> list[Effect]:
    claim.switch(_game(state), _entry(state))
    return []


@handles("claim-side")
def _claim_side(state: State, payload: Payload) -> list[Effect]:
    claim.pick_side(_game(state), _entry(state), _int(payload, "side"))
    return []


@handles("claim-cards")
def _claim_cards(state: State, payload: Payload) -> list[Effect]:
    _entry(state).claim_cards = payload.get("value", "")
    return []


@handles("claim-meld")
def _claim_meld(state: State, payload: Payload) -> list[Effect]:
    claim.step_meld(_game(state), _entry(state), payload.get("kind", ""), _int(payload, "step") or 0)
    return []


@handles("claim-bella")
def _claim_bella(state: State, payload: Payload) -> list[Effect]:
    draft = _entry(state)
    draft.claim_bella = not draft.claim_bella
    return []


def _field_id(path: str) -> str:
    """The id of the element an issue's field path is shown at (``cards.1`` -> ``cards-1``).

    >>> _field_id("cards.1"), _field_id("melds.terz"), _field_id("rules.target"), _field_id("")
    ('cards-1', 'melds', 'target', 'entry-errors')
    >>> _field_id("claim.side"), _field_id("claim"), _field_id("options.failed_claim")
    ('claim-side', 'claim-cards', 'opt-failed_claim')
    """
    parts = path.split(".") if path else [""]
    head = parts[0]
    if head in ("cards", "names") and len(parts) > 1 and parts[1].isdecimal():
        return ("cards-" if head == "cards" else "name-") + parts[1]
    if head == "rules":
        return "target" if parts[-1] == "target" else "entry-errors"
    if head == "options" and len(parts) > 1:
        return f"opt-{parts[1]}"
    if head == "claim":  # the claim itself (short of the target) is shown at its points
        return "claim-side" if parts[1:] == ["side"] else "claim-cards"
    named = {"no_tricks": "no-tricks", "last_trick": "last-trick"}
    if head in ("cards", "taker", "melds", "bella", "debertz", "target", *named):
        return named.get(head, head)
    return "entry-errors"


FORM_ORDER = (
    "entry-errors",
    "taker",
    "claim-side",
    "claim-cards",
    "cards",
    "no-tricks",
    "melds",
    "bella",
    "last-trick",
    "debertz",
)


def form_place(element_id: str) -> int:
    """Where a field comes in the hand form (for the first problem to show or focus).

    >>> form_place("taker") < form_place("cards-1") < form_place("melds")
    True
    """
    head = element_id.rsplit("-", 1)[0] if element_id.startswith("cards-") else element_id
    return FORM_ORDER.index(head) if head in FORM_ORDER else len(FORM_ORDER)


def _first_in_form(issues: list[Issue]) -> str:
    """The id of the first field with a problem, in the order the form shows them."""
    return min((_field_id(issue.field) for issue in issues), key=form_place)


def field_id(path: str) -> str:
    """Public alias of the issue-path to element-id mapping used by views and focus."""
    return _field_id(path)


@handles("save-hand")
def _save_hand(state: State, payload: Payload) -> list[Effect]:
    game, draft = _game(state), _entry(state)
    issues = scoring.check_draft(game, draft)
    if issues:
        draft.tried = True
        return [Effect("focus", _first_in_form(issues))]
    if not _still_there(game, draft.index, draft.origin):
        state.notice, state.notice_detail = "hand_changed", str((draft.index or 0) + 1)
        return []
    hand, _ = scoring.draft_to_hand(draft)
    if draft.index is None:
        hand = _stamped(hand, payload)
        op = {"op": "add", "index": len(game["hands"]), "hand": hand}
    else:
        before = game["hands"][draft.index]
        op = {"op": "edit", "index": draft.index, "before": before, "after": hand}
    state.entry = None
    state.notice = "saved" if draft.index is None else "edited"
    new = history.apply_change(game, op, payload.get("now", ""))
    if draft.index is None:
        return [_put(state, new), Effect("focus", "new-hand"), TO_TOP]
    return [_put(state, new), Effect("focus", f"hand-{draft.index}")]


def _stamped(hand: dict[str, Any], payload: Payload) -> dict[str, Any]:
    """A new hand record with the time it was entered (the app's own key, which the engine keeps
    and ignores; an edit keeps the first time).

    >>> _stamped({"redeal": True}, {"now": "2026-11-30T19:05:00"})
    {'redeal': True, 'at': '2026-11-30T19:05:00'}
    """
    now = payload.get("now", "")
    return {**hand, TIME_KEY: now} if now else hand


def _still_there(game: GameDict, index: int | None, hand: dict[str, Any] | None) -> bool:
    """Whether hand ``index`` is still the record a form or question was made for (another tab
    may have changed or deleted it meanwhile). A new hand (``index`` None) always is.

    >>> _still_there({"hands": [{"redeal": True}]}, 0, {"redeal": True})
    True
    >>> _still_there({"hands": []}, 0, None)
    False
    """
    if index is None:
        return True
    if not 0 <= index < len(game["hands"]):
        return False
    return hand is None or game["hands"][index] == hand


@handles("redeal")
def _redeal(state: State, payload: Payload) -> list[Effect]:
    game = _game(state)
    draft = HandDraft(sides=scoring.side_count(game), redeal=True)
    problems = scoring.check_draft(game, draft)
    if problems:
        state.notice = "redeal_refused"
        return []
    op = {"op": "add", "index": len(game["hands"]), "hand": _stamped({"redeal": True}, payload)}
    state.entry, state.notice = None, "redealt"
    return [
        _put(state, history.apply_change(game, op, payload.get("now", ""))),
        Effect("focus", "new-hand"),
    ]


@handles("ask-delete-hand")
def _ask_delete_hand(state: State, payload: Payload) -> list[Effect]:
    draft = _entry(state)
    if draft.index is None:
        return []
    state.confirm = Confirm("delete-hand", draft.index, draft.origin)
    return [Effect("focus", "confirm-no")]


@handles("ask-delete-game")
def _ask_delete_game(state: State, payload: Payload) -> list[Effect]:
    _game(state)
    state.entry, state.confirm = None, Confirm("delete-game")
    return [Effect("focus", "confirm-no")]


@handles("confirm-no")
def _confirm_no(state: State, payload: Payload) -> list[Effect]:
    kind = state.confirm.kind if state.confirm else ""
    state.confirm = None
    return [Effect("focus", "ask-delete-game" if kind == "delete-game" else "ask-delete-hand")]


@handles("confirm-yes")
def _confirm_yes(state: State, payload: Payload) -> list[Effect]:
    confirm, game = state.confirm, _game(state)
    if confirm is not None and confirm.kind == "delete-game":
        return _delete_game(state, {**payload, "id": str(game["id"])})
    if confirm is None or confirm.kind != "delete-hand":
        return []
    if not _still_there(game, confirm.index, confirm.hand):
        state.confirm = None
        state.notice, state.notice_detail = "hand_changed", str(confirm.index + 1)
        return []
    op = {"op": "delete", "index": confirm.index, "hand": game["hands"][confirm.index]}
    changed = history.apply_change(game, op, payload.get("now", ""))
    state.confirm = None
    if _refused(state, changed, op, "delete"):
        return [Effect("focus", "ask-delete-hand")]  # the form stays open as it was
    state.entry, state.notice = None, "deleted"
    return [_put(state, changed), Effect("focus", "new-hand")]


@handles("undo")
def _undo(state: State, payload: Payload) -> list[Effect]:
    game = _game(state)
    op = history.last_op(game, "undo")
    if op is None:
        return []
    changed = history.undo(game, payload.get("now", ""))
    if _refused(state, changed, history.inverse(op), "undo"):
        return [Effect("focus", "undo")]
    state.entry, state.confirm, state.notice = None, None, "undone"
    return [_put(state, changed), Effect("focus", "undo")]


@handles("redo")
def _redo(state: State, payload: Payload) -> list[Effect]:
    game = _game(state)
    op = history.last_op(game, "redo")
    if op is None:
        return []
    changed = history.redo(game, payload.get("now", ""))
    if _refused(state, changed, op, "redo"):
        return [Effect("focus", "redo")]
    state.entry, state.confirm, state.notice = None, None, "redone"
    return [_put(state, changed), Effect("focus", "redo")]


def _refused(state: State, changed: GameDict, op: dict[str, Any], why: str) -> bool:
    """Whether the hands as ``op`` leaves them (``changed``) cannot be replayed: then the
    change is not stored and the notice says why (``why``: delete, undo or redo). Only a claim
    can make a change fail: one left short of the target by the hands before it changing.
    """
    problem = scoring.replay_problem(changed)
    if problem is None:
        return False
    if problem.code != "claim_short":
        state.notice, state.notice_detail = "blocked", str(problem.message)
        return True
    params = dict(problem.params)
    state.notice = f"blocked_{why}"
    state.notice_params = {
        **params,
        "side": scoring.side_label(changed, int(params["side"])),
        "hand": history.number_before(op, int(problem.hand)),
        "n": int(op["index"]) + 1,
    }
    return True


# --- statistics ----------------------------------------------------------------------------


@handles("stats-period")
def _stats_period(state: State, payload: Payload) -> list[Effect]:
    """A period picked: its bounds are fixed at the moment it was picked (``now``)."""
    period = payload.get("value", "all")
    since, until = period_bounds(period, payload.get("now", ""))
    state.stats = dataclasses.replace(state.stats, period=period, since=since, until=until)
    return []


@handles("stats-players")
def _stats_players(state: State, payload: Payload) -> list[Effect]:
    count = _int(payload, "value") or 0
    if count in (0, 2, 3, 4):
        state.stats = dataclasses.replace(state.stats, players=count)
    return []


@handles("stats-pair")
def _stats_pair(state: State, payload: Payload) -> list[Effect]:
    """One of the two players compared head to head (``which`` is ``a`` or ``b``)."""
    which = payload.get("which", "")
    if which not in ("a", "b"):
        raise ValueError(f"no player {which!r} to compare")
    value = payload.get("value", "")
    if which == "a":
        state.stats = dataclasses.replace(state.stats, a=value)
    else:
        state.stats = dataclasses.replace(state.stats, b=value)
    return []


from app.ui import prefs  # noqa: F401 - registers the preference handlers
from app.ui.sharing import actions as _sharing  # noqa: F401 - registers its handlers
