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

IMX708_MODES = [  # Camera Module 3, as picamera2's sensor_modes lists them
    {"size": (1536, 864), "crop_limits": (768, 432, 3072, 1728), "fps": 120.13,
     "bit_depth": 10},
    {"size": (2304, 1296), "crop_limits": (0, 0, 4608, 2592), "fps": 56.03, "bit_depth": 10},
    {"size": (4608, 2592), "crop_limits": (0, 0, 4608, 2592), "fps": 14.35, "bit_depth": 10},
]
OLD_LIBCAMERA_CONTROLS = {  # name -> (min, max, default), as camera_controls gives them
    "AeEnable": (False, True, True), "AwbEnable": (False, True, True),
    "ExposureTime": (26, 220417486, 20000), "AnalogueGain": (1.0, 16.0, 1.0),
    "ColourGains": (0.0, 32.0, None), "FrameDurationLimits": (8324, 220459201, None),
    "AeFlickerMode": (0, 1, 0), "AeFlickerPeriod": (100, 1000000, None),
    "AfMode": (0, 2, 0), "AfTrigger": (0, 1, 0), "LensPosition": (0.0, 15.0, 1.0),
}
NEW_LIBCAMERA_CONTROLS = {  # libcamera 0.5: AeEnable and AwbEnable are gone
    k: v for k, v in OLD_LIBCAMERA_CONTROLS.items() if k not in ("AeEnable", "AwbEnable")
} | {"ExposureTimeMode": (0, 1, 0), "AnalogueGainMode": (0, 1, 0)}


class StandInPicamera2:
    """STAND-IN for ``picamera2.Picamera2``, injected into ``sys.modules`` by the
    ``picamera2`` fixture. It is not the real library: it records calls, returns an
    ``RGB888`` frame laid out as the real one is (B, G, R bytes, rows padded to a stride),
    and behaves like it where the table depends on it: a camera held by an instance not
    closed is busy, ``capture_array(wait=s)`` raises ``TimeoutError`` when the camera
    stalls, ``set_controls`` refuses a control the camera does not advertise.
    """

    cameras: ClassVar[list[dict[str, Any]]] = [{"Model": "imx708", "Num": 0}]
    instances: ClassVar[list[StandInPicamera2]] = []
    held: ClassVar[set[int]] = set()
    modes: ClassVar[list[dict[str, Any]]] = IMX708_MODES
    available: ClassVar[dict[str, Any]] = OLD_LIBCAMERA_CONTROLS
    fail_configure: ClassVar[str | None] = None
    frames_before_stall: ClassVar[int | None] = None
    metadata: ClassVar[dict[str, Any]] = {}

    def __init__(self, camera_num: int = 0) -> None:
        if camera_num in StandInPicamera2.held:
            raise RuntimeError("Failed to acquire camera: Device or resource busy")
        StandInPicamera2.held.add(camera_num)
        self.camera_num = camera_num
        self.calls: list[tuple[str, Any]] = []
        self.config: dict[str, Any] = {}
        self.controls: dict[str, Any] = {}
        self.frames = 0
        self.closed = False
        StandInPicamera2.instances.append(self)

    @staticmethod
    def global_camera_info() -> list[dict[str, Any]]:
        return StandInPicamera2.cameras

    @property
    def sensor_modes(self) -> list[dict[str, Any]]:
        return StandInPicamera2.modes

    @property
    def camera_controls(self) -> dict[str, Any]:
        return StandInPicamera2.available

    def create_preview_configuration(
        self, main: dict[str, Any], sensor: dict[str, Any] | None = None,
        controls: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        return {"main": dict(main), "sensor": dict(sensor or {}),
                "controls": dict(controls or {}), "use_case": "preview"}

    def configure(self, config: dict[str, Any]) -> None:
        self.calls.append(("configure", config))
        if StandInPicamera2.fail_configure:
            raise RuntimeError(StandInPicamera2.fail_configure)
        self._check(config["controls"])
        self.config = config

    def start(self) -> None:
        self.calls.append(("start", None))

    def capture_array(self, name: str = "main", wait: float | None = None) -> np.ndarray:
        stall = StandInPicamera2.frames_before_stall
        if stall is not None and self.frames >= stall:
            assert wait is not None, "a stalled camera with no wait= blocks forever"
            self.calls.append(("capture_array timed out", wait))
            raise TimeoutError
        self.frames += 1
        w, h = self.config["main"]["size"]
        frame = np.zeros((h, w + 16, 3), np.uint8)  # 16 pixels of stride padding
        frame[:, :w] = (200, 100, 50)  # RGB888 in memory: B=200, G=100, R=50
        return frame

    def capture_metadata(self, wait: float | None = None) -> dict[str, Any]:
        return dict(StandInPicamera2.metadata)

    def cancel_all_and_flush(self) -> None:
        self.calls.append(("cancel_all_and_flush", None))

    def _check(self, controls: dict[str, Any]) -> None:
        for name in controls:
            if name not in self.camera_controls:
                raise RuntimeError(f"Control {name} is not advertised by libcamera")

    def set_controls(self, controls: dict[str, Any]) -> None:
        self._check(controls)
        self.calls.append(("set_controls", controls))
        self.controls.update(controls)

    def stop(self) -> None:
        self.calls.append(("stop", None))

    def close(self) -> None:
        self.calls.append(("close", None))
        self.closed = True
        StandInPicamera2.held.discard(self.camera_num)


@pytest.fixture
def picamera2(monkeypatch: pytest.MonkeyPatch) -> type[StandInPicamera2]:
    """Inject the STAND-IN picamera2 module (see :class:`StandInPicamera2`)."""
    module = types.ModuleType("picamera2")
    module.Picamera2 = StandInPicamera2  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "picamera2", module)
    for name, value in (("cameras", [{"Model": "imx708", "Num": 0}]), ("instances", []),
                        ("held", set()), ("modes", IMX708_MODES),
                        ("available", OLD_LIBCAMERA_CONTROLS), ("fail_configure", None),
                        ("frames_before_stall", None),
                        ("metadata", {"ExposureTime": 12000, "AnalogueGain": 2.5,
                                      "ColourGains": [1.9, 1.4], "Lux": 300.0})):
        monkeypatch.setattr(StandInPicamera2, name, value)
    for name in ("NIAGARA_MAINS_HZ", "NIAGARA_CAMERA_FPS", "NIAGARA_FOCUS_M"):
        monkeypatch.delenv(name, raising=False)
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


