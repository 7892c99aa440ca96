"""Reading the board from seeded synthetic frames."""

from dataclasses import replace

import numpy as np
import pytest

from companion.board import BEACH, SLOTS
from companion.state import Canoe, FrozenMap, new_game
from vision.config import VisionConfig
from vision.detector import ColourLearningError, Detector, FrameError, canoes_in_play
from vision.observation import Observation
from vision.profile import learn_profile
from vision.synth import Hand, SceneConfig, Shadow, ground_truth, render

PLAYERS = ("red", "green", "blue")


def canoes(obs: Observation) -> list[tuple[str, str, str]]:
    return sorted((c.colour, c.at, str(c.gem)) for c in obs.canoes)


@pytest.mark.parametrize("seed", [0, 5, 11])
def test_reads_a_midgame_frame_exactly(midgame, seed):
    scene = SceneConfig() if seed == 0 else SceneConfig.random(seed, hands=0)
    seen = Detector(colours=PLAYERS).analyse(render(midgame, seed=seed, scene=scene))
    truth = ground_truth(midgame)
    assert seen.board_found and seen.unknown == ()
    assert seen.discs == truth.discs
    assert canoes(seen) == canoes(truth)
    assert seen.weather == 1


def test_two_canoes_of_one_colour_on_one_slot_count_as_two(midgame):
    seen = Detector(colours=PLAYERS).analyse(render(midgame, seed=3))
    assert [c.colour for c in seen.canoes_at("T3")] == ["red", "red"]
    assert sorted(str(c.gem) for c in seen.canoes_at("T3")) == ["None", "pink"]


def test_missing_disc_and_wrong_arm_are_seen(midgame):
    faults = [("missing_disc", "T4"), ("wrong_arm", "R2")]
    seen = Detector(colours=PLAYERS).analyse(render(midgame, seed=2, faults=faults))
    assert seen.discs["T4"] == "absent"
    assert [c.colour for c in seen.canoes_at("L2")] == ["blue"]
    assert seen.canoes_at("R2") == []


def test_a_disc_is_read_absent_in_a_poorly_fitting_frame_only_where_no_rim_shows_nearby(
        midgame):
    """Where the markers fit the board's plane worse than ``disc_absent_fit_px``, the
    pose may be millimetres off in the middle of the board: a disc read absent is looked
    for again nearby. A view shifted 8 mm reads discs absent that are there, unless the
    fit is poor; the disc truly missing (T4) is read absent either way."""
    from vision.locate import rectify
    from vision.read import read_board

    det = Detector(colours=PLAYERS)
    frame = render(midgame, seed=2, faults=[("missing_disc", "T4")])
    pose = det.locate(frame)
    top = rectify(frame, pose, det.layout, det.config)
    k = round(det.config.px_per_mm)
    shifted = np.roll(top, (-2 * k, 8 * k), axis=(0, 1))

    def discs(image, fit_px):
        return read_board(image, det.layout, config=det.config, colours=PLAYERS,
                          fit_px=fit_px).discs

    assert discs(top, 3.0)["T4"] == discs(top, 0.5)["T4"] == "absent"
    good, poor = discs(shifted, 0.5), discs(shifted, 3.0)
    wrongly = [s for s, d in good.items() if d == "absent" and s != "T4"]
    assert wrongly  # (the test's premise: 8 mm off, rims that are there show none)
    assert all(poor[s] == "unknown" for s in wrongly)
    assert [s for s, d in poor.items() if d == "absent"] == ["T4"]  # (no rim anywhere near)


def test_joe_natural_wood_is_read_as_joe(midgame):
    # Diamanten Joe's canoe is natural wood; vision names its colour "joe".
    state = midgame.replace(joe=Canoe("T2", "violet"))
    seen = Detector(colours=(*PLAYERS, "joe")).analyse(render(state, seed=6))
    assert [(c.colour, c.gem) for c in seen.canoes_at("T2")] == [("joe", "violet")]


