"""Stage: objects. Pixels unlike their ground are objects; each takes the nearest canoe
colour in play (or none); objects are labelled, and those that are no canoe (a hand, a
sleeve, a fallen card: mostly no canoe colour, or crossing a zone's edge from outside)
make the positions within their reach unknown.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import cast

import cv2
import numpy as np
from numpy.typing import NDArray

from companion.board import BEACH, SLOTS, neighbours
from vision.config import BGR, VisionConfig
from vision.layout import Layout
from vision.stages.geometry import Centre, Geometry, shift_px
from vision.stages.ground import GroundOf
from vision.stages.light import Light, column_features, feature_of
from vision.types import Floats, Image, Indices, Mask

OPEN = np.ones((3, 3), np.uint8)
WIDE = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7))
WIDE_AREA = int(np.count_nonzero(WIDE))
CROSS = cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3))
CLOSE = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7))


SMALL_FOREIGN = "something small and foreign"
"""Why a slot with a small foreign object in its zone is unknown (``Objects.why``)."""
WASHED_OUT = "washed out (glare)"
"""Why a slot a glare spot washes out is unknown (the reading's rules ask for it by name)."""
BETWEEN_SLOTS = "canoe between slots"
"""Why the two slots a canoe off its slot's centre lies between are unknown."""
ACROSS = "one canoe across two positions"
"""Why the positions one canoe-coloured object lies across are unknown (the learned
slot reader's answer there is held to more, ``VisionConfig.learned_moving_marked``)."""


@dataclass
class Region:
    """A region's pixels (slot zones, or the beach) as read: features, balanced colour,
    object and highlight masks, canoe colour index (-1: none)."""

    idx: Indices
    feats: Floats
    bgr: Floats
    obj: Mask
    highlight: Mask
    label: NDArray[np.int16]


_PROTOS: dict[tuple[object, ...], Floats] = {}
"""Palette features per colours and weight (the same every frame of a table)."""


@dataclass(frozen=True)
class Palette:
    """The canoe colours in play and their features."""

    names: list[str]
    protos: Floats
    bgr: Floats | None = None
    """Each colour's balanced BGR as learned (None: not given)."""

    @classmethod
    def of(cls, canoe_bgr: Mapping[str, BGR], colours: Iterable[str], weight: float) -> Palette:
        names = [c for c in colours if c in canoe_bgr]
        key = (tuple((c, *map(float, canoe_bgr[c])) for c in names), float(weight))
        protos = _PROTOS.get(key)
        if protos is None:
            protos = np.array([feature_of(canoe_bgr[c], weight) for c in names],
                              np.float32).reshape(len(names), 3)
            protos.flags.writeable = False  # shared between readings
            if len(_PROTOS) > 64:
                _PROTOS.clear()
            _PROTOS[key] = protos
        return cls(names, protos, np.array([canoe_bgr[c] for c in names],
                                           np.float32).reshape(len(names), 3))

    def without(self, name: str) -> Floats:
        """The features with ``name`` made unreachable."""
        out = self.protos.copy()
        if name in self.names:
            out[self.names.index(name)] = 1e6
        return out


def classify(feats: Floats, protos: Floats, limit: float) -> NDArray[np.int16]:
    """Index of the nearest prototype per feature row, -1 when none is within ``limit``."""
    if len(protos) == 0 or len(feats) == 0:
        return np.full(len(feats), -1, np.int16)
    # Squared distances feature by feature, each column contiguous (the sums in
    # einsum's order over a row: first plus second, plus third).
    cols = np.array(feats.T, np.float32, order="C")
    d = np.empty((len(protos), len(feats)), np.float32)
    part = np.empty(len(feats), np.float32)
    for j, p in enumerate(protos):
        np.subtract(cols[0], p[0], out=d[j])
        d[j] *= d[j]
        for c in (1, 2):
            np.subtract(cols[c], p[c], out=part)
            part *= part
            d[j] += part
    best: NDArray[np.int16] = d.argmin(0).astype(np.int16)
    best[d.min(0) > limit * limit] = -1
    return best


def object_masks(feats: Floats, ground: Floats, config: VisionConfig,
                 local_light: bool = False) -> tuple[Mask, Mask]:
    """Object and highlight masks: pixels unlike the local ground (riverbed, sand).

    With ``local_light`` (the ground's brightness follows shadows pixel by pixel) chroma
    and brightness differences add up (an ellipse): a dull hull a little off in both is
    an object. Otherwise each is tested on its own (a box), to let shadows pass.
    """
    w = config.brightness_weight
    d0 = feats[:, 0] - ground[:, 0]
    d1 = feats[:, 1] - ground[:, 1]
    dlog = feats[:, 2] - ground[:, 2]
    dlog /= w
    d0 *= d0  # (d0 * d0 + d1 * d1, in place: fewer 38k-pixel temporaries)
    d1 *= d1
    d0 += d1
    if local_light:
        lim = np.where(dlog < 0, -config.background_dark, config.background_bright)
        is_ground = (d0 / config.background_chroma**2 + (dlog / lim) ** 2) < 1.0
    else:
        is_ground = (d0 < config.background_chroma**2) & (
            dlog > config.background_dark) & (dlog < config.background_bright)
    # A highlight is the ground washed towards white: its chroma lies between the
    # ground's and neutral grey.
    # (Only brighter pixels unlike the ground can be one: the test runs on those alone.)
    maybe = np.flatnonzero((dlog > config.highlight_brighter) & ~is_ground)
    f, g = feats[maybe], ground[maybe]
    g0, g1 = g[:, 0], g[:, 1]
    t = np.clip((f[:, 0] * g0 + f[:, 1] * g1) / np.maximum(g0 * g0 + g1 * g1, 1e-6), 0, 1)
    e0 = f[:, 0] - t * g0
    e1 = f[:, 1] - t * g1
    highlight = np.zeros(len(feats), bool)
    highlight[maybe] = e0 * e0 + e1 * e1 < config.highlight_chroma**2
    return ~is_ground & ~highlight, highlight


def read_region(flat: Image, light: Light, idx: Indices, design: Floats, ground_of: GroundOf,
                candidates: Floats, config: VisionConfig, local_light: bool = False) -> Region:
    """Balance, featurise, separate from the ground and classify one region's pixels."""
    bgr = light.balance(np.take(flat, idx, axis=0), design)  # (take: rows fast)
    f = column_features(bgr, config.brightness_weight)
    obj, highlight = object_masks(f, ground_of(f), config, local_light)
    label = np.full(len(idx), -1, np.int16)
    label[obj] = classify(f[obj], candidates, config.canoe_distance)
    return Region(idx, f, bgr, obj, highlight, label)


@dataclass
class Objects:
    """The objects over slot zones and beach: ``opened`` (0/1 image), component
    ``labels`` and which are canoe-like (``valid``), the canoe colour index per pixel
    (``colour``, -1 none), and the positions made unknown by something that is no canoe."""

    opened: Image
    labels: NDArray[np.int32]
    valid: Mask
    colour: NDArray[np.int16]
    unknown: set[str] = field(default_factory=set)
    beach_foreign: bool = False
    beach_glare: bool = False
    """A glare spot lies on the beach (no object): what it washes out may hide a canoe."""
    why: dict[str, str] = field(default_factory=dict)
    """Per unknown position, the first reason."""
    hand: bool = False
    """Something reaching into the river's slot zones from outside (a hand, a sleeve): what
    it covers may reach beyond the slots it is found near (a blurred sleeve is no object)."""
    on_way: set[int] = field(default_factory=set)
    """The colour indices (most of each object's canoe-coloured pixels) of the canoes found
    off their slot's centre towards the next ("canoe between slots")."""
    across: dict[int, str] = field(default_factory=dict)
    """Likewise of one canoe lying across two positions ("one canoe across two
    positions"), no bigger than one canoe, each with one of the positions it lies over."""
    transit: dict[int, set[str]] = field(default_factory=dict)
    """Per colour index (most of its canoe-coloured pixels), the slots each object taken
    for a canoe on its way from a slot (:func:`find_objects`' "a canoe on its way between
    slots") lies near, as something foreign."""
    pixels: Indices | None = None
    """The flat indices of ``opened``'s object pixels, in order (None: not kept)."""


def _mark(out: Objects, positions: Iterable[str], why: str) -> None:
    for p in positions:
        out.unknown.add(p)
        out.why.setdefault(p, why)


def reach_towards(xs: Indices, ys: Indices, start: NDArray[np.float32],
                  end: NDArray[np.float32]) -> float:
    """How far an object's pixels (``xs``, ``ys``) reach from ``start`` towards ``end``
    (rectified px, along the line between them; negative where none lies past ``start``).

    >>> xs, ys = np.array([10, 30]), np.array([0, 0])
    >>> reach_towards(xs, ys, np.float32([20, 0]), np.float32([80, 0]))
    10.0
    >>> reach_towards(xs, ys, np.float32([40, 0]), np.float32([80, 0]))
    -10.0
    """
    u = (end - start) / max(float(np.hypot(*(end - start))), 1e-6)
    return float(np.max((xs - start[0]) * u[0] + (ys - start[1]) * u[1]))


def footprint(middle: tuple[float, float], camera_centre: Centre | None, config: VisionConfig,
              k: float) -> tuple[float, float]:
    """Where a canoe seen with its ``middle`` there (rectified px) stands: the canoe seen
    runs from its footprint to its top, shifted by parallax, so its middle is half that
    shift past the footprint."""
    s = shift_px(camera_centre, np.array([middle], np.float32), config.canoe_height_mm, k)[0]
    return (middle[0] - float(s[0]) / 2, middle[1] - float(s[1]) / 2)


def nearer_next(foot: tuple[float, float], slot_xy: Floats, k: float, config: VisionConfig,
                between: float) -> list[str]:
    """The slots a canoe standing at ``foot`` (rectified px) may be caught between: when it
    is under ``between`` mm nearer its slot than the next, every slot within that of its
    nearest (two can be as near beyond the nearest); else none. With
    ``config.between_along``, nearer as measured along the line from its slot to the next
    (on that line the same test): a canoe beside its slot, across the river, is no nearer
    the next however the distances compare; and, however much nearer its slot, a canoe
    ``config.canoe_along_mm`` or more along that line is caught between the two.

    >>> xy = np.array([[0, 0], [60, 0], [120, 0]], np.float32)  # (1 px a mm)
    >>> nearer_next((16.0, 0.0), xy, 1.0, VisionConfig(), 30.0)
    ['T1', 'T2']
    >>> nearer_next((6.0, 20.0), xy, 1.0, VisionConfig(), 38.0)
    []
    >>> far = np.array([[0, 0], [94, 0]], np.float32)  # (94 mm apart, as T5 and L1)
    >>> nearer_next((73.0, 2.0), far, 1.0, VisionConfig(), 30.0)
    ['T2', 'T1']
    """
    d = np.hypot(slot_xy[:, 0] - foot[0], slot_xy[:, 1] - foot[1]) / k
    order = np.argsort(d)
    first, second = slot_xy[order[0]], slot_xy[order[1]]
    ahead = second - first
    apart = float(np.hypot(*ahead))
    along = float((np.asarray(foot, np.float64) - first) @ ahead) / apart / k
    if d[order[1]] - d[order[0]] >= between:
        # (Far apart slots: a canoe well on its way is still much nearer the one ahead.)
        return [SLOTS[order[0]], SLOTS[order[1]]] if config.between_along and \
            along >= config.canoe_along_mm else []
    if config.between_along and along < (apart / k - between) / 2:
        return []
    return [SLOTS[q] for q in np.flatnonzero(d < d[order[0]] + between)]


def widest(coloured: Mask, within: Mask) -> float:
    """The radius (px) of the largest circle inside the pixels both masks hold."""
    both = np.pad((coloured & within).astype(np.uint8), 1)
    return float(cv2.distanceTransform(both, cv2.DIST_L2, 3).max())


def enclosed(mask: Mask) -> Mask:
    """``mask`` closed, its holes filled, grown by 2 px (boolean, same shape)."""
    pad = np.zeros((mask.shape[0] + 8, mask.shape[1] + 8), np.uint8)
    pad[4:-4, 4:-4] = mask
    pad = cv2.morphologyEx(pad, cv2.MORPH_CLOSE, CLOSE)
    outside = pad.copy()
    cv2.floodFill(outside, None, (0, 0), 2)
    filled = (outside != 2).astype(np.uint8)
    filled = cv2.dilate(filled, np.ones((5, 5), np.uint8))
    return filled[4:-4, 4:-4] > 0


def one_colour(colour: NDArray[np.int16], sub: Mask, min_px: float) -> bool:
    """Whether no colour but the most common among ``colour``'s labels (-1: none) under
    ``sub`` keeps ``min_px`` pixels or more once opened as the canoe stage opens each
    colour's pixels: no second canoe can be read there.

    >>> colour = np.full((6, 12), -1, np.int16)
    >>> colour[1:5, 1:8] = 0
    >>> colour[1:5, 8:11] = 1  # 12 pixels of another colour
    >>> sub = colour >= 0
    >>> one_colour(colour, sub, 13), one_colour(colour, sub, 12)
    (True, False)
    >>> colour[1:5, 9:11] = -1  # a line one pixel wide: opened away
    >>> one_colour(colour, colour >= 0, 2)
    True
    """
    counts = np.bincount(colour[sub & (colour >= 0)])
    for c in np.argsort(counts)[::-1][1:]:
        if counts[c] < min_px:
            break
        seen = cv2.morphologyEx(((colour == c) & sub).astype(np.uint8), cv2.MORPH_OPEN, OPEN)
        if np.count_nonzero(seen) >= min_px:
            return False
    return True


def components(mask: Image, idx: Indices | None = None) -> tuple[
        int, NDArray[np.int32], NDArray[np.int32], NDArray[np.float64]]:
    """``cv2.connectedComponentsWithStats(mask, connectivity=8)``, the same labels, stats
    and centroids for every component (row 0, the background, left zero), computed from
    the component pixels alone: OpenCV's statistics visit every pixel of the picture and
    cost several times the labelling. ``idx``: ``np.flatnonzero(mask)`` if known."""
    n, found = cv2.connectedComponents(mask, connectivity=8, ltype=cv2.CV_32S)
    labels = cast("NDArray[np.int32]", found)
    if idx is None:
        idx = np.flatnonzero(mask)  # (the labelled pixels; bytes are faster to scan)
    lab = labels.ravel()[idx]
    ys, xs = np.divmod(idx, mask.shape[1])
    stats = np.zeros((n, 5), np.int32)
    cents = np.zeros((n, 2), np.float64)
    if len(idx):
        area = np.bincount(lab, minlength=n)
        order = np.argsort(lab, kind="stable")
        lab_s, xs_s, ys_s = lab[order], xs[order], ys[order]
        starts = np.concatenate([[0], np.flatnonzero(np.diff(lab_s)) + 1])
        ids = lab_s[starts]
        x0, y0 = np.minimum.reduceat(xs_s, starts), np.minimum.reduceat(ys_s, starts)
        stats[ids, cv2.CC_STAT_LEFT] = x0
        stats[ids, cv2.CC_STAT_TOP] = y0
        stats[ids, cv2.CC_STAT_WIDTH] = np.maximum.reduceat(xs_s, starts) - x0 + 1
        stats[ids, cv2.CC_STAT_HEIGHT] = np.maximum.reduceat(ys_s, starts) - y0 + 1
        stats[ids, cv2.CC_STAT_AREA] = area[ids]
        # As OpenCV: the sums of the coordinates (exact in float64) over the area.
        cents[1:, 0] = np.bincount(lab, weights=xs, minlength=n)[1:] / area[1:]
        cents[1:, 1] = np.bincount(lab, weights=ys, minlength=n)[1:] / area[1:]
    return n, labels, stats, cents


def find_objects(zones: Region, beach: Region, geo: Geometry, layout: Layout,
                 config: VisionConfig, camera_centre: Centre | None = None,
                 washed: Mask | None = None, beach_crossed: bool | None = None,
                 blurred: bool = False, glare_then: Mask | None = None) -> Objects:
    """Label the objects of both regions and sort canoe-like ones from foreign ones
    (``camera_centre``: a canoe's footprint lies half its top's parallax shift before its
    middle as seen; ``washed``: per slot, washed out by a glare spot, so unknown;
    ``beach_crossed``: whether the band just outside the beach changed since setup, None
    where unknown: where it did not, an object on the beach reaching its edge comes from
    the beach itself, ``config.beach_edge_quiet``; ``blurred``: gems are not read, so
    only an object of one canoe colour, ``config.beach_edge_blurred``; ``glare_then``:
    the pixels where a glare spot of the setup photo still looks as then, the table
    profile's ``glare_marks``: something there that is that spot and canoes in its
    light is the spot, ``config.glare_then_share``)."""
    h, w = geo.shape
    obj_img: Image = np.zeros(h * w, np.uint8)
    obj_img[zones.idx[zones.obj]] = 1
    obj_img[beach.idx[beach.obj]] = 1
    obj_img = obj_img.reshape(h, w)
    # Morphology and labelling only where zones and beach are (a third less than the board).
    bx0, by0, bx1, by1 = geo.object_box
    box = (slice(by0, by1), slice(bx0, bx1))
    # Bright neutral patches wider than a disc highlight (a white sleeve, paper) are objects.
    # (An opening keeps nothing of fewer pixels than its element: skip it then, and the
    # picture of highlights too when there are not that many at all.)
    hl_img: Image | None = None
    if np.count_nonzero(zones.highlight) + np.count_nonzero(beach.highlight) >= WIDE_AREA:
        hl_img = np.zeros(h * w, np.uint8)
        hl_img[zones.idx[zones.highlight]] = 1
        hl_img[beach.idx[beach.highlight]] = 1
        hl_img = hl_img.reshape(h, w)
        if np.count_nonzero(hl_img[box]) >= WIDE_AREA:
            obj_img[box] |= cast(Image, cv2.morphologyEx(hl_img[box], cv2.MORPH_OPEN, WIDE))
    colour: NDArray[np.int16] = np.full(h * w, -1, np.int16)
    colour[zones.idx] = zones.label
    colour[beach.idx] = beach.label
    colour = colour.reshape(h, w)
    opened = np.zeros_like(obj_img)
    opened[box] = cv2.morphologyEx(obj_img[box], cv2.MORPH_OPEN, CROSS)
    idx_box = np.flatnonzero(opened[box])
    n, labels_box, stats, cents = components(opened[box], idx_box)
    stats[:, 0] += bx0
    stats[:, 1] += by0
    labels = np.zeros((h, w), np.int32)
    labels[box] = labels_box
    band = np.concatenate([geo.zone_band, geo.beach_band])
    band_label = labels.ravel()[band]
    touching = set(np.unique(band_label).tolist())
    touching.discard(0)
    k = geo.k
    length, width = layout.canoe_mm
    body_px = config.canoe_body_share * length * width * k * k
    hull_px = config.canoe_hull_share * length * width * k * k
    if beach_crossed is False and config.beach_edge_quiet:
        # Nothing crosses the band just outside the beach: what reaches the beach's edge
        # from within is no hand from outside (a canoe laid at the edge, its end blurred).
        # (Only the beach's: one reaching a slot zone's edge too still crosses that.)
        quiet = set(np.unique(labels.ravel()[geo.beach_band]).tolist()) - set(
            np.unique(labels.ravel()[geo.zone_band]).tolist())
        quiet.discard(0)
        # (In a blurred view, only where no such object is a blend of a canoe and the
        # land beyond that reads as another canoe colour: beach_edge_blurred.)
        if not blurred or (config.beach_edge_blurred and all(one_colour(
                colour[y0 : y0 + bh, x0 : x0 + bw], labels[y0 : y0 + bh, x0 : x0 + bw] == i,
                config.canoe_min_fraction_blurred * body_px)
                for i in quiet for x0, y0, bw, bh, _ in stats[i : i + 1])):
            touching -= quiet
    zone_r = layout.slot_zone_mm * k
    out = Objects(opened, labels, np.zeros(n, bool), colour)

    def as_then(area: int, x0: int, y0: int, bw: int, bh: int, sub: Mask) -> bool:
        """Whether an object of ``area`` pixels (``sub`` of its box) is a glare spot of
        the setup photo that still looks as then (``glare_then``,
        ``config.glare_then_share`` of it) with nothing else in it but canoe colour
        (``config.glare_then_canoes`` of the rest, as :func:`enclosed` counts a canoe's
        colour) or a rest no bigger than
        ``config.glare_then_washed`` canoes' hulls: the lamp's reflection where it was
        and the canoes in its light, no hand (skin and sleeve are no canoe colour, and a
        hand reaching in is bigger)."""
        if glare_then is None or config.glare_then_share > 1:
            return False
        was = glare_then[y0 : y0 + bh, x0 : x0 + bw]
        then = int(np.count_nonzero(was[sub]))
        if then < config.glare_then_share * area:
            return False
        rest = sub & ~was
        canoe = int(np.count_nonzero(enclosed(colour[y0 : y0 + bh, x0 : x0 + bw] >= 0)[rest]))
        return canoe >= config.glare_then_canoes * (area - then) or \
            area - then <= config.glare_then_washed * hull_px
    rows, cols = np.divmod(idx_box, bx1 - bx0)
    out.pixels = (rows + by0) * w + cols + bx0  # (read_canoes scans no picture again)
    for i in range(1, n):
        x0, y0, bw, bh, area = stats[i]
        if area < config.canoe_min_fraction * body_px * config.object_min_share:
            continue
        sub = labels[y0 : y0 + bh, x0 : x0 + bw] == i
        col = colour[y0 : y0 + bh, x0 : x0 + bw][sub]
        coloured = int(np.count_nonzero(col >= 0))
        # (Its colour: the one most of its pixels are nearest; None without any.)
        major = int(np.bincount(col[col >= 0]).argmax()) if coloured else None
        if i not in touching and area - coloured > config.foreign_other_share * area:
            # A canoe's gem and well are no canoe colour but lie inside its hull, and its
            # blurred edge, half hull and half water, is no colour either: count what the
            # hull colour encloses, and 2 px around it. A hand's skin is neither.
            coloured = int(np.count_nonzero(enclosed(
                colour[y0 : y0 + bh, x0 : x0 + bw] >= 0)[sub]))
        # An object crossing a zone's edge comes from outside (a hand), unless it is canoe
        # colour through and through and no bigger than two canoes (its top, seen under
        # tilt, leaning over the edge), or it leans out the way parallax shifts a canoe's
        # top there, mostly canoe colour (its gem, well, side and blur enclosed), no
        # bigger than one canoe as seen.
        inside = i not in touching or (coloured >= config.edge_canoe_share * area
                                       and area <= config.pair_max_ratio * hull_px)
        if not inside:
            cx, cy = float(cents[i][0]) + bx0, float(cents[i][1]) + by0
            s = shift_px(camera_centre, np.array([[cx, cy]], np.float32),
                         config.canoe_height_mm, k)[0]
            # One canoe as the tilt shows it: its hull and its side, its length times the
            # parallax shift there.
            seen_one = hull_px + length * k * float(np.hypot(*s))
            crowd = max(config.lean_crowd_ratio * hull_px, config.lean_crowd_sides * seen_one)
            if area <= crowd:
                by_, bx_ = np.divmod(band[band_label == i], w)
                out_dir = np.array([bx_.mean() - cx, by_.mean() - cy])
                size = float(np.hypot(*s)) * float(np.hypot(*out_dir))
                leans = size > 0 and float(out_dir @ s) >= config.lean_cos * size
                if leans and float(np.hypot(*s)) >= config.lean_min_px * k:
                    held = int(np.count_nonzero(enclosed(
                        colour[y0 : y0 + bh, x0 : x0 + bw] >= 0)[sub]))
                    # (Three canoes on a slot lean out together under a steep tilt:
                    # bigger than two, then nearly all canoe colour. Under a steeper tilt
                    # canoes show more of their sides.)
                    pair = max(config.lean_max_ratio * hull_px, config.lean_sides * seen_one)
                    inside = held >= (config.lean_canoe_share if area <= pair
                                      else config.lean_crowd_share) * area
        if inside and area - coloured <= config.foreign_other_share * area:
            out.valid[i] = True
            # A canoe caught between two positions: neither can be read.
            sy, sx = np.nonzero(sub)
            pos = geo.where[(sy + y0) * w + sx + x0].astype(np.int64) + 1  # -1: outside
            spans = np.bincount(pos, minlength=len(SLOTS) + 2)[1:]
            split = np.flatnonzero(spans >= config.canoe_split_share * hull_px)
            one = area < (config.pair_ratio - config.pair_margin) * hull_px  # one canoe
            if len(split) > 1:
                _mark(out, (BEACH if p == len(SLOTS) else SLOTS[p] for p in split),
                      ACROSS)
                if major is not None and one:
                    out.across.setdefault(major, BEACH if split[0] == len(SLOTS)
                                          else SLOTS[split[0]])
            elif len(split) == 1 and split[0] < len(SLOTS) and one and \
                    area >= config.between_min_ratio * hull_px:
                # One canoe off its slot's centre, towards the next slot.
                foot = footprint((float(sx.mean() + x0), float(sy.mean() + y0)),
                                 camera_centre, config, k)
                off = nearer_next(foot, geo.slot_xy, k, config, config.canoe_between_mm)
                if off:
                    _mark(out, off, BETWEEN_SLOTS)
                    if major is not None:
                        out.on_way.add(major)
            continue
        # Something that is not a canoe: a hand, a sleeve, a fallen object.
        ys, xs = np.nonzero(sub)
        ys = ys + y0
        xs = xs + x0
        lit = 0 if hl_img is None else np.count_nonzero(hl_img[y0 : y0 + bh,
                                                               x0 : x0 + bw][sub])
        if geo.where[ys[0] * w + xs[0]] == len(SLOTS):
            if lit >= config.glare_patch_share * area:
                # A glare spot on the beach: it hides a canoe only if one is missing
                # (the reading decides, with the game's counts).
                out.beach_glare = True
                continue
            _mark(out, [BEACH], "something foreign on the beach")
            out.beach_foreign = True
        else:
            d = np.hypot(geo.slot_xy[:, None, 0] - xs[None, :],
                         geo.slot_xy[:, None, 1] - ys[None, :])
            within = np.flatnonzero(d.min(1) < zone_r)
            if lit >= config.glare_patch_share * area or as_then(area, x0, y0, bw, bh, sub) or (
                    washed is not None and i not in touching and len(within) == 1
                    and washed[within[0]] and area <= config.pair_max_ratio * hull_px):
                # A glare spot is no hand: it hides what it lies over, not the slots
                # beside it (a hand's fingers and blur reach further); nor is one that
                # lay there at setup and still looks as then, canoes in its light
                # (as_then). So is a canoe it washes out (its colour lost): no bigger
                # than two canoes, within the zone of that slot alone, nothing reaching
                # in from outside.
                _mark(out, (SLOTS[s] for s in within), WASHED_OUT)
                continue
            if i not in touching and area < config.foreign_small_ratio * hull_px and \
                    coloured < config.foreign_small_colour_share * area:
                # Something no bigger than a canoe lying inside the slots' zones, reaching
                # in from nowhere (the riverbed's mottle, a dropped gem, a canoe a glare
                # spot half washes out): it hides the slots it lies on, not their
                # neighbours (a hand's fingers and blur reach further).
                _mark(out, (SLOTS[s] for s in within), SMALL_FOREIGN)
                continue
            near = d.min(1) < zone_r + config.foreign_margin_mm * k
            _mark(out, (SLOTS[s] for s in np.flatnonzero(near)), "a hand or something foreign")
            out.hand = True
            if coloured >= config.transit_canoe_share * area and (
                    area <= config.transit_max_ratio * hull_px or (
                        area <= config.transit_crowd_ratio * hull_px
                        and coloured >= config.transit_crowd_share * area)) and \
                    widest(colour[y0 : y0 + bh, x0 : x0 + bw] >= 0, sub) <= \
                    config.transit_max_halfwidth_mm * k:
                # Partly canoe colour, no bigger than three canoes, that colour no wider
                # than canoes side by side (a palm the colour of a canoe is wider): a
                # canoe on its way from a slot up or down the river (read there, it would
                # be missing), maybe merged with the two on the slot it passes, reaching
                # from it towards that slot; wherever it reaches while a glare spot
                # washes a slot out (a canoe it half washes out beside it may be read as
                # nothing there: used scene 51050049, a blue canoe on T5 beside T4 washed
                # out).
                # (Not a slot the object itself lies over: a hand's bright skin over a
                # slot's riverbed looks washed out too.)
                if major is not None:
                    out.transit.setdefault(major, set()).update(
                        SLOTS[s] for s in np.flatnonzero(near))
                glare_apart = washed is not None and bool(np.any(
                    np.delete(washed, within) if config.transit_glare_apart else washed))
                reach = -np.inf if glare_apart else config.transit_reach_mm * k
                _mark(out, (p for s in np.flatnonzero(near) for p in neighbours(SLOTS[s])
                            if p in SLOTS and reach_towards(xs, ys, geo.slot_xy[s],
                                                    geo.slot_xy[SLOTS.index(p)]) >= reach),
                      "a canoe on its way between slots")
    return out
