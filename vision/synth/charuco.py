"""Synthetic photos of the printed lens-calibration board (ChArUco), taken by a camera of
known focal length and barrel distortion: what ``camera-calibrate`` must recover.

>>> photo = charuco_photo(1, focal=0.9, k1=-0.2, size=(640, 480))
>>> photo.shape, photo.dtype
((480, 640, 3), dtype('uint8'))
"""

from __future__ import annotations

import math
from typing import cast

import cv2
import numpy as np

from vision.camera import CHARUCO_SQUARE_MM, CHARUCO_SQUARES, charuco_image
from vision.synth.camera import distort_maps
from vision.types import Doubles, Floats, Image

_PX_PER_MM = 4.0
_MARGIN_MM = 12.0


def charuco_camera(focal: float, size: tuple[int, int]) -> Doubles:
    """The intrinsics of a camera with ``focal`` (frame widths), centred."""
    w, h = size
    f = focal * w
    return np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]], np.float64)


def charuco_photo(seed: int, *, focal: float, k1: float,
                  size: tuple[int, int] = (1280, 720)) -> Image:
    """A photo of the calibration board lying on a table, from a random angle (tilted
    up to 40 degrees, any roll, anywhere in the frame), through a lens of ``focal`` frame
    widths and barrel distortion ``k1`` (OpenCV's model), with uneven light, noise, blur
    and JPEG."""
    rng = np.random.default_rng([seed, 0xC4A2])
    w, h = size
    k = charuco_camera(focal, size)
    sheet = charuco_image(_PX_PER_MM, _MARGIN_MM).astype(np.float32)
    bw = CHARUCO_SQUARES[0] * CHARUCO_SQUARE_MM + 2 * _MARGIN_MM
    bh = CHARUCO_SQUARES[1] * CHARUCO_SQUARE_MM + 2 * _MARGIN_MM
    tilt = math.radians(float(rng.uniform(0, 40)))
    axis = float(rng.uniform(0, 2 * math.pi))
    r_tilt, _ = cv2.Rodrigues(np.array([math.cos(axis), math.sin(axis), 0.0]) * tilt)
    r_roll, _ = cv2.Rodrigues(np.array([0.0, 0.0, float(rng.uniform(-math.pi, math.pi))]))
    rot = r_roll @ r_tilt
    fill = float(rng.uniform(0.35, 0.7))
    dist = k[0, 0] * bw / (fill * w)
    # Anywhere in the frame, the board's centre up to 30 % of the frame from the middle.
    shift = np.array([rng.uniform(-0.3, 0.3) * w * dist / k[0, 0],
                      rng.uniform(-0.3, 0.3) * h * dist / k[1, 1], 0.0])
    t = np.array([0.0, 0.0, dist]) - rot @ np.array([bw / 2, bh / 2, 0.0]) + shift
    to_ideal = k @ np.column_stack([rot[:, 0], rot[:, 1], t]) @ np.diag(
        [1 / _PX_PER_MM, 1 / _PX_PER_MM, 1.0])
    xu, yu = distort_maps(size, k1, k) if k1 else np.meshgrid(
        np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
    pts = np.stack([xu.ravel(), yu.ravel(), np.ones(xu.size, np.float32)], 1) @ np.linalg.inv(
        to_ideal).T.astype(np.float32)
    mx = (pts[:, 0] / pts[:, 2]).reshape(h, w).astype(np.float32)
    my = (pts[:, 1] / pts[:, 2]).reshape(h, w).astype(np.float32)
    table = float(rng.uniform(40, 120))
    grey = cast(Floats, cv2.remap(sheet, mx, my, cv2.INTER_LINEAR,
                                  borderMode=cv2.BORDER_CONSTANT, borderValue=table))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = float(rng.uniform(0, 2 * math.pi))
    light = 1 + float(rng.uniform(0, 0.35)) * ((xx - w / 2) * math.cos(a)
                                               + (yy - h / 2) * math.sin(a)) / max(w, h)
    tint = rng.uniform(0.85, 1.0, 3).astype(np.float32)
    frame = grey[..., None] * light[..., None] * tint * float(rng.uniform(0.7, 1.0))
    frame = cast(Floats, cv2.GaussianBlur(frame, (0, 0), float(rng.uniform(0.3, 1.0))))
    frame += rng.normal(0, float(rng.uniform(1, 4)), frame.shape).astype(np.float32)
    out = np.clip(frame, 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(70, 95))])
    return cast(Image, cv2.imdecode(buf, cv2.IMREAD_COLOR)) if ok else out
