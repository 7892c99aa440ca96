"""Event streams, the camera (synthetic) and the lights, through the loop and the API."""

from __future__ import annotations

import json
import threading
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from companion import rules
from companion.actions import MoveRiver
from companion.state import new_game
from companion.table.camera import CameraReading, SyntheticCamera
from companion.table.loop import GameLoop, Hub
from companion.table.views import forecast, public_state, reachable_weather

from .conftest import owner_headers
from .test_api import act, choose_all, loop_of, play_option, view


def messages(client: FlaskClient, url: str, count: int, during: Any = None,
             until: Any = None) -> list[tuple[str, Any]]:
    """The first ``count`` SSE messages of ``url`` (``during()`` runs after the first),
    and more until ``until(messages)`` is true if given."""
    response = client.get(url, buffered=False)
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    out: list[tuple[str, Any]] = []
    try:
        for chunk in response.response:  # type: ignore[attr-defined]
            text = chunk.decode() if isinstance(chunk, bytes) else chunk
            if not text.startswith("event: "):
                continue
            head, data = text.strip().split("\n", 1)
            out.append((head[len("event: "):], json.loads(data[len("data: "):])))
            if len(out) == 1 and during is not None:
                threading.Thread(target=during).start()
            if len(out) >= count and (until is None or until(out)):
                break
    finally:
        response.close()
    return out


def test_table_stream_sends_the_view_then_each_change(client: FlaskClient,
                                                      game: dict[str, Any]) -> None:
    url = f"/api/games/{game['id']}/stream"

    def lock_in() -> None:
        act(client, game["tokens"]["red"], type="choose", card=2)

    # The lights or the camera may speak before the game's next view: wait for it.
    got = messages(client, url, 4, during=lock_in,
                   until=lambda out: any(k == "game" for k, _ in out[3:]))
    kinds = [k for k, _ in got]
    assert kinds[:3] == ["game", "leds", "camera"]
    assert got[0][1]["state"]["locked"] == []
    later = [data for kind, data in got[3:] if kind == "game"]
    assert later and later[0]["state"]["locked"] == ["red"]
    assert later[0]["log"][-1]["text"] == "Red has chosen a paddle card."


def test_player_stream_has_the_players_secrets_only(client: FlaskClient,
                                                    game: dict[str, Any]) -> None:
    act(client, game["tokens"]["red"], type="choose", card=2)
    red = messages(client, f"/api/play/{game['tokens']['red']}/stream", 1)[0][1]
    green = messages(client, f"/api/play/{game['tokens']['green']}/stream", 1)[0][1]
    assert red["me"]["locked"] == 2 and red["me"]["player"] == "red"
    assert green["me"]["locked"] is None
    assert green["state"]["hands"]["red"] == [1, 2, 3, 4, 5, 6, "cloud"]


def test_hub_coalesces_and_wakes_on_close() -> None:
    hub = Hub()
    seen = hub.versions(["a", "b"])
    hub.bump("a")
    hub.bump("a")
    assert hub.wait(seen, timeout=0) == {"a": 2}
    assert hub.wait({"a": 2, "b": 0}, timeout=0.01) == {}
    hub.close()
    assert hub.wait({"a": 2}, timeout=None) == {}


# -- the forecast ----------------------------------------------------------------------------


def test_reachable_weather() -> None:
    assert reachable_weather(0, 0) == {0}
    assert reachable_weather(2, 1) == {1}
    assert reachable_weather(-1, 3) == {0, 2}


def test_forecast_at_the_start_and_after_reveals(client: FlaskClient,
                                                 game: dict[str, Any]) -> None:
    start = forecast(public_state(new_game(["red", "green", "yellow"])))
    assert (start["least"], start["most"]) == (0, 8)  # a 6 and two clouds up
    assert start["danger"] == []
    choose_all(client, game, {"red": 3, "green": 5, "yellow": 6})
    fc = view(client, game)["forecast"]
    # Only red's 3 is revealed: the others may still hold the cloud, or a 1.
    assert (fc["least"], fc["most"]) == (0, 5)
    assert fc["text"] == "The river will move between 0 and 5 discs this round."
    for p in ("red", "green", "yellow"):
        play_option(client, game["tokens"][p])
    fc = view(client, game)["forecast"]
    assert (fc["least"], fc["most"]) == (3, 3)
    assert fc["text"] == "The river moves 3 discs this round."