def test_a_hand_makes_slots_unknown_never_wrong(midgame):
    hand = Hand(start=(300, -150), end=(270, 160), width_mm=85)
    seen = Detector(colours=PLAYERS).analyse(render(midgame, seed=4,
                                                    scene=SceneConfig(hands=(hand,))))
    truth = ground_truth(midgame)
    assert "T3" in seen.unknown
    assert seen.discs["T3"] == "unknown"
    assert seen.canoes_at("T3") == []
    for slot, value in seen.discs.items():
        assert value in ("unknown", truth.discs[slot])
    for pos in ("beach", "T1", "T2", "T4", "T5", "L1", "L2", "R1", "R2"):
        if pos not in seen.unknown:
            assert [c.colour for c in seen.canoes_at(pos)] == \
                [c.colour for c in truth.canoes_at(pos)]


def test_the_beach_under_a_hand_is_read_by_the_game_counts(midgame, monkeypatch):
    """A hand reaching over the beach makes it unknown; with the game's counts, every river
    slot read, the beach holds the one canoe in play not seen on the river (its empty
    well read in its patch there, ``gems_where_placed_beach``)."""
    hand = Hand(start=(-150, 150), end=(60, 150), width_mm=70)
    frame = render(midgame, seed=4, scene=SceneConfig(hands=(hand,)))
    det = Detector(colours=PLAYERS)
    assert "beach" in det.analyse(frame).unknown
    seen = det.analyse(frame, in_play=canoes_in_play(midgame))
    assert seen.unknown == ()
    assert [(c.colour, c.gem) for c in seen.canoes_at("beach")] == [("green", None)] == [
        (c.colour, c.gem) for c in ground_truth(midgame).canoes_at("beach")]
    assert [(c.colour, c.at) for c in seen.canoes] == [
        (c.colour, c.at) for c in ground_truth(midgame).canoes]
    monkeypatch.setattr("vision.read.beach_by_elimination", lambda *args: None)
    assert det.analyse(frame, in_play=canoes_in_play(midgame)).unknown == ("beach",)


def test_board_not_found_is_an_empty_observation():
    seen = Detector().analyse(np.full((450, 800, 3), 120, np.uint8))
    assert not seen.board_found
    assert seen.to_json()["discs"]["T1"] == "unknown"
    assert seen.blocked


@pytest.mark.parametrize(
    "frame",
    [np.zeros((0, 0, 3), np.uint8), np.zeros((20, 20, 3), np.uint8),
     np.zeros((100, 100, 3), np.float32)],
)
def test_unusable_frames_are_refused(frame):
    with pytest.raises(FrameError):
        Detector().analyse(frame)


def test_learning_canoe_colours_at_setup():
    setup = new_game(PLAYERS)
    scene = SceneConfig(kelvin=3200, white_balance=0.1, colour_jitter=18, table_seed=9)
    det = Detector()
    learned = det.learn_colours(render(setup, seed=1, scene=scene), PLAYERS)
    assert set(learned) == set(PLAYERS)
    assert det.colours == PLAYERS
    later = setup.replace(canoes=setup.canoes.set("red", (Canoe("T2", "violet"), Canoe("beach"))))
    seen = det.analyse(render(later, seed=2, scene=scene))
    assert canoes(seen) == canoes(ground_truth(later))


def test_learning_refuses_a_setup_without_every_canoe():
    state = new_game(PLAYERS)
    state = state.replace(canoes=state.canoes.set("green", (Canoe("T1"), Canoe("beach"))))
    with pytest.raises(ColourLearningError, match="green"):
        Detector().learn_colours(render(state, seed=1), PLAYERS)


def test_json_shape_is_exactly_the_issue(midgame):
    data = Detector(colours=PLAYERS).analyse(render(midgame, seed=1)).to_json()
    assert list(data) == ["board_found", "reprojection_px", "discs", "canoes", "weather",
                          "unknown", "ms"]
    assert list(data["discs"]) == ["T1", "T2", "T3", "T4", "T5", "L1", "L2", "R1", "R2"]
    assert set(data["canoes"][0]) == {"colour", "at", "gem"}


def test_learning_survives_a_shadow_edge_across_the_beach():
    # A soft shadow whose edge runs across the beach and between two canoes: the sand's
    # brightness is followed locally, so the edge is neither a canoe nor a hand.
    setup = new_game(("brown", "yellow", "red"))
    scene = SceneConfig(shadows=(Shadow(center=(110, 230), axes=(110, 70), angle=60, depth=0.55),),
                        gradient=0.25, gradient_deg=330, blur=1.3, noise=4.0, table_seed=150)
    det = Detector()
    learned = det.learn_colours(render(setup, seed=150, scene=scene), ("brown", "yellow", "red"))
    assert set(learned) == {"brown", "yellow", "red"}


