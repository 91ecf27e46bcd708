"""The reducer's core: what an action is, what it asks the page to do, and how one is reduced.

An action is a name and a payload of strings (from the element's ``data-*`` attributes, the
field's ``value``, plus ``now``, ``new_id`` and ``random`` added by the page). A *handler* changes
a copy of the state for one action and returns the effects: what the page is to write, where the
focus goes, what file to offer. Each feature lists its handlers in a ``HANDLERS`` dict (and the
addresses it shows in ``ROUTES``); app/ui/reducer.py puts the one table together.

Everything one action writes becomes one ``commit`` effect (first in the list): the games it
stores or deletes, each with the revision it was made from, and a patch of the settings. The page
shows the new state only once the commit is stored; when it is refused, the page keeps the old
state (an open form stays open with what was typed).

>>> from app.ui.state import initial_state
>>> def rename(state: State, payload: Payload) -> list[Effect]:
...     state.settings["lang"] = payload["value"]
...     return []
>>> table = handler_table({"rename": rename})
>>> state, effects = reduce_with(table, initial_state({}, {}, [], []), "rename", {"value": "en"})
>>> effects[0].kind, effects[0].value.settings
('commit', SettingsPatch(values={'lang': 'en'}, removed=()))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from app.storage import Commit, Games, GameWrite, settings_patch
from app.ui.drafts import HandDraft, cloned, kept_record
from app.ui.state import CANCELLED, GameDict, Screen, Shot, State

Payload = dict[str, str]

EffectKind = Literal[
    "commit",
    "put_game",
    "delete_game",
    "replace_settings",
    "focus",
    "scroll",
    "download",
    "copy",
    "web_share",
    "read_inbox",
]
"""What the page does for an effect (one naming style: snake case).

