"""Stage: ground. What the riverbed around each slot and the beach's sand look like in
this frame (colour, and brightness followed locally so shadows stay ground), and whether
something covers them (an arm lying along the river, a hand over the beach).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import cv2
import numpy as np

from vision.config import VisionConfig
from vision.stages.geometry import Cells, Geometry
from vision.stages.light import Light, features, median
from vision.types import Floats, Image, Mask

GroundOf = Callable[[Floats], Floats]
"""Per-pixel ground features for a region's pixel features."""


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
    # Per cell sums in float64 are exact here (0/1 weights; log levels within a few
    # binades), so the second pass takes the dropped pixels off the first's sums: the
    # same sums as summing the rest again.
    counts = cells.sums(use)
    totals = cells.sums(level * use)

    def once() -> tuple[Floats, Floats]:
        weight = cells.smooth(counts, sigma_cells)
        mean = cells.smooth(totals, sigma_cells) / np.maximum(weight, 1e-6)
        return cells.read(cast(Floats, mean)), weight  # float32 / float32 (stubs: float64)

    lv, _ = once()
    keep = level > np.subtract(lv, drop, out=lv)  # (lv is read afresh below)
    dropped = np.flatnonzero((use > 0) & ~keep)
    use *= keep
    counts -= cells.sums(np.ones(len(dropped), np.float32), dropped)
    totals -= cells.sums(level[dropped], dropped)
    lv, weight = once()
    return lv, cells.read(weight)




def light_sigma_cells(geo: Geometry, config: VisionConfig) -> float:
    """``ground_light_mm`` in cells of the coarse light grid."""
    return config.ground_light_mm * geo.k / max(1, round(config.light_cell_mm * geo.k))


def river_ground(geo: Geometry, config: VisionConfig,
                 ring_ground: Floats) -> GroundOf:
    """The riverbed under each zone pixel: the median of its slot's ring (written into
    ``ring_ground``, ``(slots, 3)``), its brightness followed locally."""
    sigma = light_sigma_cells(geo, config)

    def ground(f: Floats) -> Floats:
        # (Column by column: each feature's ring values gathered contiguous.)
        for c in range(3):
            ring_ground[:, c] = median(f[:, c][geo.ring_mat], axis=1)
        out = np.take(ring_ground.T, geo.zone_slot, axis=1).T  # column by column
        d0 = f[:, 0] - out[:, 0]
        d1 = f[:, 1] - out[:, 1]
        strict = config.ground_strict_share * config.background_chroma
        d0 *= d0  # (d0 * d0 + d1 * d1, in place: fewer 38k-pixel temporaries)
        d1 *= d1
        d0 += d1
        lv, wt = local_level(f, d0 < strict * strict, geo.zone_cells, sigma,
                             config.ground_dark_log * config.brightness_weight)
        np.copyto(out[:, 2], lv, where=wt > config.ground_min_weight)
        return out

    return ground


def sand_ground(geo: Geometry, config: VisionConfig, sand_seen: Floats) -> GroundOf:
    """The sand under each beach pixel: its colour over the whole beach (written into
    ``sand_seen``), its brightness a local average over clearly sand-coloured pixels (a
    dull brown hull must not pull it down)."""
    sigma = light_sigma_cells(geo, config)

    def ground(f: Floats) -> Floats:
        out = np.empty_like(f)
        sand = median(f[::3])
        out[:] = sand
        d0 = f[:, 0] - sand[0]
        d1 = f[:, 1] - sand[1]
        strict = config.ground_strict_share * config.background_chroma
        is_sand = (d0 * d0 + d1 * d1 < strict * strict).astype(np.float32)
        lv, wt = local_level(f, is_sand, geo.beach_cells, sigma,
                             config.ground_dark_log * config.brightness_weight)
        local = wt > config.ground_min_weight
        if local.all():
            out[:, 2] = lv  # (no pixel needs the fallback below)
        else:
            if np.any(is_sand > 0):
                fallback = float(np.percentile(f[is_sand > 0, 2], 50))
            else:
                fallback = float(np.percentile(f[:, 2], 75))
            out[:, 2] = np.where(local, lv, fallback)
        sand_seen[:] = sand
        return out

    return ground


