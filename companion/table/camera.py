"""The cameras the game loop reads, and the one factory that opens them (``--camera``).

A table camera gives the loop a :class:`CameraReading` (what the vision pipeline saw)
and the calibration page its latest frame; :class:`TableCamera` is that seam.

- :class:`VisionCamera`: a real frame source (:mod:`hardware.camera`: the Raspberry Pi
  camera, a webcam, a video, a folder of frames) read by :class:`vision.detector.Detector`;
- :class:`SyntheticCamera`: the board drawn from the game itself (:mod:`vision.synth`)
  and read back exactly, with faults on request, for demos and tests;
- :class:`SyntheticSource`: drawn frames as a frame source, read by the vision pipeline
  like a real camera's (``synthetic+vision``) or saved by ``record``.

Frames are BGR, 8 bits per channel, as :mod:`hardware.camera` delivers them.

>>> camera = open_camera("synthetic")
>>> from companion.state import new_game
>>> camera.read(new_game(["red", "green", "yellow"])).observation.board_found
True
>>> open_camera("nonsense")
Traceback (most recent call last):
...
ValueError: unknown camera 'nonsense': use auto, synthetic, synthetic+vision, none, ...
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Collection, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ParamSpec, Protocol, TypeVar

import numpy as np

from companion import rules
from companion.actions import MoveRiver
from companion.board import Arm
from companion.state import GameState, Phase, new_game
from companion.text import N_
from hardware.camera import REAL_CAMERA_SPECS, FrameSource, Size
from hardware.camera import open_camera as open_real_camera
from vision.types import Image

if TYPE_CHECKING:  # vision's pipeline and OpenCV are imported when a camera is used
    from vision.layout import Layout
    from vision.locate import BoardPose
    from vision.observation import Observation
    from vision.profile import TableProfile
    from vision.synth import Fault, SceneConfig

log = logging.getLogger(__name__)

Discs = Collection[str] | Mapping[str, bool] | None
"""The slots holding a disc (None: all)."""

CAMERA_SPECS: tuple[str, ...] = ("auto", "synthetic", "synthetic+vision", "none",
                                 *(s for s in REAL_CAMERA_SPECS if s != "auto"))
"""Every ``--camera`` value, the one list: ``synthetic`` (the board drawn from the game,
read back exactly), ``synthetic+vision`` (drawn frames read by the vision pipeline),
``none`` (the river is confirmed by hand) and the real cameras of
:mod:`hardware.camera`."""

DEFAULT_STATE_PLAYERS = ("red", "green", "yellow")
"""What a synthetic frame source draws when no game is given."""


@dataclass
class CameraReading:
    """The camera's latest reading: what was seen (None when nothing could be read) and
    when (``time.monotonic()``)."""

    observation: Observation | None
    at: float = field(default_factory=time.monotonic)


class BoardReader(Protocol):
    """What the loop and the calibration page need from a board reader
    (:class:`vision.detector.Detector`)."""

    layout: Layout
    corners: list[list[float]] | None
    corners_size: tuple[int, int] | None
    last_pose: BoardPose | None

    def locate(self, frame: Image) -> BoardPose: ...
    def analyse(self, frame: Image, *, strict: bool = False,
                in_play: Mapping[str, int] | None = None) -> Observation: ...
    def learn_table(self, frame: Image, players: Iterable[str],
                    joe: bool = False) -> TableProfile:
        """Learn the table from a photo of the start position, and read with it."""

    def use_profile(self, profile: TableProfile) -> None:
        """Read with a table profile learned before (kept across restarts)."""


class TableCamera(Protocol):
    """What the loop and the calibration page need from a camera."""

    detector: BoardReader | None
    """The board reader its frames go through (None: nothing to calibrate)."""

    @property
    def name(self) -> str:
        """The camera as ``--camera`` names it (``synthetic``, ``picamera``, ...)."""

    @property
    def problem(self) -> str | None:
        """Why the board is not being watched (a missing or failing camera), in one line
        for the players; None while the camera works."""

    def read(self, state: GameState | None) -> CameraReading | None:
        """Read the board now (``state``: the game on the table, which a synthetic
        camera draws); None when no frame came."""

    def frame(self) -> Image | None:
        """The latest frame (BGR), or None before the first."""

    def jpeg(self) -> bytes | None:
        """The latest frame with what was seen drawn on it, JPEG-encoded."""

    def lock_exposure(self) -> dict[str, object]:
        """Freeze exposure and white balance (after calibration): the controls set, to
        save ({} when the camera has nothing to lock)."""

    def restore_exposure(self, controls: Mapping[str, object]) -> None:
        """Set again what :meth:`lock_exposure` returned (at start-up)."""

    def restore_profile(self, profile: TableProfile) -> None:
        """Read with the table profile learned at the last setup (at start-up; a camera
        found late uses it once it opens). Nothing for a camera without a detector."""

    def close(self) -> None: ...


class QuietLog:
    """A warning that repeats (a camera failing twice a second) logged at most once per
    ``every`` seconds, with how many were held back.

    >>> quiet = QuietLog(every=60.0, clock=iter([0.0, 1.0, 2.0, 61.0]).__next__)
    >>> [quiet.due() for _ in range(4)]
    [0, None, None, 2]
    """

    def __init__(self, every: float = 60.0, clock: Callable[[], float] = time.monotonic,
                 ) -> None:
        self.every = every
        self._clock = clock
        self._last: float | None = None
        self._held = 0

    def due(self) -> int | None:
        """None to stay quiet; otherwise log now (the number of warnings held back)."""
        now = self._clock()
        if self._last is not None and now - self._last < self.every:
            self._held += 1
            return None
        held, self._held, self._last = self._held, 0, now
        return held

    def warning(self, message: str, *args: object) -> None:
        held = self.due()
        if held is not None:
            log.warning(message + ("" if not held else f" ({held} more like it since)"),
                        *args)

    def reset(self) -> None:
        self._last, self._held = None, 0


_P = ParamSpec("_P")
_T = TypeVar("_T")

VISION_THREAD = "vision"
"""The name of the service's one thread for OpenCV work asked for by requests."""

