"""The table's cameras: the one factory, the synthetic camera and frame source."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.state import new_game
from companion.table import camera as table_camera
from companion.table.camera import (
    CAMERA_SPECS,
    QuietLog,
    SyntheticCamera,
    SyntheticSource,
    VisionCamera,
    WatchedCamera,
    open_camera,
    open_frames,
)
from hardware.camera import REAL_CAMERA_SPECS, CameraError, CameraNotFound, FrameSource
from hardware.camera import open_camera as open_real_camera
from vision.synth import render


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
    tries: list[str] = []

    def missing(spec: str, **_: object) -> object:
        tries.append(spec)
        raise CameraNotFound(f"no camera found: {spec} is not plugged in")

    monkeypatch.setattr(table_camera, "open_real_camera", missing)
    camera = open_camera("auto")
    assert isinstance(camera, WatchedCamera) and camera.detector is None
    assert camera.problem is not None and camera.problem.startswith(
        "No camera: no camera found: auto is not plugged in. The board is not watched")
    state = new_game(["red", "green", "yellow"])
    assert camera.read(state) is None and camera.frame() is None and camera.jpeg() is None
    assert tries == ["auto"]  # not again before the retry delay
    with pytest.raises(ValueError, match="unknown camera 'webcam'"):
        open_camera("webcam")
    with pytest.raises(ValueError, match="'none' is no camera"):
        open_frames("none")


def test_a_camera_found_late_is_used_and_a_failing_one_is_said(tmp_path: Path) -> None:
    now = [0.0]
    frames = tmp_path / "frames"
    opened: list[str] = []

    def opener() -> FrameSource:
        opened.append("try")
        return open_real_camera(f"folder:{frames}", reconnect=True)

    camera = WatchedCamera(f"folder:{frames}", retry=5.0, opener=opener,
                           clock=lambda: now[0])
    assert camera.problem is not None and "no folder" in camera.problem
    state = new_game(["red", "green", "yellow"])
    frames.mkdir()
    cv2.imwrite(str(frames / "frame_000000.png"),
                render(state, seed=3, size=(640, 360)))
    now[0] = 4.0
    assert camera.read(state) is None and len(opened) == 1  # too early to try again
    now[0] = 5.0
    reading = camera.read(state)  # found: read by the vision pipeline
    assert camera.problem is None and camera.detector is not None
    assert reading is not None and reading.observation is not None
    assert reading.observation.board_found
    assert camera.read(state) is None  # the recording ended: no picture, and it says so
    assert camera.problem is not None and "gives no picture" in camera.problem
    camera.close()


def test_warnings_that_repeat_are_held_back() -> None:
    times = iter([0.0, 1.0, 30.0, 60.5, 61.0])
    quiet = QuietLog(every=60.0, clock=lambda: next(times))
    assert [quiet.due() for _ in range(5)] == [0, None, None, 2, None]


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


def test_pages_asking_for_one_board_at_once_get_one_drawing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Every table page asks for the frame when the board changes: two pages, one drawing.
    import threading

    import vision.synth

    drawn: list[object] = []
    started = threading.Event()

    def slow_render(*args: object, **kwargs: object) -> np.ndarray:
        drawn.append(args[0])
        started.set()
        threading.Event().wait(0.2)  # long enough for the second page to ask meanwhile
        return render(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(vision.synth, "render", slow_render)
    camera = SyntheticCamera(push_delay=None, size=(160, 90))
    camera.read(new_game(["red", "green", "yellow"]))
    frames: list[np.ndarray | None] = []
    first = threading.Thread(target=lambda: frames.append(camera.frame()))
    first.start()
    started.wait(5)
    frames.append(camera.frame())
    first.join(5)
    assert len(drawn) == 1
    assert len(frames) == 2 and frames[0] is frames[1]
    camera.read(new_game(["red", "green", "blue"]))  # another board: drawn again
    assert camera.frame() is not frames[0] and len(drawn) == 2


def test_a_camera_found_late_reads_with_the_table_learned_before(tmp_path: Path) -> None:
    from vision.profile import learn_profile

    now = [0.0]
    frames = tmp_path / "frames"
    camera = WatchedCamera(f"folder:{frames}", retry=5.0,
                           opener=lambda: open_real_camera(f"folder:{frames}", reconnect=True),
                           clock=lambda: now[0])
    state = new_game(["red", "green", "yellow"])
    profile = learn_profile(render(state, seed=3, size=(640, 360)), state.players)
    camera.restore_profile(profile)  # at start-up, the camera still missing
    assert camera.detector is None
    frames.mkdir()
    cv2.imwrite(str(frames / "frame_000000.png"), render(state, seed=4, size=(640, 360)))
    now[0] = 5.0
    reading = camera.read(state)
    assert camera.detector is not None and camera.detector.profile is profile  # type: ignore[attr-defined]
    assert reading is not None and reading.observation is not None
    assert sorted(c.colour for c in reading.observation.canoes) == sorted(
        [*state.players] * 2)
    camera.close()
