"""Random-playout benchmark: complete games per second for 3, 4 and 5 players.

Run by hand (not part of the tests): ``.venv/bin/python benchmarks/playouts.py [--games N]``.
Each game is a seeded random playout (see ``companion.playout``) played to its end; the
figure is the median over repeats of games per second, single process. Then the time of
``turn_results`` in busy positions (both canoes on the river, card 6), median per call.

``--baseline REF`` (a git commit, e.g. ``ca8cd68``) instead plays every seed with that
commit's engine (imported as ``companion_baseline``, see ``benchmarks/engine_baseline.py``)
and with the working tree's, back to back in one process (old first on even seeds, new
first on odd ones), so both see the same machine load, and prints old and new figures with
their new/old ratios, and how many seeds gave the very same game (same record) in both.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.engine_baseline import (
    baseline_engine,
    commit_name,
    load_text,
    working_engine,
)

COLOURS = ["red", "green", "yellow", "blue", "brown"]
Engine = dict[str, ModuleType]


def busy_positions(engine: Engine) -> dict[str, Any]:
    """Positions where red, with both canoes on the river, has played a 6."""
    state_mod = engine["state"]
    Canoe, FrozenMap = state_mod.Canoe, state_mod.FrozenMap
    positions = {}
    for joe in (False, True):
        state = state_mod.new_game(["red", "green", "yellow"],
                                   state_mod.Options(diamanten_joe=joe))
        canoes = {"red": (Canoe("T2"), Canoe("T5", "pink")),
                  "green": (Canoe("T3", "white"), Canoe("T4", "blue")),
                  "yellow": (Canoe("T1", "violet"), Canoe("beach"))}
        state = state.replace(
            canoes=FrozenMap(canoes), phase=state_mod.Phase.ACTIONS,
            chosen=FrozenMap({"red": 6, "green": 6, "yellow": 6}),
            joe=Canoe("T4", "white") if joe else None)
        positions["two river canoes, card 6" + (", Joe on T4" if joe else "")] = state
    return positions


def _turn_results_key(results: list[Any]) -> list[Any]:
    return [(r.action.to_json(), r.state.to_json()) for r in results]


def time_turn_results(engines: dict[str, Engine], calls: int) -> None:
    """Median time per ``turn_results`` call in each busy position, engines alternating."""
    names = list(engines)
    positions = {name: busy_positions(e) for name, e in engines.items()}
    for label in positions[names[0]]:
        times: dict[str, list[float]] = {name: [] for name in names}
        results: dict[str, Any] = {}
        for k in range(calls):
            for name in names if k % 2 == 0 else names[::-1]:
                enumerate_turns = engines[name]["rules"].turn_results
                state = positions[name][label]
                start = time.perf_counter()
                out = enumerate_turns(state, "red", 6)
                times[name].append(time.perf_counter() - start)
                results[name] = out
        ms = {name: statistics.median(t) * 1000 for name, t in times.items()}
        line = f"turn_results, {label}: {len(results[names[-1]])} results; " + ", ".join(
            f"{name} {ms[name]:.3f} ms" for name in names)
        if len(names) == 2:
            same = _turn_results_key(results["old"]) == _turn_results_key(results["new"])
            line += f"; new/old {ms['new'] / ms['old']:.3f}; same results: {same}"
        print(line + f" (median of {calls} calls)")


def measure(args: argparse.Namespace) -> None:
    engine = working_engine()
    random_game = engine["playout"].random_game
    Options, Phase = engine["state"].Options, engine["state"].Phase
    print(f"{'players':>7} {'games/s (median)':>17} {'rounds/game':>12} {'actions/s':>10} "
          f"{'unfinished':>10}")
    for n in (3, 4, 5):
        rates, action_rates, rounds, unfinished = [], [], [], 0
        for repeat in range(args.repeats):
            start = time.perf_counter()
            actions = 0
            for i in range(args.games):
                game = random_game(COLOURS[:n], seed=1000 * repeat + i,
                                   options=Options(diamanten_joe=args.joe))
                actions += len(game.history)
                rounds.append(game.state.round)
                unfinished += game.state.phase is not Phase.OVER
            elapsed = time.perf_counter() - start
            rates.append(args.games / elapsed)
            action_rates.append(actions / elapsed)
        print(f"{n:>7} {statistics.median(rates):>17.2f} {statistics.median(rounds):>12.0f} "
              f"{statistics.median(action_rates):>10.0f} {unfinished:>10}")
    time_turn_results({"new": engine}, args.calls)


def _play(engine: Engine, n: int, seed: int, joe: bool) -> tuple[float, Any]:
    options = engine["state"].Options(diamanten_joe=joe)
    start = time.perf_counter()
    game = engine["playout"].random_game(COLOURS[:n], seed=seed, options=options)
    return time.perf_counter() - start, game


def compare(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        engines = {"old": baseline_engine(args.baseline, Path(tmp)), "new": working_engine()}
        print(f"baseline {commit_name(args.baseline)} vs working tree: each seed played by "
              f"both back to back, {args.games} games x {args.repeats} repeats per player "
              f"count{', Diamanten Joe' if args.joe else ''}; {load_text()}")
        print(f"{'players':>7} {'old games/s':>12} {'new games/s':>12} {'new/old':>8} "
              f"{'old actions/s':>14} {'new actions/s':>14} {'new/old':>8} {'same games':>11}")
        for n in (3, 4, 5):
            rates: dict[str, list[float]] = {"old": [], "new": []}
            action_rates: dict[str, list[float]] = {"old": [], "new": []}
            game_ratios, action_ratios = [], []
            same = 0
            for repeat in range(args.repeats):
                elapsed = {"old": 0.0, "new": 0.0}
                actions = {"old": 0, "new": 0}
                for i in range(args.games):
                    seed = 1000 * repeat + i
                    games = {}
                    for name in ("old", "new") if seed % 2 == 0 else ("new", "old"):
                        seconds, games[name] = _play(engines[name], n, seed, args.joe)
                        elapsed[name] += seconds
                        actions[name] += len(games[name].history)
                    records = [engines[name]["record"].to_record(games[name])
                               for name in ("old", "new")]
                    same += records[0] == records[1]
                for name in ("old", "new"):
                    rates[name].append(args.games / elapsed[name])
                    action_rates[name].append(actions[name] / elapsed[name])
                game_ratios.append(rates["new"][-1] / rates["old"][-1])
                action_ratios.append(action_rates["new"][-1] / action_rates["old"][-1])
            med = {k: statistics.median(v) for k, v in rates.items()}
            amed = {k: statistics.median(v) for k, v in action_rates.items()}
            print(f"{n:>7} {med['old']:>12.2f} {med['new']:>12.2f} "
                  f"{statistics.median(game_ratios):>8.2f} {amed['old']:>14.0f} "
                  f"{amed['new']:>14.0f} {statistics.median(action_ratios):>8.2f} "
                  f"{same:>5}/{args.games * args.repeats:<5}")
        print("(rates: median over repeats; new/old: median of the per-repeat ratios)")
        time_turn_results(engines, args.calls)
        print(f"after: {load_text()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per repeat")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--joe", action="store_true", help="play with Diamanten Joe")
    parser.add_argument("--calls", type=int, default=200,
                        help="turn_results calls per busy position")
    parser.add_argument("--baseline", help="git commit whose engine to compare with")
    args = parser.parse_args()
    if args.baseline:
        compare(args)
    else:
        measure(args)


if __name__ == "__main__":
    main()
