"""Thresholds and reference colours for the vision pipeline, in one place.

Channel order: every image in this package is **BGR** (OpenCV's order, and what the
Raspberry Pi camera gives in its ``"RGB888"`` format). Colours below are written
as ``(B, G, R)`` too, on a scale where the board's white paper is 255.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from companion.colours import CAMERA_BGR, JOE

BGR = tuple[int, int, int]


def to_bgr(values: Iterable[float]) -> BGR:
    """Three channel values, rounded to a :data:`BGR` colour.

    >>> to_bgr([12.4, 200.6, 99.5])
    (12, 201, 100)
    """
    b, g, r = (round(float(v)) for v in values)
    return (b, g, r)



DEFAULT_CANOE_BGR: dict[str, BGR] = dict(CAMERA_BGR)
"""Canoe colours as a camera sees them under neutral light, from the one colour table
(:mod:`companion.colours`; ``joe`` is Diamanten Joe's canoe, drawn and recognised as
natural wood)."""

DEFAULT_GEM_BGR: dict[str, BGR] = {
    "violet": (210, 72, 150),
    "white": (232, 224, 216),
    "yellow": (24, 150, 252),
    "blue": (255, 162, 84),
    "pink": (160, 96, 244),
}
"""Gem colours (translucent plastic; ``white`` is clear) under neutral light."""

DEFAULT_GROUND_BGR: dict[str, BGR] = {"river": (186, 172, 108), "sand": (160, 203, 224)}
"""The printed riverbed and beach sand under neutral light (learned at setup when
``Detector.learn_colours`` runs; these defaults fit the synthetic board)."""

JOE_COLOUR = JOE
"""The colour key of Diamanten Joe's canoe (recognised as natural wood)."""


