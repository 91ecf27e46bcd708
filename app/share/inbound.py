"""The one reader of games and settings that come from outside: links, files, backups.

Whatever carried it, a game from another phone, another version or anyone who can send a chat
message is read under the same limits and the same rules here:

- at most ``MAX_HANDS`` hands (counted before anything costly is done with them: the packed
  link form stops at the same number), and at most ``MAX_GAMES`` games in a backup;
- the engine's rules (``engine.check_game``), with **every** problem listed: when the players
  are wrong (two equal names), the hands are still checked, under stand-in names;
- the one name rule of the app (``app.names``: the new-game form's), so that a name the form
  refuses (a direction override, NUL, a new line, a zero-width space) never comes in another way;
- :func:`made_newer`: a rules option or a format this version does not know means the link or
  file was made by a newer version, and the player is told so instead of "it breaks the rules";
- settings from a backup (:func:`read_settings`): only the settings a backup may carry, each
  checked; anything else is left out and named.

Pure (standard library and the engine); ids are checked by ``app.ids``.

>>> [p.code for p in check_game({"players": ["Оля", "ОЛЯ"], "hands": [{"taker": 0}]})]
['name_duplicate', 'cards_required']
>>> made_newer(check_game({"players": ["A", "B"], "rules": {"jokers": True}, "hands": []}))
True
>>> read_settings({"lang": "en", "keep_awake": "yes", "setup": {}, "theme": "dark"})
({'lang': 'en'}, ['keep_awake', 'theme'])
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, Final, Literal, TypeGuard, cast

from app import changelog, engine
from app.engine.errors import shown
from app.names import name_problems, refused_character

MAX_HANDS: Final = 5_000
"""Most hands a game from outside may have (a long evening is 60; the packed link form holds
at most this many too)."""
MAX_GAMES: Final = 10_000
"""Most games a backup may hold (years of evenings; each game is checked and written)."""
MAX_HISTORY: Final = 100
"""Most changes a game's undo (and redo) log holds (app.ui.history.LIMIT)."""
RESTORABLE: Final[dict[str, tuple[object, ...]]] = {
    "lang": ("uk", "ru", "en"),
    "keep_awake": (True, False),
}
"""The settings a backup may bring, each with every value it may have (app.ui.state.LANGS,
app.ui.prefs: tests check that these still match)."""
NOT_RESTORED: Final = frozenset({"setup", "entry", "trash", "backup", "storage_note"})
"""Settings of one phone at one moment (a form as typed, the game just deleted, the backup
record, this browser's storage note): never taken from another phone, and not worth a note."""
SHOWN_KEYS: Final = 5
"""How many left-out settings a note names (it says how many there were)."""
MAX_FILE_NAME: Final = 80
"""Longest file name shown (the rest is cut, with an ellipsis)."""


def check_game(obj: object) -> list[engine.Problem]:
    """Every problem of a game document from outside (empty when it may come in).

    >>> problems = check_game({"players": ["A", "B"], "hands": [{"redeal": True}] * 5001})
    >>> [(p.field, p.code, p.params) for p in problems]
    [('hands', 'too_many_hands', {'count': 5001, 'max': 5000})]
    >>> [p.params for p in check_game({"players": ["Оля", "\\u202eОля"], "hands": []})]
    [{'seat': 1, 'code': 'U+202E'}]
    """
    return read_game(obj)[1]


AppCode = Literal["too_many_hands", "name_control"]
"""The codes of the app's own rules for what comes from outside (a hand limit, the name rule)
beyond the engine's ``ProblemCode``s; they are shown like the engine's (``problem.<code>``)."""


def app_problem(
    hand: int | None, field: str, code: str, params: dict[str, object], message: str
) -> engine.Problem:
    """A problem found by the app's rules (:data:`AppCode`, or one of the engine's codes that
    the app's name rule also reports), in the engine's record so that it is listed with theirs."""
    return engine.Problem(hand, field, cast(engine.ProblemCode, code), params, message)


