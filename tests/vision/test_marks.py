"""The board's own print inside the slot zones (banks of a narrow river), learned at
setup: read as ground, not as a hand; a hand over it is still a hand. And a pale river's
shadows, no glare."""

import json
from dataclasses import replace

import numpy as np
import pytest

from companion.board import LOST, SLOTS
from companion.state import Canoe, new_game
from vision.detector import Detector, canoes_in_play
from vision.profile import ProfileError, SetupError, TableProfile, learn_profile
from vision.synth import Hand, SceneConfig, ground_truth, render

from .test_wrong_readings import game, wrong

STATE = game(["red", "blue", "yellow"], {
    "red": (Canoe("T2", "white"), Canoe("beach")), "blue": (Canoe("L1"), Canoe("R2", "yellow")),
    "yellow": (Canoe("T4"), Canoe("beach"))}, None, weather=1)
# A pale board of the tuning family "chalk" whose river is narrower than the slot zones.
SCENE = SceneConfig.varied(5000054, family="chalk")


@pytest.fixture(scope="module")
def profile():
    setup = render(new_game(STATE.players), seed=5000054, scene=SCENE)
    return learn_profile(setup, STATE.players)


def read(profile, scene=SCENE, rules_only=False):
    det = Detector()
    det.use_profile(profile)
    if rules_only:  # (the learned reader, asked under a hand too, reads past the banks)
        det.config = replace(det.config, learned_confidence=2.0)
    return det.analyse(render(STATE, seed=5000055, scene=scene),
                       in_play=canoes_in_play(STATE))


def test_banks_inside_narrow_slot_zones_are_print_not_a_hand(profile):
    assert profile.look.marks is not None and len(profile.look.marks) > 500
    seen = read(profile)
    assert seen.unknown == () and wrong(seen, ground_truth(STATE)) == []
    # The same table without its marks: the banks cross the zones' edges like a hand (to
    # the rules; the learned reader sees no hand over the slots and reads them).
    blind = replace(profile, look=replace(profile.look, marks=None))
    assert len(read(blind, rules_only=True).unknown) >= 4
    seen = read(blind)
    assert len(seen.unknown) < 4 and wrong(seen, ground_truth(STATE)) == []


def test_a_hand_over_a_bank_is_still_a_hand(profile):
    """Fingertips over L1's bank only (the slot's middle is free): L1 unknown."""
    hand = Hand(start=(460.0, -150.0), end=(466.0, 60.0), width_mm=70.0)
    seen = read(profile, replace(SCENE, hands=(hand,)))
    assert "L1" in seen.unknown
    assert wrong(seen, ground_truth(STATE)) == []


def test_a_hand_in_a_slot_zone_at_setup_is_refused_not_learned_as_print():
    hand = Hand(start=(460.0, -150.0), end=(462.0, 95.0), width_mm=70.0)
    setup = render(new_game(STATE.players), seed=5000054, scene=replace(SCENE, hands=(hand,)))
    with pytest.raises(SetupError, match="L1"):
        learn_profile(setup, STATE.players)


def test_marks_round_trip_and_bad_marks_are_refused(profile):
    data = json.loads(json.dumps(profile.to_json()))
    again = TableProfile.from_json(data)
    assert again.look.marks is not None
    assert np.array_equal(again.look.marks.idx, profile.look.marks.idx)
    assert np.allclose(again.look.marks.feats, profile.look.marks.feats, atol=5e-4)
    # A profile learned before marks existed reads without them.
    assert TableProfile.from_json({**data, "river_marks": None}).look.marks is None
    # The sand's light per cell at setup (null where canoes covered a whole cell).
    levels = profile.look.sand_levels
    assert levels is not None and np.isnan(levels).any() and np.isfinite(levels).sum() > 100
    assert np.allclose(again.look.sand_levels, levels, atol=5e-4, equal_nan=True)
    assert again.look.glare is not None and not again.look.glare.any()
    glared = TableProfile.from_json({**data, "glare_at_setup": ["T3"]}).look.glare
    assert glared is not None and glared.tolist() == [s == "T3" for s in SLOTS]
    with pytest.raises(ProfileError, match="glare_at_setup"):
        TableProfile.from_json({**data, "glare_at_setup": ["T9"]})
    for bad in ("dark", [0.1, "x"], [0.1, float("inf")]):
        with pytest.raises(ProfileError, match="sand_levels"):
            TableProfile.from_json({**data, "sand_levels": bad})
    for bad in ({"shape": [300], "idx": [], "feats": []},
                {"shape": [300, 600], "idx": [180_000], "feats": [[0, 0, 0]]},
                {"shape": [300, 600], "idx": [1, 2], "feats": [[0, 0, 0]]},
                {"shape": [300, 600], "idx": [1], "feats": [[0, "x", 0]]},
                [1, 2]):
        with pytest.raises(ProfileError):
            TableProfile.from_json({**data, "river_marks": bad})


