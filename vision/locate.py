"""Finding the board in a frame: ArUco markers (or fixed corners) to a homography,
then the rectified top-down view.

>>> from companion.state import new_game
>>> from vision.synth import render
>>> from vision.layout import load_layout
>>> pose = locate_board(render(new_game(["red", "green", "blue"])), load_layout())
>>> len(pose.markers), pose.reprojection_px < 1.5
(4, True)
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

import cv2
import numpy as np

from vision.camera import (
    CameraModel,
    CameraPose,
    focal_from_homography,
    rectify_maps,
    solve_pose,
)
from vision.config import VisionConfig
from vision.layout import Layout
from vision.types import Doubles, Floats, Image


class BoardNotFound(ValueError):
    """The board cannot be located in the frame (too few markers, a bad homography)."""


class CalibrationError(ValueError):
    """A calibration file or corner list that cannot be used."""


@dataclass(frozen=True)
class MarkerView:
    """Where one frame (of ``image_size``, w x h) showed the board's markers: id -> the
    four corners' frame pixels, as found."""

    image_size: tuple[int, int]
    corners: dict[int, Floats]


@dataclass(frozen=True)
class BoardPose:
    """Where the board lies in a frame.

    ``to_board`` maps frame pixels to board millimetres (pixels as an ideal camera would
    see them: the lens's distortion, if any, undone); ``markers`` lists the marker ids used
    (empty for hand-given corners). ``camera`` is the camera model the pose was found
    with and ``camera_pose`` where the camera stands over the board (None when it could
    not be solved): things standing on the board are looked for where their tops appear.
    """

    to_board: Doubles
    reprojection_px: float
    markers: tuple[int, ...]
    image_size: tuple[int, int]
    corners: dict[int, Floats] | None = field(default=None, compare=False, repr=False)
    """The markers' corners in the frame (for searching near them in the next frame)."""
    camera: CameraModel | None = field(default=None, compare=False, repr=False)
    camera_pose: CameraPose | None = field(default=None, compare=False, repr=False)

    @property
    def to_frame(self) -> Doubles:
        """Board mm to ideal (undistorted) frame pixels."""
        return cast(Doubles, np.linalg.inv(self.to_board))

    def frame_points(self, points_mm: Doubles) -> Doubles:
        """Board points ``(N, 2)`` (mm) to frame pixels, through the lens."""
        pts = np.asarray(points_mm, np.float64).reshape(-1, 1, 2)
        ideal = np.asarray(cv2.perspectiveTransform(pts, self.to_frame), np.float64).reshape(-1, 2)
        return ideal if self.camera is None else self.camera.distort(ideal)


_DETECTORS: dict[tuple[str, int, int, int, float, int], cv2.aruco.ArucoDetector] = {}


def _detector(dictionary: str, cell_px: int, min_perimeter: int = 0,
              window: int = 0, constant: float = 0.0,
              threshold_window: int = 0) -> cv2.aruco.ArucoDetector:
    """The detector, reading cells from ``cell_px`` pixels a side; with ``min_perimeter``
    and ``window`` (pixels: a perimeter, and the larger side of the picture searched), one
    that takes no shorter outline for a marker (a small window otherwise takes specks of
    texture for candidates, and checking each of them costs several times the search);
    with ``constant``, one whose adaptive threshold lies that far under the local mean
    (0: OpenCV's default) and that takes a marker up to a pixel from the frame's edge
    (OpenCV's default keeps three pixels away); with ``threshold_window``, one adaptive
    threshold of that window instead of three (5, 15 and 25 pixels)."""
    key = (dictionary, cell_px, min_perimeter, window, constant, threshold_window)
    if key not in _DETECTORS:
        params = cv2.aruco.DetectorParameters()
        if constant:
            params.adaptiveThreshConstant = constant
            params.minDistanceToBorder = 1
        params.adaptiveThreshWinSizeMin = threshold_window or 5
        params.adaptiveThreshWinSizeMax = threshold_window or 25
        params.adaptiveThreshWinSizeStep = 10
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_NONE
        params.perspectiveRemovePixelPerCell = cell_px
        if min_perimeter and window:
            params.minMarkerPerimeterRate = max(params.minMarkerPerimeterRate,
                                                min_perimeter / window)
        d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary))
        if len(_DETECTORS) > 64:
            _DETECTORS.clear()
        _DETECTORS[key] = cv2.aruco.ArucoDetector(d, params)
    return _DETECTORS[key]


