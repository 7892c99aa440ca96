"""Stage: discs. The discs are transparent: the test is the rim. At 72 angles the grey
level on the rim band is compared with the riverbed just outside and inside; a clear
rim is a disc, none is no disc (only with enough of the rim in view), else unknown.
"""

from __future__ import annotations

import warnings
from typing import cast

import cv2
import numpy as np
from numpy.typing import NDArray

from companion.board import SLOTS
from vision.config import VisionConfig
from vision.observation import ABSENT, PRESENT, UNKNOWN
from vision.stages.geometry import Geometry
from vision.stages.light import median
from vision.types import Floats, Image


def rim_samples(rectified: Image, geo: Geometry, objects: Image,
                shift: Floats | None = None) -> tuple[Floats, NDArray[np.bool_]]:
    """Grey levels at the rim radii of every slot, ``(slots, radii, angles)``, and which
    of them objects cover (dilated by one pixel). ``shift`` (pixels, one row a slot) moves
    each slot's pattern where the disc's top appears (parallax)."""
    grey = cv2.cvtColor(rectified, cv2.COLOR_BGR2GRAY).astype(np.float32)
    mx, my = geo.rim_maps
    if shift is not None:
        rows = np.repeat(np.asarray(shift, np.float32), geo.rim_radii, axis=0)
        mx = mx + rows[:, :1]
        my = my + rows[:, 1:]
    samples = cast(Floats, cv2.remap(grey, mx, my, cv2.INTER_LINEAR,
                                     borderMode=cv2.BORDER_REPLICATE))
    near = cv2.dilate(objects, np.ones((3, 3), np.uint8))
    # (Nearest samples of the 0/1 bytes: the same as of their float copy.)
    covered_px = cast(Image, cv2.remap(near, mx, my, cv2.INTER_NEAREST,
                                       borderMode=cv2.BORDER_CONSTANT, borderValue=1))
    nr = geo.rim_radii
    return (samples.reshape(len(SLOTS), nr, -1),
            covered_px.reshape(len(SLOTS), nr, -1) > 0)


def rim_contrast(rectified: Image, geo: Geometry, objects: Image,
                 shift: Floats | None = None) -> Floats:
    """Per slot, the median rim contrast where the rim and both sides are in view:
    ``(slots, 2)``, a dark rim's (column 0) and a light rim's (column 1); NaN when too
    little is in view. What a disc looks like on each slot, for learning at setup."""
    samples, covered = rim_samples(rectified, geo, objects, shift)
    out = np.full((len(SLOTS), 2), np.nan, np.float32)
    for s in range(len(SLOTS)):
        ring = samples[s]
        both = ~covered[s, 0:5].any(0)
        if both.mean() < 0.3:
            continue
        ref = (ring[0] + ring[4]) / 2
        out[s, 0] = median(((ref - ring[1:4].min(0)) / np.maximum(ref, 1.0))[both])
        out[s, 1] = median(((ring[1:4].max(0) - ref) / np.maximum(ref, 1.0))[both])
    return out


_REMAP_ROWS = 32_000
"""Rows of sample maps remapped at once (OpenCV takes under 32,767)."""


