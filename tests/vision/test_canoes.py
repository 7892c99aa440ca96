"""The canoe stage's gem votes: all windows of a frame at once give exactly what one
window at a time gave (speed work must not change a reading); how votes become a gem;
where canoes in one patch may stand (two overlapping askew too), and another colour's ends
on Joe's."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision.config import VisionConfig
from vision.stages.canoes import (
    _chroma,
    _gem_table,
    _shaded,
    _votes,
    between_slots,
    canoes_at_ends,
    lit_like,
    other_ends,
    read_gems_of,
    settle_centres,
    split_centres,
)
from vision.stages.light import Light
from vision.stages.objects import Palette


def one_window(p: np.ndarray, hull: np.ndarray, gems: np.ndarray,
               config: VisionConfig) -> tuple[np.ndarray, int]:
    """The votes of one window as computed before they were batched (the reference)."""

    def norms(v: np.ndarray) -> np.ndarray:
        return np.sqrt(np.add.reduce(v * v, axis=-1))

    hull_chroma = _chroma(hull[None])
    norm = np.maximum(norms(p), config.gem_dark_floor)
    gg = np.einsum("mc,mc->m", gems, gems)
    hh = float(hull @ hull)
    gh = gems @ hull
    pg = p @ gems.T
    ph = p @ hull
    det = np.maximum(gg * hh - gh * gh, 1e-6)
    a = (pg * hh - ph[:, None] * gh) / det
    b = (ph[:, None] * gg - pg * gh) / det
    only_gem = b < 0
    a = np.where(only_gem, np.maximum(pg / gg, 0), a)
    b[only_gem] = 0.0
    only_hull = a < 0
    b = np.where(only_hull, np.maximum(ph[:, None] / hh, 0), b)
    a[only_hull] = 0.0
    fit = p[:, None, :] - a[..., None] * gems[None] - b[..., None] * hull[None, None]
    err = norms(fit) / norm[:, None]
    err[(a > 0) & (b > 0) & (a + b > config.gem_mix_max)] = np.inf
    gem_part = a * np.sqrt(gg)
    share = gem_part / np.maximum(gem_part + b * np.sqrt(hh), 1e-6)
    err[~(share >= config.gem_share)] = np.inf
    first = err.argmin(1)
    best = err.min(1)
    second = np.partition(err, 1, axis=1)[:, 1]
    unlike = norms(_chroma(p) - hull_chroma) >= config.gem_hull_chroma
    bright = p.sum(1) >= config.gem_min_level * float(hull.sum())
    vote = ((best < config.gem_cone_tolerance) & (best <= config.gem_cone_ratio * second)
            & unlike & bright)
    votes = np.bincount(first[vote], minlength=len(gems)).astype(np.float64)
    level = ph / hh
    off = norms(p - level[:, None] * hull[None]) / norm
    well = ~vote & (level < config.empty_well_ratio) & (off < config.well_tolerance)
    return votes, int(np.count_nonzero(well))


def test_votes_of_all_windows_equal_one_window_at_a_time() -> None:
    config = VisionConfig()
    _, gems, _ = _gem_table(config)
    rng = np.random.default_rng(20261122)
    parts, hulls = [], []
    for _ in range(40):
        hull = rng.uniform(15, 240, 3)
        n = int(rng.integers(1, 200))
        # Hull pixels lit differently, gem pixels blended into the hull, dark well pixels.
        kind = rng.integers(0, 3, n)
        gem = gems[rng.integers(0, len(gems), n)]
        mix = rng.uniform(0, 1, (n, 1))
        p = np.where(kind[:, None] == 0, hull * rng.uniform(0.8, 1.2, (n, 1)),
                     np.where(kind[:, None] == 1, mix * gem + (1 - mix) * hull,
                              hull * rng.uniform(0.1, 0.4, (n, 1))))
        p = np.clip(p + rng.normal(0, 6, (n, 3)), 0, 400).astype(np.float32).astype(np.float64)
        parts.append(p)
        hulls.append(np.asarray(hull, np.float32).astype(np.float64))
    votes, wells = _votes(parts, hulls, gems, config, [_chroma(h[None]) for h in hulls])
    assert votes.shape == (40, len(gems))
    for w, (p, hull) in enumerate(zip(parts, hulls, strict=True)):
        ref_votes, ref_well = one_window(p, hull, gems, config)
        assert np.array_equal(votes[w], ref_votes), w
        assert int(wells[w]) == ref_well, w
    # The windows are not trivial: some pixels vote for gems, some are the well.
    assert votes.sum() > 0 and wells.sum() > 0



def test_a_bright_white_gem_on_a_brown_hull_is_no_blue_gem_plus_the_hull():
    """Reporting scene 65000226 (used offset 65): a clear white gem in a brown canoe,
    balanced a little warm and bright (about (262, 262, 252) BGR, blurred into the hull at
    its edge), fits a blue gem at full strength plus the brown hull again (scales adding
    up to about 2) better than white, and two brown canoes were read carrying blue gems.
    A blur mixes the two, each about as lit as the frame shows them: with
    ``gem_mix_max`` such a mix is no fit, and those pixels vote white or not at all."""
    names, gems, _ = _gem_table(VisionConfig())
    hull = np.array([29.0, 96.0, 146.0])
    rng = np.random.default_rng(65000226)
    t = rng.uniform(0.85, 1.0, (80, 1))
    part = t * np.array([262.0, 262.0, 252.0]) + (1 - t) * hull + rng.normal(0, 4, (80, 3))

    def votes(config: VisionConfig) -> dict[str, float]:
        got, _ = _votes([part], [hull], gems, config, [_chroma(hull[None])])
        return dict(zip(names, got[0].tolist(), strict=True))
    before, now = votes(VisionConfig(gem_mix_max=float("inf"))), votes(VisionConfig())
    assert before["blue"] >= 10 and now["blue"] == 0
    assert now["white"] >= before["white"] and sum(now.values()) == now["white"]


def test_a_gem_blurred_with_its_hull_is_read_against_the_well_and_its_blend():
    """Seeded tuning scene 5000013 (ink art): both red canoes carry a violet gem. Blurred
    with the red hull, a violet gem's edge is pink, and the well shows around it: 45
    violet votes against 11 pink and 11 of the well, under the 3x the next gem and the
    well together asked, left both gems unknown. A gem colour between the leading gem and
    the hull (pink; never white) and the well now count against it only as 1.5x
    (``gem_mix_ratio``); the frame is read with no wrong position, both gems violet."""
    from companion.state import Canoe
    from vision.synth import SceneConfig, ground_truth

    from .test_wrong_readings import game, read, wrong

    state = game(["blue", "green", "red"], {
        "blue": (Canoe("T1"), Canoe("T5", "blue")),
        "green": (Canoe("L2", "white"), Canoe("beach")),
        "red": (Canoe("R2", "violet"), Canoe("T4", "violet"))}, None, weather=0)
    scene = SceneConfig.varied(5000013, family="ink")
    # (the rules alone: the learned readers name gems the rules leave unknown)
    before = read(state, scene, 5000013, (1280, 720),
                  VisionConfig(gem_mix_ratio=1e9, learned_confidence=2.0, disc_confidence=2.0))
    assert {c.gem for c in before.canoes if c.colour == "red"} == {"unknown"}
    seen = read(state, scene, 5000013, (1280, 720))
    assert wrong(seen, ground_truth(state)) == []
    assert [c.gem for c in seen.canoes_at("T4")] == ["violet"]
    assert [c.gem for c in seen.canoes_at("R2")] == ["violet"]


def gem_votes(**given: float) -> np.ndarray:
    """Votes per gem colour in the gem table's order (the colours not given: none)."""
    return np.array([given.get(n, 0.0) for n in _gem_table(VisionConfig())[0]])


