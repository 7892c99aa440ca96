"""A missing camera or missing lights are shown, never hidden behind a stand-in."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.table.loop import GameLoop
from hardware.gpio import GPIOUnavailable
from web import app as web_app
from web.app import close_app, create_app


def test_no_camera_and_no_lights_are_shown_on_the_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_gpio(*_: object, **__: object) -> None:
        raise GPIOUnavailable("the Raspberry Pi's GPIO cannot be used (no lgpio)")

    monkeypatch.setattr(web_app, "make_announcer", no_gpio)
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "games.sqlite3"),
                      "CAMERA": f"folder:{tmp_path / 'no-such-folder'}", "GPIO": "auto",
                      "CAMERA_INTERVAL": 60.0, "LAYOUT": str(tmp_path / "layout.json"),
                      "SETUP_KEY_FILE": str(tmp_path / "setup-key")})
    try:
        loop: GameLoop = app.extensions["niagara"]
        assert app.extensions["niagara.announcer"] is None  # no mock pins in its place
        game = loop.new_game(["red", "green", "yellow"])
        view = app.test_client().get(f"/api/games/{game.id}").json
        camera, lights = view["hardware"]["camera"], view["hardware"]["lights"]
        assert camera["problem"].startswith("No camera: no folder")
        assert "The board is not watched" in camera["problem"]
        assert lights["problem"].startswith("No lights: the Raspberry Pi's GPIO cannot be used")
        assert view["camera"] == f"folder:{tmp_path / 'no-such-folder'}"  # not "synthetic"
    finally:
        close_app(app)


def test_exposure_is_locked_when_colours_are_learned_and_restored_at_start(
        tmp_path: Path) -> None:
    from typing import Any

    from companion.table.camera import SyntheticCamera

    class Detector:
        layout: Any = None
        corners: Any = None
        corners_size: Any = None
        last_pose: Any = None

        def learn_table(self, frame: Any, players: Any, joe: bool = False) -> Any:
            return Profile({p: (1, 2, 3) for p in players})

        def use_profile(self, profile: Any) -> None:
            pass

    class Profile:
        def __init__(self, canoe_bgr: dict[str, Any]) -> None:
            self.canoe_bgr = canoe_bgr
            self.notes: tuple[str, ...] = ()

        def save(self, path: Any) -> None:
            Path(path).write_text("{}")

    class Camera(SyntheticCamera):
        def __init__(self) -> None:
            super().__init__(push_delay=None, size=(320, 180))
            self.detector = Detector()  # type: ignore[assignment]
            self.restored: list[Any] = []

        def lock_exposure(self) -> dict[str, object]:
            return {"ExposureTime": 10000, "AnalogueGain": 3.0, "ColourGains": (1.5, 1.9)}

        def restore_exposure(self, controls: Any) -> None:
            self.restored.append(dict(controls))

    config = {"TESTING": True, "DATABASE": str(tmp_path / "g.db"), "GPIO": "none",
              "CAMERA_INTERVAL": 60.0, "LAYOUT": str(tmp_path / "layout.json"),
              "SETUP_KEY_FILE": str(tmp_path / "setup-key")}
    first = Camera()
    app = create_app({**config, "CAMERA": first})
    try:
        loop: GameLoop = app.extensions["niagara"]
        loop.new_game(["red", "green", "yellow"])
        loop.check_camera()
        key = app.extensions["niagara.setup_key"].value
        done = app.test_client().post("/api/calibration/colours", json={},
                                      headers={"X-Setup-Key": key})
        assert done.status_code == 200, done.json
        assert done.json["exposure"]["ExposureTime"] == 10000
        assert done.json["exposure_file"] == str(tmp_path / "camera-exposure.json")
        assert first.restored == []
    finally:
        close_app(app)
    again = Camera()
    app = create_app({**config, "CAMERA": again})
    try:
        assert again.restored == [{"ExposureTime": 10000, "AnalogueGain": 3.0,
                                   "ColourGains": [1.5, 1.9]}]
    finally:
        close_app(app)


def test_player_links_use_the_address_the_table_reached(tmp_path: Path) -> None:
    import socket

    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "g.db"), "GPIO": "none",
                      "CAMERA": "none", "LAYOUT": str(tmp_path / "layout.json"),
                      "SETUP_KEY_FILE": str(tmp_path / "setup-key"),
                      "WIFI_SSID": "Niagara table", "WIFI_PASSWORD": "paddle;fast"})
    try:
        loop: GameLoop = app.extensions["niagara"]
        game = loop.new_game(["red", "green", "yellow"])
        url = f"/api/games/{game.id}/links?key={game.table_key}"
        # The Pi as its own access point: the table's browser came in on 10.42.0.1.
        on_ap = app.test_client().get(url, base_url="http://10.42.0.1:8000").json
        assert on_ap["players"]["red"].startswith("http://10.42.0.1:8000/play/")
        # Opened on the Pi itself (localhost): no phone could open that; PUBLIC_URL, the
        # LAN address serve found, or else the mDNS name.
        local = app.test_client().get(url, base_url="http://localhost:8000").json
        host = socket.gethostname().split(".")[0]
        assert local["players"]["red"].startswith(f"http://{host}.local:8000/play/")
        app.config["PUBLIC_URL"] = "http://192.168.1.20:8000"
        local = app.test_client().get(url, base_url="http://127.0.0.1:8000").json
        assert local["players"]["red"].startswith("http://192.168.1.20:8000/play/")
        # The links page shows the Wi-Fi's QR code first.
        page = app.test_client().get(f"/games/{game.id}/setup?key={game.table_key}",
                                     base_url="http://10.42.0.1:8000").data.decode()
        assert "First, the Wi-Fi: <strong>Niagara table</strong>" in page
        assert page.count('class="segno"') == 4
    finally:
        close_app(app)


def test_the_table_learned_at_setup_is_used_and_kept_across_restarts(tmp_path: Path) -> None:
    from companion.state import Canoe, GameState
    from companion.table.camera import SyntheticSource, VisionCamera
    from vision.detector import Detector

    drawn: list[GameState] = []

    def camera() -> VisionCamera:
        return VisionCamera("synthetic+vision", SyntheticSource(lambda: drawn[0], size=(960, 540)),
                            Detector())

    config = {"TESTING": True, "DATABASE": str(tmp_path / "g.db"), "GPIO": "none",
              "CAMERA_INTERVAL": 60.0, "LAYOUT": str(tmp_path / "layout.json"),
              "SETUP_KEY_FILE": str(tmp_path / "setup-key")}
    first = camera()
    app = create_app({**config, "CAMERA": first})
    profile_path = tmp_path / "table-profile.json"
    try:
        loop: GameLoop = app.extensions["niagara"]
        game = loop.new_game(["red", "green", "yellow"])
        key = {"X-Setup-Key": app.extensions["niagara.setup_key"].value}
        # Not the start position (a canoe on the river): refused, saying where; nothing kept.
        state = loop.state(game.id)
        drawn[:] = [state.replace(canoes=state.canoes.set(
            "red", (Canoe("T3"), Canoe("beach"))))]
        loop.check_camera()
        refused = app.test_client().post("/api/calibration/colours", json={}, headers=key)
        assert refused.status_code == 400
        assert refused.json["error"].startswith("setup photo: 5 canoes seen on the beach")
        assert not profile_path.exists() and first.detector.profile is None  # type: ignore[union-attr]
        # The start position: learned, read with at once, and saved.
        drawn[:] = [state]
        loop.check_camera()
        done = app.test_client().post("/api/calibration/colours", json={}, headers=key)
        assert done.status_code == 200, done.json
        assert sorted(done.json["learned"]) == ["green", "red", "yellow"]
        assert done.json["notes"] == []  # no glare: nothing more to say
        assert done.json["profile_file"] == str(profile_path) and profile_path.exists()
        learned = first.detector.profile  # type: ignore[union-attr]
        assert learned is not None and learned.players == ("red", "green", "yellow")
    finally:
        close_app(app)
    again = camera()
    app = create_app({**config, "CAMERA": again})
    try:
        restored = again.detector.profile  # type: ignore[union-attr]
        assert restored is not None and restored.canoe_bgr == learned.canoe_bgr
        assert again.detector.colours == ("red", "green", "yellow")  # type: ignore[union-attr]
    finally:
        close_app(app)
    # A profile file that cannot be used is said in the log and not used.
    profile_path.write_text('{"version": 1}')
    broken = camera()
    app = create_app({**config, "CAMERA": broken})
    try:
        assert broken.detector.profile is None  # type: ignore[union-attr]
        assert "learn it again" in (app.extensions["niagara.profile"].error or "")
    finally:
        close_app(app)
