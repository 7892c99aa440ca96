"""The camera as a physical model: its intrinsics and lens distortion, the board's 3D pose
from the markers, and where things standing on the board appear (parallax).

A camera is described by a :class:`CameraModel`: the pinhole matrix ``K`` and OpenCV's
distortion coefficients ``(k1, k2, p1, p2, k3)`` for one frame size. It comes from a
one-time lens calibration (:func:`calibrate` from photos of a printed ChArUco board:
``niagara-companion markers --charuco`` prints one, ``niagara-companion camera-calibrate``
writes the JSON), or, without one, :meth:`CameraModel.default`: a standard lens (a
horizontal view of about 64 degrees, no distortion) with its centre in the middle.

The board's pose (:func:`solve_pose`, OpenCV's ``solvePnP`` on the marker corners, after
undistorting them) places the camera above the board; :meth:`CameraPose.lift` then says
where the top of a canoe (15 mm) or a disc (3 mm) appears on the board's plane, and the
rectified view is drawn straight from the distorted frame through one map per pose
(:func:`rectify_maps`).

>>> cam = CameraModel.default((1280, 720))
>>> float(cam.matrix[0, 0]), cam.distorted
(1024.0, False)
>>> float(cam.scaled((640, 360)).matrix[0, 0])
512.0
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

import cv2
import numpy as np

from vision.types import Doubles, Floats, Image

CAMERA_VERSION = 1
DEFAULT_FOCAL = 0.8
"""The default camera's focal length in frame widths: a standard lens (the Raspberry Pi
camera modules 2 and 3 and most webcams see 62-66 degrees across: 0.77-0.83)."""

CHARUCO_SQUARES = (7, 5)
"""Squares across and down of the printed calibration board."""
CHARUCO_SQUARE_MM = 28.0
CHARUCO_MARKER_MM = 21.0
CHARUCO_DICTIONARY = "DICT_5X5_100"
"""Another dictionary than the board's corner markers, so neither is taken for the other."""


class CameraError(ValueError):
    """A camera file that cannot be used, or photos a camera cannot be calibrated from."""


