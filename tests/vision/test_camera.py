"""The physical camera: lens calibration from ChArUco photos, the board's 3D pose, the
rectified view through a distorting lens, and the commands that go with them."""

import json
from dataclasses import replace

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.state import new_game
from vision.camera import (
    CameraError,
    CameraModel,
    calibrate,
    find_charuco,
    load_camera,
    rectify_maps,
)
from vision.detector import Detector
from vision.layout import load_layout
from vision.locate import BoardNotFound, locate_board, rectify
from vision.synth import SceneConfig, camera_pose, ground_truth, render
from vision.synth.camera import camera_centre_mm
from vision.synth.charuco import charuco_photo

from .conftest import position

SIZE = (960, 540)
FOCAL, K1 = 0.85, -0.22


@pytest.fixture(scope="module")
def photos():
    return [charuco_photo(seed, focal=FOCAL, k1=K1, size=SIZE) for seed in range(7)]


def test_calibration_recovers_focal_length_and_distortion(photos):
    cam = calibrate(photos)
    assert cam.calibrated and cam.image_size == SIZE
    assert cam.matrix[0, 0] == pytest.approx(FOCAL * SIZE[0], rel=0.01)
    assert cam.matrix[0, 2] == pytest.approx(SIZE[0] / 2, abs=6)
    assert cam.matrix[1, 2] == pytest.approx(SIZE[1] / 2, abs=6)
    assert cam.dist[0] == pytest.approx(K1, abs=0.02)
    assert cam.rms_px is not None and cam.rms_px < 0.5


def test_calibration_refuses_photos_without_the_board(photos):
    blank = np.full((SIZE[1], SIZE[0], 3), 128, np.uint8)
    assert find_charuco(blank) is None
    with pytest.raises(CameraError, match="seen in 2 of 5 photos"):
        calibrate([photos[0], photos[1], blank, blank, blank])
    with pytest.raises(CameraError, match="one size"):
        calibrate([photos[0], cv2.resize(photos[1], (640, 360))] * 3)


def test_camera_file_round_trips_and_bad_files_are_refused(tmp_path):
    cam = CameraModel.default((1280, 720))
    cam = replace(cam, dist=np.array([-0.2, 0.01, 0, 0, 0]), calibrated=True, rms_px=0.3)
    cam.save(tmp_path / "cam.json")
    back = load_camera(tmp_path / "cam.json")
    assert np.allclose(back.matrix, cam.matrix) and np.allclose(back.dist, cam.dist)
    assert back.distorted and back.calibrated and back.image_size == (1280, 720)
    half = back.scaled((640, 360))
    assert half.matrix[0, 0] == pytest.approx(cam.matrix[0, 0] / 2)
    (tmp_path / "bad.json").write_text(json.dumps({"version": 1, "matrix": [[1, 0], [0, 1]],
                                                  "dist": [0, 0, 0, 0], "image_size": [4, 4]}))
    with pytest.raises(CameraError, match="3x3 matrix"):
        load_camera(tmp_path / "bad.json")
    with pytest.raises(CameraError, match="no such camera file"):
        load_camera(tmp_path / "missing.json")
    (tmp_path / "text.json").write_text("not json")
    with pytest.raises(CameraError, match="not a JSON camera file"):
        load_camera(tmp_path / "text.json")


def wide_scene(seed=3):
    return replace(SceneConfig.varied(seed, family="moss", clutter=0), tilt_deg=22.0,
                   k1=-0.28, fill=0.8)


def true_camera(scene, size):
    k, _, _ = camera_pose(load_layout(), scene, size)
    return CameraModel(k, np.array([scene.k1, 0, 0, 0, 0], float), size, calibrated=True)


def test_the_pose_places_the_camera_over_the_board():
    layout = load_layout()
    scene = wide_scene()
    frame = render(new_game(["red", "green", "blue"]), seed=1, scene=scene, size=SIZE)
    pose = locate_board(frame, layout, camera=true_camera(scene, SIZE))
    assert pose.camera_pose is not None
    want = np.array(camera_centre_mm(layout, scene, SIZE))
    assert np.abs(np.array(pose.camera_pose.centre) - want).max() < 0.02 * want[2]


