"""The new-game form: its draft, its checks and the game dict it creates.

>>> draft = fresh_setup()
>>> draft.names[:2] = ["Оля", "Петро"]
>>> issues = check_setup(draft)
>>> issues
[]
>>> game = new_game(draft, game_id="g1", now="2026-11-30T03:00:00Z", random_seat=0)
>>> game["players"], game["rules"]["target"], game["hands"]
(['Оля', 'Петро'], 501, [])
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from app import changelog, engine
from app import names as app_names
from app.ui import scoring
from app.ui.drafts import TARGETS, SetupDraft
from app.ui.scoring import Issue, read_number
from app.ui.state import GameDict, State

NAME_MAX = app_names.NAME_MAX
NAME_ISSUES = {"name_empty": "ui.name_empty", "name_control": "ui.name_control",
               "name_too_long": "ui.name_long", "name_duplicate": "ui.name_twice"}
"""The form's text for each problem of the name rule (app/names.py)."""
TARGET_MIN = 51
TARGET_MAX = 10001
TARGET_DIGITS = 6
"""Digits the target field reads (a longer number is out of range anyway)."""
PENALTY_DEFAULT = {"points": 100, "when": "third", "count": "game"}


def drop_unreadable(state: State) -> None:
    """At the start: a kept new-game form that could not be read (``state.setup`` is None while
    the settings hold one) is removed from the settings, so the action's commit deletes it from
    storage, and the notice ``setup_discarded`` says so this once.

    >>> from app.ui.state import initial_state
    >>> state = initial_state({}, {"setup": {"count": "many"}}, [], [])
    >>> drop_unreadable(state)
    >>> "setup" in state.settings, state.notice
    (False, 'setup_discarded')
    """
    if state.setup is None and "setup" in state.settings:
        del state.settings["setup"]
        state.notice = state.notice or "setup_discarded"


def fresh_setup(previous: GameDict | None = None) -> SetupDraft:
    """An empty new-game form with the Standard rules (or the rules of ``previous``)."""
    draft = SetupDraft()
    draft.options = _options_without_target(scoring.preset_options("standard"))
    if previous is not None:
        rules = scoring.repeated_rules(previous)
        draft.options = _options_without_target(rules)
        draft.count = len(previous["players"])
        draft.names = list(previous["players"]) + [""] * (4 - len(previous["players"]))
        draft.teams = bool(previous.get("teams", True))
        _set_target(draft, int(rules["target"]))
        draft.preset = scoring.matching_preset(rules)
    return draft


def completed(draft: SetupDraft) -> SetupDraft:
    """The form with every option the engine knows: a form kept in the settings by an older
    version lacks the newer options (the claim's); they come from the preset the form names,
    so that it still equals it, else from the defaults.

    >>> old = fresh_setup()
    >>> del old.options["claim_by"]
    >>> completed(old).options["claim_by"], completed(fresh_setup()) == fresh_setup()
    ('any', True)
    """
    name = draft.preset if draft.preset in scoring.PRESET_NAMES else "standard"
    base = _options_without_target(scoring.preset_options(name))
    missing = {key: value for key, value in base.items() if key not in draft.options}
    if not missing:
        return draft
    return dataclasses.replace(draft, options={**draft.options, **missing})


def _options_without_target(rules: dict[str, Any]) -> dict[str, Any]:
    return {key: copy.deepcopy(value) for key, value in rules.items() if key != "target"}


def _set_target(draft: SetupDraft, target: int) -> None:
    if str(target) in TARGETS:
        draft.target, draft.target_other = str(target), ""
    else:
        draft.target, draft.target_other = "other", str(target)


def target_text(draft: SetupDraft) -> str:
    """The target as typed or picked."""
    return draft.target_other.strip() if draft.target == "other" else draft.target


def target_value(draft: SetupDraft) -> int | None:
    """The target as a number, or None when what was typed is not a whole number."""
    return read_number(target_text(draft), TARGET_DIGITS)


def rules_json(draft: SetupDraft) -> dict[str, Any]:
    """Every rule option of the form, the target included."""
    rules = copy.deepcopy(draft.options)
    rules["target"] = target_value(draft) or 0
    return rules


PRESET_TABLES: dict[str, tuple[int, bool]] = {"vinnytsia": (4, True)}  # setup.preset_four_teams
"""The table a preset is written for (players, teams): the Vinnytsia rules (seed 003) are a
four-player game of two teams, so choosing them seats four in teams (the names typed stay); a
count changed afterwards is the player's choice, and the form then says the rules were made for
another table (``off_table``)."""


def _seat_for_preset(draft: SetupDraft) -> None:
    """Seat the table the chosen preset is written for."""
    if draft.preset in PRESET_TABLES:
        draft.count, draft.teams = PRESET_TABLES[draft.preset]


def off_table(draft: SetupDraft) -> bool:
    """Whether the form's preset was written for another table than the one it seats.

    >>> draft = fresh_setup()
    >>> apply_preset(draft, "vinnytsia"); draft.count, draft.teams, off_table(draft)
    (4, True, False)
    >>> draft.count = 2
    >>> off_table(draft)
    True
    """
    table = PRESET_TABLES.get(draft.preset)
    return table is not None and (draft.count, draft.teams) != table


def apply_rules(draft: SetupDraft, rules: dict[str, Any]) -> None:
    """Take every option and the target of a full rules object (a rule set from a link).

    >>> draft = fresh_setup()
    >>> apply_rules(draft, scoring.preset_options("vinnytsia"))
    >>> draft.preset, draft.target
    ('vinnytsia', '1001')
    """
    draft.options = _options_without_target(rules)
    _set_target(draft, int(rules["target"]))
    refresh_preset(draft)
    _seat_for_preset(draft)


