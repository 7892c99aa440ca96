"""Vision accuracy per condition, on boards of art families never used while tuning.

Each scene: a random position (``vision_accuracy.random_state``, with the condition's
colours forced in), a board of one art family (``--families reporting``, the default,
never used while tuning; ``tuning`` for the others; or families by name), a widely
varied camera and light (``SceneConfig.varied``, object heights on), then the
condition's stress. The table is first learned from a setup photo of the same table
(start position, no hands), as the product does; then the frame is read and compared with the truth.

Per condition and overall: the issue's measure, per *clear* position (nothing over it:
no hand reaching into its zone, no canoe drawn between it and the next; right when its
disc and canoe colours are read right, a gem left unknown allowed), and the same without
the positions a glare spot washes out (``washed_out``: "no glare"), then per position
over all positions (right when its disc, canoe colours and gems are), frames exactly right
(and, "of what shows", frames whose every position nothing covers and no glare spot
washes out is read exactly right: a hand over a slot or a canoe between two leaves the
slots under it unknown, rightly, and no frame of the motion and between conditions is
exact without that), wrong readings (a disc that is not there, a canoe in the wrong
place, a wrong colour, gem or weather: must be 0), unknown rate, setup-learning
failures (a table whose setup photo is refused is not read: the product asks for
another photo). ``--no-profile`` reads every frame with the defaults instead.

Usage: ``python benchmarks/vision_accuracy.py [--scenes 20] [--seed-offset 1]
[--families reporting] [--conditions art,lens,...] [--show-errors] [--jobs 2] [--cache DIR]
[--baseline REF]``; with ``--baseline`` every frame is also read by that commit's
``vision`` package, its own way (before and after on the same frames). Seeds:
``offset * 1_000_000 + condition * 10_000 + i``; tune with offset 0, report with 1+.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import cast

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.vision_accuracy import random_state
from companion.board import BEACH, SLOTS
from companion.state import Canoe, FrozenMap, GameState, new_game
from vision.camera import CameraModel
from vision.detector import ColourLearningError, Detector, canoes_in_play
from vision.layout import load_layout
from vision.observation import UNKNOWN, Observation
from vision.profile import learn_profile
from vision.synth import (
    REPORTING_FAMILIES,
    TUNING_FAMILIES,
    Glare,
    SceneConfig,
    between_canoe,
    camera_pose,
    ground_truth,
    random_clutter,
    random_hand,
    render,
)
from vision.synth.art import FAMILIES, Canvas, draw_hand
from vision.types import Image

POSITIONS = (*SLOTS, BEACH)
Stress = Callable[[np.random.Generator, SceneConfig, GameState],
                  tuple[SceneConfig, GameState, tuple[int, int]]]
HD = (1280, 720)


def _with_players(state: GameState, rng: np.random.Generator, need: tuple[str, ...]) -> GameState:
    """``state`` re-dealt so that the colours ``need`` are players (same canoe places)."""
    others = [c for c in state.players if c not in need]
    players = [*need, *others][: max(len(state.players), len(need))]
    canoes = dict(zip(players, state.canoes.values(), strict=False))
    fresh = new_game(players, state.options)
    return fresh.replace(canoes=FrozenMap(canoes), joe=state.joe, weather=state.weather)


def _art(rng, scene, state):
    return scene, state, HD


def _parallax(rng, scene, state):
    return replace(scene, tilt_deg=float(rng.uniform(15, 30))), state, HD


def _lens(rng, scene, state):
    return replace(scene, k1=float(rng.uniform(-0.3, -0.1)), vignette=float(
        rng.uniform(0.1, 0.4))), state, HD


def _lowres(rng, scene, state):
    return replace(scene, fill=float(rng.uniform(0.55, 0.9))), state, (640, 480)


def _marker(rng, scene, state):
    return replace(scene, cover_marker=int(rng.integers(0, 4))), state, HD


def _glare(rng, scene, state):
    layout = load_layout()
    w, h = layout.board_mm
    glare = Glare((float(rng.uniform(0, w)), float(rng.uniform(0, h))),
                  float(rng.uniform(25, 70)), float(rng.uniform(0.4, 1.2)))
    return replace(scene, glare=glare, flicker=float(rng.uniform(0.05, 0.15))), state, HD


def _red_brown(rng, scene, state):
    return scene, _with_players(state, rng, ("red", "brown")), HD


def _yellow_sand(rng, scene, state):
    state = _with_players(state, rng, ("yellow",))
    canoes = dict(state.canoes)
    canoes["yellow"] = (Canoe(BEACH), canoes["yellow"][1])
    return scene, state.replace(canoes=FrozenMap(canoes)), HD


def _blue_gem(rng, scene, state):
    state = _with_players(state, rng, ("blue",))
    canoes = dict(state.canoes)
    slot = str(rng.choice([s for s in SLOTS if s not in {c.at for p in canoes.values()
                                                         for c in p}] or ["T1"]))
    canoes["blue"] = (Canoe(slot, "blue"), canoes["blue"][1])
    return scene, state.replace(canoes=FrozenMap(canoes)), HD


def _warm(rng, scene, state):
    return replace(scene, kelvin=float(rng.uniform(2700, 3200)),
                   white_balance=float(rng.uniform(0.0, 0.5))), state, HD


def _clutter(rng, scene, state):
    return replace(scene, clutter=random_clutter(rng, count=int(rng.integers(4, 9)))), state, HD


def _motion(rng, scene, state):
    return replace(scene, hands=(random_hand(rng),), motion_blur_px=float(rng.uniform(15, 60)),
                   motion_blur_deg=float(rng.uniform(0, 180))), state, HD


def _between(rng, scene, state):
    return replace(scene, between=float(rng.uniform(0.3, 0.7))), state, HD


CONDITIONS: dict[str, Stress] = {
    "art": _art, "parallax": _parallax, "lens": _lens, "lowres": _lowres,
    "marker": _marker, "glare+flicker": _glare, "red/brown": _red_brown,
    "yellow-on-sand": _yellow_sand, "blue-gem": _blue_gem, "warm": _warm,
    "clutter": _clutter, "motion": _motion, "between": _between,
}


def learn(det: Detector, frame, players, joe: bool) -> None:
    """Learn the table from its setup photo (the product's way)."""
    det.use_profile(learn_profile(frame, players, joe=joe, camera=det.camera))


CALIBRATED = ("lens",)
"""Conditions whose camera went through the lens calibration (``camera-calibrate``): a
wide-angle lens needs it. The others read with the default camera (a standard lens,
no distortion), whatever the scene's focal length."""


def camera_for(name: str, scene: SceneConfig, size: tuple[int, int],
               rng: np.random.Generator) -> CameraModel | None:
    """The camera model the detector gets: for a calibrated condition, the scene's true
    camera with the errors of a calibration from a few photos (focal length 0.5 %, k1
    0.01, principal point 2 px); otherwise None (the default)."""
    if name not in CALIBRATED:
        return None
    k, _, _ = camera_pose(load_layout(), scene, size)
    k = k.copy()
    k[0, 0] *= 1 + rng.normal(0, 0.005)
    k[1, 1] = k[0, 0]
    k[:2, 2] += rng.normal(0, 2.0, 2)
    dist = np.array([scene.k1 + rng.normal(0, 0.01), 0, 0, 0, 0], np.float64)
    return CameraModel(k, dist, size, calibrated=True)


def covered_positions(scene: SceneConfig, state: GameState, faults: tuple) -> set[str]:
    """The positions something covers in the frame (the issue's targets are per *clear*
    slot): a hand reaching into a slot's zone or onto the beach (its palm and arm, 0.6 of
    its width either side of its line, plus half its motion blur; its soft shadow does not
    count), and both slots of a canoe drawn between them."""
    layout = load_layout()
    out: set[str] = set()
    for hand in scene.hands:
        a, b = np.array(hand.start, float), np.array(hand.end, float)
        reach = 0.6 * hand.width_mm + scene.motion_blur_px / 4
        line = a + np.linspace(0, 1, 400)[:, None] * (b - a)
        for slot in SLOTS:
            d = float(np.min(np.hypot(*(line - np.array(layout.slots[slot])).T)))
            if d < reach + layout.slot_zone_mm:
                out.add(slot)
        beach = np.array(layout.beach, np.float32)
        if any(cv2.pointPolygonTest(beach, (float(x), float(y)), True) > -reach
               for x, y in line[::4]):
            out.add(BEACH)
    return out | between_positions(scene, state, faults)


def between_positions(scene: SceneConfig, state: GameState, faults: tuple) -> set[str]:
    """Both slots of a canoe the scene draws between them (none without ``between``)."""
    move = between_canoe(state, faults) if scene.between else None
    return set() if move is None else set(move[1:])


HAND_OVER_MM = 30.0
"""How far from a slot's centre a hand's pixels hide what lies there (mm): the disc
(22.5 mm across its middle) and a canoe's top leaning off it under a tilted camera."""
HAND_OVER_ALPHA = 0.1
"""How much of a pixel a hand (smeared by its motion) must cover to hide it."""


def hand_over(scene: SceneConfig) -> set[str]:
    """The slots a hand's own pixels lie over (``HAND_OVER_MM`` around the slot's centre,
    each pixel at least ``HAND_OVER_ALPHA`` hand, its motion blur as drawn): narrower
    than ``covered_positions``, which counts every slot a hand comes near. For the learned
    slot reader's "hidden" label (``benchmarks/vision_learned.py``), not for scoring."""
    if not scene.hands:
        return set()
    layout = load_layout()
    cv = Canvas(layout)
    alpha = np.zeros((cv.size[1], cv.size[0], 3), np.float32)
    for hand in scene.hands:
        draw_hand(cv, alpha, replace(hand, skin=(1, 1, 1), sleeve=(1, 1, 1)),
                  scene.motion_blur_px / 2, scene.motion_blur_deg)
    out: set[str] = set()
    for slot in SLOTS:
        x, y = layout.slots[slot]
        zone = np.zeros(cv.size[::-1], np.uint8)
        cv2.circle(zone, (round((x + cv.m) * cv.s), round((y + cv.m) * cv.s)),
                   round(HAND_OVER_MM * cv.s), 1, -1)
        if (alpha[..., 0][zone > 0] >= HAND_OVER_ALPHA).any():
            out.add(slot)
    return out


GLARE_WASH = 0.5
"""A glare spot adding this share of the paper's white or more over a slot's disc (or
anywhere on the beach) washes it out: every colour there is near white."""


def glare_light(scene: SceneConfig) -> np.ndarray | None:
    """The share of the paper's white a glare spot adds, on a 1 mm grid of the board:
    the spot as the renderer draws it (a disc blurred by 0.45 of its radius,
    ``strength`` times white at most); None without a spot."""
    g = scene.glare
    if g is None:
        return None
    w, h = load_layout().board_mm
    spot = np.zeros((int(h) + 1, int(w) + 1), np.float32)
    cv2.circle(spot, (round(g.center[0]), round(g.center[1])), round(g.radius), 1.0, -1)
    return cast(np.ndarray, cv2.GaussianBlur(spot, (0, 0), g.radius * 0.45) * g.strength)


def _slot_discs(shape: tuple[int, ...]) -> list[np.ndarray]:
    """Per river slot (``SLOTS`` order), where its disc lies on the 1 mm grid of
    ``glare_light`` (a boolean mask of ``shape``)."""
    layout = load_layout()
    masks = []
    for slot in SLOTS:
        zone = np.zeros(shape[:2], np.uint8)
        x, y = layout.slots[slot]
        cv2.circle(zone, (round(x), round(y)), round(layout.disc_diameter_mm / 2), 1, -1)
        masks.append(zone > 0)
    return masks


def glare_over_slots(scene: SceneConfig) -> np.ndarray:
    """Per river slot (``SLOTS`` order), the mean share of white a glare spot adds over
    its disc (0 without a spot): how far the spot washes the slot, where ``washed_out``
    says only whether it touches it."""
    light = glare_light(scene)
    if light is None:
        return np.zeros(len(SLOTS), np.float32)
    return np.array([float(light[disc].mean()) for disc in _slot_discs(light.shape)],
                    np.float32)


def washed_out(scene: SceneConfig) -> set[str]:
    """The positions a glare spot washes out (``GLARE_WASH`` anywhere over a slot's disc
    or the beach; ``glare_light``)."""
    light = glare_light(scene)
    if light is None or light.max() < GLARE_WASH:
        return set()
    layout = load_layout()
    washed = light >= GLARE_WASH
    out = {slot for slot, disc in zip(SLOTS, _slot_discs(light.shape), strict=True)
           if washed[disc].any()}
    beach = np.zeros(light.shape, np.uint8)
    cv2.fillPoly(beach, [np.round(np.array(layout.beach)).astype(np.int32)], 1)
    if washed[beach > 0].any():
        out.add(BEACH)
    return out


def read_right(seen: Observation, truth: Observation, pos: str) -> bool:
    """Whether ``pos`` is read right by the issue's measure: known, its disc and its
    canoes' colours as they are (a gem left unknown is no error here)."""
    return bool(seen.board_found and pos not in seen.unknown
                and (pos == BEACH or seen.discs[pos] == truth.discs[pos])
                and sorted(c.colour for c in seen.canoes_at(pos))
                == sorted(c.colour for c in truth.canoes_at(pos)))


def gems_fit(got: list[tuple[str, str]], want: list[tuple[str, str]]) -> bool:
    """Whether the canoes read at a position, ``got``, can be the canoes there, ``want``
    (both sorted ``(colour, gem)`` pairs): the same colours, and each gem read (not
    ``unknown``) matched to a canoe of its colour carrying it, one canoe per gem. (Paired
    canoe by canoe in sorted order instead, a gem read wrongly beside one left unknown
    passed: ``(blue, unknown), (red, white)`` for ``(blue, violet), (red, None)``.)

    >>> gems_fit([("blue", "unknown"), ("blue", "violet")],
    ...          [("blue", "violet"), ("blue", "yellow")])
    True
    >>> gems_fit([("blue", "unknown"), ("red", "white")],
    ...          [("blue", "violet"), ("red", "None")])
    False
    >>> gems_fit([("blue", "violet"), ("blue", "violet")],
    ...          [("blue", "violet"), ("blue", "None")])
    False
    """
    if [c for c, _ in got] != [c for c, _ in want]:
        return False
    left = Counter(want)
    for canoe in got:
        if canoe[1] != UNKNOWN:
            if left[canoe] == 0:
                return False
            left[canoe] -= 1
    return True


def score(seen: Observation, truth: Observation, tally: Counter, errors: list[str],
          tag: str, covered: frozenset[str] | set[str] = frozenset(),
          washed: frozenset[str] | set[str] = frozenset()) -> None:
    exact = seen.board_found and not seen.unknown and seen.weather == truth.weather
    shows = seen.board_found and seen.weather == truth.weather  # (exact of what shows)
    for pos in POSITIONS:
        tally["positions"] += 1
        hidden = pos in covered or pos in washed
        if pos not in covered and pos not in washed:
            # ...and without a glare spot washing it out.
            tally["lit"] += 1
            tally["lit_right"] += int(seen.board_found and pos not in seen.unknown and (
                pos == BEACH or seen.discs[pos] == truth.discs[pos]) and sorted(
                c.colour for c in seen.canoes_at(pos)) == sorted(
                c.colour for c in truth.canoes_at(pos)))
        if pos not in covered:
            # Per clear position, the measure: disc and canoe colours (a gem left
            # unknown is no error here; a wrong one is counted as wrong below).
            tally["clear"] += 1
            tally["clear_right"] += int(read_right(seen, truth, pos))
        if not seen.board_found or pos in seen.unknown:
            tally["unknown"] += 1
            tally["unknown_position"] += 1
            exact = False
            shows = shows and hidden
            continue
        got = sorted((c.colour, str(c.gem)) for c in seen.canoes_at(pos))
        want = sorted((c.colour, str(c.gem)) for c in truth.canoes_at(pos))
        disc_ok = pos == BEACH or seen.discs[pos] in (truth.discs[pos], UNKNOWN)
        gem_unknown = any(g == UNKNOWN for _, g in got)
        if gem_unknown and gems_fit(got, want) and disc_ok:
            tally["unknown"] += 1
            tally["unknown_gem"] += 1
            exact = False
            shows = shows and hidden
        elif got == want and disc_ok and (pos == BEACH or seen.discs[pos] != UNKNOWN):
            tally["right"] += 1
            continue
        elif got == want and disc_ok:
            tally["unknown"] += 1
            tally["unknown_disc"] += 1
            exact = False
            shows = shows and hidden
        else:
            tally["wrong"] += 1
            exact = shows = False
            errors.append(f"{tag}: {pos} read {got} disc "
                          f"{seen.discs.get(pos, '-')}, is {want} disc "
                          f"{truth.discs.get(pos, '-')}")
    if seen.board_found and seen.weather is not None and seen.weather != truth.weather:
        tally["wrong"] += 1
        errors.append(f"{tag}: weather read {seen.weather}, is {truth.weather}")
    tally["weather_seen"] += int(seen.weather == truth.weather)
    tally["frames"] += 1
    tally["exact"] += int(exact)
    tally["exact_shows"] += int(shows)


def _frames(cache: Path | None, tag: str, make: Callable[[], tuple[Image, Image]],
            ) -> tuple[Image, Image]:
    """The setup photo and the frame of one scene, rendered or read from ``cache``."""
    if cache is None:
        return make()
    files = (cache / f"{tag}-setup.png", cache / f"{tag}-frame.png")
    if all(f.is_file() for f in files):
        return cast(Image, cv2.imread(str(files[0]))), cast(Image, cv2.imread(str(files[1])))
    setup, frame = make()
    for f, img in zip(files, (setup, frame), strict=True):
        # Its own part file per process: two runs sharing a cache may render one scene.
        part = f.with_name(f"{f.name}.{os.getpid()}.part.png")
        cv2.imwrite(str(part), img, [cv2.IMWRITE_PNG_COMPRESSION, 1])
        part.replace(f)  # whole files only, even when a run is stopped
    return setup, frame


def _render_pair(setup: GameState, state: GameState, faults: tuple, seed: int,
                 quiet: SceneConfig, scene: SceneConfig, size: tuple[int, int],
                 ) -> tuple[Image, Image]:
    return (render(setup, seed=seed, scene=quiet, size=size),
            render(state, seed=seed + 1, scene=scene, faults=faults, size=size))


def read_old(old: ModuleType, frame: Image, setup_frame: Image, state: GameState,
             tally: Counter, errors: list[str], tag: str, faults: tuple,
             covered: set[str], washed: set[str]) -> None:
    """The baseline's reading of the same frames, its own way (its ``learn_profile`` and
    ``Detector`` as they were: no camera model, no game counts; ``learn_colours`` before
    the table profile existed)."""
    joe = state.joe is not None
    colours = (*state.players, *(("joe",) if joe else ()))
    det = old.detector.Detector(colours=colours)
    try:
        if old.profile is not None:
            det.use_profile(old.profile.learn_profile(setup_frame, state.players, joe=joe))
        else:
            det.learn_colours(setup_frame, state.players, joe=joe)
    except ValueError as exc:
        tally["learn_failed"] += 1
        errors.append(f"{tag}: learning failed: {exc}")
        return
    t = time.perf_counter()
    seen = det.analyse(frame)
    tally[f"ms={round((time.perf_counter() - t) * 1000)}"] += 1
    score(seen, ground_truth(state, faults=faults), tally, errors, tag, covered, washed)


@dataclass(frozen=True)
class Scene:
    """One benchmark scene: its seed, art family, game state and faults, how it is
    photographed, the frame size and the detector that reads it (the condition's camera
    model, the colours in play)."""

    seed: int
    family: str
    state: GameState
    faults: tuple
    scene: SceneConfig
    size: tuple[int, int]
    detector: Detector

    def frames(self, cache: Path | None, name: str) -> tuple[Image, Image]:
        """The setup photo (start position, no hands) and the frame, rendered or from
        ``cache``."""
        quiet = replace(self.scene, hands=(), between=0.0)
        setup = new_game(self.state.players, self.state.options)
        return _frames(cache, f"{name.replace('/', '-')}-{self.seed}-{self.family}",
                       partial(_render_pair, setup, self.state, self.faults, self.seed,
                               quiet, self.scene, self.size))


def make_scene(name: str, index: int, i: int, offset: int,
               families: tuple[str, ...]) -> Scene:
    """Scene ``i`` of condition ``name`` (``index`` in ``CONDITIONS``) at seed ``offset``."""
    seed = offset * 1_000_000 + index * 10_000 + i
    rng = np.random.default_rng([seed, 0xC0DE])
    state, faults = random_state(rng)
    family = families[i % len(families)]
    scene = SceneConfig.varied(seed, family=family)
    scene, state, size = CONDITIONS[name](rng, scene, state)
    colours = (*state.players, *(("joe",) if state.joe is not None else ()))
    det = Detector(colours=colours, camera=camera_for(name, scene, size, rng))
    return Scene(seed, family, state, faults, scene, size, det)


def run(name: str, index: int, scenes: int, offset: int, families: tuple[str, ...],
        errors: list[str], profile: bool = True, cache: Path | None = None,
        old: ModuleType | None = None, old_tally: Counter | None = None,
        old_errors: list[str] | None = None) -> Counter:
    tally: Counter = Counter()
    for i in range(scenes):
        made = make_scene(name, index, i, offset, families)
        seed, family, state, faults, scene = (made.seed, made.family, made.state,
                                              made.faults, made.scene)
        joe = state.joe is not None
        det = made.detector
        tag = f"{name} scene {i} (seed {seed}, {family})"
        setup_frame, frame = made.frames(cache, name)
        if old is not None and old_tally is not None and old_errors is not None:
            read_old(old, frame, setup_frame, state, old_tally, old_errors, tag, faults,
                     covered_positions(scene, state, faults), washed_out(scene))
        if profile:
            try:
                learn(det, setup_frame, state.players, joe)
            except (ColourLearningError, ValueError) as exc:
                # The product asks for another setup photo; no game is read on this one.
                tally["learn_failed"] += 1
                errors.append(f"{tag}: learning failed: {exc}")
                continue
        t = time.perf_counter()
        seen = det.analyse(frame, in_play=canoes_in_play(state))
        tally[f"ms={round((time.perf_counter() - t) * 1000)}"] += 1
        score(seen, ground_truth(state, faults=faults), tally, errors, tag,
              covered_positions(scene, state, faults), washed_out(scene))
    return tally


Job = tuple[str, int, int, int, tuple[str, ...], bool, Path | None, str | None]


def _job(job: Job) -> tuple[Counter, list[str], Counter, list[str]]:
    name, index, scenes, offset, families, profile, cache, baseline = job
    cv2.setNumThreads(1)
    errors: list[str] = []
    old_tally: Counter = Counter()
    old_errors: list[str] = []
    old = _old_package(baseline) if baseline else None
    tally = run(name, index, scenes, offset, families, errors, profile, cache, old, old_tally,
                old_errors)
    return tally, errors, old_tally, old_errors


def _old_package(where: str) -> ModuleType:
    """The baseline's ``vision`` package, unpacked in ``where`` as ``vision_baseline``."""
    import importlib

    if where not in sys.path:
        sys.path.insert(0, where)
    pkg = importlib.import_module("vision_baseline")
    pkg.detector = importlib.import_module("vision_baseline.detector")  # type: ignore[attr-defined]
    try:
        pkg.profile = importlib.import_module("vision_baseline.profile")  # type: ignore[attr-defined]
    except ImportError:
        pkg.profile = None  # type: ignore[attr-defined]
    return pkg


def report(name: str, t: Counter) -> str:
    n = t["positions"] or 1
    f = t["frames"] or 1
    times = sorted(int(k[3:]) for k, v in t.items() if k.startswith("ms=") for _ in range(v))
    ms = f"{times[len(times) // 2]:4d}" if times else "   -"
    clear = f"{100 * t['clear_right'] / t['clear']:6.2f}%" if t["clear"] else "     -"
    lit = f"{100 * t['lit_right'] / t['lit']:6.2f}%" if t["lit"] else "     -"
    return (f"  {name:15s} {t['frames']:4d} frames  clear right {clear} (no glare {lit})"
            f"  positions right {100 * t['right'] / n:6.2f}%"
            f"  exact {100 * t['exact'] / f:6.2f}% (of what shows"
            f" {100 * t['exact_shows'] / f:6.2f}%)  wrong {t['wrong']:3d}"
            f"  unknown {100 * t['unknown'] / n:5.2f}%  weather {100 * t['weather_seen'] / f:6.2f}%"
            f"  learning failed {t['learn_failed']}  median {ms} ms")


def family_list(spec: str) -> tuple[str, ...]:
    """``reporting``, ``tuning`` or family names by comma; empty if a name is unknown."""
    if spec in ("reporting", "tuning"):
        return REPORTING_FAMILIES if spec == "reporting" else TUNING_FAMILIES
    names = tuple(f.strip() for f in spec.split(",") if f.strip())
    return names if names and all(f in FAMILIES for f in names) else ()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", type=int, default=20, help="scenes per condition")
    ap.add_argument("--seed-offset", type=int, default=1)
    ap.add_argument("--families", default="reporting", metavar="reporting|tuning|NAME,...",
                    help="the held-out families (the default), the tuning ones, or art "
                    f"families by name ({', '.join(FAMILIES)})")
    ap.add_argument("--conditions", default=",".join(CONDITIONS))
    ap.add_argument("--no-profile", action="store_true",
                    help="read with the defaults, no setup photo learned")
    ap.add_argument("--show-errors", action="store_true")
    ap.add_argument("--jobs", type=int, default=1,
                    help="conditions run in this many processes (the machine is shared: 2 "
                    "at most)")
    ap.add_argument("--baseline", metavar="REF",
                    help="also read every frame with that commit's vision package (before and "
                    "after on the same frames), its own way: without the lens calibration and "
                    "the game's canoe counts, which early packages lacked (the lens condition "
                    "then reads far worse); to compare recent commits like for like, run this "
                    "script in a worktree of the commit with the same --cache")
    ap.add_argument("--cache", metavar="DIR",
                    help="keep rendered frames here as PNG and read them back on the next "
                    "run (rendering is 90%% of the time; empty it when the renderer changes)")
    args = ap.parse_args(argv)
    cv2.setNumThreads(1)
    families = family_list(args.families)
    if not families:
        print(f"unknown art family in {args.families!r}: use reporting, tuning or "
              f"{', '.join(FAMILIES)}", file=sys.stderr)
        return 1
    names = [c.strip() for c in args.conditions.split(",") if c.strip()]
    bad = [c for c in names if c not in CONDITIONS]
    if bad:
        print(f"unknown condition {bad[0]!r}: use {', '.join(CONDITIONS)}", file=sys.stderr)
        return 1
    t0 = time.perf_counter()
    total: Counter = Counter()
    errors: list[str] = []
    print(f"vision accuracy per condition: {args.scenes} scenes each, families "
          f"{', '.join(families)}, seed offset {args.seed_offset}, "
          f"{'no profile' if args.no_profile else 'profile from the setup photo'}, "
          f"load {os.getloadavg()[0]:.1f}")
    cache = Path(args.cache) if args.cache else None
    if cache is not None:
        cache.mkdir(parents=True, exist_ok=True)
    tmp = tempfile.TemporaryDirectory() if args.baseline else None
    if tmp is not None:
        from benchmarks.vision_speed import _baseline_package

        _baseline_package(args.baseline, Path(tmp.name))
    jobs: list[Job] = [(name, list(CONDITIONS).index(name), args.scenes, args.seed_offset,
                        families, not args.no_profile, cache, tmp.name if tmp else None)
                       for name in names]
    old_total: Counter = Counter()
    old_lines: list[str] = []
    old_errors: list[str] = []
    with multiprocessing.get_context("fork").Pool(max(1, args.jobs)) as pool:
        for name, (t, errs, old_t, old_errs) in zip(names, pool.imap(_job, jobs), strict=True):
            total.update(t)
            errors.extend(errs)
            old_total.update(old_t)
            old_errors.extend(old_errs)
            old_lines.append(report(name, old_t))
            print(report(name, t), flush=True)
    print(report("overall", total))
    print(f"  unknown positions: {total['unknown_position']} whole, {total['unknown_disc']} "
          f"only the disc, {total['unknown_gem']} only a gem")
    if tmp is not None:
        print(f"baseline {args.baseline} on the same frames:")
        for line in old_lines:
            print(line)
        print(report("overall", old_total))
        print(f"  unknown positions: {old_total['unknown_position']} whole, "
              f"{old_total['unknown_disc']} only the disc, {old_total['unknown_gem']} only a gem")
        tmp.cleanup()
    print(f"  {time.perf_counter() - t0:.0f} s; load {os.getloadavg()[0]:.1f}")
    if args.show_errors:
        for line in errors:
            print("   ", line)
        if old_errors:
            print("  baseline:")
            for line in old_errors:
                print("   ", line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
