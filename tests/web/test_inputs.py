"""Every input gets a 4xx with a plain message, never a 500 or a traceback: Unicode and
overlong digits, ids out of range, bodies too large or too deep, malformed Host headers,
and a fault of the companion's own (500 without a traceback, the same JSON shape)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from web.errors import BAD_HOST, INTERNAL, MAX_BODY, MAX_JSON_DEPTH

from .test_api import view


def action(client: FlaskClient, game: dict[str, Any], **data: Any) -> Any:
    return client.post(f"/api/play/{game['tokens']['red']}/action", json=data)


@pytest.mark.parametrize("card", ["²", "٣", "3" * 5000, "3" * 40, 10**100, -1, 3.5, None,
                                  [], {}])
def test_a_strange_card_is_a_plain_400(client: FlaskClient, game: dict[str, Any],
                                       card: Any) -> None:
    response = action(client, game, type="choose", card=card)
    assert response.status_code == 400
    assert response.json["ok"] is False and "paddle card" in response.json["error"]
    assert view(client, game)["state"]["locked"] == []


def test_a_number_too_long_for_json_is_a_plain_400(client: FlaskClient,
                                                   game: dict[str, Any]) -> None:
    body = '{"type": "choose", "card": ' + "3" * 5000 + "}"
    response = client.post(f"/api/play/{game['tokens']['red']}/action", data=body,
                           content_type="application/json")
    assert response.status_code == 400 and "number too long" in response.json["error"]


@pytest.mark.parametrize("game_id", [str(2**63), str(2**64), "9" * 19, "9" * 400, "²", "-1",
                                     "0x10", "1.0"])
@pytest.mark.parametrize("path", ["/api/games/{}", "/api/games/{}/stream",
                                  "/games/{}/table", "/games/{}/setup?key=x"])
def test_game_ids_beyond_range_are_404(client: FlaskClient, game_id: str, path: str) -> None:
    response = client.get(path.format(game_id))
    assert response.status_code == 404
    if path.startswith("/api/"):
        assert response.json["kind"] in ("not_found", "http")
    else:
        assert b"There is nothing at this address" in response.data


def test_the_largest_id_in_range_is_a_plain_404(client: FlaskClient) -> None:
    response = client.get(f"/api/games/{10**18 - 1}")
    assert response.status_code == 404 and response.json["kind"] == "not_found"


def test_a_body_too_large_is_413_and_changes_nothing(client: FlaskClient,
                                                     game: dict[str, Any],
                                                     setup: dict[str, str]) -> None:
    big = b'{"type": "choose", "card": 3, "pad": "' + b"x" * (MAX_BODY + 1) + b'"}'
    for path, headers in ((f"/api/play/{game['tokens']['red']}/action", {}),
                          ("/api/games", setup), ("/api/calibration/layout", setup)):
        method = "PUT" if path.endswith("layout") else "POST"
        response = client.open(path, method=method, data=big,
                               content_type="application/json", headers=headers)
        assert response.status_code == 413, path
        assert response.json == {"ok": False, "kind": "http", "error":
                                 "The request is too large: the companion accepts at most "
                                 "64 kB."}
    assert view(client, game)["state"]["locked"] == []
    assert len(client.get("/api/games").json["games"]) == 1
    form = client.post(f"/play/{game['tokens']['red']}", data={"card": "3" * (MAX_BODY + 1)})
    assert form.status_code == 413 and b"too large" in form.data


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 1000, 100_000 // 2])
def test_json_nested_too_deeply_is_400(client: FlaskClient, game: dict[str, Any],
                                       setup: dict[str, str], depth: int) -> None:
    nested = "[" * depth + "]" * depth
    for path, method, headers in ((f"/api/play/{game['tokens']['red']}/action", "POST", {}),
                                  ("/api/games", "POST", setup),
                                  ("/api/calibration/layout", "PUT", setup),
                                  ("/api/calibration/corners", "POST", setup)):
        response = client.open(path, method=method, data='{"a": ' + nested + "}",
                               content_type="application/json", headers=headers)
        assert response.status_code in (400, 413), path
        if response.status_code == 400:
            assert "nested too deeply" in response.json["error"]


def test_json_at_the_depth_limit_is_read(client: FlaskClient, game: dict[str, Any]) -> None:
    nested = "[" * (MAX_JSON_DEPTH - 1) + "]" * (MAX_JSON_DEPTH - 1)
    response = client.post(f"/api/play/{game['tokens']['red']}/action",
                           data='{"type": "choose", "card": 3, "x": ' + nested + "}",
                           content_type="application/json")
    assert response.status_code == 200


@pytest.mark.parametrize("host", ["a" * 64 + ".local", "a" * 300, "exa mple", "x..y",
                                  "-bad.local", "host:port", "[::1", "é.local"])
@pytest.mark.parametrize("path", ["/", "/api/games", "/nowhere", "/api/nowhere"])
def test_a_bad_host_header_is_400(client: FlaskClient, host: str, path: str) -> None:
    response = client.get(path, headers={"Host": host})
    assert response.status_code == 400
    assert BAD_HOST.encode() in response.data


@pytest.mark.parametrize("host", ["localhost", "localhost:8000", "192.168.1.20:8000",
                                  "raspberrypi.local", "[::1]:8000", "a" * 63 + ".lan"])
def test_good_hosts_are_served(client: FlaskClient, host: str) -> None:
    assert client.get("/api/games", headers={"Host": host}).status_code == 200


def test_a_fault_of_the_companion_is_a_plain_500(app: Flask, client: FlaskClient,
                                                 game: dict[str, Any],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: Any) -> None:
        raise RuntimeError("boom: a bug")

    monkeypatch.setattr(app.extensions["niagara"], "public_view", broken)
    response = client.get(f"/api/games/{game['id']}")
    assert response.status_code == 500
    assert response.json == {"ok": False, "error": INTERNAL, "kind": "internal"}
    page = client.get(f"/games/{game['id']}/table")
    assert page.status_code == 500 and b"boom" not in page.data and b"Traceback" not in page.data


def test_the_error_page_never_fails(app: Flask, client: FlaskClient,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import web.errors

    def broken(*_args: Any, **_kwargs: Any) -> str:
        raise RuntimeError("the template is broken")

    monkeypatch.setattr(web.errors, "render_template", broken)
    response = client.get("/games/5/table")
    assert response.status_code == 404 and b"there is no game 5" in response.data
    response = client.get("/nowhere")
    assert response.status_code == 404
    assert b"There is nothing at this address" in response.data


def test_wrong_methods_say_so(client: FlaskClient) -> None:
    response = client.delete("/api/games")
    assert response.status_code == 405
    assert "DELETE is not allowed" in response.json["error"]
    assert "GET" in response.headers["Allow"]