@dataclass(frozen=True)
class CameraModel:
    """A camera's intrinsics and lens distortion for frames of ``image_size``."""

    matrix: Doubles = field(compare=False)
    """``K``, 3x3: focal lengths and principal point in pixels."""
    dist: Doubles = field(compare=False)
    """OpenCV's distortion coefficients ``(k1, k2, p1, p2, k3)``."""
    image_size: tuple[int, int]
    calibrated: bool = False
    """From a lens calibration (False: the default for a standard lens)."""
    rms_px: float | None = None
    """The calibration's RMS reprojection error (pixels)."""

    @classmethod
    def default(cls, size: tuple[int, int], focal: float = DEFAULT_FOCAL) -> CameraModel:
        """A standard lens without distortion, centred, for frames of ``size``."""
        w, h = size
        f = focal * w
        k = np.array([[f, 0.0, w / 2], [0.0, f, h / 2], [0.0, 0.0, 1.0]], np.float64)
        return cls(k, np.zeros(5, np.float64), (int(w), int(h)))

    @property
    def distorted(self) -> bool:
        """Whether the lens bends straight lines (any distortion coefficient set)."""
        return bool(np.any(np.abs(self.dist) > 1e-9))

    def scaled(self, size: tuple[int, int]) -> CameraModel:
        """The same camera delivering frames of another ``size`` (the sensor scaled)."""
        if tuple(size) == tuple(self.image_size):
            return self
        sx, sy = size[0] / self.image_size[0], size[1] / self.image_size[1]
        k = self.matrix.copy()
        k[0] *= sx
        k[1] *= sy
        return CameraModel(k, self.dist.copy(), (int(size[0]), int(size[1])), self.calibrated,
                           self.rms_px)

    def undistort(self, points: Floats | Doubles) -> Doubles:
        """Frame pixels ``(N, 2)`` as an ideal (pinhole) camera would see them."""
        pts = np.asarray(points, np.float64).reshape(-1, 1, 2)
        if not self.distorted:
            return cast(Doubles, pts.reshape(-1, 2))
        ideal = cv2.undistortPoints(pts, self.matrix, self.dist, P=self.matrix)
        return cast(Doubles, ideal.reshape(-1, 2).astype(np.float64))

    def distort(self, ideal: Doubles) -> Doubles:
        """Ideal pinhole pixels ``(N, 2)`` to where the lens puts them in the frame."""
        if not self.distorted:
            return ideal
        k, d = self.matrix, self.dist
        x = (ideal[:, 0] - k[0, 2]) / k[0, 0]
        y = (ideal[:, 1] - k[1, 2]) / k[1, 1]
        k1, k2, p1, p2, k3 = (float(v) for v in d[:5])
        r2 = x * x + y * y
        radial = 1 + r2 * (k1 + r2 * (k2 + r2 * k3))
        xd = x * radial + 2 * p1 * x * y + p2 * (r2 + 2 * x * x)
        yd = y * radial + p1 * (r2 + 2 * y * y) + 2 * p2 * x * y
        return cast(Doubles, np.column_stack([xd * k[0, 0] + k[0, 2], yd * k[1, 1] + k[1, 2]]))

    def to_json(self) -> dict[str, object]:
        return {
            "version": CAMERA_VERSION,
            "image_size": list(self.image_size),
            "matrix": np.round(self.matrix, 4).tolist(),
            "dist": [round(float(v), 6) for v in self.dist],
            "calibrated": self.calibrated,
            "rms_px": None if self.rms_px is None else round(self.rms_px, 4),
        }

    def save(self, path: str | Path) -> None:
        """Write the camera as JSON."""
        Path(path).write_text(json.dumps(self.to_json(), indent=2) + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: object) -> CameraModel:
        """A camera from its JSON form; :class:`CameraError` saying what is wrong."""
        if not isinstance(data, dict):
            raise CameraError("a camera file is a JSON object")
        if data.get("version") != CAMERA_VERSION:
            raise CameraError(f"camera file version {data.get('version')!r} is not "
                              f"{CAMERA_VERSION}")
        try:
            size = tuple(int(v) for v in data["image_size"])
            k = np.array(data["matrix"], np.float64)
            dist = np.array(data["dist"], np.float64).ravel()
            rms = data.get("rms_px")
        except (KeyError, TypeError, ValueError) as exc:
            raise CameraError(f"not a camera file ({type(exc).__name__}: {exc})") from None
        if (len(size) != 2 or min(size) <= 0 or k.shape != (3, 3) or not np.all(np.isfinite(k))
                or k[0, 0] <= 0 or k[1, 1] <= 0 or dist.size not in (4, 5, 8, 12, 14)
                or not np.all(np.isfinite(dist)) or np.any(np.abs(dist) > 50)):
            raise CameraError("a camera file needs image_size [w, h], a 3x3 matrix with "
                              "positive focal lengths and 4-14 finite distortion values")
        dist5 = np.zeros(5, np.float64)
        dist5[: min(5, dist.size)] = dist[:5]
        return cls(k, dist5, (size[0], size[1]), bool(data.get("calibrated", True)),
                   None if rms is None else float(rms))


def load_camera(path: str | Path) -> CameraModel:
    """A camera file (:func:`calibrate`'s output); :class:`CameraError` with a reason."""
    file = Path(path)
    if not file.is_file():
        raise CameraError(f"{file}: no such camera file")
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CameraError(f"{file}: not a JSON camera file ({exc.__class__.__name__})") from None
    try:
        return CameraModel.from_json(data)
    except CameraError as exc:
        raise CameraError(f"{file}: {exc}") from None


@dataclass(frozen=True)
class CameraPose:
    """Where the camera is, seen from the board: its centre in board mm (``x``, ``y`` on
    the board's plane, ``height`` above it), and the pose OpenCV gives (board to camera)."""

    rvec: Doubles = field(compare=False)
    tvec: Doubles = field(compare=False)
    centre: tuple[float, float, float]

    def lift(self, points_mm: Floats | Doubles) -> Floats:
        """Per board point ``(N, 2)``: where a point 1 mm above it appears on the board's
        plane, relative to it (mm per mm of height; exact for small heights)."""
        cx, cy, ch = self.centre
        p = np.asarray(points_mm, np.float64).reshape(-1, 2)
        return cast(Floats, ((p - np.array([cx, cy])) / max(ch, 1.0)).astype(np.float32))