_SPARE: dict[tuple[int, ...], Image] = {}
_SPARE_LOCK = threading.Lock()


def _take(shape: tuple[int, ...]) -> Image:
    """A uint8 work array of ``shape`` (its content is anything): one kept from an earlier
    frame when there is one. Frame-sized arrays are otherwise a fresh memory map each
    (mapped, faulted in, unmapped: the service maps blocks from 128 KiB on their own).
    Give it back with :func:`_give` once nothing refers to it."""
    with _SPARE_LOCK:
        spare = _SPARE.pop(shape, None)
    return spare if spare is not None else np.empty(shape, np.uint8)


def _give(array: Image) -> None:
    """Keep ``array`` for the next :func:`_take` of its shape (one a shape, 32 MB at most
    over all: a few frame sizes' worth)."""
    with _SPARE_LOCK:
        if (array.shape not in _SPARE
                and sum(a.nbytes for a in _SPARE.values()) + array.nbytes <= 32 << 20):
            _SPARE[array.shape] = array


def find_markers(
    image: Image, layout: Layout, config: VisionConfig | None = None
) -> dict[int, Floats]:
    """The layout's markers seen in a BGR frame: id -> 4x2 corners (frame pixels).

    Markers are searched in a shrunk copy (fast), then their corners refined at full size.
    """
    config = config or VisionConfig()
    if image.ndim == 2:
        return _find_markers_grey(image, layout, config)
    grey = _take(image.shape[:2])
    try:
        return _find_markers_grey(cast(Image, cv2.cvtColor(image, cv2.COLOR_BGR2GRAY, dst=grey)),
                                  layout, config)
    finally:
        _give(grey)


def _find_markers_grey(gray: Image, layout: Layout, config: VisionConfig) -> dict[int, Floats]:
    """:func:`find_markers` in a grey frame."""
    # Shrink large frames only: a 640-pixel-wide frame searched at half size loses small
    # markers and then costs a second, full-size search.
    scale = min(1.0, max(config.marker_scale, config.marker_search_width / gray.shape[1]))
    found: dict[int, Floats] = {}
    if config.marker_quick_window:
        found = _find_markers(gray, layout, scale, config,
                              threshold_window=config.marker_quick_window)
    if len(found) < len(layout.marker_centers):
        found = _find_markers(gray, layout, scale, config)
    if len(found) < len(layout.marker_centers) and scale != 1.0:
        # Small or steeply seen markers: look again at full resolution.
        again = _find_markers(gray, layout, 1.0, config)
        if len(again) > len(found):
            found = again
    if len(found) < len(layout.marker_centers) and gray.shape[1] <= config.marker_upscale_below:
        # A small frame: a marker of a few pixels a cell is found in an enlarged copy (at
        # one scale or another: their sampling differs); add the markers still missing.
        for up in config.marker_upscales:
            for mid, quad in _find_markers(gray, layout, up, config).items():
                found.setdefault(mid, quad)
            if len(found) == len(layout.marker_centers):
                break
    if len(found) < config.min_markers and config.marker_retry_constant:
        # Too few for the board: one more full-size search thresholding further under
        # the local mean (a marker's outline merged with its dark cells) and taking a
        # marker up to a pixel from the frame's edge; the markers still missing are added.
        for mid, quad in _find_markers(gray, layout, 1.0, config,
                                       constant=config.marker_retry_constant).items():
            found.setdefault(mid, quad)
    return found


