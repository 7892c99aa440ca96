"""Stage: the river as it looked at setup, and where it still looks so.

At setup every slot holds a disc and no canoe (T1 holds Diamanten Joe when he plays).
Each slot's middle, well inside its disc's rim, and the river between each two
neighbouring positions (where a canoe on its way lies) are kept as features (of the
view blurred over 3 x 3 pixels, balanced to the markers' white), part of the table
profile (:class:`SlotLooks`). While reading, a pixel there that is within
``slot_look_distance`` of what the setup showed within ``slot_look_slack_mm`` of it (the
pose moves a little from photo to photo) looks as at setup. A slot whose middle, and
the river towards each neighbour, almost all look so (changed share under
``slot_look_same``) has no canoe on it, none on its way from or to it either.

That is what colours cannot say where a canoe colour looks like the riverbed (a blue
canoe on a deep blue river): its hull, rim and well still change the view, where the
river's own print does not move. The other way round, a slot whose view changed where
no canoe is read (:func:`unexplained`) may hide a canoe the game has and the camera
does not see (a blue canoe in a shadow on a blue river, darker than the riverbed its
colour is compared with). :func:`vision.read.read_board` asks it only when a slot
would otherwise be unknown for a canoe that could hide there unseen: a colour like the
riverbed unaccounted for, a canoe of the game seen nowhere, something small in the
slot's zone. A profile learned with another pattern (other ``slot_look_*`` settings)
knows no slot bare.

>>> from vision.layout import load_layout
>>> from vision.stages.geometry import geometry
>>> cfg = VisionConfig()
>>> layout = load_layout()
>>> geo = geometry(layout, cfg)
>>> pat = look_pattern(geo, layout, cfg)
>>> feats = np.zeros((len(pat.pixels), 3), np.float32)
>>> then = SlotLooks.learn(feats, geo, usable=np.ones(len(SLOTS), bool))
>>> bare(feats, then, geo, layout, cfg).tolist()
[True, True, True, True, True, True, True, True, True]
>>> ys, xs = np.divmod(pat.pixels, geo.shape[1])  # a canoe between T3 and T4
>>> (x3, y3), (x4, _) = geo.slot_xy[2], geo.slot_xy[3]
>>> feats[(abs(xs - (x3 + x4) / 2) < 20 * geo.k) & (abs(ys - y3) < 7 * geo.k)] = 0.5
>>> bare(feats, then, geo, layout, cfg).tolist()
[True, True, False, False, True, True, True, True, True]

While a canoe of the game is seen nowhere, a slot whose view changed where no canoe is
read may hide it; a change the canoes read explain does not count:

>>> nothing = np.zeros(len(pat.pixels), bool)
>>> unexplained(feats, then, geo, layout, cfg, nothing).tolist()
[False, False, True, True, False, False, False, False, False]
>>> unexplained(feats, then, geo, layout, cfg, ~nothing).tolist()
[False, False, False, False, False, False, False, False, False]

Per slot and neighbour, how much of the slot's half of the river towards it changed: a
canoe two thirds of the way from T3 to T4 lies over T4's half more than over T3's, and
over no other:

>>> now = np.zeros_like(feats)
>>> now[(abs(xs - (x3 + (x4 - x3) * 2 / 3)) < 20 * geo.k) & (abs(ys - y3) < 7 * geo.k)] = 0.5
>>> {k: round(v, 2) for k, v in ways_changed(now, then, geo, layout, cfg).items() if v}
{(2, 3): 0.55, (3, 2): 0.93}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeGuard, cast

import cv2
import numpy as np

from companion.board import ARMS, SLOTS, downstream
from vision.config import VisionConfig
from vision.layout import Layout
from vision.stages.geometry import Geometry, design
from vision.stages.light import Light, column_features
from vision.types import Floats, Image, Indices, Mask


@dataclass(frozen=True)
class LookPattern:
    """The pixels kept (``pixels``: flat indices in the rectified view, sorted) and the
    regions they make up: each slot's middle, then each stretch of river between two
    neighbouring positions (``regions``: positions into ``pixels``); per slot, the
    regions that must look as at setup for it to be bare (``of_slot``)."""

    pixels: Indices
    regions: list[Indices]
    of_slot: list[list[int]]


_PATTERNS: dict[tuple[object, ...], LookPattern] = {}


def _pairs(layout: Layout, geo: Geometry) -> list[tuple[int, tuple[float, float], int,
                                                          tuple[float, float]]]:
    """Each two neighbouring positions on the river (slot index or -1 for the beach, and
    where, in rectified px): the beach's edge nearest T1, then slot to slot downstream."""
    out = []
    xs = [p[0] for p in layout.beach]
    ys = [p[1] for p in layout.beach]
    t1 = geo.slot_xy[0] / geo.k
    edge = (float(np.clip(t1[0], min(xs), max(xs))) * geo.k,
            float(np.clip(t1[1], min(ys), max(ys))) * geo.k)
    out.append((-1, edge, 0, (float(geo.slot_xy[0][0]), float(geo.slot_xy[0][1]))))
    for i, s in enumerate(SLOTS):
        for arm in ARMS:
            t = downstream(s, arm)
            if t in SLOTS:
                j = SLOTS.index(t)
                pair = (i, (float(geo.slot_xy[i][0]), float(geo.slot_xy[i][1])), j,
                        (float(geo.slot_xy[j][0]), float(geo.slot_xy[j][1])))
                if pair not in out:
                    out.append(pair)
    return out


