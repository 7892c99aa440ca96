"""Reading the rectified board: discs, canoes and their gems, the weather marker.

:func:`read_board` composes the stages (one module each, pure functions on arrays):
:mod:`~vision.stages.geometry` (pixel sets of the layout), :mod:`~vision.stages.light`
(white balance, the colour space), :mod:`~vision.stages.ground` (riverbed and sand,
covered or not), :mod:`~vision.stages.objects` (what is no ground; hands),
:mod:`~vision.stages.canoes`, :mod:`~vision.stages.discs`, :mod:`~vision.stages.weather`.
None sees the game state. Every threshold is a field of :class:`VisionConfig`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import product
from math import prod
from typing import TypedDict, cast

import numpy as np

from companion.board import BEACH, SLOTS, neighbours
from vision.config import BGR, JOE_COLOUR, VisionConfig, to_bgr
from vision.layout import Layout
from vision.observation import ABSENT, PRESENT, UNKNOWN, CanoeSeen
from vision.stages.canoes import (
    AREA_UNREAD,
    Canoes,
    Hull,
    beach_blobs,
    blend_of,
    blurs_from,
    gems_where_placed,
    read_canoes,
)
from vision.stages.discs import disc_offsets, read_discs
from vision.stages.geometry import Centre, Geometry, geometry, shift_px
from vision.stages.ground import (
    covered_slots,
    guard_chroma,
    guard_crossed,
    river_ground,
    sand_ground,
)
from vision.stages.learned import (
    COLOURS,
    SlotRead,
    covered_by,
    disc_beliefs,
    gem_beliefs,
    moving_by,
    pair_denies,
    per_frame,
    read_fine,
    read_learned,
    read_pairs,
    slot_counts,
    slot_discs,
    slot_doubts,
    slot_gems,
    uncounted_by,
)
from vision.stages.light import (
    WHITE_LEVEL,
    Light,
    feature_of,
    features,
    measure_light,
    median,
)
from vision.stages.looks import (
    SlotLooks,
    explained_by,
    look_features,
    unexplained,
    ways_changed,
)
from vision.stages.looks import bare as bare_slots
from vision.stages.marks import Marks, read_marks
from vision.stages.objects import (
    ACROSS,
    BETWEEN_SLOTS,
    SMALL_FOREIGN,
    WASHED_OUT,
    Palette,
    Region,
    find_objects,
    read_region,
)
from vision.stages.weather import read_weather
from vision.types import Floats, Image, Mask

__all__ = ["WHITE_LEVEL", "Geometry", "Hull", "Light", "Reading", "ReadingDebug", "TableLook",
           "feature_of", "features", "geometry", "measure_light", "read_board"]


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
    rings: Floats
    """With ``details``: each slot's riverbed ring as seen (features, one row a slot)."""
    why: dict[str, str]
    """Per unknown position, the first reason it could not be read."""


@dataclass(frozen=True)
class TableLook:
    """What one table looks like, learned at setup (:mod:`vision.profile`)."""

    rings: Floats
    """Each slot's riverbed ring, ``(slots, 3)`` features."""
    disc_rim: Floats
    """Each slot's disc rim contrast, signed (negative: a light rim)."""
    weather_token: Floats | None = None
    """The weather marker: ``[darkness, chroma0, chroma1]``."""
    weather_print: Floats | None = None
    """The middle of an empty weather space, its chroma (the print's, ``[chroma0,
    chroma1]``): where a space looks neither so nor like the marker, something covers it
    and the weather is not read. None: not known (older profiles, or the spaces at setup
    did not look alike)."""
    marks: Marks | None = None
    """The board's print inside the slot zones (banks), as at setup."""
    glare: Mask | None = None
    """Per slot, washed out by glare at setup (None: not known)."""
    sand_levels: Floats | None = None
    """The sand's log brightness per cell of the beach's light grid at setup (NaN: none
    seen there), :func:`sand_levels`."""
    sand_like: tuple[str, ...] = ()
    """Canoe colours that look like this table's sand (seen on the beach at setup only
    when looked at again for hulls little darker than the sand)."""
    rim_unseen: Mask | None = None
    """Per slot, its disc's rim not judged at setup (a glare spot or its halo washed it
    out; ``disc_rim`` there is the others' median); None: not known."""
    beach_glare: bool = False
    """A glare spot lay on the beach at setup: while a canoe of the game is seen nowhere,
    it may be washed out there (on pale sand the frame may show no glare patch)."""
    disc_offset: Floats | None = None
    """Per slot, where its disc's rim showed clearest at setup relative to where the pose
    puts it, in mm, ``(slots, 2)`` (:func:`vision.stages.discs.disc_offsets`): discs are
    looked for there. None: on the slots' centres (older profiles)."""
    slot_looks: SlotLooks | None = None
    """The river as at setup, each slot's middle and its way to each neighbour
    (:mod:`vision.stages.looks`): where it still looks so, no unseen canoe hides. None:
    not known (older profiles)."""
    slot_patches: Image | None = None
    """Each river slot's patch at setup (:func:`vision.stages.learned.slot_patches`,
    ``(slots, PATCH_PX, PATCH_PX, 3)`` BGR), which the learned slot reader compares the
    frame's with. None: not learned (older profiles): that reader is not used."""
    disc_patches: Image | None = None
    """Each river slot's disc patch at setup (``DISC_PATCH_PX`` across, the view's own
    millimetre a pixel), which the fine readers (disc, gems) compare the frame's with.
    None: not learned (older profiles): those readers are not used."""
    glare_marks: Marks | None = None
    """The glare spots in the slot zones at setup, their pixels and how they looked
    (:func:`vision.stages.marks.learn_glare`): where one still looks so, it is the lamp's
    reflection, no hand. None: none at setup (or an older profile)."""


@dataclass
class Reading:
    """What :func:`read_board` read; ``unknown`` lists positions it could not read."""

    discs: dict[str, str]
    canoes: list[CanoeSeen]
    weather: int | None
    unknown: list[str]
    debug: ReadingDebug = field(default_factory=ReadingDebug)


