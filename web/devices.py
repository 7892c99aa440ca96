"""Small adapters between the game loop and the hardware and vision packages.

Each piece has a simulated twin, so the service runs anywhere:

- lights: :func:`make_announcer` builds ``hardware.announcer.Announcer`` on the Pi's
  GPIO or on gpiozero's mock pins (shown as virtual LEDs on the table page);
- camera: :class:`SyntheticCamera` draws the board from the game state with
  ``vision.synth`` (and can be told to get things wrong); :class:`VisionCamera` reads a
  real frame source through the vision pipeline when it is available;
- checks: :func:`compare_board` lists what differs between a reading and the game
  (``vision.check.compare`` is used instead when it exists).
"""

from __future__ import annotations

import importlib
import logging
import threading
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from companion import rules
from companion.actions import MoveRiver
from companion.board import LOST, SLOTS, Arm
from companion.loop import Problem, Reading
from companion.state import GameState, Phase

log = logging.getLogger(__name__)

NATURAL = "natural"


def _name(colour: str) -> str:
    return "Diamanten Joe" if colour == NATURAL else f"{colour.capitalize()}'s canoe"


def _place(at: str) -> str:
    return "the beach" if at == "beach" else at


def _cargo(gem: str | None) -> str:
    return f" with a {gem} gem" if gem else ""


def compare_board(observation: Any, state: GameState) -> list[Problem]:
    """What differs between what the camera saw and the game, each with a fix.

    Positions the camera could not read are not judged; a gem read as ``unknown``
    matches any gem.
    """
    if observation is None or not getattr(observation, "board_found", False):
        return []
    unknown = set(getattr(observation, "unknown", ()))
    problems: list[Problem] = []
    expected: dict[str, list[tuple[str, str | None]]] = {
        p: [(c.at, c.gem) for c in state.canoes[p] if c.at != LOST] for p in state.players}
    if state.joe is not None and state.joe.at != LOST:
        expected[NATURAL] = [(state.joe.at, state.joe.gem)]
    seen: dict[str, list[tuple[str, str | None]]] = {}
    for canoe in observation.canoes:
        seen.setdefault(canoe.colour, []).append((canoe.at, canoe.gem))
    for colour in sorted(set(expected) | set(seen)):
        want = [c for c in expected.get(colour, []) if c[0] not in unknown]
        got = [c for c in seen.get(colour, []) if c[0] not in unknown]
        problems += _canoe_problems(colour, want, got)
    for slot in SLOTS:
        if slot not in unknown and observation.discs.get(slot) == "absent":
            problems.append(Problem(f"There is no disc on {slot}.",
                                    f"Put a river disc back on {slot}.", slot, "disc"))
    weather = getattr(observation, "weather", None)
    if weather is not None and weather != state.weather:
        problems.append(Problem(
            f"The cloud marker is on {weather:+d}, but the weather is {state.weather:+d}.",
            f"Put the cloud marker on {state.weather:+d}.", "weather", "weather"))
    return problems


def _canoe_problems(colour: str, want: list[tuple[str, str | None]],
                    got: list[tuple[str, str | None]]) -> list[Problem]:
    # Gems read as "unknown" match whatever is expected at that position.
    got = list(got)
    for i, (at, gem) in enumerate(got):
        if gem == "unknown":
            match = next((w for w in want if w[0] == at), None)
            got[i] = (at, match[1] if match else None)
    missing = list((Counter(want) - Counter(got)).elements())
    extra = list((Counter(got) - Counter(want)).elements())
    problems = []
    while missing and extra:
        (w_at, w_gem), (g_at, g_gem) = missing.pop(0), extra.pop(0)
        if w_at == g_at:
            problems.append(Problem(
                f"{_name(colour)} on {_place(w_at)} should carry "
                f"{'a ' + w_gem + ' gem' if w_gem else 'no gem'}; the camera sees "
                f"{'a ' + g_gem + ' gem' if g_gem else 'no gem'}.",
                f"Put {'a ' + w_gem + ' gem' if w_gem else 'no gem'} in "
                f"{_name(colour).lower() if colour == NATURAL else _name(colour)} "
                f"on {_place(w_at)}.", w_at, "gem"))
        else:
            problems.append(Problem(
                f"{_name(colour)}{_cargo(w_gem)} should be on {_place(w_at)}, but the camera "
                f"sees it on {_place(g_at)}.",
                f"Move {_name(colour)} from {_place(g_at)} to {_place(w_at)}"
                f"{_cargo(w_gem)}.", g_at, "canoe"))
    for at, gem in missing:
        problems.append(Problem(f"The camera cannot see {_name(colour)}{_cargo(gem)} on "
                                f"{_place(at)}.", f"Put it on {_place(at)}.", at, "canoe"))
    for at, _gem in extra:
        problems.append(Problem(f"The camera sees a {colour} canoe on {_place(at)} that is not "
                                "in the game there.", f"Take it off {_place(at)}.", at,
                                "canoe"))
    return problems