def test_an_arm_along_the_river_is_unknown_not_an_empty_slot(midgame):
    # A grey sleeve lying along the river covers most slot zones: the rings' median is
    # the sleeve, so each ring is also compared with the riverbed as known.
    arm = Hand(start=(750, 90), end=(80, 180), width_mm=94, skin=(70, 95, 140),
               sleeve=(140, 140, 140))
    seen = Detector(colours=PLAYERS).analyse(render(midgame, seed=4,
                                                    scene=SceneConfig(hands=(arm,))))
    truth = ground_truth(midgame)
    for slot, value in seen.discs.items():
        assert value in ("unknown", truth.discs[slot])
    assert seen.discs["T4"] == "unknown"
    for pos in ("beach", "T1", "T2", "T3", "T4", "T5", "L1", "L2", "R1", "R2"):
        if pos not in seen.unknown:
            assert [c.colour for c in seen.canoes_at(pos)] == \
                [c.colour for c in truth.canoes_at(pos)]


def test_learning_remembers_the_riverbed_and_sand():
    det = Detector()
    det.learn_colours(render(new_game(PLAYERS), seed=1), PLAYERS)
    assert set(det.ground_bgr) == {"river", "sand"}


@pytest.mark.slow
def test_reading_frames_leaves_memory_flat(midgame):
    # A service reads two frames a second all evening: nothing may grow per frame.
    # Python's allocated blocks are counted (cheap, unlike tracing every allocation): a
    # reading that keeps anything (the lists of disc scores once kept for ever: about 50
    # objects a reading; a 9-tuple a reading: 18 blocks) grows them by one block a reading
    # or more. Two batches of 200 readings: a cache filling once shows in one batch only
    # (up to ~190 blocks seen in the first), a leak in both; at least one of them must
    # stay under one block a reading.
    import gc
    import sys

    from vision.locate import locate_board, rectify
    from vision.read import read_board

    det = Detector(colours=PLAYERS)
    frames = [render(midgame, seed=s, scene=SceneConfig.random(s, hands=0)) for s in (1, 2)]
    tops = [rectify(f, locate_board(f, det.layout), det.layout) for f in frames]
    for top in tops * 10:  # warm the caches (geometry, gem colours)
        read_board(top, det.layout, colours=PLAYERS)
    grown = []
    for _batch in range(2):
        gc.collect()
        before = sys.getallocatedblocks()
        for i in range(200):
            read_board(tops[i % 2], det.layout, colours=PLAYERS)
        gc.collect()
        grown.append(sys.getallocatedblocks() - before)
    assert min(grown) < 200, f"{grown} more memory blocks after each 200 readings"


def test_a_canoe_colour_that_looks_like_the_sand_makes_the_beach_unknown_while_one_is_missing():
    """A brown canoe on a dark board's brown beach is hardly an object: at 640x480 the
    beach was read with one brown canoe where there are two (seeded tuning scene, its
    setup learned). The profile says brown hides on this beach (its canoes were seen at
    setup by their outline, or on a second look); while a brown canoe is unaccounted for,
    the beach is unknown, never read short."""
    players = ["brown", "yellow", "red", "blue", "green"]
    scene = replace(SceneConfig.varied(5030076, family="ink"), fill=0.8814538929126858)
    size = (640, 480)
    det = Detector()
    det.use_profile(learn_profile(render(new_game(players), seed=5030076, scene=scene,
                                         size=size), players))
    state = new_game(players).replace(weather=-1, canoes=FrozenMap({
        "brown": (Canoe("beach"), Canoe("beach")), "yellow": (Canoe("L2", "blue"), Canoe("beach")),
        "red": (Canoe("T4"), Canoe("beach")), "blue": (Canoe("R1"), Canoe("T4")),
        "green": (Canoe("T2"), Canoe("beach"))}))
    seen = det.analyse(render(state, seed=5030077, scene=scene, size=size),
                       in_play=canoes_in_play(state))
    truth = ground_truth(state)
    got = sorted(c.colour for c in seen.canoes_at("beach"))
    assert "beach" in seen.unknown or got == sorted(c.colour for c in truth.canoes_at("beach"))


