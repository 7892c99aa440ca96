"""The synthetic camera: pose (a pinhole looking at the board), the light on the board,
the lens (barrel distortion, vignetting), the sensor (white balance, exposure, 50 Hz
flicker bands of a rolling shutter, noise) and JPEG.

>>> from vision.layout import load_layout
>>> h = camera_homography(load_layout(), SceneConfig(), (1280, 720))
>>> h.shape
(3, 3)
"""

from __future__ import annotations

import math
from typing import cast

import cv2
import numpy as np

from vision.layout import Layout
from vision.synth.art import AA, SH, Canvas, Lift
from vision.synth.scene import SceneConfig
from vision.types import Doubles, Floats


def light_board(cv: Canvas, img: Floats, scene: SceneConfig) -> None:
    h, w = img.shape[:2]
    field_ = np.ones((h, w), np.float32)
    if scene.gradient:
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        a = math.radians(scene.gradient_deg)
        t = ((xx - w / 2) * math.cos(a) + (yy - h / 2) * math.sin(a)) / max(w, h)
        field_ *= 1 + scene.gradient * t * 1.6
    for s in scene.shadows:
        m = np.zeros((h, w), np.float32)
        cv2.ellipse(m, cv.px(s.center), (cv.r(s.axes[0]), cv.r(s.axes[1])), s.angle, 0, 360, 1.0,
                    -1, AA, shift=SH)
        m = cast(Floats, cv2.GaussianBlur(m, (0, 0), 8 * cv.s))
        field_ *= 1 - (1 - s.depth) * m
    img *= field_[..., None]


def kelvin_gains(kelvin: float) -> Doubles:
    """Relative (B, G, R) gains of light at ``kelvin``, 1 for the strongest channel."""
    t = kelvin / 100
    r = 255.0 if t <= 66 else 329.7 * (t - 60) ** -0.1332
    g = 99.47 * math.log(t) - 161.12 if t <= 66 else 288.12 * (t - 60) ** -0.0755
    b = 255.0 if t >= 66 else (0.0 if t <= 19 else 138.52 * math.log(t - 10) - 305.04)
    bgr = np.clip(np.array([b, g, r], np.float64), 1, 255)
    ref = np.array([1.0, 1.0, 1.0])
    return cast(Doubles, (bgr / bgr.max()) / ref)


def _rotation(scene: SceneConfig) -> Doubles:
    t = math.radians(scene.tilt_deg)
    d = math.radians(scene.tilt_dir_deg)
    axis = np.array([math.cos(d), math.sin(d), 0.0])
    r_tilt, _ = cv2.Rodrigues(axis * t)
    r_roll, _ = cv2.Rodrigues(np.array([0.0, 0.0, math.radians(scene.roll_deg)]))
    return cast(Doubles, r_roll @ r_tilt)


def camera_pose(layout: Layout, scene: SceneConfig,
                size: tuple[int, int]) -> tuple[Doubles, Doubles, Doubles]:
    """The pinhole camera of the scene: intrinsics ``K`` (3x3, pixels) and the board's
    pose ``(rvec, tvec)`` (OpenCV's convention: board mm, x right, y down, z into the
    table, to camera coordinates). Lens distortion (``scene.k1``) comes on top, with the
    same ``K``.

    With ``scene.focal`` set, the camera is physical: a fixed focal length (that many frame
    widths), the principal point at the frame's centre, the distance chosen so that the
    board fills ``scene.fill`` of the frame, ``scene.offset`` a sideways shift of the
    camera. Without it (the scenes of issue 3), the focal length is chosen to fill the
    frame at ``distance_mm`` and the principal point moved to centre the board.
    """
    bw, bh = layout.board_mm
    w, h = size
    rot = _rotation(scene)
    corners = np.array([[0, 0, 0], [bw, 0, 0], [bw, bh, 0], [0, bh, 0]], np.float64)

    def project(dist: float, k: Doubles, shift: Doubles) -> tuple[Doubles, Doubles]:
        t = np.array([0.0, 0.0, dist]) - rot @ np.array([bw / 2, bh / 2, 0.0]) + shift
        cam = corners @ rot.T + t
        uv = cam[:, :2] / cam[:, 2:] * k[0, 0] + k[:2, 2]
        return uv, t

    if scene.focal is None:
        uv, t = project(scene.distance_mm, np.eye(3), np.zeros(3))
        span = uv.max(0) - uv.min(0)
        f = min(scene.fill * w / span[0], scene.fill * h / span[1])
        mid = (uv.max(0) + uv.min(0)) / 2
        u = w / 2 + scene.offset[0] * w - f * mid[0]
        v = h / 2 + scene.offset[1] * h - f * mid[1]
        k = np.array([[f, 0, u], [0, f, v], [0, 0, 1]], np.float64)
    else:
        f = scene.focal * w
        k = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]], np.float64)
        dist = f * max(bw / w, bh / h) / scene.fill
        for _ in range(4):  # perspective: the span is not exactly proportional to 1/dist
            uv, _ = project(dist, k, np.zeros(3))
            span = uv.max(0) - uv.min(0)
            dist *= max(span[0] / w, span[1] / h) / scene.fill
        shift = np.array([scene.offset[0] * w * dist / f, scene.offset[1] * h * dist / f, 0.0])
        _, t = project(dist, k, shift)
    rvec, _ = cv2.Rodrigues(rot)
    return k, rvec.ravel().astype(np.float64), t