@pytest.mark.parametrize("seed", [5000003, 5000012])
def test_a_tinted_shadow_on_a_pale_river_is_no_glare(seed):
    """On a pale chalk river, the river's colour and white light are nearly one direction:
    a slot in a slightly tinted shadow fitted "less river plus white" and was read as
    washed out by glare (unknown). Glare adds light: a darker slot is none."""
    scene = SceneConfig.varied(seed, family="chalk")
    det = Detector()
    det.use_profile(learn_profile(render(new_game(STATE.players), seed=seed, scene=scene),
                                  STATE.players))
    seen = det.analyse(render(STATE, seed=seed + 1, scene=scene), in_play=canoes_in_play(STATE))
    assert seen.unknown == () and wrong(seen, ground_truth(STATE)) == []


def test_slots_as_at_setup_are_not_washed_out_when_shadows_move_the_median_ring():
    """A pale chalk board under a 21 degree tilt, shadows over the right arms: against the
    median ring the T slots fit "river plus white light" (glare), at setup and now. T3
    and T4 were not washed out at setup and their rings have not changed: they are read
    (T1 and T2, taken for glare at setup too, stay unknown: no exemption learned)."""
    state = game(["brown", "red", "yellow", "blue", "green"], {
        "brown": (Canoe("T4", "violet"), Canoe("beach")), "red": (Canoe("R1", "pink"), Canoe("T4")),
        "yellow": (Canoe("R2", "white"), Canoe(LOST)), "blue": (Canoe("T4", "yellow"), Canoe(LOST)),
        "green": (Canoe("R1"), Canoe("T5", "blue"))}, None, weather=0)
    scene = replace(SceneConfig.varied(5010025, family="chalk"), tilt_deg=21.457100694684094)
    faults = (("missing_disc", "T2"),)
    det = Detector()
    det.use_profile(learn_profile(render(new_game(state.players), seed=5010025, scene=scene),
                                  state.players))
    seen = det.analyse(render(state, seed=5010026, scene=scene, faults=faults),
                       in_play=canoes_in_play(state))
    assert wrong(seen, ground_truth(state, faults=faults)) == []
    assert "T3" not in seen.unknown and "T4" not in seen.unknown


def test_learn_glare_keeps_bright_patches_over_a_slot_but_not_joe_on_t1():
    """A glare spot over a slot's middle at setup is kept (the print's marks keep away
    from the middle); an object mostly not highlight is not; with Joe in play nothing
    reaching T1's middle, where his pale canoe stands."""
    from vision.config import VisionConfig
    from vision.layout import load_layout
    from vision.stages.geometry import geometry
    from vision.stages.marks import learn_glare, learn_marks

    config = VisionConfig()
    geo = geometry(load_layout(), config)
    ys, xs = np.divmod(geo.zone_idx, geo.shape[1])

    def spot(slot: str, mm: float):
        x, y = geo.slot_xy[SLOTS.index(slot)]
        return np.hypot(xs - x, ys - y) < mm * geo.k

    feats = np.zeros((len(geo.zone_idx), 3), np.float32)
    bright = spot("T3", 10) | spot("T1", 10)
    got = learn_glare(bright, feats, geo, config, bright)
    assert got is not None and got.shape == geo.shape
    kept = np.isin(geo.zone_idx, got.idx)
    assert kept[spot("T3", 9)].all() and kept[spot("T1", 9)].all()
    assert len(learn_marks(bright, feats, geo, config, also=bright)) == 0  # (the middle)
    with_joe = learn_glare(bright, feats, geo, config, bright, joe=True)
    assert with_joe is not None
    kept = np.isin(geo.zone_idx, with_joe.idx)
    assert kept[spot("T3", 9)].all() and not kept[spot("T1", 9)].any()
    # An object a fifth highlight (a canoe beside a glint) is no glare spot; a thin
    # highlight (a disc's rim) none at all.
    canoe = spot("T5", 12)
    glint = spot("T5", 5)
    got = learn_glare(canoe, feats, geo, config, glint)
    assert got is not None  # (the glint itself)
    kept = np.isin(geo.zone_idx, got.idx)
    assert kept[spot("T5", 4)].all() and not kept[spot("T5", 12) & ~spot("T5", 7)].any()
    rim = spot("T2", 20) & ~spot("T2", 18)
    assert learn_glare(rim, feats, geo, config, rim) is None
    assert learn_glare(bright, feats, geo, replace(config, glare_marks_share=2.0),
                       bright) is None
    assert learn_glare(bright, feats, geo, config, np.zeros_like(bright)) is None


def test_glare_marks_round_trip_and_bad_ones_are_refused(profile):
    data = json.loads(json.dumps(profile.to_json()))
    assert data["glare_marks"] is None  # (no glare spot on this table)
    marks = profile.look.marks
    data["glare_marks"] = {"shape": list(marks.shape), "idx": marks.idx[:5].tolist(),
                           "feats": marks.feats[:5].tolist()}
    again = TableProfile.from_json(data)
    assert again.look.glare_marks is not None
    assert np.array_equal(again.look.glare_marks.idx, marks.idx[:5])
    for bad in ({"shape": [2, 2], "idx": [9], "feats": [[0, 0, 0]]}, {"idx": []}, [1, 2]):
        with pytest.raises(ProfileError, match="glare_marks"):
            TableProfile.from_json({**data, "glare_marks": bad})