def track_markers(gray: Image, layout: Layout, previous: dict[int, Floats],
                  config: VisionConfig) -> dict[int, Floats] | None:
    """The markers of ``previous`` (id -> corners in the last frame) searched only in small
    windows around where they were (a still camera: far less to search than the frame).
    None when any of them is not found there (the camera or the board moved): search the
    whole frame then. ``gray`` may be the BGR frame: only the windows are made grey."""
    h, w = gray.shape[:2]
    scale = min(1.0, max(config.marker_scale, config.marker_search_width / w))
    found: dict[int, Floats] = {}
    for mid, quad in previous.items():
        lo, hi = quad.min(0), quad.max(0)
        pad = 0.6 * float(max(hi - lo)) + 4
        x0, y0 = max(0, int(lo[0] - pad)), max(0, int(lo[1] - pad))
        x1, y1 = min(w, int(hi[0] + pad) + 1), min(h, int(hi[1] + pad) + 1)
        if x1 - x0 < 16 or y1 - y0 < 16:
            return None
        # The marker cannot have shrunk to half its outline since: shorter outlines in
        # the window are no candidates.
        outline = float(np.sum(np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1)))
        window = gray[y0:y1, x0:x1]
        if window.ndim == 3:
            window = cast(Image, cv2.cvtColor(window, cv2.COLOR_BGR2GRAY))
        got: dict[int, Floats] = {}
        for quick in (config.marker_quick_window, 0) if config.marker_quick_window else (0,):
            got = _find_markers(window, layout, scale, config,
                                min_perimeter=int(0.5 * outline * scale),
                                threshold_window=quick)
            if mid in got:
                break
        if mid not in got:
            return None
        found[mid] = got[mid] + np.array([x0, y0], np.float32)
    return found


def _find_markers(gray: Image, layout: Layout, scale: float, config: VisionConfig,
                  min_perimeter: int = 0, constant: float = 0.0,
                  threshold_window: int = 0) -> dict[int, Floats]:
    """Markers in ``gray`` searched at ``scale``; none with an outline shorter than
    ``min_perimeter`` pixels there (0: OpenCV's default share of the picture); ``constant``
    and ``threshold_window`` as for :func:`_detector`."""
    small = gray
    spare = None
    if scale != 1.0:
        if not min_perimeter:  # (a whole frame: its shrunk copy in a kept array)
            spare = _take((round(gray.shape[0] * scale), round(gray.shape[1] * scale)))
        # (Shrunk by area; enlarged bilinearly: area interpolation enlarges like nearest
        # neighbour, blocky steps a small marker's cells do not have.)
        small = cast(Image, cv2.resize(gray, None, dst=spare, fx=scale, fy=scale,
                                       interpolation=cv2.INTER_AREA if scale < 1.0
                                       else cv2.INTER_LINEAR))
    detector = (_detector(layout.marker_dictionary, config.marker_cell_px, min_perimeter,
                          max(small.shape[:2]), threshold_window=threshold_window)
                if min_perimeter else _detector(layout.marker_dictionary, config.marker_cell_px,
                                                constant=constant,
                                                threshold_window=threshold_window))
    corners, ids, _ = detector.detectMarkers(small)
    if spare is not None:
        _give(spare)
    found: dict[int, Floats] = {}
    if ids is None:
        return found
    wanted = set(layout.marker_centers)
    for quad, marker_id in zip(corners, ids.ravel(), strict=True):
        mid = int(marker_id)
        if mid not in wanted or mid in found:
            continue
        pts = (quad.reshape(4, 2) + 0.5) / scale - 0.5
        found[mid] = pts.astype(np.float32)
    if scale != 1.0 and found:
        allpts = np.concatenate(list(found.values())).reshape(-1, 1, 2)
        win = max(2, round(1.5 / scale))
        criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_COUNT, 20, 0.05)
        refined = cv2.cornerSubPix(gray, allpts.copy(), (win, win), (-1, -1), criteria)
        # Keep a refinement only when it stays close (sub-pixel search can jump to noise).
        moved = np.linalg.norm(refined - allpts, axis=2).ravel()
        allpts = np.where((moved < 2.0 / scale)[:, None, None], refined, allpts)
        for k, mid in enumerate(found):
            found[mid] = allpts[4 * k : 4 * k + 4].reshape(4, 2)
    return found


