"""Benchmark scenes read by the whole product in the tests: as
``benchmarks/vision_conditions.py`` draws, renders and reads them (the table learned
from the setup photo), each reading with a fresh detector (no pose tracked from a frame)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from vision.config import VisionConfig
from vision.detector import Detector, canoes_in_play
from vision.observation import Observation
from vision.types import Image

if TYPE_CHECKING:
    from benchmarks.vision_conditions import Scene


LATER_GEM_RULES: dict[str, Any] = {"low_detail_blend_veto": 0.0,
                                   "fine_crowd_empty_agree": False}
"""The hundred-and-third session's gem rules, off: at 640x480 a gem that looks like
another blurred with the hull needs both learned readers very sure, and beside another
canoe the gem reader alone names no canoe empty. They leave unknown some gems that
older tests show named, rightly or wrongly; those tests turn them off to keep testing
their own rule."""


def read_scene(condition: str, seed: int, *configs: VisionConfig,
               ) -> tuple[Scene, Observation, list[Observation]]:
    """The benchmark's scene ``seed`` of ``condition`` (reporting families): the scene
    (``vision_conditions.Scene``), its truth, and the frame read with each of
    ``configs``."""
    from vision.synth import ground_truth

    made, frame, detectors = _detectors(condition, seed, configs)
    seen = [det.analyse(frame, in_play=canoes_in_play(made.state)) for det in detectors]
    return made, ground_truth(made.state, faults=made.faults), seen


def why_unknown(condition: str, seed: int, config: VisionConfig) -> dict[str, str]:
    """Why the reading of that scene's frame (as :func:`read_scene` reads it, with
    ``config``) leaves each position unknown."""
    made, frame, (det,) = _detectors(condition, seed, (config,))
    return dict(det._read(frame, in_play=canoes_in_play(made.state))[1].debug["why"])


def _detectors(condition: str, seed: int, configs: Iterable[VisionConfig],
               ) -> tuple[Scene, Image, list[Detector]]:
    """That scene, its frame, and per config a fresh detector that learned the table from
    its setup photo as the benchmark does."""
    import benchmarks.vision_conditions as vc

    made = _scene(condition, seed)
    setup, frame = made.frames(None, condition)
    detectors = []
    for config in configs:
        det = Detector(colours=made.detector.colours, camera=made.detector.camera,
                       config=config)
        vc.learn(det, setup, made.state.players, made.state.joe is not None)
        detectors.append(det)
    return made, frame, detectors


def setup_photo(condition: str, seed: int, glare: bool = True) -> tuple[Scene, Image]:
    """The benchmark's scene ``seed`` of ``condition`` and its setup photo, rendered as the
    benchmark renders it; without ``glare``, the same photo with no glare spot and no
    flicker (what the table looks like with the lamp moved)."""
    from dataclasses import replace

    from companion.state import new_game
    from vision.synth import render

    made = _scene(condition, seed)
    if glare:
        return made, made.frames(None, condition)[0]
    quiet = replace(made.scene, hands=(), between=0.0, glare=None, flicker=0.0)
    start = new_game(made.state.players, made.state.options)
    return made, render(start, seed=made.seed, scene=quiet, size=made.size)


def _scene(condition: str, seed: int) -> Scene:
    """The benchmark's scene ``seed`` of ``condition`` (reporting families), drawn as
    ``benchmarks/vision_conditions.py`` draws it."""
    import benchmarks.vision_conditions as vc
    from vision.synth import REPORTING_FAMILIES

    index = list(vc.CONDITIONS).index(condition)
    return vc.make_scene(condition, index, seed % 10_000, seed // 1_000_000,
                         REPORTING_FAMILIES)