@pytest.mark.parametrize(("condition", "seed", "was"), [
    ("warm", 62090116, ("beach",)), ("art", 57000154, ("beach",)),
    ("marker", 60040003, ("T4",)), ("lens", 61020145, ("T2", "T3", "T4", "L1"))])
def test_a_canoe_its_ground_hides_is_read_on_a_second_look(condition, seed, was):
    """Reporting scenes of used offsets 57, 60, 61 and 62: a canoe no object to the first
    reading (a brown canoe on a sand-brown beach under 2,700 K light or on a dark board; a
    canoe of the river's colour in a shadow) is seen nowhere, and the positions it may
    lie on are unknown. Read again taking pixels a little darker than their ground for
    objects, as at setup (``look_again_darker``), every position is read, those read
    right (the canoes' colours; a gem may stay unknown), the others as before."""
    from .scenes import read_scene

    # (Without ``learned_counts_camouflage`` too, which reads 61020145's positions once
    # the learned slot reader finds the canoe, nor ``unseen_reader_empty``, which reads
    # the slots left for it that the reader is sure are empty, nor
    # ``unseen_reader_none``, those it reads sure with canoes of other colours; nor
    # ``hidden_beside_area``, which keeps 61020145's T2, showing no canoe-like area, read.)
    _, truth, (off, now) = read_scene(condition, seed,
                                      VisionConfig(look_again_darker=False,
                                                   learned_counts_camouflage=False,
                                                   unseen_reader_empty=2.0,
                                                   unseen_reader_none=False,
                                                   hidden_beside_area=0.0),
                                      VisionConfig())
    assert tuple(off.unknown) == was and not now.unknown

    def at(obs: Observation, positions) -> list[tuple[str, str]]:
        return sorted((c.at, c.colour) for c in obs.canoes if c.at in positions)
    assert at(now, was) == at(truth, was)
    assert [c for c in canoes(now) if c[1] not in was] == canoes(off)
    assert {s: d for s, d in now.discs.items() if s not in was} == {
        s: d for s, d in off.discs.items() if s not in was}
    assert now.weather == off.weather


def test_a_canoe_on_its_way_is_not_read_on_the_slot_it_is_moving_to():
    """Reporting scene 64120137 (used offset 64): a red canoe 0.69 of the way from T3 to
    T4, seen nowhere by the rules, both slots unknown ("canoe between slots"). The
    learned slot reader read it on T4, 0.9943 sure, which made the game's counts come out,
    so T4 was read with a red canoe: a wrong reading. With ``learned_moving_apart`` the
    counts must come out without what the reader reads on such slots: T4 stays unknown,
    nothing else read differently."""
    from .scenes import read_scene

    _, truth, (off, now) = read_scene("between", 64120137,
                                      VisionConfig(learned_moving_apart=False), VisionConfig())
    assert [c.colour for c in off.canoes_at("T4")] == ["red"] and not truth.canoes_at("T4")
    assert set(now.unknown) == set(off.unknown) | {"T4"}
    assert [c for c in canoes(now) if c[1] != "T4"] == [c for c in canoes(off) if c[1] != "T4"]


@pytest.mark.parametrize(("condition", "seed", "flag"), [
    ("art", 63000163, "learned_counts_close"), ("yellow-on-sand", 62070268,
                                                "learned_counts_close"),
    ("red/brown", 61060187, "learned_counts_close"), ("art", 63000127, "learned_counts_over"),
    ("parallax", 99010034, "learned_counts_camouflage")])
