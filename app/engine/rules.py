"""The game's rule options (RULES.md §4, §5a, §6), the named presets, and their JSON form.

>>> Rules().target, Rules().eggs
(501, 'hang')
>>> preset_name(PRESETS["moscow"])
'moscow'
>>> rules_to_json(rules_from_json({"target": 301}))["target"]
301
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, get_args

from app.engine.checks import read_bool, read_choice, read_int, read_object, read_required
from app.engine.errors import Report, kind_of, shown

# The closed sets of option values: each a Literal type (the values stay plain strings, so
# the JSON is unchanged) and the tuple of its values, in the order the UI offers them.

Eggs = Literal["hang", "opponents", "each"]
"""``eggs`` (§3.3), a tie of the taker with the opponents: the taker's total hangs in the pot,
the hand is a bait, or each side keeps its own total."""
EGGS: tuple[Eggs, ...] = get_args(Eggs)

BothReach = Literal["more_points", "taker", "last_trick"]
"""``both_reach`` (§5): who wins when more than one side reaches the target in one hand."""
BOTH_REACH: tuple[BothReach, ...] = get_args(BothReach)

MustBeat = Literal["each", "combined"]
"""``must_beat`` (§3.3): the taker's side beats the highest opponent, or the opponents' sum."""
MUST_BEAT: tuple[MustBeat, ...] = get_args(MustBeat)

BaitTo = Literal["leader", "taker_points_to_leader", "halves"]
"""``bait_to`` (§3.3): how the opponents share a bait."""
BAIT_TO: tuple[BaitTo, ...] = get_args(BaitTo)

When = Literal["each", "third", "third_and_after", "every_third"]
"""A penalty's ``when`` (§4): which occurrences of a count cost its points."""
WHEN: tuple[When, ...] = get_args(When)

Count = Literal["game", "consecutive"]
"""A penalty's ``count`` (§4): occurrences over the whole game, or in a run."""
COUNT: tuple[Count, ...] = get_args(Count)

ClaimCounts = Literal["all", "cards"]
"""``claim_counts`` (§5a): a claim counts c plus the side's sequences and bella, or c only."""
CLAIM_COUNTS: tuple[ClaimCounts, ...] = get_args(ClaimCounts)

ClaimBy = Literal["any", "defenders"]
"""``claim_by`` (§5a): any side may claim, or only a side other than the taker's."""
CLAIM_BY: tuple[ClaimBy, ...] = get_args(ClaimBy)

FailedClaim = Literal["play_on", "loses"]
"""``failed_claim`` (§5a): a short claim is an error (the hand is played on), or it loses."""
FAILED_CLAIM: tuple[FailedClaim, ...] = get_args(FailedClaim)

PresetName = Literal["standard", "moscow", "vinnytsia"]
"""The names of the presets (§6), the keys of :data:`PRESETS`."""
PRESET_NAMES: tuple[PresetName, ...] = get_args(PresetName)

TARGET_MIN, TARGET_MAX = 51, 10001


@dataclass(frozen=True)
class Penalty:
    """A penalty: lose ``points`` when the ``when``-th occurrence (by ``count``) happens.

    >>> Penalty(100, "third").is_due(3), Penalty(100, "third").is_due(4)
    (True, False)
    >>> Penalty(50, "every_third", "consecutive").is_due(6)
    True
    """

    points: int
    when: When
    count: Count = "game"

    def is_due(self, occurrence: int) -> bool:
        """Whether the ``occurrence``-th bait (or ski) of a count costs ``points``."""
        if self.when == "each":
            return True
        if self.when == "third":
            return occurrence == 3
        if self.when == "third_and_after":
            return occurrence >= 3
        return occurrence % 3 == 0


