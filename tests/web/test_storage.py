"""Storage faults: with the games' database full (SQLite's ``max_page_count``) or
read-only (``query_only``), every write is refused in plain words (507, kind
``storage``), nothing is half-applied in memory, reads keep working, and writes work
again by themselves once the storage can write — no restart."""

from __future__ import annotations

import sqlite3
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from companion.table.store import STORAGE_FULL, STORAGE_READ_ONLY

from .conftest import PLAYERS
from .test_api import view


def database(app: Flask) -> sqlite3.Connection:
    """The store's own connection: SQLite's fault hooks are per connection."""
    db: sqlite3.Connection = app.extensions["niagara"].store._db
    return db


def snapshot(app: Flask, client: FlaskClient) -> Any:
    loop = app.extensions["niagara"]
    return (client.get("/api/games").json, loop.current,
            {g["id"]: view(client, g) for g in client.get("/api/games").json["games"]},
            loop.hub.versions([f"game:{g['id']}" for g in loop.games()]))


def test_a_full_disk_refuses_every_write_and_recovers(app: Flask, client: FlaskClient,
                                                      game: dict[str, Any],
                                                      setup: dict[str, str]) -> None:
    db = database(app)
    created = [game] + [client.post("/api/games", json={"players": PLAYERS},
                                    headers=setup).json for _ in range(60)]
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")  # the disk is full from now on
    for _ in range(200):  # new games until the last page is full
        response = client.post("/api/games", json={"players": PLAYERS}, headers=setup)
        if response.status_code != 201:
            break
    assert response.status_code == 507
    assert response.json == {"ok": False, "error": STORAGE_FULL, "kind": "storage"}
    before = snapshot(app, client)
    refused_new = client.post("/api/games", json={"players": PLAYERS}, headers=setup)
    assert refused_new.status_code == 507
    page = client.post("/new", data={"players": PLAYERS}, headers=setup)
    assert page.status_code == 507 and b"storage is full" in page.data
    # Card lock-ins until the actions' page is full too: the refused one is not applied.
    assert snapshot(app, client) == before
    refused = None
    for made in created:
        for colour in PLAYERS:
            token = made["players"][colour].rsplit("/", 1)[1]
            response = client.post(f"/api/play/{token}/action",
                                   json={"type": "choose", "card": 3})
            if response.status_code != 200:
                refused = (made, colour, token, response)
                break
        if refused:
            break
    assert refused is not None, "the actions never filled the disk"
    made, colour, token, response = refused
    assert response.status_code == 507 and response.json["error"] == STORAGE_FULL
    assert colour not in view(client, made)["state"]["locked"]
    form = client.post(f"/play/{token}", data={"card": "3"})
    assert form.status_code == 507 and b"storage is full" in form.data
    assert colour not in view(client, made)["state"]["locked"]
    # Reads keep working: pages, views, streams' first message.
    for path in ("/", f"/games/{made['id']}/table", f"/play/{token}", "/api/games",
                 f"/api/play/{token}"):
        assert client.get(path).status_code == 200, path
    # Space comes back: the same requests work, without a restart.
    db.execute("PRAGMA max_page_count = 1073741823")
    assert client.post(f"/api/play/{token}/action",
                       json={"type": "choose", "card": 3}).status_code == 200
    assert colour in view(client, made)["state"]["locked"]
    assert client.post("/api/games", json={"players": PLAYERS},
                       headers=setup).status_code == 201
    assert before[0]["games"] != client.get("/api/games").json["games"]


def test_read_only_storage_refuses_writes_and_changes_nothing(
        app: Flask, client: FlaskClient, game: dict[str, Any], setup: dict[str, str]) -> None:
    db = database(app)
    red = game["tokens"]["red"]
    assert client.post(f"/api/play/{red}/action",
                       json={"type": "choose", "card": 2}).status_code == 200
    db.execute("PRAGMA query_only = ON")
    before = snapshot(app, client)
    green = game["tokens"]["green"]
    for method, path, body, headers in (
            ("POST", f"/api/play/{green}/action", {"type": "choose", "card": 4}, {}),
            ("POST", "/api/games", {"players": PLAYERS}, setup),
            ("POST", f"/api/games/{game['id']}/undo",
             {"key": game["table_key"], "version": 1}, {})):
        response = client.open(path, method=method, json=body, headers=headers)
        assert response.status_code == 507, path
        assert response.json == {"ok": False, "error": STORAGE_READ_ONLY, "kind": "storage"}
    assert snapshot(app, client) == before
    db.execute("PRAGMA query_only = OFF")
    assert client.post(f"/api/play/{green}/action",
                       json={"type": "choose", "card": 4}).status_code == 200
    assert view(client, game)["state"]["locked"] == ["red", "green"]