def test_the_blend_rule_reads_a_coloured_gem_never_a_white_one() -> None:
    """The votes seen in two canoes: a violet gem in a red hull (45 violet, 11 pink, 11
    of the well) is violet by the blend rule; an empty brown canoe lit by a reflection
    (25 white, 6 yellow, a well of 16; reporting offset 15, lens scene 236) is not white
    by it (it was: a wrong reading), though white leads by 3x the other gems and 1.5x the
    well."""
    from vision.stages.canoes import _mix_clear

    config = VisionConfig()
    names, _, gem_chroma = _gem_table(config)
    red = _chroma(np.array([[38.0, 38.0, 192.0]]))[0]
    v = gem_votes(violet=45, pink=11)
    assert _mix_clear(v, np.argsort(v)[::-1], 11, gem_chroma, red, config)
    brown = _chroma(np.array([[50.0, 65.0, 114.0]]))[0]
    v = gem_votes(white=25, yellow=6)
    order = np.argsort(v)[::-1]
    assert names[int(order[0])] == "white"
    assert not _mix_clear(v, order, 16, gem_chroma, brown, config)
    assert _mix_clear(v, order, 16, gem_chroma, brown, VisionConfig(gem_mix_grey=0.0))


def test_grey_between_a_gem_and_a_hull_of_opposite_colours_is_their_blend() -> None:
    """Votes seen in three canoes (tuning offsets 4 and 5): a blue gem in a yellow canoe
    (57 blue, 23 white: grey is what the two blur to) is blue; with white never a blend
    (``gem_mix_white_chroma`` 0) it is not. A white gem in a green canoe at 640x480 with
    pink fringes (42 pink, 27 white: pink and green lie opposite too) is not pink, as pink
    has not twice white's votes (``gem_mix_white_ratio``). In Diamanten Joe's pale canoe
    grey is never a blend (``white_blend``)."""
    from vision.stages.canoes import _mix_clear

    config = VisionConfig()
    _, _, gem_chroma = _gem_table(config)
    yellow = _chroma(np.array([[30.0, 200.0, 220.0]]))[0]
    v = gem_votes(blue=57, white=23)
    order = np.argsort(v)[::-1]
    assert _mix_clear(v, order, 0, gem_chroma, yellow, config)
    assert not _mix_clear(v, order, 0, gem_chroma, yellow, VisionConfig(gem_mix_white_chroma=0.0))
    assert not _mix_clear(v, order, 0, gem_chroma, yellow, config, white_blend=False)
    green = _chroma(np.array([[60.0, 160.0, 40.0]]))[0]
    v = gem_votes(pink=42, white=27)
    assert not _mix_clear(v, np.argsort(v)[::-1], 0, gem_chroma, green, config)


