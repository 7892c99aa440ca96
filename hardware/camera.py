"""Every camera behind one interface: :class:`FrameSource`.

Channel order is decided here, once: every source returns **BGR** ``uint8`` arrays of
shape ``(height, width, 3)``, what OpenCV and :mod:`vision` expect.

- :class:`PiCamera`: the Raspberry Pi camera through picamera2 (imported lazily: it
  exists only on Raspberry Pi OS). Its ``RGB888`` stream is B, G, R in memory.
- :class:`OpenCVCamera`: a USB webcam by index, or a video file.
- :class:`FolderSource`: recorded frames (``niagara-companion record``), replayed.
- :class:`ReconnectingSource`: wraps any of them; a camera that disconnects is
  reported and reopened with backoff instead of crashing the service.

:func:`open_camera` builds one from a spec (:data:`REAL_CAMERA_SPECS`): ``auto``,
``picamera``, ``opencv:N``, ``opencv:FILE`` or ``folder:DIR``. This package opens real
cameras only and knows nothing of the game; the synthetic camera that draws the game is
the table service's (:mod:`companion.table.camera`).

>>> import cv2, tempfile
>>> folder = tempfile.mkdtemp()
>>> cv2.imwrite(f"{folder}/0001.png", np.zeros((240, 320, 3), np.uint8))
True
>>> with open_camera(f"folder:{folder}", size=(320, 240)) as camera:
...     frame = camera.read()
>>> frame.shape, frame.dtype, camera.spec == f"folder:{folder}"
((240, 320, 3), dtype('uint8'), True)
"""

from __future__ import annotations

import abc
import glob
import logging
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from time import monotonic
from typing import Any

import numpy as np

log = logging.getLogger(__name__)

Size = tuple[int, int]
"""``(width, height)`` in pixels."""

DEFAULT_SIZE: Size = (1280, 720)
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp")
REAL_CAMERA_SPECS: tuple[str, ...] = (
    "auto", "picamera[:N]", "opencv:N", "opencv:FILE", "folder:DIR")
"""The real cameras this package opens (the synthetic one lives with the table service:
:mod:`companion.table.camera`, which adds it to these for ``--camera``)."""


class CameraError(RuntimeError):
    """A camera failed (a read error, a disconnect)."""


class CameraNotFound(CameraError):
    """The requested camera is not there; the message says what is missing."""


class CameraUnavailable(CameraError):
    """The camera is disconnected for now; :class:`ReconnectingSource` is retrying."""


class EndOfFrames(CameraError):
    """A recording (video file, folder) has no more frames."""


class FrameSource(abc.ABC):
    """Where frames come from. Subclasses implement :meth:`_read` (and :meth:`_close`).

    A source is a context manager; :meth:`close` is idempotent.
    """

    spec: str = "?"
    """The spec that opens this same camera again (``opencv:0``, ``folder:/x``...)."""

    def __init__(self, size: Size) -> None:
        self._size: Size = (int(size[0]), int(size[1]))
        self._closed = False

    @property
    def size(self) -> Size:
        """Frame ``(width, height)``."""
        return self._size

    @property
    def closed(self) -> bool:
        return self._closed

    def read(self) -> np.ndarray:
        """The next frame: BGR ``uint8``, shape ``(height, width, 3)``.

        :raises CameraError: the camera failed; :class:`EndOfFrames` at the end of a
            recording.
        """
        if self._closed:
            raise CameraError(f"{self.spec}: the camera is closed")
        frame = self._read()
        return _as_bgr(frame, self._size, self.spec)

    @abc.abstractmethod
    def _read(self) -> np.ndarray:
        """One frame as the device gives it (``read`` checks and converts it)."""

    def lock_exposure(self) -> dict[str, Any]:
        """Freeze exposure and white balance at their current values (after calibration),
        so that colours stay stable. Returns the controls set ({} if nothing to lock)."""
        return {}

    def unlock_exposure(self) -> None:  # noqa: B027 - optional: most cameras have nothing to do
        """Back to automatic exposure and white balance."""

    def restore_exposure(self, controls: Mapping[str, Any]) -> None:  # noqa: B027 - optional
        """Set again what :meth:`lock_exposure` returned (saved with a calibration)."""

    def close(self) -> None:
        """Release the camera (idempotent)."""
        if not self._closed:
            self._closed = True
            self._close()

    def _close(self) -> None:  # noqa: B027 - optional hook: nothing to release by default
        pass

    def __enter__(self) -> FrameSource:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        w, h = self._size
        return f"<{type(self).__name__} {self.spec} {w}x{h}{' closed' if self._closed else ''}>"


