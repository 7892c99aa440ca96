"""The table's cameras: the one factory, the synthetic camera and frame source."""

from __future__ import annotations

import numpy as np
import pytest

from companion.state import new_game
from companion.table import camera as table_camera
from companion.table.camera import (
    CAMERA_SPECS,
    SyntheticCamera,
    SyntheticSource,
    VisionCamera,
    open_camera,
    open_frames,
)
from hardware.camera import REAL_CAMERA_SPECS, CameraError, CameraNotFound


def test_synthetic_follows_the_live_state_and_faults() -> None:
    states = [new_game(["red", "green", "yellow"])]
    camera = SyntheticSource(lambda: states[-1], size=(320, 240))
    first = camera.read()
    assert first.shape == (240, 320, 3) and first.dtype == np.uint8
    assert np.array_equal(first, camera.read())  # a still game gives still frames
    camera.faults = (("weather", 2),)
    assert not np.array_equal(first, camera.read())
    camera.faults = ()
    states.append(new_game(["red", "green", "yellow", "blue"]))
    assert not np.array_equal(first, camera.read())
    camera.close()
    with pytest.raises(CameraError, match="closed"):
        camera.read()


def test_one_list_of_camera_specs() -> None:
    assert set(REAL_CAMERA_SPECS) <= set(CAMERA_SPECS)
    assert {"synthetic", "synthetic+vision", "none"} <= set(CAMERA_SPECS)
    assert table_camera.spec_help().endswith(" or folder:DIR")


def test_the_factory_opens_each_kind() -> None:
    assert open_camera("none") is None
    synthetic = open_camera("synthetic")
    assert isinstance(synthetic, SyntheticCamera) and synthetic.detector is None
    read = open_camera("synthetic+vision")
    assert isinstance(read, VisionCamera) and read.detector is not None
    state = new_game(["red", "green", "yellow"])
    reading = read.read(state)
    assert reading is not None and reading.observation is not None
    assert reading.observation.board_found
    frame = read.frame()
    assert frame is not None and frame.ndim == 3
    jpeg = read.jpeg()
    assert jpeg is not None and jpeg[:2] == b"\xff\xd8"
    read.close()


def test_a_missing_real_camera_is_never_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(spec: str, **_: object) -> object:
        raise CameraNotFound(f"no camera found: {spec} is not plugged in")

    monkeypatch.setattr(table_camera, "open_real_camera", missing)
    with pytest.raises(CameraNotFound, match="not plugged in"):
        open_camera("auto")
    with pytest.raises(ValueError, match="unknown camera 'webcam'"):
        open_camera("webcam")
    with pytest.raises(ValueError, match="'none' is no camera"):
        open_frames("none")


def test_the_synthetic_camera_draws_faults_and_the_river_push() -> None:
    camera = SyntheticCamera(push_delay=None, size=(320, 180))
    state = new_game(["red", "green", "yellow"])
    assert camera.frame() is None and camera.jpeg() is None
    reading = camera.read(state)
    assert reading is not None and reading.observation is not None
    assert reading.observation.weather == 0
    camera.inject(("weather", 2))
    reading = camera.read(state)
    assert reading is not None and reading.observation is not None
    assert reading.observation.weather == 2
    frame = camera.frame()
    assert frame is not None and frame.shape == (180, 320, 3)
    assert camera.frame() is frame  # cached while nothing changes