@dataclass(frozen=True)
class VisionConfig:
    """Every threshold of the pipeline. Defaults are tuned on ``vision.synth`` scenes."""

    px_per_mm: float = 1.0
    """Resolution of the rectified top-down view."""
    canoe_height_mm: float = 15.0
    """How high a canoe's gunwale stands over the board: its top appears that much
    displaced under a tilted camera (parallax)."""
    disc_height_mm: float = 3.0
    """A river disc's thickness: where its top rim appears."""
    marker_scale: float = 0.5
    """Markers are searched in a frame shrunk by this factor, then refined at full size."""
    marker_search_width: int = 640
    """...but never shrunk below this width (a smaller frame is searched at full size)."""
    marker_upscale_below: int = 1000
    marker_upscales: tuple[float, ...] = (1.5, 2.0)
    """A frame at most this wide with a marker missing is searched again enlarged by these
    factors (markers of a few pixels a cell are found there); the missing ones are added."""
    marker_quick_window: int = 5
    """Markers are searched first with one adaptive threshold, of this window (pixels of
    the searched picture; 0: no first search), and with the usual three (5, 15 and 25
    pixels) only where that finds fewer than every marker of the layout (in a whole
    frame), or not the marker looked for (in the window around where it was in the last
    frame): a sharp marker's outline shows in the finest window, and each window costs
    about a third of the search (1.2 of 1.8 ms at 640x360 saved where all are found). The
    corners then refined at full size differ from the three windows' by 0.06 px at most,
    in 7 of 90 varied frames."""
    marker_cell_px: int = 8
    """A candidate marker's cells are read from this many pixels a cell side once its
    perspective is taken off (OpenCV's default 4 loses blurred cells of small markers)."""
    min_markers: int = 3
    """Fewer markers than this: the board is not found (two give a shaky homography)."""
    still_markers: int = 2
    """...unless this many (0: never) are seen, each where the last frame or the setup
    photo showed it: the board and the camera have not moved, and the markers not seen
    are taken where they were then (:func:`vision.locate.still_markers`). A Pi's camera is
    fixed above the table, and an elbow over two corners should not blank the board.
    (Used 112030260 at 640x480: three markers in the setup photo, only two found in the
    frame, 0.5 and 1.0 px from where they were: every position was unknown, now all ten
    read right.)"""
    still_marker_share: float = 0.06
    """...each corner within this share of its marker's side of where it was (setup to
    frame with a still camera, used offset 111, 40 scenes a condition: corners moved 0.1 px
    at the median, at most 2 px at 640x480 where a side is 18-30 px, and 0.8-3 px at
    1280x720, 28-60 px; a shaken camera under motion blur, 9.8 px)."""
    marker_retry_constant: float = 12.0
    """With fewer than ``min_markers`` markers found, the frame is searched once more at
    full size, the adaptive threshold this far under the local mean (OpenCV's default is
    7; 0: no such search), taking markers up to a pixel from the frame's edge (OpenCV's
    default: three). On offsets 101-105 (13 conditions, 300 scenes each), five tables had
    two markers or fewer found in the frame or the setup photo: this search finds a third
    in four of them (a marker blurred beside the frame's edge, one whose outline merged
    with its dark cells, one two pixels from the edge, one covered and another missed),
    and each is then read right; the fifth has two markers out of the frame."""
    max_reprojection_px: float = 4.0
    """A homography worse than this (RMS over marker corners) is refused."""
    disc_absent_fit_px: float = 1.5
    """In a frame whose markers fit the board's plane worse than this (the homography's
    RMS reprojection error over their corners, camera pixels), a disc read absent is
    looked for again up to ``disc_absent_search_mm`` from its place (the table's offset
    first, as at setup, ``disc_offsets``), and is unknown where it then shows: the pose is
    a few millimetres off in the middle of the board, and a rim looked for off its place
    shows none. (Reporting 67040105, one marker covered: 2.76 px, the discs on T2-T5 8-10
    mm from where they were looked for, read absent; frames otherwise fit to 0.2-1.2 px,
    under a steep tilt with the default camera up to 3.5. Used offsets 63-66: 15 frames
    fit worse than 1.5 px, two of them with a disc truly gone, both still read absent.)
    Over ``max_reprojection_px``: never."""
    disc_absent_search_mm: float = 12.0
    disc_absent_search_step_mm: float = 1.0
    """...how far each way, and in what steps."""
    max_image_pixels: int = 40_000_000
    """Larger frames are refused rather than risk running out of memory."""

    # Colour classification (brightness-normalised chroma plus log brightness).
    brightness_weight: float = 0.35
    """Weight of log brightness against the two chroma axes in colour distances (shadows
    mostly change brightness, so it counts for less)."""
    light_cell_mm: float = 3.0
    """Cell size (mm) of the coarse grid over which the ground's light is averaged."""
    ring_inner_mm: float = 4.0
    ring_outer_mm: float = 2.0
    """A slot's riverbed ring runs from this far outside the disc's edge to this far inside
    the slot zone's edge (mm)."""
    background_chroma: float = 0.22
    """Max chroma distance from the local riverbed / sand for a pixel to count as ground."""
    background_dark: float = -0.75
    background_bright: float = 0.45
    """Log-brightness range around the local ground that still counts as ground."""
    ground_strict_share: float = 0.5
    """Only pixels within this share of ``background_chroma`` of the ground's chroma enter
    the local average of its brightness (a dull hull must not pull it down)."""
    ground_min_weight: float = 0.05
    """Below this weight of ground pixels nearby, the local brightness is not trusted."""
    ground_light_mm: float = 6.0
    """Scale (Gaussian sigma, mm) over which the ground's (sand, riverbed) brightness is
    averaged locally, so that shadows are ground and not objects."""
    ground_dark_log: float = 0.3
    """Ground-coloured pixels darker than the local average by this (log) are left out of it."""
    glare_white: float = 0.25
    """A slot whose riverbed is the river's colour plus white light of more than this share
    of the markers' white paper is washed out by a glare spot: unknown (a shadow only
    darkens the river's colour). At 0.12 a glare spot's halo left slots unknown whose
    discs and canoes read right."""
    glare_brighter: float = 0.12
    """...and whose riverbed is brighter than the river's by this share at least (glare
    adds light; on a pale river a tinted shadow, or a flicker band, fits the
    river-plus-white model too: at 0.04 pale rivers' slots read as washed out in frames
    of every condition)..."""
    glare_river_left: float = 0.3
    """...or, however little brighter, whose riverbed keeps under this share of the river's
    colour (``a`` in the fit): on a river as bright as white in two channels (``glacier``),
    rings washed out to white were only 1.07-1.10 times as bright as the river, with 0.07
    and 0.08 of its colour left (reporting scene 34050213: a blue and a green canoe there,
    washed out, read gone); rings not washed out keep 0.7 or more..."""
    glare_gone_brighter: float = 0.05
    """...when brighter than the river by this share at least (on a chalk river, as pale
    as grey, a slot in a tinted shadow, 1-2 % darker than the river, fits "no river, much
    white" too)..."""
    glare_setup_brighter: float = 0.04
    """...this share in the setup photo, where a slot taken for washed out is only left
    out of what is learned there (a glared slot not taken so is refused as "something
    stands on")..."""
    glare_setup_white: float = 0.12
    """...and white light of more than this share there (``glare_white`` at setup: a
    halo's little white is only left out of what is learned; at 0.25, 2 more of 300
    glare setups on the tuning families were refused)."""
    joe_patch_ratio: float = 0.5
    """A patch of Diamanten Joe's colour this share of a canoe or more at a position
    unknown for another reason counts as one Joe against the one in play: Joe read on
    another slot is then unknown too (reporting scene 35050276: Joe's canoe on T4, unknown
    for area unread, showed his colour at 0.98 of a canoe, and a brown canoe with a pink
    gem under a warm light on T5 was read as Joe with that gem)."""
    joe_patch_skipped: float = 0.5
    """...and so does one at a position unknown before the canoes are read (a hand or
    something foreign there), its pixels of his colour this share of a canoe's hull or
    more (used 74030277 at 640x480 and 74050112 under glare: Joe's pale canoe on T4 taken
    for something foreign, 0.9 of a hull of his colour, and a brown canoe with a yellow
    gem in brighter light read as Joe on another slot; used offsets 74 / 72, all
    conditions: 2 / 0 wrong readings gone, +3 -2 / +1 -2 clear positions, those lost
    under a motion-blurred hand in his colour)."""
    joe_patch_reader_none: float = 0.99
    """...but not one on a river slot where the learned slot reader is this sure that no
    canoe of his stands there: a hand's skin is his wood's pale colour to the rules, not
    to the reader (used 133110056, motion: Joe beside a red canoe on T4 unknown for a
    hand over T1, 1.05 of a hull of his colour). Used 130 and 132, 300 scenes of every
    condition, and 128, of motion, between, glare, 640x480, warm and parallax: +2 / +2 /
    +7 clear positions, Joe's slot read right, nothing else read otherwise; used 133,
    motion: +4. Over 1: always counted (until the eighty-ninth session)."""
    joe_glare_brighter: float = 0.2
    """With Joe in play, the setup photo is refused when a glare spot washes out T1 (where
    his colour is learned) and brightens its riverbed by this share over the river's: a
    river printed lighter around T1 than elsewhere came to 13-14 % brighter with a little
    white light and no glare spot at all (refused before); glare spots that made his
    colour wrong, 22-72 %."""
    glare_same_chroma: float = 0.03
    glare_same_log: float = 0.06
    """With a table profile, a slot whose ring is within this chroma and log brightness of
    its own at setup, where it was not washed out, is not washed out now (the glare test
    compares with the median ring, which shadows elsewhere move)."""
    washed_by_counts: bool = True
    """With the game's counts: where the only positions left unknown are slots a glare
    spot washes out (one at least; the others with something small and foreign on them,
    as a canoe half washed out looks), their canoes are read as if it did not (a spot
    over the rim beside a canoe leaves the canoe plain), and kept where every canoe in
    play is then seen once: a colour the light washed towards another's leaves one seen
    nowhere and one too many. Where one slot alone is unknown, the canoes seen nowhere
    are there. Their gems stay unknown (white light on a gem), their discs as the rim
    shows. (Used offsets 68 / 67, glare: +25 / +20 clear positions of 2,720 / 2,810,
    +15 / +10 exact frames, no wrong reading more.)"""
    washed_reader_confidence: float = 0.8
    """...and where after that only such slots are left (some with something small and
    foreign on them; the others left only for a canoe seen nowhere, read as the rules
    read them), the learned slot reader's count of their canoes, this sure of every
    colour's however much it says the glare hides, where every canoe in play is then
    seen once: a canoe the light washes out, read as none, leaves one seen nowhere, one
    read as another colour leaves one seen twice. Gems unknown, discs where the reader is
    ``learned_confidence`` sure. Over 1: not so. (Used 85050108: a blue and a green canoe
    under a mild glare spot, no object to the rules; the reader named both, 0.94 and
    0.85 sure of the counts, 0.57 and 0.11 of the slots being clear. Used 85 / 84,
    glare, 300 / 200 scenes: +23 / +13 clear positions, none lost, no wrong reading; at
    0.99, +3 / -; at 0.6 no wrong reading either. 85, 100 scenes of each other
    condition: no reading changed.)"""
    washed_joint_confidence: float = 0.99
    """...and where the reader is not that sure of every such slot's count, the canoes
    seen nowhere placed on them together: of every way the game's counts allow (each
    such canoe on one of those slots), the one the reader's counts make most likely,
    where it is this share of them all (by the product of the reader's probabilities of
    each slot's count of each colour seen nowhere). A canoe the reader is sure of on one
    slot then leaves the other its twin, or the slot beside it empty (used 113050055: T4
    and T5 washed out, two red canoes seen nowhere, the reader 0.996 sure of one red on
    T4 but only 0.64 of one on T5; 0.9996 of all placings). Used 109 / 110 / 111 / 112,
    glare, 300 scenes: +10 / +11 / +11 / +2 clear positions, no wrong reading added; 110,
    300 scenes of each other condition: no reading changed. Over 1: never."""
    washed_joint_floor: float = 0.3
    """...where the reader gives each slot's count in that placing at least this: else
    the canoe seen nowhere may be elsewhere, the counts right only if every other
    position was read right (used 112050073: a brown canoe seen nowhere, R2 washed out
    and empty, the reader 1.0 sure of no brown there; the canoe lay on the beach, left
    unknown for it)."""
    washed_joint_hand_clear: float = 0.5
    """...and, on a slot left unknown for a hand or something foreign
    (``washed_reader_others``), only where the reader is this sure that nothing covers
    it: under a hand it counts only what it glimpses past it (fresh 153110167, motion: a
    hand over T4, and its pale sleeve over T5 taken for a glare spot; the reader sure of
    both covered and of no green canoe on T4, 0.70 of one on T5, the green canoe seen
    nowhere placed on T5: it was on T4). Used 149-152, motion, between, glare and clutter,
    15 scenes each (232 read): no reading changed. 0: wherever it says."""
    washed_reader_others: bool = True
    """...the slots left unknown for a hand or a canoe on its way too, asked of the
    reader alike, while one at least is washed out: a glare spot's halo on the land
    looks like a hand to the rules, the river brightened beside a canoe like one on its
    way (used 85050068: a halo over T1-T5, five canoes plain to see, the slots taken for
    a hand and canoes on their way). A hand that hides a canoe leaves it seen nowhere.
    (Used 85 / 84, 300 scenes of glare, motion and between: +10 / +6 clear positions,
    none lost, no wrong reading; 85, 100 scenes of each other condition: no reading
    changed.)"""
    washed_reader_moving: float = 0.999
    """...but a slot left unknown for a canoe on its way is read so only where the reader
    is this sure of it, the slot's being clear included (a glare spot's white says
    nothing there): a canoe caught between two slots, read on the wrong one, makes the
    counts come out as well as on the right one (used 98120208: a blue canoe 0.64 of the
    way from T1 to T2 read on T2, the reader 0.001 sure of the slot; something pale on
    R1 taken for glare). 0: as any other such slot; over 1: never."""
    washed_reader_discs: bool = True
    """...and their discs where the reader is ``learned_confidence`` sure of them (else
    unknown). (Used 85 / 84, glare, 300 scenes: +13 / +8 clear positions; on washed-out
    slots it was that sure of 157 discs there and 2 gone, every one right.)"""
    washed_disc_agree: bool = True
    """...and where the slot reader names a disc on such a slot (``washed_reader_discs``),
    present or gone, only where the fine disc reader leans the same way (its more likely
    answer, however much it says the glare hides): two readers disagree (offset 122,
    122050268, found in its figures: L2 washed out, no canoe, its disc gone, the slot
    reader 0.994 sure of a disc, the fine reader 0.04). Used offsets 117-121, glare, 300
    scenes each (1,415 frames read): 2 discs there left unknown (119050291, 121050283:
    the fine reader leaning to gone), nothing else read otherwise; on 117, 118 and 120
    the slot reader named about 45 such discs, each right, the fine reader 0.68 or
    more sure of each."""
    washed_disc_confidence: float = 0.99
    """A disc left unknown on a slot read though a glare spot washes it out (by the counts
    or the slot reader's, above; no more than one canoe on it) is named by the fine disc
    reader where it is this sure of it, however much it says the glare hides. Over 1: not
    so. (Used 85 / 84, glare, 300 scenes: +12 / +9 clear positions, +8 / +4 exact frames,
    no wrong reading; on such slots it was 0.99 sure of 33 discs, every one right.)"""
    washed_gone_confidence: float = 0.999
    """...but a disc gone only where it is this sure of that: a disc gone is the rare
    case, and a glare spot's light can hide a rim (offset 108, 108050137, found after its
    figures were set: L1 washed out, no canoe, its disc there read gone 0.9941 sure, the
    reader 0.0 sure that nothing covered the slot; offset 119, 119050210, found after its
    figures were set: a yellow canoe on T3 in the middle of a glare spot, its disc read
    gone 0.998 sure). (Used 103-106 under glare, 1,200 scenes: the discs truly gone that
    this path named, 0.99 sure or more, were 0.9966 to 0.9986 sure, 4 of them, kept at
    0.995; at 0.999 or 0.9999 all 4 are unknown, -4 clear positions, -3 exact frames.
    Used 117-119 under glare, 900 scenes: the reader was asked about 70 discs, one truly
    gone (0.30 sure of that), and was 0.8 to 0.998 sure that 16 discs there had gone;
    its one answer of gone 0.995 sure or more was 119050210's, wrong. So a gone disc here
    is left unknown but for the surest: 0.999, set with 119050210 seen. Held out, offset
    120 under glare, 300 scenes: one disc truly gone left unknown, 120050112's T3, -1
    clear position and -1 exact frame, no wrong reading either way: the price of a wrong
    "disc gone" told to the table is about five such per wrong one.) Over 1: never gone
    there."""
    washed_gone_slot_present: float = 0.99
    """...and never where the slot reader is this sure that a disc lies there: a hand
    blurred by its motion can look like a glare spot to the rules and hide a rim from the
    disc reader (used 134110084, motion: a hand over T4 and T5 taken for glare, T5's disc
    read gone, the disc reader 0.9995 sure of that, the slot reader 0.9998 sure of a
    disc). Used 128, 130, 132, 133 and 134 under glare, in motion, between slots and at
    640x480, 300 scenes each: this path named 6 discs gone; of the 5 truly gone the slot
    reader was 0.0002 to 0.62 sure of a disc, of the one there 0.9998. Over 1: no such
    check."""
    washed_disc_hand: bool = False
    """...also on such a slot the rules left unknown for a hand over it (read with the
    washed-out ones: ``washed_reader_others``, a glare spot's halo may look like a hand to
    them). False: not there, the disc stays unknown: a hand blurred by its motion hides a
    rim as a glare spot does, and there it may be a hand, not light (used 118110281,
    motion: a hand over T4 and T5 beside a washed-out L1, T5's disc read gone, the disc
    reader 0.9994 sure of that and 1.0 sure that something covers the slot). Used 117,
    300 scenes under glare and in motion: no position read otherwise; used 118, the same:
    that wrong reading gone, no other position read otherwise."""
    faint_rim_gone: float = 0.05
    """A disc whose rim contrast at setup (``TableLook.disc_rim``, either sign) was under
    this is never read gone under a canoe (unknown): such a disc shows mostly by its
    highlight, which a canoe on it hides (used 85030112 and 85030284 at 640x480: a
    transparent disc on a blue river, its rim 0.045 and 0.031, read gone under a green
    and a brown canoe). Used 85 / 84 at 640x480, 300 / 200 scenes: 2 / 0 wrong readings
    gone, 1 / 2 discs truly gone left unknown (their rims 0.032-0.044; every disc read
    gone under a canoe with a rim of 0.052 or more was gone); 84, 200 scenes of parallax,
    lens, marker, warm, motion, between and glare: no reading changed. Over 1: not so."""
    faint_rim_fine_gone: float = 0.999
    """...but is where the fine disc reader is this sure that it is gone (and
    ``disc_clear_confidence`` sure that nothing covers the slot): at a millimetre a pixel
    it sees what is left of the disc beside the canoe (used 133030097 at 640x480: R1's
    disc gone under a blue canoe, the reader 0.99999 sure; 85030112 and 85030284, a
    disc there under a canoe, it was 0.98 sure of a disc). Used 130, 132 and 133, 300
    scenes of every condition: that one slot the only faint-rimmed disc read gone under
    a canoe. Over 1: never (until the eighty-ninth session)."""
    covered_chroma: float = 0.35
    """A slot whose surrounding riverbed differs this much from the river's is covered."""
    covered_own_ring: float = 0.05
    """...from the other rings' median, but not where its ring (chroma) is within this of
    its own ring at setup: an arm lying along most of the river makes the median the
    sleeve's colour, and the slots it leaves plain to see differ from that (used
    87110266, motion: T1-L2 under a blurred arm, R1 and R2 0.011 and 0.002 from their
    setup rings, 0.39 and 0.42 from the median, both unknown). Used offsets 87 / 86 / 85,
    motion: +9 / +7 / +7 clear positions; 87 / 85, glare: +11 / +4, 1 / 3 lost (a disc
    under a glare spot's halo left unknown), +5 / +1 exact frames; 86 between and
    clutter unchanged; no wrong reading. 0: the median alone."""
    marks_inner_mm: float = 24.0
    """At setup, an object in a slot zone that keeps this far from the slot's middle
    (beyond the disc and a canoe's half length) is the board's own print, a bank reaching
    into the zone (:mod:`vision.stages.marks`); a hand or a canoe covers the middle."""
    marks_inner_share: float = 0.1
    """...allowing this share of its pixels nearer (a bank's blurred edge)."""
    glare_marks_share: float = 0.3
    """At setup, an object or highlight in a slot zone of which at least this share is
    highlight (bright and neutral, or next to it) is a lamp's glare spot and its halo
    (:func:`vision.stages.marks.learn_glare`), kept in the table profile; over 1: none
    kept."""
    glare_then_share: float = 0.4
    """While reading, something in the slot zones that is no canoe, at least this share of
    it a glare spot of the setup photo that still looks as then (the table profile's
    ``glare_marks``), and the rest canoe colour (``glare_then_canoes`` of it), is that
    spot and canoes in its light, no hand: it hides the slots it lies over (washed out,
    read as a glare spot's are), not those beside it (ninety-fifth session; used
    140050015: a mild glare spot between T3 and T4, a blue canoe and Joe's on T4 in its
    light, both slots "a hand or something foreign"). Over 1: never so."""
    glare_then_canoes: float = 0.6
    """...the share of the rest that must be canoe colour (its gem and well enclosed)."""
    glare_then_washed: float = 1.2
    """...or, whatever its colour, the rest no bigger than this many canoes' hulls: a
    canoe in the spot's light, its colour washed out, or the spot's edge no longer as
    then (used 139050091: T2 and T3 empty under a spot, "a hand"). A hand reaching in is
    bigger. (Used 139 glare, 300 scenes: +2 clear positions; tuning offset 0 glare,
    300 scenes: +4 positions, 1 lost, no wrong reading.) 0: never."""
    marks_grow_px: int = 1
    """The marks also take the pixels this far around them (a frame rectified a pixel
    off from the setup photo)."""
    marks_chroma: float = 0.15
    """A mark pixel is the print as at setup within this chroma distance..."""
    marks_log: float = 0.3
    """...and this log brightness (less the change of its slot's riverbed since setup)."""
    covered_dark_log: float = 0.9
    """With a table profile, a slot whose riverbed ring is darker than at setup by this
    (natural log of the light left, balanced to the markers' white; 0.9: under 41 %) is
    unknown: a grey sleeve over a pale river, or a deep shadow (a single shadow leaves
    more than half the light)."""
    highlight_chroma: float = 0.14
    """Bright pixels whose chroma lies this close to the line from the ground's chroma to
    neutral grey are disc highlights, not objects..."""
    highlight_brighter: float = 0.05
    """...and brighter than the ground by at least this (log brightness)."""
    canoe_distance: float = 0.42
    """Max feature distance from a canoe colour for a pixel to take that colour."""
    learn_slack: float = 1.6
    """At setup, colours are matched this much more loosely (only colours in play)."""
    deposit_look_mm: float = 11.0
    """At setup, a gem colour is learned from its deposit's pixels within this radius (mm)
    of the deposit's centre..."""
    deposit_gem_reach: float = 0.6
    """...that are nearer the default gem colour than this share of its distance from the
    deposit's print (and nearer the gem than the print)..."""
    deposit_min_px: float = 25.0
    """...if at least this many mm^2 of them are seen (else the default stays)..."""
    deposit_own_hue: bool = True
    """...and their median is nearer the default gem colour's chroma than every other gem's
    (else the default stays): used 103100148, clutter: a card over most of the violet
    deposit, the pixels kept grey-mauve (150, 122, 129), 0.15 from the white gem's chroma
    and 0.66 from the violet's; a violet gem in a blue canoe was then read pink. On used
    offsets 102 and 103 (1,144 tables: 30 of every condition on 103; clutter, and most of
    glare and warm light, on 102) no other learned gem colour was nearer another gem's;
    the closest, a blue gem under glare, by 0.10. Used 101-103, 300 scenes a condition:
    that frame read otherwise, and one on 101 (101000282, art: a card over the violet
    deposit again, (140, 97, 114) learned) is now exact."""
    hull_core_px: int = 2
    """At setup, a hull's colour is read this many pixels in from its edge (where it blurs
    into the sand)..."""
    hull_core_keep: float = 0.3
    """...as long as at least this share of the hull is left."""
    setup_beach_dark: float = -0.3
    """At setup, when the canoes on the beach are not all seen, the beach is read again
    with pixels this much darker (log brightness, against the local sand) than the sand
    taken for objects instead of ``background_dark``: a brown canoe on a brown beach is
    only 0.4-0.5 darker than the sand (the sand's own mottling, within 0.2)."""
    look_again_darker: bool = True
    """Where every position a frame leaves unknown is unknown only for a canoe of the game
    seen nowhere that may lie there, or for a canoe colour like its ground there (the
    sand, the riverbed), the frame is read again with ``setup_beach_dark`` for
    ``background_dark``, as at setup: that reading is kept only where it reads every
    position, those the first read as the first did, and every canoe in play exactly once
    (a brown canoe on a sand-brown beach under warm light, reporting 62090116; a blue
    canoe in a shadow on a blue river; a shadow taken for a hull leaves the counts wrong
    or a position unknown)."""
    setup_outline_share: float = 0.9
    """At setup, a canoe on the beach with less than this share of its body unlike the sand
    (the rest enclosed by its outline) hides on this beach: its colour, if of the sand's
    chroma, makes the beach unknown while a canoe of it is unaccounted for (a brown canoe
    on a brown beach: 0.65-0.7; a canoe unlike the sand: 1.0)."""
    setup_edge_px: int = 6
    """At setup, when the looks at the beach count more canoes than there are (and no
    glare spot lies on it), it is looked at once more with objects within this many pixels
    (1 px a mm) of its edge kept only where a square twice this plus one fits in them: at
    640x480 the land blurs into the beach's edge as a strip 2-5 px wide that joins a canoe
    lying near it ("7 canoes seen"); a canoe there keeps its middle."""
    setup_max_touching: int = 4
    """At setup, up to this many canoes touching on the beach (a tilted camera shows their
    sides) are split apart; a bigger object is refused (a hand, a heap)."""
    split_even_share: float = 0.8
    """Touching canoes that k-means on chroma and place split are also split by colour,
    then place (:func:`vision.profile._split_by_colour_then_place`), but only into parts
    each this share of an even split at least: a canoe halved (its area counting one canoe
    too many, one missing from the beach) is no two. (Reporting 42010235: the right split
    0.89-0.93; tuning 4010092 with a green canoe taken off, the halves 0.70.)"""
    split_by_place: bool = True
    """Three or four canoes touching on the beach at setup (a column of them at the
    beach's edge under a tilted camera) are also split by place alone (k-means on where
    each pixel lies, :func:`vision.profile._split_by_place`), into parts each
    ``split_even_share`` of an even split at least, for the canoes' pairing to choose
    from. Split by chroma, a part may take the wells and shaded sides of several canoes,
    so that "the two blue canoes look different" (used reporting 100010109, 30 degrees of
    tilt). Used 98-100, every condition, 300 scenes each: setup learning failed on 4
    tables fewer (three at 30 degrees of tilt, one at 640x480), on none more, and 9
    tables' colours moved by 1-2 levels; those 13 tables' frames read with 40 more clear
    positions right and 3 more frames exact, none wrong. Fresh offset 101: no table
    changed. (A part under 0.8 of an even share is a canoe cut in two: the blob's area
    counted one canoe too many, one missing from the beach; parts of 0.72 and 0.69 in
    tuning 4010077, 0.95 at the least in the four tables learned.)"""
    split_place_weight: float = 0.3
    """...split by colour first: a pixel's place (in canoe lengths) counts this much against
    its chroma."""
    pair_colour_tolerance: float = 0.3
    """At setup, a player's two canoes must look this much alike in chroma (a shadow only
    darkens one); otherwise one of them is washed out (glare) and the photo is refused."""
    pair_alike_ratio: float = 1.75
    """At setup, two pairs of canoes whose colours (chroma and brightness) lie within
    ``pair_colour_tolerance`` and no further apart than this many times the gap between
    the nearer twins of the two pairs are one colour's four canoes: one canoe was taken
    for two, another not seen; the photo is refused (and learned another way if one
    fits). (Reporting offset 24, a dusk table: two blue canoes each split in two around
    their wells, the taupe brown ones unseen on the sand; pairs 0.16 apart, twins 0.11
    and 0.107. Brown and yellow, one chroma, a twin in shade, on offset 24's tables:
    0.205-0.27 apart, nearer twins 0.03-0.104.)"""
    pair_alike_floor: float = 0.1
    """...and two pairs nearer than this are too, however alike their twins: at 640x480
    two blue canoes split in two each, the brown ones unseen, made pairs 0.065 and 0.075
    apart (tuning offset 5, reporting offset 27), one twin gap 0.018; every table learned
    right on the seven tuning families and at 640x480 had its pairs 0.15 apart or more
    (a dark yellow and an olive brown)."""
    pair_glare_white: float = 0.06
    pair_glare_misfit: float = 0.06
    """...unless the brighter is the other's colour (scaled) plus white light of at least
    this share of the paper's white, fitting within this (relative): a glare spot on one
    canoe; the other gives the colour. (A red canoe under the edge of a glare spot was
    0.086-0.095 white over its twin, fitting within 0.01, and already 0.31-0.32 apart in
    chroma.)"""
    pair_glare_lit: float = 0.03
    """...and only where the sand around the brighter shows this much more of a glare
    spot's white light than around the other (:func:`vision.profile.glare_light`), unless
    the sand is too pale to tell (``setup_glare_chroma``). Without it, a grey canoe-sized
    patch fitted "a blue canoe plus white light" (tuning 4010077 under tilt, a blue canoe
    taken off: learned with a canoe missing; 0.034 and 0.036 of white around the two),
    where twins under a glare spot's edge had 0.07-0.12 more around the brighter
    (reporting 46050025, 46050181). -1: anywhere."""
    pair_glare_fit: float = 0.2
    """A canoe with ``pair_glare_lit`` more of a glare spot's light around it than another
    is also its twin where it is the other's colour scaled plus ``pair_glare_white`` of
    white light at least, within this distance (chroma and brightness, as the canoes are
    paired): how twins are paired, and which gives the colour where ``pair_glare_misfit``
    is not met (a pale canoe's channels at the camera's top). At 0: never. (Used
    72050180: a yellow canoe and a brown one in a glare spot, their twins beside it; paired
    by least distance the two washed out made one pair, brown was learned as the yellow
    beside it and a yellow canoe read brown all game. The yellow twins were 0.18 apart so
    fitted, the brown 0.04; a brown under white light fitted to the yellow 0.24.)"""
    pair_swap_ratio: float = 1.5
    """At setup, two pairs of canoes that pair up the other way (a canoe of each pair
    swapped) at under this many times the colour distance of the twins as paired may be
    two colours mixed up: the photo is refused (0: never). (Reporting 37050038, warm light
    and a glare spot on the beach: red and brown's four canoes 0.31-0.64 apart, paired
    0.71, swapped 0.90; learned, brown read red all game.)"""
    pair_swap_gap: float = 0.3
    """...and no more than this further in all (twins far apart, one in a glare spot's
    light, leave room to pair them either way: reporting 38050216 and 38050255, learned
    right, 1.38 and 1.42 times, 0.49 and 0.41 further; 37050038 0.21)."""
    pair_order_brightness: float = 0.15
    pair_order_slack: float = 0.2
    """At setup, the pairs of canoes are matched to the players' colours by least total
    distance; of two colours this far apart in brightness (features; yellow and brown
    0.23, yellow and red 0.18), the brighter's pair must look brighter: a match that breaks
    that order gives way to the nearest that keeps it, if at most ``pair_order_slack``
    further in all. (Reporting 38020292, 4,380 K and a wide lens: the brown pair's chroma
    as yellow as the yellow pair's, matched swapped 0.632 against 0.648; brown read yellow
    all game.)"""
    setup_glare_scale: float = 0.2
    """At setup, an object in a slot zone of the river's colour scaled by at least this (and
    at most its inverse) plus or less white light, within ``pair_glare_misfit``, is of the
    riverbed's own hue, not a canoe: a glare spot's halo (0.45-0.75 river, 0.45-0.7 white,
    within 0.05), a deeper mottle of its print in a shadow (1.0-1.1 river, 0.13-0.2 white
    less); a pale wooden hull on a dark river fits a negative share of river, a blue hull
    on a blue river several times the river. With ``setup_glare_spot`` of white added and
    ``glare_brighter``, in a patch wider than a disc's highlight, it is a glare spot's
    halo: a disc's rim is judged where none covers it, and a slot whose rim it washes out
    is not judged (as a slot washed out by glare)."""
    setup_glare_white: float = 0.15
    """At setup, sand that is the sand's own colour (scaled) plus white light of more than
    this share of the paper's white lies under a glare spot (a lamp's reflection). When the
    canoes on the beach are not all seen, that light is taken off every pixel there (the
    local sand's, averaged over ``setup_glare_light_mm``) and the beach read once more: a
    brown or yellow canoe washed out towards the sand's colour shows its own again..."""
    setup_glare_light_mm: float = 10.0
    setup_glare_spot: float = 0.3
    """...when a glare spot lies on the beach: this much white light or more over a
    canoe's area (light falloff and shadows on the sand fit sand plus white too, up to
    0.2-0.3 of it; a riverbed's lighter mottles 0.13-0.16)..."""
    setup_glare_chroma: float = 0.12
    """...on sand of a clear colour only (its chroma at least this far from grey): pale sand
    and white light are nearly one direction, and a shadow over it fits sand plus white
    as well as glare does (pale tuning beaches in shade: 0.3 of white over several canoes'
    area without a glare spot)..."""
    setup_glare_core: float = 0.6
    """...with this much white light or more over ``setup_glare_core_share`` of a canoe's
    area at its core: a shadow over part of a pale sand, or its mottle, fits sand plus
    0.3-0.5 of white over canoes' area, a glare spot washing canoes out 0.6 and more
    (used 82 and 83, 100 setup photos a condition: of 29 flagged without a glare spot,
    28 had under 0.15 of a canoe's area over 0.6 of white; of the 19 where a glare spot
    washed the beach out, 1.2 canoes' area or more). 2: no such core needed..."""
    setup_glare_core_share: float = 0.5
    """...that share of a canoe's area (``canoe_hull_share`` of its length times width)."""
    setup_glare_max: float = 0.6
    """...except where the added light is over this share of white: too little of the
    canoe's own colour is left there to read (the photo is refused, saying to move the
    lamp or the camera)..."""
    setup_well_mm: float = 10.0
    """At setup, when the canoes on the beach are not all seen (a glare spot, the sand's
    own shade), a canoe's well may still show where its hull does not: a spot darker
    than all around it within this (a black-hat of this diameter: wider than a well,
    narrower than a canoe; 0: wells are not looked for)..."""
    setup_well_dark: float = 0.15
    """...by this share of their brightness or more (a well is the hull's colour in
    shade; the white light a glare spot adds over both leaves it darker by some 0.2-0.35
    of the washed-out hull)..."""
    setup_well_length: float = 0.3
    setup_well_width: float = 0.47
    """...whose size is about an ellipse of these shares of a canoe's top's length and
    width (the hollow that holds a gem)..."""
    setup_well_area: tuple[float, float] = (0.4, 2.0)
    """...between these multiples of that, filling half its box or more..."""
    setup_well_overlap: float = 0.2
    """...with at most this share of a canoe's top around it on an object (a canoe seen
    already), is one canoe (its colour read from that top, its well left out)."""
    setup_patch_level: float = 1.0
    """At setup, an object on the beach (or a part of one split into canoes) whose colour
    is brighter than this share of the markers' white (no canoe under the room's light
    is: a glare spot's light on the sand) and that shows no darker well inside
    (``setup_patch_flat``) is the glare spot, not a canoe: it is not counted. Case:
    124050000 (glare; used once looked at), the spot on a pale beach between the canoes,
    1.37 of white and two canoes' area: 12 canoes counted of 10, the photo refused. On
    used offsets 117-123 under glare the canoes over 1.0 of white showed their well
    under 0.9 of their level, the spot's light 0.97-1.0. Where such a spot is found,
    every pair needs a twin clear of its light (``setup_glare_white``), as where canoes
    may be hidden (used 118050283: both yellow canoes washed out, learned 161 off a
    photo without the lamp: refused). Not in the look with the spot's light taken off
    (used 117050163: learned so, colours 88 off, a gem read that was not there). 0:
    every object is looked at as a canoe..."""
    setup_patch_flat: float = 0.95
    """...no pixel of it, ``setup_patch_edge_mm`` in from its edge (where it blurs into
    the sand), darker than this share of its median level..."""
    setup_patch_edge_mm: float = 3.0
    """...(a canoe's well, 12 x 7 mm on the layout's canoe, stays inside however its side
    shifts it under tilt)."""
    setup_hidden_share: float = 0.5
    """...unless that core could hide the canoes missing: one per this share of a canoe's
    top it covers, one of a colour at most (its twin, seen clear of the glare, gives the
    colour)."""
    learn_min_scale: float = 0.6
    learn_max_scale: float = 2.0
    """Bounds of a table's canoe size (its top's area as seen, and with its side) over the
    layout's."""
    pair_gap: float = 1.3
    """At setup, objects on the beach are taken for pairs of touching canoes (to count the
    canoes expected) only when the smallest such pair is this many times the biggest
    single canoe: six canoes of eight, all within 0.98-1.12 of a canoe, are six canoes
    (two hidden), not four and two pairs (touching pairs on the tuning tables: about 2)."""
    canoe_min_fraction: float = 0.4
    """Colour patches smaller than this share of one canoe are ignored (gem rims, noise)."""
    canoe_min_fraction_dim: float = 0.8
    """Where the frame's single canoes keep less of their area than ``colour_share`` (dim
    light, a colour learned brighter), a blob on a river slot is a canoe's from
    ``canoe_min_fraction`` times that ratio, but never under this share of it; not where
    a millimetre spans under ``gem_blend_detail`` camera pixels (there a hull's fringe
    passed and left a slot unknown, used 94030024) nor on the beach (a brown fringe on
    the sand left two canoes' gems unknown, used 95060049). Used 95040056: a red canoe
    split by its blue gem, 0.38 of a canoe, the frame's single canoes 0.68. Used 95 (60
    scenes a condition) / 94 (lowres 150, twelve others 50-60): +2 / 0 clear positions,
    nothing else read otherwise. 1: never lowered."""
    canoe_min_fraction_blurred: float = 0.3
    """...where gems are not read (``gem_min_detail``): a hull's edge blurs into the ground
    and keeps less of its colour."""
    object_min_share: float = 0.5
    """Objects smaller than this share of the smallest colour patch are not judged at all."""
    canoe_between_mm: float = 30.0
    """A lone canoe whose footprint is less than this much nearer its slot than another
    slot is caught between them: every slot within this of its nearest is unknown."""
    between_min_ratio: float = 0.4
    """...when it is at least this many canoes big (hull pixels): less is a glint on a
    disc or a patch of the river's mottle in a canoe's colour, not a canoe caught between
    two slots (used 66060004: a third of a canoe of the blue canoes' colour by T2; used
    offsets 63 / 64 / 65 / 66, all conditions: +8 / +10 / +1 / +9 clear positions read
    right, 1 / 1 / 0 / 3 lost, no wrong reading; a part of a canoe on its way can be
    near half a canoe: 0.55 lost used 65120229's beach)."""
    moving_unseen: bool = True
    """A canoe of the game seen at no position read, of a colour seen on its way between
    two slots or across two positions (one of each colour at most), is that canoe: it is
    not looked for where more canoe-like area shows than the canoes read (used 66120037:
    a red canoe across T1 and T2 left R1, three canoes close together, unknown; used
    offsets 64 / 65, all conditions: 0 / +2 clear positions read right, 66 between,
    motion and glare: +3, none lost, no wrong reading)."""
    moving_not_mottle: bool = True
    """...but not a colour like the riverbed (``mottle_chroma``): what was seen of it on
    its way may be the river's own darker mottle (used 74080190: a patch of a blue river's
    mottle off T1 taken for a blue canoe between T1 and T2, while the blue canoe on R1,
    the river's blue with a dark outline, was no object and R1 was read empty; used 73 /
    72, all conditions: no reading changed)."""
    camouflage_moving: bool = True
    """...nor where its colour looks like the riverbed or the sand (a canoe of it there
    would hardly be an object: used 68120049, a brown canoe on its way from T3 to T4, the
    beach unknown for a brown like the sand; used offsets 68 / 67, between, motion and
    glare: +1 / 0 clear positions, none lost, no wrong reading)."""
    camouflage_moving_own: bool = True
    """...by its own colour's count alone: the one canoe of that colour seen nowhere is
    the one on its way, whatever other colour is also seen nowhere (used 87120134: a
    brown canoe on its way from T1 to T2 beside a green one both unknown there, the beach
    unknown for a brown like the sand, the green's count beside the point there). Used
    offsets 87 / 86 / 85, between and motion (86 / 85 glare too): +1 / 0 / +1 clear
    positions, none lost, no wrong reading."""
    sand_like_moving: float = 0.25
    """...nor the beach for a colour like the sand where the rules saw that colour at
    river positions unknown for a canoe on the move (between slots, across two
    positions) or for canoe-like area unread there, at least this share of a canoe for
    each canoe of it seen nowhere: those canoes are there (eighty-third session; used
    121120206, between: both brown canoes among those across T4 and T5, 1.2 of a canoe
    brown to the rules there, too much for one canoe each for ``moving_unseen``; used
    121120100: a green canoe on its way over T4's brown one, 0.78 of a canoe brown).
    Used 117 / 119, every condition, and 121, between and motion, 300 scenes each: +3 /
    +2 / +5 clear positions (0.5: +3 / 0 / +3), none lost, no wrong reading. 0: never."""
    sand_like_beach_left: float = 0.15
    """...unless the beach itself shows that colour beyond ``canoe_area_each`` for each
    canoe of it read there, at least this share of a canoe: part of a canoe like the sand
    lies on the beach (ninety-third session; used 137110173, motion: a brown canoe on a
    sand-brown beach 0.33 of a canoe to the rules, 0.19 rendered with the Raspberry Pi's
    library versions, a blurred hand's brown fingertips over T5 taken for the missing
    brown canoe on its way, the beach read without it). Counted in the beach's objects
    mostly of that colour (the dark rim of a red canoe there is brown to the rules: used
    138120040, 138120241, 138120268, 0.15-0.21 of a canoe brown so, none counted now;
    137110173 0.41, 135120097 0.25). Used 137, every condition, 300 scenes each: that
    beach unknown, nothing else read otherwise. 0: never."""
    count_off_slot: bool = True
    """Canoes read clearly but caught between two slots still count towards their colour's
    canoes in play: another read of that colour beyond the count is unknown."""
    eliminate_pairs: bool = True
    """A patch of one colour whose outline cannot tell one canoe from two, with the area
    of two (``canoe_area_each``, within the tolerance for one more canoe), is the two
    canoes of that colour where both are seen nowhere, every other canoe in play is read
    and no other position is unknown (used 81010070 and 81010082, parallax: two brown
    canoes side by side on L2, two red beside a green on T2)."""
    count_across: bool = True
    """One canoe found across two positions (no bigger than one canoe) counts towards the
    canoes in play of the colour most of it shows, as ``count_off_slot`` does (reporting
    scene 82120232: a brown canoe across T3 and T4, Diamanten Joe's pale wood in a shadow
    on L1 read as a second brown canoe there, Joe seen nowhere; used offsets 81, every
    condition, and 80, between, motion, parallax, 640x480 and glare: no reading changed)."""
    canoe_between_ends_mm: float = 38.0
    """...and, where one patch is one canoe or two (area and outline disagree), so is
    one whose footprint, were the patch two canoes end to end, less than this much nearer
    its slot: where such a canoe stands, half a canoe in from the patch's end, is a rougher
    guess (canoes are drawn shorter or longer than the layout's; reporting offset 21: two
    brown canoes as one patch, the one 69 % of the way from T2 to T3 guessed 33 mm nearer
    T3)."""
    canoe_off_slot_mm: float = 24.0
    """...and so is one whose footprint lies farther than this from every slot's centre
    (on the tuning scenes canoes standing on a slot, three side by side, were at most
    20 mm from its centre; one 64 % of the way from T5 to L1, 30 mm from L1 and 34 mm
    nearer it than T5, was read on L1)."""
    between_along: bool = True
    """Whether a canoe is nearer the next slot than its own (``canoe_between_mm``,
    ``canoe_between_ends_mm``) is measured along the line between them: a canoe beside its
    slot, across the river, is no nearer the next however the distances compare (used
    69030024: the end of a patch of three canoes side by side across T1, 18 mm from T1 and
    36 mm nearer it than T2, left T2 unknown; used offset 69, between / 640x480 / motion:
    +1 / +2 / 0 clear positions read right, none lost, no wrong reading)."""
    canoe_along_mm: float = 17.0
    """...and one whose footprint lies this far or farther along that line from its slot
    towards the next, however much nearer its slot (T5 to L1 is 94 mm: a canoe 68 % of the
    way, its footprint guessed 21 mm from L1 along the line and 51 mm nearer it, was read
    on L1 (used 74120150); on used offset 72, canoes standing on a slot lay at most
    13.2 mm along it, in the between scenes too; used 73 / 72, all conditions: no
    reading changed)."""
    canoe_split_share: float = 0.2
    """A canoe with at least this share of a hull in each of two positions is caught
    between them: both are unknown."""
    canoe_area_each: float = 0.84
    """The canoe-like area a canoe leaves in the object mask, as a share of one canoe's
    area where it stands (top and side; the blurred rim is ground). At a position, the area
    must be about this times the canoes read..."""
    canoe_area_tolerance: float = 0.4
    """...within this many canoes' area (more: a canoe unread; less: one read too many;
    either way the position is unknown)..."""
    canoe_area_tolerance_each: float = 0.05
    """...and this much more per canoe read."""
    canoe_spill_share: float = 0.2
    """Where a slot has canoe-like area unread, an object there over this share of one
    canoe's area, off the slot's centre towards the next (``canoe_between_mm``), makes the
    next slot unknown too: a canoe caught between the two, most of it unread."""
    canoe_spill_rest: bool = True
    """...and so does the part of such an object outside what the colours read at that
    slot enclose (their hulls, gems and wells), over that share, off its centre: a canoe
    unread merged with one read (reporting 38120021)."""
    canoe_colour_spill: float = 0.25
    """...and so does a colour no canoe is read in on a slot where others are, this share
    of one canoe's area or more there, off the slot's centre towards the next: part of a
    canoe caught between the two, the rest under the canoes read there (ninety-third
    session; used 137120215, between: a green canoe 0.6 of the way from L1 to L2 under
    the blue canoe and Joe's there, 0.29 of a canoe green, L1 read empty). Not where no
    canoe is read: a blue river's mottle in a blue canoe's colour (used 137120112); and
    not from 0.2 of a canoe (used 138090157, 2,700 K: a brown canoe's shaded side 0.21
    of a canoe blue). 0: never."""
    canoe_area_none: float = 0.2
    """While a hand reaches into the river, where no canoe is read the canoe-like area must
    stay under this share of one canoe: a canoe partly hidden by the hand's blurred sleeve
    (no object there) leaves a third of one, read as no canoe. (Tuning offset 4, every
    condition: an empty position left at most 0.12 in 7,540 on seven families, 0.4 on
    indigo's mottled river, where this costs 15 of 2,750 positions: hence only beside a
    hand.)"""
    canoe_hidden_share: float = 0.2
    """When a canoe the game has in play is seen nowhere, a position with more canoe-like
    area than its canoes read by this many canoes may hide it (and its neighbours)."""
    canoe_hidden_each: bool = True
    """...where several canoes are seen nowhere (and no position is unknown), only while
    those positions show more than this much room for each of them; else every position
    is unknown (:func:`vision.read.hiding_places`: used 112110065, motion, a brown and a
    yellow canoe under a blurred hand as pale as the sand, the beach read with its two
    other canoes, the places 0.21 of a canoe over; used 111, motion, glare, 640x480 and
    between: no such frame)."""
    canoe_hidden_share_unknown: float = 0.3
    """...and, while some position is unknown (where it may be), a position with this much
    more (its neighbours not). 0: off (only the unknown positions)."""
    hidden_beside_uncounted: bool = True
    """...and its slots up and down the river too where every position unknown is one
    whose canoes the rules could not count (no hand, no glare spot over any): the canoe
    seen nowhere may be caught between two slots, half under the canoe of one (used
    102120077, between: an empty brown canoe 0.69 of the way from T1 to T2, half under
    the red canoe on T2, 0.35 of a canoe more area there; L1 unknown, its canoes not
    counted; T1 read with its blue canoe alone). Used 102 and 103, 300 scenes a
    condition: that wrong reading gone; 8 clear positions read right before are now
    unknown (in 4 frames on 102, that one among them, and 2 on 103; none exact before)."""
    hidden_beside_area: float = 0.1
    """...a slot up or down the river from such a position is a place only where it shows
    at least this much canoe-like area itself (in canoes): a canoe caught between two
    slots shows part of itself on both (ninety-sixth session; used 141090016, 2,700 K: a
    blue canoe unread among two brown ones on T3, T2 and T4 empty and showing none, all
    three unknown). 0: every such slot."""
    canoe_hidden_share_washed: float = 0.25
    """...this much where every position unknown is one a glare spot washes out: its halo
    reaches further, and a canoe under it can look like the river (used 71050040: a blue
    canoe beside a brown one on R2 under the halo of a spot that washed out L1 and L2,
    0.28 more canoe-like area there, read as the brown alone). At 0.25 wherever a
    position is unknown, used 71 and 72 lost 10 clear positions, 7 of them at 640x480;
    as kept (glare, 640x480, between, motion, clutter), that frame alone changed."""
    canoe_fringe_share: float = 0.08
    """While a canoe of the game is seen nowhere (counted at the positions read), a slot read
    empty with at least this share of one canoe's canoe-like area, at least half of what
    takes a colour there of the colours unseen, is unknown: the fringe of a canoe on its
    way to the next slot, merged there with the canoes on it (reporting offset 26: 0.11
    and 0.13 where a canoe two thirds of the way on had left; on the seven tuning
    families, slots read empty held under 0.05 but once, 0.13; on indigo's mottled river
    up to 0.4 of blue where the blue canoes were all seen)."""
    unseen_piece_ratio: float = 0.1
    """...and a position where, of a colour with a canoe seen nowhere, more patches of at
    least this share of a canoe show than canoes of it are read there (used 75110233: a
    hand whose skin looked like the sand over a brown canoe on the beach, its end 0.12
    of a canoe beside the brown canoe read there; the beach was read without it). Not of
    Joe's colour, nor where a board millimetre spans under ``gem_blend_detail`` camera
    pixels: at 640x480 blur breaks a canoe into pieces (used 74 and 71, 640x480: 7 clear
    positions lost, most for pieces of Joe's colour; at 1280x720, 1 / 0, a piece of a
    brown canoe beside its own). Over 1: off."""
    joe_unseen_area: float = 0.35
    """While Diamanten Joe's canoe is seen nowhere, a slot where a canoe of another colour
    is read and Joe's colour covers this share of a canoe or more may hold him (his pale
    top read as the other colour, his side as his wood): unknown. Not where a board
    millimetre spans under ``gem_blend_detail`` camera pixels (blur gives every hull's
    edge his colour), nor while a patch of his colour shows at a position unknown for
    another reason (``joe_patch_ratio``): he more likely lies there; nor while a position
    is unknown for a hand over it or a canoe on its way (he may be under the hand, or be
    that canoe). Over 1: off."""
    hidden_camouflage_chroma: float = 0.45
    """A canoe of the game seen nowhere, where nothing shows where it is, may hide at the
    positions whose ground its colour is this close to in chroma (if any; else at every
    position). Tuning scenes: a brown canoe unseen on a dark or ochre beach was 0.05-0.18
    from the sand, 1.0-1.4 from every slot's riverbed."""
    camouflage_chroma: float = 0.35
    """A canoe colour whose chroma is this close to the riverbed around a slot (and its
    brightness within the ground's range) hides there: while a canoe of it is unaccounted
    for (or the game is not known), that slot is unknown, never "no canoe". (Tuning, an
    indigo river: a blue canoe too little seen to be read lay on a riverbed 0.33 from its
    colour; 0.4 cost 0.4 points of clear slots on the other tuning families, 0.35 0.1.)
    ...but not where the slot's middle looks as at setup (``slot_look_same``)."""
    camouflage_spread: float = 0.1
    """...and, where it is so on some slot, every slot whose riverbed is at most this much
    further from its colour (0: none). (Reporting 37090061, 2,700 K: a blue canoe no
    object on T3, 0.40 from its riverbed, 0.33 from T1's. Tuning: offset 4, 2 positions
    more unknown; offset 7, indigo and ink, 17.)"""
    disc_unknown_hides: bool = True
    """While a canoe of the game is seen nowhere, a slot with no canoe read where no disc
    can be told (present or gone) is unknown too: what hides the rim may hide that canoe,
    though the riverbed around looks like the river (a sleeve of its own colour)."""
    reader_sees_unseen: float = 0.9
    """While a canoe of the game is seen nowhere, a slot the rules read is unknown where
    the learned slot reader is this sure that more canoes of a colour seen nowhere stand
    there than they read, whatever it says covers the slot (reporting 90050202: a blue
    canoe in a glare spot's light on a blue river read as nothing there; 90050190, two
    blue canoes read as one; 90070052, Joe read as a brown canoe; the reader 0.95-0.9999
    sure). At 0.9, on offset 90 (every condition) and 86-89 (glare, motion, between,
    640x480): those three wrong readings gone, one frame more read exactly, two less
    (87030132, 86050020: the reader's brown for the rules' right Joe or red), eight clear
    slots unknown of 8,700 frames. Over 1: off."""
    reader_contested_confidence: float = 0.999
    """A slot taken back from the rules' canoes because the learned slot reader sees more
    canoes of a colour seen nowhere there (``reader_sees_unseen``) is read by that
    reader in other colours than the rules' only where it is this sure: the two readers
    disagree, and the canoe seen nowhere may stand where nothing can be read (used
    115110033, motion blur: Diamanten Joe with a pink gem on T4, read by the rules; the
    yellow canoe on R1 under a hand, so seen nowhere; the reader read T4 as that yellow
    canoe, 0.9919 sure, a wrong reading). Where it reads the rules' canoes there too, or
    where it is as sure that no canoe of one of the rules' colours stands there (the
    rules were wrong: used 90070052, Joe beside a red canoe on R1 read as a brown one and
    the red, the reader 1.0 sure of no brown there and 0.99 of Joe and the red, right;
    for 115110033 it was 0.9953 sure of no Joe on T4), ``learned_confidence`` as
    elsewhere. Used 113 / 114 / 115, 300 scenes of every condition: that wrong reading
    gone (T4 unknown), no other reading changed. Over 1: as sure as elsewhere."""
    reader_covered_unseen: float = 0.99
    """...and so is one where the reader is this sure that something covers the slot (a
    hand, a canoe between two slots, a glare spot), whatever canoes it sees there: the
    canoe seen nowhere may lie half over it (used 109120199, between: a blue canoe on a
    blue river 0.56 of the way from T3 to T4, T3 read empty; the reader 0.99 sure
    something covers T3). Used 109, every condition: 4 frames changed, their 3 wrong
    readings gone (also 109120011: a blue canoe 0.60 of the way from L1 to L2, read on
    L2 by the counts), 2 positions a canoe between or a hand covers, read right, unknown;
    no clear position changed. Over 1: never."""
    reader_sees_not_moving: bool = True
    """...not for a colour whose one canoe seen nowhere is on its way or lies across two
    positions: it is that canoe (used 90120276: Joe on L2 read yellow by the reader,
    0.998 sure, the yellow canoe across T4 and T5)."""
    reader_elsewhere_confidence: float = 0.99
    """A slot the learned slot reader read where the rules left it unknown is unknown
    again where, for a colour it read there, more canoes are then counted than are in
    play: those there, those the rules read elsewhere, and those the reader is this sure
    of on the slots where the rules read none of that colour, whatever it says covers
    them (a hand): the reader is wrong here or there (used 96110296, motion: two yellow
    canoes on R1 read by the reader as one and Diamanten Joe, 0.996 sure, while as sure
    of Joe on T4 under the hand). Used 96 (motion, between, glare and lowres 300 scenes
    each, the nine others 150) / 97 (those four, 300) / 95 (60 a condition): that wrong
    reading gone, -2 / -1 / 0 clear positions (a slot under a glare spot's light, one
    beside clutter), nothing else read otherwise. Over 1: never."""
    reader_elsewhere_known_only: bool = True
    """...counting, of the canoes the rules read elsewhere, only those on positions read
    (not unknown): what the rules make of a position a hand covers (its skin brown to
    them) is no reason to doubt the reader (used 133110070, motion: brown canoes on T3
    and L1 read by the reader, two more the rules' on the beach under the hand; T3 and
    L1 taken back). Used 128, 130 and 132, 300 scenes of every condition: +5 clear
    positions (1 / 1 / 3; motion, between, glare, 640x480), nothing else read otherwise;
    used 133, motion: +8 (one with a gem unknown). False until the eighty-ninth
    session."""
    learned_confidence: float = 0.99
    """With a table profile holding the slots' setup patches: how sure the learned slot
    reader (:mod:`vision.stages.learned`) must be, its least probability among the slot
    being clear and each colour's canoe count, to read a river slot the rules left
    unknown, or the disc and gems of one they read; its disc needs as much. Over 1: the
    reader is never asked."""
    learned_clear_confidence: float = 0.95
    """How sure the learned slot reader must be that nothing covers a slot (a hand, a
    canoe between two slots, a glare spot) to answer for it at all. (Its answer's
    sureness is the least of this and its counts': under ``learned_confidence`` a slot
    is read only where every canoe in play is then seen, its disc left to the rules.
    Forty-seventh session, from 0.99: used 78050011, a blue canoe in a glare spot's halo
    on L1, its hull paled to a third of a canoe in its colour, the reader 0.9999 sure of
    it and 0.974 that nothing covers the slot; used offsets 76 / 77 / 78, glare, motion
    and between, and 77 every condition: +5 / +8 / +4 clear positions, 1 disc left
    unknown, no wrong reading.)"""
    learned_unsure_joe_alike: float = 0.999
    """...but, where Diamanten Joe is seen nowhere and the reader reads a canoe of a
    colour like his wood there (``joe_alike``), only this sure that he is not there: that
    canoe may be him (used 133120097, between: Joe beside a red canoe on R2 read as a
    yellow canoe by both readers, the slot reader 0.975 sure of its reading and 0.9966
    that no Joe stands there; where such slots were read right it was 0.99592, 0.99944
    and 0.99997 sure). Used 130 and 132, 300 scenes of every condition, and 128, of
    motion, between, glare, 640x480, warm and parallax: that wrong reading gone, -1
    clear position (132030256 at 640x480, 0.99592), nothing else read otherwise. (0: as
    sure as of the others, until the eighty-ninth session; over 1: never.)"""
    joe_alike: tuple[str, ...] = ("yellow", "brown")
    """The players' canoe colours nearest Diamanten Joe's pale wood, which the readers
    take him for (and him for them) now and then."""
    learned_unsure_confidence: float = 0.95
    """Less sure than ``learned_confidence`` but this sure of a river slot the rules left
    unknown, the learned slot reader still reads it where the game's counts agree: every
    canoe in play is then seen; never its disc (that needs ``learned_confidence``), nor on
    a slot the rules read. Over ``learned_confidence``: never."""
    learned_unsure_elsewhere: float = 0.99
    """...and, with canoes still seen nowhere, where it is this sure that no canoe of each
    colour seen nowhere stands on the slot, while another position stays unknown, where
    they may be. Over 1: never. (Seventy-fifth session: on used 112 every slot read less
    sure while a canoe was seen nowhere, 32, was read right but three, and those read a
    missing colour there, or were 0.88 sure of none of it with nothing else unknown. On
    used 111 / 112 / 113, lowres, marker, glare, red/brown, motion and between, 300 scenes
    each: +16 / +6 / +14 clear positions, +24 / +10 / +21 in all, no wrong reading
    added.)"""
    learned_unsure_ruled: bool = True
    """...but not on a slot where the rules read a canoe of a colour seen nowhere and it
    reads canoes: two readers disagree (eighty-first session; 121080214, blue-gem: Joe
    beside a green canoe on L2 over a gone disc, read by the rules, the slot left unknown
    as where a blue canoe may look like the riverbed; the reader read the green alone,
    0.98 sure, and was 0.99 sure that no Joe stood there: Joe then seen nowhere, two slots
    unknown where he might be, a wrong reading). Set with that case seen, on offset 121
    (this session's held-out one, not held out for this). On used 117 and 118, every
    condition, 300 scenes each: one slot read otherwise, 118110217 (motion: a blue canoe
    to the rules on T4, the reader right that none stands there, 0.95 sure), before it
    was kept to slots where it reads canoes; then none."""
    learned_unsure_ruled_agree: bool = True
    """...and only where it reads fewer canoes of that colour there than the rules did
    (the two readers disagree on it); where it reads as many, the two agree and
    ``learned_unsure_counted`` judges the slot (eighty-eighth session; used 130110103,
    motion: L1's brown and red canoes read by both readers, the slot left unknown as where
    a blue canoe may look like the riverbed; a hand over the beach, its brown, red and
    yellow canoes seen nowhere; the reader 0.99 sure of L1's two, and sure that no more of
    those colours stand there: L1 read, then every position). On used 128, 130
    and 132 (motion, between, glare, lowres; 128 and 130 also parallax, warm, marker,
    clutter; 130 every condition), 300 scenes each: +9 clear positions, none lost, no
    reading made wrong. False: any canoe the rules read there of such a colour."""
    learned_unsure_counted: bool = True
    """...and where, of a colour seen nowhere, it reads as many canoes on the slot as the
    rules saw there in that colour (its canoe-like area at least ``learned_agree_share``
    of a canoe's for each) and is ``learned_unsure_elsewhere`` sure that no more of that
    colour stand there, at least ``learned_unsure_confidence`` sure of that many, while
    another position stays unknown where the canoes seen nowhere may be: two readers agree
    on the slot's canoes of that colour, and the reader is sure that the canoe seen
    nowhere is not another one there. False: only slots it reads none of such a colour
    on. (Eighty-third session; used 121050247, glare: T2's brown canoe washed out, T3's
    brown and green ones 0.2 of a canoe each to the rules, "canoe-like area unread", read
    0.972 sure by the reader, 0.0 that a second brown stood there; the counts then put the
    brown canoe on T2. Used 117 / 118, every condition, 300 scenes each: +4 / +1 clear
    positions, none lost, no wrong reading.)"""
    learned_disc_agree: bool = True
    """...but its disc there (``learned_confidence`` sure of it, fewer than two canoes on
    the slot) where the rules saw the same disc before they left the slot unknown: two
    readers (used 106050099 under glare: T4 washed out, no canoe, the disc there to the
    rules and 1.0 sure to the reader, 0.969 sure that nothing covers the slot; the fine
    disc reader, 0.4 sure of that, named none. Used 60030124 at 640x480, the gone disc
    the reader took for one there: the rules read it gone. Used 105 and 106, 150 scenes
    of every condition, and 104, glare, 640x480, motion and between, 300 each: +4 / +2
    / +2 clear positions, +3 / +2 / +2 exact frames, all under glare; nothing else read
    otherwise, no wrong reading. Every such disc there was there, to the reader and to
    the rules alike.) False: its disc there never."""
    learned_agree_confidence: float = 0.8
    """Less sure than ``learned_unsure_confidence`` but this sure, the learned slot reader
    still reads a river slot the rules left unknown as ``learned_unsure_confidence`` lets
    it, where the rules saw each canoe it reads there in its colour: the colour's
    canoe-like area on the slot at least ``learned_agree_share`` of one canoe's, each
    (two readers agree, so no two slots' canoes are swapped with the game's counts kept;
    both can still take one colour for another in the same light, which the counts then
    catch: used 64060126). Used offsets 63 / 64 / 65 / 66, all conditions, from 0.95: +28
    / +12 / +28 / +31 clear positions, 2 lost on 64, no wrong reading (0.7: 66, +9 more,
    not taken, one offset). Over ``learned_unsure_confidence``: never."""
    learned_agree_share: float = 0.15
    """...the share of one canoe's area (its top and side) that must show a colour on the
    slot for each canoe of it the learned slot reader reads there."""
    learned_agree_within: float = 1.0
    """...and not a colour the rules saw in no object mostly of it on the slot, while an
    object of another colour there is over this many canoes: the colour lies inside that
    object, a rim or a gem of its canoes, not a canoe of its own (hundred-and-first
    session; fresh 151100295, clutter: two red canoes on R2, 0.4 of a canoe's area brown
    inside one red object of 1.14 canoes, the reader 0.897 sure of a brown canoe beside
    one red: wrong). Infinite: off."""
    learned_piece_ratio: float = 0.6
    """With the game's counts: the learned slot reader reads no slot where the rules saw
    more pieces of a colour of which a canoe is then seen nowhere, each at least this
    share of one canoe's area, than it reads canoes of that colour there (two canoes side
    by side read as one, one colour taken for another). Over 1.5: never."""
    learned_piece_joe: float = 0.9
    """...of Diamanten Joe's colour, this share (his pale wood is what many hulls blurred
    with their gems look like: such pieces reached 0.81 of a canoe on used 74 at
    640x480; his canoe under motion blur, 0.94)."""
    learned_piece_joe_held: float = 0.6
    """...where the rules saw his canoe's shape there and held it for the game's counts to
    place (``Canoes.unsure``: his colour without his canoe's middle, or one canoe or two),
    this share, whatever else it reads there (ninety-fourth session; used 135030126 at
    640x480: his empty canoe beside a blue one on R1, 0.86 of a canoe of his colour, read
    as the blue canoe alone, Joe then seen nowhere). Over 1.5: never."""
    learned_piece_own: float = 0.3
    """...where it reads a canoe of that colour there, or where no piece of a colour it
    reads there shows this share of one canoe's area or more."""
    learned_piece_each: bool = True
    """...or, with this, where no such piece shows of one of the colours it reads there
    (used 103030238 at 640x480: Diamanten Joe with a violet gem beside an empty blue
    canoe on T4, his wood 0.96 of a canoe and the blue 0.92, no yellow, read as blue and
    yellow, Joe seen nowhere). Used 101-103, 300 scenes a condition: that frame read
    otherwise, and one slot read right is now unknown (101050117, glare: a brown and a
    yellow canoe on T3, the brown washed pale, 0.98 of a canoe of Joe's colour, Joe
    under the glare on T2)."""
    learned_piece_beside: float = 0.5
    """...and none where it reads fewer canoes than the colours the rules saw there in
    pieces of at least this share of one canoe's area (Joe's from ``learned_piece_joe``),
    one of them a player's colour seen too seldom that it does not read there (not Joe's:
    a piece of his pale colour may be a hull blurred with its gem): two canoes there
    read as one (ninety-fifth session; used 141090107, 2,700 K: Diamanten Joe and a
    yellow canoe with a yellow gem on T2, pieces of 1.03 and 0.53 of a canoe, read as
    Joe alone 0.993 sure, the yellow canoe then seen nowhere). Over 1: never."""
    learned_beside_mottle: float = 0.7
    """...and a piece of a colour that looks like that slot's riverbed (its chroma within
    this of the riverbed's, its brightness within the ground's range, as
    ``mottle_chroma``) is no such piece: it may be the river's own mottle (ninety-sixth
    session; used offset 141, canoes between slots and motion blur, all on the blue
    ``delta`` river: blue pieces of 0.51-0.66 of a canoe, 0.30-0.61 from the riverbed, on
    slots the reader read right, left unknown by the rule, the counts then settling
    nothing; the yellow piece of 141090107 lay 1.28 from it). 0: every piece counts."""
    learned_piece_pair: float = 1.6
    """...and a piece of at least this many canoes' area counts as two canoes: two canoes
    of one colour touching are one piece to the rules (used 104020208, a wide-angle lens:
    two blue canoes and a red one on T2, one blue piece of 1.78 canoes, read as one blue
    and the red 0.99 sure, the other blue then seen nowhere). Used 103-104, 300 scenes a
    condition: that wrong reading gone, nothing else read otherwise. Over 2: never."""
    learned_area_against: float = 0.2
    """With the game's counts: the learned slot reader reads no slot where the rules saw
    at least this share of one canoe's area in a colour of which a canoe is then seen
    nowhere, none of the colours it reads there, and less of each of those (a red hull in
    a shadow read as brown; of Diamanten Joe's colour, ``learned_piece_joe``; not where a
    hand or a sleeve lies, whose own colour may be a canoe's, nor where it reads no
    canoe). Over 1: never."""
    learned_area_beside: float = 0.2
    """With the game's counts: the learned slot reader reads no slot the rules left unknown
    for canoe-like area unread where they saw at least this share of one canoe's area in
    a colour of which a canoe is then seen nowhere and that it does not read there,
    beside the canoes it reads (of Diamanten Joe's colour, ``learned_piece_joe``): a
    blurred dark hull slips past the reader too (used 124110102, motion: a brown canoe
    with a violet gem beside a blue one on T2, 0.21 of a canoe brown to the rules, the
    slot 1.5 canoes' area; read as the blue canoe alone, the reader 0.997 sure of no
    brown; rendered with the Raspberry Pi's library versions, 0.199 of a canoe brown: read
    so still). Not where it reads no canoe there (used 79110046, motion, with the Pi's
    versions: R1 read empty, rightly, beside 0.3 of a canoe of blurred blue). Used 117 and
    119 (motion, between, glare, 640x480 and parallax, 300 scenes each), 121 and 122 (150
    scenes of every condition): nothing else read otherwise. Over 1: never."""
    learned_area_bare: float = 0.05
    """...and where the rules saw less than this share of one canoe's area in each colour
    the reader reads there (next to none: no hull of those colours blurred pale there), a
    colour seen nowhere counts against it from ``learned_area_bare_other`` of a canoe, of
    Joe's colour too (used 117050228 under glare: Joe with a violet gem on R2, 0.65 of a
    canoe of his pale wood to the rules and no yellow, read as a yellow canoe 0.994 sure,
    Joe then seen nowhere while a glare spot washed out T3). Used offset 117, every
    condition (300 scenes each): that wrong reading gone, no other position read
    otherwise; held-out offset 118: no position read otherwise. It also leaves unknown
    used 115110033 (motion: Joe on T4 read as a yellow canoe), which
    ``reader_contested_confidence`` already did. 0: never."""
    learned_area_bare_other: float = 0.5
    """See ``learned_area_bare``."""
    learned_hides_fewer: bool = True
    """A slot left unknown only as where a canoe seen nowhere may hide is not read by the
    learned slot reader with fewer canoes of a colour than the rules read there: it is
    asked whether that canoe hides there, and two readers disagree on the rest (used
    135030181 at 640x480: two yellow canoes on R1, one piece of 1.44 canoes, read as two
    by the rules and as one by the reader; the counts then put the other yellow on the
    beach)."""
    learned_area_bare_player: float = 0.05
    """...and a player's colour seen nowhere (not Joe's pale wood, which hulls blurred
    with their gems look like) counts against it from this share of a canoe: more than
    next to none of it where next to none of the colour read shows (reporting 136030183
    at 640x480: a red canoe with a pink gem on R2 in a deep shadow, 0.09 of a canoe red
    to the rules and 0.01 brown, read as a brown canoe 0.992 sure, both brown canoes
    then on unknown positions). Over 1: never."""
    beach_unclear_middle: bool = True
    """With the game's counts: where a canoe of the game is seen nowhere and a canoe on
    the beach (which carries no gem) shows neither a gem nor its empty well, the beach is
    unknown: that canoe may be the one seen nowhere, its colour shifted."""
    beach_white_unknown: bool = True
    """A canoe on the beach carries no gem (the rules deliver it on landing): a white
    gem read in one is unknown. The empty well in a glare spot's light looks white
    (reporting offset 100, 100050157 under glare: a blue canoe at the beach's lit edge
    read with a white gem, the one wrong reading of that offset at the start of the
    sixty-first session and after its changes). A coloured gem left in a canoe on the
    beach is still read, and a white one is at least not read as an empty canoe."""
    learned_veto_confidence: float = 0.999
    """Where the rules read a slot's canoes, one of them with neither a gem nor its
    empty well seen, and the learned slot reader is this sure of other canoes there, the
    slot is unknown (two readers disagree). Over 1: no such check."""
    learned_mixed_share: float = 0.15
    """...or where another colour than the canoes read there shows on the slot, at least
    this share of one canoe's area (of Diamanten Joe's colour, ``learned_piece_joe``): a
    hull's colour between two players'. Over 1: not so."""
    learned_mixed_denied: float = 0.99
    """A colour the rules read on a slot where another colour shows (``learned_mixed_share``)
    and the learned slot reader is this sure no canoe of it stands there is doubted: where
    that leaves the colour seen fewer times than in play, a slot read without it where the
    reader is ``learned_mixed_present`` sure of a canoe of it, and the slots that doubted
    it, are unknown (hundred-and-first session; fresh 152090174, 2,700 K: T3's brown canoe
    read as Joe, the reader 0.993 sure of no Joe there, and Joe on R1 read as a second
    brown canoe, the reader 0.999 sure of him; under OpenCV 4 the rules leave R1 unknown
    and T3 stays wrong). Used offsets 149 and 150, 20 scenes of every condition (516): no
    reading changed. Over 1: never."""
    learned_denied_unknown: bool = True
    """...or an unknown slot where the reader is as sure of a canoe of it, and there the
    slots that doubted it only (hundred-and-second session: fresh 152090174 under OpenCV
    4, where the rules leave R1 unknown themselves and T3's brown canoe was still read as
    Joe). False: only slots the rules read."""
    learned_mixed_present: float = 0.99
    """...and where the reader is this sure that a canoe of that other colour stands
    there, one the rules see fewer of than are in play, the slot is unknown however
    unsure the reader is of the rest (its count of the canoes read there). Over 1: no
    such check."""
    learned_gemless_denied: float = 0.99
    """Where the rules read a slot's canoes, one of them with neither a gem nor its empty
    well seen, and the learned slot reader is this sure that no canoe of that one's colour
    stands there, the slot is unknown, however unsure the reader is of the slot's other
    counts (hundred-and-second session; fresh 152030293 at 640x480: T5's red and yellow
    canoes, their hulls blurred into one another, read with a brown canoe between them,
    the reader 0.996 sure of no brown; the brown canoe was on the beach). Over 1: no such
    check."""
    learned_blurred_crowd: int = 2
    """Where gems are not read (``gem_min_detail``), a slot the rules read with at least
    this many canoes is asked of the learned slot reader too (hulls blurred into one
    another, their blend perhaps another canoe's colour), for ``learned_gemless_denied``
    and ``learned_veto_confidence``."""
    learned_washed_counts: bool = True
    """A slot a glare spot washes out (the rules' reason) is read by the learned slot
    reader only where every canoe in play is then seen (not at all without the game's
    counts): a canoe washed towards white there looks like Joe's pale wood (reporting
    63030232 at 640x480: a blue canoe with a white gem on L2 read as Joe 0.9955 sure, the
    blue canoe then seen nowhere)."""
    learned_counts_close: bool = True
    """Where the learned slot reader reads the canoe the rules saw nowhere, so that with
    the rules' reading of the positions left unknown only because it may hide there the
    game's counts come out exact (every canoe in play seen, none too many), those
    positions are read as the rules read them, discs too."""
    learned_counts_unsure: bool = True
    """...and where a slot left unknown only so is one the reader reads less sure than
    ``learned_confidence``, seeing no canoe there the rules do not, the rules' reading
    there counts instead of the reader's, where with it the game's counts come out exact
    (used 121050034, glare: two blue canoes on a dark blue river no object for the rules,
    every river slot with canoes unknown for them; the reader sure of T5, L1 and L2 but
    0.85 of R2, where it read one green canoe and Joe beside the rules' two greens and
    Joe: four positions unknown). Used offsets 117 and 118, every condition, and 119
    (glare, 640x480, motion) and 120 (glare), 300 scenes each: nothing read otherwise;
    used 121080214's L2 (Joe and a green canoe, the reader 0.98 sure of the green alone)
    read right, not unknown. Held-out offset 122: nothing read otherwise."""
    learned_hand_sure: float = 0.995
    """A slot the rules left unknown for a hand or something foreign near it, where the
    learned slot reader reads a colour of which a canoe is still seen nowhere, stays
    unknown (another of that colour may stand there half under the hand), but not where
    it reads one canoe there at most and is this sure of it (used 108110094, motion: a red
    canoe on T3 beside a blurred hand, the other red under it, the reader 0.9998 sure of
    one red; reporting 54050232, its one red of two beside Joe, 0.9909 sure). Used 108, 150
    scenes of each of motion, between, blue-gem, glare, 640x480, parallax and clutter: +6
    clear positions (the reader 0.9967-1.0 sure), +3 frames exact of what shows, no wrong
    reading. Over 1: always unknown."""
    learned_too_many_rest: bool = True
    """A slot the rules left unknown for more canoes of a colour than in play is not read
    with that colour by the learned slot reader where the rules' canoes of it on the
    beach (which it never reads), left so too, make up that colour's count with it (used
    146050177, glare: a yellow canoe in a hand's deep shadow read brown by both, both
    brown canoes read on the beach; with every position so left that it does not read,
    used 142 and 143, 30 scenes of each condition, lost 3 clear positions read right,
    the one too many on a slot it did not read). False: read."""
    learned_covered_bare: bool = True
    """...nor a slot so covered (a hand, a sleeve) that it reads bare, with no canoe and its
    disc gone, while a canoe of the game is seen nowhere: a sleeve of the river's hue over
    a slot looks like a bare riverbed to it (used 146110218, motion: R1's brown canoe and
    disc under a blue sleeve, read bare, 0.995 sure the slot is clear). False: read."""
    counts_at_end: bool = True
    """The game's counts once more when every reader has read: a colour then read more
    often than it has canoes in play, one canoe found across two positions counted as at
    first (``count_across``) while its position is still unknown, leaves every position
    read with it unknown (which of them is wrong cannot be told). The rules' own check
    comes before the slot reader, which may read such a canoe on an unknown slot (used
    109120161, between: a brown canoe across T1 and T2, a yellow canoe on the beach read
    brown by the rules, the reader then read the other brown on R2). (Not the canoes the
    rules read between two slots, ``count_off_slot``: at the end they cost 35 clear
    positions on used offset 109, a blue one among a brown and a red canoe on R2 under
    motion blur taking the blue canoes read on T2 and L2 with it.) Used 109, every
    condition: that one frame changed, its wrong reading gone, R2 (read right) unknown."""
    unseen_reader_empty: float = 0.99
    """A slot the rules left unknown only for a canoe seen nowhere (it may hide there, a
    glare spot beside it, no disc can be told there, ...) is read as empty where the
    learned slot reader is this sure that no canoe stands there and nothing covers it,
    while a position it does not read stays unknown, where that canoe may be (used
    110050145, glare: a canoe seen nowhere, five slots left for it, T4 empty, the reader
    0.99999 sure). Over the slots the rules left for such a canoe on used 109 and 110
    (glare, between, 640x480, motion, parallax), the reader was 0.99 sure of no canoe
    and a clear slot 74 times, each right. Used 109 / 110, those four conditions: +13 /
    +6 clear positions, none lost, no wrong reading; 110's other nine conditions
    unchanged (measured before a fix that only keeps more slots read). Over 1: off."""
    unseen_reader_none: bool = True
    """...and so is a slot it reads with canoes, ``learned_confidence`` sure, where it is
    ``learned_unsure_elsewhere`` sure that no more canoes of each colour seen nowhere (not
    read, nor seen by the rules where they left a position only for such a canoe) stand
    there than it reads, while a position it does not read stays unknown; nor is it left
    for that canoe again (``unseen_vacant_stays``). Eighty-third session; used 121010169,
    parallax: T2's blue and green canoes read 0.9999 sure, a brown canoe under T3's green
    one seen nowhere, the reader 0.99999 sure of no brown one on T2. Used 117 / 118,
    every condition, 300 scenes each: +14 / +16 clear positions, none lost, no wrong
    reading. False: only slots it reads empty."""
    learned_counts_over: bool = True
    """...and so are the positions left unknown because a colour was read there more
    often than it is in play, where the reader reads the other such canoe away."""
    learned_counts_unseen: bool = True
    """...and so are the positions left unknown for any other reason a canoe seen nowhere
    gives ("a canoe of the game not seen; ..."): beside a slot a glare spot washes out, in
    a glare spot's halo, a fringe of its colour, the river changed where no canoe is read.
    (Used 69050011: Joe's canoe on T1, his middle unread by the rules, T4 beside two
    washed-out slots left for a canoe washed to the riverbed's colour; the reader found
    Joe, every canoe then seen once, yet T4 had stayed unknown. Used offsets 69 / 68 / 67, glare:
    +5 / 0 / +1 clear positions; 69 / 68, 640x480: +5 / +2; 69 motion, between and
    parallax unchanged; none lost, no wrong reading.)"""
    learned_counts_camouflage: bool = True
    """...and so are the river slots left unknown because a canoe of a colour seen
    nowhere looks like the riverbed there (not where a canoe read there may be the
    river's mottle): the reader found that canoe (used 99010034, 30 degrees of tilt: the
    blue canoe on R2 taken for maybe the river's mottle, so L2 was unknown though the
    rules read its red and yellow canoes; the reader read R2's blue canoe, 0.9989 sure).
    Used 98, 300 scenes of every condition / 97, seven conditions: +9 / +5 clear
    positions, +3 / +1 exact frames, no other reading changed."""
    learned_counts_beach: bool = True
    """...and so is the beach left unknown because a canoe seen nowhere may lie under a
    glare spot there or be of a colour like the sand (used 69050014: a red canoe on L1
    the rules could not count, found by the reader. Used offsets 69 / 68 / 67, glare: +6
    / +1 / +1 clear positions, +2 / +1 / 0 exact frames, none lost, no wrong reading)."""
    beach_unread_gems: bool = True
    """Where the game's counts read the beach (every river slot read), the canoes the
    rules read there before leaving it unknown keep the gems read in them when their
    colours are just those the counts put there; else the counts' canoes carry unknown
    gems. (The beach is left unknown when it shows less canoe-like area than its canoes
    read: canoes at its edge, half outside it under tilt; used 70010010, a brown and a
    red canoe there, both read empty. Used offset 70, 150 scenes a condition: +1 exact
    frame, none lost; 69 parallax, 640x480 and glare unchanged; no wrong reading.)"""
    learned_moving_apart: bool = True
    """A slot a canoe on the move may lie over (the rules' reason) is read by the learned
    slot reader only where every canoe of each colour the rules read between two slots is
    seen without what it reads on such slots, or where it is ``learned_moving_confidence``
    sure of them: the canoe it reads there may be the one on its way (reporting
    64120137)."""
    learned_between_pair: bool = True
    """...nor, however sure, one of two slots the rules saw a canoe between
    ("canoe between slots") where it reads a colour they found between two slots and reads
    no canoe on the other such slot: the canoe it reads may be the one on its way, most of
    the way over this slot (ninety-fourth session; used 139120063: a red canoe most of
    the way from T4 to T5, read on T5, 1.0 sure, T4 then unknown)."""
    gems_where_placed: bool = True
    """Where another reader placed canoes on a slot with their gems unknown (the learned
    slot reader, which names no gem of a pair, or the game's counts) and the rules read
    fewer of that colour there, the rules read those gems in that colour's patch on the
    slot among every object's pixels (a patch they set aside as something foreign too):
    one patch a canoe, or one patch split as two side by side or end to end; named only
    where every such canoe's gem, or its empty well, is clear (used 88000013: two green
    canoes on R1, one with a blue gem, a glint beside them "something small and
    foreign"; used offsets 86 and 87: 22 and 23 more frames exact, no wrong reading)."""
    gems_where_placed_split_detail: float = 1.0
    """...one patch split as two only where a board millimetre spans at least this many
    camera pixels: fewer, a gem blurs into its hull and the split is a guess (used
    88030187 at 640x480: two red canoes on L2, one with a violet gem, both read empty, a
    wrong reading; used 85, 86 and 88 at 640x480 and 87 whole, 60 scenes a condition:
    that reading alone changed). 0: everywhere."""
    placed_split_one_area: float = 1.0
    """...and never a patch whose outline is one canoe's (:func:`vision.stages.canoes.
    count_by_shape`) and whose area is under this many canoes' (its top and, under tilt,
    its side): the other canoe's hull shows elsewhere in fragments too small to count,
    and both gems would be read in one canoe (used 98010088, 30 degrees of tilt: two red
    canoes on T3, one with a violet gem splitting its hull in two fragments, 0.61 of a
    canoe read as both and both empty, a wrong reading; a pair side by side whose
    outline looks like one canoe's covers 1.48, used 98010042). 0: split always."""
    placed_split_own_gem: bool = True
    """...and where both parts of a patch split as two are read with one gem of about the
    hull's colour (``gem_near_hull_chroma``), both gems are unknown: the hulls' lit tops
    look like it where the windows miss the wells (ninety-third session; used 135010034,
    30 degrees of tilt: two brown canoes on T3, one empty and one with a white gem, both
    read yellow; used 137010100: two yellow canoes, one with a yellow gem, read right)."""
    gems_where_placed_beach: bool = True
    """...and on the beach, each canoe its own patch (a canoe there carries no gem: one
    that shows one was not unloaded). (With ``beach_gems_by_colour``, used offsets 86 /
    87: 16 / 17 more frames exact, 9 of them each under motion blur, a hand over the
    beach; no wrong reading.)"""
    beach_gems_by_colour: bool = True
    """Where the game's counts read the beach and the canoes the rules read there are not
    all of them, the canoes of each colour read there in full keep their gems (the
    others' are unknown), rather than every gem there unknown (used 88090208: a blue, a
    green and one of two red canoes read on the beach, the second red unread)."""
    learned_moving_marked: bool = True
    """On a slot one canoe-coloured object lies across with another ("one canoe across two
    positions"), the learned slot reader's canoes need ``learned_moving_confidence``: the
    canoe caught across the two, read on one of them, makes the counts come out whether
    it stands there or not (used 88120049: a red canoe between T1 and T2 read on T2 beside
    a green one, 0.958 sure; used offsets 85-88, between: that slot alone changed)."""
    learned_moving_confidence: float = 0.999
    """How sure the learned slot reader must be of such a slot (``learned_moving_apart``)
    where a canoe it reads there is what makes the counts come out."""
    learned_transit_sure: float = 0.999
    """How sure the learned slot reader must be of a slot that something foreign lies near,
    mostly the colour of a canoe then seen nowhere (taken by the rules for a canoe on its
    way between slots, :attr:`vision.stages.objects.Objects.transit`), while it is the
    only canoe seen nowhere, to read it: that canoe may lie half over it, where the
    reader never saw one (used 116120197, between: a yellow canoe half way from L1 to L2;
    L1 read with its green canoe alone, 0.96 sure). Used offsets 114 and 115, every
    condition: 2 clear positions more unknown (115050147, 115110067: the reader 0.997
    and 0.995 sure, and right), none read otherwise; with more canoes seen nowhere too,
    6 more (a hand over them). Over 1: no such check."""
    learned_transit_several: float = 0.99
    """How sure the learned slot reader must be of such a slot, near something foreign
    mostly the colour of one of several canoes then seen nowhere, to read it (used
    117120269, between: a blue canoe two thirds of the way from R1 to R2, merged with
    R2's red canoe into something foreign mostly red; R1 read empty 0.958 sure, the blue
    and the red canoe seen nowhere). Used offset 117, every condition (300 scenes each):
    that wrong reading gone, no other position read otherwise. Held-out offset 118: 2
    clear positions more unknown (118000133, art: R2's two blue canoes, 0.893 sure, beside
    R1's brown and yellow ones taken for something foreign, and T3 with them), one
    covered (118110125, motion), none read otherwise. Over 1: no such check."""
    learned_transit_several_empty: bool = True
    """...only where the reader reads the slot empty (the canoe on its way is then missing
    from a slot it may lie half over); where it reads canoes there, it saw the slot's own,
    read as sure as any other slot. Used 117 and 118 (300
    scenes of every condition; 118 was held out when the check above was set): 117120269
    still unknown, the only slot 117 read otherwise; on 118, the three positions the check
    cost read again, each right (118000133, art: R2's two blue canoes and T3 with them;
    118110125, motion: T4), no other position read otherwise. False: every such slot."""
    learned_beside_hidden: float = 0.95
    """How sure the learned slot reader must be that something lies over a slot left
    unknown where a canoe seen nowhere may hide (a canoe between two slots, over the one
    it lies most over) for it not to read a slot beside it empty (``unseen_reader_empty``)
    while that canoe is seen nowhere, where the river from the slot read towards the other
    changed since setup (``slot_look_changed`` of its half, :mod:`vision.stages.looks`):
    the canoe may be on its way from the slot read, most of it over the other (reporting
    130120175, between). Over 1: never so."""
    learned_riverbed_short: bool = True
    learned_riverbed_confidence: float = 0.999
    """A slot the rules left unknown because a canoe they read there looks like the
    riverbed (it may be the river's mottle) is read by the learned slot reader with that
    colour, while a canoe of it is then still seen nowhere, only where it is this sure:
    another of it may stand there, as like the riverbed to the reader (used 87030091 at
    640x480: two blue canoes and a red one on R2, read as one blue and the red, 0.992
    sure, a wrong reading; used 85050001 under glare: the one blue canoe on T2, 0.9999
    sure, the other blue unknown on T3). Not where a hand or a sleeve covers another
    position, where that canoe may be (used 86110004). Used offsets 85 / 86 / 88, 100 /
    60 / 60 scenes a condition: no reading changed."""
    learned_camouflage_beside: bool = True
    """A slot the rules left unknown because a canoe of a colour seen too seldom would look
    like the riverbed there (``camouflage_chroma``) is not read by the learned slot reader
    with canoes of other colours only while a canoe of that colour is then still seen
    nowhere: beside another canoe, one like the river is no object to the reader either
    (used 112050079 under glare: a blue canoe beside a red one on T1 of a blue river, read
    as the red alone 0.9997 sure, the other blue canoe on the glare-washed beach; a
    wrong reading). Read empty, it is kept (a slot like the river, read empty by the
    reader, the canoe elsewhere). Only while more canoes of that colour are seen nowhere
    than the rules read at the other positions left unknown (used 111020166: two blue
    canoes read by the rules on T4, left unknown for its area), and not where a canoe on
    the move or a hand may hide it at another position (used 111120025, 111120037,
    between; 111110223, motion)."""
    learned_camouflage_joe_start: bool = True
    """...only on T1 while Diamanten Joe is in play: his canoe stood there in the setup
    photo, so the reader compares the slot with a patch that held a canoe (112050079's
    case); no reading changes on used 110 and 111 then. On every slot, used 110 and 111
    lost 20 and 7 clear positions (13 frames, the reader right on each) and no wrong
    reading was mended there."""
    learned_short_count: bool = True
    """A slot the rules left unknown because they could not count its canoes (canoe-like
    area unread, canoe count unclear), read by the learned reader with a colour of which
    a canoe is then still seen nowhere while every other position is read, stays unknown:
    the reader may have counted one canoe of two side by side (reporting 59040025: two
    red canoes on T1 read as one)."""
    learned_unseen_hides: bool = True
    """Where the learned slot reader reads the last positions the rules left unknown and a
    canoe of the game is then seen nowhere, it may hide where more canoe-like area shows
    than the canoes read (and the slots beside), else anywhere: those are unknown (as the
    rules leave them without the reader)."""
    learned_hides_again: bool = True
    """...so too where the only positions still unknown are where the rules said that
    canoe may hide: they are looked for again as though every other position had been
    read (the slots beside each: a canoe across two slots; used 88120102, a green canoe
    across T3 and T4, T3 read with only its red canoe). On offsets 88 and 90 (glare,
    motion, between, 640x480): that wrong reading gone, four slots of its frame unknown,
    nothing else read otherwise."""
    unseen_vacant_stays: bool = True
    """...but not a slot the reader has just read as empty where the rules left it only
    for that canoe (``unseen_reader_empty``: it is that sure that no canoe stands there
    and nothing covers it) while they are still unknown (used 111120010, between: a canoe
    between T1 and T2, T1, T2 and T3 left for it, T3 read empty 0.9999999 sure, then left
    for it again as beside T2). Used 109 / 110 / 111 (between, motion, glare): 0 / +4 /
    +1 clear positions, none lost, no wrong reading, all of them between two slots; used
    110's ten other conditions unchanged. The old reporting scenes of a canoe between two
    slots read nowhere (48120059, 49120085, 49120120, 49120232, 50120072, 50120182,
    51120251) read as before. False: left for it again."""
    learned_over_doubts: bool = True
    """Where the learned slot reader's reading of an unknown slot, ``learned_confidence``
    sure, would see a colour more often than in play, a slot where the rules read that
    colour and the reader, asked there, gives less than even odds of as many canoes of it
    is unknown too (two readers disagree; the reader's reading is dropped as before; used
    89090009, 2,700 K: a yellow canoe read brown on T4, the reader 0.25 for a brown canoe
    there and 0.9998 sure of the brown one on R1). On offsets 89 and 90, every
    condition: that wrong reading gone, nothing else read otherwise."""
    learned_then_counts: bool = True
    """Where the learned slot reader read other positions the rules left unknown, the game's
    counts are taken again for the one patch the rules could not count left
    (``read.by_elimination``: two unsure patches, one read by the reader, leave the other
    to the counts; used 78030130 at 640x480: Joe, his blue gem blurred into his wood, and
    a yellow canoe on T3, a blue canoe on R1 one canoe or two, the reader sure of R1
    only)..."""
    unread_by_counts: bool = True
    unread_one_max: float = 1.3
    """...and so for a slot left alone unknown for "canoe-like area unread" where that area
    is no more than this many canoes' more than the canoes read there cover: the one
    canoe seen nowhere is there (used 78030227 at 640x480: two red canoes side by side on
    L2, one read, 0.82 of a canoe's area more; every other position read)..."""
    counts_reader_agree: bool = True
    """...in either case, not where the learned slot reader answered on that slot (at
    least ``learned_unsure_confidence`` sure) with colours that leave out one the counts
    would put there: the counts hold only if every other position was read right (used
    76100295, clutter: a yellow canoe on T1 read brown by the rules, the yellow then put
    beside a green canoe on T4 by the counts, where the reader read green and brown)."""
    counts_reader_none: float = 0.995
    """...nor, where it did not answer on that slot, where it is this sure that no canoe
    of the colour the counts would put there stands on it: two readers disagree (used
    114030162 at 640x480: a yellow canoe on the beach in a deep shadow read brown by the
    rules, so a yellow one was seen nowhere; the counts put it on R1, where a brown canoe
    with a blue gem stood, read yellow with a white gem; the reader, 0.83 sure of a brown
    canoe there, was 0.9996 sure of no yellow one). It costs one reader call where the
    counts place a canoe on a slot the reader did not answer. (Used 113, 300 scenes of
    every condition: asked five times, 0.0-0.29 sure of none; no reading changed.) Not
    0.99: on then-reporting 115 it left two slots the counts read right unknown, the
    reader 0.9924 and 0.9943 sure of none (115020279, lens: a red canoe beside two green
    ones on T5; 115030033, 640x480: Joe on R2); at 0.995, used 113 / 114 / 115, every
    condition: those two read again, nothing else changed. Over 1: never."""
    learned_rules_gems: bool = True
    """Where the learned slot reader reads a slot the rules left unknown (their canoes
    there no reading: too much canoe-like area, a count unclear, something foreign) and
    leaves the gem of the only canoe of a colour there unknown, the gem the rules named
    for the only canoe of that colour there is what their votes lean to: the fine gem
    reader names it where it says the same (``gem_agree_confidence``; used 62010031:
    two canoes on R2 leaning out under a steep tilt, their gems plainly read by the
    rules, the slot read by the reader with both gems unknown)."""
    learned_seen_gems: bool = True
    """Where the learned slot reader reads a slot the rules read but left unknown only for
    the game's counts (their canoes there kept as seen: a blue canoe seen nowhere may look
    like the riverbed there) and finds the same colours, the gem the rules read in the
    only canoe of a colour there stands where the reader leaves that gem unknown (used
    70010055: a green canoe with a violet gem and a yellow one on T5, plainly read by the
    rules, T5 left for a blue canoe like the riverbed; the reader read green's gem
    unknown. Used offset 70, 150 scenes a condition: +6 exact frames (held-out art,
    parallax twice, lens, 640x480, blue gem), none lost; 69 parallax, 640x480 and glare
    unchanged; no wrong reading)."""
    learned_lean_veto: bool = True
    """Where the learned slot reader names a lone canoe's gem white on a slot the rules read
    with that gem unknown, their votes leaning to a coloured gem (``gem_agree_votes``),
    the gem stays unknown: a coloured gem blurred with a hull of the opposite hue is grey.
    (Against any other gem, as ``gem_lean_veto`` for the fine gem reader, it cost 5
    frames' exact gems on used offsets 81 and 82, the reader right each time.)"""
    learned_own_gem_veto: bool = True
    """...nor a gem of the canoe's own colour (a blue gem in a blue canoe) where the votes
    lean to another gem: a hull's own colour round a pale gem (used 92010294, 30 degrees
    of tilt: a blue canoe with a white gem, 18 white votes and 7 blue, named blue 0.999
    sure). Used offsets 92 (nine conditions) and 91 (five): that wrong reading gone,
    nothing else read otherwise."""
    learned_blend_veto: float = 0.35
    """...nor a gem whose chroma lies within this of the line between the gem the votes
    lean to and the hull's colour at this table (what the two blurred together look
    like: :func:`vision.stages.canoes.blend_of`; ninety-third session, used 135010278, 30
    degrees of tilt: a blue canoe's pink gem, 44 pink votes and 34 violet, named violet
    0.999 sure). 0: no such veto."""
    fine_crowd_empty_agree: bool = True
    """On a slot with two or three canoes, the fine gem reader alone names no canoe empty:
    only where the rules' votes (or, where they read no gems, the slot reader) lean so
    too. Under a tilt the canoe in front hides the middle of the one behind (hundred-
    and-third session, fresh 156010204, parallax: a red canoe's yellow gem behind a blue
    canoe on R2, the gem reader 0.9996 sure it was empty). False: as alone."""
    low_detail_blend_veto: float = 0.35
    """Where the rules read no gems (a millimetre spans too few of the camera's pixels),
    a gem the learned readers name for a canoe whose gem the rules left unknown stays
    unknown where its chroma lies within this of the line between another gem's and the
    canoe's colour at this table (:func:`vision.stages.canoes.blurs_from`): both readers
    take a pink gem in a blue canoe for violet, a violet one in a red canoe for pink,
    each over 0.998 sure (hundred-and-third session: used 155030068 and 155030122, at
    640x480). 0: off."""
    low_detail_blend_slot: float = 0.9999
    low_detail_blend_fine: float = 0.9995
    """...unless the slot reader is this sure of it and the gem reader this sure (over 1:
    never)."""
    learned_gem_confidence: float = 0.999
    """How sure the learned slot reader must be of a lone canoe's gem to name it, on a
    slot it (or the rules) read; less sure, the gem stays unknown."""
    disc_confidence: float = 0.999
    """With a table profile holding the slots' setup disc patches: how sure the learned
    disc reader (:mod:`vision.stages.learned`, each slot at a millimetre a pixel) must be
    that a disc is there or gone to name it on a slot whose canoes are read and whose
    disc was left unknown (under two or three canoes, mostly). Over 1: never asked."""
    disc_present_confidence: float = 0.99
    """...but this sure that it is there names it there: the fine disc reader is rarely
    that sure of a disc gone that is there (used offsets 68 / 67, five conditions each,
    every disc truly gone under read canoes, 56: 0.9988 sure or more that it is gone),
    and a disc gone is the rare case. Used offsets 68 / 67, lowres, parallax (68),
    glare, motion, between and warm: +10 / +5 clear positions (discs under two or three
    canoes at 640x480, mostly), +3 / +3 exact frames, no wrong reading."""
    disc_crowd_gone_confidence: float = 0.99999
    disc_crowd_gone_detail: float = 1.0
    """...and this sure that it is gone names it gone under two or three canoes where the
    rules left it unknown, where a board millimetre spans fewer camera pixels than that
    (the disc's rim there a blurred sliver or two; over 1: never). (Used offsets 70-72 at
    640x480: of 15 discs under two canoes that the reader was 0.999 sure were gone, 13
    were, 12 of them 0.999998 sure or more, one 0.999936; the two there were 0.999942 and
    0.999894 sure: 72030038, Joe and a red canoe on R2, and 70030181. At 1280x720, used
    72: three discs truly gone, 0.9993 sure or more, none there: everywhere, they were
    unknown.)"""
    disc_crowd_gone_sharp: float = 0.9999
    """...and this sure where a board millimetre spans that many camera pixels or more
    (``disc_confidence`` until the hundred-and-fourth session). Fresh 157080079 (blue
    gem, 1280x720): a red and a yellow canoe on R1 over its disc, the rules' disc
    unknown, the fine reader 0.99904 sure it was gone (0.9995-0.9999 on the frame the
    Raspberry Pi's NumPy and OpenCV render): read gone, a wrong reading. (Used offsets
    150-158, every scene outside lowres with a disc truly gone under two or three
    canoes, 601: at 0.9995, 2 of those discs go from gone to unknown, 2 frames fewer
    exact; at 0.9999, 8; no other reading changes.)"""
    disc_crowd_present_confidence: float = 0.8
    disc_crowd_present_clear: float = 0.5
    """...and under two or three canoes where the rules left the disc unknown, this sure
    that it is there (the first) names it there where it is the second sure that nothing
    covers the slot: its canoes there make it less sure of both. (Used offsets 95-98, 100
    scenes of each condition: of 315 discs truly gone on the slots it was asked about,
    it was at most 0.013 sure that one was there; of the discs it left unknown under two
    or three canoes, 9 were 0.95 sure there and 0.5 that nothing covers them, all there:
    +9 clear positions, +5 exact frames, four of each at 30 degrees of tilt.) 0.95 until
    the eighty-eighth session: on used 128, 130 and 132, 300 scenes of every condition,
    the read slots whose disc was still unknown under two or three canoes where the
    reader was 0.5 sure that nothing covers them were, with a disc there, 0.59-0.93 sure
    of it (all but one of 14 at 640x480; one 0.03), and with the disc gone, at most
    0.36 sure of one there (a gone disc under two canoes at 30 degrees of tilt, used
    130010166; the others 0.09 or less, 10 slots). At 0.8: +7 clear positions on used 128
    and 130 and +4 on 132 (at 640x480 and one at 30 degrees of tilt), none lost, no
    wrong reading. Over 1: never."""
    disc_clear_confidence: float = 0.9
    """How sure the fine readers (disc and gem) must be that nothing covers the slot (a
    hand, a canoe between two slots, a glare spot) to answer for it. (0.99 until the
    thirty-fifth session: on used offsets 59-60, 0.999 sure of the disc, they were never
    wrong of it at any such sureness, 8,300 slots, 185 of them 0.8 to 0.99 sure.)"""
    fine_gem_confidence: float = 0.999
    """How sure the fine gem reader must be of a lone canoe's gem (the only canoe of its
    colour on a slot read) to name it where the rules and the slot reader left it
    unknown. Over 1: that reader is not asked."""
    fine_gem_low_detail_confidence: float = 0.999
    """...and where the rules read no gems (``gem_min_detail``: a 640x480 frame with the
    board filling less than about two thirds of it). Over 1: none named there."""
    fine_gem_low_detail_alone: bool = False
    """...and there, with this, the gem reader names a gem alone; without it, only where
    another reader says the same (``fine_gem_reader_agree_confidence``,
    ``three_agree_fine``, ...). Alone it named 3 to 8 more gems a condition of 300
    scenes at 640x480 on used offsets 133-136, one of them wrongly (used 135030125: a
    green canoe's violet gem named blue): a gem named wrongly tells the table of a
    mistake that was not made, one left unknown only checks less. (The other wrong gems
    there came from two readers agreeing: ``reader_gem_agree_confidence``.)"""
    pair_confidence: float = 0.9
    """How sure the pair reader (:func:`vision.stages.learned.read_pairs`) must be of how
    many of a colour's two canoes on a slot carry each gem (each gem's count, the least
    of them) to name their gems where the other readers left one or both unknown; its
    counts must make two canoes. (Sixty-third session, used offsets 100-101, 300 scenes
    a condition: of 99 such pairs it was asked about, it named 13 at 0.9, none wrongly;
    at 0.8 25, none wrongly; its wrong answers that made two canoes were at most 0.65
    sure where it was 0.99 sure the slot is clear, used 100030009 at 640x480: a brown
    pair, one with a white gem, named both empty; 0.78 where less.) Over 1: that reader
    is not asked."""
    pair_low_detail_confidence: float = 0.9
    """...and where the rules read no gems (``gem_min_detail``; of the 99, 4 named at
    640x480, none wrongly). Over 1: none named there."""
    pair_clear_confidence: float = 0.99
    """...and how sure it must be that nothing covers the slot (a hand, a canoe between
    slots, a glare spot)."""
    pair_gem_veto: float = 0.999
    """A gem the rules named for one of two canoes of one colour on a slot is unknown (and
    asked of the pair reader with the others) where the pair reader is this sure that
    none of that colour's canoes there carries it, and ``pair_clear_confidence`` sure
    that nothing covers the slot (ninety-fourth session; 140050128 near a glare spot: two
    empty blue canoes on L1, one's lit top read as a blue gem by the rules' votes, the
    pair reader 0.99999 sure that no blue gem is there and 0.992 that both are empty; at
    0.99, used 137120015, between: a red pair and a brown canoe on R2, the red pair's
    pink gem, 0.990 sure none was there, unknown). Over 1: no such check."""
    pair_empty_doubt: float = 0.02
    """Two canoes of one colour on a slot, both read empty by any reader, where the pair
    reader is ``pair_clear_confidence`` sure that nothing covers the slot, under this
    sure that both are empty, and leans (``pair_empty_lean`` sure of each gem's count) to
    two of which one carries a gem: their gems are unknown (then named by it as any pair
    with a gem unknown). 0: never. (Eighty-first session, set with used 119010061 seen,
    parallax: two red canoes on T5, one with a yellow gem, the rules' one red patch split
    as the counts' two and both read empty; the pair reader 0.019 sure both are empty,
    leaning to one empty and one yellow, 0.94 and 0.64 sure. Of the 1,699 pairs of one
    colour on a slot read with both gems named on used 117-119, every condition, 300
    scenes each, 483 read empty: that one was wrong; the right ones the pair reader was
    least sure were both empty, 0.004 (119020237, lens: leaning to no pair), 0.023
    (118060109, red/brown: a yellow pair, leaning to one yellow gem, like its hull) and
    0.031-0.07 (eight more). Alone, 0.02 would take one right pair for the wrong one;
    with the lean, none. A thin margin; on held-out offset 121, every condition, it
    changed nothing.)"""
    pair_empty_lean: float = 0.5
    """...and how sure of each gem's count the pair reader's lean must be."""
    gem_agree_confidence: float = 0.8
    """Less sure than that, the fine gem reader still names a lone canoe's gem (or its
    empty well) where the rules' gem votes lean to the same (``gem_agree_votes``): two
    readers that look differently and say the same. Over 1: never; never where the rules
    read no gems (``gem_min_detail``)."""
    gem_lean_veto: bool = True
    """Where the rules' gem votes lean to one gem (or to an empty canoe) and the fine gem
    reader names another, the gem stays unknown: two readers disagree (reporting
    63070192: a violet gem in a blue canoe, the votes leaning to violet, named pink 0.999
    sure)."""
    gem_lean_unknown: bool = True
    """...and votes that lean to nothing ("unknown": the middle neither a gem's colour nor
    as dark as the well) are no such lean: they veto no answer of the fine gem reader
    (until the fifty-fourth session they did, as if they leaned to another answer; used
    88010184: an empty green canoe on R1, the reader 0.99995 sure; used 86 / 87: 4 / 3
    more frames exact, no wrong reading)."""
    reader_gem_agree_confidence: float = 0.99
    """Where the rules read no gems (``gem_min_detail``), the learned slot reader's
    answer for a lone canoe's gem, where it is this sure of it (and
    ``disc_clear_confidence`` sure that nothing covers the slot), is what the fine gem
    reader may agree with: it names that gem where it says the same
    ``fine_gem_reader_agree_confidence`` sure. Two networks, one at 2 mm a pixel and one
    at the rectified view's own millimetre, that say the same (used offsets 86, 87 and
    89 at 640x480, 900 frames: of 411 lone canoes' gems left unknown, both said the same
    of 81 that sure, rightly each time; the nearest wrong answers both gave were 0.988
    and 0.986 sure for the gem reader: a violet gem taken for pink, a blue for white;
    with the gem reader alone at 0.99, 121 named, one wrongly). Used 85 / 86 / 87 / 88 at
    640x480: +8 / +6 / +5 / +7 exact frames of 300, no wrong reading. (0.99 for both
    readers until the sixty-eighth session. Used offsets 102-106 at 640x480, 300 scenes
    each, the gems still left unknown: both readers said the same of 201, 172 rightly;
    44 of them at 0.97 and 0.95 (and 0.9 sure that nothing covers the slot), one
    wrongly, white for a pink gem (103030293, the slot reader 0.986 sure), which the
    whole reading still leaves unknown with these figures; the nearest wrong below
    them, both 0.96 and 0.90 sure of white for a blue gem (105030152), is named at
    0.95 and 0.9. Used 102-106, 200 scenes each, and 86, 87 and 89, 300 each: +11 and
    +10 exact frames, nothing else read otherwise, no wrong reading added; half as many
    with ``reader_agree_blurred``, below.) Back to 0.99 for both in the ninety-second
    session: on used offsets 133-136 at 640x480, 300 scenes each, 0.97 and 0.95 named
    about 11 more gems an offset, rightly, and 2 wrongly (133030046: a red canoe's violet
    gem named blue; 135030121: a blue canoe's violet gem named blue, both readers over
    0.95 sure), as were 130030193 and 130030205 on used 130 (a red canoe's violet gem
    named pink, a green canoe's pink gem named yellow), each unknown at 0.99. Over 1:
    never."""
    reader_gem_agree_read: bool = True
    """...and so too where the rules read gems, for a lone canoe whose gem they leave
    unknown and whose votes lean to nothing (``gem_agree_votes``; used 95050022, glare: a
    brown canoe's violet gem on L2, the gem reader 0.9965 sure, the slot reader 0.9988).
    Used offset 95, 60 scenes of each condition: +1 exact frame of 775, nothing else read
    otherwise; used 94 (lowres 150, four conditions of 50): no change. False: only where
    they read none."""
    fine_gem_reader_agree_confidence: float = 0.99
    """...how sure the fine gem reader must then be of the same gem."""
    reader_agree_blurred: float = 0.99
    """...but where the rules' votes lead to that same gem and it lies between another gem
    and the hull (their blur: ``three_agree_unmixed``; ``Canoes.blurred``), all three
    may be fooled by the blur: each reader must then be this sure, as before the
    sixty-eighth session (used 94030198 at 640x480: a blue canoe's pink gem on L1,
    violet to the votes and to both readers). Over 1: never named so. (Used 104-106, 200
    scenes each, and 86 and 89, 300 each, at 640x480, against 0.99 for both readers
    everywhere: +7 exact frames, where 0.97 and 0.95 everywhere read +14, each right:
    where the rules read no gems a blur is often the votes' lead, and here the right
    gem. Nothing else read otherwise; no wrong reading either way there.)"""
    reader_gem_agree_read_slot: float = 0.9
    reader_gem_agree_read_fine: float = 0.95
    """...but where the rules read gems (``reader_gem_agree_read``), the slot reader this
    sure of the gem (the first) and the fine gem reader this sure of the same (the
    second) name it: there a gem spans enough of the camera's pixels for both. (Used
    offsets 97-98, every condition but 640x480: of 162 lone canoes' gems left unknown,
    both readers said the same of 113; of the 6 where both were wrong, neither was over
    0.83 sure, and never both over 0.75; at 0.9 and 0.9, 28 named, all rightly, where
    the votes lean to nothing. The gem reader's 0.9 until the sixty-second session:
    reporting 101050240, glare, a brown canoe's pink gem on L1 read violet, the slot
    reader 0.978 sure and the gem reader 0.903. Offsets 100-101, 150 scenes of every
    condition, and part of 99: of 100 such gems asked, at 0.9 / 0.95, 36 / 33 named,
    all rightly; where both readers said the same wrong gem, the gem reader at most 0.98
    sure with the slot reader 0.72, the slot reader at most 0.9988 with the gem reader
    0.63.) Over 1: never."""
    reader_agree_joe_apart: bool = True
    """...but not Diamanten Joe's gem where it is the gem named for another canoe on his
    slot: both readers may read that canoe's gem as his (used 102050137, glare: Joe's
    pink gem on T1 beside a brown canoe with a white gem, read white, the slot reader
    0.916 sure and the gem reader 0.982). Used 101-103, 300 scenes a condition: of the
    85 lone canoes' gems asked there that both readers said alike at those confidences,
    the 2 wrong were Joe's, each the gem of another canoe on his slot (one made unknown
    later), and none of the 83 right was Joe's so."""
    reader_agree_apart: bool = True
    """...and, for any canoe, not a gem that is the one named for another canoe on its
    slot, or the one the slot reader says of another canoe there in the same breath: on a
    crowded slot both readers may take a neighbour's gem for this canoe's (hundred-and-
    sixth session; fresh 162030220 at 640x480: a brown canoe with a blue gem and a red one
    with a white gem on T2, both placed by the slot reader with no votes, both read white
    by both readers). On used 152-156, 40 scenes of every condition (2,581 read), one gem
    named right became unknown and nothing else changed. False: only Joe's, as above."""
    three_agree_fine: float = 0.8
    three_agree_slot: float = 0.7
    """Where the rules read no gems, a lone canoe's gem still unknown is named where three
    readers say the same: the rules' votes lead to it (to an empty canoe: they show no
    gem without a well; ``Canoes.filled``), the learned slot reader is ``three_agree_slot``
    sure of it (and ``disc_clear_confidence`` that nothing covers the slot), the fine gem
    reader ``three_agree_fine`` sure. (Used 97 and 98 at 640x480, 450 frames: of the lone
    canoes' gems left unknown, 14 where all three said the same at these confidences,
    every one right; one where they said violet for a pink gem in a blue canoe, the
    blend of the two, the gem reader 0.46 sure.) Over 1: never."""
    three_agree_lean_slot: float = 0.5
    three_agree_lean_fine: float = 0.5
    """Where the rules read gems and their votes lean to one gem (or to an empty canoe)
    for a lone canoe whose gem is still unknown (two or three canoes touching on a slot,
    most often), it is named where the learned slot reader is ``three_agree_lean_slot``
    sure of the same (and ``disc_clear_confidence`` that nothing covers the slot) and the
    fine gem reader ``three_agree_lean_fine`` sure of it. (Used offsets 102-105, 300
    scenes of every condition: of the lone canoes' gems left unknown where the votes lean
    to one gem, the lean and both readers said the same of 81, every one right, the
    readers as little as 0.43 and 0.48 sure; of the 9 where the lean was wrong, the slot
    reader never said the same. At 0.5 and 0.5, used 104-105 read 20 more frames exactly
    and nothing else otherwise.) Over 1: never."""
    three_agree_shared_fine: float = 0.8
    """...but a gem another canoe on the slot is named, or its votes lean to alone, only
    where the gem reader is this sure of it, and never by the slot reader alone
    (``lean_slot_alone``); not over ``three_agree_lean_fine``: off. (Used 143030176 at
    640x480: a yellow canoe's violet gem beside a red canoe's pink one, pink to the votes
    and the slot reader, named pink. Used offsets 141 and 142, 300 lowres scenes each and
    50 of every other condition on 142: nothing else changed but one right pink gem left
    unknown, 142120028.)"""
    lean_slot_alone: float = 0.4
    """...and, the gem reader left out, where the slot reader alone is this sure of the gem
    the votes lean to (and ``disc_clear_confidence`` that nothing covers the slot). (Used
    offsets 102-106, 300 scenes of every condition: of the lone canoes' gems left unknown
    where the votes lean to one gem, the lean and the slot reader said the same of 54
    that the gem reader did not, every one right, the slot reader as little as 0.41
    sure, the gem reader up to 0.95 sure of another; of the 13 where the lean was wrong,
    the slot reader said the same of none, and named the right gem of all 13.) Over 1:
    never."""
    lean_alone_fine_doubt: float = 0.6
    """...but not, for a canoe alone on its slot, where the fine gem reader is this sure
    of another gem (or of an empty canoe): two readers disagree (used 126030041 at
    640x480: two blue canoes' pink gems, each alone on T1 and T4, the votes leaning to
    violet, the slot reader 0.65 and 0.98 sure of violet, the gem reader 0.89 and 0.62
    sure of pink: two wrong readings). Beside another canoe the gem reader's answer takes
    in its neighbour's gem or well: asked there too (the eighty-sixth session's first
    version), it left 9 right gems unknown and caught no wrong one, each on a slot with
    two or three canoes (used 125, 100 scenes of every condition: 125100037; used 129 at
    640x480: 129030031; offset 128, then fresh, 300 of every condition: 7, e.g. 128060296,
    a yellow canoe's yellow gem beside Joe's empty canoe, the gem reader 0.84 sure it was
    empty). Over 1: no such doubt."""
    lean_alone_own_fine: bool = True
    """...but a gem of the canoe's own colour (a yellow gem in a yellow canoe: what a
    hull's colour round a blurred gem looks like) where a board millimetre spans few of
    the camera's pixels (``gem_agree_own_detail``) only where the fine gem reader's first
    answer is that gem too (used 111030237 at 640x480: a yellow canoe's pink gem, the
    votes leaning to yellow, the slot reader 0.71 sure of yellow and 0.29 of pink, the
    gem reader 0.54 sure of violet, 0.43 of pink and 0.02 of yellow). (Used 109-111 at
    640x480, 900 scenes, and the other conditions' frames as coarse there: the lean and
    the slot reader alone named 8 gems, the 7 of another colour than the hull right, and
    this one; with the switch, only this one reads otherwise.) False: not asked."""
    lean_alone_own_sharp: bool = True
    """...and so where a millimetre spans many pixels (used 144010172, parallax: a yellow
    canoe's pink gem beside an empty green canoe on R2, the votes leaning to yellow, the
    slot reader 0.978 sure of yellow, the gem reader 0.955 sure the canoe is empty).
    False: only under ``gem_agree_own_detail``."""
    three_agree_unmixed: bool = True
    """...and the votes lead to no gem there that lies between another gem and the hull
    (what their blur looks like: violet between a pink gem and a blue hull; used
    94030198 at 640x480: a blue canoe's pink gem, the three readers said violet).
    Where the rules read no gems, such a lead is "unknown" (``Canoes.filled``)."""
    empty_agree_confidence: float = 0.999
    """Where the learned slot reader and the fine gem reader are both this sure that a
    lone canoe whose gem is still unknown is empty, it is named empty, whatever either
    says of something covering the slot: a glare spot's light over a canoe's dark empty
    well leaves it dark beside the lit hull, while both readers say the slot is hidden
    (used 104050076 under glare: a brown canoe on T3, both 1.0 sure of no gem, 0.05 and
    0.28 sure that nothing covers the slot). (Used offsets 104-106, glare, 300 scenes
    each: of the lone canoes' gems left unknown, both said empty this sure of 15, all
    right; below it, both said empty of three canoes that carried a gem, at most 0.985
    and 0.89 sure; a gem rather than an empty well they said alike and wrongly at 0.9989
    and 0.957: blue for white, 104050057. Used offsets 102-106 as read in the sixty-sixth
    and sixty-seventh sessions, every condition: 25 empty canoes so, all right. Used 105,
    glare, motion, between and clutter, 300 scenes each, and 103, 150 of every
    condition: +3 and +1 exact frames, nothing else read otherwise, no wrong reading.)
    Over 1: never."""
    gem_agree_own_confidence: float = 0.95
    """...and of a gem of the canoe's own colour (a yellow gem in a yellow canoe) this sure
    where a board millimetre spans fewer than ``gem_agree_own_detail`` camera pixels: the
    hull blurred round its gem leans the votes to the hull's own colour."""
    gem_agree_own_detail: float = 1.0
    """...(a 640x480 frame: used 92030147, a yellow canoe's pink gem, the votes leaning to
    yellow, named yellow 0.83 sure). Of the lone canoes' gems of their own colour named
    so on used offsets 92 (nine conditions) and 91 (five), 8 were right, 0.83 to 0.996
    sure, 7 of them in sharper frames (0.83, a blue gem in a blue canoe at 1280x720,
    among them); that one wrong. Used 92 and 91: that wrong reading gone, nothing else
    read otherwise."""
    gem_agree_clear: float = 0.97
    """A gem named by ``gem_agree_confidence`` only where the fine gem reader is this sure
    that nothing covers the slot."""
    gem_agree_votes: float = 0.5
    """The rules' votes lean to a gem with this share of what a gem needs
    (``gem_min_votes``), to an empty canoe where the well shows and no gem has that."""
    gem_lean_ratio: float = 1.5
    """...and this many times the votes of the next gem where it lies between that gem and
    the hull (``gem_mix_chroma``): it may be that gem blurred with the hull (used
    72060040: a blue gem in a brown canoe, 26 votes for white, grey as blue and brown
    blurred are, and 18 for blue, the fine gem reader 0.8 to 0.999 sure of white; at
    this ratio for any next gem, 5 more frames at 640x480 of 297 were no longer exact)."""
    gem_split_share: float = 0.8
    """...and none where another coloured gem has this share of the leading one's votes or
    more (both coloured: the votes split between two gems): the lean is then
    :data:`vision.stages.canoes.SPLIT`, which no other reader's answer agrees with and
    which vetoes every gem the fine gem reader names (over 1: never). (Fresh 160030170
    at 640x480: a blue canoe's pink gem, 35 votes for violet and 34 for pink, this
    table's blue hull too far from the line between them for the blend rule; the votes
    leaned to violet and the fine gem reader, 0.996 sure of violet, agreed.)
    Used offsets 152-156, 40 scenes of every condition (2,581 read), at 0.7: 5 gems
    more unknown, 4 fewer exact frames, no reading otherwise (0.8 changes a subset of
    those canoes)."""
    joe_held_lean: bool = True
    """Where Diamanten Joe's canoe is held back (``joe_needs_centre``: his middle shows
    neither a clear gem nor the well), what his gem votes lean to is kept all the same
    (:attr:`vision.stages.canoes.Canoes.leans`): where another reader reads him there,
    those votes may veto its gem (fresh 159030100 at 640x480: his violet gem, 20 votes
    for violet and none for pink, named pink by both learned readers as votes that lean
    to nothing). Used offsets 152-156, 40 scenes of every condition (2,581 read): one
    gem more named, rightly (his lean agreed with), one more frame exact, nothing else
    read otherwise."""
    fine_gem_check_detail: float = 1.0
    """Where a board millimetre spans fewer camera pixels than this (a 640x480 frame: an
    11 mm gem is then ten pixels or fewer, blurred into its hull), the fine gem reader
    also looks at the gem named for each lone canoe on a slot read (the only canoe of its
    colour there): where it is ``fine_gem_check_confidence`` sure of another (or of an
    empty canoe where a gem was named, or the other way round), the gem is unknown: two
    readers disagree (used 84030115: a pale blue gem in a yellow canoe named white by the
    rules, 31 votes against 10 for blue, the reader 0.994 sure of blue). With more
    detail the rules' gems held where the reader was that sure of another (used 80 and
    81, 3,800 gems, 1 such), and the look costs milliseconds. 0: never."""
    fine_gem_check_confidence: float = 0.95
    """...how sure it must be of the other answer. (Used offsets 80-84 at 640x480, 5,580
    gems named: at 0.95 it doubts 2, one named wrongly; at 0.9, 4, at 0.8, 15, one wrongly
    named among them each time.)"""
    fine_gem_check_less: float = 0.5
    """...or where the fine gem reader is only this sure of another answer but the learned
    slot reader is ``fine_gem_check_slot`` sure of that same one: two readers against the
    rules' one (used 116030142 at 640x480: a brown canoe's empty well beside two blue
    canoes named yellow, the gem reader 0.944 sure it is empty, the slot reader 1.0 sure;
    used 118030071: a yellow canoe's violet gem named pink, the gem reader 0.72 sure of
    violet, the slot reader 0.9945). At 0.9 (with the slot reader 0.999 sure), used
    offsets 113-116 at 640x480 (300 scenes each) and 114-115 in every condition: 116's
    wrong reading gone, nothing else read otherwise. At 0.5 (the gem reader's first
    answer) with 0.99, used 117 and 118 at 640x480: 118030071's wrong reading gone, no
    other position read otherwise."""
    fine_gem_check_slot: float = 0.99
    """...how sure the slot reader must be of it. Over 1: no such check."""
    fine_own_gem_confirm: float = 0.7
    """...and where the slot reader gives that gem less than this of its belief (and is
    ``disc_clear_confidence`` sure that nothing covers the slot): a hull's colour round a
    blurred gem is what both readers may see, and only both together name it (used
    126030052 at 640x480: a blue canoe's violet gem named blue, the gem reader 0.9999 sure,
    the slot reader 0.58 sure of blue and 0.42 of violet). Used 120-123, 127 and 129 at
    640x480 (300 scenes each) and 125 in every condition (100 each): nothing else read
    otherwise. 0: no such check."""
    fine_own_gem_unread: bool = True
    """...and where it is, too: a gem of the canoe's own colour the gem reader names there
    stays unknown, whatever the slot reader says (ninety-third session; used 135030087
    at 640x480: a blue canoe's white gem, a paler shade of its hull, named blue, both
    readers over 0.99 sure). Used 129-136 at 640x480, 300 scenes each: that wrong reading
    gone; 1-6 gems an offset named right before now unknown (about 25 in all)."""
    blurred_own_slot: float = 0.999
    """Where a millimetre spans few of the camera's pixels (``gem_agree_own_detail``), a
    gem of the hull's own colour the votes lead to as a blur (``reader_agree_blurred``)
    is named only where the slot reader is this sure of it: a white gem blurred with a
    blue hull is blue to the votes and both readers (hundredth session; fresh 149030141
    at 640x480: T4's blue canoe's white gem named blue, each reader 0.996 sure). Used
    140-146 at 640x480, 100 scenes each: 10 such gems named, each right; never naming
    them loses all 10, this 3 (each under 0.997; the 7 others 0.9995 or more), nothing
    else read otherwise. Over 1: never; 0: as the other gems there."""
    three_agree_own_slot: float = 0.995
    """...and where the rules' votes, the slot reader and the gem reader all name a gem of
    the hull's own colour (``three_agree_fine``) there, only where the slot reader is this
    sure of it: a pink gem blurred with a yellow hull is yellow to all three (ninety-ninth
    session; fresh 147030270 at 640x480: the slot reader 0.984 sure, the gem reader 1.0).
    A thin margin: the 30 right yellow gems of lone yellow canoes on used 145 and 146 at
    640x480 had the slot reader 0.997 sure or more. Used 143-146 at 640x480, 150 scenes
    each: 3 gems named right before now unknown, nothing else read otherwise (left
    unknown whatever it says, used 143 alone lost 7 in 150 scenes). Over 1: named at
    ``three_agree_slot``."""
    pink_gem_unviolet: float = 0.2
    """Where a board millimetre spans under ``gem_blend_detail`` camera pixels (a gem
    blurs with its hull), a pink gem named for a lone canoe of its colour on a slot is
    unknown where the fine gem reader or the learned slot reader
    (``disc_clear_confidence`` sure that nothing covers the slot) gives pink under this of
    its belief and violet more: a violet gem blurred with a warm hull (Joe's pale wood, a
    yellow canoe) leans towards pink, to the rules' votes and to one reader or the other
    (ninety-fourth session; used 138030093 at 640x480: Joe's violet gem named pink, the
    gem reader 0.005 on pink, 0.43 on violet; 138030094: the same, the slot reader 0.13
    on pink and 0.78 on violet, under OpenCV 4.11 0.17 and 0.74; 135030295: a yellow
    canoe's violet gem named pink, the slot reader 0.003 on pink, 0.997 on violet). Of
    513 pink gems named right on used 134-137 at 640x480 (300 scenes each), 4 are then
    unknown (at 0.15, 3; at 0.25, 6; with pink under 0.2 alone, 10; with violet more
    alone, 9). 0: no such check."""
    lone_gem_rival: float = 0.17
    """...and any gem named for a canoe alone on its slot is unknown where both learned
    readers give one other gem (neither an empty canoe nor the hull's own colour, what
    its blur lends a gem) this share of their belief or more: a pink gem blurred with a
    blue hull is violet to the rules' votes and to both readers, its pink still showing
    to each (ninety-eighth session; used 144030159 at 640x480: a blue canoe's pink gem
    named violet, the slot reader 0.28 on pink, the gem reader 0.59; 144030269: the
    same, 0.23 and 0.22). Of 1,893 gems named for canoes alone on their slots on used
    140-144 at 640x480 (300 scenes each), both readers gave another such gem at most
    0.11 where the gem was right, and those two were the only wrong ones. Over 1: no
    such check."""
    lone_gem_rival_mean: float = 0.2
    """...or where the two readers give one such other gem this share of their belief on
    average: one reader sure of the gem the blur leads to can hide the other's doubt from
    ``lone_gem_rival`` (hundred-and-sixth session; fresh 161030275 at 640x480, dusk art: a
    yellow canoe's violet gem named pink, 32 pink votes and 1 violet, the slot reader
    0.99 on pink and 0.007 on violet, the gem reader 0.74 on violet; fresh 162030116: a
    brown canoe's violet gem named pink, 31 pink votes and 24 violet, the slot reader
    0.07 on violet, the gem reader 0.39). On used 150-156 at 640x480 (300 scenes each,
    2,092 frames read), 9 gems named right and 6 exact frames became unknown (at 0.3, 8
    and 5, but it misses 162030116); the one wrong reading there stayed. 0: no such
    check."""
    lone_gem_against: float = 0.5
    """...and, in any frame, a white gem named for a canoe alone on its slot to which the
    two learned readers give under this share of their belief on average: together they
    lean to another answer (a glare spot's white light on a coloured gem; ninety-ninth
    session; used 146050257, glare: Diamanten Joe's yellow gem in a glare spot's light
    named white by the rules' votes, the slot reader 0.02 on white, the gem reader 0.63).
    Of 1,509 gems named for canoes alone on their slots on used 145 and 146, glare and
    640x480 (300 scenes each), the right ones had at least 0.56 on average (the 295 white
    ones at least 0.70); that one was the only wrong one. (Only white gems are asked:
    both readers on every lone canoe made a 1280x720 frame with a table profile 1.5 times
    as slow.) 0: no such check."""
    lone_empty_slot_sure: float = 0.9
    """...and, where gems blur with their hulls (``gem_blend_detail``), a canoe alone on its
    slot named empty where the slot reader gives an empty canoe under this share of its
    belief: it sees a gem there too (ninety-ninth session; used 146030060 at 640x480: a
    brown canoe's pink gem named empty by the votes, the slot reader and the gem reader,
    0.85 and 0.99 sure). Of 1,036 lone canoes named empty so at 640x480 on used 145 and
    146 (300 scenes each), the 1,035 right ones had at least 0.955. 0: no such check."""
    lone_empty_glare: bool = True
    """In a frame with a glare spot, ``lone_empty_slot_sure`` also asks of every empty
    canoe alone of its colour on a slot, beside other canoes too, whatever the detail:
    a glare spot's light can hide a gem's colour from the gem reader (reporting
    149050104: L1's green canoe beside a brown one, its blue gem read empty, the gem
    reader 1.0 sure, the slot reader 0.04)."""
    fine_own_gem_doubt: float = 0.8
    """Where a board millimetre spans few of the camera's pixels
    (``gem_agree_own_detail``) and the fine gem reader names the gem of a lone canoe as
    of the canoe's own colour (a yellow gem in a yellow canoe: what a hull's colour round
    a blurred gem looks like), the gem is unknown where the learned slot reader is this
    sure of another gem (used 104030217 at 640x480: a yellow canoe's pink gem named
    yellow, 1.0 sure, the slot reader 0.89 sure of pink). Used 101-104 at 640x480, 5,586
    lone canoes' gems named: 4 of the hull's own colour with the slot reader 0.5 sure or
    more of another; of the two 0.8 sure, that one and a blue gem the rules named (the
    fine reader said white too: not asked here). 300 scenes a condition: nothing else
    read otherwise. Over 1: never."""
    fine_empty_doubt: float = 0.5
    """Where a board millimetre spans few of the camera's pixels
    (``fine_gem_check_detail``) and the fine gem reader names a lone canoe empty, the gem
    is unknown where the learned slot reader is this sure of a gem: a dark gem blurred
    into its hull looks like the empty well (used 123030219 at 640x480: a green canoe's
    violet gem, the gem reader 0.9996 sure it was empty, the slot reader 0.98 sure of
    violet). Over 1: never."""
    own_gem_tint_share: float = 0.15
    """Where a board millimetre spans few of the camera's pixels
    (``gem_agree_own_detail``), the gem of a lone canoe named as of the hull's own colour
    (a yellow gem in a yellow canoe) is unknown where the rules' gem votes there, leading
    to a gem of about the hull's colour, gave another coloured gem (not white) this share
    of the leader's votes or more (:func:`vision.read.own_gem_tinted`): a pink gem blurs
    with a yellow hull round it to orange, yellow to every reader (used 123030154 at
    640x480: a yellow canoe's pink gem, 24 votes for yellow and 6 for pink, the gem
    reader and the slot reader 0.99 sure of yellow). Over 1: never."""
    disc_check_crowd: bool = True
    """The learned disc reader also looks at the discs the rules read under two or three
    canoes (about one slot a frame, 1.2 ms): where it is as sure of the other answer, the
    disc is unknown."""
    disc_check_absent: bool = True
    """...and the discs the rules read gone under a lone canoe (a disc gone is rare, so
    rarely asked): a rim half hidden by a hull and blurred by motion can read as gone
    (reporting 58110098: T2's disc under a brown canoe)."""
    disc_empty_gone_lean: float = 0.8
    """A disc the rules read gone on a slot they read empty is unknown where the fine disc
    reader is this sure of a disc there, however much it says something covers the slot:
    a glare spot's edge, too faint for the rules to leave the slot unknown, can wash a rim
    out (used 134050222: R2's disc read gone, the reader 0.92 sure of a disc, 0.09 sure
    that nothing covered the slot). Where it leans to gone, or to a disc less sure, the
    rules' reading stands, however unsure it is that nothing covers the slot (used
    130050248 under glare and 132030084 at 640x480: discs gone, the reader 0.998 and 1.0
    sure of that, 0.42 and 0.8997 sure that nothing covered the slot; used 134030234 at
    640x480: a disc gone, the reader 0.56 sure of one). Over 1: not asked."""
    disc_canoe_gone_lean: float = 0.8
    """...and so is a disc the rules read gone under a lone canoe they read, where the
    reader was asked of it (``disc_check_absent``) and not sure enough to name it
    (ninety-fourth session; used 139070034: T1's disc under a blue canoe on a dark blue
    river, its rim showing only in slivers, read gone, the reader 0.99 sure of a disc
    there, short of ``disc_present_confidence``; every disc truly gone under read canoes
    on used 67 and 68 the reader was 0.9988 sure or more was gone). Over 1: no such
    check."""
    disc_absent_clear: bool = True
    """...and where the rules read a disc gone and the disc reader is not
    ``disc_clear_confidence`` sure that nothing covers the slot, the disc is unknown: a
    rim half under a sleeve reads as gone (reporting 101110064, motion: T1's disc beside
    an arm read gone under Diamanten Joe's canoe, the reader 0.29 sure nothing covered
    it). Offsets 98-101, glare, motion and between, 300 scenes each: of 203 discs read
    gone rightly, the reader was under 0.9 sure for one (used 98050163, 0.84 beside a
    glare spot), now unknown; 0.96 at the least for the others."""
    disc_check_lone: bool = True
    disc_check_lone_detail: float = 1.0
    """...and, where a board millimetre spans fewer camera pixels than this, the discs
    they read there under a lone canoe: a canoe's blurred edge can look like the rim of a
    disc that has gone (reporting 61030202 at 640x480: T2's disc read there under a
    yellow canoe, the rules reading no gems, ``gem_min_detail``; used 71030169 at
    640x480, gems read: T1's under a red canoe; until the forty-fourth session 0.7, where
    the rules read no gems). About 1.2 ms a slot; with more detail the rules read the rim
    beside a lone canoe well enough."""
    disc_veto_confidence: float = 0.99
    """A disc the learned slot reader named (where the rules left it unknown) is unknown
    where the fine disc reader is this sure of the other answer (and ``disc_clear_
    confidence`` sure that nothing covers the slot): two readers disagree (used 68090031,
    2,700 K: T1's disc gone under a brown canoe, named there by the slot reader, the fine
    reader 0.9987 sure it is gone). Over 1: no such check."""
    slot_look_mm: float = 14.0
    """With a table profile: each slot's middle, this far around its centre (inside a
    disc's rim, whose place and highlights move as discs move)..."""
    slot_look_gap_mm: float = 7.0
    """...and its half of the river towards each neighbouring position, where a canoe on
    its way from or to it lies (circles of this radius from the middle's edge to the
    midpoint; the canoes resting on the neighbour reach hardly past the midpoint; 0: the
    middles alone), are compared with how they looked at setup
    (:mod:`vision.stages.looks`)..."""
    slot_look_slack_mm: float = 2.0
    """...each pixel with the setup's within this much each way (the pose's error from
    photo to photo)..."""
    slot_look_distance: float = 0.15
    """...a pixel (features averaged over 3 x 3 pixels) is changed when it is further than
    this from every one of those..."""
    slot_look_same: float = 0.05
    """...and a slot with a smaller share of its middle, and of the river towards each
    neighbour, changed has nothing on it or on its way: no unseen canoe hides there, nor
    under something small in its zone. (Tuning, offset 4, 35-40 scenes a condition:
    slots with no canoe on the seven families' rivers changed 0-0.047 in their middles,
    on indigo's up to 0.07; slots with canoes 0.31 and 0.10 or more.)"""
    slot_look_explained_mm: float = 2.0
    """While a canoe of the game is seen nowhere, a slot whose middle or way to a
    neighbour changed since setup, by ``slot_look_changed`` of a region or more, other
    than on or within this of the canoes read (their blurred edges), may hide it: a blue
    canoe on a blue river in a shadow, darker than the riverbed a canoe colour is
    compared with, still changed the view there..."""
    slot_look_changed: float = 0.2
    """...this share of a region. (Tuning, offset 4, 100 scenes a condition: one more
    position unknown of 13,000; 0.1 cost 21. Reporting scene 33020079's L1: 0.33.) 0:
    off."""
    mottle_chroma: float = 0.3
    """A canoe read on a slot whose riverbed its colour is this close to in chroma (its
    brightness within the ground's range) may be the river's own darker mottle: that
    slot is unknown..."""
    mottle_gemless_chroma: float = 0.6
    """...and, where gems are read, one that showed neither its well nor a gem (its gem
    unknown) this close: a mottle has no well. (Tuning, indigo offset 5: mottles read as
    blue canoes lay 0.42-0.57 from the riverbed, all with their gem unknown.)..."""
    mottle_blurred_chroma: float = 0.4
    """...and, where gems are not read, any canoe this close, one that showed no well as
    close as ``mottle_gemless_chroma`` too (reporting 42030031 at 640x480: a dark patch of
    a blue river beside a yellow canoe read as a blue canoe 0.54 from the riverbed; tuning
    offset 4 cost 4 positions of 13,000, offset 7 none). (Tuning, indigo offsets 4 and 5:
    0.4 for every canoe took away 8 of 16 wrong readings, where 0.3 took away 4, but cost
    4 points of clear slots where the well tells.)"""
    canoe_margin: float = 0.1
    """A hull's colour must be nearer its canoe colour than any other by this, else unknown
    (of 2,200 hulls read on tuning scenes, 2 were nearer by less than 0.15, none by less
    than 0.1; a hull lit warmer, or blurred with its gem, drifts towards another colour)."""
    hull_glare_white: float = 0.15
    hull_glare_ratio: float = 3.0
    hull_glare_misfit: float = 10.0
    """A hull read as one colour that another colour in play (not Diamanten Joe's) fits
    better, scaled plus white light of ``hull_glare_white`` of the paper's white or more
    (:func:`vision.stages.canoes.glare_fit`), is unknown: a glare spot's white light
    washes a hull's chroma towards a paler colour's. Only where the colour read leaves
    ``hull_glare_misfit`` levels or more and ``hull_glare_ratio`` times what the other
    leaves. (Used 134050261: a red canoe at a glare spot's edge read brown, 23.1 levels
    off brown's best fit, 0.6 off red's plus 0.36 of white.) Over 1: no such check."""
    pair_ratio: float = 1.45
    pair_margin: float = 0.12
    """A hull blob this many canoes big (+- margin) cannot be told one from two: unknown."""
    shape_trim: float = 3.0
    """A blob's length and width are measured between these percentiles of its pixels
    (and 100 less it): a stray pixel does not make it longer."""
    shape_one_long: float = 1.3
    shape_one_wide: float = 1.5
    """A blob no longer and no wider than these many times one canoe (as seen there:
    measured along and across the river, a canoe turned a little is wider) is one canoe by
    its outline..."""
    shape_two_min: float = 1.6
    shape_two_max: float = 2.6
    """...one between these many times as wide (or as long), one canoe's length (or width)
    the other way, is two side by side (or end to end)."""
    colour_share: float = 0.76
    colour_share_blobs: int = 3
    """A canoe's colour keeps only part of its area (blurred edges, the light): in a
    frame with this many blobs or more that are one canoe by their outline, the median of
    their areas (in canoes) is that share, else this. Blobs of one colour are counted by
    their area over it..."""
    colour_pair_ratio: float = 1.49
    colour_pair_margin: float = 0.07
    """...a blob this many canoes big (+- margin) cannot be told one from two by its area
    (its outline may tell)..."""
    colour_heap_ratio: float = 3.4
    """...and one of this many canoes or more is a heap: unknown..."""
    colour_heap_whole: float = 2.3
    """...unless its outline says two canoes and its area is under this many whole canoes
    (not shares): two canoes side by side at low detail, the gap and blur between them
    their colour, keep far more than twice the share one keeps (used 78030038, 640x480:
    two green canoes on T4, 1.98 canoes, 4.1 shares, 'canoe count unclear'). 0: off."""
    pair_end_aspect: float = 2.5
    """A blob of one colour read as two canoes stands end to end only where it is at least
    this many times as long as it is wide (and longer than one canoe); else side by side:
    two canoes side by side, one a few millimetres ahead, are longer than one canoe but
    about twice as wide (used 76010035, parallax: two blue canoes on L1, 57 x 35 px, split
    end to end, both white gems missed). End to end is about five times, side by side
    under two. (0: by length alone.)"""
    split_settle: int = 10
    """A blob of one colour read as two canoes is split side by side or end to end; the
    two centres then move to the middles of the pixels nearer each, at most this many
    times (0: not at all), so two canoes overlapping askew are found where they stand."""
    pair_max_ratio: float = 2.6
    """A hull blob bigger than this many hulls is a heap: unknown."""
    foreign_other_share: float = 0.55
    """An object with more unclassified pixels than this share is foreign (a hand, a sleeve)."""
    beach_guard_px: float = 20.0
    """Changed pixels (mm^2) in the band around the beach that make the beach unknown."""
    beach_guard_blurred_mm: float = 5.0
    """Where gems are not read (a blurred view, under ``gem_min_detail``), a change in that
    band counts only where it spans a square this many mm a side (the band's whole width:
    3 to 8 mm from the beach), as a hand reaching onto the beach does; 0: a 3-pixel
    square, as elsewhere. At 640x480 a marker's white paper, a shadow's edge or the
    river's blue blurs a few mm into the band, and a pose a pixel off from the setup
    photo's shifts that strip: a thin line along the band, read as something crossing
    (used 113030029, 113030116, 113030148 at 640x480, lowres: the beach unknown, and with
    it a canoe too few for T2/T3 or L1/L2). On used 111, 112 and 113 (lowres and motion,
    300 scenes each) it mends 3, 2 and 8 clear positions, adds no wrong reading and
    changes no reading under motion blur (46 beaches there unknown for something
    crossing that band, as before)."""
    beach_edge_quiet: bool = True
    """With a table profile, where that band is unchanged: an object on the beach reaching
    its edge is not taken to cross it (a canoe laid at the edge, its end blurred, is read
    as a canoe; a hand reaching onto the beach changes the band)..."""
    beach_edge_blurred: bool = True
    """...where gems are not read too (a blurred view), if no second canoe colour can be
    read from the object (its pixels of any other colour than its most common, opened,
    under ``canoe_min_fraction_blurred`` of a canoe): there a canoe's end blurs into the
    land beyond the edge, and the blend of the two may look like another canoe colour
    (used 59030023 at 640x480: a red canoe's end over dark land read as a brown canoe;
    78030009: two red canoes laid at the beach's edge, the beach unknown)."""
    beach_dark_log: float = 0.75
    beach_dark_canoes: float = 1.0
    """Sand darker than the beach's median by this (log brightness) over at least this
    many canoes' area is a dark sleeve or a deep shadow over the beach, which can hide a
    canoe: the beach is unknown (on tuning scenes without a hand, at most 0.03 canoes' area
    is so dark; under a dark sleeve, 10)."""
    beach_faint_log: float = 0.08
    beach_faint_canoes: float = 3.0
    """With a table profile, while a canoe of the game is not seen: sand darker than at
    setup by this (log brightness) over at least this many canoes' area is a pale sleeve
    over the beach, which can hide canoes (hundred-and-third session, fresh 155110258,
    motion: a grey sleeve 0.1-0.15 darker than the sand over 5 canoes' area hid a blue and
    a brown canoe; the beach was read with the third alone). 0 canoes: off."""
    foreign_small_ratio: float = 1.3
    """A foreign object inside the slots' zones, not reaching in from outside, smaller
    than this share of a canoe's hull hides only the slots it lies on: a patch of the
    riverbed's mottle, a dropped gem, a canoe a glare spot half washes out. (Hands reach
    in from outside. Tuning: 0.5 and 1.0 read 8,327 and 8,331 of 8,593 clear positions
    of offset 4, glare-only offset 40 2,275 and 2,281 of 2,700, no wrong reading at
    either; 2.0 gained 2 more there, left for the larger objects' sake.) 1.3 since the
    hundred-and-first session: at 640x480 a canoe blurred with its gem and the riverbed
    around it, 1.04 and 1.11 of a hull and under half its colour, was taken for a hand
    and hid its neighbours too (used 149030022, 149030088); used offsets 146-149, 1,025
    scenes (470 at 640x480, every other condition 25 or more): no other reading
    changed."""
    foreign_small_colour_share: float = 1.01
    """...whatever share of it is canoe colour (over 1: any; a canoe on its way is carried
    in from outside, by a hand reaching in, so crosses a zone's edge): used 69050003, a
    red canoe a glare spot's halo left a third its colour, taken for a hand, hid the slot
    beside it and, as a canoe on its way, two more. (0.3, the share that makes an object
    crossing a zone's edge a canoe on its way, ``transit_canoe_share``, until the
    forty-second session. Used offsets 69 / 68 / 67, glare: +7 / +3 / +6 clear positions,
    0 / +1 / +1 exact frames, none lost, no wrong reading.)"""
    foreign_margin_mm: float = 14.0
    """Slots this close to a foreign object are reported unknown..."""
    glare_patch_share: float = 0.9
    """...except for one whose pixels are this share or more bright and neutral (a glare
    spot: static, it hides only the slots whose zones it lies over; on the beach, a canoe
    only while one of the game is seen nowhere), or a canoe-sized one alone in the zone of
    a slot a glare spot washes out (that canoe, its colour lost). (Tuning: washed-out
    canoes and glare patches, all highlight, made the slots beside them unknown in 19 of
    70 glare scenes, and the beach in 7.)"""
    edge_canoe_share: float = 0.9
    """An object crossing a zone's or the beach's edge is still a canoe when at least this
    share of it has a canoe colour (and it is no bigger than two canoes)..."""
    lean_canoe_share: float = 0.75
    """...or when it leans out the way parallax shifts a canoe's top there and this share
    of it is canoe colour or enclosed by it..."""
    lean_cos: float = 0.5
    """...(the direction from its middle to where it crosses within 60 degrees of the
    parallax shift's)..."""
    lean_min_px: float = 2.0
    """...the shift at least this long (mm: a camera tilted enough to lean canoes out)..."""
    lean_max_ratio: float = 2.6
    """...and it is no bigger than this many canoes (two side by side, with their sides)."""
    lean_sides: float = 2.0
    """...or no bigger than this many canoes as the tilt shows them: each its hull and
    its side, its length times the parallax shift there (used 62010031: two canoes on R2
    leaning out 11 mm, 3.2 canoes big, 0.79 canoe colour or enclosed by it, were taken for
    a hand). 0: ``lean_max_ratio`` alone."""
    lean_crowd_ratio: float = 3.6
    lean_crowd_sides: float = 3.0
    lean_crowd_share: float = 0.9
    """...or no bigger than this many (three on a slot, leaning out together under a steep
    tilt), or than ``lean_crowd_sides`` canoes as the tilt shows them (as ``lean_sides``;
    used 66010272: three canoes on T3 and two on T4 leaning out 8.7 mm, 3.9 canoes big,
    0.96 canoe colour or enclosed by it, were taken for a hand; 0: ``lean_crowd_ratio``
    alone), when this share of it is canoe colour or enclosed by it."""
    transit_canoe_share: float = 0.22
    """An object crossing a zone's edge that is not taken for a canoe (a hand) but has at
    least this share of canoe colour, and is no bigger than ``transit_max_ratio`` canoes,
    may be a canoe on its way between slots: the slots up and down the river from it are
    unknown too. (0.3 until the forty-third session: used 70120026, a red canoe with a
    violet gem three quarters of the way from T5 to L1 under dusk light, 0.26 of it canoe
    colour, taken for a hand at L1 alone, T5 read empty. Used 70 / 69 / 67, canoes
    between slots, motion blur, glare and clutter: that wrong reading gone, one clear
    position fewer on 69's glare, nothing else changed.)"""
    transit_max_ratio: float = 3.6
    """...that is, no bigger than this many canoes (one on its way, merged with the two
    on the slot it passes)..."""
    transit_crowd_ratio: float = 4.6
    transit_crowd_share: float = 0.7
    """...or no bigger than this many (merged with the three a slot it passes can hold)
    where this share of it is canoe colour (reporting 60120259: a brown canoe most of the
    way from T5 to L1 merged with the three on L1, 3.7 canoes big, 0.83 canoe colour, and
    T5 read empty; hands over canoes that big showed 0.33-0.49)..."""
    transit_max_halfwidth_mm: float = 13.5
    """...and no wider in its canoe colour than this: the largest circle inside its
    canoe-coloured pixels has at most this radius (mm). A canoe is 15 mm wide (7.5 mm),
    and canoes merged side by side keep their wells and edges between them (used offsets
    61-65, 1,500 scenes of canoes between slots: at most 11.6 mm, 63120278, three on T4
    and one on its way to T5; all others 8.6 mm or less); a palm the colour of a canoe
    (skin beside red, brown, yellow or Joe's wood) is wider (used 63-64 under motion blur:
    up to 22 mm, 32 of 137 such hands over 13.5 mm). Such a hand hides the slots it comes
    near, not those up and down the river from them (used 63110029: a palm read brown
    between T3 and T5 made T2, L1 and R1 unknown too)."""
    transit_reach_mm: float = 30.0
    """...the slot up or down the river from a slot it comes near, where it reaches at
    least this far (mm) from that slot's centre towards it: a canoe resting on a slot
    reaches half its length (20 mm) and a few mm more leaning under tilt or blurred,
    one on its way from or to the next slot the zone's edge (38 mm). Not while a glare
    spot washes a slot out: then every such neighbour. (Used offsets 57-58: 182 such
    neighbours reached under 30 mm, none of them read wrongly unmarked; the 8 canoes
    between T5 and L1 read off T5 unmarked reached 36.0-37.9 mm. Used offsets 50-51, 300
    scenes a condition: 65 / 96 more clear positions read right, and one wrong, 51050049,
    a canoe half washed out beside a washed-out slot, hence the exception.)"""
    transit_glare_apart: bool = True
    """...the exception only for a slot washed out apart from the object (not one it lies
    over): a hand's bright skin over a slot's riverbed looks washed out too (used
    84110028: a hand over T4 beside a yellow canoe on T5, L1 and R1 then unknown though
    it reached 20 mm towards them)."""
    max_canoes_per_slot: int = 3
    """More canoes than this on one slot do not fit its zone: the slot is unknown."""
    canoe_body_share: float = 0.6
    """Share of a canoe's length x width that shows its colour (hull less well and gem)."""
    canoe_hull_share: float = 0.95
    """Share of a canoe's length x width covered by its hull (wells and gems filled in)."""

    # Gems carried in canoes: the pixels near a canoe's top centre vote.
    gem_look_mm: float = 7.0
    """Radius (mm) around a canoe's top centre whose pixels vote for its gem or well."""
    empty_well_ratio: float = 0.62
    """A pixel of the hull's own colour darker than this share of the hull is the well..."""
    well_tolerance: float = 0.25
    """...when it is that far at most (relative to its brightness) from the hull's colour
    scaled down."""
    gem_cone_tolerance: float = 0.12
    """A pixel votes for a gem when a mix of that gem's colour and the hull's, each scaled,
    fits it this closely (relative to its brightness)..."""
    gem_share: float = 0.55
    """...the mix being at least this much gem..."""
    gem_mix_max: float = 1.5
    """...and, where it mixes both, the two scales adding up to at most this (blur mixes
    a gem with its hull, each lit about as the frame's hull and the gem's colour: a bright
    white gem on a brown hull is no blue gem at full strength plus the hull again;
    reporting 65000226). Infinite: no such limit."""
    gem_cone_ratio: float = 0.7
    """...and no other gem's mix fits it nearly as well (its misfit at most this share of
    the next best)."""
    gem_hull_chroma: float = 0.15
    """...and its chroma differs from the hull's by at least this (a hull lit brighter, or
    its lighter top, is no gem)."""
    gem_min_level: float = 0.7
    """...and it is at least this bright against the hull (gems are bright plastic; the
    well and shadows are dark)."""
    gem_dark_floor: float = 40.0
    """Misfits are relative to a pixel's brightness, but never to less than this (BGR
    length): noise in dark pixels is not taken for colour."""
    gem_min_votes: float = 0.25
    """A gem needs votes over this share of a gem's area..."""
    gem_vote_ratio: float = 3.0
    """...and this many times the votes of the next gem colour and the well together."""
    gem_near_hull_chroma: float = 0.5
    gem_near_hull_ratio: float = 5.0
    """A gem whose chroma is within this of the hull's (a blue gem in a blue canoe) needs
    this many times the votes of the next gem and the well together instead."""
    gem_hull_blend_ratio: float = 2.0
    """A gem not of the hull's colour whose edge blurs with the hull looks like a gem of
    the hull's colour there (a white gem in a blue canoe is light blue at its edge): the
    votes for gems within ``gem_near_hull_chroma`` of the hull count against it only as:
    it needs this many times them (and ``gem_vote_ratio`` times the other gems' and the
    well's together). (Tuning: white gems in blue canoes, 52-77 white votes against
    10-36 blue, 2.0-5.8 times, left 15 gems unknown; a blue gem in a blue canoe showed
    white at most 15 against 41-66 blue.)"""
    gem_mix_chroma: float = 0.2
    gem_mix_ends: float = 0.1
    """A gem colour whose chroma lies within ``gem_mix_chroma`` of the line from the
    leading gem's to the hull's, and not within ``gem_mix_ends`` of either end, is what
    the two blurred together look like (pink between a violet gem and a red hull)..."""
    gem_blend_source_share: float = 0.2
    gem_blend_detail: float = 1.0
    """...and the leading gem itself is no gem where it is such a blend of another gem
    that has this share of its votes or more and the hull: that gem blurred with the
    hull, its core the other's votes (used 70030144 at 640x480: a pink gem in a blue
    canoe, 51 violet votes and 13 pink, read violet; the gem is unknown), in a frame
    whose board millimetre spans under ``gem_blend_detail`` camera pixels (a 640x480
    frame: 0.6-0.8; 1280x720, 1.3-1.6, where a pink gem in a red canoe showed 27 pink
    votes and 7 violet, and a blue gem in a blue one 42 blue and 9 white, both right:
    used 70090103, 70090126. Used 70, 150 scenes a condition: that wrong reading gone,
    nothing else changed)..."""
    gem_mix_grey: float = 0.2
    """...a gem colour of less chroma than this (white) is never read by this rule (an
    empty well lit by a reflection is grey too: 25 white votes against a well of 16 in an
    empty brown canoe)..."""
    gem_mix_white_chroma: float = 0.2
    gem_mix_white_ratio: float = 2.0
    """...and is taken for such a blend only within this of the line, the leading gem
    then needing this many times its votes (a blue gem blurred with a yellow hull, colours
    opposite each other, is grey: 15-28 white votes against a blue gem's 32-70, 2.0-3.0
    times as many, left 20 gems of the tuning scenes unknown; a white gem in a green
    canoe at 640x480 showed pink fringes, 1.56 times its white; chroma 0: never)..."""
    gem_mix_ratio: float = 1.5
    """...its votes then count against the leading gem only as: the gem needs this many
    times them (and ``gem_vote_ratio`` times the other gems' and the well's)."""
    gem_min_detail: float = 0.7
    """Camera pixels per board millimetre (at the board's centre) below which gems are
    not read (unknown; an empty canoe still is, from its dark middle, ``well_max_gain``):
    an 11 mm gem is then a few pixels blurred into its hull, and the
    deposits' colours learned at setup with it (a 640x480 frame with the board filling
    less than about two thirds of it). At 0.6 a brown hull's lighter top, its well
    blurred away, was read as a yellow gem (tuning lowres offset 5; but see
    ``gem_faint_detail``)."""
    gem_faint_detail: float = 0.55
    """Camera pixels per board millimetre from which, under ``gem_min_detail``, the rules
    still name a gem their votes name, but none near its hull's colour
    (``gem_near_hull_chroma``), no white one (grey: what a gem and a hull of opposite
    colours blur to) and none between any other gem and the hull (``gem_mix_chroma``),
    whatever the votes (unknown, and no lean for another reader to agree with);
    everything else (Joe's gem rule, the readers after the rules) as where gems are not
    read. (0.7: never. Lowering ``gem_min_detail`` to 0.55 instead gained +26 exact
    frames of used 94 at 640x480 but read two gems wrongly, a yellow canoe's pink gem
    yellow and a blue canoe's pink violet, and lost 8 clear positions, Joe's gem rule
    leaving his patch unknown; so did a pair side by side in one mask without the pair
    rule, 91030033: a yellow canoe's violet gem beside another yellow canoe read pink.)
    Used offsets 91 / 92 / 94 at 640x480, 300 scenes each: +7 / +11 / +5 exact frames, no
    wrong reading; clear positions -2 / +2 / 0 (91030155: Joe on L1 and the beach, read
    by the counts before, unknown: a canoe of the game not seen)."""
    joe_needs_centre: bool = True
    """Diamanten Joe's canoe is read only where its middle shows a gem or the empty well
    (read even when gems are not reported, ``gem_min_detail``); otherwise its position is
    unknown: his pale wood is the colour nearest to many blends (a brown hull blurred with
    its gem, a pale reflection, another canoe's lit side)."""
    placed_joe_empty_unread: bool = True
    """...and where the counts then place his canoe there in a view that blurs a gem with
    his hull (under ``gem_blend_detail``), his gem is not read empty there after all
    (``gems_where_placed``; it stays unknown): his middle showed the rules no empty well
    (ninety-third session; used 137030017, 0.71 camera pixels a board millimetre: his
    pink gem read empty on T3; with more detail, used 137010062: read empty, rightly)."""
    joe_too_many_held: bool = True
    """Diamanten Joe's colour read as more than his one canoe on a slot (a yellow hull
    beside him blurred pale as his wood, at 640x480) leaves the slot unknown, but as a
    patch the game's counts may settle, as his colour without his canoe's middle: where
    he is seen nowhere else and every other position is read, he is there beside the
    canoes read there, his gem unknown (used 87030044, 87030081, 87030183: Joe beside a
    yellow canoe, "too many canoes" the only unknown). Whether the patch is on its way to
    the next slot is judged by its middle (its parts are no canoes end to end: judged by
    each, the blurred yellow end of one left a neighbour unknown, used 85030089). Used
    offsets 87 / 86 / 85 at 640x480: +2 / +2 / +1 clear positions, none lost, no wrong
    reading."""
    joe_beach_rest: bool = True
    """...and where the beach is unknown too (he never lands): his patch is his canoe while
    no other colour is then seen more often than it is in play; the canoes seen nowhere
    else are on the beach, read by the counts where every river slot is then read (used
    87030157, 87030016 at 640x480: Joe's colour without his canoe's middle on T3 and on
    R1, the beach's canoes "canoe count unclear"). Used offsets 87 / 86 / 85 at 640x480:
    +4 / 0 / 0 clear positions, no wrong reading; 84, 100 scenes of every condition with
    the other rules of that session: +3 clear positions, +2 exact frames, none lost."""
    canoe_same_middle: float = 0.25
    """Two colours read as canoes on one slot whose pixels' middles lie closer than this
    share of a canoe's width lie one around the other (canoes side by side lie a width
    apart): one is the other's blurred edge, or the other its gem, and the slot is
    unknown (colours of one canoe on the slot). (Tuning offset 4: two pairs 0.13 and 0.14
    apart, on slots unknown anyway, the others 0.49 and more, no figure changed at 0.35;
    reporting 43030006 at 640x480, a red canoe's dark edge read as a brown canoe around
    it: 0.04.) 0: off."""
    joe_other_ends: float = 0.1
    joe_other_ends_mm: float = 9.0
    """Diamanten Joe's colour is not read as his canoe where another canoe colour (not
    read as a canoe there) covers over this share of a canoe's colour area on his patch
    two pixels in from its edge, farther than this from its middle (where a gem lies):
    the middle of that colour's hull, blurred with its gem, its ends still its colour.
    (Along the patch's edge Joe's wood blends with the river into other colours: on
    tuning indigo, counted there too, they took ten true Joes, 38-71 px each.)"""
    joe_gem_well_ratio: float = 1.5
    """In Diamanten Joe's canoe a coloured gem needs votes over this many times the
    well's, and the white gem's votes do not count against it: his pale wood blended with
    a gem's edge is grey, which fits the white gem, and his well shows around a gem
    (other canoes: ``gem_vote_ratio`` against the next gem and the well together). Not
    where gems are not read (``gem_min_detail``): there a brown hull blurred with a blue
    gem is pale with a blue middle."""
    well_min_votes: float = 0.25
    """An empty well needs votes over this share of a well's area (12 x 7 mm)..."""
    well_own_gem_votes: float = 0.4
    well_own_gem_chroma: float = 0.55
    """...and over this share in a hull of about a gem's colour (its chroma within this
    of a gem's: blue, yellow, brown by yellow, Joe's by white), whose own-colour gem casts no vote
    and leaves a ring of the well showing around it (used 70080133: a yellow gem in a
    yellow canoe on T1, 20 well votes, need 16, read empty; empty wells showed 26 and
    more in 1,000 such canoes of offset 70. Used 70, 150 scenes a condition: that wrong
    reading gone, 2 exact frames fewer, at 640x480 and under glare; with
    ``gem_blend_source_share``, 69's 640x480, glare and parallax: 1, 1 and 0 fewer, no
    wrong reading)..."""
    well_gem_noise: float = 0.3
    """...and gem votes under this share of what a gem needs..."""
    shade_gem_votes: float = 0.7
    """A canoe whose middle is as dark as the well is empty only while its leading gem's
    votes are under this share of what a gem needs, else its gem is unknown: a small gem
    in a dark hull shades its middle too (hundred-and-second session, fresh 153040091: a
    red canoe's small yellow gem, 21 votes of the 23.8 a gem needs, read as the empty
    well). Used 150-152, 6 scenes of every condition (231 read): at 0.5 two gems and at
    0.7 one became unknown, no reading otherwise changed. Over 1: whatever the votes."""
    well_clear_ratio: float = 3.5
    """...or, with no gem's votes reaching what a gem needs, all gem votes together at
    most the well's divided by this (a brown hull's lighter top votes for yellow: 8-11
    votes against a well's 26-60 in the tuning scenes, where a gem filled its well: 1
    canoe in 940 showed a well's votes, and its gem had twice as many). 3.0 until the
    hundred-and-sixth session: fresh 161010147 (parallax), a yellow canoe's white gem
    among three canoes on L2, 21 white votes against the well's 67 (3.19 times), read
    empty. On used 152-156, 40 scenes of every condition (2,581 read), 3.5 changed no
    reading."""
    empty_needs_well: float = 0.25
    """A lone canoe whose votes for all gems together are what a gem needs
    (``gem_min_votes``) while under this share of what an empty well needs
    (``well_min_votes``) vote for the well is never read empty, whichever reader says
    so: it shows a gem, whichever gem that is (the votes counted in its colour's patch
    also where another reader placed it, :func:`vision.stages.canoes.gems_where_placed`;
    used 98030053 at 640x480: Diamanten Joe's canoe with a violet gem, placed by the
    learned slot reader, 21 pink votes, 2 white and 2 blue, 24 needed, none for the well;
    the fine gem reader 0.9996 sure it was empty). 0: off."""
    empty_gem_share: float = 0.75
    """...so too where the votes for all gems together are this share of what a gem needs
    (its gem unknown, no gem having what a gem needs): a dark gem blurred at 640x480 can
    fall short of a gem's votes while no well shows at all (hundred-and-sixth session;
    fresh 162030267: a red canoe's violet gem on T2, 19 pink votes of the 24 a gem needs
    and none for the well, both learned readers 0.997 sure it was empty). On used
    152-156, 40 scenes of every condition (2,581 read), no reading changed. Rendered and
    read with the Raspberry Pi's OpenCV 4.11 the same gem has 14 votes (0.58) and is
    still read empty. 0.5 (tried in the hundred-and-seventh session) catches it, but an
    empty brown hull's lighter top casts 14-16 yellow votes with no well: on used
    152-156 at 640x480, 80 scenes each (398 read), 3 right empty canoes became unknown,
    and the scene test of 98030053 a brown canoe's on the beach. Left at 0.75."""
    white_veto_share: float = 0.25
    """...nor white, whichever reader says so, where the leading gem of those votes is a
    coloured one with what a gem needs and white has under this share of its votes: a
    coloured gem blurred with a hull of the opposite hue is grey (used 97030083 at
    640x480: a brown canoe with a yellow gem on R1, 27 yellow votes and no white, the
    fine gem reader 0.99999 sure of white, the slot reader 0.9995 of yellow). 0: off."""
    well_max_gain: float = 0.75
    """A canoe's middle (within ``well_core_mm`` of its top centre) darker than its hull
    in every channel, each channel of its median at most this share of the hull's (both
    plus ``well_gain_floor``), is the empty well, also where the votes cannot tell (a
    blurred well at 640x480): gems are bright, and a gem of another colour raises a
    channel the hull lacks (a violet gem in a yellow canoe, blue). In the 640x480 tuning
    scenes (offsets 4 and 5, the eight tuning families: 2,096 empty canoes, 868 with a
    gem) empty canoes' middles reached 0.97 (a blue canoe; 9 in 10 under 0.77), gems'
    went down to 0.87 (a yellow gem in a yellow canoe; a violet one in Joe's, 0.94).
    Where the votes read a gem and the middle is this dark, the gem is unknown: a brown
    hull's lighter top was read as a yellow gem around a dark well (0.65-0.72)."""
    well_unraised_gain: float = 1.0
    """...or where no channel of the middle is above this share of the hull's and its
    brightest channel is at most ``well_max_gain`` of the hull's brightest: a grey well in
    a hull that all but lacks a channel (a brown hull's blue under 2,700 K, 33 levels of
    250, its well's 30: 0.94 in that channel, 0.52 brightest to brightest; used 94090062).
    A gem of another colour raises a channel over the hull's; one of the hull's colour
    keeps its brightness (a yellow gem in a yellow hull: 0.83 in every channel, 0.82
    brightest to brightest, used 94060084; the three channels summed, 0.71, read it
    empty). 0: never. Used offsets 94 / 92 under 2,700 K, red/brown, yellow on sand and at
    640x480: +2 / +1 exact frames (brown canoes on the beach under 2,700 K), nothing else
    read otherwise."""
    well_unraised_lacking: float = 0.4
    """...and where every channel the hull has (over this share of its brightest channel)
    is at most ``well_unraised_held_gain`` of the hull's: the channel the well leaves
    unraised is one the hull all but lacks (the brown hull's blue above: 0.3 of its red;
    on used offset 100, 150 scenes a condition, 11 of the 15 middles this clause read as
    the well were over ``well_max_gain`` only in such a channel, 0.12-0.26 of the
    hull's brightest)."""
    well_unraised_held_gain: float = 0.9
    """...(a dark gem keeps a channel of the hull's near its level: Diamanten Joe's violet
    gem's middle kept 0.98 of the blue of his pale wood, whose blue is 0.62 of its red,
    and was read as his empty well, used 102040190; the middles this clause read as the
    well on used offset 100, 150 scenes a condition, went up to 0.88 in such a channel,
    used 100090031 under 2,700 K). 1: as before. Used offsets
    100-102, 300 scenes a condition: that wrong reading gone, nothing else read
    otherwise."""
    well_core_mm: float = 3.3
    """...the middle: six tenths of a gem's radius, where a gem or the well shows whole
    (of the pixels the gem votes look at there: inside the hull)."""
    gem_core_unheld: bool = True
    """Where a canoe's hull mask leaves out its whole middle (a hull little apart from the
    ground, read in fragments), that middle is looked at as it is: only as dark as the
    well (``well_max_gain``) it says anything (an empty canoe); else the gem is unknown.
    (False: unknown. Used 92090053 at 2,700 K: an empty brown canoe on the sand, its well
    plain, its gem unknown. Used offsets 92, nine conditions, and 91 under 2,700 K, tilt,
    blue gems, yellow on sand and at 640x480: +2 / +3 exact frames, all under 2,700 K,
    nothing else read otherwise.)"""
    well_gain_floor: float = 10.0
    """...(balanced levels, white = 250): a channel the hull all but lacks (a yellow
    hull's blue) is not read as a gain from its few levels."""

    # Discs.
    disc_rim_threshold: float = 0.045
    """Relative rim contrast above which a disc is present."""
    disc_absent_threshold: float = 0.03
    """Rim contrast below which the slot is empty; between the two: unknown."""
    disc_min_visible: float = 0.15
    """Share of the rim that must be visible (not under canoes) to read the disc."""
    disc_absent_visible: float = 0.5
    """Share of the rim that must be visible, inside and out, to say there is no disc."""
    disc_rim_one_side: float = 0.06
    """Rim contrast needed where only the outside of the rim is visible (canoes cover the
    inside): a shadow's gradient can mimic a faint rim there."""
    disc_few_visible: float = 0.08
    disc_few_present: float = 0.5
    """With a table profile, where too little of the rim shows to judge it otherwise
    (canoes over most of the disc), a disc is present when at least this share of the rim
    shows inside and out, with a contrast at least this share of the discs' at setup.
    (Tuning, where 0.08-0.15 of the rim showed inside and out: 39 of 52 discs left unknown
    under canoes showed 0.5 or more; 117 slots without their disc, at most 0.29, in the
    tuning scenes and 412 scenes of a disc missing under two or three canoes. Where less
    than 0.08 showed, a slot without its disc reached 0.83.) Where this share shows
    inside and out with no rim there (``disc_learned_absent``), a rim beside the canoes'
    edges, outside only, is no disc either: unknown (reporting offset 22, two discs
    missing under two canoes read 0.062 and 0.071 beside them, -0.034 and -0.01
    between)."""
    disc_reference_contrast: float = 0.1
    """With a table profile, rim contrasts are judged as a share of the disc's contrast on
    that slot at setup, put on this scale (about a disc's contrast on the default board)."""
    disc_learned_present: float = 0.35
    """With a table profile: a rim contrast above this share of the discs' at setup (the
    median over the slots: discs move from slot to slot) is a disc."""
    disc_learned_absent: float = 0.15
    """With a table profile: a rim contrast below this share of the setup's is no disc."""
    disc_absent_outside: float = 1.0
    """No disc is read only where the rim's contrast, judged where only the riverbed
    outside it is seen too, stays under this share of a disc's (``disc_learned_present``,
    or ``disc_rim_threshold`` without a profile): reporting offset 21 at 640x480, a faint
    rim (0.05 at setup) under a canoe read 0.009 where both sides showed and 0.069 with
    the outside alone, and the disc was read absent."""
    disc_beyond_share: float = -0.5
    """A disc is present by its rim against both sides only where, at the median angle,
    the rim also stands out of the side nearer its own level by this share of the present
    threshold (negative: it may lie that far short of it): a steady gradient, the
    riverbed brightening outwards, is no rim, its "rim" between the two sides. (Reporting
    37020151, a wide lens: -0.89. Tuning: offset 7, 4 discs more unknown at -0.5, 11 at
    0; offset 4, none at -0.5. -inf: off.)"""
    disc_weak_rim: float = 1.3
    """...and, where its rim's contrast is under this share of the present threshold, only
    where the rim stands out of the nearer side at all (0 or more): a faint "rim" between
    the two sides is the riverbed's shading (used 76010069, parallax: T2's disc gone,
    1.07 of the threshold and -0.17 out of the nearer side, read present; on used offsets
    72 and 74, 11 discs read so were there, no disc read present that was gone). 0: off."""
    disc_faint_rim: float = 1.5
    """A disc read present by a rim seen inside and out under this share of the present
    threshold (a faint one) is asked of the fine disc reader (``disc_faint_doubt``)."""
    disc_faint_doubt: float = 0.01
    """...and is unknown where that reader gives a disc there less than this likelihood
    (0: off). Reporting 142100103 (clutter, T5 without its disc under a yellow canoe, the
    riverbed's mottle 1.23 of the threshold): 2e-9. Used offset 141, 150 scenes per
    condition: 231 discs read by a faint rim, all there, the reader 0.14 or more (99 % of
    them 0.91 or more)."""
    disc_white_band: float = 240.0
    """No "absent" where the rim band is this light or lighter (grey, 0-255) at the median
    angle: washed white by a glare spot, a light rim could not show (reporting 38050147:
    T5's band at 250 under a glare spot, its inside too, read absent)."""
    disc_other_arc: float = 0.35
    """No disc is read only where under this share of the angles seen inside and out show
    the rim band the other way from a disc's rim (lighter than both sides where the
    table's rims are dark), by more than no disc's contrast (``disc_learned_absent``): a
    disc's glossy highlight along its rim (reporting scene 34000235: 0.47 of the angles,
    beside a blue canoe on a blue river, read absent). Riverbed with no disc: at most 0.32
    on tuning offset 4 (127 discs read absent); 0.38 once on offset 7 (indigo and ink, 87
    read absent), now unknown."""
    disc_arcs: float = 0.6
    """...and where under this share of them show the rim band unlike both sides either
    way (the other way as above, or a disc's rim, ``disc_learned_present``): a rim looked
    for a little off its place is caught on one side of the disc and misses it, its inside
    lighter, on the other (reporting scenes 35060001 and 33120102: 0.72 and 0.68, a third
    of the angles each way, read absent under a brown canoe; riverbed with no disc: at
    most 0.47 on tuning offset 4 and 0.43 on offset 7)."""
    disc_own_faint: float = 0.35
    """With a table profile: a slot whose disc at setup showed less than this share of the
    discs' rim contrast there (the median over the slots, of its kind: dark or light) is
    never read as without a disc (reporting offset 21, a dusk table: at setup the discs'
    dark rims showed on T1-T4 and L2 and a light line on the other slots; R1's disc, its
    rim no darker than the river, then read absent)."""
    disc_offset_max_mm: float = 4.0
    """At setup, each slot's disc rim is looked for up to this far from where the layout
    and the pose put it (each way, in ``disc_offset_step_mm`` steps), and read there from
    then on: the pose from the corner markers is a few millimetres off in the middle of the
    board under a lens whose distortion is not calibrated, and a disc's own shadow lies on
    one side of its rim, while the rim band is under 2 mm wide (reporting offset 28, a
    glacier table at k1 -0.045: every disc's rim showed clearest 2-3 mm right of and below
    its slot's centre, and a disc under Joe's canoe, its rim then outside the band, read
    absent). 0: not looked for."""
    disc_offset_step_mm: float = 0.5
    disc_offset_local_mm: float = 1.0
    """...first one offset for the whole table (the slots' contrasts, each as a share of
    its clearest, summed: the lens's error and the lamp change slowly across the board),
    then each slot's own within this of it (each way). Each slot's own best anywhere fitted
    the mottle of a deep blue river too (tuning indigo: two discs under blue canoes then
    read absent; with the table's offset first, none, and 9 more clear positions right)."""
    disc_offset_tolerance: float = 0.1
    """...of the offsets whose rim contrast comes within this share of the clearest's,
    the nearest the table's (for the table's, the nearest the slot's centre) is kept: a
    rim's contrast is flat near its best."""
    disc_min_learned: float = 0.03
    """At setup, a slot shows no disc when its rim contrast (dark or light) is below this..."""
    disc_min_learned_share: float = 0.3
    disc_min_learned_floor: float = 0.015
    """...and below this share of the median slot's (rims are faint at a low resolution or
    on a pale board), or below this floor in any case (an empty slot's contrast is noise,
    under 0.01)."""
    ring_setup_chroma: float = 0.1
    ring_setup_log: float = 0.3
    """With a table profile, a slot's riverbed ring that differs from its own at setup by
    this chroma or log brightness (balanced to the markers' white, whatever the other
    slots did) may hide something: no "no disc" there, and while a canoe of the game is
    not seen, the slot is unknown."""
    ring_halo_share: float = 0.1
    """While a canoe of the game is seen nowhere, a slot whose riverbed ring is at least
    this share a glare spot's halo (pixels washed towards white) may hide it: the halo
    changes a canoe under it too, so that it can look like the river (reporting offset
    24: a blue canoe on a deep blue river beside a glare spot, brightened to the river's
    colour, a quarter of its ring halo; the other rings at most 1 %). Not while a
    position is unknown for what shows there (washed out, covered): the canoe more likely
    lies there (tuning scene 4050064: T1 washed out with a blue canoe, T2 in the halo)..."""
    ring_halo_chroma: float = 0.25
    """...when that canoe's colour, washed towards white (its chroma scaled towards grey),
    comes this close to the riverbed's chroma (that blue canoe: 0.10 from its deep blue
    river; the other colours of that table 0.58-0.66)."""
    halo_paler_chroma: float = 0.25
    """While a canoe of the game is seen nowhere, a canoe read on a slot under a glare
    spot's halo is unknown when that unseen colour, washed towards white, comes this close
    to the chroma of the colour read (reporting scene 34050086: a brown canoe in a halo read
    as Joe's wood, brown washing to 0.06 of it; yellow 0.11, red 0.19, blue and green
    0.31 of it on that table)."""
    halo_near_washed_mm: float = 65.0
    """While a canoe of the game is seen nowhere whose colour, washed towards white, is
    the riverbed's (``ring_halo_chroma``), a slot read empty within this of one a glare
    spot washes out is unknown: the spot's light falls off over it (reporting 61050193: a
    blue canoe on T4 beside washed-out T3 read as nothing there). 0: off."""
    halo_near_reader_empty: float = 0.99
    """...but not where the learned slot reader (with a table profile) is this sure that
    nothing covers the slot and that no canoe stands there: the canoe seen nowhere more
    likely lies under the spot itself (used 109050067: two blue canoes on washed-out T2
    and T3, T1 and T4 left for them, the reader 0.99999 sure both are empty; it sees the
    blue canoe of reporting 61050193 on T4, 0.9997 sure). Used offsets 109 / 110, glare,
    300 scenes each: +6 / +1 clear positions, none lost, no wrong reading; 109 motion
    and between: +1 / 0. Over 1: off."""
    halo_paler_near_mm: float = 100.0
    """...and so on a slot within this of one a glare spot washes out (the slots beside
    it, across the fork too: T5 to L1 and R1 is 94 mm; the spot's light falls off over
    them; reporting 39050239, a yellow canoe beside Joe's washed-out slot read as Joe's
    wood; 61050288, a brown canoe with a white gem on R1, T5 washed out, read as Joe's
    wood with his gem: 65 mm until the thirty-fourth session). 0: off."""
    disc_absent_ring_chroma: float = 0.08
    disc_absent_ring_log: float = 0.06
    """With a table profile, "no disc" is said only where the slot's riverbed ring differs
    from its ring at setup (less the change of all rings: the room's light) by less than
    this in chroma and in log brightness: a motion-blurred hand over a slot smears its disc's
    rim away and tints the riverbed (0.14-0.5 in chroma, 0.12-0.26 in brightness on the
    tuning scenes; an empty slot, under 0.04 and 0.01)."""
    disc_flat_outside: float = 0.04
    """Where only the outside is visible, "no rim" counts only at angles where the riverbed
    at 3.5 and 7 mm outside differs by less than this share (no shadow's gradient)."""

    # Weather.
    weather_token_dark: float = -0.35
    """The cloud marker is darker (log brightness) than the printed space by at least this."""
    weather_token_chroma: float = 0.2
    """...and about neutral: chroma below this."""
    weather_setup_dark: float = -0.1
    """At setup, the marker on 0 must be at least this much darker (log brightness) than
    its printed edge..."""
    weather_setup_gap: float = 0.3
    """...and darker than every other space by this (log brightness): a light grey marker,
    or one blurred at a low resolution, is still the one dark space."""
    weather_setup_margin: float = 0.1
    """...or, a marker as light as its printed edge (blurred at a low resolution), the
    darkness a reading asks of it (``weather_learned_dark`` of its own, and no lighter
    than its own) lies this much darker than every empty space's (log brightness; an
    empty space's centre is 0.15-0.35 lighter than its edge at 640x480, the marker's
    within 0.05 of its edge)."""
    weather_glare_white: float = 0.9
    """At setup, a marker not seen on a space 0 at least this share as bright as the
    markers' white paper is washed out by a glare spot: the refusal says to move the lamp."""
    weather_print_visible: float = 0.85
    """Share of a space's printed edge that must look like the print to read the space."""
    weather_partly_print: float = 0.7
    """With a table profile, a space with at least this share of its printed edge like the
    print, but under ``weather_print_visible``, holds the marker where it looks as at
    setup, it is the only such space, the marker is seen on no space whose edge shows
    whole and no space's edge is hidden more than this (its own rim hides some of its
    edge under a tilt; under 2,700 K every space's edge is less like the print's median:
    0.77-0.82 on the marker's space, 0.81-0.87 on empty ones, used 94090009, 94090081).
    1.0: never. Used offsets 94 / 92 (every condition / ten): the weather read in +9 / +1
    frames (8 / 1 under 2,700 K, one with a hand over the board), none lost, none
    wrong."""
    weather_setup_print: float = 0.7
    """At setup, the share of space 0's printed edge that must look like the print: less
    than for reading, since the marker on it hides some of its edge (a thick token seen
    under a tilt, or blurred at a low resolution; 0.74-0.81 in tuning photos refused
    before)."""
    weather_learned_dark: float = 0.5
    """With a table profile: the marker is a space at least this share as dark, against its
    printed edge, as the marker at setup."""
    weather_foreign_chroma: float = 0.15
    """With a table profile: a space whose printed edge shows whole, whose middle is not
    like the marker and lies this far (chroma) from an empty space's middle at setup, is
    covered, and the weather is not read (hundred-and-third session, used 153110017: a
    hand of the print's own chroma over the marker on 0, 0.24 from the print's middle,
    its sleeve's blurred edge darkening -1's middle, read as the marker). 0: off."""
    weather_print_spread: float = 0.06
    """At setup, the empty spaces' middles (chroma) are learned as the print's only where
    each lies within this of their median (a track printed alike; otherwise, or under a
    glare spot, ``weather_foreign_chroma`` does not apply)."""

    # Motion gating.
    motion_pixel_delta: int = 18
    """A grey level change above this makes a pixel moving."""
    motion_fraction: float = 0.004
    """A frame with more moving pixels than this share is moving."""
    still_frames: int = 5
    """This many quiet frames in a row make the view still."""
    motion_size: tuple[int, int] = (160, 90)
    """Size of the grey copy that motion is judged on."""

    canoe_bgr: dict[str, BGR] = field(default_factory=lambda: dict(DEFAULT_CANOE_BGR))
    """Canoe colours (the table profile's replace them)."""
    gem_bgr: dict[str, BGR] = field(default_factory=lambda: dict(DEFAULT_GEM_BGR))
    """Gem colours (the table profile's, learned from the deposits, replace them)."""
    ground_bgr: dict[str, BGR] = field(default_factory=lambda: dict(DEFAULT_GROUND_BGR))
    """The riverbed and the sand (the table profile's replace them)."""
