"""Live updates by Server-Sent Events.

A stream sends its first messages at once (the whole view), then one message per
change, coalesced: a client that falls behind gets the newest view, never a backlog.
A comment line every ``SSE_HEARTBEAT`` seconds keeps proxies awake and notices a client
that went away.

- ``/api/games/<id>/stream``: the table (public): ``game``, ``leds``, ``camera``;
- ``/api/play/<token>/stream``: one player (their secrets included): ``game``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from flask import Blueprint, Response, current_app, stream_with_context

from companion.table.loop import GameLoop
from web import services

bp = Blueprint("stream", __name__, url_prefix="/api")


def message(event: str, data: Any) -> str:
    """One SSE message."""
    return f"event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"


def sse(loop: GameLoop, views: dict[str, Callable[[], Any]], heartbeat: float) -> Response:
    """A streaming response sending ``views[topic]()`` whenever ``topic`` changes."""

    def generate() -> Iterator[str]:
        seen = loop.hub.versions(views)
        yield "retry: 2000\n\n"
        for topic, view in views.items():
            yield message(topic.split(":")[0], view())
        while not loop.hub.closed:
            changed = loop.hub.wait(seen, heartbeat)
            if loop.hub.closed:
                return
            if not changed:
                yield ": ping\n\n"
                continue
            seen = {**seen, **changed}
            for topic in changed:
                yield message(topic.split(":")[0], views[topic]())

    response = Response(stream_with_context(generate()), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return response


def _camera(loop: GameLoop) -> dict[str, Any]:
    reading = loop.latest_reading()
    observation = reading.observation if reading is not None else None
    return {"camera": loop.camera.name if loop.camera else None,
            "at": reading.at if reading else None,
            "seen": observation.to_json() if observation is not None else None}


@bp.get("/games/<int:game_id>/stream")
def table_stream(game_id: int) -> Response:
    loop = services.loop()
    loop.public_view(game_id)  # 404 before the stream starts
    views: dict[str, Callable[[], Any]] = {
        f"game:{game_id}": lambda: loop.public_view(game_id),
        "leds": loop.leds,
        "camera": lambda: _camera(loop),
    }
    return sse(loop, views, current_app.config["SSE_HEARTBEAT"])


@bp.get("/play/<token>/stream")
def player_stream(token: str) -> Response:
    loop = services.loop()
    game_id, _player = loop.player_of(token)
    views: dict[str, Callable[[], Any]] = {f"game:{game_id}": lambda: loop.player_view(token)}
    response = sse(loop, views, current_app.config["SSE_HEARTBEAT"])
    response.headers["Referrer-Policy"] = "no-referrer"
    return response