@per_frame
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
    look: TableLook | None = None,
    camera_centre: Centre | None = None,
    detail_px_per_mm: float | None = None,
    in_play: Mapping[str, int] | None = None,
    fit_px: float | None = None,
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
    :param look: this table as learned at setup: each slot's riverbed is compared with
        its own ring, each disc's rim with its own, the weather marker with its own.
    :param camera_centre: where the camera stands over the board (mm: x, y, height;
        :attr:`vision.locate.BoardPose.camera_pose`): the tops of canoes and discs are
        looked for where they appear, not on their footprint. None: straight above each.
    :param detail_px_per_mm: how many of the camera's pixels a board millimetre spans at
        the board's centre (None: enough). Under ``config.gem_min_detail`` a gem is a few
        pixels blurred into its hull and the deposits' colours learned at setup with it:
        every canoe's gem is then unknown but an empty canoe's (its colour and place are
        still read), and one the rules' votes name from ``config.gem_faint_detail`` where
        it is not like its hull, white, or a blend of another gem with the hull.
    :param in_play: how many canoes of each colour are on the board (the game knows: two
        a player less those lost, one for Diamanten Joe). More of a colour seen than that
        is a misreading: every position where that colour is seen is then unknown.
    :param fit_px: how well the markers fit the board's plane (the pose's RMS reprojection
        error, camera pixels; :attr:`vision.locate.BoardPose.reprojection_px`). Worse than
        ``config.disc_absent_fit_px``, a disc is read absent only where no rim shows up to
        ``config.disc_absent_search_mm`` from its place either.
    :param details: also put in ``debug`` what learning at setup needs.
    """
    config = config or VisionConfig()
    geo = geometry(layout, config)
    flat = rectified.reshape(-1, 3)
    light = measure_light(flat, geo, layout.marker_centers if markers is None else markers)
    canoe_bgr = dict(config.canoe_bgr, **(canoe_bgr or {}))
    palette = Palette.of(canoe_bgr, list(colours) if colours is not None else list(canoe_bgr),
                         config.brightness_weight)
    grounds = dict(config.ground_bgr, **(ground_bgr or {}))
    wgt = config.brightness_weight

    # Ground and objects in the slot zones.
    rings = np.zeros((len(SLOTS), 3), np.float32)
    zones = read_region(flat, light, geo.zone_idx, geo.zone_design,
                        river_ground(geo, config, rings), palette.protos, config)
    river_ref = look.rings if look is not None else feature_of(grounds["river"], wgt)
    covered = covered_slots(rings, river_ref, config)
    unknown = {SLOTS[s] for s in np.flatnonzero(covered)}
    why = dict.fromkeys(unknown, "riverbed covered")
    if look is not None:
        # Far darker than at setup (balanced to the markers' white): a grey sleeve over a
        # pale river has the river's chroma, and under it a canoe and a disc's rim fade.
        dark = (rings[:, 2] - look.rings[:, 2]) / wgt < -config.covered_dark_log
        for slot in (SLOTS[i] for i in np.flatnonzero(dark)):
            unknown.add(slot)
            why.setdefault(slot, "far darker than at setup (a sleeve, a deep shadow)")
    glare = glare_slots(zones, geo, config)
    # (A glare spot's halo over each slot's riverbed ring, before the board's own print
    # is taken out: a halo there at setup too still washes a canoe out now.)
    halo_px = np.count_nonzero(zones.highlight[geo.ring_mat], axis=1)
    halo_over = halo_px >= config.ring_halo_share * geo.ring_mat.shape[1]
    # The slots whose middle and way to each neighbour look as at setup, under no glare
    # spot or halo: no canoe stands there (worked out only when asked: most frames never
    # ask).
    bare: list[set[str]] = []
    seen_feats: list[Floats] = []
    unlit = ~glare & ~halo_over

    def feats_now() -> Floats:
        if not seen_feats:
            seen_feats.append(look_features(rectified, light, geo, layout, config))
        return seen_feats[0]

    def bare_at() -> set[str]:
        if not bare:
            then = None if look is None else look.slot_looks
            same = np.zeros(len(SLOTS), bool) if then is None else bare_slots(
                feats_now(), then, geo, layout, config)
            bare.append({SLOTS[i] for i in np.flatnonzero(same & unlit)})
        return bare[0]
    if look is not None and look.glare is not None:
        # A slot whose ring is as at setup, where it was not washed out, is not now: the
        # rings' median (the river) moved with shadows elsewhere.
        same = ~ring_moved(rings, look.rings, config, chroma=config.glare_same_chroma,
                           log=config.glare_same_log)
        glare &= ~(same & ~look.glare)
    for slot in (SLOTS[i] for i in np.flatnonzero(glare)):
        unknown.add(slot)
        why.setdefault(slot, WASHED_OUT)

    # ...and on the beach (Joe never lands: his wood is no candidate there).
    sand = np.zeros(3, np.float32)
    beach = read_region(flat, light, geo.beach_idx, geo.beach_design,
                        sand_ground(geo, config, sand), palette.without(JOE_COLOUR), config,
                        local_light=True)
    sand_ref = feature_of(grounds["sand"], wgt)
    beach_foreign = bool(np.linalg.norm(sand[:2] - sand_ref[:2]) > config.covered_chroma)
    beach_why = "sand covered" if beach_foreign else "something crosses the beach's edge"
    if not beach_foreign and deep_dark(beach, layout, geo, config):
        beach_foreign = True
        beach_why = "a dark sleeve or a deep shadow over the beach"
    def detail_under(limit: float) -> bool:
        # (Few camera pixels a board millimetre: a blurred view, unknown without a pose.)
        return detail_px_per_mm is not None and detail_px_per_mm < limit

    guard = guard_chroma(rectified, light, geo) if beach_guard is not None or details else None
    crossed: bool | None = None  # (the band around the beach unknown without a profile)
    if beach_guard is not None and guard is not None and len(beach_guard) == len(guard):
        ys, xs = np.divmod(geo.guard_idx, geo.shape[1])
        lean = shift_px(camera_centre, np.column_stack([xs, ys]).astype(np.float32),
                        config.canoe_height_mm, geo.k)
        crossed = guard_crossed(guard, beach_guard, geo, config, lean,
                                blurred=detail_under(config.gem_min_detail))
        beach_foreign |= crossed

    if look is not None and look.marks is not None and look.marks.shape == geo.shape:
        # The board's own print in the zones (a bank), as at setup: ground, no object.
        pos, same = read_marks(zones.feats, look.marks, rings - look.rings, geo, config)
        zones.obj[pos[same]] = False
        zones.highlight[pos[same]] = False
        zones.label[pos[same]] = -1
    spot_then: Mask | None = None
    if look is not None and look.glare_marks is not None and \
            look.glare_marks.shape == geo.shape:
        # A glare spot of the setup photo, where it still looks as then (the lamp's
        # reflection where it was): no hand, whatever lies in it besides.
        pos, same = read_marks(zones.feats, look.glare_marks, rings - look.rings, geo,
                               config)
        then = np.zeros(geo.shape[0] * geo.shape[1], bool)
        then[zones.idx[pos[same]]] = True
        spot_then = then.reshape(geo.shape)
    gems_read = not detail_under(config.gem_min_detail)
    # (Where blur spans a gem's edge: a gem blurred with its hull may look like another.)
    blends = detail_under(config.gem_blend_detail)
    # (Where a gem spans a few camera pixels more, the rules name the gems their votes
    # name after all, but none of a pair, like its hull, white or like a blend.)
    faint_gems = not gems_read and not detail_under(config.gem_faint_detail)
    # (Where gems are not read, a canoe's end blurs into the land beyond the beach's edge,
    # its blend of the two perhaps another canoe colour: blurred.)
    objs = find_objects(zones, beach, geo, layout, config, camera_centre, glare,
                        crossed, blurred=not gems_read, glare_then=spot_then)
    # Something small in a slot's zone (the river's mottle, a dropped gem) hides no canoe
    # where the slot and its way to each neighbour look as at setup.
    small = {p for p in objs.unknown if objs.why.get(p) == SMALL_FOREIGN}
    small = small & bare_at() if small and look is not None else set()
    unknown |= objs.unknown - small
    why = {**{p: w for p, w in objs.why.items() if p not in small}, **why}
    beach_foreign |= objs.beach_foreign
    if beach_foreign:
        unknown.add(BEACH)
        why.setdefault(BEACH, beach_why)
    # Each slot's riverbed as expected (as at setup, or the river's one colour).
    ring_ref = np.atleast_2d(river_ref)[np.arange(len(SLOTS)) % len(np.atleast_2d(river_ref))]
    before_canoes = set(unknown)
    canoes = read_canoes(rectified, light, geo, layout, objs, palette, unknown, config,
                         camera_centre, gems=gems_read, blends=blends, faint=faint_gems)
    unknown |= canoes.unknown
    why = {**canoes.why, **why}
    # The colours of canoes seen on their way between two slots.
    on_way = canoes.on_way | {palette.names[i] for i in objs.on_way}
    across = {palette.names[i] for i in objs.across}
    # A glare spot on the beach washes out what lies under it: the beach is read only
    # while every canoe of the game is seen (none can be under it).
    # So does one that lay there at setup, while a canoe of the game is seen nowhere.
    may_hide = in_play is None or unseen_in_play(canoes.seen, unknown, in_play)
    glare_then = look is not None and look.beach_glare and in_play is not None
    # (Positions unknown only because an unseen canoe may hide there.)
    may_hide_at: set[str] = set()
    if BEACH not in unknown and may_hide and (objs.beach_glare or glare_then):
        unknown.add(BEACH)
        may_hide_at.add(BEACH)
        why.setdefault(BEACH, BEACH_GLARE)
    found: list[CanoeSeen] = []  # read by elimination (the game's counts)
    moving: set[str] = set()
    across_at: list[CanoeSeen] = []  # canoes found across two positions
    if in_play is not None:
        # (Where his wood shows but was not read as his canoe.)
        joe_patches = {at for at, colour, _ in canoes.unsure if colour == JOE_COLOUR} | {
            at for at, colour, ratio in canoes.ratios
            if colour == JOE_COLOUR and at in unknown and ratio >= config.joe_patch_ratio} | {
            at for at, share in canoes.skipped_joe.items()
            if share >= config.joe_patch_skipped}
        if joe_patches and look is not None and look.slot_patches is not None:
            joe_patches -= no_joe_there(rectified, light, geo, look.slot_patches,
                                        joe_patches, config)
        off_slot = list(canoes.off_slot) if config.count_off_slot else []
        if config.count_across:
            # So does one canoe found across two positions, of the colour most of it shows.
            across_at = [CanoeSeen(palette.names[i], at) for i, at in objs.across.items()]
            off_slot += across_at
        extra = too_many(canoes.seen, unknown, in_play, joe_patches, off_slot)
        unknown |= extra
        why = {**dict.fromkeys(extra, TOO_MANY), **why}
        found = by_elimination(canoes.seen, unknown, before_canoes, canoes.unsure, in_play,
                               canoes.pairs, config.joe_beach_rest)
        if found:
            unknown.discard(found[0].at)
            why.pop(found[0].at, None)
            canoes.seen.extend(found)
        moving = on_way | across
        if config.moving_not_mottle:
            # (A colour like the riverbed "on its way" may be the river's own mottle.)
            moving = {c for c in moving if c not in palette.names or not like_riverbed(
                palette.protos[palette.names.index(c)], ring_ref, config,
                config.mottle_chroma).any()}
        hidden = set() if config.moving_unseen and moving_unseen(
            canoes.seen, unknown, in_play, moving) else hiding_places(
            canoes.seen, unknown, in_play, canoes.areas, config,
            washed=all(why.get(p) == WASHED_OUT for p in unknown),
            beside=config.hidden_beside_uncounted and all(
                uncounted_by(why.get(p)) for p in unknown))
        if len(hidden) == len(SLOTS) + 1:
            # Nothing shows where: it hides where its colour is least unlike the ground,
            # but not on a slot that looks as at setup.
            hidden = camouflaged(canoes.seen, in_play, palette, sand_ref, ring_ref,
                                 config) or hidden
            hidden = (hidden - bare_at()) or ({*SLOTS, BEACH} - bare_at())
        unknown |= hidden
        may_hide_at |= hidden
        why = {**dict.fromkeys(hidden, HIDES), **why}
        if BEACH not in unknown and gems_read and config.beach_unclear_middle and \
                unseen_in_play(canoes.seen, unknown, in_play) and any(
                    c.at == BEACH and c.gem == UNKNOWN for c in canoes.seen):
            # A canoe on the beach carries no gem (it delivered it on landing), so one
            # whose middle shows neither a gem nor the empty well is not clearly seen:
            # with a canoe of the game seen nowhere it may be that canoe, its hull's
            # colour shifted (reporting 57050063: a red canoe in a glare spot's light
            # read brown).
            unknown.add(BEACH)
            may_hide_at.add(BEACH)
            why.setdefault(BEACH, UNSEEN + "; a canoe on the beach shows no clear middle: "
                                  "it may be that canoe")
        # Still one unseen: it may be under what made a slot look unlike at setup (a
        # motion-blurred sleeve, greyish like a pale river in shade, fades a canoe).
        if look is not None and unseen_in_play(canoes.seen, unknown, in_play):
            moved = ring_moved(rings, look.rings, config) & ~np.isin(SLOTS, list(unknown))
            for slot in (SLOTS[i] for i in np.flatnonzero(moved)):
                unknown.add(slot)
                may_hide_at.add(slot)
                why.setdefault(slot, "a canoe of the game not seen; the riverbed here "
                                     "looks unlike at setup")
            # ...or where the river changed since setup, and no canoe read there
            # explains the change (a blue canoe on a blue river in a shadow is darker
            # than the riverbed its colour is compared with, but no less a change).
            unseen = unseen_colours(canoes.seen, unknown, in_play)
            if look.slot_looks is not None and 0 < config.slot_look_changed <= 1:
                read = {c.colour for c in canoes.seen if c.at not in unknown}
                index = [palette.names.index(c) for c in sorted(read)]
                # (Each object that takes a canoe colour read, whole: its gem and well,
                # its side under a tilted camera.)
                hit = np.unique(objs.labels[np.isin(objs.colour, index) & (objs.opened > 0)])
                mask = np.isin(objs.labels, hit[hit > 0])
                changed = unexplained(feats_now(), look.slot_looks, geo, layout, config,
                                      explained_by(mask, geo, layout, config))
                for slot in (SLOTS[i] for i in np.flatnonzero(changed & unlit)):
                    if slot not in unknown:
                        unknown.add(slot)
                        may_hide_at.add(slot)
                        why.setdefault(slot, "a canoe of the game not seen; the river here "
                                             "changed since setup where no canoe is read")
            # ...or on its way from a slot read empty, where a fringe of its colour shows.
            for slot in SLOTS:
                n, area = canoes.areas.get(slot, (0, 0.0))
                of = canoes.colour_areas.get(slot, {})
                theirs = sum(of.get(c, 0.0) for c in unseen)
                if n == 0 and slot not in unknown and area >= config.canoe_fringe_share \
                        and theirs > 0 and theirs >= sum(of.values()) / 2:
                    unknown.add(slot)
                    may_hide_at.add(slot)
                    why.setdefault(slot, "a canoe of the game not seen; part of a canoe "
                                         "shows here")
            # ...or where more pieces of its colour show than canoes of it are read there
            # (the end of one under a hand whose skin looks like the sand; not where blur
            # breaks a canoe into pieces, nor of Joe's wood, the colour of many blends).
            pieces = Counter((at, colour) for at, colour, ratio in canoes.ratios
                             if ratio >= config.unseen_piece_ratio and colour in unseen
                             and colour != JOE_COLOUR and not blends)
            read_there = Counter((c.at, c.colour) for c in canoes.seen)
            for (at, colour), n in pieces.items():
                if at not in unknown and n > read_there[at, colour]:
                    unknown.add(at)
                    may_hide_at.add(at)
                    why.setdefault(at, f"a canoe of the game not seen; a piece of "
                                       f"{colour} shows here besides the canoes read")
            # ...or, for Diamanten Joe, where his wood's colour covers much of a canoe
            # beside the canoes read there: his pale top may read as another colour's
            # hull, only his shaded side as his wood (reporting 83010007, a 30 degree
            # tilt: Joe beside a yellow canoe on R2 read as brown, his wood 0.4 of a
            # canoe around it). Not where blur blends every hull's edge into his colour,
            # nor while a patch of his colour shows where a position is unknown anyway
            # (``joe_patches``): he more likely lies there (used 81050138: Joe 0.93 of a
            # canoe on T1, "canoe-like area unread"; a brown canoe's glare-paled edge on
            # R1 showed his colour), nor while a hand may cover him or he may be the
            # canoe on its way (used 83120047: Joe on T1 under a hand; 83120288: his
            # canoe across T2 and T3; a brown canoe's pale edge elsewhere 0.35 of a canoe
            # his colour).
            if JOE_COLOUR in unseen and not blends and not joe_patches and not any(
                    covered_by(why.get(p)) or moving_by(why.get(p)) for p in unknown) and \
                    config.joe_unseen_area <= 1:
                for slot in SLOTS:
                    if slot not in unknown and any(c.at == slot for c in canoes.seen) and \
                            canoes.colour_areas.get(slot, {}).get(JOE_COLOUR, 0.0) \
                            >= config.joe_unseen_area:
                        unknown.add(slot)
                        may_hide_at.add(slot)
                        why.setdefault(slot, "a canoe of the game not seen; Joe's wood shows "
                                             "here beside the canoes read: it may be his")
            # ...or under a glare spot's halo, where a canoe whose colour washed towards
            # white is the riverbed's: unless a position is unknown for what shows there
            # (washed out, covered), where that canoe more likely is.
            halo = halo_over & (unknown <= may_hide_at)
            washed = np.zeros(len(SLOTS), bool)
            for colour in unseen:
                if colour in palette.names:
                    washed |= washes_to_riverbed(palette.protos[palette.names.index(colour)],
                                                 ring_ref, config.ring_halo_chroma)
            for slot in (SLOTS[i] for i in np.flatnonzero(halo & washed)):
                if slot not in unknown:
                    unknown.add(slot)
                    why.setdefault(slot, "a canoe of the game not seen; a glare spot's "
                                         "halo lies over the riverbed here")
            # ...and so, whatever else is unknown, beside a slot a glare spot washes out
            # (its light falls off over the neighbours), where no canoe is read.
            gone = np.array([bool(glare[i]) or why.get(s) == WASHED_OUT
                             for i, s in enumerate(SLOTS)])
            apart = np.hypot(*(geo.slot_xy[:, None] - geo.slot_xy[None]).transpose(2, 0, 1))
            near = (gone[None] & (apart < config.halo_near_washed_mm * geo.k)).any(axis=1)
            held = {c.at for c in canoes.seen}
            beside = [int(i) for i in np.flatnonzero(near & ~gone & washed)
                      if SLOTS[i] not in unknown and SLOTS[i] not in held]
            if beside and look.slot_patches is not None and \
                    config.halo_near_reader_empty <= 1:
                # Not where the learned slot reader is sure no canoe stands there and
                # nothing covers it: the canoe more likely lies under the spot itself
                # (used 109050067: two blue canoes on washed-out T2 and T3, T1 and T4 left
                # for them; the reader sees the blue canoe where the rules missed it,
                # reporting 61050193, 0.9997 sure).
                sure = config.halo_near_reader_empty
                empty = {i for i, r in read_learned(rectified, light, geo, look.slot_patches,
                                                    beside, sure, 2.0, sure).items()
                         if not r.colours}
                beside = [i for i in beside if i not in empty]
            for slot in (SLOTS[i] for i in beside):
                unknown.add(slot)
                why.setdefault(slot, "a canoe of the game not seen; beside a slot a glare "
                                     "spot washes out, its colour would be the riverbed's")
            # ...or read as a paler colour under a glare spot's halo: a canoe of the unseen
            # colour washed towards white there takes the colour it washes to (a brown
            # canoe read as Joe's wood).
            unseen = unseen_colours(canoes.seen, unknown, in_play)
            # (So next to a slot a glare spot washes out: its light falls off over the
            # neighbours; reporting 39050239, a yellow canoe beside Joe's washed-out slot
            # read as Joe's wood.)
            paler = halo_over | (gone[None] & (apart < config.halo_paler_near_mm * geo.k)
                                 ).any(axis=1)
            for c in canoes.seen:
                if c.at not in SLOTS or c.at in unknown or not paler[SLOTS.index(c.at)]:
                    continue
                target = np.atleast_2d(palette.protos[palette.names.index(c.colour)])
                if any(washes_to_riverbed(palette.protos[palette.names.index(u)], target,
                                          config.halo_paler_chroma)[0]
                       for u in unseen if u != c.colour and u in palette.names):
                    unknown.add(c.at)
                    looks = "like Joe's wood" if c.colour == JOE_COLOUR else c.colour
                    why.setdefault(c.at, "a canoe of the game not seen; in a glare spot's "
                                         f"light it may look {looks}")
            if BEACH not in unknown and look.sand_levels is not None and \
                    darker_than_setup(beach, look.sand_levels, layout, geo, config):
                unknown.add(BEACH)
                why.setdefault(BEACH, "a canoe of the game not seen; the sand is darker "
                                      "than at setup over a canoe's area")
    # A canoe colour that looks like the riverbed around a slot: a canoe of it there is
    # hardly an object, and the river's own darker mottle looks like one. A canoe of it
    # read there may be that mottle (then the real one is unaccounted for), so the slot
    # is unknown (further from the riverbed where it showed neither a gem nor its well,
    # and where gems are not read); and "no canoe" cannot be said there while one is
    # unaccounted for.
    for c in canoes.seen:
        if c.at not in SLOTS or c.at in unknown:
            continue
        if gems_read:
            near = config.mottle_gemless_chroma if c.gem == UNKNOWN else config.mottle_chroma
        else:
            # (A mottle shows no well; though where gems are not read, a canoe carrying a
            # gem shows none either. A canoe read by elimination shows neither, but the
            # game's counts leave nothing else there.)
            near = config.mottle_blurred_chroma if c.gem != UNKNOWN or c in found else max(
                config.mottle_blurred_chroma, config.mottle_gemless_chroma)
        proto = palette.protos[palette.names.index(c.colour)]
        if like_riverbed(proto, ring_ref, config, near)[SLOTS.index(c.at)]:
            unknown.add(c.at)
            why.setdefault(c.at, f"a {c.colour} canoe {LIKE_RIVERBED}: {MOTTLE}")
    def shown_moving(colour: str, short: int) -> bool:
        """Whether the rules saw ``colour`` at river positions unknown for a canoe on
        the move or canoe-like area unread there, at least ``config.sand_like_moving`` of
        a canoe for each of the ``short`` canoes of it seen nowhere: those are there, not
        on the beach looking like the sand."""
        area = sum(canoes.colour_areas.get(p, {}).get(colour, 0.0) for p in unknown
                   if p in SLOTS and (why.get(p) == AREA_UNREAD or moving_by(why.get(p))))
        return short > 0 and area >= config.sand_like_moving * short

    def on_beach_unread(colour: str) -> bool:
        """Whether the beach shows ``colour`` beyond the canoes of it read there, at least
        ``config.sand_like_beach_left`` of a canoe's hull in its objects mostly of that
        colour: part of a canoe like the sand lies there, whatever a canoe on the move
        elsewhere may be."""
        if config.sand_like_beach_left <= 0:
            return False
        n = sum(1 for c in canoes.seen if c.at == BEACH and c.colour == colour)
        # (Counted in the objects there mostly of that colour: not a hull's dark rim of
        # another colour, used 138120040, a red canoe's.)
        ci = palette.names.index(colour)
        labels = objs.labels.ravel()[geo.beach_idx]
        tint = objs.colour.ravel()[geo.beach_idx]
        on = labels > 0
        size = int(labels.max(initial=0)) + 1
        mine = np.bincount(labels[on & (tint == ci)], minlength=size)
        coloured = np.bincount(labels[on & (tint >= 0)], minlength=size)
        px = int(mine[2 * mine >= coloured].sum())
        length, width = layout.canoe_mm
        one = config.canoe_hull_share * length * width * geo.k * geo.k
        left = px / one - config.canoe_area_each * n
        return left >= config.sand_like_beach_left

    for ci, colour in enumerate(palette.names):
        alike = like_riverbed(palette.protos[ci], ring_ref, config, config.camouflage_chroma)
        if alike.any() and config.camouflage_spread > 0:
            # A river much alike along its length: where the colour hides on one slot, it
            # hides nearly as well on slots barely further from it (reporting 37090061,
            # 2,700 K: a blue canoe on T3 was no object, 0.40 from T3's riverbed, 0.33
            # from T1's).
            gap = np.linalg.norm(ring_ref[:, :2] - palette.protos[ci][:2], axis=1)
            alike |= like_riverbed(palette.protos[ci], ring_ref, config,
                                   float(gap[alike].min()) + config.camouflage_spread)
        seen_c = sum(1 for c in canoes.seen if c.colour == colour and c.at not in unknown)
        if in_play is not None and seen_c >= in_play.get(colour, 0):
            continue
        travels = in_play is not None and ((
                config.camouflage_moving and moving_unseen(canoes.seen, unknown, in_play,
                                                           moving)) or (
                config.camouflage_moving_own and moving_unseen(
                    canoes.seen, unknown, {colour: in_play.get(colour, 0)}, moving)))
        for slot in (SLOTS[i] for i in np.flatnonzero(alike) if not travels):
            if slot not in unknown and slot not in bare_at():
                unknown.add(slot)
                why.setdefault(slot, f"a {colour} canoe {LIKE_RIVERBED}")
        # ...or like the sand, as learned at setup (a brown canoe on a brown beach):
        # likewise on the beach (where part of one shows there, whatever is on the move).
        if BEACH not in unknown and look is not None and colour in look.sand_like and (
                on_beach_unread(colour) or (not travels and not (
                    config.sand_like_moving > 0 and in_play is not None and shown_moving(
                        colour, in_play.get(colour, 0) - seen_c)))):
            unknown.add(BEACH)
            why.setdefault(BEACH, f"a {colour} canoe {LIKE_SAND}")
    rim_shift = shift_px(camera_centre, geo.slot_xy, config.disc_height_mm, geo.k)
    if look is not None and look.disc_offset is not None:
        rim_shift = rim_shift + look.disc_offset * np.float32(geo.k)
    rims: dict[str, float] = {}
    discs = read_discs(rectified, geo, objs.opened, config,
                       look.disc_rim if look is not None else None, rim_shift, rims)
    if look is not None and look.disc_patches is not None and (faint_rims := [
            SLOTS.index(s) for s, share in rims.items() if share < config.disc_faint_rim]):
        # A disc read by a faint rim only where the fine disc reader does not doubt it:
        # the riverbed's own mottle can darken a ring beside a canoe (reporting
        # 142100103, clutter: T5 without its disc under a yellow canoe, the rim 1.23 of
        # the present threshold, read present).
        for k, there in disc_beliefs(rectified, light, geo, look.disc_patches,
                                     faint_rims).items():
            if there < config.disc_faint_doubt:
                discs[SLOTS[k]] = UNKNOWN
    if look is not None:
        # "No disc" only where the riverbed around the slot looks as it did at setup: a
        # motion-blurred hand smears the rim away and tints the riverbed there.
        for i in np.flatnonzero(ring_changed(rings, look.rings, config)
                                | ring_moved(rings, look.rings, config)):
            if discs[SLOTS[i]] == ABSENT:
                discs[SLOTS[i]] = UNKNOWN
        if look.rim_unseen is not None:
            # Where a glare spot hid the rim at setup, a rim under the same light is
            # faint or gone: no rim is no proof that the disc has gone.
            for i in np.flatnonzero(look.rim_unseen):
                if discs[SLOTS[i]] == ABSENT:
                    discs[SLOTS[i]] = UNKNOWN
    # A pose that fits its markers poorly is a few millimetres off in the middle of the
    # board: a rim looked for off its place shows none (reporting 67040105, one marker
    # covered, 2.76 px: the discs on T2-T5 8-10 mm from where they were looked for, read
    # absent). "No disc" there only where the rim shows no nearer either.
    poor_fit = fit_px is not None and fit_px > config.disc_absent_fit_px
    nearby: dict[str, str] = {}

    def absent_only_where_no_rim_nearby() -> None:
        nonlocal nearby
        if poor_fit and ABSENT in discs.values():
            nearby = nearby or discs_nearby(rectified, geo, objs.opened, rim_shift, look,
                                            config)
            discs.update({s: UNKNOWN for s, d in nearby.items() if discs[s] == ABSENT != d})

    absent_only_where_no_rim_nearby()
    # (What the discs look like where a position is unknown: such a position may be read
    # again, once the game's counts show that nothing hides there.)
    discs_seen = dict(discs)
    for s in unknown:
        if s in discs:
            discs[s] = UNKNOWN
    if in_play is not None and config.disc_unknown_hides and \
            unseen_in_play(canoes.seen, unknown, in_play):
        # A canoe of the game seen nowhere may lie where no disc can be told either,
        # though the riverbed there looks like the river (a sleeve of the river's own
        # colour over the slot; reporting 47110274: a green canoe under a blue sleeve).
        held = {c.at for c in canoes.seen}
        for slot in SLOTS:
            if discs[slot] == UNKNOWN and slot not in unknown and slot not in held:
                unknown.add(slot)
                why.setdefault(slot, "a canoe of the game not seen; no disc can be told "
                                     "here either")
    contested: dict[str, list[str]] = {}  # (slots taken back from the rules' canoes)
    if in_play is not None and look is not None and look.slot_patches is not None and \
            config.reader_sees_unseen <= 1 and (unseen := [
                c for c in unseen_colours(canoes.seen, unknown, in_play)
                if not config.reader_sees_not_moving or c not in on_way | across
                or seen_short(canoes.seen, unknown, in_play, c) > 1]):
        # ...or where the learned slot reader sees more canoes of a colour seen nowhere
        # than the rules read on a slot, however much it says covers it: a glare spot's
        # light makes a canoe of the river's own hue the riverbed's to the rules, but not
        # to the reader (reporting 90050202: a blue canoe on R2 beside the spot read as
        # nothing there, the reader 0.95 sure of it; 90050190: two blue canoes on R1
        # read as one, the reader 0.9999 sure of two; 90070052: Joe on R1 read as a
        # brown canoe). Not for a colour whose one canoe seen nowhere is on its way or
        # across two positions (used 90120276: Joe on L2 read yellow by the reader,
        # 0.998 sure, the yellow canoe across T4 and T5).
        # (Also where it sees that colour instead of one the rules read there, as Joe
        # for 90070052's brown: the counts cannot tell which reader is wrong, since the
        # canoe they would count against may lie on an unknown position, as that brown
        # one on T1, taken for something foreign. So the reader's own mistakes of the
        # kind cost unknown slots: used 87030132, 640x480, Joe read right by the rules on
        # T4, brown by the reader, 0.98 sure.)
        read_at = Counter((c.at, c.colour) for c in canoes.seen)
        over_slot: dict[int, float] = {}
        # (The colours read too: how sure it is that none of the rules' stands there.)
        asked = [*unseen, *sorted({c.colour for c in canoes.seen} - set(unseen))]
        for k, per in slot_counts(rectified, light, geo, look.slot_patches,
                                  [k for k, s in enumerate(SLOTS) if s not in unknown],
                                  asked, over_slot).items():
            slot = SLOTS[k]
            more = {c: sum(p[read_at[slot, c] + 1:]) for c, p in per.items() if c in unseen}
            colour = max(more, key=lambda c: more[c])
            if more[colour] >= config.reader_sees_unseen:
                rules_there = [c.colour for c in canoes.seen if c.at == slot]
                if rules_there and config.reader_contested_confidence <= 1 and not any(
                        per[c][0] >= config.reader_contested_confidence
                        for c in set(rules_there) if c in per):
                    # (Not where it is as sure that no canoe of one of the rules' colours
                    # stands there: the rules were wrong, as for 90070052.)
                    contested[slot] = rules_there
                what = "Diamanten Joe's canoe" if colour == JOE_COLOUR else \
                    f"{'another' if read_at[slot, colour] else 'a'} {colour} canoe"
                take_back(slot, f"a canoe of the game not seen; the learned reader sees {what} "
                          "here", canoes.seen, discs, unknown, why)
        # ...or where it is sure that something covers the slot, whatever canoes it sees
        # there: the canoe may lie half over the slot, on its way to the next
        # (used 109120199, between: a blue canoe on a blue river 0.56 of the way from
        # T3 to T4, seen by neither reader, T3 read empty; the reader 0.99 sure something
        # covers T3).
        for k, p in over_slot.items():
            if SLOTS[k] not in unknown and p >= config.reader_covered_unseen:
                take_back(SLOTS[k], "a canoe of the game not seen; the learned reader sees "
                          "something over this slot", canoes.seen, discs, unknown, why)
    unread_discs = {s for s in SLOTS if discs[s] == UNKNOWN}
    if look is not None and look.slot_patches is not None and config.learned_confidence <= 1:
        asked_unknown = set(unknown)
        unseen_before = {p for p in unknown if (why.get(p) or "").startswith(UNSEEN)}
        none_of: set[str] = set()  # (read where none of those seen nowhere stands)
        answered = learned_slots(
            rectified, light, geo, look.slot_patches, palette.names, canoes.seen, discs,
            unknown, why, in_play, config, gems=gems_read, discs_seen=discs_seen,
            none_of=none_of, ways=(lambda: ways_changed(
                feats_now(), look.slot_looks, geo, layout, config)) if look.slot_looks
            is not None else None,
            on_way=on_way if config.learned_moving_apart else (), leans=canoes.leans,
            unread=canoes.unread, colour_areas=canoes.colour_areas, pieces=canoes.ratios,
            contested=contested, transit={palette.names[i]: at
                                          for i, at in objs.transit.items()},
            hull_bgr=canoe_bgr,
            joe_held={at for at, colour, _ in canoes.unsure if colour == JOE_COLOUR},
            mottled={(SLOTS[i], name) for name, proto in zip(
                palette.names, palette.protos, strict=True) for i in np.flatnonzero(
                like_riverbed(proto, ring_ref, config, config.learned_beside_mottle))})
        if in_play is not None and config.reader_elsewhere_confidence <= 1:
            reader_over_elsewhere(rectified, light, geo, look.slot_patches, canoes.seen,
                                  discs, unknown, why, in_play, config,
                                  {s for s in answered if s in asked_unknown - unknown})
        # (Positions unknown only as where that canoe may hide, among others unknown.)
        hides_only = {p for p in unknown if why.get(p) == HIDES} \
            if config.learned_hides_again else set()
        if in_play is not None and config.learned_unseen_hides and \
                not unknown - hides_only and unseen_in_play(canoes.seen, unknown, in_play):
            # The reader read the last positions the rules left for a canoe seen nowhere:
            # it may hide where more canoe-like area shows than the canoes read (a canoe
            # beside another in a glare spot's light, reporting 60050217), else anywhere.
            # So too where the rules placed it beside a position the reader then read:
            # as though they had read that one, the slots beside where it may hide are
            # unknown too (used 88120102: a green canoe across T3 and T4 taken for part
            # of a brown one on T4, R2 unknown then read by the reader; T3 read with
            # only its red canoe).
            hidden = hiding_places(canoes.seen, unknown - hides_only, in_play,
                                   canoes.areas, config)
            if hides_only and len(hidden) == len(SLOTS) + 1:
                # (Where the area shows no place now, the rules' places stand: not
                # everywhere; used 88120044.)
                hidden = set()
            if config.unseen_vacant_stays and hides_only:
                # (Nor a slot the reader has just read empty where the rules left it for
                # that canoe: sure that none stands there, while they still are unknown.)
                hidden -= {s for s in unseen_before - unknown if answered.get(s) == []}
                # (...or with canoes, sure that none seen nowhere is among them.)
                hidden -= none_of - unknown
            unknown |= hidden
            why.update(dict.fromkeys(hidden, HIDES))
        if in_play is not None and config.learned_then_counts and not found:
            # The counts again for the one patch they may settle that is still unknown
            # (or a slot alone unknown with about one canoe's area unread: unread_by_counts).
            patches = [u for u in canoes.unsure if u[0] in unknown]
            found = by_elimination(canoes.seen, unknown, before_canoes, patches or unread_patch(
                canoes, unknown, why, in_play, config), in_play,
                canoes.pairs if patches else (), config.joe_beach_rest)
            # (Not where a colour read there looks like the riverbed, as above.)
            near = config.mottle_gemless_chroma if gems_read else config.mottle_blurred_chroma
            if any(c.colour in palette.names and like_riverbed(
                    palette.protos[palette.names.index(c.colour)], ring_ref, config,
                    near)[SLOTS.index(c.at)] for c in found):
                found = []
            # Nor where the slot reader answered there with other colours: the counts
            # hold only if every other position was read right (used 76100295, clutter: a
            # yellow canoe on T1 read brown by the rules; the counts then put the yellow
            # one seen nowhere on T4, beside a green, where the reader read green and
            # brown, 0.989 sure, and right; not where it is less sure than
            # ``learned_unsure_confidence``: used 80040008, a blue and a red canoe on T3
            # read as blue and brown, 0.855 sure, the counts right).
            if found and config.counts_reader_agree and found[0].at in answered and any(
                    c.colour not in answered[found[0].at] for c in found):
                found = []
            if found and config.counts_reader_none <= 1 and found[0].at in SLOTS and \
                    found[0].at not in answered:
                # ...nor where it did not answer there but is sure that no canoe of the
                # colour the counts place there stands on the slot (used 114030162 at
                # 640x480: a yellow canoe on the beach in a deep shadow read brown, the
                # counts then put a yellow one on R1, where a brown one stood).
                there = SLOTS.index(found[0].at)
                per = slot_counts(rectified, light, geo, look.slot_patches, [there],
                                  [found[-1].colour]).get(there, {})
                if any(p[0] >= config.counts_reader_none for p in per.values()):
                    found = []
            if found:
                unknown.discard(found[0].at)
                why.pop(found[0].at, None)
                canoes.seen.extend(found)
    read_washed: set[str] = set()  # (slots read though a glare spot washes them out)
    under_hand: set[str] = set()  # (of them, those the rules saw a hand over)
    if in_play is not None and config.washed_by_counts and any(
            why.get(p) == WASHED_OUT for p in unknown) and all(
            why.get(p) in (WASHED_OUT, SMALL_FOREIGN) for p in unknown):
        # Only slots a glare spot washes out are left: their canoes as if it did not.
        by_counts = washed_by_counts(canoes.seen, unknown, in_play, read_canoes(
            rectified, light, geo, layout, objs, palette, before_canoes - unknown, config,
            camera_centre, gems=gems_read, blends=blends), config.max_canoes_per_slot)
        for slot in by_counts:
            unknown.discard(slot)
            why.pop(slot, None)
            discs[slot] = discs_seen[slot]
            read_washed.add(slot)
        canoes.seen[:] = [c for c in canoes.seen if c.at not in by_counts] + [
            CanoeSeen(c.colour, c.at, UNKNOWN) for found in by_counts.values() for c in found]
    # (Positions unknown only for a canoe seen nowhere, which the counts may settle.)
    unseen_only = {p for p in unknown if for_unseen_canoe(p, why.get(p) or "", config)}
    if in_play is not None and look is not None and look.slot_patches is not None and \
            config.washed_reader_confidence <= 1 and any(
                why.get(p) == WASHED_OUT for p in unknown) and all(
                washed_like(why.get(p), config) for p in unknown - unseen_only):
        # Still only slots a glare spot washes out (or what its halo looks like to the
        # rules, and positions left for a canoe seen nowhere): the learned slot reader's
        # count there, however much it says the glare hides, where it is sure of it and
        # every canoe in play is then seen once.
        by_reader = washed_by_reader(
            rectified, light, geo, look.slot_patches, canoes.seen, unknown, why, in_play,
            config)
        if not by_reader and config.washed_joint_confidence <= 1:
            # ...else those slots together, as the reader's counts make most likely.
            by_reader = washed_by_joint(
                rectified, light, geo, look.slot_patches, canoes.seen, unknown, why,
                in_play, config)
        told = [SLOTS.index(s) for s, (d, _) in by_reader.items() if d in (PRESENT, ABSENT)]
        if told and config.washed_disc_agree and look.disc_patches is not None:
            # A disc the slot reader names under the glare only where the fine disc
            # reader leans the same way (offset 122, 122050268: L2 washed out, its disc
            # gone, the slot reader 0.994 sure of one there, the fine reader 0.04).
            # (Its lean: whichever it finds likelier, 0.5; no gem asked, 2.0; however much
            # it says the glare hides, 0.0.)
            for k, fine in read_fine(rectified, light, geo, look.disc_patches, told, {},
                                     0.5, 2.0, 0.0).items():
                disc, found = by_reader[SLOTS[k]]
                if fine.disc is None or fine.disc != (disc == PRESENT):
                    by_reader[SLOTS[k]] = (UNKNOWN, found)
        for slot, (disc, _) in by_reader.items():
            unknown.discard(slot)
            if covered_by(why.pop(slot, None)):
                under_hand.add(slot)
            if slot in discs:
                discs[slot] = discs_seen[slot] if disc is None else disc
                read_washed.add(slot)
        canoes.seen[:] = [c for c in canoes.seen if c.at not in by_reader] + [
            c for _, found in by_reader.values() for c in found]
    if look is not None and look.disc_patches is not None and config.disc_confidence <= 1:
        unnamed = {(c.at, c.colour) for c in canoes.seen if c.gem == UNKNOWN}
        learned_fine(rectified, light, geo, look.disc_patches, discs, unknown, canoes.seen,
                     config, config.fine_gem_confidence if gems_read
                     else config.fine_gem_low_detail_confidence,
                     # (Not where the rules read no gems: there both readers took a pink
                     # gem in a blue canoe for violet, twice in 600 frames at 640x480.)
                     canoes.leans if gems_read else None,
                     lone_check=config.disc_check_lone
                     and detail_under(config.disc_check_lone_detail),
                     crowd_gone=detail_under(config.disc_crowd_gone_detail),
                     named={s for s in unread_discs if discs[s] != UNKNOWN},
                     check_gems=detail_under(config.fine_gem_check_detail),
                     own_gems=detail_under(config.gem_agree_own_detail),
                     slot_setup=None if gems_read else look.slot_patches,
                     reader_setup=look.slot_patches if gems_read else None,
                     votes=None if gems_read else {key: canoes.filled.get(key) for key in
                                                   (*canoes.leans, *canoes.filled)},
                     blurred=canoes.blurred,
                     gems_alone=gems_read or config.fine_gem_low_detail_alone)
        if not gems_read and config.low_detail_blend_veto > 0:
            blend_doubted(rectified, light, geo, look, canoes.seen, unnamed, canoe_bgr,
                          config)
    on_slot = Counter(c.at for c in canoes.seen)
    washed_discs = [k for k, s in enumerate(SLOTS) if s in read_washed and s not in unknown
                    and discs[s] == UNKNOWN and on_slot[s] <= 1
                    and (config.washed_disc_hand or s not in under_hand)]
    if washed_discs and look is not None and look.disc_patches is not None and \
            config.washed_disc_confidence <= 1:
        # A disc left unknown on a slot read under a glare spot: the fine disc reader's,
        # where it is sure of it however much it says the glare hides.
        # (A disc gone, the rare case, surer: ``washed_gone_confidence``.) (Not on a
        # slot the rules saw a hand over, unless ``washed_disc_hand``: a blurred hand
        # hides a rim as glare does, and may be a hand.)
        named_by_fine = {k: fine.disc for k, fine in read_fine(
            rectified, light, geo, look.disc_patches, washed_discs, {},
            config.washed_disc_confidence, 2.0, 0.0, gone_confidence=dict.fromkeys(
                washed_discs, config.washed_gone_confidence)).items()
            if fine.disc is not None}
        fine_gone = [k for k, there in named_by_fine.items() if not there]
        if fine_gone and look.slot_patches is not None and \
                config.washed_gone_slot_present <= 1:
            # A disc gone only where the slot reader does not say it is there: a hand
            # blurred by its motion can look like a glare spot to the rules and hide a
            # rim from the disc reader (used 134110084).
            for k, present in slot_discs(rectified, light, geo, look.slot_patches,
                                         fine_gone).items():
                if present >= config.washed_gone_slot_present:
                    del named_by_fine[k]
        for k, there in named_by_fine.items():
            discs[SLOTS[k]] = PRESENT if there else ABSENT
    if in_play is not None:
        landed = beach_by_elimination(canoes.seen, unknown, why, in_play,
                                      canoes.unread if config.beach_unread_gems else (),
                                      config.beach_gems_by_colour)
        if landed is not None:
            unknown.discard(BEACH)
            why.pop(BEACH, None)
            canoes.seen[:] = [c for c in canoes.seen if c.at != BEACH] + landed
    if config.gems_where_placed and (gems_read or config.empty_needs_well > 0):
        # The gems of canoes another reader placed (the slot reader, the counts) where the
        # rules read fewer of their colour: the rules' gem reading in that colour's patch
        # there, split as that many canoes (not on a slot a glare spot washes out).
        rules_read: Counter[tuple[str, str]] = Counter()
        for colour, hulls in canoes.hulls.items():
            for at, n, _ in hulls:
                rules_read[at, colour] += n
        count = Counter((c.at, c.colour) for c in canoes.seen
                        if c.at in SLOTS or config.gems_where_placed_beach)
        placed = [(at, colour, n) for (at, colour), n in count.items()
                  if gems_read and at not in unknown and at not in read_washed and
                  rules_read[at, colour] != n and all(
                      c.gem == UNKNOWN for c in canoes.seen
                      if c.at == at and c.colour == colour)]
        # (...and, for a lone canoe another reader read empty or white, whether its votes
        # there show a gem and no well after all: Canoes.filled.)
        empties = [(at, colour, 1) for (at, colour), n in count.items()
                   if config.empty_needs_well > 0 and n == 1 and at in SLOTS
                   and at not in unknown and at not in read_washed
                   and rules_read[at, colour] != 1 and (at, colour) not in canoes.filled
                   and any(c.gem in (None, "white") for c in canoes.seen
                           if c.at == at and c.colour == colour)]
        if placed or empties:
            filled: dict[tuple[str, str], str] = {}
            named = gems_where_placed(rectified, light, geo, layout, objs, palette,
                                      placed + empties, config, camera_centre, blends,
                                      split=not detail_under(
                                          config.gems_where_placed_split_detail),
                                      filled=filled,
                                      mixed=not gems_read and config.three_agree_unmixed)
            named = {key: gems for key, gems in named.items() if (*key, 1) not in empties}
            if config.placed_joe_empty_unread and blends:
                # (Not Joe's canoe empty where his middle showed neither a gem nor his
                # empty well to the rules, in a view that blurs a gem with his hull: used
                # 137030017, 0.71 camera pixels a board millimetre, his pink gem read
                # empty here.)
                unsure_joe = {at for at, colour, _ in canoes.unsure if colour == JOE_COLOUR}
                named = {(at, colour): [UNKNOWN if g is None and colour == JOE_COLOUR
                                        and at in unsure_joe else g for g in gems]
                         for (at, colour), gems in named.items()}
            canoes.filled.update(filled)
            canoes.seen[:] = [c for c in canoes.seen if (c.at, c.colour) not in named] + [
                CanoeSeen(colour, at, gem) for (at, colour), gems in named.items()
                for gem in gems]
    if in_play is not None and config.counts_at_end:
        # The counts once more, with what the readers after the rules read (a canoe
        # across two positions only while its position is still unknown: where a reader
        # read it, it is counted there).
        for at in too_many(canoes.seen, unknown, in_play, (),
                           [c for c in across_at if c.at in unknown]):
            unknown.add(at)
            why.setdefault(at, TOO_MANY)
            if at in discs:
                discs[at] = UNKNOWN
    absent_only_where_no_rim_nearby()  # (...nor where a reader after the rules read it so)
    if look is not None and config.faint_rim_gone < 1:
        # A disc whose rim showed faint at setup shows mostly by its highlight, which a
        # canoe on it hides: not read gone under a canoe.
        # (The canoes on each slot as counted above: only the beach's were read since.)
        faint_gone = [int(k) for k in np.flatnonzero(
            np.abs(look.disc_rim) < config.faint_rim_gone)
            if discs[SLOTS[k]] == ABSENT and on_slot[SLOTS[k]]]
        if faint_gone and look.disc_patches is not None and config.faint_rim_fine_gone <= 1:
            # ...unless the fine disc reader, which sees what is left of the disc beside
            # the canoe at a millimetre a pixel, is sure it is gone.
            sure_gone = {k for k, fine in read_fine(
                rectified, light, geo, look.disc_patches, faint_gone, {},
                config.faint_rim_fine_gone, 2.0, config.disc_clear_confidence,
                present_confidence=2.0).items() if fine.disc is False}
            faint_gone = [k for k in faint_gone if k not in sure_gone]
        for k in faint_gone:
            discs[SLOTS[k]] = UNKNOWN
    weather = read_weather(flat, light, geo, config,
                           look.weather_token if look is not None else None,
                           look.weather_print if look is not None else None)
    order = {p: i for i, p in enumerate((*SLOTS, BEACH))}
    debug = ReadingDebug(hulls=canoes.hulls, ratios=canoes.ratios, beach_foreign=beach_foreign,
                         why=why)
    if details:
        length, width = layout.canoe_mm
        hull_px = config.canoe_hull_share * length * width * geo.k * geo.k
        debug["beach_blobs"] = beach_blobs(objs, beach, hull_px)
        debug["beach_guard"] = guard
        debug["ground_bgr"] = _grounds_seen(zones, beach, geo, covered)
        debug["rings"] = rings.copy()
    if config.empty_needs_well > 0:
        not_empty(canoes.seen, canoes.filled, config.white_veto_share > 0)
    if config.own_gem_tint_share <= 1 and detail_under(config.gem_agree_own_detail):
        own_gem_tinted(canoes.seen, canoes.tinted)
    if config.beach_white_unknown:
        # A canoe on the beach carries no gem (it delivered it on landing): a white one
        # read there is unknown, as the empty well looks in a glare spot's light.
        canoes.seen[:] = [CanoeSeen(c.colour, c.at, UNKNOWN)
                          if c.at == BEACH and c.gem == "white" else c for c in canoes.seen]
    if blends and config.pink_gem_unviolet > 0 and look is not None and \
            look.disc_patches is not None and look.slot_patches is not None:
        # A pink gem not where a learned reader all but rules it out for violet: a violet
        # gem blurred with a warm hull (Joe's wood, a yellow canoe) is pink to the rules
        # and to one reader or the other (used 138030093, 138030094, 135030295 at
        # 640x480).
        lone = Counter((c.at, c.colour) for c in canoes.seen)
        pinks: dict[int, list[str]] = {}
        for c in canoes.seen:
            if c.gem == "pink" and c.at in SLOTS and c.at not in unknown and \
                    lone[c.at, c.colour] == 1:
                pinks.setdefault(SLOTS.index(c.at), []).append(c.colour)
        doubted = {(SLOTS[k], colour)
                   for k, said in gem_beliefs(rectified, light, geo, look.slot_patches,
                                              look.disc_patches, pinks,
                                              config.disc_clear_confidence).items()
                   for colour, beliefs in said.items()
                   if any(config.pink_gem_unviolet > b["pink"] < b["violet"]
                          for b in beliefs)}
        canoes.seen[:] = [CanoeSeen(c.colour, c.at, UNKNOWN)
                          if (c.at, c.colour) in doubted and c.gem == "pink" else c
                          for c in canoes.seen]
    if look is not None and look.disc_patches is not None and look.slot_patches is not None:
        # Gems named for canoes alone on their slots that the learned readers doubt (a
        # pink gem blurred with a blue hull is violet to the votes and to both readers,
        # its pink still showing to each: used 144030159, 144030269 at 640x480).
        doubted = gems_doubted(rectified, light, geo, look.slot_patches, look.disc_patches,
                               canoes.seen, unknown, config, blends, bool(glare.any()))
        canoes.seen[:] = [CanoeSeen(c.colour, c.at, UNKNOWN) if (c.at, c.colour) in doubted
                          else c for c in canoes.seen]
    if config.pair_gem_veto <= 1 and look is not None and look.disc_patches is not None:
        # A gem the rules named in one of two canoes of one colour on a slot, where the
        # pair reader is sure none of them carries it: unknown (and so asked of the pair
        # reader below) (140050128 near a glare spot: two empty blue canoes on L1, one's
        # lit top read as a blue gem, the pair reader 1.0 sure no blue gem is there).
        two = Counter((c.at, c.colour) for c in canoes.seen)
        gems_named: dict[int, dict[str, list[str | None]]] = {}
        for c in canoes.seen:
            if c.at in SLOTS and c.at not in unknown | read_washed and \
                    two[c.at, c.colour] == 2 and c.gem not in (None, UNKNOWN):
                gems_named.setdefault(SLOTS.index(c.at), {}).setdefault(
                    c.colour, []).append(c.gem)
        denied = pair_denies(rectified, light, geo, look.disc_patches, gems_named,
                             config.pair_gem_veto, config.pair_clear_confidence)
        canoes.seen[:] = [CanoeSeen(c.colour, c.at, UNKNOWN) if c.at in SLOTS and c.gem in
                          denied.get(SLOTS.index(c.at), {}).get(c.colour, ()) else c
                          for c in canoes.seen]
    pair_confidence = config.pair_confidence if gems_read else \
        config.pair_low_detail_confidence
    if look is not None and look.disc_patches is not None and pair_confidence <= 1:
        name_pairs(rectified, light, geo, look.disc_patches, canoes.seen,
                   unknown | read_washed, pair_confidence, config.pair_clear_confidence,
                   config.pair_empty_doubt, config.pair_empty_lean)
    reading = Reading(discs, [c for c in canoes.seen if c.at not in unknown], weather,
                      sorted(unknown, key=order.__getitem__), debug=debug)
    if in_play is not None and config.look_again_darker and unknown and \
            config.background_dark < config.setup_beach_dark and all(
                unseen_may_lie(why.get(p)) for p in unknown):
        # A hull of the sand's own shade is only a little darker than the sand, as a
        # shadow is: read once more taking such pixels for objects, as at setup.
        again = read_board(
            rectified, layout, config=replace(config, background_dark=config.setup_beach_dark),
            markers=markers, colours=palette.names, canoe_bgr=canoe_bgr, ground_bgr=ground_bgr,
            beach_guard=beach_guard, look=look, camera_centre=camera_centre,
            detail_px_per_mm=detail_px_per_mm, in_play=in_play, fit_px=fit_px,
            details=details)
        if read_again(reading, again, in_play):
            return again
    return reading


def discs_nearby(rectified: Image, geo: Geometry, objects: Image, rim_shift: Floats,
                 look: TableLook | None, config: VisionConfig) -> dict[str, str]:
    """The discs read where their rims show clearest up to
    ``config.disc_absent_search_mm`` from where they were looked for (``rim_shift``, px),
    in ``disc_absent_search_step_mm`` steps: the table's offset first, then each slot's
    own within a step of it (:func:`vision.stages.discs.disc_offsets`), rims judged as at
    this table (``look``)."""
    rims = look.disc_rim if look is not None else None
    light_rim = rims is not None and float(np.median(rims)) < 0
    step = config.disc_absent_search_step_mm
    near = disc_offsets(rectified, geo, objects, rim_shift, light_rim, replace(
        config, disc_offset_max_mm=config.disc_absent_search_mm, disc_offset_step_mm=step,
        disc_offset_local_mm=step))
    return read_discs(rectified, geo, objects, config, rims, rim_shift + near * np.float32(geo.k))


def unseen_may_lie(reason: str | None) -> bool:
    """Whether a position is unknown only because a canoe of the game seen nowhere may
    lie there, or a canoe colour looks like its ground there (the sand, the riverbed).

    >>> unseen_may_lie(HIDES), unseen_may_lie("a hand")
    (True, False)
    >>> unseen_may_lie(f"a blue canoe {LIKE_RIVERBED}: {MOTTLE}")
    True
    """
    return reason is not None and (reason.startswith(UNSEEN) or reason.endswith(LIKE_SAND)
                                   or LIKE_RIVERBED in reason)


def read_again(first: Reading, again: Reading, in_play: Mapping[str, int]) -> bool:
    """Whether a second reading of a frame (``look_again_darker``) may stand for the
    first: it reads every position, those the first read as the first did (their canoes
    and discs, and the weather), and every canoe in play exactly once.

    >>> river = [CanoeSeen("red", "T2", None)]
    >>> first = Reading(dict.fromkeys(SLOTS, PRESENT), river, 0, [BEACH])
    >>> again = Reading(first.discs, [*river, CanoeSeen("brown", BEACH, None)], 0, [])
    >>> read_again(first, again, {"red": 1, "brown": 1})
    True
    >>> read_again(first, again, {"red": 1, "brown": 2})
    False
    >>> moved = Reading(again.discs, [CanoeSeen("red", "T3", None), *again.canoes[1:]], 0, [])
    >>> read_again(first, moved, {"red": 1, "brown": 1})
    False
    """
    def read(r: Reading) -> list[tuple[str, str, str]]:
        return sorted((c.at, c.colour, str(c.gem)) for c in r.canoes
                      if c.at not in first.unknown)
    return (not again.unknown and again.weather == first.weather and read(again) == read(first)
            and all(again.discs[s] == d for s, d in first.discs.items()
                    if s not in first.unknown)
            and exact_counts(Counter(c.colour for c in again.canoes), in_play))


UNSEEN = "a canoe of the game not seen"
"""How the reason begins where a position is unknown because a canoe seen nowhere may be
there."""
HIDES = UNSEEN + "; it may hide here"
"""Why a position is unknown where the rules read it but a canoe seen nowhere may lie."""
TOO_MANY = "more canoes of a colour than in play"
"""Why a position is unknown where the rules read a canoe of a colour they read more
often than it is in play."""
BEACH_GLARE = "a glare spot on the beach may hide a canoe"
"""The beach's reason where a glare spot lies on it while a canoe is seen nowhere."""
LIKE_SAND = "looks like the sand here"
"""How the beach's reason ends where a colour of which a canoe is seen nowhere looks like
the sand (as learned at setup)."""
LIKE_RIVERBED = "looks like the riverbed here"
"""What a slot's reason says where a canoe colour looks like its riverbed there (a colour
of which a canoe is seen nowhere, or a canoe read that may be the river's mottle)."""
MOTTLE = "it may be the river's mottle"
"""...and how it goes on where the rules read a canoe of that colour there."""
DENIED = "the learned reader sees no canoe here of a colour read"
"""Why a slot the rules read is unknown where the learned slot reader is sure that no
canoe of a colour they read there stands there."""


