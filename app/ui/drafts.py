"""The forms' drafts: what has been typed into the new-game and hand forms (plain data), kept in
the settings and read back only when every value is one the form can show.

The new-game form (settings ``setup``) and the hand form (settings ``entry``) are kept as typed, so
that a reload loses nothing. What is stored may be damaged, written by another version, or (before
backups stopped carrying drafts) brought from another phone: a draft is used only when each of its
values has the type and range its form expects, and its options are rules the engine accepts;
otherwise it is discarded (the caller says so) and nothing else is lost. A screen therefore always
renders from checked values.

>>> read_setup({"count": 2, "names": [1, 2, 3, 4], "options": {"eggs": "hang"}}) is None
True
>>> read_setup({"count": 3, "names": ["Оля", "", "", ""], "options": {"eggs": "each"}}).options["eggs"]
'each'
>>> read_entry({"sides": 2, "taker": 7}, seats=2) is None
True
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final, TypeVar

from app import engine

TARGETS = ("301", "501", "701", "1001")

Draft = TypeVar("Draft", "SetupDraft", "HandDraft")
_SHARED = (str, int, float, bool, type(None))
"""Values a copy may share (they cannot change)."""


def cloned(draft: Draft | None) -> Draft | None:
    """A copy of a form's draft the reducer may change, its lists and dicts copied all the way
    down (as ``copy.deepcopy``, which took a fifth of a *Save*'s reducer: every action copies
    both drafts).

    >>> draft = HandDraft(sides=2, cards=["100", ""], extra={"at": {"t": [1]}})
    >>> twin = cloned(draft)
    >>> twin == draft, twin.cards is draft.cards, twin.extra["at"]["t"] is draft.extra["at"]["t"]
    (True, False, False)
    """
    if draft is None:
        return None
    twin = object.__new__(type(draft))
    twin.__dict__.update({name: _clone(value) for name, value in vars(draft).items()})
    return twin


def _clone(value: Any) -> Any:
    if isinstance(value, _SHARED):
        return value
    if type(value) is list:
        return [_clone(item) for item in value]
    if type(value) is dict:
        return {key: _clone(item) for key, item in value.items()}
    return copy.deepcopy(value)  # anything else, as before

@dataclass
class SetupDraft:
    """What has been typed into the new-game form (kept as typed, validated on "start")."""

    count: int = 2
    names: list[str] = field(default_factory=lambda: ["", "", "", ""])
    teams: bool = True
    target: str = "501"
    target_other: str = ""
    preset: str = "standard"
    options: dict[str, Any] = field(default_factory=dict)
    first_dealer: str = "0"
    tried: bool = False

@dataclass
class HandDraft:
    """The new-hand (or edit-hand) form: ``index`` is None for a new hand.

    ``cards`` holds the text of each side's field; ``typed`` the sides typed by the user, most
    recent last; the one side left over is filled in as ``162 - others``.

    ``claim`` switches the form to «Партія» (a claim, RULES.md §5a): ``claim_side`` claimed
    with ``claim_cards`` (as typed) card points in its tricks, plus its own ``claim_terz``,
    ``claim_fifty`` and bella (``claim_bella``) when the rules count them. They are kept apart
    from the fields of a played hand, so switching between the two loses nothing typed.
    """

    sides: int
    index: int | None = None
    taker: int | None = None
    cards: list[str] = field(default_factory=list)
    typed: list[int] = field(default_factory=list)
    meld_side: int | None = None
    terz: int = 0
    fifty: int = 0
    bella: int | None = None
    no_tricks: list[int] = field(default_factory=list)
    last_trick: int | None = None
    debertz: int | None = None
    redeal: bool = False
    tried: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    origin: dict[str, Any] | None = None
    """The hand record being edited, as it was when the form opened (None for a new hand):
    if another tab changes that hand meanwhile, the edit is not saved over it."""
    claim: bool = False
    claim_side: int | None = None
    claim_cards: str = ""
    claim_terz: int = 0
    claim_fifty: int = 0
    claim_bella: bool = False

    def __post_init__(self) -> None:
        if not self.cards:
            self.cards = [""] * self.sides

    def blank(self) -> bool:
        """Whether nothing was entered yet (a tap on *Save* alone changes nothing).

        >>> HandDraft(sides=2, tried=True).blank(), HandDraft(sides=2, taker=0).blank()
        (True, False)
        """
        untouched = HandDraft(sides=self.sides, index=self.index, extra=self.extra, origin=self.origin)
        return replace(self, tried=False, cards=[c.strip() for c in self.cards]) == untouched

MAX_TEXT: Final = 200
"""Longest text kept in a field of a form (a name is at most 40 once checked)."""
MAX_NUMBER_TEXT: Final = 12
"""Longest typed number (points, a target)."""
MAX_MELDS: Final = 9

Check = Callable[[object], bool]


def _text(limit: int) -> Check:
    return lambda value: isinstance(value, str) and len(value) <= limit


def _number(low: int, high: int) -> Check:
    return lambda value: type(value) is int and low <= value <= high


def _bool(value: object) -> bool:
    return isinstance(value, bool)


def _optional(check: Check) -> Check:
    return lambda value: value is None or check(value)


def _json_object(value: object) -> bool:
    return isinstance(value, dict) and all(isinstance(key, str) for key in value)


# --- the new-game form -------------------------------------------------------------------------


SETUP_CHECKS: Final[dict[str, Check]] = {
    "count": lambda value: type(value) is int and value in (2, 3, 4),
    "names": lambda value: isinstance(value, list) and len(value) == 4
    and all(_text(MAX_TEXT)(name) for name in value),
    "teams": _bool,
    "target": lambda value: value in (*TARGETS, "other"),
    "target_other": _text(MAX_NUMBER_TEXT),
    "preset": lambda value: value in (*engine.PRESET_NAMES, "custom"),
    "options": _json_object,
    "first_dealer": lambda value: value in ("random", "0", "1", "2", "3"),
    "tried": _bool,
}


def read_setup(saved: object) -> SetupDraft | None:
    """The new-game form kept in the settings, or None when any of its values cannot be shown.

    Its options must be rules the engine accepts (a penalty is then written out whole); options
    it lacks (an older version's form) are filled in later from its preset (``setup.completed``).

    >>> read_setup({"count": 2, "names": ["", "", "", ""], "options": {"eggs": {"x": 1}}}) is None
    True
    >>> read_setup({"options": {"bait_penalty": {"points": 100, "when": "each"}}}).options["bait_penalty"]
    {'points': 100, 'when': 'each', 'count': 'game'}
    """
    if not isinstance(saved, Mapping) or set(saved) - set(SETUP_CHECKS):
        return None
    if not all(SETUP_CHECKS[key](value) for key, value in saved.items()):
        return None
    options = _checked_options(saved.get("options", {}))
    if options is None:
        return None
    values = {**saved, "options": options}
    if "names" in values:
        values["names"] = list(values["names"])
    return SetupDraft(**values)


def _checked_options(options: Mapping[str, Any]) -> dict[str, Any] | None:
    """The options as the engine writes them (only those given), None when it refuses them."""
    if "target" in options:
        return None
    try:
        full = engine.rules_to_json(engine.rules_from_json({**options, "target": 501}))
    except engine.DebertzError:
        return None
    return {key: full[key] for key in options}


# --- the hand form ---------------------------------------------------------------------------


def kept_record(kept: object, game_id: str | None, key: str = "draft") -> object:
    """What the settings' kept hand form ``kept`` (their ``entry``) holds under ``key``
    ("draft": the form; "new": a new hand waiting beside a saved hand's form), as stored, when
    it is the game ``game_id``'s; None else.

    >>> kept = {"game": "g1", "draft": {"sides": 2}}
    >>> kept_record(kept, "g1"), kept_record(kept, "g2"), kept_record(kept, "g1", "new")
    ({'sides': 2}, None, None)
    """
    if not isinstance(kept, Mapping) or kept.get("game") != game_id:
        return None
    return kept.get(key)


def read_entry(saved: object, seats: int) -> HandDraft | None:
    """The hand form kept in the settings for a game of ``seats`` players, or None when any of
    its values cannot be shown (a side or seat out of range, a number typed as a list...).

    >>> draft = read_entry({"sides": 2, "taker": 1, "cards": ["62", ""], "typed": [0]}, seats=2)
    >>> draft.taker, draft.cards
    (1, ['62', ''])
    >>> read_entry({"sides": 2, "cards": [62, 100]}, seats=2) is None
    True
    """
    if not isinstance(saved, Mapping) or not _number(2, 4)(saved.get("sides")):
        return None
    sides: int = saved["sides"]
    side = _optional(_number(0, sides - 1))
    sides_list = _side_list(sides)
    checks: dict[str, Check] = {
        "sides": _number(2, 4),
        "index": _optional(_number(0, 10**6)),
        "taker": _optional(_number(0, seats - 1)),
        "cards": lambda value: isinstance(value, list) and len(value) == sides
        and all(_text(MAX_NUMBER_TEXT)(text) for text in value),
        "typed": sides_list,
        "meld_side": side,
        "terz": _number(0, MAX_MELDS),
        "fifty": _number(0, MAX_MELDS),
        "bella": side,
        "no_tricks": sides_list,
        "last_trick": side,
        "debertz": side,
        "redeal": _bool,
        "tried": _bool,
        "extra": _json_object,
        "origin": _optional(_json_object),
        "claim": _bool,
        "claim_side": side,
        "claim_cards": _text(MAX_NUMBER_TEXT),
        "claim_terz": _number(0, MAX_MELDS),
        "claim_fifty": _number(0, MAX_MELDS),
        "claim_bella": _bool,
    }
    if set(saved) - set(checks) or not all(checks[key](value) for key, value in saved.items()):
        return None
    values: dict[str, Any] = {key: list(value) if isinstance(value, list) else value
              for key, value in saved.items()}
    return HandDraft(**values)


def _side_list(sides: int) -> Check:
    """A list of distinct side numbers, at most one each."""
    return lambda value: isinstance(value, list) and len(value) <= sides and len(set(map(
        repr, value))) == len(value) and all(_number(0, sides - 1)(side) for side in value)
