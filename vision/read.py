"""Reading the rectified board: discs, canoes and their gems, the weather marker.

Every function here works on the rectified top-down view (BGR, ``config.px_per_mm``)
and the layout; none sees the game state. Colours are compared in a light-tolerant
space: two brightness-normalised chroma axes and a down-weighted log brightness, after
white balance against the markers' white paper.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TypedDict, TypeVar, cast

import cv2
import numpy as np
from numpy.typing import NDArray

from companion.board import BEACH, SLOTS
from vision.config import BGR, JOE_COLOUR, VisionConfig, to_bgr
from vision.layout import WEATHER_SPACES, Layout
from vision.observation import ABSENT, PRESENT, UNKNOWN, CanoeSeen
from vision.types import Floats, Image, Indices, Mask

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


_S = TypeVar("_S", bound=np.generic)


def _median(a: NDArray[_S], axis: int = 0) -> NDArray[_S]:
    """The (upper) median along ``axis``: one partition, without ``np.median``'s overhead,
    which dominates for the small arrays read here. (Of a 1-D ``a``: a NumPy scalar of
    its dtype, used as an array of none.)"""
    k = a.shape[axis] // 2
    return cast(NDArray[_S], np.take(np.partition(a, k, axis=axis), k, axis=axis))


def _quantile(a: NDArray[_S], q: float) -> NDArray[_S]:
    """The ``q`` quantile along axis 0 (nearest rank, one partition)."""
    k = min(len(a) - 1, max(0, round(q * (len(a) - 1))))
    return cast(NDArray[_S], np.partition(a, k, axis=0)[k])


def _feature_of(colour: BGR, weight: float) -> Floats:
    return cast(Floats, features(np.array([colour], np.float32), weight)[0])


# -- precomputed geometry ------------------------------------------------------------


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
    rim_maps: tuple[Floats, Floats]
    rim_radii: int
    weather_centre: dict[int, Indices]
    weather_ring: dict[int, Indices]
    white_idx: dict[int, Indices]
    white_xy: dict[int, tuple[float, float]]
    coords: Floats = field(repr=False)


_GEOMETRY: dict[str, Geometry] = {}
_RIM_ANGLES = 72
_LIGHT_CELL_MM = 3.0
"""Cell size of the coarse grid over which the ground's light is averaged."""
# Radii (mm, relative to the disc's edge) sampled for the rim test: inside, rim band,
# outside, and further out (to see a shadow's gradient across the rim).
_RIM_OFFSETS = (-5.5, -2.1, -1.3, -0.5, 3.5, 7.0)