_vision = ThreadPoolExecutor(max_workers=1, thread_name_prefix=VISION_THREAD)


def on_vision_thread(work: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T:
    """Run ``work`` on the service's one vision thread and return what it returns (or
    raise what it raises); the caller waits.

    OpenCV keeps buffers per thread for good: the ArUco detector about 0.5 MB in every
    thread that ever ran it. Run by waitress's 48 worker threads, the calibration page's
    marker search, board picture and table learning made each thread keep its own:
    300 requests of ``GET /api/calibration``, 40 at a time, took a fresh ``serve`` from
    78 to 155 MB, and a long evening's RSS crept up as one worker after another served
    one. On one thread they are kept once. (The camera watcher, one thread of its own,
    reads the frames.)"""
    if threading.current_thread().name.startswith(VISION_THREAD):
        return work(*args, **kwargs)  # already there: waiting on itself would never end
    return _vision.submit(work, *args, **kwargs).result()


def encode_jpeg(frame: Image, quality: int = 80) -> bytes | None:
    import cv2

    ok, buf = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return buf.tobytes() if ok else None


class SyntheticCamera:
    """A camera that draws the board as the game says it is (:mod:`vision.synth`).

    In phase 3 it plays the table pushing the discs: after ``push_delay`` seconds it
    shows the board after the river move (the predicted arms, or :attr:`arms`); with
    ``push_delay=None`` it waits for the table's "done". :meth:`inject` makes it draw
    something wrong (``vision.synth`` faults, e.g. ``("canoe_off", "red")``).
    """

    name = "synthetic"
    detector: BoardReader | None = None
    problem: str | None = None

    def __init__(self, *, push_delay: float | None = 3.0, size: Size = (640, 360),
                 seed: int = 1) -> None:
        self.push_delay = push_delay
        self.size = size
        self.seed = seed
        self.faults: tuple[Fault, ...] = ()
        self.arms: tuple[Arm, ...] | None = None
        self._river_since: float | None = None
        self._board: GameState | None = None
        self._drawn_faults: tuple[Fault, ...] = ()
        self._lock = threading.Lock()
        self._drawing = threading.Lock()
        """One drawing at a time: table pages asking for the same board at once (each
        page does when the board changes) wait for the one drawing, not draw it again."""
        self._picture: tuple[tuple[GameState, tuple[Fault, ...]], Image] | None = None

    def inject(self, *faults: Fault) -> None:
        """Draw these faults from now on (they replace earlier ones)."""
        self.faults = faults

    def clear(self) -> None:
        self.faults = ()

    def read(self, state: GameState | None) -> CameraReading | None:
        if state is None:
            return None
        board = state
        if state.phase is Phase.RIVER and self.push_delay is not None:
            now = time.monotonic()
            self._river_since = self._river_since or now
            if now - self._river_since >= self.push_delay:
                arms = self.arms or rules.predicted_arms(state)
                try:
                    board, _ = rules.apply(state, MoveRiver(tuple(arms)))
                except ValueError:
                    board = state
        else:
            self._river_since = None
        from vision.synth import ground_truth

        faults = self.faults
        try:
            observation = ground_truth(board, faults=faults)
        except ValueError:
            faults = ()
            observation = ground_truth(board)
        with self._lock:
            self._board, self._drawn_faults = board, faults
        return CameraReading(observation)

    def frame(self) -> Image | None:
        """The latest board drawn as a camera frame (cached per board)."""
        with self._drawing:
            with self._lock:
                board, faults = self._board, self._drawn_faults
                if board is None:
                    return None
                key = (board, faults)
                if self._picture is not None and self._picture[0] == key:
                    return self._picture[1]
            from vision.synth import render

            picture = render(board, seed=self.seed, faults=faults, size=self.size)
            with self._lock:
                self._picture = (key, picture)
            return picture

    def jpeg(self) -> bytes | None:
        frame = self.frame()
        return None if frame is None else encode_jpeg(frame)

    def lock_exposure(self) -> dict[str, object]:
        return {}  # a drawn board has no exposure

    def restore_exposure(self, controls: Mapping[str, object]) -> None:
        pass

    def restore_profile(self, profile: TableProfile) -> None:
        if self.detector is not None:
            self.detector.use_profile(profile)

    def close(self) -> None:
        pass


class SyntheticSource(FrameSource):
    """Frames rendered by :func:`vision.synth.render` from the live game state.

    :param state: the current ``GameState``, or a callable returning it (read at each
        frame, so the picture follows the game).
    :param faults: deliberate differences from the state (see :mod:`vision.synth`);
        may be changed at any time through :attr:`faults`.
    :param seed: drives every random detail; fixed, so a still game gives still frames.
    :param discs: slots holding a disc (default: all), or a callable returning them.
    """

    spec = "synthetic"

    def __init__(self, state: GameState | Callable[[], GameState] | None = None, *,
                 faults: Iterable[Fault] = (), seed: int = 0,
                 scene: SceneConfig | None = None,
                 discs: Discs | Callable[[], Discs] = None,
                 size: Size = (1280, 720)) -> None:
        super().__init__(size)
        if state is None:
            state = new_game(list(DEFAULT_STATE_PLAYERS))
        self._state: Callable[[], GameState] = (
            state if callable(state) else (lambda: state))
        self._discs: Callable[[], Discs] = (
            discs if callable(discs) else (lambda: discs))
        self.faults: tuple[Fault, ...] = tuple(faults)
        self.seed = seed
        self.scene = scene

    def _read(self) -> Image:
        from vision.synth import render

        return render(self._state(), seed=self.seed, scene=self.scene, faults=self.faults,
                      discs=self._discs(), size=self._size)


class VisionCamera:
    """A frame source read through the vision pipeline (a :class:`BoardReader`).

    Frames are read on demand by the loop's camera watcher; :meth:`jpeg` gives the
    latest frame with what was detected drawn on it.
    """

    def __init__(self, name: str, source: FrameSource, detector: BoardReader,
                 follow: Callable[[GameState | None], None] | None = None) -> None:
        self.name = name
        self.source = source
        self.detector: BoardReader | None = detector
        self._reader = detector
        self._follow = follow
        self._frame: Image | None = None
        self._observation: Observation | None = None
        self._lock = threading.Lock()
        self._quiet = QuietLog()
        self.problem: str | None = None

    def read(self, state: GameState | None) -> CameraReading | None:
        if self._follow is not None:
            self._follow(state)
        try:
            frame = self.source.read()
        except Exception as error:  # a camera hiccup: no reading this time
            self._quiet.warning("camera %s: %s", self.name, error)
            self.problem = N_("The camera ({name}) gives no picture: {error}. The board is "
                              "not watched; check the camera's cable.", name=self.name,
                              error=str(error))
            return None
        if self.problem is not None:
            log.info("camera %s gives pictures again", self.name)
            self._quiet.reset()
            self.problem = None
        from vision.detector import canoes_in_play

        observation = self._reader.analyse(
            frame, in_play=None if state is None else canoes_in_play(state))
        with self._lock:
            self._frame, self._observation = frame, observation
        return CameraReading(observation)

    def frame(self) -> Image | None:
        with self._lock:
            return self._frame

    def jpeg(self) -> bytes | None:
        with self._lock:
            if self._frame is None:
                return None
            frame, observation = self._frame.copy(), self._observation
        frame = draw_observation(frame, observation, self._reader.last_pose,
                                 self._reader.layout)
        return encode_jpeg(frame)

    def lock_exposure(self) -> dict[str, object]:
        return dict(self.source.lock_exposure())

    def restore_exposure(self, controls: Mapping[str, object]) -> None:
        self.source.restore_exposure(controls)

    def restore_profile(self, profile: TableProfile) -> None:
        self._reader.use_profile(profile)

    def close(self) -> None:
        self.source.close()


def draw_observation(frame: Image, observation: Observation | None,
                     pose: BoardPose | None = None, layout: Layout | None = None) -> Image:
    """Draw what was detected: each slot's disc (green present, red absent, grey unknown)
    and the canoes seen there, where the board's pose puts them; a list in the corner."""
    import cv2

    from vision.observation import UNKNOWN

    if observation is None:
        return frame
    grey = (150, 150, 150)
    if pose is not None and layout is not None and observation.board_found:
        colour = {"present": (60, 200, 60), "absent": (40, 40, 230),
                                  UNKNOWN: grey}
        for slot, (x, y) in layout.slots.items():
            p = pose.to_frame @ np.array([x, y, 1.0])
            cx, cy = int(p[0] / p[2]), int(p[1] / p[2])
            state = observation.discs.get(slot, UNKNOWN)
            cv2.circle(frame, (cx, cy), 14, colour.get(state, grey), 2)
            names = [c.colour[0].upper() + (c.gem[0] if c.gem else "")
                     for c in observation.canoes_at(slot)]
            cv2.putText(frame, f"{slot} {' '.join(names)}", (cx + 16, cy + 5),
                        cv2.FONT_HERSHEY_SIMPLEX, 0.4, (255, 255, 255), 1)
    lines = ["board found" if observation.board_found else "board NOT found"]
    lines += [f"{c.colour} {c.at}{' ' + c.gem if c.gem else ''}" for c in observation.canoes]
    for i, text in enumerate(lines[:16]):
        y = 18 + 16 * i
        cv2.putText(frame, text, (8, y), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (0, 0, 0), 3)
        cv2.putText(frame, text, (8, y), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (255, 255, 255), 1)
    return frame


def spec_help() -> str:
    """The camera specs as a sentence, for help texts and errors."""
    return ", ".join(CAMERA_SPECS[:-1]) + " or " + CAMERA_SPECS[-1]


def _check_spec(spec: str) -> str:
    spec = spec.strip()
    kind = spec.partition(":")[0].lower()
    if spec in ("auto", "synthetic", "synthetic+vision", "none") or kind in (
            "picamera", "opencv", "folder"):
        return spec
    raise ValueError(f"unknown camera {spec!r}: use {spec_help()}")


def open_frames(spec: str, *, size: Size = (1280, 720), reconnect: bool = False,
                ) -> FrameSource:
    """A frame source for ``spec`` (``record`` saves its frames): ``synthetic`` draws a
    new 3-player game; the real cameras come from :func:`hardware.camera.open_camera`.

    :raises hardware.camera.CameraNotFound: the camera is missing (the message says which).
    :raises ValueError: ``spec`` names no camera.
    """
    spec = _check_spec(spec)
    if spec in ("synthetic", "synthetic+vision"):
        return SyntheticSource(size=size)
    if spec == "none":
        raise ValueError("'none' is no camera: choose one to record from")
    return open_real_camera(spec, size=size, reconnect=reconnect)


def open_camera(spec: str, *, push_delay: float | None = 3.0) -> TableCamera | None:
    """The camera for ``serve --camera SPEC`` (see :data:`CAMERA_SPECS`); None for
    ``none``. A real camera that cannot be opened is a :class:`WatchedCamera` whose
    :attr:`~WatchedCamera.problem` says why, retrying — never the synthetic one: the
    players must know the board is not watched.

    :raises ValueError: ``spec`` names no camera.
    """
    from vision.detector import Detector

    spec = _check_spec(spec)
    if spec == "none":
        return None
    if spec == "synthetic":
        return SyntheticCamera(push_delay=push_delay)
    if spec == "synthetic+vision":
        drawn: list[GameState] = [new_game(list(DEFAULT_STATE_PLAYERS))]

        def follow(state: GameState | None) -> None:
            if state is not None:
                drawn[0] = state

        source = SyntheticSource(lambda: drawn[0])
        return VisionCamera(spec, source, Detector(), follow=follow)
    return WatchedCamera(spec)


class WatchedCamera:
    """A real camera (``auto``, ``picamera``, ``opencv:N``, ``folder:DIR``) that the
    service starts without when it cannot be opened: :attr:`problem` says why (the table
    page shows it in red) and it tries again every ``retry`` seconds (a camera still busy
    at boot, a cable plugged in late). Never a stand-in: while it is missing the board is
    simply not watched.
    """

    detector: BoardReader | None = None

    def __init__(self, spec: str, *, retry: float = 5.0,
                 opener: Callable[[], FrameSource] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.spec = spec
        self.retry = retry
        self._opener = opener or (lambda: open_real_camera(spec, reconnect=True))
        self._clock = clock
        self._camera: VisionCamera | None = None
        self._next_try = 0.0
        self._missing: str | None = None
        self._quiet = QuietLog()
        self._lock = threading.Lock()
        self._restore: dict[str, object] = {}
        self._profile: TableProfile | None = None
        self._open()

    def _open(self) -> None:
        from vision.detector import Detector

        self._next_try = self._clock() + self.retry
        try:
            source = self._opener()
        except Exception as error:  # whatever went wrong, said in one line
            reason = str(error) or type(error).__name__
            self._missing = N_("No camera: {reason}. The board is not watched; the "
                               "companion tries again every {seconds} s (--camera {spec}).",
                               reason=reason, seconds=f"{self.retry:g}", spec=self.spec)
            self._quiet.warning("camera %s: %s", self.spec, reason)
            return
        self._camera = VisionCamera(source.spec, source, Detector())
        self.detector = self._camera.detector
        if self._restore:
            self._camera.restore_exposure(self._restore)
        if self._profile is not None:
            self._camera.restore_profile(self._profile)
        if self._missing is not None:
            log.info("camera %s found: %s", self.spec, source.spec)
        self._missing = None

    @property
    def name(self) -> str:
        return self._camera.name if self._camera is not None else self.spec

    @property
    def problem(self) -> str | None:
        if self._camera is None:
            return self._missing
        return self._camera.problem

    def read(self, state: GameState | None) -> CameraReading | None:
        with self._lock:
            if self._camera is None and self._clock() >= self._next_try:
                self._open()
            camera = self._camera
        return camera.read(state) if camera is not None else None

    def frame(self) -> Image | None:
        return self._camera.frame() if self._camera is not None else None

    def jpeg(self) -> bytes | None:
        return self._camera.jpeg() if self._camera is not None else None

    def lock_exposure(self) -> dict[str, object]:
        return self._camera.lock_exposure() if self._camera is not None else {}

    def restore_exposure(self, controls: Mapping[str, object]) -> None:
        self._restore = dict(controls)  # also once a camera found late opens
        if self._camera is not None:
            self._camera.restore_exposure(controls)

    def restore_profile(self, profile: TableProfile) -> None:
        self._profile = profile  # also once a camera found late opens
        if self._camera is not None:
            self._camera.restore_profile(profile)

    def close(self) -> None:
        if self._camera is not None:
            self._camera.close()