GENERIC_FIX = {
    "board": "Make sure the four corner markers are in view.",
    "disc": "Put a river disc on every slot.",
    "canoe": "Put the canoe where the game has it.",
    "gem": "Put the gem the game says into the canoe.",
    "weather": "Put the cloud marker where the game has it.",
}


def best_compare() -> Any:
    """``vision.check.compare`` (its messages) with a fix for each (from
    :func:`compare_board` where it names one), or :func:`compare_board` alone when the
    vision package has no check."""
    try:
        check = importlib.import_module("vision.check")
        compare = check.compare
    except (ImportError, AttributeError):
        return compare_board

    def adapted(observation: Any, state: GameState) -> list[Problem]:
        try:
            found = compare(observation, state)
        except Exception:
            log.exception("vision.check.compare failed: using the web's own comparison")
            return compare_board(observation, state)
        ours = compare_board(observation, state)
        problems = []
        for item in found:
            kind = getattr(item, "kind", "board")
            where = getattr(item, "where", None)
            fix = next((p.fix for p in ours if p.kind == kind and p.where == where), None)
            text = str(getattr(item, "message", item))
            if not text.endswith("."):
                text += "."
            problems.append(Problem(text, fix or GENERIC_FIX.get(kind, ""), where, kind))
        return problems

    return adapted


# -- cameras ---------------------------------------------------------------------------


class SyntheticCamera:
    """A camera that draws the board as the game says it is (``vision.synth``).

    In phase 3 it plays the table pushing the discs: after ``push_delay`` seconds it
    shows the board after the river move (the predicted arms, or ``arms``); with
    ``push_delay=None`` it waits for the table's "done". :meth:`inject` makes it draw
    something wrong (``vision.synth`` faults, e.g. ``("canoe_off", "red")``).
    """

    name = "synthetic"

    def __init__(self, *, push_delay: float | None = 3.0, size: tuple[int, int] = (640, 360),
                 seed: int = 1) -> None:
        self.push_delay = push_delay
        self.size = size
        self.seed = seed
        self.faults: tuple[tuple[Any, ...], ...] = ()
        self.arms: tuple[Arm, ...] | None = None
        self._river_since: float | None = None
        self._board: GameState | None = None
        self._lock = threading.Lock()
        self._jpeg: tuple[Any, bytes] | None = None

    def inject(self, *faults: Sequence[Any]) -> None:
        """Draw these faults from now on (they replace earlier ones)."""
        self.faults = tuple(tuple(f) for f in faults)

    def clear(self) -> None:
        self.faults = ()

    def read(self, state: GameState | None) -> Reading | None:
        if state is None:
            return None
        from vision.synth import ground_truth

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
        faults = self.faults
        try:
            observation = ground_truth(board, faults=faults)
        except ValueError:
            faults = ()
            observation = ground_truth(board)
        with self._lock:
            self._board, self._drawn_faults = board, faults
        return Reading(observation)

    def jpeg(self) -> bytes | None:
        """The latest board drawn as a camera frame, JPEG (cached per board)."""
        with self._lock:
            board, faults = self._board, getattr(self, "_drawn_faults", ())
            if board is None:
                return None
            key = (board, faults)
            if self._jpeg is not None and self._jpeg[0] == key:
                return self._jpeg[1]
        import cv2

        from vision.synth import render

        frame = render(board, seed=self.seed, faults=faults, size=self.size)
        ok, buf = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 80])
        if not ok:
            return None
        data = buf.tobytes()
        with self._lock:
            self._jpeg = (key, data)
        return data

    def close(self) -> None:
        pass


