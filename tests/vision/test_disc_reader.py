"""The learned disc reader: its weights, its patches, what it is asked and what is kept."""

import json

import numpy as np
import pytest

from companion.board import BEACH, SLOTS
from companion.state import Canoe, FrozenMap, new_game
from vision.config import VisionConfig
from vision.detector import Detector, canoes_in_play
from vision.layout import load_layout
from vision.observation import ABSENT, PRESENT, UNKNOWN, CanoeSeen
from vision.profile import ProfileError, TableProfile, learn_profile
from vision.read import learned_discs
from vision.stages import learned
from vision.stages.geometry import geometry
from vision.stages.learned import (
    DISC_OUTPUTS,
    DISC_PATCH_PX,
    DISC_WEIGHTS,
    DISC_WINDOW_MM,
    SlotReader,
    read_learned_discs,
    slot_patches,
)
from vision.stages.light import measure_light
from vision.synth import render

from .test_profile import PLAYERS, table  # noqa: F401  (the fixture)


def test_the_shipped_disc_weights_load_and_take_a_disc_patch():
    assert DISC_WEIGHTS.is_file()
    reader = SlotReader.load(DISC_WEIGHTS)
    x = np.random.default_rng(5).normal(0, 0.3, (2, DISC_PATCH_PX, DISC_PATCH_PX, 9))
    assert reader.logits(x.astype(np.float32)).shape == (2, DISC_OUTPUTS)