def read_game(obj: object) -> tuple[engine.Game | None, list[engine.Problem]]:
    """The engine's game of a document from outside and no problems, or None and every problem
    (:func:`check_game`). A good game is read once (the common case); a bad one twice.

    >>> game, problems = read_game({"players": ["A", "B"], "hands": [{"redeal": True}]})
    >>> len(game.hands), problems
    (1, [])
    """
    count = _too_many_hands(obj)
    if count is not None:
        return None, [app_problem(
            None, "hands", "too_many_hands", {"count": count, "max": MAX_HANDS},
            f"hands lists {count} hands; at most {MAX_HANDS} are read",
        )]
    try:
        game = engine.game_from_json(obj)
    except engine.DebertzError:
        game = None
    if game is not None and not name_problems(game.players):
        return game, []
    problems = _with_names(engine.check_game(obj), obj)
    if problems and all(p.hand is None for p in problems) and isinstance(obj, dict):
        problems += _hand_problems(obj)
    return None, problems


def _too_many_hands(obj: object) -> int | None:
    """How many hands a document lists, when that is more than ``MAX_HANDS`` (found before the
    engine reads any of them); else None."""
    hands = obj.get("hands") if isinstance(obj, dict) else None
    return len(hands) if isinstance(hands, list) and len(hands) > MAX_HANDS else None


def reads_plainly(documents: Sequence[object]) -> list[bool]:
    """Which documents from outside surely come in as they are (:func:`read_game` would find
    no problem), told without making their hand records (``engine.reads_plainly``, which
    looks at all their hands together): a backup's plan reads most of its games so, and makes
    a game's records only when it needs the game's digest. False says only that a document is
    not plain: :func:`read_game` tells what is wrong, if anything.

    >>> reads_plainly([{"players": ["A", "B"], "hands": [{"taker": 0, "cards": [100, 62]}]},
    ...                {"players": ["A", "B\u202e"], "hands": []}])
    [True, False]
    """
    sized = [None if _too_many_hands(document) else document for document in documents]
    plain = engine.reads_plainly(sized)
    for index, document in enumerate(sized):
        if plain[index]:  # (a dict whose names are text: its keys were read)
            plain[index] = not name_problems(cast("dict[str, Any]", document)["players"])
    return plain


def _with_names(problems: list[engine.Problem], obj: object) -> list[engine.Problem]:
    """The engine's problems plus those of the app's name rule at seats the engine passed."""
    names = obj.get("players") if isinstance(obj, dict) else None
    if not isinstance(names, list) or not 2 <= len(names) <= 4:
        return problems
    reported = {p.field for p in problems}
    extra = [
        app_problem(None, f"players.{seat}", code, params, _name_message(seat, code, params))
        for seat, code, params in name_problems(names)
        if f"players.{seat}" not in reported
    ]
    if not extra:
        return problems
    first_hand = next((i for i, p in enumerate(problems) if p.hand is not None), len(problems))
    return [*problems[:first_hand], *extra, *problems[first_hand:]]


def _name_message(seat: int, code: str, params: dict[str, object]) -> str:
    where = f"players.{seat}"
    if code == "name_control":
        return f"{where} holds an invisible or control character ({params['code']})"
    if code == "name_duplicate":
        return f"{where} is the same name as players.{params['other']}"
    return f"{where}: {code}"


def _hand_problems(obj: dict[str, Any]) -> list[engine.Problem]:
    """The hands' problems of a game whose own keys were refused (the engine stops there):
    checked again with stand-in names, dealer and format where those were wrong."""
    names = obj.get("players")
    if not isinstance(names, list) or not 2 <= len(names) <= 4:
        return []
    stand_in = {
        **obj,
        "players": [f"#{seat + 1}" for seat in range(len(names))],
        "first_dealer": 0,
        "format": "debertz/1",
    }
    if not isinstance(obj.get("teams", True), bool):
        stand_in["teams"] = True
    return [p for p in engine.check_game(stand_in) if p.hand is not None]


