"""Stage: the board's own marks inside the slot zones, learned at setup.

A slot zone is a circle around the slot; where the river is narrow, or bends, or forks,
the circle reaches over its banks onto the land. Those pixels are unlike the riverbed,
so they read as an object, and an object that crosses the zone's edge from outside is
taken for a hand: the slot would be unknown in every frame. At setup nothing stands in
the river but Diamanten Joe on T1, so what is no riverbed there and keeps away from the
slot's middle (where a canoe or a hand would be) is the board's own print. Its pixels
and what they looked like are kept (:class:`Marks`, part of the table profile); while
reading, a pixel of them that still looks as at setup is ground, not an object.

>>> marks = Marks((300, 600), np.array([610, 611], np.intp),
...               np.zeros((2, 3), np.float32))
>>> marks.low.shape, marks.high.shape
((2, 3), (2, 3))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

import cv2
import numpy as np

from vision.config import VisionConfig
from vision.stages.geometry import Geometry
from vision.stages.objects import WIDE
from vision.types import Floats, Image, Indices, Mask

_OFFSETS = [(dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]


@dataclass(frozen=True)
class Marks:
    """The board's print inside the slot zones as seen at setup: rectified pixels
    (``idx``, flat, in a view of ``shape``) and their features then (``feats``)."""

    shape: tuple[int, int]
    idx: Indices
    feats: Floats
    low: Floats = field(init=False, repr=False, compare=False)
    high: Floats = field(init=False, repr=False, compare=False)
    """Per pixel, the least and greatest features (each of the three) of the mark pixels
    of its 3 x 3 neighbourhood at setup: a frame rectified a pixel off from the setup
    photo still matches."""

    def __post_init__(self) -> None:
        h, w = self.shape
        where = np.full(h * w, -1, np.intp)
        where[self.idx] = np.arange(len(self.idx))
        ys, xs = np.divmod(self.idx, w)
        low = self.feats.copy()
        high = self.feats.copy()
        for dy, dx in _OFFSETS:
            y, x = ys + dy, xs + dx
            ok = (y >= 0) & (y < h) & (x >= 0) & (x < w)
            nb = np.full(len(self.idx), -1, np.intp)
            nb[ok] = where[y[ok] * w + x[ok]]
            has = nb >= 0
            low[has] = np.minimum(low[has], self.feats[nb[has]])
            high[has] = np.maximum(high[has], self.feats[nb[has]])
        object.__setattr__(self, "low", low)
        object.__setattr__(self, "high", high)

    def __len__(self) -> int:
        return len(self.idx)


def learn_marks(obj: Mask, feats: Floats, geo: Geometry, config: VisionConfig,
                also: Mask | None = None) -> Marks:
    """The marks of a setup photo's slot zones: ``obj`` (over the zone pixels) the
    objects seen there, ``feats`` the zone pixels' features. Every object whose pixels
    keep ``marks_inner_mm`` away from their slot's middle (all but ``marks_inner_share``
    of them) is print, and so are the pixels
    around it (``marks_grow_px``), with their features (see :func:`read_marks` for what
    is compared). Diamanten Joe's canoe on T1 covers its middle: no mark. ``also``: more
    pixels judged the same way on their own (highlights: a glare spot on a bank), not
    joined to the objects.
    """
    h, w = geo.shape
    near = _middles(geo, config)
    print_img: Image = np.zeros(h * w, np.uint8)
    for mask in (obj, also):
        if mask is None:
            continue
        img: Image = np.zeros(h * w, np.uint8)
        img[geo.zone_idx[mask]] = 1
        n, labels = cv2.connectedComponents(img.reshape(h, w), connectivity=8,
                                            ltype=cv2.CV_32S)
        lab = labels.ravel()[geo.zone_idx]
        area = np.bincount(lab, minlength=n)
        inner = np.bincount(lab[near], minlength=n)
        is_mark = inner <= config.marks_inner_share * area
        is_mark[0] = False
        print_img[geo.zone_idx[is_mark[lab]]] = 1
    return _grown(print_img, feats, geo, config)


def _middles(geo: Geometry, config: VisionConfig) -> Mask:
    """Per zone pixel, whether it lies within ``marks_inner_mm`` of its slot's middle."""
    ys, xs = np.divmod(geo.zone_idx, geo.shape[1])
    centre = geo.slot_xy[geo.zone_slot]
    return np.asarray(np.hypot(xs - centre[:, 0], ys - centre[:, 1])
                      < config.marks_inner_mm * geo.k)


