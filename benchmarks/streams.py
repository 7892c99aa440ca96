"""Ordinary requests while many event streams are held open (loopback only).

The app is served by waitress as ``serve`` does (48 threads, the default stream caps, a
2 s heartbeat) on 127.0.0.1. Five phones and the table open their streams; then
``--streams`` more idle SSE connections are attempted (from one address, as a script on
one phone would; ``--many-devices`` lifts the per-address cap, as if each came from its
own device). Meanwhile ordinary requests are timed (the public view, a phone's view, the
lights), every player locks in a card, and the benchmark checks that each lock-in
reached every player's stream. Last, one stream's client vanishes and the time until the
server frees its place is measured.

Printed: streams accepted and refused (by status), ordinary request p50/p95/max, lock-in
→ every player stream p95, dead stream found after N s.

    .venv/bin/python benchmarks/streams.py [--streams 200] [--requests 300] [--many-devices]
"""

from __future__ import annotations

import argparse
import http.client
import json
import socket
import statistics
import tempfile
import threading
import time
from typing import Any

from waitress import create_server

from web.app import close_app, create_app
from web.cli import LOOKAHEAD, THREADS

PLAYERS = ["red", "green", "yellow", "blue", "brown"]


class Watcher(threading.Thread):
    """A player's stream: notes when each player first shows as locked in."""

    def __init__(self, port: int, path: str) -> None:
        super().__init__(daemon=True)
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.conn.request("GET", path)
        self.response = self.conn.getresponse()
        assert self.response.status == 200, self.response.status
        self.locked_at: dict[str, float] = {}

    def run(self) -> None:
        try:
            while True:
                line = self.response.fp.readline()
                if not line:
                    return
                if line.startswith(b"data: "):
                    data = json.loads(line[6:])
                    for player in data.get("state", {}).get("locked", []):
                        self.locked_at.setdefault(player, time.perf_counter())
        except (OSError, ValueError):
            return


def idle_stream(port: int, path: str) -> tuple[socket.socket, int]:
    """An SSE connection that reads its status line and then nothing more."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    head = b""
    while b"\r\n" not in head:
        chunk = sock.recv(64)
        if not chunk:
            break
        head += chunk
    return sock, int(head.split()[1]) if head.startswith(b"HTTP/") else 0


def timed(conn: http.client.HTTPConnection, method: str, path: str,
          body: Any = None, headers: dict[str, str] | None = None) -> tuple[float, int]:
    start = time.perf_counter()
    data = None if body is None else json.dumps(body)
    conn.request(method, path, body=data, headers={
        **({"Content-Type": "application/json"} if data else {}), **(headers or {})})
    response = conn.getresponse()
    response.read()
    return time.perf_counter() - start, response.status


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=200)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--many-devices", action="store_true",
                        help="lift the per-address cap (as if each stream were a device)")
    args = parser.parse_args(argv)
    tmp = tempfile.mkdtemp(prefix="niagara-streams-")
    config: dict[str, Any] = {"DATABASE": f"{tmp}/g.db", "CAMERA": "synthetic",
                              "PUSH_DELAY": None, "GPIO": "mock",
                              "LAYOUT": f"{tmp}/layout.json",
                              "SETUP_KEY_FILE": f"{tmp}/setup-key"}
    if args.many_devices:
        config["STREAMS_PER_ADDRESS"] = 10_000
    app = create_app(config)
    server = create_server(app, host="127.0.0.1", port=0, threads=THREADS,
                           channel_request_lookahead=LOOKAHEAD, connection_limit=1000)
    port = server.effective_port
    threading.Thread(target=server.run, daemon=True).start()
    slots = app.extensions["niagara.streams"]
    idle: list[socket.socket] = []
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        owner = {"X-Setup-Key": app.extensions["niagara.setup_key"].value}
        conn.request("POST", "/api/games", body=json.dumps({"players": PLAYERS}),
                     headers={"Content-Type": "application/json", **owner})
        game = json.loads(conn.getresponse().read())
        gid = game["id"]
        tokens = {p: u.rsplit("/", 1)[1] for p, u in game["players"].items()}
        watchers = [Watcher(port, f"/api/play/{tokens[p]}/stream") for p in PLAYERS]
        for w in watchers:
            w.start()
        table = Watcher(port, f"/api/games/{gid}/stream")
        table.start()
        statuses: dict[int, int] = {}
        for _ in range(args.streams):
            sock, status = idle_stream(port, f"/api/games/{gid}/stream")
            statuses[status] = statuses.get(status, 0) + 1
            if status == 200:
                idle.append(sock)
            else:
                sock.close()
        print(f"streams: 6 phones/table + {args.streams} more attempted from "
              f"{'as many devices' if args.many_devices else 'one address'}: "
              + ", ".join(f"{n} x {s}" for s, n in sorted(statuses.items()))
              + f"; open now {slots.open}")
        times: list[float] = []
        failures = 0
        paths = [f"/api/games/{gid}", f"/api/play/{tokens['red']}", "/api/leds", "/api/games"]
        for i in range(args.requests):
            took, status = timed(conn, "GET", paths[i % len(paths)])
            times.append(took)
            failures += status != 200
        sent: dict[str, float] = {}
        for card, p in enumerate(PLAYERS, start=1):
            sent[p] = time.perf_counter()
            took, status = timed(conn, "POST", f"/api/play/{tokens[p]}/action",
                                 {"type": "choose", "card": card})
            times.append(took)
            failures += status != 200
        deadline = time.perf_counter() + 10
        while time.perf_counter() < deadline and not all(
                len(w.locked_at) == len(PLAYERS) for w in watchers):
            time.sleep(0.02)
        lags = [w.locked_at[p] - sent[p] for w in watchers for p in PLAYERS
                if p in w.locked_at]
        reached = sum(len(w.locked_at) == len(PLAYERS) for w in watchers)
        ms = [t * 1000 for t in times]
        print(f"ordinary requests: {len(times)}, not 200: {failures}; p50 "
              f"{statistics.median(ms):.1f} ms, p95 {percentile(ms, 0.95):.1f} ms, max "
              f"{max(ms):.1f} ms")
        print(f"card lock-ins reached {reached}/{len(watchers)} player streams; "
              f"lock-in -> stream p95 {percentile(lags, 0.95) * 1000:.1f} ms")
        # A phone vanishes: how long until its stream's place is free?
        before = slots.open
        if idle:
            idle.pop().close()
        else:
            table.response.close()
            table.conn.close()
        start = time.perf_counter()
        while slots.open >= before and time.perf_counter() - start < 20:
            time.sleep(0.05)
        print(f"dead stream found after {time.perf_counter() - start:.1f} s "
              f"(heartbeat {app.config['SSE_HEARTBEAT']} s)")
    finally:
        for sock in idle:
            sock.close()
        close_app(app)
        server.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