def test_forecast_names_canoes_that_could_fall() -> None:
    from companion.state import Canoe, FrozenMap

    state = new_game(["red", "green", "yellow"])
    canoes = state.canoes.set("red", (Canoe("L2"), Canoe("T5", "yellow")))
    state = state.replace(canoes=FrozenMap(canoes))
    fc = forecast(public_state(state))
    texts = [d["text"] for d in fc["danger"]]
    assert any("Red's canoe on L2 goes over the falls if the river moves 1" in t for t in texts)
    assert any("T5" in t for t in texts)


# -- the camera and the lights ------------------------------------------------------------------


def test_a_wrong_canoe_raises_the_alert_and_the_amber_led(app: Flask, client: FlaskClient,
                                                          game: dict[str, Any],
                                                          camera: SyntheticCamera) -> None:
    loop = loop_of(app)
    loop.check_camera()
    assert view(client, game)["problems"] == []
    response = client.post("/api/camera/faults", json={"faults": [["canoe_off", "red"]]},
                           headers=owner_headers(app))
    assert response.status_code == 200
    problems = view(client, game)["problems"]
    assert len(problems) == 1
    # The words are vision.check's; the fix is the web's.
    assert problems[0]["text"] == "Setup: red canoe should start on the beach."
    assert problems[0]["fix"] == "Move the red canoe from T1 to the beach."
    assert problems[0]["kind"] == "canoe"
    assert loop.announcer.wait_idle(5)
    assert loop.leds()["check"] is True and loop.leds()["ok"] is False
    camera.clear()
    loop.check_camera()
    assert view(client, game)["problems"] == []
    assert loop.announcer.wait_idle(5)
    assert loop.leds()["check"] is False
    frame = client.get("/api/camera/frame.jpg")
    assert frame.status_code == 200 and frame.data[:2] == b"\xff\xd8"
    seen = client.get("/api/camera").json["seen"]
    assert seen["board_found"] is True and len(seen["canoes"]) == 6


def test_the_camera_confirms_the_river(app: Flask, client: FlaskClient,
                                       game: dict[str, Any], camera: SyntheticCamera) -> None:
    loop: GameLoop = loop_of(app)
    choose_all(client, game, {"red": 5, "green": 6, "yellow": 6})
    for p in ("red", "green", "yellow"):
        play_option(client, game["tokens"][p])
    assert view(client, game)["state"]["phase"] == "river"
    before = loop.state(game["id"])
    camera.push_delay = 0.0
    camera.arms = ("right", "right", "right", "right", "right")
    loop.check_camera()
    v = view(client, game)
    assert v["state"]["phase"] == "choose" and v["state"]["round"] == 2
    pushed = [line["text"] for line in v["log"] if line["kind"] == "disc_pushed"]
    assert len(pushed) == 5
    drawn, _ = rules.apply(before, MoveRiver(camera.arms))
    assert loop.state(game["id"]).canoes == drawn.canoes
    assert v["problems"] == []


def test_the_camera_proposes_a_turn_and_the_player_confirms(app: Flask, client: FlaskClient,
                                                            game: dict[str, Any]) -> None:
    loop = loop_of(app)
    choose_all(client, game, {"red": 3, "green": 4, "yellow": 5})
    state = loop.state(game["id"])
    target = next(r for r in rules.turn_results(state, "red", 3)
                  if any(c.at == "T3" for c in r.canoes))

    class Seen:
        name = "test"
        detector = None
        problem = None

        def read(self, _state: Any) -> CameraReading:
            from vision.synth import ground_truth
            return CameraReading(ground_truth(target.state))

        def frame(self) -> None:
            return None

        def jpeg(self) -> None:
            return None

        def close(self) -> None:
            pass

    loop.camera = Seen()
    loop.check_camera()
    proposal = view(client, game)["proposal"]
    assert proposal["text"] == "The camera sees: Red's canoe paddles from the beach to T3."
    assert view(client, game)["problems"] == []
    wrong = client.post(f"/api/play/{game['tokens']['green']}/confirm")
    assert wrong.status_code == 403
    ok = client.post(f"/api/play/{game['tokens']['red']}/confirm")
    assert ok.status_code == 200
    assert view(client, game)["state"]["to_play"] == "green"
    assert client.post(f"/api/games/{game['id']}/confirm",
                       json={"key": game["table_key"]}).status_code == 409