def for_unseen_canoe(pos: str, reason: str, config: VisionConfig) -> bool:
    """Whether ``pos`` is unknown only for a canoe seen nowhere (or, with
    ``learned_counts_over``, one too many): read as the rules read it once the game's
    counts come out exact (``learned_counts_close``, ``learned_counts_unseen``,
    ``learned_counts_beach``).

    >>> for_unseen_canoe("T4", HIDES, VisionConfig())
    True
    >>> for_unseen_canoe(BEACH, BEACH_GLARE, VisionConfig(learned_counts_beach=False))
    False
    >>> for_unseen_canoe("T2", "canoe count unclear", VisionConfig())
    False
    >>> for_unseen_canoe("L2", f"a blue canoe {LIKE_RIVERBED}", VisionConfig())
    True
    >>> for_unseen_canoe("L2", f"a blue canoe {LIKE_RIVERBED}: {MOTTLE}", VisionConfig())
    False
    """
    if reason == HIDES or (config.learned_counts_over and reason == TOO_MANY):
        return True
    if config.learned_counts_unseen and reason.startswith(UNSEEN):
        return True
    if config.learned_counts_camouflage and pos != BEACH and reason.endswith(LIKE_RIVERBED):
        return True
    return config.learned_counts_beach and pos == BEACH and (
        reason == BEACH_GLARE or reason.endswith(LIKE_SAND))


def piece_share(colour: str, share: float, config: VisionConfig) -> float:
    """The share of a canoe's area the rules must see of ``colour`` on a slot for it to
    count against (or be checked by) the learned slot reader: ``share``, and for
    Diamanten Joe's colour ``config.learned_piece_joe`` (his pale wood is what hulls
    blurred with their gems look like).

    >>> piece_share("red", 0.2, VisionConfig()), piece_share(JOE_COLOUR, 0.2, VisionConfig())
    (0.2, 0.9)
    """
    return config.learned_piece_joe if colour == JOE_COLOUR else share


