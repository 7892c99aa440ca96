"""The examples in the engine's docstrings run and stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["companion", "companion.board", "companion.state", "companion.actions",
           "companion.rules", "companion.record", "companion.game",
           "companion.playout", "companion.forecast", "companion.partner.view",
           "companion.partner.evaluate", "companion.partner.words",
           "companion.partner.players", "companion.partner.hints",
           "companion.partner.review"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if name != "companion.events":
        assert result.attempted > 0


TABLE = ["companion.colours", "companion.table.loop", "companion.table.store",
         "companion.table.views",
         "companion.table.camera", "companion.table.computers"]


@pytest.mark.parametrize("name", TABLE)
def test_table_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0

