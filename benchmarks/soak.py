"""A long simulated evening against a real ``serve`` (loopback only): game after game
(3 to 5 players, every round played from the phones and the table through the API; the
table starts the next game after ``--rounds`` rounds if random play has not ended it),
phones' event streams opening, dropping and reconnecting, fuzzed requests mixed in.

Printed: games played, requests served, 5xx count, connection failures, p95 latency,
stream connections opened and SSE messages read, tracebacks in the server's log, and the
server's RSS after the first game (warmed up) and at the end. Also, beside it and not
instead of it: the RSS after game ``--settled`` (25) and its trend from there to the end
(least squares over the RSS after each game, MB per hour). The service's bounded caches
fill during the first games (4 games in the store, 16 hints, 4 reviews, the mock pins'
last 256 changes), so the growth from the first game includes them; what follows them
shows whether anything grows without end.

    .venv/bin/python benchmarks/soak.py --minutes 120 [--pace 5] [--seed 1]

``--pace`` is the seconds between rounds (a game of ~10 rounds every minute or two at 5;
use 0.5 for a short, dense run).
"""

from __future__ import annotations

import argparse
import contextlib
import random
import socket
import statistics
import threading
import time
from typing import Any

from traffic import PLAYERS, Server, Timed, fuzz_request, new_game, percentile, play_round


class Phone(threading.Thread):
    """One event stream read to its end (the server closes it, or the phone drops it)."""

    def __init__(self, port: int, path: str, counts: dict[str, int]) -> None:
        super().__init__(daemon=True)
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=60)
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        self.counts = counts
        counts["opened"] = counts.get("opened", 0) + 1

    def run(self) -> None:
        try:
            while chunk := self.sock.recv(65536):
                self.counts["messages"] = self.counts.get("messages", 0) + chunk.count(
                    b"\nevent: ") + chunk.startswith(b"event: ")
        except OSError:
            return

    def drop(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=120.0)
    parser.add_argument("--pace", type=float, default=5.0,
                        help="seconds between rounds (default 5)")
    parser.add_argument("--rounds", type=int, default=12,
                        help="rounds before the table starts the next game, if the game has "
                             "not ended (random play rarely finishes; default 12)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--settled", type=int, default=25,
                        help="also print the RSS after this game (the caches full) and "
                             "its trend from there (default 25)")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    server = Server()
    client, fuzzer = Timed(server), Timed(server)
    counts: dict[str, int] = {}
    games = rounds = 0
    warm: float | None = None
    samples: list[float] = []
    stamps: list[float] = []
    started = time.monotonic()
    deadline = started + args.minutes * 60
    died: int | None = None
    end = 0.0
    try:
        try:
            while time.monotonic() < deadline:
                players = rng.sample(PLAYERS, rng.randint(3, 5))
                game = new_game(client, server.key, players)
                phones: dict[str, Phone] = {}

                def connect(player: str, game: dict[str, Any] = game,
                            phones: dict[str, Phone] = phones) -> None:
                    path = (f"/api/games/{game['id']}/stream" if player == "table" else
                            f"/api/play/{game['tokens'][player]}/stream")
                    phones[player] = Phone(server.port, path, counts)
                    phones[player].start()

                for player in ["table", *players]:
                    connect(player)
                for _round in range(args.rounds):
                    if time.monotonic() >= deadline:
                        break
                    for _ in range(rng.randint(5, 20)):
                        method, path, body, headers = fuzz_request(rng, game, server.key)
                        if not path.endswith("/stream"):
                            fuzzer.send(method, path, body, headers)
                    for player in list(phones):
                        if rng.random() < 0.2:  # the phone slept, or the page was reloaded
                            phones[player].drop()
                            connect(player)
                    client.send("GET", f"/games/{game['id']}/table")
                    more = play_round(client, game, rng)
                    rounds += 1
                    time.sleep(args.pace)
                    if not more:
                        break
                for phone in phones.values():
                    phone.drop()
                games += 1
                samples.append(server.rss_mb())
                stamps.append(time.monotonic())
                if warm is None:
                    warm = samples[-1]
                print(f"  game {games}: {time.monotonic() - started:.0f} s, RSS "
                      f"{samples[-1]:.1f} MB", flush=True)
            end = server.rss_mb()
        except (KeyError, OSError):
            # A refused or failed call mid-game: the server gone is worth reporting (the
            # figures so far, and how it ended); anything else is the benchmark's own fault.
            died = server.process.poll()
            if died is None:
                raise
            end = samples[-1] if samples else 0.0
    finally:
        log = server.stop()
    times = client.times + fuzzer.times
    statuses: dict[int, int] = {}
    for c in (client, fuzzer):
        for s, n in c.statuses.items():
            statuses[s] = statuses.get(s, 0) + n
    fives = sum(n for s, n in statuses.items() if s >= 500)
    failures = [f for f in client.failures + fuzzer.failures if not f[:1].isdigit()]
    print(f"soak: {args.minutes:g} min, {games} games, {rounds} rounds; "
          f"{sum(statuses.values())} requests (game {len(client.times)}, fuzzed "
          f"{len(fuzzer.times)}); statuses: "
          + ", ".join(f"{s}: {n}" for s, n in sorted(statuses.items())))
    print(f"5xx: {fives}; connection failures: {len(failures)}; tracebacks in the server's "
          f"log: {log.count('Traceback')}")
    print(f"latency p50 {percentile(times, 0.5) * 1000:.1f} ms, p95 "
          f"{percentile(times, 0.95) * 1000:.1f} ms")
    print(f"streams opened {counts.get('opened', 0)}, SSE messages read "
          f"{counts.get('messages', 0)}")
    print(f"server RSS: {warm or end:.1f} MB after the first game, {end:.1f} MB at the end "
          f"({end - (warm or end):+.1f} MB); between games min {min(samples, default=end):.1f}"
          f", median {statistics.median(samples or [end]):.1f}, max "
          f"{max(samples, default=end):.1f} MB")
    later = list(zip(stamps, samples, strict=True))[args.settled - 1:]
    if len(later) >= 3:
        slope = statistics.linear_regression([t for t, _ in later],
                                             [r for _, r in later]).slope
        print(f"server RSS after game {args.settled} (caches full): {later[0][1]:.1f} MB, "
              f"{end - later[0][1]:+.1f} MB to the end; trend from there {slope * 3600:+.1f}"
              f" MB/hour over {len(later)} games")
    for failure in (client.failures + fuzzer.failures)[:10]:
        print("  " + failure)
    if died is not None:
        print(f"the server stopped by itself after {time.monotonic() - started:.0f} s "
              f"(exit status {died}): the figures above stop there; its log's end:\n"
              + "\n".join(log.splitlines()[-15:]))
    return 1 if fives or log.count("Traceback") or died is not None else 0


if __name__ == "__main__":
    raise SystemExit(main())