def apply_preset(draft: SetupDraft, name: str) -> None:
    """Take all options of a preset. The target is chosen on its own: it moves to the preset's
    usual one only while it is still the usual target of the preset chosen before.

    >>> draft = fresh_setup()
    >>> apply_preset(draft, "vinnytsia"); draft.target
    '1001'
    >>> draft.target = "701"
    >>> apply_preset(draft, "standard"); draft.target, draft.preset
    ('701', 'standard')
    """
    rules = scoring.preset_options(name)
    before = draft.preset
    usual = scoring.preset_options(before)["target"] if before in scoring.PRESET_NAMES else None
    draft.options = _options_without_target(rules)
    if usual is not None and target_value(draft) == usual:
        _set_target(draft, int(rules["target"]))
    draft.preset = name
    _seat_for_preset(draft)


def refresh_preset(draft: SetupDraft) -> None:
    """Show which preset the options now are ("custom" when none); the target is no part of a
    preset, so choosing 1001 with the Standard rules keeps them Standard."""
    draft.preset = scoring.matching_preset(rules_json(draft))


def set_option(draft: SetupDraft, name: str, value: str) -> None:
    """Change one option from the form's text value."""
    if name not in draft.options:
        raise ValueError(f"unknown option {name!r}")
    current = draft.options[name]
    draft.options[name] = value == "true" if isinstance(current, bool) else value
    refresh_preset(draft)


def set_penalty(draft: SetupDraft, name: str, part: str, value: str) -> None:
    """Switch a penalty on or off, or change its points, ``when`` or ``count``."""
    penalty = draft.options.get(name)
    if part == "on":
        draft.options[name] = dict(PENALTY_DEFAULT) if value == "true" else None
    elif penalty is not None:
        penalty = dict(penalty)
        penalty[part] = int(value) if part == "points" and value.isdecimal() else value
        draft.options[name] = penalty
    refresh_preset(draft)


def names(draft: SetupDraft) -> list[str]:
    """The players' names as they will be saved (trimmed)."""
    return [name.strip() for name in draft.names[: draft.count]]


def check_setup(draft: SetupDraft) -> list[Issue]:
    """Everything wrong with the form, each at its field (``names.2``, ``target``, ...)."""
    issues = [  # the one name rule (app/names.py), as links and files get it
        Issue(f"names.{seat}", NAME_ISSUES.get(code, code), params)
        for seat, code, params in app_names.name_problems(names(draft), NAME_MAX)
    ]
    target = target_value(draft)
    if target is None and not target_text(draft).isdecimal():
        issues.append(Issue("target", "ui.target_not_number", {"value": target_text(draft)}))
    elif target is None or not TARGET_MIN <= target <= TARGET_MAX:  # None: too long to read
        issues.append(Issue("target", "ui.target_range", {"min": TARGET_MIN, "max": TARGET_MAX}))
    if issues:
        return issues
    try:
        engine.game_from_json(_game_json(draft, 0))
    except engine.DebertzError as error:
        problem = error.problem
        path = str(getattr(problem, "field", "") or "")
        field = "target" if path.endswith("target") else path.replace("rules.", "options.")
        issues.append(
            Issue(field, str(problem.code), dict(problem.params or {}), str(problem.message))
        )
    return issues


def hidden_character(name: str) -> str | None:
    r"""The first character of ``name`` that a name may not hold: a control or format character
    (NUL, new line, a zero-width space...) or one that changes the direction text is shown in
    (``app.names.refused_character``).

    >>> hidden_character("Оля"), hidden_character("Ol\x00ya"), hidden_character("\u202eayhsaM")
    (None, '\x00', '\u202e')
    """
    return app_names.refused_character(name)


def _game_json(draft: SetupDraft, first_dealer: int) -> GameDict:
    game: GameDict = {
        "format": "debertz/1",
        "players": names(draft),
        "first_dealer": first_dealer,
        "rules": rules_json(draft),
        "hands": [],
    }
    if draft.count == 4:
        game["teams"] = draft.teams
    return game


def first_dealer(draft: SetupDraft, random_seat: int) -> int:
    """The seat picked in the form, or ``random_seat`` when "draw at random" was chosen."""
    if draft.first_dealer == "random":
        return random_seat % draft.count
    seat = int(draft.first_dealer)
    return seat if seat < draft.count else 0


def new_game(draft: SetupDraft, game_id: str, now: str, random_seat: int) -> GameDict:
    """The saved form of a new game (``check_setup`` must have found nothing)."""
    game = _game_json(draft, first_dealer(draft, random_seat))
    game.update({"id": game_id, "created": now, "updated": now, "rev": 0, "undo": [], "redo": [],
                 "log": changelog.started(now)})
    return game


def rematch(game: GameDict, winner: int | None, game_id: str, now: str) -> GameDict:
    """Same players, teams and rules; the winner's first seat deals first (else the next dealer)."""
    if winner is not None:
        dealer = scoring.seats_of(game, winner)[0]
    else:
        dealer = int(scoring.sheet(game).next_dealer)
    fresh: GameDict = {
        "format": "debertz/1",
        "players": list(game["players"]),
        "first_dealer": dealer,
        "rules": copy.deepcopy(scoring.repeated_rules(game)),
        "hands": [],
        "id": game_id,
        "created": now,
        "updated": now,
        "rev": 0,
        "undo": [],
        "redo": [],
        "log": changelog.started(now),
        "rematch_of": game.get("id"),
    }
    if len(game["players"]) == 4:
        fresh["teams"] = bool(game.get("teams", True))
    return fresh
