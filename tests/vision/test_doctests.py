"""The examples in vision's docstrings run and stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["vision.layout", "vision.synth", "vision.types", "vision.config", "vision.check",
           "vision.observation", "vision.detector", "vision.locate", "vision.motion",
           "vision.profile", "vision.read", "vision.stages.canoes", "vision.stages.discs",
           "vision.stages.geometry", "vision.stages.light", "vision.stages.looks",
           "vision.synth.scene", "vision.synth.art", "vision.synth.camera"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