def test_a_calibrated_wide_angle_lens_is_read_straight():
    layout = load_layout()
    scene = wide_scene()
    frame = render(new_game(["red", "green", "blue"]), seed=1, scene=scene, size=SIZE)
    cam = true_camera(scene, SIZE)
    # Where the renderer put the board's corners, slots and weather spaces.
    pts = np.array([[0, 0], [600, 0], [600, 300], [0, 300], *layout.slots.values(),
                    *layout.weather.values()], np.float64)
    k, rvec, tvec = camera_pose(layout, scene, SIZE)
    want, _ = cv2.projectPoints(np.column_stack([pts, np.zeros(len(pts))]), rvec, tvec, k,
                                cam.dist)
    want = want.reshape(-1, 2)
    straight = locate_board(frame, layout, camera=cam)
    bent = locate_board(frame, layout, camera=CameraModel.default(SIZE))
    error = np.abs(straight.frame_points(pts) - want).max()
    assert error < 1.5 < np.abs(bent.frame_points(pts) - want).max()
    # ...and the rectified view is drawn through the lens: the same straight board.
    top = rectify(frame, straight, layout)
    assert top.shape == (300, 600, 3)


def test_the_undistortion_map_is_the_lens_at_every_pixel_of_the_view():
    """The map is computed on a coarse grid and resized: every pixel, the edges too, lies
    within a hundredth of a pixel of the lens model at that pixel's centre."""
    layout = load_layout()
    scene = wide_scene()
    cam = true_camera(scene, SIZE)
    pose = locate_board(render(new_game(["red", "green", "blue"]), seed=1, scene=scene,
                               size=SIZE), layout, camera=cam)
    xy = rectify_maps(pose.to_frame, cam, (600, 300), 1.0)
    gx, gy = np.meshgrid(np.arange(600) + 0.5, np.arange(300) + 0.5)
    proj = np.column_stack([gx.ravel(), gy.ravel(), np.ones(gx.size)]) @ pose.to_frame.T
    exact = cam.distort(proj[:, :2] / proj[:, 2:]).reshape(300, 600, 2)
    assert xy.shape == (300, 600, 2)
    assert np.abs(xy - exact).max() < 0.01


def test_detector_with_a_calibrated_camera_reads_a_wide_angle_board():
    scene = wide_scene(4)
    state = position()
    setup = render(new_game(state.players), seed=4, scene=scene, size=SIZE)
    frame = render(state, seed=5, scene=scene, size=SIZE)
    from vision.profile import learn_profile

    cam = true_camera(scene, SIZE)
    det = Detector(camera=cam)
    det.use_profile(learn_profile(setup, state.players, camera=cam))
    seen = det.analyse(frame)
    truth = ground_truth(state)
    for pos in (*truth.discs, "beach"):
        if pos in seen.unknown:
            continue
        assert sorted(c.colour for c in seen.canoes_at(pos)) == sorted(
            c.colour for c in truth.canoes_at(pos)), pos
        if pos != "beach":
            assert seen.discs[pos] in ("unknown", truth.discs[pos]), pos
    assert len(seen.unknown) <= 2


def test_markers_charuco_and_camera_calibrate_commands(tmp_path, photos, capsys):
    sheet = tmp_path / "charuco.png"
    assert main(["markers", "--charuco", "--out", str(sheet)]) == 0
    assert "camera-calibrate" in capsys.readouterr().out
    page = cv2.imread(str(sheet))
    assert page.shape[:2] == (3508, 2480)
    found = find_charuco(cv2.resize(page, None, fx=0.3, fy=0.3))
    assert found is not None and len(found[0]) == 24
    files = []
    for i, photo in enumerate(photos):
        files.append(tmp_path / f"p{i}.jpg")
        cv2.imwrite(str(files[-1]), photo)
    out = tmp_path / "camera.json"
    assert main(["camera-calibrate", *map(str, files), "--out", str(out)]) == 0
    assert "k1 -0.2" in capsys.readouterr().out
    assert load_camera(out).matrix[0, 0] == pytest.approx(FOCAL * SIZE[0], rel=0.01)
    # The file is used by detect and learn.
    board = tmp_path / "board.png"
    cv2.imwrite(str(board), render(new_game(["red", "green", "blue"]), seed=1, scene=wide_scene(),
                                   size=SIZE))
    assert main(["detect", str(board), "--camera", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["board_found"] is True


def test_camera_commands_refuse_bad_input_in_one_line(tmp_path, capsys):
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((300, 400, 3), 128, np.uint8))
    assert main(["camera-calibrate", str(blank), "--out", str(tmp_path / "c.json")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "seen in 0 of 1 photos" in err
    assert main(["camera-calibrate", str(blank), "--out", str(tmp_path / "c.txt")]) == 1
    assert "JSON" in capsys.readouterr().err
    assert not (tmp_path / "c.json").exists()
    assert main(["detect", str(blank), "--camera", str(tmp_path / "none.json")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no such camera file" in err
    with pytest.raises(BoardNotFound):
        locate_board(cv2.imread(str(blank)), load_layout())