def _as_bgr(frame: Any, size: Size, spec: str) -> np.ndarray:
    import cv2
    if not isinstance(frame, np.ndarray) or frame.ndim not in (2, 3):
        raise CameraError(f"{spec}: the camera returned no image")
    if frame.ndim == 2:
        frame = cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    elif frame.shape[2] == 4:
        frame = frame[:, :, :3]
    if frame.dtype != np.uint8:
        frame = np.clip(frame, 0, 255).astype(np.uint8)
    if (frame.shape[1], frame.shape[0]) != size:
        frame = cv2.resize(frame, size, interpolation=cv2.INTER_AREA)
    return np.ascontiguousarray(frame)


# -- picamera2 ---------------------------------------------------------------------------

AE_FLICKER_MANUAL = 1
"""libcamera ``AeFlickerModeEnum.FlickerManual``: avoid the flicker of ``AeFlickerPeriod``."""
AF_MODE_MANUAL, AF_MODE_AUTO = 0, 1
"""libcamera ``AfModeEnum``: the lens stays where it is put / focuses once when triggered."""
AF_TRIGGER_START = 0


@dataclass(frozen=True)
class PiCameraSettings:
    """How the Raspberry Pi camera is set up for the table.

    :param mains_hz: the mains frequency (50 in Europe, 60 in North America): lamps
        flicker at twice it, and exposure avoids that flicker. ``None``: no flicker
        control (daylight only).
    :param fps: frames per second the sensor runs at: the service reads about two a
        second, so a modest rate saves power and heat.
    :param capture_timeout: seconds to wait for a frame before the camera counts as
        stalled (then it is closed and reopened by :class:`ReconnectingSource`).
    :param focus_m: the camera's distance to the board in metres, for cameras with
        autofocus (Camera Module 3): the lens is set there once. ``None``: one
        autofocus cycle at start, then the lens stays put.

    :meth:`from_env` reads ``NIAGARA_MAINS_HZ`` (``50``, ``60`` or ``off``),
    ``NIAGARA_CAMERA_FPS`` and ``NIAGARA_FOCUS_M``.

    >>> PiCameraSettings().flicker_period_us
    10000
    >>> PiCameraSettings(mains_hz=60).flicker_period_us
    8333
    """

    mains_hz: float | None = 50.0
    fps: float = 10.0
    capture_timeout: float = 2.0
    focus_m: float | None = None

    def __post_init__(self) -> None:
        if self.mains_hz is not None and not 40 <= self.mains_hz <= 70:
            raise ValueError(f"mains frequency {self.mains_hz} Hz: use 50 or 60 (or off)")
        if not 0.5 <= self.fps <= 60:
            raise ValueError(f"camera frame rate {self.fps}: use 0.5 to 60 frames a second")
        if self.capture_timeout <= 0:
            raise ValueError("the capture timeout must be positive")
        if self.focus_m is not None and self.focus_m <= 0:
            raise ValueError("the focus distance must be positive (metres)")

    @property
    def flicker_period_us(self) -> int | None:
        """The period of lamp flicker in microseconds (twice the mains frequency)."""
        return None if self.mains_hz is None else int(1e6 / (2 * self.mains_hz))

    @property
    def frame_duration_us(self) -> int:
        return round(1e6 / self.fps)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> PiCameraSettings:
        """Settings from the environment (the systemd unit sets them).

        :raises ValueError: a value that is not a number (or ``off``).
        """
        env = os.environ if environ is None else environ
        mains = env.get("NIAGARA_MAINS_HZ", "50").strip().lower()
        fps = env.get("NIAGARA_CAMERA_FPS", "").strip()
        focus = env.get("NIAGARA_FOCUS_M", "").strip()
        try:
            return cls(
                mains_hz=None if mains in ("", "off", "none", "0") else float(mains),
                fps=float(fps) if fps else cls.fps,
                focus_m=float(focus) if focus else None,
            )
        except ValueError as exc:
            raise ValueError(f"camera settings from the environment: {exc}") from None


