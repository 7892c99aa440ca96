"""Secrecy: the bytes sent to anyone but the card's owner do not depend on the card.

Two worlds are played side by side, identical except for one player's secret card. Every
response another player or the table receives (JSON, pages, event streams) must be the
same bytes in both worlds; the owner's own view must differ (so the comparison can fail).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from web.app import close_app, create_app

from .conftest import owner_headers

PLAYERS = ["red", "green", "yellow"]
CREATED = re.compile(rb'"created":\s*"[^"]*"')


class World:
    def __init__(self, tmp_path: Any, name: str, **game: Any) -> None:
        self.app: Flask = create_app({"TESTING": True, "DATABASE": str(tmp_path / f"{name}.db"),
                                      "CAMERA": "none", "GPIO": "none",
                                      "SSE_HEARTBEAT": 0.1, "COMPUTER_THREAD": False})
        self.client = self.app.test_client()
        created = self.client.post("/api/games", json={"players": PLAYERS, **game},
                                   headers=owner_headers(self.app)).json
        self.id = created["id"]
        self.key = created["table_key"]
        self.tokens = {p: u.rsplit("/", 1)[1] for p, u in created["players"].items()}

    def act(self, player: str, **data: Any) -> None:
        response = self.client.post(f"/api/play/{self.tokens[player]}/action", json=data)
        assert response.status_code == 200, response.json

    def play_first_option(self, player: str) -> None:
        options = self.client.get(f"/api/play/{self.tokens[player]}/options").json
        action = dict(options["options"][0]["action"])
        action.pop("player")
        self.act(player, **action)

    def play_computers(self) -> None:
        self.app.extensions["niagara"].play_computers(self.id)

    def seen_by(self, player: str | None) -> dict[str, bytes]:
        """Every response ``player`` (None: the table) gets, tokens blanked out."""
        c = self.client
        out: dict[str, bytes] = {
            "api": c.get(f"/api/games/{self.id}").data,
            "table page": c.get(f"/games/{self.id}/table").data,
            "games": c.get("/api/games").data,
            "home": c.get("/").data,
            "how to play": c.get("/how-to-play").data,
            "table stream": first_game_message(c, f"/api/games/{self.id}/stream"),
            "review": c.get(f"/api/games/{self.id}/review").data,
        }
        if player is not None:
            token = self.tokens[player]
            out["player api"] = c.get(f"/api/play/{token}").data
            out["player page"] = c.get(f"/play/{token}").data
            out["player options"] = c.get(f"/api/play/{token}/options").data
            out["player next game"] = c.get(f"/api/play/{token}/next").data
            out["player stream"] = first_game_message(c, f"/api/play/{token}/stream")
            out["player hints"] = c.get(f"/api/play/{token}/hints").data
            for lang in ("fr", "de"):  # the reasons in words of another language, too
                out[f"player hints ({lang})"] = c.get(f"/api/play/{token}/hints",
                                                      headers={"Accept-Language": lang}).data
            out = {k: v.replace(token.encode(), b"TOKEN") for k, v in out.items()}
        # When a game was created is public and differs between the worlds when they are
        # made a second apart: blank it out, it says nothing about any card.
        out = {k: CREATED.sub(b'"created":"T"', v) for k, v in out.items()}
        return out


def first_game_message(client: Any, url: str) -> bytes:
    response = client.get(url, buffered=False)
    assert response.status_code == 200
    chunks: Iterator[bytes] = response.response  # type: ignore[assignment]
    try:
        for chunk in chunks:
            data = chunk if isinstance(chunk, bytes) else chunk.encode()
            if data.startswith(b"event: game"):
                return data
    finally:
        response.close()
    raise AssertionError("no game message")


@pytest.fixture(autouse=True)
def same_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Both worlds' games get the same seed (hints and computers are seeded by the game)."""
    monkeypatch.setattr("companion.table.loop.new_seed", lambda: 7)


@pytest.fixture
def worlds(tmp_path: Any) -> Iterator[tuple[World, World]]:
    a, b = World(tmp_path, "a"), World(tmp_path, "b")
    yield a, b
    close_app(a.app)
    close_app(b.app)


def test_a_locked_card_is_secret_in_phase_1(worlds: tuple[World, World]) -> None:
    a, b = worlds
    a.act("red", type="choose", card=3)
    b.act("red", type="choose", card=5)
    for who in (None, "green", "yellow"):
        seen_a, seen_b = a.seen_by(who), b.seen_by(who)
        for what in seen_a:
            assert seen_a[what] == seen_b[what], f"{what} seen by {who or 'the table'} leaks"
    # Locked in is public, the card is not.
    assert a.client.get(f"/api/games/{a.id}").json["state"]["locked"] == ["red"]
    # The owner sees their own card: the comparison can tell worlds apart.
    own_a, own_b = a.seen_by("red"), b.seen_by("red")
    assert own_a["player api"] != own_b["player api"]
    assert own_a["player stream"] != own_b["player stream"]
    assert b'"locked":3' in own_a["player stream"]