def test_a_gems_edge_blurred_with_its_hull_counts_against_it_only_as_a_blend() -> None:
    """A white gem in a blue canoe (tuning offset 5, scene 5000022: 55 white, 27 blue,
    the gem's edge blurred with the hull) is white by ``gem_hull_blend_ratio`` (2x the
    blue votes), not by the main rule (3x); a blue gem's own votes in a blue canoe do
    not make another gem of it."""
    from vision.stages.canoes import _hull_lit

    config = VisionConfig()
    names, _, gem_chroma = _gem_table(config)
    blue = _chroma(np.array([[190.0, 90.0, 40.0]]))[0]
    v = gem_votes(white=55, blue=27)
    order = np.argsort(v)[::-1]
    assert names[int(order[0])] == "white" and v.max() < 3 * 27
    assert _hull_lit(v, order, 0, gem_chroma, blue, config)
    assert not _hull_lit(v, order, 0, gem_chroma, blue, VisionConfig(gem_hull_blend_ratio=2.5))
    assert not _hull_lit(v, order, 20, gem_chroma, blue, config)  # a well beside it


def test_a_patch_longer_than_a_canoe_gives_where_two_end_to_end_would_stand() -> None:
    """Half a canoe in from either end of the patch, along the river; a patch no longer
    than one canoe gives none (its middle is where its one canoe stands)."""
    blob = np.zeros((20, 70), bool)
    blob[5:15, 2:62] = True  # 60 px along x, from x=102 to x=161 in the frame
    ends = canoes_at_ends(blob, np.array([1.0, 0.0], np.float32), (131.5, 59.5), (100, 50), 40)
    assert [(round(x, 1), round(y, 1)) for x, y in ends] == [(141.0, 59.5), (122.0, 59.5)]
    short = np.zeros((20, 70), bool)
    short[5:15, 10:48] = True
    assert canoes_at_ends(short, np.array([1.0, 0.0], np.float32), (128.5, 59.5), (100, 50),
                          40) == []