def full_view_mode(modes: Sequence[Mapping[str, Any]], size: Size,
                   fps: float = 0.0) -> Mapping[str, Any] | None:
    """The sensor mode that sees the whole field of view and is the smallest one at least
    ``size`` (else the largest whole-view one); ``None`` if no mode says its crop.

    A mode "sees the whole view" when its ``crop_limits`` cover (nearly) the whole pixel
    array: on a Camera Module 3 the 1536x864 mode is a crop of the centre, the 2304x1296
    mode bins the whole sensor.

    >>> imx708 = [
    ...     {"size": (1536, 864), "crop_limits": (768, 432, 3072, 1728), "fps": 120.13},
    ...     {"size": (2304, 1296), "crop_limits": (0, 0, 4608, 2592), "fps": 56.03},
    ...     {"size": (4608, 2592), "crop_limits": (0, 0, 4608, 2592), "fps": 14.35}]
    >>> full_view_mode(imx708, (1280, 720))["size"]
    (2304, 1296)
    """
    framed = [m for m in modes if len(m.get("crop_limits", ())) == 4 and "size" in m]
    if not framed:
        return None
    widest = max(m["crop_limits"][2] * m["crop_limits"][3] for m in framed)
    whole = [m for m in framed if m["crop_limits"][2] * m["crop_limits"][3] >= 0.95 * widest]
    big_enough = [m for m in whole
                  if m["size"][0] >= size[0] and m["size"][1] >= size[1]
                  and float(m.get("fps", fps)) >= fps]
    if big_enough:
        return min(big_enough, key=lambda m: m["size"][0] * m["size"][1])
    return max(whole, key=lambda m: m["size"][0] * m["size"][1])


def _import_picamera2() -> Any:
    """``picamera2.Picamera2``, or :class:`CameraNotFound` with the real cause."""
    try:
        from picamera2 import Picamera2
    except ImportError as exc:
        raise CameraNotFound(
            f"the Raspberry Pi camera needs picamera2, which cannot be imported ({exc}): on "
            "Raspberry Pi OS run 'sudo apt install python3-picamera2' and make the virtual "
            "environment with --system-site-packages (make install-pi does both)") from exc
    except Exception as exc:  # numpy ABI mismatch (ValueError), a broken libcamera...
        cause = f"{type(exc).__name__}: {exc}"
        hint = ("a numpy in the virtual environment that apt's picamera2 was not built for: "
                "reinstall with the constraints file of your OS (make install-pi)"
                if "numpy" in str(exc) or "binary incompatib" in str(exc)
                else "check the python3-picamera2 and python3-libcamera packages")
        raise CameraNotFound(f"picamera2 is installed but fails to import ({cause}): "
                             f"{hint}") from exc
    return Picamera2


