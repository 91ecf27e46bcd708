"""JSON read with a nesting limit: deep text is refused before the recursive parser sees it."""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app import jsonlimits
from app.jsonlimits import MAX_DEPTH, TooDeep, loads, nesting_depth

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ab\n'),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=30,
)


def depth(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max((depth(item) for item in value), default=0)
    if isinstance(value, dict):
        return 1 + max((depth(item) for item in value.values()), default=0)
    return 0


@given(json_values, st.booleans())
def test_the_measured_depth_is_the_depth_of_the_value(value: Any, ascii_only: bool) -> None:
    assert nesting_depth(json.dumps(value, ensure_ascii=ascii_only)) == depth(value)


def counted_one_by_one(text: str) -> int:
    """The depth as nesting_depth measured it before it took out pairs a pass at a time: every
    bracket outside strings counted in turn."""
    if "\\" in text:
        outside = re.sub(r'"[^"\\]*(?:\\.[^"\\]*)*"?', "", text, flags=re.DOTALL)
    else:
        outside = "".join(text.split('"')[::2])
    steps = [1 if char in "[{" else -1 for char in re.findall(r"[\[\]{}]", outside)]
    return max(accumulate(steps), default=0)


TEXT = st.text(alphabet=st.sampled_from('[]{}"\\ a,:1\nї😀\ud800') | st.characters(), max_size=80)


RUNS = st.builds(str.__mul__, st.sampled_from("[]{}"), st.integers(1, 20))


@settings(max_examples=400)
@given(st.one_of(TEXT, st.lists(TEXT | RUNS).map("".join)))
def test_any_text_measures_as_when_each_bracket_was_counted(text: str) -> None:
    """Unbalanced, cut, escaped, deep or not JSON at all: the same depth as the count of
    each bracket outside strings (the quick passes serve balanced text only)."""
    assert nesting_depth(text) == counted_one_by_one(text)


@given(json_values)
def test_text_within_the_limit_reads_as_json_loads_reads_it(value: Any) -> None:
    text = json.dumps(value)
    assert loads(text) == json.loads(text)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        "[" * 100_000,
        '{"a":' * 10_000 + "1" + "}" * 10_000,
        '["\\"]]]]]]]",' + "[" * 1000 + "]" * 1000 + "]",
        '{"game": ' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "}",
    ],
)
def test_deep_text_is_refused_before_parsing(text: str) -> None:
    with pytest.raises(TooDeep, match=f"deeper than {MAX_DEPTH} levels"):
        loads(text)


def test_brackets_inside_strings_do_not_count() -> None:
    name = "]" * 200 + "[" * 200
    assert loads(json.dumps({"players": [name]})) == {"players": [name]}
    assert loads(json.dumps({"players": [name]}, ensure_ascii=False)) == {"players": [name]}


def test_other_faults_are_the_parsers_value_errors() -> None:
    with pytest.raises(ValueError, match="Expecting"):
        loads("[1,")
    assert not issubclass(json.JSONDecodeError, TooDeep)


def test_the_module_examples_hold() -> None:
    import doctest

    assert doctest.testmod(jsonlimits).failed == 0