def geometry(layout: Layout, config: VisionConfig) -> Geometry:
    key = json.dumps([layout.to_json(), config.px_per_mm], sort_keys=True)
    if key in _GEOMETRY:
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
    ring = (dmin.ravel()[zone_idx] >= layout.disc_radius_mm + 4) & (
        dmin.ravel()[zone_idx] <= layout.slot_zone_mm - 2
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
        zone_design=_design(zone_idx, w),
        zone_cells=Cells.of(zone_idx, w, max(1, round(_LIGHT_CELL_MM * k))),
        beach_cells=Cells.of(np.flatnonzero(beach), w, max(1, round(_LIGHT_CELL_MM * k))),
        beach_design=_design(np.flatnonzero(beach), w),
        guard_idx=guard_idx,
        object_box=_object_box(np.concatenate([zone_idx, np.flatnonzero(beach)]), w, h),
        guard_design=_design(guard_idx, w),
        where=where,
        slot_xy=slot_xy * k,
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
    return geo


def _object_box(idx: Indices, w: int, h: int, margin: int = 6) -> tuple[int, int, int, int]:
    ys, xs = np.divmod(idx, w)
    return (max(0, int(xs.min()) - margin), max(0, int(ys.min()) - margin),
            min(w, int(xs.max()) + 1 + margin), min(h, int(ys.max()) + 1 + margin))


def _design(idx: Indices, width: int) -> Floats:
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
        n = self.shape[0] * self.shape[1]
        grid = np.bincount(self.cell, weights=values, minlength=n).astype(np.float32)
        grid *= 1.0 / self.area
        return cast(Floats, cv2.GaussianBlur(grid.reshape(self.shape), (0, 0), sigma_cells,
                                             borderType=cv2.BORDER_CONSTANT))

    def read(self, grid: Floats) -> Floats:
        """A coarse grid read back at every pixel (bilinear)."""
        back = cast(Floats, cv2.remap(grid, self.maps[0], self.maps[1], cv2.INTER_LINEAR,
                                      borderMode=cv2.BORDER_REPLICATE))
        return back.ravel()[: len(self.cell)]


def local_level(f: Floats, like_ground: Mask | Floats, cells: Cells, sigma_cells: float,
                drop: float) -> tuple[Floats, Floats]:
    """The ground's log brightness around each pixel of a region: a Gaussian-weighted mean
    over the pixels of the ground's chroma (normalised convolution), taken twice: the
    second time without the pixels far darker (``drop``) than the first estimate (a dull
    hull of nearly the ground's chroma). A shadow's edge, any direction, is followed.

    Returns the level and the weight of ground pixels behind it (0..1) per pixel.
    """
    use = like_ground.astype(np.float32)
    level = f[:, 2]

    def once() -> tuple[Floats, Floats]:
        weight = cells.grid(use, sigma_cells)
        mean = cells.grid(level * use, sigma_cells) / np.maximum(weight, 1e-6)
        return cells.read(cast(Floats, mean)), weight  # float32 / float32 (stubs: float64)

    lv, _ = once()
    use *= level > lv - drop
    lv, weight = once()
    return lv, cells.read(weight)


# -- white balance -------------------------------------------------------------------


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
        whites.append(_quantile(flat[idx], 0.75).astype(np.float64))
        xy.append(geo.white_xy[mid])
    if not whites:
        # No marker paper to trust (fixed corners): the board's brightest tones stand in.
        top = _quantile(flat[:: 7], 0.99).astype(np.float64) / 0.97
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


Hull = tuple[str, int, Floats]
"""One colour's canoes at one position: the position, how many, their hull colour
(balanced BGR median)."""


class ReadingDebug(TypedDict, total=False):
    """What a reading saw on the way, for setup learning and for tuning."""

    hulls: dict[str, list[Hull]]
    """Per canoe colour, the hulls read."""
    ratios: list[tuple[str, str, float]]
    """Per colour blob: position, colour, size in hulls."""
    beach_foreign: bool
    """Something that is no canoe is on the beach (or the sand is not as known)."""
    beach_blobs: list[tuple[float, Floats]]
    """With ``details``: each canoe-like object on the beach, its size in hulls and colour."""
    beach_guard: Floats | None
    """With ``details``: the chroma of the band around the beach."""
    ground_bgr: dict[str, BGR]
    """With ``details``: the riverbed and the sand as seen."""


@dataclass
class Reading:
    """What :func:`read_board` read; ``unknown`` lists positions it could not read."""

    discs: dict[str, str]
    canoes: list[CanoeSeen]
    weather: int | None
    unknown: list[str]
    debug: ReadingDebug = field(default_factory=ReadingDebug)


@dataclass
class _Region:
    idx: Indices
    feats: Floats
    bgr: Floats
    obj: Mask
    highlight: Mask
    label: NDArray[np.int16]  # canoe colour index per pixel, -1 when none


def _palette(canoe_bgr: Mapping[str, BGR], colours: Iterable[str],
             w: float) -> tuple[list[str], Floats]:
    names = [c for c in colours if c in canoe_bgr]
    protos = np.array([_feature_of(canoe_bgr[c], w) for c in names], np.float32)
    return names, protos


def _classify(feats: Floats, protos: Floats, limit: float) -> NDArray[np.int16]:
    if len(protos) == 0 or len(feats) == 0:
        return np.full(len(feats), -1, np.int16)
    d = np.empty((len(feats), len(protos)), np.float32)
    for j, p in enumerate(protos):
        diff = feats - p
        d[:, j] = np.einsum("ij,ij->i", diff, diff)
    best: NDArray[np.int16] = d.argmin(1).astype(np.int16)
    best[d[np.arange(len(d)), best] > limit * limit] = -1
    return best


def _objects(feats: Floats, ground: Floats, config: VisionConfig,
             local_light: bool = False) -> tuple[Mask, Mask]:
    """Object and highlight masks: pixels unlike the local ground (riverbed, sand).

    With ``local_light`` (the ground's brightness follows shadows pixel by pixel) chroma
    and brightness differences add up (an ellipse): a dull hull a little off in both is
    an object. Otherwise each is tested on its own (a box), to let shadows pass.
    """
    w = config.brightness_weight
    d0 = feats[:, 0] - ground[:, 0]
    d1 = feats[:, 1] - ground[:, 1]
    dlog = (feats[:, 2] - ground[:, 2]) / w
    if local_light:
        lim = np.where(dlog < 0, -config.background_dark, config.background_bright)
        is_ground = ((d0 * d0 + d1 * d1) / config.background_chroma**2
                     + (dlog / lim) ** 2) < 1.0
    else:
        is_ground = (d0 * d0 + d1 * d1 < config.background_chroma**2) & (
            dlog > config.background_dark) & (dlog < config.background_bright)
    # A highlight is the ground washed towards white: its chroma lies between the
    # ground's and neutral grey.
    g0, g1 = ground[:, 0], ground[:, 1]
    t = np.clip((feats[:, 0] * g0 + feats[:, 1] * g1) / np.maximum(g0 * g0 + g1 * g1, 1e-6),
                0, 1)
    e0 = feats[:, 0] - t * g0
    e1 = feats[:, 1] - t * g1
    highlight = (dlog > 0.05) & (e0 * e0 + e1 * e1 < config.highlight_chroma**2) & ~is_ground
    return ~is_ground & ~highlight, highlight


def read_board(
    rectified: Image,
    layout: Layout,
    *,
    config: VisionConfig | None = None,
    markers: Iterable[int] | None = None,
    colours: Iterable[str] | None = None,
    canoe_bgr: Mapping[str, BGR] | None = None,
    ground_bgr: Mapping[str, BGR] | None = None,
    beach_guard: Floats | None = None,
    details: bool = False,
) -> Reading:
    """Read discs, canoes, gems and the weather marker from the rectified view.

    :param markers: marker ids whose white paper may serve as the white reference.
    :param colours: canoe colours that can be on the board (default: all, and Joe's).
    :param canoe_bgr: canoe colours as seen at this table (default: ``config.canoe_bgr``).
    :param ground_bgr: the riverbed (``"river"``) and sand (``"sand"``) as seen at this
        table (default: ``config.ground_bgr``). A slot whose surroundings, or a beach whose
        sand, are far from these is covered (an arm lying over it): unknown.
    :param beach_guard: the chroma of the band around the beach at setup (``debug
        ["beach_guard"]`` of a reading with ``details``). A hand whose skin looks like sand
        is seen where it crosses that band: the beach is then unknown. Without it, no check.
    :param details: also put in ``debug`` what learning at setup needs (``beach_blobs``,
        ``ground_bgr``, ``beach_guard``).
    """
    config = config or VisionConfig()
    geo = geometry(layout, config)
    h, w = geo.shape
    flat = rectified.reshape(-1, 3)
    light = measure_light(flat, geo, layout.marker_centers if markers is None else markers)
    canoe_bgr = dict(config.canoe_bgr, **(canoe_bgr or {}))
    names, protos = _palette(
        canoe_bgr, list(colours) if colours is not None else list(canoe_bgr),
        config.brightness_weight,
    )
    wgt = config.brightness_weight

    def region(idx: Indices, design: Floats, ground_of: Callable[[Floats], Floats],
               candidates: Floats, local_light: bool = False) -> _Region:
        bgr = light.balance(flat[idx], design)
        f = features(bgr, wgt)
        obj, highlight = _objects(f, ground_of(f), config, local_light)
        label = np.full(len(idx), -1, np.int16)
        label[obj] = _classify(f[obj], candidates, config.canoe_distance)
        return _Region(idx, f, bgr, obj, highlight, label)

    light_sigma = config.ground_light_mm * geo.k / max(1, round(_LIGHT_CELL_MM * geo.k))
    # River zones: ground is the median of each slot's ring.
    ring_ground = np.zeros((len(SLOTS), 3), np.float32)

    def zone_ground(f: Floats) -> Floats:
        ring_ground[:] = _median(f[geo.ring_mat], axis=1)
        out = ring_ground[geo.zone_slot]
        # The riverbed's brightness followed locally (a shadow across a slot zone).
        d0 = f[:, 0] - out[:, 0]
        d1 = f[:, 1] - out[:, 1]
        strict = 0.5 * config.background_chroma
        lv, wt = local_level(f, d0 * d0 + d1 * d1 < strict * strict, geo.zone_cells,
                             light_sigma, config.ground_dark_log * wgt)
        out[:, 2] = np.where(wt > 0.05, lv, out[:, 2])
        return out

    zones = region(geo.zone_idx, geo.zone_design, zone_ground, protos)
    unknown: set[str] = set()
    # A slot whose surroundings do not look like the riverbed is covered (a hand, a box).
    river = np.median(ring_ground, axis=0)
    grounds = dict(config.ground_bgr, **(ground_bgr or {}))
    river_ref = _feature_of(grounds["river"], wgt)
    # Against the other rings (a local oddity) and against the riverbed as known (most
    # slots covered by one arm make the rings' median the sleeve's colour).
    off = (np.linalg.norm(ring_ground[:, :2] - river[:2], axis=1) > config.covered_chroma) | (
        np.linalg.norm(ring_ground[:, :2] - river_ref[:2], axis=1) > config.covered_chroma)
    unknown.update(SLOTS[s] for s in np.flatnonzero(off))

    def beach_ground(f: Floats) -> Floats:
        # Sand: its colour over the whole beach; its brightness a local average over the
        # sand-coloured pixels around each point, so that a shadow's edge (any direction)
        # is not an object. Only pixels of clearly the sand's chroma (half the ground
        # tolerance) enter the average: a dull brown hull must not pull it down.
        out = np.empty_like(f)
        sand = _median(f[::3])
        out[:] = sand
        d0 = f[:, 0] - sand[0]
        d1 = f[:, 1] - sand[1]
        strict = 0.5 * config.background_chroma
        is_sand = (d0 * d0 + d1 * d1 < strict * strict).astype(np.float32)
        lv, wt = local_level(f, is_sand, geo.beach_cells, light_sigma,
                             config.ground_dark_log * wgt)
        local = wt > 0.05
        if np.any(is_sand > 0):
            fallback = float(np.percentile(f[is_sand > 0, 2], 50))
        else:
            fallback = float(np.percentile(f[:, 2], 75))
        out[:, 2] = np.where(local, lv, fallback)
        sand_seen[:] = sand
        return out

    sand_seen = np.zeros(3, np.float32)

    # Joe never lands: his wood is no candidate on the beach (sand-and-hull edges mimic it).
    on_beach = protos.copy()
    if JOE_COLOUR in names:
        on_beach[names.index(JOE_COLOUR)] = 1e6
    beach = region(geo.beach_idx, geo.beach_design, beach_ground, on_beach, local_light=True)
    sand_ref = _feature_of(grounds["sand"], wgt)
    beach_foreign = bool(np.linalg.norm(sand_seen[:2] - sand_ref[:2]) > config.covered_chroma)
    guard = _guard_chroma(rectified, light, geo) if beach_guard is not None or details else None
    if beach_guard is not None and guard is not None and len(beach_guard) == len(guard):
        moved: Image = np.zeros(h * w, np.uint8)
        differs = np.linalg.norm(guard - beach_guard, axis=1) > config.background_chroma
        moved[geo.guard_idx] = differs
        moved = cast(Image, cv2.morphologyEx(moved.reshape(h, w), cv2.MORPH_OPEN, _OPEN))
        if np.count_nonzero(moved) >= config.beach_guard_px * geo.k * geo.k:
            beach_foreign = True
    if beach_foreign:
        unknown.add(BEACH)

    canoes: list[CanoeSeen] = []
    hulls: dict[str, list[Hull]] = {}
    ratios: list[tuple[str, str, float]] = []
    obj_img: Image = np.zeros(h * w, np.uint8)
    obj_img[zones.idx[zones.obj]] = 1
    obj_img[beach.idx[beach.obj]] = 1
    obj_img = obj_img.reshape(h, w)
    # Bright neutral patches wider than a disc highlight (a white sleeve, paper) are objects.
    hl_img: Image = np.zeros(h * w, np.uint8)
    hl_img[zones.idx[zones.highlight]] = 1
    hl_img[beach.idx[beach.highlight]] = 1
    # Morphology and labelling only where zones and beach are (a third less than the board).
    bx0, by0, bx1, by1 = geo.object_box
    box = (slice(by0, by1), slice(bx0, bx1))
    hl_img = hl_img.reshape(h, w)
    obj_img[box] |= cast(Image, cv2.morphologyEx(hl_img[box], cv2.MORPH_OPEN, _WIDE))
    lab_img: NDArray[np.int16] = np.full(h * w, -1, np.int16)
    lab_img[zones.idx] = zones.label
    lab_img[beach.idx] = beach.label
    lab_img = lab_img.reshape(h, w)
    opened = np.zeros_like(obj_img)
    opened[box] = cv2.morphologyEx(obj_img[box], cv2.MORPH_OPEN, _CROSS)
    n, labels_box, stats, _ = cv2.connectedComponentsWithStats(opened[box], connectivity=8)
    stats[:, 0] += bx0
    stats[:, 1] += by0
    labels = np.zeros((h, w), np.int32)
    labels[box] = labels_box
    touching = set(np.unique(labels.ravel()[geo.zone_band]).tolist()) | set(
        np.unique(labels.ravel()[geo.beach_band]).tolist()
    )
    touching.discard(0)
    k = geo.k
    length, width = layout.canoe_mm
    body_px = config.canoe_body_share * length * width * k * k
    hull_px = config.canoe_hull_share * length * width * k * k
    zone_r = layout.slot_zone_mm * k
    beach_id = len(SLOTS)
    valid = np.zeros(n, bool)
    for i in range(1, n):
        x0, y0, bw, bh, area = stats[i]
        if area < config.canoe_min_fraction * body_px * 0.5:
            continue
        sub = labels[y0 : y0 + bh, x0 : x0 + bw] == i
        col = lab_img[y0 : y0 + bh, x0 : x0 + bw][sub]
        coloured = int(np.count_nonzero(col >= 0))
        if i not in touching and area - coloured > config.foreign_other_share * area:
            # A canoe's gem and well are no canoe colour but lie inside its hull, and its
            # blurred edge, half hull and half water, is no colour either: count what the
            # hull colour encloses, and 2 px around it. A hand's skin is neither.
            coloured = int(np.count_nonzero(_enclosed(
                lab_img[y0 : y0 + bh, x0 : x0 + bw] >= 0)[sub]))
        if i not in touching and area - coloured <= config.foreign_other_share * area:
            valid[i] = True
            continue
        # Something that is not a canoe: a hand, a sleeve, a fallen object.
        ys, xs = np.nonzero(sub)
        ys = ys + y0
        xs = xs + x0
        if geo.where[ys[0] * w + xs[0]] == beach_id:
            unknown.add(BEACH)
            beach_foreign = True
        else:
            d = np.hypot(geo.slot_xy[:, None, 0] - xs[None, :],
                         geo.slot_xy[:, None, 1] - ys[None, :])
            near = d.min(1) < zone_r + config.foreign_margin_mm * k
            unknown.update(SLOTS[s] for s in np.flatnonzero(near))
    # Canoes, counted per position and colour over every valid object.
    keep = valid[labels.ravel()] & (lab_img.ravel() >= 0)
    pix = np.flatnonzero(keep)
    groups = geo.where[pix].astype(np.int32) * 16 + lab_img.ravel()[pix]
    order_ = np.argsort(groups, kind="stable")
    pix, groups = pix[order_], groups[order_]
    bounds = np.flatnonzero(np.diff(groups)) + 1
    for chunk in np.split(pix, bounds):
        if len(chunk) < config.canoe_min_fraction * body_px:
            continue
        pos_id, ci = divmod(int(geo.where[chunk[0]]) * 16 + int(lab_img.ravel()[chunk[0]]), 16)
        where = BEACH if pos_id == beach_id else SLOTS[pos_id]
        if where in unknown:
            continue
        colour = names[ci]
        if colour == JOE_COLOUR and where == BEACH:
            continue  # Joe never lands; sand-and-hull fringes look like his wood
        ys, xs = np.divmod(chunk, w)
        x0, y0 = int(xs.min()) - 4, int(ys.min()) - 4
        cmask: Image = np.zeros((int(ys.max()) - y0 + 5, int(xs.max()) - x0 + 5), np.uint8)
        cmask[ys - y0, xs - x0] = 1
        # Thin fringes (where a hull meets the water) can mimic another colour: drop them.
        cmask = cast(Image, cv2.morphologyEx(cmask, cv2.MORPH_OPEN, _OPEN))
        if np.count_nonzero(cmask) < config.canoe_min_fraction * body_px:
            continue
        closed = cv2.morphologyEx(cmask, cv2.MORPH_CLOSE, _CLOSE_LONG)
        closed = cv2.morphologyEx(closed, cv2.MORPH_CLOSE, _CLOSE)
        nb, blob_lab, blob_stats, blob_cent = cv2.connectedComponentsWithStats(
            closed, connectivity=8
        )
        centres: list[tuple[float, float]] = []
        ambiguous = False
        for j in range(1, nb):
            ratio = blob_stats[j, cv2.CC_STAT_AREA] / hull_px
            ratios.append((where, colour, round(float(ratio), 2)))
            if ratio < config.canoe_min_fraction:
                continue
            if ratio < config.pair_ratio - config.pair_margin:
                centres.append((float(blob_cent[j][0]), float(blob_cent[j][1])))
            elif config.pair_ratio + config.pair_margin < ratio < 2.6:
                two = _split_centres((blob_lab == j).astype(np.uint8), 2, length * k)
                if two is None:
                    ambiguous = True
                else:
                    centres.extend(two)
            else:
                ambiguous = True
        limit = 1 if colour == JOE_COLOUR else 2
        if ambiguous or len(centres) > limit:
            unknown.add(where)
            continue
        if not centres:
            continue
        gems, body = _read_gems(rectified, light, cmask.astype(bool), centres, (x0, y0), config)
        canoes.extend(CanoeSeen(colour, where, g) for g in gems)
        hulls.setdefault(colour, []).append((where, len(centres), body))
    canoes = [c for c in canoes if c.at not in unknown]
    # Slots with more canoes than fit on a disc cannot be read reliably.
    for slot in SLOTS:
        if sum(1 for c in canoes if c.at == slot) > config.max_canoes_per_slot:
            unknown.add(slot)
    canoes = [c for c in canoes if c.at not in unknown]
    discs = _read_discs(rectified, geo, opened, config)
    for s in unknown:
        if s in discs:
            discs[s] = UNKNOWN
    weather = _read_weather(flat, light, geo, config)
    order = {p: i for i, p in enumerate((*SLOTS, BEACH))}
    return Reading(discs, canoes, weather, sorted(unknown, key=order.__getitem__),
                   debug={"hulls": hulls, "ratios": ratios, "beach_foreign": beach_foreign,
                          **({"beach_blobs": _beach_blobs(labels, valid, beach, hull_px),
                              "beach_guard": guard,
                              "ground_bgr": _grounds_seen(zones, beach, geo, off)}
                             if details else {})})


def _guard_chroma(rectified: Image, light: Light, geo: Geometry) -> Floats:
    """Chroma of the band around the beach, each pixel averaged over 3 x 3."""
    ys, xs = np.divmod(geo.guard_idx, geo.shape[1])
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    box = cast(Image, cv2.blur(rectified[y0:y1, x0:x1], (3, 3)))
    bgr = light.balance(box[ys - y0, xs - x0], geo.guard_design)
    return features(bgr, 1.0)[:, :2]


def _enclosed(mask: Mask) -> Mask:
    """``mask`` closed, its holes filled, grown by 2 px (boolean, same shape)."""
    pad = np.zeros((mask.shape[0] + 8, mask.shape[1] + 8), np.uint8)
    pad[4:-4, 4:-4] = mask
    pad = cv2.morphologyEx(pad, cv2.MORPH_CLOSE, _CLOSE)
    outside = pad.copy()
    cv2.floodFill(outside, None, (0, 0), 2)
    filled = (outside != 2).astype(np.uint8)
    filled = cv2.dilate(filled, np.ones((5, 5), np.uint8))
    return filled[4:-4, 4:-4] > 0


def _beach_blobs(labels: NDArray[np.int32], valid: Mask, beach: _Region,
                 hull_px: float) -> list[tuple[float, Floats]]:
    """Each canoe-like object on the beach: its size in hulls and its hull colour
    (balanced BGR median, the dark well left out). For learning colours at setup."""
    comp = labels.ravel()[beach.idx]
    out: list[tuple[float, Floats]] = []
    for i in np.unique(comp[beach.obj]):
        if i == 0 or not valid[i]:
            continue
        sel = (comp == i) & beach.obj
        bgr = beach.bgr[sel]
        level = bgr.sum(1)
        body = bgr[level > 0.5 * np.percentile(level, 75)]
        median = cast(Floats, np.median(body, axis=0))  # float32 in, float32 out
        out.append((float(np.count_nonzero(comp == i)) / hull_px, median))
    return out


def _grounds_seen(zones: _Region, beach: _Region, geo: Geometry,
                  covered: Mask) -> dict[str, BGR]:
    """The riverbed (rings of uncovered slots) and the sand as seen, balanced BGR."""
    ring = geo.zone_ring & ~covered[geo.zone_slot] & ~zones.obj
    out: dict[str, BGR] = {}
    if np.any(ring):
        out["river"] = to_bgr(np.median(zones.bgr[ring], axis=0))
    sand = ~beach.obj
    if np.any(sand):
        out["sand"] = to_bgr(np.median(beach.bgr[sand], axis=0))
    return out


_CLOSE = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7))
_CLOSE_LONG = cv2.getStructuringElement(cv2.MORPH_RECT, (15, 3))
_OPEN = np.ones((3, 3), np.uint8)
_WIDE = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7))
_CROSS = cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3))