def test_where_the_learned_reader_finds_the_canoe_seen_nowhere_the_rest_is_read(
        condition, seed, flag):
    """Reporting scenes of used offsets 61-63: a canoe the rules saw nowhere (two blue
    canoes on a blue river, no object) left every position it might lie on unknown, though
    the rules read them; or a disc's highlight read as a blue canoe on R1, one more blue
    than in play, left the beach with the other blue canoe unknown; or (used 99010034, 30
    degrees of tilt) the blue canoe on R2 read as maybe the river's mottle, so a blue
    canoe seemed seen nowhere and L2, where blue looks like the riverbed, was unknown
    though the rules read its red and yellow canoes. Where the learned slot
    reader reads the slots the rules could not, and the game's counts then come out exact
    with the rules' reading of those positions (``learned_counts_close``,
    ``learned_counts_over``, ``learned_counts_camouflage``), they are read, and read
    right: more positions read, none wrong, nothing read differently, here every
    position."""
    from .scenes import read_scene

    _, truth, (off, now) = read_scene(condition, seed,
                                      VisionConfig(**{flag: False}), VisionConfig())
    # (How many positions the first reading leaves unknown varies with the libraries'
    # versions: 62070268 six here, two under the Raspberry Pi's; none is left either way.)
    gained = set(off.unknown)
    assert gained and not now.unknown
    for pos in gained:
        assert sorted(c.colour for c in now.canoes_at(pos)) == sorted(
            c.colour for c in truth.canoes_at(pos)), pos
        assert now.discs.get(pos) in (truth.discs.get(pos), "unknown"), pos
    assert [c for c in canoes(now) if c[1] not in gained] == [
        c for c in canoes(off) if c[1] not in gained]


def test_a_canoe_split_by_its_gem_in_a_dim_frame_is_a_canoe_blob():
    """Used scene 95040056 (dusk art, a marker covered): on L2 a red canoe with a blue gem
    beside a yellow one. The gem splits the red hull; its blob keeps 0.38 of a canoe's
    area, under ``canoe_min_fraction`` (0.4), while this frame's single canoes keep 0.68
    of theirs (``colour_share`` 0.76): L2 was "canoe-like area unread", and with the red
    canoe seen nowhere and the brown ones like the sand, the beach unknown too. With the
    least share lowered by the frame's (``canoe_min_fraction_dim``), L2 is read with both
    canoes and its disc, and the beach by the game's counts; nothing else is read
    otherwise."""
    from .scenes import read_scene

    _, truth, (off, now) = read_scene("marker", 95040056,
                                      VisionConfig(canoe_min_fraction_dim=1.0), VisionConfig())
    assert set(off.unknown) == {"L2", BEACH} and not now.unknown
    assert sorted(c.colour for c in now.canoes_at("L2")) == ["red", "yellow"]
    for pos in (*SLOTS, BEACH):
        assert sorted(c.colour for c in now.canoes_at(pos)) == sorted(
            c.colour for c in truth.canoes_at(pos))
    assert [c for c in canoes(now) if c[1] not in ("L2", BEACH)] == [
        c for c in canoes(off) if c[1] not in ("L2", BEACH)]
    assert off.discs["L2"] == "unknown" and now.discs["L2"] == truth.discs["L2"]
    assert {s: d for s, d in now.discs.items() if s != "L2"} == {
        s: d for s, d in off.discs.items() if s != "L2"}
    assert now.weather == off.weather


def test_one_canoe_patch_is_not_split_for_two_canoes_placed_there():
    """Used scene 98010088 (30 degrees of tilt): two red canoes on T3, one with a violet
    gem that splits its hull into fragments too small to count. The game's counts place
    both on T3, and their gems were read by splitting the other canoe's patch (0.61 of a
    canoe, one canoe by its outline) in two: both empty, a wrong reading. With
    ``placed_split_one_area`` that patch is not split: both gems are unknown, nothing
    else changes. (With the Raspberry Pi's NumPy and OpenCV, ``make pi-compat``, the
    frame may come out a little otherwise and T3 be read right without the split: there
    this checks that the new rule changes nothing.)"""
    from .scenes import read_scene

    _, truth, (off, now) = read_scene("parallax", 98010088,
                                      VisionConfig(placed_split_one_area=0), VisionConfig())
    assert sorted(str(c.gem) for c in truth.canoes_at("T3")) == ["None", "violet"]
    if [str(c.gem) for c in off.canoes_at("T3")] == ["None", "None"]:
        assert [(c.colour, str(c.gem)) for c in now.canoes_at("T3")] == [("red", "unknown")] * 2
    else:
        assert canoes(now) == canoes(off)
    assert sorted(str(c.gem) for c in now.canoes_at("T3")) in (
        ["None", "violet"], ["unknown", "unknown"])
    assert [c for c in canoes(now) if c[1] != "T3"] == [c for c in canoes(off) if c[1] != "T3"]
    assert now.discs == off.discs and now.unknown == off.unknown == ()


