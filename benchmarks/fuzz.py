"""HTTP fuzzing of a running ``serve`` (loopback only): ``--requests`` fuzzed requests
(every route, strange path values, JSON shapes, deep and large bodies, bad Host headers,
credentials right and wrong), seeded.

Printed: requests sent, answers by status, 5xx count, connection failures, tracebacks in
the server's log, and the server's RSS: at start, after a warm-up (every page and view
opened 20 times: the camera's frames, the vision pipeline and the worker threads' memory
arenas are made once), and after the fuzzing.

    .venv/bin/python benchmarks/fuzz.py [--requests 20000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time

from traffic import ROUTES, Server, Timed, fuzz_request, new_game, percentile


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    server = Server()
    try:
        client = Timed(server)
        game = new_game(client, server.key, ["red", "green", "blue"])
        cold = server.rss_mb()
        for _ in range(20):  # warm up: every page and view
            for method, rule in ROUTES:
                if method == "GET":
                    client.send("GET", rule.format(id=game["id"], colour="red",
                                                   token=game["tokens"]["red"],
                                                   file="app.css"))
        before = server.rss_mb()
        started = time.perf_counter()
        for _ in range(args.requests):
            method, path, body, headers = fuzz_request(rng, game, server.key)
            if path.endswith("/stream"):
                continue
            client.send(method, path, body, headers)
        elapsed = time.perf_counter() - started
        after = server.rss_mb()
    finally:
        log = server.stop()
    fives = sum(n for s, n in client.statuses.items() if s >= 500)
    sent = sum(client.statuses.values())
    print(f"fuzz: {sent} requests in {elapsed:.0f} s (seed {args.seed}); statuses: "
          + ", ".join(f"{s}: {n}" for s, n in sorted(client.statuses.items())))
    print(f"5xx: {fives}; connection failures: {len(client.failures) - fives}; tracebacks "
          f"in the server's log: {log.count('Traceback')}")
    print(f"latency p50 {percentile(client.times, 0.5) * 1000:.1f} ms, p95 "
          f"{percentile(client.times, 0.95) * 1000:.1f} ms")
    print(f"server RSS: {cold:.1f} MB at start, {before:.1f} MB warmed up (before the "
          f"fuzzing), {after:.1f} MB after ({after - before:+.1f} MB)")
    for failure in client.failures[:10]:
        print("  " + failure)
    return 1 if fives or log.count("Traceback") else 0


if __name__ == "__main__":
    raise SystemExit(main())