class PiCamera(FrameSource):
    """The Raspberry Pi camera through picamera2 (Raspberry Pi OS only).

    ``Picamera2(n)`` -> ``configure(create_preview_configuration(main={"format": "RGB888",
    "size": size}, sensor={"output_size": ...}, controls=...))`` -> ``start()`` ->
    ``capture_array(wait=timeout)``: ``RGB888`` is B, G, R in memory, so frames need no
    conversion. The sensor runs in the mode that sees the whole board
    (:func:`full_view_mode`) at a modest frame rate, with exposure avoiding the flicker
    of mains lamps and, where the camera has autofocus, the lens set once
    (:class:`PiCameraSettings`).

    A frame that does not come within ``settings.capture_timeout`` cancels the pending
    capture and raises :class:`CameraError` (under :class:`ReconnectingSource` the
    camera is then closed and reopened). A camera that fails half-way through opening
    is closed again, so that the next attempt does not find it busy.
    """

    def __init__(self, size: Size = DEFAULT_SIZE, *, camera_num: int = 0,
                 settings: PiCameraSettings | None = None) -> None:
        super().__init__(size)
        self.spec = "picamera" if camera_num == 0 else f"picamera:{camera_num}"
        self.settings = settings if settings is not None else PiCameraSettings()
        self.sensor_mode: Mapping[str, Any] | None = None
        """The sensor mode chosen (``size``, ``crop_limits``, ``fps``...)."""
        self.controls_available: dict[str, Any] = {}
        """The controls this camera has (``camera_controls``: name -> (min, max, default))."""
        picamera2 = _import_picamera2()
        try:
            cameras = picamera2.global_camera_info()
        except Exception as exc:
            raise CameraNotFound(f"libcamera cannot list the cameras: {exc}") from None
        if len(cameras) <= camera_num:
            raise CameraNotFound(
                f"no Raspberry Pi camera {camera_num} (libcamera sees {len(cameras)}): "
                "check the ribbon cable and that it is seated the right way round "
                "(rpicam-hello --list-cameras)")
        try:
            self._camera = picamera2(camera_num)
        except Exception as exc:
            busy = "busy" in str(exc).lower()
            raise CameraNotFound(
                f"the Raspberry Pi camera {camera_num} does not open ({exc})"
                + (": another program holds it (rpicam-*, another niagara-companion)"
                   if busy else "")) from None
        try:
            self._configure()
        except Exception as exc:
            self._release_half_open()
            raise CameraNotFound(f"the Raspberry Pi camera does not start: {exc}") from None

    def _configure(self) -> None:
        camera = self._camera
        settings = self.settings
        available = dict(camera.camera_controls)
        self.sensor_mode = full_view_mode(camera.sensor_modes, self._size, settings.fps)
        sensor: dict[str, Any] = {}
        if self.sensor_mode is not None:
            sensor["output_size"] = tuple(self.sensor_mode["size"])
            if "bit_depth" in self.sensor_mode:
                sensor["bit_depth"] = self.sensor_mode["bit_depth"]
        controls: dict[str, Any] = {}
        if "FrameDurationLimits" in available:
            duration = settings.frame_duration_us
            controls["FrameDurationLimits"] = (duration, duration)
        period = settings.flicker_period_us
        if period is not None and "AeFlickerMode" in available:
            controls["AeFlickerMode"] = AE_FLICKER_MANUAL
            controls["AeFlickerPeriod"] = period
        config = camera.create_preview_configuration(
            main={"format": "RGB888", "size": self._size}, sensor=sensor, controls=controls)
        camera.configure(config)
        camera.start()
        if "AfMode" in available:
            if settings.focus_m is not None:
                camera.set_controls({"AfMode": AF_MODE_MANUAL,
                                     "LensPosition": round(1.0 / settings.focus_m, 3)})
            else:
                camera.set_controls({"AfMode": AF_MODE_AUTO, "AfTrigger": AF_TRIGGER_START})
        self.controls_available = available
        log.info("camera %s: sensor mode %s, %g fps, flicker %s, autofocus %s", self.spec,
                 sensor.get("output_size", "default"), settings.fps,
                 f"{period} us" if "AeFlickerPeriod" in controls else "off",
                 "yes" if "AfMode" in available else "none")

    def _release_half_open(self) -> None:
        for step in ("stop", "close"):
            try:
                getattr(self._camera, step)()
            except Exception:
                log.debug("camera %s: %s after a failed start failed", self.spec, step,
                          exc_info=True)

    def _read(self) -> np.ndarray:
        timeout = self.settings.capture_timeout
        try:
            frame = self._camera.capture_array("main", wait=timeout)
        except TimeoutError:
            self._flush()
            raise CameraError(f"{self.spec}: no frame within {timeout:g} s (the camera "
                              "stalled: loose ribbon cable? under-voltage?)") from None
        except Exception as exc:
            raise CameraError(f"{self.spec}: {exc}") from exc
        w, h = self._size
        return np.asarray(frame)[:h, :w, :3]  # RGB888: already B, G, R; no stride padding

    def _flush(self) -> None:
        try:
            self._camera.cancel_all_and_flush()
        except Exception:
            log.debug("camera %s: cancelling the stalled capture failed", self.spec,
                      exc_info=True)

    def _metadata(self) -> Mapping[str, Any]:
        try:
            return dict(self._camera.capture_metadata(wait=self.settings.capture_timeout))
        except TimeoutError:
            self._flush()
            raise CameraError(f"{self.spec}: no frame metadata within "
                              f"{self.settings.capture_timeout:g} s") from None

    def lock_exposure(self) -> dict[str, Any]:
        """Fix exposure time, gain and white-balance gains at what the automatic controls
        chose just now. The exposure time is rounded to whole periods of lamp flicker
        (the gain makes up the difference), so that a locked image does not band.

        :returns: the controls set, to save with the calibration
            (:meth:`restore_exposure` sets them again).
        """
        metadata = self._metadata()
        controls: dict[str, Any] = {}
        exposure = metadata.get("ExposureTime")
        gain = metadata.get("AnalogueGain")
        period = self.settings.flicker_period_us
        if isinstance(exposure, int | float) and isinstance(gain, int | float):
            exposure, gain = int(exposure), float(gain)
            if period is not None and exposure >= period / 2:
                rounded = max(1, round(exposure / period)) * period
                gain = max(1.0, round(gain * exposure / rounded, 3))
                exposure = rounded
            controls["ExposureTime"] = exposure
            controls["AnalogueGain"] = gain
        if "ColourGains" in metadata:
            red, blue = metadata["ColourGains"]
            controls["ColourGains"] = (float(red), float(blue))
        controls.update(self._modes(auto=False))
        self._camera.set_controls(controls)
        log.info("camera exposure locked: %s", controls)
        return controls

    def _modes(self, *, auto: bool) -> dict[str, Any]:
        """``AeEnable``/``AwbEnable`` where libcamera still has them (newer libcamera
        switches by the value of ``ExposureTime``/``AnalogueGain``: 0 is automatic)."""
        available = self.controls_available
        return {name: auto for name in ("AeEnable", "AwbEnable") if name in available}

    def restore_exposure(self, controls: Mapping[str, Any]) -> None:
        """Set exposure and white balance saved from :meth:`lock_exposure`."""
        wanted = {k: (tuple(v) if isinstance(v, list) else v) for k, v in controls.items()
                  if k in self.controls_available}
        self._camera.set_controls(wanted)

    def unlock_exposure(self) -> None:
        """Back to automatic exposure, gain and white balance (``ExposureTime`` and
        ``AnalogueGain`` 0: current libcamera's way; ``AeEnable``/``AwbEnable`` where they
        still exist)."""
        self._camera.set_controls({"ExposureTime": 0, "AnalogueGain": 0,
                                   **self._modes(auto=True)})

    def set_controls(self, controls: Mapping[str, Any]) -> None:
        """Apply libcamera controls."""
        self._camera.set_controls(dict(controls))

    def _close(self) -> None:
        try:
            self._camera.stop()
        finally:
            self._camera.close()


