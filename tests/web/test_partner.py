"""Computer seats, practice games, hints and the review through the web service (the
computers' thread is off: the tests call ``GameLoop.play_computers``)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.state import Phase
from companion.table.loop import GameLoop

from .conftest import PLAYERS


def game_loop(app: Flask) -> GameLoop:
    loop: GameLoop = app.extensions["niagara"]
    return loop


def create(client: FlaskClient, setup: dict[str, str], **extra: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"players": PLAYERS, **extra}, headers=setup)
    assert response.status_code == 201, response.json
    data: dict[str, Any] = response.json
    data["tokens"] = {p: url.rsplit("/", 1)[1] for p, url in data["players"].items()}
    return data


def test_the_new_game_page_makes_computer_seats(app: Flask, owner: FlaskClient) -> None:
    page = owner.get("/new").get_data(as_text=True)
    assert 'name="seat_green"' in page and "the computer: strong" in page
    assert re.search(r'name="hints" value="1"\s+checked', page)
    form = owner.get("/new").get_data(as_text=True)
    form_id = re.search(r'name="form_id" value="([^"]+)"', form)
    assert form_id is not None
    made = owner.post("/new", data={"form_id": form_id.group(1),
                                    "players": ["red", "green", "yellow"],
                                    "seat_green": "medium", "seat_blue": "strong"})
    assert made.status_code == 302
    links = owner.get(made.headers["Location"]).get_data(as_text=True)
    assert 'data-computer="green"' in links and "Green (computer, medium)" in links
    assert 'data-player="green"' not in links  # no link, no QR code: no phone needed
    game_id = int(made.headers["Location"].split("/")[2])
    settings = game_loop(app).settings(game_id)
    assert settings.computers == {"green": "medium"} and settings.hints is False
    refused = owner.post("/new", data={"players": ["red", "green", "yellow"],
                                       "seat_red": "medium", "seat_green": "medium",
                                       "seat_yellow": "beginner", "hints": "1"})
    assert refused.status_code == 400
    assert "At least one seat must be a person" in refused.get_data(as_text=True)


def test_the_api_refuses_bad_seats(client: FlaskClient, setup: dict[str, str]) -> None:
    before = client.get("/api/games").json
    for body, words in (({"computers": {"blue": "strong"}}, "not one of the players"),
                        ({"computers": "green"}, "'computers' must map"),
                        ({"hints": "yes"}, "'hints' must be true")):
        response = client.post("/api/games", json={"players": PLAYERS, **body},
                               headers=setup)
        assert response.status_code == 400 and words in response.json["error"]
    assert client.get("/api/games").json == before


def test_the_table_carries_out_the_computers_turn(app: Flask, client: FlaskClient,
                                                  setup: dict[str, str]) -> None:
    game = create(client, setup, computers={"red": "beginner"})
    assert sorted(game["tokens"]) == ["green", "yellow"]
    for player, card in (("green", 3), ("yellow", 5)):
        assert client.post(f"/api/play/{game['tokens'][player]}/action",
                           json={"type": "choose", "card": card}).status_code == 200
    game_loop(app).play_computers(game["id"])
    view = client.get(f"/api/games/{game['id']}").json
    told = view["computer_turn"]
    assert view["state"]["to_play"] == "red" and told["text"].startswith("Red (computer): ")
    phone = client.get(f"/api/play/{game['tokens']['green']}").json
    assert phone["computer_turn"] == told and "Red (computer) plays" in phone["banner"]
    table = client.get(f"/games/{game['id']}/table?key={game['table_key']}")
    assert "Done: moved as shown" in table.get_data(as_text=True)
    wrong = client.post(f"/api/games/{game['id']}/computer",
                        json={"key": "nope", "turn": told["action"]})
    assert wrong.status_code == 403
    done = client.post(f"/api/games/{game['id']}/computer",
                       json={"key": game["table_key"], "turn": told["action"]})
    assert done.status_code == 200 and not done.json["repeated"]
    assert client.get(f"/api/games/{game['id']}").json["state"]["to_play"] == "green"
    again = client.post(f"/api/games/{game['id']}/computer",
                        json={"key": game["table_key"], "turn": told["action"]})
    assert again.status_code == 200 and again.json["repeated"]


def test_hints_on_the_phone_and_off_for_a_serious_game(client: FlaskClient,
                                                       setup: dict[str, str]) -> None:
    game = create(client, setup)
    token = game["tokens"]["red"]
    assert "What would a strong player do?" in client.get(f"/play/{token}").get_data(
        as_text=True)
    answer = client.get(f"/api/play/{token}/hints")
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
    assert answer.json["phase"] == "choose" and 2 <= len(answer.json["hints"]) <= 3
    first = answer.json["hints"][0]
    assert first["reason"] and first["card"] in (1, 2, 3, 4, 5, 6, "cloud")
    client.post(f"/api/play/{token}/action", json={"type": "choose", "card": 4})
    later = client.get(f"/api/play/{token}/hints")
    assert later.status_code == 409 and "No hint now" in later.json["error"]
    serious = create(client, setup, hints=False)
    quiet = serious["tokens"]["red"]
    refused = client.get(f"/api/play/{quiet}/hints")
    assert refused.status_code == 409
    assert refused.json["error"] == ("Hints are switched off for this game: the table chose "
                                     "to play without them.")
    page = client.get(f"/play/{quiet}").get_data(as_text=True)
    assert "Hints are off for this game." in page and 'id="hint-button"' not in page
    assert client.get("/api/play/" + "x" * 22 + "/hints").status_code == 403


def test_anyone_starts_a_practice_game_on_a_phone(app: Flask, client: FlaskClient) -> None:
    current = client.get("/api/games").json["current"]
    page = client.get("/practice").get_data(as_text=True)
    form_id = re.search(r'name="form_id" value="([^"]+)"', page)
    assert form_id is not None
    made = client.post("/practice", data={"form_id": form_id.group(1), "colour": "blue",
                                          "people": "1", "computers": "2",
                                          "level": "beginner"})
    assert made.status_code == 302 and made.headers["Location"].startswith("/play/")
    token = made.headers["Location"].rsplit("/", 1)[1]
    game_id, player = game_loop(app).player_of(token)
    assert player == "blue"
    assert game_loop(app).settings(game_id).computers == {"red": "beginner",
                                                          "green": "beginner"}
    phone = client.get(made.headers["Location"]).get_data(as_text=True)
    assert "Practice game: no board" in phone
    games = client.get("/api/games").json
    assert games["current"] == current  # never the game on the table
    assert f"Game {game_id}<" not in client.get("/").get_data(as_text=True)
    # The same form sent again opens the same game.
    again = client.post("/practice", data={"form_id": form_id.group(1), "colour": "blue",
                                           "people": "1", "computers": "2",
                                           "level": "beginner"})
    assert again.headers["Location"] == made.headers["Location"]
    wrong = client.post("/practice", data={"colour": "blue", "people": "1",
                                           "computers": "1", "level": "beginner"})
    assert wrong.status_code == 400
    assert "with 1 person, choose 2 to 4 computer players" in wrong.get_data(as_text=True)
    assert client.post(f"/api/games/{game_id}/current",
                       headers={"X-Setup-Key": app.extensions["niagara.setup_key"].value}
                       ).status_code == 409


def test_practice_games_are_capped(app: Flask, client: FlaskClient) -> None:
    loop = game_loop(app)
    loop.practice_limit = 2
    body = {"players": PLAYERS, "computers": {"green": "beginner", "yellow": "beginner"}}
    for _ in range(2):
        made = client.post("/api/practice", json=body)
        assert made.status_code == 201 and list(made.json["players"]) == ["red"]
    refused = client.post("/api/practice", json=body)
    assert refused.status_code == 429 and refused.json["kind"] == "busy"
    assert "2 practice games are under way" in refused.json["error"]
    assert client.post("/api/practice", json={"players": PLAYERS}).status_code == 400


@pytest.mark.slow
def test_a_practice_game_to_the_end_and_its_review(app: Flask, client: FlaskClient,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("companion.table.loop.new_seed", lambda: 11)
    made = client.post("/api/practice", json={
        "players": PLAYERS, "computers": {"green": "beginner", "yellow": "beginner"}}).json
    token = made["players"]["red"].rsplit("/", 1)[1]
    loop = game_loop(app)
    assert client.get(f"/api/games/{made['id']}/review").status_code == 409
    for _ in range(400):
        view = client.get(f"/api/play/{token}").json
        if view["state"]["phase"] == "over":
            break
        # The person plays the hints' first suggestion (and buys canoes back first).
        if view["state"]["phase"] == "choose" and view["me"]["locked"] is None:
            lost = sum(1 for c in view["me"]["canoes"] if c["at"] == "lost")
            for pay in view["me"]["recover"][:1]:
                client.post(f"/api/play/{token}/action",
                            json={"type": "recover", "pay": pay, "lost": lost})
            best = client.get(f"/api/play/{token}/hints").json["hints"][0]
            client.post(f"/api/play/{token}/action", json={"type": "choose",
                                                           "card": best["card"]})
        elif view["me"]["your_turn"]:
            best = client.get(f"/api/play/{token}/hints").json["hints"][0]
            action = dict(best["action"])
            action.pop("player")
            assert client.post(f"/api/play/{token}/action", json=action).status_code == 200
        else:
            assert loop.play_computers(made["id"]) >= 1
    assert loop.state(made["id"]).phase is Phase.OVER
    review = client.get(f"/api/games/{made['id']}/review")
    assert review.status_code == 200
    assert review.json["complete"] and review.json["players"] == PLAYERS
    assert len(review.json["rounds"]) >= 2 and len(review.json["turning_points"]) <= 3


def test_an_expired_practice_game_ends_its_streams(app: Flask, client: FlaskClient) -> None:
    loop = game_loop(app)
    body = {"players": PLAYERS, "computers": {"green": "beginner", "yellow": "beginner"}}
    old = client.post("/api/practice", json=body).json
    token = old["players"]["red"].rsplit("/", 1)[1]
    stream = client.get(f"/api/play/{token}/stream", buffered=False)
    chunks = iter(stream.response)
    assert next(c for c in chunks if b"event: game" in c)
    loop.practice_hours = 0  # every practice game not played this very second expires
    newer = client.post("/api/practice", json=body)
    assert newer.status_code == 201
    assert client.get(f"/api/play/{token}").status_code == 403
    assert client.get(f"/api/games/{old['id']}").status_code == 404
    rest = b"".join(c if isinstance(c, bytes) else c.encode() for c in chunks)
    assert b"event: game" not in rest  # the stream ended, without a message or an error
    stream.close()