def test_picamera_sees_the_whole_board_at_a_modest_rate_without_flicker(
    picamera2: type[StandInPicamera2],
) -> None:
    with open_camera("picamera", size=(1280, 720)) as camera:
        config = picamera2.instances[0].config
    # not the 1536x864 mode: it is a crop of the sensor's centre
    assert config["sensor"] == {"output_size": (2304, 1296), "bit_depth": 10}
    assert config["controls"] == {"FrameDurationLimits": (100000, 100000),
                                  "AeFlickerMode": 1, "AeFlickerPeriod": 10000}
    assert isinstance(camera, cam.PiCamera) and camera.sensor_mode == IMX708_MODES[1]


def test_full_view_mode_choices() -> None:
    assert cam.full_view_mode(IMX708_MODES, (4000, 2000)) == IMX708_MODES[2]
    assert cam.full_view_mode(IMX708_MODES, (6000, 4000)) == IMX708_MODES[2]  # the largest
    assert cam.full_view_mode(IMX708_MODES, (640, 480), fps=30) == IMX708_MODES[1]
    assert cam.full_view_mode(IMX708_MODES, (2400, 1300)) == IMX708_MODES[2]
    assert cam.full_view_mode(IMX708_MODES, (640, 480), fps=60) == IMX708_MODES[2]  # none that fast
    assert cam.full_view_mode([{"format": "MJPEG"}], (640, 480)) is None  # a USB camera