def table_of(obj: object) -> dict[str, Any] | None:
    """``{"players": [...], "teams": ...}`` of a game (a file's, a backup's) that the rules
    refuse but whose players are 2 to 4 good names (the screen then names the sides in its
    problems by them, not by number); None else.

    >>> table_of({"players": ["Оля", "Петро"], "hands": "x"})
    {'players': ['Оля', 'Петро'], 'teams': True}
    >>> table_of({"players": ["Оля", "оля"]}), table_of({"players": ["\u202eОля", "Петро"]}), table_of([])
    (None, None, None)
    """
    if not isinstance(obj, dict):
        return None
    players, teams = obj.get("players"), obj.get("teams", True)
    if not (isinstance(players, list) and 2 <= len(players) <= 4 and isinstance(teams, bool)):
        return None
    if not all(isinstance(name, str) for name in players) or name_problems(players):
        return None
    return {"players": [name.strip() for name in players], "teams": teams}


DAMAGED: Final = frozenset({"not_list", "not_object", "not_text", "not_int", "not_bool", "missing"})
"""Problems no version of the format makes (a value of the wrong kind, a key every version
requires left out): what holds one is damaged, whatever else it holds."""


def made_newer(problems: list[engine.Problem]) -> bool:
    """Whether the problems say a newer version made the game or rules: an option (or a
    penalty's key) it does not know and nothing damaged besides, or another ``debertz/…``
    format (not any ``format``: a backup whose format was a number was called newer).

    >>> newer = engine.Problem(None, "rules.jokers", "unknown_key", {}, "")
    >>> made_newer([newer]), made_newer([engine.Problem(None, "rules.eggs", "unknown_value", {}, "")])
    (True, False)
    >>> damaged = engine.Problem(None, "players", "not_list", {}, "")
    >>> later = engine.Problem(None, "format", "unknown_format", {"value": '"debertz/2"'}, "")
    >>> made_newer([newer, damaged]), made_newer([later, damaged])
    (False, True)
    >>> made_newer([engine.Problem(None, "format", "unknown_format", {"value": "5"}, ""), damaged])
    False
    """
    if any(p.code == "unknown_format" and str(p.params.get("value", "")).startswith('"debertz/')
           for p in problems):  # (a new format may change shapes)
        return True
    return any(p.code == "unknown_key" and p.field.startswith("rules") for p in problems) and not any(
        p.code in DAMAGED for p in problems
    )


def rules_problems(obj: object) -> list[engine.Problem]:
    """Every problem of a rules object (a ``#/rules/`` link), not just the first.

    >>> [p.code for p in rules_problems({"target": 7, "jokers": True})]
    ['unknown_key', 'out_of_range']
    """
    from app.engine.errors import Report
    from app.engine.rules import read_rules

    report = Report(None)
    read_rules(report, obj)
    return report.problems


def read_settings(obj: object) -> tuple[dict[str, Any], list[str]]:
    """The settings a backup may bring (see ``RESTORABLE``), and the keys left out because this
    version does not know them or their value is not valid (forms' drafts and the other
    settings of one phone, ``NOT_RESTORED``, are left out without a word).

    >>> read_settings("oops")
    ({}, ['settings'])
    >>> read_settings({"lang": "de", "setup": {"count": 2, "names": [1, 2, 3, 4]}})
    ({}, ['lang'])
    """
    if obj is None:
        return {}, []
    if not isinstance(obj, Mapping):
        return {}, ["settings"]
    kept: dict[str, Any] = {}
    dropped: list[str] = []
    for key, value in obj.items():
        if key in NOT_RESTORED:
            continue
        allowed = RESTORABLE.get(key)
        if allowed is not None and any(type(value) is type(a) and value == a for a in allowed):
            kept[key] = value
        else:
            dropped.append(str(key))
    return kept, dropped


