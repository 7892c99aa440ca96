"""Shared by ``fuzz.py`` and ``soak.py``: a ``serve`` process on loopback, fuzzed
requests, a whole game played through the API, and the server's memory.

Everything goes to 127.0.0.1 only; the server keeps its games, layout and setup key in a
temporary folder (``XDG_*`` pointed there), never in the user's own folders.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

PLAYERS = ["red", "green", "yellow", "blue", "brown"]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


class Server:
    """``niagara-companion serve`` in its own process on 127.0.0.1."""

    def __init__(self, camera: str = "synthetic") -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="niagara-bench-"))
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        env = {**os.environ, "XDG_CONFIG_HOME": str(self.folder / "config"),
               "XDG_DATA_HOME": str(self.folder / "data")}
        self.log = open(self.folder / "server.log", "wb")  # noqa: SIM115
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1",
             "--port", str(self.port), "--camera", camera, "--gpio", "mock",
             "--db", str(self.folder / "games.sqlite3")],
            env=env, stdout=subprocess.DEVNULL, stderr=self.log)
        deadline = time.monotonic() + 30
        while True:
            try:
                self.call("GET", "/api/leds")
                break
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.2)
        key_file = self.folder / "config" / "niagara-companion" / "setup-key"
        self.key = key_file.read_text().strip()

    def connection(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)

    def call(self, method: str, path: str, body: Any = None,
             headers: dict[str, str] | None = None) -> Any:
        conn = self.connection()
        try:
            data = None if body is None else json.dumps(body)
            conn.request(method, path, body=data, headers={
                **({"Content-Type": "application/json"} if data else {}), **(headers or {})})
            response = conn.getresponse()
            raw = response.read()
            return json.loads(raw) if raw[:1] in (b"{", b"[") else raw
        finally:
            conn.close()

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def stop(self) -> str:
        """Stop it (SIGTERM, as a service manager would) and return its log."""
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()
        return (self.folder / "server.log").read_text(errors="replace")


class Timed:
    """One keep-alive connection that times requests and counts statuses."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.conn = server.connection()
        self.times: list[float] = []
        self.statuses: dict[int, int] = {}
        self.failures: list[str] = []

    def send(self, method: str, path: str, body: bytes | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, bytes]:
        # Header values go out as their UTF-8 bytes (http.client wants latin-1 text).
        headers = {k: v.encode().decode("latin-1") for k, v in (headers or {}).items()}
        start = time.perf_counter()
        try:
            self.conn.request(method, path, body=body, headers=headers)
            response = self.conn.getresponse()
            raw = response.read()
            status = response.status
            if response.getheader("Connection", "").lower() == "close":
                self.conn.close()
                self.conn = self.server.connection()
        except (OSError, http.client.HTTPException) as error:
            self.conn.close()
            self.conn = self.server.connection()
            self.failures.append(f"{method} {path[:60]}: {error!r}")
            return 0, b""
        self.times.append(time.perf_counter() - start)
        self.statuses[status] = self.statuses.get(status, 0) + 1
        if status >= 500:
            self.failures.append(f"{status} {method} {path[:80]}: {raw[:200]!r}")
        return status, raw

    def json(self, method: str, path: str, data: Any = None,
             headers: dict[str, str] | None = None) -> Any:
        body = None if data is None else json.dumps(data).encode()
        status, raw = self.send(method, path, body, {
            **({"Content-Type": "application/json"} if body else {}), **(headers or {})})
        try:
            return json.loads(raw)
        except ValueError:
            return {"ok": False, "status": status}


# -- fuzzed requests -----------------------------------------------------------------------

ROUTES = [("GET", "/"), ("GET", "/new"), ("POST", "/new"), ("GET", "/games/{id}/setup"),
          ("GET", "/games/{id}/qr/{colour}.svg"), ("GET", "/games/{id}/table"),
          ("GET", "/play/{token}"), ("POST", "/play/{token}"), ("GET", "/check"),
          ("GET", "/calibrate"), ("GET", "/static/{file}"), ("GET", "/api/board"),
          ("GET", "/api/games"), ("POST", "/api/games"), ("GET", "/api/games/{id}"),
          ("POST", "/api/games/{id}/current"), ("GET", "/api/games/{id}/links"),
          ("POST", "/api/games/{id}/river"), ("POST", "/api/games/{id}/undo"),
          ("POST", "/api/games/{id}/confirm"), ("GET", "/api/play/{token}"),
          ("GET", "/api/play/{token}/options"), ("POST", "/api/play/{token}/action"),
          ("POST", "/api/play/{token}/confirm"), ("GET", "/api/leds"), ("GET", "/api/camera"),
          ("GET", "/api/camera/frame.jpg"), ("POST", "/api/camera/faults"),
          ("GET", "/api/setup-check"), ("GET", "/api/calibration"),
          ("POST", "/api/calibration/corners"), ("POST", "/api/calibration/colours"),
          ("GET", "/api/calibration/layout"), ("PUT", "/api/calibration/layout"),
          ("DELETE", "/api/calibration/layout"), ("GET", "/api/calibration/board.jpg")]