def test_later_cards_stay_secret_until_their_turn(worlds: tuple[World, World]) -> None:
    a, b = worlds
    for world, yellow in ((a, 4), (b, 6)):
        world.act("red", type="choose", card=1)
        world.act("green", type="choose", card=2)
        world.act("yellow", type="choose", card=yellow)
        world.play_first_option("red")
    # Green is to play: yellow's 4 or 6 must not show anywhere but on yellow's phone.
    for who in (None, "red", "green"):
        seen_a, seen_b = a.seen_by(who), b.seen_by(who)
        for what in seen_a:
            assert seen_a[what] == seen_b[what], f"{what} seen by {who or 'the table'} leaks"
    a.play_first_option("green")
    b.play_first_option("green")
    # Yellow's turn: the card is revealed to all.
    assert a.seen_by(None)["api"] != b.seen_by(None)["api"]
    assert a.client.get(f"/api/games/{a.id}").json["state"]["played"]["yellow"] == 4


def test_an_undone_choice_does_not_name_the_card(worlds: tuple[World, World]) -> None:
    a, b = worlds
    for world, card in ((a, 2), (b, 6)):
        world.act("red", type="choose", card=card)
        response = world.client.post(f"/api/games/{world.id}/undo",
                                     json={"key": world.key, "version": 1})
        assert response.status_code == 200
    assert a.seen_by("green") == b.seen_by("green")


def test_hints_never_use_a_secret_card(worlds: tuple[World, World]) -> None:
    """Every other test compares the hints too (``seen_by``); here they are checked to be
    real hints, not the same refusal in both worlds."""
    a, b = worlds
    a.act("red", type="choose", card=1)
    b.act("red", type="choose", card=6)
    for who in ("green", "yellow"):
        hint_a = a.seen_by(who)["player hints"]
        assert hint_a == b.seen_by(who)["player hints"]
        assert b'"reason"' in hint_a and b'"ok":true' in hint_a.replace(b" ", b"")
        french = a.seen_by(who)["player hints (fr)"]
        assert french == b.seen_by(who)["player hints (fr)"] and french != hint_a
    assert a.seen_by("red")["player hints"] == b.seen_by("red")["player hints"]  # refused
    assert b"No hint now" in a.seen_by("red")["player hints"]


@pytest.fixture
def computer_worlds(tmp_path: Any) -> Iterator[tuple[World, World]]:
    """Red is a computer (it plays first); the worlds differ in yellow's card only."""
    a = World(tmp_path, "ca", computers={"red": "medium"})
    b = World(tmp_path, "cb", computers={"red": "medium"})
    yield a, b
    close_app(a.app)
    close_app(b.app)


def test_a_computer_and_the_hints_see_no_secret_card(
        computer_worlds: tuple[World, World]) -> None:
    a, b = computer_worlds
    for world, yellow in ((a, 2), (b, 6)):
        world.act("green", type="choose", card=4)
        world.act("yellow", type="choose", card=yellow)
        world.play_computers()  # red chooses, then decides its turn
    view = a.client.get(f"/api/games/{a.id}").json
    assert view["computer_turn"]["text"].startswith("Red (computer): ")
    # Red's card, its turn and the words for it, green's hints: the same bytes.
    for who in (None, "green"):
        seen_a, seen_b = a.seen_by(who), b.seen_by(who)
        for what in seen_a:
            assert seen_a[what] == seen_b[what], f"{what} seen by {who or 'the table'} leaks"
    for world in (a, b):
        done = world.client.post(f"/api/games/{world.id}/computer",
                                 json={"key": world.key,
                                       "turn": view["computer_turn"]["action"]})
        assert done.status_code == 200
    # Green's turn: its hints come from its own seat, yellow's card still hidden.
    seen_a, seen_b = a.seen_by("green"), b.seen_by("green")
    assert b'"phase":"turn"' in seen_a["player hints"].replace(b" ", b"")
    for what in seen_a:
        assert seen_a[what] == seen_b[what], f"{what} seen by green leaks"
    # Yellow's own phone tells the worlds apart (the comparison can fail).
    assert a.seen_by("yellow")["player api"] != b.seen_by("yellow")["player api"]