- ``commit``: store an :class:`app.storage.Commit` (made by :func:`reduce_with` from the
  handlers' ``put_game``, ``delete_game`` and ``replace_settings``), then show the new state;
- ``focus``: move the focus to the element ``key``; ``scroll``: to ``top``;
- ``download``: offer the text ``value`` as the file named ``key``;
- ``copy``: put the text ``key`` on the clipboard (or select the field ``value``);
- ``web_share``: open the share sheet with the link ``key`` and the title ``value``;
- ``read_inbox``: read what the share sheet sent to the app.
"""


@dataclass(frozen=True)
class Effect:
    """Something for the page to do (see :data:`EffectKind`). The page's address follows the
    state (``nav.address``), so no effect moves it."""

    kind: EffectKind
    key: str = ""
    value: object = None


Handler = Callable[[State, Payload], list[Effect]]
"""Changes the state (a copy made for this action) and says what the page is to do."""

Route = Callable[[State, list[str], bool], list[Effect]]
"""Shows the screen an address names: the address's parts (``["game", "g1", "hand"]``) and
whether the app has just started (a reload, a killed app opened again)."""

Where = tuple[str, "str | None", "str | None"]
"""Which screen is shown: the screen, the open game's id, the help section."""


def where(state: State) -> Where:
    """The screen, game and help section shown (a route compares it before and after)."""
    return state.screen, state.game_id, state.help_anchor


def show_screen(state: State, screen: Screen) -> Where:
    """Put ``screen`` on show with no hand form or question open; what was shown before (for
    :func:`arrived`)."""
    before = where(state)
    state.entry, state.confirm = None, None
    state.screen = screen
    return before


def arrived(state: State, before: Where, focus: str = "screen-title") -> list[Effect]:
    """What a route asks after it moved the state: the focus on ``focus`` when something else
    is shown now (or a notice says why not), nothing when the screen stayed."""
    if where(state) == before and not state.notice:
        return []
    return [Effect("focus", focus)]


TO_TOP = Effect("scroll", "top")
"""Back to the top of the game (its title and board) after a new hand is saved or cancelled."""

FOCUS_TITLE = Effect("focus", "screen-title")
"""The focus on the title of the screen just shown."""

ONE_SHOT = ("redeal", "start-game", "rematch", "delete-game")
"""Actions a second tap must not repeat: the same one again within ``DOUBLE_TAP_MS`` is ignored,
unless the player was shown another screen in between (went home and started another game).
(Save and the delete confirmation need no clock: their button is gone after the first tap.)"""
DOUBLE_TAP_MS = 1000

GAME_WRITES = ("put_game", "delete_game")
KEEPS_NOTICE = ("route", "storage-refused", "share-env")
"""Actions that leave the notice on screen: a move that shows nothing new (Back after Save),
and the page's own answers at a start (a notice of the start, e.g. a kept form dropped, stays)."""

_F = TypeVar("_F", bound=Callable[..., list[Effect]])


def handler_table(*parts: Mapping[str, Handler]) -> dict[str, Handler]:
    """One table of every feature's handlers; an action named twice is refused.

    >>> def nothing(state: State, payload: Payload) -> list[Effect]:
    ...     return []
    >>> sorted(handler_table({"a": nothing}, {"b": nothing}))
    ['a', 'b']
    >>> handler_table({"a": nothing}, {"a": nothing})
    Traceback (most recent call last):
    ...
    ValueError: the action 'a' has two handlers
    """
    return _joined(parts, "the action {!r} has two handlers")


def route_table(*parts: Mapping[str, Route]) -> dict[str, Route]:
    """One table of every feature's screens by the first part of their address (``home`` for
    ``#/``); a screen named twice is refused, as in :func:`handler_table`."""
    return _joined(parts, "the address #/{} has two routes")


def _joined(parts: tuple[Mapping[str, _F], ...], taken: str) -> dict[str, _F]:
    table: dict[str, _F] = {}
    for part in parts:
        for name, function in part.items():
            if name in table:
                raise ValueError(taken.format(name))
            table[name] = function
    return table


def reduce_with(
    handlers: Mapping[str, Handler], state: State, action: str, payload: Payload
) -> tuple[State, list[Effect]]:
    """The new state after one action, and the effects to perform (the old state is unchanged)."""
    handler = handlers.get(action)
    if handler is None:
        raise ValueError(f"unknown action {action!r}")
    if _repeated_tap(state, action, payload):
        return state, []
    new = dataclasses.replace(
        state,
        entry=cloned(state.entry),
        setup=cloned(state.setup),
        settings=dict(state.settings),
        games=state.games.copy(),
    )
    if action not in KEEPS_NOTICE:
        new.notice, new.notice_detail, new.notice_params = None, "", {}
    effects = handler(new, payload)
    if new.notice not in CANCELLED:
        new.cancelled = None  # offered back only by the notice that says it was cancelled
    done = any(effect.kind in GAME_WRITES for effect in effects)
    if action in ONE_SHOT and done and int_of(payload, "ms") is not None:
        new.last_shot = Shot(action, int_of(payload, "ms") or 0, (state.screen, new.screen))
    elif new.last_shot is not None and new.screen not in new.last_shot.screens:
        new.last_shot = None  # the player went on elsewhere: the next tap is a tap of its own
    if new.entry != state.entry and action != "route":
        _keep_draft(new)
    if new.setup != state.setup and action != "route":
        _keep_setup(new)
    return new, _with_commit(state, new, effects)


def _with_commit(old: State, new: State, effects: list[Effect]) -> list[Effect]:
    """The effects with every write of the action gathered into one ``commit``, first.

    A game is written from the revision ``old`` holds (None for a game not stored yet), and
    the settings as a patch of what changed, so that another tab's changes are kept.
    """
    writes = tuple(
        GameWrite(
            effect.key,
            effect.value if effect.kind == "put_game" else None,  # type: ignore[arg-type]
            revision(old.games.get(effect.key)),
            _summary(new, effect),
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


def _summary(state: State, effect: Effect) -> dict[str, Any] | None:
    """The summary of a game written, when the state holds that very dict (made once: the
    games list shows the same one)."""
    games = state.games
    if effect.kind != "put_game" or not isinstance(games, Games) or effect.key not in games:
        return None
    return games.summary(effect.key) if games.get(effect.key) is effect.value else None


def commit_of(effects: list[Effect]) -> Commit | None:
    """The one commit among an action's effects (None when the action writes nothing).

    >>> commit_of([Effect("focus", "new-hand")]) is None
    True
    """
    for effect in effects:
        if effect.kind == "commit" and isinstance(effect.value, Commit):
            return effect.value
    return None


def revision(game: GameDict | None) -> int | None:
    """The revision a stored game has (None for no game); records written before revisions
    were counted have revision 0.

    >>> revision(None), revision({"id": "g1"}), revision({"id": "g1", "rev": 4})
    (None, 0, 4)
    """
    if game is None:
        return None
    rev = game.get("rev", 0)
    return rev if isinstance(rev, int) and not isinstance(rev, bool) else 0


def _repeated_tap(state: State, action: str, payload: Payload) -> bool:
    """True for a one-shot action coming again right after it was done (a double tap).

    ``ms`` is the page's clock in milliseconds when the tap came.

    >>> from app.ui.state import initial_state
    >>> state = initial_state({}, {}, [], [])
    >>> state.last_shot = Shot("redeal", 5000, ("game", "game"))
    >>> _repeated_tap(state, "redeal", {"ms": "5400"}), _repeated_tap(state, "redeal", {"ms": "6100"})
    (True, False)
    """
    stamp = int_of(payload, "ms")
    shot = state.last_shot
    if action not in ONE_SHOT or stamp is None or shot is None:
        return False
    return shot.action == action and 0 <= stamp - shot.ms < DOUBLE_TAP_MS


def _keep_setup(state: State) -> None:
    """Keep the new-game form as typed in the settings, so a reload loses none of it."""
    if state.setup is None:
        state.settings.pop("setup", None)
    else:
        state.settings["setup"] = dataclasses.asdict(state.setup)


def _keep_draft(state: State) -> None:
    """Keep the open hand form in the settings, so a reload or a killed app loses nothing.

    It is written in the same transaction as the hand it becomes, so a saved hand can never
    come back as a filled form (nor a form be lost while its hand is not stored). A new hand
    kept by Back waits beside the form of a saved hand opened meanwhile (``new``), and is the
    kept form again once that one closes.

    >>> from app.ui.drafts import HandDraft
    >>> from app.ui.state import initial_state
    >>> state = initial_state({"g": {"players": ["A", "B"], "hands": []}}, {}, [], ["en"])
    >>> state.game_id, state.entry = "g", HandDraft(sides=2, taker=1)
    >>> _keep_draft(state)
    >>> state.entry = HandDraft(sides=2, index=0)
    >>> _keep_draft(state)
    >>> kept = state.settings["entry"]
    >>> kept["draft"]["index"], kept["new"]["taker"]
    (0, 1)
    >>> state.entry = None  # the saved hand's form closed: the new hand is the kept form again
    >>> _keep_draft(state)
    >>> state.settings["entry"]["draft"]["taker"], "new" in state.settings["entry"]
    (1, False)
    """
    before = state.settings.get("entry")
    waiting = _stored_draft(before, state.game_id, "new")  # (None when no game is open)
    if state.entry is None or state.game_id is None:
        if waiting is None:
            state.settings.pop("entry", None)
        else:
            state.settings["entry"] = {"game": state.game_id, "draft": waiting}
        return
    kept: dict[str, object] = {"game": state.game_id, "draft": dataclasses.asdict(state.entry)}
    if state.entry.index is not None:
        form = _stored_draft(before, state.game_id, "draft")
        if waiting is None and form is not None and form.get("index") is None:
            waiting = form  # the new hand kept until now: it waits beside this form
        if waiting is not None:
            kept["new"] = waiting
    state.settings["entry"] = kept


def _stored_draft(kept: object, game_id: str | None, key: str) -> dict[str, Any] | None:
    """``drafts.kept_record`` when it is a record at all (as stored: ``app.ui.hand.kept``
    reads it when it is used)."""
    draft = kept_record(kept, game_id, key)
    return draft if isinstance(draft, dict) else None


def int_of(payload: Payload, key: str) -> int | None:
    """The whole number a payload's field holds, or None.

    >>> int_of({"seat": "2"}, "seat"), int_of({"ms": "-5"}, "ms"), int_of({}, "seat")
    (2, -5, None)
    """
    text = payload.get(key, "")
    return int(text) if text.removeprefix("-").isdecimal() else None


def put(state: State, game: GameDict) -> Effect:
    """Store ``game``: a new revision of the one shown (or revision 0 of a new game)."""
    before = state.games.get(game["id"])
    base = revision(before)
    game = {**game, "rev": 0 if base is None else base + 1}
    state.games[game["id"]] = game
    if before is not None:
        state.explained = followed(
            state.explained, game["id"], before.get("hands", []), game.get("hands", [])
        )
    return Effect("put_game", game["id"], game)


def followed(
    explained: frozenset[tuple[str, int]], game_id: str, old: list[Any], new: list[Any]
) -> frozenset[tuple[str, int]]:
    """The open explanations (``State.explained``) after game ``game_id``'s hands went from
    ``old`` to ``new``: each follows its hand when a hand before it was deleted or put back,
    and closes when its own hand changed or went (so none opens on another hand's row).

    >>> a, b, c = {"cards": [100, 62]}, {"cards": [81, 81]}, {"cards": [70, 92]}
    >>> sorted(followed(frozenset({("g", 2), ("h", 0)}), "g", [a, b, c], [b, c]))
    [('g', 1), ('h', 0)]
    >>> sorted(followed(frozenset({("g", 1)}), "g", [b, c], [a, b, c]))
    [('g', 2)]
    >>> sorted(followed(frozenset({("g", 0), ("g", 1)}), "g", [a, b], [a, c]))
    [('g', 0)]
    """
    kept = {key for key in explained if key[0] != game_id}
    for _, index in explained - kept:
        if index >= len(old):
            continue
        for place in (index, index - 1, index + 1):
            if 0 <= place < len(new) and new[place] == old[index]:
                kept.add((game_id, place))
                break
    return frozenset(kept)


def open_game(state: State) -> GameDict:
    """The game on screen; an action about a game when none is open is a bug of the page."""
    game = state.game
    if game is None:
        raise ValueError("no game is open")
    return game


def open_entry(state: State) -> HandDraft:
    """The hand form being filled in (an action of the form when none is open is refused)."""
    if state.entry is None:
        raise ValueError("no hand is being entered")
    return state.entry
