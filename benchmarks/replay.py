"""Replay benchmark: game records checked through ``companion.record.replay``.

Run by hand (not part of the tests): ``.venv/bin/python benchmarks/replay.py``.
The records are the bundled ``companion/data/sample-game.json`` and the records
(``companion.record.to_record``) of seeded random games for 3, 4 and 5 players, with and
without Diamanten Joe. Prints, per group of records, the median time of one replay and the
actions replayed per second (every ``Game.push``, parsing of the record included).

``--baseline REF`` (a git commit, e.g. ``ca8cd68``) instead replays every record with that
commit's engine (imported as ``companion_baseline``, see ``benchmarks/engine_baseline.py``)
and with the working tree's, back to back in one process (alternating which goes first),
checks that both give the same result (``summary_json``: final state and every event,
without the sentences, whose words may change between versions), and
prints old and new figures with their new/old ratios. ``--summary`` times each replay
together with ``summary_json`` (the final state and every event made), for an engine that
builds states and events only when they are asked for.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.engine_baseline import (
    ROOT,
    baseline_engine,
    commit_name,
    load_text,
    working_engine,
)

COLOURS = ["red", "green", "yellow", "blue", "brown"]
Engine = dict[str, ModuleType]


def records(engine: Engine, seeds: int) -> dict[str, list[dict[str, Any]]]:
    """Groups of records: the sample game, then seeded random games by player count."""
    sample = json.loads((ROOT / "companion" / "data" / "sample-game.json").read_text("utf-8"))
    groups = {"sample game": [sample]}
    random_game, to_record = engine["playout"].random_game, engine["record"].to_record
    Options = engine["state"].Options
    for n in (3, 4, 5):
        groups[f"{n} players, random"] = [
            to_record(random_game(COLOURS[:n], seed=seed,
                                  options=Options(diamanten_joe=seed % 2 == 1)))
            for seed in range(seeds)]
    return groups


def _actions(result: Any) -> int:
    return len(result.game.history) if result.game is not None else 0


def measure(args: argparse.Namespace) -> None:
    engine = working_engine()
    replay = engine["record"].replay
    print(f"replay, working tree; {load_text()}")
    print(f"{'records':>20} {'n':>3} {'ms/replay (median)':>19} {'actions/s':>10}")
    for label, group in records(engine, args.seeds).items():
        per_replay, rates = [], []
        for _ in range(args.repeats):
            for record in group:
                start = time.perf_counter()
                result = replay(record)
                seconds = time.perf_counter() - start
                assert result.ok, result.error
                per_replay.append(seconds * 1000)
                rates.append(_actions(result) / seconds)
        print(f"{label:>20} {len(group):>3} {statistics.median(per_replay):>19.2f} "
              f"{statistics.median(rates):>10.0f}")


def compare(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        engines = {"old": baseline_engine(args.baseline, Path(tmp)), "new": working_engine()}
        what = "replay + summary_json" if args.summary else "replay"
        print(f"{what}, baseline {commit_name(args.baseline)} vs working tree: each record "
              f"replayed by both back to back, {args.repeats} repeats; {load_text()}")
        print(f"{'records':>20} {'n':>3} {'old ms':>8} {'new ms':>8} {'old act/s':>10} "
              f"{'new act/s':>10} {'new/old speed':>14} {'same results':>13}")
        all_ratios = []
        for label, group in records(engines["new"], args.seeds).items():
            ms: dict[str, list[float]] = {"old": [], "new": []}
            rates: dict[str, list[float]] = {"old": [], "new": []}
            ratios, same, k = [], 0, 0
            for _ in range(args.repeats):
                for record in group:
                    seconds, results = {}, {}
                    for name in ("old", "new") if k % 2 == 0 else ("new", "old"):
                        rec = engines[name]["record"]
                        start = time.perf_counter()
                        results[name] = rec.replay(record)
                        if args.summary:
                            rec.summary_json(results[name].game)
                        seconds[name] = time.perf_counter() - start
                    k += 1
                    summaries = [_facts(engines[name]["record"].summary_json(
                        results[name].game)) for name in ("old", "new")]
                    same += results["old"].ok and results["new"].ok and \
                        summaries[0] == summaries[1]
                    for name in ("old", "new"):
                        ms[name].append(seconds[name] * 1000)
                        rates[name].append(_actions(results[name]) / seconds[name])
                    ratios.append(seconds["old"] / seconds["new"])
            all_ratios += ratios
            med = {name: statistics.median(v) for name, v in ms.items()}
            rmed = {name: statistics.median(v) for name, v in rates.items()}
            print(f"{label:>20} {len(group):>3} {med['old']:>8.2f} {med['new']:>8.2f} "
                  f"{rmed['old']:>10.0f} {rmed['new']:>10.0f} "
                  f"{statistics.median(ratios):>14.2f} {same:>6}/{len(ratios):<6}")
        print(f"all records: median new/old speed (old time / new time, per replay) "
              f"{statistics.median(all_ratios):.2f}")
        print(f"after: {load_text()}")


def _facts(summary: Any) -> Any:
    """A summary without its sentences (events' ``text``, the game's ``reason``): the
    words change between versions (names capitalised, other languages), the facts may not."""
    if isinstance(summary, dict):
        return {k: _facts(v) for k, v in summary.items() if k not in ("text", "reason")}
    if isinstance(summary, list):
        return [_facts(v) for v in summary]
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10, help="random games per player count")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--baseline", help="git commit whose engine to compare with")
    parser.add_argument("--summary", action="store_true",
                        help="with --baseline: time summary_json (state and events) too")
    args = parser.parse_args()
    if args.baseline:
        compare(args)
    else:
        measure(args)


if __name__ == "__main__":
    main()