def covered_slots(ring_ground: Floats, river_ref: Floats | None,
                  config: VisionConfig) -> Mask:
    """Slots whose ring differs from the other rings, or from the riverbed as known
    (``river_ref``: features, one row, or one row per slot; None: not known), by more
    than ``covered_chroma``: an arm lying along the river makes most rings the sleeve's
    colour, so the rings' own median is not enough, and a ring within
    ``covered_own_ring`` of its own (one row per slot) is never covered by the median."""
    river = np.median(ring_ground, axis=0)
    off = np.linalg.norm(ring_ground[:, :2] - river[:2], axis=1) > config.covered_chroma
    if river_ref is not None:
        ref = np.atleast_2d(river_ref)
        to_ref = np.linalg.norm(ring_ground[:, :2] - ref[:, :2], axis=1)
        if len(ref) == len(ring_ground):
            # (A ring as it was at setup is the riverbed, whatever the others show.)
            off &= to_ref >= config.covered_own_ring
        off |= to_ref > config.covered_chroma
    return cast(Mask, off)


def guard_chroma(rectified: Image, light: Light, geo: Geometry) -> Floats:
    """Chroma of the band around the beach, each pixel averaged over 3 x 3."""
    ys, xs = np.divmod(geo.guard_idx, geo.shape[1])
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    box = cast(Image, cv2.blur(rectified[y0:y1, x0:x1], (3, 3)))
    bgr = light.balance(box[ys - y0, xs - x0], geo.guard_design)
    return features(bgr, 1.0)[:, :2]


def guard_crossed(guard: Floats, known: Floats, geo: Geometry, config: VisionConfig,
                  lean: Floats | None = None, blurred: bool = False) -> bool:
    """Whether the band around the beach changed since setup (``known``) over more than
    ``beach_guard_px``: a hand reaching onto the beach crosses it. ``lean`` (per band
    pixel, the parallax shift of a canoe's top there, px): where the band lies on the side
    the beach's canoes lean out to under a tilted camera, a canoe's top may cover it: those
    pixels are left out. ``blurred`` (gems not read: a blurred view): a change counts only
    where it spans ``beach_guard_blurred_mm`` (the band's width), as a hand crossing it
    does, not a strip of a blurred edge along it."""
    h, w = geo.shape
    moved: Image = np.zeros(h * w, np.uint8)
    changed = np.linalg.norm(guard - known, axis=1) > config.background_chroma
    if lean is not None:
        ys, xs = np.divmod(geo.guard_idx, w)
        beach_ys, beach_xs = np.divmod(geo.beach_idx, w)
        x0, x1 = beach_xs.min(), beach_xs.max()
        y0, y1 = beach_ys.min(), beach_ys.max()
        out = np.column_stack([xs - np.clip(xs, x0, x1), ys - np.clip(ys, y0, y1)])
        size = np.hypot(out[:, 0], out[:, 1]) * np.hypot(lean[:, 0], lean[:, 1])
        leans = ((out * lean).sum(1) > config.lean_cos * size) & (
            np.hypot(lean[:, 0], lean[:, 1]) >= config.lean_min_px * geo.k)
        changed &= ~leans
    moved[geo.guard_idx] = changed
    side = max(3, round(config.beach_guard_blurred_mm * geo.k)) if blurred else 3
    moved = cast(Image, cv2.morphologyEx(moved.reshape(h, w), cv2.MORPH_OPEN,
                                         np.ones((side, side), np.uint8)))
    return bool(np.count_nonzero(moved) >= config.beach_guard_px * geo.k * geo.k)