# -- OpenCV ------------------------------------------------------------------------------


class OpenCVCamera(FrameSource):
    """A USB webcam (an index: ``/dev/videoN``) or a video file, through OpenCV.

    :param loop: for a file, start again at the end instead of raising
        :class:`EndOfFrames`.
    """

    def __init__(self, device: int | str | Path, size: Size | None = DEFAULT_SIZE, *,
                 loop: bool = False) -> None:
        import cv2
        self._is_file = not isinstance(device, int)
        self._device: int | str = device if isinstance(device, int) else str(device)
        self._loop = loop
        self.spec = f"opencv:{device}"
        if self._is_file and not Path(str(self._device)).is_file():
            raise CameraNotFound(f"no video file {device}")
        if not self._is_file and os.name == "posix" and not Path(f"/dev/video{device}").exists():
            raise CameraNotFound(f"no webcam {device}: /dev/video{device} does not exist")
        self._capture = cv2.VideoCapture(self._device)
        if not self._capture.isOpened():
            self._capture.release()
            what = "video file" if self._is_file else "webcam"
            raise CameraNotFound(f"OpenCV cannot open the {what} {device}")
        if not self._is_file and size is not None:
            self._capture.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
            self._capture.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])
        ok, first = self._capture.read()
        if not ok or first is None:
            self._capture.release()
            raise CameraNotFound(f"{self.spec} opens but gives no frame")
        self._pending: np.ndarray | None = first
        native = (first.shape[1], first.shape[0])
        super().__init__(native if self._is_file or size is None else size)

    def _read(self) -> np.ndarray:
        import cv2
        if self._pending is not None:
            frame, self._pending = self._pending, None
            return frame
        ok, frame = self._capture.read()
        if not ok and self._is_file and self._loop:
            self._capture.set(cv2.CAP_PROP_POS_FRAMES, 0)
            ok, frame = self._capture.read()
        if not ok or frame is None:
            if self._is_file:
                raise EndOfFrames(f"{self.spec}: end of the video")
            raise CameraError(f"{self.spec}: the webcam gives no frame (unplugged?)")
        return frame

    def lock_exposure(self) -> dict[str, Any]:
        """For a webcam: V4L2 manual exposure and fixed white balance (if the driver
        allows)."""
        import cv2
        if self._is_file:
            return {}
        locked: dict[str, Any] = {}
        exposure = self._capture.get(cv2.CAP_PROP_EXPOSURE)
        if self._capture.set(cv2.CAP_PROP_AUTO_EXPOSURE, 1):  # V4L2: 1 = manual
            self._capture.set(cv2.CAP_PROP_EXPOSURE, exposure)
            locked["exposure"] = exposure
        if self._capture.set(cv2.CAP_PROP_AUTO_WB, 0):
            locked["white_balance"] = self._capture.get(cv2.CAP_PROP_WB_TEMPERATURE)
        return locked

    def unlock_exposure(self) -> None:
        import cv2
        if not self._is_file:
            self._capture.set(cv2.CAP_PROP_AUTO_EXPOSURE, 3)  # V4L2: aperture priority
            self._capture.set(cv2.CAP_PROP_AUTO_WB, 1)

    def _close(self) -> None:
        self._capture.release()


