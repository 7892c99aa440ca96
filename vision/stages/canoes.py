"""Stage: canoes. Canoe-like object pixels counted per position and colour (hull
blobs closed over wells and gems: one hull's area is one canoe, two hulls' two, in
between unknown), and the gem in each canoe's well.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import cast

import cv2
import numpy as np
from numpy.typing import NDArray

from companion.board import BEACH, GEM_COLOURS, SLOTS
from vision.config import BGR, JOE_COLOUR, VisionConfig
from vision.layout import Layout
from vision.observation import CanoeSeen
from vision.stages.geometry import Centre, Geometry, shift_px
from vision.stages.light import WHITE_LEVEL, Light, feature_of, features, median
from vision.stages.objects import (
    BETWEEN_SLOTS,
    CLOSE,
    OPEN,
    Objects,
    Palette,
    Region,
    enclosed,
    footprint,
    nearer_next,
)
from vision.types import Doubles, Floats, Image, Mask

AREA_UNREAD = "canoe-like area unread"
"""Why a position showing more canoe-like area than its canoes read cover is unknown (the
reading's counts ask for it by name: ``read.unread_patch``)."""
TOO_MANY_CANOES = "too many canoes"
"""Why a slot where one colour shows more canoes than fit (two; Diamanten Joe's, one) is
unknown."""
CLOSE_LONG = cv2.getStructuringElement(cv2.MORPH_RECT, (15, 3))
CLOSE_SMALL = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))


def closed_over(cmask: Image) -> Image:
    """One colour's mask closed over its canoes' wells and gems (along them first)."""
    closed = cv2.morphologyEx(cmask, cv2.MORPH_CLOSE, CLOSE_LONG)
    return cast(Image, cv2.morphologyEx(closed, cv2.MORPH_CLOSE, CLOSE))


def inside_of(closed: Image) -> Mask:
    """Where a closed colour mask is inside its hulls (a pixel in from their edges)."""
    return cv2.erode(closed, CLOSE_SMALL, borderType=cv2.BORDER_CONSTANT, borderValue=0) > 0


def tops_of(centres: Iterable[tuple[float, float]],
            shift: Iterable[Iterable[float]]) -> list[tuple[float, float]]:
    """Where canoes whose colour patches have these middles show their tops (their gems):
    half their parallax ``shift`` on (``shift_px``'s rows for them)."""
    return [(cx + sx / 2, cy + sy / 2) for (cx, cy), (sx, sy) in zip(centres, shift,
                                                                      strict=True)]


Hull = tuple[str, int, Floats]
"""One colour's canoes at one position: the position, how many, their hull colour
(balanced BGR median)."""


SPLIT = "split"
"""What the gem votes lean to where they split between two coloured gems
(``config.gem_split_share``): no gem another reader may agree with, a veto of each."""


@dataclass
class Canoes:
    """The canoes read, the positions that could not be read, and what was seen on the
    way (hull colours per colour, blob sizes)."""

    seen: list[CanoeSeen] = field(default_factory=list)
    unknown: set[str] = field(default_factory=set)
    why: dict[str, str] = field(default_factory=dict)
    """Per unknown position, the first reason (for tuning and for the log)."""
    areas: dict[str, tuple[int, float]] = field(default_factory=dict)
    """Per position: the canoes read, and the canoe-like area in canoes as seen there."""
    colour_areas: dict[str, dict[str, float]] = field(default_factory=dict)
    """Per position, the canoe-like area of each canoe colour (its pixels nearest it)."""
    hulls: dict[str, list[Hull]] = field(default_factory=dict)
    ratios: list[tuple[str, str, float]] = field(default_factory=list)
    skipped_joe: dict[str, float] = field(default_factory=dict)
    """Per position already unknown (``skip``), the pixels of Diamanten Joe's colour
    there as a share of one canoe's hull (not read as a canoe: what was taken for
    something foreign may be his canoe)."""
    pairs: set[str] = field(default_factory=set)
    """The slots of ``unsure`` whose canoe-like area is that of the canoes read there and
    two of the patch's colour, not one (``eliminate_pairs``)."""
    unsure: list[tuple[str, str, tuple[CanoeSeen, ...]]] = field(default_factory=list)
    """Slots unknown for one reason only: one canoe-sized patch of a colour there that is
    one canoe or two by its area and outline (which disagree or cannot tell), or one
    patch of Diamanten Joe's colour whose middle showed neither a gem nor his empty well
    (``joe_needs_centre``); the area there fits one canoe more than those read there.
    Each: the slot, the colour, and the canoes read there besides. The game's counts may
    still tell that it is one canoe of that colour (:func:`vision.read.by_elimination`)."""
    off_slot: list[CanoeSeen] = field(default_factory=list)
    """Canoes read clearly but caught between two slots (their slots unknown): not in
    ``seen``, yet each is one canoe of its colour (:func:`vision.read.too_many`)."""
    on_way: set[str] = field(default_factory=set)
    """The colours of the canoes, clearly read or not (one canoe or two), found off their
    slot's centre towards the next (their slots unknown: "canoe between slots")."""
    unread: list[CanoeSeen] = field(default_factory=list)
    """The canoes read at the positions left unknown (no reading there; the gems they
    carry are what the gem votes lean to: :func:`vision.read.learned_slots`)."""
    leans: dict[tuple[str, str], list[str | None]] = field(default_factory=dict)
    """Per position and colour read there, what the gem votes lean to for each canoe
    whose gem they leave unknown (:func:`read_gems_of`'s ``leans``), in ``seen``'s
    order: another reader that says the same may name it (:func:`vision.read.learned_fine`).
    Diamanten Joe's too where his canoe is held back (``config.joe_held_lean``): read by
    another reader, his gem may be vetoed by them."""
    filled: dict[tuple[str, str], str] = field(default_factory=dict)
    """Per position and colour of a lone canoe (one in its colour's patch) whose votes for
    all gems together are ``config.empty_gem_share`` of what a gem needs or more and show
    next to none of the well (``config.empty_needs_well``; :func:`read_gems_of`'s
    ``filled``): the gem its votes lead to, or ``"unknown"``. Whatever its gem, it is not
    empty; where they lead to a coloured gem, it is not white
    (:func:`vision.read.not_empty`)."""
    blurred: dict[tuple[str, str], str] = field(default_factory=dict)
    """Of those, where the votes' leading gem is ``"unknown"`` in ``filled`` for lying
    between another gem and the hull (their blur, where the rules read no gems:
    ``config.three_agree_unmixed``): that leading gem. Other readers may be fooled by
    the same blur (:func:`vision.read.learned_fine`)."""
    tinted: set[tuple[str, str]] = field(default_factory=set)
    """Per position and colour of a lone canoe, where its gem votes lead to a gem of about
    the hull's colour while another coloured gem has ``own_gem_tint_share`` of their votes
    (:func:`read_gems_of`'s ``tinted``): a gem of the hull's own colour named there may
    be another gem blurred with the hull (:func:`vision.read.own_gem_tinted`)."""


