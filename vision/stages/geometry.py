"""Stage: geometry. Pixel sets of the rectified view (slot zones, rings, beach, rim
sampling maps, weather spaces, marker paper), computed once per layout and resolution.

>>> from vision.layout import load_layout
>>> from vision.config import VisionConfig
>>> geo = geometry(load_layout(), VisionConfig())
>>> geo.shape
(300, 600)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import cast

import cv2
import numpy as np
from numpy.typing import NDArray

from companion.board import SLOTS, downstream, upstream
from vision.config import VisionConfig
from vision.layout import WEATHER_SPACES, Layout
from vision.types import Doubles, Floats, Image, Indices, Mask


@dataclass
class Geometry:
    """Pixel sets of the rectified view, computed once per layout and resolution."""

    shape: tuple[int, int]
    k: float
    zone_idx: Indices
    zone_slot: NDArray[np.int8]
    """Nearest slot (index into SLOTS) of each zone pixel."""
    zone_ring: Mask
    """Boolean over zone pixels: in the ring between the disc and the zone edge."""
    zone_band: Indices
    ring_sel: list[Indices]
    """Per slot: positions (into the zone pixels) of its ring."""
    ring_mat: Indices
    """``(slots, n)``: as many ring positions of each slot, evenly picked from ring_sel."""
    """Flat indices of the zone's outer edge (objects touching it come from outside)."""
    beach_idx: Indices
    beach_band: Indices
    zone_cells: Cells
    beach_cells: Cells
    zone_design: Floats
    """``[1, x, y]`` per zone pixel, for the light's plane (float32)."""
    beach_design: Floats
    guard_idx: Indices
    """Flat indices of a band just outside the beach (a hand reaching in crosses it)."""
    object_box: tuple[int, int, int, int]
    """``(x0, y0, x1, y1)`` around every zone and beach pixel, with a margin."""
    guard_design: Floats
    where: NDArray[np.int8]
    """Per pixel: nearest slot index inside a zone, ``len(SLOTS)`` on the beach, else -1."""
    slot_xy: Floats
    beach_centre: tuple[float, float]
    """The middle of the beach (rectified px)."""
    axis: Floats
    """Per position (slots, then the beach): the river's direction there (a unit vector;
    canoes lie along it)."""
    rim_maps: tuple[Floats, Floats]
    rim_radii: int
    weather_centre: dict[int, Indices]
    weather_ring: dict[int, Indices]
    white_idx: dict[int, Indices]
    white_xy: dict[int, tuple[float, float]]
    coords: Floats = field(repr=False)


_GEOMETRY: dict[str, Geometry] = {}
_LAST: dict[str, tuple[Layout, tuple[float, ...], Geometry]] = {}
"""The last call's layout (the object), config values and geometry."""
_RIM_ANGLES = 72
# Radii (mm, relative to the disc's edge) sampled for the rim test: inside, rim band,
# outside, and further out (to see a shadow's gradient across the rim).
_RIM_OFFSETS = (-5.5, -2.1, -1.3, -0.5, 3.5, 7.0)