def learned_slots(rectified: Image, light: Light, geo: Geometry, setup: Image,
                  colours: Sequence[str], seen: list[CanoeSeen], discs: dict[str, str],
                  unknown: set[str], why: dict[str, str], in_play: Mapping[str, int] | None,
                  config: VisionConfig, gems: bool = True,
                  discs_seen: Mapping[str, str] | None = None,
                  on_way: Iterable[str] = (),
                  leans: dict[tuple[str, str], list[str | None]] | None = None,
                  unread: Sequence[CanoeSeen] = (),
                  colour_areas: Mapping[str, Mapping[str, float]] | None = None,
                  pieces: Sequence[tuple[str, str, float]] = (),
                  contested: Mapping[str, Sequence[str]] | None = None,
                  transit: Mapping[str, Collection[str]] | None = None,
                  none_of: set[str] | None = None,
                  ways: Callable[[], Mapping[tuple[int, int], float]] | None = None,
                  hull_bgr: Mapping[str, BGR] | None = None,
                  joe_held: Collection[str] = (),
                  mottled: Collection[tuple[str, str]] = (),
                  ) -> dict[str, list[str]]:
    """The learned slot reader (:mod:`vision.stages.learned`) where the rules left a river
    slot unknown, or the disc or a canoe's gem on one: where it is sure that nothing covers
    the slot (``config.learned_clear_confidence``: no hand, no glare spot) and of its
    canoes (``learned_confidence``), it reads an unknown slot (kept only while no colour is
    then seen more often than it is in play, nor a canoe seen nowhere that may stand on the
    slot unless it is ``unseen_reader_empty`` sure the slot is empty and clear while
    another position stays unknown, nor where the rules saw more of a colour seen nowhere
    than of those it reads, ``learned_area_against``; where the rules' reason says a canoe
    on the move may lie over it, ``stages.learned.MOVING``, only while every canoe in play
    is then seen; less sure, ``learned_unsure_confidence``, only while every canoe in play
    is then seen too (or it is ``learned_unsure_elsewhere`` sure that none of those seen
    nowhere stands there, with another position still unknown), and less sure still,
    ``learned_agree_confidence``, only where the rules also saw each canoe it reads there
    in its colour, ``colour_areas``, not only inside an object of another colour,
    ``learned_agree_within``), and on a slot the rules read the same canoes on, the
    disc and gems they left unknown; a slot the rules read with a canoe whose middle they
    did not see, or where another colour than
    theirs shows (``config.learned_mixed_share``), where it is
    ``config.learned_veto_confidence`` sure of other canoes, or the latter
    ``config.learned_mixed_present`` sure of a canoe of that colour seen nowhere, or
    ``config.learned_mixed_denied`` sure that no canoe of a colour read there stands there
    while that leaves the colour seen too seldom and it is sure of one on a slot read
    without it (that slot too; or on an unknown slot, ``learned_denied_unknown``), or
    ``config.learned_gemless_denied`` sure that no canoe stands there of the colour of one
    whose middle the rules did not see (where gems are not read, a slot they read with
    ``config.learned_blurred_crowd`` canoes or more is asked too), it makes unknown; a slot whose
    canoes the rules could not count it reads only while no canoe of a colour it reads
    there is then seen nowhere with every other position read
    (``config.learned_short_count``). Without ``gems`` (a millimetre spans too few of the
    camera's pixels, ``config.gem_min_detail``) it names no gem either. Fills ``seen``
    and ``discs``, and takes the slots it read out of ``unknown`` (or puts the ones it
    disagrees on in). On a slot it reads that way, the gem the rules named for the only
    canoe of a colour there (``unread``: the canoes they read where they left the position
    unknown), where it reads that canoe alone too and leaves its gem unknown, goes into
    ``leans`` (what the rules' votes lean to, for the fine gem reader to name where it
    says the same; ``config.learned_rules_gems``). A slot in ``contested`` (taken back
    from the rules' canoes there, their colours given) it reads with other colours only
    where it is ``config.reader_contested_confidence`` sure. A slot in ``transit`` (per
    colour, the slots something foreign of mostly that colour lies near, taken for a canoe
    on its way) it reads, while that is the one canoe then seen nowhere, only where it is
    ``config.learned_transit_sure`` sure, and while it is one of several seen nowhere,
    ``config.learned_transit_several`` sure (with ``learned_transit_several_empty``, only
    where it reads the slot empty). Where the rules saw next to none of each
    colour it reads on a slot (``config.learned_area_bare``), a colour seen nowhere counts
    against it from ``config.learned_area_bare_other`` of a canoe, Joe's too, a player's
    from ``config.learned_area_bare_player``. A slot left unknown only as where a canoe
    seen nowhere may hide it reads with no fewer canoes of a colour than the rules read
    there (``config.learned_hides_fewer``). A piece of Joe's colour on a slot in
    ``joe_held`` (where the rules saw his canoe's shape and held it for the counts)
    speaks against a reading without him from ``config.learned_piece_joe_held`` of a
    canoe; a slot the rules saw a canoe between is not read with a colour they found
    between two slots while no other such slot is read (``config.learned_between_pair``);
    nor one it reads with fewer canoes than the colours the rules saw there in pieces of
    ``config.learned_piece_beside`` of a canoe, one a player's seen too seldom and not
    read there (not a piece of a colour like the riverbed there: ``mottled``, slot and
    colour, ``config.learned_beside_mottle``). Returns, per
    slot it was asked about and answered (``learned_unsure_confidence`` sure or more), the
    colours it read there; ``none_of``, where given, gets the slots it read with canoes
    where a canoe seen nowhere may have stood, sure that none of those stands there
    (``config.unseen_reader_none``)."""
    held = {c.at for c in seen if c.gem == UNKNOWN and gems} | {
        s for s in SLOTS if discs[s] == UNKNOWN}
    # The slots the rules read where another colour than those read shows, at least
    # ``learned_mixed_share`` of a canoe's area (of Joe's pale colour, what hulls blurred
    # with their gems look like, ``learned_piece_joe``): a hull's colour may lie between
    # two players' (used 78110202, motion: a yellow canoe on R2 read brown by the rules,
    # 0.49 of a canoe brown and 0.21 yellow, the reader 0.99992 sure of one yellow).
    mixed: set[str] = set()
    if config.learned_mixed_share <= 1:
        read_at = {s: {c.colour for c in seen if c.at == s} for s in SLOTS if s not in unknown}
        mixed = {s for s, theirs in read_at.items() if theirs and any(
            c not in theirs and a >= piece_share(c, config.learned_mixed_share, config)
            for c, a in (colour_areas or {}).get(s, {}).items())}
    held |= mixed
    if not gems:
        # Hulls blurred into one another, their blend perhaps another canoe's colour:
        # asked too, for a canoe the reader denies (fresh 152030293 at 640x480).
        crowd = Counter(c.at for c in seen)
        held |= {s for s in SLOTS if crowd[s] >= config.learned_blurred_crowd}
    ask = [i for i, s in enumerate(SLOTS)
           if (s in unknown and s in why) or (s not in unknown and s in held)]
    sure = config.learned_confidence
    got = read_learned(rectified, light, geo, setup, ask,
                       min(sure, config.learned_unsure_confidence,
                           config.learned_agree_confidence),
                       config.learned_gem_confidence if gems else 2.0,  # (no gem)
                       config.learned_clear_confidence, disc_confidence=sure)
    answered = {SLOTS[i]: list(r.colours) for i, r in got.items()
                if r.sure >= config.learned_unsure_confidence}
    if in_play is not None and config.learned_mixed_present <= 1:
        # A slot the rules read where another colour shows and the reader is
        # ``learned_mixed_present`` sure a canoe of it stands there, one seen nowhere:
        # unknown (reporting 148050169, glare: T1's blue canoe beside two green ones read
        # as two greens, blue 0.16 of a canoe's area there, the reader 0.998 sure of one
        # blue canoe and 0.72 of one green, the blue canoe seen nowhere).
        seen_of = Counter(c.colour for c in seen)
        lacking = [c for c, n in in_play.items() if seen_of[c] < n]
        covered: dict[int, float] = {}
        def read_on(i: int) -> Counter[str]:
            """The canoes of each colour the rules read on slot ``i``, as ``seen`` is now."""
            return Counter(c.colour for c in seen if c.at == SLOTS[i])

        mixed_at = [SLOTS.index(s) for s in mixed - unknown]
        here = {i: read_on(i) for i in mixed_at}
        mixed_counts = slot_counts(rectified, light, geo, setup, mixed_at,
                                   sorted(set(lacking).union(*here.values())),
                                   covered=covered)
        # A colour read on such a slot where the reader is ``learned_mixed_denied`` sure no
        # canoe of it stands: where that leaves the colour seen too seldom, a read slot
        # where the reader is ``learned_mixed_present`` sure of one of it, and the slots
        # that denied it, are unknown (fresh 152090174, 2,700 K: a brown canoe on T3 read
        # as Joe, where the reader was 0.993 sure of no Joe, and Joe on R1 beside a brown
        # canoe read as a second brown, the reader 0.999 sure of Joe there). (Every slot
        # that denied a colour made unknown, the slot reader then read Joe's canoe away
        # under OpenCV 4: used 135030126.) A slot the reader is sure of one of it on may be
        # unknown already: then only the slots that denied it are taken back (fresh
        # 152090174 under OpenCV 4, where the rules leave R1 unknown).
        denied: dict[str, list[int]] = {}
        for i, per in mixed_counts.items():
            if 1.0 - covered[i] >= config.learned_clear_confidence:
                for colour in here[i]:
                    if per[colour][0] >= config.learned_mixed_denied:
                        denied.setdefault(colour, []).append(i)
        denied_short = [k for k, at in denied.items() if k not in lacking
                        and seen_of[k] - sum(here[i][k] for i in at) < in_play.get(k, 0)]
        if denied_short:
            still_read = [i for i, s in enumerate(SLOTS)
                          if (s not in unknown or config.learned_denied_unknown)
                          and not any(i in denied[k] for k in denied_short)]
            elsewhere: dict[int, float] = {}
            for i, per in slot_counts(rectified, light, geo, setup, still_read, denied_short,
                                      covered=elsewhere).items():
                found = [c for c, p in per.items()
                         if c not in read_on(i) and 1.0 - p[0] >= config.learned_mixed_present]
                if found and 1.0 - elsewhere[i] >= config.learned_clear_confidence:
                    if SLOTS[i] not in unknown:
                        take_back(SLOTS[i], "a canoe seen nowhere else may stand here", seen,
                                  discs, unknown, why)
                    for j in {j for c in found for j in denied[c]}:
                        take_back(SLOTS[j], DENIED, seen, discs, unknown, why)
        for i, per in mixed_counts.items():
            read_here = read_on(i)
            if SLOTS[i] not in unknown and 1.0 - covered[i] >= config.learned_clear_confidence \
                    and any(c not in read_here and 1.0 - p[0] >= config.learned_mixed_present
                            for c, p in per.items() if c in lacking):
                take_back(SLOTS[i], "a canoe seen nowhere else may stand here", seen, discs,
                          unknown, why)
    # A slot the rules read: the disc and gems they left unknown, where the reader sees
    # the same canoes there (and is ``learned_confidence`` sure of them).
    for i in [i for i in got if SLOTS[i] not in unknown]:
        slot, read = SLOTS[i], got.pop(i)
        mine = [c for c in seen if c.at == slot]
        if any(c.gem == UNKNOWN and read.absent.get(c.colour, 0.0)
               >= config.learned_gemless_denied for c in mine):
            # A canoe whose middle the rules did not see, of a colour the reader is sure
            # does not stand here: perhaps hulls' blend (fresh 152030293).
            take_back(slot, DENIED, seen, discs, unknown, why)
            continue
        if read.sure < sure:
            continue
        if sorted(c.colour for c in mine) != read.colours:
            if read.sure >= config.learned_veto_confidence and (slot in mixed or any(
                    c.gem == UNKNOWN for c in mine)):
                # Two readers disagree on a slot where the rules saw a canoe but neither
                # its gem nor its empty well (the river's mottle read as a canoe of the
                # river's hue, a hull's colour shifted by a glare spot's light): unknown.
                take_back(slot, "the canoes here look different to the learned reader", seen,
                          discs, unknown, why)
            continue
        if discs[slot] == UNKNOWN and read.disc is not None:
            discs[slot] = PRESENT if read.disc else ABSENT
        gem = dict(read.canoes)
        if leans is not None and config.learned_lean_veto:
            # Not a white gem where the rules' votes lean to a coloured one: a coloured
            # gem blurred with a hull of the opposite hue is grey (reporting 83040175: a
            # pale blue gem in a yellow canoe, 29 blue votes and 21 white, named white
            # 0.9995 sure). (Not against other gems: used 81 and 82, a pink gem the
            # votes leaned to violet, a gem where they leaned to the well, a lean to the
            # hull's own colour, each named right.)
            # Nor a gem of the canoe's own colour where they lean to another gem: a
            # hull's own colour round a pale gem (used 92010294, 30 degrees of tilt: a
            # blue canoe with a white gem, 18 white votes and 7 blue, named blue).
            # Nor a gem that looks like the one they lean to blurred with the hull
            # (``hull_bgr``: the canoes' colours at this table; used 135010278, 30
            # degrees of tilt: a blue canoe's pink gem, 44 pink votes and 34 violet,
            # named violet 0.999 sure).
            for c in mine:
                lean = leans.get((slot, c.colour), [])
                said = gem[c.colour]
                if c.gem == UNKNOWN and len(lean) == 1 and lean[0] not in (None, UNKNOWN, said) \
                        and (said == "white" or (config.learned_own_gem_veto
                                                 and said == c.colour) or (
                            config.learned_blend_veto > 0 and hull_bgr is not None
                            and said is not None and c.colour in hull_bgr and blend_of(
                                said, lean[0], hull_bgr[c.colour], config,
                                config.learned_blend_veto))):
                    gem[c.colour] = UNKNOWN
        seen[:] = [c for c in seen if c.at != slot] + [
            CanoeSeen(c.colour, slot, gem[c.colour]) if c.gem == UNKNOWN and sum(
                k.colour == c.colour for k in mine) == 1 else c for c in mine]
    fill = {i: r for i, r in got.items() if all(c in colours for c in r.colours)}
    if contested:
        # A slot taken back from the rules' canoes because the reader sees a canoe seen
        # nowhere there: read in other colours only where it is
        # ``reader_contested_confidence`` sure (two readers disagree).
        fill = {i: r for i, r in fill.items() if SLOTS[i] not in contested
                or r.sure >= config.reader_contested_confidence
                or not Counter(contested[SLOTS[i]]) - Counter(r.colours)}
    # Less sure still, only where the rules saw every canoe it reads there in its colour
    # (each colour's canoe-like area, ``colour_areas``, at least ``learned_agree_share`` of
    # a canoe's each): two readers agree on the colours, so no two slots' canoes are
    # swapped with the counts kept (used 67090085, 2,700 K: a red canoe with a white gem
    # on L2 and a green one with a pink gem on R2 kept under 0.4 of a canoe's colour
    # area, "canoe-like area unread"; the reader 0.97 and 0.94 sure of them). Both can
    # still take one colour for another in the same light, so the counts stay the check
    # (used 64060126: a yellow canoe beside a red one read brown by both, 0.86 sure, and
    # a third brown canoe then seen: every slot read with brown stayed unknown).
    # Nor where a colour it reads there showed the rules in no object mostly of it, while
    # an object of another colour there is more than one canoe (``learned_agree_within``:
    # the colour lies inside it, a rim or a gem of those canoes; fresh 151100295, clutter,
    # two red canoes on R2, one with a yellow gem, 0.4 of a canoe's area brown within a
    # red object of 1.14 canoes; the reader 0.897 sure of a brown canoe beside a red one).
    # (Each colour's biggest piece per slot, here and for ``learned_piece_beside``.)
    biggest: dict[tuple[str, str], float] = {}
    for where, colour, size in pieces:
        biggest[where, colour] = max(size, biggest.get((where, colour), 0.0))

    def within_other(slot: str, colour: str) -> bool:
        """Whether the rules saw ``colour`` on ``slot`` in no object mostly of it, while one
        of another colour there is over ``learned_agree_within`` canoes."""
        return biggest.get((slot, colour), 0.0) <= 0 and any(
            size > config.learned_agree_within
            for (where, other), size in biggest.items() if where == slot and other != colour)

    fill = {i: r for i, r in fill.items() if r.sure >= config.learned_unsure_confidence or (
        r.colours and colour_areas is not None and all(
            colour_areas.get(SLOTS[i], {}).get(c, 0.0) >= config.learned_agree_share * n
            and not within_other(SLOTS[i], c) for c, n in Counter(r.colours).items()))}
    if not fill:
        return answered

    def counted(got: Mapping[int, SlotRead]) -> Counter[str]:
        """Canoes of each colour seen at known positions with the reader's ``got``."""
        known = Counter(c.colour for c in seen if c.at not in unknown)
        for read in got.values():
            known.update(read.colours)
        return known

    def missing(got: Mapping[int, SlotRead]) -> set[str]:
        """Colours of which a canoe in play is seen nowhere with the reader's ``got``."""
        known = counted(got)
        return {c for c, n in (in_play or {}).items() if known[c] < n}

    if in_play is not None:
        over = {c for c, n in counted(fill).items() if n > in_play.get(c, 0)}
        if over and config.learned_over_doubts:
            # Its reading would see a colour more often than in play: where it is sure of
            # it, one the rules read of that colour elsewhere may be the wrong one. Where
            # the reader, asked there, leans against the rules' canoes of that colour,
            # that slot is unknown too (used 89090009, 2,700 K: a yellow canoe with a
            # white gem on T4 read as brown with a blue gem, the reader 0.75 sure of no
            # brown there and 0.9998 of the brown canoe on R1, which the rules could not
            # count).
            sure_over = {c for i, r in fill.items() if r.sure >= sure for c in r.colours
                         if c in over}
            rules_read = Counter((c.at, c.colour) for c in seen if c.colour in sure_over)
            asked = sorted({SLOTS.index(at) for at, _ in rules_read if at in SLOTS})
            for k, per in slot_counts(rectified, light, geo, setup, asked,
                                      sorted(sure_over)).items():
                slot = SLOTS[k]
                doubted = [c for c, p in per.items()
                           if rules_read[slot, c] and sum(p[rules_read[slot, c]:]) < 0.5]
                if doubted:
                    take_back(slot, f"more {doubted[0]} canoes than in play; the learned "
                              "reader sees none here", seen, discs, unknown, why)
        fill = {i: r for i, r in fill.items() if not over & set(r.colours)}
        if config.learned_too_many_rest:
            # Nor a slot left unknown for more canoes of a colour than in play where it
            # reads that colour, while the rules' canoes of it on the beach (which it
            # never reads), left so too, make up that colour's count with it: the rules'
            # canoe on this slot may be the one too many (used 146050177, glare: a yellow
            # canoe on T5 in a hand's deep shadow read brown by the rules and by the
            # reader, 0.994 sure, both brown canoes read on the beach). (Not for a slot
            # it does not read: used 142030016 and 143050009, the one too many was
            # there.)
            there = Counter(c.colour for c in seen
                            if c.at == BEACH and why.get(BEACH) == TOO_MANY)
            known = counted(fill)
            fill = {i: r for i, r in fill.items() if why[SLOTS[i]] != TOO_MANY or not any(
                known[c] + there[c] > in_play.get(c, 0) for c in set(r.colours))}
        # A slot left unknown because a canoe seen nowhere may hide there stays unknown
        # while that canoe would still be seen nowhere, unless something covers another
        # position (a hand, a sleeve), where it may lie: otherwise it may stand half off
        # this slot, where the network never saw a canoe (reporting 48120059: a green
        # canoe between T3 and T4, read nowhere; the network read T3, T4 and T5 empty;
        # 49120085, 49120120, 49120232: likewise, with the beach also unknown).
        under = [p for p in unknown - {SLOTS[i] for i in fill} if covered_by(why.get(p))]
        # The positions left unknown only because the canoe seen nowhere may hide there,
        # the rules' reading there counted: where with the reader's the game's counts then
        # come out exact (every canoe in play seen, none too many), the canoe has been
        # found and those positions are read as the rules read them (used 63000163: two
        # blue canoes on a blue river no object, the reader sure of both; the rules' eight
        # unknown positions all read).
        hides = {p for p in unknown - {SLOTS[i] for i in fill}
                 if for_unseen_canoe(p, why.get(p) or "", config)}
        if config.learned_counts_unsure and not under and missing(fill):
            # ...and so, where a slot left unknown only so is one the reader reads less
            # sure than ``learned_confidence``, seeing no canoe there the rules do not:
            # the rules' reading there, where with it the counts come out exact.
            doubt = {i for i, r in fill.items() if r.sure < sure and for_unseen_canoe(
                SLOTS[i], why.get(SLOTS[i]) or "", config) and not (
                Counter(r.colours) - Counter(c.colour for c in seen if c.at == SLOTS[i]))}
            rest = {i: r for i, r in fill.items() if i not in doubt}
            also = hides | {SLOTS[i] for i in doubt}
            if doubt and exact_counts(counted(rest) + Counter(
                    c.colour for c in seen if c.at in also), in_play):
                fill, hides = rest, also
        if config.learned_counts_close and hides and not under and exact_counts(
                counted(fill) + Counter(c.colour for c in seen if c.at in hides), in_play):
            for p in hides:
                unknown.discard(p)
                why.pop(p, None)
                if p in discs and discs_seen is not None:
                    discs[p] = discs_seen[p]
        if missing(fill) and not under:
            # ...unless the reader is ``unseen_reader_empty`` sure that no canoe stands
            # there and nothing covers it, while a position it does not read stays
            # unknown, where the canoe may be (used 110050145, glare: a canoe seen
            # nowhere, five slots left for it, T4 empty, the reader 0.99999 sure).
            vacant = {i for i, r in fill.items() if not r.colours and why[
                SLOTS[i]].startswith(UNSEEN) and r.sure >= config.unseen_reader_empty}
            if vacant and ways is not None and config.learned_beside_hidden <= 1:
                # ...and not beside a slot left unknown so too that it sees something
                # over (``learned_beside_hidden`` sure), where this slot's half of the
                # river towards it changed since setup (``slot_look_changed``): a canoe
                # between two slots looks so to the reader, over the slot it lies most
                # over, and the canoe seen nowhere may be that one, on its way from this
                # slot (reporting 130120175, between: a blue canoe with a white gem two
                # thirds of the way from L1 to L2, beside L2's brown canoe, seen nowhere;
                # L1 read empty, the reader 0.999 sure of that and 0.996 that something
                # lies over L2). (Asked beside every such slot, used 128 lost 8 clear
                # positions of the between condition, each beside the slot a canoe lay
                # most over but on its far side.)
                changed = ways()

                def beside(i: int) -> set[int]:
                    slot = SLOTS[i]
                    return {SLOTS.index(p) for p in neighbours(slot) if p in SLOTS and p in unknown
                        and p not in read_now and why[p].startswith(UNSEEN)
                        and changed.get((i, SLOTS.index(p)), 0.0) >= config.slot_look_changed}

                read_now = {SLOTS[i] for i in fill}
                lies_over: dict[int, float] = {}
                slot_counts(rectified, light, geo, setup,
                            sorted({k for i in vacant for k in beside(i)}), COLOURS[:1],
                            covered=lies_over)
                vacant = {i for i in vacant if not any(
                    lies_over.get(k, 0.0) >= config.learned_beside_hidden for k in beside(i))}
            # ...or, sure of its canoes there (``learned_confidence``), is
            # ``learned_unsure_elsewhere`` sure that none of the colours seen nowhere
            # stands there (``unseen_reader_none``; used 121010169, parallax: T2's green
            # and blue canoes read 0.9999 sure, a brown canoe seen nowhere, under T3's
            # green one).
            # (Seen nowhere: not read, nor seen by the rules where they left a position
            # unknown only for such a canoe.)
            ask = [i for i, r in fill.items() if r.colours and r.sure >= sure and why[
                SLOTS[i]].startswith(UNSEEN)] if config.unseen_reader_none else []
            known = counted(fill) + Counter(c.colour for c in seen if c.at in hides)
            nowhere = sorted(c for c, n in (in_play or {}).items() if known[c] < n)
            if ask and nowhere:
                clear_of = {k for k, per in slot_counts(rectified, light, geo, setup, ask,
                                                        nowhere).items()
                            if all(c in per and sum(per[c][fill[k].colours.count(c) + 1:])
                                   <= 1 - config.learned_unsure_elsewhere for c in nowhere)}
                vacant |= clear_of
                if none_of is not None:
                    none_of.update(SLOTS[k] for k in clear_of)
            kept = {i: r for i, r in fill.items()
                    if not why[SLOTS[i]].startswith(UNSEEN) or i in vacant}
            if not unknown - {SLOTS[i] for i in kept}:
                kept = {i: r for i, r in kept.items() if i not in vacant}
            fill = kept
    # A slot a canoe on the move may lie over is read only where every canoe in play is
    # then seen (not at all without the game's counts): one seen nowhere may be the canoe
    # on its way, half over the slot (reporting 50120072: a blue canoe half way from T5 to
    # L1, seen nowhere, T5 read empty). Not even where a hand may hide it: a canoe between
    # two slots looks like a hand to the rules (so relaxed, reporting offsets 50-51 read
    # 0.19 % more clear slots, with 5 more wrong, all such canoes between T5 and L1).
    # Nor where a canoe of a colour the rules found between two slots, read there, is what
    # makes the counts come out: it may be the one on its way (reporting 64120137: a red
    # canoe 0.69 of the way from T3 to T4, found by the rules off T3's centre, one canoe
    # or two, read by the reader on T4, 0.9943 sure), unless the reader is
    # ``learned_moving_confidence`` sure of those slots (used 63060274: the rules took a
    # blue canoe on a blue river, a fragment off L2's centre, for one between L1 and L2;
    # the reader read both, 0.9999 sure, and right).
    steady = {i: r for i, r in fill.items() if not moving_by(why[SLOTS[i]])}
    if config.learned_moving_marked:
        # Nor, less than that sure, a slot one canoe-coloured object lies across with
        # another: the canoe caught across the two, read on this one, makes the counts
        # come out whether it stands here or not (used 88120049).
        fill = {i: r for i, r in fill.items() if not r.colours or ACROSS not in why[
            SLOTS[i]] or r.sure >= config.learned_moving_confidence}
    if in_play is None or missing(fill):
        fill = steady
    elif set(on_way) & missing(steady):
        fill = {i: r for i, r in fill.items()
                if i in steady or r.sure >= config.learned_moving_confidence}
    if config.learned_between_pair:
        # Nor, however sure, a slot the rules saw a canoe between it and another, with a
        # colour they found between two slots, while it reads no other such slot: the
        # canoe it reads may be the one on its way, mostly over this slot (used 139120063:
        # a red canoe most of the way from T4 to T5, read on T5, 1.0 sure; T4 under it).
        between = {s for s in SLOTS if why.get(s) == BETWEEN_SLOTS}
        read_there = {SLOTS[i] for i, r in fill.items() if r.colours}
        fill = {i: r for i, r in fill.items() if not (
            SLOTS[i] in between and set(r.colours) & set(on_way)
            and between - read_there - {SLOTS[i]})}
    # So is a slot a glare spot washes out: a canoe washed towards white there looks like
    # Joe's pale wood (reporting 63030232 at 640x480: a blue canoe with a white gem read
    # as Joe, the blue canoe then seen nowhere).
    if config.learned_washed_counts and (in_play is None or missing(fill)):
        fill = {i: r for i, r in fill.items() if why[SLOTS[i]] != WASHED_OUT}
    if in_play is not None:
        # Nor a slot a hand lies near where it reads a colour of which a canoe is still
        # seen nowhere: another of that colour may stand there, half under the hand
        # (reporting 54050232, under glare: two red canoes and Joe on T5, no hand in the
        # frame but something the rules took for one there, read with one red). On
        # offsets 50-51 this keeps 0.03 % of clear slots unknown (every slot so, not only
        # those near a hand, 0.16 %).
        # Unless it reads one canoe at most there, ``learned_hand_sure`` sure (used
        # 108110094, motion: a red canoe on T3 beside a blurred hand, the other red
        # under it; the reader 0.9998 sure of one red there, 54050232's 0.9909).
        short = missing(fill)
        fill = {i: r for i, r in fill.items()
                if not (covered_by(why[SLOTS[i]]) and short & set(r.colours)) or (
                    len(r.colours) <= 1 and r.sure >= config.learned_hand_sure)}
        if short and config.learned_covered_bare:
            # Nor one it reads bare, no canoe and its disc gone: a sleeve of the river's
            # hue over the slot looks so to it, a canoe and the disc under it (used
            # 146110218, motion: R1's brown canoe and disc under a blue sleeve, "riverbed
            # covered" to the rules; the reader 0.995 sure the slot is clear, 1.0 of no
            # canoe and no disc).
            fill = {i: r for i, r in fill.items() if not (
                covered_by(why[SLOTS[i]]) and not r.colours and r.disc is False)}
    if in_play is not None and transit and config.learned_transit_sure <= 1:
        # Nor, less than ``learned_transit_sure`` sure, a slot something foreign lies near
        # that is mostly the colour of the one canoe still seen nowhere: that canoe on its
        # way, half over the slot, where the reader never saw one (used 116120197,
        # between: a yellow canoe half way from L1 to L2, taken for something foreign
        # near both; the reader read L1 with its green canoe alone, 0.96 sure, the yellow
        # one seen nowhere). (With more canoes seen nowhere, the thing is more likely a
        # hand over them: used 114 and 115 lost 6 clear positions so, none read wrongly.)
        # With several seen nowhere, such a slot near a thing mostly the colour of any of
        # them is read only ``learned_transit_several`` sure (used 117120269, between: a
        # blue canoe two thirds of the way from R1 to R2, merged with R2's red canoe into
        # something foreign, mostly red; R1 read empty, 0.958 sure, with the blue and the
        # red canoe seen nowhere): where it reads the slot empty, with
        # ``learned_transit_several_empty`` (where it reads canoes there it saw the slot's
        # own: used 118000133, art, R2's two blue canoes read 0.893 sure, right).
        known = counted(fill)
        gone = [c for c, n in in_play.items() for _ in range(n - known[c])]
        if len(gone) == 1:
            fill = {i: r for i, r in fill.items() if r.sure >= config.learned_transit_sure
                    or SLOTS[i] not in transit.get(gone[0], ())}
        elif gone and config.learned_transit_several <= 1:
            near = {p for c in set(gone) for p in transit.get(c, ())}
            fill = {i: r for i, r in fill.items()
                    if r.sure >= config.learned_transit_several or SLOTS[i] not in near
                    or (config.learned_transit_several_empty and r.colours)}
    if in_play is not None and config.learned_riverbed_short:
        # Nor a slot the rules left unknown because a colour looks like the riverbed
        # there, where it reads that colour with a canoe of it then still seen nowhere:
        # another of it may stand there, as like the riverbed to the reader (used
        # 87030091 at 640x480: two blue canoes and a red one on R2, a blue one looking
        # like the riverbed, read as one blue and the red, 0.992 sure). Not where a hand
        # or a sleeve covers another position: the canoe may be under it (used 86110004:
        # a blue canoe and Joe on T2, read so, the other blue under a hand on the beach).
        short = missing(fill)
        if not any(covered_by(why.get(p)) for p in unknown - {SLOTS[i] for i in fill}):
            fill = {i: r for i, r in fill.items() if r.sure >= config.learned_riverbed_confidence
                    or not any(f"a {c} canoe {LIKE_RIVERBED}: {MOTTLE}" in why[SLOTS[i]]
                               for c in short & set(r.colours))}
    # (With ``learned_camouflage_joe_start``, only T1 while Joe is in play: see below.)
    watched = {s for s in SLOTS if not config.learned_camouflage_joe_start or (
        s == "T1" and in_play is not None and JOE_COLOUR in in_play)}
    if in_play is not None and config.learned_camouflage_beside and watched and not any(
            moving_by(why.get(p)) or covered_by(why.get(p))
            for p in unknown - {SLOTS[i] for i in fill}):
        # Nor, with canoes of other colours only, a slot the rules left unknown because a
        # canoe of a colour still seen nowhere would look like the riverbed there: beside
        # another canoe, it is no object to the reader either (used 112050079). (Not where
        # a canoe on the move or a hand may hide it elsewhere: used 111120025 and
        # 111120037, between, a blue canoe across T1 and T2; 111110223, motion, a hand.)
        # (Only while more of it are seen nowhere than the rules read at the other
        # positions left unknown: used 111020166, a wide-angle lens, two blue canoes read
        # by the rules on T4, left unknown for its area, and a yellow canoe on T5 read so.)
        # (And with ``learned_camouflage_joe_start`` only on T1 while Joe is in play: his
        # canoe stood there in the setup photo the reader compares with; on every slot,
        # used 110 and 111 lost 27 clear positions, the reader right on each.)
        counts = counted(fill)
        ruled_at = Counter((c.colour, c.at) for c in unread if c.at in unknown)

        def hides_here(slot: str, colour: str) -> bool:
            elsewhere = sum(n for (c, at), n in ruled_at.items() if c == colour and at != slot)
            return (why[slot] == f"a {colour} canoe {LIKE_RIVERBED}"
                    and counts[colour] + elsewhere < in_play.get(colour, 0))

        fill = {i: r for i, r in fill.items() if not r.colours or SLOTS[i] not in watched
                or not any(hides_here(SLOTS[i], c) for c in set(in_play) - set(r.colours))}
    if in_play is not None and config.learned_short_count and not (
            unknown - {SLOTS[i] for i in fill}):
        # Where the rules could not count a slot's canoes and no position would be left
        # unknown, the reader's count is kept only while no canoe of a colour it reads
        # there is then seen nowhere: it may have counted one canoe of two side by side
        # (reporting 59040025: two red canoes on T1, "canoe-like area unread", read as
        # one red, every other position read). (With any other position unknown, the
        # canoe may be there: so kept, on used offsets 50-51 0.9 % of clear positions
        # were left unknown.)
        short = missing(fill)
        fill = {i: r for i, r in fill.items()
                if not (uncounted_by(why[SLOTS[i]]) and short & set(r.colours))}
    if in_play is not None and pieces:
        # Nor a slot where the rules saw more pieces of a colour still seen too seldom
        # (each ``learned_piece_ratio`` of a canoe or more) than it reads canoes of it
        # there, where it reads one of that colour there (two canoes side by side taken
        # for one) or where the rules saw no piece of any colour it reads there
        # (``learned_piece_own``; that colour taken for another), or none of one of them
        # (``learned_piece_each``: used 103030238 at 640x480, Joe with a violet gem beside
        # an empty blue canoe on T4, his wood 0.96 of a canoe and the blue 0.92, read as
        # blue and yellow, no yellow piece there, Joe seen nowhere): used 76090043, 2,700 K,
        # two red canoes and a blue one on T4, two red pieces 0.61 and 0.66 of a canoe,
        # read as blue and one red, the other red then seen nowhere; 76110219, motion,
        # Diamanten Joe on T4, 0.94 of a canoe of his colour, read as a yellow canoe, Joe
        # seen nowhere. (A piece beside one of a colour it reads may be that canoe's hull
        # blurred with its gem, pale like Joe's wood: used 74030087 and 75030170 at
        # 640x480, a yellow and a brown canoe read right; so a piece of Joe's colour
        # counts only from ``learned_piece_joe``: used 74030253, 0.67 of a canoe on a
        # yellow canoe with a violet gem, at 640x480.) A piece of ``learned_piece_pair``
        # canoes counts as two: two canoes of one colour touching (used 104020208, a
        # wide-angle lens: a blue piece of 1.78 canoes on T2, read as one blue and a red).
        short = missing(fill)
        shown: Counter[tuple[str, str]] = Counter()
        for at, colour, ratio in pieces:
            # (Joe's from ``learned_piece_joe_held`` where the rules saw his canoe's shape
            # and held it for the counts, whatever else it reads there: used 135030126 at
            # 640x480, his empty canoe beside a blue one on R1, 0.86 of a canoe of his
            # colour, read as the blue alone.)
            need = config.learned_piece_joe_held if colour == JOE_COLOUR and \
                at in joe_held else piece_share(colour, config.learned_piece_ratio, config)
            if colour in short and ratio >= need:
                shown[at, colour] += 2 if ratio >= config.learned_piece_pair else 1
        own = {(at, colour) for at, colour, ratio in pieces
               if ratio >= config.learned_piece_own}

        def fewer(slot: str, reads: Counter[str]) -> bool:
            """Whether it reads fewer canoes there than colours the rules saw there in
            pieces of ``learned_piece_beside`` of a canoe, one of them a player's seen
            too seldom and not read there (a piece of Joe's pale colour may be a hull
            blurred with its gem: used 74030087; one of a colour like the riverbed
            there, ``mottled``, the river's mottle)."""
            big = {c for (at, c), r in biggest.items()
                   if at == slot and r >= piece_share(c, config.learned_piece_beside, config)
                   and (at, c) not in mottled}
            return sum(reads.values()) < len(big) and any(
                c in short and reads[c] == 0 and c != JOE_COLOUR for c in big)

        def against(slot: str, read: SlotRead) -> bool:
            """Whether the rules' pieces there speak against the reader's ``read``."""
            reads = Counter(read.colours)
            return any(at == slot and n > reads[colour] and (
                reads[colour] > 0 or (colour == JOE_COLOUR and slot in joe_held)
                or not any((slot, c) in own for c in reads) or (
                    config.learned_piece_each and not all((slot, c) in own for c in reads)))
                for (at, colour), n in shown.items()) or (
                    config.learned_piece_beside <= 1 and fewer(slot, reads))

        fill = {i: r for i, r in fill.items() if not against(SLOTS[i], r)}
    if in_play is not None and colour_areas is not None and config.learned_area_against <= 1:
        # Nor a slot where the rules saw more of a colour still seen too seldom (at least
        # ``learned_area_against`` of a canoe's area) than of each colour it reads there,
        # none of which is that colour: a hull darkened by a shadow looks like a darker
        # player's (used 80030154, 640x480: a red canoe on R1 in a shadow, 0.24 of a
        # canoe red to the rules, read brown 0.993 sure; the red seen nowhere). Joe's
        # colour only from ``learned_piece_joe``, as above (used 80030036, 80030183,
        # 80030220 at 640x480: a brown, a red and two brown canoes read right, each
        # with more of Joe's pale colour to the rules, 0.28-0.41 of a canoe, than its own).
        # Not where a hand or a sleeve lies, whose own colour may be a canoe's (used
        # 79050259: a brown canoe on T4 under a blue sleeve, 0.67 of a canoe blue). Nor
        # where it reads no canoe: a colour taken for another is the error caught here (a
        # slot read empty beside a blurred sleeve: used 78050148, 78110067, 79110046,
        # 79110280, about 0.3 of a canoe blue on L1 or R1, each read right as empty).
        # Where the rules saw next to nothing of each colour it reads there (less than
        # ``learned_area_bare`` of a canoe), a colour seen too seldom counts against it
        # from ``learned_area_bare_other`` of a canoe, Joe's too: no hull of those colours
        # blurred pale there (used 117050228 under glare: Joe with a violet gem on R2, 0.65
        # of a canoe of his colour to the rules and no yellow, read as a yellow canoe 0.994
        # sure; Joe then seen nowhere, a glare spot washing out T3).
        # A player's colour seen too seldom counts from ``learned_area_bare_player``: more
        # than next to none of it (reporting 136030183 at 640x480: a red canoe on R2 in a
        # deep shadow, 0.09 of a canoe red and 0.01 brown to the rules, read brown 0.992
        # sure).
        short = missing(fill)

        def shows_other(slot: str, read: SlotRead) -> bool:
            """Whether the rules saw more of a colour seen too seldom there."""
            areas = colour_areas.get(slot, {})
            bare = all(areas.get(r, 0.0) < config.learned_area_bare for r in read.colours)
            return bool(read.colours) and any(
                c in short and c not in read.colours
                and (a >= piece_share(c, config.learned_area_against, config)
                     or (bare and a >= config.learned_area_bare_other)
                     or (bare and c != JOE_COLOUR and a >= config.learned_area_bare_player))
                and all(areas.get(r, 0.0) < a for r in read.colours)
                for c, a in areas.items())

        fill = {i: r for i, r in fill.items()
                if covered_by(why[SLOTS[i]]) or not shows_other(SLOTS[i], r)}
    if in_play is not None and colour_areas is not None and config.learned_area_beside <= 1:
        # Nor a slot the rules left unknown for canoe-like area unread, where they saw at
        # least ``learned_area_beside`` of a canoe's area in a colour still seen too
        # seldom that the reader does not read there, beside the canoes it reads: a
        # blurred dark hull slips past the reader too (used 124110102, motion: a brown
        # canoe beside a blue one on T2, 0.21 of a canoe brown to the rules, the slot
        # 1.5 canoes' area; the reader read the blue one alone, 0.997 sure of no brown).
        # (Not where it reads no canoe there: a slot read empty beside a blurred canoe's
        # fringe, used 79110046.)
        short_beside = missing(fill)
        fill = {i: r for i, r in fill.items() if why.get(SLOTS[i]) != AREA_UNREAD
                or not r.colours or not any(
            c in short_beside and c not in r.colours
            and a >= piece_share(c, config.learned_area_beside, config)
            for c, a in colour_areas.get(SLOTS[i], {}).items())}
    # The slots it is less sure of are read only where the game's counts agree: every
    # canoe in play then seen (used offsets: 59030052, two greens on L1 read as one;
    # 60080087, Joe and a red canoe on R2 read as the red alone, Joe seen nowhere).
    # Unless it is ``learned_unsure_elsewhere`` sure that none of the canoes seen nowhere
    # stands on the slot, while another position stays unknown, where they may be (used
    # 113050011 under glare: T3's red canoe beside T4 under the glare spot, the reader
    # 0.987 sure that nothing covers T3, and sure of no blue canoe there; T4's blue canoe
    # seen nowhere).
    # Nor where the rules read a canoe of such a colour there, with
    # ``learned_unsure_ruled`` (two readers disagree; used 121080214, blue-gem: Joe beside
    # a green canoe on L2 over a gone disc, read by the rules, the slot left unknown as
    # where a blue canoe may look like the riverbed; the reader read the green canoe
    # alone, 0.98 sure, and was 0.99 sure that no Joe stood there: Joe then seen nowhere,
    # two slots unknown where he might be). Not where it reads no canoe there: the
    # rules' canoe may be a hand's blur (used 118110217, motion: a blue canoe to them on
    # T4, the reader right that none stands there, 0.95 sure). With
    # ``learned_unsure_ruled_agree`` only where it reads fewer of that colour there than
    # the rules: where it reads as many, the two agree (used 130110103, motion).
    def sure_of_none(short: set[str]) -> set[int]:
        """The slots read less sure where the reader is ``learned_unsure_elsewhere`` sure
        that no canoe of each colour in ``short`` stands, while another position stays
        unknown, where those canoes may be."""
        ruled = Counter((c.at, c.colour) for c in (*seen, *unread) if c.colour in short) \
            if config.learned_unsure_ruled else Counter()

        def disagree(i: int) -> bool:
            """Whether the rules read more canoes of a colour seen nowhere on slot ``i``
            than the reader does (with ``learned_unsure_ruled_agree``; else any canoe of
            such a colour)."""
            return any(at == SLOTS[i] and (not config.learned_unsure_ruled_agree
                                           or fill[i].colours.count(c) < n)
                       for (at, c), n in ruled.items())
        unsure = [i for i, r in fill.items()
                  if r.sure < sure and not (r.colours and disagree(i))]
        if in_play is None or not unsure or config.learned_unsure_elsewhere > 1 or not (
                unknown - {SLOTS[i] for i in fill}):
            return set()
        def holds(k: int, colour: str, p: tuple[float, ...]) -> bool:
            """Whether the reader is sure no more canoes of ``colour`` stand on slot
            ``k`` than it reads there (none; or, ``learned_unsure_counted``, those the
            rules saw there in that colour too)."""
            n = fill[k].colours.count(colour)
            if not n:
                need = config.learned_unsure_elsewhere
                if colour == JOE_COLOUR and any(c in config.joe_alike
                                                for c in fill[k].colours):
                    # (Surer that Joe is not there where it reads a canoe of a colour
                    # like his wood: that may be him.)
                    need = max(need, config.learned_unsure_joe_alike)
                return p[0] >= need
            return (config.learned_unsure_counted and colour_areas is not None
                    and colour_areas.get(SLOTS[k], {}).get(colour, 0.0)
                    >= config.learned_agree_share * n
                    and p[n] >= config.learned_unsure_confidence
                    and sum(p[n + 1:]) <= 1 - config.learned_unsure_elsewhere)
        return {k for k, per in slot_counts(rectified, light, geo, setup, unsure,
                                            sorted(short)).items()
                if all(c in per and holds(k, c, per[c]) for c in short)}
    if in_play is None or missing(fill):
        free = sure_of_none(missing(fill))
        fill = {i: r for i, r in fill.items() if r.sure >= sure or i in free}
    if config.learned_hides_fewer:
        # A slot left unknown only as where a canoe seen nowhere may hide: the reader is
        # asked whether it does, not whether the rules' canoes there stand. Where it reads
        # fewer of a colour than they did, two readers disagree (used 135030181 at
        # 640x480: two yellow canoes on R1, one piece of 1.44 canoes to the rules, read as
        # two by them and as one by the reader; the counts then put the other on the
        # beach). (Where it is less sure, the counts may have taken the rules' reading
        # there instead, above: ``learned_counts_unsure``.)
        fill = {i: r for i, r in fill.items() if why.get(SLOTS[i]) != HIDES or not (
            Counter(c.colour for c in seen if c.at == SLOTS[i]) - Counter(r.colours))}
    for i, read in fill.items():
        slot = SLOTS[i]
        unknown.discard(slot)
        why.pop(slot, None)
        # (Not the disc of a slot it is less sure of: used offset 60030124, a green canoe
        # over a gone disc at 640x480, read as on a disc, the canoe right; but where the
        # rules saw the same disc there before leaving the slot unknown: two readers.)
        said = UNKNOWN if read.disc is None else PRESENT if read.disc else ABSENT
        discs[slot] = said if read.sure >= sure or (
            config.learned_disc_agree and discs_seen is not None
            and discs_seen.get(slot) == said) else UNKNOWN
        if leans is not None and config.learned_rules_gems:
            # (The rules' canoes there are no reading, their gems no proof: a lean.)
            ruled = Counter(c.colour for c in unread if c.at == slot)
            reads = Counter(read.colours)
            for c in unread:
                if c.at == slot and c.gem != UNKNOWN and ruled[c.colour] == reads[
                        c.colour] == 1 and dict(read.canoes)[c.colour] == UNKNOWN:
                    leans[slot, c.colour] = [c.gem]
        theirs = [c for c in seen if c.at == slot]
        if config.learned_seen_gems and sorted(c.colour for c in theirs) == read.colours:
            # (The rules saw these canoes: the gems they named stand where it names none.)
            alone = Counter(read.colours)
            named = {c.colour: c.gem for c in theirs
                     if alone[c.colour] == 1 and c.gem != UNKNOWN}
            read = replace(read, canoes=tuple(
                (c, named[c] if g == UNKNOWN and c in named else g) for c, g in read.canoes))
        seen[:] = [c for c in seen if c.at != slot]
        seen.extend(CanoeSeen(c, slot, gem) for c, gem in read.canoes)
    return answered