def read_canoes(rectified: Image, light: Light, geo: Geometry, layout: Layout, objs: Objects,
                palette: Palette, skip: set[str], config: VisionConfig,
                camera_centre: Centre | None = None, gems: bool = True,
                blends: bool = False, faint: bool = False) -> Canoes:
    """Canoes per position and colour over every canoe-like object (positions in
    ``skip`` are already unknown). With ``camera_centre``, a canoe's footprint and its
    top (where its gem is) are told apart: the canoe seen runs from one to the other.
    Without ``gems``, every canoe's gem is unknown (too few pixels to tell one from
    another) but an empty canoe's: its middle is its dark well; with ``faint`` the gems
    the votes name are kept all the same, but for those :func:`read_gems_of` doubts there
    (everything else as without ``gems``). ``blends``: see :func:`read_gems_of`."""
    w = geo.shape[1]
    k = geo.k
    length, width = layout.canoe_mm
    body_px = config.canoe_body_share * length * width * k * k
    hull_px = config.canoe_hull_share * length * width * k * k
    out = Canoes()
    min_fraction = config.canoe_min_fraction if gems else config.canoe_min_fraction_blurred
    trouble: set[str] = set()  # positions made unknown for a reason no count can settle
    between_at: set[str] = set()  # positions whose canoes are read between two slots

    def flag(positions: Iterable[str], why: str) -> None:
        positions = list(positions)
        mark(out, positions, why)
        trouble.update(positions)

    colour_flat = objs.colour.ravel()
    # Pixels of canoe-like objects (label 0, no object, is never valid), in order; the
    # labelled pixels are the opened object pixels (bytes are faster to scan).
    labelled = objs.pixels if objs.pixels is not None else np.flatnonzero(objs.opened)
    valid_idx = labelled[objs.valid[objs.labels.ravel()[labelled]]]
    pix = valid_idx[colour_flat[valid_idx] >= 0]
    groups = geo.where[pix].astype(np.int32) * 16 + colour_flat[pix]
    order_ = np.argsort(groups, kind="stable")
    pix, groups = pix[order_], groups[order_]
    bounds = np.flatnonzero(np.diff(groups)) + 1
    # First what each colour's pixels at each position show, then every gem at once
    # (read_gems_of), then the decisions in the same order as one position at a time.
    found: list[tuple[str, str, list[tuple[float, float]], bool, int, int]] = []
    stood: list[list[tuple[float, float]]] = []  # per found entry: where its canoes stand
    # Per found entry: the middle of its one blob that is one canoe or two (neither area
    # nor outline tells which), when it has no other blob and no heap.
    # (With where a canoe stands at either end of the blob, were it two.)
    maybe: list[tuple[tuple[float, float], list[tuple[float, float]]] | None] = []
    asked: list[GemsAsked] = []
    joes: list[bool] = []  # per asked mask: Diamanten Joe's pale wooden canoe
    seen_at: list[Floats] = []
    blobs: list[tuple[str, str, int, int, int, Image, Image]] = []
    comps: list[tuple[int, NDArray[np.int32], NDArray[np.int32], Doubles]] = []
    # Every colour's pixels at each position, small patches too (Joe's below).
    pixels_at: dict[tuple[int, int], NDArray[np.intp]] = {}
    for chunk in np.split(pix, bounds):
        if len(chunk) == 0:
            continue
        pos_id, ci = divmod(int(geo.where[chunk[0]]) * 16 + int(colour_flat[chunk[0]]), 16)
        pixels_at[pos_id, ci] = chunk
        if len(chunk) < min_fraction * body_px:
            continue
        where = BEACH if pos_id == len(SLOTS) else SLOTS[pos_id]
        colour = palette.names[ci]
        if where in skip:
            if colour == JOE_COLOUR:
                out.skipped_joe[where] = len(chunk) / hull_px
            continue
        if colour == JOE_COLOUR and where == BEACH:
            continue  # Joe never lands; sand-and-hull fringes look like his wood
        ys, xs = np.divmod(chunk, w)
        x0, y0 = int(xs.min()) - 4, int(ys.min()) - 4
        cmask: Image = np.zeros((int(ys.max()) - y0 + 5, int(xs.max()) - x0 + 5), np.uint8)
        cmask[ys - y0, xs - x0] = 1
        # Thin fringes (where a hull meets the water) can mimic another colour: drop them.
        cmask = cast(Image, cv2.morphologyEx(cmask, cv2.MORPH_OPEN, OPEN))
        if np.count_nonzero(cmask) < min_fraction * body_px:
            continue
        closed = closed_over(cmask)
        blobs.append((where, colour, pos_id, x0, y0, cmask, closed))
        comps.append(cast("tuple[int, NDArray[np.int32], NDArray[np.int32], Doubles]",
                          cv2.connectedComponentsWithStats(closed, connectivity=8)))
    # One canoe's area where it stands: its top, and its side under a tilted camera (for
    # every blob of the frame in one call: the same values, row by row).
    ones = np.split(hull_px + side_area(
        np.concatenate([np.zeros((0, 2), np.float32)] + [
            cc[3].astype(np.float32) + np.array([b[3], b[4]], np.float32)
            for b, cc in zip(blobs, comps, strict=True)]),
        np.concatenate([np.zeros((0, 2), np.float32)] + [
            np.repeat(geo.axis[b[2] : b[2] + 1], cc[0], 0)
            for b, cc in zip(blobs, comps, strict=True)]),
        camera_centre, layout, config, k), np.cumsum([cc[0] for cc in comps]))
    # ...and the parallax at every blob's middle (for count_by_shape; one call, the same
    # values row by row).
    shifts_at = np.split(shift_px(camera_centre, np.concatenate([np.zeros((0, 2), np.float32)] + [
        (cc[3] + np.array([b[3], b[4]])).astype(np.float32)
        for b, cc in zip(blobs, comps, strict=True)]), config.canoe_height_mm,
        config.px_per_mm), np.cumsum([cc[0] for cc in comps]))
    # Every blob's outline first: the blobs one canoe by their outline give the share of a
    # canoe's area its colour keeps in this frame (blurred edges and the light take some;
    # a pair side by side keeps twice that, not twice a canoe).
    shapes: list[list[tuple[float, NDArray[np.bool_], int | None] | None]] = []
    # (Blobs down to ``canoe_min_fraction_dim`` of the least share are looked at; those
    # under the least share the frame's colours keep, or on the beach, are dropped below.)
    lowest = config.canoe_min_fraction_dim if gems and not blends else 1.0
    for (where, colour, pos_id, x0, y0, _, _), cc, one, blob_shift in zip(
            blobs, comps, ones, shifts_at, strict=False):
        nb, blob_lab, blob_stats, blob_cent = cc
        row: list[tuple[float, NDArray[np.bool_], int | None] | None] = [None]
        for j in range(1, nb):
            ratio = float(blob_stats[j, cv2.CC_STAT_AREA] / one[j])
            out.ratios.append((where, colour, round(ratio, 2)))
            if ratio < min_fraction * lowest:
                row.append(None)
                continue
            blob = blob_lab == j
            row.append((ratio, blob, count_by_shape(
                blob, geo.axis[pos_id], blob_cent[j] + (x0, y0), camera_centre, layout,
                config, blob_shift[j])))
        shapes.append(row)
    singles = [b[0] for row in shapes for b in row
               if b is not None and b[2] == 1 and b[0] >= min_fraction]
    kept = (median(np.array(singles, np.float32)) if len(singles) >= config.colour_share_blobs
            else config.colour_share)
    if lowest < 1:
        # A dim frame's colours keep less of a canoe's area: so may a canoe's own blob
        # (a red canoe split by its blue gem, 0.38 of a canoe where the frame's single
        # canoes keep 0.68; used 95040056).
        least = min_fraction * max(lowest, min(1.0, float(kept) / config.colour_share))
        shapes = [[b if b is None or b[0] >= (least if blob[0] != BEACH else min_fraction)
                   else None for b in row] for row, blob in zip(shapes, blobs, strict=True)]
    for (where, colour, pos_id, x0, y0, cmask, closed), cc, row in zip(
            blobs, comps, shapes, strict=True):
        nb, blob_lab, blob_stats, blob_cent = cc
        centres: list[tuple[float, float]] = []
        stands: list[tuple[float, float]] = []  # where they stand (gems: at the centres)
        ambiguous = False
        unclear: list[tuple[float, float]] = []
        ends: list[tuple[float, float]] = []
        heap = False
        for j in range(1, nb):
            got = row[j]
            if got is None:
                continue
            raw, blob, by_shape = got
            ratio = raw / float(kept)
            by_area: int | None = None
            if ratio < config.colour_pair_ratio - config.colour_pair_margin:
                by_area = 1
            elif config.colour_pair_ratio + config.colour_pair_margin < ratio \
                    < config.colour_heap_ratio:
                by_area = 2
            elif ratio >= config.colour_heap_ratio and not (
                    by_shape == 2 and raw < config.colour_heap_whole):
                ambiguous = heap = True
                continue
            elif ratio >= config.colour_heap_ratio:
                by_area = 2  # (two side by side, their gap blurred in: colour_heap_whole)
            # Area and outline must agree; where the area cannot tell, the outline can.
            count = by_area if by_shape is None or by_shape == by_area else (
                by_shape if by_area is None else None)
            if count is None or (by_area is None and by_shape is None):
                ambiguous = True
                unclear.append((float(blob_cent[j][0]) + x0, float(blob_cent[j][1]) + y0))
                ends = canoes_at_ends(blob, geo.axis[pos_id], unclear[-1], (x0, y0),
                                      length * k)
            elif count == 1:
                centres.append((float(blob_cent[j][0]), float(blob_cent[j][1])))
                stands.append(centres[-1])
            else:
                two = split_centres(blob.astype(np.uint8), 2, length * k,
                                     config.pair_end_aspect)
                if two is None:
                    ambiguous = heap = True
                else:
                    centres.extend(two)
                    stands.extend(settle_centres(blob, two, config.split_settle))
        limit = 1 if colour == JOE_COLOUR else 2
        found.append((where, colour, centres, ambiguous, x0, y0))
        stood.append(stands)
        maybe.append((unclear[0], ends) if len(unclear) == 1 and not heap and not centres
                     else None)
        if ambiguous or len(centres) > limit or not centres:
            continue
        seen_at.append(np.array(centres, np.float32) + np.array([x0, y0], np.float32))
        asked.append((cmask.astype(bool), centres, (x0, y0), inside_of(closed)))
        joes.append(colour == JOE_COLOUR)
    # Where each canoe's top is (every canoe's parallax in one call, the same values).
    shifts = np.split(shift_px(camera_centre, np.concatenate([np.zeros((0, 2), np.float32),
                                                              *seen_at]),
                               config.canoe_height_mm, k),
                      np.cumsum([len(at) for at in seen_at]))
    asked = [(cmask, tops_of(centres, shift.tolist()), origin, inside)
        for (cmask, centres, origin, inside), shift in zip(asked, shifts, strict=False)]
    # (Joe's own rule only where gems can be read: a blurred brown hull with a blue gem
    # is pale with a blue middle.)
    leans: list[list[str | None]] = []
    filled: list[list[str | None]] = []
    blurred: list[list[str | None]] = []
    tinted: list[list[bool]] = []
    results = read_gems_of(rectified, light, asked, config, layout, joes, joe_rule=gems,
                           leans=leans, blends=blends, faint=faint, filled=filled,
                           mixed=not gems and config.three_agree_unmixed, blurred=blurred,
                           tinted=tinted)
    # The hulls' distances to every colour in play, sorted (all hulls in one go, the
    # same values: features row by row, norms over the last axis of three).
    hull_feats = features(np.array([body for _, body in results], np.float32).reshape(-1, 3),
                          config.brightness_weight)
    diff = palette.protos[None] - hull_feats[:, None]
    hull_d = np.sort(np.sqrt(np.add.reduce(diff * diff, axis=2)), axis=1)
    read = 0
    # Where each canoe seen on a slot stands (objects.footprint for all in one call).
    mids = [(cx + x0, cy + y0) for (_, _, _, _, x0, y0), stands in zip(found, stood, strict=True)
            for cx, cy in stands]
    lean = shift_px(camera_centre, np.array(mids, np.float32).reshape(-1, 2),
                    config.canoe_height_mm, k).tolist()
    feet = iter([(m[0] - s[0] / 2, m[1] - s[1] / 2) for m, s in zip(mids, lean, strict=True)])
    held: list[tuple[str, str]] = []  # (slot, colour): one canoe or two, by the counts
    read_at = {(where, colour) for where, colour, centres, ambiguous, _, _ in found
               if centres and not ambiguous}
    for (where, colour, centres, ambiguous, _, _), middle, blob_of in zip(
            found, maybe, blobs, strict=True):
        at_feet = [next(feet) for _ in centres]
        limit = 1 if colour == JOE_COLOUR else 2
        is_held = False
        if ambiguous and middle is not None and where != BEACH:
            is_held = True
            # One canoe or two: the game's counts may tell (by_elimination), where it
            # stands on its slot.
            mark(out, [where], "canoe count unclear")
            held.append((where, colour))
            # Were it two canoes, the one at either end of the patch may be on its way to
            # the next slot (a canoe caught between two slots, over one standing on it).
            at_feet = [footprint(p, camera_centre, config, k) for p in (middle[0], *middle[1])]
        elif not ambiguous and len(centres) > limit and colour == JOE_COLOUR and \
                config.joe_too_many_held and where != BEACH:
            # (His one canoe and another's hull blurred pale: the counts may tell, where
            # the patch stands on its slot, by its middle: its parts are no canoes end to
            # end.)
            is_held = True
            mark(out, [where], TOO_MANY_CANOES)
            held.append((where, colour))
            mid_x, mid_y = np.mean(at_feet, axis=0).tolist()
            at_feet = [(mid_x, mid_y)]
        elif ambiguous or len(centres) > limit:
            flag([where], "canoe count unclear" if ambiguous else TOO_MANY_CANOES)
            continue
        elif not centres:
            continue
        if where != BEACH:
            # A canoe off its slot's centre towards the next slot is between the two.
            for i, foot in enumerate(at_feet):
                # (Where a canoe at one end of a patch stands is a rougher guess.)
                between = config.canoe_between_ends_mm if is_held and i else \
                    config.canoe_between_mm
                off = between_slots(foot, geo.slot_xy, k, config, between)
                flag(off, BETWEEN_SLOTS)
                if off:
                    out.on_way.add(colour)
                if off and not is_held:
                    between_at.add(where)
        if is_held:
            continue
        carried, body = results[read]
        leaning = leans[read]
        d = hull_d[read]
        if len(filled[read]) == 1 and (lead := filled[read][0]) is not None:
            out.filled[where, colour] = lead
            if (blur_lead := blurred[read][0]) is not None:
                out.blurred[where, colour] = blur_lead
        if tinted[read] == [True]:
            out.tinted.add((where, colour))
        read += 1
        if colour == JOE_COLOUR and (beyond := other_ends(
                blob_of, centres, pixels_at, palette, w, {c for p, c in read_at if p == where},
                config.joe_other_ends_mm * k)) >= config.joe_other_ends * body_px:
            # Blurred into its gem, the middle of another colour's hull can look like Joe's
            # wood, its two ends still its colour (reporting offset 21 at 640x480: a
            # yellow canoe with a violet gem read as Joe, its ends 0.2 of a canoe's colour
            # area).
            mark(out, [where], f"Joe's colour between another colour's ends ({beyond:.0f} px)")
            trouble.add(where)
            continue
        if colour == JOE_COLOUR and config.joe_needs_centre and "unknown" in carried:
            # Joe's canoe is one pale wooden hull with a well: a patch of his colour whose
            # middle shows neither a gem nor the empty well is something else (a hull
            # blurred with its gem, a pale reflection, the side of another canoe).
            mark(out, [where], "Joe's colour without his canoe's middle")
            held.append((where, colour))
            if config.joe_held_lean:
                out.leans[where, colour] = list(leaning)
            continue
        if not gems and not faint:
            # Too few pixels to tell one gem from another: only an empty canoe is read.
            carried = [None if g is None else "unknown" for g in carried]
        # The hull's colour must be clearly nearer its colour than any other in play.
        if len(d) > 1 and d[1] - d[0] < config.canoe_margin:
            flag([where], "hull colour unclear")
            continue
        # ...and no other colour in a glare spot's light (its chroma washed towards
        # another's: used 134050261, a red canoe at a glare spot's edge read brown).
        if colour != JOE_COLOUR and (lit := lit_like(body, colour, palette, config)):
            flag([where], f"hull colour unclear: a {lit} canoe in a glare spot's light "
                          "looks like this")
            continue
        out.seen.extend(CanoeSeen(colour, where, g) for g in carried)
        out.leans[where, colour] = [lean for g, lean in zip(carried, leaning, strict=True)
                                    if g == "unknown"]
        out.hulls.setdefault(colour, []).append((where, len(centres), body))
    # Two canoe colours read on a slot whose pixels have nearly one middle are no two
    # canoes side by side (those lie a canoe's width apart): one lies around the other,
    # its blurred edge, or the other its gem (reporting 43030006 at 640x480: a red canoe's
    # dark edge on a pale river read as a brown canoe around it).
    if config.canoe_same_middle > 0:
        middles: dict[str, list[tuple[str, Floats]]] = {}
        for where, colour, pos_id, *_ in blobs:
            # (Colours of one canoe there: two of a colour either side of another have
            # its middle.)
            if where != BEACH and sum(c.at == where and c.colour == colour
                                      for c in out.seen) == 1:
                ys, xs = np.divmod(pixels_at[pos_id, palette.names.index(colour)], w)
                middles.setdefault(where, []).append(
                    (colour, np.array([xs.mean(), ys.mean()], np.float32)))
        for where, mids_at in middles.items():
            close = [(a, b) for i, (a, pa) in enumerate(mids_at) for b, pb in mids_at[i + 1:]
                     if float(np.linalg.norm(pa - pb)) < config.canoe_same_middle * width * k]
            if close and where not in trouble:
                flag([where], f"the {close[0][0]} and {close[0][1]} canoes read here have one "
                              "middle: one is the other's blurred edge, or its gem")
    # The canoe-like area at each position must be what the canoes read there cover: more
    # is a canoe unread (too blurred or dull to take a colour, or hidden in a blob of
    # another), less is one read too many. One canoe's area where it stands: its top and
    # its side (at the slot; on the beach, at its middle).
    # (Labelled pixels are all opened object pixels.)
    where_px = geo.where[valid_idx].astype(np.int64)
    seen_px = np.bincount(where_px[where_px >= 0], minlength=len(SLOTS) + 1)
    at = np.vstack([geo.slot_xy, [geo.beach_centre]]).astype(np.float32)
    one_at = hull_px + side_area(at, geo.axis, camera_centre, layout, config, k)
    by_colour = np.bincount(groups[groups >= 0], minlength=(len(SLOTS) + 1) * 16)
    by_colour = by_colour[: (len(SLOTS) + 1) * 16].reshape(len(SLOTS) + 1, 16)
    spill: list[int] = []  # slots with canoe-like area unread

    def fits(area: float, n: int) -> bool:
        """Whether ``area`` (in canoes) is that of ``n`` canoes, within the tolerance."""
        slack = (config.canoe_area_none if n == 0 and objs.hand else
                 config.canoe_area_tolerance + config.canoe_area_tolerance_each * n)
        return abs(area - config.canoe_area_each * n) <= slack

    for p in range(len(SLOTS) + 1):
        where = BEACH if p == len(SLOTS) else SLOTS[p]
        n = sum(1 for c in out.seen if c.at == where)
        area = float(seen_px[p] / one_at[p])
        out.areas[where] = (n, area)
        out.colour_areas[where] = {palette.names[c]: float(by_colour[p, c] / one_at[p])
                                   for c in np.flatnonzero(by_colour[p])}
        mine = [colour for at, colour in held if at == where]
        n += len(mine)  # (and one canoe each held there)
        if config.eliminate_pairs and mine and mine[0] != JOE_COLOUR and \
                n + 1 <= config.max_canoes_per_slot and fits(area, n + 1) and \
                area > config.canoe_area_each * n:
            # The patch one canoe or two has the area of two: the counts may tell, if
            # two of its colour are seen nowhere (by_elimination).
            out.pairs.add(where)
        elif not fits(area, n):
            flag([where], AREA_UNREAD if area > config.canoe_area_each * n
                 else "less canoe-like area than the canoes read")
            if area > config.canoe_area_each * n and p < len(SLOTS):
                spill.append(p)
    # A canoe-like object unread on a slot, off the slot's centre towards the next, may be
    # a canoe caught between the two (as for a canoe read, above): a red canoe between T5
    # and L1 showed a third of its area, all in L1's zone, and T5 was read without it.
    if spill:
        lab_at = objs.labels.ravel()[valid_idx]
        for p in spill:
            at_p = where_px == p
            for m in np.unique(lab_at[at_p]):
                sel = valid_idx[at_p & (lab_at == m)]
                # (The object whole, and its part outside what the colours read there
                # enclose: a canoe caught between two slots, merged with the one read on
                # the next, is off that slot's centre where the object's middle is not:
                # reporting 38120021, a brown canoe unread over the corner of a red one.)
                theirs = [palette.names.index(c.colour) for c in out.seen if c.at == SLOTS[p]]
                rest = sel[:0]
                if theirs and config.canoe_spill_rest:
                    # (Not what the colours read there enclose: hulls, gems, wells.)
                    ys, xs = np.divmod(sel, w)
                    x0, y0 = int(xs.min()), int(ys.min())
                    box = np.zeros((int(ys.max()) - y0 + 1, int(xs.max()) - x0 + 1), bool)
                    box[ys - y0, xs - x0] = np.isin(colour_flat[sel], theirs)
                    rest = sel[~enclosed(box)[ys - y0, xs - x0]]
                for part in (sel, rest):
                    if len(part) < config.canoe_spill_share * one_at[p]:
                        continue
                    ys, xs = np.divmod(part, w)
                    flag(between_slots(footprint((float(xs.mean()), float(ys.mean())),
                                                 camera_centre, config, k), geo.slot_xy, k,
                                       config), "canoe-like area unread between two slots")
    # A colour no canoe is read in on a slot where others are, over a share of a canoe
    # there, off the slot's centre towards the next: part of a canoe caught between the
    # two, the rest under the canoes read on the slot (used 137120215, between: a green
    # canoe 0.6 of the way from L1 to L2, under the blue canoe and Joe's there, 0.29 of a
    # canoe green to the rules, L1 read empty). (Not on a slot where none is read: the
    # river's mottle in a blue canoe's colour beside L1, used 137120112.)
    if config.canoe_colour_spill > 0:
        for (pos_id, ci), chunk in pixels_at.items():
            if pos_id >= len(SLOTS) or len(chunk) < config.canoe_colour_spill * one_at[pos_id]:
                continue
            colour = palette.names[ci]
            there = [c.colour for c in out.seen if c.at == SLOTS[pos_id]]
            if not there or colour in there or (SLOTS[pos_id], colour) in held:
                continue
            ys, xs = np.divmod(chunk, w)
            flag(between_slots(footprint((float(xs.mean()), float(ys.mean())), camera_centre,
                                         config, k), geo.slot_xy, k, config),
                 "part of a canoe unread between two slots")
    # Slots with more canoes than fit on a disc cannot be read reliably.
    for slot in SLOTS:
        if sum(1 for c in out.seen if c.at == slot) + sum(
                1 for at, _ in held if at == slot) > config.max_canoes_per_slot:
            flag([slot], "more canoes than fit")
    out.unsure = [(p, colour, tuple(c for c in out.seen if c.at == p))
                  for p, colour in held if p not in trouble]
    out.off_slot = [c for c in out.seen if c.at in between_at]
    out.unread = [c for c in out.seen if c.at in out.unknown]
    out.seen = [c for c in out.seen if c.at not in out.unknown]
    return out