def test_a_canoe_whose_votes_show_a_gem_and_no_well_is_never_read_empty():
    """Used scene 98030053 (640x480): Diamanten Joe's canoe on T5 with a violet gem,
    placed by the learned reader where the rules could not count the canoes; the fine gem
    reader named it empty, 0.9996 sure. In his colour's patch there the rules' votes go
    to gems (pink mostly, the blend of violet and his pale wood) and none to the well:
    with ``empty_needs_well`` his gem is unknown, nothing else changes. (With the
    Raspberry Pi's NumPy and OpenCV, ``make pi-compat``, the fine gem reader is less sure
    there and his gem was unknown already: there this checks that nothing changes.)"""
    from .scenes import read_scene

    _, truth, (off, now) = read_scene("lowres", 98030053, VisionConfig(empty_needs_well=0),
                                      VisionConfig())
    assert [c.gem for c in truth.canoes_at("T5") if c.colour == "joe"] == ["violet"]
    assert [c.gem for c in off.canoes_at("T5") if c.colour == "joe"] in ([None], ["unknown"])
    assert [c.gem for c in now.canoes_at("T5") if c.colour == "joe"] == ["unknown"]
    assert [c for c in canoes(now) if c[:2] != ("joe", "T5")] == [
        c for c in canoes(off) if c[:2] != ("joe", "T5")]
    assert now.discs == off.discs and now.unknown == off.unknown


def test_a_slot_a_canoe_may_be_on_its_way_over_needs_a_sure_reader_under_glare():
    """Used scene 98120208 (a canoe between slots): a blue canoe 0.64 of the way from T1
    to T2, the two slots "canoe between slots", something pale on R1 taken for glare. The
    learned slot reader, asked as for a washed-out slot, read the blue canoe on T2, 0.001
    sure the slot was clear, and the counts came out: a wrong reading. With
    ``washed_reader_moving`` it must be 0.999 sure of such a slot: the positions it read
    stay unknown."""
    from .scenes import read_scene

    _, truth, (off, now) = read_scene("between", 98120208,
                                      VisionConfig(washed_reader_moving=0), VisionConfig())
    assert [c.colour for c in truth.canoes_at("T2")] == []
    assert [c.colour for c in off.canoes_at("T2")] == ["blue"] and not off.unknown
    assert {"T1", "T2"} <= set(now.unknown)
    assert [c for c in canoes(now) if c[1] not in now.unknown] == [
        c for c in canoes(off) if c[1] not in now.unknown]


def test_a_canoe_whose_votes_lead_to_a_coloured_gem_is_not_read_white():
    """Used scene 97030083 (640x480): a brown canoe with a yellow gem on R1. The rules'
    votes there go to yellow (27, what a gem needs, and none to white), too near the
    brown hull to name it at this detail; the fine gem reader named it white, 0.99999
    sure (the slot reader: yellow). With ``white_veto_share`` the gem is unknown, nothing
    else changes. (The gem reader names no gem alone at this detail any more,
    ``fine_gem_low_detail_alone``: so asked here, to keep the veto tested; by default the
    gem is unknown too.)"""
    from .scenes import LATER_GEM_RULES, read_scene

    # (lone_gem_rival_mean, since the hundred-and-sixth session, also catches it.)
    alone = VisionConfig(fine_gem_low_detail_alone=True, lone_gem_rival_mean=0.0,
                         **LATER_GEM_RULES)
    _, truth, (off, now, default) = read_scene(
        "lowres", 97030083, replace(alone, white_veto_share=0), alone, VisionConfig())
    assert [(c.colour, c.gem) for c in default.canoes_at("R1")] == [("brown", "unknown")]
    assert [c.gem for c in truth.canoes_at("R1")] == ["yellow"]
    assert [c.gem for c in off.canoes_at("R1")] == ["white"]
    assert [(c.colour, c.gem) for c in now.canoes_at("R1")] == [("brown", "unknown")]
    assert [c for c in canoes(now) if c[1] != "R1"] == [c for c in canoes(off) if c[1] != "R1"]
    assert now.discs == off.discs and now.unknown == off.unknown


