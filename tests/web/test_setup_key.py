"""The setup key: only the person setting up the table changes the calibration.

Every change of the calibration (corners, colours, the layout saved or reset) is refused
without the key (403, nothing changed) and works with it; the key is kept in a file
across restarts; it reaches the table only, never a player's phone.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.table.camera import SyntheticCamera
from vision.layout import load_layout
from web.app import close_app, create_app
from web.setup_key import REFUSED, SetupKey, default_setup_key_path

PLAYERS = ["red", "green", "yellow"]


class FakeDetector:
    """Records what the calibration endpoints give the camera's detector."""

    def __init__(self) -> None:
        self.layout: Any = None
        self.corners: Any = None
        self.corners_size: Any = None
        self.learned: list[Any] = []

    def learn_table(self, frame: Any, players: Any, joe: bool = False) -> Any:
        self.learned.append(tuple(players))
        return FakeProfile({p: (0, 0, 0) for p in players})

    def use_profile(self, profile: Any) -> None:
        pass


class FakeProfile:
    """What the calibration endpoint needs of a table profile."""

    def __init__(self, canoe_bgr: dict[str, Any]) -> None:
        self.canoe_bgr = canoe_bgr
        self.notes: tuple[str, ...] = ()

    def save(self, path: Any) -> None:
        Path(path).write_text("{}")


class DetectorCamera(SyntheticCamera):
    """The synthetic camera with a detector, like the real cameras (``VisionCamera``)."""

    def __init__(self) -> None:
        super().__init__(push_delay=None, size=(320, 180))
        self.detector = FakeDetector()


@pytest.fixture
def vision_app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "g.db"), "GPIO": "none",
                      "CAMERA": DetectorCamera(), "CAMERA_INTERVAL": 60.0,
                      "LAYOUT": str(tmp_path / "layout.json"),
                      "SETUP_KEY_FILE": str(tmp_path / "setup-key")})
    yield app
    close_app(app)


def moved_layout() -> dict[str, Any]:
    data = load_layout().to_json()
    data["slots"]["T1"] = [158, 151]
    return data


SQUARE = [[10, 10], [300, 12], [298, 170], [12, 168]]
CHANGES = [
    ("POST", "/api/calibration/corners", {"corners": SQUARE}),
    ("POST", "/api/calibration/colours", {}),
    ("PUT", "/api/calibration/layout", moved_layout()),
    ("DELETE", "/api/calibration/layout", None),
]


def snapshot(app: Flask) -> dict[str, Any]:
    """Everything a calibration change could change."""
    layout = app.extensions["niagara.layout"]
    detector = app.extensions["niagara.camera"].detector
    return {"file": layout.path.read_bytes() if layout.path.exists() else None,
            "layout": layout.layout, "detector layout": detector.layout,
            "corners": detector.corners, "size": detector.corners_size,
            "learned": list(detector.learned)}


@pytest.mark.parametrize(("method", "path", "body"), CHANGES,
                         ids=[f"{m} {p.rsplit('/', 1)[1]}" for m, p, _ in CHANGES])
@pytest.mark.parametrize("headers", [
    {}, {"X-Setup-Key": ""}, {"X-Setup-Key": "wrong"}, {"X-Setup-Key": "wrong" * 10}],
    ids=["no key", "empty key", "wrong key", "long wrong key"])
def test_a_change_without_the_key_is_refused_and_changes_nothing(
        vision_app: Flask, method: str, path: str, body: Any,
        headers: dict[str, str]) -> None:
    client = vision_app.test_client()
    key = vision_app.extensions["niagara.setup_key"].value
    client.post("/api/games", json={"players": PLAYERS}, headers={"X-Setup-Key": key})
    client.get("/api/calibration")  # the camera takes a picture
    # A saved layout, so that a reset would change something.
    data = load_layout().to_json()
    data["slots"]["T2"] = [215, 148]
    assert client.put("/api/calibration/layout", json=data,
                      headers={"X-Setup-Key": key}).status_code == 200
    before = snapshot(vision_app)
    # The key in the body or the address does not count: only the header.
    sent = dict(body, key=key) if isinstance(body, dict) and method == "POST" else body
    refused = client.open(f"{path}?key={key}", method=method, json=sent, headers=headers)
    assert refused.status_code == 403
    assert refused.json == {"ok": False, "error": REFUSED, "kind": "forbidden"}
    assert key.encode() not in refused.data
    assert snapshot(vision_app) == before


@pytest.mark.parametrize(("method", "path", "body"), CHANGES,
                         ids=[f"{m} {p.rsplit('/', 1)[1]}" for m, p, _ in CHANGES])
