"""Stage: light. The colour space every stage compares in, and the white balance from
the markers' white paper (a plane per channel over the rectified view).

>>> import numpy as np
>>> f = features(np.array([[100, 100, 100]], np.float32), 0.35)
>>> [round(float(v), 2) for v in f[0, :2]]
[0.0, 0.0]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeVar, cast

import numpy as np
from numpy.typing import NDArray

from vision.config import BGR
from vision.stages.geometry import Geometry
from vision.types import Floats, Image

WHITE_LEVEL = 250.0
"""The balanced value of the markers' white paper."""
_EPS = 10.0


def features(bgr: Floats, brightness_weight: float) -> Floats:
    """Light-tolerant colour features of ``(N, 3)`` BGR values: ``(N, 3)`` float32."""
    bgr = bgr.astype(np.float32, copy=False)
    b, g, r = bgr[:, 0], bgr[:, 1], bgr[:, 2]
    i = (b + g + r) / 3 + _EPS
    out = np.empty((len(bgr), 3), np.float32)
    out[:, 0] = (r - g) / i
    out[:, 1] = (r + g - 2 * b) / (2 * i)
    out[:, 2] = np.log(i) * brightness_weight
    return out


def column_features(bgr: Floats, brightness_weight: float) -> Floats:
    """:func:`features`, the same values, stored column by column (a Fortran-ordered
    ``(N, 3)``): each feature's column is contiguous, so the many per-column operations
    on a region's pixels run faster."""
    b, g, r = np.asarray(bgr.T, np.float32, order="C")
    # (The same operations in the same order as features(), into fewer temporaries.)
    i = b + g
    i += r
    i /= 3
    i += _EPS
    out = np.empty((3, len(i)), np.float32)
    tmp = np.empty_like(i)
    np.subtract(r, g, out=out[0])
    out[0] /= i
    np.add(r, g, out=out[1])
    np.multiply(b, 2, out=tmp)
    out[1] -= tmp
    np.multiply(i, 2, out=tmp)
    out[1] /= tmp
    np.log(i, out=tmp)
    np.multiply(tmp, brightness_weight, out=out[2])
    return cast(Floats, out.T)


_S = TypeVar("_S", bound=np.generic)


def median(a: NDArray[_S], axis: int = 0) -> NDArray[_S]:
    """The (upper) median along ``axis``: one partition, without ``np.median``'s overhead,
    which dominates for the small arrays read here. (Of a 1-D ``a``: a NumPy scalar of
    its dtype, used as an array of none.)"""
    k = a.shape[axis] // 2
    return cast("NDArray[_S]", np.take(np.partition(a, k, axis=axis), k, axis=axis))


def quantile(a: NDArray[_S], q: float) -> NDArray[_S]:
    """The ``q`` quantile along axis 0 (nearest rank, one partition)."""
    k = min(len(a) - 1, max(0, round(q * (len(a) - 1))))
    return cast("NDArray[_S]", np.partition(a, k, axis=0)[k])


def feature_of(colour: BGR, weight: float) -> Floats:
    """The features of one BGR colour."""
    return cast(Floats, features(np.array([colour], np.float32), weight)[0])


# -- precomputed geometry ------------------------------------------------------------

@dataclass(frozen=True)
class Light:
    """Per-channel gain as a plane over the rectified view: ``gain = a + b*x + c*y``."""

    coef: Floats  # (3, 3): rows a, b, c; columns B, G, R

    def balance(self, bgr: Image | Floats, design: Floats) -> Floats:
        """``(N, 3)`` BGR values balanced to white = 250, given ``[1, x, y]`` per value."""
        white = design @ self.coef
        np.maximum(white, 8.0, out=white)
        out = bgr.astype(np.float32)
        out *= WHITE_LEVEL
        out /= white
        return out

    def gains(self, coords: Floats) -> Floats:
        white = self.coef[0] + coords[:, :1] * self.coef[1] + coords[:, 1:2] * self.coef[2]
        return cast(Floats, WHITE_LEVEL / np.maximum(white, 8.0))


def measure_light(flat: Image, geo: Geometry, markers: Iterable[int]) -> Light:
    """The light over the board from the white paper around the markers in view."""
    whites, xy = [], []
    for mid in markers:
        idx = geo.white_idx.get(mid)
        if idx is None or len(idx) == 0:
            continue
        whites.append(quantile(np.take(flat, idx, axis=0), 0.75).astype(np.float64))
        xy.append(geo.white_xy[mid])
    if not whites:
        # No marker paper to trust (fixed corners): the board's brightest tones stand in.
        top = quantile(flat[:: 7], 0.99).astype(np.float64) / 0.97
        return Light(np.array([top, [0.0] * 3, [0.0] * 3], np.float32))
    wv = np.array(whites, np.float64)
    pts = np.array(xy, np.float64)
    if len(whites) >= 3:
        a = np.column_stack([np.ones(len(pts)), pts])
        coef, *_ = np.linalg.lstsq(a, wv, rcond=None)
    else:
        coef = np.vstack([wv.mean(0), np.zeros(3), np.zeros(3)])
    return Light(coef.astype(np.float32))


# -- the reading -----------------------------------------------------------------------
