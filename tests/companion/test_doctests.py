"""The examples in the engine's docstrings run and stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["companion", "companion.board", "companion.state", "companion.actions",
           "companion.rules", "companion.record", "companion.store", "companion.game",
           "companion.playout"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if name != "companion.events":
        assert result.attempted > 0
