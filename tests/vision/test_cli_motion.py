"""The detect and markers commands, motion gating, the marker sheet."""

import json

import cv2
import numpy as np
import pytest

from companion.cli import main
from vision.detector import Detector
from vision.locate import board_corners_mm, locate_board
from vision.markers import marker_sheet
from vision.motion import BoardWatcher, MotionGate
from vision.synth import Hand, SceneConfig, render


@pytest.fixture(scope="module")
def picture(tmp_path_factory):
    from companion.state import new_game

    path = tmp_path_factory.mktemp("frames") / "board.png"
    cv2.imwrite(str(path), render(new_game(["red", "green", "blue"]), seed=2, size=(960, 540)))
    return path


def test_detect_prints_the_json(picture, capsys):
    assert main(["detect", str(picture), "--players", "red,green,blue", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["board_found"] is True
    assert sorted(c["colour"] for c in data["canoes"]) == ["blue", "blue", "green", "green",
                                                            "red", "red"]
    assert data["weather"] == 0


def test_detect_with_corners_or_calibration(picture, tmp_path, capsys, layout):
    frame = cv2.imread(str(picture))
    pose = locate_board(frame, layout)
    corners = cv2.perspectiveTransform(board_corners_mm(layout)[None], pose.to_frame)[0]
    hidden = frame.copy()
    for mid in layout.marker_centers:  # no markers: only the corners can find the board
        c = cv2.perspectiveTransform(np.array([[layout.marker_centers[mid]]], float),
                                     pose.to_frame)[0, 0].astype(int)
        hidden[c[1] - 35 : c[1] + 35, c[0] - 35 : c[0] + 35] = 60
    path = tmp_path / "hidden.png"
    cv2.imwrite(str(path), hidden)
    assert main(["detect", str(path), "--json"]) == 1
    assert "markers seen" in capsys.readouterr().err
    text = ",".join(f"{v:.1f}" for v in corners.ravel())
    assert main(["detect", str(path), "--corners", text, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["board_found"]
    calib = tmp_path / "calib.json"
    calib.write_text(json.dumps({"corners_px": corners.tolist(), "image_size": [960, 540]}))
    assert main(["detect", str(path), "--calibration", str(calib), "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["canoes"]) == 6


@pytest.mark.parametrize("content", [b"", b"not a picture at all"])
def test_detect_refuses_bad_files(tmp_path, capsys, content):
    path = tmp_path / "x.png"
    path.write_bytes(content)
    assert main(["detect", str(path), "--json"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_detect_refuses_a_huge_picture(tmp_path, capsys):
    path = tmp_path / "huge.png"
    cv2.imwrite(str(path), np.zeros((7000, 6000), np.uint8))
    assert main(["detect", str(path)]) == 1
    assert "too large" in capsys.readouterr().err


def test_detect_other_user_errors(picture, tmp_path, capsys):
    assert main(["detect", str(picture), "--players", "purple"]) == 1
    assert "not a colour" in capsys.readouterr().err
    assert main(["detect", str(picture), "--corners", "1,2"]) == 1
    assert "8 numbers" in capsys.readouterr().err
    assert main(["detect", str(picture), "--calibration", str(tmp_path / "no.json")]) == 1
    assert "does not exist" in capsys.readouterr().err
    assert main(["detect", str(tmp_path / "missing.png")]) == 1


def test_markers_sheet_is_true_size(tmp_path, capsys, layout):
    out = tmp_path / "m.png"
    assert main(["markers", "--out", str(out)]) == 0
    data = out.read_bytes()
    assert b"pHYs" in data[:100]
    sheet = cv2.imread(str(out))
    assert sheet.shape[:2] == (3508, 2480)
    found = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)).detectMarkers(sheet)[1]
    assert sorted(found.ravel()) == [0, 1, 2, 3]
    side = np.linalg.norm(
        cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
        .detectMarkers(sheet)[0][0][0][0] - cv2.aruco.ArucoDetector(
            cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)).detectMarkers(sheet)[0][0][0][1])
    assert abs(side / 300 * 25.4 - layout.marker_size_mm) < 0.5
    assert main(["markers", "--out", str(tmp_path / "m.jpg")]) == 1
    assert marker_sheet().dtype == np.uint8


def test_motion_gate_waits_for_stillness():
    gate = MotionGate()
    a = np.zeros((90, 160, 3), np.uint8)
    b = a.copy()
    b[20:60, 40:100] = 200
    verdicts = [gate.update(f) for f in (a, b, a, b, a, a, a, a, a, a)]
    assert not any(v.still for v in verdicts[:5])
    assert verdicts[-1].still
    assert sum(v.settled for v in verdicts) == 1


def test_watcher_reads_once_still_and_reports_a_blocked_view(midgame):
    frame = render(midgame, seed=1, size=(800, 450))
    hand = Hand(start=(300, -150), end=(270, 160))
    covered = render(midgame, seed=1, size=(800, 450), scene=SceneConfig(hands=(hand,)))
    watcher = BoardWatcher(Detector(colours=("red", "green", "blue")), blocked_after=4)
    watches = [watcher.feed(frame) for _ in range(6)]
    assert watches[0].observation is None
    read = [w for w in watches if w.observation is not None]
    assert len(read) == 1 and not read[0].blocked
    watches = [watcher.feed(f) for f in (covered, frame, covered, frame, covered)]
    assert watches[-1].blocked
    watches = [watcher.feed(covered) for _ in range(6)]
    assert any(w.observation is not None and w.blocked for w in watches)
    assert "covered" in next(w for w in watches if w.observation is not None).message
