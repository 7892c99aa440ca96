"""Learning a table from one setup photo, on boards the defaults were not tuned for."""

import json
import re
from dataclasses import replace

import cv2
import numpy as np
import pytest

from companion.board import SLOTS
from companion.cli import main
from companion.state import Canoe, FrozenMap, GameState, Options, new_game
from vision.config import DEFAULT_CANOE_BGR, VisionConfig
from vision.detector import Detector, canoes_in_play
from vision.profile import (
    ProfileError,
    SetupError,
    TableProfile,
    _seen_scale,
    _split_canoes,
    assign_colours,
    learn_profile,
    load_profile,
)
from vision.synth import Glare, SceneConfig, ground_truth, render

from .conftest import position
from .scenes import read_scene, setup_photo
from .test_wrong_readings import wrong  # (a gem left unknown is no wrong reading)

PLAYERS = ["red", "green", "blue"]


@pytest.fixture(scope="module")
def table():
    """A board of a held-out art family, tilted, canoes with height; its setup photo."""
    scene = replace(SceneConfig.varied(7, family="glacier", clutter=0), tilt_deg=12.0)
    setup = render(new_game(PLAYERS), seed=7, scene=scene)
    return scene, setup


def test_a_learned_profile_reads_a_board_the_defaults_cannot(table):
    scene, setup = table
    state = position()
    frame = render(state, seed=8, scene=scene)
    plain = Detector(colours=PLAYERS).analyse(frame)
    det = Detector()
    det.use_profile(learn_profile(setup, PLAYERS))
    seen = det.analyse(frame)
    truth = ground_truth(state)
    assert wrong(seen, truth) == [] and wrong(plain, truth) == []
    def unread(obs):
        return len(obs.unknown) + sum(v == "unknown" for v in obs.discs.values())

    assert unread(seen) <= 1 < unread(plain)
    assert seen.weather == 1


def test_profile_round_trips_through_json(table, tmp_path):
    profile = learn_profile(table[1], PLAYERS)
    profile.save(tmp_path / "p.json")
    again = load_profile(tmp_path / "p.json")
    assert again.canoe_bgr == profile.canoe_bgr and again.players == ("red", "green", "blue")
    assert TableProfile.from_json(json.loads((tmp_path / "p.json").read_text())).to_json() \
        == again.to_json()
    assert again.to_json()["beach_glare_at_setup"] is False  # no lamp on this table
    data = json.loads((tmp_path / "p.json").read_text())
    del data["beach_glare_at_setup"]  # a profile learned before the key: false
    assert TableProfile.from_json(data).look.beach_glare is False
    data["beach_glare_at_setup"] = "yes"
    with pytest.raises(ProfileError, match="beach_glare_at_setup must be true or false"):
        TableProfile.from_json(data)


def test_the_weather_prints_middle_round_trips_and_older_profiles_know_none(table):
    profile = learn_profile(table[1], PLAYERS)
    centre = profile.look.weather_print
    assert centre is not None and centre.shape == (2,)  # a track printed alike
    data = json.loads(json.dumps(profile.to_json()))
    again = TableProfile.from_json(data).look.weather_print
    assert again is not None and np.abs(again - centre).max() <= 5e-5
    del data["weather_print"]  # a profile learned before the key: not known
    assert TableProfile.from_json(data).look.weather_print is None
    data["weather_print"] = [0.1, "x"]
    with pytest.raises(ProfileError, match="weather_print must be two numbers or null"):
        TableProfile.from_json(data)


def test_where_the_setup_photo_showed_the_markers_round_trips_and_older_profiles_know_none(
        table):
    profile = learn_profile(table[1], PLAYERS)
    marks = profile.setup_markers
    assert marks is not None and marks.image_size == (table[1].shape[1], table[1].shape[0])
    assert sorted(marks.corners) == [0, 1, 2, 3]
    data = json.loads(json.dumps(profile.to_json()))
    again = TableProfile.from_json(data).setup_markers
    assert again is not None and again.image_size == marks.image_size
    assert all(np.abs(again.corners[k] - marks.corners[k]).max() <= 0.005 for k in marks.corners)
    del data["setup_markers"]  # a profile learned before the key
    assert TableProfile.from_json(data).setup_markers is None
    data["setup_markers"] = {"image_size": [640, 480], "corners": {"0": [[1, 2], [3, 4]]}}
    with pytest.raises(ProfileError, match="setup_markers must give the setup photo's"):
        TableProfile.from_json(data)


def test_a_frame_showing_two_markers_where_they_were_at_setup_is_read_with_the_others_there(
        table):
    scene, setup = table
    profile = learn_profile(setup, PLAYERS)
    assert profile.setup_markers is not None
    state = position()
    frame = render(state, seed=8, scene=scene)
    for quad in (profile.setup_markers.corners[k] for k in (0, 2)):  # an elbow over two
        (x0, y0), (x1, y1) = quad.min(0).astype(int) - 6, quad.max(0).astype(int) + 6
        frame[max(y0, 0):y1, max(x0, 0):x1] = (70, 90, 120)
    det = Detector()
    det.use_profile(profile)
    seen = det.analyse(frame)
    assert seen.board_found and wrong(seen, ground_truth(state)) == []
    assert len(seen.unknown) <= 1
    assert det.last_pose is not None and det.last_pose.markers == (1, 3)  # (white: seen ones)
    # The board or the camera moved since: the two markers seen are not where they were.
    moved = np.roll(frame, 9, axis=1)
    fresh = Detector()
    fresh.use_profile(profile)
    assert not fresh.analyse(moved).board_found
    # Without the setup photo's markers (an older profile), as before: not found.
    fresh.use_profile(replace(profile, setup_markers=None))
    assert not fresh.analyse(frame).board_found


def test_a_small_frame_losing_a_marker_to_noise_is_read_with_it_where_it_was_at_setup():
    """Used 112030260 at 640x480: three markers in the setup photo, two found in the
    frame, 0.5 and 1.0 px from where they were: the board was not found, every position
    unknown. With ``still_markers`` the third is taken where it was, and all is read."""
    from .scenes import read_scene

    _, truth, (now, before) = read_scene("lowres", 112030260, VisionConfig(),
                                         VisionConfig(still_markers=0))
    # (The Pi's OpenCV finds the third marker in this frame: both read it then.)
    assert not before.board_found or (before.discs, before.canoes, before.unknown) == (
        now.discs, now.canoes, now.unknown)
    assert now.board_found and wrong(now, truth) == [] and len(now.unknown) <= 2


def test_where_each_disc_showed_at_setup_round_trips_and_older_profiles_look_on_centre(
        table):
    data = json.loads(json.dumps(learn_profile(table[1], PLAYERS).to_json()))
    offsets = data["disc_offset_mm"]
    assert sorted(offsets) == sorted(SLOTS)
    assert all(len(v) == 2 and max(map(abs, v)) <= VisionConfig().disc_offset_max_mm
               for v in offsets.values())
    again = TableProfile.from_json(data).look.disc_offset
    assert again is not None and again.tolist() == [offsets[s] for s in SLOTS]
    del data["disc_offset_mm"]  # a profile learned before the key: on the slots' centres
    assert TableProfile.from_json(data).look.disc_offset is None
    data["disc_offset_mm"] = {**offsets, "T3": [40.0, 0.0]}
    with pytest.raises(ProfileError, match="disc_offset_mm holds bad values"):
        TableProfile.from_json(data)
    data["disc_offset_mm"] = {"T3": [0.0, 0.0]}
    with pytest.raises(ProfileError, match=r"disc_offset_mm must give \[dx, dy\] for T1"):
        TableProfile.from_json(data)


def test_how_the_river_looked_at_setup_round_trips_and_older_profiles_know_no_bare_slot(
        table):
    profile = learn_profile(table[1], PLAYERS)
    looks = profile.look.slot_looks
    assert looks is not None and not looks.unkept.any()  # no Joe, no glare: every slot kept
    data = json.loads(json.dumps(profile.to_json()))
    assert data["slot_looks"]["unkept"] == [] and len(data["slot_looks"]["feats"]) == len(
        looks.feats)
    again = TableProfile.from_json(data).look.slot_looks
    assert again is not None and again.shape == looks.shape
    assert np.allclose(again.feats, looks.feats, atol=5e-4)
    data["slot_looks"]["unkept"] = ["T1"]
    unkept = TableProfile.from_json(data).look.slot_looks
    assert unkept is not None and unkept.unkept.tolist() == [s == "T1" for s in SLOTS]
    del data["slot_looks"]  # a profile learned before the key: no slot is known bare
    assert TableProfile.from_json(data).look.slot_looks is None
    data["slot_looks"] = {"shape": [10, 10], "unkept": [], "feats": [[0.0, float("nan")]]}
    with pytest.raises(ProfileError, match="slot_looks hold bad values"):
        TableProfile.from_json(data)
    data["slot_looks"] = {"shape": [10, 10], "feats": []}
    with pytest.raises(ProfileError, match="slot_looks must be an object with shape, unkept"):
        TableProfile.from_json(data)