def _split_centres(closed: Image, count: int,
                   canoe_len_px: float) -> list[tuple[float, float]] | None:
    """Centres of ``count`` (1 or 2) canoes in one colour mask, closed over wells and gems."""
    ys, xs = np.nonzero(closed)
    if len(xs) == 0:
        return None
    if count == 1:
        return [(float(xs.mean()), float(ys.mean()))]
    if count != 2:
        return None
    n, _, stats, cents = cv2.connectedComponentsWithStats(closed, connectivity=4)
    big = [j for j in range(1, n) if stats[j, cv2.CC_STAT_AREA] >= 25]
    if len(big) == 2:
        return [(float(cents[j][0]), float(cents[j][1])) for j in big]
    if len(big) > 2:
        return None
    # Two hulls in one blob: side by side (split across the long side) or end to end.
    (cx, cy), (rw, rh), angle = cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))
    a = math.radians(angle)
    along_w = (math.cos(a), math.sin(a))
    along_h = (-math.sin(a), math.cos(a))
    long_side, short_side = max(rw, rh), min(rw, rh)
    if long_side > 1.4 * canoe_len_px:
        (ux, uy), off = (along_w if rw >= rh else along_h), long_side / 4
    else:
        (ux, uy), off = (along_w if rw < rh else along_h), short_side / 4
    return [(cx - ux * off, cy - uy * off), (cx + ux * off, cy + uy * off)]


