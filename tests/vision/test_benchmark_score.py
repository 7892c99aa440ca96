"""The accuracy benchmark's scoring (``benchmarks/vision_conditions.py``): a frame is
exact only when every position is read right; "of what shows" lets positions a hand
covers (or a glare spot washes out) be unknown, never wrong."""

from collections import Counter
from dataclasses import replace

from benchmarks.vision_conditions import score
from companion.state import new_game
from vision.observation import UNKNOWN
from vision.synth import ground_truth

TRUTH = ground_truth(new_game(["red", "green", "blue"]))


def tally(seen, covered=frozenset(), washed=frozenset()) -> Counter:
    t: Counter = Counter()
    score(seen, TRUTH, t, [], "test", covered, washed)
    return t


def test_a_frame_read_whole_is_exact_both_ways():
    t = tally(TRUTH)
    assert (t["exact"], t["exact_shows"], t["wrong"]) == (1, 1, 0)


def test_an_unknown_slot_under_a_hand_spoils_exact_but_not_exact_of_what_shows():
    hidden = replace(TRUTH, unknown=("T3",), discs={**TRUTH.discs, "T3": "unknown"})
    t = tally(hidden, covered={"T3"})
    assert (t["exact"], t["exact_shows"], t["wrong"]) == (0, 1, 0)
    assert tally(hidden, washed={"T3"})["exact_shows"] == 1
    # The same slot unknown with nothing over it: not exact either way.
    assert tally(hidden)["exact_shows"] == 0


def test_a_wrong_reading_under_a_hand_is_wrong_and_spoils_both():
    absent = replace(TRUTH, discs={**TRUTH.discs, "T3": "absent"})
    t = tally(absent, covered={"T3"})
    assert (t["exact"], t["exact_shows"], t["wrong"]) == (0, 0, 1)


def test_a_disc_misread_under_a_canoe_whose_gem_is_unknown_is_wrong():
    """A gem left unknown is no error, but the disc under that canoe read absent is one
    (the score counted the position as a gem unknown, hiding the disc)."""
    from companion.state import Canoe, FrozenMap

    state = new_game(["red", "green", "blue"])
    state = state.replace(canoes=FrozenMap({**state.canoes, "green": (
        Canoe("L1", "yellow"), Canoe("beach"))}))
    truth = ground_truth(state)
    gem_unknown = replace(truth, canoes=tuple(
        replace(c, gem="unknown") if c.at == "L1" else c for c in truth.canoes))
    t: Counter = Counter()
    score(gem_unknown, truth, t, [], "test")
    assert (t["wrong"], t["unknown_gem"]) == (0, 1)
    disc_too = replace(gem_unknown, discs={**truth.discs, "L1": "absent"})
    t = Counter()
    errors: list[str] = []
    score(disc_too, truth, t, errors, "test")
    assert (t["wrong"], t["unknown_gem"]) == (1, 0)
    assert "L1" in errors[0]


def test_a_gem_misread_beside_a_gem_left_unknown_is_wrong():
    """A gem left unknown on one canoe excuses no wrong gem on another canoe of that
    position (the score once counted the whole position a gem unknown whenever the
    colours matched); two canoes of one colour may be read in either order."""
    from companion.state import Canoe, FrozenMap

    def read_as(truth, *gems: str):
        """``truth`` with T2's canoes (in their order there) read carrying ``gems``."""
        at = iter(gems)
        return replace(truth, canoes=tuple(replace(c, gem=next(at)) if c.at == "T2" else c
                                           for c in truth.canoes))

    def tallied(seen, truth) -> tuple[int, int]:
        t: Counter = Counter()
        errors: list[str] = []
        score(seen, truth, t, errors, "test")
        assert all("T2" in e for e in errors)
        return t["wrong"], t["unknown_gem"]

    start = new_game(["red", "green", "blue"])
    twins = ground_truth(start.replace(canoes=FrozenMap({
        **start.canoes, "blue": (Canoe("T2", "violet"), Canoe("T2", "yellow"))})))
    for gems, want in (((UNKNOWN, "violet"), (0, 1)), (("yellow", UNKNOWN), (0, 1)),
                       (("yellow", "violet"), (0, 0)), (("violet", "violet"), (1, 0)),
                       ((UNKNOWN, "white"), (1, 0))):
        assert tallied(read_as(twins, *gems), twins) == want, gems
    # Canoes of two colours: the blue gem unknown, the red canoe read carrying one.
    pair = ground_truth(start.replace(canoes=FrozenMap({
        **start.canoes, "blue": (Canoe("T2", "violet"), Canoe("beach")),
        "red": (Canoe("T2"), Canoe("beach"))})))
    colours = [c.colour for c in pair.canoes if c.at == "T2"]
    assert tallied(read_as(pair, *(UNKNOWN if c == "blue" else "white" for c in colours)),
                   pair) == (1, 0)
    assert tallied(read_as(pair, *(UNKNOWN if c == "blue" else None for c in colours)),
                   pair) == (0, 1)