def geometry(layout: Layout, config: VisionConfig) -> Geometry:
    """The pixel sets of ``layout``'s rectified view (cached per layout and config)."""
    used = (config.px_per_mm, config.light_cell_mm, config.ring_inner_mm,
            config.ring_outer_mm)
    last = _LAST.get("last")  # (one tuple: consistent even if another thread replaces it)
    if last is not None and last[0] is layout and last[1] == used:
        return last[2]  # the same (frozen) layout as the last frame: no key to build
    key = json.dumps([layout.to_json(), *used], sort_keys=True)
    if key in _GEOMETRY:
        _LAST["last"] = (layout, used, _GEOMETRY[key])
        return _GEOMETRY[key]
    k = config.px_per_mm
    w, h = round(layout.board_mm[0] * k), round(layout.board_mm[1] * k)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    xx_mm, yy_mm = (xx + 0.5) / k, (yy + 0.5) / k
    slot_xy = np.array([layout.slots[s] for s in SLOTS], np.float32)
    d = np.stack([np.hypot(xx_mm - x, yy_mm - y) for x, y in slot_xy])  # (9, h, w)
    nearest = d.argmin(0)
    dmin = d.min(0)
    zone = (dmin <= layout.slot_zone_mm).astype(np.uint8)
    band = zone & ~cv2.erode(zone, np.ones((3, 3), np.uint8), borderType=cv2.BORDER_CONSTANT,
                             borderValue=0).astype(bool)
    zone_idx = np.flatnonzero(zone)
    ring = (dmin.ravel()[zone_idx] >= layout.disc_radius_mm + config.ring_inner_mm) & (
        dmin.ravel()[zone_idx] <= layout.slot_zone_mm - config.ring_outer_mm
    )
    beach: Image = np.zeros((h, w), np.uint8)
    poly = (np.array(layout.beach, np.float32) * k * 16).round().astype(np.int32)
    cv2.fillPoly(beach, [poly], 1, shift=4)
    grow = [cv2.dilate(beach, cv2.getStructuringElement(
        cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))) for r in (round(3 * k), round(8 * k))]
    guard_idx = np.flatnonzero(grow[1] & ~grow[0].astype(bool))
    # Stay clear of the printed edge of the beach.
    inset = max(1, round(2 * k))
    beach = cast(Image, cv2.erode(beach, np.ones((2 * inset + 1, 2 * inset + 1), np.uint8),
                                  borderType=cv2.BORDER_CONSTANT, borderValue=0))
    bband = beach & ~cv2.erode(beach, np.ones((3, 3), np.uint8), borderType=cv2.BORDER_CONSTANT,
                               borderValue=0).astype(bool)
    where = np.full(h * w, -1, np.int8)
    where[zone_idx] = nearest.ravel()[zone_idx]
    where[np.flatnonzero(beach)] = len(SLOTS)
    # Rim sampling maps: rows = slot x radius, columns = angle.
    angles = np.linspace(0, 2 * np.pi, _RIM_ANGLES, endpoint=False)
    rows_x, rows_y = [], []
    for x, y in slot_xy:
        for off in _RIM_OFFSETS:
            r = layout.disc_radius_mm + off
            rows_x.append((x + r * np.cos(angles)) * k - 0.5)
            rows_y.append((y + r * np.sin(angles)) * k - 0.5)
    rim_maps = (np.array(rows_x, np.float32), np.array(rows_y, np.float32))
    wc, wr = {}, {}
    for n in WEATHER_SPACES:
        x, y = layout.weather[n]
        dist = np.hypot(xx_mm - x, yy_mm - y)
        sr = layout.weather_space_mm
        wc[n] = np.flatnonzero((dist >= sr * 0.34) & (dist <= sr * 0.52))
        wr[n] = np.flatnonzero((dist >= sr * 0.8) & (dist <= sr * 0.92))
    white_idx, white_xy = {}, {}
    for mid, (x, y) in layout.marker_centers.items():
        half = layout.marker_size_mm / 2
        cheb = np.maximum(np.abs(xx_mm - x), np.abs(yy_mm - y))
        inner, outer = half + 1.5, half + layout.marker_margin_mm - 1.0
        sel = np.flatnonzero((cheb >= inner) & (cheb <= max(outer, inner + 1)))
        white_idx[mid] = sel
        white_xy[mid] = (x * k, y * k)
    # Every other ring pixel is plenty for a median, and twice as fast.
    ring_sel = [np.flatnonzero((nearest.ravel()[zone_idx] == s) & ring)[::2]
                for s in range(len(SLOTS))]
    geo = Geometry(
        shape=(h, w),
        k=k,
        zone_idx=zone_idx,
        zone_slot=nearest.ravel()[zone_idx].astype(np.int8),
        zone_ring=ring,
        zone_band=np.flatnonzero(band),
        ring_sel=ring_sel,
        ring_mat=np.stack([sel[np.linspace(0, len(sel) - 1, min(map(len, ring_sel))).round()
                               .astype(int)] for sel in ring_sel]),
        beach_idx=np.flatnonzero(beach),
        beach_band=np.flatnonzero(bband),
        zone_design=design(zone_idx, w),
        zone_cells=Cells.of(zone_idx, w, max(1, round(config.light_cell_mm * k))),
        beach_cells=Cells.of(np.flatnonzero(beach), w, max(1, round(config.light_cell_mm * k))),
        beach_design=design(np.flatnonzero(beach), w),
        guard_idx=guard_idx,
        object_box=object_box(np.concatenate([zone_idx, np.flatnonzero(beach)]), w, h),
        guard_design=design(guard_idx, w),
        where=where,
        slot_xy=slot_xy * k,
        beach_centre=(float(np.mean([p[0] for p in layout.beach])) * k,
                      float(np.mean([p[1] for p in layout.beach])) * k),
        axis=river_axis(layout),
        rim_maps=rim_maps,
        rim_radii=len(_RIM_OFFSETS),
        weather_centre=wc,
        weather_ring=wr,
        white_idx=white_idx,
        white_xy=white_xy,
        coords=np.stack([xx.ravel(), yy.ravel()], 1),
    )
    if len(_GEOMETRY) > 8:
        _GEOMETRY.clear()
    _GEOMETRY[key] = geo
    _LAST["last"] = (layout, used, geo)
    return geo


Centre = tuple[float, float, float]
"""The camera's centre over the board: x, y on its plane and the height, in mm."""


