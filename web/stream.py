"""Live updates by Server-Sent Events.

A stream sends its first messages at once (the whole view), then one message per
change, coalesced: a client that falls behind gets the newest view, never a backlog.
A comment line every ``SSE_HEARTBEAT`` seconds (2 s) keeps proxies awake and finds a
client that went away: its stream ends and frees its place.

Each open stream holds one of the server's threads, so their number is capped
(:class:`StreamSlots`, counted before the stream starts): ``STREAMS_PER_ADDRESS`` from
one device (429), ``STREAMS_PER_GAME`` for one game and ``STREAMS_TOTAL`` in all (503).
The total stays well below the server's threads, so ordinary requests always find one.

- ``/api/games/<id>/stream``: the table (public): ``game``, ``leds``, ``camera``;
- ``/api/play/<token>/stream``: one player (their secrets included): ``game``.
"""

from __future__ import annotations

import json
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from flask import Blueprint, Response, current_app, request, stream_with_context

from companion.table.errors import AccessError, BusyError, NotFoundError
from companion.table.loop import GameLoop
from companion.text import N_
from web import services
from web.i18n import tr

bp = Blueprint("stream", __name__, url_prefix="/api")
K = TypeVar("K")


def message(event: str, data: Any) -> str:
    """One SSE message."""
    return f"event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"


class StreamSlots:
    """How many event streams are open, in all, per game and per client address.

    >>> slots = StreamSlots(total=3, per_game=2, per_address=2)
    >>> release = slots.acquire(1, "10.0.0.5")
    >>> _ = slots.acquire(1, "10.0.0.6")
    >>> slots.acquire(1, "10.0.0.7")
    Traceback (most recent call last):
    ...
    companion.table.errors.BusyError: This game already has 2 live connections open ...
    >>> release(); release()  # idempotent
    >>> slots.open, dict(slots._addresses)  # nothing kept for the address that left
    (1, {'10.0.0.6': 1})
    """

    def __init__(self, total: int, per_game: int, per_address: int) -> None:
        self.total, self.per_game, self.per_address = total, per_game, per_address
        self._lock = threading.Lock()
        self._games: Counter[int | None] = Counter()
        self._addresses: Counter[str] = Counter()
        self.open = 0

    def acquire(self, game_id: int | None, address: str) -> Callable[[], None]:
        """Count one more stream, or raise :class:`BusyError` (nothing counted); returns
        the function that releases it (idempotent)."""
        with self._lock:
            if self._addresses[address] >= self.per_address:
                raise BusyError(N_(
                    "This device already has {count} live connections open to the "
                    "companion: close some tabs or pages, then reload this one.",
                    count=self.per_address), 429)
            if game_id is not None and self._games[game_id] >= self.per_game:
                raise BusyError(N_(
                    "This game already has {count} live connections open (phones and "
                    "table pages): close the pages nobody uses, then reload this one.",
                    count=self.per_game))
            if self.open >= self.total:
                raise BusyError(N_(
                    "The companion already has {count} live connections open: close the "
                    "pages nobody uses, then reload this one.", count=self.total))
            self.open += 1
            self._games[game_id] += 1
            self._addresses[address] += 1
        done = threading.Event()

        def release() -> None:
            with self._lock:
                if done.is_set():
                    return
                done.set()
                self.open -= 1
                _count_down(self._games, game_id)
                _count_down(self._addresses, address)
        return release


def _count_down(counts: Counter[K], key: K) -> None:
    """One fewer ``key``; no entry is kept at zero (not one per address ever seen)."""
    counts[key] -= 1
    if counts[key] <= 0:
        del counts[key]


def sse(loop: GameLoop, views: dict[str, Callable[[], Any]], heartbeat: float,
        game_id: int | None = None) -> Response:
    """A streaming response sending ``views[topic]()`` whenever ``topic`` changes; refused
    with :class:`BusyError` when too many streams are open."""
    slots: StreamSlots = current_app.extensions["niagara.streams"]
    release = slots.acquire(game_id, request.remote_addr or "?")
    gone: Callable[[], bool] = request.environ.get("waitress.client_disconnected",
                                                   lambda: False)

    def generate() -> Iterator[str]:
        try:
            yield from updates()
        finally:
            release()

    def updates() -> Iterator[str]:
        seen = loop.hub.versions(views)
        yield "retry: 2000\n\n"
        for topic, view in views.items():
            yield message(topic.split(":")[0], tr(view()))
        while not loop.hub.closed:
            changed = loop.hub.wait(seen, heartbeat)
            if loop.hub.closed or gone():
                return
            if not changed:
                yield ": ping\n\n"
                continue
            seen = {**seen, **changed}
            for topic in changed:
                try:
                    data = views[topic]()
                except (NotFoundError, AccessError):
                    return  # the game was removed (an expired practice game): the end
                yield message(topic.split(":")[0], tr(data))

    response = Response(stream_with_context(generate()), mimetype="text/event-stream")
    response.call_on_close(release)  # also when the stream never started
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return response


def _camera(loop: GameLoop) -> dict[str, Any]:
    reading = loop.latest_reading()
    observation = reading.observation if reading is not None else None
    return {"camera": loop.camera.name if loop.camera else None,
            "at": reading.at if reading else None,
            "seen": observation.to_json() if observation is not None else None}


@bp.get("/games/<id:game_id>/stream")
def table_stream(game_id: int) -> Response:
    loop = services.loop()
    loop.public_view(game_id)  # 404 before the stream starts
    views: dict[str, Callable[[], Any]] = {
        f"game:{game_id}": lambda: loop.public_view(game_id),
        "leds": loop.leds,
        "camera": lambda: _camera(loop),
    }
    return sse(loop, views, current_app.config["SSE_HEARTBEAT"], game_id)


@bp.get("/play/<token>/stream")
def player_stream(token: str) -> Response:
    loop = services.loop()
    game_id, _player = loop.player_of(token)
    views: dict[str, Callable[[], Any]] = {f"game:{game_id}": lambda: loop.player_view(token)}
    response = sse(loop, views, current_app.config["SSE_HEARTBEAT"], game_id)
    response.headers["Referrer-Policy"] = "no-referrer"
    return response
