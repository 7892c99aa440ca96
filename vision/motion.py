"""Motion gating: act only on a scene that has been still for a moment.

>>> import numpy as np
>>> gate = MotionGate()
>>> frame = np.zeros((90, 160, 3), np.uint8)
>>> [gate.update(frame).still for _ in range(6)][-1]
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

import cv2
import numpy as np

from vision.config import VisionConfig
from vision.detector import Detector
from vision.observation import Observation
from vision.types import Image


@dataclass(frozen=True)
class Motion:
    """The gate's verdict on one frame.

    ``moving`` is the share of the view that changed since the previous frame; ``still``
    says the view has been still for ``config.still_frames`` frames; ``settled`` is True
    only on the first still frame after movement (the moment to read the board).
    """

    moving: float
    still: bool
    settled: bool


class MotionGate:
    """Compares each frame with the previous one, on a small grey copy."""

    def __init__(self, config: VisionConfig | None = None) -> None:
        self.config = config or VisionConfig()
        self._previous: Image | None = None
        self._quiet = 0
        self._was_still = False

    def reset(self) -> None:
        self._previous = None
        self._quiet = 0
        self._was_still = False

    def update(self, frame: Image) -> Motion:
        small = cv2.resize(frame, self.config.motion_size, interpolation=cv2.INTER_AREA)
        grey = cast(Image, cv2.GaussianBlur(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), (3, 3), 0))
        if self._previous is None or self._previous.shape != grey.shape:
            moving = 1.0
        else:
            diff = cv2.absdiff(grey, self._previous)
            moving = float(np.count_nonzero(diff > self.config.motion_pixel_delta)) / diff.size
        self._previous = grey
        self._quiet = self._quiet + 1 if moving <= self.config.motion_fraction else 0
        still = self._quiet >= self.config.still_frames
        settled = still and not self._was_still
        self._was_still = still
        return Motion(moving, still, settled)


@dataclass(frozen=True)
class Watch:
    """One frame of a stream: the motion verdict, and a reading when the view settled."""

    motion: Motion
    observation: Observation | None
    blocked: bool
    """The view is blocked: moving too long, or the last still view could not all be read."""
    message: str


class BoardWatcher:
    """Reads the board over a stream of frames, only once the scene is still.

    :param blocked_after: frames of continuous movement after which the view is
        reported blocked (a hand resting over the board, a player leaning in).
    """

    def __init__(self, detector: Detector | None = None, *, blocked_after: int = 90) -> None:
        self.detector = detector or Detector()
        self.gate = MotionGate(self.detector.config)
        self.blocked_after = blocked_after
        self._moving_for = 0
        self.last: Observation | None = None

    def feed(self, frame: Image) -> Watch:
        motion = self.gate.update(frame)
        self._moving_for = 0 if motion.still else self._moving_for + 1
        if motion.settled or (motion.still and self.last is None):
            seen = self.detector.analyse(frame)
            self.last = seen
            if not seen.board_found:
                return Watch(motion, seen, True, "The board is not in view: are the corner "
                             "markers covered?")
            if seen.unknown:
                return Watch(motion, seen, True, "Part of the board is covered: "
                             + ", ".join(seen.unknown))
            return Watch(motion, seen, False, "Board read.")
        if self._moving_for >= self.blocked_after:
            return Watch(motion, None, True, "The view has not been still for a while: is a "
                         "hand over the board?")
        blocked = self.last is not None and self.last.blocked and motion.still
        return Watch(motion, None, blocked, "Waiting for the board to be still."
                     if not motion.still else "Still.")