def glare_fit(hull: Sequence[float] | Doubles | Floats,
              colour: Sequence[float] | Doubles | Floats,
              least_white: float = 0.0) -> tuple[float, float]:
    """How a hull's balanced BGR fits a canoe colour scaled, plus white light
    (``hull ~ a * colour + g * WHITE_LEVEL``, least squares, ``a`` over 0, ``g`` 0 or more):
    ``g`` (a share of the paper's white) and the distance left (levels; infinite where
    no such ``a`` fits, or ``g`` is under ``least_white``).

    >>> g, left = glare_fit(np.array([122.0, 126.0, 251.0]), np.array([33.0, 37.0, 160.0]))
    >>> round(g, 2), round(left, 1)
    (0.35, 0.0)
    >>> g, left = glare_fit(np.array([122.0, 126.0, 251.0]), np.array([42.0, 59.0, 109.0]))
    >>> round(g, 2), round(left, 1)
    (0.09, 22.6)
    """
    # (The normal equations of three values in plain floats: a reading asks this of
    # each hull read, and numpy's overhead would outweigh the sums.)
    h = [float(v) for v in hull]
    p = [float(v) for v in colour]
    pp, ps, hp, hs = sum(v * v for v in p), sum(p), sum(x * v for x, v in zip(
        h, p, strict=True)), sum(h)
    det = 3 * pp - ps * ps
    a, g = ((3 * hp - ps * hs) / det, (pp * hs - ps * hp) / det) if det > 1e-9 else (
        0.0, -1.0)  # (a grey colour: white light alone, no fit of its own)
    if g < 0:
        a, g = hp / max(pp, 1e-9), 0.0
    if a <= 0 or g < least_white * WHITE_LEVEL:
        return g / WHITE_LEVEL, math.inf
    return g / WHITE_LEVEL, math.sqrt(sum((x - a * v - g) ** 2 for x, v in zip(
        h, p, strict=True)))