def test_three_readers_that_agree_name_a_gem_at_low_detail():
    """Used scene 97030125 (640x480, too few pixels for the rules to name gems): a blue
    canoe with a pink gem alone on T4. The rules' votes lead to pink, the slot reader is
    0.994 sure of pink, the fine gem reader 0.93: each alone too unsure, the gem was
    unknown. With ``three_agree_fine`` the three together name it; nothing else changes,
    and the frame is read exactly."""
    from .scenes import read_scene

    _, truth, (off, now) = read_scene("lowres", 97030125, VisionConfig(three_agree_fine=2.0),
                                      VisionConfig())
    assert [(c.colour, c.gem) for c in truth.canoes_at("T4")] == [("blue", "pink")]
    assert [c.gem for c in off.canoes_at("T4")] == ["unknown"]
    assert [c.gem for c in now.canoes_at("T4")] == ["pink"]
    assert [c for c in canoes(now) if c[1] != "T4"] == [c for c in canoes(off) if c[1] != "T4"]
    assert canoes(now) == canoes(truth)
    assert now.discs == off.discs and now.unknown == off.unknown == ()


def test_three_readers_name_no_gem_that_is_the_blur_of_another_with_the_hull():
    """Used scene 94030198 (640x480): a blue canoe with a pink gem on L1. Blurred with
    the blue hull, pink looks violet: the rules' votes led to violet and both networks
    said violet. With ``three_agree_unmixed`` a lead between another gem and the hull is
    no lead where the rules read no gems: the gem stays unknown."""
    from .scenes import LATER_GEM_RULES, read_scene

    # (``low_detail_blend_veto`` leaves it unknown too, since the hundred-and-third
    # session: off for the "before".)
    _, truth, (off, now) = read_scene("lowres", 94030198,
                                      VisionConfig(three_agree_unmixed=False,
                                                   **LATER_GEM_RULES), VisionConfig())
    assert [(c.colour, c.gem) for c in truth.canoes_at("L1")] == [("blue", "pink")]
    assert [c.gem for c in off.canoes_at("L1")] == ["violet"]
    assert [c.gem for c in now.canoes_at("L1")] == ["unknown"]
    assert [c for c in canoes(now) if c[1] != "L1"] == [c for c in canoes(off) if c[1] != "L1"]


def test_two_readers_name_no_gem_that_is_the_blur_the_votes_lead_to():
    """Used scene 94030198 (640x480), as above: since the two networks need only 0.97 and
    0.95 to name a gem where the rules read none, both named the blue canoe's pink gem
    violet, the blur of pink with the blue hull that the votes also led to. Where the
    votes' lead is such a blur, each must be 0.99 sure (``reader_agree_blurred``): the
    gem stays unknown, and nothing else is read otherwise."""
    from .scenes import read_scene

    _, truth, (off, now) = read_scene("lowres", 94030198,
                                      VisionConfig(reader_agree_blurred=0.95),
                                      VisionConfig())
    assert [(c.colour, c.gem) for c in truth.canoes_at("L1")] == [("blue", "pink")]
    assert [c.gem for c in off.canoes_at("L1")] in (["violet"], ["unknown"])
    assert [c.gem for c in now.canoes_at("L1")] == ["unknown"]
    assert [c for c in canoes(now) if c[1] != "L1"] == [c for c in canoes(off) if c[1] != "L1"]