def look_pattern(geo: Geometry, layout: Layout, config: VisionConfig) -> LookPattern:
    """The pixels of every slot's middle and of the river between neighbours (cached)."""
    key = (geo.shape, geo.k, tuple(map(tuple, geo.slot_xy.tolist())), config.slot_look_mm,
           config.slot_look_gap_mm)
    if key in _PATTERNS:
        return _PATTERNS[key]
    h, w = geo.shape
    masks: list[Image] = []
    for x, y in geo.slot_xy:
        m = np.zeros((h, w), np.uint8)
        cv2.circle(m, (round(float(x) * 16 - 8), round(float(y) * 16 - 8)),
                   round(config.slot_look_mm * geo.k * 16), 1, -1, shift=4)
        masks.append(m)
    of_slot: list[list[int]] = [[i] for i in range(len(SLOTS))]
    r = config.slot_look_gap_mm * geo.k
    for a, pa, b, pb in _pairs(layout, geo) if r > 0 else ():
        # Each slot's half of the stretch between it and its neighbour, from its middle's
        # edge to the midpoint (circles about a radius apart): a canoe on its way from or
        # to it lies there, while the canoes resting on the neighbour reach hardly past
        # the midpoint.
        for s, p0, p1 in ((a, pa, pb), (b, pb, pa)):
            if s < 0:
                continue
            length = float(np.hypot(p1[0] - p0[0], p1[1] - p0[1]))
            ux, uy = (p1[0] - p0[0]) / length, (p1[1] - p0[1]) / length
            start = config.slot_look_mm * geo.k
            stop = max(start, length / 2)
            m = np.zeros((h, w), np.uint8)
            for t in np.linspace(start, stop, max(1, int(np.ceil((stop - start) / r)) + 1)):
                cv2.circle(m, (round((p0[0] + ux * t) * 16 - 8),
                               round((p0[1] + uy * t) * 16 - 8)), round(r * 16), 1, -1, shift=4)
            masks.append(m)
            of_slot[s].append(len(masks) - 1)
    union = np.zeros((h, w), bool)
    for m in masks:
        union |= m > 0
    pixels = np.flatnonzero(union)
    regions = [np.searchsorted(pixels, np.flatnonzero(m)) for m in masks]
    out = LookPattern(pixels=pixels, regions=regions, of_slot=of_slot)
    if len(_PATTERNS) > 8:
        _PATTERNS.clear()
    _PATTERNS[key] = out
    return out


def look_features(rectified: Image, light: Light, geo: Geometry, layout: Layout,
                  config: VisionConfig) -> Floats:
    """The features of the kept pixels, ``(n, 3)``: the view blurred over 3 x 3 pixels,
    balanced to the markers' white."""
    pat = look_pattern(geo, layout, config)
    blurred = cast(Image, cv2.blur(rectified, (3, 3))).reshape(-1, 3)
    bgr = light.balance(cast(Image, np.take(blurred, pat.pixels, axis=0)),
                        design(pat.pixels, geo.shape[1]))
    return np.ascontiguousarray(column_features(bgr, config.brightness_weight))