def test_hand_over_names_the_slots_under_the_hands_pixels_not_all_it_comes_near():
    from benchmarks.vision_conditions import covered_positions, hand_over
    from vision.layout import load_layout
    from vision.synth import SceneConfig
    from vision.synth.scene import Hand

    layout = load_layout()
    x, y = layout.slots["T3"]
    # A slim, still hand from above the board, its fingertips on T3.
    scene = SceneConfig(hands=(Hand(start=(x, -150.0), end=(x, y), width_mm=65.0),))
    state = new_game(["red", "green", "blue"])
    under = hand_over(scene)
    near = covered_positions(scene, state, ())
    assert "T3" in under
    assert "T1" not in under and "R2" not in under
    assert under <= near and len(under) < len(near)
    assert hand_over(SceneConfig()) == set()


def test_glare_over_slots_says_how_far_a_spot_washes_each_slot_washed_out_only_whether():
    from benchmarks.vision_conditions import glare_over_slots, washed_out
    from companion.board import SLOTS
    from vision.layout import load_layout
    from vision.synth import SceneConfig
    from vision.synth.scene import Glare

    layout = load_layout()
    x, y = layout.slots["T3"]
    # A strong spot on T3; its light falls off over the neighbours.
    scene = SceneConfig(glare=Glare((x, y), 40.0, 1.2))
    over = dict(zip(SLOTS, glare_over_slots(scene), strict=True))
    assert washed_out(scene) == {"T2", "T3", "T4"}
    # T3 white all over; T2 and T4, touched at their edge, washed out all the same,
    # though the spot adds far less light over them; the rest next to none.
    assert over["T3"] >= 0.95
    assert 0.05 < over["T2"] < 0.3 and 0.05 < over["T4"] < 0.3
    assert all(over[s] < 0.01 for s in SLOTS if s not in ("T2", "T3", "T4"))
    assert not glare_over_slots(SceneConfig()).any() and washed_out(SceneConfig()) == set()
    # A weak spot washes nothing out, though it adds light.
    weak = SceneConfig(glare=Glare((x, y), 40.0, 0.45))
    assert washed_out(weak) == set() and 0.3 < glare_over_slots(weak)[SLOTS.index("T3")] < 0.5


def test_the_readers_training_labels_a_slot_hidden_by_glare_only_where_it_washes_it_enough():
    import numpy as np
    import pytest

    from benchmarks.vision_learned import glare_hidden

    # Four slots: under a hand; washed at the edge only; washed through; clear.
    data = {"hidden": np.array([1, 1, 1, 0]), "covered": np.array([1, 0, 0, 0]),
            "glare": np.array([0.0, 0.2, 0.9, 0.0], np.float32), "x": np.zeros((4, 2))}
    got = glare_hidden(data, 0.5)
    assert got["hidden"].tolist() == [1, 0, 1, 0]
    assert got["x"] is data["x"] and data["hidden"].tolist() == [1, 1, 1, 0]
    with pytest.raises(ValueError, match="collect them again"):
        glare_hidden({"hidden": data["hidden"]}, 0.5)
