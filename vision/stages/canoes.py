"""Stage: canoes. Canoe-like object pixels counted per position and colour (hull
blobs closed over wells and gems: one hull's area is one canoe, two hulls' two, in
between unknown), and the gem in each canoe's well.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import cast

import cv2
import numpy as np

from companion.board import BEACH, SLOTS
from vision.config import BGR, JOE_COLOUR, VisionConfig
from vision.layout import Layout
from vision.observation import CanoeSeen
from vision.stages.geometry import Geometry
from vision.stages.light import Light, feature_of, features, median
from vision.stages.objects import CLOSE, OPEN, Objects, Palette, Region
from vision.types import Floats, Image, Mask

CLOSE_LONG = cv2.getStructuringElement(cv2.MORPH_RECT, (15, 3))

Hull = tuple[str, int, Floats]
"""One colour's canoes at one position: the position, how many, their hull colour
(balanced BGR median)."""


@dataclass
class Canoes:
    """The canoes read, the positions that could not be read, and what was seen on the
    way (hull colours per colour, blob sizes)."""

    seen: list[CanoeSeen] = field(default_factory=list)
    unknown: set[str] = field(default_factory=set)
    hulls: dict[str, list[Hull]] = field(default_factory=dict)
    ratios: list[tuple[str, str, float]] = field(default_factory=list)


def read_canoes(rectified: Image, light: Light, geo: Geometry, layout: Layout, objs: Objects,
                palette: Palette, skip: set[str], config: VisionConfig) -> Canoes:
    """Canoes per position and colour over every canoe-like object (positions in
    ``skip`` are already unknown)."""
    w = geo.shape[1]
    k = geo.k
    length, width = layout.canoe_mm
    body_px = config.canoe_body_share * length * width * k * k
    hull_px = config.canoe_hull_share * length * width * k * k
    out = Canoes()
    read_px = np.zeros(len(SLOTS) + 1)
    colour_flat = objs.colour.ravel()
    keep = objs.valid[objs.labels.ravel()] & (colour_flat >= 0)
    pix = np.flatnonzero(keep)
    groups = geo.where[pix].astype(np.int32) * 16 + colour_flat[pix]
    order_ = np.argsort(groups, kind="stable")
    pix, groups = pix[order_], groups[order_]
    bounds = np.flatnonzero(np.diff(groups)) + 1
    for chunk in np.split(pix, bounds):
        if len(chunk) < config.canoe_min_fraction * body_px:
            continue
        pos_id, ci = divmod(int(geo.where[chunk[0]]) * 16 + int(colour_flat[chunk[0]]), 16)
        where = BEACH if pos_id == len(SLOTS) else SLOTS[pos_id]
        if where in skip:
            continue
        colour = palette.names[ci]
        if colour == JOE_COLOUR and where == BEACH:
            continue  # Joe never lands; sand-and-hull fringes look like his wood
        ys, xs = np.divmod(chunk, w)
        x0, y0 = int(xs.min()) - 4, int(ys.min()) - 4
        cmask: Image = np.zeros((int(ys.max()) - y0 + 5, int(xs.max()) - x0 + 5), np.uint8)
        cmask[ys - y0, xs - x0] = 1
        # Thin fringes (where a hull meets the water) can mimic another colour: drop them.
        cmask = cast(Image, cv2.morphologyEx(cmask, cv2.MORPH_OPEN, OPEN))
        if np.count_nonzero(cmask) < config.canoe_min_fraction * body_px:
            continue
        closed = cv2.morphologyEx(cmask, cv2.MORPH_CLOSE, CLOSE_LONG)
        closed = cv2.morphologyEx(closed, cv2.MORPH_CLOSE, CLOSE)
        nb, blob_lab, blob_stats, blob_cent = cv2.connectedComponentsWithStats(
            closed, connectivity=8
        )
        centres: list[tuple[float, float]] = []
        ambiguous = False
        for j in range(1, nb):
            ratio = blob_stats[j, cv2.CC_STAT_AREA] / hull_px
            out.ratios.append((where, colour, round(float(ratio), 2)))
            if ratio < config.canoe_min_fraction:
                continue
            if ratio < config.pair_ratio - config.pair_margin:
                centres.append((float(blob_cent[j][0]), float(blob_cent[j][1])))
            elif config.pair_ratio + config.pair_margin < ratio < config.pair_max_ratio:
                two = split_centres((blob_lab == j).astype(np.uint8), 2, length * k)
                if two is None:
                    ambiguous = True
                else:
                    centres.extend(two)
            else:
                ambiguous = True
        limit = 1 if colour == JOE_COLOUR else 2
        if ambiguous or len(centres) > limit:
            out.unknown.add(where)
            continue
        if not centres:
            continue
        if where != BEACH:
            # A canoe off its slot's centre towards the next slot is between the two.
            for cx, cy in centres:
                d = np.hypot(geo.slot_xy[:, 0] - cx - x0, geo.slot_xy[:, 1] - cy - y0) / k
                near = np.argsort(d)[:2]
                if d[near[1]] - d[near[0]] < config.canoe_between_mm:
                    out.unknown.update(SLOTS[p] for p in near)
        gems, body = read_gems(rectified, light, cmask.astype(bool), centres, (x0, y0), config)
        # The hull's colour must be clearly nearer its colour than any other in play.
        fb = features(body[None], config.brightness_weight)[0]
        d = np.sort(np.linalg.norm(palette.protos - fb, axis=1))
        if len(d) > 1 and d[1] - d[0] < config.canoe_margin:
            out.unknown.add(where)
            continue
        out.seen.extend(CanoeSeen(colour, where, g) for g in gems)
        out.hulls.setdefault(colour, []).append((where, len(centres), body))
        read_px[pos_id] += len(centres) * hull_px
    # Canoe-like objects that no canoe read accounts for: something is there, unread.
    valid_px = objs.valid[objs.labels.ravel()] & (objs.opened.ravel() > 0)
    where_px = geo.where[valid_px].astype(np.int64)
    seen_px = np.bincount(where_px[where_px >= 0], minlength=len(SLOTS) + 1)
    for p in np.flatnonzero(seen_px > config.canoe_area_slack * read_px
                                  + config.canoe_unread_share * hull_px):
        out.unknown.add(BEACH if p == len(SLOTS) else SLOTS[p])
    # Slots with more canoes than fit on a disc cannot be read reliably.
    for slot in SLOTS:
        if sum(1 for c in out.seen if c.at == slot) > config.max_canoes_per_slot:
            out.unknown.add(slot)
    out.seen = [c for c in out.seen if c.at not in out.unknown]
    return out


def beach_blobs(objs: Objects, beach: Region, hull_px: float) -> list[tuple[float, Floats]]:
    """Each canoe-like object on the beach: its size in hulls and its hull colour
    (balanced BGR median, the dark well left out). For learning colours at setup."""
    comp = objs.labels.ravel()[beach.idx]
    out: list[tuple[float, Floats]] = []
    for i in np.unique(comp[beach.obj]):
        if i == 0 or not objs.valid[i]:
            continue
        sel = (comp == i) & beach.obj
        bgr = beach.bgr[sel]
        level = bgr.sum(1)
        body = bgr[level > 0.5 * np.percentile(level, 75)]
        med = cast(Floats, np.median(body, axis=0))  # float32 in, float32 out
        out.append((float(np.count_nonzero(comp == i)) / hull_px, med))
    return out


def split_centres(closed: Image, count: int,
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
    big = [j for j in range(1, n) if stats[j, cv2.CC_STAT_AREA] >= 25]  # px: not a speck
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
    if long_side > 1.4 * canoe_len_px:  # longer than one canoe: end to end
        (ux, uy), off = (along_w if rw >= rh else along_h), long_side / 4
    else:
        (ux, uy), off = (along_w if rw < rh else along_h), short_side / 4
    return [(cx - ux * off, cy - uy * off), (cx + ux * off, cy + uy * off)]


def read_gems(rectified: Image, light: Light, cmask: Mask, centres: list[tuple[float, float]],
               origin: tuple[int, int], config: VisionConfig) -> tuple[list[str | None], Floats]:
    """The gem in each of ``count`` canoes of one colour mask, and the hull colour."""
    x0, y0 = origin
    h, w = rectified.shape[:2]
    bys, bxs = np.nonzero(cmask)
    bys += y0
    bxs += x0
    flat = rectified.reshape(-1, 3)
    design = np.column_stack([np.ones(len(bxs)), bxs, bys]).astype(np.float32)
    body = median(light.balance(flat[bys * w + bxs], design))
    wgt = config.brightness_weight
    gem_names, gem_feats = gem_protos(config)
    rad = max(1, round(config.gem_sample_mm * config.px_per_mm))
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
        centres_bgr.append(median(balanced[start : start + n]))
        start += n
    fb = features(body[None], wgt)[0]
    fcs = features(np.array(centres_bgr, np.float32), wgt) if centres_bgr else np.zeros((0, 3))
    out: list[str | None] = []
    for fc in fcs:
        dlog = (fc[2] - fb[2]) / wgt
        if dlog < math.log(config.empty_well_ratio):
            out.append(None)
            continue
        d = np.linalg.norm(gem_feats - fc, axis=1)
        order = np.argsort(d)
        if d[order[0]] > config.gem_distance or d[order[1]] - d[order[0]] < config.gem_margin:
            out.append("unknown")
        else:
            out.append(gem_names[int(order[0])])
    return out, body


GEM_PROTOS: dict[tuple[tuple[tuple[str, BGR], ...], float], tuple[list[str], Floats]] = {}


def gem_protos(config: VisionConfig) -> tuple[list[str], Floats]:
    key = (tuple(sorted(config.gem_bgr.items())), config.brightness_weight)
    if key not in GEM_PROTOS:
        names = list(config.gem_bgr)
        GEM_PROTOS[key] = (names, np.array(
            [feature_of(config.gem_bgr[g], config.brightness_weight) for g in names]))
    return GEM_PROTOS[key]

