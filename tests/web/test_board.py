"""The served drawings (web/board.py): the table's river lies as the camera sees the board."""

from __future__ import annotations

import json
from pathlib import Path

from flask.testing import FlaskClient

from web.board import board_json

LAYOUT = Path(__file__).resolve().parents[2] / "vision" / "layouts" / "zoch-2004.json"


def sign(x: float) -> int:
    return (x > 10) - (x < -10)


def test_the_wide_drawing_keeps_the_boards_orientation() -> None:
    """Every pair of slots and deposits lies the same way round (left/right, above/below)
    in the table's drawing as on the board the camera sees (the default layout)."""
    layout = json.loads(LAYOUT.read_text())
    wide = board_json()["drawings"]["wide"]
    board = {**layout["slots"], **layout["deposits"]}
    drawn = {**{s: wide["drawn_at"][s] for s in layout["slots"]},
             **{d: wide["deposits"][d]["at"] for d in layout["deposits"]}}
    for a in board:
        for b in board:
            for axis in (0, 1):
                assert sign(board[a][axis] - board[b][axis]) == \
                    sign(drawn[a][axis] - drawn[b][axis]), (a, b, "xy"[axis])
    beach_x = wide["drawn_at"]["beach"][0]
    falls_x = min(x for x, _y in wide["falls"].values())
    assert beach_x < min(x for x, _ in drawn.values()) and falls_x > max(
        x for x, _ in drawn.values())


def test_both_drawings_are_served_and_every_page_carries_them(client: FlaskClient) -> None:
    served = client.get("/api/board").json
    assert set(served["drawings"]) == {"wide", "tall"}
    for drawing in served["drawings"].values():
        assert set(drawing["drawn_at"]) == {*served["slots"], "beach"}
        assert set(drawing["deposits"]) == set(served["gems"])
        assert set(drawing["weather"]["at"]) == {"-1", "0", "1", "2"}
    assert '"drawings"' in client.get("/").data.decode()