def test_another_colour_on_joes_patch_counts_away_from_its_middle_only() -> None:
    """A yellow gem in Joe's well lies at his middle and does not count, nor does a fringe
    along his patch's edge (his wood blended with the river); yellow ends inside his
    patch do, unless a yellow canoe is read at that position."""
    palette = Palette.of({"yellow": (40, 200, 230), "joe": (150, 180, 220)},
                         ["yellow", "joe"], 1.0)
    w = 200
    closed = np.zeros((20, 60), np.uint8)
    closed[5:15, 5:55] = 1
    blob = ("T4", "joe", 3, 100, 40, closed, closed)

    def at(xs: range) -> np.ndarray:
        ys, xx = np.meshgrid(np.arange(48, 52), np.array(xs))
        return ((ys + 0) * w + xx).ravel().astype(np.intp)

    gem = {(3, 0): at(range(128, 132))}
    assert other_ends(blob, [(30.0, 10.0)], gem, palette, w, set(), 9.0) == 0
    ends = {(3, 0): np.concatenate([at(range(108, 115)), at(range(145, 152))])}
    assert other_ends(blob, [(30.0, 10.0)], ends, palette, w, set(), 9.0) == 56
    assert other_ends(blob, [(30.0, 10.0)], ends, palette, w, {"yellow"}, 9.0) == 0
    fringe = {(3, 0): np.concatenate([at(range(104, 106)), at(range(154, 156))])}
    assert other_ends(blob, [(30.0, 10.0)], fringe, palette, w, set(), 9.0) == 0
    elsewhere = {(4, 0): ends[3, 0]}
    assert other_ends(blob, [(30.0, 10.0)], elsewhere, palette, w, set(), 9.0) == 0


def hulls(*centres: tuple[int, int]) -> np.ndarray:
    """A mask of canoe-shaped hulls (40 x 14 px, along x) at ``centres``."""
    mask = np.zeros((60, 80), np.uint8)
    for c in centres:
        cv2.ellipse(mask, c, (20, 7), 0, 0, 360, 1, -1)
    return mask


def off_by(got: list[tuple[float, float]] | None, want: list[tuple[int, int]]) -> float:
    """How far the worse of two centres found is from the nearer one wanted (px)."""
    assert got is not None and len(got) == 2
    return max(min(float(np.hypot(x - a, y - b)) for a, b in want) for x, y in got)


def test_two_canoes_overlapping_askew_are_found_where_they_stand() -> None:
    """Reporting scene 36120156: a canoe caught between two slots lay across the corner of
    the one on the next slot, one patch two canoes big. Split down the middle of its
    outline, both halves were at the next slot; settled on the pixels nearer each, each
    centre is where its canoe stands. Pairs side by side or end to end keep theirs."""
    def stand(pair: list[tuple[int, int]], rounds: int) -> list[tuple[float, float]]:
        mask = hulls(*pair)
        two = split_centres(mask, 2, 40.0)
        assert two is not None
        return settle_centres(mask > 0, two, rounds)

    askew = [(30, 34), (46, 24)]
    assert off_by(stand(askew, 0), askew) > 8
    assert off_by(stand(askew, 10), askew) < 4
    for pair in ([(30, 22), (30, 37)], [(20, 30), (58, 30)]):
        assert off_by(stand(pair, 10), pair) < 1


def test_a_canoe_beside_its_slot_across_the_river_is_not_between_it_and_the_next() -> None:
    """Three slots 60 mm apart along a river, 1 px a mm. A canoe standing 6 mm along and
    20 mm across from T1 is 37 mm nearer T1 than T2, under the 38 mm of a patch's end
    (``canoe_between_ends_mm``): by the distances alone it is between them. Along the
    river it is 6 mm on, not the 11 mm halfway to that margin: it is on T1. One 12 mm on
    along the river itself is between them either way."""
    xy = np.array([[0, 0], [60, 0], [120, 0]], np.float32)
    config = VisionConfig()
    beside, on_line = (6.0, 20.0), (12.0, 0.0)
    assert between_slots(beside, xy, 1.0, replace(config, between_along=False), 38.0) == [
        "T1", "T2"]
    assert between_slots(beside, xy, 1.0, config, 38.0) == []
    assert between_slots(on_line, xy, 1.0, config, 38.0) == ["T1", "T2"]
    # (Turned and scaled the same: 2 px a mm, the river running down the picture.)
    turn = np.array([[0, 0], [0, 120], [0, 240]], np.float32)
    assert between_slots((40.0, 12.0), turn, 2.0, config, 38.0) == []
    assert between_slots((0.0, 24.0), turn, 2.0, config, 38.0) == ["T1", "T2"]


