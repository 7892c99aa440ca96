"""Vision readings of two versions, frame by frame: the same or not?

Usage: ``python benchmarks/vision_identity.py --baseline REF [--families tuning]
[--seed-offset 0] [--scenes 20] [--conditions art,lens,...] [--cache DIR]``.

For a change meant to leave every reading as it was (a faster way to fetch or compute the
same pixels), this reads the frames of ``vision_accuracy.py`` (the same conditions, art
families and seeds; ``--cache`` shares its rendered frames) with ``REF``'s ``vision``
package (imported as ``vision_baseline``) and with the working tree's, in one process:
per scene the table profile learned from the setup photo (compared as its JSON), the
frame read with it and the game's canoe counts, the same frame again through the same
detector (markers searched near where they were), the frame and the setup photo read
without a profile; then the speed benchmark's frames (``vision_speed.py``: 40 varied
scenes at 1280x720 and 640x480, one detector each, and 8 still cameras' streams of 6
frames, markers tracked). Every reading is compared as the
``detect --json`` shape (without the time), the reprojection error at full precision and
the reason given for each unknown position. Prints every difference and the count of
readings that differ; exit status 0.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from dataclasses import replace
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import vision_conditions as conditions
from benchmarks.vision_accuracy import random_state
from benchmarks.vision_speed import _baseline_package
from companion.state import new_game
from vision.synth import REPORTING_FAMILIES, TUNING_FAMILIES, SceneConfig, render


def _reader(package: ModuleType) -> Any:
    """``package``'s Detector, keeping the last reading's reasons and pose error."""
    base = package.detector.Detector

    class Reader(base):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.last: dict[str, Any] = {}

        def _read(self, *args: Any, **kwargs: Any) -> Any:
            pose, reading = super()._read(*args, **kwargs)
            self.last = {"why": dict(reading.debug.get("why", {})),
                         "reprojection": float(pose.reprojection_px)}
            return pose, reading

    return Reader


def _seen(det: Any, obs: Any) -> dict[str, Any]:
    out = dict(obs.to_json())
    out.pop("ms", None)
    out.update(det.last if obs.board_found else {})
    det.last = {}
    return out


def _scene(package: ModuleType, reader: Any, frames: tuple[Any, Any], state: Any,
           camera: Any) -> dict[str, Any]:
    setup_frame, frame = frames
    joe = state.joe is not None
    colours = (*state.players, *(("joe",) if joe else ()))
    out: dict[str, Any] = {}
    plain = reader(colours=colours, camera=camera)
    out["frame, no profile"] = _seen(plain, plain.analyse(frame))
    out["setup, no profile"] = _seen(plain, plain.analyse(setup_frame))
    try:
        profile = package.profile.learn_profile(setup_frame, state.players, joe=joe,
                                                camera=camera)
    except ValueError as exc:
        out["profile"] = f"refused: {exc}"
        return out
    out["profile"] = profile.to_json()
    det = reader(colours=colours, camera=camera)
    det.use_profile(profile)
    counts = package.detector.canoes_in_play(state)
    out["frame"] = _seen(det, det.analyse(frame, in_play=counts))
    out["frame again"] = _seen(det, det.analyse(frame, in_play=counts))
    return out


def _differences(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    lines = []
    for key in old.keys() | new.keys():
        a, b = old.get(key), new.get(key)
        if json.dumps(a, sort_keys=True) != json.dumps(b, sort_keys=True):
            lines.append(f"  {key}:\n    old {json.dumps(a, sort_keys=True)}\n"
                         f"    new {json.dumps(b, sort_keys=True)}")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", required=True, metavar="REF",
                    help="the git commit whose vision package to compare with")
    ap.add_argument("--scenes", type=int, default=20, help="scenes per condition")
    ap.add_argument("--seed-offset", type=int, default=0)
    ap.add_argument("--families", choices=("reporting", "tuning"), default="tuning")
    ap.add_argument("--conditions", default=",".join(conditions.CONDITIONS))
    ap.add_argument("--speed-frames", type=int, default=40,
                    help="frames of the speed benchmark per size (0: none)")
    ap.add_argument("--cache", metavar="DIR", help="rendered frames kept here (PNG)")
    args = ap.parse_args(argv)
    cv2.setNumThreads(1)
    names = [c.strip() for c in args.conditions.split(",") if c.strip()]
    bad = [c for c in names if c not in conditions.CONDITIONS]
    if bad:
        print(f"unknown condition {bad[0]!r}: use {', '.join(conditions.CONDITIONS)}",
              file=sys.stderr)
        return 1
    families = REPORTING_FAMILIES if args.families == "reporting" else TUNING_FAMILIES
    cache = Path(args.cache) if args.cache else None
    if cache is not None:
        cache.mkdir(parents=True, exist_ok=True)
    import vision.detector
    import vision.profile

    new_pkg = sys.modules["vision"]
    new_pkg.detector = vision.detector  # type: ignore[attr-defined]
    new_pkg.profile = vision.profile  # type: ignore[attr-defined]
    compared = differ = 0
    with tempfile.TemporaryDirectory() as tmp:
        _baseline_package(args.baseline, Path(tmp))
        old_pkg = conditions._old_package(tmp)
        readers = {"old": _reader(old_pkg), "new": _reader(new_pkg)}
        for name in names:
            index = list(conditions.CONDITIONS).index(name)
            for i in range(args.scenes):
                seed = args.seed_offset * 1_000_000 + index * 10_000 + i
                rng = np.random.default_rng([seed, 0xC0DE])
                state, faults = random_state(rng)
                family = families[i % len(families)]
                scene = SceneConfig.varied(seed, family=family)
                scene, state, size = conditions.CONDITIONS[name](rng, scene, state)
                camera = conditions.camera_for(name, scene, size, rng)
                quiet = replace(scene, hands=(), between=0.0)
                setup = new_game(state.players, state.options)
                frames = conditions._frames(
                    cache, f"{name.replace('/', '-')}-{seed}-{family}",
                    partial(conditions._render_pair, setup, state, faults, seed, quiet,
                            scene, size))
                old = _scene(old_pkg, readers["old"], frames, state, camera)
                new = _scene(new_pkg, readers["new"], frames, state, camera)
                compared += len(old)
                lines = _differences(old, new)
                if lines:
                    differ += len(lines)
                    print(f"{name} scene {i} (seed {seed}, {family}):", *lines, sep="\n")
            print(f"{name}: done ({compared} readings so far, {differ} differ)", flush=True)
        for size in ((1280, 720), (640, 480)) if args.speed_frames > 0 else ():
            dets = {k: r() for k, r in readers.items()}
            for i in range(args.speed_frames):
                state, _ = random_state(np.random.default_rng([i, 7]))
                frame = render(state, seed=i, scene=SceneConfig.random(i, hands=0), size=size)
                seen = {k: _seen(d, d.analyse(frame)) for k, d in dets.items()}
                compared += 1
                lines = _differences({"frame": seen["old"]}, {"frame": seen["new"]})
                if lines:
                    differ += 1
                    print(f"speed frame {i} at {size[0]}x{size[1]}:", *lines, sep="\n")
        for i in range(args.speed_frames // 5):
            # A still camera's stream (markers tracked from frame to frame), as the speed
            # benchmark's: one detector per scene and version.
            state, _ = random_state(np.random.default_rng([i, 7]))
            scene = SceneConfig.random(i, hands=0)
            dets = {k: r() for k, r in readers.items()}
            for j in range(6):
                frame = render(state, seed=100 * i + j, scene=scene)
                seen = {k: _seen(d, d.analyse(frame)) for k, d in dets.items()}
                compared += 1
                lines = _differences({"frame": seen["old"]}, {"frame": seen["new"]})
                if lines:
                    differ += 1
                    print(f"stream {i} frame {j}:", *lines, sep="\n")
    print(f"{compared} readings compared (baseline {args.baseline} against the working "
          f"tree), {differ} differ")
    return 0


if __name__ == "__main__":
    sys.exit(main())
