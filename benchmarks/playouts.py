"""Random-playout benchmark: complete games per second for 3, 4 and 5 players.

Run by hand (not part of the tests): ``.venv/bin/python benchmarks/playouts.py [--games N]``.
Each game is a seeded random playout (see ``companion.playout``) played to its end; the
figure is the median over repeats of games per second, single process.
"""

from __future__ import annotations

import argparse
import statistics
import time

from companion.playout import random_game
from companion.state import Options, Phase

COLOURS = ["red", "green", "yellow", "blue", "brown"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per repeat")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--joe", action="store_true", help="play with Diamanten Joe")
    args = parser.parse_args()
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


if __name__ == "__main__":
    main()
