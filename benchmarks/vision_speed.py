"""Vision speed: milliseconds per full analysis (find markers, rectify, read) on one core.

Usage: ``python benchmarks/vision_speed.py [--frames 40] [--repeats 3] [--baseline REF]``.
Prints median and p95 for a 1280x720 and a 640x480 frame of varied seeded scenes (no
hands, a fresh camera pose each frame), for a still camera's 1280x720 stream (one
scene over several frames, one Detector: markers are searched near where they were), and
for a calibrated wide-angle lens (k1 -0.2, the camera moved between frames: the analysis
includes undistorting the frame), and for 1280x720 frames of held-out art families read
with the table learned from the scene's setup photo, as the product reads (only then does
the learned slot reader run, on the slots the rules leave unknown), as
wall-clock time and as the thread's CPU time (it excludes time waiting for a core, but on
a busy shared machine it still varies by tens of percent between runs: compare within one
run), with the load average before and after.

``--baseline REF`` (a git commit, e.g. ``HEAD~3``) instead times that commit's ``vision``
package (imported as ``vision_baseline``) and the working tree's on the same frames, each
frame analysed by both back to back in one process, and prints new/old ratios (wall
clock, and the medians of the thread's CPU time) for both sizes and the still camera's
stream: a before/after comparison under the same machine load. Target: <= 15 ms median at
1280x720 on a desktop core (a Raspberry Pi 5 core is roughly 2-3x slower).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

# One core: OpenCV is told so below; NumPy's BLAS reads this when first imported.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
SIZES = ((1280, 720), (640, 480))


def measure(frames: int, repeats: int) -> dict[str, dict[str, list[float]]]:
    """Times per analysis with the ``vision`` package first on ``sys.path``."""
    import cv2
    import numpy as np

    import vision.camera
    from benchmarks.vision_accuracy import random_state
    from vision.detector import Detector
    from vision.synth import SceneConfig, render

    cv2.setNumThreads(1)
    out: dict[str, dict[str, list[float]]] = {}

    def timed(det: Detector, shots: list, into: dict[str, list[float]]) -> None:
        """Each of ``shots`` analysed ``repeats`` times by ``det``: wall and CPU ms."""
        for _ in range(repeats):
            for frame in shots:
                t, c = time.perf_counter(), time.thread_time()
                det.analyse(frame)
                into["cpu"].append((time.thread_time() - c) * 1000)
                into["wall"].append((time.perf_counter() - t) * 1000)

    for size in SIZES:
        shots = []
        for i in range(frames):
            state, _ = random_state(np.random.default_rng([i, 7]))
            shots.append(render(state, seed=i, scene=SceneConfig.random(i, hands=0), size=size))
        det = Detector()
        det.analyse(shots[0])  # builds the cached geometry once, as a running camera does
        timed(det, shots, out.setdefault(f"{size[0]}x{size[1]}", {"wall": [], "cpu": []}))
    # A still camera's stream: each scene seen in several frames (fresh noise and canoe
    # jitter), one Detector per camera, as the product runs (markers tracked if supported).
    stream = out.setdefault("1280x720 stream", {"wall": [], "cpu": []})
    for i in range(max(1, frames // 5)):
        state, _ = random_state(np.random.default_rng([i, 7]))
        scene = SceneConfig.random(i, hands=0)
        shots = [render(state, seed=100 * i + j, scene=scene) for j in range(6)]
        det = Detector()
        det.analyse(shots[0])
        timed(det, shots[1:], stream)
    shots, spec = lens_shots(frames)
    det = Detector(camera=_camera(vision.camera, spec))
    det.analyse(shots[0])
    timed(det, shots, out.setdefault(f"1280x720 lens k1 {LENS_K1}", {"wall": [], "cpu": []}))
    into = out.setdefault(PROFILED, {"wall": [], "cpu": []})
    for setup, frame, players, joe, in_play in profiled_shots(frames):
        det = Detector()
        try:
            det.learn_table(setup, players, joe)
        except ValueError:
            continue  # (the product asks for another setup photo)
        det.analyse(frame, in_play=in_play)
        for _ in range(repeats):
            t, c = time.perf_counter(), time.thread_time()
            det.analyse(frame, in_play=in_play)
            into["cpu"].append((time.thread_time() - c) * 1000)
            into["wall"].append((time.perf_counter() - t) * 1000)
    return out


PROFILED = "1280x720 held-out art, table profile"
SPEED_OFFSET = 90
"""Seed offset of the profiled frames (timing only: no accuracy is read off them)."""


def profiled_shots(frames: int) -> list[tuple[object, object, list[str], bool, object]]:
    """Setup photo and frame of ``frames`` scenes of the accuracy benchmark's ``art``
    condition (held-out art families, varied cameras, 1280x720), with the game's players,
    Joe and canoes in play: read as the product reads, with the table learned (the learned
    slot reader runs only then, and only on slots the rules leave unknown)."""
    import benchmarks.vision_conditions as vc
    from vision.detector import canoes_in_play
    from vision.synth import REPORTING_FAMILIES

    out = []
    for i in range(frames):
        made = vc.make_scene("art", 0, i, SPEED_OFFSET, REPORTING_FAMILIES)
        setup, frame = made.frames(None, "art")
        out.append((setup, frame, list(made.state.players), made.state.joe is not None,
                    canoes_in_play(made.state)))
    return out


LENS_K1 = -0.2


def lens_shots(frames: int) -> tuple[list[object], object]:
    """1280x720 frames of one wide-angle camera (focal length 0.8 frame widths, barrel
    distortion k1 -0.2) moved between frames, and its lens calibration (the true camera):
    the analysis then includes undistorting the frame (precomputed maps)."""
    from dataclasses import replace

    import numpy as np

    from benchmarks.vision_accuracy import random_state
    from vision.layout import load_layout
    from vision.synth import SceneConfig, camera_pose, render

    size = (1280, 720)
    shots = []
    k = None
    for i in range(frames):
        state, _ = random_state(np.random.default_rng([i, 7]))
        scene = replace(SceneConfig.random(i, hands=0), focal=0.8, k1=LENS_K1,
                        offset=(0.0, 0.0))
        k = camera_pose(load_layout(), scene, size)[0]
        shots.append(render(state, seed=i, scene=scene, size=size))
    dist = np.array([LENS_K1, 0, 0, 0, 0], np.float64)
    return shots, (k, dist, size)


def _camera(module: object, spec: object) -> object:
    k, dist, size = spec  # type: ignore[misc]
    return module.CameraModel(k, dist, size, calibrated=True)  # type: ignore[attr-defined]


def _stats(ms: list[float]) -> tuple[float, float]:
    import numpy as np

    return float(np.median(ms)), float(np.percentile(ms, 95))


def _baseline_package(ref: str, into: Path) -> str:
    """That commit's ``vision`` package, importable as ``vision_baseline`` from ``into``."""
    archive = into / "old.tar"
    subprocess.run(["git", "-C", str(ROOT), "archive", "-o", str(archive), ref, "vision"],
                   check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    (into / "vision").rename(into / "vision_baseline")
    for py in (into / "vision_baseline").rglob("*.py"):
        text = py.read_text(encoding="utf-8")
        text = re.sub(r"\b(from|import) vision\b", r"\1 vision_baseline", text)
        py.write_text(text, encoding="utf-8")
    return "vision_baseline"


def compare(ref: str, frames: int, repeats: int) -> dict[str, dict[str, list[float]]]:
    """Old and new analyses of each frame back to back in one process (old first on even
    frames, new first on odd ones), so both see the same machine load: wall-clock times
    under ``old``/``new``, the thread's CPU times under ``old cpu``/``new cpu``. Also a
    still camera's 1280x720 stream (one Detector per scene, as in :func:`measure`)."""
    import importlib

    import cv2
    import numpy as np

    from benchmarks.vision_accuracy import random_state
    from vision.detector import Detector
    from vision.synth import SceneConfig, render

    cv2.setNumThreads(1)
    with tempfile.TemporaryDirectory() as tmp:
        sys.path.insert(0, tmp)
        old_det = importlib.import_module(_baseline_package(ref, Path(tmp)) + ".detector")
        runs: dict[str, list[list[object]]] = {}
        for size in SIZES:
            shots = []
            for i in range(frames):
                state, _ = random_state(np.random.default_rng([i, 7]))
                shots.append(render(state, seed=i, scene=SceneConfig.random(i, hands=0),
                                    size=size))
            runs[f"{size[0]}x{size[1]}"] = [shots]
        streams = []
        for i in range(max(1, frames // 5)):
            state, _ = random_state(np.random.default_rng([i, 7]))
            scene = SceneConfig.random(i, hands=0)
            streams.append([render(state, seed=100 * i + j, scene=scene) for j in range(6)])
        runs["1280x720 stream"] = streams
        import vision.camera

        lens, spec = lens_shots(frames)
        lens_name = f"1280x720 lens k1 {LENS_K1}"
        runs[lens_name] = [lens]
        old_cam = importlib.import_module("vision_baseline.camera")
        out: dict[str, dict[str, list[float]]] = {}
        times: dict[str, list[float]] = {"old": [], "new": [], "old cpu": [], "new cpu": []}
        for k, (setup, frame, players, joe, in_play) in enumerate(profiled_shots(frames)):
            both = {"old": old_det.Detector(), "new": Detector()}
            try:
                for d in both.values():
                    d.learn_table(setup, players, joe)
            except ValueError:
                continue
            for r in range(repeats + 1):
                for which in ("old", "new") if (k + r) % 2 == 0 else ("new", "old"):
                    t, c = time.perf_counter(), time.thread_time()
                    both[which].analyse(frame, in_play=in_play)
                    if r:  # (the first reading builds the caches)
                        times[which + " cpu"].append((time.thread_time() - c) * 1000)
                        times[which].append((time.perf_counter() - t) * 1000)
        out[PROFILED] = times
        for name, groups in runs.items():
            times: dict[str, list[float]] = {"old": [], "new": [], "old cpu": [], "new cpu": []}
            for shots in groups:
                # One detector per camera (each stream its own; the varied frames share one,
                # as a camera that moved between frames).
                dets = {"old": old_det.Detector(), "new": Detector()}
                if name == lens_name:
                    dets = {"old": old_det.Detector(camera=_camera(old_cam, spec)),
                            "new": Detector(camera=_camera(vision.camera, spec))}
                for d in dets.values():
                    d.analyse(shots[0])
                for r in range(repeats):
                    for k, frame in enumerate(shots[1:] if len(groups) > 1 else shots):
                        for which in ("old", "new") if (k + r) % 2 == 0 else ("new", "old"):
                            t, c = time.perf_counter(), time.thread_time()
                            dets[which].analyse(frame)
                            times[which + " cpu"].append((time.thread_time() - c) * 1000)
                            times[which].append((time.perf_counter() - t) * 1000)
            out[name] = times
    return out


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
    sys.path.insert(0, str(ROOT))
    times = compare(args.baseline, args.frames, args.repeats)
    print(f"baseline {args.baseline} vs working tree, each frame analysed by both back to "
          f"back, {args.frames} frames x {args.repeats}, 1 thread (wall ms)")
    for size, t in times.items():
        (om, op), (nm, np_) = _stats(t["old"]), _stats(t["new"])
        per_frame = sorted(n / o for n, o in zip(t["new"], t["old"], strict=True))
        oc, nc = _stats(t["old cpu"])[0], _stats(t["new cpu"])[0]
        print(f"{size}: old median {om:.1f} ms (p95 {op:.1f}); new median {nm:.1f} ms "
              f"(p95 {np_:.1f}); new/old: ratio of medians {nm / om:.2f}, median of "
              f"per-frame ratios {per_frame[len(per_frame) // 2]:.2f}; CPU medians old "
              f"{oc:.1f} ms, new {nc:.1f} ms ({nc / oc:.2f})")
    print(f"after: {_load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