@dataclass(frozen=True)
class Rules:
    """The options of RULES.md with their defaults (Standard).

    The claim options (§5a): ``claim_counts`` "all" (c + the side's sequences and bella) or
    "cards" (c only), ``claim_by`` "any" or "defenders" (not the taker's side),
    ``failed_claim`` "play_on" (a short claim is an error) or "loses" (two sides only).

    >>> Rules(target=1001).must_beat, Rules().claim_by
    ('each', 'any')
    """

    target: int = 501
    eggs: Eggs = "hang"
    both_reach: BothReach = "more_points"
    must_beat: MustBeat = "each"
    bait_to: BaitTo = "leader"
    sequences_need_trick: bool = True
    obligation: bool = False
    bait_penalty: Penalty | None = None
    ski_penalty: Penalty | None = None
    claim_counts: ClaimCounts = "all"
    claim_by: ClaimBy = "any"
    failed_claim: FailedClaim = "play_on"


#: The presets by name (keyed by plain ``str`` so that any text can be looked up; the names
#: are :data:`PRESET_NAMES`).
PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    "moscow": Rules(target=501, sequences_need_trick=False, both_reach="last_trick",
                    must_beat="combined", bait_to="halves"),
    "vinnytsia": Rules(target=1001, obligation=True,
                       bait_penalty=Penalty(100, "every_third", "game"),
                       ski_penalty=Penalty(100, "every_third", "game"),
                       claim_counts="cards", claim_by="defenders"),
}


def preset_name(rules: Rules, *, any_target: bool = False) -> PresetName | None:
    """The name of the preset these rules equal, or None. With ``any_target`` the target is
    left out of the comparison: players choose it on their own, the presets name the rules.

    >>> preset_name(Rules()), preset_name(Rules(target=301))
    ('standard', None)
    >>> preset_name(Rules(target=301), any_target=True)
    'standard'
    >>> preset_name(replace(PRESETS["vinnytsia"], target=501), any_target=True)
    'vinnytsia'
    """
    for name in PRESET_NAMES:
        preset = PRESETS[name]
        if preset == (replace(rules, target=preset.target) if any_target else rules):
            return name
    return None


_CHOICES: dict[str, tuple[str, ...]] = {
    "eggs": EGGS, "both_reach": BOTH_REACH, "must_beat": MUST_BEAT, "bait_to": BAIT_TO,
    "claim_counts": CLAIM_COUNTS, "claim_by": CLAIM_BY, "failed_claim": FAILED_CLAIM,
}
_FLAGS = ("sequences_need_trick", "obligation")
_PENALTIES = ("bait_penalty", "ski_penalty")
RULE_KEYS = ("target", *_CHOICES, *_FLAGS, *_PENALTIES)
PENALTY_KEYS = ("points", "when", "count")


def read_penalty(report: Report, field: str, value: object) -> Penalty | None:
    """A penalty object (or None for null); problems go to ``report``.

    >>> report = Report(None)
    >>> read_penalty(report, "rules.bait_penalty", {"points": 100, "when": "third"})
    Penalty(points=100, when='third', count='game')
    >>> read_penalty(report, "rules.bait_penalty", None) is None, report.problems
    (True, [])
    >>> read_penalty(report, "rules.bait_penalty", {"points": 5, "when": "each"}) is None
    True
    >>> report.problems[0].message
    'rules.bait_penalty.points must be a multiple of 10 from 10 to 300, not 5'
    """
    if value is None:
        return None
    obj = read_object(report, field, value)
    if obj is None:
        return None
    for key in obj:
        if key not in PENALTY_KEYS:
            report.add(f"{field}.{key}", "unknown_key", {"key": shown(key)},
                       f"{field} has an unknown key {shown(key)} "
                       "(allowed: points, when, count)")
    points = None
    if read_required(report, obj, "points", f"{field}.points"):
        points = _read_points(report, f"{field}.points", obj["points"])
    when = None
    if read_required(report, obj, "when", f"{field}.when"):
        when = read_choice(report, f"{field}.when", obj["when"], WHEN)
    count = read_choice(report, f"{field}.count", obj.get("count", "game"), COUNT)
    if points is None or when is None or count is None:
        return None
    return Penalty(points, when, count)