def _fragmented_canoe(middle: tuple[int, int, int]) -> tuple[np.ndarray, np.ndarray]:
    """A brown canoe on pale sand whose hull mask kept only its two ends (a hull little
    apart from the ground, read in fragments): the view and that mask, centre (40, 30)."""
    view = np.full((60, 80, 3), (150, 180, 200), np.uint8)
    cv2.ellipse(view, (40, 30), (20, 7), 0, 0, 360, (50, 90, 130), -1)
    cv2.circle(view, (40, 30), 4, middle, -1)
    ys, xs = np.mgrid[:60, :80]
    hull = np.all(view == (50, 90, 130), axis=2)
    mask = hull & ((xs - 40) ** 2 + (ys - 30) ** 2 > 9 ** 2)
    return view, mask


def test_a_canoe_whose_mask_leaves_out_its_middle_is_read_empty_from_a_dark_well():
    """Seen on used 92090053 (2,700 K): an empty brown canoe on the beach, its well
    plain, its gem unknown: the hull's mask held no pixel near its middle, so nothing
    was looked at there. Its middle is now looked at as it is (``gem_core_unheld``):
    as dark as the well, the canoe is empty; a gem there is still unknown (the votes
    are not asked without the hull round it)."""
    light = Light(np.array([[250.0] * 3, [0.0] * 3, [0.0] * 3]))
    config = VisionConfig()

    def gem(middle: tuple[int, int, int], cfg: VisionConfig) -> str | None:
        view, mask = _fragmented_canoe(middle)
        (carried, _), = read_gems_of(view, light, [(mask, [(40.0, 30.0)], (0, 0), mask)],
                                     cfg)
        return carried[0]

    assert gem((15, 25, 35), config) is None
    assert gem((15, 25, 35), replace(config, gem_core_unheld=False)) == "unknown"
    assert gem((200, 120, 230), config) == "unknown"  # a pink gem: no well


def test_a_grey_well_in_a_hull_that_all_but_lacks_a_channel_is_the_well():
    """Seen on used 94090062 (2,700 K): an empty brown canoe on the beach, its well plain,
    its gem unknown: the hull's blue (33 of 250) no higher than the grey well's (30), so
    not every channel of the middle was darker by ``well_max_gain``. With no channel
    raised and the brightest channel half the hull's, it is the well
    (``well_unraised_gain``); a gem of the hull's colour keeps its brightness, one of
    another colour raises a channel."""
    config = VisionConfig()
    brown, yellow = np.array([33.0, 64.0, 110.0]), np.array([52.0, 227.0, 255.0])
    well = np.array([30.0, 42.0, 57.0])
    assert _shaded(well, brown, config)
    assert not _shaded(well, brown, replace(config, well_unraised_gain=0.0))
    assert not _shaded(np.array([33.0, 134.0, 210.0]), yellow, config)  # a yellow gem
    assert not _shaded(np.array([60.0, 40.0, 70.0]), brown, config)  # a violet gem's blue
    assert _shaded(np.array([20.0, 60.0, 70.0]), yellow, config)  # a well in a yellow hull


def test_a_dark_gem_raising_a_channel_the_hull_has_is_not_the_well():
    """Seen on used 102040190 (a covered marker, 1280x720): Diamanten Joe's violet gem on
    T1 read as his empty well. Its median (balanced BGR 142, 79, 130 in his pale wood of
    145, 185, 232) is darker than the hull brightest to brightest (0.63), and its blue
    0.98 of the hull's, under ``well_unraised_gain``: the clause for a channel the hull
    all but lacks took it. His wood has blue (0.62 of its brightest channel): a channel
    the hull has (over ``well_unraised_lacking`` of its brightest) kept at 0.98 of its
    level is a gem's, not a well's (``well_unraised_held_gain``)."""
    config = VisionConfig()
    joe, violet = np.array([145.1, 184.7, 232.2]), np.array([141.9, 78.5, 129.5])
    assert not _shaded(violet, joe, config)
    assert _shaded(violet, joe, replace(config, well_unraised_held_gain=1.0))
    assert _shaded(np.array([70.0, 90.0, 110.0]), joe, config)  # his well: 0.5 each
    # A yellow hull's blue (0.46 of its brightest) at 0.76 under a glare spot's halo, the
    # other channels at 0.61 and 0.65: still the well (used 102050257).
    yellow = np.array([128.3, 272.9, 276.9])
    assert _shaded(np.array([95.1, 162.1, 176.0]), yellow, config)