def _reprojection(to_frame: Doubles, board_pts: Doubles, frame_pts: Doubles) -> float:
    proj = cv2.perspectiveTransform(board_pts.reshape(-1, 1, 2), to_frame).reshape(-1, 2)
    return float(np.sqrt(np.mean(np.sum((proj - frame_pts) ** 2, axis=1))))


def locate_board(
    image: Image, layout: Layout, config: VisionConfig | None = None,
    previous: BoardPose | None = None, camera: CameraModel | None = None,
    fixed: MarkerView | None = None,
) -> BoardPose:
    """The board's homography and 3D pose from its ArUco markers.

    :param previous: the pose in the previous frame of the same camera: its markers are
        searched near where they were first (the whole frame when one is missing there).
    :param camera: the camera's intrinsics and lens (default: a standard lens without
        distortion, :meth:`CameraModel.default`); scaled to the frame's size.
    :param fixed: where the same still camera saw the markers at setup. A frame showing
        too few markers for a pose, but those where they were in ``previous`` or in
        ``fixed``, is read with the others where they were too (:func:`still_markers`);
        the pose's ``markers`` are those seen.
    :raises BoardNotFound: when fewer than ``config.min_markers`` markers are seen or
        the homography does not fit them.
    """
    config = config or VisionConfig()
    markers = None
    h, w = image.shape[:2]
    if (previous is not None and previous.corners
            and tuple(previous.image_size) == (w, h)
            and len(previous.corners) == len(layout.marker_centers)):
        # (Only the markers' windows are made grey; the whole frame if they moved.)
        markers = track_markers(image, layout, previous.corners, config)
    if markers is None:
        markers = find_markers(image, layout, config)
    seen_ids = tuple(sorted(markers))
    if len(markers) < config.min_markers:
        still = None
        for ref in (MarkerView(previous.image_size, previous.corners)
                    if previous is not None and previous.corners else None, fixed):
            still = still or still_markers(markers, ref, (w, h), config)
        if still is not None:
            markers = still
    if len(markers) < config.min_markers:
        seen = ", ".join(map(str, seen_ids)) or "none"
        raise BoardNotFound(
            f"board not found: {len(seen_ids)} of {len(layout.marker_centers)} markers seen "
            f"(ids {seen}); at least {config.min_markers} are needed. Check that the corner "
            "markers are in view and not covered, or give the board corners (--corners or "
            "--calibration)"
        )
    ids = sorted(markers)
    board_pts = np.array([layout.marker_corners_mm(i) for i in ids], np.float64).reshape(-1, 2)
    camera = (camera or CameraModel.default((w, h))).scaled((w, h))
    frame_pts = camera.undistort(np.concatenate([markers[i] for i in ids]))
    found, _ = cv2.findHomography(board_pts, frame_pts, 0)
    to_frame = cast(Doubles | None, found)  # None when no homography fits
    if to_frame is None:
        raise BoardNotFound("board not found: the markers do not fit one flat board")
    err = _reprojection(to_frame, board_pts, frame_pts)
    if err > config.max_reprojection_px:
        raise BoardNotFound(
            f"board not found: markers disagree by {err:.1f} px (more than "
            f"{config.max_reprojection_px:g}); is a marker moved or the layout wrong?"
        )
    camera = _with_focal(camera, to_frame)
    return BoardPose(cast(Doubles, np.linalg.inv(to_frame)), err, seen_ids, (w, h),
                     corners=dict(markers), camera=camera,
                     camera_pose=solve_pose(board_pts, frame_pts, camera))