def dropped_text(keys: list[str]) -> str:
    """The left-out settings as a note names them: the first few, each shortened.

    >>> dropped_text(["theme", "x" * 50])
    'theme, "xxxxxxxxxxxxxxxxxxxxxxxxxx...'
    """
    named = [key if len(key) <= 30 and key.isidentifier() else shown(key, 30)
             for key in keys[:SHOWN_KEYS]]
    return ", ".join(named) + (", …" if len(keys) > SHOWN_KEYS else "")


# --- a stored game's undo and redo logs ------------------------------------------------------


def checked_history(game: dict[str, Any]) -> dict[str, Any]:
    """The game itself when its ``undo`` and ``redo`` logs (app/ui/history.py) can be taken back
    and done again over its hands; else a copy with both logs emptied (the hands are the game:
    a damaged log only loses ↶ and ↷, never a screen). Each change must be an ``add`` or
    ``delete`` with its ``hand``, or an ``edit`` with ``before`` and ``after``, at an ``index``
    that exists at its turn; at most ``MAX_HISTORY`` each. The hands that ↶ or ↷ would leave are
    checked by the engine when it is tapped (``actions._refused``).

    >>> game = {"hands": [{"redeal": True}], "undo": [{"op": "add", "index": 0, "hand": {}}]}
    >>> checked_history(game) is game
    True
    >>> checked_history({**game, "undo": [{"op": "add", "index": 5, "hand": {}}]})["undo"]
    []
    """
    hands = game.get("hands")
    count = len(hands) if isinstance(hands, list) else 0
    if _log_fits(game.get("undo", []), count, backwards=True) and _log_fits(
        game.get("redo", []), count, backwards=False
    ):
        return game
    return {**game, "undo": [], "redo": []}


def _log_fits(log: object, count: int, backwards: bool) -> bool:
    """Whether every change of ``log`` (newest last) applies, newest first, to ``count`` hands:
    undone (``backwards``: the undo log) or done again (the redo log)."""
    if not isinstance(log, list) or len(log) > MAX_HISTORY:
        return False
    for op in reversed(log):
        if not _op_shape(op):
            return False
        kind, index = op["op"], op["index"]
        if backwards:
            kind = {"add": "delete", "delete": "add"}.get(kind, kind)
        if index > count or (kind != "add" and index == count):
            return False
        count += {"add": 1, "delete": -1}.get(kind, 0)
    return True


def _op_shape(op: object) -> bool:
    if not isinstance(op, dict) or type(op.get("index")) is not int or op["index"] < 0:
        return False
    if op.get("op") in ("add", "delete"):
        return isinstance(op.get("hand"), dict)
    return op.get("op") == "edit" and all(isinstance(op.get(k), dict) for k in ("before", "after"))


# --- a game's change log -----------------------------------------------------------------------


def read_log(game: object, hands: object = None) -> tuple[list[changelog.Entry] | None, str | None]:
    """A game's change log from outside (``app.changelog``): ``(log, None)`` when it may be
    kept (it replays to ``hands``, the game's own when not given), ``(None, None)`` when the game
    has none, ``(None, why)`` when it must be dropped (damaged, too long, or not this game's).

    >>> hands = [{"redeal": True}]
    >>> read_log({"hands": hands, "log": changelog.begun(hands, "file", "")})[1] is None
    True
    >>> read_log({"hands": hands}), read_log({"hands": hands, "log": changelog.started("")})
    ((None, None), (None, 'it does not lead to the hands of the game'))
    """
    if not isinstance(game, dict) or changelog.LOG_KEY not in game:
        return None, None
    log = game[changelog.LOG_KEY]
    base = log[0].get("hands") if isinstance(log, list) and log and isinstance(log[0], dict) else None
    if isinstance(base, list) and len(base) > MAX_HANDS:
        return None, f"its first entry holds {len(base)} hands; at most {MAX_HANDS} are read"
    why = changelog.problem(log, game.get("hands") if hands is None else hands)
    return (None, why) if why else (log, None)