def disc_offsets(rectified: Image, geo: Geometry, objects: Image, shift: Floats | None,
                 light: bool, config: VisionConfig) -> Floats:
    """Per slot, where its disc's rim shows clearest relative to where it is looked for
    (``shift`` added), in mm, ``(slots, 2)``: at setup, every disc on its slot. The rim's
    contrast of the table's kind (a dark rim's, or a ``light`` one's, as in
    :func:`rim_contrast`) at every offset up to ``config.disc_offset_max_mm`` each way:
    first one offset for the table (each slot's contrast as a share of its clearest,
    summed over the slots), then each slot's own within ``disc_offset_local_mm`` of it; of
    the offsets within ``disc_offset_tolerance`` of the clearest, the nearest the table's
    (for the table's, the nearest zero). A slot where no rim shows (too little in view,
    or no contrast of that kind anywhere) takes the table's; all zero where none shows.

    >>> from vision.layout import load_layout
    >>> from vision.stages.geometry import geometry
    >>> cfg = VisionConfig()
    >>> geo = geometry(load_layout(), cfg)
    >>> top = np.full((*geo.shape, 3), 160, np.uint8)
    >>> x, y = geo.slot_xy[2]
    >>> _ = cv2.circle(top, (round(x + 3), round(y - 2)), 21, (90, 90, 90), 1)  # (mm + 0.5)
    >>> none = np.zeros(geo.shape, np.uint8)
    >>> float(rim_contrast(top, geo, none)[2, 0])  # looked for on the slot's centre
    0.0
    >>> disc_offsets(top, geo, none, None, False, cfg)[2].tolist()
    [3.0, -1.5]
    """
    out = np.zeros((len(SLOTS), 2), np.float32)
    reach, step = config.disc_offset_max_mm, config.disc_offset_step_mm
    if reach <= 0:
        return out
    steps = np.arange(-reach, reach + step / 2, step, dtype=np.float32)
    cand = np.stack(np.meshgrid(steps, steps, indexing="ij"), -1).reshape(-1, 2)
    n, nr, ns = len(cand), geo.rim_radii, len(SLOTS)
    base = np.zeros((ns, 2), np.float32) if shift is None else np.asarray(shift, np.float32)
    mx, my = geo.rim_maps  # (slots * radii, angles)
    rows = np.repeat(base, nr, axis=0)
    px = cand * np.float32(geo.k)
    maps_x = (mx[None] + rows[None, :, :1] + px[:, 0, None, None]).reshape(n * ns * nr, -1)
    maps_y = (my[None] + rows[None, :, 1:] + px[:, 1, None, None]).reshape(n * ns * nr, -1)
    grey = cv2.cvtColor(rectified, cv2.COLOR_BGR2GRAY).astype(np.float32)
    near = cv2.dilate(objects, np.ones((3, 3), np.uint8))
    # (OpenCV remaps under 32,767 rows at a time: a far search has more.)
    rows_at = range(0, len(maps_x), _REMAP_ROWS)
    ring = np.concatenate([cv2.remap(grey, maps_x[r:r + _REMAP_ROWS], maps_y[r:r + _REMAP_ROWS],
                                     cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
                           for r in rows_at]).reshape(n, ns, nr, -1)
    covered = np.concatenate([cv2.remap(near, maps_x[r:r + _REMAP_ROWS],
                                        maps_y[r:r + _REMAP_ROWS], cv2.INTER_NEAREST,
                                        borderMode=cv2.BORDER_CONSTANT, borderValue=1)
                              for r in rows_at]).reshape(n, ns, nr, -1) > 0
    both = ~covered[:, :, 0:5].any(2)  # (candidates, slots, angles)
    ref = (ring[:, :, 0] + ring[:, :, 4]) / 2
    band = ring[:, :, 1:4].max(2) - ref if light else ref - ring[:, :, 1:4].min(2)
    contrast = np.where(both, band / np.maximum(ref, 1.0), np.nan)
    with warnings.catch_warnings():  # (a slot under canoes at every offset: all NaN)
        warnings.simplefilter("ignore", RuntimeWarning)
        score = np.nanmedian(contrast, axis=2)  # (candidates, slots)
    score[both.mean(2) < 0.3] = np.nan
    # One offset for the table first (the lens's error and the lamp change slowly across
    # the board; a slot's own best can be the riverbed's mottle): each slot's contrast as
    # a share of its clearest, summed over the slots.
    tops = np.nanmax(np.where(np.isfinite(score), score, -np.inf), axis=0)
    usable = tops > 0
    if not usable.any():
        return out
    shares = np.where(np.isfinite(score[:, usable]), score[:, usable] / tops[usable], 0.0)
    table = _nearest_best(shares.sum(1), cand, np.zeros(2, np.float32), config)
    # ...then each slot's own, within disc_offset_local_mm of it.
    local = np.abs(cand - table).max(1) <= config.disc_offset_local_mm + 1e-6
    for s in range(ns):
        out[s] = table
        col = np.where(local & np.isfinite(score[:, s]), score[:, s], -np.inf)
        if usable[s] and col.max() > 0:
            out[s] = _nearest_best(col, cand, table, config)
    return out


def _nearest_best(value: Floats, cand: Floats, centre: Floats, config: VisionConfig) -> Floats:
    """Of the candidate offsets whose ``value`` comes within ``disc_offset_tolerance`` of
    the best, the one nearest ``centre``."""
    best = float(value.max())
    near_best = value >= best - abs(best) * config.disc_offset_tolerance
    dist = np.hypot(cand[:, 0] - centre[0], cand[:, 1] - centre[1])
    return cast(Floats, cand[int(np.argmin(np.where(near_best, dist, np.inf)))])


def _share(mask: NDArray[np.bool_] | np.bool_) -> float:
    """``mask.mean()``, the same value, without its overhead (a few microseconds a call)."""
    return np.count_nonzero(mask) / mask.size


def read_discs(rectified: Image, geo: Geometry, objects: Image, config: VisionConfig,
               learned: Floats | None = None, shift: Floats | None = None,
               rims: dict[str, float] | None = None) -> dict[str, str]:
    """``present``, ``absent`` or ``unknown`` per slot.

    :param learned: per slot, the rim contrast of its disc at setup, signed: positive a
        dark rim, negative a light one (:func:`rim_contrast`). Contrasts are then judged
        as a share of it (scaled to ``disc_reference_contrast``); without it, against the
        defaults, and a light rim line is never taken for no disc.
    :param shift: per slot, where the disc's top appears relative to its footprint (px).
    :param rims: filled, per slot read ``present`` by its rim seen inside and out, with
        the rim's contrast there as a share of the present threshold (how clearly).
    """
    samples, covered = rim_samples(rectified, geo, objects, shift)
    absent_at = (config.disc_absent_threshold if learned is None
                 else config.disc_learned_absent * config.disc_reference_contrast)
    present_at = (config.disc_rim_threshold if learned is None
                  else config.disc_learned_present * config.disc_reference_contrast)
    faint = np.zeros(len(SLOTS), bool)
    if learned is not None:
        # The discs move from slot to slot every round: what a disc looks like is the
        # table's (the median over the slots at setup, dark rims or light), not a slot's.
        sign = 1.0 if float(np.median(learned)) >= 0 else -1.0
        typical = float(np.median(np.abs(learned)))
        # ...but the light falls on each slot its own way: where the disc at setup showed
        # little of the table's kind of rim (or the other kind: a light line where the
        # others are dark), a disc there looks like none, and no rim is no proof of none.
        faint = sign * learned < config.disc_own_faint * typical
        learned = np.full(len(SLOTS), sign * typical, np.float32)
    out: dict[str, str] = {}
    for s, slot in enumerate(SLOTS):
        ring = samples[s]
        # The rim and the riverbed just outside must be visible; inside is optional.
        ok = cast(NDArray[np.bool_], ~covered[s, 1:5].any(0))
        inside, outside = ring[0], ring[4]
        light = learned is not None and learned[s] < 0
        rim = ring[1:4].max(0) if light else ring[1:4].min(0)
        both = ok & ~covered[s, 0]
        ref = np.where(covered[s, 0], outside, (inside + outside) / 2)
        score = (ref - rim) / np.maximum(ref, 1.0)
        # ...and against the side nearer the rim's own level (a rim stands out of both
        # sides; the riverbed brightening steadily outwards does not).
        side = np.maximum(inside, outside) if light else np.minimum(inside, outside)
        beyond = (side - rim) / np.maximum(ref, 1.0)
        if learned is not None:
            score *= config.disc_reference_contrast / learned[s]
            beyond *= config.disc_reference_contrast / learned[s]
        out[slot] = _judge(score, ok, both, ring, ref, covered[s, 5], learned is not None,
                           present_at, absent_at, config, beyond)
        if rims is not None and out[slot] == PRESENT and \
                _share(both) >= config.disc_min_visible:
            rims[slot] = float(median(score[both])) / present_at
        if out[slot] == UNKNOWN and learned is not None and _shows_between(score, both, config):
            out[slot] = PRESENT
        if out[slot] == ABSENT and faint[s]:
            out[slot] = UNKNOWN
    return out


def _shows_between(score: Floats, both: NDArray[np.bool_], config: VisionConfig) -> bool:
    """With canoes over most of a disc: whether the few angles where its rim shows
    between them, inside and out (``disc_few_visible`` of them or more), show it clearly
    (a contrast of ``disc_few_present`` of the discs' at setup, on the profile's scale).

    >>> cfg = VisionConfig()
    >>> both = np.arange(72) < 7
    >>> _shows_between(np.full(72, 0.06, np.float32), both, cfg)
    True
    >>> _shows_between(np.full(72, 0.03, np.float32), both, cfg)
    False
    >>> _shows_between(np.full(72, 0.06, np.float32), np.arange(72) < 5, cfg)
    False
    """
    return bool(_share(both) >= config.disc_few_visible) and float(median(score[both])) >= \
        config.disc_few_present * config.disc_reference_contrast


def _judge(score: Floats, ok: NDArray[np.bool_], both: NDArray[np.bool_], ring: Floats,
           ref: Floats, far_covered: NDArray[np.bool_], profiled: bool, present_at: float,
           absent_at: float, config: VisionConfig, beyond: Floats | None = None) -> str:
    """One slot's disc from its rim's contrast per angle (``score``) where the rim and
    the riverbed outside are visible (``ok``), and inside too (``both``); ``ring``: the
    grey levels at its radii, ``ref`` the riverbed's beside the rim; ``beyond``: the rim's
    contrast against the side nearer its level (on ``score``'s scale).

    >>> cfg = VisionConfig()
    >>> seen = np.ones(72, bool)
    >>> ring = np.full((6, 72), 50.0, np.float32)
    >>> rim = np.full(72, 0.036, np.float32)
    >>> _judge(rim, seen, seen, ring, ring[4], ~seen, True, 0.035, 0.015, cfg)
    'present'
    >>> _judge(rim, seen, seen, ring, ring[4], ~seen, True, 0.035, 0.015, cfg, rim - 0.06)
    'unknown'
    >>> _judge(rim, seen, seen, ring, ring[4], ~seen, True, 0.035, 0.015, cfg, rim - 0.037)
    'unknown'
    >>> _judge(rim + 0.01, seen, seen, ring, ring[4], ~seen, True, 0.035, 0.015, cfg,
    ...        rim - 0.037)
    'present'
    """
    outside, far = ring[4], ring[5]
    if _share(ok) < config.disc_min_visible:
        return UNKNOWN
    # Where the inside is visible too, the rim is judged against both sides (a
    # shadow's gradient cancels out): evidence for a disc and for none. Where only the
    # outside is, a gradient (a hand's shadow) can hide or mimic a faint rim: there a
    # rim must be strong, or the usual contrast where the riverbed further out shows
    # no gradient; and no rim counts only where it shows none.
    if _share(both) >= config.disc_min_visible:
        value = float(median(score[both]))
        out_of_side = None if beyond is None else float(median(beyond[both]))
        if value >= present_at and (out_of_side is None or (
                out_of_side >= config.disc_beyond_share * present_at and (
                    out_of_side >= 0 or value >= config.disc_weak_rim * present_at))):
            # (A clear rim stands out of the nearer side too: reporting 37020151, a
            # riverbed brightening outwards under a wide lens read as a disc's rim; a
            # faint one at all: used 76010069, no disc, 1.07 of the threshold, -0.17.)
            return PRESENT
        other = _share(both & (score <= -absent_at))
        rim = _share(both & (score >= present_at))
        if value <= absent_at and _share(both) >= config.disc_absent_visible and float(
                median(score[ok])) < config.disc_absent_outside * present_at and \
                other < config.disc_other_arc * _share(both) and \
                other + rim < config.disc_arcs * _share(both) and \
                float(median(ring[1:4].max(0)[both])) < config.disc_white_band:
            # (...and where only the riverbed outside shows, beside canoes, no clear rim
            # either: with the inside bright under a faint rim, the rim shows there best;
            # nor a rim band the other way round at many angles, a disc's highlight, nor
            # one unlike both sides either way at most angles: a rim looked for a little
            # off its place, caught on one side, its inside lighter on the other; nor a
            # rim band washed white, where no light rim can show.)
            # Without a profile, a light rim line (another board's disc) is no "absent".
            lit = 0.0 if profiled else float(median(
                ((ring[1:4].max(0) - ref) / np.maximum(ref, 1.0))[both]))
            return UNKNOWN if lit >= config.disc_rim_threshold else ABSENT
        return UNKNOWN
    value = float(median(score[ok]))
    flat = ok & ~far_covered & (
        np.abs(far - outside) / np.maximum(outside, 1.0) < config.disc_flat_outside)
    flat_value = float(median(score[flat])) if np.any(flat) else value
    trusted = _share(flat) >= config.disc_absent_visible
    # Where the rim shows inside and out at a few angles, between the canoes, and no rim
    # there, a rim beside the canoes' edges is no proof of a disc (their edges along the
    # rim band can mimic one).
    none_between = _share(both) >= config.disc_few_visible and float(
        median(score[both])) <= absent_at
    if not none_between and (value >= config.disc_rim_one_side or (
            trusted and flat_value >= present_at)):
        return PRESENT
    if trusted and flat_value <= absent_at:
        return ABSENT
    return UNKNOWN