class VisionCamera:
    """A frame source (``hardware.camera``) read through the vision pipeline
    (``vision.detector.Detector``).

    Frames are read on demand by the loop's camera watcher; :meth:`jpeg` gives the
    latest frame with what was detected drawn on it.
    """

    def __init__(self, name: str, source: Any, detector: Any) -> None:
        self.name = name
        self.source = source
        self.detector = detector
        self.state: GameState | None = None
        self._frame: Any = None
        self._observation: Any = None
        self._lock = threading.Lock()

    def read(self, state: GameState | None) -> Reading | None:
        self.state = state
        try:
            frame = self.source.read()
        except Exception as error:  # a camera hiccup: no reading this time
            log.warning("camera %s: %s", self.name, error)
            return None
        observation = self.detector.analyse(frame)
        with self._lock:
            self._frame, self._observation = frame, observation
        return Reading(observation)

    def jpeg(self) -> bytes | None:
        import cv2

        with self._lock:
            if self._frame is None:
                return None
            frame, observation = self._frame.copy(), self._observation
        frame = draw_observation(frame, observation, getattr(self.detector, "last_pose", None),
                                 getattr(self.detector, "layout", None))
        ok, buf = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 80])
        return buf.tobytes() if ok else None

    def close(self) -> None:
        self.source.close()


def draw_observation(frame: Any, observation: Any, pose: Any = None, layout: Any = None) -> Any:
    """Draw what was detected: each slot's disc (green present, red absent, grey unknown)
    and the canoes seen there, where the board's pose puts them; a list in the corner."""
    import cv2
    import numpy as np

    if observation is None:
        return frame
    if pose is not None and layout is not None and observation.board_found:
        colour = {"present": (60, 200, 60), "absent": (40, 40, 230), "unknown": (150, 150, 150)}
        for slot, (x, y) in layout.slots.items():
            p = pose.to_frame @ np.array([x, y, 1.0])
            cx, cy = int(p[0] / p[2]), int(p[1] / p[2])
            state = observation.discs.get(slot, "unknown")
            cv2.circle(frame, (cx, cy), 14, colour.get(state, (150, 150, 150)), 2)
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


CAMERA_SPECS = ("auto", "synthetic", "synthetic+vision", "picamera", "opencv:N",
                "folder:PATH", "none")


def open_camera(spec: str, *, push_delay: float | None = 3.0) -> Any:
    """A camera for ``--camera``.

    ``synthetic``: the board drawn from the game, read back exactly (no vision work);
    ``synthetic+vision``: drawn frames read by the vision pipeline; ``none``: no camera
    (the river is confirmed by hand); anything else (``auto``, ``picamera``,
    ``opencv:N``, ``folder:PATH``) is opened by ``hardware.camera.open_camera`` and read
    by ``vision.detector.Detector``. ``auto`` falls back to ``synthetic``.
    """
    if spec == "none":
        return None
    if spec == "synthetic":
        return SyntheticCamera(push_delay=push_delay)
    from hardware.camera import open_camera as open_source
    from vision.detector import Detector

    if spec == "synthetic+vision":
        holder: dict[str, Any] = {}

        def state() -> Any:
            camera = holder["camera"]
            from companion.state import new_game
            return camera.state or new_game(["red", "green", "yellow"])

        camera = VisionCamera(spec, open_source("synthetic", state=state), Detector())
        holder["camera"] = camera
        return camera
    try:
        source = open_source(spec, reconnect=True)
    except Exception as error:
        if spec == "auto":
            log.warning("No camera (%s): using the synthetic camera.", error)
            return SyntheticCamera(push_delay=push_delay)
        raise ValueError(f"cannot open the camera {spec!r}: {error}") from None
    if getattr(source, "spec", "") == "synthetic":
        source.close()
        return SyntheticCamera(push_delay=push_delay)
    return VisionCamera(getattr(source, "spec", spec), source, Detector())


# -- lights ----------------------------------------------------------------------------


def make_announcer(gpio: str = "mock", *, speed: float | None = None) -> Any:
    """The lights and buzzer: ``hardware.announcer.Announcer`` on ``gpio`` pins
    (``auto``: the Pi's GPIO, else mock; ``mock``; ``none``: no announcer)."""
    if gpio == "none":
        return None
    from hardware.announcer import Announcer
    from hardware.gpio import select_pin_factory

    return Announcer(pin_factory=select_pin_factory(gpio), speed=speed)
