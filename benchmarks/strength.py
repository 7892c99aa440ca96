"""The practice partner's strength and speed: win rates with 95% confidence intervals
(Wilson), and the median time of a decision at each level.

Run by hand (not part of the tests)::

    .venv/bin/python benchmarks/strength.py [--games N] [--seed S] [--only NAME]

Three matches, seats rotated so that every kind sits in every seat equally often
(game i of a match is seeded S+i and uses rotation i mod the number of seats):

- ``3p``: strong against two greedy players (``companion.playout``'s policy: a random
  card, the turn that best brings gems home). Equal strength would win a third.
- ``4p``: strong against three greedy players (a quarter at equal strength).
- ``h2h``: beginner, strong and a greedy player at one table: how often each wins, and,
  of the games won by exactly one of beginner and strong, the share strong won (the
  head-to-head: "beginner loses to strong N games in M").

A shared win counts as a win for each of its winners. The decision times are measured in
the same process around every partner decision of every match (phase 1 and phase 2
apart, then together), on one core: medians and 90th percentiles.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import companion.partner.players as players_mod
from companion.partner.players import play_game, wilson

COLOURS = ["red", "green", "yellow", "blue", "brown"]
TIMES: dict[tuple[str, str], list[float]] = {}


def timed(function: Callable[..., Any], phase: str) -> Callable[..., Any]:
    def wrapper(state: Any, player: str, *, level: Any = "strong", seed: int = 0) -> Any:
        start = time.perf_counter()
        result = function(state, player, level=level, seed=seed)
        name = level if isinstance(level, str) else level.name
        TIMES.setdefault((name, phase), []).append(time.perf_counter() - start)
        return result
    return wrapper


def match(kinds: list[str], games: int, seed: int) -> dict[str, Any]:
    """``games`` games with the seats ``kinds`` rotated; wins by kind and by game."""
    n = len(kinds)
    wins = dict.fromkeys(kinds, 0)
    seats = dict.fromkeys(kinds, 0)
    by_game: list[set[str]] = []
    rounds = []
    unfinished = 0
    start = time.perf_counter()
    for i in range(games):
        rot = i % n
        order = kinds[rot:] + kinds[:rot]
        table = dict(zip(COLOURS[:n], order, strict=True))
        game = play_game(table, seed + i)
        rounds.append(game.state.round)
        if not game.state.winners:
            unfinished += 1
        won = {table[p] for p in game.state.winners}
        by_game.append(won)
        for kind in order:
            seats[kind] += 1
        for p in game.state.winners:
            wins[table[p]] += 1
    return {"wins": wins, "seats": seats, "by_game": by_game, "rounds": rounds,
            "unfinished": unfinished, "seconds": time.perf_counter() - start}


def rate(wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    return (f"{wins}/{games} = {100 * wins / games:.1f}% "
            f"(95% CI {100 * low:.1f}-{100 * high:.1f}%)")


def report(name: str, result: dict[str, Any], kinds: list[str]) -> None:
    games = len(result["rounds"])
    print(f"\n{name}: {games} games, seats {', '.join(kinds)} rotated; median "
          f"{statistics.median(result['rounds'])} rounds; {result['unfinished']} without a "
          f"winner; {result['seconds']:.0f} s")
    for kind in dict.fromkeys(kinds):
        print(f"  {kind:9} won {rate(result['wins'][kind], result['seats'][kind])} "
              f"of its seats")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=501,
                        help="games per match (default 501: a multiple of 3)")
    parser.add_argument("--seed", type=int, default=1, help="game i is seeded SEED+i")
    parser.add_argument("--only", choices=["3p", "4p", "h2h"], action="append",
                        help="run only these matches (repeatable)")
    args = parser.parse_args()
    players_mod.choose = timed(players_mod.choose, "choose")  # type: ignore[assignment]
    players_mod.play_turn = timed(players_mod.play_turn, "turn")  # type: ignore[assignment]
    only = args.only or ["3p", "4p", "h2h"]
    print(f"Partner strength: {args.games} games per match, seeds {args.seed}.."
          f"{args.seed + args.games - 1}, one process")
    if "3p" in only:
        kinds = ["strong", "greedy", "greedy"]
        result = match(kinds, args.games, args.seed)
        report("3p: strong vs two greedy (parity 33.3%)", result, kinds)
    if "4p" in only:
        kinds = ["strong", "greedy", "greedy", "greedy"]
        result = match(kinds, args.games, args.seed)
        report("4p: strong vs three greedy (parity 25%)", result, kinds)
    if "h2h" in only:
        kinds = ["beginner", "strong", "greedy"]
        result = match(kinds, args.games, args.seed)
        report("h2h: beginner, strong and greedy at one table", result, kinds)
        strong = sum(1 for won in result["by_game"] if "strong" in won and "beginner" not in won)
        beginner = sum(1 for won in result["by_game"]
                       if "beginner" in won and "strong" not in won)
        print(f"  head to head (games won by exactly one of them): strong "
              f"{rate(strong, strong + beginner)}; beginner lost {strong} games in "
              f"{strong + beginner}")
    print("\nDecision time (one core, this process), median / 90th percentile:")
    for level in ("beginner", "medium", "strong"):
        both = TIMES.get((level, "choose"), []) + TIMES.get((level, "turn"), [])
        if not both:
            continue
        parts = []
        for phase in ("choose", "turn"):
            times = TIMES.get((level, phase), [])
            if times:
                parts.append(f"{phase} {1000 * statistics.median(times):.1f} / "
                             f"{1000 * statistics.quantiles(times, n=10)[-1]:.1f} ms")
        print(f"  {level:9} all {1000 * statistics.median(both):.1f} / "
              f"{1000 * statistics.quantiles(both, n=10)[-1]:.1f} ms ({len(both)} decisions); "
              + "; ".join(parts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