def lit_like(hull: Doubles | Floats, colour: str, palette: Palette,
             config: VisionConfig) -> str | None:
    """Another colour in play (not Diamanten Joe's pale wood) that a hull read as
    ``colour`` looks like under a glare spot's light: that colour scaled plus
    ``hull_glare_white`` of white light or more fits it within a ``hull_glare_ratio``-th
    of what ``colour``'s best fit leaves, which is ``hull_glare_misfit`` levels or more.
    None where there is none (or the palette has no BGR)."""
    if palette.bgr is None or config.hull_glare_white > 1 or colour not in palette.names:
        return None
    h = [float(v) for v in hull]
    _, own = glare_fit(h, palette.bgr[palette.names.index(colour)])
    if own < config.hull_glare_misfit:
        return None
    for name, bgr in zip(palette.names, palette.bgr, strict=True):
        if name in (colour, JOE_COLOUR):
            continue
        _, left = glare_fit(h, bgr, config.hull_glare_white)
        if left < math.inf and own >= config.hull_glare_ratio * left:
            return name
    return None


def between_slots(foot: tuple[float, float], slot_xy: Floats, k: float,
                  config: VisionConfig, between_mm: float | None = None) -> list[str]:
    """The slots a canoe (or a canoe-like object) standing at ``foot`` (rectified px)
    may be on its way between: the two nearest when it is farther than
    ``canoe_off_slot_mm`` from every slot's centre; when it is under ``between_mm``
    (default ``canoe_between_mm``) nearer its slot than the next, every slot within that
    of its nearest (two can be as near beyond the nearest); else none.

    >>> xy = np.array([[0, 0], [60, 0], [120, 0]], np.float32)  # (three slots, 1 px a mm)
    >>> between_slots((30.0, 0.0), xy, 1.0, VisionConfig())
    ['T1', 'T2']
    >>> between_slots((58.0, 2.0), xy, 1.0, VisionConfig())
    []
    """
    between = config.canoe_between_mm if between_mm is None else between_mm
    d = np.hypot(slot_xy[:, 0] - foot[0], slot_xy[:, 1] - foot[1]) / k
    if d.min() > config.canoe_off_slot_mm:
        return [SLOTS[q] for q in np.argsort(d)[:2]]
    return nearer_next(foot, slot_xy, k, config, between)


def mark(out: Canoes | Objects, positions: Iterable[str], why: str) -> None:
    """Make ``positions`` unknown, noting why (the first reason stays)."""
    for p in positions:
        out.unknown.add(p)
        out.why.setdefault(p, why)


def count_by_shape(blob: Mask, axis: Floats, at_px: Floats, camera_centre: Centre | None,
                   layout: Layout, config: VisionConfig,
                   shift: Floats | None = None) -> int | None:
    """How many canoes one colour's blob is by its outline: its length along the river
    and its width across, against one canoe's there (its side under tilt included): 1,
    2 (side by side, or end to end), or None (neither clearly). ``shift``: the parallax
    shift at ``at_px`` when already known (:func:`shift_px`'s row for it)."""
    k = config.px_per_mm
    ys, xs = np.nonzero(blob)
    if len(xs) < 4:
        return None
    ux, uy = float(axis[0]), float(axis[1])
    along = (xs * ux + ys * uy).astype(np.float32)
    across = (-xs * uy + ys * ux).astype(np.float32)
    def span(v: Floats) -> float:
        cut = int(len(v) * config.shape_trim / 100)
        part = np.partition(v, (cut, len(v) - 1 - cut))
        return float(part[len(v) - 1 - cut] - part[cut]) + 1

    length_b = span(along)
    width_b = span(across)
    s = shift if shift is not None else shift_px(
        camera_centre, np.array([at_px], np.float32), config.canoe_height_mm, k)[0]
    length_1 = layout.canoe_mm[0] * k + abs(float(s[0]) * ux + float(s[1]) * uy)
    width_1 = layout.canoe_mm[1] * k + abs(-float(s[0]) * uy + float(s[1]) * ux)
    long_, wide = length_b / length_1, width_b / width_1
    one_long, one_wide = long_ <= config.shape_one_long, wide <= config.shape_one_wide
    if one_long and one_wide:
        return 1
    if (one_long and config.shape_two_min <= wide <= config.shape_two_max) or (
            one_wide and config.shape_two_min <= long_ <= config.shape_two_max):
        return 2
    return None


def side_area(at_px: Floats, axis: Floats, camera_centre: Centre | None, layout: Layout,
              config: VisionConfig, k: float) -> Floats:
    """The area (px) of a canoe's side seen under a tilted camera, standing at each of
    ``at_px`` (``(N, 2)`` rectified pixels) along ``axis`` (unit vectors, ``(N, 2)``): its
    top is shifted by parallax, and the canoe seen sweeps from footprint to top (the
    shift's length times the hull's width across the shift)."""
    s = shift_px(camera_centre, at_px, config.canoe_height_mm, k)
    size = np.hypot(s[:, 0], s[:, 1])
    cos = np.abs(s[:, 0] * axis[:, 0] + s[:, 1] * axis[:, 1]) / np.maximum(size, 1e-6)
    sin = np.sqrt(np.clip(1 - cos * cos, 0, 1))
    length, width = layout.canoe_mm[0] * k, layout.canoe_mm[1] * k
    across = 2 * np.sqrt((length / 2 * sin) ** 2 + (width / 2 * cos) ** 2)
    return cast(Floats, (size * across).astype(np.float32))


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


def other_ends(blob: tuple[str, str, int, int, int, Image, Image],
               centres: list[tuple[float, float]],
               pixels_at: dict[tuple[int, int], NDArray[np.intp]], palette: Palette, w: int,
               read: set[str], radius_px: float) -> int:
    """Pixels of other canoe colours (none read as a canoe at the same position) inside
    one colour's patch (``blob``, as in :func:`read_canoes`: closed over its middle; two
    pixels in from its edge, where its blend with the ground makes other colours) away
    from where its gems lie (``radius_px`` from each of ``centres``, the patch's canoes'
    middles, rectified px relative to the blob)."""
    _, colour, pos_id, x0, y0, _, closed = blob
    hh, ww = closed.shape
    near = cv2.erode(closed, CLOSE_SMALL) > 0
    total = 0
    for (p, ci), chunk in pixels_at.items():
        if p != pos_id or palette.names[ci] in (colour, *read):
            continue
        ys, xs = np.divmod(chunk, w)
        ys, xs = ys - y0, xs - x0
        keep = (ys >= 0) & (ys < hh) & (xs >= 0) & (xs < ww)
        ys, xs = ys[keep], xs[keep]
        on = near[ys, xs]
        for cx, cy in centres:
            on &= np.hypot(xs - cx, ys - cy) > radius_px
        total += int(np.count_nonzero(on))
    return total