def _whole_canoe(hull: tuple[int, int, int], gem: tuple[int, int, int]
                 ) -> tuple[np.ndarray, np.ndarray]:
    """A canoe on pale sand with a gem in its middle: the view and the hull's mask,
    centre (40, 30)."""
    view = np.full((60, 80, 3), (150, 180, 200), np.uint8)
    cv2.ellipse(view, (40, 30), (20, 7), 0, 0, 360, hull, -1)
    mask = np.all(view == hull, axis=2)
    cv2.circle(view, (40, 30), 5, gem, -1)
    return view, mask


def test_in_a_faint_frame_a_gem_like_its_hull_or_a_blend_with_it_is_not_named():
    """Under ``gem_min_detail`` the rules name a gem only from ``gem_faint_detail``
    camera pixels a millimetre, and then not one near the hull's own colour nor between
    another gem and the hull (used 94030075 and 94030198 at 640x480: a yellow canoe's
    pink gem leaning yellow, a blue canoe's pink gem read violet, once gems were read
    there; used 92030172, a yellow canoe's blue gem read white), nor one of a pair in one
    mask: unknown, and no lean for another reader to agree with."""
    light = Light(np.array([[250.0] * 3, [0.0] * 3, [0.0] * 3]))
    config = VisionConfig()
    hulls, gems = config.canoe_bgr, config.gem_bgr

    def gem(hull: str, carried: str, faint: bool) -> tuple[str | None, str | None]:
        view, mask = _whole_canoe(hulls[hull], gems[carried])
        leans: list[list[str | None]] = []
        (got, _), = read_gems_of(view, light, [(mask, [(40.0, 30.0)], (0, 0), mask)],
                                 config, leans=leans, faint=faint)
        return got[0], leans[0][0]

    assert gem("blue", "blue", False) == ("blue", "blue")
    assert gem("blue", "blue", True) == ("unknown", "unknown")  # its hull's own colour
    assert gem("red", "pink", False) == ("pink", "pink")
    assert gem("red", "pink", True) == ("unknown", "unknown")  # between violet and red
    assert gem("green", "pink", True) == ("pink", "pink")
    assert gem("green", "white", False) == ("white", "white")
    assert gem("green", "white", True) == ("unknown", "unknown")  # grey: any blend

    # A pair side by side in one mask: the other's hull blurs into each gem (used
    # 91030033: a yellow canoe's violet gem beside another yellow canoe read pink).
    view = np.full((60, 80, 3), (150, 180, 200), np.uint8)
    for y in (23, 37):
        cv2.ellipse(view, (40, y), (20, 7), 0, 0, 360, hulls["green"], -1)
    mask = np.all(view == hulls["green"], axis=2)
    for y in (23, 37):
        cv2.circle(view, (40, y), 5, gems["pink"], -1)
    pair = [(mask, [(40.0, 23.0), (40.0, 37.0)], (0, 0), mask)]
    assert read_gems_of(view, light, pair, config)[0][0] == ["pink", "pink"]
    assert read_gems_of(view, light, pair, config, faint=True)[0][0] == ["unknown", "unknown"]
    assert gem("green", "yellow", True) == ("yellow", "yellow")


def test_a_hull_another_colour_fits_under_white_light_is_that_colour_lit():
    """A red canoe at a glare spot's edge (used 134050261: its hull 122, 126, 251) is red
    scaled plus a third of white, 23 levels off brown's best fit: read as brown, it may be
    the red one lit. A brown hull as learned is brown; Diamanten Joe's pale wood is never
    the other colour; over 1, no such check."""
    config = VisionConfig()
    bgr = {"red": (33, 37, 160), "brown": (42, 59, 109), "joe": (122, 170, 206)}
    palette = Palette.of(bgr, ["red", "brown", "joe"], config.brightness_weight)
    lit = np.array([122.0, 126.0, 251.0])
    assert lit_like(lit, "brown", palette, config) == "red"
    assert lit_like(lit, "red", palette, config) is None
    assert lit_like(np.array([43.0, 63.0, 118.0]), "brown", palette, config) is None
    assert lit_like(lit, "brown", palette, replace(config, hull_glare_white=2.0)) is None
    assert lit_like(lit, "brown", Palette.of({"brown": bgr["brown"], "joe": (122, 126, 251)},
                                             ["brown", "joe"], 1.0), config) is None