def still_markers(markers: dict[int, Floats], reference: MarkerView | None,
                  image_size: tuple[int, int], config: VisionConfig) -> dict[int, Floats] | None:
    """Too few markers seen for a pose of their own, but at least ``config.still_markers``
    of them, each where ``reference`` (the last frame, or the setup photo, of the same
    camera) saw it: two markers of a rigid board that have not moved (every corner within
    ``config.still_marker_share`` of its outline's side) say neither the board nor the
    camera moved, and the markers not seen now are where they were. Those seen now and
    the reference's others; None otherwise.

    >>> quad = np.array([[0, 0], [40, 0], [40, 40], [0, 40]], np.float32)
    >>> ref = MarkerView((640, 480), {0: quad, 1: quad + 300, 2: quad + 400})
    >>> sorted(still_markers({0: quad + 1, 2: quad + 400}, ref, (640, 480), VisionConfig()))
    [0, 1, 2]
    >>> still_markers({0: quad + 4, 2: quad + 400}, ref, (640, 480), VisionConfig()) is None
    True
    >>> still_markers({0: quad}, ref, (640, 480), VisionConfig()) is None
    True
    >>> still_markers({0: quad, 2: quad + 400}, ref, (1280, 720), VisionConfig()) is None
    True
    """
    if (reference is None or config.still_markers < 2 or len(markers) < config.still_markers
            or tuple(reference.image_size) != tuple(image_size)
            or not set(markers) <= set(reference.corners)):
        return None
    for mid, quad in markers.items():
        was = reference.corners[mid]
        side = float(np.mean(np.linalg.norm(was - np.roll(was, 1, axis=0), axis=1)))
        if float(np.abs(quad - was).max()) > config.still_marker_share * side:
            return None
    return {**reference.corners, **markers}


def _with_focal(camera: CameraModel, to_frame: Doubles) -> CameraModel:
    """Without a lens calibration, the focal length the board's homography implies (when
    the view is oblique enough to tell), else the default's."""
    if camera.calibrated:
        return camera
    f = focal_from_homography(to_frame, camera.image_size)
    if f is None:
        return camera
    return CameraModel.default(camera.image_size, focal=f / camera.image_size[0])


def board_corners_mm(layout: Layout) -> Doubles:
    """The board's corners (TL, TR, BR, BL) in mm."""
    bw, bh = layout.board_mm
    return np.array([[0, 0], [bw, 0], [bw, bh], [0, bh]], np.float64)


def pose_from_corners(
    corners_px: Sequence[Sequence[float]],
    layout: Layout,
    image_size: tuple[int, int] | None = None,
    frame_size: tuple[int, int] | None = None,
    camera: CameraModel | None = None,
) -> BoardPose:
    """A fixed pose from the board's four corners in the frame (TL, TR, BR, BL: the
    corners at board mm (0, 0), (W, 0), (W, H), (0, H)).

    When the corners were measured on a frame of ``image_size`` and the current frame
    has another ``frame_size``, they are scaled to it. With a ``camera`` whose lens bends
    lines, the corners are undistorted first.
    """
    pts = np.asarray(corners_px, np.float64)
    if pts.shape != (4, 2) or not np.all(np.isfinite(pts)):
        raise CalibrationError("corners must be four [x, y] points: TL, TR, BR, BL")
    if image_size and frame_size and tuple(image_size) != tuple(frame_size):
        pts = pts * (np.array(frame_size, np.float64) / np.array(image_size, np.float64))
    quad = pts.astype(np.float32).reshape(-1, 1, 2)
    if abs(cv2.contourArea(quad)) < 100 or not cv2.isContourConvex(quad):
        raise CalibrationError("the four corners do not outline a board (TL, TR, BR, BL)")
    size = frame_size or image_size or (0, 0)
    size = (int(size[0]), int(size[1]))
    cam = None
    if min(size) > 0:
        cam = (camera or CameraModel.default(size)).scaled(size)
        pts = cam.undistort(pts)
    to_frame = cast(Doubles, cv2.getPerspectiveTransform(
        board_corners_mm(layout).astype(np.float32), pts.astype(np.float32)).astype(np.float64))
    if cam is not None:
        cam = _with_focal(cam, to_frame)
    return BoardPose(cast(Doubles, np.linalg.inv(to_frame)), 0.0, (), size, camera=cam,
                     camera_pose=None if cam is None else solve_pose(
                         board_corners_mm(layout), pts, cam))


def parse_corners(text: str) -> list[list[float]]:
    """Corners from the command line: ``"x1,y1,x2,y2,x3,y3,x4,y4"`` (TL, TR, BR, BL)."""
    try:
        values = [float(v) for v in text.replace(";", ",").replace(" ", ",").split(",") if v]
    except ValueError:
        raise CalibrationError(
            f"--corners needs 8 numbers x1,y1,...,x4,y4 (TL, TR, BR, BL), not {text!r}"
        ) from None
    if len(values) != 8:
        raise CalibrationError(
            f"--corners needs 8 numbers x1,y1,...,x4,y4 (TL, TR, BR, BL), got {len(values)}"
        )
    return [values[i : i + 2] for i in range(0, 8, 2)]


