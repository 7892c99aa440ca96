"""Every frame source that can run here, ``open_camera`` and the reconnecting wrapper."""

from __future__ import annotations

import sys
import types
from pathlib import Path
from typing import Any, ClassVar

import cv2
import numpy as np
import pytest

from hardware import camera as cam
from hardware.camera import (
    CameraError,
    CameraNotFound,
    CameraUnavailable,
    EndOfFrames,
    FolderSource,
    FrameSource,
    OpenCVCamera,
    ReconnectingSource,
    open_camera,
)

# -- a stand-in for picamera2 (it only exists on Raspberry Pi OS) ---------------------------


class StandInPicamera2:
    """STAND-IN for ``picamera2.Picamera2``, injected into ``sys.modules`` by the
    ``picamera2`` fixture. It is not the real library: it records calls and returns an
    ``RGB888`` frame laid out as the real one is (B, G, R bytes, rows padded to a stride).
    """

    cameras: ClassVar[list[dict[str, Any]]] = [{"Model": "imx708", "Num": 0}]
    instances: ClassVar[list[StandInPicamera2]] = []

    def __init__(self, camera_num: int = 0) -> None:
        self.camera_num = camera_num
        self.calls: list[tuple[str, Any]] = []
        self.config: dict[str, Any] = {}
        self.controls: dict[str, Any] = {}
        StandInPicamera2.instances.append(self)

    @staticmethod
    def global_camera_info() -> list[dict[str, Any]]:
        return StandInPicamera2.cameras

    def create_preview_configuration(self, main: dict[str, Any]) -> dict[str, Any]:
        return {"main": dict(main), "use_case": "preview"}

    def configure(self, config: dict[str, Any]) -> None:
        self.calls.append(("configure", config))
        self.config = config

    def start(self) -> None:
        self.calls.append(("start", None))

    def capture_array(self, name: str = "main") -> np.ndarray:
        w, h = self.config["main"]["size"]
        frame = np.zeros((h, w + 16, 3), np.uint8)  # 16 pixels of stride padding
        frame[:, :w] = (200, 100, 50)  # RGB888 in memory: B=200, G=100, R=50
        return frame

    def capture_metadata(self) -> dict[str, Any]:
        return {"ExposureTime": 12000, "AnalogueGain": 2.5, "ColourGains": [1.9, 1.4], "Lux": 300.0}

    def set_controls(self, controls: dict[str, Any]) -> None:
        self.calls.append(("set_controls", controls))
        self.controls.update(controls)

    def stop(self) -> None:
        self.calls.append(("stop", None))

    def close(self) -> None:
        self.calls.append(("close", None))


@pytest.fixture
def picamera2(monkeypatch: pytest.MonkeyPatch) -> type[StandInPicamera2]:
    """Inject the STAND-IN picamera2 module (see :class:`StandInPicamera2`)."""
    module = types.ModuleType("picamera2")
    module.Picamera2 = StandInPicamera2  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "picamera2", module)
    monkeypatch.setattr(StandInPicamera2, "cameras", [{"Model": "imx708", "Num": 0}])
    monkeypatch.setattr(StandInPicamera2, "instances", [])
    return StandInPicamera2


@pytest.fixture
def no_picamera2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "picamera2", None)  # import picamera2 -> ImportError


def test_picamera_stand_in_rgb888_is_bgr_in_memory(picamera2: type[StandInPicamera2]) -> None:
    with open_camera("picamera", size=(64, 48)) as camera:
        frame = camera.read()
        stand_in = picamera2.instances[0]
        assert stand_in.config["main"] == {"format": "RGB888", "size": (64, 48)}
        assert frame.shape == (48, 64, 3) and frame.dtype == np.uint8
        assert tuple(frame[0, 0]) == (200, 100, 50)  # no channel swap: already BGR
        assert frame.flags.c_contiguous
        assert camera.spec == "picamera" and camera.size == (64, 48)
    assert stand_in.calls[-2:] == [("stop", None), ("close", None)]


