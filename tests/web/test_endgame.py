"""The end of a game (web/endgame.py): the record, play again, each phone's next link,
ending a game with the setup key; the favicon and the how-to-play page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from companion.actions import MoveRiver
from companion.record import replay

SAMPLE = Path(__file__).resolve().parents[2] / "companion" / "data" / "sample-game.json"


def play_sample(client: FlaskClient, setup: dict[str, str]) -> dict[str, Any]:
    """The bundled sample game (4 players, to its end) through the JSON API."""
    record = json.loads(SAMPLE.read_text())
    game = replay(record).game
    made = client.post("/api/games", json={"players": record["players"],
                                           "options": record.get("options", {})},
                       headers=setup).json
    tokens = {p: u.rsplit("/", 1)[1] for p, u in made["players"].items()}
    for action in game.history:
        if isinstance(action, MoveRiver):
            arms = list(action.arms) if action.arms is not None else None
            r = client.post(f"/api/games/{made['id']}/river",
                            json={"key": made["table_key"], "arms": arms})
        else:
            data = action.to_json()
            player = data.pop("player")
            r = client.post(f"/api/play/{tokens[player]}/action", json=data)
        assert r.status_code == 200, r.json
    return {**made, "tokens": tokens}


def test_record_again_and_next_links_after_the_end(client: FlaskClient,
                                                   setup: dict[str, str]) -> None:
    made = client.post("/api/games", json={"players": ["red", "green", "yellow"]},
                       headers=setup).json
    early = client.get(f"/api/games/{made['id']}/record?key={made['table_key']}")
    assert early.status_code == 409 and "secret" in early.json["error"]
    assert client.post(f"/api/games/{made['id']}/again", headers=setup).status_code == 409
    game = play_sample(client, setup)
    gid, key = game["id"], game["table_key"]
    view = client.get(f"/api/games/{gid}").json
    assert view["summary"]["headline"] == "Yellow wins!"
    assert client.get(f"/api/games/{gid}/record?key=wrong").status_code == 403
    record = client.get(f"/api/games/{gid}/record?key={key}")
    assert record.status_code == 200 and "attachment" in record.headers["Content-Disposition"]
    assert record.json["format"] == "niagara-record/1"
    assert replay(record.json).game.state.winners == ("yellow",)
    assert client.get(f"/api/play/{game['tokens']['red']}/next").json["next"] is None
    for token in game["tokens"].values():  # the phones no longer say "Locked in"
        assert client.get(f"/api/play/{token}").json["me"]["locked"] is None
    assert client.post(f"/api/games/{gid}/again", json={"key": key}).status_code == 403
    again = client.post(f"/api/games/{gid}/again", headers=setup)  # the owner's
    assert again.status_code == 200
    new = again.json
    assert sorted(new["players"]) == ["blue", "green", "red", "yellow"]
    assert client.get(f"/api/games/{new['id']}").json["state"]["players"] == [
        "red", "green", "yellow", "blue"]
    for p in ("red", "blue"):
        nxt = client.get(f"/api/play/{game['tokens'][p]}/next").json["next"]
        assert nxt == new["players"][p]
    assert client.post(f"/api/games/{gid}/again", headers=setup).status_code == 409


def test_the_owner_ends_a_game_with_the_setup_key(app: Flask, client: FlaskClient,
                                                  setup: dict[str, str]) -> None:
    made = client.post("/api/games", json={"players": ["red", "green", "yellow"]},
                       headers=setup).json
    gid = made["id"]
    refused = client.post(f"/api/games/{gid}/end", headers={"X-Setup-Key": "wrong"})
    assert refused.status_code == 403 and "Only" in refused.json["error"]
    key = app.extensions["niagara.setup_key"].value
    assert "End and archive" not in client.get("/").data.decode()
    assert "End and archive" in client.get(f"/?key={key}").data.decode()
    assert client.post(f"/api/games/{gid}/end", headers={"X-Setup-Key": key}).json["ok"]
    token = made["players"]["red"].rsplit("/", 1)[1]
    late = client.post(f"/api/play/{token}/action", json={"type": "choose", "card": 3})
    assert late.status_code == 409 and "ended" in late.json["error"]
    assert "Archived games (1)" in client.get("/").data.decode()


def test_favicon_and_how_to_play(client: FlaskClient) -> None:
    icon = client.get("/favicon.ico")
    assert icon.status_code == 301 and icon.headers["Location"].endswith("favicon.svg")
    assert client.get("/static/favicon.svg").status_code == 200
    page = client.get("/how-to-play").data.decode()
    assert "4 gems of one colour" in page and "for free" in page