def _grown(img: Image, feats: Floats, geo: Geometry, config: VisionConfig) -> Marks:
    """The marks of ``img`` (flat, 1 where kept) and the pixels ``marks_grow_px``
    around it, within the zones, with their features."""
    grow = 2 * config.marks_grow_px + 1
    grown = cast(Image, cv2.dilate(img.reshape(geo.shape), np.ones((grow, grow), np.uint8)))
    in_zone = grown.ravel()[geo.zone_idx] > 0
    return Marks(geo.shape, geo.zone_idx[in_zone].astype(np.intp),
                 np.ascontiguousarray(feats[in_zone], np.float32))


def read_marks(feats: Floats, marks: Marks, shift: Floats, geo: Geometry,
               config: VisionConfig) -> tuple[Indices, Mask]:
    """Which mark pixels look as they did at setup in this frame: their positions in the
    zone pixels, and per position whether it is unchanged. ``feats``: the zone pixels'
    features now; ``shift`` (``(slots, 3)``): how each slot's riverbed ring changed
    since setup (the room's light; a mark is lit alike). A pixel is unchanged when its
    features (less the ring's change) lie within ``marks_chroma`` in chroma and
    ``marks_log`` in log brightness of the range its 3 x 3 neighbourhood's mark pixels
    spanned at setup."""
    pos = np.searchsorted(geo.zone_idx, marks.idx)
    pos = np.minimum(pos, len(geo.zone_idx) - 1)
    inside: Mask = np.asarray(geo.zone_idx[pos] == marks.idx)  # (another layout's: none)
    now = feats[pos] - shift[geo.zone_slot[pos]]
    off = np.maximum(np.maximum(marks.low - now, now - marks.high), 0)
    same: Mask = np.asarray((np.hypot(off[:, 0], off[:, 1]) < config.marks_chroma)
                            & (off[:, 2] < config.marks_log * config.brightness_weight))
    return pos[inside], same[inside]


def learn_glare(obj: Mask, feats: Floats, geo: Geometry, config: VisionConfig,
                highlight: Mask, joe: bool = False) -> Marks | None:
    """A setup photo's glare spots in the slot zones, as :func:`learn_marks` keeps the
    print: every object (``obj``, over the zone pixels) and every wide patch of
    ``highlight`` (bright and neutral) of which ``config.glare_marks_share`` is such a
    patch or next to it (``marks_grow_px``), over a slot's middle too (at the start
    nothing stands in the river but Joe on T1: with ``joe``, nothing reaching T1's
    middle, where his pale canoe stands), with the pixels around it and their features.
    None: no such patch (or ``glare_marks_share`` over 1). While reading, a patch that
    still looks as then is the lamp's reflection where it was, not a hand
    (:func:`vision.stages.objects.find_objects`)."""
    if config.glare_marks_share > 1 or not highlight.any():
        return None
    h, w = geo.shape
    t1 = _middles(geo, config) & (geo.zone_slot == 0)
    grow = 2 * config.marks_grow_px + 1
    img: Image = np.zeros(h * w, np.uint8)
    img[geo.zone_idx[highlight]] = 1
    # (Wide patches only, as :func:`vision.stages.objects.find_objects` takes them: a
    # disc's or a bank's thin highlight is no glare spot.)
    wide = cv2.morphologyEx(img.reshape(h, w), cv2.MORPH_OPEN, WIDE)
    if not wide.any():
        return None
    lit = cv2.dilate(wide, np.ones((grow, grow), np.uint8)).ravel()[geo.zone_idx] > 0
    highlight = wide.ravel()[geo.zone_idx] > 0
    glare_img: Image = np.zeros(h * w, np.uint8)
    for mask in (obj, highlight):
        img = np.zeros(h * w, np.uint8)
        img[geo.zone_idx[mask]] = 1
        n, labels = cv2.connectedComponents(img.reshape(h, w), connectivity=8,
                                            ltype=cv2.CV_32S)
        lab = labels.ravel()[geo.zone_idx]
        area = np.bincount(lab, minlength=n)
        glare = np.bincount(lab[lit], minlength=n) >= config.glare_marks_share * area
        if joe:
            glare &= np.bincount(lab[t1], minlength=n) == 0
        glare[0] = False
        glare_img[geo.zone_idx[glare[lab]]] = 1
    return _grown(glare_img, feats, geo, config) if glare_img.any() else None

