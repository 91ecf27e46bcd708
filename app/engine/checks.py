"""Small typed readers for JSON values: each returns the value or records a problem.

>>> from app.engine.errors import Report
>>> r = Report(1)
>>> read_int(r, "taker", True, 0, 3) is None
True
>>> r.problems[0].message
'hand 1: taker must be a whole number, not true'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, TypeVar

from app.engine.errors import ProblemCode, Report, kind_of, shown

Choice = TypeVar("Choice", bound=str)


def read_int(report: Report, field: str, value: object, low: int, high: int) -> int | None:
    """A whole number in low..high (bools are not numbers), else None and a problem.

    JSON fractions are refused even when whole (100.0): the file stores whole numbers.
    """
    if type(value) is not int:
        report.add(field, "not_int", {}, f"{field} must be a whole number, not {kind_of(value)}")
        return None
    if not low <= value <= high:
        params: dict[str, object] = {"value": value, "min": low, "max": high}
        report.add(field, "out_of_range", params,
                   f"{field} must be from {low} to {high}, not {shown(value)}")
        return None
    return value


def read_place(report: Report, field: str, value: object, count: int,
               what: Literal["seat", "side"]) -> int | None:
    """A seat or a side number 0..count-1."""
    if type(value) is not int:
        report.add(field, "not_int", {}, f"{field} must be a {what} number, not {kind_of(value)}")
        return None
    if not 0 <= value < count:
        code: ProblemCode = "not_seat" if what == "seat" else "not_side"
        report.add(field, code, {"value": value, "count": count},
                   f"{field} must be a {what} from 0 to {count - 1}, not {shown(value)}")
        return None
    return value


def read_bool(report: Report, field: str, value: object) -> bool | None:
    """true or false, else None and a problem."""
    if not isinstance(value, bool):
        report.add(field, "not_bool", {}, f"{field} must be true or false, not {kind_of(value)}")
        return None
    return value


def read_choice(report: Report, field: str, value: object,
                allowed: tuple[Choice, ...]) -> Choice | None:
    """One of the ``allowed`` option values (typed as they are), else None and a problem.

    >>> read_choice(Report(None), "rules.eggs", "each", ("hang", "each"))
    'each'
    """
    if not isinstance(value, str) or value not in allowed:
        names = ", ".join(f'"{a}"' for a in allowed)
        report.add(field, "unknown_value", {"value": shown(value), "allowed": list(allowed)},
                   f"{field} must be one of {names}, not {shown(value)}")
        return None
    return allowed[allowed.index(value)]


def read_object(report: Report, field: str, value: object) -> dict[str, object] | None:
    """A JSON object, else None and a problem."""
    if not isinstance(value, dict):
        report.add(field, "not_object", {}, f"{field} must be an object, not {kind_of(value)}")
        return None
    return value


def read_list(report: Report, field: str, value: object) -> list[object] | None:
    """A JSON list, else None and a problem."""
    if not isinstance(value, list):
        report.add(field, "not_list", {}, f"{field} must be a list, not {kind_of(value)}")
        return None
    return value


def read_required(report: Report, obj: Mapping[str, object], key: str, field: str | None = None,
                  *, null_is_missing: bool = True, hint: str = "") -> bool:
    """Whether ``obj`` has ``key``; if not, a "``field`` is missing" problem.

    A null counts as missing (hand records, §2) unless ``null_is_missing`` is False (the
    game's own keys, where null is refused by the reader of the value instead).

    >>> r = Report(2)
    >>> read_required(r, {"taker": None}, "taker"), read_required(r, {"side": 0}, "side")
    (False, True)
    >>> read_required(r, {"players": None}, "players", null_is_missing=False)
    True
    >>> [p.message for p in r.problems]
    ['hand 2: taker is missing']
    """
    where = key if field is None else field
    missing = obj.get(key) is None if null_is_missing else key not in obj
    if missing:
        report.add(where, "missing", {}, f"{where} is missing{hint}")
        return False
    return True