def name_pairs(rectified: Image, light: Light, geo: Geometry, setup: Image,
               seen: list[CanoeSeen], skip: Collection[str], confidence: float,
               clear_confidence: float, empty_doubt: float = 0.0,
               empty_lean: float = 0.0) -> None:
    """The gems of two canoes of one colour on a slot (not of ``skip``) with a gem left
    unknown, from the pair reader (:func:`vision.stages.learned.read_pairs`), in place in
    ``seen``: where it is ``confidence`` sure of them, and its gems hold any gem already
    named there. Two read empty are unknown where it is ``clear_confidence`` sure the
    slot is clear and under ``empty_doubt`` sure that both are empty, leaning
    (``empty_lean`` sure of each gem's count) to a pair carrying a gem (then named as
    though read unknown)."""
    on = Counter((c.at, c.colour) for c in seen if c.at in SLOTS and c.at not in skip)
    ask: dict[int, list[str]] = {}
    both_empty: set[tuple[str, str]] = set()
    for (at, colour), n in on.items():
        carried = [c.gem for c in seen if c.at == at and c.colour == colour]
        if n == 2 and empty_doubt > 0 and carried == [None, None]:
            both_empty.add((at, colour))
        if n == 2 and (UNKNOWN in carried or (at, colour) in both_empty):
            ask.setdefault(SLOTS.index(at), []).append(colour)
    empty: dict[int, dict[str, float]] = {}
    named_at = read_pairs(rectified, light, geo, setup, ask, confidence, clear_confidence,
                          empty=empty if both_empty else None, lean=empty_lean)
    for at, colour in sorted(both_empty):  # (in order: the same reading every run)
        if empty.get(SLOTS.index(at), {}).get(colour, 1.0) < empty_doubt:
            seen[:] = [c for c in seen if (c.at, c.colour) != (at, colour)] + [
                CanoeSeen(colour, at, UNKNOWN)] * 2
        else:
            named_at.get(SLOTS.index(at), {}).pop(colour, None)
    for k, named in named_at.items():
        at = SLOTS[k]
        for colour, gems in named.items():
            known = Counter(c.gem for c in seen
                            if (c.at, c.colour) == (at, colour) and c.gem != UNKNOWN)
            if not known - Counter(gems):  # (else two readers disagree: left as it was)
                seen[:] = [c for c in seen if (c.at, c.colour) != (at, colour)] + [
                    CanoeSeen(colour, at, gem) for gem in gems]