def camera_homography(layout: Layout, scene: SceneConfig, size: tuple[int, int]) -> Doubles:
    """The 3x3 homography from board mm (on the board's plane) to ideal (undistorted)
    frame pixels for this camera pose."""
    k, rvec, t = camera_pose(layout, scene, size)
    rot, _ = cv2.Rodrigues(rvec)
    return k @ np.column_stack([rot[:, 0], rot[:, 1], t])


def camera_centre_mm(layout: Layout, scene: SceneConfig,
                     size: tuple[int, int] = (1280, 720)) -> tuple[float, float, float]:
    """The camera's centre in board mm (x, y on the board's plane, z its height)."""
    _, rvec, t = camera_pose(layout, scene, size)
    rot, _ = cv2.Rodrigues(rvec)
    c = -rot.T @ t
    # Board coordinates have z pointing away from the camera (into the table).
    return (float(c[0]), float(c[1]), float(-c[2]))


def lift_at(p: tuple[float, float], centre: tuple[float, float, float]) -> Lift:
    """Parallax: how far (mm per mm of height) a point above ``p`` appears displaced on
    the board, seen from the camera at ``centre``."""
    cx, cy, cz = centre
    return ((p[0] - cx) / cz, (p[1] - cy) / cz)


def distort_maps(size: tuple[int, int], k1: float,
                 k: Doubles | None = None) -> tuple[Floats, Floats]:
    """Remap tables that bend an ideal pinhole frame into one seen through a lens with
    barrel distortion ``k1`` (OpenCV's model, ``x_d = x_u (1 + k1 r_u^2)`` in normalised
    coordinates of the intrinsics ``k``; default: focal length the frame's width, centre
    the frame's)."""
    w, h = size
    fx, fy, cx, cy = ((float(w), float(w), w / 2, h / 2) if k is None
                      else (float(k[0, 0]), float(k[1, 1]), float(k[0, 2]), float(k[1, 2])))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    xd, yd = (xx - cx) / fx, (yy - cy) / fy
    xu, yu = xd.copy(), yd.copy()
    for _ in range(8):  # x_d = x_u (1 + k1 r_u^2), solved for x_u
        r2 = xu * xu + yu * yu
        xu = xd / (1 + k1 * r2)
        yu = yd / (1 + k1 * r2)
    return (xu * fx + cx).astype(np.float32), (yu * fy + cy).astype(np.float32)


def flicker_rows(h: int, scene: SceneConfig) -> Floats:
    """Per-row gain of 50 Hz flicker bands under a rolling shutter."""
    rows = np.arange(h, dtype=np.float32)
    return cast(Floats, 1 + scene.flicker * np.sin(
        2 * np.pi * scene.flicker_bands * rows / h + scene.flicker_phase).astype(np.float32))


def glare_board(cv: Canvas, img: Floats, scene: SceneConfig) -> None:
    """A specular glare spot: light added towards saturation."""
    g = scene.glare
    if g is None:
        return
    spot = np.zeros(img.shape[:2], np.float32)
    cv2.circle(spot, cv.px(g.center), cv.r(g.radius), 1.0, -1, AA, shift=SH)
    spot = cast(Floats, cv2.GaussianBlur(spot, (0, 0), g.radius * cv.s * 0.45))
    img += (255 * g.strength * spot)[..., None]