WEIRD = ["²", "٣", "9" * 30, str(2**63), "-1", "0", "..", "%00", "a" * 300, "red", "x y",
         "cloud", "1" * 5000, "\u202e", "<script>", "'", "\\"]
KEYS = ["type", "card", "pay", "key", "players", "first", "options", "version", "arms",
        "faults", "corners", "player", "canoe", "steps", "x"]


def fuzz_value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([rng.randint(-10, 10), rng.randint(-2**70, 2**70)])
    if kind == 3:
        return rng.random() * rng.choice([1, 1e300, -1e-300])
    if kind in (4, 5):
        return rng.choice([*WEIRD, "3", "down 2 left", "load violet", "green"])
    if kind == 6:
        return [fuzz_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(KEYS): fuzz_value(rng, depth + 1) for _ in range(rng.randrange(5))}


def fuzz_request(rng: random.Random, game: dict[str, Any],
                 key: str) -> tuple[str, str, bytes | None, dict[str, str]]:
    """One fuzzed request: method, path, body and headers (credentials sometimes right)."""
    method, rule = rng.choice(ROUTES)
    if rng.random() < 0.1:
        method = rng.choice(["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"])
    right = rng.random() < 0.5
    token = rng.choice(list(game["tokens"].values())) if right else quote(
        rng.choice(WEIRD), safe="")
    path = rule.format(id=game["id"] if right else quote(rng.choice(WEIRD), safe=""),
                       token=token, colour=rng.choice(["red", "blue", "x"]),
                       file=rng.choice(["app.css", "../x", "nope.js"]))
    headers: dict[str, str] = {}
    credential = rng.random()
    if credential < 0.2:
        headers["X-Setup-Key"] = key
    elif credential < 0.3:
        headers["X-Setup-Key"] = rng.choice(WEIRD)
    if rng.random() < 0.3:
        path += "?key=" + (game["table_key"] if rng.random() < 0.5 else
                           quote(rng.choice(WEIRD), safe=""))
    if rng.random() < 0.05:
        headers["Host"] = rng.choice(["a" * 64 + ".lan", "x y", "é", "[::1", "h:99999x"])
    body: bytes | None = None
    shape = rng.random()
    if method in ("POST", "PUT", "DELETE", "PATCH"):
        if shape < 0.6:
            value = fuzz_value(rng)
            if isinstance(value, dict) and right:
                value.setdefault("key", game["table_key"])
            body = json.dumps(value).encode()
            headers["Content-Type"] = "application/json"
        elif shape < 0.7:
            depth = rng.randint(10, 5000)
            body = b"[" * depth + b"]" * depth
            headers["Content-Type"] = "application/json"
        elif shape < 0.75:
            body = b'{"x": "' + b"y" * rng.randint(60_000, 300_000) + b'"}'
            headers["Content-Type"] = "application/json"
        elif shape < 0.85:
            body = bytes(rng.randrange(256) for _ in range(rng.randrange(200)))
            headers["Content-Type"] = rng.choice(["application/json", "text/plain"])
        else:
            body = f"card={quote(rng.choice(WEIRD))}&players=red&players=green".encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
    return method, path, body, headers


# -- a whole game through the API ------------------------------------------------------------


def new_game(client: Timed, key: str, players: list[str]) -> dict[str, Any]:
    game = client.json("POST", "/api/games", {"players": players}, {"X-Setup-Key": key})
    game["tokens"] = {p: u.rsplit("/", 1)[1] for p, u in game["players"].items()}
    return game


def play_round(client: Timed, game: dict[str, Any], rng: random.Random) -> bool:
    """One round as the phones and the table play it; False when the game is over."""
    gid, key, tokens = game["id"], game["table_key"], game["tokens"]
    view = client.json("GET", f"/api/games/{gid}")
    if view.get("state", {}).get("phase") == "over":
        return False
    for token in tokens.values():
        me = client.json("GET", f"/api/play/{token}")["me"]
        for pay in me["recover"][:1]:
            client.json("POST", f"/api/play/{token}/action", {"type": "recover", "pay": pay})
        client.json("POST", f"/api/play/{token}/action",
                    {"type": "choose", "card": rng.choice(me["hand"])})
    for p in client.json("GET", f"/api/games/{gid}")["state"]["turn_order"]:
        options = client.json("GET", f"/api/play/{tokens[p]}/options")
        if options.get("options"):
            action = dict(rng.choice(options["options"])["action"])
            action.pop("player", None)
            client.json("POST", f"/api/play/{tokens[p]}/action", action)
    view = client.json("GET", f"/api/games/{gid}")
    if view["state"]["phase"] == "river":
        client.json("POST", f"/api/games/{gid}/river", {"key": key})
    return client.json("GET", f"/api/games/{gid}")["state"]["phase"] != "over"
