"""Vision speed: milliseconds per full analysis (find markers, rectify, read) on one core.

Usage: ``python benchmarks/vision_speed.py [--frames 40]``. Prints median and p95 for a
1280x720 and a 640x480 frame of varied seeded scenes (no hands). Target: <= 15 ms median
at 1280x720 on a desktop core (a Raspberry Pi 5 core is roughly 2-3x slower).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.vision_accuracy import random_state
from vision.detector import Detector
from vision.synth import SceneConfig, render


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=40)
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    cv2.setNumThreads(1)
    for size in ((1280, 720), (640, 480)):
        frames = []
        for i in range(args.frames):
            state, _ = random_state(np.random.default_rng([i, 7]))
            frames.append(render(state, seed=i, scene=SceneConfig.random(i, hands=0), size=size))
        det = Detector()
        det.analyse(frames[0])  # builds the cached geometry once, as a running camera does
        times = []
        for _ in range(args.repeats):
            for frame in frames:
                t = time.perf_counter()
                det.analyse(frame)
                times.append((time.perf_counter() - t) * 1000)
        ms = np.array(times)
        print(f"{size[0]}x{size[1]}: median {np.median(ms):.1f} ms, p95 "
              f"{np.percentile(ms, 95):.1f} ms over {len(ms)} analyses (1 thread)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