def _read_points(report: Report, field: str, value: object) -> int | None:
    if type(value) is not int:
        report.add(field, "not_int", {}, f"{field} must be a whole number, not {kind_of(value)}")
        return None
    # One rule, one message, whatever the size: there is no other range to report.
    if value % 10 or not 10 <= value <= 300:
        report.add(field, "penalty_points", {"value": value},
                   f"{field} must be a multiple of 10 from 10 to 300, not {value}")
        return None
    return value


def rules_from_json(obj: object) -> Rules:
    """Read the ``rules`` object (absent keys take their defaults); raises DebertzError.

    >>> rules_from_json({"eggs": "each"}).eggs
    'each'
    >>> rules_from_json({"egs": "each"})
    Traceback (most recent call last):
    ...
    app.engine.errors.DebertzError: rules has an unknown key "egs"
    """
    report = Report(None)
    rules = read_rules(report, obj)
    report.raise_first()
    assert rules is not None
    return rules


def read_rules(report: Report, value: object) -> Rules | None:
    """Read the ``rules`` object, recording every problem in ``report``.

    >>> report = Report(None)
    >>> read_rules(report, {"target": 1001, "eggs": "each"}) == Rules(target=1001, eggs="each")
    True
    >>> read_rules(report, {"target": 5, "obligation": "yes"}) is None
    True
    >>> [p.message for p in report.problems]
    ['rules.target must be from 51 to 10001, not 5', 'rules.obligation must be true or false, not text']
    """
    obj = read_object(report, "rules", value)
    if obj is None:
        return None
    for key in obj:
        if key not in RULE_KEYS:
            report.add(f"rules.{key}", "unknown_key", {"key": shown(key)},
                       f"rules has an unknown key {shown(key)}")
    before = len(report.problems)
    values: dict[str, object] = {}
    if "target" in obj:
        values["target"] = read_int(report, "rules.target", obj["target"], TARGET_MIN, TARGET_MAX)
    for key, allowed in _CHOICES.items():
        if key in obj:
            values[key] = read_choice(report, f"rules.{key}", obj[key], allowed)
    for key in _FLAGS:
        if key in obj:
            values[key] = read_bool(report, f"rules.{key}", obj[key])
    for key in _PENALTIES:
        if key in obj:
            values[key] = read_penalty(report, f"rules.{key}", obj[key])
    if len(report.problems) > before:
        return None
    return Rules(**values)  # type: ignore[arg-type]


def penalty_to_json(penalty: Penalty | None) -> dict[str, object] | None:
    """The JSON form of a penalty (None stays None)."""
    if penalty is None:
        return None
    return {"points": penalty.points, "when": penalty.when, "count": penalty.count}


def rules_to_json(rules: Rules) -> dict[str, object]:
    """Every option written out, so the file keeps the options the game started with.

    >>> rules_to_json(PRESETS["vinnytsia"])["bait_penalty"]
    {'points': 100, 'when': 'every_third', 'count': 'game'}
    >>> rules_to_json(Rules())["ski_penalty"], len(rules_to_json(Rules()))
    (None, 12)
    >>> [rules_to_json(PRESETS["vinnytsia"])[k] for k in ("claim_counts", "claim_by", "failed_claim")]
    ['cards', 'defenders', 'play_on']
    """
    return {
        "target": rules.target, "eggs": rules.eggs, "both_reach": rules.both_reach,
        "must_beat": rules.must_beat, "bait_to": rules.bait_to,
        "sequences_need_trick": rules.sequences_need_trick, "obligation": rules.obligation,
        "bait_penalty": penalty_to_json(rules.bait_penalty),
        "ski_penalty": penalty_to_json(rules.ski_penalty),
        "claim_counts": rules.claim_counts, "claim_by": rules.claim_by,
        "failed_claim": rules.failed_claim,
    }
