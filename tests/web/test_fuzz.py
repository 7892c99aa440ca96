"""HTTP fuzzing over every route (hypothesis, derandomised): methods, path values, JSON
shapes and sizes, content types and headers, with and without the right credentials.
No answer is a 5xx, every refusal is the JSON shape (or a page), and a refused request
changes nothing."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from web.roles import ROUTES

from .conftest import PLAYERS, owner_headers

RULES = sorted({rule for _method, rule in ROUTES})
METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False)
    | st.text(max_size=30) | st.sampled_from(["3", "²", "cloud", "down 2", "red", "1" * 50]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["type", "card", "pay", "key", "players", "first", "options",
                         "version", "arms", "faults", "corners", "player", "canoes",
                         "steps", "x"]) | st.text(max_size=8), inner, max_size=5),
    max_leaves=20)

segments = st.one_of(
    st.sampled_from(["1", "2", "0", str(2**63), "9" * 30, "²", "-1", "red", "app.css",
                     "..", "%00", "a" * 300]),
    st.text(max_size=40))

hosts = st.one_of(st.none(), st.sampled_from(["localhost", "a" * 64 + ".lan", "x y",
                                               "[::1]:80", "é", ""]),
                  # (a line break cannot reach the app inside a header)
                  st.text(st.characters(blacklist_characters="\r\n"), max_size=70))


@st.composite
def requests(draw: Any) -> dict[str, Any]:
    rule = draw(st.sampled_from(RULES))
    methods = sorted({m for m, r in ROUTES if r == rule})
    method = draw(st.sampled_from(methods) | st.sampled_from(METHODS))
    body_kind = draw(st.sampled_from(["json", "json", "raw", "form", "none", "deep"]))
    return {
        "rule": rule, "method": method,
        "segments": [draw(segments) for _ in range(2)],
        "credential": draw(st.sampled_from(["none", "owner", "table", "player", "wrong"])),
        "body_kind": body_kind,
        "json": draw(json_values),
        "raw": draw(st.binary(max_size=200)),
        "depth": draw(st.integers(1, 3000)),
        "host": draw(hosts),
        "query": draw(st.dictionaries(st.sampled_from(["key", "message", "x"]),
                                      st.text(max_size=20), max_size=2)),
    }


def state(app: Flask) -> Any:
    """Everything a request could change."""
    loop = app.extensions["niagara"]
    layout = app.extensions["niagara.layout"]
    camera = app.extensions["niagara.camera"]
    return (loop.current, [(g["id"], g["round"], g["phase"]) for g in loop.games()],
            [len(loop.game(g["id"]).history) for g in loop.games()],
            layout.path.exists(), repr(getattr(camera, "faults", None)))


def build(req: dict[str, Any], game: dict[str, Any], key: str) -> tuple[str, dict[str, Any]]:
    credential = req["credential"]
    token = game["tokens"]["red"]
    path = req["rule"]
    real = {"<id:game_id>": str(game["id"]), "<token>": token, "<colour>": "red",
            "<path:filename>": "app.css"}
    for i, part in enumerate(("<id:game_id>", "<token>", "<colour>", "<path:filename>")):
        if part in path:
            value = real[part] if credential != "wrong" and i % 2 == 0 else \
                quote(req["segments"][i % 2], safe="")
            if part == "<token>" and credential == "player":
                value = token
            path = path.replace(part, value or "x")
    headers: dict[str, str] = {}
    query = dict(req["query"])
    if credential == "owner":
        headers["X-Setup-Key"] = key
    elif credential == "table":
        query["key"] = game["table_key"]
    elif credential == "wrong":
        headers["X-Setup-Key"] = "wrong"
    if req["host"] is not None:
        headers["Host"] = req["host"]
    kwargs: dict[str, Any] = {"method": req["method"], "headers": headers,
                              "query_string": query}
    data = req["json"]
    if credential == "table" and isinstance(data, dict):
        data = {**data, "key": game["table_key"]}
    if req["body_kind"] == "json":
        kwargs["data"] = json.dumps(data)
        kwargs["content_type"] = "application/json"
    elif req["body_kind"] == "raw":
        kwargs["data"] = req["raw"]
        kwargs["content_type"] = "application/json"
    elif req["body_kind"] == "form":
        kwargs["data"] = {"card": str(req["segments"][0]), "players": PLAYERS}
    elif req["body_kind"] == "deep":
        kwargs["data"] = "[" * req["depth"] + "]" * req["depth"]
        kwargs["content_type"] = "application/json"
    return path, kwargs


def check(app: Flask, client: FlaskClient, game: dict[str, Any], req: dict[str, Any]) -> None:
    key = owner_headers(app)["X-Setup-Key"]
    path, kwargs = build(req, game, key)
    before = state(app)
    response = client.open(path, buffered=False, **kwargs)
    try:
        status = response.status_code
        if req["method"] == "HEAD":
            pass
        elif status >= 400 and path.startswith("/api/") and response.is_json:
            body = response.get_json()
            assert body["ok"] is False and isinstance(body["error"], str) and body["kind"]
        elif status != 200 or not path.endswith("/stream"):
            text = response.get_data()
            assert b"Traceback" not in text
    finally:
        response.close()
    assert status < 500, (req, status, response.get_data()[:300])
    if status >= 400:
        assert state(app) == before, (req, status)


@settings(max_examples=settings.default.max_examples * 3, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow, HealthCheck.data_too_large])
@given(req=requests())
def test_no_request_gets_a_5xx_or_changes_anything_when_refused(
        app: Flask, client: FlaskClient, game: dict[str, Any], req: dict[str, Any]) -> None:
    check(app, client, game, req)