def canoes_at_ends(blob: NDArray[np.bool_], axis: Floats, middle: tuple[float, float],
                   origin: tuple[int, int], canoe_len_px: float) -> list[tuple[float, float]]:
    """Where two canoes end to end along the river (``axis``) in one patch ``blob`` would
    stand: half a canoe in from either end of the patch (rectified px; none where the
    patch is no longer than one canoe). ``middle``: the patch's middle, rectified px;
    ``origin``: the blob's top left corner there."""
    ys, xs = np.nonzero(blob)
    ux, uy = float(axis[0]), float(axis[1])
    along = (xs + origin[0]) * ux + (ys + origin[1]) * uy
    mid = middle[0] * ux + middle[1] * uy
    half = canoe_len_px / 2
    hi, lo = float(along.max()) - half - mid, float(along.min()) + half - mid
    offs = ([hi] if hi > 0 else []) + ([lo] if lo < 0 else [])
    return [(middle[0] + ux * off, middle[1] + uy * off) for off in offs]


def split_centres(closed: Image, count: int, canoe_len_px: float,
                  end_aspect: float = 0.0) -> list[tuple[float, float]] | None:
    """Centres of ``count`` (1 or 2) canoes in one colour mask, closed over wells and gems.
    Two in one patch stand end to end where it is longer than one canoe and at least
    ``end_aspect`` times as long as it is wide, else side by side.

    >>> pair = np.zeros((44, 64), np.uint8)  # side by side, one 6 px ahead: 60 x 37
    >>> _ = cv2.ellipse(pair, (28, 12), (27, 9), 0, 0, 360, 1, -1)
    >>> _ = cv2.ellipse(pair, (34, 31), (27, 9), 0, 0, 360, 1, -1)
    >>> sorted((round(x), round(y)) for x, y in split_centres(pair, 2, 40.0))  # by length
    [(16, 22), (46, 22)]
    >>> sorted((round(x), round(y)) for x, y in split_centres(pair, 2, 40.0, 2.5))
    [(31, 12), (31, 31)]
    """
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
    if long_side > 1.4 * canoe_len_px and long_side >= end_aspect * short_side:
        # Longer than one canoe, and slim: end to end (two side by side, one a little
        # ahead of the other, are as long but twice a canoe's width).
        (ux, uy), off = (along_w if rw >= rh else along_h), long_side / 4
    else:
        (ux, uy), off = (along_w if rw < rh else along_h), short_side / 4
    return [(cx - ux * off, cy - uy * off), (cx + ux * off, cy + uy * off)]


def settle_centres(blob: Mask, two: list[tuple[float, float]],
                   rounds: int) -> list[tuple[float, float]]:
    """Where the two canoes :func:`split_centres` found in ``blob`` stand: each centre
    moves to the middle of the pixels nearer it, at most ``rounds`` times (until they no
    longer change sides). Two canoes overlapping askew are split down the middle of their
    outline; these are their own middles (their gems are still read at the split's
    centres: on pairs side by side the settled ones read fewer gems)."""
    ys, xs = np.nonzero(blob)
    fx, fy = xs.astype(np.float64), ys.astype(np.float64)
    side = None
    for _ in range(rounds):
        (ax, ay), (bx, by) = two
        nearer_a = (fx - ax) ** 2 + (fy - ay) ** 2 <= (fx - bx) ** 2 + (fy - by) ** 2
        if side is not None and np.array_equal(nearer_a, side):
            break
        side = nearer_a
        if side.all() or not side.any():
            break
        two = [(float(fx[side].mean()), float(fy[side].mean())),
               (float(fx[~side].mean()), float(fy[~side].mean()))]
    return two


def read_gems(rectified: Image, light: Light, cmask: Mask, centres: list[tuple[float, float]],
              origin: tuple[int, int], config: VisionConfig,
              layout: Layout | None = None,
              inside: Mask | None = None) -> tuple[list[str | None], Floats]:
    """The gem in each canoe of one colour mask (``centres``: where each canoe's top
    centre is, relative to ``origin``), and the hull's colour.

    Every pixel inside the hull (``inside``: the hull closed over its well and gem, its
    dark outline left out; default: anywhere) near a canoe's top centre votes: for a gem
    colour (nearest gem colour,
    clearly nearer it than the hull's), for the empty well (the hull's own colour, much
    darker), or not at all (the hull, blurred edges). A gem needs enough votes, and far
    more than any other gem and the well; an empty well needs enough votes and next to
    no gem. A middle darker than the hull in every channel is the empty well too
    (``well_max_gain``), and no gem is read around it. Anything else is ``"unknown"``: a
    hull-coloured centre is neither an empty canoe nor a gem of the hull's colour.
    """
    return read_gems_of(rectified, light, [(cmask, centres, origin, inside)], config,
                        layout)[0]


GemsAsked = tuple[Mask, list[tuple[float, float]], tuple[int, int], Mask | None]
"""One colour mask's gems to read: the mask, its canoes' top centres, its origin and
where it is inside (the arguments of :func:`read_gems`)."""