def test_a_change_with_the_key_works(vision_app: Flask, method: str, path: str,
                                     body: Any) -> None:
    client = vision_app.test_client()
    key = vision_app.extensions["niagara.setup_key"].value
    client.post("/api/games", json={"players": PLAYERS}, headers={"X-Setup-Key": key})
    client.get("/api/calibration")
    before = snapshot(vision_app)
    done = client.open(path, method=method, json=body, headers={"X-Setup-Key": key})
    assert done.status_code == 200, done.json
    assert done.json["ok"] is True and key.encode() not in done.data
    after = snapshot(vision_app)
    detector = vision_app.extensions["niagara.camera"].detector
    if path.endswith("corners"):
        assert detector.corners == [[float(x), float(y)] for x, y in SQUARE]
        assert detector.corners_size == (320, 180)
    elif path.endswith("colours"):
        assert detector.learned == [tuple(PLAYERS)]
    elif method == "PUT":
        assert after["file"] is not None and detector.layout.slots["T1"] == (158.0, 151.0)
    else:
        assert after["file"] is None and before["file"] is None  # reset: harmless
        assert detector.layout == load_layout()


def test_without_the_key_the_body_is_not_even_read(vision_app: Flask) -> None:
    client = vision_app.test_client()
    refused = client.put("/api/calibration/layout", data=b"not json",
                         content_type="application/json")
    assert refused.status_code == 403 and refused.json["error"] == REFUSED


def test_looking_needs_no_key(client: FlaskClient, game: dict[str, Any]) -> None:
    assert client.get("/api/calibration").status_code == 200
    assert client.get("/api/calibration/layout").status_code == 200
    assert client.get("/api/calibration/board.jpg").status_code == 200
    assert client.head("/api/calibration/layout").status_code == 200


# -- the key is kept -------------------------------------------------------------------------


def test_the_key_is_made_once_and_kept_across_restarts(tmp_path: Path) -> None:
    path = tmp_path / "config" / "setup-key"
    config = {"TESTING": True, "DATABASE": str(tmp_path / "g.db"), "GPIO": "none",
              "CAMERA": "none", "LAYOUT": str(tmp_path / "layout.json"),
              "SETUP_KEY_FILE": str(path)}
    app = create_app(config)
    try:
        key = app.extensions["niagara.setup_key"].value
        assert len(key) >= 32 and path.read_text().strip() == key
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        layout = load_layout().to_json()
        layout["slots"]["T3"] = [272, 150]
        assert app.test_client().put("/api/calibration/layout", json=layout,
                                     headers={"X-Setup-Key": key}).status_code == 200
    finally:
        close_app(app)
    app = create_app(config)
    try:
        assert app.extensions["niagara.setup_key"].value == key
        # The link printed at the first start still works.
        assert app.test_client().delete("/api/calibration/layout",
                                        headers={"X-Setup-Key": key}).status_code == 200
    finally:
        close_app(app)


def test_the_key_file_is_beside_the_user_layout() -> None:
    from web.calibration import default_layout_path

    path = default_setup_key_path()
    assert path.name == "setup-key" and path.parent == default_layout_path().parent


def test_the_service_uses_the_default_key_file(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "niagara-companion" / "setup-key"
    monkeypatch.setattr("web.setup_key.default_setup_key_path", lambda: path)
    app = create_app({"DATABASE": str(tmp_path / "g.db"), "GPIO": "none", "CAMERA": "none",
                      "LAYOUT": str(tmp_path / "layout.json")})
    try:
        service = app.extensions["niagara.setup_key"]
        assert service.path == path and service.persistent
        assert path.read_text().strip() == service.value
    finally:
        close_app(app)


def test_an_empty_or_open_key_file_is_mended(tmp_path: Path) -> None:
    path = tmp_path / "setup-key"
    path.write_text("\n")
    made = SetupKey(path=path)
    assert made.value and path.read_text().strip() == made.value
    os.chmod(path, 0o644)
    again = SetupKey(path=path)
    assert again.value == made.value and stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_given_key_is_used_as_it_is(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "g.db"), "GPIO": "none",
                      "CAMERA": "none", "LAYOUT": str(tmp_path / "layout.json"),
                      "SETUP_KEY": "given"})
    try:
        service = app.extensions["niagara.setup_key"]
        assert service.value == "given" and service.matches("given")
        assert not service.matches("Given") and not service.matches(None)
    finally:
        close_app(app)


# -- pages: the key goes to the table only -----------------------------------------------------


