"""Every page route: it renders, refuses a wrong token or key with a readable page."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from .test_api import view


def test_home_and_new_game_form(owner: FlaskClient) -> None:
    page = owner.get("/").data.decode()
    assert "Start a new game" in page and "No game yet" in page
    form = owner.get("/new").data.decode()
    assert 'name="players" value="brown"' in form and "Diamanten Joe" in form


def test_new_game_leads_to_links_with_qr_codes(owner: FlaskClient) -> None:
    response = owner.post("/new", data={"players": ["red", "blue", "green"],
                                         "diamanten_joe": "1"})
    assert response.status_code == 302
    setup = owner.get(response.headers["Location"])
    assert setup.status_code == 200
    assert setup.headers["Cache-Control"] == "no-store"
    html = setup.data.decode()
    assert html.count('class="segno"') == 3
    # Each code scales whole to its box: a viewBox, no fixed width or height.
    svgs = [part.split(">", 1)[0] for part in html.split("<svg")[1:]]
    assert len(svgs) == 3 and all("viewBox=" in s and "width=" not in s for s in svgs)
    assert html.count('class="player-link"') == 3
    assert "/games/1/table?key=" in html
    state = owner.get("/api/games/1").json["state"]
    assert state["players"] == ["red", "blue", "green"]
    assert state["options"]["diamanten_joe"] is True and state["joe"] == {"at": "T1",
                                                                          "gem": None}


def test_the_same_new_game_form_sent_twice_makes_one_game(owner: FlaskClient) -> None:
    """Back after creating a game, then "Create" again (or a double submit), opens the
    game the form made; a fresh form makes a new one."""
    form = owner.get("/new").data.decode()
    form_id = re.search(r'name="form_id" value="([^"]+)"', form).group(1)  # type: ignore[union-attr]
    data = {"players": ["red", "blue", "green"], "form_id": form_id}
    first = owner.post("/new", data=data)
    again = owner.post("/new", data=data)
    assert first.status_code == again.status_code == 302
    assert again.headers["Location"] == first.headers["Location"]
    assert [g["id"] for g in owner.get("/api/games").json["games"]] == [1]
    fresh = re.search(r'name="form_id" value="([^"]+)"',  # type: ignore[union-attr]
                      owner.get("/new").data.decode()).group(1)
    assert fresh != form_id
    other = owner.post("/new", data={**data, "form_id": fresh})
    assert other.headers["Location"] != first.headers["Location"]


def test_new_game_with_too_few_players_says_why(owner: FlaskClient) -> None:
    response = owner.post("/new", data={"players": ["red"]})
    assert response.status_code == 400
    assert "Niagara is played by 3 to 5 players, not 1" in response.data.decode()
    assert 'value="red" checked' in response.data.decode()


def test_setup_and_qr_need_the_table_key(client: FlaskClient, game: dict[str, Any]) -> None:
    gid, key = game["id"], game["table_key"]
    refused = client.get(f"/games/{gid}/setup")
    assert refused.status_code == 403
    assert "Only the table can do this" in refused.data.decode()
    assert client.get(f"/games/{gid}/qr/red.svg?key=bad").status_code == 403
    svg = client.get(f"/games/{gid}/qr/red.svg?key={key}")
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"
    assert svg.data.startswith(b"<svg")
    assert client.get(f"/games/{gid}/qr/pink.svg?key={key}").status_code == 404


def test_table_page(client: FlaskClient, game: dict[str, Any]) -> None:
    gid = game["id"]
    public = client.get(f"/games/{gid}/table").data.decode()
    assert 'id="river"' in public and 'data-controls="no"' in public
    assert 'id="undo"' not in public and game["table_key"] not in public
    table = client.get(f"/games/{gid}/table?key={game['table_key']}").data.decode()
    assert 'data-controls="yes"' in table and 'id="undo"' in table
    assert client.get(f"/games/{gid}/table?key=wrong").status_code == 403
    missing = client.get("/games/42/table")
    assert missing.status_code == 404 and "there is no game 42" in missing.data.decode()


def test_player_page_and_its_form(client: FlaskClient, game: dict[str, Any]) -> None:
    token = game["tokens"]["green"]
    page = client.get(f"/play/{token}")
    assert page.status_code == 200
    assert page.headers["Referrer-Policy"] == "no-referrer"
    html = page.data.decode()
    assert "You play Green" in html and 'aria-label="Paddle card 3"' in html
    locked = client.post(f"/play/{token}", data={"card": "3"})
    assert locked.status_code == 302
    assert "Locked in: 3" in client.get(f"/play/{token}").data.decode()
    again = client.post(f"/play/{token}", data={"card": "5"})
    assert again.status_code == 409
    assert "already locked in a card this round" in again.data.decode()
    bad = client.post(f"/play/{token}", data={"card": "9"})
    assert bad.status_code == 400 and "not a paddle card" in bad.data.decode()
    assert view(client, game)["state"]["locked"] == ["green"]
    wrong = client.get("/play/not-a-token")
    assert wrong.status_code == 403
    assert "This player link is not valid" in wrong.data.decode()
    assert client.post("/play/not-a-token", data={"card": "3"}).status_code == 403


def test_setup_check_and_calibration_pages(client: FlaskClient, game: dict[str, Any]) -> None:
    check = client.get("/check").data.decode()
    assert "The board is set up for a new game." in check
    assert client.get("/api/setup-check").json["ok"] is True
    assert client.get("/calibrate").status_code == 200
    # Once the canoes move, the starting position is no longer what the board should show.
    for player, card in zip(game["tokens"], (3, 4, 5), strict=True):
        client.post(f"/api/play/{game['tokens'][player]}/action",
                    json={"type": "choose", "card": card})
    under_way = client.get("/api/setup-check").json
    assert under_way["ok"] is None and "under way (round 1)" in under_way["text"]


def test_unknown_page_is_readable(client: FlaskClient) -> None:
    response = client.get("/nowhere")
    assert response.status_code == 404
    assert "Something is not right" in response.data.decode()


def test_calibration_api(client: FlaskClient, game: dict[str, Any],
                         setup: dict[str, str]) -> None:
    seen = client.get("/api/calibration").json
    assert seen["markers"] and seen["missing"] == []
    assert "corner markers are seen" in seen["text"]
    assert "T1" in seen["layout"]["slots"]
    bad = client.post("/api/calibration/corners", json={"corners": [[0, 0]]}, headers=setup)
    assert bad.status_code == 400 and "four [x, y] points" in bad.json["error"]
    # The synthetic camera is not read by the vision pipeline: nothing to calibrate.
    square = [[0, 0], [10, 0], [10, 10], [0, 10]]
    refused = client.post("/api/calibration/corners", json={"corners": square},
                          headers=setup)
    assert refused.status_code == 400 and "needs no corners" in refused.json["error"]
    assert client.post("/api/calibration/colours", json={}, headers=setup).status_code == 400