def read_gems_of(rectified: Image, light: Light, asked: list[GemsAsked], config: VisionConfig,
                 layout: Layout | None = None,
                 joes: list[bool] | None = None,
                 joe_rule: bool = True,
                 leans: list[list[str | None]] | None = None,
                 blends: bool = False,
                 faint: bool = False,
                 filled: list[list[str | None]] | None = None,
                 mixed: bool = False,
                 blurred: list[list[str | None]] | None = None,
                 tinted: list[list[bool]] | None = None,
                 ) -> list[tuple[list[str | None], Floats]]:
    """:func:`read_gems` for several colour masks of one frame, the same readings: every
    pixel's votes are computed in one pass over all canoes (for a few canoes of ~150
    pixels each, NumPy's cost per call, not the pixels, was most of the time).

    ``joes[i]``: mask ``i`` is Diamanten Joe's pale wooden canoe. With ``joe_rule``, his
    gem is also judged against the other gems and the well as ``joe_gem_*`` say. Grey
    and pale edges are never taken for blends in his canoe (:func:`_hull_lit`, white in
    :func:`_mix_clear`): a brown hull blurred with its gem is pale like his wood, and a
    gem read there would count it as his.

    ``leans``, when given, gets per mask, per canoe, what its votes lean to: the leading
    gem where it has ``gem_agree_votes`` of what a gem needs (``gem_lean_ratio`` times the
    next gem's votes where it lies between that gem and the hull: that gem's blur with
    the hull), and its middle is not as dark as the well, ``None`` (empty) where
    the well shows and no gem has what a gem needs, else ``"unknown"``; :data:`SPLIT`
    where another coloured gem has ``gem_split_share`` of a coloured leading gem's votes.
    Alone that names nothing; it is asked only where the votes leave the gem unknown.

    With ``blends`` (a frame of little detail), a leading gem that lies between another
    gem with ``gem_blend_source_share`` of its votes and the hull is unknown: that other
    gem blurred with the hull. With ``faint`` (a frame of less detail still), so is one
    in a mask of two canoes (a pair side by side: the other's hull blurs into it), near
    the hull's own colour, white (grey: the blur of a gem and a hull of opposite colours)
    or between any other gem and the hull, whatever its votes
    (``VisionConfig.gem_faint_detail``).

    ``filled``, when given, gets per mask, per canoe, where its votes for all gems
    together are ``empty_gem_share`` of what a gem needs or more while under
    ``empty_needs_well`` of what an empty well needs vote for the well (a gem, and no
    well: not an empty canoe), the gem they lead to: the leading gem where it has what a
    gem needs and white under ``white_veto_share`` of its votes (with ``mixed``, not where
    it lies between another gem and the hull: their blur), else ``"unknown"``; elsewhere
    None. ``blurred``, when given, gets per mask, per canoe, that leading gem where
    ``filled`` has "unknown" for it being such a blur (with ``mixed``), else None.

    ``tinted``, when given, gets per mask, per canoe, whether its votes lead to a gem of
    about the hull's colour (``gem_near_hull_chroma``) while a gem of another colour, not
    white, has ``own_gem_tint_share`` of the leading gem's votes or more: another gem
    blurred into the hull round it (:attr:`Canoes.tinted`)."""
    h, w = rectified.shape[:2]
    flat = rectified.reshape(-1, 3)
    gem_names, gems, gem_chroma = _gem_table(config)
    k = config.px_per_mm
    rad = config.gem_look_mm * k
    gem_r = (layout.gem_mm / 2 if layout is not None else 5.5) * k
    need_gem = config.gem_min_votes * math.pi * gem_r * gem_r
    well_px = math.pi * 6.0 * 3.5 * k * k  # (a well's area: 12 x 7 mm)
    need_well = config.well_min_votes * well_px
    need_own_well = max(config.well_own_gem_votes, config.well_min_votes) * well_px
    r = math.ceil(rad)
    bodies: list[Floats] = []
    hulls: list[Doubles] = []
    hull_chromas: list[Doubles] = []
    # Per window (a canoe's top centre): its mask, and its pixels' rows and columns
    # (none when no pixel is near it).
    owner: list[int] = []
    where: list[tuple[NDArray[np.intp], NDArray[np.intp]] | None] = []
    # Per window: where its middle is (within ``well_core_mm`` of its top centre).
    core_in: list[NDArray[np.bool_]] = []
    rc = config.well_core_mm * k
    seen: list[tuple[NDArray[np.intp], NDArray[np.intp]]] = []
    # Per window whose middle the mask leaves out: that middle's pixels.
    unheld: dict[int, tuple[NDArray[np.intp], NDArray[np.intp]]] = {}
    for m, (cmask, centres, (x0, y0), inside) in enumerate(asked):
        bys, bxs = np.nonzero(cmask)
        bys += y0
        bxs += x0
        body = _balanced(flat, w, light, bys, bxs)
        bodies.append(body)
        hull = body.astype(np.float64)
        hulls.append(hull)
        hull_chromas.append(_chroma(hull[None]))
        for cx, cy in centres:
            cx, cy = cx + x0, cy + y0
            xa, xb = max(0, math.floor(cx - r)), min(w, math.ceil(cx + r) + 1)
            ya, yb = max(0, math.floor(cy - r)), min(h, math.ceil(cy + r) + 1)
            d2 = ((np.arange(ya, yb) - cy) ** 2)[:, None] + (
                (np.arange(xa, xb) - cx) ** 2)[None, :]
            near = d2 <= rad * rad
            if inside is not None:
                # Only where the window overlaps ``inside`` (placed at the mask's origin).
                held = np.zeros_like(near)
                ia, ib = max(ya, y0), min(yb, y0 + inside.shape[0])
                ja, jb = max(xa, x0), min(xb, x0 + inside.shape[1])
                if ia < ib and ja < jb:
                    held[ia - ya : ib - ya, ja - xa : jb - xa] = inside[ia - y0 : ib - y0,
                                                                        ja - x0 : jb - x0]
                near &= held
            ys, xs = np.nonzero(near)
            owner.append(m)
            held_core = (ys + (ya - cy)) ** 2 + (xs + (xa - cx)) ** 2 <= rc * rc
            if config.gem_core_unheld and not held_core.any():
                # The hull's mask left out the canoe's whole middle (a hull little apart
                # from the ground, read in fragments): its middle is looked at as it is.
                core_ys, core_xs = np.nonzero(d2 <= rc * rc)
                unheld[len(owner) - 1] = (core_ys + ya, core_xs + xa)
            if len(ys) == 0:
                where.append(None)
                continue
            core_in.append(held_core)
            ys += ya
            xs += xa
            where.append((ys, xs))
            seen.append((ys, xs))
    mine = [owner[i] for i, yx in enumerate(where) if yx is not None]
    # Per mask: whether its hull is about a gem's colour, whose gem there casts no vote
    # (more of the well must then show round it for an empty canoe).
    own_hue = [bool(np.any(np.linalg.norm(gem_chroma - hc[0], axis=1)
                           < config.well_own_gem_chroma)) for hc in hull_chromas]
    votes = wells = None
    cores: list[Doubles | None] = []
    if seen:
        # Balanced as :meth:`Light.balance` does (its white plane taken window by window).
        white = np.concatenate([_design(xs, ys) @ light.coef for ys, xs in seen])
        np.maximum(white, 8.0, out=white)
        bgr = np.take(flat, np.concatenate([ys * w + xs for ys, xs in seen]),
                      axis=0).astype(np.float32)
        bgr *= WHITE_LEVEL
        bgr /= white
        bounds = np.cumsum([0, *(len(ys) for ys, _ in seen)])
        # (Each window's pixels in an array of its own, as one window at a time had them.)
        parts = [bgr[bounds[j] : bounds[j + 1]].astype(np.float64) for j in range(len(seen))]
        votes, wells = _votes(parts, [hulls[m] for m in mine], gems, config,
                              [hull_chromas[m] for m in mine])
        # Each window's middle: the median of its pixels there.
        cores = [median(part[inner]) if inner.any() else None
                 for part, inner in zip(parts, core_in, strict=True)]
    out: list[tuple[list[str | None], Floats]] = [([], body) for body in bodies]
    leaning: list[list[str | None]] = [[] for _ in bodies]
    if leans is not None:
        leans[:] = leaning
    full: list[list[str | None]] = [[] for _ in bodies]
    if filled is not None:
        filled[:] = full
    blur: list[list[str | None]] = [[] for _ in bodies]
    if blurred is not None:
        blurred[:] = blur
    tint: list[list[bool]] = [[] for _ in bodies]
    if tinted is not None:
        tinted[:] = tint
    grey_gem = np.linalg.norm(gem_chroma, axis=1) < config.gem_mix_grey
    row = 0
    for i, m in enumerate(owner):
        carried = out[m][0]
        if where[i] is None:
            # No pixel of the hull near its top: only the well can be told there, an
            # empty canoe from its dark middle.
            empty = i in unheld and _shaded(_balanced(flat, w, light, *unheld[i]), hulls[m],
                                            config)
            carried.append(None if empty else "unknown")
            leaning[m].append(None if empty else "unknown")
            full[m].append(None)
            blur[m].append(None)
            tint[m].append(False)
            continue
        assert votes is not None and wells is not None
        core = cores[row]
        if i in unheld:
            core = _balanced(flat, w, light, *unheld[i]).astype(np.float64)
        well_shade = core is not None and _shaded(core, hulls[m], config)
        v, well = votes[row], int(wells[row])
        row += 1
        order = np.argsort(v)[::-1]
        top, second = v[order[0]], v[order[1]] if len(order) > 1 else 0.0
        lead, blurred_lead = (None, None) if v.sum() < config.empty_gem_share * need_gem or \
            well >= config.empty_needs_well * need_well else _lead(
                v, order, need_gem, gem_names, gem_chroma, hull_chromas[m][0], config, mixed)
        full[m].append(lead)
        blur[m].append(blurred_lead)
        # A gem of nearly the hull's colour needs a clearer majority: another gem blurred
        # into the hull, or the hull's own lighter top, drifts towards it.
        near_hull = float(np.linalg.norm(gem_chroma[order[0]] - hull_chromas[m][0])) \
            < config.gem_near_hull_chroma
        ratio = config.gem_near_hull_ratio if near_hull else config.gem_vote_ratio
        tint[m].append(near_hull and top > 0 and any(
            not grey_gem[j] and float(v[j]) >= config.own_gem_tint_share * top
            and float(np.linalg.norm(gem_chroma[j] - hull_chromas[m][0]))
            >= config.gem_near_hull_chroma for j in order[1:]))
        # Blur mixes the gem with the hull: a gem colour between the two (pink between a
        # violet gem and a red hull) gains votes from that mix, and the well shows around
        # a gem that does not fill it: not of the hull's colour, a gem is also read with
        # ``gem_vote_ratio`` times every other gem's votes and ``gem_mix_ratio`` times
        # the blend's and the well's.
        pale = joes is not None and joes[m]
        # The leading gem may be another blurred with the hull (violet between a pink gem
        # and a blue hull), that other's core showing.
        blend = blends and any(
            float(v[j]) >= config.gem_blend_source_share * top and _between(
                gem_chroma, int(j), hull_chromas[m][0], config)[order[0]] for j in order[1:])
        doubt = faint and (len(asked[m][1]) > 1 or near_hull or gem_names[int(order[0])]
                           == "white" or any(_between(gem_chroma, int(j), hull_chromas[m][0],
                                                      config)[order[0]] for j in order[1:]))
        blend = blend or doubt
        if blend and top >= need_gem:
            carried.append("unknown")
        elif top >= need_gem and (top >= ratio * (second + well) or (
                not near_hull and (_mix_clear(v, order, well, gem_chroma, hull_chromas[m][0],
                                              config, white_blend=not pale)
                                   or (not pale and _hull_lit(v, order, well, gem_chroma,
                                                              hull_chromas[m][0], config))))):
            # (Not around a middle as dark as the well: a hull's lighter top.)
            carried.append("unknown" if well_shade else gem_names[int(order[0])])
        elif (joe_rule and pale and not near_hull and top >= need_gem
              and top >= config.joe_gem_well_ratio * well
              and top >= ratio * max((float(v[j]) for j in order[1:]
                                      if gem_names[int(j)] != "white"), default=0.0)
              and (gem_names[int(order[0])] != "white" or top >= ratio * second)):
            # Joe's pale wood blended with a coloured gem's edge is grey: it fits the
            # white gem, and the well shows beside a gem that does not fill it.
            carried.append("unknown" if well_shade else gem_names[int(order[0])])
        elif (well_shade and (config.shade_gem_votes > 1
                              or top < config.shade_gem_votes * need_gem)) or _empty_well(
                v, well, need_gem, need_own_well if own_hue[m] else need_well, config):
            carried.append(None)
        else:
            carried.append("unknown")
        split = not grey_gem[order[0]] and any(
            not grey_gem[j] and float(v[j]) >= config.gem_split_share * top
            for j in order[1:]) and top > 0
        leaning[m].append(
            SPLIT if split and top >= config.gem_agree_votes * need_gem and not well_shade
            else gem_names[int(order[0])] if top >= config.gem_agree_votes * need_gem
            and not doubt and not (top < config.gem_lean_ratio * second and _between(
                gem_chroma, int(order[1]), hull_chromas[m][0], config)[order[0]])
            and not well_shade else None if (well_shade or well >= need_well) and top < need_gem
            else "unknown")
    return out


def _shaded(core: Doubles | Floats, hull: Doubles, config: VisionConfig) -> bool:
    """Whether a canoe's middle (``core``, balanced) is as dark as its empty well against
    its ``hull``: every channel at most ``well_max_gain`` of the hull's (both plus
    ``well_gain_floor``); or no channel above ``well_unraised_gain`` of the hull's and its
    brightest channel at most ``well_max_gain`` of the hull's brightest (a grey well in a
    hull that all but lacks a channel: a brown one's blue under warm light), every channel
    the hull has (over ``well_unraised_lacking`` of its brightest) at most
    ``well_unraised_held_gain`` of the hull's (a dark gem keeps a channel of the hull's
    near its level: a violet gem in Joe's pale wood, its blue)."""
    floor = config.well_gain_floor
    gains = (core + floor) / (hull + floor)
    top = float(np.max(gains))
    if top <= config.well_max_gain:
        return True
    held = hull > config.well_unraised_lacking * float(np.max(hull))
    return bool(top <= config.well_unraised_gain
                and np.all(gains[held] <= config.well_unraised_held_gain)
                and (float(np.max(core)) + floor) / (float(np.max(hull)) + floor)
                <= config.well_max_gain)


def _balanced(flat: Image, w: int, light: Light, ys: NDArray[np.intp],
              xs: NDArray[np.intp]) -> Floats:
    """The median of these pixels of a view ``w`` pixels wide (``flat``: its pixels in
    rows), balanced as :meth:`Light.balance` does."""
    return median(light.balance(np.take(flat, ys * w + xs, axis=0), _design(xs, ys)))