# -- a folder of frames ------------------------------------------------------------------


class FolderSource(FrameSource):
    """Frames recorded as image files, replayed in file-name order.

    :param loop: start again after the last frame instead of raising :class:`EndOfFrames`.
    :param size: resize every frame to this; default: the first frame's size.
    """

    def __init__(self, folder: str | Path, *, loop: bool = False,
                 size: Size | None = None) -> None:
        self.folder = Path(folder)
        self.spec = f"folder:{folder}"
        if not self.folder.is_dir():
            raise CameraNotFound(f"no folder {folder}")
        self.files = sorted(p for p in self.folder.iterdir()
                            if p.suffix.lower() in IMAGE_SUFFIXES and p.is_file())
        if not self.files:
            raise CameraNotFound(f"no frames ({', '.join(IMAGE_SUFFIXES)}) in {folder}")
        self._loop = loop
        self.position = 0
        """Index of the next frame in :attr:`files`."""
        first = self._load(self.files[0])
        super().__init__(size or (first.shape[1], first.shape[0]))

    def __len__(self) -> int:
        return len(self.files)

    def _load(self, path: Path) -> np.ndarray:
        import cv2
        frame = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if frame is None:
            raise CameraError(f"{path} is not an image OpenCV can read")
        return frame

    def _read(self) -> np.ndarray:
        if self.position >= len(self.files):
            if not self._loop:
                raise EndOfFrames(f"{self.spec}: no more frames ({len(self.files)} played)")
            self.position = 0
        path = self.files[self.position]
        self.position += 1
        return self._load(path)