@dataclass(frozen=True)
class SlotLooks:
    """The river as at setup: the rectified view's ``shape`` it was kept in, and the
    features of the kept pixels (:func:`look_features`); ``unkept`` slots (something
    stood on them, or a glare spot washed them out) are never bare."""

    shape: tuple[int, int]
    feats: Floats
    unkept: Mask
    _spread: dict[tuple[object, ...], tuple[Floats, Floats]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    @classmethod
    def learn(cls, feats: Floats, geo: Geometry, usable: Mask) -> SlotLooks:
        """From the setup photo's :func:`look_features`; ``usable`` per slot (not T1
        under Joe's canoe, nor slots under glare)."""
        return cls(geo.shape, np.asarray(feats, np.float32), ~np.asarray(usable, bool))

    def spread(self, pixels: Indices, slack_px: int) -> tuple[Floats, Floats]:
        """Per kept pixel (``pixels``, the pattern's), the least and greatest of each
        feature at setup within ``slack_px`` each way (worked out once)."""
        key = (len(pixels), int(pixels[0]) if len(pixels) else 0, slack_px)
        if key not in self._spread:
            h, w = self.shape
            kernel = np.ones((2 * slack_px + 1, 2 * slack_px + 1), np.uint8)
            low = np.empty_like(self.feats)
            high = np.empty_like(self.feats)
            img = np.empty(h * w, np.float32)
            for c in range(3):
                img[:] = np.inf
                img[pixels] = self.feats[:, c]
                low[:, c] = cv2.erode(img.reshape(h, w), kernel).ravel()[pixels]
                img[:] = -np.inf
                img[pixels] = self.feats[:, c]
                high[:, c] = cv2.dilate(img.reshape(h, w), kernel).ravel()[pixels]
            self._spread[key] = (low, high)
        return self._spread[key]


def changed_shares(feats: Floats, then: SlotLooks, geo: Geometry, layout: Layout,
                   config: VisionConfig, explained: Mask | None = None) -> list[float]:
    """Per region of :func:`look_pattern` (slots' middles, then the stretches between), the
    share of its pixels unlike every setup pixel within the slack by more than
    ``slot_look_distance`` (and, if given, not ``explained``: per kept pixel)."""
    pat = look_pattern(geo, layout, config)
    low, high = then.spread(pat.pixels, max(1, round(config.slot_look_slack_mm * geo.k)))
    over = np.maximum(low - feats, 0) + np.maximum(feats - high, 0)
    changed = (over * over).sum(axis=1) > config.slot_look_distance ** 2
    if explained is not None:
        changed &= ~explained
    return [float(changed[r].mean()) if len(r) else 0.0 for r in pat.regions]


def _known(then: SlotLooks | None, geo: Geometry, pat: LookPattern) -> TypeGuard[SlotLooks]:
    """Whether the setup's looks ``then`` were kept for this view and pattern (not an
    older profile, another view or another pattern)."""
    return then is not None and then.shape == geo.shape and len(then.feats) == len(pat.pixels)


def ways_changed(feats: Floats, then: SlotLooks | None, geo: Geometry, layout: Layout,
                 config: VisionConfig) -> dict[tuple[int, int], float]:
    """Per slot index and neighbour (a slot index, -1 for the beach), the changed share
    (:func:`changed_shares`) of the slot's half of the river towards that neighbour: a
    canoe on its way between the two lies over it. Empty where the setup's looks are not
    known (an older profile, another view or pattern); slots not kept are left out."""
    pat = look_pattern(geo, layout, config)
    if not _known(then, geo, pat):
        return {}
    shares = changed_shares(feats, then, geo, layout, config)
    # (Each slot's halves in look_pattern's order: its neighbours as _pairs lists them.)
    towards: list[list[int]] = [[] for _ in SLOTS]
    for a, _, b, _ in _pairs(layout, geo):
        for s, t in ((a, b), (b, a)):
            if s >= 0:
                towards[s].append(t)
    return {(s, t): shares[r] for s in range(len(SLOTS)) if not then.unkept[s]
            for t, r in zip(towards[s], pat.of_slot[s][1:], strict=False)}


def explained_by(canoes: Mask, geo: Geometry, layout: Layout, config: VisionConfig) -> Mask:
    """Per kept pixel of :func:`look_pattern`, whether it lies on or beside (within
    ``slot_look_explained_mm``: a hull's blurred edge, its shading) the pixels of
    ``canoes``, a rectified-view mask of the canoes read."""
    pat = look_pattern(geo, layout, config)
    r = max(1, round(config.slot_look_explained_mm * geo.k))
    disk = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
    grown = cv2.dilate(canoes.astype(np.uint8), disk)
    return grown.ravel()[pat.pixels] > 0


def _slot_shares(feats: Floats, then: SlotLooks | None, geo: Geometry, layout: Layout,
                 config: VisionConfig, explained: Mask | None = None,
                 ) -> list[list[float] | None]:
    """Per slot, the changed shares of its regions (:func:`changed_shares`): its middle
    and its way to each neighbour; None for a slot not kept, or all None where the
    setup's looks are not known (an older profile, another view or pattern)."""
    pat = look_pattern(geo, layout, config)
    if not _known(then, geo, pat):
        return [None] * len(SLOTS)
    shares = changed_shares(feats, then, geo, layout, config, explained)
    return [None if then.unkept[s] else [shares[r] for r in pat.of_slot[s]]
            for s in range(len(SLOTS))]


def unexplained(feats: Floats, then: SlotLooks | None, geo: Geometry, layout: Layout,
                config: VisionConfig, explained: Mask) -> Mask:
    """Per slot, whether its middle or the river towards a neighbour changed since setup
    (``slot_look_changed`` of a region or more) where nothing ``explained`` (the canoes
    read, :func:`explained_by`) lies: something that was not there then is there now.
    False where not known (slots not kept, an older profile)."""
    return np.array([r is not None and any(x >= config.slot_look_changed for x in r)
                     for r in _slot_shares(feats, then, geo, layout, config, explained)],
                    bool)


def bare(feats: Floats, then: SlotLooks | None, geo: Geometry, layout: Layout,
         config: VisionConfig) -> Mask:
    """Per slot, whether its middle and the river towards each neighbour look as at
    setup (no canoe on it, none on its way from or to it): False where not known."""
    return np.array([r is not None and all(x < config.slot_look_same for x in r)
                     for r in _slot_shares(feats, then, geo, layout, config)], bool)