def focal_from_homography(to_frame: Doubles, size: tuple[int, int]) -> float | None:
    """The focal length (pixels) that makes the board's homography a rotation and a
    translation, for a camera centred on the frame with square pixels (Zhang's two
    constraints, solved together); None when the view is too square-on to tell, or the
    answer is implausible (under 0.4 or over 2.5 frame widths).

    >>> k = np.array([[1000.0, 0, 640], [0, 1000, 360], [0, 0, 1]])
    >>> rot, _ = cv2.Rodrigues(np.array([0.3, 0.1, 0.0]))
    >>> h = k @ np.column_stack([rot[:, 0], rot[:, 1], [-300.0, -150.0, 900.0]])
    >>> round(focal_from_homography(h, (1280, 720)))
    1000
    """
    w, h = size
    shift = np.array([[1.0, 0.0, -w / 2], [0.0, 1.0, -h / 2], [0.0, 0.0, 1.0]])
    hc = shift @ to_frame
    h1, h2 = hc[:, 0], hc[:, 1]
    a = np.array([h1[0] * h2[0] + h1[1] * h2[1], h1[0] ** 2 + h1[1] ** 2 - h2[0] ** 2 - h2[1] ** 2])
    b = np.array([h1[2] * h2[2], h1[2] ** 2 - h2[2] ** 2])
    inv_f2 = -float(a @ b) / max(float(a @ a), 1e-300)
    if inv_f2 <= 0:
        return None
    f = 1.0 / np.sqrt(inv_f2)
    return float(f) if 0.4 * w <= f <= 2.5 * w else None


def solve_pose(board_mm: Doubles, ideal_px: Doubles, camera: CameraModel) -> CameraPose | None:
    """The board's pose from points on its plane (mm) and where an ideal camera sees them;
    None when it cannot be solved."""
    obj = np.column_stack([board_mm, np.zeros(len(board_mm))]).astype(np.float64)
    try:
        ok, rvec, tvec = cv2.solvePnP(obj, ideal_px.astype(np.float64), camera.matrix, None,
                                      flags=cv2.SOLVEPNP_IPPE)
    except cv2.error:
        return None
    if not ok:
        return None
    rot, _ = cv2.Rodrigues(rvec)
    c = -rot.T @ tvec.ravel()
    if c[2] >= 0:  # the camera below the table: a mirrored solution
        return None
    return CameraPose(np.asarray(rvec, np.float64).ravel(), np.asarray(tvec, np.float64).ravel(),
                      (float(c[0]), float(c[1]), float(-c[2])))


_GRIDS: dict[tuple[int, int, int, float], Doubles] = {}


def rectify_maps(to_frame: Doubles, camera: CameraModel, size: tuple[int, int], k: float,
                 step: int = 4) -> Floats:
    """The map for ``cv2.remap`` (``(h, w, 2)`` float32, x and y) from the distorted frame
    to the rectified board view (``size`` pixels, ``k`` pixels per mm): the homography
    ``to_frame`` (board mm to ideal pixels) then the lens. Computed on a grid of one point
    every ``step`` pixels, one more all round, and resized to every pixel (both vary
    smoothly; ``cv2.resize`` puts grid point ``g`` at pixel ``g * step + (step - 1) / 2``
    of its output, so the grid is taken there), so it costs little per frame."""
    w, h = size
    gw, gh = -(-w // step) + 2, -(-h // step) + 2
    key = (w, h, step, k)
    if key not in _GRIDS:
        # The same for every frame of a view: the coarse grid's board points (mm).
        first = (step - 1) / 2 + 0.5 - step
        gx, gy = np.meshgrid(np.arange(gw, dtype=np.float64) * step + first,
                             np.arange(gh, dtype=np.float64) * step + first)
        mm = cast(Doubles, np.column_stack([gx.ravel() / k, gy.ravel() / k, np.ones(gx.size)]))
        mm.flags.writeable = False
        if len(_GRIDS) > 8:
            _GRIDS.clear()
        _GRIDS[key] = mm
    proj = _GRIDS[key] @ to_frame.T
    ideal = proj[:, :2] / proj[:, 2:]
    grid = camera.distort(ideal).astype(np.float32).reshape(gh, gw, 2)
    # Interpolate the coarse grid to every pixel (both coordinates in one call).
    full = cv2.resize(grid, (gw * step, gh * step), interpolation=cv2.INTER_LINEAR)
    return cast(Floats, full[step : step + h, step : step + w])


# -- lens calibration from ChArUco photos ------------------------------------------------


def charuco_board() -> cv2.aruco.CharucoBoard:
    """The printed calibration board (:data:`CHARUCO_SQUARES` squares of
    :data:`CHARUCO_SQUARE_MM`, markers of :data:`CHARUCO_MARKER_MM`, in mm)."""
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, CHARUCO_DICTIONARY))
    return cv2.aruco.CharucoBoard(CHARUCO_SQUARES, CHARUCO_SQUARE_MM, CHARUCO_MARKER_MM,
                                  dictionary)