def shift_px(centre: Centre | None, points_px: Floats, height_mm: float, k: float) -> Floats:
    """Where the top of something ``height_mm`` tall standing at each of ``points_px``
    (rectified pixels, ``(N, 2)``) appears, relative to its footprint (pixels): parallax
    seen from a camera at ``centre``; none without one."""
    pts = np.asarray(points_px, np.float32).reshape(-1, 2)
    if centre is None:
        return np.zeros_like(pts)
    cx, cy, ch = centre
    height = max(ch - height_mm, 1.0)
    return cast(Floats, ((pts - np.array([cx * k, cy * k], np.float32)) * (height_mm / height))
                .astype(np.float32))


def river_axis(layout: Layout) -> Floats:
    """The river's direction at each slot (from the slot upstream to the one downstream;
    past T5 between both arms), and along x on the beach: ``(slots + 1, 2)``."""
    out = np.zeros((len(SLOTS) + 1, 2), np.float32)
    out[-1] = (1.0, 0.0)
    for i, slot in enumerate(SLOTS):
        up = upstream(slot) or slot
        a = np.array(layout.slots.get(up, layout.slots[slot]))
        if slot in ("L2", "R2"):
            b = np.array(layout.slots[slot])
        elif slot == "T5":
            b = (np.array(layout.slots["L1"]) + np.array(layout.slots["R1"])) / 2
        else:
            down = downstream(slot, "left" if slot.startswith("L") else "right") or slot
            b = np.array(layout.slots.get(down, layout.slots[slot]))
        d = b - a
        n = float(np.hypot(*d))
        out[i] = d / n if n > 0 else (1.0, 0.0)
    return out


def object_box(idx: Indices, w: int, h: int, margin: int = 6) -> tuple[int, int, int, int]:
    ys, xs = np.divmod(idx, w)
    return (max(0, int(xs.min()) - margin), max(0, int(ys.min()) - margin),
            min(w, int(xs.max()) + 1 + margin), min(h, int(ys.max()) + 1 + margin))


def design(idx: Indices, width: int) -> Floats:
    ys, xs = np.divmod(idx, width)
    return np.column_stack([np.ones(len(idx)), xs, ys]).astype(np.float32)


@dataclass
class Cells:
    """A coarse grid over a region's pixels, to average slowly changing things (the light)
    fast: sums per cell, a Gaussian blur of the small grid, bilinear reading back."""

    cell: NDArray[np.int32]
    shape: tuple[int, int]
    area: float
    maps: tuple[Floats, Floats]
    """Cell coordinates of each pixel (padded to rows of 256), for ``cv2.remap``."""

    @classmethod
    def of(cls, idx: Indices, width: int, step: int) -> Cells:
        ys, xs = np.divmod(idx, width)
        x0, y0 = xs.min(initial=0), ys.min(initial=0)
        xs, ys = xs - x0, ys - y0
        cw, ch = int(xs.max(initial=0)) // step + 1, int(ys.max(initial=0)) // step + 1
        # Maps of 256 columns (cv2.remap takes fewer than 32767 per row), padded.
        rows = -(-len(idx) // 256)
        u = np.zeros(rows * 256, np.float32)
        v = np.zeros(rows * 256, np.float32)
        u[: len(idx)] = (xs + 0.5) / step - 0.5
        v[: len(idx)] = (ys + 0.5) / step - 0.5
        cell = (ys // step) * cw + xs // step
        return cls(cell.astype(np.int32), (ch, cw), float(step * step),
                   (u.reshape(rows, 256), v.reshape(rows, 256)))

    def grid(self, values: Floats, sigma_cells: float) -> Floats:
        """The Gaussian-weighted sum of ``values`` per pixel area, on the coarse grid."""
        return self.smooth(self.sums(values), sigma_cells)

    def sums(self, values: Floats, at: Indices | None = None) -> Doubles:
        """Per cell, the sum of ``values`` (float64), over every pixel or the pixels
        ``at`` (then ``values`` are theirs)."""
        n = self.shape[0] * self.shape[1]
        cell = self.cell if at is None else self.cell[at]
        return cast(Doubles, np.bincount(cell, weights=values, minlength=n))

    def smooth(self, sums: Doubles, sigma_cells: float) -> Floats:
        """Cell sums (:meth:`sums`) per pixel area, Gaussian-blurred on the coarse grid."""
        grid = sums.astype(np.float32)
        grid *= 1.0 / self.area
        return cast(Floats, cv2.GaussianBlur(grid.reshape(self.shape), (0, 0), sigma_cells,
                                             borderType=cv2.BORDER_CONSTANT))

    def read(self, grid: Floats) -> Floats:
        """A coarse grid read back at every pixel (bilinear)."""
        back = cast(Floats, cv2.remap(grid, self.maps[0], self.maps[1], cv2.INTER_LINEAR,
                                      borderMode=cv2.BORDER_REPLICATE))
        return back.ravel()[: len(self.cell)]