def load_calibration(path: str | Path) -> tuple[list[list[float]], tuple[int, int]]:
    """Read a calibration file ``{"corners_px": [[x, y] x4], "image_size": [w, h]}``."""
    file = Path(path)
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CalibrationError(f"calibration file {file} does not exist") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CalibrationError(f"calibration file {file} is not readable JSON: {exc}") from None
    if not isinstance(data, dict) or "corners_px" not in data or "image_size" not in data:
        raise CalibrationError(
            f"calibration file {file} needs 'corners_px' (four [x, y]) and 'image_size' [w, h]"
        )
    corners = data["corners_px"]
    size = data["image_size"]
    try:
        pts = np.asarray(corners, np.float64)
        wh = np.asarray(size, np.float64)
    except (TypeError, ValueError):
        raise CalibrationError(
            f"calibration file {file}: corners and size must be numbers"
        ) from None
    if pts.shape != (4, 2) or wh.shape != (2,) or np.any(wh <= 0):
        raise CalibrationError(
            f"calibration file {file}: 'corners_px' must be four [x, y] and 'image_size' [w, h]"
        )
    return pts.tolist(), (int(wh[0]), int(wh[1]))


def save_calibration(path: str | Path, pose: BoardPose, layout: Layout) -> None:
    """Write the board corners of ``pose`` as a calibration file (for a fixed camera)."""
    corners = pose.frame_points(board_corners_mm(layout))
    data = {"corners_px": corners.reshape(4, 2).round(2).tolist(),
            "image_size": list(pose.image_size)}
    Path(path).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def rectify(image: Image, pose: BoardPose, layout: Layout,
            config: VisionConfig | None = None) -> Image:
    """The top-down view of the board at ``config.px_per_mm`` (BGR), straight from the
    frame through the lens's distortion when the pose's camera has any."""
    config = config or VisionConfig()
    k = config.px_per_mm
    scale = np.array([[k, 0, 0], [0, k, 0], [0, 0, 1]], np.float64)
    bw, bh = layout.board_mm
    size = (round(bw * k), round(bh * k))
    # OpenCV interpolates 4-channel pictures with SIMD and 3-channel ones without: BGRA
    # there and back is about twice as fast, and every pixel comes out the same.
    four = image.ndim == 3 and image.shape[2] == 3
    if not four:
        return _rectify(image, pose, size, k, scale)
    # (Both four-channel pictures in arrays kept from frame to frame.)
    src, view = _take((*image.shape[:2], 4)), _take((size[1], size[0], 4))
    try:
        top = _rectify(cast(Image, cv2.cvtColor(image, cv2.COLOR_BGR2BGRA, dst=src)), pose,
                       size, k, scale, view)
        return cast(Image, cv2.cvtColor(top, cv2.COLOR_BGRA2BGR))
    finally:
        _give(src)
        _give(view)


def _rectify(src: Image, pose: BoardPose, size: tuple[int, int], k: float, scale: Doubles,
             dst: Image | None = None) -> Image:
    """:func:`rectify`'s warp (into ``dst`` if given)."""
    if pose.camera is not None and pose.camera.distorted:
        xy = rectify_maps(pose.to_frame, pose.camera, size, k)
        # (One two-channel map, x and y; OpenCV's stubs until 5.1 want a second map even
        # then, later ones do not: the ignore is unused there.)
        return cast(Image, cv2.remap(src, xy, None, cv2.INTER_LINEAR,  # type: ignore[call-overload, unused-ignore]
                                     dst=dst, borderMode=cv2.BORDER_REPLICATE))
    return cast(Image, cv2.warpPerspective(src, scale @ pose.to_board, size, dst=dst,
                                           flags=cv2.INTER_LINEAR,
                                           borderMode=cv2.BORDER_REPLICATE))
