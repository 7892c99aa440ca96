"""The examples in web's docstrings run and stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["web.board", "web.stream", "web.wifi"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
