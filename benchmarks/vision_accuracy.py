"""Vision accuracy on seeded synthetic scenes.

By default: per condition on boards of held-out art families (see
``benchmarks/vision_conditions.py``: ``--scenes N`` per condition, ``--seed-offset``,
``--families tuning|reporting``). With ``--legacy``: the benchmark of issue 3 below, on
the one ``zoch`` board.

Each scene: a random game position (3-5 players, Diamanten Joe sometimes, gems, a missing
disc sometimes), a random camera and light (``SceneConfig.random``: tilt up to 30 deg,
3000-6500 K, uneven light and shadows, noise, blur, JPEG 60-95, a hand in about a quarter
of the scenes), canoes and discs drawn with their height. The detector first learns the
table from a setup frame of the same scene (the start position: ``Detector.learn_table``,
the table profile), as the product does, then reads the frame.

Usage: ``python benchmarks/vision_accuracy.py --legacy [--scenes 300] [--seed 0] [--no-learn]
[--hands 0.25]`` (``--hands 1`` puts a hand over every frame).
Prints figures; exit status 0.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.board import BEACH, GEM_COLOURS, LOST, PLAYER_COLOURS, SLOTS
from companion.state import Canoe, FrozenMap, GameState, Options, new_game
from vision.detector import ColourLearningError, Detector
from vision.observation import UNKNOWN, Observation
from vision.synth import SceneConfig, ground_truth, render

POSITIONS = (*SLOTS, BEACH)


def random_state(rng: np.random.Generator) -> tuple[GameState, tuple]:
    """A random position with at most 3 canoes per slot, and maybe a missing disc."""
    while True:
        n = int(rng.integers(3, 6))
        players = [str(c) for c in rng.choice(PLAYER_COLOURS[:5], n, replace=False)]
        joe = bool(rng.random() < 0.3)
        state = new_game(players, Options(diamanten_joe=joe))
        canoes = {}
        for p in players:
            pair = []
            for _ in range(2):
                u = rng.random()
                if u < 0.3:
                    pair.append(Canoe(BEACH))
                elif u < 0.35:
                    pair.append(Canoe(LOST))
                else:
                    slot = str(rng.choice(SLOTS))
                    gem = str(rng.choice(GEM_COLOURS)) if rng.random() < 0.45 else None
                    pair.append(Canoe(slot, gem))
            canoes[p] = tuple(sorted(pair))
        joe_canoe = None
        if joe:
            gem = str(rng.choice(GEM_COLOURS)) if rng.random() < 0.4 else None
            joe_canoe = Canoe(str(rng.choice(SLOTS)), gem)
        state = state.replace(canoes=FrozenMap(canoes), joe=joe_canoe,
                              weather=int(rng.integers(-1, 3)))
        load = Counter(c.at for pair in canoes.values() for c in pair)
        if joe_canoe:
            load[joe_canoe.at] += 1
        if max((load[s] for s in SLOTS), default=0) <= 3:
            break
    faults: tuple = ()
    if rng.random() < 0.15:
        faults = (("missing_disc", str(rng.choice(SLOTS))),)
    return state, faults


def setup_state(state: GameState) -> GameState:
    fresh = new_game(state.players, state.options)
    return fresh


def canoe_key(obs: Observation, pos: str) -> list[str]:
    return sorted(c.colour for c in obs.canoes if c.at == pos)


def legacy(argv: list[str]) -> int:
    """The benchmark of issue 3: the ``zoch`` board, ``SceneConfig.random`` scenes."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--no-learn", action="store_true", help="use default canoe colours")
    ap.add_argument("--hands", type=float, default=0.25)
    ap.add_argument("--show-errors", action="store_true")
    args = ap.parse_args(argv)
    cv2.setNumThreads(1)
    size = tuple(int(v) for v in args.size.split("x"))
    tally = Counter()
    errors: list[str] = []
    t0 = time.perf_counter()
    for i in range(args.scenes):
        seed = args.seed * 100_000 + i
        rng = np.random.default_rng([seed, 7])
        state, faults = random_state(rng)
        scene = SceneConfig.random(seed, hands=args.hands)
        occluded = bool(scene.hands)
        det = Detector(colours=(*state.players, *(("joe",) if state.joe else ())))
        if not args.no_learn:
            setup = setup_state(state)
            # The setup frame: same camera and light, nobody's hand over the board.
            quiet = SceneConfig(**{**scene.__dict__, "hands": ()})
            try:
                det.learn_table(render(setup, seed=seed, scene=quiet, size=size),
                                state.players, joe=state.joe is not None)
            except (ColourLearningError, ValueError) as exc:
                tally["learn_failed"] += 1
                errors.append(f"scene {i}: setup learning failed: {exc}")
        frame = render(state, seed=seed + 1, scene=scene, faults=faults, size=size)
        seen = det.analyse(frame)
        truth = ground_truth(state, faults=faults)
        kind = "occ" if occluded else "clear"
        tally[f"frames_{kind}"] += 1
        if not seen.board_found:
            tally[f"board_missed_{kind}"] += 1
            continue
        exact = not seen.unknown and seen.weather == truth.weather
        for slot in SLOTS:
            tally[f"disc_total_{kind}"] += 1
            got, want = seen.discs[slot], truth.discs[slot]
            if len(truth.canoes_at(slot)) >= 2:
                tally[f"crowd_total_{kind}"] += 1
                tally[f"crowd_{'ok' if got == want else 'unknown' if got == UNKNOWN else 'wrong'}"
                      f"_{kind}"] += 1
            if got == want:
                tally[f"disc_ok_{kind}"] += 1
            elif got == UNKNOWN:
                tally[f"disc_unknown_{kind}"] += 1
                exact = False
            else:
                tally[f"disc_wrong_{kind}"] += 1
                exact = False
                errors.append(f"scene {i} ({kind}): disc {slot} read {got}, is {want}")
        for pos in POSITIONS:
            tally[f"canoe_total_{kind}"] += 1
            if pos in seen.unknown:
                tally[f"canoe_unknown_{kind}"] += 1
                continue
            got, want = canoe_key(seen, pos), canoe_key(truth, pos)
            if got == want:
                tally[f"canoe_ok_{kind}"] += 1
                g_got = sorted((c.colour, str(c.gem)) for c in seen.canoes_at(pos))
                g_want = sorted((c.colour, str(c.gem)) for c in truth.canoes_at(pos))
                for (_, a), (_, b) in zip(g_got, g_want, strict=True):
                    tally[f"gem_total_{kind}"] += 1
                    if a == b:
                        tally[f"gem_ok_{kind}"] += 1
                    elif a == UNKNOWN:
                        tally[f"gem_unknown_{kind}"] += 1
                        exact = False
                    else:
                        tally[f"gem_wrong_{kind}"] += 1
                        exact = False
                        errors.append(f"scene {i} ({kind}): gem at {pos} read {a}, is {b}")
            else:
                tally[f"canoe_wrong_{kind}"] += 1
                exact = False
                errors.append(f"scene {i} ({kind}): canoes at {pos} read {got}, are {want}")
        tally[f"weather_total_{kind}"] += 1
        if seen.weather == truth.weather:
            tally[f"weather_ok_{kind}"] += 1
        elif seen.weather is None:
            tally[f"weather_unknown_{kind}"] += 1
        else:
            tally[f"weather_wrong_{kind}"] += 1
            errors.append(f"scene {i} ({kind}): weather read {seen.weather}, is {truth.weather}")
        if exact:
            tally[f"exact_{kind}"] += 1
        tally[f"ms_{kind}"] += seen.ms
    elapsed = time.perf_counter() - t0

    def pct(a: str, b: str) -> str:
        return f"{100 * tally[a] / tally[b]:.2f}%" if tally[b] else "n/a"

    print(f"vision accuracy: {args.scenes} scenes at {size[0]}x{size[1]}, "
          f"{'table learned' if not args.no_learn else 'default colours'}, {elapsed:.0f} s")
    print(f"  frames: {tally['frames_clear']} without hands, {tally['frames_occ']} with a hand; "
          f"board missed: {tally['board_missed_clear']} / {tally['board_missed_occ']}; "
          f"setup learning failed: {tally['learn_failed']}")
    print("  unoccluded frames:")
    print(f"    disc per-slot accuracy     {pct('disc_ok_clear', 'disc_total_clear')}"
          f"  (unknown {tally['disc_unknown_clear']}, wrong {tally['disc_wrong_clear']})")
    print(f"    discs under 2-3 canoes     {pct('crowd_ok_clear', 'crowd_total_clear')}"
          f"  ({tally['crowd_total_clear']} slots; unknown {tally['crowd_unknown_clear']}, "
          f"wrong {tally['crowd_wrong_clear']})")
    print(f"    canoe colours per position {pct('canoe_ok_clear', 'canoe_total_clear')}"
          f"  (unknown {tally['canoe_unknown_clear']}, wrong {tally['canoe_wrong_clear']})")
    print(f"    canoe-gem accuracy         {pct('gem_ok_clear', 'gem_total_clear')}"
          f"  (unknown {tally['gem_unknown_clear']}, wrong {tally['gem_wrong_clear']})")
    print(f"    weather                    {pct('weather_ok_clear', 'weather_total_clear')}"
          f"  (unknown {tally['weather_unknown_clear']}, wrong {tally['weather_wrong_clear']})")
    print(f"    frame exact match          {pct('exact_clear', 'frames_clear')}")
    unk = tally["canoe_unknown_clear"]
    print(f"    unknown rate (positions)   {pct('canoe_unknown_clear', 'canoe_total_clear')}"
          f"  ({unk} of {tally['canoe_total_clear']})")
    print("  frames with a hand:")
    wrong_occ = (tally["disc_wrong_occ"] + tally["canoe_wrong_occ"] + tally["gem_wrong_occ"]
                 + tally["weather_wrong_occ"])
    print(f"    wrong readings             {wrong_occ}  (discs {tally['disc_wrong_occ']}, "
          f"canoes {tally['canoe_wrong_occ']}, gems {tally['gem_wrong_occ']}, "
          f"weather {tally['weather_wrong_occ']})")
    print(f"    positions unknown          {pct('canoe_unknown_occ', 'canoe_total_occ')}")
    print(f"    disc per-slot accuracy     {pct('disc_ok_occ', 'disc_total_occ')}")
    print(f"    frame exact match          {pct('exact_occ', 'frames_occ')}")
    if args.show_errors:
        for line in errors:
            print("   ", line)
    return 0


def main() -> int:
    if "--legacy" in sys.argv[1:]:
        return legacy([a for a in sys.argv[1:] if a != "--legacy"])
    from benchmarks.vision_conditions import main as conditions

    return conditions(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