def charuco_image(px_per_mm: float, margin_mm: float = 10.0) -> Image:
    """The calibration board as a grey image at ``px_per_mm``, with a white margin."""
    board = charuco_board()
    w = round((CHARUCO_SQUARES[0] * CHARUCO_SQUARE_MM + 2 * margin_mm) * px_per_mm)
    h = round((CHARUCO_SQUARES[1] * CHARUCO_SQUARE_MM + 2 * margin_mm) * px_per_mm)
    return cast(Image, board.generateImage((w, h), marginSize=round(margin_mm * px_per_mm),
                                           borderBits=1))


def find_charuco(image: Image) -> tuple[Floats, Doubles] | None:
    """The calibration board's inner corners seen in a photo: their frame pixels
    ``(N, 2)`` and board mm ``(N, 3)``; None when fewer than 8 are seen."""
    grey = image if image.ndim == 2 else cast(Image, cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))
    board = charuco_board()
    corners, ids, _, _ = cv2.aruco.CharucoDetector(board).detectBoard(grey)
    if ids is None or len(ids) < 8:
        return None
    obj = np.asarray(board.getChessboardCorners(), np.float64)[ids.ravel()]
    return corners.reshape(-1, 2).astype(np.float32), obj


def calibrate(photos: Sequence[Image], *, min_photos: int = 4) -> CameraModel:
    """The camera's intrinsics and lens distortion (``k1``, ``k2``; no tangential terms)
    from photos of the printed ChArUco board, seen from several angles.

    :raises CameraError: too few usable photos, photos of different sizes, or a poor fit.
    """
    if not photos:
        raise CameraError("no photos given")
    size = (int(photos[0].shape[1]), int(photos[0].shape[0]))
    img_pts: list[Floats] = []
    obj_pts: list[Floats] = []
    for n, photo in enumerate(photos, 1):
        if (int(photo.shape[1]), int(photo.shape[0])) != size:
            raise CameraError(f"photo {n} is {photo.shape[1]}x{photo.shape[0]}, the first is "
                              f"{size[0]}x{size[1]}: take every photo at one size")
        found = find_charuco(photo)
        if found is not None:
            img_pts.append(found[0].reshape(-1, 1, 2))
            obj_pts.append(found[1].astype(np.float32).reshape(-1, 1, 3))
    if len(img_pts) < min_photos:
        raise CameraError(f"the calibration board is seen in {len(img_pts)} of {len(photos)} "
                          f"photos; at least {min_photos} are needed (the whole board in view, "
                          "from several angles)")
    w, h = size
    guess = CameraModel.default(size).matrix
    flags = (cv2.CALIB_USE_INTRINSIC_GUESS | cv2.CALIB_ZERO_TANGENT_DIST | cv2.CALIB_FIX_K3
             | cv2.CALIB_FIX_ASPECT_RATIO)
    try:
        rms, k, dist, _, _ = cv2.calibrateCamera(obj_pts, img_pts, (w, h), guess.copy(),
                                                 np.zeros(5), flags=flags)
    except cv2.error as exc:
        raise CameraError(f"calibration failed: {exc.msg if hasattr(exc, 'msg') else exc}") \
            from None
    if not np.isfinite(rms) or rms > 2.0:
        raise CameraError(f"the photos do not fit one lens (RMS {rms:.1f} px): take them again, "
                          "sharp, with the printed board lying flat")
    return CameraModel(np.asarray(k, np.float64), np.asarray(dist, np.float64).ravel()[:5],
                       size, calibrated=True, rms_px=float(rms))
