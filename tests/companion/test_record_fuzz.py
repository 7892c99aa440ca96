"""No record, however mangled, makes replay raise: it returns an error naming where."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.playout import random_game
from companion.record import RecordError, replay, to_record

BASE = to_record(random_game(["red", "green", "yellow"], seed=2))
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.sampled_from(
        ["red", "blue", "beach", "T3", "L2", "down 2", "up 9", "load pink", "cloud", "left",
         "steal green", "joe take", "", "free"]),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(
        st.sampled_from(["player", "from", "steps", "cards", "turns", "fork", "weather",
                         "canoes", "carrying", "recover", "red", "green"]), children,
        max_size=3),
    max_leaves=8)


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found += paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += paths(value, (*prefix, i))
    return found


ALL_PATHS = [p for p in paths(BASE) if p][:4000]


@pytest.mark.slow
@settings(max_examples=settings.default.max_examples * 3 // 2, deadline=None)
@given(where=st.sampled_from(ALL_PATHS), value=JSON)
def test_mangled_records_never_raise(where: tuple[Any, ...], value: Any) -> None:
    record = copy.deepcopy(BASE)
    node = record
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    result = replay(json.loads(json.dumps(record)))
    if not result.ok:
        assert isinstance(result.error, RecordError)
        assert result.error.message
