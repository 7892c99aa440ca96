"""The pipeline in one small class: find the board, rectify, read.

>>> from companion.state import new_game
>>> from vision.synth import render
>>> seen = Detector().analyse(render(new_game(["red", "green", "blue"])))
>>> seen.board_found, seen.discs["T1"], len(seen.canoes_at("beach"))
(True, 'present', 6)
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from companion.board import BEACH, LOST, PLAYER_COLOURS
from vision.camera import CameraModel
from vision.config import BGR, JOE_COLOUR, VisionConfig, to_bgr
from vision.layout import Layout, load_layout
from vision.locate import BoardNotFound, BoardPose, locate_board, pose_from_corners, rectify
from vision.observation import Observation, sort_canoes
from vision.read import Reading, TableLook, read_board
from vision.types import Floats, Image

if TYPE_CHECKING:
    from companion.state import GameState
    from vision.profile import TableProfile


def canoes_in_play(state: GameState) -> dict[str, int]:
    """How many canoes of each colour are on the board in ``state`` (two a player less
    those lost; Diamanten Joe's when in play).

    >>> from companion.state import new_game
    >>> canoes_in_play(new_game(["red", "green", "blue"]))
    {'red': 2, 'green': 2, 'blue': 2}
    """
    out = {p: sum(1 for c in state.canoes[p] if c.at != LOST) for p in state.players}
    if state.joe is not None and state.joe.at != LOST:
        out[JOE_COLOUR] = 1
    return out


class FrameError(ValueError):
    """A frame that is not a usable picture (empty, wrong shape, far too large)."""


def detail_px_per_mm(pose: BoardPose, layout: Layout) -> float:
    """How many of the camera's pixels a board millimetre spans at the board's centre
    (the square root of the area one square millimetre covers in the frame).

    >>> from vision.locate import pose_from_corners
    >>> pose = pose_from_corners([(100, 50), (700, 50), (700, 350), (100, 350)], load_layout())
    >>> round(detail_px_per_mm(pose, load_layout()), 2)
    1.0
    """
    w, h = layout.board_mm
    pts = np.array([[w / 2, h / 2, 1.0], [w / 2 + 1, h / 2, 1.0], [w / 2, h / 2 + 1, 1.0]])
    q = pts @ pose.to_frame.T
    q = q[:, :2] / q[:, 2:]
    du, dv = q[1] - q[0], q[2] - q[0]
    return float(np.sqrt(abs(du[0] * dv[1] - du[1] * dv[0])))


def check_frame(frame: Image, config: VisionConfig) -> Image:
    """The frame as 3-channel BGR uint8, or :class:`FrameError`."""
    if not isinstance(frame, np.ndarray) or frame.size == 0:
        raise FrameError("the frame is empty")
    if frame.ndim == 2:
        frame = np.repeat(frame[..., None], 3, axis=2)
    if frame.ndim != 3 or frame.shape[2] not in (3, 4):
        raise FrameError(f"a frame must be a colour picture, not an array of shape {frame.shape}")
    if frame.shape[2] == 4:
        frame = np.ascontiguousarray(frame[..., :3])
    if frame.dtype != np.uint8:
        raise FrameError(f"a frame must hold 8-bit values, not {frame.dtype}")
    h, w = frame.shape[:2]
    if h * w > config.max_image_pixels:
        raise FrameError(
            f"the picture is too large ({w}x{h}); use at most "
            f"{config.max_image_pixels // 1_000_000} megapixels"
        )
    if min(h, w) < 64:
        raise FrameError(f"the picture is too small ({w}x{h}) to show the board")
    return frame


class ColourLearningError(ValueError):
    """The setup frame does not show every player's two canoes on the beach."""


class Detector:
    """Reads frames of one board, from one camera.

    :param corners: fixed board corners in the frame (TL, TR, BR, BL) when the markers
        are not used; ``corners_size`` is the frame size they were measured on.
    :param colours: the canoe colours in play (players, and ``joe`` with Diamanten Joe);
        default: every colour.
    :param camera: the camera's intrinsics and lens (:mod:`vision.camera`; default: a
        standard lens without distortion).
    """

    def __init__(
        self,
        layout: Layout | None = None,
        config: VisionConfig | None = None,
        *,
        corners: Sequence[Sequence[float]] | None = None,
        corners_size: tuple[int, int] | None = None,
        colours: Iterable[str] | None = None,
        camera: CameraModel | None = None,
    ) -> None:
        self.layout = layout or load_layout()
        self.config = config or VisionConfig()
        self.base_config = self.config
        self.corners = None if corners is None else [list(map(float, p)) for p in corners]
        self.corners_size = corners_size
        self.camera = camera
        self.colours = tuple(colours) if colours is not None else (*PLAYER_COLOURS, JOE_COLOUR)
        self.canoe_bgr: dict[str, BGR] = dict(self.config.canoe_bgr)
        self.ground_bgr: dict[str, BGR] = dict(self.config.ground_bgr)
        self.beach_guard: Floats | None = None
        self.learned: tuple[str, ...] = ()
        self.last_pose: BoardPose | None = None
        self.look: TableLook | None = None
        self.profile: TableProfile | None = None

    def use_profile(self, profile: TableProfile) -> None:
        """Read this table as learned at setup (:func:`vision.profile.learn_profile`):
        its canoe colours and size, riverbed, sand, discs and weather marker."""
        self.profile = profile
        self.colours = profile.colours
        self.canoe_bgr.update(profile.canoe_bgr)
        self.ground_bgr.update(profile.ground_bgr)
        self.beach_guard = profile.beach_guard
        self.look = profile.look
        self.learned = tuple(profile.canoe_bgr)
        base = self.base_config
        self.config = replace(base, canoe_hull_share=base.canoe_hull_share * profile.hull_scale,
                              canoe_body_share=base.canoe_body_share * profile.hull_scale,
                              gem_bgr=dict(profile.gem_bgr or base.gem_bgr))

    def locate(self, frame: Image) -> BoardPose:
        """The board's pose in the frame (markers, or the fixed corners)."""
        if self.corners is not None:
            h, w = frame.shape[:2]
            return pose_from_corners(self.corners, self.layout, self.corners_size, (w, h),
                                     camera=self.camera)
        # A still camera: search the markers near where they were in the last frame (and
        # where too few show, take the others as where they were then, or at setup).
        return locate_board(frame, self.layout, self.config, previous=self.last_pose,
                            camera=self.camera, fixed=None if self.profile is None
                            else self.profile.setup_markers)

    def _read(self, frame: Image, details: bool = False,
              in_play: Mapping[str, int] | None = None) -> tuple[BoardPose, Reading]:
        frame = check_frame(frame, self.config)
        pose = self.locate(frame)
        self.last_pose = pose
        top = rectify(frame, pose, self.layout, self.config)
        markers = pose.markers
        reading = read_board(top, self.layout, config=self.config, markers=markers,
                             colours=self.colours, canoe_bgr=self.canoe_bgr,
                             ground_bgr=self.ground_bgr, beach_guard=self.beach_guard,
                             look=self.look, details=details, in_play=in_play,
                             camera_centre=None if pose.camera_pose is None
                             else pose.camera_pose.centre,
                             detail_px_per_mm=detail_px_per_mm(pose, self.layout),
                             fit_px=pose.reprojection_px)
        return pose, reading

    def analyse(self, frame: Image, *, strict: bool = False,
                in_play: Mapping[str, int] | None = None) -> Observation:
        """Everything readable in one BGR frame. A board that cannot be found gives
        ``board_found=False`` (every position unknown), or with ``strict`` raises
        :class:`BoardNotFound` saying why.

        :param in_play: canoes of each colour on the board, when the game is known
            (:func:`canoes_in_play`): a colour seen more often than that is misread, and
            the positions where it is seen are unknown.

        :raises FrameError: for a frame that is not a usable picture.
        """
        start = time.perf_counter()
        try:
            pose, reading = self._read(frame, in_play=in_play)
        except BoardNotFound:
            if strict:
                raise
            return Observation.empty(ms=(time.perf_counter() - start) * 1000)
        return Observation(
            board_found=True,
            reprojection_px=pose.reprojection_px,
            discs=reading.discs,
            canoes=sort_canoes(reading.canoes),
            weather=reading.weather,
            unknown=tuple(reading.unknown),
            ms=(time.perf_counter() - start) * 1000,
        )

    def learn_table(self, frame: Image, players: Iterable[str],
                    joe: bool = False) -> TableProfile:
        """Learn this table from a photo of the start position (:func:`vision.profile.
        learn_profile`, with this detector's layout, camera and thresholds) and read with
        it from now on.

        :raises vision.profile.SetupError: the photo does not show the start position
            (the message says what is missing where).
        """
        from vision.profile import learn_profile

        profile = learn_profile(frame, players, joe=joe, layout=self.layout,
                                config=self.base_config, camera=self.camera)
        self.use_profile(profile)
        return profile

    def learn_colours(self, frame: Image, players: Iterable[str],
                      joe: bool = False) -> dict[str, BGR]:
        """Learn this table's canoe colours from a setup frame (every canoe on the beach,
        Joe on T1), and use them from now on.

        :raises ColourLearningError: when some player's two canoes are not both seen.
        :raises BoardNotFound: when the board is not in view.
        """
        players = list(players)
        self.colours = (*players, JOE_COLOUR) if joe else tuple(players)
        # Only the colours in play are candidates, and only where canoes should be: a looser
        # colour match finds canoes whose colours stray far from the defaults.
        strict = self.config
        self.config = replace(strict, canoe_distance=strict.canoe_distance * strict.learn_slack)
        try:
            _, reading = self._read(frame, details=True)
        finally:
            self.config = strict
        hulls = reading.debug["hulls"]
        learned: dict[str, BGR] = {}
        missing = []
        for colour in players:
            seen = [(n, body) for where, n, body in hulls.get(colour, []) if where == BEACH]
            if sum(n for n, _ in seen) != 2:
                missing.append(colour)
                continue
            bgr = np.average([b for _, b in seen], axis=0, weights=[n for n, _ in seen])
            learned[colour] = to_bgr(bgr)
        if missing and not reading.debug["beach_foreign"]:
            # Pixel by pixel, a hull whose colour strays between two defaults can split
            # between them. Canoe by canoe instead: every canoe-like object on the beach,
            # its median colour, each colour in play given exactly two of them.
            by_canoe = _assign_canoes(reading.debug["beach_blobs"], players, self.config)
            if by_canoe is not None:
                learned.update(by_canoe)
                missing = []
        if joe:
            seen_joe = [body for _, n, body in hulls.get(JOE_COLOUR, []) if n == 1]
            if len(seen_joe) == 1:
                learned[JOE_COLOUR] = to_bgr(seen_joe[0])
        if missing:
            raise ColourLearningError(
                "setup check: cannot see both canoes of "
                + ", ".join(missing)
                + " on the beach; put every canoe on the beach, in view, and try again"
            )
        self.ground_bgr.update(reading.debug["ground_bgr"])
        self.beach_guard = reading.debug["beach_guard"]
        self.canoe_bgr.update(learned)
        self.learned = tuple(learned)
        return learned


def _assign_canoes(blobs: Iterable[tuple[float, Floats]], players: Sequence[str],
                   config: VisionConfig) -> dict[str, BGR] | None:
    """Each player's colour from the canoe-like objects on the setup beach: every object
    one canoe (or two touching), each colour given exactly two canoes, the assignment
    of least total colour distance to the defaults. None when the objects do not make
    exactly two canoes per player, or a canoe is far from its colour."""
    from vision.read import feature_of, features

    w = config.brightness_weight
    units: list[Floats] = []
    for ratio, bgr in blobs:
        if 1 - config.pair_margin * 3 <= ratio < config.pair_ratio - config.pair_margin:
            units.append(bgr)
        elif config.pair_ratio + config.pair_margin < ratio < config.pair_max_ratio:
            units.extend([bgr, bgr])
        elif ratio >= config.canoe_min_fraction:
            return None  # a part of a canoe, or a heap: not clear enough to learn from
    if len(units) != 2 * len(players):
        return None
    feats = features(np.array(units, np.float32), w)
    protos = np.array([feature_of(config.canoe_bgr[c], w) for c in players], np.float32)
    cost = np.linalg.norm(feats[:, None, :] - protos[None, :, :], axis=2)
    # Exact: dynamic programming over canoes, state = canoes given to each colour so far.
    best: dict[tuple[int, ...], tuple[float, tuple[int, ...]]] = {(0,) * len(players): (0.0, ())}
    for u in range(len(units)):
        nxt: dict[tuple[int, ...], tuple[float, tuple[int, ...]]] = {}
        for state, (total, picks) in best.items():
            for c in range(len(players)):
                if state[c] == 2:
                    continue
                ns = (*state[:c], state[c] + 1, *state[c + 1 :])
                cand = (total + float(cost[u, c]), (*picks, c))
                if ns not in nxt or cand[0] < nxt[ns][0]:
                    nxt[ns] = cand
        best = nxt
    (_, picks), = best.values()
    limit = config.canoe_distance * config.learn_slack
    if any(cost[u, c] > limit for u, c in enumerate(picks)):
        return None
    out: dict[str, BGR] = {}
    for c, colour in enumerate(players):
        mine = [units[u] for u, p in enumerate(picks) if p == c]
        out[colour] = to_bgr(np.mean(mine, axis=0))
    return out