def learned_fine(rectified: Image, light: Light, geo: Geometry, setup: Image,
                 discs: dict[str, str], unknown: set[str], seen: list[CanoeSeen],
                 config: VisionConfig, gem_confidence: float | None = None,
                 leans: Mapping[tuple[str, str], list[str | None]] | None = None,
                 lone_check: bool = False, named: Iterable[str] = (),
                 crowd_gone: bool = False, check_gems: bool = False,
                 own_gems: bool = False, slot_setup: Image | None = None,
                 reader_setup: Image | None = None,
                 votes: Mapping[tuple[str, str], str | None] | None = None,
                 blurred: Mapping[tuple[str, str], str] | None = None,
                 gems_alone: bool = True) -> None:
    """The fine readers (:func:`vision.stages.learned.read_fine`: each slot at the
    rectified view's own millimetre a pixel) on the river slots whose canoes are read and
    whose disc, or a lone canoe's gem, is unknown, and on those read with two or three
    canoes. Under two or three canoes a rim shows only in slivers beside and between
    them: the rules leave such a disc unknown (the slot reader, at 2 mm a pixel, is left
    out there), and now and then read it wrongly. Where the reader is sure that nothing
    covers the slot (``config.disc_clear_confidence``) it names an unknown disc it is
    ``disc_confidence`` sure of (with ``crowd_gone``, a disc gone under two or three
    canoes: ``disc_crowd_gone_confidence``); where it is as sure of the other answer than a disc
    the rules read, the disc is unknown (two readers disagree); it names the gem of a lone
    canoe of its colour (the only one there) where it is ``gem_confidence`` sure (over 1:
    none; None: ``config.fine_gem_confidence``; the frame's reading passes
    ``fine_gem_low_detail_confidence`` where a millimetre spans too few of the camera's
    pixels for the rules to read gems; without ``gems_alone``, only where another reader
    says the same, as below). Where the rules' gem votes lean to a gem for such
    a canoe (``leans``: :attr:`vision.stages.canoes.Canoes.leans`), the reader also names
    it where it says the same ``gem_agree_confidence`` sure (``gem_agree_clear`` sure
    that nothing covers the slot). A disc in ``named`` (named by the learned slot reader
    where the rules left it unknown) is unknown where the disc reader is
    ``disc_veto_confidence`` sure of the other answer. With ``check_gems`` (a millimetre
    spans few of the camera's pixels, ``config.fine_gem_check_detail``) the gem named for
    such a lone canoe is unknown where the gem reader is ``fine_gem_check_confidence``
    sure of another (or ``fine_gem_check_less`` sure, with the slot reader
    ``fine_gem_check_slot`` sure of that one too), and a lone canoe it names empty is
    unknown where the slot reader is ``fine_empty_doubt`` sure of a gem; with
    ``own_gems`` (a millimetre spans few of the camera's pixels,
    ``config.gem_agree_own_detail``) a gem of the canoe's
    own colour agrees only ``gem_agree_own_confidence`` sure, and one it names is
    unknown where the slot reader (``slot_setup`` or ``reader_setup``) is
    ``fine_own_gem_doubt`` sure of another (with ``config.fine_own_gem_unread``,
    always). With ``slot_setup`` (every slot's patch at setup, passed where the rules
    read no gems and so lean to none) the learned slot reader's gems are the leans
    instead: where it is ``reader_gem_agree_confidence`` sure of a
    lone canoe's gem, the gem reader names it where it says the same
    ``fine_gem_reader_agree_confidence`` sure (:func:`vision.stages.learned.slot_gems`),
    but the gem the rules' votes lead to where it is the blur of another gem with the
    hull (``blurred``: :attr:`vision.stages.canoes.Canoes.blurred`) only where both are
    ``config.reader_agree_blurred`` sure.
    With ``reader_setup`` (the same patches, passed where the rules read gems) so too for
    a lone canoe whose gem is still unknown and whose votes lean to nothing
    (``config.reader_gem_agree_read``), the slot reader ``reader_gem_agree_read_slot``
    sure and the gem reader ``reader_gem_agree_read_fine`` (not a gem named for another
    canoe on the slot, nor one the slot reader says of another there:
    ``config.reader_agree_apart``). With ``slot_setup`` and
    ``votes`` (per position and colour of a lone canoe whose gem the rules' votes were
    counted for, the gem they lead to: :attr:`vision.stages.canoes.Canoes.filled`, None
    where they show no gem without a well), where the three readers say the same of a
    lone canoe whose gem is still unknown, the slot reader ``three_agree_slot`` sure and
    the gem reader ``three_agree_fine`` sure, that gem is named
    (``config.three_agree_fine``; one of the hull's own colour, with ``own_gems``, only
    where the slot reader is ``three_agree_own_slot`` sure); with ``reader_setup``, so
    too where the rules' votes lean to one gem (``leans``), the slot reader
    ``three_agree_lean_slot`` sure of it and the gem reader ``three_agree_lean_fine``, or
    the slot reader alone ``lean_slot_alone`` sure (a gem of the hull's own colour, with
    ``own_gems`` or ``config.lean_alone_own_sharp``, only where the gem reader's first
    answer is that gem too: ``lean_alone_own_fine``). With either setup, a lone canoe
    still unknown that both readers are ``config.empty_agree_confidence`` sure is empty
    is named so, whatever they say of the slot being covered. A disc the rules read gone
    on a slot they read empty (``config.disc_empty_gone_lean``) or under a lone canoe
    (``config.disc_canoe_gone_lean``) is unknown where the disc reader leans to one
    there. Fills ``discs`` and ``seen``."""
    if gem_confidence is None:
        gem_confidence = config.fine_gem_confidence
    leans = leans or {}
    crowd = Counter(c.at for c in seen)
    per = Counter((c.at, c.colour) for c in seen)
    known = [(i, s) for i, s in enumerate(SLOTS) if s not in unknown]
    rules_gone = {s for s in SLOTS if discs[s] == ABSENT}  # (before the reader names any)
    discs_at = [i for i, s in known if discs[s] == UNKNOWN or (
        config.disc_check_crowd and crowd[s] >= 2) or (
        config.disc_check_absent and crowd[s] == 1 and discs[s] == ABSENT) or (
        lone_check and crowd[s] == 1 and discs[s] == PRESENT)]

    def lone_canoes(gem_named: bool) -> dict[int, list[str]]:
        """Per slot read, the colours of its lone canoes whose gem is named (or not)."""
        return {i: lone for i, s in known if (lone := sorted(
            c.colour for c in seen if c.at == s and (c.gem != UNKNOWN) == gem_named
            and per[s, c.colour] == 1))}

    gems_at = lone_canoes(gem_named=False) if gem_confidence <= 1 else {}
    # (The gems named before the reader is asked: those it names agree with it.)
    named_gems = lone_canoes(gem_named=True) if check_gems else {}
    if slot_setup is not None and config.reader_gem_agree_confidence <= 1:
        # Two networks that look at different scales and say the same (where the rules
        # read no gems): not as a veto, the slot reader being the less sure of the two.
        lean_to = slot_gems(rectified, light, geo, slot_setup, gems_at,
                            config.reader_gem_agree_confidence, config.disc_clear_confidence)
        if blurred:
            # (Both readers may be fooled by the same blur: used 94030198 at 640x480, a
            # blue canoe's pink gem, violet to the votes and to both readers; asked
            # again below, each reader ``reader_agree_blurred`` sure.) (A blur is a gem's
            # colour, never an empty canoe: ``None`` is no key's blur.)
            lean_to = {i: {c: g for c, g in said.items()
                           if blurred.get((SLOTS[i], c), UNKNOWN) != g}
                       for i, said in lean_to.items()}
        agree, agree_clear, veto = (config.fine_gem_reader_agree_confidence,
                                    config.disc_clear_confidence, False)
    else:
        # (A lean to "unknown" is none: the votes lean to no gem nor to the well,
        # gem_lean_unknown.)
        lean_to = {i: {c: lean[0] for c in lone if len(lean := leans.get(
            (SLOTS[i], c), [])) == 1 and (lean[0] != UNKNOWN or not config.gem_lean_unknown)}
            for i, lone in gems_at.items()}
        agree, agree_clear, veto = (config.gem_agree_confidence, config.gem_agree_clear,
                                    config.gem_lean_veto)
    got = read_fine(rectified, light, geo, setup, discs_at, gems_at, config.disc_confidence,
                    gem_confidence if gems_alone else 2.0, config.disc_clear_confidence,
                    leans=lean_to,
                    agree_confidence=agree, agree_clear=agree_clear, veto=veto,
                    own_agree_confidence=config.gem_agree_own_confidence if own_gems
                    else None,
                    present_confidence=config.disc_present_confidence,
                    gone_confidence={i: config.disc_crowd_gone_confidence if crowd_gone
                                     else config.disc_crowd_gone_sharp for i in discs_at
                                     if crowd[SLOTS[i]] >= 2 and discs[SLOTS[i]] == UNKNOWN},
                    crowd_present={i: (config.disc_crowd_present_confidence,
                                       config.disc_crowd_present_clear) for i in discs_at
                                   if crowd[SLOTS[i]] >= 2 and discs[SLOTS[i]] == UNKNOWN})
    for i, read in got.items():
        slot = SLOTS[i]
        if read.disc is not None:
            said = PRESENT if read.disc else ABSENT
            discs[slot] = said if discs[slot] in (UNKNOWN, said) else UNKNOWN
        elif config.disc_absent_clear and discs[slot] == ABSENT and \
                read.disc_clear is not None and read.disc_clear < config.disc_clear_confidence:
            # No disc gone where the disc reader is not sure that nothing covers the slot:
            # a rim half under a sleeve reads as gone (reporting 101110064).
            discs[slot] = UNKNOWN
        gems = read.gems
        if config.fine_crowd_empty_agree and crowd[slot] >= 2:
            # Beside another canoe, an empty canoe only where another reader leans so too:
            # under a tilt the canoe in front hides its middle, and the gem reader takes
            # what shows for an empty well (fresh 156010204: a red canoe's yellow gem
            # behind a blue canoe on R2, 0.9996 sure it is empty).
            leant = lean_to.get(i, {})
            gems = {c: g for c, g in gems.items() if g is not None
                    or (c in leant and leant[c] is None)}
        if gems:
            name_gems(seen, slot, gems)
    empty_gone = [i for i, s in known if not crowd[s] and discs[s] == ABSENT]
    if empty_gone and config.disc_empty_gone_lean <= 1:
        # A disc the rules read gone on a slot they read empty, where the disc reader
        # leans to one there, however much it says something covers the slot: a glare
        # spot's edge, too faint for the rules to leave the slot unknown, can wash a rim
        # out (used 134050222).
        for i, read in read_fine(rectified, light, geo, setup, empty_gone, {},
                                 config.disc_empty_gone_lean, 2.0, 0.0).items():
            if read.disc:
                discs[SLOTS[i]] = UNKNOWN
    canoe_gone = [i for i, s in known if crowd[s] == 1 and discs[s] == ABSENT
                  and s in rules_gone]
    if canoe_gone and config.disc_check_absent and config.disc_canoe_gone_lean <= 1:
        # ...or under a lone canoe, where the reader was asked of it and not sure enough
        # to name it (used 139070034: T1's disc under a blue canoe on a dark blue river,
        # its rim showing only in slivers, read gone; the reader 0.99 sure of a disc
        # there, short of ``disc_present_confidence``).
        for i, read in read_fine(rectified, light, geo, setup, canoe_gone, {},
                                 config.disc_canoe_gone_lean, 2.0, 0.0).items():
            if read.disc:
                discs[SLOTS[i]] = UNKNOWN
    doubt_setup = slot_setup if slot_setup is not None else reader_setup
    # (Per slot index, the colours whose lone canoe the gem reader named a gem of its own
    # colour.)
    own = {i: lone for i, read in got.items()
           if (lone := [c for c, g in read.gems.items() if g == c])}
    if own_gems and doubt_setup is not None and config.fine_own_gem_doubt <= 1:
        # A gem of the canoe's own colour the gem reader names where a
        # millimetre spans few of the camera's pixels: where the slot reader is
        # ``fine_own_gem_doubt`` sure of another gem, two readers disagree (used
        # 104030217 at 640x480: a yellow canoe's pink gem named yellow, 1.0 sure, the
        # slot reader 0.89 sure of pink).
        for i, against in slot_gems(rectified, light, geo, doubt_setup, own,
                                    config.fine_own_gem_doubt,
                                    config.disc_clear_confidence).items():
            seen[:] = [CanoeSeen(c.colour, c.at, UNKNOWN) if c.at == SLOTS[i] and c.colour in
                       against and against[c.colour] != c.colour else c for c in seen]
    if own_gems and config.fine_own_gem_unread:
        # ...or none at all: a white gem blurred with its hull is a paler shade of the
        # hull, a gem of its colour to both readers (used 135030087 at 640x480: a blue
        # canoe's white gem named blue, both readers over 0.99 sure).
        seen[:] = [CanoeSeen(c.colour, c.at, UNKNOWN) if c.at in SLOTS
                   and SLOTS.index(c.at) in own and c.colour in own[SLOTS.index(c.at)]
                   and c.gem == c.colour else c for c in seen]
    if own_gems and doubt_setup is not None and config.fine_own_gem_confirm > 0:
        # ...and one the slot reader does not give ``fine_own_gem_confirm`` of its belief.
        for i, doubted in slot_doubts(rectified, light, geo, doubt_setup,
                                      {i: {c: c for c in lone} for i, lone in own.items()},
                                      config.fine_own_gem_confirm,
                                      config.disc_clear_confidence).items():
            seen[:] = [CanoeSeen(c.colour, c.at, UNKNOWN) if c.at == SLOTS[i] and c.colour in
                       doubted and c.gem == got[i].gems.get(c.colour, UNKNOWN)
                       else c for c in seen]
    if check_gems and doubt_setup is not None and config.fine_empty_doubt <= 1:
        # An empty canoe the gem reader names where a millimetre spans few of the
        # camera's pixels: where the slot reader is ``fine_empty_doubt`` sure of a gem,
        # two readers disagree (a dark gem blurred into its hull looks like the well).
        named_empty = {i: lone for i, read in got.items()
                       if (lone := [c for c, g in read.gems.items() if g is None])}
        for i, against in slot_gems(rectified, light, geo, doubt_setup, named_empty,
                                    config.fine_empty_doubt,
                                    config.disc_clear_confidence).items():
            seen[:] = [CanoeSeen(c.colour, c.at, UNKNOWN) if c.at == SLOTS[i] and c.colour in
                       against and against[c.colour] is not None else c for c in seen]

    def name_agreed(still: Mapping[int, Sequence[str]],
                    lean: Mapping[int, Mapping[str, str | None]], agree: float,
                    clear: float) -> None:
        """Name the gems of ``still`` that the gem reader says as ``lean`` does, ``agree``
        sure, ``clear`` sure that nothing covers the slot."""
        for i, read in read_fine(rectified, light, geo, setup, [], still, 2.0, 2.0, clear,
                                 leans=lean, agree_confidence=agree,
                                 agree_clear=clear).items():
            name_gems(seen, SLOTS[i], read.gems)

    def unknown_gem(i: int, colour: str) -> bool:
        """Whether the canoe of ``colour`` on slot index ``i`` still has its gem unknown."""
        return any(k.at == SLOTS[i] and k.colour == colour and k.gem == UNKNOWN for k in seen)

    def still_unknown(keep: Callable[[int, str], bool] = lambda i, c: True,
                      ) -> dict[int, list[str]]:
        """Per slot index of ``gems_at``, the colours asked there whose lone canoe's gem is
        still unknown and that ``keep`` (slot index, colour) keeps."""
        return {i: lone for i, colours in gems_at.items() if (lone := [
            c for c in colours if unknown_gem(i, c) and keep(i, c)])}

    def joe_apart(i: int, colour: str, gem: str | None) -> bool:
        """Not Diamanten Joe's gem where it is the one named for another canoe on his slot
        (``config.reader_agree_joe_apart``): both readers may take that canoe's gem for
        his."""
        return colour != JOE_COLOUR or not config.reader_agree_joe_apart or not any(
            k.at == SLOTS[i] and k.colour != colour and k.gem == gem for k in seen)

    def apart(i: int, colour: str, gem: str | None,
              said: Mapping[str, str | None]) -> bool:
        """Not a gem named for another canoe on the slot, nor one the slot reader says
        (``said``) of another canoe there (``config.reader_agree_apart``): on a crowded
        slot both readers may take a neighbour's gem for this canoe's."""
        if not config.reader_agree_apart or gem is None:
            return True
        return not any(k.at == SLOTS[i] and k.colour != colour and k.gem == gem
                       for k in seen) and not any(
            other != colour and g == gem for other, g in said.items())

    def hull_sure(lean: Mapping[int, Mapping[str, str | None]], patches: Image,
                  confidence: float) -> dict[int, dict[str, str | None]]:
        """``lean`` (per slot index, each colour's gem) without the gems of the hull's own
        colour the slot reader (setup ``patches``) is under ``confidence`` sure of."""
        hulls = {i: own for i, said in lean.items()
                 if (own := [c for c, g in said.items() if g == c])}
        sure_of = slot_gems(rectified, light, geo, patches, hulls, confidence,
                            config.disc_clear_confidence)
        return {i: {c: g for c, g in said.items()
                    if g != c or sure_of.get(i, {}).get(c, UNKNOWN) == c}
                for i, said in lean.items()}

    if slot_setup is not None and blurred and config.reader_gem_agree_confidence <= 1 and \
            config.reader_agree_blurred <= 1:
        # The gems the votes lead to that may be a blur, as above but surer.
        still = still_unknown(lambda i, c: (SLOTS[i], c) in blurred)
        if still:
            sure: dict[int, dict[str, str | None]] = {
                i: {c: g for c, g in said.items() if blurred[SLOTS[i], c] == g}
                for i, said in slot_gems(rectified, light, geo, slot_setup, still,
                                         config.reader_agree_blurred,
                                         config.disc_clear_confidence).items()}
            if own_gems and config.blurred_own_slot > 0:
                # (Not a gem of the hull's own colour unless the slot reader is
                # ``blurred_own_slot`` sure: a white gem blurred with a blue hull is blue
                # to the votes and both readers.)
                sure = hull_sure(sure, slot_setup, config.blurred_own_slot)
            name_agreed(still, sure, config.reader_agree_blurred, config.disc_clear_confidence)
    if reader_setup is not None and config.reader_gem_agree_read and \
            config.reader_gem_agree_read_slot <= 1:
        # Where the rules read gems but their votes lean to nothing for a lone canoe still
        # unknown: the slot reader's answer is the lean, as where they read none.
        still = still_unknown(lambda i, c: all(
            g == UNKNOWN for g in leans.get((SLOTS[i], c), [UNKNOWN])))
        if still:
            lean_again = slot_gems(rectified, light, geo, reader_setup, still,
                                   config.reader_gem_agree_read_slot,
                                   config.disc_clear_confidence)
            lean_again = {i: {c: g for c, g in said.items()
                              if joe_apart(i, c, g) and apart(i, c, g, said)}
                          for i, said in lean_again.items()}
            name_agreed(still, lean_again, config.reader_gem_agree_read_fine,
                        config.disc_clear_confidence)
    if reader_setup is not None and min(config.three_agree_lean_fine,
                                        config.lean_slot_alone) <= 1:
        # Where the rules read gems and their votes lean to one gem (or to none) for a
        # lone canoe still unknown: named where the slot reader and the gem reader say
        # the same, three readers at three scales...

        def leaning(slot_sure: float) -> dict[int, dict[str, str | None]]:
            """Per slot index, the lean of each lone canoe still unknown there that the
            slot reader says too, ``slot_sure`` sure."""
            still = still_unknown(lambda i, c: len(lean := leans.get((SLOTS[i], c), [])) == 1
                                  and lean[0] != UNKNOWN)
            return {i: {c: g for c, g in said.items()
                        if leans[SLOTS[i], c] == [g] and joe_apart(i, c, g)}
                    for i, said in slot_gems(rectified, light, geo, reader_setup, still,
                                             slot_sure, config.disc_clear_confidence).items()
                    } if still else {}

        def shared(i: int, colour: str, gem: str | None) -> bool:
            """Whether another canoe on slot index ``i`` is named ``gem`` or its votes lean
            to it alone: a neighbour's gem, seen by the votes and both readers."""
            return gem is not None and any(
                k.at == SLOTS[i] and k.colour != colour and (
                    k.gem == gem or leans.get((k.at, k.colour)) == [gem]) for k in seen)

        if config.three_agree_lean_fine <= 1 and (lean_three := leaning(
                config.three_agree_lean_slot)):
            if config.three_agree_shared_fine > config.three_agree_lean_fine:
                shared_three = {i: {c: g for c, g in said.items() if shared(i, c, g)}
                                for i, said in lean_three.items()}
                lean_three = {i: {c: g for c, g in said.items() if not shared(i, c, g)}
                              for i, said in lean_three.items()}
                if any(shared_three.values()):
                    name_agreed({i: list(said) for i, said in shared_three.items() if said},
                                shared_three, config.three_agree_shared_fine, 0.0)
                lean_three = {i: said for i, said in lean_three.items() if said}
            name_agreed({i: list(said) for i, said in lean_three.items()}, lean_three,
                        config.three_agree_lean_fine, 0.0)
        if config.lean_slot_alone <= 1:
            # ...or the lean and the slot reader alone, the gem reader left out: where the
            # votes lean wrongly, the slot reader has not been seen to say the same.
            alone = leaning(config.lean_slot_alone)
            if config.three_agree_shared_fine > config.three_agree_lean_fine:
                # (Not a gem shared with another canoe on the slot: the gem reader's word
                # is needed there, as above.)
                alone = {i: {c: g for c, g in said.items() if not shared(i, c, g)}
                         for i, said in alone.items()}
            if config.lean_alone_fine_doubt <= 1 and alone:
                # ...not where the gem reader is that sure of another gem, for a canoe
                # alone on its slot: two readers disagree. (Beside another canoe the gem
                # reader's answer takes in its neighbour's gem or well.)
                doubt = read_fine(rectified, light, geo, setup, [],
                                  {i: list(said) for i, said in alone.items()
                                   if crowd[SLOTS[i]] == 1}, 2.0,
                                  config.lean_alone_fine_doubt, 0.0)
                alone = {i: {c: g for c, g in said.items() if (fine := doubt.get(i)) is None
                             or c not in fine.gems or fine.gems[c] == g}
                         for i, said in alone.items()}
            hull: dict[int, dict[str, str | None]] = {
                i: {c: g for c, g in said.items() if g == c} for i, said in alone.items()
            } if config.lean_alone_own_fine and (
                own_gems or config.lean_alone_own_sharp) else {}
            for i, lean_two in alone.items():
                name_gems(seen, SLOTS[i], {c: g for c, g in lean_two.items()
                                           if c not in hull.get(i, {})})
            if any(hull.values()):
                # A gem of the hull's own colour: only where the gem reader's first
                # answer is that gem too.
                name_agreed({i: list(said) for i, said in hull.items() if said}, hull,
                            0.0, 0.0)
    if slot_setup is not None and votes and config.three_agree_fine <= 1:
        # Three readers that say the same where the rules read no gems: the votes' lead
        # (an empty canoe: votes that show no gem without a well), the slot reader at 2 mm
        # a pixel and the gem reader at the rectified view's own millimetre.
        still = still_unknown(lambda i, c: (SLOTS[i], c) in votes)
        if still:
            lean_three = {i: {c: g for c, g in said.items() if votes[SLOTS[i], c] == g}
                          for i, said in slot_gems(rectified, light, geo, slot_setup, still,
                                                   config.three_agree_slot,
                                                   config.disc_clear_confidence).items()}
            if own_gems and config.three_agree_own_slot <= 1:
                # (A gem of the hull's own colour only where the slot reader is
                # ``three_agree_own_slot`` sure: all three may take a pink gem blurred
                # with a yellow hull for yellow.)
                lean_three = hull_sure(lean_three, slot_setup, config.three_agree_own_slot)
            name_agreed(still, lean_three, config.three_agree_fine, 0.0)
    if doubt_setup is not None and config.empty_agree_confidence <= 1:
        # An empty canoe both networks are sure of, whatever they say of the slot being
        # covered: a glare spot's light leaves an empty well dark beside the lit hull.
        still = still_unknown()
        if still:
            empty = {i: {c: g for c, g in said.items() if g is None and joe_apart(i, c, g)}
                     for i, said in slot_gems(rectified, light, geo, doubt_setup, still,
                                              config.empty_agree_confidence, 0.0).items()}
            name_agreed(still, empty, config.empty_agree_confidence, 0.0)
    if named_gems and config.fine_gem_check_confidence <= 1:
        # Not whether the slot is clear: a reader sure of another gem is doubt enough.
        for i, read in read_fine(rectified, light, geo, setup, [], named_gems, 2.0,
                                 config.fine_gem_check_confidence, 0.0).items():
            seen[:] = [CanoeSeen(c.colour, c.at, UNKNOWN) if c.at == SLOTS[i]
                       and c.colour in read.gems and read.gems[c.colour] != c.gem
                       else c for c in seen]
        if doubt_setup is not None and config.fine_gem_check_slot <= 1:
            # ...or less sure of another, where the slot reader is sure of that one too
            # (used 116030142 at 640x480: a brown canoe's empty well named yellow, the gem
            # reader 0.944 sure it is empty, the slot reader 1.0; 118030071: a yellow
            # canoe's violet gem named pink, the gem reader 0.72 sure of violet, the slot
            # reader 0.9945).
            still = {i: lone for i, colours in named_gems.items() if (lone := [
                c for c in colours if not unknown_gem(i, c)])}
            fine_else = {i: named_else for i, read in read_fine(
                rectified, light, geo, setup, [], still, 2.0, config.fine_gem_check_less,
                0.0).items() if (named_else := {c: g for c, g in read.gems.items() if any(
                    k.at == SLOTS[i] and k.colour == c and k.gem != g for k in seen)})}
            for i, slot_said in slot_gems(rectified, light, geo, doubt_setup,
                                          {i: list(g) for i, g in fine_else.items()},
                                          config.fine_gem_check_slot, 0.0).items():
                doubted = {c for c, g in slot_said.items() if fine_else[i].get(c, UNKNOWN) == g}
                seen[:] = [CanoeSeen(c.colour, c.at, UNKNOWN) if c.at == SLOTS[i]
                           and c.colour in doubted else c for c in seen]
    named = set(named)
    check = [i for i, s in known if s in named and discs[s] != UNKNOWN]
    if check and config.disc_veto_confidence <= 1:
        for i, read in read_fine(rectified, light, geo, setup, check, {},
                                 config.disc_veto_confidence, 2.0,
                                 config.disc_clear_confidence).items():
            if read.disc is not None and discs[SLOTS[i]] != (PRESENT if read.disc else ABSENT):
                discs[SLOTS[i]] = UNKNOWN


def glare_slots(zones: Region, geo: Geometry, config: VisionConfig,
                brighter_by: float | None = None, white: float | None = None) -> Mask:
    """Slots washed out by a glare spot: their riverbed ring is the river's colour (the
    median ring) scaled, plus white light (least squares: ``ring = a * river + g *
    white``) with ``g`` over ``glare_white`` (or ``white``), and brighter than the river
    by ``glare_brighter`` (or ``brighter_by``), or by ``glare_gone_brighter`` with under
    ``glare_river_left`` of the river's colour left (``a``). A shadow only scales the
    colour."""
    bgr = zones.bgr[geo.ring_mat]  # (slots, n, 3)
    ground = ~(zones.obj[geo.ring_mat] | zones.highlight[geo.ring_mat])  # ground only
    seen = [median(bgr[s][ground[s]]) if np.count_nonzero(ground[s]) >= 8 else None
            for s in range(len(bgr))]
    known = [v for v in seen if v is not None]
    if len(known) < 3:
        return np.zeros(len(bgr), bool)
    river = np.median(np.array(known, np.float64), axis=0)
    ring = np.array([river if v is None else v for v in seen], np.float64)
    basis = np.column_stack([river, np.full(3, WHITE_LEVEL)])
    coef, *_ = np.linalg.lstsq(basis, ring.T, rcond=None)
    # On a pale river the river's colour and white are nearly one direction: a shadow
    # with a slight tint fits as "less river plus white". Glare adds light.
    by = config.glare_brighter if brighter_by is None else brighter_by
    brighter = ring.sum(axis=1) > (1 + by) * float(river.sum())
    # ...unless the river is already as bright as white in most channels: there a ring
    # washed out is hardly brighter, but none of the river's colour is left in it.
    gone = (coef[0] < config.glare_river_left) & (
        ring.sum(axis=1) > (1 + config.glare_gone_brighter) * float(river.sum()))
    least = config.glare_white if white is None else white
    return cast(Mask, (coef[1] > least) & (brighter | gone))


def deep_dark(beach: Region, layout: Layout, geo: Geometry, config: VisionConfig) -> bool:
    """Sand far darker than the beach's median (``beach_dark_log``, log brightness) over
    at least ``beach_dark_canoes`` canoes' area: a dark sleeve lying over the beach, or a
    deep shadow, that can hide a canoe (it looks like the sand in shade, no object)."""
    sand = ~beach.obj
    if not np.any(sand):
        return False
    level = beach.feats[:, 2]
    dark = sand & (level < median(level[sand]) - config.beach_dark_log * config.brightness_weight)
    length, width = layout.canoe_mm
    hull_px = config.canoe_hull_share * length * width * geo.k * geo.k
    return bool(np.count_nonzero(dark) >= config.beach_dark_canoes * hull_px)