def test_a_disc_patch_is_the_rectified_view_itself_around_its_slot():
    """A millimetre a pixel: no resampling, so a rim a pixel wide stays a pixel wide."""
    layout = load_layout()
    geo = geometry(layout, VisionConfig())
    top = np.full((*geo.shape, 3), 250, np.uint8)  # paper at the white level
    x, y = np.round(geo.slot_xy[SLOTS.index("L2")]).astype(int)
    top[y, x - 20] = (0, 0, 0)  # one dark pixel, 20 mm left of L2's centre
    light = measure_light(top.reshape(-1, 3), geo, layout.marker_centers)
    patch = slot_patches(top, light, geo, [SLOTS.index("L2")], DISC_WINDOW_MM,
                         DISC_PATCH_PX)[0]
    assert patch.shape == (DISC_PATCH_PX, DISC_PATCH_PX, 3)
    dark = np.argwhere(patch.max(axis=2) < 100)
    assert dark.tolist() == [[DISC_PATCH_PX // 2, DISC_PATCH_PX // 2 - 20]]


def fake_network(monkeypatch, probabilities):
    """The disc reader answering ``probabilities`` (per asked slot: a disc, clear)."""
    class Fake:
        def logits(self, x):
            p = np.array(probabilities, np.float64)[:len(x)]
            return np.log(np.stack([1 - p[:, 0], p[:, 0], p[:, 1], 1 - p[:, 1]], axis=1))

    monkeypatch.setattr(SlotReader, "load", lambda *a: Fake())
    monkeypatch.setattr(learned, "slot_patches", lambda *a: np.zeros(
        (len(probabilities), DISC_PATCH_PX, DISC_PATCH_PX, 3), np.uint8))


def test_it_answers_only_where_it_is_sure_of_the_disc_and_that_the_slot_is_clear(monkeypatch):
    fake_network(monkeypatch, [(0.99999, 0.999), (0.00001, 0.999), (0.99, 0.999),
                               (0.99999, 0.9), (0.5, 0.999)])
    setup = np.zeros((len(SLOTS), DISC_PATCH_PX, DISC_PATCH_PX, 3), np.uint8)
    got = read_learned_discs(None, None, None, setup, [0, 2, 4, 6, 8], 0.9999, 0.99)
    assert got == {0: True, 2: False}  # 4 unsure of the disc, 6 of the slot being clear


def test_it_names_the_unknown_discs_of_read_slots_and_checks_those_under_canoes(
        monkeypatch):
    asked = []
    there = {"T3": True, "T4": False, "T5": False, "L2": True, "R1": False}

    def fake(rectified, light, geo, setup, ask, confidence, clear):
        asked.append(list(ask))
        return {i: there[SLOTS[i]] for i in ask if SLOTS[i] in there}

    monkeypatch.setattr("vision.read.read_learned_discs", fake)
    discs = dict.fromkeys(SLOTS, PRESENT) | {"T3": UNKNOWN, "T4": UNKNOWN, "L1": UNKNOWN,
                                             "R2": ABSENT, "R1": ABSENT}
    unknown = {"L1", "beach"}  # L1's canoes are not read: its disc is not asked
    seen = [CanoeSeen("red", "T5"), CanoeSeen("blue", "T5"),  # two: checked
            CanoeSeen("red", "L2"), CanoeSeen("green", "L2"), CanoeSeen("green", "L2"),
            CanoeSeen("blue", "R1"), CanoeSeen("yellow", "R1"),
            CanoeSeen("yellow", "T2")]  # one canoe: not checked
    learned_discs(None, None, None, None, discs, unknown, seen, VisionConfig())
    assert asked == [[SLOTS.index(s) for s in ("T3", "T4", "T5", "L2", "R1")]]
    assert discs["T3"] == PRESENT and discs["T4"] == ABSENT  # named
    assert discs["T5"] == UNKNOWN  # the rules said present, the reader gone
    assert discs["L2"] == PRESENT and discs["R1"] == ABSENT  # both say the same
    assert discs["L1"] == UNKNOWN and discs["R2"] == ABSENT and discs["T2"] == PRESENT
    assert unknown == {"L1", "beach"}
    asked.clear()
    discs = dict.fromkeys(SLOTS, PRESENT) | {"T3": UNKNOWN}
    learned_discs(None, None, None, None, discs, set(), seen,
                  VisionConfig(disc_check_crowd=False))
    assert asked == [[SLOTS.index("T3")]]


def test_disc_patches_round_trip_and_older_profiles_do_without_the_reader(table):  # noqa: F811
    profile = learn_profile(table[1], PLAYERS)
    patches = profile.look.disc_patches
    assert patches is not None
    assert patches.shape == (len(SLOTS), DISC_PATCH_PX, DISC_PATCH_PX, 3)
    data = json.loads(json.dumps(profile.to_json()))
    again = TableProfile.from_json(data).look.disc_patches
    assert again is not None and np.array_equal(again, patches)  # PNG: lossless
    del data["disc_patches"]  # learned before the key: no disc reader
    assert TableProfile.from_json(data).look.disc_patches is None
    data["disc_patches"] = {"px": DISC_PATCH_PX, "window_mm": 80.0, "png_base64": ""}
    assert TableProfile.from_json(data).look.disc_patches is None  # cut otherwise
    data["disc_patches"] = {"px": DISC_PATCH_PX, "window_mm": DISC_WINDOW_MM,
                            "png_base64": "not base64!"}
    with pytest.raises(ProfileError, match="disc_patches png_base64 is not base64"):
        TableProfile.from_json(data)
    data["disc_patches"] = {"px": DISC_PATCH_PX, "window_mm": DISC_WINDOW_MM,
                            "png_base64": data["slot_patches"]["png_base64"]}
    with pytest.raises(ProfileError, match="disc_patches must be a 504x56 colour PNG"):
        TableProfile.from_json(data)


def test_a_disc_gone_from_under_two_canoes_is_read_gone(table):  # noqa: F811
    """The rules see no rim under the two canoes, and cannot tell a rim hidden from none:
    unknown. The disc reader sees the riverbed in the slivers beside them."""
    scene, setup = table
    state = new_game(PLAYERS).replace(canoes=FrozenMap({
        "red": (Canoe("T3"), Canoe("L2")), "green": (Canoe("T3", "white"), Canoe(BEACH)),
        "blue": (Canoe("L2", "pink"), Canoe("T5"))}))
    frame = render(state, seed=8, scene=scene, faults=(("missing_disc", "T3"),))
    seen = {}
    for name, config in (("rules", VisionConfig(disc_confidence=2.0)), ("now", VisionConfig())):
        det = Detector(colours=PLAYERS, config=config)
        det.learn_table(setup, PLAYERS)
        seen[name] = det.analyse(frame, in_play=canoes_in_play(state))
    assert seen["rules"].discs["T3"] == UNKNOWN
    assert seen["now"].discs["T3"] == ABSENT
    assert seen["now"].discs["L2"] == seen["rules"].discs["L2"] == PRESENT
    assert sorted(c.colour for c in seen["now"].canoes_at("T3")) == ["green", "red"]
    assert {s: d for s, d in seen["now"].discs.items() if s != "T3"} == {
        s: d for s, d in seen["rules"].discs.items() if s != "T3"}