def _read_gems(rectified: Image, light: Light, cmask: Mask, centres: list[tuple[float, float]],
               origin: tuple[int, int], config: VisionConfig) -> tuple[list[str | None], Floats]:
    """The gem in each of ``count`` canoes of one colour mask, and the hull colour."""
    x0, y0 = origin
    h, w = rectified.shape[:2]
    bys, bxs = np.nonzero(cmask)
    bys += y0
    bxs += x0
    flat = rectified.reshape(-1, 3)
    design = np.column_stack([np.ones(len(bxs)), bxs, bys]).astype(np.float32)
    body = _median(light.balance(flat[bys * w + bxs], design))
    wgt = config.brightness_weight
    gem_names, gem_protos = _gem_protos(config)
    rad = max(1, round(2.5 * config.px_per_mm))
    patches, designs, spans = [], [], []
    for cx, cy in centres:
        cx, cy = cx + x0, cy + y0
        xa, xb = int(max(0, cx - rad)), int(min(w, cx + rad + 1))
        ya, yb = int(max(0, cy - rad)), int(min(h, cy + rad + 1))
        pyy, pxx = np.mgrid[ya:yb, xa:xb]
        patches.append(rectified[ya:yb, xa:xb].reshape(-1, 3))
        designs.append(np.column_stack([np.ones(pxx.size), pxx.ravel(), pyy.ravel()]))
        spans.append(pxx.size)
    centres_bgr = []
    if patches:
        balanced = light.balance(np.concatenate(patches),
                                 np.concatenate(designs).astype(np.float32))
    start = 0
    for n in spans:
        centres_bgr.append(_median(balanced[start : start + n]))
        start += n
    fb = features(body[None], wgt)[0]
    fcs = features(np.array(centres_bgr, np.float32), wgt) if centres_bgr else np.zeros((0, 3))
    out: list[str | None] = []
    for fc in fcs:
        dlog = (fc[2] - fb[2]) / wgt
        if dlog < math.log(config.empty_well_ratio):
            out.append(None)
            continue
        d = np.linalg.norm(gem_protos - fc, axis=1)
        order = np.argsort(d)
        if d[order[0]] > config.gem_distance or d[order[1]] - d[order[0]] < config.gem_margin:
            out.append("unknown")
        else:
            out.append(gem_names[int(order[0])])
    return out, body