def sand_levels(beach: Region, geo: Geometry) -> Floats:
    """Per cell of the beach's light grid, the sand's mean log brightness feature (NaN
    where no sand shows: a canoe lies over the whole cell)."""
    sand = (~beach.obj).astype(np.float32)
    cells = geo.beach_cells
    count = cells.sums(sand)
    total = cells.sums(beach.feats[:, 2] * sand)
    with np.errstate(invalid="ignore", divide="ignore"):
        return cast(Floats, np.where(count > 0, total / np.maximum(count, 1), np.nan)
                    .astype(np.float32))


def darker_than_setup(beach: Region, levels: Floats, layout: Layout, geo: Geometry,
                      config: VisionConfig) -> bool:
    """Sand darker than the same spot's sand at setup (``levels``: :func:`sand_levels` of
    the setup photo) by ``ring_setup_log`` over ``beach_dark_canoes`` canoes' area, or by
    ``beach_faint_log`` over ``beach_faint_canoes`` canoes' area: a grey sleeve lying
    over most of the beach moves its median too (:func:`deep_dark` misses it); a shadow
    that was there at setup is no change."""
    if len(levels) != geo.beach_cells.shape[0] * geo.beach_cells.shape[1]:
        return False  # (learned with another geometry)
    then = levels[geo.beach_cells.cell]
    level = beach.feats[:, 2]
    sand = ~beach.obj
    length, width = layout.canoe_mm
    hull_px = config.canoe_hull_share * length * width * geo.k * geo.k
    return any(np.count_nonzero(sand & (level < then - log * config.brightness_weight))
               >= canoes * hull_px
               for log, canoes in ((config.ring_setup_log, config.beach_dark_canoes),
                                   (config.beach_faint_log, config.beach_faint_canoes))
               if canoes > 0)


def ring_changed(rings: Floats, learned: Floats, config: VisionConfig) -> Mask:
    """Slots whose riverbed ring (features) changed since setup more than the rings did
    on the whole (the room's light may change over an evening): by chroma or log
    brightness, ``disc_absent_ring_chroma``, ``disc_absent_ring_log``.

    >>> learned = np.zeros((9, 3), np.float32)
    >>> rings = learned + np.float32(0.05)  # the light changed: every ring alike
    >>> rings[2, 0] += 0.2  # a tinted blur over the third slot
    >>> ring_changed(rings, learned, VisionConfig()).nonzero()[0].tolist()
    [2]
    """
    shift = rings - learned
    off = shift - np.median(shift, axis=0)
    return cast(Mask, (np.linalg.norm(off[:, :2], axis=1) > config.disc_absent_ring_chroma)
                | (np.abs(off[:, 2]) / config.brightness_weight > config.disc_absent_ring_log))


def ring_moved(rings: Floats, learned: Floats, config: VisionConfig, *,
               chroma: float | None = None, log: float | None = None) -> Mask:
    """Slots whose riverbed ring (features, balanced to the markers' white) is unlike at
    setup by ``chroma`` or ``log`` (default ``ring_setup_chroma``, ``ring_setup_log``),
    however the others changed (an arm over most slots moves their median too).

    >>> learned = np.zeros((9, 3), np.float32)
    >>> rings = learned.copy()
    >>> rings[:6, 2] -= np.float32(0.4 * VisionConfig().brightness_weight)  # a grey sleeve
    >>> ring_moved(rings, learned, VisionConfig()).nonzero()[0].tolist()
    [0, 1, 2, 3, 4, 5]
    """
    chroma = config.ring_setup_chroma if chroma is None else chroma
    log = config.ring_setup_log if log is None else log
    shift = rings - learned
    return cast(Mask, (np.linalg.norm(shift[:, :2], axis=1) > chroma)
                | (np.abs(shift[:, 2]) / config.brightness_weight > log))


def washed_by_counts(seen: Sequence[CanoeSeen], unknown: set[str],
                     in_play: Mapping[str, int], again: Canoes,
                     most: int = 3) -> dict[str, list[CanoeSeen]]:
    """The canoes on the ``unknown`` slots (each washed out by a glare spot) as ``again``
    read them (the canoes read once more, those slots not skipped), per slot, where that
    reading leaves none of them unknown and with it every canoe in play is seen exactly
    once (``seen``: the canoes read, those at unknown positions not counted). Where one
    slot alone is unknown, every other position read, the canoes seen nowhere are there
    too, their gems unknown (a colour washed out is no canoe to the rules: used
    68050192, a blue canoe on R1). Empty otherwise.

    >>> seen = [CanoeSeen("red", "T1"), CanoeSeen("blue", "T3")]
    >>> again = Canoes(seen=[*seen, CanoeSeen("red", "T2", None)])
    >>> washed_by_counts(seen, {"T2"}, {"red": 2, "blue": 1}, again)
    {'T2': [CanoeSeen(colour='red', at='T2', gem=None)]}
    >>> washed_by_counts(seen, {"T2", "T4"}, {"red": 2, "blue": 2}, again)
    {}
    >>> washed_by_counts(seen, {"T2", "T4"}, {"red": 2, "blue": 1},
    ...                  Canoes(seen=seen, unknown={"T2"}))
    {}

    With one such slot, the canoes seen nowhere are there, with what ``again`` read there
    (none too many, at most ``most``):

    >>> washed_by_counts(seen, {"T2"}, {"red": 2, "blue": 2}, again)
    {'T2': [CanoeSeen(colour='red', at='T2', gem=None), CanoeSeen(colour='blue', at='T2', \
gem='unknown')]}
    >>> washed_by_counts(seen, {"T2"}, {"red": 1, "blue": 1}, again)
    {}
    """
    found = [c for c in again.seen if c.at in unknown]
    counted = Counter(c.colour for c in seen if c.at not in unknown)
    counted.update(c.colour for c in found)
    if not unknown & again.unknown and exact_counts(counted, in_play):
        return {slot: [c for c in found if c.at == slot] for slot in sorted(unknown)}
    rest = Counter(in_play)
    rest.subtract(counted)
    if len(unknown) != 1 or any(n < 0 for n in rest.values()) or not set(counted) <= set(
            in_play) or len(found) + sum(rest.values()) > most:
        return {}
    # One slot: the canoes seen nowhere are there (every other position was read).
    slot = next(iter(unknown))
    return {slot: [*found, *(CanoeSeen(c, slot, UNKNOWN) for c in sorted(rest.elements()))]}


def washed_like(reason: str | None, config: VisionConfig) -> bool:
    """Whether a position left unknown for ``reason`` may be read by the slot reader's
    count once a glare spot washes out a slot (:func:`washed_by_reader`): washed out,
    something small and foreign on it, and with ``config.washed_reader_others`` a hand
    or a canoe on its way (what a glare spot's halo looks like to the rules).

    >>> washed_like(WASHED_OUT, VisionConfig()), washed_like("canoe count unclear", VisionConfig())
    (True, False)
    >>> washed_like("a hand or something foreign", VisionConfig(washed_reader_others=False))
    False
    """
    return reason in (WASHED_OUT, SMALL_FOREIGN) or (config.washed_reader_others and (
        covered_by(reason) or moving_by(reason)))


def washed_by_reader(rectified: Image, light: Light, geo: Geometry, setup: Image,
                     seen: Sequence[CanoeSeen], unknown: set[str], why: Mapping[str, str],
                     in_play: Mapping[str, int], config: VisionConfig,
                     ) -> dict[str, tuple[str | None, list[CanoeSeen]]]:
    """The ``unknown`` positions read where each is a slot a glare spot washes out (or
    one :func:`washed_like` it) or one left only for a canoe seen nowhere
    (:func:`for_unseen_canoe`): the washed-out slots by the learned slot reader's count,
    ``config.washed_reader_confidence`` sure of every colour's whatever it says of the
    glare (gems unknown: white light on a gem; the disc where it is
    ``learned_confidence`` sure, else unknown), the others as the rules read them
    (``seen`` holds the canoes they read there). Per position, its disc (None for the
    rules' own) and canoes, where with them every canoe in play is seen exactly once and
    the reader answers for every washed-out slot; empty otherwise."""
    washed = [i for i, s in enumerate(SLOTS)
              if s in unknown and washed_like(why.get(s), config)]
    got = read_learned(rectified, light, geo, setup, washed, config.washed_reader_confidence,
                       2.0, 0.0, disc_confidence=config.learned_confidence)
    if len(got) != len(washed) or any(
            moving_by(why.get(SLOTS[i])) and r.sure < config.washed_reader_moving
            for i, r in got.items()):
        return {}
    out: dict[str, tuple[str | None, list[CanoeSeen]]] = {
        SLOTS[i]: (UNKNOWN if r.disc is None or not config.washed_reader_discs
                   else PRESENT if r.disc else ABSENT,
                   [CanoeSeen(c, SLOTS[i], UNKNOWN) for c, _ in r.canoes])
        for i, r in got.items()}
    for p in unknown - set(out):
        out[p] = (None, [c for c in seen if c.at == p])
    counted = Counter(c.colour for c in seen if c.at not in unknown)
    counted.update(c.colour for _, found in out.values() for c in found)
    return out if exact_counts(counted, in_play) else {}


JOINT_MAX_PLACINGS = 5000
"""The most placings :func:`washed_by_joint` weighs (about 10 ms in pure Python); with
more (many slots washed out, many canoes seen nowhere) the slots stay unknown."""


def washed_by_joint(rectified: Image, light: Light, geo: Geometry, setup: Image,
                    seen: Sequence[CanoeSeen], unknown: set[str], why: Mapping[str, str],
                    in_play: Mapping[str, int], config: VisionConfig,
                    ) -> dict[str, tuple[str | None, list[CanoeSeen]]]:
    """As :func:`washed_by_reader` (same positions, same answer), where the learned slot
    reader is not sure enough of each washed-out slot's count alone: the canoes seen
    nowhere placed on those slots together (at most two of a colour on one, as the reader
    counts, and ``config.max_canoes_per_slot`` in all), as the reader's counts there make
    most likely, where that placing is ``config.washed_joint_confidence`` of the
    likelihood of every placing, and the reader gives each slot's count of each such
    colour in it at least ``config.washed_joint_floor``, and is
    ``config.washed_joint_hand_clear`` sure that no hand covers a slot left unknown for
    one. Gems unknown; a disc where the reader is ``learned_confidence`` sure of it.
    Empty otherwise (none is then read: also where a slot may be unknown for a canoe on
    its way over it)."""
    washed = [i for i, s in enumerate(SLOTS)
              if s in unknown and washed_like(why.get(s), config)]
    if not washed or any(moving_by(why.get(SLOTS[i])) for i in washed):
        return {}
    rest = unknown - {SLOTS[i] for i in washed}
    counted = Counter(c.colour for c in seen if c.at not in unknown or c.at in rest)
    if any(n > in_play.get(c, 0) for c, n in counted.items()):
        return {}
    missing = {c: n - counted[c] for c, n in in_play.items() if n > counted[c]}
    if not missing or sum(missing.values()) > config.max_canoes_per_slot * len(washed):
        return {}
    present: dict[int, float] = {}
    covered: dict[int, float] = {}
    per = slot_counts(rectified, light, geo, setup, washed, sorted(missing), present=present,
                      covered=covered)
    if any(set(per.get(i, ())) != set(missing) for i in washed):
        return {}  # (a colour the reader does not know)
    if any(covered_by(why.get(SLOTS[i])) and 1.0 - covered[i] < config.washed_joint_hand_clear
           for i in washed):
        return {}  # (a hand the reader sees too: what it counts there, it glimpses past it)
    # Per colour, its canoes seen nowhere spread over the washed-out slots; a placing's
    # likelihood, the product of the reader's probabilities of each slot's count.
    spreads = {c: [ns for ns in product(range(3), repeat=len(washed)) if sum(ns) == n]
               for c, n in missing.items()}
    if prod(len(ways) for ways in spreads.values()) > JOINT_MAX_PLACINGS:
        return {}  # (too many to weigh within a frame's time: left unknown)
    total, best, best_p = 0.0, None, 0.0
    for choice in product(*spreads.values()):
        if max(map(sum, zip(*choice, strict=True))) > config.max_canoes_per_slot:
            continue
        like = 1.0
        for c, ns in zip(spreads, choice, strict=True):
            for k, i in enumerate(washed):
                like *= per[i][c][ns[k]]
        total += like
        if like > best_p:
            best, best_p = choice, like
    if best is None or best_p < config.washed_joint_confidence * total or any(
            per[i][c][ns[k]] < config.washed_joint_floor
            for c, ns in zip(spreads, best, strict=True) for k, i in enumerate(washed)):
        return {}
    out: dict[str, tuple[str | None, list[CanoeSeen]]] = {
        SLOTS[i]: (disc_of(present[i], config),
                   [CanoeSeen(c, SLOTS[i], UNKNOWN)
                    for c, ns in zip(spreads, best, strict=True) for _ in range(ns[k])])
        for k, i in enumerate(washed)}
    for pos in rest:
        out[pos] = (None, [c for c in seen if c.at == pos])
    return out


def disc_of(present: float, config: VisionConfig) -> str:
    """The disc the learned slot reader names, ``present`` sure that there is one: present
    or absent where it is ``config.learned_confidence`` sure of it and
    ``config.washed_reader_discs``, else unknown.

    >>> [disc_of(p, VisionConfig()) for p in (0.999, 0.001, 0.9)]
    ['present', 'absent', 'unknown']
    >>> disc_of(0.999, VisionConfig(washed_reader_discs=False))
    'unknown'
    """
    if not config.washed_reader_discs:
        return UNKNOWN
    if present >= config.learned_confidence:
        return PRESENT
    return ABSENT if 1 - present >= config.learned_confidence else UNKNOWN


def exact_counts(counted: Counter[str], in_play: Mapping[str, int]) -> bool:
    """Whether ``counted`` holds every canoe in play and no other.

    >>> exact_counts(Counter(red=2, joe=1), {"red": 2, "joe": 1})
    True
    >>> exact_counts(Counter(red=2), {"red": 2, "joe": 1}), exact_counts(Counter(red=3), {"red": 2})
    (False, False)
    """
    return all(counted[c] == n for c, n in in_play.items()) and set(counted) <= set(in_play)


def moving_unseen(seen: Iterable[CanoeSeen], unknown: set[str], in_play: Mapping[str, int],
                  moving: Iterable[str]) -> bool:
    """Whether the canoes the game has in play but seen at no position read are, one of
    each colour at most, canoes of the colours ``moving`` (seen on their way between two
    slots, or across two positions): then they are those, not hidden elsewhere. False
    where none is unseen.

    >>> seen = [CanoeSeen("red", "T1"), CanoeSeen("red", "T2"), CanoeSeen("blue", "T3")]
    >>> moving_unseen(seen, {"T2"}, {"red": 2, "blue": 1}, {"red"})
    True
    >>> moving_unseen(seen, {"T2", "T3"}, {"red": 2, "blue": 1}, {"red"})
    False
    >>> moving_unseen(seen[:1], set(), {"red": 3, "blue": 0}, {"red"})
    False
    """
    known = Counter(c.colour for c in seen if c.at not in unknown)
    missing = {c: n - known[c] for c, n in in_play.items() if n > known[c]}
    return bool(missing) and set(missing) <= set(moving) and all(
        n == 1 for n in missing.values())


def unseen_in_play(seen: Iterable[CanoeSeen], unknown: set[str],
                   in_play: Mapping[str, int]) -> bool:
    """Whether a canoe the game has in play is seen nowhere (the canoes seen at the
    ``unknown`` positions not counted).

    >>> unseen_in_play([CanoeSeen("red", "T1"), CanoeSeen("red", "T2")], {"T2"}, {"red": 2})
    True
    >>> unseen_in_play([CanoeSeen("red", "T1"), CanoeSeen("red", "T2")], set(), {"red": 2})
    False
    """
    return bool(unseen_colours(seen, unknown, in_play))


def seen_short(seen: Iterable[CanoeSeen], unknown: set[str], in_play: Mapping[str, int],
               colour: str) -> int:
    """How many canoes of ``colour`` the game has in play are seen nowhere (the canoes
    seen at the ``unknown`` positions not counted).

    >>> seen_short([CanoeSeen("red", "T1"), CanoeSeen("red", "T2")], {"T2"}, {"red": 2},
    ...            "red")
    1
    """
    return max(0, in_play.get(colour, 0) - sum(
        c.colour == colour and c.at not in unknown for c in seen))


def not_empty(seen: list[CanoeSeen], filled: Mapping[tuple[str, str], str],
              white: bool = True) -> None:
    """A lone canoe of its colour on its position read empty where the rules' gem votes
    showed a gem and no well there (``filled``: :attr:`vision.stages.canoes.Canoes.filled`)
    carries a gem not named: its gem is unknown, whichever reader named it empty. With
    ``white``, so is one read white where they lead to a coloured gem (a coloured gem
    blurred with a hull of the opposite hue is grey).

    >>> seen = [CanoeSeen("joe", "T5", None), CanoeSeen("red", "T1", None),
    ...         CanoeSeen("brown", "R1", "white"), CanoeSeen("blue", "L1", "white")]
    >>> not_empty(seen, {("T5", "joe"): "unknown", ("T2", "red"): "pink",
    ...                  ("R1", "brown"): "yellow", ("L1", "blue"): "white"})
    >>> [(c.colour, c.gem) for c in seen]
    [('joe', 'unknown'), ('red', None), ('brown', 'unknown'), ('blue', 'white')]
    """
    per = Counter((c.at, c.colour) for c in seen)

    def doubted(c: CanoeSeen) -> bool:
        lead = filled.get((c.at, c.colour))
        return lead is not None and per[c.at, c.colour] == 1 and (c.gem is None or (
            white and c.gem == "white" and lead not in (UNKNOWN, "white")))

    seen[:] = [CanoeSeen(c.colour, c.at, UNKNOWN) if doubted(c) else c for c in seen]


def own_gem_tinted(seen: list[CanoeSeen], tinted: Collection[tuple[str, str]]) -> None:
    """Leave unknown, in ``seen``, the gem of the hull's own colour named for a lone canoe
    (a yellow gem in a yellow canoe) whose gem votes showed another coloured gem besides
    (``tinted``: :attr:`vision.stages.canoes.Canoes.tinted`): blurred with the hull round
    it, a pink gem in a yellow canoe is orange, the hull's own colour to the readers.

    >>> seen = [CanoeSeen("yellow", "T5", "yellow"), CanoeSeen("blue", "T5", "blue"),
    ...         CanoeSeen("red", "R1", "pink")]
    >>> own_gem_tinted(seen, {("T5", "yellow"), ("R1", "red")})
    >>> [(c.colour, c.gem) for c in seen]
    [('yellow', 'unknown'), ('blue', 'blue'), ('red', 'pink')]
    """
    per = Counter((c.at, c.colour) for c in seen)
    seen[:] = [CanoeSeen(c.colour, c.at, UNKNOWN) if c.gem == c.colour and
               per[c.at, c.colour] == 1 and (c.at, c.colour) in tinted else c for c in seen]


def gems_doubted(rectified: Image, light: Light, geo: Geometry, slot_setup: Image,
                 disc_setup: Image, seen: Sequence[CanoeSeen], unknown: Collection[str],
                 config: VisionConfig, blends: bool,
                 glare: bool = False) -> set[tuple[str, str]]:
    """The (slot, colour) of the canoes alone on a slot read (not ``unknown``) whose named
    gem (None: an empty canoe) the learned readers doubt:

    - a white gem to which the two give under ``config.lone_gem_against`` of their belief
      on average: together they lean to another answer (a glare spot's white light on a
      coloured gem);

    and with ``blends`` (a gem blurs with its hull, so the rules' votes are the less sure):

    - a gem both see another gem in: one gem, neither an empty canoe nor the hull's own
      colour (what its blur lends a gem), to which each gives ``config.lone_gem_rival`` of
      its belief or more, or the two ``config.lone_gem_rival_mean`` of theirs on average;
    - an empty canoe the slot reader gives under ``config.lone_empty_slot_sure`` of its
      belief: it sees a gem there too.

    With ``glare`` (a glare spot in the frame) and ``config.lone_empty_glare``, that last
    check asks of every empty canoe alone of its colour on a slot read, beside other
    canoes too: a glare spot's light can hide a gem's colour from the gem reader.

    (Only those canoes are asked: both readers on every lone canoe in every frame would
    cost half the frame's time again.) ``slot_setup``, ``disc_setup``: every slot's
    patches at setup, as :func:`vision.stages.learned.gem_beliefs` takes them."""
    rival = config.lone_gem_rival if blends else 2.0
    rival_mean = config.lone_gem_rival_mean if blends and config.lone_gem_rival_mean else 2.0
    lit = glare and config.lone_empty_glare
    empty_sure = config.lone_empty_slot_sure if blends or lit else 0.0

    def asked(gem: str | None) -> bool:
        """Whether a check that is switched on applies to a canoe named ``gem``."""
        if gem is None:
            return empty_sure > 0
        return (gem == "white" and config.lone_gem_against > 0) or min(rival, rival_mean) <= 1

    on_slot = Counter(c.at for c in seen)
    of_colour = Counter((c.at, c.colour) for c in seen)
    named_gem = {(c.at, c.colour): c.gem for c in seen if c.at in SLOTS
                 and c.at not in unknown and c.gem != UNKNOWN and asked(c.gem) and (
                     on_slot[c.at] == 1 or (lit and c.gem is None
                                            and of_colour[c.at, c.colour] == 1))}
    ask: dict[int, list[str]] = {}
    for at, colour in named_gem:
        ask.setdefault(SLOTS.index(at), []).append(colour)

    def doubted(colour: str, gem: str | None, slot_said: Mapping[str | None, float],
                fine_said: Mapping[str | None, float]) -> bool:
        if gem is None:
            return slot_said[None] < empty_sure
        return (gem == "white" and (slot_said[gem] + fine_said[gem]) / 2
                < config.lone_gem_against) or any(
            min(slot_said[g], fine_said[g]) >= rival
            or (slot_said[g] + fine_said[g]) / 2 >= rival_mean
            for g in slot_said if g not in (None, colour, gem))

    return {(SLOTS[k], colour)
            for k, said in gem_beliefs(
                rectified, light, geo, slot_setup, disc_setup, ask, 0.0).items()
            for colour, beliefs in said.items()
            if len(beliefs) == 2 and doubted(colour, named_gem[SLOTS[k], colour], *beliefs)}


def blend_doubted(rectified: Image, light: Light, geo: Geometry, look: TableLook,
                  seen: list[CanoeSeen], unnamed: set[tuple[str, str]],
                  canoe_bgr: Mapping[str, BGR], config: VisionConfig) -> None:
    """Where the rules read no gems: a gem the learned readers named for a canoe whose gem
    the rules left unknown (``unnamed``: position, colour) that looks like another gem
    blurred with the canoe's colour at this table (``config.low_detail_blend_veto``)
    stays named only where the slot reader is ``low_detail_blend_slot`` sure of it and
    the gem reader ``low_detail_blend_fine`` sure: both take a pink gem in a blue canoe
    for violet, a violet one in a red canoe for pink (used 155030068, 155030122 at
    640x480, each reader over 0.998 sure). Fills ``seen``."""
    doubted = [c for c in seen if (c.at, c.colour) in unnamed and c.at in SLOTS
               and c.gem not in (None, UNKNOWN) and c.colour in canoe_bgr
               and blurs_from(str(c.gem), canoe_bgr[c.colour], config,
                              config.low_detail_blend_veto)]
    if not doubted:
        return
    asked: dict[int, list[str]] = {}
    for c in doubted:
        asked.setdefault(SLOTS.index(c.at), []).append(c.colour)
    sure_slot = {} if look.slot_patches is None or config.low_detail_blend_slot > 1 else \
        slot_gems(rectified, light, geo, look.slot_patches, asked,
                  config.low_detail_blend_slot, config.disc_clear_confidence)
    sure_fine = {} if look.disc_patches is None or config.low_detail_blend_fine > 1 else {
        i: read.gems for i, read in read_fine(
            rectified, light, geo, look.disc_patches, [], asked, 2.0,
            config.low_detail_blend_fine, config.disc_clear_confidence).items()}
    keep = {(c.at, c.colour) for c in doubted
            if sure_slot.get(SLOTS.index(c.at), {}).get(c.colour, UNKNOWN) == c.gem
            and sure_fine.get(SLOTS.index(c.at), {}).get(c.colour, UNKNOWN) == c.gem}
    doubt = {(c.at, c.colour) for c in doubted} - keep
    seen[:] = [CanoeSeen(c.colour, c.at, UNKNOWN) if (c.at, c.colour) in doubt else c
               for c in seen]


