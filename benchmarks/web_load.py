"""Load check of the web service: six player pages and the table on SSE while cards are
entered and rounds are played.

The app runs in this process, served by waitress as ``niagara-companion serve`` does,
on 127.0.0.1 (an ephemeral port; nothing else is contacted). A 5-player game (the base
game's maximum) is watched by six player streams (red has the page open on two devices)
and the table stream. Each round every player locks in a card, then plays their turn
(the phone fetches its options and posts one), and the table taps "done" for the river.

Printed: request latency (p50, p95, max) by kind, SSE messages delivered per stream, and
the delay between a change and its arrival on every stream (p95).

    .venv/bin/python benchmarks/web_load.py [--rounds 10]
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import statistics
import sys
import tempfile
import threading
import time
from typing import Any

from waitress import create_server

from web.app import close_app, create_app
from web.cli import THREADS

PLAYERS = ["red", "green", "yellow", "blue", "brown"]


class Stream(threading.Thread):
    """One SSE client: counts messages and notes when each game version arrived."""

    def __init__(self, port: int, path: str, name: str) -> None:
        super().__init__(daemon=True, name=name)
        self.port, self.path = port, path
        self.messages = 0
        self.by_kind: dict[str, int] = {}
        self.arrived: dict[int, float] = {}
        self.stop = threading.Event()
        self.ready = threading.Event()

    def run(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        conn.request("GET", self.path, headers={"Accept": "text/event-stream"})
        response = conn.getresponse()
        assert response.status == 200, response.status
        event = None
        while not self.stop.is_set():
            line = response.fp.readline()
            if not line:
                break
            text = line.decode().rstrip("\n")
            if text.startswith("event: "):
                event = text[7:]
            elif text.startswith("data: ") and event:
                self.messages += 1
                self.by_kind[event] = self.by_kind.get(event, 0) + 1
                if event == "game":
                    version = json.loads(text[6:])["version"]
                    self.arrived.setdefault(version, time.perf_counter())
                    self.ready.set()
        conn.close()


class Client:
    """One keep-alive HTTP connection that times every request."""

    def __init__(self, port: int, times: dict[str, list[float]]) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.times = times

    def call(self, kind: str, method: str, path: str, body: Any = None,
             extra: dict[str, str] | None = None) -> Any:
        data = None if body is None else json.dumps(body)
        headers = {"Content-Type": "application/json"} if data else {}
        headers.update(extra or {})
        start = time.perf_counter()
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        raw = response.read()
        self.times.setdefault(kind, []).append(time.perf_counter() - start)
        if response.status >= 400:
            raise RuntimeError(f"{method} {path}: {response.status} {raw[:200]!r}")
        return json.loads(raw) if response.headers.get_content_type() == "application/json" \
            else raw


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10, help="rounds to play (default 10)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    tmp = tempfile.mkdtemp(prefix="niagara-load-")
    # Everything the service would keep (games, layout, setup key) stays in a temporary
    # folder: the benchmark leaves the user's data and config folders alone.
    app = create_app({"DATABASE": f"{tmp}/games.sqlite3", "CAMERA": "synthetic",
                      "PUSH_DELAY": None, "GPIO": "mock", "SSE_HEARTBEAT": 5.0,
                      "LAYOUT": f"{tmp}/layout.json", "SETUP_KEY_FILE": f"{tmp}/setup-key"})
    server = create_server(app, host="127.0.0.1", port=0, threads=THREADS)
    port = server.effective_port
    serving = threading.Thread(target=server.run, daemon=True)
    serving.start()
    times: dict[str, list[float]] = {}
    lags: list[float] = []
    streams: list[Stream] = []
    try:
        setup = Client(port, {})
        owner = {"X-Setup-Key": app.extensions["niagara.setup_key"].value}
        game = setup.call("create", "POST", "/api/games", {"players": PLAYERS}, owner)
        gid, key = game["id"], game["table_key"]
        tokens = {p: u.rsplit("/", 1)[1] for p, u in game["players"].items()}
        streams.append(Stream(port, f"/api/games/{gid}/stream", "table"))
        for p in [*PLAYERS, "red"]:
            streams.append(Stream(port, f"/api/play/{tokens[p]}/stream", f"phone-{p}"))
        for s in streams:
            s.start()
        for s in streams:
            if not s.ready.wait(10):
                raise RuntimeError(f"stream {s.name} did not start")
        phones = {p: Client(port, times) for p in PLAYERS}
        table = Client(port, times)
        for p in PLAYERS:
            phones[p].call("page", "GET", f"/play/{tokens[p]}")
        version = 0
        started = time.perf_counter()

        def changed(new_version: int, at: float) -> None:
            # Wait (bounded) for every stream to see this version; note the delay.
            deadline = time.perf_counter() + 5
            while time.perf_counter() < deadline:
                if all(max(s.arrived, default=-1) >= new_version for s in streams):
                    break
                time.sleep(0.002)
            for s in streams:
                first = min((t for v, t in s.arrived.items() if v >= new_version),
                            default=None)
                if first is not None:
                    lags.append(max(0.0, first - at))

        for _ in range(args.rounds):
            view = table.call("view", "GET", f"/api/games/{gid}")
            if view["state"]["phase"] == "over":
                break
            order = view["state"]["turn_order"]
            # Phase 1: everyone locks in at the same time, from their own phone.
            choices = {}
            for p in PLAYERS:
                me = phones[p].call("player view", "GET", f"/api/play/{tokens[p]}")["me"]
                choices[p] = (me["recover"][:1], rng.choice(me["hand"]))
            t0 = time.perf_counter()

            def enter(p: str, choices: dict[str, Any] = choices) -> None:
                pays, card = choices[p]
                for pay in pays:
                    phones[p].call("action", "POST", f"/api/play/{tokens[p]}/action",
                                   {"type": "recover", "pay": pay})
                phones[p].call("choose", "POST", f"/api/play/{tokens[p]}/action",
                               {"type": "choose", "card": card})

            workers = [threading.Thread(target=enter, args=(p,)) for p in PLAYERS]
            for w in workers:
                w.start()
            for w in workers:
                w.join()
            version += len(PLAYERS) + sum(len(c[0]) for c in choices.values())
            changed(version, t0)
            # Phase 2: in turn order, each phone fetches its options and plays one.
            for p in order:
                t0 = time.perf_counter()
                options = phones[p].call("options", "GET", f"/api/play/{tokens[p]}/options")
                action = dict(rng.choice(options["options"])["action"])
                action.pop("player")
                phones[p].call("action", "POST", f"/api/play/{tokens[p]}/action", action)
                version += 1
                changed(version, t0)
            view = table.call("view", "GET", f"/api/games/{gid}")
            if view["state"]["phase"] == "river":
                t0 = time.perf_counter()
                table.call("river", "POST", f"/api/games/{gid}/river", {"key": key})
                version += 1
                changed(version, t0)
            table.call("page", "GET", f"/games/{gid}/table")
        elapsed = time.perf_counter() - started
    finally:
        for s in streams:
            s.stop.set()
        close_app(app)
        server.close()
    all_times = [t for kind in times.values() for t in kind]
    print(f"web load: {len(PLAYERS)}-player game, {len(streams) - 1} player streams + the "
          f"table, {args.rounds} rounds in {elapsed:.1f} s, {len(all_times)} requests")
    print(f"{'request':14} {'n':>5} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for kind, values in sorted(times.items()):
        print(f"{kind:14} {len(values):5d} {statistics.median(values) * 1000:8.1f} "
              f"{percentile(values, 0.95) * 1000:8.1f} {max(values) * 1000:8.1f}")
    print(f"{'all':14} {len(all_times):5d} {statistics.median(all_times) * 1000:8.1f} "
          f"{percentile(all_times, 0.95) * 1000:8.1f} {max(all_times) * 1000:8.1f}")
    print("SSE messages delivered:")
    total = 0
    for s in streams:
        total += s.messages
        kinds = ", ".join(f"{k} {n}" for k, n in sorted(s.by_kind.items()))
        print(f"  {s.name:12} {s.messages:5d}  ({kinds})")
    seen = sum(1 for v in range(1, version + 1)
               if all(max(s.arrived, default=-1) >= v for s in streams))
    print(f"  {'total':12} {total:5d}; game versions: {version}, reached every stream: {seen} "
          "(a stream that falls behind gets the newest view, not each one)")
    if lags:
        print("request -> every stream has the change: "
              f"p50 {statistics.median(lags) * 1000:.1f} ms, "
              f"p95 {percentile(lags, 0.95) * 1000:.1f} ms, max {max(lags) * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