def test_picamera_stand_in_locks_exposure_and_white_balance(
    picamera2: type[StandInPicamera2],
) -> None:
    with open_camera("picamera", size=(64, 48)) as camera:
        locked = camera.lock_exposure()
        stand_in = picamera2.instances[0]
        assert locked == {
            "AeEnable": False,
            "AwbEnable": False,
            "ExposureTime": 12000,
            "AnalogueGain": 2.5,
            "ColourGains": (1.9, 1.4),
        }
        assert stand_in.controls == locked
        camera.unlock_exposure()
        assert stand_in.controls["AeEnable"] is True and stand_in.controls["AwbEnable"] is True


def test_picamera_with_no_camera_attached_is_named(
    picamera2: type[StandInPicamera2], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(StandInPicamera2, "cameras", [])
    with pytest.raises(CameraNotFound, match=r"no Raspberry Pi camera 0 .*ribbon cable"):
        open_camera("picamera")


def test_picamera_without_picamera2_says_how_to_install_it(no_picamera2: None) -> None:
    with pytest.raises(CameraNotFound, match=r"python3-picamera2.*--system-site-packages"):
        open_camera("picamera")


def test_auto_prefers_the_pi_camera(picamera2: type[StandInPicamera2]) -> None:
    with open_camera("auto", size=(64, 48)) as camera:
        assert camera.spec == "picamera"


def test_auto_without_any_camera_fails_loudly(
    no_picamera2: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cam, "webcam_indices", lambda: [])
    with pytest.raises(CameraNotFound, match="no camera found") as raised:
        open_camera("auto", size=(160, 120))
    assert "python3-picamera2" in str(raised.value) and "no webcam" in str(raised.value)


def _record(folder: Path, count: int, size: tuple[int, int] = (64, 48)) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(count):
        frame = np.zeros((size[1], size[0], 3), np.uint8)
        frame[:, :] = (i * 10, 0, 255 - i * 10)
        cv2.imwrite(str(folder / f"frame_{i:06d}.png"), frame)


def test_folder_replays_frames_in_order(tmp_path: Path) -> None:
    _record(tmp_path / "rec", 3)
    (tmp_path / "rec" / "notes.txt").write_text("not a frame")
    with open_camera("folder:" + str(tmp_path / "rec"), size=(64, 48)) as camera:
        blues = [int(camera.read()[0, 0, 0]) for _ in range(3)]
        assert blues == [0, 10, 20]
        with pytest.raises(EndOfFrames):
            camera.read()
    looping = FolderSource(tmp_path / "rec", loop=True, size=(32, 24))
    frames = [looping.read() for _ in range(4)]
    assert frames[3].shape == (24, 32, 3) and int(frames[3][0, 0, 0]) == 0


def test_missing_or_empty_folder_is_named(tmp_path: Path) -> None:
    with pytest.raises(CameraNotFound, match="no folder"):
        open_camera(f"folder:{tmp_path / 'nope'}")
    with pytest.raises(CameraNotFound, match="no frames"):
        open_camera(f"folder:{tmp_path}")


def test_opencv_reads_a_video_file(tmp_path: Path) -> None:
    path = tmp_path / "game.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (64, 48))
    for i in range(4):
        writer.write(np.full((48, 64, 3), (40 * i, 100, 200), np.uint8))
    writer.release()
    with open_camera(f"opencv:{path}") as camera:
        assert camera.size == (64, 48)
        frames = [camera.read() for _ in range(4)]
        assert [abs(int(f[10, 10, 0]) - 40 * i) < 8 for i, f in enumerate(frames)] == [True] * 4
        assert abs(int(frames[0][10, 10, 2]) - 200) < 8  # red stays red: BGR
        with pytest.raises(EndOfFrames):
            camera.read()
    with OpenCVCamera(path, loop=True) as camera:
        assert len([camera.read() for _ in range(9)]) == 9


def test_a_missing_webcam_or_file_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(CameraNotFound, match="no webcam 7"):
        open_camera("opencv:7")
    with pytest.raises(CameraNotFound, match="no video file"):
        open_camera("opencv:/nowhere/game.mp4")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("webcam", r"unknown camera 'webcam': use auto, picamera\[:N\], opencv:N"),
        ("synthetic", "unknown camera 'synthetic'"),
        ("synthetic:3", "unknown camera"),
        ("opencv", "opencv needs a webcam index or a video file"),
        ("folder:", "folder needs a path"),
        ("picamera:x", "the camera number must be"),
    ],
)
def test_bad_specs_say_what_to_write(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        open_camera(spec)


# -- reconnecting -------------------------------------------------------------------------


class FlakySource(FrameSource):
    """A fake camera: gives ``good`` frames, then fails (unplugged)."""

    def __init__(self, good: int, value: int) -> None:
        super().__init__((8, 6))
        self.spec = "fake:0"
        self.good = good
        self.value = value

    def _read(self) -> np.ndarray:
        if self.good <= 0:
            raise CameraError("USB device gone")
        self.good -= 1
        return np.full((6, 8, 3), self.value, np.uint8)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_reconnect_reports_the_disconnect_and_backs_off_until_the_camera_is_back() -> None:
    clock = Clock()
    statuses: list[tuple[str, str]] = []
    opens: list[float] = []
    plan: list[FrameSource | Exception] = [
        CameraNotFound("no webcam 0"),
        CameraNotFound("no webcam 0"),
        FlakySource(5, 2),
    ]

    def opener() -> FrameSource:
        opens.append(clock.now)
        step = plan.pop(0)
        if isinstance(step, Exception):
            raise step
        return step

    camera = ReconnectingSource(
        opener,
        source=FlakySource(2, 1),
        backoff=(0.5, 1, 2),
        on_status=lambda s, m: statuses.append((s, m)),
        clock=clock,
    )
    assert int(camera.read()[0, 0, 0]) == 1
    assert int(camera.read()[0, 0, 0]) == 1
    with pytest.raises(CameraUnavailable, match=r"disconnected: USB device gone"):
        camera.read()
    assert statuses == [("disconnected", "camera fake:0 disconnected: USB device gone")]
    assert not camera.connected and camera.retry_in == 0.5
    with pytest.raises(CameraUnavailable, match=r"next try in 0.5 s"):
        camera.read()  # too early: no attempt
    assert opens == []
    clock.now += 0.5
    with pytest.raises(CameraUnavailable, match=r"still away .*next try in 1 s"):
        camera.read()
    clock.now += 1
    with pytest.raises(CameraUnavailable, match=r"next try in 2 s"):
        camera.read()
    clock.now += 1.5
    with pytest.raises(CameraUnavailable):
        camera.read()  # 2 s not yet over
    clock.now += 0.5
    assert int(camera.read()[0, 0, 0]) == 2
    assert opens == [100.5, 101.5, 103.5]
    assert statuses[-1] == ("connected", "camera fake:0 is back")
    assert camera.connected and camera.disconnects == 1 and camera.size == (8, 6)
    camera.close()
    camera.close()


def test_reconnect_lets_the_end_of_a_recording_through(tmp_path: Path) -> None:
    _record(tmp_path, 1)
    camera = open_camera(f"folder:{tmp_path}", reconnect=True)
    assert isinstance(camera, ReconnectingSource)
    camera.read()
    with pytest.raises(EndOfFrames):
        camera.read()
    assert camera.disconnects == 0


def test_reconnect_reopens_the_same_camera_not_another(
    picamera2: type[StandInPicamera2], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cam, "webcam_indices", lambda: [0])
    camera = open_camera("auto", size=(64, 48), reconnect=True)
    assert camera.spec == "picamera"
    opened: list[str] = []
    real_open = cam._open
    monkeypatch.setattr(
        cam, "_open", lambda spec, **kw: (opened.append(spec), real_open(spec, **kw))[1]
    )
    camera._source = None  # as after a disconnect
    assert camera.read().shape == (48, 64, 3)
    assert opened == ["picamera"]