def test_a_camera_without_modes_or_controls_gets_the_plain_configuration(
    picamera2: type[StandInPicamera2], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(StandInPicamera2, "modes", [{"format": "MJPEG"}])
    monkeypatch.setattr(StandInPicamera2, "available", {"ExposureTime": (1, 100000, 0),
                                                        "AnalogueGain": (1.0, 8.0, 1.0)})
    with open_camera("picamera", size=(64, 48)) as camera:
        config = picamera2.instances[0].config
        assert config["sensor"] == {} and config["controls"] == {}
        assert camera.read().shape == (48, 64, 3)
        assert picamera2.instances[0].controls == {}  # no autofocus to set


@pytest.mark.parametrize(
    ("mains", "period", "exposure", "gain"),
    [
        ("50", 10000, 10000, 3.0),  # 12 ms -> one 10 ms flicker period, the gain makes up
        ("60", 8333, 8333, 3.6),
        ("off", None, 12000, 2.5),
    ],
)
def test_lock_rounds_exposure_to_the_flicker_period(
    picamera2: type[StandInPicamera2], monkeypatch: pytest.MonkeyPatch,
    mains: str, period: int | None, exposure: int, gain: float,
) -> None:
    monkeypatch.setenv("NIAGARA_MAINS_HZ", mains)
    with open_camera("picamera", size=(64, 48)) as camera:
        stand_in = picamera2.instances[0]
        assert stand_in.config["controls"].get("AeFlickerPeriod") == period
        locked = camera.lock_exposure()
        assert locked == {"ExposureTime": exposure, "AnalogueGain": gain,
                          "ColourGains": (1.9, 1.4), "AeEnable": False, "AwbEnable": False}
        assert stand_in.controls | locked == stand_in.controls


def test_bright_light_keeps_a_short_exposure(
    picamera2: type[StandInPicamera2], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(StandInPicamera2, "metadata",
                        {"ExposureTime": 2000, "AnalogueGain": 1.0, "ColourGains": (2.0, 1.5)})
    with open_camera("picamera", size=(64, 48)) as camera:
        assert camera.lock_exposure()["ExposureTime"] == 2000


@pytest.mark.parametrize("controls", [OLD_LIBCAMERA_CONTROLS, NEW_LIBCAMERA_CONTROLS])
def test_unlock_works_on_old_and_current_libcamera(
    picamera2: type[StandInPicamera2], monkeypatch: pytest.MonkeyPatch,
    controls: dict[str, Any],
) -> None:
    monkeypatch.setattr(StandInPicamera2, "available", controls)
    with open_camera("picamera", size=(64, 48)) as camera:
        locked = camera.lock_exposure()
        assert ("AeEnable" in locked) == ("AeEnable" in controls)
        camera.unlock_exposure()  # the stand-in refuses controls the camera lacks
        last = picamera2.instances[0].calls[-1]
        assert last[0] == "set_controls"
        assert last[1]["ExposureTime"] == 0 and last[1]["AnalogueGain"] == 0
        assert last[1].get("AeEnable", True) is True


def test_autofocus_is_set_once_for_the_board(
    picamera2: type[StandInPicamera2], monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_camera("picamera", size=(64, 48)):
        assert picamera2.instances[-1].controls == {"AfMode": 1, "AfTrigger": 0}  # one cycle
    monkeypatch.setenv("NIAGARA_FOCUS_M", "0.8")
    with open_camera("picamera", size=(64, 48)):
        assert picamera2.instances[-1].controls == {"AfMode": 0, "LensPosition": 1.25}
    monkeypatch.setattr(StandInPicamera2, "available",  # HQ camera: a manual lens
                        {k: v for k, v in OLD_LIBCAMERA_CONTROLS.items() if not k.startswith(
                            ("Af", "Lens"))})
    with open_camera("picamera", size=(64, 48)):
        assert picamera2.instances[-1].controls == {}


def test_a_stalled_camera_times_out_and_is_reopened(
    picamera2: type[StandInPicamera2], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(StandInPicamera2, "frames_before_stall", 2)
    clock = Clock()
    statuses: list[tuple[str, str]] = []
    first = cam.PiCamera((64, 48), settings=cam.PiCameraSettings(capture_timeout=0.5))
    camera = ReconnectingSource(
        lambda: cam.PiCamera((64, 48), settings=cam.PiCameraSettings(capture_timeout=0.5)),
        source=first, on_status=lambda s, m: statuses.append((s, m)), clock=clock)
    locked = camera.lock_exposure()
    camera.read()
    camera.read()
    with pytest.raises(CameraUnavailable, match=r"no frame within 0.5 s \(the camera stalled"):
        camera.read()
    stalled = picamera2.instances[0]
    assert stalled.calls[-4:] == [("capture_array timed out", 0.5),
                                  ("cancel_all_and_flush", None), ("stop", None),
                                  ("close", None)]
    assert statuses[0][0] == "disconnected"
    clock.now += 0.5
    assert camera.read().shape == (48, 64, 3)  # a new Picamera2: not busy, the old one closed
    reopened = picamera2.instances[1]
    assert reopened.controls | locked == reopened.controls  # the lock survives the reopen
    assert statuses[-1] == ("connected", "camera picamera is back")


def test_a_camera_that_fails_to_start_is_closed_so_the_next_open_works(
    picamera2: type[StandInPicamera2], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(StandInPicamera2, "fail_configure", "Failed to configure: -EINVAL")
    with pytest.raises(CameraNotFound, match="does not start: Failed to configure"):
        open_camera("picamera", size=(64, 48))
    assert picamera2.instances[0].closed
    monkeypatch.setattr(StandInPicamera2, "fail_configure", None)
    with open_camera("picamera", size=(64, 48)) as camera:
        assert camera.read().shape == (48, 64, 3)


def test_a_busy_camera_says_so(picamera2: type[StandInPicamera2]) -> None:
    with open_camera("picamera", size=(64, 48)), pytest.raises(
        CameraNotFound, match=r"Device or resource busy.*another program holds it"
    ):
        open_camera("picamera", size=(64, 48))


def test_picamera_with_no_camera_attached_is_named(
    picamera2: type[StandInPicamera2], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(StandInPicamera2, "cameras", [])
    with pytest.raises(CameraNotFound, match=r"no Raspberry Pi camera 0 .*ribbon cable"):
        open_camera("picamera")


def test_picamera_without_picamera2_says_how_to_install_it(no_picamera2: None) -> None:
    with pytest.raises(CameraNotFound, match=r"python3-picamera2.*--system-site-packages"):
        open_camera("picamera")


@pytest.mark.parametrize(
    ("raises", "message"),
    [
        ("ValueError('numpy.dtype size changed, may indicate binary incompatibility. "
         "Expected 96 from C header, got 88 from PyObject')",
         r"fails to import \(ValueError: numpy.dtype size changed.*constraints file"),
        ("RuntimeError('libcamera.so.0.3: cannot open shared object file')",
         r"fails to import \(RuntimeError: libcamera.so.*python3-libcamera"),
        ("ImportError('No module named libcamera')",
         r"cannot be imported \(No module named libcamera\).*system-site-packages"),
    ],
)
def test_any_import_failure_of_picamera2_names_its_cause(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, raises: str, message: str
) -> None:
    package = tmp_path / "picamera2"
    package.mkdir()
    (package / "__init__.py").write_text(f"raise {raises}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "picamera2", raising=False)
    with pytest.raises(CameraNotFound, match=message):
        open_camera("picamera")
    monkeypatch.setattr(cam, "webcam_indices", lambda: [])
    with pytest.raises(CameraNotFound, match=r"no camera found: .*picamera2"):
        open_camera("auto")


def test_camera_settings_from_the_environment() -> None:
    settings = cam.PiCameraSettings.from_env(
        {"NIAGARA_MAINS_HZ": "60", "NIAGARA_CAMERA_FPS": "5", "NIAGARA_FOCUS_M": "0.7"})
    assert (settings.flicker_period_us, settings.frame_duration_us, settings.focus_m) == (
        8333, 200000, 0.7)
    assert cam.PiCameraSettings.from_env({"NIAGARA_MAINS_HZ": "off"}).mains_hz is None
    assert cam.PiCameraSettings.from_env({}).mains_hz == 50
    with pytest.raises(ValueError, match="use 50 or 60"):
        cam.PiCameraSettings.from_env({"NIAGARA_MAINS_HZ": "230"})
    with pytest.raises(ValueError, match="camera settings from the environment"):
        cam.PiCameraSettings.from_env({"NIAGARA_CAMERA_FPS": "fast"})


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
    camera._source.close()  # as after a disconnect
    camera._source = None
    assert camera.read().shape == (48, 64, 3)
    assert opened == ["picamera"]