def _empty_well(v: Doubles, well: int, need_gem: float, need_well: float,
                config: VisionConfig) -> bool:
    """Whether a canoe's middle shows its empty well: ``need_well`` votes for it or more,
    and gem votes (``v``) under ``well_gem_noise`` of what a gem needs, or, none reaching
    what a gem needs, all of them together at most the well's over ``well_clear_ratio``
    (a brown hull's lighter top votes for yellow).

    >>> cfg = VisionConfig()
    >>> _empty_well(np.array([0, 0, 10.0, 0, 0]), 45, 23.8, 16.5, cfg)
    True
    >>> _empty_well(np.array([0, 0, 10.0, 0, 0]), 20, 23.8, 16.5, cfg)
    False
    """
    total = float(v.sum())
    return well >= need_well and (total <= config.well_gem_noise * need_gem or (
        float(v.max()) < need_gem and config.well_clear_ratio * total <= well))


def _mix_clear(v: Doubles, order: NDArray[np.intp], well: int, gem_chroma: Doubles,
               hull: Doubles, config: VisionConfig, white_blend: bool = True) -> bool:
    """Whether the leading gem (``order[0]``) has ``gem_vote_ratio`` times the votes of
    every other gem but its blends with the hull, and ``gem_mix_ratio`` times the blends'
    and the well's (:func:`_between`), and ``gem_mix_white_ratio`` times white's where
    white is such a blend (never without ``white_blend``). Never for the white gem
    (``gem_mix_grey``): an empty well lit by a reflection is grey too."""
    grey = np.linalg.norm(gem_chroma, axis=1) < config.gem_mix_grey
    if grey[order[0]]:
        return False
    top = float(v[order[0]])
    mixed = _between(gem_chroma, int(order[0]), hull, config)
    if not white_blend:
        mixed &= ~grey
    unmixed = max((float(v[j]) for j in order[1:] if not mixed[int(j)]), default=0.0)
    blend = max((float(v[j]) for j in order[1:] if mixed[int(j)]), default=0.0)
    white = max((float(v[j]) for j in order[1:] if mixed[int(j)] and grey[int(j)]),
                default=0.0)
    return top >= config.gem_vote_ratio * unmixed and top >= config.gem_mix_ratio * max(
        blend, well) and top >= config.gem_mix_white_ratio * white


def _hull_lit(v: Doubles, order: NDArray[np.intp], well: int, gem_chroma: Doubles,
              hull: Doubles, config: VisionConfig) -> bool:
    """Whether the leading gem (``order[0]``, not of the hull's colour) has
    ``gem_hull_blend_ratio`` times the votes of every gem of about the hull's colour
    (within ``gem_near_hull_chroma``: the gem's edge blurred with the hull, a lighter
    hull) and ``gem_vote_ratio`` times every other gem's and the well's together."""
    top = float(v[order[0]])
    near = np.linalg.norm(gem_chroma - hull, axis=1) < config.gem_near_hull_chroma
    lit = max((float(v[j]) for j in order[1:] if near[int(j)]), default=0.0)
    other = max((float(v[j]) for j in order[1:] if not near[int(j)]), default=0.0)
    return top >= config.gem_hull_blend_ratio * lit and top >= config.gem_vote_ratio * (
        other + well)


def _lead(v: Doubles, order: NDArray[np.intp], need_gem: float, gem_names: list[str],
          gem_chroma: Doubles, hull: Doubles, config: VisionConfig, mixed: bool,
          ) -> tuple[str, str | None]:
    """The gem that votes ``v`` (``order``: their indices, most first) showing a gem and no
    well lead to (:attr:`Canoes.filled`): the leading gem where it has what a gem needs
    and white under ``white_veto_share`` of its votes (with ``mixed``, not where it lies
    between another gem and the hull: their blur), else ``"unknown"``; and, where it is
    "unknown" for being such a blur, that leading gem (else None)."""
    first = int(order[0])
    top = float(v[first])
    if top < need_gem or (gem_names[first] != "white" and
                          v[gem_names.index("white")] >= config.white_veto_share * top):
        return "unknown", None
    if mixed and any(_between(gem_chroma, j, hull, config)[first]
                     for j in range(len(gem_names))):
        return "unknown", gem_names[first]
    return gem_names[first], None


def _between(gem_chroma: Doubles, top: int, hull: Doubles, config: VisionConfig,
             ) -> NDArray[np.bool_]:
    """Per gem colour: whether its chroma lies between gem ``top``'s and the hull's
    (within ``gem_mix_chroma`` of the line between them, not at either end): what a blur
    of the two looks like. The white gem (``gem_mix_grey``) only within
    ``gem_mix_white_chroma`` of that line: grey is what a gem and a hull of opposite
    colours blur to (a blue gem in a yellow canoe), and lies near many other lines."""
    a = gem_chroma[top]
    d = hull - a
    t = (gem_chroma - a) @ d / max(float(d @ d), 1e-9)
    off = np.linalg.norm(gem_chroma - (a + t[:, None] * d[None]), axis=1)
    out: NDArray[np.bool_] = ((t > config.gem_mix_ends) & (t < 1 - config.gem_mix_ends)
                              & (off < config.gem_mix_chroma))
    out[top] = False
    grey = np.linalg.norm(gem_chroma, axis=1) < config.gem_mix_grey
    out[grey] &= off[grey] < config.gem_mix_white_chroma
    return out


def blurs_from(gem: str, hull_bgr: BGR, config: VisionConfig, within: float) -> bool:
    """Whether ``gem`` looks like some other gem blurred with a hull of ``hull_bgr``
    (:func:`blend_of`).

    >>> config = VisionConfig()
    >>> blurs_from("violet", config.canoe_bgr["blue"], config, 0.35)
    True
    >>> blurs_from("violet", config.canoe_bgr["green"], config, 0.35)
    False
    """
    return any(blend_of(gem, other, hull_bgr, config, within)
               for other in GEM_COLOURS if other != gem)


def blend_of(gem: str, other: str, hull_bgr: BGR, config: VisionConfig,
             within: float) -> bool:
    """Whether ``gem`` looks like ``other`` blurred with a hull of ``hull_bgr``: its
    chroma within ``within`` of the line between theirs, not at either end
    (:func:`_between` with that tolerance): a violet gem is what a pink one in a blue
    canoe blurs to.

    >>> config = VisionConfig()
    >>> blend_of("violet", "pink", config.canoe_bgr["blue"], config, 0.35)
    True
    >>> blend_of("pink", "violet", config.canoe_bgr["blue"], config, 0.35)
    False
    """
    names, _, chroma = _gem_table(config)
    if gem not in names or other not in names:
        return False
    hull = _chroma(np.array([hull_bgr], np.float64))[0]
    return bool(_between(chroma, names.index(other), hull,
                         replace(config, gem_mix_chroma=within))[names.index(gem)])


def _design(xs: NDArray[np.intp], ys: NDArray[np.intp]) -> Floats:
    """``[1, x, y]`` per pixel (float32), for :meth:`Light.balance`."""
    out = np.empty((len(xs), 3), np.float32)
    out[:, 0] = 1.0
    out[:, 1] = xs
    out[:, 2] = ys
    return out


_GEM_TABLES: dict[tuple[tuple[str, BGR], ...], tuple[list[str], Doubles, Doubles]] = {}


def _gem_table(config: VisionConfig) -> tuple[list[str], Doubles, Doubles]:
    """The gem names, their colours (float64 BGR rows) and chroma, cached per config."""
    key = tuple(config.gem_bgr.items())
    if key not in _GEM_TABLES:
        names = list(config.gem_bgr)
        gems = np.array([config.gem_bgr[g] for g in names], np.float64)
        if len(_GEM_TABLES) > 64:
            _GEM_TABLES.clear()
        _GEM_TABLES[key] = (names, gems, _chroma(gems))
    return _GEM_TABLES[key]


def _chroma(bgr: Doubles) -> Doubles:
    """The two chroma axes of :func:`~vision.stages.light.features` (no brightness),
    computed as there (float32), returned as float64."""
    b, g, r = np.asarray(bgr.T, np.float32, order="C")
    i = (b + g + r) / 3 + 10.0  # as features(): float32 throughout
    out = np.empty((len(b), 2), np.float64)
    out[:, 0] = (r - g) / i
    out[:, 1] = (r + g - 2 * b) / (2 * i)
    return out


