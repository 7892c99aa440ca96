"""The weather stage's choice of space, from each space's measures (print share of its
edge, darkness against the edge, chroma) as :func:`weather_spaces` gives them."""

from __future__ import annotations

import numpy as np
import pytest

import vision.stages.weather as weather
from vision.config import VisionConfig

TOKEN = np.array([-0.8, 0.1, 0.1], np.float32)
EMPTY = (0.92, 0.01, np.array([-0.2, 0.1], np.float32))
MARKER = (0.92, -0.8, np.array([0.1, 0.12], np.float32))


def read(monkeypatch: pytest.MonkeyPatch, spaces: dict, config: VisionConfig | None = None,
         token: np.ndarray | None = TOKEN, print_centre: np.ndarray | None = None,
         ) -> int | None:
    monkeypatch.setattr(weather, "weather_spaces", lambda *a: spaces)
    return weather.read_weather(None, None, None, config or VisionConfig(), token,
                                print_centre)


def partly(share: float, like: tuple = MARKER) -> tuple:
    return (share, *like[1:])


def test_the_marker_on_a_space_whose_edge_shows_whole_is_read(monkeypatch):
    assert read(monkeypatch, {-1: EMPTY, 0: EMPTY, 1: MARKER, 2: EMPTY}) == 1


def test_a_marker_hiding_part_of_its_own_spaces_edge_is_read_with_a_profile(monkeypatch):
    # (Its rim, under a tilt, hides a quarter of the printed edge.)
    spaces = {-1: EMPTY, 0: partly(0.77), 1: EMPTY, 2: EMPTY}
    assert read(monkeypatch, spaces) == 0
    assert read(monkeypatch, spaces, VisionConfig(weather_partly_print=1.0)) is None
    # Without a profile the marker's look is not known: the covered space is not read.
    assert read(monkeypatch, spaces, token=None) is None


def test_a_partly_covered_space_is_not_read_where_it_might_be_anything_else(monkeypatch):
    # Most of its edge hidden: a hand, not the marker's rim.
    assert read(monkeypatch, {-1: EMPTY, 0: partly(0.6), 1: EMPTY, 2: EMPTY}) is None
    # Another space's edge hidden: the marker may be under it.
    assert read(monkeypatch, {-1: partly(0.5, EMPTY), 0: partly(0.77), 1: EMPTY,
                              2: EMPTY}) is None
    # Every space's edge shown in part (warm light), the marker's alone like it: read.
    assert read(monkeypatch, {-1: partly(0.8, EMPTY), 0: partly(0.77), 1: partly(0.82, EMPTY),
                              2: EMPTY}) == 0
    # Not as dark as the marker at setup: something else on the space.
    assert read(monkeypatch, {-1: EMPTY, 0: partly(0.77, EMPTY), 1: EMPTY, 2: EMPTY}) is None
    # The marker seen whole on another space while the half-hidden one looks like it too:
    # two candidates.
    assert read(monkeypatch, {-1: EMPTY, 0: partly(0.77), 1: MARKER, 2: EMPTY}) is None
    # The marker seen whole on one space, another's edge hidden by a hand: read as before.
    assert read(monkeypatch, {-1: EMPTY, 0: partly(0.4, EMPTY), 1: MARKER, 2: EMPTY}) == 1


def test_a_space_that_looks_neither_printed_nor_marked_stops_the_reading(monkeypatch):
    """A hand of the print's own chroma over the marker shows its space's edge whole and
    its middle neither as the print's nor the marker's: the space that looks like the
    marker (a sleeve's blurred edge darkening it) may not hold it (used 153110017)."""
    hand = (0.95, 0.02, np.array([0.1, 0.2], np.float32))  # 0.3 from EMPTY's middle
    spaces = {-1: MARKER, 0: hand, 1: EMPTY, 2: EMPTY}
    printed = EMPTY[2]
    assert read(monkeypatch, spaces) == -1  # the print's middle not known: read as before
    assert read(monkeypatch, spaces, print_centre=printed) is None
    assert read(monkeypatch, spaces, VisionConfig(weather_foreign_chroma=0.0),
                print_centre=printed) == -1
    # Empty spaces within weather_foreign_chroma of the print's middle: read.
    near = (0.95, 0.02, printed + np.array([0.1, 0.0], np.float32))
    assert read(monkeypatch, {-1: MARKER, 0: near, 1: EMPTY, 2: EMPTY},
                print_centre=printed) == -1
