"""Who may do what: every route of ``app.url_map`` against the role table
(:data:`web.roles.ROUTES`), the same table in docs/web.md, and each role enforced.

For every route and method: the table lists it; without credentials an owner, table or
player route is refused (403, in plain words) and changes nothing; with the right
credential it is not refused; a route for anyone answers without any.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from web.roles import ROUTES, Role

DOCS = Path(__file__).resolve().parents[2] / "docs" / "web.md"
ROW = re.compile(r"^\| `(GET|POST|PUT|DELETE)` \| `([^`]+)` \| (owner|table|player|anyone) \|")


def app_routes(app: Flask) -> set[tuple[str, str]]:
    return {(method, rule.rule) for rule in app.url_map.iter_rules()
            for method in rule.methods or () if method not in ("HEAD", "OPTIONS")}


def test_every_route_is_in_the_role_table(app: Flask) -> None:
    assert app_routes(app) == set(ROUTES)


def test_docs_show_the_same_role_table() -> None:
    rows = {(m, path): Role(role) for line in DOCS.read_text().splitlines()
            if (match := ROW.match(line)) for m, path, role in [match.groups()]}
    assert rows == ROUTES


def url(rule: str, game: dict[str, Any], token: str) -> str:
    return (rule.replace("<id:game_id>", str(game["id"])).replace("<token>", token)
            .replace("<colour>", "red").replace("<path:filename>", "app.css"))


def call(client: FlaskClient, method: str, path: str, key: str | None,
         headers: dict[str, str] | None = None) -> Any:
    query = f"?key={key}" if key is not None else ""
    body = {"key": key} if key is not None else {}
    if path.endswith("/undo"):
        body["version"] = 0
    response = client.open(path + query, method=method, json=body if method != "GET" else None,
                           headers=headers or {}, buffered=not path.endswith("/stream"))
    status = response.status_code
    kind = response.json.get("kind") if response.is_json else None
    text = response.get_data().decode(errors="replace") if status != 200 or \
        not path.endswith("/stream") else ""
    response.close()
    return status, kind, text


def snapshot(app: Flask, client: FlaskClient, game: dict[str, Any]) -> Any:
    loop = app.extensions["niagara"]
    layout = app.extensions["niagara.layout"]
    return (client.get("/api/games").json, len(loop.game(game["id"]).history),
            loop.current, layout.path.exists(), app.extensions["niagara.camera"].faults
            if hasattr(app.extensions["niagara.camera"], "faults") else None)


ROUTE_IDS = [f"{m} {r}" for m, r in ROUTES]


@pytest.mark.parametrize(("method", "rule"), list(ROUTES), ids=ROUTE_IDS)
def test_each_role_is_enforced(app: Flask, client: FlaskClient, game: dict[str, Any],
                               method: str, rule: str, setup: dict[str, str]) -> None:
    role = ROUTES[(method, rule)]
    token = game["tokens"]["red"]
    before = snapshot(app, client, game)
    if role is Role.ANYONE:
        status, _kind, _text = call(client, method, url(rule, game, token), None)
        assert status not in (401, 403) and status < 500
        return
    # Without the role's credential (a wrong one where a key or token is part of it).
    wrong_token = "x" * 22
    path = url(rule, game, wrong_token if role is Role.PLAYER else token)
    status, kind, text = call(client, method, path,
                              "wrong-key" if role is Role.TABLE else None)
    assert status == 403, (status, text)
    if path.startswith("/api/"):
        assert kind == "forbidden"
    assert "Only" in text or "not valid" in text
    assert snapshot(app, client, game) == before
    # A table key or a player token does not open an owner route.
    if role is Role.OWNER:
        for key in (game["table_key"], token):
            assert call(client, method, path, key)[0] == 403
    # With the right credential: not refused (other answers, e.g. 400 for an empty body,
    # are the route's own).
    path = url(rule, game, token)
    if role is Role.OWNER:
        status, _kind, text = call(client, method, path, None, headers=setup)
    else:
        status, _kind, text = call(client, method, path,
                                   game["table_key"] if role is Role.TABLE else None)
    if rule == "/api/play/<token>/confirm":  # in phase 1 nobody is to play: the rule's own
        assert "Only the player to play" in text
        return
    assert status not in (401, 403) and status < 500, (status, text)


def test_owner_cookie_from_the_owners_link(client: FlaskClient, setup_key: str) -> None:
    assert client.post("/api/games", json={"players": ["red", "green", "blue"]}
                       ).status_code == 403
    opened = client.get(f"/?key={setup_key}")
    cookie = opened.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    assert setup_key not in opened.get_data(as_text=True)
    assert opened.headers["Cache-Control"] == "no-store"
    created = client.post("/api/games", json={"players": ["red", "green", "blue"]})
    assert created.status_code == 201
    # A wrong header counts alone: the cookie does not rescue it.
    assert client.post("/api/games", json={"players": ["red", "green", "blue"]},
                       headers={"X-Setup-Key": "wrong"}).status_code == 403


def test_the_takeover_is_refused(client: FlaskClient, game: dict[str, Any]) -> None:
    """A guest on the LAN can neither start a game (which would become the game on the
    table), nor make another one current, nor inject camera faults with its key."""
    before = client.get("/api/games").json
    assert client.post("/api/games", json={"players": ["red", "green", "blue"]}
                       ).status_code == 403
    assert client.post(f"/api/games/{game['id']}/current").status_code == 403
    assert client.post("/api/camera/faults", json={"key": game["table_key"],
                                                   "faults": [["canoe_off", "red"]]}
                       ).status_code == 403
    assert client.get("/api/games").json == before


def test_the_owner_makes_a_game_current(client: FlaskClient, game: dict[str, Any],
                                        setup: dict[str, str]) -> None:
    second = client.post("/api/games", json={"players": ["red", "green", "blue"]},
                         headers=setup).json
    assert client.get("/api/games").json["current"] == second["id"]
    made = client.post(f"/api/games/{game['id']}/current", headers=setup)
    assert made.status_code == 200 and made.json == {"ok": True, "current": game["id"]}
    assert client.get("/api/games").json["current"] == game["id"]
    assert client.post("/api/games/999/current", headers=setup).status_code == 404
