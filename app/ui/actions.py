"""The reducer: ``reduce(state, action, payload) -> (state, effects)``.

An action is a name and a payload of strings (from the element's ``data-*`` attributes, the
field's ``value``, plus ``now``, ``new_id`` and ``random`` added by the page). Effects tell the page
what to write and where to go; the page performs them in order and awaits each write.

>>> from app.ui.state import initial_state
>>> state = initial_state({}, {}, [], [])
>>> state, effects = reduce(state, "lang", {"value": "en"})
>>> state.lang, effects
('en', [Effect(kind='put_settings', key='settings', value={'lang': 'en'})])
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.ui import history, nav, scoring, setup
from app.ui.scoring import Issue
from app.ui.state import LANGS, Confirm, GameDict, HandDraft, State

Payload = dict[str, str]


@dataclass(frozen=True)
class Effect:
    """Something for the page to do after a render: ``put_game``, ``delete_game``,
    ``put_settings``, ``focus`` (an element id), ``scroll`` (``top``) or ``download`` (a file
    name and its text). The page's address follows the state (``nav.address``)."""

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


def handles(name: str) -> Callable[[Handler], Handler]:
    """Register a handler for an action name."""

    def register(handler: Handler) -> Handler:
        HANDLERS[name] = handler
        return handler

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
        new.notice, new.notice_detail = None, ""
    effects = handler(new, payload)
    done = any(effect.kind in ("put_game", "delete_game") for effect in effects)
    if action in ONE_SHOT and done and _int(payload, "ms") is not None:
        new.last_shot = (action, _int(payload, "ms") or 0)
    if new.entry != state.entry and action != "route":
        effects = _keep_draft(new, effects)
    if new.setup != state.setup and action != "route":
        effects = _keep_setup(new, effects)
    return new, effects


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


def _keep_setup(state: State, effects: list[Effect]) -> list[Effect]:
    """Save the new-game form as typed, so a reload loses none of it."""
    if state.setup is None:
        state.settings.pop("setup", None)
    else:
        state.settings["setup"] = dataclasses.asdict(state.setup)
    others = [effect for effect in effects if effect.kind != "put_settings"]
    return [*others, _settings(state)]


def _keep_draft(state: State, effects: list[Effect]) -> list[Effect]:
    """Save the open hand form in the settings, so a reload or a killed app loses nothing."""
    if state.entry is None or state.game_id is None:
        state.settings.pop("entry", None)
    else:
        state.settings["entry"] = {"game": state.game_id, "draft": dataclasses.asdict(state.entry)}
    others = [effect for effect in effects if effect.kind != "put_settings"]
    return [*others, _settings(state)]  # after the game: a hand is never only in the draft


def _int(payload: Payload, key: str) -> int | None:
    text = payload.get(key, "")
    return int(text) if text.lstrip("-").isdigit() else None


def _put(state: State, game: GameDict) -> Effect:
    state.games[game["id"]] = game
    return Effect("put_game", game["id"], game)


def _settings(state: State) -> Effect:
    return Effect("put_settings", "settings", dict(state.settings))


# --- navigation, language ---------------------------------------------------------------


@handles("route")
def _route(state: State, payload: Payload) -> list[Effect]:
    """Show what the page's address names (app/ui/nav.py): Back, Forward, a link, a reload."""
    kept = state.notice, state.notice_detail
    state.notice, state.notice_detail = None, ""
    moves = nav.route(state, payload.get("hash", ""))
    if not moves and state.notice is None:
        state.notice, state.notice_detail = kept
    return [Effect(kind, key) for kind, key in moves]


@handles("lang")
def _lang(state: State, payload: Payload) -> list[Effect]:
    lang = payload.get("value", "")
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}")
    state.lang = lang
    state.settings["lang"] = lang
    return [_settings(state)]


@handles("write-failed")
def _write_failed(state: State, payload: Payload) -> list[Effect]:
    state.notice, state.notice_detail = "write_failed", payload.get("detail", "")
    return []


@handles("dismiss")
def _dismiss(state: State, payload: Payload) -> list[Effect]:
    return []


# --- new game ------------------------------------------------------------------------------


def _setup(state: State) -> Any:
    if state.setup is None:
        state.setup = setup.fresh_setup()
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
    effects = [Effect("delete_game", game["id"]), _settings(state)]
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
    return [_put(state, game), _settings(state)]


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
    focus, so the phone's keyboard opens at once."""
    draft = _entry(state)
    draft.taker = _int(payload, "seat")
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


def _field_id(path: str) -> str:
    """The id of the element an issue's field path is shown at (``cards.1`` -> ``cards-1``).

    >>> _field_id("cards.1"), _field_id("melds.terz"), _field_id("rules.target"), _field_id("")
    ('cards-1', 'melds', 'target', 'entry-errors')
    """
    parts = path.split(".") if path else [""]
    head = parts[0]
    if head in ("cards", "names") and len(parts) > 1 and parts[1].isdigit():
        return ("cards-" if head == "cards" else "name-") + parts[1]
    if head == "rules":
        return "target" if parts[-1] == "target" else "entry-errors"
    named = {"no_tricks": "no-tricks", "last_trick": "last-trick"}
    if head in ("cards", "taker", "melds", "bella", "debertz", "target", *named):
        return named.get(head, head)
    return "entry-errors"


FORM_ORDER = (
    "entry-errors",
    "taker",
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
    hand, _ = scoring.draft_to_hand(draft)
    if draft.index is None:
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


@handles("redeal")
def _redeal(state: State, payload: Payload) -> list[Effect]:
    game = _game(state)
    draft = HandDraft(sides=scoring.side_count(game), redeal=True)
    problems = scoring.check_draft(game, draft)
    if problems:
        state.notice = "redeal_refused"
        return []
    op = {"op": "add", "index": len(game["hands"]), "hand": {"redeal": True}}
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
    state.confirm = Confirm("delete-hand", draft.index)
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
    op = {"op": "delete", "index": confirm.index, "hand": game["hands"][confirm.index]}
    state.confirm, state.entry, state.notice = None, None, "deleted"
    return [
        _put(state, history.apply_change(game, op, payload.get("now", ""))),
        Effect("focus", "new-hand"),
    ]


@handles("undo")
def _undo(state: State, payload: Payload) -> list[Effect]:
    game = _game(state)
    if not history.can_undo(game):
        return []
    state.entry, state.confirm, state.notice = None, None, "undone"
    return [_put(state, history.undo(game, payload.get("now", ""))), Effect("focus", "undo")]


@handles("redo")
def _redo(state: State, payload: Payload) -> list[Effect]:
    game = _game(state)
    if not history.can_redo(game):
        return []
    state.entry, state.confirm, state.notice = None, None, "redone"
    return [_put(state, history.redo(game, payload.get("now", ""))), Effect("focus", "redo")]


from app.ui import prefs  # noqa: F401 - registers the preference handlers
