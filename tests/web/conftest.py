"""Fixtures for the web tests: an app with a temporary database, mock lights and a
synthetic camera that waits for the table's "done"."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.table.camera import SyntheticCamera
from web.app import close_app, create_app

PLAYERS = ["red", "green", "yellow"]

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def stop_server(server: Any, thread: threading.Thread) -> None:
    """Stop a waitress server running in ``thread``: its sockets are closed in the loop's
    own thread (closed from another, they race the loop's ``select()``, which dies with
    EBADF: Pylons/waitress#468, fixed after 3.0.2), once its workers are done."""
    server.task_dispatcher.shutdown()
    server.trigger.pull_trigger(server.close)
    thread.join(timeout=5)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium (Playwright) for the browser tests: one per pytest-xdist worker,
    shared by every browser test module the worker runs (each test opens contexts of its
    own; starting Chromium again for each module cost a second or two of CPU each time)."""
    if not CHROMIUM.exists():
        pytest.fail("Debian's chromium is not installed: run 'make browser' (make test does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                              args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def camera() -> SyntheticCamera:
    return SyntheticCamera(push_delay=None, size=(320, 180))


@pytest.fixture
def app(tmp_path: Any, camera: SyntheticCamera) -> Iterator[Flask]:
    app = create_app({
        "TESTING": True,
        "DATABASE": ":memory:",  # (no fsync at each action; the store's tests keep files)
        "CAMERA": camera,
        "GPIO": "mock",
        "SETTLE": 0.0,
        "ANNOUNCER_SPEED": 50.0,
        "CAMERA_INTERVAL": 60.0,
        "SSE_HEARTBEAT": 0.2,
        "LAYOUT": str(tmp_path / "layout.json"),
        "SETUP_KEY_FILE": str(tmp_path / "setup-key"),
        "COMPUTER_THREAD": False,
    })
    yield app
    close_app(app)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def setup_key(app: Flask) -> str:
    """The service's setup key (needed to change the calibration)."""
    key: str = app.extensions["niagara.setup_key"].value
    return key


@pytest.fixture
def setup(setup_key: str) -> dict[str, str]:
    """The headers of a calibration change: the setup key."""
    return {"X-Setup-Key": setup_key}


def owner_headers(app: Flask) -> dict[str, str]:
    """The headers of an owner's request (a new game, a calibration change): the setup
    key."""
    return {"X-Setup-Key": app.extensions["niagara.setup_key"].value}


@pytest.fixture
def owner(client: FlaskClient, setup_key: str) -> FlaskClient:
    """The client as the owner's browser: it keeps the setup key in the owner's cookie
    (as after opening the owner's link)."""
    assert client.get(f"/?key={setup_key}").status_code == 200
    return client


@pytest.fixture
def game(client: FlaskClient, setup: dict[str, str]) -> dict[str, Any]:
    """A new 3-player game: its id, table key and player tokens."""
    response = client.post("/api/games", json={"players": PLAYERS}, headers=setup)
    assert response.status_code == 201, response.json
    data = response.json
    data["tokens"] = {p: url.rsplit("/", 1)[1] for p, url in data["players"].items()}
    return data