# -- reconnecting ------------------------------------------------------------------------

StatusCallback = Callable[[str, str], None]


class ReconnectingSource(FrameSource):
    """Any source that survives disconnects: a failed read closes it, reports
    ``("disconnected", message)`` and raises :class:`CameraUnavailable`; later reads
    reopen it, no more often than the backoff allows, and report ``("connected", ...)``.

    :param opener: opens the camera (again); called now unless ``source`` is given.
    :param backoff: seconds between reopening attempts, the last one repeating.
    :param on_status: called with ``(status, message)`` on every change.

    :meth:`read` never blocks to wait for the camera: while it is away it raises
    :class:`CameraUnavailable` at once, and :attr:`retry_in` says when it tries next.
    :class:`EndOfFrames` passes through (a recording ending is not a disconnect).
    """

    def __init__(self, opener: Callable[[], FrameSource], *, source: FrameSource | None = None,
                 backoff: Sequence[float] = (0.5, 1.0, 2.0, 5.0, 10.0),
                 on_status: StatusCallback | None = None,
                 clock: Callable[[], float] = monotonic) -> None:
        self._opener = opener
        self._source: FrameSource | None = source if source is not None else opener()
        super().__init__(self._source.size)
        self.spec = self._source.spec
        self._backoff = tuple(backoff) or (1.0,)
        self._on_status = on_status
        self._clock = clock
        self._attempts = 0
        self._next_try = 0.0
        self._locked: dict[str, Any] | None = None
        self.disconnects = 0
        """How many times the camera went away."""

    @property
    def connected(self) -> bool:
        return self._source is not None

    @property
    def retry_in(self) -> float:
        """Seconds until the next reopening attempt (0 when connected or due)."""
        if self._source is not None:
            return 0.0
        return max(0.0, self._next_try - self._clock())

    def _report(self, status: str, message: str) -> None:
        (log.warning if status == "disconnected" else log.info)("%s", message)
        if self._on_status is not None:
            try:
                self._on_status(status, message)
            except Exception:
                log.exception("camera status callback failed")

    def _read(self) -> np.ndarray:
        if self._source is None:
            self._reopen()
        assert self._source is not None
        try:
            return self._source.read()
        except EndOfFrames:
            raise
        except Exception as exc:
            self._drop(f"camera {self.spec} disconnected: {exc}")
            raise CameraUnavailable(f"camera {self.spec} disconnected: {exc}") from exc

    def _reopen(self) -> None:
        now = self._clock()
        if now < self._next_try:
            raise CameraUnavailable(
                f"camera {self.spec} is disconnected; next try in {self._next_try - now:.1f} s")
        try:
            source = self._opener()
        except Exception as exc:
            delay = self._backoff[min(self._attempts, len(self._backoff) - 1)]
            self._attempts += 1
            self._next_try = now + delay
            raise CameraUnavailable(
                f"camera {self.spec} is still away ({exc}); next try in {delay:g} s") from exc
        self._source = source
        self._attempts = 0
        if self._locked:
            try:
                source.restore_exposure(self._locked)
            except Exception as exc:
                log.warning("camera %s: the locked exposure is not set again: %s", self.spec, exc)
        self._report("connected", f"camera {self.spec} is back")

    def _drop(self, message: str) -> None:
        source, self._source = self._source, None
        self.disconnects += 1
        self._attempts = 1
        self._next_try = self._clock() + self._backoff[0]
        if source is not None:
            try:
                source.close()
            except Exception:
                log.debug("closing the broken camera failed", exc_info=True)
        self._report("disconnected", message)

    def lock_exposure(self) -> dict[str, Any]:
        """Lock the camera's exposure; a reopened camera gets the same values again."""
        if self._source is None:
            return {}
        self._locked = self._source.lock_exposure()
        return dict(self._locked)

    def unlock_exposure(self) -> None:
        self._locked = None
        if self._source is not None:
            self._source.unlock_exposure()

    def restore_exposure(self, controls: Mapping[str, Any]) -> None:
        self._locked = dict(controls)
        if self._source is not None:
            self._source.restore_exposure(controls)

    def _close(self) -> None:
        if self._source is not None:
            self._source.close()
            self._source = None