def checked_log(game: dict[str, Any]) -> dict[str, Any]:
    """The game itself when its change log may be kept (:func:`read_log`), or when it has none
    (a game kept before changes were logged reads as before); else a copy whose log begins
    again from its hands, its first entry saying the earlier log was damaged and dropped (so
    the player reads it in the game's log «Зміни»; the hands are never touched).

    >>> game = {"hands": [{"redeal": True}], "log": [{"do": "zap"}]}
    >>> [(entry["do"], entry["from"]) for entry in checked_log(game)["log"]]
    [('begin', 'damaged')]
    >>> checked_log({"hands": []}) == {"hands": []}
    True
    """
    why = read_log(game)[1]
    if why is None:
        return game
    hands = game.get("hands")
    begun = changelog.begun(hands if isinstance(hands, list) else [], "damaged", "")
    return {**game, changelog.LOG_KEY: begun}  # no time: when it was damaged is not known


def checked_app_keys(game: dict[str, Any]) -> dict[str, Any]:
    """A game from storage or a backup with its ↶/↷ logs and its change log checked
    (:func:`checked_history`, :func:`checked_log`): a damaged one never costs a screen; and its
    times (:func:`checked_stamps`)."""
    return checked_log(checked_history(checked_stamps(game)))


STAMP = re.compile(r"(19|20)\d\d-\d\d-\d\dT\d\d:\d\d:\d\d")
"""A time as the app writes it (the device's local time, compared as text)."""
STAMP_KEYS: Final = ("created", "updated", "restored")
"""A game's times (when it began, changed last, came from a backup made when)."""


def is_stamp(value: object) -> TypeGuard[str]:
    """Whether ``value`` is a time as the app writes it, on a day that exists.

    >>> is_stamp("2026-12-01T09:00:00"), is_stamp("2026-11-31T09:00:00")
    (True, False)
    >>> is_stamp("2999-01-01T00:00:00"), is_stamp(None)
    (False, False)
    """
    if not isinstance(value, str) or not STAMP.fullmatch(value):
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:  # (a 31 November)
        return False
    return True


def checked_stamps(game: dict[str, Any]) -> dict[str, Any]:
    """The game itself when its times are times; else a copy without those that are not: a
    hostile backup's 5,000-character ``updated`` was printed on the game's card, ``null`` as
    "None" and a ``restored`` of markup as the backup's date.

    >>> game = {"created": "2026-12-01T09:00:00", "updated": None, "restored": "x" * 5000}
    >>> checked_stamps(game)
    {'created': '2026-12-01T09:00:00'}
    >>> checked_stamps(game := {"updated": "2026-12-01T09:00:00"}) is game
    True
    """
    if all(is_stamp(game[key]) for key in STAMP_KEYS if key in game):
        return game
    return {key: value for key, value in game.items() if key not in STAMP_KEYS or is_stamp(value)}


def shown_file_name(name: object) -> str:
    """A file's name as the screens show it: the characters a name may not hold (a direction
    override would show ``json.exe`` as ``exe.json``) each replaced by ``?``, cut at
    ``MAX_FILE_NAME`` characters.

    >>> shown_file_name("game\u202enosj.exe"), shown_file_name("x" * 90)[-3:], shown_file_name(None)
    ('game?nosj.exe', 'xx…', '')
    """
    return shown_text(name if isinstance(name, str) else "", MAX_FILE_NAME)


def shown_text(text: str, limit: int) -> str:
    """Text from outside as a screen shows it in a sentence: each character a name may not
    hold replaced by ``?``, cut at ``limit`` characters (a refused name of a backup's game had
    its direction override working, and 200 characters in full).

    >>> shown_text("Оля\u202e", 40), shown_text("x" * 50, 40)[-3:]
    ('Оля?', 'xx…')
    """
    while (char := refused_character(text)) is not None:
        text = text.replace(char, "?")
    return text if len(text) <= limit else text[: limit - 1] + "…"