def name_gems(seen: list[CanoeSeen], slot: str, gems: Mapping[str, str | None]) -> None:
    """Name, in ``seen``, the gem of each canoe on ``slot`` whose gem is unknown and whose
    colour ``gems`` answers for (a lone canoe of its colour there).

    >>> seen = [CanoeSeen("red", "T2", UNKNOWN), CanoeSeen("blue", "T2", "white")]
    >>> name_gems(seen, "T2", {"red": None, "blue": "pink"})
    >>> [c.gem for c in seen]
    [None, 'white']
    """
    seen[:] = [CanoeSeen(c.colour, slot, gems[c.colour])
               if c.at == slot and c.gem == UNKNOWN and c.colour in gems else c for c in seen]


def reader_over_elsewhere(rectified: Image, light: Light, geo: Geometry, setup: Image,
                          seen: list[CanoeSeen], discs: dict[str, str], unknown: set[str],
                          why: dict[str, str], in_play: Mapping[str, int],
                          config: VisionConfig, read_by_reader: set[str]) -> None:
    """Take back each slot in ``read_by_reader`` (read by the learned slot reader where the
    rules left it unknown) where, for a colour read there, that slot's canoes of it, those
    the rules read on other slots (only on positions read, with
    ``config.reader_elsewhere_known_only``), and those the reader is
    ``config.reader_elsewhere_confidence`` sure of on slots where the rules read none of
    it (under a hand too) are more than are in play: the reader is wrong here or there."""
    colours = sorted({c.colour for c in seen if c.at in read_by_reader})
    if not colours:
        return
    others = [k for k, s in enumerate(SLOTS) if s not in read_by_reader]
    counts = slot_counts(rectified, light, geo, setup, others, colours)
    for slot in sorted(read_by_reader):
        for colour in sorted({c.colour for c in seen if c.at == slot}):
            rules_at = {c.at for c in seen if c.colour == colour and c.at != slot and not (
                config.reader_elsewhere_known_only and c.at in unknown)}
            total = sum(c.colour == colour for c in seen if c.at == slot or c.at in rules_at)
            total += sum(int(np.argmax(p)) for k, per in counts.items()
                         if SLOTS[k] not in rules_at and (p := per.get(colour)) is not None
                         and max(p) >= config.reader_elsewhere_confidence)
            if total > in_play.get(colour, 0):
                take_back(slot, f"the learned reader sees a {colour} canoe here and "
                          "elsewhere too", seen, discs, unknown, why)
                break


def no_joe_there(rectified: Image, light: Light, geo: Geometry, setup: Image,
                 patches: Collection[str], config: VisionConfig) -> set[str]:
    """The river slots among ``patches`` (where a patch of Diamanten Joe's colour shows
    but was not read as his canoe) where the learned slot reader is
    ``config.joe_patch_reader_none`` sure that no canoe of his stands, whatever it says
    covers the slot: a hand's skin is his wood's pale colour to the rules, not to the
    reader. ``setup``: every slot's patch at setup."""
    if config.joe_patch_reader_none > 1:
        return set()
    asked = [SLOTS.index(p) for p in patches if p in SLOTS]
    return {SLOTS[k] for k, per in slot_counts(rectified, light, geo, setup, asked,
                                               [JOE_COLOUR]).items()
            if per[JOE_COLOUR][0] >= config.joe_patch_reader_none}


def take_back(slot: str, reason: str, seen: list[CanoeSeen], discs: dict[str, str],
              unknown: set[str], why: dict[str, str]) -> None:
    """Take back what was read on ``slot``: it is unknown for ``reason`` (unless it had
    one), its disc unknown, its canoes out of ``seen``.

    >>> seen, discs, unknown, why = [CanoeSeen("red", "T2")], {"T2": PRESENT}, set(), {}
    >>> take_back("T2", "a hand", seen, discs, unknown, why)
    >>> seen, discs, unknown, why
    ([], {'T2': 'unknown'}, {'T2'}, {'T2': 'a hand'})
    """
    unknown.add(slot)
    discs[slot] = UNKNOWN
    seen[:] = [c for c in seen if c.at != slot]
    why.setdefault(slot, reason)


def unseen_colours(seen: Iterable[CanoeSeen], unknown: set[str],
                   in_play: Mapping[str, int]) -> list[str]:
    """The colours of which fewer canoes are seen than the game has in play (the canoes
    seen at the ``unknown`` positions not counted).

    >>> unseen_colours([CanoeSeen("red", "T1"), CanoeSeen("blue", "T2")], {"T2"},
    ...                {"red": 1, "blue": 1})
    ['blue']
    """
    seen = list(seen)
    return [c for c in in_play if seen_short(seen, unknown, in_play, c)]


def unread_patch(canoes: Canoes, unknown: set[str], why: Mapping[str, str],
                 in_play: Mapping[str, int], config: VisionConfig,
                 ) -> list[tuple[str, str, tuple[CanoeSeen, ...]]]:
    """The one slot left unknown with "canoe-like area unread", about one canoe's area
    more than the canoes read there cover (``config.unread_one_max``), as a patch for
    :func:`by_elimination` of the one colour a canoe of which is seen nowhere, with the
    canoes the rules read there: empty where that is not so, or
    ``config.unread_by_counts`` is off.

    >>> from vision.stages.canoes import Canoes
    >>> c = Canoes(unread=[CanoeSeen("red", "L2", None)], seen=[CanoeSeen("blue", "T1")])
    >>> c.areas["L2"] = (1, 1.66)
    >>> why = {"L2": "canoe-like area unread"}
    >>> unread_patch(c, {"L2"}, why, {"red": 2, "blue": 1}, VisionConfig())
    [('L2', 'red', (CanoeSeen(colour='red', at='L2', gem=None),))]
    >>> unread_patch(c, {"L2"}, why, {"red": 2, "blue": 2}, VisionConfig())
    []
    >>> c.areas["L2"] = (1, 2.6)  # two canoes' area unread
    >>> unread_patch(c, {"L2"}, why, {"red": 2, "blue": 1}, VisionConfig())
    []
    """
    if not config.unread_by_counts or len(unknown) != 1:
        return []
    (at,) = unknown
    if at not in SLOTS or why.get(at) != AREA_UNREAD or at not in canoes.areas:
        return []
    besides = tuple(c for c in canoes.unread if c.at == at)
    n, area = canoes.areas[at]
    if area - config.canoe_area_each * n > config.unread_one_max:
        return []
    # (The canoes read elsewhere and those the rules read there.)
    short = unseen_colours([*canoes.seen, *besides], set(), in_play)
    if len(short) != 1:
        return []
    return [(at, short[0], besides)]


def by_elimination(seen: Iterable[CanoeSeen], unknown: set[str], skipped: set[str],
                   unsure: Sequence[tuple[str, str, tuple[CanoeSeen, ...]]],
                   in_play: Mapping[str, int], pairs: Collection[str] = (),
                   beach_rest: bool = False) -> list[CanoeSeen]:
    """The canoes at the one slot ``unsure`` names (``Canoes.unsure``: a patch there one
    canoe or two, or Diamanten Joe's colour without his canoe's middle; the canoes read
    there besides) when the game's counts leave nothing else it could be: one canoe of
    that colour is seen nowhere, every other canoe in play is seen at a position that was
    read, and no other position is unknown (the beach may be, for Joe: he never lands). The
    patch is then that one canoe, its gem unknown. Empty otherwise. ``skipped``: the
    positions unknown before the canoes were read. ``pairs``: slots whose patch has the
    area of two canoes (``Canoes.pairs``): it is two canoes of its colour where two are
    seen nowhere, and the counts settle nothing else there. ``beach_rest``: with the
    beach unknown, Diamanten Joe's patch is his canoe while no other colour is seen more
    often than it is in play (he never lands: the canoes not seen on the river are on the
    beach, for :func:`beach_by_elimination` to read).

    >>> seen = [CanoeSeen("red", "T2"), CanoeSeen("joe", "T1")]
    >>> by_elimination(seen, {"T3"}, set(), [("T3", "red", ())], {"red": 2, "joe": 1})
    [CanoeSeen(colour='red', at='T3', gem='unknown')]
    >>> by_elimination(seen, {"T3"}, set(), [("T3", "red", ())], {"red": 3, "joe": 1})
    []
    >>> by_elimination(seen, {"T3", "T4"}, set(), [("T3", "red", ())], {"red": 2, "joe": 1})
    []
    >>> by_elimination(seen, {"T3", "beach"}, set(), [("T3", "red", ())], {"red": 2, "joe": 1})
    []
    >>> by_elimination(seen[:1], {"T3", "beach"}, set(), [("T3", "joe", (CanoeSeen("red", "T3"),))],
    ...                {"red": 2, "joe": 1})
    [CanoeSeen(colour='red', at='T3', gem=None), CanoeSeen(colour='joe', at='T3', gem='unknown')]
    >>> by_elimination(seen[1:], {"T3"}, set(), [("T3", "red", ())], {"red": 2, "joe": 1},
    ...                {"T3"})  # doctest: +NORMALIZE_WHITESPACE
    [CanoeSeen(colour='red', at='T3', gem='unknown'),
     CanoeSeen(colour='red', at='T3', gem='unknown')]
    >>> by_elimination(seen, {"T3"}, set(), [("T3", "red", ())], {"red": 2, "joe": 1}, {"T3"})
    []
    >>> by_elimination(seen[1:], {"T3"}, set(), [("T3", "red", ())], {"red": 2, "joe": 1})
    []
    >>> by_elimination(seen[:1], {"T3", "beach"}, set(), [("T3", "joe", ())], {"red": 2, "joe": 1})
    []
    >>> by_elimination(seen[:1], {"T3", "beach"}, set(), [("T3", "joe", ())], {"red": 2, "joe": 1},
    ...                beach_rest=True)
    [CanoeSeen(colour='joe', at='T3', gem='unknown')]
    >>> by_elimination(seen[:1] * 3, {"T3", "beach"}, set(), [("T3", "joe", ())],
    ...                {"red": 2, "joe": 1}, beach_rest=True)
    []
    """
    if len(unsure) != 1:
        return []
    at, colour, besides = unsure[0]
    others = unknown - {at} - ({BEACH} if colour == JOE_COLOUR else set())
    if at in skipped or others:
        return []
    known = Counter(c.colour for c in seen if c.at not in unknown)
    known.update(c.colour for c in besides)
    short = in_play.get(colour, 0) - known[colour]
    landed = beach_rest and colour == JOE_COLOUR and BEACH in unknown
    if short != (2 if at in pairs else 1) or any(
            known[c] > n if landed else known[c] != n for c, n in in_play.items()
            if c != colour):
        return []
    return [*besides, *[CanoeSeen(colour, at, UNKNOWN)] * short]


def beach_by_elimination(seen: Sequence[CanoeSeen], unknown: set[str],
                         why: Mapping[str, str], in_play: Mapping[str, int],
                         unread: Sequence[CanoeSeen] = (), by_colour: bool = False,
                         ) -> list[CanoeSeen] | None:
    """The canoes on the beach by the game's counts, where the beach alone is unknown:
    every river slot was read, so every canoe in play not seen on the river lies on the
    beach (none of them Diamanten Joe, who never lands): the canoes read there where
    their colours are those, or the ones the rules read there before leaving it unknown
    (``unread``) where theirs are, else those colours with their gems unknown (with
    ``by_colour``, of each colour the canoes read there, or before, where as many of it
    were read, else its gems unknown). None where
    the beach is known, another position is not, the river shows more canoes of a colour
    than are in play or misses Joe, or the beach is unknown only because a canoe is seen
    nowhere (``UNSEEN``, ``BEACH_GLARE``, ``LIKE_SAND``: nothing seen there covers the
    sand, and that canoe may be in a player's hand, off the board). (Something foreign
    over the beach, a sleeve, a patch the rules cannot count: on used offsets 50-51 the
    counts were right on all 224 such beaches, 153 of them clear.)

    >>> seen = [CanoeSeen("red", "T2"), CanoeSeen("blue", "beach", None)]
    >>> in_play = {"red": 2, "blue": 2}
    >>> foreign = {"beach": "something foreign on the beach"}
    >>> beach_by_elimination(seen, {"beach"}, foreign, in_play)
    [CanoeSeen(colour='blue', at='beach', gem='unknown'), CanoeSeen(colour='blue', \
at='beach', gem='unknown'), CanoeSeen(colour='red', at='beach', gem='unknown')]
    >>> beach_by_elimination([*seen, CanoeSeen("red", "beach")], {"beach"}, foreign,
    ...                      {"red": 2, "blue": 1})
    [CanoeSeen(colour='blue', at='beach', gem=None), CanoeSeen(colour='red', at='beach', \
gem=None)]
    >>> beach_by_elimination(seen, {"beach"}, foreign, {"red": 2, "blue": 1},
    ...                      [CanoeSeen("red", "beach", None), CanoeSeen("blue", "beach")])
    [CanoeSeen(colour='blue', at='beach', gem=None), CanoeSeen(colour='red', at='beach', \
gem=None)]
    >>> beach_by_elimination(seen, {"beach", "T3"}, foreign, in_play) is None
    True
    >>> beach_by_elimination(seen, {"beach"}, {"beach": HIDES}, in_play) is None
    True
    """
    reason = why.get(BEACH) or ""
    if BEACH not in unknown or unknown - {BEACH} or reason.startswith(UNSEEN) or (
            reason == BEACH_GLARE or reason.endswith(LIKE_SAND)):
        return None
    rest = Counter(in_play)
    rest.subtract(c.colour for c in seen if c.at in SLOTS)
    if any(n < 0 for n in rest.values()) or rest[JOE_COLOUR] > 0:
        return None
    read = sorted((c for c in seen if c.at == BEACH), key=lambda c: c.colour)
    if [c.colour for c in read] == sorted(rest.elements()):
        return read
    before = sorted((c for c in unread if c.at == BEACH), key=lambda c: c.colour)
    if before and [c.colour for c in before] == sorted(rest.elements()):
        return before
    if not by_colour:
        return [CanoeSeen(c, BEACH, UNKNOWN) for c in sorted(rest.elements())]
    out: list[CanoeSeen] = []
    for colour, n in sorted(rest.items()):
        if n <= 0:
            continue
        mine = [c for c in read if c.colour == colour]
        then = [c for c in before if c.colour == colour]
        out += mine if len(mine) == n else then if len(then) == n else [
            CanoeSeen(colour, BEACH, UNKNOWN)] * n
    return out


def too_many(seen: Iterable[CanoeSeen], unknown: set[str],
             in_play: Mapping[str, int], joe_patches: Iterable[str] = (),
             off_slot: Iterable[CanoeSeen] = ()) -> set[str]:
    """The positions of every colour seen more often than it has canoes in play.

    ``off_slot``: canoes read clearly but caught between two slots (their positions
    unknown); each is one canoe of its colour: on a river of the blue canoes' hue, two
    blue canoes read between T1 and T2 and a patch of the river read as a third blue
    canoe on T3 are one blue canoe too many (tuning scene 7070054). Of each colour, as
    many count as are read at any one position (one canoe across two zones may be read
    in both).

    ``joe_patches``: positions where a patch of Diamanten Joe's colour shows that was not
    read as his canoe (his colour without his canoe's middle, or a canoe-sized patch at a
    position unknown for another reason). Each counts as one Joe: Joe read on one slot
    while his wood shows on another may be a brown hull blurred pale (at 640x480, or lit
    warm), and which of the two is his canoe cannot be told. (Not a patch of another
    colour held for one canoe or two: on a river of that colour's hue it may be the
    river's mottle, and counted it made the canoes read of that colour unknown, then
    every slot like the river: tuning offset 7.)

    >>> seen = [CanoeSeen("red", "T1"), CanoeSeen("red", "T2"), CanoeSeen("red", "T2"),
    ...         CanoeSeen("blue", "T3")]
    >>> sorted(too_many(seen, set(), {"red": 2, "blue": 2}))
    ['T1', 'T2']
    >>> sorted(too_many([CanoeSeen("joe", "T3")], {"T4"}, {"joe": 1}, ["T4"]))
    ['T3', 'T4']
    >>> sorted(too_many([CanoeSeen("joe", "T3")], set(), {"joe": 1}, ["T3"]))
    []
    >>> sorted(too_many([CanoeSeen("red", "T3")], {"T1"}, {"red": 2},
    ...                 off_slot=[CanoeSeen("red", "T1"), CanoeSeen("red", "T1")]))
    ['T1', 'T3']
    >>> sorted(too_many([CanoeSeen("red", "T3")], {"T1", "T2"}, {"red": 2},
    ...                 off_slot=[CanoeSeen("red", "T1"), CanoeSeen("red", "T2")]))
    []
    """
    counted = [(c.colour, c.at) for c in seen if c.at not in unknown]
    joe_read = {at for colour, at in counted if colour == JOE_COLOUR}
    counted += [(JOE_COLOUR, at) for at in sorted(set(joe_patches) - joe_read)]
    # (A canoe across two slots' zones may be read in both: of each colour, as many
    # count as are read at any one position.)
    between: dict[str, Counter[str]] = {}
    for c in off_slot:
        between.setdefault(c.colour, Counter())[c.at] += 1
    out: set[str] = set()
    for colour in {c for c, _ in counted} | set(between):
        mine = [at for c, at in counted if c == colour]
        off = between.get(colour, Counter())
        if len(mine) + max(off.values(), default=0) > in_play.get(colour, 0):
            out.update(mine, off)
    return out


def hiding_places(seen: Iterable[CanoeSeen], unknown: set[str], in_play: Mapping[str, int],
                  areas: Mapping[str, tuple[int, float]], config: VisionConfig,
                  washed: bool = False, beside: bool = False) -> set[str]:
    """Where a canoe the game has in play, but seen nowhere, may be: when some position is
    unknown (it could be under a hand there), the others with more canoe-like area than
    their canoes read by ``canoe_hidden_share_unknown`` (``canoe_hidden_share_washed``
    where each unknown one is washed out by a glare spot: ``washed``); else every position with more
    canoe-like area than its canoes read (a canoe half hidden under another) and its
    slots up and down the river that show ``hidden_beside_area`` of canoe-like area (it
    may be caught between them; so too with ``beside`` while some position is unknown).
    When the area shows no
    such place, it is hidden where nothing shows it (under a hand whose skin looks like
    the sand, in a deep shadow): every position is then unknown, none read wrongly; so too,
    with nothing unknown, where several canoes are seen nowhere and the places show
    ``canoe_hidden_share`` of a canoe or less of room for each (``canoe_hidden_each``).

    >>> cfg = VisionConfig()
    >>> areas = {"T2": (0, 0.2), "T3": (1, 1.3), "T4": (0, 0.2), "beach": (0, 0.0)}
    >>> sorted(hiding_places([CanoeSeen("red", "T3")], set(), {"red": 2}, areas, cfg))
    ['T2', 'T3', 'T4']
    >>> sorted(hiding_places([CanoeSeen("red", "T3")], set(), {"red": 2},
    ...                      {**areas, "T4": (0, 0.0)}, cfg))
    ['T2', 'T3']
    >>> len(hiding_places([CanoeSeen("red", "T3")], set(), {"red": 2}, {"T3": (1, 0.8)}, cfg))
    10
    >>> sorted(hiding_places([CanoeSeen("red", "T3")], {"R1"}, {"red": 2}, areas, cfg))
    ['T3']
    >>> sorted(hiding_places([CanoeSeen("red", "T3")], {"R1"}, {"red": 2}, areas, cfg,
    ...                      beside=True))
    ['T2', 'T3', 'T4']
    >>> len(hiding_places([CanoeSeen("red", "T3")], set(), {"red": 2, "blue": 1},
    ...                   {**areas, "T3": (1, 1.1)}, cfg))
    10
    """
    counted = Counter(c.colour for c in seen)
    if all(counted[c] >= n for c, n in in_play.items()):
        return set()
    # While some position is unknown, it may be there, or half hidden by another canoe
    # where the area shows more than the canoes read (reporting 44050208: of two blue
    # canoes on L1 the one in a glare spot's fading light kept 0.35 of a canoe's area
    # unread, and one blue canoe was read, the other taken for under a slot the spot
    # washed out); not beside it (but with ``beside``), and never everywhere.
    # (Where every unknown position is washed out by a glare spot, ``washed``, its halo
    # may make a canoe under it look like the river: ``canoe_hidden_share_washed``.)
    share = (config.canoe_hidden_share_washed if washed else config.canoe_hidden_share_unknown
             ) if unknown else config.canoe_hidden_share
    if unknown and share <= 0:
        return set()
    out: set[str] = set()
    spare = 0.0  # (the canoe-like area those places show more than their canoes read)
    for pos, (n, area) in areas.items():
        if pos in unknown or area - config.canoe_area_each * n <= share:
            continue
        out.add(pos)
        spare += area - config.canoe_area_each * n
        if pos in SLOTS and (beside or not unknown):
            # (A canoe caught between two slots shows part of itself on both.)
            out.update(p for p in neighbours(pos) if p in SLOTS and (
                config.hidden_beside_area <= 0
                or areas.get(p, (0, 0.0))[1] >= config.hidden_beside_area))
    if unknown:
        return out
    gone = sum(n - counted[c] for c, n in in_play.items() if counted[c] < n)
    if config.canoe_hidden_each and gone > 1 and spare <= share * gone:
        # Several canoes seen nowhere where the area shows room for one: the others are
        # hidden where nothing shows them (used 112110065, motion: a brown and a yellow
        # canoe under a blurred hand as pale as the sand, the beach read with the other
        # two; T4's brown canoe 0.21 of a canoe over what it leaves).
        return {*SLOTS, BEACH}
    return out or {*SLOTS, BEACH}


def washes_to_riverbed(proto: Floats, rings: Floats, chroma: float) -> Mask:
    """Per slot, whether a canoe of the colour ``proto`` (features) washed towards white
    (its chroma scaled towards neutral grey) comes within ``chroma`` of its riverbed
    ``rings``' chroma (or, per row, of any colours' features: another canoe colour's).

    >>> rings = np.array([[-0.2, -0.6, 0.0], [0.2, 0.9, 0.0]], np.float32)
    >>> washes_to_riverbed(np.array([-0.2, -1.3, 0.0], np.float32), rings, 0.2).tolist()
    [True, False]
    """
    p = proto[:2].astype(np.float64)
    r = rings[:, :2].astype(np.float64)
    t = np.clip(r @ p / max(float(p @ p), 1e-9), 0.0, 1.0)
    return cast(Mask, np.linalg.norm(r - t[:, None] * p, axis=1) < chroma)


def like_riverbed(proto: Floats, rings: Floats, config: VisionConfig, chroma: float) -> Mask:
    """Per slot, whether a canoe of the colour ``proto`` (features) looks like its riverbed
    ``rings``: its chroma within ``chroma`` and its brightness within the ground's
    range."""
    darker = (proto[2] - rings[:, 2]) / config.brightness_weight
    near = np.linalg.norm(rings[:, :2] - proto[:2], axis=1) < chroma
    return cast(Mask, near & (darker > config.background_dark)
                & (darker < config.background_bright))


def camouflaged(seen: Iterable[CanoeSeen], in_play: Mapping[str, int], palette: Palette,
                sand_ref: Floats, rings: Floats, config: VisionConfig) -> set[str]:
    """Where a canoe of the game seen nowhere may lie unseen, when nothing shows where
    (:func:`hiding_places`' last resort): the positions whose ground (the sand, each slot's
    riverbed ring ``rings`` as at setup, or the river's) its colour is within
    ``hidden_camouflage_chroma`` of in chroma (a brown canoe on a dark brown beach makes no
    object at all, while it would stand out on the river). Empty when it is like no ground
    (then every position stays unknown)."""
    counted = Counter(c.colour for c in seen)
    out: set[str] = set()
    for colour, n in in_play.items():
        if counted[colour] >= n or colour not in palette.names:
            continue
        proto = palette.protos[palette.names.index(colour)]
        near = np.linalg.norm(rings[:, :2] - proto[:2], axis=1) < config.hidden_camouflage_chroma
        places = {SLOTS[i] for i in np.flatnonzero(near)}
        if float(np.linalg.norm(proto[:2] - sand_ref[:2])) < config.hidden_camouflage_chroma:
            places.add(BEACH)
        if not places:
            return set()
        out |= places
    return out


def _grounds_seen(zones: Region, beach: Region, geo: Geometry,
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