def test_the_calibration_page_without_the_key_is_a_view_only(client: FlaskClient,
                                                             setup_key: str) -> None:
    page = client.get("/calibrate")
    assert page.status_code == 200
    html = " ".join(page.data.decode().split())
    assert 'data-editable="no"' in html and 'id="view-only"' in html
    assert "You can look, but not change anything here." in html
    assert "printed when the companion started" in html and "table page" in html
    assert "Save the layout" not in html and "Use these corners" not in html
    assert "calibrate.js" not in html and "layout.js" in html
    assert setup_key not in html
    wrong = client.get("/calibrate?key=not-the-key")
    assert wrong.status_code == 403
    assert "not the right one" in wrong.data.decode() and setup_key not in wrong.data.decode()
    right = client.get(f"/calibrate?key={setup_key}")
    assert right.status_code == 200
    html = right.data.decode()
    assert 'data-editable="yes"' in html and "Save the layout" in html
    assert 'id="view-only"' not in html
    # The page itself does not hold the key (its script reads the address), nor leaks it.
    assert setup_key not in html
    assert right.headers["Cache-Control"] == "no-store"
    assert right.headers["Referrer-Policy"] == "no-referrer"


def test_the_table_page_links_to_the_calibration(client: FlaskClient, game: dict[str, Any],
                                                 setup_key: str) -> None:
    table = client.get(f"/games/{game['id']}/table?key={game['table_key']}")
    html = table.data.decode()
    # The link carries no key: on the owner's device the owner's cookie opens the tools.
    assert 'href="/calibrate"' in html and "Calibrate the camera" in html
    assert setup_key not in html
    assert table.headers["Cache-Control"] == "no-store"
    public = client.get(f"/games/{game['id']}/table").data.decode()
    assert 'id="calibrate-link"' not in public and setup_key not in public
    assert client.get(f"/games/{game['id']}/table?key=wrong").status_code == 403


def stream_start(client: FlaskClient, url: str, count: int = 3) -> bytes:
    """The first ``count`` messages of an event stream."""
    response = client.get(url, buffered=False)
    assert response.status_code == 200
    out = b""
    seen = 0
    try:
        for chunk in response.response:
            data = chunk if isinstance(chunk, bytes) else chunk.encode()
            out += data
            seen += data.startswith(b"event: ")
            if seen >= count:
                break
    finally:
        response.close()
    return out


def test_the_key_never_reaches_a_player(client: FlaskClient, game: dict[str, Any],
                                        setup_key: str) -> None:
    key = setup_key.encode()
    gid, table_key = game["id"], game["table_key"]
    token = game["tokens"]["red"]
    client.post(f"/api/play/{token}/action", json={"type": "choose", "card": 4})
    seen: dict[str, bytes] = {
        "home": client.get("/").data,
        "new game page": client.get("/new").data,
        "calibration page": client.get("/calibrate").data,
        "calibration page, wrong key": client.get("/calibrate?key=x").data,
        "setup check page": client.get("/check").data,
        "public table page": client.get(f"/games/{gid}/table").data,
        "player page": client.get(f"/play/{token}").data,
        "player api": client.get(f"/api/play/{token}").data,
        "player options": client.get(f"/api/play/{token}/options").data,
        "player stream": stream_start(client, f"/api/play/{token}/stream", 1),
        "table stream": stream_start(client, f"/api/games/{gid}/stream", 3),
        "games": client.get("/api/games").data,
        "game": client.get(f"/api/games/{gid}").data,
        "calibration": client.get("/api/calibration").data,
        "layout": client.get("/api/calibration/layout").data,
        "leds": client.get("/api/leds").data,
        "camera": client.get("/api/camera").data,
        "setup check": client.get("/api/setup-check").data,
        "refused change": client.delete("/api/calibration/layout").data,
        "error page": client.get("/nowhere").data,
        # The host's pages carry the table key, not the setup key.
        "players' links page": client.get(f"/games/{gid}/setup?key={table_key}").data,
        "players' links": client.get(f"/api/games/{gid}/links?key={table_key}").data,
        "QR code": client.get(f"/games/{gid}/qr/red.svg?key={table_key}").data,
        "table page": client.get(f"/games/{gid}/table?key={table_key}").data,
        "new game refused": client.post("/api/games", json={"players": PLAYERS}).data,
        "new game page refused": client.post("/new", data={"players": PLAYERS}).data,
    }
    for what, data in seen.items():
        assert data, what
        assert key not in data, f"the setup key is in the {what}"
    assert b"event: game" in seen["player stream"] and b"event: game" in seen["table stream"]
    # The check can fail: the owner's link puts the key in the owner's cookie.
    cookie = client.get(f"/?key={setup_key}").headers["Set-Cookie"]
    assert key.decode() in cookie


def test_the_layout_json_does_not_hold_the_key(client: FlaskClient, setup_key: str) -> None:
    info = client.get("/api/calibration/layout").json
    assert setup_key not in json.dumps(info)