_GEM_PROTOS: dict[tuple[tuple[tuple[str, BGR], ...], float], tuple[list[str], Floats]] = {}


def _gem_protos(config: VisionConfig) -> tuple[list[str], Floats]:
    key = (tuple(sorted(config.gem_bgr.items())), config.brightness_weight)
    if key not in _GEM_PROTOS:
        names = list(config.gem_bgr)
        _GEM_PROTOS[key] = (names, np.array(
            [_feature_of(config.gem_bgr[g], config.brightness_weight) for g in names]))
    return _GEM_PROTOS[key]


def _read_discs(rectified: Image, geo: Geometry, objects: Image,
                config: VisionConfig) -> dict[str, str]:
    grey = cv2.cvtColor(rectified, cv2.COLOR_BGR2GRAY).astype(np.float32)
    samples = cast(Floats, cv2.remap(grey, geo.rim_maps[0], geo.rim_maps[1], cv2.INTER_LINEAR,
                                     borderMode=cv2.BORDER_REPLICATE))
    near = cv2.dilate(objects, np.ones((3, 3), np.uint8))
    covered_px = cast(Floats, cv2.remap(near.astype(np.float32), geo.rim_maps[0],
                                        geo.rim_maps[1], cv2.INTER_NEAREST,
                                        borderMode=cv2.BORDER_CONSTANT, borderValue=1))
    nr = geo.rim_radii
    samples = samples.reshape(len(SLOTS), nr, -1)
    covered = covered_px.reshape(len(SLOTS), nr, -1) > 0
    out: dict[str, str] = {}
    for s, slot in enumerate(SLOTS):
        ring = samples[s]
        # The rim and the riverbed just outside must be visible; inside is optional.
        ok = ~covered[s, 1:5].any(0)
        if ok.mean() < config.disc_min_visible:
            out[slot] = UNKNOWN
            continue
        inside, rim, outside, far = ring[0], ring[1:4].min(0), ring[4], ring[5]
        # Where the inside is visible too, the rim is judged against both sides (a
        # shadow's gradient cancels out): evidence for a disc and for none. Where only the
        # outside is, a gradient (a hand's shadow) can hide or mimic a faint rim: there a
        # rim must be strong, or the usual contrast where the riverbed further out shows
        # no gradient; and no rim counts only where it shows none.
        both = ok & ~covered[s, 0]
        ref = np.where(covered[s, 0], outside, (inside + outside) / 2)
        score = (ref - rim) / np.maximum(ref, 1.0)
        if both.mean() >= config.disc_min_visible:
            value = float(_median(score[both]))
            if value >= config.disc_rim_threshold:
                out[slot] = PRESENT
            elif (value <= config.disc_absent_threshold
                  and both.mean() >= config.disc_absent_visible):
                out[slot] = ABSENT
            else:
                out[slot] = UNKNOWN
            continue
        value = float(_median(score[ok]))
        flat = ok & ~covered[s, 5] & (
            np.abs(far - outside) / np.maximum(outside, 1.0) < config.disc_flat_outside)
        flat_value = float(_median(score[flat])) if np.any(flat) else value
        trusted = flat.mean() >= config.disc_absent_visible
        if value >= config.disc_rim_one_side or (
                trusted and flat_value >= config.disc_rim_threshold):
            out[slot] = PRESENT
        elif trusted and flat_value <= config.disc_absent_threshold:
            out[slot] = ABSENT
        else:
            out[slot] = UNKNOWN
    return out