def test_a_white_gem_read_in_a_canoe_on_the_beach_is_unknown():
    """Reporting scene 100050157 (offset 100, reported in the sixty-first session; glare):
    a blue canoe at the beach's lit edge, its empty well paled by the glare spot's light,
    was read with a white gem, a wrong reading. A canoe on the beach carries no gem (it
    delivered it on landing): a white gem read there is unknown
    (``beach_white_unknown``); the beach's canoes are otherwise read as before."""
    from .scenes import read_scene

    _, truth, (now, before) = read_scene("glare+flicker", 100050157, VisionConfig(),
                                         VisionConfig(beach_white_unknown=False))
    assert all(c.gem is None for c in truth.canoes_at(BEACH))
    assert all(c.gem in (None, "unknown") for c in now.canoes_at(BEACH))
    assert sorted(c.colour for c in now.canoes_at(BEACH)) == sorted(
        c.colour for c in before.canoes_at(BEACH))
    if any(c.gem == "white" for c in before.canoes_at(BEACH)):  # (this machine's)
        assert sorted((c.colour, str(c.gem)) for c in now.canoes_at(BEACH)) == sorted(
            (c.colour, "unknown" if c.gem == "white" else str(c.gem))
            for c in before.canoes_at(BEACH))
    assert [c for c in now.canoes if c.at != BEACH] == [
        c for c in before.canoes if c.at != BEACH]


def test_several_canoes_seen_nowhere_with_room_for_one_leave_every_position_unknown():
    """Used 112110065, motion: a brown and a yellow canoe on the beach under a blurred hand
    as pale as the sand; the beach was read with its other two canoes, and only T3-T5
    left for the two canoes seen nowhere (T4's brown canoe showed 0.21 of a canoe more
    than it leaves). With ``canoe_hidden_each`` no position is trusted then, and what
    the readers after the rules find (the beach's four canoes) is read right."""
    from .scenes import read_scene
    from .test_wrong_readings import wrong

    _, truth, (now, before) = read_scene("motion", 112110065, VisionConfig(),
                                         VisionConfig(canoe_hidden_each=False))
    assert len(truth.canoes_at("beach")) == 4
    assert wrong(now, truth) == []
    if "beach" not in now.unknown:
        assert sorted(c.colour for c in now.canoes_at("beach")) == sorted(
            c.colour for c in truth.canoes_at("beach"))
    assert "beach" not in before.unknown and len(before.canoes_at("beach")) == 2


def test_a_blurred_edge_along_the_beachs_band_is_not_a_hand_crossing_it():
    """Used 113030116 and 113030148 (lowres, 640x480): a marker's paper and the river's blue
    blurred a few mm into the band around the beach, a strip along it as wide as three
    pixels, shifted with a pose a pixel off the setup photo's: read as something crossing
    onto the beach. Where gems are not read (a blurred view) a change counts only where it
    spans the band's width, as a hand does; elsewhere a 3-pixel strip still counts."""
    from vision.layout import load_layout
    from vision.stages.geometry import geometry
    from vision.stages.ground import guard_crossed

    config = VisionConfig()
    geo = geometry(load_layout(), config)
    ys, xs = np.divmod(geo.guard_idx, geo.shape[1])
    known = np.zeros((len(geo.guard_idx), 2), np.float32)
    top = ys < ys.min() + 5  # (the band above the beach: 5 px wide)
    strip = known.copy()
    strip[top & (ys < ys.min() + 3) & (xs > 30) & (xs < 90)] = 1.0  # 3 px x 60 px
    hand = known.copy()
    hand[top & (xs > 50) & (xs < 70)] = 1.0  # the band's whole width, 20 mm
    assert guard_crossed(strip, known, geo, config)
    assert not guard_crossed(strip, known, geo, config, blurred=True)
    assert guard_crossed(hand, known, geo, config, blurred=True)
    assert guard_crossed(strip, known, geo, replace(config, beach_guard_blurred_mm=0.0),
                         blurred=True)
    assert not guard_crossed(known, known, geo, config, blurred=True)


def test_a_blurred_edge_along_the_beach_at_640x480_does_not_leave_it_unknown():
    """Used 113030148 (delta, lowres, 640x480): the river's blue blurred into the band
    around the beach, the pose a pixel off the setup photo's: "something crosses the
    beach's edge", the beach unknown, and with a canoe too few T2, T3, T5 and L1 too.
    Where gems are not read, a change in the band counts only where it spans the band's
    width (``beach_guard_blurred_mm``): the frame is read whole, nothing wrongly. (With the
    Pi's OpenCV the frame renders a little otherwise and its band is not crossed either
    way: the rule itself is tested above with a band made by hand.)"""
    from .scenes import read_scene
    from .test_wrong_readings import wrong

    _, truth, (now,) = read_scene("lowres", 113030148, VisionConfig())
    assert wrong(now, truth) == []
    assert now.unknown == ()