def _votes(parts: list[Doubles], hulls: list[Doubles], gems: Doubles, config: VisionConfig,
           hull_chromas: list[Doubles]) -> tuple[Doubles, NDArray[np.intp]]:
    """Per window of pixels (``parts[i]``, balanced BGR, of a canoe whose hull is
    ``hulls[i]``, its :func:`_chroma` ``hull_chromas[i]``), how many of its pixels each
    gem colour explains (``(windows, gems)``), and how many are the empty well.

    Blur mixes a gem's colour with the hull's, and light and facets scale both: a pixel
    of gem ``g`` is ``a * g + b * hull`` with ``a, b >= 0``. It votes for the gem whose
    mix fits it best, if that fit is close (``gem_cone_tolerance``), mostly gem
    (``gem_share``) and clearly better than any other gem's (``gem_cone_ratio``): a blue
    hull half-mixed with a yellow gem is grey, but fits yellow, not white. A pixel that is
    the hull's colour, much darker (``empty_well_ratio``), is the well.

    (Every window's products with the gems and the hull are taken on its own pixels, as
    one window at a time did; the rest is element by element over all windows at once,
    one gem per row and one channel at a time: sums over the channels add the first and
    the second, then the third, as NumPy's sum over a last axis of three does; the best
    and second best fits are found gem by gem, the same values as a sort.)
    """
    nw, ng = len(parts), len(gems)
    win = np.repeat(np.arange(nw), [len(part) for part in parts])
    p = np.concatenate(parts)
    p0, p1, p2 = np.array(p.T)  # each channel contiguous
    sq = p0 * p0
    sq += p1 * p1
    sq += p2 * p2
    norm = np.maximum(np.sqrt(sq), config.gem_dark_floor)
    gg = np.einsum("mc,mc->m", gems, gems)
    hh_w = np.array([float(hull @ hull) for hull in hulls])
    gh_w = np.array([gems @ hull for hull in hulls]).reshape(nw, ng)
    # (gems, pixels) from here on.
    pg = np.ascontiguousarray(np.concatenate([part @ gems.T for part in parts]).T)
    ph = np.concatenate([part @ hull for part, hull in zip(parts, hulls, strict=True)])
    det = np.maximum(gg * hh_w[:, None] - gh_w * gh_w, 1e-6).T[:, win]
    hh = hh_w[win]
    gh = gh_w.T[:, win]
    a = pg * hh
    t = ph * gh
    a -= t
    a /= det
    b = ph * gg[:, None]
    np.multiply(pg, gh, out=t)
    b -= t
    b /= det
    # The boundary of the cone: only the hull, or only the gem.
    only_gem = b < 0
    np.divide(pg, gg[:, None], out=t)
    np.maximum(t, 0, out=t)
    np.copyto(a, t, where=only_gem)
    b[only_gem] = 0.0
    only_hull = a < 0
    level = ph / hh
    np.copyto(b, np.broadcast_to(np.maximum(level, 0), b.shape), where=only_hull)
    a[only_hull] = 0.0
    h0, h1, h2 = np.array(hulls).T[:, win]
    # |p - a * gem - b * hull|, channel by channel.
    err = np.zeros_like(a)
    for c, (pc, hc) in enumerate(((p0, h0), (p1, h1), (p2, h2))):
        np.multiply(a, gems[:, c : c + 1], out=t)
        np.subtract(pc, t, out=t)
        t -= b * hc
        t *= t
        err += t
    np.sqrt(err, out=err)
    err /= norm
    if config.gem_mix_max < np.inf:
        # (A mix brighter than the two together could be is no blur.)
        err[(a > 0) & (b > 0) & (a + b > config.gem_mix_max)] = np.inf
    gem_part = a * np.sqrt(gg)[:, None]
    np.multiply(b, np.sqrt(hh), out=t)
    t += gem_part
    np.maximum(t, 1e-6, out=t)
    np.divide(gem_part, t, out=t)
    err[~(t >= config.gem_share)] = np.inf
    # The best fit (the first of equals) and the second best, gem by gem.
    best = np.minimum(err[0], err[1])
    second = np.maximum(err[0], err[1])
    first = (err[1] < err[0]).astype(np.intp)
    for j in range(2, ng):
        first[err[j] < best] = j
        np.minimum(second, np.maximum(best, err[j]), out=second)
        np.minimum(best, err[j], out=best)
    # ...and does not look like the hull itself, lit a little differently (chroma as
    # _chroma computes it).
    b32, g32, r32 = p0.astype(np.float32), p1.astype(np.float32), p2.astype(np.float32)
    i = (b32 + g32 + r32) / 3 + 10.0
    hc_px = np.concatenate(hull_chromas)[win]
    c0 = ((r32 - g32) / i).astype(np.float64) - hc_px[:, 0]
    c1 = ((r32 + g32 - 2 * b32) / (2 * i)).astype(np.float64) - hc_px[:, 1]
    c0 *= c0
    c1 *= c1
    c0 += c1
    unlike = np.sqrt(c0) >= config.gem_hull_chroma
    # Gems are bright plastic: a pixel far darker than the hull is the well or a shadow.
    bright = (p0 + p1) + p2 >= np.array([config.gem_min_level * float(hull.sum())
                                         for hull in hulls])[win]
    vote = ((best < config.gem_cone_tolerance) & (best <= config.gem_cone_ratio * second)
            & unlike & bright)
    votes = np.bincount(win[vote] * ng + first[vote], minlength=nw * ng).reshape(nw, ng)
    e = p0 - level * h0
    sq = e * e
    np.subtract(p1, level * h1, out=e)
    e *= e
    sq += e
    np.subtract(p2, level * h2, out=e)
    e *= e
    sq += e
    off = np.sqrt(sq)
    off /= norm
    well = ~vote & (level < config.empty_well_ratio) & (off < config.well_tolerance)
    return votes.astype(np.float64), np.bincount(win[well], minlength=nw)


GEM_PROTOS: dict[tuple[tuple[tuple[str, BGR], ...], float], tuple[list[str], Floats]] = {}


def gem_protos(config: VisionConfig) -> tuple[list[str], Floats]:
    key = (tuple(sorted(config.gem_bgr.items())), config.brightness_weight)
    if key not in GEM_PROTOS:
        names = list(config.gem_bgr)
        GEM_PROTOS[key] = (names, np.array(
            [feature_of(config.gem_bgr[g], config.brightness_weight) for g in names]))
    return GEM_PROTOS[key]


def gems_where_placed(rectified: Image, light: Light, geo: Geometry, layout: Layout,
                      objs: Objects, palette: Palette,
                      placed: Iterable[tuple[str, str, int]], config: VisionConfig,
                      camera_centre: Centre | None = None, blends: bool = False,
                      split: bool = True,
                      filled: dict[tuple[str, str], str] | None = None,
                      mixed: bool = False) -> dict[tuple[str, str], list[str | None]]:
    """The gems of canoes another reader placed on a position (the learned slot reader,
    the game's counts) where the rules read fewer of their colour: per ``(position,
    colour, count)``, that colour's patches there among every object's pixels (a hand's
    or a foreign object's too), taken for ``count`` canoes (one patch each; on a slot,
    one patch split as two side by side or end to end, unless not ``split``), their gems
    read as for a canoe the rules read. Only where each canoe's gem (or its empty well)
    is clear: ``(position, colour)`` -> the gems. ``filled``, when given, gets for one
    canoe whose votes show a gem and no well the gem they lead to (:attr:`Canoes.
    filled`; ``mixed``: see :func:`read_gems_of`), whether its gem is clear or not."""
    w = geo.shape[1]
    k = geo.k
    length, width = layout.canoe_mm
    body_px = config.canoe_body_share * length * width * k * k
    hull_px = config.canoe_hull_share * length * width * k * k
    min_px = config.canoe_min_fraction * body_px
    reach = math.ceil(layout.disc_diameter_mm * k)  # (beyond any slot's zone)
    h = geo.shape[0]
    out: dict[tuple[str, str], list[str | None]] = {}
    for slot, colour, count in placed:
        if colour not in palette.names or (count not in (1, 2) and slot != BEACH):
            continue
        ci = palette.names.index(colour)
        pos_id = len(SLOTS) if slot == BEACH else SLOTS.index(slot)
        if slot == BEACH:
            x0, y0, x1, y1 = 0, 0, w, h
        else:
            x, y = geo.slot_xy[pos_id]
            x0, y0 = max(0, round(float(x)) - reach), max(0, round(float(y)) - reach)
            x1, y1 = min(w, round(float(x)) + reach), min(h, round(float(y)) + reach)
        rows = np.arange(y0, y1)[:, None] * w + np.arange(x0, x1)[None, :]
        cmask = ((objs.colour.ravel()[rows] == ci) & (objs.opened.ravel()[rows] > 0) & (
            geo.where[rows] == pos_id)).astype(np.uint8)
        cmask = cast(Image, cv2.morphologyEx(cmask, cv2.MORPH_OPEN, OPEN))
        closed = closed_over(cmask)
        n, lab, stats, cents = cv2.connectedComponentsWithStats(closed, connectivity=8)
        big = [j for j in range(1, n) if stats[j, cv2.CC_STAT_AREA] >= min_px]
        if len(big) == count:
            centres = [(float(cents[j][0]), float(cents[j][1])) for j in big]
        elif split and count == 2 and len(big) == 1 and slot != BEACH:
            at = (cents[big[0]] + (x0, y0)).astype(np.float32)[None]
            one = hull_px + float(side_area(at, geo.axis[pos_id : pos_id + 1], camera_centre,
                                            layout, config, k)[0])
            if stats[big[0], cv2.CC_STAT_AREA] < config.placed_split_one_area * one and \
                    count_by_shape(lab == big[0], geo.axis[pos_id], at[0], camera_centre,
                                   layout, config) == 1:
                continue  # (one canoe by its outline and area: the other's is not there)
            two = split_centres((lab == big[0]).astype(np.uint8), 2, length * k,
                                config.pair_end_aspect)
            if two is None:
                continue
            centres = two
        else:
            continue
        shift = shift_px(camera_centre, np.array(centres, np.float32) + np.array(
            [x0, y0], np.float32), config.canoe_height_mm, k).tolist()
        asked = (cmask.astype(bool), tops_of(centres, shift), (x0, y0), inside_of(closed))
        full: list[list[str | None]] = []
        carried, body = read_gems_of(rectified, light, [asked], config, layout,
                                     [colour == JOE_COLOUR], blends=blends, filled=full,
                                     mixed=mixed)[0]
        if filled is not None and len(full[0]) == 1 and full[0][0] is not None:
            filled[slot, colour] = full[0][0]
        if config.placed_split_own_gem and len(big) == 1 and count == 2 and \
                len(set(carried)) == 1 and (g := carried[0]) is not None:
            # (One patch split as two, both parts read with one gem of about the hull's
            # colour: the hulls' lit tops, the windows off their wells: used 135010034,
            # 30 degrees of tilt, two brown canoes on T3, one empty, one with a white
            # gem, both read yellow.)
            names, _, chroma = _gem_table(config)
            hull = _chroma(np.asarray(body, np.float64)[None])[0]
            if g in names and float(np.linalg.norm(chroma[names.index(g)] - hull)) \
                    < config.gem_near_hull_chroma:
                carried = ["unknown"] * len(carried)
        if "unknown" not in carried:
            out[slot, colour] = carried
    return out
