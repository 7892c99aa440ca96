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
