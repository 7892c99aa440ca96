"""Vision speed: milliseconds per full analysis (find markers, rectify, read) on one core.

Usage: ``python benchmarks/vision_speed.py [--frames 40] [--repeats 3] [--baseline REF]``.
Prints median and p95 for a 1280x720 and a 640x480 frame of varied seeded scenes (no
hands, a fresh camera pose each frame), and for a still camera's 1280x720 stream (one
scene over several frames, one Detector: markers are searched near where they were), as
wall-clock time and as the thread's CPU time (it excludes time waiting for a core, but on
a busy shared machine it still varies by tens of percent between runs: compare within one
run), with the load average before and after.

``--baseline REF`` (a git commit, e.g. ``HEAD~3``) also times that commit's ``vision``
package on the same frames, alternating old and new runs in fresh processes (``--rounds``
times), and prints new/old ratios of the medians: a before/after comparison under the
same machine load. Target: <= 15 ms median at 1280x720 on a desktop core (a Raspberry Pi
5 core is roughly 2-3x slower).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZES = ((1280, 720), (640, 480))


def measure(frames: int, repeats: int) -> dict[str, dict[str, list[float]]]:
    """Times per analysis with the ``vision`` package first on ``sys.path``."""
    import cv2
    import numpy as np

    from benchmarks.vision_accuracy import random_state
    from vision.detector import Detector
    from vision.synth import SceneConfig, render

    cv2.setNumThreads(1)
    out: dict[str, dict[str, list[float]]] = {}
    for size in SIZES:
        shots = []
        for i in range(frames):
            state, _ = random_state(np.random.default_rng([i, 7]))
            shots.append(render(state, seed=i, scene=SceneConfig.random(i, hands=0), size=size))
        det = Detector()
        det.analyse(shots[0])  # builds the cached geometry once, as a running camera does
        wall, cpu = [], []
        for _ in range(repeats):
            for frame in shots:
                t, c = time.perf_counter(), time.thread_time()
                det.analyse(frame)
                cpu.append((time.thread_time() - c) * 1000)
                wall.append((time.perf_counter() - t) * 1000)
        out[f"{size[0]}x{size[1]}"] = {"wall": wall, "cpu": cpu}
    # A still camera's stream: each scene seen in several frames (fresh noise and canoe
    # jitter), one Detector per camera, as the product runs (markers tracked if supported).
    wall, cpu = [], []
    for i in range(max(1, frames // 5)):
        state, _ = random_state(np.random.default_rng([i, 7]))
        scene = SceneConfig.random(i, hands=0)
        shots = [render(state, seed=100 * i + j, scene=scene) for j in range(6)]
        det = Detector()
        det.analyse(shots[0])
        for _ in range(repeats):
            for frame in shots[1:]:
                t, c = time.perf_counter(), time.thread_time()
                det.analyse(frame)
                cpu.append((time.thread_time() - c) * 1000)
                wall.append((time.perf_counter() - t) * 1000)
    out["1280x720 stream"] = {"wall": wall, "cpu": cpu}
    return out


def _stats(ms: list[float]) -> tuple[float, float]:
    import numpy as np

    return float(np.median(ms)), float(np.percentile(ms, 95))


def _child(vision_root: str, frames: int, repeats: int) -> dict:
    """Run :func:`measure` in a fresh process with ``vision`` taken from ``vision_root``."""
    code = (
        "import sys, json; sys.path[:0] = [sys.argv[1], sys.argv[2]];"
        # vision first: benchmarks.vision_accuracy puts the working tree on sys.path.
        "import vision.detector, vision.synth, vision.read;"
        "assert vision.__file__.startswith(sys.argv[1]), vision.__file__;"
        "from benchmarks.vision_speed import measure;"
        "print(json.dumps(measure(int(sys.argv[3]), int(sys.argv[4]))))"
    )
    env = dict(os.environ, PYTHONPATH="")
    res = subprocess.run([sys.executable, "-c", code, vision_root, str(ROOT), str(frames),
                          str(repeats)], capture_output=True, text=True, check=True, env=env)
    return json.loads(res.stdout.strip().splitlines()[-1])


def _load() -> str:
    try:
        return "load average " + " ".join(f"{v:.2f}" for v in os.getloadavg())
    except OSError:
        return "load average unknown"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=40)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--baseline", help="git commit whose vision package to compare with")
    ap.add_argument("--rounds", type=int, default=3, help="old/new alternations (--baseline)")
    args = ap.parse_args()
    print(f"before: {_load()}, {os.cpu_count()} CPUs")
    if not args.baseline:
        sys.path.insert(0, str(ROOT))
        for size, t in measure(args.frames, args.repeats).items():
            (wm, wp), (cm, cp) = _stats(t["wall"]), _stats(t["cpu"])
            print(f"{size}: median {wm:.1f} ms, p95 {wp:.1f} ms wall; CPU median {cm:.1f} ms, "
                  f"p95 {cp:.1f} ms over {len(t['wall'])} analyses (1 thread)")
        print(f"after: {_load()}")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        archive = Path(tmp) / "old.tar"
        subprocess.run(["git", "-C", str(ROOT), "archive", "-o", str(archive), args.baseline,
                        "vision"], check=True)
        with tarfile.open(archive) as tar:
            tar.extractall(Path(tmp) / "old", filter="data")
        roots = {"old": str(Path(tmp) / "old"), "new": str(ROOT)}
        times: dict[str, dict[str, dict[str, list[float]]]] = {"old": {}, "new": {}}
        for r in range(args.rounds):
            for name in ("old", "new") if r % 2 == 0 else ("new", "old"):
                got = _child(roots[name], args.frames, args.repeats)
                for size, t in got.items():
                    slot = times[name].setdefault(size, {"wall": [], "cpu": []})
                    slot["wall"] += t["wall"]
                    slot["cpu"] += t["cpu"]
    print(f"baseline {args.baseline} vs working tree, {args.rounds} alternating rounds of "
          f"{args.frames} frames x {args.repeats}, 1 thread")
    for size in times["new"]:
        line = [f"{size}:"]
        for name in ("old", "new"):
            (wm, wp), (cm, cp) = _stats(times[name][size]["wall"]), _stats(times[name][size]["cpu"])
            line.append(f"{name} median {wm:.1f} ms (p95 {wp:.1f}) wall, "
                        f"CPU {cm:.1f} (p95 {cp:.1f});")
        ratio_w = _stats(times["new"][size]["wall"])[0] / _stats(times["old"][size]["wall"])[0]
        ratio_c = _stats(times["new"][size]["cpu"])[0] / _stats(times["old"][size]["cpu"])[0]
        line.append(f"new/old medians: wall {ratio_w:.2f}, CPU {ratio_c:.2f}")
        print(" ".join(line))
    print(f"after: {_load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
