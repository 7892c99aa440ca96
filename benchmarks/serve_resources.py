"""CPU and memory of ``serve`` over a long evening: the camera read twice a second.

Usage: ``python benchmarks/serve_resources.py [--minutes 30] [--camera synthetic+vision]``.
Starts ``niagara-companion serve`` on a free loopback port with mock lights and the
given camera (default ``synthetic+vision``: drawn 1280x720 frames read by the whole
vision pipeline, as a real camera's are), creates one 3-player game, then samples the
process every 10 s from ``/proc``: CPU time (user + system) and resident memory (RSS).
Prints a line per minute and, at the end, the mean CPU load (% of one core), RSS at the
start and end, its least-squares slope in MB per hour, and the load average.
Linux only (``/proc``); loopback only; stops by itself.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


def sample(pid: int) -> tuple[float, float]:
    """(CPU seconds used so far, RSS in MB) of ``pid``."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / TICK
    rss = int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE / 1e6
    return cpu, rss


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--camera", default="synthetic+vision")
    parser.add_argument("--every", type=float, default=10.0, help="seconds between samples")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="niagara-serve-"))
    port = free_port()
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp / "config"),
           "XDG_DATA_HOME": str(tmp / "data")}
    server = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", "--port",
         str(port), "--camera", args.camera, "--gpio", "mock", "--db", str(tmp / "g.db"),
         "--layout", str(tmp / "layout.json")],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert server.stdout is not None
        for line in server.stdout:
            if "Stop with Ctrl+C" in line:
                break
        # Keep reading what it prints, so that a full pipe never blocks it.
        threading.Thread(target=lambda: [None for _ in server.stdout or ()],
                         daemon=True).start()
        key_file = tmp / "config" / "niagara-companion" / "setup-key"
        key = key_file.read_text().strip() if key_file.exists() else ""
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/games", method="POST",
            data=json.dumps({"players": ["red", "green", "yellow"]}).encode(),
            headers={"Content-Type": "application/json", "X-Setup-Key": key})
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 201
        start = time.monotonic()
        samples: list[tuple[float, float, float]] = []
        print(f"serve --camera {args.camera} (pid {server.pid}), load average "
              f"{os.getloadavg()[0]:.1f}; sampling every {args.every:g} s for "
              f"{args.minutes:g} min", flush=True)
        print(f"{'minute':>6} {'CPU % of a core':>16} {'RSS MB':>8}", flush=True)
        while (elapsed := time.monotonic() - start) < args.minutes * 60:
            cpu, rss = sample(server.pid)
            samples.append((elapsed, cpu, rss))
            if len(samples) > 1 and int(elapsed // 60) != int(samples[-2][0] // 60):
                (t0, c0, _), (t1, c1, _) = samples[-7 if len(samples) > 6 else 0], samples[-1]
                print(f"{elapsed / 60:>6.1f} {100 * (c1 - c0) / (t1 - t0):>16.1f} "
                      f"{rss:>8.1f}", flush=True)
            time.sleep(args.every)
        (t0, c0, r0), (t1, c1, r1) = samples[0], samples[-1]
        times = [t for t, _, _ in samples]
        rss = [r for _, _, r in samples]
        slope = statistics.linear_regression(times, rss).slope * 3600 if len(samples) > 2 \
            else 0.0
        print(f"mean CPU {100 * (c1 - c0) / (t1 - t0):.1f}% of one core; RSS {r0:.1f} MB at "
              f"the start, {r1:.1f} MB at the end, max {max(rss):.1f} MB, slope "
              f"{slope:+.2f} MB/h; load average {os.getloadavg()[0]:.1f}", flush=True)
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


if __name__ == "__main__":
    main()
