"""The JSON API: games, tokens, the rules at the door, idempotency, undo, resume."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.table.loop import GameLoop
from web.app import close_app, create_app

from .conftest import PLAYERS, owner_headers


def act(client: FlaskClient, token: str, **data: Any) -> Any:
    return client.post(f"/api/play/{token}/action", json=data)


def view(client: FlaskClient, game: dict[str, Any]) -> dict[str, Any]:
    return client.get(f"/api/games/{game['id']}").json


def loop_of(app: Flask) -> GameLoop:
    return app.extensions["niagara"]


def choose_all(client: FlaskClient, game: dict[str, Any], cards: dict[str, Any]) -> None:
    for player, card in cards.items():
        response = act(client, game["tokens"][player], type="choose", card=card)
        assert response.status_code == 200, response.json


def play_option(client: FlaskClient, token: str, pick: int = 0) -> Any:
    options = client.get(f"/api/play/{token}/options").json
    assert options["your_turn"], options
    action = dict(options["options"][pick]["action"])
    action.pop("player")
    return act(client, token, **action)


# -- creating games ------------------------------------------------------------------------


def test_create_game_gives_one_secret_link_per_player(client: FlaskClient,
                                                       game: dict[str, Any]) -> None:
    assert set(game["players"]) == set(PLAYERS)
    assert len(set(game["tokens"].values())) == 3
    assert all(len(t) >= 20 for t in game["tokens"].values())
    assert game["table"].endswith(f"/games/{game['id']}/table?key={game['table_key']}")
    listed = client.get("/api/games").json
    assert listed["current"] == game["id"]
    assert listed["games"][0]["players"] == PLAYERS
    assert "tokens" not in str(listed) and game["table_key"] not in str(listed)


@pytest.mark.parametrize("payload, message", [
    ({"players": ["red", "green"]}, "3 to 5 players"),
    ({"players": ["red", "green", "pink"]}, "not a player colour"),
    ({"players": ["red", "red", "green"]}, "different colour"),
    ({"players": "red,green,yellow"}, "list"),
    ({"players": PLAYERS, "options": {"joe": True}}, "options"),
    ([1, 2], "JSON object"),
])
def test_bad_new_game_is_refused_and_nothing_is_stored(client: FlaskClient, payload: Any,
                                                       message: str,
                                                       setup: dict[str, str]) -> None:
    response = client.post("/api/games", json=payload, headers=setup)
    assert response.status_code == 400
    assert response.json["ok"] is False
    assert message in response.json["error"]
    assert client.get("/api/games").json["games"] == []


def test_malformed_json_body(client: FlaskClient, game: dict[str, Any]) -> None:
    response = client.post(f"/api/play/{game['tokens']['red']}/action", data="{not json",
                           content_type="application/json")
    assert response.status_code == 400
    assert "JSON object" in response.json["error"]


# -- tokens ----------------------------------------------------------------------------------


@pytest.mark.parametrize("method, path", [
    ("get", "/api/play/{bad}"),
    ("get", "/api/play/{bad}/options"),
    ("get", "/api/play/{bad}/stream"),
    ("post", "/api/play/{bad}/action"),
    ("post", "/api/play/{bad}/confirm"),
])
def test_wrong_token_is_refused(client: FlaskClient, game: dict[str, Any], method: str,
                                path: str) -> None:
    response = getattr(client, method)(path.format(bad="not-a-token"),
                                       json={"type": "choose", "card": 3})
    assert response.status_code == 403
    assert "not valid" in response.json["error"]
    assert view(client, game)["state"]["locked"] == []


def test_wrong_table_key_is_refused(client: FlaskClient, game: dict[str, Any]) -> None:
    gid = game["id"]
    for path, data in ((f"/api/games/{gid}/river", {"key": "nope"}),
                       (f"/api/games/{gid}/undo", {"key": "nope", "version": 0}),
                       (f"/api/games/{gid}/confirm", {})):
        response = client.post(path, json=data)
        assert response.status_code == 403, path
        assert "Only the table" in response.json["error"]
    # The demo faults are the owner's: a table key or a token does not open them.
    for key in (game["tokens"]["red"], game["table_key"]):
        response = client.post("/api/camera/faults", json={"key": key, "faults": []})
        assert response.status_code == 403
        assert "Only the owner" in response.json["error"]
    assert client.get(f"/api/games/{gid}/links?key=wrong").status_code == 403
    links = client.get(f"/api/games/{gid}/links?key={game['table_key']}").json
    assert links["players"] == game["players"]


def test_a_player_cannot_act_for_another_or_move_the_river(client: FlaskClient,
                                                           game: dict[str, Any]) -> None:
    red = game["tokens"]["red"]
    response = act(client, red, type="choose", card=3, player="green")
    assert response.status_code == 403
    response = act(client, red, type="river", arms=None)
    assert response.status_code == 403
    assert view(client, game)["state"]["locked"] == []


def test_unknown_game_is_404_json(client: FlaskClient) -> None:
    response = client.get("/api/games/99")
    assert response.status_code == 404
    assert response.json["kind"] == "not_found"
    assert client.get("/api/nothing-here").json["kind"] == "http"


# -- phase 1 -------------------------------------------------------------------------------


def test_lock_in_is_idempotent_and_cannot_change(client: FlaskClient,
                                                 game: dict[str, Any]) -> None:
    red = game["tokens"]["red"]
    first = act(client, red, type="choose", card=3)
    assert first.status_code == 200 and first.json["repeated"] is False
    assert [e["kind"] for e in first.json["events"]] == ["card_locked"]
    again = act(client, red, type="choose", card=3)
    assert again.status_code == 200 and again.json["repeated"] is True
    other = act(client, red, type="choose", card=5)
    assert other.status_code == 409
    assert "already locked in" in other.json["error"]
    me = client.get(f"/api/play/{red}").json["me"]
    assert me["locked"] == 3 and 3 not in me["hand"] and 5 in me["hand"]
    assert view(client, game)["version"] == 1


@pytest.mark.parametrize("data, status, message", [
    ({"type": "choose", "card": 7}, 400, "not a paddle card"),
    ({"type": "choose", "card": "seven"}, 400, "not a paddle card"),
    ({"type": "choose"}, 400, "no 'card'"),
    ({"type": "dance"}, 400, "unknown action type"),
    ({"card": 3}, 400, "unknown action type"),
    ({"type": "weather", "direction": "up"}, 409, "phase 2"),
    ({"type": "recover", "pay": "violet"}, 409, "none of your canoes"),
    ({"type": "paddle", "canoes": "down 3"}, 400, "list of canoe moves"),
])
def test_bad_actions_change_nothing(client: FlaskClient, game: dict[str, Any], data: Any,
                                    status: int, message: str) -> None:
    response = act(client, game["tokens"]["red"], **data)
    assert response.status_code == status, response.json
    assert message in response.json["error"]
    assert view(client, game)["version"] == 0


def test_card_not_in_hand_is_refused(app: Flask, client: FlaskClient,
                                     game: dict[str, Any]) -> None:
    choose_all(client, game, {"red": 1, "green": "cloud", "yellow": 2})
    play_option(client, game["tokens"]["red"])
    act(client, game["tokens"]["green"], type="weather", direction="up")
    play_option(client, game["tokens"]["yellow"])
    key = game["table_key"]
    assert client.post(f"/api/games/{game['id']}/river", json={"key": key}).status_code == 200
    response = act(client, game["tokens"]["red"], type="choose", card=1)
    assert response.status_code == 409
    assert "already been played" in response.json["error"]
    assert view(client, game)["state"]["locked"] == []


# -- phase 2 and 3 ---------------------------------------------------------------------------


def test_a_whole_round(app: Flask, client: FlaskClient, game: dict[str, Any]) -> None:
    tokens, gid, key = game["tokens"], game["id"], game["table_key"]
    choose_all(client, game, {"red": 4, "green": 2, "yellow": "cloud"})
    v = view(client, game)
    assert v["state"]["phase"] == "actions" and v["state"]["to_play"] == "red"
    assert v["state"]["played"] == {"red": 4}
    # Out of turn: refused with the engine's words.
    response = act(client, tokens["green"], type="paddle",
        canoes=[{"from": "beach", "steps": ["down 2"]}])
    assert response.status_code == 409
    assert "It is Red's turn" in response.json["error"]
    assert client.get(f"/api/play/{tokens['green']}/options").json["your_turn"] is False
    # Red: every result of a 4 from the beach, one picked.
    options = client.get(f"/api/play/{tokens['red']}/options").json
    assert options["card"] == 4
    destinations = {m["to"] for o in options["options"] for m in o["moves"]}
    assert destinations == {"T4"}
    pick = next(i for i, o in enumerate(options["options"]) if o["moves"][0]["to"] == "T4")
    response = play_option(client, tokens["red"], pick)
    assert response.status_code == 200
    # Repeating the same request changes nothing.
    action = dict(options["options"][pick]["action"])
    action.pop("player")
    assert act(client, tokens["red"], **action).json["repeated"] is True
    play_option(client, tokens["green"])
    # Yellow played the cloud: two choices.
    options = client.get(f"/api/play/{tokens['yellow']}/options").json
    assert [o["action"]["direction"] for o in options["options"]] == ["up", "down"]
    assert act(client, tokens["yellow"], type="weather", direction="up").status_code == 200
    v = view(client, game)
    assert v["state"]["phase"] == "river"
    assert v["river"]["discs"] == 3 and v["river"]["base"] == 2
    assert "The river moves 3 discs: lowest card 2, weather +1." in v["banner"]
    # The disc bar shows the discs to push.
    loop = loop_of(app)
    assert loop.announcer.wait_idle(5)
    assert loop.leds()["discs_left"] == 3
    assert sum(loop.leds()["bar"]) == 3
    # A phone cannot move the river; the table can, with the arms it saw.
    response = client.post(f"/api/games/{gid}/river",
                           json={"key": key, "arms": ["left", "left", "left"]})
    assert response.status_code == 200
    kinds = [e["kind"] for e in response.json["events"]]
    assert kinds[:2] == ["river_moved", "disc_pushed"] and "buoy_passed" in kinds
    again = client.post(f"/api/games/{gid}/river", json={"key": key,
                                                         "arms": ["left", "left", "left"]})
    assert again.status_code == 200 and again.json["repeated"] is True
    v = view(client, game)
    assert v["state"]["round"] == 2 and v["state"]["first_player"] == "green"
    assert any("The river moves 3 discs" in line["text"] for line in v["log"])
    assert loop.announcer.wait_idle(5)
    assert loop.leds()["discs_left"] == 0 and loop.leds()["ok"] is True


def test_river_with_a_wrong_number_of_arms(client: FlaskClient, game: dict[str, Any]) -> None:
    choose_all(client, game, {"red": "cloud", "green": "cloud", "yellow": "cloud"})
    for p, way in (("red", "up"), ("green", "up"), ("yellow", "down")):
        assert act(client, game["tokens"][p], type="weather", direction=way).status_code == 200
    response = client.post(f"/api/games/{game['id']}/river",
                           json={"key": game["table_key"], "arms": ["left", "right"]})
    assert response.status_code == 409
    assert "moves 1 disc this round" in response.json["error"]
    response = client.post(f"/api/games/{game['id']}/river",
                           json={"key": game["table_key"], "arms": ["up", "down"]})
    assert response.status_code == 400
    assert view(client, game)["state"]["phase"] == "river"


def test_undo_needs_the_version_seen(client: FlaskClient, game: dict[str, Any]) -> None:
    act(client, game["tokens"]["red"], type="choose", card=3)
    url = f"/api/games/{game['id']}/undo"
    response = client.post(url, json={"key": game["table_key"], "version": 1})
    assert response.status_code == 200
    assert "card choice was taken back" in response.json["text"]
    assert "3" not in response.json["text"]
    again = client.post(url, json={"key": game["table_key"], "version": 1})
    assert again.status_code == 409
    assert client.post(url, json={"key": game["table_key"], "version": 0}).status_code == 409
    assert client.post(url, json={"key": game["table_key"]}).status_code == 400
    me = client.get(f"/api/play/{game['tokens']['red']}").json["me"]
    assert me["locked"] is None and 3 in me["hand"]


def test_games_resume_after_a_restart(tmp_path: Any, camera: Any) -> None:
    config = {"TESTING": True, "DATABASE": str(tmp_path / "g.sqlite3"), "CAMERA": "none",
              "GPIO": "none"}
    app = create_app(config)
    client = app.test_client()
    created = client.post("/api/games", json={"players": PLAYERS},
                          headers=owner_headers(app)).json
    red = created["players"]["red"].rsplit("/", 1)[1]
    act(client, red, type="choose", card=6)
    close_app(app)
    app = create_app(config)
    client = app.test_client()
    assert loop_of(app).current == created["id"]
    me = client.get(f"/api/play/{red}").json["me"]
    assert me["locked"] == 6
    links = client.get(f"/api/games/{created['id']}/links?key={created['table_key']}").json
    assert links["players"] == created["players"]
    close_app(app)