def _read_weather(flat: Image, light: Light, geo: Geometry,
                  config: VisionConfig) -> int | None:
    wgt = config.brightness_weight
    rings, centres = {}, {}
    for n in WEATHER_SPACES:
        ci, ri = geo.weather_centre[n], geo.weather_ring[n]
        centres[n] = features(flat[ci].astype(np.float32) * light.gains(geo.coords[ci]), wgt)
        rings[n] = features(flat[ri].astype(np.float32) * light.gains(geo.coords[ri]), wgt)
    print_colour = _median(np.concatenate(list(rings.values())))
    token, clear = [], []
    for n in WEATHER_SPACES:
        ring_d = np.linalg.norm(rings[n][:, :2] - print_colour[:2], axis=1)
        ring_ok = ring_d < config.background_chroma
        if ring_ok.mean() < 0.85:
            continue  # the space's print is covered: cannot tell
        ring_level = _median(rings[n][:, 2])
        c = _median(centres[n])
        dark = (c[2] - ring_level) / wgt
        neutral = float(np.linalg.norm(c[:2])) < 0.2
        if dark < config.weather_token_dark and neutral:
            token.append(n)
        elif dark > config.weather_token_dark / 3:
            clear.append(n)
    if len(token) == 1:
        return token[0]
    return None