# -- choosing a camera -------------------------------------------------------------------


def webcam_indices() -> list[int]:
    """``/dev/videoN`` numbers below 10, in order (none off Linux)."""
    found = []
    for path in glob.glob("/dev/video*"):
        suffix = path.removeprefix("/dev/video")
        if suffix.isdigit() and int(suffix) < 10:
            found.append(int(suffix))
    return sorted(found)


def open_camera(spec: str = "auto", *, size: Size = DEFAULT_SIZE, loop: bool = False,
                reconnect: bool = False, on_status: StatusCallback | None = None,
                settings: PiCameraSettings | None = None) -> FrameSource:
    """Open the camera named by ``spec``.

    ``auto``: the Raspberry Pi camera, else the first webcam that gives a frame, else
    :class:`CameraNotFound` saying what was tried (never a stand-in: a missing camera is
    shown to the players). ``picamera[:N]``, ``opencv:N`` (webcam index),
    ``opencv:FILE`` (a video), ``folder:DIR`` (recorded frames).

    :param loop: replay a video file or a folder forever.
    :param reconnect: wrap it in a :class:`ReconnectingSource` that reopens the same
        camera (never another one) after a disconnect.
    :param settings: for the Raspberry Pi camera; default
        :meth:`PiCameraSettings.from_env`.
    :raises CameraNotFound: the requested camera is missing (the message says which).
    :raises ValueError: ``spec`` names no kind of camera.
    """
    if settings is None and spec.strip().lower().startswith(("auto", "picamera")):
        settings = PiCameraSettings.from_env()
    source = _open(spec.strip(), size=size, loop=loop, settings=settings)
    if not reconnect:
        return source
    concrete = source.spec
    return ReconnectingSource(
        lambda: _open(concrete, size=size, loop=loop, settings=settings),
        source=source, on_status=on_status)


def _open(spec: str, *, size: Size, loop: bool,
          settings: PiCameraSettings | None = None) -> FrameSource:
    kind, _, arg = spec.partition(":")
    kind = kind.lower()
    if kind == "auto" and not arg:
        return _auto(size=size, settings=settings)
    if kind == "picamera":
        if arg and not arg.isdigit():
            raise ValueError(f"picamera:{arg}: the camera number must be 0, 1, ...")
        return PiCamera(size, camera_num=int(arg or 0), settings=settings)
    if kind == "opencv":
        if not arg:
            raise ValueError("opencv needs a webcam index or a video file: opencv:0, "
                             "opencv:game.mp4")
        return OpenCVCamera(int(arg) if arg.isdigit() else arg, size, loop=loop)
    if kind == "folder":
        if not arg:
            raise ValueError("folder needs a path: folder:recordings/game1")
        return FolderSource(arg, loop=loop, size=size)
    raise ValueError(f"unknown camera {spec!r}: use {', '.join(REAL_CAMERA_SPECS)}")


def _auto(*, size: Size, settings: PiCameraSettings | None = None) -> FrameSource:
    reasons = []
    try:
        source: FrameSource = PiCamera(size, settings=settings)
    except CameraNotFound as exc:
        reasons.append(str(exc))
    else:
        log.info("camera: the Raspberry Pi camera")
        return source
    for index in webcam_indices():
        try:
            source = OpenCVCamera(index, size)
        except CameraNotFound as exc:
            reasons.append(str(exc))
        else:
            log.info("camera: webcam %d (no Raspberry Pi camera: %s)", index, reasons[0])
            return source
    if not webcam_indices():
        reasons.append("no webcam (/dev/video*)")
    raise CameraNotFound("no camera found: " + "; ".join(reasons))