def test_joe_s_slot_at_setup_is_not_kept_as_bare(table):
    scene, _ = table
    setup = render(new_game(PLAYERS, Options(diamanten_joe=True)), seed=7, scene=scene)
    looks = learn_profile(setup, PLAYERS, joe=True).look.slot_looks
    assert looks is not None and looks.unkept.tolist() == [s == "T1" for s in SLOTS]


@pytest.mark.parametrize(("change", "says"), [
    ({"state": position()}, "1 canoe seen on the beach, expected 6"),
    ({"discs": ["T1", "T2", "T3", "T5", "L1", "L2", "R1", "R2"]}, "no disc seen on T4"),
    ({"faults": [("weather", 2)]}, "weather marker is not seen on 0"),
])
def test_a_photo_that_is_no_start_position_says_what_is_missing_where(table, change, says):
    scene, _ = table
    state = change.pop("state", new_game(PLAYERS))
    frame = render(state, seed=7, scene=scene, **change)
    with pytest.raises(SetupError, match=says):
        learn_profile(frame, PLAYERS)


def test_cli_learn_then_detect_with_the_profile(table, tmp_path, capsys):
    scene, setup = table
    cv2.imwrite(str(tmp_path / "setup.png"), setup)
    cv2.imwrite(str(tmp_path / "frame.png"), render(position(), seed=8, scene=scene))
    out = tmp_path / "table.json"
    assert main(["learn", str(tmp_path / "setup.png"), "--players", "red,green,blue",
                 "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["detect", str(tmp_path / "frame.png"), "--profile", str(out), "--json"]) == 0
    with_profile = json.loads(capsys.readouterr().out)
    assert main(["detect", str(tmp_path / "frame.png"), "--players", "red,green,blue",
                 "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert list(with_profile) == list(plain)  # today's JSON shape
    assert [c for c in with_profile["canoes"] if c["at"] == "T3"] == [
        {"colour": "red", "at": "T3", "gem": None}, {"colour": "red", "at": "T3", "gem": "pink"}]
    assert main(["detect", str(tmp_path / "frame.png"), "--players", "red,green,blue"]) == 0
    assert "a table profile from a setup photo is needed" in capsys.readouterr().out


@pytest.mark.parametrize("content", ["", "{", '{"version": 1}', "[1, 2]",
                                     '{"version": 1, "players": ["red"], "joe": false}'])
def test_a_bad_profile_file_is_one_line_and_exit_1(tmp_path, capsys, content):
    cv2.imwrite(str(tmp_path / "f.png"), render(new_game(PLAYERS), seed=1, size=(640, 480)))
    (tmp_path / "p.json").write_text(content)
    assert main(["detect", str(tmp_path / "f.png"), "--profile", str(tmp_path / "p.json")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and "p.json" in err


def test_learn_refuses_a_picture_without_the_start_position_in_one_line(tmp_path, capsys):
    cv2.imwrite(str(tmp_path / "mid.png"), render(position(), seed=2))
    assert main(["learn", str(tmp_path / "mid.png"), "--players", "red,green,blue",
                 "--out", str(tmp_path / "p.json")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "setup photo" in err
    assert not (tmp_path / "p.json").exists()


def test_a_faint_weather_marker_is_learned_as_the_one_dark_space():
    """At 640x480 a small marker blurs light (less than the default's darkness), yet it
    is the one space clearly darker than the others: learned, and read where it moves
    (seeded scene of a tuning family where setup learning used to refuse)."""
    # (30043: a scene whose marker is faint with a margin under both OpenCV 5 and the
    # Pi's OpenCV 4.11, whose blur differs slightly: the scene first chosen, 30029 with
    # another fill, sat 0.006 from the gap rule under 4.11.)
    scene = SceneConfig.varied(30043, family="lagoon")
    players = ["green", "yellow", "red"]
    setup = render(new_game(players), seed=30043, scene=scene, size=(640, 480))
    profile = learn_profile(setup, players)
    assert profile.look.weather_token is not None
    assert -0.35 < profile.look.weather_token[0] < -0.1  # fainter than the default asks
    det = Detector()
    det.use_profile(profile)
    for weather in (-1, 0, 1, 2):
        state = new_game(players).replace(weather=weather)
        seen = det.analyse(render(state, seed=30044, scene=scene, size=(640, 480)))
        assert seen.weather in (weather, None)
    # The marker elsewhere than on 0 is still refused.
    moved = render(new_game(players), seed=30043, scene=scene, size=(640, 480),
                   faults=[("weather", 2)])
    with pytest.raises(SetupError, match="weather marker is not seen on 0"):
        learn_profile(moved, players)


def test_a_canoe_under_a_glare_spot_at_setup_takes_its_twins_colour():
    """A glare spot on the beach washes one blue canoe out (its colour plus white light):
    the setup photo is learned, the blue from the other canoe, and the game is read
    without a wrong position (seeded scene of a tuning family, once refused)."""
    players = ["blue", "green", "red", "yellow"]
    plain = SceneConfig.varied(5050013, family="lagoon")
    scene = replace(plain, glare=Glare((16.8, 92.8), 26.6, 0.6), flicker=0.13)
    setup = render(new_game(players), seed=5050013, scene=scene)
    profile = learn_profile(setup, players)
    clean = learn_profile(render(new_game(players), seed=5050013, scene=plain), players)
    for colour in players:
        assert np.linalg.norm(np.subtract(profile.canoe_bgr[colour], clean.canoe_bgr[colour])) \
            < 40, colour
    state = new_game(players).replace(canoes=FrozenMap({
        "blue": (Canoe("T1"), Canoe("T5", "blue")), "green": (Canoe("R2", "pink"), Canoe("beach")),
        "red": (Canoe("R1"), Canoe("T1")), "yellow": (Canoe("R1"), Canoe("beach"))}))
    det = Detector()
    det.use_profile(profile)
    seen = det.analyse(render(state, seed=5050014, scene=scene), in_play=canoes_in_play(state))
    assert wrong(seen, ground_truth(state)) == []
    assert len(seen.unknown) <= 4


def test_faint_disc_rims_at_640x480_are_discs_and_a_missing_disc_is_still_refused():
    """At 640x480 the discs' rims are faint (0.02-0.06 on this seeded tuning board, T1's
    under the default's 0.03): judged against the other slots', every disc is seen; an
    empty slot's contrast is noise, and a disc missing is still named."""
    players = ["yellow", "green", "red", "blue"]
    scene = replace(SceneConfig.varied(5030004, family="zoch"), fill=0.6227422429475756)
    setup = render(new_game(players), seed=5030004, scene=scene, size=(640, 480))
    learn_profile(setup, players)
    short = render(new_game(players), seed=5030004, scene=scene, size=(640, 480),
                   discs=["T1", "T2", "T3", "T5", "L1", "L2", "R1", "R2"])
    with pytest.raises(SetupError, match="no disc seen on T4"):
        learn_profile(short, players)


def test_joe_blurred_into_a_saturated_river_at_640x480_is_seen_and_his_absence_refused():
    """Seeded tuning scene 4030002 (an indigo river at 640x480): Diamanten Joe's pale wood
    blurs with the deep blue river into greys that passed for a highlight of the riverbed,
    and the photo was refused ("Joe's canoe is not seen on T1"). Those greys count on T1
    now: learned, with his colour pale wood; without him on T1, still refused."""
    players = ["yellow", "green", "brown", "red"]
    scene = replace(SceneConfig.varied(4030002, family="indigo"), fill=0.5510674144110969)
    setup = render(new_game(players, Options(diamanten_joe=True)), seed=4030002, scene=scene,
                   size=(640, 480))
    profile = learn_profile(setup, players, joe=True)
    b, g, r = profile.canoe_bgr["joe"]
    assert r > g > b  # pale wood, not the river's blue
    without = render(new_game(players), seed=4030002, scene=scene, size=(640, 480))
    with pytest.raises(SetupError, match="Joe's canoe is not seen on T1"):
        learn_profile(without, players, joe=True)


def test_a_rim_a_little_under_a_third_of_the_others_is_a_disc_and_none_is_still_refused():
    """Seeded tuning scene 13110011 (chalk art, light disc rims): R2's rim at setup came to
    0.029, the slots' median 0.085: under 0.35 of it, the photo was refused ("no disc seen
    on R2"). A rim counts from 0.3 of the median (``disc_min_learned_share``; an empty
    slot's contrast is noise under 0.01): learned; without R2's disc, still refused."""
    players = ["brown", "red", "green", "yellow", "blue"]
    scene = replace(SceneConfig.varied(13110011, family="chalk"),
                    motion_blur_px=15.85303004230681, motion_blur_deg=162.37752448296624)
    setup = render(new_game(players), seed=13110011, scene=scene)
    with pytest.raises(SetupError, match="no disc seen on R2"):
        learn_profile(setup, players, config=VisionConfig(disc_min_learned_share=0.35))
    learn_profile(setup, players)
    short = render(new_game(players), seed=13110011, scene=scene,
                   discs=["T1", "T2", "T3", "T4", "T5", "L1", "L2", "R1"])
    with pytest.raises(SetupError, match="no disc seen on R2"):
        learn_profile(short, players)


def test_under_a_steep_tilt_canoes_touching_in_pairs_are_counted_from_their_total_area():
    """At 29 degrees of tilt the canoes' sides make four of six touch in pairs: the median
    object is two canoes, not one (seeded tuning scene, once "2 canoes seen"). The
    objects' total area over the six canoes expected gives one canoe's size."""
    players = ["green", "blue", "yellow"]
    scene = replace(SceneConfig.varied(5010078, family="moss"), tilt_deg=28.6622701918956)
    setup = render(new_game(players), seed=5010078, scene=scene)
    det = Detector(colours=players)
    det.learn_table(setup, players)
    assert det.profile is not None and sorted(det.profile.canoe_bgr) == sorted(players)
    state = new_game(players)
    seen = det.analyse(render(state, seed=5010079, scene=scene), in_play=canoes_in_play(state))
    assert wrong(seen, ground_truth(state)) == []
    assert sorted(c.colour for c in seen.canoes) == sorted(players * 2)


def test_brown_canoes_on_a_brown_beach_are_counted_and_one_missing_is_still_refused():
    """On a dark board's brown beach a brown canoe is only a little darker than the sand
    (as a shadow is): only its outline and well stood out, and setup learning saw 4 of
    the 6 canoes (seeded tuning scene at 22 degrees of tilt). Looked at again with such a
    hull taken for an object, all six are counted and paired; a brown canoe taken off the
    beach is still refused, saying how many were seen."""
    players = ["red", "brown", "green"]
    scene = replace(SceneConfig.varied(5010076, family="ink"), tilt_deg=22.439747845220353)
    setup = new_game(players, Options(diamanten_joe=True))
    profile = learn_profile(render(setup, seed=5010076, scene=scene), players, joe=True)
    assert sorted(profile.canoe_bgr) == sorted([*players, "joe"])
    brown, red = np.array(profile.canoe_bgr["brown"]), np.array(profile.canoe_bgr["red"])
    assert brown[2] < red[2] and brown.sum() < 1.5 * 255  # a dull brown, not the red
    # Brown hides on this beach: said in the profile (and kept through its JSON).
    assert profile.look.sand_like == ("brown",)
    assert TableProfile.from_json(profile.to_json()).look.sand_like == ("brown",)
    state = setup.replace(canoes=FrozenMap({
        "red": (Canoe("T2"), Canoe("beach")), "brown": (Canoe("L1", "blue"), Canoe("beach")),
        "green": (Canoe("beach"), Canoe("R2"))}))
    det = Detector()
    det.use_profile(profile)
    seen = det.analyse(render(state, seed=5010077, scene=scene), in_play=canoes_in_play(state))
    assert wrong(seen, ground_truth(state)) == []
    short = setup.replace(canoes=FrozenMap({**setup.canoes,
                                            "brown": (Canoe("beach"), Canoe("lost"))}))
    with pytest.raises(SetupError, match="5 canoes seen on the beach, expected 6"):
        learn_profile(render(short, seed=5010076, scene=scene), players, joe=True)


def test_a_brown_canoe_seen_by_its_outline_alone_is_looked_at_again_not_refused():
    """At 640x480 on an ochre beach one brown canoe stood out by its outline and shade
    alone: its colour, read from them, was unlike its twin's, and setup refused "the two
    brown canoes look different" (seeded tuning scene). Looked at again with a hull darker
    than the sand taken for an object, the twins match and brown is learned as a brown."""
    players = ["yellow", "blue", "red", "green", "brown"]
    scene = replace(SceneConfig.varied(5030075, family="teal"), fill=0.7862715422049346)
    profile = learn_profile(render(new_game(players), seed=5030075, scene=scene,
                                   size=(640, 480)), players)
    b, _, r = profile.canoe_bgr["brown"]
    assert r > b and r > 1.2 * b and r < profile.canoe_bgr["red"][2]


def test_a_marker_blurred_as_light_as_its_edge_at_640x480_is_still_the_one_dark_space():
    """At 640x480 the weather marker on 0 blurred to its printed edge's darkness (an empty
    space's centre is lighter than its edge by 0.18-0.23 here): refused before, though the
    darkness a reading asks of it lies well below every empty space's. Learned, the weather
    is read where it moves or not at all; the marker elsewhere is still refused, saying
    where it lies."""
    players = ["yellow", "green", "blue", "brown"]
    scene = replace(SceneConfig.varied(6030022, family="lagoon"), fill=0.5540072964559702)
    setup = render(new_game(players), seed=6030022, scene=scene, size=(640, 480))
    profile = learn_profile(setup, players)
    # (With numpy 2 / OpenCV 5 this marker is that faint and the code before refused the
    # photo; OpenCV 4.11 on the Pi draws it darker, within the clear marker's rule: the
    # claims below hold for both.)
    assert profile.look.weather_token is not None
    det = Detector()
    det.use_profile(profile)
    seen = [det.analyse(render(new_game(players).replace(weather=weather), seed=6030023,
                               scene=scene, size=(640, 480))).weather
            for weather in (-1, 0, 1, 2)]
    assert all(s in (w, None) for s, w in zip(seen, (-1, 0, 1, 2), strict=True))
    assert seen.count(None) <= 2
    for weather in (1, 2):
        moved = render(new_game(players), seed=6030022, scene=scene, size=(640, 480),
                       faults=[("weather", weather)])
        with pytest.raises(SetupError, match=rf"weather marker is not seen on 0.*lies on "
                                             rf"\+{weather}: move it to 0"):
            learn_profile(moved, players)


def test_a_marker_hiding_part_of_its_spaces_edge_is_learned_and_read_where_it_moves():
    """Under 2764 K light (seed 4090037, moss art) the weather marker on 0 is plainly the
    one dark space, but it hides a fifth of its space's printed edge (0.81 looks like the
    print): the setup was refused, the edge asked as for reading (0.85). At setup the
    marker's own space asks 0.7 (``weather_setup_print``); the marker moved off 0 is still
    refused, and the weather is read where it moves or not at all."""
    players = ["red", "green", "brown", "yellow"]
    scene = replace(SceneConfig.varied(4090037, family="moss"), kelvin=2764.124022196563,
                    white_balance=0.12226283404364835)
    start = new_game(players, Options(diamanten_joe=True))
    setup = render(start, seed=4090037, scene=scene, size=(1280, 720))
    with pytest.raises(SetupError, match="weather marker is not seen on 0"):
        learn_profile(setup, players, joe=True, config=VisionConfig(weather_setup_print=0.85))
    profile = learn_profile(setup, players, joe=True)
    det = Detector()
    det.use_profile(profile)
    seen = [det.analyse(render(start.replace(weather=weather), seed=4090038, scene=scene,
                               size=(1280, 720))).weather for weather in (-1, 0, 1, 2)]
    assert all(s in (w, None) for s, w in zip(seen, (-1, 0, 1, 2), strict=True))
    assert seen.count(None) <= 1
    moved = render(start, seed=4090037, scene=scene, size=(1280, 720),
                   faults=[("weather", 2)])
    with pytest.raises(SetupError, match="weather marker is not seen on 0"):
        learn_profile(moved, players, joe=True)


def test_a_red_canoe_at_the_edge_of_a_glare_spot_takes_its_twins_colour():
    """At a glare spot's edge one red canoe is its twin's red plus 0.08-0.09 of white:
    already 0.31 apart in chroma (refused "the two red canoes look different"), yet it
    fits "its twin plus white light" within 1 %: learned, red from the other canoe
    (seeded tuning scene on a dark board)."""
    players = ["red", "brown", "yellow", "green"]
    plain = SceneConfig.varied(6050069, family="ink")
    scene = replace(plain, glare=Glare((30.30478898112785, 280.4215300513059),
                                       50.34337698228585, 0.7359931925150978),
                    flicker=0.1371883364190727)
    profile = learn_profile(render(new_game(players), seed=6050069, scene=scene), players)
    clean = learn_profile(render(new_game(players), seed=6050069, scene=plain), players)
    for colour in players:
        assert np.linalg.norm(np.subtract(profile.canoe_bgr[colour], clean.canoe_bgr[colour])) \
            < 40, colour


def test_a_glare_spots_light_on_pale_sand_is_no_canoe_at_setup():
    """Held-out benchmark scene 124050000 under glare: the spot lies on a pale beach
    between the canoes, an object brighter than the markers' white, two canoes' area,
    with no well at its middle. It was taken for two canoes (12 of 10 counted, the photo
    refused); it is no canoe now (``setup_patch_level``): the table is learned, each
    player's colour within 45 of the same photo's without the lamp (each pair's colour is
    its twin with less of the spot's light: yellow's lies in a darker flicker band, 43
    off), and its frame is read without a wrong reading."""
    made, setup = setup_photo("glare+flicker", 124050000)
    players = list(made.state.players)
    camera = made.detector.camera
    with pytest.raises(SetupError, match="12 canoes seen on the beach, expected 10"):
        learn_profile(setup, players, camera=camera, config=VisionConfig(setup_patch_level=0))
    profile = learn_profile(setup, players, camera=camera)
    _, plain = setup_photo("glare+flicker", 124050000, glare=False)
    clean = learn_profile(plain, players, camera=camera)
    for colour in players:
        assert np.linalg.norm(np.subtract(profile.canoe_bgr[colour], clean.canoe_bgr[colour])) \
            < 45, colour
    _, truth, (seen,) = read_scene("glare+flicker", 124050000, VisionConfig())
    assert seen.board_found and wrong(seen, truth) == []


def test_splitting_touching_canoes_gives_the_same_parts_every_time():
    """k-means starts from random centres; the same photo must give the same profile
    whatever OpenCV's generator did before (a setup photo was refused one time in four)."""
    rng = np.random.default_rng(7)
    body = np.zeros((40, 90), bool)
    body[5:35, 5:85] = True
    bgr = (np.full((40 * 90, 3), 120.0) + rng.normal(0, 20, (40 * 90, 3))).astype(np.float32)
    parts = []
    for _i in range(4):
        cv2.kmeans(rng.random((50, 2), np.float32), 3, None,
                   (cv2.TERM_CRITERIA_MAX_ITER, 5, 1.0), 1, cv2.KMEANS_RANDOM_CENTERS)
        got = _split_canoes(bgr, body, 3, 40.0, VisionConfig())
        assert got is not None
        parts.append(np.stack(got))
    assert all(np.array_equal(parts[0], p) for p in parts[1:])


def test_a_glare_spot_over_t1_at_setup_with_joe_is_refused_with_what_to_do():
    """Diamanten Joe's colour is learned from his canoe on T1 alone: a glare spot washing
    T1 out made it some other colour, and Joe's canoe on T4 was later read as brown (a
    wrong reading). Now the setup photo is refused, saying why and what to do; without
    Joe in play the same photo is learned (T1 is only one slot of nine)."""
    players = ["red", "yellow", "brown", "blue"]
    scene = replace(SceneConfig.varied(6050053, family="chalk"), flicker=0.07456707918281545,
                    glare=Glare((145.73552379663937, 159.51101749025224), 62.65484305607298,
                                0.5887536704137731))
    setup = render(new_game(players, Options(diamanten_joe=True)), seed=6050053, scene=scene)
    with pytest.raises(SetupError, match=r"glare spot washes out T1.*move the lamp"):
        learn_profile(setup, players, joe=True)
    learn_profile(render(new_game(players), seed=6050053, scene=scene), players)


def test_a_river_printed_lighter_around_t1_is_no_glare_spot_and_joe_is_learned():
    """Seeded tuning scene 13060004 (chalk art, no glare spot): the river's print is 14 %
    brighter around T1 than the rings' median, fitted as a little white light, and the
    setup photo with Joe in play was refused ("a glare spot washes out T1"). The refusal
    now asks T1 brighter by ``joe_glare_brighter`` (20 %): this photo is learned, and Joe
    read on T2 in the frame; the glare spot of the test above is still refused."""
    players = ["red", "brown", "yellow", "green"]
    scene = SceneConfig.varied(13060004, family="chalk")
    start = new_game(players, Options(diamanten_joe=True))
    setup = render(start, seed=13060004, scene=scene)
    with pytest.raises(SetupError, match="glare spot washes out T1"):
        learn_profile(setup, players, joe=True, config=VisionConfig(joe_glare_brighter=0.12))
    det = Detector()
    det.use_profile(learn_profile(setup, players, joe=True))
    state = start.replace(canoes=FrozenMap({
        "red": (Canoe("T2"), Canoe("beach")), "brown": (Canoe("T1", "violet"), Canoe("beach")),
        "yellow": (Canoe("T3"), Canoe("T5")), "green": (Canoe("R1"), Canoe("beach"))}),
        joe=Canoe("T2"), weather=2)
    seen = det.analyse(render(state, seed=13060005, scene=scene), in_play=canoes_in_play(state))
    from .test_wrong_readings import wrong

    assert wrong(seen, ground_truth(state)) == []
    assert "T2" not in seen.unknown and "joe" in {c.colour for c in seen.canoes_at("T2")}


def test_a_glare_spots_halo_on_the_river_is_no_canoe_and_a_canoe_there_is_still_refused():
    """A glare spot over T3 lights the riverbed around it with white light up to
    saturation: its halo on T4 was taken for "something stands on T4" (seeded tuning
    scene). The river's colour plus white light is a halo, not a canoe: learned, and the
    game read without a wrong position; a canoe put on T4 is still refused."""
    players = ["red", "yellow", "brown", "blue"]
    plain = SceneConfig.varied(5050012, family="teal")
    scene = replace(plain, glare=Glare((265.8661090993298, 98.50099159271285),
                                       65.55088811837209, 0.7682786904642356),
                    flicker=0.07007168356537762)
    setup = new_game(players)
    profile = learn_profile(render(setup, seed=5050012, scene=scene), players)
    clean = learn_profile(render(setup, seed=5050012, scene=plain), players)
    for colour in players:
        assert np.linalg.norm(np.subtract(profile.canoe_bgr[colour], clean.canoe_bgr[colour])) \
            < 40, colour
    state = setup.replace(canoes=FrozenMap({
        "red": (Canoe("T2"), Canoe("beach")), "yellow": (Canoe("L1", "blue"), Canoe("beach")),
        "brown": (Canoe("beach"), Canoe("R2")), "blue": (Canoe("T5"), Canoe("beach"))}))
    det = Detector()
    det.use_profile(profile)
    seen = det.analyse(render(state, seed=5050013, scene=scene), in_play=canoes_in_play(state))
    assert wrong(seen, ground_truth(state)) == []
    on_t4 = setup.replace(canoes=FrozenMap({**setup.canoes,
                                            "red": (Canoe("T4"), Canoe("beach"))}))
    with pytest.raises(SetupError, match="7 canoes seen on the beach, expected 8"):
        learn_profile(render(on_t4, seed=5050012, scene=scene), players)


def test_a_canoe_washed_out_by_glare_on_the_beach_is_learned_one_missing_too_not_two():
    """A glare spot on the beach washes a brown canoe out towards the sand's colour: only
    part of it stood out, and setup saw 5 of 6 canoes (seeded tuning scene). With the
    spot's white light taken off the beach is read again: all six are counted, each colour
    as learned without the glare. With a brown canoe taken off, the spot's core could hide
    it: the colours are learned (brown from its twin), with a note saying one canoe is not
    seen and what to do; with both taken off, brown cannot be learned and the photo is
    refused, saying to move the lamp."""
    players = ["blue", "green", "brown"]
    scene, setup, clean = learned_through_glare(
        players, 5050050, "lagoon", Glare((121.07076811140966, 235.66022821798313),
                                          54.500629952851355, 0.6577278187812934),
        0.05698775343360549)
    for gone in ((Canoe("beach"), Canoe("lost")), (Canoe("lost"), Canoe("beach"))):
        one_off = setup.replace(canoes=FrozenMap({**setup.canoes, "brown": gone}))
        profile = learn_profile(render(one_off, seed=5050050, scene=scene), players)
        assert near(profile, clean, players)
        assert len(profile.notes) == 1
        assert re.match(r"1 canoe is not seen on the beach, where a glare spot may hide it.*"
                        r"every canoe is on the beach.*move the lamp", profile.notes[0])
        assert TableProfile.from_json(json.loads(json.dumps(profile.to_json()))).notes \
            == profile.notes
    both_off = setup.replace(canoes=FrozenMap({**setup.canoes,
                                               "brown": (Canoe("lost"), Canoe("lost"))}))
    with pytest.raises(SetupError, match=r"4 canoes seen on the beach, expected 6.*move the lamp"):
        learn_profile(render(both_off, seed=5050050, scene=scene), players)
    # Without the glare one canoe missing is refused as ever.
    plain = SceneConfig.varied(5050050, family="lagoon")
    one_off = setup.replace(canoes=FrozenMap({**setup.canoes,
                                              "brown": (Canoe("beach"), Canoe("lost"))}))
    with pytest.raises(SetupError, match=r"5 canoes seen on the beach, expected 6") as refused:
        learn_profile(render(one_off, seed=5050050, scene=plain), players)
    assert "lamp" not in str(refused.value)


def test_a_canoe_washed_out_but_for_its_well_is_counted_at_setup():
    """Reporting scene 45050047 (dusk; a lamp's light over the beach too weak to be taken
    for a glare spot there): a brown canoe washed out into the sand showed little more
    than its outline and its dark well, and setup saw 5 of 6 canoes. A spot darker than
    all around it, of a well's size, where no canoe was counted, is now one canoe: the
    colours are learned (each nearer its own colour in the photo without the lamp than
    any other) and the frame is read with no wrong reading. With that canoe taken off,
    no well is there and the photo is refused as ever."""
    from .test_wrong_readings import bench_scene, wrong

    seed = 45050047
    state, faults, scene, size = bench_scene("glare+flicker", seed, "dusk")
    players = list(state.players)
    setup = new_game(state.players, state.options)
    quiet = replace(scene, hands=(), between=0.0)
    photo = render(setup, seed=seed, scene=quiet, size=size)
    joe = state.joe is not None
    with pytest.raises(SetupError, match=r"5 canoes seen on the beach, expected 6"):
        learn_profile(photo, players, joe=joe, config=VisionConfig(setup_well_mm=0.0))
    profile = learn_profile(photo, players, joe=joe)
    clean = learn_profile(render(setup, seed=seed, scene=replace(quiet, glare=None), size=size),
                          players, joe=joe)
    for colour in players:
        gaps = {c: np.linalg.norm(np.subtract(profile.canoe_bgr[colour], clean.canoe_bgr[c]))
                for c in players}
        assert min(gaps, key=gaps.__getitem__) == colour, gaps
    det = Detector()
    det.use_profile(profile)
    frame = render(state, seed=seed + 1, scene=scene, faults=faults, size=size)
    seen = det.analyse(frame, in_play=canoes_in_play(state))
    assert wrong(seen, ground_truth(state, faults=faults)) == []
    # The washed-out canoe is the brown one at the beach's top left (nearest the spot).
    for gone in ((Canoe("beach"), Canoe("lost")), (Canoe("lost"), Canoe("beach"))):
        short = setup.replace(canoes=FrozenMap({**setup.canoes, "brown": gone}))
        try:
            learn_profile(render(short, seed=seed, scene=quiet, size=size), players, joe=joe)
        except SetupError as exc:
            assert "5 canoes seen on the beach" in str(exc) or "4 canoes" in str(exc), exc
        else:
            raise AssertionError(f"a setup photo without a brown canoe ({gone}) was learned")


def test_a_dark_canoe_on_the_sand_is_counted_by_the_well_inside_its_dark_hull():
    """Reporting 47010080 (offset 47, used; dusk, a steep tilt): a brown canoe about as dark
    as the sand in shade made no object, and setup saw 9 of 10 canoes. Its hull is darker
    than the sand around it too, so hull and well made one dark spot, bigger than a well,
    and the wells look found nothing. A spot bigger than a well now keeps its darker half
    (the well): the photo is learned, each colour nearer its default than any other
    colour learned, and the frame is read with no wrong reading."""
    import benchmarks.vision_conditions as vc

    from .test_wrong_readings import bench_scene, wrong

    seed = 47010080
    rng = np.random.default_rng([seed, 0xC0DE])
    state, faults, scene, size = bench_scene("parallax", seed, "dusk", rng)
    camera = vc.camera_for("parallax", scene, size, rng)
    setup = render(new_game(state.players, state.options), seed=seed,
                   scene=replace(scene, hands=(), between=0.0), size=size)
    joe = state.joe is not None
    with pytest.raises(SetupError, match=r"9 canoes seen on the beach, expected 10"):
        learn_profile(setup, state.players, joe=joe, camera=camera,
                      config=VisionConfig(setup_well_mm=0.0))
    profile = learn_profile(setup, state.players, joe=joe, camera=camera)
    for colour in state.players:
        gaps = {c: np.linalg.norm(np.subtract(bgr, DEFAULT_CANOE_BGR[colour]))
                for c, bgr in profile.canoe_bgr.items() if c != "joe"}
        assert min(gaps, key=gaps.__getitem__) == colour, profile.canoe_bgr
    det = Detector(camera=camera)
    det.use_profile(profile)
    frame = render(state, seed=seed + 1, scene=scene, faults=faults, size=size)
    seen = det.analyse(frame, in_play=canoes_in_play(state))
    assert wrong(seen, ground_truth(state, faults=faults)) == []


def test_a_grey_patch_is_no_twin_under_glare_where_no_glare_lies_on_the_beach():
    """Tuning scene 4010077 (teal, a tilted camera), a blue canoe taken off the beach: a
    grey canoe-sized patch there fitted "the other blue canoe plus white light", was taken
    for its twin under a glare spot, and the photo was learned with a canoe missing. A
    twin is taken for the other under white light only where the sand around it shows
    more of a glare spot's light than around the other (``pair_glare_lit``; here both
    alike): the photo is refused."""

    import benchmarks.vision_conditions as vc

    from .test_wrong_readings import bench_scene

    seed = 4010077
    rng = np.random.default_rng([seed, 0xC0DE])
    state, _, scene, size = bench_scene("parallax", seed, "teal", rng)
    camera = vc.camera_for("parallax", scene, size, rng)
    setup = new_game(state.players, state.options)
    assert "blue" in state.players
    short = setup.replace(canoes=FrozenMap({**setup.canoes,
                                            "blue": (Canoe("beach"), Canoe("lost"))}))
    photo = render(short, seed=seed, scene=replace(scene, hands=(), between=0.0), size=size)
    joe = state.joe is not None
    with pytest.raises(SetupError, match=r"9 canoes seen on the beach, expected 10"):
        learn_profile(photo, state.players, joe=joe, camera=camera)
    # (With the rule off, this machine's libraries learned the photo; the Raspberry Pi's
    # refuse it before the twins are compared. The rule itself, on two blue canoes, one
    # the other plus white light:)
    blue = np.array([180.0, 70.0, 30.0])
    red = np.array([40.0, 40.0, 190.0])
    units = [blue, blue * 0.9 + 0.3 * 255, red, red * 1.02]
    cfg = VisionConfig()
    assert sorted(assign_colours(units, ["blue", "red"], cfg)) == ["blue", "red"]
    learned = assign_colours(units, ["blue", "red"], cfg, lit=[0.02, 0.12, 0.02, 0.02])
    assert np.allclose(learned["blue"], blue, atol=1)  # the twin out of the light
    with pytest.raises(SetupError, match=r"the two blue canoes look different"):
        assign_colours(units, ["blue", "red"], cfg, lit=[0.03, 0.04, 0.02, 0.02])
    assert sorted(assign_colours(units, ["blue", "red"], VisionConfig(pair_glare_lit=-1.0),
                                 lit=[0.03, 0.04, 0.02, 0.02])) == ["blue", "red"]


def near(profile: TableProfile, clean: TableProfile, players: list[str]) -> bool:
    """Whether each canoe colour of ``profile`` lies within 30 of ``clean``'s."""
    return all(np.linalg.norm(np.subtract(profile.canoe_bgr[c], clean.canoe_bgr[c])) < 30
               for c in players)


def learned_through_glare(players: list[str], seed: int, family: str, glare: Glare,
                          flicker: float) -> tuple[SceneConfig, GameState, TableProfile]:
    """The setup photo of a seeded tuning scene under ``glare`` is learned, without a
    note, each canoe colour within 30 of the same photo's without the glare: that scene,
    the start position and the clean photo's profile."""
    plain = SceneConfig.varied(seed, family=family)
    scene = replace(plain, glare=glare, flicker=flicker)
    setup = new_game(players)
    profile = learn_profile(render(setup, seed=seed, scene=scene), players)
    clean = learn_profile(render(setup, seed=seed, scene=plain), players)
    assert near(profile, clean, players) and profile.notes == ()
    return scene, setup, clean


def test_a_glare_spot_over_the_weather_track_or_joe_says_to_move_the_lamp(tmp_path, capsys):
    """A glare spot washing the weather track out as white as the paper: the marker on 0
    cannot be seen. The table is learned all the same, the marker's look left to the
    default (a dark grey token) and a note saying what to do; the marker is then read
    where the track is clear and unknown under the reflection, never on a wrong space.
    Without the glare a marker not on 0 is refused as before, without the lamp. Diamanten
    Joe washed out by a glare spot on T1 is refused, saying to move the lamp (seeded
    tuning scenes)."""
    players = ["yellow", "blue", "red", "green"]
    plain = SceneConfig.varied(5050037, family="moss")
    scene = replace(plain, glare=Glare((267.3553855861614, 36.062868898751354),
                                       49.97037393932597, 0.8996592235750627),
                    flicker=0.06456358358578056)
    setup = new_game(players, Options(diamanten_joe=True))
    photo = render(setup, seed=5050037, scene=scene)
    profile = learn_profile(photo, players, joe=True)
    assert profile.look.weather_token is None
    assert len(profile.notes) == 1
    assert re.match(r"A glare spot washes out the weather track.*move the lamp",
                    profile.notes[0], re.IGNORECASE)
    det = Detector()
    det.use_profile(profile)
    read = {}
    for weather in (-1, 0, 1, 2):
        state = setup.replace(weather=weather)
        read[weather] = det.analyse(render(state, seed=5050038, scene=scene),
                                    in_play=canoes_in_play(state)).weather
    assert read == {-1: -1, 0: None, 1: None, 2: 2}
    # The command line says it too, after the file it wrote.
    cv2.imwrite(str(tmp_path / "setup.png"), photo)
    capsys.readouterr()
    assert main(["learn", str(tmp_path / "setup.png"), "--players", ",".join(players),
                 "--joe", "--out", str(tmp_path / "p.json")]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0].startswith("wrote ") and said[1] == f"note: {profile.notes[0]}"
    with pytest.raises(SetupError, match="weather marker is not seen on 0") as refused:
        learn_profile(render(setup, seed=5050037, scene=plain, faults=[("weather", 1)]),
                      players, joe=True)
    assert "lamp" not in str(refused.value)
    players = ["green", "yellow", "blue", "red", "brown"]
    scene = replace(SceneConfig.varied(6050047, family="teal"),
                    glare=Glare((167.74535663755563, 189.6842951600377), 50.06356393778223,
                                0.6243230580074095), flicker=0.10287678409941696)
    with pytest.raises(SetupError,
                       match=r"(Joe.s canoe is not seen on T1|washes out T1).*move the lamp"):
        learn_profile(render(new_game(players, Options(diamanten_joe=True)), seed=6050047,
                             scene=scene), players, joe=True)


def test_a_rim_a_glare_halo_washes_out_is_not_judged_and_a_missing_disc_is_still_refused():
    """A small glare spot at R2 washes out most of its disc's rim (0.03 of contrast, the
    others 0.12-0.18): "no disc seen on R2" (seeded tuning scene). The rim is judged
    where the halo leaves it in view, and a slot whose rim it washes out is not judged,
    as a slot under glare; a disc missing elsewhere is still named."""
    players = ["blue", "brown", "yellow", "green", "red"]
    scene = replace(SceneConfig.varied(6050043, family="lagoon"),
                    glare=Glare((500.93687635340916, 217.0955844548951), 30.67488398842142,
                                0.65494734071266), flicker=0.11856065085947294)
    learn_profile(render(new_game(players), seed=6050043, scene=scene), players)
    short = render(new_game(players), seed=6050043, scene=scene,
                   discs=["T1", "T2", "T4", "T5", "L1", "L2", "R1", "R2"])
    with pytest.raises(SetupError, match="no disc seen on T3"):
        learn_profile(short, players)


def test_a_deeper_mottle_of_the_riverbed_in_shade_is_no_canoe_and_a_canoe_there_is_refused():
    """On a saturated teal river a darker mottle of the riverbed's print under a soft
    shadow lies at T4's middle: the river's own colour, deeper (1.06 of it, 0.17 of white
    less), taken for "something stands on T4" (seeded tuning scene). Of the riverbed's own
    hue it is no canoe: learned, and read without a wrong position; Diamanten Joe's canoe
    put on T4 instead of T1 is still refused."""
    players = ["green", "yellow", "blue"]
    scene = SceneConfig.varied(5000012, family="teal")
    setup = new_game(players)
    profile = learn_profile(render(setup, seed=5000012, scene=scene), players)
    state = setup.replace(canoes=FrozenMap({
        "green": (Canoe("T2"), Canoe("beach")), "yellow": (Canoe("T4", "white"), Canoe("beach")),
        "blue": (Canoe("beach"), Canoe("R1"))}))
    det = Detector()
    det.use_profile(profile)
    seen = det.analyse(render(state, seed=5000013, scene=scene), in_play=canoes_in_play(state))
    assert wrong(seen, ground_truth(state)) == []
    joe = new_game(players, Options(diamanten_joe=True))
    astray = joe.replace(joe=Canoe("T4"))
    with pytest.raises(SetupError, match="something stands on T4"):
        learn_profile(render(astray, seed=5000012, scene=scene), players, joe=True)


def test_three_canoes_of_two_colours_touching_are_split_by_colour_then_place():
    """At 26 degrees of tilt two yellow canoes and a green one touch on the beach: three
    canoes of two colours, which a split into three colours cannot part ("canoes lie in
    a heap", seeded tuning scene). Split by colour, then the yellow by where its two lie:
    learned, each colour near its twin's; a canoe taken off the beach is still refused."""
    players = ["blue", "brown", "red", "yellow", "green"]
    scene = replace(SceneConfig.varied(5010027, family="ink"), tilt_deg=26.452481286266945)
    setup = new_game(players, Options(diamanten_joe=True))
    profile = learn_profile(render(setup, seed=5010027, scene=scene), players, joe=True)
    b, g, r = profile.canoe_bgr["yellow"]
    assert r > 2 * b and g > 2 * b  # a yellow
    b, g, r = profile.canoe_bgr["green"]
    assert g > 2 * r and g > 1.5 * b  # a green
    short = setup.replace(canoes=FrozenMap({**setup.canoes,
                                            "green": (Canoe("beach"), Canoe("lost"))}))
    # (Refused by its count, or a pair unlike its twin: OpenCV 4.11 splits it otherwise.)
    with pytest.raises(SetupError, match=r"expected 10|canoes look different"):
        learn_profile(render(short, seed=5010027, scene=scene), players, joe=True)


def test_a_brown_canoe_on_a_brown_beach_under_glare_is_learned():
    """On a dark board's brown beach a glare spot lies over one brown canoe: with its
    light taken off the canoe is brown again, but as on a brown beach without glare only
    darker than the sand, as a shadow is (seeded tuning scene, once "7 canoes seen"). The
    glare look is tried both ways: learned, each colour near the clean photo's; a canoe
    taken off is still refused here (the seven left, read without the glare's light, do not
    pair up into colours), saying to move the lamp."""
    players = ["red", "yellow", "blue", "brown"]
    scene, setup, _ = learned_through_glare(
        players, 6050034, "ink", Glare((147.50810771506067, 199.27721453308692),
                                       61.97047025071067, 0.7178373723577453),
        0.13843258812974454)
    short = setup.replace(canoes=FrozenMap({**setup.canoes,
                                            "red": (Canoe("beach"), Canoe("lost"))}))
    with pytest.raises(SetupError, match=r"canoes seen on the beach, expected 8.*move the lamp"):
        learn_profile(render(short, seed=6050034, scene=scene), players)


def test_a_strip_of_land_along_the_beachs_edge_does_not_count_a_canoe_twice():
    """At 640x480 the land blurs into the beach's left edge as a strip 2-5 px wide, which
    joins the blue canoe lying near it: an object of two canoes' area, "7 canoes seen"
    (seeded tuning scene). Looked at once more with only what is thicker than a strip
    taken for an object along the edge, six are counted and paired; a canoe taken off is
    still refused."""
    players = ["red", "blue", "green"]
    scene = replace(SceneConfig.varied(5030064, family="lagoon"), fill=0.6634849423122386)
    setup = new_game(players)
    profile = learn_profile(render(setup, seed=5030064, scene=scene, size=(640, 480)), players)
    b, g, r = profile.canoe_bgr["blue"]
    assert b > 2 * r and b > g  # a blue
    short = setup.replace(canoes=FrozenMap({**setup.canoes,
                                            "green": (Canoe("beach"), Canoe("lost"))}))
    with pytest.raises(SetupError, match=r"expected 6|two green canoes look different"):
        learn_profile(render(short, seed=5030064, scene=scene, size=(640, 480)), players)


def test_two_pairs_of_canoes_as_alike_as_twins_are_refused_as_one_colours_four():
    """Reporting scene 24060233 (dusk; offset 24, used): each blue canoe was split in two
    around its well and the two taupe brown canoes went unseen on the sand, so eight
    "canoes" paired up as red, yellow and two pairs of blue, one of them learned as
    brown: every blue canoe was read brown all game. Two pairs no further apart than
    1.75 times the nearer twins' gap (and within ``pair_colour_tolerance``) are refused;
    brown and yellow of one chroma, far apart in brightness, are not, nor with one yellow
    in shade (reporting scene 24040075)."""
    from vision.profile import assign_colours

    def units(colours):
        return [np.array(c, np.float32) for c in colours]

    split = units([(37, 20, 136), (37, 25, 164), (27, 176, 208), (30, 186, 218),
                   (123, 45, 13), (151, 61, 29), (158, 61, 23), (202, 84, 37)])
    with pytest.raises(SetupError, match="two pairs of canoes look alike"):
        assign_colours(split, ["red", "brown", "blue", "yellow"], VisionConfig())
    # With the check off (ratio 0), the pairs are taken as two colours.
    off = assign_colours(split, ["red", "brown", "blue", "yellow"],
                         VisionConfig(pair_alike_ratio=0.0))
    assert off["brown"][0] > off["brown"][2]  # a blue learned as brown
    close = units([(70, 121, 16), (67, 116, 19), (24, 71, 91), (49, 160, 197), (174, 59, 35),
                   (167, 57, 33), (52, 48, 164), (54, 173, 213), (25, 73, 96), (56, 49, 171)])
    got = assign_colours(close, ["red", "brown", "green", "blue", "yellow"], VisionConfig())
    assert sum(got["yellow"]) > 1.8 * sum(got["brown"])
    shade = units([(17, 68, 85), (26, 95, 116), (38, 124, 141), (62, 211, 238),
                   (40, 40, 180), (45, 42, 190), (60, 140, 40), (66, 150, 45)])
    got = assign_colours(shade, ["brown", "yellow", "red", "green"], VisionConfig())
    assert sum(got["yellow"]) > 1.5 * sum(got["brown"])


def test_a_setup_photo_with_blue_canoes_split_and_brown_ones_unseen_learns_brown_another_way():
    """The same table (reporting scene 24060233): refused the first way, the photo is
    learned another way, with brown a brown."""
    players = ["red", "brown", "blue", "yellow"]
    scene = SceneConfig.varied(24060233, family="dusk")
    setup = render(new_game(players, Options(diamanten_joe=True)), seed=24060233, scene=scene)
    profile = learn_profile(setup, players, joe=True)
    b, g, r = profile.canoe_bgr["brown"]
    assert r > b and g > b  # a brown, not a blue
    b, g, r = profile.canoe_bgr["blue"]
    assert b > 2 * r


def test_canoes_a_glare_spot_hides_are_not_taken_for_the_others_touching():
    """Reporting scene 25050063 (glacier, glare and flicker; offset 25, used): a glare spot
    on the beach hides four of the ten canoes. Read again with its light taken off, six
    objects show, one canoe each; their total area over the ten canoes expected made a
    canoe 0.55 hulls, and the six were counted as ten (most taken for two canoes touching,
    as under a steep tilt). The table's canoe was learned at 0.69 of its size, and a green
    canoe on R1 was then read as two. Pairs are not assumed when that canoe would be
    smaller than a table's canoe can be: the photo is refused, saying to move the lamp."""
    assert _seen_scale([0.581, 0.739, 0.823, 1.013, 1.1, 1.214], 10, VisionConfig()) \
        == pytest.approx(1.013)
    # Under a steep tilt, canoes touching in pairs: one canoe is half a pair.
    assert _seen_scale([1.0, 1.9, 2.0, 2.0, 2.1], 9, VisionConfig()) == pytest.approx(1.0)
    players = ["yellow", "green", "red", "brown", "blue"]
    scene = replace(SceneConfig.varied(25050063, family="glacier"), flicker=0.1293921553218796,
                    glare=Glare((49.96548443711602, 175.03921286615417), 55.69682866087342,
                                0.984021414024241))
    setup = render(new_game(players, Options()), seed=25050063, scene=scene)
    with pytest.raises(SetupError, match=r"canoes seen on the beach, expected 10.*move the lamp"):
        learn_profile(setup, players)


def test_two_pairs_nearer_than_any_two_colours_are_refused_however_alike_their_twins():
    """Reporting scene 27030004 (delta, 640x480; offset 27, used), like tuning scene
    5030278: the blue canoes were split in two each around their wells and the brown ones
    went unseen, so two pairs of blue were learned, one as brown (0.075 apart). One pair's
    twins were 0.018 apart, so the twins' rule let it pass; two pairs nearer than
    ``pair_alike_floor`` are now refused the first way, and the photo is learned right
    the other way (hulls a little darker than the sand)."""
    from vision.profile import assign_colours

    def units(colours):
        return [np.array(c, np.float32) for c in colours]

    players = ["green", "brown", "blue", "yellow", "red"]
    split = units([(37, 204, 226), (37, 208, 230), (74, 142, 35), (76, 146, 37),
                   (50, 49, 198), (52, 51, 202), (190, 67, 40), (208, 75, 42),
                   (201, 74, 36), (203, 76, 36)])
    with pytest.raises(SetupError, match="two pairs of canoes look alike"):
        assign_colours(split, players, VisionConfig())
    off = assign_colours(split, players, VisionConfig(pair_alike_floor=0.0))
    assert off["brown"][0] > 2 * off["brown"][2]  # a blue learned as brown
    scene = replace(SceneConfig.varied(27030004, family="delta"), fill=0.7723704373735969)
    setup = render(new_game(players, Options(diamanten_joe=True)), seed=27030004,
                   scene=scene, size=(640, 480))
    # Brown is not learned as the blue canoes' colour. (With the floor off, this machine's
    # NumPy and OpenCV learn it so; the Pi's read this photo another way, without pairs
    # as near, and learn it no blue either way.)
    b, _, r = learn_profile(setup, players, joe=True).canoe_bgr["brown"]
    assert not b > 2 * r


def test_six_canoes_alike_are_not_taken_for_four_and_two_pairs():
    """Reporting scene 34060046 (offset 34, used; delta, an ochre beach): both brown canoes
    at setup, of the sand's own chroma at half its brightness, made no object, and the six
    others, all within 0.98-1.12 of a canoe's size, were counted as four canoes and two
    touching pairs to make the eight expected. Each of the two biggest, blue canoes, split
    in two, gave the brown colour, and in the game a brown canoe on the beach was read
    gone. Pairs must now be clearly bigger than single canoes (``pair_gap``): without
    wells the photo is refused, saying how many canoes were seen. The brown canoes' wells
    show, each where no canoe was counted: with them, brown is learned a brown (nearer the
    default brown than any other colour learned) and the frame is read with no wrong
    reading."""
    import benchmarks.vision_conditions as vc

    from .test_wrong_readings import bench_scene, wrong

    rng = np.random.default_rng([34060046, 0xC0DE])
    state, faults, scene, size = bench_scene("red/brown", 34060046, "delta", rng)
    camera = vc.camera_for("red/brown", scene, size, rng)
    setup = render(new_game(state.players, state.options), seed=34060046,
                   scene=replace(scene, hands=(), between=0.0), size=size)
    with pytest.raises(SetupError, match=r"[67] canoes seen on the beach, expected 8"):
        learn_profile(setup, state.players, camera=camera,
                      config=VisionConfig(setup_well_mm=0.0))
    profile = learn_profile(setup, state.players, camera=camera)
    brown = np.array(DEFAULT_CANOE_BGR["brown"], float)
    gaps = {c: np.linalg.norm(np.subtract(bgr, brown)) for c, bgr in profile.canoe_bgr.items()}
    assert min(gaps, key=gaps.__getitem__) == "brown", profile.canoe_bgr
    det = Detector(camera=camera)
    det.use_profile(profile)
    frame = render(state, seed=34060046 + 1, scene=scene, faults=faults, size=size)
    seen = det.analyse(frame, in_play=canoes_in_play(state))
    assert wrong(seen, ground_truth(state, faults=faults)) == []
    # (Without pair_gap, this machine's OpenCV learned it, brown bluish; with the Pi's
    # libraries the photo was refused before too: the rule itself is checked in
    # _seen_scale's examples and below.)
    sizes = [0.98, 1.01, 1.03, 1.03, 1.07, 1.12]
    assert _seen_scale(sizes, 8, VisionConfig()) == pytest.approx(1.03)
    assert _seen_scale(sizes, 8, VisionConfig(pair_gap=0)) == pytest.approx(sum(sizes) / 8)


def test_joe_seen_only_as_greys_or_glare_on_t1_is_refused_not_a_crash():
    """Reporting scene 35050174 (offset 35; glacier, a glare spot over T1 at setup): Joe's
    canoe counted on T1 only through the pale greys a blurred or washed-out hull leaves
    (no object of his), and learning his colour from none of them raised an IndexError
    from numpy. The glare spot is now seen (``glare_river_left``); with that test off, the
    photo is still refused in plain words."""
    import benchmarks.vision_conditions as vc

    from .test_wrong_readings import bench_scene

    rng = np.random.default_rng([35050174, 0xC0DE])
    state, _, scene, size = bench_scene("glare+flicker", 35050174, "glacier", rng)
    camera = vc.camera_for("glare+flicker", scene, size, rng)
    setup = render(new_game(state.players, state.options), seed=35050174,
                   scene=replace(scene, hands=(), between=0.0), size=size)
    with pytest.raises(SetupError, match="a glare spot washes out T1"):
        learn_profile(setup, state.players, joe=True, camera=camera)
    with pytest.raises(SetupError, match="Joe's canoe on T1 shows too little"):
        learn_profile(setup, state.players, joe=True, camera=camera,
                      config=VisionConfig(glare_river_left=0.0))


def test_two_pairs_that_pair_up_the_other_way_nearly_as_well_are_refused():
    """The canoes of reporting scene 37050038's setup photo on their first look (blue,
    brown, red, green; a glare spot's light on three of them): red and brown pair up as
    they are paired at 0.71, the other way at 0.90. Under 1.5 times is too close to tell
    which are twins."""
    units = [np.array(c, np.float32) for c in (
        (162, 99, 43), (155, 161, 307), (318, 238, 170), (62, 70, 216), (80, 145, 54),
        (47, 70, 139), (52, 115, 26), (24, 47, 115))]
    players = ["blue", "brown", "red", "green"]
    with pytest.raises(SetupError, match="brown and red canoes look too alike"):
        assign_colours(units, players, VisionConfig())
    learned = assign_colours(units, players, VisionConfig(pair_swap_ratio=0))
    assert learned["brown"] == (101, 116, 223)  # a red canoe and a brown one's mean


def test_of_yellow_and_brown_the_brighter_pair_is_yellow():
    """The canoes of reporting scene 38020292's setup photo, much as seen (4,380 K, a
    wide lens): the brown pair's chroma is as yellow as the yellow pair's, and matched by
    colour alone the bright pair was brown (0.632 against 0.648 in all): brown read yellow
    all game. Yellow and brown lie far apart in brightness: the brighter pair is yellow."""
    units = [np.array(c, np.float32) for c in (
        (55, 177, 237), (57, 175, 235), (19, 92, 113), (20, 90, 115), (61, 45, 204),
        (60, 46, 200), (84, 135, 42), (82, 137, 44))]
    players = ["brown", "yellow", "red", "green"]
    learned = assign_colours(units, players, VisionConfig())
    assert learned["yellow"] == (56, 176, 236) and learned["brown"] == (20, 91, 114)
    swapped = assign_colours(units, players, VisionConfig(pair_order_brightness=99))
    assert swapped["brown"] == (56, 176, 236)


def test_four_canoes_touching_under_a_tilt_are_split_by_colour_where_k_means_mixes_two():
    """Reporting scene 42010235 (offset 42, used; delta, tilted): a blue, a brown, a blue
    and a red canoe touch on the beach by their sides. k-means on chroma and place split
    them with one part half blue, half brown ((102, 67, 74) against the other blue's
    (154, 56, 39)): "the two blue canoes look different". The split by colour, then each
    colour by place, is now offered too, and the pairing takes it: learned, blue a blue
    and brown a brown; with a blue canoe taken off, still refused."""
    from .test_wrong_readings import bench_scene

    state, _, scene, size = bench_scene("parallax", 42010235, "delta")
    setup = new_game(state.players, state.options)
    joe = state.joe is not None
    quiet = replace(scene, hands=(), between=0.0)
    profile = learn_profile(render(setup, seed=42010235, scene=quiet, size=size),
                            state.players, joe=joe)
    b, g, r = profile.canoe_bgr["blue"]
    assert b > 2 * r and b > 2 * g  # a blue, not a blend of blue and brown
    b, g, r = profile.canoe_bgr["brown"]
    assert r > b and g > b  # a brown
    short = setup.replace(canoes=FrozenMap({**setup.canoes,
                                            "blue": (Canoe("beach"), Canoe("lost"))}))
    with pytest.raises(SetupError):
        learn_profile(render(short, seed=42010235, scene=quiet, size=size), state.players,
                      joe=joe)


def test_a_canoe_halved_where_one_is_missing_from_touching_canoes_is_not_taken_for_two():
    """Tuning scene 4010092 (chalk, tilted) with a green canoe taken off the beach: three
    touching canoes counted as four by their area. Split by colour, then by place, the
    green one came out as two halves (0.70 of an even split each, against 0.89-0.93 where
    four canoes really touch) that paired up as twins: the missing canoe was not noticed.
    The split offered beside k-means' own must give parts of nearly even size: refused."""
    import benchmarks.vision_conditions as vc

    from .test_wrong_readings import bench_scene

    rng = np.random.default_rng([4010092, 0xC0DE])
    state, _, scene, size = bench_scene("parallax", 4010092, "chalk", rng)
    camera = vc.camera_for("parallax", scene, size, rng)
    setup = new_game(state.players, state.options)
    short = setup.replace(canoes=FrozenMap({**setup.canoes,
                                            "green": (Canoe("beach"), Canoe("lost"))}))
    photo = render(short, seed=4010092, scene=replace(scene, hands=(), between=0.0), size=size)
    with pytest.raises(SetupError, match="green canoes look different"):
        learn_profile(photo, state.players, joe=state.joe is not None, camera=camera)
    # Without the guard (parts over a third of an even split, as for k-means' own), the
    # halves pass for twins and the photo is learned.
    loose = VisionConfig(split_even_share=1 / 3)
    assert "green" in learn_profile(photo, state.players, joe=state.joe is not None,
                                    camera=camera, config=loose).canoe_bgr


def test_twins_under_a_glare_spot_pair_up_though_yellow_and_brown_are_one_chroma():
    """Used scene 72050180's setup photo (glare): a yellow and a brown canoe in a glare
    spot, their twins beside it. By least colour distance the two washed out made one pair
    and the two beside it the other (yellow and brown differ in brightness only): brown
    was learned as the yellow beside the spot, and a yellow canoe read brown all game.
    Compared as its twin under the spot's white light (``pair_glare_fit``), each washed
    out canoe pairs with its own colour, and the one out of the light gives the colour."""
    units = [np.array(c, np.float32) for c in (
        (61, 122, 22), (171, 74, 41), (170, 74, 38), (67, 134, 26),  # green, blue
        (42, 170, 216), (27, 88, 120), (129, 254, 249), (87, 149, 189))]  # yellow, brown
    lit = [0.17, 0.14, 0.18, 0.14, -0.04, 0.21, 1.02, 0.82]
    players = ["yellow", "green", "brown", "blue"]
    got = assign_colours(units, players, VisionConfig(), clear=True, lit=lit)
    assert np.allclose(got["yellow"], (42, 170, 216), atol=2)
    assert np.allclose(got["brown"], (27, 88, 120), atol=2)
    off = assign_colours(units, players, VisionConfig(pair_glare_fit=0.0), clear=True, lit=lit)
    assert np.allclose(off["brown"], (35, 130, 169), atol=2)  # the two beside the spot
    # Without a glare spot's light told around them, least distance stands.
    assert assign_colours(units, players, VisionConfig(), clear=True) == off


def test_canoes_touching_in_a_column_at_setup_are_split_by_place_too():
    """Used reporting scene 100010109 (parallax, "delta" art): under the tilt a blue, a
    green, a blue and a brown canoe touch in a column at the beach's edge. Split by chroma
    (and a little by place), a part took the wells and shaded sides of several canoes, so
    "the two blue canoes look different" and the photo was refused. Split by place alone,
    each part is one canoe: the table is learned, each colour as its canoes show it."""
    import benchmarks.vision_conditions as vc
    from vision.synth import REPORTING_FAMILIES

    made = vc.make_scene("parallax", list(vc.CONDITIONS).index("parallax"), 109, 100,
                         REPORTING_FAMILIES)
    setup, _ = made.frames(None, "parallax")
    players = list(made.state.players)
    joe = made.state.joe is not None

    def learned(config: VisionConfig) -> dict[str, tuple[int, int, int]]:
        profile = learn_profile(setup, players, joe=joe, camera=made.detector.camera,
                                config=config)
        return dict(profile.canoe_bgr)

    try:
        learned(VisionConfig(split_by_place=False))
        refused_before = False
    except SetupError:
        refused_before = True
    # (Refused without the split by place under this machine's OpenCV; the Raspberry Pi's
    # may split it well by chroma already.)
    assert refused_before or not cv2.__version__.startswith("5.")
    bgr = learned(VisionConfig())
    b, g, r = bgr["blue"]
    assert b > 2 * g and b > 2 * r  # a blue
    b, g, r = bgr["green"]
    assert g > 1.5 * b and g > 1.5 * r  # a green
    for colour in players:
        assert all(np.linalg.norm(np.subtract(bgr[colour], bgr[other])) > 20
                   for other in players if other != colour), colour
