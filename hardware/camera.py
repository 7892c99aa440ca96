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


class PiCamera(FrameSource):
    """The Raspberry Pi camera through picamera2 (Raspberry Pi OS only).

    ``Picamera2(n)`` -> ``configure(create_preview_configuration(main={"format": "RGB888",
    "size": size}))`` -> ``start()`` -> ``capture_array()``: ``RGB888`` is B, G, R in
    memory, so frames need no conversion.
    """

    def __init__(self, size: Size = DEFAULT_SIZE, *, camera_num: int = 0) -> None:
        super().__init__(size)
        self.spec = "picamera" if camera_num == 0 else f"picamera:{camera_num}"
        try:
            from picamera2 import Picamera2
        except ImportError:
            raise CameraNotFound(
                "the Raspberry Pi camera needs picamera2, which is not installed: on Raspberry "
                "Pi OS run 'sudo apt install python3-picamera2' and make the virtual "
                "environment with --system-site-packages") from None
        try:
            cameras = Picamera2.global_camera_info()
        except Exception as exc:
            raise CameraNotFound(f"libcamera cannot list the cameras: {exc}") from None
        if len(cameras) <= camera_num:
            raise CameraNotFound(
                f"no Raspberry Pi camera {camera_num} (libcamera sees {len(cameras)}): "
                "check the ribbon cable and that it is seated the right way round")
        try:
            self._camera = Picamera2(camera_num)
            config = self._camera.create_preview_configuration(
                main={"format": "RGB888", "size": self._size})
            self._camera.configure(config)
            self._camera.start()
        except Exception as exc:
            raise CameraNotFound(f"the Raspberry Pi camera does not start: {exc}") from None

    def _read(self) -> np.ndarray:
        try:
            frame = self._camera.capture_array("main")
        except Exception as exc:
            raise CameraError(f"{self.spec}: {exc}") from exc
        w, h = self._size
        return np.asarray(frame)[:h, :w, :3]  # RGB888: already B, G, R; no stride padding

    def lock_exposure(self) -> dict[str, Any]:
        """Fix exposure time, gain and white-balance gains at what auto chose just now."""
        metadata = self._camera.capture_metadata()
        controls: dict[str, Any] = {"AeEnable": False, "AwbEnable": False}
        for name in ("ExposureTime", "AnalogueGain", "ColourGains"):
            if name in metadata:
                value = metadata[name]
                controls[name] = tuple(value) if isinstance(value, list | tuple) else value
        self._camera.set_controls(controls)
        log.info("camera exposure locked: %s", controls)
        return controls

    def unlock_exposure(self) -> None:
        self._camera.set_controls({"AeEnable": True, "AwbEnable": True})

    def set_controls(self, controls: Mapping[str, Any]) -> None:
        """Apply libcamera controls (e.g. the locked ones saved with a calibration)."""
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
        return self._source.lock_exposure() if self._source is not None else {}

    def unlock_exposure(self) -> None:
        if self._source is not None:
            self._source.unlock_exposure()

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
                ) -> FrameSource:
    """Open the camera named by ``spec``.

    ``auto``: the Raspberry Pi camera, else the first webcam that gives a frame, else
    :class:`CameraNotFound` saying what was tried (never a stand-in: a missing camera is
    shown to the players). ``picamera[:N]``, ``opencv:N`` (webcam index),
    ``opencv:FILE`` (a video), ``folder:DIR`` (recorded frames).

    :param loop: replay a video file or a folder forever.
    :param reconnect: wrap it in a :class:`ReconnectingSource` that reopens the same
        camera (never another one) after a disconnect.
    :raises CameraNotFound: the requested camera is missing (the message says which).
    :raises ValueError: ``spec`` names no kind of camera.
    """
    source = _open(spec.strip(), size=size, loop=loop)
    if not reconnect:
        return source
    concrete = source.spec
    return ReconnectingSource(
        lambda: _open(concrete, size=size, loop=loop),
        source=source, on_status=on_status)


def _open(spec: str, *, size: Size, loop: bool) -> FrameSource:
    kind, _, arg = spec.partition(":")
    kind = kind.lower()
    if kind == "auto" and not arg:
        return _auto(size=size)
    if kind == "picamera":
        if arg and not arg.isdigit():
            raise ValueError(f"picamera:{arg}: the camera number must be 0, 1, ...")
        return PiCamera(size, camera_num=int(arg or 0))
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


def _auto(*, size: Size) -> FrameSource:
    reasons = []
    try:
        source: FrameSource = PiCamera(size)
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
