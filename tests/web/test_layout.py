"""The layout editor's API (save, validation, reset, the detector follows) and the seat
order of a new game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.table.camera import SyntheticCamera
from vision.layout import load_layout
from web.app import close_app, create_app


def layout_json() -> dict[str, Any]:
    return load_layout().to_json()


def test_the_default_layout_is_used_until_one_is_saved(client: FlaskClient,
                                                        app: Flask) -> None:
    info = client.get("/api/calibration/layout").json
    assert info["ok"] and info["custom"] is False and info["error"] is None
    assert info["layout"] == info["default"] == layout_json()
    assert info["path"] == app.config["LAYOUT"]
    assert not Path(app.config["LAYOUT"]).exists()


def test_a_saved_layout_is_validated_written_and_used(client: FlaskClient, app: Flask,
                                                      setup: dict[str, str]) -> None:
    data = layout_json()
    data["slots"]["T1"] = [160.5, 148]
    data["deposits"]["pink"] = [531, 151]
    saved = client.put("/api/calibration/layout", json=data, headers=setup)
    assert saved.status_code == 200, saved.json
    assert saved.json["custom"] is True and "the camera uses it now" in saved.json["text"]
    assert saved.json["layout"]["slots"]["T1"] == [160.5, 148.0]
    on_disk = json.loads(Path(app.config["LAYOUT"]).read_text())
    assert on_disk["slots"]["T1"] == [160.5, 148.0]
    assert load_layout(app.config["LAYOUT"]).deposits["pink"] == (531.0, 151.0)
    assert app.extensions["niagara.layout"].layout.slots["T1"] == (160.5, 148.0)
    assert client.get("/api/calibration/layout").json["custom"] is True
    # The calibration view (markers) works on the saved layout.
    assert client.get("/api/calibration").json["layout"]["slots"]["T1"] == [160.5, 148.0]


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["slots"].__setitem__("T2", [160, 150]), "slots T1 and T2 are"),
    (lambda d: d["slots"].__setitem__("T1", [900, 150]), "slots.T1 [900, 150] lies outside"),
    (lambda d: d["slots"].pop("R2"), "'slots' lacks R2"),
    (lambda d: d["weather"].__setitem__("0", "here"), "weather.0 must be a point"),
    (lambda d: d.__setitem__("beach", [[0, 0]]), "'beach' must be a polygon"),
])
def test_a_bad_layout_is_refused_and_nothing_is_saved(client: FlaskClient, app: Flask,
                                                      change: Any, message: str,
                                                      setup: dict[str, str]) -> None:
    good = layout_json()
    good["slots"]["T1"] = [150, 150]
    assert client.put("/api/calibration/layout", json=good, headers=setup).status_code == 200
    before = Path(app.config["LAYOUT"]).read_bytes()
    data = layout_json()
    change(data)
    refused = client.put("/api/calibration/layout", json=data, headers=setup)
    assert refused.status_code == 400
    assert refused.json["ok"] is False and refused.json["kind"] == "invalid"
    assert refused.json["error"].startswith("The layout was not saved: ")
    assert message in refused.json["error"]
    assert Path(app.config["LAYOUT"]).read_bytes() == before
    assert app.extensions["niagara.layout"].layout.slots["T1"] == (150.0, 150.0)


@pytest.mark.parametrize("body", [b"not json", b"[1, 2]", b'"layout"'])
def test_a_malformed_body_is_a_json_error(client: FlaskClient, app: Flask, body: bytes,
                                          setup: dict[str, str]) -> None:
    refused = client.put("/api/calibration/layout", data=body,
                         content_type="application/json", headers=setup)
    assert refused.status_code == 400 and refused.json["ok"] is False
    assert "JSON object" in refused.json["error"]
    assert not Path(app.config["LAYOUT"]).exists()


def test_reset_goes_back_to_the_default(client: FlaskClient, app: Flask,
                                        setup: dict[str, str]) -> None:
    data = layout_json()
    data["slots"]["L1"] = [455, 95]
    client.put("/api/calibration/layout", json=data, headers=setup)
    reset = client.delete("/api/calibration/layout", headers=setup)
    assert reset.status_code == 200 and reset.json["custom"] is False
    assert reset.json["layout"] == layout_json()
    assert not Path(app.config["LAYOUT"]).exists()
    # Repeated: harmless.
    assert client.delete("/api/calibration/layout", headers=setup).status_code == 200


class FakeDetector:
    def __init__(self) -> None:
        self.layout: Any = None


class DetectorCamera(SyntheticCamera):
    """A synthetic camera carrying a detector, like ``VisionCamera``."""

    def __init__(self) -> None:
        super().__init__(push_delay=None, size=(320, 180))
        self.detector = FakeDetector()


def test_the_detector_follows_the_saved_layout_and_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "layout.json"
    config = {"TESTING": True, "DATABASE": str(tmp_path / "g.db"), "GPIO": "none",
              "LAYOUT": str(path), "SETUP_KEY": "the-setup-key"}
    setup = {"X-Setup-Key": "the-setup-key"}
    camera = DetectorCamera()
    app = create_app({**config, "CAMERA": camera})
    try:
        assert camera.detector.layout == load_layout()
        data = layout_json()
        data["slots"]["T5"] = [390, 152]
        assert app.test_client().put("/api/calibration/layout", json=data,
                                     headers=setup).status_code == 200
        assert camera.detector.layout.slots["T5"] == (390.0, 152.0)
    finally:
        close_app(app)
    again = DetectorCamera()
    app = create_app({**config, "CAMERA": again})
    try:
        assert again.detector.layout.slots["T5"] == (390.0, 152.0)
        assert app.test_client().delete("/api/calibration/layout",
                                        headers=setup).status_code == 200
        assert again.detector.layout == load_layout()
    finally:
        close_app(app)


def test_a_broken_layout_file_given_explicitly_stops_the_start(tmp_path: Path) -> None:
    path = tmp_path / "layout.json"
    path.write_text("{not json")
    with pytest.raises(ValueError, match="not valid JSON"):
        create_app({"TESTING": True, "DATABASE": str(tmp_path / "g.db"), "GPIO": "none",
                    "CAMERA": "none", "LAYOUT": str(path)})


def test_a_broken_default_layout_file_falls_back_with_a_warning(tmp_path: Path) -> None:
    from web.calibration import LayoutFile

    path = tmp_path / "layout.json"
    path.write_text('{"name": "x"}')
    service = LayoutFile(path)
    assert service.custom is False and service.layout == load_layout()
    assert service.error is not None and "could not be used" in service.error


def test_the_calibration_page_has_the_layout_editor(client: FlaskClient,
                                                    setup_key: str) -> None:
    page = client.get(f"/calibrate?key={setup_key}").data.decode()
    assert 'id="layout"' in page and "Reset to the default layout" in page
    assert "layout.js" in page and "arrow keys" in page
    assert 'data-editable="yes"' in page and "calibrate.js" in page


def test_the_straightened_board_picture(client: FlaskClient, game: dict[str, Any]) -> None:
    client.get("/api/calibration")  # the camera reads the board once
    picture = client.get("/api/calibration/board.jpg")
    assert picture.status_code == 200 and picture.mimetype == "image/jpeg"
    assert picture.data[:2] == b"\xff\xd8"


def test_no_board_picture_without_a_camera_frame(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "g.db"), "GPIO": "none",
                      "CAMERA": "none", "LAYOUT": str(tmp_path / "layout.json")})
    try:
        missing = app.test_client().get("/api/calibration/board.jpg")
        assert missing.status_code == 404 and missing.json["ok"] is False
    finally:
        close_app(app)


# -- seat order ----------------------------------------------------------------------------


def test_seat_order_and_the_buoy_through_the_form(owner: FlaskClient) -> None:
    response = owner.post("/new", data={"players": ["blue", "red", "yellow", "green"],
                                         "first": "yellow"})
    assert response.status_code == 302
    state = owner.get("/api/games/1").json["state"]
    # Clockwise from the buoy: yellow, green, then blue and red.
    assert state["players"] == ["yellow", "green", "blue", "red"]
    assert state["first_player"] == "yellow"


def test_seat_order_without_a_buoy_choice_keeps_the_form_order(owner: FlaskClient) -> None:
    owner.post("/new", data={"players": ["brown", "green", "red"]})
    state = owner.get("/api/games/1").json["state"]
    assert state["players"] == ["brown", "green", "red"] and state["first_player"] == "brown"


def test_the_buoy_must_go_to_a_player(owner: FlaskClient) -> None:
    refused = owner.post("/new", data={"players": ["red", "green", "blue"], "first": "brown"})
    assert refused.status_code == 400
    page = refused.data.decode()
    assert "The buoy must go to one of the players" in page
    # The form comes back in the chosen seat order with the choices kept.
    assert page.index('value="red" checked') < page.index('value="green" checked') \
        < page.index('value="blue" checked') < page.index('name="players" value="brown"')
    assert owner.get("/api/games").json["games"] == []


def test_seat_order_through_the_api(owner: FlaskClient) -> None:
    created = owner.post("/api/games", json={"players": ["red", "green", "blue"],
                                              "first": "blue"})
    assert created.status_code == 201
    state = owner.get(f"/api/games/{created.json['id']}").json["state"]
    assert state["players"] == ["blue", "red", "green"]
    assert owner.post("/api/games", json={"players": ["red", "green", "blue"],
                                           "first": 3}).status_code == 400
    assert owner.post("/api/games", json={"players": ["red", "green", "blue"],
                                           "first": "pink"}).status_code == 400


def test_the_new_game_page_explains_seats(owner: FlaskClient) -> None:
    page = owner.get("/new").data.decode()
    assert "clockwise" in page and 'name="first"' in page and "new.js" in page
