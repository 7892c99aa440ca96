"""Event streams cannot take the server's threads: at most ``STREAMS_PER_ADDRESS`` from
one device (429), ``STREAMS_PER_GAME`` per game and ``STREAMS_TOTAL`` in all (503), each
refused in plain words before the stream starts; a closed stream frees its place.

Served by waitress on loopback (as ``serve`` does); each test client says which device it
stands for in a test-only header, which a wrapper turns into the client address.
"""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from web.app import close_app, create_app

from .conftest import PLAYERS, owner_headers, stop_server


@pytest.fixture
def small(tmp_path: Path) -> Iterator[Flask]:
    from waitress import create_server

    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "g.db"), "CAMERA": "none",
                      "GPIO": "none", "SSE_HEARTBEAT": 0.1, "STREAMS_TOTAL": 5,
                      "STREAMS_PER_GAME": 4, "STREAMS_PER_ADDRESS": 2,
                      "LAYOUT": str(tmp_path / "layout.json")})
    served = app.wsgi_app

    def as_device(environ: dict[str, Any], start_response: Any) -> Any:
        environ["REMOTE_ADDR"] = environ.get("HTTP_X_TEST_DEVICE", environ["REMOTE_ADDR"])
        return served(environ, start_response)

    app.wsgi_app = as_device  # type: ignore[method-assign]
    server = create_server(app, host="127.0.0.1", port=0, threads=8,
                           channel_request_lookahead=1)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    app.config["PORT"] = server.effective_port
    yield app
    close_app(app)
    stop_server(server, thread)


class Stream:
    """One event stream opened from a loopback address; status, and the JSON refusal."""

    def __init__(self, app: Flask, path: str, address: str) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", app.config["PORT"], timeout=5)
        self.conn.request("GET", path, headers={"X-Test-Device": address})
        response = self.conn.getresponse()
        self.status_code = response.status
        self.response = response  # kept: a dropped response closes the stream
        self.headers = response.headers
        self.json: Any = None
        if response.status == 200:
            assert response.fp.readline()  # the stream has started
        else:
            self.json = json.loads(response.read())

    def close(self) -> None:
        self.response.close()
        self.conn.close()


def open_stream(client: Any, path: str, address: str) -> Stream:
    return Stream(client, path, address)


def wait_for(check: Any) -> None:
    deadline = time.monotonic() + 5
    while not check():
        assert time.monotonic() < deadline
        time.sleep(0.05)


def new_game(app: Flask, client: Any) -> dict[str, Any]:
    created = client.post("/api/games", json={"players": PLAYERS}, headers=owner_headers(app))
    assert created.status_code == 201
    return created.json  # type: ignore[no-any-return]


def test_streams_are_capped_per_address_game_and_in_all(small: Flask) -> None:
    client = small.test_client()
    one, two = new_game(small, client), new_game(small, client)
    table = f"/api/games/{one['id']}/stream"
    client = small  # streams go to the served app
    open_ = [open_stream(client, table, "127.0.0.11"), open_stream(client, table, "127.0.0.11")]
    third = open_stream(client, table, "127.0.0.11")
    assert third.status_code == 429
    assert third.json["kind"] == "busy" and "This device already has 2" in third.json["error"]
    assert third.headers["Retry-After"] == "10"
    open_ += [open_stream(client, table, "127.0.0.12"), open_stream(client, table, "127.0.0.13")]
    assert all(r.status_code == 200 for r in open_)
    busy_game = open_stream(client, table, "127.0.0.14")
    assert busy_game.status_code == 503 and "This game already has 4" in busy_game.json["error"]
    player = one["players"]["red"].rsplit("/", 1)[1]
    refused = open_stream(client, f"/api/play/{player}/stream", "127.0.0.15")
    assert refused.status_code == 503
    open_.append(open_stream(client, f"/api/games/{two['id']}/stream", "127.0.0.15"))
    assert open_[-1].status_code == 200
    total = open_stream(client, f"/api/games/{two['id']}/stream", "127.0.0.16")
    assert total.status_code == 503 and "The companion already has 5" in total.json["error"]
    # Ordinary requests still answer, and a closed stream frees its place (found at its
    # next heartbeat).
    assert small.test_client().get(f"/api/games/{one['id']}").status_code == 200
    slots = small.extensions["niagara.streams"]
    open_.pop(0).close()
    wait_for(lambda: slots.open == 4)
    again = open_stream(client, table, "127.0.0.11")
    assert again.status_code == 200
    for response in [*open_, again]:
        response.close()
    wait_for(lambda: slots.open == 0)


def test_a_refused_stream_counts_nothing(small: Flask) -> None:
    game = new_game(small, small.test_client())
    for _ in range(5):
        assert open_stream(small, "/api/games/999/stream", "127.0.0.19").status_code == 404
        assert open_stream(small, "/api/play/nobody/stream", "127.0.0.19").status_code == 403
    assert small.extensions["niagara.streams"].open == 0
    stream = open_stream(small, f"/api/games/{game['id']}/stream", "127.0.0.19")
    assert stream.status_code == 200
    stream.close()
